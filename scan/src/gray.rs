//! A grey image, as the recognizer sees every input: one byte per pixel, row by row.

/// A grey image: `width * height` bytes, 0 black and 255 white.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Gray {
    pub width: usize,
    pub height: usize,
    pub pixels: Vec<u8>,
}

impl Gray {
    pub fn new(width: usize, height: usize, pixels: Vec<u8>) -> Option<Gray> {
        (width > 0 && height > 0 && width.checked_mul(height) == Some(pixels.len())).then_some(
            Gray {
                width,
                height,
                pixels,
            },
        )
    }

    /// From RGBA bytes, as a canvas gives them (alpha over white, so a transparent
    /// screenshot reads as paper).
    pub fn from_rgba(width: usize, height: usize, rgba: &[u8]) -> Option<Gray> {
        if width.checked_mul(height)?.checked_mul(4)? != rgba.len() {
            return None;
        }
        let pixels = rgba
            .chunks_exact(4)
            .map(|p| {
                let luma = (299 * p[0] as u32 + 587 * p[1] as u32 + 114 * p[2] as u32) / 1000;
                let a = p[3] as u32;
                ((luma * a + 255 * (255 - a)) / 255) as u8
            })
            .collect();
        Gray::new(width, height, pixels)
    }

    pub fn at(&self, x: usize, y: usize) -> u8 {
        self.pixels[y * self.width + x]
    }

    /// Bilinear sample at a real position; outside the image reads as white paper, and
    /// so does no position at all (a point beyond a perspective's horizon maps to NaN).
    pub fn sample(&self, x: f32, y: f32) -> f32 {
        let inside = |v: f32, side: usize| v >= 0.0 && v < (side - 1) as f32;
        if !(inside(x, self.width) && inside(y, self.height)) {
            return 255.0;
        }
        let (x0, y0) = (x as usize, y as usize);
        let (fx, fy) = (x - x0 as f32, y - y0 as f32);
        let i = y0 * self.width + x0;
        let p = |k: usize| self.pixels[k] as f32;
        let top = p(i) + (p(i + 1) - p(i)) * fx;
        let bottom = p(i + self.width) + (p(i + self.width + 1) - p(i + self.width)) * fx;
        top + (bottom - top) * fy
    }

    /// Each pixel the mean of the `2 * radius + 1` along a column (`vertical`) or a row
    /// around it: a faint line, broken in places, stays dark while specks fade.
    pub fn smeared(&self, vertical: bool, radius: usize) -> Gray {
        let (w, h) = (self.width, self.height);
        let (len, step, lines, across) = if vertical { (h, w, w, 1) } else { (w, 1, h, w) };
        let mut pixels = self.pixels.clone();
        for line in 0..lines {
            let at = |k: usize| self.pixels[line * across + k * step] as u32;
            let mut sum: u32 = (0..=radius.min(len - 1)).map(at).sum();
            for k in 0..len {
                let (lo, hi) = (k.saturating_sub(radius), (k + radius).min(len - 1));
                pixels[line * across + k * step] = (sum / (hi - lo + 1) as u32) as u8;
                if k + radius + 1 < len {
                    sum += at(k + radius + 1);
                }
                if k >= radius {
                    sum -= at(k - radius);
                }
            }
        }
        Gray {
            width: w,
            height: h,
            pixels,
        }
    }

    /// Shrunk by a whole factor, each pixel the mean of its block, so that the longer side
    /// is at most `max_side`: a 12-megapixel photo is read at about a megapixel.
    pub fn shrink_to(&self, max_side: usize) -> Gray {
        let factor = self.width.max(self.height).div_ceil(max_side).max(1);
        if factor == 1 {
            return self.clone();
        }
        let (w, h) = (self.width / factor, self.height / factor);
        let mut sums = vec![0u32; w * h];
        for y in 0..h * factor {
            let row = &self.pixels[y * self.width..y * self.width + w * factor];
            let out = &mut sums[(y / factor) * w..(y / factor + 1) * w];
            for (x, &p) in row.iter().enumerate() {
                out[x / factor] += p as u32;
            }
        }
        let area = (factor * factor) as u32;
        Gray {
            width: w,
            height: h,
            pixels: sums.into_iter().map(|s| (s / area) as u8).collect(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rgba_over_white() {
        let g = Gray::from_rgba(2, 1, &[0, 0, 0, 255, 0, 0, 0, 0]).unwrap();
        assert_eq!(g.pixels, vec![0, 255]);
        assert!(Gray::from_rgba(2, 2, &[0; 12]).is_none());
    }

    #[test]
    fn samples_outside_or_at_no_place_are_paper() {
        let g = Gray::new(3, 3, vec![0; 9]).unwrap();
        assert_eq!(g.sample(1.5, 0.5), 0.0);
        for (x, y) in [
            (2.0, 0.0),
            (-0.1, 1.0),
            (f32::INFINITY, 1.0),
            (1.0, f32::NAN),
            (1e30, 1e30),
        ] {
            assert_eq!(g.sample(x, y), 255.0, "({x}, {y})");
        }
    }

    #[test]
    fn smearing_averages_along_columns_or_rows() {
        let g = Gray::new(3, 3, vec![0, 90, 0, 30, 0, 0, 60, 0, 0]).unwrap();
        assert_eq!(
            g.smeared(true, 1).pixels,
            vec![15, 45, 0, 30, 30, 0, 45, 0, 0]
        );
        assert_eq!(
            g.smeared(false, 1).pixels,
            vec![45, 30, 45, 15, 10, 0, 30, 20, 0]
        );
        assert_eq!(g.smeared(true, 0), g);
    }

    #[test]
    fn shrinking_averages_blocks() {
        let g = Gray::new(4, 2, vec![0, 100, 200, 200, 100, 200, 200, 200]).unwrap();
        let s = g.shrink_to(2);
        assert_eq!((s.width, s.height), (2, 1));
        assert_eq!(s.pixels, vec![100, 200]);
    }
}
