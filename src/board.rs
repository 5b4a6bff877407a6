//! What the page shows and edits: a grid whose cells remember where their digit came from,
//! with the player's corner and centre marks and colours in layers under the digit. Plain
//! Rust with no web types, so its rules are tested natively.

use std::rc::Rc;

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use sudoku_engine::chaos::{canonical, Chaos};
use sudoku_engine::rules::Rule;
use sudoku_engine::symbols::Symbols;
use sudoku_engine::{Conflict, DigitSet, Grid, Houses, Puzzle, Shape};
use sudoku_links::export::{self, Site};
use sudoku_links::Imported;

use crate::json::to_json;
use crate::variant::{Opened, Variant};

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

/// How many colours a cell can be painted with: Paul Tol's "light" scheme, nine colours
/// that people with any common colour blindness tell apart, made for text on top.
pub const COLOURS: u8 = 9;

/// The name of colour `colour` (from 1), as labels say it.
pub fn colour_name(colour: u8) -> &'static str {
    const NAMES: [&str; COLOURS as usize] = [
        "light blue",
        "cyan",
        "mint",
        "pear",
        "olive",
        "sand",
        "orange",
        "pink",
        "grey",
    ];
    NAMES
        .get(usize::from(colour).wrapping_sub(1))
        .copied()
        .unwrap_or("?")
}

/// Which pencil marks: corner marks (where a digit may go in a box, as SudokuPad draws
/// them) or centre marks (the candidates of the cell, which hints and Check read).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Layer {
    Corner,
    Centre,
}

/// What the player has pencilled and painted in a cell, kept under its digit: marks stay
/// while a digit covers them and show again when it is cleared.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Marks {
    /// Digit sets as bits (`DigitSet`).
    #[serde(rename = "a", default)]
    pub corner: u32,
    #[serde(rename = "e", default)]
    pub centre: u32,
    /// Bit `i` is colour `i + 1`.
    #[serde(rename = "c", default)]
    pub colours: u16,
}

impl Marks {
    pub fn is_blank(&self) -> bool {
        *self == Marks::default()
    }

    pub fn corner(&self) -> DigitSet {
        DigitSet::from_bits(self.corner)
    }

    pub fn centre(&self) -> DigitSet {
        DigitSet::from_bits(self.centre)
    }

    /// The colours in order, from 1.
    pub fn colours(&self) -> impl Iterator<Item = u8> + '_ {
        (1..=COLOURS).filter(|&c| self.colours & 1 << (c - 1) != 0)
    }

    fn layer(&mut self, layer: Layer) -> &mut u32 {
        match layer {
            Layer::Corner => &mut self.corner,
            Layer::Centre => &mut self.centre,
        }
    }
}

/// Everything a cell holds, as the history records it. Short names and no blank marks in
/// the saved form, since the history is saved on every edit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CellState {
    #[serde(rename = "d", alias = "digit")]
    pub digit: u8,
    #[serde(rename = "k", alias = "kind")]
    pub kind: Kind,
    /// Older saves have none.
    #[serde(rename = "m", default, skip_serializing_if = "Marks::is_blank")]
    pub marks: Marks,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Board {
    side: usize,
    digits: Vec<u8>,
    kinds: Vec<Kind>,
    /// Older saves lack them.
    #[serde(default)]
    marks: Vec<Marks>,
    /// Saves from before marks kept the candidates the player had removed; they are read
    /// once, as centre marks (`checked`), and never written.
    #[serde(default, skip_serializing)]
    removed: Vec<u32>,
    /// The variant puzzle the board is played under: its houses (irregular regions,
    /// diagonals, cages, extra regions, a knight's moves) and rules; its givens are the
    /// board's. None for a classic puzzle. Not saved: the variant is saved beside the
    /// board, and gives it back when it is read.
    #[serde(skip)]
    variant: Option<Variant>,
}

impl Board {
    /// What a pasted or linked text opened: a classic board of its givens, or a board of
    /// a variant's givens under its rules.
    pub fn opened(opened: Opened) -> Board {
        match opened {
            Opened::Classic(givens) => Board::from_puzzle(&givens),
            Opened::Variant(variant) => Board::of_variant(variant),
        }
    }

    /// A board of a variant's givens, played under its houses and rules.
    pub fn of_variant(variant: Variant) -> Board {
        Board::from_puzzle(variant.imported.puzzle.givens()).under(variant)
    }

    pub fn empty(shape: Shape) -> Board {
        Board {
            side: shape.n(),
            digits: vec![0; shape.cells()],
            kinds: vec![Kind::Empty; shape.cells()],
            marks: vec![Marks::default(); shape.cells()],
            removed: Vec::new(),
            variant: None,
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
            marks: vec![Marks::default(); puzzle.cells().len()],
            removed: Vec::new(),
            variant: None,
        }
    }

    /// A board read back from storage, if its sizes, digits and marks fit. A save from
    /// before marks gets none, and the candidates it had removed become centre marks.
    pub fn checked(mut self) -> Option<Board> {
        if self.marks.is_empty() {
            self.marks = vec![Marks::default(); self.digits.len()];
        }
        if !self.is_consistent() {
            return None;
        }
        let removed = std::mem::take(&mut self.removed);
        if removed.len() == self.len() && removed.iter().any(|&r| r != 0) {
            let allowed = self.allowed();
            for (cell, r) in removed.into_iter().enumerate().filter(|&(_, r)| r != 0) {
                self.marks[cell].centre = allowed[cell] & !r;
            }
        }
        Some(self)
    }

    fn is_consistent(&self) -> bool {
        Shape::with_side(self.side).is_some_and(|s| s.cells() == self.digits.len())
            && self.kinds.len() == self.digits.len()
            && self.marks.len() == self.digits.len()
            && (0..self.len()).all(|c| self.fits(&self.cell_state(c)))
    }

    /// The board's grid: a classic size or, for a variant, any side from 4 to 25 (a 7x7
    /// board's regions are the variant's, and its default rows of seven).
    pub fn shape(&self) -> Shape {
        Shape::with_side(self.side).expect("boards are made with a side from 4 to 25")
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

    /// Whether there is a puzzle to solve: givens, or a variant's rules (many variants
    /// start from an empty grid).
    pub fn has_puzzle(&self) -> bool {
        self.variant.is_some() || self.kinds.contains(&Kind::Given)
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

    pub fn marks(&self, cell: usize) -> Marks {
        self.marks[cell]
    }

    /// Puts `marks` into `cell`, as a link with progress does; false if they do not fit.
    pub fn set_marks(&mut self, cell: usize, marks: Marks) -> bool {
        let Some(state) = (cell < self.len()).then(|| self.cell_state(cell)) else {
            return false;
        };
        self.set_cell_state(cell, CellState { marks, ..state })
    }

    /// Whether a cell takes pencil marks: only an empty one does.
    fn markable(&self, cell: usize) -> bool {
        self.kinds.get(cell) == Some(&Kind::Empty)
    }

    /// Toggles `digit` as a mark of `layer` in `cells`, as SudokuPad does: if every empty
    /// cell among them has it, it goes from all of them, else it is added to all. False
    /// if nothing changed.
    pub fn toggle_mark(&mut self, cells: &[usize], layer: Layer, digit: u8) -> bool {
        if digit == 0 || digit as usize > self.side {
            return false;
        }
        let bit = DigitSet::of(digit).bits();
        let targets: Vec<usize> = cells
            .iter()
            .copied()
            .filter(|&c| self.markable(c))
            .collect();
        let remove = targets
            .iter()
            .all(|&c| *self.marks[c].layer(layer) & bit != 0);
        for &c in &targets {
            let set = self.marks[c].layer(layer);
            *set = if remove { *set & !bit } else { *set | bit };
        }
        !targets.is_empty()
    }

    /// Toggles colour `colour` (from 1) in `cells` the same way; givens take colours too.
    pub fn toggle_colour(&mut self, cells: &[usize], colour: u8) -> bool {
        if colour == 0 || colour > COLOURS {
            return false;
        }
        let bit = 1u16 << (colour - 1);
        let targets: Vec<usize> = cells.iter().copied().filter(|&c| c < self.len()).collect();
        let remove = targets.iter().all(|&c| self.marks[c].colours & bit != 0);
        for &c in &targets {
            let colours = &mut self.marks[c].colours;
            *colours = if remove {
                *colours & !bit
            } else {
                *colours | bit
            };
        }
        !targets.is_empty()
    }

    /// Clears the top layer over `cells`: their digits if any can be cleared (givens only
    /// while `entering`), else their marks, else their colours. False if there was nothing.
    pub fn clear_top(&mut self, cells: &[usize], entering: bool) -> bool {
        let cells: Vec<usize> = cells.iter().copied().filter(|&c| c < self.len()).collect();
        let clearable = |b: &Board, c: usize| match b.kinds[c] {
            Kind::Empty => false,
            Kind::Given => entering,
            Kind::User | Kind::Revealed => true,
        };
        if cells.iter().any(|&c| clearable(self, c)) {
            let kind = if entering { Kind::Given } else { Kind::User };
            for &c in &cells {
                self.write(c, 0, kind);
            }
            return true;
        }
        let has_marks = |m: &Marks| m.corner != 0 || m.centre != 0;
        if cells
            .iter()
            .any(|&c| self.markable(c) && has_marks(&self.marks[c]))
        {
            for &c in &cells {
                if self.markable(c) {
                    (self.marks[c].corner, self.marks[c].centre) = (0, 0);
                }
            }
            return true;
        }
        let painted = cells.iter().any(|&c| self.marks[c].colours != 0);
        for &c in &cells {
            self.marks[c].colours = 0;
        }
        painted
    }

    /// Takes `digit` out of the pencil marks of every cell that shares a house with `cell`:
    /// what auto-clean does when a digit is placed.
    pub fn clean_peers(&mut self, cell: usize, digit: u8) {
        let bit = DigitSet::of(digit).bits();
        let variant = self.variant.clone();
        let houses = variant.as_ref().map_or_else(
            || Houses::standard_for(self.shape()),
            |v| v.imported.puzzle.houses(),
        );
        for &peer in houses.peers(cell) {
            let marks = &mut self.marks[peer];
            marks.corner &= !bit;
            marks.centre &= !bit;
        }
    }

    /// Writes every empty cell's candidates, as its digits and each rule allow, as its
    /// centre marks.
    pub fn fill_candidates(&mut self) {
        let mut allowed = self.allowed();
        let n = self.side;
        for rule in self.rules() {
            let mut domains: Vec<u32> = rule
                .cells()
                .iter()
                .map(|&c| match self.digits[c] {
                    0 => allowed[c],
                    d => DigitSet::of(d).bits(),
                })
                .collect();
            // A rule the digits already break rules nothing out: the status names it.
            if domains.iter().all(|&d| d != 0) && rule.propagate(&mut domains, n) {
                for (&c, d) in rule.cells().iter().zip(domains) {
                    if self.digits[c] == 0 {
                        allowed[c] &= d;
                    }
                }
            }
        }
        for (cell, allowed) in allowed.into_iter().enumerate() {
            if self.markable(cell) {
                self.marks[cell].centre = allowed;
            }
        }
    }

    /// Takes each (cell, digit) candidate out, as an applied hint does. A cell without
    /// centre marks gets its other candidates written, so the elimination shows and the next
    /// hint sees it. A digit or cell not on this board changes nothing.
    pub fn eliminate(&mut self, eliminations: &[(usize, u8)]) {
        // What the digits allow, worked out once and only if a cell needs it.
        let mut allowed = None;
        for &(cell, digit) in eliminations {
            if digit == 0 || digit as usize > self.side || !self.markable(cell) {
                continue;
            }
            if self.marks[cell].centre == 0 {
                let allowed = allowed.get_or_insert_with(|| self.allowed());
                self.marks[cell].centre = allowed[cell];
            }
            let bit = DigitSet::of(digit).bits();
            self.marks[cell].centre &= !bit;
            self.marks[cell].corner &= !bit;
        }
    }

    /// The candidates the digits allow, before any marks.
    /// Bit `d - 1` for digit `d`, for each empty cell; 0 for filled cells.
    fn allowed(&self) -> Vec<u32> {
        let all = DigitSet::all(self.side).bits();
        let houses = self.houses();
        (0..self.digits.len())
            .map(|cell| match self.digits[cell] {
                0 => houses
                    .peers(cell)
                    .iter()
                    .fold(all, |m, &p| match self.digits[p] {
                        0 => m,
                        d => m & !DigitSet::of(d).bits(),
                    }),
                _ => 0,
            })
            .collect()
    }

    /// Candidates the player has ruled out, by cell (bit `d - 1`): a cell's centre marks,
    /// when it has any, are its candidates; a cell without them rules nothing out.
    pub fn ruled_out(&self) -> Vec<u32> {
        let all = DigitSet::all(self.side).bits();
        self.marks
            .iter()
            .map(|m| if m.centre == 0 { 0 } else { all & !m.centre })
            .collect()
    }

    /// The candidates the logical solver sees for each cell (bit `d - 1`): those the
    /// digits allow less the ones ruled out; 0 for filled cells.
    pub fn candidates(&self) -> Vec<u32> {
        let out = self.ruled_out();
        let allowed = self.allowed();
        allowed.iter().zip(out).map(|(a, o)| a & !o).collect()
    }

    pub fn cell_state(&self, cell: usize) -> CellState {
        CellState {
            digit: self.digits[cell],
            kind: self.kinds[cell],
            marks: self.marks[cell],
        }
    }

    /// Whether `state` could stand in a cell of this board.
    pub fn fits(&self, state: &CellState) -> bool {
        (state.digit == 0) == (state.kind == Kind::Empty)
            && state.digit as usize <= self.side
            && (state.marks.corner | state.marks.centre) & !DigitSet::all(self.side).bits() == 0
            && state.marks.colours >> COLOURS == 0
    }

    /// Puts `state` into `cell`, as undo and redo do; false if it does not fit.
    pub fn set_cell_state(&mut self, cell: usize, state: CellState) -> bool {
        if cell >= self.len() || !self.fits(&state) {
            return false;
        }
        self.digits[cell] = state.digit;
        self.kinds[cell] = state.kind;
        self.marks[cell] = state.marks;
        true
    }

    /// Turns every digit into a given: "this is the puzzle".
    pub fn lock_as_givens(&mut self) {
        for kind in self.kinds.iter_mut().filter(|k| **k != Kind::Empty) {
            *kind = Kind::Given;
        }
    }

    /// The puzzle's houses: its rows, columns and boxes, or a variant's own. The peers
    /// that auto-clean clears, that conflicts are found in and that the board highlights
    /// follow them.
    pub fn houses(&self) -> &Houses {
        match &self.variant {
            Some(variant) => variant.imported.puzzle.houses(),
            None => Houses::standard_for(self.shape()),
        }
    }

    /// The variant's rules beyond its houses.
    pub fn rules(&self) -> &[Rule] {
        self.variant
            .as_ref()
            .map_or(&[], |v| v.imported.puzzle.rules())
    }

    /// A chaos construction's regions, which the player finds: their size and clues.
    pub fn chaos(&self) -> Option<&Chaos> {
        self.variant.as_ref()?.imported.chaos.as_ref()
    }

    /// Each cell's region as the player coloured it, for a chaos construction: the
    /// cell's colour where it has one alone, else 0 (the regions are the colours).
    pub fn regions(&self) -> Vec<u8> {
        let alone = |m: &Marks| match m.colours.count_ones() {
            1 => m.colours.trailing_zeros() as u8 + 1,
            _ => 0,
        };
        self.marks.iter().map(alone).collect()
    }

    /// Whether the player's colours make the chaos construction's regions for the digits:
    /// every cell coloured, each colour a region that keeps the construction's rules
    /// (`Chaos::holds`). True for a board with its regions given.
    pub fn regions_hold(&self) -> bool {
        let Some(chaos) = self.chaos() else {
            return true;
        };
        let regions = self.regions();
        !regions.contains(&0) && chaos.holds(self.shape(), &self.digits, &canonical(&regions))
    }

    /// The first rule beyond the houses that the digits leave no way to keep: why, in
    /// words, and the rule's cells.
    pub fn broken_rule(&self) -> Option<(String, Vec<usize>)> {
        let (grid, shape) = (self.grid(), self.shape());
        self.rules()
            .iter()
            .find_map(|rule| rule.broken_at(grid.cells(), shape))
    }

    /// Whether `other` is the same puzzle: the same givens under the same rules.
    pub fn same_puzzle(&self, other: &Board) -> bool {
        self.puzzle() == other.puzzle() && self.payload() == other.payload()
    }

    /// The payload of the board's puzzle as it stands, under a variant's rules: the
    /// variant's own while the board has its givens, else written again with the board's
    /// (`Variant::payload_with`). None for the classic rules.
    pub fn payload(&self) -> Option<Rc<str>> {
        Some(self.variant()?.payload_with(&self.puzzle()))
    }

    /// The board's puzzle as f-puzzles writes it: its givens as they are, under its
    /// variant's rules or the classic ones.
    pub fn document(&self) -> Map<String, Value> {
        match self.variant() {
            Some(variant) => variant.imported.document_with(&self.puzzle()),
            None => Imported::from_puzzle(Puzzle::classic(self.puzzle()), None, None).document,
        }
    }

    /// A link to the board's puzzle on f-puzzles, SudokuPad or ISS, so a setter can move
    /// between tools; a classic puzzle too. Else why not, in the engine's words: the rule
    /// ISS has no type for (`export::link`).
    pub fn export_link(&self, site: Site) -> Result<String, String> {
        // A chaos construction is not in the document: ISS's link is the one it came from,
        // and the other sites have no chaos construction.
        if let Some(variant) = self.variant().filter(|_| self.chaos().is_some()) {
            return match (
                site,
                variant.payload.strip_prefix(sudoku_links::iss::PREFIX),
            ) {
                (Site::Iss, Some(q)) => Ok(format!("{}?q={q}", sudoku_links::iss::ISS_ADDRESS)),
                _ => Err(format!("{} has no chaos construction", site.name())),
            };
        }
        let json = to_json(&self.document()).ok_or("the puzzle could not be written")?;
        export::link(&json, site, self.symbols())
    }

    /// The variant puzzle the board is played under, if any.
    pub fn variant(&self) -> Option<&Variant> {
        self.variant.as_ref()
    }

    /// How the page shows and reads this board's digits: as its variant's values (from 0
    /// for an ISS puzzle of values from 0), else the app's `1`-`9`, `A`...; the one place
    /// the views learn it.
    pub fn symbols(&self) -> Symbols {
        self.variant
            .as_ref()
            .map_or(Symbols::App, |v| v.imported.symbols)
    }

    /// Plays the board under another variant (of its size), or the classic rules.
    pub fn set_variant(&mut self, variant: Option<Variant>) {
        self.variant = variant;
    }

    /// The same board played under a variant puzzle (of its size).
    pub fn under(mut self, variant: Variant) -> Board {
        debug_assert_eq!(variant.imported.puzzle.shape(), self.shape());
        self.variant = Some(variant);
        self
    }

    /// The puzzle that `givens` (the board's digits, or its givens alone) make under the
    /// board's variant: what the worker searches.
    pub fn puzzle_of(&self, givens: Grid) -> Puzzle {
        match &self.variant {
            Some(variant) => variant.imported.puzzle.with_givens(givens),
            None => Puzzle::classic(givens),
        }
    }

    /// A conflict in words: "two 1s in column 2 (r1c2, r4c2)", naming a house both share.
    pub fn clash(&self, conflict: &Conflict) -> String {
        let (shape, houses) = (self.shape(), self.houses());
        let at = |cell: &sudoku_engine::Cell| cell.row * shape.n() + cell.col;
        let (first, second) = (at(&conflict.first), at(&conflict.second));
        let house = houses
            .houses_of(first)
            .iter()
            .find(|&&h| houses.cells(h).contains(&second))
            .map_or_else(|| "the same house".to_string(), |&h| houses.name(h));
        format!(
            "two {}s in {house} ({}, {})",
            self.symbols().shown(conflict.digit),
            conflict.first,
            conflict.second
        )
    }

    /// Pairs of equal digits sharing a house.
    pub fn conflicts(&self) -> Vec<Conflict> {
        self.grid().conflicts(self.houses())
    }

    /// The cell reached from `cell` by a step towards `heading`. As in SudokuPad, a step
    /// past an edge wraps round to the other end of the same row or column.
    pub fn step(&self, cell: usize, heading: Heading) -> usize {
        let n = self.side;
        let (row, col) = (cell / n, cell % n);
        let (row, col) = match heading {
            Heading::Up => ((row + n - 1) % n, col),
            Heading::Down => ((row + 1) % n, col),
            Heading::Left => (row, (col + n - 1) % n),
            Heading::Right => (row, (col + 1) % n),
            Heading::RowStart => (row, 0),
            Heading::RowEnd => (row, n - 1),
        };
        row * n + col
    }
}

/// Where a step of the selection goes: the view reads it from the arrow keys, Home and End.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Heading {
    Up,
    Down,
    Left,
    Right,
    RowStart,
    RowEnd,
}

impl Heading {
    /// Every heading, in the order of the fields above.
    pub const ALL: [Heading; 6] = [
        Heading::Up,
        Heading::Down,
        Heading::Left,
        Heading::Right,
        Heading::RowStart,
        Heading::RowEnd,
    ];
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
    fn candidates_follow_the_digits_and_the_centre_marks() {
        let mut b = nine();
        let c = b.candidates();
        assert_eq!(
            (c[0], c[1] & 1 << 4, c[80]),
            (0, 0, 0x1ff),
            "5 is taken in row 1"
        );
        b.eliminate(&[(80, 9)]);
        assert_eq!(b.candidates()[80], 0xff);
        assert_eq!(b.marks(80).centre, 0xff, "the elimination shows as marks");
        b.eliminate(&[(80, 0), (80, 10), (81, 1), (0, 1)]);
        assert_eq!(b.candidates()[80], 0xff, "no digit of the board, no change");
        assert!(b.marks(0).is_blank(), "a given takes no marks");
        b.toggle_mark(&[79], Layer::Centre, 3);
        assert_eq!(b.candidates()[79], 0b100, "centre marks are the candidates");
        assert_eq!(b.ruled_out()[79], 0x1ff & !0b100);
        b.toggle_mark(&[79], Layer::Corner, 4);
        assert_eq!(b.candidates()[79], 0b100, "corner marks rule nothing out");
    }

    #[test]
    fn a_mark_is_added_to_every_selected_cell_unless_all_have_it() {
        let mut b = nine();
        assert!(b.toggle_mark(&[1, 2], Layer::Corner, 3));
        assert!(
            b.toggle_mark(&[2, 3], Layer::Corner, 3),
            "3 lacks it: added"
        );
        assert_eq!([1, 2, 3].map(|c| b.marks(c).corner), [4, 4, 4]);
        assert!(
            b.toggle_mark(&[1, 2, 3], Layer::Corner, 3),
            "all have it: removed"
        );
        assert_eq!([1, 2, 3].map(|c| b.marks(c).corner), [0, 0, 0]);
        assert!(!b.toggle_mark(&[0], Layer::Centre, 3), "a given takes none");
        assert!(
            !b.toggle_mark(&[1], Layer::Centre, 10),
            "10 is no 9x9 digit"
        );
        assert!(b.toggle_colour(&[0, 1], 9), "givens take colours");
        assert_eq!(b.marks(0).colours().collect::<Vec<_>>(), [9]);
        assert!(!b.toggle_colour(&[1], 10));
    }

    #[test]
    fn delete_clears_digits_then_marks_then_colours() {
        let mut b = nine();
        b.toggle_mark(&[1, 2], Layer::Centre, 4);
        b.write(1, 7, Kind::User);
        b.toggle_colour(&[0, 1, 2], 2);
        let cells = [0, 1, 2];
        assert!(b.clear_top(&cells, false));
        assert_eq!(
            (b.digit(0), b.digit(1), b.marks(2).centre),
            (5, 0, 8),
            "digits first; givens stay"
        );
        assert_eq!(b.marks(1).centre, 8, "the marks under the digit show again");
        assert!(b.clear_top(&cells, false));
        assert_eq!(
            (b.marks(1).centre, b.marks(2).centre, b.marks(2).colours),
            (0, 0, 2)
        );
        assert!(b.clear_top(&cells, false));
        assert!(cells.iter().all(|&c| b.marks(c).is_blank()));
        assert!(!b.clear_top(&cells, false), "nothing left");
        assert!(b.clear_top(&cells, true), "while entering, givens go");
        assert_eq!(b.digit(0), 0);
    }

    #[test]
    fn placing_cleans_the_peers_and_fill_writes_the_candidates() {
        let mut b = nine();
        b.fill_candidates();
        assert_eq!(b.marks(1).centre, 0x1ff & !(1 << 4), "5 is taken in row 1");
        assert_eq!(b.marks(80).centre, 0x1ff);
        b.toggle_mark(&[9, 80], Layer::Corner, 7);
        b.write(10, 7, Kind::User);
        b.clean_peers(10, 7);
        assert_eq!(b.marks(9).corner, 0, "r2c1 sees r2c2");
        assert_eq!(b.marks(11).centre & 1 << 6, 0);
        assert_eq!(b.marks(80).corner, 1 << 6, "r9c9 does not");
    }

    #[test]
    fn arrows_wrap_round_at_the_edges_within_their_row_or_column() {
        let b = nine();
        assert_eq!(b.step(0, Heading::Up), 72);
        assert_eq!(b.step(0, Heading::Left), 8);
        assert_eq!(b.step(0, Heading::Down), 9);
        assert_eq!(b.step(80, Heading::Right), 72);
        assert_eq!(b.step(80, Heading::Down), 8);
        assert_eq!(b.step(40, Heading::RowStart), 36);
        assert_eq!(b.step(40, Heading::RowEnd), 44);
    }

    #[test]
    fn inconsistent_boards_are_caught() {
        let mut b = nine();
        assert!(b.clone().checked().is_some());
        b.kinds[3] = Kind::User;
        assert!(b.checked().is_none());
        let mut old_save = nine();
        old_save.marks.clear();
        let loaded = old_save
            .checked()
            .expect("a save from before marks still loads");
        assert!(loaded.marks(80).is_blank());
        let mut bad_marks = nine();
        bad_marks.marks[3].centre = 1 << 9;
        assert!(bad_marks.checked().is_none(), "a mark beyond 9");
    }
}

#[cfg(test)]
mod variant_tests {
    use super::*;
    use crate::variant::Opened;

    /// A 4x4 with a cage of two cells summing to 3 and a diagonal.
    fn caged() -> Board {
        let json =
            r#"{"size":4,"diagonal-":true,"killercage":[{"cells":["R1C1","R1C2"],"value":"3"}]}"#;
        let Ok(Opened::Variant(variant)) = Variant::open(json) else {
            panic!("not a variant")
        };
        Board::of_variant(variant)
    }

    /// A variant of a side no classic puzzle has (fuzzing found a 7x7 link that panicked
    /// when its board was first written): played, written and read back like any other.
    #[test]
    fn a_variant_of_any_side_is_a_board() {
        for side in [5, 7, 8] {
            let json = format!(
                r#"{{"size":{side},"title":"odd","killercage":[{{"cells":["R1C1","R1C2"],"value":"3"}}]}}"#
            );
            let Ok(Opened::Variant(variant)) = Variant::open(&json) else {
                panic!("a {side}x{side} variant does not open")
            };
            let mut board = Board::of_variant(variant);
            assert_eq!(board.shape().n(), side);
            board.write(side * side - 1, side as u8, Kind::User);
            assert!(board.is_consistent());
            assert_eq!(board.digit(side * side - 1), side as u8);
        }
    }

    #[test]
    fn fill_candidates_writes_only_what_every_rule_allows() {
        let mut board = caged();
        board.fill_candidates();
        assert_eq!(board.marks(0).centre(), DigitSet::from_bits(0b0011));
        assert_eq!(board.marks(1).centre(), DigitSet::from_bits(0b0011));
        // What follows from the cage's pair is logic, not what a rule allows.
        assert_eq!(board.marks(2).centre(), DigitSet::from_bits(0b1111));
    }

    #[test]
    fn a_variant_s_houses_give_peers_and_conflicts() {
        let mut board = caged();
        // r1c1 and r4c4 share the diagonal alone.
        assert!(board.houses().peers(0).contains(&15));
        board.write(0, 2, Kind::User);
        board.write(15, 2, Kind::User);
        assert_eq!(board.conflicts().len(), 1);
        assert_eq!(board.puzzle_of(board.grid()).rules().len(), 1);
        let classic = Board::empty(Shape::for_side(4).unwrap());
        assert!(!classic.houses().peers(0).contains(&15));
        assert!(classic.puzzle_of(classic.grid()).is_classic());
        // Empty grids under other rules are other puzzles.
        assert!(!classic.same_puzzle(&caged()) && caged().same_puzzle(&caged()));
        // A digit that leaves the cage no way to sum to 3 breaks it.
        let mut broken = caged();
        assert_eq!(broken.broken_rule(), None);
        broken.write(0, 3, Kind::User);
        let (why, cells) = broken.broken_rule().unwrap();
        assert_eq!(cells, vec![0, 1]);
        assert!(why.contains("killer cage r1c1-r1c2"), "{why}");
    }

    #[test]
    fn exported_links_open_the_puzzle_with_the_board_s_givens() {
        let Ok(Opened::Variant(v)) = Variant::open(crate::variant::tests::KILLER) else {
            panic!("not a variant")
        };
        let mut board = Board::of_variant(v.clone());
        board.write(0, 2, Kind::Given);
        for site in Site::ALL {
            let link = board.export_link(site).unwrap();
            let Ok(Opened::Variant(back)) = Variant::open(&link) else {
                panic!("{link} does not open")
            };
            assert_eq!(back.imported.puzzle.givens(), &board.puzzle());
            assert_eq!(back.imported.puzzle.rules(), v.imported.puzzle.rules());
            // ISS's text states the rules, not the title.
            let title = (site != Site::Iss).then_some("Tiny");
            assert_eq!(back.imported.title.as_deref(), title, "{site:?}");
        }
        let one_given = format!("1{}", ".".repeat(80));
        let classic = Board::from_puzzle(&sudoku_engine::Grid::parse(&one_given).unwrap());
        let link = classic.export_link(Site::FPuzzles).unwrap();
        assert!(
            matches!(Variant::open(&link), Ok(Opened::Classic(givens)) if givens == classic.puzzle())
        );
    }

    #[test]
    fn an_iss_link_of_values_from_0_is_copied_with_them() {
        let text = ".Shape~4x4~0-3.Cage~1~R1C1~R1C2.~R4C4_3";
        let Ok(Opened::Variant(v)) = Variant::open(text) else {
            panic!("not a variant")
        };
        let link = Board::of_variant(v.clone()).export_link(Site::Iss).unwrap();
        for part in [".Shape~4x4~0-3", ".Cage~1~R1C1~R1C2", "R4C4_3"] {
            assert!(link.contains(part), "{part} in {link}");
        }
        let Ok(Opened::Variant(back)) = Variant::open(&link) else {
            panic!("{link} does not open")
        };
        assert_eq!(back.imported.puzzle, v.imported.puzzle);
        assert_eq!(back.imported.symbols, v.imported.symbols);
    }
}
