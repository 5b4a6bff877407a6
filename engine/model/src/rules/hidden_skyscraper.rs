//! Hidden skyscrapers (ISS's `HiddenSkyscraper`): a clue outside the grid is the first
//! digit hidden from that side of its row or column, a digit being hidden behind a
//! taller one before it. So the digits rise up to it, and it is lower than the tallest
//! of them.

use super::{bit, digits, narrow, Constraint, Numbers, RuleTechnique};
use crate::level::Level;
use crate::shape::{path, Shape};

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HiddenSkyscraper {
    /// The row or column from the clue's side.
    cells: Vec<usize>,
    digit: u8,
}

impl HiddenSkyscraper {
    pub fn new(cells: Vec<usize>, digit: u8) -> HiddenSkyscraper {
        HiddenSkyscraper { cells, digit }
    }

    pub fn digit(&self) -> u8 {
        self.digit
    }
}

impl Constraint for HiddenSkyscraper {
    const TAG: u32 = 30;
    const TECHNIQUE: RuleTechnique = RuleTechnique {
        name: "Hidden skyscraper clue",
        rating: 2.6,
        level: Level::Hard,
    };

    fn numbers(&self) -> Vec<u32> {
        vec![self.digit.into()]
    }

    /// A digit of the grid.
    fn read(
        cells: Vec<usize>,
        numbers: &Numbers,
        n: usize,
    ) -> Result<HiddenSkyscraper, &'static str> {
        Ok(HiddenSkyscraper::new(cells, numbers.digit(0, n)?))
    }

    fn cells(&self) -> &[usize] {
        &self.cells
    }

    fn holds(&self, values: &[u8], _n: usize) -> bool {
        let mut tallest = values[0];
        for &v in &values[1..] {
            if v <= tallest {
                return v == self.digit && v < tallest;
            }
            tallest = v;
        }
        false
    }

    /// Over the states (still rising with this tallest digit, or past the hidden one),
    /// the digits on some path from the start to past the hidden one: reachable from the
    /// front and able to reach the end. Exact, as ISS's handler is.
    fn propagate(&self, domains: &mut [u32], _n: usize) -> bool {
        let len = domains.len();
        let clue = self.digit;
        // rising[i]: the tallest digits (bit t; 0 at the start) with which the digits
        // can still be rising before cell i; past[i]: whether the clue can be behind.
        let mut rising = vec![0u32; len + 1];
        let mut past = vec![false; len + 1];
        rising[0] = 1;
        for i in 0..len {
            let tallest = rising[i];
            for t in (0..32).filter(|t| tallest >> t & 1 == 1) {
                for v in digits(domains[i]) {
                    if v > t {
                        rising[i + 1] |= 1 << v;
                    } else if v == clue && clue < t {
                        past[i + 1] = true;
                    }
                }
            }
            past[i + 1] |= past[i];
        }
        // From the back, `ends`: the tallest digits so far from which, still rising
        // before the cell, the clue can yet be hidden (past it, any digits will do).
        let mut ends = 0u32;
        let mut support = vec![0; len];
        for i in (0..len).rev() {
            let mut before = 0;
            for v in digits(domains[i]) {
                if past[i] {
                    support[i] |= bit(v);
                }
                for t in (0..32).filter(|t| rising[i] >> t & 1 == 1) {
                    if v > t && ends >> v & 1 == 1 || v == clue && clue < t {
                        support[i] |= bit(v);
                        before |= 1 << t;
                    }
                }
            }
            ends = before;
        }
        narrow(domains, &support)
    }

    fn describe(&self, shape: Shape) -> String {
        format!(
            "hidden skyscraper {} along {}",
            self.digit,
            path(shape, &self.cells)
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{testing, Rule};

    #[test]
    fn the_first_hidden_digit_is_the_clue() {
        let rule = HiddenSkyscraper::new((0..6).collect(), 3);
        assert!(rule.holds(&[2, 5, 3, 1, 6, 4], 6));
        // 1 is hidden first; a rising row hides nothing.
        assert!(!rule.holds(&[2, 5, 1, 3, 6, 4], 6) && !rule.holds(&[1, 2, 3, 4, 5, 6], 6));
        for digit in [1, 2, 4] {
            let rule = HiddenSkyscraper::new((0..5).collect(), digit);
            testing::against_brute_force(&Rule::HiddenSkyscraper(rule), 6);
        }
    }
}
