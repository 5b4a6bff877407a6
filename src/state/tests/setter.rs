//! Setting rules: added over the selection, removed, switched, each one undo step, and
//! a new verdict asked for each.

use super::*;
use sudoku_engine::houses::HouseKind;
use sudoku_links::setting::Draft;

fn select(s: Rc<State>, cells: &[usize]) -> Rc<State> {
    let mut s = s.reduce(Action::Play(PlayAction::Select(cells[0])));
    for &cell in &cells[1..] {
        s = s.reduce(Action::Play(PlayAction::AddSelect(cell)));
    }
    s
}

/// An empty board with these givens typed, each a cell and its digit.
fn typed(givens: &[(usize, u8)]) -> Rc<State> {
    givens.iter().fold(state(), |s, &(cell, digit)| {
        s.reduce(Action::Play(PlayAction::Select(cell)))
            .reduce(Action::Play(PlayAction::Type(digit)))
    })
}

#[test]
fn a_cage_over_the_selection_is_one_step_and_asks_the_solver_again() {
    let s = select(state(), &[0, 9]);
    let revision = s.play.revision;
    let s = s.reduce(Action::Setter(SetterAction::Add(Draft::killer(Some(4)))));
    assert_eq!(s.play.board.rules().len(), 1);
    assert!(s.play.revision != revision);
    assert_eq!(s.solver.phase, Phase::Waiting { slow: false });
    let figure = &s.play.board.variant().unwrap().imported.figures[0];
    assert_eq!((figure.rule, figure.cells.clone()), ("killer", vec![0, 9]));
    let s = s.reduce(Action::Play(PlayAction::Undo));
    assert!(s.play.board.variant().is_none());
    let s = s.reduce(Action::Play(PlayAction::Redo));
    assert_eq!(s.play.board.rules().len(), 1);
    // Removed by its place, and switched rules of the whole grid.
    let source = s.play.board.variant().unwrap().imported.figures[0].source;
    let s = s.reduce(Action::Setter(SetterAction::Remove(source)));
    assert!(s.play.board.variant().is_none());
    let s = s.reduce(Action::Setter(SetterAction::Switch("diagonal-", true)));
    assert!(s.play.board.houses().peers(0).contains(&80));
}

#[test]
fn a_rule_the_cells_cannot_hold_says_why_and_changes_nothing() {
    let s = select(state(), &[0]);
    let s = s.reduce(Action::Setter(SetterAction::Add(Draft::Line("whispers"))));
    assert!(s.play.board.variant().is_none());
    assert!(s
        .notice
        .as_deref()
        .unwrap()
        .starts_with("Not set: select at least two cells"));
    // No cage of a 9x9 sums to 1000: the reader of the document says so.
    let s = select(s, &[0, 1]);
    let s = s.reduce(Action::Setter(SetterAction::Add(Draft::killer(Some(1000)))));
    assert!(s.play.board.variant().is_none());
    assert!(
        s.notice
            .as_deref()
            .unwrap()
            .contains("sum 1000 is out of range"),
        "{:?}",
        s.notice
    );
    // Rules are set while the puzzle is edited, not while it is solved.
    let solving = Rc::new(State::new(Board::empty(Shape::NINE), Mode::Solving));
    let same = solving
        .clone()
        .reduce(Action::Setter(SetterAction::Switch("antiknight", true)));
    assert!(Rc::ptr_eq(&same, &solving));
}

#[test]
fn a_line_runs_in_the_order_its_cells_were_picked() {
    // r1c3, then r1c2, then r1c1: the bulb is in r1c3.
    let s = select(state(), &[2, 1, 0]);
    let s = s.reduce(Action::Setter(SetterAction::Add(Draft::Line(
        "thermometer",
    ))));
    let figure = &s.play.board.variant().unwrap().imported.figures[0];
    assert_eq!(figure.cells, vec![2, 1, 0]);
}

/// A cage of 4 over r1c1 and r2c1, set while entering, then a given 5 in r5c5.
fn caged_with_a_given() -> Rc<State> {
    let s = select(state(), &[0, 9]);
    let s = s.reduce(Action::Setter(SetterAction::Add(Draft::killer(Some(4)))));
    s.reduce(Action::Play(PlayAction::Select(40)))
        .reduce(Action::Play(PlayAction::Type(5)))
}

#[test]
fn clear_on_a_variant_is_undone_with_its_rules_and_its_digits() {
    let s = caged_with_a_given();
    let s = s.reduce(Action::Game(GameAction::ClearAll));
    assert!(s.play.board.variant().is_none());
    assert_eq!(s.play.board.digit(40), 0);
    let s = s.reduce(Action::Play(PlayAction::Undo));
    assert_eq!(s.play.board.rules().len(), 1);
    assert_eq!(s.play.board.digit(40), 5);
}

#[test]
fn givens_typed_under_rules_go_into_the_address_and_the_save() {
    let s = caged_with_a_given();
    let payload = s.play.payload().unwrap();
    assert_eq!(Some(payload), s.play.board.payload().as_deref());
    // Written and compressed once for these givens, though the address and the save both
    // ask on every edit: a mark leaves it as it was.
    let marked = select(s.clone(), &[0]).reduce(Action::Play(PlayAction::Mark(
        crate::board::Layer::Centre,
        3,
    )));
    assert_ne!(marked.play.revision, s.play.revision, "the mark is an edit");
    assert!(std::ptr::eq(payload, marked.play.payload().unwrap()));
    let fragment = crate::link::fragment(&s.play.board, Some(payload), None);
    let linked = crate::link::board_in(&fragment, "").unwrap().unwrap();
    assert_eq!(linked.board.digit(40), 5);
    assert!(linked.board.same_puzzle(&s.play.board));
}

#[test]
fn a_cage_s_sum_changes_in_place_as_one_step() {
    let s = select(state(), &[0, 9]);
    let s = s.reduce(Action::Setter(SetterAction::Add(Draft::killer(Some(4)))));
    let source = s.play.board.variant().unwrap().imported.figures[0].source;
    let sum = |s: &State| match &s.play.board.variant().unwrap().imported.figures[0].look {
        sudoku_links::Look::Cage { label, .. } => label.clone(),
        _ => None,
    };
    let s = s.reduce(Action::Setter(SetterAction::SetValue(
        source,
        Some("5".into()),
    )));
    assert_eq!(sum(&s).as_deref(), Some("5"));
    let s = s.reduce(Action::Play(PlayAction::Undo));
    assert_eq!(sum(&s).as_deref(), Some("4"));
}

#[test]
fn a_painted_region_changes_the_houses_as_one_step() {
    // Two given 5s, r1c1 and r2c4: apart under the boxes, together once r2c4 is painted
    // into the first region (r3c3 leaves it).
    let s = typed(&[(0, 5), (12, 5)]);
    assert!(!s.status().starts_with("No solution"), "{}", s.status());
    let s = select(s, &[0, 1, 2, 9, 10, 11, 18, 19, 12]);
    let s = s.reduce(Action::Setter(SetterAction::PaintRegion));
    assert!(
        s.status().starts_with("No solution: two 5s"),
        "{}",
        s.status()
    );
    let houses = s.play.board.houses();
    let region = (0..houses.len())
        .find(|&h| houses.kind(h) == HouseKind::Region && houses.cells(h).contains(&12))
        .unwrap();
    assert_eq!(houses.cells(region), [0, 1, 2, 9, 10, 11, 12, 18, 19]);
    let s = s.reduce(Action::Play(PlayAction::Undo));
    assert!(s.play.board.variant().is_none());
    assert_eq!(s.play.board.digit(12), 5, "the givens stay");
    // Ten cells are no region of a 9x9.
    let s = select(s, &(0..10).collect::<Vec<_>>());
    let s = s.reduce(Action::Setter(SetterAction::PaintRegion));
    assert!(s.play.board.variant().is_none());
    assert_eq!(
        s.notice.as_deref(),
        Some("Not set: a region holds at most 9 cells")
    );
}

#[test]
fn a_click_on_an_edge_puts_the_chosen_mark_there_and_takes_it_away() {
    let s = state();
    // No mark chosen: a click on an edge sets nothing.
    let same = s.clone().reduce(Action::Setter(SetterAction::Edge(0, 1)));
    assert!(Rc::ptr_eq(&same, &s));
    let s = s.reduce(Action::Setter(SetterAction::EdgeMark(Some(1))));
    assert_eq!(s.setter.edge_mark, Some(1));
    let s = s.reduce(Action::Setter(SetterAction::Edge(1, 0)));
    let figure = &s.play.board.variant().unwrap().imported.figures[0];
    assert_eq!(
        (figure.rule, figure.cells.clone()),
        ("kropki-black", vec![0, 1])
    );
    let s = s.reduce(Action::Setter(SetterAction::Edge(0, 1)));
    assert!(s.play.board.variant().is_none());
    // Each click is one step; choosing the mark is none.
    let s = s.reduce(Action::Play(PlayAction::Undo));
    assert_eq!(s.play.board.rules().len(), 1);
    let s = s.reduce(Action::Play(PlayAction::Undo));
    assert!(s.play.board.variant().is_none());
    assert!(!s.play.history.can_undo());
}

#[test]
fn a_rule_takes_the_selected_cells_as_one_step() {
    let s = select(state(), &[0, 9]);
    let s = s.reduce(Action::Setter(SetterAction::Add(Draft::killer(Some(4)))));
    let source = s.play.board.variant().unwrap().imported.figures[0].source;
    let cells = |s: &State| {
        s.play.board.variant().unwrap().imported.figures[0]
            .cells
            .clone()
    };
    let s = select(s, &[1, 0]);
    let s = s.reduce(Action::Setter(SetterAction::SetCells(source)));
    assert_eq!(cells(&s), [1, 0]);
    assert_eq!(s.solver.phase, Phase::Waiting { slow: false });
    let s = s.reduce(Action::Play(PlayAction::Undo));
    assert_eq!(cells(&s), [0, 9]);
}

#[test]
fn a_greater_than_sign_on_a_clicked_edge_turns_round_then_goes_each_a_step() {
    // r1c1 holds 3 and r1c2 5: "r1c1 > r1c2" breaks, "r1c1 < r1c2" holds.
    let s = typed(&[(0, 3), (1, 5)]);
    let sign = sudoku_links::setting::MARKS
        .iter()
        .position(|(key, ..)| *key == "greaterthan")
        .unwrap();
    let s = s.reduce(Action::Setter(SetterAction::EdgeMark(Some(sign))));
    let look = |s: &State| {
        let figures = s.play.board.variant().map(|v| v.imported.figures.clone());
        figures
            .unwrap_or_default()
            .into_iter()
            .map(|f| f.look)
            .collect::<Vec<_>>()
    };
    let edge = |sign: &str| sudoku_links::Look::Edge {
        a: 0,
        b: 1,
        mark: sudoku_links::EdgeMark::Text(sign.into()),
    };
    let s = s.reduce(Action::Setter(SetterAction::Edge(1, 0)));
    assert_eq!(look(&s), [edge(">")]);
    assert!(s.status().starts_with("No solution"), "{}", s.status());
    let s = s.reduce(Action::Setter(SetterAction::Edge(0, 1)));
    assert_eq!(look(&s), [edge("<")]);
    assert!(!s.status().starts_with("No solution"), "{}", s.status());
    let s = s.reduce(Action::Setter(SetterAction::Edge(0, 1)));
    assert!(look(&s).is_empty());
    let s = s.reduce(Action::Play(PlayAction::Undo));
    assert_eq!(look(&s), [edge("<")]);
    let s = s.reduce(Action::Play(PlayAction::Undo));
    assert_eq!(look(&s), [edge(">")]);
}
