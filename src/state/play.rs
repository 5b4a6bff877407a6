//! The board being played: its digits, whether the puzzle is being entered or solved, the
//! selection, and the revision every change of the board moves on.

use serde::{Deserialize, Serialize};
use sudoku_engine::symbols::symbol;
use sudoku_engine::Conflict;

use crate::board::{Board, Kind};
use crate::protocol::Ticket;
use crate::state::history::History;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Mode {
    /// Typed digits become givens: the puzzle is being entered.
    Entering,
    /// Typed digits are the solver's own.
    Solving,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Play {
    pub board: Board,
    /// The board's equal digits in a house, found once per edit for the board and status.
    pub conflicts: Vec<Conflict>,
    pub mode: Mode,
    pub selected: usize,
    pub show_solution: bool,
    /// Bumped on every change of the board (digits, givens or size), so effects save it,
    /// show it in the address and ask the worker; answers carry the revision they are for.
    pub revision: u32,
    pub history: History,
}

impl Play {
    pub fn new(board: Board, mode: Mode) -> Play {
        Play {
            conflicts: board.conflicts(),
            board,
            mode,
            selected: 0,
            show_solution: false,
            revision: 0,
            history: History::default(),
        }
    }

    /// Takes back the last change of the board; false if there is none.
    pub fn undo(&mut self) -> bool {
        self.history.undo(&mut self.board)
    }

    /// Does again the last change undone; false if there is none.
    pub fn redo(&mut self) -> bool {
        self.history.redo(&mut self.board)
    }

    /// The board that requests are about, as the worker hands it back.
    pub fn ticket(&self) -> Ticket {
        Ticket {
            revision: self.revision,
            side: self.board.shape().n() as u8,
        }
    }

    /// The board changed: find its conflicts and move the revision on.
    pub fn changed(&mut self) {
        self.conflicts = self.board.conflicts();
        self.revision = self.revision.wrapping_add(1);
    }

    /// Puts a new board in place, keeping the history (Clear can be undone); the caller
    /// then goes through `State::edited`.
    pub fn replace(&mut self, board: Board, mode: Mode) {
        if board.len() != self.board.len() {
            self.selected = 0;
        }
        self.board = board;
        self.mode = mode;
        self.show_solution = false;
    }

    /// Writes `digit` (0 clears) into the selected cell as the mode says; false if nothing
    /// changed.
    pub fn type_digit(&mut self, digit: u8) -> bool {
        let kind = match self.mode {
            Mode::Entering => Kind::Given,
            Mode::Solving => Kind::User,
        };
        self.board.write(self.selected, digit, kind)
    }

    /// The accessible name of a cell showing `digit` of `kind`: its position, then its state.
    pub fn cell_label(
        &self,
        cell: usize,
        digit: u8,
        kind: Kind,
        shown: Option<u8>,
        conflicted: bool,
    ) -> String {
        let name = self.board.shape().cell(cell).to_string();
        let what = match kind {
            Kind::Given => format!("given {}", symbol(digit)),
            Kind::User => format!("{}", symbol(digit)),
            Kind::Revealed => format!("{} revealed", symbol(digit)),
            Kind::Empty => match shown {
                Some(d) => format!("empty, solution {}", symbol(d)),
                None => "empty".into(),
            },
        };
        if conflicted {
            format!("{name}, {what}, conflict")
        } else {
            format!("{name}, {what}")
        }
    }
}
