//! Wings: XY-Wing, XYZ-Wing and W-Wing, small patterns of bivalue cells.

use crate::{cell_list, cell_name, digits_of, Candidates, Highlight, Link, Step, Technique};
use sudoku_model::symbols::symbol;

#[inline]
fn bivalue(c: &Candidates) -> Vec<usize> {
    (0..c.cells())
        .filter(|&x| c.marks(x).count_ones() == 2)
        .collect()
}

/// The step of a wing over `cells` that puts `digit` in one of the cells `seen`: it
/// leaves every cell that sees all of them. None where no such cell has it. The wing
/// writes the step's explanation (and its links, if it has them).
#[inline]
fn wing_step(
    technique: Technique,
    c: &Candidates,
    cells: &[usize],
    digit: u8,
    seen: &[usize],
) -> Option<Step> {
    let targets = c.seeing_all(seen, digit);
    if targets.is_empty() {
        return None;
    }
    let candidates = cells
        .iter()
        .flat_map(|&x| digits_of(c.marks(x)).into_iter().map(move |d| (x, d)))
        .collect();
    Some(Step {
        technique,
        placements: Vec::new(),
        eliminations: targets.into_iter().map(|t| (t, digit)).collect(),
        highlight: Highlight {
            houses: Vec::new(),
            cells: cells.to_vec(),
            candidates,
            links: Vec::new(),
            rules: Vec::new(),
        },
        explanation: String::new(),
    })
}

/// A pivot {x,y} seeing pincers {x,z} and {y,z}: whichever the pivot is, one pincer is z,
/// so z leaves every cell that sees both pincers.
#[inline]
pub fn xy_wing(c: &Candidates) -> Option<Step> {
    let cells = bivalue(c);
    for &pivot in &cells {
        let pm = c.marks(pivot);
        for &p1 in cells.iter().filter(|&&p| c.sees(pivot, p)) {
            let shared1 = c.marks(p1) & pm;
            if shared1.count_ones() != 1 || c.marks(p1) == pm {
                continue;
            }
            let z = c.marks(p1) & !pm;
            for &p2 in cells.iter().filter(|&&p| p > p1 && c.sees(pivot, p)) {
                let m2 = c.marks(p2);
                if m2 != (pm & !shared1) | z {
                    continue;
                }
                let digit = z.trailing_zeros() as u8 + 1;
                let wing = [pivot, p1, p2];
                if let Some(mut step) = wing_step(Technique::XyWing, c, &wing, digit, &[p1, p2]) {
                    step.explanation = format!(
                        "XY-Wing: {} is {}, so {} or {} is {}; remove {} from cells that see both",
                        cell_name(c.shape(), pivot),
                        digits_of(pm)
                            .iter()
                            .map(|&d| symbol(d).to_string())
                            .collect::<Vec<_>>()
                            .join(" or "),
                        cell_name(c.shape(), p1),
                        cell_name(c.shape(), p2),
                        symbol(digit),
                        symbol(digit)
                    );
                    return Some(step);
                }
            }
        }
    }
    None
}

/// A pivot {x,y,z} seeing pincers {x,z} and {y,z}: one of the three is z, so z leaves
/// every cell that sees all three.
#[inline]
pub fn xyz_wing(c: &Candidates) -> Option<Step> {
    let pairs = bivalue(c);
    for pivot in (0..c.cells()).filter(|&x| c.marks(x).count_ones() == 3) {
        let pm = c.marks(pivot);
        let wings: Vec<usize> = pairs
            .iter()
            .copied()
            .filter(|&p| c.sees(pivot, p) && c.marks(p) & !pm == 0)
            .collect();
        for (i, &p1) in wings.iter().enumerate() {
            for &p2 in &wings[i + 1..] {
                let z = c.marks(p1) & c.marks(p2);
                if z.count_ones() != 1 || c.marks(p1) | c.marks(p2) != pm {
                    continue;
                }
                let digit = z.trailing_zeros() as u8 + 1;
                let all = [pivot, p1, p2];
                if let Some(mut step) = wing_step(Technique::XyzWing, c, &all, digit, &all) {
                    step.explanation = format!(
                        "XYZ-Wing: one of {} is {}; remove {} from cells that see all three",
                        cell_list(c.shape(), &all),
                        symbol(digit),
                        symbol(digit)
                    );
                    return Some(step);
                }
            }
        }
    }
    None
}

/// Two cells {x,y} joined by a strong link on x (each sees one end): one of them is y, so y
/// leaves every cell that sees both.
#[inline]
pub fn w_wing(c: &Candidates) -> Option<Step> {
    let cells = bivalue(c);
    for (i, &a) in cells.iter().enumerate() {
        for &b in &cells[i + 1..] {
            if c.marks(a) != c.marks(b) || c.sees(a, b) {
                continue;
            }
            let [x, y] = <[u8; 2]>::try_from(digits_of(c.marks(a))).expect("bivalue");
            for (link, elim) in [(x, y), (y, x)] {
                for (_, e1, e2) in c.conjugate_pairs(link) {
                    let joined =
                        (c.sees(a, e1) && c.sees(b, e2)) || (c.sees(a, e2) && c.sees(b, e1));
                    if !joined || [e1, e2].contains(&a) || [e1, e2].contains(&b) {
                        continue;
                    }
                    let wing = [a, b, e1, e2];
                    if let Some(mut step) = wing_step(Technique::WWing, c, &wing, elim, &[a, b]) {
                        step.explanation = format!(
                            "W-Wing: {} and {} are both {}/{}, and the strong link on {} between {} and {} makes one of them {}; remove {} from cells that see both",
                            cell_name(c.shape(), a),
                            cell_name(c.shape(), b),
                            symbol(x),
                            symbol(y),
                            symbol(link),
                            cell_name(c.shape(), e1),
                            cell_name(c.shape(), e2),
                            symbol(elim),
                            symbol(elim)
                        );
                        step.highlight.links = vec![Link {
                            from: (e1, link),
                            to: (e2, link),
                            strong: true,
                        }];
                        return Some(step);
                    }
                }
            }
        }
    }
    None
}
