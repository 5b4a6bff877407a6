//! The page's state and every change to it, as a reducer. Effects (the worker, storage,
//! the clipboard) live in the components; this module only decides. Each concern has its
//! own type: the board being played (`play.rs`), what the exact solver said of it
//! (`solver.rs`), and the hint and step list (`lesson.rs`). What crosses concerns, above
//! all the one path every change of board takes (`edited`), is here.

mod game;
mod history;
mod lesson;
mod maker;
mod play;
mod scan;
mod settings;
mod solver;
mod stats;

use std::rc::Rc;

use sudoku_engine::{Grid, Shape};
use yew::Reducible;

use crate::board::{Board, Kind, Layer};
use crate::protocol::{Hint, Report, Seed, StepView, Ticket, Wanted};

pub use game::{date_text, Game, Origin};
pub use history::{History, MAX_STEPS};
pub use lesson::{Checked, Lesson, Steps};
pub use maker::{offered_levels, offered_techniques, Maker};
pub use play::{Input, Mode, Play, Timer};
pub use scan::{Reading, ScanPhase, Scanner};
pub use settings::Settings;
pub use solver::{group, parse_limit, Answered, Phase, Solver, MAX_LIMIT};
pub use stats::{days_since_epoch, Record, Stats, OWN};

#[derive(Clone, Debug, PartialEq)]
pub struct State {
    pub play: Play,
    pub solver: Solver,
    pub lesson: Lesson,
    pub maker: Maker,
    pub scanner: Scanner,
    pub settings: Settings,
    /// The player's record over every puzzle finished here.
    pub stats: Stats,
    /// The page is hidden: the clock stands still, and the progress is saved.
    pub hidden: bool,
    /// A message for the person: an import error, "Copied", a notice about saved data.
    pub notice: Option<String>,
    /// The notice only reports something done ("Copied the link."): it goes at the
    /// player's next move.
    pub passing: bool,
    /// A new version of the app is installed and waits for a reload.
    pub update_ready: bool,
    /// A worker came from a newer deploy than this page: the page must reload.
    pub outdated: bool,
}

pub enum Action {
    /// Selects a cell alone.
    Select(usize),
    /// Ctrl+click: adds a cell to the selection, or takes it out.
    ToggleSelect(usize),
    /// A drag reached a cell.
    AddSelect(usize),
    /// An arrow key (or Home, End) moves the selection.
    Move(String),
    /// Shift and an arrow key extend it.
    Extend(String),
    /// A digit key or pad button (1 to n): a digit, mark or colour as the input mode says.
    Type(u8),
    /// Shift+digit and Ctrl+digit: a mark whatever the mode.
    Mark(Layer, u8),
    /// Delete: clears the top layer of the selected cells.
    Erase,
    SetInput(Input),
    NextInput,
    /// Writes every empty cell's candidates as centre marks.
    FillCandidates,
    /// The page's clock, in ms: the timer counts while it runs and the page shows.
    Tick(u64),
    /// The page was hidden (true) or shown again.
    Hidden(bool),
    Settings(Settings),
    /// Replaces the board with a puzzle whose digits are givens.
    Load(Grid),
    /// Opens a board from a link: givens and perhaps progress, and its time.
    Open(Board, Timer),
    /// The saved board, its mode, history and time.
    Restore(Board, Mode, History, Timer),
    /// What was saved of the restored board as a game: its origin and the help taken.
    Resume(Game),
    /// An empty board of this size, to enter a puzzle on.
    NewSize(Shape),
    ClearAll,
    ToggleSolution,
    Reveal,
    StartSolving,
    EditPuzzle,
    Undo,
    Redo,
    /// The count limit field's text.
    SetLimit(String),
    CountStarted,
    Stopped,
    /// What the solver's client reports for the newest request.
    Worker(Report),
    /// A solve has taken longer than the "Solving…" threshold.
    Slow(u32),
    Notice(Option<String>),
    /// A notice that only reports something done, gone at the player's next move.
    Told(String),
    UpdateReady,
    /// A hint was asked for; the next press shows more of it.
    AskedHint,
    HintMore,
    /// Performs the hinted step on the board.
    ApplyHint,
    /// The player chose to edit a finished board, which holds still until then.
    KeepEditing,
    AskedPath,
    /// Check was pressed: which of the player's digits are wrong?
    AskedCheck,
    ShowStep(usize),
    CloseSteps,
    /// A hint or the path was cancelled before it came.
    LogicStopped,
    /// What the logic worker's client reports.
    Logic(Report),
    /// The "New puzzle" dialog opens (true) or closes.
    ShowMaker(bool),
    Choose(Wanted),
    /// A new puzzle was asked for: what, and from which seed.
    AskedMake(Wanted, Seed),
    /// Stop was pressed while one was being made.
    MakeStopped,
    /// What the new-puzzle worker's client reports.
    Maker(Report),
    /// The "Scan" dialog opens (true) or closes.
    ShowScan(bool),
    /// An image was sent to be read, under this ticket.
    Scanning(Ticket),
    /// The image under this ticket could not be decoded: why.
    ScanFailed(Ticket, String),
    /// The person corrects a cell of the reading (cell, digit or 0), checked under the ticket.
    CorrectScan(usize, u8, Ticket),
    /// The reading becomes the puzzle.
    AcceptScan,
    /// What the scan worker's client reports.
    Scan(Report),
}

/// The grid of digits by cell that a worker sent, if they make one.
fn grid_of(cells: Vec<u8>) -> Option<Grid> {
    Shape::for_cell_count(cells.len()).and_then(|shape| Grid::from_cells(shape, cells))
}

const RESTARTED: &str = "The solver stopped unexpectedly and was restarted.";
const OUTDATED: &str =
    "A newer version of this app was installed in another tab; this tab reloads to use it.";

impl State {
    pub fn new(board: Board, mode: Mode) -> State {
        State {
            play: Play::new(board, mode),
            solver: Solver::default(),
            lesson: Lesson::default(),
            maker: Maker::default(),
            scanner: Scanner::default(),
            settings: Settings::default(),
            stats: Stats::default(),
            hidden: false,
            notice: None,
            passing: false,
            update_ready: false,
            outdated: false,
        }
    }

    /// The board that requests are about, as the worker hands it back.
    pub fn ticket(&self) -> Ticket {
        self.play.ticket()
    }

    /// The first solution known for the current board, if any.
    pub fn solution(&self) -> Option<&[u8]> {
        self.solver.solution(self.ticket(), self.play.board.len())
    }

    /// The status line. While a puzzle is played, a slip is said in the player's words
    /// ("Two 1s in column 2 (r1c2, r4c2)"); otherwise it starts with one of the solver's:
    /// Unique solution, No solution, Multiple solutions, Solving…, Counting…, Stopped.
    pub fn status(&self) -> String {
        let Some(conflict) = self.play.conflicts.first() else {
            return self.solver.status(self.settings.solver_details);
        };
        let slip = self.play.board.clash(conflict);
        match self.play.mode {
            Mode::Solving => slip.replacen("two", "Two", 1),
            Mode::Entering => format!("No solution: {slip}"),
        }
    }

    /// Why the board is no proper puzzle to start solving, if it is not.
    pub fn doubt(&self) -> Option<&'static str> {
        self.solver.doubt(self.ticket(), &self.play.conflicts)
    }

    /// Whether `other` differs from this state in the clock alone (its time, whether the
    /// page shows), as after a tick: then nothing the board draws has changed.
    pub fn same_but_clock(&self, other: &State) -> bool {
        let mut ticked = other.clone();
        ticked.play.timer = self.play.timer;
        ticked.hidden = self.hidden;
        *self == ticked
    }

    /// The step of the path the board shows, if it shows one.
    pub fn path_step(&self) -> Option<&StepView> {
        self.lesson.path_step()
    }

    /// The board before step `at` of the path: digits and candidates by cell.
    pub fn snapshot(&self, at: usize) -> (Vec<u8>, Vec<u32>) {
        self.lesson.snapshot(&self.play.board, at)
    }

    /// Every change of the board goes through here: what belonged to the old board (its
    /// hint, a hint or path being worked out, a path for other givens) is dropped, and the
    /// revision moves on so the board is saved, shown in the address and asked about.
    fn edited(mut self) -> State {
        self.play.changed();
        self.lesson.board_changed(&self.play.board);
        self.solver.phase = Phase::Waiting { slow: false };
        self
    }

    /// An edit after which the solver's answer still holds when `holds` (marks leave the
    /// digits alone; a unique solution holds after one of its own digits is written): the
    /// answer moves to the new board instead of the worker being asked again.
    fn edited_keeping(self, holds: bool) -> State {
        let ticket = self.ticket();
        let current = self.solver.phase == Phase::Settled
            && self
                .solver
                .answer
                .as_ref()
                .is_some_and(|a| a.ticket == ticket);
        let mut s = self.edited();
        if holds && current {
            let ticket = s.ticket();
            if let Some(answered) = &mut s.solver.answer {
                answered.ticket = ticket;
            }
            s.solver.phase = Phase::Settled;
        }
        s
    }

    /// The one way a new board comes in: a link, a paste, a restore, a new size, Clear.
    fn replace(mut self, board: Board, mode: Mode) -> State {
        self.play.replace(board, mode);
        self.lesson.steps = None;
        self.edited()
    }

    /// A notice that stays until something replaces it.
    fn say(&mut self, message: String) {
        self.notice = Some(message);
        self.passing = false;
    }

    /// What either client says of its worker rather than of a request.
    fn client_report(&mut self, report: &Report) {
        match report {
            Report::Restarted => self.say(RESTARTED.into()),
            Report::Outdated => {
                self.outdated = true;
                self.update_ready = true;
                self.say(OUTDATED.into());
            }
            _ => {}
        }
    }

    /// A report from either client: what its concern makes of it, and what is said of the
    /// worker itself.
    fn report(
        mut self,
        report: Report,
        concern: impl FnOnce(&mut State, Report) -> Result<bool, String>,
    ) -> Option<State> {
        self.client_report(&report);
        let worker_news = matches!(report, Report::Restarted | Report::Outdated);
        match concern(&mut self, report) {
            Ok(changed) if !changed && !worker_news => None,
            Ok(_) => Some(self),
            Err(message) => {
                self.say(message);
                Some(self)
            }
        }
    }
}

impl Action {
    /// Whether the action is a move of the player's on the board: a selection, an input
    /// mode, an edit, undo or redo. A passing notice goes with it.
    fn is_move(&self) -> bool {
        self.is_edit()
            || matches!(
                self,
                Action::Select(_)
                    | Action::ToggleSelect(_)
                    | Action::AddSelect(_)
                    | Action::Move(_)
                    | Action::Extend(_)
                    | Action::SetInput(_)
                    | Action::NextInput
                    | Action::Undo
                    | Action::Redo
            )
    }

    /// Whether the action is one of the player's edits, which undo takes back.
    fn is_edit(&self) -> bool {
        matches!(
            self,
            Action::Type(_)
                | Action::Mark(..)
                | Action::Erase
                | Action::FillCandidates
                | Action::Reveal
                | Action::StartSolving
                | Action::ApplyHint
                | Action::ClearAll
        )
    }
}

impl Reducible for State {
    type Action = Action;

    fn reduce(self: Rc<Self>, action: Action) -> Rc<Self> {
        let edit = action.is_edit();
        // A finished board holds still (a stray key must not undo the finish) until the
        // player chooses to edit; Clear is asked for in so many words.
        let held = matches!(action, Action::Undo | Action::Redo)
            || (edit && !matches!(action, Action::ClearAll));
        if held && self.play.locked() {
            return self;
        }
        match (*self).clone().apply(action) {
            Some(mut s) => {
                // One place records every edit, however many cells it touched.
                if edit {
                    let (before, after) = (&self.play.board, &s.play.board);
                    Rc::make_mut(&mut s.play.history).record(before, after);
                }
                // The player's edit finished the puzzle: it counts, once.
                if edit && s.play.timer.finished && !s.play.game.counted {
                    s.stats.record(&s.play.game, s.play.timer.elapsed_ms);
                    s.play.game.counted = true;
                }
                Rc::new(s)
            }
            None => self,
        }
    }
}

impl State {
    /// The reducer: the new state, or `None` when the action changes nothing.
    fn apply(mut self, action: Action) -> Option<State> {
        if self.passing && action.is_move() {
            self.notice = None;
            self.passing = false;
        }
        let s = match action {
            Action::Select(cell) | Action::ToggleSelect(cell) | Action::AddSelect(cell)
                if cell >= self.play.board.len() =>
            {
                return None
            }
            Action::Select(cell) => {
                self.play.select(cell);
                self
            }
            Action::ToggleSelect(cell) => {
                self.play.toggle_selected(cell);
                self
            }
            Action::AddSelect(cell) => {
                if !self.play.add_to_selection(cell) {
                    return None;
                }
                self
            }
            Action::Move(key) => {
                let to = self.play.board.step(self.play.selected, &key);
                self.play.select(to);
                self
            }
            Action::Extend(key) => {
                let to = self.play.board.step(self.play.selected, &key);
                self.play.add_to_selection(to);
                self
            }
            Action::Type(_) | Action::Mark(..) | Action::Erase | Action::FillCandidates
                if self.lesson.viewing_path() =>
            {
                return None
            }
            Action::Type(0) => return None,
            Action::Type(digit) => match self.play.input {
                Input::Digit => {
                    if !self.play.type_digit(digit, self.settings.auto_clean) {
                        return None;
                    }
                    self.notice = None;
                    self.edited()
                }
                Input::Corner | Input::Centre => {
                    let layer = self.play.input.layer()?;
                    return self.apply(Action::Mark(layer, digit));
                }
                Input::Colour => {
                    if !self.play.colour(digit) {
                        return None;
                    }
                    self.edited_keeping(true)
                }
            },
            Action::Mark(layer, digit) => {
                if !self.play.mark(layer, digit) {
                    return None;
                }
                self.edited_keeping(true)
            }
            Action::Erase => {
                let digits = self.play.board.cells().to_vec();
                if !self.play.erase() {
                    return None;
                }
                let holds = digits == self.play.board.cells();
                self.edited_keeping(holds)
            }
            Action::SetInput(input) => {
                self.play.input = input;
                self
            }
            Action::NextInput => {
                self.play.input = self.play.input.next();
                self
            }
            Action::FillCandidates => {
                self.play.board.fill_candidates();
                self.edited_keeping(true)
            }
            Action::Tick(now) => {
                let running = self.play.clock_runs() && !self.hidden;
                if !self.play.timer.tick(now, running) {
                    return None;
                }
                self
            }
            Action::Hidden(hidden) => {
                self.hidden = hidden;
                self.play.timer.tick(0, false);
                self
            }
            Action::Settings(settings) => {
                self.settings = settings;
                self
            }
            Action::Load(grid) => {
                return self.apply(Action::Open(Board::from_puzzle(&grid), Timer::default()))
            }
            Action::Open(board, timer) => {
                let mode = if board.has_givens() {
                    Mode::Solving
                } else {
                    Mode::Entering
                };
                self.notice = None;
                self.play.history = Rc::default();
                self.play.timer = timer;
                self.replace(board, mode)
            }
            Action::Restore(board, mode, history, timer) => {
                self.play.history = Rc::new(history);
                self.play.timer = timer;
                self.replace(board, mode)
            }
            Action::Resume(game) => {
                self.play.game = game;
                self
            }
            Action::NewSize(shape) => {
                self.play.history = Rc::default();
                self.play.timer = Timer::default();
                self.replace(Board::empty(shape), Mode::Entering)
            }
            Action::ClearAll => {
                self.notice = None;
                let empty = Board::empty(self.play.board.shape());
                self.replace(empty, Mode::Entering)
            }
            Action::ToggleSolution => {
                self.play.show_solution = !self.play.show_solution;
                self.play.game.spoiled |= self.play.show_solution;
                self
            }
            Action::Reveal => {
                let solution = self.solution()?.to_vec();
                let unique = self.solver.is_unique();
                let board = &self.play.board;
                let empty = |c: usize| board.kind(c) == Kind::Empty;
                let cell = Some(self.play.selected)
                    .filter(|&c| empty(c))
                    .or_else(|| (0..board.len()).find(|&c| empty(c)))?;
                self.play.board.write(cell, solution[cell], Kind::Revealed);
                self.play.game.spoiled = true;
                if self.settings.auto_clean {
                    self.play.board.clean_peers(cell, solution[cell]);
                }
                self.play.select(cell);
                // One of several solutions may not hold after its digit is written: ask.
                self.edited_keeping(unique)
            }
            Action::StartSolving => {
                self.play.board.lock_as_givens();
                self.play.mode = Mode::Solving;
                self.play.timer = Timer::default();
                // Another puzzle: no origin of this app's, no help taken yet.
                self.play.game = Game::default();
                // The givens changed: the address, the save and the step list follow.
                self.edited()
            }
            Action::Undo | Action::Redo if self.lesson.viewing_path() => return None,
            Action::Undo => {
                if !self.play.undo() {
                    return None;
                }
                self.edited()
            }
            Action::Redo => {
                if !self.play.redo() {
                    return None;
                }
                self.edited()
            }
            Action::EditPuzzle => {
                self.play.mode = Mode::Entering;
                self
            }
            Action::SetLimit(text) => {
                self.solver.set_limit(&text);
                self
            }
            Action::CountStarted => {
                self.solver.phase = Phase::Counting { nodes: 0 };
                self
            }
            Action::Stopped => {
                self.solver.phase = Phase::Stopped;
                self
            }
            Action::Worker(report) => {
                return self.report(report, |s, r| {
                    let ticket = s.ticket();
                    s.solver.report(ticket, r)
                })
            }
            Action::Slow(revision) => {
                if revision != self.play.revision
                    || !matches!(self.solver.phase, Phase::Waiting { .. })
                {
                    return None;
                }
                self.solver.phase = Phase::Waiting { slow: true };
                self
            }
            Action::AskedHint | Action::AskedPath | Action::AskedCheck => {
                let game = &mut self.play.game;
                match action {
                    Action::AskedHint => game.hints += 1,
                    Action::AskedCheck => game.checks += 1,
                    _ => game.spoiled = true,
                }
                self.lesson.hint = None;
                self.lesson.checked = None;
                self.lesson.thinking = true;
                self
            }
            Action::HintMore => {
                if !self.lesson.more() {
                    return None;
                }
                self
            }
            Action::ApplyHint => {
                let Some((Hint::Step(step), _)) = self.lesson.hint.take() else {
                    return None;
                };
                let board = &mut self.play.board;
                for &(cell, digit) in &step.placements {
                    if board.write(cell, digit, Kind::User) && self.settings.auto_clean {
                        board.clean_peers(cell, digit);
                    }
                }
                board.eliminate(&step.eliminations);
                let len = board.len();
                if let Some(&(cell, _)) = step.placements.iter().find(|&&(c, _)| c < len) {
                    self.play.select(cell);
                }
                self.edited()
            }
            Action::KeepEditing => {
                self.play.game.unlocked = true;
                self
            }
            Action::ShowStep(at) => {
                if !self.lesson.show_step(at) {
                    return None;
                }
                self
            }
            Action::CloseSteps => {
                self.lesson.steps.as_mut()?.viewing = false;
                self
            }
            Action::LogicStopped => {
                self.lesson.thinking = false;
                self
            }
            Action::Logic(report) => {
                return self.report(report, |s, r| {
                    let ticket = s.ticket();
                    s.lesson.report(ticket, &s.play.board, r)
                })
            }
            Action::ShowMaker(open) => {
                self.maker.open = open;
                self.maker.error = None;
                self
            }
            Action::Choose(choices) => {
                self.maker.choose(choices);
                self
            }
            Action::AskedMake(wanted, seed) => {
                self.maker.ask(wanted, seed);
                self
            }
            Action::MakeStopped => {
                self.maker.making = None;
                self
            }
            Action::Maker(report) => {
                let ticket = self.ticket();
                let made = match self.maker.report(ticket, report) {
                    Ok(made) => made,
                    Err(message) => {
                        self.say(message);
                        return Some(self);
                    }
                };
                let Some((cells, origin)) = made else {
                    return Some(self);
                };
                let grid = grid_of(cells)?;
                let mut s =
                    self.apply(Action::Open(Board::from_puzzle(&grid), Timer::default()))?;
                s.play.game.origin = Some(origin);
                s
            }
            Action::ShowScan(open) => {
                self.scanner.open = open;
                self.scanner.phase = ScanPhase::Idle;
                self
            }
            Action::Scanning(ticket) => {
                self.scanner.open = true;
                self.scanner.ticket = ticket;
                self.scanner.phase = ScanPhase::Reading;
                self
            }
            Action::ScanFailed(ticket, why) => {
                if ticket == self.scanner.ticket && self.scanner.phase == ScanPhase::Reading {
                    self.scanner.phase = ScanPhase::Failed(why);
                }
                self
            }
            Action::CorrectScan(cell, digit, ticket) => {
                self.scanner.correct(cell, digit, ticket);
                self
            }
            Action::Scan(report) => {
                self.scanner.report(report);
                self
            }
            Action::AcceptScan => {
                let ScanPhase::Review(reading) = &self.scanner.phase else {
                    return Some(self);
                };
                let grid = grid_of(reading.cells.clone())?;
                self.scanner = Scanner::default();
                return self.apply(Action::Load(grid));
            }
            Action::UpdateReady => {
                self.update_ready = true;
                self
            }
            Action::Notice(notice) => {
                self.notice = notice;
                self.passing = false;
                self
            }
            Action::Told(news) => {
                self.notice = Some(news);
                self.passing = true;
                self
            }
        };
        Some(s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Marks;
    use crate::protocol::Answer;

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
        assert_eq!(s.play.board.kind(0), Kind::Given);
        assert_eq!(s.play.revision, 1);
        assert_eq!(s.solver.phase, Phase::Waiting { slow: false });
        let s = s
            .reduce(Action::StartSolving)
            .reduce(Action::Move("ArrowRight".into()))
            .reduce(Action::Type(3));
        assert_eq!(
            (s.play.board.kind(1), s.play.board.digit(1)),
            (Kind::User, 3)
        );
    }

    #[test]
    fn start_solving_has_a_doubt_until_the_solver_found_one_solution() {
        let s = state().reduce(Action::Type(5));
        assert_eq!(
            s.doubt(),
            Some("The solver has not finished checking this puzzle.")
        );
        let two = done(&s, Answer::Multiple(vec![1; 81], vec![2; 81]), 1);
        assert!(s
            .clone()
            .reduce(two)
            .doubt()
            .unwrap()
            .contains("more than one"));
        let none = done(&s, Answer::NoSolution, 1);
        assert_eq!(
            s.clone().reduce(none).doubt(),
            Some("This puzzle has no solution.")
        );
        let one = done(&s, Answer::Unique(vec![5; 81]), 1);
        let s = s.reduce(one);
        assert_eq!(s.doubt(), None);
        let s = s.reduce(Action::Select(1)).reduce(Action::Type(5));
        assert_eq!(
            s.doubt(),
            Some("This puzzle has no solution."),
            "two 5s in row 1, before any answer"
        );
    }

    #[test]
    fn the_game_records_the_help_taken_until_another_puzzle_starts() {
        let s = state()
            .reduce(Action::Type(5))
            .reduce(Action::StartSolving)
            .reduce(Action::AskedHint)
            .reduce(Action::LogicStopped)
            .reduce(Action::AskedHint)
            .reduce(Action::AskedCheck);
        let game = &s.play.game;
        assert_eq!((game.hints, game.checks, game.spoiled), (2, 1, false));
        let s = s
            .reduce(Action::ToggleSolution)
            .reduce(Action::ToggleSolution);
        assert!(
            s.play.game.spoiled,
            "hiding the solution again does not undo having seen it"
        );
        let s = s.reduce(Action::EditPuzzle).reduce(Action::StartSolving);
        assert_eq!(s.play.game, Game::default(), "a new puzzle, no help yet");
        assert!(s.reduce(Action::AskedPath).play.game.spoiled);
    }

    #[test]
    fn a_passing_notice_goes_at_the_next_move_and_a_lasting_one_stays() {
        let s = state().reduce(Action::Told("Copied the link.".into()));
        assert_eq!(s.notice.as_deref(), Some("Copied the link."));
        let s = s.reduce(Action::Tick(5));
        assert!(s.notice.is_some(), "the clock is no move of the player's");
        assert_eq!(s.reduce(Action::Move("ArrowRight".into())).notice, None);
        let s = state()
            .reduce(Action::Told("Copied the link.".into()))
            .reduce(Action::Notice(Some("Not imported: too short".into())))
            .reduce(Action::Select(3));
        assert_eq!(s.notice.as_deref(), Some("Not imported: too short"));
    }

    #[test]
    fn the_status_names_conflicts_at_once() {
        let s = state()
            .reduce(Action::Type(5))
            .reduce(Action::Select(6))
            .reduce(Action::Type(5));
        assert_eq!(s.status(), "No solution: two 5s in row 1 (r1c1, r1c7)");
        let s = s
            .reduce(Action::Erase)
            .reduce(Action::StartSolving)
            .reduce(Action::Select(54))
            .reduce(Action::Type(5));
        assert_eq!(
            s.status(),
            "Two 5s in column 1 (r1c1, r7c1)",
            "while playing, the player's words"
        );
    }

    #[test]
    fn after_an_edit_the_last_answer_stands_until_solving_is_due() {
        let solved = |s: Rc<State>| {
            let answer = done(&s, Answer::Unique(vec![1; 81]), 10);
            s.reduce(answer)
        };
        let s = solved(state()).reduce(Action::Type(5));
        assert_eq!(s.status(), "Unique solution");
        assert_eq!(s.solution(), None, "the old solution is not this board's");
        let revision = s.play.revision;
        assert_eq!(s.reduce(Action::Slow(revision)).status(), "Solving…");
    }

    #[test]
    fn solving_shows_only_when_slow_and_answers_replace_it() {
        let s = state().reduce(Action::Type(5));
        let revision = s.play.revision;
        let s = s.reduce(Action::Slow(revision));
        assert_eq!(s.status(), "Solving…");
        let s = s.reduce(Action::Slow(99));
        let answer = done(&s, Answer::Multiple(vec![1; 81], vec![2; 81]), 1500);
        let s = s.reduce(answer);
        assert_eq!(s.status(), "Multiple solutions (at least 2)");
        let mut details = s.settings;
        details.solver_details = true;
        let s = s.reduce(Action::Settings(details));
        assert_eq!(
            s.status(),
            "Multiple solutions (at least 2) (1.5 ms)",
            "the time, with solver details"
        );
    }

    #[test]
    fn counts_read_as_people_say_them() {
        let mut details = state().settings;
        details.solver_details = true;
        let s = state()
            .reduce(Action::Settings(details))
            .reduce(Action::CountStarted);
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
        details.solver_details = false;
        let plain = s.clone().reduce(Action::Settings(details));
        let answer = Action::Worker(Report::Done {
            ticket: plain.ticket(),
            answer: Answer::Counted {
                count: 10_000,
                complete: true,
            },
            micros: 20_000,
        });
        assert_eq!(
            plain.reduce(answer).status(),
            "Multiple solutions: at least 10,000 (stopped at the limit)",
            "without details, no time, but still why the count stopped"
        );
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
        assert_eq!(
            (s.play.board.digit(4), s.play.board.kind(4)),
            (5, Kind::Revealed)
        );
        assert!(s.status().starts_with("Unique solution"));
    }

    #[test]
    fn cells_are_named_for_screen_readers() {
        let s = state().reduce(Action::Type(5));
        let none = Marks::default();
        assert_eq!(
            s.play.cell_label(0, 5, Kind::Given, None, false, none),
            "r1c1, given 5"
        );
        assert_eq!(
            s.play.cell_label(10, 0, Kind::Empty, Some(4), false, none),
            "r2c2, empty, solution 4"
        );
        assert_eq!(
            s.play.cell_label(0, 5, Kind::Given, None, true, none),
            "r1c1, given 5, conflict"
        );
        let marks = Marks {
            corner: 0b11,
            centre: 0b1000011,
            colours: 0b101,
        };
        assert_eq!(
            s.play.cell_label(22, 0, Kind::Empty, None, false, marks),
            "r3c5, empty, corner marks 1 2, centre marks 1 2 7, colours light blue and mint"
        );
        assert_eq!(
            s.play.cell_label(22, 3, Kind::User, None, false, marks),
            "r3c5, 3, colours light blue and mint",
            "marks under a digit are not shown"
        );
    }
}

#[cfg(test)]
mod hint_tests {
    use super::*;
    use crate::protocol::Answer;
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
        assert_eq!(s.lesson.hint.as_ref().map(|(_, stage)| *stage), Some(1));
        let s = s
            .reduce(Action::HintMore)
            .reduce(Action::HintMore)
            .reduce(Action::HintMore);
        assert_eq!(
            s.lesson.hint.as_ref().map(|(_, stage)| *stage),
            Some(3),
            "three stages at most"
        );
        let s = s.reduce(Action::ApplyHint);
        assert_eq!(
            (s.play.board.digit(4), s.play.board.kind(4)),
            (5, Kind::User)
        );
        assert_eq!(
            s.play.board.candidates()[80] & (1 << 8),
            0,
            "9 was removed from r9c9"
        );
        assert!(s.lesson.hint.is_none() && s.play.revision == 1);
    }

    #[test]
    fn a_stopped_hint_frees_the_buttons() {
        let s =
            Rc::new(State::new(Board::empty(Shape::NINE), Mode::Solving)).reduce(Action::AskedHint);
        assert!(s.lesson.thinking);
        assert!(!s.reduce(Action::LogicStopped).lesson.thinking);
    }

    #[test]
    fn check_marks_wrong_digits_until_the_board_changes() {
        let s = Rc::new(State::new(Board::empty(Shape::NINE), Mode::Solving))
            .reduce(Action::Type(3))
            .reduce(Action::AskedCheck);
        let ticket = s.ticket();
        let checked = |s: Rc<State>, ticket| {
            s.reduce(Action::Logic(Report::Done {
                ticket,
                answer: Answer::Checked {
                    digits: vec![0, 81],
                    marks: vec![],
                },
                micros: 1,
            }))
        };
        let stale = Ticket {
            revision: ticket.revision - 1,
            ..ticket
        };
        assert_eq!(checked(s.clone(), stale).lesson.checked, None);
        let s = checked(s, ticket);
        assert_eq!(
            s.lesson.checked,
            Some(Checked {
                digits: vec![0],
                marks: vec![]
            }),
            "cells off the board are dropped"
        );
        assert!(!s.lesson.thinking);
        assert_eq!(s.reduce(Action::Type(4)).lesson.checked, None);
    }

    #[test]
    fn an_edit_makes_the_hint_stale() {
        let s = hinted().reduce(Action::Type(3));
        assert!(s.lesson.hint.is_none());
    }
}

#[cfg(test)]
mod undo_tests {
    use super::*;
    use crate::protocol::{Answer, StepView};

    fn typed(digits: &[(usize, u8)]) -> Rc<State> {
        let mut s = Rc::new(State::new(Board::empty(Shape::NINE), Mode::Solving));
        for &(cell, digit) in digits {
            s = s.reduce(Action::Select(cell)).reduce(Action::Type(digit));
        }
        s
    }
    fn digits(s: &State) -> Vec<u8> {
        s.play.board.cells()[..4].to_vec()
    }

    #[test]
    fn undo_takes_back_each_edit_and_redo_does_it_again() {
        let s = typed(&[(0, 1), (1, 2), (0, 3)]);
        assert_eq!(digits(&s), [3, 2, 0, 0]);
        let s = s.reduce(Action::Undo);
        assert_eq!(digits(&s), [1, 2, 0, 0]);
        let s = s.reduce(Action::Undo).reduce(Action::Undo);
        assert_eq!(digits(&s), [0, 0, 0, 0]);
        assert!(!s.play.history.can_undo());
        let revision = s.play.revision;
        let s = s.reduce(Action::Redo);
        assert_eq!(digits(&s), [1, 0, 0, 0]);
        assert_eq!(
            s.play.revision,
            revision + 1,
            "the board is saved and asked about"
        );
        assert_eq!(s.solver.phase, Phase::Waiting { slow: false });
        // A new edit ends what could be redone.
        let s = s.reduce(Action::Select(3)).reduce(Action::Type(4));
        assert!(!s.play.history.can_redo());
        assert_eq!(digits(&s), [1, 0, 0, 4]);
    }

    #[test]
    fn nothing_to_undo_or_redo_changes_nothing() {
        let s = typed(&[]);
        assert!(Rc::ptr_eq(&s.clone().reduce(Action::Undo), &s));
        assert!(Rc::ptr_eq(&s.clone().reduce(Action::Redo), &s));
        let s = typed(&[(0, 5)]);
        let same = s.clone().reduce(Action::Type(5));
        assert!(
            Rc::ptr_eq(&same, &s),
            "an edit that changes nothing is no step"
        );
    }

    #[test]
    fn a_hint_applied_is_one_step_with_its_eliminations() {
        let step = StepView {
            technique: "Test".into(),
            placements: vec![(4, 5), (5, 6)],
            eliminations: vec![(80, 9)],
            houses: vec![],
            cells: vec![],
            candidates: vec![],
            links: vec![],
            explanation: String::new(),
        };
        let s = typed(&[(0, 1)]).reduce(Action::AskedHint);
        let ticket = s.ticket();
        let s = s
            .reduce(Action::Logic(Report::Done {
                ticket,
                answer: Answer::Hint(Hint::Step(step)),
                micros: 1,
            }))
            .reduce(Action::ApplyHint);
        assert_eq!(s.play.board.cells()[4..6], [5, 6]);
        assert_eq!(s.play.board.marks(80).centre, 0xff);
        let s = s.reduce(Action::Undo);
        assert_eq!(s.play.board.cells()[4..6], [0, 0]);
        assert!(s.play.board.marks(80).is_blank());
        assert_eq!(digits(&s), [1, 0, 0, 0], "the edit before stays");
    }

    #[test]
    fn clear_can_be_undone_but_a_new_puzzle_starts_a_new_history() {
        let s = typed(&[(0, 1), (1, 2)]).reduce(Action::ClearAll);
        assert_eq!(digits(&s), [0, 0, 0, 0]);
        let s = s.reduce(Action::Undo);
        assert_eq!(digits(&s), [1, 2, 0, 0]);
        let s = s.reduce(Action::Load(Grid::parse(&".".repeat(81)).unwrap()));
        assert!(!s.play.history.can_undo() && !s.play.history.can_redo());
        let s = typed(&[(0, 1)]).reduce(Action::NewSize(Shape::ALL[0]));
        assert!(!s.play.history.can_undo());
    }

    #[test]
    fn the_history_keeps_its_newest_steps() {
        let mut s = typed(&[]);
        for i in 0..MAX_STEPS + 10 {
            s = s.reduce(Action::Type((i % 9) as u8 + 1));
        }
        let mut undone = 0;
        while s.play.history.can_undo() {
            s = s.reduce(Action::Undo);
            undone += 1;
        }
        assert_eq!(undone, MAX_STEPS);
        assert_eq!(
            s.play.board.cells()[0],
            (9 % 9) as u8 + 1,
            "the oldest steps are gone"
        );
    }

    #[test]
    fn the_history_keeps_its_newest_cell_changes_within_a_bound() {
        let shape = Shape::for_side(25).unwrap();
        let mut s = Rc::new(State::new(Board::empty(shape), Mode::Solving));
        for cell in 1..625 {
            s = s.reduce(Action::AddSelect(cell));
        }
        assert_eq!(s.play.selection.len(), 625);
        for _ in 0..40 {
            s = s.reduce(Action::Mark(Layer::Centre, 1));
        }
        let mut undone = 0;
        while s.play.history.can_undo() {
            s = s.reduce(Action::Undo);
            undone += 1;
        }
        assert_eq!(undone, history::MAX_CELLS / 625, "steps of 625 cells each");
    }

    #[test]
    fn a_saved_history_that_does_not_fit_its_board_is_refused() {
        let four = Board::empty(Shape::ALL[0]);
        let fits = |cells: &[(usize, u8)]| {
            let s = typed(cells);
            let history = (*s.play.history).clone();
            assert!(history.clone().checked(&s.play.board).is_some());
            history.checked(&four).is_some()
        };
        assert!(fits(&[(0, 1), (1, 2)]));
        assert!(!fits(&[(20, 1)]), "a cell beyond a 4x4 board");
        assert!(!fits(&[(0, 9)]), "a digit beyond a 4x4 board");
    }
}

#[cfg(test)]
mod play_tests {
    use super::*;

    fn solving() -> Rc<State> {
        let puzzle = Grid::parse(&format!("5{}", ".".repeat(80))).unwrap();
        Rc::new(State::new(Board::from_puzzle(&puzzle), Mode::Solving))
    }

    #[test]
    fn the_input_mode_says_what_a_digit_key_writes() {
        let s = solving().reduce(Action::Select(1));
        let s = s
            .reduce(Action::SetInput(Input::Corner))
            .reduce(Action::Type(3));
        assert_eq!(s.play.board.marks(1).corner, 0b100);
        let s = s.reduce(Action::NextInput).reduce(Action::Type(3));
        assert_eq!(s.play.input, Input::Centre);
        assert_eq!(s.play.board.marks(1).centre, 0b100);
        let s = s.reduce(Action::NextInput).reduce(Action::Type(9));
        assert_eq!(s.play.board.marks(1).colours().collect::<Vec<_>>(), [9]);
        let s = s.reduce(Action::NextInput);
        assert_eq!(s.play.input, Input::Digit, "Space comes round again");
        // Shift and Ctrl write marks whatever the mode; typing one again removes it.
        let s = s.reduce(Action::Mark(Layer::Corner, 3));
        assert_eq!(s.play.board.marks(1).corner, 0);
        assert_eq!(s.play.board.digit(1), 0);
    }

    #[test]
    fn a_change_to_many_cells_is_one_step_with_what_auto_clean_took() {
        let s = solving()
            .reduce(Action::Select(10))
            .reduce(Action::Extend("ArrowRight".into()))
            .reduce(Action::ToggleSelect(42))
            .reduce(Action::AddSelect(79));
        assert_eq!(s.play.selection, [10, 11, 42, 79]);
        let s = s.reduce(Action::Mark(Layer::Centre, 7));
        assert!([10, 11, 42, 79]
            .iter()
            .all(|&c| s.play.board.marks(c).centre == 1 << 6));
        let s = s.reduce(Action::Select(13)).reduce(Action::Type(7));
        assert_eq!(
            [10, 11, 42, 79].map(|c| s.play.board.marks(c).centre),
            [0, 0, 1 << 6, 1 << 6],
            "r2c2 and r2c3 see r2c5; r5c7 and r9c8 do not"
        );
        let s = s.reduce(Action::Undo);
        assert_eq!(s.play.board.digit(13), 0);
        assert!(
            [10, 11]
                .iter()
                .all(|&c| s.play.board.marks(c).centre == 1 << 6),
            "one undo brings the cleaned marks back"
        );
        let s = s.reduce(Action::Undo);
        assert!(
            s.play.board.marks(10).is_blank(),
            "the marks went in one step"
        );

        let mut off = (*solving()).clone();
        off.settings.auto_clean = false;
        let s = Rc::new(off)
            .reduce(Action::Select(10))
            .reduce(Action::Mark(Layer::Centre, 7))
            .reduce(Action::Select(13))
            .reduce(Action::Type(7));
        assert_eq!(
            s.play.board.marks(10).centre,
            1 << 6,
            "auto-clean is a setting"
        );
    }

    #[test]
    fn marks_and_colours_keep_the_solvers_answer() {
        let s = solving();
        let ticket = s.ticket();
        let s = s.reduce(Action::Worker(Report::Done {
            ticket,
            answer: crate::protocol::Answer::Unique(vec![5; 81]),
            micros: 1,
        }));
        let s = s
            .reduce(Action::Select(1))
            .reduce(Action::Mark(Layer::Centre, 2));
        assert_eq!(s.solver.phase, Phase::Settled, "nothing to ask again");
        assert!(s.solution().is_some());
        let s = s.reduce(Action::FillCandidates);
        assert_eq!(s.play.board.marks(1).centre, 0x1ff & !(1 << 4));
        assert!(s.solution().is_some());
        let s = s.reduce(Action::Type(3));
        assert_eq!(
            s.solver.phase,
            Phase::Waiting { slow: false },
            "a digit is asked about"
        );
    }

    #[test]
    fn the_timer_counts_only_while_solving_and_shown_and_stops_when_solved() {
        let s = solving()
            .reduce(Action::Tick(1_000))
            .reduce(Action::Tick(2_000))
            .reduce(Action::Tick(3_500));
        assert_eq!(s.play.timer.elapsed_ms, 2_500);
        let s = s
            .reduce(Action::Hidden(true))
            .reduce(Action::Tick(60_000))
            .reduce(Action::Hidden(false))
            .reduce(Action::Tick(61_000))
            .reduce(Action::Tick(62_000));
        assert_eq!(
            s.play.timer.elapsed_ms, 3_500,
            "a hidden minute does not count"
        );
        let s = s.reduce(Action::Tick(3_600_000));
        assert_eq!(
            s.play.timer.elapsed_ms, 5_500,
            "a long gap counts two seconds at most"
        );
        assert_eq!(s.play.timer.text(), "0:05");
        assert_eq!(Timer::from_seconds(3_725).text(), "1:02:05");

        let solution: Vec<u8> = (0..81)
            .map(|i| ((i / 9 * 3 + i / 27 + i % 9) % 9 + 1) as u8)
            .collect();
        let puzzle = Grid::parse(
            &solution
                .iter()
                .enumerate()
                .map(|(i, d)| if i == 80 { '.' } else { (b'0' + d) as char })
                .collect::<String>(),
        )
        .unwrap();
        let s = Rc::new(State::new(Board::from_puzzle(&puzzle), Mode::Solving))
            .reduce(Action::Select(80))
            .reduce(Action::Type(solution[80]));
        assert!(s.play.timer.finished);
        assert!(!s.play.clock_runs());
        assert!(
            s.clone()
                .reduce(Action::Tick(1))
                .reduce(Action::Tick(900))
                .play
                .timer
                .elapsed_ms
                == 0
        );
        assert_eq!(s.stats.levels[OWN].solved, 1, "the finish counts");
        let held = s.clone().reduce(Action::Erase).reduce(Action::Undo);
        assert_eq!(
            held.play.board, s.play.board,
            "a finished board holds still"
        );
        let s = s.reduce(Action::KeepEditing).reduce(Action::Erase);
        assert!(
            !s.play.timer.finished,
            "once the player edits, a cleared cell starts the clock again"
        );
        let s = s.reduce(Action::Type(solution[80]));
        assert!(s.play.timer.finished);
        assert_eq!(s.stats.levels[OWN].solved, 1, "a puzzle counts once");
    }
}

#[cfg(test)]
mod maker_tests {
    use super::*;
    use crate::protocol::Answer;

    fn made(ticket: Ticket) -> Action {
        let mut puzzle = vec![0; 81];
        puzzle[0] = 5;
        Action::Maker(Report::Done {
            ticket,
            answer: Answer::Generated {
                puzzle,
                level: "Hard".into(),
                rating: 3.2,
            },
            micros: 1,
        })
    }

    #[test]
    fn a_new_puzzle_opens_only_for_the_board_it_was_asked_on() {
        let s = Rc::new(State::new(Board::empty(Shape::NINE), Mode::Entering))
            .reduce(Action::ShowMaker(true))
            .reduce(Action::AskedMake(Wanted::default(), Seed::Random(7)));
        let asked = s.ticket();
        let stale = Ticket {
            revision: asked.revision.wrapping_sub(1),
            ..asked
        };
        let s = s.reduce(made(stale));
        assert!(
            s.play.board.is_empty() && s.maker.making.is_some(),
            "dropped"
        );
        let s = s.reduce(made(asked));
        assert_eq!(s.play.board.digit(0), 5);
        assert_eq!(
            (s.play.mode, s.maker.open, s.maker.making),
            (Mode::Solving, false, None)
        );
        let origin = s.play.game.origin.as_ref().expect("made here");
        assert_eq!(origin.describe(), "Hard, rated 3.2");
        assert_eq!(
            origin.wanted,
            Wanted::default(),
            "Next puzzle asks the same"
        );
        let s = s.reduce(Action::Load(Grid::parse(&".".repeat(81)).unwrap()));
        assert_eq!(
            s.play.game.origin, None,
            "another board has no level to show"
        );
    }

    #[test]
    fn a_size_drops_the_levels_and_techniques_it_is_not_made_at() {
        let hard_quad = Wanted {
            level: Some(2),
            technique: Some(10),
            ..Wanted::default()
        };
        let s = Rc::new(State::new(Board::empty(Shape::NINE), Mode::Entering)).reduce(
            Action::Choose(Wanted {
                side: 12,
                ..hard_quad
            }),
        );
        assert_eq!(
            (s.maker.choices.level, s.maker.choices.technique),
            (Some(2), Some(10)),
            "a 12x12 is made at Hard and for a hidden quad"
        );
        let s = s.reduce(Action::Choose(hard_quad));
        assert_eq!(
            (s.maker.choices.level, s.maker.choices.technique),
            (Some(2), None),
            "a 9x9 hidden quad never comes"
        );
        let four = Wanted {
            side: 4,
            ..s.maker.choices
        };
        let s = s.reduce(Action::Choose(four));
        assert_eq!(s.maker.choices.level, None, "4x4 is Easy alone");
    }

    #[test]
    fn a_stopped_puzzle_never_arrives() {
        let s = Rc::new(State::new(Board::empty(Shape::NINE), Mode::Entering))
            .reduce(Action::AskedMake(Wanted::default(), Seed::Random(7)))
            .reduce(Action::MakeStopped);
        let ticket = s.ticket();
        let s = s.reduce(made(ticket));
        assert!(s.play.board.is_empty());
    }
}

#[cfg(test)]
mod clock_tests {
    use super::*;

    #[test]
    fn a_tick_changes_the_clock_alone_and_an_edit_more() {
        let puzzle = Grid::parse(&format!("5{}", ".".repeat(80))).unwrap();
        let s = Rc::new(State::new(Board::from_puzzle(&puzzle), Mode::Solving));
        let ticked = s.clone().reduce(Action::Tick(1)).reduce(Action::Tick(900));
        assert_ne!(*ticked, *s);
        assert!(ticked.same_but_clock(&s));
        let hidden = ticked.clone().reduce(Action::Hidden(true));
        assert!(hidden.same_but_clock(&ticked));
        let edited = ticked
            .clone()
            .reduce(Action::Select(1))
            .reduce(Action::Type(3));
        assert!(!edited.same_but_clock(&ticked));
        assert!(!ticked
            .clone()
            .reduce(Action::Select(2))
            .same_but_clock(&ticked));
    }
}

#[cfg(test)]
mod scan_tests {
    use super::*;
    use crate::protocol::{Answer, ReadVerdict, Review, ScanView};

    const TOP: &str =
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

    fn ticket(revision: u32) -> Ticket {
        Ticket { revision, side: 0 }
    }

    fn done(ticket: Ticket, answer: Answer) -> Action {
        Action::Scan(Report::Done {
            ticket,
            answer,
            micros: 1,
        })
    }

    fn scanned(cells: Vec<u8>, verdict: ReadVerdict) -> Answer {
        let n = cells.len();
        Answer::Scanned(ScanView {
            confidence: vec![99; n],
            second: vec![0; n],
            cells,
            image: vec![255; 4],
            image_side: 2,
            review: Review {
                verdict,
                suspects: vec![],
            },
        })
    }

    fn reading(s: &State) -> &Reading {
        match &s.scanner.phase {
            ScanPhase::Review(reading) => reading,
            other => panic!("no review: {other:?}"),
        }
    }

    #[test]
    fn a_reading_is_reviewed_corrected_and_accepted_as_the_puzzle() {
        let puzzle = Grid::parse(TOP).unwrap();
        let mut misread = puzzle.cells().to_vec();
        misread[1] = 4; // a second 4 in row 1
        let s = Rc::new(State::new(Board::empty(Shape::NINE), Mode::Entering))
            .reduce(Action::ShowScan(true))
            .reduce(Action::Scanning(ticket(1)))
            .reduce(done(
                ticket(1),
                scanned(
                    misread,
                    ReadVerdict::Conflict("r1c1 and r1c2 are both 4".into()),
                ),
            ));
        assert!(reading(&s).status().contains("r1c1 and r1c2 are both 4"));
        assert!(s.play.board.is_empty(), "nothing changes before Accept");

        let s = s.reduce(Action::CorrectScan(1, 0, ticket(2)));
        assert_eq!(reading(&s).status(), "Checking…");
        assert_eq!(
            reading(&s).confidence[1],
            100,
            "the person's own digit is sure"
        );
        // The review of the reading before the correction comes late: dropped.
        let late = Answer::Reviewed(Review {
            verdict: ReadVerdict::NoSolution,
            suspects: vec![1],
        });
        let s = s.reduce(done(ticket(1), late));
        assert_eq!(reading(&s).review, None);
        let unique = Answer::Reviewed(Review {
            verdict: ReadVerdict::Unique,
            suspects: vec![],
        });
        let s = s.reduce(done(ticket(2), unique));
        assert!(reading(&s).status().starts_with("Unique"));

        let s = s.reduce(Action::AcceptScan);
        assert_eq!(s.play.board.puzzle(), puzzle);
        assert_eq!(s.play.mode, Mode::Solving);
        assert!(!s.scanner.open && s.scanner.phase == ScanPhase::Idle);
    }

    #[test]
    fn an_unreadable_image_or_a_failed_worker_says_why_and_keeps_the_board() {
        let board = Board::from_puzzle(&Grid::parse(TOP).unwrap());
        let s = Rc::new(State::new(board.clone(), Mode::Solving))
            .reduce(Action::Scanning(ticket(3)))
            .reduce(done(
                ticket(3),
                Answer::Unreadable("No Sudoku grid was found in the image".into()),
            ));
        assert_eq!(
            s.scanner.phase,
            ScanPhase::Failed("No Sudoku grid was found in the image".into())
        );
        let s = s
            .reduce(Action::Scanning(ticket(4)))
            .reduce(Action::ScanFailed(ticket(3), "an older image".into()));
        assert_eq!(
            s.scanner.phase,
            ScanPhase::Reading,
            "another image's failure"
        );
        let s = s.reduce(Action::Scan(Report::Failed {
            ticket: Some(ticket(4)),
            reason: "the worker stopped".into(),
        }));
        assert!(
            matches!(&s.scanner.phase, ScanPhase::Failed(why) if why.contains("the worker stopped"))
        );
        assert_eq!(s.play.board, board);
        // Accept with nothing read changes nothing.
        assert_eq!(s.reduce(Action::AcceptScan).play.board, board);
    }

    #[test]
    fn a_correction_must_fit_the_grid() {
        let s = Rc::new(State::new(Board::empty(Shape::NINE), Mode::Entering))
            .reduce(Action::Scanning(ticket(1)))
            .reduce(done(ticket(1), scanned(vec![0; 16], ReadVerdict::Several)));
        let s = s.reduce(Action::CorrectScan(3, 5, ticket(2)));
        assert_eq!(reading(&s).cells[3], 0, "5 is no digit of a 4x4");
        assert_eq!(s.scanner.ticket, ticket(1));
        let s = s.reduce(Action::CorrectScan(16, 1, ticket(2)));
        assert_eq!(reading(&s).cells, vec![0; 16], "no cell 16");
    }
}
