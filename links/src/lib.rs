//! Reads variant Sudoku puzzles from the links people share: f-puzzles (`?load=` and its
//! JSON), SudokuPad (`fpuzzles…`, `scl…`, `ctc…`, `scf…`, `classic…`, with or without
//! `?puzzleid=`), the bare payloads of both, and Sigh's Interactive Sudoku Solver
//! ([`iss`]: its `?q=` links and constraint text, and `iss=<q>` as the app's address
//! carries them), into the engine's [`Puzzle`].
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

// In layers, each using only those above it:
// 1. the document model: `error`, `cells` (cell names), `document` (f-puzzles' JSON: an
//    entry, numbers and text, the grid's layout, the solution), `look` (a figure and how
//    it looks), `automaton` (a line pattern's automaton as ISS's key);
// 2. the key table, `keys` (every f-puzzles key once), then `rules` (a key's entries into
//    engine rules) and `figures` (into figures), both read from the table;
// 3. `import`: a puzzle assembled from its document (`Imported`);
// 4. the formats: readers (`url`, which finds the form; `scl` with `zipper`, `classic`,
//    `lz`, which also compresses what `export` writes, `iss`, which also writes ISS's
//    text) and writers (`export`, `setting`, and `made`, a made puzzle's document).
mod automaton;
pub mod bits;
mod cells;
mod document;
mod error;
mod look;

mod engine_rules;
mod figures;
mod keys;

mod import;

mod classic;
pub mod export;
pub mod iss;
mod lz;
mod made;
pub mod made_link;
mod scl;
pub mod setting;
mod url;
mod zipper;

pub use error::LinkError;
pub use import::{Drawn, Imported};
pub use look::{CellMark, EdgeMark, Ends, Figure, Look};
pub use made::made_document;
pub use url::{looks_like_link, Form, PREFIXES};

/// The longest text read, in bytes: a little over the longest links people share. The
/// engine's cap on puzzle text, so that a paste is refused at one length whatever it holds.
pub use sudoku_engine::MAX_TEXT;

/// What follows `sudokupad.app/` for the puzzle of a link, where its data is compressed
/// (`fpuzzles…`, or `scl…` for `scl…` and `ctc…`): an address can carry it as it is. `None` for f-puzzles'
/// JSON and the plain-text forms, whose puzzle is best written from its document
/// ([`export::payload`]).
pub fn compressed_payload(text: &str) -> Option<String> {
    url::compressed_payload(text)
}

/// Reads a link, a bare payload or f-puzzles' JSON (surrounding space ignored).
pub fn read(text: &str) -> Result<Imported, LinkError> {
    read_in::<true>(text)
}

/// [`read`] for the page, which draws the engine's square grids only: an ISS grid stated
/// as the corner of a larger one (`iss::window`) is an error saying the page cannot show
/// it yet, and the code that states it is left out of the page's module.
pub fn read_drawable(text: &str) -> Result<Imported, LinkError> {
    read_in::<false>(text)
}

/// [`read`], with ISS's grids that are a corner of the engine's stated (`CORNERS`) or
/// refused.
fn read_in<const CORNERS: bool>(text: &str) -> Result<Imported, LinkError> {
    if text.len() > MAX_TEXT {
        return Err(LinkError::TooLong { bytes: text.len() });
    }
    url::read::<CORNERS>(text.trim())
}
