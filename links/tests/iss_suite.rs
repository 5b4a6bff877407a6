//! The puzzles of Sigh's Interactive Sudoku Solver (ISS) that carry a solution, each read
//! from an ISS link and solved: how many the reader maps to engine rules, how many of
//! those the engine solves to ISS's listed solution, and, for the rest, the ISS types the
//! engine lacks, by the number of puzzles that use each (docs/variants.md).
//!
//! A second test walks the same puzzles by the logical solver, as a player pressing Hint
//! would (docs/logic.md): how many logic solves with no guess, the time of each hint, and
//! every step checked against ISS's listed solution.
//!
//! ISS is not part of this project (MIT; nothing of it is committed): set `ISS_DIR` to an
//! ISS tree and run `ISS_DIR=… cargo test --release -p sudoku-links --test iss_suite --
//! --ignored --nocapture` (one test: its name after `--`). The suite is read by `scripts/iss-suite.mjs` under Node; without
//! `ISS_DIR` or Node the test says so and passes, having checked nothing.

use std::collections::BTreeMap;
use std::process::Command;
use std::time::{Duration, Instant};

use serde_json::Value;
use sudoku_engine::logic::{
    next_step_within, Candidates, Deadline, Settings, Step, Technique, HINT_MILLIS,
    PATH_STEP_MILLIS,
};
use sudoku_engine::search::chaos;
use sudoku_engine::{solve, Budget, Grid, Verdict};
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

/// ISS's listed solution (of a whole grid) in the engine's digits, if it keeps every given
/// and rule of the puzzle read.
fn listed_solution(imported: &sudoku_links::Imported, case: &Case) -> Option<Grid> {
    let shape = imported.puzzle.shape();
    let n = shape.n() as u8;
    let digits: Option<Vec<u8>> = case
        .solution
        .chars()
        .map(|c| (1..=n).find(|&d| imported.symbols.symbol(d) == c))
        .collect();
    digits
        .and_then(|d| Grid::from_cells(shape, d))
        .filter(|grid| imported.puzzle.solved_by(grid))
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
                            || iss_err.is_some_and(|_| listed_solution(&imported, case).is_some())
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

/// Every puzzle of the suite that the engine reads is written back as ISS's text that
/// reads as the same puzzle, or says which of its rules ISS's text cannot state.
#[test]
#[ignore = "needs ISS_DIR (an ISS tree) and Node; run with --ignored"]
fn iss_suite_is_written_back() {
    let Some(cases) = suite() else { return };
    let (mut written, mut refused) = (0, Vec::new());
    for case in &cases {
        let Ok(imported) = sudoku_links::read(&link(&case.input)) else {
            continue;
        };
        match sudoku_links::iss::constraint_text(&imported) {
            // ISS reads it; the app's reader stops at its limit for a pasted text.
            Ok(text) if text.len() > sudoku_links::MAX_TEXT => refused.push(format!(
                "{}: {} bytes, past the reader's limit",
                case.name,
                text.len()
            )),
            Ok(text) => {
                let again = sudoku_links::read(&text)
                    .unwrap_or_else(|e| panic!("{}: {text} does not read: {e}", case.name));
                let (a, b) = (again.puzzle.rules(), imported.puzzle.rules());
                let differ = a.iter().zip(b).position(|(x, y)| x != y);
                assert_eq!(
                    again.puzzle,
                    imported.puzzle,
                    "{}: {text}: rule {differ:?} of {} and {}: {:?} against {:?}",
                    case.name,
                    a.len(),
                    b.len(),
                    differ.map(|i| &a[i]),
                    differ.map(|i| &b[i])
                );
                assert_eq!(again.chaos, imported.chaos, "{}: {text}", case.name);
                written += 1;
            }
            Err(why) => refused.push(format!("{}: {why}", case.name)),
        }
    }
    println!("{written} written back; not written ({}):", refused.len());
    for line in &refused {
        println!("  {line}");
    }
}

/// How long one step may be looked for: the page's limit for a step of a whole path. A
/// step not found in it counts as a guess.
const STEP_MILLIS: f64 = PATH_STEP_MILLIS;
/// How long one puzzle's walk may take, its steps together: past it the walk stops and the
/// puzzle counts as not solved by logic, so that one slow puzzle cannot stall the run.
const PUZZLE_TIME: Duration = Duration::from_secs(10);
/// How long the search may look for the proof of one solution, which the uniqueness
/// techniques need (as a hint in the page looks for it for half its time).
const PROOF_TIME: Duration = Duration::from_millis(500);

/// ISS's listed solution in the engine's digits: read from the listing, or where ISS's
/// grid is a window of the engine's (a rectangle), the engine's one solution if ISS writes
/// it as listed.
fn known_solution(imported: &sudoku_links::Imported, case: &Case) -> Option<Grid> {
    listed_solution(imported, case).or_else(|| {
        let start = Instant::now();
        let mut budget = Budget::unlimited().with_check(|_| start.elapsed() < MOST_TIME);
        match solve(&imported.puzzle, &mut budget).verdict {
            Verdict::Unique(grid) => {
                (imported.symbols.grid_line(grid.cells()) == case.solution).then_some(grid)
            }
            _ => None,
        }
    })
}

/// The first of `step`'s placements and eliminations that `solution` denies, said.
fn unsound(step: &Step, solution: &Grid) -> Option<String> {
    let placed = step.placements.iter().find(|&&(x, d)| solution.get(x) != d);
    let removed = step
        .eliminations
        .iter()
        .find(|&&(x, d)| solution.get(x) == d);
    match (placed, removed) {
        (Some(&(x, d)), _) => Some(format!("places {d} in cell {x}")),
        (None, Some(&(x, d))) => Some(format!("removes the solution's {d} from cell {x}")),
        (None, None) => None,
    }
}

/// Walks each puzzle the reader maps (a chaos construction aside: logic does not find
/// regions) by the logical solver from its givens, as Hint after Hint: each step checked
/// against ISS's listed solution, and timed. Where no step is found within `STEP_MILLIS`
/// (or none at all), the walk places the solution's digit in the open cell of fewest
/// candidates, as a hint out of time does, and goes on: a guess. A puzzle is solved by
/// logic when its walk ends with no guess and within `PUZZLE_TIME`.
#[test]
#[ignore = "needs ISS_DIR (an ISS tree) and Node; run with --ignored"]
fn iss_suite_by_logic() {
    let Some(cases) = suite() else { return };
    let origin = Instant::now();
    let clock = || origin.elapsed().as_secs_f64() * 1e3;
    // Each hint's milliseconds and what it was, "puzzle: technique".
    let mut hints: Vec<(f64, String)> = Vec::new();
    let mut wrong: Vec<String> = Vec::new();
    let (mut walked, mut solved, mut quick) = (0, 0, 0);
    // Per rule kind: puzzles walked, solved by logic.
    let mut by_kind: BTreeMap<String, (usize, usize)> = BTreeMap::new();
    let mut steps_by_technique: BTreeMap<String, usize> = BTreeMap::new();
    let mut not_solved: Vec<String> = Vec::new();
    for case in &cases {
        let Ok(imported) = sudoku_links::read(&link(&case.input)) else {
            not_solved.push(format!("{}: not read", case.name));
            continue;
        };
        if imported.chaos.is_some() {
            not_solved.push(format!("{}: chaos construction", case.name));
            continue;
        }
        let Some(solution) = known_solution(&imported, case) else {
            not_solved.push(format!("{}: ISS's solution not found", case.name));
            continue;
        };
        walked += 1;
        eprintln!("{walked}: {}", case.name);
        let puzzle = &imported.puzzle;
        let proof_start = Instant::now();
        let mut proof = Budget::unlimited().with_check(|_| proof_start.elapsed() < PROOF_TIME);
        let unique = matches!(solve(puzzle, &mut proof).verdict, Verdict::Unique(_));
        let settings = Settings::default().unique(unique);
        let mut c = Candidates::from_grid(puzzle.givens(), puzzle);
        let (mut guesses, mut slow) = (0, 0);
        // The open cells at the first guess.
        let mut stalled = None;
        let mut stopped = None;
        let start = Instant::now();
        while !c.is_solved() {
            if start.elapsed() > PUZZLE_TIME {
                stopped = Some("out of the puzzle's time".to_string());
                break;
            }
            let t = Instant::now();
            let deadline = Deadline::after(&clock, STEP_MILLIS);
            let step = std::panic::AssertUnwindSafe(|| next_step_within(&c, &settings, deadline));
            let found = std::panic::catch_unwind(step);
            let ms = t.elapsed().as_secs_f64() * 1e3;
            let Ok(found) = found else {
                wrong.push(format!("{}: the solver panicked", case.name));
                stopped = Some("a panic".to_string());
                break;
            };
            slow += usize::from(ms > HINT_MILLIS);
            match found {
                Ok(Some(step)) => {
                    hints.push((ms, format!("{}: {}", case.name, step.technique)));
                    if let Some(why) = unsound(&step, &solution) {
                        wrong.push(format!("{}: {why}: {}", case.name, step.explanation));
                        stopped = Some("an unsound step".to_string());
                        break;
                    }
                    *steps_by_technique
                        .entry(step.technique.to_string())
                        .or_default() += 1;
                    c.apply(&step);
                }
                found => {
                    let what = if found.is_ok() {
                        "stuck"
                    } else {
                        "out of time"
                    };
                    hints.push((ms, format!("{}: {what}", case.name)));
                    guesses += 1;
                    let open = (0..c.cells()).filter(|&x| c.digit(x) == 0);
                    stalled.get_or_insert(open.clone().count());
                    let cell = open
                        .min_by_key(|&x| c.marks(x).count_ones())
                        .expect("an open cell");
                    c.place(cell, solution.get(cell));
                }
            }
        }
        let done = stopped.is_none() && guesses == 0;
        solved += usize::from(done);
        quick += usize::from(done && slow == 0);
        if !done {
            let why = stopped.unwrap_or_else(|| format!("{guesses} guesses"));
            // The rules' own techniques, to group what is left by where logic stalls.
            let mut own: Vec<&str> = puzzle
                .rules()
                .iter()
                .map(|r| Technique::of_rule(r).name())
                .collect();
            own.sort_unstable();
            own.dedup();
            let left = (0..c.cells()).filter(|&x| c.digit(x) == 0).count();
            not_solved.push(format!(
                "{}: {why}, {} cells open at the first guess or the end [{}]",
                case.name,
                stalled.unwrap_or(left),
                own.join(", ")
            ));
        }
        let mut kinds: Vec<String> = puzzle
            .rules()
            .iter()
            .map(|r| format!("{:?}", r.kind()))
            .collect();
        if kinds.is_empty() {
            kinds.push("(houses only)".into());
        }
        kinds.sort();
        kinds.dedup();
        for kind in kinds {
            let entry = by_kind.entry(kind).or_default();
            entry.0 += 1;
            entry.1 += usize::from(done);
        }
    }
    hints.sort_by(|a, b| a.0.total_cmp(&b.0));
    let at = |q: f64| hints[((hints.len() - 1) as f64 * q).round() as usize].0;
    println!(
        "{} puzzles: {walked} walked by logic, {solved} solved with no guess ({quick} with \
         every step within {HINT_MILLIS} ms); {} unsound steps",
        cases.len(),
        wrong.len()
    );
    println!(
        "hints: {}; median {:.2} ms, 95th percentile {:.1} ms, 99th percentile {:.1} ms, \
         worst {:.0} ms; over {HINT_MILLIS} ms: {}",
        hints.len(),
        at(0.5),
        at(0.95),
        at(0.99),
        at(1.0),
        hints.iter().filter(|h| h.0 > HINT_MILLIS).count()
    );
    for line in &wrong {
        println!("  unsound: {line}");
    }
    println!("\nrule kind\tpuzzles\tsolved by logic");
    for (kind, (count, done)) in &by_kind {
        println!("{kind}\t{count}\t{done}");
    }
    println!("\ntechnique\tsteps");
    for (technique, count) in &steps_by_technique {
        println!("{technique}\t{count}");
    }
    println!("\nnot solved by logic");
    for line in &not_solved {
        println!("  {line}");
    }
    println!("\nslowest hint\tms");
    for (ms, what) in hints.iter().rev().take(15) {
        println!("{what}\t{ms:.0}");
    }
    assert_eq!(
        cases.len(),
        250,
        "ISS's suite has 250 puzzles with a solution"
    );
    assert!(wrong.is_empty(), "unsound steps: {wrong:#?}");
}
