//! A new puzzle being asked for: the choices in the "New puzzle" dialog, and how far the
//! worker has got.

use sudoku_engine::generate::{levels, techniques};
use sudoku_engine::logic::{Level, Technique};
use sudoku_engine::Shape;

use crate::board::Board;
use crate::protocol::{Answer, Report, Seed, Ticket, Wanted};
use crate::state::game::Origin;
use crate::state::{grid_of, Change, State, Timer};

/// The "New puzzle" dialog and the puzzle being made.
pub enum MakerAction {
    /// The dialog opens (true) or closes.
    Show(bool),
    Choose(Wanted),
    /// A new puzzle was asked for: what, and from which seed.
    Asked(Wanted, Seed),
    /// A first visit asks for today's puzzle: the page waits for it.
    Greet,
    /// Stop was pressed while one was being made.
    Stopped,
    /// What the new-puzzle worker's client reports.
    Report(Report),
}

impl MakerAction {
    pub(super) fn apply(self, s: &mut State) -> Change {
        match self {
            MakerAction::Show(open) => {
                s.maker.open = open;
                s.maker.error = None;
            }
            MakerAction::Choose(choices) => s.maker.choose(choices),
            MakerAction::Asked(wanted, seed) => s.maker.ask(wanted, seed),
            MakerAction::Greet => s.maker.greeting = true,
            MakerAction::Stopped => {
                s.maker.making = None;
                s.maker.greeting = false;
            }
            MakerAction::Report(report) => {
                let ticket = s.ticket();
                match s.maker.report(ticket, report) {
                    Ok(Some((cells, origin))) => {
                        let Some(grid) = grid_of(cells) else {
                            return Change::Unchanged;
                        };
                        let board = Board::from_puzzle(&grid);
                        return Change::Opened(board, Timer::default(), Some(origin));
                    }
                    Ok(None) => {}
                    Err(message) => return Change::Said(message),
                }
            }
        }
        Change::Changed
    }
}

#[derive(Clone, Debug, Default, PartialEq)]
pub struct Maker {
    pub open: bool,
    pub choices: Wanted,
    /// Candidates tried so far, while the worker makes one.
    pub making: Option<u64>,
    /// What the worker was asked for, which the puzzle it makes keeps.
    pub asked: Option<(Wanted, Seed)>,
    /// Why the last request made nothing.
    pub error: Option<String>,
    /// A first visit waits for today's puzzle, until a puzzle opens or the person asks
    /// for something else: the page is laid out for it meanwhile (`State::making_daily`).
    pub greeting: bool,
}

/// What a report means for the board: a new puzzle (digits by cell) with where it came
/// from, or nothing.
pub type Made = Option<(Vec<u8>, Origin)>;

/// The levels a size is made at, with their indices in `Level::ASKED` (as `Wanted` holds
/// them).
pub fn offered_levels(shape: Shape) -> Vec<(u8, Level)> {
    indexed(&Level::ASKED, levels(shape))
}

/// The trainers a size is made for, with their indices in `Technique::classic()`.
pub fn offered_techniques(shape: Shape) -> Vec<(u8, Technique)> {
    indexed(&Technique::classic(), &techniques(shape))
}

fn indexed<T: Copy + PartialEq>(all: &[T], offered: &[T]) -> Vec<(u8, T)> {
    (0u8..)
        .zip(all.iter().copied())
        .filter(|(_, t)| offered.contains(t))
        .collect()
}

impl Maker {
    /// A puzzle was asked for: `wanted`, from `seed`.
    pub fn ask(&mut self, wanted: Wanted, seed: Seed) {
        self.making = Some(0);
        self.error = None;
        self.asked = Some((wanted, seed));
    }

    /// Takes the dialog's choices, dropping a level or technique that the size chosen is
    /// not made at back to "any".
    pub fn choose(&mut self, mut choices: Wanted) {
        let shape = choices.shape();
        choices.level = choices
            .level
            .filter(|&l| offered_levels(shape).iter().any(|&(i, _)| i == l));
        choices.technique = choices
            .technique
            .filter(|&t| offered_techniques(shape).iter().any(|&(i, _)| i == t));
        self.choices = choices;
    }

    /// A report from the worker about the request for board `ticket`.
    pub fn report(&mut self, ticket: Ticket, report: Report) -> Result<Made, String> {
        match report {
            Report::Progress { ticket: t, nodes } if t == ticket && self.making.is_some() => {
                self.making = Some(nodes);
                Ok(None)
            }
            Report::Done {
                ticket: t, answer, ..
            } if t == ticket && self.making.is_some() => {
                self.making = None;
                match answer {
                    Answer::Generated {
                        puzzle,
                        level,
                        rating,
                    } => {
                        self.open = false;
                        let Some((wanted, seed)) = self.asked.take() else {
                            return Ok(None);
                        };
                        let origin = Origin {
                            wanted,
                            seed,
                            level,
                            rating,
                        };
                        Ok(Some((puzzle, origin)))
                    }
                    Answer::NotGenerated => {
                        self.error = Some(
                            "No such puzzle came up in 20,000 tries: try another level or technique."
                                .into(),
                        );
                        Ok(None)
                    }
                    _ => Err(
                        "The new puzzle could not be made: the worker answered something else."
                            .into(),
                    ),
                }
            }
            Report::Failed { reason, .. } if self.making.is_some() => {
                self.making = None;
                self.error = Some(format!("The new puzzle could not be made: {reason}."));
                Ok(None)
            }
            _ => Ok(None),
        }
    }
}
