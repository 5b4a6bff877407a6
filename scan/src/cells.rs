//! One cell: its pixels cut out along the mesh, whether it holds a digit, and the digit
//! scaled and centred the way the classifier was trained on.

use crate::gray::Gray;
use crate::ink::{self, Blob};
use crate::perspective::{Homography, ImagePoint};

/// A cell is cut out as a square of this many pixels.
const PATCH: usize = 48;
/// The classifier's input: a digit fitted into `FIT` pixels, centred in a `FEATURE` square.
pub const FEATURE: usize = 20;
const FIT: f32 = 16.0;
/// A cell holds ink when its darkest pixels are darker than its paper by this share of
/// the grid's contrast (paper against lines); ink is then what is darker than halfway.
const INK: f32 = 0.4;

/// A cell's pixels, `PATCH` square, sampled from the photo through the mesh cell's corners
/// (top left, top right, bottom right, bottom left, in the straightened square).
pub fn patch(img: &Gray, to_photo: &Homography, q: [ImagePoint; 4]) -> Vec<f32> {
    let mut out = Vec::with_capacity(PATCH * PATCH);
    for j in 0..PATCH {
        let v = (j as f32 + 0.5) / PATCH as f32;
        for i in 0..PATCH {
            let u = (i as f32 + 0.5) / PATCH as f32;
            let top = lerp(q[0], q[1], u);
            let bottom = lerp(q[3], q[2], u);
            let (x, y) = to_photo.map(lerp(top, bottom, v));
            out.push(img.sample(x, y));
        }
    }
    out
}

fn lerp(a: ImagePoint, b: ImagePoint, t: f32) -> ImagePoint {
    (a.0 + (b.0 - a.0) * t, a.1 + (b.1 - a.1) * t)
}

/// The digit in a cell, as the classifier's input (`FEATURE²` values from 0 paper to 1
/// ink), or `None` for an empty cell. `contrast` is the grid's, paper against lines.
pub fn digit(patch: &[f32], contrast: f32) -> Option<Vec<f32>> {
    // The cell's edges hold what is left of the grid's lines: no digit reaches them.
    let margin = PATCH / 12;
    let middle: Vec<f32> = (0..PATCH * PATCH)
        .filter(|i| {
            (margin..PATCH - margin).contains(&(i % PATCH))
                && (margin..PATCH - margin).contains(&(i / PATCH))
        })
        .map(|i| patch[i])
        .collect();
    let paper = percentile(&middle, 0.8);
    let dark = percentile(&middle, 0.01);
    if paper - dark < INK * contrast {
        return None;
    }
    // Halfway to the darkest, but never so close to the paper that speckles count.
    let cut = paper - ((paper - dark) * 0.5).max(0.15 * contrast);
    let ink: Vec<bool> = patch.iter().map(|&p| p < cut).collect();
    let inner: Vec<bool> = ink
        .iter()
        .enumerate()
        .map(|(i, &k)| {
            let (x, y) = (i % PATCH, i / PATCH);
            k && (margin..PATCH - margin).contains(&x) && (margin..PATCH - margin).contains(&y)
        })
        .collect();
    let edge = |b: &Blob| {
        b.x0 <= margin || b.y0 <= margin || b.x1 + margin + 1 >= PATCH || b.y1 + margin + 1 >= PATCH
    };
    let blobs = ink::blobs(&inner, PATCH, PATCH * PATCH / 200);
    // What is left of a grid line along the cell's edge, never a digit or its seed: it
    // touches the edge and is long, or lies (four fifths of it) within a few pixels of it.
    let hugging = |b: &Blob| {
        let near = |&&(x, y): &&(u32, u32)| {
            let (x, y) = (x as usize, y as usize);
            x.min(y).min(PATCH - 1 - x).min(PATCH - 1 - y) < margin + 5
        };
        b.pixels.iter().filter(near).count() * 5 >= b.count * 4
    };
    let line = |b: &Blob| {
        edge(b) && (b.width() * 5 >= PATCH * 4 || b.height() * 5 >= PATCH * 4 || hugging(b))
    };
    let centre = PATCH as f32 / 2.0;
    let Stroke { x0, y0, x1, y1, .. } = blobs
        .iter()
        .filter(|b| !line(b))
        .map(|seed| whole_digit(seed, &blobs, edge))
        .filter(|d| {
            let (cx, cy) = ((d.x0 + d.x1) as f32 / 2.0, (d.y0 + d.y1) as f32 / 2.0);
            (cx - centre).abs() < PATCH as f32 * 0.25 && (cy - centre).abs() < PATCH as f32 * 0.25
        })
        .max_by_key(|d| d.count)?;
    if (y1 - y0 + 1) * 4 < PATCH {
        return None;
    }
    let span = (paper - dark).max(1.0);
    let value = |x: f32, y: f32| -> f32 {
        if x < x0 as f32 - 0.5 || y < y0 as f32 - 0.5 || x > x1 as f32 + 0.5 || y > y1 as f32 + 0.5
        {
            return 0.0;
        }
        let (xi, yi) = (
            (x.max(0.0) as usize).min(PATCH - 1),
            (y.max(0.0) as usize).min(PATCH - 1),
        );
        ((paper - patch[yi * PATCH + xi]) / span).clamp(0.0, 1.0)
    };
    let (w, h) = ((x1 - x0 + 1) as f32, (y1 - y0 + 1) as f32);
    let scale = FIT / w.max(h);
    let (cx, cy) = ((x0 + x1 + 1) as f32 / 2.0, (y0 + y1 + 1) as f32 / 2.0);
    let half = FEATURE as f32 / 2.0;
    // Each feature pixel averages a 2x2 grid of samples, enough for a factor of 2 or 3.
    let mut feature = Vec::with_capacity(FEATURE * FEATURE);
    for j in 0..FEATURE {
        for i in 0..FEATURE {
            let mut sum = 0.0;
            for (di, dj) in [(0.25, 0.25), (0.75, 0.25), (0.25, 0.75), (0.75, 0.75)] {
                let x = cx + (i as f32 + di - half) / scale;
                let y = cy + (j as f32 + dj - half) / scale;
                sum += value(x, y);
            }
            feature.push(sum / 4.0);
        }
    }
    Some(feature)
}

/// A digit's bounding box and its ink.
struct Stroke {
    x0: usize,
    y0: usize,
    x1: usize,
    y1: usize,
    count: usize,
}

/// The digit `seed` is part of: a thin or faint stroke breaks into pieces at the
/// threshold, so every blob within its box (widened a little), or just above or below
/// it, joins it, and so on while the box grows.
fn whole_digit(seed: &Blob, blobs: &[Blob], edge: impl Fn(&Blob) -> bool) -> Stroke {
    let mut d = Stroke {
        x0: seed.x0,
        y0: seed.y0,
        x1: seed.x1,
        y1: seed.y1,
        count: 0,
    };
    let mut taken = vec![false; blobs.len()];
    loop {
        let before = d.count;
        for (b, taken) in blobs.iter().zip(&mut taken) {
            let within =
                b.x0 + 2 >= d.x0 && b.x1 <= d.x1 + 2 && b.y0 + 2 >= d.y0 && b.y1 <= d.y1 + 2;
            let stacked = b.x0 <= d.x1 && b.x1 >= d.x0 && b.y0 <= d.y1 + 5 && b.y1 + 5 >= d.y0;
            if !*taken && (within || (stacked && !edge(b))) {
                *taken = true;
                d = Stroke {
                    x0: d.x0.min(b.x0),
                    y0: d.y0.min(b.y0),
                    x1: d.x1.max(b.x1),
                    y1: d.y1.max(b.y1),
                    count: d.count + b.count,
                };
            }
        }
        if d.count == before {
            return d;
        }
    }
}

/// The `q` quantile of grey values (0 to 255), to the nearest level: counted, not sorted.
fn percentile(values: &[f32], q: f32) -> f32 {
    let mut counts = [0usize; 256];
    for &v in values {
        counts[v.clamp(0.0, 255.0) as usize] += 1;
    }
    let wanted = ((values.len().saturating_sub(1)) as f32 * q) as usize;
    let mut seen = 0;
    for (level, &count) in counts.iter().enumerate() {
        seen += count;
        if seen > wanted {
            return level as f32;
        }
    }
    255.0
}

/// The contrast of the straightened grid: its paper against its darkest lines.
pub fn contrast(straight: &Gray) -> f32 {
    let values: Vec<f32> = straight
        .pixels
        .iter()
        .step_by(7)
        .map(|&p| p as f32)
        .collect();
    percentile(&values, 0.7) - percentile(&values, 0.02)
}
