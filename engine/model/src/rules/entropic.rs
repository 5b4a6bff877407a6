//! Lines whose every three consecutive cells take one digit from each of three groups.
//! Entropic lines: low, middle and high digits (1-3, 4-6, 7-9 on 9x9). Modular lines:
//! the digits' remainders on division by three.
//!
//! Squares of the same groups (ISS's `GlobalEntropy` and `GlobalMod`, a rule for each
//! 2x2 square of the grid): the cells hold a digit of each group, at least.

use super::{bit, narrow, Constraint, Numbers, RuleTechnique};
use crate::level::Level;
use crate::shape::{path, span, Shape};

/// The three groups' digit sets.
type Groups = [u32; 3];

fn entropic_groups(n: usize) -> Groups {
    let mut g = [0; 3];
    for v in 1..=n as u8 {
        g[(v as usize - 1) * 3 / n] |= bit(v);
    }
    g
}

fn modular_groups(n: usize) -> Groups {
    let mut g = [0; 3];
    for v in 1..=n as u8 {
        g[v as usize % 3] |= bit(v);
    }
    g
}

fn group_of(groups: &Groups, v: u8) -> usize {
    groups
        .iter()
        .position(|&g| g & bit(v) != 0)
        .expect("every digit is in a group")
}

fn holds(groups: &Groups, values: &[u8]) -> bool {
    values.windows(3.min(values.len())).all(|w| {
        let g: Vec<usize> = w.iter().map(|&v| group_of(groups, v)).collect();
        g.iter().enumerate().all(|(i, x)| !g[..i].contains(x))
    })
}

/// For each window of three cells, keeps the digits of the orders of groups the window
/// can take, until nothing changes.
fn propagate(groups: &Groups, domains: &mut [u32]) -> bool {
    let width = 3.min(domains.len());
    loop {
        let before = domains.to_vec();
        for start in 0..=domains.len() - width {
            let window = &mut domains[start..start + width];
            let mut support = [0u32; 3];
            for order in crate::ORDERS_OF_THREE {
                if window.iter().zip(order).all(|(&d, g)| d & groups[g] != 0) {
                    for (s, g) in support.iter_mut().zip(order) {
                        *s |= groups[g];
                    }
                }
            }
            if !narrow(window, &support[..width]) {
                return false;
            }
        }
        if domains == before.as_slice() {
            return true;
        }
    }
}

/// Entropic and modular lines share one technique.
const ENTROPIC_LINES: RuleTechnique = RuleTechnique {
    name: "Entropic and modular lines",
    rating: 2.3,
    level: Level::Medium,
};

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entropic {
    cells: Vec<usize>,
}

impl Entropic {
    pub fn new(cells: Vec<usize>) -> Entropic {
        Entropic { cells }
    }
}

impl Constraint for Entropic {
    const TAG: u32 = 13;
    const TECHNIQUE: RuleTechnique = ENTROPIC_LINES;

    fn numbers(&self) -> Vec<u32> {
        Vec::new()
    }

    fn read(cells: Vec<usize>, _numbers: &Numbers, _n: usize) -> Result<Entropic, &'static str> {
        Ok(Entropic::new(cells))
    }

    fn cells(&self) -> &[usize] {
        &self.cells
    }

    fn holds(&self, values: &[u8], n: usize) -> bool {
        holds(&entropic_groups(n), values)
    }

    fn propagate(&self, domains: &mut [u32], n: usize) -> bool {
        propagate(&entropic_groups(n), domains)
    }

    fn describe(&self, shape: Shape) -> String {
        format!("entropic line {}", path(shape, &self.cells))
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Modular {
    cells: Vec<usize>,
}

impl Modular {
    pub fn new(cells: Vec<usize>) -> Modular {
        Modular { cells }
    }
}

impl Constraint for Modular {
    const TAG: u32 = 14;
    const TECHNIQUE: RuleTechnique = ENTROPIC_LINES;

    fn numbers(&self) -> Vec<u32> {
        Vec::new()
    }

    fn read(cells: Vec<usize>, _numbers: &Numbers, _n: usize) -> Result<Modular, &'static str> {
        Ok(Modular::new(cells))
    }

    fn cells(&self) -> &[usize] {
        &self.cells
    }

    fn holds(&self, values: &[u8], n: usize) -> bool {
        holds(&modular_groups(n), values)
    }

    fn propagate(&self, domains: &mut [u32], n: usize) -> bool {
        propagate(&modular_groups(n), domains)
    }

    fn describe(&self, shape: Shape) -> String {
        format!("modular line {}", path(shape, &self.cells))
    }
}

/// Whether the digits take every group.
fn covers(groups: &Groups, values: &[u8]) -> bool {
    groups
        .iter()
        .all(|&g| values.iter().any(|&v| g & bit(v) != 0))
}

/// Keeps the digits of each group in a cell while the other cells, one each, can take
/// the other two groups: exact.
fn cover(groups: &Groups, domains: &mut [u32]) -> bool {
    let meets = |d: u32, g: usize| d & groups[g] != 0;
    let mut support = vec![0; domains.len()];
    for (i, s) in support.iter_mut().enumerate() {
        for g in (0..3).filter(|&g| meets(domains[i], g)) {
            let (g1, g2) = ((g + 1) % 3, (g + 2) % 3);
            let others = (0..domains.len()).filter(|&j| j != i);
            let apart = others.clone().any(|j| {
                meets(domains[j], g1) && others.clone().any(|k| k != j && meets(domains[k], g2))
            });
            if apart {
                *s |= domains[i] & groups[g];
            }
        }
    }
    narrow(domains, &support)
}

/// Entropic and modular squares share one technique.
const ENTROPIC_SQUARES: RuleTechnique = RuleTechnique {
    name: "Entropic and modular squares",
    rating: 2.3,
    level: Level::Medium,
};

/// Reads the cells of a square: three at least, to hold the three groups.
fn square_cells(cells: Vec<usize>) -> Result<Vec<usize>, &'static str> {
    if cells.len() < 3 {
        return Err(super::NOT_THESE);
    }
    Ok(cells)
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EntropicSquare {
    cells: Vec<usize>,
}

impl EntropicSquare {
    pub fn new(cells: Vec<usize>) -> EntropicSquare {
        EntropicSquare { cells }
    }
}

impl Constraint for EntropicSquare {
    const TAG: u32 = 35;
    const TECHNIQUE: RuleTechnique = ENTROPIC_SQUARES;

    fn numbers(&self) -> Vec<u32> {
        Vec::new()
    }

    fn read(cells: Vec<usize>, _numbers: &Numbers, _n: usize) -> Result<Self, &'static str> {
        square_cells(cells).map(EntropicSquare::new)
    }

    fn cells(&self) -> &[usize] {
        &self.cells
    }

    fn holds(&self, values: &[u8], n: usize) -> bool {
        covers(&entropic_groups(n), values)
    }

    fn propagate(&self, domains: &mut [u32], n: usize) -> bool {
        cover(&entropic_groups(n), domains)
    }

    fn describe(&self, shape: Shape) -> String {
        format!("entropic square {}", span(shape, &self.cells))
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ModularSquare {
    cells: Vec<usize>,
}

impl ModularSquare {
    pub fn new(cells: Vec<usize>) -> ModularSquare {
        ModularSquare { cells }
    }
}

impl Constraint for ModularSquare {
    const TAG: u32 = 36;
    const TECHNIQUE: RuleTechnique = ENTROPIC_SQUARES;

    fn numbers(&self) -> Vec<u32> {
        Vec::new()
    }

    fn read(cells: Vec<usize>, _numbers: &Numbers, _n: usize) -> Result<Self, &'static str> {
        square_cells(cells).map(ModularSquare::new)
    }

    fn cells(&self) -> &[usize] {
        &self.cells
    }

    fn holds(&self, values: &[u8], n: usize) -> bool {
        covers(&modular_groups(n), values)
    }

    fn propagate(&self, domains: &mut [u32], n: usize) -> bool {
        cover(&modular_groups(n), domains)
    }

    fn describe(&self, shape: Shape) -> String {
        format!("modular square {}", span(shape, &self.cells))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{testing, Rule};

    #[test]
    fn groups_of_three_match_brute_force() {
        assert_eq!(entropic_groups(9), [0b111, 0b111000, 0b111000000]);
        assert_eq!(modular_groups(9)[0], bit(3) | bit(6) | bit(9));
        assert_eq!(
            entropic_groups(6).iter().fold(0, |a, g| a | g),
            crate::rules::all(6)
        );
        for len in [2, 3, 5] {
            let cells: Vec<usize> = (0..len).collect();
            testing::against_brute_force(&Rule::Entropic(Entropic::new(cells.clone())), 6);
            testing::against_brute_force(&Rule::Modular(Modular::new(cells)), 9);
        }
    }

    #[test]
    fn squares_match_brute_force() {
        let square = EntropicSquare::new(vec![0, 1, 9, 10]);
        assert!(square.holds(&[1, 5, 9, 2], 9) && !square.holds(&[1, 5, 6, 2], 9));
        assert!(ModularSquare::new(vec![0, 1, 9, 10]).holds(&[1, 5, 9, 4], 9));
        for len in [3, 4] {
            let cells: Vec<usize> = (0..len).collect();
            testing::against_brute_force(
                &Rule::EntropicSquare(EntropicSquare::new(cells.clone())),
                6,
            );
            testing::against_brute_force(&Rule::ModularSquare(ModularSquare::new(cells)), 9);
        }
    }
}
