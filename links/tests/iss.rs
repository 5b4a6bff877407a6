//! ISS's links and constraint text (`sudoku_links::iss`): every form read, each type with
//! ISS's meaning, errors that name the part, and puzzles written back. The puzzles here
//! are written for these tests.

use sudoku_engine::houses::HouseKind;
use sudoku_engine::rules::{AnyOf, Rule, RuleKind};
use sudoku_engine::{count, solve, Budget, Puzzle, Verdict};
use sudoku_links::iss::{self, ISS_ADDRESS};
use sudoku_links::read;

/// A valid 9x9 filling: row r is 1-9 shifted by 3r + r/3.
fn filling() -> Vec<u8> {
    (0..81)
        .map(|c| ((c / 9 * 3 + c / 27 + c % 9) % 9) as u8 + 1)
        .collect()
}

fn puzzle(text: &str) -> Puzzle {
    read(text).unwrap_or_else(|e| panic!("{text}: {e}")).puzzle
}

fn only_rule(text: &str) -> Rule {
    let p = puzzle(text);
    assert_eq!(p.rules().len(), 1, "{text}: {:?}", p.rules());
    p.rules()[0].clone()
}

/// Whether the rule keeps the digits of `grid` in its cells.
fn keeps(rule: &Rule, grid: &[u8], n: usize) -> bool {
    let values: Vec<u8> = rule.cells().iter().map(|&c| grid[c]).collect();
    rule.holds(&values, n)
}

fn error(text: &str) -> String {
    read(text).expect_err(text).to_string()
}

const CELLS_OF_BOX_1: &str = "R1C1~R1C2~R1C3~R2C1~R2C2~R2C3~R3C1~R3C2~R3C3";

#[test]
fn an_iss_link_reads_encoded_or_not_and_bare_text_too() {
    let text = ".Cage~10~R1C1~R1C2.~R5C5_7";
    let encoded = format!(
        "{ISS_ADDRESS}?q={}",
        percent_encoding::utf8_percent_encode(text, percent_encoding::NON_ALPHANUMERIC)
    );
    for form in [
        text.to_string(),
        format!("{ISS_ADDRESS}?q={text}"),
        encoded,
        format!("https://sigh.github.io/Interactive-Sudoku-Solver/index.html?mode=all&q={text}#x"),
        // `+` is a space, as a browser's query reads it.
        format!("{ISS_ADDRESS}?q=.Cage~10~R1C1+~R1C2.~R5C5_7"),
    ] {
        let p = puzzle(&form);
        assert_eq!(p.givens().get(40), 7, "{form}");
        assert_eq!(p.rules()[0].cage_sum(), Some(10), "{form}");
    }
}

#[test]
fn plain_forms_are_read_inside_a_link_only() {
    // SudoCue's killer format: the first two cells a cage of 3 (cage 7), the rest cages
    // of one cell each summing to its digit of the filling, with the diagonals.
    let grid = filling();
    let mut fields: Vec<String> = (0..81)
        .map(|i| format!("{}", grid[i] as usize * 256 + 8 + i))
        .collect();
    fields[0] = format!("{}", (grid[0] + grid[1]) as usize * 256 + 7);
    fields[1] = fields[0].clone();
    let sudocue = format!("3x3::k:{}:", fields.join(":"));
    let p = puzzle(&format!("{ISS_ADDRESS}?q={sudocue}"));
    assert_eq!(p.rules().len(), 80);
    assert_eq!(p.rules()[0].cells(), &[0, 1]);
    assert!(p
        .broken(
            &sudoku_engine::Grid::from_cells(
                sudoku_engine::Shape::with_side(9).unwrap(),
                grid.clone()
            )
            .unwrap()
        )
        .is_none());
    // Bare, it is no link this reader knows.
    assert!(read(&sudocue).is_err());
    // Pencilmarks: 729 characters, each cell's candidates; all single here but one.
    let mut marks = String::new();
    for (c, &d) in grid.iter().enumerate() {
        for v in 1..=9u8 {
            let keep = v == d || (c == 80 && v % 2 == d % 2);
            marks.push(if keep { char::from(b'0' + v) } else { '.' });
        }
    }
    let p = puzzle(&format!("{ISS_ADDRESS}?q={marks}"));
    assert_eq!(p.givens().get(0), grid[0]);
    assert_eq!(p.givens().get(80), 0, "r9c9 keeps its several candidates");
    assert_eq!(p.rules()[0].kind(), RuleKind::Parity);
    // A jigsaw layout of 4x4 in a link: regions of its own, no boxes.
    let p = puzzle(&format!("{ISS_ADDRESS}?q=0001021122312333"));
    assert!(!p.is_classic());
    // A line of 81 digits bare stays what it was: not ISS's text.
    assert!(!iss::is_iss(
        &grid
            .iter()
            .map(|d| char::from(b'0' + d))
            .collect::<String>()
    ));
}

#[test]
fn errors_name_the_part() {
    let text = ".~R1C1_5.Cage~10~R1C1~R1C2.ContainAtLeast~x~R2C1";
    let said = error(text);
    assert!(
        said.starts_with("ISS constraint \"ContainAtLeast~x~R2C1\" (part 3): \"x\" is not a value"),
        "{said}"
    );
    let said = error(".Cage~10~R1C1~R1C2.Thermo~R1C1~R0C2.ContainAtLeast~x~R1C3");
    assert!(
        said.contains("(part 2)") && said.contains("\"R0C2\" is not a cell"),
        "{said}"
    );
    assert!(
        said.ends_with("and 1 more part the engine cannot read"),
        "{said}"
    );
    assert!(error(".Foo~1").contains("\"Foo\" is not an ISS constraint type"));
    assert!(error(".Shape~6x6~5").contains("a 6x6 grid needs at least 6 values"));
    assert!(error(".Shape~9x9~2-10").contains("\"2-10\" is not a range of values from 0 or 1"));
    assert!(error(".Shape~6x6~17").contains("grids of 4 to 16 values"));
    assert!(error(".Shape~17x4").contains("1 to 16 rows and columns"));
    assert!(error(".Shape~6x8.~R7C1_1").contains("cell R7C1 is off the 6x8 grid"));
    // What only makes sense of the whole grid is refused inside an Or's branch.
    let said = error(".Or.AllDifferent~R1C1~R1C2.~R1C1_1.End");
    assert!(
        said.contains("\"Or\" (part 1): a branch holds all different, which the engine cannot state inside an either-or rule"),
        "{said}"
    );
    assert!(error(".Or.~R1C1_1.AntiKnight.End").contains("anti knight"));
    assert!(error(".Or.~R1C1_1.Jigsaw~x.End").contains("(part 3)"));
    assert!(error(".Or.~R1C1_1").contains("never closed"));
    assert!(error(".LittleKiller~10~R5C5").contains("no little killer diagonal starts at r5c5"));
    assert!(error(".WhiteDot~R1C1~R3C3").contains("no two of its cells are neighbours"));
    assert!(error(".Modular~0~R1C1~R1C2").contains("under 1"));
    assert!(error(".EqualityCage~R1C1~R1C2~R1C3").contains("even number of cells"));
    assert!(error(".CountDistinct~R1C1~R1C2~R1C1").contains("r1c1 is in it twice"));
    assert!(error(".~R1C1_1.~R1C1_2").contains("no value"));
}

#[test]
fn diagonal_1_is_the_anti_diagonal() {
    let p = puzzle(".Diagonal~1");
    let h = p.houses();
    let diagonal: Vec<&[usize]> = (0..h.len())
        .filter(|&i| h.kind(i) == HouseKind::Diagonal)
        .map(|i| h.cells(i))
        .collect();
    assert_eq!(diagonal, [&[8, 16, 24, 32, 40, 48, 56, 64, 72][..]]);
    let p = puzzle(".Diagonal~-1");
    assert!(
        (0..p.houses().len()).any(|i| p.houses().cells(i) == [0, 10, 20, 30, 40, 50, 60, 70, 80])
    );
}

#[test]
fn little_killers_run_from_their_first_cell() {
    // From the left side down-right, from the top down-left, from the right up-left, from
    // the bottom up-right.
    for (start, cells) in [
        ("R3C1", vec![18, 28, 38, 48, 58, 68, 78]),
        ("R1C3", vec![2, 10, 18]),
        ("R8C9", vec![71, 61, 51, 41, 31, 21, 11, 1]),
        ("R9C2", vec![73, 65, 57, 49, 41, 33, 25, 17]),
    ] {
        let rule = only_rule(&format!(".LittleKiller~10~{start}"));
        assert_eq!(rule.kind(), RuleKind::LittleKiller);
        let mut sorted = rule.cells().to_vec();
        sorted.sort_unstable();
        let mut want = cells.clone();
        want.sort_unstable();
        assert_eq!(sorted, want, "{start}");
    }
}

#[test]
fn indexing_is_f_puzzles_indexer() {
    // Column indexing at r1c1: its digit V places 1 (its column) at r1cV.
    let rule = only_rule(".Indexing~C~R1C1");
    let mut grid = filling();
    let place_of_1 = grid[..9].iter().position(|&d| d == 1).unwrap() as u8 + 1;
    grid[0] = place_of_1;
    assert!(keeps(&rule, &grid, 9) == (grid[place_of_1 as usize - 1] == 1));
    let row = only_rule(".Indexing~R~R2C3");
    assert_eq!(row.kind(), RuleKind::Indexer);
    assert!(
        row.cells().iter().all(|c| c % 9 == 2),
        "a row indexer reads its column"
    );
}

#[test]
fn each_line_and_mark_has_its_meaning() {
    let g = filling();
    // Each case: text, the rule kind, and a filling it must keep (ISS's meaning) or break.
    let keeps_rule = |text: &str, kind: RuleKind, grid: &[u8], kept: bool| {
        let p = puzzle(text);
        assert!(
            p.rules().iter().all(|r| r.kind() == kind),
            "{text}: {:?}",
            p.rules()
        );
        assert!(!p.rules().is_empty(), "{text}");
        let all = p.rules().iter().all(|r| keeps(r, grid, 9));
        assert_eq!(all, kept, "{text}");
    };
    // Row 1 of the filling: 1 2 3 4 5 6 7 8 9.
    keeps_rule(".Thermo~R1C1~R1C2~R1C3", RuleKind::Thermometer, &g, true);
    keeps_rule(".Thermo~R1C3~R1C2", RuleKind::Thermometer, &g, false);
    keeps_rule(".Whisper~R1C1~R1C6", RuleKind::Whispers, &g, true);
    keeps_rule(".Whisper~R1C1~R1C5", RuleKind::Whispers, &g, false);
    keeps_rule(".Whisper~2~R1C1~R1C3", RuleKind::Whispers, &g, true);
    keeps_rule(".Renban~R1C3~R1C1~R1C2", RuleKind::Renban, &g, true);
    keeps_rule(".Renban~R1C1~R1C3", RuleKind::Renban, &g, false);
    keeps_rule(".Between~R1C1~R1C2~R1C3", RuleKind::Between, &g, true);
    // The ends are the first and last cells: 1 and 5 here, 4 apart.
    keeps_rule(".Lockout~4~R1C1~R1C9~R1C5", RuleKind::Lockout, &g, true);
    keeps_rule(".Lockout~4~R1C1~R1C3~R1C5", RuleKind::Lockout, &g, false);
    keeps_rule(".Lockout~5~R1C1~R1C9~R1C5", RuleKind::Lockout, &g, false);
    keeps_rule(".Palindrome~R1C1~R2C4~R2C7", RuleKind::Palindrome, &g, true);
    keeps_rule(".Zipper~R1C1~R1C2~R1C3", RuleKind::Zipper, &g, false);
    keeps_rule(".Zipper~R1C1~R1C3~R1C2", RuleKind::Zipper, &g, true);
    keeps_rule(".Entropic~R1C1~R1C4~R1C7", RuleKind::Entropic, &g, true);
    keeps_rule(".Modular~3~R1C1~R1C2~R1C3", RuleKind::Modular, &g, true);
    keeps_rule(".Modular~3~R1C1~R1C4", RuleKind::Modular, &g, false);
    keeps_rule(".RegionSumLine~R1C3~R1C4", RuleKind::RegionSum, &g, false);
    keeps_rule(".Arrow~R1C3~R1C1~R1C2", RuleKind::Arrow, &g, true);
    keeps_rule(
        ".DoubleArrow~R1C1~R1C2~R1C3~R1C4",
        RuleKind::DoubleArrow,
        &g,
        true,
    );
    // A pill of r1c1-r1c2 reads 12, the sum of its shaft.
    keeps_rule(
        ".PillArrow~2~R1C2~R1C1~R2C1~R2C2",
        RuleKind::Arrow,
        &g,
        g[9] + g[10] == 12,
    );
    keeps_rule(".WhiteDot~R1C1~R1C2", RuleKind::Dot, &g, true);
    // Over three cells: both neighbouring pairs, r1c1-r1c2 (1, 2) and r1c2-r2c2.
    keeps_rule(
        ".BlackDot~R1C1~R1C2~R2C2",
        RuleKind::Dot,
        &g,
        g[10] == 4 || g[10] == 1,
    );
    keeps_rule(".X~R1C1~R1C2", RuleKind::Dot, &[5; 81], true);
    keeps_rule(".V~R1C1~R1C2", RuleKind::Dot, &g, false);
    keeps_rule(".V~R1C1~R2C1", RuleKind::Dot, &g, true);
    keeps_rule(".Cage~6~R1C1~R1C2~R1C3", RuleKind::Killer, &g, true);
    keeps_rule(".Cage~7~R1C1~R1C2~R1C3", RuleKind::Killer, &g, false);
    keeps_rule(".Sandwich~35~R1", RuleKind::Sandwich, &g, true);
    keeps_rule(".XSum~R1~1~", RuleKind::XSum, &g, true);
    keeps_rule(".XSum~R1~~45", RuleKind::XSum, &g, true);
    keeps_rule(".Skyscraper~R1~9~1", RuleKind::Skyscraper, &g, true);
    keeps_rule(".Quad~R1C1~1~2", RuleKind::Quadruple, &g, true);
    keeps_rule(".Quad~R1C1~9", RuleKind::Quadruple, &g, false);
    // Several givens of one cell keep what they share; all odd digits are an odd cell.
    keeps_rule(".~R1C1_1_3_5_7_9", RuleKind::Parity, &g, true);
    keeps_rule(".~R1C2_1_3_5_7_9", RuleKind::Parity, &g, false);
    keeps_rule(".SameValues~2~R1C1~R2C7", RuleKind::Clone, &g, g[15] == 1);
}

#[test]
fn houses_and_switches_have_their_meaning() {
    let extra = |p: &Puzzle, kind: HouseKind| {
        (0..p.houses().len())
            .filter(|&h| p.houses().kind(h) == kind)
            .count()
    };
    let p = puzzle(&format!(
        ".AllDifferent~{CELLS_OF_BOX_1}.AntiKnight.AntiKing.DisjointSets.Windoku"
    ));
    assert_eq!(extra(&p, HouseKind::ExtraRegion), 5);
    assert!(extra(&p, HouseKind::Knight) > 0 && extra(&p, HouseKind::King) > 0);
    assert_eq!(extra(&p, HouseKind::Disjoint), 9);
    // A jigsaw with NoBoxes: its pieces are the regions; without it, extra regions.
    let layout: String = (0..81).map(|c| char::from(b'0' + (c / 9) as u8)).collect();
    let p = puzzle(&format!(".Jigsaw~{layout}.NoBoxes"));
    assert!(
        (0..p.houses().len()).any(|h| p.houses().kind(h) == HouseKind::Region
            && p.houses().cells(h) == (0..9).collect::<Vec<_>>())
    );
    let p = puzzle(&format!(".Jigsaw~{layout}"));
    assert_eq!(extra(&p, HouseKind::ExtraRegion), 9);
    // NoBoxes alone: no regions at all; a 4x4 classic has its boxes.
    let p = puzzle(".NoBoxes");
    assert_eq!(extra(&p, HouseKind::Region), 0);
    assert!(puzzle(".Shape~4x4").is_classic());
    // Strict rules forbid the relations on pairs without a mark, and AntiConsecutive
    // everywhere.
    let strict = puzzle(".StrictKropki.WhiteDot~R1C1~R1C2");
    let g = filling();
    assert!(
        strict.rules().iter().any(|r| !keeps(r, &g, 9)),
        "r1c2-r1c3 are consecutive"
    );
    assert!(puzzle(".StrictXV").rules().len() > 100);
    assert!(puzzle(".AntiConsecutive")
        .rules()
        .iter()
        .any(|r| !keeps(r, &g, 9)));
    // ISS's non-consecutive rule holds on a dotted pair too (f-puzzles' exempts it): a
    // relation beside the dot says so.
    let dotted = puzzle(".AntiConsecutive.BlackDot~R1C1~R1C2");
    let beside: Vec<&Rule> = dotted
        .rules()
        .iter()
        .filter(|r| r.kind() == RuleKind::Pairwise)
        .collect();
    assert_eq!(beside.len(), 1, "{:?}", dotted.rules());
    assert_eq!(beside[0].cells(), [0, 1]);
    assert!(!beside[0].holds(&[1, 2], 9) && !beside[0].holds(&[5, 4], 9));
    assert!(beside[0].holds(&[2, 4], 9) && beside[0].holds(&[6, 3], 9));
}

/// A 6x6 puzzle of this test's own, proven unique by the engine here and by ISS itself
/// (`SudokuParser.parseText`, `SudokuBuilder.build`, `countSolutions(3)` under Node: 1): a cage, a thermometer,
/// a little killer from r1c4 down-left (r1c4, r2c3, r3c2, r4c1) and givens.
const OWN_6X6: &str = ".Shape~6x6.Cage~6~R1C1~R1C2~R1C3.Thermo~R1C1~R2C1~R4C1.LittleKiller~18~R1C4.~R2C5_2~R3C3_4~R3C6_1~R4C4_2~R5C2_4~R5C6_2~R6C3_2~R6C5_4~R2C2_5~R6C1_6";

#[test]
fn a_puzzle_of_our_own_reads_and_has_one_solution() {
    let p = puzzle(OWN_6X6);
    let counted = count(&p, 3, &mut Budget::unlimited());
    assert_eq!(counted.count, 1);
    let Verdict::Unique(grid) = solve(&p, &mut Budget::unlimited()).verdict else {
        panic!("not unique")
    };
    assert!(p.broken(&grid).is_none());
}

/// `data/iss-own.jsonl`: 15 puzzles made here and written as ISS links (killers, arrows,
/// thermometers, Kropki, jigsaw, diagonals, anti-knight, odd-even cells as givens of
/// several values, two moved to values 0-8, two 16x16, two of connected values, one on a
/// 6x6 grid of values 1-8 with a size), each proven unique by ISS itself
/// with the solution listed, as ISS writes values (data/README.md says how). The engine
/// reads each and finds that one solution.
#[test]
fn own_puzzles_in_iss_form_have_the_solution_iss_found() {
    let data = include_str!("../../data/iss-own.jsonl");
    let mut seen = 0;
    for line in data.lines() {
        let v: serde_json::Value = serde_json::from_str(line).expect("a JSON line");
        let (title, link, solution) = (&v["title"], v["iss"].as_str(), v["solution"].as_str());
        let imported = read(link.expect("an iss link")).unwrap_or_else(|e| panic!("{title}: {e}"));
        let Verdict::Unique(grid) = solve(&imported.puzzle, &mut Budget::unlimited()).verdict
        else {
            panic!("{title}: not unique")
        };
        assert_eq!(
            Some(imported.symbols.grid_line(grid.cells()).as_str()),
            solution,
            "{title}"
        );
        seen += 1;
    }
    assert_eq!(seen, 15);
}

#[test]
fn puzzles_are_written_back_as_iss_text() {
    for text in [
        OWN_6X6,
        ".Cage~10~R1C1~R1C2.Thermo~R1C3~R1C4~R1C5.Arrow~R2C1~R2C2~R3C3.Whisper~5~R5C5~R5C6.~R9C9_3",
        ".WhiteDot~R1C1~R1C2.BlackDot~R2C1~R2C2.X~R3C1~R3C2.V~R4C1~R4C2.Renban~R6C6~R6C7",
        ".Diagonal~1.Diagonal~-1.AntiKnight.AntiKing.DisjointSets.Indexing~C~R1C1.Quad~R4C4~1~2",
        ".LittleKiller~20~R1C3.XSum~R2~10~.Skyscraper~C3~~4.Sandwich~5~R5.Lockout~4~R7C1~R7C2~R7C3",
        ".Between~R8C1~R8C2~R8C3.Palindrome~R9C1~R9C2.Zipper~R9C4~R9C5~R9C6.Modular~3~R2C7~R2C8",
        ".PillArrow~2~R4C7~R4C8~R5C8~R6C8.DoubleArrow~R7C7~R7C8~R7C9.SameValues~2~R1C9~R2C7",
        SKYSCRAPER_9,
        ".Regex~KDEyfDIxKSs=~R3C1~R3C2~R3C3~R3C4~~R5C1~R5C2.Regex~MS4qOQ~R9C1~R9C2~R9C3",
        // ISS's rules of issue 52.
        ".RellikCage~5~R1C1~R1C2.Lunchbox~0~R2C1~R2C2~R2C3.Sum~12~R3C1~R3C2.Sum~0_=_1_-2~R4C1~R4C2",
        ".SumLine~10~R1C1~R1C2~R1C3.SumLine~10~R5C5~R5C6~R6C6~LOOP.GreaterThan~R8C8~R8C9~R9C8",
        ".Pair~EAEBEAAQAAAAE~R2C6~R3C6~~R4C4~R4C5.PairX~8H_xf8H_xf8H_B~R7C1~R8C1~R9C2",
        ".FullRank~C2~26~.FullRank~R5~~10.FullRank~R5~3~.FullRankTies~any.CountingCircles~R1C5~R2C5",
        ".HiddenSkyscraper~C4~8~.NumberedRoom~R1~1~6.GlobalEntropy.AntiTaxicab",
        ".GlobalMod.FullRankTies~none",
        // ISS's grid shapes (`iss_shapes_are_written_back_as_read`).
        ".Shape~4x7.Jigsaw~0000111000111122223332223333.~R1C1_3",
        ".Shape~6x6~9.RegionSize~9.Diagonal~1.AntiKing",
        ".Shape~9x8~0-8.Cage~10~R1C1~R1C2",
        // Either-or rules, their branches And groups and nested Ors; a look-and-say clue
        // is written as the automaton it is read into.
        ".Or.~R1C1_1.~R1C2_1.End.Or.And.Cage~8~R2C1~R2C2.Lunchbox~8~R2C1~R2C2.End.~R3C3_1_3_5_7_9.End",
        ".Or.Or.X~R5C5~R5C6.V~R5C5~R5C6.End.And.~R5C5_2.~R5C6_2.End.End.LookAndSay~2103~R1C1~R1C2",
    ] {
        let imported = read(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        let written = iss::constraint_text(&imported).unwrap_or_else(|e| panic!("{text}: {e}"));
        let again = read(&written).unwrap_or_else(|e| panic!("{written}: {e}"));
        assert_eq!(again.puzzle, imported.puzzle, "{text}\n{written}");
        assert_eq!(again.symbols, imported.symbols, "{text}\n{written}");
        let link = iss::link(&imported).unwrap();
        assert!(
            link.starts_with(ISS_ADDRESS) && link.contains("?q=."),
            "{link}"
        );
        assert_eq!(read(&link).unwrap().puzzle, imported.puzzle, "{link}");
    }
}

/// ISS's automaton of "Diagonal Skyscrapers" (its suite): nine rising digits, here on two
/// lines, named with a space and a dot as ISS encodes them.
const SKYSCRAPER_9: &str = ".NFA~TgRAEv-IiIiIiAyMDmaA9ERQ-qqrD9mZmc_u7u7w_4iIiIn_zMzMzIg~_Rising%202%2E0~R1C1~R2C2~R3C3~R4C4~R5C5~R6C6~R7C7~R8C8~R9C9~~R9C1~R9C2~R9C3~R9C4";

#[test]
fn line_patterns_have_iss_meaning() {
    let p = puzzle(SKYSCRAPER_9);
    let [diagonal @ Rule::Automaton(line), short @ Rule::Automaton(_)] = p.rules() else {
        panic!("{:?}", p.rules())
    };
    assert!(diagonal.holds(&[1, 2, 3, 4, 5, 6, 7, 8, 9], 9));
    assert!(!diagonal.holds(&[2, 1, 3, 4, 5, 6, 7, 8, 9], 9));
    assert_eq!(line.label(), "Rising 2.0");
    assert!(!short.holds(&[1, 2, 3, 4], 9));
    // A line of segments reads a break between them, a symbol past the digits, which
    // this automaton of nine symbols lacks: ISS refuses it, and so does the reader.
    let segmented = SKYSCRAPER_9.replace("~R9C3~R9C4", "~R9C3~-~R9C4");
    assert!(
        error(&segmented).contains("break between segments"),
        "{}",
        error(&segmented)
    );
    // A regular expression matches the whole line, and each line on its own.
    let p = puzzle(".Regex~KDEyfDIxKSs=~R3C1~R3C2~R3C3~R3C4~~R5C1~R5C2");
    assert_eq!(p.rules().len(), 2);
    assert!(p.rules()[0].holds(&[1, 2, 2, 1], 9));
    assert!(!p.rules()[0].holds(&[1, 2, 2, 2], 9));
    assert!(p.rules()[1].holds(&[2, 1], 9));
    // Its text in the older links, percent-encoded.
    let older = puzzle(".Regex~1%2E*9~R9C1~R9C2~R9C3");
    assert!(older.rules()[0].holds(&[1, 5, 9], 9));
    assert!(!older.rules()[0].holds(&[1, 9, 5], 9));
    // What ISS refuses is refused, naming the part.
    assert!(
        error(".Regex~MA~R1C1").contains("not a digit from 1 to 9"),
        "{}",
        error(".Regex~MA~R1C1")
    );
    assert!(error(".NFA~TgRAEv~_x~R1C1").contains("automaton"));
    assert!(
        error(".NFA~TgRAEv-IiIiIiAyMDmaA9ERQ-qqrD9mZmc_u7u7w_4iIiIn_zMzMzIg~_x~R1C1~-~~R1C2")
            .contains("empty segment")
    );
}

#[test]
fn rules_iss_lacks_are_named_when_writing() {
    let slow = read(r#"{"size":9,"slowthermometer":[{"lines":[["R1C1","R1C2"]]}]}"#).unwrap();
    let said = iss::constraint_text(&slow).unwrap_err();
    assert_eq!(
        said,
        "ISS has no slow-thermometer rule (the slow thermometer r1c1 → r1c2)"
    );
}

/// The rule of the only part of `text` that is of `kind`.
fn rule_of(text: &str, kind: RuleKind) -> Rule {
    let p = puzzle(text);
    let mut found = p.rules().iter().filter(|r| r.kind() == kind);
    let rule = found
        .next()
        .unwrap_or_else(|| panic!("{text}: no {kind:?}"));
    assert!(found.next().is_none(), "{text}: two {kind:?}");
    rule.clone()
}

#[test]
fn greater_than_compares_each_cell_with_every_later_neighbour() {
    // r1c2 is above r1c1, r1c3 and r2c2; r1c1, r1c3 and r2c2 are not neighbours of each
    // other, so nothing is said between them.
    let rule = only_rule(".GreaterThan~R1C2~R1C1~R1C3~R2C2");
    assert_eq!(rule.kind(), RuleKind::GreaterThan);
    assert!(rule.holds(&[9, 1, 8, 5], 9));
    assert!(rule.holds(&[9, 8, 1, 8], 9));
    assert!(!rule.holds(&[8, 1, 9, 5], 9));
    // A later cell beside an earlier one is below it, whichever way round they lie.
    let rule = only_rule(".GreaterThan~R1C1~R1C2~R1C3");
    assert!(rule.holds(&[3, 2, 1], 9) && !rule.holds(&[3, 2, 2], 9) && !rule.holds(&[1, 2, 3], 9));
    assert!(error(".GreaterThan~R1C1~R3C3").contains("no two of its cells are neighbours"));
}

#[test]
fn full_rank_ties_are_only_unclued_unless_said() {
    let numbers = |text: &str| rule_of(text, RuleKind::FullRank).numbers();
    // The ties' code (0 none, 1 only unclued, 2 any) comes first, then each clue's number
    // (row 1 from the left is 0, from the right 1, ...; column 2 from the top is 20) and
    // its rank; the clues of a grid are one rule.
    assert_eq!(numbers(".FullRank~C2~26~"), [1, 20, 26]);
    assert_eq!(
        numbers(".FullRank~C2~26~.FullRankTies~only-unclued"),
        [1, 20, 26]
    );
    assert_eq!(
        numbers(".FullRank~C2~26~.FullRank~R1~~3.FullRankTies~any"),
        [2, 1, 3, 20, 26]
    );
    // No ties at all is a rule of the grid even without a clue; the other two say nothing.
    assert_eq!(numbers(".FullRankTies~none"), [0]);
    assert!(puzzle(".FullRankTies~any").rules().is_empty());
    assert!(error(".FullRank~C2~37~").contains("value 37 is out of range (1 to 36)"));
    assert!(error(".FullRankTies~some").contains("not a rule for ties"));
    // The rank of a number from a row starting with d is 4(d-1)+1 to 4d, as ISS restricts
    // the first cell: in the filling, row 1 from the left starts with 1 and ranks among 1-4.
    let grid = filling();
    let rule = rule_of(".FullRank~R1~5~", RuleKind::FullRank);
    assert!(!keeps(&rule, &grid, 9));
}

#[test]
fn full_rank_clues_narrow_the_numbers_of_their_first_digit() {
    // ISS's "Full rank - 6 clue snipe" (its `data/collections.js`, MIT): six clues and no
    // given. Without the reasoning of each first digit's four numbers (ISS's
    // `_enforceUncluedEntriesForGiven`) the search did not end in minutes; with it, it
    // has ISS's one solution.
    let p = puzzle(
        ".FullRank~R5~17~.FullRank~R4~1~.FullRank~C2~32~.FullRank~C3~28~.FullRank~C4~23~\
         .FullRank~R1~34~.",
    );
    let solution = "987624153654381972231975648179842536568793214423156789\
                    845267391396518427712439865";
    match solve(&p, &mut Budget::unlimited()).verdict {
        Verdict::Unique(grid) => {
            let digits: String = grid.cells().iter().map(|d| d.to_string()).collect();
            assert_eq!(digits, solution);
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn sum_lines_loop_and_are_split_into_segments() {
    let line = only_rule(".SumLine~10~R1C1~R1C2~R1C3~R1C4");
    assert_eq!(line.numbers(), [10, 0]);
    assert!(line.holds(&[3, 7, 6, 4], 9) && !line.holds(&[3, 7, 6, 5], 9));
    // A loop may run a segment on from its last cell to its first.
    let ring = only_rule(".SumLine~10~R1C1~R1C2~R2C2~R2C1~LOOP");
    assert_eq!((ring.numbers(), ring.cells().len()), (vec![10, 1], 4));
    assert!(ring.holds(&[6, 4, 6, 4], 9) && ring.holds(&[4, 6, 4, 6], 9));
    assert!(error(".SumLine~31~R1C1~R1C2").contains("sums from 1 to 30"));
    assert!(error(".SumLine~10~R1C1~R1C2~R1C1").contains("twice"));
}

#[test]
fn relations_are_tables_in_named_groups_and_binary_is_their_legacy_spelling() {
    // A table of "differ by 4 or more" (ISS's Nabner-like key) between every two cells.
    let modern = puzzle(".PairX~8H_xf8H_xf8H_B~_Nabner~R1C1~R1C2~~R5C5~R6C6");
    let legacy = puzzle(".BinaryX~8H-xf8H-xf8H-B~~R1C1~R1C2~_other~R5C5~R6C6");
    assert_eq!(modern.rules().len(), 2);
    assert_eq!(modern.rules(), legacy.rules());
    // Pair relates consecutive cells only: r1c1-r1c2 and r1c2-r1c3, not r1c1-r1c3.
    // "Greater than" (bit (a-1)·9 + (b-1) for a > b) between consecutive cells only:
    // r1c1 > r1c2 > r1c3 says nothing of r1c1 and r1c3 but through r1c2.
    let descending = only_rule(".Pair~AIAD4AP4D_4P_D~R1C1~R1C2~R1C3");
    assert_eq!(descending.kind(), RuleKind::Pairwise);
    assert!(descending.holds(&[3, 2, 1], 9) && !descending.holds(&[3, 1, 2], 9));
    assert!(error(".PairX~AIAD4AP4D_4P_D~R1C1~R1C2").contains("same both ways"));
    assert!(error(".Pair~E!~R1C1~R1C2").contains("base64"));
}

#[test]
fn rellik_cages_and_lunchboxes_hold_distinct_digits() {
    let p = puzzle(".RellikCage~5~R1C1~R1C2.Lunchbox~0~R2C1~R2C2~R2C3");
    let houses = p.houses();
    let cages: Vec<&[usize]> = (0..houses.len())
        .filter(|&h| houses.kind(h) == HouseKind::Cage)
        .map(|h| houses.cells(h))
        .collect();
    assert_eq!(cages, [&[0, 1][..], &[9, 10, 11][..]]);
    let rellik = rule_of(".RellikCage~5~R1C1~R1C2", RuleKind::Rellik);
    assert!(!rellik.holds(&[2, 3], 9) && !rellik.holds(&[5, 1], 9) && rellik.holds(&[6, 1], 9));
    // A lunchbox of 0: its smallest and largest digits are next to each other.
    let lunch = rule_of(".Lunchbox~0~R2C1~R2C2~R2C3", RuleKind::Lunchbox);
    assert!(lunch.holds(&[1, 9, 5], 9) && !lunch.holds(&[1, 5, 9], 9));
    assert!(error(".RellikCage~0~R1C1~R1C2").contains("needs a sum of 1 or more"));
}

#[test]
fn sums_have_weights_and_may_repeat_digits() {
    let plain = only_rule(".Sum~4~R1C1~R2C2");
    assert!(plain.holds(&[2, 2], 9) && !plain.holds(&[1, 2], 9));
    let weighted = only_rule(".Sum~0_=_1_-2~R1C1~R1C2");
    assert!(weighted.holds(&[6, 3], 9) && !weighted.holds(&[3, 6], 9));
    assert!(error(".Sum~0_=_1~R1C1~R1C2").contains("1 weights for 2 cells"));
    assert!(error(".Sum~0_=_101_1~R1C1~R1C2").contains("-100 to 100"));
}

#[test]
fn outside_clues_read_from_their_side() {
    // NumberedRoom~R1~1~6: from the left the first digit's place holds 1; from the right, 6.
    let p = puzzle(".NumberedRoom~R1~1~6");
    let cells: Vec<Vec<usize>> = p.rules().iter().map(|r| r.cells().to_vec()).collect();
    assert_eq!(cells[0][0], 0);
    assert_eq!(cells[1][0], 8);
    let hidden = only_rule(".HiddenSkyscraper~C4~8~");
    assert_eq!(hidden.cells()[..2], [3, 12]);
    assert!(hidden.holds(&[9, 8, 1, 2, 3, 4, 5, 6, 7], 9));
    assert!(!hidden.holds(&[8, 9, 1, 2, 3, 4, 5, 6, 7], 9));
}

#[test]
fn global_rules_cover_the_grid() {
    assert_eq!(puzzle(".AntiTaxicab").rules().len(), 81);
    assert_eq!(puzzle(".GlobalEntropy").rules().len(), 64);
    assert_eq!(puzzle(".GlobalMod").rules().len(), 64);
    assert!(error(".Shape~6x6.GlobalEntropy").contains("needs the digits 1-9"));
    assert!(error(".CountingCircles~R1C1~R1C1").contains("listed twice"));
    // Written once, whatever the number of its rules.
    let written = iss::constraint_text(&read(".AntiTaxicab.GlobalMod").unwrap()).unwrap();
    assert_eq!(written, ".AntiTaxicab.GlobalMod");
}

/// ISS's grid of `rows` by `cols` as the test reads it from an engine grid of side `n`:
/// its cells' digits, row by row.
fn window_digits(grid: &[u8], rows: usize, cols: usize, n: usize) -> Vec<u8> {
    (0..rows * cols)
        .map(|i| grid[i / cols * n + i % cols])
        .collect()
}

/// Whether `digits` (row by row, `rows` by `cols`) keep ISS's houses as this test states
/// them independently of the reader: no digit twice in a row, a column or a box of
/// `height` by `width`, every digit from 1 to `values`.
fn keeps_iss_houses(
    digits: &[u8],
    (rows, cols, values): (usize, usize, usize),
    boxes: Option<(usize, usize)>,
) -> bool {
    let group = |of: &dyn Fn(usize) -> usize| {
        (0..digits.len())
            .all(|a| (a + 1..digits.len()).all(|b| of(a) != of(b) || digits[a] != digits[b]))
    };
    let in_range = digits.iter().all(|&d| (1..=values as u8).contains(&d));
    let boxed = boxes.is_none_or(|(h, w)| group(&|i| (i / cols / h) * (cols / w) + i % cols / w));
    in_range && rows * cols == digits.len() && group(&|i| i / cols) && group(&|i| i % cols) && boxed
}

/// An ISS shape's text, its rows, columns and values, and the boxes ISS gives it
/// (height and width, `CellGeometry.boxDimsForSize`).
type IssShape = (&'static str, (usize, usize, usize), Option<(usize, usize)>);

/// ISS's shapes.
const SHAPES: [IssShape; 9] = [
    (".Shape~6x8", (6, 8, 8), Some((2, 4))),
    (".Shape~9x8", (9, 8, 9), None),
    (".Shape~5x10", (5, 10, 10), Some((5, 2))),
    (".Shape~4x6", (4, 6, 6), Some((2, 3))),
    (".Shape~4x7~0-6", (4, 7, 7), None),
    // More values than the side keeps the boxes of the side.
    (".Shape~6x6~9", (6, 6, 9), Some((2, 3))),
    (".Shape~6x6~9.RegionSize~9", (6, 6, 9), Some((3, 3))),
    (".Shape~5x5~9", (5, 5, 9), None),
    (".Shape~9x9~0-9", (9, 9, 10), Some((3, 3))),
];

#[test]
fn iss_shapes_are_the_corner_of_an_engine_grid_with_iss_houses() {
    for (text, (rows, cols, values), boxes) in SHAPES {
        let imported = read(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        let p = &imported.puzzle;
        let n = p.shape().n();
        assert_eq!(n, values, "{text}: the engine's side is the values' count");
        assert_eq!(imported.symbols.window(n), Some((rows, cols)), "{text}");
        let houses = p.houses();
        let of = |kind| {
            (0..houses.len())
                .filter(|&h| houses.kind(h) == kind)
                .count()
        };
        assert_eq!(of(HouseKind::Row), rows, "{text}");
        assert_eq!(of(HouseKind::Column), cols, "{text}");
        let box_count = boxes.map_or(0, |(h, w)| rows * cols / (h * w));
        assert_eq!(of(HouseKind::Region), box_count, "{text}");
        // No house reaches a cell outside ISS's grid, and each of those is a given.
        for h in 0..houses.len() {
            assert!(
                houses
                    .cells(h)
                    .iter()
                    .all(|&c| c / n < rows && c % n < cols),
                "{text}: {}",
                houses.name(h)
            );
        }
        for c in (0..n * n).filter(|&c| c / n >= rows || c % n >= cols) {
            assert_ne!(p.givens().get(c), 0, "{text}: cell {c}");
        }
        // A solution keeps ISS's houses as this test states them, and is written as
        // ISS's cells alone.
        let grid = match solve(p, &mut Budget::unlimited()).verdict {
            Verdict::Multiple(a, _) => a,
            other => panic!("{text}: {other:?}"),
        };
        let digits = window_digits(grid.cells(), rows, cols, n);
        assert!(
            keeps_iss_houses(&digits, (rows, cols, values), boxes),
            "{text}: {digits:?}"
        );
        assert_eq!(
            imported.symbols.grid_line(grid.cells()).len(),
            rows * cols,
            "{text}"
        );
    }
}

/// A filling of ISS's empty grid of `rows` by `cols` (its shape's text), row by row.
fn a_filling(shape: &str, rows: usize, cols: usize) -> Vec<u8> {
    let empty = puzzle(shape);
    let Verdict::Multiple(grid, _) = solve(&empty, &mut Budget::unlimited()).verdict else {
        panic!("{shape}: an empty grid has many solutions")
    };
    window_digits(grid.cells(), rows, cols, empty.shape().n())
}

/// The `open` cells of a filling of an ISS shape (`digits`, row by row): the engine's
/// count of `text` (the shape and its rules) with every other cell given, against a brute
/// force of the fillings of the open cells that keep ISS's houses and `holds`; at least
/// one, the filling itself, where it keeps `holds`.
fn assert_count_of_open_cells(
    text: &str,
    digits: &[u8],
    open: &[usize],
    (rows, cols, values): (usize, usize, usize),
    boxes: Option<(usize, usize)>,
    holds: &dyn Fn(&[u8]) -> bool,
) {
    let mut expected = 0;
    for code in 0..values.pow(open.len() as u32) {
        let mut trial = digits.to_vec();
        for (k, &i) in open.iter().enumerate() {
            trial[i] = (code / values.pow(k as u32) % values) as u8 + 1;
        }
        expected +=
            u64::from(keeps_iss_houses(&trial, (rows, cols, values), boxes) && holds(&trial));
    }
    let givens: Vec<String> = (0..rows * cols)
        .filter(|i| !open.contains(i))
        .map(|i| {
            let value = i64::from(digits[i]) - i64::from(text.contains("~0-"));
            format!("R{:X}C{:X}_{value}", i / cols + 1, i % cols + 1)
        })
        .collect();
    let text = format!("{text}.~{}", givens.join("~"));
    let counted = count(&puzzle(&text), 10_000, &mut Budget::unlimited()).count;
    assert!(expected >= 1, "{text}");
    assert_eq!(counted, expected, "{text}");
}

#[test]
fn counts_on_iss_shapes_are_exact_whatever_the_cells_outside() {
    for (text, (rows, cols, values), boxes) in SHAPES {
        let digits = a_filling(text, rows, cols);
        // Three cells of the first row left open, the rest given: ISS's count is how many
        // fillings of them keep its houses, counted here by brute force.
        let open = [0, cols / 2, cols - 1];
        let dims = (rows, cols, values);
        assert_count_of_open_cells(text, &digits, &open, dims, boxes, &|_| true);
    }
}

#[test]
fn iss_shapes_give_each_rule_its_cells_or_refuse_it() {
    // A cage, a thermometer and an anti-knight in a 6x6 grid of values 1-9: the cage sums
    // digits in ISS's grid; the knight's moves stay in it.
    let p = puzzle(".Shape~6x6~9.Cage~24~R1C1~R1C2~R1C3.Thermo~R6C1~R6C2.AntiKnight");
    let houses = p.houses();
    let knights = (0..houses.len())
        .filter(|&h| houses.kind(h) == HouseKind::Knight)
        .count();
    // A 6x6 grid has 2 * (5 * 4 + 4 * 5) knight's moves, each pair once.
    assert_eq!(knights, 80);
    assert!(p
        .rules()
        .iter()
        .all(|r| r.cells().iter().all(|&c| c % 9 < 6 && c / 9 < 6)));
    let Verdict::Multiple(grid, _) = solve(&p, &mut Budget::unlimited()).verdict else {
        panic!("many solutions")
    };
    assert_eq!(grid.get(0) + grid.get(1) + grid.get(2), 24);
    // ISS's diagonals of a square grid of more values are its own.
    let p = puzzle(".Shape~6x6~9.Diagonal~1");
    let h = (0..p.houses().len())
        .find(|&h| p.houses().kind(h) == HouseKind::Diagonal)
        .unwrap();
    assert_eq!(p.houses().cells(h), &[5, 13, 21, 29, 37, 45]);
    assert!(error(".Shape~6x8.Diagonal~1").contains("a diagonal needs a square grid"));
    assert!(error(".Shape~6x6~9.Cage~5~R1C6~R1C7").contains("cell R1C7 is off the 6x6 grid"));
    // A little killer there runs to ISS's own edge: R1C6 down-left to R6C1.
    let p = puzzle(".Shape~6x6~9.LittleKiller~10~R1C6");
    assert!(p
        .rules()
        .iter()
        .any(|r| r.cells() == [5, 13, 21, 29, 37, 45]));
    assert!(error(".Shape~6x6~9.LittleKiller~10~R1C7").contains("(part 2)"));
    assert!(error(".Shape~6x6~9.XSum~R1~10~")
        .contains("cannot state a rule of the grid's edges or of every cell there yet"));
    // ISS's global entropy needs nine values, which a 6x8 grid lacks.
    assert!(error(".Shape~6x8.GlobalEntropy").contains("needs the digits 1-9"));
    // Boxes of 9 cannot have 8 values; regions have 6 to 9 cells on 6x6~9.
    assert!(error(".Shape~6x6~9.RegionSize~5").contains("have 6 to 9 cells"));
}

/// The clues at the ends of a line of an ISS grid, as this test states ISS's meaning
/// (`Skyscraper`, and `NumberedRoom` as ISS's `Indexing` handler): the line's values from
/// the clue's end.
/// `None` where no clue holds.
fn skyscraper(line: &[u8]) -> Option<u8> {
    let mut tallest = 0;
    let seen = line
        .iter()
        .filter(|&&d| {
            let seen = d > tallest;
            tallest = tallest.max(d);
            seen
        })
        .count();
    Some(seen as u8)
}

fn numbered_room(line: &[u8]) -> Option<u8> {
    // The room the first value names; none where it names no cell of the line.
    line.get(usize::from(line[0]).wrapping_sub(1)).copied()
}

#[test]
fn outside_clues_on_iss_shapes_see_iss_rows_and_columns() {
    // Each clue at each end of a row and a column of a rectangular grid and of a grid of
    // more values than its side: its line's cells left open, every other given from a
    // filling, the clue the one that filling gives. The engine's count is the number of
    // fillings of the open cells that keep ISS's houses and the clue, by brute force.
    let shapes: [IssShape; 2] = [SHAPES[3], SHAPES[5]];
    type Clue = (&'static str, fn(&[u8]) -> Option<u8>);
    let clues: [Clue; 2] = [("Skyscraper", skyscraper), ("NumberedRoom", numbered_room)];
    for (shape, (rows, cols, values), boxes) in shapes {
        let digits = a_filling(shape, rows, cols);
        // The second row and the last column, four cells of each open.
        let lines: [(String, Vec<usize>); 2] = [
            ("R2".into(), (0..cols).map(|c| cols + c).collect()),
            (
                format!("C{cols}"),
                (0..rows).map(|r| r * cols + cols - 1).collect(),
            ),
        ];
        for (kind, meaning) in clues {
            for (name, line) in &lines {
                for from_end in [false, true] {
                    let ordered = |d: &[u8]| -> Vec<u8> {
                        let mut l: Vec<u8> = line.iter().map(|&i| d[i]).collect();
                        if from_end {
                            l.reverse();
                        }
                        l
                    };
                    let Some(clue) = meaning(&ordered(&digits)) else {
                        continue;
                    };
                    let clues = if from_end {
                        format!("~{clue}")
                    } else {
                        format!("{clue}~")
                    };
                    let text = format!("{shape}.{kind}~{name}~{clues}");
                    let dims = (rows, cols, values);
                    let holds = |trial: &[u8]| meaning(&ordered(trial)) == Some(clue);
                    assert_count_of_open_cells(&text, &digits, &line[..4], dims, boxes, &holds);
                }
            }
        }
    }
}

#[test]
fn global_rules_on_iss_shapes_cover_iss_grid() {
    // Global entropy and mod 3 on ISS's 2x2 squares of a 6x6 grid of nine values: 25 of
    // them, none reaching the engine's cells outside it.
    for kind in ["GlobalEntropy", "GlobalMod"] {
        let p = puzzle(&format!(".Shape~6x6~9.RegionSize~9.{kind}"));
        assert_eq!(p.rules().len(), 25, "{kind}");
        assert!(p
            .rules()
            .iter()
            .all(|r| r.cells().iter().all(|&c| c % 9 < 6 && c / 9 < 6)));
    }
    // Dutch flatmates down each of the 7 columns of a 7x7 grid of nine values: a 5 with
    // neither 1 above nor 9 below breaks it, in ISS's last row too (nothing below it).
    let p = puzzle(".Shape~7x7~9.RegionSize~9.DutchFlatmates");
    assert_eq!(p.rules().len(), 7);
    assert!(p.rules().iter().all(|r| r.cells().len() == 7));
    let column = |digits: [u8; 7]| {
        let mut grid = vec![1u8; 81];
        for (r, d) in digits.into_iter().enumerate() {
            grid[r * 9] = d;
        }
        keeps(&p.rules()[0], &grid, 9)
    };
    assert!(column([1, 5, 2, 3, 4, 6, 7]));
    assert!(column([2, 5, 9, 3, 4, 6, 7]));
    assert!(!column([2, 3, 4, 6, 7, 8, 5]));
    assert!(!column([2, 5, 3, 4, 6, 7, 8]));
    // An indexer reads the engine's row, which is ISS's where the grid is as wide as its
    // values; a column of a shorter grid is refused.
    assert_eq!(only_rule(".Shape~6x9.Indexing~C~R1C5").cells().len(), 9);
    assert!(error(".Shape~6x9.Indexing~R~R1C5").contains("reaches outside it"));
}

#[test]
fn jigsaws_of_iss_shapes_have_pieces_of_the_region_size() {
    // A 4x7 grid has no boxes: a jigsaw's four pieces of seven are its regions.
    let layout = "0000111000111122223332223333";
    assert_eq!(layout.len(), 28);
    let p = puzzle(&format!(".Shape~4x7.Jigsaw~{layout}"));
    let regions: Vec<usize> = (0..p.houses().len())
        .filter(|&h| p.houses().kind(h) == HouseKind::Region)
        .collect();
    assert_eq!(regions.len(), 4);
    assert!(regions.iter().all(|&h| p.houses().cells(h).len() == 7));
    // With RegionSize 9 on 7x7~9, five pieces of nine, row by row; the piece of the last
    // four cells is left out, as ISS leaves out one piece of another size.
    let layout: String = (0..49).map(|i| char::from(b'0' + (i / 9) as u8)).collect();
    let p = puzzle(&format!(".Shape~7x7~9.RegionSize~9.Jigsaw~{layout}"));
    let sizes: Vec<usize> = (0..p.houses().len())
        .filter(|&h| p.houses().kind(h) == HouseKind::Region)
        .map(|h| p.houses().cells(h).len())
        .collect();
    assert_eq!(sizes, [9; 5]);
    assert!(error(&format!(".Shape~7x7~9.Jigsaw~{layout}")).contains("must have 7 cells"));
}

#[test]
fn equality_cages_are_written_back_as_iss_states_them() {
    for text in [
        ".Shape~4x4.EqualityCage~R1C1~R1C2",
        ".Shape~9x9~0-8.EqualityCage~R1C1~R1C2~R2C1~R2C2",
        ".Shape~6x6.Cage~7~R1C1~R1C2.EqualityCage~R3C3~R3C4",
    ] {
        let imported = read(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        let out = iss::constraint_text(&imported).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(out, text);
    }
    // A pattern of ISS's own that bears the name, but not an equality cage's automaton,
    // stays a pattern.
    let odd = ".Shape~4x4.NFA~CMkcEunQcmJSQg~_Equality%20cage~R1C1~R1C3";
    let imported = read(odd).unwrap();
    let out = iss::constraint_text(&imported).unwrap();
    assert!(out.contains(".NFA~"), "{out}");
}

#[test]
fn iss_shapes_are_written_back_as_read() {
    for (text, written) in [
        (".Shape~6x8", ".Shape~6x8"),
        (".Shape~9x8~0-8", ".Shape~9x8~0-8"),
        (".Shape~6x6~9", ".Shape~6x6~9"),
        (".Shape~6x6~9.RegionSize~9", ".Shape~6x6~9.RegionSize~9"),
        (".Shape~6x6~9.NoBoxes", ".Shape~6x6~9.NoBoxes"),
        (".Shape~6x6~0-8.DisjointSets", ".Shape~6x6~0-8.DisjointSets"),
        (
            ".Shape~4x7.Jigsaw~0000111000111122223332223333.~R1C1_3",
            ".Shape~4x7.~R1C1_3.Jigsaw~0000111000111122223332223333",
        ),
        (
            ".Shape~5x10.Cage~10~R5C9~R5CA.Thermo~R1C1~R2C1",
            ".Shape~5x10.Cage~10~R5C9~R5CA.Thermo~R1C1~R2C1",
        ),
    ] {
        let imported = read(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        let out = iss::constraint_text(&imported).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(out, written, "{text}");
    }
}

/// The one either-or rule of ISS's text, with its branches.
fn either(text: &str) -> AnyOf {
    match only_rule(text) {
        Rule::AnyOf(rule) => rule,
        other => panic!("{text}: {other:?}"),
    }
}

#[test]
fn or_holds_where_some_branch_holds_entirely() {
    // One of two neighbours is 1, as "Either/Or" (ISS's examples) clues it.
    let rule = either(".Or.~R1C2_1.~R1C1_1.End");
    assert_eq!(rule.branches().len(), 2);
    let keeps = |values: &[u8]| Rule::AnyOf(rule.clone()).holds(values, 9);
    assert!(keeps(&[1, 5]) && keeps(&[5, 1]) && !keeps(&[5, 6]));
    // An And is one branch of all its parts: here 1 and 2 together, or 3 alone.
    let rule = either(".Or.And.~R1C1_1.~R1C2_2.End.~R1C1_3.End");
    assert_eq!(rule.branches()[0].len(), 2);
    let keeps = |values: &[u8]| Rule::AnyOf(rule.clone()).holds(values, 9);
    assert!(keeps(&[1, 2]) && keeps(&[3, 7]) && !keeps(&[1, 7]));
    // A branch may be an Or itself, and any rule of its cells.
    let rule = either(".Or.Or.X~R1C1~R1C2.V~R1C1~R1C2.End.Cage~3~R1C1~R1C2.End");
    let keeps = |values: &[u8]| Rule::AnyOf(rule.clone()).holds(values, 9);
    assert!(keeps(&[4, 6]) && keeps(&[1, 4]) && keeps(&[1, 2]) && !keeps(&[1, 1]));
    // An Or of one branch holds as if it stood alone, as ISS builds it; an Or with an
    // empty branch always holds, and states nothing.
    let p = puzzle(".Or.~R1C1_5.End");
    assert_eq!((p.givens().get(0), p.rules().len()), (5, 0));
    assert!(puzzle(".Or.And.End.~R1C1_1.End").rules().is_empty());
    // A 4x4 of two solutions, r1c1 2 (r2c3 2) or 4 (r2c3 4): an Or keeps each solution
    // where one branch holds, whether or not the other does.
    let solutions = |or: &str| {
        let text = format!(
            ".Shape~4x4{or}.~R1C2_3~R1C4_1~R2C2_1~R3C1_3~R3C2_4~R3C3_1~R3C4_2~R4C1_1~R4C2_2~R4C3_3"
        );
        count(&puzzle(&text), 10, &mut Budget::unlimited()).count
    };
    assert_eq!(solutions(""), 2);
    assert_eq!(solutions(".Or.~R1C1_2.~R2C3_4.End"), 2);
    assert_eq!(solutions(".Or.~R1C1_2.~R2C3_3.End"), 1);
    assert_eq!(solutions(".Or.~R1C1_1.~R2C3_3.End"), 0);
}

#[test]
fn an_either_or_rule_draws_every_branch() {
    // Drawn as its branches' rules are drawn alone (in another order), as ISS draws them;
    // each figure's source the either-or rule, which the setter selects and removes whole.
    let page = |text: &str| sudoku_links::read_drawable(&format!("{ISS_ADDRESS}?q={text}"));
    let either_or = page(
        ".Or.Cage~8~R1C1~R1C2.Lunchbox~8~R1C1~R1C2.End\
         .Or.Or.X~R5C5~R5C6.V~R5C5~R5C6.End.Thermo~R9C1~R9C2.End",
    )
    .unwrap();
    let alone =
        page(".Cage~8~R1C1~R1C2.Lunchbox~8~R1C1~R1C2.X~R5C5~R5C6.V~R5C5~R5C6.Thermo~R9C1~R9C2")
            .unwrap();
    let drawn = |p: &sudoku_links::Imported| -> Vec<String> {
        let mut all: Vec<String> = p
            .figures
            .iter()
            .map(|f| format!("{} {:?} {:?}", f.rule, f.cells, f.look))
            .collect();
        all.sort();
        all
    };
    assert_eq!(drawn(&either_or), drawn(&alone));
    let sources: Vec<_> = either_or.figures.iter().map(|f| f.source).collect();
    let (first, second) = sources.split_at(3);
    assert!(first.iter().all(|&s| s == ("anyof", 0)), "{sources:?}");
    assert!(second.iter().all(|&s| s == ("anyof", 1)), "{sources:?}");
}

#[test]
fn replicate_copies_its_parts_onto_each_target() {
    // Targets R1C1 and R1C3 (bits 0 and 2 of "F"): two thermometers.
    let copied = puzzle(".Replicate~F.Thermo~R1C1~R1C2.End");
    assert_eq!(copied, puzzle(".Thermo~R1C1~R1C2.Thermo~R1C3~R1C4"));
    // Each target is counted from the origin, which moves every cell with it; a nested
    // group is copied whole.
    let copied = puzzle(".Replicate~BAB~R2C2.Or.~R2C2_1.~R3C2_1.End.End");
    let written = puzzle(".Or.~R2C2_1.~R3C2_1.End.Or.~R3C5_1.~R4C5_1.End");
    assert_eq!(copied, written);
    // A copy off the grid, an outside clue, and targets that are not base64url are
    // refused, naming the Replicate.
    let said = error(".Replicate~AE.Thermo~R1C1~R1C2.End");
    assert!(
        said.contains("(part 1)") && said.contains("copied onto r1c9, R1C2 is off the grid"),
        "{said}"
    );
    assert!(error(".Replicate~B.XSum~R1~10~.End").contains("outside clue"));
    assert!(error(".Replicate~%.Thermo~R1C1~R1C2.End").contains("not base64url"));
    // Copies of copies are bounded before they are made, and groups nest 16 deep at most.
    let nested = ".Replicate~______".repeat(3) + ".~R1C1_1" + &".End".repeat(3);
    assert!(
        error(&nested).contains("copies of parts"),
        "{}",
        error(&nested)
    );
    let deep = ".Or".repeat(17) + ".~R1C1_1" + &".End".repeat(17);
    assert!(
        error(&deep).contains("nest at most 16 deep"),
        "{}",
        error(&deep)
    );
}

#[test]
fn look_and_say_counts_each_value_exactly() {
    // Exactly two 1s and no 3: other values free.
    let rule = only_rule(".LookAndSay~2103~R1C1~R2C2~R3C3");
    assert_eq!(rule.kind(), RuleKind::Automaton);
    assert!(rule.holds(&[1, 5, 1], 9) && rule.holds(&[1, 1, 9], 9));
    assert!(!rule.holds(&[1, 5, 5], 9) && !rule.holds(&[1, 1, 1], 9));
    assert!(!rule.holds(&[1, 1, 3], 9));
    // With values from 0, the clue counts values: two 0s are two 1s of the digits.
    let rule = only_rule(".Shape~9x9~0-8.LookAndSay~20~R1C1~R2C2~R3C3");
    assert!(rule.holds(&[1, 1, 2], 9) && !rule.holds(&[1, 2, 3], 9));
    // What ISS refuses is refused.
    assert!(error(".LookAndSay~123~R1C1").contains("pairs of a count and a value"));
    assert!(error(".LookAndSay~1121~R1C1~R1C2").contains("value 1 twice"));
}

#[test]
fn contain_exact_and_at_least_count_the_listed_values() {
    // Exactly two 1s and one 5, other values free.
    let rule = only_rule(".ContainExact~1_5_1~R1C1~R2C2~R3C3~R4C4");
    assert_eq!(rule.kind(), RuleKind::Automaton);
    assert!(rule.holds(&[1, 5, 1, 9], 9) && rule.holds(&[5, 1, 2, 1], 9));
    assert!(!rule.holds(&[1, 5, 1, 1], 9), "a third 1");
    assert!(!rule.holds(&[1, 5, 5, 1], 9), "a second 5");
    assert!(!rule.holds(&[1, 5, 2, 3], 9), "one 1 short");
    // At least: more of a listed value is allowed, fewer is not.
    let rule = only_rule(".ContainAtLeast~1_5_1~R1C1~R2C2~R3C3~R4C4");
    assert!(rule.holds(&[1, 5, 1, 1], 9) && rule.holds(&[1, 5, 5, 1], 9));
    assert!(!rule.holds(&[1, 5, 2, 3], 9) && !rule.holds(&[1, 1, 2, 3], 9));
    // With values from 0, the listed values are values: 0 is the digit 1.
    let rule = only_rule(".Shape~9x9~0-8.ContainExact~0_0~R1C1~R2C2~R3C3");
    assert!(rule.holds(&[1, 1, 2], 9) && !rule.holds(&[1, 2, 3], 9));
    // What cannot be is an error naming the part.
    assert!(error(".ContainExact~1_2_3~R1C1~R1C2").contains("3 values for 2 cells"));
    assert!(error(".ContainAtLeast~x~R1C1").contains("\"x\" is not a value"));
    assert!(error(".ContainExact~10~R1C1").contains("10 is not a value"));
}

#[test]
fn a_raw_grid_has_no_rows_columns_or_boxes() {
    // A 4x4 Raw grid where only rules hold: two 1s may share a row.
    let text = ".Shape~4x4~~Raw.ContainExact~1_1_2_2~R1C1~R1C2~R1C3~R1C4.~R1C1_1~R1C2_1";
    let imported = read(text).unwrap();
    let houses = imported.puzzle.houses();
    assert!(houses.is_empty(), "no houses: {houses:?}");
    assert_eq!(imported.puzzle.givens().get(1), 1, "r1c2 repeats r1c1's 1");
    // Its verdict counts every filling the rule allows: r1c3 and r1c4 are 2s, and the
    // other twelve cells are free; with rows, two 1s in one is no solution.
    let with_rows = puzzle(".Shape~4x4.ContainExact~1_1_2_2~R1C1~R1C2~R1C3~R1C4.~R1C1_1");
    let counted = count(&with_rows, 2, &mut Budget::unlimited());
    assert_eq!(
        (counted.count, counted.complete),
        (0, true),
        "a row holds one 1"
    );
    assert_eq!(
        count(&imported.puzzle, 2, &mut Budget::unlimited()).count,
        2
    );
    // Written back with its grid type, and read again the same.
    let written = iss::constraint_text(&imported).unwrap();
    assert!(written.starts_with(".Shape~4x4~~Raw."), "{written}");
    assert_eq!(read(&written).unwrap().puzzle, imported.puzzle);
    let values = read(".Shape~9x9~0-8~Raw.~R1C1_0").unwrap();
    assert!(iss::constraint_text(&values)
        .unwrap()
        .starts_with(".Shape~9x9~0-8~Raw"));
    // What needs a Sudoku grid is refused on it, as ISS refuses it.
    let diagonal = error(".Shape~9x9~~Raw.Diagonal~1");
    assert!(diagonal.contains("Sudoku grid only"), "{diagonal}");
    // The page cannot play it, and says so.
    let page = sudoku_links::read_drawable(text).unwrap_err().to_string();
    assert!(page.contains("cannot play"), "{page}");
}

#[test]
fn types_stated_through_generic_rules_are_written_back_with_their_meaning() {
    // Each is written as the generic rules it is read into (relations, automata, weighted
    // sums), which read back into the same puzzle.
    for text in [
        ".EqualityCage~R1C1~R1C2~R2C1~R2C2",
        ".CountDistinct~R1C1~R2C2~R3C3~R4C4",
        ".ValueIndexing~R1C1~R2C2~R3C1~R3C2~R3C3",
        ".DutchFlatmates",
        ".EqualSum~R1C1~R1C2~-~R3C3",
        ".Modular~2~R1C1~R2C3~R3C2~R4C4",
        ".Cage~20~R4C2~R4C3~R4C4~R4C4",
        ".~R4C7_2_4_5",
        ".Shape~9x9~0-8.Arrow~R1C1~R1C2~R1C3.BlackDot~R5C5~R5C6.Skyscraper~R1~3~",
        ".Shape~9x9~0-8.StrictXV.V~R1C1~R1C2.RegionSumLine~R1C3~R1C4",
    ] {
        let imported = read(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        let written = iss::constraint_text(&imported).unwrap_or_else(|e| panic!("{text}: {e}"));
        let again = read(&written).unwrap_or_else(|e| panic!("{written}: {e}"));
        assert_eq!(again.puzzle, imported.puzzle, "{text} written as {written}");
    }
}

/// A 4x4 chaos construction with every digit given: rows, boxes and other layouts keep
/// them, and each layout is a solution, as ISS counts them.
const CHAOS_4X4: &str = ".Shape~4x4.ChaosConstruction.NoBoxes\
    .~R1C1_1~R1C2_2~R1C3_3~R1C4_4~R2C1_3~R2C2_4~R2C3_1~R2C4_2\
    ~R3C1_2~R3C2_1~R3C3_4~R3C4_3~R4C1_4~R4C2_3~R4C3_2~R4C4_1";

#[test]
fn chaos_construction_counts_each_layout_and_its_clues_pick_one() {
    // Up to 100 solutions of a chaos construction read from ISS's text.
    let chaos_solutions = |imported: &sudoku_links::Imported| {
        let regions = imported.chaos.as_ref().expect("a chaos construction");
        let budget = &mut Budget::unlimited();
        sudoku_engine::search::chaos::find(&imported.puzzle, regions, 100, 100, budget)
    };
    let imported = read(CHAOS_4X4).unwrap();
    let found = chaos_solutions(&imported);
    assert!(found.complete && found.count >= 2, "{}", found.count);
    assert!(found
        .solutions
        .iter()
        .all(|s| s.grid.cells() == found.solutions[0].grid.cells()));
    // The classic search, which knows no chaos regions, sees one grid.
    assert_eq!(
        count(&imported.puzzle, 10, &mut Budget::unlimited()).count,
        1
    );
    // A 4 that counts a row's cells in its first cell's region, or runs along a row,
    // holds only where each row is a region.
    let rows = format!(
        "{CHAOS_4X4}.ChaosCount~R1C4~0~CC1~CC2~CC3~CC4.ChaosArrow~R2C2~~CC5~CC6~CC7~CC8\
         .ChaosCount~R3C3~0~CC9~CC10~CC11~CC12"
    );
    let imported = read(&rows).unwrap();
    let found = chaos_solutions(&imported);
    assert_eq!(found.count, 1);
    assert_eq!(
        found.solutions[0].layout,
        [0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3]
    );
    // Written back and read again, the same puzzle.
    let again = read(&iss::link(&imported).unwrap()).unwrap();
    assert_eq!(again.chaos, imported.chaos);
    assert_eq!(again.puzzle, imported.puzzle);
    // The page plays it: its reading keeps the regions' clues (the player colours the
    // regions, and Check and the finish read them).
    let page = sudoku_links::read_drawable(&rows).unwrap();
    assert_eq!(
        (&page.chaos, &page.puzzle),
        (&imported.chaos, &imported.puzzle)
    );
    // A clue of regions needs them.
    assert!(error(".ChaosCount~R1C1").contains("needs ChaosConstruction"));
    // Region cells in SameValues lie in one region; CountDistinct counts their regions
    // (R4C4's 1: r3c1 and r4c1 share one), which no renaming of the regions changes.
    let same = format!(
        "{CHAOS_4X4}.SameValues~4~CC1~CC2~CC3~CC4.SameValues~4~CC5~CC6~CC7~CC8\
         .CountDistinct~R4C4~CC9~CC13"
    );
    let imported = read(&same).unwrap();
    let found = chaos_solutions(&imported);
    assert!(found.complete && found.count >= 1);
    for layout in found.solutions.iter().map(|s| &s.layout) {
        assert_eq!(layout[..8], [0, 0, 0, 0, 1, 1, 1, 1]);
        assert_eq!(layout[8], layout[12]);
    }
    let again = read(&iss::link(&imported).unwrap()).unwrap();
    assert_eq!(again.chaos, imported.chaos);
    // A grid cell among region cells compares digits with region numbers: refused.
    assert!(error(&format!("{CHAOS_4X4}.SameValues~2~CC1~R1C2")).contains("mixes region cells"));
}

#[test]
fn same_value_sets_hold_the_same_values_as_many_times_each() {
    // Two sets of two cells: R1C1, R1C2 and R2C4, R3C7, which the filling holds as 1, 2
    // and 7, 4.
    let text = ".SameValues~2~R1C1~R1C2~R2C4~R3C7";
    let rule = only_rule(text);
    assert_eq!(rule.kind(), RuleKind::SameValueSets);
    let g = filling();
    assert!(!keeps(&rule, &g, 9));
    for (a, b) in [([1, 2], [2, 1]), ([5, 5], [5, 5])] {
        let mut grid = g.clone();
        (grid[0], grid[1], grid[12], grid[24]) = (a[0], a[1], b[0], b[1]);
        assert!(keeps(&rule, &grid, 9), "{a:?} {b:?}");
    }
    let mut grid = g.clone();
    (grid[0], grid[1], grid[12], grid[24]) = (1, 1, 1, 2);
    assert!(!keeps(&rule, &grid, 9), "the counts differ");
    // One set says nothing; sets must be of one size.
    assert!(puzzle(".SameValues~1~R1C1~R1C2").rules().is_empty());
    assert!(error(".SameValues~3~R1C1~R1C2").contains("do not split into 3 sets"));
    // Written back as read; the page refuses it with a reason (the command line reads it).
    let imported = read(text).unwrap();
    assert_eq!(iss::constraint_text(&imported).unwrap(), text);
    let page = sudoku_links::read_drawable(text).unwrap_err().to_string();
    assert!(
        page.contains("SameValues") && page.contains("cannot play"),
        "{page}"
    );
    let page = sudoku_links::read_drawable(".Shape~6x6~9.RegionSameValues").unwrap_err();
    assert!(page.to_string().contains("cannot play"), "{page}");
    // Inside an Or's branch it is refused, naming it.
    let or = error(".Or.SameValues~2~R1C1~R1C2~R2C4~R3C7.~R1C1_1.End");
    assert!(or.contains("SameValues"), "{or}");
}

#[test]
fn region_same_values_holds_where_regions_are_fewer_cells_than_values() {
    // ISS's `6x6~9`: its 6 rows, 6 columns and 6 boxes hold the same 6 of the 9 values.
    let p = puzzle(".Shape~6x6~9.RegionSameValues");
    let [rule @ Rule::SameValueSets(_)] = p.rules() else {
        panic!("{:?}", p.rules());
    };
    assert_eq!(rule.cells().len(), 18 * 6);
    assert_eq!(rule.numbers(), vec![6]);
    // Its solutions use 6 values only.
    let grid = match solve(&p, &mut Budget::unlimited()).verdict {
        Verdict::Multiple(a, _) => a,
        other => panic!("{other:?}"),
    };
    let used = window_digits(grid.cells(), 6, 6, 9)
        .iter()
        .fold(0u32, |set, &d| set | 1 << d);
    assert_eq!(used.count_ones(), 6);
    // Where the regions hold every value, it says nothing, as in ISS.
    assert!(puzzle(".RegionSameValues").rules().is_empty());
    assert!(puzzle(".Shape~6x8.RegionSameValues").rules().is_empty());
}

#[test]
fn replicate_numbers_targets_over_iss_grid() {
    // On ISS's 6x6 grid of 10 values, the target 7 places after R1C1 is R2C2, counted
    // over its 6 columns (bit 1 of each character: "CC" targets places 1 and 7).
    let copied = puzzle(".Shape~6x6~0-9.Replicate~CC.~R1C1_3.End");
    let written = puzzle(".Shape~6x6~0-9.~R1C2_3.~R2C2_3");
    assert_eq!(copied, written);
}

/// A classic solution as ISS's givens, for tests that add to a full grid.
fn full_grid_givens() -> String {
    let g = filling();
    let givens: Vec<String> = (0..81)
        .map(|c| format!("R{}C{}_{}", c / 9 + 1, c % 9 + 1, g[c]))
        .collect();
    format!(".~{}", givens.join("~"))
}

#[test]
fn extra_cells_are_outside_the_grid_in_no_house_of_its_values() {
    let full = full_grid_givens();
    // One extra cell beside a full 9x9 grid: any of its 9 values (not the engine's 10th
    // digit, which its grid of side 10 has room for), whatever the houses.
    let p = puzzle(&format!("{full}.Var~A~~1.Cage~~VA~R1C1"));
    assert_eq!(p.shape().n(), 10);
    assert_eq!(count(&p, 20, &mut Budget::unlimited()).count, 8);
    // Named V, the prefix and its number where a group has more than one cell; the last
    // declaration of a prefix holds; a size of rows x columns is their product.
    let p = puzzle(&format!(
        "{full}.Var~B~~5.Var~B~label~2x2.Var~A.SameValues~4~VA~VB1~VB2~VB4.Cage~10~VB3~R1C1"
    ));
    assert_eq!(count(&p, 20, &mut Budget::unlimited()).count, 9);
    assert!(error(".Var~B~~2.Cage~~VB3").contains("VB3 is no extra cell (Var)"));
    assert!(error(".Var~b").contains("upper-case letters"));
    // Extra cells are never side by side; the page and ISS's writer leave them out.
    assert!(error(".Var~A~~2.WhiteDot~VA1~VA2").contains("side by side"));
    let text = ".Var~A~~2.Cage~10~VA1~VA2";
    let page = sudoku_links::read_drawable(text).unwrap_err().to_string();
    assert!(
        page.contains("Var~A") && page.contains("cannot play"),
        "{page}"
    );
    let written = iss::constraint_text(&read(text).unwrap()).unwrap_err();
    assert!(written.contains("extra cells"), "{written}");
    // A solution is written as ISS's grid alone.
    let imported = read(&format!("{full}.Var~A~~1.Cage~~VA~R1C1")).unwrap();
    let grid = match solve(&imported.puzzle, &mut Budget::unlimited()).verdict {
        Verdict::Multiple(a, _) => a,
        other => panic!("{other:?}"),
    };
    assert_eq!(imported.symbols.grid_line(grid.cells()).len(), 81);
}

/// The fillings of ISS's `Doppelganger` on a 4x4 grid of values 0-4, counted by brute
/// force from its description: each row, column and (where `boxed`) 2x2 box holds 0 and
/// no value twice; the rows lack different values, as do the columns and the boxes; at
/// each 0, its row, column and box lack different values.
fn doppelganger_fillings(boxed: bool) -> u64 {
    // Each cell's houses: its row (0-3), column (4-7) and box (8-11).
    let houses: Vec<Vec<usize>> = (0..16)
        .map(|c| {
            let mut of = vec![c / 4, 4 + c % 4];
            if boxed {
                of.push(8 + c / 8 * 2 + c % 4 / 2);
            }
            of
        })
        .collect();
    fn fill(grid: &mut [u8; 16], at: usize, houses: &[Vec<usize>], kinds: usize) -> u64 {
        if at == 16 {
            // The values each house holds, as bits; then the one it lacks.
            let mut held = [0u8; 12];
            for (c, of) in houses.iter().enumerate() {
                for &h in of {
                    held[h] |= 1 << grid[c];
                }
            }
            let lacking = held.map(|set| (!set & 0b11111).trailing_zeros());
            let apart =
                |of: &[u32]| (0..of.len()).all(|i| (i + 1..of.len()).all(|j| of[i] != of[j]));
            let houses_ok = (0..kinds).all(|k| {
                let of = &lacking[k * 4..k * 4 + 4];
                of.iter().all(|&v| (1..5).contains(&v)) && apart(of)
            });
            let zeros_ok = (0..16).filter(|&c| grid[c] == 0).all(|c| {
                let of: Vec<u32> = houses[c].iter().map(|&h| lacking[h]).collect();
                apart(&of)
            });
            return u64::from(houses_ok && zeros_ok);
        }
        let mut total = 0;
        for v in 0..5u8 {
            let clash =
                (0..at).any(|c| grid[c] == v && houses[c].iter().any(|h| houses[at].contains(h)));
            if !clash {
                grid[at] = v;
                total += fill(grid, at + 1, houses, kinds);
            }
        }
        total
    }
    fill(&mut [0; 16], 0, &houses, if boxed { 3 } else { 2 })
}

#[test]
fn doppelganger_counts_as_its_description_on_small_grids() {
    for (text, boxed) in [
        (".Shape~4x4~0-4.Doppelganger", true),
        (".Shape~4x4~0-4.Doppelganger.NoBoxes", false),
    ] {
        let expected = doppelganger_fillings(boxed);
        assert!(expected > 0, "{text}");
        let counted = count(&puzzle(text), 100_000, &mut Budget::unlimited());
        assert!(counted.complete, "{text}");
        assert_eq!(counted.count, expected, "{text}");
    }
    assert!(error(".Shape~4x4.Doppelganger").contains("values from 0"));
    let page = sudoku_links::read_drawable(".Shape~4x4~0-4.Doppelganger").unwrap_err();
    assert!(page.to_string().contains("Doppelganger"), "{page}");
}
