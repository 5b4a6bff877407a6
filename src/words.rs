//! The page's words: what the engine writes in a solver's shorthand (hints, the step list,
//! the status), said as a player reads it aloud. The engine and the command line keep the
//! shorthand (`r4c8`, "killer cage r2c7-r3c7 (14)", bare technique names), which their
//! users and programs read; the page rewrites that text here, in one place:
//! - a killer cage by its sum and its first cell, "the 14 cage at row 2, column 7" (a span
//!   of its first and last cells reads as a rectangle or a pair), the sum as the puzzle
//!   writes it (of its values, where they start at 0: `Symbols::shown`);
//! - a digit the page names itself (a wrong digit, one found by search) as the board shows
//!   it. The engine's own step text keeps its digits 1-n, which a hint then says
//!   (`PlayerWords::steps_digits`) where they are not the values;
//! - a cell as "row 4, column 8", or `r4c8` where the player's setting asks for it
//!   (`Preferences::short_cells`), a candidate as "8 in row 4, column 8", a span "row 1,
//!   column 1 to row 1, column 3", and cells in a list apart by semicolons;
//! - each technique with one plain sentence, and a longer explanation on request, both
//!   from `static/techniques.md` ([`about`]).

use sudoku_engine::shape::span;
use sudoku_engine::symbols::Symbols;
use sudoku_engine::{Rule, Shape};

/// How the page names cells, digits and cages on one board.
pub struct PlayerWords<'a> {
    shape: Shape,
    rules: &'a [Rule],
    /// How the board's digits are shown (`Board::symbols`): a cage is named by the sum of
    /// its values, as the puzzle writes it.
    symbols: Symbols,
    /// Cells as `r4c8` rather than "row 4, column 8".
    short: bool,
}

impl<'a> PlayerWords<'a> {
    pub fn new(shape: Shape, rules: &'a [Rule], symbols: Symbols, short: bool) -> PlayerWords<'a> {
        PlayerWords {
            shape,
            rules,
            symbols,
            short,
        }
    }

    /// A digit as the board shows it: `0` for the first of values from 0.
    pub fn digit(&self, digit: u8) -> char {
        self.symbols.shown(digit)
    }

    /// Where the values start at 0, what the solver's step text means by its digits,
    /// said with it: the engine writes its digits 1-n, one above the values.
    pub fn steps_digits(&self) -> Option<String> {
        let n = self.shape.n();
        (self.symbols.offset() != 0).then(|| {
            format!(
                "The solver's steps write the values {}-{} as the digits {}.",
                self.digit(1),
                self.digit(n as u8),
                sudoku_engine::symbols::range(n)
            )
        })
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
            // The sum of the digits, less the offset in each cell where values start at 0.
            let offset = u32::from(self.symbols.offset()) * rule.cells().len() as u32;
            let name = match rule.cage_sum().map(|sum| sum.saturating_sub(offset)) {
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

/// Where the page finds the techniques' words: `static/techniques.md`, beside the page.
/// Its introduction describes its form: a section per technique, headed `## ` and its names
/// as the engine writes them (apart by `; ` where several share a text); its first
/// paragraph, one line, is the technique's one sentence, the paragraphs after it its longer
/// explanation. Fetched when the player first asks for a hint, so they cost the first load
/// nothing, and kept by the service worker once fetched.
pub const TECHNIQUES_URL: &str = "./techniques.md";

/// What the page says about one technique.
#[derive(Debug, PartialEq)]
pub struct About<'a> {
    /// One plain sentence, said with a hint.
    pub sentence: &'a str,
    /// The longer explanation, by paragraph, shown on request.
    pub more: Vec<&'a str>,
}

/// What `text` (the techniques' file) says about the technique of that `name`.
pub fn about<'a>(text: &'a str, name: &str) -> Option<About<'a>> {
    text.split("\n## ").skip(1).find_map(|section| {
        let (heading, body) = section.split_once('\n')?;
        heading.split(';').any(|n| n.trim() == name).then_some(())?;
        let mut paragraphs = body.split("\n\n").map(str::trim).filter(|p| !p.is_empty());
        Some(About {
            sentence: paragraphs.next()?,
            more: paragraphs.collect(),
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use sudoku_engine::logic::Technique;
    use sudoku_engine::rules::Killer;

    #[test]
    fn cells_candidates_spans_and_lists_are_said_in_words() {
        let words = PlayerWords::new(Shape::NINE, &[], Symbols::App, false);
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
            PlayerWords::new(Shape::NINE, &[], Symbols::App, true).say("r4c8(8)"),
            "r4c8(8)"
        );
    }

    #[test]
    fn a_cage_is_named_by_its_sum_and_first_cell() {
        let cage = Rule::Killer(Killer::new(vec![16, 25, 24, 15], Some(14), 9));
        let rules = [cage];
        let words = PlayerWords::new(Shape::NINE, &rules, Symbols::App, false);
        assert_eq!(
            words.say("Killer cage combinations: look at the killer cage r2c7-r3c8 (14)."),
            "Killer cage combinations: look at the 14 cage at row 2, column 7."
        );
        assert_eq!(
            words.say("killer cage r2c7-r3c8 (14) cannot be kept with these digits"),
            "the 14 cage at row 2, column 7 cannot be kept with these digits"
        );
        let short = PlayerWords::new(Shape::NINE, &rules, Symbols::App, true);
        assert_eq!(
            short.say("by the killer cage r2c7-r3c8 (14), which"),
            "by the 14 cage at r2c7, which"
        );
        // Values from 0: the same cage holds digits summing to 14, values summing to 10,
        // and is named as the puzzle writes it.
        let from_zero = PlayerWords::new(Shape::NINE, &rules, Symbols::iss(9, 1), false);
        assert_eq!(
            from_zero.say("killer cage r2c7-r3c8 (14) cannot be kept"),
            "the 10 cage at row 2, column 7 cannot be kept"
        );
        assert_eq!((from_zero.digit(1), from_zero.digit(9)), ('0', '8'));
        assert_eq!(
            from_zero.steps_digits().as_deref(),
            Some("The solver's steps write the values 0-8 as the digits 1-9.")
        );
        assert_eq!(words.steps_digits(), None);
    }

    #[test]
    fn every_technique_has_its_sentence_and_a_longer_text() {
        let text = include_str!("../static/techniques.md");
        for technique in Technique::ALL {
            let name = technique.name();
            let about = about(text, name).unwrap_or_else(|| panic!("{name} has no section"));
            assert!(about.sentence.ends_with('.'), "{name}: {about:?}");
            assert!(!about.sentence.contains('\n'), "{name}: one line");
            let more = about.more.concat();
            assert!(more.len() > 2 * about.sentence.len(), "{name}: {about:?}");
        }
        assert_eq!(about(text, "Not a technique"), None);
        // No text for a name the engine does not use (a name changed there): every heading
        // names techniques.
        for heading in text.lines().filter_map(|line| line.strip_prefix("## ")) {
            for name in heading.split(';').map(str::trim) {
                assert!(Technique::ALL.iter().any(|t| t.name() == name), "{name}");
            }
        }
        // A paragraph is a line (a hint's words are compared whole), apart by a blank one.
        let two = "intro\n\n## Pointing; Claiming\nA digit in a box.\n\nMore.\n\nAnd more.\n";
        assert_eq!(
            about(two, "Claiming"),
            Some(About {
                sentence: "A digit in a box.",
                more: vec!["More.", "And more."],
            })
        );
    }
}
