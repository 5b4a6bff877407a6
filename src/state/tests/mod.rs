//! The reducer's tests, a file for each concern of the state: what the player's actions
//! and the workers' reports make of it.

mod game;
mod history;
mod lesson;
mod maker;
mod page;
mod play;
mod scan;
mod setter;
mod solver;

use super::*;
use crate::protocol::Answer;

/// The solver's `answer` for the board `s` shows.
fn done(s: &State, answer: Answer, micros: u64) -> Action {
    Action::Solver(SolverAction::Report(Report::Done {
        ticket: s.ticket(),
        answer,
        micros,
    }))
}

/// An empty 9x9 board to enter a puzzle on.
fn state() -> Rc<State> {
    Rc::new(State::new(Board::empty(Shape::NINE), Mode::Entering))
}

/// `s` told by the solver that its one solution is 1-9 in every row, then r1c5 selected and
/// revealed: the 5 the solution has there, a revealed digit.
fn revealed(s: Rc<State>) -> Rc<State> {
    let solution: Vec<u8> = (0..81).map(|i| (i % 9) as u8 + 1).collect();
    let answer = done(&s, Answer::Unique(solution), 10);
    let s = s
        .reduce(answer)
        .reduce(Action::Play(PlayAction::Select(4)))
        .reduce(Action::Solver(SolverAction::Reveal));
    assert_eq!(
        (s.play.board.digit(4), s.play.board.kind(4)),
        (5, crate::board::Kind::Revealed)
    );
    s
}
