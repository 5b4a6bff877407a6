//! Set theory, the rule of 45 generalised: two sets of houses that hold every digit the
//! same number of times hold the same digits, so the cells of the first outside the second
//! and the cells of the second outside the first hold the same digits, as multisets, and
//! add up to the same.
//! - Set equivalence: k rows against k columns, or k rows or columns against k boxes (k up
//!   to 3, any k of them while the choices stay few, else runs of neighbours). A cage whose
//!   sum is known and which lies mostly over one side stands for its cells there: its sum,
//!   less its cells outside that side. A cage is any rule whose total is known (a killer
//!   cage's sum; a 10-line or a rellik cage once its candidates leave it one total), as the
//!   rule of 45 counts them. What is left then adds up to a known total, or to a
//!   known amount more than other cells, and the least and most each group of cells that
//!   see each other can add up to remove candidates.
//! - Phistomefel's ring: rows 1, 2, 8 and 9 with columns 1, 2, 8 and 9 hold what the eight
//!   boxes around box 5 hold, so the 16 corner cells (r1-2c1-2, r1-2c8-9, r8-9c1-2,
//!   r8-9c8-9) hold the same digits as the 16 cells around box 5 (r3-7c3-7 outside box 5):
//!   a digit none of one set can hold is in none of the other, and with cages their sums
//!   compare as above.
//!
//! A step lists its two sets' houses in its highlight, the first set's then the second's,
//! as many each: [`compared`] reads the two sides back from them.

use std::fmt;
use std::sync::{Arc, Mutex, PoisonError};

use super::rule_deductions::{and_list, losses, removals};
use super::rule_of_45::{cages_with_sums, narrowed, MOST_CELLS};
use super::{combinations, digits_of};
use crate::{cell_list, digit_list, Candidates, Highlight, Step, Technique};
use sudoku_model::houses::{HouseKind, Houses, MOST_LINES_ADDED};

/// At most this many cells are left once the cages' sums are counted: "Solver needs SET"
/// leaves 18, the middle cells of its eighteen cages.
const MOST_LEFT: usize = 18;
/// The most choices of k houses of one kind looked at: beyond, runs of neighbours only.
const MOST_CHOICES: usize = 100;

/// Set equivalence's comparisons of one puzzle, in the order they are looked at: the pairs
/// of sets whose cages leave few cells, and what they leave. They rest on its houses and
/// the cages counted alone, not on the other candidates: found on first use, and again
/// only when the cages counted change (a 10-line's total comes to be known), shared by
/// every copy of the candidates, so that a step weighs only the candidates of what is
/// left, where a killer has 25,299 pairs of sets to count its cages over.
#[derive(Clone, Default)]
pub(super) struct Comparisons(Arc<Mutex<Option<ComparedOver>>>);

/// The cages the comparisons were found over (each its index among the rules and its total),
/// and those comparisons.
type ComparedOver = (Vec<(usize, u32)>, Arc<Vec<Comparison>>);

impl PartialEq for Comparisons {
    /// Always: they follow from the puzzle, which the candidates compare.
    #[inline]
    fn eq(&self, _: &Comparisons) -> bool {
        true
    }
}

impl Eq for Comparisons {}

impl fmt::Debug for Comparisons {
    #[inline]
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Comparisons")
    }
}

/// Two sets of houses that hold the same digits, and what their cages leave of them.
struct Comparison {
    sets: (Arc<[usize]>, Arc<[usize]>),
    balance: Balance,
}

/// What is left of two sets once the cages with sums mostly over either side are counted
/// out: the cells of `plus` add up to `total` more than those of `minus`.
/// One list holds it all, as a killer's thousands of them are found at once: the cells of
/// `plus`, of `minus`, the same cells again in groups of cells that see each other (those
/// of `plus` first), where each group ends, and the cages counted.
struct Balance {
    list: Vec<usize>,
    /// How many cells `plus` has, and `minus`.
    sides: [usize; 2],
    /// How many groups `plus` has, and `minus`.
    groups: [usize; 2],
    total: i64,
    /// The sums of the cages counted over the first set, and over the second.
    sums: [u32; 2],
    /// Whether a cage counted reaches outside its side.
    out: bool,
}

impl Balance {
    #[inline]
    fn plus(&self) -> &[usize] {
        &self.list[..self.sides[0]]
    }

    #[inline]
    fn minus(&self) -> &[usize] {
        &self.list[self.sides[0]..self.left()]
    }

    #[inline]
    fn left(&self) -> usize {
        self.sides[0] + self.sides[1]
    }

    /// Each group of cells that see each other, and its side's sign.
    #[inline]
    fn grouped(&self) -> impl Iterator<Item = (&[usize], i64)> + Clone {
        let (left, count) = (self.left(), self.groups[0] + self.groups[1]);
        let ends = &self.list[2 * left..2 * left + count];
        (0..count).map(move |g| {
            let start = if g == 0 { left } else { ends[g - 1] };
            let sign = if g < self.groups[0] { 1 } else { -1 };
            (&self.list[start..ends[g]], sign)
        })
    }

    /// The cages counted, by index among the rules.
    #[inline]
    fn used(&self) -> &[usize] {
        &self.list[2 * self.left() + self.groups[0] + self.groups[1]..]
    }
}

/// The words of [`Bits`], and the most cells they hold: grids up to 11x11. Set equivalence
/// is not looked for on larger grids: a second width for them (ten words, 25x25) cost the
/// page's first load 2.4 KiB gzipped, which the 500 KiB ceiling had no room for.
const WORDS: usize = 2;
const CELLS: usize = 64 * WORDS;

/// Cells as bits.
#[derive(Clone, Copy)]
struct Bits([u64; WORDS]);

impl Bits {
    #[inline]
    fn of(cells: &[usize]) -> Bits {
        let mut words = [0; WORDS];
        cells.iter().for_each(|&x| words[x / 64] |= 1 << (x % 64));
        Bits(words)
    }

    #[inline]
    fn with(self, other: Bits, join: impl Fn(u64, u64) -> u64) -> Bits {
        Bits(std::array::from_fn(|i| join(self.0[i], other.0[i])))
    }

    #[inline]
    fn and(self, other: Bits) -> Bits {
        self.with(other, |a, b| a & b)
    }

    #[inline]
    fn or(self, other: Bits) -> Bits {
        self.with(other, |a, b| a | b)
    }

    #[inline]
    fn minus(self, other: Bits) -> Bits {
        self.with(other, |a, b| a & !b)
    }

    #[inline]
    fn count(self) -> usize {
        self.0.iter().map(|w| w.count_ones() as usize).sum()
    }

    #[inline]
    fn is_empty(self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }

    /// The cells, in order.
    #[inline]
    fn cells(self) -> impl Iterator<Item = usize> {
        (0..WORDS).flat_map(move |i| {
            let mut rest = self.0[i];
            std::iter::from_fn(move || {
                let x = rest.trailing_zeros() as usize;
                rest &= rest.wrapping_sub(1);
                (x < 64).then_some(i * 64 + x)
            })
        })
    }
}

/// A cage with a sum, as [`cages_with_sums`] gives it: its cells, how many, its sum, and
/// its index among the rules.
type Cage = (Bits, usize, u32, usize);

#[inline]
fn cages(c: &Candidates) -> Vec<Cage> {
    cages_with_sums(c)
        .into_iter()
        .map(|(cells, sum, index)| (Bits::of(cells), cells.len(), sum, index))
        .collect()
}

/// Each cell's peers.
#[inline]
fn peers(c: &Candidates) -> Vec<Bits> {
    (0..c.cells())
        .map(|x| Bits::of(c.houses().peers(x)))
        .collect()
}

#[inline]
pub fn set_equivalence(c: &Candidates) -> Option<Step> {
    let houses = c.houses();
    let cages = cages(c);
    let counted: Vec<(usize, u32)> = cages.iter().map(|cage| (cage.3, cage.2)).collect();
    let found = {
        let mut known = c
            .comparisons()
            .0
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        match &*known {
            Some((was, found)) if *was == counted => Arc::clone(found),
            _ => {
                let found = Arc::new(match c.cells() {
                    0..=CELLS => comparisons(c, &cages),
                    _ => Vec::new(),
                });
                *known = Some((counted, Arc::clone(&found)));
                found
            }
        }
    };
    found.iter().find_map(
        |Comparison {
             sets: (x, y),
             balance,
         }| {
            let verb = if x.len() == 1 { "holds" } else { "hold" };
            let said = || {
                format!(
                    "{} {verb} the same digits as {}",
                    names(houses, x),
                    names(houses, y)
                )
            };
            by_sums(c, balance, (x, y), &said, Technique::SetEquivalence)
        },
    )
}

/// Every comparison of `c`'s puzzle worth weighing, in the order they are looked at: k
/// rows against k columns, k rows against k boxes, then k columns against k boxes, for k
/// from 1.
#[inline]
fn comparisons(c: &Candidates, cages: &[Cage]) -> Vec<Comparison> {
    if cages.is_empty() {
        return Vec::new();
    }
    let houses = c.houses();
    let of = |kind| -> Vec<usize> {
        (0..houses.len())
            .filter(|&h| houses.kind(h) == kind && houses.holds_every_digit(h))
            .collect()
    };
    let (rows, columns, mut boxes) = (
        of(HouseKind::Row),
        of(HouseKind::Column),
        of(HouseKind::Region),
    );
    // Regions that are rows or columns ("Solver needs SET") are weighed as those.
    let n = c.shape().n();
    let along = |h: usize, line: &dyn Fn(usize) -> usize| {
        let cells = houses.cells(h);
        cells.iter().all(|&x| line(x) == line(cells[0]))
    };
    boxes.retain(|&h| !along(h, &|x| x / n) && !along(h, &|x| x % n));
    let house: Vec<Bits> = (0..houses.len())
        .map(|h| Bits::of(houses.cells(h)))
        .collect();
    let peers = peers(c);
    // A set with a house apart from the other set is the rule of 45's, and is left out.
    let alone = |x: &[usize], other: Bits| x.iter().any(|&a| house[a].and(other).is_empty());
    // Where no two cages share a cell, a cage counted over a side lies mostly in its set,
    // and a side keeps at least its cells outside such cages: too many, and the pair is
    // passed over unweighed.
    let size: usize = cages.iter().map(|cage| cage.1).sum();
    let apart = cages
        .iter()
        .fold(Bits([0; WORDS]), |a, cage| a.or(cage.0))
        .count()
        == size;
    let (mut found, mut used) = (Vec::new(), Vec::new());
    for k in 1..=MOST_LINES_ADDED {
        // Each choice of k houses of a kind, with its cells and the cages mostly in them.
        let sets = |kind: &[usize]| -> Vec<(Arc<[usize]>, Bits, Bits)> {
            choices(kind, k)
                .into_iter()
                .map(|set| {
                    let cells = set.iter().fold(Bits([0; WORDS]), |a, &h| a.or(house[h]));
                    let mostly = cages
                        .iter()
                        .filter(|cage| 2 * cage.0.and(cells).count() > cage.1)
                        .fold(Bits([0; WORDS]), |a, cage| a.or(cage.0));
                    (set.into(), cells, mostly)
                })
                .collect()
        };
        let (rows, columns, boxes) = (sets(&rows), sets(&columns), sets(&boxes));
        for (lines, others) in [(&rows, &columns), (&rows, &boxes), (&columns, &boxes)] {
            for (x, xs, x_cages) in lines {
                for (y, ys, y_cages) in others {
                    let kept = |this: Bits, other, cages| this.minus(other).minus(cages).count();
                    if apart && kept(*xs, *ys, *x_cages) + kept(*ys, *xs, *y_cages) > MOST_LEFT {
                        continue;
                    }
                    if alone(x, *ys) || alone(y, *xs) {
                        continue;
                    }
                    if let Some(balance) =
                        balance(xs.minus(*ys), ys.minus(*xs), cages, &peers, &mut used)
                    {
                        let sets = (x.clone(), y.clone());
                        found.push(Comparison { sets, balance });
                    }
                }
            }
        }
    }
    found
}

#[inline]
pub fn phistomefel(c: &Candidates) -> Option<Step> {
    // Rows 1, 2, 8, 9 and columns 1, 2, 8, 9; the boxes but box 5: each house by its index
    // among the standard ones, checked to be there.
    let (lines, boxes) = (
        [0, 1, 7, 8, 9, 10, 16, 17],
        [18, 19, 20, 21, 23, 24, 25, 26],
    );
    let houses = c.houses();
    let (shape, kinds) = (c.shape(), [HouseKind::Row, HouseKind::Column]);
    let cell = |h: usize, i: usize| match h {
        0..=8 => h * 9 + i,
        9..=17 => i * 9 + h - 9,
        _ => (h - 18) / 3 * 27 + (h - 18) % 3 * 3 + i / 3 * 9 + i % 3,
    };
    let there = |h: usize| {
        h < houses.len()
            && houses.kind(h) == *kinds.get(h / 9).unwrap_or(&HouseKind::Region)
            && (0..9).all(|i| houses.cells(h).contains(&cell(h, i)))
    };
    if (shape.n(), shape.box_cols()) != (9, 3) || !lines.iter().chain(&boxes).all(|&h| there(h)) {
        return None;
    }
    let said = "rows 1, 2, 8 and 9 and columns 1, 2, 8 and 9 hold the same digits as the \
                eight boxes around box 5, so the 16 corner cells (r1-2c1-2, r1-2c8-9, \
                r8-9c1-2, r8-9c8-9) and the ring of 16 cells around box 5 (r3-7c3-7 outside \
                box 5) hold the same digits";
    let sets = (&lines[..], &boxes[..]);
    // A digit none of one set's cells can hold leaves the other.
    let (corners, ring) = sides(&weights(houses, sets));
    let held = |cells: &[usize]| c.domains(cells).iter().fold(0, |a, &d| a | d);
    let (mut cells, mut kept, mut why) = (Vec::new(), Vec::new(), Vec::new());
    for (this, other, names) in [
        (&corners, &ring, ("corner", "ring")),
        (&ring, &corners, ("ring", "corner")),
    ] {
        let missing = !held(this) & held(other);
        if missing != 0 {
            why.push(format!(
                "no {} cell can be {}, so no {} cell can",
                names.0,
                digit_list(&digits_of(missing)),
                names.1
            ));
            cells.extend(other);
            kept.extend(other.iter().map(|&x| c.marks(x) & !missing));
        }
    }
    let eliminations = losses(c, &cells, &kept);
    if eliminations.is_empty() {
        let (corners, ring) = (Bits::of(&corners), Bits::of(&ring));
        let balance = balance(corners, ring, &cages(c), &peers(c), &mut Vec::new())?;
        return by_sums(
            c,
            &balance,
            sets,
            &|| said.to_string(),
            Technique::Phistomefel,
        );
    }
    let said = format!("{said}; {}", why.join("; "));
    Some(set_step(
        c,
        Technique::Phistomefel,
        sets,
        cells,
        Vec::new(),
        said,
        eliminations,
    ))
}

/// The two sides of a set-theory step, each set's cells outside the other set, as the
/// page lights them; `None` for other steps.
#[inline]
pub fn compared(houses: &Houses, step: &Step) -> Option<(Vec<usize>, Vec<usize>)> {
    let all = &step.highlight.houses;
    matches!(
        step.technique,
        Technique::SetEquivalence | Technique::Phistomefel
    )
    .then(|| sides(&weights(houses, all.split_at(all.len() / 2))))
}

/// Each cell's count in the first set less its count in the second.
#[inline]
fn weights(houses: &Houses, (x, y): (&[usize], &[usize])) -> Vec<i8> {
    let mut weights = vec![0i8; houses.shape().cells()];
    for (set, sign) in [(x, 1), (y, -1)] {
        for &h in set {
            for &cell in houses.cells(h) {
                weights[cell] += sign;
            }
        }
    }
    weights
}

/// The cells weighed 1, and those weighed -1.
#[inline]
fn sides(weights: &[i8]) -> (Vec<usize>, Vec<usize>) {
    let side = |sign: i8| (0..weights.len()).filter(|&x| weights[x] == sign).collect();
    (side(1), side(-1))
}

/// Each choice of `k` of `houses`: all of them while they are few, else the runs of
/// neighbours.
#[inline]
fn choices(houses: &[usize], k: usize) -> Vec<Vec<usize>> {
    let all = combinations(houses, k);
    match all.len() <= MOST_CHOICES {
        true => all,
        false => houses.windows(k).map(<[usize]>::to_vec).collect(),
    }
}

/// "row 4", "row 1, row 6 and row 7".
#[inline]
fn names(houses: &Houses, set: &[usize]) -> String {
    and_list(&set.iter().map(|&h| houses.name(h)).collect::<Vec<_>>())
}

/// What is left of `plus` and `minus`, the cells of the first set outside the second and
/// of the second outside the first, once the cages with sums mostly over either side are
/// counted out; `None` when no cage counts, nothing is left, or too much is.
#[inline]
fn balance(
    mut plus: Bits,
    mut minus: Bits,
    cages: &[Cage],
    peers: &[Bits],
    used: &mut Vec<usize>,
) -> Option<Balance> {
    // The two sides add up to `total` more than each other: a cage mostly over a side is
    // taken out for its sum, its cells outside that side counted against it. The cages
    // counted go to `used`, lent for the many pairs weighed.
    used.clear();
    let (mut total, mut sums, mut out) = (0i64, [0u32; 2], false);
    for &(cells, size, sum, index) in cages {
        // A cage reaching into both sides, or neither, is not counted.
        let (s, sign) = match (cells.and(plus).is_empty(), cells.and(minus).is_empty()) {
            (false, true) => (0, 1),
            (true, false) => (1, -1),
            _ => continue,
        };
        let (this, other) = match s {
            0 => (&mut plus, &mut minus),
            _ => (&mut minus, &mut plus),
        };
        let on = cells.and(*this).count();
        if 2 * on > size {
            out |= on < size;
            *other = other.or(cells.minus(*this));
            *this = this.minus(cells);
            total -= sign * i64::from(sum);
            sums[s] += sum;
            used.push(index);
        }
    }
    let left = plus.count() + minus.count();
    if total < 0 || plus.is_empty() {
        (plus, minus, total) = (minus, plus, -total);
    }
    if used.is_empty() || plus.is_empty() || total < 0 || left > MOST_LEFT {
        return None;
    }
    let mut list = Vec::with_capacity(2 * left + 2 * MOST_LEFT + used.len());
    list.extend(plus.cells().chain(minus.cells()));
    let sides = [list.len() - minus.count(), minus.count()];
    // Each side's cells in groups that see each other, each cell in the first group of its
    // side it sees all of: each cell's group, numbered across both sides.
    let (mut seen, mut group) = ([Bits([0; WORDS]); MOST_LEFT], [0; MOST_LEFT]);
    let mut groups = [0; 2];
    for i in 0..left {
        let (x, side) = (list[i], usize::from(i >= sides[0]));
        let start = if side == 0 { 0 } else { groups[0] };
        let end = start + groups[side];
        let g = (start..end)
            .find(|&g| seen[g].minus(peers[x]).is_empty())
            .unwrap_or(end);
        groups[side] += usize::from(g == end);
        seen[g].0[x / 64] |= 1 << (x % 64);
        group[i] = g;
    }
    // The groups' cells after the sides' cells, in order, and where each group ends: each
    // group's place found from the sizes of those before it.
    let (count, mut ends) = (groups[0] + groups[1], [0; MOST_LEFT]);
    for &g in &group[..left] {
        ends[g] += 1;
    }
    let mut at = left;
    for end in &mut ends[..count] {
        (at, *end) = (at + *end, at);
    }
    list.resize(2 * left, 0);
    for i in 0..left {
        list[ends[group[i]]] = list[i];
        ends[group[i]] += 1;
    }
    list.extend_from_slice(&ends[..count]);
    list.extend_from_slice(used);
    Some(Balance {
        list,
        sides,
        groups,
        total,
        sums,
        out,
    })
}

/// With the sums of the cages over either side, what is left of the two sides adds up to
/// a known total, or to a known amount more than other cells: the candidates that total
/// leaves out.
#[inline]
fn by_sums(
    c: &Candidates,
    balance: &Balance,
    sets: (&[usize], &[usize]),
    said: &dyn Fn() -> String,
    technique: Technique,
) -> Option<Step> {
    let (plus, minus, total) = (balance.plus(), balance.minus(), balance.total);
    // A few cells alone are narrowed as the rule of 45 narrows its innies; the sentence is
    // written only for a step found.
    let eliminations = match minus.is_empty() && plus.len() <= MOST_CELLS {
        true => narrowed(
            c,
            plus,
            total as u32,
            String::new(),
            (&[], Vec::new()),
            technique,
        )
        .map_or_else(Vec::new, |s| s.eliminations),
        false => bounded(c, balance),
    };
    if eliminations.is_empty() {
        return None;
    }
    let (over, less) = match balance.out {
        true => (" mostly over", ", each less its cells outside its side"),
        false => (" in", ""),
    };
    let verb = if plus.len() == 1 { "is" } else { "add up to" };
    let than = match (minus.is_empty(), total) {
        (true, _) => total.to_string(),
        (false, 0) => "the same as ".to_string(),
        (false, _) => format!("{total} more than "),
    } + &cell_list(c.shape(), minus);
    let why = format!(
        "{}; the cages{over} the first add up to {} and those{over} the second to {}{less}, \
         so {} {verb} {than}",
        said(),
        balance.sums[0],
        balance.sums[1],
        cell_list(c.shape(), plus)
    );
    let cells = plus.iter().chain(minus).copied().collect();
    Some(set_step(
        c,
        technique,
        sets,
        cells,
        balance.used().to_vec(),
        why,
        eliminations,
    ))
}

#[inline]
fn set_step(
    c: &Candidates,
    technique: Technique,
    sets: (&[usize], &[usize]),
    cells: Vec<usize>,
    rules: Vec<usize>,
    said: String,
    eliminations: Vec<(usize, u8)>,
) -> Step {
    let explanation = format!(
        "{technique}: {said}; {}",
        removals(c.shape(), &eliminations)
    );
    Step {
        technique,
        placements: Vec::new(),
        highlight: Highlight {
            houses: sets.0.iter().chain(sets.1).copied().collect(),
            cells,
            candidates: Vec::new(),
            links: Vec::new(),
            rules,
        },
        eliminations,
        explanation,
    }
}

/// The candidates of `plus` and `minus` that would put the sum of `plus` less the sum of
/// `minus` out of reach of `total`. Each side is split into groups of cells that see each
/// other, whose digits differ: a group adds up to at least its smallest candidates, one a
/// cell, and at most its largest; with a cell's digit chosen, to that digit and the
/// smallest or largest of the group's other candidates.
#[inline]
fn bounded(c: &Candidates, balance: &Balance) -> Vec<(usize, u8)> {
    let total = &balance.total;
    // Each group: its cells, its sign, and its candidates together.
    let groups = balance
        .grouped()
        .map(|(cells, sign)| (cells, sign, cells.iter().fold(0, |a, &x| a | c.domain(x))));
    // What each group adds to the weighted sum, least and most; with a digit chosen in
    // one of its cells, that digit and the least or most of its other candidates.
    let part = |&(cells, sign, domain): &(&[usize], i64, u32), digit: u8| {
        let bit = (1u32 << digit) >> 1;
        let (lo, hi) = span(domain & !bit, cells.len() - usize::from(digit > 0))?;
        let (lo, hi) = (lo + i64::from(digit), hi + i64::from(digit));
        Some(if sign == 1 { (lo, hi) } else { (-hi, -lo) })
    };
    // The least and most of the whole, and the widest part, with nothing kept: most
    // comparisons end here.
    let (mut lo, mut hi, mut widest) = (0, 0, 0);
    for g in groups.clone() {
        let Some((a, b)) = part(&g, 0) else {
            return Vec::new();
        };
        (lo, hi, widest) = (lo + a, hi + b, widest.max(b - a));
    }
    // A digit put in place narrows its group's part by at most the part's width: with more
    // room than that on both sides of the total, nothing is lost.
    if !(lo..=hi).contains(total) || (lo + widest..=hi - widest).contains(total) {
        return Vec::new();
    }
    let mut lost = vec![0u32; c.cells()];
    for g in groups {
        let Some(p) = part(&g, 0) else {
            return Vec::new();
        };
        for &cell in g.0 {
            for d in digits_of(c.marks(cell)) {
                let fits =
                    part(&g, d).is_some_and(|q| (lo - p.0 + q.0..=hi - p.1 + q.1).contains(total));
                if !fits {
                    lost[cell] |= 1 << (d - 1);
                }
            }
        }
    }
    let cells: Vec<usize> = balance.list[..balance.left()].to_vec();
    let kept: Vec<u32> = cells.iter().map(|&x| c.marks(x) & !lost[x]).collect();
    losses(c, &cells, &kept)
}

/// The least and most `count` different digits of `mask` add up to; `None` when it has
/// fewer.
#[inline]
fn span(mask: u32, count: usize) -> Option<(i64, i64)> {
    let (mut lo, mut hi, mut low, mut high) = (0, 0, mask, mask);
    for _ in 0..count {
        if low == 0 {
            return None;
        }
        let (a, b) = (low.trailing_zeros(), 31 - high.leading_zeros());
        (lo, hi) = (lo + i64::from(a) + 1, hi + i64::from(b) + 1);
        (low, high) = (low & (low - 1), high & !(1 << b));
    }
    Some((lo, hi))
}
