//! Check: the player's digits and ruled-out candidates against the puzzle's one solution.

use std::cell::RefCell;

use sudoku_engine::logic::Deadline;
use sudoku_engine::{solve, Budget, DigitSet, Grid, Puzzle, Verdict};

use crate::protocol::Answer;

thread_local! {
    /// The last puzzle solved here and its verdict: hint after hint and Check on one
    /// puzzle search once, which a slow variant feels.
    static LAST: RefCell<Option<(Puzzle, Verdict)>> = const { RefCell::new(None) };
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
/// puzzle's solution contradicts.
pub(super) fn checked(puzzle: &Puzzle, cells: Vec<u8>, removed: &[u32]) -> Answer {
    let Some(board) = Grid::from_cells(puzzle.shape(), cells) else {
        return Answer::Invalid("the board does not fit the puzzle's grid".into());
    };
    match verdict(puzzle, Deadline::NEVER) {
        Some(Verdict::Unique(solution)) => Answer::Checked {
            digits: wrong_cells(&board, &solution),
            marks: excluding(&board, &solution, removed),
        },
        _ => Answer::Invalid("only a puzzle with one solution can be checked".into()),
    }
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
