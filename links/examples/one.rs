use sudoku_engine::{solve, Budget};
fn main() {
    let want = std::env::args().nth(1).unwrap();
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../data/variants/puzzles.jsonl"
    ))
    .unwrap();
    for line in text.lines() {
        let title = line
            .split("\"title\": \"")
            .nth(1)
            .unwrap()
            .split('"')
            .next()
            .unwrap()
            .to_string();
        if title != want {
            continue;
        }
        let payload = line
            .split("\"fpuzzles\": \"")
            .nth(1)
            .unwrap()
            .split('"')
            .next()
            .unwrap()
            .to_string();
        let imported = sudoku_links::read(&payload).unwrap();
        let t = std::time::Instant::now();
        let solved = solve(&imported.puzzle, &mut Budget::unlimited());
        println!(
            "{:?} {} {:?}",
            t.elapsed(),
            solved.guesses,
            std::mem::discriminant(&solved.verdict)
        );
    }
}
