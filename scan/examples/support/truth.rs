//! The truth that sits beside a test image, shared by the `cells` example, the `read`
//! benchmark and the tests: `imageN.dat` as in the photo data set (9 lines of 9 numbers after two
//! header lines), or `NAME.txt` with the puzzle on one line. Digits by cell, 0 for empty.

use std::path::Path;

pub fn truth(image: &Path) -> Option<Vec<u8>> {
    if let Ok(dat) = std::fs::read_to_string(image.with_extension("dat")) {
        return Some(
            dat.lines()
                .skip(2)
                .flat_map(|l| l.split_whitespace().map(|t| t.parse().unwrap_or(0)))
                .collect(),
        );
    }
    let txt = std::fs::read_to_string(image.with_extension("txt")).ok()?;
    Some(
        txt.trim()
            .chars()
            .map(|c| match c {
                '1'..='9' => c as u8 - b'0',
                'A'..='P' => c as u8 - b'A' + 10,
                _ => 0,
            })
            .collect(),
    )
}
