//! The page's state and every change to it, as a reducer. Effects (the worker, storage,
//! the clipboard) live in the components; this module only decides. Each concern has its
//! own type and its own actions, which it applies to its own field alone (the only one it
//! is lent mutably; it reads what else it needs) and reports as a `Change`: the player's
//! moves on the board (`play.rs`), which puzzle is played (`game.rs`), what the exact
//! solver said of it (`solver.rs`), the hint and step list (`lesson.rs`), the new puzzle
//! (`maker.rs`), the scan (`scan.rs`) and the rules being set (`setter.rs`). What crosses
//! concerns is written here, from those reports alone: the board a hint or a reveal
//! writes, the help the game records, the notice (what a worker's client says of the
//! worker itself among it), and the one path every change of board takes (`edited`, from
//! `replace` and `open`).

mod game;
mod history;
mod lesson;
mod maker;
mod play;
mod scan;
mod setter;
mod settings;
mod solver;
mod stats;

use std::rc::Rc;

use sudoku_engine::{Grid, Shape};
use yew::Reducible;

use crate::board::Board;
use crate::protocol::{Answer, Report, StepView, Ticket};
use crate::variant::Variant;

pub use game::{date_text, Game, GameAction, Help, Origin};
pub use history::{History, MAX_STEPS};
pub use lesson::{Checked, Lesson, LessonAction, Steps, HINT_STAGES};
pub use maker::{
    daily_variant, offered_genres, offered_levels, offered_techniques, Ahead, Maker, MakerAction,
};
use play::Written;
pub use play::{Input, Keypress, Mode, Play, PlayAction, Timer};
pub use scan::{ScanAction, ScanPhase, Scanner, Transcript};
pub use setter::{Setter, SetterAction};
pub use settings::Preferences;
pub use solver::{group, parse_limit, Answered, Asked, Phase, Solver, SolverAction, MAX_LIMIT};
pub use stats::{days_since_epoch, Record, Stats, OWN};

#[derive(Clone, Debug, PartialEq)]
pub struct State {
    pub play: Play,
    /// Where the puzzle came from and the help taken on it, until another board comes in.
    pub game: Game,
    pub solver: Solver,
    pub lesson: Lesson,
    pub maker: Maker,
    pub scanner: Scanner,
    pub settings: Preferences,
    /// The setter's tools while a puzzle is edited.
    pub setter: Setter,
    /// The player's record over every puzzle finished here.
    pub stats: Stats,
    /// The page is hidden: the clock stands still, and the progress is saved.
    pub hidden: bool,
    /// A message for the person: an import error, "Copied", a notice about saved data.
    pub notice: Option<String>,
    /// Why the link in the address could not be opened: over the top of the page, so that
    /// it is seen first and moves nothing, until dismissed.
    pub link_error: Option<String>,
    /// The notice only reports something done ("Copied the link."): it goes at the
    /// player's next move.
    pub passing: bool,
    /// A new version of the app is installed and waits for a reload.
    pub update_ready: bool,
    /// A worker came from a newer deploy than this page: the page must reload.
    pub outdated: bool,
}

/// Every change to the state, by the concern that applies it: each concern's module holds
/// its actions and turns them into a `Change`, and `apply` joins those reports.
pub enum Action {
    /// The player's moves on the board: selecting, typing, marking, undo and redo.
    Play(PlayAction),
    /// Which puzzle is on the board, and whether it is being entered or solved.
    Game(GameAction),
    /// The exact solver: its answers, the count, and the solution shown or revealed.
    Solver(SolverAction),
    /// Hints, Check and the step list.
    Lesson(LessonAction),
    /// The "New puzzle" dialog and the puzzle being made.
    Maker(MakerAction),
    /// The "Scan" dialog and the image being read.
    Scan(ScanAction),
    /// Rules added, removed and switched while the puzzle is edited.
    Setter(SetterAction),
    Settings(Preferences),
    /// The page around the board: its clock, whether it shows, its notices.
    Page(PageAction),
}

pub enum PageAction {
    /// The page's clock, in ms: the timer counts while it runs and the page shows.
    Tick(u64),
    /// The page was hidden (true) or shown again.
    Hidden(bool),
    Notice(Option<String>),
    /// Why the link in the address could not be opened, shown at the top of the page
    /// until dismissed (None).
    LinkError(Option<String>),
    /// A notice that only reports something done, gone at the player's next move.
    Told(String),
    UpdateReady,
}

/// What a concern made of its action. A concern writes only its own state; what it means
/// for another's (the board, its history and time, the game's record of help, the page's
/// notice) it reports here, and `apply` alone writes that, on the one path every change of
/// board takes.
enum Change {
    /// Nothing changed: the state stays as it was.
    Unchanged,
    /// Something changed, but not the board.
    Changed,
    /// Help the player took, for the game to record (`Game::took`); the board is as it was.
    Helped(Help),
    /// A message for the notice, which stays until something replaces it.
    Said(String),
    /// The board was edited. The solver's answer still holds if `answer_holds` (marks
    /// leave the digits alone; a unique solution holds after one of its own digits).
    Edited { answer_holds: bool },
    /// The player typed a digit into the board: an edit, and the notice goes.
    Typed,
    /// Digits and eliminations that help gives the board (a hint applied, a cell
    /// revealed): the board writes them, and the game records the help, if any.
    Wrote(Written, Option<Help>),
    /// The rules drawn over the board changed (the setter), `None` when none are left:
    /// an edit.
    Ruled(Option<Variant>),
    /// Clear all: an empty board of the same size to enter a puzzle on, keeping the history
    /// and time (it can be undone), and the notice goes.
    Cleared,
    /// The saved board, its mode, history and time.
    Restored(Board, Mode, History, Timer),
    /// The puzzle is entered again (Edit puzzle).
    Reentered,
    /// The givens were locked to solve them: the board's clock starts afresh.
    Started,
    /// A puzzle opened afresh (a link, a paste, a scan, a new puzzle): a new history, the
    /// time it carries, and how this app made it, if it did.
    Opened(Board, Timer, Option<Origin>),
}

impl Change {
    /// `Changed` if `changed`, else `Unchanged`.
    fn from(changed: bool) -> Change {
        match changed {
            true => Change::Changed,
            false => Change::Unchanged,
        }
    }
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
            game: Game::default(),
            solver: Solver::default(),
            lesson: Lesson::default(),
            maker: Maker::default(),
            scanner: Scanner::default(),
            settings: Preferences::default(),
            setter: Setter::default(),
            stats: Stats::default(),
            hidden: false,
            notice: None,
            link_error: None,
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

    /// The puzzle's one solution, if the solver's answer is about its givens and rules (as
    /// it is while a puzzle is played without the live verdict): a hint hands it to the
    /// logic worker as the proof that the puzzle has one solution.
    pub fn puzzle_solution(&self) -> Option<&[u8]> {
        let board = &self.play.board;
        let answered = self.solver.answer.as_ref()?;
        let about = answered.about.as_ref()?;
        let rules = board.variant().map(|v| &*v.payload);
        if about.digits != board.puzzle().cells() || about.rules.as_deref() != rules {
            return None;
        }
        match &answered.answer {
            Answer::Unique(s) if s.len() == board.len() => Some(s),
            _ => None,
        }
    }

    /// The status line. While a puzzle is played, a slip is said in the player's words
    /// ("Two 1s in column 2 (r1c2, r4c2)"), and a finished board is Solved; otherwise it
    /// starts with one of the solver's: Unique solution, No solution, Multiple solutions,
    /// Solving…, Counting…, Stopped.
    /// How the page names this board's cells and cages in what it says (`words.rs`).
    pub fn words(&self) -> crate::words::PlayerWords<'_> {
        let board = &self.play.board;
        crate::words::PlayerWords::new(
            board.shape(),
            board.rules(),
            board.symbols(),
            self.settings.short_cells,
        )
    }

    pub fn status(&self) -> String {
        let Some(conflict) = self.play.conflicts.first() else {
            if let Some((why, _)) = &self.play.broken {
                return format!("No solution: {why}");
            }
            // A finished board keeps every rule: nothing is left to solve.
            let board = &self.play.board;
            let verdict = match self.play.timer.finished {
                true => "Solved".to_string(),
                // A chaos construction's digits are in, but not its regions.
                false
                    if self.play.mode == Mode::Solving
                        && board.chaos().is_some()
                        && !board.cells().contains(&0) =>
                {
                    let verdict = self.solver.status(self.settings.solver_details);
                    format!("{verdict}: the digits are in; colour each region to finish")
                }
                false => self.solver.status(self.settings.solver_details),
            };
            let is_verdict = ["Unique", "Multiple", "No solution", "Solved"]
                .iter()
                .any(|v| verdict.starts_with(v));
            return match self.play.board.variant().map(Variant::only_drawn) {
                Some(drawn) if drawn > 0 && is_verdict => {
                    format!("{verdict} (by the rules that are checked)")
                }
                _ => verdict,
            };
        };
        let slip = self.play.board.clash(conflict);
        match self.play.mode {
            Mode::Solving => slip.replacen("two", "Two", 1),
            Mode::Entering => format!("No solution: {slip}"),
        }
    }

    /// Whether a first visit waits for today's puzzle on an empty board: the page then
    /// shows what it will show once the puzzle comes (the pad, a line for its level), not
    /// the guide to entering one.
    pub fn making_daily(&self) -> bool {
        self.maker.greeting && self.maker.error.is_none() && !self.play.board.has_puzzle()
    }

    /// The digits the solver's verdict is about (`Play::verdict_grid`), as the live
    /// verdict setting says.
    pub fn verdict_grid(&self) -> Grid {
        self.play.verdict_grid(self.settings.live_verdict)
    }

    /// What a verdict asked now is about.
    fn verdict_about(&self) -> Asked {
        Asked::now(&self.play, self.settings.live_verdict)
    }

    /// After a change of mode or setting: the solver is asked again unless its answer is
    /// about what a verdict would now be asked about.
    fn verdict_follows(&mut self) {
        let about = self.solver.answer.as_ref().and_then(|a| a.about.as_ref());
        if about != Some(&self.verdict_about()) {
            self.edited(false);
        }
    }

    /// Why the board is no proper puzzle to start solving, if it is not.
    pub fn doubt(&self) -> Option<&'static str> {
        let broken = !self.play.conflicts.is_empty() || self.play.broken.is_some();
        self.solver.doubt(self.ticket(), broken)
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
    /// revision moves on so the board is saved, shown in the address and asked about. If
    /// the solver's answer still holds (`answer_holds`: marks leave the digits alone; a
    /// unique solution holds after one of its own digits is written), the answer moves to
    /// the new board instead of the worker being asked again.
    fn edited(&mut self, answer_holds: bool) {
        let ticket = self.ticket();
        let current = self.solver.phase == Phase::Settled
            && self
                .solver
                .answer
                .as_ref()
                .is_some_and(|a| a.ticket == ticket);
        // An answer about the very digits and rules a verdict is now asked about: looked
        // for only where the answer is current and the edit alone would not keep it.
        let same = current
            && !answer_holds
            && self.solver.answer.as_ref().and_then(|a| a.about.as_ref())
                == Some(&self.verdict_about());
        self.play.changed();
        self.lesson.board_changed(&self.play.board);
        self.solver.phase = Phase::Waiting { slow: false };
        if (answer_holds || same) && current {
            let ticket = self.ticket();
            if let Some(answered) = &mut self.solver.answer {
                answered.ticket = ticket;
            }
            self.solver.phase = Phase::Settled;
        }
    }

    /// A finished board holds still until the player chooses to edit it.
    pub fn locked(&self) -> bool {
        self.play.timer.finished && !self.game.unlocked
    }

    /// The one way a new board comes in: a link, a paste, a restore, a new size, Clear.
    fn replace(&mut self, board: Board, mode: Mode) {
        self.play.replace(board, mode);
        self.game = Game::default();
        self.lesson.steps = None;
        self.edited(false);
    }

    /// A puzzle opened afresh, solved if it has givens and entered if not: its own history
    /// and the time it carries, and how this app made it, if it did.
    fn open(&mut self, board: Board, timer: Timer, origin: Option<Origin>) {
        let mode = if board.has_puzzle() {
            Mode::Solving
        } else {
            Mode::Entering
        };
        // A first visit's notice (a link that could not be opened) stays over today's
        // puzzle, which opens in its place.
        if !std::mem::take(&mut self.maker.greeting) {
            self.notice = None;
        }
        self.play.history = Rc::default();
        self.play.timer = timer;
        self.replace(board, mode);
        self.game.origin = origin;
    }

    /// A notice that stays until something replaces it.
    fn say(&mut self, message: String) {
        self.notice = Some(message);
        self.passing = false;
    }

    /// What the solver's or the logic worker's client says of its worker rather than of a
    /// request (restarted, or from a newer deploy): false if `action` carries no such news.
    fn worker_news(&mut self, action: &Action) -> bool {
        let (Action::Solver(SolverAction::Report(report))
        | Action::Lesson(LessonAction::Report(report))) = action
        else {
            return false;
        };
        match report {
            Report::Restarted => self.say(RESTARTED.into()),
            Report::Outdated => {
                self.outdated = true;
                self.update_ready = true;
                self.say(OUTDATED.into());
            }
            _ => return false,
        }
        true
    }

    /// What the page's own actions change.
    fn page(&mut self, action: PageAction) -> Change {
        match action {
            PageAction::Tick(now) => {
                let running = self.play.clock_runs() && !self.hidden;
                if !self.play.timer.tick(now, running) {
                    return Change::Unchanged;
                }
            }
            PageAction::Hidden(hidden) => {
                self.hidden = hidden;
                self.play.timer.tick(0, false);
            }
            PageAction::UpdateReady => self.update_ready = true,
            PageAction::LinkError(error) => self.link_error = error,
            PageAction::Notice(notice) => {
                self.notice = notice;
                self.passing = false;
            }
            PageAction::Told(news) => {
                self.notice = Some(news);
                self.passing = true;
            }
        }
        Change::Changed
    }
}

impl Action {
    /// Whether the action is a move of the player's on the board: a selection, an input
    /// mode, an edit, undo or redo. A passing notice goes with it.
    fn is_move(&self) -> bool {
        self.is_edit() || matches!(self, Action::Play(_))
    }

    /// Whether the action is one of the player's edits, which undo takes back: each
    /// concern says which of its own actions are.
    fn is_edit(&self) -> bool {
        match self {
            Action::Play(action) => action.is_edit(),
            Action::Game(action) => action.is_edit(),
            Action::Solver(action) => action.is_edit(),
            Action::Lesson(action) => action.is_edit(),
            Action::Setter(action) => action.is_edit(),
            Action::Maker(_) | Action::Scan(_) | Action::Settings(_) | Action::Page(_) => false,
        }
    }
}

impl Reducible for State {
    type Action = Action;

    fn reduce(self: Rc<Self>, action: Action) -> Rc<Self> {
        let edit = action.is_edit();
        // A finished board holds still (a stray key must not undo the finish) until the
        // player chooses to edit; Clear is asked for in so many words.
        let held = matches!(action, Action::Play(PlayAction::Undo | PlayAction::Redo))
            || (edit && !matches!(action, Action::Game(GameAction::ClearAll)));
        if held && self.locked() {
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
                if edit && s.play.timer.finished && !s.game.counted {
                    s.stats.record(&s.game, s.play.timer.elapsed_ms);
                    s.game.counted = true;
                }
                Rc::new(s)
            }
            None => self,
        }
    }
}

impl State {
    /// The reducer: the new state, or `None` when the action changes nothing. Each
    /// concern applies its own actions; what they report of the board is joined here.
    fn apply(mut self, action: Action) -> Option<State> {
        if self.passing && action.is_move() {
            self.notice = None;
            self.passing = false;
        }
        let news = self.worker_news(&action);
        let change = match action {
            // Each concern is lent its own field alone to write, and reads only what it
            // is handed: the compiler keeps it out of the others'.
            Action::Play(action) => action.apply(&mut self.play, &self.lesson, &self.settings),
            Action::Game(action) => action.apply(&mut self.game),
            Action::Solver(action) => action.apply(&mut self.solver, &self.play, &self.settings),
            Action::Lesson(action) => action.apply(&mut self.lesson, &self.play),
            Action::Maker(action) => action.apply(&mut self.maker, self.play.ticket()),
            Action::Scan(action) => action.apply(&mut self.scanner),
            Action::Setter(action) => action.apply(&mut self.setter, &self.play),
            Action::Settings(settings) => {
                let live = self.settings.live_verdict != settings.live_verdict;
                self.settings = settings;
                if live {
                    self.verdict_follows();
                }
                Change::Changed
            }
            Action::Page(action) => self.page(action),
        };
        match change {
            Change::Unchanged if !news => return None,
            Change::Unchanged | Change::Changed => {}
            Change::Helped(help) => self.game.took(help),
            Change::Said(message) => self.say(message),
            Change::Edited { answer_holds } => self.edited(answer_holds),
            Change::Typed => {
                self.notice = None;
                self.edited(false);
            }
            Change::Wrote(written, help) => {
                self.play.write(&written, self.settings.auto_clean);
                if let Some(help) = help {
                    self.game.took(help);
                }
                self.edited(written.answer_holds);
            }
            Change::Ruled(variant) => {
                self.play.board.set_variant(variant);
                self.edited(false);
            }
            Change::Cleared => {
                self.notice = None;
                let empty = Board::empty(self.play.board.shape());
                self.replace(empty, Mode::Entering);
            }
            Change::Restored(board, mode, history, timer) => {
                self.play.history = Rc::new(history);
                self.play.timer = timer;
                self.replace(board, mode);
            }
            Change::Reentered => {
                self.play.mode = Mode::Entering;
                // A puzzle being set has the live verdict, whatever the setting.
                self.verdict_follows();
            }
            Change::Started => {
                self.play.start_solving();
                // Another puzzle: no origin of this app's, no help taken yet.
                self.game = Game::default();
                // The givens changed: the address, the save and the step list follow.
                self.edited(false);
            }
            Change::Opened(board, timer, origin) => self.open(board, timer, origin),
        }
        Some(self)
    }
}

#[cfg(test)]
mod tests;
