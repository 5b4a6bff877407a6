//! Naked and hidden subsets: k cells of a house holding only k digits between them (naked),
//! or k digits of a house confined to k cells (hidden).

use crate::digits::DigitSet;
use crate::logic::{
    cell_list, combinations, digit_list, digits_of, Candidates, Highlight, Step, Technique,
};

pub fn naked(c: &Candidates, k: usize) -> Option<Step> {
    let technique = [
        Technique::NakedPair,
        Technique::NakedTriple,
        Technique::NakedQuad,
    ][k - 2];
    let houses = c.houses();
    for h in 0..houses.len() {
        let open: Vec<usize> = houses
            .cells(h)
            .iter()
            .copied()
            .filter(|&cell| c.digit(cell) == 0)
            .collect();
        let small: Vec<usize> = open
            .iter()
            .copied()
            .filter(|&cell| (2..=k as u32).contains(&c.marks(cell).count_ones()))
            .collect();
        for set in combinations(&small, k) {
            let union = set.iter().fold(0, |m, &cell| m | c.marks(cell));
            if union.count_ones() as usize != k {
                continue;
            }
            let eliminations: Vec<(usize, u8)> = open
                .iter()
                .filter(|cell| !set.contains(cell))
                .flat_map(|&cell| {
                    digits_of(c.marks(cell) & union)
                        .into_iter()
                        .map(move |d| (cell, d))
                })
                .collect();
            if eliminations.is_empty() {
                continue;
            }
            let digits = digits_of(union);
            let explanation = format!(
                "{technique} {} in {} ({}): remove {} from the other cells of {}",
                digit_list(&digits),
                houses.name(h),
                cell_list(c.shape(), &set),
                digit_list(&digits),
                houses.name(h)
            );
            return Some(subset_step(
                technique,
                h,
                set,
                &digits,
                c,
                eliminations,
                explanation,
            ));
        }
    }
    None
}

pub fn hidden(c: &Candidates, k: usize) -> Option<Step> {
    let technique = [
        Technique::HiddenPair,
        Technique::HiddenTriple,
        Technique::HiddenQuad,
    ][k - 2];
    let houses = c.houses();
    for h in 0..houses.len() {
        let digits: Vec<u8> = (1..=c.shape().n() as u8)
            .filter(|&d| !c.placed_in(h, d) && (1..=k).contains(&c.places(h, d).len()))
            .collect();
        for set in combinations(&digits, k) {
            let mut cells: Vec<usize> = set.iter().flat_map(|&d| c.places(h, d)).collect();
            cells.sort_unstable();
            cells.dedup();
            if cells.len() != k {
                continue;
            }
            let keep = set.iter().fold(DigitSet::EMPTY, |m, &d| m.with(d)).bits();
            let eliminations: Vec<(usize, u8)> = cells
                .iter()
                .flat_map(|&cell| {
                    digits_of(c.marks(cell) & !keep)
                        .into_iter()
                        .map(move |d| (cell, d))
                })
                .collect();
            if eliminations.is_empty() {
                continue;
            }
            let explanation = format!(
                "{technique} {} in {} ({}): remove the other candidates from those cells",
                digit_list(&set),
                houses.name(h),
                cell_list(c.shape(), &cells)
            );
            return Some(subset_step(
                technique,
                h,
                cells,
                &set,
                c,
                eliminations,
                explanation,
            ));
        }
    }
    None
}

fn subset_step(
    technique: Technique,
    house: usize,
    cells: Vec<usize>,
    digits: &[u8],
    c: &Candidates,
    eliminations: Vec<(usize, u8)>,
    explanation: String,
) -> Step {
    let candidates = cells
        .iter()
        .flat_map(|&cell| {
            digits
                .iter()
                .filter(move |&&d| c.has(cell, d))
                .map(move |&d| (cell, d))
        })
        .collect();
    Step {
        technique,
        placements: Vec::new(),
        eliminations,
        highlight: Highlight {
            houses: vec![house],
            cells,
            candidates,
            links: Vec::new(),
        },
        explanation,
    }
}
