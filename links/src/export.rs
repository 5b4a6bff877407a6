//! Links out: a puzzle's f-puzzles JSON as an f-puzzles link, a SudokuPad link, an ISS
//! link, or the payload the app's own address carries, each written as those sites write
//! theirs.

use sudoku_engine::symbols::Symbols;

/// Where a link opens.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Site {
    FPuzzles,
    SudokuPad,
    /// Sigh's Interactive Sudoku Solver, whose link states the rules as text (`?q=`): not
    /// every rule has a type there.
    Iss,
}

impl Site {
    /// Every site a puzzle can be copied out to, in the order the page offers them.
    pub const ALL: [Site; 3] = [Site::FPuzzles, Site::SudokuPad, Site::Iss];

    /// The site's name, as players know it.
    pub fn name(self) -> &'static str {
        match self {
            Site::FPuzzles => "f-puzzles",
            Site::SudokuPad => "SudokuPad",
            Site::Iss => "ISS",
        }
    }
}

/// The payload SudokuPad reads after its address (and the app after its `#`):
/// `fpuzzles` and the JSON compressed.
pub fn payload(json: &str) -> String {
    format!("fpuzzles{}", crate::lz::compress(json))
}

/// A link to the puzzle whose f-puzzles JSON is `json`; for ISS, its values as `symbols`
/// say (from 0 for a puzzle read with them: the document holds its digits), or the rule
/// it has no type for, in words (`ISS has no minimum rule (the minimum cell r1c1)`).
pub fn link(json: &str, site: Site, symbols: Symbols) -> Result<String, String> {
    Ok(match site {
        Site::FPuzzles => format!(
            "https://www.f-puzzles.com/?load={}",
            crate::lz::compress(json)
        ),
        Site::SudokuPad => format!("https://sudokupad.app/{}", payload(json)),
        // A document is never ISS's grid in a corner of the engine's.
        Site::Iss => {
            let imported = crate::read_drawable(json).map_err(|e| e.to_string())?;
            crate::iss::link_in::<false>(&crate::Imported {
                symbols,
                ..imported
            })?
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_links_read_back_to_the_puzzle() {
        let json = r#"{"size":4,"grid":[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]],"killercage":[{"cells":["R1C1","R1C2"],"value":"3"}]}"#;
        let want = crate::read(json).unwrap();
        for site in Site::ALL {
            let got = crate::read(&link(json, site, Symbols::App).unwrap()).unwrap();
            assert_eq!(got.puzzle, want.puzzle, "{site:?}");
        }
        assert!(link(json, Site::FPuzzles, Symbols::App)
            .unwrap()
            .starts_with("https://www.f-puzzles.com/?load=N4"));
        assert!(link(json, Site::Iss, Symbols::App)
            .unwrap()
            .starts_with("https://sigh.github.io/Interactive-Sudoku-Solver/?q="));
        assert_eq!(crate::read(&payload(json)).unwrap().puzzle, want.puzzle);
        let fpuzzles = link(json, Site::FPuzzles, Symbols::App).unwrap();
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

    #[test]
    fn an_iss_link_names_the_rule_iss_lacks() {
        let json = r#"{"size":4,"grid":[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]],"minimum":[{"cell":"R2C3"}]}"#;
        let why = link(json, Site::Iss, Symbols::App).unwrap_err();
        assert_eq!(why, "ISS has no minimum rule (the minimum cell r2c3)");
        // A negative constraint, as Kropki puzzles made here have.
        let json = r#"{"size":4,"grid":[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]],"ratio":[{"cells":["R1C1","R1C2"],"value":"2"}],"negative":["ratio"]}"#;
        let why = link(json, Site::Iss, Symbols::App).unwrap_err();
        assert!(
            why.starts_with("the negative constraint (neighbours with no dot"),
            "{why}"
        );
    }
}
