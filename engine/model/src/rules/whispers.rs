//! Whispers lines: neighbours on the line differ by at least the gap (5 for German
//! whispers on 9x9, 4 for Dutch).

use super::{all, bit, digits, Constraint, Numbers, RuleTechnique};
use crate::level::Level;
use crate::shape::{path, Shape};
use crate::symbols::symbol;

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

    /// The line's name by its gap: German whispers (5 on 9x9), Dutch (4), or another.
    fn name(&self) -> String {
        match self.gap {
            5 => "German whispers".to_string(),
            4 => "Dutch whispers".to_string(),
            gap => format!("whispers line (difference {gap})"),
        }
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
    const TAG: u32 = 11;
    // Named for every gap: the step names the line itself (German or Dutch).
    const TECHNIQUE: RuleTechnique = RuleTechnique {
        name: "Whispers",
        rating: 2.0,
        level: Level::Medium,
    };

    fn numbers(&self) -> Vec<u32> {
        vec![self.gap.into()]
    }

    fn read(cells: Vec<usize>, numbers: &Numbers, _n: usize) -> Result<Whispers, &'static str> {
        Ok(Whispers::new(cells, numbers.small(0)?))
    }

    fn gist(&self, _domains: &[u32]) -> Option<String> {
        Some(format!("where neighbours differ by at least {}", self.gap))
    }

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
        format!("{} {}", self.name(), path(shape, &self.cells))
    }

    /// Two neighbours too close, or a digit with none far enough from it: a long line is
    /// broken at one place, which is what the status names and the board marks.
    fn fault(&self, values: &[u8], shape: Shape) -> Option<(String, Vec<usize>)> {
        let (name, gap) = (self.name(), self.gap);
        let cell = |i: usize| shape.cell(self.cells[i]);
        let close = values
            .windows(2)
            .position(|w| w[0] != 0 && w[1] != 0 && w[0].abs_diff(w[1]) < gap);
        if let Some(i) = close {
            let (a, b) = (values[i], values[i + 1]);
            let why = format!(
                "{} and {} on the {name} are {} and {}, less than {gap} apart",
                cell(i),
                cell(i + 1),
                symbol(a),
                symbol(b)
            );
            return Some((why, vec![i, i + 1]));
        }
        let lonely = (0..values.len())
            .find(|&i| values[i] != 0 && far_from(bit(values[i]), gap, shape.n()) == 0)?;
        let why = format!(
            "{} on the {name} cannot be {}: no digit is {gap} or more away from it",
            cell(lonely),
            symbol(values[lonely])
        );
        Some((why, vec![lonely]))
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

    #[test]
    fn a_long_line_names_the_two_cells_that_break_it() {
        // A Dutch whispers line along row 1 and down column 9: 17 cells.
        let cells: Vec<usize> = (0..9).chain((1..9).map(|r| r * 9 + 8)).collect();
        let rule = Rule::Whispers(Whispers::new(cells.clone(), 4));
        let mut grid = [0u8; 81];
        grid[cells[5]] = 2;
        grid[cells[6]] = 4;
        assert_eq!(
            rule.broken_at(&grid, Shape::NINE),
            Some((
                "r1c6 and r1c7 on the Dutch whispers are 2 and 4, less than 4 apart".into(),
                vec![5, 6]
            ))
        );
        // A 5 on German whispers has no neighbour to take.
        let german = Rule::Whispers(Whispers::new(cells, 5));
        let mut grid = [0u8; 81];
        grid[26] = 5;
        assert_eq!(
            german.broken_at(&grid, Shape::NINE),
            Some((
                "r3c9 on the German whispers cannot be 5: no digit is 5 or more away from it"
                    .into(),
                vec![26]
            ))
        );
        // A line kept names nothing.
        grid[26] = 9;
        assert_eq!(german.broken_at(&grid, Shape::NINE), None);
    }
}
