//! "One rule, one place" and "one name, one meaning", over the code of the workspace's
//! source files (comments and tests left out):
//! - each kind of rule is named in at most five files (its module, `rules/mod.rs`, its key
//!   entry and at most two more) by any of its names: its type or a variant of its name
//!   (`RuleKind`, `Genre`, `ReadAs`) as an identifier, or as a string its page name
//!   (`figure.rule == "killer"`) or its f-puzzles key (`"killercage"`, the link's wire
//!   name for it). A string that merely holds the word (the technique "Skyscraper") is not
//!   the rule;
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

/// A file's code up to its test module: its code with comments gone and each string
/// literal left empty (`""`), and its string literals.
struct Code {
    code: String,
    strings: Vec<String>,
}

/// Reads Rust text apart into [`Code`]: line and block comments, strings (with escapes),
/// raw strings (`r#"…"#`, `br"…"`) and character literals, told from lifetimes.
fn lex(text: &str) -> Code {
    let chars: Vec<char> = text.chars().collect();
    let at = |i: usize| chars.get(i).copied().unwrap_or('\0');
    let ident = |c: char| c.is_alphanumeric() || c == '_';
    let (mut code, mut strings) = (String::new(), Vec::new());
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let before = if i == 0 { ' ' } else { chars[i - 1] };
        // A raw string's `r`, alone or after a `b` that starts a token.
        let raw =
            c == 'r' && (!ident(before) || (before == 'b' && (i < 2 || !ident(chars[i - 2])))) && {
                let hashes = chars[i + 1..].iter().take_while(|&&h| h == '#').count();
                at(i + 1 + hashes) == '"'
            };
        if c == '/' && at(i + 1) == '/' {
            while i < chars.len() && chars[i] != '\n' {
                i += 1;
            }
        } else if c == '/' && at(i + 1) == '*' {
            i += 2;
            while i < chars.len() && !(chars[i] == '*' && at(i + 1) == '/') {
                i += 1;
            }
            i += 2;
        } else if raw {
            let hashes = chars[i + 1..].iter().take_while(|&&h| h == '#').count();
            let start = i + 2 + hashes;
            let mut end = start;
            while end < chars.len()
                && !(chars[end] == '"' && (1..=hashes).all(|k| at(end + k) == '#'))
            {
                end += 1;
            }
            strings.push(chars[start..end.min(chars.len())].iter().collect());
            code.push_str("\"\"");
            i = end + 1 + hashes;
        } else if c == '"' {
            let mut literal = String::new();
            i += 1;
            while i < chars.len() && chars[i] != '"' {
                if chars[i] == '\\' {
                    literal.push(chars[i]);
                    i += 1;
                }
                literal.push(at(i));
                i += 1;
            }
            strings.push(literal);
            code.push_str("\"\"");
            i += 1;
        } else if c == '\'' && (at(i + 1) == '\\' || at(i + 2) == '\'') {
            // A character literal ('"', '\n', '\u{1F600}'), not a lifetime.
            i += 2;
            while i < chars.len() && chars[i] != '\'' {
                i += 1;
            }
            code.push_str("' '");
            i += 1;
        } else {
            code.push(c);
            i += 1;
        }
    }
    Code { code, strings }
}

/// A file's [`Code`], up to its test module.
fn code(path: &Path) -> Code {
    let text = std::fs::read_to_string(path).unwrap();
    let end = text
        .lines()
        .position(|l| l.starts_with("#[cfg(") && l.contains("test"))
        .unwrap_or(usize::MAX);
    lex(&text.lines().take(end).collect::<Vec<_>>().join("\n"))
}

/// The workspace's root and the code of each of its source files.
fn workspace_code() -> (&'static Path, Vec<(PathBuf, Code)>) {
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
    let codes: Vec<(PathBuf, Code)> = files.into_iter().map(|p| (p.clone(), code(&p))).collect();
    assert!(codes.len() > 50, "only {} source files found", codes.len());
    (root, codes)
}

/// Each kind of rule's names as strings: its page names (`data-rule`, `Figure::rule`),
/// then its f-puzzles keys. Every one stands in `links/src/keys.rs`
/// ([`every_listed_name_is_a_key_or_a_page_name`]). Dot's sum dot key, `"sum"`, is left
/// out: SudokuPad's cages have a field of that name.
const STRING_NAMES: &[(&str, &[&str])] = &[
    ("Parity", &["odd", "even"]),
    ("Extremum", &["minimum", "maximum"]),
    (
        "Thermometer",
        &["thermometer", "slow-thermometer", "slowthermometer"],
    ),
    ("Palindrome", &["palindrome"]),
    ("CloneRule", &["clone"]),
    ("Quadruple", &["quadruple"]),
    ("Killer", &["killer", "killercage"]),
    ("Arrow", &["arrow"]),
    ("DoubleArrow", &["double-arrow", "doublearrow"]),
    (
        "Dot",
        &[
            "kropki-white",
            "kropki-black",
            "xv",
            "sum-dot",
            "difference",
            "ratio",
        ],
    ),
    ("Whispers", &["whispers"]),
    ("Between", &["between", "betweenline"]),
    ("LittleKiller", &["little-killer", "littlekillersum"]),
    ("Renban", &["renban"]),
    ("Lockout", &["lockout"]),
    ("Entropic", &["entropic", "entropicline"]),
    ("Modular", &["modular", "modularline"]),
    ("Zipper", &["zipper", "zipperline"]),
    ("Nabner", &["nabner"]),
    ("RegionSum", &["region-sum", "regionsumline"]),
    ("Sandwich", &["sandwich", "sandwichsum"]),
    ("XSum", &["x-sum", "xsum"]),
    ("Skyscraper", &["skyscraper"]),
    (
        "Indexer",
        &["indexer", "rowindexer", "columnindexer", "boxindexer"],
    ),
    // ISS's rules (issue 52).
    ("SumLine", &["sum-line", "sumline"]),
    ("Rellik", &["rellik", "rellikcage"]),
    ("GreaterThan", &["greater-than", "greaterthan"]),
    ("Pairwise", &["pairwise", "pair", "pairx"]),
    ("FullRank", &["full-rank", "fullrank", "fullrankties"]),
    ("NumberedRoom", &["numbered-room", "numberedroom"]),
    (
        "HiddenSkyscraper",
        &["hidden-skyscraper", "hiddenskyscraper"],
    ),
    ("Lunchbox", &["lunchbox"]),
    ("CountingCircles", &["counting-circles", "countingcircles"]),
    ("ConnectedValues", &["connected-values", "connectedvalues"]),
    ("Automaton", &["line-pattern", "linepattern"]),
    ("WeightedSum", &["weighted-sum", "weightedsum"]),
    ("AntiTaxicab", &["anti-taxicab", "antitaxicab"]),
    ("EntropicSquare", &["entropic-square", "globalentropy"]),
    ("ModularSquare", &["modular-square", "globalmod"]),
    ("AnyOf", &["anyof"]),
    // Read from ISS's text alone, with no key of its own.
    ("SameValueSets", &[]),
];

/// A kind's type name: `CloneRule` for `Clone`, the trait's name.
fn type_name(kind: &RuleKind) -> String {
    match format!("{kind:?}").as_str() {
        "Clone" => "CloneRule".to_string(),
        other => other.to_string(),
    }
}

/// The names of the rule whose type is `name` as strings, from [`STRING_NAMES`].
fn string_names(name: &str) -> &'static [&'static str] {
    STRING_NAMES
        .iter()
        .find(|(n, _)| *n == name)
        .unwrap_or_else(|| panic!("{name} has no entry in STRING_NAMES"))
        .1
}

/// Whether `code` names the rule called `name`: its type, or a variant of that name (its
/// `RuleKind`, its generator's `Genre`, a reader's `ReadAs`), as an identifier, or one of
/// its [`string_names`] as a whole string. A technique of the same name
/// (`Technique::Skyscraper`, the fish pattern) is not the rule.
fn names_rule(code: &Code, name: &str) -> bool {
    let text = &code.code;
    let word = text.match_indices(name).any(|(at, _)| {
        let ident = |c: char| c.is_alphanumeric() || c == '_';
        !text[..at].ends_with(ident)
            && !text[..at].ends_with("Technique::")
            && !text[at + name.len()..].starts_with(ident)
    });
    word || code
        .strings
        .iter()
        .any(|s| string_names(name).contains(&s.as_str()))
}

#[test]
fn every_listed_name_is_a_key_or_a_page_name() {
    let keys = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/keys.rs");
    let table = code(&keys);
    for kind in RuleKind::ALL {
        for listed in string_names(&type_name(kind)) {
            assert!(
                table.strings.iter().any(|s| s == listed),
                "{listed} is in STRING_NAMES but no key or page name of links/src/keys.rs"
            );
        }
    }
    assert_eq!(STRING_NAMES.len(), RuleKind::ALL.len());
}

#[test]
fn the_lexer_keeps_code_and_strings_apart() {
    let read = lex(concat!(
        "let a = \"killer\"; // arrow\n",
        "/* Thermometer */ let b = r#\"say \"hi\"\"#; let c = '\"';\n",
        "fn f<'a>(x: &'a str) -> Skyscraper { \"Sky\\\"scraper\" }",
    ));
    assert_eq!(
        read.strings,
        ["killer", "say \"hi\"", "Sky\\\"scraper"].map(String::from)
    );
    assert!(!read.code.contains("arrow") && !read.code.contains("Thermometer"));
    assert!(read.code.contains("&'a str) -> Skyscraper {"));
}

#[test]
fn every_rule_is_named_in_at_most_five_source_files() {
    let (root, codes) = workspace_code();
    let mut over = Vec::new();
    for kind in RuleKind::ALL {
        let name = type_name(kind);
        // The variant generator is one module split into files along its seams (issue 51):
        // one place.
        let mut named: Vec<String> = codes
            .iter()
            .filter(|(_, code)| names_rule(code, &name))
            .map(|(path, _)| path.strip_prefix(root).unwrap().display().to_string())
            .map(
                |path| match path.starts_with("engine/generate/src/variant/") {
                    true => "engine/generate/src/variant/".to_string(),
                    false => path,
                },
            )
            .collect();
        named.sort();
        named.dedup();
        assert!(named.len() >= 2, "{name} is named in only {named:?}");
        if named.len() > 5 {
            over.push(format!("{name} in {} files: {named:?}", named.len()));
        }
    }
    assert!(
        over.is_empty(),
        "rules named in more than five files:\n{}",
        over.join("\n")
    );
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
        for name in type_definitions(&code.code) {
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
