//! Solve and Count: the exact solver's verdict and the number of solutions.

use sudoku_engine::chaos::Chaos;
use sudoku_engine::search::chaos::{self, ChaosFound};
use sudoku_engine::timing::time_solving;
use sudoku_engine::{count, solve, true_candidates, Budget, Grid, Puzzle, Verdict};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::DedicatedWorkerGlobalScope;

use super::clock;
use crate::protocol::Answer;

/// The puzzle's solution, or why it has not exactly one; a chaos construction's with its
/// regions.
pub(super) fn solved(puzzle: &Puzzle, chaos: Option<Chaos>) -> Answer {
    let Some(chaos) = chaos else {
        return answer_of(Some(solve(puzzle, &mut Budget::unlimited()).verdict));
    };
    match regions_found(puzzle, &chaos, 2, 2, &mut Budget::unlimited()) {
        Err(why) => Answer::Invalid(why),
        Ok(found) => match &found.solutions[..] {
            [one] => Answer::UniqueRegions {
                cells: one.grid.cells().to_vec(),
                regions: one.layout.clone(),
            },
            [a, b, ..] => Answer::Multiple(a.grid.cells().to_vec(), b.grid.cells().to_vec()),
            [] => Answer::NoSolution,
        },
    }
}

/// The solutions of a chaos construction counted up to `limit`, the first `keep` kept with
/// their digits and regions. `chaos` crossed from the page is made again through the
/// engine's checks, so a bad one is an error, not a panic.
pub(super) fn regions_found(
    puzzle: &Puzzle,
    chaos: &Chaos,
    limit: u64,
    keep: usize,
    budget: &mut Budget,
) -> Result<ChaosFound, String> {
    let chaos = Chaos::new(puzzle.shape(), chaos.size(), chaos.clues().to_vec())?;
    Ok(chaos::find(puzzle, &chaos, limit, keep, budget))
}

/// A verdict as the page reads it (none: not found).
pub(super) fn answer_of(verdict: Option<Verdict>) -> Answer {
    match verdict {
        Some(Verdict::Unique(s)) => Answer::Unique(s.cells().to_vec()),
        Some(Verdict::Multiple(a, b)) => Answer::Multiple(a.cells().to_vec(), b.cells().to_vec()),
        Some(Verdict::Conflict(c)) => Answer::Conflict(c.to_string()),
        Some(Verdict::Broken { why, .. }) => Answer::Conflict(why),
        Some(Verdict::NoSolution | Verdict::GaveUp) | None => Answer::NoSolution,
    }
}

/// Each cell's true candidates, with at most `searches` searches.
pub(super) fn candidates(puzzle: &Puzzle, searches: u32) -> Answer {
    let found = true_candidates(puzzle, searches as usize, &mut Budget::unlimited());
    Answer::TrueCandidates {
        cells: found.cells.iter().map(|d| d.bits()).collect(),
        complete: found.complete,
    }
}

/// The puzzle's solutions counted up to `limit`, `progress` hearing the nodes searched;
/// a chaos construction's, each layout of its regions one.
pub(super) fn counted(
    puzzle: &Puzzle,
    limit: u64,
    chaos: Option<Chaos>,
    progress: &mut dyn FnMut(u64),
) -> Answer {
    let mut budget = Budget::unlimited().with_check(|nodes| {
        progress(nodes);
        true
    });
    let (count, complete) = match chaos {
        None => {
            let counted = count(puzzle, limit, &mut budget);
            (counted.count, counted.complete)
        }
        Some(chaos) => match regions_found(puzzle, &chaos, limit, 0, &mut budget) {
            Ok(found) => (found.count, found.complete),
            Err(why) => return Answer::Invalid(why),
        },
    };
    Answer::Counted { count, complete }
}

/// Times the exact solver in this worker over `text` (one puzzle a line, `#` comments), as
/// `sudoku bench --format tsv` does natively: puzzles, microseconds per puzzle, guesses
/// per puzzle, checksum. `scripts/solve-bench.mjs` calls it in a worker of its own, so the
/// browser's speed on the shipped module can be set beside the native one.
#[wasm_bindgen]
pub fn bench_solve(text: &str, rounds: u32) -> Result<String, String> {
    let scope: DedicatedWorkerGlobalScope = js_sys::global()
        .dyn_into()
        .map_err(|_| "bench_solve runs in a dedicated worker".to_string())?;
    let grids = Grid::parse_lines(text)
        .into_iter()
        .map(|(_, grid)| grid.map(Puzzle::classic).map_err(|e| e.to_string()))
        .collect::<Result<Vec<Puzzle>, String>>()?;
    let timed = time_solving(&grids, rounds as usize, || clock(&scope))
        .ok_or("nothing to time: no puzzles or no rounds")?;
    Ok(timed.tsv(grids.len()))
}
