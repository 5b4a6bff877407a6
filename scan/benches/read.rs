//! How well and how fast photos are read: every image given, with its truth beside it
//! (see `examples/support/truth.rs`), read with the built-in weights.
//!
//! usage: cargo bench -p sudoku-scan --bench read -- [--megapixels N] IMAGE...
//! (cargo runs it in `scan/`, so give absolute paths or paths from there; `QUICK=1`: the
//! first three images)
//!
//! Prints the images read exactly right, the cells right, and the median and worst time
//! to decode and to read an image. With --megapixels, each image is first enlarged to
//! about N megapixels (bilinear) and re-encoded as a JPEG, so that a phone's 12-megapixel
//! photo is timed on the same grids.

use std::io::Cursor;
use std::path::Path;
use std::time::Instant;
use sudoku_scan::{read, Gray, Network, WEIGHTS};

#[path = "../examples/support/truth.rs"]
mod truth;

#[path = "../../engine/benches/quick/mod.rs"]
mod quick;

fn main() {
    let mut args: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| a != "--bench")
        .collect();
    let megapixels = match args.iter().position(|a| a == "--megapixels") {
        Some(i) => {
            let n: f64 = args[i + 1].parse().expect("--megapixels N");
            args.drain(i..i + 2);
            Some(n)
        }
        None => None,
    };
    args.truncate(quick::or_quick(usize::MAX, 3));
    let model = Network::from_bytes(WEIGHTS).expect("built-in weights");
    let (mut exact, mut images, mut right, mut cells) = (0, 0, 0, 0);
    let (mut decoding, mut reading) = (Vec::new(), Vec::new());
    for path in &args {
        let Some(truth) = truth::truth(Path::new(path)) else {
            eprintln!("{path}: no truth beside it");
            continue;
        };
        let mut bytes = std::fs::read(path).expect("readable image");
        if let Some(mp) = megapixels {
            bytes = enlarged(&bytes, mp);
        }
        let start = Instant::now();
        let rgba = image::load_from_memory(&bytes)
            .expect("decodable")
            .to_rgba8();
        let gray = Gray::from_rgba(rgba.width() as usize, rgba.height() as usize, rgba.as_raw())
            .expect("pixels");
        decoding.push(start.elapsed().as_secs_f64() * 1e3);
        let start = Instant::now();
        let result = read(&gray, &model);
        reading.push(start.elapsed().as_secs_f64() * 1e3);
        images += 1;
        cells += truth.len();
        match result {
            Ok(r) if r.cells.len() == truth.len() => {
                let ok = r
                    .cells
                    .iter()
                    .zip(&truth)
                    .filter(|(c, t)| c.value == **t)
                    .count();
                right += ok;
                exact += usize::from(ok == truth.len());
                if ok != truth.len() {
                    eprintln!("{path}: {} cells wrong", truth.len() - ok);
                }
            }
            Ok(r) => eprintln!("{path}: read as {0}x{0}", r.size),
            Err(e) => eprintln!("{path}: {e}"),
        }
    }
    if images == 0 {
        eprintln!(
            "no image with its truth beside it (cargo runs benches in scan/: give absolute paths)"
        );
        std::process::exit(2);
    }
    let stats = |times: &mut Vec<f64>| {
        times.sort_by(f64::total_cmp);
        (times[times.len() / 2], times[times.len() - 1])
    };
    let (decode_median, decode_worst) = stats(&mut decoding);
    let (read_median, read_worst) = stats(&mut reading);
    println!(
        "{exact} of {images} images exactly right ({:.1}%), {right} of {cells} cells ({:.2}%)",
        100.0 * exact as f64 / images as f64,
        100.0 * right as f64 / cells as f64
    );
    println!("decode: median {decode_median:.1} ms, worst {decode_worst:.1} ms");
    println!("read: median {read_median:.1} ms, worst {read_worst:.1} ms");
}

/// The image enlarged to about `megapixels`, as a JPEG like a phone's.
fn enlarged(bytes: &[u8], megapixels: f64) -> Vec<u8> {
    let img = image::load_from_memory(bytes).expect("decodable");
    let scale = (megapixels * 1e6 / (img.width() as f64 * img.height() as f64)).sqrt();
    let (w, h) = (
        (img.width() as f64 * scale) as u32,
        (img.height() as f64 * scale) as u32,
    );
    let big = img
        .resize_exact(w, h, image::imageops::FilterType::Triangle)
        .to_rgb8();
    let mut out = Cursor::new(Vec::new());
    big.write_to(&mut out, image::ImageFormat::Jpeg)
        .expect("encodable");
    out.into_inner()
}
