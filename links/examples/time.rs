use std::time::Instant;
use sudoku_engine::{solve, Budget, Verdict};
fn main() {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../data/variants/puzzles.jsonl"
    ))
    .unwrap();
    let mut times = Vec::new();
    let mut guesses = 0u64;
    for line in text.lines() {
        let title = line
            .split("\"title\": \"")
            .nth(1)
            .unwrap()
            .split('"')
            .next()
            .unwrap()
            .to_string();
        let payload = line
            .split("\"fpuzzles\": \"")
            .nth(1)
            .unwrap()
            .split('"')
            .next()
            .unwrap()
            .to_string();
        let start = Instant::now();
        let imported = sudoku_links::read(&payload).unwrap();
        let solved = solve(&imported.puzzle, &mut Budget::nodes(2_000_000));
        let ms = start.elapsed().as_secs_f64() * 1e3;
        let v = match &solved.verdict {
            Verdict::Unique(g) => {
                if Some(g) == imported.solution.as_ref() {
                    "unique ok"
                } else {
                    "unique WRONG"
                }
            }
            Verdict::Multiple(a, b) => {
                println!(
                    "{} {} {a}\n{b}",
                    imported.puzzle.solved_by(a),
                    imported.puzzle.solved_by(b)
                );
                for r in imported.puzzle.rules() {
                    println!("{}", r.describe(imported.puzzle.shape()));
                }
                "multiple"
            }
            Verdict::GaveUp => "gaveup",
            _ => "none",
        };
        println!("{ms:9.2}\t{}\t{v}\t{title}", solved.guesses);
        times.push(ms);
        guesses += solved.guesses;
    }
    times.sort_by(f64::total_cmp);
    let total: f64 = times.iter().sum();
    println!(
        "guesses {guesses} median {:.2} p90 {:.2} max {:.2} total {:.1}",
        times[times.len() / 2],
        times[times.len() * 9 / 10],
        times[times.len() - 1],
        total
    );
}
