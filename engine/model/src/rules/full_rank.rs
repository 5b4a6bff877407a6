//! Full rank (ISS's `FullRank` clues and its `FullRankTies` option): every row and column
//! is read as a number from each end, and the 4n numbers are ranked from the lowest (1).
//! A clue outside the grid gives the rank of the number read from its side: that many
//! minus one numbers are lower than it.
//!
//! Ties, where two numbers read alike, are ISS's option: by default (`only-unclued`) a
//! clued number ties with no unclued one, `any` lets it, and `none` lets no two numbers of
//! the grid tie, clued or not, so that it is a rule even without a clue. Two clues of one
//! rank read alike (ISS's optimizer makes them equal), and the rank counts the numbers
//! strictly lower, so tied numbers share a rank.
//!
//! A clued number starts with the digit its rank says (ranks 1-4 with 1, 5-8 with 2, and
//! so on), as ISS's handler sets it from the start: on a Sudoku grid that follows from the
//! ranks, and it prunes a search long before the numbers can be compared.
//!
//! One rule holds all the clues of a grid, as ISS's handlers are merged into one: its
//! cells are the whole grid, in reading order.
//!
//! The numbers of one first digit, four of them, are a rank set, as ISS's handler groups
//! them (`_enforceSingleRankSet`): a clue of rank 4(d-1)+k+1 has k of its set below it and
//! 3-k above, so as many of the set's unclued numbers as its clues leave. Where the
//! numbers that may be below (or above) are just enough, each must start with d; where
//! those surely below (or above) fill the places, no other number surely below (above)
//! starts with d; and two numbers of the set in a known order are narrowed at the first
//! cell where they may differ (`_enforceUncluedEntriesForGiven`,
//! `_enforceOrderedEntryPair`). This counts on each digit starting four numbers, once in
//! each edge row and column, as on ISS's grids, whose rows and columns are houses: the
//! rule holds only where the four edge lines hold distinct digits.

use super::{above, below, bit, highest, lowest, Constraint, Numbers, RuleTechnique, NOT_THESE};
use crate::level::Level;
use crate::shape::Shape;

/// When two numbers may read alike, as ISS's `FullRankTies` says; its codes are the wire's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ties {
    /// No two numbers of the grid (`none`).
    None = 0,
    /// Unclued numbers among themselves (`only-unclued`, ISS's default).
    OnlyUnclued = 1,
    /// Any numbers (`any`).
    Any = 2,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FullRank {
    /// The whole grid.
    cells: Vec<usize>,
    /// Each row's cells and each column's, each from both ends, in ISS's order: row 1
    /// from the left, from the right, row 2..., then the columns from the top and from
    /// the bottom.
    entries: Vec<Vec<usize>>,
    /// The clues: a number (an index of `entries`) and its rank.
    clues: Vec<(usize, u32)>,
    ties: Ties,
    /// The clues by their first digit (see the module's doc); none where two clues share
    /// a rank, which ISS's handler does not take.
    rank_sets: Vec<RankSet>,
}

/// The clues of one first digit, in order of rank, and the numbers no clue reads.
#[derive(Clone, Debug, PartialEq, Eq)]
struct RankSet {
    digit: u8,
    /// Each clue's number, and how many unclued numbers of the set are below it and above.
    clues: Vec<(usize, usize, usize)>,
}

/// The first digit of a number of rank `rank`: d for ranks 4(d-1)+1 to 4d. In a Sudoku
/// each digit starts four numbers (one in each edge row and column), so the numbers
/// starting with lower digits are the 4(d-1) lowest; ISS's handler restricts a clued
/// number's first cell to it from the start (`FullRank.initialize`), and so does the rule.
fn first_digit(rank: u32) -> u8 {
    rank.div_ceil(4) as u8
}

/// What two numbers, read from candidates cell by cell, may be: lower, equal, higher.
#[derive(Clone, Copy)]
struct Outcomes {
    less: bool,
    equal: bool,
    greater: bool,
}

impl FullRank {
    /// The rule of `clues` (a number's index, as [`FullRank::entry`] gives it, and its
    /// rank) with `ties`, on a grid of side `n`.
    pub fn new(n: usize, clues: Vec<(usize, u32)>, ties: Ties) -> FullRank {
        let mut entries = Vec::with_capacity(4 * n);
        for line in 0..2 * n {
            let cells: Vec<usize> = if line < n {
                (0..n).map(|c| line * n + c).collect()
            } else {
                (0..n).map(|r| r * n + line - n).collect()
            };
            entries.push(cells.clone());
            entries.push(cells.into_iter().rev().collect());
        }
        // Each set's clues in order of rank, by walking the ranks (no sort: the page's
        // bytes).
        let rank_of = |rank: u32| clues.iter().filter(move |&&(_, r)| r == rank);
        let mut rank_sets: Vec<RankSet> = Vec::new();
        if clues.iter().all(|&(_, rank)| rank_of(rank).count() == 1) {
            for digit in 1..=n as u8 {
                let ranks = 4 * u32::from(digit) - 3..=4 * u32::from(digit);
                let of: Vec<(usize, u32)> = ranks.flat_map(rank_of).copied().collect();
                let count = of.len();
                let clues = of
                    .iter()
                    .enumerate()
                    .map(|(i, &(e, rank))| {
                        let place = (rank as usize - 1) % 4;
                        let below = place.saturating_sub(i);
                        let above = (3 - place).saturating_sub(count - i - 1);
                        (e, below, above)
                    })
                    .collect();
                if count > 0 {
                    rank_sets.push(RankSet { digit, clues });
                }
            }
        }
        FullRank {
            cells: (0..n * n).collect(),
            entries,
            clues,
            ties,
            rank_sets,
        }
    }

    /// The index of the number read along `line` (its cells from the clue's side) on a
    /// grid of side `n`, if it is a whole row or column.
    pub fn entry(line: &[usize], n: usize) -> Option<usize> {
        FullRank::new(n, Vec::new(), Ties::Any)
            .entries
            .iter()
            .position(|e| e == line)
    }

    pub fn clues(&self) -> &[(usize, u32)] {
        &self.clues
    }

    pub fn ties(&self) -> Ties {
        self.ties
    }

    /// Whether the number `e` is clued.
    fn clued(&self, e: usize) -> bool {
        self.clues.iter().any(|&(c, _)| c == e)
    }

    /// What number `f` may be beside number `e`, read from `domains` cell by cell.
    fn outcomes(&self, f: usize, e: usize, domains: &[u32]) -> Outcomes {
        let mut order = Outcomes {
            less: false,
            equal: true,
            greater: false,
        };
        for (&a, &b) in self.entries[f].iter().zip(&self.entries[e]) {
            if !order.equal {
                break;
            }
            let (a, b) = (domains[a], domains[b]);
            order.less |= lowest(a) < highest(b);
            order.greater |= highest(a) > lowest(b);
            order.equal &= a & b != 0;
        }
        order
    }

    /// Whether the clue of number `e` and `rank` can still be kept, as far as comparing
    /// numbers candidate by candidate tells.
    fn clue_possible(&self, e: usize, rank: u32, domains: &[u32]) -> bool {
        let (mut surely_less, mut maybe_less) = (0, 0);
        for f in (0..self.entries.len()).filter(|&f| f != e) {
            let order = self.outcomes(f, e, domains);
            maybe_less += u32::from(order.less);
            surely_less += u32::from(order.less && !order.equal && !order.greater);
            let tie_only = order.equal && !order.less && !order.greater;
            if tie_only && self.ties != Ties::Any && !self.clued(f) {
                return false;
            }
        }
        surely_less < rank && rank <= maybe_less + 1
    }

    /// Whether each clued number starts with the digit its rank says ([`first_digit`]).
    fn firsts_kept(&self, values: &[u8]) -> bool {
        self.clues
            .iter()
            .all(|&(e, rank)| values[self.entries[e][0]] == first_digit(rank))
    }

    /// Whether two numbers are down to the same digits (where no two may tie).
    fn placed_tie(&self, domains: &[u32]) -> bool {
        let placed: Vec<Vec<u32>> = self
            .entries
            .iter()
            .filter(|e| e.iter().all(|&c| domains[c].count_ones() == 1))
            .map(|e| e.iter().map(|&c| domains[c]).collect())
            .collect();
        placed
            .iter()
            .enumerate()
            .any(|(i, a)| placed[..i].contains(a))
    }

    /// Whether each digit starts four numbers: the edge rows and columns hold distinct
    /// digits, as the rank sets count on (see the module's doc).
    fn edges_distinct(&self, values: &[u8]) -> bool {
        let domains: Vec<u32> = values.iter().map(|&v| bit(v)).collect();
        self.edges_apart(&domains)
    }

    /// Whether no two cells of an edge row or column are down to the same digit.
    fn edges_apart(&self, domains: &[u32]) -> bool {
        let last = self.entries.len() / 2 - 1;
        let n = self.entries[0].len();
        [0, n - 1, n, last].iter().all(|&line| {
            let mut seen = 0u32;
            self.entries[2 * line].iter().all(|&c| {
                let d = domains[c];
                let apart = d.count_ones() != 1 || seen & d == 0;
                seen |= if d.count_ones() == 1 { d } else { 0 };
                apart
            })
        })
    }

    /// Narrows the numbers `low` and `high` of one first digit so that `low` reads lower,
    /// at the first cell where they may differ; false where they cannot
    /// (`_enforceOrderedEntryPair`).
    fn order(&self, low: usize, high: usize, domains: &mut [u32]) -> bool {
        let (low, high) = (&self.entries[low], &self.entries[high]);
        for (&a, &b) in low.iter().zip(high).skip(1) {
            let (x, y) = (domains[a], domains[b]);
            if x == y && x.count_ones() == 1 {
                continue;
            }
            let x = x & !above(highest(y));
            let y = y & !below(lowest(x.max(1)));
            domains[a] = x;
            domains[b] = y;
            if x == 0 || y == 0 {
                return false;
            }
            if !(x == y && x.count_ones() == 1) {
                return true;
            }
        }
        false
    }

    /// The rank sets' reasoning (see the module's doc); false where a clue cannot hold.
    fn keep_rank_sets(&self, domains: &mut [u32]) -> bool {
        if !self.edges_apart(domains) {
            return false;
        }
        let any = self.ties == Ties::Any;
        for set in &self.rank_sets {
            let digit = bit(set.digit);
            for pair in set.clues.windows(2) {
                if !self.order(pair[0].0, pair[1].0, domains) {
                    return false;
                }
            }
            if set.clues.len() == 4 {
                continue;
            }
            let viable: Vec<usize> = (0..self.entries.len())
                .filter(|&f| !self.clued(f) && domains[self.entries[f][0]] & digit != 0)
                .collect();
            if viable.len() < 4 - set.clues.len() {
                return false;
            }
            for &(e, below_needed, above_needed) in &set.clues {
                // Each viable number beside the clue's, both read from their second cell:
                // whether it is fixed to the digit, may be lower, higher, or differ.
                let mut flags = Vec::with_capacity(viable.len());
                for &f in &viable {
                    let fixed = domains[self.entries[f][0]] == digit;
                    let (mut less, mut greater, mut differs) = (false, false, false);
                    for (&a, &b) in self.entries[f].iter().zip(&self.entries[e]).skip(1) {
                        let (x, y) = (domains[a], domains[b]);
                        greater |= highest(x) > lowest(y);
                        less |= lowest(x) < highest(y);
                        differs |= x & y == 0;
                        if (less && greater) || lowest(x) > highest(y) || highest(x) < lowest(y) {
                            break;
                        }
                    }
                    if !any {
                        if fixed && !less && !greater && !differs {
                            return false;
                        }
                        differs = true;
                    }
                    flags.push((fixed, less, greater, differs));
                }
                let surely = |&(fixed, less, greater, differs): &(bool, bool, bool, bool)| {
                    fixed && (differs || !any) && less != greater
                };
                for lower in [true, false] {
                    let needed = if lower { below_needed } else { above_needed };
                    let side = |f: &(bool, bool, bool, bool)| if lower { f.1 } else { f.2 };
                    let maybe = flags.iter().filter(|f| side(f)).count();
                    let fixed = flags.iter().filter(|f| side(f) && surely(f)).count();
                    if fixed > needed {
                        return false;
                    }
                    // With ties allowed, a tied number may take a place above the clue.
                    let exact = lower || !any;
                    if exact && maybe < needed {
                        return false;
                    }
                    if exact && maybe == needed && fixed < needed {
                        for (&f, flag) in viable.iter().zip(&flags) {
                            if side(flag) {
                                domains[self.entries[f][0]] &= digit;
                            }
                        }
                    } else if fixed == needed && maybe > needed {
                        for (&f, flag) in viable.iter().zip(&flags) {
                            let &(is_fixed, less, greater, differs) = flag;
                            if side(flag) && !is_fixed && differs && less != greater {
                                domains[self.entries[f][0]] &= !digit;
                            } else if is_fixed && less && greater && differs {
                                // No place is left on its side: it is on the other.
                                let (low, high) = if lower { (e, f) } else { (f, e) };
                                if !self.order(low, high, domains) {
                                    return false;
                                }
                            }
                        }
                    }
                }
                if viable.iter().any(|&f| domains[self.entries[f][0]] == 0) {
                    return false;
                }
            }
        }
        true
    }

    /// Where each number is in words: "row 1 from the left".
    fn side(&self, e: usize, n: usize) -> String {
        let line = e / 2;
        let from = e % 2 == 1;
        match (line < n, from) {
            (true, false) => format!("row {} from the left", line + 1),
            (true, true) => format!("row {} from the right", line + 1),
            (false, false) => format!("column {} from the top", line - n + 1),
            (false, true) => format!("column {} from the bottom", line - n + 1),
        }
    }
}

impl Constraint for FullRank {
    const TAG: u32 = 28;
    const TECHNIQUE: RuleTechnique = RuleTechnique {
        name: "Full rank clue",
        rating: 3.0,
        level: Level::Hard,
    };

    /// The ties' code, then each clue's number and rank.
    fn numbers(&self) -> Vec<u32> {
        let clues = self.clues.iter().flat_map(|&(e, rank)| [e as u32, rank]);
        std::iter::once(self.ties as u32).chain(clues).collect()
    }

    /// The whole grid in reading order; ranks from 1 to 4n.
    fn read(cells: Vec<usize>, numbers: &Numbers, n: usize) -> Result<Self, &'static str> {
        if cells.len() != n * n || cells.iter().enumerate().any(|(i, &c)| i != c) {
            return Err(NOT_THESE);
        }
        let ties = match numbers.get(0)? {
            0 => Ties::None,
            1 => Ties::OnlyUnclued,
            2 => Ties::Any,
            _ => return Err("no such rule for ties"),
        };
        let list = &numbers.list()[1..];
        let numbers_read = 4 * n as u32;
        let fits = |c: &[u32]| c[0] < numbers_read && (1..=numbers_read).contains(&c[1]);
        if !list.len().is_multiple_of(2) || !list.chunks(2).all(fits) {
            return Err(NOT_THESE);
        }
        let clues = list.chunks(2).map(|c| (c[0] as usize, c[1])).collect();
        Ok(FullRank::new(n, clues, ties))
    }

    fn cells(&self) -> &[usize] {
        &self.cells
    }

    fn holds(&self, values: &[u8], _n: usize) -> bool {
        let read = |e: usize| self.entries[e].iter().map(|&c| values[c]);
        let numbers: Vec<Vec<u8>> = (0..self.entries.len()).map(|e| read(e).collect()).collect();
        let clues_kept = self.clues.iter().all(|&(e, rank)| {
            let others = (0..numbers.len()).filter(|&f| f != e);
            let lower = others.clone().filter(|&f| numbers[f] < numbers[e]).count();
            let tied_unclued = others
                .filter(|&f| numbers[f] == numbers[e])
                .any(|f| !self.clued(f));
            lower as u32 + 1 == rank && (self.ties == Ties::Any || !tied_unclued)
        });
        let tied = (0..numbers.len()).any(|e| numbers[..e].contains(&numbers[e]));
        clues_kept
            && self.firsts_kept(values)
            && self.edges_distinct(values)
            && !(self.ties == Ties::None && tied)
    }

    /// Each clued number starts with its rank's digit, and must have as many numbers below
    /// it as its rank says, counting those surely below and those that may be; where ties
    /// are limited, a number that can only tie breaks the rule. Then the rank sets.
    fn propagate(&self, domains: &mut [u32], _n: usize) -> bool {
        if self.ties == Ties::None && self.placed_tie(domains) {
            return false;
        }
        for &(e, rank) in &self.clues {
            let first = self.entries[e][0];
            domains[first] &= bit(first_digit(rank));
            if domains[first] == 0 {
                return false;
            }
        }
        // Each clued number's first cell is down to one digit now, so a clue is kept or not.
        self.clues
            .iter()
            .all(|&(e, rank)| self.clue_possible(e, rank, domains))
            && self.keep_rank_sets(domains)
    }

    fn describe(&self, shape: Shape) -> String {
        let n = shape.n();
        let ties = match self.ties {
            Ties::None => " with no ties",
            Ties::OnlyUnclued => "",
            Ties::Any => " with ties",
        };
        if self.clues.is_empty() {
            return "no two rows or columns read alike".into();
        }
        let clues: Vec<String> = self
            .clues
            .iter()
            .map(|&(e, rank)| format!("{rank} for {}", self.side(e, n)))
            .collect();
        format!("full rank {}{ties}", clues.join(", "))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::Rng;
    use crate::rules::{testing, Rule};

    /// A 4x4 Sudoku solution, by rows.
    const GRID: [u8; 16] = [1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1];

    /// The rank of each number of `GRID`: 1 plus the numbers strictly lower.
    fn ranks() -> Vec<u32> {
        let rule = FullRank::new(4, Vec::new(), Ties::Any);
        let numbers: Vec<Vec<u8>> = rule
            .entries
            .iter()
            .map(|e| e.iter().map(|&c| GRID[c]).collect())
            .collect();
        numbers
            .iter()
            .map(|a| 1 + numbers.iter().filter(|b| *b < a).count() as u32)
            .collect()
    }

    #[test]
    fn a_rank_counts_the_numbers_below() {
        let ranks = ranks();
        // Row 1 from the left reads 1234, the lowest, as does row 4 from the right.
        assert_eq!((ranks[0], ranks[7]), (1, 1));
        assert_eq!(FullRank::entry(&[15, 14, 13, 12], 4), Some(7));
        assert_eq!(FullRank::entry(&[0, 4, 8, 12], 4), Some(8));
        // Column 1 from the top reads 1324, as does column 4 from the bottom: two numbers
        // are lower.
        assert_eq!((ranks[8], ranks[15]), (3, 3));
        assert!(FullRank::new(4, vec![(8, 3)], Ties::Any).holds(&GRID, 4));
        assert!(!FullRank::new(4, vec![(8, 2)], Ties::Any).holds(&GRID, 4));
        let both = FullRank::new(4, vec![(0, 1), (7, 1)], Ties::OnlyUnclued);
        assert_eq!(
            both.describe(Shape::with_side(4).unwrap()),
            "full rank 1 for row 1 from the left, 1 for row 4 from the right"
        );
    }

    #[test]
    fn ties_are_iss_option() {
        // By default, a clued number ties with no unclued one; with `any` it may.
        assert!(!FullRank::new(4, vec![(0, 1)], Ties::OnlyUnclued).holds(&GRID, 4));
        assert!(FullRank::new(4, vec![(0, 1)], Ties::Any).holds(&GRID, 4));
        // Tied numbers clued alike are no tie with an unclued one.
        let clued = vec![(0, 1), (7, 1), (8, 3), (15, 3)];
        assert!(FullRank::new(4, clued.clone(), Ties::OnlyUnclued).holds(&GRID, 4));
        // With `none`, no two numbers tie, clued or not, and with no clue at all.
        assert!(!FullRank::new(4, clued, Ties::None).holds(&GRID, 4));
        assert!(!FullRank::new(4, Vec::new(), Ties::None).holds(&GRID, 4));
        assert!(FullRank::new(4, Vec::new(), Ties::OnlyUnclued).holds(&GRID, 4));
    }

    #[test]
    fn full_ranks_match_brute_force() {
        // The grid has too many cells to try every digit in each: all but a few are down
        // to the solution's digit or to one other.
        let mut rng = Rng::new(7);
        let ranks = ranks();
        for trial in 0..300 {
            let ties = [Ties::None, Ties::OnlyUnclued, Ties::Any][trial % 3];
            let clues: Vec<(usize, u32)> = (0..1 + trial % 3)
                .map(|_| {
                    let e = rng.below(16);
                    let off = rng.below(4) == 0;
                    (
                        e,
                        if off {
                            1 + rng.below(16) as u32
                        } else {
                            ranks[e]
                        },
                    )
                })
                .collect();
            let rule = Rule::FullRank(FullRank::new(4, clues, ties));
            let domains: Vec<u32> = GRID
                .iter()
                .map(|&v| match rng.below(8) {
                    0 => super::super::all(4),
                    1 => bit(v) | bit(1 + rng.below(4) as u8),
                    2 => bit(1 + rng.below(4) as u8),
                    _ => bit(v),
                })
                .collect();
            testing::against_brute_force_on(&rule, 4, &domains);
        }
    }
}
