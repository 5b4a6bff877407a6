//! Each reading checked against the puzzle's solution, and the readings of a drawing that
//! reads several ways settled by a bounded search; what is kept is placed under its key.
//!
//! A drawing the reader recognises in more than one way (overlapping clones that split two
//! ways), or whose one reading the puzzle's stored solution breaks, is settled so: the
//! reading the solution keeps; else, of the readings that leave the puzzle solvable (a
//! search of at most [`SETTLE_NODES`] branch nodes each; the readings the solution breaks
//! are tried all together first, then one by one), the first, if all of them give the same
//! verdict; else the drawing is drawn, not checked. "No solution" never comes from a guess
//! about a drawing. "Executive Function", whose stored solution breaks all six of its
//! region-sum lines, reads its lines from the SudokuPad drawing and is unique, as its
//! f-puzzles form is.

use super::*;

/// The branch nodes a search may spend to tell the readings of a drawing apart, so that
/// reading a link (on the page's thread) cannot run long; a search that runs out keeps no
/// reading.
const SETTLE_NODES: u64 = 50_000;

/// Checks each reading against the solution and puts those it keeps (all of them, where
/// the puzzle carries none) under their f-puzzles keys. Then come the readings the
/// solution breaks, kept if the puzzle stays solvable with them, and the drawings that
/// read more than one way (`settle`); a drawing none of whose readings is kept is drawn,
/// not checked, so no verdict rests on a guess about a drawing.
pub(super) fn check_and_place(
    reader: &mut Reader,
    out: &mut Map<String, Value>,
) -> Result<(), LinkError> {
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
                        " (ambiguous: it reads as {} {} ways, which give other verdicts)",
                        keys[0],
                        choice.readings.len()
                    ),
                };
                for mut d in choice.from {
                    d.description += &note;
                    d.ambiguous = choice.readings.len() > 1;
                    reader.drawn.push(d);
                }
            }
        }
    }
    Ok(())
}

/// Adds entries to a key's list.
pub(super) fn place(out: &mut Map<String, Value>, key: &str, entries: Vec<Value>) {
    match out.get_mut(key) {
        Some(Value::Array(existing)) => existing.extend(entries),
        _ => {
            out.insert(key.into(), Value::Array(entries));
        }
    }
}

/// Whether the solution keeps each of `list`'s entries, read after the entries of the key
/// the document already has.
pub(super) fn kept_by(
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
    let ctx = engine_rules::Context {
        n,
        region_of: region_of(out, n),
    };
    let mut keep = vec![true; list.len()];
    let rules = keys::find(key).map_or(Ok(Vec::new()), |k| engine_rules::read(&ctx, k, &object))?;
    for (index, rule) in rules {
        let values: Vec<u8> = rule.cells().iter().map(|&c| solution.get(c)).collect();
        if index >= before.len() && !rule.holds(&values, n) {
            keep[index - before.len()] = false;
        }
    }
    Ok(keep)
}

/// Which reading of a drawing to keep: the one the solution keeps; else, for a lone
/// reading (a drawing read or not), it if it leaves the puzzle solvable; for a drawing that
/// reads several ways, the first, if all of them give one verdict (no solution being one)
/// and one solution; else none, and the drawing is drawn, not read.
pub(super) fn settle(
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
    let mut chosen: Option<(usize, Option<Option<sudoku_engine::Grid>>)> = None;
    for i in candidates {
        let Ok(imported) = import::build(&with(&choice.readings[i]), Vec::new()) else {
            continue;
        };
        let verdict = solve(&imported.puzzle, &mut Budget::nodes(SETTLE_NODES)).verdict;
        let outcome = match verdict {
            Verdict::Unique(grid) => Some(Some(grid)),
            Verdict::Multiple(..) => Some(None),
            Verdict::GaveUp => return Ok(None),
            _ if choice.readings.len() == 1 => continue,
            _ => None,
        };
        match &chosen {
            None => chosen = Some((i, outcome)),
            Some((_, other)) if *other == outcome => {}
            Some(_) => return Ok(None),
        }
    }
    Ok(chosen.map(|c| c.0))
}

pub(super) fn region_of(out: &Map<String, Value>, n: usize) -> Vec<Option<usize>> {
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
