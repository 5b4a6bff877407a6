//! ISS's text of a finite automaton (its `NFA` key, `NFASerializer` in ISS's
//! `js/nfa_builder.js`), which the document keeps as the value of a line-pattern entry:
//! read into the engine's [`Nfa`] and written from one.
//!
//! The key is unpadded base64url of bits, most significant first:
//! - a header: the format (2 bits: 0 plain, 1 packed), the bits per state less one (4),
//!   the symbols less one (4), the number of start states and of other accepting states
//!   (a state's bits each), a bit per start state that also accepts (the first start the
//!   lowest bit), and in the plain
//!   format the bits of a state's move count (4);
//! - then each state in turn, until the bits run out: in the plain format its move count
//!   and each move's symbol and target; in the packed format a bit per symbol (the first
//!   symbol the lowest bit) and, for each bit set, the one target of that symbol.
//!
//! States are numbered with the start states first, then the other accepting ones. Symbol
//! `i` is digit `i + 1`, and symbol `n` the break between a line's segments. Only zero
//! bits may round the last byte up.

use sudoku_engine::rules::{Nfa, MOST_STATES};

use crate::bits::{from_base64url, to_base64url, BitReader, BitWriter};

/// Bits to write values up to `most`.
fn bits_for(most: usize) -> usize {
    (usize::BITS - most.leading_zeros()) as usize
}

/// The most start states ISS's key of an automaton holds: it flags those that accept in
/// one 32-bit number.
pub(crate) const MOST_STARTS: usize = 32;

/// The automaton of ISS's `key` on a grid of side `n`, for a line of several segments
/// where `segmented`, or what is wrong with it. A segmented line needs the break's symbol
/// past the digits, as ISS's handler says.
pub(crate) fn nfa_of_key(key: &str, n: usize, segmented: bool) -> Result<Nfa, String> {
    let bad = |why: &str| format!("the automaton {} {why}", crate::cells::shorten(key));
    let bytes = from_base64url(key).map_err(|_| bad("is not base64url"))?;
    let mut bits = BitReader::new(&bytes);
    let cut = || bad("is cut short");
    let read = |bits: &mut BitReader, width: usize| bits.read(width).ok_or_else(cut);
    let packed = match read(&mut bits, 2)? {
        0 => false,
        1 => true,
        _ => return Err(bad("is in a form ISS does not write")),
    };
    let state_bits = read(&mut bits, 4)? as usize + 1;
    let symbols = read(&mut bits, 4)? as usize + 1;
    let starts = read(&mut bits, state_bits)? as usize;
    if starts > MOST_STARTS {
        return Err(bad(&format!("has more than {MOST_STARTS} start states")));
    }
    if segmented && symbols <= n {
        return Err(bad(&format!(
            "has no symbol for the break between segments ({symbols} symbols, not {})",
            n + 1
        )));
    }
    let accepting = read(&mut bits, state_bits)? as usize;
    let start_accepts = read(&mut bits, starts)?;
    let count_bits = if packed {
        0
    } else {
        read(&mut bits, 4)? as usize
    };
    let symbol_bits = bits_for(symbols - 1);
    let within = (1u64 << (n + 1)) - 1;
    let mut moves: Vec<Vec<(u32, u16)>> = Vec::new();
    loop {
        let own = if packed {
            if bits.remaining() < symbols {
                break;
            }
            let mask = bits.read(symbols).expect("counted");
            // The first symbol is the mask's lowest bit.
            let mut own = Vec::new();
            for i in (0..symbols).filter(|i| mask >> i & 1 == 1) {
                let target = read(&mut bits, state_bits)?;
                own.push((i, target));
            }
            own
        } else {
            if count_bits == 0 || bits.remaining() < count_bits {
                break;
            }
            let count = bits.read(count_bits).expect("counted");
            let mut own = Vec::new();
            for _ in 0..count {
                let symbol = read(&mut bits, symbol_bits)?;
                own.push((symbol as usize, read(&mut bits, state_bits)?));
            }
            own
        };
        // Symbols past the grid's digits and its break can never be read.
        let own = own
            .into_iter()
            .filter(|&(symbol, _)| within >> symbol & 1 == 1)
            .map(|(symbol, target)| (1u32 << symbol, target as u16));
        moves.push(merged(own));
        if moves.len() > MOST_STATES {
            return Err(bad(&format!("has more than {MOST_STATES} states")));
        }
    }
    if !bits.rest_is_padding() {
        return Err(bad("has bits after its last state"));
    }
    // Zero bits that round the key up can read as states of no moves past the last: they
    // are dropped, so that a key written again reads the same.
    while moves.len() > starts + accepting && moves.last().is_some_and(Vec::is_empty) {
        let last = moves.len() - 1;
        if moves.iter().flatten().any(|&(_, t)| usize::from(t) == last) {
            break;
        }
        moves.pop();
    }
    // States named but never written have no moves, as ISS adds them.
    let named = moves
        .iter()
        .flatten()
        .map(|&(_, t)| usize::from(t) + 1)
        .chain([starts + accepting])
        .max()
        .unwrap_or(0);
    moves.resize(moves.len().max(named), Vec::new());
    let accepts = (0..moves.len())
        .map(|s| match s < starts {
            true => start_accepts >> s & 1 == 1,
            false => s < starts + accepting,
        })
        .collect();
    Nfa::new((0..starts as u16).collect(), accepts, moves).map_err(|why| bad(&why))
}

/// Moves to one target joined into one set of symbols, in the order of their targets.
pub(crate) fn merged(moves: impl Iterator<Item = (u32, u16)>) -> Vec<(u32, u16)> {
    // Kept in order as it is built: a sort would instantiate one of its own for the pairs.
    let mut out: Vec<(u32, u16)> = Vec::new();
    for (set, target) in moves {
        let at = out.partition_point(|&(_, t)| t < target);
        match out.get_mut(at) {
            Some((s, t)) if *t == target => *s |= set,
            _ => out.insert(at, (set, target)),
        }
    }
    out
}

/// ISS's key of `nfa` on a grid of side `n`, in the plain format, which holds any
/// automaton: its states renumbered, start states first, then the other accepting ones.
pub(crate) fn key_of_nfa(nfa: &Nfa, n: usize) -> String {
    let states = nfa.moves().len();
    let is_start = |s: usize| nfa.starts().contains(&(s as u16));
    let order: Vec<usize> = (0..states)
        .filter(|&s| is_start(s))
        .chain((0..states).filter(|&s| !is_start(s) && nfa.accepting()[s]))
        .chain((0..states).filter(|&s| !is_start(s) && !nfa.accepting()[s]))
        .collect();
    let mut new_of = vec![0; states];
    for (new, &old) in order.iter().enumerate() {
        new_of[old] = new;
    }
    // At most 32, as every automaton read here has ([`nfa_of_key`], one from an expression).
    let starts = nfa.starts().len();
    let accepting = (0..states)
        .filter(|&s| !is_start(s) && nfa.accepting()[s])
        .count();
    // Each move is written once per symbol of its set.
    let symbols_of = |set: u32| (0..=n).filter(move |&i| set >> i & 1 == 1);
    let count = |s: usize| -> usize {
        nfa.moves()[s]
            .iter()
            .map(|&(set, _)| symbols_of(set).count())
            .sum()
    };
    let most_moves = (0..states).map(count).max().unwrap_or(0);
    let used = nfa
        .moves()
        .iter()
        .flatten()
        .map(|&(set, _)| set)
        .fold(0, |a, b| a | b);
    let symbols = (bits_for(used as usize)).max(n).max(1);
    let state_bits = bits_for(states - 1).max(1);
    let mut out = BitWriter::default();
    out.push_value(0, 2);
    out.push_value((state_bits - 1) as u32, 4);
    out.push_value((symbols - 1) as u32, 4);
    out.push_value(starts as u32, state_bits);
    out.push_value(accepting as u32, state_bits);
    let start_accepts = order[..starts]
        .iter()
        .enumerate()
        .fold(0, |bits, (i, &s)| bits | u32::from(nfa.accepting()[s]) << i);
    out.push_value(start_accepts, starts);
    let count_bits = bits_for(most_moves);
    out.push_value(count_bits as u32, 4);
    let symbol_bits = bits_for(symbols - 1);
    let new_of = &new_of;
    for &old in &order {
        out.push_value(count(old) as u32, count_bits);
        // In the order of symbol, then target, each move as one number (symbol above
        // the 16 bits of a state, which `MOST_STATES` fits): a sort of plain numbers is
        // one the module already has, where pairs would instantiate one of their own.
        let mut moves: Vec<usize> = nfa.moves()[old]
            .iter()
            .flat_map(|&(set, t)| symbols_of(set).map(move |i| i << 16 | new_of[usize::from(t)]))
            .collect();
        moves.sort_unstable();
        for symbol_target in moves {
            out.push_value((symbol_target >> 16) as u32, symbol_bits);
            out.push_value((symbol_target & 0xffff) as u32, state_bits);
        }
    }
    to_base64url(&out.finish())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// "Skyscraper-9" of ISS's suite: nine cells, read from r1c1, seeing 9 skyscrapers, so
    /// rising 1 to 9.
    fn key_9() -> &'static str {
        "TgRAEv-IiIiIiAyMDmaA9ERQ-qqrD9mZmc_u7u7w_4iIiIn_zMzMzIg"
    }

    #[test]
    fn iss_keys_read_as_iss_reads_them() {
        let key = key_9();
        let nfa = nfa_of_key(key, 9, false).expect("ISS's key");
        assert!(nfa.accepts(1..=9));
        assert!(!nfa.accepts([2, 1, 3, 4, 5, 6, 7, 8, 9]));
        // Written again and read back, it accepts the same words.
        let again = nfa_of_key(&key_of_nfa(&nfa, 9), 9, false).expect("its own key");
        assert!(again.accepts(1..=9));
        assert!(!again.accepts([2, 1, 3, 4, 5, 6, 7, 8, 9]));
        assert!(!again.accepts(1..=8));
    }

    #[test]
    fn bad_keys_say_what_is_wrong() {
        assert!(nfa_of_key("*", 9, false).unwrap_err().contains("base64url"));
        assert!(nfa_of_key("w", 9, false).is_err());
        // Cut inside a state's targets (eleven characters off its end).
        // A line of segments needs a tenth symbol, which this key has not.
        assert!(nfa_of_key(key_9(), 9, true).unwrap_err().contains("break"));
        let cut = nfa_of_key("TgRAEv-IiIiIiAyMDmaA9ERQ-qqrD9mZmc_u7u7w_4iI", 9, false);
        let why = cut.unwrap_err();
        assert!(why.contains("cut short"), "{why}");
    }
}
