//! A puzzle as plain data, for serde (the `serde` feature): how the web app hands one to
//! its worker. It crosses as one list of numbers, a type whose serde code the app has
//! already, so the page's module grows by the reading and writing below alone. Reading
//! goes through [`Houses::try_from_list`], each rule's constructor and
//! [`Puzzle::try_new`], so a bad message is an error naming what is wrong, never a panic
//! or a puzzle whose parts disagree.
//!
//! The numbers, each list led by its length: the givens (digits by cell, 0 for empty; the
//! side is the square root of their number); the houses, an empty list for the standard
//! ones (so that a classic puzzle stays classic, and a 9x9 one takes the band solver),
//! else each house as its kind (its place in [`HouseKind::ALL`]) and its cells; the rules, each as
//! its kind's tag ([`crate::rules::RuleKind::tag`]), its cells and its numbers
//! ([`Rule::numbers`]: a sum, a gap, a flag as 0 or 1...), which its module reads back. An
//! either-or rule carries its branches' rules the same way ([`write_rule`], [`Words::rule`]).

use crate::grid::Grid;
use crate::houses::{HouseKind, Houses};
use crate::puzzle::Puzzle;
use crate::rules::Rule;
use crate::shape::Shape;

/// Written as its numbers, from a borrowed puzzle (serde's `into` would clone it first).
#[cfg(feature = "serde")]
impl serde::Serialize for Puzzle {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        words(self).serialize(serializer)
    }
}

/// The puzzle's numbers, laid out as the module says.
#[cfg(feature = "serde")]
fn words(puzzle: &Puzzle) -> Vec<u32> {
    let mut out = Vec::new();
    let list = |out: &mut Vec<u32>, items: &mut dyn ExactSizeIterator<Item = u32>| {
        out.push(items.len() as u32);
        out.extend(items);
    };
    list(
        &mut out,
        &mut puzzle.givens().cells().iter().map(|&d| d.into()),
    );
    let houses = puzzle.houses();
    let listed = if houses.is_standard() {
        0
    } else {
        houses.len()
    };
    out.push(listed as u32);
    for h in 0..listed {
        out.push(houses.kind(h) as u32);
        list(&mut out, &mut houses.cells(h).iter().map(|&c| c as u32));
    }
    out.push(puzzle.rules().len() as u32);
    for rule in puzzle.rules() {
        write_rule(&mut out, rule);
    }
    out
}

/// `rule` as the wire carries one: its kind's tag, its cells and its numbers, each list led
/// by its length (also how an either-or rule carries its branches' rules).
pub(crate) fn write_rule(out: &mut Vec<u32>, rule: &Rule) {
    let numbers = rule.numbers();
    out.push(rule.kind().tag());
    out.push(rule.cells().len() as u32);
    out.extend(rule.cells().iter().map(|&c| c as u32));
    out.push(numbers.len() as u32);
    out.extend(numbers);
}

impl TryFrom<Vec<u32>> for Puzzle {
    type Error = String;

    fn try_from(words: Vec<u32>) -> Result<Puzzle, String> {
        let mut words = Words(words.iter());
        let givens = words.list()?;
        let count = givens.len();
        let side = count.isqrt();
        let shape = Shape::with_side(side)
            .filter(|_| side * side == count)
            .ok_or_else(|| format!("{count} cells make no grid"))?;
        let digits = givens.iter().map(|&d| u8::try_from(d).unwrap_or(u8::MAX));
        let givens =
            Grid::from_cells(shape, digits.collect()).ok_or("a given is too large for the grid")?;
        let houses = (0..words.word()?)
            .map(|_| {
                let kind = HouseKind::ALL
                    .get(words.word()? as usize)
                    .ok_or("no such house")?;
                Ok((*kind, words.cells()?))
            })
            .collect::<Result<Vec<_>, String>>()?;
        let rules = (0..words.word()?)
            .map(|i| {
                let (tag, cells, numbers) = words.rule()?;
                Rule::read(tag, cells, &numbers, shape.n())
                    .map_err(|why| format!("rule {}: {why}", i + 1))
            })
            .collect::<Result<Vec<Rule>, String>>()?;
        if words.0.len() > 0 {
            return Err("numbers after the puzzle".into());
        }
        let houses = match houses.is_empty() {
            true if rules.is_empty() => return Ok(Puzzle::classic(givens)),
            true => Houses::standard(shape),
            false => Houses::try_from_list(shape, houses)?,
        };
        Puzzle::try_new(givens, houses, rules)
    }
}

/// The numbers being read.
pub(crate) struct Words<'a>(pub(crate) std::slice::Iter<'a, u32>);

/// What reading says when the numbers stop before the puzzle does.
const ENDS_EARLY: &str = "the puzzle ends early";

impl Words<'_> {
    pub(crate) fn word(&mut self) -> Result<u32, &'static str> {
        self.0.next().copied().ok_or(ENDS_EARLY)
    }

    /// A list led by its length.
    fn list(&mut self) -> Result<Vec<u32>, &'static str> {
        let len = self.word()? as usize;
        if len > self.0.len() {
            return Err(ENDS_EARLY);
        }
        Ok(self.0.by_ref().take(len).copied().collect())
    }

    fn cells(&mut self) -> Result<Vec<usize>, &'static str> {
        Ok(self.list()?.into_iter().map(|c| c as usize).collect())
    }

    /// A rule as [`write_rule`] writes one: its tag, cells and numbers.
    pub(crate) fn rule(&mut self) -> Result<(u32, Vec<usize>, Vec<u32>), &'static str> {
        Ok((self.word()?, self.cells()?, self.list()?))
    }
}

#[cfg(all(test, feature = "serde"))]
mod tests {
    use super::*;
    use crate::rules::*;

    fn round_trip(puzzle: &Puzzle) -> Puzzle {
        let text = serde_json::to_string(puzzle).unwrap();
        serde_json::from_str(&text).unwrap()
    }

    /// An empty 9x9 puzzle's numbers followed by `rest`, read.
    fn read(rest: &[u32]) -> Result<Puzzle, String> {
        let mut words = vec![81];
        words.extend([0; 81]);
        words.extend(rest);
        Puzzle::try_from(words)
    }

    #[test]
    fn a_classic_puzzle_stays_classic() {
        let grid = Grid::parse(&format!("5{}", ".".repeat(80))).unwrap();
        let puzzle = Puzzle::classic(grid);
        let words = words(&puzzle);
        // The givens, then no houses listed and no rules.
        assert_eq!(
            (words.len(), &words[..2], &words[82..]),
            (84, &[81, 5][..], &[0, 0][..])
        );
        let back = round_trip(&puzzle);
        assert_eq!(back, puzzle);
        assert!(back.is_classic());
    }

    #[test]
    fn the_house_kinds_are_numbered_in_order() {
        for (i, kind) in HouseKind::ALL.into_iter().enumerate() {
            assert_eq!(kind as usize, i);
        }
    }
    #[test]
    fn every_rule_survives_the_trip() {
        let shape = Shape::NINE;
        let regions = |c: usize| Some(shape.box_of(c));
        let rules = vec![
            Rule::Killer(Killer::new(vec![0, 1], Some(3), 9)),
            Rule::Killer(Killer::new(vec![2, 3], None, 9)),
            Rule::LittleKiller(LittleKiller::new(vec![9, 19, 29], 12)),
            Rule::Sandwich(Sandwich::new((72..81).collect(), 7)),
            Rule::Arrow(Arrow::new(vec![36], vec![37, 38])),
            Rule::DoubleArrow(DoubleArrow::new(vec![45, 46, 47, 48])),
            Rule::Thermometer(Thermometer::new(vec![54, 55, 56], true)),
            Rule::Palindrome(Palindrome::new(vec![63, 64, 65])),
            Rule::Clone(CloneRule::new(vec![4, 5], vec![13, 14])),
            Rule::Between(Between::new(vec![20, 21, 22])),
            Rule::Lockout(Lockout::new(vec![30, 31, 32], 4)),
            Rule::Whispers(Whispers::new(vec![49, 50], 5)),
            Rule::RegionSum(RegionSum::new(vec![1, 2, 3, 4], regions)),
            Rule::Entropic(Entropic::new(vec![57, 58, 59])),
            Rule::Modular(Modular::new(vec![66, 67, 68])),
            Rule::Zipper(Zipper::new(vec![6, 7, 8])),
            Rule::Nabner(Nabner::new(vec![15, 16])),
            Rule::Dot(Dot::new(23, 24, Relation::Ratio(2), 9)),
            Rule::Dot(Dot::new(
                24,
                25,
                Relation::NoneOf(vec![Relation::Difference(1), Relation::Sum(10)]),
                9,
            )),
            Rule::Dot(Dot::new(
                25,
                26,
                Relation::NoneOf(vec![
                    Relation::Ratio(2),
                    Relation::NoneOf(vec![Relation::Sum(5), Relation::Sum(10)]),
                ]),
                9,
            )),
            Rule::Parity(Parity::new(33, true)),
            Rule::Extremum(Extremum::new(41, vec![32, 40, 42, 50], false)),
            Rule::Quadruple(Quadruple::new(vec![60, 61, 69, 70], vec![1, 2])),
            Rule::XSum(XSum::new((0..9).collect(), 15)),
            Rule::Skyscraper(Skyscraper::new((0..9).map(|r| r * 9).collect(), 3)),
            Rule::Indexer(Indexer::new((0..9).collect(), 2, IndexerKind::Column)),
        ];
        let houses = Houses::standard(shape).with_extra(HouseKind::Cage, vec![0, 1]);
        let puzzle = Puzzle::new(Grid::empty(shape), houses, rules);
        assert_eq!(round_trip(&puzzle), puzzle);
        // Standard houses with rules go as `null` too, and come back standard.
        let rules = vec![Rule::Thermometer(Thermometer::new(vec![0, 1, 2], false))];
        let puzzle = Puzzle::new(Grid::empty(shape), Houses::standard(shape), rules);
        assert_eq!(round_trip(&puzzle), puzzle);
        assert!(round_trip(&puzzle).houses().is_standard());
    }

    #[test]
    fn a_bad_message_is_an_error_that_names_its_fault() {
        assert!(read(&[0, 0]).unwrap().is_classic());
        let row: Vec<u32> = [1, 0, 10].into_iter().chain(0..10).chain([0]).collect();
        // A skyscraper clue on row 1, which can see at most nine.
        let skyscraper_of = |seen: u32| -> Vec<u32> {
            [0, 1, 22, 9]
                .into_iter()
                .chain(0..9)
                .chain([1, seen])
                .collect()
        };
        assert!(read(&skyscraper_of(9)).is_ok());
        // A dot whose relation nests "none of" five deep, one more than a message may.
        let nested = [3, 1].repeat(5);
        let too_deep: Vec<u32> = [0, 1, 17, 2, 0, 1, nested.len() as u32 + 2]
            .into_iter()
            .chain(nested)
            .chain([0, 1])
            .collect();
        let cases: [(&[u32], &str); 20] = [
            (&[0, 1, 5, 2, 80, 81, 1, 0], "rule 1 is off the grid"),
            (&[0, 1, 3, 2, 0, 1, 1, 3], "rule 1: it splits its cells"),
            (&[0, 1, 17, 3, 0, 1, 2, 2, 0, 1], "rule 1: no such rule"),
            (&[0, 1, 99, 1, 0, 0], "rule 1: no such rule"),
            (&[0, 1, 0, 0, 0], "rule 1: no cells"),
            (&[0, 1, 23, 2, 0, 1, 2, 5, 0], "rule 1: no such place"),
            (&row, "house 1 is not a set of cells on the grid"),
            (&[1, 6, 2, 0, 0, 0], "house 1 is not"),
            (&[1, 6, 2, 0, 81, 0], "house 1 is not"),
            (&[1, 9, 1, 0, 0], "no such house"),
            (&[1], "the puzzle ends early"),
            (&[0, 1, 5, 4_000_000_000], "the puzzle ends early"),
            (&[0, 0, 7], "numbers after the puzzle"),
            (&[0, 1, 9, 2, 0, 1, 1, 256], "rule 1: a number is too large"),
            (&[0, 1, 17, 2, 0, 1, 3, 0, 1, 0], "rule 1: no such relation"),
            (
                &[0, 1, 17, 2, 0, 1, 4, 3, 2, 0, 1],
                "rule 1: no such relation",
            ),
            (&too_deep, "rule 1: no such relation"),
            (
                &[0, 1, 20, 5, 0, 1, 9, 10, 11, 1, 1],
                "rule 1: no such rule",
            ),
            (&skyscraper_of(10), "rule 1: no such rule"),
            (&[0, 1, 21, 2, 0, 1, 1, 3], "rule 1: no such rule"),
        ];
        for (rest, fault) in cases {
            let error = read(rest).unwrap_err();
            assert!(
                error.contains(fault),
                "{rest:?}: {error} does not say {fault}"
            );
        }
        let small = Puzzle::try_from(vec![3, 0, 0, 0, 0, 0]).unwrap_err();
        assert_eq!(small, "3 cells make no grid");
        let mut large = vec![16, 300];
        large.extend([0; 17]);
        assert_eq!(
            Puzzle::try_from(large).unwrap_err(),
            "a given is too large for the grid"
        );
        // Through serde, the error is the message's.
        let error = serde_json::from_str::<Puzzle>("[16,1]")
            .unwrap_err()
            .to_string();
        assert!(error.contains("the puzzle ends early"), "{error}");
    }
}
