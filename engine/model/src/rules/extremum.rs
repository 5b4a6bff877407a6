//! Minimum and maximum cells: smaller (or larger) than each orthogonal neighbour that is
//! not itself marked the same way.

use super::{above, below, highest, lowest, Constraint, Numbers, RuleTechnique};
use crate::level::Level;
use crate::shape::Shape;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Extremum {
    /// The marked cell, then the neighbours it is compared with.
    cells: Vec<usize>,
    pub(crate) maximum: bool,
}

impl Extremum {
    pub fn new(cell: usize, neighbours: Vec<usize>, maximum: bool) -> Extremum {
        Extremum {
            cells: std::iter::once(cell).chain(neighbours).collect(),
            maximum,
        }
    }

    pub fn is_maximum(&self) -> bool {
        self.maximum
    }
}

impl Constraint for Extremum {
    const TAG: u32 = 19;
    const TECHNIQUE: RuleTechnique = RuleTechnique {
        name: "Minimum and maximum",
        rating: 1.5,
        level: Level::Easy,
    };

    fn numbers(&self) -> Vec<u32> {
        vec![self.maximum.into()]
    }

    fn read(mut cells: Vec<usize>, numbers: &Numbers, _n: usize) -> Result<Extremum, &'static str> {
        let neighbours = cells.split_off(1);
        Ok(Extremum::new(cells[0], neighbours, numbers.flag(0)?))
    }

    fn cells(&self) -> &[usize] {
        &self.cells
    }

    fn holds(&self, values: &[u8], _n: usize) -> bool {
        values[1..].iter().all(|&v| {
            if self.maximum {
                values[0] > v
            } else {
                values[0] < v
            }
        })
    }

    fn propagate(&self, domains: &mut [u32], _n: usize) -> bool {
        let (cell, neighbours) = domains.split_first_mut().expect("the marked cell");
        for d in neighbours.iter_mut() {
            if self.maximum {
                *cell &= above(lowest(*d));
                *d &= below(highest(*cell));
            } else {
                *cell &= below(highest(*d));
                *d &= above(lowest(*cell));
            }
            if *d == 0 || *cell == 0 {
                return false;
            }
        }
        // The marked cell's bound may have moved after the first neighbours were narrowed.
        neighbours.iter_mut().all(|d| {
            *d &= if self.maximum {
                below(highest(*cell))
            } else {
                above(lowest(*cell))
            };
            *d != 0
        })
    }

    fn describe(&self, shape: Shape) -> String {
        let kind = if self.maximum { "maximum" } else { "minimum" };
        format!("{kind} cell {}", shape.cell(self.cells[0]))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{testing, Rule};

    #[test]
    fn extremes_match_brute_force() {
        for maximum in [false, true] {
            testing::against_brute_force(
                &Rule::Extremum(Extremum::new(0, vec![1, 2, 3], maximum)),
                6,
            );
        }
    }
}
