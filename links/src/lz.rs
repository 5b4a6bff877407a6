//! lz-string's base64 compression and decompression. The compression ([`compress`]) is
//! written here so that the page's module holds no hash map for its dictionary (`lz-str`'s
//! took 6 KB of code with its map's), the tests holding it to `lz-str`'s output.
//!
//! The decompression is written here for two reasons. A small link can
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
    let mut values = [255u8; 256];
    let mut i = 0;
    while i < ALPHABET.len() {
        values[ALPHABET[i] as usize] = i as u8;
        i += 1;
    }
    values
};

/// lz-string's base64 alphabet, each character six bits, `=` its padding.
const ALPHABET: &[u8; 65] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=";

/// A string of units the compression's dictionary has a code for, as a node of a trie.
struct Coded {
    code: u32,
    /// The last unit of its string (a single unit's entry: that unit).
    unit: u16,
    /// Each next unit with the entry of this string followed by it.
    next: Vec<(u16, usize)>,
    /// A single unit's entry whose unit the output has not spelled out yet.
    unwritten: bool,
}

/// The output's bits, six to a character, each value's lowest bit first.
struct Sextets {
    out: String,
    value: u8,
    filled: u8,
}

impl Sextets {
    fn push(&mut self, bit: u8) {
        self.value = self.value << 1 | bit;
        self.filled += 1;
        if self.filled == 6 {
            self.out.push(char::from(ALPHABET[usize::from(self.value)]));
            (self.value, self.filled) = (0, 0);
        }
    }

    fn write(&mut self, mut value: u32, bits: u32) {
        for _ in 0..bits {
            self.push((value & 1) as u8);
            value >>= 1;
        }
    }
}

/// `lz_str::compress_to_base64(text)`: the text's UTF-16 units, each longest string
/// already in the dictionary written as its code, then entered again with the unit after
/// it; a unit seen for the first time spelled out (8 bits, or 16 above 255) the first time
/// it is written.
pub(crate) fn compress(text: &str) -> String {
    let mut entries = vec![Coded {
        code: 0,
        unit: 0,
        next: Vec::new(),
        unwritten: false,
    }];
    let find = |entries: &[Coded], at: usize, unit: u16| {
        entries[at].next.iter().find(|n| n.0 == unit).map(|n| n.1)
    };
    let add = |entries: &mut Vec<Coded>, at: usize, unit: u16, size: &mut u32| {
        entries.push(Coded {
            code: *size,
            unit,
            next: Vec::new(),
            unwritten: at == 0,
        });
        *size += 1;
        let new = entries.len() - 1;
        entries[at].next.push((unit, new));
        new
    };
    let mut bits = Sextets {
        out: String::new(),
        value: 0,
        filled: 0,
    };
    let (mut size, mut width, mut enlarge) = (3u32, 2u32, 2u32);
    let grow = |width: &mut u32, enlarge: &mut u32| {
        *enlarge -= 1;
        if *enlarge == 0 {
            *enlarge = 1 << *width;
            *width += 1;
        }
    };
    let mut write = |entries: &mut [Coded], at: usize, bits: &mut Sextets, width: &mut u32| {
        let entry = &mut entries[at];
        if entry.unwritten {
            let wide = u32::from(entry.unit > 255);
            bits.write(wide, *width);
            bits.write(u32::from(entry.unit), 8 + 8 * wide);
            entry.unwritten = false;
            grow(width, &mut enlarge);
        } else {
            bits.write(entry.code, *width);
        }
        grow(width, &mut enlarge);
    };
    // The entry of the string read and not yet written; 0, the root, for none.
    let mut w = 0;
    for unit in text.encode_utf16() {
        w = match find(&entries, w, unit) {
            Some(longer) => longer,
            None => {
                // A unit seen for the first time has its code before the string ending
                // in it.
                let single = match find(&entries, 0, unit) {
                    Some(single) => single,
                    None => add(&mut entries, 0, unit, &mut size),
                };
                if w != 0 {
                    write(&mut entries, w, &mut bits, &mut width);
                    add(&mut entries, w, unit, &mut size);
                }
                single
            }
        };
    }
    if w != 0 {
        write(&mut entries, w, &mut bits, &mut width);
    }
    // The end, then the last character's bits filled out.
    bits.write(2, width);
    bits.push(0);
    while bits.filled != 0 {
        bits.push(0);
    }
    // Padded as `lz-str` pads, with one `=` more than base64 needs (lz-string's own
    // JavaScript writes one fewer), which every reader skips.
    if !bits.out.len().is_multiple_of(4) {
        let pad = 5 - bits.out.len() % 4;
        bits.out.extend(std::iter::repeat_n('=', pad));
    }
    bits.out
}

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
    fn it_compresses_as_lz_str_does() {
        let wide = "🧩 Fraπ ✓ ".repeat(40);
        let mut texts = vec![
            String::new(),
            "a".into(),
            "ab".into(),
            "{\"size\":9}".into(),
            "abcabcabd".repeat(50),
            wide,
            "a".repeat(10_000),
        ];
        let path = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../data/variants/puzzles.jsonl"
        );
        for line in std::fs::read_to_string(path).unwrap().lines() {
            let v: serde_json::Value = serde_json::from_str(line).unwrap();
            let json = lz_str::decompress_from_base64(v["fpuzzles"].as_str().unwrap()).unwrap();
            texts.push(String::from_utf16(&json).unwrap());
        }
        for text in &texts {
            assert_eq!(
                compress(text),
                lz_str::compress_to_base64(text.as_str()),
                "{text}"
            );
        }
    }

    proptest::proptest! {
        #[test]
        fn any_text_compresses_as_lz_str_does(text in "[a-c{}\":,0-9é✓🧩]{0,300}") {
            proptest::prop_assert_eq!(compress(&text), lz_str::compress_to_base64(text.as_str()));
        }
    }

    #[test]
    fn past_the_cap_it_counts_instead_of_copying() {
        let packed = lz_str::compress_to_base64("a".repeat(10_000).as_str());
        assert_eq!(decompress(&packed, 9_999), Unpacked::TooLong(10_000));
        assert!(matches!(decompress(&packed, 10_000), Unpacked::Text(t) if t.len() == 10_000));
    }
}
