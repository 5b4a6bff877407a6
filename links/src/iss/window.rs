//! ISS's grids that are not the engine's square of digits 1-n: rectangular grids (`9x8`,
//! `5x10`) and grids with more values than their side (`6x6~9`, `9x9~0-9`).
//!
//! How they are stated: the engine's grid is square, of side n = ISS's number of values
//! (never fewer than its rows or columns, `CellGeometry.numValuesFloor`), and ISS's R x C
//! grid is its top-left corner, the window, so that ISS's cell names read the same there.
//! Its rows, columns and boxes are the window's, as houses: each of n cells holds every
//! digit, a shorter one no digit twice, which is what ISS's all-different houses say. The
//! engine's cells outside the window are givens of 1 in no house and under no rule, so
//! they add no solution and take none away: a puzzle's count is ISS's. Every rule is
//! checked to read window cells only, and [`Symbols`](sudoku_engine::symbols::Symbols)
//! keeps the window so that every output writes ISS's cells alone.
//!
//! ISS's extra cells (`Var`: cells outside its grid, in no house, of the grid's values,
//! which other types name `VA`, `VA1`...) are engine cells outside the window, in reading
//! order, neither given nor in a house; where the grid of side n has too few of those,
//! the engine's grid is the smallest larger one that has enough, and every window and
//! extra cell is a given of the values 1 to n (the builder's one-cell automata). Rules
//! may read them too. The page's module leaves them out with the rest of this
//! restatement ([`Beyond`]).
//!
//! ISS's default boxes (`SudokuConstraintBase.boxRegions`): regions of `RegionSize`
//! cells, else of the larger of rows and columns, whatever the number of values (so
//! `6x6~9` keeps boxes of 2x3), shaped by `CellGeometry.boxDimsForSize`: the least
//! uneven factor pair of that size that tiles the grid, shorter side down the rows where
//! both fit; none where no pair tiles it (`9x8`, `4x7`). `NoBoxes` has none, a jigsaw's
//! pieces are regions beside the boxes, or instead of them with `NoBoxes` or no boxes,
//! and `DisjointSets` are the cells in the same place of each box. ISS's rules of every
//! 2x2 square (`GlobalEntropy`, `GlobalMod`) keep the squares inside the window;
//! skyscrapers, numbered rooms and Dutch flatmates are read on the window's rows and
//! columns, a little killer as the sum of its diagonal to the window's edge (`build`); an indexer reads the engine's whole row or column, so it is stated
//! where that is the window's. Other types whose meaning is the grid's edges or every
//! cell of it are refused by [`EDGE_TYPES`].

use sudoku_engine::houses::{HouseKind, Houses};
use sudoku_engine::rules::{IssRule, Rule, RuleKind, SameValueSets, Stated};
use sudoku_engine::{Grid, Puzzle};

use super::stated;
use crate::automaton::nfa_of_key;
use crate::engine_rules;
use crate::error::{invalid, LinkError};
use crate::Imported;

/// ISS's types whose meaning is the grid's edges, its diagonals or every cell of it,
/// which this module does not restate on a window.
pub(crate) const EDGE_TYPES: &[&str] = &[
    "AntiConsecutive",
    "AntiTaxicab",
    "FullRank",
    "FullRankTies",
    "HiddenSkyscraper",
    "Sandwich",
    "StrictKropki",
    "StrictXV",
    "Windoku",
    "XSum",
];

/// ISS's grid inside the engine's, and its regions.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Window {
    pub rows: usize,
    pub cols: usize,
    /// The engine grid's side: ISS's number of values, or more where ISS's extra cells
    /// need the room ([`Beyond::extra_cells`]).
    pub side: usize,
    /// ISS's number of values: the digits 1 to this.
    pub values: usize,
    /// The size of ISS's boxes and jigsaw pieces (`RegionSize`), if given.
    pub region_size: Option<usize>,
    pub no_boxes: bool,
    /// Each window cell's jigsaw piece, row by row over the window, if a jigsaw is given;
    /// `usize::MAX` for a cell of the piece ISS leaves out (of another size).
    pub jigsaw: Option<Vec<usize>>,
    /// ISS's types stated here alone (see [`Beyond`]).
    pub beyond: Beyond,
}

/// ISS's types that the engine states through rules the page does not play yet, so that
/// a puzzle holding one is read through [`Window::restate`] (the command line's reading),
/// whatever its grid, and the page's module leaves their code out.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Beyond {
    /// Each `SameValues` of several-cell sets: its sets, of one size, which hold the same
    /// values as many times each (the engine's `SameValueSets`).
    pub same_values: Vec<Vec<Vec<usize>>>,
    /// ISS's `RegionSameValues`: the largest of the rows, columns, boxes and jigsaw pieces
    /// hold the same values, where they are fewer cells than the values
    /// (`SudokuBuilder`'s case of it); nothing otherwise.
    pub region_same_values: bool,
    /// ISS's extra cells (`Var`), each its name and its engine cell: cells of the engine's
    /// grid outside the window, in no house, of the window's values (see
    /// [`Window::restate`]).
    pub extra_cells: Vec<(String, usize)>,
    /// Each group of those cells, its prefix and the columns its rows have (its declared
    /// `rows`x`columns`, else the grid's, as ISS's `VarCellRegistry` lays it out).
    pub extra_groups: Vec<(String, usize)>,
    /// ISS's `Doppelganger` (see [`Window::doppelganger`]).
    pub doppelganger: bool,
    /// ISS's `Raw` grid type: no rows, columns or boxes, so values may repeat anywhere
    /// that no rule forbids.
    pub raw: bool,
}

impl Beyond {
    /// What the page cannot play, for its message; `None` where it plays everything.
    pub fn unplayed(&self) -> Option<&'static str> {
        if self.raw {
            Some("a grid with no rows, columns or boxes (Raw)")
        } else if self.doppelganger {
            Some("Doppelganger")
        } else if !self.extra_cells.is_empty() {
            Some("extra cells outside the grid (Var)")
        } else if !self.same_values.is_empty() {
            Some("sets of cells with the same values (SameValues)")
        } else if self.region_same_values {
            Some("regions with the same values (RegionSameValues)")
        } else {
            None
        }
    }
}

impl Window {
    /// ISS's `rows` by `cols` grid of `side` values, with its default boxes.
    pub fn of(rows: usize, cols: usize, side: usize) -> Window {
        Window {
            rows,
            cols,
            side,
            values: side,
            region_size: None,
            no_boxes: false,
            jigsaw: None,
            beyond: Beyond::default(),
        }
    }

    /// Its `Shape` part, as ISS writes it (`CellGeometry.makeName`): the values' range
    /// where they start at 0 (`offset` 1) or are more than the rows and columns.
    pub fn shape_text(&self, offset: u8) -> String {
        let dims = format!(".Shape~{}x{}", self.rows, self.cols);
        match (offset, self.side == self.rows.max(self.cols)) {
            (0, true) => dims,
            (0, false) => format!("{dims}~{}", self.side),
            _ => format!("{dims}~0-{}", self.side - 1),
        }
    }

    /// The parts that give the puzzle's `regions` (each a list of engine cells): none for
    /// ISS's default boxes, `RegionSize` for boxes of another size, `NoBoxes` for none, and
    /// else a jigsaw layout (with `NoBoxes` where the grid has default boxes); an error
    /// where a region reaches outside the window.
    pub fn regions_text(&self, regions: &[&[usize]]) -> Result<String, String> {
        let least = self.rows.max(self.cols);
        let size = regions.first().map_or(least, |r| r.len());
        let sized = Window {
            region_size: (size != least).then_some(size),
            ..self.clone()
        };
        let region_size = match sized.region_size {
            Some(size) => format!(".RegionSize~{size}"),
            None => String::new(),
        };
        let default_boxes = !self.boxes().is_empty();
        if regions.is_empty() {
            return Ok(if default_boxes { ".NoBoxes" } else { "" }.into());
        }
        let boxes = sized.boxes();
        if !boxes.is_empty() && boxes.iter().all(|b| regions.contains(&b.as_slice())) {
            return Ok(region_size);
        }
        // A jigsaw: each piece a character in ISS's base (`Jigsaw.serialize`), the cells
        // of no region one piece more, which ISS leaves out as of another size.
        let mut layout = vec![regions.len(); self.rows * self.cols];
        for (r, cells) in regions.iter().enumerate() {
            for &c in *cells {
                if !self.contains(c) || r >= 36 {
                    return Err("a region reaches outside ISS's grid".into());
                }
                layout[c / self.side * self.cols + c % self.side] = r;
            }
        }
        let layout: String = layout
            .iter()
            .map(|&r| char::from_digit(r as u32, 36).unwrap_or('?'))
            .collect();
        let no_boxes = if default_boxes { ".NoBoxes" } else { "" };
        Ok(format!("{no_boxes}{region_size}.Jigsaw~{layout}"))
    }

    /// Whether the window is the whole engine grid (a square grid of as many values as its
    /// side), which the reader states as it always has.
    pub fn is_whole(&self) -> bool {
        self.rows == self.side && self.cols == self.side
    }

    pub fn contains(&self, cell: usize) -> bool {
        cell / self.side < self.rows && cell % self.side < self.cols
    }

    /// The engine's index of the window's cell at `row`, `col`.
    pub fn at(&self, row: usize, col: usize) -> usize {
        row * self.side + col
    }

    /// This grid for messages.
    fn said(&self) -> String {
        format!(
            "ISS's {}x{} grid, which the engine states as the corner of a {2}x{2} one",
            self.rows, self.cols, self.side
        )
    }

    /// ISS's boxes (see the module's docs), each a list of engine cells; none with
    /// `NoBoxes`, on a `Raw` grid, or where no box shape tiles the grid.
    pub fn boxes(&self) -> Vec<Vec<usize>> {
        let size = self.region_size.unwrap_or(self.rows.max(self.cols));
        if self.no_boxes || self.beyond.raw {
            return Vec::new();
        }
        let Some((height, width)) = box_dims(self.rows, self.cols, size) else {
            return Vec::new();
        };
        let across = self.cols / width;
        (0..self.rows * self.cols / size)
            .map(|b| {
                let (top, left) = (b / across * height, b % across * width);
                (0..size)
                    .map(|i| self.at(top + i / width, left + i % width))
                    .collect()
            })
            .collect()
    }

    /// The jigsaw's pieces, each a list of engine cells.
    fn pieces(&self, region_of: &[usize]) -> Vec<Vec<usize>> {
        let count = region_of
            .iter()
            .filter(|&&r| r != usize::MAX)
            .max()
            .map_or(0, |m| m + 1);
        (0..count)
            .map(|p| {
                (0..self.rows * self.cols)
                    .filter(|&i| region_of[i] == p)
                    .map(|i| self.at(i / self.cols, i % self.cols))
                    .collect::<Vec<_>>()
            })
            .filter(|piece| !piece.is_empty())
            .collect()
    }

    /// The puzzle read on the engine's whole grid, restated on the window: its rows,
    /// columns and regions the window's, the other cells given and in no house; an error
    /// if a rule or house reads a cell outside it.
    pub fn restate(&self, imported: Imported) -> Result<Imported, LinkError> {
        let puzzle = &imported.puzzle;
        let shape = puzzle.shape();
        let n = self.side;
        let houses = puzzle.houses();
        let mut list: Vec<(HouseKind, Vec<usize>)> = Vec::new();
        let lines = if self.beyond.raw { 0 } else { self.rows };
        list.extend((0..lines).map(|r| {
            let row = (0..self.cols).map(|c| self.at(r, c)).collect();
            (HouseKind::Row, row)
        }));
        let lines = if self.beyond.raw { 0 } else { self.cols };
        list.extend((0..lines).map(|c| {
            let column = (0..self.rows).map(|r| self.at(r, c)).collect();
            (HouseKind::Column, column)
        }));
        let boxes = self.boxes();
        let pieces = self.jigsaw.as_deref().map(|r| self.pieces(r));
        match (&pieces, boxes.is_empty()) {
            (Some(pieces), true) => {
                list.extend(pieces.iter().map(|p| (HouseKind::Region, p.clone())));
            }
            (Some(pieces), false) => {
                list.extend(boxes.iter().map(|b| (HouseKind::Region, b.clone())));
                list.extend(pieces.iter().map(|p| (HouseKind::ExtraRegion, p.clone())));
            }
            (None, _) => list.extend(boxes.iter().map(|b| (HouseKind::Region, b.clone()))),
        }
        // ISS's `RegionSameValues`, as its builder states it: the largest of the grid's
        // rows, columns and regions (all of `list` so far), where they hold fewer cells
        // than the values and are at least two.
        let largest = list.iter().map(|(_, c)| c.len()).max().unwrap_or(0);
        let region_sets = (self.beyond.region_same_values && largest != n)
            .then(|| {
                list.iter()
                    .filter(|(_, c)| c.len() == largest)
                    .map(|(_, c)| c.clone())
                    .collect::<Vec<_>>()
            })
            .filter(|sets| sets.len() >= 2);
        let extra = |c: usize| self.beyond.extra_cells.iter().any(|&(_, e)| e == c);
        let doppelganger = match self.beyond.doppelganger {
            true => Some(self.doppelganger(&boxes, &mut list)?),
            false => None,
        };
        let mut disjoint = false;
        for h in 0..houses.len() {
            let cells = houses.cells(h);
            match houses.kind(h) {
                // The whole grid's, made again above for the window.
                HouseKind::Row | HouseKind::Column | HouseKind::Region => {}
                HouseKind::Knight | HouseKind::King => {
                    if cells.iter().all(|&c| self.contains(c)) {
                        list.push((houses.kind(h), cells.to_vec()));
                    }
                }
                HouseKind::Disjoint => disjoint = true,
                HouseKind::Diagonal => {
                    if self.rows != self.cols {
                        return Err(invalid(format!(
                            "{}: a diagonal needs a square grid",
                            self.said()
                        )));
                    }
                    let last = self.cols - 1;
                    let anti = cells.first() != Some(&0);
                    let diagonal = (0..self.rows)
                        .map(|r| self.at(r, if anti { last - r } else { r }))
                        .collect();
                    list.push((HouseKind::Diagonal, diagonal));
                }
                kind => {
                    if !cells.iter().all(|&c| self.contains(c) || extra(c)) {
                        return Err(invalid(format!(
                            "{}: {} reaches outside it",
                            self.said(),
                            houses.name(h)
                        )));
                    }
                    list.push((kind, cells.to_vec()));
                }
            }
        }
        if disjoint {
            if boxes.is_empty() {
                return Err(invalid(format!(
                    "{}: disjoint sets need boxes, and it has none",
                    self.said()
                )));
            }
            list.extend(
                (0..boxes[0].len())
                    .map(|i| (HouseKind::Disjoint, boxes.iter().map(|b| b[i]).collect())),
            );
        }
        // ISS's global 2x2 rules are of the squares of its grid (`square2x2Regions`): the
        // engine grid's that lie in the window.
        let (mut rules, mut sources): (Vec<Rule>, Vec<_>) = puzzle
            .rules()
            .iter()
            .zip(&imported.sources)
            .filter(|(r, _)| {
                !matches!(r.kind(), RuleKind::EntropicSquare | RuleKind::ModularSquare)
                    || r.cells().iter().all(|&c| self.contains(c))
            })
            .map(|(r, source)| (r.clone(), *source))
            .unzip();
        if let Some(rule) = rules
            .iter()
            .find(|r| !r.cells().iter().all(|&c| self.contains(c) || extra(c)))
        {
            return Err(invalid(format!(
                "{}: the rule {} reaches outside it",
                self.said(),
                rule.describe(shape)
            )));
        }
        for sets in &self.beyond.same_values {
            rules.push(Rule::SameValueSets(SameValueSets::new(sets.clone())));
            sources.push(None);
        }
        if let Some((zeros, _)) = &doppelganger {
            for line in zeros {
                rules.push(line.clone());
                sources.push(None);
            }
        }
        if let Some(sets) = region_sets {
            rules.push(Rule::SameValueSets(SameValueSets::new(sets)));
            sources.push(None);
        }
        let houses = Houses::try_from_list(shape, list)
            .map_err(|why| invalid(format!("{}: {why}", self.said())))?;
        let zero = doppelganger.as_ref().map_or(&[][..], |(_, z)| z);
        let values = (0..n * n)
            .map(|c| match self.contains(c) || extra(c) {
                _ if zero.contains(&c) => 1,
                true => puzzle.givens().get(c),
                false => 1,
            })
            .collect();
        let givens = Grid::from_cells(shape, values).expect("digits of the grid");
        let puzzle = Puzzle::try_new(givens, houses, rules)
            .map_err(|why| invalid(format!("{}: {why}", self.said())))?;
        Ok(Imported {
            puzzle,
            sources,
            symbols: imported.symbols.within(self.rows, self.cols),
            ..imported
        })
    }
}

impl Window {
    /// ISS's `Doppelganger` (its builder's `_doppelgangerHandlers`), on a square grid of
    /// values from 0 to its side: each row, column and box holds 0 and all but one of the
    /// other values, the one it lacks in its extra cell (`DGC` a row's, `DGR` a column's,
    /// `DGB` a box's: with it, a house of every value); the rows lack different values, and
    /// so do the columns and the boxes (their extra cells and `DGZ`, which is 0, a house
    /// each); and where a cell is 0, its row, column and box lack three different values
    /// (an automaton of the cell and their extra cells). Its houses go to `list`; the
    /// automata are returned, with the extra cells that are 0 (`DGZ`, and each box's where
    /// the grid has none, as ISS fixes them).
    fn doppelganger(
        &self,
        boxes: &[Vec<usize>],
        list: &mut Vec<(HouseKind, Vec<usize>)>,
    ) -> Result<(Vec<Rule>, Vec<usize>), LinkError> {
        let size = self.rows;
        if self.region_size.is_some_and(|s| s != size) {
            return Err(invalid(format!(
                "{}: Doppelganger needs regions of {size} cells",
                self.said()
            )));
        }
        let named = |name: String| {
            let cell = self.beyond.extra_cells.iter().find(|(n, _)| *n == name);
            cell.map(|&(_, c)| c).expect("Doppelganger's extra cells")
        };
        let group = |prefix: &str, count: usize| -> Vec<usize> {
            (1..=count).map(|i| named(format!("{prefix}{i}"))).collect()
        };
        let (of_row, of_column) = (group("DGC", size), group("DGR", size));
        let default_boxes = box_dims(size, size, size).map_or(0, |(h, w)| h * w);
        let of_box = group("DGB", default_boxes);
        let zero_cell = named("DGZ".into());
        let at = |r: usize, c: usize| r * self.side + c;
        for i in 0..size {
            let row: Vec<usize> = (0..size).map(|c| at(i, c)).chain([of_row[i]]).collect();
            let column = (0..size).map(|r| at(r, i)).chain([of_column[i]]).collect();
            list.extend([
                (HouseKind::ExtraRegion, row),
                (HouseKind::ExtraRegion, column),
            ]);
        }
        for (cells, lacking) in boxes.iter().zip(&of_box) {
            let house = cells.iter().copied().chain([*lacking]).collect();
            list.push((HouseKind::ExtraRegion, house));
        }
        let mut lacks = vec![of_row.clone(), of_column.clone()];
        if !boxes.is_empty() {
            lacks.push(of_box.clone());
        }
        for cells in lacks {
            list.push((
                HouseKind::ExtraRegion,
                cells.into_iter().chain([zero_cell]).collect(),
            ));
        }
        let mut zeros = vec![zero_cell];
        if boxes.is_empty() {
            zeros.extend(&of_box);
        }
        // The automaton of a cell and its 2 or 3 houses' lacking values: (values read,
        // the first lacking value, the second), `read` -1 past a cell that is not 0.
        let automaton = |lacking: i64| {
            stated::automaton(
                self.side,
                &[[0; 3]],
                &|[read, a, b], d| match read {
                    -1 => Some([-1, 0, 0]),
                    0 if d == 1 => Some([1, 0, 0]),
                    0 => Some([-1, 0, 0]),
                    1 => Some([2, d, 0]),
                    2 => (d != a).then_some([3, a, d]),
                    _ => (d != a && d != b).then_some([4, 0, 0]),
                },
                &|[read, ..]| read == -1 || read == 1 + lacking,
            )
            .and_then(|key| nfa_of_key(key.as_str().unwrap_or_default(), self.side, false))
            .map_err(|why| invalid(format!("{}: {why}", self.said())))
        };
        let automata = [automaton(2)?, automaton(3)?];
        let box_of = |cell: usize| boxes.iter().position(|b| b.contains(&cell));
        let mut rules = Vec::new();
        for (r, &lacking_row) in of_row.iter().enumerate() {
            for (c, &lacking_column) in of_column.iter().enumerate() {
                let cell = at(r, c);
                let mut line = vec![cell, lacking_row, lacking_column];
                line.extend(box_of(cell).map(|b| of_box[b]));
                let nfa = automata[line.len() - 3].clone();
                rules.push(engine_rules::pattern(
                    vec![line],
                    nfa,
                    Stated::Iss(IssRule::Doppelganger).name().into(),
                ));
            }
        }
        Ok((rules, zeros))
    }
}

/// ISS's `CellGeometry.boxDimsForSize`: the box of `size` cells, height by width, that
/// tiles a grid of `rows` by `cols`, trying the factor pairs from the squarest, each with
/// its shorter side down the rows first; `None` where none tiles it.
pub(crate) fn box_dims(rows: usize, cols: usize, size: usize) -> Option<(usize, usize)> {
    (2..=size.isqrt())
        .rev()
        .filter(|small| size.is_multiple_of(*small))
        .find_map(|small| {
            let large = size / small;
            if rows.is_multiple_of(small) && cols.is_multiple_of(large) {
                Some((small, large))
            } else if rows.is_multiple_of(large) && cols.is_multiple_of(small) {
                Some((large, small))
            } else {
                None
            }
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn boxes_are_shaped_as_iss_shapes_them() {
        // Shorter side down the rows where both orientations fit.
        assert_eq!(box_dims(6, 6, 6), Some((2, 3)));
        assert_eq!(box_dims(9, 9, 9), Some((3, 3)));
        assert_eq!(box_dims(6, 8, 8), Some((2, 4)));
        assert_eq!(box_dims(6, 9, 9), Some((3, 3)));
        assert_eq!(box_dims(4, 6, 6), Some((2, 3)));
        // Only the taller box tiles a 5x10 grid.
        assert_eq!(box_dims(5, 10, 10), Some((5, 2)));
        // No box of 9 tiles 9x8, none of 7 tiles 4x7.
        assert_eq!(box_dims(9, 8, 9), None);
        assert_eq!(box_dims(4, 7, 7), None);
        assert_eq!(box_dims(16, 16, 16), Some((4, 4)));
    }

    #[test]
    fn a_window_of_more_values_keeps_the_boxes_of_its_side() {
        let window = Window::of(6, 6, 9);
        let boxes = window.boxes();
        assert_eq!(boxes.len(), 6);
        assert_eq!(boxes[0], vec![0, 1, 2, 9, 10, 11]);
        assert_eq!(boxes[5], vec![39, 40, 41, 48, 49, 50]);
        let nine = Window {
            region_size: Some(9),
            ..window.clone()
        };
        assert_eq!(nine.boxes().len(), 4);
        assert_eq!(nine.boxes()[1][..3], [3, 4, 5]);
        assert!(Window {
            no_boxes: true,
            ..window
        }
        .boxes()
        .is_empty());
    }
}
