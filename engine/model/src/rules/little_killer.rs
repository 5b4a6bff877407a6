//! Little killers: the digits along a diagonal, from a clue outside the grid, add up to
//! the clue. Digits may repeat, unless the puzzle's houses say otherwise: the search tells
//! a little killer which of its cells share a house ([`LittleKiller::apart_by`]). The rule
//! of 45's sums, which the search adds as little killers, are not told, since it states
//! them for killers made from a seed, whose search must run as it did.

use super::sum::{sum_to, Apart};
use super::{Constraint, Numbers, RuleTechnique};
use crate::houses::Houses;
use crate::level::Level;
use crate::shape::{path, Shape};

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LittleKiller {
    cells: Vec<usize>,
    pub(crate) sum: u32,
    /// Which cells must differ, once the search has said ([`LittleKiller::apart_by`]).
    apart: Apart,
}

impl LittleKiller {
    pub fn new(cells: Vec<usize>, sum: u32) -> LittleKiller {
        LittleKiller {
            cells,
            sum,
            apart: Apart::default(),
        }
    }

    /// The same sum, its cells that share a house in `houses` told to differ, so that the
    /// search bounds it by distinct digits there.
    pub fn apart_by(mut self, houses: &Houses) -> LittleKiller {
        self.apart = Apart::of(&self.cells, &[], houses);
        self
    }

    pub fn sum(&self) -> u32 {
        self.sum
    }
}

impl Constraint for LittleKiller {
    const TAG: u32 = 1;
    const TECHNIQUE: RuleTechnique = RuleTechnique {
        name: "Little killer sum",
        rating: 2.2,
        level: Level::Medium,
    };

    fn numbers(&self) -> Vec<u32> {
        vec![self.sum]
    }

    fn read(cells: Vec<usize>, numbers: &Numbers, _n: usize) -> Result<LittleKiller, &'static str> {
        Ok(LittleKiller::new(cells, numbers.get(0)?))
    }

    fn cells(&self) -> &[usize] {
        &self.cells
    }

    fn holds(&self, values: &[u8], _n: usize) -> bool {
        super::total(values) == self.sum && self.apart.kept(values)
    }

    fn propagate(&self, domains: &mut [u32], _n: usize) -> bool {
        if self.apart.is_empty() {
            sum_to(domains, i64::from(self.sum))
        } else {
            self.apart.narrow(domains, &[], i64::from(self.sum))
        }
    }

    fn describe(&self, shape: Shape) -> String {
        format!(
            "little killer {} along {}",
            self.sum,
            path(shape, &self.cells)
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{testing, Rule};

    #[test]
    fn diagonal_sums_match_brute_force() {
        testing::against_brute_force(&Rule::LittleKiller(LittleKiller::new(vec![0, 7, 14], 9)), 6);
    }

    #[test]
    fn sums_of_cells_that_share_houses_match_brute_force() {
        // On 6x6: r1c1, r1c2 and r2c1 share box 1, r4c4 and r5c4 column 4; r6c1 sees
        // r1c1 and r2c1 but not r1c2.
        let houses = Houses::standard_for(Shape::for_side(6).unwrap());
        for sum in [12, 17, 23, 30] {
            let sum_rule = LittleKiller::new(vec![0, 1, 6, 21, 27, 30], sum).apart_by(houses);
            assert_ne!(sum_rule.apart, Apart::default());
            testing::against_brute_force(&Rule::LittleKiller(sum_rule), 6);
        }
        // Cells in no common house keep digits that may repeat.
        let apart = LittleKiller::new(vec![0, 14, 28], 3).apart_by(houses);
        assert_eq!(apart.apart, Apart::default());
    }
}
