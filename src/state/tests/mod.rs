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
