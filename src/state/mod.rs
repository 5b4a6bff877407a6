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
mod tests;
