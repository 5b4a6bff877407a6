//! lz-string's base64 decompression, written here for two reasons. A small link can
//! decompress into gigabytes (each code may repeat the last one plus a character, so
//! output grows with the square of the input): this decoder stops copying at a cap and
//! only counts from there, so the message can say how long the text would have been.
//! And it keeps each dictionary entry as a place in the output, where lz-string's own
//! entries always lie (an entry is the previous output followed by the first unit of the
//! next), instead of a vector per entry: reading a shared link took most of its time in
//! `lz-str`'s allocations. The tests hold it to `lz-str` on every shared puzzle.

/// The alphabet's value of each byte; 255 for bytes outside it, which are skipped as
/// `lz-str` skips them.
const VALUES: [u8; 256] = {
    let alphabet = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=";
    let mut values = [255u8; 256];
    let mut i = 0;
    while i < alphabet.len() {
        values[alphabet[i] as usize] = i as u8;
        i += 1;
    }
    values
};

struct Base64Bits<'a> {
    data: &'a [u8],
    next: usize,
    value: u16,
    position: u16,
}

impl Base64Bits<'_> {
    fn bit(&mut self) -> Option<bool> {
        let bit = self.value & self.position != 0;
        self.position >>= 1;
        if self.position == 0 {
            self.position = 32;
            self.value = loop {
                let value = VALUES[*self.data.get(self.next)? as usize];
                self.next += 1;
                if value != 255 {
                    break u16::from(value);
                }
            };
        }
        Some(bit)
    }

    fn bits(&mut self, n: u8) -> Option<usize> {
        let mut out = 0;
        for i in 0..n {
            out |= usize::from(self.bit()?) << i;
        }
        Some(out)
    }
}

/// What a dictionary entry is: a unit not yet written, or a place in the output.
#[derive(Clone, Copy)]
enum Phrase {
    Unit(u16),
    At { start: usize, len: usize },
}

/// What came of decompressing.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum Unpacked {
    Text(Vec<u16>),
    /// The output would have this many UTF-16 units, more than the cap.
    TooLong(usize),
    /// Data `lz-str` gives nothing for.
    Broken,
}

/// `lz_str::decompress_from_base64(data)`, its output capped at `cap` units.
pub(crate) fn decompress(data: &str, cap: usize) -> Unpacked {
    let data = data.as_bytes();
    let Some(first) = data.iter().map(|&b| VALUES[b as usize]).find(|&v| v != 255) else {
        return Unpacked::Text(Vec::new());
    };
    let next = 1 + data
        .iter()
        .position(|&b| VALUES[b as usize] != 255)
        .unwrap_or(0);
    let mut bits = Base64Bits {
        data,
        next,
        value: u16::from(first),
        position: 32,
    };
    let mut out: Vec<u16> = Vec::with_capacity(data.len() * 3);
    // Past the cap, only lengths are followed.
    let mut total = 0usize;
    let mut dictionary: Vec<Phrase> = vec![Phrase::Unit(0); 3];
    let unit = |bits: &mut Base64Bits, code: usize| bits.bits(8 + 8 * code as u8).map(|u| u as u16);
    let first_unit = match bits.bits(2) {
        Some(code @ (0 | 1)) => match unit(&mut bits, code) {
            Some(u) => u,
            None => return Unpacked::Broken,
        },
        Some(2) => return Unpacked::Text(Vec::new()),
        _ => return Unpacked::Broken,
    };
    out.push(first_unit);
    total += 1;
    dictionary.push(Phrase::At { start: 0, len: 1 });
    let mut w = (0usize, 1usize);
    let (mut num_bits, mut enlarge_in) = (3u8, 4u64);
    loop {
        if num_bits > 31 {
            return Unpacked::Broken;
        }
        let Some(mut code) = bits.bits(num_bits) else {
            return Unpacked::Broken;
        };
        match code {
            0 | 1 => {
                let Some(u) = unit(&mut bits, code) else {
                    return Unpacked::Broken;
                };
                dictionary.push(Phrase::Unit(u));
                code = dictionary.len() - 1;
                enlarge_in -= 1;
            }
            2 if total > cap => return Unpacked::TooLong(total),
            2 => return Unpacked::Text(out),
            _ => {}
        }
        if enlarge_in == 0 {
            enlarge_in = 1 << num_bits;
            num_bits += 1;
        }
        let start = total;
        let len = match dictionary.get(code).copied() {
            Some(Phrase::Unit(_)) => 1,
            Some(Phrase::At { len, .. }) => len,
            // The entry being made: the last output and its own first unit.
            None if code == dictionary.len() => w.1 + 1,
            None => return Unpacked::Broken,
        };
        if total.saturating_add(len) <= cap {
            match dictionary.get(code).copied() {
                Some(Phrase::Unit(u)) => out.push(u),
                Some(Phrase::At { start: from, len }) => out.extend_from_within(from..from + len),
                None => {
                    out.extend_from_within(w.0..w.0 + w.1);
                    out.push(out[w.0]);
                }
            }
        }
        if let Some(Phrase::Unit(_)) = dictionary.get(code) {
            dictionary[code] = Phrase::At { start, len: 1 };
        }
        total = total.saturating_add(len);
        if total > cap {
            // Nothing past the cap is read from the output again; keep the lengths true.
            out.clear();
        }
        // The previous output and this one's first unit, which follow each other.
        dictionary.push(Phrase::At {
            start: w.0,
            len: w.1 + 1,
        });
        enlarge_in -= 1;
        w = (start, len);
        if enlarge_in == 0 {
            enlarge_in = 1 << num_bits;
            num_bits += 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn same_as_lz_str(packed: &str) {
        let theirs = lz_str::decompress_from_base64(packed);
        match decompress(packed, usize::MAX) {
            Unpacked::Text(ours) => assert_eq!(Some(ours), theirs, "{packed}"),
            Unpacked::Broken => assert_eq!(theirs, None, "{packed}"),
            Unpacked::TooLong(_) => unreachable!("no cap"),
        }
    }

    #[test]
    fn it_reads_what_lz_str_reads() {
        for text in [
            "",
            "a",
            "{\"size\":9}",
            &"abcabcabd".repeat(50),
            "Fraπ ✓",
            &"a".repeat(10_000),
        ] {
            let packed = lz_str::compress_to_base64(text);
            same_as_lz_str(&packed);
            same_as_lz_str(&packed[..packed.len() / 2]);
        }
        let path = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../data/variants/puzzles.jsonl"
        );
        let shared = std::fs::read_to_string(path).unwrap();
        for line in shared.lines() {
            let v: serde_json::Value = serde_json::from_str(line).unwrap();
            same_as_lz_str(v["fpuzzles"].as_str().unwrap());
            if let Some(scl) = v["sudokupad"].as_str() {
                same_as_lz_str(&scl[3..]);
            }
        }
    }

    #[test]
    fn past_the_cap_it_counts_instead_of_copying() {
        let packed = lz_str::compress_to_base64("a".repeat(10_000).as_str());
        assert_eq!(decompress(&packed, 9_999), Unpacked::TooLong(10_000));
        assert!(matches!(decompress(&packed, 10_000), Unpacked::Text(t) if t.len() == 10_000));
    }
}
