//! Any address: the fragment and the query (split at the first newline of the input); and
//! the whole input again as an ISS puzzle in the fragment (`#iss=`, percent-encoded), so
//! that ISS's text reaches the page's reader without the fuzzer finding the prefix first.
//! Opening it never panics, and a board it opens makes a link that opens the same board,
//! with the same marks, colours and time.
#![no_main]

use libfuzzer_sys::fuzz_target;
use percent_encoding::{utf8_percent_encode, NON_ALPHANUMERIC};
use sudoku_web::link::{board_in, fragment};

fuzz_target!(|text: &str| {
    let (hash, query) = text.split_once('\n').unwrap_or((text, ""));
    check(hash, query);
    let q = utf8_percent_encode(text, NON_ALPHANUMERIC);
    check(&format!("#{}{q}", sudoku_links::iss::PREFIX), "");
});

fn check(hash: &str, query: &str) {
    if let Some(Ok(linked)) = board_in(hash, query) {
        let payload = linked.board.payload();
        let link = fragment(&linked.board, payload.as_deref(), Some(&linked.timer));
        let again = board_in(&link, "");
        if linked.board.has_puzzle() {
            let again = again.expect("a link").expect("that opens");
            assert_eq!((again.board, again.timer), (linked.board, linked.timer));
        }
    }
}
