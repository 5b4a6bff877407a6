//! Undo and redo. Each step is the cells one action changed, before and after, so a
//! multi-cell change (a hint's placements and eliminations, Clear) is one step, and the
//! history is small enough to save with the board.

use serde::{Deserialize, Serialize};

use crate::board::{Board, CellState};

/// How many steps are kept to undo; the oldest go first.
pub const MAX_STEPS: usize = 500;
/// How many cell changes the steps may hold in all, so that a history of big multi-cell
/// steps (Fill candidates on a 25x25 board is 600 cells) still fits in storage.
pub const MAX_CELLS: usize = 20_000;

/// The cells one action changed: (cell, before, after).
pub type Change = Vec<(usize, CellState, CellState)>;

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct History {
    undo: Vec<Change>,
    redo: Vec<Change>,
}

impl History {
    pub fn can_undo(&self) -> bool {
        !self.undo.is_empty()
    }

    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty()
    }

    /// Records what an edit changed from `before` to `after` (boards of one size) as one
    /// step; a new step ends what could be redone.
    pub fn record(&mut self, before: &Board, after: &Board) {
        if before.len() != after.len() {
            return;
        }
        let change: Change = (0..after.len())
            .map(|c| (c, before.cell_state(c), after.cell_state(c)))
            .filter(|(_, b, a)| b != a)
            .collect();
        if change.is_empty() {
            return;
        }
        self.redo.clear();
        self.undo.push(change);
        let mut cells: usize = self.undo.iter().map(Vec::len).sum();
        while self.undo.len() > MAX_STEPS || (cells > MAX_CELLS && self.undo.len() > 1) {
            cells -= self.undo.remove(0).len();
        }
    }

    /// Takes back the last step on `board`; false if there is none.
    pub fn undo(&mut self, board: &mut Board) -> bool {
        travel(&mut self.undo, &mut self.redo, board, |&(_, before, _)| {
            before
        })
    }

    /// Does again the last step undone; false if there is none.
    pub fn redo(&mut self, board: &mut Board) -> bool {
        travel(&mut self.redo, &mut self.undo, board, |&(_, _, after)| {
            after
        })
    }

    /// A history read back from storage for `board`, if every step fits it.
    pub fn checked(self, board: &Board) -> Option<History> {
        let fits = |change: &Change| {
            change
                .iter()
                .all(|(c, b, a)| *c < board.len() && board.fits(b) && board.fits(a))
        };
        let cells = |steps: &[Change]| steps.iter().map(Vec::len).sum::<usize>();
        (self.undo.len() <= MAX_STEPS
            && self.redo.len() <= MAX_STEPS
            && cells(&self.undo).max(cells(&self.redo)) <= MAX_CELLS
            && self.undo.iter().chain(&self.redo).all(fits))
        .then_some(self)
    }
}

/// Moves the newest step of `from` to `to`, writing into `board` the side of each cell's
/// change that `side` picks.
fn travel(
    from: &mut Vec<Change>,
    to: &mut Vec<Change>,
    board: &mut Board,
    side: fn(&(usize, CellState, CellState)) -> CellState,
) -> bool {
    let Some(change) = from.pop() else {
        return false;
    };
    for entry in &change {
        board.set_cell_state(entry.0, side(entry));
    }
    to.push(change);
    true
}
