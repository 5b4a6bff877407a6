//! Set theory, the rule of 45 generalised: two sets of houses that hold every digit the
//! same number of times hold the same digits, so the cells of the first outside the second
//! and the cells of the second outside the first hold the same digits, as multisets, and
//! add up to the same.
//! - Set equivalence: k rows against k columns, or k rows or columns against k boxes (k up
//!   to 3, any k of them while the pairs stay few, else runs of neighbours). A cage whose
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
use super::rules::{losses, removals};
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
    let (rows, columns, boxes) = (
        of(HouseKind::Row),
        of(HouseKind::Column),
        of(HouseKind::Region),
    );
    // Which houses share a cell, to leave out a set with a house apart from the other.
    let count = houses.len();
    let mut meet = vec![false; count * count];
    for cell in 0..c.cells() {
        for &a in houses.houses_of(cell) {
            for &b in houses.houses_of(cell) {
                meet[a * count + b] = true;
            }
        }
    }
    let apart = |x: &[usize], y: &[usize]| {
        x.iter().any(|&a| y.iter().all(|&b| !meet[a * count + b]))
            || y.iter().any(|&b| x.iter().all(|&a| !meet[a * count + b]))
    };
    for k in 1..=MOST_HOUSES {
        for (lines, others) in [(&rows, &columns), (&rows, &boxes), (&columns, &boxes)] {
            let (firsts, seconds) = (choices(lines, k), choices(others, k));
            for x in &firsts {
                for y in seconds.iter().filter(|y| !apart(x, y)) {
                    let sets = format!(
                        "{} and {} hold the same digits",
                        names(houses, x),
                        names(houses, y)
                    );
                    let step = by_sums(c, &cages, (x, y), &sets, Technique::SetEquivalence);
                    if step.is_some() {
                        return step;
                    }
                }
            }
        }
    }
    None
}

pub fn phistomefel(c: &Candidates) -> Option<Step> {
    let shape = c.shape();
    if (shape.n(), shape.box_rows(), shape.box_cols()) != (9, 3, 3) {
        return None;
    }
    let houses = c.houses();
    // The house of `kind` whose cells are those of `cell` for each of 0..9.
    let find = |kind: HouseKind, cell: &dyn Fn(usize) -> usize| {
        let mut cells: Vec<usize> = (0..9).map(cell).collect();
        cells.sort_unstable();
        (0..houses.len()).find(|&h| {
            let mut of = houses.cells(h).to_vec();
            of.sort_unstable();
            houses.kind(h) == kind && of == cells
        })
    };
    let outer = [0, 1, 7, 8];
    let lines: Option<Vec<usize>> = outer
        .iter()
        .map(|&r| find(HouseKind::Row, &|i| r * 9 + i))
        .chain(
            outer
                .iter()
                .map(|&col| find(HouseKind::Column, &|i| i * 9 + col)),
        )
        .collect();
    let boxes: Option<Vec<usize>> = [0, 1, 2, 3, 5, 6, 7, 8]
        .iter()
        .map(|&b| {
            find(HouseKind::Region, &|i| {
                (b / 3 * 3 + i / 3) * 9 + b % 3 * 3 + i % 3
            })
        })
        .collect();
    let (lines, boxes) = (lines?, boxes?);
    let sets = "rows 1, 2, 8 and 9 and columns 1, 2, 8 and 9 hold the same digits as the \
                eight boxes around box 5, so the 16 corner cells (r1-2c1-2, r1-2c8-9, \
                r8-9c1-2, r8-9c8-9) and the ring of 16 cells around box 5 (r3-7c3-7 outside \
                box 5) hold the same digits";
    by_digits(c, (&lines, &boxes), sets).or_else(|| {
        by_sums(
            c,
            &cages_with_sums(c),
            (&lines, &boxes),
            sets,
            Technique::Phistomefel,
        )
    })
}

/// The two sides of a set-theory step, each set's cells outside the other set, as the
/// page lights them; `None` for other steps.
pub fn compared(houses: &Houses, step: &Step) -> Option<(Vec<usize>, Vec<usize>)> {
    if !matches!(
        step.technique,
        Technique::SetEquivalence | Technique::Phistomefel
    ) {
        return None;
    }
    let all = &step.highlight.houses;
    let weights = weights(houses, all.split_at(all.len() / 2));
    let side = |sign: i8| (0..weights.len()).filter(|&x| weights[x] == sign).collect();
    Some((side(1), side(-1)))
}

/// Each cell's count in the first set less its count in the second.
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

/// Each choice of `k` of `houses`: all of them while they are few, else the runs of
/// neighbours.
fn choices(houses: &[usize], k: usize) -> Vec<Vec<usize>> {
    let all = combinations(houses, k);
    match all.len() <= MOST_CHOICES {
        true => all,
        false => houses.windows(k).map(<[usize]>::to_vec).collect(),
    }
}

/// "row 4", "rows 1, 6 and 7", "boxes 2 and 5".
fn names(houses: &Houses, set: &[usize]) -> String {
    let names: Vec<String> = set.iter().map(|&h| houses.name(h)).collect();
    let [first, .., last] = &names[..] else {
        return names.concat();
    };
    let (word, _) = first.rsplit_once(' ').unwrap_or((first, ""));
    let number = |name: &String| name.rsplit(' ').next().unwrap_or("").to_string();
    let numbers: Vec<String> = names[..names.len() - 1].iter().map(number).collect();
    let plural = if word.ends_with('x') { "es" } else { "s" };
    format!("{word}{plural} {} and {}", numbers.join(", "), number(last))
}

/// A digit that none of one side's cells can hold is in none of the other's.
fn by_digits(c: &Candidates, sets: (&[usize], &[usize]), said: &str) -> Option<Step> {
    let weights = weights(c.houses(), sets);
    let side =
        |sign: i8| -> Vec<usize> { (0..weights.len()).filter(|&x| weights[x] == sign).collect() };
    let (first, second) = (side(1), side(-1));
    let held = |cells: &[usize]| c.domains(cells).iter().fold(0, |a, &d| a | d);
    let mut after = Vec::new();
    let mut why = Vec::new();
    for (this, other, names) in [
        (&first, &second, ("corner", "ring")),
        (&second, &first, ("ring", "corner")),
    ] {
        let missing = digits_of(!held(this) & held(other));
        if missing.is_empty() {
            continue;
        }
        let mask: u32 = missing.iter().map(|&d| 1u32 << (d - 1)).sum();
        why.push(format!(
            "no {} cell can be {}, so no {} cell can",
            names.0,
            digit_list(&missing),
            names.1
        ));
        after.extend(other.iter().map(|&x| (x, c.marks(x) & !mask)));
    }
    let (cells, kept): (Vec<usize>, Vec<u32>) = after.into_iter().unzip();
    let eliminations = losses(c, &cells, &kept);
    if eliminations.is_empty() {
        return None;
    }
    Some(set_step(
        c,
        Technique::Phistomefel,
        sets,
        cells,
        Vec::new(),
        format!("{said}; {}", why.join("; ")),
        eliminations,
    ))
}

/// With the sums of the cages over either side, what is left of the two sides adds up to
/// a known total, or to a known amount more than other cells: the candidates that total
/// leaves out.
fn by_sums(
    c: &Candidates,
    cages: &Cages,
    sets: (&[usize], &[usize]),
    said: &str,
    technique: Technique,
) -> Option<Step> {
    let mut weights = weights(c.houses(), sets);
    if weights.iter().any(|w| w.abs() > 1) || !weights.contains(&1) {
        return None;
    }
    let sides: Vec<Vec<usize>> = [1, -1]
        .iter()
        .map(|&sign| (0..weights.len()).filter(|&x| weights[x] == sign).collect())
        .collect();
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
    let left =
        |sign: i8| -> Vec<usize> { (0..weights.len()).filter(|&x| weights[x] == sign).collect() };
    let (mut plus, mut minus) = (left(1), left(-1));
    if used.is_empty() || plus.len() + minus.len() > MOST_LEFT || plus.len() + minus.len() == 0 {
        return None;
    }
    if total < 0 || plus.is_empty() {
        (plus, minus, total) = (minus, plus, -total);
    }
    if plus.is_empty() || total < 0 {
        return None;
    }
    let shape = c.shape();
    let listed = |cells: &[usize]| match cells.len() <= 9 {
        true => cell_list(shape, cells),
        false => format!("the {} cells {}", cells.len(), cell_list(shape, cells)),
    };
    let cages_said = match out {
        false => format!(
            "the cages in the second add up to {}, those in the first to {}",
            sums[1], sums[0]
        ),
        true => format!(
            "the cages mostly over the first add up to {} and those mostly over the second \
             to {}, each less its cells outside its side",
            sums[0], sums[1]
        ),
    };
    let sides_said = match sides[0].len() <= 9 {
        true => format!(
            ", so {} and {} hold the same digits",
            cell_list(shape, &sides[0]),
            cell_list(shape, &sides[1])
        ),
        false => String::new(),
    };
    let (plus_said, minus_said) = (listed(&plus), listed(&minus));
    let verb = if plus.len() == 1 { "is" } else { "add up to" };
    let follows = match (minus.is_empty(), total) {
        (true, _) => format!("{plus_said} {verb} {total}"),
        (false, 0) => format!("{plus_said} {verb} the same as {minus_said}"),
        (false, _) => format!("{plus_said} {verb} {total} more than {minus_said}"),
    };
    let why = format!("{said}{sides_said}; {cages_said}, so {follows}");
    let houses: Vec<usize> = sets.0.iter().chain(sets.1).copied().collect();
    if minus.is_empty() && plus.len() <= MOST_CELLS {
        return narrowed(c, &plus, total as u32, why, (&houses, used), technique);
    }
    let eliminations = bounded(c, &plus, &minus, total);
    if eliminations.is_empty() {
        return None;
    }
    let cells: Vec<usize> = plus.iter().chain(&minus).copied().collect();
    Some(set_step(c, technique, sets, cells, used, why, eliminations))
}

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
/// `minus` out of reach of `total`. Each side is split into groups of cells that share a
/// house, whose digits differ: a group adds up to at least its smallest candidates, one a
/// cell, and at most its largest.
fn bounded(c: &Candidates, plus: &[usize], minus: &[usize], total: i64) -> Vec<(usize, u8)> {
    let groups: Vec<(Vec<usize>, i64)> = groups(c, plus)
        .into_iter()
        .map(|g| (g, 1))
        .chain(groups(c, minus).into_iter().map(|g| (g, -1)))
        .collect();
    let Some(spans) = groups
        .iter()
        .map(|(g, _)| span(union(c, g), g.len()))
        .collect::<Option<Vec<(i64, i64)>>>()
    else {
        return Vec::new();
    };
    // The least and most the weighted sum can be, with one group's span in place of its own.
    let reach = |skip: usize, with: (i64, i64)| {
        let mut range = (0, 0);
        for (i, ((_, sign), &(lo, hi))) in groups.iter().zip(&spans).enumerate() {
            let (lo, hi) = if i == skip { with } else { (lo, hi) };
            match sign {
                1 => range = (range.0 + lo, range.1 + hi),
                _ => range = (range.0 - hi, range.1 - lo),
            }
        }
        range
    };
    let (lo, hi) = reach(usize::MAX, (0, 0));
    if total < lo || total > hi {
        return Vec::new();
    }
    let mut lost = vec![0u32; c.cells()];
    for (i, (group, _)) in groups.iter().enumerate() {
        for &cell in group {
            let others: Vec<usize> = group.iter().copied().filter(|&x| x != cell).collect();
            for d in digits_of(c.marks(cell)) {
                let bit = 1u32 << (d - 1);
                let fits = span(union(c, &others) & !bit, others.len()).is_some_and(|(a, b)| {
                    let (lo, hi) = reach(i, (a + i64::from(d), b + i64::from(d)));
                    (lo..=hi).contains(&total)
                });
                if !fits {
                    lost[cell] |= bit;
                }
            }
        }
    }
    lost.iter()
        .enumerate()
        .filter(|&(_, &mask)| mask != 0)
        .flat_map(|(cell, &mask)| digits_of(mask).into_iter().map(move |d| (cell, d)))
        .collect()
}

/// The candidates of `cells` together.
fn union(c: &Candidates, cells: &[usize]) -> u32 {
    c.domains(cells).iter().fold(0, |a, &d| a | d)
}

/// The least and most `count` different digits of `mask` add up to; `None` when it has
/// fewer.
fn span(mask: u32, count: usize) -> Option<(i64, i64)> {
    let digits: Vec<i64> = digits_of(mask).into_iter().map(i64::from).collect();
    (digits.len() >= count).then(|| {
        (
            digits[..count].iter().sum(),
            digits[digits.len() - count..].iter().sum(),
        )
    })
}

/// `cells` split into groups that share a house, the largest first.
fn groups(c: &Candidates, cells: &[usize]) -> Vec<Vec<usize>> {
    let houses = c.houses();
    let mut left = cells.to_vec();
    let mut out = Vec::new();
    while let Some(&first) = left.first() {
        let within = |h: usize| -> Vec<usize> {
            left.iter()
                .copied()
                .filter(|x| houses.cells(h).contains(x))
                .collect()
        };
        let group = left
            .iter()
            .flat_map(|&x| houses.houses_of(x).iter().copied())
            .map(within)
            .max_by_key(Vec::len)
            .unwrap_or_else(|| vec![first]);
        left.retain(|x| !group.contains(x));
        out.push(group);
    }
    out
}
