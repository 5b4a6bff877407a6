//! Uniqueness techniques, for puzzles known to have exactly one solution: a pattern that
//! would leave two solutions (a "deadly pattern") cannot be the final state, so whatever
//! completes it is false. Unique rectangles types 1 to 4, and BUG+1.

use crate::{
    cell_list, cell_name, combinations, digits_of, Candidates, Highlight, Step, Technique,
};
use sudoku_model::symbols::symbol;

/// Four empty cells on two rows, two columns and exactly two boxes, all holding digits
/// `a` and `b`: (cells in order r1c1, r1c2, r2c1, r2c2; the pair mask).
#[inline]
fn rectangles(c: &Candidates) -> Vec<([usize; 4], u32)> {
    let shape = c.shape();
    let n = shape.n();
    let mut out = Vec::new();
    for r1 in 0..n {
        for r2 in r1 + 1..n {
            for c1 in 0..n {
                for c2 in c1 + 1..n {
                    let cells = [r1 * n + c1, r1 * n + c2, r2 * n + c1, r2 * n + c2];
                    // Every type rests on at least two corners holding the pair alone.
                    let bivalue = cells.iter().filter(|&&x| c.marks(x).count_ones() == 2);
                    if cells.iter().any(|&x| c.digit(x) != 0) || bivalue.count() < 2 {
                        continue;
                    }
                    let mut boxes = cells.map(|x| shape.box_of(x));
                    boxes.sort_unstable();
                    if 1 + boxes.windows(2).filter(|w| w[0] != w[1]).count() != 2 {
                        continue;
                    }
                    let common = cells.iter().fold(u32::MAX, |m, &x| m & c.marks(x));
                    for pair in combinations(&digits_of(common), 2) {
                        out.push((cells, (1 << (pair[0] - 1)) | (1 << (pair[1] - 1))));
                    }
                }
            }
        }
    }
    out
}

#[inline]
fn ur_step(
    technique: Technique,
    c: &Candidates,
    cells: [usize; 4],
    pair: u32,
    eliminations: Vec<(usize, u8)>,
    why: String,
) -> Step {
    let digits = digits_of(pair);
    let explanation = format!(
        "{technique} on {}/{} ({}): {why}",
        symbol(digits[0]),
        symbol(digits[1]),
        cell_list(c.shape(), &cells)
    );
    Step {
        technique,
        placements: Vec::new(),
        eliminations,
        highlight: Highlight {
            houses: Vec::new(),
            cells: cells.to_vec(),
            candidates: cells
                .iter()
                .flat_map(|&x| digits.iter().map(move |&d| (x, d)))
                .collect(),
            links: Vec::new(),
            rules: Vec::new(),
        },
        explanation,
    }
}

#[inline]
pub fn unique_rectangle(c: &Candidates, kind: u8) -> Option<Step> {
    let technique = [
        Technique::UniqueRectangle1,
        Technique::UniqueRectangle2,
        Technique::UniqueRectangle3,
        Technique::UniqueRectangle4,
    ][kind as usize - 1];
    for (cells, pair) in rectangles(c) {
        let (floor, roof): (Vec<usize>, Vec<usize>) =
            cells.iter().partition(|&&x| c.marks(x) == pair);
        let found = match (kind, floor.len()) {
            (1, 3) => {
                let x = roof[0];
                let eliminations: Vec<(usize, u8)> =
                    digits_of(pair).into_iter().map(|d| (x, d)).collect();
                let why = format!(
                    "three corners hold only these digits, so {} must take another",
                    cell_name(c.shape(), x)
                );
                Some((eliminations, why))
            }
            (2, 2) => type2(c, &roof, pair),
            (3, 2) => type3(c, &roof, pair),
            (4, 2) => type4(c, &roof, pair),
            _ => None,
        };
        if let Some((eliminations, why)) = found {
            if !eliminations.is_empty() {
                return Some(ur_step(technique, c, cells, pair, eliminations, why));
            }
        }
    }
    None
}

/// The two roof cells share one extra digit: one of them holds it.
#[inline]
fn type2(c: &Candidates, roof: &[usize], pair: u32) -> Option<(Vec<(usize, u8)>, String)> {
    let extra = c.marks(roof[0]) & !pair;
    if extra.count_ones() != 1 || c.marks(roof[1]) & !pair != extra {
        return None;
    }
    let digit = extra.trailing_zeros() as u8 + 1;
    let targets = c.seeing_all(roof, digit);
    let why = format!(
        "{} or {} must be {}; remove it from cells that see both",
        cell_name(c.shape(), roof[0]),
        cell_name(c.shape(), roof[1]),
        symbol(digit)
    );
    Some((targets.into_iter().map(|t| (t, digit)).collect(), why))
}

/// The roof cells' extras act as one cell in a naked subset of a house they share.
#[inline]
fn type3(c: &Candidates, roof: &[usize], pair: u32) -> Option<(Vec<(usize, u8)>, String)> {
    let extras = (c.marks(roof[0]) | c.marks(roof[1])) & !pair;
    for &h in c
        .houses()
        .houses_of(roof[0])
        .iter()
        .filter(|h| c.houses().houses_of(roof[1]).contains(h))
    {
        let others: Vec<usize> = c
            .houses()
            .cells(h)
            .iter()
            .copied()
            .filter(|&x| c.digit(x) == 0 && !roof.contains(&x))
            .collect();
        for k in 1..=2 {
            for set in combinations(&others, k) {
                let union = set.iter().fold(extras, |m, &x| m | c.marks(x));
                if union.count_ones() as usize != k + 1
                    || set.iter().any(|&x| c.marks(x) & !union != 0)
                {
                    continue;
                }
                let eliminations: Vec<(usize, u8)> = others
                    .iter()
                    .filter(|x| !set.contains(x))
                    .flat_map(|&x| {
                        digits_of(c.marks(x) & union)
                            .into_iter()
                            .map(move |d| (x, d))
                    })
                    .collect();
                if eliminations.is_empty() {
                    continue;
                }
                let why = format!(
                    "the extra digits of the roof form a naked set {} with {} in {}; remove them from the rest of it",
                    digits_of(union).iter().map(|&d| symbol(d).to_string()).collect::<Vec<_>>().join("/"),
                    cell_list(c.shape(), &set),
                    c.houses().name(h)
                );
                return Some((eliminations, why));
            }
        }
    }
    None
}

/// One of the pair's digits can only go in the roof within a house they share, so the
/// roof cannot also take the other.
#[inline]
fn type4(c: &Candidates, roof: &[usize], pair: u32) -> Option<(Vec<(usize, u8)>, String)> {
    let digits = digits_of(pair);
    for &h in c
        .houses()
        .houses_of(roof[0])
        .iter()
        .filter(|h| c.houses().houses_of(roof[1]).contains(h))
    {
        for (locked, other) in [(digits[0], digits[1]), (digits[1], digits[0])] {
            let mut places = c.places(h, locked);
            places.sort_unstable();
            let mut roof_sorted = roof.to_vec();
            roof_sorted.sort_unstable();
            if places == roof_sorted {
                let why = format!(
                    "in {}, {} lies only in the roof, so the roof cannot also hold {}",
                    c.houses().name(h),
                    symbol(locked),
                    symbol(other)
                );
                return Some((roof.iter().map(|&x| (x, other)).collect(), why));
            }
        }
    }
    None
}

/// Bivalue universal grave + 1: every open cell holds two candidates but one that holds
/// three; the digit it holds three times in its row must go there, or the grid would
/// have two solutions.
#[inline]
pub fn bug_plus_one(c: &Candidates) -> Option<Step> {
    let open: Vec<usize> = (0..c.cells()).filter(|&x| c.digit(x) == 0).collect();
    let (triples, rest): (Vec<usize>, Vec<usize>) =
        open.iter().partition(|&&x| c.marks(x).count_ones() == 3);
    if triples.len() != 1 || rest.iter().any(|&x| c.marks(x).count_ones() != 2) {
        return None;
    }
    let cell = triples[0];
    let row = c.houses().houses_of(cell)[0];
    let digit = digits_of(c.marks(cell))
        .into_iter()
        .find(|&d| c.places(row, d).len() == 3)?;
    let explanation = format!(
        "BUG+1: every open cell has two candidates but {}; only {} there avoids a grid with two solutions",
        cell_name(c.shape(), cell),
        symbol(digit)
    );
    Some(Step {
        technique: Technique::BugPlusOne,
        placements: vec![(cell, digit)],
        eliminations: Vec::new(),
        highlight: Highlight {
            houses: vec![row],
            cells: vec![cell],
            candidates: vec![(cell, digit)],
            links: Vec::new(),
            rules: Vec::new(),
        },
        explanation,
    })
}
