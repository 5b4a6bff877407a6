//! Each technique on a position where it applies, with its exact placements and
//! eliminations, and on one where it must not. Positions start from an empty 9x9 grid
//! with every candidate, and remove candidates to make the pattern.

mod common;

use common::{
    at, box_of, cells, col_of, eliminations, empty, expect, only, position_under, row_of, step,
};
use sudoku_engine::logic::{next_step, Candidates, Settings, Technique};
use sudoku_engine::{Grid, Puzzle};

/// Builds a position: `digits` placed (one-line form), every other cell holding every
/// candidate except those removed by `remove(cell, digit) -> bool`.
fn position(digits: &str, remove: impl Fn(usize, u8) -> bool) -> Candidates {
    let classic = Puzzle::classic(Grid::parse(digits).unwrap());
    position_under(&classic, digits, remove)
}

const ROW1: usize = 0;
#[test]
fn full_house() {
    let c = position(&format!("12345678.{}", &empty()[9..]), |_, _| false);
    let s = step(&c, Technique::FullHouse).expect("applies");
    assert_eq!(s.placements, vec![(at("r1c9"), 9)]);
    assert_eq!(
        s.explanation,
        "Full house: r1c9 is the last empty cell in row 1, so it is 9"
    );
    let c = position(&format!("1234567..{}", &empty()[9..]), |_, _| false);
    assert_eq!(step(&c, Technique::FullHouse), None);
}

#[test]
fn hidden_single() {
    let c = position(&empty(), |cell, d| {
        d == 5 && box_of(cell) == 0 && cell != at("r2c2")
    });
    let s = step(&c, Technique::HiddenSingle).expect("applies");
    assert_eq!(s.placements, vec![(at("r2c2"), 5)]);
    assert_eq!(s.highlight.houses, vec![18], "box 1 is shown");
    let c = position(&empty(), |cell, d| {
        d == 5 && box_of(cell) == 0 && !cells("r2c2 r3c3").contains(&cell)
    });
    assert_eq!(step(&c, Technique::HiddenSingle), None);
}

#[test]
fn naked_single() {
    let c = position(&empty(), |cell, d| cell == at("r5c5") && d != 7);
    let s = step(&c, Technique::NakedSingle).expect("applies");
    assert_eq!(s.placements, vec![(at("r5c5"), 7)]);
    assert_eq!(s.explanation, "Naked single: r5c5 can only be 7");
    let c = position(&empty(), |cell, d| cell == at("r5c5") && d != 7 && d != 8);
    assert_eq!(step(&c, Technique::NakedSingle), None);
}

#[test]
fn pointing() {
    // In box 1, 3 lies only in row 1.
    let c = position(&empty(), |cell, d| {
        d == 3 && box_of(cell) == 0 && row_of(cell) != ROW1
    });
    let s = step(&c, Technique::Pointing).expect("applies");
    assert_eq!(
        eliminations(&s),
        expect("r1c4 r1c5 r1c6 r1c7 r1c8 r1c9", &[3])
    );
    assert_eq!(s.explanation, "Pointing: in box 1, 3 lies only in row 1 (r1c1, r1c2, r1c3), so it can be removed from the rest of row 1");
    // Nothing left to remove in the rest of the row: no step.
    let c = position(&empty(), |cell, d| {
        d == 3
            && (box_of(cell) == 0 && row_of(cell) != ROW1
                || row_of(cell) == ROW1 && col_of(cell) > 2)
    });
    assert_eq!(step(&c, Technique::Pointing), None);
}

#[test]
fn claiming() {
    // In row 1, 4 lies only in box 1.
    let c = position(&empty(), |cell, d| {
        d == 4 && row_of(cell) == ROW1 && col_of(cell) > 2
    });
    let s = step(&c, Technique::Claiming).expect("applies");
    assert_eq!(
        eliminations(&s),
        expect("r2c1 r2c2 r2c3 r3c1 r3c2 r3c3", &[4])
    );
    let c = position(&empty(), |cell, d| {
        d == 4 && row_of(cell) == ROW1 && col_of(cell) > 3
    });
    assert_eq!(step(&c, Technique::Claiming), None);
}

#[test]
fn naked_pair() {
    let c = position(&empty(), |cell, d| {
        cells("r1c1 r1c2").contains(&cell) && d > 2
    });
    let s = step(&c, Technique::NakedPair).expect("applies");
    assert_eq!(
        eliminations(&s),
        expect("r1c3 r1c4 r1c5 r1c6 r1c7 r1c8 r1c9", &[1, 2])
    );
    assert_eq!(
        s.explanation,
        "Naked pair 1/2 in row 1 (r1c1, r1c2): remove 1/2 from the other cells of row 1"
    );
    let c = position(&empty(), |cell, d| {
        cell == at("r1c1") && d > 2 || cell == at("r1c2") && d != 1 && d != 3
    });
    assert_eq!(step(&c, Technique::NakedPair), None);
}

#[test]
fn hidden_pair() {
    let c = position(&empty(), |cell, d| {
        (d == 6 || d == 7) && row_of(cell) == ROW1 && col_of(cell) > 1
    });
    let s = step(&c, Technique::HiddenPair).expect("applies");
    assert_eq!(
        eliminations(&s),
        expect("r1c1 r1c2", &[1, 2, 3, 4, 5, 8, 9])
    );
    assert_eq!(
        s.explanation,
        "Hidden pair 6/7 in row 1 (r1c1, r1c2): remove the other candidates from those cells"
    );
    let c = position(&empty(), |cell, d| {
        (d == 6 && col_of(cell) > 1 || d == 7 && col_of(cell) > 2) && row_of(cell) == ROW1
    });
    assert_eq!(step(&c, Technique::HiddenPair), None);
}

#[test]
fn naked_triple() {
    let keep = |cell: usize, d: u8| match cell {
        0 => d == 1 || d == 2,
        1 => d == 2 || d == 3,
        2 => d == 1 || d == 3,
        _ => true,
    };
    let c = position(&empty(), |cell, d| !keep(cell, d));
    let s = step(&c, Technique::NakedTriple).expect("applies");
    assert_eq!(
        eliminations(&s),
        expect("r1c4 r1c5 r1c6 r1c7 r1c8 r1c9", &[1, 2, 3])
    );
    let c = position(&empty(), |cell, d| {
        cell < 3 && !(keep(cell, d) || cell == 2 && d == 4)
    });
    assert_eq!(
        step(&c, Technique::NakedTriple),
        None,
        "1/2, 2/3 and 1/3/4 hold four digits"
    );
}

#[test]
fn hidden_triple() {
    let c = position(&empty(), |cell, d| {
        (4..=6).contains(&d) && row_of(cell) == ROW1 && col_of(cell) > 2
    });
    let s = step(&c, Technique::HiddenTriple).expect("applies");
    assert_eq!(
        eliminations(&s),
        expect("r1c1 r1c2 r1c3", &[1, 2, 3, 7, 8, 9])
    );
    let c = position(&empty(), |cell, d| {
        (4..=6).contains(&d) && row_of(cell) == ROW1 && col_of(cell) > 3
    });
    assert_eq!(step(&c, Technique::HiddenTriple), None);
}

#[test]
fn naked_quad() {
    let c = position(&empty(), |cell, d| {
        cells("r1c1 r1c2 r1c3 r1c4").contains(&cell) && d > 4
    });
    let s = step(&c, Technique::NakedQuad).expect("applies");
    assert_eq!(
        eliminations(&s),
        expect("r1c5 r1c6 r1c7 r1c8 r1c9", &[1, 2, 3, 4])
    );
    let c = position(&empty(), |cell, d| {
        cells("r1c1 r1c2 r1c3 r1c4").contains(&cell) && d > 5
    });
    assert_eq!(step(&c, Technique::NakedQuad), None);
}

#[test]
fn hidden_quad() {
    let c = position(&empty(), |cell, d| {
        (2..=5).contains(&d) && row_of(cell) == ROW1 && col_of(cell) > 3
    });
    let s = step(&c, Technique::HiddenQuad).expect("applies");
    assert_eq!(
        eliminations(&s),
        expect("r1c1 r1c2 r1c3 r1c4", &[1, 6, 7, 8, 9])
    );
    let c = position(&empty(), |cell, d| {
        (2..=5).contains(&d) && row_of(cell) == ROW1 && col_of(cell) > 4
    });
    assert_eq!(step(&c, Technique::HiddenQuad), None);
}

/// Digit `d` confined, in each of `rows`, to `cols`.
fn fish(rows: &[usize], cols: &[usize], d: u8) -> Candidates {
    position(&empty(), |cell, digit| {
        digit == d && rows.contains(&row_of(cell)) && !cols.contains(&col_of(cell))
    })
}

/// Every cell of `cols` outside `rows`, for digit `d`.
fn fish_eliminations(rows: &[usize], cols: &[usize], d: u8) -> Vec<(usize, u8)> {
    let mut e: Vec<(usize, u8)> = (0..81)
        .filter(|&c| cols.contains(&col_of(c)) && !rows.contains(&row_of(c)))
        .map(|c| (c, d))
        .collect();
    e.sort_unstable();
    e
}

#[test]
fn x_wing() {
    let s = step(&fish(&[0, 4], &[1, 6], 5), Technique::XWing).expect("applies");
    assert_eq!(eliminations(&s), fish_eliminations(&[0, 4], &[1, 6], 5));
    assert_eq!(s.explanation, "X-Wing on 5 in row 1, row 5 (r1c2, r1c7, r5c2, r5c7): in those lines it lies only in column 2, column 7, so it can be removed from the rest of them");
    assert_eq!(step(&fish(&[0, 4], &[1, 6, 3], 5), Technique::XWing), None);
}

#[test]
fn swordfish() {
    let s = step(&fish(&[0, 4, 8], &[0, 4, 8], 5), Technique::Swordfish).expect("applies");
    assert_eq!(
        eliminations(&s),
        fish_eliminations(&[0, 4, 8], &[0, 4, 8], 5)
    );
    assert_eq!(
        step(&fish(&[0, 4, 8], &[0, 4, 8, 2], 5), Technique::Swordfish),
        None
    );
}

#[test]
fn jellyfish() {
    let s = step(&fish(&[0, 2, 4, 6], &[0, 2, 4, 6], 5), Technique::Jellyfish).expect("applies");
    assert_eq!(
        eliminations(&s),
        fish_eliminations(&[0, 2, 4, 6], &[0, 2, 4, 6], 5)
    );
    assert_eq!(
        step(
            &fish(&[0, 2, 4, 6], &[0, 2, 4, 6, 8], 5),
            Technique::Jellyfish
        ),
        None
    );
}

#[test]
fn skyscraper() {
    // 1 in row 1 only at c1 and c5, in row 5 only at c1 and c6: r1c5 or r5c6 is 1.
    let pattern = |far5: usize| {
        move |cell: usize, d: u8| {
            d == 1
                && ((row_of(cell) == 0 && ![0, 4].contains(&col_of(cell)))
                    || (row_of(cell) == 4 && ![0, far5].contains(&col_of(cell))))
        }
    };
    let s = step(&position(&empty(), pattern(5)), Technique::ParallelLinks).expect("applies");
    assert_eq!(eliminations(&s), expect("r2c6 r3c6 r4c5 r6c5", &[1]));
    assert_eq!(s.highlight.links.len(), 3);
    // Far ends in one column make an X-Wing, not a Skyscraper.
    assert_eq!(
        step(&position(&empty(), pattern(4)), Technique::ParallelLinks),
        None
    );
}

#[test]
fn two_string_kite() {
    // 2 in row 1 only at c2 and c7, in column 1 only at r3 and r8; r1c2 and r3c1 share box 1.
    let pattern = |near: usize| {
        move |cell: usize, d: u8| {
            d == 2
                && ((row_of(cell) == 0 && ![1, 6].contains(&col_of(cell)))
                    || (col_of(cell) == 0 && ![near, 7].contains(&row_of(cell))))
        }
    };
    let s = step(&position(&empty(), pattern(2)), Technique::TwoStringKite).expect("applies");
    assert_eq!(eliminations(&s), expect("r8c7", &[2]));
    assert_eq!(
        step(&position(&empty(), pattern(3)), Technique::TwoStringKite),
        None
    );
}

#[test]
fn empty_rectangle() {
    // In box 1, 3 lies on row 2 and column 2; column 6 holds 3 only at r2 and r7.
    let pattern = |keep_r3c3: bool| {
        move |cell: usize, d: u8| {
            let off_cross =
                cells("r1c1 r1c3 r3c1").contains(&cell) || (cell == at("r3c3") && !keep_r3c3);
            d == 3 && (off_cross || (col_of(cell) == 5 && ![1, 6].contains(&row_of(cell))))
        }
    };
    let s = step(
        &position(&empty(), pattern(false)),
        Technique::EmptyRectangle,
    )
    .expect("applies");
    assert_eq!(eliminations(&s), expect("r7c2", &[3]));
    // A 3 left at r3c3 breaks the rectangle's cross.
    assert_eq!(
        step(
            &position(&empty(), pattern(true)),
            Technique::EmptyRectangle
        ),
        None
    );
}

#[test]
fn xy_wing() {
    let c = position(
        &empty(),
        only(&[("r5c5", &[1, 2]), ("r5c1", &[1, 3]), ("r2c5", &[2, 3])]),
    );
    let s = step(&c, Technique::XyWing).expect("applies");
    assert_eq!(eliminations(&s), expect("r2c1", &[3]));
    assert_eq!(
        s.explanation,
        "XY-Wing: r5c5 is 1 or 2, so r2c5 or r5c1 is 3; remove 3 from cells that see both"
    );
    let c = position(
        &empty(),
        only(&[("r5c5", &[1, 2]), ("r5c1", &[1, 3]), ("r2c5", &[2, 4])]),
    );
    assert_eq!(step(&c, Technique::XyWing), None);
}

#[test]
fn xyz_wing() {
    let c = position(
        &empty(),
        only(&[("r5c5", &[1, 2, 3]), ("r5c4", &[1, 3]), ("r2c5", &[2, 3])]),
    );
    let s = step(&c, Technique::XyzWing).expect("applies");
    assert_eq!(eliminations(&s), expect("r4c5 r6c5", &[3]));
    let c = position(
        &empty(),
        only(&[("r5c5", &[1, 2, 3]), ("r5c4", &[1, 4]), ("r2c5", &[2, 3])]),
    );
    assert_eq!(step(&c, Technique::XyzWing), None);
}

#[test]
fn w_wing() {
    // r1c1 and r5c9 are 1/2; column 5 holds 1 only at r1 and r5, which see one each.
    let pattern = |also_r9: bool| {
        move |cell: usize, d: u8| {
            only(&[("r1c1", &[1, 2]), ("r5c9", &[1, 2])])(cell, d)
                || d == 1
                    && col_of(cell) == 4
                    && ![0, 4].contains(&row_of(cell))
                    && !(also_r9 && row_of(cell) == 8)
        }
    };
    let s = step(&position(&empty(), pattern(false)), Technique::WWing).expect("applies");
    assert_eq!(eliminations(&s), expect("r1c9 r5c1", &[2]));
    assert_eq!(
        step(&position(&empty(), pattern(true)), Technique::WWing),
        None
    );
}

/// 1 in row 1 only at c1 and c5, in column 5 only at r1 and r5, in row 5 only at c5 and c2
/// (unless `broken`, which leaves a 1 at r9c5): a chain r1c1 = r1c5 - r5c5 = r5c2.
fn one_chain(broken: bool) -> Candidates {
    position(&empty(), move |cell, d| {
        d == 1
            && ((row_of(cell) == 0 && ![0, 4].contains(&col_of(cell)))
                || (col_of(cell) == 4
                    && ![0, 4].contains(&row_of(cell))
                    && !(broken && row_of(cell) == 8))
                || (row_of(cell) == 4 && ![4, 1].contains(&col_of(cell))))
    })
}

#[test]
fn simple_colouring() {
    // r1c1 and r5c5 take one colour, r1c5 and r5c2 the other; cells seeing r1c1 and r5c2
    // see both colours.
    let s = step(&one_chain(false), Technique::SimpleColouring).expect("applies");
    assert_eq!(eliminations(&s), expect("r2c2 r3c2 r4c1 r6c1", &[1]));
    assert_eq!(step(&one_chain(true), Technique::SimpleColouring), None);
}

#[test]
fn simple_colouring_wrap() {
    // Adding column 2's link r5c2 = r2c2 puts r1c1 and r2c2, one colour, in box 1.
    let c = position(&empty(), |cell, d| {
        d == 1
            && ((row_of(cell) == 0 && ![0, 4].contains(&col_of(cell)))
                || (col_of(cell) == 4 && ![0, 4].contains(&row_of(cell)))
                || (row_of(cell) == 4 && ![4, 1].contains(&col_of(cell)))
                || (col_of(cell) == 1 && ![4, 1].contains(&row_of(cell))))
    });
    let s = step(&c, Technique::SimpleColouring).expect("applies");
    assert_eq!(eliminations(&s), expect("r1c1 r2c2 r5c5", &[1]));
}

#[test]
fn x_chain() {
    let s = step(&one_chain(false), Technique::XChain).expect("applies");
    assert_eq!(eliminations(&s), expect("r2c2 r3c2 r4c1 r6c1", &[1]));
    assert_eq!(
        s.highlight.candidates,
        vec![
            (at("r1c1"), 1),
            (at("r1c5"), 1),
            (at("r5c5"), 1),
            (at("r5c2"), 1)
        ]
    );
    assert_eq!(
        s.highlight
            .links
            .iter()
            .map(|l| l.strong)
            .collect::<Vec<_>>(),
        vec![true, false, true]
    );
    // The chain needs row 5's strong link (column 5's is not used: r1c5 and r5c5 are peers).
    let row5_open = position(&empty(), |cell, d| {
        d == 1 && row_of(cell) == 0 && ![0, 4].contains(&col_of(cell))
    });
    assert_eq!(step(&row5_open, Technique::XChain), None);
}

#[test]
fn xy_chain() {
    // r1c1 1/2 - r1c5 2/3 - r4c5 3/4 - r4c9 4/1: r1c1 or r4c9 is 1.
    let chain = |last: &'static [u8]| {
        position(
            &empty(),
            only(&[
                ("r1c1", &[1, 2]),
                ("r1c5", &[2, 3]),
                ("r4c5", &[3, 4]),
                ("r4c9", last),
            ]),
        )
    };
    let s = step(&chain(&[4, 1]), Technique::XyChain).expect("applies");
    assert_eq!(eliminations(&s), expect("r1c9 r4c1", &[1]));
    assert_eq!(step(&chain(&[4, 5]), Technique::XyChain), None);
}

#[test]
fn alternating_inference_chain() {
    // r1c1 is 1/2. If it were 2, r2c1 would not be 2, so r2c2 would be (row 2 holds 2 only
    // at r2c1 and r2c2) - but r2c2 sees r1c1. So r1c1 is not 2, and r2c2 is not 1.
    let position_with = |row2_only: bool| {
        position(&empty(), move |cell, d| {
            (cell == at("r1c1") && d > 2)
                || (row2_only && d == 2 && row_of(cell) == 1 && col_of(cell) > 1)
        })
    };
    let s = step(&position_with(true), Technique::Aic).expect("applies");
    assert_eq!(eliminations(&s), vec![(at("r1c1"), 2), (at("r2c2"), 1)]);
    assert_eq!(
        s.highlight.candidates,
        vec![
            (at("r1c1"), 1),
            (at("r1c1"), 2),
            (at("r2c1"), 2),
            (at("r2c2"), 2)
        ]
    );
    // Only a chain that mixes a cell's link with a row's finds it.
    assert_eq!(step(&position_with(true), Technique::XChain), None);
    assert_eq!(step(&position_with(true), Technique::XyChain), None);
    assert_eq!(step(&position_with(false), Technique::Aic), None);
}

#[test]
fn forcing_chain() {
    // If r1c1 were 1, r1c2 and r1c3 (1/3 each) would both have to be 3.
    let c = position(
        &empty(),
        only(&[("r1c1", &[1, 2]), ("r1c2", &[1, 3]), ("r1c3", &[1, 3])]),
    );
    let s = step(&c, Technique::ForcingChain).expect("applies");
    assert_eq!(
        (s.placements.clone(), s.eliminations.clone()),
        (vec![], vec![(at("r1c1"), 1)])
    );
    let c = position(&empty(), only(&[("r1c1", &[1, 2])]));
    assert_eq!(step(&c, Technique::ForcingChain), None);
}

fn unique_only(t: Technique) -> Settings {
    Settings::only(t).unique(true)
}

#[test]
fn unique_rectangle_type_1() {
    let c = position(
        &empty(),
        only(&[
            ("r1c1", &[1, 2]),
            ("r1c4", &[1, 2]),
            ("r2c1", &[1, 2]),
            ("r2c4", &[1, 2, 3]),
        ]),
    );
    let s = next_step(&c, &unique_only(Technique::UniqueRectangle1)).expect("applies");
    assert_eq!(eliminations(&s), expect("r2c4", &[1, 2]));
    // Only for puzzles known to have one solution.
    assert_eq!(step(&c, Technique::UniqueRectangle1), None);
    let one_box = position(
        &empty(),
        only(&[
            ("r1c1", &[1, 2]),
            ("r1c2", &[1, 2]),
            ("r2c1", &[1, 2]),
            ("r2c2", &[1, 2, 3]),
        ]),
    );
    assert_eq!(
        next_step(&one_box, &unique_only(Technique::UniqueRectangle1)),
        None,
        "four corners in one box are no rectangle"
    );
}

fn rectangle(roof1: &'static [u8], roof2: &'static [u8]) -> impl Fn(usize, u8) -> bool {
    move |cell, d| {
        only(&[
            ("r1c1", &[1, 2]),
            ("r2c1", &[1, 2]),
            ("r1c4", roof1),
            ("r2c4", roof2),
        ])(cell, d)
    }
}

#[test]
fn unique_rectangle_type_2() {
    let s = next_step(
        &position(&empty(), rectangle(&[1, 2, 3], &[1, 2, 3])),
        &unique_only(Technique::UniqueRectangle2),
    )
    .expect("applies");
    assert_eq!(
        eliminations(&s),
        expect(
            "r3c4 r4c4 r5c4 r6c4 r7c4 r8c4 r9c4 r1c5 r1c6 r2c5 r2c6 r3c5 r3c6",
            &[3]
        )
    );
    let c = position(&empty(), rectangle(&[1, 2, 3], &[1, 2, 4]));
    assert_eq!(
        next_step(&c, &unique_only(Technique::UniqueRectangle2)),
        None
    );
}

#[test]
fn unique_rectangle_type_3() {
    // The roof's extras 3 and 4 with r5c4 (3/4) lock 3 and 4 in column 4.
    let pattern = |partner: &'static [u8]| {
        move |cell, d| {
            rectangle(&[1, 2, 3], &[1, 2, 4])(cell, d) || only(&[("r5c4", partner)])(cell, d)
        }
    };
    let s = next_step(
        &position(&empty(), pattern(&[3, 4])),
        &unique_only(Technique::UniqueRectangle3),
    )
    .expect("applies");
    assert_eq!(
        eliminations(&s),
        expect("r3c4 r4c4 r6c4 r7c4 r8c4 r9c4", &[3, 4])
    );
    assert_eq!(
        next_step(
            &position(&empty(), pattern(&[3, 5])),
            &unique_only(Technique::UniqueRectangle3)
        ),
        None
    );
}

#[test]
fn unique_rectangle_type_4() {
    // In column 4, 1 lies only in the roof: the roof cannot also hold 2.
    let pattern = |locked: bool| {
        move |cell: usize, d: u8| {
            rectangle(&[1, 2, 5], &[1, 2, 6])(cell, d)
                || (locked && d == 1 && col_of(cell) == 3 && row_of(cell) > 1)
        }
    };
    let s = next_step(
        &position(&empty(), pattern(true)),
        &unique_only(Technique::UniqueRectangle4),
    )
    .expect("applies");
    assert_eq!(eliminations(&s), expect("r1c4 r2c4", &[2]));
    assert_eq!(
        next_step(
            &position(&empty(), pattern(false)),
            &unique_only(Technique::UniqueRectangle4)
        ),
        None
    );
}

#[test]
fn bug_plus_one() {
    // top1465 #65 reaches a BUG+1 on its logical path; the placement is the solution's digit.
    let puzzle = Grid::parse(
        "..3...67.5.....3...4.......6..3......8......4...7....12......5.....98.......41...",
    )
    .unwrap();
    let sudoku_engine::Verdict::Unique(solution) = sudoku_engine::solve(
        &Puzzle::classic(puzzle.clone()),
        &mut sudoku_engine::Budget::unlimited(),
    )
    .verdict
    else {
        panic!()
    };
    let all = Settings::default()
        .unique(true)
        .without(Technique::BugPlusOne);
    let mut c = Candidates::from_grid(&puzzle, &Puzzle::classic(puzzle.clone()));
    let s = loop {
        if let Some(s) = next_step(&c, &unique_only(Technique::BugPlusOne)) {
            break s;
        }
        let s = next_step(&c, &all).expect("logic goes on until the BUG");
        c.apply(&s);
    };
    assert_eq!(s.placements, vec![(at("r1c2"), 1)]);
    assert_eq!(solution.get(at("r1c2")), 1);
    // A second cell with three candidates is no BUG+1.
    let mut marks: Vec<u32> = (0..81).map(|x| c.marks(x)).collect();
    let other = (0..81)
        .find(|&x| c.digit(x) == 0 && x != at("r1c2"))
        .unwrap();
    let missing = 0x1ff & !marks[other];
    marks[other] |= missing & missing.wrapping_neg();
    let two_triples = Candidates::from_marks(&c.grid(), &marks, &Puzzle::classic(c.grid()));
    assert_eq!(
        next_step(&two_triples, &unique_only(Technique::BugPlusOne)),
        None
    );
}

#[test]
fn als_xz() {
    // r1c1 (1/2) and r5c1, r5c2 (1/3, 2/3 or 1/2/3) are almost locked sets; 1 is common
    // only where they see each other, so r1c1 or r5c2 is 2.
    let pattern = |r5c2: &'static [u8]| {
        move |cell, d| only(&[("r1c1", &[1, 2]), ("r5c1", &[1, 3]), ("r5c2", r5c2)])(cell, d)
    };
    let s = step(&position(&empty(), pattern(&[2, 3])), Technique::AlsXz).expect("applies");
    assert_eq!(eliminations(&s), expect("r1c2 r2c2 r3c2 r4c1 r6c1", &[2]));
    assert_eq!(
        step(&position(&empty(), pattern(&[1, 2, 3])), Technique::AlsXz),
        None
    );
}

/// A grid with no houses at all (ISS's `Raw` shape, whose rules are its own) is looked at
/// by every technique without a panic: the singles and the empty rectangle look for rows,
/// columns and boxes where a grid may have none.
#[test]
fn a_grid_without_houses_is_looked_at_by_every_technique() {
    use sudoku_engine::{Houses, Shape};
    let shape = Shape::NINE;
    let houses = Houses::try_from_list(shape, Vec::new()).expect("no houses");
    let puzzle = Puzzle::new(Grid::empty(shape), houses, Vec::new());
    let c = Candidates::from_grid(puzzle.givens(), &puzzle);
    for technique in Technique::ALL {
        assert_eq!(step(&c, technique), None, "{technique}");
    }
}
