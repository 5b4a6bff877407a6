//! Finding the grid in a photo: the largest blob of ink that looks like a lattice of lines,
//! and its four outer corners.

use crate::gray::Gray;
use crate::ink;
use crate::perspective::Point;

/// The grid's outer corners in the image: top left, top right, bottom right, bottom left.
pub fn grid_corners(img: &Gray) -> Option<[Point; 4]> {
    let side = img.width.max(img.height);
    let ink = ink::adaptive(img, (side / 40).max(4), 0.95);
    let shortest = img.width.min(img.height) as f32;
    let grid = ink::blobs(&ink, img.width, 64)
        .into_iter()
        .filter(|b| {
            let (w, h) = (b.width() as f32, b.height() as f32);
            // A lattice is wide, about square, and mostly paper inside its box.
            w.min(h) >= 0.2 * shortest
                && w / h < 2.5
                && h / w < 2.5
                && (b.count as f32) < 0.6 * w * h
        })
        .max_by_key(|b| b.width() * b.height())?;
    let extreme = |f: &dyn Fn(f32, f32) -> f32| {
        let &(x, y) = grid
            .pixels
            .iter()
            .max_by(|a, b| f(a.0 as f32, a.1 as f32).total_cmp(&f(b.0 as f32, b.1 as f32)))
            .unwrap_or(&(0, 0));
        (x as f32 + 0.5, y as f32 + 0.5)
    };
    let corners = [
        extreme(&|x, y| -x - y),
        extreme(&|x, y| x - y),
        extreme(&|x, y| x + y),
        extreme(&|x, y| y - x),
    ];
    convex(&corners).then_some(corners)
}

/// Whether the four corners, in order, turn the same way at each and enclose some area.
fn convex(q: &[Point; 4]) -> bool {
    let turns: Vec<f32> = (0..4)
        .map(|i| {
            let (a, b, c) = (q[i], q[(i + 1) % 4], q[(i + 2) % 4]);
            (b.0 - a.0) * (c.1 - b.1) - (b.1 - a.1) * (c.0 - b.0)
        })
        .collect();
    turns.iter().all(|&t| t > 0.0) || turns.iter().all(|&t| t < 0.0)
}
