//! Numbered rooms (ISS's `NumberedRoom`): a clue outside the grid is the digit in the Xth
//! cell of its row or column from that side, where X is the digit in the first cell.

use super::{bit, narrow, Constraint, Numbers, RuleTechnique};
use crate::level::Level;
use crate::shape::{path, Shape};

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NumberedRoom {
    /// The row or column from the clue's side.
    cells: Vec<usize>,
    digit: u8,
}

impl NumberedRoom {
    pub fn new(cells: Vec<usize>, digit: u8) -> NumberedRoom {
        NumberedRoom { cells, digit }
    }

    pub fn digit(&self) -> u8 {
        self.digit
    }
}

impl Constraint for NumberedRoom {
    const TAG: u32 = 29;
    const TECHNIQUE: RuleTechnique = RuleTechnique {
        name: "Numbered room clue",
        rating: 2.2,
        level: Level::Medium,
    };

    fn numbers(&self) -> Vec<u32> {
        vec![self.digit.into()]
    }

    /// A digit of the grid.
    fn read(cells: Vec<usize>, numbers: &Numbers, n: usize) -> Result<NumberedRoom, &'static str> {
        Ok(NumberedRoom::new(cells, numbers.digit(0, n)?))
    }

    fn cells(&self) -> &[usize] {
        &self.cells
    }

    fn holds(&self, values: &[u8], _n: usize) -> bool {
        values.get(usize::from(values[0]) - 1) == Some(&self.digit)
    }

    /// Each first digit X whose Xth cell can hold the clue keeps it, and that cell keeps
    /// the clue's digit.
    fn propagate(&self, domains: &mut [u32], _n: usize) -> bool {
        let mut support = domains.to_vec();
        support[0] = 0;
        let clue = bit(self.digit);
        for x in super::digits(domains[0]) {
            let at = usize::from(x) - 1;
            let fits = match at {
                0 => x == self.digit,
                _ => domains.get(at).is_some_and(|&d| d & clue != 0),
            };
            if fits {
                support[0] |= bit(x);
            }
        }
        // The one cell every first digit left points at holds the clue.
        if support[0].count_ones() == 1 {
            let at = usize::from(super::lowest(support[0])) - 1;
            support[at] &= clue;
        }
        narrow(domains, &support)
    }

    fn describe(&self, shape: Shape) -> String {
        format!(
            "numbered room {} along {}",
            self.digit,
            path(shape, &self.cells)
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{testing, Rule};

    #[test]
    fn numbered_rooms_match_brute_force() {
        for digit in [1, 3, 5] {
            testing::against_brute_force(
                &Rule::NumberedRoom(NumberedRoom::new((0..5).collect(), digit)),
                6,
            );
        }
        // The first cell says where the clue's digit is: 3 in the third cell.
        let room = NumberedRoom::new((0..6).collect(), 5);
        assert!(room.holds(&[3, 1, 5, 2, 4, 6], 6) && !room.holds(&[3, 5, 1, 2, 4, 6], 6));
        // A first digit past the line's end points at nothing.
        let short = NumberedRoom::new((0..4).collect(), 2);
        assert!(!short.holds(&[6, 1, 2, 3], 6) && short.holds(&[4, 1, 3, 2], 6));
    }
}
