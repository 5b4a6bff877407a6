//! Thermometers: digits rise from the bulb, strictly, or (slow thermometers) never fall.

use super::{above, below, highest, lowest, Constraint, Numbers, RuleTechnique};
use crate::level::Level;
use crate::shape::{path, Shape};

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Thermometer {
    /// From the bulb.
    cells: Vec<usize>,
    pub(crate) slow: bool,
}

impl Thermometer {
    pub fn new(cells: Vec<usize>, slow: bool) -> Thermometer {
        Thermometer { cells, slow }
    }

    pub fn is_slow(&self) -> bool {
        self.slow
    }
}

impl Constraint for Thermometer {
    const TAG: u32 = 5;
    const TECHNIQUE: RuleTechnique = RuleTechnique {
        name: "Thermometer bounds",
        rating: 1.5,
        level: Level::Easy,
    };

    fn numbers(&self) -> Vec<u32> {
        vec![self.slow.into()]
    }

    fn read(cells: Vec<usize>, numbers: &Numbers, _n: usize) -> Result<Thermometer, &'static str> {
        Ok(Thermometer::new(cells, numbers.flag(0)?))
    }

    fn gist(&self, _domains: &[u32]) -> Option<String> {
        Some(
            if self.slow {
                "whose digits never fall from the bulb"
            } else {
                "whose digits rise from the bulb"
            }
            .into(),
        )
    }

    fn cells(&self) -> &[usize] {
        &self.cells
    }

    fn holds(&self, values: &[u8], _n: usize) -> bool {
        values
            .windows(2)
            .all(|w| if self.slow { w[0] <= w[1] } else { w[0] < w[1] })
    }

    /// One pass from the bulb raises each cell's least digit, one pass back lowers each
    /// greatest: on a chain of comparisons that is all there is to rule out.
    fn propagate(&self, domains: &mut [u32], _n: usize) -> bool {
        let step = u8::from(!self.slow);
        for i in 1..domains.len() {
            domains[i] &= above(lowest(domains[i - 1]) + step - 1);
            if domains[i] == 0 {
                return false;
            }
        }
        for i in (0..domains.len() - 1).rev() {
            domains[i] &= below(highest(domains[i + 1]) + 1 - step);
            if domains[i] == 0 {
                return false;
            }
        }
        true
    }

    fn breach(&self, _values: &[u8], shape: Shape) -> Option<String> {
        let fault = if self.slow { "falls" } else { "does not rise" };
        Some(format!("{} {fault}", self.describe(shape)))
    }

    fn describe(&self, shape: Shape) -> String {
        let name = if self.slow {
            "slow thermometer"
        } else {
            "thermometer"
        };
        format!("{name} {}", path(shape, &self.cells))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{testing, Rule};

    #[test]
    fn thermometers_match_brute_force() {
        for slow in [false, true] {
            let rule = Rule::Thermometer(Thermometer::new(vec![0, 1, 2, 3], slow));
            testing::against_brute_force(&rule, 6);
        }
    }

    #[test]
    fn a_bulb_bounds_the_line() {
        let thermo = Thermometer::new(vec![0, 1, 2], false);
        let mut d = [0x1ff; 3];
        assert!(thermo.propagate(&mut d, 9));
        assert_eq!(d, [0b1111111, 0b11111110, 0b111111100]);
        assert_eq!(thermo.describe(Shape::NINE), "thermometer r1c1 → r1c3");
        let grid = [2, 2, 5, 0, 0, 0, 0, 0, 0];
        assert_eq!(
            Rule::Thermometer(thermo)
                .broken(&grid, Shape::NINE)
                .as_deref(),
            Some("thermometer r1c1 → r1c3 does not rise")
        );
    }
}
