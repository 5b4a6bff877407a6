//! 10-lines and other sum lines (ISS's `SumLine`): the line splits into consecutive
//! segments that each add up to its sum (10 unless it says otherwise). A loop closes on
//! itself, so one segment may run on from its last cell to its first.
//!
//! Read along the line, the digits walk through partial sums of the segment under way:
//! below the sum, back to 0 each time a segment is full. A bit set of partial sums before
//! each cell, from the front and from the back, keeps exactly the digits some splitting
//! uses, as ISS's handler does; a loop tries each partial sum its first cell may start
//! from, and must come back to it.

use super::{bit, digits, narrow, Constraint, Numbers, RuleTechnique, NOT_THESE};
use crate::level::Level;
use crate::shape::{path, Shape};

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SumLine {
    cells: Vec<usize>,
    sum: u32,
    looped: bool,
}

/// Partial sums are bits of a `u64`: a segment's sum is at most this.
const LARGEST_SUM: u32 = 64;

impl SumLine {
    /// A line of segments adding up to `sum` (1 to 64), closed when `looped`.
    pub fn new(cells: Vec<usize>, sum: u32, looped: bool) -> SumLine {
        SumLine { cells, sum, looped }
    }

    pub fn sum(&self) -> u32 {
        self.sum
    }

    pub fn is_loop(&self) -> bool {
        self.looped
    }

    /// The partial sums after a digit `v` from those in `before`.
    fn step(&self, before: u64, v: u8) -> u64 {
        let (sum, v) = (self.sum, u32::from(v));
        if v > sum {
            return 0;
        }
        let below_sum = u64::MAX >> (64 - sum);
        let full = before >> (sum - v) & 1;
        (before << v) & below_sum | full
    }

    /// The partial sums before a digit `v` that lead to one of `after`.
    fn back(&self, after: u64, v: u8) -> u64 {
        let (sum, v) = (self.sum, u32::from(v));
        if v > sum {
            return 0;
        }
        (after >> v) | (after & 1) << (sum - v)
    }

    /// For each cell, the digits of some walk from the partial sum `start` back to it;
    /// added to `support`.
    fn walks(&self, domains: &[u32], start: u64, support: &mut [u32]) {
        let mut forward = Vec::with_capacity(domains.len() + 1);
        forward.push(start);
        for &d in domains {
            let before = *forward.last().expect("the start");
            forward.push(digits(d).fold(0, |s, v| s | self.step(before, v)));
        }
        let mut after = forward[domains.len()] & start;
        for i in (0..domains.len()).rev() {
            let mut earlier = 0;
            for v in digits(domains[i]) {
                let before = self.back(after, v) & forward[i];
                if before != 0 {
                    support[i] |= bit(v);
                    earlier |= before;
                }
            }
            after = earlier;
        }
    }
}

impl Constraint for SumLine {
    const TAG: u32 = 24;
    const TECHNIQUE: RuleTechnique = RuleTechnique {
        name: "10-line segments",
        rating: 2.6,
        level: Level::Hard,
    };

    fn numbers(&self) -> Vec<u32> {
        vec![self.sum, self.looped.into()]
    }

    fn read(cells: Vec<usize>, numbers: &Numbers, _n: usize) -> Result<SumLine, &'static str> {
        let sum = numbers.get(0)?;
        if !(1..=LARGEST_SUM).contains(&sum) {
            return Err(NOT_THESE);
        }
        Ok(SumLine::new(cells, sum, numbers.flag(1)?))
    }

    fn cells(&self) -> &[usize] {
        &self.cells
    }

    fn holds(&self, values: &[u8], _n: usize) -> bool {
        let ends_at = |start: u32| {
            values.iter().try_fold(start, |partial, &v| {
                match (partial + u32::from(v)).cmp(&self.sum) {
                    std::cmp::Ordering::Less => Some(partial + u32::from(v)),
                    std::cmp::Ordering::Equal => Some(0),
                    std::cmp::Ordering::Greater => None,
                }
            })
        };
        let starts = if self.looped { 0..self.sum } else { 0..1 };
        starts
            .into_iter()
            .any(|start| ends_at(start) == Some(start))
    }

    fn propagate(&self, domains: &mut [u32], _n: usize) -> bool {
        let mut support = vec![0; domains.len()];
        let starts = if self.looped { 0..self.sum } else { 0..1 };
        for start in starts {
            self.walks(domains, 1 << start, &mut support);
        }
        narrow(domains, &support)
    }

    /// The segments' sum times their count, where the candidates leave one count: walked
    /// as `holds` walks, with the counts of full segments each partial sum can be reached
    /// with, as bits.
    fn total(&self, domains: &[u32], _n: usize) -> Option<u32> {
        // A count is a bit of a `u64`: a segment has one cell at least.
        if domains.len() >= 64 {
            return None;
        }
        let sum = self.sum as usize;
        let starts = if self.looped { 0..sum } else { 0..1 };
        let mut counts = 0u64;
        for start in starts {
            // For each partial sum, the counts of segments closed on the way to it.
            let mut reach = vec![0u64; sum];
            reach[start] = 1;
            for &d in domains {
                let mut next = vec![0u64; sum];
                for (partial, &closed) in reach.iter().enumerate().filter(|(_, &k)| k != 0) {
                    for v in digits(d).map(usize::from) {
                        match partial + v {
                            s if s < sum => next[s] |= closed,
                            s if s == sum => next[0] |= closed << 1,
                            _ => {}
                        }
                    }
                }
                reach = next;
            }
            counts |= reach[start];
        }
        (counts.count_ones() == 1).then(|| counts.trailing_zeros() * self.sum)
    }

    fn gist(&self, _domains: &[u32]) -> Option<String> {
        Some(format!("whose segments each add up to {}", self.sum))
    }

    fn describe(&self, shape: Shape) -> String {
        let kind = if self.looped { "loop" } else { "line" };
        format!("{}-{kind} {}", self.sum, path(shape, &self.cells))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{testing, Rule};

    #[test]
    fn sum_lines_match_brute_force() {
        for (sum, len, looped) in [(10, 4, false), (7, 5, false), (6, 4, true), (9, 5, true)] {
            let line = SumLine::new((0..len).collect(), sum, looped);
            testing::against_brute_force(&Rule::SumLine(line), 6);
        }
        assert_eq!(
            SumLine::new(vec![0, 1, 2], 10, false).describe(Shape::NINE),
            "10-line r1c1 → r1c3"
        );
    }

    #[test]
    fn a_line_has_a_total_where_its_candidates_leave_one_count_of_segments() {
        let line = |len: usize| SumLine::new((0..len).collect(), 10, false);
        // Three cells are one segment; four may be one or two, but not with digits up to 4.
        assert_eq!(line(3).total(&[0x1ff; 3], 9), Some(10));
        assert_eq!(line(4).total(&[0x1ff; 4], 9), None);
        assert_eq!(line(4).total(&[0b1111; 4], 9), Some(10));
        // 9s and 1s only: two segments of two cells.
        assert_eq!(line(4).total(&[0x101; 4], 9), Some(20));
        let looped = SumLine::new((0..4).collect(), 10, true);
        assert_eq!(looped.total(&[0x101, 0x101, 0x101, 0x101], 9), Some(20));
    }

    #[test]
    fn a_loop_may_cut_its_segments_anywhere() {
        // 3 7 | 2 8 around a loop splits as 3+7 and 2+8; 7 2 | 8 3 only as a loop.
        let line = SumLine::new(vec![0, 1, 2, 3], 10, false);
        let looped = SumLine::new(vec![0, 1, 2, 3], 10, true);
        assert!(line.holds(&[3, 7, 2, 8], 9) && looped.holds(&[3, 7, 2, 8], 9));
        assert!(!line.holds(&[7, 2, 8, 3], 9) && looped.holds(&[7, 2, 8, 3], 9));
        assert!(!looped.holds(&[7, 2, 8, 4], 9));
    }
}
