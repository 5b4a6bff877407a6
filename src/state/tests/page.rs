//! The page around the board: passing and lasting notices, and the clock.

use super::*;
use crate::board::Heading;

#[test]
fn a_passing_notice_goes_at_the_next_move_and_a_lasting_one_stays() {
    let s = state().reduce(Action::Page(PageAction::Told("Copied the link.".into())));
    assert_eq!(s.notice.as_deref(), Some("Copied the link."));
    let s = s.reduce(Action::Page(PageAction::Tick(5)));
    assert!(s.notice.is_some(), "the clock is no move of the player's");
    assert_eq!(
        s.reduce(Action::Play(PlayAction::Move(Heading::Right)))
            .notice,
        None
    );
    let s = state()
        .reduce(Action::Page(PageAction::Told("Copied the link.".into())))
        .reduce(Action::Page(PageAction::Notice(Some(
            "Not imported: too short".into(),
        ))))
        .reduce(Action::Play(PlayAction::Select(3)));
    assert_eq!(s.notice.as_deref(), Some("Not imported: too short"));
}

#[test]
fn a_tick_changes_the_clock_alone_and_an_edit_more() {
    let puzzle = Grid::parse(&format!("5{}", ".".repeat(80))).unwrap();
    let s = Rc::new(State::new(Board::from_puzzle(&puzzle), Mode::Solving));
    let ticked = s
        .clone()
        .reduce(Action::Page(PageAction::Tick(1)))
        .reduce(Action::Page(PageAction::Tick(900)));
    assert_ne!(*ticked, *s);
    assert!(ticked.same_but_clock(&s));
    let hidden = ticked
        .clone()
        .reduce(Action::Page(PageAction::Hidden(true)));
    assert!(hidden.same_but_clock(&ticked));
    let edited = ticked
        .clone()
        .reduce(Action::Play(PlayAction::Select(1)))
        .reduce(Action::Play(PlayAction::Type(3)));
    assert!(!edited.same_but_clock(&ticked));
    assert!(!ticked
        .clone()
        .reduce(Action::Play(PlayAction::Select(2)))
        .same_but_clock(&ticked));
}

#[test]
fn a_lasting_notice_goes_when_a_digit_is_typed_or_the_board_cleared_not_at_a_mark() {
    let told = || {
        state()
            .reduce(Action::Page(PageAction::Notice(Some(
                "Not imported".into(),
            ))))
            .reduce(Action::Play(PlayAction::Select(0)))
    };
    let marked = told().reduce(Action::Play(PlayAction::Mark(
        crate::board::Layer::Corner,
        4,
    )));
    assert_ne!(marked.play.board, told().play.board, "the mark was written");
    assert_eq!(marked.notice.as_deref(), Some("Not imported"));
    let typed = told().reduce(Action::Play(PlayAction::Type(4)));
    assert_eq!(typed.play.board.cells()[0], 4);
    assert_eq!(typed.notice, None);
    let cleared = told().reduce(Action::Game(GameAction::ClearAll));
    assert_eq!(cleared.notice, None);
}

#[test]
fn what_a_client_says_of_its_worker_or_a_failure_is_told_whichever_client_says_it() {
    /// How a client's report reaches the reducer.
    type Client = fn(Report) -> Action;
    let clients: [(Client, &str); 2] = [
        (
            |r| Action::Solver(SolverAction::Report(r)),
            "The solver could not answer: lost.",
        ),
        (
            |r| Action::Lesson(LessonAction::Report(r)),
            "The hint could not be worked out: lost.",
        ),
    ];
    for (client, failed) in clients {
        let s = state().reduce(client(Report::Restarted));
        assert_eq!(s.notice.as_deref(), Some(RESTARTED));
        assert!(!s.outdated && !s.update_ready);
        let s = s.reduce(client(Report::Outdated));
        assert_eq!(s.notice.as_deref(), Some(OUTDATED));
        assert!(s.outdated && s.update_ready);
        let s = state().reduce(client(Report::Failed {
            ticket: None,
            reason: "lost".into(),
        }));
        assert_eq!(s.notice.as_deref(), Some(failed));
    }
}
