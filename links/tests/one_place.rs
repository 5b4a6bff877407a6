//! "One rule, one place" and "one name, one meaning", over the code of the workspace's
//! source files (comments and tests left out):
//! - each kind of rule is named in at most five files (its module, `rules/mod.rs`, its key
//!   entry and at most two more);
//! - no type name is defined twice, so that a name means one thing wherever it is read.

use std::collections::BTreeMap;
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

/// The workspace's root and the code of each of its source files.
fn workspace_code() -> (&'static Path, Vec<(PathBuf, String)>) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap();
    let mut files = Vec::new();
    for dir in [
        "engine/src",
        "engine/model/src",
        "engine/search/src",
        "engine/logic/src",
        "engine/generate/src",
        "links/src",
        "src",
        "cli/src",
        "scan/src",
    ] {
        sources(&root.join(dir), &mut files);
    }
    let codes: Vec<(PathBuf, String)> = files.into_iter().map(|p| (p.clone(), code(&p))).collect();
    assert!(codes.len() > 50, "only {} source files found", codes.len());
    (root, codes)
}

fn names_word(code: &str, word: &str) -> bool {
    code.match_indices(word).any(|(at, _)| {
        let ident = |c: char| c.is_alphanumeric() || c == '_';
        !code[..at].ends_with(ident) && !code[at + word.len()..].starts_with(ident)
    })
}

#[test]
fn every_rule_is_named_in_at_most_five_source_files() {
    let (root, codes) = workspace_code();
    for kind in RuleKind::ALL {
        // The clone rule's type is `CloneRule`: `Clone` is the trait.
        let name = match format!("{kind:?}").as_str() {
            "Clone" => "CloneRule".to_string(),
            other => other.to_string(),
        };
        let named: Vec<String> = codes
            .iter()
            .filter(|(_, code)| names_word(code, &name))
            .map(|(path, _)| path.strip_prefix(root).unwrap().display().to_string())
            .collect();
        assert!(
            (2..=5).contains(&named.len()),
            "{name} is named in {} files: {named:?}",
            named.len()
        );
    }
}

/// The types a file's code defines: each `struct`, `enum`, `union`, `trait` and `type`
/// item. An indented `type` line is an associated type of an impl or a trait (Yew's
/// `type Message = ...`), which names no new type.
fn type_definitions(code: &str) -> Vec<String> {
    let mut names = Vec::new();
    for line in code.lines() {
        let item = line.trim_start();
        let mut words = item
            .strip_prefix("pub ")
            .or_else(|| item.strip_prefix("pub(crate) "))
            .or_else(|| item.strip_prefix("pub(super) "))
            .unwrap_or(item)
            .split(|c: char| !(c.is_alphanumeric() || c == '_'));
        let keyword = words.next().unwrap_or_default();
        let indented = line.len() != item.len();
        let defines = match keyword {
            "struct" | "enum" | "union" | "trait" => true,
            "type" => !indented,
            _ => false,
        };
        if let Some(name) = words
            .next()
            .filter(|w| defines && w.starts_with(char::is_uppercase))
        {
            names.push(name.to_string());
        }
    }
    names
}

#[test]
fn no_type_name_is_defined_twice() {
    let (root, codes) = workspace_code();
    let mut defined: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for (path, code) in &codes {
        let file = path.strip_prefix(root).unwrap().display().to_string();
        for name in type_definitions(code) {
            // Each Yew component's properties, in the component's own module of the view.
            if name == "Props" && file.starts_with("src/view/") {
                continue;
            }
            defined.entry(name).or_default().push(file.clone());
        }
    }
    assert!(
        defined.len() > 100,
        "only {} type names found",
        defined.len()
    );
    let twice: Vec<_> = defined
        .iter()
        .filter(|(_, files)| files.len() > 1)
        .collect();
    assert!(
        twice.is_empty(),
        "type names defined more than once: {twice:?}"
    );
}
