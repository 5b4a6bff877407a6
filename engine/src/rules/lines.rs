//! Two lines defined by how all their digits relate. Nabner lines: no two digits on the
//! line repeat or are consecutive. Zipper lines: digits the same distance from the
//! middle add up to the same total, which is the middle digit on a line of odd length.

use super::sum::linear;
use super::whispers::far_from;
use super::Constraint;
use crate::shape::{path, Shape};

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Nabner {
    cells: Vec<usize>,
}

impl Nabner {
    pub fn new(cells: Vec<usize>) -> Nabner {
        Nabner { cells }
    }
}

impl Constraint for Nabner {
    fn cells(&self) -> &[usize] {
        &self.cells
    }

    fn holds(&self, values: &[u8], _n: usize) -> bool {
        values
            .iter()
            .enumerate()
            .all(|(i, a)| values[..i].iter().all(|b| a.abs_diff(*b) >= 2))
    }

    /// Each pair of cells, as two cells two apart, until nothing changes.
    fn propagate(&self, domains: &mut [u32], n: usize) -> bool {
        loop {
            let mut changed = false;
            for i in 0..domains.len() {
                for j in 0..domains.len() {
                    if i != j {
                        let d = domains[i] & far_from(domains[j], 2, n);
                        if d == 0 {
                            return false;
                        }
                        changed |= d != domains[i];
                        domains[i] = d;
                    }
                }
            }
            if !changed {
                return true;
            }
        }
    }

    fn describe(&self, shape: Shape) -> String {
        format!("nabner line {}", path(shape, &self.cells))
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Zipper {
    cells: Vec<usize>,
}

impl Zipper {
    pub fn new(cells: Vec<usize>) -> Zipper {
        Zipper { cells }
    }

    /// Each equation as (cell, weight) terms summing to 0: a pair against the middle, or
    /// against the outermost pair on a line of even length.
    fn equations(&self) -> Vec<Vec<(usize, i64)>> {
        let len = self.cells.len();
        let pairs = (0..len / 2).map(|i| [(i, 1), (len - 1 - i, 1)]);
        if len % 2 == 1 {
            pairs.map(|p| vec![p[0], p[1], (len / 2, -1)]).collect()
        } else {
            pairs
                .skip(1)
                .map(|p| vec![p[0], p[1], (0, -1), (len - 1, -1)])
                .collect()
        }
    }
}

/// Applies each equation's bounds in turn until none narrows anything.
pub(crate) fn equations_hold(domains: &mut [u32], equations: &[Vec<(usize, i64)>]) -> bool {
    loop {
        let before = domains.to_vec();
        for terms in equations {
            let mut local: Vec<u32> = terms.iter().map(|&(i, _)| domains[i]).collect();
            let weights: Vec<i64> = terms.iter().map(|&(_, w)| w).collect();
            if !linear(&mut local, &weights, 0) {
                return false;
            }
            for (&(i, _), d) in terms.iter().zip(local) {
                domains[i] &= d;
            }
        }
        if domains == before.as_slice() {
            return true;
        }
    }
}

impl Constraint for Zipper {
    fn cells(&self) -> &[usize] {
        &self.cells
    }

    fn holds(&self, values: &[u8], _n: usize) -> bool {
        self.equations().iter().all(|terms| {
            terms
                .iter()
                .map(|&(i, w)| w * i64::from(values[i]))
                .sum::<i64>()
                == 0
        })
    }

    fn propagate(&self, domains: &mut [u32], _n: usize) -> bool {
        equations_hold(domains, &self.equations())
    }

    fn describe(&self, shape: Shape) -> String {
        format!("zipper line {}", path(shape, &self.cells))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{testing, Rule};

    #[test]
    fn lines_match_brute_force() {
        testing::against_brute_force(&Rule::Nabner(Nabner::new(vec![0, 1, 2])), 6);
        testing::against_brute_force(&Rule::Zipper(Zipper::new(vec![0, 1, 2, 3, 4])), 6);
        testing::against_brute_force(&Rule::Zipper(Zipper::new(vec![0, 1, 2, 3])), 6);
    }
}
