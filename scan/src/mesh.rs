//! The straightened grid: its size, found from where its lines are, and the lines
//! themselves followed across the page, so that a curved or folded page still splits
//! into the right cells.

use crate::gray::Gray;
use crate::ink;
use crate::perspective::{Homography, ImagePoint};

/// The side of the straightened square, in pixels.
pub const SIDE: usize = 720;

/// Sizes of grid the reader knows, largest first: a 16x16 grid has the lines of a 4x4 too.
const SIZES: [usize; 6] = [25, 16, 12, 9, 6, 4];

/// The straightened square's margin: a curved page bows its outer lines out of the
/// square its corners span, and they must still be there to follow.
const MARGIN: usize = SIDE / 16;
/// How far each way a pixel is averaged along a line before the ink is found.
const SMEAR: usize = SIDE / 90;
/// The side of the square the ink is found in, margin included.
const WIDE: usize = SIDE + 2 * MARGIN;

/// The grid straightened into a `SIDE` square, with its ink (in a margin around it too).
pub struct Straight {
    pub image: Gray,
    /// The square with its margin.
    wide: Gray,
    /// Its ink.
    ink: Vec<bool>,
}

impl Straight {
    pub fn new(img: &Gray, to_photo: &Homography) -> Straight {
        let wide = Gray::new(
            WIDE,
            WIDE,
            (0..WIDE * WIDE)
                .map(|i| {
                    let (x, y) = ((i % WIDE) as f32, (i / WIDE) as f32);
                    let m = MARGIN as f32;
                    let (px, py) = to_photo.map((x - m + 0.5, y - m + 0.5));
                    img.sample(px, py) as u8
                })
                .collect(),
        )
        .expect("a square of WIDE² pixels");
        let ink = lines_ink(&wide);
        let image = Gray::new(
            SIDE,
            SIDE,
            wide.pixels
                .chunks_exact(WIDE)
                .skip(MARGIN)
                .take(SIDE)
                .flat_map(|row| &row[MARGIN..MARGIN + SIDE])
                .copied()
                .collect(),
        )
        .expect("a square of SIDE² pixels");
        Straight { image, wide, ink }
    }

    /// How many pixels of `ink` (the plain or a smeared one) are ink on the line at
    /// `position` (a column if `vertical`, else a row), over `along`. The position may
    /// reach into the margin, from `-MARGIN`.
    fn inked(
        ink: &[bool],
        position: isize,
        along: std::ops::Range<usize>,
        vertical: bool,
    ) -> usize {
        // In the wide square, where the margin is.
        let p = (position + MARGIN as isize) as usize;
        let at = |x: usize, y: usize| ink[y * WIDE + x];
        along
            .map(|q| q + MARGIN)
            .filter(|&q| if vertical { at(p, q) } else { at(q, p) })
            .count()
    }

    /// How much of the line (vertical or horizontal) at `position` is there: the share of
    /// its 12 stretches that are mostly ink at their best place near `position`.
    fn line_score(ink: &[bool], position: f32, reach: f32, vertical: bool) -> f32 {
        const STRETCHES: usize = 12;
        let span = SIDE / STRETCHES;
        let lo = (position - reach).max(0.0) as usize;
        let hi = ((position + reach) as usize).min(SIDE - 1);
        let mut total = 0.0;
        for s in 0..STRETCHES {
            let best = (lo..=hi)
                .map(|p| Self::inked(ink, p as isize, s * span..(s + 1) * span, vertical))
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
    pub fn size(&self) -> Option<Size> {
        let plain = |n| Size { n, faint: false };
        if let Some(n) = Self::size_in([&self.ink, &self.ink], 0.4, 0.4) {
            return Some(plain(n));
        }
        // Where thin lines are faint and broken, ink smeared along them keeps them whole.
        // A letter's stem smeared may pass for a line, so the mesh never looks there, and
        // the size only when the plain ink fits none (it costs two more passes).
        let [down, across] =
            [true, false].map(|vertical| lines_ink(&self.wide.smeared(vertical, SMEAR)));
        if let Some(n) = Self::size_in([&down, &across], 0.4, 0.4) {
            return Some(plain(n));
        }
        // Some papers print the thin lines in a grey that a photo all but loses. The box
        // lines must then be all there, and the thin ones at least in places.
        Self::size_in([&down, &across], 0.8, 0.25).map(|n| Size { n, faint: true })
    }

    /// `size` in the ink that vertical lines, and horizontal ones, are looked for in: the
    /// largest whose box lines score at least `boxes`, and its other lines `thin`.
    fn size_in([down, across]: [&[bool]; 2], boxes: f32, thin: f32) -> Option<usize> {
        SIZES.into_iter().find(|&n| {
            let cell = SIDE as f32 / n as f32;
            // A skewed line is looked for a fifth of a cell away, but never so far that
            // a small size finds the lines of a larger one.
            let reach = 0.2 * cell.min(SIDE as f32 / 12.0);
            let [box_rows, box_cols] = box_shape(n);
            (1..n).all(|i| {
                let p = i as f32 * cell;
                let least = |box_side| {
                    if i.is_multiple_of(box_side) {
                        boxes
                    } else {
                        thin
                    }
                };
                Self::line_score(down, p, reach, true) >= least(box_cols)
                    && Self::line_score(across, p, reach, false) >= least(box_rows)
            })
        })
    }

    /// Where each line crosses each other one, in the straightened square, found by
    /// following every line cell by cell: `(n + 1)²` points, row by row.
    pub fn mesh(&self, size: Size) -> Vec<ImagePoint> {
        let n = size.n;
        let cell = SIDE as f32 / n as f32;
        // offsets[line][segment]: where line `line` runs between crossings `segment` and
        // `segment + 1`, across the line.
        let follow = |vertical: bool, box_side: usize| -> Vec<Vec<f32>> {
            let followed = |line: usize| !size.faint || line.is_multiple_of(box_side);
            let mut offsets: Vec<Vec<f32>> = (0..=n)
                .map(|line| {
                    let expected = line as f32 * cell;
                    let found: Vec<Option<f32>> = (0..n)
                        .map(|seg| {
                            followed(line)
                                .then(|| self.segment(expected, 0.3 * cell, seg, cell, vertical))
                                .flatten()
                        })
                        .collect();
                    fill_gaps(&found, expected)
                })
                .collect();
            // Thin lines too faint to follow lie evenly between the box lines either side.
            for line in (0..=n).filter(|&line| !followed(line)) {
                let before = line - line % box_side;
                let share = (line - before) as f32 / box_side as f32;
                offsets[line] = (0..n)
                    .map(|seg| {
                        let (a, b) = (offsets[before][seg], offsets[before + box_side][seg]);
                        a + (b - a) * share
                    })
                    .collect();
            }
            offsets
        };
        let [box_rows, box_cols] = box_shape(n);
        let rows = follow(false, box_rows);
        let cols = follow(true, box_cols);
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
        let lo = (expected - reach).max(-(MARGIN as f32)) as isize;
        let hi = ((expected + reach) as isize).min((SIDE + MARGIN - 1) as isize);
        let counts: Vec<usize> = (lo..=hi)
            .map(|p| Self::inked(&self.ink, p, from..to, vertical))
            .collect();
        let most = counts.iter().copied().max().unwrap_or(0);
        if most * 2 < to - from {
            return None;
        }
        let strong = |&count: &usize| count * 10 >= most * 8;
        let at = |i: usize| lo as f32 + i as f32;
        if expected >= 1.0 && expected <= SIDE as f32 - 1.0 {
            // An inner line (the outer ones are expected at 0 and SIDE). The middle of a
            // thick line: from the first best place, halve the run.
            let best = counts.iter().position(|&c| c == most)?;
            let run = counts[best..].iter().take_while(|c| strong(c)).count();
            return Some(at(best) + run as f32 / 2.0);
        }
        // An outer line: past the grid's edge, a dark table or the photo's border may be
        // as inked as the line, so of the runs nearly as inked as the best, the nearest.
        let mut nearest: Option<f32> = None;
        let mut start = None;
        for (i, count) in counts.iter().chain([&0]).enumerate() {
            match (strong(count), start) {
                (true, None) => start = Some(i),
                (false, Some(s)) => {
                    let middle = (at(s) + at(i)) / 2.0;
                    if nearest.is_none_or(|n| (middle - expected).abs() < (n - expected).abs()) {
                        nearest = Some(middle);
                    }
                    start = None;
                }
                _ => {}
            }
        }
        nearest
    }
}

/// A grid's size, as its lines show it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Size {
    /// Cells along a side.
    pub n: usize,
    /// Whether its thin lines are too faint to follow: only its box lines are followed.
    pub faint: bool,
}

/// A box's rows and columns in a grid of side `n`, as the engine cuts it (the engine's
/// command line reads photos with this crate, so this crate cannot ask the engine).
fn box_shape(n: usize) -> [usize; 2] {
    match n {
        6 => [2, 3],
        12 => [3, 4],
        n => [n.isqrt(); 2],
    }
}

/// The ink of the straightened square, plain or smeared. Thin lines in a blurred photo
/// are faint: a slight darkening is enough here.
fn lines_ink(wide: &Gray) -> Vec<bool> {
    ink::adaptive(wide, SIDE / 40, 0.95)
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
