//! Quadruples: the digits in a circle on the corner of four cells appear among them, a
//! repeated digit as often as it is written.

use super::{bit, digits, narrow, Constraint, Numbers, RuleTechnique, NOT_THESE};
use crate::level::Level;
use crate::shape::{span, Shape};

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Quadruple {
    cells: Vec<usize>,
    pub(crate) digits: Vec<u8>,
}

impl Quadruple {
    pub fn new(cells: Vec<usize>, digits: Vec<u8>) -> Quadruple {
        Quadruple { cells, digits }
    }

    pub fn digits(&self) -> &[u8] {
        &self.digits
    }
}

/// Whether the wanted digits can each take a different one of the free cells (a bit set
/// of indices) whose candidates hold it.
fn placeable(wanted: &[u8], domains: &[u32], free: u32) -> bool {
    let Some((&first, rest)) = wanted.split_first() else {
        return true;
    };
    (0..domains.len()).any(|i| {
        free >> i & 1 == 1
            && domains[i] & bit(first) != 0
            && placeable(rest, domains, free & !(1 << i))
    })
}

impl Constraint for Quadruple {
    const TAG: u32 = 20;
    const TECHNIQUE: RuleTechnique = RuleTechnique {
        name: "Quadruple digits",
        rating: 1.7,
        level: Level::Medium,
    };

    fn numbers(&self) -> Vec<u32> {
        self.digits.iter().map(|&d| d.into()).collect()
    }

    fn read(cells: Vec<usize>, numbers: &Numbers, n: usize) -> Result<Quadruple, &'static str> {
        let digits = numbers.list();
        if cells.len() > 4
            || digits.len() > 4
            || !digits.iter().all(|&d| (1..=n as u32).contains(&d))
        {
            return Err(NOT_THESE);
        }
        Ok(Quadruple::new(
            cells,
            digits.iter().map(|&d| d as u8).collect(),
        ))
    }

    fn cells(&self) -> &[usize] {
        &self.cells
    }

    fn holds(&self, values: &[u8], _n: usize) -> bool {
        let mut left = values.to_vec();
        self.digits
            .iter()
            .all(|d| match left.iter().position(|v| v == d) {
                Some(i) => {
                    left.swap_remove(i);
                    true
                }
                None => false,
            })
    }

    /// A digit stays in a cell if the written digits, less that one if it is among
    /// them, still fit the other cells.
    fn propagate(&self, domains: &mut [u32], _n: usize) -> bool {
        let all_cells = (1u32 << domains.len()) - 1;
        let support: Vec<u32> = (0..domains.len())
            .map(|i| {
                digits(domains[i])
                    .filter(|&v| {
                        let mut wanted = self.digits.clone();
                        if let Some(k) = wanted.iter().position(|&d| d == v) {
                            wanted.swap_remove(k);
                        }
                        placeable(&wanted, domains, all_cells & !(1 << i))
                    })
                    .fold(0, |s, v| s | bit(v))
            })
            .collect();
        narrow(domains, &support)
    }

    fn describe(&self, shape: Shape) -> String {
        let written: Vec<String> = self.digits.iter().map(u8::to_string).collect();
        format!(
            "quadruple {} ({})",
            span(shape, &self.cells),
            written.join("")
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{testing, Rule};

    #[test]
    fn quadruples_match_brute_force() {
        for written in [vec![1, 2], vec![3, 3], vec![1, 2, 3, 4], vec![5]] {
            testing::against_brute_force(
                &Rule::Quadruple(Quadruple::new(vec![0, 1, 6, 7], written)),
                6,
            );
        }
    }
}
