//! Pencil marks: the digits each empty cell can still take, beside the placed digits, under
//! the puzzle's houses and rules.

use std::sync::Arc;

use crate::rule_deductions::Narrowings;
use crate::set_theory::Comparisons;
use crate::Step;
use sudoku_model::digits::DigitSet;
use sudoku_model::grid::Grid;
use sudoku_model::houses::Houses;
use sudoku_model::puzzle::Puzzle;
use sudoku_model::rules::Rule;
use sudoku_model::shape::Shape;

/// What a position breaks, in words, and the index of the rule (in the puzzle's rules)
/// when a rule is what breaks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fault {
    pub why: String,
    pub rule: Option<usize>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Candidates {
    /// The houses and rules the marks are read under (its givens are not used: `digits`
    /// holds what is placed). Shared, so that trying a digit on a copy is cheap.
    puzzle: Arc<Puzzle>,
    /// Placed digits, 0 for an empty cell.
    digits: Vec<u8>,
    /// Candidates of empty cells, bit `d - 1` for digit `d`; 0 for placed cells.
    marks: Vec<u32>,
    /// Set equivalence's comparisons of the puzzle, found once and shared by every copy.
    comparisons: Comparisons,
}

impl Candidates {
    /// `grid`'s digits with `marks` for its empty cells, under `puzzle`'s houses and rules.
    #[inline]
    fn of(grid: &Grid, marks: Vec<u32>, puzzle: &Puzzle) -> Candidates {
        Candidates {
            puzzle: Arc::new(puzzle.clone()),
            digits: grid.cells().to_vec(),
            marks,
            comparisons: Comparisons::default(),
        }
    }

    /// Placed digits from `grid`, and for each empty cell every digit its peers allow
    /// under `puzzle`'s houses. The rules remove nothing yet: that is for the steps to
    /// explain.
    #[inline]
    pub fn from_grid(grid: &Grid, puzzle: &Puzzle) -> Candidates {
        let houses = puzzle.houses();
        let all = DigitSet::all(grid.shape().n());
        let marks = (0..grid.cells().len())
            .map(|cell| {
                if grid.get(cell) != 0 {
                    return 0;
                }
                houses
                    .peers(cell)
                    .iter()
                    .fold(all, |m, &p| m.without(grid.get(p)))
                    .bits()
            })
            .collect();
        Candidates::of(grid, marks, puzzle)
    }

    /// Placed digits from `grid` and a player's own marks for the empty cells (bit
    /// `d - 1` for digit `d`). Marks on placed cells are ignored.
    /// Bits beyond the grid's digits are dropped, and a missing mask is none.
    #[inline]
    pub fn from_marks(grid: &Grid, marks: &[u32], puzzle: &Puzzle) -> Candidates {
        let all = DigitSet::all(grid.shape().n()).bits();
        let marks = grid
            .cells()
            .iter()
            .enumerate()
            .map(|(c, &d)| {
                if d == 0 {
                    marks.get(c).map_or(0, |m| m & all)
                } else {
                    0
                }
            })
            .collect();
        Candidates::of(grid, marks, puzzle)
    }

    /// Takes candidates out of every cell: `removed[cell]` holds the bits to clear, as a
    /// player's own eliminations do.
    #[inline]
    pub fn remove_all(&mut self, removed: &[u32]) {
        for (marks, r) in self.marks.iter_mut().zip(removed) {
            *marks &= !r;
        }
    }

    #[inline]
    pub fn shape(&self) -> Shape {
        self.puzzle.shape()
    }

    #[inline]
    pub fn houses(&self) -> &Houses {
        self.puzzle.houses()
    }

    /// The puzzle's rules beyond its houses.
    #[inline]
    pub fn rules(&self) -> &[Rule] {
        self.puzzle.rules()
    }

    /// Set equivalence's comparisons of the puzzle, found on first use.
    #[inline]
    pub(super) fn comparisons(&self) -> &Comparisons {
        &self.comparisons
    }

    /// The houses and rules, shared, for a step that changes the marks while it reads them.
    #[inline]
    pub fn puzzle(&self) -> Arc<Puzzle> {
        Arc::clone(&self.puzzle)
    }

    /// True for the standard houses and no rules: the classic techniques' symmetry holds.
    #[inline]
    pub fn is_classic(&self) -> bool {
        self.puzzle.is_classic()
    }

    /// The candidates of `cells`, in order; a placed cell is its digit alone.
    #[inline]
    pub fn domains(&self, cells: &[usize]) -> Vec<u32> {
        cells.iter().map(|&c| self.domain(c)).collect()
    }

    /// The candidates of `cell`; a placed cell is its digit alone.
    #[inline]
    pub fn domain(&self, cell: usize) -> u32 {
        self.marks[cell] | self.bit_of_digit(cell)
    }

    #[inline]
    pub fn digit(&self, cell: usize) -> u8 {
        self.digits[cell]
    }

    /// The candidate mask of a cell (0 once it is placed).
    #[inline]
    pub fn marks(&self, cell: usize) -> u32 {
        self.marks[cell]
    }

    #[inline]
    pub fn has(&self, cell: usize, digit: u8) -> bool {
        DigitSet::from_bits(self.marks[cell]).contains(digit)
    }

    #[inline]
    pub fn cells(&self) -> usize {
        self.digits.len()
    }

    /// The placed digits as a grid.
    #[inline]
    pub fn grid(&self) -> Grid {
        Grid::from_cells(self.shape(), self.digits.clone()).expect("digits fit the shape")
    }

    #[inline]
    pub fn is_solved(&self) -> bool {
        self.digits.iter().all(|&d| d != 0)
    }

    /// True when an empty cell has no candidate left, a house has a digit with no place,
    /// or a rule has no way left to be kept: the marks contradict the rules, and no logic
    /// can go on.
    #[inline]
    pub fn is_broken(&self) -> bool {
        let n = self.shape().n();
        self.unplaceable().is_some()
            || self
                .rules()
                .iter()
                .any(|rule| !rule.propagate(&mut self.domains(rule.cells()), n))
    }

    /// What the marks break: "r5c5, which has no candidate left", "row 3, which has no
    /// place for 4", or the rule no filling of whose cells is left (its fillings listed, as
    /// [`Candidates::narrow_by_rules`] does, so this also names what that found broken).
    #[inline]
    pub fn why_broken(&self) -> Option<Fault> {
        let shape = self.shape();
        self.unplaceable().or_else(|| {
            let rules = self.rules().iter().enumerate();
            rules
                .filter(|(_, rule)| super::rule_deductions::narrowed(self, rule).is_none())
                .map(|(i, rule)| Fault {
                    why: format!("the {}", rule.describe(shape)),
                    rule: Some(i),
                })
                .next()
        })
    }

    /// An empty cell with no candidate left, or a house that must hold a digit with no
    /// place for it: what the houses break, whatever the rules say.
    #[inline]
    pub(super) fn unplaceable(&self) -> Option<Fault> {
        let shape = self.shape();
        let n = shape.n();
        let said = |why: String| Fault { why, rule: None };
        if let Some(c) = (0..self.cells()).find(|&c| self.digits[c] == 0 && self.marks[c] == 0) {
            return Some(said(format!(
                "{}, which has no candidate left",
                shape.cell(c)
            )));
        }
        let houses = self.houses();
        for h in (0..houses.len()).filter(|&h| houses.holds_every_digit(h)) {
            let cells = houses.cells(h);
            let seen = cells
                .iter()
                .fold(0, |m, &c| m | self.marks[c] | self.bit_of_digit(c));
            if let Some(d) = (1..=n as u8).find(|&d| seen & DigitSet::of(d).bits() == 0) {
                return Some(said(format!(
                    "{}, which has no place for {}",
                    houses.name(h),
                    sudoku_model::symbols::symbol(d)
                )));
            }
        }
        None
    }

    #[inline]
    fn bit_of_digit(&self, cell: usize) -> u32 {
        DigitSet::of(self.digits[cell]).bits()
    }

    /// The cells of `house` where `digit` is a candidate.
    #[inline]
    pub fn places(&self, house: usize, digit: u8) -> Vec<usize> {
        self.houses()
            .cells(house)
            .iter()
            .copied()
            .filter(|&c| self.has(c, digit))
            .collect()
    }

    /// The places of `digit` in `house` as bits over the house's cells (bit `i` for its
    /// `i`th cell): counted without building a list.
    #[inline]
    pub fn place_bits(&self, house: usize, digit: u8) -> u32 {
        let bit = DigitSet::of(digit).bits();
        self.houses()
            .cells(house)
            .iter()
            .enumerate()
            .filter(|&(_, &c)| self.marks[c] & bit != 0)
            .fold(0, |m, (i, _)| m | 1 << i)
    }

    /// [`Candidates::place_bits`] of every digit at once, by digit at `digit - 1`, in one
    /// pass over the house: the forcing tries run the steps that read it on every round.
    #[inline]
    pub fn places_by_digit(&self, house: usize) -> [u32; 32] {
        let mut bits = [0u32; 32];
        for (i, &cell) in self.houses().cells(house).iter().enumerate() {
            for d in DigitSet::from_bits(self.marks[cell]).iter() {
                bits[usize::from(d - 1)] |= 1 << i;
            }
        }
        bits
    }

    /// True if `digit` is placed somewhere in `house`.
    #[inline]
    pub fn placed_in(&self, house: usize, digit: u8) -> bool {
        self.houses()
            .cells(house)
            .iter()
            .any(|&c| self.digits[c] == digit)
    }

    /// True if two different cells share a house.
    #[inline]
    pub fn sees(&self, a: usize, b: usize) -> bool {
        a != b && self.houses().peers(a).binary_search(&b).is_ok()
    }

    /// The cells that see every cell of `cells` and hold `digit` as a candidate.
    #[inline]
    pub fn seeing_all(&self, cells: &[usize], digit: u8) -> Vec<usize> {
        let seeing = |x: usize| {
            !cells.contains(&x) && self.has(x, digit) && cells.iter().all(|&c| self.sees(x, c))
        };
        match cells.first() {
            // Only the first cell's peers can see them all; peers are kept in order.
            Some(&first) => self
                .houses()
                .peers(first)
                .iter()
                .copied()
                .filter(|&x| seeing(x))
                .collect(),
            None => (0..self.cells()).filter(|&x| seeing(x)).collect(),
        }
    }

    /// Strong links on `digit`: houses that must hold it (a cage of fewer cells than
    /// digits need not) where it has exactly two places, as (house, a, b).
    #[inline]
    pub fn conjugate_pairs(&self, digit: u8) -> Vec<(usize, usize, usize)> {
        let houses = self.houses();
        (0..houses.len())
            .filter(|&h| houses.holds_every_digit(h))
            .filter(|&h| self.place_bits(h, digit).count_ones() == 2)
            .filter_map(|h| match self.places(h, digit).as_slice() {
                &[a, b] => Some((h, a, b)),
                _ => None,
            })
            .collect()
    }

    /// The mask bit of `digit`, if it is a digit of this grid and `cell` one of its cells.
    /// Steps can come from elsewhere (a worker, a saved list), so a bad one is ignored
    /// rather than trusted.
    #[inline]
    fn checked_bit(&self, cell: usize, digit: u8) -> Option<u32> {
        (cell < self.cells() && (1..=self.shape().n()).contains(&(digit as usize)))
            .then(|| DigitSet::of(digit).bits())
    }

    /// Places a digit and removes it from the peers' candidates. A cell or digit that is
    /// not on this grid changes nothing.
    #[inline]
    pub fn place(&mut self, cell: usize, digit: u8) {
        let Some(bit) = self.checked_bit(cell, digit) else {
            return;
        };
        self.digits[cell] = digit;
        self.marks[cell] = 0;
        for &peer in self.puzzle.houses().peers(cell) {
            self.marks[peer] &= !bit;
        }
    }

    /// Takes a candidate out of a cell; a cell or digit not on this grid changes nothing.
    #[inline]
    pub fn eliminate(&mut self, cell: usize, digit: u8) {
        if let Some(bit) = self.checked_bit(cell, digit) {
            self.marks[cell] &= !bit;
        }
    }

    /// Removes from every rule's empty cells the candidates no filling of the rule uses
    /// (see [`super::rule_deductions::narrowed`], asked of `known`), once round the rules; false if
    /// a rule has no way left to be kept. `settled[i]` holds what rule `i` last narrowed
    /// its cells to (empty at first): a rule whose cells have not changed since is not
    /// listed again.
    #[inline]
    pub(super) fn narrow_by_rules(
        &mut self,
        settled: &mut [Vec<u32>],
        known: &mut Narrowings,
    ) -> bool {
        let puzzle = self.puzzle();
        let rules = puzzle.rules().iter().zip(settled).enumerate();
        rules.into_iter().all(|(index, (rule, settled))| {
            // Compared in place: this runs for every rule on every round of a forcing try.
            let cells = rule.cells();
            let unchanged = settled.len() == cells.len()
                && cells
                    .iter()
                    .zip(settled.iter())
                    .all(|(&cell, &s)| self.marks[cell] | self.bit_of_digit(cell) == s);
            if unchanged {
                return true;
            }
            let Some(domains) = known.narrowed(self, index) else {
                return false;
            };
            for (&cell, &kept) in cells.iter().zip(domains) {
                self.marks[cell] &= kept;
            }
            *settled = self.domains(cells);
            true
        })
    }

    #[inline]
    pub fn apply(&mut self, step: &Step) {
        for &(cell, digit) in &step.placements {
            self.place(cell, digit);
        }
        for &(cell, digit) in &step.eliminations {
            self.eliminate(cell, digit);
        }
    }
}
