//! Any text, as pasted or read from a file: parsing never panics, and whatever it reads
//! writes out in both forms and reads back the same.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sudoku_engine::Grid;

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
});
