//! Import: a puzzle assembled from its document. The grid and its houses, each rule key's
//! rules ([`crate::engine_rules`]), the figures that draw them ([`crate::figures`]), and what is
//! only drawn. Every format reader ends here.

use serde_json::{Map, Value};
use sudoku_engine::chaos::Chaos;
use sudoku_engine::houses::HouseKind;
use sudoku_engine::puzzle::Puzzle;
use sudoku_engine::symbols::Symbols;
use sudoku_engine::{Grid, Houses};

use crate::cells;
use crate::document::{entries, layout, regions, solution, switched_on, text, truthy, Entry};
use crate::engine_rules;
use crate::error::{invalid, LinkError};
use crate::figures;
use crate::keys::{self, is_copy, IssForm, ReadAs, Style, KEYS};
use crate::look::Figure;

/// A puzzle read from a link, with what the link says about it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Imported {
    pub puzzle: Puzzle,
    pub title: Option<String>,
    pub author: Option<String>,
    /// The rules as the setter wrote them.
    pub rules: Option<String>,
    /// The solution the link carries, if any.
    pub solution: Option<Grid>,
    /// Drawings that carry no rule this reader knows: drawn, not checked.
    pub drawn: Vec<Drawn>,
    /// How to draw the rules and drawings, in the order they are listed.
    pub figures: Vec<Figure>,
    /// Where each of `puzzle.rules()` is written in the document, as a figure's `source`
    /// says it (key, place in the key's list); `None` for a rule no entry writes (the
    /// pairs a grid-wide negative rule forbids).
    pub sources: Vec<Option<(&'static str, usize)>>,
    /// The puzzle as f-puzzles writes it: what the page keeps, edits and exports.
    pub document: Map<String, Value>,
    /// How its link writes the digits (ISS's values from 0, or its letters for 16x16),
    /// for writing them back the same way; this app's symbols for other links.
    pub symbols: Symbols,
    /// Regions the solver finds (ISS's chaos construction), beside the puzzle's houses:
    /// such a puzzle is solved by `sudoku_engine::search::chaos`, not by its houses alone.
    pub chaos: Option<Chaos>,
}

/// A drawing kept for showing, with no rule read from it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Drawn {
    /// "line", "cage", "text", "circle", "rectangle", "underlay", "overlay", "arrow", or an
    /// f-puzzles key this reader does not know.
    pub kind: String,
    /// The cells it covers, where it covers any.
    pub cells: Vec<usize>,
    /// What it is, for people: "line over 4 cells, r1c1 to r2c3, colour #F067F0".
    pub description: String,
    /// Whether it reads as rules more than one way, with other verdicts, and so is not read
    /// (its description says how): a player is told, not only that it is drawn.
    pub ambiguous: bool,
}

impl Imported {
    /// A puzzle with no more than houses (a classic one, or one with diagonals or extra
    /// regions), with its document written for it.
    pub fn from_puzzle(puzzle: Puzzle, title: Option<String>, author: Option<String>) -> Self {
        let document = crate::document::document_of(&puzzle, title.as_deref(), author.as_deref());
        let figures = figures::figures(&document, puzzle.shape().n());
        Imported {
            puzzle,
            title,
            author,
            rules: None,
            solution: None,
            drawn: Vec::new(),
            figures,
            sources: Vec::new(),
            document,
            symbols: Symbols::App,
            chaos: None,
        }
    }

    /// Its document with other givens (of its size), as a player or setter left them.
    pub fn document_with(&self, givens: &Grid) -> Map<String, Value> {
        crate::document::with_givens(&self.document, givens)
    }

    /// The rules of the whole grid that are named rather than drawn ("Anti-knight",
    /// "Dutch flatmates"), in the key table's order: the page writes them under the title.
    pub fn rules_of_the_grid(&self) -> Vec<&'static str> {
        KEYS.iter()
            .filter(|k| k.style == Style::None && switched_on(self.document.get(k.key)))
            .filter_map(|k| k.setter.first().map(|&(_, name)| name))
            .collect()
    }

    /// Reads a puzzle back from its document, as after an edit.
    pub fn from_document(document: &Map<String, Value>) -> Result<Imported, LinkError> {
        build(document, Vec::new())
    }
}

/// Keys that are settings of f-puzzles or its solvers: neither rules nor drawings.
const SETTINGS: [&str; 11] = [
    "size",
    "title",
    "author",
    "ruleset",
    "grid",
    "solution",
    "highlightConflicts",
    "successMessage",
    "disabledlogic",
    "truecandidatesoptions",
    "metadata",
];

/// Builds the puzzle from f-puzzles' JSON object; `drawn` are drawings found elsewhere
/// (SudokuPad items no rule was read from).
pub(crate) fn build(
    object: &Map<String, Value>,
    mut drawn: Vec<Drawn>,
) -> Result<Imported, LinkError> {
    let layout = layout(object)?;
    let shape = layout.shape;
    let n = shape.n();
    let regions = regions(&layout)?;
    let mut extra: Vec<(HouseKind, Vec<usize>)> = Vec::new();
    for key in KEYS {
        if let Style::Diagonal { anti } = key.style {
            if truthy(object.get(key.key)) {
                extra.push((HouseKind::Diagonal, cells::diagonal(n, anti)));
            }
        }
    }
    let ctx = engine_rules::Context {
        n,
        region_of: layout.region_of.clone(),
    };
    let (mut found, mut sources) = (Vec::new(), Vec::new());
    for key in keys::rule_keys() {
        for (index, rule) in engine_rules::read(&ctx, key, object)? {
            found.push(rule);
            sources.push(Some((key.key, index)));
        }
    }
    for key in KEYS {
        if let (ReadAs::Global { rules }, true) = (&key.read, truthy(object.get(key.key))) {
            if let (
                IssForm::Global {
                    only_nine: Some(why),
                },
                false,
            ) = (key.iss_form, n == 9)
            {
                return Err(invalid(format!("{}: {why}", key.key)));
            }
            for rule in rules(n) {
                found.push(rule);
                sources.push(Some((key.key, 0)));
            }
        }
    }
    for (index, rule) in engine_rules::any_of(&ctx, object)? {
        found.push(rule);
        sources.push(Some((engine_rules::ANY_OF_KEY, index)));
    }
    let negative = engine_rules::negative(&ctx, object)?;
    sources.extend(negative.iter().map(|_| None));
    found.extend(negative);
    for entry in engine_rules::houses(&ctx, object)? {
        extra.push(entry);
    }
    if truthy(object.get("disjointgroups")) {
        extra.extend(
            cells::disjoint_sets(shape)
                .into_iter()
                .map(|s| (HouseKind::Disjoint, s)),
        );
    }
    for (key, kind) in [
        ("antiknight", HouseKind::Knight),
        ("antiking", HouseKind::King),
    ] {
        if truthy(object.get(key)) {
            extra.extend(kind.move_pairs(shape).into_iter().map(|p| (kind, p)));
        }
    }
    let houses = Houses::lines_and(shape, regions).with_all_extra(extra);
    drawn.extend(drawings(object, n)?);
    let string = |key: &str| match object.get(key) {
        Some(Value::String(s)) if !s.trim().is_empty() => Some(s.clone()),
        _ => None,
    };
    let figures = figures::figures(object, n);
    Ok(Imported {
        puzzle: Puzzle::new(layout.givens, houses, found),
        title: string("title"),
        author: string("author"),
        rules: string("ruleset"),
        solution: solution(object.get("solution"), shape),
        drawn,
        figures,
        sources,
        document: object.clone(),
        symbols: Symbols::App,
        chaos: None,
    })
}

/// Everything kept for drawing: the drawing keys and unknown keys, less cosmetic copies of
/// rules that are read.
fn drawings(object: &Map<String, Value>, n: usize) -> Result<Vec<Drawn>, LinkError> {
    let mut out = Vec::new();
    for (key, value) in object {
        let key = key.as_str();
        if key == "negative" {
            // A negative rule this reader does not know is drawn.
            let flags = match value {
                Value::Array(list) => list.clone(),
                other => vec![other.clone()],
            };
            for flag in flags {
                if !engine_rules::NEGATIVE.contains(&text(&flag).as_str()) {
                    out.push(unknown(key, &flag, n));
                }
            }
            continue;
        }
        let known = keys::find(key);
        let option = KEYS
            .iter()
            .any(|k| matches!(k.read, ReadAs::Ranking { option, .. } if option == key));
        if SETTINGS.contains(&key)
            || option
            || known.is_some_and(|k| !matches!(k.read, ReadAs::Drawing))
        {
            continue;
        }
        if known.is_some() {
            for entry in entries(object, key)? {
                if !is_copy(object, key, &entry) {
                    out.push(drawing(key, &entry, n));
                }
            }
            continue;
        }
        match value {
            Value::Null | Value::Bool(false) => {}
            Value::Array(list) if list.is_empty() => {}
            Value::Array(list) => {
                for item in list {
                    out.push(unknown(key, item, n));
                }
            }
            other => out.push(unknown(key, other, n)),
        }
    }
    Ok(out)
}

/// The in-grid cells an entry names, lines first.
fn entry_cells(entry: &Entry, n: usize) -> Vec<usize> {
    let names = entry
        .lines
        .iter()
        .flatten()
        .chain(&entry.cells)
        .chain(entry.cell.iter());
    let mut out = Vec::new();
    for name in names {
        if let Ok((r, c)) = cells::parse(name, n, false) {
            if !out.contains(&(r * n + c)) {
                out.push(r * n + c);
            }
        }
    }
    out
}

fn drawing(key: &str, entry: &Entry, n: usize) -> Drawn {
    let cells = entry_cells(entry, n);
    let mut description = format!("{key}{}", cells::place(&cells, n));
    if let Some(v) = &entry.value {
        description += &format!(", \"{}\"", cells::shorten(&text(v)));
    }
    if let Some(c) = entry.outline.as_ref().or(entry.base.as_ref()) {
        description += &format!(", colour {}", text(c));
    }
    if let Some(from) = &entry.from_constraint {
        description += &format!(" (drawn for {from}, which is not read)");
    }
    Drawn {
        kind: key.to_string(),
        cells,
        description,
        ambiguous: false,
    }
}

fn unknown(key: &str, value: &Value, n: usize) -> Drawn {
    let cells = Entry::read(value)
        .map(|e| entry_cells(&e, n))
        .unwrap_or_default();
    let shown = cells::shorten(&value.to_string());
    Drawn {
        kind: key.to_string(),
        cells,
        description: format!("{key} {shown}: not a rule this reader knows"),
        ambiguous: false,
    }
}
