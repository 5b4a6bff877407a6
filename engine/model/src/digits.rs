//! Sets of digits: a cell's candidates, a player's marks. Bit `d - 1` stands for digit
//! `d`, and this is the one place that says so.

/// A set of the digits 1 to 32.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct DigitSet(u32);

impl DigitSet {
    pub const EMPTY: DigitSet = DigitSet(0);

    pub const fn from_bits(bits: u32) -> DigitSet {
        DigitSet(bits)
    }

    pub const fn bits(self) -> u32 {
        self.0
    }

    /// The set of `digit` alone; empty for 0 or anything above 32, which are no digits.
    pub const fn of(digit: u8) -> DigitSet {
        match digit {
            1..=32 => DigitSet(1 << (digit - 1)),
            _ => DigitSet(0),
        }
    }

    /// Every digit from 1 to `n`.
    pub const fn all(n: usize) -> DigitSet {
        DigitSet(((1u64 << n) - 1) as u32)
    }

    /// False for anything that is no digit, since its set is empty.
    pub const fn contains(self, digit: u8) -> bool {
        self.0 & DigitSet::of(digit).0 != 0
    }

    pub const fn with(self, digit: u8) -> DigitSet {
        DigitSet(self.0 | DigitSet::of(digit).0)
    }

    pub const fn without(self, digit: u8) -> DigitSet {
        DigitSet(self.0 & !DigitSet::of(digit).0)
    }

    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    pub const fn len(self) -> u32 {
        self.0.count_ones()
    }

    /// The digits in order, lowest bit first.
    pub fn iter(self) -> impl Iterator<Item = u8> {
        let mut bits = self.0;
        std::iter::from_fn(move || {
            let digit = bits.trailing_zeros() as u8 + 1;
            bits &= bits.wrapping_sub(1);
            (digit <= 32).then_some(digit)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn digits_are_bits_and_non_digits_are_nothing() {
        let s = DigitSet::EMPTY.with(1).with(7).with(25);
        assert_eq!(s.bits(), 1 | 1 << 6 | 1 << 24);
        assert_eq!(s.iter().collect::<Vec<_>>(), [1, 7, 25]);
        assert!(s.contains(7) && !s.contains(2) && !s.contains(0));
        assert_eq!(s.without(7).len(), 2);
        assert_eq!(DigitSet::of(0), DigitSet::EMPTY);
        assert_eq!(DigitSet::of(33), DigitSet::EMPTY);
        assert_eq!(DigitSet::all(9).bits(), 0x1ff);
        assert_eq!(DigitSet::all(32).len(), 32);
    }
}
