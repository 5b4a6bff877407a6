//! SudokuPad's own puzzles (`scl…`, `ctc…`): givens, regions, cages and `global` are read
//! exactly; lines, arrows, underlays and overlays are only drawings there, so they are
//! recognised by how SudokuPad draws f-puzzles' rules and by Rangsk's line colours, and
//! each reading is checked against the puzzle's solution where it carries one. The
//! readings become f-puzzles keys, so both forms of a puzzle go through the same rules.

use serde_json::{json, Map, Value};

use crate::document::{self, number, text, SIZES};
use crate::error::{invalid, LinkError};
use crate::import;
use crate::rules;
use crate::{cells, Drawn, Imported};
use sudoku_engine::{solve, Budget, Verdict};

pub(crate) use crate::zipper::unzip;

/// A point in cell units, row first: `[3.5, 8]` is the middle of r4c9's left edge.
type Point = (f64, f64);

/// Where `x` sits on a cell: its middle, an edge, or elsewhere.
fn half(x: f64) -> bool {
    (x - x.floor() - 0.5).abs() < 0.01
}

fn whole(x: f64) -> bool {
    (x - x.round()).abs() < 0.01
}

/// A point; coordinates far off the grid are not read.
fn point(value: &Value) -> Option<Point> {
    let (y, x) = match value.as_array()?.as_slice() {
        [y, x] => (y.as_f64()?, x.as_f64()?),
        _ => return None,
    };
    let sane = |v: f64| v.abs() < 1000.0;
    (sane(y) && sane(x)).then_some((y, x))
}

fn points(item: &Value, key: &str) -> Vec<Point> {
    item[key]
        .as_array()
        .map(|list| list.iter().filter_map(point).collect())
        .unwrap_or_default()
}

fn colour(item: &Value, key: &str) -> String {
    item[key].as_str().unwrap_or("").to_ascii_uppercase()
}

fn size(item: &Value) -> (f64, f64) {
    (
        item["width"].as_f64().unwrap_or(0.0),
        item["height"].as_f64().unwrap_or(0.0),
    )
}

fn near(a: f64, b: f64) -> bool {
    (a - b).abs() < 0.02
}

/// What the reader makes of a puzzle's drawings.
struct Reader<'a> {
    n: usize,
    object: &'a Map<String, Value>,
    /// f-puzzles keys read from drawings, each entry with the drawings it came from.
    found: Vec<(&'static str, Value, Vec<Drawn>)>,
    drawn: Vec<Drawn>,
    /// Which items of each list were used by a reading.
    used: std::collections::HashSet<(&'static str, usize)>,
    /// Drawings that read more than one way.
    choices: Vec<Choice>,
}

/// A drawing that reads more than one way: each reading as f-puzzles entries, and the
/// drawing, which is drawn, not checked, if no reading can be told right.
struct Choice {
    readings: Vec<Vec<(&'static str, Value)>>,
    from: Vec<Drawn>,
}

impl<'a> Reader<'a> {
    fn list(&self, key: &str) -> &'a [Value] {
        self.object
            .get(key)
            .and_then(Value::as_array)
            .map_or(&[], Vec::as_slice)
    }

    /// The cell a point is in, if on the grid.
    fn cell(&self, (y, x): Point) -> Option<usize> {
        let n = self.n as f64;
        (y >= 0.0 && x >= 0.0 && y < n && x < n).then(|| y as usize * self.n + x as usize)
    }

    /// The cells a line's points pass through, in order, each once in a row.
    fn line_cells(&self, points: &[Point]) -> Option<Vec<usize>> {
        let mut out: Vec<usize> = Vec::new();
        for &p in points {
            let cell = self.cell(p)?;
            if out.last() != Some(&cell) {
                out.push(cell);
            }
        }
        (!out.is_empty()).then_some(out)
    }

    fn names(&self, cells: &[usize]) -> Vec<String> {
        cells.iter().map(|&c| cells::key(c, self.n)).collect()
    }

    fn describe(&self, kind: &str, item: &Value, cells: &[usize]) -> Drawn {
        let mut description = kind.to_string();
        match cells {
            [] => {}
            [one] => description += &format!(" at {}", cells::name(*one, self.n)),
            [first, .., last] => {
                description += &format!(
                    " over {} cells, {} to {}",
                    cells.len(),
                    cells::name(*first, self.n),
                    cells::name(*last, self.n)
                )
            }
        }
        for key in ["color", "borderColor", "backgroundColor"] {
            if let Some(c) = item[key].as_str() {
                description += &format!(", {key} {c}");
                break;
            }
        }
        if let Some(t) = item.get("text").filter(|t| !t.is_null()) {
            description += &format!(", \"{}\"", cells::shorten(&text(t)));
        }
        Drawn {
            kind: kind.to_string(),
            cells: cells.to_vec(),
            description,
        }
    }

    fn take(&mut self, list: &'static str, index: usize) {
        self.used.insert((list, index));
    }

    fn add(&mut self, key: &'static str, entry: Value, from: Vec<Drawn>) {
        if !self.found.iter().any(|(k, e, _)| *k == key && *e == entry) {
            self.found.push((key, entry, from));
        }
    }

    /// The overlays (or underlays) whose centre is a cell's middle and which pass `test`.
    fn shapes_at(
        &self,
        list: &'static str,
        cell: usize,
        test: impl Fn(&Value) -> bool,
    ) -> Vec<usize> {
        self.list(list)
            .iter()
            .enumerate()
            .filter(|(_, item)| {
                point(&item["center"])
                    .is_some_and(|p| half(p.0) && half(p.1) && self.cell(p) == Some(cell))
                    && test(item)
            })
            .map(|(i, _)| i)
            .collect()
    }
}

/// SudokuPad's JSON (unzipped) into a puzzle.
pub(crate) fn read(value: &Value) -> Result<Imported, LinkError> {
    let Value::Object(object) = value else {
        return Err(invalid("the SudokuPad data is not a JSON object"));
    };
    let rows = object
        .get("cells")
        .and_then(Value::as_array)
        .ok_or_else(|| invalid("the SudokuPad puzzle has no cells"))?;
    let n = rows.len();
    if !SIZES.contains(&n) {
        return Err(invalid(format!(
            "size {n} is out of range ({} to {})",
            SIZES.start(),
            SIZES.end()
        )));
    }
    let mut grid: Vec<Vec<Map<String, Value>>> = vec![vec![Map::new(); n]; n];
    for (r, row) in rows.iter().enumerate() {
        let row = row.as_array().filter(|row| row.len() == n).ok_or_else(|| {
            invalid(format!(
                "row {} of the SudokuPad grid does not have {n} cells",
                r + 1
            ))
        })?;
        for (c, cell) in row.iter().enumerate() {
            if let Some(v) = cell.get("value").filter(|v| !v.is_null()) {
                if !matches!(v, Value::String(s) if s.is_empty()) {
                    grid[r][c].insert("value".into(), v.clone());
                    grid[r][c].insert("given".into(), Value::Bool(true));
                }
            }
        }
    }
    // Regions by their order; a cell in none is in no region.
    if let Some(regions) = object.get("regions").and_then(Value::as_array) {
        if regions.len() > n {
            return Err(invalid(format!(
                "the SudokuPad puzzle has {} regions; a {n}x{n} grid has {n}",
                regions.len()
            )));
        }
        for row in grid.iter_mut() {
            for cell in row.iter_mut() {
                cell.insert("region".into(), Value::Null);
            }
        }
        for (index, region) in regions.iter().enumerate() {
            for cell in region.as_array().into_iter().flatten() {
                let at = point(cell)
                    .filter(|&(r, c)| r >= 0.0 && c >= 0.0 && (r as usize) < n && (c as usize) < n);
                let (r, c) = at.ok_or_else(|| {
                    invalid(format!(
                        "region {}: cell {} is off the {n}x{n} grid",
                        index + 1,
                        cells::shorten(&cell.to_string())
                    ))
                })?;
                grid[r as usize][c as usize].insert("region".into(), json!(index));
            }
        }
    }
    let mut out = Map::new();
    out.insert("size".into(), json!(n));
    out.insert("grid".into(), json!(grid));
    let mut reader = Reader {
        n,
        object,
        found: Vec::new(),
        drawn: Vec::new(),
        used: Default::default(),
        choices: Vec::new(),
    };
    metadata(&mut reader, &mut out)?;
    cages(&mut reader, &mut out)?;
    globals(object, &mut out);
    lines(&mut reader);
    arrows(&mut reader);
    marks(&mut reader);
    outside(&mut reader);
    cell_shapes(&mut reader);
    leftovers(&mut reader);
    check_and_place(&mut reader, &mut out)?;
    let drawn = std::mem::take(&mut reader.drawn);
    import::build(&out, drawn)
}

/// Title, author, rules and solution: cages with no cells whose text is `key: value`, or
/// the `metadata` object.
fn metadata(reader: &mut Reader, out: &mut Map<String, Value>) -> Result<(), LinkError> {
    let mut put = |key: &str, value: &Value| {
        let key = match key.to_ascii_lowercase().as_str() {
            "title" => "title",
            "author" => "author",
            "rules" => "ruleset",
            "solution" => "solution",
            _ => return,
        };
        if !out.contains_key(key) {
            out.insert(key.into(), Value::String(text(value)));
        }
    };
    if let Some(Value::Object(meta)) = reader.object.get("metadata") {
        for (k, v) in meta {
            put(k, v);
        }
    }
    for (i, cage) in reader.list("cages").iter().enumerate() {
        let no_cells = cage["cells"].as_array().is_none_or(|c| c.is_empty());
        if let (true, Some(Value::String(v))) = (no_cells, cage.get("value")) {
            if let Some((k, rest)) = v.split_once(':') {
                if !k.contains(' ') && !k.is_empty() {
                    put(k, &Value::String(rest.trim().to_string()));
                }
            }
            reader.take("cages", i);
        }
    }
    Ok(())
}

fn cage_cells(reader: &Reader, cage: &Value, index: usize) -> Result<Vec<usize>, LinkError> {
    let n = reader.n;
    cage["cells"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|c| {
            point(c).and_then(|p| reader.cell(p)).ok_or_else(|| {
                invalid(format!(
                    "cage {}: cell {} is off the {n}x{n} grid",
                    index + 1,
                    cells::shorten(&c.to_string())
                ))
            })
        })
        .collect()
}

/// Killer cages, extra regions and disjoint groups, which SudokuPad itself checks; and the
/// indexer cages f-puzzles' exports draw.
fn cages(reader: &mut Reader, out: &mut Map<String, Value>) -> Result<(), LinkError> {
    let mut killers = Vec::new();
    let mut extra = Vec::new();
    for (i, cage) in reader.list("cages").iter().enumerate() {
        if reader.used.contains(&("cages", i)) {
            continue;
        }
        let cells = cage_cells(reader, cage, i)?;
        let style = cage["style"].as_str().unwrap_or("").to_ascii_lowercase();
        let unique = cage["unique"].as_bool() == Some(true);
        let names = reader.names(&cells);
        if cage["type"].as_str() == Some("disjoint") {
            out.insert("disjointgroups".into(), Value::Bool(true));
        } else if style == "extraregion" {
            extra.push(json!({ "cells": names }));
        } else if let Some(key) = indexer(&style, &colour(cage, "outlineC")) {
            reader.add(
                key,
                json!({ "cells": names }),
                vec![reader.describe("cage", cage, &cells)],
            );
        } else if unique && cage["hidden"].as_bool() != Some(true) {
            let sum = cage
                .get("sum")
                .filter(|s| !s.is_null())
                .map(|s| Value::String(text(s)));
            match sum {
                Some(sum) => killers.push(json!({ "cells": names, "value": sum })),
                None => killers.push(json!({ "cells": names })),
            }
        } else if cage["hidden"].as_bool() == Some(true) {
        } else {
            let d = reader.describe("cage", cage, &cells);
            reader.drawn.push(d);
        }
        reader.take("cages", i);
    }
    out.insert("killercage".into(), Value::Array(killers));
    out.insert("extraregion".into(), Value::Array(extra));
    Ok(())
}

fn indexer(style: &str, outline: &str) -> Option<&'static str> {
    match (style, outline) {
        ("fprowindexer", _) | (_, "#7CC77C") => Some("rowindexer"),
        ("fpcolumnindexer", _) | (_, "#C77C7C") => Some("columnindexer"),
        ("fpboxindexer", _) | (_, "#7C7CC7") => Some("boxindexer"),
        _ => None,
    }
}

/// `global` entries (and flags in `metadata`): chess moves, non-consecutive, disjoint
/// groups and the negative dot and letter rules.
fn globals(object: &Map<String, Value>, out: &mut Map<String, Value>) {
    let mut flags: Vec<String> = object
        .get("global")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .filter_map(|v| v.as_str().map(str::to_ascii_lowercase))
        .collect();
    if let Some(Value::Object(meta)) = object.get("metadata") {
        flags.extend(
            meta.iter()
                .filter(|(_, v)| v.as_bool() == Some(true))
                .map(|(k, _)| k.to_ascii_lowercase()),
        );
    }
    let mut negative = Vec::new();
    for flag in flags {
        match flag.as_str() {
            "antiknight" | "antiking" | "nonconsecutive" => {
                out.insert(flag.clone(), Value::Bool(true));
            }
            "disjoint" | "disjointgroups" => {
                out.insert("disjointgroups".into(), Value::Bool(true));
            }
            other => {
                if let Some(rest) = other.strip_prefix("anti") {
                    if !negative.contains(&rest.to_string()) {
                        negative.push(rest.to_string());
                    }
                }
            }
        }
    }
    if !negative.is_empty() {
        out.insert("negative".into(), json!(negative));
    }
}

/// Lines by colour and thickness: SudokuPad's grey thermometers, palindromes and between
/// lines, the blue diagonals, and the colours Rangsk's exports give the other lines.
fn lines(reader: &mut Reader) {
    let n = reader.n;
    for (i, line) in reader.list("lines").iter().enumerate() {
        let hue = colour(line, "color");
        let thickness = line["thickness"].as_f64().unwrap_or(0.0);
        let points = points(line, "wayPoints");
        if hue == "#34BBE6" && points.len() == 2 && near(thickness, 2.0) {
            let nf = n as f64;
            let corner = |p: Point, y: f64, x: f64| near(p.0, y) && near(p.1, x);
            let (a, b) = (points[0], points[1]);
            let key = if (corner(a, 0.0, 0.0) && corner(b, nf, nf))
                || (corner(b, 0.0, 0.0) && corner(a, nf, nf))
            {
                Some("diagonal-")
            } else if (corner(a, 0.0, nf) && corner(b, nf, 0.0))
                || (corner(b, 0.0, nf) && corner(a, nf, 0.0))
            {
                Some("diagonal+")
            } else {
                None
            };
            if let Some(key) = key {
                reader.add(
                    key,
                    Value::Bool(true),
                    vec![reader.describe("line", line, &[])],
                );
                reader.take("lines", i);
            }
            continue;
        }
        // Points pass through cells' middles; the ends may stop short, at a circle's edge.
        let inner = points.get(1..points.len().saturating_sub(1)).unwrap_or(&[]);
        if !inner.iter().all(|p| half(p.0) && half(p.1)) {
            continue;
        }
        let Some(mut cells) = reader.line_cells(&points) else {
            continue;
        };
        let from = reader.describe("line", line, &cells);
        let whispers =
            |gap: usize| json!({ "lines": [reader.names(&cells)], "value": gap.to_string() });
        let (key, mut entry): (&'static str, Value) = match hue.as_str() {
            "#CFCFCF" if near(thickness, 21.0) => {
                let bulb = |c: usize| !reader.shapes_at("underlays", c, is_bulb).is_empty();
                if !bulb(cells[0]) && bulb(cells[cells.len() - 1]) {
                    cells.reverse();
                }
                if !bulb(cells[0]) {
                    continue;
                }
                for u in reader.shapes_at("underlays", cells[0], is_bulb) {
                    reader.take("underlays", u);
                }
                ("thermometer", Value::Null)
            }
            "#CFCFCF" if near(thickness, 16.0) => ("palindrome", Value::Null),
            "#CFCFCF" if near(thickness, 2.0) && cells.len() >= 2 => {
                let ends = [cells[0], cells[cells.len() - 1]];
                let circles: Vec<Vec<usize>> = ends
                    .iter()
                    .map(|&c| {
                        reader.shapes_at("overlays", c, |o| {
                            colour(o, "borderColor") == "#CFCFCF" && o["rounded"] == true
                        })
                    })
                    .collect();
                if circles.iter().any(Vec::is_empty) {
                    continue;
                }
                for o in circles.into_iter().flatten() {
                    reader.take("overlays", o);
                }
                ("betweenline", Value::Null)
            }
            "#F067F0" => ("renban", Value::Null),
            "#67F067" => ("whispers", whispers(n.div_ceil(2))),
            "#FF9A00" => ("whispers", whispers(n.div_ceil(2) - 1)),
            "#FFCCAA" => ("entropicline", Value::Null),
            "#33BBBB" => ("modularline", Value::Null),
            "#2ECBFF" => ("regionsumline", Value::Null),
            "#C9C883" => ("nabner", Value::Null),
            "#CDB1EC" => ("zipperline", Value::Null),
            "#6495ED" => ("slowthermometer", Value::Null),
            "#C54B8B" => {
                for end in [cells[0], cells[cells.len() - 1]] {
                    for o in
                        reader.shapes_at("overlays", end, |o| colour(o, "borderColor") == "#C54B8B")
                    {
                        reader.take("overlays", o);
                    }
                }
                ("doublearrow", Value::Null)
            }
            "#AABEEF" => {
                let diamond = |o: &Value| {
                    colour(o, "borderColor") == "#0000FF"
                        && o["angle"].as_f64().is_some_and(|a| near(a, 45.0))
                };
                let ends = [cells[0], cells[cells.len() - 1]];
                if ends
                    .iter()
                    .any(|&c| reader.shapes_at("overlays", c, diamond).is_empty())
                {
                    continue;
                }
                for end in ends {
                    for o in reader.shapes_at("overlays", end, diamond) {
                        reader.take("overlays", o);
                    }
                }
                ("lockout", Value::Null)
            }
            _ => continue,
        };
        if rules::SYMMETRIC.contains(&key) && cells[0] > cells[cells.len() - 1] {
            cells.reverse();
            if let Some(line) = entry.get_mut("lines") {
                *line = json!([reader.names(&cells)]);
            }
        }
        if entry.is_null() {
            entry = json!({ "lines": [reader.names(&cells)] });
        }
        reader.add(key, entry, vec![from]);
        reader.take("lines", i);
    }
}

fn is_bulb(u: &Value) -> bool {
    colour(u, "backgroundColor") == "#CFCFCF" && u["rounded"] == true && {
        let (w, h) = size(u);
        near(w, 0.85) && near(h, 0.85)
    }
}

/// Arrows with a grey circle at their start (which SudokuPad draws 0.4 of a cell towards
/// the shaft), or a straight pill (one long rounded overlay over its cells, read as a
/// number in reading order); and the little killers' small black arrows beside their sums.
fn arrows(reader: &mut Reader) {
    let n = reader.n;
    // Each grey circle or pill and the cells it covers.
    let mut circles: Vec<(usize, Vec<usize>)> = Vec::new();
    for (i, o) in reader.list("overlays").iter().enumerate() {
        let Some((y, x)) = point(&o["center"]) else {
            continue;
        };
        if !(colour_is(o, "borderColor", "#A1A1A1") && o["rounded"] == true) {
            continue;
        }
        let (w, h) = size(o);
        let (dy, dx) = ((h - 0.83) / 2.0, (w - 0.83) / 2.0);
        if dy < -0.01 || dx < -0.01 || dy > n as f64 || dx > n as f64 {
            continue;
        }
        let (r0, r1) = ((y - dy).floor(), (y + dy).floor());
        let (c0, c1) = ((x - dx).floor(), (x + dx).floor());
        let centred = half(y - dy) && half(x - dx);
        if !centred || r0 < 0.0 || c0 < 0.0 || r1 >= n as f64 || c1 >= n as f64 {
            continue;
        }
        let cells: Vec<usize> = (r0 as usize..=r1 as usize)
            .flat_map(|r| (c0 as usize..=c1 as usize).map(move |c| r * n + c))
            .collect();
        circles.push((i, cells));
    }
    for (i, arrow) in reader.list("arrows").iter().enumerate() {
        let points = points(arrow, "wayPoints");
        if colour(arrow, "color") != "#A1A1A1" || points.len() < 2 {
            continue;
        }
        let Some(cells) = reader.line_cells(&points) else {
            continue;
        };
        let Some((o, circle)) = circles.iter().find(|(_, c)| c.contains(&cells[0])) else {
            continue;
        };
        if cells.iter().all(|c| circle.contains(c)) {
            continue;
        }
        let o = *o;
        let names = reader.names(&cells);
        let from = reader.describe("arrow", arrow, &cells);
        let entry = json!({ "cells": reader.names(circle), "lines": [names] });
        reader.take("overlays", o);
        reader.add("arrow", entry, vec![from]);
        reader.take("arrows", i);
    }
}

fn colour_is(item: &Value, key: &str, want: &str) -> bool {
    colour(item, key) == want
}

/// Marks between two cells: Kropki dots (with their values) and X or V.
fn marks(reader: &mut Reader) {
    let n = reader.n;
    for (i, o) in reader.list("overlays").iter().enumerate() {
        if reader.used.contains(&("overlays", i)) {
            continue;
        }
        let Some((y, x)) = point(&o["center"]) else {
            continue;
        };
        // The two cells either side of an edge's middle.
        let pair = if whole(y) && half(x) && y >= 1.0 && x >= 0.0 {
            let (r, c) = (y.round() as usize, x as usize);
            (r < n && c < n).then(|| ((r - 1) * n + c, r * n + c))
        } else if half(y) && whole(x) && x >= 1.0 && y >= 0.0 {
            let (r, c) = (y as usize, x.round() as usize);
            (r < n && c < n).then(|| (r * n + c - 1, r * n + c))
        } else {
            None
        };
        let Some((a, b)) = pair else {
            continue;
        };
        let (w, h) = size(o);
        let label = o.get("text").map(text).unwrap_or_default();
        let names = reader.names(&[a, b]);
        let from = reader.describe("overlay", o, &[a, b]);
        let background = colour(o, "backgroundColor");
        if o["rounded"] == true
            && near(w, 0.3)
            && near(h, 0.3)
            && (background == "#000000" || background == "#FFFFFF")
        {
            let key = if background == "#000000" {
                "ratio"
            } else {
                "difference"
            };
            let mut entry = json!({ "cells": names });
            if !label.trim().is_empty() {
                entry["value"] = Value::String(label.trim().to_string());
            }
            reader.add(key, entry, vec![from]);
            reader.take("overlays", i);
        } else if ["X", "V"].contains(&label.trim().to_ascii_uppercase().as_str()) && near(w, 0.25)
        {
            reader.add(
                "xv",
                json!({ "cells": names, "value": label.trim().to_ascii_uppercase() }),
                vec![from],
            );
            reader.take("overlays", i);
        }
    }
    // Quadruples: a circle with digits on the corner of four cells.
    for (i, o) in reader.list("overlays").iter().enumerate() {
        if reader.used.contains(&("overlays", i)) {
            continue;
        }
        let Some((y, x)) = point(&o["center"]) else {
            continue;
        };
        let (w, _) = size(o);
        let label = o.get("text").map(text).unwrap_or_default();
        let digits: Vec<i64> = label
            .split(|c: char| !c.is_ascii_digit())
            .filter_map(|s| s.parse().ok())
            .collect();
        let inside = |v: f64| v >= 1.0 && v <= (n - 1) as f64;
        if !(whole(y) && whole(x) && inside(y) && inside(x) && near(w, 0.7) && o["rounded"] == true)
            || digits.is_empty()
        {
            continue;
        }
        let (r, c) = (y.round() as usize, x.round() as usize);
        let cells = [
            (r - 1) * n + c - 1,
            (r - 1) * n + c,
            r * n + c - 1,
            r * n + c,
        ];
        let from = reader.describe("overlay", o, &cells);
        reader.add(
            "quadruple",
            json!({ "cells": reader.names(&cells), "values": digits }),
            vec![from],
        );
        reader.take("overlays", i);
    }
}

/// Clues outside the grid: sandwich sums, little killers (a sum and a small arrow),
/// X-sums (a circle and a number) and skyscrapers (a box and a number).
fn outside(reader: &mut Reader) {
    let n = reader.n as i64;
    let overlays = reader.list("overlays");
    // The f-puzzles name of an outside clue's cell.
    let outside_cell = |o: &Value| -> Option<(i64, i64)> {
        let (y, x) = point(&o["center"])?;
        if !(half(y) && half(x)) {
            return None;
        }
        let (r, c) = (y.floor() as i64 + 1, x.floor() as i64 + 1);
        let inside = |v: i64| (1..=n).contains(&v);
        let beside = (inside(r) && (c == 0 || c == n + 1)) || (inside(c) && (r == 0 || r == n + 1));
        let corner = (r == 0 || r == n + 1) && (c == 0 || c == n + 1);
        (beside || corner).then_some((r, c))
    };
    let mut shapes: Vec<(usize, (i64, i64), String)> = Vec::new();
    for (i, o) in overlays.iter().enumerate() {
        if reader.used.contains(&("overlays", i)) {
            continue;
        }
        if let (Some(at), Some(t)) = (outside_cell(o), o.get("text")) {
            shapes.push((i, at, text(t).trim().to_string()));
        }
    }
    for &(i, at, ref label) in &shapes {
        let o = &overlays[i];
        let Ok(value) = label.parse::<i64>() else {
            continue;
        };
        let font = o["fontSize"].as_f64().unwrap_or(0.0);
        let cell = cells::key_at(at.0 as usize, at.1 as usize);
        let marker = shapes
            .iter()
            .find(|(_, other, l)| *other == at && (l == "\u{25ef}" || l == "\u{25af}"));
        let from = vec![reader.describe("overlay", o, &[])];
        if let Some(&(j, _, ref symbol)) = marker {
            let key = if symbol == "\u{25ef}" {
                "xsum"
            } else {
                "skyscraper"
            };
            reader.add(
                key,
                json!({ "cell": cell, "value": value.to_string() }),
                from,
            );
            reader.take("overlays", i);
            reader.take("overlays", j);
        } else if near(font, 32.0) {
            reader.add(
                "sandwichsum",
                json!({ "cell": cell, "value": value.to_string() }),
                from,
            );
            reader.take("overlays", i);
        } else if let Some((a, direction)) = little_arrow(reader, at) {
            reader.add(
                "littlekillersum",
                json!({ "cell": cell, "direction": direction, "value": value.to_string() }),
                from,
            );
            reader.take("overlays", i);
            reader.take("arrows", a);
        }
    }
}

/// A small arrow leaving an outside cell diagonally: its index and direction.
fn little_arrow(reader: &Reader, (r, c): (i64, i64)) -> Option<(usize, &'static str)> {
    reader.list("arrows").iter().enumerate().find_map(|(i, a)| {
        if reader.used.contains(&("arrows", i)) {
            return None;
        }
        let p = points(a, "wayPoints");
        let (&first, &last) = (p.first()?, p.last()?);
        // The arrow starts in the clue's cell.
        let (y, x) = (first.0.floor() as i64 + 1, first.1.floor() as i64 + 1);
        if (y, x) != (r, c) {
            return None;
        }
        let (dy, dx) = (last.0 - first.0, last.1 - first.1);
        Some((
            i,
            match (dy > 0.0, dx > 0.0) {
                (true, true) => "DR",
                (true, false) => "DL",
                (false, true) => "UR",
                (false, false) => "UL",
            },
        ))
        .filter(|_| dy.abs() > 0.001 && dx.abs() > 0.001)
    })
}

/// Grey circles and squares in cells: odd and even; whole grey cells: clones; minimum
/// and maximum cells, shaded with chevrons on their edges.
fn cell_shapes(reader: &mut Reader) {
    let n = reader.n;
    let underlays = reader.list("underlays");
    let mut clone_cells = Vec::new();
    let mut extremes = Vec::new();
    for (i, u) in underlays.iter().enumerate() {
        if reader.used.contains(&("underlays", i)) {
            continue;
        }
        let Some(p) = point(&u["center"]).filter(|p| half(p.0) && half(p.1)) else {
            continue;
        };
        let Some(cell) = reader.cell(p) else {
            continue;
        };
        let (w, h) = size(u);
        let grey = colour(u, "backgroundColor") == "#CFCFCF";
        let names = reader.names(&[cell]);
        let from = vec![reader.describe("underlay", u, &[cell])];
        if grey && near(w, 0.7) && near(h, 0.7) {
            let key = if u["rounded"] == true { "odd" } else { "even" };
            reader.add(key, json!({ "cell": names[0] }), from);
            reader.take("underlays", i);
        } else if grey
            && colour(u, "borderColor") == "#CFCFCF"
            && near(w, 1.0)
            && near(h, 1.0)
            && u["rounded"] != true
        {
            clone_cells.push((i, cell));
        } else if colour(u, "backgroundColor") == "#CCC" && near(w, 1.0) {
            extremes.push((i, cell));
        }
    }
    // Chevrons: three points, the middle one nearest the edge; pointing out of the cell
    // for a maximum, into it for a minimum.
    let lines = reader.list("lines");
    let mut kinds: Vec<(usize, usize, Option<bool>)> = Vec::new();
    for (i, cell) in extremes {
        let centre = ((cell / n) as f64 + 0.5, (cell % n) as f64 + 0.5);
        let distance = |p: Point| (p.0 - centre.0).abs().max((p.1 - centre.1).abs());
        let mut votes = (0, 0);
        let mut chevrons = Vec::new();
        for (j, l) in lines.iter().enumerate() {
            let p = points(l, "wayPoints");
            if p.len() != 3
                || colour(l, "color") != "#000000"
                || reader.used.contains(&("lines", j))
            {
                continue;
            }
            if reader.cell(p[1]) != Some(cell) {
                continue;
            }
            chevrons.push(j);
            if distance(p[1]) > distance(p[0]) {
                votes.0 += 1;
            } else {
                votes.1 += 1;
            }
        }
        if votes.0 > 0 && votes.1 > 0 {
            continue;
        }
        let kind = (votes.0 + votes.1 > 0).then_some(votes.0 > 0);
        kinds.push((i, cell, kind));
        for j in chevrons {
            reader.take("lines", j);
        }
    }
    // A shaded cell with no chevron has marked cells all round: it takes their kind.
    loop {
        let mut changed = false;
        for k in 0..kinds.len() {
            if kinds[k].2.is_some() {
                continue;
            }
            let around = cells::neighbours(kinds[k].1, n);
            let known = kinds
                .iter()
                .find(|o| o.2.is_some() && around.contains(&o.1))
                .and_then(|o| o.2);
            if known.is_some() {
                kinds[k].2 = known;
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    for (i, cell, kind) in kinds {
        let Some(maximum) = kind else {
            continue;
        };
        let key = if maximum { "maximum" } else { "minimum" };
        let from = vec![reader.describe("underlay", &underlays[i], &[cell])];
        reader.add(key, json!({ "cell": reader.names(&[cell])[0] }), from);
        reader.take("underlays", i);
    }
    clones(reader, clone_cells);
}

/// Grey areas of the same shape are clones of each other, cell for cell in reading order.
/// Two clones that overlap shade the cells they share twice: an area shaded unevenly is
/// one shape twice, the second moved onto the first (`splits`); where it splits more than
/// one way, each way is a reading for `check_and_place` to choose from.
fn clones(reader: &mut Reader, cells: Vec<(usize, usize)>) {
    let n = reader.n;
    let mut times = vec![0; n * n];
    for &(_, c) in &cells {
        times[c] += 1;
    }
    let set: Vec<usize> = (0..n * n).filter(|&c| times[c] > 0).collect();
    // Areas: orthogonally connected grey cells.
    let mut seen = vec![false; set.len()];
    let mut areas: Vec<Vec<usize>> = Vec::new();
    for start in 0..set.len() {
        if seen[start] {
            continue;
        }
        seen[start] = true;
        let mut area = vec![set[start]];
        let mut k = 0;
        while k < area.len() {
            for next in cells::neighbours(area[k], n) {
                if let Some(j) = set.iter().position(|&c| c == next) {
                    if !seen[j] {
                        seen[j] = true;
                        area.push(next);
                    }
                }
            }
            k += 1;
        }
        area.sort_unstable();
        areas.push(area);
    }
    let uneven = |area: &[usize]| area.iter().any(|&c| times[c] != times[area[0]]);
    let take = |reader: &mut Reader, area: &[usize]| {
        for (i, c) in &cells {
            if area.contains(c) {
                reader.take("underlays", *i);
            }
        }
    };
    let describe = |reader: &Reader, area: &[usize]| -> Vec<Drawn> {
        area.iter()
            .map(|&c| reader.describe("underlay", &Value::Null, &[c]))
            .collect()
    };
    let entry = |reader: &Reader, (a, b): &(Vec<usize>, Vec<usize>)| json!({ "cells": reader.names(a), "cloneCells": reader.names(b) });
    for area in areas.iter().filter(|a| uneven(a)) {
        let ways = splits(area, &times, n);
        match ways.as_slice() {
            [] => continue,
            [one] => {
                let from = describe(reader, area);
                reader.add("clone", entry(reader, one), from);
            }
            _ => {
                let readings = ways
                    .iter()
                    .map(|way| vec![("clone", entry(reader, way))])
                    .collect();
                let from = describe(reader, area);
                reader.choices.push(Choice { readings, from });
            }
        }
        take(reader, area);
    }
    areas.retain(|a| !uneven(a));
    let shape = |area: &[usize]| -> Vec<(i64, i64)> {
        let (r0, c0) = area.iter().fold((usize::MAX, usize::MAX), |(r, c), &x| {
            (r.min(x / n), c.min(x % n))
        });
        area.iter()
            .map(|&x| ((x / n - r0) as i64, (x % n - c0) as i64))
            .collect()
    };
    let mut done = vec![false; areas.len()];
    for a in 0..areas.len() {
        if done[a] {
            continue;
        }
        let same: Vec<usize> = (a + 1..areas.len())
            .filter(|&b| !done[b] && shape(&areas[b]) == shape(&areas[a]))
            .collect();
        if same.is_empty() {
            continue;
        }
        done[a] = true;
        take(reader, &areas[a]);
        for b in same {
            done[b] = true;
            let from = describe(reader, &areas[b]);
            let pair = (areas[a].clone(), areas[b].clone());
            reader.add("clone", entry(reader, &pair), from);
            take(reader, &areas[b]);
        }
    }
}

/// The ways an area whose cells are shaded `times` over is one shape shaded twice, the
/// second copy the first moved by a step: each way the two copies, cell for cell in
/// reading order.
fn splits(area: &[usize], times: &[usize], n: usize) -> Vec<(Vec<usize>, Vec<usize>)> {
    let at = |c: usize| ((c / n) as i64, (c % n) as i64);
    let cell = |(r, c): (i64, i64)| {
        (r >= 0 && c >= 0 && r < n as i64 && c < n as i64).then(|| r as usize * n + c as usize)
    };
    let mut steps: Vec<(i64, i64)> = Vec::new();
    for &a in area {
        for &b in area {
            let step = (at(b).0 - at(a).0, at(b).1 - at(a).1);
            // Steps forward in reading order, so a cell's copy comes after it.
            if (step.0 > 0 || (step.0 == 0 && step.1 > 0)) && !steps.contains(&step) {
                steps.push(step);
            }
        }
    }
    let mut out = Vec::new();
    'steps: for (dr, dc) in steps {
        let mut first: Vec<usize> = Vec::new();
        for &c in area {
            let (r, col) = at(c);
            let copied = cell((r - dr, col - dc)).is_some_and(|o| first.contains(&o));
            match times[c].checked_sub(usize::from(copied)) {
                Some(0) => {}
                Some(1) => first.push(c),
                _ => continue 'steps,
            }
        }
        let second: Option<Vec<usize>> = first
            .iter()
            .map(|&c| cell((at(c).0 + dr, at(c).1 + dc)).filter(|m| area.contains(m)))
            .collect();
        if let Some(second) = second {
            out.push((first, second));
        }
    }
    out
}

/// Every drawing no reading used is drawn, not checked.
fn leftovers(reader: &mut Reader) {
    for (list, kind) in [
        ("lines", "line"),
        ("arrows", "arrow"),
        ("overlays", "overlay"),
        ("underlays", "underlay"),
    ] {
        for (i, item) in reader.list(list).iter().enumerate() {
            if reader.used.contains(&(list, i)) {
                continue;
            }
            let at: Vec<Point> = point(&item["center"])
                .into_iter()
                .chain(points(item, "wayPoints"))
                .collect();
            let mut cells: Vec<usize> = at.iter().filter_map(|&p| reader.cell(p)).collect();
            cells.dedup();
            let d = reader.describe(kind, item, &cells);
            reader.drawn.push(d);
        }
    }
}

/// The branch nodes a search may spend to tell the readings of a drawing apart, so that
/// reading a link (on the page's thread) cannot run long; a search that runs out keeps no
/// reading.
const SETTLE_NODES: u64 = 50_000;

/// Checks each reading against the solution and puts those it keeps (all of them, where
/// the puzzle carries none) under their f-puzzles keys. Then come the readings the
/// solution breaks, kept if the puzzle stays solvable with them, and the drawings that
/// read more than one way (`settle`); a drawing none of whose readings is kept is drawn,
/// not checked, so no verdict rests on a guess about a drawing.
fn check_and_place(reader: &mut Reader, out: &mut Map<String, Value>) -> Result<(), LinkError> {
    let n = reader.n;
    let found = std::mem::take(&mut reader.found);
    for (key, value, _) in &found {
        if value.is_boolean() {
            out.insert((*key).into(), value.clone());
        }
    }
    let mut keys: Vec<&'static str> = Vec::new();
    for (key, value, _) in &found {
        if !value.is_boolean() && !keys.contains(key) {
            keys.push(key);
        }
    }
    let solution = document::solution(
        out.get("solution"),
        sudoku_engine::Shape::with_side(n).expect("a size in range"),
    );
    let mut doubtful = Vec::new();
    for key in keys {
        let mine: Vec<&(&'static str, Value, Vec<Drawn>)> =
            found.iter().filter(|f| f.0 == key).collect();
        let list: Vec<Value> = mine.iter().map(|f| f.1.clone()).collect();
        let keep = match &solution {
            Some(solution) => kept_by(out, key, &list, solution)?,
            None => vec![true; list.len()],
        };
        let mut kept = Vec::new();
        for ((_, entry, from), keep) in mine.into_iter().zip(keep) {
            if keep {
                kept.push(entry.clone());
            } else {
                doubtful.push(Choice {
                    readings: vec![vec![(key, entry.clone())]],
                    from: from.clone(),
                });
            }
        }
        place(out, key, kept);
    }
    // The readings the solution breaks are tried together first: one search where they
    // all leave the puzzle solvable, as a suspect solution's do.
    let together = Choice {
        readings: vec![doubtful
            .iter()
            .flat_map(|c| c.readings[0].clone())
            .collect()],
        from: Vec::new(),
    };
    if doubtful.len() > 1 && settle(out, &together, None)? == Some(0) {
        for (key, entry) in &together.readings[0] {
            place(out, key, vec![entry.clone()]);
        }
        doubtful.clear();
    }
    doubtful.append(&mut reader.choices);
    for choice in doubtful {
        match settle(out, &choice, solution.as_ref())? {
            Some(reading) => {
                for (key, entry) in &choice.readings[reading] {
                    place(out, key, vec![entry.clone()]);
                }
            }
            None => {
                let keys: Vec<&str> = choice.readings.iter().flatten().map(|r| r.0).collect();
                let note = match choice.readings.as_slice() {
                    [_] => format!(
                        " (looks like {}, but the solution breaks that reading)",
                        keys.join(" and ")
                    ),
                    _ => format!(
                        " (reads as {} {} ways, which give other verdicts)",
                        keys[0],
                        choice.readings.len()
                    ),
                };
                for mut d in choice.from {
                    d.description += &note;
                    reader.drawn.push(d);
                }
            }
        }
    }
    Ok(())
}

/// Adds entries to a key's list.
fn place(out: &mut Map<String, Value>, key: &str, entries: Vec<Value>) {
    match out.get_mut(key) {
        Some(Value::Array(existing)) => existing.extend(entries),
        _ => {
            out.insert(key.into(), Value::Array(entries));
        }
    }
}

/// Whether the solution keeps each of `list`'s entries, read after the entries of the key
/// the document already has.
fn kept_by(
    out: &Map<String, Value>,
    key: &str,
    list: &[Value],
    solution: &sudoku_engine::Grid,
) -> Result<Vec<bool>, LinkError> {
    let n = solution.shape().n();
    let before = match out.get(key) {
        Some(Value::Array(existing)) => existing.clone(),
        _ => Vec::new(),
    };
    let mut object = out.clone();
    let all: Vec<Value> = before.iter().chain(list).cloned().collect();
    object.insert(key.into(), Value::Array(all));
    let entries = document::entries(&object, key)?;
    let ctx = rules::Context {
        n,
        region_of: region_of(out, n),
    };
    let mut keep = vec![true; list.len()];
    for (index, rule) in rules::read(&ctx, key, &entries)? {
        let values: Vec<u8> = rule.cells().iter().map(|&c| solution.get(c)).collect();
        if index >= before.len() && !rule.holds(&values, n) {
            keep[index - before.len()] = false;
        }
    }
    Ok(keep)
}

/// Which reading of a drawing to keep: the one the solution keeps; else, of those that
/// leave the puzzle solvable, the first, if all of those give one verdict; else none.
fn settle(
    out: &Map<String, Value>,
    choice: &Choice,
    solution: Option<&sudoku_engine::Grid>,
) -> Result<Option<usize>, LinkError> {
    let with = |reading: &[(&'static str, Value)]| {
        let mut object = out.clone();
        for (key, entry) in reading {
            place(&mut object, key, vec![entry.clone()]);
        }
        object
    };
    let mut candidates: Vec<usize> = Vec::new();
    if let Some(solution) = solution {
        for (i, reading) in choice.readings.iter().enumerate() {
            let mut keeps = true;
            for (key, entry) in reading {
                keeps &= kept_by(out, key, std::slice::from_ref(entry), solution)? == [true];
            }
            if keeps {
                candidates.push(i);
            }
        }
        if let [one] = candidates.as_slice() {
            return Ok(Some(*one));
        }
    }
    if candidates.is_empty() {
        candidates = (0..choice.readings.len()).collect();
    }
    let mut chosen: Option<(usize, Option<sudoku_engine::Grid>)> = None;
    for i in candidates {
        let Ok(imported) = import::build(&with(&choice.readings[i]), Vec::new()) else {
            continue;
        };
        let verdict = solve(&imported.puzzle, &mut Budget::nodes(SETTLE_NODES)).verdict;
        let unique = match verdict {
            Verdict::Unique(grid) => Some(grid),
            Verdict::Multiple(..) => None,
            Verdict::GaveUp => return Ok(None),
            _ => continue,
        };
        match &chosen {
            None => chosen = Some((i, unique)),
            Some((_, other)) if *other == unique => {}
            Some(_) => return Ok(None),
        }
    }
    Ok(chosen.map(|c| c.0))
}

fn region_of(out: &Map<String, Value>, n: usize) -> Vec<Option<usize>> {
    let mut regions = vec![None; n * n];
    if let Some(Value::Array(rows)) = out.get("grid") {
        for (r, row) in rows.iter().enumerate() {
            for (c, cell) in row.as_array().into_iter().flatten().enumerate() {
                if r < n && c < n {
                    regions[r * n + c] = match cell.get("region") {
                        None => Some(
                            sudoku_engine::Shape::with_side(n).map_or(0, |s| s.box_of(r * n + c)),
                        ),
                        Some(v) => number(v).map(|v| v as usize),
                    };
                }
            }
        }
    }
    regions
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read_zipped(text: &str) -> Result<Imported, LinkError> {
        read(&unzip(text).unwrap())
    }

    const EMPTY: &str = "ce:[[,,,,],[,,,,],[,,,,],[,,,,],[,,,,]]";

    #[test]
    fn drawings_with_odd_shapes_are_drawn_not_read() {
        let lines = format!("{{{EMPTY},l:[{{c:CFCFCF,th:21,wp:[]}},{{c:F067F0,wp:[[0.5,0.5]]}},{{c:F067F0,wp:[[0.5,0.5],[0.5,1.5]]}}]}}");
        let read = read_zipped(&lines).unwrap();
        // The grey line with no points is drawn; both pink lines are renban, one a cell.
        assert_eq!(read.puzzle.rules().len(), 2);
        assert_eq!(read.drawn.len(), 1);
        let far = format!("{{{EMPTY},o:[{{ct:[1e300,-1e300],w:0.3,h:0.3,r:t,c2:#0}},{{ct:[-0.5,2],w:0.3,h:0.3,r:t,c2:#0}}]}}");
        assert_eq!(read_zipped(&far).unwrap().drawn.len(), 2);
    }

    #[test]
    fn a_puzzle_of_the_wrong_size_is_refused() {
        assert_eq!(
            read_zipped("{ce:[[,,],[,,],[,,]]}")
                .unwrap_err()
                .to_string(),
            "size 3 is out of range (4 to 16)"
        );
        assert!(read_zipped("{ce:[[,,,,],[,,,,],[,,,,],[,,,,],[,,,]]}").is_err());
    }

    #[test]
    fn extra_regions_and_slow_thermometers_read_as_in_f_puzzles() {
        let four = "ce:[[,,,],[,,,],[,,,],[,,,]]";
        let scl = format!(
            "{{{four},ca:[{{ce:[[1,1],[1,2],[2,1],[2,2]],style:'extraregion',unique:t}}],\
             l:[{{c:6495ED,th:8,wp:[[0.5,0.5],[0.5,1.5],[0.5,2.5]]}}]}}"
        );
        let json = r#"{"size":4,"extraregion":[{"cells":["R2C2","R2C3","R3C2","R3C3"]}],
            "slowthermometer":[{"lines":[["R1C1","R1C2","R1C3"]]}]}"#;
        let (a, b) = (read_zipped(&scl).unwrap(), crate::read(json).unwrap());
        assert_eq!(a.puzzle, b.puzzle);
        assert_eq!(a.puzzle.houses().len(), 13);
        assert_eq!(
            a.puzzle.rules()[0].describe(a.puzzle.shape()),
            "slow thermometer r1c1 → r1c3"
        );
    }

    #[test]
    fn pill_arrows_read_as_numbers() {
        let four = "ce:[[,,,],[,,,],[,,,],[,,,]]";
        // A pill over r1c1-r1c2 with a shaft from r1c2 down column 2.
        let scl = format!(
            "{{{four},a:[{{c:a1a1a1,th:5,hl:0.3,wp:[[0.9,1.5],[1.5,1.5],[2.5,1.5],[3.5,1.5]]}}],\
             o:[{{c1:a1a1a1,c2:ffffff,ct:[0.5,1],r:t,w:1.83,h:0.83}}]}}"
        );
        let json = r#"{"size":4,"arrow":[{"cells":["R1C1","R1C2"],"lines":[["R1C2","R2C2","R3C2","R4C2"]]}]}"#;
        let (a, b) = (read_zipped(&scl).unwrap(), crate::read(json).unwrap());
        assert_eq!(a.puzzle, b.puzzle);
        assert!(a.drawn.is_empty());
    }

    /// A SudokuPad grid of side `n` with these underlays, lines and metadata.
    fn scl(n: usize, underlays: Vec<Value>, lines: Vec<Value>, metadata: Value) -> Value {
        json!({ "cells": vec![vec![json!({}); n]; n], "underlays": underlays, "lines": lines, "metadata": metadata })
    }

    /// The grey square SudokuPad's conversion draws on each cell of a clone.
    fn shading(cells: &[(usize, usize)]) -> Vec<Value> {
        cells
            .iter()
            .map(|&(r, c)| {
                json!({ "center": [r as f64 + 0.5, c as f64 + 0.5], "width": 1, "height": 1,
                        "backgroundColor": "#CFCFCF", "borderColor": "#CFCFCF" })
            })
            .collect()
    }

    #[test]
    fn overlapping_clones_are_read_from_the_doubled_shading() {
        // r1c1-r1c4 and r2c4 cloned one row down and three columns right: r2c4 is in both
        // copies, shaded twice, and r1c1 = r2c4 = r3c7.
        let first = [(0, 0), (0, 1), (0, 2), (0, 3), (1, 3)];
        let second = first.map(|(r, c)| (r + 1, c + 3));
        let names = |cells: &[(usize, usize)]| -> Vec<String> {
            cells
                .iter()
                .map(|&(r, c)| cells::key(r * 9 + c, 9))
                .collect()
        };
        let fpuzzles = json!({ "size": 9, "clone": [{ "cells": names(&first), "cloneCells": names(&second) }] });
        let want = crate::read(&fpuzzles.to_string()).unwrap();
        let drawn = [shading(&first), shading(&second)].concat();
        let got = read(&scl(9, drawn.clone(), Vec::new(), json!({}))).unwrap();
        assert_eq!(got.puzzle.rules(), want.puzzle.rules());
        assert!(got.drawn.is_empty(), "{:?}", got.drawn);
        // With a grid that keeps the clones, less the second copy, as givens and as the
        // solution, the SudokuPad form is unique as its f-puzzles form is.
        let grid = sudoku_engine::search::solutions(&want.puzzle)
            .next()
            .unwrap();
        let mut givens = grid.clone();
        for &(r, c) in &second {
            givens.set(r * 9 + c, 0);
        }
        let mut object = crate::document::with_givens(&want.document, &givens);
        object.insert("solution".into(), json!(grid.cells()));
        let want = crate::read(&Value::Object(object).to_string()).unwrap();
        let mut with = scl(
            9,
            drawn,
            Vec::new(),
            json!({ "solution": grid.to_string() }),
        );
        for cell in 0..81 {
            if givens.get(cell) != 0 {
                with["cells"][cell / 9][cell % 9] = json!({ "value": givens.get(cell) });
            }
        }
        let got = read(&with).unwrap();
        assert_eq!(got.puzzle, want.puzzle);
        let verdict = solve(&got.puzzle, &mut Budget::unlimited()).verdict;
        assert_eq!(verdict, Verdict::Unique(grid));
    }

    #[test]
    fn of_several_readings_the_solution_s_is_kept_else_a_solvable_one_else_none() {
        // A 4x4 grid given but for a rectangle that swaps 1 and 3 (r1c1, r1c3, r2c1, r2c3).
        let grid = "1234341221434321";
        let mut rows = vec![vec![json!({}); 4]; 4];
        for (i, d) in grid.bytes().enumerate() {
            if ![0, 2, 4, 6].contains(&i) {
                rows[i / 4][i % 4] = json!({ "value": d - b'0', "given": true });
            }
        }
        let out = json!({ "size": 4, "grid": rows });
        let out = out.as_object().unwrap();
        let reading = |key: &'static str, entry: Value| vec![(key, entry)];
        let odd = || reading("odd", json!({ "cell": "R1C1" }));
        let even = || reading("even", json!({ "cell": "R1C1" }));
        let black = || reading("ratio", json!({ "cells": ["R1C1", "R1C2"] }));
        let choice = |readings| Choice {
            readings,
            from: Vec::new(),
        };
        let solution = crate::document::solution(
            Some(&json!(grid)),
            sudoku_engine::Shape::with_side(4).unwrap(),
        );
        // No solution: an even r1c1 leaves none, so the odd one is kept.
        assert_eq!(
            settle(out, &choice(vec![even(), odd()]), None).unwrap(),
            Some(1)
        );
        assert_eq!(settle(out, &choice(vec![even()]), None).unwrap(), None);
        // Odd leaves two solutions, the black dot one: other verdicts, so neither...
        assert_eq!(
            settle(out, &choice(vec![odd(), black()]), None).unwrap(),
            None
        );
        // ...unless the solution keeps only one of them.
        let swapped = crate::document::solution(
            Some(&json!("3214143221434321")),
            sudoku_engine::Shape::with_side(4).unwrap(),
        );
        assert_eq!(
            settle(out, &choice(vec![black(), odd()]), swapped.as_ref()).unwrap(),
            Some(1)
        );
        assert_eq!(
            settle(out, &choice(vec![odd(), black()]), solution.as_ref()).unwrap(),
            None
        );
    }

    #[test]
    fn region_sum_lines_are_read_even_where_the_solution_breaks_them() {
        // r1c2, r2c2 in box 1 and r2c3 in box 2: r1c2 + r2c2 = r2c3.
        let line = json!({ "wayPoints": [[0.5, 1.5], [1.5, 1.5], [1.5, 2.5]], "color": "#2ECBFF", "thickness": 8 });
        let fpuzzles = r#"{"size":4,"regionsumline":[{"lines":[["R1C2","R2C2","R2C3"]]}]}"#;
        let want = crate::read(fpuzzles).unwrap();
        let got = read(&scl(4, Vec::new(), vec![line.clone()], json!({}))).unwrap();
        assert_eq!(got.puzzle.rules(), want.puzzle.rules());
        // A solution that breaks the line (2 + 4 is not 1) is suspect: the line is kept,
        // since the puzzle stays solvable with it.
        let broken = "1234341221434321";
        let got = read(&scl(
            4,
            Vec::new(),
            vec![line.clone()],
            json!({ "solution": broken }),
        ))
        .unwrap();
        assert_eq!(got.puzzle.rules(), want.puzzle.rules());
        assert!(got.drawn.is_empty());
        // A line no grid keeps (r1c2 and r1c3 in two boxes, so equal in one row) is drawn,
        // not read: the verdict is not "no solution".
        let never =
            json!({ "wayPoints": [[0.5, 1.5], [0.5, 2.5]], "color": "#2ECBFF", "thickness": 8 });
        let got = read(&scl(
            4,
            Vec::new(),
            vec![line, never],
            json!({ "solution": broken }),
        ))
        .unwrap();
        assert_eq!(got.puzzle.rules(), want.puzzle.rules());
        assert_eq!(got.drawn.len(), 1);
        assert!(got.drawn[0]
            .description
            .contains("looks like regionsumline"));
        assert!(matches!(
            solve(&got.puzzle, &mut Budget::unlimited()).verdict,
            Verdict::Multiple(..)
        ));
    }
}
