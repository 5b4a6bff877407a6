//! Training data for the digit classifier: every cell of every image, with its truth.
//!
//! usage: cargo run --release -p sudoku-scan --example cells -- OUT.bin IMAGE...
//!
//! An image's truth sits beside it: `imageN.dat` as in the photo data set (9 lines of 9
//! numbers after two header lines), or `NAME.txt` with the puzzle on one line. Each record
//! of OUT is: image index (u16 LE), size (u8), cell (u16 LE), truth (u8, 0 empty), found
//! (u8, 1 if the reader saw a digit), then FEATURE² bytes (0 paper to 255 ink).
//! A line per image on stderr says what went wrong with it. With SCAN_DEBUG=DIR, each
//! straightened grid is saved there as a PNG.

use std::io::Write;
use std::path::Path;
use sudoku_scan::{cells, Gray};

#[path = "support/truth.rs"]
mod truth;
use truth::truth;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut out = std::io::BufWriter::new(std::fs::File::create(&args[0]).unwrap());
    let (mut exact_empties, mut images) = (0, 0);
    for (index, path) in args[1..].iter().enumerate() {
        let path = Path::new(path);
        let Some(truth) = truth(path) else {
            eprintln!("{}: no truth", path.display());
            continue;
        };
        images += 1;
        let img = image::open(path).unwrap().to_luma8();
        let gray = Gray::new(img.width() as usize, img.height() as usize, img.into_raw()).unwrap();
        let found = match cells(&gray) {
            Ok(found) => found,
            Err(e) => {
                eprintln!("{}: {e}", path.display());
                continue;
            }
        };
        if let Ok(dir) = std::env::var("SCAN_DEBUG") {
            let s = &found.straightened;
            image::GrayImage::from_raw(s.width as u32, s.height as u32, s.pixels.clone())
                .unwrap()
                .save(
                    Path::new(&dir)
                        .join(path.file_name().unwrap())
                        .with_extension("png"),
                )
                .unwrap();
        }
        if found.size * found.size != truth.len() {
            eprintln!("{}: read as {}x{}", path.display(), found.size, found.size);
            continue;
        }
        let mut wrong = Vec::new();
        for (cell, (digit, &t)) in found.digits.iter().zip(&truth).enumerate() {
            if digit.is_some() != (t != 0) {
                wrong.push(format!(
                    "r{}c{}",
                    cell / found.size + 1,
                    cell % found.size + 1
                ));
            }
            out.write_all(&(index as u16).to_le_bytes()).unwrap();
            out.write_all(&[found.size as u8]).unwrap();
            out.write_all(&(cell as u16).to_le_bytes()).unwrap();
            out.write_all(&[t, digit.is_some() as u8]).unwrap();
            let bytes: Vec<u8> = match digit {
                Some(f) => f.iter().map(|v| (v * 255.0).round() as u8).collect(),
                None => vec![0; sudoku_scan::FEATURE * sudoku_scan::FEATURE],
            };
            out.write_all(&bytes).unwrap();
        }
        if wrong.is_empty() {
            exact_empties += 1;
        } else {
            eprintln!(
                "{}: empty or not misjudged at {}",
                path.display(),
                wrong.join(" ")
            );
        }
    }
    eprintln!("{exact_empties} of {images} images with every empty cell right");
}
