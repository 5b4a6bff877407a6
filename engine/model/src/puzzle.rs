//! One model for a puzzle: its givens, its houses and its rules. A classic puzzle is this
//! model with the standard houses and no rules.

use std::borrow::Cow;
use std::fmt;

use crate::grid::{Conflict, Grid};
use crate::houses::Houses;
use crate::rules::Rule;
use crate::shape::Shape;

#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Deserialize),
    serde(try_from = "Vec<u32>")
)]
pub struct Puzzle {
    givens: Grid,
    /// A classic puzzle borrows the standard houses built once per process.
    houses: Cow<'static, Houses>,
    rules: Vec<Rule>,
}

/// What a grid's digits break: two equal digits in a house, or a rule.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Broken {
    Repeat(Conflict),
    /// The index of the rule in [`Puzzle::rules`], and what is wrong with it.
    Rule(usize, String),
}

impl fmt::Display for Broken {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Broken::Repeat(conflict) => conflict.fmt(f),
            Broken::Rule(_, why) => f.write_str(why),
        }
    }
}

impl Puzzle {
    /// A classic puzzle: the standard houses of its size and no other rule.
    pub fn classic(givens: Grid) -> Puzzle {
        let shape = givens.shape();
        let houses = match Shape::for_side(shape.n()) {
            Some(classic) if classic == shape => Cow::Borrowed(Houses::standard_for(shape)),
            _ => Cow::Owned(Houses::standard(shape)),
        };
        Puzzle {
            givens,
            houses,
            rules: Vec::new(),
        }
    }

    /// A puzzle under `houses` and `rules`, whose cells all lie on the givens' grid.
    ///
    /// # Panics
    /// If the houses are for another size, or a rule reads a cell off the grid.
    pub fn new(givens: Grid, houses: Houses, rules: Vec<Rule>) -> Puzzle {
        Puzzle::try_new(givens, houses, rules).unwrap_or_else(|why| panic!("{why}"))
    }

    /// As [`Puzzle::new`], with what is wrong as the error instead of a panic.
    pub fn try_new(givens: Grid, houses: Houses, rules: Vec<Rule>) -> Result<Puzzle, String> {
        if givens.shape() != houses.shape() {
            return Err("houses of another size".into());
        }
        let cells = givens.shape().cells();
        if let Some(i) = rules
            .iter()
            .position(|r| r.cells().iter().any(|&c| c >= cells))
        {
            return Err(format!("rule {} is off the grid", i + 1));
        }
        Ok(Puzzle {
            givens,
            houses: Cow::Owned(houses),
            rules,
        })
    }

    pub fn givens(&self) -> &Grid {
        &self.givens
    }

    pub fn shape(&self) -> Shape {
        self.givens.shape()
    }

    pub fn houses(&self) -> &Houses {
        &self.houses
    }

    pub fn rules(&self) -> &[Rule] {
        &self.rules
    }

    /// True for the standard houses and no rules.
    pub fn is_classic(&self) -> bool {
        self.houses.is_standard() && self.rules.is_empty()
    }

    /// The same puzzle with other givens (of the same size).
    pub fn with_givens(&self, givens: Grid) -> Puzzle {
        assert_eq!(givens.shape(), self.shape(), "givens of another size");
        Puzzle {
            givens,
            houses: self.houses.clone(),
            rules: self.rules.clone(),
        }
    }

    /// The first thing the digits of `grid` (givens and others, 0 for empty) break: two
    /// equal digits in a house, else a rule they leave no way to keep.
    pub fn broken(&self, grid: &Grid) -> Option<Broken> {
        if let Some(conflict) = grid.conflict(&self.houses) {
            return Some(Broken::Repeat(conflict));
        }
        self.rules.iter().enumerate().find_map(|(i, rule)| {
            rule.broken(grid.cells(), self.shape())
                .map(|why| Broken::Rule(i, why))
        })
    }

    /// True if `grid` is full, keeps the givens, repeats no digit in a house and keeps
    /// every rule.
    pub fn solved_by(&self, grid: &Grid) -> bool {
        let n = self.shape().n();
        grid.solves(&self.givens, &self.houses)
            && self.rules.iter().all(|rule| {
                let values: Vec<u8> = rule.cells().iter().map(|&c| grid.get(c)).collect();
                rule.holds(&values, n)
            })
    }
}

impl From<Grid> for Puzzle {
    fn from(givens: Grid) -> Puzzle {
        Puzzle::classic(givens)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::houses::HouseKind;
    use crate::rules::{Killer, Thermometer};

    #[test]
    fn broken_rules_are_named_after_repeats() {
        let shape = Shape::NINE;
        let cage = vec![0, 1, 2];
        let houses = Houses::standard(shape).with_extra(HouseKind::Cage, cage.clone());
        let rules = vec![
            Rule::Thermometer(Thermometer::new(vec![9, 10, 11], false)),
            Rule::Killer(Killer::new(cage, Some(16), 9)),
        ];
        let mut givens = Grid::empty(shape);
        givens.set(0, 9);
        givens.set(1, 7);
        let puzzle = Puzzle::new(givens.clone(), houses, rules);
        assert!(!puzzle.is_classic());
        // 9 + 7 leaves 0 for the third cell.
        assert_eq!(
            puzzle.broken(&givens).map(|b| b.to_string()).as_deref(),
            Some("killer cage r1c1-r1c3 (16) cannot be kept with these digits")
        );
        givens.set(10, 1);
        assert!(matches!(puzzle.broken(&givens), Some(Broken::Rule(0, _))));
        givens.set(11, 9);
        assert!(matches!(puzzle.broken(&givens), Some(Broken::Repeat(_))));
    }

    #[test]
    fn try_new_names_what_is_wrong() {
        let four = Shape::for_side(4).unwrap();
        let error = Puzzle::try_new(Grid::empty(Shape::NINE), Houses::standard(four), vec![]);
        assert_eq!(error.unwrap_err(), "houses of another size");
        let off = vec![Rule::Thermometer(Thermometer::new(vec![80, 81], false))];
        let error = Puzzle::try_new(Grid::empty(Shape::NINE), Houses::standard(Shape::NINE), off);
        assert_eq!(error.unwrap_err(), "rule 1 is off the grid");
    }
}
