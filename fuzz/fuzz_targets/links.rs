//! Any text pasted as a variant puzzle link: a link, a payload, f-puzzles' JSON or
//! SudokuPad's zipped text. Reading it never panics, and a puzzle it reads has its rules
//! on the grid and can be checked against its givens.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|text: &str| {
    if let Ok(imported) = sudoku_links::read(text) {
        let puzzle = &imported.puzzle;
        let cells = puzzle.shape().cells();
        assert!(puzzle.rules().iter().all(|r| r.cells().iter().all(|&c| c < cells)));
        assert!(imported.drawn.iter().all(|d| d.cells.iter().all(|&c| c < cells)));
        let _ = puzzle.broken(puzzle.givens());
        let _ = puzzle.rules().iter().map(|r| r.describe(puzzle.shape())).count();
    }
});
