//! Killers: cages grown on the filling, and a killer of cages alone made by splitting them
//! where the exact solver finds a second solution and merging them where the rater finds
//! it easier than asked.
//!
//! Cages are grown from random cells to a random size (2-5), a cell left alone joining a
//! neighbouring cage. A killer from Hard up has no givens. Where the exact solver finds a
//! second solution, a cage holding cells where it differs from the filling is split so
//! that one part's sum rules that solution out (or, where none can be split, those cages
//! are drawn anew, up to four times), at most four repairs. The unique killer is then
//! walked by the rater from its start within the level asked ([`harder`]): harder than
//! asked, it is thrown away; solved with no step of the level, up to 12 times two
//! neighbouring cages of at most five cells become one, proved unique and walked again. A
//! merge whose walk is still solved is kept, one that stalls the walk or lets a second
//! solution through is undone, and the first whose walk takes a step of the level is the
//! killer. Merges replaced easing splits where the walk stalled (issue 55), which halved
//! killer Expert's time natively (docs/generator.md).

use super::{connected, neighbours, N};
use crate::{candidates_of, start, Ceiling, RULES_PROOF_NODES};
use sudoku_logic::{Path, Technique};
use sudoku_model::grid::Grid;
use sudoku_model::houses::{HouseKind, Houses};
use sudoku_model::puzzle::Puzzle;
use sudoku_model::rng::Rng;
use sudoku_model::rules::{Killer, Rule};
use sudoku_model::shape::Shape;
use sudoku_search::{solve, Budget, Verdict};

/// The killer of `cages` on `solution`, with no givens: each cage a house and a sum. The
/// cages in order, as f-puzzles' list reads back.
#[inline]
pub(super) fn killer(solution: &Grid, mut cages: Vec<Vec<usize>>) -> Puzzle {
    in_order(&mut cages);
    let rules = cages
        .iter()
        .map(|cage| {
            let sum = cage.iter().map(|&c| u32::from(solution.get(c))).sum();
            Rule::Killer(Killer::new(cage.clone(), Some(sum), N))
        })
        .collect();
    let cages = cages.into_iter().map(|c| (HouseKind::Cage, c)).collect();
    let houses = Houses::standard(Shape::NINE).with_all_extra(cages);
    Puzzle::new(Grid::empty(Shape::NINE), houses, rules)
}

/// The cages of a killer, in order.
#[inline]
fn cages_of(puzzle: &Puzzle) -> Vec<Vec<usize>> {
    let houses = puzzle.houses();
    (0..houses.len())
        .filter(|&h| houses.kind(h) == HouseKind::Cage)
        .map(|h| houses.cells(h).to_vec())
        .collect()
}

/// How many times a killer's cages are changed where the exact solver finds a second
/// solution, before another is drawn; and how many times cages drawn again may be drawn
/// anew where they still let that solution through. Candidates that need more were seldom
/// of the level asked but took most of the time: over seeds 20-49 Expert killers took 27 s
/// of CPU in all with 6 repairs (each a random split) and no redrawing, 16 s with these and
/// splits that rule the second solution out.
const REPAIRS: usize = 4;
const REDRAWS: usize = 4;

/// How many merges of two neighbouring cages a killer easier than asked may try
/// ([`harder`]).
const MERGES: usize = 12;

/// A killer of cages alone, made unique first and then aimed at the level: where the exact
/// solver finds a second solution, a cage holding cells where it differs from the filling
/// is split so that it rules that solution out (or where none of those can be, those cages
/// are drawn again). Then the rater walks it from its start within the level asked. Harder
/// than asked, it is thrown away; easier (solved with no step of the level), its cages are
/// merged toward the level ([`harder`]). The rater's own walk of the killer made, or `None`.
///
/// Harder killers were eased by splitting a cage where the walk stalled, trying 16 splits
/// there: on Expert that took three quarters of the rater's time, for one Expert killer in
/// ten (seeds 0-9, issue 55); nine in ten came from killers the rater solved at once, and
/// merging the easy ones finds more of them for less.
#[inline]
pub(super) fn bare_killer(
    under: &mut Puzzle,
    solution: &Grid,
    ceiling: &Ceiling,
    wants: &dyn Fn(Technique) -> bool,
    rng: &mut Rng,
) -> Option<Path> {
    let mut cages = cages_of(under);
    let mut proved = false;
    for _ in 0..REPAIRS {
        let budget = &mut Budget::nodes(RULES_PROOF_NODES);
        let (a, b) = match solve(under, budget).verdict {
            Verdict::Multiple(a, b) => (a, b),
            verdict => {
                proved = matches!(verdict, Verdict::Unique(_));
                break;
            }
        };
        // A second solution, to be ruled out by the cages changed.
        let other = if a == *solution { b } else { a };
        let rules_out = |cage: &[usize]| {
            let sum = |g: &Grid| cage.iter().map(|&c| u32::from(g.get(c))).sum::<u32>();
            let repeats = (0..cage.len()).any(|i| {
                cage[..i]
                    .iter()
                    .any(|&d| other.get(d) == other.get(cage[i]))
            });
            repeats || sum(&other) != sum(solution)
        };
        let differ: Vec<usize> = (0..cages.len())
            .filter(|&k| cages[k].iter().any(|&c| other.get(c) != solution.get(c)))
            .collect();
        let big: Vec<usize> = differ
            .iter()
            .copied()
            .filter(|&k| cages[k].len() >= 4)
            .collect();
        if big.is_empty() || split(&mut cages, big[rng.below(big.len())], &rules_out, rng).is_none()
        {
            // Those cages drawn again, a few times if need be until one rules it out.
            let free: Vec<usize> = differ.iter().flat_map(|&k| cages[k].clone()).collect();
            let mut new = grow(solution, &free, rng)?;
            for _ in 0..REDRAWS {
                if new.iter().any(|cage| rules_out(cage)) {
                    break;
                }
                new = grow(solution, &free, rng)?;
            }
            cages.retain(|cage| !cage.iter().any(|c| free.contains(c)));
            cages.extend(new);
        }
        *under = killer(solution, cages.clone());
    }
    if !proved {
        return None;
    }
    let mut path = start(candidates_of(under.givens(), under));
    if !ceiling.advance(&mut path) {
        return None;
    }
    if path.steps.iter().any(|s| wants(s.technique)) {
        return Some(path);
    }
    harder(under, &mut cages, solution, ceiling, wants, rng).or(Some(path))
}

/// Makes a killer that the rater solves with no step of the level asked harder: up to
/// [`MERGES`] times, two neighbouring cages of at most five cells together (no digit of the
/// filling twice) become one, proved unique again and walked from the start. A merge after
/// which the walk is still solved is kept, and the first whose walk takes a step of the
/// level is the killer; one after which the walk stalls, or that lets a second solution
/// through, is undone. The rater's walk of the killer made, or `None` if no merge reached
/// the level. Over seeds 0-29 this halved the CPU time of Expert killers (issue 55).
#[inline]
fn harder(
    under: &mut Puzzle,
    cages: &mut Vec<Vec<usize>>,
    solution: &Grid,
    ceiling: &Ceiling,
    wants: &dyn Fn(Technique) -> bool,
    rng: &mut Rng,
) -> Option<Path> {
    for _ in 0..MERGES {
        let k = rng.below(cages.len());
        // Two connected cages are one connected cage where they touch.
        let near: Vec<usize> = (0..cages.len())
            .filter(|&j| {
                let both = [&cages[j][..], &cages[k]].concat();
                j != k
                    && both.len() <= 5
                    && connected(&both)
                    && cages[j].iter().all(|&c| fits(solution, &cages[k], c))
            })
            .collect();
        if near.is_empty() {
            continue;
        }
        let j = near[rng.below(near.len())];
        let mut more = cages.clone();
        let gone = more.remove(j.max(k));
        let kept = &mut more[j.min(k)];
        kept.extend(gone);
        kept.sort_unstable();
        in_order(&mut more);
        let puzzle = killer(solution, more.clone());
        let budget = &mut Budget::nodes(RULES_PROOF_NODES);
        if !matches!(solve(&puzzle, budget).verdict, Verdict::Unique(_)) {
            continue;
        }
        let mut path = start(candidates_of(puzzle.givens(), &puzzle));
        if !ceiling.advance(&mut path) {
            continue;
        }
        *cages = more;
        *under = puzzle;
        if path.steps.iter().any(|s| wants(s.technique)) {
            return Some(path);
        }
    }
    None
}

/// Splits cage `k` (of four cells or more) into two cages of two cells or more, each
/// connected; the cages stay in order. `None` if the tries found no such split.
#[inline]
fn split(
    cages: &mut Vec<Vec<usize>>,
    k: usize,
    ok: &dyn Fn(&[usize]) -> bool,
    rng: &mut Rng,
) -> Option<()> {
    let cage = cages[k].clone();
    for _ in 0..8 {
        let size = 2 + rng.below(cage.len() - 3);
        let mut part = vec![cage[rng.below(cage.len())]];
        while part.len() < size {
            let next: Vec<usize> = cage
                .iter()
                .copied()
                .filter(|c| !part.contains(c) && neighbours(*c, false).any(|x| part.contains(&x)))
                .collect();
            if next.is_empty() {
                break;
            }
            part.push(next[rng.below(next.len())]);
        }
        let rest: Vec<usize> = cage.iter().copied().filter(|c| !part.contains(c)).collect();
        if part.len() == size && connected(&rest) && ok(&part) {
            part.sort_unstable();
            cages[k] = part;
            cages.push(rest);
            in_order(cages);
            return Some(());
        }
    }
    None
}

/// Cages covering the grid (see [`grow`]), a few layouts tried.
#[inline]
pub(super) fn cages(solution: &Grid, rng: &mut Rng) -> Option<Vec<Vec<usize>>> {
    let all: Vec<usize> = (0..N * N).collect();
    (0..4).find_map(|_| grow(solution, &all, rng))
}

/// Cages covering `free`: grown from random cells to two to five cells each, with no digit
/// of the filling twice in a cage; a cell left alone joins a neighbouring one of them.
/// `None` if a cell left alone fits none.
#[inline]
fn grow(solution: &Grid, free: &[usize], rng: &mut Rng) -> Option<Vec<Vec<usize>>> {
    const SIZES: [usize; 8] = [2, 2, 3, 3, 3, 4, 4, 5];
    // Cells not free are in no cage of these.
    const OUTSIDE: usize = usize::MAX - 1;
    let mut cage_of = [OUTSIDE; N * N];
    for &c in free {
        cage_of[c] = usize::MAX;
    }
    let mut cages: Vec<Vec<usize>> = Vec::new();
    let mut order = free.to_vec();
    rng.shuffle(&mut order);
    let fits = |cage: &[usize], cell: usize| fits(solution, cage, cell);
    for start in order {
        if cage_of[start] != usize::MAX {
            continue;
        }
        let size = SIZES[rng.below(SIZES.len())];
        let mut cage = vec![start];
        cage_of[start] = cages.len();
        while cage.len() < size {
            let mut next: Vec<usize> = cage
                .iter()
                .flat_map(|&c| neighbours(c, false))
                .filter(|&c| cage_of[c] == usize::MAX && fits(&cage, c))
                .collect();
            next.sort_unstable();
            next.dedup();
            if next.is_empty() {
                break;
            }
            let cell = next[rng.below(next.len())];
            cage_of[cell] = cages.len();
            cage.push(cell);
        }
        cages.push(cage);
    }
    // A cell alone joins the smallest neighbouring cage it fits, of at most five cells.
    for lone in 0..cages.len() {
        if cages[lone].len() != 1 {
            continue;
        }
        let cell = cages[lone][0];
        let into = neighbours(cell, false)
            .map(|c| cage_of[c])
            .filter(|&k| k != lone && k != OUTSIDE && cages[k].len() < 5 && fits(&cages[k], cell))
            .min_by_key(|&k| cages[k].len())?;
        cages[into].push(cell);
        cages[lone].clear();
        cage_of[cell] = into;
    }
    cages.retain(|c| !c.is_empty());
    for cage in &mut cages {
        cage.sort_unstable();
    }
    in_order(&mut cages);
    Some(cages)
}

/// Whether `cell` can join `cage`: its digit of the filling is none of the cage's.
#[inline]
fn fits(solution: &Grid, cage: &[usize], cell: usize) -> bool {
    cage.iter().all(|&c| solution.get(c) != solution.get(cell))
}

/// Puts cages that share no cell in the order of their first cells: the order `sort` gives
/// them, without a stable sort of lists, which would be some 10 K of the page's module
/// (docs/budgets.md).
#[inline]
fn in_order(cages: &mut Vec<Vec<usize>>) {
    let mut by_first: Vec<Vec<usize>> = vec![Vec::new(); N * N];
    for cage in cages.drain(..) {
        if let Some(&first) = cage.first() {
            by_first[first] = cage;
        }
    }
    cages.extend(by_first.into_iter().filter(|c| !c.is_empty()));
}
