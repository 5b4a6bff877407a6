//! Links out: a puzzle's f-puzzles JSON as an f-puzzles link, a SudokuPad link, or the
//! payload the app's own address carries, each compressed as those sites compress theirs.

/// Where a link opens.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Site {
    FPuzzles,
    SudokuPad,
}

/// The payload SudokuPad reads after its address (and the app after its `#`):
/// `fpuzzles` and the JSON compressed.
pub fn payload(json: &str) -> String {
    format!("fpuzzles{}", lz_str::compress_to_base64(json))
}

/// A link to the puzzle whose f-puzzles JSON is `json`.
pub fn link(json: &str, site: Site) -> String {
    match site {
        Site::FPuzzles => format!(
            "https://www.f-puzzles.com/?load={}",
            lz_str::compress_to_base64(json)
        ),
        Site::SudokuPad => format!("https://sudokupad.app/{}", payload(json)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_links_read_back_to_the_puzzle() {
        let json = r#"{"size":4,"grid":[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]],"killercage":[{"cells":["R1C1","R1C2"],"value":"3"}]}"#;
        let want = crate::read(json).unwrap();
        for site in [Site::FPuzzles, Site::SudokuPad] {
            let got = crate::read(&link(json, site)).unwrap();
            assert_eq!(got.puzzle, want.puzzle, "{site:?}");
        }
        assert!(link(json, Site::FPuzzles).starts_with("https://www.f-puzzles.com/?load=N4"));
        assert_eq!(crate::read(&payload(json)).unwrap().puzzle, want.puzzle);
        let fpuzzles = link(json, Site::FPuzzles);
        let kept = crate::compressed_payload(&fpuzzles).unwrap();
        assert_eq!(kept, payload(json));
        assert_eq!(crate::compressed_payload(json), None);
        // Other givens go into the grid, and read back.
        let mut givens = want.puzzle.givens().clone();
        givens.set(5, 2);
        let moved = crate::Imported::from_document(&want.document_with(&givens)).unwrap();
        assert_eq!(moved.puzzle.givens(), &givens);
        assert_eq!(moved.puzzle.rules(), want.puzzle.rules());
        assert_eq!(
            crate::compressed_payload("https://sudokupad.app/sclN4Ig?setting-x=1").as_deref(),
            Some("sclN4Ig")
        );
    }
}
