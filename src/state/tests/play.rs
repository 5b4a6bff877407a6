//! The player's moves: selecting, typing, marks and colours, erasing, the input mode,
//! and the timer that counts while a puzzle is played.

use super::*;
use crate::board::{Heading, Kind, Layer, Marks};

fn solving() -> Rc<State> {
    let puzzle = Grid::parse(&format!("5{}", ".".repeat(80))).unwrap();
    Rc::new(State::new(Board::from_puzzle(&puzzle), Mode::Solving))
}

#[test]
fn the_input_mode_says_what_a_digit_key_writes() {
    let s = solving().reduce(Action::Play(PlayAction::Select(1)));
    let s = s
        .reduce(Action::Play(PlayAction::SetInput(Input::Corner)))
        .reduce(Action::Play(PlayAction::Type(3)));
    assert_eq!(s.play.board.marks(1).corner, 0b100);
    let s = s
        .reduce(Action::Play(PlayAction::NextInput))
        .reduce(Action::Play(PlayAction::Type(3)));
    assert_eq!(s.play.input, Input::Centre);
    assert_eq!(s.play.board.marks(1).centre, 0b100);
    let s = s
        .reduce(Action::Play(PlayAction::NextInput))
        .reduce(Action::Play(PlayAction::Type(9)));
    assert_eq!(s.play.board.marks(1).colours().collect::<Vec<_>>(), [9]);
    let s = s.reduce(Action::Play(PlayAction::NextInput));
    assert_eq!(s.play.input, Input::Digit, "Space comes round again");
    // Shift and Ctrl write marks whatever the mode; typing one again removes it.
    let s = s.reduce(Action::Play(PlayAction::Mark(Layer::Corner, 3)));
    assert_eq!(s.play.board.marks(1).corner, 0);
    assert_eq!(s.play.board.digit(1), 0);
}

#[test]
fn a_change_to_many_cells_is_one_step_with_what_auto_clean_took() {
    let s = solving()
        .reduce(Action::Play(PlayAction::Select(10)))
        .reduce(Action::Play(PlayAction::Extend(Heading::Right)))
        .reduce(Action::Play(PlayAction::ToggleSelect(42)))
        .reduce(Action::Play(PlayAction::AddSelect(79)));
    assert_eq!(s.play.selection, [10, 11, 42, 79]);
    let s = s.reduce(Action::Play(PlayAction::Mark(Layer::Centre, 7)));
    assert!([10, 11, 42, 79]
        .iter()
        .all(|&c| s.play.board.marks(c).centre == 1 << 6));
    let s = s
        .reduce(Action::Play(PlayAction::Select(13)))
        .reduce(Action::Play(PlayAction::Type(7)));
    assert_eq!(
        [10, 11, 42, 79].map(|c| s.play.board.marks(c).centre),
        [0, 0, 1 << 6, 1 << 6],
        "r2c2 and r2c3 see r2c5; r5c7 and r9c8 do not"
    );
    let s = s.reduce(Action::Play(PlayAction::Undo));
    assert_eq!(s.play.board.digit(13), 0);
    assert!(
        [10, 11]
            .iter()
            .all(|&c| s.play.board.marks(c).centre == 1 << 6),
        "one undo brings the cleaned marks back"
    );
    let s = s.reduce(Action::Play(PlayAction::Undo));
    assert!(
        s.play.board.marks(10).is_blank(),
        "the marks went in one step"
    );

    let mut off = (*solving()).clone();
    off.settings.auto_clean = false;
    let s = Rc::new(off)
        .reduce(Action::Play(PlayAction::Select(10)))
        .reduce(Action::Play(PlayAction::Mark(Layer::Centre, 7)))
        .reduce(Action::Play(PlayAction::Select(13)))
        .reduce(Action::Play(PlayAction::Type(7)));
    assert_eq!(
        s.play.board.marks(10).centre,
        1 << 6,
        "auto-clean is a setting"
    );
}

#[test]
fn marks_and_colours_keep_the_solvers_answer() {
    // With the live verdict, which asks about every digit.
    let mut live = (*solving()).clone();
    live.settings.live_verdict = true;
    let s = Rc::new(live);
    let ticket = s.ticket();
    let s = s.reduce(Action::Solver(SolverAction::Report(Report::Done {
        ticket,
        answer: crate::protocol::Answer::Unique(vec![5; 81]),
        micros: 1,
    })));
    let s = s
        .reduce(Action::Play(PlayAction::Select(1)))
        .reduce(Action::Play(PlayAction::Mark(Layer::Centre, 2)));
    assert_eq!(s.solver.phase, Phase::Settled, "nothing to ask again");
    assert!(s.solution().is_some());
    let s = s.reduce(Action::Play(PlayAction::FillCandidates));
    assert_eq!(s.play.board.marks(1).centre, 0x1ff & !(1 << 4));
    assert!(s.solution().is_some());
    let s = s.reduce(Action::Play(PlayAction::Type(3)));
    assert_eq!(
        s.solver.phase,
        Phase::Waiting { slow: false },
        "a digit is asked about"
    );
}

#[test]
fn the_timer_counts_only_while_solving_and_shown_and_stops_when_solved() {
    let s = solving()
        .reduce(Action::Page(PageAction::Tick(1_000)))
        .reduce(Action::Page(PageAction::Tick(2_000)))
        .reduce(Action::Page(PageAction::Tick(3_500)));
    assert_eq!(s.play.timer.elapsed_ms, 2_500);
    let s = s
        .reduce(Action::Page(PageAction::Hidden(true)))
        .reduce(Action::Page(PageAction::Tick(60_000)))
        .reduce(Action::Page(PageAction::Hidden(false)))
        .reduce(Action::Page(PageAction::Tick(61_000)))
        .reduce(Action::Page(PageAction::Tick(62_000)));
    assert_eq!(
        s.play.timer.elapsed_ms, 3_500,
        "a hidden minute does not count"
    );
    let s = s.reduce(Action::Page(PageAction::Tick(3_600_000)));
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
        .reduce(Action::Play(PlayAction::Select(80)))
        .reduce(Action::Play(PlayAction::Type(solution[80])));
    assert!(s.play.timer.finished);
    assert!(!s.play.clock_runs());
    assert!(
        s.clone()
            .reduce(Action::Page(PageAction::Tick(1)))
            .reduce(Action::Page(PageAction::Tick(900)))
            .play
            .timer
            .elapsed_ms
            == 0
    );
    assert_eq!(s.stats.levels[OWN].solved, 1, "the finish counts");
    let held = s
        .clone()
        .reduce(Action::Play(PlayAction::Erase))
        .reduce(Action::Play(PlayAction::Undo));
    assert_eq!(
        held.play.board, s.play.board,
        "a finished board holds still"
    );
    let s = s
        .reduce(Action::Game(GameAction::KeepEditing))
        .reduce(Action::Play(PlayAction::Erase));
    assert!(
        !s.play.timer.finished,
        "once the player edits, a cleared cell starts the clock again"
    );
    let s = s.reduce(Action::Play(PlayAction::Type(solution[80])));
    assert!(s.play.timer.finished);
    assert_eq!(s.stats.levels[OWN].solved, 1, "a puzzle counts once");
}

#[test]
fn typing_while_entering_writes_givens_and_asks_again() {
    let s = state().reduce(Action::Play(PlayAction::Type(5)));
    assert_eq!(s.play.board.kind(0), Kind::Given);
    assert_eq!(s.play.revision, 1);
    assert_eq!(s.solver.phase, Phase::Waiting { slow: false });
    let s = s
        .reduce(Action::Game(GameAction::StartSolving))
        .reduce(Action::Play(PlayAction::Move(Heading::Right)))
        .reduce(Action::Play(PlayAction::Type(3)));
    assert_eq!(
        (s.play.board.kind(1), s.play.board.digit(1)),
        (Kind::User, 3)
    );
}

#[test]
fn cells_are_named_for_screen_readers() {
    let s = state().reduce(Action::Play(PlayAction::Type(5)));
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

/// A key as the grid's `keydown` gives it.
fn key(key: &str, code: &str) -> Keypress {
    Keypress {
        key: key.into(),
        code: code.into(),
        ..Keypress::default()
    }
}

/// The state after the key, as the grid reads it on this board.
fn press(s: Rc<State>, keypress: Keypress) -> Rc<State> {
    let (board, input) = (&s.play.board, s.play.input);
    match keypress.action(board.shape().n(), board.symbols(), input) {
        Some(action) => s.reduce(action),
        None => s,
    }
}

#[test]
fn where_values_start_at_0_the_0_key_types_the_value_0_and_delete_clears() {
    let text = ".Shape~9x9~0-8.Cage~3~R1C1~R1C2.~R9C9_8";
    let Ok(crate::variant::Opened::Variant(variant)) = crate::variant::Variant::open(text) else {
        panic!("not a variant")
    };
    let s = Rc::new(State::new(Board::of_variant(variant), Mode::Solving))
        .reduce(Action::Play(PlayAction::Select(0)));
    let shown = |s: &State, cell: usize| s.play.board.symbols().shown(s.play.board.digit(cell));
    assert_eq!(shown(&s, 80), '8', "the given 8 is the digit 9");
    let s = press(s, key("0", "Digit0"));
    assert_eq!(s.play.board.digit(0), 1, "the value 0 is the digit 1");
    assert_eq!(shown(&s, 0), '0');
    // Twice in a row: the status names the value.
    let s = press(
        s.reduce(Action::Play(PlayAction::Select(1))),
        key("0", "Numpad0"),
    );
    assert!(s.status().starts_with("Two 0s in row 1"), "{}", s.status());
    let s = press(s, key("Delete", "Delete"));
    assert_eq!(s.play.board.digit(1), 0, "Delete clears");
    let s = press(s, key("8", "Digit8"));
    assert_eq!((s.play.board.digit(1), shown(&s, 1)), (9, '8'));
    let s = press(s, key("Backspace", "Backspace"));
    assert_eq!(s.play.board.digit(1), 0);
    // 9 is no value of this board.
    let s = press(s, key("9", "Digit9"));
    assert_eq!(s.play.board.digit(1), 0);
    // Shift+0 is a corner 0, whatever the key types.
    let corner = Keypress {
        shift: true,
        ..key(")", "Digit0")
    };
    let s = press(s, corner);
    assert_eq!(s.play.board.marks(1).corner, 0b1);
    // Colours keep their numbers: 1 is the first colour.
    let s = press(
        s.reduce(Action::Play(PlayAction::SetInput(Input::Colour))),
        key("1", "Digit1"),
    );
    assert_eq!(s.play.board.marks(1).colours().collect::<Vec<_>>(), [1]);
}

#[test]
fn on_a_classic_board_the_0_key_clears_as_it_did() {
    let s = solving().reduce(Action::Play(PlayAction::Select(1)));
    let s = press(s, key("9", "Digit9"));
    assert_eq!(s.play.board.digit(1), 9);
    let s = press(s, key("0", "Digit0"));
    assert_eq!(s.play.board.digit(1), 0, "0 clears");
    let s = press(press(s, key("4", "Numpad4")), key("0", "Numpad0"));
    assert_eq!(s.play.board.digit(1), 0);
    assert_eq!(
        key("0", "Digit0")
            .action(
                9,
                Board::empty(sudoku_engine::Shape::NINE).symbols(),
                Input::Digit
            )
            .map(|a| matches!(a, Action::Play(PlayAction::Erase))),
        Some(true)
    );
}

/// `data/chaos-own.jsonl`'s chaos construction, opened to be solved, with its digits and
/// regions (a letter a cell).
fn chaos_own() -> (Rc<State>, Vec<u8>, Vec<u8>) {
    let line = include_str!("../../../data/chaos-own.jsonl")
        .lines()
        .next()
        .unwrap();
    let entry: serde_json::Value = serde_json::from_str(line).unwrap();
    let text = entry["iss"].as_str().unwrap();
    let Ok(crate::variant::Opened::Variant(variant)) = crate::variant::Variant::open(text) else {
        panic!("not a variant")
    };
    let field = |name: &str, from: u8| entry[name].as_str().unwrap().bytes().map(move |b| b - from);
    let s = Rc::new(State::new(Board::of_variant(variant), Mode::Solving));
    (
        s,
        field("solution", b'0').collect(),
        field("regions", b'A').collect(),
    )
}

/// `s` with each cell's colour toggled as `colours` says (0: none).
fn coloured(s: Rc<State>, colours: &[u8]) -> Rc<State> {
    let mut s = s.reduce(Action::Play(PlayAction::SetInput(Input::Colour)));
    for (cell, &colour) in colours.iter().enumerate().filter(|&(_, &c)| c != 0) {
        s = s
            .reduce(Action::Play(PlayAction::Select(cell)))
            .reduce(Action::Play(PlayAction::Type(colour)));
    }
    s.reduce(Action::Play(PlayAction::SetInput(Input::Digit)))
}

#[test]
fn a_chaos_construction_is_finished_by_its_digits_and_its_regions_together() {
    let (mut s, digits, regions) = chaos_own();
    assert!(s.play.board.chaos().is_some());
    for (cell, &digit) in digits.iter().enumerate() {
        if s.play.board.kind(cell) == Kind::Empty {
            s = s
                .reduce(Action::Play(PlayAction::Select(cell)))
                .reduce(Action::Play(PlayAction::Type(digit)));
        }
    }
    // Every digit right, and no region drawn: not finished, and the status says why.
    assert!(!s.play.timer.finished);
    assert!(s
        .status()
        .ends_with("the digits are in; colour each region to finish"));
    // The regions in other colours than the solution's numbers, all but r1c5 (region 2)
    // right, which is coloured as region 1.
    let right: Vec<u8> = regions.iter().map(|&r| 6 - r).collect();
    let mut wrong = right.clone();
    wrong[4] = right[0];
    let s = coloured(s, &wrong);
    assert_eq!(s.play.board.regions(), wrong);
    assert!(!s.play.timer.finished, "a region wrong");
    // A second colour on r1c5 puts it in no region; its own alone finishes.
    let s = coloured(s, &[0, 0, 0, 0, right[4]]);
    assert_eq!(s.play.board.regions()[4], 0);
    assert!(!s.play.timer.finished);
    let s = coloured(s, &[0, 0, 0, 0, right[0]]);
    assert_eq!(s.play.board.regions(), right);
    assert!(s.play.timer.finished);
    assert_eq!(s.status(), "Solved");
}

#[test]
fn a_chaos_construction_is_exported_to_iss_alone_and_not_edited_by_the_setter() {
    use sudoku_links::export::Site;
    let (s, _, _) = chaos_own();
    let board = &s.play.board;
    let link = board.export_link(Site::Iss).unwrap();
    assert_eq!(
        sudoku_links::read(&link).unwrap().chaos.as_ref(),
        board.chaos()
    );
    let refused = board.export_link(Site::SudokuPad).unwrap_err();
    assert!(refused.ends_with("has no chaos construction"), "{refused}");
    // Its regions are not in the document the setter edits: an edit is refused, not made
    // on the puzzle without them.
    let entering = Rc::new(State::new(board.clone(), Mode::Entering));
    let s = entering.reduce(Action::Setter(SetterAction::Switch("diagonal-", true)));
    assert_eq!(s.play.board.chaos(), board.chaos());
    assert_eq!(
        s.notice.as_deref(),
        Some("Not set: a chaos construction cannot be edited here yet")
    );
}
