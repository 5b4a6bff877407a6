//! A made puzzle's own link, `made…`: the puzzle itself, compactly, so that no later
//! change to the generator or the rater can alter a shared puzzle (a seed, which makes
//! the puzzle again, would). Base64url of bits, most significant first:
//!
//! - 4 bits the form's version, 4 its genre (its place in [`Genre::ALL`]), 3 its level
//!   (in [`Level::ASKED`]), 4 its size (in [`Shape::ALL`]): the title and the rules text
//!   come from the genre and the level, as the generator's own do;
//! - its givens: a bit for whether it has any, then as the page's `#s=` form writes them
//!   (a bit a cell, then each digit);
//! - its houses past the rows and columns: a bit for whether its regions are the boxes,
//!   else each cell's region; a bit for every knight's-move pair as a house (anti-knight);
//!   a bit for one cage house for each killer rule, in their order; then any other houses,
//!   each with its kind and cells;
//! - its rules: each with whether it is of the kind before, else its kind (the tag of a
//!   worker message, [`RuleKind::tag`]); its cells; its numbers ([`Rule::numbers`]), or
//!   a bit that they are the rule before's. Then a bit for every other pair of neighbours
//!   with neither a white nor a black Kropki dot (every dot given), and a bit for the
//!   anti-taxicab rule of every cell after the rest ([`AntiTaxicab::everywhere`]). That
//!   last bit came with the anti-taxicab genre: a link written before it ends there, and
//!   reads as without it.
//!
//! A list of cells is its length, its first cell (or a bit where it is the first cell no
//! rule before holds, as for cages in order) and each next cell by its step from the one
//! before ([`STEPS`]), or where none fits, itself. Numbers are written three bits a chunk.
//! A puzzle this form would not carry back exactly is not written in it ([`write`] says
//! `None`): the page then links it by its f-puzzles payload.
//!
//! Reading takes text from anyone's address bar: it checks everything and never panics.

use sudoku_engine::generate::variant::Genre;
use sudoku_engine::houses::{HouseKind, Houses};
use sudoku_engine::logic::Level;
use sudoku_engine::puzzle::Puzzle;
use sudoku_engine::rules::{AntiTaxicab, Rule};
use sudoku_engine::{Grid, Shape};

use crate::bits::{digit_bits, from_base64url, to_base64url, BitReader, BitWriter};
use crate::engine_rules;
use crate::error::{invalid, LinkError};

/// The prefix of the form, as SudokuPad's forms have theirs (`fpuzzles…`).
pub const PREFIX: &str = "made";

const VERSION: u32 = 1;

/// The steps (rows down, columns right) from one cell of a list to the next that take
/// four bits; the rest of the sixteen values says the cell follows in full. The king's
/// moves for lines, and the jumps between a cage's cells in cell order.
const STEPS: [(isize, isize); 15] = [
    (0, 1),
    (1, 0),
    (1, 1),
    (1, -1),
    (0, -1),
    (-1, 0),
    (-1, -1),
    (-1, 1),
    (0, 2),
    (0, 3),
    (1, -2),
    (1, -3),
    (1, -4),
    (1, 2),
    (1, 3),
];

/// The kinds of houses past the rows, columns and regions, which the form numbers.
const EXTRA_KINDS: &[HouseKind] = HouseKind::ALL.split_at(3).1;

/// A puzzle read from its `made…` link.
#[derive(Clone, Debug, PartialEq)]
pub struct MadeLink {
    pub genre: Genre,
    pub level: Level,
    pub puzzle: Puzzle,
}

impl MadeLink {
    /// Its title, as the generator's puzzles have theirs: "Killer, Hard".
    pub fn title(&self) -> String {
        format!("{}, {}", self.genre.title(), self.level)
    }
}

/// The link of a puzzle of `genre` rated `level`, prefix and all; `None` if the form
/// would not carry it back exactly.
pub fn write(genre: Genre, level: Level, puzzle: &Puzzle) -> Option<String> {
    let shape = puzzle.shape();
    let (n, cells) = (shape.n(), shape.cells());
    let mut bits = BitWriter::default();
    bits.push_value(VERSION, 4);
    bits.push_value(place(&Genre::ALL, genre)?, 4);
    bits.push_value(place(&Level::ASKED, level)?, 3);
    bits.push_value(place(&Shape::ALL, shape)?, 4);
    let givens = puzzle.givens();
    bits.push(givens.filled() > 0);
    if givens.filled() > 0 {
        for &d in givens.cells() {
            bits.push(d != 0);
        }
        for &d in givens.cells().iter().filter(|&&d| d != 0) {
            bits.push_value(u32::from(d - 1), digit_bits(n));
        }
    }
    let houses = puzzle.houses();
    let standard = Houses::standard(shape);
    let boxes = (2 * n..3 * n).all(|h| houses.cells(h) == standard.cells(h));
    bits.push(boxes);
    if !boxes {
        for cell in 0..cells {
            let region = (2 * n..3 * n).position(|h| houses.cells(h).contains(&cell))?;
            bits.push_value(region as u32, digit_bits(n));
        }
    }
    let mut extra: Vec<(HouseKind, &[usize])> = (3 * n..houses.len())
        .map(|h| (houses.kind(h), houses.cells(h)))
        .collect();
    let knights = HouseKind::Knight.move_pairs(shape);
    let all_knights = !knights.is_empty() && extra.iter().any(|&(k, _)| k == HouseKind::Knight);
    bits.push(all_knights);
    let killers: Vec<&[usize]> = puzzle
        .rules()
        .iter()
        .filter(|r| r.cage_sum().is_some())
        .map(Rule::cells)
        .collect();
    let cages = !killers.is_empty() && extra.iter().any(|&(k, _)| k == HouseKind::Cage);
    bits.push(cages);
    extra.retain(|&(k, _)| {
        !(all_knights && k == HouseKind::Knight || cages && k == HouseKind::Cage)
    });
    push_number(&mut bits, extra.len() as u32);
    for (kind, list) in extra {
        bits.push_value(place(EXTRA_KINDS, kind)?, 3);
        push_cells(&mut bits, list, n, None);
    }
    let mut rules = puzzle.rules();
    let taxicab = AntiTaxicab::everywhere(n);
    let everywhere = rules.ends_with(&taxicab);
    if everywhere {
        rules = &rules[..rules.len() - taxicab.len()];
    }
    let neither = engine_rules::neither_pairs(n, rules);
    let every_dot = !neither.is_empty() && rules.ends_with(&neither);
    if every_dot {
        rules = &rules[..rules.len() - neither.len()];
    }
    push_number(&mut bits, rules.len() as u32);
    let mut held = vec![false; cells];
    let mut before: Option<&Rule> = None;
    for rule in rules {
        let same_kind = before.is_some_and(|b| b.kind() == rule.kind());
        bits.push(same_kind);
        if !same_kind {
            bits.push_value(rule.kind().tag(), 5);
        }
        push_cells(&mut bits, rule.cells(), n, Some(&held));
        for &c in rule.cells() {
            held[c] = true;
        }
        let numbers = rule.numbers();
        let same_numbers = before.is_some_and(|b| b.numbers() == numbers);
        bits.push(same_numbers);
        if !same_numbers {
            push_number(&mut bits, numbers.len() as u32);
            for &x in &numbers {
                push_number(&mut bits, x);
            }
        }
        before = Some(rule);
    }
    bits.push(every_dot);
    bits.push(everywhere);
    let text = format!("{PREFIX}{}", to_base64url(&bits.finish()));
    let back = read(&text[PREFIX.len()..]).ok()?;
    (back.genre == genre && back.level == level && back.puzzle == *puzzle).then_some(text)
}

/// Reads the form's data (after [`PREFIX`]) back; the message says what is wrong.
pub fn read(data: &str) -> Result<MadeLink, LinkError> {
    let bytes = from_base64url(data)
        .map_err(|_| invalid("the made puzzle's link is damaged: it is not base64url"))?;
    let mut bits = BitReader::new(&bytes);
    let short = || invalid("the made puzzle's link is cut short");
    let take = |bits: &mut BitReader, width| bits.read(width).ok_or_else(short);
    if take(&mut bits, 4)? != VERSION {
        return Err(invalid(
            "the made puzzle's link was written by a later version of this app",
        ));
    }
    let genre = pick(&Genre::ALL, take(&mut bits, 4)?, "variant this app makes")?;
    let level = pick(&Level::ASKED, take(&mut bits, 3)?, "level")?;
    let shape = pick(&Shape::ALL, take(&mut bits, 4)?, "size")?;
    let (n, cells) = (shape.n(), shape.cells());
    let mut digits = vec![0u8; cells];
    if take(&mut bits, 1)? == 1 {
        let filled: Vec<bool> = (0..cells)
            .map(|_| take(&mut bits, 1).map(|b| b == 1))
            .collect::<Result<_, _>>()?;
        for (cell, _) in filled.iter().enumerate().filter(|(_, &f)| f) {
            let d = take(&mut bits, digit_bits(n))?;
            if d as usize >= n {
                return Err(invalid(format!(
                    "the made puzzle's link gives a digit a {shape} grid does not have"
                )));
            }
            digits[cell] = d as u8 + 1;
        }
    }
    let givens = Grid::from_cells(shape, digits).ok_or_else(short)?;
    let standard = Houses::standard(shape);
    let mut list: Vec<(HouseKind, Vec<usize>)> = (0..2 * n)
        .map(|h| (standard.kind(h), standard.cells(h).to_vec()))
        .collect();
    if take(&mut bits, 1)? == 1 {
        list.extend(standard_boxes(&standard, n));
    } else {
        let mut regions = vec![Vec::new(); n];
        for cell in 0..cells {
            let r = take(&mut bits, digit_bits(n))? as usize;
            regions
                .get_mut(r)
                .ok_or_else(|| invalid("the made puzzle's link names a region it has not"))?
                .push(cell);
        }
        list.extend(regions.into_iter().map(|r| (HouseKind::Region, r)));
    }
    let (all_knights, cages) = (take(&mut bits, 1)? == 1, take(&mut bits, 1)? == 1);
    for _ in 0..read_number(&mut bits, cells)? {
        let kind = pick(EXTRA_KINDS, take(&mut bits, 3)?, "kind of house")?;
        list.push((kind, read_cells(&mut bits, n, cells, None)?));
    }
    if all_knights {
        let pairs = HouseKind::Knight.move_pairs(shape);
        list.extend(pairs.into_iter().map(|p| (HouseKind::Knight, p)));
    }
    let count = read_number(&mut bits, 4 * cells)?;
    let mut rules: Vec<Rule> = Vec::new();
    let mut held = vec![false; cells];
    let (mut tag, mut numbers) = (None, Vec::new());
    for i in 0..count {
        if take(&mut bits, 1)? == 0 || tag.is_none() {
            tag = Some(take(&mut bits, 5)?);
        }
        let list = read_cells(&mut bits, n, cells, Some(&held))?;
        for &c in &list {
            held[c] = true;
        }
        if take(&mut bits, 1)? == 0 || i == 0 {
            let many = read_number(&mut bits, cells)?;
            numbers = (0..many)
                .map(|_| read_number(&mut bits, u32::MAX as usize).map(|x| x as u32))
                .collect::<Result<_, _>>()?;
        }
        let rule = Rule::read(tag.unwrap_or_default(), list, &numbers, n)
            .map_err(|why| invalid(format!("rule {} of the made puzzle's link: {why}", i + 1)))?;
        rules.push(rule);
    }
    if take(&mut bits, 1)? == 1 {
        let neither = engine_rules::neither_pairs(n, &rules);
        rules.extend(neither);
    }
    // A link written before this bit ends before it, or in a byte's padding of zeros.
    if bits.read(1) == Some(1) {
        rules.extend(AntiTaxicab::everywhere(n));
    }
    if !bits.rest_is_padding() {
        return Err(invalid(
            "the made puzzle's link has more in it than a puzzle",
        ));
    }
    if cages {
        let cages = rules.iter().filter(|r| r.cage_sum().is_some());
        list.extend(cages.map(|r| (HouseKind::Cage, r.cells().to_vec())));
    }
    // The rows, columns and boxes alone are the standard houses, which the solver knows.
    let houses = match list.len() == 3 * n && list[2 * n..] == standard_boxes(&standard, n)[..] {
        true => standard,
        false => Houses::try_from_list(shape, list).map_err(invalid)?,
    };
    let puzzle = Puzzle::try_new(givens, houses, rules).map_err(invalid)?;
    Ok(MadeLink {
        genre,
        level,
        puzzle,
    })
}

/// Where `x` is in `all`.
fn place<T: PartialEq>(all: &[T], x: T) -> Option<u32> {
    all.iter().position(|y| *y == x).map(|i| i as u32)
}

/// The item at `i` of `all`, or a message that the link names no `what`.
fn pick<T: Copy>(all: &[T], i: u32, what: &str) -> Result<T, LinkError> {
    all.get(i as usize)
        .copied()
        .ok_or_else(|| invalid(format!("the made puzzle's link names no {what}")))
}

/// The boxes of `standard`, as houses.
fn standard_boxes(standard: &Houses, n: usize) -> Vec<(HouseKind, Vec<usize>)> {
    (2 * n..3 * n)
        .map(|h| (HouseKind::Region, standard.cells(h).to_vec()))
        .collect()
}

/// `x` in chunks of three bits, least significant first, each after a bit saying
/// whether another follows.
fn push_number(bits: &mut BitWriter, mut x: u32) {
    loop {
        let chunk = x & 7;
        x >>= 3;
        bits.push(x != 0);
        bits.push_value(chunk, 3);
        if x == 0 {
            return;
        }
    }
}

/// A number as [`push_number`] writes it, if it is at most `most`.
fn read_number(bits: &mut BitReader, most: usize) -> Result<usize, LinkError> {
    let mut x: u64 = 0;
    for shift in (0..33).step_by(3) {
        let more = bits
            .read(1)
            .ok_or_else(|| invalid("the made puzzle's link is cut short"))?;
        let chunk = bits
            .read(3)
            .ok_or_else(|| invalid("the made puzzle's link is cut short"))?;
        x |= u64::from(chunk) << shift;
        if more == 0 {
            return usize::try_from(x)
                .ok()
                .filter(|&x| x <= most)
                .ok_or_else(|| invalid("the made puzzle's link holds a number too large"));
        }
    }
    Err(invalid("the made puzzle's link holds a number too large"))
}

/// The step from `a` to `b` on a grid of side `n`, as its place in [`STEPS`].
fn step_of(a: usize, b: usize, n: usize) -> Option<u32> {
    let (dr, dc) = (
        (b / n) as isize - (a / n) as isize,
        (b % n) as isize - (a % n) as isize,
    );
    STEPS.iter().position(|&s| s == (dr, dc)).map(|i| i as u32)
}

/// `list` as its length, its first cell (a bit for whether it is the first cell not
/// `held`, where `held` is given) and each next cell by its step or in full.
fn push_cells(bits: &mut BitWriter, list: &[usize], n: usize, held: Option<&[bool]>) {
    let width = digit_bits(n * n);
    push_number(bits, list.len() as u32);
    let Some((&first, rest)) = list.split_first() else {
        return;
    };
    if let Some(held) = held {
        let free = held.iter().position(|&h| !h) == Some(first);
        bits.push(free);
        if free {
            return push_steps(bits, first, rest, n, width);
        }
    }
    bits.push_value(first as u32, width);
    push_steps(bits, first, rest, n, width);
}

fn push_steps(bits: &mut BitWriter, first: usize, rest: &[usize], n: usize, width: usize) {
    let mut last = first;
    for &c in rest {
        match step_of(last, c, n) {
            Some(step) => bits.push_value(step, 4),
            None => {
                bits.push_value(STEPS.len() as u32, 4);
                bits.push_value(c as u32, width);
            }
        }
        last = c;
    }
}

/// A list of cells as [`push_cells`] writes it, each on the grid.
fn read_cells(
    bits: &mut BitReader,
    n: usize,
    cells: usize,
    held: Option<&[bool]>,
) -> Result<Vec<usize>, LinkError> {
    let width = digit_bits(cells);
    let off = || invalid("the made puzzle's link names a cell off the grid");
    let short = || invalid("the made puzzle's link is cut short");
    let len = read_number(bits, cells)?;
    let mut list = Vec::with_capacity(len);
    if len == 0 {
        return Ok(list);
    }
    let free = match held {
        Some(held) if bits.read(1).ok_or_else(short)? == 1 => {
            Some(held.iter().position(|&h| !h).ok_or_else(off)?)
        }
        _ => None,
    };
    let first = match free {
        Some(cell) => cell,
        None => bits.read(width).ok_or_else(short)? as usize,
    };
    list.push(first);
    while list.len() < len {
        let step = bits.read(4).ok_or_else(short)? as usize;
        let last = list[list.len() - 1];
        let next = match STEPS.get(step) {
            Some(&(dr, dc)) => {
                let (r, c) = ((last / n) as isize + dr, (last % n) as isize + dc);
                let on = (0..n as isize).contains(&r) && (0..n as isize).contains(&c);
                on.then(|| r as usize * n + c as usize)
            }
            None => Some(bits.read(width).ok_or_else(short)? as usize),
        };
        list.push(next.filter(|&c| c < cells).ok_or_else(off)?);
    }
    if first >= cells {
        return Err(off());
    }
    Ok(list)
}
