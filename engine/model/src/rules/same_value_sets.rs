//! Sets of cells that hold the same digits, as many times each (ISS's `SameValues` of
//! several-cell sets, and its `RegionSameValues`, where every row, column and box of a
//! grid of more values than cells holds the same ones): the sets are of one size, and
//! the multiset of digits is the same in each.
//!
//! Its step counts each digit in each set: at least the cells placed with it, at most the
//! cells that may hold it. Every set holds it as many times as every other, so each count
//! lies between the largest of the least counts and the smallest of the most. A digit no
//! set can hold at all leaves every set; a set that must hold a digit as many times as it
//! has cells for it places it in all of them; a set that already holds it as many times
//! as another can at most keeps it out of its other cells.

use super::{bit, digits, Constraint, Numbers, RuleTechnique, NOT_THESE};
use crate::shape::{span, Shape};

/// Cells that hold what other cells hold: the clones' technique, shared.
use super::clone::EQUAL_CELLS;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SameValueSets {
    /// The sets one after another, each `size` cells.
    cells: Vec<usize>,
    size: usize,
}

impl SameValueSets {
    /// `sets`, at least two, each of the same number of cells (at least one).
    pub fn new(sets: Vec<Vec<usize>>) -> SameValueSets {
        let size = sets.first().map_or(0, Vec::len);
        debug_assert!(sets.len() >= 2 && size > 0 && sets.iter().all(|s| s.len() == size));
        SameValueSets {
            cells: sets.concat(),
            size,
        }
    }

    fn sets<'a, T>(&self, of: &'a [T]) -> std::slice::Chunks<'a, T> {
        of.chunks(self.size)
    }
}

impl Constraint for SameValueSets {
    const TAG: u32 = 50;
    const TECHNIQUE: RuleTechnique = EQUAL_CELLS;

    fn numbers(&self) -> Vec<u32> {
        vec![self.size as u32]
    }

    /// The sets' size, then their cells one set after another.
    fn read(
        cells: Vec<usize>,
        numbers: &Numbers,
        _n: usize,
    ) -> Result<SameValueSets, &'static str> {
        let size = numbers.get(0)? as usize;
        if size == 0 || !cells.len().is_multiple_of(size) || cells.len() < 2 * size {
            return Err(NOT_THESE);
        }
        Ok(SameValueSets { cells, size })
    }

    fn cells(&self) -> &[usize] {
        &self.cells
    }

    fn holds(&self, values: &[u8], _n: usize) -> bool {
        // Each digit's count in each set, compared (a sort would bring the page code of
        // its own).
        let counts = |set: &[u8]| {
            set.iter().fold([0u16; 33], |mut c, &v| {
                c[usize::from(v).min(32)] += 1;
                c
            })
        };
        let mut sets = self.sets(values);
        let first = counts(sets.next().unwrap_or_default());
        sets.all(|set| counts(set) == first)
    }

    /// Narrows by each digit's counts (see the module's doc) until nothing changes.
    fn propagate(&self, domains: &mut [u32], _n: usize) -> bool {
        let size = self.size;
        loop {
            let mut changed = false;
            let every = domains.iter().fold(0, |u, &d| u | d);
            for d in digits(every) {
                let b = bit(d);
                // Each set's least and most count of `d`.
                let count = |set: &[u32]| {
                    let placed = set.iter().filter(|&&x| x == b).count();
                    let may = set.iter().filter(|&&x| x & b != 0).count();
                    (placed, may)
                };
                let (least, most) = self
                    .sets(domains)
                    .map(count)
                    .fold((0, size), |(l, m), (p, may)| (l.max(p), m.min(may)));
                if least > most {
                    return false;
                }
                for set in domains.chunks_mut(size) {
                    let (placed, may) = count(set);
                    for cell in set.iter_mut().filter(|x| **x & b != 0) {
                        let narrowed = match () {
                            _ if may == least => b,
                            _ if placed == most && *cell != b => *cell & !b,
                            _ => *cell,
                        };
                        if narrowed == 0 {
                            return false;
                        }
                        changed |= narrowed != *cell;
                        *cell = narrowed;
                    }
                }
            }
            if !changed {
                return true;
            }
        }
    }

    fn describe(&self, shape: Shape) -> String {
        let sets: Vec<String> = self.sets(&self.cells).map(|s| span(shape, s)).collect();
        format!("same values in {}", sets.join(", "))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{testing, Rule};

    #[test]
    fn same_values_match_brute_force() {
        let two = SameValueSets::new(vec![vec![0, 1, 2], vec![10, 11, 12]]);
        testing::against_brute_force(&Rule::SameValueSets(two), 4);
        let three = SameValueSets::new(vec![vec![0, 1], vec![5, 6], vec![8, 9]]);
        testing::against_brute_force(&Rule::SameValueSets(three), 5);
        let singles = SameValueSets::new(vec![vec![0], vec![1], vec![2]]);
        testing::against_brute_force(&Rule::SameValueSets(singles), 6);
    }

    #[test]
    fn a_count_held_in_one_set_is_held_in_the_other() {
        let rule = SameValueSets::new(vec![vec![0, 1], vec![2, 3]]);
        // The first set holds 1 twice; the second must too.
        let mut domains = [0b1, 0b1, 0b111, 0b11];
        assert!(rule.propagate(&mut domains, 3));
        assert_eq!(domains, [0b1, 0b1, 0b1, 0b1]);
        // The first set holds 3 at most once and the second holds it already, so its other
        // cell holds the first set's 1, and the first set's other cell the 3.
        let mut domains = [0b1, 0b110, 0b100, 0b111];
        assert!(rule.propagate(&mut domains, 3));
        assert_eq!(domains, [0b1, 0b100, 0b100, 0b1]);
        assert!(!rule.holds(&[1, 2, 2, 2], 3));
        assert!(rule.holds(&[1, 2, 2, 1], 3));
    }
}
