//! A made variant puzzle's document: its links read back to the very puzzle, with its
//! title and rules, one solution and nothing left only drawn.

use sudoku_engine::generate::variant::{generate_variant, Genre};
use sudoku_engine::symbols::Symbols;
use sudoku_engine::{solve, Budget, Verdict};
use sudoku_links::export::{link, Site};
use sudoku_links::{made_document, read};

#[test]
fn every_made_genre_reads_back_from_both_links() {
    for genre in Genre::ALL {
        for seed in 0..3u64 {
            let levels = genre.levels();
            // The first two levels: a Kropki puzzle with every dot and one with some.
            let level = levels[seed as usize % levels.len().min(2)];
            let made = generate_variant(genre, Some(level), seed, 1_000, |_| true)
                .unwrap_or_else(|| panic!("no {genre:?} {level} from seed {seed}"));
            let title = format!("{}, {level}", genre.title());
            let doc = made_document(&made.puzzle, &title, made.rules);
            let json = serde_json::to_string(&doc).unwrap();
            for site in [Site::FPuzzles, Site::SudokuPad] {
                let read = read(&link(&json, site, Symbols::App).unwrap()).unwrap();
                // Not printed whole: a puzzle's houses list every peer.
                assert!(read.puzzle == made.puzzle, "{genre:?} {seed} by {site:?}");
                assert_eq!(read.title.as_deref(), Some(title.as_str()));
                assert_eq!(read.rules.as_deref(), Some(made.rules));
                assert!(read.drawn.is_empty(), "{:?}", read.drawn);
                assert_eq!(
                    solve(&read.puzzle, &mut Budget::unlimited()).verdict,
                    Verdict::Unique(made.solution.clone())
                );
            }
        }
    }
}
