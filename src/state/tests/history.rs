//! Undo and redo, and the history's bounds.

use super::*;
use crate::board::{Kind, Layer};
use crate::protocol::Hint;
use crate::protocol::{Answer, StepView};

fn typed(digits: &[(usize, u8)]) -> Rc<State> {
    let mut s = Rc::new(State::new(Board::empty(Shape::NINE), Mode::Solving));
    for &(cell, digit) in digits {
        s = s
            .reduce(Action::Play(PlayAction::Select(cell)))
            .reduce(Action::Play(PlayAction::Type(digit)));
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
    let s = s.reduce(Action::Play(PlayAction::Undo));
    assert_eq!(digits(&s), [1, 2, 0, 0]);
    let s = s
        .reduce(Action::Play(PlayAction::Undo))
        .reduce(Action::Play(PlayAction::Undo));
    assert_eq!(digits(&s), [0, 0, 0, 0]);
    assert!(!s.play.history.can_undo());
    let revision = s.play.revision;
    let s = s.reduce(Action::Play(PlayAction::Redo));
    assert_eq!(digits(&s), [1, 0, 0, 0]);
    assert_eq!(
        s.play.revision,
        revision + 1,
        "the board is saved and asked about"
    );
    assert_eq!(s.solver.phase, Phase::Waiting { slow: false });
    // A new edit ends what could be redone.
    let s = s
        .reduce(Action::Play(PlayAction::Select(3)))
        .reduce(Action::Play(PlayAction::Type(4)));
    assert!(!s.play.history.can_redo());
    assert_eq!(digits(&s), [1, 0, 0, 4]);
}

#[test]
fn nothing_to_undo_or_redo_changes_nothing() {
    let s = typed(&[]);
    assert!(Rc::ptr_eq(
        &s.clone().reduce(Action::Play(PlayAction::Undo)),
        &s
    ));
    assert!(Rc::ptr_eq(
        &s.clone().reduce(Action::Play(PlayAction::Redo)),
        &s
    ));
    let s = typed(&[(0, 5)]);
    let same = s.clone().reduce(Action::Play(PlayAction::Type(5)));
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
        second: vec![],
        cells: vec![],
        candidates: vec![],
        links: vec![],
        rules: vec![],
        explanation: String::new(),
    };
    let s = typed(&[(0, 1)]).reduce(Action::Lesson(LessonAction::AskedHint));
    let ticket = s.ticket();
    let s = s
        .reduce(Action::Lesson(LessonAction::Report(Report::Done {
            ticket,
            answer: Answer::Hint(Hint::Step(Box::new(step))),
            micros: 1,
        })))
        .reduce(Action::Lesson(LessonAction::ApplyHint));
    assert_eq!(s.play.board.cells()[4..6], [5, 6]);
    assert_eq!(s.play.board.marks(80).centre, 0xff);
    let s = s.reduce(Action::Play(PlayAction::Undo));
    assert_eq!(s.play.board.cells()[4..6], [0, 0]);
    assert!(s.play.board.marks(80).is_blank());
    assert_eq!(digits(&s), [1, 0, 0, 0], "the edit before stays");
}

#[test]
fn clear_can_be_undone_but_a_new_puzzle_starts_a_new_history() {
    let s = typed(&[(0, 1), (1, 2)]).reduce(Action::Game(GameAction::ClearAll));
    assert_eq!(digits(&s), [0, 0, 0, 0]);
    let s = s.reduce(Action::Play(PlayAction::Undo));
    assert_eq!(digits(&s), [1, 2, 0, 0]);
    let s = s.reduce(Action::Game(GameAction::Open(
        Board::from_puzzle(&Grid::parse(&".".repeat(81)).unwrap()),
        Timer::default(),
    )));
    assert!(!s.play.history.can_undo() && !s.play.history.can_redo());
    let s = typed(&[(0, 1)]).reduce(Action::Game(GameAction::NewSize(Shape::ALL[0])));
    assert!(!s.play.history.can_undo());
}

#[test]
fn the_history_keeps_its_newest_steps() {
    let mut s = typed(&[]);
    for i in 0..MAX_STEPS + 10 {
        s = s.reduce(Action::Play(PlayAction::Type((i % 9) as u8 + 1)));
    }
    let mut undone = 0;
    while s.play.history.can_undo() {
        s = s.reduce(Action::Play(PlayAction::Undo));
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
        s = s.reduce(Action::Play(PlayAction::AddSelect(cell)));
    }
    assert_eq!(s.play.selection.len(), 625);
    for _ in 0..40 {
        s = s.reduce(Action::Play(PlayAction::Mark(Layer::Centre, 1)));
    }
    let mut undone = 0;
    while s.play.history.can_undo() {
        s = s.reduce(Action::Play(PlayAction::Undo));
        undone += 1;
    }
    assert_eq!(
        undone,
        crate::state::history::MAX_CELLS / 625,
        "steps of 625 cells each"
    );
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

#[test]
fn a_saved_change_of_rules_of_another_size_is_refused() {
    let four = r#"{"size":4,"killercage":[{"cells":["R1C1","R1C2"],"value":"3"}]}"#;
    let Ok(crate::variant::Opened::Variant(variant)) = crate::variant::Variant::open(four) else {
        panic!("not a variant")
    };
    let step = format!(
        r#"{{"undo":[{{"before":"{}","after":null}}],"redo":[]}}"#,
        variant.payload
    );
    let history: History = serde_json::from_str(&step).unwrap();
    assert!(history
        .clone()
        .checked(&Board::of_variant(variant))
        .is_some());
    assert!(history.checked(&Board::empty(Shape::NINE)).is_none());
    // A step of cells is written as saves wrote it before rules could change (a list of
    // changes), and reads back as it was.
    let before = Board::empty(Shape::NINE);
    let mut after = before.clone();
    after.write(0, 1, crate::board::Kind::User);
    let mut cells = History::default();
    cells.record(&before, &after);
    let text = serde_json::to_string(&cells).unwrap();
    assert!(text.starts_with(r#"{"undo":[[["#), "{text}");
    assert_eq!(serde_json::from_str::<History>(&text).unwrap(), cells);
}

#[test]
fn a_revealed_cell_is_one_step_that_undo_takes_back() {
    let s = revealed(typed(&[(0, 1)]));
    assert!(s.game.spoiled, "a revealed cell is help taken");
    let s = s.reduce(Action::Play(PlayAction::Undo));
    assert_eq!(
        (s.play.board.digit(4), s.play.board.kind(4)),
        (0, Kind::Empty)
    );
    assert_eq!(digits(&s), [1, 0, 0, 0], "the edit before stays");
    assert!(s.game.spoiled, "undo does not take back having seen it");
}
