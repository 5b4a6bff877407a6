//! Arrows: the digits on the shaft add up to the number in the circle (a pill of several
//! cells reads as a number, most significant digit first). Double arrows: the two ends
//! add up to the digits between them.

use super::sum::{number, place_values, Apart};
use super::{Constraint, Numbers, RuleTechnique};
use crate::houses::Houses;
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
    /// Which cells must differ, once the search has said ([`Arrow::apart_by`]).
    apart: Apart,
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
            apart: Apart::default(),
        }
    }

    /// The same arrow, its cells of one weight put in groups that each share a house in
    /// `houses`, so that it is bounded by distinct digits (what the search states: the
    /// logical solver's arrow bounds take its cells apart).
    pub fn apart_by(mut self, houses: &Houses) -> Arrow {
        self.apart = Apart::of(&self.cells, &self.weights, houses);
        self
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
        number(circle) == i64::from(super::total(shaft)) && self.apart.kept(values)
    }

    fn propagate(&self, domains: &mut [u32], _n: usize) -> bool {
        self.apart.narrow(domains, &self.weights, 0)
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
    /// Which cells must differ, once the search has said ([`DoubleArrow::apart_by`]).
    apart: Apart,
}

impl DoubleArrow {
    pub fn new(cells: Vec<usize>) -> DoubleArrow {
        let last = cells.len().saturating_sub(1);
        let weights = (0..cells.len())
            .map(|i| if i == 0 || i == last { -1 } else { 1 })
            .collect();
        DoubleArrow {
            cells,
            weights,
            apart: Apart::default(),
        }
    }

    /// The same double arrow, its cells of one weight that share a house in `houses` told
    /// to differ, as [`Arrow::apart_by`].
    pub fn apart_by(mut self, houses: &Houses) -> DoubleArrow {
        self.apart = Apart::of(&self.cells, &self.weights, houses);
        self
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
            && self.apart.kept(values)
    }

    fn propagate(&self, domains: &mut [u32], _n: usize) -> bool {
        self.cells.len() >= 2 && self.apart.narrow(domains, &self.weights, 0)
    }

    fn describe(&self, shape: Shape) -> String {
        format!("double arrow {}", path(shape, &self.cells))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{testing, Rule};
    use crate::shape::Shape;

    #[test]
    fn arrows_match_brute_force() {
        testing::against_brute_force(&Rule::Arrow(Arrow::new(vec![0], vec![1, 2])), 9);
        testing::against_brute_force(&Rule::Arrow(Arrow::new(vec![0, 1], vec![2, 3, 4])), 9);
        testing::against_brute_force(&Rule::DoubleArrow(DoubleArrow::new(vec![0, 1, 2, 3])), 6);
    }

    #[test]
    fn arrows_whose_cells_share_houses_match_brute_force() {
        let nine = Houses::standard_for(Shape::NINE);
        // The shaft r1c2, r1c3, r2c2 lies in box 1 (one group; the circle r1c1 has its
        // own weight, so a group of its own), and r4c1 shares no house with them.
        let arrow = Arrow::new(vec![0], vec![1, 2, 10, 27]).apart_by(nine);
        assert_eq!(arrow.apart.groups(), [0, 1, 1, 1, 2]);
        testing::against_brute_force(&Rule::Arrow(arrow), 9);
        // A pill r1c1-r1c2 over a shaft down column 1 and along row 5.
        let pill = Arrow::new(vec![0, 1], vec![9, 18, 36, 37]).apart_by(nine);
        assert_eq!(pill.apart.groups(), [0, 1, 2, 2, 2, 3]);
        testing::against_brute_force(&Rule::Arrow(pill), 9);
        // A shaft whose cells see none of each other keeps its plain bounds.
        assert_eq!(
            Arrow::new(vec![0], vec![13, 26]).apart_by(nine).apart,
            Apart::default()
        );
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
