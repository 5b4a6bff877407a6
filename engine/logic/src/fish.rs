//! Basic fish (X-Wing, Swordfish, Jellyfish): a digit whose places in k rows lie in just k
//! columns leaves the rest of those columns, and the same with rows and columns swapped.

use crate::{cell_list, locked_subset, Candidates, Highlight, Step, Technique};
use sudoku_model::symbols::symbol;

#[inline]
pub fn basic(c: &Candidates, k: usize) -> Option<Step> {
    let technique = [Technique::XWing, Technique::Swordfish, Technique::Jellyfish][k - 2];
    let n = c.shape().n();
    if !c.houses().lines_first() {
        return None;
    }
    for digit in 1..=n as u8 {
        // Rows as base with columns as cover, then the other way round.
        for (base_first, cover_first) in [(0, n), (n, 0)] {
            // A base line must hold the digit: on a rectangle (ISS's 4x6) the short lines
            // hold only some digits, and may lack it.
            let lines: Vec<(usize, u32)> = (0..n)
                .map(|i| base_first + i)
                .filter(|&h| c.houses().holds_every_digit(h))
                .filter_map(|h| {
                    let places = c.places(h, digit);
                    let mask = places
                        .iter()
                        .fold(0u32, |m, &cell| m | 1 << line_index(c, cell, cover_first));
                    (2..=k).contains(&places.len()).then_some((h, mask))
                })
                .collect();
            let masks: Vec<u32> = lines.iter().map(|&(_, mask)| mask).collect();
            let step = locked_subset(&masks, k, |picked, cover| {
                let base: Vec<usize> = picked.iter().map(|&i| lines[i].0).collect();
                let covers: Vec<usize> = (0..n)
                    .filter(|i| cover & (1 << i) != 0)
                    .map(|i| cover_first + i)
                    .collect();
                let eliminations: Vec<(usize, u8)> = covers
                    .iter()
                    .flat_map(|&h| c.places(h, digit))
                    .filter(|cell| !base.iter().any(|&b| c.houses().cells(b).contains(cell)))
                    .map(|cell| (cell, digit))
                    .collect();
                if eliminations.is_empty() {
                    return None;
                }
                let cells: Vec<usize> = base.iter().flat_map(|&h| c.places(h, digit)).collect();
                let names = |hs: &[usize]| {
                    hs.iter()
                        .map(|&h| c.houses().name(h))
                        .collect::<Vec<_>>()
                        .join(", ")
                };
                let explanation = format!(
                    "{technique} on {} in {} ({}): in those lines it lies only in {}, so it can be removed from the rest of them",
                    symbol(digit),
                    names(&base),
                    cell_list(c.shape(), &cells),
                    names(&covers)
                );
                Some(Step {
                    technique,
                    placements: Vec::new(),
                    eliminations,
                    highlight: Highlight {
                        houses: base.iter().chain(&covers).copied().collect(),
                        candidates: cells.iter().map(|&cell| (cell, digit)).collect(),
                        cells,
                        links: Vec::new(),
                        rules: Vec::new(),
                    },
                    explanation,
                })
            });
            if step.is_some() {
                return step;
            }
        }
    }
    None
}

/// The index of the line (row or column) of `cover_first`'s kind that holds `cell`.
#[inline]
fn line_index(c: &Candidates, cell: usize, cover_first: usize) -> usize {
    let n = c.shape().n();
    if cover_first == 0 {
        cell / n
    } else {
        cell % n
    }
}
