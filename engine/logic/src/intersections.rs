//! Locked candidates: when a digit's places in one house that must hold it all lie in
//! another house, the digit leaves the rest of that other house. Pointing starts from a box
//! (or an irregular region), claiming from any other house that holds every digit: a row,
//! a column, a diagonal, an extra region. The other house may be of any kind, a cage too.

use crate::{cell_list, Candidates, Highlight, Step, Technique};
use sudoku_model::digits::DigitSet;
use sudoku_model::houses::HouseKind;
use sudoku_model::symbols::symbol;

#[inline]
pub fn pointing(c: &Candidates) -> Option<Step> {
    locked(c, Technique::Pointing, |kind| kind == HouseKind::Region)
}

#[inline]
pub fn claiming(c: &Candidates) -> Option<Step> {
    locked(c, Technique::Claiming, |kind| kind != HouseKind::Region)
}

#[inline]
fn locked(c: &Candidates, technique: Technique, from: impl Fn(HouseKind) -> bool) -> Option<Step> {
    let houses = c.houses();
    let from = (0..houses.len()).filter(|&h| houses.holds_every_digit(h) && from(houses.kind(h)));
    for h in from {
        let bits = c.places_by_digit(h);
        for digit in 1..=c.shape().n() as u8 {
            let mask = bits[usize::from(digit - 1)];
            if mask.count_ones() < 2 {
                continue;
            }
            // The places, in the house's order, kept on the stack until a step needs them.
            let mut kept = [0usize; 32];
            for (k, i) in DigitSet::from_bits(mask).iter().enumerate() {
                kept[k] = houses.cells(h)[usize::from(i - 1)];
            }
            let places = &kept[..mask.count_ones() as usize];
            // Only houses of the first place can hold them all; in order, as `into` is.
            let others = houses.houses_of(places[0]).iter().copied();
            for other in others.filter(|&o| o != h) {
                let inside = houses.cells(other);
                if !places.iter().all(|p| inside.contains(p)) {
                    continue;
                }
                let eliminations: Vec<(usize, u8)> = inside
                    .iter()
                    .filter(|&&cell| !places.contains(&cell) && c.has(cell, digit))
                    .map(|&cell| (cell, digit))
                    .collect();
                if eliminations.is_empty() {
                    continue;
                }
                let explanation = format!(
                    "{technique}: in {}, {} lies only in {} ({}), so it can be removed from the rest of {}",
                    houses.name(h),
                    symbol(digit),
                    houses.name(other),
                    cell_list(c.shape(), places),
                    houses.name(other)
                );
                return Some(Step {
                    technique,
                    placements: Vec::new(),
                    eliminations,
                    highlight: Highlight {
                        houses: vec![h, other],
                        candidates: places.iter().map(|&p| (p, digit)).collect(),
                        cells: places.to_vec(),
                        links: Vec::new(),
                        rules: Vec::new(),
                    },
                    explanation,
                });
            }
        }
    }
    None
}
