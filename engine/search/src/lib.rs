//! Solving: the verdict on a puzzle (unique, several, none), counting, and every solution
//! lazily. Classic 9x9 puzzles take the band solver; everything else (other sizes,
//! irregular regions, extra houses, variant rules) the general depth-first one, and the
//! learning search where that does not settle soon. The lazy iterator is the learning
//! search. All are exact: a search only stops early on its budget.
//!
//! A depth-first search can stay for minutes under one early wrong choice with no solution
//! below it: the heavy tail that Gomes, Selman and Kautz measured on Latin squares. So
//! verdicts, counts up to 1,000 and the generator go through three stages:
//! 1. depth-first runs with restarts (`general.rs`): the same search in reshuffled orders,
//!    with node limits that grow by the Luby sequence from one branch per empty cell, each
//!    run from the givens propagated once;
//! 2. after 8 branches per empty cell in all, the learning search (`learning.rs`);
//! 3. the solutions the runs found are blocked by clauses before learning starts, and so is
//!    each one it finds, so a count is of distinct grids, and exact: the search ends when
//!    the clauses cannot be satisfied.
//!
//! Counts over 1,000 take one depth-first run to the end. Figures and what was tried:
//! docs/heavy-tail.md.

mod band9;
pub mod budget;
pub mod chaos;
mod general;
mod implied;
mod learning;
pub mod timing;

pub use budget::Budget;
pub use learning::Solutions;

use std::borrow::Cow;
use sudoku_model::digits::DigitSet;
use sudoku_model::grid::{Conflict, Grid};
use sudoku_model::houses::Houses;

use general::{Root, Search};
use learning::Learning;
use sudoku_model::puzzle::{Broken, Puzzle};
use sudoku_model::rules::Rule;

/// What a search needs of a puzzle beyond its givens: its houses, which of them hold
/// every digit, and its rules with, for each cell, the rules that read it.
pub(crate) struct Model<'p> {
    houses: &'p Houses,
    /// The puzzle's rules, then any the search adds because they follow from them
    /// ([`implied::sums`]).
    rules: Cow<'p, [Rule]>,
    rules_of: Vec<Vec<u32>>,
    /// The houses that hold every digit: only they give hidden singles.
    full: Vec<usize>,
    /// Locked candidates, ISS's house intersections: for two houses of `full` that share
    /// more than one cell, the cells of the one outside the other and the other's outside
    /// it (at most [`MAX_INTERSECTION`]). A digit that the first part cannot hold lies in
    /// the shared cells, so it leaves the second part.
    intersections: Vec<(Vec<usize>, Vec<usize>)>,
}

impl<'p> Model<'p> {
    pub(crate) fn new(houses: &'p Houses, rules: &'p [Rule]) -> Model<'p> {
        let full = full_houses(houses);
        // The puzzle's sums told which of their cells share a house (ISS's exclusion
        // groups), as the implied sums are where they are made.
        let implied = implied::sums(houses, &full, rules);
        let apart: Vec<Option<Rule>> = rules.iter().map(|r| r.apart_by(houses)).collect();
        let rules = if implied.is_empty() && apart.iter().all(Option::is_none) {
            Cow::Borrowed(rules)
        } else {
            let told = rules
                .iter()
                .zip(apart)
                .map(|(r, a)| a.unwrap_or_else(|| r.clone()));
            Cow::Owned(told.chain(implied).collect())
        };
        let mut rules_of = vec![Vec::new(); houses.shape().cells()];
        for (r, rule) in rules.iter().enumerate() {
            for &cell in rule.cells() {
                if !rules_of[cell].contains(&(r as u32)) {
                    rules_of[cell].push(r as u32);
                }
            }
        }
        let intersections = intersections(houses, &full);
        Model {
            houses,
            rules,
            rules_of,
            full,
            intersections,
        }
    }
}

/// The houses that hold every digit.
fn full_houses(houses: &Houses) -> Vec<usize> {
    (0..houses.len())
        .filter(|&h| houses.holds_every_digit(h))
        .collect()
}

/// The rules the search adds to a puzzle's own: the sums its killer cages imply
/// (`implied.rs`). Each holds in every solution, which tests check on puzzles whose
/// solution is known.
pub fn implied_rules(puzzle: &Puzzle) -> Vec<Rule> {
    let houses = puzzle.houses();
    implied::sums(houses, &full_houses(houses), puzzle.rules())
}

/// The most cells of its own a house may have beside another for their intersection to
/// count: more cost more work than they prune (ISS limits jigsaw overlaps alike). It
/// leaves out the boxes and lines of 16x16 and 25x25, and keeps every 9x9 pair that
/// shares three cells.
const MAX_INTERSECTION: usize = 6;

/// [`Model::intersections`]. Only the houses that share a cell with a house are compared
/// with it, so that a 25x25's 75 houses cost a pass over their cells, not 75 x 75 pairs.
fn intersections(houses: &Houses, full: &[usize]) -> Vec<(Vec<usize>, Vec<usize>)> {
    let outside = |h: usize, g: usize| -> Vec<usize> {
        let other = houses.cells(g);
        houses
            .cells(h)
            .iter()
            .copied()
            .filter(|c| !other.contains(c))
            .collect()
    };
    let mut found = Vec::new();
    let mut shared = vec![0; houses.len()];
    for &h in full {
        shared.fill(0);
        for &cell in houses.cells(h) {
            for &g in houses.houses_of(cell) {
                shared[g] += 1;
            }
        }
        for &g in full {
            if g != h && shared[g] >= 2 && houses.cells(g).len() - shared[g] <= MAX_INTERSECTION {
                found.push((outside(h, g), outside(g, h)));
            }
        }
    }
    found
}

/// What a puzzle is, as far as solving can tell.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    Unique(Grid),
    /// Two distinct solutions, proof that the puzzle has several.
    Multiple(Grid, Grid),
    /// No solution because two givens repeat a digit in a house.
    Conflict(Conflict),
    /// No solution because the givens break a rule: its index in the puzzle's rules, and
    /// what is wrong, as "killer cage r1c1-r1c3 (16) is broken".
    Broken {
        rule: usize,
        why: String,
    },
    /// No solution, found by search.
    NoSolution,
    /// The budget ran out first.
    GaveUp,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solved {
    pub verdict: Verdict,
    /// Branch nodes visited: the work the puzzle took beyond propagation.
    pub guesses: u64,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Counted {
    /// Solutions found, at most the limit.
    pub count: u64,
    /// False if the budget ran out before the count was settled.
    pub complete: bool,
    pub guesses: u64,
}

/// Solves a puzzle and proves uniqueness.
pub fn solve(puzzle: &Puzzle, budget: &mut Budget) -> Solved {
    let Some(found) = find(puzzle, 2, 2, budget) else {
        let verdict = match puzzle.broken(puzzle.givens()) {
            Some(Broken::Repeat(conflict)) => Verdict::Conflict(conflict),
            Some(Broken::Rule(rule, why)) => Verdict::Broken { rule, why },
            None => Verdict::NoSolution,
        };
        return Solved {
            verdict,
            guesses: 0,
        };
    };
    let mut solutions = found.solutions.into_iter();
    let verdict = match (solutions.next(), solutions.next()) {
        _ if found.gave_up => Verdict::GaveUp,
        (Some(a), Some(b)) => Verdict::Multiple(a, b),
        (Some(a), None) => Verdict::Unique(a),
        _ => Verdict::NoSolution,
    };
    Solved {
        verdict,
        guesses: found.guesses,
    }
}

/// Counts solutions up to `limit`.
pub fn count(puzzle: &Puzzle, limit: u64, budget: &mut Budget) -> Counted {
    let Some(found) = find(puzzle, limit, 0, budget) else {
        return Counted {
            count: 0,
            complete: true,
            guesses: 0,
        };
    };
    Counted {
        count: found.count,
        complete: !found.gave_up,
        guesses: found.guesses,
    }
}

/// Every solution, lazily, in the learning search's order (the same on every run).
pub fn solutions(puzzle: &Puzzle) -> Solutions {
    Solutions::new(puzzle)
}

/// The digits each cell holds in some solution: "true candidates".
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TrueCandidates {
    /// Per cell, in reading order.
    pub cells: Vec<DigitSet>,
    /// False if the budget or the limit on searches ran out first: then a digit shown may
    /// still have been ruled out by a search not made, but none shown is wrong.
    pub complete: bool,
}

/// A solution of `puzzle` from one run of the search in an order shuffled by `seed`, of at
/// most `nodes` branches: a random filling of its houses and rules, where the generator
/// starts from. `None` if the run ends first.
pub fn shuffled_solution(puzzle: &Puzzle, seed: u64, nodes: u64) -> Option<Grid> {
    let model = Model::new(puzzle.houses(), puzzle.rules());
    let root = Root::new(&model, puzzle.givens());
    let mut search = root.run(seed, nodes, Vec::new());
    match search.next_solution(&mut Budget::unlimited()) {
        Next::Found(grid) => Some(grid),
        _ => None,
    }
}

/// Every cell's true candidates: each digit that propagation leaves is either seen in a
/// solution found, or searched for with the digit given, which finds a solution (whose
/// digits all count) or proves there is none. At most `searches` searches are made.
pub fn true_candidates(puzzle: &Puzzle, searches: usize, budget: &mut Budget) -> TrueCandidates {
    let cells = puzzle.shape().cells();
    let mut seen = vec![0u32; cells];
    let none = TrueCandidates {
        cells: vec![DigitSet::EMPTY; cells],
        complete: true,
    };
    if puzzle.broken(puzzle.givens()).is_some() {
        return none;
    }
    let model = Model::new(puzzle.houses(), puzzle.rules());
    let root = Root::new(&model, puzzle.givens());
    let Some(left) = root.candidates().map(<[u32]>::to_vec) else {
        return none;
    };
    // Digits proved to be in no solution.
    let mut ruled_out = vec![0u32; cells];
    let mut made = 0;
    let mut complete = true;
    'cells: for cell in 0..cells {
        for d in sudoku_model::rules::digits(left[cell]) {
            let bit = 1 << (d - 1);
            if seen[cell] & bit != 0 {
                continue;
            }
            if made == searches {
                complete = false;
                break 'cells;
            }
            made += 1;
            let mut givens = puzzle.givens().clone();
            givens.set(cell, d);
            let trial = puzzle.with_givens(givens);
            match find(&trial, 1, 1, budget) {
                Some(found) if found.gave_up => {
                    complete = false;
                    break 'cells;
                }
                Some(found) if !found.solutions.is_empty() => {
                    for (s, &v) in seen.iter_mut().zip(found.solutions[0].cells()) {
                        *s |= 1 << (v - 1);
                    }
                }
                _ => ruled_out[cell] |= bit,
            }
        }
    }
    // What was not settled stays shown.
    let cells = left
        .iter()
        .zip(&ruled_out)
        .map(|(&l, &out)| DigitSet::from_bits(l & !out))
        .collect();
    TrueCandidates { cells, complete }
}

/// A search state that cannot be completed: a cell or a house has no way left. The band
/// solver's and the general solver's propagation stop on it and go back.
pub(crate) struct Contradiction;

/// What a search's `next_solution` found: the depth-first runs' and the learning search's.
pub(crate) enum Next {
    Found(Grid),
    Exhausted,
    /// The caller's budget ran out.
    GaveUp,
    /// A depth-first run's own node limit was reached (the learning search has none).
    RunOut,
}

#[derive(Default)]
struct Found {
    solutions: Vec<Grid>,
    count: u64,
    guesses: u64,
    gave_up: bool,
}

/// Counts up to `limit` solutions, keeping the first `keep`; `None` if the givens
/// repeat a digit in a house or leave a rule no way to be kept.
fn find(puzzle: &Puzzle, limit: u64, keep: usize, budget: &mut Budget) -> Option<Found> {
    let (houses, givens) = (puzzle.houses(), puzzle.givens());
    if puzzle.is_classic() && puzzle.shape().n() == 9 {
        // The band solver finds conflicting givens itself, sparing the hot path a scan.
        let out = band9::solve(givens.cells(), limit, keep, budget)?;
        let to_grid =
            |cells: &[u8; 81]| Grid::from_cells(puzzle.shape(), cells.to_vec()).expect("9x9");
        return Some(Found {
            solutions: out.solutions[..out.kept].iter().map(to_grid).collect(),
            count: out.count,
            guesses: out.guesses,
            gave_up: out.gave_up,
        });
    }
    if puzzle.broken(givens).is_some() {
        return None;
    }
    let start = budget.spent();
    let model = Model::new(houses, puzzle.rules());
    let root = Root::new(&model, givens);
    // A limit of zero asks for no search at all, which only the complete run gives.
    let mut found = if (1..=MAX_LEARNT_SOLUTIONS).contains(&limit) {
        search_then_learn(&model, givens, &root, limit, keep, budget)
    } else {
        complete(root.search(), limit, keep, budget)
    };
    found.guesses = budget.spent() - start;
    Some(found)
}

/// The most solutions the learning search counts, each blocked by a clause (about 2.5 MB
/// on 25x25); larger counts take one complete depth-first run.
const MAX_LEARNT_SOLUTIONS: u64 = 1000;

/// Counts up to `limit` solutions, keeping the first `keep`: by restarting depth-first
/// runs, then, if those have not settled within a node limit, by learning. A depth-first
/// search can stay for seconds under one early wrong choice that has no solution below it
/// (the heavy tail Gomes, Selman and Kautz measured on Latin squares), while most puzzles
/// settle in a few hundred nodes, before the learning search would have been set up. The
/// learning search blocks the solutions found so far and never repeats a failed set of
/// choices; it stays exact, as it runs until no solution is left or the limit is reached.
fn search_then_learn(
    model: &Model,
    puzzle: &Grid,
    root: &Root,
    limit: u64,
    keep: usize,
    budget: &mut Budget,
) -> Found {
    let empty = puzzle.cells().iter().filter(|&&v| v == 0).count().max(1) as u64;
    let (mut found, ran_out) = restarting(root, empty, limit, budget);
    if ran_out {
        let mut learning = Learning::new(model, puzzle);
        for grid in &found.solutions {
            learning.block(grid.cells());
        }
        while found.count < limit {
            match learning.next_solution(budget) {
                Next::Found(grid) => {
                    found.count += 1;
                    found.solutions.push(grid);
                }
                Next::Exhausted | Next::RunOut => break,
                Next::GaveUp => {
                    found.gave_up = true;
                    break;
                }
            }
        }
    }
    found.solutions.truncate(keep);
    found
}

/// Depth-first runs in reshuffled orders (ties between cells, the order of digits), with
/// node limits growing by the Luby sequence from one branch per empty cell, until one
/// settles the count or together they would pass `LEARN_AFTER` branches per empty cell;
/// true if they ran out. Every distinct solution found is kept, in the order found.
fn restarting(root: &Root, empty: u64, limit: u64, budget: &mut Budget) -> (Found, bool) {
    let mut found = Found::default();
    let (mut run, mut spent) = (0, 0);
    let mut weights = Vec::new();
    loop {
        run += 1;
        let nodes = empty * luby(run);
        spent += nodes;
        if spent > LEARN_AFTER * empty {
            return (found, true);
        }
        let mut search = root.run(run, nodes, weights);
        loop {
            match search.next_solution(budget) {
                // Runs repeat each other's solutions. A list, not a set: most counts stop
                // at 2, and a set type would add to the page's wasm.
                Next::Found(grid) => {
                    if !found.solutions.contains(&grid) {
                        found.count += 1;
                        found.solutions.push(grid);
                    }
                    if found.count >= limit {
                        return (found, false);
                    }
                }
                Next::Exhausted => return (found, false),
                Next::GaveUp => {
                    found.gave_up = true;
                    return (found, false);
                }
                Next::RunOut => break,
            }
        }
        weights = search.into_weights();
    }
}

/// The restarting runs may branch this many times per empty cell in all (runs 1 to 6 of
/// the Luby sequence) before the learning search takes over. Measured on the tail
/// bench's puzzles (ms, worst; `cargo bench --bench tail`): 4, 8 and 16 were within the
/// machine's noise on 16x16 (1.2-2.0 at 30-40%), and 8 was best at 25x25 with 30-50%
/// givens (26, 177 and 75 against 25-37, 246-265 and 86-127).
const LEARN_AFTER: u64 = 8;

/// Counts up to `limit` solutions in one depth-first run to the end, keeping the first `keep`.
fn complete(mut search: Search, limit: u64, keep: usize, budget: &mut Budget) -> Found {
    let mut found = Found::default();
    while found.count < limit {
        match search.next_solution(budget) {
            Next::Found(grid) => {
                found.count += 1;
                if found.solutions.len() < keep {
                    found.solutions.push(grid);
                }
            }
            Next::Exhausted | Next::RunOut => break,
            Next::GaveUp => {
                found.gave_up = true;
                break;
            }
        }
    }
    found
}

/// The Luby sequence 1, 1, 2, 1, 1, 2, 4, 1, ...: restart limits that waste at most a
/// logarithmic factor against the best fixed limit, whatever the puzzle.
fn luby(i: u64) -> u64 {
    let mut i = i;
    let mut k = 1;
    loop {
        if i == (1 << k) - 1 {
            return 1 << (k - 1);
        }
        if i < (1 << k) - 1 {
            i -= (1 << (k - 1)) - 1;
            k = 1;
        } else {
            k += 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sudoku_model::shape::Shape;

    const SEED: &str =
        "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";

    fn grid(text: &str) -> Grid {
        Grid::parse(text).unwrap()
    }

    fn classic(grid: &Grid) -> Puzzle {
        Puzzle::classic(grid.clone())
    }

    #[test]
    fn the_seed_puzzle_has_one_solution() {
        let puzzle = classic(&grid(SEED));
        let Verdict::Unique(solution) = solve(&puzzle, &mut Budget::unlimited()).verdict else {
            panic!("not unique")
        };
        assert_eq!(
            solution.to_line(),
            "812753649943682175675491283154237896369845721287169534521974368438526917796318452"
        );
    }

    #[test]
    fn conflicting_givens_are_named() {
        let mut puzzle = Grid::empty(Shape::NINE);
        puzzle.set(1, 5);
        puzzle.set(6, 5);
        let verdict = solve(&classic(&puzzle), &mut Budget::unlimited()).verdict;
        assert_eq!(
            verdict.clone(),
            Verdict::Conflict(puzzle.conflict(&Houses::standard(Shape::NINE)).unwrap())
        );
        let Verdict::Conflict(c) = verdict else {
            unreachable!()
        };
        assert_eq!(c.to_string(), "r1c2 and r1c7 are both 5");
    }

    #[test]
    fn several_solutions_give_two_distinct_grids() {
        let puzzle = grid(&SEED.replacen('8', ".", 1));
        let Verdict::Multiple(a, b) = solve(&classic(&puzzle), &mut Budget::unlimited()).verdict
        else {
            panic!("expected several")
        };
        let houses = Houses::standard(Shape::NINE);
        assert!(a != b && a.solves(&puzzle, &houses) && b.solves(&puzzle, &houses));
    }

    #[test]
    fn no_solution_after_search() {
        // Row 1 needs a 9 in r1c9, but column 9 already has one.
        let text = format!("12345678.........9{}", ".".repeat(63));
        assert_eq!(
            solve(&classic(&grid(&text)), &mut Budget::unlimited()).verdict,
            Verdict::NoSolution
        );
    }

    #[test]
    fn budgets_stop_both_solvers() {
        for shape in [Shape::NINE, Shape::for_side(16).unwrap()] {
            let empty = classic(&Grid::empty(shape));
            let counted = count(&empty, u64::MAX, &mut Budget::nodes(50));
            assert!(!counted.complete, "{shape}");
            assert_eq!(
                solve(&empty, &mut Budget::nodes(5)).verdict,
                Verdict::GaveUp
            );
        }
    }

    #[test]
    fn empty_grids_of_every_size_solve_at_once() {
        for shape in Shape::ALL {
            let puzzle = Grid::empty(shape);
            let first = solutions(&classic(&puzzle)).next().expect("a solution");
            assert!(first.solves(&puzzle, &Houses::standard(shape)), "{shape}");
            assert!(matches!(
                solve(&classic(&puzzle), &mut Budget::unlimited()).verdict,
                Verdict::Multiple(..)
            ));
        }
    }

    #[test]
    fn four_by_four_counts_match_the_known_total() {
        assert_eq!(
            count(
                &classic(&Grid::empty(Shape::ALL[0])),
                u64::MAX,
                &mut Budget::unlimited()
            )
            .count,
            288
        );
        assert_eq!(
            solutions(&classic(&Grid::empty(Shape::ALL[0]))).count(),
            288
        );
    }

    #[test]
    fn the_band_solver_counts_like_the_general_one() {
        // Blanking the seed's solution leaves puzzles with many solutions.
        let solution = grid(
            "812753649943682175675491283154237896369845721287169534521974368438526917796318452",
        );
        let houses = Houses::standard(Shape::NINE);
        let mut puzzle = solution.clone();
        for cell in (0..81).step_by(2) {
            puzzle.set(cell, 0);
        }
        let general = solutions(&Puzzle::new(puzzle.clone(), houses, Vec::new())).count() as u64;
        assert!(general > 2);
        assert_eq!(
            count(&classic(&puzzle), u64::MAX, &mut Budget::unlimited()).count,
            general
        );
    }

    #[test]
    fn learning_finds_only_the_solutions_not_yet_blocked() {
        // How the depth-first search hands over: what it found is blocked, the rest found.
        let shape = Shape::ALL[0];
        let houses = Houses::standard(shape);
        let model = Model::new(&houses, &[]);
        let puzzle = Grid::empty(shape);
        let root = Root::new(&model, &puzzle);
        let (first, ran_out) = restarting(&root, 16, u64::MAX, &mut Budget::unlimited());
        assert!(ran_out && first.count > 10 && first.count < 288);
        let mut learning = Learning::new(&model, &puzzle);
        for grid in &first.solutions {
            learning.block(grid.cells());
        }
        let mut rest = std::collections::BTreeSet::new();
        while let Next::Found(grid) = learning.next_solution(&mut Budget::unlimited()) {
            assert!(grid.solves(&puzzle, &houses) && !first.solutions.contains(&grid));
            assert!(rest.insert(grid.cells().to_vec()), "found twice");
        }
        assert_eq!(rest.len() as u64, 288 - first.count);
    }

    #[test]
    fn true_candidates_are_the_digits_of_the_solutions() {
        // The seed less one given: the union of its solutions' digits, cell by cell.
        let puzzle = classic(&grid(&SEED.replacen('8', ".", 1)));
        let all: Vec<Grid> = solutions(&puzzle).collect();
        assert!(all.len() > 1);
        let found = true_candidates(&puzzle, usize::MAX, &mut Budget::unlimited());
        assert!(found.complete);
        for cell in 0..81 {
            let union = all.iter().fold(DigitSet::EMPTY, |s, g| s.with(g.get(cell)));
            assert_eq!(found.cells[cell], union, "{}", Shape::NINE.cell(cell));
        }
        let unique = classic(&grid(SEED));
        let one = true_candidates(&unique, usize::MAX, &mut Budget::unlimited());
        assert!(one.cells.iter().all(|c| c.len() == 1));
        let cut = true_candidates(&puzzle, 1, &mut Budget::unlimited());
        assert!(!cut.complete);
    }

    /// Box 1's rows 2 and 3 hold 2 to 7, so its 1 is in row 1: the rest of row 1 cannot
    /// hold 1, though no single says so.
    pub(super) const POINTING: &str = concat!(
        ".........234......567......",
        "......................................................"
    );

    #[test]
    fn a_digit_locked_in_an_intersection_leaves_the_rest_of_the_other_house() {
        let houses = Houses::standard(Shape::NINE);
        let model = Model::new(&houses, &[]);
        // Boxes and lines share three cells, rows and columns one: 2 x 54 pairs.
        assert_eq!(model.intersections.len(), 108);
        let root = Root::new(&model, &grid(POINTING));
        let candidates = root.candidates().expect("solvable");
        assert!((3..9).all(|cell| candidates[cell] & 1 == 0));
        assert!((0..3).all(|cell| candidates[cell] & 1 != 0));
    }

    #[test]
    fn the_luby_sequence_grows_as_published() {
        let first: Vec<u64> = (1..=15).map(luby).collect();
        assert_eq!(first, [1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8]);
    }

    #[test]
    fn searching_then_learning_counts_each_solution_once() {
        // 288 solutions take more than `LEARN_AFTER` nodes per empty cell: learning counts the rest.
        let houses = Houses::standard(Shape::ALL[0]);
        let model = Model::new(&houses, &[]);
        let puzzle = Grid::empty(Shape::ALL[0]);
        let root = Root::new(&model, &puzzle);
        let budget = &mut Budget::unlimited();
        assert!(restarting(&root, 16, 288, budget).1);
        let all = search_then_learn(
            &model,
            &puzzle,
            &root,
            MAX_LEARNT_SOLUTIONS,
            usize::MAX,
            &mut Budget::unlimited(),
        );
        assert_eq!((all.count, all.solutions.len()), (288, 288));
        let distinct: std::collections::BTreeSet<_> =
            all.solutions.iter().map(Grid::cells).collect();
        assert_eq!(distinct.len(), 288);
        let sixteen = Shape::for_side(16).unwrap();
        let mut sparse = solutions(&classic(&Grid::empty(sixteen))).next().unwrap();
        for cell in (0..256).filter(|c| c % 3 != 0) {
            sparse.set(cell, 0);
        }
        let houses = Houses::standard_for(sixteen);
        let model = Model::new(houses, &[]);
        let root = Root::new(&model, &sparse);
        let limit = 500;
        let learnt = search_then_learn(
            &model,
            &sparse,
            &root,
            limit,
            usize::MAX,
            &mut Budget::unlimited(),
        );
        let complete = complete(root.search(), limit, 0, &mut Budget::unlimited());
        assert!(complete.count > 2);
        assert_eq!(learnt.count, complete.count);
        assert!(learnt.solutions.iter().all(|g| g.solves(&sparse, houses)));
    }
}
