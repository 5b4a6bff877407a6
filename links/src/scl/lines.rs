//! Lines and arrows: SudokuPad's grey thermometers, palindromes and between lines, the
//! lines Rangsk's exports colour, diagonals, arrows with their circles and pills.

use super::*;

/// Lines by colour and thickness: SudokuPad's grey thermometers, palindromes and between
/// lines, the blue diagonals, and the colours Rangsk's exports give the other lines.
pub(super) fn lines(reader: &mut Reader) {
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
                    vec![reader.describe("lines", line, &[])],
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
        let from = reader.describe("lines", line, &cells);
        let whispers = |gap: usize| {
            entry_of([
                (
                    "lines",
                    Value::Array(vec![Value::from(reader.names(&cells))]),
                ),
                ("value", Value::from(gap.to_string())),
            ])
        };
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
            "#67F067" => ("whispers", whispers(n.div_ceil(2))),
            "#FF9A00" => ("whispers", whispers(n.div_ceil(2) - 1)),
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
            // Rangsk's colours, as the key table has them.
            _ => match keys::by_scl_line(&hue) {
                Some(key) => (key, Value::Null),
                None => continue,
            },
        };
        let symmetric = keys::find(key).is_some_and(|k| {
            matches!(
                k.read,
                ReadAs::Line {
                    symmetric: true,
                    ..
                }
            )
        });
        if symmetric && cells[0] > cells[cells.len() - 1] {
            cells.reverse();
            if let Some(line) = entry.get_mut("lines") {
                *line = Value::Array(vec![Value::from(reader.names(&cells))]);
            }
        }
        if entry.is_null() {
            entry = entry_of([(
                "lines",
                Value::Array(vec![Value::from(reader.names(&cells))]),
            )]);
        }
        reader.add(key, entry, vec![from]);
        reader.take("lines", i);
    }
}

pub(super) fn is_bulb(u: &Value) -> bool {
    colour(u, "backgroundColor") == "#CFCFCF" && u["rounded"] == true && {
        let (w, h) = size(u);
        near(w, 0.85) && near(h, 0.85)
    }
}

/// Arrows with a grey circle at their start (which SudokuPad draws 0.4 of a cell towards
/// the shaft), or a straight pill (one long rounded overlay over its cells, read as a
/// number in reading order); and the little killers' small black arrows beside their sums.
pub(super) fn arrows(reader: &mut Reader) {
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
        let from = reader.describe("arrows", arrow, &cells);
        let lines = Value::Array(vec![Value::from(names)]);
        let entry = entry_of([
            ("cells", Value::from(reader.names(circle))),
            ("lines", lines),
        ]);
        reader.take("overlays", o);
        let key = keys::key_where(|k| k.style == Style::CircleWithShafts);
        reader.add(key, entry, vec![from]);
        reader.take("arrows", i);
    }
}
