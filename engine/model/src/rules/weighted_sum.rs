//! Sums of cells that may repeat digits, each digit counted with a weight (ISS's `Sum`,
//! whose weights are 1 unless it gives them: `Sum~10_=_2_1_-1~R1C1~R1C2~R1C3` is
//! 2·r1c1 + r1c2 − r1c3 = 10).

use super::sum::Apart;
use super::{Constraint, Numbers, RuleTechnique, NOT_THESE};
use crate::houses::Houses;
use crate::level::Level;
use crate::shape::{span, Shape};

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WeightedSum {
    cells: Vec<usize>,
    /// One per cell, as 32-bit numbers (the wire writes negative ones in two's
    /// complement), widened for the bounds.
    weights: Vec<i64>,
    sum: i64,
    /// Which cells must differ, once the search has said ([`WeightedSum::apart_by`]).
    apart: Apart,
}

impl WeightedSum {
    /// `weights` (one per cell) times the digits of `cells` add up to `sum`.
    pub fn new(cells: Vec<usize>, weights: Vec<i32>, sum: i32) -> WeightedSum {
        WeightedSum {
            cells,
            weights: weights.into_iter().map(i64::from).collect(),
            sum: i64::from(sum),
            apart: Apart::default(),
        }
    }

    /// The same sum, its cells of one weight that share a house in `houses` told to
    /// differ, so that the search bounds it by distinct digits there.
    pub fn apart_by(mut self, houses: &Houses) -> WeightedSum {
        self.apart = Apart::of(&self.cells, &self.weights, houses);
        self
    }

    pub fn sum(&self) -> i64 {
        self.sum
    }

    pub fn weights(&self) -> &[i64] {
        &self.weights
    }
}

impl Constraint for WeightedSum {
    const TAG: u32 = 33;
    const TECHNIQUE: RuleTechnique = RuleTechnique {
        name: "Weighted sums",
        rating: 2.2,
        level: Level::Medium,
    };

    /// The sum, then a weight per cell.
    fn numbers(&self) -> Vec<u32> {
        std::iter::once(self.sum)
            .chain(self.weights.iter().copied())
            .map(|x| x as i32 as u32)
            .collect()
    }

    fn read(cells: Vec<usize>, numbers: &Numbers, _n: usize) -> Result<Self, &'static str> {
        let list: Vec<i32> = numbers.list().iter().map(|&x| x as i32).collect();
        match &list[..] {
            [sum, weights @ ..] if weights.len() == cells.len() => {
                Ok(WeightedSum::new(cells, weights.to_vec(), *sum))
            }
            _ => Err(NOT_THESE),
        }
    }

    fn cells(&self) -> &[usize] {
        &self.cells
    }

    fn holds(&self, values: &[u8], _n: usize) -> bool {
        let total = values.iter().zip(&self.weights).fold(0i64, |t, (&v, &w)| {
            t.saturating_add(w.saturating_mul(i64::from(v)))
        });
        total == self.sum && self.apart.kept(values)
    }

    fn propagate(&self, domains: &mut [u32], _n: usize) -> bool {
        self.apart.narrow(domains, &self.weights, self.sum)
    }

    fn describe(&self, shape: Shape) -> String {
        let cells = span(shape, &self.cells);
        if self.weights.iter().all(|&w| w == 1) {
            format!("sum of {cells} ({})", self.sum)
        } else {
            let weights: Vec<String> = self.weights.iter().map(|w| format!("×{w}")).collect();
            format!(
                "weighted sum of {cells} ({}; {})",
                self.sum,
                weights.join(", ")
            )
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{testing, Rule};

    #[test]
    fn weighted_sums_match_brute_force() {
        for (weights, sum) in [
            (vec![1, 1, 1], 9),
            (vec![2, 1, -1], 4),
            (vec![-1, -1, 3, 1], 0),
            (vec![10, 1], 34),
        ] {
            let cells = (0..weights.len()).collect();
            let rule = WeightedSum::new(cells, weights, sum);
            testing::against_brute_force(&Rule::WeightedSum(rule), 6);
        }
        let rule = WeightedSum::new(vec![0, 1], vec![2, -1], -3);
        assert!(rule.holds(&[1, 5], 9) && !rule.holds(&[5, 1], 9));
        assert_eq!(
            rule.describe(Shape::NINE),
            "weighted sum of r1c1-r1c2 (-3; ×2, ×-1)"
        );
    }
}
