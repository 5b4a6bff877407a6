//! A new puzzle being asked for: the choices in the "New puzzle" dialog, and how far the
//! worker has got.

use crate::protocol::{Answer, Report, Ticket};

/// What the dialog asks for, as `Job::Generate` carries it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Choices {
    pub side: u8,
    /// Index of Easy to Extreme; any if `None`.
    pub level: Option<u8>,
    /// Index into the engine's `Symmetry::ALL`.
    pub symmetry: u8,
    /// Index into the engine's `Technique::ALL`; any if `None`.
    pub technique: Option<u8>,
    pub minimal: bool,
}

impl Default for Choices {
    fn default() -> Choices {
        Choices {
            side: 9,
            level: Some(1),
            symmetry: 1,
            technique: None,
            minimal: false,
        }
    }
}

#[derive(Clone, Debug, Default, PartialEq)]
pub struct Maker {
    pub open: bool,
    pub choices: Choices,
    /// Candidates tried so far, while the worker makes one.
    pub making: Option<u64>,
    /// Why the last request made nothing.
    pub error: Option<String>,
}

/// What a report means for the board: a new puzzle (digits by cell) with its level and
/// rating, or nothing.
pub type Made = Option<(Vec<u8>, String, f32)>;

impl Maker {
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
