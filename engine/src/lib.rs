//! An exact Sudoku engine for every common grid size (4x4 to 25x25).
//!
//! The solving idea is Norvig's: keep each cell's candidates, propagate what a placement
//! forces, and branch on the most constrained choice. [`search`] holds a general solver over
//! houses given as data and a specialised 9x9 solver that keeps candidates per digit and band.
//!
//! This crate is the engine's front door: it re-exports its four layers, each a crate that
//! imports only the ones below it, so that `sudoku_engine::search::solve` and the like read
//! the same from the app, the link reader and the command line:
//! sudoku-model (the puzzle and its rules) <- sudoku-search (the exact searches) <-
//! sudoku-logic (the logical solver and rating) <- sudoku-generate (the generator).
//! The engine's data-set, property and variant tests and its benchmarks live here, since
//! they exercise the layers together.

pub use sudoku_generate as generate;
pub use sudoku_logic as logic;
pub use sudoku_model::{
    chaos, decimal, digits, grid, houses, level, parse, puzzle, rules, shape, symbols,
};
pub use sudoku_search as search;
pub use sudoku_search::timing;

pub use sudoku_model::{
    parse_puzzles, Broken, Cell, Conflict, DigitSet, Grid, HouseKind, Houses, ParseError, Puzzle,
    Rule, Shape, MAX_TEXT,
};
pub use sudoku_search::{
    count, solutions, solve, true_candidates, Budget, Counted, Solved, TrueCandidates, Verdict,
};
