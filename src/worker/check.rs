//! Check: the player's digits and ruled-out candidates against the puzzle's one solution,
//! and in a chaos construction the player's regions (cells coloured alike) against the
//! solution's ([`wrong_regions`]).

use std::cell::RefCell;

use sudoku_engine::chaos::Chaos;
use sudoku_engine::logic::Deadline;
use sudoku_engine::search::chaos::ChaosSolution;
use sudoku_engine::{solve, Budget, DigitSet, Grid, Puzzle, Verdict};

use super::solve::regions_found;
use crate::protocol::Answer;

thread_local! {
    /// The last puzzle solved here and its verdict: hint after hint and Check on one
    /// puzzle search once, which a slow variant feels.
    static LAST: RefCell<Option<(Puzzle, Verdict)>> = const { RefCell::new(None) };
    /// The last chaos construction solved here, and its one solution: Check after Check
    /// searches once, as [`LAST`] has it for other puzzles.
    static LAST_CHAOS: RefCell<Option<(Puzzle, Chaos, ChaosSolution)>> =
        const { RefCell::new(None) };
}

/// The puzzle's verdict, searched for unless it was the last one asked about; none if
/// `deadline` passes before the search ends (then nothing is kept, and the next asks anew).
pub(super) fn verdict(puzzle: &Puzzle, deadline: Deadline) -> Option<Verdict> {
    LAST.with_borrow_mut(|last| match last {
        Some((known, verdict)) if known == puzzle => Some(verdict.clone()),
        _ => {
            let mut budget = Budget::unlimited().with_check(|_| !deadline.passed());
            let verdict = solve(puzzle, &mut budget).verdict;
            if verdict == Verdict::GaveUp {
                return None;
            }
            *last = Some((puzzle.clone(), verdict.clone()));
            Some(verdict)
        }
    })
}

/// The cells of the board (`cells`, digits by cell) whose digit or whose marks the
/// puzzle's solution contradicts; in a chaos construction (`chaos`), also those whose
/// region (`regions`, each cell's colour, 0 for none) the solution's regions contradict.
pub(super) fn checked(
    puzzle: &Puzzle,
    cells: Vec<u8>,
    removed: &[u32],
    chaos: Option<Chaos>,
    regions: &[u8],
) -> Answer {
    let Some(board) = Grid::from_cells(puzzle.shape(), cells) else {
        return Answer::Invalid("the board does not fit the puzzle's grid".into());
    };
    let (solution, layout) = match chaos {
        None => match verdict(puzzle, Deadline::NEVER) {
            Some(Verdict::Unique(solution)) => (solution, Vec::new()),
            _ => return Answer::Invalid(ONE_SOLUTION.into()),
        },
        Some(chaos) => match chaos_solution(puzzle, &chaos) {
            Ok(one) => (one.grid, one.layout),
            Err(why) => return Answer::Invalid(why),
        },
    };
    Answer::Checked {
        digits: wrong_cells(&board, &solution),
        marks: excluding(&board, &solution, removed),
        regions: match layout.len() == regions.len() {
            true => wrong_regions(regions, &layout),
            false => Vec::new(),
        },
    }
}

const ONE_SOLUTION: &str = "only a puzzle with one solution can be checked";

/// A chaos construction's one solution, its digits and regions, searched for unless it was
/// the last one asked about; why not where it has none or several.
fn chaos_solution(puzzle: &Puzzle, chaos: &Chaos) -> Result<ChaosSolution, String> {
    LAST_CHAOS.with_borrow_mut(|last| match last {
        Some((known, of, one)) if known == puzzle && of == chaos => Ok(one.clone()),
        _ => {
            let found = regions_found(puzzle, chaos, 2, 2, &mut Budget::unlimited())?;
            let one = match (found.count, found.complete, &found.solutions[..]) {
                (1, true, [one]) => one.clone(),
                _ => return Err(ONE_SOLUTION.into()),
            };
            *last = Some((puzzle.clone(), chaos.clone(), one.clone()));
            Ok(one)
        }
    })
}

/// The cells the player's regions put wrong: `regions` names each cell's region as the
/// player coloured it (0 for none), `layout` each cell's region in the solution. Regions
/// have no names, so each colour is matched with the solution's region it shares most
/// cells with (the largest overlaps first, each colour and each region matched once), and
/// a coloured cell outside its colour's region is wrong. So of the cells not named, two
/// coloured alike share a region of the solution and two coloured differently do not, and
/// one cell coloured wrongly is that cell alone.
pub(super) fn wrong_regions(regions: &[u8], layout: &[u8]) -> Vec<usize> {
    // Each colour's cells in each region, as (shared, colour, region): a list rather than
    // a map, whose code the page's module would carry for this alone.
    let mut overlaps: Vec<(usize, u8, u8)> = Vec::new();
    for (&colour, &region) in regions.iter().zip(layout).filter(|(&c, _)| c != 0) {
        match overlaps.iter_mut().find(|o| (o.1, o.2) == (colour, region)) {
            Some(overlap) => overlap.0 += 1,
            None => overlaps.push((1, colour, region)),
        }
    }
    // The largest first; equal overlaps by colour, then region.
    overlaps
        .sort_unstable_by_key(|&(shared, colour, region)| (usize::MAX - shared, colour, region));
    let mut matched = [None::<u8>; 256];
    let mut taken = [false; 256];
    for (_, colour, region) in overlaps {
        if matched[usize::from(colour)].is_none() && !taken[usize::from(region)] {
            matched[usize::from(colour)] = Some(region);
            taken[usize::from(region)] = true;
        }
    }
    (0..regions.len())
        .filter(|&c| regions[c] != 0 && matched[usize::from(regions[c])] != Some(layout[c]))
        .collect()
}

/// The cells of `board` holding a digit that `solution` does not have there.
pub(super) fn wrong_cells(board: &Grid, solution: &Grid) -> Vec<usize> {
    (0..board.cells().len())
        .filter(|&c| board.get(c) != 0 && board.get(c) != solution.get(c))
        .collect()
}

/// The empty cells of `board` whose ruled-out candidates (`removed`, bit `d - 1`) take in
/// the digit `solution` has there.
pub(super) fn excluding(board: &Grid, solution: &Grid, removed: &[u32]) -> Vec<usize> {
    (0..board.cells().len())
        .filter(|&c| {
            let ruled_out = DigitSet::from_bits(removed.get(c).copied().unwrap_or(0));
            board.get(c) == 0 && ruled_out.contains(solution.get(c))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::wrong_regions;

    #[test]
    fn regions_are_compared_as_partitions_whatever_their_colours() {
        // The solution's regions of a 4x4: its rows.
        let rows = [0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3];
        // Any colours for the rows, none wrong; uncoloured cells are not judged.
        let coloured = [5, 5, 5, 5, 2, 2, 2, 2, 9, 9, 9, 9, 1, 1, 1, 1];
        assert_eq!(wrong_regions(&coloured, &rows), [0usize; 0]);
        let partly = [5, 5, 0, 0, 2, 0, 2, 2, 0, 0, 0, 0, 0, 0, 0, 0];
        assert_eq!(wrong_regions(&partly, &rows), [0usize; 0]);
        // One cell coloured as the row below: that cell alone.
        let mut one = coloured;
        one[3] = 2;
        assert_eq!(wrong_regions(&one, &rows), [3]);
        // Two colours in one region: the smaller part is wrong.
        let split = [5, 5, 5, 7, 2, 2, 2, 2, 9, 9, 9, 9, 1, 1, 1, 1];
        assert_eq!(wrong_regions(&split, &rows), [3]);
        // One colour over two regions (columns coloured as rows): all but one region's
        // cells are wrong, whichever colour takes it.
        let columns = [1, 2, 3, 4, 1, 2, 3, 4, 1, 2, 3, 4, 1, 2, 3, 4];
        assert_eq!(wrong_regions(&columns, &rows).len(), 12);
        // Coloured as the solution but not its boxes: a box's colour over two rows.
        let boxes = [1, 1, 2, 2, 1, 1, 2, 2, 3, 3, 4, 4, 3, 3, 4, 4];
        assert_eq!(wrong_regions(&boxes, &rows).len(), 8);
    }
}
