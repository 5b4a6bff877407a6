//! Houses as data: every group of cells that must hold each digit at most once.
//!
//! The search only ever asks "which houses hold this cell" and "which cells are in this
//! house", so variants (diagonals, irregular regions) are extra entries here, not new code.

use std::sync::OnceLock;

use crate::shape::Shape;

/// The houses of a grid and, for each cell, its peers (cells sharing a house with it).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Houses {
    shape: Shape,
    houses: Vec<Vec<usize>>,
    houses_of: Vec<Vec<usize>>,
    peers: Vec<Vec<usize>>,
    standard: bool,
}

impl Houses {
    /// Rows, then columns, then boxes.
    pub fn standard(shape: Shape) -> Houses {
        let n = shape.n();
        let mut houses = Vec::with_capacity(3 * n);
        houses.extend((0..n).map(|r| (0..n).map(|c| r * n + c).collect()));
        houses.extend((0..n).map(|c| (0..n).map(|r| r * n + c).collect()));
        houses.extend((0..n).map(|b| {
            (0..shape.cells())
                .filter(|&i| shape.box_of(i) == b)
                .collect()
        }));
        let mut h = Houses::from_list(shape, houses);
        h.standard = true;
        h
    }

    /// The standard houses of a shape, built once per process.
    pub fn standard_for(shape: Shape) -> &'static Houses {
        static ALL: OnceLock<Vec<Houses>> = OnceLock::new();
        let all = ALL.get_or_init(|| Shape::ALL.into_iter().map(Houses::standard).collect());
        let index = Shape::ALL
            .iter()
            .position(|&s| s == shape)
            .expect("a supported shape");
        &all[index]
    }

    /// The standard houses plus one more, such as a diagonal. Every cell index must be on
    /// the grid and appear once.
    pub fn with_extra(mut self, house: Vec<usize>) -> Houses {
        let mut houses = std::mem::take(&mut self.houses);
        houses.push(house);
        Houses::from_list(self.shape, houses)
    }

    fn from_list(shape: Shape, houses: Vec<Vec<usize>>) -> Houses {
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

    /// How people name a house: "row 3", "column 5", "box 2", or "region 1" for extras.
    pub fn name(&self, house: usize) -> String {
        let n = self.shape.n();
        match (self.standard || house < 3 * n, house / n) {
            (true, 0) => format!("row {}", house + 1),
            (true, 1) => format!("column {}", house - n + 1),
            (true, 2) => format!("box {}", house - 2 * n + 1),
            _ => format!("region {}", house - 3 * n + 1),
        }
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
    fn nine_by_nine_has_twenty_peers_per_cell() {
        let h = Houses::standard(Shape::NINE);
        assert_eq!(h.len(), 27);
        assert!((0..81).all(|c| h.peers(c).len() == 20 && h.houses_of(c).len() == 3));
        assert_eq!(h.cells(18), &[0, 1, 2, 9, 10, 11, 18, 19, 20]);
    }

    #[test]
    fn houses_have_people_names() {
        let h = Houses::standard(Shape::NINE).with_extra((0..9).map(|i| i * 10).collect());
        assert_eq!(
            [h.name(2), h.name(9), h.name(26), h.name(27)],
            ["row 3", "column 1", "box 9", "region 1"]
        );
    }

    #[test]
    fn an_extra_diagonal_adds_peers() {
        let diagonal: Vec<usize> = (0..9).map(|i| i * 10).collect();
        let h = Houses::standard(Shape::NINE).with_extra(diagonal);
        assert!(!h.is_standard());
        assert_eq!(h.peers(0).len(), 26);
        assert_eq!(h.peers(1).len(), 20);
    }
}
