//! A new puzzle being asked for: the choices in the "New puzzle" dialog, and how far the
//! worker has got.

use sudoku_engine::generate::variant::Genre;
use sudoku_engine::generate::{levels, techniques};
use sudoku_engine::logic::{Level, Technique};
use sudoku_engine::Shape;

use crate::board::Board;
use crate::protocol::{Answer, Report, Seed, Ticket, Wanted};
use crate::state::game::Origin;
use crate::state::{days_since_epoch, grid_of, Change, Timer};
use crate::variant::Variant;

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
    /// Applies the action to the maker alone; `ticket` is the board's now, which a puzzle
    /// made must have been asked on.
    pub(super) fn apply(self, maker: &mut Maker, ticket: Ticket) -> Change {
        match self {
            MakerAction::Show(open) => {
                maker.open = open;
                maker.error = None;
            }
            MakerAction::Choose(choices) => maker.choose(choices),
            MakerAction::Asked(wanted, seed) => maker.ask(wanted, seed),
            MakerAction::Greet => maker.greeting = true,
            MakerAction::Stopped => {
                maker.making = None;
                maker.greeting = false;
            }
            MakerAction::Report(report) => {
                match maker.report(ticket, report) {
                    Ok(Some((Made::Classic(cells), origin))) => {
                        let Some(grid) = grid_of(cells) else {
                            return Change::Unchanged;
                        };
                        let board = Board::from_puzzle(&grid);
                        return Change::Opened(board, Timer::default(), Some(origin));
                    }
                    // A variant's link or document, read as a link's is.
                    Ok(Some((Made::Variant(document), origin))) => {
                        return match Variant::open(&document) {
                            Ok(opened) => Change::Opened(
                                Board::opened(opened),
                                Timer::default(),
                                Some(origin),
                            ),
                            Err(e) => {
                                Change::Said(format!("The new puzzle could not be read: {e}."))
                            }
                        };
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

/// A puzzle the worker made.
#[derive(Debug, PartialEq)]
pub enum Made {
    /// Digits by cell.
    Classic(Vec<u8>),
    /// A variant's own link (`made…`), or its f-puzzles document as JSON text.
    Variant(String),
}

/// The levels a puzzle as `wanted` is made at (a variant's, or a classic size's), with
/// their indices in `Level::ASKED` (as `Wanted` holds them).
pub fn offered_levels(wanted: &Wanted) -> Vec<(u8, Level)> {
    let offered = match wanted.genre() {
        Some(genre) => genre.levels(),
        None => levels(wanted.shape()),
    };
    indexed(&Level::ASKED, offered)
}

/// The trainers a size is made for, with their indices in `Technique::classic()`.
pub fn offered_techniques(shape: Shape) -> Vec<(u8, Technique)> {
    indexed(&Technique::classic(), &techniques(shape))
}

/// Today's variant on a date, the same for everyone: the variants in turn, a day each, at
/// `level` (as `Wanted` holds it), or at the variant's easiest where none is chosen.
pub fn daily_variant(year: u16, month: u8, day: u8, level: Option<u8>) -> Wanted {
    let day = days_since_epoch(year, month, day).rem_euclid(Genre::ALL.len() as i64);
    let wanted = Wanted::variant(Genre::ALL[day as usize], level);
    let offered = offered_levels(&wanted);
    match offered.iter().any(|&(i, _)| Some(i) == level) {
        true => wanted,
        false => Wanted {
            level: offered.first().map(|&(i, _)| i),
            ..wanted
        },
    }
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
    /// not made at back to "any"; a variant is a 9x9 made at a level alone.
    pub fn choose(&mut self, mut choices: Wanted) {
        if let Some(genre) = choices.genre() {
            choices = Wanted::variant(genre, choices.level);
        }
        let shape = choices.shape();
        let levels = offered_levels(&choices);
        choices.level = choices
            .level
            .filter(|&l| levels.iter().any(|&(i, _)| i == l));
        choices.technique = choices
            .technique
            .filter(|&t| offered_techniques(shape).iter().any(|&(i, _)| i == t));
        self.choices = choices;
    }

    /// A report from the worker about the request for board `ticket`: a new puzzle with
    /// where it came from, or nothing for the board.
    pub fn report(
        &mut self,
        ticket: Ticket,
        report: Report,
    ) -> Result<Option<(Made, Origin)>, String> {
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
                        document,
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
                        let puzzle = match document {
                            Some(document) => Made::Variant(document),
                            None => Made::Classic(puzzle),
                        };
                        Ok(Some((puzzle, origin)))
                    }
                    Answer::NotGenerated => {
                        self.error = Some(
                            "No such puzzle came up in the tries allowed: try another level or technique."
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
