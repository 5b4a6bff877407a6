//! Hint and Path: the logical solver's next step for the player's board, and every step
//! from the givens with the puzzle's rating. Classic houses only.

use sudoku_engine::logic::{next_step, solve_path, Candidates, Rating, Settings, Step};
use sudoku_engine::{solve, Budget, Grid, Puzzle, Verdict};

use super::check::{excluding, wrong_cells};
use crate::protocol::{Hint, PathView, StepView};

/// The next step for the player's board, or the first of their digits that is wrong.
pub(super) fn hint(puzzle: &Grid, board: &Grid, removed: &[u32]) -> Hint {
    let puzzle = Puzzle::classic(puzzle.clone());
    let verdict = solve(&puzzle, &mut Budget::unlimited()).verdict;
    if let Verdict::Unique(solution) = &verdict {
        if let Some(&cell) = wrong_cells(board, solution).first() {
            return Hint::Wrong {
                cell,
                digit: board.get(cell),
            };
        }
        if let Some(&cell) = excluding(board, solution, removed).first() {
            return Hint::Excluded { cell };
        }
    }
    let mut candidates = Candidates::from_grid(board, &puzzle);
    candidates.remove_all(removed);
    if candidates.is_solved() {
        return Hint::Solved;
    }
    let settings = Settings::default().unique(matches!(verdict, Verdict::Unique(_)));
    next_step(&candidates, &settings).map_or(Hint::Stuck, |s| Hint::Step(view(&puzzle, &s)))
}

/// Every logical step from the givens, and the rating they give the puzzle.
pub(super) fn path(puzzle: &Grid) -> PathView {
    let puzzle = Puzzle::classic(puzzle.clone());
    let path = solve_path(&puzzle, &Settings::for_puzzle(&puzzle));
    let rating = Rating::of(&path);
    PathView {
        steps: path.steps.iter().map(|s| view(&puzzle, s)).collect(),
        solved: path.solved,
        level: rating.level.to_string(),
        rating: rating.rating,
        counts: rating
            .counts
            .iter()
            .map(|(t, n)| (t.to_string(), *n))
            .collect(),
    }
}

fn view(puzzle: &Puzzle, step: &Step) -> StepView {
    let houses = puzzle.houses();
    StepView {
        technique: step.technique.to_string(),
        placements: step.placements.clone(),
        eliminations: step.eliminations.clone(),
        houses: step
            .highlight
            .houses
            .iter()
            .map(|&h| (houses.name(h), houses.cells(h).to_vec()))
            .collect(),
        cells: step.highlight.cells.clone(),
        candidates: step.highlight.candidates.clone(),
        links: step
            .highlight
            .links
            .iter()
            .map(|l| (l.from, l.to, l.strong))
            .collect(),
        explanation: step.explanation.clone(),
    }
}
