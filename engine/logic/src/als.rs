//! ALS-XZ. An almost locked set is N cells of one house holding N+1 digits: remove any
//! one digit and the rest are locked. Two such sets share a restricted common digit X
//! when every X of one sees every X of the other, so X is in at most one of them; then a
//! second common digit Z must be in one of them, and cells seeing every Z of both lose it.

use crate::{cell_list, digits_of, Candidates, Highlight, Step, Technique};
use sudoku_model::symbols::symbol;

/// The largest sets looked at; larger ones are rare and slow to pair.
const MAX_CELLS: usize = 4;

struct Als {
    cells: Vec<usize>,
    digits: u32,
}

#[inline]
fn all_sets(c: &Candidates) -> Vec<Als> {
    let mut out: Vec<Als> = Vec::new();
    // The sets kept, by their first cell: a set is looked for among the few that start
    // where it does (no hash set: the page's module carries no hashing for it).
    let mut seen: Vec<Vec<Vec<usize>>> = vec![Vec::new(); c.cells()];
    for h in 0..c.houses().len() {
        let open: Vec<usize> = c
            .houses()
            .cells(h)
            .iter()
            .copied()
            .filter(|&x| c.digit(x) == 0)
            .collect();
        let largest = MAX_CELLS.min(open.len().saturating_sub(1));
        let mut found = Vec::new();
        grow(c, &open, largest, &mut Vec::new(), 0, &mut found);
        // Smallest first, each size in the order it was found: put in a list per size, as
        // a stable sort would be one more sort in the page's wasm.
        let mut by_size: Vec<Vec<Als>> = (0..=largest).map(|_| Vec::new()).collect();
        for set in found {
            by_size[set.cells.len()].push(set);
        }
        for mut set in by_size.into_iter().flatten() {
            set.cells.sort_unstable();
            // A set inside a row and a box is found twice; keep it once.
            let kept = &mut seen[set.cells[0]];
            if !kept.contains(&set.cells) {
                kept.push(set.cells.clone());
                out.push(set);
            }
        }
    }
    out
}

/// Every almost locked set of at most `largest` of the `open` cells that extends `picked`.
/// A choice holding more digits than the largest set may is not grown.
#[inline]
fn grow(
    c: &Candidates,
    open: &[usize],
    largest: usize,
    picked: &mut Vec<usize>,
    digits: u32,
    found: &mut Vec<Als>,
) {
    let from = picked.last().map_or(0, |&i| i + 1);
    for i in from..open.len() {
        let with = digits | c.marks(open[i]);
        if with.count_ones() as usize > largest + 1 {
            continue;
        }
        picked.push(i);
        if with.count_ones() as usize == picked.len() + 1 {
            found.push(Als {
                cells: picked.iter().map(|&p| open[p]).collect(),
                digits: with,
            });
        }
        if picked.len() < largest {
            grow(c, open, largest, picked, with, found);
        }
        picked.pop();
    }
}

#[inline]
pub fn als_xz(c: &Candidates) -> Option<Step> {
    let sets = all_sets(c);
    for (i, a) in sets.iter().enumerate() {
        for b in &sets[i + 1..] {
            let common = a.digits & b.digits;
            if common.count_ones() < 2 || a.cells.iter().any(|x| b.cells.contains(x)) {
                continue;
            }
            let with = |s: &Als, d: u8| {
                s.cells
                    .iter()
                    .copied()
                    .filter(|&x| c.has(x, d))
                    .collect::<Vec<_>>()
            };
            for x in digits_of(common) {
                let (ax, bx) = (with(a, x), with(b, x));
                if !ax.iter().all(|&p| bx.iter().all(|&q| c.sees(p, q))) {
                    continue;
                }
                for z in digits_of(common).into_iter().filter(|&z| z != x) {
                    let mut zs = with(a, z);
                    zs.extend(with(b, z));
                    let targets: Vec<usize> = c
                        .seeing_all(&zs, z)
                        .into_iter()
                        .filter(|t| !a.cells.contains(t) && !b.cells.contains(t))
                        .collect();
                    if targets.is_empty() {
                        continue;
                    }
                    let explanation = format!(
                        "ALS-XZ: sets {{{}}} and {{{}}} share {} only where they see each other, so one of them holds {}; remove {} from cells that see all its places",
                        cell_list(c.shape(), &a.cells),
                        cell_list(c.shape(), &b.cells),
                        symbol(x),
                        symbol(z),
                        symbol(z)
                    );
                    let cells: Vec<usize> = a.cells.iter().chain(&b.cells).copied().collect();
                    return Some(Step {
                        technique: Technique::AlsXz,
                        placements: Vec::new(),
                        eliminations: targets.into_iter().map(|t| (t, z)).collect(),
                        highlight: Highlight {
                            houses: Vec::new(),
                            candidates: cells
                                .iter()
                                .flat_map(|&cell| {
                                    digits_of(c.marks(cell)).into_iter().map(move |d| (cell, d))
                                })
                                .collect(),
                            cells,
                            links: Vec::new(),
                            rules: Vec::new(),
                        },
                        explanation,
                    });
                }
            }
        }
    }
    None
}
