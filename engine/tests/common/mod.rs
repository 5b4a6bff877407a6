//! Positions built by hand on a 9x9 grid, shared by `techniques.rs` (classic) and
//! `variant_steps.rs` (variants): cells named as r3c5, candidates kept or taken out, a
//! technique's step asked for alone.

use sudoku_engine::logic::{next_step, Candidates, Settings, Step, Technique};
use sudoku_engine::{Grid, Puzzle};

pub fn at(name: &str) -> usize {
    let (r, c) = name[1..].split_once('c').unwrap();
    (r.parse::<usize>().unwrap() - 1) * 9 + c.parse::<usize>().unwrap() - 1
}

pub fn cells(names: &str) -> Vec<usize> {
    names.split_whitespace().map(at).collect()
}

pub const fn row_of(cell: usize) -> usize {
    cell / 9
}

pub const fn col_of(cell: usize) -> usize {
    cell % 9
}

pub const fn box_of(cell: usize) -> usize {
    (cell / 27) * 3 + (cell % 9) / 3
}

pub fn empty() -> String {
    ".".repeat(81)
}

/// A position under `puzzle`'s houses and rules: `digits` placed (one-line form), every
/// other cell holding every candidate except those `remove(cell, digit)` takes out.
pub fn position_under(
    puzzle: &Puzzle,
    digits: &str,
    remove: impl Fn(usize, u8) -> bool,
) -> Candidates {
    let grid = Grid::parse(digits).unwrap();
    let marks: Vec<u32> = (0..81)
        .map(|cell| {
            (1..=9u8)
                .filter(|&d| !remove(cell, d))
                .fold(0, |m, d| m | 1 << (d - 1))
        })
        .collect();
    Candidates::from_marks(&grid, &marks, puzzle)
}

/// Keeps only `digits` as candidates in the cells named.
pub fn only<'a>(cells_and_digits: &'a [(&'a str, &'a [u8])]) -> impl Fn(usize, u8) -> bool + 'a {
    move |cell, d| {
        cells_and_digits
            .iter()
            .any(|(name, keep)| at(name) == cell && !keep.contains(&d))
    }
}

/// The step `t` alone finds.
pub fn step(c: &Candidates, t: Technique) -> Option<Step> {
    next_step(c, &Settings::only(t))
}

/// The step's eliminations, sorted, as (cell, digit).
pub fn eliminations(s: &Step) -> Vec<(usize, u8)> {
    let mut e = s.eliminations.clone();
    e.sort_unstable();
    e
}

/// (cell, digit) for every cell in `names` and every digit in `digits`, sorted.
pub fn expect(names: &str, digits: &[u8]) -> Vec<(usize, u8)> {
    let mut e: Vec<(usize, u8)> = cells(names)
        .into_iter()
        .flat_map(|c| digits.iter().map(move |&d| (c, d)))
        .collect();
    e.sort_unstable();
    e
}
