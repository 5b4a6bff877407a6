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
use crate::protocol::{Answer, Hint, Message, PathView};

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

#[derive(Clone, Debug, PartialEq)]
pub struct State {
    pub board: Board,
    /// The board's equal digits in a house, found once per edit for the board and status.
    pub conflicts: Vec<Conflict>,
    pub mode: Mode,
    pub selected: usize,
    pub show_solution: bool,
    /// The newest answer and how long it took. While `phase` is `Waiting` it belongs to
    /// the board before the last edit: its text stands in until "Solving…" is due.
    pub answer: Option<(Answer, u64)>,
    pub phase: Phase,
    /// Bumped on every change of the board's digits, so effects know to ask the worker.
    pub revision: u64,
    /// A message for the person: an import error, "Copied", a notice about saved data.
    pub notice: Option<String>,
    pub count_limit: u64,
    /// A new version of the app is installed and waits for a reload.
    pub update_ready: bool,
    /// The hint being shown and how much of it: 1 where to look, 2 what, 3 apply.
    pub hint: Option<(Hint, u8)>,
    /// Show every empty cell's candidates.
    pub show_candidates: bool,
    /// The logical path from the givens, the step looked at, and whether the board shows it.
    pub path: Option<PathView>,
    /// How long the worker took to work out the path.
    pub path_micros: u64,
    pub path_at: usize,
    pub viewing_path: bool,
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
    SetLimit(u64),
    CountStarted,
    Stopped,
    /// The worker's answer or progress for the newest request.
    Worker(Message),
    /// A solve has taken longer than the "Solving…" threshold.
    Slow(u64),
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
    /// The logic worker's answer.
    Logic(Message),
}

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
            update_ready: false,
            hint: None,
            show_candidates: false,
            path: None,
            path_micros: 0,
            path_at: 0,
            viewing_path: false,
            thinking: false,
        }
    }

    /// The first solution known for the current board, if any.
    pub fn solution(&self) -> Option<&[u8]> {
        if self.phase != Phase::Settled {
            return None;
        }
        match &self.answer {
            Some((Answer::Unique(s), _)) | Some((Answer::Multiple(s, _), _)) => Some(s),
            _ => None,
        }
    }

    fn edited(mut self) -> State {
        self.hint = None;
        self.conflicts = self.board.conflicts();
        self.revision += 1;
        self.phase = Phase::Waiting { slow: false };
        self
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
            (_, Some((answer, micros))) => {
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

    /// The board before step `at` of the path: digits and candidates by cell.
    pub fn snapshot(&self, at: usize) -> (Vec<u8>, Vec<u32>) {
        let givens = self.board.puzzle();
        let mut c = Candidates::from_grid(&givens, Houses::standard_for(givens.shape()));
        for step in self.path.iter().flat_map(|p| p.steps.iter().take(at)) {
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
        let action = match action {
            Action::Load(grid) => Action::Open(Board::from_puzzle(&grid)),
            other => other,
        };
        let mut s = (*self).clone();
        let s = match action {
            Action::Select(cell) if cell < s.board.len() => {
                s.selected = cell;
                s
            }
            Action::Select(_) => return self,
            Action::Move(key) => {
                s.selected = s.board.step(s.selected, &key);
                s
            }
            Action::Type(_) if s.viewing_path => return self,
            Action::Type(digit) => {
                let kind = match s.mode {
                    Mode::Entering => Kind::Given,
                    Mode::Solving => Kind::User,
                };
                if !s.board.write(s.selected, digit, kind) {
                    return self;
                }
                if kind == Kind::Given {
                    s.path = None;
                    s.viewing_path = false;
                }
                s.notice = None;
                s.edited()
            }
            Action::Open(board) => {
                s.path = None;
                s.viewing_path = false;
                s.board = board;
                s.mode = if s.board.has_givens() {
                    Mode::Solving
                } else {
                    Mode::Entering
                };
                s.selected = s.selected.min(s.board.len() - 1);
                s.show_solution = false;
                s.notice = None;
                s.edited()
            }
            Action::Restore(board, mode) => {
                s.path = None;
                s.viewing_path = false;
                s.board = board;
                s.mode = mode;
                s.selected = 0;
                s.edited()
            }
            Action::NewSize(shape) => {
                s.path = None;
                s.viewing_path = false;
                s.board = Board::empty(shape);
                s.mode = Mode::Entering;
                s.selected = 0;
                s.show_solution = false;
                s.edited()
            }
            Action::ClearAll => {
                s.path = None;
                s.viewing_path = false;
                s.board = Board::empty(s.board.shape());
                s.mode = Mode::Entering;
                s.show_solution = false;
                s.notice = None;
                s.edited()
            }
            Action::ToggleSolution => {
                s.show_solution = !s.show_solution;
                s
            }
            Action::Reveal => {
                let Some(solution) = s.solution().map(<[u8]>::to_vec) else {
                    return self;
                };
                let empty = |c: usize| s.board.kind(c) == Kind::Empty;
                let Some(cell) = Some(s.selected)
                    .filter(|&c| empty(c))
                    .or_else(|| (0..s.board.len()).find(|&c| empty(c)))
                else {
                    return self;
                };
                s.board.write(cell, solution[cell], Kind::Revealed);
                s.selected = cell;
                // The board changed, but its answer did not: settle instead of asking again.
                let mut s = s.edited();
                s.phase = Phase::Settled;
                s
            }
            Action::StartSolving => {
                s.board.lock_as_givens();
                s.mode = Mode::Solving;
                s
            }
            Action::EditPuzzle => {
                s.mode = Mode::Entering;
                s
            }
            Action::SetLimit(limit) => {
                s.count_limit = limit.max(1);
                s
            }
            Action::CountStarted => {
                s.phase = Phase::Counting { nodes: 0 };
                s
            }
            Action::Stopped => {
                s.phase = Phase::Stopped;
                s
            }
            Action::Worker(Message::Progress { nodes, .. }) => {
                if !matches!(s.phase, Phase::Counting { .. }) {
                    return self;
                }
                s.phase = Phase::Counting { nodes };
                s
            }
            Action::Worker(Message::Done { answer, micros, .. }) => {
                s.answer = Some((answer, micros));
                s.phase = Phase::Settled;
                s
            }
            Action::Worker(Message::Ready) | Action::Load(_) => return self,
            Action::Slow(revision) => {
                if revision != s.revision || !matches!(s.phase, Phase::Waiting { .. }) {
                    return self;
                }
                s.phase = Phase::Waiting { slow: true };
                s
            }
            Action::AskedHint | Action::AskedPath => {
                s.hint = None;
                s.thinking = true;
                s
            }
            Action::HintMore => match &mut s.hint {
                Some((Hint::Step(_), stage)) if *stage < 3 => {
                    *stage += 1;
                    s
                }
                _ => return self,
            },
            Action::ApplyHint => {
                let Some((Hint::Step(step), _)) = s.hint.take() else {
                    return self;
                };
                for &(cell, digit) in &step.placements {
                    s.board.write(cell, digit, Kind::User);
                }
                for &(cell, digit) in &step.eliminations {
                    s.board.remove_candidate(cell, digit);
                }
                s.selected = step
                    .placements
                    .first()
                    .map_or(s.selected, |&(cell, _)| cell);
                s.edited()
            }
            Action::ToggleCandidates => {
                s.show_candidates = !s.show_candidates;
                s
            }
            Action::ShowStep(at) => {
                let Some(path) = &s.path else { return self };
                s.path_at = at.min(path.steps.len().saturating_sub(1));
                s.viewing_path = true;
                s
            }
            Action::CloseSteps => {
                s.viewing_path = false;
                s
            }
            Action::LogicStopped => {
                s.thinking = false;
                s
            }
            Action::Logic(Message::Done { answer, micros, .. }) => {
                s.thinking = false;
                match answer {
                    Answer::Hint(hint) => s.hint = Some((hint, 1)),
                    Answer::Path(path) => {
                        s.path = Some(path);
                        s.path_micros = micros;
                        s.path_at = 0;
                        s.viewing_path = true;
                    }
                    _ => {}
                }
                s
            }
            Action::Logic(_) => return self,
            Action::UpdateReady => {
                s.update_ready = true;
                s
            }
            Action::Notice(notice) => {
                s.notice = notice;
                s
            }
        };
        Rc::new(s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
            s.reduce(Action::Worker(Message::Done {
                id: 1,
                answer: Answer::Unique(vec![1; 81]),
                micros: 10,
            }))
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
        let s = s.reduce(Action::Worker(Message::Done {
            id: 1,
            answer: Answer::Multiple(vec![1; 81], vec![2; 81]),
            micros: 1500,
        }));
        assert_eq!(s.status(), "Multiple solutions (at least 2) (1.5 ms)");
    }

    #[test]
    fn counts_read_as_people_say_them() {
        let s = state()
            .reduce(Action::CountStarted)
            .reduce(Action::Worker(Message::Progress {
                id: 1,
                nodes: 1_234_567,
            }));
        assert_eq!(s.status(), "Counting… 1,234,567 positions searched");
        let done = |count, complete| {
            s.clone()
                .reduce(Action::Worker(Message::Done {
                    id: 1,
                    answer: Answer::Counted { count, complete },
                    micros: 20_000,
                }))
                .status()
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
        let s = state()
            .reduce(Action::Worker(Message::Done {
                id: 1,
                answer: Answer::Unique(solution),
                micros: 10,
            }))
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
        Rc::new(State::new(Board::empty(Shape::NINE), Mode::Solving))
            .reduce(Action::AskedHint)
            .reduce(Action::Logic(Message::Done {
                id: 1,
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
