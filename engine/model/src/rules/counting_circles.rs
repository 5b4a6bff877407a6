//! Counting circles (ISS's `CountingCircles`): each digit in the circles counts how many
//! of the circles hold that digit. So a digit there is in exactly that many of them, and
//! the digits used add up to the number of circles.

use super::{bit, digits, Constraint, Numbers, RuleTechnique};
use crate::level::Level;
use crate::shape::{span, Shape};

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CountingCircles {
    cells: Vec<usize>,
}

impl CountingCircles {
    pub fn new(cells: Vec<usize>) -> CountingCircles {
        CountingCircles { cells }
    }
}

/// Calls `found` with each set of digits of `from` (lowest first, none above 32) that
/// adds up to `sum`, holding all of `with`.
fn sets_adding_up(from: u32, with: u32, sum: u32, found: &mut dyn FnMut(u32)) {
    fn go(from: u32, with: u32, sum: u32, set: u32, found: &mut dyn FnMut(u32)) {
        if sum == 0 {
            if with & !set == 0 {
                found(set);
            }
            return;
        }
        let Some(d) = digits(from).next() else {
            return;
        };
        if u32::from(d) > sum {
            return;
        }
        let rest = from & !bit(d);
        go(rest, with, sum - u32::from(d), set | bit(d), found);
        if with & bit(d) == 0 {
            go(rest, with, sum, set, found);
        }
    }
    go(from, with, sum, 0, found);
}

impl Constraint for CountingCircles {
    const TAG: u32 = 32;
    const TECHNIQUE: RuleTechnique = RuleTechnique {
        name: "Counting circles",
        rating: 2.6,
        level: Level::Hard,
    };

    fn numbers(&self) -> Vec<u32> {
        Vec::new()
    }

    fn read(cells: Vec<usize>, _numbers: &Numbers, _n: usize) -> Result<Self, &'static str> {
        Ok(CountingCircles::new(cells))
    }

    fn cells(&self) -> &[usize] {
        &self.cells
    }

    fn holds(&self, values: &[u8], _n: usize) -> bool {
        values
            .iter()
            .all(|&v| values.iter().filter(|&&w| w == v).count() == usize::from(v))
    }

    /// The sets of digits that add up to the number of circles, hold every placed digit
    /// and have room for each digit as many times as it says; then a digit of every such
    /// set with just enough circles left fills them, and a digit placed as many times as
    /// it says leaves the other circles. Until nothing changes.
    fn propagate(&self, domains: &mut [u32], _n: usize) -> bool {
        loop {
            let before = domains.to_vec();
            let (mut possible, mut placed) = ([0usize; 33], [0usize; 33]);
            for &d in domains.iter() {
                for v in digits(d) {
                    possible[usize::from(v)] += 1;
                    if d.count_ones() == 1 {
                        placed[usize::from(v)] += 1;
                    }
                }
            }
            let union = domains.iter().fold(0, |u, &d| u | d);
            let singles = domains
                .iter()
                .filter(|d| d.count_ones() == 1)
                .fold(0, |s, &d| s | d);
            // Only digits with room for their count, none placed too often.
            let room = digits(union)
                .filter(|&v| {
                    let v = usize::from(v);
                    possible[v] >= v && placed[v] <= v
                })
                .fold(0, |s, v| s | bit(v));
            let (mut allowed, mut required) = (0, u32::MAX);
            sets_adding_up(room, singles, domains.len() as u32, &mut |set| {
                allowed |= set;
                required &= set;
            });
            if allowed == 0 {
                return false;
            }
            for d in domains.iter_mut() {
                *d &= allowed;
                if *d == 0 {
                    return false;
                }
            }
            for v in digits(allowed) {
                let count = usize::from(v);
                if required & bit(v) != 0 && possible[count] == count {
                    for d in domains.iter_mut().filter(|d| **d & bit(v) != 0) {
                        *d = bit(v);
                    }
                } else if placed[count] == count {
                    for d in domains.iter_mut().filter(|d| **d != bit(v)) {
                        *d &= !bit(v);
                    }
                }
            }
            if domains.contains(&0) {
                return false;
            }
            if domains == before.as_slice() {
                return true;
            }
        }
    }

    fn describe(&self, shape: Shape) -> String {
        format!("counting circles {}", span(shape, &self.cells))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{testing, Rule};

    #[test]
    fn counting_circles_match_brute_force() {
        let circles = CountingCircles::new((0..4).collect());
        assert!(circles.holds(&[3, 1, 3, 3], 6) && !circles.holds(&[2, 2, 2, 1], 6));
        for len in [1, 3, 4, 6] {
            let rule = CountingCircles::new((0..len).collect());
            testing::against_brute_force(&Rule::CountingCircles(rule), 6);
        }
    }
}
