//! Shapes in cells: odd and even, minimum and maximum, and clones (grey areas of one
//! shape, with the overlapping clones' doubled shading split apart).

use super::*;

/// Grey circles and squares in cells: odd and even; whole grey cells: clones; minimum
/// and maximum cells, shaded with chevrons on their edges.
pub(super) fn cell_shapes(reader: &mut Reader) {
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
pub(super) fn clones(reader: &mut Reader, cells: Vec<(usize, usize)>) {
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
pub(super) fn splits(area: &[usize], times: &[usize], n: usize) -> Vec<(Vec<usize>, Vec<usize>)> {
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
