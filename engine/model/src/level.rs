//! How hard a deduction or a puzzle is, from Easy to Extreme: the rules rate their own
//! deductions with it, and the logical solver (sudoku-logic) rates a puzzle by its hardest step.

use std::fmt;

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Level {
    Easy,
    Medium,
    Hard,
    Expert,
    Extreme,
    /// The techniques ran out before the puzzle was solved.
    NeedsGuessing,
}

impl Level {
    /// The levels a puzzle can be made at, easiest first.
    pub const ASKED: [Level; 5] = [
        Level::Easy,
        Level::Medium,
        Level::Hard,
        Level::Expert,
        Level::Extreme,
    ];

    /// The level of [`Level::ASKED`] that `name` names, read without regard to case.
    #[inline]
    pub fn from_name(name: &str) -> Option<Level> {
        Level::ASKED
            .into_iter()
            .find(|level| level.to_string().eq_ignore_ascii_case(name))
    }
}

impl fmt::Display for Level {
    #[inline]
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Level::Easy => "Easy",
            Level::Medium => "Medium",
            Level::Hard => "Hard",
            Level::Expert => "Expert",
            Level::Extreme => "Extreme",
            Level::NeedsGuessing => "Needs guessing",
        })
    }
}
