//! Skyscrapers: a clue outside the grid counts the digits seen from it along the row or
//! column, where a digit hides every smaller one behind it.

use super::{bit, digits, narrow, Constraint};
use crate::shape::{path, Shape};

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Skyscraper {
    cells: Vec<usize>,
    pub(crate) seen: u32,
}

impl Skyscraper {
    pub fn new(cells: Vec<usize>, seen: u32) -> Skyscraper {
        Skyscraper { cells, seen }
    }

    pub fn seen(&self) -> u32 {
        self.seen
    }
}

impl Constraint for Skyscraper {
    fn cells(&self) -> &[usize] {
        &self.cells
    }

    fn holds(&self, values: &[u8], _n: usize) -> bool {
        let mut tallest = 0;
        let seen = values.iter().filter(|&&v| {
            let visible = v > tallest;
            tallest = tallest.max(v);
            visible
        });
        seen.count() as u32 == self.seen
    }

    /// Over the states (tallest so far, how many seen), the digits on some path from the
    /// start to the clue's count: reachable going forward, and still able to end right.
    fn propagate(&self, domains: &mut [u32], n: usize) -> bool {
        let len = domains.len();
        if self.seen as usize > len || self.seen == 0 {
            return false;
        }
        // states[i][tallest] is a bit set of counts seen before cell i.
        let step = |tallest: usize, count: u32, v: u8| -> (usize, u32) {
            if v as usize > tallest {
                (v as usize, count << 1)
            } else {
                (tallest, count)
            }
        };
        let mut forward = vec![vec![0u32; n + 1]; len + 1];
        forward[0][0] = 1;
        for i in 0..len {
            for tallest in 0..=n {
                let counts = forward[i][tallest];
                if counts == 0 {
                    continue;
                }
                for v in digits(domains[i]) {
                    let (t, c) = step(tallest, counts, v);
                    forward[i + 1][t] |= c;
                }
            }
        }
        // backward[i][tallest]: counts before cell i from which the end can see `seen`.
        let mut backward = vec![vec![0u32; n + 1]; len + 1];
        backward[len] = vec![1 << self.seen; n + 1];
        let mut support = vec![0; len];
        for i in (0..len).rev() {
            for tallest in 0..=n {
                for v in digits(domains[i]) {
                    let (t, _) = step(tallest, 1, v);
                    let after = backward[i + 1][t];
                    // Counts c before the cell that lead to an allowed count after it.
                    let before = if v as usize > tallest {
                        after >> 1
                    } else {
                        after
                    };
                    backward[i][tallest] |= before;
                    if before & forward[i][tallest] != 0 {
                        support[i] |= bit(v);
                    }
                }
            }
        }
        narrow(domains, &support)
    }

    fn describe(&self, shape: Shape) -> String {
        format!(
            "skyscraper {} along {}",
            self.seen,
            path(shape, &self.cells)
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{testing, Rule};

    #[test]
    fn skyscrapers_match_brute_force() {
        for seen in 1..=4 {
            testing::against_brute_force(
                &Rule::Skyscraper(Skyscraper::new((0..5).collect(), seen)),
                6,
            );
        }
    }
}
