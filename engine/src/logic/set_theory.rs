//! Set theory, the rule of 45 generalised: two sets of houses that hold every digit the
//! same number of times hold the same digits, so the cells of the first outside the second
//! and the cells of the second outside the first hold the same digits, as multisets, and
//! add up to the same.
//! - Set equivalence: k rows against k columns, or k rows or columns against k boxes (k up
//!   to 3, any k of them while the choices stay few, else runs of neighbours). A cage whose
//!   sum is known and which lies mostly over one side stands for its cells there: its sum,
//!   less its cells outside that side. What is left then adds up to a known total, or to a
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

use super::rule_of_45::{cages_with_sums, narrowed, MOST_CELLS, MOST_HOUSES};
use super::rules::{and_list, losses, removals};
use super::{combinations, digits_of};
use crate::houses::{HouseKind, Houses};
use crate::logic::{cell_list, digit_list, Candidates, Highlight, Step, Technique};

/// At most this many cells are left once the cages' sums are counted: "Solver needs SET"
/// leaves 18, the middle cells of its eighteen cages.
const MOST_LEFT: usize = 18;
/// The most choices of k houses of one kind looked at: beyond, runs of neighbours only.
const MOST_CHOICES: usize = 100;

/// The cages with sums, as [`cages_with_sums`] gives them: cells, sum, index among rules.
type Cages<'a> = [(&'a [usize], u32, usize)];

#[inline]
pub fn set_equivalence(c: &Candidates) -> Option<Step> {
    let cages = cages_with_sums(c);
    if cages.is_empty() {
        return None;
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
    // Which houses share a cell: a set with a house apart from the other set is the rule of
    // 45's, and is left out.
    let count = houses.len();
    let mut meet = vec![false; count * count];
    for cell in 0..c.cells() {
        for &a in houses.houses_of(cell) {
            for &b in houses.houses_of(cell) {
                meet[a * count + b] = true;
            }
        }
    }
    let alone =
        |x: &[usize], y: &[usize]| x.iter().any(|&a| y.iter().all(|&b| !meet[a * count + b]));
    for k in 1..=MOST_HOUSES {
        for (lines, others) in [(&rows, &columns), (&rows, &boxes), (&columns, &boxes)] {
            for x in choices(lines, k) {
                for y in choices(others, k) {
                    if alone(&x, &y) || alone(&y, &x) {
                        continue;
                    }
                    let verb = if k == 1 { "holds" } else { "hold" };
                    let said = || {
                        format!(
                            "{} {verb} the same digits as {}",
                            names(houses, &x),
                            names(houses, &y)
                        )
                    };
                    let step = by_sums(c, &cages, (&x, &y), &said, Technique::SetEquivalence);
                    if step.is_some() {
                        return step;
                    }
                }
            }
        }
    }
    None
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
        let cages = cages_with_sums(c);
        return by_sums(
            c,
            &cages,
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

/// With the sums of the cages over either side, what is left of the two sides adds up to
/// a known total, or to a known amount more than other cells: the candidates that total
/// leaves out.
#[inline]
fn by_sums(
    c: &Candidates,
    cages: &Cages,
    sets: (&[usize], &[usize]),
    said: &dyn Fn() -> String,
    technique: Technique,
) -> Option<Step> {
    let mut weights = weights(c.houses(), sets);
    if weights.iter().any(|w| w.abs() > 1) {
        return None;
    }
    // The weights add up to `total` over the digits: a cage mostly over a side is taken out
    // for its sum, its cells outside that side counted against it.
    let (mut total, mut sums, mut used, mut out) = (0i64, [0u32; 2], Vec::new(), false);
    for &(cells, sum, index) in cages {
        for (s, sign) in [(0, 1i8), (1, -1i8)] {
            let on = cells.iter().filter(|&&x| weights[x] == sign).count();
            if 2 * on > cells.len() && cells.iter().all(|&x| weights[x] != -sign) {
                out |= on < cells.len();
                cells.iter().for_each(|&x| weights[x] -= sign);
                total -= i64::from(sign) * i64::from(sum);
                sums[s] += sum;
                used.push(index);
                break;
            }
        }
    }
    let (mut plus, mut minus) = sides(&weights);
    if total < 0 || plus.is_empty() {
        (plus, minus, total) = (minus, plus, -total);
    }
    if used.is_empty() || plus.is_empty() || total < 0 || plus.len() + minus.len() > MOST_LEFT {
        return None;
    }
    // A few cells alone are narrowed as the rule of 45 narrows its innies; the sentence is
    // written only for a step found.
    let eliminations = match minus.is_empty() && plus.len() <= MOST_CELLS {
        true => narrowed(
            c,
            &plus,
            total as u32,
            String::new(),
            (&[], Vec::new()),
            technique,
        )
        .map_or_else(Vec::new, |s| s.eliminations),
        false => bounded(c, &plus, &minus, total),
    };
    if eliminations.is_empty() {
        return None;
    }
    let (over, less) = match out {
        true => (" mostly over", ", each less its cells outside its side"),
        false => (" in", ""),
    };
    let verb = if plus.len() == 1 { "is" } else { "add up to" };
    let than = match (minus.is_empty(), total) {
        (true, _) => total.to_string(),
        (false, 0) => "the same as ".to_string(),
        (false, _) => format!("{total} more than "),
    } + &cell_list(c.shape(), &minus);
    let why = format!(
        "{}; the cages{over} the first add up to {} and those{over} the second to {}{less}, \
         so {} {verb} {than}",
        said(),
        sums[0],
        sums[1],
        cell_list(c.shape(), &plus)
    );
    plus.extend(minus);
    Some(set_step(c, technique, sets, plus, used, why, eliminations))
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
fn bounded(c: &Candidates, plus: &[usize], minus: &[usize], total: i64) -> Vec<(usize, u8)> {
    // Each group: its cells, its sign, and its candidates together.
    let mut groups: Vec<(Vec<usize>, i64, u32)> = Vec::new();
    for (cells, sign) in [(plus, 1), (minus, -1)] {
        let start = groups.len();
        for &x in cells {
            let domain = c.domains(&[x])[0];
            match groups[start..]
                .iter_mut()
                .find(|g| g.0.iter().all(|&y| c.sees(x, y)))
            {
                Some(g) => {
                    g.0.push(x);
                    g.2 |= domain;
                }
                None => groups.push((vec![x], sign, domain)),
            }
        }
    }
    // What each group adds to the weighted sum, least and most; with a digit chosen in
    // one of its cells, that digit and the least or most of its other candidates.
    let part = |g: &(Vec<usize>, i64, u32), digit: u8| {
        let bit = (1u32 << digit) >> 1;
        let (lo, hi) = span(g.2 & !bit, g.0.len() - usize::from(digit > 0))?;
        let (lo, hi) = (lo + i64::from(digit), hi + i64::from(digit));
        Some(if g.1 == 1 { (lo, hi) } else { (-hi, -lo) })
    };
    let Some(parts) = groups
        .iter()
        .map(|g| part(g, 0))
        .collect::<Option<Vec<_>>>()
    else {
        return Vec::new();
    };
    let (lo, hi) = parts.iter().fold((0, 0), |(a, b), p| (a + p.0, b + p.1));
    // A digit put in place narrows its group's part by at most the part's width: with more
    // room than that on both sides of the total, nothing is lost.
    let widest = parts.iter().map(|p| p.1 - p.0).max().unwrap_or(0);
    if !(lo..=hi).contains(&total) || (lo + widest..=hi - widest).contains(&total) {
        return Vec::new();
    }
    let mut lost = vec![0u32; c.cells()];
    for (g, p) in groups.iter().zip(&parts) {
        for &cell in &g.0 {
            for d in digits_of(c.marks(cell)) {
                let fits =
                    part(g, d).is_some_and(|q| (lo - p.0 + q.0..=hi - p.1 + q.1).contains(&total));
                if !fits {
                    lost[cell] |= 1 << (d - 1);
                }
            }
        }
    }
    let cells: Vec<usize> = plus.iter().chain(minus).copied().collect();
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
