//! How hard a puzzle is: the hardest technique its logical solution needs, as a level and
//! as a number on the Sudoku Explainer scale, with the count of each technique used.

use sudoku_model::level::Level;
use sudoku_model::puzzle::Puzzle;

use crate::{solve_path, Path, Settings, Technique};

#[derive(Clone, Debug, PartialEq)]
pub struct Rating {
    pub level: Level,
    /// The weight of the hardest technique used (Sudoku Explainer scale).
    pub rating: f32,
    pub solved: bool,
    /// How often each technique was used, in technique order.
    pub counts: Vec<(Technique, usize)>,
}

/// Rates a puzzle, with the uniqueness techniques if it is classic and has one solution.
#[inline]
pub fn rate(puzzle: &Puzzle) -> Rating {
    Rating::of(&solve_path(puzzle, &Settings::for_puzzle(puzzle)))
}

impl Rating {
    /// The rating of a logical path already worked out.
    #[inline]
    pub fn of(path: &Path) -> Rating {
        let counts: Vec<(Technique, usize)> = Technique::ALL
            .iter()
            .map(|&t| (t, path.steps.iter().filter(|s| s.technique == t).count()))
            .filter(|&(_, n)| n > 0)
            .collect();
        let hardest = path
            .steps
            .iter()
            .map(|s| s.technique)
            .max_by(|a, b| a.rating().total_cmp(&b.rating()));
        let level = match (path.solved, hardest) {
            (false, _) => Level::NeedsGuessing,
            (true, Some(t)) => counts
                .iter()
                .map(|(t, _)| t.level())
                .max()
                .unwrap_or(t.level()),
            (true, None) => Level::Easy,
        };
        Rating {
            level,
            rating: hardest.map_or(0.0, Technique::rating),
            solved: path.solved,
            counts,
        }
    }
}
