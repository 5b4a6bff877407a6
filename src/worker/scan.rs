//! Scan and Review: the puzzle in an image, and the solver's verdict on a reading with the
//! cells most likely misread.

use sudoku_engine::{solve, Budget, Grid, Puzzle, Verdict};

use super::to_grid;
use crate::protocol::{Answer, ReadVerdict, Review, ScanView};

/// The side of the straightened grid sent back for the person to compare with.
const SHOWN_SIDE: usize = 360;

/// The puzzle in an image, with the solver's review of it.
pub(super) fn scanned(width: usize, height: usize, rgba: &[u8], weights: &[u8]) -> Answer {
    let Some(model) = sudoku_scan::Network::from_bytes(weights) else {
        return Answer::Invalid("the digit classifier's weights are damaged".into());
    };
    let Some(photo) = sudoku_scan::Gray::from_rgba(width, height, rgba) else {
        return Answer::Invalid("the image's pixels do not fit its size".into());
    };
    let reading = match sudoku_scan::read(&photo, &model) {
        Ok(reading) => reading,
        Err(e) => return Answer::Unreadable(e.to_string()),
    };
    let cells: Vec<u8> = reading.cells.iter().map(|c| c.value).collect();
    let confidence: Vec<u8> = reading
        .cells
        .iter()
        .map(|c| (c.confidence * 100.0).floor() as u8)
        .collect();
    let second: Vec<u8> = reading.cells.iter().map(|c| c.second).collect();
    let image = reading.straightened.shrink_to(SHOWN_SIDE);
    match review(cells.clone(), &confidence, &second) {
        Ok(review) => Answer::Scanned(ScanView {
            cells,
            confidence,
            second,
            image_side: image.width as u16,
            image: image.pixels,
            review,
        }),
        Err(e) => Answer::Invalid(e),
    }
}

/// A review's searches stop after this many nodes: a misread grid may have no solution
/// that is slow to disprove, and the person is waiting.
const REVIEW_NODES: u64 = 100_000;
/// How many of the least sure cells are tried as misread.
const SUSPECTS_TRIED: usize = 12;

/// The solver's verdict on a puzzle as read and, if it has no solution, the cells whose
/// other reading (or blank) would give it one, least sure first.
pub(super) fn review(cells: Vec<u8>, confidence: &[u8], second: &[u8]) -> Result<Review, String> {
    let grid = to_grid(cells)?;
    if confidence.len() != grid.cells().len() || second.len() != grid.cells().len() {
        return Err("the review's cells, confidences and second readings differ in number".into());
    }
    let verdict = read_verdict(&grid);
    if !matches!(verdict, ReadVerdict::NoSolution | ReadVerdict::Conflict(_)) {
        return Ok(Review {
            verdict,
            suspects: Vec::new(),
        });
    }
    // The filled cells, least sure first (counted out by confidence, not sorted).
    let filled: Vec<usize> = (0..=100)
        .flat_map(|sure| (0..grid.cells().len()).filter(move |&c| confidence[c] == sure))
        .filter(|&c| grid.cells()[c] != 0)
        .take(SUSPECTS_TRIED)
        .collect();
    let fixes = |cell: usize| {
        // The cell's second reading, then a blank (once, if there is no second reading).
        let others = [second[cell], 0];
        others[usize::from(second[cell] == 0)..]
            .iter()
            .any(|&other| {
                let mut changed = grid.cells().to_vec();
                changed[cell] = other;
                to_grid(changed).is_ok_and(|g| {
                    matches!(read_verdict(&g), ReadVerdict::Unique | ReadVerdict::Several)
                })
            })
    };
    let mut suspects: Vec<usize> = filled.iter().copied().filter(|&c| fixes(c)).collect();
    if suspects.is_empty() {
        // No one cell explains it: the least sure are still the best places to look.
        suspects = filled.into_iter().take(3).collect();
    }
    Ok(Review { verdict, suspects })
}

fn read_verdict(grid: &Grid) -> ReadVerdict {
    match solve(
        &Puzzle::classic(grid.clone()),
        &mut Budget::nodes(REVIEW_NODES),
    )
    .verdict
    {
        Verdict::Unique(_) => ReadVerdict::Unique,
        Verdict::Multiple(..) => ReadVerdict::Several,
        Verdict::Conflict(c) => ReadVerdict::Conflict(c.to_string()),
        Verdict::Broken { why, .. } => ReadVerdict::Conflict(why),
        Verdict::NoSolution => ReadVerdict::NoSolution,
        Verdict::GaveUp => ReadVerdict::Unsettled,
    }
}
