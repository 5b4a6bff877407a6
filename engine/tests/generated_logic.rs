//! The logical solver on the project's own variant puzzles (issue 41's generated set):
//! every step that the page's hints would give, from the givens to the end, keeps the one
//! solution the exact solver proved. A placement of another digit, or an elimination of
//! the solution's own, is an unsound step and fails here.

use sudoku_engine::generate::variant::{generate_variant, Genre};
use sudoku_engine::logic::{solve_path, Settings};

/// Seeds per variant, 0 to 24, as `sudoku generate --seed 0 --count 25` makes them: 25
/// puzzles of each genre (those of the first eight, 200, are the generated set of issue 41).
const SEEDS: u64 = 25;

#[test]
fn every_step_on_made_variants_keeps_the_solution() {
    for genre in Genre::ALL {
        for seed in 0..SEEDS {
            let made = generate_variant(genre, None, seed, 5_000, |_| true)
                .unwrap_or_else(|| panic!("no {genre:?} from seed {seed}"));
            let solution = made.solution.cells();
            // The hints' own settings: every technique, the uniqueness ones too.
            let path = solve_path(&made.puzzle, &Settings::default().unique(true));
            for step in &path.steps {
                for &(cell, digit) in &step.placements {
                    assert_eq!(
                        solution[cell], digit,
                        "{genre:?} seed {seed}: {} places a wrong digit",
                        step.explanation
                    );
                }
                for &(cell, digit) in &step.eliminations {
                    assert_ne!(
                        solution[cell], digit,
                        "{genre:?} seed {seed}: {} removes the solution's digit",
                        step.explanation
                    );
                }
            }
            assert!(path.solved, "{genre:?} seed {seed}: solved by logic");
        }
    }
}
