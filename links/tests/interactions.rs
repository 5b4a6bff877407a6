//! Rules that touch the same cells (`links/src/keys.rs`, "Where rules meet"), each on a
//! position built by hand: read from an f-puzzles document as Rangsk's solvers read it,
//! solved by the search, and walked by the hints.

use serde_json::{json, Map, Value};
use sudoku_engine::logic::{next_step, Candidates, Settings};
use sudoku_engine::rules::{Relation, Rule};
use sudoku_engine::{solve, Budget, Grid, Shape, Verdict};
use sudoku_links::{read, Imported};

/// A valid grid with 1 and 2 side by side at r1c8 and r1c9.
const GRID: &str =
    "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

fn digit(cell: usize) -> u8 {
    GRID.as_bytes()[cell] - b'0'
}

fn name(cell: usize) -> String {
    format!("R{}C{}", cell / 9 + 1, cell % 9 + 1)
}

fn grid() -> Grid {
    Grid::from_cells(Shape::NINE, (0..81).map(digit).collect()).unwrap()
}

/// Every pair of orthogonal neighbours, once each, the lower cell first.
fn pairs() -> impl Iterator<Item = (usize, usize)> {
    (0..81)
        .flat_map(|a| [(a, a + 1), (a, a + 9)])
        .filter(|&(a, b)| b < 81 && !(b == a + 1 && b % 9 == 0))
}

/// A mark on every pair of GRID whose digits `relation` says, with `value` if any.
fn marks(relation: impl Fn(u8, u8) -> bool, value: Option<&str>) -> Vec<Value> {
    pairs()
        .filter(|&(a, b)| relation(digit(a), digit(b)))
        .map(|(a, b)| {
            let mut entry = json!({ "cells": [name(a), name(b)] });
            if let Some(v) = value {
                entry["value"] = json!(v);
            }
            entry
        })
        .collect()
}

fn ratio(x: u8, y: u8) -> bool {
    x == 2 * y || y == 2 * x
}

fn consecutive(x: u8, y: u8) -> bool {
    x.abs_diff(y) == 1
}

/// A 9x9 document with GRID's digits in `givens` and the keys of `extra`.
fn document(givens: &[usize], extra: Value) -> String {
    let rows: Vec<Vec<Value>> = (0..9)
        .map(|r| {
            (0..9)
                .map(|c| match r * 9 + c {
                    cell if givens.contains(&cell) => {
                        json!({ "value": digit(cell), "given": true })
                    }
                    _ => json!({}),
                })
                .collect()
        })
        .collect();
    let mut doc = Map::new();
    doc.insert("size".into(), json!(9));
    doc.insert("grid".into(), json!(rows));
    doc.extend(extra.as_object().unwrap().clone());
    Value::Object(doc).to_string()
}

/// The relations the reader puts on a pair, in the order of its rules.
fn relations(imported: &Imported, a: usize, b: usize) -> Vec<Relation> {
    imported
        .puzzle
        .rules()
        .iter()
        .filter_map(|rule| match rule {
            Rule::Dot(dot) if rule.cells() == [a, b] => Some(dot.relation().clone()),
            _ => None,
        })
        .collect()
}

/// The first pair of GRID whose digits are `x` and `y`, and that `keep` keeps.
fn pair_of(x: u8, y: u8, keep: impl Fn((usize, usize)) -> bool) -> (usize, usize) {
    pairs()
        .find(|&(a, b)| {
            let mut d = [digit(a), digit(b)];
            d.sort_unstable();
            d == [x.min(y), x.max(y)] && keep((a, b))
        })
        .unwrap_or_else(|| panic!("GRID has {x} beside {y}"))
}

/// The search finds `want` as the one solution, and every step of the hints keeps it;
/// the hints place at least `placed` digits.
fn solves_and_hints_keep(imported: &Imported, want: &Grid, placed: usize) {
    let verdict = solve(&imported.puzzle, &mut Budget::unlimited()).verdict;
    assert_eq!(verdict, Verdict::Unique(want.clone()));
    let mut c = Candidates::from_grid(imported.puzzle.givens(), &imported.puzzle);
    let mut count = 0;
    for _ in 0..2_000 {
        let Some(step) = next_step(&c, &Settings::default()) else {
            break;
        };
        for &(cell, d) in &step.placements {
            assert_eq!(want.get(cell), d, "{}", step.explanation);
        }
        for &(cell, d) in &step.eliminations {
            assert_ne!(want.get(cell), d, "{}", step.explanation);
        }
        count += step.placements.len();
        c.apply(&step);
    }
    assert!(count >= placed, "the hints placed {count} digits");
}

/// The digits the hints place first, at least `count` of them, in the order placed.
fn first_placements(imported: &Imported, count: usize) -> Vec<(usize, u8)> {
    let mut c = Candidates::from_grid(imported.puzzle.givens(), &imported.puzzle);
    let mut placed = Vec::new();
    while placed.len() < count {
        let step = next_step(&c, &Settings::default()).expect("a step");
        placed.extend(step.placements.iter().copied());
        c.apply(&step);
    }
    placed
}

#[test]
fn a_dot_exempts_its_pair_from_nonconsecutive_and_negative_ratio() {
    // Every black and white dot of GRID, a black one where both would fit (1 and 2).
    let black = marks(ratio, None);
    let white = marks(|x, y| consecutive(x, y) && !ratio(x, y), None);
    let doc = document(
        &[],
        json!({ "nonconsecutive": true, "negative": ["ratio"], "difference": white, "ratio": black }),
    );
    let imported = read(&doc).unwrap();
    // The black dot on 1 and 2 (r1c8, r1c9) is kept alone; so is a white dot.
    assert_eq!(relations(&imported, 7, 8), [Relation::Ratio(2)]);
    let (a, b) = pair_of(7, 8, |_| true);
    assert_eq!(relations(&imported, a, b), [Relation::Difference(1)]);
    // A pair with no dot (5 and 3) keeps neither relation.
    let none = Relation::NoneOf(vec![Relation::Difference(1), Relation::Ratio(2)]);
    assert_eq!(relations(&imported, 0, 1), [none]);
    solves_and_hints_keep(&imported, &grid(), 81);
}

#[test]
fn negative_difference_forbids_each_difference_a_white_dot_shows() {
    let black = marks(ratio, None);
    let one = marks(|x, y| consecutive(x, y) && !ratio(x, y), None);
    let three = marks(|x, y| x.abs_diff(y) == 3 && !ratio(x, y), Some("3"));
    let mut white = one;
    white.extend(three);
    let doc = document(
        &[],
        json!({ "negative": ["difference", "ratio"], "difference": white, "ratio": black }),
    );
    let imported = read(&doc).unwrap();
    let none = Relation::NoneOf(vec![
        Relation::Difference(1),
        Relation::Difference(3),
        Relation::Ratio(2),
    ]);
    assert_eq!(relations(&imported, 0, 1), [none]);
    // A white dot of 3 and a black dot on 3 and 6 keep their own relation alone.
    let (a, b) = pairs()
        .find(|&(a, b)| digit(a).abs_diff(digit(b)) == 3 && !ratio(digit(a), digit(b)))
        .unwrap();
    assert_eq!(relations(&imported, a, b), [Relation::Difference(3)]);
    let (a, b) = pair_of(3, 6, |_| true);
    assert_eq!(relations(&imported, a, b), [Relation::Ratio(2)]);
    solves_and_hints_keep(&imported, &grid(), 81);
}

#[test]
fn x_and_v_are_not_exempt_from_nonconsecutive_nor_dots_from_negative_xv() {
    // Every X, V and white dot of GRID; a V on 2 and 3 carries a white dot too.
    let x = marks(|x, y| x + y == 10, Some("X"));
    let v = marks(|x, y| x + y == 5, Some("V"));
    let white = marks(consecutive, None);
    let letters = [x, v].concat();
    let doc = document(
        &[],
        json!({ "nonconsecutive": true, "negative": ["xv"], "xv": letters, "difference": white }),
    );
    let imported = read(&doc).unwrap();
    // A V on 1 and 4 keeps its sum, and nonconsecutive still holds there.
    let (a, b) = pair_of(1, 4, |_| true);
    let no_step = Relation::NoneOf(vec![Relation::Difference(1)]);
    assert_eq!(
        relations(&imported, a, b),
        [Relation::Sum(5), no_step.clone()]
    );
    // A V with a white dot on 2 and 3 is free of both negatives.
    let (a, b) = pair_of(2, 3, |_| true);
    assert_eq!(
        relations(&imported, a, b),
        [Relation::Difference(1), Relation::Sum(5)]
    );
    // A white dot on 7 and 8 still may not add up to 5 or 10.
    let (a, b) = pair_of(7, 8, |_| true);
    let no_sum = Relation::NoneOf(vec![Relation::Sum(10), Relation::Sum(5)]);
    assert_eq!(
        relations(&imported, a, b),
        [Relation::Difference(1), no_sum]
    );
    solves_and_hints_keep(&imported, &grid(), 81);

    // By the rules alone, a V under nonconsecutive is 1 and 4: the hints take 2 and 3 from
    // its cells.
    let doc = document(
        &[],
        json!({ "nonconsecutive": true, "xv": [{ "cells": ["R1C1", "R1C2"], "value": "V" }] }),
    );
    let imported = read(&doc).unwrap();
    let mut c = Candidates::from_grid(imported.puzzle.givens(), &imported.puzzle);
    for _ in 0..10 {
        if [0, 1]
            .iter()
            .all(|&cell| !c.has(cell, 2) && !c.has(cell, 3))
        {
            break;
        }
        let step = next_step(&c, &Settings::default()).expect("a step");
        c.apply(&step);
    }
    for cell in [0, 1] {
        let left: Vec<u8> = (1..=9).filter(|&d| c.has(cell, d)).collect();
        assert_eq!(left, [1, 4], "{}", name(cell));
    }
}

#[test]
fn a_given_in_a_clone_gives_the_other_copy() {
    // r1c1-r1c2 (5, 3) cloned onto r5c5-r5c6, which hold 5 and 3 too.
    let clone = json!([{ "cells": ["R1C1", "R1C2"], "cloneCells": ["R5C5", "R5C6"] }]);
    // Only the copy is given: the hints take the original from it.
    let imported = read(&document(&[40, 41], json!({ "clone": clone }))).unwrap();
    let placed = first_placements(&imported, 2);
    assert_eq!(placed, [(0, 5), (1, 3)]);
    // Givens that the clone contradicts break it, by name.
    let mut doc: Value =
        serde_json::from_str(&document(&[0, 40, 41], json!({ "clone": clone }))).unwrap();
    doc["grid"][0][0]["value"] = json!(4);
    let imported = read(&doc.to_string()).unwrap();
    match solve(&imported.puzzle, &mut Budget::unlimited()).verdict {
        Verdict::Broken { why, .. } => assert!(why.starts_with("clone"), "{why}"),
        other => panic!("{other:?}"),
    }
    // A clone onto cells that overlap it chains them: r4c1 = r5c4 = r6c7 (8 in GRID),
    // one clone per pair of cells, none listing a cell twice.
    let chain =
        json!([{ "cells": ["R4C1", "R4C2", "R5C4"], "cloneCells": ["R5C4", "R5C5", "R6C7"] }]);
    let given: Vec<usize> = (0..81).filter(|c| ![39, 51].contains(c)).collect();
    let imported = read(&document(&given, json!({ "clone": chain }))).unwrap();
    let clones: Vec<&[usize]> = imported.puzzle.rules().iter().map(Rule::cells).collect();
    assert_eq!(clones, [&[27, 39][..], &[28, 40], &[39, 51]]);
    solves_and_hints_keep(&imported, &grid(), 2);
}

#[test]
fn a_repeated_quadruple_digit_sits_on_a_diagonal() {
    // 9 written twice on r3c2, r3c3, r4c2, r4c3, two rows and two columns: the two 9s sit
    // on a diagonal. With r3c3 given (8, as in GRID), only r3c2 and r4c3 are left for them.
    let quad = json!([{ "cells": ["R3C2", "R3C3", "R4C2", "R4C3"], "values": [9, 9] }]);
    let imported = read(&document(&[20], json!({ "quadruple": quad }))).unwrap();
    match imported.puzzle.rules() {
        [Rule::Quadruple(q)] => assert_eq!(q.digits(), [9, 9]),
        other => panic!("{other:?}"),
    }
    for g in sudoku_engine::search::solutions(&imported.puzzle).take(10) {
        assert_eq!((g.get(19), g.get(29)), (9, 9));
    }
    let mut placed = first_placements(&imported, 2);
    placed.sort_unstable();
    assert_eq!(placed[..2], [(19, 9), (29, 9)]);
}

#[test]
fn sum_dots_and_xv_exempt_each_other_from_their_negatives() {
    // Every pair of GRID adding up to 7 carries a sum dot, to 10 an X, to 5 a V.
    let sums = marks(|x, y| x + y == 7, Some("7"));
    let x = marks(|x, y| x + y == 10, Some("X"));
    let letters = [x, marks(|x, y| x + y == 5, Some("V"))].concat();
    let doc = document(
        &[],
        json!({ "negative": ["sum", "xv"], "sum": sums, "xv": letters }),
    );
    let imported = read(&doc).unwrap();
    // A sum dot's pair keeps its total alone, free of the XV rule; an X's pair is free of
    // the sum rule.
    let (a, b) = pair_of(1, 6, |_| true);
    assert_eq!(relations(&imported, a, b), [Relation::Sum(7)]);
    let (a, b) = pair_of(3, 7, |_| true);
    assert_eq!(relations(&imported, a, b), [Relation::Sum(10)]);
    // A pair with no mark (5 and 3) adds up to none of 10, 5 and 7.
    let none = Relation::NoneOf(vec![Relation::Sum(10), Relation::Sum(5), Relation::Sum(7)]);
    assert_eq!(relations(&imported, 0, 1), [none]);
    solves_and_hints_keep(&imported, &grid(), 81);
    // The hints name the sum dot where it places a digit.
    let mut c = Candidates::from_grid(imported.puzzle.givens(), &imported.puzzle);
    let named = (0..200).any(|_| {
        let step = next_step(&c, &Settings::default()).expect("a step");
        c.apply(&step);
        step.explanation.contains("sum 7")
    });
    assert!(named, "no hint names a sum dot");
}

#[test]
fn a_sum_dot_out_of_reach_is_named_where_it_stands() {
    let doc = document(
        &[],
        json!({ "sum": [{ "cells": ["R1C1", "R1C2"], "value": "18" }] }),
    );
    let error = read(&doc).unwrap_err().to_string();
    // The first entry of the key `sum`.
    assert_eq!(error, "sum 1: sum 18 is out of range (3 to 17)");
}
