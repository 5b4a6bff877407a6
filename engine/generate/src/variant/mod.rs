//! Variant puzzles of 9x9: killer, arrow, thermo, Kropki, jigsaw, Sudoku X, anti-knight,
//! odd-even, greater-than, 10-lines and anti-taxicab. Each is made as a classic one is
//! ([`super::generate`]), with its houses and rules drawn first: the houses a random
//! layout (a jigsaw's regions, the diagonals, a knight's moves), a random filling of them
//! by the exact solver, then the rules read off that filling (cages with their sums,
//! arrows, thermometers, dots, signs, lines, odd and even cells).
//! Givens are dug away in pairs about the centre while the exact solver proves one
//! solution, and given back where the variant logical solver's next step is harder than
//! the level asked; a killer from Hard up has no givens at all, its cages alone proving one
//! solution. The rater walks it with the techniques up to the level asked and no further,
//! so a candidate it would rate harder is thrown away without the slow techniques tried.
//! No made variant needs a forcing net or a nested forcing chain: those took seconds to
//! minutes a step on some variant positions.
//!
//! | `--variant` | title | what is drawn |
//! |---|---|---|
//! | `killer` | Killer | cages of 2-5 cells covering the grid, with their sums; no givens from Hard up |
//! | `arrow` | Arrow | ten arrows (six at most from Hard up) with one-cell circles and shafts of 2-4 cells, and where one fits a pill of two cells with a shaft of 3-5 |
//! | `thermo` | Thermo | up to eight thermometers of 3-6 cells |
//! | `kropki` | Kropki | every white and black dot, with the negative rule at Easy and Medium; 40% of the dots, no negative rule, from Hard up |
//! | `jigsaw` | Jigsaw | nine irregular regions, connected, none of them a box, the same under a half turn |
//! | `diagonal` | Sudoku X | both long diagonals |
//! | `antiknight` | Anti-knight | no digit repeats a knight's move away |
//! | `odd-even` | Odd-even | about sixteen odd circles and even squares, in pairs about the centre, at most two in a box |
//! | `greater-than` | Greater-than | a sign between half the pairs of neighbours at random (30% from Hard up), pointing to the smaller digit |
//! | `10-lines` | 10-lines | eight lines (five from Hard up) of two or three segments that each add up to 10; made from Hard up |
//! | `antitaxicab` | Anti-taxicab | no digit X repeats X steps away along rows and columns (one rule around each cell, filled under it); made at Medium |
//!
//! From Hard up an arrow puzzle has fewer arrows and a Kropki puzzle only some of its dots:
//! with every rule drawn, those puzzles dug to no givens still rated Medium, and a Hard or
//! Expert one took hundreds of candidates.
//!
//! A genre whose rule's own step is rated above Easy is made from that level up
//! ([`Genre::levels`]): a 10-lines puzzle at Easy or Medium was a classic one under lines
//! that never needed them. Seeds 0-9 natively (`cargo bench -p sudoku-engine --bench
//! generate -- variants 10 greater-than 10-lines antitaxicab`), median and slowest:
//! greater-than 34-58 ms and at most 281 ms at every level; 10-lines Hard 53 ms (86),
//! Expert 561 ms (1.7 s), Extreme 117 ms (338); anti-taxicab Medium 2.2 s (6.5 s), its
//! 81 rules of some 50 cells making each proof and each rule step slow.
//!
//! Easy killer, arrow and Kropki puzzles (issue 55) are what a beginner can do. A rule's own
//! step is rated Medium, but a step that rules out no more than the rule's plainest reading
//! is named apart and rated Easy (`Technique::Plain`, the rule's `Constraint::plain`: a
//! cage of one combination, an arrow's bounds, a dot's partners). The rater takes the very
//! same steps in the same order, so other levels' puzzles are unchanged. An Easy puzzle of
//! these genres is dug as a Medium one, eased with givens wherever its walk needs more than
//! singles and plain steps, and must take at least one plain step.

mod catalogue;
mod jigsaw;
mod killer;
mod lines;
mod marks;

pub use catalogue::Genre;
use catalogue::KROPKI_EVERY_DOT;
use jigsaw::jigsaw;
use killer::{bare_killer, cages, killer};
use lines::{arrows, ten_lines, thermometers};
use marks::{dots, parities, signs};

use super::{candidates_of, dig, start, Ceiling, Easing, Symmetry};
use sudoku_logic::{Level, Rating, Technique};
use sudoku_model::grid::Grid;
use sudoku_model::houses::{HouseKind, Houses};
use sudoku_model::puzzle::Puzzle;
use sudoku_model::rng::Rng;
use sudoku_model::rules::AntiTaxicab;
use sudoku_model::shape::Shape;
use sudoku_search::shuffled_solution;

/// A variant puzzle made, with what it took.
#[derive(Clone, Debug, PartialEq)]
pub struct MadeVariant {
    pub puzzle: Puzzle,
    pub solution: Grid,
    pub rating: Rating,
    /// Candidates made and thrown away before this one, plus one.
    pub attempts: u32,
    /// Its rules text: its genre's ([`Genre::rules`]), or for a Kropki puzzle with every
    /// dot given, that text with the negative rule.
    pub rules: &'static str,
}

/// The symmetry of a made variant's givens.
const SYMMETRY: Symmetry = Symmetry::Rotate180;

/// The hardest technique a made variant may need. Forcing nets and nested forcing chains
/// take seconds to minutes a step on some variant positions (an arrow puzzle's easing once
/// took 96 s), far past the time a puzzle may take; a candidate that needs them is eased
/// with givens, or thrown away, like any other that is harder than asked.
const HARDEST: Technique = Technique::ForcingChain;

/// How many branches the shuffled search may take to fill a layout: a jigsaw layout that
/// takes more is dropped for another.
const FILL_NODES: u64 = 2_000;

/// Makes a 9x9 puzzle of `genre` at `level` (any if `None`) from `seed`, trying at most
/// `max_attempts` candidates; `None` if none was what was asked, or the genre is not made
/// at that level ([`Genre::levels`]). `progress` hears of each attempt and may stop the
/// work by returning false.
#[inline]
pub fn generate_variant(
    genre: Genre,
    level: Option<Level>,
    seed: u64,
    max_attempts: u32,
    mut progress: impl FnMut(u32) -> bool,
) -> Option<MadeVariant> {
    if level.is_some_and(|l| !genre.levels().contains(&l)) {
        return None;
    }
    // A genre made at one level alone (anti-taxicab) is made at it where none is asked.
    let level = match genre.levels() {
        &[only] => Some(only),
        _ => level,
    };
    let mut rng = Rng::new(seed);
    let ceiling = Ceiling::new(level, Some(HARDEST));
    let plain = level == Some(Level::Easy) && genre.plain_at_easy();
    let wants = |t: Technique| {
        level.is_some_and(|l| t.level() == l) && (!plain || matches!(t, Technique::Plain(_)))
    };
    // A killer from Hard up is its cages alone; other rules are fewer from Hard up.
    let sparse = level.is_some_and(|l| l >= Level::Hard);
    let bare = genre == Genre::Killer && sparse;
    for attempt in 1..=max_attempts {
        if !progress(attempt) {
            return None;
        }
        let Some((solution, mut under)) = design(genre, sparse, &mut rng) else {
            continue;
        };
        let mut givens = Grid::empty(Shape::NINE);
        let walked = if bare {
            bare_killer(&mut under, &solution, &ceiling, &wants, &mut rng).map(|p| (p, false))
        } else {
            givens = dig(&solution, &under, SYMMETRY, false, &mut rng);
            let easing = Easing {
                under: &under,
                symmetry: SYMMETRY,
                wants: &wants,
            };
            easing.ease(&mut givens, &solution, &ceiling, &mut rng)
        };
        let path = match walked {
            None => continue,
            Some((path, false)) => path,
            // Givens given back change the path from its start: walked
            // again, within the ceiling, it is the rater's own path, or the puzzle is harder
            // than asked.
            Some((_, true)) => {
                let mut path = start(candidates_of(&givens, &under));
                if !ceiling.advance(&mut path) {
                    continue;
                }
                path
            }
        };
        let rating = Rating::of(&path);
        if level.is_none_or(|l| rating.level == l)
            && (!plain || path.steps.iter().any(|s| wants(s.technique)))
        {
            return Some(MadeVariant {
                puzzle: under.with_givens(givens),
                solution,
                rating,
                attempts: attempt,
                rules: match genre {
                    Genre::Kropki if !sparse => KROPKI_EVERY_DOT,
                    _ => genre.rules(),
                },
            });
        }
    }
    None
}

/// A filling and the puzzle of `genre` drawn on it, with no givens yet; `None` where the
/// random layout did not work out.
#[inline]
fn design(genre: Genre, sparse: bool, rng: &mut Rng) -> Option<(Grid, Puzzle)> {
    let shape = Shape::NINE;
    let n = shape.n();
    let houses = match genre {
        Genre::Jigsaw => Houses::lines_and(shape, jigsaw(rng)?),
        Genre::Diagonal => Houses::standard(shape).with_all_extra(vec![
            (HouseKind::Diagonal, (0..n).map(|i| i * n + i).collect()),
            (
                HouseKind::Diagonal,
                (0..n).map(|i| i * n + n - 1 - i).collect(),
            ),
        ]),
        Genre::AntiKnight => Houses::standard(shape).with_all_extra(
            HouseKind::Knight
                .move_pairs(shape)
                .into_iter()
                .map(|p| (HouseKind::Knight, p))
                .collect(),
        ),
        _ => Houses::standard(shape),
    };
    // Rules of the whole grid, which the filling keeps.
    let everywhere = match genre {
        Genre::AntiTaxicab => AntiTaxicab::everywhere(n),
        _ => Vec::new(),
    };
    let empty = Grid::empty(shape);
    let layout = Puzzle::new(empty.clone(), houses.clone(), everywhere);
    let solution = shuffled_solution(&layout, rng.next(), FILL_NODES)?;
    let puzzle = match genre {
        Genre::Killer => killer(&solution, cages(&solution, rng)?),
        Genre::Arrow => Puzzle::new(empty, houses, arrows(&solution, sparse, rng)),
        Genre::Thermo => Puzzle::new(empty, houses, thermometers(&solution, rng)),
        Genre::Kropki => Puzzle::new(empty, houses, dots(&solution, sparse, rng)),
        Genre::OddEven => Puzzle::new(empty, houses, parities(&solution, rng)),
        Genre::GreaterThan => Puzzle::new(empty, houses, signs(&solution, sparse, rng)),
        Genre::TenLines => Puzzle::new(empty, houses, ten_lines(&solution, sparse, rng)),
        Genre::Jigsaw | Genre::Diagonal | Genre::AntiKnight | Genre::AntiTaxicab => layout,
    };
    Some((solution, puzzle))
}

const N: usize = 9;

/// How many arrows a puzzle from Hard up has at most (else ten), and which share of its
/// Kropki dots, in percent (else all, with the negative rule): with every rule drawn, the
/// rules said so much that those puzzles, dug to no givens, still rated Medium, and one
/// at Hard or above took hundreds of candidates. Medians over seeds 0-7: an Expert
/// Kropki 2.1 s with every dot, 0.18 s with 40%; an Expert arrow 0.38 s with ten arrows,
/// 0.2 s with five, a Hard one 0.63 s with ten, 0.06 s with five.
const ARROWS_SPARSE: usize = 6;
const DOTS_SPARSE: usize = 40;

/// Which share of the pairs of neighbours have a greater-than sign, in percent, and from
/// Hard up; how many 10-lines a puzzle has, and from Hard up.
const SIGNS: usize = 50;
const SIGNS_SPARSE: usize = 30;
const TEN_LINES: usize = 8;
const TEN_LINES_SPARSE: usize = 5;

/// The cells next to `cell` across a side, or also across a corner if `corners`.
#[inline]
fn neighbours(cell: usize, corners: bool) -> impl Iterator<Item = usize> {
    let (r, c) = ((cell / N) as isize, (cell % N) as isize);
    (-1..=1isize)
        .flat_map(move |dr| (-1..=1isize).map(move |dc| (dr, dc)))
        .filter(move |&(dr, dc)| (dr, dc) != (0, 0) && (corners || dr == 0 || dc == 0))
        .map(move |(dr, dc)| (r + dr, c + dc))
        .filter(|&(r, c)| (0..N as isize).contains(&r) && (0..N as isize).contains(&c))
        .map(|(r, c)| r as usize * N + c as usize)
}

/// Whether `cells` (at least one) are connected across sides.
#[inline]
fn connected(cells: &[usize]) -> bool {
    let mut seen = vec![cells[0]];
    let mut i = 0;
    while i < seen.len() {
        for c in neighbours(seen[i], false) {
            if cells.contains(&c) && !seen.contains(&c) {
                seen.push(c);
            }
        }
        i += 1;
    }
    seen.len() == cells.len()
}
