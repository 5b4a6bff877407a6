//! Naked and hidden subsets: k cells of a house holding only k digits between them (naked),
//! or k digits of a house confined to k cells (hidden).

use crate::{
    cell_list, digit_list, digits_of, locked_subset, Candidates, Highlight, Step, Technique,
};
use sudoku_model::digits::DigitSet;

#[inline]
pub fn naked(c: &Candidates, k: usize) -> Option<Step> {
    let technique = [
        Technique::NakedPair,
        Technique::NakedTriple,
        Technique::NakedQuad,
    ][k - 2];
    let houses = c.houses();
    (0..houses.len()).find_map(|h| {
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
        let masks: Vec<u32> = small.iter().map(|&cell| c.marks(cell)).collect();
        locked_subset(&masks, k, |picked, union| {
            let set: Vec<usize> = picked.iter().map(|&i| small[i]).collect();
            let others: Vec<usize> = open.iter().copied().filter(|x| !set.contains(x)).collect();
            let digits = digits_of(union);
            let mut step = subset_step(technique, h, c, (&set, &digits), (&others, union))?;
            step.explanation = format!(
                "{technique} {} in {} ({}): remove {} from the other cells of {}",
                digit_list(&digits),
                houses.name(h),
                cell_list(c.shape(), &set),
                digit_list(&digits),
                houses.name(h)
            );
            Some(step)
        })
    })
}

#[inline]
pub fn hidden(c: &Candidates, k: usize) -> Option<Step> {
    let technique = [
        Technique::HiddenPair,
        Technique::HiddenTriple,
        Technique::HiddenQuad,
    ][k - 2];
    let houses = c.houses();
    // Only a house that must hold every digit locks its digits into a few of its cells.
    (0..houses.len())
        .filter(|&h| houses.holds_every_digit(h))
        .find_map(|h| {
            let cells_of_house = houses.cells(h);
            // Each digit's places as bits over the house's cells.
            let places = c.places_by_digit(h);
            let placed = cells_of_house
                .iter()
                .fold(DigitSet::EMPTY, |m, &cell| m.with(c.digit(cell)));
            let digits: Vec<u8> = (1..=c.shape().n() as u8)
                .filter(|&d| {
                    let count = places[usize::from(d - 1)].count_ones();
                    !placed.contains(d) && (1..=k as u32).contains(&count)
                })
                .collect();
            let masks: Vec<u32> = digits.iter().map(|&d| places[usize::from(d - 1)]).collect();
            locked_subset(&masks, k, |picked, places| {
                let set: Vec<u8> = picked.iter().map(|&i| digits[i]).collect();
                let mut cells: Vec<usize> = (0..cells_of_house.len())
                    .filter(|i| places & (1 << i) != 0)
                    .map(|i| cells_of_house[i])
                    .collect();
                cells.sort_unstable();
                let keep = set.iter().fold(DigitSet::EMPTY, |m, &d| m.with(d)).bits();
                let mut step = subset_step(technique, h, c, (&cells, &set), (&cells, !keep))?;
                step.explanation = format!(
                    "{technique} {} in {} ({}): remove the other candidates from those cells",
                    digit_list(&set),
                    houses.name(h),
                    cell_list(c.shape(), &cells)
                );
                Some(step)
            })
        })
}

/// The step of a subset of `house`: its cells and digits (`subset`), and what it removes,
/// the candidates among `removed.1` of the cells `removed.0`. None where it removes
/// nothing. The subset writes the step's explanation.
#[inline]
fn subset_step(
    technique: Technique,
    house: usize,
    c: &Candidates,
    subset: (&[usize], &[u8]),
    removed: (&[usize], u32),
) -> Option<Step> {
    let (from, mask) = removed;
    let eliminations: Vec<(usize, u8)> = from
        .iter()
        .flat_map(|&cell| {
            digits_of(c.marks(cell) & mask)
                .into_iter()
                .map(move |d| (cell, d))
        })
        .collect();
    if eliminations.is_empty() {
        return None;
    }
    let (cells, digits) = subset;
    let candidates = cells
        .iter()
        .flat_map(|&cell| {
            digits
                .iter()
                .filter(move |&&d| c.has(cell, d))
                .map(move |&d| (cell, d))
        })
        .collect();
    Some(Step {
        technique,
        placements: Vec::new(),
        eliminations,
        highlight: Highlight {
            houses: vec![house],
            cells: cells.to_vec(),
            candidates,
            links: Vec::new(),
            rules: Vec::new(),
        },
        explanation: String::new(),
    })
}
