//! A variant puzzle on the page: what its link holds (`sudoku_links::Imported`: the
//! engine's puzzle, the figures to draw, its title, author and rules text, what is only
//! drawn, and its f-puzzles document) and the payload that the address and the save carry
//! for it, as SudokuPad names a puzzle after its address (`fpuzzles…`, `scl…`).

use std::rc::Rc;

use sudoku_links::{export, Imported};

use crate::board::Board;
use crate::storage;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Variant {
    pub imported: Rc<Imported>,
    pub payload: Rc<str>,
}

/// What a pasted or linked text opens.
#[derive(Debug, PartialEq)]
pub enum Opened {
    /// A puzzle with the classic rules, nothing drawn and no title: a classic board.
    Classic(Board),
    Variant(Variant),
}

impl Variant {
    /// Reads a link, a payload or f-puzzles' JSON; the message says what is wrong and
    /// where.
    pub fn open(text: &str) -> Result<Opened, String> {
        let imported = sudoku_links::read(text).map_err(|e| e.to_string())?;
        let plain = imported.puzzle.is_classic()
            && imported.figures.is_empty()
            && imported.drawn.is_empty()
            && imported.title.is_none()
            && imported.rules.is_none();
        if plain {
            return Ok(Opened::Classic(Board::from_puzzle(
                imported.puzzle.givens(),
            )));
        }
        let payload = match sudoku_links::compressed_payload(text) {
            Some(payload) => payload,
            None => export::payload(
                &storage::to_json(&imported.document)
                    .ok_or("its puzzle could not be written as JSON")?,
            ),
        };
        Ok(Opened::Variant(Variant {
            imported: Rc::new(imported),
            payload: payload.into(),
        }))
    }

    /// A board of the puzzle's givens, played under its houses and rules.
    pub fn board(&self) -> Board {
        Board::from_puzzle(self.imported.puzzle.givens()).under(self.clone())
    }

    /// Whether some of its drawings carry no rule the page checks.
    pub fn only_drawn(&self) -> usize {
        self.imported.drawn.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const KILLER: &str = r#"{"size":4,"title":"Tiny","killercage":[{"cells":["R1C1","R1C2"],"value":"3"}],
        "grid":[[{},{},{},{}],[{},{},{},{}],[{},{},{},{"value":4,"given":true}],[{},{},{},{}]]}"#;

    #[test]
    fn a_variant_opens_with_its_rules_and_a_payload_that_reads_back() {
        let Ok(Opened::Variant(v)) = Variant::open(KILLER) else {
            panic!("not a variant")
        };
        assert!(v.payload.starts_with("fpuzzles"));
        let Ok(Opened::Variant(again)) = Variant::open(&v.payload) else {
            panic!("the payload does not read back")
        };
        assert_eq!(again.imported.puzzle, v.imported.puzzle);
        let board = v.board();
        assert_eq!(board.digit(11), 4);
        assert_eq!(board.rules().len(), 1);
        assert_eq!(v.imported.title.as_deref(), Some("Tiny"));
    }

    #[test]
    fn a_classic_puzzle_opens_as_a_classic_board_and_bad_links_say_why() {
        let classic =
            r#"{"size":4,"grid":[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]]}"#;
        assert!(matches!(Variant::open(classic), Ok(Opened::Classic(_))));
        let short = Variant::open("https://sudokupad.app/abc123").unwrap_err();
        assert!(short.contains("long link"), "{short}");
    }
}
