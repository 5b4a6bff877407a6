//! SudokuPad's own puzzles (`scl…`, `ctc…`): givens, regions, cages and `global` are read
//! exactly; lines, arrows, underlays and overlays are only drawings there, so they are
//! recognised by how SudokuPad draws f-puzzles' rules and by Rangsk's line colours, and
//! each reading is checked against the puzzle's solution where it carries one. The
//! readings become f-puzzles keys, so both forms of a puzzle go through the same rules.
//!
//! By family: `exact` (metadata, cages, `global`), `lines` (lines and arrows), `marks`
//! (marks between cells, clues outside the grid), `shapes` (marks in cells) and `clones`
//! (the clones' grey shading, which only says which cells are cloned), then `check` (each
//! reading against the solution, and the drawings that read several ways).

use serde_json::{Map, Value};

use crate::document::{self, entry_of, number, text, SIZES};
use crate::engine_rules;
use crate::error::{invalid, LinkError};
use crate::import;
use crate::keys::{self, mark_key, pair_key, Pair, ReadAs, Style};
use crate::look::CellMark;
use crate::{cells, Drawn, Imported};
use sudoku_engine::{solve, Budget, Verdict};

pub(crate) use crate::zipper::unzip;

mod check;
mod clones;
mod exact;
mod lines;
mod marks;
mod shapes;

use check::check_and_place;
use exact::{cages, globals, metadata};
use lines::{arrows, lines};
use marks::{marks, outside};
use shapes::cell_shapes;

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

fn colour_is(item: &Value, key: &str, want: &str) -> bool {
    colour(item, key) == want
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
    /// Which items of each list were used by a reading (a list, not a hash set: a
    /// puzzle has tens of drawings, and the page's module carries no hashing for it).
    used: Vec<(&'static str, usize)>,
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

    /// An item of SudokuPad's `list` ("lines", "cages"...) as a drawing, named as one
    /// of the list ("line").
    fn describe(&self, list: &str, item: &Value, cells: &[usize]) -> Drawn {
        let kind = list.strip_suffix('s').unwrap_or(list);
        let mut description = format!("{kind}{}", cells::place(cells, self.n));
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
            ambiguous: false,
        }
    }

    fn take(&mut self, list: &'static str, index: usize) {
        if !self.used.contains(&(list, index)) {
            self.used.push((list, index));
        }
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
                grid[r as usize][c as usize].insert("region".into(), Value::from(index));
            }
        }
    }
    let mut out = Map::new();
    out.insert("size".into(), Value::from(n));
    let rows = grid
        .into_iter()
        .map(|row| Value::Array(row.into_iter().map(Value::Object).collect()));
    out.insert("grid".into(), Value::Array(rows.collect()));
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
    cell_shapes(&mut reader, &out);
    leftovers(&mut reader);
    check_and_place(&mut reader, &mut out)?;
    let drawn = std::mem::take(&mut reader.drawn);
    import::build(&out, drawn)
}

/// Every drawing no reading used is drawn, not checked.
fn leftovers(reader: &mut Reader) {
    for list in ["lines", "arrows", "overlays", "underlays"] {
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
            let d = reader.describe(list, item, &cells);
            reader.drawn.push(d);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::check::settle;
    use super::*;
    use serde_json::json;

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
    fn clones_that_can_only_make_two_cells_of_one_house_equal_are_drawn_not_read() {
        // Two grey dominoes in row 1: any pairing of their cells puts two cells of the row
        // equal, so the shading is drawn, called ambiguous, and no clone is read.
        let drawn = shading(&[(0, 0), (0, 1), (0, 4), (0, 5)]);
        let got = read(&scl(9, drawn, Vec::new(), json!({}))).unwrap();
        assert!(got.puzzle.rules().is_empty());
        assert_eq!(got.drawn.len(), 1, "{:?}", got.drawn);
        assert!(got.drawn[0].ambiguous);
        assert!(got.drawn[0]
            .description
            .contains("makes two cells of one house"));
        // The same dominoes in rows 1 and 5 read one way: one cloned onto the other.
        let drawn = shading(&[(0, 0), (0, 1), (4, 4), (4, 5)]);
        let got = read(&scl(9, drawn, Vec::new(), json!({}))).unwrap();
        let fpuzzles =
            r#"{"size":9,"clone":[{"cells":["R1C1","R1C2"],"cloneCells":["R5C5","R5C6"]}]}"#;
        assert_eq!(
            got.puzzle.rules(),
            crate::read(fpuzzles).unwrap().puzzle.rules()
        );
        assert!(got.drawn.is_empty());
    }

    #[test]
    fn of_several_readings_the_solution_s_is_kept_else_one_all_agree_on_else_none() {
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
        // No solution: an even r1c1 leaves none, the odd one two. No solution is a verdict
        // too, so of the two readings neither is kept (issue 50)...
        assert_eq!(
            settle(out, &choice(vec![even(), odd()]), None).unwrap(),
            None
        );
        // ...and two readings that both leave none agree: the first is kept.
        let even_too = || reading("even", json!({ "cell": "R1C3" }));
        assert_eq!(
            settle(out, &choice(vec![even(), even_too()]), None).unwrap(),
            Some(0)
        );
        // A lone reading (a drawing read or not) is kept only where it leaves a solution.
        assert_eq!(settle(out, &choice(vec![even()]), None).unwrap(), None);
        assert_eq!(settle(out, &choice(vec![odd()]), None).unwrap(), Some(0));
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
