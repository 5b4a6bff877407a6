//! The puzzles of Sigh's Interactive Sudoku Solver (ISS) that carry a solution, each read
//! from an ISS link and solved: how many the reader maps to engine rules, how many of
//! those the engine solves to ISS's listed solution, and, for the rest, the ISS types the
//! engine lacks, by the number of puzzles that use each (docs/variants.md).
//!
//! ISS is not part of this project (MIT; nothing of it is committed): set `ISS_DIR` to an
//! ISS tree and run `ISS_DIR=… cargo test --release -p sudoku-links --test iss_suite --
//! --ignored --nocapture`. The suite is read by `scripts/iss-suite.mjs` under Node; without
//! `ISS_DIR` or Node the test says so and passes, having checked nothing.

use std::collections::BTreeMap;
use std::process::Command;
use std::time::{Duration, Instant};

use serde_json::Value;
use sudoku_engine::search::chaos;
use sudoku_engine::{solve, Budget, Verdict};
use sudoku_links::iss::{unreadable_parts, ISS_ADDRESS};

/// How long one puzzle may be searched before it counts as not solved.
const MOST_TIME: Duration = Duration::from_secs(20);

/// Puzzles whose listed verdict is ISS's error, each with why: the engine finds more than
/// one solution, and ISS's listed one is among the puzzle's (it keeps every rule).
const ISS_ERRS: &[(&str, &str)] = &[(
    "0-indexed: Sums and indexing",
    "ISS's Lunchbox handler on a house with values from 0 prunes a valid row \
     (tests/iss_values.rs, a_sandwich_of_values_from_0_keeps_a_row_that_iss_prunes)",
)];

struct Case {
    name: String,
    input: String,
    solution: String,
}

fn suite() -> Option<Vec<Case>> {
    let Ok(dir) = std::env::var("ISS_DIR") else {
        eprintln!("skipped: ISS_DIR is not set to an ISS tree, so ISS's suite cannot be read");
        return None;
    };
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/../scripts/iss-suite.mjs");
    let out = match Command::new("node").arg(script).arg(&dir).output() {
        Ok(out) if out.status.success() => out,
        Ok(out) => panic!(
            "scripts/iss-suite.mjs failed on {dir}: {}",
            String::from_utf8_lossy(&out.stderr)
        ),
        Err(e) => {
            eprintln!("skipped: Node does not run ({e}), so ISS's suite cannot be read");
            return None;
        }
    };
    let text = String::from_utf8(out.stdout).expect("the suite is UTF-8");
    Some(
        text.lines()
            .map(|line| {
                let v: Value = serde_json::from_str(line).expect("a JSON line");
                let s = |k: &str| v[k].as_str().unwrap_or_default().to_string();
                Case {
                    name: s("name"),
                    input: s("input"),
                    solution: s("solution"),
                }
            })
            .collect(),
    )
}

/// Whether ISS's listed solution (of a whole grid) keeps every given and rule of the
/// puzzle read.
fn listed_keeps_every_rule(imported: &sudoku_links::Imported, case: &Case) -> bool {
    let shape = imported.puzzle.shape();
    let n = shape.n() as u8;
    let digits: Option<Vec<u8>> = case
        .solution
        .chars()
        .map(|c| (1..=n).find(|&d| imported.symbols.symbol(d) == c))
        .collect();
    digits
        .and_then(|d| sudoku_engine::Grid::from_cells(shape, d))
        .is_some_and(|grid| imported.puzzle.solved_by(&grid))
}

/// An ISS link to the text, as ISS's share button writes one.
fn link(input: &str) -> String {
    let q: String =
        percent_encoding::utf8_percent_encode(input, percent_encoding::NON_ALPHANUMERIC)
            .to_string();
    format!("{ISS_ADDRESS}?q={q}")
}

#[test]
#[ignore = "needs ISS_DIR (an ISS tree) and Node; run with --ignored"]
fn iss_suite_is_read_and_solved() {
    let Some(cases) = suite() else { return };
    let (mut mapped, mut solved) = (0, 0);
    let mut missing: BTreeMap<String, usize> = BTreeMap::new();
    let mut not_solved = Vec::new();
    for case in &cases {
        let link = link(&case.input);
        match sudoku_links::read(&link) {
            Ok(imported) => {
                mapped += 1;
                let start = Instant::now();
                let mut budget = Budget::unlimited().with_check(|_| start.elapsed() < MOST_TIME);
                // A chaos construction's solutions are its digits with a layout of regions.
                let verdict = match &imported.chaos {
                    None => solve(&imported.puzzle, &mut budget).verdict,
                    Some(regions) => {
                        let found = chaos::find(&imported.puzzle, regions, 2, 2, &mut budget);
                        let mut grids = found.solutions.into_iter().map(|s| s.grid);
                        match (found.complete, grids.next(), grids.next()) {
                            (false, ..) => Verdict::GaveUp,
                            (true, Some(a), Some(b)) => Verdict::Multiple(a, b),
                            (true, Some(a), None) => Verdict::Unique(a),
                            (true, None, _) => Verdict::NoSolution,
                        }
                    }
                };
                // As ISS writes a solution: the reader's symbols for an ISS link.
                let iss_digits =
                    |grid: &sudoku_engine::Grid| imported.symbols.grid_line(grid.cells());
                let iss_err = ISS_ERRS.iter().find(|(name, _)| *name == case.name);
                let agrees = match &verdict {
                    Verdict::Unique(grid) => iss_digits(grid) == case.solution,
                    Verdict::Multiple(a, b) => {
                        iss_digits(a) == case.solution
                            || iss_digits(b) == case.solution
                            || iss_err.is_some_and(|_| listed_keeps_every_rule(&imported, case))
                    }
                    _ => false,
                };
                if let (true, Some((name, why))) = (agrees, iss_err) {
                    println!("  ISS's own verdict is wrong on {name}: {why}");
                }
                if agrees {
                    solved += 1;
                } else {
                    let said = match verdict {
                        Verdict::Unique(_) => "another solution".to_string(),
                        Verdict::Multiple(..) => "two solutions, neither ISS's".to_string(),
                        other => format!("{other:?}").chars().take(80).collect(),
                    };
                    not_solved.push(format!("{}: {said}", case.name));
                }
            }
            Err(error) => {
                let parts = unreadable_parts(&link).unwrap_or_default();
                let mut kinds: Vec<String> = parts
                    .iter()
                    .map(|(kind, why)| match kind.as_str() {
                        // Shapes and givens fail for several reasons: each its own row.
                        "Shape" | "" => {
                            let what = if kind.is_empty() { "Given" } else { "Shape" };
                            let reason = why.rsplit(": ").next().unwrap_or_default();
                            // Without the cell or dimensions it names, so that one
                            // reason is one row.
                            let mut general = String::new();
                            let mut depth = 0;
                            for c in reason.chars() {
                                match c {
                                    '(' => depth += 1,
                                    ')' => depth -= 1,
                                    _ if depth == 0 => general.push(c),
                                    _ => {}
                                }
                            }
                            format!(
                                "{what} ({})",
                                general.split_whitespace().collect::<Vec<_>>().join(" ")
                            )
                        }
                        kind => kind.to_string(),
                    })
                    .collect();
                if kinds.is_empty() {
                    kinds.push(format!("(whole text) {error}"));
                }
                kinds.sort();
                kinds.dedup();
                for kind in kinds {
                    *missing.entry(kind).or_default() += 1;
                }
            }
        }
    }
    println!(
        "{} puzzles: {mapped} read into engine rules, {solved} of those solved to ISS's solution",
        cases.len()
    );
    for line in &not_solved {
        println!("  not solved as listed: {line}");
    }
    let mut rows: Vec<(&String, &usize)> = missing.iter().collect();
    rows.sort_by(|a, b| b.1.cmp(a.1).then(a.0.cmp(b.0)));
    println!("| ISS type the engine lacks | puzzles |\n|---|---:|");
    for (kind, count) in rows {
        println!("| {kind} | {count} |");
    }
    assert_eq!(
        cases.len(),
        250,
        "ISS's suite has 250 puzzles with a solution"
    );
    assert!(mapped > 0 && solved == mapped - not_solved.len());
}

/// How many of the suite the page's reader opens ([`sudoku_links::read_drawable`]), and why
/// it refuses the others, by reason (the page's issue: every puzzle the engine solves opens
/// on the page). Reading alone, so quick.
#[test]
#[ignore = "needs ISS_DIR (an ISS tree) and Node; run with --ignored"]
fn iss_suite_on_the_page() {
    let Some(cases) = suite() else { return };
    let mut refused: BTreeMap<String, Vec<&str>> = BTreeMap::new();
    let mut opened = 0;
    for case in &cases {
        let link = link(&case.input);
        match sudoku_links::read_drawable(&link) {
            Ok(_) => opened += 1,
            // Only puzzles the engine reads count against the page.
            Err(_) if sudoku_links::read(&link).is_err() => {}
            Err(error) => {
                // The message without the dimensions or values it names, so one reason is
                // one row.
                let reason: String = error
                    .to_string()
                    .chars()
                    .map(|c| if c.is_ascii_digit() { '#' } else { c })
                    .collect();
                refused.entry(reason).or_default().push(&case.name);
            }
        }
    }
    println!("{} puzzles: {opened} open on the page", cases.len());
    for (reason, names) in &refused {
        println!(
            "  refused ({}): {reason}: {}",
            names.len(),
            names.join("; ")
        );
    }
    let read = cases
        .iter()
        .filter(|c| sudoku_links::read(&link(&c.input)).is_ok())
        .count();
    assert_eq!(opened + refused.values().map(Vec::len).sum::<usize>(), read);
}
