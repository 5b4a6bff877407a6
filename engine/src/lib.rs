//! An exact Sudoku engine for every common grid size (4x4 to 25x25).
//!
//! The solving idea is Norvig's: keep each cell's candidates, propagate what a placement
//! forces, and branch on the most constrained choice. [`search`] holds a general solver over
//! houses given as data and a specialised 9x9 solver that keeps candidates per digit and band.

pub mod decimal;
pub mod digits;
pub mod generate;
pub mod grid;
pub mod houses;
pub mod logic;
pub mod parse;
pub mod puzzle;
mod rng;
pub mod rules;
pub mod search;
pub mod shape;
pub mod symbols;
pub mod timing;
#[cfg(feature = "serde")]
mod wire;

pub use digits::DigitSet;
pub use grid::{Conflict, Grid};
pub use houses::{HouseKind, Houses};
pub use parse::{parse_puzzles, ParseError, MAX_TEXT};
pub use puzzle::{Broken, Puzzle};
pub use rules::Rule;
pub use search::{
    count, solutions, solve, true_candidates, Budget, Counted, Solved, TrueCandidates, Verdict,
};
pub use shape::{Cell, Shape};
