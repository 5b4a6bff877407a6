//! The f-puzzles document of a puzzle made here (`sudoku_engine::generate::variant`), so
//! that its f-puzzles and SudokuPad links ([`crate::export`]) carry it and
//! [`crate::Imported::from_document`] reads it back to the same rules.
//!
//! Its houses are written as for any puzzle of houses. Each other rule is written as the
//! setter would draw it ([`crate::setting`]): of the drafts the key table offers for its
//! cells (a cage with its sum, each line, each mark between two cells, each mark in a cell),
//! the first that reads back as that very rule. So the reader stays the one place that
//! says what an entry means, and no rule is named here. Rules no entry writes (the pairs a
//! grid-wide negative rule forbids) come from the switches under which the whole document
//! reads back as the puzzle. A rule of the whole grid is its switch where the rules that
//! switch reads as are all the puzzle's.

use serde_json::{Map, Value};
use sudoku_engine::puzzle::Puzzle;
use sudoku_engine::rules::Rule;

use crate::document;
use crate::engine_rules::NEGATIVE;
use crate::import::Imported;
use crate::keys::{Style, KEYS};
use crate::setting::{add, switch, Draft, LINES, MARKS, SWITCHES};

/// The document of `puzzle` with its `title` and `rules` text. A rule that no draft or
/// switch writes is left out (none of the rules the generator makes; its tests read every
/// genre back).
pub fn made_document(puzzle: &Puzzle, title: &str, rules: &str) -> Map<String, Value> {
    let n = puzzle.shape().n();
    let mut doc = document::document_of(puzzle, Some(title), None);
    doc.insert("ruleset".into(), Value::from(rules));
    // The grid and houses alone.
    let blank = document::document_of(puzzle, None, None);
    // A rule of the whole grid (anti-taxicab) is its switch, not its rules one by one.
    let mut switched: Vec<Rule> = Vec::new();
    for (key, ..) in SWITCHES {
        let Ok(on) = switch(&blank, n, key, true) else {
            continue;
        };
        let Ok(read) = Imported::from_document(&on) else {
            continue;
        };
        let theirs = read.puzzle.rules();
        if !theirs.is_empty() && theirs.iter().all(|r| puzzle.rules().contains(r)) {
            doc = switch(&doc, n, key, true).unwrap_or(doc);
            switched.extend_from_slice(theirs);
        }
    }
    for rule in puzzle.rules().iter().filter(|r| !switched.contains(r)) {
        if let Some(written) = drafts(rule, n)
            .into_iter()
            .filter_map(|(draft, circle)| write(&blank, n, rule, &draft, circle))
            .next()
        {
            doc = merge(&doc, &blank, written);
        }
    }
    with_switches(doc, puzzle)
}

/// The drafts that may write `rule`, each with how many of its cells a circle holds (for
/// an arrow's pill), in the order tried.
fn drafts(rule: &Rule, n: usize) -> Vec<(Draft, usize)> {
    let cells = rule.cells();
    let mut out = Vec::new();
    if let Some(sum) = rule.cage_sum() {
        out.push((Draft::killer(Some(sum)), 1));
    }
    let beside = |a: usize, b: usize| a.abs_diff(b) == n || (a.abs_diff(b) == 1 && a / n == b / n);
    if let &[a, b] = cells {
        if beside(a, b) {
            for (key, value, _) in MARKS {
                let value = value.map(String::from);
                out.push((Draft::Pair { key, value }, 1));
            }
        }
    }
    if let &[_] = cells {
        let marks = KEYS.iter().filter(|k| k.style == Style::Cell);
        out.extend(marks.map(|k| (Draft::Cell(k.key), 1)));
    }
    if cells.len() >= 2 {
        for (key, ..) in LINES {
            let circles =
                if crate::keys::find(key).is_some_and(|k| k.style == Style::CircleWithShafts) {
                    1..=2
                } else {
                    1..=1
                };
            out.extend(circles.map(|c| (Draft::Line(key), c)));
        }
    }
    out
}

/// `blank` with `draft` over the rule's cells, its circle widened to `circle` cells where
/// it has one, if that reads back as `rule` alone.
fn write(
    blank: &Map<String, Value>,
    n: usize,
    rule: &Rule,
    draft: &Draft,
    circle: usize,
) -> Option<Map<String, Value>> {
    let cells = rule.cells();
    let mut doc = add(blank, n, draft, cells).ok()?;
    if let (Draft::Line(key), 2..) = (draft, circle) {
        let entry = doc.get_mut(*key)?.as_array_mut()?.last_mut()?;
        let names = cells[..circle]
            .iter()
            .map(|&c| Value::from(crate::cells::key(c, n)))
            .collect();
        entry["cells"] = Value::Array(names);
    }
    let read = Imported::from_document(&doc).ok()?;
    (read.puzzle.rules() == std::slice::from_ref(rule)).then_some(doc)
}

/// `doc` with the entry that `written` (`blank` with one rule drawn) has beyond `blank`.
fn merge(
    doc: &Map<String, Value>,
    blank: &Map<String, Value>,
    written: Map<String, Value>,
) -> Map<String, Value> {
    let mut doc = doc.clone();
    for (key, value) in written {
        let Value::Array(mut entries) = value else {
            continue;
        };
        if blank.get(&key).is_some() {
            continue;
        }
        match doc.get_mut(&key) {
            Some(Value::Array(list)) => list.append(&mut entries),
            _ => {
                doc.insert(key, Value::Array(entries));
            }
        }
    }
    doc
}

/// `doc` with the fewest grid-wide negative rules (`nonconsecutive`, and `negative`'s
/// flags) under which it reads back to the puzzle's rules; as it is if none does.
fn with_switches(doc: Map<String, Value>, puzzle: &Puzzle) -> Map<String, Value> {
    let reads_as = |doc: &Map<String, Value>| {
        Imported::from_document(doc).is_ok_and(|read| read.puzzle.rules() == puzzle.rules())
    };
    if reads_as(&doc) {
        return doc;
    }
    let flags = NEGATIVE.len() + 1;
    // Fewest flags first, each count in order: a stable sort by the count of ones, done
    // count by count (a sort of its own would be some 4 K of the page's module,
    // docs/budgets.md).
    (1..=flags as u32)
        .flat_map(|ones| (1u32..1 << flags).filter(move |c| c.count_ones() == ones))
        .map(|choice| {
            let mut doc = doc.clone();
            if choice & 1 != 0 {
                let n = puzzle.shape().n();
                doc = switch(&doc, n, "nonconsecutive", true).expect("a plain switch is set");
            }
            let negative: Vec<&str> = (0..NEGATIVE.len())
                .filter(|i| choice & 2 << i != 0)
                .map(|i| NEGATIVE[i])
                .collect();
            if !negative.is_empty() {
                doc.insert("negative".into(), Value::from(negative));
            }
            doc
        })
        .find(|doc| reads_as(doc))
        .unwrap_or(doc)
}
