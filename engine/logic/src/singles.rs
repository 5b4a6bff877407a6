//! Full house, hidden single and naked single: a digit placed.

use crate::{cell_name, Candidates, Highlight, Step, Technique};
use sudoku_model::digits::DigitSet;
use sudoku_model::symbols::symbol;

#[inline]
fn placement(
    technique: Technique,
    cell: usize,
    digit: u8,
    houses: Vec<usize>,
    explanation: String,
) -> Step {
    Step {
        technique,
        placements: vec![(cell, digit)],
        eliminations: Vec::new(),
        highlight: Highlight {
            houses,
            cells: vec![cell],
            candidates: vec![(cell, digit)],
            links: Vec::new(),
            rules: Vec::new(),
        },
        explanation,
    }
}

/// A house with one empty cell left: it takes the missing digit. Only a house that holds
/// every digit has one missing digit.
#[inline]
pub fn full_house(c: &Candidates) -> Option<Step> {
    let houses = c.houses();
    let whole = (0..houses.len()).filter(|&h| houses.holds_every_digit(h));
    whole.into_iter().find_map(|h| {
        let cells = houses.cells(h);
        let mut empty = cells.iter().filter(|&&cell| c.digit(cell) == 0);
        let (&cell, None) = (empty.next()?, empty.next()) else {
            return None;
        };
        let digit = (1..=c.shape().n() as u8).find(|&d| !c.placed_in(h, d) && c.has(cell, d))?;
        let text = format!(
            "Full house: {} is the last empty cell in {}, so it is {}",
            cell_name(c.shape(), cell),
            houses.name(h),
            symbol(digit)
        );
        Some(placement(Technique::FullHouse, cell, digit, vec![h], text))
    })
}

/// A digit with one place left in a house that must hold it; boxes are looked at first,
/// as people do.
#[inline]
pub fn hidden_single(c: &Candidates) -> Option<Step> {
    let houses = c.houses();
    let n = c.shape().n();
    // Rows and columns are the first 2n houses where there are any: a grid of ISS's `Raw`
    // shape has none.
    let lines = (2 * n).min(houses.len());
    let order = (lines..houses.len()).chain(0..lines);
    let order = order.filter(|&h| houses.holds_every_digit(h));
    order.into_iter().find_map(|h| {
        // Digits seen once among the house's candidates and never twice.
        let (mut once, mut twice) = (0u32, 0u32);
        for &cell in houses.cells(h) {
            twice |= once & c.marks(cell);
            once |= c.marks(cell);
        }
        let digit = DigitSet::from_bits(once & !twice).iter().next()?;
        let cell = *houses.cells(h).iter().find(|&&cell| c.has(cell, digit))?;
        let text = format!(
            "Hidden single: {} has one place left in {}, {}",
            symbol(digit),
            houses.name(h),
            cell_name(c.shape(), cell)
        );
        Some(placement(
            Technique::HiddenSingle,
            cell,
            digit,
            vec![h],
            text,
        ))
    })
}

/// A cell with one candidate left.
#[inline]
pub fn naked_single(c: &Candidates) -> Option<Step> {
    (0..c.cells()).find_map(|cell| {
        let m = c.marks(cell);
        if c.digit(cell) != 0 || m.count_ones() != 1 {
            return None;
        }
        let digit = m.trailing_zeros() as u8 + 1;
        let text = format!(
            "Naked single: {} can only be {}",
            cell_name(c.shape(), cell),
            symbol(digit)
        );
        Some(placement(
            Technique::NakedSingle,
            cell,
            digit,
            Vec::new(),
            text,
        ))
    })
}
