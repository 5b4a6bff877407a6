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
mod document;
mod error;
pub mod export;
mod figures;
mod import;
mod keys;
mod look;
mod lz;
mod rules;
mod scl;
pub mod setting;
mod url;
mod zipper;

pub use error::LinkError;
pub use look::{CellMark, EdgeMark, Ends, Figure, Look};
use serde_json::{Map, Value};
use sudoku_engine::puzzle::Puzzle;
use sudoku_engine::Grid;
pub use url::{Form, PREFIXES};

/// The longest text read, in bytes: a little over the longest links people share. The
/// engine's cap on puzzle text, so that a paste is refused at one length whatever it holds.
pub use sudoku_engine::MAX_TEXT as MAX_INPUT;

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
    /// How to draw the rules and drawings, in the order they are listed.
    pub figures: Vec<Figure>,
    /// Where each of `puzzle.rules()` is written in the document, as a figure's `source`
    /// says it (key, place in the key's list); `None` for a rule no entry writes (the
    /// pairs a grid-wide negative rule forbids).
    pub sources: Vec<Option<(&'static str, usize)>>,
    /// The puzzle as f-puzzles writes it: what the page keeps, edits and exports.
    pub document: Map<String, Value>,
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

impl Imported {
    /// A puzzle with no more than houses (a classic one, or one with diagonals or extra
    /// regions), with its document written for it.
    pub fn from_puzzle(puzzle: Puzzle, title: Option<String>, author: Option<String>) -> Self {
        let document = document::document_of(&puzzle, title.as_deref(), author.as_deref());
        let figures = figures::figures(&document, puzzle.shape().n());
        Imported {
            puzzle,
            title,
            author,
            rules: None,
            solution: None,
            drawn: Vec::new(),
            figures,
            sources: Vec::new(),
            document,
        }
    }

    /// Its document with other givens (of its size), as a player or setter left them.
    pub fn document_with(&self, givens: &Grid) -> Map<String, Value> {
        document::with_givens(&self.document, givens)
    }

    /// Reads a puzzle back from its document, as after an edit.
    pub fn from_document(document: &Map<String, Value>) -> Result<Imported, LinkError> {
        import::build(document, Vec::new())
    }
}

/// What follows `sudokupad.app/` for the puzzle of a link, where its data is compressed
/// (`fpuzzles…`, or `scl…` for `scl…` and `ctc…`): an address can carry it as it is. `None` for f-puzzles'
/// JSON and the plain-text forms, whose puzzle is best written from its document
/// ([`export::payload`]).
pub fn compressed_payload(text: &str) -> Option<String> {
    url::compressed_payload(text)
}

/// Reads a link, a bare payload or f-puzzles' JSON (surrounding space ignored).
pub fn read(text: &str) -> Result<Imported, LinkError> {
    if text.len() > MAX_INPUT {
        return Err(LinkError::TooLong { bytes: text.len() });
    }
    url::read(text.trim())
}
