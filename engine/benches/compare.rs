//! Side-by-side speed of this engine and the `sudoku` crate 0.8 (a JCZSolve port) on the
//! same puzzles in the same run: solve plus proof of uniqueness, median of rounds that
//! alternate between the two so that machine noise hits both alike.
//!
//! `cargo bench -p sudoku-engine --bench compare [-- ROUNDS [FILE...]]` (files from `engine/`,
//! or absolute); `QUICK=1`: one round on the first 100 puzzles of each file.

use std::hint::black_box;
use std::time::Instant;

use sudoku::Sudoku;
use sudoku_engine::{solve, Budget, Grid, Puzzle, Verdict};

mod quick;

fn main() {
    let args: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| a != "--bench")
        .collect();
    let rounds = quick::or_quick(args.first().and_then(|a| a.parse().ok()).unwrap_or(7), 1);
    let here = env!("CARGO_MANIFEST_DIR");
    let files: Vec<String> = match args.iter().skip(1).cloned().collect::<Vec<_>>() {
        f if f.is_empty() => ["17_clue.txt", "top1465.txt"]
            .map(|n| format!("{here}/../data/{n}"))
            .to_vec(),
        f => f,
    };
    // `ONLY=engine` or `ONLY=crate` runs one side once, for instruction counts under callgrind;
    // `ONLY=parse` and `ONLY=crateparse` only parse, to subtract.
    if let Ok(only) = std::env::var("ONLY") {
        for file in &files {
            let text = std::fs::read_to_string(file).unwrap_or_else(|e| panic!("{file}: {e}"));
            let lines = text
                .lines()
                .filter(|l| !l.is_empty() && !l.starts_with('#'));
            for line in lines {
                match only.as_str() {
                    "engine" => drop(black_box(solve(
                        &Puzzle::classic(Grid::parse(line).expect("9x9")),
                        &mut Budget::unlimited(),
                    ))),
                    "parse" => drop(black_box(Grid::parse(line).expect("9x9"))),
                    "crate" => drop(black_box(
                        Sudoku::from_str_line(line).expect("9x9").solution(),
                    )),
                    _ => drop(black_box(Sudoku::from_str_line(line).expect("9x9"))),
                }
            }
        }
        return;
    }
    println!("dataset\tpuzzles\tengine_us\tcrate_us\tspeedup\tengine_guesses");
    for file in files {
        let text = std::fs::read_to_string(&file).unwrap_or_else(|e| panic!("{file}: {e}"));
        let lines: Vec<&str> = text
            .lines()
            .filter(|l| !l.is_empty() && !l.starts_with('#'))
            .take(quick::or_quick(usize::MAX, 100))
            .collect();
        let ours: Vec<Puzzle> = lines
            .iter()
            .map(|l| Puzzle::classic(Grid::parse(l).expect("a 9x9 puzzle")))
            .collect();
        let theirs: Vec<Sudoku> = lines
            .iter()
            .map(|l| Sudoku::from_str_line(l).expect("a 9x9 puzzle"))
            .collect();
        let mut guesses = 0;
        for (puzzle, sudoku) in ours.iter().zip(&theirs) {
            let grid = puzzle.givens();
            let solved = solve(puzzle, &mut Budget::unlimited());
            guesses += solved.guesses;
            let Verdict::Unique(solution) = solved.verdict else {
                panic!("{grid}: not unique")
            };
            let expected = sudoku
                .solution()
                .expect("unique for the crate too")
                .to_bytes();
            assert_eq!(
                solution.cells(),
                &expected[..],
                "{grid}: the solvers disagree"
            );
        }
        let (mut engine, mut krate) = (Vec::new(), Vec::new());
        for _ in 0..rounds {
            let start = Instant::now();
            for puzzle in &ours {
                black_box(solve(black_box(puzzle), &mut Budget::unlimited()));
            }
            engine.push(start.elapsed().as_secs_f64() * 1e6 / ours.len() as f64);
            let start = Instant::now();
            for sudoku in &theirs {
                black_box(black_box(*sudoku).solution());
            }
            krate.push(start.elapsed().as_secs_f64() * 1e6 / theirs.len() as f64);
        }
        let (e, k) = (median(engine), median(krate));
        let name = file.rsplit('/').next().unwrap_or(&file);
        let per = guesses as f64 / ours.len() as f64;
        println!(
            "{name}\t{}\t{e:.3}\t{k:.3}\t{:.2}x\t{per:.2}",
            ours.len(),
            k / e
        );
    }
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}
