//! The logical solver on the shared variant set (`data/variants/puzzles.jsonl`): how many
//! puzzles logic alone solves, overall and per rule type, how far it gets on the others,
//! how long one hint takes (a `next_step` from each position on a puzzle's path, as the
//! worker's Hint did before it had a time budget) and how long the whole path takes; then
//! each hint again as the worker's Hint gives it now, within its budget (`HINT_MILLIS`),
//! where a hint out of time places the solution's digit, as Apply does, and the walk goes on.
//!
//! `cargo bench -p sudoku-links --bench hints [-- FILE.jsonl]` (`QUICK=1`: the set's first
//! puzzles)
//!
//! A file named on the line replaces the shared set, so the bench built for wasm32-wasip1
//! runs under Node's WASI (`scripts/bench`).

mod common;

use std::collections::BTreeMap;
use std::time::Instant;

use sudoku_engine::logic::{
    next_step, next_step_within, Candidates, Deadline, Settings, HINT_MILLIS,
};
use sudoku_engine::{solve, Budget, Verdict};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut hints: Vec<(f64, String)> = Vec::new();
    // Within the budget: each hint's milliseconds, and how many ran out of time.
    let mut budgeted: Vec<f64> = Vec::new();
    let mut out_of_time = 0;
    let origin = Instant::now();
    let clock = || origin.elapsed().as_secs_f64() * 1e3;
    let mut paths: Vec<f64> = Vec::new();
    // Per puzzle: its path's time in ms, its title.
    let mut by_puzzle: Vec<(f64, String)> = Vec::new();
    // Per rule type: puzzles, solved by logic.
    let mut by_rule: BTreeMap<String, (usize, usize)> = BTreeMap::new();
    let (mut solved, mut half, mut puzzles) = (0, 0, 0);
    let mut stuck: Vec<(String, usize, usize)> = Vec::new();
    for p in common::variant_set(&args) {
        let title = p["title"].as_str().unwrap_or("?");
        let link = p["fpuzzles"].as_str().expect("a link");
        let puzzle = sudoku_links::read(link)
            .expect("every shared puzzle reads")
            .puzzle;
        let Verdict::Unique(solution) = solve(&puzzle, &mut Budget::unlimited()).verdict else {
            continue;
        };
        puzzles += 1;
        let settings = Settings::default().unique(true);
        let start = Instant::now();
        let mut c = Candidates::from_grid(puzzle.givens(), &puzzle);
        let empty = (0..c.cells()).filter(|&x| c.digit(x) == 0).count();
        while !c.is_solved() {
            let t = Instant::now();
            let step = next_step(&c, &settings);
            let ms = t.elapsed().as_secs_f64() * 1e3;
            hints.push((
                ms,
                format!(
                    "{title}: {}",
                    step.as_ref()
                        .map_or("none".into(), |s| s.technique.to_string())
                ),
            ));
            let Some(step) = step else { break };
            c.apply(&step);
        }
        let path_ms = start.elapsed().as_secs_f64() * 1e3;
        paths.push(path_ms);
        by_puzzle.push((path_ms, title.to_string()));
        let mut b = Candidates::from_grid(puzzle.givens(), &puzzle);
        while !b.is_solved() {
            let t = Instant::now();
            let step = next_step_within(&b, &settings, Deadline::after(&clock, HINT_MILLIS));
            budgeted.push(t.elapsed().as_secs_f64() * 1e3);
            match step {
                Ok(Some(step)) => b.apply(&step),
                Ok(None) => break,
                Err(_) => {
                    out_of_time += 1;
                    let cell = (0..b.cells()).find(|&x| b.digit(x) == 0).expect("unsolved");
                    b.place(cell, solution.get(cell));
                }
            }
        }
        let filled = empty - (0..c.cells()).filter(|&x| c.digit(x) == 0).count();
        let done = c.is_solved();
        solved += usize::from(done);
        half += usize::from(2 * filled >= empty);
        if !done {
            stuck.push((title.to_string(), filled, empty));
        }
        let mut rules: Vec<String> = p["constraints"]
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(|r| r.as_str().map(String::from))
            .collect();
        if rules.is_empty() {
            rules.push("classic".into());
        }
        for rule in rules {
            let entry = by_rule.entry(rule).or_default();
            entry.0 += 1;
            entry.1 += usize::from(done);
        }
    }
    hints.sort_by(|a, b| a.0.total_cmp(&b.0));
    paths.sort_by(f64::total_cmp);
    by_puzzle.sort_by(|a, b| a.0.total_cmp(&b.0));
    let at = |v: &[f64], q: f64| v[((v.len() - 1) as f64 * q).round() as usize];
    let hint_ms: Vec<f64> = hints.iter().map(|h| h.0).collect();
    budgeted.sort_by(f64::total_cmp);
    println!("puzzles\tsolved\thalf_or_more\thints\thint_median_ms\thint_p95_ms\thint_p99_ms\thint_worst_ms\tpath_median_ms\tpath_p90_ms\tpath_worst_ms");
    println!(
        "{puzzles}\t{solved}\t{half}\t{}\t{:.2}\t{:.1}\t{:.1}\t{:.0}\t{:.1}\t{:.0}\t{:.0}",
        hints.len(),
        at(&hint_ms, 0.5),
        at(&hint_ms, 0.95),
        at(&hint_ms, 0.99),
        at(&hint_ms, 1.0),
        at(&paths, 0.5),
        at(&paths, 0.9),
        at(&paths, 1.0)
    );
    println!("\nwithin budget: hints\tout_of_time\thint_median_ms\thint_p99_ms\thint_worst_ms");
    println!(
        "{}\t{out_of_time}\t{:.2}\t{:.1}\t{:.0}",
        budgeted.len(),
        at(&budgeted, 0.5),
        at(&budgeted, 0.99),
        at(&budgeted, 1.0)
    );
    println!("\nrule\tpuzzles\tsolved_by_logic");
    for (rule, (count, done)) in &by_rule {
        println!("{rule}\t{count}\t{done}");
    }
    println!("\nstuck\tfilled\tempty");
    for (title, filled, empty) in &stuck {
        println!("{title}\t{filled}\t{empty}");
    }
    println!("\nslowest hint\tms");
    for (ms, what) in hints.iter().rev().take(10) {
        println!("{what}\t{ms:.0}");
    }
    println!("\nslowest path\tms");
    for (ms, title) in by_puzzle.iter().rev().take(10) {
        println!("{title}\t{ms:.0}");
    }
}
