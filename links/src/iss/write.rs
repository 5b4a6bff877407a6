//! A puzzle written as ISS's constraint text and link: its shape, givens and houses, and
//! each rule as the ISS type of its f-puzzles key (the key table's `iss`), in the
//! key's ISS form, from the rule's cells and numbers; or, for a rule ISS has no type for, which one.

use percent_encoding::{utf8_percent_encode, AsciiSet, NON_ALPHANUMERIC};
use sudoku_engine::houses::HouseKind;
use sudoku_engine::rules::{FullRank, Pairwise, Rule};

use super::build::little_killer_direction;
use super::names::cell_id;
use super::ISS_ADDRESS;
use crate::keys::{IssForm, ReadAs, KEYS};
use crate::look::CellMark;
use crate::Imported;

/// What `q=` leaves as it is besides letters and digits: ISS's own separators, so that
/// the link stays readable.
const KEPT: &AsciiSet = &NON_ALPHANUMERIC
    .remove(b'.')
    .remove(b'~')
    .remove(b'_')
    .remove(b'-');

/// The puzzle as an ISS link.
pub fn link(imported: &Imported) -> Result<String, String> {
    Ok(format!(
        "{ISS_ADDRESS}?q={}",
        utf8_percent_encode(&text(imported)?, KEPT)
    ))
}

/// The puzzle as ISS's constraint text, or which of its rules or houses ISS cannot state.
pub fn text(imported: &Imported) -> Result<String, String> {
    let puzzle = &imported.puzzle;
    let shape = puzzle.shape();
    let n = shape.n();
    let mut out = String::new();
    if n != 9 {
        out.push_str(&format!(".Shape~{n}x{n}"));
    }
    let givens: Vec<String> = (0..n * n)
        .filter(|&c| puzzle.givens().get(c) != 0)
        .map(|c| format!("{}_{}", name(c, n), puzzle.givens().get(c)))
        .collect();
    if !givens.is_empty() {
        out.push_str(&format!(".~{}", givens.join("~")));
    }
    let houses = puzzle.houses();
    let mut regions = Vec::new();
    let mut switches = Vec::new();
    for h in 0..houses.len() {
        let cells = houses.cells(h);
        match houses.kind(h) {
            HouseKind::Row | HouseKind::Column | HouseKind::Cage => {}
            HouseKind::Region => regions.push(cells),
            HouseKind::Diagonal if cells.first() == Some(&0) => out.push_str(".Diagonal~-1"),
            HouseKind::Diagonal => out.push_str(".Diagonal~1"),
            HouseKind::ExtraRegion => out.push_str(&format!(".AllDifferent~{}", names(cells, n))),
            HouseKind::Knight => switches.push(".AntiKnight"),
            HouseKind::King => switches.push(".AntiKing"),
            HouseKind::Disjoint => switches.push(".DisjointSets"),
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
    switches.dedup();
    out.extend(switches);
    // A rule of the whole grid is one rule per cell or square, written once.
    let mut global = Vec::new();
    for (i, rule) in puzzle.rules().iter().enumerate() {
        let Some(Some((key, _))) = imported.sources.get(i) else {
            return Err(
                "ISS has no rule against a relation on the unmarked pairs of some cells \
                        (f-puzzles' negative rules are not written as ISS's strict rules yet)"
                    .into(),
            );
        };
        if KEYS
            .iter()
            .any(|k| k.key == *key && matches!(k.iss_form, IssForm::Global { .. }))
        {
            if global.contains(key) {
                continue;
            }
            global.push(key);
        }
        out.push_str(&rule_text(rule, key, n)?);
    }
    Ok(out)
}

fn name(cell: usize, n: usize) -> String {
    cell_id(cell / n, cell % n)
}

fn names(cells: &[usize], n: usize) -> String {
    cells
        .iter()
        .map(|&c| name(c, n))
        .collect::<Vec<_>>()
        .join("~")
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

/// Whether the cells are a whole little killer diagonal as ISS names them, from its first
/// cell to the far edge.
fn is_iss_diagonal(cells: &[usize], n: usize) -> bool {
    let Some((dr, dc)) = cells.first().and_then(|&c| little_killer_direction(c, n)) else {
        return false;
    };
    let step = dr * n as isize + dc;
    let last = cells[cells.len() - 1];
    let (r, c) = ((last / n) as isize + dr, (last % n) as isize + dc);
    cells.len() > 1
        && cells
            .windows(2)
            .all(|w| w[1] as isize == w[0] as isize + step)
        && !((0..n as isize).contains(&r) && (0..n as isize).contains(&c))
}

/// One rule as ISS's text, by the form of the f-puzzles key it was read from.
fn rule_text(rule: &Rule, key: &str, n: usize) -> Result<String, String> {
    let cells = rule.cells();
    let numbers = rule.numbers();
    let first = numbers.first().copied().unwrap_or(0);
    let entry = KEYS.iter().find(|k| k.key == key);
    let Some((iss, entry)) = entry.and_then(|k| Some((k.iss.first()?, k))) else {
        // Odd and even cells are givens of the odd or even digits.
        if let Some(ReadAs::Cell(mark @ (CellMark::Odd | CellMark::Even))) = entry.map(|k| &k.read)
        {
            let values: Vec<String> = (1..=n)
                .filter(|d| (d % 2 == 1) == (*mark == CellMark::Odd))
                .map(|d| d.to_string())
                .collect();
            return Ok(format!(".~{}_{}", names(cells, n), values.join("_")));
        }
        let said = entry.map_or(key, |k| k.name);
        return Err(format!("ISS has no {said} rule (f-puzzles' {key})"));
    };
    Ok(match entry.iss_form {
        IssForm::Cage | IssForm::GapLine { .. } => format!(".{iss}~{first}~{}", names(cells, n)),
        IssForm::Shaft if first == 1 => format!(".{iss}~{}", names(cells, n)),
        IssForm::Shaft => {
            let circle = &cells[..first as usize];
            if !(2..=3).contains(&circle.len()) || !circle.is_sorted() {
                return Err("ISS has no pill of other than 2 or 3 cells in reading order".into());
            }
            format!(".PillArrow~{first}~{}", names(cells, n))
        }
        IssForm::Diagonal if is_iss_diagonal(cells, n) => {
            format!(".{iss}~{first}~{}", names(&cells[..1], n))
        }
        // A sum of cells that may repeat: ISS's plain sum.
        IssForm::Diagonal => format!(".Sum~{first}~{}", names(cells, n)),
        IssForm::SideClue | IssForm::EndClues => {
            let Some((line, forward)) = line_of(cells, n) else {
                return Err(format!("ISS has no {key} but along a whole row or column"));
            };
            match (entry.iss_form, forward) {
                (IssForm::SideClue, _) => format!(".{iss}~{first}~{line}"),
                (_, true) => format!(".{iss}~{line}~{first}~"),
                (_, false) => format!(".{iss}~{line}~~{first}"),
            }
        }
        IssForm::Pairs => match numbers[..] {
            [0, 1] => format!(".WhiteDot~{}", names(cells, n)),
            [1, 2] => format!(".BlackDot~{}", names(cells, n)),
            [2, 10] => format!(".X~{}", names(cells, n)),
            [2, 5] => format!(".V~{}", names(cells, n)),
            _ => {
                return Err(format!(
                    "ISS has no {key} mark of this value (only ±1, ×2, X and V)"
                ))
            }
        },
        IssForm::Modular(modulus) => format!(".{iss}~{modulus}~{}", names(cells, n)),
        IssForm::Corner => {
            let mut square = cells.to_vec();
            square.sort_unstable();
            let corner = square[0];
            if square != [corner, corner + 1, corner + n, corner + n + 1] {
                return Err("ISS has no quadruple but on the four cells around a corner".into());
            }
            let digits: Vec<String> = numbers.iter().map(u32::to_string).collect();
            format!(".{iss}~{}~{}", name(corner, n), digits.join("~"))
        }
        IssForm::Indexing(kind) => {
            format!(".{iss}~{kind}~{}", name(cells[first as usize], n))
        }
        IssForm::SameValues => {
            let half = cells.len() / 2;
            (0..half)
                .map(|i| format!(".{iss}~2~{}", names(&[cells[i], cells[half + i]], n)))
                .collect()
        }
        IssForm::Global { .. } => format!(".{iss}"),
        IssForm::Segments { .. } => {
            let closed = if numbers.get(1) == Some(&1) {
                "~LOOP"
            } else {
                ""
            };
            format!(".{iss}~{first}~{}{closed}", names(cells, n))
        }
        IssForm::Relation => {
            let table = Pairwise::new(Vec::new(), numbers[1..].to_vec(), false).key();
            format!(".{iss}~{table}~{}", names(cells, n))
        }
        IssForm::Weighted => {
            // Weights are written as the wire keeps them, in two's complement.
            let signed: Vec<i32> = numbers.iter().map(|&x| x as i32).collect();
            let (sum, weights) = signed.split_first().ok_or("a sum with no total")?;
            let weights = match weights.iter().all(|&w| w == 1) {
                true => String::new(),
                false => {
                    let listed: Vec<String> = weights.iter().map(i32::to_string).collect();
                    format!("_=_{}", listed.join("_"))
                }
            };
            format!(".{iss}~{sum}{weights}~{}", names(cells, n))
        }
        IssForm::Ranks => ranks_text(iss, entry.iss.get(1).copied(), &numbers, n),
        _ => format!(".{iss}~{}", names(cells, n)),
    })
}

/// A full rank rule's clues (its numbers: the ties, then each number's index and rank)
/// as ISS writes them, each row or column once with its clues from either end, and the
/// ties where they are not ISS's default.
fn ranks_text(iss: &str, ties_type: Option<&str>, numbers: &[u32], n: usize) -> String {
    let mut out = String::new();
    for line in 0..2 * n {
        let cells: Vec<usize> = match line < n {
            true => (0..n).map(|c| line * n + c).collect(),
            false => (0..n).map(|r| r * n + line - n).collect(),
        };
        let backward: Vec<usize> = cells.iter().rev().copied().collect();
        let rank_of = |cells: &[usize]| {
            numbers[1..]
                .chunks(2)
                .find(|c| FullRank::entry(cells, n) == Some(c[0] as usize))
                .map_or(String::new(), |c| c[1].to_string())
        };
        let (from_start, from_end) = (rank_of(&cells), rank_of(&backward));
        if from_start.is_empty() && from_end.is_empty() {
            continue;
        }
        let name = match line < n {
            true => format!("R{}", line + 1),
            false => format!("C{}", line - n + 1),
        };
        out.push_str(&format!(".{iss}~{name}~{from_start}~{from_end}"));
    }
    match (numbers.first(), ties_type) {
        (Some(0), Some(ties)) => out.push_str(&format!(".{ties}~none")),
        (Some(2), Some(ties)) => out.push_str(&format!(".{ties}~any")),
        _ => {}
    }
    out
}
