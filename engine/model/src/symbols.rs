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

/// How a puzzle's digits are written where it was read from a format with its own
/// values: this app's [`symbol`]s, or as Sigh's Interactive Sudoku Solver writes them,
/// which also says which cells are ISS's: a grid of `rows` by `cols` stated in the
/// top-left corner of the engine's square grid (see `sudoku_links`' `iss` module), whose
/// other cells are no part of the puzzle and are never written.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Symbols {
    /// `1`-`9`, then `A`, `B`, ... ([`symbol`]).
    #[default]
    App,
    /// ISS's (its `valueToShortChar`): each digit as the value it stands for, the digit
    /// less `offset` (1 where values start at 0), written in decimal where the largest
    /// value (`most`) is 9 or less, else 0 as `0` and 1, 2, ... as `A`, `B`, ...
    Iss {
        offset: u8,
        most: u8,
        rows: u8,
        cols: u8,
    },
}

impl Symbols {
    /// ISS's symbols for an `n`x`n` grid of values from `1 - offset`.
    pub fn iss(n: usize, offset: u8) -> Symbols {
        Symbols::Iss {
            offset,
            most: (n as u8).saturating_sub(offset),
            rows: n as u8,
            cols: n as u8,
        }
    }

    /// These symbols for ISS's grid of `rows` by `cols`, the top-left corner of the
    /// engine's grid; the same for this app's.
    pub fn within(self, rows: usize, cols: usize) -> Symbols {
        match self {
            Symbols::Iss { offset, most, .. } => Symbols::Iss {
                offset,
                most,
                rows: rows as u8,
                cols: cols as u8,
            },
            Symbols::App => Symbols::App,
        }
    }

    /// ISS's rows and columns where they are fewer than the engine's grid of side `n`
    /// has: the cells that are the puzzle's. `None` where every cell is.
    pub fn window(self, n: usize) -> Option<(usize, usize)> {
        match self {
            Symbols::Iss { rows, cols, .. } if (rows as usize, cols as usize) != (n, n) => {
                Some((rows as usize, cols as usize))
            }
            _ => None,
        }
    }

    /// The indices of the puzzle's cells in a grid of side `n`, row by row.
    pub fn cells_of(self, n: usize) -> Vec<usize> {
        let (rows, cols) = self.window(n).unwrap_or((n, n));
        (0..rows)
            .flat_map(|r| (0..cols).map(move |c| r * n + c))
            .collect()
    }

    /// A whole grid's digits (`n * n` of them) as symbols, the puzzle's cells only.
    pub fn grid_line(self, digits: &[u8]) -> String {
        let n = digits.len().isqrt();
        self.cells_of(n)
            .into_iter()
            .map(|c| self.symbol(digits[c]))
            .collect()
    }

    /// The symbol of digit `digit` (1-based); 0 is the blank `.` in either.
    pub fn symbol(self, digit: u8) -> char {
        match self {
            Symbols::App => symbol(digit),
            Symbols::Iss { .. } if digit == 0 => '.',
            Symbols::Iss { offset, most, .. } => match digit.wrapping_sub(offset) {
                value if value > most => '?',
                value if most < 10 => (b'0' + value) as char,
                0 => '0',
                value if value <= 26 => (b'A' + value - 1) as char,
                _ => '?',
            },
        }
    }

    /// The digits as symbols, one a cell (a grid's line).
    pub fn line(self, digits: &[u8]) -> String {
        digits.iter().map(|&d| self.symbol(d)).collect()
    }

    /// How far the digits stand above the values they are: 1 where values start at 0,
    /// else 0.
    pub fn offset(self) -> u8 {
        match self {
            Symbols::Iss { offset, .. } => offset,
            Symbols::App => 0,
        }
    }

    /// What a player sees for digit `digit` (1-based) and types to write it: this app's
    /// [`symbol`] of the value it stands for, where values start at 0 the value 0 as `0`
    /// (`0`-`8` on 9x9; `0`-`9`, `A`-`F` on 16x16). The same as [`symbol`] for values
    /// from 1. Unlike [`Symbols::symbol`], which writes ISS's text.
    pub fn shown(self, digit: u8) -> char {
        match (digit, self.offset()) {
            (0, _) => '.',
            (1, 1) => '0',
            (digit, offset) => symbol(digit - offset),
        }
    }

    /// The digit a typed symbol stands for, [`Symbols::shown`]'s inverse: `0` is a digit
    /// only where values start at 0. `None` for anything else.
    pub fn digit_of(self, ch: char) -> Option<u8> {
        let offset = self.offset();
        match ch {
            '0' => (offset == 1).then_some(1),
            ch => value_of(ch).map(|value| value + offset),
        }
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

    #[test]
    fn iss_writes_values_from_0_as_digits_and_16_values_as_letters() {
        let from_zero = Symbols::iss(9, 1);
        assert_eq!(from_zero.line(&[1, 2, 9, 0]), "018.");
        assert_eq!(from_zero.symbol(10), '?');
        let sixteen = Symbols::iss(16, 0);
        assert_eq!(sixteen.line(&[1, 9, 10, 16]), "AIJP");
        assert_eq!(Symbols::iss(16, 1).line(&[1, 2, 16]), "0AO");
        assert_eq!(Symbols::iss(9, 0).line(&[1, 9]), "19");
        assert_eq!(Symbols::App.line(&[1, 16]), "1G");
    }

    #[test]
    fn a_player_sees_and_types_values_from_0_as_they_are() {
        let from_zero = Symbols::iss(9, 1);
        let shown: String = (0..=9).map(|d| from_zero.shown(d)).collect();
        assert_eq!(shown, ".012345678");
        for d in 1..=9 {
            assert_eq!(from_zero.digit_of(from_zero.shown(d)), Some(d));
        }
        assert_eq!(from_zero.digit_of('.'), None);
        // 16 values from 0 as hexadecimal, not as ISS's text (`0`, `A`, `B`...).
        let sixteen: String = (1..=16).map(|d| Symbols::iss(16, 1).shown(d)).collect();
        assert_eq!(sixteen, "0123456789ABCDEF");
        // Values from 1 look and type as the app's own, and 0 is no digit of theirs.
        for symbols in [Symbols::App, Symbols::iss(16, 0)] {
            for d in 0..=16 {
                assert_eq!(symbols.shown(d), symbol(d));
            }
            assert_eq!(symbols.digit_of('0'), None);
            assert_eq!(symbols.digit_of('G'), Some(16));
        }
    }

    #[test]
    fn an_iss_grid_smaller_than_the_engines_writes_its_own_cells_only() {
        // A 2x3 grid of values 0-3 in the corner of a 4x4 grid.
        let corner = Symbols::iss(4, 1).within(2, 3);
        assert_eq!(corner.window(4), Some((2, 3)));
        assert_eq!(corner.cells_of(4), [0, 1, 2, 4, 5, 6]);
        let grid = [1, 2, 3, 4, 2, 3, 4, 1, 1, 1, 1, 1, 1, 1, 1, 1];
        assert_eq!(corner.grid_line(&grid), "012123");
        assert_eq!(Symbols::iss(4, 1).window(4), None);
        assert_eq!(Symbols::iss(4, 1).grid_line(&grid), "0123123000000000");
        assert_eq!(Symbols::App.within(2, 3).window(4), None);
    }
}
