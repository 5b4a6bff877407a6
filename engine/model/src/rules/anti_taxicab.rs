//! Anti-taxicab (ISS's `AntiTaxicab`): a cell holding X has no X at a taxicab distance of
//! exactly X from it (the steps from cell to cell sideways and up or down). One rule per
//! cell, as ISS has a handler per cell: the cell and those that can be that far from it.

use super::{bit, Constraint, Numbers, Rule, RuleTechnique, NOT_THESE};
use crate::level::Level;
use crate::shape::Shape;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AntiTaxicab {
    /// The cell, then the others.
    cells: Vec<usize>,
    /// Each other cell's distance from the first (0 for the first).
    distances: Vec<u8>,
}

/// The taxicab distance between two cells of a grid of side `n`.
fn distance(a: usize, b: usize, n: usize) -> usize {
    (a / n).abs_diff(b / n) + (a % n).abs_diff(b % n)
}

impl AntiTaxicab {
    /// The rule of the first of `cells` against the others, on a grid of side `n`.
    pub fn new(cells: Vec<usize>, n: usize) -> AntiTaxicab {
        let distances = cells
            .iter()
            .map(|&c| distance(cells[0], c, n).min(usize::from(u8::MAX)) as u8)
            .collect();
        AntiTaxicab { cells, distances }
    }

    /// The rule of `cell` against every cell at most `n` (the largest digit) from it.
    pub fn around(cell: usize, n: usize) -> AntiTaxicab {
        let others = (0..n * n).filter(|&c| c != cell && distance(cell, c, n) <= n);
        AntiTaxicab::new(std::iter::once(cell).chain(others).collect(), n)
    }

    /// The rule of the whole grid of side `n`: one [`AntiTaxicab::around`] each cell, in
    /// cell order.
    pub fn everywhere(n: usize) -> Vec<Rule> {
        (0..n * n)
            .map(|c| Rule::AntiTaxicab(AntiTaxicab::around(c, n)))
            .collect()
    }
}

impl Constraint for AntiTaxicab {
    const TAG: u32 = 34;
    const TECHNIQUE: RuleTechnique = RuleTechnique {
        name: "Anti-taxicab",
        rating: 2.0,
        level: Level::Medium,
    };

    fn numbers(&self) -> Vec<u32> {
        Vec::new()
    }

    /// The first cell apart from the others.
    fn read(cells: Vec<usize>, _numbers: &Numbers, n: usize) -> Result<Self, &'static str> {
        if cells[1..].contains(&cells[0]) {
            return Err(NOT_THESE);
        }
        Ok(AntiTaxicab::new(cells, n))
    }

    fn cells(&self) -> &[usize] {
        &self.cells
    }

    fn holds(&self, values: &[u8], _n: usize) -> bool {
        let x = values[0];
        (1..values.len()).all(|i| self.distances[i] != x || values[i] != x)
    }

    /// The first cell keeps a digit X while no cell X away is down to X; once it is down
    /// to X, the cells X away lose it.
    fn propagate(&self, domains: &mut [u32], _n: usize) -> bool {
        let mut first = domains[0];
        for (&d, &far) in domains[1..].iter().zip(&self.distances[1..]) {
            if far > 0 && d == bit(far.min(32)) {
                first &= !d;
            }
        }
        domains[0] = first;
        if first == 0 {
            return false;
        }
        if first.count_ones() == 1 {
            let x = super::lowest(first);
            for (d, &far) in domains[1..].iter_mut().zip(&self.distances[1..]) {
                if far == x {
                    *d &= !first;
                    if *d == 0 {
                        return false;
                    }
                }
            }
        }
        true
    }

    fn describe(&self, shape: Shape) -> String {
        format!("anti-taxicab from {}", shape.cell(self.cells[0]))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{testing, Rule};

    #[test]
    fn anti_taxicab_matches_brute_force() {
        // r1c1 against r1c2, r1c3, r2c2, r3c2 and r3c3 on 6x6: 1, 2, 2, 3, 4 away.
        let rule = AntiTaxicab::new(vec![0, 1, 2, 7, 13, 14], 6);
        assert_eq!(rule.distances, [0, 1, 2, 2, 3, 4]);
        assert!(!rule.holds(&[2, 5, 1, 2, 6, 3], 6) && rule.holds(&[2, 5, 1, 3, 2, 2], 6));
        testing::against_brute_force(&Rule::AntiTaxicab(rule), 6);
        let around = AntiTaxicab::around(0, 4);
        assert_eq!(around.cells.len(), 1 + 2 + 3 + 4 + 3);
        assert_eq!(around.describe(Shape::NINE), "anti-taxicab from r1c1");
    }
}
