//! Which pixels are ink: darker than the paper around them, so that shadows and uneven
//! light do not matter, and the connected blobs of ink.

use crate::gray::Gray;

/// Ink where a pixel is darker than `darker` times its neighbourhood's mean (a window
/// `2 * radius + 1` wide), computed with a summed-area table so the cost does not grow with the window.
pub fn adaptive(img: &Gray, radius: usize, darker: f32) -> Vec<bool> {
    let (w, h) = (img.width, img.height);
    let mut sums = vec![0u64; (w + 1) * (h + 1)];
    for y in 0..h {
        let mut row = 0u64;
        for x in 0..w {
            row += img.pixels[y * w + x] as u64;
            sums[(y + 1) * (w + 1) + x + 1] = sums[y * (w + 1) + x + 1] + row;
        }
    }
    let mut ink = vec![false; w * h];
    for y in 0..h {
        let (y0, y1) = (y.saturating_sub(radius), (y + radius + 1).min(h));
        for x in 0..w {
            let (x0, x1) = (x.saturating_sub(radius), (x + radius + 1).min(w));
            let total = sums[y1 * (w + 1) + x1] + sums[y0 * (w + 1) + x0]
                - sums[y0 * (w + 1) + x1]
                - sums[y1 * (w + 1) + x0];
            let mean = total as f32 / ((x1 - x0) * (y1 - y0)) as f32;
            ink[y * w + x] = (img.pixels[y * w + x] as f32) < mean * darker;
        }
    }
    ink
}

/// One 8-connected blob of ink: its pixel count, bounding box and the pixels themselves.
#[derive(Clone, Debug)]
pub struct Blob {
    pub count: usize,
    pub x0: usize,
    pub y0: usize,
    pub x1: usize,
    pub y1: usize,
    pub pixels: Vec<(u32, u32)>,
}

impl Blob {
    pub fn width(&self) -> usize {
        self.x1 - self.x0 + 1
    }
    pub fn height(&self) -> usize {
        self.y1 - self.y0 + 1
    }
}

/// The 8-connected blobs of `ink` (a `width`-wide mask) with at least `min_count` pixels.
pub fn blobs(ink: &[bool], width: usize, min_count: usize) -> Vec<Blob> {
    let height = ink.len() / width;
    let mut seen = vec![false; ink.len()];
    let mut found = Vec::new();
    let mut stack = Vec::new();
    for start in 0..ink.len() {
        if !ink[start] || seen[start] {
            continue;
        }
        seen[start] = true;
        stack.push(start);
        let (sx, sy) = (start % width, start / width);
        let mut blob = Blob {
            count: 0,
            x0: sx,
            y0: sy,
            x1: sx,
            y1: sy,
            pixels: Vec::new(),
        };
        while let Some(i) = stack.pop() {
            let (x, y) = (i % width, i / width);
            blob.count += 1;
            blob.x0 = blob.x0.min(x);
            blob.x1 = blob.x1.max(x);
            blob.y0 = blob.y0.min(y);
            blob.y1 = blob.y1.max(y);
            blob.pixels.push((x as u32, y as u32));
            for ny in y.saturating_sub(1)..(y + 2).min(height) {
                for nx in x.saturating_sub(1)..(x + 2).min(width) {
                    let j = ny * width + nx;
                    if ink[j] && !seen[j] {
                        seen[j] = true;
                        stack.push(j);
                    }
                }
            }
        }
        if blob.count >= min_count {
            found.push(blob);
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_dark_line_on_paper_is_one_blob() {
        let mut px = vec![200u8; 20 * 20];
        for x in 2..18 {
            px[10 * 20 + x] = 20;
        }
        px[3 * 20 + 3] = 20;
        let img = Gray::new(20, 20, px).unwrap();
        let ink = adaptive(&img, 4, 0.88);
        let found = blobs(&ink, 20, 2);
        assert_eq!(found.len(), 1);
        assert_eq!(
            (found[0].x0, found[0].x1, found[0].y0, found[0].width()),
            (2, 17, 10, 16)
        );
    }
}
