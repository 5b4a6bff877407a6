//! Locked candidates: when a digit's places in one house all lie in another house, the
//! digit leaves the rest of that other house. Pointing starts from a box, claiming from a
//! row or column.

use crate::logic::{cell_list, Candidates, Highlight, Step, Technique};
use crate::symbols::symbol;

pub fn pointing(c: &Candidates) -> Option<Step> {
    let n = c.shape().n();
    locked(c, Technique::Pointing, 2 * n..3 * n, 0..2 * n)
}

pub fn claiming(c: &Candidates) -> Option<Step> {
    let n = c.shape().n();
    locked(c, Technique::Claiming, 0..2 * n, 2 * n..3 * n)
}

fn locked(
    c: &Candidates,
    technique: Technique,
    from: std::ops::Range<usize>,
    into: std::ops::Range<usize>,
) -> Option<Step> {
    let houses = c.houses();
    for h in from {
        for digit in 1..=c.shape().n() as u8 {
            if c.place_bits(h, digit).count_ones() < 2 {
                continue;
            }
            let places = c.places(h, digit);
            // Only houses of the first place can hold them all; in order, as `into` is.
            let others = houses.houses_of(places[0]).iter().copied();
            for other in others.filter(|o| into.contains(o)) {
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
                    cell_list(c.shape(), &places),
                    houses.name(other)
                );
                return Some(Step {
                    technique,
                    placements: Vec::new(),
                    eliminations,
                    highlight: Highlight {
                        houses: vec![h, other],
                        candidates: places.iter().map(|&p| (p, digit)).collect(),
                        cells: places,
                        links: Vec::new(),
                    },
                    explanation,
                });
            }
        }
    }
    None
}
