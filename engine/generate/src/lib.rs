//! New puzzles of every size. A random solution grid, then givens taken away in symmetric
//! groups for as long as the exact solver still proves one solution. Where the rater's
//! next step is then harder than asked, givens are given back until it is not; the puzzle
//! is retried until the rater gives the level or technique asked for, as HoDoKu does.
//! Everything random comes from the seed through a PCG stream (`rand_pcg`, value-stable
//! across versions and platforms), so a seed and a request give the same puzzle
//! everywhere, natively and in wasm.

use std::fmt;

pub mod variant;

use sudoku_logic::{next_step, solve_path, Candidates, Level, Path, Rating, Settings, Technique};
use sudoku_model::grid::Grid;
use sudoku_model::houses::Houses;
use sudoku_model::puzzle::Puzzle;
use sudoku_model::rng::Rng;
use sudoku_model::shape::Shape;
use sudoku_search::{solve, Budget, Verdict};

/// The symmetry of the givens' pattern.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Symmetry {
    None,
    /// A half turn about the centre: the newspapers' usual.
    #[default]
    Rotate180,
    /// A quarter turn.
    Rotate90,
    /// Left to right.
    Mirror,
    /// About the main diagonal.
    Diagonal,
}

impl Symmetry {
    pub const ALL: [Symmetry; 5] = [
        Symmetry::None,
        Symmetry::Rotate180,
        Symmetry::Rotate90,
        Symmetry::Mirror,
        Symmetry::Diagonal,
    ];

    /// The name the command line and the page use: `none`, `180`, `90`, `mirror`, `diagonal`.
    #[inline]
    pub fn name(self) -> &'static str {
        match self {
            Symmetry::None => "none",
            Symmetry::Rotate180 => "180",
            Symmetry::Rotate90 => "90",
            Symmetry::Mirror => "mirror",
            Symmetry::Diagonal => "diagonal",
        }
    }

    /// The symmetry `name` names (see [`Symmetry::name`]).
    #[inline]
    pub fn from_name(name: &str) -> Option<Symmetry> {
        Symmetry::ALL.into_iter().find(|s| s.name() == name)
    }

    /// The cells that `cell` of an `n`x`n` grid is tied to, itself among them, in order.
    #[inline]
    pub fn orbit(self, n: usize, cell: usize) -> Vec<usize> {
        let (r, c, m) = (cell / n, cell % n, n - 1);
        let points = match self {
            Symmetry::None => vec![(r, c)],
            Symmetry::Rotate180 => vec![(r, c), (m - r, m - c)],
            Symmetry::Rotate90 => vec![(r, c), (c, m - r), (m - r, m - c), (m - c, r)],
            Symmetry::Mirror => vec![(r, c), (r, m - c)],
            Symmetry::Diagonal => vec![(r, c), (c, r)],
        };
        let mut cells: Vec<usize> = points.into_iter().map(|(r, c)| r * n + c).collect();
        cells.sort_unstable();
        cells.dedup();
        cells
    }

    /// Every orbit of an `n`x`n` grid once, in the order of their first cells.
    #[inline]
    pub fn orbits(self, n: usize) -> Vec<Vec<usize>> {
        (0..n * n)
            .map(|cell| self.orbit(n, cell))
            .enumerate()
            .filter(|(cell, orbit)| orbit[0] == *cell)
            .map(|(_, orbit)| orbit)
            .collect()
    }

    /// Whether the givens of `grid` have this symmetry.
    #[inline]
    pub fn holds(self, grid: &Grid) -> bool {
        let n = grid.shape().n();
        let given = |cell: usize| grid.get(cell) != 0;
        (0..n * n).all(|c| self.orbit(n, c).into_iter().all(|o| given(o) == given(c)))
    }
}

impl fmt::Display for Symmetry {
    #[inline]
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// What to make.
#[derive(Clone, Debug, PartialEq)]
pub struct Request {
    pub shape: Shape,
    /// The level the rater must give it; any if `None`.
    pub level: Option<Level>,
    pub symmetry: Symmetry,
    /// The technique its hardest step must be, with logic alone solving it.
    pub technique: Option<Technique>,
    /// Every given is needed: taking any one away leaves several solutions.
    pub minimal: bool,
}

impl Request {
    /// Any puzzle of `shape`, with the default symmetry.
    #[inline]
    pub fn new(shape: Shape) -> Request {
        Request {
            shape,
            level: None,
            symmetry: Symmetry::default(),
            technique: None,
            minimal: false,
        }
    }

    /// How hard a puzzle made for this request may be.
    #[inline]
    fn ceiling(&self) -> Ceiling {
        Ceiling::new(self.level, self.technique)
    }

    /// Whether a subset is asked for. One shows first only in a house with many open
    /// cells (a naked quad on 9x9 in one with eight or more: with fewer it is the complement
    /// of a hidden single, pair or triple, found first), so its trainers dig one house first.
    #[inline]
    fn subset(&self) -> bool {
        use Technique::*;
        matches!(
            self.technique,
            Some(NakedPair | HiddenPair | NakedTriple | HiddenTriple | NakedQuad | HiddenQuad)
        )
    }

    /// Whether a step of this technique is one the request asks for: the technique asked
    /// for, or else one of the level asked for.
    #[inline]
    fn wants(&self, technique: Technique) -> bool {
        match (self.technique, self.level) {
            (Some(wanted), _) => technique == wanted,
            (None, Some(level)) => technique.level() == level,
            (None, None) => false,
        }
    }

    /// Whether a rated puzzle is what was asked for.
    #[inline]
    fn accepts(&self, rating: &Rating) -> bool {
        let level = self.level.is_none_or(|level| rating.level == level);
        // `rating.rating` is the weight of the hardest technique used.
        let technique = self.technique.is_none_or(|wanted| {
            rating.solved
                && rating.counts.iter().any(|&(t, _)| t == wanted)
                && rating.rating <= wanted.rating()
        });
        level && technique
    }
}

/// The levels puzzles of `shape` can be made at, easiest first. On 4x4 singles solve every
/// puzzle with one solution that digging leaves (none of 100,000 needed more), so Easy is
/// the only level there; every other size has all five.
#[inline]
pub fn levels(shape: Shape) -> &'static [Level] {
    match shape.n() {
        4 => &[Level::Easy],
        _ => &Level::ASKED,
    }
}

/// The techniques a trainer puzzle of `shape` can be made for, in technique order. The
/// others never came up as the hardest step when tried (`sudoku generate --technique`,
/// seed 1): in 100,000 candidates on 4x4, in 10 s on 6x6, in 20 s on 25x25. Houses of four
/// or six cells leave a naked subset, a single or an easier pattern to be found first. On
/// 9x9 a hidden quad is the next step only in a house with all nine cells open, since with
/// fewer it is the complement of a naked subset of at most four, found first.
#[inline]
pub fn techniques(shape: Shape) -> Vec<Technique> {
    use Technique::*;
    let never: &[Technique] = match shape.n() {
        4 => return vec![FullHouse, HiddenSingle],
        6 => &[
            HiddenPair,
            NakedTriple,
            HiddenTriple,
            NakedQuad,
            HiddenQuad,
            Swordfish,
            Jellyfish,
            SimpleColouring,
            UniqueRectangle2,
            UniqueRectangle3,
            UniqueRectangle4,
            AlsXz,
        ],
        9 => &[HiddenQuad],
        25 => &[
            XWing,
            UniqueRectangle2,
            UniqueRectangle3,
            UniqueRectangle4,
            BugPlusOne,
        ],
        _ => &[],
    };
    Technique::ALL
        .into_iter()
        .filter(|t| !never.contains(t) && !t.variants_only())
        .collect()
}

/// A puzzle made for a request, with what it took.
#[derive(Clone, Debug, PartialEq)]
pub struct Generated {
    pub puzzle: Grid,
    pub solution: Grid,
    pub rating: Rating,
    /// Puzzles made and thrown away before this one, plus one.
    pub attempts: u32,
}

/// Makes a puzzle for `request` from `seed`, trying at most `max_attempts` candidates;
/// `None` if none was what was asked. `progress` hears of each attempt and may stop the
/// work by returning false.
#[inline]
pub fn generate(
    request: &Request,
    seed: u64,
    max_attempts: u32,
    mut progress: impl FnMut(u32) -> bool,
) -> Option<Generated> {
    let mut rng = Rng::new(seed);
    let ceiling = request.ceiling();
    for attempt in 1..=max_attempts {
        if !progress(attempt) {
            return None;
        }
        let Some(solution) = random_solution(request.shape, &mut rng) else {
            continue;
        };
        let classic = Puzzle::classic(Grid::empty(request.shape));
        let mut puzzle = dig(
            &solution,
            &classic,
            request.symmetry,
            request.subset(),
            &mut rng,
        );
        let walked = if request.minimal {
            let mut path = start(candidates_of(&puzzle, &classic));
            (is_minimal(&puzzle) && ceiling.advance(&mut path)).then_some((path, false))
        } else {
            let wants = |t| request.wants(t);
            let how = Easing {
                under: &classic,
                symmetry: request.symmetry,
                wants: &wants,
            };
            how.ease(&mut puzzle, &solution, &ceiling, &mut rng)
        };
        let rating = match walked {
            None => continue,
            // The walk from the dug puzzle is the rater's own path.
            Some((path, false)) => Rating::of(&path),
            // Givens given back change the path from its start.
            Some((_, true)) => Rating::of(&solve_path(
                &Puzzle::classic(puzzle.clone()),
                &Settings::default().unique(true),
            )),
        };
        if request.accepts(&rating) {
            return Some(Generated {
                puzzle,
                solution,
                rating,
                attempts: attempt,
            });
        }
    }
    None
}

/// The seed of the daily 9x9 puzzle of `level` on a date: the same for everyone that day,
/// from the date alone.
#[inline]
pub fn daily_seed(year: u32, month: u32, day: u32, level: Level) -> u64 {
    let date = u64::from(year) * 10_000 + u64::from(month) * 100 + u64::from(day);
    // Spread the dates apart, so that consecutive days' seeds share no prefix of the stream.
    date.wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ level as u64
}

/// A random solved grid from `seed`, as the generator starts from: for benchmarks that
/// want grids not shuffled from one pattern.
#[inline]
pub fn solved_grid(shape: Shape, seed: u64) -> Option<Grid> {
    random_solution(shape, &mut Rng::new(seed))
}

/// A full grid: random digits in the boxes along the diagonal, which share no row or
/// column, completed by the exact solver.
#[inline]
fn random_solution(shape: Shape, rng: &mut Rng) -> Option<Grid> {
    let (n, rows, cols) = (shape.n(), shape.box_rows(), shape.box_cols());
    let mut grid = Grid::empty(shape);
    for b in 0..(n / rows).min(n / cols) {
        let mut digits: Vec<u8> = (1..=n as u8).collect();
        rng.shuffle(&mut digits);
        for (i, digit) in digits.into_iter().enumerate() {
            grid.set((b * rows + i / cols) * n + b * cols + i % cols, digit);
        }
    }
    match solve(
        &Puzzle::classic(grid),
        &mut Budget::nodes(proof_nodes(shape)),
    )
    .verdict
    {
        Verdict::Unique(full) | Verdict::Multiple(full, _) => Some(full),
        _ => None,
    }
}

/// The search a proof of uniqueness may take. A removal whose proof would take more is
/// not made: on big grids those proofs take seconds, and the puzzles they would leave need
/// guessing anyway.
#[inline]
fn proof_nodes(shape: Shape) -> u64 {
    match shape.n() {
        0..=9 => 200_000,
        12 => 20_000,
        16 => 2_000,
        _ => 500,
    }
}

/// The search a proof of uniqueness may take on a puzzle with rules beyond its houses (a
/// made variant's): each node propagates the rules, an arrow's sums or a Kropki grid's 144
/// pairs, so that at 200,000 an arrow puzzle took 0.4-2.4 s to dig and at 500 0.1 s, its
/// givens after easing no more (`cargo bench --bench generate -- variants`, seeds 0-5).
const RULES_PROOF_NODES: u64 = 500;

/// How many removals in a row may fail before digging stops. Small grids dig to the end,
/// as sparse as the symmetry allows. On 16x16 and 25x25 the last removals are the slow
/// proofs and nearly all fail, and the puzzles they leave are eased again anyway.
#[inline]
fn patience(shape: Shape) -> usize {
    match shape.n() {
        n @ 16.. => n / 2,
        _ => usize::MAX,
    }
}

/// Whether the exact solver proves `puzzle` has one solution within the budget.
#[inline]
fn unique(puzzle: &Puzzle) -> bool {
    let nodes = match puzzle.rules() {
        [] => proof_nodes(puzzle.shape()),
        _ => RULES_PROOF_NODES,
    };
    let budget = &mut Budget::nodes(nodes);
    matches!(solve(puzzle, budget).verdict, Verdict::Unique(_))
}

/// Takes givens away from `solution` of a puzzle with the houses and rules of `under`, one
/// symmetric group at a time in random order (those of one random house first if
/// `house_first`), keeping each removal that leaves one solution.
#[inline]
fn dig(
    solution: &Grid,
    under: &Puzzle,
    symmetry: Symmetry,
    house_first: bool,
    rng: &mut Rng,
) -> Grid {
    let n = solution.shape().n();
    let mut orbits = symmetry.orbits(n);
    rng.shuffle(&mut orbits);
    if house_first {
        let houses = Houses::standard_for(solution.shape());
        let house = houses.cells(rng.below(houses.len()));
        // The house's groups first, each part still in random order.
        let (mut first, rest): (Vec<_>, Vec<_>) = orbits
            .into_iter()
            .partition(|orbit| orbit.iter().any(|c| house.contains(c)));
        first.extend(rest);
        orbits = first;
    }
    let mut puzzle = solution.clone();
    let mut failed_in_a_row = 0;
    for orbit in orbits {
        for &cell in &orbit {
            puzzle.set(cell, 0);
        }
        if unique(&under.with_givens(puzzle.clone())) {
            failed_in_a_row = 0;
            continue;
        }
        for &cell in &orbit {
            puzzle.set(cell, solution.get(cell));
        }
        failed_in_a_row += 1;
        if failed_in_a_row == patience(solution.shape()) {
            break;
        }
    }
    puzzle
}

/// The techniques a request allows, and those to look with: every technique up to the last
/// allowed one, in the order steps are looked for. So a harder technique that the rater
/// would find first is seen, and the rater's own path stays within the allowed ones.
struct Ceiling {
    allowed: Settings,
    looked: Settings,
}

impl Ceiling {
    /// Up to `level` and no harder than `technique`, where asked.
    #[inline]
    fn new(level: Option<Level>, technique: Option<Technique>) -> Ceiling {
        let all = Settings::default().unique(true);
        let allowed = all.clone().keeping(|t| {
            level.is_none_or(|level| t.level() <= level)
                && technique.is_none_or(|wanted| t.rating() <= wanted.rating())
        });
        let last = Technique::ALL.iter().rposition(|&t| allowed.allows(t));
        let looked = all.keeping(|t| last.is_some_and(|last| t <= Technique::ALL[last]));
        Ceiling { allowed, looked }
    }

    /// Steps on while the rater's next step is allowed; true once solved.
    #[inline]
    fn advance(&self, path: &mut Path) -> bool {
        while !path.end.is_solved() {
            match next_step(&path.end, &self.looked) {
                Some(step) if self.allowed.allows(step.technique) => {
                    path.end.apply(&step);
                    path.steps.push(step);
                }
                _ => return false,
            }
        }
        path.solved = true;
        true
    }
}

/// A walk not yet begun from `candidates`.
#[inline]
fn start(candidates: Candidates) -> Path {
    Path {
        steps: Vec::new(),
        solved: false,
        out_of_time: false,
        end: candidates,
    }
}

/// The candidates of `givens` under the houses and rules of `under`.
#[inline]
fn candidates_of(givens: &Grid, under: &Puzzle) -> Candidates {
    Candidates::from_grid(givens, under)
}

/// How many givens are tried wherever a puzzle is eased. The first after which the walk
/// takes a step the request wants is kept, else the last: so easing keeps the puzzle as
/// asked more often than one random given would (a 25x25 Hard in a third of the time).
const LOOKS: usize = 8;

/// How a puzzle is eased: under which houses and rules, giving back which groups of
/// givens, looking for steps of which techniques.
struct Easing<'a> {
    under: &'a Puzzle,
    symmetry: Symmetry,
    /// Whether a step of this technique is one the request asks for.
    wants: &'a dyn Fn(Technique) -> bool,
}

impl Easing<'_> {
    /// Gives back givens of `solution`, one symmetric group at a time wherever the rater's next
    /// step is harder than the request allows, until the allowed steps solve the puzzle: a
    /// puzzle dug too hard is eased to the request rather than thrown away. The walk, and
    /// whether anything was given back; `None` if the logic breaks, which true givens never
    /// make it do.
    #[inline]
    fn ease(
        &self,
        puzzle: &mut Grid,
        solution: &Grid,
        ceiling: &Ceiling,
        rng: &mut Rng,
    ) -> Option<(Path, bool)> {
        let n = puzzle.shape().n();
        let mut path = start(candidates_of(puzzle, self.under));
        let mut given_back = false;
        while !ceiling.advance(&mut path) {
            if path.end.is_broken() {
                return None;
            }
            let open: Vec<usize> = (0..n * n).filter(|&c| path.end.digit(c) == 0).collect();
            let mut tried = None;
            for _ in 0..LOOKS {
                let orbit = self.symmetry.orbit(n, open[rng.below(open.len())]);
                let mut then = start(path.end.clone());
                for &cell in &orbit {
                    if then.end.digit(cell) == 0 {
                        then.end.place(cell, solution.get(cell));
                    }
                }
                ceiling.advance(&mut then);
                let wanted = then.steps.iter().any(|s| (self.wants)(s.technique));
                tried = Some((orbit, then));
                if wanted {
                    break;
                }
            }
            let (orbit, then) = tried.expect("LOOKS is at least one");
            for cell in orbit {
                puzzle.set(cell, solution.get(cell));
            }
            path.steps.extend(then.steps);
            path.end = then.end;
            given_back = true;
        }
        Some((path, given_back))
    }
}

/// Whether every given is needed.
#[inline]
pub fn is_minimal(puzzle: &Grid) -> bool {
    (0..puzzle.cells().len())
        .filter(|&cell| puzzle.get(cell) != 0)
        .all(|cell| {
            let mut fewer = puzzle.clone();
            fewer.set(cell, 0);
            !unique(&Puzzle::classic(fewer))
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn orbits_are_the_images_under_each_symmetry() {
        assert_eq!(Symmetry::Rotate180.orbit(9, 0), [0, 80]);
        assert_eq!(
            Symmetry::Rotate180.orbit(9, 40),
            [40],
            "the centre is its own image"
        );
        assert_eq!(Symmetry::Rotate90.orbit(9, 1), [1, 17, 63, 79]);
        assert_eq!(Symmetry::Mirror.orbit(9, 10), [10, 16]);
        assert_eq!(Symmetry::Diagonal.orbit(9, 1), [1, 9]);
        assert_eq!(Symmetry::None.orbit(4, 5), [5]);
        for symmetry in Symmetry::ALL {
            assert_eq!(Symmetry::from_name(symmetry.name()), Some(symmetry));
        }
        assert_eq!(Symmetry::from_name("45"), None);
    }

    #[test]
    fn each_day_and_level_has_its_own_seed() {
        let seed = daily_seed(2026, 11, 21, Level::Hard);
        assert_eq!(seed, daily_seed(2026, 11, 21, Level::Hard));
        assert_ne!(seed, daily_seed(2026, 11, 22, Level::Hard));
        assert_ne!(seed, daily_seed(2026, 11, 21, Level::Expert));
    }

    #[test]
    fn technique_names_are_read_as_steps_prints_them() {
        assert_eq!(Technique::from_name("x-wing"), Some(Technique::XWing));
        assert_eq!(Technique::from_name("XY Chain"), Some(Technique::XyChain));
        assert_eq!(Technique::from_name("bug+1"), Some(Technique::BugPlusOne));
        assert_eq!(
            Technique::from_name("2-string kite"),
            Some(Technique::TwoStringKite)
        );
        assert!(Technique::ALL
            .iter()
            .all(|&t| Technique::from_name(t.name()) == Some(t)));
        assert_eq!(Technique::from_name("guess"), None);
    }
}
