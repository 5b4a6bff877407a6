//! Any text, as pasted or read from a file (alone, and split into puzzles by
//! `parse_puzzles`): parsing never panics, and whatever it reads
//! writes out in both forms and reads back the same.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sudoku_engine::{parse_puzzles, Grid};

fuzz_target!(|text: &str| {
    match Grid::parse(text) {
        Ok(grid) => {
            assert_eq!(Grid::parse(&grid.to_line()).as_ref(), Ok(&grid));
            assert_eq!(Grid::parse(&grid.to_pretty()).as_ref(), Ok(&grid));
        }
        Err(error) => {
            let _ = error.to_string();
        }
    }
    // A file of puzzles: each one read writes out and reads back the same.
    for (line, read) in parse_puzzles(text) {
        assert!(line >= 1 && line <= text.lines().count().max(1));
        match read {
            Ok(grid) => assert_eq!(Grid::parse(&grid.to_line()).as_ref(), Ok(&grid)),
            Err(error) => {
                let _ = error.to_string();
            }
        }
    }
});
