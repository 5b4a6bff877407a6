//! Any pixels, and any bytes as weights: the reader answers with a reading or a reason,
//! never a panic, and damaged weights are refused.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sudoku_scan::{read, Gray, Network, WEIGHTS};

fuzz_target!(|data: &[u8]| {
    let _ = Network::from_bytes(data);
    let [w, h, rest @ ..] = data else {
        return;
    };
    if rest.is_empty() {
        return;
    }
    // 32 to 287 pixels a side, so that too small, thin and ordinary images all come up;
    // the pixels repeat the input, so stripes and lattices do too.
    let (width, height) = (32 + *w as usize, 32 + *h as usize);
    let pixels = rest.iter().copied().cycle().take(width * height).collect();
    let gray = Gray::new(width, height, pixels).unwrap();
    let model = Network::from_bytes(WEIGHTS).unwrap();
    if let Ok(reading) = read(&gray, &model) {
        assert_eq!(reading.cells.len(), reading.size * reading.size);
        assert!(reading.cells.iter().all(|c| usize::from(c.value) <= reading.size));
    }
});
