//! What the exact solver has said about the board: the newest answer, where the worker
//! stands, and the count limit. The status line is made here.

use std::rc::Rc;

use sudoku_engine::decimal::fixed;

use crate::board::Kind;
use crate::protocol::{Answer, Report, Ticket};
use crate::state::play::Written;
use crate::state::{Change, Help, Mode, Play, Preferences};

/// The exact solver: its answers and where it stands, the count, and a cell revealed.
pub enum SolverAction {
    /// The count limit field's text.
    SetLimit(String),
    CountStarted,
    Stopped,
    /// What the solver's client reports for the newest request.
    Report(Report),
    /// A solve has taken longer than the "Solving…" threshold.
    Slow(u32),
    Reveal,
}

impl SolverAction {
    /// Whether the action edits the board, as undo takes it back: a revealed cell.
    pub(super) fn is_edit(&self) -> bool {
        matches!(self, SolverAction::Reveal)
    }

    /// Applies the action to the solver alone, reading the board `play` holds and the
    /// preferences (the live verdict).
    pub(super) fn apply(self, solver: &mut Solver, play: &Play, settings: &Preferences) -> Change {
        match self {
            SolverAction::SetLimit(text) => solver.set_limit(&text),
            SolverAction::CountStarted => solver.phase = Phase::Counting { nodes: 0 },
            SolverAction::Stopped => solver.phase = Phase::Stopped,
            SolverAction::Report(report) => {
                let told_before = solver.tells_no_solution();
                // Only a verdict keeps what it was asked about; a count or a count's
                // progress does not, so those build nothing.
                let verdict = matches!(&report, Report::Done { answer, .. }
                    if !matches!(answer, Answer::Counted { .. }));
                let about = verdict.then(|| Asked::now(play, settings.live_verdict));
                let change = match solver.report(play.ticket(), about, report) {
                    Ok(changed) => Change::from(changed),
                    Err(message) => Change::Said(message),
                };
                // The live verdict told of a digit that leaves no solution though it
                // breaks no rule: help, as a Check is.
                let told = !told_before && solver.tells_wrong_digit(play, settings);
                return match change {
                    Change::Changed if told => Change::Helped(Help::Told),
                    change => change,
                };
            }
            SolverAction::Slow(revision) => {
                if revision != play.revision || !matches!(solver.phase, Phase::Waiting { .. }) {
                    return Change::Unchanged;
                }
                solver.phase = Phase::Waiting { slow: true };
            }
            SolverAction::Reveal => return reveal(solver, play),
        }
        Change::Changed
    }
}

/// Writes the solution's digit into the selected cell if it is empty, else into the first
/// empty cell.
fn reveal(solver: &Solver, play: &Play) -> Change {
    let Some(solution) = solver.solution(play.ticket(), play.board.len()) else {
        return Change::Unchanged;
    };
    let unique = solver.is_unique();
    let board = &play.board;
    let empty = |c: usize| board.kind(c) == Kind::Empty;
    let Some(cell) = Some(play.selected)
        .filter(|&c| empty(c))
        .or_else(|| (0..board.len()).find(|&c| empty(c)))
    else {
        return Change::Unchanged;
    };
    // One of several solutions may not hold after its digit is written: ask.
    let written = Written {
        digits: vec![(cell, solution[cell])],
        kind: Kind::Revealed,
        eliminations: Vec::new(),
        answer_holds: unique,
    };
    Change::Wrote(written, Some(Help::Spoiler))
}

/// The largest count limit: the largest whole number a page's number field holds exactly
/// (2^53 - 1), so the limit the person typed is the limit the worker gets.
pub const MAX_LIMIT: u64 = (1 << 53) - 1;

/// Where the worker stands for the current board.
#[derive(Clone, Debug, PartialEq)]
pub enum Phase {
    /// An answer for this board arrived (or nothing has been asked yet).
    Settled,
    /// A solve was asked; `slow` once it has taken longer than the grace for "Solving…".
    Waiting {
        slow: bool,
    },
    Counting {
        nodes: u64,
    },
    Stopped,
}

/// A solver's answer and the board it was computed for.
#[derive(Clone, Debug, PartialEq)]
pub struct Answered {
    pub ticket: Ticket,
    pub answer: Answer,
    pub micros: u64,
    /// What a verdict was asked about (none for a count): it holds on any board that asks
    /// the same.
    pub about: Option<Asked>,
}

/// What a verdict is asked about: the digits the solver searched from and the variant's
/// payload (none for the classic rules).
#[derive(Clone, Debug, PartialEq)]
pub struct Asked {
    pub digits: Vec<u8>,
    pub rules: Option<Rc<str>>,
}

impl Asked {
    /// What a verdict asked now about the board `play` holds is about, as the live
    /// verdict setting (`live`) says (`Play::verdict_grid`).
    pub(super) fn now(play: &Play, live: bool) -> Asked {
        Asked {
            digits: play.verdict_grid(live).cells().to_vec(),
            rules: play.board.variant().map(|v| v.payload.clone()),
        }
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct Solver {
    /// The newest answer. While `phase` is `Waiting` it belongs to the board before the
    /// last edit: its text stands in until "Solving…" is due, and nothing else of it shows.
    pub answer: Option<Answered>,
    pub phase: Phase,
    pub count_limit: u64,
    /// Why the count limit field holds no usable limit, while it does not.
    pub limit_error: Option<String>,
}

impl Default for Solver {
    fn default() -> Solver {
        Solver {
            answer: None,
            phase: Phase::Settled,
            count_limit: 10_000,
            limit_error: None,
        }
    }
}

impl Solver {
    /// The first solution known for the board `ticket` of `cells` cells, if any.
    pub fn solution(&self, ticket: Ticket, cells: usize) -> Option<&[u8]> {
        if self.phase != Phase::Settled {
            return None;
        }
        let answered = self.answer.as_ref().filter(|a| a.ticket == ticket)?;
        match &answered.answer {
            Answer::Unique(s) | Answer::UniqueRegions { cells: s, .. } | Answer::Multiple(s, _)
                if s.len() == cells =>
            {
                Some(s)
            }
            _ => None,
        }
    }

    /// The regions of the solution of a chaos construction known for the board `ticket`
    /// of `cells` cells, if any (each cell's region, numbered from 0).
    pub fn regions(&self, ticket: Ticket, cells: usize) -> Option<&[u8]> {
        if self.phase != Phase::Settled {
            return None;
        }
        match &self.answer.as_ref().filter(|a| a.ticket == ticket)?.answer {
            Answer::UniqueRegions { regions, .. } if regions.len() == cells => Some(regions),
            _ => None,
        }
    }

    /// Why the board `ticket` is no proper puzzle (`broken`: its digits repeat in a house
    /// or break a rule): none when the solver found exactly one solution for it.
    pub fn doubt(&self, ticket: Ticket, broken: bool) -> Option<&'static str> {
        const NONE: &str = "This puzzle has no solution.";
        if broken {
            return Some(NONE);
        }
        let answer = self
            .answer
            .as_ref()
            .filter(|a| a.ticket == ticket && self.phase == Phase::Settled);
        match answer.map(|a| &a.answer) {
            Some(
                Answer::Unique(_)
                | Answer::UniqueRegions { .. }
                | Answer::Counted {
                    count: 1,
                    complete: true,
                },
            ) => None,
            Some(
                Answer::NoSolution
                | Answer::Conflict(_)
                | Answer::Invalid(_)
                | Answer::Counted {
                    count: 0,
                    complete: true,
                },
            ) => Some(NONE),
            Some(Answer::Multiple(..) | Answer::Counted { .. }) => {
                Some("This puzzle has more than one solution, so hints and Check cannot help.")
            }
            _ => Some("The solver has not finished checking this puzzle."),
        }
    }

    /// Whether the live verdict tells of a digit that leaves no solution though it breaks
    /// no rule: the page then marks it, as Check would.
    pub fn tells_wrong_digit(&self, play: &Play, settings: &Preferences) -> bool {
        self.tells_no_solution()
            && self.phase == Phase::Settled
            && play.mode == Mode::Solving
            && settings.live_verdict
            && play.conflicts.is_empty()
            && play.broken.is_none()
    }

    /// Whether the newest answer says there is no solution.
    fn tells_no_solution(&self) -> bool {
        matches!(
            self.answer.as_ref().map(|a| &a.answer),
            Some(Answer::NoSolution | Answer::Conflict(_))
        )
    }

    /// True if the answer for the board is a unique solution.
    pub fn is_unique(&self) -> bool {
        matches!(
            self.answer.as_ref().map(|a| &a.answer),
            Some(Answer::Unique(_) | Answer::UniqueRegions { .. })
        )
    }

    /// The solver's status line; it always starts with one of: Unique solution, No
    /// solution, Multiple solutions, Solving…, Counting…, Stopped. How long the solver took
    /// is said only with `details` (the "solver details" setting).
    pub fn status(&self, details: bool) -> String {
        match (&self.phase, &self.answer) {
            (Phase::Stopped, _) => "Stopped".into(),
            (Phase::Counting { nodes }, _) => {
                format!("Counting… {} positions searched", group(*nodes))
            }
            (Phase::Waiting { slow: true }, _) | (_, None) => "Solving…".into(),
            (_, Some(Answered { answer, micros, .. })) => {
                let time = took(*micros);
                // The solver's time, said only with details.
                let timed = |text: &str, timing: String| match details {
                    true => format!("{text} ({timing})"),
                    false => text.to_string(),
                };
                match answer {
                    Answer::Unique(_) | Answer::UniqueRegions { .. } => {
                        timed("Unique solution", time)
                    }
                    Answer::Multiple(..) => timed("Multiple solutions (at least 2)", time),
                    Answer::Conflict(c) => format!("No solution: {c}"),
                    Answer::NoSolution
                    | Answer::Counted {
                        count: 0,
                        complete: true,
                    } => timed("No solution", time),
                    Answer::Counted {
                        count: 1,
                        complete: true,
                    } => timed("Unique solution", format!("counted in {time}")),
                    Answer::Counted { count, complete }
                        if *complete && *count < self.count_limit =>
                    {
                        let text = format!("Multiple solutions: {}", group(*count));
                        timed(&text, format!("counted in {time}"))
                    }
                    Answer::Counted { count, .. } => {
                        let text = format!("Multiple solutions: at least {}", group(*count));
                        match details {
                            true => format!("{text} (stopped at the limit after {time})"),
                            false => format!("{text} (stopped at the limit)"),
                        }
                    }
                    Answer::Invalid(e) => format!("No solution: {e}"),
                    // Logic, new-puzzle and scan answers go elsewhere, never here.
                    Answer::Hint(_)
                    | Answer::Path(_)
                    | Answer::Checked { .. }
                    | Answer::TrueCandidates { .. }
                    | Answer::Generated(..)
                    | Answer::NotGenerated
                    | Answer::Scanned(_)
                    | Answer::Unreadable(_)
                    | Answer::Reviewed(_) => "Solving…".into(),
                }
            }
        }
    }

    /// Takes the limit field's text.
    pub fn set_limit(&mut self, text: &str) {
        match parse_limit(text) {
            Ok(limit) => {
                self.count_limit = limit;
                self.limit_error = None;
            }
            Err(message) => self.limit_error = Some(message),
        }
    }

    /// A report about a request for the board `ticket`, whose verdict is asked `about`
    /// that (none for a count): false if it changes nothing. A failure's message is for
    /// the notice.
    pub fn report(
        &mut self,
        ticket: Ticket,
        about: Option<Asked>,
        report: Report,
    ) -> Result<bool, String> {
        match report {
            Report::Progress { ticket: t, nodes } => {
                if t != ticket || !matches!(self.phase, Phase::Counting { .. }) {
                    return Ok(false);
                }
                self.phase = Phase::Counting { nodes };
            }
            Report::Done {
                ticket: t,
                answer,
                micros,
            } => {
                if t != ticket
                    || matches!(
                        answer,
                        Answer::Hint(_)
                            | Answer::Path(_)
                            | Answer::Checked { .. }
                            | Answer::Generated(..)
                            | Answer::NotGenerated
                            | Answer::Scanned(_)
                            | Answer::Unreadable(_)
                            | Answer::Reviewed(_)
                    )
                {
                    return Ok(false);
                }
                self.answer = Some(Answered {
                    ticket: t,
                    answer,
                    micros,
                    about,
                });
                self.phase = Phase::Settled;
            }
            Report::Failed { ticket: t, reason } => {
                if t == Some(ticket) && self.phase != Phase::Settled {
                    self.phase = Phase::Stopped;
                }
                return Err(format!("The solver could not answer: {reason}."));
            }
            Report::Restarted | Report::Outdated => return Ok(false),
        }
        Ok(true)
    }
}

/// The count limit typed into its field, or what is wrong with it.
pub fn parse_limit(text: &str) -> Result<u64, String> {
    match text.trim().parse::<u64>() {
        Ok(limit) if (1..=MAX_LIMIT).contains(&limit) => Ok(limit),
        _ => Err(format!(
            "The count limit must be a whole number from 1 to {}.",
            group(MAX_LIMIT)
        )),
    }
}

fn took(micros: u64) -> String {
    let places = if micros < 10_000 { 1 } else { 0 };
    format!("{} ms", fixed(micros as f64 / 1000.0, places))
}

/// 1234567 as "1,234,567".
pub fn group(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, ch) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(ch);
    }
    out
}
