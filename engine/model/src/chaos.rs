//! Chaos construction (ISS's `ChaosConstruction`, with `RegionSize`, `ChaosArrow` and
//! `ChaosCount`): the regions are not given; a solution is the digits together with a
//! partition of the grid into orthogonally connected regions of `size` cells, each holding
//! no digit twice (every digit once where `size` is the side). A region layout is part of
//! the solution, as in ISS: one digit grid with two layouts is two solutions, and layouts
//! that differ only by the regions' names are one ([`ChaosLayout`] names them canonically).
//!
//! The clues read the unknown regions (ISS's `chaos_handler.js`):
//! - an arrow's control cell holds the length of the run from its arms' shared first
//!   cell: on each arm, the cells from the first that lie in its region without a break,
//!   the first cell counted once over all arms, less `offset`;
//! - a count's control cell holds how many of its listed cells lie in the region of the
//!   first listed one (the first included), less `offset`;
//! - ISS's `CountDistinct` over region cells: the control cell holds how many regions its
//!   listed cells lie in;
//! - ISS's `SameValues` over region cells: the cells, taken as sets of equal size, have
//!   each region as many times in every set (single cells: all in one region).
//!
//! These read region names only through equality, so they do not depend on how the regions
//! are named: ISS's names (its region bits) and the canonical ones here give the same.
//!
//! Here is what a chaos puzzle means ([`Chaos::holds`], the reference of the tests); the
//! search that finds the layouts is `sudoku_search::chaos`.

use crate::shape::{beside, reached, Shape};

/// A region layout: each cell's region, numbered 0, 1, ... in the order each region's
/// first cell comes in reading order, so that one partition has one layout.
pub type ChaosLayout = Vec<u8>;

/// The most regions a layout may have: the search keeps a cell's possible regions as the
/// bits of a `u32`.
pub const MOST_REGIONS: usize = 32;

/// A clue that reads the regions.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum ChaosClue {
    /// ISS's `ChaosArrow`: arms of cells that all start at one cell.
    Run {
        control: usize,
        arms: Vec<Vec<usize>>,
        offset: i8,
    },
    /// ISS's `ChaosCount`: the first of `cells` is the one whose region is counted.
    Count {
        control: usize,
        cells: Vec<usize>,
        offset: i8,
    },
    /// ISS's `CountDistinct` over region cells.
    Regions { control: usize, cells: Vec<usize> },
    /// ISS's `SameValues` over region cells: each set lies in the same regions.
    SameRegions { sets: Vec<Vec<usize>> },
}

impl ChaosClue {
    /// The cell whose digit the clue gives, if it gives one.
    pub fn control(&self) -> Option<usize> {
        match self {
            ChaosClue::Run { control, .. }
            | ChaosClue::Count { control, .. }
            | ChaosClue::Regions { control, .. } => Some(*control),
            ChaosClue::SameRegions { .. } => None,
        }
    }

    /// Every cell the clue names: its control's digit and its cells' regions.
    fn cells(&self) -> Vec<usize> {
        let mut cells: Vec<usize> = match self {
            ChaosClue::Run { arms, .. } => arms.concat(),
            ChaosClue::Count { cells, .. } | ChaosClue::Regions { cells, .. } => cells.clone(),
            ChaosClue::SameRegions { sets } => sets.concat(),
        };
        cells.extend(self.control());
        cells
    }

    /// Whether the clue holds for the digits and the layout.
    pub fn holds(&self, digits: &[u8], layout: &[u8]) -> bool {
        match self {
            ChaosClue::SameRegions { sets } => {
                let regions = |set: &Vec<usize>| {
                    let mut regions: Vec<u8> = set.iter().map(|&c| layout[c]).collect();
                    regions.sort_unstable();
                    regions
                };
                sets.iter().all(|set| regions(set) == regions(&sets[0]))
            }
            _ => self.control().map(|c| digits[c] as i64) == Some(self.digit(layout)),
        }
    }

    /// The digit the clue asks for under `layout` (may be out of range: then none fits);
    /// 0 for a clue that gives no digit.
    pub fn digit(&self, layout: &[u8]) -> i64 {
        match self {
            ChaosClue::Run { arms, offset, .. } => {
                let run = |arm: &Vec<usize>| {
                    let region = layout[arm[0]];
                    arm.iter().take_while(|&&c| layout[c] == region).count() as i64
                };
                arms.iter().map(run).sum::<i64>() - (arms.len() as i64 - 1) - *offset as i64
            }
            ChaosClue::Count { cells, offset, .. } => {
                let region = layout[cells[0]];
                cells.iter().filter(|&&c| layout[c] == region).count() as i64 - *offset as i64
            }
            ChaosClue::Regions { cells, .. } => {
                let seen = cells.iter().fold(0u64, |seen, &c| seen | 1 << layout[c]);
                seen.count_ones() as i64
            }
            ChaosClue::SameRegions { .. } => 0,
        }
    }
}

/// The regions are found by the solver: their size and the clues that read them. With the
/// `serde` feature it crosses to the web app's worker as its fields; the worker makes it
/// again through [`Chaos::new`], so that a bad message is an error, not a panic.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Chaos {
    size: usize,
    clues: Vec<ChaosClue>,
}

impl Chaos {
    /// Regions of `size` cells on `shape`, with `clues`; an error saying what is wrong if
    /// the size does not tile the grid (as ISS refuses it), gives more than
    /// [`MOST_REGIONS`] regions, or a clue names a cell off the grid or has no cells.
    pub fn new(shape: Shape, size: usize, clues: Vec<ChaosClue>) -> Result<Chaos, String> {
        let cells = shape.cells();
        if size < 2 || size > shape.n() {
            return Err(format!(
                "chaos construction needs regions of 2 to {} cells, not {size}",
                shape.n()
            ));
        }
        if !cells.is_multiple_of(size) {
            return Err(format!(
                "chaos construction needs the grid's {cells} cells to divide into regions of {size}"
            ));
        }
        if cells / size > MOST_REGIONS {
            return Err(format!(
                "chaos construction takes at most {MOST_REGIONS} regions, not {}",
                cells / size
            ));
        }
        for clue in &clues {
            match clue {
                ChaosClue::Run { arms, .. } => {
                    if arms.is_empty() || arms.iter().any(|a| a.first() != arms[0].first()) {
                        return Err("a chaos arrow's arms must share their first cell".into());
                    }
                }
                ChaosClue::Count { cells, .. } | ChaosClue::Regions { cells, .. } => {
                    if cells.is_empty() {
                        return Err("a chaos count counts no cells".into());
                    }
                }
                ChaosClue::SameRegions { sets } => {
                    if sets.is_empty()
                        || sets
                            .iter()
                            .any(|s| s.is_empty() || s.len() != sets[0].len())
                    {
                        return Err("same regions need sets of as many cells each".into());
                    }
                }
            }
            if clue.cells().iter().any(|&c| c >= cells) {
                return Err("a chaos clue names a cell off the grid".into());
            }
        }
        Ok(Chaos { size, clues })
    }

    /// The cells of each region.
    pub fn size(&self) -> usize {
        self.size
    }

    pub fn regions(&self, shape: Shape) -> usize {
        shape.cells() / self.size
    }

    pub fn clues(&self) -> &[ChaosClue] {
        &self.clues
    }

    /// Whether `layout` is a canonical partition into connected regions of the size, each
    /// with no digit twice in `digits`, and every clue holds.
    pub fn holds(&self, shape: Shape, digits: &[u8], layout: &[u8]) -> bool {
        let n = shape.n();
        if layout.len() != shape.cells() || !is_canonical(layout) {
            return false;
        }
        let regions = self.regions(shape);
        for region in 0..regions as u8 {
            let members: Vec<usize> = (0..layout.len()).filter(|&c| layout[c] == region).collect();
            if members.len() != self.size {
                return false;
            }
            let mut seen = 0u32;
            for &c in &members {
                let bit = 1u32 << digits[c];
                if seen & bit != 0 {
                    return false;
                }
                seen |= bit;
            }
            // Connected: every member reached from the first through the region.
            if reached(n, n * n, members[0], |d| layout[d] == region) != self.size {
                return false;
            }
        }
        self.clues.iter().all(|clue| clue.holds(digits, layout))
    }
}

/// The canonical layout of a partition named by any labels (a player's colours): each
/// label renamed by the order its first cell comes in, as [`ChaosLayout`] names regions.
pub fn canonical(labels: &[u8]) -> ChaosLayout {
    let mut names = [u8::MAX; 256];
    let mut next = 0u8;
    labels
        .iter()
        .map(|&label| {
            let name = &mut names[usize::from(label)];
            if *name == u8::MAX {
                (*name, next) = (next, next.wrapping_add(1));
            }
            *name
        })
        .collect()
}

/// Whether each region's number first appears after the one before it, in reading order.
fn is_canonical(layout: &[u8]) -> bool {
    let mut next = 0u8;
    for &r in layout {
        if r > next {
            return false;
        }
        if r == next {
            next += 1;
        }
    }
    true
}

/// The orthogonal neighbours of a cell of an `n` x `n` grid.
pub fn neighbours(n: usize, cell: usize) -> impl Iterator<Item = usize> {
    beside(n, n * n, cell)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_layout_holds_only_if_connected_sized_distinct_and_canonical() {
        let shape = Shape::with_side(4).unwrap();
        let chaos = Chaos::new(shape, 4, Vec::new()).unwrap();
        let digits = [1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1];
        let boxes = [0, 0, 1, 1, 0, 0, 1, 1, 2, 2, 3, 3, 2, 2, 3, 3];
        assert!(chaos.holds(shape, &digits, &boxes));
        // The same partition named otherwise is not canonical.
        let renamed = [1, 1, 0, 0, 1, 1, 0, 0, 2, 2, 3, 3, 2, 2, 3, 3];
        assert!(!chaos.holds(shape, &digits, &renamed));
        // Rows are regions too, but the digit grid repeats a digit in none.
        let rows = [0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3];
        assert!(chaos.holds(shape, &digits, &rows));
        // Any labels name the boxes once made canonical.
        assert_eq!(canonical(&renamed), boxes);
        assert!(chaos.holds(
            shape,
            &digits,
            &canonical(&[7, 7, 3, 3, 7, 7, 3, 3, 5, 5, 1, 1, 5, 5, 1, 1])
        ));
        // Two diagonal halves of a region are not connected.
        let broken = [0, 1, 1, 1, 2, 0, 1, 3, 2, 2, 0, 3, 2, 3, 3, 0];
        assert!(!chaos.holds(shape, &[1; 16], &broken));
    }

    #[test]
    fn clues_read_the_run_and_the_count() {
        let rows = [0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3];
        // From r1c2: left 2 cells, right 3, down 1: 2 + 3 + 1 - 2 = 4.
        let arrow = ChaosClue::Run {
            control: 0,
            arms: vec![vec![1, 0], vec![1, 2, 3], vec![1, 5, 9, 13]],
            offset: 0,
        };
        assert_eq!(arrow.digit(&rows), 4);
        let count = ChaosClue::Count {
            control: 0,
            cells: vec![5, 4, 1, 9, 6],
            offset: 1,
        };
        assert_eq!(count.digit(&rows), 2);
        // r2c2, r1c1, r3c1 and r2c1 lie in rows 2, 1 and 3.
        let regions = ChaosClue::Regions {
            control: 0,
            cells: vec![5, 0, 8, 4],
        };
        assert_eq!(regions.digit(&rows), 3);
        assert!(regions.holds(&[3; 16], &rows) && !regions.holds(&[2; 16], &rows));
        let same = |sets: Vec<Vec<usize>>| ChaosClue::SameRegions { sets }.holds(&[1; 16], &rows);
        assert!(same(vec![vec![0], vec![1], vec![3]]));
        assert!(!same(vec![vec![0], vec![4]]));
        // Each set in rows 1 and 2 once, in any order.
        assert!(same(vec![vec![0, 4], vec![7, 2]]));
        assert!(!same(vec![vec![0, 4], vec![7, 6]]));
        assert!(Chaos::new(Shape::with_side(4).unwrap(), 3, Vec::new()).is_err());
    }
}
