//! Linear sums by bounds, shared by every rule that adds digits up (arrows, little
//! killers, zippers, region-sum lines, killer cages before their combinations).

use super::{bit, digits, distinct_fill, narrow};
use crate::houses::Houses;

/// Narrows `domains` under `Σ weights[i] · x[i] = total`, keeping each digit for which
/// the other cells' least and greatest terms can still make up the rest, until nothing
/// changes; false if a cell is left with no digit. Exact once every cell has one digit.
pub(crate) fn linear(domains: &mut [u32], weights: &[i64], total: i64) -> bool {
    weighted(domains, weights, total)
}

/// [`linear`] with every weight 1: the cells add up to `total`. Each cell keeps the
/// digits between what the rest can leave it at most and at least: a range, so a mask,
/// not a test per digit (killer cages and the rule of 45's sums run this in every
/// explanation the learning search asks of them).
pub fn sum_to(domains: &mut [u32], total: i64) -> bool {
    loop {
        let (mut low, mut high) = (0i64, 0i64);
        for &d in domains.iter() {
            low += i64::from(super::lowest(d));
            high += i64::from(super::highest(d));
        }
        if total < low || total > high {
            return false;
        }
        let mut changed = false;
        for d in domains.iter_mut() {
            let least = total - (high - i64::from(super::highest(*d)));
            let most = total - (low - i64::from(super::lowest(*d)));
            let kept = *d & up_to(most) & !up_to(least - 1);
            if kept == 0 {
                return false;
            }
            changed |= kept != *d;
            *d = kept;
        }
        if !changed {
            return true;
        }
    }
}

/// Which cells of a sum must hold distinct digits: per cell, its group (a clique of cells
/// of one weight that each share a house), or nothing known (digits may repeat). The
/// search tells a rule of the puzzle's own which of its cells share a house
/// ([`crate::rules::Rule::apart_by`]); then the sum is bounded by distinct digits in each
/// group, as ISS bounds its sums by its exclusion groups (`sum_handler.js`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Apart {
    /// Per cell, its group's number; empty when nothing is known.
    groups: Vec<u8>,
    /// Per group, the weight its cells share: found once, not in every narrowing.
    weights: Vec<i64>,
}

impl Apart {
    /// The groups of `cells` of `weights` (all 1 where there are none), found greedily two ways as ISS finds
    /// them (`HandlerUtil.findExclusionGroups`): each cell in the first group it fits, and
    /// each group grown from the cell that sees most of the cells left. The one with the
    /// larger sum of squared group sizes is kept, since it bounds the sum more tightly.
    /// Nothing known when every group is one cell, or there are too many to number.
    pub(crate) fn of(cells: &[usize], weights: &[i64], houses: &Houses) -> Apart {
        let weight = |i: usize| weights.get(i).copied().unwrap_or(1);
        let sees = |a: usize, b: usize| {
            weight(a) == weight(b) && houses.peers(cells[a]).contains(&cells[b])
        };
        // Each cell in the first group it fits.
        let mut first: Vec<Vec<usize>> = Vec::new();
        for i in 0..cells.len() {
            match first.iter_mut().find(|g| g.iter().all(|&j| sees(i, j))) {
                Some(g) => g.push(i),
                None => first.push(vec![i]),
            }
        }
        // Each group grown from the cell that sees most of those still possible.
        let mut grown: Vec<Vec<usize>> = Vec::new();
        let mut left: Vec<usize> = (0..cells.len()).collect();
        while !left.is_empty() {
            let mut possible = left.clone();
            let mut group = Vec::new();
            while let Some(pick) = (possible.iter().copied()).max_by_key(|&i| {
                (
                    possible.iter().filter(|&&j| j != i && sees(i, j)).count(),
                    usize::MAX - i,
                )
            }) {
                group.push(pick);
                possible.retain(|&j| j != pick && sees(pick, j));
            }
            left.retain(|i| !group.contains(i));
            grown.push(group);
        }
        let score = |groups: &[Vec<usize>]| groups.iter().map(|g| g.len() * g.len()).sum::<usize>();
        let groups = if score(&grown) > score(&first) {
            grown
        } else {
            first
        };
        if groups.len() == cells.len() || groups.len() > 1 + usize::from(u8::MAX) {
            return Apart::default();
        }
        let mut of = vec![0u8; cells.len()];
        for (g, group) in groups.iter().enumerate() {
            for &i in group {
                of[i] = g as u8;
            }
        }
        Apart {
            groups: of,
            weights: groups.iter().map(|g| weight(g[0])).collect(),
        }
    }

    /// Whether nothing is known: digits may repeat.
    pub(crate) fn is_empty(&self) -> bool {
        self.groups.is_empty()
    }

    /// Per cell, its group's number (empty when nothing is known).
    pub(crate) fn groups(&self) -> &[u8] {
        &self.groups
    }

    /// Whether no two cells of one group hold one digit.
    pub(crate) fn kept(&self, values: &[u8]) -> bool {
        let groups = &self.groups;
        groups.is_empty()
            || (0..values.len())
                .all(|i| (0..i).all(|j| groups[i] != groups[j] || values[i] != values[j]))
    }

    /// Narrows `domains` under `Σ weights[i] · x[i] = total` (every weight 1 where there
    /// are none) as [`linear`] does, but with
    /// each group's cells distinct: a group of k cells adds up to at least its k least
    /// candidates and at most its k greatest, where cells taken apart could all take their
    /// least. A cell keeps a digit only if the rest of its group, without that digit, and
    /// the other groups can still make up the total. False if no filling is left.
    pub(crate) fn narrow(&self, domains: &mut [u32], weights: &[i64], total: i64) -> bool {
        let (groups, weight_of) = (&self.groups, &self.weights);
        if groups.is_empty() {
            return linear(domains, weights, total);
        }
        let count = weight_of.len();
        let (mut low, mut high) = (vec![0i64; count], vec![0i64; count]);
        loop {
            for g in 0..count {
                let (union, k) = group_of(domains, groups, g as u8, usize::MAX);
                let Some(bounds) = distinct_terms(union, k, weight_of[g]) else {
                    return false;
                };
                (low[g], high[g]) = bounds;
            }
            let all_low = low.iter().fold(0i64, |a, &b| a.saturating_add(b));
            let all_high = high.iter().fold(0i64, |a, &b| a.saturating_add(b));
            if total < all_low || total > all_high {
                return false;
            }
            let mut changed = false;
            for i in 0..domains.len() {
                let g = usize::from(groups[i]);
                let w = weight_of[g];
                let (rest_union, rest) = group_of(domains, groups, groups[i], i);
                let others_low = all_low.saturating_sub(low[g]);
                let others_high = all_high.saturating_sub(high[g]);
                let mut kept = 0;
                for v in digits(domains[i]) {
                    let Some((rest_low, rest_high)) = distinct_terms(rest_union & !bit(v), rest, w)
                    else {
                        continue;
                    };
                    let term = w.saturating_mul(i64::from(v));
                    let least = others_low.saturating_add(rest_low).saturating_add(term);
                    let most = others_high.saturating_add(rest_high).saturating_add(term);
                    if least <= total && total <= most {
                        kept |= bit(v);
                    }
                }
                if kept == 0 {
                    return false;
                }
                changed |= kept != domains[i];
                domains[i] = kept;
            }
            if !changed {
                return true;
            }
        }
    }
}

/// The candidates of group `g`'s cells but `skip`, together, and how many cells they are.
fn group_of(domains: &[u32], groups: &[u8], g: u8, skip: usize) -> (u32, usize) {
    (0..domains.len())
        .filter(|&i| groups[i] == g && i != skip)
        .fold((0, 0), |(union, k), i| (union | domains[i], k + 1))
}

/// The least and greatest that `k` distinct digits of `set`, each times `weight`, add up
/// to, if `set` has `k` digits.
fn distinct_terms(set: u32, k: usize, weight: i64) -> Option<(i64, i64)> {
    if (set.count_ones() as usize) < k {
        return None;
    }
    let (mut least, mut rest) = (0i64, set);
    for _ in 0..k {
        least += i64::from(super::lowest(rest));
        rest &= rest - 1;
    }
    let (mut most, mut rest) = (0i64, set);
    for _ in 0..k {
        let top = super::highest(rest);
        most += i64::from(top);
        rest &= !bit(top);
    }
    let (a, b) = (weight.saturating_mul(least), weight.saturating_mul(most));
    Some((a.min(b), a.max(b)))
}

/// The digits `v` (1 to 32) with `least <= weight · v <= most`, as a mask.
fn terms_within(weight: i64, least: i64, most: i64) -> u32 {
    let (from, to) = match weight {
        0 => return if least <= 0 && 0 <= most { u32::MAX } else { 0 },
        w if w > 0 => (ceil_div(least, w), floor_div(most, w)),
        w => (ceil_div(most, w), floor_div(least, w)),
    };
    up_to(to) & !up_to(from.saturating_sub(1))
}

/// `a / b` rounded down (`b` not zero).
fn floor_div(a: i64, b: i64) -> i64 {
    let q = a.wrapping_div(b);
    if a.wrapping_rem(b) != 0 && (a < 0) != (b < 0) {
        q - 1
    } else {
        q
    }
}

/// `a / b` rounded up (`b` not zero).
fn ceil_div(a: i64, b: i64) -> i64 {
    let q = a.wrapping_div(b);
    if a.wrapping_rem(b) != 0 && (a < 0) == (b < 0) {
        q + 1
    } else {
        q
    }
}

/// The digits from 1 to `most`, none below 1, all 32 above.
fn up_to(most: i64) -> u32 {
    match most {
        ..=0 => 0,
        32.. => u32::MAX,
        m => (1u32 << m) - 1,
    }
}

/// [`linear`] on `weights`, every one 1 where there are none.
fn weighted(domains: &mut [u32], weights: &[i64], total: i64) -> bool {
    let weight = |i: usize| weights.get(i).copied().unwrap_or(1);
    loop {
        // Each pass weighs every cell against the bounds the pass started with.
        let (mut low, mut high) = (0i64, 0i64);
        for (i, &d) in domains.iter().enumerate() {
            let (lo, hi) = term_bounds(d, weight(i));
            low = low.saturating_add(lo);
            high = high.saturating_add(hi);
        }
        if total < low || total > high {
            return false;
        }
        let mut changed = false;
        for (i, d) in domains.iter_mut().enumerate() {
            let w = weight(i);
            let (lo, hi) = term_bounds(*d, w);
            let (rest_low, rest_high) = (low.saturating_sub(lo), high.saturating_sub(hi));
            // The digits whose term leaves the rest within its bounds: a range of them.
            let (least, most) = (
                total.saturating_sub(rest_high),
                total.saturating_sub(rest_low),
            );
            let kept = *d & terms_within(w, least, most);
            if kept == 0 {
                return false;
            }
            changed |= kept != *d;
            *d = kept;
        }
        if !changed {
            return true;
        }
    }
}

/// Above this side [`distinct_sum`] lists no sets: the bounds alone are kept.
const MOST_LISTED: usize = 9;

/// Narrows `cells`, which lie in one row or column, to the sets of distinct digits that
/// add up to `sum` and that they can hold one each; false if there is none. Sandwiches and
/// x-sums use it on top of [`sum_to`].
pub(crate) fn distinct_sum(cells: &mut [u32], sum: u32, n: usize) -> bool {
    if n > MOST_LISTED {
        return true;
    }
    let union = cells.iter().fold(0, |u, &d| u | d);
    let mut support = vec![0; cells.len()];
    // Every set of `cells.len()` digits of `union` adding up to `sum`.
    fn sets(from: &[u8], left: usize, sum: u32, set: u32, found: &mut dyn FnMut(u32)) {
        if left == 0 {
            if sum == 0 {
                found(set);
            }
            return;
        }
        for (i, &d) in from.iter().enumerate() {
            if u32::from(d) > sum {
                break;
            }
            sets(
                &from[i + 1..],
                left - 1,
                sum - u32::from(d),
                set | bit(d),
                found,
            );
        }
    }
    let from: Vec<u8> = digits(union).collect();
    let mut tried = cells.to_vec();
    sets(&from, cells.len(), sum, 0, &mut |set| {
        if !distinct_fill(cells, set) {
            return;
        }
        // A digit stays in a cell if the others can still take the rest of the set.
        for i in 0..cells.len() {
            for d in digits(cells[i] & set & !support[i]) {
                tried.copy_from_slice(cells);
                tried[i] = bit(d);
                if distinct_fill(&tried, set) {
                    support[i] |= bit(d);
                }
            }
        }
    });
    narrow(cells, &support)
}

/// The least and greatest of `weight · x` over the digits of `set`.
fn term_bounds(set: u32, weight: i64) -> (i64, i64) {
    let (lo, hi) = (
        i64::from(super::lowest(set)),
        i64::from(super::highest(set)),
    );
    if weight >= 0 {
        (weight.saturating_mul(lo), weight.saturating_mul(hi))
    } else {
        (weight.saturating_mul(hi), weight.saturating_mul(lo))
    }
}

/// A number read from digits in base ten, most significant first: a pill of several
/// circle cells on an arrow. Numbers past `i64::MAX` stay there, as no shaft reaches them.
pub(crate) fn number(values: &[u8]) -> i64 {
    values.iter().fold(0i64, |acc, &v| {
        acc.saturating_mul(10).saturating_add(i64::from(v))
    })
}

/// The weights of a number's digits, most significant first: 100, 10, 1 for three
/// (saturating, like [`number`]).
pub(crate) fn place_values(len: usize) -> impl Iterator<Item = i64> {
    (0..len)
        .rev()
        .map(|p| 10i64.checked_pow(p as u32).unwrap_or(i64::MAX))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bounds_leave_what_the_rest_can_make_up() {
        // a + b = 17 on 9x9: only 8 and 9.
        let mut d = [0x1ff, 0x1ff];
        assert!(linear(&mut d, &[1, 1], 17));
        assert_eq!(d, [0b1_1000_0000, 0b1_1000_0000]);
        // 10a + b - c = 0 has no filling when c is at most 9 and a at least 1.
        assert!(!linear(&mut [1, 0x1ff, 0x1ff], &[10, 1, -1], 0));
        assert_eq!(number(&[1, 2, 3]), 123);
        assert_eq!(place_values(3).collect::<Vec<_>>(), [100, 10, 1]);
        // A pill of twenty cells neither overflows nor has a filling.
        assert_eq!(number(&[9; 20]), i64::MAX);
        let mut pill = vec![0x1ff; 21];
        let weights: Vec<i64> = place_values(20).map(|w| -w).chain([1]).collect();
        assert!(!linear(&mut pill, &weights, 0));
    }
}
