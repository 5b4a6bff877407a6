//! Marks read off the filling: Kropki dots, greater-than signs, odd and even cells.

use super::{DOTS_SPARSE, N, SIGNS, SIGNS_SPARSE, SYMMETRY};
use sudoku_model::grid::Grid;
use sudoku_model::rng::Rng;
use sudoku_model::rules::{Dot, GreaterThan, Parity, Relation, Rule};
use sudoku_model::shape::Shape;

/// The Kropki dots of the filling: white between consecutive digits, black where one is
/// double the other (1 and 2, both, take either at random). Every one, and between every
/// other pair of neighbours the rule that neither holds, as f-puzzles' `nonconsecutive`
/// with `negative: ["ratio"]` reads; or if `sparse`, [`DOTS_SPARSE`]% of them at random. The order is a reader's: white dots, black dots, then the
/// pairs with none, each in cell order.
#[inline]
pub(super) fn dots(solution: &Grid, sparse: bool, rng: &mut Rng) -> Vec<Rule> {
    let (mut white, mut black, mut neither) = (Vec::new(), Vec::new(), Vec::new());
    for (a, b) in neighbour_pairs() {
        if sparse && rng.below(100) >= DOTS_SPARSE {
            continue;
        }
        let (x, y) = (solution.get(a), solution.get(b));
        let consecutive = Relation::Difference(1).holds(x, y);
        let double = Relation::Ratio(2).holds(x, y);
        match (consecutive, double) {
            (true, true) if rng.below(2) == 0 => white.push((a, b, Relation::Difference(1))),
            (true, true) | (false, true) => black.push((a, b, Relation::Ratio(2))),
            (true, false) => white.push((a, b, Relation::Difference(1))),
            (false, false) if !sparse => neither.push((
                a,
                b,
                Relation::NoneOf(vec![Relation::Difference(1), Relation::Ratio(2)]),
            )),
            (false, false) => {}
        }
    }
    white
        .into_iter()
        .chain(black)
        .chain(neither)
        .map(|(a, b, relation)| Rule::Dot(Dot::new(a, b, relation, N)))
        .collect()
}

/// Each pair of cells sharing a side, the first before the second, in cell order.
#[inline]
fn neighbour_pairs() -> impl Iterator<Item = (usize, usize)> {
    (0..N * N).flat_map(|a| {
        [a + 1, a + N]
            .into_iter()
            .filter(move |&b| b < N * N && (b != a + 1 || b % N != 0))
            .map(move |b| (a, b))
    })
}

/// Greater-than signs between neighbours of the filling, each a rule of two cells, the
/// greater first (ISS's `GreaterThan`, as its reader and the setter's sign write it):
/// [`SIGNS`]% of the pairs at random, or if `sparse`, [`SIGNS_SPARSE`]%, in cell order.
#[inline]
pub(super) fn signs(solution: &Grid, sparse: bool, rng: &mut Rng) -> Vec<Rule> {
    let share = if sparse { SIGNS_SPARSE } else { SIGNS };
    neighbour_pairs()
        .filter(|_| rng.below(100) < share)
        .map(|(a, b)| match solution.get(a) > solution.get(b) {
            true => vec![a, b],
            false => vec![b, a],
        })
        .map(|cells| Rule::GreaterThan(GreaterThan::new(cells, N)))
        .collect()
}

/// Odd and even cells: about sixteen, in pairs about the centre, at most two in a box.
#[inline]
pub(super) fn parities(solution: &Grid, rng: &mut Rng) -> Vec<Rule> {
    let shape = Shape::NINE;
    let mut orbits = SYMMETRY.orbits(N);
    rng.shuffle(&mut orbits);
    let mut in_box = [0; N];
    let mut cells = Vec::new();
    for orbit in orbits {
        if cells.len() >= 16 {
            break;
        }
        if orbit.iter().all(|&c| in_box[shape.box_of(c)] < 2) {
            for &c in &orbit {
                in_box[shape.box_of(c)] += 1;
            }
            cells.extend(orbit);
        }
    }
    // Odd cells first, then even ones, each in cell order, as f-puzzles' lists read: the
    // cells sorted, then parted (a sort by a key of its own would be some 3 K of the page's
    // module, docs/budgets.md).
    cells.sort_unstable();
    let (odd, even): (Vec<usize>, Vec<usize>) =
        cells.into_iter().partition(|&c| solution.get(c) % 2 == 1);
    odd.into_iter()
        .chain(even)
        .map(|c| Rule::Parity(Parity::new(c, solution.get(c) % 2 == 1)))
        .collect()
}
