//! The board as a game: where its puzzle came from (a level this app made it at, today's
//! date), the help the player took on it (the solution shown among it), and whether a
//! finished board is held still. It
//! is saved with the board, so a reload keeps the level, the date and the help taken.

use serde::{Deserialize, Serialize};
use sudoku_engine::decimal::fixed;
use sudoku_engine::Shape;

use crate::board::Board;
use crate::protocol::{Seed, Wanted};
use crate::state::{Change, History, Mode, Timer};

/// Which puzzle is on the board, and whether it is being entered or solved.
pub enum GameAction {
    /// Opens a board from a link, a paste or an import: givens (under a variant's rules,
    /// if it has one) and perhaps progress, and its time.
    Open(Board, Timer),
    /// The saved board, its mode, history and time.
    Restore(Board, Mode, History, Timer),
    /// What was saved of the restored board as a game: its origin and the help taken.
    Resume(Game),
    /// An empty board of this size, to enter a puzzle on.
    NewSize(Shape),
    ClearAll,
    StartSolving,
    EditPuzzle,
    /// The player chose to edit a finished board, which holds still until then.
    KeepEditing,
    /// Shows the solution on the board, or hides it: help taken.
    ToggleSolution,
}

impl GameAction {
    /// Whether the action edits the board, as undo takes it back: the givens locked, or
    /// the board cleared.
    pub(super) fn is_edit(&self) -> bool {
        matches!(self, GameAction::StartSolving | GameAction::ClearAll)
    }

    pub(super) fn apply(self, game: &mut Game) -> Change {
        match self {
            GameAction::Open(board, timer) => Change::Opened(board, timer, None),
            GameAction::Restore(board, mode, history, timer) => {
                Change::Restored(board, mode, history, timer)
            }
            GameAction::Resume(resumed) => {
                *game = resumed;
                Change::Changed
            }
            // An empty board opened afresh, as a puzzle is: a new history and time, and
            // no longer waiting for today's puzzle (asked for in so many words).
            GameAction::NewSize(shape) => {
                Change::Opened(Board::empty(shape), Timer::default(), None)
            }
            GameAction::ClearAll => Change::Cleared,
            GameAction::StartSolving => Change::Started,
            GameAction::EditPuzzle => Change::Reentered,
            GameAction::KeepEditing => {
                game.unlocked = true;
                Change::Changed
            }
            GameAction::ToggleSolution => {
                game.show_solution = !game.show_solution;
                game.spoiled |= game.show_solution;
                Change::Changed
            }
        }
    }
}

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
    /// What the statistics file the puzzle under: its level ("Easy"), after its variant
    /// for a variant ("Killer, Easy").
    pub fn filed(&self) -> String {
        match self.wanted.genre() {
            Some(genre) => format!("{}, {}", genre.title(), self.level),
            None => self.level.clone(),
        }
    }

    /// "Easy, rated 1.2", "Killer, Easy, rated 1.2", or "Today's puzzle, 24 November
    /// 2026: Easy, rated 1.2".
    pub fn describe(&self) -> String {
        let rated = format!("{}, rated {}", self.filed(), fixed(self.rating.into(), 1));
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
    /// Times the live verdict told of a digit that leaves no solution but breaks no rule.
    pub told: u32,
    /// A puzzle this app did not make, as the hints rate it (the logical path's level and
    /// rating): asked for when it is finished, or taken from the step list.
    pub rated: Option<(String, f32)>,
    /// The solver gave answers away: the solution shown, a cell revealed, the steps listed.
    pub spoiled: bool,
    /// The finished board was counted in the statistics (once, whatever undo does after).
    pub counted: bool,
    /// The player chose to edit the finished board: it no longer holds still.
    #[serde(skip)]
    pub unlocked: bool,
    /// The solution is shown on the board.
    #[serde(skip)]
    pub show_solution: bool,
}

/// Help another concern gave the player, which the game records (`Game::took`).
pub enum Help {
    Hint,
    Check,
    /// Answers given away: the step list, a cell revealed.
    Spoiler,
    /// The live verdict told of a digit that leaves no solution but breaks no rule.
    Told,
    /// The hints' level and rating of a puzzle this app did not make (its logical path).
    Rated(String, f32),
}

impl Game {
    /// Records help the player took.
    pub(super) fn took(&mut self, help: Help) {
        match help {
            Help::Hint => self.hints += 1,
            Help::Check => self.checks += 1,
            Help::Spoiler => self.spoiled = true,
            Help::Told => self.told += 1,
            Help::Rated(level, rating) => self.rated = Some((level, rating)),
        }
    }

    /// The level the puzzle was made at, as the statistics file it ("Hard", "Killer,
    /// Hard").
    pub fn level(&self) -> Option<String> {
        self.origin.as_ref().map(Origin::filed)
    }

    /// The level in words: as made ("Hard"), else as rated ("Hard, rated 3.2").
    pub fn level_text(&self) -> Option<String> {
        match (self.level(), &self.rated) {
            (Some(level), _) => Some(level),
            (None, Some((level, rating))) => {
                Some(format!("{level}, rated {}", fixed(f64::from(*rating), 1)))
            }
            (None, None) => None,
        }
    }

    /// The date of today's puzzle, if this is one.
    pub fn daily(&self) -> Option<(u16, u8, u8)> {
        match self.origin.as_ref()?.seed {
            Seed::Daily { year, month, day } => Some((year, month, day)),
            Seed::Random(_) => None,
        }
    }
}
