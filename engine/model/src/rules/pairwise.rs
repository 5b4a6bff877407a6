//! Relations between pairs of cells: a relation given as a table of the digit pairs it
//! allows (ISS's `Pair` between consecutive cells and `PairX` between every two; its
//! `Binary` and `BinaryX` are the same with an older spelling of the table), and the
//! greater-than sign (ISS's `GreaterThan`), whose cells each exceed every later cell of
//! the list next to them.
//!
//! Each pair keeps the digits with a partner across it, until nothing changes: along a
//! chain of consecutive cells that is exact.

use super::{above, all, below, bit, digits, highest, lowest, Constraint, Numbers};
use super::{RuleTechnique, NOT_THESE};
use crate::level::Level;
use crate::shape::{path, span, Shape};
use crate::symbols::BASE64URL;

/// Narrows `domains` until each pair `(i, j)` of places has, for every digit left at
/// either end, a digit left at the other that `after` and `before` pair it with:
/// `after(set)` is the digits the second cell may hold beside the first's `set`,
/// `before(set)` those of the first beside the second's. False if a cell is left empty.
fn arcs(
    domains: &mut [u32],
    pairs: &[(u16, u16)],
    after: impl Fn(u32) -> u32,
    before: impl Fn(u32) -> u32,
) -> bool {
    loop {
        let mut changed = false;
        for &(i, j) in pairs {
            let (i, j) = (usize::from(i), usize::from(j));
            let second = domains[j] & after(domains[i]);
            let first = domains[i] & before(second);
            if first == 0 || second == 0 {
                return false;
            }
            changed |= first != domains[i] || second != domains[j];
            domains[i] = first;
            domains[j] = second;
        }
        if !changed {
            return true;
        }
    }
}

/// Places `(i, j)`, `i < j`, of the cells next to each other (sharing a side) on a grid
/// of side `n`, as ISS pairs them: a cell listed again is compared only with cells not
/// listed up to it.
fn neighbours(cells: &[usize], n: usize) -> Vec<(u16, u16)> {
    let mut pairs = Vec::new();
    for (i, &a) in cells.iter().enumerate() {
        for (j, &b) in cells.iter().enumerate().skip(i + 1) {
            let (ra, ca, rb, cb) = (a / n, a % n, b / n, b % n);
            if ra.abs_diff(rb) + ca.abs_diff(cb) == 1 && !cells[..=i].contains(&b) {
                pairs.push((i as u16, j as u16));
            }
        }
    }
    pairs
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GreaterThan {
    cells: Vec<usize>,
    /// The places of each cell and a later one next to it.
    pairs: Vec<(u16, u16)>,
}

impl GreaterThan {
    /// Each of `cells` (on a grid of side `n`) is greater than every later one beside it.
    pub fn new(cells: Vec<usize>, n: usize) -> GreaterThan {
        let pairs = neighbours(&cells, n);
        GreaterThan { cells, pairs }
    }
}

impl Constraint for GreaterThan {
    const TAG: u32 = 26;
    const TECHNIQUE: RuleTechnique = RuleTechnique {
        name: "Greater-than signs",
        rating: 1.5,
        level: Level::Easy,
    };

    fn numbers(&self) -> Vec<u32> {
        Vec::new()
    }

    /// At least one pair of cells next to each other, as ISS asks.
    fn read(cells: Vec<usize>, _numbers: &Numbers, n: usize) -> Result<GreaterThan, &'static str> {
        let rule = GreaterThan::new(cells, n);
        if rule.pairs.is_empty() {
            return Err(NOT_THESE);
        }
        Ok(rule)
    }

    fn cells(&self) -> &[usize] {
        &self.cells
    }

    fn holds(&self, values: &[u8], _n: usize) -> bool {
        self.pairs
            .iter()
            .all(|&(i, j)| values[usize::from(i)] > values[usize::from(j)])
    }

    fn propagate(&self, domains: &mut [u32], _n: usize) -> bool {
        arcs(
            domains,
            &self.pairs,
            |first| below(highest(first)),
            |second| above(lowest(second)),
        )
    }

    fn describe(&self, shape: Shape) -> String {
        match self.cells[..] {
            [a, b] => format!("greater-than sign {} > {}", shape.cell(a), shape.cell(b)),
            _ => format!("greater-than signs {}", path(shape, &self.cells)),
        }
    }
}

/// A relation given as a table of the digit pairs it allows, between consecutive cells or
/// every two.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pairwise {
    cells: Vec<usize>,
    /// For each digit of the first cell of a pair (from 1), the digits the second may hold.
    table: Vec<u32>,
    /// Between every two cells (the table is then the same both ways), not only
    /// consecutive ones.
    every_two: bool,
    pairs: Vec<(u16, u16)>,
}

impl Pairwise {
    /// The relation `table` (a set of digits for each digit from 1) between consecutive
    /// `cells`, or between every two of them when `every_two`.
    pub fn new(cells: Vec<usize>, table: Vec<u32>, every_two: bool) -> Pairwise {
        // A grid has at most 625 cells.
        let len = cells.len() as u16;
        let pairs = if every_two {
            (0..len)
                .flat_map(|i| (i + 1..len).map(move |j| (i, j)))
                .collect()
        } else {
            (1..len).map(|j| (j - 1, j)).collect()
        };
        Pairwise {
            cells,
            table,
            every_two,
            pairs,
        }
    }

    /// ISS's table of a relation on a grid of side `n` (its `Pair` key): bit
    /// `(a - 1) * n + (b - 1)` says whether the first cell may hold `a` beside `b`, six
    /// bits to a character of URL-safe base64, lowest first, trailing zero characters
    /// left out. `legacy` reads the older `Binary` key, whose `-` and `_` swap places.
    pub fn table_of_key(key: &str, n: usize, legacy: bool) -> Result<Vec<u32>, String> {
        if key.len() > (n * n).div_ceil(6) {
            return Err(format!("the relation {key} is too long for {n} digits"));
        }
        let mut table = vec![0u32; n];
        for (k, c) in key.bytes().enumerate() {
            let c = match (legacy, c) {
                (true, b'-') => b'_',
                (true, b'_') => b'-',
                (_, c) => c,
            };
            let six = BASE64URL.iter().position(|&b| b == c).ok_or_else(|| {
                format!(
                    "the relation {key} has {} where base64 is expected",
                    c as char
                )
            })?;
            for b in (0..6).filter(|b| six >> b & 1 == 1) {
                let at = k * 6 + b;
                if at < n * n {
                    table[at / n] |= 1 << (at % n);
                }
            }
        }
        Ok(table)
    }

    /// The table as ISS writes it ([`Pairwise::table_of_key`], not `legacy`).
    pub fn key(&self) -> String {
        let n = self.table.len();
        let mut sixes: Vec<usize> = (0..n * n)
            .collect::<Vec<_>>()
            .chunks(6)
            .map(|bits| {
                bits.iter()
                    .enumerate()
                    .filter(|(_, &at)| self.table[at / n] >> (at % n) & 1 == 1)
                    .fold(0, |six, (b, _)| six | 1 << b)
            })
            .collect();
        while sixes.last() == Some(&0) {
            sixes.pop();
        }
        sixes.iter().map(|&six| BASE64URL[six] as char).collect()
    }

    /// The digits the second cell of a pair may hold beside the first's `set`.
    fn after(&self, set: u32) -> u32 {
        digits(set).fold(0, |s, a| s | self.table[usize::from(a) - 1])
    }

    /// The digits the first cell of a pair may hold beside the second's `set`.
    fn before(&self, set: u32) -> u32 {
        (1..=self.table.len() as u8)
            .filter(|&a| self.table[usize::from(a) - 1] & set != 0)
            .fold(0, |s, a| s | bit(a))
    }
}

impl Constraint for Pairwise {
    const TAG: u32 = 27;
    const TECHNIQUE: RuleTechnique = RuleTechnique {
        name: "Pair relations",
        rating: 2.0,
        level: Level::Medium,
    };

    /// Whether between every two cells, then the table's sets, one per digit.
    fn numbers(&self) -> Vec<u32> {
        std::iter::once(u32::from(self.every_two))
            .chain(self.table.iter().copied())
            .collect()
    }

    /// A set for each digit of the grid; the same both ways between every two cells.
    fn read(cells: Vec<usize>, numbers: &Numbers, n: usize) -> Result<Pairwise, &'static str> {
        let every_two = numbers.flag(0)?;
        let table = &numbers.list()[1..];
        if table.len() != n || table.iter().any(|&set| set & !all(n) != 0) {
            return Err(NOT_THESE);
        }
        let symmetric = (0..n).all(|a| (0..n).all(|b| table[a] >> b & 1 == table[b] >> a & 1));
        if every_two && !symmetric {
            return Err("a relation between every two cells must read the same both ways");
        }
        Ok(Pairwise::new(cells, table.to_vec(), every_two))
    }

    fn cells(&self) -> &[usize] {
        &self.cells
    }

    fn holds(&self, values: &[u8], _n: usize) -> bool {
        self.pairs.iter().all(|&(i, j)| {
            let (a, b) = (values[usize::from(i)], values[usize::from(j)]);
            self.table
                .get(usize::from(a) - 1)
                .is_some_and(|set| set & bit(b) != 0)
        })
    }

    fn propagate(&self, domains: &mut [u32], _n: usize) -> bool {
        arcs(
            domains,
            &self.pairs,
            |first| self.after(first),
            |second| self.before(second),
        )
    }

    fn describe(&self, shape: Shape) -> String {
        if self.every_two {
            format!(
                "pair relation between every two of {}",
                span(shape, &self.cells)
            )
        } else {
            format!("pair relation along {}", path(shape, &self.cells))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{testing, Rule};

    #[test]
    fn a_greater_than_sign_compares_each_cell_with_later_neighbours() {
        // r1c1 r1c2 r2c2 r2c1 on 6x6, in this order: r1c1 > r1c2, r1c1 > r2c1,
        // r1c2 > r2c2, r2c2 > r2c1; not r1c1 and r2c2 (not beside each other).
        let rule = GreaterThan::new(vec![0, 1, 7, 6], 6);
        assert_eq!(rule.pairs, [(0, 1), (0, 3), (1, 2), (2, 3)]);
        // r1c1 listed again after r1c2 is not compared with it the other way.
        assert_eq!(GreaterThan::new(vec![0, 1, 0], 6).pairs, [(0, 1)]);
        assert!(rule.holds(&[4, 3, 2, 1], 6));
        assert!(!rule.holds(&[4, 3, 1, 2], 6));
        testing::against_brute_force(&Rule::GreaterThan(rule), 6);
        let two = GreaterThan::new(vec![0, 1], 9);
        assert_eq!(two.describe(Shape::NINE), "greater-than sign r1c1 > r1c2");
        for cells in [vec![0, 1, 2, 3], vec![8, 2, 3, 9, 15]] {
            testing::against_brute_force(&Rule::GreaterThan(GreaterThan::new(cells, 6)), 6);
        }
    }

    /// The table of `relation` on a grid of side `n`.
    fn table(n: u8, relation: impl Fn(u8, u8) -> bool) -> Vec<u32> {
        (1..=n)
            .map(|a| {
                (1..=n)
                    .filter(|&b| relation(a, b))
                    .fold(0, |s, b| s | bit(b))
            })
            .collect()
    }

    #[test]
    fn pair_relations_match_brute_force() {
        let relations = [
            table(6, |a, b| a.abs_diff(b) >= 2),
            table(6, |a, b| (a + b) % 3 == 0),
            table(6, |a, b| a < b),
        ];
        for relation in relations {
            let line = Pairwise::new((0..4).collect(), relation.clone(), false);
            testing::against_brute_force(&Rule::Pairwise(line), 6);
        }
        let apart = Pairwise::new((0..4).collect(), table(6, |a, b| a.abs_diff(b) >= 2), true);
        testing::against_brute_force(&Rule::Pairwise(apart), 6);
    }

    #[test]
    fn iss_keys_read_and_write_the_table() {
        // ISS's key of "a > b" on 4 digits: bits (a - 1) * 4 + (b - 1) for a > b.
        let greater = table(4, |a, b| a > b);
        let rule = Pairwise::new(vec![0, 1], greater.clone(), false);
        let key = rule.key();
        assert_eq!(Pairwise::table_of_key(&key, 4, false), Ok(greater.clone()));
        // Bits 4 (2 > 1), 8 and 9 (3 > 1, 2), 12 to 14 (4 > 1, 2, 3), six to a
        // character: 16, 4 + 8 and 1 + 2 + 4.
        assert_eq!(key, "QMH");
        // The legacy key swaps - and _.
        assert_eq!(
            Pairwise::table_of_key("_", 4, true),
            Pairwise::table_of_key("-", 4, false)
        );
        assert!(Pairwise::table_of_key("Qz*", 4, false).is_err());
        assert!(Pairwise::table_of_key("QzDAA", 4, false).is_err());
    }
}
