//! A step search with a deadline: it gives up inside the slow techniques, not only between
//! them, and a path stops with a clear mark when one step would take too long. The clocks
//! here are fakes, so nothing depends on the machine's speed.

use std::cell::Cell;

use sudoku_engine::logic::{
    next_step, next_step_within, solve_path, solve_path_within, Candidates, Deadline, OutOfTime,
    Settings, Technique,
};
use sudoku_engine::{Grid, Puzzle};

/// A hard classic puzzle (Arto Inkala's), whose first steps need more than singles.
const HARD: &str =
    "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";

fn hard() -> Puzzle {
    Puzzle::classic(Grid::parse(HARD).unwrap())
}

#[test]
fn a_forcing_search_gives_up_inside_its_loop_once_the_deadline_passes() {
    let puzzle = hard();
    let c = Candidates::from_grid(puzzle.givens(), &puzzle);
    let settings = Settings::only(Technique::ForcingChain);
    assert!(
        next_step(&c, &settings).is_some(),
        "a forcing chain applies"
    );
    // A clock that moves on by 1 ms each time it is read: the deadline is read once as it is
    // set, once before the technique starts, and runs out at the first cell it would try.
    let ticks = Cell::new(0.0);
    let clock = || {
        ticks.set(ticks.get() + 1.0);
        ticks.get()
    };
    let deadline = Deadline::after(&clock, 2.0);
    assert_eq!(next_step_within(&c, &settings, deadline), Err(OutOfTime));
    // Given no deadline, the same search finds the same step as before.
    assert_eq!(
        next_step_within(&c, &settings, Deadline::NEVER),
        Ok(next_step(&c, &settings))
    );
}

#[test]
fn a_path_stops_marked_out_of_time_when_a_step_would_take_too_long() {
    let puzzle = hard();
    let settings = Settings::default();
    let whole = solve_path(&puzzle, &settings);
    assert!(!whole.steps.is_empty() && !whole.out_of_time);
    // A stopped clock gives each step all the time it wants.
    let stopped = || 0.0;
    let path = solve_path_within(&puzzle, &settings, &stopped, 1.0);
    assert_eq!(
        (path.steps, path.solved, path.out_of_time),
        (whole.steps, whole.solved, false)
    );
    // A step given no time at all stops the path before its first step.
    let path = solve_path_within(&puzzle, &settings, &stopped, 0.0);
    assert!(path.steps.is_empty() && !path.solved && path.out_of_time);
}
