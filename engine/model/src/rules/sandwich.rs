//! Sandwiches: a clue outside the grid gives the sum of the digits between the 1 and the
//! largest digit of its row or column. A row or column holds no digit twice, so neither
//! do the digits between.

use super::sum::{distinct_sum, sum_to};
use super::{all, bit, narrow, Constraint, Numbers, RuleTechnique, NOT_THESE};
use crate::level::Level;
use crate::shape::{path, Shape};

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sandwich {
    cells: Vec<usize>,
    pub(crate) sum: u32,
}

impl Sandwich {
    pub fn new(cells: Vec<usize>, sum: u32) -> Sandwich {
        Sandwich { cells, sum }
    }

    pub fn sum(&self) -> u32 {
        self.sum
    }
}

impl Constraint for Sandwich {
    const TAG: u32 = 2;
    const TECHNIQUE: RuleTechnique = RuleTechnique {
        name: "Sandwich sum",
        rating: 2.8,
        level: Level::Hard,
    };

    fn numbers(&self) -> Vec<u32> {
        vec![self.sum]
    }

    /// A whole row or column.
    fn read(cells: Vec<usize>, numbers: &Numbers, n: usize) -> Result<Sandwich, &'static str> {
        if cells.len() != n {
            return Err(NOT_THESE);
        }
        Ok(Sandwich::new(cells, numbers.get(0)?))
    }

    fn cells(&self) -> &[usize] {
        &self.cells
    }

    /// One 1 and one of the largest digit, and the digits between them, all different, add
    /// up to the clue.
    fn holds(&self, values: &[u8], n: usize) -> bool {
        let at = |d: u8| {
            let mut places = values
                .iter()
                .enumerate()
                .filter(|(_, &v)| v == d)
                .map(|(i, _)| i);
            match (places.next(), places.next()) {
                (Some(i), None) => Some(i),
                _ => None,
            }
        };
        let (Some(a), Some(b)) = (at(1), at(n as u8)) else {
            return false;
        };
        let between = &values[a.min(b) + 1..a.max(b)];
        let distinct = between
            .iter()
            .enumerate()
            .all(|(i, v)| !between[..i].contains(v));
        distinct && super::total(between) == self.sum
    }

    /// Tries each place of the 1 and of the largest digit.
    fn propagate(&self, domains: &mut [u32], n: usize) -> bool {
        let (one, top) = (bit(1), bit(n as u8));
        let middle = all(n) & !one & !top;
        let mut support = vec![0; domains.len()];
        let mut trial = Vec::with_capacity(domains.len());
        for a in (0..domains.len()).filter(|&a| domains[a] & one != 0) {
            for b in (0..domains.len()).filter(|&b| b != a && domains[b] & top != 0) {
                trial.clear();
                trial.extend(domains.iter().map(|&d| d & middle));
                trial[a] = one;
                trial[b] = top;
                let inside = a.min(b) + 1..a.max(b);
                if trial.contains(&0) {
                    continue;
                }
                let fits = if inside.is_empty() {
                    self.sum == 0
                } else {
                    let slice = &mut trial[inside.clone()];
                    sum_to(slice, i64::from(self.sum)) && distinct_sum(slice, self.sum, n)
                };
                if fits {
                    for (s, d) in support.iter_mut().zip(&trial) {
                        *s |= d;
                    }
                }
            }
        }
        narrow(domains, &support)
    }

    fn describe(&self, shape: Shape) -> String {
        format!("sandwich {} along {}", self.sum, path(shape, &self.cells))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{testing, Rule};

    #[test]
    fn sandwiches_match_brute_force() {
        for sum in [0, 5, 9, 14] {
            testing::against_brute_force(&Rule::Sandwich(Sandwich::new((0..6).collect(), sum)), 6);
        }
    }
}
