//! Properties over random puzzles of every size, made by blanking cells of random solved
//! grids, checked against a deliberately simple reference solver kept here.

use proptest::prelude::*;
use sudoku_engine::{count, search, solve, Budget, Grid, Houses, Puzzle, Shape, Verdict};

/// A random solved grid: the classic pattern, then digits, rows within bands, bands,
/// columns within stacks and stacks shuffled.
fn solved_grid(shape: Shape, seed: u64) -> Grid {
    let (n, br, bc) = (shape.n(), shape.box_rows(), shape.box_cols());
    let mut rng = seed | 1;
    let mut next = move |bound: usize| {
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        (rng % bound as u64) as usize
    };
    let mut shuffled = |len: usize| {
        let mut v: Vec<usize> = (0..len).collect();
        for i in (1..len).rev() {
            v.swap(i, next(i + 1));
        }
        v
    };
    let digits = shuffled(n);
    let bands = shuffled(n / br);
    let stacks = shuffled(n / bc);
    let rows: Vec<usize> = bands
        .iter()
        .flat_map(|&b| shuffled(br).into_iter().map(move |r| b * br + r))
        .collect();
    let cols: Vec<usize> = stacks
        .iter()
        .flat_map(|&s| shuffled(bc).into_iter().map(move |c| s * bc + c))
        .collect();
    let cells = (0..n * n)
        .map(|i| {
            let (r, c) = (rows[i / n], cols[i % n]);
            digits[(bc * (r % br) + r / br + c) % n] as u8 + 1
        })
        .collect();
    Grid::from_cells(shape, cells).expect("a grid")
}

/// Blanks `blanks` cells chosen by `seed`.
fn blanked(solution: &Grid, blanks: usize, seed: u64) -> Grid {
    let mut puzzle = solution.clone();
    let cells = puzzle.cells().len();
    let mut order: Vec<usize> = (0..cells).collect();
    let mut rng = seed | 1;
    for i in (1..cells).rev() {
        rng = rng
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        order.swap(i, (rng >> 33) as usize % (i + 1));
    }
    for &cell in &order[..blanks.min(cells)] {
        puzzle.set(cell, 0);
    }
    puzzle
}

/// Plain backtracking on the first empty cell with fewest legal digits, with rows, columns
/// and boxes worked out from coordinates: nothing shared with the engine's search.
fn reference_count(puzzle: &Grid, limit: u64) -> u64 {
    let shape = puzzle.shape();
    let (n, br, bc) = (shape.n(), shape.box_rows(), shape.box_cols());
    let mut cells = puzzle.cells().to_vec();
    fn legal(cells: &[u8], n: usize, br: usize, bc: usize, i: usize) -> Vec<u8> {
        let (r, c) = (i / n, i % n);
        let (r0, c0) = (r - r % br, c - c % bc);
        (1..=n as u8)
            .filter(|&v| {
                (0..n).all(|k| cells[r * n + k] != v && cells[k * n + c] != v)
                    && (0..br).all(|dr| (0..bc).all(|dc| cells[(r0 + dr) * n + c0 + dc] != v))
            })
            .collect()
    }
    fn go(cells: &mut Vec<u8>, n: usize, br: usize, bc: usize, limit: u64, found: &mut u64) {
        let mut best: Option<(usize, Vec<u8>)> = None;
        for i in (0..n * n).filter(|&i| cells[i] == 0) {
            let options = legal(cells, n, br, bc, i);
            if best.as_ref().is_none_or(|(_, b)| options.len() < b.len()) {
                let empty = options.is_empty();
                best = Some((i, options));
                if empty {
                    break;
                }
            }
        }
        let Some((i, options)) = best else {
            *found += 1;
            return;
        };
        for v in options {
            cells[i] = v;
            go(cells, n, br, bc, limit, found);
            cells[i] = 0;
            if *found >= limit {
                return;
            }
        }
    }
    let mut found = 0;
    go(&mut cells, n, br, bc, limit, &mut found);
    found
}

/// A size and a number of blanks that keeps the reference solver quick.
fn shape_and_blanks() -> impl Strategy<Value = (Shape, usize)> {
    (0..Shape::ALL.len()).prop_flat_map(|i| {
        let shape = Shape::ALL[i];
        let most = match shape.n() {
            4 | 6 => shape.cells(),
            9 => 64,
            12 => 80,
            16 => 100,
            _ => 140,
        };
        (Just(shape), 0..=most)
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    #[test]
    fn solutions_are_valid_and_keep_the_givens((shape, blanks) in shape_and_blanks(), seed: u64, holes: u64) {
        let puzzle = blanked(&solved_grid(shape, seed), blanks, holes);
        let houses = Houses::standard(shape);
        match solve(&Puzzle::classic(puzzle.clone()), &mut Budget::unlimited()).verdict {
            Verdict::Unique(s) => prop_assert!(s.solves(&puzzle, &houses)),
            Verdict::Multiple(a, b) => {
                prop_assert!(a != b);
                prop_assert!(a.solves(&puzzle, &houses) && b.solves(&puzzle, &houses));
            }
            other => prop_assert!(false, "{puzzle} has a solution, got {other:?}"),
        }
    }

    #[test]
    fn counts_agree_with_the_reference((shape, blanks) in shape_and_blanks(), seed: u64, holes: u64) {
        let puzzle = blanked(&solved_grid(shape, seed), blanks, holes);
        let expected = reference_count(&puzzle, 3);
        prop_assert_eq!(count(&Puzzle::classic(puzzle.clone()), 3, &mut Budget::unlimited()).count, expected);
        prop_assert_eq!(search::solutions(&Puzzle::classic(puzzle.clone())).take(3).count() as u64, expected);
    }

    #[test]
    fn one_more_blank_never_makes_a_unique_puzzle_unsolvable((shape, blanks) in shape_and_blanks(), seed: u64, holes: u64) {
        let solution = solved_grid(shape, seed);
        let puzzle = blanked(&solution, blanks, holes);
        let more = blanked(&solution, blanks + 1, holes);
        let before = solve(&Puzzle::classic(puzzle.clone()), &mut Budget::unlimited()).verdict;
        let after = solve(&Puzzle::classic(more.clone()), &mut Budget::unlimited()).verdict;
        if matches!(before, Verdict::Unique(_)) {
            prop_assert!(matches!(after, Verdict::Unique(_) | Verdict::Multiple(..)), "{more}: {after:?}");
        }
    }

    #[test]
    fn a_broken_given_is_never_solved(seed: u64, holes: u64, cell in 0usize..81) {
        // A given changed to a digit its row already holds can have no solution.
        let solution = solved_grid(Shape::NINE, seed);
        let mut puzzle = blanked(&solution, 40, holes);
        let row = cell / 9;
        let other = (row * 9..row * 9 + 9).find(|&c| c != cell).expect("a row has nine cells");
        puzzle.set(other, solution.get(other));
        puzzle.set(cell, solution.get(other));
        prop_assert!(matches!(solve(&Puzzle::classic(puzzle.clone()), &mut Budget::unlimited()).verdict, Verdict::Conflict(_)));
    }
}

#[test]
fn random_grids_are_valid() {
    for shape in Shape::ALL {
        for seed in 0..20 {
            let grid = solved_grid(shape, seed);
            assert!(
                grid.solves(&Grid::empty(shape), &Houses::standard(shape)),
                "{shape} seed {seed}"
            );
        }
    }
}

/// Large puzzles at the densities people meet: 16x16 with about 40% givens, 25x25 with
/// about 53%. Bounded by nodes, not time: speed belongs to the benchmarks.
#[test]
fn large_puzzles_solve_within_a_small_budget() {
    for (side, givens) in [(16, 0.40), (25, 0.53)] {
        let shape = Shape::for_side(side).unwrap();
        for seed in 1..=5 {
            let blanks = shape.cells() - (shape.cells() as f64 * givens) as usize;
            let puzzle = blanked(&solved_grid(shape, seed), blanks, seed * 31);
            let verdict = solve(
                &Puzzle::classic(puzzle.clone()),
                &mut Budget::nodes(100_000),
            )
            .verdict;
            assert!(
                matches!(verdict, Verdict::Unique(_) | Verdict::Multiple(..)),
                "{shape} seed {seed}: {verdict:?}"
            );
        }
    }
}
