//! What a setter changes in a puzzle's document: a rule drawn over cells added, a rule
//! removed by its place or drawn over other cells, a mark on an edge put there or taken
//! away, a region painted, a rule of the whole grid switched on or off. The page reads the
//! document again after each change ([`crate::Imported::from_document`]), which checks
//! the rest (a cage's sum within reach, cells in range).

use serde_json::{Map, Value};

use std::cmp::Reverse;

use crate::{cells, document, keys};
use sudoku_engine::houses::HouseKind;
use sudoku_engine::rules::{IssRule, Stated};

/// A rule to draw over the selected cells.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Draft {
    /// A rule over the cells as a set, a key of [`CAGES`]: a killer cage (its sum, if
    /// it has one), a rellik cage or lunchbox (its sum), counting circles or an extra
    /// region (no sum).
    Cage { key: &'static str, sum: Option<u32> },
    /// A line rule through the cells in the order they were selected: its f-puzzles key
    /// (`thermometer`, `whispers`, `renban`, `palindrome`, `betweenline`, …; an `arrow`,
    /// drawn as a circle with shafts, has its circle in the first cell).
    Line(&'static str),
    /// A mark between two neighbouring cells: `difference` (white dot), `ratio` (black
    /// dot), `xv` or `sum` (a sum dot), with its value ("X" or "V" for `xv`); or
    /// `greaterthan`, a sign pointing from the first cell to the second, the smaller.
    Pair {
        key: &'static str,
        value: Option<String>,
    },
    /// A mark in one cell: `odd` (a circle) or `even` (a square).
    Cell(&'static str),
    /// A clue outside the grid, beside the one selected cell on the side `(dr, dc)` points
    /// to (`(-1, 0)` above it, `(0, 1)` to its right): `sandwichsum`, `xsum`,
    /// `skyscraper`, or `littlekillersum` with its diagonal into the grid (`UL`, `UR`,
    /// `DL`, `DR`).
    Outside {
        key: &'static str,
        side: (i32, i32),
        value: u32,
        diagonal: Option<&'static str>,
    },
}

impl Draft {
    /// A killer cage, with its sum if it has one.
    pub fn killer(sum: Option<u32>) -> Draft {
        Draft::Cage {
            key: keys::CAGE_KEY,
            sum,
        }
    }
}

/// The rules over a set of cells a setter can add (the killer cage first): f-puzzles' key
/// and the name.
pub const CAGES: [Tool; keys::tool_count(keys::ToolKind::Cells)] =
    keys::setter_tools(keys::ToolKind::Cells);

/// The clues outside the grid a setter can add: f-puzzles' key, the little killer's
/// diagonal, and the name; from the key table, as are the lists below.
pub const CLUES: [Tool; keys::tool_count(keys::ToolKind::Clue)] =
    keys::setter_tools(keys::ToolKind::Clue);

/// The line rules (and the arrow) a setter can draw: f-puzzles' key and its name.
pub const LINES: [Tool; keys::tool_count(keys::ToolKind::Line)] =
    keys::setter_tools(keys::ToolKind::Line);

/// The line tools, the ones setters reach for most first (`keys::FIRST_LINES`), then the
/// table's order.
pub fn line_tools() -> impl Iterator<Item = &'static Tool> {
    let first = keys::FIRST_LINES
        .iter()
        .filter_map(|key| LINES.iter().find(|(k, ..)| k == key));
    first.chain(
        LINES
            .iter()
            .filter(|(k, ..)| !keys::FIRST_LINES.contains(k)),
    )
}

/// The marks between two cells a setter can add: f-puzzles' key, its value, and the name.
pub const MARKS: [Tool; keys::tool_count(keys::ToolKind::Mark)] =
    keys::setter_tools(keys::ToolKind::Mark);

/// The rules of the whole grid a setter can switch: f-puzzles' key and its name.
pub const SWITCHES: [Tool; keys::tool_count(keys::ToolKind::Switch)] =
    keys::setter_tools(keys::ToolKind::Switch);

/// One of the setter's tools: f-puzzles' key, the value its entry is written with, and
/// the tool's name.
pub type Tool = (&'static str, Option<&'static str>, &'static str);

fn names(cells: &[usize], n: usize) -> Value {
    Value::Array(
        cells
            .iter()
            .map(|&c| Value::from(cells::key(c, n)))
            .collect(),
    )
}

/// Whether a mark between two cells points one way (greater-than's sign): its entry is a
/// line of the two cells, the greater first, rather than the pair in any order.
fn directed(key: &str) -> bool {
    keys::find(key).is_some_and(|k| matches!(k.read, keys::ReadAs::Line { .. }))
}

/// The cells an entry of a mark between two cells names, in its order: its `cells`, or
/// the cells of its line.
fn mark_cells(entry: &Value, n: usize) -> Vec<usize> {
    let lines = entry.get("lines").and_then(Value::as_array).into_iter();
    let listed = match entry.get("cells").and_then(Value::as_array) {
        Some(listed) => listed.iter().collect::<Vec<_>>(),
        None => lines
            .flatten()
            .filter_map(Value::as_array)
            .flatten()
            .collect(),
    };
    listed
        .into_iter()
        .filter_map(|name| cells::parse(name.as_str()?, n, false).ok())
        .map(|(r, c)| r * n + c)
        .collect()
}

/// Whether two cells touch, across a side or a corner.
fn touching(a: usize, b: usize, n: usize) -> bool {
    let (ra, ca, rb, cb) = (a / n, a % n, b / n, b % n);
    a != b && ra.abs_diff(rb) <= 1 && ca.abs_diff(cb) <= 1
}

/// The document with `draft` drawn over `cells` (a grid of side `n`, the cells in the
/// order they were selected) added; or why the cells cannot hold it.
pub fn add(
    document: &Map<String, Value>,
    n: usize,
    draft: &Draft,
    cells: &[usize],
) -> Result<Map<String, Value>, String> {
    let path_ok = || cells.windows(2).all(|w| touching(w[0], w[1], n));
    let mut entry = Map::new();
    let key = match draft {
        &Draft::Cage { key, sum } => {
            if cells.is_empty() {
                return Err("select the cells of the cage first".into());
            }
            // A cage or an extra region is a house; counting circles may repeat digits.
            let house = keys::find(key).and_then(keys::house);
            if is_pattern(key) {
                return equality_cage(document, n, cells, sum);
            }
            if house.is_some() && cells.len() > n {
                let what = if house == Some(HouseKind::Cage) {
                    "cage"
                } else {
                    "region"
                };
                return Err(format!("a {what} holds at most {n} cells"));
            }
            entry.insert("cells".into(), names(cells, n));
            match sum {
                Some(sum) if house == Some(HouseKind::Cage) => {
                    entry.insert("value".into(), Value::from(sum.to_string()));
                }
                Some(_) => {
                    // Named as the tool is (no lowercasing: its tables would cost the
                    // page's module some 10 KB).
                    let name = CAGES.iter().find(|(k, ..)| *k == key).map_or(key, |t| t.2);
                    return Err(format!("{name}: it takes no sum"));
                }
                None => {}
            }
            key
        }
        Draft::Line(_) if cells.len() < 2 => {
            return Err("select at least two cells, in order, for a line or an arrow".into())
        }
        Draft::Line(_) if !path_ok() => {
            return Err("each cell of a line must touch the one before it".into())
        }
        Draft::Line(key) => {
            if keys::find(key).is_some_and(|k| k.style == keys::Style::CircleWithShafts) {
                entry.insert("cells".into(), names(&cells[..1], n));
            }
            entry.insert("lines".into(), Value::Array(vec![names(cells, n)]));
            key
        }
        &Draft::Cell(key) => {
            let &[cell] = cells else {
                return Err("select the one cell the mark goes in".into());
            };
            entry.insert("cell".into(), Value::from(cells::key(cell, n)));
            key
        }
        &Draft::Outside {
            key,
            side: (dr, dc),
            value,
            diagonal,
        } => {
            let &[cell] = cells else {
                return Err("select the one cell the clue goes beside".into());
            };
            let (r, c) = ((cell / n) as i32 + dr, (cell % n) as i32 + dc);
            let n = n as i32;
            if (0..n).contains(&r) && (0..n).contains(&c) || (dr != 0) == (dc != 0) {
                return Err("a clue goes on the side of a cell at the grid's edge".into());
            }
            if let Some(diagonal) = diagonal {
                // Into the grid: down from above, up from below, and so across.
                let (down, right) = (diagonal.starts_with('D'), diagonal.ends_with('R'));
                let inward = match (dr, dc) {
                    (-1, _) => down,
                    (1, _) => !down,
                    (_, -1) => right,
                    _ => !right,
                };
                if !inward {
                    return Err("a little killer's arrow points into the grid".into());
                }
                entry.insert("direction".into(), Value::from(diagonal));
            }
            entry.insert(
                "cell".into(),
                Value::from(cells::key_at((r + 1) as usize, (c + 1) as usize)),
            );
            entry.insert("value".into(), Value::from(value.to_string()));
            key
        }
        Draft::Pair { key, value } => {
            let &[a, b] = cells else {
                return Err("select the two cells the mark goes between".into());
            };
            if !(touching(a, b, n) && (a / n == b / n || a % n == b % n)) {
                return Err("a mark goes between two cells that share a side".into());
            }
            match directed(key) {
                true => entry.insert("lines".into(), Value::Array(vec![names(cells, n)])),
                false => entry.insert("cells".into(), names(cells, n)),
            };
            if let Some(value) = value {
                entry.insert("value".into(), Value::from(value.clone()));
            }
            key
        }
    };
    let mut document = document.clone();
    document::push_entry(&mut document, key, Value::Object(entry));
    Ok(document)
}

/// Whether `key` is a line pattern (an automaton over its cells).
fn is_pattern(key: &str) -> bool {
    keys::find(key).is_some_and(|k| matches!(k.read, keys::ReadAs::Pattern))
}

/// The document with an equality cage over `cells` added, as ISS's is read: a killer
/// cage without a sum (its digits differ) and the pattern of its values, whose automaton
/// a setter cannot draw again over other cells.
fn equality_cage(
    document: &Map<String, Value>,
    n: usize,
    cells: &[usize],
    sum: Option<u32>,
) -> Result<Map<String, Value>, String> {
    if sum.is_some() {
        return Err("Equality cage: it takes no sum".into());
    }
    if cells.len() > n {
        return Err(format!("a cage holds at most {n} cells"));
    }
    let automaton = crate::iss::equality_cage_automaton(n, 0, cells.len())?;
    let mut document = add(document, n, &Draft::killer(None), cells)?;
    let stated = Stated::Iss(IssRule::EqualityCage);
    let mut entry = crate::iss::stated_entry(names(cells, n), stated);
    entry.insert("value".into(), automaton);
    document::push_entry(&mut document, "equalitycage", Value::Object(entry));
    Ok(document)
}

/// The draft a rule written under `key` is drawn as, if a setter can draw it.
fn draft_of(key: &str) -> Option<Draft> {
    if let Some(&(key, ..)) = LINES.iter().find(|(k, ..)| *k == key) {
        return Some(Draft::Line(key));
    }
    if let Some(&(key, ..)) = MARKS.iter().find(|(k, ..)| *k == key) {
        return Some(Draft::Pair { key, value: None });
    }
    let &(key, ..) = CAGES.iter().find(|(k, ..)| *k == key && !is_pattern(k))?;
    Some(Draft::Cage { key, sum: None })
}

/// Whether the rules written under `key` can be drawn over other cells ([`set_cells`]).
pub fn redrawable(key: &str) -> bool {
    draft_of(key).is_some()
}

/// Whether a line rule written under `key` reads a value, which the setter can change in
/// place: a sum line's sum (10 where none is written), a lockout's least difference.
pub fn line_takes_value(key: &str) -> bool {
    keys::find(key).is_some_and(|k| {
        matches!(k.read, keys::ReadAs::Line { gap: true, .. })
            || matches!(k.iss_form, keys::IssForm::Segments { .. })
    })
}

/// The document with the rule at `source` (a cage, a line, an arrow, a mark between two
/// cells) over `cells` instead, in their order; its value and looks stay. Or why the
/// cells cannot hold it.
pub fn set_cells(
    document: &Map<String, Value>,
    n: usize,
    (key, index): (&str, usize),
    cells: &[usize],
) -> Result<Map<String, Value>, String> {
    let draft = draft_of(key).ok_or("the cells of this rule cannot change here")?;
    let drawn = add(&Map::new(), n, &draft, cells)?;
    let Some((_, Value::Array(mut list))) = drawn.into_iter().next() else {
        unreachable!("add writes one list of one rule")
    };
    let Some(Value::Object(new)) = list.pop() else {
        unreachable!("add writes one rule")
    };
    let mut document = document.clone();
    let Some(Value::Object(entry)) = document
        .get_mut(key)
        .and_then(Value::as_array_mut)
        .and_then(|list| list.get_mut(index))
    else {
        return Err("that rule is no longer there".into());
    };
    for (field, value) in new {
        if field != "value" {
            entry.insert(field, value);
        }
    }
    Ok(document)
}

/// The document with the mark `draft` (a [`Draft::Pair`]) on the edge between `a` and
/// `b` taken away if it is there; else put there, in place of any other mark on that edge.
/// A sign that points one way (greater-than) is put there pointing right or down, then
/// turned round, then taken away.
pub fn toggle_mark(
    document: &Map<String, Value>,
    n: usize,
    draft: &Draft,
    a: usize,
    b: usize,
) -> Result<Map<String, Value>, String> {
    let Draft::Pair { key, value } = draft else {
        return Err("only a dot, a sign or an X or V goes on an edge".into());
    };
    let (low, high) = (a.min(b), a.max(b));
    let mut document = document.clone();
    // The cells of the same mark on the edge, in its order, if it was there.
    let mut there = None;
    for (k, ..) in MARKS {
        if let Some(Value::Array(list)) = document.get_mut(k) {
            list.retain(|entry| {
                let at = mark_cells(entry, n);
                let here = at.len() == 2 && at.contains(&low) && at.contains(&high);
                let same_value = match value {
                    None => true,
                    Some(v) => entry
                        .get("value")
                        .and_then(Value::as_str)
                        .is_some_and(|e| e.eq_ignore_ascii_case(v)),
                };
                if here && k == *key && same_value {
                    there = Some(at);
                }
                !here
            });
        }
    }
    match there {
        Some(at) if directed(key) && at == [low, high] => add(&document, n, draft, &[high, low]),
        Some(_) => Ok(document),
        None => add(&document, n, draft, &[low, high]),
    }
}

/// The document with `cells` painted as one region. They take the number of the region
/// most of them are in, whose other cells are left in no region until they are painted
/// too, so that a jigsaw is painted one region at a time; cells that are all in no region
/// join the smallest region.
pub fn paint_region(
    document: &Map<String, Value>,
    n: usize,
    cells: &[usize],
) -> Result<Map<String, Value>, String> {
    if cells.is_empty() {
        return Err("select the cells of the region first".into());
    }
    if cells.len() > n {
        return Err(format!("a region holds at most {n} cells"));
    }
    let layout = document::layout(document).map_err(|e| e.to_string())?;
    let (mut size, mut chosen) = (vec![0; n], vec![0; n]);
    for &r in layout.region_of.iter().flatten() {
        size[r] += 1;
    }
    for &r in cells.iter().filter_map(|&c| layout.region_of[c].as_ref()) {
        chosen[r] += 1;
    }
    let region = (0..n)
        .min_by_key(|&r| (Reverse(chosen[r]), size[r]))
        .expect("a grid has regions");
    let repainted = chosen[region] > 0;
    if !repainted && size[region] + cells.len() > n {
        return Err(format!("no region has room for {} more cells", cells.len()));
    }
    let mut document = document::with_givens(document, &layout.givens);
    let Some(Value::Array(rows)) = document.get_mut("grid") else {
        unreachable!("with_givens writes the grid")
    };
    let grid = rows.iter_mut().flat_map(|row| match row {
        Value::Array(row) => row.iter_mut(),
        _ => unreachable!("with_givens writes rows of cells"),
    });
    for (cell, entry) in grid.enumerate() {
        let Value::Object(entry) = entry else {
            unreachable!("with_givens writes cells as objects")
        };
        if cells.contains(&cell) {
            entry.insert("region".into(), Value::from(region));
        } else if repainted && layout.region_of[cell] == Some(region) {
            entry.insert("region".into(), Value::Null);
        }
    }
    Ok(document)
}

/// The document without the rule at `source` (a figure's key and place); a switch is
/// turned off.
pub fn remove(document: &Map<String, Value>, (key, index): (&str, usize)) -> Map<String, Value> {
    let mut document = document.clone();
    match document.get_mut(key) {
        Some(Value::Array(list)) if index < list.len() => {
            list.remove(index);
        }
        Some(Value::Bool(on)) => *on = false,
        _ => {}
    }
    document
}

/// The value of the rule at `source` (a cage's sum, a clue), if it has one.
pub fn value(document: &Map<String, Value>, (key, index): (&str, usize)) -> Option<String> {
    match document.get(key)?.get(index)?.get("value")? {
        Value::String(text) => Some(text.clone()),
        Value::Number(number) => Some(number.to_string()),
        _ => None,
    }
}

/// The document with the value of the rule at `source` (a cage's sum, a clue) changed,
/// or taken away (`None`).
pub fn set_value(
    document: &Map<String, Value>,
    (key, index): (&str, usize),
    value: Option<&str>,
) -> Map<String, Value> {
    let mut document = document.clone();
    if let Some(Value::Object(entry)) = document
        .get_mut(key)
        .and_then(|list| list.as_array_mut())
        .and_then(|list| list.get_mut(index))
    {
        match value {
            Some(value) => entry.insert("value".into(), Value::from(value)),
            None => entry.remove("value"),
        };
    }
    document
}

/// The document with a rule of the whole grid (a key of [`SWITCHES`]) on or off, on a
/// grid of side `n`. A line pattern (Dutch flatmates) is on as its lines down each column.
pub fn switch(
    document: &Map<String, Value>,
    n: usize,
    key: &str,
    on: bool,
) -> Result<Map<String, Value>, String> {
    let mut document = document.clone();
    let pattern = is_pattern(key);
    let value = match (pattern, on) {
        (true, true) => {
            let mut list = Vec::new();
            for (line, value) in crate::iss::dutch_flatmates(n, n, n)? {
                let stated = Stated::Iss(IssRule::DutchFlatmates);
                let mut entry = crate::iss::stated_entry(names(&line, n), stated);
                entry.insert("value".into(), value);
                list.push(Value::Object(entry));
            }
            Value::Array(list)
        }
        (true, false) => Value::Array(Vec::new()),
        (false, on) => Value::Bool(on),
    };
    document.insert(key.into(), value);
    Ok(document)
}

/// Whether a rule of the whole grid is on.
pub fn is_on(document: &Map<String, Value>, key: &str) -> bool {
    document::switched_on(document.get(key))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Imported;
    use sudoku_engine::rules::Relation;
    use sudoku_engine::symbols::Symbols;

    fn empty() -> Map<String, Value> {
        let Value::Object(o) = serde_json::json!({ "size": 4 }) else {
            unreachable!()
        };
        o
    }

    #[test]
    fn rules_added_read_back_and_go_again() {
        let doc = add(&empty(), 4, &Draft::killer(Some(3)), &[0, 1]).unwrap();
        let doc = add(&doc, 4, &Draft::Line("thermometer"), &[4, 5, 6]).unwrap();
        let doc = add(&doc, 4, &Draft::Line("arrow"), &[8, 9, 10]).unwrap();
        // An arrow's circle is its first cell, a thermometer has none.
        assert_eq!(doc["arrow"][0]["cells"], names(&[8], 4));
        assert_eq!(doc["thermometer"][0].get("cells"), None);
        let pair = Draft::Pair {
            key: "xv",
            value: Some("V".into()),
        };
        let doc = add(&doc, 4, &pair, &[12, 13]).unwrap();
        let doc = switch(&doc, 4, "diagonal-", true).unwrap();
        let read = Imported::from_document(&doc).unwrap();
        assert_eq!(read.puzzle.rules().len(), 4);
        let rules: Vec<_> = read.figures.iter().map(|f| f.rule).collect();
        assert_eq!(rules, ["diagonal", "killer", "arrow", "thermometer", "xv"]);
        assert!(is_on(&doc, "diagonal-"));
        let cage = read.figures[1].source;
        assert_eq!(cage, ("killercage", 0));
        let fewer = Imported::from_document(&remove(&doc, cage)).unwrap();
        assert_eq!(fewer.puzzle.rules().len(), 3);
        let resummed = Imported::from_document(&set_value(&doc, cage, Some("5"))).unwrap();
        let label = |i: &Imported| match &i.figures[1].look {
            crate::Look::Cage { label, .. } => label.clone(),
            _ => None,
        };
        assert_eq!(label(&resummed), Some("5".into()));
        let unsummed = Imported::from_document(&set_value(&doc, cage, None)).unwrap();
        assert_eq!(label(&unsummed), None);
        let off = Imported::from_document(&remove(&doc, ("diagonal-", 0))).unwrap();
        assert!(off.figures.iter().all(|f| f.rule != "diagonal"));
    }

    #[test]
    fn clues_outside_the_grid_sit_beside_their_cell() {
        let above = Draft::Outside {
            key: "sandwichsum",
            side: (-1, 0),
            value: 5,
            diagonal: None,
        };
        let doc = add(&empty(), 4, &above, &[1]).unwrap();
        let killer = Draft::Outside {
            key: "littlekillersum",
            side: (0, -1),
            value: 7,
            diagonal: Some("DR"),
        };
        let doc = add(&doc, 4, &killer, &[4]).unwrap();
        let read = Imported::from_document(&doc).unwrap();
        assert_eq!(read.puzzle.rules().len(), 2);
        let cells: Vec<_> = read.figures.iter().map(|f| f.cells.clone()).collect();
        // The little killer left of r2c1 runs down from r3c1; the sandwich sees column 2.
        assert_eq!(cells, [vec![8, 13], vec![1, 5, 9, 13]]);
        // Not at the edge, or an arrow pointing out of the grid.
        assert!(add(&empty(), 4, &above, &[5]).unwrap_err().contains("edge"));
        let outwards = Draft::Outside {
            key: "littlekillersum",
            side: (0, -1),
            value: 7,
            diagonal: Some("UL"),
        };
        assert!(add(&empty(), 4, &outwards, &[4])
            .unwrap_err()
            .contains("into the grid"));
    }

    #[test]
    fn cells_that_cannot_hold_the_rule_say_why() {
        let line = Draft::Line("whispers");
        assert!(add(&empty(), 4, &line, &[0])
            .unwrap_err()
            .contains("at least two"));
        assert!(add(&empty(), 4, &line, &[0, 2])
            .unwrap_err()
            .contains("touch"));
        let dot = Draft::Pair {
            key: "difference",
            value: None,
        };
        assert!(add(&empty(), 4, &dot, &[0, 5])
            .unwrap_err()
            .contains("share a side"));
        let cage = Draft::killer(None);
        assert!(add(&empty(), 4, &cage, &[]).unwrap_err().contains("select"));
        assert!(add(&empty(), 4, &cage, &[0, 1, 2, 3, 4])
            .unwrap_err()
            .contains("at most 4"));
    }

    /// The regions of a document read back, each as its cells in order.
    fn regions(doc: &Map<String, Value>) -> Vec<Vec<usize>> {
        let houses = Imported::from_document(doc)
            .unwrap()
            .puzzle
            .houses()
            .clone();
        let mut regions: Vec<Vec<usize>> = (0..houses.len())
            .filter(|&h| houses.kind(h) == sudoku_engine::houses::HouseKind::Region)
            .map(|h| houses.cells(h).to_vec())
            .collect();
        regions.sort();
        regions
    }

    #[test]
    fn a_region_is_painted_one_at_a_time() {
        // Three of r1c1, r2c1, r2c2 and r2c4 are in the first box: they are region 0 now,
        // and r1c2, left of it, is in none until painted.
        let doc = paint_region(&empty(), 4, &[0, 4, 5, 7]).unwrap();
        assert_eq!(doc["grid"][0][1]["region"], Value::Null);
        assert_eq!(
            regions(&doc),
            [
                vec![0, 4, 5, 7],
                vec![2, 3, 6],
                vec![8, 9, 12, 13],
                vec![10, 11, 14, 15]
            ]
        );
        let doc = paint_region(&doc, 4, &[1, 2, 3, 6]).unwrap();
        assert_eq!(
            regions(&doc),
            [
                vec![0, 4, 5, 7],
                vec![1, 2, 3, 6],
                vec![8, 9, 12, 13],
                vec![10, 11, 14, 15]
            ]
        );
        // Both links out carry the regions.
        let json = serde_json::to_string(&doc).unwrap();
        for site in [
            crate::export::Site::FPuzzles,
            crate::export::Site::SudokuPad,
        ] {
            let read =
                crate::read(&crate::export::link(&json, site, Symbols::App).unwrap()).unwrap();
            assert_eq!(
                read.puzzle.houses(),
                Imported::from_document(&doc).unwrap().puzzle.houses()
            );
        }
        let five = paint_region(&empty(), 4, &[0, 1, 4, 5, 8]).unwrap_err();
        assert!(five.contains("at most 4"), "{five}");
        // Cells in no region join the smallest region, if it has room.
        let doc = paint_region(&empty(), 4, &[0]).unwrap();
        let doc = paint_region(&doc, 4, &[1, 4, 5]).unwrap();
        assert_eq!(regions(&doc)[0], [0, 1, 4, 5]);
        let doc = paint_region(&empty(), 4, &[0]).unwrap();
        let doc = paint_region(&doc, 4, &[2]).unwrap();
        let full = paint_region(&doc, 4, &[1, 3, 4, 5]).unwrap_err();
        assert!(full.contains("no region has room for 4"), "{full}");
        assert!(paint_region(&empty(), 4, &[])
            .unwrap_err()
            .contains("select"));
    }

    #[test]
    fn a_mark_on_an_edge_comes_and_goes() {
        let white = Draft::Pair {
            key: "difference",
            value: None,
        };
        let x = Draft::Pair {
            key: "xv",
            value: Some("X".into()),
        };
        let rules = |doc: &Map<String, Value>| -> Vec<&str> {
            let read = Imported::from_document(doc).unwrap();
            read.figures.iter().map(|f| f.rule).collect()
        };
        let doc = toggle_mark(&empty(), 4, &white, 1, 0).unwrap();
        assert_eq!(rules(&doc), ["kropki-white"]);
        // An X on the same edge takes the dot's place; the X again takes it away.
        let doc = toggle_mark(&doc, 4, &x, 0, 1).unwrap();
        assert_eq!(rules(&doc), ["xv"]);
        let doc = toggle_mark(&doc, 4, &x, 0, 1).unwrap();
        assert!(rules(&doc).is_empty());
        assert!(toggle_mark(&empty(), 4, &white, 0, 5)
            .unwrap_err()
            .contains("share a side"));
    }

    #[test]
    fn a_sum_dot_is_set_drawn_with_its_total_and_changed_in_place() {
        let (key, value, name) = MARKS[4];
        assert_eq!((key, name), ("sum", "Sum dot"));
        let dot = Draft::Pair {
            key,
            value: value.map(String::from),
        };
        let doc = toggle_mark(&empty(), 4, &dot, 4, 0).unwrap();
        let read = Imported::from_document(&doc).unwrap();
        assert_eq!(read.figures[0].rule, "sum-dot");
        assert_eq!(
            read.figures[0].look,
            crate::Look::Edge {
                a: 0,
                b: 4,
                mark: crate::EdgeMark::Text("5".into())
            }
        );
        let doc = set_value(&doc, ("sum", 0), Some("6"));
        let read = Imported::from_document(&doc).unwrap();
        let dot = sudoku_engine::rules::Dot::new(0, 4, Relation::Sum(6), 4);
        assert_eq!(read.puzzle.rules(), [sudoku_engine::rules::Rule::Dot(dot)]);
    }

    #[test]
    fn a_greater_than_sign_points_one_way_then_the_other_then_goes() {
        let (key, value, name) = *MARKS.iter().find(|(k, ..)| *k == "greaterthan").unwrap();
        assert_eq!(name, "Greater than");
        let sign = Draft::Pair {
            key,
            value: value.map(String::from),
        };
        let signs = |doc: &Map<String, Value>| -> Vec<(Vec<usize>, crate::Look)> {
            let read = Imported::from_document(doc).unwrap();
            assert!(read.figures.iter().all(|f| f.rule == "greater-than"));
            let rules = read.puzzle.rules();
            assert_eq!(rules.len(), read.figures.len());
            read.figures
                .iter()
                .map(|f| (f.cells.clone(), f.look.clone()))
                .collect()
        };
        let edge = |a, b, sign: &str| {
            let mark = crate::EdgeMark::Text(sign.into());
            (vec![a, b], crate::Look::Edge { a, b, mark })
        };
        // r1c1 > r1c2, then r1c1 < r1c2, then nothing; from either side of the edge.
        let doc = toggle_mark(&empty(), 4, &sign, 1, 0).unwrap();
        assert_eq!(signs(&doc), [edge(0, 1, ">")]);
        let doc = toggle_mark(&doc, 4, &sign, 0, 1).unwrap();
        assert_eq!(signs(&doc), [edge(0, 1, "<")]);
        let doc = toggle_mark(&doc, 4, &sign, 1, 0).unwrap();
        assert!(signs(&doc).is_empty());
        // Down a column; a white dot there gives way to it.
        let white = Draft::Pair {
            key: "difference",
            value: None,
        };
        let doc = toggle_mark(&empty(), 4, &white, 1, 5).unwrap();
        let doc = toggle_mark(&doc, 4, &sign, 5, 1).unwrap();
        assert_eq!(signs(&doc), [edge(1, 5, "∨")]);
        // Added over the selection, the first cell the greater: r2c2 > r1c2.
        let doc = add(&empty(), 4, &sign, &[5, 1]).unwrap();
        assert_eq!(signs(&doc), [edge(1, 5, "∧")]);
        let doc = set_cells(&doc, 4, (key, 0), &[8, 9]).unwrap();
        assert_eq!(signs(&doc), [edge(8, 9, ">")]);
        let doc = toggle_mark(&doc, 4, &sign, 3, 7).unwrap();
        assert_eq!(signs(&doc), [edge(8, 9, ">"), edge(3, 7, "∨")]);
        assert_eq!(
            iss_text(&doc),
            ".Shape~4x4.GreaterThan~R3C1~R3C2.GreaterThan~R1C4~R2C4"
        );
        assert!(add(&empty(), 4, &sign, &[0, 5])
            .unwrap_err()
            .contains("share a side"));
    }

    #[test]
    fn a_sum_line_is_a_line_tool_whose_stretches_sum_to_ten() {
        let (key, _, name) = *LINES.iter().find(|(k, ..)| *k == "sumline").unwrap();
        assert_eq!(name, "Sum line (10-line)");
        let doc = add(&empty(), 4, &Draft::Line(key), &[0, 1, 5]).unwrap();
        let read = Imported::from_document(&doc).unwrap();
        assert_eq!(read.figures[0].rule, "sum-line");
        let line = sudoku_engine::rules::SumLine::new(vec![0, 1, 5], 10, false);
        assert_eq!(
            read.puzzle.rules(),
            [sudoku_engine::rules::Rule::SumLine(line)]
        );
        assert_eq!(iss_text(&doc), ".Shape~4x4.SumLine~10~R1C1~R1C2~R2C2");
        // Its sum changes in place, as a cage's does; a line without a value has none.
        assert!(line_takes_value(key) && line_takes_value("lockout"));
        assert!(!line_takes_value("thermometer"));
        let doc = set_value(&doc, ("sumline", 0), Some("5"));
        let read = Imported::from_document(&doc).unwrap();
        let line = sudoku_engine::rules::SumLine::new(vec![0, 1, 5], 5, false);
        assert_eq!(
            read.puzzle.rules(),
            [sudoku_engine::rules::Rule::SumLine(line)]
        );
        assert_eq!(iss_text(&doc), ".Shape~4x4.SumLine~5~R1C1~R1C2~R2C2");
    }

    #[test]
    fn iss_clues_and_lines_are_tools_that_iss_states_back() {
        let clue = |key: &'static str, value| Draft::Outside {
            key,
            side: (-1, 0),
            value,
            diagonal: None,
        };
        let tool = |tools: &[Tool], name: &str| {
            tools
                .iter()
                .find(|&&(.., n)| n == name)
                .unwrap_or_else(|| panic!("no tool {name}"))
                .0
        };
        let doc = add(
            &empty(),
            4,
            &clue(tool(&CLUES, "Hidden skyscraper"), 3),
            &[0],
        )
        .unwrap();
        let doc = add(&doc, 4, &clue(tool(&CLUES, "Numbered room"), 2), &[1]).unwrap();
        let doc = add(
            &doc,
            4,
            &Draft::Line(tool(&LINES, "Double arrow")),
            &[4, 5, 6],
        )
        .unwrap();
        let doc = add(
            &doc,
            4,
            &Draft::Line(tool(&LINES, "Lockout line")),
            &[8, 9, 10, 11],
        )
        .unwrap();
        let region = Draft::Cage {
            key: tool(&CAGES, "Extra region"),
            sum: None,
        };
        let doc = add(&doc, 4, &region, &[3, 6, 9, 12]).unwrap();
        let summed = Draft::Cage {
            key: tool(&CAGES, "Extra region"),
            sum: Some(10),
        };
        assert_eq!(
            add(&doc, 4, &summed, &[0, 5]).unwrap_err(),
            "Extra region: it takes no sum"
        );
        let doc = add(&doc, 4, &clue(tool(&CLUES, "Full rank"), 2), &[2]).unwrap();
        let indexer = Draft::Cage {
            key: tool(&CAGES, "Row indexer"),
            sum: None,
        };
        let doc = add(&doc, 4, &indexer, &[0]).unwrap();
        let indexer = Draft::Cage {
            key: tool(&CAGES, "Column indexer"),
            sum: None,
        };
        let doc = add(&doc, 4, &indexer, &[7]).unwrap();
        let read = Imported::from_document(&doc).unwrap();
        assert_eq!(read.puzzle.houses().len(), 13, "12 houses and the region");
        let rules: Vec<&str> = read.figures.iter().map(|f| f.rule).collect();
        for rule in [
            "hidden-skyscraper",
            "numbered-room",
            "double-arrow",
            "lockout",
            "extra-region",
            "full-rank",
            "indexer",
        ] {
            assert!(rules.contains(&rule), "{rule} in {rules:?}");
        }
        // The full rank is one rule of its clues; an indexer one rule a cell.
        assert_eq!(read.puzzle.rules().len(), 7);
        let text = iss_text(&doc);
        for part in [
            "HiddenSkyscraper~C1~3~",
            "NumberedRoom~C2~2~",
            "DoubleArrow~R2C1~R2C2~R2C3",
            "Lockout~",
            "AllDifferent~R1C4~R2C3~R3C2~R4C1",
            "FullRank~C3~2~",
            "Indexing~R~R1C1",
            "Indexing~C~R2C4",
        ] {
            assert!(text.contains(part), "{part} in {text}");
        }
    }

    #[test]
    fn an_equality_cage_is_a_cage_and_the_pattern_of_its_values() {
        let cage = Draft::Cage {
            key: "equalitycage",
            sum: None,
        };
        let doc = add(&empty(), 4, &cage, &[0, 1]).unwrap();
        let read = Imported::from_document(&doc).unwrap();
        let mut rules: Vec<&str> = read.figures.iter().map(|f| f.rule).collect();
        rules.dedup();
        assert_eq!(rules, ["killer", "equality-cage"]);
        // Its digits differ (a house), and on 4x4 it holds one low digit (1, 2) and one
        // high (3, 4), one odd and one even: 1 and 4, or 2 and 3.
        assert_eq!(read.puzzle.houses().len(), 13);
        let [_, pattern] = read.puzzle.rules() else {
            panic!("a cage and a pattern: {:?}", read.puzzle.rules())
        };
        let holds = |a: u8, b: u8| pattern.holds(&[a, b], 4);
        assert!(holds(1, 4) && holds(3, 2));
        assert!(!holds(1, 2) && !holds(1, 3) && !holds(4, 2) && !holds(3, 4));
        let text = iss_text(&doc);
        assert_eq!(text, ".Shape~4x4.EqualityCage~R1C1~R1C2");
        // An odd count, a sum, or other cells: each refused, saying why.
        assert!(add(&empty(), 4, &cage, &[0, 1, 2])
            .unwrap_err()
            .contains("even number"));
        let summed = Draft::Cage {
            key: "equalitycage",
            sum: Some(10),
        };
        assert_eq!(
            add(&empty(), 4, &summed, &[0, 1]).unwrap_err(),
            "Equality cage: it takes no sum"
        );
        assert!(!redrawable("equalitycage"));
        assert!(set_cells(&doc, 4, ("equalitycage", 0), &[2, 3]).is_err());
    }

    #[test]
    fn rules_of_every_cell_are_switches_named_under_the_title() {
        let names: Vec<&str> = SWITCHES.iter().map(|&(.., name)| name).collect();
        for name in [
            "Anti-taxicab",
            "Global entropy",
            "Global mod 3",
            "Dutch flatmates",
        ] {
            assert!(names.contains(&name), "{name}");
        }
        let doc = switch(&empty(), 4, "antitaxicab", true).unwrap();
        let read = Imported::from_document(&doc).unwrap();
        assert_eq!(read.puzzle.rules().len(), 16, "one rule around each cell");
        assert_eq!(read.rules_of_the_grid(), ["Anti-taxicab"]);
        assert_eq!(iss_text(&doc), ".Shape~4x4.AntiTaxicab");
        let off = Imported::from_document(&switch(&doc, 4, "antitaxicab", false).unwrap()).unwrap();
        assert!(off.puzzle.rules().is_empty());
        // Disjoint sets are houses: the cells in the same place of each box.
        let key = SWITCHES
            .iter()
            .find(|&&(.., n)| n == "Disjoint sets")
            .unwrap()
            .0;
        let disjoint = switch(&empty(), 4, key, true).unwrap();
        assert_eq!(iss_text(&disjoint), ".Shape~4x4.DisjointSets");
        let read = Imported::from_document(&disjoint).unwrap();
        assert_eq!(read.puzzle.houses().len(), 16);
        assert!(read.puzzle.houses().cells(12).contains(&0));
        assert!(read.puzzle.houses().cells(12).contains(&2));
    }

    #[test]
    fn rellik_cages_lunchboxes_and_counting_circles_are_set_as_cages_are() {
        let names: Vec<&str> = CAGES.iter().map(|&(.., name)| name).collect();
        assert_eq!(
            names,
            [
                "Killer cage",
                "Row indexer",
                "Column indexer",
                "Equality cage",
                "Extra region",
                "Rellik cage",
                "Lunchbox",
                "Counting circles"
            ]
        );
        let cage = |key: &'static str, sum| Draft::Cage { key, sum };
        let doc = add(&empty(), 4, &cage("rellikcage", Some(3)), &[0, 1]).unwrap();
        let doc = add(&doc, 4, &cage("lunchbox", Some(0)), &[4, 5, 6, 7]).unwrap();
        let doc = add(&doc, 4, &cage("countingcircles", None), &[8, 9, 15]).unwrap();
        let read = Imported::from_document(&doc).unwrap();
        let rules: Vec<_> = read.figures.iter().map(|f| f.rule).collect();
        assert_eq!(
            rules,
            [
                "rellik",
                "lunchbox",
                "lunchbox",
                "counting-circles",
                "counting-circles",
                "counting-circles"
            ]
        );
        assert_eq!(value(&doc, ("rellikcage", 0)).as_deref(), Some("3"));
        assert_eq!(value(&doc, ("countingcircles", 0)), None);
        assert_eq!(
            iss_text(&doc),
            ".Shape~4x4.RellikCage~3~R1C1~R1C2.Lunchbox~0~R2C1~R2C2~R2C3~R2C4\
             .CountingCircles~R3C1~R3C2~R4C4"
        );
        // Counting circles may repeat digits, so they are no house of at most n cells, and
        // take no sum; a rellik cage is drawn over other cells with its sum.
        let many: Vec<usize> = (0..6).collect();
        assert!(add(&empty(), 4, &cage("countingcircles", None), &many).is_ok());
        assert_eq!(
            add(&empty(), 4, &cage("countingcircles", Some(2)), &[0]).unwrap_err(),
            "Counting circles: it takes no sum"
        );
        assert!(add(&empty(), 4, &cage("rellikcage", Some(3)), &many)
            .unwrap_err()
            .contains("at most 4"));
        let doc = set_cells(&doc, 4, ("rellikcage", 0), &[2, 3]).unwrap();
        assert_eq!(value(&doc, ("rellikcage", 0)).as_deref(), Some("3"));
        assert!(redrawable("countingcircles"));
    }

    #[test]
    fn dutch_flatmates_are_switched_on_as_a_pattern_down_each_column() {
        let doc = switch(&empty(), 4, "dutchflatmates", true).unwrap();
        assert!(is_on(&doc, "dutchflatmates"));
        let read = Imported::from_document(&doc).unwrap();
        assert_eq!(read.rules_of_the_grid(), ["Dutch flatmates"]);
        let columns: Vec<Vec<usize>> = read
            .puzzle
            .rules()
            .iter()
            .map(|r| r.cells().to_vec())
            .collect();
        assert_eq!(
            columns,
            (0..4)
                .map(|c| vec![c, c + 4, c + 8, c + 12])
                .collect::<Vec<_>>()
        );
        // On a 4x4 the middle digit is 2: with 4 right below r1c1's 2, 1 above r3c1's.
        let holds = |column: [u8; 4]| read.puzzle.rules()[0].holds(&column, 4);
        assert!(holds([2, 4, 1, 3]) && holds([3, 1, 2, 4]));
        assert!(!holds([4, 2, 3, 1]), "a 2 under 4 and over 3");
        assert!(!holds([1, 3, 4, 2]), "a 2 under 4 at the foot");
        assert_eq!(iss_text(&doc), ".Shape~4x4.DutchFlatmates");
        let off = switch(&doc, 4, "dutchflatmates", false).unwrap();
        assert!(!is_on(&off, "dutchflatmates"));
        assert!(Imported::from_document(&off)
            .unwrap()
            .puzzle
            .rules()
            .is_empty());
    }

    /// The document's ISS link, which must read back to its puzzle, and the constraint
    /// text in it.
    fn iss_text(doc: &Map<String, Value>) -> String {
        let json = serde_json::to_string(doc).unwrap();
        let link = crate::export::link(&json, crate::export::Site::Iss, Symbols::App).unwrap();
        let read = crate::read(&link).unwrap();
        assert_eq!(read.puzzle, Imported::from_document(doc).unwrap().puzzle);
        let q = link.split_once("?q=").unwrap().1;
        percent_encoding::percent_decode_str(q)
            .decode_utf8()
            .unwrap()
            .into_owned()
    }

    #[test]
    fn a_rule_is_drawn_over_other_cells_and_keeps_its_value() {
        let doc = add(&empty(), 4, &Draft::killer(Some(3)), &[0, 1]).unwrap();
        let doc = add(&doc, 4, &Draft::Line("thermometer"), &[4, 5, 6]).unwrap();
        let doc = set_cells(&doc, 4, ("killercage", 0), &[0, 4]).unwrap();
        let doc = set_cells(&doc, 4, ("thermometer", 0), &[6, 5]).unwrap();
        let read = Imported::from_document(&doc).unwrap();
        let cells: Vec<_> = read.figures.iter().map(|f| f.cells.clone()).collect();
        assert_eq!(cells, [vec![0, 4], vec![6, 5]]);
        assert!(matches!(&read.figures[0].look,
            crate::Look::Cage { label: Some(l), .. } if l == "3"));
        assert!(set_cells(&doc, 4, ("thermometer", 0), &[6, 0])
            .unwrap_err()
            .contains("touch"));
        assert!(set_cells(&doc, 4, ("killercage", 3), &[2]).is_err());
        assert!(!redrawable("sandwichsum") && redrawable("arrow"));
    }
}
