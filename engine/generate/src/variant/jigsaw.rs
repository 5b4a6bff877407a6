//! A jigsaw's irregular regions.

use super::{connected, neighbours, N};
use sudoku_model::rng::Rng;
use sudoku_model::shape::Shape;

/// Irregular regions, the same under a half turn, each connected and none of them a box:
/// the boxes, with pairs of cells on their borders swapped between neighbouring regions
/// (and their images under the half turn likewise) wherever both stay connected.
/// In index order, each region's cells in cell order, as f-puzzles' regions read.
#[inline]
pub(super) fn jigsaw(rng: &mut Rng) -> Option<Vec<Vec<usize>>> {
    let shape = Shape::NINE;
    let mut region: Vec<usize> = (0..N * N).map(|c| shape.box_of(c)).collect();
    let turn = |c: usize| N * N - 1 - c;
    let whole = |region: &[usize], r: usize| {
        let cells: Vec<usize> = (0..N * N).filter(|&c| region[c] == r).collect();
        connected(&cells)
    };
    let mut swaps = 0;
    for _ in 0..4000 {
        if swaps >= 40 && (0..N).all(|r| (0..N * N).any(|c| region[c] == r && shape.box_of(c) != r))
        {
            break;
        }
        // A cell of region a beside region b, and a cell of b beside a.
        let c = rng.below(N * N);
        let a = region[c];
        let others: Vec<usize> = neighbours(c, false).filter(|&x| region[x] != a).collect();
        if others.is_empty() {
            continue;
        }
        let b = region[others[rng.below(others.len())]];
        let back: Vec<usize> = (0..N * N)
            .filter(|&d| region[d] == b && neighbours(d, false).any(|x| region[x] == a))
            .collect();
        let d = back[rng.below(back.len())];
        let moved = [c, d, turn(c), turn(d)];
        if (0..4).any(|i| (i + 1..4).any(|j| moved[i] == moved[j])) {
            continue;
        }
        let before = region.clone();
        region[c] = b;
        region[d] = a;
        // The half turn maps region r to region 8 - r.
        region[turn(c)] = N - 1 - b;
        region[turn(d)] = N - 1 - a;
        let touched = [a, b, N - 1 - a, N - 1 - b];
        if touched.iter().all(|&r| whole(&region, r)) {
            swaps += 1;
        } else {
            region = before;
        }
    }
    let regions: Vec<Vec<usize>> = (0..N)
        .map(|r| (0..N * N).filter(|&c| region[c] == r).collect())
        .collect();
    let no_box = regions.iter().all(|cells| {
        cells
            .iter()
            .any(|&c| shape.box_of(c) != shape.box_of(cells[0]))
    });
    (no_box && regions.iter().all(|r| r.len() == N)).then_some(regions)
}
