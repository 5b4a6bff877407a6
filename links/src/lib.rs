//! Reads variant Sudoku puzzles from the links people share: f-puzzles (`?load=` and its
//! JSON), SudokuPad (`fpuzzles…`, `scl…`, `ctc…`, `scf…`, `classic…`, with or without
//! `?puzzleid=`) and the bare payloads of both, into the engine's [`Puzzle`].
//!
//! ```
//! let link = "scf5NlQ19j9mGca3OIN1bWGk2m41TjS79";
//! let imported = sudoku_links::read(link).unwrap();
//! assert!(imported.puzzle.is_classic());
//! ```
//!
//! Rules f-puzzles names are read exactly. SudokuPad's own puzzles draw most rules as lines
//! and shapes; those are recognised by SudokuPad's conventions, checked against the
//! puzzle's solution where it has one, and whatever is not recognised is listed in
//! [`Imported::drawn`], "drawn, not checked".

mod cells;
mod classic;
mod error;
mod fpuzzles;
mod lz;
mod rules;
mod scl;
mod url;
mod zipper;

pub use error::LinkError;
use sudoku_engine::puzzle::Puzzle;
use sudoku_engine::Grid;

/// The longest text read, in bytes: a little over the longest links people share.
pub const MAX_INPUT: usize = 64 * 1024;

/// A puzzle read from a link, with what the link says about it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Imported {
    pub puzzle: Puzzle,
    pub title: Option<String>,
    pub author: Option<String>,
    /// The rules as the setter wrote them.
    pub rules: Option<String>,
    /// The solution the link carries, if any.
    pub solution: Option<Grid>,
    /// Drawings that carry no rule this reader knows: drawn, not checked.
    pub drawn: Vec<Drawn>,
}

/// A drawing kept for showing, with no rule read from it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Drawn {
    /// "line", "cage", "text", "circle", "rectangle", "underlay", "overlay", "arrow", or an
    /// f-puzzles key this reader does not know.
    pub kind: String,
    /// The cells it covers, where it covers any.
    pub cells: Vec<usize>,
    /// What it is, for people: "line over 4 cells, r1c1 to r2c3, colour #F067F0".
    pub description: String,
}

/// Reads a link, a bare payload or f-puzzles' JSON (surrounding space ignored).
pub fn read(text: &str) -> Result<Imported, LinkError> {
    if text.len() > MAX_INPUT {
        return Err(LinkError::TooLong { bytes: text.len() });
    }
    url::read(text.trim())
}
