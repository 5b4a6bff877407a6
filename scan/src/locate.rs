//! Finding the grid in a photo: the largest blob of ink that looks like a lattice of lines,
//! and its four outer corners.

use crate::gray::Gray;
use crate::ink;
use crate::perspective::{Homography, ImagePoint};

/// The image's ink, as both ways of finding the grid see it.
pub fn ink(img: &Gray) -> Vec<bool> {
    let side = img.width.max(img.height);
    ink::adaptive(img, (side / 40).max(4), 0.95)
}

/// The grid's outer corners in the image (with its `ink`): top left, top right, bottom
/// right, bottom left.
pub fn grid_corners(img: &Gray, ink: &[bool]) -> Option<[ImagePoint; 4]> {
    let shortest = img.width.min(img.height) as f32;
    let grid = ink::blobs(ink, img.width, 64)
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

/// The grid's outer corners found from its cells instead of its lines, for when the blob
/// of lines held more than the grid (a crossword, a shadow or a second grid touching it):
/// the blobs of paper that are about square and of the size covering the most paper,
/// numbered row and column from neighbour to neighbour. Four cells near the corners of
/// that numbering give the perspective, which places the grid's corners even where a
/// corner cell was not found. `None` unless the numbering spans a Sudoku size.
pub fn corners_from_cells(img: &Gray, ink: &[bool]) -> Option<[ImagePoint; 4]> {
    corners_from_paper(img, &ink.iter().map(|&inked| !inked).collect::<Vec<_>>())
}

/// `corners_from_cells` where the threshold broke thin lines and cells run together: the
/// ink smeared along rows and along columns closes the gaps, so wider smears are tried
/// in turn (0.4% to 1.3% of the image's side).
pub fn corners_from_parted_cells(img: &Gray) -> Option<[ImagePoint; 4]> {
    let side = img.width.max(img.height);
    [4, 6, 9, 13].into_iter().find_map(|per_mille| {
        let radius = side * per_mille / 1000;
        let [down, across] = [true, false].map(|vertical| ink(&img.smeared(vertical, radius)));
        let paper: Vec<bool> = down.iter().zip(&across).map(|(&d, &a)| !(d || a)).collect();
        corners_from_paper(img, &paper)
    })
}

/// `corners_from_cells` with the paper given.
fn corners_from_paper(img: &Gray, paper: &[bool]) -> Option<[ImagePoint; 4]> {
    let shortest = img.width.min(img.height);
    let square = |b: &ink::Blob| {
        let (w, h) = (b.width(), b.height());
        w * 40 >= shortest
            && w * 4 <= shortest
            && w * 5 >= h * 3
            && h * 5 >= w * 3
            && b.count * 2 >= w * h
    };
    let candidates: Vec<ink::Blob> = ink::blobs(paper, img.width, 16)
        .into_iter()
        .filter(square)
        .collect();
    let near = |b: &ink::Blob, w: usize| b.width() * 10 >= w * 7 && b.width() * 10 <= w * 13;
    let typical = candidates.iter().map(|b| b.width()).max_by_key(|&w| {
        candidates
            .iter()
            .filter(|b| near(b, w))
            .map(|b| b.count)
            .sum::<usize>()
    })?;
    let cells: Vec<ImagePoint> = candidates
        .iter()
        .filter(|b| near(b, typical))
        .map(|b| {
            (
                (b.x0 + b.x1 + 1) as f32 / 2.0,
                (b.y0 + b.y1 + 1) as f32 / 2.0,
            )
        })
        .collect();
    // Number the cells from neighbour to neighbour: a neighbour is about one cell's pitch
    // away across or down. The largest numbered cluster is the grid.
    let pitch = 1.15 * typical as f32;
    let mut index: Vec<Option<(i32, i32)>> = vec![None; cells.len()];
    let mut best: Vec<usize> = Vec::new();
    for start in 0..cells.len() {
        if index[start].is_some() {
            continue;
        }
        index[start] = Some((0, 0));
        let mut members = vec![start];
        let mut k = 0;
        while k < members.len() {
            let (x, y) = cells[members[k]];
            let (i, j) = index[members[k]].unwrap_or_default();
            for other in 0..cells.len() {
                let (dx, dy) = ((cells[other].0 - x) / pitch, (cells[other].1 - y) / pitch);
                let step = (dx.round(), dy.round());
                let close = (dx - step.0).abs() < 0.3 && (dy - step.1).abs() < 0.3;
                if index[other].is_none() && close && step.0.abs() + step.1.abs() == 1.0 {
                    index[other] = Some((i + step.0 as i32, j + step.1 as i32));
                    members.push(other);
                }
            }
            k += 1;
        }
        if members.len() > best.len() {
            best = members;
        }
    }
    let numbered: Vec<((i32, i32), ImagePoint)> = best
        .iter()
        .filter_map(|&c| Some((index[c]?, cells[c])))
        .collect();
    let (i0, j0) = numbered
        .iter()
        .fold((i32::MAX, i32::MAX), |(a, b), ((i, j), _)| {
            (a.min(*i), b.min(*j))
        });
    let (i1, j1) = numbered
        .iter()
        .fold((i32::MIN, i32::MIN), |(a, b), ((i, j), _)| {
            (a.max(*i), b.max(*j))
        });
    let n = (i1 - i0 + 1) as usize;
    if n != (j1 - j0 + 1) as usize
        || ![4, 6, 9, 12, 16, 25].contains(&n)
        || numbered.len() * 2 < n * n
    {
        return None;
    }
    let pick = |f: &dyn Fn(f32, f32) -> f32| {
        numbered
            .iter()
            .map(|&((i, j), p)| (((i - i0) as f32 + 0.5, (j - j0) as f32 + 0.5), p))
            .max_by(|a, b| f(a.0 .0, a.0 .1).total_cmp(&f(b.0 .0, b.0 .1)))
    };
    let four = [
        pick(&|i, j| -i - j)?,
        pick(&|i, j| i - j)?,
        pick(&|i, j| i + j)?,
        pick(&|i, j| j - i)?,
    ];
    let to_photo = Homography::between(four.map(|(at, _)| at), four.map(|(_, p)| p))?;
    let n = n as f32;
    let corners = [(0.0, 0.0), (n, 0.0), (n, n), (0.0, n)].map(|p| to_photo.map(p));
    convex(&corners).then_some(corners)
}

/// Whether the four corners, in order, turn the same way at each and enclose some area.
fn convex(q: &[ImagePoint; 4]) -> bool {
    let turns: Vec<f32> = (0..4)
        .map(|i| {
            let (a, b, c) = (q[i], q[(i + 1) % 4], q[(i + 2) % 4]);
            (b.0 - a.0) * (c.1 - b.1) - (b.1 - a.1) * (c.0 - b.0)
        })
        .collect();
    turns.iter().all(|&t| t > 0.0) || turns.iter().all(|&t| t < 0.0)
}
