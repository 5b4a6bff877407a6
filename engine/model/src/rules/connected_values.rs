//! Connected values (ISS's `ConnectedValues`): the cells of a layer that hold any digit of
//! a set form one region across sides, never empty, of exactly `size` cells where one is
//! given. The layer is ISS's grid or one of its groups of extra cells: its cells in rows
//! of `columns` (the last row may be short), which decide who is beside whom, so that the
//! rule needs no grid of its own ([`crate::shape::beside`]).
//!
//! Its reasoning is that of ISS's handler (`connected_handler.js`,
//! `handler_docs/connected_values.md`), over the cells that may hold a digit of the set
//! (possible) and those that must (decided):
//! - reach: every decided cell joins the region, so a decided cell out of reach of
//!   another through possible cells breaks the rule, and a possible cell out of reach of
//!   a decided one is out. With a size, reach is counted: from one decided cell, each
//!   step into an undecided cell costs one of the `size` less decided cells still free, so a
//!   cell farther than that is out (a decided one breaks the rule);
//! - counts: no more decided cells than the size, and at least the size (or one) possible;
//!   where exactly that many are possible, they are all in;
//! - doors: decided cells joined across sides are a blob; a blob must reach the rest of
//!   the region through an undecided cell beside it (a door), so a blob with one door
//!   takes it, where the region is known to be larger than the blob (another blob, or
//!   fewer decided cells than the size). Each round reads every blob's doors before
//!   taking any, as ISS's does.
//!
//! ISS merges its connected values of one layer into one handler, adding deductions of
//! two regions that cannot cross; they are consequences of each region being connected,
//! so here each set is its own rule, with the same meaning.

use std::collections::VecDeque;

use super::{all, bit, digits, Constraint, Numbers, RuleTechnique};
use crate::level::Level;
use crate::shape::{beside, reached, span, Shape};

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ConnectedValues {
    /// The layer's cells, row by row.
    cells: Vec<usize>,
    columns: usize,
    /// The digits whose cells are the region.
    set: u32,
    /// The region's cells, where given; 0 where any number will do.
    size: usize,
}

impl ConnectedValues {
    /// The cells of the layer `cells` (rows of `columns` cells, at least one) that hold a
    /// digit of `set` (not empty) form one region across sides, of `size` cells where
    /// given.
    pub fn new(cells: Vec<usize>, columns: usize, set: u32, size: Option<usize>) -> Self {
        ConnectedValues {
            cells,
            columns,
            set,
            size: size.unwrap_or(0),
        }
    }

    /// Each cell's steps from `seed` through cells that may hold a digit of the set, a step
    /// into a cell that may not be in the region costing one (`usize::MAX` out of reach).
    fn distances(&self, domains: &[u32], seed: usize) -> Vec<usize> {
        let count = domains.len();
        let mut distance = vec![usize::MAX; count];
        distance[seed] = 0;
        let mut queue = VecDeque::from([seed]);
        while let Some(i) = queue.pop_front() {
            for j in beside(self.columns, count, i) {
                if domains[j] & self.set == 0 {
                    continue;
                }
                let step = usize::from(domains[j] & !self.set != 0);
                if distance[i] + step < distance[j] {
                    distance[j] = distance[i] + step;
                    match step {
                        0 => queue.push_front(j),
                        _ => queue.push_back(j),
                    }
                }
            }
        }
        distance
    }

    /// Puts in the region each blob's only door, where the region is larger than a blob
    /// (`grows`: fewer decided cells than the size); true if any was put in.
    fn take_doors(&self, domains: &mut [u32], grows: bool) -> bool {
        let count = domains.len();
        let decided = |d: u32| d & !self.set == 0;
        let mut blob = vec![false; count];
        // Each blob's first two doors (`usize::MAX` for none).
        let mut doors: Vec<[usize; 2]> = Vec::new();
        for start in 0..count {
            if !decided(domains[start]) || blob[start] {
                continue;
            }
            let mut found = [usize::MAX; 2];
            blob[start] = true;
            let mut stack = vec![start];
            while let Some(i) = stack.pop() {
                for j in beside(self.columns, count, i) {
                    if decided(domains[j]) {
                        if !blob[j] {
                            blob[j] = true;
                            stack.push(j);
                        }
                    } else if domains[j] & self.set != 0 && !found.contains(&j) {
                        found[usize::from(found[0] != usize::MAX)] = j;
                    }
                }
            }
            doors.push(found);
        }
        if doors.len() < 2 && !grows {
            return false;
        }
        let mut taken = false;
        for [door, other] in doors {
            if door != usize::MAX && other == usize::MAX && !decided(domains[door]) {
                domains[door] &= self.set;
                taken = true;
            }
        }
        taken
    }
}

impl Constraint for ConnectedValues {
    const TAG: u32 = 51;
    const TECHNIQUE: RuleTechnique = RuleTechnique {
        name: "Connected values",
        rating: 2.6,
        level: Level::Hard,
    };

    fn numbers(&self) -> Vec<u32> {
        vec![self.columns as u32, self.set, self.size as u32]
    }

    fn read(cells: Vec<usize>, numbers: &Numbers, n: usize) -> Result<Self, &'static str> {
        let columns = numbers.get(0)? as usize;
        let (set, size) = (numbers.get(1)?, numbers.get(2)? as usize);
        if !(1..=cells.len()).contains(&columns) {
            return Err("its rows are of no cells, or of more than it has");
        }
        if set == 0 || set & !all(n) != 0 {
            return Err("a digit is not one of the grid's");
        }
        if size > cells.len() {
            return Err("its region is larger than its cells");
        }
        Ok(ConnectedValues::new(
            cells,
            columns,
            set,
            Some(size).filter(|&s| s > 0),
        ))
    }

    fn gist(&self, _domains: &[u32]) -> Option<String> {
        Some("whose cells holding its digits are one region across sides".into())
    }

    fn cells(&self) -> &[usize] {
        &self.cells
    }

    fn holds(&self, values: &[u8], _n: usize) -> bool {
        let inside = |i: usize| bit(values[i]) & self.set != 0;
        let members = (0..values.len()).filter(|&i| inside(i)).count();
        let Some(first) = (0..values.len()).find(|&i| inside(i)) else {
            return false;
        };
        (self.size == 0 || members == self.size)
            && reached(self.columns, values.len(), first, inside) == members
    }

    fn propagate(&self, domains: &mut [u32], _n: usize) -> bool {
        let set = self.set;
        let least = self.size.max(1);
        loop {
            let possible = domains.iter().filter(|&&d| d & set != 0).count();
            let decided = domains.iter().filter(|&&d| d & !set == 0).count();
            if possible < least || (self.size > 0 && decided > self.size) {
                return false;
            }
            // Where exactly as many cells as the region needs may be in it, all are.
            let fill = |domains: &mut [u32]| {
                domains
                    .iter_mut()
                    .filter(|d| **d & set != 0)
                    .for_each(|d| *d &= set)
            };
            let Some(seed) = domains.iter().position(|&d| d & !set == 0) else {
                if possible == least {
                    fill(domains);
                    continue;
                }
                return true;
            };
            let budget = match self.size {
                0 => domains.len(),
                size => size - decided,
            };
            let distance = self.distances(domains, seed);
            let mut changed = false;
            for (d, &far) in domains.iter_mut().zip(&distance) {
                if far > budget && *d & set != 0 {
                    if *d & !set == 0 {
                        return false;
                    }
                    *d &= !set;
                    changed = true;
                }
            }
            if changed {
                continue;
            }
            if possible == decided {
                return true;
            }
            if possible == self.size {
                fill(domains);
                continue;
            }
            if !self.take_doors(domains, self.size > 0) {
                return true;
            }
        }
    }

    fn describe(&self, shape: Shape) -> String {
        let digits: Vec<String> = digits(self.set).map(|d| d.to_string()).collect();
        let size = match self.size {
            0 => String::new(),
            size => format!(", {size} cells"),
        };
        format!(
            "connected values {} in {}{size}",
            digits.join(","),
            span(shape, &self.cells)
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{testing, Rule};

    fn rule(cells: usize, columns: usize, set: u32, size: Option<usize>) -> Rule {
        Rule::ConnectedValues(ConnectedValues::new(
            (0..cells).collect(),
            columns,
            set,
            size,
        ))
    }

    #[test]
    fn regions_match_brute_force() {
        // A 2x4 layer, a 3x2 one and a short last row (7 cells in rows of 3), of one
        // digit and of two, with and without a size; then a 3x3 layer.
        for (cells, columns) in [(8, 4), (6, 2), (7, 3)] {
            for set in [0b1, 0b101] {
                for size in [None, Some(1), Some(3)] {
                    testing::against_brute_force(&rule(cells, columns, set, size), 4);
                }
            }
        }
        testing::against_brute_force(&rule(9, 3, 0b11, Some(4)), 4);
    }

    #[test]
    fn the_region_is_one_and_not_empty() {
        let r = rule(9, 3, 0b1, None);
        // 1s: r1c1, r1c2, r2c2: connected; r1c1 and r2c2 alone: only across a corner.
        assert!(r.holds(&[1, 1, 2, 2, 1, 2, 2, 2, 2], 3));
        assert!(!r.holds(&[1, 2, 2, 2, 1, 2, 2, 2, 2], 3));
        assert!(!r.holds(&[2; 9], 3));
        // Seven cells in rows of 3: place 6, alone in its row, is below place 3 and not
        // beside place 5; and the size counts.
        let short = rule(7, 3, 0b1, Some(2));
        assert!(short.holds(&[2, 2, 2, 1, 2, 2, 1], 3));
        assert!(!short.holds(&[2, 2, 2, 2, 2, 1, 1], 3));
        assert!(!short.holds(&[2, 2, 2, 1, 1, 2, 1], 3));
    }

    #[test]
    fn a_blob_with_one_door_takes_it() {
        // Row of 1 2 ? ? 1 on a 1x5 layer: the gap between the two 1s must be 1s.
        let r = rule(5, 5, 0b1, None);
        let mut domains = [0b1, 0b11, 0b11, 0b11, 0b1];
        assert!(r.propagate(&mut domains, 2));
        assert_eq!(domains, [0b1; 5]);
        // With a size of 3, one 1 and room on both sides: r1c2 and r1c3 are in reach.
        let sized = rule(5, 5, 0b1, Some(3));
        let mut domains = [0b1, 0b11, 0b11, 0b11, 0b11];
        assert!(sized.propagate(&mut domains, 2));
        assert_eq!(domains, [0b1, 0b1, 0b1, 0b10, 0b10]);
    }

    #[test]
    fn wire_numbers_read_back() {
        let r = ConnectedValues::new((0..6).collect(), 3, 0b110, Some(4));
        let numbers = r.numbers();
        let back = Rule::read(ConnectedValues::TAG, (0..6).collect(), &numbers, 4);
        assert_eq!(back, Ok(Rule::ConnectedValues(r)));
        assert!(Rule::read(ConnectedValues::TAG, (0..6).collect(), &[0, 1, 0], 4).is_err());
        assert!(Rule::read(ConnectedValues::TAG, (0..6).collect(), &[3, 0b10000, 0], 4).is_err());
        assert!(Rule::read(ConnectedValues::TAG, (0..6).collect(), &[3, 1, 7], 4).is_err());
    }
}
