//! A variant puzzle on the page: what its link holds (`sudoku_links::Imported`: the
//! engine's puzzle, the figures to draw, its title, author and rules text, what is only
//! drawn, and its f-puzzles document) and the payload that the address and the save carry
//! for it, as SudokuPad names a puzzle after its address (`fpuzzles…`, `scl…`).
//!
//! # A variant link, from text to verdict
//!
//! `sudoku_links::read` (`links/src/lib.rs`) trims the text and caps it at 64 KB (the
//! engine's `MAX_TEXT`); `url.rs` finds the form (an f-puzzles `?load=`, a SudokuPad
//! `fpuzzles…`, `scl…`, `ctc…`, `scf…` or `classic…` payload, with or without `?puzzleid=`,
//! or f-puzzles' JSON), refuses short ids with a message asking for the long link (the
//! page's address takes a bare one after its `#` as SudokuPad's: `link::short_id`), and
//! repairs damage (percent-encoding, a collapsed `//`, padding, `&setting-…`). `lz.rs`
//! decompresses with a cap; `zipper.rs` unzips SudokuPad's JSON, whose drawings `scl/`
//! turns into f-puzzles keys by SudokuPad's conventions (checked against the puzzle's
//! solution; a reading it breaks kept only if the puzzle stays solvable with it, one of
//! several only if they agree on the verdict, else drawn); `import.rs` and
//! `engine_rules.rs` build the engine's `Puzzle` from the key table (`keys.rs`): regions
//! into `Houses::lines_and` (the boxes in any order make the standard houses), repeats-only
//! rules into extra houses, the rest into `Rule`s, and everything else into `drawn`. The
//! search (`search::solve`) builds a `Model` (rules by cell, the full houses, and the rule-
//! of-45 sums killer cages imply), then runs the depth-first search with restarts and, if
//! it does not settle, the learning search, both with every rule propagating; a verdict on
//! givens that break a rule comes from `Puzzle::broken`, which names the rule.
//!
//! On the page, a link with rules flows like this:
//!
//! 1. **In.** The address (`#fpuzzles…`, `#scl…`: what follows `sudokupad.app/`; `#iss=…`
//!    and `?q=…`, ISS's text), a paste, the
//!    import box or a drop reach `Variant::open` (`link::board_in` for the address,
//!    `view::load_text` for the rest). It reads the text with `sudoku_links::read_drawable` on the
//!    page's thread (parsing; a SudokuPad drawing that reads more than one way, or that the
//!    puzzle's stored solution breaks, is settled by a search of at most 50,000 branch nodes,
//!    `scl/check.rs`'s `SETTLE_NODES`: the one exception to the invariant below, still to be moved
//!    into the worker) and keeps the payload for the address.
//! 2. **Board.** `Variant::board` is a board of the givens under the variant; it opens
//!    through `GameAction::Open` in Solving mode (an empty grid is a puzzle when it has
//!    rules, `Board::has_puzzle`). `use_address` then writes `#<payload>` into the address,
//!    and `use_autosave` saves the payload beside the board; a save is played under its
//!    variant again when read, or set aside if the payload no longer reads.
//! 3. **Drawing.** `BoardView` draws the thick borders from the regions of `Board::houses`,
//!    and, over the cells, `overlay::Overlay` with the variant's figures; `about::AboutPuzzle`
//!    shows the title, author and rules text. Each cell's accessible name adds
//!    `Variant::phrases_at`.
//! 4. **Verdict.** Every edit goes through `edited`; `Play::changed` finds repeats in the
//!    variant's houses and else the first broken rule (status "No solution: killer cage …",
//!    its cells marked), and a finished board must keep every rule. The revision effect sends
//!    `Job::Solve { puzzle: board.puzzle_of(board.grid()) }`: the whole puzzle crosses to the
//!    worker (`engine/model/src/wire.rs`), which searches it with every rule. Count, Check, True
//!    candidates, Hint and the step list send the same puzzle (see "A hint").
//! 5. **Out.** "Copy link" writes the payload and the progress; "Copy f-puzzles link",
//!    "Copy SudokuPad link" and "Copy ISS link" (`export::Site::ALL`) export the document
//!    with the board's givens, or name the rule ISS has no type for.

use std::rc::Rc;

use serde_json::{Map, Value};
use sudoku_engine::Grid;
use sudoku_links::export;
use sudoku_links::{CellMark, EdgeMark, Figure, Imported, LinkError, Look};

use crate::board::COLOURS;
use crate::json::to_json;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Variant {
    pub imported: Rc<Imported>,
    pub payload: Rc<str>,
    /// What each cell's accessible name says of its rules, made once: every render names
    /// every cell.
    phrases: Rc<[String]>,
}

/// What a pasted or linked text opens.
#[derive(Debug, PartialEq)]
pub enum Opened {
    /// A puzzle with the classic rules, nothing drawn and no title: a classic board of
    /// these givens.
    Classic(Grid),
    Variant(Variant),
}

impl Variant {
    /// Reads a link, a payload or f-puzzles' JSON; the message says what is wrong and
    /// where. An ISS grid that is not the engine's whole square (rectangular, or of more
    /// values than its side) is refused with a message: the page cannot draw it yet
    /// (`sudoku_links::read_drawable`).
    pub fn open(text: &str) -> Result<Opened, LinkError> {
        let imported = sudoku_links::read_drawable(text)?;
        // The player draws a chaos construction's regions a colour each.
        if let Some(chaos) = &imported.chaos {
            let regions = chaos.regions(imported.puzzle.shape());
            if regions > usize::from(COLOURS) {
                return Err(LinkError::Invalid(format!(
                    "a chaos construction of {regions} regions cannot be played on this page \
                     yet: the player colours each region, and there are {COLOURS} colours"
                )));
            }
        }
        if plain(&imported) {
            return Ok(Opened::Classic(imported.puzzle.givens().clone()));
        }
        let payload = match sudoku_links::compressed_payload(text) {
            Some(payload) => payload,
            None => payload_of(&imported.document)?,
        };
        Ok(Opened::Variant(Variant::new(imported, payload.into())))
    }

    fn new(imported: Imported, payload: Rc<str>) -> Variant {
        let cells = imported.puzzle.shape().cells();
        let phrases = (0..cells)
            .map(|cell| phrases_at(&imported.figures, cell).join(", "))
            .collect();
        Variant {
            imported: Rc::new(imported),
            payload,
            phrases,
        }
    }

    /// The variant a setter's document makes, or none if it has the classic rules alone.
    pub fn from_document(document: &Map<String, Value>) -> Result<Option<Variant>, LinkError> {
        let imported = Imported::from_document(document)?;
        if plain(&imported) {
            return Ok(None);
        }
        Ok(Some(Variant::new(imported, payload_of(document)?.into())))
    }

    /// The rules a cell is in, as its accessible name says them: "in a killer cage of 3
    /// cells summing to 12, on a thermometer line"; empty for a cell in none.
    pub fn phrases_at(&self, cell: usize) -> &str {
        self.phrases.get(cell).map_or("", String::as_str)
    }

    /// The figures (indices into `imported.figures`) that draw the puzzle's rules
    /// `rules` (indices into `Puzzle::rules`, as a hint names them), for the hint to mark:
    /// those written at the rule's place in the document. Where one entry draws several
    /// figures (a thermometer's branches), those over the rule's own cells, if any.
    pub fn figures_of(&self, rules: &[usize]) -> Vec<usize> {
        let figures = &self.imported.figures;
        let all = self.imported.puzzle.rules();
        // A list of cells as a set: sorted, without repeats (a BTreeSet's sort and tree would be
        // about 4 KB of the module, docs/budgets.md).
        let set = |cells: &[usize]| {
            let mut set = cells.to_vec();
            set.sort_unstable();
            set.dedup();
            set
        };
        let mut out: Vec<usize> = Vec::new();
        for &r in rules {
            let (Some(rule), Some(Some(source))) = (all.get(r), self.imported.sources.get(r))
            else {
                continue;
            };
            let written: Vec<usize> = (0..figures.len())
                .filter(|&i| figures[i].source == *source)
                .collect();
            let cells = set(rule.cells());
            let own: Vec<usize> = written
                .iter()
                .copied()
                .filter(|&i| set(&figures[i].cells) == cells)
                .collect();
            out.extend(if own.is_empty() { written } else { own });
        }
        out.sort_unstable();
        out.dedup();
        out
    }

    /// How many of its drawings carry no rule the page checks.
    pub fn only_drawn(&self) -> usize {
        self.imported.drawn.len()
    }

    /// The payload of the puzzle with `givens` (of its size): its own while they are its
    /// own, else written again with them (a setter typed some), so that the address and
    /// the save name the puzzle being played.
    /// A puzzle of values from 0 is written as ISS's text again, since only ISS's links
    /// state them.
    pub fn payload_with(&self, givens: &Grid) -> Rc<str> {
        if self.imported.puzzle.givens() == givens {
            return self.payload.clone();
        }
        let document = self.imported.document_with(givens);
        let written = match self.imported.symbols.offset() {
            0 => payload_of(&document).map_err(|e| e.to_string()),
            _ => to_json(&document)
                .ok_or_else(|| "its puzzle could not be written as JSON".to_string())
                .and_then(|json| export::link(&json, export::Site::Iss, self.imported.symbols))
                .map(|link| sudoku_links::compressed_payload(&link).unwrap_or(link)),
        };
        written.map_or_else(|_| self.payload.clone(), Rc::from)
    }
}

/// A puzzle with the classic rules, nothing drawn and no words, whose digits are the
/// app's: a classic board. One of values from 0 stays a variant, which shows them.
fn plain(imported: &Imported) -> bool {
    imported.symbols.offset() == 0
        && imported.puzzle.is_classic()
        && imported.figures.is_empty()
        && imported.drawn.is_empty()
        && imported.title.is_none()
        && imported.rules.is_none()
}

/// The payload SudokuPad would name a document by: `fpuzzles` and its JSON compressed.
fn payload_of(document: &Map<String, Value>) -> Result<String, LinkError> {
    let json = to_json(document)
        .ok_or_else(|| LinkError::Invalid("its puzzle could not be written as JSON".into()))?;
    Ok(export::payload(&json))
}

/// What a figure is, for a cell's accessible name: "in a killer cage of 3 cells summing
/// to 12", "on a thermometer".
fn phrase(figure: &Figure) -> String {
    let count = figure.cells.len();
    match &figure.look {
        Look::Cage { label, .. } => {
            // A rule's cage by the rule's name ("a killer cage"); a drawn one is "a cage".
            let what = match figure.rule {
                "cage" => "a cage".to_string(),
                rule => format!("a {} cage", rule.replace('-', " ")),
            };
            match label {
                Some(sum) => format!("in {what} of {count} cells summing to {sum}"),
                None => format!("in {what} of {count} cells"),
            }
        }
        Look::CircleWithShafts { .. } => "on an arrow".into(),
        Look::Edge { mark, .. } => match mark {
            EdgeMark::White(_) => "beside a white dot".into(),
            EdgeMark::Black(_) => "beside a black dot".into(),
            EdgeMark::Text(t) => format!("beside {t}"),
        },
        Look::Outside { text, .. } => {
            format!("seen by a {} clue of {text}", figure.rule.replace('-', " "))
        }
        // "odd", "even": an adjective, as the rule is named; "a minimum", "a maximum".
        Look::Cell(CellMark::Odd | CellMark::Even) => figure.rule.into(),
        Look::Cell(_) => format!("a {}", figure.rule),
        Look::CornerDigits { digits } => format!("at a quadruple of {digits}"),
        Look::Diagonal { .. } => "on a diagonal".into(),
        Look::Shade { .. } => format!("in a {}", figure.rule.replace('-', " ")),
        Look::Line { .. } => format!("on a {} line", figure.rule.replace('-', " ")),
        Look::Text { text, .. } => format!("under the text {text}"),
        Look::Blob { .. } => format!("under a {}", figure.rule.replace('-', " ")),
    }
}

/// What the figures say of one cell, for its accessible name.
fn phrases_at(figures: &[Figure], cell: usize) -> Vec<String> {
    figures
        .iter()
        .filter(|f| f.cells.contains(&cell))
        .map(phrase)
        .collect()
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use sudoku_engine::rules::Rule;

    #[test]
    fn a_cell_hears_of_each_rule_it_is_in() {
        let figures = vec![
            Figure {
                rule: "killer",
                cells: vec![0, 1, 2],
                look: Look::Cage {
                    label: Some("12".into()),
                    colour: None,
                },
                source: ("killercage", 0),
            },
            Figure {
                rule: "thermometer",
                cells: vec![2, 11],
                look: Look::Line {
                    paths: vec![vec![2, 11]],
                    colour: "#ccc".into(),
                    width: 30,
                    ends: sudoku_links::Ends::Bulb,
                },
                source: ("thermometer", 0),
            },
        ];
        assert_eq!(
            phrases_at(&figures, 2),
            vec![
                "in a killer cage of 3 cells summing to 12",
                "on a thermometer line"
            ]
        );
        assert!(phrases_at(&figures, 40).is_empty());
    }

    pub(crate) const KILLER: &str = r#"{"size":4,"title":"Tiny","killercage":[{"cells":["R1C1","R1C2"],"value":"3"}],
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
        assert_eq!(v.imported.puzzle.givens().cells()[11], 4);
        assert_eq!(v.imported.puzzle.rules().len(), 1);
        assert_eq!(v.imported.title.as_deref(), Some("Tiny"));
    }

    #[test]
    fn a_classic_puzzle_opens_as_a_classic_board_and_bad_links_say_why() {
        let classic =
            r#"{"size":4,"grid":[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]]}"#;
        assert!(matches!(Variant::open(classic), Ok(Opened::Classic(_))));
        let short = Variant::open("https://sudokupad.app/abc123")
            .unwrap_err()
            .to_string();
        assert!(short.contains("long link"), "{short}");
    }

    #[test]
    fn a_classic_puzzle_of_values_from_0_stays_a_variant_that_shows_them() {
        let Ok(Opened::Variant(v)) = Variant::open(".Shape~9x9~0-8.~R1C1_0") else {
            panic!("not a variant")
        };
        assert_eq!(v.imported.puzzle.givens().cells()[0], 1);
        assert_eq!(v.imported.symbols.shown(1), '0');
        assert!(v.payload.starts_with("iss="), "{}", v.payload);
        // A given typed by a setter: written as ISS's text again, with values from 0.
        let mut givens = v.imported.puzzle.givens().clone();
        givens.set(1, 3);
        let payload = v.payload_with(&givens);
        assert!(payload.starts_with("iss="), "{payload}");
        let Ok(Opened::Variant(again)) = Variant::open(&payload) else {
            panic!("{payload} does not read back")
        };
        assert_eq!(again.imported.puzzle.givens(), &givens);
        assert_eq!(again.imported.symbols.offset(), 1);
    }

    #[test]
    fn iss_grids_the_page_cannot_draw_say_so() {
        for (text, said) in [
            (".Shape~6x8", "grid of 6 rows and 8 columns with 8 digits"),
            (
                ".Shape~6x6~9.Cage~10~R1C1~R1C2",
                "grid of 6 rows and 6 columns with 9 digits",
            ),
            (
                "https://sigh.github.io/Interactive-Sudoku-Solver/?q=.Shape~9x8~0-8",
                "grid of 9 rows and 8 columns with 9 digits",
            ),
            // The player colours a chaos construction's regions, with nine colours.
            (
                ".Shape~16x16.NoBoxes.ChaosConstruction",
                "a chaos construction of 16 regions",
            ),
        ] {
            let error = Variant::open(text).unwrap_err().to_string();
            assert!(error.contains(said), "{text}: {error}");
            assert!(
                error.contains("cannot be played on this page yet"),
                "{text}: {error}"
            );
        }
    }

    #[test]
    fn a_rule_s_figure_is_of_its_kind_over_its_cells() {
        // A killer cage and a thermometer over the same two cells, a thermometer's branch
        // (a rule and a figure of its own), and an arrow with two shafts (a rule each, one
        // figure).
        let text = r#"{"size":4,"killercage":[{"cells":["R1C1","R1C2"],"value":"3"}],
            "thermometer":[{"lines":[["R1C1","R1C2"]]},{"lines":[["R4C1","R4C2","R4C3"],["R4C1","R3C1"]]}],
            "arrow":[{"cells":["R3C3"],"lines":[["R3C3","R3C4"],["R3C3","R2C3"]]}],
            "grid":[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]]}"#;
        let Ok(Opened::Variant(v)) = Variant::open(text) else {
            panic!("not a variant")
        };
        let rules = v.imported.puzzle.rules();
        let drawn = |f: fn(&Rule) -> bool| -> Vec<(&str, Vec<usize>)> {
            let rule = rules.iter().position(f).unwrap();
            v.figures_of(&[rule])
                .into_iter()
                .map(|i| {
                    (
                        v.imported.figures[i].rule,
                        v.imported.figures[i].cells.clone(),
                    )
                })
                .collect()
        };
        assert_eq!(
            drawn(|r| matches!(r, Rule::Killer(_))),
            [("killer", vec![0, 1])]
        );
        assert_eq!(
            drawn(|r| matches!(r, Rule::Thermometer(_)) && r.cells() == [0, 1]),
            [("thermometer", vec![0, 1])]
        );
        assert_eq!(
            drawn(|r| matches!(r, Rule::Thermometer(_)) && r.cells() == [12, 8]),
            [("thermometer", vec![12, 8])]
        );
        assert_eq!(
            drawn(|r| matches!(r, Rule::Arrow(_)) && r.cells().contains(&6)),
            [("arrow", vec![10, 11, 6])]
        );
        assert!(v.figures_of(&[rules.len()]).is_empty());
    }

    #[cfg(not(target_arch = "wasm32"))]
    #[test]
    fn every_rule_of_the_shared_puzzles_finds_its_drawing() {
        use sudoku_engine::rules::Relation;
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/data/variants/puzzles.jsonl");
        let text = std::fs::read_to_string(path).unwrap();
        let mut found = 0;
        for line in text.lines() {
            let entry: serde_json::Value = serde_json::from_str(line).unwrap();
            let link = format!("fpuzzles{}", entry["fpuzzles"].as_str().unwrap());
            let Ok(Opened::Variant(v)) = Variant::open(&link) else {
                continue;
            };
            for (i, rule) in v.imported.puzzle.rules().iter().enumerate() {
                let figures = v.figures_of(&[i]);
                let negative =
                    matches!(rule, Rule::Dot(d) if matches!(d.relation(), Relation::NoneOf(_)));
                assert_eq!(
                    figures.is_empty(),
                    negative,
                    "{}: {}",
                    entry["title"],
                    rule.describe(v.imported.puzzle.shape())
                );
                for f in figures {
                    let figure = &v.imported.figures[f];
                    assert_eq!(Some(figure.source), v.imported.sources[i]);
                    assert!(figure.cells.iter().any(|c| rule.cells().contains(c)));
                }
                found += 1;
            }
        }
        assert!(found > 500, "only {found} rules");
    }
}
