//! The shared variant set (`data/variants/puzzles.jsonl`), each puzzle read from its link
//! and proved unique, as a person opening it would wait: reading the payload, building the
//! puzzle and searching for up to two solutions, timed together. Every puzzle runs
//! `ROUNDS` times, in turn with the others, and its median counts. Reports the median,
//! the 90th percentile, the worst and the total over the puzzles, then the slowest ten,
//! with the guesses each took: a count that, unlike the times, a busy machine leaves alone.
//!
//! `cargo bench -p sudoku-links --bench variants [-- ROUNDS [fpuzzles|sudokupad|iss] [each] [FILE.jsonl]]`
//! (`QUICK=1`: one round on the set's first puzzles)
//!
//! The form names the field of each line that holds the link: `fpuzzles`, `sudokupad`, or
//! `iss` (an ISS link or ISS's constraint text, as `scripts/iss-suite.mjs --links` lists
//! ISS's own suite). A puzzle whose link the reader cannot read yet is not timed: it is
//! counted on its own line (`unreadable`), with the first reason.
//!
//! `each` prints every puzzle's row (title, median ms, verdict, guesses; `-` and
//! `unreadable` for one not read) after the slowest ten: `scripts/iss-compare.sh` runs it
//! once per puzzle, one process each, so that each time is a first solve in its own
//! process, as ISS's `cold_ms` is.
//!
//! A file named on the line replaces the shared set: so the bench built for wasm32-wasip1
//! runs under Node's WASI, where only the folder it is given is seen (`scripts/bench`).

mod common;

use std::time::Instant;

use sudoku_engine::search::chaos;
use sudoku_engine::{solve, Budget, Verdict};

/// The one puzzle whose stored solution breaks its own rules (see data/variants/README.md).
const SUSPECT: &str = "Executive Function";

fn main() {
    let args: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| a != "--bench")
        .collect();
    let rounds = common::quick::or_quick(args.iter().find_map(|a| a.parse().ok()).unwrap_or(5), 1);
    let form = ["sudokupad", "iss"]
        .into_iter()
        .find(|form| args.iter().any(|a| a == form))
        .unwrap_or("fpuzzles");
    let puzzles: Vec<(String, String)> = common::variant_set(&args)
        .into_iter()
        .filter(|p| p["title"] != SUSPECT)
        .filter_map(|p| {
            let link = p[form].as_str()?.to_string();
            Some((p["title"].as_str().unwrap_or("?").to_string(), link))
        })
        .collect();
    // Those the reader refuses, with its reason, are left out of the timing.
    let unreadable: Vec<Option<String>> = puzzles
        .iter()
        .map(|(_, link)| sudoku_links::read(link).err().map(|e| e.to_string()))
        .collect();
    let mut times = vec![Vec::with_capacity(rounds); puzzles.len()];
    let mut verdicts = vec![""; puzzles.len()];
    let mut guesses = vec![0; puzzles.len()];
    for _ in 0..rounds {
        for (i, (_, link)) in puzzles.iter().enumerate() {
            if unreadable[i].is_some() {
                continue;
            }
            let start = Instant::now();
            let imported = sudoku_links::read(link).expect("it read before");
            // A chaos construction's solutions are its digits with a layout of regions.
            let (found, guessed) = match &imported.chaos {
                Some(regions) => {
                    let found =
                        chaos::find(&imported.puzzle, regions, 2, 0, &mut Budget::unlimited());
                    (found.count, found.guesses)
                }
                None => {
                    let solved = solve(&imported.puzzle, &mut Budget::unlimited());
                    let found = match solved.verdict {
                        Verdict::Unique(_) => 1,
                        Verdict::Multiple(..) => 2,
                        _ => 0,
                    };
                    (found, solved.guesses)
                }
            };
            times[i].push(start.elapsed().as_secs_f64() * 1e3);
            guesses[i] = guessed;
            verdicts[i] = match found {
                1 => "unique",
                0 => "none",
                _ => "several",
            };
        }
    }
    let mut per_puzzle: Vec<(f64, usize)> = times
        .iter_mut()
        .enumerate()
        .filter(|(i, _)| unreadable[*i].is_none())
        .map(|(i, t)| {
            t.sort_by(f64::total_cmp);
            (t[t.len() / 2], i)
        })
        .collect();
    per_puzzle.sort_by(|a, b| a.0.total_cmp(&b.0));
    let ms: Vec<f64> = per_puzzle.iter().map(|p| p.0).collect();
    // NaN when no puzzle was read (one unreadable puzzle alone, as iss-compare.sh runs it).
    let at = |q: f64| {
        let last = ms.len().saturating_sub(1) as f64;
        ms.get((last * q).round() as usize)
            .copied()
            .unwrap_or(f64::NAN)
    };
    println!("form\tpuzzles\trounds\tmedian_ms\tp90_ms\tworst_ms\ttotal_ms\tguesses");
    println!(
        "{form}\t{}\t{rounds}\t{:.2}\t{:.1}\t{:.0}\t{:.0}\t{}",
        ms.len(),
        at(0.5),
        at(0.9),
        at(1.0),
        ms.iter().sum::<f64>(),
        guesses.iter().sum::<u64>()
    );
    let refused: Vec<(usize, &String)> = unreadable
        .iter()
        .enumerate()
        .filter_map(|(i, why)| Some((i, why.as_ref()?)))
        .collect();
    if let Some((i, why)) = refused.first() {
        println!(
            "unreadable\t{}\t(first: {}: {why})",
            refused.len(),
            puzzles[*i].0
        );
    }
    println!("\nslowest\tms\tverdict\tguesses");
    for &(t, i) in per_puzzle.iter().rev().take(10) {
        println!("{}\t{t:.1}\t{}\t{}", puzzles[i].0, verdicts[i], guesses[i]);
    }
    if args.iter().any(|a| a == "each") {
        println!("\neach\tms\tverdict\tguesses");
        for (i, t) in times.iter().enumerate() {
            match t.get(t.len() / 2) {
                Some(ms) => println!("{}\t{ms:.3}\t{}\t{}", puzzles[i].0, verdicts[i], guesses[i]),
                None => println!("{}\t-\tunreadable\t-", puzzles[i].0),
            }
        }
    }
}
