//! The puzzle as data, the engine's lowest layer: a grid's [`shape`], its [`grid`] of
//! digits, its [`houses`], its variant [`rules`] with their propagators, the [`Puzzle`]
//! that holds them together, the difficulty [`level`]s the rules rate their deductions at,
//! and the text formats ([`parse`]). The searches (sudoku-search), the logical solver
//! (sudoku-logic) and the generator (sudoku-generate) build on it; it imports none of them.

pub mod chaos;
pub mod decimal;
pub mod digits;
pub mod grid;
pub mod houses;
pub mod level;
pub mod parse;
pub mod puzzle;
pub mod rng;
pub mod rules;
pub mod shape;
pub mod symbols;
mod wire;

pub use digits::DigitSet;
pub use grid::{Conflict, Grid};
pub use houses::{HouseKind, Houses};
pub use level::Level;
pub use parse::{parse_puzzles, ParseError, MAX_TEXT};
pub use puzzle::{Broken, Puzzle};
pub use rules::Rule;
pub use shape::{Cell, Shape};

/// The six orders of three things, from `[0, 1, 2]` to `[2, 1, 0]`: the orders an
/// entropic line's three groups can take, and the ways a digit takes one box in each row
/// of a band (the band solver's minirows).
pub const ORDERS_OF_THREE: [[usize; 3]; 6] = [
    [0, 1, 2],
    [0, 2, 1],
    [1, 0, 2],
    [1, 2, 0],
    [2, 0, 1],
    [2, 1, 0],
];
