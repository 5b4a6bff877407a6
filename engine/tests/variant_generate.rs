//! The variant generator's promises: one solution (proved by the exact solver, and on
//! puzzles with givens by a plain backtracker too), the level asked for as the rater gives
//! it, solved by logic alone, the same puzzle again from the same seed, and the looks the
//! issue asks for: cages of two to five cells and no givens in a killer from Hard up,
//! lines that neither meet nor cross, connected jigsaw regions none of which is a box,
//! givens and odd-even marks symmetric about the centre.

use sudoku_engine::generate::variant::{generate_variant, Genre, MadeVariant};
use sudoku_engine::generate::{daily_seed, Symmetry};
use sudoku_engine::logic::{rate, solve_path, Level, Settings, Technique};
use sudoku_engine::{solve, Budget, Grid, HouseKind, Puzzle, Rule, Shape, Verdict};

fn made(genre: Genre, level: Option<Level>, seed: u64) -> MadeVariant {
    generate_variant(genre, level, seed, 5_000, |_| true)
        .unwrap_or_else(|| panic!("no {genre:?} {level:?} from seed {seed}"))
}

/// Everything a made puzzle promises, whatever its level.
fn check(genre: Genre, made: &MadeVariant) {
    let puzzle = &made.puzzle;
    assert_eq!(
        solve(puzzle, &mut Budget::unlimited()).verdict,
        Verdict::Unique(made.solution.clone()),
        "{genre:?}: one solution"
    );
    assert!(made.rating.solved, "{genre:?}: solved by logic alone");
    assert_eq!(
        made.rating,
        rate(puzzle),
        "{genre:?}: the rater's own rating"
    );
    assert!(
        Symmetry::Rotate180.holds(puzzle.givens()),
        "{genre:?}: symmetric givens"
    );
    let houses = puzzle.houses();
    let of_kind = |kind| (0..houses.len()).filter(move |&h| houses.kind(h) == kind);
    match genre {
        Genre::Killer => {
            let mut covered = vec![0; 81];
            for h in of_kind(HouseKind::Cage) {
                let cells = houses.cells(h);
                assert!((2..=5).contains(&cells.len()), "a cage of {}", cells.len());
                cells.iter().for_each(|&c| covered[c] += 1);
            }
            assert!(
                covered.iter().all(|&n| n == 1),
                "cages cover every cell once"
            );
            assert_eq!(puzzle.rules().len(), of_kind(HouseKind::Cage).count());
            if made.rating.level >= Level::Hard {
                assert_eq!(puzzle.givens(), &Grid::empty(Shape::NINE), "no givens");
            }
        }
        Genre::Arrow | Genre::Thermo | Genre::TenLines => {
            let lines: Vec<&[usize]> = puzzle.rules().iter().map(Rule::cells).collect();
            assert!(lines.len() >= 4, "{genre:?}: {} lines", lines.len());
            let mut seen = [false; 81];
            for line in &lines {
                for &c in *line {
                    assert!(!std::mem::replace(&mut seen[c], true), "lines meet at {c}");
                }
            }
            // A diagonal step crosses another where the two are the diagonals of one square.
            let steps: Vec<(usize, usize)> = lines
                .iter()
                .flat_map(|l| l.windows(2).map(|w| (w[0].min(w[1]), w[0].max(w[1]))))
                .collect();
            for &(a, b) in &steps {
                let (ra, ca, rb, cb) = (a / 9, a % 9, b / 9, b % 9);
                if ra != rb && ca != cb {
                    let (x, y) = (ra * 9 + cb, rb * 9 + ca);
                    assert!(
                        !steps.contains(&(x.min(y), x.max(y))),
                        "lines cross at {a}-{b}"
                    );
                }
            }
        }
        Genre::Jigsaw => {
            let regions: Vec<&[usize]> = of_kind(HouseKind::Region)
                .map(|h| houses.cells(h))
                .collect();
            assert_eq!(regions.len(), 9);
            for cells in regions {
                let first_box = Shape::NINE.box_of(cells[0]);
                assert!(
                    cells.iter().any(|&c| Shape::NINE.box_of(c) != first_box),
                    "a box"
                );
                let mut seen = vec![cells[0]];
                let mut i = 0;
                while i < seen.len() {
                    let c = seen[i];
                    for d in cells.iter().copied() {
                        let side = d.abs_diff(c) == 9 || (d.abs_diff(c) == 1 && d / 9 == c / 9);
                        if side && !seen.contains(&d) {
                            seen.push(d);
                        }
                    }
                    i += 1;
                }
                assert_eq!(seen.len(), 9, "a region in pieces: {cells:?}");
            }
        }
        Genre::OddEven => {
            let marked: Vec<usize> = puzzle.rules().iter().map(|r| r.cells()[0]).collect();
            assert!(
                marked.iter().all(|&c| marked.contains(&(80 - c))),
                "symmetric marks"
            );
        }
        Genre::Kropki => {
            // Every dot given covers each of the 144 pairs of neighbours with a dot or the
            // rule that neither holds; from Hard up only some dots are drawn.
            let every = made.rating.level < Level::Hard;
            assert_eq!(
                puzzle.rules().len() == 144,
                every,
                "{} rules",
                puzzle.rules().len()
            );
            assert_eq!(made.rules.contains("Every dot is given"), every);
        }
        Genre::GreaterThan => {
            // Signs between neighbours, the greater digit first, on some of the 144 pairs.
            let signs = puzzle.rules();
            assert!((20..144).contains(&signs.len()), "{} signs", signs.len());
            for rule in signs {
                let &[a, b] = rule.cells() else {
                    panic!("a sign of {:?}", rule.cells());
                };
                assert!(a.abs_diff(b) == 9 || (a.abs_diff(b) == 1 && a / 9 == b / 9));
                assert!(made.solution.get(a) > made.solution.get(b));
            }
        }
        Genre::AntiTaxicab => {
            assert_eq!(puzzle.rules().len(), 81, "a rule around each cell");
            for a in 0..81 {
                for b in 0..81 {
                    let d = made.solution.get(a);
                    let far = (a / 9).abs_diff(b / 9) + (a % 9).abs_diff(b % 9);
                    assert!(far != usize::from(d) || made.solution.get(b) != d);
                }
            }
        }
        Genre::Diagonal | Genre::AntiKnight => {}
    }
    if genre == Genre::TenLines {
        // Each line splits into segments of 10 along the solution, two or three of them.
        for rule in puzzle.rules() {
            let mut segments = 0;
            let mut part = 0;
            for &c in rule.cells() {
                part += made.solution.get(c);
                if part == 10 {
                    (segments, part) = (segments + 1, 0);
                }
            }
            assert!(
                part == 0 && (2..=3).contains(&segments),
                "{:?}",
                rule.cells()
            );
        }
    }
}

#[test]
fn each_genre_at_each_of_its_levels_is_made_as_asked() {
    for genre in Genre::ALL {
        for &level in genre.levels() {
            let made = made(genre, Some(level), 1);
            assert_eq!(made.rating.level, level, "{genre:?}");
            check(genre, &made);
        }
    }
    for genre in Genre::ALL {
        let levels = genre.levels();
        assert!(levels.windows(2).all(|w| w[0] < w[1]) && !levels.is_empty());
        assert!(levels.iter().all(|l| Level::ASKED.contains(l)));
    }
    // A genre whose rule's step is above Easy is not made below it.
    assert_eq!(Genre::TenLines.levels()[0], Level::Hard);
    assert_eq!(Genre::AntiTaxicab.levels(), [Level::Medium]);
    assert_eq!(
        generate_variant(Genre::TenLines, Some(Level::Easy), 1, 10, |_| true),
        None
    );
}

/// An Easy killer, arrow or Kropki puzzle is one a beginner solves: the full rater's path
/// takes singles and the rules' plainest steps alone (a cage of one combination, an
/// arrow's bounds, a dot beside a placed digit), at least one of those, and nothing else.
#[test]
fn easy_killers_arrows_and_kropki_take_only_singles_and_plain_rule_steps() {
    for genre in Genre::ALL.into_iter().filter(|g| g.plain_at_easy()) {
        for seed in 0..8 {
            let made = made(genre, Some(Level::Easy), seed);
            check(genre, &made);
            let path = solve_path(&made.puzzle, &Settings::for_puzzle(&made.puzzle));
            assert!(path.solved, "{genre:?} seed {seed}");
            let techniques: Vec<Technique> = path.steps.iter().map(|s| s.technique).collect();
            assert!(
                techniques.iter().all(|t| t.level() == Level::Easy),
                "{genre:?} seed {seed}: {techniques:?}"
            );
            assert!(
                techniques.iter().any(|t| matches!(t, Technique::Plain(_))),
                "{genre:?} seed {seed}: singles alone"
            );
        }
    }
}

#[test]
fn many_seeds_give_unique_puzzles_the_same_again() {
    for genre in Genre::ALL {
        let mut seen = Vec::new();
        for seed in 0..8 {
            let levels = genre.levels();
            let level = levels[seed as usize % levels.len().min(2)];
            let made = made(genre, Some(level), seed);
            check(genre, &made);
            if seed < 2 {
                assert_eq!(
                    generate_variant(genre, Some(level), seed, 5_000, |_| true),
                    Some(made.clone()),
                    "the same seed gives the same puzzle"
                );
            }
            assert!(!seen.contains(&made.puzzle), "{genre:?}: seed {seed} again");
            seen.push(made.puzzle);
        }
    }
    assert_eq!(
        generate_variant(Genre::Killer, None, 1, 10, |_| false),
        None,
        "stopped"
    );
}

/// Up to two solutions of `puzzle`, by trying digits in order in the first empty cell
/// with the fewest, checking the houses and every rule whose cells are all filled.
fn plain_count(puzzle: &Puzzle) -> usize {
    fn fits(puzzle: &Puzzle, grid: &[u8], cell: usize) -> bool {
        let d = grid[cell];
        if puzzle.houses().peers(cell).iter().any(|&p| grid[p] == d) {
            return false;
        }
        puzzle
            .rules()
            .iter()
            .filter(|r| r.cells().contains(&cell))
            .all(|r| {
                let values: Vec<u8> = r.cells().iter().map(|&c| grid[c]).collect();
                values.contains(&0) || r.holds(&values, 9)
            })
    }
    fn go(puzzle: &Puzzle, grid: &mut Vec<u8>, found: &mut usize) {
        let Some(cell) = (0..81).filter(|&c| grid[c] == 0).min_by_key(|&c| {
            (1..=9u8)
                .filter(|&d| !puzzle.houses().peers(c).iter().any(|&p| grid[p] == d))
                .count()
        }) else {
            *found += 1;
            return;
        };
        for d in 1..=9 {
            grid[cell] = d;
            if fits(puzzle, grid, cell) {
                go(puzzle, grid, found);
                if *found >= 2 {
                    break;
                }
            }
        }
        grid[cell] = 0;
    }
    let mut grid = puzzle.givens().cells().to_vec();
    let mut found = 0;
    go(puzzle, &mut grid, &mut found);
    found
}

#[test]
fn a_plain_backtracker_finds_one_solution_too() {
    // The generator makes 9x9 alone, so the plain search is on 9x9, on each genre's easiest
    // level (with the most givens); 3 s each for thermo and arrow. A killer is left to the
    // exact solver: checking cages only once full, the plain search took over a minute on
    // a Medium one. So is anti-taxicab, whose rule of each cell reads some 50 cells: checked
    // only once they are full, the plain search is a classic one on few givens.
    let plain = |g: &Genre| !matches!(g, Genre::Killer | Genre::AntiTaxicab);
    for genre in Genre::ALL.into_iter().filter(plain) {
        let made = made(genre, Some(genre.levels()[0]), 3);
        assert_eq!(plain_count(&made.puzzle), 1, "{genre:?}");
    }
}

/// What each genre's seeds make at each level (and at any), as a fingerprint of the
/// puzzle two seeds make (1, and a daily puzzle's), with the generator's version
/// ([`Genre::version`]) it was written under. A change to what a seed makes fails here:
/// raise that genre and level's version, so that the page tells a seed link's holder
/// that its puzzle came from an earlier version, and write the new fingerprints.
#[test]
fn seeds_make_what_they_made() {
    const MADE: &str = include_str!("variant_seeds.tsv");
    let fingerprint = |made: &MadeVariant| {
        let mut text = made.puzzle.givens().to_line() + &made.solution.to_line();
        for rule in made.puzzle.rules() {
            text += &format!(
                "{}:{:?}:{:?};",
                rule.kind().tag(),
                rule.cells(),
                rule.numbers()
            );
        }
        // FNV-1a.
        let hash = text.bytes().fold(0xcbf2_9ce4_8422_2325u64, |h, b| {
            (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
        });
        format!("{hash:016x}")
    };
    let mut now = String::new();
    for genre in Genre::ALL {
        let levels = genre.levels().iter().map(|&l| Some(l)).chain([None]);
        for level in levels {
            let daily = daily_seed(2026, 11, 28, level.unwrap_or(Level::Medium));
            let prints: Vec<String> = [1, daily]
                .into_iter()
                .map(|seed| fingerprint(&made(genre, level, seed)))
                .collect();
            let name = level.map_or("any".into(), |l| l.to_string());
            now += &format!(
                "{}\t{name}\t{}\t{}\n",
                genre.name(),
                genre.version(level),
                prints.join(" ")
            );
        }
    }
    assert!(
        MADE == now,
        "what seeds make changed: raise Genre::version where it did and write \
         engine/tests/variant_seeds.tsv anew:\n{now}"
    );
}
