//! Whispers lines: neighbours on the line differ by at least the gap (5 for German
//! whispers on 9x9, 4 for Dutch).

use super::{all, digits, Constraint};
use crate::shape::{path, Shape};

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Whispers {
    cells: Vec<usize>,
    pub(crate) gap: u8,
}

impl Whispers {
    pub fn new(cells: Vec<usize>, gap: u8) -> Whispers {
        Whispers { cells, gap }
    }

    pub fn gap(&self) -> u8 {
        self.gap
    }
}

/// The digits at least `gap` away from some digit of `set`.
fn far_from(set: u32, gap: u8, n: usize) -> u32 {
    digits(set).fold(0, |u, v| {
        let near = super::above(v.saturating_sub(gap)) & super::below(v.saturating_add(gap));
        u | (all(n) & !near)
    })
}

/// Keeps in each cell the digits at least `gap` away from some digit of every cell it is
/// paired with (`paired(i, j)`), until nothing changes: arc consistency, which on a line
/// of neighbours is all there is to rule out.
pub(crate) fn keep_apart(
    domains: &mut [u32],
    gap: u8,
    n: usize,
    paired: impl Fn(usize, usize) -> bool,
) -> bool {
    loop {
        let mut changed = false;
        for i in 0..domains.len() {
            for j in (0..domains.len()).filter(|&j| j != i && paired(i, j)) {
                let d = domains[i] & far_from(domains[j], gap, n);
                if d == 0 {
                    return false;
                }
                changed |= d != domains[i];
                domains[i] = d;
            }
        }
        if !changed {
            return true;
        }
    }
}

impl Constraint for Whispers {
    fn cells(&self) -> &[usize] {
        &self.cells
    }

    fn holds(&self, values: &[u8], _n: usize) -> bool {
        values.windows(2).all(|w| w[0].abs_diff(w[1]) >= self.gap)
    }

    fn propagate(&self, domains: &mut [u32], n: usize) -> bool {
        keep_apart(domains, self.gap, n, |i, j| i.abs_diff(j) == 1)
    }

    fn describe(&self, shape: Shape) -> String {
        let name = match self.gap {
            5 => "German whispers".to_string(),
            4 => "Dutch whispers".to_string(),
            gap => format!("whispers line (difference {gap})"),
        };
        format!("{name} {}", path(shape, &self.cells))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{testing, Rule};

    #[test]
    fn whispers_match_brute_force() {
        testing::against_brute_force(&Rule::Whispers(Whispers::new(vec![0, 1, 2, 3], 5)), 9);
        testing::against_brute_force(&Rule::Whispers(Whispers::new(vec![0, 1, 2], 3)), 6);
        assert_eq!(far_from(crate::rules::bit(5), 5, 9), 0);
        assert_eq!(far_from(crate::rules::bit(1), 5, 9), 0b1_1110_0000);
    }
}
