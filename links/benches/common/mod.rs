//! What the benches share: the variant set they read, and quick mode.

#[path = "../../../engine/benches/quick/mod.rs"]
pub mod quick;

/// How many puzzles a bench reads with `QUICK=1`.
const QUICK_PUZZLES: usize = 2;

/// The puzzles of the `.jsonl` file named among `args`, or of the shared variant set
/// (`data/variants/puzzles.jsonl`), one JSON object a line; with `QUICK=1`, the first
/// `QUICK_PUZZLES` of them.
pub fn variant_set(args: &[String]) -> Vec<serde_json::Value> {
    let path = args.iter().find(|a| a.ends_with(".jsonl")).map_or(
        concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../data/variants/puzzles.jsonl"
        ),
        String::as_str,
    );
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    text.lines()
        .take(quick::or_quick(usize::MAX, QUICK_PUZZLES))
        .map(|line| serde_json::from_str(line).expect("a JSON line"))
        .collect()
}
