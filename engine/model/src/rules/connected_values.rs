//! Connected values (ISS's `ConnectedValues`): the cells of a layer that hold any digit of
//! a set form one region across sides, never empty, of exactly `size` cells where one is
//! given. The layer is ISS's grid or one of its groups of extra cells: its cells in rows
//! of `columns` (the last row may be short), which decide who is beside whom, so that the
//! rule needs no grid of its own ([`crate::shape::beside`]).
//!
//! Its reasoning is that of ISS's handler (`connected_handler.js`,
//! `handler_docs/connected_values.md`), over the cells that may hold a digit of the set
//! (possible) and those that must (decided); decided cells joined across sides are a blob:
//! - counts: no more decided cells than the size, and at least the size (or one) possible;
//!   where exactly that many are possible, they are all in;
//! - reach: every decided cell joins the region, so a decided cell out of reach of a blob
//!   through possible cells breaks the rule, and a possible cell out of reach of one is
//!   out. With a size, reach is counted: each step into an undecided cell costs one of
//!   the `size` less decided cells still free, so a cell farther than that from any blob
//!   is out (a decided one breaks the rule). ISS counts from one blob; from each is as
//!   sound and stronger;
//! - doors: a blob reaches the rest of the region through the undecided cells beside it,
//!   so one of them without which reach fails is in. This takes ISS's doors (a blob with
//!   one door, where the region is larger than the blob) and more, and, unlike reading
//!   doors off the blobs, it never lets through with fewer candidates what it refused
//!   with more: each step is monotone, which the learning search's explanations need
//!   (they give candidates back and ask whether the rule still fails).
//!
//! ISS merges its connected values of one layer into one handler, adding deductions of
//! two regions that cannot cross; they are consequences of each region being connected,
//! so here each set is its own rule, with the same meaning.

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
    /// into a cell that may not be in the region costing one (`usize::MAX` out of reach):
    /// 0 for the seed's blob.
    fn distances(&self, domains: &[u32], seed: usize) -> Vec<usize> {
        let count = domains.len();
        let mut distance = vec![usize::MAX; count];
        distance[seed] = 0;
        // The cells at `depth` (a free step keeps a cell there), and those one step on.
        let (mut now, mut next, mut depth) = (vec![seed], Vec::new(), 0);
        loop {
            while let Some(i) = now.pop() {
                if distance[i] < depth {
                    continue;
                }
                for j in beside(self.columns, count, i) {
                    if domains[j] & self.set == 0 {
                        continue;
                    }
                    let step = usize::from(domains[j] & !self.set != 0);
                    if depth + step < distance[j] {
                        distance[j] = depth + step;
                        match step {
                            0 => now.push(j),
                            _ => next.push(j),
                        }
                    }
                }
            }
            if next.is_empty() {
                return distance;
            }
            depth += 1;
            std::mem::swap(&mut now, &mut next);
        }
    }

    /// The counts and reach: `None` if the rule cannot be kept, else whether a cell out of
    /// reach of a blob was put out of the region.
    fn reach(&self, domains: &mut [u32]) -> Option<bool> {
        let set = self.set;
        let possible = domains.iter().filter(|&&d| d & set != 0).count();
        let decided = domains.iter().filter(|&&d| d & !set == 0).count();
        if possible < self.size.max(1) || (self.size > 0 && decided > self.size) {
            return None;
        }
        let budget = match self.size {
            0 => domains.len(),
            size => size - decided,
        };
        let mut in_blob = vec![false; domains.len()];
        let mut stripped = false;
        for seed in 0..domains.len() {
            if in_blob[seed] || domains[seed] & !set != 0 {
                continue;
            }
            let distance = self.distances(domains, seed);
            for (i, d) in domains.iter_mut().enumerate() {
                if distance[i] == 0 {
                    in_blob[i] = true;
                } else if distance[i] > budget && *d & set != 0 {
                    if *d & !set == 0 {
                        return None;
                    }
                    *d &= !set;
                    stripped = true;
                }
            }
            // Without a size, reach from one blob is reach from every other.
            if self.size == 0 {
                break;
            }
        }
        Some(stripped)
    }

    /// Whether `cell` is beside a cell that must be in the region.
    fn beside_decided(&self, domains: &[u32], cell: usize) -> bool {
        beside(self.columns, domains.len(), cell).any(|j| domains[j] & !self.set == 0)
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
        loop {
            match self.reach(domains) {
                None => return false,
                Some(true) => continue,
                Some(false) => {}
            }
            let possible = domains.iter().filter(|&&d| d & set != 0).count();
            let decided = domains.iter().filter(|&&d| d & !set == 0).count();
            if possible == decided {
                return true;
            }
            // As many cells may be in the region as it needs: all are.
            if possible == self.size.max(1) {
                domains
                    .iter_mut()
                    .filter(|d| **d & set != 0)
                    .for_each(|d| *d &= set);
                continue;
            }
            // Doors: a cell beside a decided one without which reach fails is in.
            let mut taken = false;
            for cell in 0..domains.len() {
                let undecided = domains[cell] & set != 0 && domains[cell] & !set != 0;
                if undecided && self.beside_decided(domains, cell) {
                    let mut without = domains.to_vec();
                    without[cell] &= !set;
                    if self.reach(&mut without).is_none() {
                        domains[cell] &= set;
                        taken = true;
                    }
                }
            }
            if !taken {
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

    /// Fewer candidates never let through what more refused, nor keep what more ruled
    /// out: the learning search gives candidates back and asks again (`learning.rs`).
    #[test]
    fn fewer_candidates_rule_out_at_least_as_much() {
        let mut rng = crate::rng::Rng::new(57);
        for size in [None, Some(4), Some(7)] {
            let r = rule(20, 5, 0b11, size);
            for _ in 0..3000 {
                let wide: Vec<u32> = (0..20).map(|_| 1 + rng.below(15) as u32).collect();
                let narrow: Vec<u32> = wide
                    .iter()
                    .map(|&d| match d & (1 + rng.below(15) as u32) {
                        0 => d,
                        part => part,
                    })
                    .collect();
                let (mut w, mut v) = (wide.clone(), narrow.clone());
                let (kept_wide, kept_narrow) = (r.propagate(&mut w, 4), r.propagate(&mut v, 4));
                assert!(
                    kept_wide || !kept_narrow,
                    "{wide:?} refused, {narrow:?} not"
                );
                if kept_narrow {
                    let more = v.iter().zip(&w).any(|(&n, &w)| n & !w != 0);
                    assert!(!more, "{narrow:?} kept {v:?}, {wide:?} only {w:?}");
                }
            }
        }
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
