//! A new puzzle being asked for: the choices in the "New puzzle" dialog, how far the
//! worker has got, and the next puzzle of the kind last asked for, made ahead.

use serde::{Deserialize, Serialize};
use sudoku_engine::generate::variant::Genre;
use sudoku_engine::generate::{levels, techniques};
use sudoku_engine::logic::{Level, Technique};
use sudoku_engine::Shape;

use crate::board::Board;
use crate::protocol::{Answer, MadeView, Report, Seed, Ticket, Wanted};
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
    /// The next puzzle of the kind last asked for was asked of the worker that makes it
    /// ahead, from this seed.
    AheadAsked(Wanted, Seed),
    /// What that worker's client reports.
    AheadReport(Report),
    /// New puzzle asked for the kind made ahead: it opens at once.
    TakeAhead,
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
            MakerAction::AheadAsked(wanted, seed) => {
                maker.ahead = Some(Ahead {
                    wanted,
                    seed,
                    made: None,
                });
            }
            MakerAction::AheadReport(report) => maker.ahead_report(report),
            MakerAction::TakeAhead => {
                let Some(Ahead {
                    wanted,
                    seed,
                    made: Some(made),
                }) = maker.ahead.take()
                else {
                    return Change::Unchanged;
                };
                maker.last = Some(wanted);
                maker.open = false;
                return match generated(made, wanted, seed) {
                    Some(made) => open_made(made),
                    None => Change::Said(UNREADABLE.into()),
                };
            }
            MakerAction::Report(report) => match maker.report(ticket, report) {
                Ok(Some(made)) => return open_made(made),
                Ok(None) => {}
                Err(message) => return Change::Said(message),
            },
        }
        Change::Changed
    }
}

/// A puzzle made, opened on the board as a link's is.
fn open_made((made, origin): (Made, Origin)) -> Change {
    match made {
        Made::Classic(cells) => match grid_of(cells) {
            Some(grid) => Change::Opened(Board::from_puzzle(&grid), Timer::default(), Some(origin)),
            None => Change::Said(UNREADABLE.into()),
        },
        // A variant's link or document, read as a link's is.
        Made::Variant(document) => match Variant::open(&document) {
            Ok(opened) => Change::Opened(Board::opened(opened), Timer::default(), Some(origin)),
            Err(e) => Change::Said(format!("The new puzzle could not be read: {e}.")),
        },
    }
}

/// What is said when a puzzle made (or kept, made ahead) is not one.
const UNREADABLE: &str = "The new puzzle could not be read.";

/// A worker's `Generated` answer to `wanted` from `seed`: the puzzle and where it came
/// from; `None` for any other answer.
fn generated(made: MadeView, wanted: Wanted, seed: Seed) -> Option<(Made, Origin)> {
    let MadeView {
        puzzle,
        document,
        level,
        rating,
    } = made;
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
    Some((puzzle, origin))
}

/// The next puzzle of the kind last asked for, made ahead by a worker of its own while the
/// page is idle (`view/jobs.rs`), so that New puzzle with the same choice opens it at
/// once; kept in localStorage once made (`storage::save_ahead`), so a reload keeps it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Ahead {
    pub wanted: Wanted,
    pub seed: Seed,
    /// The worker's puzzle, once it came.
    pub made: Option<MadeView>,
}

impl Ahead {
    /// Whether it is made, as `wanted`.
    pub fn ready_for(&self, wanted: Wanted) -> bool {
        self.wanted == wanted && self.made.is_some()
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
    /// The kind of puzzle last asked for from a seed at random, whose next is made ahead.
    pub last: Option<Wanted>,
    pub ahead: Option<Ahead>,
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

/// The variants New puzzle offers: those made from Easy up, so that choosing one never
/// takes Easy away. 10-lines (from Hard) and anti-taxicab (Medium alone) are made by the
/// command line until they are made easy too.
pub fn offered_genres() -> Vec<Genre> {
    let easy = |g: &Genre| g.levels().first() == Some(&Level::Easy);
    Genre::ALL.into_iter().filter(easy).collect()
}

/// Today's variant on a date, the same for everyone: the offered variants in turn, a day
/// each, at `level` (as `Wanted` holds it), or at the variant's easiest where none is chosen.
pub fn daily_variant(year: u16, month: u8, day: u8, level: Option<u8>) -> Wanted {
    let genres = offered_genres();
    let day = days_since_epoch(year, month, day).rem_euclid(genres.len() as i64);
    let wanted = Wanted::variant(genres[day as usize], level);
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
        if let Seed::Random(_) = seed {
            self.last = Some(wanted);
        }
    }

    /// The kind whose next puzzle is to be made ahead now: the one last asked for, while
    /// no puzzle is being made and none of it is made or being made ahead.
    pub fn to_make_ahead(&self) -> Option<Wanted> {
        let last = self.last.filter(|_| self.making.is_none())?;
        match &self.ahead {
            Some(ahead) if ahead.wanted == last => None,
            _ => Some(last),
        }
    }

    /// A report from the worker that makes ahead: the puzzle kept, or, where none came,
    /// nothing more made ahead until the next kind is asked for.
    fn ahead_report(&mut self, report: Report) {
        match report {
            Report::Done {
                answer: Answer::Generated(made),
                ..
            } => {
                if let Some(ahead) = self.ahead.as_mut() {
                    ahead.made = Some(made);
                }
            }
            Report::Done { .. } | Report::Failed { .. } | Report::Outdated => {
                self.ahead = None;
                self.last = None;
            }
            Report::Progress { .. } | Report::Restarted => {}
        }
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
                    Answer::Generated(made) => {
                        self.open = false;
                        let Some((wanted, seed)) = self.asked.take() else {
                            return Ok(None);
                        };
                        Ok(generated(made, wanted, seed))
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
