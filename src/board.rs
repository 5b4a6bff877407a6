//! What the page shows and edits: a grid whose cells remember where their digit came from.
//! Plain Rust with no web types, so its rules are tested natively.

use serde::{Deserialize, Serialize};
use sudoku_engine::logic::Candidates;
use sudoku_engine::{Conflict, DigitSet, Grid, Houses, Shape};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Kind {
    Empty,
    /// Part of the puzzle as given.
    Given,
    /// Typed by the person solving.
    User,
    /// Taken from the solution by "Reveal one cell".
    Revealed,
}

/// Everything a cell holds, as the history records it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CellState {
    pub digit: u8,
    pub kind: Kind,
    /// Candidates removed (bit `d - 1`).
    pub removed: u32,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Board {
    side: usize,
    digits: Vec<u8>,
    kinds: Vec<Kind>,
    /// Candidates taken out of each cell by the player or an applied hint (bit `d - 1`);
    /// the candidates shown are those the digits allow, less these. Older saves lack it.
    #[serde(default)]
    removed: Vec<u32>,
}

impl Board {
    pub fn empty(shape: Shape) -> Board {
        Board {
            side: shape.n(),
            digits: vec![0; shape.cells()],
            kinds: vec![Kind::Empty; shape.cells()],
            removed: vec![0; shape.cells()],
        }
    }

    /// A board whose digits are all givens.
    pub fn from_puzzle(puzzle: &Grid) -> Board {
        let kinds = puzzle
            .cells()
            .iter()
            .map(|&d| if d == 0 { Kind::Empty } else { Kind::Given })
            .collect();
        Board {
            side: puzzle.shape().n(),
            digits: puzzle.cells().to_vec(),
            kinds,
            removed: vec![0; puzzle.cells().len()],
        }
    }

    /// A board read back from storage, if its sizes and digits fit; a save from before
    /// candidates could be removed gets none removed.
    pub fn checked(mut self) -> Option<Board> {
        if self.removed.is_empty() {
            self.removed = vec![0; self.digits.len()];
        }
        (self.removed.len() == self.digits.len() && self.is_consistent()).then_some(self)
    }

    fn is_consistent(&self) -> bool {
        Shape::for_side(self.side).is_some_and(|s| s.cells() == self.digits.len())
            && self.kinds.len() == self.digits.len()
            && self
                .digits
                .iter()
                .zip(&self.kinds)
                .all(|(&d, &k)| (d == 0) == (k == Kind::Empty) && d as usize <= self.side)
    }

    pub fn shape(&self) -> Shape {
        Shape::for_side(self.side).expect("boards are made with a supported size")
    }

    pub fn digit(&self, cell: usize) -> u8 {
        self.digits[cell]
    }

    pub fn kind(&self, cell: usize) -> Kind {
        self.kinds[cell]
    }

    pub fn len(&self) -> usize {
        self.digits.len()
    }

    pub fn is_empty(&self) -> bool {
        self.digits.iter().all(|&d| d == 0)
    }

    /// Every digit on the board, whoever wrote it: what the solver is asked about.
    pub fn cells(&self) -> &[u8] {
        &self.digits
    }

    /// The givens alone: the puzzle to share or copy.
    pub fn puzzle(&self) -> Grid {
        let cells = self
            .digits
            .iter()
            .zip(&self.kinds)
            .map(|(&d, &k)| if k == Kind::Given { d } else { 0 })
            .collect();
        Grid::from_cells(self.shape(), cells).expect("board digits fit its size")
    }

    /// The solver's own digits (typed or revealed) alone: progress to carry in a link.
    pub fn progress(&self) -> Grid {
        let cells = self
            .digits
            .iter()
            .zip(&self.kinds)
            .map(|(&d, &k)| {
                if matches!(k, Kind::User | Kind::Revealed) {
                    d
                } else {
                    0
                }
            })
            .collect();
        Grid::from_cells(self.shape(), cells).expect("board digits fit its size")
    }

    /// Every digit as a grid.
    pub fn grid(&self) -> Grid {
        Grid::from_cells(self.shape(), self.digits.clone()).expect("board digits fit its size")
    }

    pub fn has_givens(&self) -> bool {
        self.kinds.contains(&Kind::Given)
    }

    /// Writes `digit` (0 clears) as `kind`. Givens change only when `kind` is `Given`, so
    /// a person solving cannot overwrite the puzzle by accident. False if nothing changed.
    pub fn write(&mut self, cell: usize, digit: u8, kind: Kind) -> bool {
        if cell >= self.digits.len() || digit as usize > self.side {
            return false;
        }
        if self.kinds[cell] == Kind::Given && kind != Kind::Given {
            return false;
        }
        let kind = if digit == 0 { Kind::Empty } else { kind };
        if self.digits[cell] == digit && self.kinds[cell] == kind {
            return false;
        }
        self.digits[cell] = digit;
        self.kinds[cell] = kind;
        true
    }

    /// Candidates removed from each cell (bit `d - 1`).
    pub fn removed(&self) -> &[u32] {
        &self.removed
    }

    /// Takes candidate `digit` out of `cell`; a digit or cell not on this board changes
    /// nothing.
    pub fn remove_candidate(&mut self, cell: usize, digit: u8) {
        if digit as usize > self.side {
            return;
        }
        if let Some(r) = self.removed.get_mut(cell) {
            *r |= DigitSet::of(digit).bits();
        }
    }

    /// The board as the logical solver sees it: its digits, and for each empty cell the
    /// candidates the digits allow less the ones removed.
    pub fn logic_candidates(&self) -> Candidates {
        let mut c = Candidates::from_grid(&self.grid(), Houses::standard_for(self.shape()));
        c.remove_all(&self.removed);
        c
    }

    /// The candidates shown for each cell (bit `d - 1`); 0 for filled cells.
    pub fn candidates(&self) -> Vec<u32> {
        let c = self.logic_candidates();
        (0..self.digits.len()).map(|cell| c.marks(cell)).collect()
    }

    pub fn cell_state(&self, cell: usize) -> CellState {
        CellState {
            digit: self.digits[cell],
            kind: self.kinds[cell],
            removed: self.removed[cell],
        }
    }

    /// Whether `state` could stand in a cell of this board.
    pub fn fits(&self, state: &CellState) -> bool {
        (state.digit == 0) == (state.kind == Kind::Empty)
            && state.digit as usize <= self.side
            && state.removed >> self.side == 0
    }

    /// Puts `state` into `cell`, as undo and redo do; false if it does not fit.
    pub fn set_cell_state(&mut self, cell: usize, state: CellState) -> bool {
        if cell >= self.len() || !self.fits(&state) {
            return false;
        }
        self.digits[cell] = state.digit;
        self.kinds[cell] = state.kind;
        self.removed[cell] = state.removed;
        true
    }

    /// Turns every digit into a given: "this is the puzzle".
    pub fn lock_as_givens(&mut self) {
        for kind in self.kinds.iter_mut().filter(|k| **k != Kind::Empty) {
            *kind = Kind::Given;
        }
    }

    /// Pairs of equal digits sharing a house.
    pub fn conflicts(&self) -> Vec<Conflict> {
        self.grid().conflicts(Houses::standard_for(self.shape()))
    }

    /// The cell reached from `cell` by an arrow key, staying on the board.
    pub fn step(&self, cell: usize, key: &str) -> usize {
        let n = self.side;
        let (row, col) = (cell / n, cell % n);
        match key {
            "ArrowUp" if row > 0 => cell - n,
            "ArrowDown" if row + 1 < n => cell + n,
            "ArrowLeft" if col > 0 => cell - 1,
            "ArrowRight" if col + 1 < n => cell + 1,
            "Home" => row * n,
            "End" => row * n + n - 1,
            _ => cell,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn nine() -> Board {
        Board::from_puzzle(&Grid::parse(&format!("5{}", ".".repeat(80))).unwrap())
    }

    #[test]
    fn givens_resist_the_solver_but_not_the_editor() {
        let mut b = nine();
        assert!(!b.write(0, 3, Kind::User));
        assert_eq!((b.digit(0), b.kind(0)), (5, Kind::Given));
        assert!(b.write(0, 0, Kind::Given));
        assert_eq!(b.kind(0), Kind::Empty);
        assert!(b.write(1, 7, Kind::User));
        assert!(!b.write(1, 7, Kind::User), "no change, no edit");
        assert!(!b.write(1, 10, Kind::User), "10 is not a 9x9 digit");
    }

    #[test]
    fn the_puzzle_is_the_givens_alone() {
        let mut b = nine();
        b.write(1, 7, Kind::User);
        assert_eq!(b.puzzle().to_line(), format!("5{}", ".".repeat(80)));
        assert_eq!(&b.cells()[..2], &[5, 7]);
        b.lock_as_givens();
        assert_eq!(b.kind(1), Kind::Given);
    }

    #[test]
    fn conflicts_name_both_cells() {
        let mut b = nine();
        b.write(6, 5, Kind::User);
        let conflicts = b.conflicts();
        assert_eq!(conflicts.len(), 1);
        assert_eq!(conflicts[0].to_string(), "r1c1 and r1c7 are both 5");
    }

    #[test]
    fn candidates_follow_the_digits_less_the_removed() {
        let mut b = nine();
        let c = b.candidates();
        assert_eq!(
            (c[0], c[1] & 1 << 4, c[80]),
            (0, 0, 0x1ff),
            "5 is taken in row 1"
        );
        b.remove_candidate(80, 9);
        assert_eq!(b.candidates()[80], 0xff);
        for (cell, digit) in [(80, 0), (80, 10), (81, 1)] {
            b.remove_candidate(cell, digit);
        }
        assert_eq!(b.candidates()[80], 0xff, "no digit of the board, no change");
    }

    #[test]
    fn arrows_stop_at_the_edges() {
        let b = nine();
        assert_eq!(b.step(0, "ArrowUp"), 0);
        assert_eq!(b.step(0, "ArrowLeft"), 0);
        assert_eq!(b.step(0, "ArrowDown"), 9);
        assert_eq!(b.step(80, "ArrowRight"), 80);
        assert_eq!(b.step(40, "Home"), 36);
    }

    #[test]
    fn inconsistent_boards_are_caught() {
        let mut b = nine();
        assert!(b.clone().checked().is_some());
        b.kinds[3] = Kind::User;
        assert!(b.checked().is_none());
        let mut old_save = nine();
        old_save.removed.clear();
        let loaded = old_save
            .checked()
            .expect("a save without removed candidates still loads");
        assert_eq!(loaded.removed().len(), 81);
    }
}
