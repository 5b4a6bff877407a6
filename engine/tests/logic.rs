//! The logical solver is sound: stepping through every top1465 puzzle and a large sample of
//! the 17-clue set, no placement differs from the solution and no elimination removes the
//! solution's digit. Run in release.

use sudoku_engine::logic::{next_step, Candidates, Settings};
use sudoku_engine::{solve, Budget, Grid, Puzzle, Verdict};

fn puzzles(name: &str) -> Vec<Grid> {
    let path = format!("{}/../data/{name}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    text.lines()
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|l| Grid::parse(l).unwrap())
        .collect()
}

/// Steps through `puzzle`, checking every step against the solution; true if solved.
fn check(puzzle: &Grid) -> bool {
    let Verdict::Unique(solution) =
        solve(&Puzzle::classic(puzzle.clone()), &mut Budget::unlimited()).verdict
    else {
        panic!("{puzzle}")
    };
    let mut candidates = Candidates::from_grid(puzzle, &Puzzle::classic(puzzle.clone()));
    // Proved unique just above, so the uniqueness techniques may run too.
    let settings = Settings::default().unique(true);
    while !candidates.is_solved() {
        let Some(step) = next_step(&candidates, &settings) else {
            return false;
        };
        for &(cell, digit) in &step.placements {
            assert_eq!(solution.get(cell), digit, "{puzzle}: {}", step.explanation);
        }
        for &(cell, digit) in &step.eliminations {
            assert_ne!(solution.get(cell), digit, "{puzzle}: {}", step.explanation);
            assert!(
                candidates.has(cell, digit),
                "{puzzle}: eliminates a missing candidate: {}",
                step.explanation
            );
        }
        assert!(
            !step.placements.is_empty() || !step.eliminations.is_empty(),
            "{}",
            step.explanation
        );
        candidates.apply(&step);
    }
    assert_eq!(candidates.grid(), solution);
    true
}

#[test]
fn every_top1465_step_agrees_with_the_solution() {
    let all = puzzles("top1465.txt");
    let solved = all.iter().filter(|p| check(p)).count();
    println!("top1465: {solved} of {} solved by logic alone", all.len());
    // The floor: every one, as docs/logic.md has it.
    assert!(solved >= 1_465, "logic alone solved fewer than before");
}

#[test]
fn a_sample_of_17_clue_steps_agrees_with_the_solution() {
    let sample: Vec<Grid> = puzzles("17_clue.txt").into_iter().step_by(10).collect();
    let solved = sample.iter().filter(|p| check(p)).count();
    println!(
        "17_clue sample: {solved} of {} solved by logic alone",
        sample.len()
    );
    // The floor: every one, as docs/logic.md has it.
    assert!(solved >= 4_916, "logic alone solved fewer than before");
}
