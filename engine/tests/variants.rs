//! Random rules of every kind on small grids (4x4 and 6x6, with boxes or a jigsaw),
//! counted by the engine's searches and by a plain backtracker kept here that checks each
//! rule only once its cells are full.

use proptest::prelude::*;
use sudoku_engine::rules::*;
use sudoku_engine::{count, search, Budget, Grid, HouseKind, Houses, Puzzle, Rule, Shape};

/// A tiny deterministic stream, so a failing case is its seed.
struct Stream(u64);

impl Stream {
    fn below(&mut self, bound: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % bound as u64) as usize
    }

    fn chance(&mut self, percent: usize) -> bool {
        self.below(100) < percent
    }
}

/// A walk of `len` distinct cells, each next to the one before (diagonals too).
fn walk(s: &mut Stream, n: usize, len: usize) -> Vec<usize> {
    let mut cells = vec![s.below(n * n)];
    while cells.len() < len {
        let last = *cells.last().unwrap();
        let (r, c) = ((last / n) as i64, (last % n) as i64);
        let next: Vec<usize> = (-1..=1)
            .flat_map(|dr| (-1..=1).map(move |dc| (r + dr, c + dc)))
            .filter(|&(r, c)| (0..n as i64).contains(&r) && (0..n as i64).contains(&c))
            .map(|(r, c)| (r as usize) * n + c as usize)
            .filter(|cell| !cells.contains(cell))
            .collect();
        if next.is_empty() {
            break;
        }
        cells.push(next[s.below(next.len())]);
    }
    cells
}

fn row(n: usize, r: usize, reversed: bool) -> Vec<usize> {
    let mut cells: Vec<usize> = (0..n).map(|c| r * n + c).collect();
    if reversed {
        cells.reverse();
    }
    cells
}

/// The four cells of a random 2x2 square.
fn square(s: &mut Stream, n: usize) -> Vec<usize> {
    let (r, c) = (s.below(n - 1), s.below(n - 1));
    vec![
        r * n + c,
        r * n + c + 1,
        (r + 1) * n + c,
        (r + 1) * n + c + 1,
    ]
}

fn sum(solution: &Grid, cells: &[usize]) -> u32 {
    cells.iter().map(|&c| u32::from(solution.get(c))).sum()
}

/// A rule of kind `kind` (every kind has its arm, so a new one cannot be left out), with its numbers read from `solution` most of the time (so that
/// many puzzles have solutions) and made up otherwise.
fn random_rule(kind: RuleKind, s: &mut Stream, solution: &Grid, regions: &[usize]) -> Rule {
    let n = solution.shape().n();
    let fit = s.chance(70);
    let len = 2 + s.below(3);
    let line = walk(s, n, len);
    let made_up = 1 + s.below(3 * n) as u32;
    let pick = |fit: bool, from_solution: u32| if fit { from_solution } else { made_up };
    match kind {
        RuleKind::Killer => {
            let len = 1 + s.below(4);
            let cells = walk(s, n, len);
            let total = pick(fit, sum(solution, &cells));
            Rule::Killer(Killer::new(cells, s.chance(80).then_some(total), n))
        }
        RuleKind::LittleKiller => {
            let start = s.below(n - 1);
            let cells: Vec<usize> = (0..n - start).map(|i| i * n + start + i).collect();
            Rule::LittleKiller(LittleKiller::new(
                cells.clone(),
                pick(fit, sum(solution, &cells)),
            ))
        }
        RuleKind::Sandwich => {
            let cells = row(n, s.below(n), false);
            let values: Vec<u8> = cells.iter().map(|&c| solution.get(c)).collect();
            let a = values.iter().position(|&v| v == 1).unwrap();
            let b = values.iter().position(|&v| v as usize == n).unwrap();
            let between: u32 = values[a.min(b) + 1..a.max(b)]
                .iter()
                .map(|&v| u32::from(v))
                .sum();
            Rule::Sandwich(Sandwich::new(cells, pick(fit, between)))
        }
        RuleKind::Arrow => {
            let pill = s.chance(20);
            let circle = line[..1 + usize::from(pill && line.len() > 2)].to_vec();
            Rule::Arrow(Arrow::new(circle.clone(), line[circle.len()..].to_vec()))
        }
        RuleKind::DoubleArrow => Rule::DoubleArrow(DoubleArrow::new(line)),
        RuleKind::Thermometer => {
            let mut cells = line;
            if fit {
                cells.sort_by_key(|&c| solution.get(c));
            }
            Rule::Thermometer(Thermometer::new(cells, s.chance(30)))
        }
        RuleKind::Palindrome => Rule::Palindrome(Palindrome::new(line)),
        RuleKind::Clone => {
            let other = walk(s, n, line.len());
            let len = line.len().min(other.len());
            Rule::Clone(CloneRule::new(line[..len].to_vec(), other[..len].to_vec()))
        }
        RuleKind::SameValueSets => {
            let other = walk(s, n, line.len());
            let len = line.len().min(other.len());
            Rule::SameValueSets(SameValueSets::new(vec![
                line[..len].to_vec(),
                other[..len].to_vec(),
            ]))
        }
        RuleKind::Between => Rule::Between(Between::new(line)),
        RuleKind::Lockout => Rule::Lockout(Lockout::new(line, 1 + s.below(3) as u8)),
        RuleKind::Renban => Rule::Renban(Renban::new(line)),
        RuleKind::Whispers => Rule::Whispers(Whispers::new(line, 1 + s.below(n / 2) as u8)),
        RuleKind::RegionSum => Rule::RegionSum(RegionSum::new(line, |c| Some(regions[c]))),
        RuleKind::Entropic => Rule::Entropic(Entropic::new(line)),
        RuleKind::Modular => Rule::Modular(Modular::new(line)),
        RuleKind::Zipper => Rule::Zipper(Zipper::new(line)),
        RuleKind::Nabner => Rule::Nabner(Nabner::new(line)),
        RuleKind::Dot => {
            let (a, b) = (line[0], line[1]);
            let (x, y) = (solution.get(a), solution.get(b));
            let relation = match s.below(5) {
                0 if fit => Relation::Difference(x.abs_diff(y)),
                0 => Relation::Difference(1 + s.below(3) as u8),
                1 if fit && (x == 2 * y || y == 2 * x) => Relation::Ratio(2),
                1 => Relation::Ratio(2 + s.below(2) as u8),
                2 => Relation::Sum(pick(fit, u32::from(x + y)).min(2 * n as u32) as u8),
                3 => Relation::NoneOf(vec![Relation::Difference(1)]),
                _ => Relation::NoneOf(vec![Relation::Ratio(2), Relation::Sum(5)]),
            };
            Rule::Dot(Dot::new(a, b, relation, n))
        }
        RuleKind::Parity => Rule::Parity(Parity::new(line[0], s.chance(50))),
        RuleKind::Extremum => {
            Rule::Extremum(Extremum::new(line[0], line[1..].to_vec(), s.chance(50)))
        }
        RuleKind::Quadruple => {
            let cells = square(s, n);
            let digits = if fit {
                cells[..1 + s.below(4)]
                    .iter()
                    .map(|&c| solution.get(c))
                    .collect()
            } else {
                (0..1 + s.below(3)).map(|_| 1 + s.below(n) as u8).collect()
            };
            Rule::Quadruple(Quadruple::new(cells, digits))
        }
        RuleKind::XSum => {
            let cells = row(n, s.below(n), s.chance(50));
            let x = solution.get(cells[0]) as usize;
            Rule::XSum(XSum::new(
                cells.clone(),
                pick(fit, sum(solution, &cells[..x])),
            ))
        }
        RuleKind::Skyscraper => {
            let cells = row(n, s.below(n), s.chance(50));
            let mut tallest = 0;
            let seen = cells
                .iter()
                .filter(|&&c| {
                    let v = solution.get(c);
                    let visible = v > tallest;
                    tallest = tallest.max(v);
                    visible
                })
                .count() as u32;
            Rule::Skyscraper(Skyscraper::new(cells, pick(fit, seen).min(n as u32)))
        }
        RuleKind::Indexer => {
            let r = s.below(n);
            let kind = [IndexerKind::Row, IndexerKind::Column][s.below(2)];
            Rule::Indexer(Indexer::new(row(n, r, false), s.below(n), kind))
        }
        RuleKind::SumLine => {
            let looped = s.chance(30);
            Rule::SumLine(SumLine::new(
                line.clone(),
                pick(fit, sum(solution, &line)),
                looped,
            ))
        }
        RuleKind::Rellik => {
            let len = 1 + s.below(4);
            let cells = walk(s, n, len);
            Rule::Rellik(Rellik::new(cells, made_up, n))
        }
        RuleKind::GreaterThan => {
            // Two cells side by side, and a third below the first where there is room.
            let (r, c) = (s.below(n), s.below(n - 1));
            let mut cells = vec![r * n + c, r * n + c + 1];
            if r + 1 < n && s.chance(50) {
                cells.push((r + 1) * n + c);
            }
            if fit {
                cells.sort_by_key(|&c| std::cmp::Reverse(solution.get(c)));
            }
            Rule::GreaterThan(GreaterThan::new(cells, n))
        }
        RuleKind::Pairwise => {
            let every_two = s.chance(30);
            let mut table: Vec<u32> = (0..n).map(|_| s.below(1 << n) as u32).collect();
            if fit {
                for pair in line.windows(2) {
                    let (a, b) = (solution.get(pair[0]), solution.get(pair[1]));
                    table[a as usize - 1] |= 1 << (b - 1);
                }
            }
            if every_two {
                let transposed: Vec<u32> = (0..n)
                    .map(|b| {
                        (0..n)
                            .filter(|&a| table[a] >> b & 1 == 1)
                            .fold(0, |t, a| t | 1 << a)
                    })
                    .collect();
                for (t, u) in table.iter_mut().zip(transposed) {
                    *t |= u;
                }
            }
            Rule::Pairwise(Pairwise::new(line, table, every_two))
        }
        RuleKind::FullRank => {
            let ties = [Ties::None, Ties::OnlyUnclued, Ties::Any][s.below(3)];
            let clues = (0..s.below(3))
                .map(|_| {
                    let e = s.below(4 * n);
                    (e, pick(fit, rank(solution, e)).min(4 * n as u32))
                })
                .collect();
            Rule::FullRank(FullRank::new(n, clues, ties))
        }
        RuleKind::NumberedRoom => {
            let cells = row(n, s.below(n), s.chance(50));
            let pointed = cells[solution.get(cells[0]) as usize - 1];
            let digit = if fit {
                solution.get(pointed)
            } else {
                1 + s.below(n) as u8
            };
            Rule::NumberedRoom(NumberedRoom::new(cells, digit))
        }
        RuleKind::HiddenSkyscraper => {
            let cells = row(n, s.below(n), s.chance(50));
            let values: Vec<u8> = cells.iter().map(|&c| solution.get(c)).collect();
            let hidden = (1..n).find(|&i| values[i] < *values[..i].iter().max().unwrap());
            let digit = match hidden {
                Some(i) if fit => values[i],
                _ => 1 + s.below(n) as u8,
            };
            Rule::HiddenSkyscraper(HiddenSkyscraper::new(cells, digit))
        }
        RuleKind::Lunchbox => {
            let values: Vec<u8> = line.iter().map(|&c| solution.get(c)).collect();
            let at = |d: Option<&u8>| values.iter().position(|v| Some(v) == d).unwrap();
            let (a, b) = (at(values.iter().min()), at(values.iter().max()));
            // Nothing between where the smallest and largest are one (a repeated digit).
            let between = values
                .get(a.min(b) + 1..a.max(b))
                .map_or(0, |inside| inside.iter().map(|&v| u32::from(v)).sum());
            Rule::Lunchbox(Lunchbox::new(line, pick(fit, between)))
        }
        RuleKind::CountingCircles => Rule::CountingCircles(CountingCircles::new(line)),
        RuleKind::ConnectedValues => {
            // A rectangle of the grid as the layer; the first cell's digit (and maybe
            // another), of as many cells as the solution has there where that fits.
            let (rows, columns) = (2 + s.below(2), 2 + s.below(2));
            let (r, c) = (s.below(n - rows + 1), s.below(n - columns + 1));
            let cells: Vec<usize> = (0..rows * columns)
                .map(|i| (r + i / columns) * n + c + i % columns)
                .collect();
            let mut set = 1 << (solution.get(cells[0]) - 1);
            if s.chance(50) {
                set |= 1 << s.below(n);
            }
            let members = cells
                .iter()
                .filter(|&&c| set >> (solution.get(c) - 1) & 1 == 1)
                .count();
            let size = s
                .chance(50)
                .then(|| pick(fit, members as u32) as usize)
                .filter(|&k| k <= cells.len());
            Rule::ConnectedValues(ConnectedValues::new(cells, columns, set, size))
        }
        RuleKind::Automaton => {
            // The digits' sum is a given remainder mod 3: a state per remainder.
            let moves = (0..3u16)
                .map(|r| {
                    (1..=n as u16)
                        .map(|d| (1 << (d - 1), (r + d) % 3))
                        .collect()
                })
                .collect();
            let remainder = pick(fit, sum(solution, &line)) % 3;
            let accepts = (0..3).map(|r| r == remainder).collect();
            let nfa = Nfa::new(vec![0], accepts, moves).expect("an automaton");
            Rule::Automaton(Automaton::new(vec![line], nfa, "sum mod 3".into()))
        }
        RuleKind::WeightedSum => {
            let weights: Vec<i32> = line.iter().map(|_| s.below(6) as i32 - 2).collect();
            let total = line
                .iter()
                .zip(&weights)
                .map(|(&c, &w)| w * i32::from(solution.get(c)))
                .sum();
            let made_up = made_up as i32 - n as i32;
            Rule::WeightedSum(WeightedSum::new(
                line,
                weights,
                if fit { total } else { made_up },
            ))
        }
        RuleKind::AntiTaxicab => Rule::AntiTaxicab(AntiTaxicab::around(s.below(n * n), n)),
        RuleKind::AnyOf => {
            // Two or three branches of one or two rules each, of kinds that nest the rule
            // itself too.
            const KINDS: [RuleKind; 7] = [
                RuleKind::Killer,
                RuleKind::Parity,
                RuleKind::Dot,
                RuleKind::Thermometer,
                RuleKind::Quadruple,
                RuleKind::XSum,
                RuleKind::AnyOf,
            ];
            let branches = (0..2 + s.below(2))
                .map(|_| {
                    (0..1 + s.below(2))
                        .map(|_| {
                            // Nested once at most, a branch in seven.
                            let mut kind = KINDS[s.below(KINDS.len())];
                            if kind == RuleKind::AnyOf && s.chance(70) {
                                kind = RuleKind::Parity;
                            }
                            random_rule(kind, s, solution, regions)
                        })
                        .collect()
                })
                .collect();
            Rule::AnyOf(AnyOf::new(branches).expect("rules of cells"))
        }
        RuleKind::EntropicSquare | RuleKind::ModularSquare => {
            let cells = square(s, n);
            if kind == RuleKind::EntropicSquare {
                Rule::EntropicSquare(EntropicSquare::new(cells))
            } else {
                Rule::ModularSquare(ModularSquare::new(cells))
            }
        }
    }
}

/// The rank in `solution` of its number `e` (as [`FullRank::entry`] numbers them): one
/// more than the numbers read lower.
fn rank(solution: &Grid, e: usize) -> u32 {
    let n = solution.shape().n();
    let read = |e: usize| -> Vec<u8> {
        let line = e / 2;
        let mut cells: Vec<usize> = if line < n {
            row(n, line, false)
        } else {
            (0..n).map(|r| r * n + line - n).collect()
        };
        if e % 2 == 1 {
            cells.reverse();
        }
        cells.iter().map(|&c| solution.get(c)).collect()
    };
    let number = read(e);
    1 + (0..4 * n).filter(|&f| read(f) < number).count() as u32
}

/// A puzzle on `shape` with random rules, regions that are boxes or a jigsaw the solution
/// keeps, and some of the solution's digits given.
fn random_puzzle(shape: Shape, seed: u64) -> Puzzle {
    let mut s = Stream(seed | 1);
    let n = shape.n();
    // One of the first solutions of the empty grid, its digits relabelled.
    let mut first = search::solutions(&Puzzle::classic(Grid::empty(shape)));
    let grid = first.nth(s.below(20)).expect("a grid");
    let mut labels: Vec<u8> = (1..=n as u8).collect();
    for i in (1..n).rev() {
        labels.swap(i, s.below(i + 1));
    }
    let relabelled = grid
        .cells()
        .iter()
        .map(|&v| labels[v as usize - 1])
        .collect();
    let solution = Grid::from_cells(shape, relabelled).expect("a grid");
    // A jigsaw: each region takes one cell of each digit, so the solution keeps it.
    let regions: Vec<usize> = if s.chance(50) {
        let mut region = vec![0; n * n];
        for d in 1..=n as u8 {
            let mut cells: Vec<usize> = (0..n * n).filter(|&c| solution.get(c) == d).collect();
            for i in (1..cells.len()).rev() {
                cells.swap(i, s.below(i + 1));
            }
            for (k, c) in cells.into_iter().enumerate() {
                region[c] = k;
            }
        }
        region
    } else {
        (0..n * n).map(|c| shape.box_of(c)).collect()
    };
    let lists = (0..n)
        .map(|k| (0..n * n).filter(|&c| regions[c] == k).collect())
        .collect();
    // Most rules are drawn until the solution keeps them, so that many puzzles have one.
    let keeps = |rule: &Rule| {
        let values: Vec<u8> = rule.cells().iter().map(|&c| solution.get(c)).collect();
        rule.holds(&values, n)
    };
    let rules: Vec<Rule> = (0..1 + s.below(4))
        .map(|_| {
            let kind = RuleKind::ALL[s.below(RuleKind::ALL.len())];
            let fit = s.chance(75);
            let mut rule = random_rule(kind, &mut s, &solution, &regions);
            for _ in 0..30 {
                if !fit || keeps(&rule) {
                    break;
                }
                rule = random_rule(kind, &mut s, &solution, &regions);
            }
            rule
        })
        .collect();
    let cages = rules.iter().filter_map(|r| match r {
        Rule::Killer(_) => Some((HouseKind::Cage, r.cells().to_vec())),
        _ => None,
    });
    let houses = Houses::lines_and(shape, lists).with_all_extra(cages.collect());
    let mut givens = Grid::empty(shape);
    for c in 0..n * n {
        if s.chance(if n == 4 { 20 } else { 35 }) {
            givens.set(c, solution.get(c));
        }
    }
    Puzzle::new(givens, houses, rules)
}

/// Plain backtracking in reading order: a digit is tried if no house peer holds it, and a
/// rule is checked once all its cells are full.
fn reference_count(puzzle: &Puzzle, limit: u64) -> u64 {
    let n = puzzle.shape().n();
    let mut cells = puzzle.givens().cells().to_vec();
    let fine = |cells: &[u8], i: usize| {
        let houses = puzzle.houses();
        houses.peers(i).iter().all(|&p| cells[p] != cells[i])
            && puzzle.rules().iter().all(|rule| {
                let values: Vec<u8> = rule.cells().iter().map(|&c| cells[c]).collect();
                !rule.cells().contains(&i) || values.contains(&0) || rule.holds(&values, n)
            })
    };
    if (0..n * n).any(|i| cells[i] != 0 && !fine(&cells, i)) {
        return 0;
    }
    fn go(
        cells: &mut [u8],
        i: usize,
        n: usize,
        limit: u64,
        fine: &dyn Fn(&[u8], usize) -> bool,
    ) -> u64 {
        let Some(i) = (i..n * n).find(|&i| cells[i] == 0) else {
            return 1;
        };
        let mut found = 0;
        for v in 1..=n as u8 {
            cells[i] = v;
            if fine(cells, i) {
                found += go(cells, i + 1, n, limit - found, fine);
                if found >= limit {
                    break;
                }
            }
        }
        cells[i] = 0;
        found
    }
    go(&mut cells, 0, n, limit, &fine)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn counts_agree_with_the_reference(six in any::<bool>(), seed: u64) {
        let shape = Shape::for_side(if six { 6 } else { 4 }).unwrap();
        let puzzle = random_puzzle(shape, seed);
        let expected = reference_count(&puzzle, 3);
        let counted = count(&puzzle, 3, &mut Budget::unlimited());
        prop_assert_eq!(counted.count, expected, "depth-first then learning");
        // The learning search alone, with the rules' explanations in its conflicts.
        let learnt: Vec<Grid> = search::solutions(&puzzle).take(3).collect();
        prop_assert_eq!(learnt.len() as u64, expected, "learning");
        for grid in &learnt {
            prop_assert!(puzzle.solved_by(grid), "{}", grid);
        }
    }
}

/// Every kind of rule, made as the puzzles above make it, is read back from its wire tag
/// and numbers as it was: so a kind whose reading is missing or wrong fails here.
#[test]
fn every_kind_of_rule_reads_back() {
    for side in [4, 6, 9] {
        let shape = Shape::for_side(side).unwrap();
        let solution = search::solutions(&Puzzle::classic(Grid::empty(shape)))
            .next()
            .expect("a grid");
        let regions: Vec<usize> = (0..side * side).map(|c| shape.box_of(c)).collect();
        let mut s = Stream(side as u64);
        for &kind in RuleKind::ALL {
            for _ in 0..20 {
                let rule = random_rule(kind, &mut s, &solution, &regions);
                assert_eq!(rule.kind(), kind);
                let read = Rule::read(kind.tag(), rule.cells().to_vec(), &rule.numbers(), side);
                assert_eq!(read, Ok(rule), "{kind:?} on {side}x{side}");
            }
        }
    }
}
