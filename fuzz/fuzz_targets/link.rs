//! Any address: the fragment and the query (split at the first newline of the input).
//! Opening it never panics, and a board it opens makes a link that opens the same board,
//! with the same marks, colours and time.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sudoku_web::link::{board_in, fragment};

fuzz_target!(|text: &str| {
    let (hash, query) = text.split_once('\n').unwrap_or((text, ""));
    if let Some(Ok(linked)) = board_in(hash, query) {
        let payload = linked.board.payload();
        let link = fragment(&linked.board, payload.as_deref(), Some(&linked.timer));
        let again = board_in(&link, "");
        if linked.board.has_puzzle() {
            let again = again.expect("a link").expect("that opens");
            assert_eq!((again.board, again.timer), (linked.board, linked.timer));
        }
    }
});
