//! Reading puzzles in the forms people paste them: one-line strings, comma- or
//! space-separated values, and multi-line grids decorated with `|`, `+`, `-` rules.
//!
//! The size is never declared; it follows from the number of cells found. Every error
//! names its place: a line and column, or a cell such as r3c5.

use std::borrow::Cow;
use std::fmt;

use crate::decimal::fixed;
use crate::grid::Grid;
use crate::shape::{Cell, Shape};
use crate::symbols::{range, value_of};

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParseError {
    /// The text holds no cells at all.
    Empty,
    /// The text is longer than any puzzle could be written; `bytes` is its length.
    TooLong { bytes: usize },
    /// A character that is neither a digit, a blank nor decoration.
    UnexpectedChar {
        line: usize,
        column: usize,
        ch: char,
    },
    /// A number of cells that is no grid size; `expected` is the nearest size.
    WrongCount { found: usize, expected: Shape },
    /// A digit too large for the grid, such as `H` in a 16x16 puzzle.
    BadDigit {
        line: usize,
        column: usize,
        cell: Cell,
        text: String,
        shape: Shape,
    },
}

impl fmt::Display for ParseError {
    #[inline]
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseError::Empty => write!(f, "no puzzle found: the text has no cells"),
            ParseError::TooLong { bytes } => write!(
                f,
                "the text is {} long; a puzzle takes at most {} KB",
                size(*bytes),
                MAX_TEXT / 1024
            ),
            ParseError::UnexpectedChar { line, column, ch } => {
                write!(f, "line {line}, column {column}: unexpected character {ch:?}")
            }
            ParseError::WrongCount { found, expected } => write!(
                f,
                "found {found} cells; a {expected} puzzle needs {}",
                expected.cells()
            ),
            ParseError::BadDigit { line, column, cell, text, shape } => write!(
                f,
                "line {line}, column {column} ({cell}): '{text}' is not a digit of a {shape} puzzle ({})",
                range(shape.n())
            ),
        }
    }
}

impl std::error::Error for ParseError {}

impl ParseError {
    /// The same error for text that starts at line `first_line` of a larger input.
    #[inline]
    pub fn at_line(self, first_line: usize) -> ParseError {
        match self {
            ParseError::UnexpectedChar { line, column, ch } => ParseError::UnexpectedChar {
                line: line + first_line - 1,
                column,
                ch,
            },
            ParseError::BadDigit {
                line,
                column,
                cell,
                text,
                shape,
            } => ParseError::BadDigit {
                line: line + first_line - 1,
                column,
                cell,
                text,
                shape,
            },
            other => other,
        }
    }
}

/// "812 bytes", "64.0 KB", "2.0 MB".
#[inline]
fn size(bytes: usize) -> String {
    match bytes {
        0..1024 => format!("{bytes} bytes"),
        1024..1_048_576 => format!("{} KB", fixed(bytes as f64 / 1024.0, 1)),
        _ => format!("{} MB", fixed(bytes as f64 / 1_048_576.0, 1)),
    }
}

/// The longest text read as one puzzle. A 25x25 grid in numbers with rules takes about
/// 6 KB; anything much longer is not a puzzle, and reading it would only stall the page.
pub const MAX_TEXT: usize = 64 * 1024;

/// Characters that are invisible and carry nothing: a byte-order mark, which editors put
/// at the start of files, and zero-width spaces and joiners, which web pages put in copied
/// text. They are dropped before reading, so columns count what a person sees.
pub const INVISIBLE: [char; 5] = ['\u{feff}', '\u{200b}', '\u{200c}', '\u{200d}', '\u{2060}'];

/// `text` without the white space and [`INVISIBLE`] characters around it.
pub fn visible(text: &str) -> &str {
    text.trim_matches(|c: char| c.is_whitespace() || INVISIBLE.contains(&c))
}

/// One cell as read: where it stood and its value (0 for blank), not yet checked against
/// the size.
struct Token<'a> {
    line: usize,
    column: usize,
    text: &'a str,
    value: u32,
    /// An empty field after a line's last comma: a blank cell in `5,,` rows of a
    /// spreadsheet export, nothing in `5,3,` lists. Whichever reading gives a grid size wins.
    trailing: bool,
}

/// Blank cells; `!` is SimpleSudoku's (`.ss`).
const BLANKS: [char; 6] = ['.', '0', '-', '_', '*', '!'];

impl Grid {
    /// Reads a list of puzzles, one a line, skipping blank lines and `#` comments: each
    /// with its line number (from 1), and any error placed at that line.
    #[inline]
    pub fn parse_lines(text: &str) -> Vec<(usize, Result<Grid, ParseError>)> {
        text.lines()
            .enumerate()
            .filter(|(_, l)| !l.trim().is_empty() && !l.trim_start().starts_with('#'))
            .map(|(i, l)| (i + 1, Grid::parse(l).map_err(|e| e.at_line(i + 1))))
            .collect()
    }

    /// Reads a puzzle of any supported size from text of at most [`MAX_TEXT`] bytes.
    ///
    /// Besides the grid itself, the text may carry what files and lists put around a
    /// puzzle: `#` lines and `[...]` sections as in SadMan's `.sdk` (only the `[Puzzle]`
    /// section is read), and, on a puzzle written on one line, fields after it, as
    /// published lists carry them (` ED=7.1/1.2/1.2`, `;`- or tab-separated fields, a `#`
    /// comment).
    #[inline]
    pub fn parse(text: &str) -> Result<Grid, ParseError> {
        if text.len() > MAX_TEXT {
            return Err(ParseError::TooLong { bytes: text.len() });
        }
        let text = if text.contains(INVISIBLE) {
            Cow::Owned(text.replace(INVISIBLE, ""))
        } else {
            Cow::Borrowed(text)
        };
        let text = puzzle_section(&text);
        let first = match parse_cells(&text) {
            Ok(grid) => return Ok(grid),
            Err(e) => e,
        };
        let mut content = text.lines().filter(|l| !l.trim().is_empty());
        match (content.next(), content.next()) {
            (Some(line), None) => without_fields(line).ok_or(first),
            _ => Err(first),
        }
    }
}

/// Puzzles read from a file: each with the number of the line it starts on (from 1).
pub type Puzzles = Vec<(usize, Result<Grid, ParseError>)>;

/// Reads the puzzles of a whole file or paste, each with the number (from 1) of the line it
/// starts on, errors placed in the input.
///
/// Puzzles are separated by blank lines, `#` comment lines and `[...]` section headers
/// (only a `[Puzzle]` section's lines are read once a file has sections, as in SadMan's
/// `.sdk`). Within a run of lines, each line is a puzzle if each reads as one (a list, one
/// puzzle a line, fields after it ignored); otherwise, if every line is short enough to be
/// a row (at most 25 cells) or a rule (`---+---`), the run is one grid written over several
/// lines (a decorated grid, SimpleSudoku's `.ss`, `.sdk`), or several grids one after
/// another when all rows hold a grid's side of cells; otherwise each line is read alone,
/// and those that are not puzzles say why. Runs of rows that make no grid alone, parted by
/// blank lines only, are joined when together they do (a grid with a blank line between
/// its bands).
#[inline]
pub fn parse_puzzles(text: &str) -> Puzzles {
    let lines: Vec<&str> = text.lines().collect();
    // Runs of lines: first, last, and whether only blank lines part it from the run before.
    let mut runs: Vec<(usize, usize, bool)> = Vec::new();
    let mut current: Option<(usize, usize, bool)> = None;
    let (mut reading, mut blank_gap) = (true, false);
    for (i, line) in lines.iter().enumerate() {
        let visible = visible(line);
        let name = section(visible);
        if visible.is_empty() {
            if let Some(run) = current.take() {
                runs.push(run);
                blank_gap = true;
            }
        } else if visible.starts_with('#') || name.is_some() {
            runs.extend(current.take());
            blank_gap = false;
            if let Some(name) = name {
                reading = name.eq_ignore_ascii_case("puzzle");
            }
        } else if !reading {
            blank_gap = false;
        } else {
            current = match current {
                Some((first, _, joins)) => Some((first, i, joins)),
                None => Some((i, i, blank_gap)),
            };
        }
    }
    runs.extend(current);
    let mut outcomes: Vec<(Puzzles, bool)> = runs
        .iter()
        .map(|&(first, last, _)| read_run(&lines, first, last))
        .collect();
    let mut found = Vec::new();
    let mut r = 0;
    while r < runs.len() {
        // A grid with blank lines between its bands: runs that are rows but no grid alone.
        if outcomes[r].1 {
            let first = runs[r].0;
            let joined = (r + 1..runs.len().min(r + 25))
                .take_while(|&s| runs[s].2 && outcomes[s].1)
                .find_map(|s| {
                    let text = lines[first..=runs[s].1].join("\n");
                    Grid::parse(&text).ok().map(|grid| (s, grid))
                });
            if let Some((s, grid)) = joined {
                found.push((first + 1, Ok(grid)));
                r = s + 1;
                continue;
            }
        }
        found.append(&mut outcomes[r].0);
        r += 1;
    }
    found
}

/// Reads lines `first..=last`, a run with no blank line, as [`parse_puzzles`] says; and
/// whether the run is rows that read as no grid alone (which a grid with blank lines
/// between its bands may join up).
#[inline]
fn read_run(lines: &[&str], first: usize, last: usize) -> (Puzzles, bool) {
    let alone = |i: usize| (i + 1, Grid::parse(lines[i]).map_err(|e| e.at_line(i + 1)));
    let each: Vec<_> = (first..=last).map(alone).collect();
    if each.iter().all(|(_, r)| r.is_ok()) || !lines[first..=last].iter().all(|l| row_like(l)) {
        return (each, false);
    }
    if first == last {
        return (each, true);
    }
    let one = |from: usize, to: usize| {
        let text = lines[from..=to].join("\n");
        (
            from + 1,
            Grid::parse(&text).map_err(|e| e.at_line(from + 1)),
        )
    };
    let whole = one(first, last);
    if whole.1.is_ok() {
        return (vec![whole], false);
    }
    match grids_in(&lines[first..=last]) {
        Some(grids) => (
            grids
                .into_iter()
                .map(|(a, b)| one(first + a, first + b))
                .collect(),
            false,
        ),
        None => (vec![whole], true),
    }
}

/// Grids written one after another with no blank line between: where every line that is
/// not a rule holds the same number of cells `n`, a grid's side, and there are `n` such
/// lines for each of two grids or more, the runs of `n` rows (first and last line of
/// each). Of two or more rules between grids, the first closes the grid above.
#[inline]
fn grids_in(lines: &[&str]) -> Option<Vec<(usize, usize)>> {
    let rows: Vec<usize> = (0..lines.len())
        .filter(|&i| !(looks_like_rule(lines[i]) && only_rule_chars(lines[i])))
        .collect();
    let cells = |line: &str| {
        let one = [line];
        read(&one, Separation::detect(&one), false).map(|(tokens, _)| tokens.len())
    };
    let n = cells(lines[*rows.first()?]).ok()?;
    let side = Shape::for_cell_count(n * n)?.n();
    if side != n || !rows.len().is_multiple_of(n) || rows.len() < 2 * n {
        return None;
    }
    if !rows.iter().all(|&i| cells(lines[i]) == Ok(n)) {
        return None;
    }
    let grids = rows.len() / n;
    let mut found = Vec::with_capacity(grids);
    for g in 0..grids {
        let (top, bottom) = (rows[g * n], rows[g * n + n - 1]);
        let start = match g {
            0 => 0,
            _ => {
                let above = rows[g * n - 1];
                above + 1 + (top - above - 1) / 2
            }
        };
        let end = match rows.get(g * n + n) {
            None => lines.len() - 1,
            Some(&next) => bottom + (next - bottom - 1) / 2,
        };
        found.push((start, end));
    }
    Some(found)
}

/// The name of a section header such as `[Puzzle]` or `[State]`: a word, never cells.
#[inline]
fn section(line: &str) -> Option<&str> {
    let name = line.strip_prefix('[')?.strip_suffix(']')?.trim();
    let word = |c: char| c.is_ascii_alphanumeric() || c == ' ' || c == '_' || c == '-';
    (name.starts_with(|c: char| c.is_ascii_alphabetic())
        && name.chars().all(word)
        && name
            .chars()
            .any(|c| !c.is_whitespace() && value_of(c).is_none()))
    .then_some(name)
}

/// Whether a line could be one row of a grid, or a rule between rows: at most 25 cells.
#[inline]
fn row_like(line: &str) -> bool {
    if looks_like_rule(line) && only_rule_chars(line) {
        return true;
    }
    let lines = [line];
    let cells = match read(&lines, Separation::detect(&lines), false) {
        Ok((tokens, _)) => tokens.len(),
        // Unreadable: count what is not space or decoration.
        Err(_) => line
            .chars()
            .filter(|&c| !c.is_whitespace() && c != '|' && c != '+')
            .count(),
    };
    cells <= 25
}

/// The text with the lines that are not the puzzle blanked (so that errors keep their line
/// numbers): `#` lines, `[...]` headers and the sections other than `[Puzzle]`.
#[inline]
fn puzzle_section(text: &str) -> Cow<'_, str> {
    let is_extra = |l: &str| {
        let l = l.trim();
        l.starts_with('#') || section(l).is_some()
    };
    if !text.lines().any(is_extra) {
        return Cow::Borrowed(text);
    }
    let mut reading = true;
    let kept: Vec<&str> = text
        .lines()
        .map(|line| {
            let trimmed = line.trim();
            if let Some(name) = section(trimmed) {
                reading = name.eq_ignore_ascii_case("puzzle");
                ""
            } else if trimmed.starts_with('#') || !reading {
                ""
            } else {
                line
            }
        })
        .collect();
    Cow::Owned(kept.join("\n"))
}

/// A puzzle on one line followed by fields: the longest of a few heads of the line that
/// reads as a puzzle. The heads end before the first tab, `;`, `,`, `#` or space, or
/// before the first word that holds a character no cell is written with (`ED=7.1/1.2`),
/// so that the work stays a few readings of the line.
#[inline]
fn without_fields(line: &str) -> Option<Grid> {
    let mut cuts: Vec<usize> = ['\t', ';', ',', '#']
        .into_iter()
        .filter_map(|sep| line.find(sep))
        .collect();
    cuts.extend(line.find(char::is_whitespace));
    let readable = |c: char| {
        value_of(c).is_some() || BLANKS.contains(&c) || matches!(c, '|' | '+' | ',' | ';' | '#')
    };
    let mut at = 0;
    for word in line.split_whitespace() {
        let start = at + line[at..].find(word).expect("a word of the line");
        if !word.chars().all(readable) {
            cuts.push(start);
            break;
        }
        at = start + word.len();
    }
    cuts.sort_unstable();
    cuts.dedup();
    cuts.into_iter()
        .rev()
        .filter(|&cut| !line[..cut].trim().is_empty())
        .find_map(|cut| parse_cells(&line[..cut]).ok())
}

/// Reads the cells of `text`, with no cleaning beforehand.
#[inline]
fn parse_cells(text: &str) -> Result<Grid, ParseError> {
    let lines: Vec<&str> = text.lines().collect();
    let mode = Separation::detect(&lines);
    let (first, dash_rows) = read(&lines, mode, false)?;
    let first = if Shape::for_cell_count(first.len()).is_none() {
        first.into_iter().filter(|t| !t.trailing).collect()
    } else {
        first
    };
    let tokens = match Shape::for_cell_count(first.len()) {
        Some(_) => first,
        // A line of blanks written as dashes looks like a rule; count such lines as
        // cells, if the first reading skipped any.
        None if dash_rows => match read(&lines, mode, true) {
            Ok((second, _)) if Shape::for_cell_count(second.len()).is_some() => second,
            _ => first,
        },
        None => first,
    };
    if tokens.is_empty() {
        return Err(ParseError::Empty);
    }
    let Some(shape) = Shape::for_cell_count(tokens.len()) else {
        let expected = Shape::ALL
            .into_iter()
            .min_by_key(|s| s.cells().abs_diff(tokens.len()))
            .expect("sizes exist");
        return Err(ParseError::WrongCount {
            found: tokens.len(),
            expected,
        });
    };
    let mut cells = Vec::with_capacity(tokens.len());
    for (index, t) in tokens.into_iter().enumerate() {
        if t.value as usize > shape.n() {
            return Err(ParseError::BadDigit {
                line: t.line,
                column: t.column,
                cell: shape.cell(index),
                text: t.text.to_string(),
                shape,
            });
        }
        cells.push(t.value as u8);
    }
    Ok(Grid::from_cells(shape, cells).expect("checked count and digits"))
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Separation {
    /// Every symbol character is a cell: `53..7....`, `5 3 . | . 7 .`.
    Chars,
    /// Cells separated by commas; an empty field is a blank cell.
    Commas,
    /// Cells separated by white space, needed for numbers above 9: `10 11 . 3`.
    Words,
}

impl Separation {
    #[inline]
    fn detect(lines: &[&str]) -> Separation {
        if lines.iter().any(|l| l.contains(',')) {
            return Separation::Commas;
        }
        let words = || {
            lines
                .iter()
                .flat_map(|l| l.split(|c: char| c.is_whitespace() || c == '|'))
        };
        let two_digit = words().any(|w| w.len() == 2 && w.parse::<u32>().is_ok_and(|v| v >= 10));
        if two_digit && words().all(|w| w.chars().count() <= 2) {
            Separation::Words
        } else {
            Separation::Chars
        }
    }
}

/// A line of only rule characters: decoration, or a row of blank cells written as dashes.
#[inline]
fn only_rule_chars(line: &str) -> bool {
    line.chars()
        .all(|c| matches!(c, '-' | '+' | '|' | '=' | '*' | ':') || c.is_whitespace())
}

#[inline]
fn looks_like_rule(line: &str) -> bool {
    line.contains("--") || line.contains('+') || line.contains('=')
}

/// The cells of `lines`, and whether a line was skipped as a rule that a second reading,
/// with `dashes_are_cells`, would count as a row of blanks.
#[inline]
fn read<'a>(
    lines: &[&'a str],
    mode: Separation,
    dashes_are_cells: bool,
) -> Result<(Vec<Token<'a>>, bool), ParseError> {
    let mut tokens = Vec::new();
    let mut dash_rows = false;
    for (i, &line) in lines.iter().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        // In the second reading only `+` marks a rule, so `---------` is a row of blanks.
        let rule = looks_like_rule(line) && (!dashes_are_cells || line.contains('+'));
        if rule && only_rule_chars(line) {
            dash_rows |= !line.contains('+');
            continue;
        }
        let line_no = i + 1;
        match mode {
            Separation::Chars => read_chars(line, line_no, &mut tokens)?,
            Separation::Commas => {
                let fields: Vec<(usize, &str)> = split_with_columns(line, |c| c == ',');
                let last = fields.len() - 1;
                for (f, (column, field)) in fields.into_iter().enumerate() {
                    let trimmed = field.trim();
                    if trimmed.is_empty() {
                        let trailing = f == last;
                        tokens.push(Token {
                            line: line_no,
                            column,
                            text: "",
                            value: 0,
                            trailing,
                        });
                        continue;
                    }
                    read_words(field, line_no, column, &mut tokens)?;
                }
            }
            Separation::Words => read_words(line, line_no, 1, &mut tokens)?,
        }
    }
    Ok((tokens, dash_rows))
}

#[inline]
fn read_chars<'a>(
    line: &'a str,
    line_no: usize,
    tokens: &mut Vec<Token<'a>>,
) -> Result<(), ParseError> {
    for (c, (byte, ch)) in line.char_indices().enumerate() {
        if ch.is_whitespace() || ch == '|' || ch == '+' {
            continue;
        }
        let value = if BLANKS.contains(&ch) {
            0
        } else {
            value_of(ch).ok_or(ParseError::UnexpectedChar {
                line: line_no,
                column: c + 1,
                ch,
            })? as u32
        };
        tokens.push(Token {
            line: line_no,
            column: c + 1,
            text: &line[byte..byte + ch.len_utf8()],
            value,
            trailing: false,
        });
    }
    Ok(())
}

/// Reads white-space separated words of `text`, which starts at `first_column` of its line.
#[inline]
fn read_words<'a>(
    text: &'a str,
    line_no: usize,
    first_column: usize,
    tokens: &mut Vec<Token<'a>>,
) -> Result<(), ParseError> {
    for (offset, word) in split_with_columns(text, |c| c.is_whitespace() || c == '|') {
        if word.is_empty() || word.chars().all(|c| matches!(c, '+' | '|')) {
            continue;
        }
        let column = first_column + offset - 1;
        let value = if word.chars().all(|c| BLANKS.contains(&c)) {
            0
        } else if word.chars().all(|c| c.is_ascii_digit()) {
            word.parse::<u32>().unwrap_or(u32::MAX)
        } else if word.chars().count() == 1 {
            let ch = word.chars().next().expect("one char");
            value_of(ch).ok_or(ParseError::UnexpectedChar {
                line: line_no,
                column,
                ch,
            })? as u32
        } else {
            let (at, ch) = word
                .chars()
                .enumerate()
                .find(|&(_, c)| !c.is_ascii_digit())
                .expect("not all digits");
            return Err(ParseError::UnexpectedChar {
                line: line_no,
                column: column + at,
                ch,
            });
        };
        tokens.push(Token {
            line: line_no,
            column,
            text: word,
            value,
            trailing: false,
        });
    }
    Ok(())
}

/// Splits `text` at characters matching `sep`, giving each piece with its 1-based column.
#[inline]
fn split_with_columns(text: &str, sep: impl Fn(char) -> bool) -> Vec<(usize, &str)> {
    let mut pieces = Vec::new();
    let (mut start_byte, mut start_col) = (0, 1);
    for (col, (byte, ch)) in text.char_indices().enumerate() {
        if sep(ch) {
            pieces.push((start_col, &text[start_byte..byte]));
            start_byte = byte + ch.len_utf8();
            start_col = col + 2;
        }
    }
    pieces.push((start_col, &text[start_byte..]));
    pieces
}

#[cfg(test)]
mod tests {
    use super::*;

    const LINE: &str =
        "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";

    fn line_of(text: &str) -> String {
        Grid::parse(text)
            .map(|g| g.to_line())
            .unwrap_or_else(|e| panic!("{text:?}: {e}"))
    }

    #[test]
    fn one_line_with_every_blank() {
        assert_eq!(line_of(LINE), LINE);
        for blank in ["0", "-", "_", "*"] {
            assert_eq!(line_of(&LINE.replace('.', blank)), LINE);
        }
    }

    #[test]
    fn comma_and_space_separated_values() {
        let commas: Vec<String> = LINE
            .chars()
            .map(|c| if c == '.' { "-".into() } else { c.to_string() })
            .collect();
        assert_eq!(line_of(&commas.join(",")), LINE);
        assert_eq!(line_of(&commas.join(", ")), LINE);
        let empty_fields: Vec<String> = LINE
            .chars()
            .map(|c| {
                if c == '.' {
                    String::new()
                } else {
                    c.to_string()
                }
            })
            .collect();
        let rows: Vec<String> = empty_fields.chunks(9).map(|r| r.join(",")).collect();
        assert_eq!(line_of(&rows.join("\n")), LINE);
        let spaced: Vec<String> = LINE
            .chars()
            .map(|c| if c == '.' { "0".into() } else { c.to_string() })
            .collect();
        assert_eq!(line_of(&spaced.join(" ")), LINE);
        assert_eq!(line_of(&spaced.join("\n")), LINE);
    }

    #[test]
    fn decorated_grids() {
        let grid = Grid::parse(LINE).unwrap();
        assert_eq!(line_of(&grid.to_pretty()), LINE);
        let boxed = "\
+-------+-------+-------+
| 8 . . | . . . | . . . |
| . . 3 | 6 . . | . . . |
| . 7 . | . 9 . | 2 . . |
+-------+-------+-------+
| . 5 . | . . 7 | . . . |
| . . . | . 4 5 | 7 . . |
| . . . | 1 . . | . 3 . |
+-------+-------+-------+
| . . 1 | . . . | . 6 8 |
| . . 8 | 5 . . | . 1 . |
| . 9 . | . . . | 4 . . |
+-------+-------+-------+";
        assert_eq!(line_of(boxed), LINE);
        let stars = "*-----------*\n|8..|...|...|\n|..3|6..|...|\n|.7.|.9.|2..|\n|---+---+---|\n|.5.|..7|...|\n|...|.45|7..|\n|...|1..|.3.|\n|---+---+---|\n|..1|...|.68|\n|..8|5..|.1.|\n|.9.|...|4..|\n*-----------*";
        assert_eq!(line_of(stars), LINE);
    }

    #[test]
    fn a_row_of_dashes_is_a_row_of_blanks() {
        let mut grid = Grid::parse(LINE).unwrap();
        for c in 0..9 {
            grid.set(c, 0);
        }
        assert!(grid.to_pretty().starts_with("- - - | - - - | - - -\n"));
        assert_eq!(line_of(&grid.to_pretty()), grid.to_line());
        let dashes = format!(
            "---------\n{}",
            LINE.as_bytes()[9..]
                .chunks(9)
                .map(|r| std::str::from_utf8(r).unwrap())
                .collect::<Vec<_>>()
                .join("\n")
        );
        assert_eq!(line_of(&dashes), grid.to_line());
    }

    #[test]
    fn large_grids_in_letters_and_numbers() {
        let letters: String = (0..256)
            .map(|i| {
                if i % 17 == 0 {
                    'G'
                } else if i % 5 == 0 {
                    'a'
                } else {
                    '.'
                }
            })
            .collect();
        let grid = Grid::parse(&letters).unwrap();
        assert_eq!(grid.shape().n(), 16);
        assert_eq!((grid.get(0), grid.get(5)), (16, 10));
        let numbers: Vec<String> = (0..625)
            .map(|i| {
                if i % 7 == 0 {
                    ((i % 25) + 1).to_string()
                } else {
                    "0".into()
                }
            })
            .collect();
        let grid = Grid::parse(&numbers.join(" ")).unwrap();
        assert_eq!(grid.shape().n(), 25);
        assert_eq!((grid.get(0), grid.get(7), grid.get(14)), (1, 8, 15));
        let commas = Grid::parse(&numbers.join(",")).unwrap();
        assert_eq!(commas, grid);
    }

    #[test]
    fn errors_say_what_and_where() {
        let bad = format!("{}\n{}\n..x", &LINE[..9], &LINE[9..18]);
        assert_eq!(
            Grid::parse(&bad).unwrap_err().to_string(),
            "line 3, column 3: unexpected character 'x'"
        );
        assert_eq!(
            Grid::parse(&LINE[1..]).unwrap_err().to_string(),
            "found 80 cells; a 9x9 puzzle needs 81"
        );
        assert_eq!(Grid::parse("").unwrap_err(), ParseError::Empty);
        assert_eq!(Grid::parse(" \n| |\n").unwrap_err(), ParseError::Empty);
        let big = format!("{}H{}", ".".repeat(20), ".".repeat(235));
        assert_eq!(
            Grid::parse(&big).unwrap_err().to_string(),
            "line 1, column 21 (r2c5): 'H' is not a digit of a 16x16 puzzle (1-9, A-G)"
        );
        let nine_with_a = LINE.replacen('8', "A", 1);
        assert!(Grid::parse(&nine_with_a)
            .unwrap_err()
            .to_string()
            .contains("(r1c1): 'A' is not a digit of a 9x9 puzzle (1-9)"));
        assert_eq!(
            Grid::parse("1,2,3x").unwrap_err().to_string(),
            "line 1, column 6: unexpected character 'x'"
        );
    }

    #[test]
    fn invisible_marks_from_files_and_web_pages_are_ignored() {
        assert_eq!(line_of(&format!("\u{feff}{LINE}")), LINE);
        assert_eq!(line_of(&format!("\u{200b}{LINE}\u{200b}")), LINE);
        let spaced = format!("{}\u{2060}\n{}", &LINE[..40], &LINE[40..]);
        assert_eq!(line_of(&spaced), LINE);
        // Columns count what a person sees, not the invisible marks.
        assert_eq!(
            Grid::parse(&format!("\u{feff}..x{}", &LINE[3..]))
                .unwrap_err()
                .to_string(),
            "line 1, column 3: unexpected character 'x'"
        );
    }

    #[test]
    fn text_too_long_for_a_puzzle_is_refused_before_it_is_read() {
        let huge = LINE.repeat(MAX_TEXT / LINE.len() + 1);
        assert_eq!(
            Grid::parse(&huge).unwrap_err(),
            ParseError::TooLong { bytes: huge.len() }
        );
        assert_eq!(
            Grid::parse(&".".repeat(2 * 1024 * 1024))
                .unwrap_err()
                .to_string(),
            "the text is 2.0 MB long; a puzzle takes at most 64 KB"
        );
        // The largest decorated 25x25 grid fits well within the limit.
        let numbers: Vec<String> = (0..625).map(|i| (i % 26).to_string()).collect();
        assert!(numbers.join(" , ").len() < MAX_TEXT / 4);
    }

    fn rows(line: &str, sep: &str) -> String {
        line.as_bytes()
            .chunks(9)
            .map(|r| std::str::from_utf8(r).unwrap())
            .collect::<Vec<_>>()
            .join(sep)
    }

    fn lines_of(text: &str) -> Vec<(usize, String)> {
        parse_puzzles(text)
            .into_iter()
            .map(|(l, g)| (l, g.map_or_else(|e| format!("error: {e}"), |g| g.to_line())))
            .collect()
    }

    #[test]
    fn a_line_with_fields_after_it_is_that_puzzle() {
        for text in [
            format!("{LINE} ED=7.1/1.2/1.2"),
            format!("{LINE}  ED=7.1/1.2/1.2"),
            format!("{LINE};11.9;11.9;11.9"),
            format!("{LINE} # from the forum"),
            format!("{LINE}#1"),
            format!("{LINE}\t3\tdiabolical"),
            format!("{LINE},{}", LINE.replace('.', "5")),
            format!("{LINE} 7.1"),
        ] {
            assert_eq!(line_of(&text), LINE, "{text}");
        }
        // Spaced cells, then a field.
        let spaced: Vec<String> = LINE.chars().map(String::from).collect();
        assert_eq!(
            line_of(&format!("{} ED=7.1/1.2/1.2", spaced.join(" "))),
            LINE
        );
        // A line that is no puzzle still says where it goes wrong.
        assert_eq!(
            Grid::parse(&format!("{} ED=7.1", &LINE[1..]))
                .unwrap_err()
                .to_string(),
            "line 1, column 84: unexpected character '='"
        );
    }

    #[test]
    fn sadman_sdk_reads_only_its_puzzle_section() {
        let sdk = format!(
            "#ARuud\n#DA random puzzle\n#B03-08-2006\n[Puzzle]\n{}\n[State]\n{}\n",
            rows(LINE, "\n"),
            rows(&LINE.replace('.', "1"), "\n")
        );
        assert_eq!(line_of(&sdk), LINE);
        assert_eq!(lines_of(&sdk), [(5, LINE.to_string())]);
        let bare = format!("#Asomeone\n{}", rows(LINE, "\n"));
        assert_eq!(line_of(&bare), LINE);
        assert_eq!(lines_of(&bare), [(2, LINE.to_string())]);
    }

    #[test]
    fn simple_sudoku_ss_grids() {
        let bang = LINE.replace('.', "!");
        let band = |b: usize| {
            (0..3)
                .map(|r| {
                    let row = &bang[(b * 3 + r) * 9..(b * 3 + r + 1) * 9];
                    format!("{}|{}|{}", &row[..3], &row[3..6], &row[6..])
                })
                .collect::<Vec<_>>()
                .join("\n")
        };
        let ss = format!(
            "{}\n-----------\n{}\n-----------\n{}\n",
            band(0),
            band(1),
            band(2)
        );
        assert_eq!(line_of(&ss), LINE);
        assert_eq!(lines_of(&ss), [(1, LINE.to_string())]);
    }

    #[test]
    fn a_file_of_puzzles_in_every_form() {
        let grid = Grid::parse(LINE).unwrap();
        let other = LINE.replacen('8', ".", 1);
        let text = format!(
            "# a list\n{LINE}\n{other} ED=1.2/1.2/1.2\n\n{}\n\n{}\n# next\n{LINE};x\n",
            grid.to_pretty(),
            rows(LINE, "\n")
        );
        let pretty_lines = grid.to_pretty().lines().count();
        assert_eq!(
            lines_of(&text),
            [
                (2, LINE.to_string()),
                (3, other.clone()),
                (5, LINE.to_string()),
                // `to_pretty` ends its last line, so two blank lines follow it.
                (7 + pretty_lines, LINE.to_string()),
                (8 + pretty_lines + 9, LINE.to_string()),
            ]
        );
        // 4x4 puzzles one a line stay a list, not one 16x16 grid.
        let four = "1234341221434321\n".repeat(16);
        assert_eq!(parse_puzzles(&four).len(), 16);
        // A 16x16 grid one row a line is one grid.
        let sixteen = Grid::parse(&format!("G{}", ".".repeat(255))).unwrap();
        let by_rows: Vec<String> = sixteen
            .to_line()
            .as_bytes()
            .chunks(16)
            .map(|r| String::from_utf8(r.to_vec()).unwrap())
            .collect();
        let read = parse_puzzles(&by_rows.join("\n"));
        assert_eq!(read.len(), 1);
        assert_eq!(read[0].1.as_ref().unwrap(), &sixteen);
    }

    #[test]
    fn grids_one_after_another_with_no_blank_line() {
        let grid = Grid::parse(LINE).unwrap();
        let other = Grid::parse(&LINE.replacen('8', ".", 1)).unwrap();
        let boxed = |g: &Grid| {
            let rows: Vec<String> = g
                .to_line()
                .as_bytes()
                .chunks(9)
                .map(|r| {
                    let r = std::str::from_utf8(r).unwrap();
                    format!("|{}|{}|{}|", &r[..3], &r[3..6], &r[6..])
                })
                .collect();
            let rule = "+---+---+---+";
            format!(
                "{rule}\n{}\n{rule}\n{}\n{rule}\n{}\n{rule}",
                rows[..3].join("\n"),
                rows[3..6].join("\n"),
                rows[6..].join("\n")
            )
        };
        let text = format!("{}\n{}\n", boxed(&grid), boxed(&other));
        assert_eq!(
            lines_of(&text),
            [(1, grid.to_line()), (14, other.to_line())]
        );
        let plain = format!("{}\n{}\n", rows(LINE, "\n"), rows(&other.to_line(), "\n"));
        assert_eq!(
            lines_of(&plain),
            [(1, grid.to_line()), (10, other.to_line())]
        );
        // A row short: the whole run says how many cells it found.
        let short = plain.replacen("..3", "", 1);
        assert_eq!(
            lines_of(&short),
            [(
                1,
                "error: found 159 cells; a 12x12 puzzle needs 144".to_string()
            )]
        );
    }

    #[test]
    fn a_grid_with_blank_lines_between_its_bands_is_one_puzzle() {
        let spaced = |line: &str| {
            let bands: Vec<String> = line
                .as_bytes()
                .chunks(27)
                .map(|band| rows(std::str::from_utf8(band).unwrap(), "\n"))
                .collect();
            bands.join("\n\n")
        };
        let other = LINE.replacen('8', ".", 1);
        let text = format!("{}\n\n{}\n\n{LINE}\n", spaced(LINE), spaced(&other));
        assert_eq!(
            lines_of(&text),
            [(1, LINE.to_string()), (13, other), (25, LINE.to_string())]
        );
        // A comment between bands parts them: each says what is wrong with it.
        let parted = spaced(LINE).replacen("\n\n", "\n# note\n", 1);
        let read = lines_of(&parted);
        assert_eq!(read.len(), 3);
        assert_eq!(
            read[0],
            (
                1,
                "error: found 27 cells; a 6x6 puzzle needs 36".to_string()
            )
        );
    }

    #[test]
    fn lists_read_exactly_as_one_puzzle_a_line() {
        for name in [
            "top1465.txt",
            "hard25.txt",
            "large_16x16_40pct.txt",
            "17_clue.txt",
        ] {
            let path = format!("{}/../../data/{name}", env!("CARGO_MANIFEST_DIR"));
            let text = std::fs::read_to_string(&path).unwrap();
            let text: String = text.lines().take(2000).map(|l| format!("{l}\n")).collect();
            assert_eq!(parse_puzzles(&text), Grid::parse_lines(&text), "{name}");
        }
    }

    #[test]
    fn errors_in_a_file_name_their_line() {
        let bad_row = rows(LINE, "\n").replacen("..3", "x.3", 1);
        let text = format!("{LINE}\n{}\n\n{bad_row}\n", &LINE[1..]);
        let read = lines_of(&text);
        assert_eq!(read[0], (1, LINE.to_string()));
        assert_eq!(
            read[1],
            (
                2,
                "error: found 80 cells; a 9x9 puzzle needs 81".to_string()
            )
        );
        // The grid from line 4: its second row is on line 5.
        assert_eq!(
            read[2],
            (
                4,
                "error: line 5, column 1: unexpected character 'x'".to_string()
            )
        );
        assert_eq!(read.len(), 3);
    }
}
