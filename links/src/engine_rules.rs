//! The rules of f-puzzles' keys: each entry of a clue key becomes one or more engine rules
//! (a thermometer with branches is one rule per branch), as the key's [`ReadAs`] in the
//! table says; and a few keys become houses.

use serde_json::{Map, Value};
use sudoku_engine::houses::HouseKind;
use sudoku_engine::rules::{
    AnyOf, Automaton, CloneRule, Dot, Extremum, Indexer, IndexerKind, LittleKiller, Parity,
    Quadruple, Relation, Rule, RuleKind,
};

use crate::automaton::nfa_of_key;
use sudoku_engine::rules::Nfa;

use crate::cells;
use crate::document::{entries, number, text, Entry};
use crate::error::{invalid, LinkError};
pub(crate) use crate::keys::ANY_OF_KEY;
use crate::keys::{self, most, CellsOf, Key, LayerOf, LineOf, Pair, ReadAs, KEYS};
use crate::look::CellMark;

/// The flags of `negative` that are read.
pub(crate) const NEGATIVE: [&str; 4] = ["difference", "ratio", "xv", "sum"];

/// What the rules of one key need to know of the grid.
pub(crate) struct Context {
    pub n: usize,
    pub region_of: Vec<Option<usize>>,
}

/// Where an entry is, for messages: "killercage 3".
struct At<'a> {
    key: &'a str,
    index: usize,
}

impl At<'_> {
    fn error(&self, why: impl std::fmt::Display) -> LinkError {
        invalid(format!("{} {}: {why}", self.key, self.index + 1))
    }
}

impl Context {
    fn cell(&self, at: &At, name: &str) -> Result<usize, LinkError> {
        let (r, c) = cells::parse(name, self.n, false).map_err(|e| at.error(e))?;
        Ok(r * self.n + c)
    }

    fn cells(&self, at: &At, names: &[String]) -> Result<Vec<usize>, LinkError> {
        names.iter().map(|name| self.cell(at, name)).collect()
    }

    /// Cells that must be distinct, as in a cage.
    fn distinct(&self, at: &At, names: &[String]) -> Result<Vec<usize>, LinkError> {
        let list = self.cells(at, names)?;
        for (i, &c) in list.iter().enumerate() {
            if list[..i].contains(&c) {
                return Err(at.error(format!("cell {} is listed twice", cells::name(c, self.n))));
            }
        }
        Ok(list)
    }

    /// The lines of an entry, each at least one cell; empty lines are skipped.
    fn lines(&self, at: &At, entry: &Entry) -> Result<Vec<Vec<usize>>, LinkError> {
        let mut out = Vec::new();
        for line in &entry.lines {
            let cells = self.cells(at, line)?;
            if !cells.is_empty() {
                out.push(cells);
            }
        }
        Ok(out)
    }

    /// An outside clue's row or column, from its side.
    fn outside_line(&self, at: &At, entry: &Entry) -> Result<Vec<usize>, LinkError> {
        let name = entry
            .cell
            .as_deref()
            .ok_or_else(|| at.error("the clue has no cell"))?;
        let (r, c) = cells::parse(name, self.n, true).map_err(|e| at.error(e))?;
        cells::from_side(r, c, self.n).ok_or_else(|| {
            at.error(format!(
                "{} is not outside the grid beside a row or column",
                cells::shorten(name)
            ))
        })
    }

    /// The value of an entry as a whole number from `low` to `high`.
    fn value(
        &self,
        at: &At,
        entry: &Entry,
        what: &str,
        low: i64,
        high: i64,
    ) -> Result<Option<i64>, LinkError> {
        let Some(value) = &entry.value else {
            return Ok(None);
        };
        if matches!(value, Value::String(s) if s.trim().is_empty()) {
            return Ok(None);
        }
        let v = number(value).ok_or_else(|| {
            at.error(format!(
                "{what} \"{}\" is not a number",
                cells::shorten(&text(value))
            ))
        })?;
        if !(low..=high).contains(&v) {
            return Err(at.error(format!("{what} {v} is out of range ({low} to {high})")));
        }
        Ok(Some(v))
    }

    /// A pair of cells marked between them.
    fn pair(&self, at: &At, entry: &Entry) -> Result<(usize, usize), LinkError> {
        match self.cells(at, &entry.cells)?.as_slice() {
            &[a, b] if a != b => Ok((a.min(b), a.max(b))),
            _ => Err(at.error("a mark between cells needs two different cells")),
        }
    }
}

/// The rule of a line pattern: its segments' digits, read in order, are a word `nfa`
/// accepts; its label names it, or the rule it states (`Stated::of_label`).
pub(crate) fn pattern(segments: Vec<Vec<usize>>, nfa: Nfa, label: String) -> Rule {
    Rule::Automaton(Automaton::new(segments, nfa, label))
}

/// Whether one entry of a key reads, on a grid of side `n` with no regions; if not, why
/// (without the place, which the caller names).
pub(crate) fn check(n: usize, key: &Key, entry: Value) -> Result<(), String> {
    let ctx = Context {
        n,
        region_of: vec![None; n * n],
    };
    // Inserted, not collected: collecting into the map sorts, and brings a sort's code.
    let mut object = Map::new();
    object.insert(key.key.to_string(), Value::Array(vec![entry]));
    let place = format!("{} 1: ", key.key);
    read(&ctx, key, &object).map(|_| ()).map_err(|e| {
        let e = e.to_string();
        e.strip_prefix(&place).map_or(e.clone(), str::to_string)
    })
}

/// An entry's value and values as whole numbers.
fn numbers(at: &At, entry: &Entry) -> Result<(Option<i64>, Vec<i64>), LinkError> {
    let whole = |v: &Value| {
        number(v)
            .ok_or_else(|| at.error(format!("\"{}\" is not a number", cells::shorten(&text(v)))))
    };
    let value = entry.value.as_ref().map(whole).transpose()?;
    Ok((
        value,
        entry.values.iter().map(whole).collect::<Result<_, _>>()?,
    ))
}

/// The rules of one key's entries in the document, each with the index of its entry.
pub(crate) fn read(
    ctx: &Context,
    key: &Key,
    object: &Map<String, Value>,
) -> Result<Vec<(usize, Rule)>, LinkError> {
    let n = ctx.n;
    let list = entries(object, key.key)?;
    let (read, key) = (&key.read, key.key);
    let mut out = Vec::new();
    let mut clones = Vec::new();
    let mut ranked = Vec::new();
    for (index, entry) in list.iter().enumerate() {
        let at = At { key, index };
        let mut push = |rule: Result<Rule, String>| -> Result<(), LinkError> {
            out.push((index, rule.map_err(|why| at.error(why))?));
            Ok(())
        };
        match *read {
            ReadAs::Cage { rule } => {
                let cells = ctx.distinct(&at, &entry.cells)?;
                let sum = ctx.value(&at, entry, "sum", 0, most(n))?;
                if cells.len() > n {
                    return Err(at.error(format!(
                        "{} cells cannot hold distinct digits of a {n}x{n} grid",
                        cells.len()
                    )));
                }
                if !cells.is_empty() {
                    push(rule(cells, sum.map(|s| s as u32), n))?;
                }
            }
            ReadAs::Cells { rule } => {
                let cells = ctx.cells(&at, &entry.cells)?;
                let (value, values) = numbers(&at, entry)?;
                if !cells.is_empty() {
                    push(rule(CellsOf {
                        cells,
                        value,
                        values,
                    }))?;
                }
            }
            ReadAs::Layer { rule } => {
                let rows = ctx.lines(&at, entry)?;
                let columns = rows.first().map_or(0, Vec::len);
                let (last, full) = rows
                    .split_last()
                    .ok_or_else(|| at.error("it has no cells"))?;
                if full.iter().any(|r| r.len() != columns) || last.len() > columns {
                    return Err(
                        at.error("its rows are not of one length (the last may be shorter)")
                    );
                }
                let (value, values) = numbers(&at, entry)?;
                push(rule(LayerOf {
                    cells: rows.concat(),
                    columns,
                    n,
                    value,
                    values,
                }))?;
            }
            ReadAs::Ranking { .. } => {
                let line = ctx.outside_line(&at, entry)?;
                if let Some(v) = ctx.value(&at, entry, "value", 1, 4 * n as i64)? {
                    ranked.push((line, v));
                }
            }
            ReadAs::LittleKiller => {
                let sum = ctx.value(&at, entry, "sum", 0, most(n))?;
                let mut cells = ctx.cells(&at, &entry.cells)?;
                if cells.is_empty() {
                    cells = little_killer_cells(ctx, &at, entry)?;
                }
                if let (Some(sum), false) = (sum, cells.is_empty()) {
                    push(Ok(Rule::LittleKiller(LittleKiller::new(cells, sum as u32))))?;
                }
            }
            ReadAs::Outside { rule, most } => {
                let cells = ctx.outside_line(&at, entry)?;
                let Some(v) = ctx.value(&at, entry, "value", 0, most(n))? else {
                    continue;
                };
                push(rule(cells, v as u32))?;
            }
            ReadAs::Arrow { rule } => {
                let mut circle = ctx.distinct(&at, &entry.cells)?;
                for line in ctx.lines(&at, entry)? {
                    if circle.is_empty() {
                        circle.push(line[0]);
                    }
                    if !circle.contains(&line[0]) {
                        return Err(at.error(format!(
                            "the shaft starts at {}, not in the circle",
                            cells::name(line[0], n)
                        )));
                    }
                    let shaft: Vec<usize> =
                        line.into_iter().filter(|c| !circle.contains(c)).collect();
                    if !shaft.is_empty() {
                        push(Ok(rule(circle.clone(), shaft)))?;
                    }
                }
            }
            ReadAs::Quadruple => {
                let cells = ctx.distinct(&at, &entry.cells)?;
                if cells.is_empty() || cells.len() > 4 {
                    return Err(at.error(format!(
                        "a quadruple needs 1 to 4 cells, not {}",
                        cells.len()
                    )));
                }
                let digits = entry
                    .values
                    .iter()
                    .map(|v| {
                        number(v)
                            .filter(|&d| (1..=n as i64).contains(&d))
                            .map(|d| d as u8)
                            .ok_or_else(|| {
                                at.error(format!("\"{}\" is not a digit", cells::shorten(&text(v))))
                            })
                    })
                    .collect::<Result<Vec<u8>, _>>()?;
                if digits.len() > cells.len() {
                    return Err(at.error(format!(
                        "{} digits do not fit in {} cells",
                        digits.len(),
                        cells.len()
                    )));
                }
                push(Ok(Rule::Quadruple(Quadruple::new(cells, digits))))?;
            }
            ReadAs::Clone => {
                let original = ctx.cells(&at, &entry.cells)?;
                let copy = ctx.cells(&at, &entry.clone_cells)?;
                if original.len() != copy.len() {
                    return Err(at.error(format!(
                        "{} cells are cloned to {} cells",
                        original.len(),
                        copy.len()
                    )));
                }
                if !original.is_empty() {
                    clones.push((index, original, copy));
                }
            }
            ReadAs::Pair(pair) => {
                let (a, b) = ctx.pair(&at, entry)?;
                let relation = match pair {
                    Pair::Difference => Relation::Difference(
                        ctx.value(&at, entry, "value", 0, n as i64)?.unwrap_or(1) as u8,
                    ),
                    Pair::Ratio => Relation::Ratio(
                        ctx.value(&at, entry, "value", 1, n as i64)?.unwrap_or(2) as u8,
                    ),
                    Pair::Sum => Relation::Sum(xv_sum(&at, entry, n)?),
                    Pair::Total => Relation::Sum(dot_sum(ctx, &at, entry)?),
                };
                push(Ok(Rule::Dot(Dot::new(a, b, relation, n))))?;
            }
            ReadAs::Cell(mark) => {
                let name = entry
                    .cell
                    .as_deref()
                    .or(entry.cells.first().map(String::as_str));
                let cell = ctx.cell(&at, name.ok_or_else(|| at.error("no cell"))?)?;
                match mark {
                    CellMark::Odd | CellMark::Even => {
                        push(Ok(Rule::Parity(Parity::new(cell, mark == CellMark::Odd))))?
                    }
                    CellMark::Minimum | CellMark::Maximum => {
                        let marked = marked_cells(ctx, &list);
                        let others: Vec<usize> = cells::neighbours(cell, n)
                            .into_iter()
                            .filter(|c| !marked.contains(c))
                            .collect();
                        push(Ok(Rule::Extremum(Extremum::new(
                            cell,
                            others,
                            mark == CellMark::Maximum,
                        ))))?;
                    }
                }
            }
            ReadAs::Indexer(kind) => {
                for cell in ctx.cells(&at, &entry.cells)? {
                    let (r, c) = (cell / n, cell % n);
                    let (house, place): (Vec<usize>, usize) = match kind {
                        IndexerKind::Row => ((0..n).map(|i| i * n + c).collect(), r),
                        IndexerKind::Column => ((0..n).map(|i| r * n + i).collect(), c),
                        IndexerKind::Box => {
                            let Some(region) = ctx.region_of[cell] else {
                                return Err(
                                    at.error(format!("{} is in no region", cells::name(cell, n)))
                                );
                            };
                            let house: Vec<usize> = (0..n * n)
                                .filter(|&i| ctx.region_of[i] == Some(region))
                                .collect();
                            let place = house.iter().position(|&i| i == cell).unwrap_or(0);
                            (house, place)
                        }
                    };
                    if house.len() == n {
                        push(Ok(Rule::Indexer(Indexer::new(house, place, kind))))?;
                    }
                }
            }
            ReadAs::Line {
                rule,
                symmetric,
                gap,
            } => {
                for mut cells in ctx.lines(&at, entry)? {
                    if symmetric && cells[0] > cells[cells.len() - 1] {
                        cells.reverse();
                    }
                    let gap = match gap {
                        true => ctx.value(&at, entry, "value", 0, n as i64)?,
                        false => None,
                    };
                    let text = entry.value.as_ref().map(text);
                    push(rule(LineOf {
                        cells,
                        n,
                        gap: gap.map(|g| g as u8),
                        text: text.filter(|t| !t.trim().is_empty()),
                        region_of: &ctx.region_of,
                    }))?;
                }
            }
            ReadAs::Pattern => {
                let segments = ctx.lines(&at, entry)?;
                if segments.is_empty() {
                    return Err(at.error("the pattern has no cells"));
                }
                let key = entry.value.as_ref().map(text).unwrap_or_default();
                let nfa = nfa_of_key(&key, n, segments.len() > 1).map_err(|why| at.error(why))?;
                let label = entry.label.clone().unwrap_or_default();
                push(Ok(pattern(segments, nfa, label)))?;
            }
            ReadAs::House | ReadAs::Switch | ReadAs::Drawing | ReadAs::Global { .. } => {}
        }
    }
    if let ReadAs::Ranking { rule, option } = *read {
        let option = match object.get(option) {
            None | Some(Value::Null) => None,
            Some(value) => Some(text(value)),
        };
        let at = At { key, index: 0 };
        if let Some(rule) = rule(ranked, option.as_deref(), n).map_err(|why| at.error(why))? {
            out.push((0, rule));
        }
    }
    out.extend(canonical_clones(clones));
    Ok(out)
}

/// Clones in one form whichever way they were chained: the cells of every group that
/// clones another, with the group of the lowest cells as the original of all the others,
/// cell for cell. Where groups do not match one to one, the clones stay as written.
fn canonical_clones(pairs: Vec<(usize, Vec<usize>, Vec<usize>)>) -> Vec<(usize, Rule)> {
    fn find(parent: &mut [usize], mut x: usize) -> usize {
        while parent[x] != x {
            parent[x] = parent[parent[x]];
            x = parent[x];
        }
        x
    }
    // A clone whose copy overlaps its original is one clone of a cell per pair of cells
    // that differ (as Rangsk's `CloneConstraint.ts` skips a cell cloned onto itself), so
    // that no rule lists a cell twice.
    let as_written = |pairs: &[(usize, Vec<usize>, Vec<usize>)]| -> Vec<(usize, Rule)> {
        let mut out = Vec::new();
        for (i, a, b) in pairs {
            if a.iter().any(|x| b.contains(x)) {
                for (&x, &y) in a.iter().zip(b).filter(|(x, y)| x != y) {
                    out.push((*i, Rule::Clone(CloneRule::new(vec![x], vec![y]))));
                }
            } else {
                out.push((*i, Rule::Clone(CloneRule::new(a.clone(), b.clone()))));
            }
        }
        out
    };
    let cells = pairs
        .iter()
        .flat_map(|p| p.1.iter().chain(&p.2))
        .max()
        .map_or(0, |m| m + 1);
    let mut same: Vec<usize> = (0..cells).collect();
    for (_, a, b) in &pairs {
        for (&x, &y) in a.iter().zip(b) {
            let (x, y) = (find(&mut same, x), find(&mut same, y));
            same[x] = y;
        }
    }
    // Groups (sorted cell lists), joined where one clones another.
    let mut groups: Vec<Vec<usize>> = Vec::new();
    let group_of = |cells: &[usize], groups: &mut Vec<Vec<usize>>| {
        let mut sorted = cells.to_vec();
        sorted.sort_unstable();
        groups.iter().position(|g| *g == sorted).unwrap_or_else(|| {
            groups.push(sorted);
            groups.len() - 1
        })
    };
    let links: Vec<(usize, usize, usize)> = pairs
        .iter()
        .map(|(i, a, b)| (*i, group_of(a, &mut groups), group_of(b, &mut groups)))
        .collect();
    let mut joined: Vec<usize> = (0..groups.len()).collect();
    for &(_, a, b) in &links {
        let (a, b) = (find(&mut joined, a), find(&mut joined, b));
        joined[a] = b;
    }
    let mut out = Vec::new();
    let roots: Vec<usize> = (0..groups.len()).map(|g| find(&mut joined, g)).collect();
    let mut done = Vec::new();
    for g in 0..groups.len() {
        let root = roots[g];
        if done.contains(&root) {
            continue;
        }
        done.push(root);
        let mut members: Vec<usize> = (0..groups.len()).filter(|&h| roots[h] == root).collect();
        cells::sort_few_by(&mut members, |&a, &b| groups[a] < groups[b]);
        let first = links
            .iter()
            .filter(|l| roots[l.1] == root)
            .map(|l| l.0)
            .min()
            .unwrap_or(0);
        let original = groups[members[0]].clone();
        // Groups that share a cell have no one original: they stay as written.
        let disjoint = members.iter().enumerate().all(|(k, &g)| {
            members[k + 1..]
                .iter()
                .all(|&h| !groups[g].iter().any(|x| groups[h].contains(x)))
        });
        let mut rules = Vec::new();
        for &h in &members[1..] {
            let copy: Option<Vec<usize>> = original
                .iter()
                .map(|&o| {
                    let class = find(&mut same, o);
                    groups[h]
                        .iter()
                        .copied()
                        .find(|&x| find(&mut same, x) == class)
                })
                .collect();
            match copy {
                Some(copy) if disjoint && copy.len() == groups[h].len() => {
                    rules.push((first, Rule::Clone(CloneRule::new(original.clone(), copy))))
                }
                _ => {
                    rules.clear();
                    break;
                }
            }
        }
        if rules.is_empty() && members.len() > 1 {
            let mine: Vec<_> = pairs
                .iter()
                .filter(|p| links.iter().any(|l| l.0 == p.0 && roots[l.1] == root))
                .cloned()
                .collect();
            rules = as_written(&mine);
        }
        out.extend(rules);
    }
    out
}

fn xv_sum(at: &At, entry: &Entry, n: usize) -> Result<u8, LinkError> {
    let value = entry.value.as_ref().map(text).unwrap_or_default();
    let value = value.trim().to_ascii_uppercase();
    match (xv_total(&value), value.parse::<u8>()) {
        (Some(total), _) => Ok(total),
        (None, Ok(s)) if (2..=2 * n).contains(&(s as usize)) => Ok(s),
        _ => Err(at.error(format!("\"{}\" is neither X nor V", cells::shorten(&value)))),
    }
}

/// The total an X or V says (10 or 5); `None` for another letter.
pub(crate) fn xv_total(letter: &str) -> Option<u8> {
    match letter {
        "X" => Some(10),
        "V" => Some(5),
        _ => None,
    }
}

/// What a sum dot with no value sums to, as Rangsk's solvers read one.
const SUM_DOT_TOTAL: i64 = 5;

/// A sum dot's total: that of two different digits, and [`SUM_DOT_TOTAL`] where it shows
/// none.
fn dot_sum(ctx: &Context, at: &At, entry: &Entry) -> Result<u8, LinkError> {
    let most = 2 * ctx.n as i64 - 1;
    Ok(ctx
        .value(at, entry, "sum", 3, most)?
        .unwrap_or(SUM_DOT_TOTAL) as u8)
}

/// The cells a list of one-cell marks marks.
fn marked_cells(ctx: &Context, list: &[Entry]) -> Vec<usize> {
    list.iter()
        .filter_map(|e| e.cell.as_deref().or(e.cells.first().map(String::as_str)))
        .filter_map(|name| cells::parse(name, ctx.n, false).ok())
        .map(|(r, c)| r * ctx.n + c)
        .collect()
}

/// A little killer's diagonal from its clue cell and direction (when the cells are not
/// listed).
fn little_killer_cells(ctx: &Context, at: &At, entry: &Entry) -> Result<Vec<usize>, LinkError> {
    let n = ctx.n as isize;
    let Some(name) = entry.cell.as_deref() else {
        return Ok(Vec::new());
    };
    let (r, c) = cells::parse(name, ctx.n, true).map_err(|e| at.error(e))?;
    let (dr, dc) = match entry.direction.as_deref().unwrap_or("") {
        "UL" => (-1, -1),
        "UR" => (-1, 1),
        "DL" => (1, -1),
        "DR" => (1, 1),
        other => {
            return Err(at.error(format!(
                "direction \"{}\" is not UL, UR, DL or DR",
                cells::shorten(other)
            )))
        }
    };
    let (mut r, mut c) = (r as isize - 1 + dr, c as isize - 1 + dc);
    let mut out = Vec::new();
    while (0..n).contains(&r) && (0..n).contains(&c) {
        out.push((r * n + c) as usize);
        r += dr;
        c += dc;
    }
    Ok(out)
}

/// Houses from keys: killer cages (every cage is a house) and extra regions.
pub(crate) fn houses(
    ctx: &Context,
    object: &Map<String, Value>,
) -> Result<Vec<(HouseKind, Vec<usize>)>, LinkError> {
    let mut out = Vec::new();
    for (key, kind) in KEYS.iter().filter_map(|k| Some((k.key, keys::house(k)?))) {
        for (index, entry) in entries(object, key)?.iter().enumerate() {
            let cells = ctx.distinct(&At { key, index }, &entry.cells)?;
            if cells.len() > ctx.n {
                return Err(At { key, index }.error(format!(
                    "{} cells cannot hold distinct digits of a {n}x{n} grid",
                    cells.len(),
                    n = ctx.n
                )));
            }
            if cells.len() > 1 {
                out.push((kind, cells));
            }
        }
    }
    Ok(out)
}

/// One either-or rule's branches, each its rules with the key and place in the key's
/// list each was read from (what ISS's writer names them by); an error where a branch is
/// not a document of rule keys, or holds what the engine cannot state inside a branch
/// (an extra region, a rule of the whole grid, a ranking of several clues).
pub(crate) type Branches = Vec<Vec<(&'static str, usize, Rule)>>;

/// Whether a branch of an either-or rule may hold entries of `key`: rules of their own
/// cells (and either-or rules), not houses, rules of the whole grid or rankings of
/// several clues, which only make sense of the whole grid.
pub(crate) fn branch_may_hold(key: &str) -> bool {
    key == ANY_OF_KEY
        || keys::rule_keys()
            .any(|r| r.key == key && !matches!(r.read, ReadAs::House | ReadAs::Ranking { .. }))
}

/// The branches of entry `index` of the either-or rules (`entry` itself).
pub(crate) fn branches(ctx: &Context, index: usize, entry: &Value) -> Result<Branches, LinkError> {
    let at = At {
        key: ANY_OF_KEY,
        index,
    };
    let Some(Value::Array(list)) = entry.get("branches") else {
        return Err(at.error("it has no list of branches"));
    };
    let mut out = Vec::new();
    for branch in list {
        let Value::Object(branch) = branch else {
            return Err(at.error("a branch is not a document"));
        };
        if let Some(key) = branch.keys().find(|k| !branch_may_hold(k)) {
            return Err(at.error(format!(
                "a branch holds {}, which the engine cannot state inside an either-or rule",
                cells::shorten(key)
            )));
        }
        let mut rules = Vec::new();
        for key in keys::rule_keys() {
            rules.extend(
                read(ctx, key, branch)?
                    .into_iter()
                    .map(|(i, r)| (key.key, i, r)),
            );
        }
        rules.extend(
            any_of(ctx, branch)?
                .into_iter()
                .map(|(i, r)| (ANY_OF_KEY, i, r)),
        );
        out.push(rules);
    }
    Ok(out)
}

/// The either-or rules of the document ([`ANY_OF_KEY`]), each with the index of its entry:
/// at least one branch holds. One with a branch of no rules always holds, and is none; one
/// of no branches never does, and is an error.
pub(crate) fn any_of(
    ctx: &Context,
    object: &Map<String, Value>,
) -> Result<Vec<(usize, Rule)>, LinkError> {
    let list = match object.get(ANY_OF_KEY) {
        None | Some(Value::Null) => return Ok(Vec::new()),
        Some(Value::Array(list)) => list,
        Some(_) => return Err(invalid(format!("{ANY_OF_KEY} is not a list"))),
    };
    let mut out = Vec::new();
    for (index, entry) in list.iter().enumerate() {
        let branches = branches(ctx, index, entry)?;
        if branches.iter().any(Vec::is_empty) {
            continue;
        }
        let rules = branches
            .into_iter()
            .map(|b| b.into_iter().map(|(_, _, r)| r).collect())
            .collect();
        let rule = AnyOf::new(rules).ok_or_else(|| {
            At {
                key: ANY_OF_KEY,
                index,
            }
            .error("it has no branch, so it never holds")
        })?;
        out.push((index, Rule::AnyOf(rule)));
    }
    Ok(out)
}

/// A mark between two cells: its cells and its value.
type MarkedPair = ((usize, usize), Option<i64>);

/// The pairs of orthogonal neighbours a grid-wide negative rule covers, each with every
/// relation it must not keep, as Rangsk's solvers read f-puzzles
/// (`KropkiConstraint.ts`, `SumConstraint.ts` in dclamage/SudokuVariantSolverJS):
/// - `nonconsecutive`: no difference of 1;
/// - `negative: ["difference"]`: no difference that a white dot of the grid shows (1 for a
///   dot with no value), nor 1 with `nonconsecutive`;
/// - `negative: ["ratio"]`: no ratio that a black dot shows, nor 2;
/// - `negative: ["xv"]`: no sum of 5 or 10;
/// - `negative: ["sum"]`: no sum that a sum dot of the grid shows.
///
/// A pair with any Kropki dot, white or black, is free of the three dot rules; a pair with
/// an X, a V or a sum dot is free of the XV and sum rules but not of the dot rules, and a
/// Kropki dot's pair not of the XV and sum rules. One rule per pair that keeps a forbidden
/// relation.
pub(crate) fn negative(ctx: &Context, object: &Map<String, Value>) -> Result<Vec<Rule>, LinkError> {
    let n = ctx.n;
    let flags: Vec<String> = match object.get("negative") {
        Some(Value::Array(list)) => list.iter().map(text).collect(),
        Some(Value::String(s)) => vec![s.clone()],
        _ => Vec::new(),
    };
    let [difference, ratio, xv, sum] = NEGATIVE.map(|name| flags.iter().any(|f| f == name));
    let nonconsecutive = matches!(object.get("nonconsecutive"), Some(Value::Bool(true)));
    if !(nonconsecutive || difference || ratio || xv || sum) {
        return Ok(Vec::new());
    }
    // Each mark's pair and value.
    let marks = |key: &str| -> Result<Vec<MarkedPair>, LinkError> {
        entries(object, key)?
            .iter()
            .enumerate()
            .map(|(index, e)| {
                let at = At { key, index };
                Ok((ctx.pair(&at, e)?, e.value.as_ref().and_then(number)))
            })
            .collect()
    };
    let (white, black) = (marks("difference")?, marks("ratio")?);
    let (letters, sum_dots) = (marks("xv")?, marks("sum")?);
    // The values forbidden: those the dots of a negative rule's kind show, and its default.
    let (mut differences, mut ratios): (Vec<u8>, Vec<u8>) = (Vec::new(), Vec::new());
    if difference {
        differences.extend(white.iter().map(|m| m.1.unwrap_or(1) as u8));
    }
    if nonconsecutive {
        differences.push(1);
    }
    if ratio {
        ratios.push(2);
        ratios.extend(black.iter().map(|m| m.1.unwrap_or(2) as u8));
    }

    // In order and once each, read off every value rather than sorted: the link reader's only
    // sort of bytes was 4 KB of the browser's module (docs/budgets.md).
    for list in [&mut differences, &mut ratios] {
        *list = (0..=u8::MAX).filter(|v| list.contains(v)).collect();
    }
    // X and V first, then the sum dots' totals that are neither.
    let mut sums: Vec<u8> = if xv { vec![10, 5] } else { Vec::new() };
    if sum {
        let shown: Vec<u8> = sum_dots
            .iter()
            .map(|m| m.1.unwrap_or(SUM_DOT_TOTAL) as u8)
            .collect();
        for v in 0..=u8::MAX {
            if shown.contains(&v) && !sums.contains(&v) {
                sums.push(v);
            }
        }
    }
    let has = |list: &[MarkedPair], pair| list.iter().any(|m| m.0 == pair);
    let mut out = Vec::new();
    for a in 0..n * n {
        for b in [a + 1, a + n] {
            if b >= n * n || (b == a + 1 && b % n == 0) {
                continue;
            }
            let mut none = Vec::new();
            if !has(&white, (a, b)) && !has(&black, (a, b)) {
                none.extend(differences.iter().map(|&d| Relation::Difference(d)));
                none.extend(ratios.iter().map(|&r| Relation::Ratio(r)));
            }
            if !has(&letters, (a, b)) && !has(&sum_dots, (a, b)) {
                none.extend(sums.iter().map(|&s| Relation::Sum(s)));
            }
            if !none.is_empty() {
                out.push(Rule::Dot(Dot::new(a, b, Relation::NoneOf(none), n)));
            }
        }
    }
    Ok(out)
}

/// Every pair of neighbours (across a side, in cell order) that no dot of `rules` joins,
/// each with the rule that they are neither consecutive nor one double the other: what a
/// Kropki puzzle with every dot given says of the rest.
pub(crate) fn neither_pairs(n: usize, rules: &[Rule]) -> Vec<Rule> {
    let dotted = |a: usize, b: usize| {
        rules.iter().any(|r| {
            r.kind() == RuleKind::Dot
                && !matches!(r, Rule::Dot(d) if matches!(d.relation(), Relation::NoneOf(_)))
                && (r.cells() == [a, b] || r.cells() == [b, a])
        })
    };
    let neither = Relation::NoneOf(vec![Relation::Difference(1), Relation::Ratio(2)]);
    (0..n * n)
        .flat_map(|a| [(a, a + 1), (a, a + n)])
        .filter(|&(a, b)| b < n * n && (b != a + 1 || b % n != 0) && !dotted(a, b))
        .map(|(a, b)| Rule::Dot(Dot::new(a, b, neither.clone(), n)))
        .collect()
}
