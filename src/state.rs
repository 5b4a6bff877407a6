//! The page's state and every change to it, as a reducer. Effects (the worker, storage,
//! the clipboard) live in the components; this file only decides.

use std::rc::Rc;

use serde::{Deserialize, Serialize};
use sudoku_engine::symbols::symbol;
use sudoku_engine::{Conflict, Grid, Shape};
use yew::Reducible;

use sudoku_engine::logic::Candidates;
use sudoku_engine::Houses;

use crate::board::{Board, Kind};
use crate::protocol::{Answer, Hint, PathView, Report, Ticket};

/// The largest count limit: the largest whole number a page's number field holds exactly
/// (2^53 - 1), so the limit the person typed is the limit the worker gets.
pub const MAX_LIMIT: u64 = (1 << 53) - 1;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Mode {
    /// Typed digits become givens: the puzzle is being entered.
    Entering,
    /// Typed digits are the solver's own.
    Solving,
}

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
}

/// The logical path from the givens, which step is looked at, and whether the board
/// shows it.
#[derive(Clone, Debug, PartialEq)]
pub struct Steps {
    pub path: PathView,
    /// The givens the path was worked out for; a change of the givens drops the path.
    pub givens: Vec<u8>,
    /// How long the worker took to work it out.
    pub micros: u64,
    pub at: usize,
    pub viewing: bool,
}

#[derive(Clone, Debug, PartialEq)]
pub struct State {
    pub board: Board,
    /// The board's equal digits in a house, found once per edit for the board and status.
    pub conflicts: Vec<Conflict>,
    pub mode: Mode,
    pub selected: usize,
    pub show_solution: bool,
    /// The newest answer. While `phase` is `Waiting` it belongs to the board before the
    /// last edit: its text stands in until "Solving…" is due, and nothing else of it shows.
    pub answer: Option<Answered>,
    pub phase: Phase,
    /// Bumped on every change of the board (digits, givens or size), so effects save it,
    /// show it in the address and ask the worker; answers carry the revision they are for.
    pub revision: u32,
    /// A message for the person: an import error, "Copied", a notice about saved data.
    pub notice: Option<String>,
    pub count_limit: u64,
    /// Why the count limit field holds no usable limit, while it does not.
    pub limit_error: Option<String>,
    /// A new version of the app is installed and waits for a reload.
    pub update_ready: bool,
    /// A worker came from a newer deploy than this page: the page must reload.
    pub outdated: bool,
    /// The hint being shown and how much of it: 1 where to look, 2 what, 3 apply.
    pub hint: Option<(Hint, u8)>,
    /// Show every empty cell's candidates.
    pub show_candidates: bool,
    pub steps: Option<Steps>,
    /// A hint or the path is being worked out in the worker.
    pub thinking: bool,
}

pub enum Action {
    Select(usize),
    Move(String),
    /// Types a digit (0 clears) into the selected cell.
    Type(u8),
    /// Replaces the board with a puzzle whose digits are givens.
    Load(Grid),
    /// Opens a board from a link: givens and perhaps progress.
    Open(Board),
    Restore(Board, Mode),
    NewSize(Shape),
    ClearAll,
    ToggleSolution,
    Reveal,
    StartSolving,
    EditPuzzle,
    /// The count limit field's text.
    SetLimit(String),
    CountStarted,
    Stopped,
    /// What the solver's client reports for the newest request.
    Worker(Report),
    /// A solve has taken longer than the "Solving…" threshold.
    Slow(u32),
    Notice(Option<String>),
    UpdateReady,
    /// A hint was asked for; the next press shows more of it.
    AskedHint,
    HintMore,
    /// Performs the hinted step on the board.
    ApplyHint,
    ToggleCandidates,
    AskedPath,
    ShowStep(usize),
    CloseSteps,
    /// A hint or the path was cancelled before it came.
    LogicStopped,
    /// What the logic worker's client reports.
    Logic(Report),
}

const RESTARTED: &str = "The solver stopped unexpectedly and was restarted.";
const OUTDATED: &str =
    "A newer version of this app was installed in another tab; this tab reloads to use it.";

impl State {
    pub fn new(board: Board, mode: Mode) -> State {
        State {
            conflicts: board.conflicts(),
            board,
            mode,
            selected: 0,
            show_solution: false,
            answer: None,
            phase: Phase::Settled,
            revision: 0,
            notice: None,
            count_limit: 10_000,
            limit_error: None,
            update_ready: false,
            outdated: false,
            hint: None,
            show_candidates: false,
            steps: None,
            thinking: false,
        }
    }

    /// The board that requests are about, as the worker hands it back.
    pub fn ticket(&self) -> Ticket {
        Ticket {
            revision: self.revision,
            side: self.board.shape().n() as u8,
        }
    }

    /// The first solution known for the current board, if any.
    pub fn solution(&self) -> Option<&[u8]> {
        if self.phase != Phase::Settled {
            return None;
        }
        let answered = self.answer.as_ref().filter(|a| a.ticket == self.ticket())?;
        match &answered.answer {
            Answer::Unique(s) | Answer::Multiple(s, _) if s.len() == self.board.len() => Some(s),
            _ => None,
        }
    }

    /// The step of the path the board shows, if it shows one.
    pub fn path_step(&self) -> Option<&crate::protocol::StepView> {
        let steps = self.steps.as_ref().filter(|s| s.viewing)?;
        steps.path.steps.get(steps.at)
    }

    /// Every change of the board goes through here: what belonged to the old board (its
    /// hint, a hint or path being worked out, a path for other givens) is dropped, and the
    /// revision moves on so the board is saved, shown in the address and asked about.
    fn edited(mut self) -> State {
        self.hint = None;
        self.thinking = false;
        self.conflicts = self.board.conflicts();
        self.revision = self.revision.wrapping_add(1);
        self.phase = Phase::Waiting { slow: false };
        let givens = self.board.puzzle();
        if self
            .steps
            .as_ref()
            .is_some_and(|s| s.givens != givens.cells())
        {
            self.steps = None;
        }
        self
    }

    /// The one way a new board comes in: a link, a paste, a restore, a new size, Clear.
    fn replace(mut self, board: Board, mode: Mode) -> State {
        if board.len() != self.board.len() {
            self.selected = 0;
        }
        self.board = board;
        self.mode = mode;
        self.show_solution = false;
        self.steps = None;
        self.edited()
    }

    /// The status line; it always starts with one of: Unique solution, No solution,
    /// Multiple solutions, Solving…, Counting…, Stopped.
    pub fn status(&self) -> String {
        if let Some(conflict) = self.conflicts.first() {
            return format!("No solution: {conflict}");
        }
        match (&self.phase, &self.answer) {
            (Phase::Stopped, _) => "Stopped".into(),
            (Phase::Counting { nodes }, _) => {
                format!("Counting… {} positions searched", group(*nodes))
            }
            (Phase::Waiting { slow: true }, _) | (_, None) => "Solving…".into(),
            (_, Some(Answered { answer, micros, .. })) => {
                let time = took(*micros);
                match answer {
                    Answer::Unique(_) => format!("Unique solution ({time})"),
                    Answer::Multiple(..) => format!("Multiple solutions (at least 2) ({time})"),
                    Answer::Conflict(c) => format!("No solution: {c}"),
                    Answer::NoSolution
                    | Answer::Counted {
                        count: 0,
                        complete: true,
                    } => format!("No solution ({time})"),
                    Answer::Counted {
                        count: 1,
                        complete: true,
                    } => format!("Unique solution (counted in {time})"),
                    Answer::Counted { count, complete }
                        if *complete && *count < self.count_limit =>
                    {
                        format!("Multiple solutions: {} (counted in {time})", group(*count))
                    }
                    Answer::Counted { count, .. } => {
                        format!(
                            "Multiple solutions: at least {} (stopped at the limit after {time})",
                            group(*count)
                        )
                    }
                    Answer::Invalid(e) => format!("No solution: {e}"),
                    // Logic answers go to the hint and the path, never here.
                    Answer::Hint(_) | Answer::Path(_) => "Solving…".into(),
                }
            }
        }
    }

    /// The board before step `at` of the path: digits and candidates by cell. Without a
    /// path, the givens and their candidates.
    pub fn snapshot(&self, at: usize) -> (Vec<u8>, Vec<u32>) {
        let givens = self.board.puzzle();
        let mut c = Candidates::from_grid(&givens, Houses::standard_for(givens.shape()));
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

    /// The accessible name of a cell showing `digit` of `kind`: its position, then its state.
    pub fn cell_label(
        &self,
        cell: usize,
        digit: u8,
        kind: Kind,
        shown: Option<u8>,
        conflicted: bool,
    ) -> String {
        let name = self.board.shape().cell(cell).to_string();
        let what = match kind {
            Kind::Given => format!("given {}", symbol(digit)),
            Kind::User => format!("{}", symbol(digit)),
            Kind::Revealed => format!("{} revealed", symbol(digit)),
            Kind::Empty => match shown {
                Some(d) => format!("empty, solution {}", symbol(d)),
                None => "empty".into(),
            },
        };
        if conflicted {
            format!("{name}, {what}, conflict")
        } else {
            format!("{name}, {what}")
        }
    }

    /// A report from the solver's client.
    fn solver_report(mut self, report: Report) -> Option<State> {
        match report {
            Report::Progress { ticket, nodes } => {
                if ticket != self.ticket() || !matches!(self.phase, Phase::Counting { .. }) {
                    return None;
                }
                self.phase = Phase::Counting { nodes };
            }
            Report::Done {
                ticket,
                answer,
                micros,
            } => {
                if ticket != self.ticket() || matches!(answer, Answer::Hint(_) | Answer::Path(_)) {
                    return None;
                }
                self.answer = Some(Answered {
                    ticket,
                    answer,
                    micros,
                });
                self.phase = Phase::Settled;
            }
            Report::Failed { ticket, reason } => {
                if ticket == Some(self.ticket()) && self.phase != Phase::Settled {
                    self.phase = Phase::Stopped;
                }
                self.notice = Some(format!("The solver could not answer: {reason}."));
            }
            report => self.client_report(report),
        }
        Some(self)
    }

    /// A report from the logic worker's client.
    fn logic_report(mut self, report: Report) -> Option<State> {
        match report {
            Report::Progress { .. } => return None,
            Report::Done {
                ticket,
                answer,
                micros,
            } => {
                if ticket != self.ticket() {
                    return None;
                }
                self.thinking = false;
                match answer {
                    Answer::Hint(hint) => self.hint = Some((hint, 1)),
                    Answer::Path(path) => {
                        self.steps = Some(Steps {
                            path,
                            givens: self.board.puzzle().cells().to_vec(),
                            micros,
                            at: 0,
                            viewing: true,
                        })
                    }
                    _ => {}
                }
            }
            Report::Failed { reason, .. } => {
                self.thinking = false;
                self.notice = Some(format!("The hint could not be worked out: {reason}."));
            }
            report => self.client_report(report),
        }
        Some(self)
    }

    /// What either client says of its worker rather than of a request.
    fn client_report(&mut self, report: Report) {
        match report {
            Report::Restarted => self.notice = Some(RESTARTED.into()),
            Report::Outdated => {
                self.outdated = true;
                self.update_ready = true;
                self.notice = Some(OUTDATED.into());
            }
            _ => {}
        }
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
    if micros < 10_000 {
        format!("{:.1} ms", micros as f64 / 1000.0)
    } else {
        format!("{:.0} ms", micros as f64 / 1000.0)
    }
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

impl Reducible for State {
    type Action = Action;

    fn reduce(self: Rc<Self>, action: Action) -> Rc<Self> {
        let s = (*self).clone();
        match s.apply(action) {
            Some(s) => Rc::new(s),
            None => self,
        }
    }
}

impl State {
    /// The reducer: the new state, or `None` when the action changes nothing.
    fn apply(mut self, action: Action) -> Option<State> {
        let s = match action {
            Action::Select(cell) if cell < self.board.len() => {
                self.selected = cell;
                self
            }
            Action::Select(_) => return None,
            Action::Move(key) => {
                self.selected = self.board.step(self.selected, &key);
                self
            }
            Action::Type(_) if self.steps.as_ref().is_some_and(|s| s.viewing) => return None,
            Action::Type(digit) => {
                let kind = match self.mode {
                    Mode::Entering => Kind::Given,
                    Mode::Solving => Kind::User,
                };
                if !self.board.write(self.selected, digit, kind) {
                    return None;
                }
                self.notice = None;
                self.edited()
            }
            Action::Load(grid) => return self.apply(Action::Open(Board::from_puzzle(&grid))),
            Action::Open(board) => {
                let mode = if board.has_givens() {
                    Mode::Solving
                } else {
                    Mode::Entering
                };
                self.notice = None;
                self.replace(board, mode)
            }
            Action::Restore(board, mode) => self.replace(board, mode),
            Action::NewSize(shape) => self.replace(Board::empty(shape), Mode::Entering),
            Action::ClearAll => {
                self.notice = None;
                let empty = Board::empty(self.board.shape());
                self.replace(empty, Mode::Entering)
            }
            Action::ToggleSolution => {
                self.show_solution = !self.show_solution;
                self
            }
            Action::Reveal => {
                let solution = self.solution()?.to_vec();
                let unique = matches!(
                    self.answer.as_ref().map(|a| &a.answer),
                    Some(Answer::Unique(_))
                );
                let empty = |c: usize| self.board.kind(c) == Kind::Empty;
                let cell = Some(self.selected)
                    .filter(|&c| empty(c))
                    .or_else(|| (0..self.board.len()).find(|&c| empty(c)))?;
                self.board.write(cell, solution[cell], Kind::Revealed);
                self.selected = cell;
                let mut s = self.edited();
                // A unique solution still holds after one of its digits is written: settle
                // instead of asking again. One of several solutions may not, so ask.
                if unique {
                    let ticket = s.ticket();
                    if let Some(answered) = &mut s.answer {
                        answered.ticket = ticket;
                    }
                    s.phase = Phase::Settled;
                }
                s
            }
            Action::StartSolving => {
                self.board.lock_as_givens();
                self.mode = Mode::Solving;
                // The givens changed: the address, the save and the step list follow.
                self.edited()
            }
            Action::EditPuzzle => {
                self.mode = Mode::Entering;
                self
            }
            Action::SetLimit(text) => {
                match parse_limit(&text) {
                    Ok(limit) => {
                        self.count_limit = limit;
                        self.limit_error = None;
                    }
                    Err(message) => self.limit_error = Some(message),
                }
                self
            }
            Action::CountStarted => {
                self.phase = Phase::Counting { nodes: 0 };
                self
            }
            Action::Stopped => {
                self.phase = Phase::Stopped;
                self
            }
            Action::Worker(report) => return self.solver_report(report),
            Action::Slow(revision) => {
                if revision != self.revision || !matches!(self.phase, Phase::Waiting { .. }) {
                    return None;
                }
                self.phase = Phase::Waiting { slow: true };
                self
            }
            Action::AskedHint | Action::AskedPath => {
                self.hint = None;
                self.thinking = true;
                self
            }
            Action::HintMore => match &mut self.hint {
                Some((Hint::Step(_), stage)) if *stage < 3 => {
                    *stage += 1;
                    self
                }
                _ => return None,
            },
            Action::ApplyHint => {
                let Some((Hint::Step(step), _)) = self.hint.take() else {
                    return None;
                };
                for &(cell, digit) in &step.placements {
                    self.board.write(cell, digit, Kind::User);
                }
                for &(cell, digit) in &step.eliminations {
                    self.board.remove_candidate(cell, digit);
                }
                let len = self.board.len();
                if let Some(&(cell, _)) = step.placements.iter().find(|&&(c, _)| c < len) {
                    self.selected = cell;
                }
                self.edited()
            }
            Action::ToggleCandidates => {
                self.show_candidates = !self.show_candidates;
                self
            }
            Action::ShowStep(at) => {
                let steps = self.steps.as_mut()?;
                steps.at = at.min(steps.path.steps.len().saturating_sub(1));
                steps.viewing = true;
                self
            }
            Action::CloseSteps => {
                self.steps.as_mut()?.viewing = false;
                self
            }
            Action::LogicStopped => {
                self.thinking = false;
                self
            }
            Action::Logic(report) => return self.logic_report(report),
            Action::UpdateReady => {
                self.update_ready = true;
                self
            }
            Action::Notice(notice) => {
                self.notice = notice;
                self
            }
        };
        Some(s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn done(s: &State, answer: Answer, micros: u64) -> Action {
        Action::Worker(Report::Done {
            ticket: s.ticket(),
            answer,
            micros,
        })
    }

    fn state() -> Rc<State> {
        Rc::new(State::new(Board::empty(Shape::NINE), Mode::Entering))
    }

    #[test]
    fn typing_while_entering_writes_givens_and_asks_again() {
        let s = state().reduce(Action::Type(5));
        assert_eq!(s.board.kind(0), Kind::Given);
        assert_eq!(s.revision, 1);
        assert_eq!(s.phase, Phase::Waiting { slow: false });
        let s = s
            .reduce(Action::StartSolving)
            .reduce(Action::Move("ArrowRight".into()))
            .reduce(Action::Type(3));
        assert_eq!((s.board.kind(1), s.board.digit(1)), (Kind::User, 3));
    }

    #[test]
    fn the_status_names_conflicts_at_once() {
        let s = state()
            .reduce(Action::Type(5))
            .reduce(Action::Select(6))
            .reduce(Action::Type(5));
        assert_eq!(s.status(), "No solution: r1c1 and r1c7 are both 5");
    }

    #[test]
    fn after_an_edit_the_last_answer_stands_until_solving_is_due() {
        let solved = |s: Rc<State>| {
            let answer = done(&s, Answer::Unique(vec![1; 81]), 10);
            s.reduce(answer)
        };
        let s = solved(state()).reduce(Action::Type(5));
        assert_eq!(s.status(), "Unique solution (0.0 ms)");
        assert_eq!(s.solution(), None, "the old solution is not this board's");
        let revision = s.revision;
        assert_eq!(s.reduce(Action::Slow(revision)).status(), "Solving…");
    }

    #[test]
    fn solving_shows_only_when_slow_and_answers_replace_it() {
        let s = state().reduce(Action::Type(5));
        let revision = s.revision;
        let s = s.reduce(Action::Slow(revision));
        assert_eq!(s.status(), "Solving…");
        let s = s.reduce(Action::Slow(99));
        let answer = done(&s, Answer::Multiple(vec![1; 81], vec![2; 81]), 1500);
        let s = s.reduce(answer);
        assert_eq!(s.status(), "Multiple solutions (at least 2) (1.5 ms)");
    }

    #[test]
    fn counts_read_as_people_say_them() {
        let s = state().reduce(Action::CountStarted);
        let ticket = s.ticket();
        let s = s.reduce(Action::Worker(Report::Progress {
            ticket,
            nodes: 1_234_567,
        }));
        assert_eq!(s.status(), "Counting… 1,234,567 positions searched");
        let done = |count, complete| {
            let answer = done(&s, Answer::Counted { count, complete }, 20_000);
            s.clone().reduce(answer).status()
        };
        assert_eq!(
            done(288, true),
            "Multiple solutions: 288 (counted in 20 ms)"
        );
        assert_eq!(
            done(10_000, true),
            "Multiple solutions: at least 10,000 (stopped at the limit after 20 ms)"
        );
        assert_eq!(done(1, true), "Unique solution (counted in 20 ms)");
        assert_eq!(s.reduce(Action::Stopped).status(), "Stopped");
    }

    #[test]
    fn reveal_fills_the_selected_empty_cell_from_the_solution() {
        let solution: Vec<u8> = (0..81).map(|i| (i % 9) as u8 + 1).collect();
        let s = state();
        let answer = done(&s, Answer::Unique(solution), 10);
        let s = s
            .reduce(answer)
            .reduce(Action::Select(4))
            .reduce(Action::Reveal);
        assert_eq!((s.board.digit(4), s.board.kind(4)), (5, Kind::Revealed));
        assert!(s.status().starts_with("Unique solution"));
    }

    #[test]
    fn cells_are_named_for_screen_readers() {
        let s = state().reduce(Action::Type(5));
        assert_eq!(
            s.cell_label(0, 5, Kind::Given, None, false),
            "r1c1, given 5"
        );
        assert_eq!(
            s.cell_label(10, 0, Kind::Empty, Some(4), false),
            "r2c2, empty, solution 4"
        );
        assert_eq!(
            s.cell_label(0, 5, Kind::Given, None, true),
            "r1c1, given 5, conflict"
        );
    }
}

#[cfg(test)]
mod hint_tests {
    use super::*;
    use crate::protocol::StepView;

    fn step() -> StepView {
        StepView {
            technique: "Hidden single".into(),
            placements: vec![(4, 5)],
            eliminations: vec![(80, 9)],
            houses: vec![("row 1".into(), (0..9).collect())],
            cells: vec![4],
            candidates: vec![(4, 5)],
            links: vec![],
            explanation: "Hidden single: 5 has one place left in row 1, r1c5".into(),
        }
    }

    fn hinted() -> Rc<State> {
        let s =
            Rc::new(State::new(Board::empty(Shape::NINE), Mode::Solving)).reduce(Action::AskedHint);
        let ticket = s.ticket();
        s.reduce(Action::Logic(Report::Done {
            ticket,
            answer: Answer::Hint(Hint::Step(step())),
            micros: 5,
        }))
    }

    #[test]
    fn a_hint_shows_more_in_stages_then_applies() {
        let s = hinted();
        assert_eq!(s.hint.as_ref().map(|(_, stage)| *stage), Some(1));
        let s = s
            .reduce(Action::HintMore)
            .reduce(Action::HintMore)
            .reduce(Action::HintMore);
        assert_eq!(
            s.hint.as_ref().map(|(_, stage)| *stage),
            Some(3),
            "three stages at most"
        );
        let s = s.reduce(Action::ApplyHint);
        assert_eq!((s.board.digit(4), s.board.kind(4)), (5, Kind::User));
        assert_eq!(
            s.board.candidates()[80] & (1 << 8),
            0,
            "9 was removed from r9c9"
        );
        assert!(s.hint.is_none() && s.revision == 1);
    }

    #[test]
    fn a_stopped_hint_frees_the_buttons() {
        let s =
            Rc::new(State::new(Board::empty(Shape::NINE), Mode::Solving)).reduce(Action::AskedHint);
        assert!(s.thinking);
        assert!(!s.reduce(Action::LogicStopped).thinking);
    }

    #[test]
    fn an_edit_makes_the_hint_stale() {
        let s = hinted().reduce(Action::Type(3));
        assert!(s.hint.is_none());
    }
}
