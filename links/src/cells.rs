//! Cell names as f-puzzles writes them, `R3C5` (1-based), and the geometry the rules need.

use sudoku_engine::{Cell, Shape};

/// Reads `R{row}C{col}` (either case), 1-based, into a 0-based row and column; `outside`
/// lets a clue sit one step beyond the grid (row or column 0 or n+1).
pub(crate) fn parse(name: &str, n: usize, outside: bool) -> Result<(usize, usize), String> {
    let bad = || format!("\"{}\" is not a cell", shorten(name));
    let rest = name.strip_prefix(['R', 'r']).ok_or_else(bad)?;
    let at = rest.find(['C', 'c']).ok_or_else(bad)?;
    let number = |s: &str| -> Result<usize, String> {
        if s.is_empty() || s.len() > 4 || !s.bytes().all(|b| b.is_ascii_digit()) {
            return Err(bad());
        }
        s.parse().map_err(|_| bad())
    };
    let (row, col) = (number(&rest[..at])?, number(&rest[at + 1..])?);
    let limit = if outside { n + 1 } else { n };
    let first = usize::from(!outside);
    if row < first || col < first || row > limit || col > limit {
        return Err(format!("cell {} is off the {n}x{n} grid", shorten(name)));
    }
    if !outside {
        return Ok((row - 1, col - 1));
    }
    Ok((row, col))
}

/// `items` in the order `less` gives, equal ones kept in place: an insertion sort, since
/// the lists of cell lists sorted with it are a few items long, and std's sort
/// instantiates some 4 KB of the page's code for each element type.
pub(crate) fn sort_few_by<T>(items: &mut [T], less: impl Fn(&T, &T) -> bool) {
    for i in 1..items.len() {
        let mut j = i;
        while j > 0 && less(&items[j], &items[j - 1]) {
            items.swap(j - 1, j);
            j -= 1;
        }
    }
}

/// Cuts a quoted piece of input to a readable length.
pub(crate) fn shorten(s: &str) -> String {
    if s.chars().count() > 24 {
        s.chars().take(24).collect::<String>() + "…"
    } else {
        s.to_string()
    }
}

/// The cells of a row or column seen from a clue outside the grid (`row`, `col` 1-based,
/// one of them 0 or n+1), nearest first; `None` if the clue is not beside one.
pub(crate) fn from_side(row: usize, col: usize, n: usize) -> Option<Vec<usize>> {
    let inside = |v: usize| (1..=n).contains(&v);
    if inside(col) && row == 0 {
        Some((0..n).map(|r| r * n + col - 1).collect())
    } else if inside(col) && row == n + 1 {
        Some((0..n).rev().map(|r| r * n + col - 1).collect())
    } else if inside(row) && col == 0 {
        Some((0..n).map(|c| (row - 1) * n + c).collect())
    } else if inside(row) && col == n + 1 {
        Some((0..n).rev().map(|c| (row - 1) * n + c).collect())
    } else {
        None
    }
}

/// The orthogonal neighbours of a cell.
pub(crate) fn neighbours(cell: usize, n: usize) -> Vec<usize> {
    let (r, c) = (cell / n, cell % n);
    let mut out = Vec::with_capacity(4);
    if r > 0 {
        out.push(cell - n);
    }
    if c > 0 {
        out.push(cell - 1);
    }
    if c + 1 < n {
        out.push(cell + 1);
    }
    if r + 1 < n {
        out.push(cell + n);
    }
    out
}

/// Where a drawing is, for people: " at r1c1", " over 4 cells, r1c1 to r2c3", or nothing
/// for no cells.
pub(crate) fn place(cells: &[usize], n: usize) -> String {
    match cells {
        [] => String::new(),
        [one] => format!(" at {}", name(*one, n)),
        [first, .., last] => format!(
            " over {} cells, {} to {}",
            cells.len(),
            name(*first, n),
            name(*last, n)
        ),
    }
}

/// The cells of a diagonal of the whole grid: from the top left, or from the top right
/// (`anti`).
pub(crate) fn diagonal(n: usize, anti: bool) -> Vec<usize> {
    (0..n)
        .map(|i| if anti { i * n + n - 1 - i } else { i * n + i })
        .collect()
}

/// The cells of each default box, by place inside the box, for disjoint groups.
pub(crate) fn disjoint_sets(shape: Shape) -> Vec<Vec<usize>> {
    let n = shape.n();
    let (h, w) = (shape.box_rows(), shape.box_cols());
    (0..n)
        .map(|place| {
            (0..n * n)
                .filter(|&cell| {
                    let (r, c) = (cell / n, cell % n);
                    (r % h) * w + c % w == place
                })
                .collect()
        })
        .collect()
}

/// The name f-puzzles writes for the place at `row` and `col`, counted from 1 (0 and n+1
/// are outside the grid): `R3C5`. The one place that writes it.
pub(crate) fn key_at(row: usize, col: usize) -> String {
    format!("R{row}C{col}")
}

/// A cell's name as f-puzzles writes it, `R3C5`.
pub(crate) fn key(cell: usize, n: usize) -> String {
    key_at(cell / n + 1, cell % n + 1)
}

/// A cell of a grid of side `n`, which shows as people name it, `r3c5` (the engine's).
pub(crate) fn name(cell: usize, n: usize) -> Cell {
    Cell {
        row: cell / n,
        col: cell % n,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_read_one_based() {
        assert_eq!(parse("R1C1", 9, false), Ok((0, 0)));
        assert_eq!(parse("r16c12", 16, false), Ok((15, 11)));
        assert_eq!(parse("R10C2", 9, true), Ok((10, 2)));
        assert_eq!(
            parse("R10C1", 9, false).unwrap_err(),
            "cell R10C1 is off the 9x9 grid"
        );
        assert_eq!(parse("X", 9, false).unwrap_err(), "\"X\" is not a cell");
        assert!(parse("R99999999999C1", 9, false).is_err());
    }

    #[test]
    fn outside_clues_look_along_their_line() {
        assert_eq!(from_side(0, 2, 4), Some(vec![1, 5, 9, 13]));
        assert_eq!(from_side(2, 5, 4), Some(vec![7, 6, 5, 4]));
        assert_eq!(from_side(0, 0, 4), None);
    }

    #[test]
    fn disjoint_sets_take_a_place_in_each_box() {
        assert_eq!(
            disjoint_sets(Shape::NINE)[0],
            [0, 3, 6, 27, 30, 33, 54, 57, 60]
        );
    }
}
