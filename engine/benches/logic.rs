//! The logical solver over a data set: share solved by logic alone, level distribution,
//! time per full logical solve (median and worst) and the slowest single step.
//!
//! `cargo bench -p sudoku-engine --bench logic [-- FILE]` (default: data/top1465.txt; a file
//! from `engine/`, or absolute); `QUICK=1`: the first 50 puzzles.

use std::collections::BTreeMap;
use std::time::{Duration, Instant};

use sudoku_engine::logic::{next_step, rate, Candidates, Settings};
use sudoku_engine::{Grid, Puzzle};

mod quick;

fn main() {
    let here = env!("CARGO_MANIFEST_DIR");
    let file = std::env::args()
        .skip(1)
        .find(|a| a != "--bench")
        .unwrap_or(format!("{here}/../data/top1465.txt"));
    let text = std::fs::read_to_string(&file).unwrap_or_else(|e| panic!("{file}: {e}"));
    let puzzles: Vec<Grid> = text
        .lines()
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .take(quick::or_quick(usize::MAX, 50))
        .map(|l| Grid::parse(l).unwrap())
        .collect();

    let mut levels = BTreeMap::new();
    let mut solved = 0;
    for p in &puzzles {
        let r = rate(&Puzzle::classic(p.clone()));
        *levels.entry(r.level).or_insert(0) += 1;
        solved += usize::from(r.solved);
    }
    let mut whole = Vec::new();
    let mut slowest_step = (Duration::ZERO, String::new());
    for p in &puzzles {
        let start = Instant::now();
        let classic = Puzzle::classic(p.clone());
        let settings = Settings::for_puzzle(&classic);
        let mut c = Candidates::from_grid(p, &classic);
        loop {
            let t = Instant::now();
            let Some(step) = next_step(&c, &settings) else {
                break;
            };
            if t.elapsed() > slowest_step.0 {
                slowest_step = (t.elapsed(), format!("{} ({p})", step.technique));
            }
            c.apply(&step);
            if c.is_solved() {
                break;
            }
        }
        whole.push(start.elapsed());
    }
    whole.sort();
    let name = file.rsplit('/').next().unwrap_or(&file);
    println!(
        "{name}: {solved} of {} solved by logic alone ({:.1}%)",
        puzzles.len(),
        100.0 * solved as f64 / puzzles.len() as f64
    );
    println!(
        "levels: {}",
        levels
            .iter()
            .map(|(l, n)| format!("{l} {n}"))
            .collect::<Vec<_>>()
            .join(", ")
    );
    println!(
        "full logical solve: median {:.2} ms, worst {:.2} ms; slowest step {:.2} ms: {}",
        whole[whole.len() / 2].as_secs_f64() * 1e3,
        whole[whole.len() - 1].as_secs_f64() * 1e3,
        slowest_step.0.as_secs_f64() * 1e3,
        slowest_step.1
    );
}
