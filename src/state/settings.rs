//! The player's preferences, the same for every puzzle and saved apart from it.

use serde::{Deserialize, Serialize};

/// What the Settings panel sets.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Preferences {
    /// Placing a digit takes it out of its peers' marks.
    pub auto_clean: bool,
    /// Check also marks cells whose centre marks leave out the solution's digit.
    pub check_marks: bool,
    /// The timer shows (it counts either way).
    pub show_timer: bool,
    /// Selecting a cell lights up its peers: the cells that share a house with it.
    pub highlight_peers: bool,
    /// Selecting a digit lights up the same digit everywhere, in cells and in marks.
    pub highlight_same: bool,
    /// The status says how long the solver took.
    pub solver_details: bool,
    /// Centre marks sit in a mini-grid, each digit in its own place (3x3 on 9x9, 4x4 on
    /// 16x16), so a column of cells can be scanned for one; off, they are written in a
    /// row as SudokuPad writes them.
    pub fixed_candidates: bool,
    /// While a puzzle is played, the solver's verdict follows every digit: one that leaves
    /// no solution turns the status to "No solution" at once, and each time it does counts
    /// as help. Off, the status speaks of the puzzle, and a wrong digit that breaks no rule
    /// waits for Check. A puzzle being entered or set always has it.
    pub live_verdict: bool,
    /// Hints and messages name cells as the solver writes them, `r4c8`, rather than in
    /// words, "row 4, column 8" (`words.rs`).
    pub short_cells: bool,
}

impl Default for Preferences {
    fn default() -> Preferences {
        Preferences {
            auto_clean: true,
            check_marks: false,
            show_timer: true,
            highlight_peers: true,
            highlight_same: true,
            solver_details: false,
            fixed_candidates: true,
            // Off: SudokuPad, whose puzzles players bring here, tells nothing before the
            // grid is full, and a help that was on by default would count on every solve.
            live_verdict: false,
            short_cells: false,
        }
    }
}
