//! The document model: f-puzzles' JSON, the form every puzzle is kept, edited and
//! exported in. One entry of a key (`Entry`), numbers and text as its values write them,
//! the grid (size, givens, regions: `Layout`) and the solution; no rule is read here.

use serde_json::{Map, Value};
use sudoku_engine::houses::HouseKind;
use sudoku_engine::puzzle::Puzzle;
use sudoku_engine::{Grid, Shape};

use crate::cells;
use crate::error::{invalid, LinkError};

/// The sizes a variant puzzle may have.
pub const SIZES: std::ops::RangeInclusive<usize> = 4..=16;

/// One entry of a clue key, as every key writes it; fields a key does not use stay empty.
/// Numbers may come as strings ("16") or numbers.
#[derive(Clone, Debug, Default)]
pub(crate) struct Entry {
    pub cell: Option<String>,
    pub cells: Vec<String>,
    pub lines: Vec<Vec<String>>,
    pub value: Option<Value>,
    pub values: Vec<Value>,
    /// `cloneCells`.
    pub clone_cells: Vec<String>,
    pub direction: Option<String>,
    /// `fromConstraint`.
    pub from_constraint: Option<String>,
    /// `isLLConstraint`.
    pub is_lockout: Option<Value>,
    /// `outlineC`.
    pub outline: Option<Value>,
    /// `baseC`.
    pub base: Option<Value>,
    pub width: Option<Value>,
    /// A text's size and colour (`size`, `fontC`).
    pub size: Option<Value>,
    pub font: Option<Value>,
    /// A line pattern's name (this crate's own field).
    pub label: Option<String>,
}

impl Entry {
    /// Reads one entry, naming the field that is not what it should be. Read by hand, not
    /// by serde's derive, whose reader of fifteen fields weighed 12 KB of the page's module.
    pub(crate) fn read(value: &Value) -> Result<Entry, String> {
        let Value::Object(fields) = value else {
            return Err("is not an object".into());
        };
        // `null` stands for an absent field, as serde's `default` read it for an `Option`.
        let field = |name: &str| fields.get(name).filter(|v| !v.is_null());
        let value = |name: &str| field(name).cloned();
        let text = |name: &str| match field(name) {
            None => Ok(None),
            Some(Value::String(s)) => Ok(Some(s.clone())),
            Some(_) => Err(format!("{name} is not text")),
        };
        let list = |name: &str| match field(name) {
            None => Ok(&[][..]),
            Some(Value::Array(items)) => Ok(&items[..]),
            Some(_) => Err(format!("{name} is not a list")),
        };
        let texts = |items: &[Value], name: &str| {
            items
                .iter()
                .map(|item| item.as_str().map(str::to_owned))
                .collect::<Option<Vec<_>>>()
                .ok_or_else(|| format!("{name} holds something that is not text"))
        };
        Ok(Entry {
            cell: text("cell")?,
            cells: texts(list("cells")?, "cells")?,
            lines: list("lines")?
                .iter()
                .map(|line| match line {
                    Value::Array(cells) => texts(cells, "lines"),
                    _ => Err("lines holds something that is not a list".into()),
                })
                .collect::<Result<_, _>>()?,
            value: value("value"),
            values: list("values")?.to_vec(),
            clone_cells: texts(list("cloneCells")?, "cloneCells")?,
            direction: text("direction")?,
            from_constraint: text("fromConstraint")?,
            is_lockout: value("isLLConstraint"),
            outline: value("outlineC"),
            base: value("baseC"),
            width: value("width"),
            size: value("size"),
            font: value("fontC"),
            label: text("label")?,
        })
    }
}

/// A number written as a number or as a string of one.
pub(crate) fn number(value: &Value) -> Option<i64> {
    match value {
        Value::Number(n) => n.as_i64(),
        Value::String(s) => s.trim().parse().ok(),
        _ => None,
    }
}

/// The text of a value for messages and drawings.
pub(crate) fn text(value: &Value) -> String {
    match value {
        Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

/// Whether a flag is set (`true`, or a non-empty list as some exports write it).
pub(crate) fn truthy(value: Option<&Value>) -> bool {
    match value {
        Some(Value::Bool(b)) => *b,
        Some(Value::String(s)) => s == "true",
        Some(Value::Number(n)) => n.as_i64() != Some(0),
        _ => false,
    }
}

/// Whether a rule of the whole grid is on: switched on, or written as entries (ISS's Dutch
/// flatmates, a line pattern down each column).
pub(crate) fn switched_on(value: Option<&Value>) -> bool {
    match value {
        Some(Value::Array(list)) => !list.is_empty(),
        value => truthy(value),
    }
}

/// The entries of a clue key; an absent key, `null` or `false` has none.
pub(crate) fn entries(object: &Map<String, Value>, key: &str) -> Result<Vec<Entry>, LinkError> {
    match object.get(key) {
        None | Some(Value::Null) | Some(Value::Bool(false)) => Ok(Vec::new()),
        Some(Value::Array(list)) => list
            .iter()
            .enumerate()
            .map(|(i, v)| Entry::read(v).map_err(|e| invalid(format!("{key} {}: {e}", i + 1))))
            .collect(),
        Some(_) => Err(invalid(format!("{key} is not a list"))),
    }
}

/// The grid's size, givens and each cell's region (`None`: in no region).
pub(crate) struct Layout {
    pub shape: Shape,
    pub givens: Grid,
    pub region_of: Vec<Option<usize>>,
}

pub(crate) fn size(object: &Map<String, Value>) -> Result<usize, LinkError> {
    let value = object
        .get("size")
        .ok_or_else(|| invalid("the puzzle has no size"))?;
    let size = number(value).ok_or_else(|| {
        invalid(format!(
            "size {} is not a number",
            cells::shorten(&text(value))
        ))
    })?;
    if !(*SIZES.start() as i64..=*SIZES.end() as i64).contains(&size) {
        return Err(invalid(format!(
            "size {size} is out of range ({} to {})",
            SIZES.start(),
            SIZES.end()
        )));
    }
    Ok(size as usize)
}

pub(crate) fn layout(object: &Map<String, Value>) -> Result<Layout, LinkError> {
    let n = size(object)?;
    let shape = Shape::with_side(n).expect("a side in range");
    let mut givens = Grid::empty(shape);
    let mut region_of: Vec<Option<usize>> = (0..n * n).map(|c| Some(shape.box_of(c))).collect();
    let rows = match object.get("grid") {
        None | Some(Value::Null) => Vec::new(),
        Some(Value::Array(rows)) => rows.clone(),
        Some(_) => return Err(invalid("grid is not a list of rows")),
    };
    if !rows.is_empty() && rows.len() != n {
        return Err(invalid(format!(
            "grid has {} rows; a {n}x{n} grid needs {n}",
            rows.len()
        )));
    }
    for (r, row) in rows.iter().enumerate() {
        let Value::Array(row) = row else {
            return Err(invalid(format!("grid row {} is not a list", r + 1)));
        };
        if row.len() != n {
            return Err(invalid(format!(
                "grid row {} has {} cells; a {n}x{n} grid needs {n}",
                r + 1,
                row.len()
            )));
        }
        for (c, cell) in row.iter().enumerate() {
            let index = r * n + c;
            let Value::Object(cell) = cell else {
                if cell.is_null() {
                    continue;
                }
                return Err(invalid(format!(
                    "grid cell {} is not an object",
                    cells::key(index, n)
                )));
            };
            if truthy(cell.get("given")) {
                if let Some(value) = cell.get("value") {
                    let digit = number(value)
                        .filter(|&d| (1..=n as i64).contains(&d))
                        .ok_or_else(|| {
                            invalid(format!(
                                "grid cell {}: given {} is not a digit of a {n}x{n} grid",
                                cells::key(index, n),
                                cells::shorten(&text(value))
                            ))
                        })?;
                    givens.set(index, digit as u8);
                }
            }
            match cell.get("region") {
                None => {}
                Some(Value::Null) => region_of[index] = None,
                Some(value) => {
                    let region = number(value).filter(|&v| (0..n as i64).contains(&v));
                    let region = region.ok_or_else(|| {
                        invalid(format!(
                            "grid cell {}: region {} is not a region of a {n}x{n} grid (0 to {})",
                            cells::key(index, n),
                            cells::shorten(&text(value)),
                            n - 1
                        ))
                    })?;
                    region_of[index] = Some(region as usize);
                }
            }
        }
    }
    Ok(Layout {
        shape,
        givens,
        region_of,
    })
}

/// The regions in index order; each must have n cells, or at most n when some cells are
/// in no region.
pub(crate) fn regions(layout: &Layout) -> Result<Vec<Vec<usize>>, LinkError> {
    let n = layout.shape.n();
    let mut regions = vec![Vec::new(); n];
    for (cell, region) in layout.region_of.iter().enumerate() {
        if let Some(r) = region {
            regions[*r].push(cell);
        }
    }
    let partial = layout.region_of.iter().any(Option::is_none);
    for (r, cells) in regions.iter().enumerate() {
        let wrong = if partial {
            cells.len() > n
        } else {
            cells.len() != n
        };
        if wrong {
            return Err(invalid(format!(
                "region {} has {} cells; a {n}x{n} region needs {n}",
                r + 1,
                cells.len()
            )));
        }
    }
    regions.retain(|r| !r.is_empty());
    Ok(regions)
}

/// The f-puzzles object of a puzzle whose rules are all houses: its size, givens, title,
/// author, irregular regions, diagonals, extra regions, and the switches of a knight's or
/// king's move and of disjoint groups. (A cage is a house too, but written with its rule.)
pub(crate) fn document_of(
    puzzle: &Puzzle,
    title: Option<&str>,
    author: Option<&str>,
) -> Map<String, Value> {
    let n = puzzle.shape().n();
    let mut object = Map::new();
    object.insert("size".into(), Value::from(n));
    let mut object = with_givens(&object, puzzle.givens());
    for (key, text) in [("title", title), ("author", author)] {
        if let Some(text) = text {
            object.insert(key.into(), Value::from(text));
        }
    }
    let houses = puzzle.houses();
    let mut regions = Vec::new();
    // Irregular regions: each cell's number, where they are not the default boxes.
    let regions_of: Vec<&[usize]> = (0..houses.len())
        .filter(|&h| houses.kind(h) == HouseKind::Region)
        .map(|h| houses.cells(h))
        .collect();
    let shape = puzzle.shape();
    let irregular = regions_of
        .iter()
        .enumerate()
        .any(|(r, cells)| cells.iter().any(|&c| shape.box_of(c) != r));
    if irregular {
        for (r, cells) in regions_of.iter().enumerate() {
            for &cell in *cells {
                object["grid"][cell / n][cell % n]["region"] = Value::from(r);
            }
        }
    }
    for house in 0..houses.len() {
        let cells = houses.cells(house);
        match houses.kind(house) {
            HouseKind::Knight => {
                object.insert("antiknight".into(), Value::Bool(true));
            }
            HouseKind::King => {
                object.insert("antiking".into(), Value::Bool(true));
            }
            HouseKind::Disjoint => {
                object.insert("disjointgroups".into(), Value::Bool(true));
            }
            HouseKind::Diagonal if cells.first() == Some(&0) => {
                object.insert("diagonal-".into(), Value::Bool(true));
            }
            HouseKind::Diagonal => {
                object.insert("diagonal+".into(), Value::Bool(true));
            }
            HouseKind::ExtraRegion => {
                let names = cells
                    .iter()
                    .map(|&c| Value::from(cells::key(c, n)))
                    .collect();
                let mut entry = Map::new();
                entry.insert("cells".into(), Value::Array(names));
                regions.push(Value::Object(entry));
            }
            _ => {}
        }
    }
    if !regions.is_empty() {
        object.insert("extraregion".into(), Value::Array(regions));
    }
    object
}

/// The document with `givens` (of its size) in its grid in place of its own, or in a
/// grid made for them; each cell's region and other fields stay.
pub(crate) fn with_givens(object: &Map<String, Value>, givens: &Grid) -> Map<String, Value> {
    let mut object = object.clone();
    let n = givens.shape().n();
    let mut rows: Vec<Value> = match object.remove("grid") {
        Some(Value::Array(rows)) if rows.len() == n => rows,
        _ => vec![Value::Array(vec![Value::Object(Map::new()); n]); n],
    };
    for (r, row) in rows.iter_mut().enumerate() {
        if !matches!(row, Value::Array(cells) if cells.len() == n) {
            *row = Value::Array(vec![Value::Object(Map::new()); n]);
        }
        let Value::Array(cells) = row else { continue };
        for (c, cell) in cells.iter_mut().enumerate() {
            if !cell.is_object() {
                *cell = Value::Object(Map::new());
            }
            let Value::Object(cell) = cell else { continue };
            match givens.get(r * n + c) {
                0 => {
                    cell.remove("value");
                    cell.remove("given");
                }
                digit => {
                    cell.insert("value".into(), Value::from(digit));
                    cell.insert("given".into(), Value::Bool(true));
                }
            }
        }
    }
    object.insert("grid".into(), Value::Array(rows));
    object
}

/// The stored solution: n*n digits (as numbers or strings), else nothing.
pub(crate) fn solution(value: Option<&Value>, shape: Shape) -> Option<Grid> {
    let digits: Vec<u8> = match value? {
        Value::Array(list) => list
            .iter()
            .map(|v| number(v).and_then(|d| u8::try_from(d).ok()))
            .collect::<Option<_>>()?,
        Value::String(s) => digits_of(s, shape.n())?,
        _ => return None,
    };
    Grid::from_cells(shape, digits).filter(|g| g.cells().iter().all(|&d| d != 0))
}

/// A solution written as one string: a digit a cell (for up to 9x9), else numbers with
/// separators.
pub(crate) fn digits_of(text: &str, n: usize) -> Option<Vec<u8>> {
    let text = text.trim();
    if n <= 9 && text.chars().count() == n * n {
        return text
            .chars()
            .map(|c| c.to_digit(10).map(|d| d as u8))
            .collect();
    }
    let numbers: Vec<u8> = text
        .split(|c: char| !c.is_ascii_digit())
        .filter(|s| !s.is_empty())
        .map(|s| s.parse().ok())
        .collect::<Option<_>>()?;
    (numbers.len() == n * n).then_some(numbers)
}

/// An entry of the document (or any JSON object) of these fields, for the readers that
/// build documents (`iss`, `scl`). Written out rather than with `serde_json::json!`, which
/// serializes each field through serde and costs the page's module several KB of code.
pub(crate) fn entry_of<const N: usize>(fields: [(&str, Value); N]) -> Value {
    // Inserted one by one: collecting into the map would sort, and bring a sort's code.
    let mut object = Map::new();
    for (key, value) in fields {
        object.insert(key.to_string(), value);
    }
    Value::Object(object)
}

/// Adds `entry` at the end of the document's list of `key` (a list begun where there is
/// none), as the readers that build documents and the setter add entries.
pub(crate) fn push_entry(document: &mut Map<String, Value>, key: &str, entry: Value) {
    match document
        .entry(key)
        .or_insert_with(|| Value::Array(Vec::new()))
    {
        Value::Array(list) => list.push(entry),
        other => *other = Value::Array(vec![entry]),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(json: &str) -> Result<Entry, String> {
        Entry::read(&serde_json::from_str(json).unwrap())
    }

    #[test]
    fn an_entry_reads_its_fields_and_leaves_the_others_empty() {
        let entry =
            read(r#"{"cells":["R1C1","R1C2"],"value":"15","lines":[["R2C1"]],"cell":null}"#)
                .unwrap();
        assert_eq!(entry.cells, ["R1C1", "R1C2"]);
        assert_eq!(entry.lines, [["R2C1"]]);
        assert_eq!(entry.value, Some(Value::from("15")));
        assert_eq!(entry.cell, None);
        assert!(entry.values.is_empty() && entry.font.is_none());
    }

    #[test]
    fn a_field_of_the_wrong_kind_is_named() {
        assert_eq!(read(r#"{"cells":5}"#).unwrap_err(), "cells is not a list");
        assert_eq!(
            read(r#"{"cells":["R1C1",3]}"#).unwrap_err(),
            "cells holds something that is not text"
        );
        assert_eq!(
            read(r#"{"lines":["R1C1"]}"#).unwrap_err(),
            "lines holds something that is not a list"
        );
        assert_eq!(
            read(r#"{"direction":1}"#).unwrap_err(),
            "direction is not text"
        );
        assert_eq!(read("[]").unwrap_err(), "is not an object");
        let mut object = Map::new();
        object.insert("killercage".into(), serde_json::json!([{"cells": 5}]));
        assert!(entries(&object, "killercage")
            .unwrap_err()
            .to_string()
            .contains("killercage 1: cells is not a list"));
    }
}
