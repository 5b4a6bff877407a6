//! The teaching side of the state: the hint in its stages, the logical path from the givens,
//! and whether either is being worked out.

use std::rc::Rc;

use sudoku_engine::logic::Candidates;
use sudoku_engine::Puzzle;

use crate::board::{Board, Kind};
use crate::protocol::{Answer, Hint, PathView, Report, StepView, Ticket};
use crate::state::play::Written;
use crate::state::{Change, Help, Play};

/// Hints, Check and the step list.
pub enum LessonAction {
    /// A hint was asked for; the next press shows more of it.
    AskedHint,
    HintMore,
    /// Performs the hinted step on the board.
    ApplyHint,
    AskedPath,
    /// A finished puzzle this app did not make is rated: its path is worked out but not
    /// shown.
    AskedRating,
    /// Check was pressed: which of the player's digits are wrong?
    AskedCheck,
    /// The live verdict told of a digit that leaves no solution: which one? Asked as
    /// Check is, and counted as help once already (`Help::Told`).
    AskedVerdictCells,
    /// The setter asked for every cell's true candidates.
    AskedTrueCandidates,
    HideTrueCandidates,
    ShowStep(usize),
    CloseSteps,
    /// A hint or the path was cancelled before it came.
    Stopped,
    /// What the logic worker's client reports.
    Report(Report),
}

impl LessonAction {
    /// Whether the action edits the board, as undo takes it back: a hint applied.
    pub(super) fn is_edit(&self) -> bool {
        matches!(self, LessonAction::ApplyHint)
    }

    /// Applies the action to the lesson alone, reading the board `play` holds.
    pub(super) fn apply(self, lesson: &mut Lesson, play: &Play) -> Change {
        match self {
            LessonAction::AskedHint | LessonAction::AskedPath | LessonAction::AskedCheck => {
                lesson.hint = None;
                lesson.checked = None;
                lesson.verdict_cells = false;
                lesson.thinking = true;
                lesson.rating = false;
                return Change::Helped(match self {
                    LessonAction::AskedHint => Help::Hint,
                    LessonAction::AskedCheck => Help::Check,
                    _ => Help::Spoiler,
                });
            }
            LessonAction::AskedVerdictCells => {
                lesson.checked = None;
                lesson.verdict_cells = true;
            }
            LessonAction::AskedRating => lesson.rating = true,
            LessonAction::AskedTrueCandidates => {
                lesson.truth = None;
                lesson.thinking = true;
            }
            LessonAction::HideTrueCandidates => {
                if lesson.truth.take().is_none() {
                    return Change::Unchanged;
                }
            }
            LessonAction::HintMore => {
                if !lesson.more() {
                    return Change::Unchanged;
                }
            }
            LessonAction::ApplyHint => {
                // A step's placements and eliminations, or the digit found by search.
                let (placements, eliminations) = match lesson.hint.take() {
                    Some((Hint::Step(step), _)) => (step.placements, step.eliminations),
                    Some((Hint::Searched { cell, digit }, _)) => (vec![(cell, digit)], Vec::new()),
                    _ => return Change::Unchanged,
                };
                let written = Written {
                    digits: placements,
                    kind: Kind::User,
                    eliminations,
                    answer_holds: false,
                };
                return Change::Wrote(written, None);
            }
            LessonAction::ShowStep(at) => {
                if !lesson.show_step(at) {
                    return Change::Unchanged;
                }
            }
            LessonAction::CloseSteps => match lesson.steps.as_mut() {
                Some(steps) => steps.viewing = false,
                None => return Change::Unchanged,
            },
            LessonAction::Stopped => lesson.thinking = false,
            LessonAction::Report(report) => {
                return lesson
                    .report(play.ticket(), &play.board, report)
                    .unwrap_or_else(Change::Said);
            }
        }
        Change::Changed
    }
}

/// A step hint's stages: where to look, then what and why with Apply, so that each of the
/// three presses (Hint, Show more, Apply) does something.
pub const HINT_STAGES: u8 = 2;

/// The logical path from the givens, which step is looked at, and whether the board
/// shows it.
#[derive(Clone, Debug, PartialEq)]
pub struct Steps {
    /// Shared, so that the state copied by every action (a tick each second among them)
    /// does not copy every step.
    pub path: Rc<PathView>,
    /// The givens the path was worked out for, and the payload of the variant it was
    /// worked out under (none for the classic rules): a change of either (a setter's new
    /// rule too) drops the path.
    pub givens: Vec<u8>,
    pub variant: Option<Rc<str>>,
    /// How long the worker took to work it out.
    pub micros: u64,
    pub at: usize,
    pub viewing: bool,
}

/// The payload of the variant the board is played under, which names its rules.
fn variant_of(board: &Board) -> Option<Rc<str>> {
    board.variant().map(|v| v.payload.clone())
}

/// The cells a Check found wrong: by their digit, by their centre marks, and in a chaos
/// construction by their region (colour).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Checked {
    pub digits: Vec<usize>,
    pub marks: Vec<usize>,
    pub regions: Vec<usize>,
}

impl Checked {
    pub fn contains(&self, cell: usize) -> bool {
        self.digits.contains(&cell) || self.marks.contains(&cell) || self.regions.contains(&cell)
    }
}

#[derive(Clone, Debug, Default, PartialEq)]
pub struct Lesson {
    /// The hint being shown and how much of it: 1 where to look, 2 what and why, beside
    /// Apply (`HINT_STAGES`).
    pub hint: Option<(Hint, u8)>,
    pub steps: Option<Steps>,
    /// A hint or the path is being worked out in the worker.
    pub thinking: bool,
    /// What a Check found wrong on this board.
    pub checked: Option<Checked>,
    /// The check asked was the live verdict's, for the digit that leaves no solution.
    pub verdict_cells: bool,
    /// The true candidates of this board, by cell (bit `d - 1`), and whether all were
    /// proved.
    pub truth: Option<(Rc<Vec<u32>>, bool)>,
    /// The path being worked out rates a finished puzzle: it is not shown.
    pub rating: bool,
}

impl Lesson {
    /// The board changed: its hint and anything being worked out are stale, and so is a
    /// path for other givens.
    pub fn board_changed(&mut self, board: &Board) {
        self.hint = None;
        self.thinking = false;
        self.rating = false;
        self.checked = None;
        self.verdict_cells = false;
        self.truth = None;
        let givens = board.puzzle();
        if self
            .steps
            .as_ref()
            .is_some_and(|s| s.givens != givens.cells() || s.variant != variant_of(board))
        {
            self.steps = None;
        }
    }

    /// True while the board shows a step of the path rather than the player's board.
    pub fn viewing_path(&self) -> bool {
        self.steps.as_ref().is_some_and(|s| s.viewing)
    }

    /// The step of the path the board shows, if it shows one.
    pub fn path_step(&self) -> Option<&StepView> {
        let steps = self.steps.as_ref().filter(|s| s.viewing)?;
        steps.path.steps.get(steps.at)
    }

    /// `board`'s givens before step `at` of the path: digits and candidates by cell.
    /// Without a path, the givens and their candidates.
    pub fn snapshot(&self, board: &Board, at: usize) -> (Vec<u8>, Vec<u32>) {
        let givens = board.puzzle();
        // Candidates read the puzzle's houses and rules, not its givens: a variant's own
        // puzzle serves, uncloned, on every render of a path step.
        let classic;
        let puzzle = match board.variant() {
            Some(variant) => &variant.imported.puzzle,
            None => {
                classic = Puzzle::classic(givens.clone());
                &classic
            }
        };
        let mut c = Candidates::from_grid(&givens, puzzle);
        for step in self.steps.iter().flat_map(|s| s.path.steps.iter().take(at)) {
            for &(cell, digit) in &step.placements {
                c.place(cell, digit);
            }
            for &(cell, digit) in &step.eliminations {
                c.eliminate(cell, digit);
            }
        }
        (
            c.grid().cells().to_vec(),
            (0..c.cells()).map(|x| c.marks(x)).collect(),
        )
    }

    /// A report about a request for the board `ticket` with `board`'s givens: what it
    /// changes (a path rates a puzzle this app did not make, which the game records). A
    /// failure's message is for the notice.
    pub(super) fn report(
        &mut self,
        ticket: Ticket,
        board: &Board,
        report: Report,
    ) -> Result<Change, String> {
        match report {
            Report::Done {
                ticket: t,
                answer,
                micros,
            } => {
                if t != ticket {
                    return Ok(Change::Unchanged);
                }
                self.thinking = false;
                match answer {
                    Answer::Hint(hint) => self.hint = Some((hint, 1)),
                    Answer::Checked {
                        digits,
                        marks,
                        regions,
                    } => {
                        let on_board = |cells: Vec<usize>| {
                            cells.into_iter().filter(|&c| c < board.len()).collect()
                        };
                        self.checked = Some(Checked {
                            digits: on_board(digits),
                            marks: on_board(marks),
                            regions: on_board(regions),
                        })
                    }
                    Answer::TrueCandidates { cells, complete } if cells.len() == board.len() => {
                        self.truth = Some((Rc::new(cells), complete));
                    }
                    Answer::Path(path) if std::mem::take(&mut self.rating) => {
                        return Ok(Change::Helped(Help::Rated(path.level, path.rating)));
                    }
                    Answer::Path(path) => {
                        let rated = Help::Rated(path.level.clone(), path.rating);
                        self.steps = Some(Steps {
                            path: Rc::new(path),
                            givens: board.puzzle().cells().to_vec(),
                            variant: variant_of(board),
                            micros,
                            at: 0,
                            viewing: true,
                        });
                        return Ok(Change::Helped(rated));
                    }
                    _ => {}
                }
                Ok(Change::Changed)
            }
            Report::Failed { reason, .. } => {
                self.thinking = false;
                self.rating = false;
                Err(format!("The hint could not be worked out: {reason}."))
            }
            Report::Progress { .. } | Report::Restarted | Report::Outdated => Ok(Change::Unchanged),
        }
    }

    /// Shows more of a step hint; false if there is no more to show.
    pub fn more(&mut self) -> bool {
        match &mut self.hint {
            Some((Hint::Step(_), stage)) if *stage < HINT_STAGES => {
                *stage += 1;
                true
            }
            _ => false,
        }
    }

    pub fn show_step(&mut self, at: usize) -> bool {
        let Some(steps) = self.steps.as_mut() else {
            return false;
        };
        steps.at = at.min(steps.path.steps.len().saturating_sub(1));
        steps.viewing = true;
        true
    }
}
