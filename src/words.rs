//! The page's words: what the engine writes in a solver's shorthand (hints, the step list,
//! the status), said as a player reads it aloud. The engine and the command line keep the
//! shorthand (`r4c8`, "killer cage r2c7-r3c7 (14)", bare technique names), which their
//! users and programs read; the page rewrites that text here, in one place:
//! - a killer cage by its sum and its first cell, "the 14 cage at row 2, column 7" (a span
//!   of its first and last cells reads as a rectangle or a pair);
//! - a cell as "row 4, column 8", or `r4c8` where the player's setting asks for it
//!   (`Preferences::short_cells`), a candidate as "8 in row 4, column 8", a span "row 1,
//!   column 1 to row 1, column 3", and cells in a list apart by semicolons;
//! - each technique with one plain sentence ([`gist`]); a rule's own step with the sentence
//!   its module gives (`RuleKind::in_a_sentence`), so that no rule is named here.

use sudoku_engine::logic::Technique;
use sudoku_engine::shape::span;
use sudoku_engine::{Rule, Shape};

/// How the page names cells and cages on one board.
pub struct PlayerWords<'a> {
    shape: Shape,
    rules: &'a [Rule],
    /// Cells as `r4c8` rather than "row 4, column 8".
    short: bool,
}

impl<'a> PlayerWords<'a> {
    pub fn new(shape: Shape, rules: &'a [Rule], short: bool) -> PlayerWords<'a> {
        PlayerWords {
            shape,
            rules,
            short,
        }
    }

    /// A cell's name: "row 4, column 8", or `r4c8`.
    pub fn cell(&self, cell: usize) -> String {
        let at = self.shape.cell(cell);
        match self.short {
            true => at.to_string(),
            false => format!("row {}, column {}", at.row + 1, at.col + 1),
        }
    }

    /// `text` from the engine in the page's words.
    pub fn say(&self, text: &str) -> String {
        let mut text = text.to_string();
        // Cages first, while their cells are still in the engine's shorthand.
        for rule in self.rules {
            if !rule.is_cage() {
                continue;
            }
            let Some(&first) = rule.cells().iter().min() else {
                continue;
            };
            let name = match rule.cage_sum() {
                Some(sum) => format!("the {sum} cage at {}", self.shape.cell(first)),
                None => format!("the cage at {}", self.shape.cell(first)),
            };
            let cage = format!("cage {}", span(self.shape, rule.cells()));
            for said in [rule.describe(self.shape), cage] {
                text = text
                    .replace(&format!("the {said}"), &name)
                    .replace(&said, &name);
            }
        }
        match self.short {
            true => text,
            false => self.cells_in_words(&text),
        }
    }

    /// Every `r4c8` of `text` as "row 4, column 8", `r4c8(6)` as "6 in row 4, column 8",
    /// a span's dash as " to ", and the commas between cells of a list as semicolons.
    fn cells_in_words(&self, text: &str) -> String {
        let bytes = text.as_bytes();
        let mut out = String::with_capacity(text.len() * 2);
        let mut at = 0;
        let mut copied = 0;
        let mut last_cell_end = None;
        while at < bytes.len() {
            let starts_word = at == 0 || !bytes[at - 1].is_ascii_alphanumeric();
            let Some((row, col, end)) = starts_word.then(|| cell_at(bytes, at)).flatten() else {
                at += 1;
                continue;
            };
            let n = self.shape.n();
            if row == 0 || col == 0 || row > n || col > n {
                at = end;
                continue;
            }
            // What stands between the last cell and this one.
            let between = &text[copied..at];
            match (last_cell_end == Some(copied), between) {
                (true, "-") => out.push_str(" to "),
                (true, ", ") => out.push_str("; "),
                _ => out.push_str(between),
            }
            let name = self.cell((row - 1) * n + col - 1);
            // A candidate: the cell's name with its digit in brackets right after it.
            let digit = text[end..]
                .strip_prefix('(')
                .and_then(|rest| rest.split_once(')'))
                .filter(|(digit, _)| digit.len() == 1);
            match digit {
                Some((digit, _)) => {
                    out.push_str(&format!("{digit} in {name}"));
                    at = end + 3;
                }
                None => {
                    out.push_str(&name);
                    at = end;
                }
            }
            copied = at;
            last_cell_end = Some(at);
        }
        out.push_str(&text[copied..]);
        out
    }
}

/// The row, column and end of a cell name `r<row>c<col>` starting at `at`.
fn cell_at(bytes: &[u8], at: usize) -> Option<(usize, usize, usize)> {
    let number = |from: usize| {
        let digits = bytes[from..]
            .iter()
            .take_while(|b| b.is_ascii_digit())
            .count();
        let value = std::str::from_utf8(&bytes[from..from + digits])
            .ok()?
            .parse()
            .ok()?;
        Some((value, from + digits))
    };
    (bytes.get(at) == Some(&b'r')).then_some(())?;
    let (row, after_row) = number(at + 1)?;
    (bytes.get(after_row) == Some(&b'c')).then_some(())?;
    let (col, end) = number(after_row + 1)?;
    // Not the start of a longer word ("r1c1x").
    match bytes.get(end) {
        Some(b) if b.is_ascii_alphabetic() => None,
        _ => Some((row, col, end)),
    }
}

/// What a technique does, in one plain sentence, by the name a step carries.
pub fn gist(name: &str) -> Option<&'static str> {
    let technique = Technique::ALL.into_iter().find(|t| t.name() == name)?;
    Some(match technique {
        Technique::FullHouse => "A row, column or box with one empty cell left: it takes the missing digit.",
        Technique::HiddenSingle => "A digit with one place left in a row, column or box goes there.",
        Technique::NakedSingle => "A cell where every digit but one is ruled out takes that one.",
        Technique::Rule(kind) => kind
            .in_a_sentence()
            .unwrap_or("The rule drawn on these cells leaves them only some digits."),
        Technique::NeededDigit => "A digit that must be somewhere in a rule's cells cannot be in a cell that sees all of them.",
        Technique::RuleOf45 => "Every row, column and box adds up to 45, so the cells the cages leave out make up the rest.",
        Technique::SetEquivalence => "Two sets of rows, columns and boxes hold the same digits, so their leftover cells do too.",
        Technique::Pointing => "A digit whose places in a box lie in one row or column can go nowhere else on that line.",
        Technique::Claiming => "A digit whose places in a row or column lie in one box can go nowhere else in that box.",
        Technique::NakedPair | Technique::NakedTriple | Technique::NakedQuad => "Cells of a house that can only hold as many digits as there are cells take those digits, so no other cell there can.",
        Technique::HiddenPair | Technique::HiddenTriple | Technique::HiddenQuad => "Digits that fit only the same few cells of a house fill those cells, so nothing else goes there.",
        Technique::XWing | Technique::Swordfish | Technique::Jellyfish => "A digit whose places in some rows fall in as many columns fills those columns there (or rows and columns swapped), so it leaves the rest of them.",
        Technique::Phistomefel => "The ring round the centre box holds the same digits as the four 2x2 corners.",
        Technique::ParallelLinks | Technique::TwoStringKite | Technique::EmptyRectangle => "A digit with two places in each of two linked houses: one of the far ends holds it, so a cell that sees both cannot.",
        Technique::XyWing | Technique::XyzWing | Technique::WWing => "Whatever the linked cells take, one of the outer ones holds the shared digit, so a cell that sees them all cannot.",
        Technique::SimpleColouring => "Colour a digit's places in turn through houses where it has two: one colour is right, so a cell that sees both is not.",
        Technique::UniqueRectangle1 | Technique::UniqueRectangle2 | Technique::UniqueRectangle3 | Technique::UniqueRectangle4 => "A puzzle with one solution never leaves two digits free to swap in four cells of two boxes, so that pattern is avoided.",
        Technique::BugPlusOne => "With one cell of three candidates and the rest of two, the puzzle would have two solutions unless that cell takes its odd digit.",
        Technique::AlsXz => "Two groups of cells, each with one digit more than cells, share a digit that cannot be in both, so another shared one is in one of them.",
        Technique::XChain | Technique::XyChain | Technique::Aic => "A chain of candidates, each true if the one before is false: one end is true, so a candidate that sees both is not.",
        Technique::ForcingChain | Technique::ForcingNet | Technique::NestedForcing => "Every choice for a cell, or every place for a digit, leads to the same result, so that result is true.",
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use sudoku_engine::rules::Killer;

    #[test]
    fn cells_candidates_spans_and_lists_are_said_in_words() {
        let words = PlayerWords::new(Shape::NINE, &[], false);
        assert_eq!(
            words.say("XY-Chain: r4c8(8) - r4c8(6) - r4c9(6) — if r4c8 is not 8, r4c9 is 6"),
            "XY-Chain: 8 in row 4, column 8 - 6 in row 4, column 8 - 6 in row 4, column 9 — \
             if row 4, column 8 is not 8, row 4, column 9 is 6"
        );
        assert_eq!(
            words.say("thermometer r1c1-r1c3; two 4s in row 1 (r1c1, r1c2)"),
            "thermometer row 1, column 1 to row 1, column 3; two 4s in row 1 \
             (row 1, column 1; row 1, column 2)"
        );
        // Off the grid, or part of a longer word: left as it is.
        assert_eq!(words.say("r10c1 r1c1x"), "r10c1 r1c1x");
        assert_eq!(
            PlayerWords::new(Shape::NINE, &[], true).say("r4c8(8)"),
            "r4c8(8)"
        );
    }

    #[test]
    fn a_cage_is_named_by_its_sum_and_first_cell() {
        let cage = Rule::Killer(Killer::new(vec![16, 25, 24, 15], Some(14), 9));
        let rules = [cage];
        let words = PlayerWords::new(Shape::NINE, &rules, false);
        assert_eq!(
            words.say("Killer cage combinations: look at the killer cage r2c7-r3c8 (14)."),
            "Killer cage combinations: look at the 14 cage at row 2, column 7."
        );
        assert_eq!(
            words.say("killer cage r2c7-r3c8 (14) cannot be kept with these digits"),
            "the 14 cage at row 2, column 7 cannot be kept with these digits"
        );
        let short = PlayerWords::new(Shape::NINE, &rules, true);
        assert_eq!(
            short.say("by the killer cage r2c7-r3c8 (14), which"),
            "by the 14 cage at r2c7, which"
        );
    }

    #[test]
    fn every_technique_has_its_sentence() {
        for technique in Technique::ALL {
            assert!(gist(technique.name()).is_some(), "{}", technique.name());
        }
        assert_eq!(gist("Not a technique"), None);
    }
}
