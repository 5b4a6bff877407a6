//! Cells that must hold the same digit: a palindrome's cells read the same from either
//! end, and a clone repeats its original cell by cell.

use super::{Constraint, Numbers, RuleTechnique, NOT_THESE};
use crate::level::Level;
use crate::shape::{path, span, Shape};

/// Narrows each pair of cells to the digits they share.
fn equal_pairs(domains: &mut [u32], pairs: impl Iterator<Item = (usize, usize)>) -> bool {
    for (a, b) in pairs {
        let shared = domains[a] & domains[b];
        if shared == 0 {
            return false;
        }
        domains[a] = shared;
        domains[b] = shared;
    }
    true
}

/// Palindromes, clones and sets of the same values share one technique: equal cells.
pub(super) const EQUAL_CELLS: RuleTechnique = RuleTechnique {
    name: "Palindrome and clone cells",
    rating: 1.5,
    level: Level::Easy,
};

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Palindrome {
    cells: Vec<usize>,
}

impl Palindrome {
    pub fn new(cells: Vec<usize>) -> Palindrome {
        Palindrome { cells }
    }

    fn pairs(&self) -> impl Iterator<Item = (usize, usize)> {
        let len = self.cells.len();
        (0..len / 2).map(move |i| (i, len - 1 - i))
    }
}

/// `cells`, `holds` and `propagate` of a rule whose `pairs` of places hold one digit.
macro_rules! held_by_equal_pairs {
    () => {
        fn cells(&self) -> &[usize] {
            &self.cells
        }

        fn holds(&self, values: &[u8], _n: usize) -> bool {
            self.pairs().all(|(a, b)| values[a] == values[b])
        }

        fn propagate(&self, domains: &mut [u32], _n: usize) -> bool {
            equal_pairs(domains, self.pairs())
        }
    };
}

impl Constraint for Palindrome {
    const TAG: u32 = 6;
    const TECHNIQUE: RuleTechnique = EQUAL_CELLS;

    fn numbers(&self) -> Vec<u32> {
        Vec::new()
    }

    fn read(cells: Vec<usize>, _numbers: &Numbers, _n: usize) -> Result<Palindrome, &'static str> {
        Ok(Palindrome::new(cells))
    }

    held_by_equal_pairs!();

    fn describe(&self, shape: Shape) -> String {
        format!("palindrome {}", path(shape, &self.cells))
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CloneRule {
    /// The original's cells, then the copy's, in matching order.
    cells: Vec<usize>,
}

impl CloneRule {
    /// `original` and `copy` have the same length; cell `i` of one equals cell `i` of the other.
    pub fn new(original: Vec<usize>, copy: Vec<usize>) -> CloneRule {
        CloneRule {
            cells: original.into_iter().chain(copy).collect(),
        }
    }

    fn pairs(&self) -> impl Iterator<Item = (usize, usize)> {
        let half = self.cells.len() / 2;
        (0..half).map(move |i| (i, half + i))
    }
}

impl Constraint for CloneRule {
    const TAG: u32 = 7;
    const TECHNIQUE: RuleTechnique = EQUAL_CELLS;

    fn numbers(&self) -> Vec<u32> {
        Vec::new()
    }

    /// The original's cells, then the copy's.
    fn read(
        mut cells: Vec<usize>,
        _numbers: &Numbers,
        _n: usize,
    ) -> Result<CloneRule, &'static str> {
        if !cells.len().is_multiple_of(2) {
            return Err(NOT_THESE);
        }
        let copy = cells.split_off(cells.len() / 2);
        Ok(CloneRule::new(cells, copy))
    }

    held_by_equal_pairs!();

    fn describe(&self, shape: Shape) -> String {
        let half = self.cells.len() / 2;
        format!(
            "clone of {} at {}",
            span(shape, &self.cells[..half]),
            span(shape, &self.cells[half..])
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{testing, Rule};

    #[test]
    fn equal_cells_match_brute_force() {
        testing::against_brute_force(&Rule::Palindrome(Palindrome::new(vec![0, 1, 2, 3, 4])), 6);
        testing::against_brute_force(&Rule::Clone(CloneRule::new(vec![0, 1], vec![5, 6])), 6);
    }
}
