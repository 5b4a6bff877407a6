//! Houses as data: every group of cells that must hold each digit at most once.
//!
//! The search only ever asks "which houses hold this cell" and "which cells are in this
//! house", so variants (diagonals, irregular regions, killer cages, a knight's move) are
//! extra entries here, not new code. A house of `n` cells holds every digit; a smaller
//! one, such as a cage, only holds no digit twice.

use std::ops::RangeInclusive;
use std::sync::OnceLock;

use crate::shape::Shape;

/// What made a group of cells a house, for naming it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum HouseKind {
    Row,
    Column,
    /// A box of the standard layout, or an irregular region.
    Region,
    Diagonal,
    ExtraRegion,
    /// The cells in the same place of every box.
    Disjoint,
    /// A killer cage: its digits do not repeat.
    Cage,
    /// Two cells a chess knight's move apart, under the anti-knight rule.
    Knight,
    /// Two cells a king's move apart, under the anti-king rule.
    King,
}

impl HouseKind {
    /// The kinds in the order of their declaration, which numbers them in a worker
    /// message and a made puzzle's link.
    pub const ALL: [HouseKind; 9] = [
        HouseKind::Row,
        HouseKind::Column,
        HouseKind::Region,
        HouseKind::Diagonal,
        HouseKind::ExtraRegion,
        HouseKind::Disjoint,
        HouseKind::Cage,
        HouseKind::Knight,
        HouseKind::King,
    ];

    /// Every pair of cells a knight's move apart (for `Knight`), or a king's diagonal step
    /// apart (for `King`: its other steps stay in a row or a column), each pair once: the
    /// houses the anti-knight and anti-king rules add. Empty for the other kinds.
    pub fn move_pairs(self, shape: Shape) -> Vec<Vec<usize>> {
        const KNIGHT: [(isize, isize); 8] = [
            (1, 2),
            (2, 1),
            (-1, 2),
            (-2, 1),
            (1, -2),
            (2, -1),
            (-1, -2),
            (-2, -1),
        ];
        const KING_DIAGONAL: [(isize, isize); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
        let moves: &[(isize, isize)] = match self {
            HouseKind::Knight => &KNIGHT,
            HouseKind::King => &KING_DIAGONAL,
            _ => &[],
        };
        let n = shape.n();
        let mut pairs = Vec::new();
        for a in 0..n * n {
            let (r, c) = ((a / n) as isize, (a % n) as isize);
            for &(dr, dc) in moves {
                let (r2, c2) = (r + dr, c + dc);
                if r2 >= 0 && c2 >= 0 && (r2 as usize) < n && (c2 as usize) < n {
                    let b = r2 as usize * n + c2 as usize;
                    if a < b {
                        pairs.push(vec![a, b]);
                    }
                }
            }
        }
        pairs
    }
}

/// The most rows or columns the rule of 45 adds up together (and set theory weighs, with
/// boxes): more teach nothing a player would do, and cost the search more than they
/// prune.
pub const MOST_LINES_ADDED: usize = 3;

/// A run of neighbouring rows, or of columns, from [`Houses::line_runs`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LineRun {
    pub kind: HouseKind,
    /// Its first line's place among the lines of its kind, from 0.
    pub first: usize,
    pub houses: Vec<usize>,
}

/// The houses of a grid and, for each cell, its peers (cells sharing a house with it).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Houses {
    shape: Shape,
    houses: Vec<Vec<usize>>,
    kinds: Vec<HouseKind>,
    houses_of: Vec<Vec<usize>>,
    peers: Vec<Vec<usize>>,
    standard: bool,
}

impl Houses {
    /// Rows, then columns, then boxes.
    pub fn standard(shape: Shape) -> Houses {
        let n = shape.n();
        let regions = (0..n).map(|b| {
            (0..shape.cells())
                .filter(|&i| shape.box_of(i) == b)
                .collect()
        });
        Houses::lines_and(shape, regions.collect())
    }

    /// Rows, then columns, then the given regions (the boxes, or an irregular layout).
    /// Each region is a list of cell indices on the grid.
    /// When the regions are the shape's boxes, in any order, they are put in box order and
    /// these are the standard houses.
    pub fn lines_and(shape: Shape, mut regions: Vec<Vec<usize>>) -> Houses {
        let n = shape.n();
        // The box a region is, if it is one: n distinct cells, all in that box.
        let box_of = |cells: &[usize]| {
            let b = shape.box_of(*cells.first()?);
            let mut seen = vec![false; shape.cells()];
            let whole = cells.len() == n
                && cells.iter().all(|&c| {
                    c < shape.cells()
                        && shape.box_of(c) == b
                        && !std::mem::replace(&mut seen[c], true)
                });
            whole.then_some(b)
        };
        // Each box once, and then each region put in its box's place: no sort, whose code
        // would be about 20 KB of the browser's module (docs/budgets.md).
        let mut found = vec![false; n];
        let boxes = regions.len() == n
            && regions
                .iter()
                .all(|r| box_of(r).is_some_and(|b| !std::mem::replace(&mut found[b], true)));
        if boxes {
            let mut ordered = vec![Vec::new(); n];
            for cells in regions {
                let b = shape.box_of(cells[0]);
                ordered[b] = cells;
            }
            regions = ordered;
        }
        let mut houses = Vec::with_capacity(2 * n + regions.len());
        houses.extend((0..n).map(|r| (HouseKind::Row, (0..n).map(|c| r * n + c).collect())));
        houses.extend((0..n).map(|c| (HouseKind::Column, (0..n).map(|r| r * n + c).collect())));
        houses.extend(regions.into_iter().map(|cells| (HouseKind::Region, cells)));
        let mut h = Houses::from_list(shape, houses);
        h.standard = boxes;
        h
    }

    /// The standard houses of a shape, built once per process when first wanted.
    pub fn standard_for(shape: Shape) -> &'static Houses {
        // Each shape's built when first wanted, not all at once: a page opening on a 9x9
        // grid spent about 20 ms of its first render (Chromium, 4x slowed) on the 25x25's.
        static ALL: [OnceLock<Houses>; Shape::ALL.len()] =
            [const { OnceLock::new() }; Shape::ALL.len()];
        let index = Shape::ALL
            .iter()
            .position(|&s| s == shape)
            .expect("a supported shape");
        ALL[index].get_or_init(|| Houses::standard(shape))
    }

    /// These houses plus one more, such as a diagonal. Every cell index must be on the
    /// grid and appear once.
    pub fn with_extra(self, kind: HouseKind, house: Vec<usize>) -> Houses {
        self.with_all_extra(vec![(kind, house)])
    }

    /// These houses plus the given ones, in order.
    pub fn with_all_extra(mut self, extra: Vec<(HouseKind, Vec<usize>)>) -> Houses {
        if extra.is_empty() {
            return self;
        }
        let kinds = std::mem::take(&mut self.kinds);
        let mut houses: Vec<_> = kinds
            .into_iter()
            .zip(std::mem::take(&mut self.houses))
            .collect();
        houses.extend(extra);
        Houses::from_list(self.shape, houses)
    }

    /// Houses as listed, each with its kind, checked: every cell on the grid, none twice in
    /// a house, no house larger than a row, a knight's or king's move two cells, and rows,
    /// columns and regions each apart from the others of their kind (the rule of 45 adds
    /// up runs of them). The error names the first house that is not.
    pub fn try_from_list(
        shape: Shape,
        list: Vec<(HouseKind, Vec<usize>)>,
    ) -> Result<Houses, String> {
        let mut seen = vec![usize::MAX; shape.cells()];
        // For rows, columns and regions, the house of that kind each cell is in.
        let mut taken = vec![[usize::MAX; 3]; shape.cells()];
        for (h, (kind, cells)) in list.iter().enumerate() {
            let fits = cells.len() <= shape.n()
                && cells
                    .iter()
                    .all(|&c| c < seen.len() && std::mem::replace(&mut seen[c], h) != h);
            if !fits {
                return Err(format!("house {} is not a set of cells on the grid", h + 1));
            }
            let partition = match kind {
                HouseKind::Row => Some(0),
                HouseKind::Column => Some(1),
                HouseKind::Region => Some(2),
                HouseKind::Knight | HouseKind::King if cells.len() != 2 => {
                    return Err(format!(
                        "house {} is a move of {} cells",
                        h + 1,
                        cells.len()
                    ))
                }
                _ => None,
            };
            if let Some(k) = partition {
                if let Some(&c) = cells.iter().find(|&&c| taken[c][k] != usize::MAX) {
                    return Err(format!(
                        "house {} shares {} with house {} of its kind",
                        h + 1,
                        shape.cell(c),
                        taken[c][k] + 1
                    ));
                }
                cells.iter().for_each(|&c| taken[c][k] = h);
            }
        }
        Ok(Houses::from_list(shape, list))
    }

    fn from_list(shape: Shape, list: Vec<(HouseKind, Vec<usize>)>) -> Houses {
        let (kinds, houses): (Vec<HouseKind>, Vec<Vec<usize>>) = list.into_iter().unzip();
        let mut houses_of = vec![Vec::new(); shape.cells()];
        for (h, cells) in houses.iter().enumerate() {
            for &cell in cells {
                houses_of[cell].push(h);
            }
        }
        let peers = (0..shape.cells())
            .map(|cell| {
                let mut p: Vec<usize> = houses_of[cell]
                    .iter()
                    .flat_map(|&h| houses[h].iter().copied())
                    .filter(|&other| other != cell)
                    .collect();
                p.sort_unstable();
                p.dedup();
                p
            })
            .collect();
        Houses {
            shape,
            houses,
            kinds,
            houses_of,
            peers,
            standard: false,
        }
    }

    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// True for rows, columns and boxes only, which lets 9x9 take the specialised solver.
    pub fn is_standard(&self) -> bool {
        self.standard
    }

    pub fn len(&self) -> usize {
        self.houses.len()
    }

    pub fn is_empty(&self) -> bool {
        self.houses.is_empty()
    }

    /// How people name a house: "row 3", "column 5", "box 2" (or "region 2" in an
    /// irregular layout), "the main diagonal", "extra region 1", "cage r1c1-r1c3".
    pub fn name(&self, house: usize) -> String {
        let kind = self.kinds[house];
        // The houses of one kind are numbered from 1 in order.
        let nth = 1 + self.kinds[..house].iter().filter(|&&k| k == kind).count();
        let cells = &self.houses[house];
        let cell = |i: usize| self.shape.cell(cells[i]);
        match kind {
            HouseKind::Row => format!("row {nth}"),
            HouseKind::Column => format!("column {nth}"),
            HouseKind::Region if self.regions_are_boxes() => format!("box {nth}"),
            HouseKind::Region => format!("region {nth}"),
            HouseKind::Diagonal if cells.first() == Some(&0) => "the main diagonal".into(),
            HouseKind::Diagonal => "the anti-diagonal".into(),
            HouseKind::ExtraRegion => format!("extra region {nth}"),
            HouseKind::Disjoint => format!("disjoint set {nth}"),
            HouseKind::Cage => format!("cage {}", crate::shape::span(self.shape, cells)),
            HouseKind::Knight => format!("{} and {} (a knight's move)", cell(0), cell(1)),
            HouseKind::King => format!("{} and {} (a king's move)", cell(0), cell(1)),
        }
    }

    pub fn kind(&self, house: usize) -> HouseKind {
        self.kinds[house]
    }

    /// Whether the first n houses are the rows and the next n the columns, where the fish
    /// look for them: a grid of ISS's `Raw` shape has neither.
    pub fn lines_first(&self) -> bool {
        let n = self.shape.n();
        let kind = |h: usize| {
            if h < n {
                HouseKind::Row
            } else {
                HouseKind::Column
            }
        };
        self.kinds.len() >= 2 * n && (0..2 * n).all(|h| self.kinds[h] == kind(h))
    }

    /// Whether the house has a cell for every digit, so that each digit must be in it.
    pub fn holds_every_digit(&self, house: usize) -> bool {
        self.houses[house].len() == self.shape.n()
    }

    /// The areas the rule of 45 adds up beyond single houses: each run of `lengths`
    /// neighbouring rows, then of columns, that hold every digit, the shorter runs first
    /// and each kind from its first line. A run is never every line of its kind (that is
    /// the whole grid, whose sum says nothing). The search and the logical solver add up
    /// runs from two lines long (their single houses come first, every kind of them), both
    /// read here, so the two add up the same areas.
    pub fn line_runs(&self, lengths: RangeInclusive<usize>) -> Vec<LineRun> {
        let mut runs = Vec::new();
        for kind in [HouseKind::Row, HouseKind::Column] {
            let lines: Vec<usize> = (0..self.len())
                .filter(|&h| self.kind(h) == kind && self.holds_every_digit(h))
                .collect();
            for len in lengths.clone().take_while(|&len| len < lines.len()) {
                for (first, run) in lines.windows(len).enumerate() {
                    runs.push(LineRun {
                        kind,
                        first,
                        houses: run.to_vec(),
                    });
                }
            }
        }
        runs
    }

    /// Whether the regions are the shape's boxes, in order.
    fn regions_are_boxes(&self) -> bool {
        self.standard
            || self
                .kinds
                .iter()
                .zip(&self.houses)
                .filter(|(&k, _)| k == HouseKind::Region)
                .enumerate()
                .all(|(b, (_, cells))| cells.iter().all(|&c| self.shape.box_of(c) == b))
    }

    pub fn cells(&self, house: usize) -> &[usize] {
        &self.houses[house]
    }

    pub fn houses_of(&self, cell: usize) -> &[usize] {
        &self.houses_of[cell]
    }

    pub fn peers(&self, cell: usize) -> &[usize] {
        &self.peers[cell]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_pair_cells_once() {
        let four = Shape::for_side(4).unwrap();
        assert_eq!(HouseKind::King.move_pairs(four).len(), 18);
        let knight = HouseKind::Knight.move_pairs(Shape::NINE);
        // r1c1 is a knight's move from r2c3 and r3c2 only.
        assert_eq!(knight.iter().filter(|p| p.contains(&0)).count(), 2);
        assert!(knight.contains(&vec![0, 11]) && knight.contains(&vec![0, 19]));
        assert_eq!(
            HouseKind::Row.move_pairs(Shape::NINE),
            Vec::<Vec<usize>>::new()
        );
    }

    #[test]
    fn nine_by_nine_has_twenty_peers_per_cell() {
        let h = Houses::standard(Shape::NINE);
        assert_eq!(h.len(), 27);
        assert!((0..81).all(|c| h.peers(c).len() == 20 && h.houses_of(c).len() == 3));
        assert_eq!(h.cells(18), &[0, 1, 2, 9, 10, 11, 18, 19, 20]);
    }

    #[test]
    fn houses_have_people_names() {
        let h = Houses::standard(Shape::NINE)
            .with_extra(HouseKind::Diagonal, (0..9).map(|i| i * 10).collect())
            .with_extra(HouseKind::Cage, vec![0, 1, 2])
            .with_extra(HouseKind::Knight, vec![0, 11]);
        assert_eq!(
            [
                h.name(2),
                h.name(9),
                h.name(26),
                h.name(27),
                h.name(28),
                h.name(29)
            ],
            [
                "row 3",
                "column 1",
                "box 9",
                "the main diagonal",
                "cage r1c1-r1c3",
                "r1c1 and r2c3 (a knight's move)"
            ]
        );
        assert!(h.holds_every_digit(27) && !h.holds_every_digit(28));
        let mut regions: Vec<Vec<usize>> = (0..9)
            .map(|r| (0..9).map(|c| r * 9 + c).collect())
            .collect();
        regions.swap(0, 1);
        let jigsaw = Houses::lines_and(Shape::NINE, regions);
        assert_eq!(jigsaw.name(18), "region 1");
        assert!(!jigsaw.is_standard());
        let boxes = (0..9).map(|b| Houses::standard(Shape::NINE).cells(18 + b).to_vec());
        assert!(Houses::lines_and(Shape::NINE, boxes.collect()).is_standard());
        // A region that repeats a cell of its box is no box.
        let mut repeated: Vec<Vec<usize>> = (0..9)
            .map(|b| Houses::standard(Shape::NINE).cells(18 + b).to_vec())
            .collect();
        repeated[0][1] = 0;
        assert!(!Houses::lines_and(Shape::NINE, repeated).is_standard());
    }

    #[test]
    fn a_listed_house_must_be_a_set_of_cells_on_the_grid() {
        let four = Shape::for_side(4).unwrap();
        let standard = Houses::standard(four);
        let list = (0..standard.len())
            .map(|h| (standard.kind(h), standard.cells(h).to_vec()))
            .collect();
        let listed = Houses::try_from_list(four, list).unwrap();
        assert_eq!((listed.len(), listed.peers(0)), (12, standard.peers(0)));
        for bad in [vec![0, 1, 2, 3, 4], vec![0, 0], vec![16]] {
            let error = Houses::try_from_list(four, vec![(HouseKind::Cage, bad)]);
            assert_eq!(
                error.unwrap_err(),
                "house 1 is not a set of cells on the grid"
            );
        }
    }

    #[test]
    fn rows_columns_and_regions_keep_apart_and_a_move_joins_two_cells() {
        let four = Shape::for_side(4).unwrap();
        let standard = Houses::standard(four);
        // Row 1 listed again before the standard houses: the rule of 45 would count it twice.
        let list = std::iter::once((HouseKind::Row, vec![0, 1, 2, 3]))
            .chain((0..standard.len()).map(|h| (standard.kind(h), standard.cells(h).to_vec())))
            .collect();
        assert_eq!(
            Houses::try_from_list(four, list).unwrap_err(),
            "house 2 shares r1c1 with house 1 of its kind"
        );
        // A column and a row may share a cell, as they always do.
        let crossing = vec![
            (HouseKind::Row, vec![0, 1]),
            (HouseKind::Column, vec![0, 4]),
        ];
        assert!(Houses::try_from_list(four, crossing).is_ok());
        for kind in [HouseKind::Knight, HouseKind::King] {
            let error = Houses::try_from_list(four, vec![(kind, vec![5])]);
            assert_eq!(error.unwrap_err(), "house 1 is a move of 1 cells");
        }
    }

    #[test]
    fn an_extra_diagonal_adds_peers() {
        let diagonal: Vec<usize> = (0..9).map(|i| i * 10).collect();
        let h = Houses::standard(Shape::NINE).with_extra(HouseKind::Diagonal, diagonal);
        assert!(!h.is_standard());
        assert_eq!(h.peers(0).len(), 26);
        assert_eq!(h.peers(1).len(), 20);
    }
}
