//! Rellik cages (ISS's `RellikCage`): digits that do not repeat, no one or more of which
//! add up to the cage's number. A killer cage backwards: the number is the one sum its
//! digits never make.

use super::{bit, digits, distinct_fill, fits, Constraint, Numbers, RuleTechnique, NOT_THESE};
use crate::level::Level;
use crate::shape::{span, Shape};

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rellik {
    cells: Vec<usize>,
    sum: u32,
    /// Every set of distinct digits of the grid as large as the cage with no part adding
    /// up to the sum, found once; empty above 16x16, where a filled part alone is checked.
    sets: Vec<u32>,
}

/// Above this side the sets are not listed (2^16 at 16x16).
const MOST_LISTED: usize = 16;

impl Rellik {
    /// A cage of `cells` on a grid of side `n` whose digits never add up to `sum` (at
    /// least 1).
    pub fn new(cells: Vec<usize>, sum: u32, n: usize) -> Rellik {
        let sets = if n <= MOST_LISTED {
            (0u32..1 << n)
                .filter(|set| set.count_ones() as usize == cells.len())
                .filter(|&set| !makes(set, sum))
                .collect()
        } else {
            Vec::new()
        };
        Rellik { cells, sum, sets }
    }

    pub fn sum(&self) -> u32 {
        self.sum
    }
}

/// Whether some of the digits of `set` (one or more) add up to `sum`.
fn makes(set: u32, sum: u32) -> bool {
    let sum = sum as usize;
    // reachable[s]: some part of the digits so far adds up to s (the empty part to 0).
    let mut reachable = vec![false; sum + 1];
    reachable[0] = true;
    for d in digits(set).map(usize::from) {
        for s in (d..=sum).rev() {
            reachable[s] |= reachable[s - d];
        }
    }
    sum > 0 && reachable[sum]
}

impl Constraint for Rellik {
    const TAG: u32 = 25;
    const TECHNIQUE: RuleTechnique = RuleTechnique {
        name: "Rellik cage sums",
        rating: 2.4,
        level: Level::Medium,
    };
    const DISTINCT: bool = true;

    fn numbers(&self) -> Vec<u32> {
        vec![self.sum]
    }

    fn read(cells: Vec<usize>, numbers: &Numbers, n: usize) -> Result<Rellik, &'static str> {
        match numbers.get(0)? {
            0 => Err(NOT_THESE),
            sum => Ok(Rellik::new(cells, sum, n)),
        }
    }

    fn cells(&self) -> &[usize] {
        &self.cells
    }

    fn holds(&self, values: &[u8], _n: usize) -> bool {
        let set = values.iter().fold(0, |s, &v| s | bit(v));
        set.count_ones() as usize == values.len() && !makes(set, self.sum)
    }

    /// Listed: keeps the digits of the sets the cells can still take apart. Above 16x16:
    /// the cells must take distinct digits, and a digit that would make the sum with some
    /// of the placed ones is out of the other cells.
    fn propagate(&self, domains: &mut [u32], n: usize) -> bool {
        if n > MOST_LISTED {
            let placed = domains
                .iter()
                .filter(|d| d.count_ones() == 1)
                .fold(0, |p, &d| p | d);
            if makes(placed, self.sum) {
                return false;
            }
            for d in domains.iter_mut().filter(|d| d.count_ones() > 1) {
                *d &= !digits(*d)
                    .filter(|&v| makes(placed | bit(v), self.sum))
                    .fold(0, |s, v| s | bit(v));
                if *d == 0 {
                    return false;
                }
            }
            return distinct_fill(domains, super::all(n));
        }
        let union = domains.iter().fold(0, |u, &d| u | d);
        let mut possible = 0;
        for &set in &self.sets {
            if set & !possible != 0 && fits(domains, union, set) {
                possible |= set;
            }
        }
        domains.iter_mut().all(|d| {
            *d &= possible;
            *d != 0
        })
    }

    /// The one total of the sets its cells can still hold, if they all add up to it (none
    /// above 16x16, where the sets are not listed).
    fn total(&self, domains: &[u32], _n: usize) -> Option<u32> {
        let union = domains.iter().fold(0, |u, &d| u | d);
        let mut totals = self
            .sets
            .iter()
            .filter(|&&set| fits(domains, union, set))
            .map(|&set| digits(set).map(u32::from).sum::<u32>());
        let first = totals.next()?;
        totals.all(|t| t == first).then_some(first)
    }

    fn describe(&self, shape: Shape) -> String {
        format!("rellik cage {} ({})", span(shape, &self.cells), self.sum)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{testing, Rule};

    #[test]
    fn no_part_of_a_rellik_cage_makes_its_number() {
        let cage = Rellik::new(vec![0, 1, 2], 5, 9);
        assert!(cage.holds(&[1, 3, 6], 9));
        // 5 alone, 1+4 and 2+3 each make 5.
        assert!(!cage.holds(&[5, 7, 8], 9) && !cage.holds(&[1, 4, 9], 9));
        assert!(!cage.holds(&[2, 3, 9], 9) && !cage.holds(&[6, 6, 7], 9));
        assert_eq!(cage.describe(Shape::NINE), "rellik cage r1c1-r1c3 (5)");
        // Five cells of 1-6 that never make 1 leave out the 1: 2+3+4+5+6.
        assert_eq!(
            Rellik::new((0..5).collect(), 1, 6).total(&[0x3f; 5], 6),
            Some(20)
        );
        // Three cells of 1-9 never making 5 may add up to many totals; eight cannot be
        // kept (without 5 they hold 1 and 4), and have none.
        assert_eq!(cage.total(&[0x1ff; 3], 9), None);
        let eight = Rellik::new((0..8).collect(), 5, 9);
        assert_eq!(eight.total(&[0x1ff; 8], 9), None);
    }

    #[test]
    fn rellik_cages_match_brute_force() {
        for (sum, len) in [(5, 2), (6, 3), (10, 3), (3, 4)] {
            let cage = Rellik::new((0..len).collect(), sum, 6);
            testing::against_brute_force(&Rule::Rellik(cage), 6);
        }
    }
}
