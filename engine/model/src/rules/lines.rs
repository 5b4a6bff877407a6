//! Two lines defined by how all their digits relate. Nabner lines: no two digits on the
//! line repeat or are consecutive. Zipper lines: digits the same distance from the
//! middle add up to the same total, which is the middle digit on a line of odd length.

use super::sum::Apart;
use super::whispers::keep_apart;
use super::{Constraint, Numbers, RuleTechnique};
use crate::houses::Houses;
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

    /// The same line, the cells of each of its sums that share a house in `houses` told
    /// to differ ([`Equations::apart_by`]).
    pub fn apart_by(mut self, houses: &Houses) -> Zipper {
        self.equations = self.equations.apart_by(&self.cells, houses);
        self
    }
}

/// Linear equations over a rule's cells, each as (place, weight) terms adding up to 0.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Equations {
    /// Each equation's places and weights.
    terms: Vec<(Vec<usize>, Vec<i64>)>,
    /// Per equation, which of its places must differ, once the search has said
    /// ([`Equations::apart_by`]); none known until then.
    apart: Vec<Apart>,
}

impl Equations {
    pub(crate) fn new(equations: Vec<Vec<(usize, i64)>>) -> Equations {
        let terms: Vec<(Vec<usize>, Vec<i64>)> = equations
            .into_iter()
            .map(|e| e.into_iter().unzip())
            .collect();
        Equations {
            apart: vec![Apart::default(); terms.len()],
            terms,
        }
    }

    /// The same equations over `cells`, the places of each of one weight that share a
    /// house in `houses` told to differ, so that each is bounded by distinct digits there
    /// (ISS's region-sum lines are sums between segments, each grouped so).
    pub(crate) fn apart_by(mut self, cells: &[usize], houses: &Houses) -> Equations {
        self.apart = (self.terms.iter())
            .map(|(places, weights)| {
                let cells: Vec<usize> = places.iter().map(|&i| cells[i]).collect();
                Apart::of(&cells, weights, houses)
            })
            .collect();
        self
    }

    /// Equation `e`'s group per place (empty when none is known).
    #[cfg(test)]
    pub(crate) fn apart_groups(&self, e: usize) -> &[u8] {
        self.apart[e].groups()
    }

    pub(crate) fn hold(&self, values: &[u8]) -> bool {
        let mut local = Vec::new();
        self.terms.iter().enumerate().all(|(e, (places, weights))| {
            local.clear();
            local.extend(places.iter().map(|&i| values[i]));
            let terms = local.iter().zip(weights);
            terms.map(|(&v, w)| w * i64::from(v)).sum::<i64>() == 0 && self.apart[e].kept(&local)
        })
    }

    /// Applies each equation's bounds in turn until none narrows anything.
    pub(crate) fn narrow(&self, domains: &mut [u32]) -> bool {
        let mut local = Vec::new();
        loop {
            let mut changed = false;
            for (e, (places, weights)) in self.terms.iter().enumerate() {
                local.clear();
                local.extend(places.iter().map(|&i| domains[i]));
                if !self.apart[e].narrow(&mut local, weights, 0) {
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

    #[test]
    fn zippers_told_their_houses_match_brute_force() {
        // r1c1, r1c2, r1c3 (the middle), r2c3, r3c3: both pairs lie in box 1.
        let nine = Houses::standard_for(Shape::NINE);
        let rule = Zipper::new(vec![0, 1, 2, 11, 20]).apart_by(nine);
        assert_eq!(rule.equations.apart_groups(0), [0, 0, 1]);
        testing::against_brute_force(&Rule::Zipper(rule), 9);
    }
}
