//! Little killers: the digits along a diagonal, from a clue outside the grid, add up to
//! the clue. Digits may repeat.

use super::sum::sum_to;
use super::{Constraint, Numbers, RuleTechnique};
use crate::level::Level;
use crate::shape::{path, Shape};

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LittleKiller {
    cells: Vec<usize>,
    pub(crate) sum: u32,
}

impl LittleKiller {
    pub fn new(cells: Vec<usize>, sum: u32) -> LittleKiller {
        LittleKiller { cells, sum }
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
        super::total(values) == self.sum
    }

    fn propagate(&self, domains: &mut [u32], _n: usize) -> bool {
        sum_to(domains, i64::from(self.sum))
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
}
