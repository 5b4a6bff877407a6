//! The input: puzzles as text and links, one a line or one grid over several lines, from a
//! file or standard input.

use std::io;

use sudoku_engine::chaos::Chaos;
use sudoku_engine::parse::visible;
use sudoku_engine::symbols::Symbols;
use sudoku_engine::{parse_puzzles, ParseError, Puzzle};
use sudoku_links::LinkError;

/// A puzzle as read: the line it starts on in the input, and the puzzle with how its
/// link writes digits (ISS's values from 0, say) and the regions its solver finds where
/// it is a chaos construction, or why not.
pub type Line = (usize, Result<(Puzzle, Symbols, Option<Chaos>), Unreadable>);

/// Why an entry of the input is no puzzle to work on.
pub enum Unreadable {
    Text(ParseError),
    Link(LinkError),
}

impl Unreadable {
    /// The message for stderr: the text errors that name their line say it themselves.
    pub fn report(&self, line: usize) -> String {
        match self {
            Unreadable::Text(
                e @ (ParseError::UnexpectedChar { .. } | ParseError::BadDigit { .. }),
            ) => e.to_string(),
            other => format!("line {line}: {other}"),
        }
    }
}

impl std::fmt::Display for Unreadable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Unreadable::Text(e) => e.fmt(f),
            Unreadable::Link(e) => e.fmt(f),
        }
    }
}

/// Reads the input: `-` or nothing is standard input.
pub fn read_input(file: Option<&str>) -> Result<String, String> {
    match file {
        None | Some("-") => {
            io::read_to_string(io::stdin()).map_err(|e| format!("standard input: {e}"))
        }
        Some(path) => std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}")),
    }
}

/// Reads the puzzles of the input, text and links alike.
pub fn read(file: Option<&str>) -> Result<Vec<Line>, String> {
    Ok(read_puzzles(&read_input(file)?))
}

/// Each line that is a link, payload or f-puzzles JSON goes to the link reader; the rest
/// is read as text ([`parse_puzzles`]), where a grid may take several lines. A file whose
/// first line opens a JSON object it does not close is that one object, one puzzle.
fn read_puzzles(text: &str) -> Vec<Line> {
    let whole = visible(text);
    let first = text.lines().map(visible).find(|l| !l.is_empty());
    if first.is_some_and(|l| l.starts_with('{') && !l.ends_with('}')) {
        // One JSON object over several lines: read it whole, or say why not once.
        let line = 1 + text.lines().take_while(|l| visible(l).is_empty()).count();
        let read = sudoku_links::read(whole)
            .map(|imported| (imported.puzzle, imported.symbols, imported.chaos))
            .map_err(Unreadable::Link);
        return vec![(line, read)];
    }
    let mut found: Vec<Line> = Vec::new();
    let mut rest = String::with_capacity(text.len());
    for (i, line) in text.lines().enumerate() {
        let trimmed = visible(line);
        if sudoku_links::looks_like_link(trimmed) {
            let read = sudoku_links::read(trimmed)
                .map(|imported| (imported.puzzle, imported.symbols, imported.chaos))
                .map_err(Unreadable::Link);
            found.push((i + 1, read));
        } else {
            rest.push_str(line);
        }
        rest.push('\n');
    }
    found.extend(parse_puzzles(&rest).into_iter().map(|(line, grid)| {
        let read = grid.map(|grid| (Puzzle::classic(grid), Symbols::App, None));
        (line, read.map_err(Unreadable::Text))
    }));
    found.sort_by_key(|&(line, _)| line);
    found
}
