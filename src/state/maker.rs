//! A new puzzle being asked for: the choices in the "New puzzle" dialog, and how far the
//! worker has got.

use sudoku_engine::generate::{levels, techniques};
use sudoku_engine::logic::{Level, Technique};
use sudoku_engine::Shape;

use crate::protocol::{Answer, Report, Ticket, Wanted};

#[derive(Clone, Debug, Default, PartialEq)]
pub struct Maker {
    pub open: bool,
    pub choices: Wanted,
    /// Candidates tried so far, while the worker makes one.
    pub making: Option<u64>,
    /// Why the last request made nothing.
    pub error: Option<String>,
}

/// What a report means for the board: a new puzzle (digits by cell) with its level and
/// rating, or nothing.
pub type Made = Option<(Vec<u8>, String, f32)>;

impl Maker {
    /// Takes the dialog's choices, dropping a level or technique that the size chosen is
    /// not made at back to "any".
    pub fn choose(&mut self, mut choices: Wanted) {
        let shape = Shape::for_side(usize::from(choices.side)).unwrap_or(Shape::NINE);
        let offered = |level: u8| {
            Level::ASKED
                .get(usize::from(level))
                .is_some_and(|l| levels(shape).contains(l))
        };
        choices.level = choices.level.filter(|&l| offered(l));
        let trained = techniques(shape);
        choices.technique = choices.technique.filter(|&t| {
            Technique::ALL
                .get(usize::from(t))
                .is_some_and(|t| trained.contains(t))
        });
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
                        Ok(Some((puzzle, level, rating)))
                    }
                    Answer::NotGenerated => {
                        self.error = Some(
                            "No such puzzle came up in 20,000 tries: try another level or technique."
                                .into(),
                        );
                        Ok(None)
                    }
                    other => Err(format!("The new puzzle could not be made: {other:?}")),
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
