//! The board being played: its digits and marks, whether the puzzle is being entered or
//! solved, what typing writes (the input mode), the selection, the timer, and the revision
//! every change of the board moves on.

use std::rc::Rc;

use serde::{Deserialize, Serialize};
use sudoku_engine::symbols::{value_of, Symbols};
use sudoku_engine::{Conflict, DigitSet, Grid};

use crate::board::{colour_name, Board, Heading, Kind, Layer, Marks};
use crate::protocol::Ticket;
use crate::state::history::History;
use crate::state::{Action, Change, Lesson, Preferences};

/// What help gives the board: digits by cell, written as `kind`, and candidates taken out
/// of the marks (a hint applied, a cell revealed).
pub(super) struct Written {
    pub digits: Vec<(usize, u8)>,
    pub kind: Kind,
    pub eliminations: Vec<(usize, u8)>,
    /// The solver's answer still holds after it (one digit of a unique solution).
    pub answer_holds: bool,
}

/// The player's moves on the board. Each is a move that takes a passing notice away.
pub enum PlayAction {
    /// Selects a cell alone.
    Select(usize),
    /// Ctrl+click: adds a cell to the selection, or takes it out.
    ToggleSelect(usize),
    /// A drag reached a cell.
    AddSelect(usize),
    /// An arrow key (or Home, End) moves the selection.
    Move(Heading),
    /// Shift and an arrow key extend it.
    Extend(Heading),
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
    Undo,
    Redo,
}

impl PlayAction {
    /// Whether the action is one of the player's edits, which undo takes back (undo and
    /// redo themselves are not).
    pub(super) fn is_edit(&self) -> bool {
        matches!(
            self,
            PlayAction::Type(_)
                | PlayAction::Mark(..)
                | PlayAction::Erase
                | PlayAction::FillCandidates
        )
    }

    /// Applies the move to `play` alone, reading the lesson (a path shown holds the board
    /// still) and the preferences (auto-clean).
    pub(super) fn apply(self, play: &mut Play, lesson: &Lesson, settings: &Preferences) -> Change {
        match self {
            PlayAction::Select(cell)
            | PlayAction::ToggleSelect(cell)
            | PlayAction::AddSelect(cell)
                if cell >= play.board.len() =>
            {
                Change::Unchanged
            }
            PlayAction::Select(cell) => {
                play.select(cell);
                Change::Changed
            }
            PlayAction::ToggleSelect(cell) => {
                play.toggle_selected(cell);
                Change::Changed
            }
            PlayAction::AddSelect(cell) => match play.add_to_selection(cell) {
                true => Change::Changed,
                false => Change::Unchanged,
            },
            PlayAction::Move(heading) => {
                let to = play.board.step(play.selected, heading);
                play.select(to);
                Change::Changed
            }
            PlayAction::Extend(heading) => {
                let to = play.board.step(play.selected, heading);
                play.add_to_selection(to);
                Change::Changed
            }
            PlayAction::Type(_)
            | PlayAction::Mark(..)
            | PlayAction::Erase
            | PlayAction::FillCandidates
            | PlayAction::Undo
            | PlayAction::Redo
                if lesson.viewing_path() =>
            {
                Change::Unchanged
            }
            PlayAction::Type(0) => Change::Unchanged,
            PlayAction::Type(digit) => match play.input {
                Input::Digit => match play.type_digit(digit, settings.auto_clean) {
                    true => Change::Typed,
                    false => Change::Unchanged,
                },
                Input::Corner | Input::Centre => match play.input.layer() {
                    Some(layer) => PlayAction::Mark(layer, digit).apply(play, lesson, settings),
                    None => Change::Unchanged,
                },
                Input::Colour => match play.colour(digit) {
                    true => Change::Edited { answer_holds: true },
                    false => Change::Unchanged,
                },
            },
            PlayAction::Mark(layer, digit) => match play.mark(layer, digit) {
                true => Change::Edited { answer_holds: true },
                false => Change::Unchanged,
            },
            PlayAction::Erase => {
                let digits = play.board.cells().to_vec();
                if !play.erase() {
                    return Change::Unchanged;
                }
                Change::Edited {
                    answer_holds: digits == play.board.cells(),
                }
            }
            PlayAction::SetInput(input) => {
                play.input = input;
                Change::Changed
            }
            PlayAction::NextInput => {
                play.input = play.input.next();
                Change::Changed
            }
            PlayAction::FillCandidates => {
                play.board.fill_candidates();
                Change::Edited { answer_holds: true }
            }
            PlayAction::Undo => match play.undo() {
                true => Change::Edited {
                    answer_holds: false,
                },
                false => Change::Unchanged,
            },
            PlayAction::Redo => match play.redo() {
                true => Change::Edited {
                    answer_holds: false,
                },
                false => Change::Unchanged,
            },
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Mode {
    /// Typed digits become givens: the puzzle is being entered.
    Entering,
    /// Typed digits are the solver's own.
    Solving,
}

/// What a digit key writes, as SudokuPad's modes: Z, X, C and V pick one, Space the next.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Input {
    #[default]
    Digit,
    Corner,
    Centre,
    Colour,
}

impl Input {
    pub const ALL: [Input; 4] = [Input::Digit, Input::Corner, Input::Centre, Input::Colour];

    pub fn name(self) -> &'static str {
        match self {
            Input::Digit => "Digit",
            Input::Corner => "Corner",
            Input::Centre => "Centre",
            Input::Colour => "Colour",
        }
    }

    /// The key that selects it.
    pub fn key(self) -> char {
        match self {
            Input::Digit => 'Z',
            Input::Corner => 'X',
            Input::Centre => 'C',
            Input::Colour => 'V',
        }
    }

    pub fn next(self) -> Input {
        Input::ALL[(self as usize + 1) % Input::ALL.len()]
    }

    /// The mark layer it writes, if it writes marks.
    pub fn layer(self) -> Option<Layer> {
        match self {
            Input::Corner => Some(Layer::Corner),
            Input::Centre => Some(Layer::Centre),
            Input::Digit | Input::Colour => None,
        }
    }
}

/// A key pressed on the focused grid, as its `keydown` says it: what it types (`key`), the
/// physical key (`code`: `Digit3`, `Numpad3`) and the modifiers (`ctrl` is Cmd on a Mac).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Keypress {
    pub key: String,
    pub code: String,
    pub shift: bool,
    pub ctrl: bool,
    pub alt: bool,
}

impl Keypress {
    /// What the key does, SudokuPad's way, on a board of side `n` whose digits are written
    /// as `symbols` say, in input mode `input`. Digits are read from the physical key
    /// (`code`), so Shift+3 is a corner 3 where it types `#`, and the numpad works too.
    /// Where the values start at 0 the 0 key is the digit 0 and Delete, Backspace and `.`
    /// clear; elsewhere 0 clears too. Colours keep their numbers 1-9 whatever the digits.
    /// Ctrl with anything but a digit is left to the page (undo) and the browser (copy).
    pub fn action(&self, n: usize, symbols: Symbols, input: Input) -> Option<Action> {
        if self.alt {
            return None;
        }
        // A digit key's digit, or a colour's number.
        let typed = |ch: char, colour: bool| match colour {
            true => value_of(ch),
            false => symbols.digit_of(ch),
        };
        let physical = self
            .code
            .strip_prefix("Digit")
            .or_else(|| self.code.strip_prefix("Numpad"))
            .and_then(|d| d.parse::<u8>().ok())
            .filter(|&d| d <= 9)
            .map(|d| char::from(b'0' + d));
        if let Some(ch) = physical {
            let action = if self.ctrl {
                symbols
                    .digit_of(ch)
                    .map(|d| PlayAction::Mark(Layer::Centre, d))
            } else if self.shift {
                symbols
                    .digit_of(ch)
                    .map(|d| PlayAction::Mark(Layer::Corner, d))
            } else {
                typed(ch, input == Input::Colour).map(PlayAction::Type)
            };
            if let Some(action) = action {
                return Some(Action::Play(action));
            }
        }
        if self.ctrl {
            return None;
        }
        if let Some(heading) = heading(&self.key) {
            return Some(Action::Play(match self.shift {
                true => PlayAction::Extend(heading),
                false => PlayAction::Move(heading),
            }));
        }
        Some(Action::Play(match self.key.as_str() {
            "Backspace" | "Delete" | "." => PlayAction::Erase,
            "0" if symbols.digit_of('0').is_none() => PlayAction::Erase,
            " " => PlayAction::NextInput,
            key => {
                let mut chars = key.chars();
                let (Some(ch), None) = (chars.next(), chars.next()) else {
                    return None;
                };
                // A letter that is a digit of this board (25x25 has C) is a digit;
                // otherwise Z, X, C and V pick the input mode.
                let colour = input == Input::Colour && !self.shift;
                match typed(ch, colour).filter(|&v| usize::from(v) <= n) {
                    Some(v) if self.shift => PlayAction::Mark(Layer::Corner, v),
                    Some(v) => PlayAction::Type(v),
                    None => PlayAction::SetInput(
                        Input::ALL
                            .into_iter()
                            .find(|i| i.key() == ch.to_ascii_uppercase())?,
                    ),
                }
            }
        }))
    }
}

/// The heading an arrow key, Home or End steps the selection towards.
fn heading(key: &str) -> Option<Heading> {
    Some(match key {
        "ArrowUp" => Heading::Up,
        "ArrowDown" => Heading::Down,
        "ArrowLeft" => Heading::Left,
        "ArrowRight" => Heading::Right,
        "Home" => Heading::RowStart,
        "End" => Heading::RowEnd,
        _ => return None,
    })
}

/// The longest gap between two ticks that counts in full: a longer one (the machine slept,
/// the tab was frozen) counts as this much.
const MAX_TICK_MS: u64 = 2_000;

/// Time spent solving this puzzle, counted only while the page is visible.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Timer {
    pub elapsed_ms: u64,
    /// The board is full and breaks no rule: the clock has stopped.
    #[serde(default)]
    pub finished: bool,
    /// When the clock last ticked (the page's clock, in ms), while it runs.
    #[serde(skip)]
    last_tick: Option<u64>,
}

impl Timer {
    /// A timer that has counted `seconds`, as a link carries it.
    pub fn from_seconds(seconds: u64) -> Timer {
        Timer {
            elapsed_ms: seconds.saturating_mul(1000),
            ..Timer::default()
        }
    }

    /// The clock ticked at `now`: count the time since the last tick if `running`. False
    /// if nothing changed.
    pub fn tick(&mut self, now: u64, running: bool) -> bool {
        let before = *self;
        match (running, self.last_tick) {
            (false, _) => self.last_tick = None,
            (true, Some(last)) => {
                self.elapsed_ms += now.saturating_sub(last).min(MAX_TICK_MS);
                self.last_tick = Some(now);
            }
            (true, None) => self.last_tick = Some(now),
        }
        *self != before
    }

    /// The time as people read it: `4:05`, or `1:02:03` past an hour.
    pub fn text(&self) -> String {
        let s = self.elapsed_ms / 1000;
        let (h, m, s) = (s / 3600, s / 60 % 60, s % 60);
        if h > 0 {
            format!("{h}:{m:02}:{s:02}")
        } else {
            format!("{m}:{s:02}")
        }
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct Play {
    pub board: Board,
    /// The board's equal digits in a house, found once per edit for the board and status.
    pub conflicts: Vec<Conflict>,
    /// With no conflict, the first rule of a variant the digits break: why, and its cells.
    pub broken: Option<(String, Vec<usize>)>,
    pub mode: Mode,
    pub input: Input,
    /// The cursor: the cell the keyboard moves from and the grid points at.
    pub selected: usize,
    /// Every selected cell, the cursor among them, in order.
    pub selection: Vec<usize>,
    /// The same cells in the order they were picked (a drag's path, Shift and the arrows):
    /// the way a setter's line or arrow runs.
    pub picked: Vec<usize>,
    /// Bumped on every change of the board (digits, givens, marks or size), so effects save
    /// it, show it in the address and ask the worker; answers carry the revision they are for.
    pub revision: u32,
    /// Shared, so that the state copied by every action (a tick each second among them)
    /// copies the steps only when an edit or undo changes them.
    pub history: Rc<History>,
    pub timer: Timer,
    /// The payload the address and the save name a variant's puzzle by, and the givens
    /// and variant it was written for: both ask at every edit, and a setter's givens are
    /// written and compressed once (`Board::payload`).
    named: Option<Named>,
}

/// A payload and what it was written for.
#[derive(Clone, Debug, PartialEq)]
struct Named {
    /// The variant's own payload.
    variant: Rc<str>,
    givens: Grid,
    payload: Rc<str>,
}

impl Play {
    pub fn new(board: Board, mode: Mode) -> Play {
        let mut play = Play {
            conflicts: board.conflicts(),
            broken: None,
            board,
            mode,
            input: Input::Digit,
            selected: 0,
            selection: vec![0],
            picked: vec![0],
            revision: 0,
            history: Rc::default(),
            timer: Timer::default(),
            named: None,
        };
        play.name();
        play
    }

    /// Names the board's puzzle as it stands by its payload, written again only if the
    /// variant or its givens changed.
    fn name(&mut self) {
        let Some(variant) = self.board.variant() else {
            self.named = None;
            return;
        };
        let givens = self.board.puzzle();
        if let Some(named) = &self.named {
            if named.variant == variant.payload && named.givens == givens {
                return;
            }
        }
        self.named = Some(Named {
            variant: variant.payload.clone(),
            payload: variant.payload_with(&givens),
            givens,
        });
    }

    /// The payload of the board's puzzle as it stands (`Board::payload`): none for the
    /// classic rules.
    pub fn payload(&self) -> Option<&str> {
        self.named.as_ref().map(|named| &*named.payload)
    }

    /// Selects `cell` alone.
    pub fn select(&mut self, cell: usize) {
        self.selected = cell;
        self.selection = vec![cell];
        self.picked = vec![cell];
    }

    /// Adds `cell` to the selection and puts the cursor there; false if it was already in.
    pub fn add_to_selection(&mut self, cell: usize) -> bool {
        self.selected = cell;
        match self.selection.binary_search(&cell) {
            Ok(_) => false,
            Err(at) => {
                self.selection.insert(at, cell);
                self.picked.push(cell);
                true
            }
        }
    }

    /// Adds `cell`, or takes it out if it was selected and is not the only one.
    pub fn toggle_selected(&mut self, cell: usize) {
        match self.selection.binary_search(&cell) {
            Ok(at) if self.selection.len() > 1 => {
                self.selection.remove(at);
                self.picked.retain(|&c| c != cell);
                if self.selected == cell {
                    self.selected = self.selection[at.min(self.selection.len() - 1)];
                }
            }
            Ok(_) => {}
            Err(_) => {
                self.add_to_selection(cell);
            }
        }
    }

    pub fn is_selected(&self, cell: usize) -> bool {
        self.selection.binary_search(&cell).is_ok()
    }

    /// The digits the solver's verdict is about: every digit on the board, or only the
    /// givens while a puzzle is played without the live verdict (`live`), so that a wrong
    /// digit that breaks no rule is told by Check alone.
    pub fn verdict_grid(&self, live: bool) -> Grid {
        match self.mode == Mode::Solving && !live {
            true => self.board.puzzle(),
            false => self.board.grid(),
        }
    }

    /// Whether the clock runs: a puzzle is being solved and is not finished yet.
    pub fn clock_runs(&self) -> bool {
        self.mode == Mode::Solving && !self.timer.finished && self.board.has_puzzle()
    }

    /// Takes back the last change of the board; false if there is none.
    pub fn undo(&mut self) -> bool {
        self.history.can_undo() && Rc::make_mut(&mut self.history).undo(&mut self.board)
    }

    /// Does again the last change undone; false if there is none.
    pub fn redo(&mut self) -> bool {
        self.history.can_redo() && Rc::make_mut(&mut self.history).redo(&mut self.board)
    }

    /// The board that requests are about, as the worker hands it back.
    pub fn ticket(&self) -> Ticket {
        Ticket {
            revision: self.revision,
            side: self.board.shape().n() as u8,
        }
    }

    /// The board changed: find its conflicts, stop the clock on a finished board, move the
    /// revision on, and name the puzzle again if its givens or rules changed.
    pub fn changed(&mut self) {
        self.conflicts = self.board.conflicts();
        self.broken = match self.conflicts.is_empty() {
            true => self.board.broken_rule(),
            false => None,
        };
        // A chaos construction's regions are part of its solution: it is finished once
        // the player's colours make them too.
        self.timer.finished = self.mode == Mode::Solving
            && self.conflicts.is_empty()
            && self.broken.is_none()
            && self.board.cells().iter().all(|&d| d != 0)
            && self.board.regions_hold();
        self.revision = self.revision.wrapping_add(1);
        self.name();
    }

    /// Puts a new board in place, keeping the history (Clear can be undone); the caller
    /// then goes through `State::edited`.
    pub fn replace(&mut self, board: Board, mode: Mode) {
        if board.len() != self.board.len() {
            self.select(0);
        }
        self.board = board;
        self.mode = mode;
    }

    /// Writes what help gives the board, taking each digit out of its peers' marks if
    /// `clean`, and selects the first cell written.
    pub(super) fn write(&mut self, written: &Written, clean: bool) {
        for &(cell, digit) in &written.digits {
            if self.board.write(cell, digit, written.kind) && clean {
                self.board.clean_peers(cell, digit);
            }
        }
        self.board.eliminate(&written.eliminations);
        let len = self.board.len();
        if let Some(&(cell, _)) = written.digits.iter().find(|&&(c, _)| c < len) {
            self.select(cell);
        }
    }

    /// Locks the digits entered as the givens and starts solving them, on a clock of its
    /// own.
    pub(super) fn start_solving(&mut self) {
        self.board.lock_as_givens();
        self.mode = Mode::Solving;
        self.timer = Timer::default();
    }

    /// Writes `digit` into every selected cell as the mode says, taking it out of the
    /// peers' marks if `clean`; false if nothing changed.
    pub fn type_digit(&mut self, digit: u8, clean: bool) -> bool {
        let kind = match self.mode {
            Mode::Entering => Kind::Given,
            Mode::Solving => Kind::User,
        };
        let mut changed = false;
        for cell in self.selection.clone() {
            if self.board.write(cell, digit, kind) {
                changed = true;
                if clean {
                    self.board.clean_peers(cell, digit);
                }
            }
        }
        changed
    }

    /// Toggles `digit` as a mark of `layer` in the selected cells.
    pub fn mark(&mut self, layer: Layer, digit: u8) -> bool {
        self.board.toggle_mark(&self.selection, layer, digit)
    }

    /// Toggles colour `colour` in the selected cells.
    pub fn colour(&mut self, colour: u8) -> bool {
        self.board.toggle_colour(&self.selection, colour)
    }

    /// Clears the top layer of the selected cells: digits, then marks, then colours.
    pub fn erase(&mut self) -> bool {
        self.board
            .clear_top(&self.selection, self.mode == Mode::Entering)
    }

    /// The accessible name of a cell showing `digit` of `kind` with `marks`: its position,
    /// then its state, then the marks and colours it shows.
    pub fn cell_label(
        &self,
        cell: usize,
        digit: u8,
        kind: Kind,
        shown: Option<u8>,
        conflicted: bool,
        marks: Marks,
    ) -> String {
        let symbol = |d| self.board.symbols().shown(d);
        let mut parts = vec![self.board.shape().cell(cell).to_string()];
        parts.push(match kind {
            Kind::Given => format!("given {}", symbol(digit)),
            Kind::User => format!("{}", symbol(digit)),
            Kind::Revealed => format!("{} revealed", symbol(digit)),
            Kind::Empty => match shown {
                Some(d) => format!("empty, solution {}", symbol(d)),
                None => "empty".into(),
            },
        });
        match self.board.variant().map(|v| v.phrases_at(cell)) {
            Some(phrases) if !phrases.is_empty() => parts.push(phrases.to_string()),
            _ => {}
        }
        if conflicted {
            parts.push("conflict".into());
        }
        let list = |set: DigitSet| {
            set.iter()
                .map(|d| symbol(d).to_string())
                .collect::<Vec<_>>()
        };
        if kind == Kind::Empty && shown.is_none() {
            for (name, set) in [("corner", marks.corner()), ("centre", marks.centre())] {
                if !set.is_empty() {
                    parts.push(format!("{name} marks {}", list(set).join(" ")));
                }
            }
        }
        let colours: Vec<&str> = marks.colours().map(colour_name).collect();
        if !colours.is_empty() {
            parts.push(format!("colours {}", colours.join(" and ")));
        }
        parts.join(", ")
    }
}
