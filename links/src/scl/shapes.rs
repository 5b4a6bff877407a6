//! Shapes in cells: odd and even, minimum and maximum, and the grey squares of clones,
//! which `clones` reads.

use super::clones::clones;
use super::*;

/// Grey circles and squares in cells: odd and even; whole grey cells: clones; minimum
/// and maximum cells, shaded with chevrons on their edges.
pub(super) fn cell_shapes(reader: &mut Reader, out: &Map<String, Value>) {
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
        let from = vec![reader.describe("underlays", u, &[cell])];
        if grey && near(w, 0.7) && near(h, 0.7) {
            let key = mark_key(match u["rounded"] == true {
                true => CellMark::Odd,
                false => CellMark::Even,
            });
            reader.add(
                key,
                entry_of([("cell", Value::from(names[0].clone()))]),
                from,
            );
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
        let from = vec![reader.describe("underlays", &underlays[i], &[cell])];
        let name = reader.names(&[cell]).swap_remove(0);
        reader.add(key, entry_of([("cell", Value::from(name))]), from);
        reader.take("underlays", i);
    }
    clones(reader, clone_cells, out);
}
