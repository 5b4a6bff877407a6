//! "One rule, one place" (ARCHITECTURE.md, "Where a rule lives, and adding one"): each
//! kind of rule is named in the code of at most five source files of the workspace (its
//! module, `rules/mod.rs`, its key entry and at most two more), comments and tests left out.

use std::path::{Path, PathBuf};

use sudoku_engine::rules::RuleKind;

/// The Rust files under `dir`, tests and test helpers left out.
fn sources(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        if path.is_dir() && name != "tests" {
            sources(&path, out);
        } else if name.ends_with(".rs") && !matches!(name.as_str(), "tests.rs" | "testing.rs") {
            out.push(path);
        }
    }
}

/// A file's code: up to its test module, each line without its comment.
fn code(path: &Path) -> String {
    let text = std::fs::read_to_string(path).unwrap();
    let end = text
        .lines()
        .position(|l| l.starts_with("#[cfg(") && l.contains("test"))
        .unwrap_or(usize::MAX);
    text.lines()
        .take(end)
        .map(|l| l.split("//").next().unwrap())
        .collect::<Vec<_>>()
        .join("\n")
}

fn names_word(code: &str, word: &str) -> bool {
    code.match_indices(word).any(|(at, _)| {
        let ident = |c: char| c.is_alphanumeric() || c == '_';
        !code[..at].ends_with(ident) && !code[at + word.len()..].starts_with(ident)
    })
}

#[test]
fn every_rule_is_named_in_at_most_five_source_files() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap();
    let mut files = Vec::new();
    for dir in ["engine/src", "links/src", "src", "cli/src", "scan/src"] {
        sources(&root.join(dir), &mut files);
    }
    let codes: Vec<(PathBuf, String)> = files.into_iter().map(|p| (p.clone(), code(&p))).collect();
    assert!(codes.len() > 50, "only {} source files found", codes.len());
    for kind in RuleKind::ALL {
        // The clone rule's type is `CloneRule`: `Clone` is the trait.
        let name = match format!("{kind:?}").as_str() {
            "Clone" => "CloneRule".to_string(),
            other => other.to_string(),
        };
        // The variant generator is one module split into files along its seams (issue 51):
        // one place.
        let mut named: Vec<String> = codes
            .iter()
            .filter(|(_, code)| names_word(code, &name))
            .map(|(path, _)| path.strip_prefix(root).unwrap().display().to_string())
            .map(
                |path| match path.starts_with("engine/src/generate/variant/") {
                    true => "engine/src/generate/variant/".to_string(),
                    false => path,
                },
            )
            .collect();
        named.sort();
        named.dedup();
        assert!(
            (2..=5).contains(&named.len()),
            "{name} is named in {} files: {named:?}",
            named.len()
        );
    }
}
