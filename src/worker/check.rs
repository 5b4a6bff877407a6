//! Check: the player's digits and ruled-out candidates against the puzzle's one solution.

use sudoku_engine::{solve, Budget, DigitSet, Grid, Puzzle, Verdict};

use crate::protocol::Answer;

/// The cells of the board (`cells`, digits by cell) whose digit or whose marks the
/// puzzle's solution contradicts.
pub(super) fn checked(puzzle: &Puzzle, cells: Vec<u8>, removed: &[u32]) -> Answer {
    let Some(board) = Grid::from_cells(puzzle.shape(), cells) else {
        return Answer::Invalid("the board does not fit the puzzle's grid".into());
    };
    match solve(puzzle, &mut Budget::unlimited()).verdict {
        Verdict::Unique(solution) => Answer::Checked {
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
