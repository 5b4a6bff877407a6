//! Arrows: the digits on the shaft add up to the number in the circle (a pill of several
//! cells reads as a number, most significant digit first). Double arrows: the two ends
//! add up to the digits between them.

use super::sum::{linear, number, place_values};
use super::{Constraint, Numbers, RuleTechnique};
use crate::level::Level;
use crate::shape::{path, span, Shape};

/// Arrows and double arrows share one technique.
const ARROW_SUM: RuleTechnique = RuleTechnique {
    name: "Arrow sum",
    rating: 2.0,
    level: Level::Medium,
};

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Arrow {
    /// The circle's cells, then the shaft's.
    cells: Vec<usize>,
    pub(crate) circle: usize,
    /// Each cell's weight in `shaft - circle = 0`: the circle's place values, negated.
    weights: Vec<i64>,
}

impl Arrow {
    pub fn new(circle: Vec<usize>, shaft: Vec<usize>) -> Arrow {
        let weights = place_values(circle.len())
            .map(|w| -w)
            .chain(shaft.iter().map(|_| 1))
            .collect();
        Arrow {
            circle: circle.len(),
            cells: circle.into_iter().chain(shaft).collect(),
            weights,
        }
    }

    pub fn circle(&self) -> &[usize] {
        &self.cells[..self.circle]
    }

    pub fn shaft(&self) -> &[usize] {
        &self.cells[self.circle..]
    }
}

impl Constraint for Arrow {
    const TAG: u32 = 3;
    const TECHNIQUE: RuleTechnique = ARROW_SUM;
    const PLAIN: Option<&'static str> = Some("Arrow bounds");

    /// How many of its cells are the circle's.
    fn numbers(&self) -> Vec<u32> {
        vec![self.circle as u32]
    }

    fn read(mut cells: Vec<usize>, numbers: &Numbers, _n: usize) -> Result<Arrow, &'static str> {
        let shaft = cells.split_off(numbers.place(numbers.get(0)?)?);
        Ok(Arrow::new(cells, shaft))
    }

    fn cells(&self) -> &[usize] {
        &self.cells
    }

    fn holds(&self, values: &[u8], _n: usize) -> bool {
        let (circle, shaft) = values.split_at(self.circle);
        number(circle) == i64::from(super::total(shaft))
    }

    fn propagate(&self, domains: &mut [u32], _n: usize) -> bool {
        linear(domains, &self.weights, 0)
    }

    /// Its bounds: the circle at least the least its shaft adds up to and at most the
    /// most, each shaft cell at most what the circle leaves it, as [`Constraint::propagate`]
    /// reads it, without the houses its cells share.
    fn plain(&self, domains: &mut [u32], n: usize) {
        self.propagate(domains, n);
    }

    fn breach(&self, values: &[u8], shape: Shape) -> Option<String> {
        let (circle, shaft) = values.split_at(self.circle);
        Some(format!(
            "{}: the shaft sums to {}, not {}",
            self.describe(shape),
            super::total(shaft),
            number(circle)
        ))
    }

    fn describe(&self, shape: Shape) -> String {
        format!(
            "arrow from {} along {}",
            span(shape, self.circle()),
            path(shape, self.shaft())
        )
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DoubleArrow {
    cells: Vec<usize>,
    /// -1 at the two ends, 1 between them: the ends add up to the rest.
    weights: Vec<i64>,
}

impl DoubleArrow {
    pub fn new(cells: Vec<usize>) -> DoubleArrow {
        let last = cells.len().saturating_sub(1);
        let weights = (0..cells.len())
            .map(|i| if i == 0 || i == last { -1 } else { 1 })
            .collect();
        DoubleArrow { cells, weights }
    }
}

impl Constraint for DoubleArrow {
    const TAG: u32 = 4;
    const TECHNIQUE: RuleTechnique = ARROW_SUM;

    fn numbers(&self) -> Vec<u32> {
        Vec::new()
    }

    fn read(cells: Vec<usize>, _numbers: &Numbers, _n: usize) -> Result<DoubleArrow, &'static str> {
        Ok(DoubleArrow::new(cells))
    }

    fn cells(&self) -> &[usize] {
        &self.cells
    }

    fn holds(&self, values: &[u8], _n: usize) -> bool {
        values
            .iter()
            .zip(&self.weights)
            .map(|(&v, w)| w * i64::from(v))
            .sum::<i64>()
            == 0
    }

    fn propagate(&self, domains: &mut [u32], _n: usize) -> bool {
        self.cells.len() >= 2 && linear(domains, &self.weights, 0)
    }

    fn describe(&self, shape: Shape) -> String {
        format!("double arrow {}", path(shape, &self.cells))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{testing, Rule};

    #[test]
    fn arrows_match_brute_force() {
        testing::against_brute_force(&Rule::Arrow(Arrow::new(vec![0], vec![1, 2])), 9);
        testing::against_brute_force(&Rule::Arrow(Arrow::new(vec![0, 1], vec![2, 3, 4])), 9);
        testing::against_brute_force(&Rule::DoubleArrow(DoubleArrow::new(vec![0, 1, 2, 3])), 6);
    }

    #[test]
    fn a_pill_reads_as_a_number() {
        let pill = Arrow::new(vec![0, 1], vec![2, 3, 4]);
        assert!(pill.holds(&[1, 5, 4, 5, 6], 9));
        assert!(!pill.holds(&[1, 5, 4, 5, 7], 9));
        assert_eq!(
            pill.describe(Shape::NINE),
            "arrow from r1c1-r1c2 along r1c3 → r1c5"
        );
    }
}
