//! ISS's links and constraint text (`sudoku_links::iss`): every form read, each type with
//! ISS's meaning, errors that name the part, and puzzles written back. The puzzles here
//! are written for these tests.

use sudoku_engine::houses::HouseKind;
use sudoku_engine::rules::{Rule, RuleKind};
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
    let text = ".~R1C1_5.Cage~10~R1C1~R1C2.ContainAtLeast~1~R2C1";
    let said = error(text);
    assert!(
        said.starts_with("ISS constraint \"ContainAtLeast~1~R2C1\" (part 3): the engine has no contain at least yet"),
        "{said}"
    );
    let said = error(".Cage~10~R1C1~R1C2.Thermo~R1C1~R0C2.ContainAtLeast~1~R1C3");
    assert!(
        said.contains("(part 2)") && said.contains("\"R0C2\" is not a cell"),
        "{said}"
    );
    assert!(
        said.ends_with("and 1 more part the engine cannot read"),
        "{said}"
    );
    assert!(error(".Foo~1").contains("\"Foo\" is not an ISS constraint type"));
    assert!(error(".Shape~9x9~0-9").contains("9x9 grids with 0-9 digits"));
    assert!(error(".Shape~6x8").contains("rectangular"));
    assert!(error(".Shape~6x6~9").contains("6x6 grids with 9 digits"));
    assert!(error(".Or.~R1C1_1.~R1C1_2.End")
        .contains("(part 1): the engine has no or of constraints yet"));
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

/// `data/iss-own.jsonl`: 13 puzzles made here and written as ISS links (killers, arrows,
/// thermometers, Kropki, jigsaw, diagonals, anti-knight, odd-even cells as givens of
/// several values, two moved to values 0-8, two 16x16), each proven unique by ISS itself
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
            Some(imported.symbols.line(grid.cells()).as_str()),
            solution,
            "{title}"
        );
        seen += 1;
    }
    assert_eq!(seen, 13);
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
    ] {
        let imported = read(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        let written = iss::constraint_text(&imported).unwrap_or_else(|e| panic!("{text}: {e}"));
        let again = read(&written).unwrap_or_else(|e| panic!("{written}: {e}"));
        assert_eq!(again.puzzle, imported.puzzle, "{text}\n{written}");
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
