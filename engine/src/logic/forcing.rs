//! Forcing chains, the last logical resort: try each candidate of a cell with few of them,
//! follow the singles each forces (and what each variant rule then rules out), and keep
//! what every try agrees on; a try that breaks the rules shows that candidate is false.

use crate::logic::{cell_name, digits_of, Candidates, Highlight, Step, Technique};
use crate::symbols::symbol;

/// Places singles, and narrows every rule's cells to what the rule allows, until nothing
/// changes; false if the position breaks a rule. Each sweep places every single it meets
/// that still holds; singles reach the same end in any order.
fn follow_singles(c: &mut Candidates) -> bool {
    let puzzle = c.puzzle();
    let houses = puzzle.houses();
    loop {
        if !c.narrow_by_rules() || c.is_broken() {
            return false;
        }
        let mut placed = false;
        for x in 0..c.cells() {
            if c.digit(x) == 0 && c.marks(x).count_ones() == 1 {
                c.place(x, c.marks(x).trailing_zeros() as u8 + 1);
                placed = true;
            }
        }
        for h in (0..houses.len()).filter(|&h| houses.holds_every_digit(h)) {
            // Digits with one place in the house: seen once and never twice.
            let (mut once, mut twice) = (0u32, 0u32);
            for &x in houses.cells(h) {
                twice |= once & c.marks(x);
                once |= c.marks(x);
            }
            for d in digits_of(once & !twice) {
                if let Some(&x) = houses.cells(h).iter().find(|&&x| c.has(x, d)) {
                    c.place(x, d);
                    placed = true;
                }
            }
        }
        if !placed {
            return true;
        }
    }
}

pub fn forcing_chain(c: &Candidates) -> Option<Step> {
    let shape = c.shape();
    for size in 2..=c.shape().n() as u32 {
        for cell in (0..c.cells()).filter(|&x| c.digit(x) == 0 && c.marks(x).count_ones() == size) {
            let tries: Vec<(u8, Option<Candidates>)> = digits_of(c.marks(cell))
                .into_iter()
                .map(|d| {
                    let mut copy = c.clone();
                    copy.place(cell, d);
                    (d, follow_singles(&mut copy).then_some(copy))
                })
                .collect();
            if let Some(&(d, _)) = tries.iter().find(|(_, outcome)| outcome.is_none()) {
                let explanation = format!(
                    "Forcing chain: if {} were {}, the singles it forces would break a rule; so it is not {}",
                    cell_name(shape, cell),
                    symbol(d),
                    symbol(d)
                );
                return Some(Step {
                    technique: Technique::ForcingChain,
                    placements: Vec::new(),
                    eliminations: vec![(cell, d)],
                    highlight: Highlight {
                        houses: Vec::new(),
                        cells: vec![cell],
                        candidates: vec![(cell, d)],
                        links: Vec::new(),
                        rules: Vec::new(),
                    },
                    explanation,
                });
            }
            let outcomes: Vec<&Candidates> = tries.iter().filter_map(|(_, o)| o.as_ref()).collect();
            let placements: Vec<(usize, u8)> = (0..c.cells())
                .filter(|&x| c.digit(x) == 0 && x != cell)
                .filter_map(|x| {
                    let d = outcomes[0].digit(x);
                    (d != 0 && outcomes.iter().all(|o| o.digit(x) == d)).then_some((x, d))
                })
                .collect();
            let eliminations: Vec<(usize, u8)> = if placements.is_empty() {
                (0..c.cells())
                    .filter(|&x| x != cell)
                    .flat_map(|x| digits_of(c.marks(x)).into_iter().map(move |d| (x, d)))
                    .filter(|&(x, d)| outcomes.iter().all(|o| o.digit(x) != d && !o.has(x, d)))
                    .collect()
            } else {
                Vec::new()
            };
            if placements.is_empty() && eliminations.is_empty() {
                continue;
            }
            let digits: Vec<String> = tries.iter().map(|(d, _)| symbol(*d).to_string()).collect();
            let result = match placements.first() {
                Some(&(x, d)) => format!("{} is {}", cell_name(shape, x), symbol(d)),
                None => {
                    let (x, d) = eliminations[0];
                    format!("{} is not {}", cell_name(shape, x), symbol(d))
                }
            };
            let explanation = format!(
                "Forcing chain: whichever of {} {} takes, the singles that follow agree that {}",
                digits.join("/"),
                cell_name(shape, cell),
                result
            );
            let mut cells = vec![cell];
            cells.extend(placements.iter().chain(&eliminations).map(|&(x, _)| x));
            return Some(Step {
                technique: Technique::ForcingChain,
                placements: placements.into_iter().take(1).collect(),
                eliminations: eliminations.into_iter().take(1).collect(),
                highlight: Highlight {
                    houses: Vec::new(),
                    candidates: digits_of(c.marks(cell))
                        .into_iter()
                        .map(|d| (cell, d))
                        .collect(),
                    cells,
                    links: Vec::new(),
                    rules: Vec::new(),
                },
                explanation,
            });
        }
    }
    None
}
