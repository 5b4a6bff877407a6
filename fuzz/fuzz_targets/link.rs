//! Any address: the fragment and the query (split at the first newline of the input).
//! Opening it never panics, and a board it opens makes a link that opens the same board.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sudoku_web::link::{board_in, fragment};

fuzz_target!(|text: &str| {
    let (hash, query) = text.split_once('\n').unwrap_or((text, ""));
    if let Some(Ok(board)) = board_in(hash, query) {
        let again = board_in(&fragment(&board, true), "");
        if board.has_givens() {
            assert_eq!(again, Some(Ok(board)));
        }
    }
});
