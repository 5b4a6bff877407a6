//! A puzzle being scanned: the image read in the worker, then the review, where the person
//! sets the reading beside the straightened grid, corrects it and accepts it.

use std::rc::Rc;

use crate::board::Board;
use crate::protocol::{Answer, ReadVerdict, Report, Review, ScanView, Ticket};
use crate::state::{grid_of, Change, Timer};

/// The "Scan" dialog and the image being read.
pub enum ScanAction {
    /// The dialog opens (true) or closes.
    Show(bool),
    /// An image was sent to be read, under this ticket.
    Scanning(Ticket),
    /// The image under this ticket could not be decoded: why.
    Failed(Ticket, String),
    /// The person corrects a cell of the reading (cell, digit or 0), checked under the ticket.
    Correct(usize, u8, Ticket),
    /// The reading becomes the puzzle.
    Accept,
    /// What the scan worker's client reports.
    Report(Report),
}

impl ScanAction {
    pub(super) fn apply(self, scanner: &mut Scanner) -> Change {
        match self {
            ScanAction::Show(open) => {
                scanner.open = open;
                scanner.phase = ScanPhase::Idle;
            }
            ScanAction::Scanning(ticket) => {
                scanner.open = true;
                scanner.ticket = ticket;
                scanner.phase = ScanPhase::Reading;
            }
            ScanAction::Failed(ticket, why) => {
                if ticket == scanner.ticket && scanner.phase == ScanPhase::Reading {
                    scanner.phase = ScanPhase::Failed(why);
                }
            }
            ScanAction::Correct(cell, digit, ticket) => scanner.correct(cell, digit, ticket),
            ScanAction::Report(report) => scanner.report(report),
            ScanAction::Accept => {
                let ScanPhase::Review(reading) = &scanner.phase else {
                    return Change::Changed;
                };
                let Some(grid) = grid_of(reading.cells.clone()) else {
                    return Change::Unchanged;
                };
                *scanner = Scanner::default();
                return Change::Opened(Board::from_puzzle(&grid), Timer::default(), None);
            }
        }
        Change::Changed
    }
}

/// Cells read with less confidence than this (in percent) are marked for the person.
pub const UNSURE: u8 = 90;

#[derive(Clone, Debug, Default, PartialEq)]
pub struct Scanner {
    pub open: bool,
    /// The newest request's ticket: each image and each correction gets a new one from
    /// the page, and an answer with any other is dropped.
    pub ticket: Ticket,
    pub phase: ScanPhase,
}

#[derive(Clone, Debug, Default, PartialEq)]
pub enum ScanPhase {
    #[default]
    Idle,
    Reading,
    /// Why the image gave no puzzle.
    Failed(String),
    Review(Transcript),
}

/// The digits read from an image, as the person reviews and corrects them.
#[derive(Clone, Debug, PartialEq)]
pub struct Transcript {
    /// Digits by cell, as read and then corrected.
    pub cells: Vec<u8>,
    pub confidence: Vec<u8>,
    pub second: Vec<u8>,
    /// The straightened grid: its side and grey pixels (shared: the state is cloned often).
    pub image: Rc<(u16, Vec<u8>)>,
    /// The solver's review of `cells`; `None` while a correction is being checked.
    pub review: Option<Review>,
}

impl Transcript {
    pub fn side(&self) -> usize {
        self.cells.len().isqrt()
    }

    /// Whether a cell was read with low confidence and not corrected since.
    pub fn unsure(&self, cell: usize) -> bool {
        self.confidence[cell] < UNSURE
    }

    /// What the solver says of the reading, for the review's status line.
    pub fn status(&self) -> String {
        let Some(review) = &self.review else {
            return "Checking…".into();
        };
        match &review.verdict {
            ReadVerdict::Unique => "Unique solution: accept it, or correct it first.".into(),
            ReadVerdict::Several => {
                "Several solutions: a digit may have been missed. Compare with the image.".into()
            }
            ReadVerdict::NoSolution => {
                "No solution: a digit was probably misread (outlined).".into()
            }
            ReadVerdict::Conflict(c) => format!("No solution: {c}. Compare with the image."),
            ReadVerdict::Unsettled => "Not settled yet: the puzzle is hard to decide.".into(),
        }
    }
}

impl Scanner {
    /// A report from the scan worker's client.
    pub fn report(&mut self, report: Report) {
        match report {
            Report::Done { ticket, answer, .. } if ticket == self.ticket => {
                self.phase = match (answer, std::mem::take(&mut self.phase)) {
                    (Answer::Scanned(view), ScanPhase::Reading) => {
                        ScanPhase::Review(Transcript::from(view))
                    }
                    (Answer::Reviewed(review), ScanPhase::Review(mut reading)) => {
                        reading.review = Some(review);
                        ScanPhase::Review(reading)
                    }
                    (Answer::Unreadable(why), ScanPhase::Reading) => ScanPhase::Failed(why),
                    (Answer::Invalid(why), _) => {
                        ScanPhase::Failed(format!("The image could not be read: {why}."))
                    }
                    (_, phase) => phase,
                }
            }
            Report::Failed {
                ticket: Some(ticket),
                reason,
            } if ticket == self.ticket => {
                self.phase = ScanPhase::Failed(format!("The image could not be read: {reason}."))
            }
            _ => {}
        }
    }

    /// The person corrects a cell of the reading: it is checked again under `ticket`.
    pub fn correct(&mut self, cell: usize, digit: u8, ticket: Ticket) {
        if let ScanPhase::Review(reading) = &mut self.phase {
            if cell < reading.cells.len() && usize::from(digit) <= reading.side() {
                reading.cells[cell] = digit;
                // The person's own digit is sure.
                reading.confidence[cell] = 100;
                reading.review = None;
                self.ticket = ticket;
            }
        }
    }
}

impl From<ScanView> for Transcript {
    fn from(view: ScanView) -> Transcript {
        Transcript {
            cells: view.cells,
            confidence: view.confidence,
            second: view.second,
            image: Rc::new((view.image_side, view.image)),
            review: Some(view.review),
        }
    }
}
