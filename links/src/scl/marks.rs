//! Marks between two cells (Kropki dots, X and V) and clues outside the grid (sandwich
//! sums, little killers, X-sums, skyscrapers).

use super::*;

/// Marks between two cells: Kropki dots (with their values) and X or V.
pub(super) fn marks(reader: &mut Reader) {
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
        let from = reader.describe("overlays", o, &[a, b]);
        let background = colour(o, "backgroundColor");
        if o["rounded"] == true
            && near(w, 0.3)
            && near(h, 0.3)
            && (background == "#000000" || background == "#FFFFFF")
        {
            let key = pair_key(match background.as_str() {
                "#000000" => Pair::Ratio,
                _ => Pair::Difference,
            });
            let mut entry = entry_of([("cells", Value::from(names))]);
            if !label.trim().is_empty() {
                entry["value"] = Value::String(label.trim().to_string());
            }
            reader.add(key, entry, vec![from]);
            reader.take("overlays", i);
        } else if ["X", "V"].contains(&label.trim().to_ascii_uppercase().as_str()) && near(w, 0.25)
        {
            reader.add(
                pair_key(Pair::Sum),
                entry_of([
                    ("cells", Value::from(names)),
                    ("value", Value::from(label.trim().to_ascii_uppercase())),
                ]),
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
        let from = reader.describe("overlays", o, &cells);
        let key = keys::key_where(|k| k.style == Style::CornerDigits);
        reader.add(
            key,
            entry_of([
                ("cells", Value::from(reader.names(&cells))),
                ("values", Value::from(digits)),
            ]),
            vec![from],
        );
        reader.take("overlays", i);
    }
}

/// Clues outside the grid: sandwich sums, little killers (a sum and a small arrow),
/// X-sums (a circle and a number) and skyscrapers (a box and a number).
pub(super) fn outside(reader: &mut Reader) {
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
        let from = vec![reader.describe("overlays", o, &[])];
        if let Some(&(j, _, ref symbol)) = marker {
            let key = if symbol == "\u{25ef}" {
                "xsum"
            } else {
                "skyscraper"
            };
            reader.add(
                key,
                entry_of([
                    ("cell", Value::from(cell.clone())),
                    ("value", Value::from(value.to_string())),
                ]),
                from,
            );
            reader.take("overlays", i);
            reader.take("overlays", j);
        } else if near(font, 32.0) {
            reader.add(
                "sandwichsum",
                entry_of([
                    ("cell", Value::from(cell.clone())),
                    ("value", Value::from(value.to_string())),
                ]),
                from,
            );
            reader.take("overlays", i);
        } else if let Some((a, direction)) = little_arrow(reader, at) {
            reader.add(
                keys::key_where(|k| k.style == Style::Outside { pointed: true }),
                entry_of([
                    ("cell", Value::from(cell.clone())),
                    ("direction", Value::from(direction)),
                    ("value", Value::from(value.to_string())),
                ]),
                from,
            );
            reader.take("overlays", i);
            reader.take("arrows", a);
        }
    }
}

/// A small arrow leaving an outside cell diagonally: its index and direction.
pub(super) fn little_arrow(reader: &Reader, (r, c): (i64, i64)) -> Option<(usize, &'static str)> {
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
