//! ISS's `ConnectedValues` (issue 52): read from ISS's text on its grid and on a group of
//! its extra cells (laid out in rows as ISS lays them out), written back, and refused by
//! name where it is wrong. What the rule means on every 4x4 grid is checked with the other
//! types in `tests/iss_values.rs`; two puzzles made for it, which ISS and the engine both
//! prove unique with one solution, are in `data/iss-own.jsonl` (`tests/iss.rs`).

use sudoku_engine::rules::RuleKind;
use sudoku_engine::{count, Budget};
use sudoku_links::{iss, read, read_drawable};

/// The rules of kind connected values in the text's puzzle: each its cells and numbers
/// (columns, digits as bits, size).
fn connected(text: &str) -> Vec<(Vec<usize>, Vec<u32>)> {
    let imported = read(text).unwrap_or_else(|e| panic!("{text}: {e}"));
    imported
        .puzzle
        .rules()
        .iter()
        .filter(|r| r.kind() == RuleKind::ConnectedValues)
        .map(|r| (r.cells().to_vec(), r.numbers()))
        .collect()
}

#[test]
fn the_grid_is_the_layer_row_by_row() {
    let rules = connected(".ConnectedValues~~1_2~20.ConnectedValues~~3,9");
    assert_eq!(rules.len(), 2);
    assert_eq!(rules[0].0, (0..81).collect::<Vec<_>>());
    assert_eq!(rules[0].1, [9, 0b11, 20]);
    assert_eq!(rules[1].1, [9, 0b1_0000_0100, 0]);
    // ISS's 6x8 grid, the corner of the engine's 8x8: its 48 cells in rows of 8.
    let rules = connected(".Shape~6x8.ConnectedValues~~1");
    assert_eq!(rules[0].1, [8, 1, 0]);
    assert_eq!(rules[0].0.len(), 48);
    // Values from 0 are the digits one up.
    assert_eq!(
        connected(".Shape~9x9~0-8.ConnectedValues~~0_8")[0].1,
        [9, 0b1_0000_0001, 0]
    );
}

/// A 4x4 Sudoku grid as ISS's givens.
const GIVENS: &str = ".~R1C1_1~R1C2_2~R1C3_3~R1C4_4~R2C1_3~R2C2_4~R2C3_1~R2C4_2\
                      ~R3C1_2~R3C2_1~R3C3_4~R3C4_3~R4C1_4~R4C2_3~R4C3_2~R4C4_1";

/// Solutions of a full 4x4 grid and extra cells: the ways to fill the extra cells.
fn ways(text: &str) -> u64 {
    let text = format!(".Shape~4x4{GIVENS}{text}");
    let imported = read(&text).unwrap_or_else(|e| panic!("{text}: {e}"));
    count(&imported.puzzle, 1000, &mut Budget::unlimited()).count
}

#[test]
fn a_group_of_extra_cells_is_a_layer_in_its_own_rows() {
    // Four extra cells in 2x2: two 1s beside each other, on 4 pairs of neighbours, and
    // digits 2-4 in the other two cells.
    assert_eq!(ways(".Var~A~~2x2.ConnectedValues~VA~1~2"), 4 * 9);
    // Four cells declared by count take the grid's four columns: one row, 3 pairs.
    assert_eq!(ways(".Var~A~~4.ConnectedValues~VA~1~2"), 3 * 9);
    // Five cells by count: a row of four and the fifth alone below the first, 4 pairs.
    assert_eq!(ways(".Var~A~~5.ConnectedValues~VA~1~2"), 4 * 27);
    // Without a size: any one area of 1s, here of the row of four (10 intervals, the
    // rest 3 ways each cell).
    let areas: u64 = (1..=4u32).map(|k| (5 - k as u64) * 3u64.pow(4 - k)).sum();
    assert_eq!(ways(".Var~A~~4.ConnectedValues~VA~1"), areas);
}

#[test]
fn it_is_written_back_as_iss_writes_it() {
    for text in [
        ".ConnectedValues~~1_2~20",
        ".Shape~9x9~0-8.ConnectedValues~~0_8",
        ".Shape~6x8.ConnectedValues~~1_2_3",
    ] {
        let imported = read(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        let written = iss::constraint_text(&imported).unwrap_or_else(|e| panic!("{text}: {e}"));
        let part = &text[text.find(".Connected").unwrap()..];
        assert!(written.contains(part), "{part} in {written}");
        let again = read(&written).unwrap_or_else(|e| panic!("{written}: {e}"));
        assert_eq!(again.puzzle, imported.puzzle, "{written}");
    }
    // Inside an either-or rule too.
    let text = ".Or.ConnectedValues~~1_2_3_4.~R1C1_5.End";
    let written = iss::constraint_text(&read(text).unwrap()).unwrap();
    assert!(written.contains(text), "{written}");
    // A layer that is not ISS's whole grid (an f-puzzles document can hold one) has no ISS
    // text.
    let part = r#"{"size":9,"connectedvalues":[{"lines":[["R1C1","R1C2"]],"values":[1]}]}"#;
    let said = iss::constraint_text(&read(part).unwrap()).unwrap_err();
    assert!(said.contains("but of its whole grid"), "{said}");
    // The page plays it on a whole grid, and names it under the title.
    let page = read_drawable(".ConnectedValues~~1_2").expect("the page's reading");
    assert_eq!(page.rules_of_the_grid(), ["Connected values"]);
}

#[test]
fn bad_parts_are_named() {
    for (text, said) in [
        (
            ".ConnectedValues~",
            "a cell group (none for the grid), values",
        ),
        (".ConnectedValues~~1~2~3", "no more"),
        (
            ".ConnectedValues~~1_x",
            "the value \"x\" is not a whole number",
        ),
        (".ConnectedValues~~", "the value \"\" is not a whole number"),
        (
            ".ConnectedValues~~10",
            "the value 10 is not one of the grid's (1 to 9)",
        ),
        (".Shape~9x9~0-8.ConnectedValues~~9", "(0 to 8)"),
        (
            ".ConnectedValues~~1~0",
            "its size 0 is not a whole number above 0",
        ),
        (
            ".ConnectedValues~~1~x",
            "the size \"x\" is not a whole number",
        ),
        (".ConnectedValues~VA~1", "\"VA\" is no group of extra cells"),
        (
            ".Var~B.ConnectedValues~VA~1",
            "\"VA\" is no group of extra cells",
        ),
    ] {
        let error = read(text).expect_err(text).to_string();
        assert!(
            error.contains("ISS constraint \"ConnectedValues"),
            "{text}: {error}"
        );
        assert!(error.contains(said), "{text}: {error}");
    }
    // A size beyond the grid is no error, as in ISS: the puzzle has no solution.
    let imported = read(".ConnectedValues~~1_2~100").expect("a size of 100");
    assert_eq!(
        count(&imported.puzzle, 2, &mut Budget::unlimited()).count,
        0
    );
}
