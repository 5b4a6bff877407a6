//! The straightened grid: its size, found from where its lines are, and the lines
//! themselves followed across the page, so that a curved or folded page still splits
//! into the right cells.

use crate::gray::Gray;
use crate::ink;
use crate::perspective::{Homography, Point};

/// The side of the straightened square, in pixels.
pub const SIDE: usize = 720;

/// Sizes of grid the reader knows, largest first: a 16x16 grid has the lines of a 4x4 too.
const SIZES: [usize; 6] = [25, 16, 12, 9, 6, 4];

/// The grid straightened into a `SIDE` square, with its ink.
pub struct Straight {
    pub image: Gray,
    ink: Vec<bool>,
}

impl Straight {
    pub fn new(img: &Gray, to_photo: &Homography) -> Straight {
        let pixels = (0..SIDE * SIDE)
            .map(|i| {
                let (x, y) = to_photo.map(((i % SIDE) as f32 + 0.5, (i / SIDE) as f32 + 0.5));
                img.sample(x, y) as u8
            })
            .collect();
        let image = Gray::new(SIDE, SIDE, pixels).expect("a square of SIDE² pixels");
        // Thin lines in a blurred photo are faint: a slight darkening is enough here.
        let ink = ink::adaptive(&image, SIDE / 40, 0.95);
        Straight { image, ink }
    }

    fn ink(&self, x: usize, y: usize) -> bool {
        self.ink[y * SIDE + x]
    }

    /// How many pixels are ink on the line at `position` (a column if `vertical`, else a
    /// row), over `along`.
    fn inked(&self, position: usize, along: std::ops::Range<usize>, vertical: bool) -> usize {
        along
            .filter(|&q| {
                if vertical {
                    self.ink(position, q)
                } else {
                    self.ink(q, position)
                }
            })
            .count()
    }

    /// How much of the line (vertical or horizontal) at `position` is there: the share of
    /// its 12 stretches that are mostly ink at their best place near `position`.
    fn line_score(&self, position: f32, reach: f32, vertical: bool) -> f32 {
        const STRETCHES: usize = 12;
        let span = SIDE / STRETCHES;
        let lo = (position - reach).max(0.0) as usize;
        let hi = ((position + reach) as usize).min(SIDE - 1);
        let mut total = 0.0;
        for s in 0..STRETCHES {
            let best = (lo..=hi)
                .map(|p| self.inked(p, s * span..(s + 1) * span, vertical))
                .max()
                .unwrap_or(0);
            // A stretch counts when it is mostly ink: a line is, a column through words
            // is not, however many rows of them it crosses.
            if best * 5 >= span * 3 {
                total += 1.0;
            }
        }
        total / STRETCHES as f32
    }

    /// The grid's size: the largest whose every inner line is there. `None` if no size
    /// fits, which is what a photo without a Sudoku gives.
    pub fn size(&self) -> Option<usize> {
        SIZES.into_iter().find(|&n| {
            let cell = SIDE as f32 / n as f32;
            // A skewed line is looked for a fifth of a cell away, but never so far that
            // a small size finds the lines of a larger one.
            let reach = 0.2 * cell.min(SIDE as f32 / 12.0);
            (1..n).all(|i| {
                let p = i as f32 * cell;
                self.line_score(p, reach, true) >= 0.4 && self.line_score(p, reach, false) >= 0.4
            })
        })
    }

    /// Where each line crosses each other one, in the straightened square, found by
    /// following every line cell by cell: `(n + 1)²` points, row by row.
    pub fn mesh(&self, n: usize) -> Vec<Point> {
        let cell = SIDE as f32 / n as f32;
        // offsets[line][segment]: where line `line` runs between crossings `segment` and
        // `segment + 1`, across the line.
        let follow = |vertical: bool| -> Vec<Vec<f32>> {
            (0..=n)
                .map(|line| {
                    let expected = line as f32 * cell;
                    let found: Vec<Option<f32>> = (0..n)
                        .map(|seg| self.segment(expected, 0.3 * cell, seg, cell, vertical))
                        .collect();
                    fill_gaps(&found, expected)
                })
                .collect()
        };
        let rows = follow(false);
        let cols = follow(true);
        let at = |line: &[f32], k: usize| {
            // Where a line is at crossing k: between the segments on either side of it.
            match k {
                0 => line[0],
                k if k == n => line[n - 1],
                k => (line[k - 1] + line[k]) / 2.0,
            }
        };
        (0..=n)
            .flat_map(|r| (0..=n).map(move |c| (r, c)))
            .map(|(r, c)| (at(&cols[c], r), at(&rows[r], c)))
            .collect()
    }

    /// The best place for one segment of a line near `expected`, or `None` if no place
    /// there is mostly ink.
    fn segment(
        &self,
        expected: f32,
        reach: f32,
        seg: usize,
        cell: f32,
        vertical: bool,
    ) -> Option<f32> {
        let from = (seg as f32 + 0.2) * cell;
        let to = (seg as f32 + 0.8) * cell;
        let (from, to) = (from as usize, (to as usize).min(SIDE));
        let lo = (expected - reach).max(0.0) as usize;
        let hi = ((expected + reach) as usize).min(SIDE - 1);
        let (best, count) = (lo..=hi)
            .map(|p| (p, self.inked(p, from..to, vertical)))
            // The middle of a thick line: ties go to the later place, so halve the run.
            .fold(
                (0, 0),
                |(bp, bc), (p, c)| if c > bc { (p, c) } else { (bp, bc) },
            );
        let run = (best..=hi)
            .take_while(|&p| self.inked(p, from..to, vertical) * 10 >= count * 8)
            .count();
        (count * 2 >= to - from).then_some(best as f32 + run as f32 / 2.0)
    }
}

/// Missing segments take their neighbours' places (or the expected one if none was found).
fn fill_gaps(found: &[Option<f32>], expected: f32) -> Vec<f32> {
    let known: Vec<(usize, f32)> = found
        .iter()
        .enumerate()
        .filter_map(|(i, f)| f.map(|v| (i, v)))
        .collect();
    if known.is_empty() {
        return vec![expected; found.len()];
    }
    (0..found.len())
        .map(|i| {
            found[i].unwrap_or_else(|| {
                let before = known.iter().rev().find(|&&(k, _)| k < i);
                let after = known.iter().find(|&&(k, _)| k > i);
                match (before, after) {
                    (Some(&(a, va)), Some(&(b, vb))) => {
                        va + (vb - va) * (i - a) as f32 / (b - a) as f32
                    }
                    (Some(&(_, v)), None) | (None, Some(&(_, v))) => v,
                    (None, None) => expected,
                }
            })
        })
        .collect()
}
