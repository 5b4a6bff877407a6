//! Sandwiches: a clue outside the grid gives the sum of the digits between the 1 and the
//! largest digit of its row or column. A row or column holds no digit twice, so neither
//! do the digits between.

use super::sum::sum_to;
use super::{all, bit, digits, distinct_fill, narrow, Constraint};
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

/// Above this side the sets of digits between are not listed: the bounds alone are kept.
const MOST_LISTED: usize = 9;

/// Narrows `cells` (the cells between the 1 and the largest digit) to the sets of distinct
/// digits that add up to `sum` and that they can hold one each; false if there is none.
fn distinct_sum(cells: &mut [u32], sum: u32, n: usize) -> bool {
    if n > MOST_LISTED {
        return true;
    }
    let union = cells.iter().fold(0, |u, &d| u | d);
    let mut support = 0;
    // Every set of `cells.len()` digits of `union` adding up to `sum`.
    fn sets(from: &[u8], left: usize, sum: u32, set: u32, found: &mut dyn FnMut(u32)) {
        if left == 0 {
            if sum == 0 {
                found(set);
            }
            return;
        }
        for (i, &d) in from.iter().enumerate() {
            if u32::from(d) > sum {
                break;
            }
            sets(
                &from[i + 1..],
                left - 1,
                sum - u32::from(d),
                set | bit(d),
                found,
            );
        }
    }
    let from: Vec<u8> = digits(union).collect();
    sets(&from, cells.len(), sum, 0, &mut |set| {
        if distinct_fill(cells, set) {
            support |= set;
        }
    });
    narrow(cells, &vec![support; cells.len()])
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
