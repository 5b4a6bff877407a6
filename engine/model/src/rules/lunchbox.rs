//! Lunchboxes (ISS's `Lunchbox`): the digits of a group, which do not repeat, that lie
//! between its smallest and its largest add up to the clue. A sandwich is the lunchbox of
//! a whole row, between its 1 and its largest digit.

use super::sum::{distinct_sum, sum_to};
use super::{above, below, bit, digits, distinct_fill, narrow, Constraint, Numbers};
use super::{RuleTechnique, NOT_THESE};
use crate::level::Level;
use crate::shape::{path, Shape};

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Lunchbox {
    /// In their order along the box.
    cells: Vec<usize>,
    sum: u32,
}

impl Lunchbox {
    pub fn new(cells: Vec<usize>, sum: u32) -> Lunchbox {
        Lunchbox { cells, sum }
    }

    pub fn sum(&self) -> u32 {
        self.sum
    }
}

impl Constraint for Lunchbox {
    const TAG: u32 = 31;
    const TECHNIQUE: RuleTechnique = RuleTechnique {
        name: "Lunchbox sum",
        rating: 2.8,
        level: Level::Hard,
    };
    const DISTINCT: bool = true;

    fn numbers(&self) -> Vec<u32> {
        vec![self.sum]
    }

    /// Two cells at least: with one, its smallest and largest digit are the same.
    fn read(cells: Vec<usize>, numbers: &Numbers, _n: usize) -> Result<Lunchbox, &'static str> {
        if cells.len() < 2 {
            return Err(NOT_THESE);
        }
        Ok(Lunchbox::new(cells, numbers.get(0)?))
    }

    fn cells(&self) -> &[usize] {
        &self.cells
    }

    fn holds(&self, values: &[u8], _n: usize) -> bool {
        let set = values.iter().fold(0, |s, &v| s | bit(v));
        if values.len() < 2 || set.count_ones() as usize != values.len() {
            return false;
        }
        let at = |d: u8| {
            values
                .iter()
                .position(|&v| v == d)
                .expect("a digit of the box")
        };
        let (a, b) = (at(super::lowest(set)), at(super::highest(set)));
        super::total(&values[a.min(b) + 1..a.max(b)]) == self.sum
    }

    /// Tries each place and digit of the smallest and of the largest: every other cell
    /// lies between them, those inside adding up to the sum, all apart.
    fn propagate(&self, domains: &mut [u32], n: usize) -> bool {
        let len = domains.len();
        if len < 2 {
            return false;
        }
        let mut support = vec![0; len];
        let mut trial = Vec::with_capacity(len);
        for a in 0..len {
            for b in (0..len).filter(|&b| b != a) {
                for low in digits(domains[a]) {
                    // The largest leaves room for the cells between.
                    let highs = domains[b] & above(low + len as u8 - 2);
                    for high in digits(highs) {
                        trial.clear();
                        let between = above(low) & below(high);
                        trial.extend(domains.iter().map(|&d| d & between));
                        trial[a] = bit(low);
                        trial[b] = bit(high);
                        if trial.contains(&0) {
                            continue;
                        }
                        let inside = a.min(b) + 1..a.max(b);
                        let fits = if inside.is_empty() {
                            self.sum == 0
                        } else {
                            let slice = &mut trial[inside];
                            sum_to(slice, i64::from(self.sum)) && distinct_sum(slice, self.sum, n)
                        };
                        if fits && distinct_fill(&trial, super::all(n)) {
                            for (s, d) in support.iter_mut().zip(&trial) {
                                *s |= d;
                            }
                        }
                    }
                }
            }
        }
        narrow(domains, &support)
    }

    fn describe(&self, shape: Shape) -> String {
        format!("lunchbox {} along {}", self.sum, path(shape, &self.cells))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{testing, Rule};

    #[test]
    fn lunchboxes_match_brute_force() {
        let lunchbox = Lunchbox::new(vec![0, 1, 2, 3], 5);
        // Between 2 and 6: 5. Between 1 and 6 (not 2 and 6): 2 + 5.
        assert!(lunchbox.holds(&[2, 5, 6, 3], 6) && !lunchbox.holds(&[2, 5, 6, 1], 6));
        assert!(!lunchbox.holds(&[2, 5, 5, 6], 6));
        for (sum, len) in [(0, 3), (5, 4), (9, 5), (4, 2)] {
            let rule = Lunchbox::new((0..len).collect(), sum);
            testing::against_brute_force(&Rule::Lunchbox(rule), 6);
        }
    }
}
