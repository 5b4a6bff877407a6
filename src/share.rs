//! The compact link form of a puzzle and of progress on it: a byte for the format and the
//! size, one bit per cell saying whether it holds a digit, then each digit in as few bits
//! as the size needs, all in base64url. A 17-clue 9x9 puzzle takes 27 characters.
//!
//! Marks and colours travel the same way (`encode_marks`): three bits per cell saying
//! which of corner marks, centre marks and colours it has, then each set, n bits for marks
//! and nine for colours.
//!
//! Decoding takes text from anyone's address bar: it checks everything and never panics.

use sudoku_engine::{Grid, Shape};
use sudoku_links::bits::{
    digit_bits, from_base64url, to_base64url, Base64Damage, BitReader, BitWriter,
};

use crate::board::{Marks, COLOURS};

const VERSION: u8 = 1;
/// Longer fragments are refused before any decoding: no puzzle needs this much.
pub const MAX_LEN: usize = 4096;
/// The marks of a 25x25 board take at most 6,460 characters.
pub const MAX_MARKS_LEN: usize = 8192;

/// The digits of `grid` (0 for empty) in the compact form.
pub fn encode(grid: &Grid) -> String {
    let shape = grid.shape();
    let index = Shape::ALL
        .iter()
        .position(|&s| s == shape)
        .expect("a supported shape") as u8;
    let mut bits = BitWriter::default();
    for &d in grid.cells() {
        bits.push(d != 0);
    }
    for &d in grid.cells().iter().filter(|&&d| d != 0) {
        bits.push_value(u32::from(d - 1), digit_bits(shape.n()));
    }
    let mut bytes = vec![VERSION << 4 | index];
    bytes.extend(bits.finish());
    to_base64url(&bytes)
}

/// Reads the compact form back; the message says what is wrong with damaged text.
pub fn decode(text: &str) -> Result<Grid, String> {
    if text.len() > MAX_LEN {
        return Err("it is far too long to be a puzzle".into());
    }
    let bytes = from_base64url(text).map_err(|damage| match damage {
        Base64Damage::Character => "it holds characters that a puzzle link never has",
        Base64Damage::Ending => "it is cut short",
    })?;
    let (&head, body) = bytes.split_first().ok_or("it is empty")?;
    if head >> 4 != VERSION {
        // One version has ever been written: any other first byte is damage.
        return Err("it is damaged: it does not start as a puzzle link does".into());
    }
    let shape = *Shape::ALL
        .get(usize::from(head & 0xF))
        .ok_or("its size is unknown")?;
    let mut bits = BitReader::new(body);
    let filled: Vec<bool> = (0..shape.cells())
        .map(|_| bits.read(1).map(|b| b == 1))
        .collect::<Option<_>>()
        .ok_or("it is cut short")?;
    let width = digit_bits(shape.n());
    let mut cells = Vec::with_capacity(shape.cells());
    for has_digit in filled {
        if !has_digit {
            cells.push(0);
            continue;
        }
        let value = bits.read(width).ok_or("it is cut short")?;
        if value as usize >= shape.n() {
            return Err(format!(
                "it holds a digit that a {shape} puzzle does not have"
            ));
        }
        cells.push(value as u8 + 1);
    }
    if !bits.rest_is_padding() {
        return Err("it has more in it than a puzzle".into());
    }
    Ok(Grid::from_cells(shape, cells).expect("checked size and digits"))
}

/// The marks and colours of every cell of an `shape` board in the compact form.
pub fn encode_marks(shape: Shape, marks: &[Marks]) -> String {
    let mut bits = BitWriter::default();
    let n = shape.n();
    for m in marks {
        for layer in [m.corner, m.centre, u32::from(m.colours)] {
            bits.push(layer != 0);
        }
    }
    for m in marks {
        for (layer, width) in [
            (m.corner, n),
            (m.centre, n),
            (u32::from(m.colours), COLOURS as usize),
        ] {
            if layer != 0 {
                bits.push_value(layer, width);
            }
        }
    }
    to_base64url(&bits.finish())
}

/// Reads marks for a `shape` board back; the message says what is wrong with damaged text.
pub fn decode_marks(shape: Shape, text: &str) -> Result<Vec<Marks>, String> {
    if text.len() > MAX_MARKS_LEN {
        return Err("its marks are far too long".into());
    }
    let bytes = from_base64url(text).map_err(|_| "its marks are damaged")?;
    let mut bits = BitReader::new(&bytes);
    let short = "its marks are cut short";
    let present: Vec<[bool; 3]> = (0..shape.cells())
        .map(|_| Some([bits.read(1)? == 1, bits.read(1)? == 1, bits.read(1)? == 1]))
        .collect::<Option<_>>()
        .ok_or(short)?;
    let n = shape.n();
    let mut read = |on: bool, width: usize| match on {
        false => Ok(0),
        true => match bits.read(width) {
            Some(0) => Err("its marks are damaged"),
            Some(value) => Ok(value),
            None => Err(short),
        },
    };
    let mut marks = Vec::with_capacity(shape.cells());
    for [corner, centre, colours] in present {
        marks.push(Marks {
            corner: read(corner, n)?,
            centre: read(centre, n)?,
            colours: read(colours, COLOURS as usize)? as u16,
        });
    }
    if !bits.rest_is_padding() {
        return Err("it has more marks in it than the puzzle has cells".into());
    }
    Ok(marks)
}

#[cfg(test)]
mod tests {
    use super::*;

    const SEVENTEEN: &str =
        "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";

    #[test]
    fn a_17_clue_puzzle_takes_under_30_characters() {
        let grid = Grid::parse(SEVENTEEN).unwrap();
        let code = encode(&grid);
        assert!(code.len() <= 28, "{code} is {} characters", code.len());
        assert_eq!(decode(&code).unwrap(), grid);
    }

    #[test]
    fn damage_is_named() {
        let code = encode(&Grid::parse(SEVENTEEN).unwrap());
        assert_eq!(
            decode("<script>").unwrap_err(),
            "it holds characters that a puzzle link never has"
        );
        assert_eq!(
            decode(&code[..code.len() - 3]).unwrap_err(),
            "it is cut short"
        );
        assert_eq!(
            decode(&code[..code.len() - 4]).unwrap_err(),
            "it is cut short"
        );
        assert_eq!(
            decode(&format!("{code}AAAA")).unwrap_err(),
            "it has more in it than a puzzle"
        );
        assert_eq!(decode("").unwrap_err(), "it is empty");
        assert_eq!(
            decode(&"A".repeat(MAX_LEN + 1)).unwrap_err(),
            "it is far too long to be a puzzle"
        );
        assert_eq!(
            decode("IQ").unwrap_err(),
            "it is damaged: it does not start as a puzzle link does"
        );
    }

    #[cfg(not(target_arch = "wasm32"))]
    mod properties {
        use super::*;
        use proptest::prelude::*;

        fn any_grid() -> impl Strategy<Value = Grid> {
            (0..Shape::ALL.len()).prop_flat_map(|i| {
                let shape = Shape::ALL[i];
                proptest::collection::vec(0..=shape.n() as u8, shape.cells())
                    .prop_map(move |cells| Grid::from_cells(shape, cells).unwrap())
            })
        }

        proptest! {
            #[test]
            fn decoding_an_encoding_gives_the_grid_back(grid in any_grid()) {
                prop_assert_eq!(decode(&encode(&grid)).unwrap(), grid);
            }

            #[test]
            fn any_text_decodes_or_fails_without_panicking(text in ".{0,200}") {
                let _ = decode(&text);
                let _ = decode_marks(Shape::NINE, &text);
            }

            #[test]
            fn marks_come_back_as_they_went(
                (shape, marks) in (0..Shape::ALL.len()).prop_flat_map(|i| {
                    let shape = Shape::ALL[i];
                    let set = 0..(1u32 << shape.n());
                    let one = (set.clone(), set, 0..(1u16 << COLOURS))
                        .prop_map(|(corner, centre, colours)| Marks { corner, centre, colours });
                    (Just(shape), proptest::collection::vec(one, shape.cells()))
                })
            ) {
                prop_assert_eq!(decode_marks(shape, &encode_marks(shape, &marks)).unwrap(), marks);
            }

            #[test]
            fn any_bytes_decode_or_fail_without_panicking(bytes in proptest::collection::vec(any::<u8>(), 0..400)) {
                if let Ok(grid) = decode(&to_base64url(&bytes)) {
                    // Whatever decodes is a real grid that encodes back the same way.
                    prop_assert_eq!(from_base64url(&encode(&grid)).unwrap(), bytes);
                }
            }
        }
    }
}
