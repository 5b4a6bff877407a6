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
        let t = std::time::Instant::now();
        for _ in 0..300 {
            let imported = sudoku_links::read(&payload).unwrap();
            let solved = solve(&imported.puzzle, &mut Budget::unlimited());
            std::hint::black_box(solved);
        }
        let t1 = t.elapsed() / 300;
        let imported = sudoku_links::read(&payload).unwrap();
        let t = std::time::Instant::now();
        for _ in 0..300 {
            let solved = solve(&imported.puzzle, &mut Budget::unlimited());
            std::hint::black_box(solved);
        }
        println!("all {:?} solve only {:?}", t1, t.elapsed() / 300);
    }
}
