//! Bits packed most significant first into bytes, for the compact link forms (the page's
//! `#s=` givens and marks, and a made puzzle's `made…` link, [`crate::made_link`]).

/// Bits per digit: enough for the values 0..n-1.
pub fn digit_bits(n: usize) -> usize {
    (usize::BITS - (n - 1).leading_zeros()) as usize
}

#[derive(Default)]
pub struct BitWriter {
    bytes: Vec<u8>,
    used: usize,
}

impl BitWriter {
    pub fn push(&mut self, bit: bool) {
        if self.used.is_multiple_of(8) {
            self.bytes.push(0);
        }
        if bit {
            *self.bytes.last_mut().expect("pushed") |= 0x80 >> (self.used % 8);
        }
        self.used += 1;
    }

    pub fn push_value(&mut self, value: u32, width: usize) {
        for i in (0..width).rev() {
            self.push(value >> i & 1 == 1);
        }
    }

    pub fn finish(self) -> Vec<u8> {
        self.bytes
    }
}

pub struct BitReader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl BitReader<'_> {
    pub fn new(bytes: &[u8]) -> BitReader<'_> {
        BitReader { bytes, at: 0 }
    }

    pub fn read(&mut self, width: usize) -> Option<u32> {
        let mut value = 0;
        for _ in 0..width {
            let byte = *self.bytes.get(self.at / 8)?;
            value = value << 1 | u32::from(byte >> (7 - self.at % 8) & 1);
            self.at += 1;
        }
        Some(value)
    }

    /// True when only the zero bits that round the last byte up are left.
    pub fn rest_is_padding(&self) -> bool {
        let whole_bytes = self.at.div_ceil(8);
        whole_bytes == self.bytes.len()
            && (self.at.is_multiple_of(8) || self.bytes[self.at / 8] << (self.at % 8) == 0)
    }
}
