//! The player's preferences, the same for every puzzle and saved apart from it.

use serde::{Deserialize, Serialize};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Settings {
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
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            auto_clean: true,
            check_marks: false,
            show_timer: true,
            highlight_peers: true,
            highlight_same: true,
            solver_details: false,
        }
    }
}
