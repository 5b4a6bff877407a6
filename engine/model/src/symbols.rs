//! How digits are written: `1`-`9`, then `A`, `B`, ... for grids larger than 9x9
//! (16x16 uses 1-9A-G, 25x25 uses 1-9A-P).

/// The base64url alphabet (RFC 4648 §5): six bits a character, in ISS's relation keys
/// ([`crate::rules::Pairwise`]) and in the compact links' text (`sudoku_links::bits`).
pub const BASE64URL: &[u8; 64] =
    b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/// The symbol of digit `value` (1-based). Total, so a bad value can never panic or pass for
/// a digit: 0 is the blank `.`, and anything above `P` (25) is `?`.
pub fn symbol(value: u8) -> char {
    match value {
        0 => '.',
        1..=9 => (b'0' + value) as char,
        10..=25 => (b'A' + value - 10) as char,
        _ => '?',
    }
}

/// The digit a symbol stands for, whatever the grid size (up to `P`, 25); `None` for
/// anything else.
pub fn value_of(ch: char) -> Option<u8> {
    match ch {
        '1'..='9' => Some(ch as u8 - b'0'),
        'A'..='P' => Some(ch as u8 - b'A' + 10),
        'a'..='p' => Some(ch as u8 - b'a' + 10),
        _ => None,
    }
}

/// The range of symbols of an `n`x`n` grid, for messages: "1-9", "1-9, A-G".
pub fn range(n: usize) -> String {
    if n <= 9 {
        format!("1-{n}")
    } else {
        format!("1-9, A-{}", symbol(n as u8))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn symbols_round_trip() {
        for v in 1..=25 {
            assert_eq!(value_of(symbol(v)), Some(v));
        }
        assert_eq!(symbol(16), 'G');
        assert_eq!(symbol(25), 'P');
        assert_eq!(value_of('g'), Some(16));
        assert_eq!(range(16), "1-9, A-G");
    }

    #[test]
    fn values_that_are_no_digit_have_no_digit_symbol() {
        assert_eq!(symbol(0), '.');
        assert_eq!(symbol(26), '?');
        assert_eq!(symbol(u8::MAX), '?');
        assert_eq!(value_of(symbol(0)), None);
    }
}
