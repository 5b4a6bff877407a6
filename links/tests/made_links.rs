//! A made puzzle's own link (`made…`) opens the very same puzzle for ever: a fixture of
//! links written once, across every genre and level and the daily puzzles, each with the
//! puzzle it must open, checked on every run. No line of the fixture is ever written again:
//! a change that fails this test would turn puzzles people shared into others. A genre new
//! since gets its lines appended, once.

use std::fmt::Write;

use sudoku_engine::generate::daily_seed;
use sudoku_engine::generate::variant::{generate_variant, Genre};
use sudoku_engine::houses::HouseKind;
use sudoku_engine::logic::Level;
use sudoku_engine::rules::AntiTaxicab;
use sudoku_engine::{solve, Budget, Puzzle, Verdict};
use sudoku_links::made_link;

const FIXTURE: &str = "tests/made_links.tsv";

/// The puzzle as the fixture states it: its givens, its houses past the rows and columns
/// (an anti-knight puzzle's knight's-move pairs by their count) and its rules, each by its
/// kind's tag, its cells and its numbers.
fn stated(puzzle: &Puzzle) -> (String, String, String) {
    let houses = puzzle.houses();
    let n = puzzle.shape().n();
    let mut house_text = String::new();
    let knights = (0..houses.len())
        .filter(|&h| houses.kind(h) == HouseKind::Knight)
        .count();
    for h in 2 * n..houses.len() {
        if houses.kind(h) != HouseKind::Knight {
            write!(house_text, "{:?}:{:?};", houses.kind(h), houses.cells(h)).unwrap();
        }
    }
    write!(house_text, "knights:{knights}").unwrap();
    let mut rules = String::new();
    // The anti-taxicab rule of every cell, some 4,000 cells in all, by its name.
    let taxicab = AntiTaxicab::everywhere(n);
    let mut own = puzzle.rules();
    if own.ends_with(&taxicab) {
        own = &own[..own.len() - taxicab.len()];
    }
    for rule in own {
        write!(
            rules,
            "{}:{:?}:{:?};",
            rule.kind().tag(),
            rule.cells(),
            rule.numbers()
        )
        .unwrap();
    }
    if own.len() < puzzle.rules().len() {
        rules += "anti-taxicab everywhere;";
    }
    (puzzle.givens().to_line(), house_text, rules)
}

#[test]
fn made_links_open_the_very_same_puzzles() {
    let fixture = std::fs::read_to_string(FIXTURE).expect("the fixture of made links");
    let mut checked = 0;
    let mut genres = std::collections::HashSet::new();
    for line in fixture.lines().filter(|l| !l.starts_with('#')) {
        let fields: Vec<&str> = line.split('\t').collect();
        let [link, title, givens, houses, rules, solution] = fields[..] else {
            panic!("a fixture line of six fields: {line}");
        };
        // As the page reads a link: the reader of every form, the made one among them.
        let read = sudoku_links::read(link).unwrap_or_else(|e| panic!("{link}: {e}"));
        assert_eq!(read.title.as_deref(), Some(title), "{link}");
        let (g, h, r) = stated(&read.puzzle);
        assert_eq!(
            (g.as_str(), h.as_str(), r.as_str()),
            (givens, houses, rules),
            "{link}"
        );
        let Verdict::Unique(found) = solve(&read.puzzle, &mut Budget::unlimited()).verdict else {
            panic!("{link} has not one solution");
        };
        assert_eq!(found.to_line(), solution, "{link}");
        genres.insert(title.split(',').next().unwrap().to_string());
        checked += 1;
    }
    assert!(checked >= 100, "{checked} links in the fixture");
    assert_eq!(genres.len(), Genre::ALL.len(), "every genre: {genres:?}");
}

#[test]
fn damaged_made_links_say_what_is_wrong() {
    for (link, says) in [
        ("madeE", "not base64url"),
        ("made_w", "later version"),
        ("madeEA", "cut short"),
    ] {
        let message = sudoku_links::read(link).unwrap_err().to_string();
        assert!(message.contains(says), "{link}: {message}");
    }
}

/// Writes the fixture's lines of each genre it has none of, once, after those it has:
/// `cargo test --release -p sudoku-links --test made_links -- --ignored`. No line written
/// is ever written again.
#[test]
#[ignore]
fn write_the_fixture_once() {
    let mut out = std::fs::read_to_string(FIXTURE).unwrap_or_else(|_| {
        "# link\ttitle\tgivens\thouses past rows and columns\trules (tag:cells:numbers)\tsolution\n"
            .to_string()
    });
    let titled: Vec<&str> = out
        .lines()
        .filter_map(|l| l.split('\t').nth(1)?.split(',').next())
        .collect();
    let new: Vec<Genre> = Genre::ALL
        .into_iter()
        .filter(|g| !titled.contains(&g.title()))
        .collect();
    for genre in new {
        for &level in genre.levels() {
            let daily = daily_seed(2026, 11, 28, level);
            for seed in [1, 2, daily] {
                let made = generate_variant(genre, Some(level), seed, 10_000, |_| true)
                    .unwrap_or_else(|| panic!("no {genre:?} {level} from seed {seed}"));
                let level: Level = made.rating.level;
                let link = made_link::write(genre, level, &made.puzzle).expect("a made link");
                let read = sudoku_links::read(&link).unwrap();
                let (g, h, r) = stated(&read.puzzle);
                let title = read.title.unwrap();
                let solution = made.solution.to_line();
                writeln!(out, "{link}\t{title}\t{g}\t{h}\t{r}\t{solution}").unwrap();
            }
        }
    }
    std::fs::write(FIXTURE, out).unwrap();
}
