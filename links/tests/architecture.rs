//! ARCHITECTURE.md stays a map a newcomer reads in an hour, and a true one: at most 2,500
//! words, and every path it names (in backticks: with a `/`, from the workspace's root) or
//! file it names (a bare `name.rs`, somewhere in the workspace's sources) exists.

use std::path::Path;

const MOST_WORDS: usize = 2_500;

/// The extensions of the files the map names.
const FILES: [&str; 8] = [".rs", ".md", ".mjs", ".js", ".toml", ".html", ".py", ".bin"];

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap()
}

fn map() -> String {
    std::fs::read_to_string(root().join("ARCHITECTURE.md")).unwrap()
}

/// Whether a file called `name` is anywhere under `dir`, build output and packages left out.
fn holds(dir: &Path, name: &str) -> bool {
    std::fs::read_dir(dir).unwrap().any(|entry| {
        let path = entry.unwrap().path();
        let file = path.file_name().unwrap().to_string_lossy().into_owned();
        file == name
            || (path.is_dir()
                && !matches!(file.as_str(), "target" | "node_modules" | ".git" | "dist")
                && holds(&path, name))
    })
}

#[test]
fn the_map_is_at_most_2500_words() {
    let words = map().split_whitespace().count();
    assert!(words > 500, "only {words} words read");
    assert!(
        words <= MOST_WORDS,
        "ARCHITECTURE.md has {words} words, over {MOST_WORDS}"
    );
}

#[test]
fn every_path_the_map_names_exists() {
    let map = map();
    let named: Vec<&str> = map
        .split('`')
        .skip(1)
        .step_by(2)
        .filter(|t| t.starts_with(|c: char| c.is_ascii_alphanumeric()))
        .filter(|t| !t.contains(char::is_whitespace) && !t.contains("::"))
        .filter(|t| t.contains('/') || FILES.iter().any(|e| t.ends_with(e)))
        .collect();
    assert!(named.len() > 40, "only {} paths found", named.len());
    let missing: Vec<&&str> = named
        .iter()
        .filter(|t| match t.contains('/') {
            true => !root().join(t).exists(),
            false => !holds(root(), t),
        })
        .collect();
    assert!(
        missing.is_empty(),
        "ARCHITECTURE.md names paths that do not exist: {missing:?}"
    );
}
