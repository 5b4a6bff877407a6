//! Skyscrapers: a clue outside the grid counts the digits seen from it along the row or
//! column, where a digit hides every smaller one behind it. The cells are a row or a
//! column, so their digits are distinct: the tallest of them is at least their count.

use super::{bit, narrow, Constraint, Numbers, RuleTechnique, NOT_THESE};
use crate::level::Level;
use crate::shape::{path, Shape};

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Skyscraper {
    cells: Vec<usize>,
    pub(crate) seen: u32,
}

impl Skyscraper {
    pub fn new(cells: Vec<usize>, seen: u32) -> Skyscraper {
        Skyscraper { cells, seen }
    }

    pub fn seen(&self) -> u32 {
        self.seen
    }
}

impl Constraint for Skyscraper {
    const TAG: u32 = 22;
    const TECHNIQUE: RuleTechnique = RuleTechnique {
        name: "Skyscraper clue",
        rating: 2.8,
        level: Level::Hard,
    };

    fn numbers(&self) -> Vec<u32> {
        vec![self.seen]
    }

    /// A whole row or column, which can see at most all of its cells.
    fn read(cells: Vec<usize>, numbers: &Numbers, n: usize) -> Result<Skyscraper, &'static str> {
        let seen = numbers.get(0)?;
        if cells.len() != n || seen as usize > n {
            return Err(NOT_THESE);
        }
        Ok(Skyscraper::new(cells, seen))
    }

    fn cells(&self) -> &[usize] {
        &self.cells
    }

    fn holds(&self, values: &[u8], _n: usize) -> bool {
        let distinct = values.iter().fold(0u32, |set, &v| set | bit(v));
        if distinct.count_ones() as usize != values.len() {
            return false;
        }
        let mut tallest = 0;
        let seen = values.iter().filter(|&&v| {
            let visible = v > tallest;
            tallest = tallest.max(v);
            visible
        });
        seen.count() as u32 == self.seen
    }

    /// Over the states (tallest so far, how many seen), the digits on some path from the
    /// start to the clue's count: reachable going forward, and still able to end right,
    /// on a digit no lower than the cells' count. ISS's `Skyscraper` ends so too: in a
    /// full row the 9 then hides what follows it, which the paths alone do not know.
    fn propagate(&self, domains: &mut [u32], n: usize) -> bool {
        let len = domains.len();
        if self.seen as usize > len || self.seen == 0 || repeats_a_single(domains) {
            return false;
        }
        if len > n || n >= SIDES {
            return false;
        }
        // forward[i][tallest] is a bit set of counts seen before cell i: on the stack, as
        // this runs for every explanation the learning search asks of it.
        let mut forward = [[0u32; SIDES]; SIDES];
        forward[0][0] = 1;
        for i in 0..len {
            for tallest in 0..=n {
                let counts = forward[i][tallest];
                if counts == 0 {
                    continue;
                }
                let mut left = domains[i];
                while left != 0 {
                    let v = left.trailing_zeros() as usize + 1;
                    left &= left - 1;
                    if v > tallest {
                        forward[i + 1][v] |= counts << 1;
                    } else {
                        forward[i + 1][tallest] |= counts;
                    }
                }
            }
        }
        // backward[i][tallest]: counts before cell i from which the end can see `seen`.
        let mut backward = [[0u32; SIDES]; SIDES];
        backward[len][len..=n].fill(1 << self.seen);
        let mut support = [0u32; SIDES];
        for i in (0..len).rev() {
            for tallest in 0..=n {
                let mut left = domains[i];
                while left != 0 {
                    let v = left.trailing_zeros() as usize + 1;
                    left &= left - 1;
                    // Counts before the cell that lead to an allowed count after it.
                    let before = if v > tallest {
                        backward[i + 1][v] >> 1
                    } else {
                        backward[i + 1][tallest]
                    };
                    backward[i][tallest] |= before;
                    if before & forward[i][tallest] != 0 {
                        support[i] |= 1 << (v - 1);
                    }
                }
            }
        }
        narrow(domains, &support[..len])
    }

    fn describe(&self, shape: Shape) -> String {
        format!(
            "skyscraper {} along {}",
            self.seen,
            path(shape, &self.cells)
        )
    }
}

/// Grids are at most 25 wide: the states' table has a row per cell and a column per
/// tallest digit so far, with room for the start.
const SIDES: usize = 26;

/// Whether two cells hold the same single digit.
fn repeats_a_single(domains: &[u32]) -> bool {
    let mut placed = 0;
    domains.iter().filter(|d| d.count_ones() == 1).any(|&d| {
        let again = placed & d != 0;
        placed |= d;
        again
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{testing, Rule};

    #[test]
    fn a_full_row_seen_once_starts_with_its_tallest() {
        // Six distinct digits of six: the 6 is there, so one seen means it comes first
        // (the row's house then takes it from the others).
        let rule = Skyscraper::new((0..6).collect(), 1);
        let mut domains = [0b111111; 6];
        assert!(rule.propagate(&mut domains, 6));
        assert_eq!(domains[0], 0b100000);
        // A repeat is no filling of a row.
        assert!(!rule.propagate(&mut [0b100000, 0b1, 0b1, 0b10, 0b100, 0b1000], 6));
    }

    #[test]
    fn skyscrapers_match_brute_force() {
        for seen in 1..=4 {
            testing::against_brute_force(
                &Rule::Skyscraper(Skyscraper::new((0..5).collect(), seen)),
                6,
            );
        }
    }
}
