//! Region-sum lines: where the line crosses into another region it starts a new segment,
//! and every segment adds up to the same total.

use super::lines::Equations;
use super::{Constraint, Numbers, RuleTechnique};
use crate::houses::Houses;
use crate::level::Level;
use crate::shape::{path, Shape};

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RegionSum {
    cells: Vec<usize>,
    /// Where each segment after the first begins, as an index into `cells`.
    pub(crate) starts: Vec<usize>,
    /// The first segment's sum against each other one's.
    equations: Equations,
}

impl RegionSum {
    /// `region_of` gives each cell's region; consecutive cells of one region are a segment.
    pub fn new(cells: Vec<usize>, region_of: impl Fn(usize) -> Option<usize>) -> RegionSum {
        let starts: Vec<usize> = (1..cells.len())
            .filter(|&i| region_of(cells[i]) != region_of(cells[i - 1]))
            .collect();
        RegionSum::with_starts(cells, starts)
    }

    /// The line whose segments after the first begin at `starts`, rising indices into
    /// `cells` past 0 (as [`RegionSum::new`] finds them).
    pub(crate) fn with_starts(cells: Vec<usize>, starts: Vec<usize>) -> RegionSum {
        let segments = segments(&starts, cells.len());
        let equations = segments
            .iter()
            .skip(1)
            .map(|other| {
                let first = segments[0].clone().map(|i| (i, 1));
                first.chain(other.clone().map(|i| (i, -1))).collect()
            })
            .collect();
        RegionSum {
            cells,
            starts,
            equations: Equations::new(equations),
        }
    }

    /// The same line, each segment's cells that share a house in `houses` told to differ,
    /// so that each sum between two segments is bounded by distinct digits (a segment is
    /// mostly one region: one group), as ISS bounds its region-sum lines.
    pub fn apart_by(mut self, houses: &Houses) -> RegionSum {
        self.equations = self.equations.apart_by(&self.cells, houses);
        self
    }
}

/// The segments of a line of `len` cells that start anew at `starts`.
fn segments(starts: &[usize], len: usize) -> Vec<std::ops::Range<usize>> {
    let bounds: Vec<usize> = std::iter::once(0)
        .chain(starts.iter().copied())
        .chain(std::iter::once(len))
        .collect();
    bounds.windows(2).map(|w| w[0]..w[1]).collect()
}

impl Constraint for RegionSum {
    const TAG: u32 = 12;
    const TECHNIQUE: RuleTechnique = RuleTechnique {
        name: "Region sum line",
        rating: 2.5,
        level: Level::Hard,
    };

    /// Where each segment after the first begins.
    fn numbers(&self) -> Vec<u32> {
        self.starts.iter().map(|&s| s as u32).collect()
    }

    fn read(cells: Vec<usize>, numbers: &Numbers, _n: usize) -> Result<RegionSum, &'static str> {
        let starts = numbers
            .list()
            .iter()
            .map(|&s| numbers.place(s))
            .collect::<Result<Vec<_>, _>>()?;
        let mut rising = std::iter::once(&0).chain(&starts).zip(&starts);
        if !rising.all(|(a, b)| a < b) || starts.last() == Some(&cells.len()) {
            return Err("its segments are out of order");
        }
        Ok(RegionSum::with_starts(cells, starts))
    }

    held_by_equations!();

    fn describe(&self, shape: Shape) -> String {
        format!("region-sum line {}", path(shape, &self.cells))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{testing, Rule};

    #[test]
    fn segments_match_brute_force() {
        // Cells 0-1 in one region, 2 in another, 3-4 in a third.
        let region = |c: usize| Some([0, 0, 1, 2, 2][c]);
        let rule = RegionSum::new(vec![0, 1, 2, 3, 4], region);
        assert_eq!(segments(&rule.starts, 5), [0..2, 2..3, 3..5]);
        testing::against_brute_force(&Rule::RegionSum(rule), 6);
    }

    #[test]
    fn segments_told_their_houses_match_brute_force() {
        // r1c1, r1c2, r2c2 in box 1, then r1c4, r2c4 in box 2: each segment one group.
        let nine = Houses::standard_for(Shape::NINE);
        let boxes = |c: usize| Some(Shape::NINE.box_of(c));
        let rule = RegionSum::new(vec![0, 1, 10, 3, 12], boxes).apart_by(nine);
        assert_eq!(rule.equations.apart_groups(0), [0, 0, 0, 1, 1]);
        testing::against_brute_force(&Rule::RegionSum(rule), 9);
    }
}
