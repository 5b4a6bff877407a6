//! Odd and even cells: a circle holds an odd digit, a square an even one.

use super::{Constraint, Numbers, RuleTechnique, NOT_THESE};
use crate::level::Level;
use crate::shape::Shape;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Parity {
    cell: [usize; 1],
    pub(crate) odd: bool,
}

/// The odd digits, bits 0, 2, 4, ...
const ODD: u32 = 0x5555_5555;

impl Parity {
    pub fn new(cell: usize, odd: bool) -> Parity {
        Parity { cell: [cell], odd }
    }

    pub fn is_odd(&self) -> bool {
        self.odd
    }
}

impl Constraint for Parity {
    const TAG: u32 = 18;
    const TECHNIQUE: RuleTechnique = RuleTechnique {
        name: "Odd and even cells",
        rating: 1.0,
        level: Level::Easy,
    };

    fn numbers(&self) -> Vec<u32> {
        vec![self.odd.into()]
    }

    fn read(cells: Vec<usize>, numbers: &Numbers, _n: usize) -> Result<Parity, &'static str> {
        match cells[..] {
            [cell] => Ok(Parity::new(cell, numbers.flag(0)?)),
            _ => Err(NOT_THESE),
        }
    }

    fn gist(&self, _domains: &[u32]) -> Option<String> {
        Some(
            if self.odd {
                "which is odd"
            } else {
                "which is even"
            }
            .into(),
        )
    }

    fn cells(&self) -> &[usize] {
        &self.cell
    }

    fn holds(&self, values: &[u8], _n: usize) -> bool {
        (values[0] % 2 == 1) == self.odd
    }

    fn propagate(&self, domains: &mut [u32], _n: usize) -> bool {
        domains[0] &= if self.odd { ODD } else { !ODD };
        domains[0] != 0
    }

    fn describe(&self, shape: Shape) -> String {
        let kind = if self.odd { "odd" } else { "even" };
        format!("{kind} cell at {}", shape.cell(self.cell[0]))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{testing, Rule};

    #[test]
    fn parity_matches_brute_force() {
        testing::against_brute_force(&Rule::Parity(Parity::new(0, true)), 6);
        testing::against_brute_force(&Rule::Parity(Parity::new(0, false)), 9);
    }
}
