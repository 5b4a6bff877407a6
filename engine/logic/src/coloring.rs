//! Simple colouring: a digit's strong links split its cells into two colours, one of which
//! is true. Two cells of one colour in a house make that colour false (a wrap); a cell that
//! sees both colours cannot hold the digit (a trap).

use crate::{cell_list, Candidates, Highlight, Link, Step, Technique};
use sudoku_model::symbols::symbol;

#[inline]
pub fn simple_colouring(c: &Candidates) -> Option<Step> {
    let n = c.shape().n();
    for digit in 1..=n as u8 {
        let pairs = c.conjugate_pairs(digit);
        let mut colour: Vec<Option<(usize, bool)>> = vec![None; c.cells()];
        let mut component = 0;
        for &(_, a, _) in &pairs {
            if colour[a].is_some() {
                continue;
            }
            // Colour one component by walking its strong links.
            colour[a] = Some((component, true));
            let mut stack = vec![a];
            let mut members = vec![a];
            let mut links = Vec::new();
            while let Some(x) = stack.pop() {
                let (_, side) = colour[x].expect("coloured");
                for &(_, p, q) in &pairs {
                    let other = if p == x {
                        q
                    } else if q == x {
                        p
                    } else {
                        continue;
                    };
                    if colour[other].is_none() {
                        colour[other] = Some((component, !side));
                        stack.push(other);
                        members.push(other);
                        links.push(Link {
                            from: (x, digit),
                            to: (other, digit),
                            strong: true,
                        });
                    }
                }
            }
            component += 1;
            if members.len() < 3 {
                continue;
            }
            let side_of = |x: usize| colour[x].map(|(_, s)| s);
            let (on, off): (Vec<usize>, Vec<usize>) =
                members.iter().partition(|&&x| side_of(x) == Some(true));
            let highlight = |links: Vec<Link>| Highlight {
                houses: Vec::new(),
                cells: members.clone(),
                candidates: members.iter().map(|&x| (x, digit)).collect(),
                links,
                rules: Vec::new(),
            };
            // Wrap: one colour sees itself, so every cell of that colour loses the digit.
            for group in [&on, &off] {
                if group.iter().any(|&x| group.iter().any(|&y| c.sees(x, y))) {
                    let explanation = format!(
                        "Simple colouring on {}: two cells of one colour ({}) share a house, so that colour is false",
                        symbol(digit),
                        cell_list(c.shape(), group)
                    );
                    return Some(Step {
                        technique: Technique::SimpleColouring,
                        placements: Vec::new(),
                        eliminations: group.iter().map(|&x| (x, digit)).collect(),
                        highlight: highlight(links),
                        explanation,
                    });
                }
            }
            // Trap: a cell outside that sees both colours.
            let targets: Vec<usize> = (0..c.cells())
                .filter(|&x| c.has(x, digit) && side_of(x).is_none())
                .filter(|&x| on.iter().any(|&y| c.sees(x, y)) && off.iter().any(|&y| c.sees(x, y)))
                .collect();
            if !targets.is_empty() {
                let explanation = format!(
                    "Simple colouring on {}: one of the two colours is true, and {} see both, so they lose {}",
                    symbol(digit),
                    cell_list(c.shape(), &targets),
                    symbol(digit)
                );
                return Some(Step {
                    technique: Technique::SimpleColouring,
                    placements: Vec::new(),
                    eliminations: targets.into_iter().map(|x| (x, digit)).collect(),
                    highlight: highlight(links),
                    explanation,
                });
            }
        }
    }
    None
}
