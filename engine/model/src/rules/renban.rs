//! Renban lines: the digits are distinct and form a run of consecutive digits.

use super::{all, distinct_fill, Constraint, Numbers, RuleTechnique};
use crate::level::Level;
use crate::shape::{path, Shape};

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Renban {
    cells: Vec<usize>,
}

impl Renban {
    pub fn new(cells: Vec<usize>) -> Renban {
        Renban { cells }
    }

    /// The runs of consecutive digits the cells can still fill with distinct digits.
    fn runs<'a>(&self, domains: &'a [u32], n: usize) -> impl Iterator<Item = u32> + 'a {
        let len = domains.len();
        let run = all(len);
        (0..=n.saturating_sub(len))
            .map(move |start| run << start)
            .filter(move |&set| len <= n && distinct_fill(domains, set))
    }
}

impl Constraint for Renban {
    const TAG: u32 = 10;
    const TECHNIQUE: RuleTechnique = RuleTechnique {
        name: "Renban run",
        rating: 2.3,
        level: Level::Medium,
    };

    fn numbers(&self) -> Vec<u32> {
        Vec::new()
    }

    fn read(cells: Vec<usize>, _numbers: &Numbers, _n: usize) -> Result<Renban, &'static str> {
        Ok(Renban::new(cells))
    }

    fn gist(&self, _domains: &[u32]) -> Option<String> {
        Some("which holds a run of consecutive digits in any order".into())
    }

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
        if domains.len() > n {
            return false;
        }
        let possible = self.runs(domains, n).fold(0, |u, set| u | set);
        domains.iter_mut().all(|d| {
            *d &= possible;
            *d != 0
        })
    }

    /// The digits every run left holds: the middle of the runs.
    fn required(&self, domains: &[u32], n: usize) -> u32 {
        self.runs(domains, n).reduce(|a, b| a & b).unwrap_or(0)
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
