//! Reading a Sudoku from a photo or a screenshot. Pure Rust with no web dependency: the
//! CLI decodes files with `image`, the page's worker gets pixels from the browser.
//!
//! 1. `locate`: ink is what is darker than its neighbourhood (so shadows and uneven light
//!    do not matter); the grid is the largest blob of ink shaped like a lattice, and its
//!    outer corners map it onto a square (`perspective`). When its lines fit no size, or one
//!    under 9, the grid is also found from its cells: blobs of paper about square and of
//!    one size, numbered row and column from neighbour to neighbour, four of them giving the
//!    perspective. The larger size wins: a crossword, a second grid or a shadow touching the
//!    lines can make them pass for a smaller size, never a larger one. If both fail, cells
//!    that ran together where thin lines are broken are parted by smearing the ink along
//!    rows and columns.
//! 2. `mesh`: the grid straightened into a square with a margin around it, its size is the
//!    largest of 25, 16, 12, 9, 6 and 4 whose every inner line is there, stretch by
//!    stretch, in ink smeared along the line so that a faint, broken line counts. Each line
//!    is followed cell by cell, the outer ones into the margin, so a curved page splits
//!    into its real cells. Where the thin lines are printed in a grey a photo all but
//!    loses, and no size fits, one whose box lines are all there and whose thin lines show
//!    in a quarter of their stretches is taken, the thin ones placed evenly between the box
//!    lines.
//! 3. `cells`: each cell is cut out of the photo along that mesh. It holds a digit if its
//!    darkest pixels are 40% of the grid's contrast darker than its paper and ink sits near
//!    its middle: the pieces a faint stroke broke into are joined, and what hugs the cell's
//!    edge is a line. The digit is scaled into 20x20 for `model`, a network with one hidden
//!    layer of 96 (40 KB of int8 weights, `scan/digits.bin`, trained by
//!    `scan/train/reproduce`; scan/train/README.md). Inference is written by hand: no
//!    inference crate would fit the page's budget, and it is 60 lines.
//!
//! In the browser, `createImageBitmap` decodes and scales the image to at most 1100 pixels,
//! and its pixels go to the worker; `image` (jpeg and png only) decodes files for the CLI
//! and the tests. Everything else is written here, for the page's size budget.

mod cells;
mod gray;
mod ink;
mod locate;
mod mesh;
mod model;
mod perspective;

pub use cells::FEATURE;
pub use gray::Gray;
pub use model::{Guess, Network};

use perspective::Homography;
use std::fmt;

/// The classifier's weights as trained by `train/train.py` (see `train/README.md`). The
/// CLI and tests build them in; the page fetches the same file on first use.
pub const WEIGHTS: &[u8] = include_bytes!("../digits.bin");

/// Photos are read at about this many pixels on their longer side.
const WORKING_SIDE: usize = 1100;

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ScanError {
    /// The image is smaller than any readable grid.
    TooSmall { width: usize, height: usize },
    /// Nothing in the image looks like a grid of lines.
    NoGrid,
    /// Something like a grid, but its lines make no Sudoku size.
    NoSize,
}

impl fmt::Display for ScanError {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        match self {
            ScanError::TooSmall { width, height } => write!(
                f,
                "The image is {width}x{height} pixels: too small to hold a readable puzzle"
            ),
            ScanError::NoGrid => write!(f, "No Sudoku grid was found in the image"),
            ScanError::NoSize => write!(
                f,
                "A grid was found, but its lines do not make a 4x4, 6x6, 9x9, 12x12, 16x16 or 25x25 Sudoku"
            ),
        }
    }
}

/// A grid cut into its cells.
pub struct Cells {
    pub size: usize,
    /// Row by row: each cell's digit as the classifier's input, `None` where empty.
    pub digits: Vec<Option<Vec<f32>>>,
    /// The grid straightened into a square, for the person to compare with.
    pub straightened: Gray,
}

/// Finds the grid and cuts it into cells.
pub fn cells(photo: &Gray) -> Result<Cells, ScanError> {
    let img = photo.shrink_to(WORKING_SIDE);
    // Checked once shrunk too: a long thin strip shrinks to nothing across.
    if photo.width.min(photo.height).min(img.width).min(img.height) < 64 {
        return Err(ScanError::TooSmall {
            width: photo.width,
            height: photo.height,
        });
    }
    let ink = locate::ink(&img);
    let corners = locate::grid_corners(&img, &ink).ok_or(ScanError::NoGrid)?;
    let straighten = |corners| {
        let to_photo = Homography::square_to(mesh::SIDE as f32, corners)?;
        let straight = mesh::Straight::new(&img, &to_photo);
        let size = straight.size()?;
        Some((to_photo, straight, size))
    };
    // The lines' blob may hold more than the grid (a crossword, a shadow); its cells then
    // say where it is. Lines cut wrongly can pass for a smaller size, never a larger one,
    // and the fewer lines a size has, the likelier a wrong cut fits it by chance.
    let by_lines = straighten(corners);
    let by_cells = match &by_lines {
        Some((_, _, size)) if size.n >= 9 => None,
        _ => locate::corners_from_cells(&img, &ink).and_then(straighten),
    };
    let (to_photo, straight, size) = match (by_lines, by_cells) {
        (Some(lines), Some(cells)) if cells.2.n > lines.2.n => cells,
        (Some(found), _) | (None, Some(found)) => found,
        // Only then, as it costs several passes over the image.
        (None, None) => locate::corners_from_parted_cells(&img)
            .and_then(straighten)
            .ok_or(ScanError::NoSize)?,
    };
    let mesh = straight.mesh(size);
    let size = size.n;
    let at = |r: usize, c: usize| mesh[r * (size + 1) + c];
    let contrast = cells::contrast(&straight.image);
    let digits = (0..size * size)
        .map(|i| {
            let (r, c) = (i / size, i % size);
            let quad = [at(r, c), at(r, c + 1), at(r + 1, c + 1), at(r + 1, c)];
            cells::digit(&cells::patch(&img, &to_photo, quad), contrast)
        })
        .collect();
    Ok(Cells {
        size,
        digits,
        straightened: straight.image,
    })
}

/// One cell as read: its digit (0 if empty), how sure the reader is, and the digit it
/// would read next (0 if none).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Read {
    pub value: u8,
    pub confidence: f32,
    pub second: u8,
}

/// A puzzle as read.
pub struct Reading {
    pub size: usize,
    pub cells: Vec<Read>,
    pub straightened: Gray,
}

impl Reading {
    /// The lowest confidence of any cell.
    pub fn lowest_confidence(&self) -> f32 {
        self.cells.iter().map(|c| c.confidence).fold(1.0, f32::min)
    }
}

/// Reads the puzzle in a photo or screenshot.
pub fn read(photo: &Gray, model: &Network) -> Result<Reading, ScanError> {
    let found = cells(photo)?;
    let cells = found
        .digits
        .iter()
        .map(|d| match d {
            None => Read {
                value: 0,
                confidence: 1.0,
                second: 0,
            },
            Some(feature) => {
                let g = model.classify(feature, found.size);
                Read {
                    value: g.value,
                    confidence: g.confidence,
                    second: g.second,
                }
            }
        })
        .collect();
    Ok(Reading {
        size: found.size,
        cells,
        straightened: found.straightened,
    })
}
