//! Lines with a circle or diamond at each end. Between lines: every digit inside lies
//! strictly between the two ends. Lockout lines: the ends differ by at least the gap, and
//! no digit inside lies between them (or equals either).

use super::{bit, digits, narrow, Constraint, Numbers, RuleTechnique};
use crate::level::Level;
use crate::shape::{path, Shape};

/// Which digits the cells inside may hold, given the two ends; `None` if the ends
/// themselves break the rule.
type Inside = fn(u8, u8, &BoundedLine) -> Option<u32>;

/// A line whose two ends bound what the cells inside may hold.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct BoundedLine {
    cells: Vec<usize>,
    pub(crate) gap: u8,
}

impl BoundedLine {
    /// A line of fewer than two cells has no ends to compare: it is always kept.
    fn holds(&self, values: &[u8], inside: Inside) -> bool {
        if values.len() < 2 {
            return true;
        }
        let (a, b) = (values[0], values[values.len() - 1]);
        inside(a, b, self)
            .is_some_and(|m| values[1..values.len() - 1].iter().all(|&v| m & bit(v) != 0))
    }

    /// Tries every pair of digits for the ends, keeping what each pair lets every cell hold.
    fn propagate(&self, domains: &mut [u32], inside: Inside) -> bool {
        if domains.len() < 2 {
            return true;
        }
        let last = domains.len() - 1;
        let mut support = vec![0; domains.len()];
        for a in digits(domains[0]) {
            for b in digits(domains[last]) {
                let Some(m) = inside(a, b, self) else {
                    continue;
                };
                if domains[1..last].iter().all(|&d| d & m != 0) {
                    support[0] |= bit(a);
                    support[last] |= bit(b);
                    for i in 1..last {
                        support[i] |= domains[i] & m;
                    }
                }
            }
        }
        narrow(domains, &support)
    }
}

/// The digits strictly between `a` and `b`.
fn strictly_between(a: u8, b: u8) -> u32 {
    let (lo, hi) = (a.min(b), a.max(b));
    super::above(lo) & super::below(hi)
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Between {
    line: BoundedLine,
}

impl Between {
    pub fn new(cells: Vec<usize>) -> Between {
        Between {
            line: BoundedLine { cells, gap: 0 },
        }
    }

    fn inside(a: u8, b: u8, _: &BoundedLine) -> Option<u32> {
        Some(strictly_between(a, b))
    }
}

impl Constraint for Between {
    const TAG: u32 = 8;
    const TECHNIQUE: RuleTechnique = RuleTechnique {
        name: "Between line bounds",
        rating: 2.0,
        level: Level::Medium,
    };

    fn numbers(&self) -> Vec<u32> {
        Vec::new()
    }

    fn read(cells: Vec<usize>, _numbers: &Numbers, _n: usize) -> Result<Between, &'static str> {
        Ok(Between::new(cells))
    }

    fn gist(&self, _domains: &[u32]) -> Option<String> {
        Some("whose digits lie strictly between its circles".into())
    }

    fn cells(&self) -> &[usize] {
        &self.line.cells
    }

    fn holds(&self, values: &[u8], _n: usize) -> bool {
        self.line.holds(values, Between::inside)
    }

    fn propagate(&self, domains: &mut [u32], _n: usize) -> bool {
        self.line.propagate(domains, Between::inside)
    }

    fn describe(&self, shape: Shape) -> String {
        format!("between line {}", path(shape, &self.line.cells))
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Lockout {
    pub(crate) line: BoundedLine,
}

impl Lockout {
    pub fn new(cells: Vec<usize>, gap: u8) -> Lockout {
        Lockout {
            line: BoundedLine { cells, gap },
        }
    }

    fn inside(a: u8, b: u8, line: &BoundedLine) -> Option<u32> {
        (a.abs_diff(b) >= line.gap).then(|| !(strictly_between(a, b) | bit(a) | bit(b)))
    }
}

impl Constraint for Lockout {
    const TAG: u32 = 9;
    const TECHNIQUE: RuleTechnique = RuleTechnique {
        name: "Lockout line",
        rating: 2.3,
        level: Level::Medium,
    };

    fn numbers(&self) -> Vec<u32> {
        vec![self.line.gap.into()]
    }

    fn read(cells: Vec<usize>, numbers: &Numbers, _n: usize) -> Result<Lockout, &'static str> {
        Ok(Lockout::new(cells, numbers.small(0)?))
    }

    fn cells(&self) -> &[usize] {
        &self.line.cells
    }

    fn holds(&self, values: &[u8], _n: usize) -> bool {
        self.line.holds(values, Lockout::inside)
    }

    fn propagate(&self, domains: &mut [u32], _n: usize) -> bool {
        self.line.propagate(domains, Lockout::inside)
    }

    fn describe(&self, shape: Shape) -> String {
        format!("lockout line {}", path(shape, &self.line.cells))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{testing, Rule};

    #[test]
    fn end_lines_match_brute_force() {
        testing::against_brute_force(&Rule::Between(Between::new(vec![0, 1, 2, 3])), 6);
        testing::against_brute_force(&Rule::Lockout(Lockout::new(vec![0, 1, 2, 3], 3)), 6);
        testing::against_brute_force(&Rule::Between(Between::new(vec![0, 1])), 6);
        testing::against_brute_force(&Rule::Between(Between::new(vec![0])), 6);
        testing::against_brute_force(&Rule::Lockout(Lockout::new(vec![0], 2)), 6);
    }
}
