//! Two neighbouring cells related by a dot or a letter: a white Kropki dot (their
//! difference), a black one (their ratio), X or V (their sum); or, where every such mark
//! is given (non-consecutive, negative constraints), a pair with no mark keeps none of
//! these relations.

use super::{all, bit, digits, Constraint, Numbers, RuleTechnique, NOT_THESE};
use crate::level::Level;
use crate::shape::Shape;

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Relation {
    /// A white dot: the digits differ by this much (1 unless it says otherwise).
    Difference(u8),
    /// A black dot: one digit is this many times the other (2 unless it says otherwise).
    Ratio(u8),
    /// X (10), V (5), or another total.
    Sum(u8),
    /// No mark where every mark is given: none of these relations holds.
    NoneOf(Vec<Relation>),
}

impl Relation {
    pub fn holds(&self, a: u8, b: u8) -> bool {
        match self {
            Relation::Difference(d) => a.abs_diff(b) == *d,
            Relation::Ratio(r) => {
                u16::from(a) == u16::from(b) * u16::from(*r)
                    || u16::from(b) == u16::from(a) * u16::from(*r)
            }
            Relation::Sum(s) => u16::from(a) + u16::from(b) == u16::from(*s),
            Relation::NoneOf(list) => !list.iter().any(|r| r.holds(a, b)),
        }
    }

    fn name(&self) -> String {
        match self {
            Relation::Difference(1) => "white dot".into(),
            Relation::Difference(d) => format!("white dot ({d})"),
            Relation::Ratio(2) => "black dot".into(),
            Relation::Ratio(r) => format!("black dot ({r})"),
            Relation::Sum(10) => "X".into(),
            Relation::Sum(5) => "V".into(),
            Relation::Sum(s) => format!("sum {s}"),
            // Read as one noun, "the no-white-dot rule": "no white dot" alone would say
            // the opposite of what a step means ("would break no white dot").
            Relation::NoneOf(list) => {
                let names: Vec<String> = list.iter().map(Relation::name).collect();
                format!("no-{} rule", names.join("-or-").replace(' ', "-"))
            }
        }
    }

    /// Writes the relation as (0 difference, 1 ratio, 2 sum) and its number, or as 3 for
    /// "none of these", their count and each of them written the same way.
    fn write(&self, out: &mut Vec<u32>) {
        match self {
            Relation::Difference(d) => out.extend([0, u32::from(*d)]),
            Relation::Ratio(r) => out.extend([1, u32::from(*r)]),
            Relation::Sum(s) => out.extend([2, u32::from(*s)]),
            Relation::NoneOf(list) => {
                out.extend([3, list.len() as u32]);
                list.iter().for_each(|r| r.write(out));
            }
        }
    }

    /// The relation `numbers` start with (nesting "none of" at most `depth` deep), and the
    /// numbers after it.
    fn read(numbers: &[u32], depth: usize) -> Result<(Relation, &[u32]), &'static str> {
        let small = |v: u32| u8::try_from(v).map_err(|_| "a number is too large");
        Ok(match numbers {
            [0, v, rest @ ..] => (Relation::Difference(small(*v)?), rest),
            [1, v, rest @ ..] => (Relation::Ratio(small(*v)?), rest),
            [2, v, rest @ ..] => (Relation::Sum(small(*v)?), rest),
            [3, count, items @ ..] if depth > 0 => {
                let (mut list, mut rest) = (Vec::new(), items);
                for _ in 0..*count {
                    let (relation, after) = Relation::read(rest, depth - 1)?;
                    list.push(relation);
                    rest = after;
                }
                (Relation::NoneOf(list), rest)
            }
            _ => return Err("no such relation"),
        })
    }
}

/// How deep "none of" may nest in a message, so that reading one cannot exhaust the stack.
const DEEPEST: usize = 4;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Dot {
    cells: [usize; 2],
    pub(crate) relation: Relation,
    /// For each digit of one cell, the digits the other may hold.
    partners: Vec<u32>,
}

impl Dot {
    pub fn new(a: usize, b: usize, relation: Relation, n: usize) -> Dot {
        let partners = (1..=n as u8)
            .map(|x| {
                digits(all(n))
                    .filter(|&y| relation.holds(x, y))
                    .fold(0, |s, y| s | bit(y))
            })
            .collect();
        Dot {
            cells: [a, b],
            relation,
            partners,
        }
    }

    pub fn relation(&self) -> &Relation {
        &self.relation
    }

    fn partners_of(&self, set: u32) -> u32 {
        digits(set).fold(0, |s, x| s | self.partners[x as usize - 1])
    }
}

impl Constraint for Dot {
    const TAG: u32 = 17;
    const TECHNIQUE: RuleTechnique = RuleTechnique {
        name: "Kropki and XV pairs",
        rating: 2.0,
        level: Level::Medium,
    };
    const IN_A_SENTENCE: Option<&'static str> =
        Some("A white dot joins consecutive digits, a black dot a digit and its double.");

    fn numbers(&self) -> Vec<u32> {
        let mut out = Vec::new();
        self.relation.write(&mut out);
        out
    }

    fn read(cells: Vec<usize>, numbers: &Numbers, n: usize) -> Result<Dot, &'static str> {
        let [a, b] = cells[..] else {
            return Err(NOT_THESE);
        };
        match Relation::read(numbers.list(), DEEPEST)? {
            (relation, []) => Ok(Dot::new(a, b, relation, n)),
            _ => Err("no such relation"),
        }
    }

    fn cells(&self) -> &[usize] {
        &self.cells
    }

    fn holds(&self, values: &[u8], _n: usize) -> bool {
        self.relation.holds(values[0], values[1])
    }

    fn propagate(&self, domains: &mut [u32], _n: usize) -> bool {
        domains[1] &= self.partners_of(domains[0]);
        domains[0] &= self.partners_of(domains[1]);
        domains[0] != 0 && domains[1] != 0
    }

    fn describe(&self, shape: Shape) -> String {
        let [a, b] = self.cells.map(|c| shape.cell(c));
        format!("{} between {a} and {b}", self.relation.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{testing, Rule};

    #[test]
    fn dots_match_brute_force() {
        let relations = [
            Relation::Difference(1),
            Relation::Ratio(2),
            Relation::Sum(5),
            Relation::Difference(3),
            Relation::NoneOf(vec![Relation::Difference(1), Relation::Ratio(2)]),
        ];
        for relation in relations {
            testing::against_brute_force(&Rule::Dot(Dot::new(0, 1, relation, 6)), 6);
        }
        let dot = Dot::new(0, 1, Relation::Ratio(2), 9);
        assert_eq!(dot.describe(Shape::NINE), "black dot between r1c1 and r1c2");
        assert_eq!(dot.partners_of(bit(4)), bit(2) | bit(8));
    }
}
