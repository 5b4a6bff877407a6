//! Any text pasted as a variant puzzle link: a link, a payload, f-puzzles' JSON,
//! SudokuPad's zipped text, an ISS link (`?q=`) or ISS's constraint text (`.Type~…`);
//! and the same text again as the `q=` of an ISS link, where ISS's plain forms (SudoCue's
//! killers, short killers, jigsaw layouts, pencilmarks, grids) are read too. Reading
//! never panics; a puzzle it reads has its rules on the grid and can be checked against
//! its givens; and one ISS can state writes as an ISS link that reads back.
#![no_main]

use libfuzzer_sys::fuzz_target;
use percent_encoding::{utf8_percent_encode, NON_ALPHANUMERIC};
use sudoku_links::iss;

fuzz_target!(|text: &str| {
    check(text);
    let q = utf8_percent_encode(text, NON_ALPHANUMERIC);
    check(&format!("{}?q={q}", iss::ISS_ADDRESS));
});

fn check(text: &str) {
    let Ok(imported) = sudoku_links::read(text) else {
        return;
    };
    let puzzle = &imported.puzzle;
    let cells = puzzle.shape().cells();
    assert!(puzzle
        .rules()
        .iter()
        .all(|r| r.cells().iter().all(|&c| c < cells)));
    assert!(imported
        .drawn
        .iter()
        .all(|d| d.cells.iter().all(|&c| c < cells)));
    let _ = puzzle.broken(puzzle.givens());
    let _ = puzzle
        .rules()
        .iter()
        .map(|r| r.describe(puzzle.shape()))
        .count();
    // Any puzzle ISS can state writes as an ISS link that reads; one read from ISS's own
    // text reads back as the same puzzle. (A rule of another site may be written as the
    // ISS type of the same meaning, such as a little killer that runs away from its first
    // cell as a sum, and read back as that type.)
    if let Ok(link) = iss::link(&imported) {
        let again = sudoku_links::read(&link).unwrap_or_else(|e| {
            panic!("{text}\nwrites as the ISS link {link}\nwhich does not read: {e}")
        });
        if iss::is_iss(text.trim()) {
            assert!(
                again.puzzle == *puzzle,
                "{text}\nreads back from {link} as another puzzle"
            );
        }
    }
}
