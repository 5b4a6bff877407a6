//! Each variant step on a position built by hand (issue 30): the rule's own deductions
//! with their exact eliminations or placements, the rule the step highlights and a
//! sentence that names it; the classic techniques seeing a variant's houses; and the
//! rules that change what is sound (cages are houses that need not hold every digit, and
//! uniqueness is off for variants). Positions start from an empty 9x9 grid with every
//! candidate, and remove candidates to make the pattern, as in `techniques.rs`.

mod common;

use common::{
    at, box_of, cells, col_of, eliminations, empty, expect, only, position_under, row_of, step,
};
use sudoku_engine::logic::{next_step, Candidates, Settings, Step, Technique};
use sudoku_engine::rules::{
    Arrow, Automaton, Between, CloneRule, Dot, Entropic, Extremum, IssRule, Killer, LittleKiller,
    Nfa, Palindrome, Parity, Quadruple, RegionSum, Relation, Renban, RuleKind, Sandwich,
    Thermometer, Whispers, XSum,
};
use sudoku_engine::{Grid, HouseKind, Houses, Puzzle, Rule, Shape};

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

/// Every candidate everywhere, under `rules` alone.
fn open(rules: Vec<Rule>) -> Candidates {
    position_under(&puzzle(Vec::new(), rules), &empty(), |_, _| false)
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

// ---- Killer cages ----

#[test]
fn killer_cage_combinations_list_the_sets_left() {
    // A 17 in two cells can only be 8+9, a 6 in three only 1+2+3; the first rule comes
    // first. A cage of one combination is a beginner's step, named so.
    let mut c = open(vec![cage("r9c9 r9c8", 17), cage("r1c1 r1c2 r1c3", 6)]);
    let s = rule_step(
        &c,
        Technique::Plain(RuleKind::Killer),
        0,
        "Cage of one combination: by the killer cage r9c8-r9c9 (17), which can only be 8+9, \
         r9c8 cannot be 1/2/3/4/5/6/7 and r9c9 cannot be 1/2/3/4/5/6/7",
    );
    assert_eq!(s.eliminations, expect("r9c8 r9c9", &[1, 2, 3, 4, 5, 6, 7]));
    assert_eq!(s.highlight.cells, cells("r9c8 r9c9"));
    c.apply(&s);
    let s = rule_step(
        &c,
        Technique::Plain(RuleKind::Killer),
        1,
        "Cage of one combination: by the killer cage r1c1-r1c3 (6), which can only be 1+2+3, \
         r1c1 cannot be 4/5/6/7/8/9, r1c2 cannot be 4/5/6/7/8/9 and r1c3 cannot be \
         4/5/6/7/8/9",
    );
    assert_eq!(
        s.eliminations,
        expect("r1c1 r1c2 r1c3", &[4, 5, 6, 7, 8, 9])
    );

    // A 10 in two cells, one of them 1/2/3: the other is 9/8/7, and 4-6 go.
    let p = puzzle(Vec::new(), vec![cage("r1c1 r1c2", 10)]);
    let c = position_under(&p, &empty(), only(&[("r1c1", &[1, 2, 3])]));
    let s = rule_step(
        &c,
        Technique::of(RuleKind::Killer),
        0,
        "Killer cage combinations: by the killer cage r1c1-r1c2 (10), which can only be \
         1+9 or 2+8 or 3+7, r1c2 cannot be 1/2/3/4/5/6",
    );
    assert_eq!(s.eliminations, expect("r1c2", &[1, 2, 3, 4, 5, 6]));
    // Once narrowed, the cage has nothing more to say.
    let c = position_under(
        &p,
        &empty(),
        only(&[("r1c1", &[1, 2, 3]), ("r1c2", &[7, 8, 9])]),
    );
    assert_eq!(step(&c, Technique::of(RuleKind::Killer)), None);
}

#[test]
fn needed_digit_leaves_cells_that_see_every_place() {
    // 8 in three cells is 1+2+5 or 1+3+4: every way holds a 1, so the rest of box 1
    // (which sees the whole L-shaped cage) cannot be 1; row 1 and column 1 see only part.
    let p = puzzle(Vec::new(), vec![cage("r1c1 r1c2 r2c1", 8)]);
    let c = position_under(&p, &empty(), |_, _| false);
    let s = step(&c, Technique::NeededDigit).expect("applies");
    assert_eq!(
        s.eliminations,
        expect("r1c3 r2c2 r2c3 r3c1 r3c2 r3c3", &[1])
    );
    assert_eq!(s.highlight.rules, vec![0]);
    assert_eq!(
        s.highlight.candidates,
        vec![(at("r1c1"), 1), (at("r1c2"), 1), (at("r2c1"), 1)]
    );
    assert_eq!(
        s.explanation,
        "Needed digit: every way to keep the killer cage r1c1-r2c1 (8) puts a 1 in r1c1, \
         r1c2, r2c1, so r1c3, r2c2, r2c3, r3c1, r3c2, r3c3 cannot be 1"
    );
    // With one place left for the 1 in the cage, it goes there.
    let c = position_under(&p, &empty(), |cell, d| {
        d == 1 && cells("r1c1 r1c2").contains(&cell)
    });
    let s = step(&c, Technique::NeededDigit).expect("applies");
    assert_eq!(
        (s.placements.clone(), s.eliminations.clone()),
        (vec![(at("r2c1"), 1)], vec![])
    );
    assert_eq!(
        s.explanation,
        "Needed digit: every way to keep the killer cage r1c1-r2c1 (8) puts a 1 in it, and \
         only r2c1 can hold it"
    );
    // A 10 in three cells (1+2+7, 1+3+6, 1+4+5, 2+3+5) needs no digit.
    let p = puzzle(Vec::new(), vec![cage("r1c1 r1c2 r2c1", 10)]);
    assert_eq!(
        step(
            &position_under(&p, &empty(), |_, _| false),
            Technique::NeededDigit
        ),
        None
    );
}

#[test]
fn rule_of_45_innies_of_one_row() {
    // Row 1 holds cages of 6, 15 and 17; the cell left, r1c9, is 45 - 38 = 7.
    let rules = vec![
        cage("r1c1 r1c2 r1c3", 6),
        cage("r1c4 r1c5 r1c6", 15),
        cage("r1c7 r1c8", 17),
    ];
    let s = step(&open(rules), Technique::RuleOf45).expect("applies");
    assert_eq!(s.eliminations, expect("r1c9", &[1, 2, 3, 4, 5, 6, 8, 9]));
    assert_eq!(s.highlight.cells, vec![at("r1c9")]);
    assert_eq!(s.highlight.houses, vec![0], "row 1");
    assert_eq!(s.highlight.rules, vec![0, 1, 2], "the three cages");
    assert_eq!(
        s.explanation,
        "Rule of 45: row 1 adds up to 45; the cages inside add up to 38, so r1c9 is 7; r1c9 \
         cannot be 1/2/3/4/5/6/8/9"
    );
    // With one cage, six cells are left: too many to add up.
    let rules = vec![cage("r1c1 r1c2 r1c3", 6)];
    assert_eq!(step(&open(rules), Technique::RuleOf45), None);
}

/// Dominoes down columns 1-7 of rows 1-2 with these sums.
fn dominoes(sums: [u32; 7]) -> Vec<Rule> {
    (0..7)
        .map(|c| Rule::Killer(Killer::new(vec![c, 9 + c], Some(sums[c]), 9)))
        .collect()
}

#[test]
fn rule_of_45_innies_of_two_rows() {
    // Seven dominoes add up to 80 in rows 1-2 (90): the four cells of box 3 left add up
    // to 10, and as they see each other they are 1+2+3+4. No single row, column or box has
    // few enough cells left to say anything first.
    let c = open(dominoes([11, 11, 11, 11, 11, 11, 14]));
    let s = step(&c, Technique::RuleOf45).expect("applies");
    assert_eq!(
        s.eliminations,
        expect("r1c8 r1c9 r2c8 r2c9", &[5, 6, 7, 8, 9])
    );
    assert_eq!(s.highlight.houses, vec![0, 1]);
    assert_eq!(s.highlight.rules, (0..7).collect::<Vec<_>>());
    assert_eq!(
        s.explanation,
        "Rule of 45: rows 1-2 add up to 90; the cages inside add up to 80, so r1c8, \
         r1c9, r2c8, r2c9 add up to 10; r1c8 cannot be 5/6/7/8/9, r1c9 cannot be 5/6/7/8/9, \
         r2c8 cannot be 5/6/7/8/9 and r2c9 cannot be 5/6/7/8/9"
    );
    // Dominoes adding up to 70 leave 20 for four distinct cells: every digit can be there.
    assert_eq!(
        step(
            &open(dominoes([11, 11, 11, 11, 11, 11, 4])),
            Technique::RuleOf45
        ),
        None
    );
}

#[test]
fn rule_of_45_outies() {
    // Row 1 is covered by a cage of five cells inside it (25) and one that also takes
    // r2c9 (21): the cages add up to 46, so r2c9, sticking out, is 1. The four innies
    // (r1c6-r1c9, adding up to 20) rule nothing out.
    let rules = vec![
        cage("r1c1 r1c2 r1c3 r1c4 r1c5", 25),
        cage("r1c6 r1c7 r1c8 r1c9 r2c9", 21),
    ];
    let s = step(&open(rules), Technique::RuleOf45).expect("applies");
    assert_eq!(s.eliminations, expect("r2c9", &[2, 3, 4, 5, 6, 7, 8, 9]));
    assert_eq!(
        s.explanation,
        "Rule of 45: the cages over row 1 add up to 46, 1 more than 45, so r2c9 outside is \
         1; r2c9 cannot be 2/3/4/5/6/7/8/9"
    );
    assert_eq!(
        s.highlight.rules,
        vec![0, 1],
        "both cages, the one sticking out too"
    );
}

#[test]
fn rule_of_45_with_a_cage_that_splits_a_box() {
    // Box 1 holds cages of 24, 6 and 9; the cage r3c3-r3c4 crosses into box 2, so its
    // cell in box 1 is an innie: r3c3 = 45 - 39 = 6.
    let rules = vec![
        cage("r1c1 r1c2 r1c3", 24),
        cage("r2c1 r2c2 r2c3", 6),
        cage("r3c1 r3c2", 9),
        cage("r3c3 r3c4", 10),
    ];
    let s = step(&open(rules), Technique::RuleOf45).expect("applies");
    assert_eq!(s.eliminations, expect("r3c3", &[1, 2, 3, 4, 5, 7, 8, 9]));
    assert_eq!(s.highlight.houses, vec![18], "box 1");
    assert_eq!(s.highlight.rules, vec![0, 1, 2], "the cages inside box 1");
    assert_eq!(
        s.explanation,
        "Rule of 45: box 1 adds up to 45; the cages inside add up to 39, so r3c3 is 6; r3c3 \
         cannot be 1/2/3/4/5/7/8/9"
    );
}

// ---- Sums along lines and outside clues ----

#[test]
fn arrow_sum_bounds() {
    // The circle r1c1 is at most 4, so each of two shaft cells is at most 3; the shaft's
    // cells share row 1, so they add up to at least 1+2 and the circle is 3 or 4.
    let p = puzzle(
        Vec::new(),
        vec![Rule::Arrow(Arrow::new(cells("r1c1"), cells("r1c2 r1c3")))],
    );
    let c = position_under(&p, &empty(), only(&[("r1c1", &[1, 2, 3, 4])]));
    let s = rule_step(
        &c,
        Technique::of(RuleKind::Arrow),
        0,
        "Arrow sum: by the arrow from r1c1 along r1c2 → r1c3, r1c1 cannot be 1/2, r1c2 cannot \
         be 4/5/6/7/8/9 and r1c3 cannot be 4/5/6/7/8/9",
    );
    assert_eq!(
        s.eliminations,
        expect_all(&[("r1c1", &[1, 2]), ("r1c2 r1c3", &[4, 5, 6, 7, 8, 9])])
    );
}

#[test]
fn arrow_bounds_alone_are_a_beginner_s_step() {
    // Shaft cells that see neither each other nor the circle: the circle is at least
    // 1+1, each shaft cell at most 9-1, as the bounds alone say.
    let p = puzzle(
        Vec::new(),
        vec![Rule::Arrow(Arrow::new(cells("r1c1"), cells("r5c5 r9c9")))],
    );
    let s = rule_step(
        &open(p.rules().to_vec()),
        Technique::Plain(RuleKind::Arrow),
        0,
        "Arrow bounds: by the arrow from r1c1 along r5c5 → r9c9, r1c1 cannot be 1, r5c5 \
         cannot be 9 and r9c9 cannot be 9",
    );
    assert_eq!(
        s.eliminations,
        expect_all(&[("r1c1", &[1]), ("r5c5 r9c9", &[9])])
    );
}

#[test]
fn little_killer_sum() {
    // Three cells on a diagonal adding up to 6, all in box 1: 1+2+3.
    let c = open(vec![Rule::LittleKiller(LittleKiller::new(
        cells("r1c3 r2c2 r3c1"),
        6,
    ))]);
    let s = rule_step(
        &c,
        Technique::of(RuleKind::LittleKiller),
        0,
        "Little killer sum: by the little killer 6 along r1c3 → r2c2 → r3c1, r1c3 cannot be \
         4/5/6/7/8/9, r2c2 cannot be 4/5/6/7/8/9 and r3c1 cannot be 4/5/6/7/8/9",
    );
    assert_eq!(
        s.eliminations,
        expect("r1c3 r2c2 r3c1", &[4, 5, 6, 7, 8, 9])
    );
    // Two cells in different boxes may repeat a digit: a 2 is 1+1.
    let c = open(vec![Rule::LittleKiller(LittleKiller::new(
        cells("r3c3 r4c4"),
        2,
    ))]);
    let s = step(&c, Technique::of(RuleKind::LittleKiller)).expect("applies");
    assert_eq!(
        s.eliminations,
        expect("r3c3 r4c4", &[2, 3, 4, 5, 6, 7, 8, 9])
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
    let c = position_under(
        &row1_sandwich(0),
        &format!("....1....{}", &empty()[9..]),
        |cell, d| d == 1 && row_of(cell) == 0,
    );
    let s = rule_step(
        &c,
        Technique::of(RuleKind::Sandwich),
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
    let c = position_under(&row1_sandwich(35), &empty(), |_, _| false);
    let s = step(&c, Technique::of(RuleKind::Sandwich)).expect("applies");
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
    let c = position_under(&row1_sandwich(20), &empty(), |_, _| false);
    assert_eq!(step(&c, Technique::of(RuleKind::Sandwich)), None);
}

#[test]
fn region_sum_line() {
    // r2c3 in box 1 against r2c4 + r2c5 in box 2: one cell is the sum of two different
    // digits of row 2, so at least 1+2.
    let line = RegionSum::new(cells("r2c3 r2c4 r2c5"), |c| Some(box_of(c)));
    let c = open(vec![Rule::RegionSum(line)]);
    let s = rule_step(
        &c,
        Technique::of(RuleKind::RegionSum),
        0,
        "Region sum line: by the region-sum line r2c3 → r2c5, r2c3 cannot be 1/2, r2c4 cannot \
         be 9 and r2c5 cannot be 9",
    );
    assert_eq!(
        s.eliminations,
        expect_all(&[("r2c3", &[1, 2]), ("r2c4 r2c5", &[9])])
    );
}

#[test]
fn x_sum_clue() {
    // The first X cells of row 1, all different, add up to 10: X is 2 (2+8), 3 (3+1+6,
    // 3+2+5) or 4 (4+1+2+3); five cells add up to at least 15. So r1c2 is 1, 2, 3, 5, 6 or 8.
    let c = open(vec![Rule::XSum(XSum::new((0..9).collect(), 10))]);
    let s = rule_step(
        &c,
        Technique::of(RuleKind::XSum),
        0,
        "X-sum clue: by the x-sum 10 along r1c1 → r1c9, r1c1 cannot be 1/5/6/7/8/9 and r1c2 \
         cannot be 4/7/9",
    );
    assert_eq!(
        s.eliminations,
        expect_all(&[("r1c1", &[1, 5, 6, 7, 8, 9]), ("r1c2", &[4, 7, 9])])
    );
}

// ---- Lines ----

#[test]
fn thermometer_bounds() {
    let c = open(vec![Rule::Thermometer(Thermometer::new(
        cells("r1c1 r1c2 r1c3"),
        false,
    ))]);
    let s = rule_step(
        &c,
        Technique::of(RuleKind::Thermometer),
        0,
        "Thermometer bounds: by the thermometer r1c1 → r1c3, whose digits rise from the bulb, \
         r1c1 cannot be 8/9, r1c2 cannot be 1/9 and r1c3 cannot be 1/2",
    );
    assert_eq!(
        s.eliminations,
        expect_all(&[("r1c1", &[8, 9]), ("r1c2", &[1, 9]), ("r1c3", &[1, 2])])
    );
}

#[test]
fn slow_thermometer_bounds() {
    // From a bulb of 4 or 5 a slow thermometer never falls below 4; r3c3 and r4c4 share
    // no house, so it may stay level.
    let therm = |slow| {
        puzzle(
            Vec::new(),
            vec![Rule::Thermometer(Thermometer::new(
                cells("r3c3 r4c4"),
                slow,
            ))],
        )
    };
    let bulb = only(&[("r3c3", &[4, 5])]);
    let s = rule_step(
        &position_under(&therm(true), &empty(), &bulb),
        Technique::of(RuleKind::Thermometer),
        0,
        "Thermometer bounds: by the slow thermometer r3c3 → r4c4, whose digits never fall \
         from the bulb, r4c4 cannot be 1/2/3",
    );
    assert_eq!(s.eliminations, expect("r4c4", &[1, 2, 3]));
    // A plain one rises: r4c4 is at least 5.
    let s = step(
        &position_under(&therm(false), &empty(), &bulb),
        Technique::of(RuleKind::Thermometer),
    )
    .expect("applies");
    assert_eq!(s.eliminations, expect("r4c4", &[1, 2, 3, 4]));
}

#[test]
fn between_line_bounds() {
    // Ends 2/3 and 7/8: the cells between lie strictly between 2 and 8.
    let p = puzzle(
        Vec::new(),
        vec![Rule::Between(Between::new(cells("r1c1 r1c2 r1c3 r1c4")))],
    );
    let c = position_under(&p, &empty(), only(&[("r1c1", &[2, 3]), ("r1c4", &[7, 8])]));
    let s = rule_step(
        &c,
        Technique::of(RuleKind::Between),
        0,
        "Between line bounds: by the between line r1c1 → r1c4, whose digits lie strictly \
         between its circles, r1c2 cannot be 1/2/8/9 and r1c3 cannot be 1/2/8/9",
    );
    assert_eq!(s.eliminations, expect("r1c2 r1c3", &[1, 2, 8, 9]));
}

#[test]
fn german_whispers_cannot_hold_5() {
    let c = open(vec![Rule::Whispers(Whispers::new(cells("r1c1 r1c2"), 5))]);
    let s = rule_step(
        &c,
        Technique::of(RuleKind::Whispers),
        0,
        "Whispers: by the German whispers r1c1 → r1c2, where neighbours differ by at least 5, \
         r1c1 cannot be 5 and r1c2 cannot be 5",
    );
    assert_eq!(s.eliminations, expect("r1c1 r1c2", &[5]));
}

#[test]
fn german_whispers_alternate_high_and_low() {
    // The middle cell is low (1-4), so both its neighbours are high (6-9); a 4 would need
    // a 9 on both sides, twice in row 1.
    let p = puzzle(
        Vec::new(),
        vec![Rule::Whispers(Whispers::new(cells("r1c1 r1c2 r1c3"), 5))],
    );
    let c = position_under(&p, &empty(), |cell, d| {
        cell == at("r1c2") && d > 4 || (cell != at("r1c2") && d == 5)
    });
    let s = step(&c, Technique::of(RuleKind::Whispers)).expect("applies");
    assert_eq!(
        s.eliminations,
        expect_all(&[("r1c1 r1c3", &[1, 2, 3, 4]), ("r1c2", &[4])])
    );
    assert_eq!(s.highlight.rules, vec![0]);
    assert!(s
        .explanation
        .starts_with("Whispers: by the German whispers r1c1 → r1c3"));
}

#[test]
fn renban_run() {
    // A run of three through 1 or 2 is 1-2-3 or 2-3-4.
    let p = puzzle(
        Vec::new(),
        vec![Rule::Renban(Renban::new(cells("r1c1 r1c2 r1c3")))],
    );
    let c = position_under(&p, &empty(), only(&[("r1c1", &[1, 2])]));
    let s = rule_step(
        &c,
        Technique::of(RuleKind::Renban),
        0,
        "Renban run: by the renban line r1c1 → r1c3, which holds a run of consecutive digits \
         in any order, r1c2 cannot be 5/6/7/8/9 and r1c3 cannot be 5/6/7/8/9",
    );
    assert_eq!(s.eliminations, expect("r1c2 r1c3", &[5, 6, 7, 8, 9]));
}

#[test]
fn palindrome_cells_are_equal() {
    let p = puzzle(
        Vec::new(),
        vec![Rule::Palindrome(Palindrome::new(cells("r3c3 r4c4")))],
    );
    let c = position_under(
        &p,
        &empty(),
        only(&[("r3c3", &[1, 2, 3]), ("r4c4", &[2, 3, 4])]),
    );
    let s = rule_step(
        &c,
        Technique::of(RuleKind::Palindrome),
        0,
        "Palindrome and clone cells: by the palindrome r3c3 → r4c4, r3c3 cannot be 1 and r4c4 \
         cannot be 4",
    );
    assert_eq!(s.eliminations, vec![(at("r3c3"), 1), (at("r4c4"), 4)]);
}

#[test]
fn clone_cells_are_equal() {
    // r1c1-r1c2 is cloned at r4c4-r4c5.
    let p = puzzle(
        Vec::new(),
        vec![Rule::Clone(CloneRule::new(
            cells("r1c1 r1c2"),
            cells("r4c4 r4c5"),
        ))],
    );
    let c = position_under(&p, &empty(), only(&[("r1c1", &[1, 2]), ("r4c5", &[5, 6])]));
    let s = rule_step(
        &c,
        Technique::of(RuleKind::Palindrome),
        0,
        "Palindrome and clone cells: by the clone of r1c1-r1c2 at r4c4-r4c5, r1c2 cannot be \
         1/2/3/4/7/8/9 and r4c4 cannot be 3/4/5/6/7/8/9",
    );
    assert_eq!(
        s.eliminations,
        expect_all(&[
            ("r1c2", &[1, 2, 3, 4, 7, 8, 9]),
            ("r4c4", &[3, 4, 5, 6, 7, 8, 9])
        ])
    );
}

#[test]
fn entropic_line_groups() {
    // r1c1 is low (1-3): every third cell on is low too, and the two between are not.
    let p = puzzle(
        Vec::new(),
        vec![Rule::Entropic(Entropic::new(cells("r1c1 r1c2 r1c3 r1c4")))],
    );
    let c = position_under(&p, &empty(), only(&[("r1c1", &[1, 2, 3])]));
    let s = rule_step(
        &c,
        Technique::of(RuleKind::Entropic),
        0,
        "Entropic and modular lines: by the entropic line r1c1 → r1c4, r1c2 cannot be 1/2/3, \
         r1c3 cannot be 1/2/3 and r1c4 cannot be 4/5/6/7/8/9",
    );
    assert_eq!(
        s.eliminations,
        expect_all(&[("r1c2 r1c3", &[1, 2, 3]), ("r1c4", &[4, 5, 6, 7, 8, 9])])
    );
}

// ---- Automata ----

#[test]
fn an_automaton_steps_under_the_rule_it_states() {
    // Two cells whose digits are 1 then 2: an automaton of three states.
    let nfa = Nfa::new(
        vec![0],
        vec![false, false, true],
        vec![vec![(0b1, 1)], vec![(0b10, 2)], vec![]],
    )
    .expect("an automaton");
    let pattern = |label: &str| {
        let line = Automaton::new(vec![cells("r1c1 r1c2")], nfa.clone(), label.into());
        open(vec![Rule::Automaton(line)])
    };
    let lost = |cell: &str, keep: u8| {
        let rest: Vec<u8> = (1..=9).filter(|&d| d != keep).collect();
        expect(cell, &rest)
    };
    let cage = pattern("Equality cage");
    let s = rule_step(
        &cage,
        Technique::IssRule(IssRule::EqualityCage),
        0,
        "Equality cage: by the equality cage of 2 cells from r1c1, r1c1 cannot be \
         2/3/4/5/6/7/8/9 and r1c2 cannot be 1/3/4/5/6/7/8/9",
    );
    assert_eq!(s.eliminations, [lost("r1c1", 1), lost("r1c2", 2)].concat());
    assert_eq!(step(&cage, Technique::of(RuleKind::Automaton)), None);
    // An engine rule's name names its technique; any other label, a line pattern.
    let skyscraper = pattern("Skyscraper clue");
    assert!(step(&skyscraper, Technique::of(RuleKind::Skyscraper)).is_some());
    let own = pattern("rising");
    let s = step(&own, Technique::of(RuleKind::Automaton)).expect("a line pattern step");
    assert!(s
        .explanation
        .starts_with("Line patterns: by the line pattern rising of 2 cells"));
}

// ---- Dots ----

fn dot(relation: Relation) -> Puzzle {
    puzzle(
        Vec::new(),
        vec![Rule::Dot(Dot::new(at("r1c1"), at("r1c2"), relation, 9))],
    )
}

#[test]
fn kropki_white_dot() {
    let c = position_under(
        &dot(Relation::Difference(1)),
        &empty(),
        only(&[("r1c1", &[1, 5])]),
    );
    let s = rule_step(
        &c,
        Technique::of(RuleKind::Dot),
        0,
        "Kropki and XV pairs: by the white dot between r1c1 and r1c2, r1c2 cannot be \
         1/3/5/7/8/9",
    );
    assert_eq!(s.eliminations, expect("r1c2", &[1, 3, 5, 7, 8, 9]));
}

#[test]
fn kropki_black_dot() {
    // No digit doubles or halves into 5, 7 or 9: a beginner's step, named so.
    let c = position_under(&dot(Relation::Ratio(2)), &empty(), |_, _| false);
    let s = rule_step(
        &c,
        Technique::Plain(RuleKind::Dot),
        0,
        "Dot partners: by the black dot between r1c1 and r1c2, r1c1 cannot be 5/7/9 and \
         r1c2 cannot be 5/7/9",
    );
    assert_eq!(s.eliminations, expect("r1c1 r1c2", &[5, 7, 9]));
}

#[test]
fn x_and_v() {
    let c = position_under(
        &dot(Relation::Sum(10)),
        &empty(),
        only(&[("r1c1", &[1, 2, 3])]),
    );
    let s = rule_step(
        &c,
        Technique::of(RuleKind::Dot),
        0,
        "Kropki and XV pairs: by the X between r1c1 and r1c2, r1c2 cannot be 1/2/3/4/5/6",
    );
    assert_eq!(s.eliminations, expect("r1c2", &[1, 2, 3, 4, 5, 6]));
    let c = position_under(&dot(Relation::Sum(5)), &empty(), |_, _| false);
    let s = rule_step(
        &c,
        Technique::Plain(RuleKind::Dot),
        0,
        "Dot partners: by the V between r1c1 and r1c2, r1c1 cannot be 5/6/7/8/9 and \
         r1c2 cannot be 5/6/7/8/9",
    );
    assert_eq!(s.eliminations, expect("r1c1 r1c2", &[5, 6, 7, 8, 9]));
}

#[test]
fn negative_dots() {
    // Non-consecutive: next to a 5, no 4 or 6 (nor a 5, in the same row).
    let c = position_under(
        &dot(Relation::NoneOf(vec![Relation::Difference(1)])),
        &empty(),
        only(&[("r1c1", &[5])]),
    );
    let s = step(&c, Technique::of(RuleKind::Dot)).expect("applies");
    assert_eq!(s.eliminations, expect("r1c2", &[4, 5, 6]));
    assert_eq!(s.highlight.rules, vec![0]);
    assert!(
        s.explanation
            .starts_with("Kropki and XV pairs: by the no-white-dot rule between r1c1 and r1c2,"),
        "{}",
        s.explanation
    );
    // No X and no V: next to a 3, no 7 and no 2 (nor a 3).
    let c = position_under(
        &dot(Relation::NoneOf(vec![Relation::Sum(10), Relation::Sum(5)])),
        &empty(),
        only(&[("r1c1", &[3])]),
    );
    let s = step(&c, Technique::of(RuleKind::Dot)).expect("applies");
    assert_eq!(s.eliminations, expect("r1c2", &[2, 3, 7]));
    assert!(s
        .explanation
        .contains("the no-X-or-V rule between r1c1 and r1c2"));
}

// ---- Single cells and quadruples ----

#[test]
fn odd_and_even_cells() {
    let c = open(vec![
        Rule::Parity(Parity::new(at("r1c1"), true)),
        Rule::Parity(Parity::new(at("r1c2"), false)),
    ]);
    let s = rule_step(
        &c,
        Technique::of(RuleKind::Parity),
        0,
        "Odd and even cells: by the odd cell at r1c1, which is odd, r1c1 cannot be 2/4/6/8",
    );
    assert_eq!(s.eliminations, expect("r1c1", &[2, 4, 6, 8]));
    let mut c = c;
    c.apply(&s);
    let s = rule_step(
        &c,
        Technique::of(RuleKind::Parity),
        1,
        "Odd and even cells: by the even cell at r1c2, which is even, r1c2 cannot be 1/3/5/7/9",
    );
    assert_eq!(s.eliminations, expect("r1c2", &[1, 3, 5, 7, 9]));
}

#[test]
fn minimum_and_maximum_cells() {
    let around = cells("r1c2 r2c1 r2c3 r3c2");
    let c = open(vec![Rule::Extremum(Extremum::new(
        at("r2c2"),
        around.clone(),
        true,
    ))]);
    let s = rule_step(
        &c,
        Technique::of(RuleKind::Extremum),
        0,
        "Minimum and maximum: by the maximum cell r2c2, r1c2 cannot be 9, r2c1 cannot be 9, \
         r2c2 cannot be 1, r2c3 cannot be 9 and r3c2 cannot be 9",
    );
    assert_eq!(
        s.eliminations,
        expect_all(&[("r1c2 r2c1 r2c3 r3c2", &[9]), ("r2c2", &[1])])
    );
    let c = open(vec![Rule::Extremum(Extremum::new(
        at("r2c2"),
        around,
        false,
    ))]);
    let s = step(&c, Technique::of(RuleKind::Extremum)).expect("applies");
    assert_eq!(
        s.eliminations,
        expect_all(&[("r1c2 r2c1 r2c3 r3c2", &[1]), ("r2c2", &[9])])
    );
    assert!(s.explanation.contains("minimum cell r2c2"));
}

#[test]
fn quadruple_digits() {
    // Four cells that must hold 1, 2, 3 and 4 hold nothing else.
    let c = open(vec![Rule::Quadruple(Quadruple::new(
        cells("r1c1 r1c2 r2c1 r2c2"),
        vec![1, 2, 3, 4],
    ))]);
    let s = step(&c, Technique::of(RuleKind::Quadruple)).expect("applies");
    assert_eq!(
        s.eliminations,
        expect("r1c1 r1c2 r2c1 r2c2", &[5, 6, 7, 8, 9])
    );
    assert_eq!(s.highlight.rules, vec![0]);
    assert!(
        s.explanation
            .starts_with("Quadruple digits: by the quadruple r1c1-r2c2 (1234)"),
        "{}",
        s.explanation
    );
    // Two digits in four cells leave every candidate.
    let c = open(vec![Rule::Quadruple(Quadruple::new(
        cells("r1c1 r1c2 r2c1 r2c2"),
        vec![1, 2],
    ))]);
    assert_eq!(step(&c, Technique::of(RuleKind::Quadruple)), None);
}

// ---- Rules that are houses: every technique sees them ----

/// The pairs of cells a move apart as houses of `kind`, as the link reader adds them.
fn moves(kind: HouseKind) -> Vec<(HouseKind, Vec<usize>)> {
    kind.move_pairs(Shape::NINE)
        .into_iter()
        .map(|p| (kind, p))
        .collect()
}

fn givens(placed: &[(&str, u8)]) -> Grid {
    let mut grid = Grid::parse(&empty()).unwrap();
    for &(name, d) in placed {
        grid.set(at(name), d);
    }
    grid
}

/// The candidates `from_grid` gives under these houses.
fn from_grid(grid: &Grid, extra: Vec<(HouseKind, Vec<usize>)>) -> Candidates {
    let houses = Houses::standard(Shape::NINE).with_all_extra(extra);
    Candidates::from_grid(grid, &Puzzle::new(grid.clone(), houses, Vec::new()))
}

#[test]
fn anti_knight_makes_a_naked_single() {
    // r5c5's row, column and box leave it 8 or 9; the 9 a knight's move away at r3c4
    // leaves 8.
    let grid = givens(&[
        ("r5c1", 1),
        ("r5c2", 2),
        ("r5c3", 3),
        ("r5c7", 4),
        ("r1c5", 5),
        ("r2c5", 6),
        ("r9c5", 7),
        ("r3c4", 9),
    ]);
    let c = from_grid(&grid, moves(HouseKind::Knight));
    let s = step(&c, Technique::NakedSingle).expect("applies");
    assert_eq!(s.placements, vec![(at("r5c5"), 8)]);
    assert_eq!(s.explanation, "Naked single: r5c5 can only be 8");
    assert_eq!(
        step(&from_grid(&grid, Vec::new()), Technique::NakedSingle),
        None
    );
}

#[test]
fn anti_king_makes_a_naked_single() {
    // r3c3 is left 8 or 9 by its row, column and box; the 9 a king's move away at r4c4
    // (in box 5) leaves 8.
    let grid = givens(&[
        ("r3c5", 1),
        ("r3c6", 2),
        ("r3c7", 3),
        ("r3c8", 4),
        ("r6c3", 5),
        ("r7c3", 6),
        ("r8c3", 7),
        ("r4c4", 9),
    ]);
    let s = step(
        &from_grid(&grid, moves(HouseKind::King)),
        Technique::NakedSingle,
    )
    .expect("applies");
    assert_eq!(s.placements, vec![(at("r3c3"), 8)]);
    assert_eq!(
        step(&from_grid(&grid, Vec::new()), Technique::NakedSingle),
        None
    );
}

fn main_diagonal() -> (HouseKind, Vec<usize>) {
    (HouseKind::Diagonal, (0..9).map(|i| i * 10).collect())
}

#[test]
fn hidden_single_on_the_main_diagonal() {
    let p = puzzle(vec![main_diagonal()], Vec::new());
    let on_diagonal = |cell: usize| row_of(cell) == col_of(cell);
    let c = position_under(&p, &empty(), |cell, d| {
        d == 5 && on_diagonal(cell) && cell != at("r5c5")
    });
    let s = step(&c, Technique::HiddenSingle).expect("applies");
    assert_eq!(s.placements, vec![(at("r5c5"), 5)]);
    assert_eq!(s.highlight.houses, vec![27]);
    assert_eq!(
        s.explanation,
        "Hidden single: 5 has one place left in the main diagonal, r5c5"
    );
    // Without the diagonal as a house there is no single.
    let c = position_under(&puzzle(Vec::new(), vec![]), &empty(), |cell, d| {
        d == 5 && on_diagonal(cell) && cell != at("r5c5")
    });
    assert_eq!(step(&c, Technique::HiddenSingle), None);
}

#[test]
fn hidden_single_in_a_disjoint_set() {
    // Disjoint set 1: the top-left cell of every box.
    let sets: Vec<(HouseKind, Vec<usize>)> = (0..9)
        .map(|place| {
            let set = (0..81)
                .filter(|&cell| (row_of(cell) % 3) * 3 + col_of(cell) % 3 == place)
                .collect();
            (HouseKind::Disjoint, set)
        })
        .collect();
    let first = sets[0].1.clone();
    let p = puzzle(sets, Vec::new());
    let c = position_under(&p, &empty(), |cell, d| {
        d == 5 && first.contains(&cell) && cell != at("r4c4")
    });
    let s = step(&c, Technique::HiddenSingle).expect("applies");
    assert_eq!(s.placements, vec![(at("r4c4"), 5)]);
    assert_eq!(s.highlight.houses, vec![27]);
    assert_eq!(
        s.explanation,
        "Hidden single: 5 has one place left in disjoint set 1, r4c4"
    );
}

#[test]
fn claiming_from_an_extra_region() {
    // Extra region r2c2-r4c4: its 4 lies only in row 2, so the rest of row 2 loses it.
    let region = cells("r2c2 r2c3 r2c4 r3c2 r3c3 r3c4 r4c2 r4c3 r4c4");
    let p = puzzle(vec![(HouseKind::ExtraRegion, region.clone())], Vec::new());
    let c = position_under(&p, &empty(), |cell, d| {
        d == 4 && region.contains(&cell) && row_of(cell) != 1
    });
    let s = step(&c, Technique::Claiming).expect("applies");
    assert_eq!(
        s.highlight.houses,
        vec![27, 1],
        "extra region 1, then row 2"
    );
    assert_eq!(
        eliminations(&s),
        expect("r2c1 r2c5 r2c6 r2c7 r2c8 r2c9", &[4])
    );
    assert_eq!(
        s.explanation,
        "Claiming: in extra region 1, 4 lies only in row 2 (r2c2, r2c3, r2c4), so it can be \
         removed from the rest of row 2"
    );
}

#[test]
fn pointing_from_an_irregular_region() {
    // Regions 1 and 2 swap r1c3 and r1c4. In region 1, 5 lies only in row 1 (r1c1, r1c2,
    // r1c4): the rest of row 1, r1c3 included, loses it.
    let mut regions: Vec<Vec<usize>> = (0..9)
        .map(|b| (0..81).filter(|&cell| box_of(cell) == b).collect())
        .collect();
    let (r1c3, r1c4) = (at("r1c3"), at("r1c4"));
    regions[0].retain(|&x| x != r1c3);
    regions[0].push(r1c4);
    regions[1].retain(|&x| x != r1c4);
    regions[1].push(r1c3);
    let region1 = regions[0].clone();
    let p = regions_puzzle(
        Houses::lines_and(Shape::NINE, regions),
        Vec::new(),
        Vec::new(),
    );
    let c = position_under(&p, &empty(), |cell, d| {
        d == 5 && region1.contains(&cell) && row_of(cell) != 0
    });
    let s = step(&c, Technique::Pointing).expect("applies");
    assert_eq!(
        eliminations(&s),
        expect("r1c3 r1c5 r1c6 r1c7 r1c8 r1c9", &[5])
    );
    assert_eq!(
        s.explanation,
        "Pointing: in region 1, 5 lies only in row 1 (r1c1, r1c2, r1c4), so it can be removed \
         from the rest of row 1"
    );
}

#[test]
fn naked_pair_in_a_cage() {
    // r1c3 and r2c4 share only the cage; as a pair of 1/2 they leave its third cell.
    let p = puzzle(
        Vec::new(),
        vec![Rule::Killer(Killer::new(cells("r1c3 r1c4 r2c4"), None, 9))],
    );
    let c = position_under(&p, &empty(), only(&[("r1c3", &[1, 2]), ("r2c4", &[1, 2])]));
    let s = step(&c, Technique::NakedPair).expect("applies");
    assert_eq!(eliminations(&s), expect("r1c4", &[1, 2]));
    assert_eq!(
        s.explanation,
        "Naked pair 1/2 in cage r1c3-r2c4 (r1c3, r2c4): remove 1/2 from the other cells of \
         cage r1c3-r2c4"
    );
}

// ---- Rules that change what is sound ----

#[test]
fn a_cage_gives_no_hidden_single() {
    // 9 has one place in the three-cell cage, but the cage need not hold a 9.
    let p = puzzle(
        Vec::new(),
        vec![Rule::Killer(Killer::new(cells("r1c1 r1c2 r1c3"), None, 9))],
    );
    let c = position_under(&p, &empty(), |cell, d| {
        d == 9 && cells("r1c2 r1c3").contains(&cell)
    });
    assert_eq!(step(&c, Technique::HiddenSingle), None);
    // Nor a hidden pair: 8 and 9 lie only in r1c1 and r1c2 of the cage.
    let c = position_under(&p, &empty(), |cell, d| d >= 8 && cell == at("r1c3"));
    assert_eq!(step(&c, Technique::HiddenPair), None);
}

#[test]
fn a_cage_gives_no_full_house() {
    let p = puzzle(
        Vec::new(),
        vec![Rule::Killer(Killer::new(cells("r1c1 r1c2 r1c3"), None, 9))],
    );
    let c = position_under(&p, &format!("12.......{}", &empty()[9..]), |cell, d| {
        d <= 2 && (row_of(cell) == 0 || box_of(cell) == 0)
    });
    assert_eq!(step(&c, Technique::FullHouse), None);
}

#[test]
fn uniqueness_is_off_for_variants() {
    // The unique rectangle of techniques.rs: on classic rules it removes 1/2 from r2c4.
    let rectangle = only(&[
        ("r1c1", &[1, 2]),
        ("r1c4", &[1, 2]),
        ("r2c1", &[1, 2]),
        ("r2c4", &[1, 2, 3]),
    ]);
    let settings = Settings::only(Technique::UniqueRectangle1).unique(true);
    let classic = position_under(&puzzle(Vec::new(), Vec::new()), &empty(), &rectangle);
    assert!(next_step(&classic, &settings).is_some());
    // An odd cell far away changes nothing in the rectangle, but the rules are no longer
    // the classic ones the proof rests on.
    let odd = puzzle(
        Vec::new(),
        vec![Rule::Parity(Parity::new(at("r9c9"), true))],
    );
    assert_eq!(
        next_step(&position_under(&odd, &empty(), &rectangle), &settings),
        None
    );
    let diagonal = puzzle(vec![main_diagonal()], Vec::new());
    assert_eq!(
        next_step(&position_under(&diagonal, &empty(), &rectangle), &settings),
        None
    );
    let settings = Settings::default()
        .unique(true)
        .keeping(|t| t.needs_uniqueness());
    assert_eq!(
        next_step(&position_under(&odd, &empty(), &rectangle), &settings),
        None
    );
}

#[test]
fn alternating_inference_chain_through_a_kropki_dot() {
    // A white dot joins r1c1 (4/5) and r1c2 (5/6): if r1c1 is 4, r1c2 is 5. So r1c1 or
    // r1c2 is 5, and the rest of row 1 and box 1 is not.
    let p = dot(Relation::Difference(1));
    let c = position_under(&p, &empty(), only(&[("r1c1", &[4, 5]), ("r1c2", &[5, 6])]));
    assert_eq!(
        step(&c, Technique::of(RuleKind::Dot)),
        None,
        "each digit has a partner"
    );
    let s = step(&c, Technique::Aic).expect("applies");
    assert_eq!(
        eliminations(&s),
        expect(
            "r1c3 r1c4 r1c5 r1c6 r1c7 r1c8 r1c9 r2c1 r2c2 r2c3 r3c1 r3c2 r3c3",
            &[5]
        )
    );
    // The chain's middle link is the dot's: r1c1 is 4, so r1c2 is not 6.
    assert!(
        s.highlight
            .links
            .iter()
            .any(|l| !l.strong && l.from == (at("r1c1"), 4) && l.to == (at("r1c2"), 6)),
        "{:?}",
        s.highlight.links
    );
    assert_eq!(s.highlight.rules, vec![0], "the dot is shown");
    assert_eq!(
        s.explanation,
        "Alternating inference chain: r1c1(5) - r1c1(4) - r1c2(6) - r1c2(5) (through the white \
         dot between r1c1 and r1c2) — if r1c1 is not 5, r1c2 is 5; either way r1c3(5), \
         r1c4(5), r1c5(5), r1c6(5), r1c7(5), r1c8(5), r1c9(5), r2c1(5), r2c2(5), r2c3(5), \
         r3c1(5), r3c2(5), r3c3(5) cannot stay"
    );
    // Without the dot, 4 and 6 may sit side by side.
    let plain = position_under(
        &puzzle(Vec::new(), Vec::new()),
        &empty(),
        only(&[("r1c1", &[4, 5]), ("r1c2", &[5, 6])]),
    );
    assert_eq!(step(&plain, Technique::Aic), None);
}

#[test]
fn forcing_chain_through_a_rule() {
    // r1c1 is 1/2. If it were 1, r1c2 (1/5) and r1c3 (1/6) would be 5 and 6, which the
    // non-consecutive rule between them forbids.
    let keep = only(&[("r1c1", &[1, 2]), ("r1c2", &[1, 5]), ("r1c3", &[1, 6])]);
    let rule = Dot::new(
        at("r1c2"),
        at("r1c3"),
        Relation::NoneOf(vec![Relation::Difference(1)]),
        9,
    );
    let p = puzzle(Vec::new(), vec![Rule::Dot(rule)]);
    let c = position_under(&p, &empty(), &keep);
    assert_eq!(
        step(&c, Technique::of(RuleKind::Dot)),
        None,
        "each digit has a partner"
    );
    let s = step(&c, Technique::ForcingChain).expect("applies");
    assert_eq!(
        (s.placements.clone(), s.eliminations.clone()),
        (vec![], vec![(at("r1c1"), 1)])
    );
    assert_eq!(
        s.explanation,
        "Forcing chain: if r1c1 were 1, the singles, locked candidates, pairs and rules that \
         follow would break the no-white-dot rule between r1c2 and r1c3; so it is not 1"
    );
    assert_eq!(s.highlight.rules, vec![0], "the rule that breaks is shown");
    let plain = position_under(&puzzle(Vec::new(), Vec::new()), &empty(), &keep);
    assert_ne!(
        step(&plain, Technique::ForcingChain).map(|s| s.eliminations),
        Some(vec![(at("r1c1"), 1)])
    );
}

#[test]
fn forcing_net_follows_a_naked_triple() {
    // r1c1 is 1/2. If it were 1, r1c4, r1c5 and r1c6 (1/3/4, 1/3/5, 1/4/5) would be a naked
    // triple of 3/4/5, leaving r1c7 (1/3/4/5) no candidate. A chain follows pairs, not
    // triples, so only the net sees it. An extra region over row 9, which changes nothing
    // there, makes the puzzle a variant.
    let keep = only(&[
        ("r1c1", &[1, 2]),
        ("r1c4", &[1, 3, 4]),
        ("r1c5", &[1, 3, 5]),
        ("r1c6", &[1, 4, 5]),
        ("r1c7", &[1, 3, 4, 5]),
    ]);
    let row9 = cells("r9c1 r9c2 r9c3 r9c4 r9c5 r9c6 r9c7 r9c8 r9c9");
    let variant = puzzle(vec![(HouseKind::ExtraRegion, row9)], Vec::new());
    assert!(!variant.is_classic());
    let c = position_under(&variant, &empty(), &keep);
    assert_eq!(step(&c, Technique::ForcingChain), None);
    let s = step(&c, Technique::ForcingNet).expect("applies");
    assert_eq!(
        (s.placements.clone(), s.eliminations.clone()),
        (vec![], vec![(at("r1c1"), 1)])
    );
    assert_eq!(
        s.explanation,
        "Forcing net: if r1c1 were 1, the steps that follow (every technique but \
         chains) would break r1c7, which has no candidate left; so it is not 1"
    );
    // Classic puzzles do without it.
    let classic = position_under(&puzzle(Vec::new(), Vec::new()), &empty(), &keep);
    assert_eq!(step(&classic, Technique::ForcingNet), None);
}

#[test]
fn a_cage_is_no_strong_link() {
    // 1 lies in row 1 only at c1 and c5, in column 5 only at r1 and r5, and in the cage
    // r5c2-r6c5 only at r5c2 and r5c5. Were the cage a house that must hold a 1, the chain
    // r1c1 = r1c5 - r5c5 = r5c2 would remove 1 from r2c2, r3c2, r4c1 and r6c1; it need
    // not hold one.
    let p = puzzle(
        Vec::new(),
        vec![Rule::Killer(Killer::new(cells("r5c2 r5c5 r6c5"), None, 9))],
    );
    let c = position_under(&p, &empty(), |cell, d| {
        d == 1
            && ((row_of(cell) == 0 && ![0, 4].contains(&col_of(cell)))
                || (col_of(cell) == 4 && ![0, 4].contains(&row_of(cell))))
    });
    let cage_house = 27;
    assert!(c
        .conjugate_pairs(1)
        .iter()
        .all(|&(h, _, _)| h != cage_house));
    for t in [
        Technique::XChain,
        Technique::SimpleColouring,
        Technique::Aic,
    ] {
        assert_eq!(step(&c, t), None, "{t}");
    }
}

#[test]
fn needed_digit_of_a_quadruple() {
    // The quadruple r1c1-r2c2 needs a 1: the rest of box 1 cannot be 1.
    let c = open(vec![Rule::Quadruple(Quadruple::new(
        cells("r1c1 r1c2 r2c1 r2c2"),
        vec![1],
    ))]);
    let s = step(&c, Technique::NeededDigit).expect("applies");
    assert_eq!(s.eliminations, expect("r1c3 r2c3 r3c1 r3c2 r3c3", &[1]));
    assert_eq!(s.highlight.rules, vec![0]);
    assert_eq!(
        s.explanation,
        "Needed digit: every way to keep the quadruple r1c1-r2c2 (1) puts a 1 in r1c1, r1c2, \
         r2c1, r2c2, so r1c3, r2c3, r3c1, r3c2, r3c3 cannot be 1"
    );
}

// ---- Rules on the same cells (links/src/keys.rs, "Where rules meet") ----

/// Hints from `c` until `done` holds (at most 20 steps), each checked against `keep`: no
/// step places a digit `keep` rules out or removes one it needs.
fn hints_until(
    mut c: Candidates,
    keep: &[(usize, u8)],
    done: impl Fn(&Candidates) -> bool,
) -> Candidates {
    for _ in 0..20 {
        if done(&c) {
            break;
        }
        let s = next_step(&c, &Settings::default()).expect("a step");
        for &(cell, d) in &s.eliminations {
            assert!(!keep.contains(&(cell, d)), "{}", s.explanation);
        }
        c.apply(&s);
    }
    assert!(done(&c));
    c
}

#[test]
fn a_v_under_the_no_white_dot_rule_is_1_and_4() {
    // The link reader gives a V's pair the no-white-dot rule too under nonconsecutive.
    let pair = |r| Rule::Dot(Dot::new(0, 1, r, 9));
    let rules = vec![
        pair(Relation::Sum(5)),
        pair(Relation::NoneOf(vec![Relation::Difference(1)])),
    ];
    let left = |c: &Candidates, cell| (1..=9).filter(|&d| c.has(cell, d)).collect::<Vec<u8>>();
    let c = hints_until(open(rules), &[(0, 1), (0, 4), (1, 1), (1, 4)], |c| {
        left(c, 0) == [1, 4] && left(c, 1) == [1, 4]
    });
    assert_eq!(left(&c, 0), [1, 4]);
}

#[test]
fn a_black_dot_alone_keeps_1_and_2() {
    // Beside a no-white-dot pair, the dotted pair is exempt: 1 and 2 stay on it.
    let rules = vec![
        Rule::Dot(Dot::new(0, 1, Relation::Ratio(2), 9)),
        Rule::Dot(Dot::new(
            1,
            2,
            Relation::NoneOf(vec![Relation::Difference(1)]),
            9,
        )),
    ];
    let c = position_under(
        &puzzle(Vec::new(), rules),
        &format!("1{}", &empty()[1..]),
        |_, _| false,
    );
    let c = hints_until(c, &[(1, 2)], |c| c.digit(1) == 2 && !c.has(2, 3));
    assert!(!c.has(2, 1));
}

#[test]
fn a_clone_chain_carries_a_given_through_the_shared_cell() {
    // r4c1 -> r5c4 -> r6c7, as the reader writes an overlapping clone: one clone a pair.
    let rules = vec![
        Rule::Clone(CloneRule::new(vec![at("r4c1")], vec![at("r5c4")])),
        Rule::Clone(CloneRule::new(vec![at("r5c4")], vec![at("r6c7")])),
    ];
    let mut digits = empty();
    digits.replace_range(at("r4c1")..=at("r4c1"), "8");
    let c = position_under(&puzzle(Vec::new(), rules), &digits, |_, _| false);
    let c = hints_until(c, &[(at("r5c4"), 8), (at("r6c7"), 8)], |c| {
        c.digit(at("r6c7")) == 8
    });
    assert_eq!(c.digit(at("r5c4")), 8);
}

#[test]
fn a_quadruple_s_repeat_goes_on_the_free_diagonal() {
    // 9 twice on r3c2, r3c3, r4c2, r4c3 with r3c3 given: r3c2 and r4c3.
    let quad = Rule::Quadruple(Quadruple::new(cells("r3c2 r3c3 r4c2 r4c3"), vec![9, 9]));
    let mut digits = empty();
    digits.replace_range(at("r3c3")..=at("r3c3"), "8");
    let c = position_under(&puzzle(Vec::new(), vec![quad]), &digits, |_, _| false);
    let c = hints_until(c, &[(at("r3c2"), 9), (at("r4c3"), 9)], |c| {
        c.digit(at("r3c2")) == 9 && c.digit(at("r4c3")) == 9
    });
    assert!(!c.has(at("r4c2"), 9));
}

#[test]
fn set_equivalence_of_a_row_and_a_column_with_cages() {
    // Row 1 and column 1 hold the same digits, so r1c2-9 and r2-9c1 do. Four dominoes
    // cover r2-9c1 and add up to 44; two cages in row 1 add up to 30, so r1c8 and r1c9,
    // left out of row 1's cages, add up to 14: 5+9 or 6+8.
    let rules = vec![
        cage("r2c1 r3c1", 3),
        cage("r4c1 r5c1", 11),
        cage("r6c1 r7c1", 13),
        cage("r8c1 r9c1", 17),
        cage("r1c2 r1c3 r1c4", 6),
        cage("r1c5 r1c6 r1c7", 24),
    ];
    let s = step(&open(rules), Technique::SetEquivalence).expect("applies");
    assert_eq!(
        s.eliminations,
        expect_all(&[("r1c8", &[1, 2, 3, 4, 7]), ("r1c9", &[1, 2, 3, 4, 7])])
    );
    assert_eq!(s.highlight.cells, vec![at("r1c8"), at("r1c9")]);
    assert_eq!(s.highlight.houses, vec![0, 9], "row 1 and column 1");
    assert_eq!(
        s.highlight.rules,
        vec![0, 1, 2, 3, 4, 5],
        "the cages of both sets"
    );
    assert_eq!(
        s.explanation,
        "Set equivalence: row 1 holds the same digits as column 1; the cages in the first add \
         up to 30 and those in the second to 44, so r1c8, r1c9 add up to 14; r1c8 cannot be \
         1/2/3/4/7 and r1c9 cannot be 1/2/3/4/7"
    );
    // Without the cages down column 1, neither side is covered: nothing follows.
    let rules = vec![cage("r1c2 r1c3 r1c4", 6), cage("r1c5 r1c6 r1c7", 24)];
    assert_eq!(step(&open(rules), Technique::SetEquivalence), None);
}

#[test]
fn set_equivalence_with_cages_that_reach_out_of_their_side() {
    // Row 1 and column 1 hold the same digits, so r1c2-9 and r2-9c1 do. The cages over
    // r1c2-9 add up to 45 less r2c3, which one of them reaches; those over r2-9c1 to 51
    // less r9c2. So r9c2 is 6 more than r2c3: 7/8/9 against 1/2/3.
    let rules = vec![
        cage("r1c2 r1c3 r2c3", 6),
        cage("r1c4 r1c5 r1c6 r1c7 r1c8 r1c9", 39),
        cage("r2c1 r3c1", 3),
        cage("r4c1 r5c1", 10),
        cage("r6c1 r7c1", 12),
        cage("r8c1 r9c1 r9c2", 26),
    ];
    let s = step(&open(rules), Technique::SetEquivalence).expect("applies");
    assert_eq!(
        eliminations(&s),
        expect_all(&[("r2c3", &[4, 5, 6, 7, 8, 9]), ("r9c2", &[1, 2, 3, 4, 5, 6])])
    );
    assert_eq!(s.highlight.houses, vec![0, 9], "row 1, then column 1");
    assert_eq!(s.highlight.cells, vec![at("r9c2"), at("r2c3")]);
    assert_eq!(s.highlight.rules, vec![0, 1, 2, 3, 4, 5]);
    assert_eq!(
        s.explanation,
        "Set equivalence: row 1 holds the same digits as column 1; the cages mostly over the \
         first add up to 45 and those mostly over the second to 51, each less its cells \
         outside its side, so r9c2 is 6 more than r2c3; r2c3 cannot be 4/5/6/7/8/9 and r9c2 \
         cannot be 1/2/3/4/5/6"
    );
    let sides =
        sudoku_engine::logic::compared(&Houses::standard(Shape::NINE), &s).expect("two sets");
    assert_eq!(sides.0, cells("r1c2 r1c3 r1c4 r1c5 r1c6 r1c7 r1c8 r1c9"));
    assert_eq!(sides.1, cells("r2c1 r3c1 r4c1 r5c1 r6c1 r7c1 r8c1 r9c1"));
}

#[test]
fn phistomefel_s_ring_holds_what_the_corners_hold() {
    // No corner cell (r1-2c1-2, r1-2c8-9, r8-9c1-2, r8-9c8-9) can be 9, so none of the 16
    // cells around box 5 can: rows 1, 2, 8, 9 and columns 1, 2, 8, 9 hold what the eight
    // outer boxes hold, and the corners are counted twice on one side, the ring once on
    // the other.
    let corners =
        cells("r1c1 r1c2 r2c1 r2c2 r1c8 r1c9 r2c8 r2c9 r8c1 r8c2 r9c1 r9c2 r8c8 r8c9 r9c8 r9c9");
    let ring =
        cells("r3c3 r3c4 r3c5 r3c6 r3c7 r4c3 r4c7 r5c3 r5c7 r6c3 r6c7 r7c3 r7c4 r7c5 r7c6 r7c7");
    let rules = vec![cage("r5c5 r5c6", 3)];
    let c = position_under(&puzzle(Vec::new(), rules), &empty(), |cell, d| {
        d == 9 && corners.contains(&cell)
    });
    let s = step(&c, Technique::Phistomefel).expect("applies");
    let mut ring_9: Vec<(usize, u8)> = ring.iter().map(|&x| (x, 9)).collect();
    ring_9.sort_unstable();
    assert_eq!(eliminations(&s), ring_9);
    assert_eq!(
        s.highlight.houses.len(),
        16,
        "eight rows and columns, eight boxes"
    );
    assert_eq!(
        s.explanation,
        format!(
            "Phistomefel's ring: rows 1, 2, 8 and 9 and columns 1, 2, 8 and 9 hold the same \
             digits as the eight boxes around box 5, so the 16 corner cells (r1-2c1-2, \
             r1-2c8-9, r8-9c1-2, r8-9c8-9) and the ring of 16 cells around box 5 (r3-7c3-7 \
             outside box 5) hold the same digits; no corner cell can be 9, so no ring cell \
             can; {}",
            ring.iter()
                .map(|&x| format!("r{}c{} cannot be 9", x / 9 + 1, x % 9 + 1))
                .collect::<Vec<_>>()
                .join(", ")
                .rsplit_once(", ")
                .map(|(a, b)| format!("{a} and {b}"))
                .unwrap()
        )
    );
    let (first, second) = sudoku_engine::logic::compared(c.houses(), &s).expect("two sets");
    let mut sorted = corners.clone();
    sorted.sort_unstable();
    assert_eq!(
        (first, second),
        (sorted, ring.clone()),
        "corners, then ring"
    );
    // With a 9 possible in one corner, nothing follows.
    let c = position_under(
        &puzzle(Vec::new(), vec![cage("r5c5 r5c6", 3)]),
        &empty(),
        |cell, d| d == 9 && corners.contains(&cell) && cell != at("r9c9"),
    );
    assert_eq!(step(&c, Technique::Phistomefel), None);
}
