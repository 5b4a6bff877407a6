//! The heavy tail on large random puzzles: solve plus proof of uniqueness on 16x16 and
//! 25x25 grids with 30% to 60% givens, reporting the median, the 99th percentile and the
//! worst. Grids come from the generator (random boxes on the diagonal, completed by the
//! search), not from one shuffled pattern; the givens are cells kept at random. A puzzle
//! stops after 10 s and counts as given up. Then the hard 25x25 set (`data/hard25.txt`),
//! puzzle by puzzle, with the same stop.
//!
//! `cargo bench -p sudoku-engine --bench tail [-- PUZZLES]` (100 per set by default);
//! `QUICK=1`: 2 per set, each puzzle stopped after 1 s.

use std::time::Instant;

use sudoku_engine::generate::solved_grid;
use sudoku_engine::{solve, Budget, Grid, Puzzle, Shape, Verdict};

mod quick;

const STOP_AFTER_S: f64 = 10.0;

fn main() {
    let puzzles = quick::or_quick(
        std::env::args()
            .skip(1)
            .find_map(|a| a.parse().ok())
            .unwrap_or(100),
        2,
    );
    println!("set\tpuzzles\tmedian_ms\tp99_ms\tworst_ms\tunique\tseveral\tgave_up");
    for side in [16, 25] {
        let shape = Shape::for_side(side).expect("a supported size");
        for percent in [30, 40, 50, 60] {
            let mut times = Vec::new();
            let (mut unique, mut several, mut gave_up) = (0, 0, 0);
            // The generator gives up on some seeds (its search has a budget); those are skipped.
            let grids = (0..).filter_map(|seed| Some((seed, solved_grid(shape, seed)?)));
            for (seed, grid) in grids.take(puzzles) {
                let puzzle = keep_givens(grid, percent, seed);
                let (verdict, ms) = timed(&puzzle);
                match verdict {
                    Verdict::Unique(_) => unique += 1,
                    Verdict::Multiple(..) => several += 1,
                    Verdict::GaveUp => gave_up += 1,
                    other => panic!("{side}x{side} {percent}% seed {seed}: {other:?}"),
                }
                times.push(ms);
            }
            times.sort_by(f64::total_cmp);
            let at = |q: f64| times[((times.len() - 1) as f64 * q).round() as usize];
            println!(
                "{side}x{side} {percent}%\t{puzzles}\t{:.2}\t{:.2}\t{:.2}\t{unique}\t{several}\t{gave_up}",
                at(0.5),
                at(0.99),
                at(1.0)
            );
        }
    }
    println!("\npuzzle\tms\tverdict");
    let text = include_str!("../../data/hard25.txt");
    let lines = text
        .lines()
        .filter(|l| !l.is_empty() && !l.starts_with('#'));
    for (i, line) in lines.enumerate() {
        let puzzle = Grid::parse(line).expect("a 25x25 puzzle");
        let (verdict, ms) = timed(&puzzle);
        let verdict = match verdict {
            Verdict::Unique(_) => "unique",
            Verdict::Multiple(..) => "several",
            Verdict::GaveUp => "gave up",
            other => panic!("hard25 #{}: {other:?}", i + 1),
        };
        println!("hard25 #{}\t{ms:.0}\t{verdict}", i + 1);
    }
}

/// The verdict on `puzzle` with the proof of uniqueness, and the milliseconds it took,
/// stopping at `STOP_AFTER_S` (1 s in quick mode).
fn timed(puzzle: &Grid) -> (Verdict, f64) {
    let puzzle = Puzzle::classic(puzzle.clone());
    let stop_after_s = quick::or_quick(STOP_AFTER_S, 1.0);
    let start = Instant::now();
    let mut budget =
        Budget::unlimited().with_check(|_| start.elapsed().as_secs_f64() < stop_after_s);
    let verdict = solve(&puzzle, &mut budget).verdict;
    (verdict, start.elapsed().as_secs_f64() * 1e3)
}

/// `grid` with `percent` of its cells kept, chosen by `seed`.
fn keep_givens(mut grid: Grid, percent: usize, seed: u64) -> Grid {
    let cells = grid.cells().len();
    let mut order: Vec<usize> = (0..cells).collect();
    let mut state = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1;
    for i in (1..cells).rev() {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        order.swap(i, (state % (i as u64 + 1)) as usize);
    }
    for &cell in &order[..cells - cells * percent / 100] {
        grid.set(cell, 0);
    }
    grid
}
