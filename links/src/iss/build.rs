//! ISS's parts into the f-puzzles document this crate keeps every puzzle in, each type
//! with the meaning ISS's builder gives it (`SudokuBuilder._constraintHandlers` in
//! `js/solver/sudoku_builder.js`), so that the import reads it into engine rules and
//! the page draws it. Where ISS and f-puzzles differ, ISS's meaning is written:
//! - `Diagonal~1` is the anti-diagonal (╱), `Diagonal~-1` the main one;
//! - a little killer is named by the first cell of its diagonal, whose direction follows
//!   from the side of the grid that cell is on (`LittleKiller.cellMap`);
//! - a dot, X or V over several cells marks every pair of them that are orthogonal
//!   neighbours; over none, it is an error, as in ISS;
//! - a given of several values is odd or even where those are every odd or even digit,
//!   else an automaton of the one cell accepting those digits; several givens of one cell
//!   keep the values they share;
//! - `SameValues` of single cells are clones of one cell, of several-cell sets the
//!   engine's `SameValueSets` rule (with `RegionSameValues`, stated by [`Window::restate`],
//!   which the page leaves out), of one set nothing;
//! - `Whisper` with no difference has 5, a cage with sum 0 or none has no sum;
//! - `StrictKropki` forbids consecutive digits and the ratio 2 on every pair of
//!   neighbours without a dot, and `StrictXV` the sums 5 and 10 on those without X or V;
//! - `AntiConsecutive` forbids consecutive neighbours everywhere: f-puzzles' rule, which
//!   exempts the pairs a dot marks, and on each of those a relation of no two consecutive
//!   digits;
//! - a `Cage` listing a cell twice sums it twice (ISS's `Sum` adds up a cell's weights), its
//!   digits differing as its cells do: a cage of no sum and a weighted sum;
//! - `Modular` of another modulus than 3 is ISS's two relations: the first m cells differ
//!   mod m (every two of them), every m-th cell from each is the same mod m;
//! - `EqualSum`'s segments (and, where values start at 0, an arrow's circle and shaft, a
//!   double arrow's ends and middle, a region sum line's pieces) add up to the same: the
//!   first less each other as a weighted sum;
//! - `EqualityCage`, `CountDistinct`, `ValueIndexing`, `DutchFlatmates` and, where values
//!   start at 0, `Skyscraper` are automata over their cells, built in [`stated`] from ISS's
//!   handlers' meaning; `BlackDot` and `StrictXV` where values start at 0 are relations;
//! - a rellik cage's and a lunchbox's digits differ (ISS makes their cells exclusive), so
//!   each is a cage; a lunchbox of no sum or 0 has its smallest and largest digits side by
//!   side, a rellik cage of 0 is refused (its handler has no filling);
//! - `Sum` adds up cells that may repeat digits, with weights after `_=_` (-100 to 100,
//!   one per cell; anything else after the sum is ignored, as ISS does);
//! - a `SumLine` ends in `LOOP` where it closes on its first cell (kept as a line back to
//!   it), its sum from 1 to 30 as ISS's handler allows;
//! - `Pair` and `PairX` are a table and groups of cells, each group after an empty
//!   argument or a name (`_name`, dropped); `Binary` and `BinaryX` are the same with the
//!   legacy alphabet of the table, written back as `Pair` and `PairX`;
//! - `GreaterThan` compares each cell with every later cell next to it;
//! - `FullRank` clues are one rule with the ties of `FullRankTies` (`only-unclued` unless
//!   it says otherwise; `none` is a rule even with no clue), and a clued number's first
//!   cell holds the digit its rank says, as ISS's handler sets it;
//! - `AntiTaxicab`, `GlobalEntropy` and `GlobalMod` are rules of every cell or 2x2
//!   square, the last two on digits 1-9 only;
//! - a jigsaw with `NoBoxes` gives the regions; without it, the boxes stay and each piece
//!   is an extra region; `NoBoxes` alone leaves the grid without regions, as does a side
//!   with no boxes (5x5, 7x7);
//! - `Or` is an either-or rule of its branches (each part or group inside it), `And` its
//!   parts, `Replicate` its parts copied onto its targets ([`read_all`]); `LookAndSay`,
//!   `ContainExact` and `ContainAtLeast` are automata of their counts ([`counted`]); a
//!   `Raw` grid (no rows, columns or boxes) is read as the command line's alone
//!   (`window::Beyond::raw`);
//! - `ConnectedValues` is a rule of ISS's grid, or of a group of its extra cells (`VA` for
//!   `Var~A`, laid out in rows as ISS lays it out), row by row ([`layer`]): the cells
//!   holding its values are one region, not empty, of its size where given. ISS merges
//!   several of one layer into one handler with joint deductions that follow from each
//!   region's being connected, so each part is a rule of its own here.
//!
//! A type the engine cannot state yet, and every bad part, is an error naming the part:
//! each entry a part writes is read by the engine's reader (`engine_rules::check`) as
//! soon as it is written.

use serde_json::{Map, Value};
use sudoku_engine::symbols::Symbols;

use super::names::{cell_id, parse_cell, spoken};
use super::regex::nfa_of_regex;
use super::stated::{self, Walk};
use super::text::{Part, COMPOSITES};
use super::values;
use super::window::{box_dims, Beyond, Window, EDGE_TYPES};
use crate::automaton::{key_of_nfa, nfa_of_key};
use crate::bits::{from_base64url, sextet};
use sudoku_engine::chaos::{Chaos, ChaosClue};
use sudoku_engine::rules::{IssRule, Nfa, RuleKind, Stated};

use crate::cells;
use crate::document::{entry_of, push_entry};
use crate::engine_rules;
use crate::keys::{self, mark_key, pair_key, IssForm, Key, Pair, ReadAs, Style, KEYS};
use crate::look::CellMark;

/// Why a part cannot be read.
type Why = String;

/// The puzzle so far, as f-puzzles keys and the grid's cells.
struct Builder {
    /// The engine grid's side (ISS's number of values).
    n: usize,
    /// ISS's grid inside the engine's: its rows, columns and regions.
    window: Window,
    /// How much ISS's values are below the digits: 1 where they start at 0 (see
    /// [`values`]), else 0.
    offset: i64,
    /// Each cell's values where givens limit it (intersected over every given of it),
    /// with the number of the part that last named it.
    givens: Vec<Option<(Vec<u32>, Part)>>,
    keys: Map<String, Value>,
    no_boxes: bool,
    jigsaw: Option<(Vec<usize>, Part)>,
    anti_consecutive: Option<Part>,
    negative: Vec<&'static str>,
    /// Each pair of cells a dot, X or V marks, with its key.
    marked: Vec<(&'static str, [usize; 2])>,
    /// Region sum lines where values start at 0, stated once the regions are known.
    region_sum_lines: Vec<Vec<usize>>,
    /// `ChaosConstruction` and the clues that read its regions, read by [`chaos`] (the
    /// page plays them too: the player's colours are the regions).
    chaos: Vec<Part>,
    /// Where values start at 0, the labels of the entries whose number the document holds
    /// on the digits (a sum, a clue), as ISS writes them ([`IssLabel`]).
    written: Vec<IssLabel>,
}

/// An entry's label as ISS writes it, where the document holds another number for its
/// rule: the entry's key, its place in the key's list (a figure's `source`), and the label.
/// The drawing says the puzzle's own numbers; the engine's rules keep the digits'.
pub(crate) type IssLabel = (&'static str, usize, String);

impl Builder {
    fn new(window: Window, offset: i64) -> Builder {
        let n = window.side;
        Builder {
            n,
            window,
            offset,
            givens: vec![None; n * n],
            keys: Map::new(),
            no_boxes: false,
            jigsaw: None,
            anti_consecutive: None,
            negative: Vec::new(),
            marked: Vec::new(),
            region_sum_lines: Vec::new(),
            chaos: Vec::new(),
            written: Vec::new(),
        }
    }

    fn push(&mut self, key: &str, entry: Value) {
        push_entry(&mut self.keys, key, entry);
    }

    /// [`Builder::push`], of an entry whose label ISS writes as `written`: kept where
    /// values start at 0 (and the entry's number is the digits'), for the drawing.
    fn push_written(&mut self, key: &'static str, entry: Value, written: &str) {
        if self.offset != 0 {
            let place = self
                .keys
                .get(key)
                .and_then(Value::as_array)
                .map_or(0, Vec::len);
            self.written.push((key, place, written.trim().to_string()));
        }
        self.push(key, entry);
    }

    fn flag(&mut self, key: &str) {
        self.keys.insert(key.into(), Value::Bool(true));
    }

    fn cells(&self, names: &[String]) -> Result<Vec<usize>, Why> {
        if names.is_empty() {
            return Err("it names no cells".into());
        }
        names.iter().map(|c| self.cell(c)).collect()
    }

    /// A cell of ISS's grid, or one of its extra cells, by its name.
    fn cell(&self, name: &str) -> Result<usize, Why> {
        let extra = &self.window.beyond.extra_cells;
        if let Some(&(_, cell)) = extra.iter().find(|(n, _)| n == name) {
            return Ok(cell);
        }
        let cell = parse_cell(name, self.n)?;
        match self.window.contains(cell) {
            true => Ok(cell),
            false => Err(format!(
                "cell {name} is off the {}x{} grid",
                self.window.rows, self.window.cols
            )),
        }
    }

    fn keys_of(&self, cells: &[usize]) -> Value {
        Value::Array(
            cells
                .iter()
                .map(|&c| Value::from(cells::key(c, self.n)))
                .collect(),
        )
    }

    /// The pairs of orthogonal neighbours among the cells, in ISS's order.
    fn adjacent_pairs(&self, cells: &[usize]) -> Result<Vec<(usize, usize)>, Why> {
        if cells.iter().any(|&c| !self.window.contains(c)) {
            return Err("the engine does not place ISS's extra cells side by side".into());
        }
        let mut pairs = Vec::new();
        for (i, &a) in cells.iter().enumerate() {
            for &b in &cells[i + 1..] {
                if cells::neighbours(a, self.n).contains(&b) && !pairs.contains(&(a, b)) {
                    pairs.push((a, b));
                }
            }
        }
        if pairs.is_empty() {
            return Err(
                "no two of its cells are neighbours, so it says nothing (as ISS refuses it)".into(),
            );
        }
        Ok(pairs)
    }

    /// The engine's digit of ISS's value one `offset` up (`digit`), where it is a value of
    /// the grid.
    fn digit_of(&self, digit: i64) -> Result<u32, Why> {
        match u32::try_from(digit) {
            Ok(d) if (1..=self.n as u32).contains(&d) => Ok(d),
            _ => Err(format!(
                "{} is not a value of the grid",
                digit - self.offset
            )),
        }
    }

    /// An automaton line of [`counted`] over `cells`, stating `rule`, its clue `said`.
    fn counted_line(&mut self, cells: &[usize], nfa: &Nfa, rule: IssRule, said: &str) {
        let key = keys::key_where(|k| matches!(k.read, ReadAs::Pattern));
        let mut entry = stated_entry(self.keys_of(cells), Stated::Iss(rule));
        entry.insert("value".into(), Value::from(key_of_nfa(nfa, self.n)));
        let label = format!("{} {said}", rule.technique().name);
        entry.insert("label".into(), Value::from(label));
        self.push(key, Value::Object(entry));
    }

    /// A line pattern of `key` (ISS's automaton) over `cells` that states `stated`.
    fn stated_line(&mut self, key: &str, cells: &[usize], value: Value, stated: Stated) {
        let mut entry = stated_entry(self.keys_of(cells), stated);
        entry.insert("value".into(), value);
        self.push(key, Value::Object(entry));
    }

    fn line(&mut self, key: &str, cells: &[usize], value: Option<Value>) {
        let mut entry = Map::new();
        entry.insert("lines".into(), Value::Array(vec![self.keys_of(cells)]));
        if let Some(value) = value {
            entry.insert("value".into(), value);
        }
        self.push(key, Value::Object(entry));
    }
}

/// The f-puzzles key of an ISS type.
fn iss_key(kind: &str) -> &'static str {
    keys::key_where(|k| k.iss.contains(&kind))
}

/// A line pattern's entry of the line `cells` stating `stated` (labelled with its name),
/// its automaton to come.
pub(crate) fn stated_entry(cells: Value, stated: Stated) -> Map<String, Value> {
    let mut entry = Map::new();
    entry.insert("lines".into(), Value::Array(vec![cells]));
    entry.insert("label".into(), Value::from(stated.name()));
    entry
}

/// An outside clue's entry: its cell and value.
fn clue_entry(cell: String, value: i64) -> Value {
    entry_of([
        ("cell", Value::from(cell)),
        ("value", Value::from(value.to_string())),
    ])
}

/// The f-puzzles document of ISS's parts, how ISS writes its values, ISS's grid
/// where it is a window of the engine's (see [`Window`]), the parts of a chaos
/// construction, which f-puzzles has no key for ([`chaos`] reads them), and the labels
/// the drawing says as ISS writes them ([`IssLabel`]).
pub(crate) type Document = (
    Map<String, Value>,
    Symbols,
    Option<Window>,
    Vec<Part>,
    Vec<IssLabel>,
);

/// The [`Document`] of ISS's parts, or every part that cannot be read and why; with
/// `CORNERS` false (the page's reading, [`crate::read_drawable`]), extra cells and
/// grids that are not the engine's whole grid are refused at once, so that the page's
/// module leaves out their code.
pub(crate) fn document<const CORNERS: bool>(parts: &[Part]) -> Result<Document, Vec<(Part, Why)>> {
    let (mut window, offset) = shape(parts).map_err(|e| vec![e])?;
    if !CORNERS && window.beyond.raw {
        let shape = parts
            .iter()
            .find(|p| p.kind == "Shape")
            .expect("a Raw shape");
        return Err(vec![(shape.clone(), PAGE_LACKS.into())]);
    }
    let declared = match CORNERS {
        true => extra_cells(parts, &mut window).map_err(|e| vec![e])?,
        false => match parts.iter().find(|p| page_lacks(p)) {
            Some(part) => return Err(vec![(part.clone(), PAGE_LACKS.into())]),
            None => None,
        },
    };
    if !CORNERS && !window.is_whole() {
        if let Some(part) = parts.iter().find(|p| p.kind == "Shape") {
            let why = format!(
                "its grid of {} rows and {} columns with {} digits cannot be played on this \
                 page yet, only square grids with as many digits as rows",
                window.rows, window.cols, window.side
            );
            return Err(vec![(part.clone(), why)]);
        }
    }
    let mut builder = Builder::new(window, offset);
    let mut errors = Vec::new();
    read_all::<CORNERS>(&mut builder, parts, &mut errors);
    if !errors.is_empty() {
        return Err(errors);
    }
    let window = &builder.window;
    if CORNERS && window.values < window.side {
        // Every cell ISS has holds one of its values.
        let values: Vec<u32> = (1..=window.values as u32).collect();
        let extra = window.beyond.extra_cells.iter().map(|&(_, c)| c);
        let cells: Vec<usize> = (0..window.side * window.side)
            .filter(|&c| window.contains(c))
            .chain(extra)
            .collect();
        for cell in cells {
            match &mut builder.givens[cell] {
                Some((kept, _)) => kept.retain(|v| values.contains(v)),
                none => *none = Some((values.clone(), declared.clone().expect("a Var"))),
            }
        }
    }
    let symbols = Symbols::iss(builder.window.values, offset as u8);
    let chaos = std::mem::take(&mut builder.chaos);
    let written = std::mem::take(&mut builder.written);
    let mut window = builder.window.clone();
    // The page's reading has refused every grid and type that `Window` restates by now.
    if !CORNERS || window.is_whole() && window.beyond.unplayed().is_none() {
        let document = finish(builder).map_err(|e| vec![e])?;
        return Ok((document, symbols, None, chaos, written));
    }
    window.no_boxes = builder.no_boxes;
    if let Some((region_of, part)) = builder.jigsaw.take() {
        // ISS's jigsaw pieces have its regions' size (`RegionSize`, else the larger of
        // rows and columns), read once every part is.
        let size = window.region_size.unwrap_or(window.rows.max(window.cols));
        let piece = |p: &usize| region_of.iter().filter(|r| *r == p).count();
        if region_of
            .iter()
            .any(|p| *p != usize::MAX && piece(p) != size)
        {
            let why = format!("its pieces must have {size} cells, the size of the regions");
            return Err(vec![(part, why)]);
        }
        window.jigsaw = Some(region_of);
    }
    Ok((
        finish(builder).map_err(|e| vec![e])?,
        symbols,
        Some(window),
        chaos,
        written,
    ))
}

/// The chaos construction of its parts (`ChaosConstruction`, `ChaosArrow`, `ChaosCount`,
/// from [`Document`]) on an `n` x `n` grid, `None` for none: regions of the side's size
/// (ISS's default `RegionSize`; another is refused where it is read), with the clues; on
/// a grid that is a window of the engine's (`whole` false), refused.
pub(crate) fn chaos(parts: &[Part], n: usize, whole: bool) -> Result<Option<Chaos>, (Part, Why)> {
    let mut clues = Vec::new();
    for part in parts.iter().filter(|p| p.kind != "ChaosConstruction") {
        let clue = match part.kind.as_str() {
            "SameValues" | "CountDistinct" => same_or_distinct_regions(n, part),
            kind => chaos_clue(n, kind == "ChaosArrow", &part.args),
        };
        clues.push(clue.map_err(|why| (part.clone(), why))?);
    }
    let Some(part) = parts.iter().find(|p| p.kind == "ChaosConstruction") else {
        return match parts.first() {
            Some(part) => Err((
                part.clone(),
                "it reads regions, and needs ChaosConstruction".into(),
            )),
            None => Ok(None),
        };
    };
    if !whole {
        let why = "the engine finds chaos regions only on a square grid of as many values as \
                   its side yet";
        return Err((part.clone(), why.into()));
    }
    let shape = sudoku_engine::Shape::with_side(n).ok_or((part.clone(), "no such grid".into()))?;
    Chaos::new(shape, n, clues)
        .map(Some)
        .map_err(|why| (part.clone(), why))
}

/// Whether an argument names a cell of the regions' layer of a chaos construction
/// (ISS's `CC` cells, one per grid cell, holding its region).
fn is_region_cell(arg: &str) -> bool {
    arg.strip_prefix("CC")
        .is_some_and(|k| !k.is_empty() && k.bytes().all(|b| b.is_ascii_digit()))
}

/// The region cell `CCk` as the grid cell whose region it holds (`CC1` is r1c1's).
fn region_cell(side: usize, name: &str) -> Result<usize, Why> {
    name.strip_prefix("CC")
        .and_then(|k| k.parse::<usize>().ok())
        .filter(|k| (1..=side * side).contains(k))
        .map(|k| k - 1)
        .ok_or_else(|| {
            format!(
                "\"{}\" is not a region cell (CC1 to CC{})",
                cells::shorten(name),
                side * side
            )
        })
}

/// `SameValues~sets~cells` and `CountDistinct~control~cells` over region cells, with ISS's
/// meaning on the regions' names, which depends on no naming: the sets lie in the same
/// regions, or the control (a grid cell) holds how many regions the cells lie in.
fn same_or_distinct_regions(side: usize, part: &Part) -> Result<ChaosClue, Why> {
    let mixed = "it mixes region cells (CC) with grid cells, whose values ISS compares with \
                 region numbers the engine does not keep";
    let regions = |names: &[String]| -> Result<Vec<usize>, Why> {
        match names {
            [] => Err("it names no region cells".into()),
            _ if !names.iter().all(|name| is_region_cell(name)) => Err(mixed.into()),
            _ => names.iter().map(|name| region_cell(side, name)).collect(),
        }
    };
    match (part.kind.as_str(), &part.args[..]) {
        ("CountDistinct", [control, cells @ ..]) => {
            if is_region_cell(control) {
                return Err(mixed.into());
            }
            Ok(ChaosClue::Regions {
                control: parse_cell(control, side)?,
                cells: regions(cells)?,
            })
        }
        (_, [count, cells @ ..]) => {
            let cells = regions(cells)?;
            let sets = count
                .trim()
                .parse::<usize>()
                .ok()
                .filter(|&k| k > 0 && cells.len().is_multiple_of(k))
                .ok_or("its number of sets does not divide its cells")?;
            Ok(ChaosClue::SameRegions {
                sets: cells
                    .chunks(cells.len() / sets)
                    .map(<[usize]>::to_vec)
                    .collect(),
            })
        }
        _ => Err("it names no cells".into()),
    }
}

/// A `ChaosArrow` or `ChaosCount` (ISS's `ChaosConstraintBase`): its control cell, an
/// offset of 0 or 1 (empty is 0), and region cells (`CC1` is r1c1's region), an arrow's
/// arms split by `-`. With the control cell alone, an arrow has the four arms from it to
/// the edges (left, right, up, down) and a count the 3x3 around it, its own cell first,
/// as ISS expands them.
fn chaos_clue(side: usize, arrow: bool, args: &[String]) -> Result<ChaosClue, Why> {
    let n = side as isize;
    let control = parse_cell(args.first().ok_or("it names no control cell")?, side)?;
    let offset = match args.get(1).map(|a| a.trim()) {
        None | Some("" | "0") => 0,
        Some("1") => 1,
        Some(other) => {
            return Err(format!(
                "its offset \"{}\" is not 0 or 1",
                cells::shorten(other)
            ))
        }
    };
    let region_cell = |name: &String| region_cell(side, name);
    let (row, col) = ((control / side) as isize, (control % side) as isize);
    let at = |dr: isize, dc: isize| {
        let (r, c) = (row + dr, col + dc);
        ((0..n).contains(&r) && (0..n).contains(&c)).then_some((r * n + c) as usize)
    };
    let listed = &args[args.len().min(2)..];
    if arrow {
        let arms = if listed.is_empty() {
            [(0, -1), (0, 1), (-1, 0), (1, 0)]
                .iter()
                .map(|&(dr, dc)| (0..).map_while(|k| at(dr * k, dc * k)).collect())
                .collect()
        } else {
            listed
                .split(|a| a == "-")
                .filter(|arm| !arm.is_empty())
                .map(|arm| arm.iter().map(region_cell).collect::<Result<Vec<_>, _>>())
                .collect::<Result<Vec<_>, _>>()?
        };
        if arms.is_empty()
            || arms
                .iter()
                .any(|a: &Vec<usize>| a.first() != arms[0].first())
        {
            return Err("its arms must share their first region cell".into());
        }
        Ok(ChaosClue::Run {
            control,
            arms,
            offset,
        })
    } else {
        let cells = if listed.is_empty() {
            [
                (0, 0),
                (-1, 0),
                (1, 0),
                (0, -1),
                (0, 1),
                (-1, -1),
                (-1, 1),
                (1, -1),
                (1, 1),
            ]
            .iter()
            .filter_map(|&(dr, dc)| at(dr, dc))
            .collect()
        } else {
            listed
                .iter()
                .map(region_cell)
                .collect::<Result<Vec<_>, _>>()?
        };
        Ok(ChaosClue::Count {
            control,
            cells,
            offset,
        })
    }
}

/// Reads the parts in order into `b`, each error with its part into `errors`: a group
/// (`Or`, `And`, `Replicate`, up to its `.End`) as ISS's builder reads it. An `And` holds
/// its parts as if they stood alone; a `Replicate`'s parts are copied onto its targets
/// ([`replicated`]); an `Or` is an either-or rule of its branches ([`either`]).
fn read_all<const CORNERS: bool>(b: &mut Builder, parts: &[Part], errors: &mut Vec<(Part, Why)>) {
    let mut i = 0;
    while i < parts.len() {
        let (part, end) = (&parts[i], group_end(parts, i));
        let inside = &parts[i + 1..end.max(i + 1)];
        let result = match part.kind.as_str() {
            "Or" => either::<CORNERS>(b, inside, errors),
            "And" => {
                read_all::<CORNERS>(b, inside, errors);
                Ok(())
            }
            "Replicate" => {
                let copies = replicated(&b.window, part, inside);
                copies.map(|copies| read_all::<CORNERS>(b, &copies, errors))
            }
            "LookAndSay" => look_and_say(b, part),
            "ContainExact" => contain(b, part, true),
            "ContainAtLeast" => contain(b, part, false),
            _ => read::<CORNERS>(b, part),
        };
        if let Err(why) = result {
            errors.push((part.clone(), why));
        }
        i = end + 1;
    }
}

/// The place of the `.End` that closes the group opening at `at`; `at` itself for a part
/// that opens none. The text's reader has checked that every group is closed.
fn group_end(parts: &[Part], at: usize) -> usize {
    if !COMPOSITES.contains(&parts[at].kind.as_str()) {
        return at;
    }
    let mut depth = 0;
    for (i, part) in parts.iter().enumerate().skip(at) {
        if COMPOSITES.contains(&part.kind.as_str()) {
            depth += 1;
        } else if part.kind == "End" {
            depth -= 1;
            if depth == 0 {
                return i;
            }
        }
    }
    parts.len() - 1
}

/// An `Or` of the parts `inside` it, each a branch (a group being one), as ISS's builder
/// makes it (`_yieldOr`): a single branch holds as if it stood alone; otherwise each
/// branch is read on its own and the document gets an either-or rule of them
/// (`engine_rules::ANY_OF_KEY`). Errors in a branch name their own part.
fn either<const CORNERS: bool>(
    b: &mut Builder,
    inside: &[Part],
    errors: &mut Vec<(Part, Why)>,
) -> Result<(), Why> {
    let mut items = Vec::new();
    let mut i = 0;
    while i < inside.len() {
        let end = group_end(inside, i);
        items.push(&inside[i..=end]);
        i = end + 1;
    }
    match items[..] {
        [] => return Err("an Or of no constraints never holds (ISS finds no solution); the engine does not read it".into()),
        [only] => {
            read_all::<CORNERS>(b, only, errors);
            return Ok(());
        }
        _ => {}
    }
    let mut branches = Vec::new();
    for item in items {
        let mut branch = Builder::new(b.window.clone(), b.offset);
        let before = errors.len();
        read_all::<CORNERS>(&mut branch, item, errors);
        if errors.len() == before {
            branches.push(Value::Object(branch_document(branch, &b.window.beyond)?));
        }
    }
    // Each branch's entries were read as they were written, and what a branch may not
    // hold is refused above, so the entry reads.
    let entry = entry_of([("branches", Value::Array(branches))]);
    b.push(engine_rules::ANY_OF_KEY, entry);
    Ok(())
}

/// A branch of an `Or` as a document of rule keys: its givens as one-cell quadruples
/// (one value) or odd and even marks, its rules' entries as they are. What only makes
/// sense of the whole grid is refused, naming it; what the grid has beyond the page's
/// reading (`outside`, such as a `Raw` grid or extra cells) is the grid's, not the
/// branch's.
fn branch_document(branch: Builder, outside: &Beyond) -> Result<Map<String, Value>, Why> {
    let n = branch.n;
    let refused = |what: &str| {
        Err(format!(
            "a branch holds {what}, which the engine cannot state inside an either-or rule"
        ))
    };
    if branch.no_boxes || branch.jigsaw.is_some() || !branch.chaos.is_empty() {
        return refused("the grid's regions (NoBoxes, Jigsaw, chaos construction)");
    }
    if let Some(what) = branch.window.beyond.unplayed() {
        if branch.window.beyond != *outside {
            return refused(what);
        }
    }
    if branch.anti_consecutive.is_some() || !branch.negative.is_empty() {
        return refused("a rule of every pair of neighbours");
    }
    if !branch.region_sum_lines.is_empty() {
        return refused(
            "a region sum line on values from 0 (stated once the grid's regions are read)",
        );
    }
    if let Some(key) = branch
        .keys
        .keys()
        .find(|k| !engine_rules::branch_may_hold(k))
    {
        let named = keys::find(key)
            .and_then(|k| k.iss.first())
            .map_or(key.as_str(), |t| t);
        return refused(&spoken(named));
    }
    let mut object = branch.keys;
    let quadruple = branch_given_key();
    for (cell, given) in branch.givens.iter().enumerate() {
        let Some((values, _)) = given else {
            continue;
        };
        let parity = |odd: bool| {
            values.len() == (1..=n).filter(|d| (d % 2 == 1) == odd).count()
                && values.iter().all(|&d| (d % 2 == 1) == odd)
        };
        let name = Value::from(cells::key(cell, n));
        let (key, entry) = match values[..] {
            [] => {
                return Err(format!(
                    "its givens leave {} no value",
                    cells::name(cell, n)
                ))
            }
            [digit] => (
                quadruple,
                entry_of([
                    ("cells", Value::Array(vec![name])),
                    ("values", Value::Array(vec![Value::from(digit)])),
                ]),
            ),
            _ if values.len() == n => continue,
            _ if parity(true) => (mark_key(CellMark::Odd), entry_of([("cell", name)])),
            _ if parity(false) => (mark_key(CellMark::Even), entry_of([("cell", name)])),
            _ => return refused("a given of several values but odd or even"),
        };
        push_entry(&mut object, key, entry);
    }
    Ok(object)
}

/// The key a given of one value is written in inside a branch of an `Or` (which has no
/// grid of its own): the digits among cells, here one digit of one cell.
pub(super) fn branch_given_key() -> &'static str {
    keys::key_where(|k| k.style == Style::CornerDigits)
}

/// The parts of a `Replicate` (`.Replicate~targets~origin`, the origin R1C1 unless
/// named), copied onto each target as ISS's builder copies them: its targets are a
/// base64url bitset of the cells after the origin in reading order (bit i of character
/// i / 6 is the cell i places after it), and each copy moves every cell of the parts by
/// the target's rows and columns from the origin. Outside clues are not copied, as ISS
/// refuses them inside a `Replicate`.
fn replicated(window: &Window, part: &Part, inside: &[Part]) -> Result<Vec<Part>, Why> {
    let (n, rows, cols) = (window.side, window.rows, window.cols);
    let (targets, origin) = match &part.args[..] {
        [] => return Ok(Vec::new()),
        [targets] => (targets, "R1C1"),
        [targets, origin] => (targets, origin.as_str()),
        _ => return Err("a Replicate is its targets and an origin, no more".into()),
    };
    let origin = parse_cell(origin, n)?;
    // Cells are numbered as ISS numbers them, row by row over its grid.
    let origin = origin / n * cols + origin % n;
    let mut places = Vec::new();
    for (i, c) in targets.bytes().enumerate() {
        let Some(word) = sextet(c) else {
            return Err(format!(
                "its targets \"{}\" are not base64url",
                cells::shorten(targets)
            ));
        };
        places.extend(
            (0..6)
                .filter(|b| word >> b & 1 == 1)
                .map(|b| origin + 6 * i + b),
        );
    }
    // Nested copies multiply: the parts all of them make are bounded before any is made.
    let made = places.len().saturating_mul(copied_size(inside));
    if made > MOST_COPIED {
        return Err(format!(
            "it makes {made} copies of parts; the engine reads at most {MOST_COPIED}"
        ));
    }
    let mut out = Vec::new();
    for target in places {
        if target >= rows * cols {
            return Err(format!(
                "a target is past the {rows}x{cols} grid's last cell"
            ));
        }
        let shift = |name: &str| -> Result<String, Why> {
            let cell = parse_cell(name, n)?;
            let row = (cell / n + target / cols) as isize - (origin / cols) as isize;
            let col = (cell % n + target % cols) as isize - (origin % cols) as isize;
            if !(0..rows as isize).contains(&row) || !(0..cols as isize).contains(&col) {
                return Err(format!(
                    "copied onto {}, {name} is off the grid",
                    cells::name(target / cols * n + target % cols, n)
                ));
            }
            Ok(cell_id(row as usize, col as usize))
        };
        for child in inside {
            let kind = child.kind.as_str();
            let key = KEYS.iter().find(|k| k.iss.contains(&kind));
            if key.is_some_and(|k| {
                matches!(
                    k.iss_form,
                    IssForm::SideClue | IssForm::EndClues | IssForm::Ranks | IssForm::Diagonal
                )
            }) {
                return Err(format!(
                    "ISS copies no outside clue ({}) in a Replicate",
                    spoken(kind)
                ));
            }
            let mut copy = child.clone();
            // A group's own arguments (a nested Replicate's targets and origin) stay;
            // an automaton's or expression's first argument is no cell.
            let fixed = match kind {
                _ if COMPOSITES.contains(&kind) => copy.args.len(),
                "NFA" | "Regex" => 1,
                _ => 0,
            };
            for arg in copy.args.iter_mut().skip(fixed) {
                let tokens = arg
                    .split('_')
                    .map(|t| match parse_cell(t, n) {
                        Ok(_) => shift(t),
                        Err(_) => Ok(t.to_string()),
                    })
                    .collect::<Result<Vec<_>, Why>>()?;
                *arg = tokens.join("_");
            }
            out.push(copy);
        }
    }
    Ok(out)
}

/// The most parts a `Replicate` may make, nested ones included.
const MOST_COPIED: usize = 1 << 14;

/// How many parts `parts` stand for once every `Replicate` among them is copied: one for
/// each other part, a `Replicate`'s targets times its own parts' size.
fn copied_size(parts: &[Part]) -> usize {
    let mut size = 0usize;
    let mut i = 0;
    while i < parts.len() {
        let end = group_end(parts, i);
        let part = &parts[i];
        size = size.saturating_add(match part.kind.as_str() {
            "Replicate" => {
                let targets: usize = part.args.first().map_or(0, |t| {
                    t.bytes()
                        .map(|c| sextet(c).map_or(0, |w| w.count_ones() as usize))
                        .sum()
                });
                targets.saturating_mul(copied_size(&parts[i + 1..end.max(i + 1)]))
            }
            _ => 1,
        });
        i = end + 1;
    }
    size
}

/// ISS's `LookAndSay`: its clue is pairs of a count and a value, the cells holding exactly
/// that many of the value (none for a count of 0), other values free (its builder's
/// `GivenCandidates` and strict `RequiredValues`): the automaton of [`counted`].
fn look_and_say(b: &mut Builder, part: &Part) -> Result<(), Why> {
    let n = b.n;
    let (clue, cells) = part
        .args
        .split_first()
        .ok_or("it has no clue and no cells")?;
    let cells = b.cells(cells)?;
    let pairs: Vec<(usize, u32)> = clue
        .as_bytes()
        .chunks(2)
        .map(|pair| match pair {
            [count @ b'0'..=b'9', value @ b'0'..=b'9'] => Some((
                usize::from(count - b'0'),
                i64::from(value - b'0') + b.offset,
            )),
            _ => None,
        })
        .collect::<Option<Vec<_>>>()
        .filter(|p| !p.is_empty())
        .ok_or_else(|| {
            format!(
                "its clue \"{}\" is not pairs of a count and a value",
                cells::shorten(clue)
            )
        })?
        .into_iter()
        .map(|(count, digit)| Ok((count, b.digit_of(digit)?)))
        .collect::<Result<_, Why>>()?;
    // Each counted digit with its count, and the digits the cells never hold.
    let mut counts: Vec<(u32, usize)> = Vec::new();
    let mut excluded = 0u32;
    for (count, digit) in pairs {
        if count == 0 {
            excluded |= 1 << (digit - 1);
        } else if counts.iter().any(|&(d, _)| d == digit) {
            return Err(format!(
                "its clue counts the value {} twice, as ISS refuses",
                i64::from(digit) - b.offset
            ));
        } else {
            counts.push((digit, count));
        }
    }
    let nfa = counted(n, &counts, excluded, false)?;
    b.counted_line(&cells, &nfa, IssRule::LookAndSay, clue);
    Ok(())
}

/// ISS's `ContainExact` (`exact`) and `ContainAtLeast`: the cells hold each listed value
/// as many times as it is listed, exactly or at least, other values free (its builder's
/// `RequiredValues`, strict where exact): the automaton of [`counted`].
fn contain(b: &mut Builder, part: &Part, exact: bool) -> Result<(), Why> {
    let (values, cells) = part
        .args
        .split_first()
        .ok_or("it has no values and no cells")?;
    let cells = b.cells(cells)?;
    let mut counts: Vec<(u32, usize)> = Vec::new();
    for value in values.split('_') {
        let digit = value
            .trim()
            .parse::<i64>()
            .map_err(|_| format!("\"{}\" is not a value", cells::shorten(value)))?;
        let digit = b.digit_of(digit + b.offset)?;
        match counts.iter_mut().find(|(d, _)| *d == digit) {
            Some((_, count)) => *count += 1,
            None => counts.push((digit, 1)),
        }
    }
    let listed: usize = counts.iter().map(|&(_, c)| c).sum();
    if listed > cells.len() {
        return Err(format!(
            "it lists {listed} values for {} cells",
            cells.len()
        ));
    }
    let nfa = counted(b.n, &counts, 0, !exact)?;
    let said = if exact { "exactly" } else { "at least" };
    let said = format!("{said} {}", values.replace('_', ","));
    b.counted_line(&cells, &nfa, IssRule::ContainedValues, &said);
    Ok(())
}

/// The automaton of cells that hold each of `counts`' digits as many times as its count
/// (at least as many where `at_least`), none of `excluded`, other digits freely: a regular
/// language of the cells' digits in order, each state the count so far of each counted
/// digit, up to its count (in mixed radix), accepting where every count is reached.
fn counted(n: usize, counts: &[(u32, usize)], excluded: u32, at_least: bool) -> Result<Nfa, Why> {
    let states: usize = counts.iter().map(|&(_, c)| c + 1).product();
    if states > sudoku_engine::rules::MOST_STATES {
        return Err("its counts need more states than the engine's automata have".into());
    }
    let free = ((1u64 << n) - 1) as u32
        & !excluded
        & !counts.iter().fold(0, |s, &(d, _)| s | 1 << (d - 1));
    let moves: Vec<Vec<(u32, u16)>> = (0..states)
        .map(|state| {
            // The digits that leave the state as it is, then each that counts one more.
            let mut own = vec![(free, state as u16)];
            let mut radix = 1;
            for &(digit, count) in counts {
                let seen = state / radix % (count + 1);
                if seen < count && excluded & 1 << (digit - 1) == 0 {
                    own.push((1 << (digit - 1), (state + radix) as u16));
                } else if at_least {
                    own[0].0 |= 1 << (digit - 1);
                }
                radix *= count + 1;
            }
            own.retain(|&(symbols, _)| symbols != 0);
            own
        })
        .collect();
    let mut accepting = vec![false; states];
    accepting[states - 1] = true;
    Nfa::new(vec![0], accepting, moves)
}

/// ISS's grid and how far its values are below the digits (1 where they start at 0),
/// from the first `Shape` part (9x9 of 1-9 without one), where the engine can take it:
/// rows and columns from 1, values from 1 or 0, as many as the larger of them or more
/// (`CellGeometry.fromShapeSpec`), 4 to 16 values, a Sudoku grid.
fn shape(parts: &[Part]) -> Result<(Window, i64), (Part, Why)> {
    let square = |side| Window::of(side, side, side);
    let Some(part) = parts.iter().find(|p| p.kind == "Shape") else {
        return Ok((square(9), 0));
    };
    let fail = |why: String| Err((part.clone(), why));
    let (dims, range, kind) = (
        part.args.first().map(String::as_str).unwrap_or(""),
        part.args.get(1).map(String::as_str).unwrap_or(""),
        part.args.get(2).map(String::as_str).unwrap_or(""),
    );
    if part.args.len() > 3 {
        return fail("a shape is dimensions, values and grid type, no more".into());
    }
    let Some((rows, cols)) = dims
        .split_once('x')
        .and_then(|(r, c)| Some((r.parse::<usize>().ok()?, c.parse::<usize>().ok()?)))
    else {
        return fail(format!(
            "\"{}\" is not a grid's dimensions (like 9x9)",
            cells::shorten(dims)
        ));
    };
    if !(1..=16).contains(&rows) || !(1..=16).contains(&cols) {
        return fail(format!(
            "ISS's grids have 1 to 16 rows and columns, not {rows}x{cols}"
        ));
    }
    let raw = match kind {
        "" | "Sudoku" => false,
        "Raw" => true,
        other => return fail(format!("\"{}\" is not a grid type", cells::shorten(other))),
    };
    let (mut offset, mut values) = (0, rows.max(cols));
    if !range.is_empty() {
        let (first, last) = match range.split_once('-') {
            Some((a, b)) => (a.parse::<usize>().ok(), b.parse::<usize>().ok()),
            None => (Some(1), range.parse::<usize>().ok()),
        };
        match (first, last) {
            (Some(first @ (0 | 1)), Some(last)) if last + 1 > first => {
                offset = 1 - first as i64;
                values = last + 1 - first;
            }
            _ => {
                return fail(format!(
                    "\"{}\" is not a range of values from 0 or 1",
                    cells::shorten(range)
                ))
            }
        }
    }
    if values < rows.max(cols) {
        return fail(format!(
            "a {rows}x{cols} grid needs at least {} values for its rows and columns",
            rows.max(cols)
        ));
    }
    if !crate::document::SIZES.contains(&values) {
        return fail(format!(
            "the engine reads grids of {} to {} values",
            crate::document::SIZES.start(),
            crate::document::SIZES.end()
        ));
    }
    let mut window = Window {
        rows,
        cols,
        ..square(values)
    };
    window.beyond.raw = raw;
    Ok((window, offset))
}

/// Why the page refuses a type that only the command line's reading states (those of
/// [`super::window::Beyond`]): the page's module leaves their code out.
const PAGE_LACKS: &str = "this page cannot play it yet";

/// Whether the part declares extra cells: `Var`, and `Doppelganger`'s own.
fn declares_extra_cells(part: &Part) -> bool {
    part.kind == "Var" || part.kind == "Doppelganger"
}

/// Whether the page's reading refuses the part's type wherever it stands, before its
/// grid: those that declare extra cells, and `RegionSameValues`.
fn page_lacks(part: &Part) -> bool {
    declares_extra_cells(part) || part.kind == "RegionSameValues"
}

/// ISS's extra cells (its `VarCellRegistry`) placed on the engine's grid (see
/// [`Window`]): each `Var~prefix~label~size` a group `V` and its prefix, of `size` cells
/// (a count, or rows `x` columns; 1 for anything else), the last declaration of a prefix
/// the one that holds; `Doppelganger`'s groups `DGZ` (one cell), `DGR` (one a column),
/// `DGC` (one a row) and `DGB` (one a box). The groups in the order of their prefixes, a
/// group's cells named by its prefix, with their number from 1 after it where it has more
/// than one; each group's rows of its declared columns, else of the grid's. The engine's
/// side grows where the window leaves too few cells for them. The first part that
/// declares any, which the values' givens of the cells name.
fn extra_cells(parts: &[Part], window: &mut Window) -> Result<Option<Part>, (Part, Why)> {
    let (rows, cols) = (window.rows, window.cols);
    let mut groups: Vec<(String, usize, usize)> = Vec::new();
    for part in parts.iter().filter(|p| p.kind == "Var") {
        let fail = |why: String| Err((part.clone(), why));
        let prefix = part.args.first().map_or("", String::as_str);
        if prefix.is_empty() || !prefix.bytes().all(|c| c.is_ascii_uppercase()) {
            return fail(format!(
                "its prefix \"{}\" is not upper-case letters A-Z",
                cells::shorten(prefix)
            ));
        }
        if part.args.len() > 3 {
            return fail("it is a prefix, a label and a size, no more".into());
        }
        let positive = |t: &str| {
            t.parse::<usize>()
                .ok()
                .filter(|&v| v > 0 && !t.starts_with('0') && t.bytes().all(|c| c.is_ascii_digit()))
        };
        let size = part.args.get(2).map_or("", String::as_str);
        let (count, columns) = match size.split_once('x') {
            Some((r, c)) => match positive(r).zip(positive(c)) {
                Some((r, c)) => (r * c, c),
                None => (1, cols),
            },
            None => (positive(size).unwrap_or(1), cols),
        };
        let prefix = format!("V{prefix}");
        groups.retain(|(p, _, _)| *p != prefix);
        groups.push((prefix, count, columns));
    }
    if parts.iter().any(|p| p.kind == "Doppelganger") {
        let boxes = box_dims(rows, cols, rows.max(cols)).map_or(0, |(h, w)| h * w);
        for (prefix, count) in [("DGZ", 1), ("DGR", cols), ("DGC", rows), ("DGB", boxes)] {
            groups.push((prefix.into(), count, cols));
        }
    }
    let Some(first) = parts.iter().find(|p| declares_extra_cells(p)) else {
        return Ok(None);
    };
    // In the order of their prefixes (placed one by one: a sort of these pairs would
    // bring code of its own).
    let mut sorted: Vec<(String, usize, usize)> = Vec::new();
    for group in groups {
        sorted.insert(sorted.partition_point(|g| g.0 < group.0), group);
    }
    let groups = sorted;
    let total: usize = groups.iter().map(|(_, c, _)| c).sum();
    let Some(side) =
        (window.side..=*crate::document::SIZES.end()).find(|s| s * s >= rows * cols + total)
    else {
        return Err((
            first.clone(),
            format!(
                "ISS's {rows}x{cols} grid and its {total} extra cells do not fit in the \
                 engine's largest grid"
            ),
        ));
    };
    window.side = side;
    let room: Vec<usize> = (0..side * side).filter(|&c| !window.contains(c)).collect();
    let mut room = room.into_iter();
    for (prefix, count, columns) in groups {
        window.beyond.extra_groups.push((prefix.clone(), columns));
        for i in 1..=count {
            let name = match count {
                1 => prefix.clone(),
                _ => format!("{prefix}{i}"),
            };
            let cell = room.next().expect("room for every extra cell");
            window.beyond.extra_cells.push((name, cell));
        }
    }
    Ok(Some(first.clone()))
}

/// A number ISS reads with `parseInt` or `+`: an integer, maybe negative.
fn integer(text: &str, what: &str) -> Result<i64, Why> {
    text.trim()
        .parse::<i64>()
        .map_err(|_| format!("{what} \"{}\" is not a whole number", cells::shorten(text)))
}

fn read<const CORNERS: bool>(b: &mut Builder, part: &Part) -> Result<(), Why> {
    let n = b.n;
    let args = &part.args[..];
    // Whether ISS's grid is the engine's whole grid: always so in the page's reading, which
    // refuses the others at its shape, so that the page's module leaves out their code.
    let whole = !CORNERS || b.window.is_whole();
    // The f-puzzles key whose entries have this type's meaning, where one has.
    let key = KEYS.iter().find(|k| k.iss.contains(&part.kind.as_str()));
    if b.offset != 0 {
        if let Some(why) = values::refusal(&part.kind) {
            return Err(why);
        }
    }
    if b.window.beyond.raw && SUDOKU_GRID_ONLY.contains(&part.kind.as_str()) {
        return Err("ISS states it on a Sudoku grid only, not a Raw one".into());
    }
    if !whole && EDGE_TYPES.contains(&part.kind.as_str()) {
        return Err(format!(
            "the engine states a {}x{} grid as the corner of a {n}x{n} one, and cannot state \
             a rule of the grid's edges or of every cell there yet",
            b.window.rows, b.window.cols
        ));
    }
    match (part.kind.as_str(), key) {
        ("", _) => givens(b, part)?,
        // Read before the other parts, by `extra_cells`.
        ("Shape" | "Var", _) => {}
        // Of the regions' cells (`CC1`...): clues of a chaos construction ([`chaos`]).
        ("SameValues" | "CountDistinct", _) if args.iter().any(|a| is_region_cell(a)) => {
            b.chaos.push(part.clone())
        }
        ("Arrow" | "DoubleArrow", _) if b.offset != 0 => {
            let cells = b.cells(args)?;
            let sets = match (part.kind.as_str(), cells.len()) {
                ("Arrow", 2..) => [cells[..1].to_vec(), cells[1..].to_vec()],
                ("DoubleArrow", k @ 3..) => {
                    [vec![cells[0], cells[k - 1]], cells[1..k - 1].to_vec()]
                }
                _ => return Err("an arrow needs a circle and a shaft".into()),
            };
            equal_sums(b, &sets);
        }
        ("EqualSum", _) => {
            let sets = args
                .split(|a| a == "-")
                .map(|set| b.cells(set))
                .collect::<Result<Vec<_>, _>>()?;
            equal_sums(b, &sets);
        }
        ("RegionSumLine", _) if b.offset != 0 => {
            let cells = b.cells(args)?;
            b.region_sum_lines.push(cells);
        }
        ("BlackDot", _) if b.offset != 0 => {
            let cells = b.cells(args)?;
            // ISS's ratio of 2 between the values, one below the digits.
            let table = stated::relation(n, &|x, y| x - 1 == 2 * (y - 1) || y - 1 == 2 * (x - 1));
            for (x, y) in b.adjacent_pairs(&cells)? {
                b.marked.push((pair_key(Pair::Ratio), [x, y]));
                b.line(iss_key("Pair"), &[x, y], Some(table.clone()));
            }
        }
        ("Skyscraper", _) if b.offset != 0 || !whole => skyscrapers(b, args)?,
        (
            "SumLine",
            Some(Key {
                iss_form: IssForm::Segments { most },
                ..
            }),
        ) if b.offset != 0 => sum_line_of_values(b, args, *most)?,
        ("NumberedRoom", _) if b.offset != 0 || !whole => numbered_rooms(b, args)?,
        ("Indexing", _) if b.offset != 0 => indexing_of_values(b, args)?,
        ("XSum", _) if b.offset != 0 => x_sums_of_values(b, args)?,
        ("RellikCage", _) if b.offset != 0 => rellik_of_values(b, args)?,
        ("Lunchbox", _) if b.offset != 0 => {
            let (clue, names) = args.split_first().ok_or("it has no sum and no cells")?;
            let cells = distinct(b, names)?;
            lunchbox_of_values(b, &cells, integer(clue, "the sum")?, None)?;
        }
        ("Sandwich", _) if b.offset != 0 => {
            let [clue, line] = args else {
                return Err("a sandwich is a sum and a row or column".into());
            };
            let cells = line_of(b, line)?;
            let most = b.n as i64 - b.offset;
            lunchbox_of_values(
                b,
                &cells,
                integer(clue, "the sum")?,
                Some((1 - b.offset, most)),
            )?;
        }
        ("EqualityCage", _) => equality_cage(b, args)?,
        ("CountDistinct", _) => count_distinct(b, args)?,
        ("ValueIndexing", _) => value_indexing(b, args)?,
        ("DutchFlatmates", _) => {
            // Down each of ISS's columns (`colRegions`), those of a window's too.
            for (cells, key) in dutch_flatmates(n, b.window.rows, b.window.cols)? {
                let stated = Stated::Iss(IssRule::DutchFlatmates);
                b.stated_line("dutchflatmates", &cells, key, stated);
            }
        }
        (_, Some(key)) if key.iss_form != IssForm::None => {
            // Each entry the part wrote must read, so that an error names the part.
            let listed = |b: &Builder, k: &Key| match b.keys.get(k.key) {
                Some(Value::Array(list)) => list.len(),
                _ => 0,
            };
            let before: Vec<usize> = KEYS.iter().map(|k| listed(b, k)).collect();
            read_as::<CORNERS>(b, key, part)?;
            for (k, &from) in KEYS.iter().zip(&before) {
                if let Some(Value::Array(list)) = b.keys.get(k.key) {
                    for entry in &list[from..] {
                        engine_rules::check(n, k, entry.clone())?;
                    }
                }
            }
        }
        ("Windoku", _) => {
            for cells in windows(n) {
                let entry = entry_of([("cells", b.keys_of(&cells))]);
                b.push("extraregion", entry);
            }
        }
        ("StrictKropki", _) => b
            .negative
            .extend([pair_key(Pair::Difference), pair_key(Pair::Ratio)]),
        ("StrictXV", _) => b.negative.push(pair_key(Pair::Sum)),
        ("RegionSameValues", _) => b.window.beyond.region_same_values = true,
        ("Doppelganger", _) => {
            let window = &b.window;
            if b.offset != 1 || window.rows != window.cols || window.values != window.rows + 1 {
                return Err(
                    "it needs a square grid of values from 0 to its side (9x9~0-9), as ISS's"
                        .into(),
                );
            }
            b.window.beyond.doppelganger = true;
        }
        ("NoBoxes", _) => b.no_boxes = true,
        ("ChaosConstruction" | "ChaosArrow" | "ChaosCount", _) => b.chaos.push(part.clone()),
        // Which cells ISS's search tries first: no rule, so nothing to read.
        ("SearchPriority", _) => {}
        ("RegionSize", _) => match args {
            [size] if size.trim().parse() == Ok(n) && whole => {}
            [size] if !whole => {
                let window = &b.window;
                let size = size
                    .trim()
                    .parse::<usize>()
                    .ok()
                    .filter(|s| (window.rows.max(window.cols)..=window.values).contains(s));
                match size {
                    Some(size) => b.window.region_size = Some(size),
                    None => {
                        return Err(format!(
                            "regions of a {}x{} grid of {n} values have {} to {n} cells",
                            window.rows,
                            window.cols,
                            window.rows.max(window.cols)
                        ))
                    }
                }
            }
            _ => return Err("the engine has no regions of another size than the side yet".into()),
        },
        ("Jigsaw", _) => {
            // The layout is the last argument (a legacy first one names the shape).
            let layout = match args {
                [layout] | [_, layout] => layout,
                _ => return Err("a jigsaw is its layout".into()),
            };
            let chars: Vec<char> = layout.chars().collect();
            let (rows, cols) = (b.window.rows, b.window.cols);
            if chars.len() != rows * cols {
                return Err(format!(
                    "the layout has {} cells; a {rows}x{cols} grid has {}",
                    chars.len(),
                    rows * cols
                ));
            }
            let mut kinds: Vec<char> = Vec::new();
            let mut region_of = Vec::with_capacity(n * n);
            for c in chars {
                let at = kinds.iter().position(|&k| k == c).unwrap_or_else(|| {
                    kinds.push(c);
                    kinds.len() - 1
                });
                region_of.push(at);
            }
            let sizes: Vec<usize> = (0..kinds.len())
                .map(|r| region_of.iter().filter(|&&x| x == r).count())
                .collect();
            if whole {
                if kinds.len() != n || sizes.iter().any(|&s| s != n) {
                    return Err(format!(
                        "the engine reads jigsaws of {n} regions of {n} cells only"
                    ));
                }
            } else {
                // As ISS's `Jigsaw.makeFromArgs`: pieces of the larger of rows and columns
                // to the values' count; one piece of another size (a grid filled in part)
                // is no region, a second is an error.
                let (least, most) = (rows.max(cols), b.window.values);
                let other: Vec<usize> = (0..kinds.len())
                    .filter(|&r| !(least..=most).contains(&sizes[r]))
                    .collect();
                if other.len() > 1 {
                    return Err(format!(
                        "its pieces have {least} to {most} cells but one, as ISS reads them"
                    ));
                }
                for piece in region_of.iter_mut().filter(|r| other.contains(r)) {
                    *piece = usize::MAX;
                }
            }
            b.jigsaw = Some((region_of, part.clone()));
        }
        (kind, _) if MISSING.contains(&kind) => {
            return Err(format!("the engine has no {} yet", spoken(kind)));
        }
        (kind, _) => {
            return Err(format!(
                "\"{}\" is not an ISS constraint type",
                cells::shorten(kind)
            ))
        }
    }
    Ok(())
}

/// A part of a type whose meaning a key's entries have, read by the key's ISS form into
/// its entries.
fn read_as<const CORNERS: bool>(b: &mut Builder, key: &Key, part: &Part) -> Result<(), Why> {
    let n = b.n;
    let (kind, args) = (part.kind.as_str(), &part.args[..]);
    match key.iss_form {
        IssForm::Cage => {
            let (written, cells) = args.split_first().ok_or("it has no sum and no cells")?;
            let cells = b.cells(cells)?;
            let sum = match written.trim() {
                "" => None,
                sum => Some(integer(sum, "the sum")?).filter(|&s| s != 0),
            };
            let sum = sum.map(|s| values::sum_of_digits(s, cells.len(), b.offset));
            let mut distinct = cells.clone();
            distinct.sort_unstable();
            distinct.dedup();
            let mut entry = Map::new();
            if distinct.len() < cells.len() && kind == "Cage" {
                // ISS's cage of a cell listed twice: its sum counts the cell twice (its
                // `Sum` adds up the weights of a cell), its digits differ as cells do.
                entry.insert("cells".into(), b.keys_of(&distinct));
                if let Some(sum) = sum {
                    let weighted = entry_of([
                        ("cells", b.keys_of(&cells)),
                        ("value", Value::from(sum.to_string())),
                    ]);
                    b.push_written(iss_key("Sum"), weighted, written);
                }
                b.push(key.key, Value::Object(entry));
            } else {
                entry.insert("cells".into(), b.keys_of(&cells));
                match sum {
                    Some(sum) => {
                        entry.insert("value".into(), Value::from(sum.to_string()));
                        b.push_written(key.key, Value::Object(entry), written);
                    }
                    None => b.push(key.key, Value::Object(entry)),
                }
            }
        }
        IssForm::Line { least, only_nine } => {
            if let Some(why) = only_nine.filter(|_| n != 9) {
                return Err(why.into());
            }
            let cells = b.cells(args)?;
            if cells.len() < least {
                return Err(format!(
                    "a {} needs at least {least} cells",
                    key.name.replace('-', " ")
                ));
            }
            if kind == "Zipper" && b.offset != 0 && cells.len() % 2 == 1 {
                return Err(
                    "with values from 0, an odd zipper's centre is no sum of two digits".into(),
                );
            }
            b.line(key.key, &cells, None);
        }
        IssForm::Modular(modulus) => {
            let (m, cells) = args.split_first().ok_or("it has no modulus and no cells")?;
            let m = integer(m, "the modulus")?;
            if m < 1 {
                return Err(format!("the modulus {m} is under 1"));
            }
            let cells = b.cells(cells)?;
            if m == modulus {
                b.line(key.key, &cells, None);
                return Ok(());
            }
            // ISS's handlers of another modulus: the first m cells differ mod m, and
            // every m-th cell after one is the same mod m (of the values, which are
            // `offset` below the digits).
            let class = |d: i64| (d - b.offset).rem_euclid(m);
            let differ = stated::relation(n, &|x, y| class(x) != class(y));
            let same = stated::relation(n, &|x, y| class(x) == class(y));
            let every_two = iss_key("PairX");
            let first = &cells[..cells.len().min(m as usize)];
            if first.len() > 1 {
                b.line(every_two, first, Some(differ));
            }
            for i in 0..first.len() {
                let alike: Vec<usize> = cells[i..].iter().step_by(m as usize).copied().collect();
                if alike.len() > 1 {
                    b.line(every_two, &alike, Some(same.clone()));
                }
            }
        }
        IssForm::GapLine { default } => {
            let (gap, cells) = match (default, args.first().map(|a| a.trim().parse::<i64>())) {
                (Some(_), Some(Ok(gap))) => (gap, &args[1..]),
                (Some(default), _) => (default, args),
                (None, _) => {
                    let (gap, cells) = args
                        .split_first()
                        .ok_or("it has no difference and no cells")?;
                    (integer(gap, "the difference")?, cells)
                }
            };
            if !(0..=n as i64).contains(&gap) {
                return Err(format!("a difference of {gap} does not fit digits 1-{n}"));
            }
            let cells = b.cells(cells)?;
            b.line(key.key, &cells, Some(Value::from(gap.to_string())));
        }
        IssForm::Shaft if kind == "PillArrow" => {
            let (size, cells) = args
                .split_first()
                .ok_or("it has no pill size and no cells")?;
            let size = match integer(size, "the pill size")? {
                s @ (2 | 3) => s as usize,
                _ => return Err("a pill has 2 or 3 cells".into()),
            };
            let cells = b.cells(cells)?;
            if cells.len() <= size {
                return Err("a pill arrow needs more cells than its pill".into());
            }
            if n > 9 {
                return Err("the engine reads pills of digits 1-9 only".into());
            }
            let mut pill = cells[..size].to_vec();
            pill.sort_unstable();
            // Read left to right, top to bottom: each cell right of, below or below right
            // of the one before.
            let readable = pill.windows(2).all(|w| {
                let (a, b) = (w[0], w[1]);
                (b == a + 1 && b % n != 0) || b == a + n || (b == a + n + 1 && b % n != 0)
            });
            if !readable {
                return Err("its pill's cells are not neighbours in reading order".into());
            }
            let mut line = vec![pill[size - 1]];
            line.extend(&cells[size..]);
            let lines = Value::Array(vec![b.keys_of(&line)]);
            let entry = entry_of([("cells", b.keys_of(&pill)), ("lines", lines)]);
            b.push(key.key, entry);
        }
        IssForm::Shaft => {
            let cells = b.cells(args)?;
            if cells.len() < 2 {
                return Err("an arrow needs a circle and a shaft".into());
            }
            let lines = Value::Array(vec![b.keys_of(&cells)]);
            let entry = entry_of([("cells", b.keys_of(&cells[..1])), ("lines", lines)]);
            b.push(key.key, entry);
        }
        IssForm::Pairs => {
            let cells = b.cells(args)?;
            for (x, y) in b.adjacent_pairs(&cells)? {
                b.marked.push((key.key, [x, y]));
                let mut entry = entry_of([("cells", b.keys_of(&[x, y]))]);
                if !matches!(key.read, ReadAs::Pair(Pair::Sum)) {
                    b.push(key.key, entry);
                    continue;
                }
                // X or V, as the type is named; with values from 0, its total on the
                // digits, drawn as its letter.
                entry["value"] = match b.offset {
                    0 => Value::from(kind),
                    offset => {
                        let total = crate::engine_rules::xv_total(kind).unwrap_or_default();
                        let total = values::sum_of_digits(total.into(), 2, offset);
                        Value::from(total.to_string())
                    }
                };
                b.push_written(key.key, entry, kind);
            }
        }
        IssForm::Diagonal => {
            let [written, start] = args else {
                return Err("a little killer is its sum and the first cell of its diagonal".into());
            };
            let sum = integer(written, "the sum")?;
            if sum < 0 {
                return Err(format!("the sum {sum} is under 0"));
            }
            let start = b.cell(start)?;
            let (rows, cols) = (b.window.rows, b.window.cols);
            let Some((dr, dc)) = little_killer_direction(start, n, rows, cols) else {
                return Err(format!(
                    "no little killer diagonal starts at {} (ISS names each by its first cell on the grid's edge)",
                    cells::name(start, n)
                ));
            };
            let cells = diagonal(start, n, rows, cols, (dr, dc));
            let sum = values::sum_of_digits(sum, cells.len(), b.offset);
            if !b.window.is_whole() {
                // On a corner of the engine's grid, the diagonal stops at ISS's edge: a sum
                // of its cells, which may repeat digits, as a little killer's.
                let entry = entry_of([
                    ("cells", b.keys_of(&cells)),
                    ("value", Value::from(sum.to_string())),
                ]);
                b.push_written(iss_key("Sum"), entry, written);
                return Ok(());
            }
            let (r, c) = ((start / n) as isize, (start % n) as isize);
            let clue = cells::key_at((r + 1 - dr) as usize, (c + 1 - dc) as usize);
            let direction = match (dr, dc) {
                (1, 1) => "DR",
                (1, -1) => "DL",
                (-1, 1) => "UR",
                _ => "UL",
            };
            let entry = entry_of([
                ("cell", Value::from(clue)),
                ("direction", Value::from(direction)),
                ("value", Value::from(sum.to_string())),
            ]);
            b.push_written(key.key, entry, written);
        }
        IssForm::SideClue => {
            let [value, line] = args else {
                return Err("a sandwich is its sum and its row or column (R1, C1)".into());
            };
            let value = integer(value, "the sum")?;
            let (clue, _) = outside_clue(line, n, true)?;
            b.push(key.key, clue_entry(clue, value));
        }
        IssForm::Ranks if key.iss.get(1) == Some(&kind) => {
            let (ReadAs::Ranking { option, .. }, [ties]) = (&key.read, args) else {
                return Err("it is one rule for ties".into());
            };
            if !["none", "only-unclued", "any"].contains(&ties.as_str()) {
                return Err(format!(
                    "\"{}\" is not a rule for ties (none, only-unclued or any)",
                    cells::shorten(ties)
                ));
            }
            b.keys
                .insert(option.to_string(), Value::from(ties.as_str()));
        }
        IssForm::EndClues | IssForm::Ranks => {
            let Some((line, values)) = args.split_first() else {
                return Err("it names no row or column".into());
            };
            if values.len() > 2 {
                return Err("a row or column has two ends, so at most two clues".into());
            }
            for (i, written) in values.iter().enumerate() {
                if written.trim().is_empty() {
                    continue;
                }
                let mut value = integer(written, "the clue")?;
                if kind == "HiddenSkyscraper" {
                    // A value, which the digits hold one up where values start at 0.
                    value += b.offset;
                }
                if value == 0 {
                    return Err("a clue of 0 says nothing ISS accepts".into());
                }
                let (clue, _) = outside_clue(line, n, i == 0)?;
                b.push_written(key.key, clue_entry(clue, value), written);
            }
        }
        IssForm::Corner => {
            let (corner, values) = args.split_first().ok_or("it names no cell")?;
            let corner = b.cell(corner)?;
            if corner % n == n - 1 || corner / n == n - 1 {
                return Err(format!(
                    "no 2x2 square starts at {}",
                    cells::name(corner, n)
                ));
            }
            let square = [corner, corner + 1, corner + n, corner + n + 1];
            let least = 1 - b.offset;
            let digits = values
                .iter()
                .map(|v| {
                    integer(v, "the value").and_then(|d| {
                        (least..least + n as i64)
                            .contains(&d)
                            .then_some(Value::from(d + b.offset))
                            .ok_or(format!("{d} is not a value of a {n}x{n} grid"))
                    })
                })
                .collect::<Result<Vec<_>, _>>()?;
            if digits.len() > 4 {
                return Err("more than 4 digits cannot fit in 4 cells".into());
            }
            let entry = entry_of([
                ("cells", b.keys_of(&square)),
                ("values", Value::Array(digits)),
            ]);
            let written: Vec<&str> = values.iter().map(|v| v.trim()).collect();
            b.push_written(key.key, entry, &written.join(" "));
        }
        IssForm::SameValues => {
            let (sets, cells) = args
                .split_first()
                .ok_or("it has no number of sets and no cells")?;
            let cells = b.cells(cells)?;
            let sets = integer(sets, "the number of sets")?;
            match usize::try_from(sets) {
                // Each cell a set: one value in all, a clone of the first cell.
                Ok(sets) if sets == cells.len() => {
                    for &copy in &cells[1..] {
                        let entry = entry_of([
                            ("cells", b.keys_of(&cells[..1])),
                            ("cloneCells", b.keys_of(&[copy])),
                        ]);
                        b.push(key.key, entry);
                    }
                }
                // One set says nothing, as ISS's handler of one set.
                Ok(1) => {}
                Ok(sets) if sets > 1 && cells.len().is_multiple_of(sets) && !CORNERS => {
                    return Err(PAGE_LACKS.into())
                }
                Ok(sets) if sets > 1 && cells.len().is_multiple_of(sets) => {
                    let size = cells.len() / sets;
                    let sets = cells.chunks(size).map(<[usize]>::to_vec).collect();
                    b.window.beyond.same_values.push(sets);
                }
                _ => {
                    return Err(format!(
                        "{} cells do not split into {sets} sets of one size",
                        cells.len()
                    ))
                }
            }
        }
        IssForm::Region => {
            let cells = b.cells(args)?;
            if cells.len() > n {
                return Err(format!(
                    "{} cells cannot hold different digits 1-{n}",
                    cells.len()
                ));
            }
            let entry = entry_of([("cells", b.keys_of(&cells))]);
            b.push(key.key, entry);
        }
        IssForm::Indexing(_) => {
            let (kind, cells) = args.split_first().ok_or("it has no kind and no cells")?;
            let key = keys::key_where(|k| matches!(k.iss_form, IssForm::Indexing(l) if l == kind));
            if key.is_empty() {
                let other = kind.as_str();
                return Err(format!("\"{}\" is neither C nor R", cells::shorten(other)));
            }
            let cells = b.cells(cells)?;
            let entry = entry_of([("cells", b.keys_of(&cells))]);
            b.push(key, entry);
        }
        IssForm::GridDiagonal => match args {
            [d] if d == "1" => b.flag("diagonal+"),
            [d] if d == "-1" => b.flag("diagonal-"),
            _ => return Err("a diagonal is 1 (╱) or -1 (╲)".into()),
        },
        IssForm::Pattern => {
            let (token, items) = args.split_first().ok_or("it has no pattern and no cells")?;
            for (name, segments) in named_groups(items, kind == "NFA")? {
                let lines = segments
                    .iter()
                    .map(|segment| Ok(b.keys_of(&b.cells(segment)?)))
                    .collect::<Result<Vec<_>, Why>>()?;
                let (value, label) = if kind == "NFA" {
                    let segmented = segments.len() > 1;
                    let key = match CORNERS {
                        true => {
                            let values = b.window.values;
                            let key = stated::automaton_of_values(token, values, n, segmented)?;
                            key.as_str().unwrap_or_default().to_string()
                        }
                        // The page's grids have as many values as the side.
                        false => nfa_of_key(token, n, segmented).map(|_| token.clone())?,
                    };
                    (key, name)
                } else {
                    let pattern = regex_text(token)?;
                    // A character is a value, the first digit being 1 - offset.
                    let nfa = nfa_of_regex(&pattern, n, (1 - b.offset) as u32)?;
                    (key_of_nfa(&nfa, n), pattern)
                };
                let mut entry = Map::new();
                entry.insert("lines".into(), Value::Array(lines));
                entry.insert("value".into(), Value::from(value));
                if !label.is_empty() {
                    entry.insert("label".into(), Value::from(label));
                }
                b.push(key.key, Value::Object(entry));
            }
        }
        IssForm::Flag => b.flag(key.key),
        IssForm::Global { only_nine } => match only_nine.filter(|_| n != 9) {
            Some(why) => return Err(why.into()),
            None => b.flag(key.key),
        },
        IssForm::Set => {
            let cells = b.cells(args)?;
            let mut entry = entry_of([("cells", b.keys_of(&cells))]);
            if b.offset != 0 {
                // Counting circles count values: how far they are below the digits.
                entry["value"] = Value::from(b.offset.to_string());
            }
            b.push(key.key, entry);
        }
        IssForm::Layer => layer::<CORNERS>(b, key.key, args)?,
        IssForm::Segments { most } => {
            let (sum, mut cells, looped) = segments(b, args, most)?;
            // A loop is written as a line back to its first cell.
            if looped && cells.len() > 1 {
                cells.push(cells[0]);
            }
            b.line(key.key, &cells, Some(Value::from(sum.to_string())));
        }
        IssForm::Relation => {
            let (table, items) = args.split_first().ok_or("it has no table and no cells")?;
            // The second type writes the table in the legacy alphabet; the entry in ISS's own.
            let legacy = key.iss.get(1) == Some(&kind);
            let values = b.window.values;
            let table = stated::table_in_iss_alphabet(table.trim(), values, n, legacy)?;
            // Groups of cells, each after an empty argument or a name (`_name`).
            let mut groups: Vec<Vec<String>> = vec![Vec::new()];
            for item in items {
                match item.is_empty() || item.starts_with('_') {
                    true => groups.push(Vec::new()),
                    false => groups.last_mut().expect("a group").push(item.clone()),
                }
            }
            groups.retain(|g| !g.is_empty());
            if groups.is_empty() {
                return Err("it names no cells".into());
            }
            for group in groups {
                let cells = b.cells(&group)?;
                b.line(key.key, &cells, Some(table.clone()));
            }
        }
        IssForm::Weighted => {
            let (sum, cells) = args.split_first().ok_or("it has no sum and no cells")?;
            let cells = b.cells(cells)?;
            // ISS reads `sum_=_w1_w2…`; anything after the sum but `=` is ignored.
            let mut fields = sum.split('_');
            let written = fields.next().unwrap_or_default();
            let total = integer(written, "the sum")?;
            let mut entry = entry_of([("cells", b.keys_of(&cells))]);
            // Where values start at 0, the digits add up to the weights more.
            let mut weight_sum = cells.len() as i64;
            if fields.next() == Some("=") {
                let weights = fields
                    .map(|w| match integer(w, "the weight")? {
                        w if (-100..=100).contains(&w) => Ok(Value::from(w)),
                        w => Err(format!("the weight {w} is not from -100 to 100")),
                    })
                    .collect::<Result<Vec<_>, _>>()?;
                if weights.len() != cells.len() {
                    return Err(format!(
                        "it has {} weights for {} cells",
                        weights.len(),
                        cells.len()
                    ));
                }
                weight_sum = weights.iter().filter_map(Value::as_i64).sum();
                entry["values"] = Value::Array(weights);
            }
            let total = total + b.offset * weight_sum;
            entry["value"] = Value::from(total.to_string());
            b.push_written(key.key, entry, written);
        }
        IssForm::AntiConsecutive => b.anti_consecutive = Some(part.clone()),
        IssForm::None => {}
    }
    Ok(())
}

/// A line's name and its segments' cells.
type NamedLine = (String, Vec<Vec<String>>);

/// The lines of a pattern's cells, as ISS's `parseNamedCellGroups` reads them: an empty
/// argument ends a line, and, where `named`, `_name` names the lines after it
/// (percent-encoded) and `-` splits a line into segments. Each line with its name.
fn named_groups(items: &[String], named: bool) -> Result<Vec<NamedLine>, Why> {
    let mut groups = Vec::new();
    let mut name = String::new();
    let mut segments: Vec<Vec<String>> = vec![Vec::new()];
    let mut flush = |name: &str, segments: &mut Vec<Vec<String>>| -> Result<(), Why> {
        let line = std::mem::replace(segments, vec![Vec::new()]);
        if line.iter().all(Vec::is_empty) {
            return Ok(());
        }
        if line.iter().any(Vec::is_empty) {
            return Err("a line of it has an empty segment".into());
        }
        groups.push((name.to_string(), line));
        Ok(())
    };
    for item in items {
        match item.as_str() {
            "" => flush(&name, &mut segments)?,
            "-" if named => segments.push(Vec::new()),
            named_as if named && named_as.starts_with('_') => {
                flush(&name, &mut segments)?;
                let encoded = &named_as[1..];
                name = percent_encoding::percent_decode_str(encoded)
                    .decode_utf8()
                    .map_or_else(|_| encoded.to_string(), |s| s.into_owned());
            }
            cell => segments.last_mut().expect("one").push(cell.to_string()),
        }
    }
    flush(&name, &mut segments)?;
    if groups.is_empty() {
        return Err("it names no cells".into());
    }
    Ok(groups)
}

/// A `Regex`'s expression from its argument: base64url, or percent-encoded in ISS's older
/// links (where it holds `%` or `.`).
fn regex_text(token: &str) -> Result<String, Why> {
    if token.contains(['%', '.']) {
        return percent_encoding::percent_decode_str(token)
            .decode_utf8()
            .map(|s| s.into_owned())
            .map_err(|_| "its expression is not percent-encoded text".into());
    }
    let bytes = from_base64url(token.trim_end_matches('='))
        .map_err(|_| format!("its expression {} is not base64url", cells::shorten(token)))?;
    Ok(bytes.into_iter().map(char::from).collect())
}

/// ISS's rule of a layer of cells (`ConnectedValues~group~values~size`, as its builder
/// reads it): the grid, or the group of extra cells of the prefix, row by row; its values
/// (`1_2`, or `1,2` as ISS also takes them), each one of the grid's; a size, a whole number
/// above 0, where given (more than the layer's cells leaves no solution, as in ISS). The
/// page's reading (`CORNERS` false) has refused extra cells, so its module leaves their
/// groups out.
fn layer<const CORNERS: bool>(b: &mut Builder, key: &str, args: &[String]) -> Result<(), Why> {
    let [group, values, size @ ..] = args else {
        return Err("it is a cell group (none for the grid), values and maybe a size".into());
    };
    if size.len() > 1 {
        return Err("it is a cell group, values and a size, no more".into());
    }
    let window = &b.window;
    let rows: Vec<Vec<usize>> = match group.trim() {
        "" => (0..window.rows)
            .map(|r| (0..window.cols).map(|c| window.at(r, c)).collect())
            .collect(),
        prefix => {
            let groups = &window.beyond.extra_groups;
            let group = groups.iter().find(|g| g.0 == prefix).filter(|_| CORNERS);
            let Some((_, columns)) = group else {
                return Err(format!(
                    "its cell group \"{}\" is no group of extra cells the text declares \
                     (VA for Var~A)",
                    cells::shorten(prefix)
                ));
            };
            let of_group = |name: &str| {
                name.strip_prefix(prefix)
                    .is_some_and(|rest| rest.bytes().all(|c| c.is_ascii_digit()))
            };
            let members: Vec<usize> = window
                .beyond
                .extra_cells
                .iter()
                .filter(|(name, _)| of_group(name))
                .map(|&(_, cell)| cell)
                .collect();
            members.chunks(*columns).map(<[usize]>::to_vec).collect()
        }
    };
    let (least, most) = (1 - b.offset, window.values as i64 - b.offset);
    let mut digits = Vec::new();
    for value in values.split(['_', ',']) {
        let v = integer(value, "the value")?;
        if !(least..=most).contains(&v) {
            return Err(format!(
                "the value {v} is not one of the grid's ({least} to {most})"
            ));
        }
        digits.push(Value::from(v + b.offset));
    }
    let mut entry = entry_of([
        (
            "lines",
            Value::Array(rows.iter().map(|r| b.keys_of(r)).collect()),
        ),
        ("values", Value::Array(digits)),
    ]);
    if let Some(size) = size.first().filter(|s| !s.trim().is_empty()) {
        match integer(size, "the size")? {
            size if size > 0 => entry["value"] = Value::from(size.to_string()),
            size => return Err(format!("its size {size} is not a whole number above 0")),
        }
    }
    b.push(key, entry);
    Ok(())
}

/// ISS's types that need the rows, columns and boxes of a Sudoku grid
/// (`REQUIRES_SUDOKU_GRID`), so a `Raw` grid refuses them.
const SUDOKU_GRID_ONLY: &[&str] = &[
    "Jigsaw",
    "NoBoxes",
    "ChaosConstruction",
    "RegionSize",
    "RegionSameValues",
    "Windoku",
    "DisjointSets",
    "AntiKnight",
    "Doppelganger",
    "AntiKing",
    "FullRankTies",
    "Diagonal",
    "Indexing",
];

/// ISS's types the engine cannot state yet (ISS's `SudokuConstraint` classes less those
/// read above).
pub(crate) const MISSING: &[&str] = &[];

/// Sets of cells whose values add up to the same: the first set's digits less each other
/// set's, where values start `offset` below the digits, differ by `offset` times the
/// difference of their sizes (ISS's `EqualSum`, and arrows there). A weighted sum each.
fn equal_sums(b: &mut Builder, sets: &[Vec<usize>]) {
    let Some((first, others)) = sets.split_first() else {
        return;
    };
    for other in others {
        let cells: Vec<usize> = first.iter().chain(other).copied().collect();
        let weights: Vec<Value> = first
            .iter()
            .map(|_| Value::from(1))
            .chain(other.iter().map(|_| Value::from(-1)))
            .collect();
        let total = b.offset * (first.len() as i64 - other.len() as i64);
        let entry = entry_of([
            ("cells", b.keys_of(&cells)),
            ("value", Value::from(total.to_string())),
            ("values", Value::Array(weights)),
        ]);
        b.push(iss_key("Sum"), entry);
    }
}

/// The cells, each named once, for a rule read along them.
fn distinct(b: &Builder, names: &[String]) -> Result<Vec<usize>, Why> {
    let cells = b.cells(names)?;
    match (1..cells.len()).find(|&i| cells[..i].contains(&cells[i])) {
        Some(i) => Err(format!("{} is in it twice", cells::name(cells[i], b.n))),
        None => Ok(cells),
    }
}

/// The cells of ISS's row or column `line` (`R3`, `C5`) in order: a window's row or
/// column, not the engine's.
fn line_of(b: &Builder, line: &str) -> Result<Vec<usize>, Why> {
    let (_, index) = outside_clue(line, b.n, true)?;
    let (n, window) = (b.n, &b.window);
    let row = line.starts_with(['R', 'r']);
    if index > if row { window.rows } else { window.cols } {
        return Err(format!(
            "{line} is off the {}x{} grid",
            window.rows, window.cols
        ));
    }
    Ok(match row {
        true => (0..window.cols).map(|c| (index - 1) * n + c).collect(),
        false => (0..window.rows).map(|r| r * n + index - 1).collect(),
    })
}

/// ISS's clues at the ends of a row or column (`R3`, `C5`, then the clue from its first
/// cell and the clue from its last, either empty), each with the line's cells of ISS's
/// grid as that clue sees them (`getCells`): a window's row or column, not the engine's.
fn end_clues(b: &Builder, args: &[String]) -> Result<Vec<(i64, Vec<usize>)>, Why> {
    let (line, clues) = args.split_first().ok_or("it names no row or column")?;
    if clues.len() > 2 {
        return Err("a row or column has two ends, so at most two clues".into());
    }
    let cells = line_of(b, line)?;
    let mut out = Vec::new();
    for (i, clue) in clues.iter().enumerate() {
        if clue.trim().is_empty() {
            continue;
        }
        let mut cells = cells.clone();
        if i == 1 {
            cells.reverse();
        }
        out.push((integer(clue, "the clue")?, cells));
    }
    Ok(out)
}

/// `Skyscraper` where values start at 0 or on a window of the engine's grid: a 0 is no
/// building (ISS's handler starts the tallest at 0), so the clue counts the values above
/// 0 and above every one before them. An automaton from each clue, on the line of ISS's
/// grid.
fn skyscrapers(b: &mut Builder, args: &[String]) -> Result<(), Why> {
    for (seen, cells) in end_clues(b, args)? {
        if seen < 1 {
            return Err("a skyscraper clue is 1 or more, as ISS requires".into());
        }
        let offset = b.offset;
        let key = stated::automaton(
            b.n,
            &[[0; 3]],
            &|[tallest, count, _], d| match d - offset > tallest {
                true => (count < seen).then_some([d - offset, count + 1, 0]),
                false => Some([tallest, count, 0]),
            },
            &|[_, count, _]| count == seen,
        )?;
        b.stated_line(
            iss_key("NFA"),
            &cells,
            key,
            Stated::Rule(RuleKind::Skyscraper),
        );
    }
    Ok(())
}

/// A sum line's sum (1 to `most`), its cells, none twice, and whether it loops (`LOOP`
/// after the last).
fn segments(b: &Builder, args: &[String], most: i64) -> Result<(i64, Vec<usize>, bool), Why> {
    let (sum, names) = args.split_first().ok_or("it has no sum and no cells")?;
    let sum = integer(sum, "the sum")?;
    if !(1..=most).contains(&sum) {
        return Err(format!("ISS's sum lines have sums from 1 to {most}"));
    }
    let looped = names.last().is_some_and(|c| c == "LOOP");
    let cells = b.cells(&names[..names.len() - usize::from(looped)])?;
    if let Some(i) = (1..cells.len()).find(|&i| cells[..i].contains(&cells[i])) {
        return Err(format!("{} is on it twice", cells::name(cells[i], b.n)));
    }
    Ok((sum, cells, looped))
}

/// `SumLine` where values start at 0: segments of values (a 0 among them) adding up to
/// the sum, as ISS's handler walks partial sums of the values. An automaton of (the
/// partial sum the line started from, the partial sum now): a line starts from 0, a loop
/// from any partial sum below the sum, and ends where it started.
fn sum_line_of_values(b: &mut Builder, args: &[String], most: i64) -> Result<(), Why> {
    let (sum, cells, looped) = segments(b, args, most)?;
    let starts: Vec<Walk> = match looped {
        true => (0..sum).map(|s| [s, s, 0]).collect(),
        false => vec![[0; 3]],
    };
    let offset = b.offset;
    let key = stated::automaton(
        b.n,
        &starts,
        &|[start, partial, _], d| match partial + d - offset {
            p if p < sum => Some([start, p, 0]),
            p if p == sum => Some([start, 0, 0]),
            _ => None,
        },
        &|[start, partial, _]| start == partial,
    )?;
    b.stated_line(iss_key("NFA"), &cells, key, Stated::Rule(RuleKind::SumLine));
    Ok(())
}

/// `NumberedRoom` on a window of the engine's grid or where values start at 0, as ISS's
/// `Indexing` handler states it on the line of ISS's grid: the line's first value N is
/// one of 1 to the line's length, and its N-th cell holds the clue ([`indexed`]).
fn numbered_rooms(b: &mut Builder, args: &[String]) -> Result<(), Why> {
    for (clue, cells) in end_clues(b, args)? {
        indexed(b, &cells, 0, clue, RuleKind::NumberedRoom)?;
    }
    Ok(())
}

/// `Indexing~R` or `~C` where values start at 0, as ISS's `Indexing` handler states it:
/// each control cell's value N is one of 1 to its column's length (`R`) or its row's
/// (`C`), and the N-th cell there holds the control's own row (`R`) or column (`C`)
/// number ([`indexed`]).
fn indexing_of_values(b: &mut Builder, args: &[String]) -> Result<(), Why> {
    let (kind, controls) = args.split_first().ok_or("it has no kind and no cells")?;
    let n = b.n;
    for control in b.cells(controls)? {
        let (row, col) = (control / n, control % n);
        let (own, line) = match kind.as_str() {
            "R" => (row, line_of(b, &format!("C{}", col + 1))?),
            "C" => (col, line_of(b, &format!("R{}", row + 1))?),
            other => return Err(format!("\"{}\" is neither R nor C", cells::shorten(other))),
        };
        indexed(b, &line, own, own as i64 + 1, RuleKind::Indexer)?;
    }
    Ok(())
}

/// The automaton of ISS's `Indexing` handler on `line`, whose cell at `own` is the
/// control: its value N is one of 1 to the line's length, and the line's N-th cell holds
/// the value `target`. It reads the control first, then the line's other cells in order,
/// until the N-th is read. It states a rule of `kind`.
fn indexed(
    b: &mut Builder,
    line: &[usize],
    own: usize,
    target: i64,
    kind: RuleKind,
) -> Result<(), Why> {
    const FOUND: Walk = [0, 0, 1];
    let (offset, length, own) = (b.offset, line.len() as i64, own as i64);
    let key = stated::automaton(
        b.n,
        &[[0; 3]],
        &|state @ [read, chosen, _], d| {
            let value = d - offset;
            let chosen = if read == 0 { value } else { chosen };
            // The place on the line (from 1) of the cell read: the control's own first.
            let place = match read {
                0 => own + 1,
                r if r <= own => r,
                r => r + 1,
            };
            match state {
                FOUND => Some(FOUND),
                _ if !(1..=length).contains(&chosen) => None,
                _ if place == chosen => (value == target).then_some(FOUND),
                _ => Some([read + 1, chosen, 0]),
            }
        },
        &|state| state == FOUND,
    )?;
    let mut cells = vec![line[own as usize]];
    cells.extend(
        line.iter()
            .enumerate()
            .filter(|&(i, _)| i as i64 != own)
            .map(|(_, &c)| c),
    );
    b.stated_line(iss_key("NFA"), &cells, key, Stated::Rule(kind));
    Ok(())
}

/// `Lunchbox` (its cells) and `Sandwich` (a row or column, between the grid's smallest
/// and largest values: `borders`) where values start at 0, as ISS's `Lunchbox` handler
/// states them: the values lying between the box's smallest and largest add up to the
/// clue, the box's values all different. A sum of values, not of digits, over a number of
/// cells the digits decide, so an automaton: from each guess of the smallest and largest
/// values (the borders, or every pair), every value within them, the sum of those read
/// between the two.
fn lunchbox_of_values(
    b: &mut Builder,
    cells: &[usize],
    clue: i64,
    borders: Option<(i64, i64)>,
) -> Result<(), Why> {
    let (offset, most) = (b.offset, b.n as i64 - b.offset);
    let (pairs, edge): (Vec<(i64, i64)>, i64) = match borders {
        Some(pair) => (vec![pair], most + 1),
        None => {
            let values = 1 - offset..=most;
            let pairs = values.clone().flat_map(|lo| {
                values
                    .clone()
                    .filter(move |&hi| hi > lo)
                    .map(move |hi| (lo, hi))
            });
            (pairs.collect(), most + 1)
        }
    };
    // (the guess, how many borders read, the sum since the first)
    let starts: Vec<Walk> = pairs
        .iter()
        .map(|&(lo, hi)| [lo * edge + hi, 0, 0])
        .collect();
    let key = stated::automaton(
        b.n,
        &starts,
        &|[guess, borders, sum], d| {
            let (lo, hi, value) = (guess / edge, guess % edge, d - offset);
            match value {
                v if v == lo || v == hi => (borders < 2).then_some([guess, borders + 1, sum]),
                v if v < lo || v > hi => None,
                v if borders == 1 => (sum + v <= clue).then_some([guess, 1, sum + v]),
                _ => Some([guess, borders, sum]),
            }
        },
        &|[_, borders, sum]| borders == 2 && sum == clue,
    )?;
    if borders.is_none() {
        b.push(iss_key("Cage"), entry_of([("cells", b.keys_of(cells))]));
    }
    let kind = match borders {
        Some(_) => RuleKind::Sandwich,
        None => RuleKind::Lunchbox,
    };
    b.stated_line(iss_key("NFA"), cells, key, Stated::Rule(kind));
    Ok(())
}

/// `XSum~line~clue~clue` where values start at 0, as ISS's builder states it: the first
/// cell's value X is at least 1, and the first X cells' values add up to the clue. An
/// automaton of (cells read, X, their sum) until the X-th is read.
fn x_sums_of_values(b: &mut Builder, args: &[String]) -> Result<(), Why> {
    const DONE: Walk = [0, 0, -1];
    for (clue, cells) in end_clues(b, args)? {
        let offset = b.offset;
        let key = stated::automaton(
            b.n,
            &[[0; 3]],
            &|state @ [read, x, sum], d| {
                let value = d - offset;
                let x = if read == 0 { value } else { x };
                match state {
                    DONE => Some(DONE),
                    _ if x < 1 || sum + value > clue => None,
                    _ if read + 1 == x => (sum + value == clue).then_some(DONE),
                    _ => Some([read + 1, x, sum + value]),
                }
            },
            &|state| state == DONE,
        )?;
        b.stated_line(iss_key("NFA"), &cells, key, Stated::Rule(RuleKind::XSum));
    }
    Ok(())
}

/// `RellikCage~sum~cells` where values start at 0, as ISS's `Rellik` handler states it:
/// the cells' values differ, and no set of them adds up to the sum. An automaton of the
/// values read as bits, each set's sums checked as it grows.
fn rellik_of_values(b: &mut Builder, args: &[String]) -> Result<(), Why> {
    let (sum, names) = args.split_first().ok_or("it has no sum and no cells")?;
    let sum = integer(sum, "the sum")?;
    if !(0..63).contains(&sum) {
        return Err("a rellik sum of values from 0 is from 0 to 62 here".into());
    }
    // Sums above the clue never come back down to it: values are 0 or more.
    let reach = (1i64 << (sum + 1)) - 1;
    let cells = distinct(b, names)?;
    let offset = b.offset;
    let key = stated::automaton(
        b.n,
        // (the values read, as bits; the sums up to the clue their sets make, as bits, the
        // empty set's 0 among them, as ISS counts it: a sum of 0 is never kept)
        &[[0, 1, 0]],
        &|[seen, sums, _], d| {
            let value = d - offset;
            let sums = (sums | sums << value) & reach;
            (seen & 1 << value == 0 && sums & 1 << sum == 0).then_some([seen | 1 << value, sums, 0])
        },
        &|_| true,
    )?;
    b.push(iss_key("Cage"), entry_of([("cells", b.keys_of(&cells))]));
    b.stated_line(iss_key("NFA"), &cells, key, Stated::Rule(RuleKind::Rellik));
    Ok(())
}

/// Dutch flatmates on the first `rows` rows and `cols` columns of a grid of side `n`: each
/// column's cells and the automaton its digits follow, a middle digit having 1 right above
/// it or the highest digit right below it (ISS's `DutchFlatmateLine`, down each column).
pub(crate) fn dutch_flatmates(
    n: usize,
    rows: usize,
    cols: usize,
) -> Result<Vec<(Vec<usize>, Value)>, Why> {
    let middle = n.div_ceil(2) as i64;
    let key = stated::automaton(
        n,
        // (1 just read, a middle digit without 1 above just read), as 0 or 1
        &[[0; 3]],
        &|[one_above, wants_highest, _], d| {
            let wants = i64::from(d == middle && one_above == 0);
            (wants_highest == 0 || d == n as i64).then_some([i64::from(d == 1), wants, 0])
        },
        &|[_, wants_highest, _]| wants_highest == 0,
    )?;
    let column = |c: usize| (0..rows).map(|r| r * n + c).collect();
    Ok((0..cols).map(|c| (column(c), key.clone())).collect())
}

/// `EqualityCage`: its digits differ, and as many of its values are even as odd, and as
/// many in the lower half of the values as in the upper (the middle value of an odd
/// count in neither, so not in the cage), as ISS's `EqualSizePartitions` say. A cage and
/// an automaton counting both differences.
fn equality_cage(b: &mut Builder, args: &[String]) -> Result<(), Why> {
    let cells = distinct(b, args)?;
    let key = equality_cage_automaton(b.n, b.offset, cells.len())?;
    b.push(iss_key("Cage"), entry_of([("cells", b.keys_of(&cells))]));
    b.stated_line(
        "equalitycage",
        &cells,
        key,
        Stated::Iss(IssRule::EqualityCage),
    );
    Ok(())
}

/// The automaton of an equality cage of `len` cells on a grid of side `n` whose values
/// are the digits less `offset`: as many values even as odd, and as many low as high.
pub(crate) fn equality_cage_automaton(n: usize, offset: i64, len: usize) -> Result<Value, Why> {
    if len % 2 == 1 {
        return Err("an equality cage has an even number of cells, as ISS requires".into());
    }
    let (side, len) = (n as i64, len as i64);
    let half = side / 2;
    stated::automaton(
        n,
        &[[0; 3]],
        &|[read, parity, height], d| {
            let parity = parity + if (d - offset) % 2 == 0 { 1 } else { -1 };
            let height = match d - 1 {
                low if low < half => height + 1,
                high if high >= side - half => height - 1,
                _ => return None,
            };
            let left = len - read - 1;
            (parity.abs() <= left && height.abs() <= left).then_some([read + 1, parity, height])
        },
        &|[read, parity, height]| read == len && parity == 0 && height == 0,
    )
}

/// `CountDistinct~control~cells`: the control holds the number of different values in
/// the cells. An automaton reading the cells, then the control.
fn count_distinct(b: &mut Builder, args: &[String]) -> Result<(), Why> {
    let cells = distinct(b, args)?;
    if cells.len() < 2 {
        return Err("it is a control cell and the cells it counts".into());
    }
    let (counted, offset) = (cells.len() as i64 - 1, b.offset);
    let key =
        stated::automaton(
            b.n,
            // (cells read, the digits seen as bits)
            &[[0; 3]],
            &|[read, seen, _], d| match read < counted {
                true => Some([read + 1, seen | 1 << d, 0]),
                false => (read == counted && d - offset == i64::from(seen.count_ones()))
                    .then_some([read + 1, seen, 0]),
            },
            &|[read, ..]| read > counted,
        )?;
    let mut line = cells[1..].to_vec();
    line.push(cells[0]);
    b.stated_line(
        iss_key("NFA"),
        &line,
        key,
        Stated::Iss(IssRule::CountDistinct),
    );
    Ok(())
}

/// `ValueIndexing~value~control~cells`: the control's value k (from 1) names the k-th
/// of the cells, which holds the value cell's value (ISS's `ValueIndexing`; where values
/// start at 0, a control of 0 names none). An automaton reading the control, the value
/// cell, then the cells.
fn value_indexing(b: &mut Builder, args: &[String]) -> Result<(), Why> {
    // A cell may be both the value and one indexed, as ISS's handler allows.
    let cells = b.cells(args)?;
    if cells.len() < 3 {
        return Err("it is a value cell, a control cell and the cells it indexes".into());
    }
    let (indexed, offset) = (cells.len() as i64 - 2, b.offset);
    // (the index, the value's digit, cells read: -2 before the control, -1 before the value)
    let key = stated::automaton(
        b.n,
        &[[0, 0, -2]],
        &|[index, digit, read], d| match read {
            -2 => (1..=indexed)
                .contains(&(d - offset))
                .then_some([d - offset, 0, -1]),
            -1 => Some([index, d, 0]),
            _ => (read < indexed && (read + 1 != index || d == digit)).then_some([
                index,
                digit,
                read + 1,
            ]),
        },
        &|[_, _, read]| read == indexed,
    )?;
    let mut line = vec![cells[1], cells[0]];
    line.extend(&cells[2..]);
    b.stated_line(
        iss_key("NFA"),
        &line,
        key,
        Stated::Iss(IssRule::ValueIndexing),
    );
    Ok(())
}

/// Givens: `R1C1_5` or `R1C1_2_4_6_8` (one of these), each limiting its cell further.
fn givens(b: &mut Builder, part: &Part) -> Result<(), Why> {
    let n = b.window.values;
    for item in &part.args {
        if item.is_empty() {
            continue;
        }
        let mut fields = item.split('_');
        let cell = b.cell(fields.next().unwrap_or_default())?;
        let least = 1 - b.offset;
        let values = fields
            .map(|v| match v.parse::<i64>() {
                Ok(value)
                    if (least..least + n as i64).contains(&value) && value.to_string() == v =>
                {
                    Ok((value + b.offset) as u32)
                }
                _ => Err(format!(
                    "\"{}\" is not a value of a {n}x{n} grid of values {least}-{} in {item}",
                    cells::shorten(v),
                    least + n as i64 - 1
                )),
            })
            .collect::<Result<Vec<u32>, _>>()?;
        let kept = match &b.givens[cell] {
            Some((before, _)) => before
                .iter()
                .copied()
                .filter(|v| values.contains(v))
                .collect(),
            None => values,
        };
        b.givens[cell] = Some((kept, part.clone()));
    }
    Ok(())
}

/// The direction of the little killer diagonal that starts at `start` (a cell of the
/// engine's grid of side `n`) on ISS's grid of `rows` x `cols`, its top-left corner, as
/// ISS's `LittleKiller.cellMap` lists them: down-right from the left side, up-left from
/// the right side, down-left from the top and up-right from the bottom, a diagonal of two
/// or more cells named once, by the first side that reaches it.
pub(crate) fn little_killer_direction(
    start: usize,
    n: usize,
    rows: usize,
    cols: usize,
) -> Option<(isize, isize)> {
    let mut seen: Vec<Vec<usize>> = Vec::new();
    let mut found = None;
    type Side = (Vec<(usize, usize)>, (isize, isize));
    let sides: [Side; 4] = [
        ((0..rows - 1).map(|r| (r, 0)).collect(), (1, 1)),
        ((1..rows - 1).map(|r| (r, cols - 1)).collect(), (-1, -1)),
        ((1..cols).map(|c| (0, c)).collect(), (1, -1)),
        ((1..cols - 1).map(|c| (rows - 1, c)).collect(), (-1, 1)),
    ];
    for (starts, (dr, dc)) in sides {
        for (r, c) in starts {
            let line = diagonal(r * n + c, n, rows, cols, (dr, dc));
            if line.len() <= 1 {
                continue;
            }
            let mut sorted = line.clone();
            sorted.sort_unstable();
            if seen.contains(&sorted) {
                continue;
            }
            seen.push(sorted);
            if line[0] == start && found.is_none() {
                found = Some((dr, dc));
            }
        }
    }
    found
}

/// The cells from `start` (of the engine's grid of side `n`) in `direction` to the edge of
/// ISS's grid of `rows` x `cols`, its top-left corner.
fn diagonal(
    start: usize,
    n: usize,
    rows: usize,
    cols: usize,
    direction: (isize, isize),
) -> Vec<usize> {
    let (mut row, mut col) = ((start / n) as isize, (start % n) as isize);
    let mut line = Vec::new();
    while (0..rows as isize).contains(&row) && (0..cols as isize).contains(&col) {
        line.push(row as usize * n + col as usize);
        row += direction.0;
        col += direction.1;
    }
    line
}

/// The clue beside a row or column (`R3`, `C5`) as f-puzzles places it: before the row's
/// first cell (`forward`) or after its last.
fn outside_clue(line: &str, n: usize, forward: bool) -> Result<(String, usize), Why> {
    let bad = || {
        format!(
            "\"{}\" is not a row or column (R1, C1)",
            cells::shorten(line)
        )
    };
    let (kind, number) = line.split_at_checked(1).ok_or_else(bad)?;
    let index: usize = number.parse().map_err(|_| bad())?;
    if !(1..=n).contains(&index) {
        return Err(format!("{line} is off the {n}x{n} grid"));
    }
    let edge = if forward { 0 } else { n + 1 };
    match kind {
        "R" | "r" => Ok((cells::key_at(index, edge), index)),
        "C" | "c" => Ok((cells::key_at(edge, index), index)),
        _ => Err(bad()),
    }
}

/// The windows of a windoku: boxes of the grid's box size with one cell between them and
/// the edge, as ISS's `Windoku.regions` places them.
pub(crate) fn windows(n: usize) -> Vec<Vec<usize>> {
    let Some(shape) = sudoku_engine::Shape::with_side(n) else {
        return Vec::new();
    };
    let (height, width) = (shape.box_rows(), shape.box_cols());
    let mut out = Vec::new();
    let mut i = 1;
    while i + width < n {
        let mut j = 1;
        while j + height < n {
            out.push(
                (0..n)
                    .map(|k| (j + k % height) * n + i + k / height)
                    .collect(),
            );
            j += height + 1;
        }
        i += width + 1;
    }
    out
}

/// What is stated once every part is read: region sum lines where values start at 0
/// (each a weighted sum per two of its pieces in one region, the regions being the boxes,
/// else a jigsaw's, else none, as ISS's builder takes them), ISS's non-consecutive rule on
/// the pairs a dot marks (which f-puzzles' rule exempts) and strict XV where values
/// start at 0 (no two unmarked neighbours' values add up to 5 or 10), as relations.
fn stated_at_end(b: &mut Builder) {
    let n = b.n;
    let region_of: Option<Vec<usize>> = match (&b.jigsaw, b.no_boxes) {
        (_, false) => sudoku_engine::Shape::with_side(n)
            .filter(|_| has_boxes(n))
            .map(|shape| (0..n * n).map(|c| shape.box_of(c)).collect()),
        (Some((region_of, _)), true) => Some(region_of.clone()),
        (None, true) => None,
    };
    for line in std::mem::take(&mut b.region_sum_lines) {
        let Some(region_of) = &region_of else {
            break;
        };
        let pieces: Vec<Vec<usize>> = line
            .chunk_by(|&x, &y| region_of[x] == region_of[y])
            .map(<[usize]>::to_vec)
            .collect();
        equal_sums(b, &pieces);
    }
    let not_consecutive = stated::relation(n, &|x, y| (x - y).abs() != 1);
    let dotted: Vec<[usize; 2]> = b
        .marked
        .iter()
        .filter(|(key, _)| [pair_key(Pair::Difference), pair_key(Pair::Ratio)].contains(key))
        .map(|&(_, pair)| pair)
        .collect();
    if b.anti_consecutive.is_some() {
        for pair in dotted {
            b.line(iss_key("Pair"), &pair, Some(not_consecutive.clone()));
        }
    }
    let sums = pair_key(Pair::Sum);
    if b.offset != 0 && b.negative.contains(&sums) {
        b.negative.retain(|&k| k != sums);
        let offset = b.offset;
        let neither = stated::relation(n, &|x, y| ![5, 10].contains(&(x + y - 2 * offset)));
        let marked: Vec<[usize; 2]> = b
            .marked
            .iter()
            .filter(|(k, _)| *k == sums)
            .map(|&(_, p)| p)
            .collect();
        for a in 0..n * n {
            for c in [a + 1, a + n] {
                let beside = c < n * n && (c == a + n || c % n != 0);
                if beside && !marked.contains(&[a, c]) && !marked.contains(&[c, a]) {
                    b.line(iss_key("Pair"), &[a, c], Some(neither.clone()));
                }
            }
        }
    }
}

/// Whether ISS's grid of side `n` has boxes: where the side has a factor from 2 to its
/// square root (`CellGeometry.boxDimsForSize`); a 5x5 or 7x7 grid has none.
fn has_boxes(n: usize) -> bool {
    (2..=n)
        .take_while(|f| f * f <= n)
        .any(|f| n.is_multiple_of(f))
}

/// The document: the grid (givens, regions) and the keys gathered.
fn finish(mut b: Builder) -> Result<Map<String, Value>, (Part, Why)> {
    let n = b.n;
    stated_at_end(&mut b);
    let mut object = b.keys;
    object.insert("size".into(), Value::from(n));
    let parity = |values: &[usize], odd: bool| {
        let all: Vec<usize> = (1..=n).filter(|d| (d % 2 == 1) == odd).collect();
        values == all
    };
    let mut grid = vec![vec![Map::new(); n]; n];
    let mut marks: Vec<(&str, usize)> = Vec::new();
    for (cell, given) in b.givens.iter().enumerate() {
        let Some((values, part)) = given else {
            continue;
        };
        // As plain numbers, whose sort the module already has (one of `u32` is 4 KB more).
        let mut values: Vec<usize> = values.iter().map(|&v| v as usize).collect();
        values.sort_unstable();
        values.dedup();
        match values[..] {
            [] => {
                return Err((
                    part.clone(),
                    format!("its givens leave {} no value", cells::name(cell, n)),
                ))
            }
            [digit] => {
                grid[cell / n][cell % n].insert("value".into(), Value::from(digit));
                grid[cell / n][cell % n].insert("given".into(), Value::Bool(true));
            }
            _ if values.len() == n => {}
            _ if parity(&values, true) => marks.push((mark_key(CellMark::Odd), cell)),
            _ if parity(&values, false) => marks.push((mark_key(CellMark::Even), cell)),
            _ => {
                // One of these digits: an automaton of the one cell.
                let key = stated::automaton(
                    n,
                    &[[0; 3]],
                    &|[read, ..], d| {
                        (read == 0 && values.contains(&(d as usize))).then_some([1, 0, 0])
                    },
                    &|[read, ..]| read == 1,
                )
                .map_err(|why| (part.clone(), why))?;
                let cells = Value::Array(vec![Value::from(cells::key(cell, n))]);
                let mut entry = stated_entry(cells, Stated::Iss(IssRule::GivenCandidates));
                entry.insert("value".into(), key);
                push_entry(&mut object, iss_key("NFA"), Value::Object(entry));
            }
        }
    }
    for (key, cell) in marks {
        let entry = entry_of([("cell", Value::from(cells::key(cell, n)))]);
        push_entry(&mut object, key, entry);
    }
    match (&b.jigsaw, b.no_boxes || !has_boxes(n)) {
        (Some((region_of, _)), true) => {
            for (cell, &r) in region_of.iter().enumerate() {
                grid[cell / n][cell % n].insert("region".into(), Value::from(r));
            }
        }
        (Some((region_of, _)), false) => {
            for r in 0..n {
                let cells: Vec<Value> = (0..n * n)
                    .filter(|&c| region_of[c] == r)
                    .map(|c| Value::from(cells::key(c, n)))
                    .collect();
                let entry = entry_of([("cells", Value::Array(cells))]);
                push_entry(&mut object, "extraregion", entry);
            }
        }
        (None, true) => {
            for row in &mut grid {
                for cell in row {
                    cell.insert("region".into(), Value::Null);
                }
            }
        }
        (None, false) => {}
    }
    let white = pair_key(Pair::Difference);
    if b.anti_consecutive.is_some() {
        object.insert("nonconsecutive".into(), Value::Bool(true));
    }
    // ISS's strict Kropki forbids a difference of 1 on every unmarked pair, with or without
    // white dots: f-puzzles' non-consecutive rule says so, and its negative ratio the rest.
    let mut negative: Vec<Value> = Vec::new();
    for flag in b.negative {
        if flag == white {
            object.insert("nonconsecutive".into(), Value::Bool(true));
        } else {
            negative.push(Value::from(flag));
        }
    }
    if !negative.is_empty() {
        object.insert("negative".into(), Value::Array(negative));
    }
    let grid: Vec<Value> = grid
        .into_iter()
        .map(|row| Value::Array(row.into_iter().map(Value::Object).collect()))
        .collect();
    object.insert("grid".into(), Value::Array(grid));
    Ok(object)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn little_killers_take_their_direction_from_their_first_cell() {
        // Left side, down-right; top side, down-left; right side, up-left; bottom, up-right.
        assert_eq!(little_killer_direction(0, 9, 9, 9), Some((1, 1)));
        assert_eq!(little_killer_direction(8, 9, 9, 9), Some((1, -1)));
        assert_eq!(little_killer_direction(2, 9, 9, 9), Some((1, -1)));
        assert_eq!(little_killer_direction(9 * 4 + 8, 9, 9, 9), Some((-1, -1)));
        assert_eq!(little_killer_direction(9 * 8 + 4, 9, 9, 9), Some((-1, 1)));
        // R9C1 starts the anti-diagonal that R1C9 names first; R5C5 is no edge cell.
        assert_eq!(little_killer_direction(72, 9, 9, 9), None);
        assert_eq!(little_killer_direction(40, 9, 9, 9), None);
        // ISS's 9x9 grid as the corner of an 11x11 one: its own right side, down to r9.
        assert_eq!(
            little_killer_direction(11 * 4 + 8, 11, 9, 9),
            Some((-1, -1))
        );
        assert_eq!(diagonal(8, 11, 9, 9, (1, -1)).len(), 9);
        assert_eq!(little_killer_direction(11 * 4 + 10, 11, 9, 9), None);
    }

    #[test]
    fn windows_are_the_four_windoku_boxes() {
        let w = windows(9);
        assert_eq!(w.len(), 4);
        assert_eq!(w[0], vec![10, 19, 28, 11, 20, 29, 12, 21, 30]);
        assert!(w.iter().any(|b| b.contains(&(5 * 9 + 5))));
    }

    #[test]
    fn every_missing_type_is_told_once_in_words() {
        let mut sorted = MISSING.to_vec();
        sorted.sort_unstable();
        sorted.dedup();
        assert_eq!(sorted.len(), MISSING.len());
    }

    /// With `ISS_DIR` set to an ISS tree: every constraint class of ISS's
    /// `js/sudoku_constraint.js` (but its base `Container` and `Given`, the text's `.~`) is
    /// read here or listed in [`MISSING`], and every listed type is one of them.
    #[test]
    fn every_type_of_iss_is_read_or_missing() {
        let Ok(dir) = std::env::var("ISS_DIR") else {
            eprintln!("skipped: ISS_DIR is not set to an ISS tree");
            return;
        };
        let js = std::fs::read_to_string(format!("{dir}/js/sudoku_constraint.js"))
            .expect("ISS's js/sudoku_constraint.js");
        let types: Vec<&str> = js
            .lines()
            .filter_map(|l| l.strip_prefix("  static ")?.split_once(" = class "))
            .map(|(name, _)| name)
            .filter(|name| !matches!(*name, "Container" | "Given"))
            .collect();
        assert!(types.len() > 70, "only {} types found", types.len());
        for kind in &types {
            let Ok(parts) = super::super::text::parts(&format!(".{kind}")) else {
                continue;
            };
            let said = match document::<true>(&parts) {
                Ok(_) => Vec::new(),
                Err(errors) => errors.into_iter().map(|(_, why)| why).collect(),
            };
            let unknown = said
                .iter()
                .any(|why| why.contains("not an ISS constraint type"));
            let lacks = format!("the engine has no {} yet", spoken(kind));
            let missing = said.contains(&lacks);
            assert!(!unknown, "{kind} is neither read nor listed as missing");
            assert_eq!(missing, MISSING.contains(kind), "{kind}: {said:?}");
        }
        for kind in MISSING {
            assert!(types.contains(kind), "{kind} is no type of ISS's");
        }
    }
}
