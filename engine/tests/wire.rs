//! A puzzle sent to the web app's worker (sudoku-model's wire.rs, the `serde` feature) keeps
//! what the searches make of it: a test of two layers together, so it lives here.
#![cfg(feature = "serde")]

use sudoku_engine::rules::Killer;
use sudoku_engine::{solve, Budget, Grid, Houses, Puzzle, Rule, Shape, Verdict};

fn round_trip(puzzle: &Puzzle) -> Puzzle {
    let text = serde_json::to_string(puzzle).unwrap();
    serde_json::from_str(&text).unwrap()
}

#[test]
fn a_round_trip_keeps_the_verdict() {
    // A 4x4 killer: its cages cut down the empty grid's 288 solutions.
    let shape = Shape::for_side(4).unwrap();
    let cage = |cells: Vec<usize>, sum| Rule::Killer(Killer::new(cells, Some(sum), 4));
    let rules = vec![
        cage(vec![0, 1], 3),
        cage(vec![4, 5], 7),
        cage(vec![2, 6], 5),
    ];
    let puzzle = Puzzle::new(Grid::empty(shape), Houses::standard(shape), rules);
    let verdict = |p: &Puzzle| solve(p, &mut Budget::unlimited()).verdict;
    assert_eq!(verdict(&round_trip(&puzzle)), verdict(&puzzle));
    assert!(!matches!(verdict(&puzzle), Verdict::Broken { .. }));
}
