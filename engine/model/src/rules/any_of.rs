//! Either-or rules: at least one of several branches holds, a branch being one or more
//! rules that must all hold (ISS's `Or`, whose branches may be `And` groups; its
//! `handlers.js` `Or`).
//!
//! Its cells are every cell of its branches, once. It propagates as ISS's `Or` does: each
//! branch narrows a copy of the candidates by its own rules, to their fixed point, and a
//! branch left with no filling is dropped; each cell keeps the digits some surviving
//! branch keeps. Sound, since a filling keeping the rule keeps some branch, whose own
//! propagation never rules out its digits; exact on single digits, since then each rule
//! of a branch fails exactly when it does not hold.
//!
//! Its wire form carries the branches: their number, and for each its number of rules,
//! and each rule as the wire writes one (tag, cells and numbers, each list led by its
//! length), so that the worker reads the same rule back.

use super::{Constraint, Numbers, Rule, RuleTechnique, NOT_THESE};
use crate::level::Level;
use crate::shape::Shape;
use crate::wire::{write_rule, Words};

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AnyOf {
    cells: Vec<usize>,
    branches: Vec<Vec<Rule>>,
}

impl AnyOf {
    /// The rule that at least one of `branches` holds (each branch every one of its rules);
    /// `None` where the branches name no cell.
    pub fn new(branches: Vec<Vec<Rule>>) -> Option<AnyOf> {
        let mut cells: Vec<usize> = branches
            .iter()
            .flatten()
            .flat_map(|r| r.cells().iter().copied())
            .collect();
        cells.sort_unstable();
        cells.dedup();
        if cells.is_empty() {
            return None;
        }
        Some(AnyOf { cells, branches })
    }

    /// The branches, each the rules that hold together.
    pub fn branches(&self) -> &[Vec<Rule>] {
        &self.branches
    }

    /// The places of `rule`'s cells among the rule's own.
    fn places(&self, rule: &Rule) -> Vec<usize> {
        rule.cells()
            .iter()
            .map(|c| self.cells.binary_search(c).unwrap_or_default())
            .collect()
    }

    /// Narrows `domains` by `branch`'s rules to their fixed point; false if it has no
    /// filling left.
    fn narrow_branch(&self, branch: &[Rule], domains: &mut [u32], n: usize) -> bool {
        let mut changed = true;
        while changed {
            changed = false;
            for rule in branch {
                let places = self.places(rule);
                let mut own: Vec<u32> = places.iter().map(|&p| domains[p]).collect();
                if !rule.propagate(&mut own, n) {
                    return false;
                }
                for (&p, &d) in places.iter().zip(&own) {
                    changed |= domains[p] != d;
                    domains[p] = d;
                }
            }
        }
        true
    }
}

/// How deep either-or rules may nest in a message: each level is a reader's call, so a
/// message cannot run the worker's stack out.
pub const MOST_NESTED: usize = 16;

impl AnyOf {
    /// [`Constraint::read`] of a rule `depth` levels deep.
    fn read_nested(
        cells: Vec<usize>,
        list: &[u32],
        n: usize,
        depth: usize,
    ) -> Result<AnyOf, &'static str> {
        let mut words = Words(list.iter());
        let mut branches = Vec::new();
        for _ in 0..words.word()? {
            let mut branch = Vec::new();
            for _ in 0..words.word()? {
                let (tag, own, numbers) = words.rule()?;
                branch.push(match tag {
                    _ if tag != Self::TAG => Rule::read(tag, own, &numbers, n)?,
                    _ if depth >= MOST_NESTED => return Err("either-or rules nest too deep"),
                    _ => Rule::AnyOf(AnyOf::read_nested(own, &numbers, n, depth + 1)?),
                });
            }
            branches.push(branch);
        }
        match AnyOf::new(branches) {
            Some(rule) if rule.cells == cells => Ok(rule),
            _ => Err(NOT_THESE),
        }
    }
}

impl Constraint for AnyOf {
    const TAG: u32 = 46;
    const TECHNIQUE: RuleTechnique = RuleTechnique {
        name: "Either-or rules",
        rating: 2.5,
        level: Level::Medium,
    };

    fn numbers(&self) -> Vec<u32> {
        let mut out = vec![self.branches.len() as u32];
        for branch in &self.branches {
            out.push(branch.len() as u32);
            for rule in branch {
                write_rule(&mut out, rule);
            }
        }
        out
    }

    fn read(cells: Vec<usize>, numbers: &Numbers, n: usize) -> Result<AnyOf, &'static str> {
        AnyOf::read_nested(cells, numbers.list(), n, 1)
    }

    fn cells(&self) -> &[usize] {
        &self.cells
    }

    fn holds(&self, values: &[u8], n: usize) -> bool {
        self.branches.iter().any(|branch| {
            branch.iter().all(|rule| {
                let own: Vec<u8> = self.places(rule).iter().map(|&p| values[p]).collect();
                rule.holds(&own, n)
            })
        })
    }

    fn propagate(&self, domains: &mut [u32], n: usize) -> bool {
        let mut kept = vec![0u32; domains.len()];
        for branch in &self.branches {
            let mut own = domains.to_vec();
            if self.narrow_branch(branch, &mut own, n) {
                for (k, d) in kept.iter_mut().zip(own) {
                    *k |= d;
                }
            }
        }
        super::narrow(domains, &kept)
    }

    fn describe(&self, shape: Shape) -> String {
        let branches: Vec<String> = self
            .branches
            .iter()
            .map(|branch| {
                let rules: Vec<String> = branch.iter().map(|r| r.describe(shape)).collect();
                rules.join(" and ")
            })
            .collect();
        format!("either {}", branches.join(", or "))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{testing, Dot, Killer, Parity, Quadruple, Relation};

    fn given(cell: usize, digit: u8) -> Rule {
        Rule::Quadruple(Quadruple::new(vec![cell], vec![digit]))
    }

    #[test]
    fn either_or_matches_brute_force() {
        // Either/Or's clue: one of two neighbours holds the digit.
        let pair = AnyOf::new(vec![vec![given(0, 1)], vec![given(1, 1)]]).unwrap();
        testing::against_brute_force(&Rule::AnyOf(pair), 4);
        // Branches of several rules, overlapping cells, one of them nested.
        let inner = AnyOf::new(vec![
            vec![Rule::Parity(Parity::new(2, true))],
            vec![Rule::Dot(Dot::new(1, 2, Relation::Difference(1), 6))],
        ])
        .unwrap();
        let rule = AnyOf::new(vec![
            vec![
                Rule::Killer(Killer::new(vec![0, 1, 2], Some(10), 6)),
                given(3, 2),
            ],
            vec![Rule::AnyOf(inner), Rule::Parity(Parity::new(3, false))],
        ])
        .unwrap();
        testing::against_brute_force(&Rule::AnyOf(rule), 6);
    }

    #[test]
    fn a_branch_that_fails_leaves_the_others() {
        let rule = AnyOf::new(vec![vec![given(0, 1)], vec![given(1, 2)]]).unwrap();
        // Cell 0 cannot be 1, so cell 1 must be 2.
        let mut domains = [0b1110, 0b1111];
        assert!(Rule::AnyOf(rule.clone()).propagate(&mut domains, 4));
        assert_eq!(domains, [0b1110, 0b0010]);
        let mut none = [0b1110, 0b1101];
        assert!(!Rule::AnyOf(rule).propagate(&mut none, 4));
    }

    #[test]
    fn reads_back_with_its_branches() {
        let inner = AnyOf::new(vec![vec![given(5, 3)], vec![given(6, 3)]]).unwrap();
        let rule = Rule::AnyOf(
            AnyOf::new(vec![
                vec![given(0, 1), Rule::Parity(Parity::new(1, true))],
                vec![Rule::AnyOf(inner)],
            ])
            .unwrap(),
        );
        let read = Rule::read(46, rule.cells().to_vec(), &rule.numbers(), 9);
        assert_eq!(read, Ok(rule.clone()));
        // Numbers cut short are an error, not a panic.
        let numbers = rule.numbers();
        let cut = Rule::read(46, rule.cells().to_vec(), &numbers[..numbers.len() - 2], 9);
        assert!(cut.is_err());
        assert!(Rule::read(46, vec![0], &numbers, 9).is_err());
        // Nested past the most a message may hold, it is an error, not a deep recursion.
        let mut deep = Rule::AnyOf(AnyOf::new(vec![vec![given(0, 1)], vec![given(1, 1)]]).unwrap());
        for _ in 0..MOST_NESTED {
            deep = Rule::AnyOf(AnyOf::new(vec![vec![deep], vec![given(2, 2)]]).unwrap());
        }
        assert!(Rule::read(46, deep.cells().to_vec(), &deep.numbers(), 9).is_err());
    }
}
