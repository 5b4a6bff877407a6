//! SudokuPad's compact classic forms: `scf…` (a 9x9 grid, with windoku, X-sudoku, title
//! and author flags) and `classic…` (a grid in one of two run-length alphabets).

use sudoku_engine::houses::HouseKind;
use sudoku_engine::puzzle::Puzzle;
use sudoku_engine::{Grid, Houses, Shape};

use crate::error::invalid;
use crate::{Imported, LinkError};

/// The codoku alphabet: a digit (0 blank) and up to five blanks after it, `d + 10 * k`.
const RUNS: &[u8] = b"0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwx";

/// The other classic alphabet: digits stand for themselves, these characters for runs of
/// 0 to 69 blanks.
const BLANKS: &str = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz()[]-.~:@!$&'*,;=_";

/// The longest grid these forms are unpacked to (25x25), so a short text cannot ask for
/// a long one.
const MOST_CELLS: usize = 625;

/// Digits from codoku text; 0 is a blank.
fn dedoku(text: &str) -> Option<Vec<u8>> {
    let mut out = Vec::new();
    for b in text.bytes() {
        let code = RUNS.iter().position(|&k| k == b)?;
        out.push((code % 10) as u8);
        out.extend(std::iter::repeat_n(0, code / 10));
        if out.len() > MOST_CELLS {
            return None;
        }
    }
    Some(out)
}

/// Digits from the blank-run alphabet.
fn unblank(text: &str) -> Option<Vec<u8>> {
    let mut out = Vec::new();
    for c in text.chars() {
        if let Some(d) = c.to_digit(10).filter(|&d| d > 0) {
            out.push(d as u8);
        } else {
            let run = BLANKS.find(c)?;
            out.extend(std::iter::repeat_n(0, run));
        }
        if out.len() > MOST_CELLS {
            return None;
        }
    }
    Some(out)
}

fn square(len: usize) -> Option<Shape> {
    let n = (1..=25).find(|n| n * n == len)?;
    Shape::for_side(n)
}

/// A classic puzzle from its digits, row by row.
fn classic_puzzle(digits: Vec<u8>, what: &str) -> Result<Puzzle, LinkError> {
    let len = digits.len();
    let shape = square(len).ok_or_else(|| {
        invalid(format!(
            "the {what} data holds {len} cells, not a square grid of 4, 6, 9, 12, 16 or 25 rows"
        ))
    })?;
    let grid = Grid::from_cells(shape, digits).ok_or_else(|| {
        invalid(format!(
            "the {what} data has a digit too large for a {shape} grid"
        ))
    })?;
    Ok(Puzzle::classic(grid))
}

/// `classic…`: tries the codoku alphabet first where both fit, as SudokuPad does.
pub(crate) fn read_classic(data: &str) -> Result<Imported, LinkError> {
    let runs = dedoku(data);
    let blanks = unblank(data);
    let fits = |d: &Option<Vec<u8>>| d.as_ref().is_some_and(|d| square(d.len()).is_some());
    let digits = match (runs, blanks) {
        (Some(r), _) if fits(&Some(r.clone())) => r,
        (_, Some(b)) if fits(&Some(b.clone())) => b,
        (Some(r), _) => r,
        (None, Some(b)) => b,
        (None, None) => return Err(invalid("the classic data has characters it cannot hold")),
    };
    Ok(Imported::from_puzzle(
        classic_puzzle(digits, "classic")?,
        None,
        None,
    ))
}

/// `scf…`: 81 cells in codoku, then flags: `w` windoku, `x` both diagonals, `t…*` title,
/// `a…*` author (`**` for a star).
pub(crate) fn read_scf(data: &str) -> Result<Imported, LinkError> {
    let (grid, flags) = match data.split_once('*') {
        Some((grid, flags)) => (dedoku(grid), flags.to_string()),
        None => {
            // The flags follow the grid directly: the codes past 81 cells.
            let mut cells = 0;
            let mut end = data.len();
            for (i, c) in data.char_indices() {
                if cells >= 81 {
                    end = i;
                    break;
                }
                let code = RUNS.iter().position(|&k| char::from(k) == c).unwrap_or(0);
                cells += 1 + code / 10;
            }
            (dedoku(&data[..end]), data[end..].to_string())
        }
    };
    let mut digits = grid.ok_or_else(|| invalid("the scf data has characters it cannot hold"))?;
    if digits.len() < 81 {
        return Err(invalid(format!(
            "the scf data holds {} cells; a 9x9 grid needs 81",
            digits.len()
        )));
    }
    digits.truncate(81);
    let givens = Grid::from_cells(Shape::NINE, digits).expect("81 digits");
    let mut extra = Vec::new();
    let (mut title, mut author) = (None, None);
    let chars: Vec<char> = flags.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        let flag = chars[i];
        i += 1;
        match flag {
            'w' => {
                for (r0, c0) in [(1, 1), (1, 5), (5, 1), (5, 5)] {
                    let cells = (0..9).map(|k| (r0 + k / 3) * 9 + c0 + k % 3).collect();
                    extra.push((HouseKind::ExtraRegion, cells));
                }
            }
            'x' => {
                extra.push((HouseKind::Diagonal, (0..9).map(|k| k * 10).collect()));
                extra.push((HouseKind::Diagonal, (0..9).map(|k| k * 9 + 8 - k).collect()));
            }
            't' | 'a' => {
                let mut text = String::new();
                while i < chars.len() {
                    if chars[i] == '*' && chars.get(i + 1) == Some(&'*') {
                        text.push('*');
                        i += 2;
                    } else if chars[i] == '*' {
                        i += 1;
                        break;
                    } else {
                        text.push(chars[i]);
                        i += 1;
                    }
                }
                if flag == 't' {
                    title = Some(text);
                } else {
                    author = Some(text);
                }
            }
            _ => {}
        }
    }
    let puzzle = if extra.is_empty() {
        Puzzle::classic(givens)
    } else {
        Puzzle::new(
            givens,
            Houses::standard(Shape::NINE).with_all_extra(extra),
            Vec::new(),
        )
    };
    Ok(Imported::from_puzzle(puzzle, title, author))
}

#[cfg(test)]
mod tests {
    use super::*;

    const GRID: &str =
        "530070000600195000098000060800060003400803001700020006060000280000419005000080079";

    #[test]
    fn scf_reads_sudokupads_example() {
        let read = read_scf("5NlQ19j9mGca3OIN1bWGk2m41TjS79").unwrap();
        assert_eq!(read.puzzle.givens().to_string(), GRID.replace('0', "."));
        assert!(read.puzzle.is_classic());
        let flagged = read_scf("5NlQ19j9mGca3OIN1bWGk2m41TjS79*xwtA **star*aMe").unwrap();
        assert_eq!(flagged.title.as_deref(), Some("A *star"));
        assert_eq!(flagged.author.as_deref(), Some("Me"));
        assert_eq!(flagged.puzzle.houses().len(), 27 + 2 + 4);
        assert!(read_scf("5N").is_err());
    }

    #[test]
    fn classic_reads_both_alphabets() {
        let runs = read_classic("5NlQ19j9mGca3OIN1bWGk2m41TjS79").unwrap();
        assert_eq!(runs.puzzle.givens().to_string(), GRID.replace('0', "."));
        // 5 3 then two blanks ('C'), 7, ... in the blank-run alphabet.
        let mut text = String::new();
        let mut blanks = 0;
        for c in GRID.chars() {
            if c == '0' {
                blanks += 1;
            } else {
                if blanks > 0 {
                    text.push(BLANKS.as_bytes()[blanks] as char);
                    blanks = 0;
                }
                text.push(c);
            }
        }
        text.push(BLANKS.as_bytes()[blanks] as char);
        let other = read_classic(&text).unwrap();
        assert_eq!(other.puzzle.givens().to_string(), GRID.replace('0', "."));
        assert!(read_classic("{}").is_err());
    }
}
