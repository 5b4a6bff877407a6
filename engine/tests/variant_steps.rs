#![allow(dead_code)]
//! Each variant step on a position built by hand (issue 30): the rule's own deductions
//! with their exact eliminations or placements, the rule the step highlights and a
//! sentence that names it; the classic techniques seeing a variant's houses; and the
//! rules that change what is sound (cages are houses that need not hold every digit, and
//! uniqueness is off for variants). Positions start from an empty 9x9 grid with every
//! candidate, and remove candidates to make the pattern, as in `techniques.rs`.

use sudoku_engine::logic::{next_step, Candidates, Settings, Step, Technique};
use sudoku_engine::rules::{
    Arrow, Between, CloneRule, Dot, Entropic, Extremum, Killer, LittleKiller, Palindrome, Parity,
    Quadruple, RegionSum, Relation, Renban, Sandwich, Thermometer, Whispers, XSum,
};
use sudoku_engine::{Grid, HouseKind, Houses, Puzzle, Rule, Shape};

fn at(name: &str) -> usize {
    let (r, c) = name[1..].split_once('c').unwrap();
    (r.parse::<usize>().unwrap() - 1) * 9 + c.parse::<usize>().unwrap() - 1
}

fn cells(names: &str) -> Vec<usize> {
    names.split_whitespace().map(at).collect()
}

const fn row_of(cell: usize) -> usize {
    cell / 9
}
const fn col_of(cell: usize) -> usize {
    cell % 9
}
const fn box_of(cell: usize) -> usize {
    (cell / 27) * 3 + (cell % 9) / 3
}

fn empty() -> String {
    ".".repeat(81)
}

/// A puzzle of the standard houses plus `extra`, and `rules`; every killer cage is also a
/// house, as the link reader makes it.
fn puzzle(extra: Vec<(HouseKind, Vec<usize>)>, rules: Vec<Rule>) -> Puzzle {
    regions_puzzle(Houses::standard(Shape::NINE), extra, rules)
}

fn regions_puzzle(
    houses: Houses,
    mut extra: Vec<(HouseKind, Vec<usize>)>,
    rules: Vec<Rule>,
) -> Puzzle {
    for rule in &rules {
        if let Rule::Killer(_) = rule {
            if rule.cells().len() > 1 {
                extra.push((HouseKind::Cage, rule.cells().to_vec()));
            }
        }
    }
    Puzzle::new(
        Grid::parse(&empty()).unwrap(),
        houses.with_all_extra(extra),
        rules,
    )
}

fn cage(names: &str, sum: u32) -> Rule {
    Rule::Killer(Killer::new(cells(names), Some(sum), 9))
}

/// A position under `puzzle`: `digits` placed (one-line form), every other cell holding
/// every candidate except those `remove(cell, digit)` takes out.
fn position(puzzle: &Puzzle, digits: &str, remove: impl Fn(usize, u8) -> bool) -> Candidates {
    let grid = Grid::parse(digits).unwrap();
    let marks: Vec<u32> = (0..81)
        .map(|cell| {
            (1..=9u8)
                .filter(|&d| !remove(cell, d))
                .fold(0, |m, d| m | 1 << (d - 1))
        })
        .collect();
    Candidates::from_marks(&grid, &marks, puzzle)
}

/// Every candidate everywhere, under `rules` alone.
fn open(rules: Vec<Rule>) -> Candidates {
    position(&puzzle(Vec::new(), rules), &empty(), |_, _| false)
}

/// Keeps only `digits` as candidates in the cells named.
fn only<'a>(cells_and_digits: &'a [(&'a str, &'a [u8])]) -> impl Fn(usize, u8) -> bool + 'a {
    move |cell, d| {
        cells_and_digits
            .iter()
            .any(|(name, keep)| at(name) == cell && !keep.contains(&d))
    }
}

fn step(c: &Candidates, t: Technique) -> Option<Step> {
    next_step(c, &Settings::only(t))
}

fn eliminations(s: &Step) -> Vec<(usize, u8)> {
    let mut e = s.eliminations.clone();
    e.sort_unstable();
    e
}

/// (cell, digit) for every cell in `names` and every digit in `digits`, sorted.
fn expect(names: &str, digits: &[u8]) -> Vec<(usize, u8)> {
    let mut e: Vec<(usize, u8)> = cells(names)
        .into_iter()
        .flat_map(|c| digits.iter().map(move |&d| (c, d)))
        .collect();
    e.sort_unstable();
    e
}

/// Several `expect`s joined, sorted.
fn expect_all(parts: &[(&str, &[u8])]) -> Vec<(usize, u8)> {
    let mut e: Vec<(usize, u8)> = parts.iter().flat_map(|(n, d)| expect(n, d)).collect();
    e.sort_unstable();
    e
}

/// The step `t` finds, which must rest on rule `rule` and say `sentence` exactly.
fn rule_step(c: &Candidates, t: Technique, rule: usize, sentence: &str) -> Step {
    let s = step(c, t).unwrap_or_else(|| panic!("{t} applies"));
    assert_eq!(s.technique, t);
    assert_eq!(s.highlight.rules, vec![rule], "the step shows its rule");
    assert_eq!(s.explanation, sentence);
    s
}

// ---- Sums along lines and outside clues ----

#[test]
fn arrow_sum_bounds() {
    // The circle r1c1 is at most 4, so each of two shaft cells is at most 3; the circle is
    // at least 2.
    let p = puzzle(
        Vec::new(),
        vec![Rule::Arrow(Arrow::new(cells("r1c1"), cells("r1c2 r1c3")))],
    );
    let c = position(&p, &empty(), only(&[("r1c1", &[1, 2, 3, 4])]));
    let s = rule_step(
        &c,
        Technique::ArrowSum,
        0,
        "Arrow sum: by the arrow from r1c1 along r1c2 → r1c3, r1c1 cannot be 1, r1c2 cannot \
         be 4/5/6/7/8/9 and r1c3 cannot be 4/5/6/7/8/9",
    );
    assert_eq!(
        s.eliminations,
        expect_all(&[("r1c1", &[1]), ("r1c2 r1c3", &[4, 5, 6, 7, 8, 9])])
    );
}

fn row1_sandwich(sum: u32) -> Puzzle {
    puzzle(
        Vec::new(),
        vec![Rule::Sandwich(Sandwich::new((0..9).collect(), sum))],
    )
}

#[test]
fn sandwich_of_0_puts_1_next_to_9() {
    // 1 is at r1c5, so 9 is beside it.
    let c = position(
        &row1_sandwich(0),
        &format!("....1....{}", &empty()[9..]),
        |cell, d| d == 1 && row_of(cell) == 0,
    );
    let s = rule_step(
        &c,
        Technique::SandwichSum,
        0,
        "Sandwich sum: by the sandwich 0 along r1c1 → r1c9, r1c1 cannot be 9, r1c2 cannot be \
         9, r1c3 cannot be 9, r1c7 cannot be 9, r1c8 cannot be 9 and r1c9 cannot be 9",
    );
    assert_eq!(
        s.eliminations,
        expect("r1c1 r1c2 r1c3 r1c7 r1c8 r1c9", &[9])
    );
}

#[test]
fn sandwich_of_35_puts_1_and_9_at_the_ends() {
    // 2+3+...+8 = 35: all seven middle digits lie between the 1 and the 9.
    let c = position(&row1_sandwich(35), &empty(), |_, _| false);
    let s = step(&c, Technique::SandwichSum).expect("applies");
    assert_eq!(
        s.eliminations,
        expect_all(&[
            ("r1c1 r1c9", &[2, 3, 4, 5, 6, 7, 8]),
            ("r1c2 r1c3 r1c4 r1c5 r1c6 r1c7 r1c8", &[1, 9]),
        ])
    );
    assert_eq!(s.highlight.rules, vec![0]);
    assert!(s.explanation.contains("sandwich 35 along r1c1 → r1c9"));
    // A sum of 20 leaves the 1 and the 9 many places.
    let c = position(&row1_sandwich(20), &empty(), |_, _| false);
    assert_eq!(step(&c, Technique::SandwichSum), None);
}
