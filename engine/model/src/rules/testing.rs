//! The check every rule's tests share: propagation against brute force on random
//! candidates, and exactness once each cell has one digit; a total the rule says every
//! filling adds up to, too.

use super::{bit, digits, Rule};
use crate::rng::Rng;

/// On many random candidate sets for the rule's cells (grid side `n`): propagation keeps
/// every digit some filling keeping the rule uses, removes nothing else it was not given,
/// fails only when no filling is left, and on single digits agrees with `holds`; the
/// digits it calls required are in every filling, and every filling adds up to the total
/// it states.
pub(crate) fn against_brute_force(rule: &Rule, n: usize) {
    let cells = rule.cells().len();
    let mut rng = Rng::new(cells as u64 * 31 + n as u64);
    for trial in 0..400 {
        // Early trials have wide candidates; later ones narrow, down to single digits.
        let width = 1 + trial % n;
        let domains: Vec<u32> = (0..cells)
            .map(|_| {
                let mut d = 0;
                while d == 0 {
                    d = (0..width).fold(0, |d, _| d | bit(1 + rng.below(n) as u8));
                }
                d
            })
            .collect();
        against_brute_force_on(rule, n, &domains);
    }
}

/// The check of [`against_brute_force`] on the candidates `domains`, for a rule of too
/// many cells to try every digit in each (a rule of the whole grid).
pub(crate) fn against_brute_force_on(rule: &Rule, n: usize, domains: &[u32]) {
    let cells = rule.cells().len();
    let (supports, in_every, totals) = brute_force(rule, domains, n);
    let mut narrowed = domains.to_vec();
    let kept = rule.propagate(&mut narrowed, n);
    let name = rule.describe(crate::shape::Shape::with_side(n).expect("a size"));
    if let Some(total) = rule.total(domains, n) {
        assert!(
            totals.iter().all(|&t| t == total),
            "{name}: {domains:?} has fillings adding up to {totals:?}, not all {total}"
        );
    }
    if supports.iter().all(|&s| s == 0) {
        if domains.iter().all(|d| d.count_ones() == 1) {
            assert!(!kept, "{name}: {domains:?} breaks the rule");
        }
        return;
    }
    assert!(
        kept,
        "{name}: {domains:?} has a filling, yet propagation failed"
    );
    for i in 0..cells {
        assert_eq!(narrowed[i] & !domains[i], 0, "{name}: added a digit");
        assert_eq!(
            supports[i] & !narrowed[i],
            0,
            "{name}: {domains:?} lost a digit of a filling at {i}: {narrowed:?}"
        );
    }
    let required = rule.required(&narrowed, n);
    assert_eq!(
        required & !in_every,
        0,
        "{name}: {narrowed:?} has a filling without a digit of {required:#b}"
    );
}

/// For each cell, the digits that some filling keeping the rule uses; the digits every
/// such filling holds somewhere; and the totals of such fillings.
fn brute_force(rule: &Rule, domains: &[u32], n: usize) -> (Vec<u32>, u32, Vec<u32>) {
    let mut supports = vec![0; domains.len()];
    let mut in_every = u32::MAX;
    let mut totals = Vec::new();
    let mut values = vec![0u8; domains.len()];
    fn fill(
        i: usize,
        rule: &Rule,
        domains: &[u32],
        n: usize,
        values: &mut Vec<u8>,
        found: (&mut [u32], &mut u32, &mut Vec<u32>),
    ) {
        if i == domains.len() {
            if rule.holds(values, n) {
                for (s, &v) in found.0.iter_mut().zip(values.iter()) {
                    *s |= bit(v);
                }
                *found.1 &= values.iter().fold(0, |set, &v| set | bit(v));
                let total = super::total(values);
                if !found.2.contains(&total) {
                    found.2.push(total);
                }
            }
            return;
        }
        for v in digits(domains[i]) {
            values[i] = v;
            let found = (&mut *found.0, &mut *found.1, &mut *found.2);
            fill(i + 1, rule, domains, n, values, found);
        }
    }
    let found = (&mut supports[..], &mut in_every, &mut totals);
    fill(0, rule, domains, n, &mut values, found);
    (supports, in_every, totals)
}
