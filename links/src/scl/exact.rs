//! The parts SudokuPad itself checks, read exactly: metadata, cages (killer cages, extra
//! regions, disjoint groups, and the indexer cages f-puzzles' exports draw) and `global`.

use super::*;

/// Title, author, rules and solution: cages with no cells whose text is `key: value`, or
/// the `metadata` object.
pub(super) fn metadata(reader: &mut Reader, out: &mut Map<String, Value>) -> Result<(), LinkError> {
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

pub(super) fn cage_cells(
    reader: &Reader,
    cage: &Value,
    index: usize,
) -> Result<Vec<usize>, LinkError> {
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
pub(super) fn cages(reader: &mut Reader, out: &mut Map<String, Value>) -> Result<(), LinkError> {
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
            extra.push(entry_of([("cells", Value::from(names))]));
        } else if let Some(key) = keys::by_scl_cage(&style, &colour(cage, "outlineC")) {
            reader.add(
                key,
                entry_of([("cells", Value::from(names))]),
                vec![reader.describe("cages", cage, &cells)],
            );
        } else if unique && cage["hidden"].as_bool() != Some(true) {
            let sum = cage
                .get("sum")
                .filter(|s| !s.is_null())
                .map(|s| Value::String(text(s)));
            match sum {
                Some(sum) => {
                    killers.push(entry_of([("cells", Value::from(names)), ("value", sum)]))
                }
                None => killers.push(entry_of([("cells", Value::from(names))])),
            }
        } else if cage["hidden"].as_bool() == Some(true) {
        } else {
            let d = reader.describe("cages", cage, &cells);
            reader.drawn.push(d);
        }
        reader.take("cages", i);
    }
    out.insert(keys::CAGE_KEY.into(), Value::Array(killers));
    out.insert("extraregion".into(), Value::Array(extra));
    Ok(())
}

/// `global` entries (and flags in `metadata`): chess moves, non-consecutive, disjoint
/// groups and the negative dot and letter rules.
pub(super) fn globals(object: &Map<String, Value>, out: &mut Map<String, Value>) {
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
        out.insert("negative".into(), Value::from(negative));
    }
}
