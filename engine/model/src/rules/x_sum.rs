//! X-sums: a clue outside the grid gives the sum of the first X digits of its row or
//! column, where X is the first digit from that side. A row or column holds no digit
//! twice, so neither do those X digits.

use super::sum::{distinct_sum, sum_to};
use super::{bit, digits, narrow, Constraint, Numbers, RuleTechnique, NOT_THESE};
use crate::level::Level;
use crate::shape::{path, Shape};

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct XSum {
    /// The row or column from the clue's side.
    cells: Vec<usize>,
    pub(crate) sum: u32,
}

impl XSum {
    pub fn new(cells: Vec<usize>, sum: u32) -> XSum {
        XSum { cells, sum }
    }

    pub fn sum(&self) -> u32 {
        self.sum
    }
}

impl Constraint for XSum {
    const TAG: u32 = 21;
    const TECHNIQUE: RuleTechnique = RuleTechnique {
        name: "X-sum clue",
        rating: 2.8,
        level: Level::Hard,
    };

    fn numbers(&self) -> Vec<u32> {
        vec![self.sum]
    }

    /// A whole row or column.
    fn read(cells: Vec<usize>, numbers: &Numbers, n: usize) -> Result<XSum, &'static str> {
        if cells.len() != n {
            return Err(NOT_THESE);
        }
        Ok(XSum::new(cells, numbers.get(0)?))
    }

    fn cells(&self) -> &[usize] {
        &self.cells
    }

    fn holds(&self, values: &[u8], _n: usize) -> bool {
        let x = values[0] as usize;
        x <= values.len() && {
            let first = &values[..x];
            let distinct = first
                .iter()
                .enumerate()
                .all(|(i, v)| !first[..i].contains(v));
            distinct && super::total(first) == self.sum
        }
    }

    /// Tries each first digit X: the first X cells, all different, must make up the sum.
    fn propagate(&self, domains: &mut [u32], n: usize) -> bool {
        let mut support = vec![0; domains.len()];
        for x in digits(domains[0]).filter(|&x| x as usize <= domains.len()) {
            let mut prefix = domains[..x as usize].to_vec();
            prefix[0] = bit(x);
            if sum_to(&mut prefix, i64::from(self.sum)) && distinct_sum(&mut prefix, self.sum, n) {
                for (s, d) in support
                    .iter_mut()
                    .zip(prefix.iter().chain(&domains[x as usize..]))
                {
                    *s |= d;
                }
            }
        }
        narrow(domains, &support)
    }

    fn describe(&self, shape: Shape) -> String {
        format!("x-sum {} along {}", self.sum, path(shape, &self.cells))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{testing, Rule};

    #[test]
    fn x_sums_match_brute_force() {
        for sum in [1, 6, 10, 15] {
            testing::against_brute_force(&Rule::XSum(XSum::new((0..6).collect(), sum)), 6);
        }
    }
}
