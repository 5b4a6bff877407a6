//! Grid geometry: the supported sizes, how people name cells, and which places of a layer
//! of cells in rows are beside each other.

use std::fmt;

/// The box layout of a grid. A grid of side `n = box_rows * box_cols` has `n` boxes of
/// `box_rows` rows by `box_cols` columns; rectangular boxes are wider than tall.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Shape {
    box_rows: u8,
    box_cols: u8,
}

impl Shape {
    /// Every size the engine takes, smallest first.
    pub const ALL: [Shape; 6] = [
        Shape::new(2, 2),
        Shape::new(2, 3),
        Shape::new(3, 3),
        Shape::new(3, 4),
        Shape::new(4, 4),
        Shape::new(5, 5),
    ];
    /// The classic 9x9 grid.
    pub const NINE: Shape = Shape::new(3, 3);

    const fn new(box_rows: u8, box_cols: u8) -> Shape {
        Shape { box_rows, box_cols }
    }

    /// The shape whose grid has `cells` cells (16, 36, 81, 144, 256 or 625).
    pub fn for_cell_count(cells: usize) -> Option<Shape> {
        Shape::ALL.into_iter().find(|s| s.cells() == cells)
    }

    /// The shape whose grid has side `n` (4, 6, 9, 12, 16 or 25).
    pub fn for_side(n: usize) -> Option<Shape> {
        Shape::ALL.into_iter().find(|s| s.n() == n)
    }

    /// Any side from 4 to 25, with the default regions f-puzzles and SudokuPad give it:
    /// as many rows as the largest divisor of `n` up to its square root, so 8x8 has boxes
    /// of 2x4 and a prime side such as 7 has regions that are rows. Variant puzzles come
    /// in these sizes; the classic ones are [`Shape::ALL`].
    pub fn with_side(n: usize) -> Option<Shape> {
        if !(4..=25).contains(&n) {
            return None;
        }
        let rows = (1..=n)
            .take_while(|r| r * r <= n)
            .filter(|&r| n.is_multiple_of(r))
            .max()?;
        Some(Shape::new(rows as u8, (n / rows) as u8))
    }

    /// The side: the number of rows, of columns, of boxes and of digits.
    pub const fn n(self) -> usize {
        self.box_rows as usize * self.box_cols as usize
    }

    pub const fn cells(self) -> usize {
        self.n() * self.n()
    }

    pub const fn box_rows(self) -> usize {
        self.box_rows as usize
    }

    pub const fn box_cols(self) -> usize {
        self.box_cols as usize
    }

    /// The cell at a 0-based cell index (row-major).
    pub fn cell(self, index: usize) -> Cell {
        Cell {
            row: index / self.n(),
            col: index % self.n(),
        }
    }

    /// The index of the box holding the cell at `index`.
    pub fn box_of(self, index: usize) -> usize {
        let (row, col) = (index / self.n(), index % self.n());
        (row / self.box_rows()) * self.box_rows() + col / self.box_cols()
    }
}

impl fmt::Display for Shape {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{0}x{0}", self.n())
    }
}

/// A cell, 0-based inside, written 1-based as people name it: `r3c5`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cell {
    pub row: usize,
    pub col: usize,
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "r{}c{}", self.row + 1, self.col + 1)
    }
}

/// A short name for a group of cells: the cell itself, or its first and last cells in
/// reading order, as in "cage r1c1-r1c3".
pub fn span(shape: Shape, cells: &[usize]) -> String {
    let first = cells.iter().min().map(|&c| shape.cell(c));
    let last = cells.iter().max().map(|&c| shape.cell(c));
    match (first, last) {
        (Some(a), Some(b)) if a != b => format!("{a}-{b}"),
        (Some(a), _) => a.to_string(),
        _ => String::new(),
    }
}

/// The cells of a line in its order, as in "r2c2 → r2c4": its two ends, or every cell
/// when it bends.
pub fn path(shape: Shape, cells: &[usize]) -> String {
    let (Some(&first), Some(&last)) = (cells.first(), cells.last()) else {
        return String::new();
    };
    let (a, b) = (shape.cell(first), shape.cell(last));
    let straight = cells.windows(2).all(|w| {
        let (p, q) = (shape.cell(w[0]), shape.cell(w[1]));
        (a.row == b.row && p.row == q.row) || (a.col == b.col && p.col == q.col)
    });
    if cells.len() == 1 {
        a.to_string()
    } else if straight {
        format!("{a} → {b}")
    } else {
        let names: Vec<String> = cells.iter().map(|&c| shape.cell(c).to_string()).collect();
        names.join(" → ")
    }
}

/// The places beside place `i` across a side, among `count` places laid out in rows of
/// `columns` (the last row may be short): a grid's cells (`columns` its side), or a layer
/// of cells such as ISS's groups of extra cells. Above, left, right, below.
pub fn beside(columns: usize, count: usize, i: usize) -> impl Iterator<Item = usize> {
    let c = i % columns;
    [
        (i >= columns).then(|| i - columns),
        (c > 0).then(|| i - 1),
        (c + 1 < columns && i + 1 < count).then(|| i + 1),
        (i + columns < count).then(|| i + columns),
    ]
    .into_iter()
    .flatten()
}

/// How many places are reached from `start` through the places `inside` keeps (`start`
/// among them), moving across sides ([`beside`]): all of them exactly when those places
/// are one connected area.
pub fn reached(
    columns: usize,
    count: usize,
    start: usize,
    inside: impl Fn(usize) -> bool,
) -> usize {
    let mut seen = vec![false; count];
    seen[start] = true;
    let mut stack = vec![start];
    let mut reached = 0;
    while let Some(i) = stack.pop() {
        reached += 1;
        for j in beside(columns, count, i) {
            if !seen[j] && inside(j) {
                seen[j] = true;
                stack.push(j);
            }
        }
    }
    reached
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn boxes_are_wider_than_tall() {
        let six = Shape::for_side(6).unwrap();
        assert_eq!((six.box_rows(), six.box_cols()), (2, 3));
        let twelve = Shape::for_cell_count(144).unwrap();
        assert_eq!((twelve.box_rows(), twelve.box_cols()), (3, 4));
        assert_eq!(Shape::for_cell_count(80), None);
    }

    #[test]
    fn any_side_takes_the_default_regions_of_f_puzzles() {
        let rows_cols = |n| Shape::with_side(n).map(|s| (s.box_rows(), s.box_cols()));
        assert_eq!(rows_cols(8), Some((2, 4)));
        assert_eq!(rows_cols(7), Some((1, 7)));
        assert_eq!(rows_cols(15), Some((3, 5)));
        assert_eq!(rows_cols(3), None);
        assert_eq!(rows_cols(26), None);
        assert!(Shape::ALL
            .iter()
            .all(|&s| Shape::with_side(s.n()) == Some(s)));
    }

    #[test]
    fn cells_are_named_one_based() {
        assert_eq!(Shape::NINE.cell(2 * 9 + 4).to_string(), "r3c5");
        assert_eq!(Shape::NINE.box_of(80), 8);
        assert_eq!(Shape::for_side(6).unwrap().box_of(3 * 6 + 4), 3);
    }
}
