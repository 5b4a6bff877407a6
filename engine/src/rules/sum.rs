//! Linear sums by bounds, shared by every rule that adds digits up (arrows, little
//! killers, zippers, region-sum lines, killer cages before their combinations).

use super::digits;

/// Narrows `domains` under `Σ weights[i] · x[i] = total`, keeping each digit for which
/// the other cells' least and greatest terms can still make up the rest, until nothing
/// changes; false if a cell is left with no digit. Exact once every cell has one digit.
pub(crate) fn linear(domains: &mut [u32], weights: &[i64], total: i64) -> bool {
    loop {
        let bounds: Vec<(i64, i64)> = domains
            .iter()
            .zip(weights)
            .map(|(&d, &w)| term_bounds(d, w))
            .collect();
        let low: i64 = bounds.iter().map(|b| b.0).sum();
        let high: i64 = bounds.iter().map(|b| b.1).sum();
        if total < low || total > high {
            return false;
        }
        let mut changed = false;
        for (i, d) in domains.iter_mut().enumerate() {
            let (rest_low, rest_high) = (low - bounds[i].0, high - bounds[i].1);
            let w = weights[i];
            let kept = digits(*d)
                .filter(|&v| (rest_low..=rest_high).contains(&(total - w * i64::from(v))))
                .fold(0, |set, v| set | 1 << (v - 1));
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

/// The least and greatest of `weight · x` over the digits of `set`.
fn term_bounds(set: u32, weight: i64) -> (i64, i64) {
    let (lo, hi) = (
        i64::from(super::lowest(set)),
        i64::from(super::highest(set)),
    );
    if weight >= 0 {
        (weight * lo, weight * hi)
    } else {
        (weight * hi, weight * lo)
    }
}

/// A number read from digits in base ten, most significant first: a pill of several
/// circle cells on an arrow.
pub(crate) fn number(values: &[u8]) -> i64 {
    values.iter().fold(0, |acc, &v| acc * 10 + i64::from(v))
}

/// The weights of a number's digits, most significant first: 100, 10, 1 for three.
pub(crate) fn place_values(len: usize) -> impl Iterator<Item = i64> {
    (0..len).rev().map(|p| 10i64.pow(p as u32))
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
    }
}
