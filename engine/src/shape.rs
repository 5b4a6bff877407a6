//! Grid geometry: the supported sizes and how people name cells.

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
    fn cells_are_named_one_based() {
        assert_eq!(Shape::NINE.cell(2 * 9 + 4).to_string(), "r3c5");
        assert_eq!(Shape::NINE.box_of(80), 8);
        assert_eq!(Shape::for_side(6).unwrap().box_of(3 * 6 + 4), 3);
    }
}
