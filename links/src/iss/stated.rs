//! ISS types that have no engine rule of their own, stated exactly through the engine's
//! generic ones: a relation between two cells as a table (`Pairwise`, the `pair` and
//! `pairx` keys) and a rule of a line's digits as an automaton (`Automaton`, the
//! `linepattern` key), each built here from the type's meaning on the digits 1..n. A
//! sum of cells with weights is the `weightedsum` key as ISS's `Sum` writes it, so it
//! needs nothing here.
//!
//! An automaton is built by walking a deterministic one from its start: each state is a
//! value of the walk (what the line has shown so far that the rule needs), `step` the
//! state after a digit (none where the digit breaks the rule), `accepts` whether a line
//! may end there. Its states are those the walk reaches, at most the engine's
//! [`MOST_STATES`]; a rule that needs more is an error saying so.

use serde_json::Value;
use sudoku_engine::rules::{Nfa, Pairwise, MOST_STATES};

use crate::automaton::{key_of_nfa, merged, nfa_of_key, MOST_STARTS};

/// The key (ISS's `Pair` table) of the relation `allows(a, b)` between the digits of the
/// first and second cell of a pair, on a grid of side `n`.
pub(super) fn relation(n: usize, allows: &dyn Fn(i64, i64) -> bool) -> Value {
    let table = (1..=n as i64)
        .map(|a| {
            (1..=n as i64)
                .filter(|&b| allows(a, b))
                .fold(0u32, |set, b| set | 1 << (b - 1))
        })
        .collect();
    Value::from(Pairwise::new(Vec::new(), table, false).key())
}

/// ISS's table of a relation (its `Pair` key, or `Binary`'s in the `legacy` alphabet) of
/// its `values` values, as ISS writes it now for a grid of side `n` (no more values,
/// more where the grid holds extra cells: those digits related to none).
pub(super) fn table_in_iss_alphabet(
    key: &str,
    values: usize,
    n: usize,
    legacy: bool,
) -> Result<Value, String> {
    let mut table = Pairwise::table_of_key(key, values, legacy)?;
    table.resize(n, 0);
    Ok(Value::from(Pairwise::new(Vec::new(), table, false).key()))
}

/// ISS's automaton `key` of its `values` values, as the key of a grid of side `n` (no
/// more values, more where the grid holds extra cells): its break between `segmented`
/// lines, the symbol after the values, moved to the one after the grid's digits.
pub(super) fn automaton_of_values(
    key: &str,
    values: usize,
    n: usize,
    segmented: bool,
) -> Result<Value, String> {
    let nfa = nfa_of_key(key, values, segmented)?;
    if values == n {
        return Ok(Value::from(key));
    }
    let digits = (1u32 << values) - 1;
    let moves = nfa
        .moves()
        .iter()
        .map(|own| {
            let moved = own.iter().map(|&(set, target)| {
                let break_ = (set >> values & 1) << n;
                (set & digits | break_, target)
            });
            merged(moved)
        })
        .collect();
    let nfa = Nfa::new(nfa.starts().to_vec(), nfa.accepting().to_vec(), moves)?;
    Ok(Value::from(key_of_nfa(&nfa, n)))
}

/// A state of an automaton's walk: up to three numbers, as each rule needs. One type for
/// every rule, so that the walk is compiled once (the page's bytes).
pub(super) type Walk = [i64; 3];

/// The key (ISS's `NFA`) of the automaton that walks a line's digits from each of
/// `starts` (distinct; most rules have one) by `step`, and accepts where a walk from one
/// of them ends where `accepts` says (see the module's doc).
pub(super) fn automaton(
    n: usize,
    starts: &[Walk],
    step: &dyn Fn(Walk, i64) -> Option<Walk>,
    accepts: &dyn Fn(Walk) -> bool,
) -> Result<Value, String> {
    let mut states = starts.to_vec();
    // The states met, sorted, each with its number (a sorted list: a map of its own would
    // cost the page more bytes than the walk).
    let mut numbered: Vec<(Walk, u16)> = Vec::new();
    for (i, &start) in (0..).zip(starts) {
        let at = numbered.partition_point(|(s, _)| *s < start);
        numbered.insert(at, (start, i));
    }
    let mut moves = Vec::new();
    while moves.len() < states.len() {
        let state = states[moves.len()];
        let mut own = Vec::new();
        for d in 1..=n as i64 {
            let Some(next) = step(state, d) else {
                continue;
            };
            let target = match numbered.binary_search_by(|(s, _)| s.cmp(&next)) {
                Ok(i) => numbered[i].1,
                Err(i) if states.len() < MOST_STATES => {
                    let at = states.len() as u16;
                    numbered.insert(i, (next, at));
                    states.push(next);
                    at
                }
                Err(_) => {
                    return Err(format!(
                        "the engine states it as an automaton of at most {MOST_STATES} states, \
                         and this one needs more"
                    ))
                }
            };
            own.push((1u32 << (d - 1), target));
        }
        moves.push(merged(own.into_iter()));
    }
    let mut accepting: Vec<bool> = states.iter().map(|&s| accepts(s)).collect();
    let mut first: Vec<u16> = (0..starts.len() as u16).collect();
    if starts.len() > MOST_STARTS {
        // One start instead, moving as any of them does and accepting where one does.
        let any = &first;
        moves.push(merged(any.iter().flat_map(|&s| moves[s as usize].clone())));
        accepting.push(any.iter().any(|&s| accepting[s as usize]));
        first = vec![states.len() as u16];
    }
    let nfa = Nfa::new(first, accepting, moves)?;
    Ok(Value::from(key_of_nfa(&nfa, n)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::automaton::nfa_of_key;

    #[test]
    fn an_automaton_accepts_what_its_walk_accepts() {
        // Digits adding up to 5 exactly, on a 4x4 grid.
        let key = automaton(
            4,
            &[[0; 3]],
            &|[s, ..], d| (s + d <= 5).then_some([s + d, 0, 0]),
            &|[s, ..]| s == 5,
        )
        .unwrap();
        let nfa = nfa_of_key(key.as_str().unwrap(), 4, false).unwrap();
        assert!(nfa.accepts([1, 4]));
        assert!(nfa.accepts([2, 2, 1]));
        assert!(!nfa.accepts([2, 2]));
        assert!(!nfa.accepts([4, 2]));
    }

    #[test]
    fn a_relation_allows_what_it_says() {
        let key = relation(4, &|a, b| a == 2 * b);
        let table = Pairwise::table_of_key(key.as_str().unwrap(), 4, false).unwrap();
        assert_eq!(table, vec![0, 0b1, 0, 0b10]);
    }
}
