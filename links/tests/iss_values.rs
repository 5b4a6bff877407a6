//! ISS's grids of values from 0 (`Shape~4x4~0-3`, `Shape~9x9~0-8`): each rule read has,
//! on the engine's digits 1-n, exactly the solutions that ISS's meaning on the values has
//! (checked over every 4x4 Sudoku grid), rules with no such translation are refused by
//! name, and a puzzle is written back with its values from 0.

use sudoku_engine::symbols::Symbols;
use sudoku_engine::{count, Budget, Grid, Shape};
use sudoku_links::iss;
use sudoku_links::read;

/// Every 4x4 Sudoku grid (2x2 boxes), as digits 1-4.
fn all_4x4() -> Vec<Vec<u8>> {
    fn fill(grid: &mut Vec<u8>, at: usize, out: &mut Vec<Vec<u8>>) {
        if at == 16 {
            out.push(grid.clone());
            return;
        }
        let (r, c) = (at / 4, at % 4);
        for d in 1..=4 {
            let clash = (0..at).any(|o| {
                let (or, oc) = (o / 4, o % 4);
                grid[o] == d && (or == r || oc == c || (or / 2 == r / 2 && oc / 2 == c / 2))
            });
            if !clash {
                grid[at] = d;
                fill(grid, at + 1, out);
                grid[at] = 0;
            }
        }
    }
    let mut out = Vec::new();
    fill(&mut vec![0; 16], 0, &mut out);
    out
}

/// The cell of row `r` and column `c` (from 1) of a 4x4 grid.
fn at(r: usize, c: usize) -> usize {
    (r - 1) * 4 + c - 1
}

/// ISS's text on a 4x4 grid of values 0-3, and what it says of the values (`v[cell]`),
/// written here from ISS's handlers, not from the reader.
type Meaning = fn(&[i64]) -> bool;

const CASES: &[(&str, Meaning)] = &[
    // Cage: its values sum to 3 (`Sum` on the values themselves).
    (".Cage~3~R1C1~R2C2", |v| v[at(1, 1)] + v[at(2, 2)] == 3),
    (".Cage~3~R1C3~R2C3~R2C4", |v| {
        v[at(1, 3)] + v[at(2, 3)] + v[at(2, 4)] == 3
    }),
    // A little killer from r1c2 runs down-left: r1c2, r2c1.
    (".LittleKiller~1~R1C2", |v| v[at(1, 2)] + v[at(2, 1)] == 1),
    // From r1c1, down-right along the whole diagonal.
    (".LittleKiller~4~R1C1", |v| {
        v[at(1, 1)] + v[at(2, 2)] + v[at(3, 3)] + v[at(4, 4)] == 4
    }),
    (".V~R1C1~R1C2", |v| v[at(1, 1)] + v[at(1, 2)] == 5),
    // A quadruple of 0 twice across four boxes.
    (".Quad~R2C2~0~0", |v| {
        [at(2, 2), at(2, 3), at(3, 2), at(3, 3)]
            .iter()
            .filter(|&&c| v[c] == 0)
            .count()
            >= 2
    }),
    (".Quad~R2C2~0~3", |v| {
        let s = [at(2, 2), at(2, 3), at(3, 2), at(3, 3)];
        s.iter().any(|&c| v[c] == 0) && s.iter().any(|&c| v[c] == 3)
    }),
    (".~R1C1_0", |v| v[at(1, 1)] == 0),
    // Several values: the cell is one of them (here the odd values, the even digits).
    (".~R2C2_1_3", |v| v[at(2, 2)] % 2 == 1),
    (".~R2C2_0_2", |v| v[at(2, 2)] % 2 == 0),
    (".Thermo~R1C1~R2C1~R3C3", |v| {
        v[at(1, 1)] < v[at(2, 1)] && v[at(2, 1)] < v[at(3, 3)]
    }),
    (".Whisper~2~R1C1~R1C2~R2C2", |v| {
        (v[at(1, 1)] - v[at(1, 2)]).abs() >= 2 && (v[at(1, 2)] - v[at(2, 2)]).abs() >= 2
    }),
    (".WhiteDot~R1C1~R1C2", |v| {
        (v[at(1, 1)] - v[at(1, 2)]).abs() == 1
    }),
    (".Renban~R1C1~R2C2~R3C3", |v| {
        let s = [v[at(1, 1)], v[at(2, 2)], v[at(3, 3)]];
        let (lo, hi) = (s.iter().min().unwrap(), s.iter().max().unwrap());
        hi - lo == 2 && s[0] != s[1] && s[1] != s[2] && s[0] != s[2]
    }),
    (".Zipper~R1C1~R1C2~R2C3~R2C4", |v| {
        v[at(1, 1)] + v[at(2, 4)] == v[at(1, 2)] + v[at(2, 3)]
    }),
    (".Modular~3~R1C1~R2C3~R3C2", |v| {
        let m = |c: usize| v[c].rem_euclid(3);
        m(at(1, 1)) != m(at(2, 3)) && m(at(2, 3)) != m(at(3, 2)) && m(at(1, 1)) != m(at(3, 2))
    }),
];

#[test]
fn each_rule_on_values_from_0_has_the_solutions_of_iss_meaning() {
    let grids = all_4x4();
    assert_eq!(grids.len(), 288);
    let shape = Shape::with_side(4).expect("4x4");
    for &(text, meaning) in CASES {
        let text = format!(".Shape~4x4~0-3{text}");
        let imported = read(&text).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(imported.symbols, Symbols::iss(4, 1), "{text}");
        let puzzle = &imported.puzzle;
        let mut expected = 0;
        for digits in &grids {
            let values: Vec<i64> = digits.iter().map(|&d| i64::from(d) - 1).collect();
            let grid = Grid::from_cells(shape, digits.clone()).expect("a 4x4 grid");
            let holds = puzzle
                .givens()
                .cells()
                .iter()
                .zip(digits)
                .all(|(&g, &d)| g == 0 || g == d)
                && puzzle.broken(&grid).is_none();
            assert_eq!(holds, meaning(&values), "{text} on values {values:?}");
            expected += u64::from(holds);
        }
        assert!(expected > 0 && expected < 288, "{text} says something");
        let counted = count(puzzle, 1000, &mut Budget::unlimited()).count;
        assert_eq!(counted, expected, "{text}: the solver's count");
    }
}

#[test]
fn rules_with_no_translation_are_refused_by_name() {
    for (text, part) in [
        (".Arrow~R1C1~R1C2~R1C3", "Arrow"),
        (".BlackDot~R1C1~R1C2", "BlackDot"),
        (".Sandwich~5~R1", "Sandwich"),
        (".XSum~R1~10~", "XSum"),
        (".Skyscraper~R1~3~", "Skyscraper"),
        (".DoubleArrow~R1C1~R1C2~R1C3", "DoubleArrow"),
        (".StrictXV", "StrictXV"),
        (".Entropic~R1C1~R1C2~R1C3", "Entropic"),
        (".Zipper~R1C1~R1C2~R1C3", "Zipper"),
    ] {
        let text = format!(".Shape~9x9~0-8{text}");
        let said = read(&text).expect_err(&text).to_string();
        assert!(
            said.contains(&format!("\"{part}")) && said.contains("with values from 0"),
            "{text}: {said}"
        );
    }
    // The same types read where values start at 1.
    assert!(read(".Shape~9x9~1-9.Arrow~R1C1~R1C2~R1C3.Skyscraper~R1~3~").is_ok());
    // A range from neither 0 nor 1, which ISS has no grids of either (`0-9`, ten values,
    // reads: links/tests/iss.rs).
    let said = read(".Shape~9x9~2-10").expect_err("2-10").to_string();
    assert!(said.contains("not a range of values from 0 or 1"), "{said}");
    let said = read(".Shape~9x9~0-8.~R1C1_9").expect_err("9").to_string();
    assert!(said.contains("values 0-8"), "{said}");
}

#[test]
fn puzzles_of_values_from_0_are_written_back_with_them() {
    let text = ".Shape~9x9~0-8.Cage~3~R1C1~R1C2.LittleKiller~10~R1C3.X~R3C1~R3C2.V~R4C1~R4C2\
                .Quad~R5C5~0~8.Thermo~R6C1~R6C2.Whisper~5~R7C1~R7C2.~R9C9_0.~R8C8_1_3_5_7";
    let imported = read(text).unwrap_or_else(|e| panic!("{text}: {e}"));
    let written = iss::constraint_text(&imported).unwrap_or_else(|e| panic!("{text}: {e}"));
    for part in [
        ".Shape~9x9~0-8",
        ".Cage~3~R1C1~R1C2",
        ".LittleKiller~10~R1C3",
        ".X~R3C1~R3C2",
        ".V~R4C1~R4C2",
        ".Quad~R5C5~0~8",
        "R9C9_0",
        ".~R8C8_1_3_5_7",
    ] {
        assert!(written.contains(part), "{part} in {written}");
    }
    let again = read(&written).unwrap_or_else(|e| panic!("{written}: {e}"));
    assert_eq!(again.puzzle, imported.puzzle, "{written}");
    assert_eq!(again.symbols, imported.symbols);
    // A cage whose values sum to 0 is no sum in ISS's text, so it cannot be written.
    let one = read(r#"{"size":9,"killercage":[{"cells":["R1C1"],"value":"1"}]}"#).unwrap();
    let zero = sudoku_links::Imported {
        symbols: Symbols::iss(9, 1),
        ..one
    };
    let said = iss::constraint_text(&zero).unwrap_err();
    assert!(said.contains("sum of 0"), "{said}");
}
