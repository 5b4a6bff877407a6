//! Variant puzzles of 9x9: killer, arrow, thermo, Kropki, jigsaw, Sudoku X, anti-knight and
//! odd-even. Each is made as a classic one is ([`super::generate`]), with its houses and
//! rules drawn first: the houses a random layout (a jigsaw's regions, the diagonals, a
//! knight's moves), a random filling of them by the exact solver, then the rules read off
//! that filling (cages with their sums, arrows, thermometers, dots, odd and even cells).
//! Givens are dug away in pairs about the centre while the exact solver proves one
//! solution, and given back where the variant logical solver's next step is harder than
//! the level asked; a killer from Hard up has no givens at all, its cages alone proving one
//! solution. The rater walks it with the techniques up to the level asked and no further,
//! so a candidate it would rate harder is thrown away without the slow techniques tried.

use super::{candidates_of, dig, start, Ceiling, Easing, Symmetry, RULES_PROOF_NODES};
use crate::grid::Grid;
use crate::houses::{HouseKind, Houses};
use crate::logic::{Candidates, Level, Path, Rating, Technique};
use crate::puzzle::Puzzle;
use crate::rng::Rng;
use crate::rules::{Arrow, Dot, Killer, Parity, Relation, Rule, Thermometer};
use crate::search::{shuffled_solution, solve, Budget, Verdict};
use crate::shape::Shape;

/// A kind of variant puzzle the generator makes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Genre {
    Killer,
    Arrow,
    Thermo,
    Kropki,
    Jigsaw,
    Diagonal,
    AntiKnight,
    OddEven,
}

impl Genre {
    pub const ALL: [Genre; 8] = [
        Genre::Killer,
        Genre::Arrow,
        Genre::Thermo,
        Genre::Kropki,
        Genre::Jigsaw,
        Genre::Diagonal,
        Genre::AntiKnight,
        Genre::OddEven,
    ];

    /// The name the command line's `--variant` takes.
    #[inline]
    pub fn name(self) -> &'static str {
        match self {
            Genre::Killer => "killer",
            Genre::Arrow => "arrow",
            Genre::Thermo => "thermo",
            Genre::Kropki => "kropki",
            Genre::Jigsaw => "jigsaw",
            Genre::Diagonal => "diagonal",
            Genre::AntiKnight => "antiknight",
            Genre::OddEven => "odd-even",
        }
    }

    /// The genre `name` names (see [`Genre::name`]), read without regard to case.
    #[inline]
    pub fn from_name(name: &str) -> Option<Genre> {
        Genre::ALL
            .into_iter()
            .find(|g| g.name().eq_ignore_ascii_case(name))
    }

    /// What players call it: a made puzzle's title is this and its level ("Killer, Hard").
    #[inline]
    pub fn title(self) -> &'static str {
        match self {
            Genre::Killer => "Killer",
            Genre::Arrow => "Arrow",
            Genre::Thermo => "Thermo",
            Genre::Kropki => "Kropki",
            Genre::Jigsaw => "Jigsaw",
            Genre::Diagonal => "Sudoku X",
            Genre::AntiKnight => "Anti-knight",
            Genre::OddEven => "Odd-even",
        }
    }

    /// The rules, for a player who has not met the variant before. A made puzzle's own
    /// ([`MadeVariant::rules`]) says more where it has a form of its own: a Kropki puzzle
    /// with every dot given.
    #[inline]
    pub fn rules(self) -> &'static str {
        match self {
            Genre::Killer => {
                "Normal Sudoku rules apply. The digits in each dashed cage add up to the small \
                 number in its corner, and no digit repeats within a cage."
            }
            Genre::Arrow => {
                "Normal Sudoku rules apply. The digits along each arrow add up to the number in \
                 its circle; a circle of two cells holds a two-digit number, read from left to \
                 right or from top to bottom."
            }
            Genre::Thermo => {
                "Normal Sudoku rules apply. Along each thermometer the digits rise from the \
                 bulb: each is larger than the one before it."
            }
            Genre::Kropki => {
                "Normal Sudoku rules apply. Digits joined by a white dot are consecutive (they \
                 differ by 1); digits joined by a black dot are in a ratio of 1:2 (one is double \
                 the other). Not every dot is given."
            }
            Genre::Jigsaw => {
                "Normal Sudoku rules apply, but the boxes are the irregular regions outlined in \
                 bold: each row, column and region holds the digits 1 to 9 once each."
            }
            Genre::Diagonal => {
                "Normal Sudoku rules apply, and each of the two long diagonals also holds the \
                 digits 1 to 9 once each."
            }
            Genre::AntiKnight => {
                "Normal Sudoku rules apply, and two cells a chess knight's move apart never hold \
                 the same digit."
            }
            Genre::OddEven => {
                "Normal Sudoku rules apply. A digit in a grey circle is odd; a digit in a grey \
                 square is even."
            }
        }
    }

    /// The levels puzzles of this genre are made at, easiest first. A cage's, an arrow's
    /// or a dot's own step is rated Medium (as pointing is), so a killer, arrow or Kropki
    /// puzzle that singles alone solve would need no cage, arrow or dot at all: those
    /// start at Medium.
    #[inline]
    pub fn levels(self) -> &'static [Level] {
        match self {
            Genre::Killer | Genre::Arrow | Genre::Kropki => &Level::ASKED[1..],
            _ => &Level::ASKED,
        }
    }
}

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

/// The rules text of a Kropki puzzle with every dot given.
const KROPKI_EVERY_DOT: &str = "Normal Sudoku rules apply. Digits joined by a white dot are \
    consecutive (they differ by 1); digits joined by a black dot are in a ratio of 1:2 (one is \
    double the other). Every dot is given: two neighbours with no dot between them are neither \
    consecutive nor one double the other.";

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
    let mut rng = Rng::new(seed);
    let ceiling = Ceiling::new(level, Some(HARDEST));
    let wants = |t: Technique| level.is_some_and(|l| t.level() == l);
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
            bare_killer(&mut under, &solution, &ceiling, &wants, &mut rng)
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
            // Givens given back (or cages split) change the path from its start: walked
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
        if level.is_none_or(|l| rating.level == l) {
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
    let empty = Grid::empty(shape);
    let layout = Puzzle::new(empty.clone(), houses.clone(), Vec::new());
    let solution = shuffled_solution(&layout, rng.next(), FILL_NODES)?;
    let puzzle = match genre {
        Genre::Killer => killer(&solution, cages(&solution, rng)?),
        Genre::Arrow => Puzzle::new(empty, houses, arrows(&solution, sparse, rng)),
        Genre::Thermo => Puzzle::new(empty, houses, thermometers(&solution, rng)),
        Genre::Kropki => Puzzle::new(empty, houses, dots(&solution, sparse, rng)),
        Genre::OddEven => Puzzle::new(empty, houses, parities(&solution, rng)),
        Genre::Jigsaw | Genre::Diagonal | Genre::AntiKnight => layout,
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

/// The killer of `cages` on `solution`, with no givens: each cage a house and a sum. The
/// cages in order, as f-puzzles' list reads back.
#[inline]
fn killer(solution: &Grid, mut cages: Vec<Vec<usize>>) -> Puzzle {
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

/// How many splits are tried wherever a killer is eased, as `LOOKS` givens are for a
/// puzzle with givens: the first after which the walk takes a wanted step is kept. An
/// Expert killer took 2.1 s (median of seeds 0-11) with 8, 1.1 s with 16, 1.0 s with 32.
const SPLIT_LOOKS: usize = 16;

/// How many times a killer's cages are changed where the exact solver finds a second
/// solution, before another is drawn; how many times cages drawn again may be drawn anew
/// where they still let that solution through; and how many times a killer's walk may be
/// eased by a split. Candidates that need more were seldom of the level asked but took
/// most of the time: over seeds 20-49 Expert killers took 27 s of CPU in all with 6
/// repairs (each a random split), no redrawing and no bound on splits; 16 s with these,
/// splits that rule the second solution out, and an eased puzzle walked again from its
/// start as soon as it is solved (below).
const REPAIRS: usize = 4;
const REDRAWS: usize = 4;
const MOST_SPLITS: usize = 3;

/// A killer of cages alone, as a classic puzzle is dug and eased but with cages split
/// instead of givens given back: first where the exact solver finds a second solution (a
/// cage holding cells where it differs from the filling, split so that it rules that
/// solution out, or where none of those can be, those cages drawn again), then wherever
/// the rater's next step is harder than asked (a cage with open cells; of up to
/// [`SPLIT_LOOKS`] splits tried, the first after which the walk takes a wanted step; one
/// after which the walk is solved with a wanted step is walked again from the start, as
/// the rater walks it, and kept at once if that walk is still the level asked). A split
/// cage's two parts say more than it did, so the puzzle stays unique and the walk goes on
/// from where it was. The walk, and whether a cage was split on it since its start;
/// `None` where no cage that still can be split would do, or [`MOST_SPLITS`] did not.
#[inline]
fn bare_killer(
    under: &mut Puzzle,
    solution: &Grid,
    ceiling: &Ceiling,
    wants: &dyn Fn(Technique) -> bool,
    rng: &mut Rng,
) -> Option<(Path, bool)> {
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
    let mut split_any = false;
    for _ in 0..=MOST_SPLITS {
        if ceiling.advance(&mut path) {
            return Some((path, split_any));
        }
        if path.end.is_broken() {
            return None;
        }
        let open: Vec<usize> = (0..cages.len())
            .filter(|&k| cages[k].len() >= 4 && cages[k].iter().any(|&c| path.end.digit(c) == 0))
            .collect();
        if open.is_empty() {
            return None;
        }
        let marks: Vec<u32> = (0..N * N).map(|c| path.end.marks(c)).collect();
        let grid = path.end.grid();
        let mut tried = None;
        for _ in 0..SPLIT_LOOKS {
            let mut more = cages.clone();
            if split(&mut more, open[rng.below(open.len())], &|_| true, rng).is_none() {
                continue;
            }
            let puzzle = killer(solution, more.clone());
            let mut then = start(Candidates::from_marks(&grid, &marks, &puzzle));
            let solved = ceiling.advance(&mut then);
            let wanted = then.steps.iter().any(|s| wants(s.technique));
            if wanted && solved {
                // Walked again from the start, as the rater walks it: if that is still
                // the level asked, this is the puzzle; if not, another split is looked for.
                let mut whole = start(candidates_of(puzzle.givens(), &puzzle));
                if ceiling.advance(&mut whole) && whole.steps.iter().any(|s| wants(s.technique)) {
                    *under = puzzle;
                    return Some((whole, false));
                }
                tried = Some((more, puzzle, then));
                continue;
            }
            tried = Some((more, puzzle, then));
            if wanted {
                break;
            }
        }
        let (more, puzzle, then) = tried?;
        cages = more;
        *under = puzzle;
        path.steps.extend(then.steps);
        path.end = then.end;
        split_any = true;
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

/// Cages covering the grid (see [`grow`]), a few layouts tried.
#[inline]
fn cages(solution: &Grid, rng: &mut Rng) -> Option<Vec<Vec<usize>>> {
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
    let fits =
        |cage: &[usize], cell: usize| cage.iter().all(|&c| solution.get(c) != solution.get(cell));
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

/// The lines drawn so far, to keep new ones clear of them: cells taken, and each box's
/// count of them, so that new lines start where there are fewest.
struct Lines {
    taken: [bool; N * N],
    drawn: Vec<Vec<usize>>,
}

impl Lines {
    #[inline]
    fn new() -> Lines {
        Lines {
            taken: [false; N * N],
            drawn: Vec::new(),
        }
    }

    /// A free cell of a box with fewest taken cells, at random among them, that `ok` takes.
    #[inline]
    fn spread_start(&self, rng: &mut Rng, ok: impl Fn(usize) -> bool) -> Option<usize> {
        let shape = Shape::NINE;
        let in_box = |b: usize| (0..N * N).filter(move |&c| shape.box_of(c) == b);
        let mut boxes: Vec<(usize, usize)> = (0..N)
            .map(|b| (in_box(b).filter(|&c| self.taken[c]).count(), b))
            .collect();
        rng.shuffle(&mut boxes);
        // Fewest taken first, ties in their shuffled order: a stable sort by count, done
        // count by count.
        let fewest_first =
            (0..=N).flat_map(|t| boxes.iter().filter(move |&&(taken, _)| taken == t));
        fewest_first.copied().find_map(|(_, b)| {
            let free: Vec<usize> = in_box(b).filter(|&c| !self.taken[c] && ok(c)).collect();
            (!free.is_empty()).then(|| free[rng.below(free.len())])
        })
    }

    /// Whether a step from `a` to `b` crosses a diagonal step of a line drawn or of `line`.
    #[inline]
    fn crosses(&self, line: &[usize], a: usize, b: usize) -> bool {
        let (ra, ca, rb, cb) = (a / N, a % N, b / N, b % N);
        if ra == rb || ca == cb {
            return false;
        }
        let (x, y) = (ra * N + cb, rb * N + ca);
        self.drawn.iter().map(Vec::as_slice).chain([line]).any(|l| {
            l.windows(2)
                .any(|w| (w[0], w[1]) == (x, y) || (w[0], w[1]) == (y, x))
        })
    }

    /// A line that starts with `line`, through free cells each touching the one before it,
    /// crossing no line: the first, in random order, that `done` takes, each cell added
    /// only if `ok` takes it. At most `budget` cells are tried.
    #[inline]
    fn extend(
        &self,
        line: &mut Vec<usize>,
        ok: &dyn Fn(&[usize], usize) -> bool,
        done: &dyn Fn(&[usize]) -> bool,
        budget: &mut usize,
        rng: &mut Rng,
    ) -> bool {
        if done(line) {
            return true;
        }
        let last = *line.last().expect("a line starts somewhere");
        let mut next: Vec<usize> = neighbours(last, true)
            .filter(|&c| !self.taken[c] && !line.contains(&c) && ok(line, c))
            .collect();
        rng.shuffle(&mut next);
        for cell in next {
            if *budget == 0 {
                return false;
            }
            *budget -= 1;
            if self.crosses(line, last, cell) {
                continue;
            }
            line.push(cell);
            if self.extend(line, ok, done, budget, rng) {
                return true;
            }
            line.pop();
        }
        false
    }

    #[inline]
    fn draw(&mut self, line: Vec<usize>) {
        for &c in &line {
            self.taken[c] = true;
        }
        self.drawn.push(line);
    }
}

/// How many cells a line's search may try before another start is taken.
const LINE_BUDGET: usize = 400;

/// Thermometers of three to six cells along rising digits of the filling, started where
/// the grid has fewest.
#[inline]
fn thermometers(solution: &Grid, rng: &mut Rng) -> Vec<Rule> {
    const LENGTHS: [usize; 6] = [3, 4, 4, 5, 5, 6];
    let mut lines = Lines::new();
    let mut rules = Vec::new();
    for _ in 0..40 {
        if rules.len() == 8 {
            break;
        }
        // A bulb low enough to rise from.
        let Some(bulb) = lines.spread_start(rng, |c| solution.get(c) <= 5) else {
            break;
        };
        let length = LENGTHS[rng.below(LENGTHS.len())];
        let mut line = vec![bulb];
        let rises = |l: &[usize], c: usize| solution.get(c) > solution.get(l[l.len() - 1]);
        let long = |l: &[usize]| l.len() == length;
        let mut budget = LINE_BUDGET;
        if lines.extend(&mut line, &rises, &long, &mut budget, rng) {
            rules.push(Rule::Thermometer(Thermometer::new(line.clone(), false)));
            lines.draw(line);
        }
    }
    rules
}

/// Ten arrows (or if `sparse`, [`ARROWS_SPARSE`]) whose shafts of two to four cells add
/// up to the digit in their circle, and
/// where one fits, one with a circle of two cells (a pill, read left to right or top to
/// bottom) whose shaft of three to five cells adds up to its number.
#[inline]
fn arrows(solution: &Grid, sparse: bool, rng: &mut Rng) -> Vec<Rule> {
    let most = if sparse { ARROWS_SPARSE } else { 10 };
    let mut lines = Lines::new();
    let mut rules = Vec::new();
    let digit = |c: usize| u32::from(solution.get(c));
    for attempt in 0..60 {
        if rules.len() == most {
            break;
        }
        let pill = attempt < 6 && rng.below(3) == 0;
        let Some(first) =
            lines.spread_start(rng, |c| if pill { digit(c) <= 2 } else { digit(c) >= 3 })
        else {
            continue;
        };
        let mut circle = vec![first];
        if pill {
            // The units to the right or below.
            let units: Vec<usize> = [first + 1, first + N]
                .into_iter()
                .filter(|&c| c < N * N && (c != first + 1 || c % N != 0) && !lines.taken[c])
                .collect();
            if units.is_empty() {
                continue;
            }
            circle.push(units[rng.below(units.len())]);
        }
        let total = circle.iter().fold(0, |t, &c| t * 10 + digit(c));
        let (fewest, most) = if pill { (3, 5) } else { (2, 4) };
        let circled = circle.len();
        let sum = |l: &[usize]| l[circled..].iter().map(|&c| digit(c)).sum::<u32>();
        let ok = |l: &[usize], c: usize| l.len() - circled < most && sum(l) + digit(c) <= total;
        let done = |l: &[usize]| l.len() - circled >= fewest && sum(l) == total;
        let mut line = circle.clone();
        let mut budget = LINE_BUDGET;
        if lines.extend(&mut line, &ok, &done, &mut budget, rng) {
            let shaft = line[circled..].to_vec();
            rules.push(Rule::Arrow(Arrow::new(circle, shaft)));
            lines.draw(line);
        }
    }
    rules
}

/// The Kropki dots of the filling: white between consecutive digits, black where one is
/// double the other (1 and 2, both, take either at random). Every one, and between every
/// other pair of neighbours the rule that neither holds, as f-puzzles' `nonconsecutive`
/// with `negative: ["ratio"]` reads; or if `sparse`, [`DOTS_SPARSE`]% of them at random. The order is a reader's: white dots, black dots, then the
/// pairs with none, each in cell order.
#[inline]
fn dots(solution: &Grid, sparse: bool, rng: &mut Rng) -> Vec<Rule> {
    let pairs = (0..N * N).flat_map(|a| {
        [a + 1, a + N]
            .into_iter()
            .filter(move |&b| b < N * N && (b != a + 1 || b % N != 0))
            .map(move |b| (a, b))
    });
    let (mut white, mut black, mut neither) = (Vec::new(), Vec::new(), Vec::new());
    for (a, b) in pairs {
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

/// Odd and even cells: about sixteen, in pairs about the centre, at most two in a box.
#[inline]
fn parities(solution: &Grid, rng: &mut Rng) -> Vec<Rule> {
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

/// Irregular regions, the same under a half turn, each connected and none of them a box:
/// the boxes, with pairs of cells on their borders swapped between neighbouring regions
/// (and their images under the half turn likewise) wherever both stay connected.
/// In index order, each region's cells in cell order, as f-puzzles' regions read.
#[inline]
fn jigsaw(rng: &mut Rng) -> Option<Vec<Vec<usize>>> {
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_read_back() {
        for genre in Genre::ALL {
            assert_eq!(Genre::from_name(genre.name()), Some(genre));
            assert!(!genre.rules().is_empty() && !genre.title().is_empty());
        }
        assert_eq!(Genre::from_name("sandwich"), None);
    }
}
