//! The board as a game: where its puzzle came from (a level this app made it at, today's
//! date), the help the player took on it, and whether a finished board is held still. It
//! is saved with the board, so a reload keeps the level, the date and the help taken.

use serde::{Deserialize, Serialize};
use sudoku_engine::decimal::fixed;

use crate::protocol::{Seed, Wanted};

/// How this app made the puzzle.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Origin {
    /// What was asked, so that "Next puzzle" asks the same again.
    pub wanted: Wanted,
    pub seed: Seed,
    /// The rater's level and rating of the puzzle made.
    pub level: String,
    pub rating: f32,
}

impl Origin {
    /// "Easy, rated 1.2", or "Today's puzzle, 24 November 2026: Easy, rated 1.2".
    pub fn describe(&self) -> String {
        let rated = format!("{}, rated {}", self.level, fixed(self.rating.into(), 1));
        match self.seed {
            Seed::Daily { year, month, day } => {
                format!("Today's puzzle, {}: {rated}", date_text(year, month, day))
            }
            Seed::Random(_) => rated,
        }
    }
}

/// A date as people write it: "24 November 2026".
pub fn date_text(year: u16, month: u8, day: u8) -> String {
    const MONTHS: [&str; 12] = [
        "January",
        "February",
        "March",
        "April",
        "May",
        "June",
        "July",
        "August",
        "September",
        "October",
        "November",
        "December",
    ];
    let month = MONTHS
        .get(usize::from(month).wrapping_sub(1))
        .unwrap_or(&"?");
    format!("{day} {month} {year}")
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Game {
    /// How this app made the puzzle, if it did.
    pub origin: Option<Origin>,
    /// Hints asked for, and Checks.
    pub hints: u32,
    pub checks: u32,
    /// The solver gave answers away: the solution shown, a cell revealed, the steps listed.
    pub spoiled: bool,
    /// The finished board was counted in the statistics (once, whatever undo does after).
    pub counted: bool,
    /// The player chose to edit the finished board: it no longer holds still.
    #[serde(skip)]
    pub unlocked: bool,
}

impl Game {
    /// The level the puzzle was made at, as the statistics file it.
    pub fn level(&self) -> Option<&str> {
        self.origin.as_ref().map(|m| m.level.as_str())
    }

    /// The date of today's puzzle, if this is one.
    pub fn daily(&self) -> Option<(u16, u8, u8)> {
        match self.origin.as_ref()?.seed {
            Seed::Daily { year, month, day } => Some((year, month, day)),
            Seed::Random(_) => None,
        }
    }
}
