//! Generate: a new puzzle as the New puzzle dialog asks, classic or a variant.

use sudoku_engine::generate::variant::{generate_variant, Genre};
use sudoku_engine::generate::{daily_seed, generate, Request, Symmetry};
use sudoku_engine::logic::{Level, Technique};
use sudoku_engine::Shape;
use sudoku_links::made_link;

use crate::json::to_json;
use crate::protocol::{Answer, MadeView, Seed, Wanted};

/// How many candidates a classic `Generate` makes before it says none would do.
const MAX_ATTEMPTS: u32 = 20_000;

/// How many a variant's makes, as `cargo bench --bench generate -- variants` allows.
const MAX_VARIANT_ATTEMPTS: u32 = 10_000;

/// A new puzzle as a `Generate` asks, reporting the candidates tried as progress.
pub(super) fn generated(wanted: Wanted, seed: Seed, progress: &mut dyn FnMut(u64)) -> Answer {
    let level = wanted.level();
    let seed = match seed {
        Seed::Random(seed) => u64::from(seed),
        Seed::Daily { year, month, day } => daily_seed(
            year.into(),
            month.into(),
            day.into(),
            level.unwrap_or(Level::Medium),
        ),
    };
    if let Some(genre) = wanted.genre() {
        return variant(genre, level, seed, progress);
    }
    let Some(shape) = Shape::for_side(usize::from(wanted.side)) else {
        return Answer::Invalid(format!("{0}x{0} is not a size", wanted.side));
    };
    let request = Request {
        shape,
        level,
        symmetry: pick(&Symmetry::ALL, wanted.symmetry).unwrap_or_default(),
        technique: wanted
            .technique
            .and_then(|t| pick(&Technique::classic(), t)),
        minimal: wanted.minimal,
    };
    let made = generate(&request, seed, MAX_ATTEMPTS, |attempt| {
        progress(u64::from(attempt));
        true
    });
    match made {
        Some(made) => Answer::Generated(MadeView {
            puzzle: made.puzzle.cells().to_vec(),
            document: None,
            level: made.rating.level.to_string(),
            rating: made.rating.rating,
        }),
        None => Answer::NotGenerated,
    }
}

/// A variant puzzle, answered with its own link (`sudoku_links::made_link`), which carries
/// the puzzle itself, titled "Killer, Medium" and with the variant's rules written for a
/// newcomer; or where that form would not carry it, with its f-puzzles document.
fn variant(genre: Genre, level: Option<Level>, seed: u64, progress: &mut dyn FnMut(u64)) -> Answer {
    let made = generate_variant(genre, level, seed, MAX_VARIANT_ATTEMPTS, |attempt| {
        progress(u64::from(attempt));
        true
    });
    let Some(made) = made else {
        return Answer::NotGenerated;
    };
    let level = made.rating.level;
    let document = made_link::write(genre, level, &made.puzzle).or_else(|| {
        let title = format!("{}, {level}", genre.title());
        to_json(&sudoku_links::made_document(
            &made.puzzle,
            &title,
            genre.rules(),
        ))
    });
    match document {
        Some(document) => Answer::Generated(MadeView {
            puzzle: made.puzzle.givens().cells().to_vec(),
            document: Some(document),
            level: level.to_string(),
            rating: made.rating.rating,
        }),
        None => Answer::Invalid("the puzzle made could not be written as JSON".into()),
    }
}

/// The item at `index` of `from`, if there is one.
fn pick<T: Copy>(from: &[T], index: u8) -> Option<T> {
    from.get(usize::from(index)).copied()
}
