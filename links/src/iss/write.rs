//! A puzzle written as ISS's constraint text and link: its shape, givens and houses, and
//! each rule as the ISS type of its f-puzzles key (the key table's `iss`), in the
//! key's ISS form, from the rule's cells and numbers; or, for a rule ISS has no type for, which one.

use sudoku_engine::chaos::{Chaos, ChaosClue};
use sudoku_engine::houses::HouseKind;
use sudoku_engine::rules::{FullRank, IssRule, Pairwise, Rule, Stated};
use sudoku_engine::Shape;

use super::build::{branch_given_key, little_killer_direction};
use super::names::cell_id;
use super::values;
use super::window::Window;
use super::{encoded, ISS_ADDRESS, KEPT, NAME_KEPT};
use crate::automaton::key_of_nfa;
use crate::engine_rules;
use crate::keys::{IssForm, Pair, ReadAs, CAGE_KEY, KEYS};
use crate::look::CellMark;
use crate::Imported;

/// The puzzle as an ISS link.
pub fn link(imported: &Imported) -> Result<String, String> {
    link_in::<true>(imported)
}

/// [`link`], where `CORNERS` says whether the puzzle may be ISS's grid in a corner of the
/// engine's (as [`crate::read_drawable`]'s never is: the page's module leaves that out).
pub(crate) fn link_in<const CORNERS: bool>(imported: &Imported) -> Result<String, String> {
    Ok(format!(
        "{ISS_ADDRESS}?q={}",
        encoded(&text_in::<CORNERS>(imported)?, KEPT)
    ))
}

/// The puzzle as ISS's constraint text, or which of its rules or houses ISS cannot state.
pub fn text(imported: &Imported) -> Result<String, String> {
    text_in::<true>(imported)
}

/// [`text`], with `CORNERS` as [`link_in`] has it.
fn text_in<const CORNERS: bool>(imported: &Imported) -> Result<String, String> {
    let puzzle = &imported.puzzle;
    let shape = puzzle.shape();
    let n = shape.n();
    // How far ISS's values are below the digits: 1 for a puzzle read with values from 0.
    let offset = imported.symbols.offset();
    let houses = puzzle.houses();
    // ISS's `Raw` grid type: houses with no rows (nor columns or boxes).
    let raw = !(0..houses.len()).any(|h| houses.kind(h) == HouseKind::Row);
    // ISS's grid where it is the corner of the engine's (see `window`).
    let window = match imported.symbols.window(n) {
        Some((rows, cols)) if CORNERS => {
            let mut window = Window::of(rows, cols, n);
            window.beyond.raw = raw;
            Some(window)
        }
        Some(_) => return Err("ISS's grid is a corner of the engine's".into()),
        None => None,
    };
    if let Some(window) = &window {
        let outside = |r: &Rule| r.cells().iter().any(|&c| !window.contains(c));
        if puzzle.rules().iter().any(outside) {
            return Err("ISS's extra cells (Var) are not written back yet".into());
        }
    }
    let mut out = if let Some(window) = &window {
        window.shape_text(offset)
    } else if offset != 0 {
        format!(".Shape~{n}x{n}~0-{}", n - 1)
    } else if n != 9 || raw {
        format!(".Shape~{n}x{n}")
    } else {
        String::new()
    };
    if raw {
        // The grid type after the values' range, which may be left empty.
        out.push_str(if out.matches('~').count() == 1 {
            "~~Raw"
        } else {
            "~Raw"
        });
    }
    let givens: Vec<String> = (0..n * n)
        .filter(|&c| puzzle.givens().get(c) != 0 && window.as_ref().is_none_or(|w| w.contains(c)))
        .map(|c| format!("{}_{}", name(c, n), puzzle.givens().get(c) - offset))
        .collect();
    if !givens.is_empty() {
        out.push_str(&format!(".~{}", givens.join("~")));
    }
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
    if let Some(window) = &window {
        out.push_str(&window.regions_text(&regions)?);
    } else if !boxes && !raw {
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
    let offset = i64::from(offset);
    let grid = window.as_ref().map_or((n, n), |w| (w.rows, w.cols));
    // An equality cage is ISS's `EqualityCage`, which states the cage without a sum that
    // goes with it (its digits differ) too: a pattern named so, whose automaton is the one
    // ISS's type builds, beside such a cage (a pattern of ISS's own may bear the name).
    // A killer cage without a sum, by the key it was read from.
    let sumless_cage = |i: usize| {
        matches!(imported.sources.get(i), Some(Some((key, _))) if *key == CAGE_KEY)
            && puzzle.rules()[i].numbers().is_empty()
    };
    let equality = |rule: &Rule| match rule {
        Rule::Automaton(a) if a.stated() == Stated::Iss(IssRule::EqualityCage) => {
            let cells = rule.cells();
            super::build::equality_cage_automaton(n, offset, cells.len())
                .is_ok_and(|key| key.as_str() == Some(&key_of_nfa(a.nfa(), n)))
                && (0..puzzle.rules().len())
                    .any(|i| sumless_cage(i) && puzzle.rules()[i].cells() == cells)
        }
        _ => false,
    };
    let equal_cells: Vec<&[usize]> = puzzle
        .rules()
        .iter()
        .filter(|r| equality(r))
        .map(Rule::cells)
        .collect();
    for (i, rule) in puzzle.rules().iter().enumerate() {
        if equality(rule) {
            out.push_str(&format!(".EqualityCage~{}", names(rule.cells(), n)));
            continue;
        }
        if sumless_cage(i) && equal_cells.contains(&rule.cells()) {
            continue;
        }
        if let Rule::SameValueSets(_) = rule {
            // Stated by no entry of the document: ISS's sets, from their size.
            let sets = rule.cells().len() / rule.numbers()[0] as usize;
            out.push_str(&format!(".SameValues~{sets}~{}", names(rule.cells(), n)));
            continue;
        }
        let Some(Some((key, index))) = imported.sources.get(i) else {
            // f-puzzles' negative rules, which ISS's strict types could state.
            return Err(
                "the negative constraint (neighbours with no dot, X or V between them have \
                 no such relation) is not written as ISS's yet"
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
        let text = match *key {
            engine_rules::ANY_OF_KEY => {
                let entry = &imported.document[engine_rules::ANY_OF_KEY][index];
                either_text(&context(imported)?, *index, entry, shape, grid, offset)?
            }
            _ => rule_text(rule, key, shape, grid, offset)?,
        };
        out.push_str(&text);
    }
    match &imported.chaos {
        Some(chaos) if CORNERS => out.push_str(&chaos_text(chaos, n)),
        // The page exports a chaos construction as the ISS link it came from
        // (`Board::export_link`), so that its module leaves the writing out.
        Some(_) => return Err("the page writes no chaos construction".into()),
        None => {}
    }
    Ok(out)
}

/// A chaos construction as ISS writes it: `ChaosConstruction`, and each clue with its
/// control cell, offset and region cells (`CC1` for r1c1's), an arrow's arms split by `-`;
/// `CountDistinct` and `SameValues` of region cells.
/// The reader reads only regions of the side's size, ISS's default, so no `RegionSize`.
fn chaos_text(chaos: &Chaos, n: usize) -> String {
    let region_cells =
        |cells: &[usize]| -> String { cells.iter().map(|c| format!("~CC{}", c + 1)).collect() };
    let mut out = String::from(".ChaosConstruction");
    for clue in chaos.clues() {
        let control = clue.control().map(|c| format!("~{}", name(c, n)));
        out.push_str(&match clue {
            ChaosClue::Run { arms, offset, .. } => {
                let arms: Vec<String> = arms.iter().map(|arm| region_cells(arm)).collect();
                format!(
                    ".ChaosArrow{}~{offset}{}",
                    control.unwrap_or_default(),
                    arms.join("~-")
                )
            }
            ChaosClue::Count { cells, offset, .. } => {
                let cells = region_cells(cells);
                format!(".ChaosCount{}~{offset}{cells}", control.unwrap_or_default())
            }
            ChaosClue::Regions { cells, .. } => {
                format!(
                    ".CountDistinct{}{}",
                    control.unwrap_or_default(),
                    region_cells(cells)
                )
            }
            ChaosClue::SameRegions { sets } => {
                format!(".SameValues~{}{}", sets.len(), region_cells(&sets.concat()))
            }
        });
    }
    out
}

/// What the rules of the puzzle's document need to be read again: its grid's regions.
fn context(imported: &Imported) -> Result<engine_rules::Context, String> {
    let layout = crate::document::layout(&imported.document).map_err(|e| e.to_string())?;
    Ok(engine_rules::Context {
        n: layout.shape.n(),
        region_of: layout.region_of,
    })
}

/// An either-or rule (entry `index` of its key, `entry`) as ISS's `Or`: each branch one
/// part, or an `And` of its parts; a given of one cell (a one-cell quadruple in the
/// document) as ISS's given.
fn either_text(
    ctx: &engine_rules::Context,
    index: usize,
    entry: &serde_json::Value,
    shape: Shape,
    grid: (usize, usize),
    offset: i64,
) -> Result<String, String> {
    let n = shape.n();
    let branches = engine_rules::branches(ctx, index, entry).map_err(|e| e.to_string())?;
    let mut out = String::from(".Or");
    for (b, branch) in branches.iter().enumerate() {
        let mut parts = String::new();
        for (key, i, rule) in branch {
            let numbers = rule.numbers();
            parts += &match (*key, rule.cells(), &numbers[..]) {
                (engine_rules::ANY_OF_KEY, _, _) => {
                    let nested = &entry["branches"][b][engine_rules::ANY_OF_KEY][*i];
                    either_text(ctx, *i, nested, shape, grid, offset)?
                }
                (_, &[cell], &[digit]) if *key == branch_given_key() => {
                    format!(".~{}_{}", name(cell, n), i64::from(digit) - offset)
                }
                _ => rule_text(rule, key, shape, grid, offset)?,
            };
        }
        match branch.len() == 1 && !parts[1..].contains(".") {
            true => out += &parts,
            false => out += &format!(".And{parts}.End"),
        }
    }
    Ok(out + ".End")
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
    let Some((dr, dc)) = cells
        .first()
        .and_then(|&c| little_killer_direction(c, n, n, n))
    else {
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

/// One rule as ISS's text, by the form of the f-puzzles key it was read from; `grid` is
/// ISS's rows and columns, `offset` how far ISS's values are below the digits (see
/// `values`).
fn rule_text(
    rule: &Rule,
    key: &str,
    shape: Shape,
    grid: (usize, usize),
    offset: i64,
) -> Result<String, String> {
    let n = shape.n();
    let cells = rule.cells();
    let numbers = rule.numbers();
    let first = numbers.first().copied().unwrap_or(0);
    // A sum of the digits of `count` cells as ISS's sum of their values.
    let sum = |count: usize| values::sum_of_values(first.into(), count, offset);
    let entry = KEYS.iter().find(|k| k.key == key);
    let Some((iss, entry)) = entry.and_then(|k| Some((k.iss.first()?, k))) else {
        // Odd and even cells are givens of the odd or even digits.
        if let Some(ReadAs::Cell(mark @ (CellMark::Odd | CellMark::Even))) = entry.map(|k| &k.read)
        {
            let values: Vec<String> = (1..=n as i64)
                .filter(|d| (d % 2 == 1) == (*mark == CellMark::Odd))
                .map(|d| (d - offset).to_string())
                .collect();
            return Ok(format!(".~{}_{}", names(cells, n), values.join("_")));
        }
        let said = entry.map_or(key, |k| k.name);
        // Named as the player sees it: the kind, and the rule by its cells.
        return Err(format!(
            "ISS has no {said} rule (the {})",
            rule.describe(shape)
        ));
    };
    if offset != 0 {
        let odd_zipper = *iss == "Zipper" && cells.len() % 2 == 1;
        let black = matches!(entry.read, ReadAs::Pair(Pair::Ratio));
        let refused = match values::refusal(iss) {
            Some(why) => Some(why),
            None if odd_zipper => Some("with values from 0, its centre is no sum of two".into()),
            None if black || values::STATED_AT_READ.contains(iss) => Some(
                "with values from 0, the reader states it through other rules, and the \
                 engine's own is on the digits"
                    .into(),
            ),
            None => None,
        };
        if let Some(why) = refused {
            return Err(format!("ISS cannot state this {}: {why}", entry.name));
        }
    }
    Ok(match entry.iss_form {
        IssForm::Cage if first != 0 && sum(cells.len()) == 0 => {
            return Err("ISS reads a cage sum of 0 as no sum".into())
        }
        IssForm::Cage if first != 0 => {
            format!(".{iss}~{}~{}", sum(cells.len()), names(cells, n))
        }
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
            format!(".{iss}~{}~{}", sum(cells.len()), names(&cells[..1], n))
        }
        // A sum of cells that may repeat: ISS's plain sum.
        IssForm::Diagonal => format!(".Sum~{}~{}", sum(cells.len()), names(cells, n)),
        IssForm::SideClue | IssForm::EndClues => {
            let Some((line, forward)) = line_of(cells, n) else {
                return Err(format!("ISS has no {key} but along a whole row or column"));
            };
            // A hidden skyscraper's clue is a value, one below its digit where values
            // start at 0 (as the reader reads it).
            let first = match *iss {
                "HiddenSkyscraper" => i64::from(first) - offset,
                _ => i64::from(first),
            };
            match (entry.iss_form, forward) {
                (IssForm::SideClue, _) => format!(".{iss}~{first}~{line}"),
                (_, true) => format!(".{iss}~{line}~{first}~"),
                (_, false) => format!(".{iss}~{line}~~{first}"),
            }
        }
        IssForm::Pairs => match (&numbers[..], offset) {
            ([0, 1], _) => format!(".WhiteDot~{}", names(cells, n)),
            ([1, 2], 0) => format!(".BlackDot~{}", names(cells, n)),
            ([2, total], _) if values::sum_of_values((*total).into(), 2, offset) == 10 => {
                format!(".X~{}", names(cells, n))
            }
            ([2, total], _) if values::sum_of_values((*total).into(), 2, offset) == 5 => {
                format!(".V~{}", names(cells, n))
            }
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
            let digits: Vec<String> = numbers
                .iter()
                .map(|&d| (i64::from(d) - offset).to_string())
                .collect();
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
        IssForm::Pattern => {
            let Rule::Automaton(line) = rule else {
                return Err(format!("ISS has no {key} of this rule"));
            };
            let segments: Vec<String> = line.segments().iter().map(|s| names(s, n)).collect();
            format!(
                ".{iss}~{}~_{}~{}",
                key_of_nfa(line.nfa(), n),
                encoded(line.label(), NAME_KEPT),
                segments.join("~-~")
            )
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
            if weights.iter().any(|w| w.abs() > 100) {
                return Err("ISS has no sum with a weight beyond -100 to 100".into());
            }
            // Where values start at 0, the digits' total is the weights' total more.
            let weights_total: i64 = weights.iter().map(|&w| i64::from(w)).sum();
            let weights = match weights.iter().all(|&w| w == 1) {
                true => String::new(),
                false => {
                    let listed: Vec<String> = weights.iter().map(i32::to_string).collect();
                    format!("_=_{}", listed.join("_"))
                }
            };
            let total = i64::from(*sum) - offset * weights_total;
            format!(".{iss}~{total}{weights}~{}", names(cells, n))
        }
        IssForm::Ranks => ranks_text(iss, entry.iss.get(1).copied(), &numbers, n),
        IssForm::Layer => {
            // ISS's grid, row by row (its extra cells are refused above).
            let (rows, columns) = grid;
            let whole = (0..rows * columns).map(|i| (i / columns) * n + i % columns);
            if first as usize != columns || !cells.iter().copied().eq(whole) {
                return Err(format!("ISS has no {} but of its whole grid", entry.name));
            }
            let values: Vec<String> = (1..=n as i64)
                .filter(|d| numbers[1] >> (d - 1) & 1 == 1)
                .map(|d| (d - offset).to_string())
                .collect();
            let size = match numbers[2] {
                0 => String::new(),
                size => format!("~{size}"),
            };
            format!(".{iss}~~{}{size}", values.join("_"))
        }
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
