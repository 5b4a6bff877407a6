//! Killer cages: digits that do not repeat (the cage is also a house) and, where given,
//! add up to the cage's sum.

use super::{digits, distinct_fill, fits, sum::sum_to, Constraint, Numbers, RuleTechnique};
use crate::level::Level;
use crate::shape::{span, Shape};
use crate::symbols::symbol;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Killer {
    cells: Vec<usize>,
    pub(crate) sum: Option<u32>,
    /// Every set of distinct digits of the grid with as many digits as the cage and its
    /// sum, found once; empty when the grid is too large to list them (then the sum is
    /// kept by bounds alone).
    combinations: Vec<u32>,
}

/// Above this side the combinations are not listed (2^16 sets at 16x16).
const MOST_LISTED: usize = 16;

impl Killer {
    pub fn new(cells: Vec<usize>, sum: Option<u32>, n: usize) -> Killer {
        let combinations = match sum {
            Some(sum) if n <= MOST_LISTED => (0u32..1 << n)
                .filter(|set| set.count_ones() as usize == cells.len())
                .filter(|&set| super::digits(set).map(u32::from).sum::<u32>() == sum)
                .collect(),
            _ => Vec::new(),
        };
        Killer {
            cells,
            sum,
            combinations,
        }
    }

    pub fn sum(&self) -> Option<u32> {
        self.sum
    }

    /// The sets of digits the cage can still hold, given its cells' candidates (none
    /// listed on grids above 16x16).
    pub(crate) fn sets_left<'a>(&'a self, domains: &'a [u32]) -> impl Iterator<Item = u32> + 'a {
        let union = domains.iter().fold(0, |u, &d| u | d);
        self.combinations
            .iter()
            .copied()
            .filter(move |&set| fits(domains, union, set))
    }
}

impl Constraint for Killer {
    const TAG: u32 = 0;
    const TECHNIQUE: RuleTechnique = RuleTechnique {
        name: "Killer cage combinations",
        rating: 2.0,
        level: Level::Medium,
    };
    const DISTINCT: bool = true;
    const PLAIN: Option<&'static str> = Some("Cage of one combination");

    /// Its sum, if it has one.
    fn numbers(&self) -> Vec<u32> {
        self.sum.into_iter().collect()
    }

    fn read(cells: Vec<usize>, numbers: &Numbers, n: usize) -> Result<Killer, &'static str> {
        Ok(Killer::new(cells, numbers.list().first().copied(), n))
    }

    /// The sets it can still hold, smallest digits first as people list them: "which can
    /// only be 1+9 or 2+8 or 3+7".
    fn gist(&self, domains: &[u32]) -> Option<String> {
        // A cage's sets all have as many digits as it has cells, so smallest digits first
        // is by their bits reversed (the digit 1 highest), largest first: sorted as
        // numbers, not as lists of digits, whose sort was the page's module's only one
        // of that type (3 KB of code).
        let mut keys: Vec<usize> = self
            .sets_left(domains)
            .map(|set| set.reverse_bits() as usize)
            .collect();
        keys.sort_unstable();
        let sets: Vec<String> = keys
            .iter()
            .rev()
            .map(|&key| {
                digits((key as u32).reverse_bits())
                    .map(|d| symbol(d).to_string())
                    .collect::<Vec<_>>()
                    .join("+")
            })
            .collect();
        (!sets.is_empty()).then(|| format!("which can only be {}", sets.join(" or ")))
    }

    fn cells(&self) -> &[usize] {
        &self.cells
    }

    fn holds(&self, values: &[u8], _n: usize) -> bool {
        let distinct = values
            .iter()
            .enumerate()
            .all(|(i, v)| !values[..i].contains(v));
        let total = super::total(values);
        distinct && self.sum.is_none_or(|sum| sum == total)
    }

    fn propagate(&self, domains: &mut [u32], n: usize) -> bool {
        let Some(sum) = self.sum else {
            return distinct_fill(domains, super::all(n));
        };
        if !sum_to(domains, i64::from(sum)) {
            return false;
        }
        if n > MOST_LISTED {
            return distinct_fill(domains, super::all(n));
        }
        // A set within the digits already possible would add none: its fit is not tried.
        let union = domains.iter().fold(0, |u, &d| u | d);
        let mut possible = 0;
        for &set in &self.combinations {
            if set & !possible != 0 && fits(domains, union, set) {
                possible |= set;
            }
        }
        domains.iter_mut().all(|d| {
            *d &= possible;
            *d != 0
        })
    }

    fn total(&self, _domains: &[u32], _n: usize) -> Option<u32> {
        self.sum
    }

    /// Where one combination alone has the cage's size, its sum and the digits its cells
    /// are down to one of (a 17 of two cells: 8+9; a 12 of three with a 9 placed: 1+2+9),
    /// its cells hold only those digits.
    fn plain(&self, domains: &mut [u32], _n: usize) {
        let known = domains
            .iter()
            .filter(|d| d.count_ones() == 1)
            .fold(0, |k, &d| k | d);
        let mut sets = self
            .combinations
            .iter()
            .filter(|&&set| set & known == known);
        if let (Some(&only), None) = (sets.next(), sets.next()) {
            for d in domains.iter_mut() {
                *d &= only;
            }
        }
    }

    /// The digits every combination within the cells' candidates holds. Whether the cells
    /// can take each combination apart is not asked: that would double the cost of a run,
    /// and a combination too many can only leave a digit out.
    fn required(&self, domains: &[u32], _n: usize) -> u32 {
        let union = domains.iter().fold(0, |u, &d| u | d);
        let mut sets = self.combinations.iter().filter(|&&set| set & !union == 0);
        sets.next()
            .map_or(0, |&first| sets.fold(first, |r, &set| r & set))
    }

    fn breach(&self, values: &[u8], shape: Shape) -> Option<String> {
        let cells = span(shape, &self.cells);
        let repeated = values
            .iter()
            .enumerate()
            .find(|(i, v)| values[..*i].contains(v));
        match (repeated, self.sum) {
            (Some((_, v)), _) => Some(format!("cage {cells} repeats {v}")),
            (None, Some(sum)) => Some(format!(
                "cage {cells} sums to {}, not {sum}",
                super::total(values)
            )),
            (None, None) => None,
        }
    }

    fn describe(&self, shape: Shape) -> String {
        let cells = span(shape, &self.cells);
        match self.sum {
            Some(sum) => format!("killer cage {cells} ({sum})"),
            None => format!("killer cage {cells}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{testing, Rule};

    #[test]
    fn a_cage_keeps_the_digits_of_its_combinations() {
        // 3 cells summing to 6 on 9x9: only 1, 2 and 3.
        let cage = Killer::new(vec![0, 1, 2], Some(6), 9);
        let mut d = [0x1ff; 3];
        assert!(cage.propagate(&mut d, 9));
        assert_eq!(d, [0b111; 3]);
        assert_eq!(cage.describe(Shape::NINE), "killer cage r1c1-r1c3 (6)");
        let grid = [9, 8, 0, 0, 0, 0, 0, 0, 0];
        let broken = Rule::Killer(Killer::new(vec![0, 1], Some(16), 9));
        assert_eq!(
            broken.broken(&grid, Shape::NINE).as_deref(),
            Some("cage r1c1-r1c2 sums to 17, not 16")
        );
    }

    #[test]
    fn its_gist_lists_the_sets_smallest_digits_first() {
        let cage = Killer::new(vec![0, 1, 2], Some(10), 9);
        assert_eq!(
            cage.gist(&[0x1ff; 3]).as_deref(),
            Some("which can only be 1+2+7 or 1+3+6 or 1+4+5 or 2+3+5")
        );
        // 1+6+8 before 2+4+9, which is the larger set of bits.
        let cage = Killer::new(vec![0, 1, 2], Some(15), 9);
        assert_eq!(
            cage.gist(&[0b1_1010_1011; 3]).as_deref(),
            Some("which can only be 1+6+8 or 2+4+9")
        );
    }

    #[test]
    fn propagation_matches_brute_force() {
        for (sum, len) in [(Some(7), 3), (Some(10), 2), (None, 3), (Some(15), 4)] {
            testing::against_brute_force(&Rule::Killer(Killer::new((0..len).collect(), sum, 6)), 6);
        }
    }
}
