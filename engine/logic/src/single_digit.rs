//! Single-digit patterns: Skyscraper, 2-String Kite and Empty Rectangle. Each joins two
//! strong links on one digit; at least one far end holds the digit, so cells that see
//! both far ends lose it.

use crate::{cell_name, Candidates, Highlight, Link, Step, Technique};
use sudoku_model::houses::HouseKind;
use sudoku_model::symbols::symbol;

/// Whether a house is a row, a column or a box (standard houses only).
#[inline]
fn kind(c: &Candidates, house: usize) -> Option<HouseKind> {
    match house / c.shape().n() {
        0 => Some(HouseKind::Row),
        1 => Some(HouseKind::Column),
        2 => Some(HouseKind::Region),
        _ => None,
    }
}

/// Two strong links whose near ends share a house (weak link): their far ends cannot
/// both be false. `accept` says which pairings of link houses and joint make the pattern.
#[inline]
fn two_links(
    c: &Candidates,
    technique: Technique,
    accept: impl Fn(HouseKind, HouseKind, bool, bool) -> bool,
) -> Option<Step> {
    let shape = c.shape();
    let n = shape.n();
    for digit in 1..=n as u8 {
        let links = c.conjugate_pairs(digit);
        for (i, &(h1, a1, a2)) in links.iter().enumerate() {
            for &(h2, b1, b2) in &links[i + 1..] {
                let (Some(k1), Some(k2)) = (kind(c, h1), kind(c, h2)) else {
                    continue;
                };
                for (near1, far1) in [(a1, a2), (a2, a1)] {
                    for (near2, far2) in [(b1, b2), (b2, b1)] {
                        let cells = [near1, far1, near2, far2];
                        if cells
                            .iter()
                            .enumerate()
                            .any(|(i, x)| cells[i + 1..].contains(x))
                            || !c.sees(near1, near2)
                        {
                            continue;
                        }
                        let same_line = shape.cell(near1).row == shape.cell(near2).row
                            || shape.cell(near1).col == shape.cell(near2).col;
                        let same_box = shape.box_of(near1) == shape.box_of(near2);
                        if !accept(k1, k2, same_line, same_box) || c.sees(far1, far2) {
                            continue;
                        }
                        let targets = c.seeing_all(&[far1, far2], digit);
                        if targets.is_empty() {
                            continue;
                        }
                        let explanation = format!(
                            "{technique} on {}: strong links {}-{} and {}-{} meet at {} and {}, so {} or {} is {}; remove it from cells that see both",
                            symbol(digit),
                            cell_name(shape, far1),
                            cell_name(shape, near1),
                            cell_name(shape, near2),
                            cell_name(shape, far2),
                            cell_name(shape, near1),
                            cell_name(shape, near2),
                            cell_name(shape, far1),
                            cell_name(shape, far2),
                            symbol(digit)
                        );
                        let d = digit;
                        return Some(Step {
                            technique,
                            placements: Vec::new(),
                            eliminations: targets.into_iter().map(|t| (t, d)).collect(),
                            highlight: Highlight {
                                houses: vec![h1, h2],
                                cells: cells.to_vec(),
                                candidates: cells.iter().map(|&x| (x, d)).collect(),
                                links: vec![
                                    Link {
                                        from: (far1, d),
                                        to: (near1, d),
                                        strong: true,
                                    },
                                    Link {
                                        from: (near1, d),
                                        to: (near2, d),
                                        strong: false,
                                    },
                                    Link {
                                        from: (near2, d),
                                        to: (far2, d),
                                        strong: true,
                                    },
                                ],
                                rules: Vec::new(),
                            },
                            explanation,
                        });
                    }
                }
            }
        }
    }
    None
}

/// Two parallel strong links (two rows or two columns) whose near ends share a line.
#[inline]
pub fn parallel_links(c: &Candidates) -> Option<Step> {
    two_links(c, Technique::ParallelLinks, |k1, k2, same_line, _| {
        k1 == k2 && k1 != HouseKind::Region && same_line
    })
}

/// A strong link in a row and one in a column whose near ends share a box.
#[inline]
pub fn two_string_kite(c: &Candidates) -> Option<Step> {
    two_links(c, Technique::TwoStringKite, |k1, k2, _, same_box| {
        matches!(
            (k1, k2),
            (HouseKind::Row, HouseKind::Column) | (HouseKind::Column, HouseKind::Row)
        ) && same_box
    })
}

/// A box whose places for the digit lie on one row and one column (the empty rectangle),
/// with a strong link in a line: the link's far end and the box's cross cannot both be
/// false, so the cell where they meet loses the digit.
#[inline]
pub fn empty_rectangle(c: &Candidates) -> Option<Step> {
    let shape = c.shape();
    let n = shape.n();
    for digit in 1..=n as u8 {
        // The boxes, where the grid has them (not on ISS's `Raw` shape, nor where a cage
        // stands at a box's place, which need not hold the digit).
        let houses = c.houses();
        let boxes = (2 * n..3 * n).filter(|&h| h < houses.len() && houses.holds_every_digit(h));
        for bx in boxes {
            let places = c.places(bx, digit);
            if places.len() < 2 {
                continue;
            }
            let rows: Vec<usize> = places.iter().map(|&p| shape.cell(p).row).collect();
            let cols: Vec<usize> = places.iter().map(|&p| shape.cell(p).col).collect();
            for &r in &rows {
                for &col in &cols {
                    // The cross: every place on row r or column col, and not all on one line.
                    let on_cross = places
                        .iter()
                        .all(|&p| shape.cell(p).row == r || shape.cell(p).col == col);
                    let spread = rows.iter().any(|&x| x != r) && cols.iter().any(|&x| x != col);
                    if !on_cross || !spread {
                        continue;
                    }
                    for (house, a, b) in c.conjugate_pairs(digit) {
                        if kind(c, house) == Some(HouseKind::Region)
                            || places.contains(&a)
                            || places.contains(&b)
                        {
                            continue;
                        }
                        for (near, far) in [(a, b), (b, a)] {
                            let (near_at, far_at) = (shape.cell(near), shape.cell(far));
                            // A column link whose near end is on the cross's row: the far
                            // end's row meets the cross's column; and the other way round.
                            let target = if kind(c, house) == Some(HouseKind::Column)
                                && near_at.row == r
                            {
                                far_at.row * n + col
                            } else if kind(c, house) == Some(HouseKind::Row) && near_at.col == col {
                                r * n + far_at.col
                            } else {
                                continue;
                            };
                            if c.houses().cells(bx).contains(&target)
                                || !c.has(target, digit)
                                || target == far
                            {
                                continue;
                            }
                            let explanation = format!(
                                "Empty rectangle on {} in {}: its places lie on row {} and column {}; with the strong link {}-{}, {} cannot be {}",
                                symbol(digit),
                                c.houses().name(bx),
                                r + 1,
                                col + 1,
                                cell_name(shape, near),
                                cell_name(shape, far),
                                cell_name(shape, target),
                                symbol(digit)
                            );
                            let mut cells = places.clone();
                            cells.extend([near, far]);
                            return Some(Step {
                                technique: Technique::EmptyRectangle,
                                placements: Vec::new(),
                                eliminations: vec![(target, digit)],
                                highlight: Highlight {
                                    houses: vec![bx, house],
                                    candidates: cells.iter().map(|&x| (x, digit)).collect(),
                                    cells,
                                    links: vec![Link {
                                        from: (near, digit),
                                        to: (far, digit),
                                        strong: true,
                                    }],
                                    rules: Vec::new(),
                                },
                                explanation,
                            });
                        }
                    }
                }
            }
        }
    }
    None
}
