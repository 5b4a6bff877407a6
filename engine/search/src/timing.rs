//! Timing the exact solver over a set of puzzles, with the clock passed in: natively the
//! CLI's `bench` brings `Instant`, in the browser the worker brings `performance.now()`,
//! so both time the very same loop and can be set side by side.

use crate::{solve, Budget, Verdict};
use sudoku_model::decimal::fixed;
use sudoku_model::puzzle::Puzzle;

/// What timing a set gave.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Timed {
    /// Microseconds per puzzle, the median over the rounds.
    pub micros: f64,
    /// Branch nodes per puzzle.
    pub guesses: f64,
    /// An order-dependent hash of every verdict (FNV-1a over the solutions' digits), so two
    /// runs or two builds can be seen to agree.
    pub checksum: u64,
}

impl Timed {
    /// The line `sudoku bench --format tsv` prints for `puzzles` puzzles: puzzles,
    /// microseconds per puzzle, guesses per puzzle, checksum.
    pub fn tsv(&self, puzzles: usize) -> String {
        format!(
            "{puzzles}\t{}\t{}\t{:016x}",
            fixed(self.micros, 3),
            fixed(self.guesses, 2),
            self.checksum
        )
    }
}

/// Solves and proves unique every puzzle of `grids`, `rounds` times; `now` reads a clock
/// in milliseconds. `None` for no puzzles or no rounds.
pub fn time_solving(
    grids: &[Puzzle],
    rounds: usize,
    mut now: impl FnMut() -> f64,
) -> Option<Timed> {
    if grids.is_empty() || rounds == 0 {
        return None;
    }
    let mut per_puzzle = Vec::with_capacity(rounds);
    let (mut guesses, mut checksum) = (0, 0);
    for _ in 0..rounds {
        let start = now();
        (guesses, checksum) = (0, 0);
        for grid in grids {
            let solved = solve(grid, &mut Budget::unlimited());
            guesses += solved.guesses;
            checksum = mix(checksum, &solved.verdict);
        }
        per_puzzle.push((now() - start) * 1e3 / grids.len() as f64);
    }
    // The median round: the time with `rounds / 2` of the others below it, found by
    // counting (the rounds are few, and a sort of floats puts 4 KB of code in the page's
    // module, which carries this for the browser's benchmark).
    let middle = rounds / 2;
    let micros = per_puzzle.iter().copied().find(|&x| {
        let below = per_puzzle.iter().filter(|&&y| y < x).count();
        let equal = per_puzzle.iter().filter(|&&y| y == x).count();
        below <= middle && middle < below + equal
    })?;
    Some(Timed {
        micros,
        guesses: guesses as f64 / grids.len() as f64,
        checksum,
    })
}

fn mix(mut hash: u64, verdict: &Verdict) -> u64 {
    let mut eat = |byte: u8| hash = (hash ^ byte as u64).wrapping_mul(0x100_0000_01b3);
    match verdict {
        Verdict::Unique(s) => s.cells().iter().for_each(|&d| eat(d)),
        Verdict::Multiple(a, b) => a.cells().iter().chain(b.cells()).for_each(|&d| eat(d)),
        _ => eat(0xff),
    }
    hash
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_same_set_gives_the_same_checksum_and_a_clock_that_counts() {
        let grids: Vec<Puzzle> = [
            "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..",
            "...........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..",
        ]
        .iter()
        .map(|line| Puzzle::classic(sudoku_model::Grid::parse(line).unwrap()))
        .collect();
        let mut ticks = 0.0;
        let mut clock = || {
            ticks += 1.0;
            ticks
        };
        let once = time_solving(&grids, 3, &mut clock).unwrap();
        assert_eq!(once.micros, 500.0, "1 ms a round over two puzzles");
        let again = time_solving(&grids, 1, || 0.0).unwrap();
        assert_eq!(once.checksum, again.checksum);
        let unique = time_solving(&grids[..1], 1, || 0.0).unwrap();
        assert_ne!(
            unique.checksum, once.checksum,
            "several solutions hash otherwise"
        );
        assert_eq!(time_solving(&grids, 0, || 0.0), None);
        assert_eq!(time_solving(&[], 3, || 0.0), None);
    }
}
