//! Counting circles (ISS's `CountingCircles`): each digit in the circles counts how many
//! of the circles hold that digit. So a digit there is in exactly that many of them, and
//! the digits used add up to the number of circles.
//!
//! Where ISS's values start at 0 (`Shape~9x9~0-8`, digit d the value d - 1), a value
//! counts its circles: digit d is in d - 1 of them, and digit 1, a value of 0, in none
//! (ISS's handler shifts its sets of values the same way). The rule's `offset` is that 1.
//!
//! Once the search has said which circles share a house ([`CountingCircles::apart_by`],
//! ISS's exclusion groups), a digit is counted in at most one circle of each group: a
//! digit needing as many circles as it has groups left is in each of them, and fills a
//! group's one circle that can hold it.

use super::sum::Apart;
use super::{bit, digits, Constraint, Numbers, RuleTechnique};
use crate::houses::Houses;
use crate::level::Level;
use crate::shape::{span, Shape};

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CountingCircles {
    cells: Vec<usize>,
    /// How far the values counted are below the digits: 0, or 1 for values from 0.
    offset: u8,
    /// Which circles must differ, once the search has said ([`CountingCircles::apart_by`]).
    apart: Apart,
}

impl CountingCircles {
    pub fn new(cells: Vec<usize>) -> CountingCircles {
        CountingCircles::counting_from(cells, 0)
    }

    /// Circles whose digit d counts d - `offset` circles (see the module's doc).
    pub fn counting_from(cells: Vec<usize>, offset: u8) -> CountingCircles {
        CountingCircles {
            cells,
            offset,
            apart: Apart::default(),
        }
    }

    /// The rule told which of its circles share a house in `houses`.
    pub fn apart_by(mut self, houses: &Houses) -> CountingCircles {
        self.apart = Apart::of(&self.cells, &[], houses);
        self
    }

    /// How many circles digit `v` says hold it.
    fn count(&self, v: u8) -> usize {
        usize::from(v - self.offset)
    }
}

/// Calls `found` with each set of digits of `from` (lowest first, none above 32) whose
/// digits, each less `offset`, add up to `sum`, holding all of `with`.
fn sets_adding_up(from: u32, with: u32, sum: u32, offset: u8, found: &mut dyn FnMut(u32)) {
    fn go(from: u32, with: u32, sum: u32, offset: u8, set: u32, found: &mut dyn FnMut(u32)) {
        if sum == 0 {
            if with & !set == 0 {
                found(set);
            }
            return;
        }
        let Some(d) = digits(from).next() else {
            return;
        };
        let count = u32::from(d - offset);
        if count > sum {
            return;
        }
        let rest = from & !bit(d);
        go(rest, with, sum - count, offset, set | bit(d), found);
        if with & bit(d) == 0 {
            go(rest, with, sum, offset, set, found);
        }
    }
    go(from, with, sum, offset, 0, found);
}

impl Constraint for CountingCircles {
    const TAG: u32 = 32;
    const TECHNIQUE: RuleTechnique = RuleTechnique {
        name: "Counting circles",
        rating: 2.6,
        level: Level::Hard,
    };

    /// None, or the offset where values start at 0.
    fn numbers(&self) -> Vec<u32> {
        match self.offset {
            0 => Vec::new(),
            offset => vec![offset.into()],
        }
    }

    fn read(cells: Vec<usize>, numbers: &Numbers, _n: usize) -> Result<Self, &'static str> {
        match numbers.list() {
            [] => Ok(CountingCircles::new(cells)),
            [1] => Ok(CountingCircles::counting_from(cells, 1)),
            _ => Err("counting circles count from a digit or a value from 0"),
        }
    }

    fn cells(&self) -> &[usize] {
        &self.cells
    }

    fn holds(&self, values: &[u8], _n: usize) -> bool {
        self.apart.kept(values)
            && values.iter().all(|&v| {
                v > self.offset && values.iter().filter(|&&w| w == v).count() == self.count(v)
            })
    }

    /// The sets of digits that add up to the number of circles, hold every placed digit
    /// and have room for each digit as many times as it says; then a digit of every such
    /// set with just enough circles left fills them, and a digit placed as many times as
    /// it says leaves the other circles. Until nothing changes.
    fn propagate(&self, domains: &mut [u32], _n: usize) -> bool {
        loop {
            let before = domains.to_vec();
            // Per digit, the circles (or groups of circles) that can hold it.
            let (mut possible, mut placed) = ([0usize; 33], [0usize; 33]);
            let groups = self.apart.groups();
            // Each group's candidates, once: a group counts a digit at most once.
            let mut unions = vec![
                0u32;
                groups
                    .iter()
                    .map(|&g| usize::from(g) + 1)
                    .max()
                    .unwrap_or(0)
            ];
            for (i, &d) in domains.iter().enumerate() {
                match groups.get(i) {
                    Some(&g) => unions[usize::from(g)] |= d,
                    None => digits(d).for_each(|v| possible[usize::from(v)] += 1),
                }
                if d.count_ones() == 1 {
                    placed[d.trailing_zeros() as usize + 1] += 1;
                }
            }
            for &union in &unions {
                digits(union).for_each(|v| possible[usize::from(v)] += 1);
            }
            let union = domains.iter().fold(0, |u, &d| u | d);
            let singles = domains
                .iter()
                .filter(|d| d.count_ones() == 1)
                .fold(0, |s, &d| s | d);
            // Only digits with room for their count, none placed too often.
            let room = digits(union)
                .filter(|&v| {
                    let count = if v > self.offset { self.count(v) } else { 0 };
                    let v = usize::from(v);
                    count > 0 && possible[v] >= count && placed[v] <= count
                })
                .fold(0, |s, v| s | bit(v));
            let (mut allowed, mut required) = (0, u32::MAX);
            let circles = domains.len() as u32;
            sets_adding_up(room, singles, circles, self.offset, &mut |set| {
                allowed |= set;
                required &= set;
            });
            if allowed == 0 {
                return false;
            }
            for d in domains.iter_mut() {
                *d &= allowed;
                if *d == 0 {
                    return false;
                }
            }
            for v in digits(allowed) {
                let count = self.count(v);
                let v_at = usize::from(v);
                if required & bit(v) != 0 && possible[v_at] == count {
                    // In every circle that can hold it, or every group's one such circle.
                    let mut holders = vec![0usize; unions.len()];
                    for (i, d) in domains.iter().enumerate() {
                        if let (Some(&g), true) = (groups.get(i), d & bit(v) != 0) {
                            holders[usize::from(g)] += 1;
                        }
                    }
                    for (i, d) in domains.iter_mut().enumerate() {
                        let alone = groups.get(i).is_none_or(|&g| holders[usize::from(g)] == 1);
                        if *d & bit(v) != 0 && alone {
                            *d = bit(v);
                        }
                    }
                } else if placed[v_at] == count {
                    for d in domains.iter_mut().filter(|d| **d != bit(v)) {
                        *d &= !bit(v);
                    }
                }
            }
            if domains.contains(&0) {
                return false;
            }
            if domains == before.as_slice() {
                return true;
            }
        }
    }

    fn describe(&self, shape: Shape) -> String {
        let from_0 = if self.offset == 1 {
            ", counting values from 0"
        } else {
            ""
        };
        format!("counting circles {}{from_0}", span(shape, &self.cells))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{testing, Rule};
    use crate::shape::Shape;

    #[test]
    fn counting_circles_match_brute_force() {
        let circles = CountingCircles::new((0..4).collect());
        assert!(circles.holds(&[3, 1, 3, 3], 6) && !circles.holds(&[2, 2, 2, 1], 6));
        for len in [1, 3, 4, 6] {
            let rule = CountingCircles::new((0..len).collect());
            testing::against_brute_force(&Rule::CountingCircles(rule), 6);
        }
        // Values from 0: digit d (value d - 1) is in d - 1 circles, digit 1 in none.
        let from_0 = CountingCircles::counting_from((0..4).collect(), 1);
        assert!(from_0.holds(&[4, 2, 4, 4], 6) && !from_0.holds(&[3, 1, 3, 3], 6));
        assert!(from_0.holds(&[5, 5, 5, 5], 6) && !from_0.holds(&[3, 3, 2, 2], 6));
        for len in [1, 2, 3, 4, 6] {
            let rule = CountingCircles::counting_from((0..len).collect(), 1);
            testing::against_brute_force(&Rule::CountingCircles(rule), 6);
        }
    }

    #[test]
    fn circles_sharing_a_house_count_a_digit_once_and_match_brute_force() {
        let six = Houses::standard_for(Shape::with_side(6).unwrap());
        // Rows 1, 3 and 5 of 3, 2 and 1 circles (no two rows in one box): 6 circles.
        let rows = CountingCircles::new(vec![0, 1, 2, 12, 13, 24]).apart_by(six);
        assert_eq!(rows.apart.groups(), &[0, 0, 0, 1, 1, 2]);
        // A 3 needs three rows, so it is in each, and the lone circle of the third row is 3.
        let mut domains = vec![bit(1) | bit(2) | bit(3); 6];
        assert!(Rule::CountingCircles(rows.clone()).propagate(&mut domains, 6));
        assert_eq!(domains[5], bit(3), "{domains:?}");
        // Two 3s in a row share its house: no filling.
        assert!(!rows.holds(&[3, 3, 2, 2, 3, 1], 6));
        assert!(rows.holds(&[3, 2, 1, 3, 2, 3], 6));
        for cells in [
            vec![0, 1, 2, 12, 13, 24],
            vec![0, 1, 6, 7, 14],
            vec![0, 7, 14, 21],
        ] {
            for offset in [0, 1] {
                let rule = CountingCircles::counting_from(cells.clone(), offset).apart_by(six);
                testing::against_brute_force(&Rule::CountingCircles(rule), 6);
            }
        }
    }
}
