//! The generator's promises: every puzzle has one solution (proved by the exact solver),
//! the symmetry asked for, the level asked for, every given needed when minimal is asked,
//! and the same puzzle again from the same seed.

use sudoku_engine::generate::{generate, is_minimal, levels, techniques, Request, Symmetry};
use sudoku_engine::logic::{rate, Level, Technique};
use sudoku_engine::{solve, Budget, Houses, Puzzle, Shape, Verdict};

fn check(request: &Request, seed: u64) -> sudoku_engine::generate::Generated {
    let made = generate(request, seed, 2_000, |_| true)
        .unwrap_or_else(|| panic!("nothing made for {request:?} from seed {seed}"));
    let puzzle = &made.puzzle;
    assert_eq!(
        solve(&Puzzle::classic(puzzle.clone()), &mut Budget::unlimited()).verdict,
        Verdict::Unique(made.solution.clone()),
        "{} has one solution",
        puzzle.to_line()
    );
    assert!(made
        .solution
        .solves(puzzle, Houses::standard_for(request.shape)));
    assert!(
        request.symmetry.holds(puzzle),
        "{} is {}",
        puzzle.to_line(),
        request.symmetry
    );
    assert_eq!(
        made.rating,
        rate(&Puzzle::classic(puzzle.clone())),
        "the rating is the rater's own"
    );
    if let Some(level) = request.level {
        assert_eq!(made.rating.level, level);
    }
    let again = generate(request, seed, 2_000, |_| true).expect("made once, made again");
    assert_eq!(again, made, "the same seed gives the same puzzle");
    made
}

#[test]
fn every_size_and_symmetry_gives_a_unique_symmetric_puzzle() {
    for shape in Shape::ALL.into_iter().filter(|s| s.n() <= 12) {
        for (i, symmetry) in Symmetry::ALL.into_iter().enumerate() {
            let request = Request {
                symmetry,
                ..Request::new(shape)
            };
            check(&request, 40 + i as u64);
        }
    }
    let sixteen = Request::new(Shape::for_side(16).unwrap());
    check(&sixteen, 1);
}

#[test]
fn each_level_of_each_size_is_made_as_asked() {
    for shape in Shape::ALL.into_iter().filter(|s| s.n() <= 12) {
        for &level in levels(shape) {
            let request = Request {
                level: Some(level),
                ..Request::new(shape)
            };
            check(&request, 7);
        }
    }
    assert_eq!(levels(Shape::NINE), Level::ASKED);
    assert_eq!(levels(Shape::for_side(4).unwrap()), [Level::Easy]);
}

#[test]
fn a_minimal_puzzle_needs_every_given() {
    for symmetry in [Symmetry::None, Symmetry::Rotate180] {
        let request = Request {
            minimal: true,
            symmetry,
            ..Request::new(Shape::NINE)
        };
        let made = check(&request, 3);
        assert!(is_minimal(&made.puzzle));
        for cell in (0..81).filter(|&c| made.puzzle.get(c) != 0) {
            let mut fewer = made.puzzle.clone();
            fewer.set(cell, 0);
            assert!(matches!(
                solve(&Puzzle::classic(fewer.clone()), &mut Budget::unlimited()).verdict,
                Verdict::Multiple(..)
            ));
        }
    }
}

#[test]
fn a_trainer_puzzle_needs_its_technique_and_nothing_harder() {
    let twelve = Shape::for_side(12).unwrap();
    for (shape, technique) in [
        (Shape::NINE, Technique::FullHouse),
        (Shape::NINE, Technique::HiddenSingle),
        (Shape::NINE, Technique::Pointing),
        (Shape::NINE, Technique::XWing),
        (twelve, Technique::HiddenQuad),
    ] {
        assert!(techniques(shape).contains(&technique));
        let request = Request {
            technique: Some(technique),
            ..Request::new(shape)
        };
        let made = check(&request, 11);
        assert!(made.rating.solved);
        assert!(made.rating.counts.iter().any(|&(t, _)| t == technique));
        assert!(made
            .rating
            .counts
            .iter()
            .all(|&(t, _)| t.rating() <= technique.rating()));
    }
    assert!(!techniques(Shape::NINE).contains(&Technique::HiddenQuad));
}

#[test]
fn other_seeds_give_other_puzzles_and_stop_is_heard() {
    let request = Request::new(Shape::NINE);
    let a = generate(&request, 1, 10, |_| true).unwrap();
    let b = generate(&request, 2, 10, |_| true).unwrap();
    assert_ne!(a.puzzle, b.puzzle);
    assert_eq!(generate(&request, 1, 10, |_| false), None);
}
