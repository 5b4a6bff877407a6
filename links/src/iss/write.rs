//! A puzzle written as ISS's constraint text and link: its shape, givens, houses and each
//! rule as the ISS type with that meaning; or, for a rule ISS has no type for, which one.

use percent_encoding::{utf8_percent_encode, AsciiSet, NON_ALPHANUMERIC};
use sudoku_engine::houses::HouseKind;
use sudoku_engine::puzzle::Puzzle;
use sudoku_engine::rules::{IndexerKind, Relation, Rule};

use super::build::little_killer_direction;
use super::names::cell_id;
use super::ISS_ADDRESS;

/// What `q=` leaves as it is besides letters and digits: ISS's own separators, so that
/// the link stays readable.
const KEPT: &AsciiSet = &NON_ALPHANUMERIC
    .remove(b'.')
    .remove(b'~')
    .remove(b'_')
    .remove(b'-');

/// The puzzle as an ISS link.
pub fn link(puzzle: &Puzzle) -> Result<String, String> {
    Ok(format!(
        "{ISS_ADDRESS}?q={}",
        utf8_percent_encode(&text(puzzle)?, KEPT)
    ))
}

/// The puzzle as ISS's constraint text, or which of its rules or houses ISS cannot state.
pub fn text(puzzle: &Puzzle) -> Result<String, String> {
    let shape = puzzle.shape();
    let n = shape.n();
    let name = |c: usize| cell_id(c / n, c % n);
    let names = |cells: &[usize]| cells.iter().map(|&c| name(c)).collect::<Vec<_>>().join("~");
    let mut out = String::new();
    if n != 9 {
        out.push_str(&format!(".Shape~{n}x{n}"));
    }
    let givens: Vec<String> = (0..n * n)
        .filter(|&c| puzzle.givens().get(c) != 0)
        .map(|c| format!("{}_{}", name(c), puzzle.givens().get(c)))
        .collect();
    if !givens.is_empty() {
        out.push_str(&format!(".~{}", givens.join("~")));
    }
    let houses = puzzle.houses();
    let mut regions = Vec::new();
    let (mut knight, mut king, mut disjoint) = (false, false, false);
    for h in 0..houses.len() {
        let cells = houses.cells(h);
        match houses.kind(h) {
            HouseKind::Row | HouseKind::Column | HouseKind::Cage => {}
            HouseKind::Region => regions.push(cells),
            HouseKind::Diagonal if cells.first() == Some(&0) => out.push_str(".Diagonal~-1"),
            HouseKind::Diagonal => out.push_str(".Diagonal~1"),
            HouseKind::ExtraRegion => out.push_str(&format!(".AllDifferent~{}", names(cells))),
            HouseKind::Knight => knight = true,
            HouseKind::King => king = true,
            HouseKind::Disjoint => disjoint = true,
        }
    }
    let boxes = regions.len() == n
        && regions
            .iter()
            .enumerate()
            .all(|(b, cells)| cells.iter().all(|&c| shape.box_of(c) == b));
    if !boxes {
        if regions.len() == n && regions.iter().all(|r| r.len() == n) {
            let mut layout = vec!['?'; n * n];
            for (r, cells) in regions.iter().enumerate() {
                for &c in *cells {
                    layout[c] = char::from_digit(r as u32, 36).unwrap_or('?');
                }
            }
            out.push_str(&format!(
                ".Jigsaw~{}",
                layout.into_iter().collect::<String>()
            ));
        } else if !regions.is_empty() {
            return Err("ISS has no regions but whole jigsaw layouts".into());
        }
        out.push_str(".NoBoxes");
    }
    for (on, part) in [
        (knight, ".AntiKnight"),
        (king, ".AntiKing"),
        (disjoint, ".DisjointSets"),
    ] {
        if on {
            out.push_str(part);
        }
    }
    for rule in puzzle.rules() {
        out.push_str(&rule_text(rule, n, &names)?);
    }
    Ok(out)
}

/// The row or column a line of a whole row or column is (`R3`, `C5`), and whether it runs
/// from the left or top.
fn line_of(cells: &[usize], n: usize) -> Option<(String, bool)> {
    let (first, last) = (*cells.first()?, *cells.last()?);
    if cells.len() != n {
        return None;
    }
    if first / n == last / n {
        Some((format!("R{}", first / n + 1), first < last))
    } else {
        Some((format!("C{}", first % n + 1), first < last))
    }
}

fn rule_text(rule: &Rule, n: usize, names: &dyn Fn(&[usize]) -> String) -> Result<String, String> {
    let cells = rule.cells();
    let lacks = |what: &str| Err(format!("ISS has no {what}"));
    Ok(match rule {
        Rule::Killer(k) => format!(".Cage~{}~{}", k.sum().unwrap_or(0), names(cells)),
        Rule::Thermometer(t) if t.is_slow() => return lacks("slow thermometer"),
        Rule::Thermometer(_) => format!(".Thermo~{}", names(cells)),
        Rule::Arrow(a) if a.circle().len() == 1 => format!(".Arrow~{}", names(cells)),
        Rule::Arrow(a) => {
            let circle = a.circle();
            let mut sorted = circle.to_vec();
            sorted.sort_unstable();
            if !(2..=3).contains(&circle.len()) || sorted != circle {
                return lacks("pill of other than 2 or 3 cells in reading order");
            }
            format!(".PillArrow~{}~{}", circle.len(), names(cells))
        }
        Rule::DoubleArrow(_) => format!(".DoubleArrow~{}", names(cells)),
        Rule::Dot(d) => {
            let pair = names(cells);
            match d.relation() {
                Relation::Difference(1) => format!(".WhiteDot~{pair}"),
                Relation::Ratio(2) => format!(".BlackDot~{pair}"),
                Relation::Sum(10) => format!(".X~{pair}"),
                Relation::Sum(5) => format!(".V~{pair}"),
                Relation::Difference(_) => return lacks("white dot of a difference other than 1"),
                Relation::Ratio(_) => return lacks("black dot of a ratio other than 2"),
                Relation::Sum(_) => return lacks("sum dot of a total other than 5 or 10"),
                Relation::NoneOf(_) => {
                    return lacks("rule against a relation between two cells alone (only grid-wide ones)")
                }
            }
        }
        Rule::Whispers(w) => format!(".Whisper~{}~{}", w.gap(), names(cells)),
        Rule::Between(_) => format!(".Between~{}", names(cells)),
        Rule::Lockout(l) => {
            let gap = Rule::Lockout(l.clone()).numbers().first().copied().unwrap_or(0);
            format!(".Lockout~{gap}~{}", names(cells))
        }
        Rule::LittleKiller(l) => {
            let diagonal = cells.len() > 1
                && little_killer_direction(cells[0], n).is_some_and(|(dr, dc)| {
                    cells.windows(2).all(|w| {
                        w[1] as isize == w[0] as isize + dr * n as isize + dc
                    }) && {
                        // The whole diagonal to the far edge.
                        let last = *cells.last().unwrap_or(&0);
                        let (r, c) = ((last / n) as isize + dr, (last % n) as isize + dc);
                        !((0..n as isize).contains(&r) && (0..n as isize).contains(&c))
                    }
                });
            if diagonal {
                format!(".LittleKiller~{}~{}", l.sum(), names(&cells[..1]))
            } else {
                format!(".Sum~{}~{}", l.sum(), names(cells))
            }
        }
        Rule::Renban(_) => format!(".Renban~{}", names(cells)),
        Rule::Entropic(_) => format!(".Entropic~{}", names(cells)),
        Rule::Modular(_) => format!(".Modular~3~{}", names(cells)),
        Rule::Zipper(_) => format!(".Zipper~{}", names(cells)),
        Rule::Palindrome(_) => format!(".Palindrome~{}", names(cells)),
        Rule::RegionSum(_) => format!(".RegionSumLine~{}", names(cells)),
        Rule::Sandwich(s) => match line_of(cells, n) {
            Some((line, _)) => format!(".Sandwich~{}~{line}", s.sum()),
            None => return lacks("sandwich but along a whole row or column"),
        },
        Rule::XSum(x) => match line_of(cells, n) {
            Some((line, true)) => format!(".XSum~{line}~{}~", x.sum()),
            Some((line, false)) => format!(".XSum~{line}~~{}", x.sum()),
            None => return lacks("x-sum but along a whole row or column"),
        },
        Rule::Skyscraper(s) => match line_of(cells, n) {
            Some((line, true)) => format!(".Skyscraper~{line}~{}~", s.seen()),
            Some((line, false)) => format!(".Skyscraper~{line}~~{}", s.seen()),
            None => return lacks("skyscraper but along a whole row or column"),
        },
        Rule::Indexer(i) => match i.kind() {
            IndexerKind::Column => format!(".Indexing~C~{}", names(&[i.cell()])),
            IndexerKind::Row => format!(".Indexing~R~{}", names(&[i.cell()])),
            IndexerKind::Box => return lacks("box indexer"),
        },
        Rule::Quadruple(q) => {
            let mut square = cells.to_vec();
            square.sort_unstable();
            let corner = square[0];
            if square != [corner, corner + 1, corner + n, corner + n + 1] {
                return lacks("quadruple but on the four cells around a corner");
            }
            let digits: Vec<String> = q.digits().iter().map(u8::to_string).collect();
            format!(".Quad~{}~{}", names(&[corner]), digits.join("~"))
        }
        Rule::Parity(p) => {
            let values: Vec<String> = (1..=n)
                .filter(|d| (d % 2 == 1) == p.is_odd())
                .map(|d| d.to_string())
                .collect();
            format!(".~{}_{}", names(cells), values.join("_"))
        }
        Rule::Clone(_) => {
            let half = cells.len() / 2;
            (0..half)
                .map(|i| format!(".SameValues~2~{}", names(&[cells[i], cells[half + i]])))
                .collect()
        }
        Rule::Extremum(_) => {
            return Err("a minimum or maximum cell is not written as ISS's text yet (ISS states it with GreaterThan)".into())
        }
        Rule::Nabner(_) => {
            return Err("a nabner line is not written as ISS's text yet (ISS states it with a Pair table)".into())
        }
    })
}
