//! Any board and any candidates, as a player's own marks can leave them: the logical
//! solver never panics, and a step it finds applies cleanly. The first byte picks the size
//! (up to 9x9: on larger boards a step that finds nothing takes long enough to starve the
//! fuzzer), the next byte whether uniqueness may be assumed, then a byte per cell for its
//! digit and two bytes per cell for its marks. Marks from the digits alone are one case of
//! arbitrary marks, so they are not tried apart.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sudoku_engine::logic::{next_step, Candidates, Settings};
use sudoku_engine::{Grid, Puzzle, Shape};

fuzz_target!(|data: &[u8]| {
    let [size, unique, rest @ ..] = data else {
        return;
    };
    let shapes: Vec<Shape> = Shape::ALL.into_iter().filter(|s| s.n() <= 9).collect();
    let shape = shapes[*size as usize % shapes.len()];
    let cells = shape.cells();
    let byte = |i: usize| rest.get(i).copied().unwrap_or(0);
    let digits: Vec<u8> = (0..cells)
        .map(|c| match byte(c) {
            b if b >= 128 => 0,
            b => b % (shape.n() as u8 + 1),
        })
        .collect();
    let marks: Vec<u32> = (0..cells)
        .map(|c| {
            let at = cells + 2 * c;
            u32::from(byte(at)) | u32::from(byte(at + 1)) << 8 | u32::from(byte(c)) << 16
        })
        .collect();
    let Some(grid) = Grid::from_cells(shape, digits) else {
        return;
    };
    let settings = Settings::default().unique(unique & 1 == 1);
    let mut candidates = Candidates::from_marks(&grid, &marks, &Puzzle::classic(grid.clone()));
    for _ in 0..3 {
        let _ = candidates.is_broken();
        let Some(step) = next_step(&candidates, &settings) else {
            break;
        };
        let _ = step.explanation.len();
        candidates.apply(&step);
    }
});
