//! A grid of digits: the puzzle as given, or a solution.

use std::fmt;

use crate::houses::Houses;
use crate::shape::{Cell, Shape};
use crate::symbols::{symbol, Symbols};

/// Digits by cell in row-major order; 0 is an empty cell, 1..=n a digit.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Grid {
    shape: Shape,
    cells: Vec<u8>,
}

/// Two givens that break a rule: the same digit twice in one house.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Conflict {
    pub first: Cell,
    pub second: Cell,
    pub digit: u8,
}

impl fmt::Display for Conflict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} and {} are both {}",
            self.first,
            self.second,
            symbol(self.digit)
        )
    }
}

impl Grid {
    /// An empty grid.
    pub fn empty(shape: Shape) -> Grid {
        Grid {
            shape,
            cells: vec![0; shape.cells()],
        }
    }

    /// A grid from digits in row-major order; `None` if the count or a digit does not fit.
    pub fn from_cells(shape: Shape, cells: Vec<u8>) -> Option<Grid> {
        let fits = cells.len() == shape.cells() && cells.iter().all(|&v| v as usize <= shape.n());
        fits.then_some(Grid { shape, cells })
    }

    pub fn shape(&self) -> Shape {
        self.shape
    }

    pub fn cells(&self) -> &[u8] {
        &self.cells
    }

    pub fn get(&self, index: usize) -> u8 {
        self.cells[index]
    }

    /// Puts `value` (0 to clear) in the cell at `index`.
    ///
    /// # Panics
    /// If `value` is larger than the grid's side.
    pub fn set(&mut self, index: usize, value: u8) {
        assert!(
            value as usize <= self.shape.n(),
            "digit {value} on a {} grid",
            self.shape
        );
        self.cells[index] = value;
    }

    pub fn filled(&self) -> usize {
        self.cells.iter().filter(|&&v| v != 0).count()
    }

    /// The first pair of equal digits in a house, in reading order of the second cell.
    pub fn conflict(&self, houses: &Houses) -> Option<Conflict> {
        self.conflicts(houses).into_iter().next()
    }

    /// Every pair of equal digits sharing a house, each pair once, ordered by cells.
    pub fn conflicts(&self, houses: &Houses) -> Vec<Conflict> {
        let mut found = Vec::new();
        for (index, &digit) in self.cells.iter().enumerate() {
            if digit == 0 {
                continue;
            }
            for &peer in houses.peers(index) {
                if peer < index && self.cells[peer] == digit {
                    found.push(Conflict {
                        first: self.shape.cell(peer),
                        second: self.shape.cell(index),
                        digit,
                    });
                }
            }
        }
        found
    }

    /// True if this grid is full, breaks no rule and keeps every digit of `puzzle`.
    pub fn solves(&self, puzzle: &Grid, houses: &Houses) -> bool {
        self.shape == puzzle.shape
            && self.cells.iter().all(|&v| v != 0)
            && puzzle
                .cells
                .iter()
                .zip(&self.cells)
                .all(|(&p, &s)| p == 0 || p == s)
            && self.conflict(houses).is_none()
    }

    /// The one-line form: one symbol per cell, `.` for an empty cell.
    pub fn to_line(&self) -> String {
        self.cells
            .iter()
            .map(|&v| if v == 0 { '.' } else { symbol(v) })
            .collect()
    }

    /// A readable grid with box separators, e.g. `5 - - | - 1 - | - - 4`, one row per line.
    pub fn to_pretty(&self) -> String {
        self.to_pretty_in(Symbols::App)
    }

    /// [`Grid::to_pretty`] with the digits written as `symbols` writes them; where they
    /// keep a smaller grid of ISS's ([`Symbols::window`]), its cells alone, a row a line,
    /// with no box rules (its boxes are not the engine grid's).
    pub fn to_pretty_in(&self, symbols: Symbols) -> String {
        let n = self.shape.n();
        if let Some((rows, cols)) = symbols.window(n) {
            let line = |row: usize| {
                (0..cols)
                    .map(|c| match self.cells[row * n + c] {
                        0 => "-".to_string(),
                        v => symbols.symbol(v).to_string(),
                    })
                    .collect::<Vec<_>>()
                    .join(" ")
            };
            return (0..rows).map(|r| line(r) + "\n").collect();
        }
        let (box_rows, box_cols) = (self.shape.box_rows(), self.shape.box_cols());
        let rule = vec!["-".repeat(2 * box_cols - 1); n / box_cols].join("-+-");
        let mut out = String::new();
        for row in 0..n {
            if row > 0 && row % box_rows == 0 {
                out.push_str(&rule);
                out.push('\n');
            }
            let line: Vec<String> = (0..n / box_cols)
                .map(|b| {
                    (0..box_cols)
                        .map(|i| match self.cells[row * n + b * box_cols + i] {
                            0 => '-',
                            v => symbols.symbol(v),
                        })
                        .map(String::from)
                        .collect::<Vec<_>>()
                        .join(" ")
                })
                .collect();
            out.push_str(&line.join(" | "));
            out.push('\n');
        }
        out
    }
}

impl fmt::Display for Grid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_line())
    }
}
