//! Generate: a new puzzle as the New puzzle dialog asks.

use sudoku_engine::generate::{daily_seed, generate, Request as GenerateRequest, Symmetry};
use sudoku_engine::logic::{Level, Technique};
use sudoku_engine::Shape;

use crate::protocol::{Answer, Seed, Wanted};

/// How many candidates a `Generate` makes before it says none would do.
const MAX_ATTEMPTS: u32 = 20_000;

/// A new puzzle as a `Generate` asks, reporting the candidates tried as progress.
pub(super) fn generated(wanted: Wanted, seed: Seed, progress: &mut dyn FnMut(u64)) -> Answer {
    let Some(shape) = Shape::for_side(usize::from(wanted.side)) else {
        return Answer::Invalid(format!("{0}x{0} is not a size", wanted.side));
    };
    let request = GenerateRequest {
        shape,
        level: wanted.level.and_then(|l| pick(&Level::ASKED, l)),
        symmetry: pick(&Symmetry::ALL, wanted.symmetry).unwrap_or_default(),
        technique: wanted
            .technique
            .and_then(|t| pick(&Technique::classic(), t)),
        minimal: wanted.minimal,
    };
    let seed = match seed {
        Seed::Random(seed) => u64::from(seed),
        Seed::Daily { year, month, day } => daily_seed(
            year.into(),
            month.into(),
            day.into(),
            request.level.unwrap_or(Level::Medium),
        ),
    };
    let made = generate(&request, seed, MAX_ATTEMPTS, |attempt| {
        progress(u64::from(attempt));
        true
    });
    match made {
        Some(made) => Answer::Generated {
            puzzle: made.puzzle.cells().to_vec(),
            level: made.rating.level.to_string(),
            rating: made.rating.rating,
        },
        None => Answer::NotGenerated,
    }
}

/// The item at `index` of `from`, if there is one.
fn pick<T: Copy>(from: &[T], index: u8) -> Option<T> {
    from.get(usize::from(index)).copied()
}
