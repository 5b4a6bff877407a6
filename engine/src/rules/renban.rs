//! Renban lines: the digits are distinct and form a run of consecutive digits.

use super::{all, distinct_fill, narrow, Constraint};
use crate::shape::{path, Shape};

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Renban {
    cells: Vec<usize>,
}

impl Renban {
    pub fn new(cells: Vec<usize>) -> Renban {
        Renban { cells }
    }
}

impl Constraint for Renban {
    fn cells(&self) -> &[usize] {
        &self.cells
    }

    fn holds(&self, values: &[u8], _n: usize) -> bool {
        let set = values.iter().fold(0u32, |s, &v| s | super::bit(v));
        set.count_ones() as usize == values.len()
            && (super::highest(set) - super::lowest(set)) as usize == values.len() - 1
    }

    /// Keeps the runs the cells can fill with distinct digits.
    fn propagate(&self, domains: &mut [u32], n: usize) -> bool {
        let len = domains.len();
        if len > n {
            return false;
        }
        let run = all(len);
        let possible = (0..=n - len)
            .map(|start| run << start)
            .filter(|&set| distinct_fill(domains, set))
            .fold(0, |u, set| u | set);
        narrow(domains, &vec![possible; len])
    }

    fn describe(&self, shape: Shape) -> String {
        format!("renban line {}", path(shape, &self.cells))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{testing, Rule};

    #[test]
    fn runs_match_brute_force() {
        testing::against_brute_force(&Rule::Renban(Renban::new(vec![0, 1, 2])), 6);
        testing::against_brute_force(&Rule::Renban(Renban::new(vec![0, 1, 2, 3, 4])), 9);
    }
}
