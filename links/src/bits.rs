//! Bits packed most significant first into bytes, for the compact link forms (the page's
//! `#s=` givens and marks, and a made puzzle's `made…` link, [`crate::made_link`]), and
//! those bytes as base64url text (RFC 4648 §5, unpadded).
//!
//! The base64url codec is written here rather than taken from the `base64` crate: for
//! these two calls its engine put 3.2 KB gzipped into the page's first load, which
//! is over its budget. `links/tests/base64url.rs` holds it to that crate's
//! `URL_SAFE_NO_PAD`, text for text: what it accepts, the bytes it gives, and when it
//! blames a character.

use sudoku_engine::symbols::BASE64URL;

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

    /// The bits left to read.
    pub fn remaining(&self) -> usize {
        self.bytes.len() * 8 - self.at
    }

    /// True when only the zero bits that round the last byte up are left.
    pub fn rest_is_padding(&self) -> bool {
        let whole_bytes = self.at.div_ceil(8);
        whole_bytes == self.bytes.len()
            && (self.at.is_multiple_of(8) || self.bytes[self.at / 8] << (self.at % 8) == 0)
    }
}

/// `bytes` as unpadded base64url.
pub fn to_base64url(bytes: &[u8]) -> String {
    let mut text = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for group in bytes.chunks(3) {
        let word = group.iter().enumerate().fold(0u32, |word, (i, &byte)| {
            word | u32::from(byte) << (16 - 8 * i)
        });
        for k in 0..=group.len() {
            text.push(char::from(BASE64URL[(word >> (18 - 6 * k) & 63) as usize]));
        }
    }
    text
}

/// Why text is not unpadded base64url.
#[derive(Debug, PartialEq)]
pub enum Base64Damage {
    /// A character outside the alphabet, or padding that is not at the end of the last
    /// group's third or fourth place.
    Character,
    /// Padding at the end, a last group of one character, or a last character whose bits
    /// beyond the last whole byte are not zero: the text was cut or changed.
    Ending,
}

/// The six bits a base64url character stands for, if it is one.
pub fn sextet(c: u8) -> Option<usize> {
    BASE64URL.iter().position(|&a| a == c)
}

/// The bytes unpadded base64url `text` holds.
pub fn from_base64url(text: &str) -> Result<Vec<u8>, Base64Damage> {
    let text = text.as_bytes();
    // The last group is the last one to four characters; only its third and fourth places
    // could hold padding, and only padding may follow it.
    let last_group = match text.len() % 4 {
        0 => text.len().saturating_sub(4),
        rest => text.len() - rest,
    };
    let unpadded = text.iter().rposition(|&c| c != b'=').map_or(0, |i| i + 1);
    let values: Vec<usize> = text[..unpadded]
        .iter()
        .map(|&c| sextet(c))
        .collect::<Option<_>>()
        .ok_or(Base64Damage::Character)?;
    if unpadded < text.len() && unpadded < last_group + 2 {
        return Err(Base64Damage::Character);
    }
    let in_last_group = unpadded - last_group.min(unpadded);
    if (!text.is_empty() && in_last_group < 2) || unpadded < text.len() {
        return Err(Base64Damage::Ending);
    }
    let mut bytes = Vec::with_capacity(values.len() * 3 / 4);
    let (mut word, mut bits) = (0u32, 0);
    for v in values {
        word = word << 6 | v as u32;
        bits += 6;
        if bits >= 8 {
            bits -= 8;
            bytes.push((word >> bits) as u8);
        }
    }
    match word & ((1 << bits) - 1) {
        0 => Ok(bytes),
        _ => Err(Base64Damage::Ending),
    }
}
