//! Every puzzle of the shared sets solved, checked against its givens and the rules, and
//! proved unique. Run in release (`cargo test --release`): in debug it takes long.

use sudoku_engine::{search, solve, Budget, Grid, Houses, Puzzle, Shape, Verdict};

fn puzzles(name: &str) -> Vec<Grid> {
    let path = format!("{}/../data/{name}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    text.lines()
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|l| Grid::parse(l).unwrap_or_else(|e| panic!("{l}: {e}")))
        .collect()
}

fn check_all(name: &str, expected: usize) {
    let houses = Houses::standard(Shape::NINE);
    let all = puzzles(name);
    assert_eq!(all.len(), expected, "{name} lost puzzles");
    for puzzle in &all {
        match solve(&Puzzle::classic(puzzle.clone()), &mut Budget::unlimited()).verdict {
            Verdict::Unique(solution) => assert!(
                solution.solves(puzzle, &houses),
                "{puzzle}: wrong solution {solution}"
            ),
            other => panic!("{puzzle}: expected a unique solution, got {other:?}"),
        }
    }
}

#[test]
fn every_17_clue_puzzle_has_its_unique_solution() {
    check_all("17_clue.txt", 49_158);
}

#[test]
fn every_top1465_puzzle_has_its_unique_solution() {
    check_all("top1465.txt", 1_465);
}

/// The band solver and the general solver are independent implementations; on a sample of
/// both sets they must find the same single solution.
#[test]
fn both_solvers_agree_on_a_sample() {
    let sample = puzzles("top1465.txt")
        .into_iter()
        .step_by(7)
        .chain(puzzles("17_clue.txt").into_iter().step_by(97));
    for puzzle in sample {
        let general: Vec<Grid> = search::solutions(&Puzzle::classic(puzzle.clone()))
            .take(2)
            .collect();
        let Verdict::Unique(fast) =
            solve(&Puzzle::classic(puzzle.clone()), &mut Budget::unlimited()).verdict
        else {
            panic!("{puzzle}")
        };
        assert_eq!(general, vec![fast], "{puzzle}");
    }
}

/// The hard 25x25 set: the one of its puzzles that the learning search settles quickly is
/// solved and proved unique. (A plain depth-first search does not finish it in minutes; the
/// others are measured by the `tail` benchmark, not here, where a test must end.)
#[test]
fn the_second_hard_25x25_puzzle_has_its_unique_solution() {
    let all = puzzles("hard25.txt");
    assert_eq!(all.len(), 4, "hard25.txt lost puzzles");
    let houses = Houses::standard(all[1].shape());
    match solve(&Puzzle::classic(all[1].clone()), &mut Budget::unlimited()).verdict {
        Verdict::Unique(solution) => assert!(solution.solves(&all[1], &houses)),
        other => panic!("expected a unique solution, got {other:?}"),
    }
}
