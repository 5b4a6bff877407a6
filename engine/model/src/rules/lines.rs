//! Two lines defined by how all their digits relate. Nabner lines: no two digits on the
//! line repeat or are consecutive. Zipper lines: digits the same distance from the
//! middle add up to the same total, which is the middle digit on a line of odd length.

use super::sum::linear;
use super::whispers::keep_apart;
use super::{Constraint, Numbers, RuleTechnique};
use crate::level::Level;
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
    const TAG: u32 = 16;
    const TECHNIQUE: RuleTechnique = RuleTechnique {
        name: "Nabner line",
        rating: 2.3,
        level: Level::Medium,
    };

    fn numbers(&self) -> Vec<u32> {
        Vec::new()
    }

    fn read(cells: Vec<usize>, _numbers: &Numbers, _n: usize) -> Result<Nabner, &'static str> {
        Ok(Nabner::new(cells))
    }

    fn cells(&self) -> &[usize] {
        &self.cells
    }

    fn holds(&self, values: &[u8], _n: usize) -> bool {
        values
            .iter()
            .enumerate()
            .all(|(i, a)| values[..i].iter().all(|b| a.abs_diff(*b) >= 2))
    }

    /// Every pair of cells at least two apart.
    fn propagate(&self, domains: &mut [u32], n: usize) -> bool {
        keep_apart(domains, 2, n, |_, _| true)
    }

    fn describe(&self, shape: Shape) -> String {
        format!("nabner line {}", path(shape, &self.cells))
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Zipper {
    cells: Vec<usize>,
    equations: Equations,
}

impl Zipper {
    /// Each pair of cells against the middle, or against the outermost pair on a line of
    /// even length.
    pub fn new(cells: Vec<usize>) -> Zipper {
        let len = cells.len();
        let pairs = (0..len / 2).map(|i| [(i, 1), (len - 1 - i, 1)]);
        let equations = if len % 2 == 1 {
            pairs.map(|p| vec![p[0], p[1], (len / 2, -1)]).collect()
        } else {
            let against_ends = pairs.skip(1);
            against_ends
                .map(|p| vec![p[0], p[1], (0, -1), (len - 1, -1)])
                .collect()
        };
        Zipper {
            cells,
            equations: Equations::new(equations),
        }
    }
}

/// Linear equations over a rule's cells, each as (place, weight) terms adding up to 0.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Equations {
    /// Each equation's places and weights.
    terms: Vec<(Vec<usize>, Vec<i64>)>,
}

impl Equations {
    pub(crate) fn new(equations: Vec<Vec<(usize, i64)>>) -> Equations {
        let terms = equations
            .into_iter()
            .map(|e| e.into_iter().unzip())
            .collect();
        Equations { terms }
    }

    pub(crate) fn hold(&self, values: &[u8]) -> bool {
        self.terms.iter().all(|(places, weights)| {
            let terms = places.iter().zip(weights);
            terms.map(|(&i, w)| w * i64::from(values[i])).sum::<i64>() == 0
        })
    }

    /// Applies each equation's bounds in turn until none narrows anything.
    pub(crate) fn narrow(&self, domains: &mut [u32]) -> bool {
        let mut local = Vec::new();
        loop {
            let mut changed = false;
            for (places, weights) in &self.terms {
                local.clear();
                local.extend(places.iter().map(|&i| domains[i]));
                if !linear(&mut local, weights, 0) {
                    return false;
                }
                for (&i, &d) in places.iter().zip(&local) {
                    changed |= domains[i] & d != domains[i];
                    domains[i] &= d;
                }
            }
            if !changed {
                return true;
            }
        }
    }
}

impl Constraint for Zipper {
    const TAG: u32 = 15;
    const TECHNIQUE: RuleTechnique = RuleTechnique {
        name: "Zipper line",
        rating: 2.3,
        level: Level::Medium,
    };

    fn numbers(&self) -> Vec<u32> {
        Vec::new()
    }

    fn read(cells: Vec<usize>, _numbers: &Numbers, _n: usize) -> Result<Zipper, &'static str> {
        Ok(Zipper::new(cells))
    }

    held_by_equations!();

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
