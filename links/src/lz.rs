//! How long lz-string's output would be, found without building it, so that a small link
//! cannot decompress into gigabytes (each code may repeat the last one plus a character,
//! so output grows with the square of the input).

const BASE64: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=";

struct Bits {
    values: Vec<u16>,
    next: usize,
    value: u16,
    position: u16,
}

impl Bits {
    fn bit(&mut self) -> Option<bool> {
        let bit = self.value & self.position != 0;
        self.position >>= 1;
        if self.position == 0 {
            self.position = 32;
            self.value = *self.values.get(self.next)?;
            self.next += 1;
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

/// The number of UTF-16 units `lz_str::decompress_from_base64(data)` returns, following
/// its steps exactly but counting instead of copying (so in time linear in the input);
/// `None` where it returns `None`. Lengths past `usize::MAX` stay there.
pub(crate) fn decompressed_len(data: &str) -> Option<usize> {
    let values: Vec<u16> = data
        .bytes()
        .filter_map(|b| BASE64.iter().position(|&k| k == b))
        .map(|p| p as u16)
        .collect();
    let Some(&value) = values.first() else {
        return Some(0);
    };
    let mut bits = Bits {
        values,
        next: 1,
        value,
        position: 32,
    };
    // Lengths of the dictionary's entries: the three codes, then one per step.
    let mut dictionary: Vec<usize> = vec![1, 1, 1];
    match bits.bits(2)? {
        code @ (0 | 1) => {
            bits.bits(8 + 8 * code as u8)?;
        }
        2 => return Some(0),
        _ => return None,
    }
    dictionary.push(1);
    let (mut w, mut total) = (1usize, 1usize);
    let (mut num_bits, mut enlarge_in) = (3u8, 4u64);
    loop {
        if num_bits > 31 {
            return None;
        }
        let mut code = bits.bits(num_bits)?;
        match code {
            0 | 1 => {
                bits.bits(8 + 8 * code as u8)?;
                dictionary.push(1);
                code = dictionary.len() - 1;
                enlarge_in -= 1;
            }
            2 => return Some(total),
            _ => {}
        }
        if enlarge_in == 0 {
            enlarge_in = 1 << num_bits;
            num_bits += 1;
        }
        let entry = match dictionary.get(code) {
            Some(&len) => len,
            None if code == dictionary.len() => w.saturating_add(1),
            None => return None,
        };
        total = total.saturating_add(entry);
        dictionary.push(w.saturating_add(1));
        enlarge_in -= 1;
        w = entry;
        if enlarge_in == 0 {
            enlarge_in = 1 << num_bits;
            num_bits += 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lengths_match_lz_str() {
        for text in ["", "a", "{\"size\":9}", &"abcabcabd".repeat(50), "Fraπ ✓"] {
            let packed = lz_str::compress_to_base64(text);
            let wide = lz_str::decompress_from_base64(&packed).unwrap();
            assert_eq!(decompressed_len(&packed), Some(wide.len()), "{text}");
            assert_eq!(
                decompressed_len(&packed[..packed.len() / 2]),
                lz_str::decompress_from_base64(&packed[..packed.len() / 2]).map(|w| w.len())
            );
        }
        let long = "a".repeat(10_000);
        let packed = lz_str::compress_to_base64(long.as_str());
        assert_eq!(decompressed_len(&packed), Some(10_000));
    }
}
