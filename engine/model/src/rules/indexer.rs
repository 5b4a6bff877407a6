//! Indexers: a digit X in an indexer cell says where the cell's own position appears in
//! its row, column or box. In a column-indexer cell of column C, X is the column of row's
//! digit C; a row indexer in row R gives the row of the column's digit R; a box indexer
//! at place P of its box gives the place of the box's digit P.

use super::{bit, Constraint, Numbers, RuleTechnique, NOT_THESE};
use crate::level::Level;
use crate::shape::{span, Shape};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IndexerKind {
    Row,
    Column,
    Box,
}

/// The kinds, numbered by their place here in a worker message.
const KINDS: [IndexerKind; 3] = [IndexerKind::Row, IndexerKind::Column, IndexerKind::Box];

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Indexer {
    /// The house the index points into, in order (the cell's row for a column indexer).
    cells: Vec<usize>,
    /// Where the indexer cell is in `cells`.
    pub(crate) at: usize,
    kind: IndexerKind,
}

impl Indexer {
    /// `house` in order; `at` is the indexer cell's place in it.
    pub fn new(house: Vec<usize>, at: usize, kind: IndexerKind) -> Indexer {
        Indexer {
            cells: house,
            at,
            kind,
        }
    }

    pub fn kind(&self) -> IndexerKind {
        self.kind
    }

    pub fn cell(&self) -> usize {
        self.cells[self.at]
    }
}

impl Constraint for Indexer {
    const TAG: u32 = 23;
    const TECHNIQUE: RuleTechnique = RuleTechnique {
        name: "Indexer",
        rating: 2.8,
        level: Level::Hard,
    };

    /// The indexer cell's place, and its kind as its place in [`KINDS`].
    fn numbers(&self) -> Vec<u32> {
        let kind = KINDS.iter().position(|&k| k == self.kind);
        vec![self.at as u32, kind.unwrap_or_default() as u32]
    }

    fn read(cells: Vec<usize>, numbers: &Numbers, n: usize) -> Result<Indexer, &'static str> {
        if cells.len() > n {
            return Err(NOT_THESE);
        }
        let at = numbers
            .place(numbers.get(0)?)
            .ok()
            .filter(|&at| at < cells.len())
            .ok_or("no such place")?;
        let kind = KINDS
            .get(numbers.get(1)? as usize)
            .ok_or("no such indexer")?;
        Ok(Indexer::new(cells, at, *kind))
    }

    fn cells(&self) -> &[usize] {
        &self.cells
    }

    fn holds(&self, values: &[u8], _n: usize) -> bool {
        // The indexer's place appears once, at X.
        let x = values[self.at] as usize;
        let place = self.at as u8 + 1;
        let mut found = values.iter().enumerate().filter(|(_, &v)| v == place);
        matches!((found.next(), found.next()), (Some((i, _)), None) if i + 1 == x)
    }

    /// X stays in the indexer cell while the cell at X may hold the indexer's place,
    /// and that place stays in a cell while the indexer may point at it.
    fn propagate(&self, domains: &mut [u32], _n: usize) -> bool {
        let place = bit(self.at as u8 + 1);
        let pointers = (1..=domains.len() as u8)
            .filter(|&x| domains[x as usize - 1] & place != 0)
            .fold(0, |s, x| s | bit(x));
        domains[self.at] &= pointers;
        let pointed = domains[self.at];
        for (j, d) in domains.iter_mut().enumerate() {
            if j != self.at && pointed & bit(j as u8 + 1) == 0 {
                *d &= !place;
            }
        }
        domains.iter().all(|&d| d != 0)
    }

    fn describe(&self, shape: Shape) -> String {
        let kind = match self.kind {
            IndexerKind::Row => "row",
            IndexerKind::Column => "column",
            IndexerKind::Box => "box",
        };
        format!("{kind} indexer {}", span(shape, &[self.cell()]))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{testing, Rule};

    #[test]
    fn indexers_match_brute_force() {
        for at in [0, 2] {
            testing::against_brute_force(
                &Rule::Indexer(Indexer::new((0..4).collect(), at, IndexerKind::Column)),
                4,
            );
        }
    }
}
