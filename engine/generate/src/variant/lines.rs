//! Lines drawn on the filling: thermometers, arrows and 10-lines.

use super::{neighbours, ARROWS_SPARSE, N, TEN_LINES, TEN_LINES_SPARSE};
use sudoku_model::grid::Grid;
use sudoku_model::rng::Rng;
use sudoku_model::rules::{Arrow, Rule, SumLine, Thermometer};
use sudoku_model::shape::Shape;

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
pub(super) fn thermometers(solution: &Grid, rng: &mut Rng) -> Vec<Rule> {
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
pub(super) fn arrows(solution: &Grid, sparse: bool, rng: &mut Rng) -> Vec<Rule> {
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

/// 10-lines (ISS's `SumLine` of sum 10): [`TEN_LINES`] lines (or if `sparse`,
/// [`TEN_LINES_SPARSE`]), each of two or three segments of consecutive cells along it that
/// add up to 10 on the filling, started where the grid has fewest, each read from its end
/// with the lower cell.
#[inline]
pub(super) fn ten_lines(solution: &Grid, sparse: bool, rng: &mut Rng) -> Vec<Rule> {
    const SUM: u32 = 10;
    let most = if sparse { TEN_LINES_SPARSE } else { TEN_LINES };
    let mut lines = Lines::new();
    let mut rules = Vec::new();
    let digit = |c: usize| u32::from(solution.get(c));
    // The segments a line has filled, and the sum of the one under way.
    let walked = |l: &[usize]| {
        l.iter()
            .fold((0, 0), |(full, part), &c| match part + digit(c) {
                SUM => (full + 1, 0),
                part => (full, part),
            })
    };
    for _ in 0..60 {
        if rules.len() == most {
            break;
        }
        let Some(first) = lines.spread_start(rng, |_| true) else {
            break;
        };
        let segments = 2 + rng.below(2);
        let ok = |l: &[usize], c: usize| {
            let (full, part) = walked(l);
            full < segments && part + digit(c) <= SUM
        };
        let done = |l: &[usize]| walked(l) == (segments, 0);
        let mut line = vec![first];
        let mut budget = LINE_BUDGET;
        if lines.extend(&mut line, &ok, &done, &mut budget, rng) {
            // Read either way alike, a line is read from its end with the lower cell, as
            // f-puzzles' readers read one (`symmetric` in links' key table).
            let mut cells = line.clone();
            if cells[0] > cells[cells.len() - 1] {
                cells.reverse();
            }
            rules.push(Rule::SumLine(SumLine::new(cells, SUM, false)));
            lines.draw(line);
        }
    }
    rules
}
