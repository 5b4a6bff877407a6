//! ISS's text, read into parts: the constraint text `.Type~arg~arg.Type~…` (whitespace
//! ignored, an empty type being a given, `.End` closing `.Or`, `.And` and `.Replicate`),
//! and, inside an ISS link only, the plain forms ISS's own reader tries first on each
//! section of text between blank lines (`SudokuParser._parseTextLineToAst` in
//! `js/sudoku_parser.js`): a grid after `=`, the short killer format, SudoCue's killer
//! format (`3x3::k:…`), givens followed by a jigsaw layout, a jigsaw layout, a plain grid,
//! a grid of numbers and dots with separators, and pencilmarks (n³ characters). Each plain
//! form is rewritten as the constraint text ISS makes of it, so that one reader
//! ([`super::build`]) gives every form its meaning and every error names a part.

use super::names::{cell_id, side_of_cells};

/// One `.`-separated item of the constraint text: its place (1 is the first), its type
/// (`""` for a given) and its arguments.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Part {
    pub number: usize,
    pub kind: String,
    pub args: Vec<String>,
}

impl Part {
    /// The part as it was written, for messages.
    pub(crate) fn written(&self) -> String {
        std::iter::once(self.kind.as_str())
            .chain(self.args.iter().map(String::as_str))
            .collect::<Vec<_>>()
            .join("~")
    }
}

/// Why text is not ISS's: said of the whole, or of one part.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum TextError {
    Whole(String),
    Part(Part, String),
}

/// The types that open a group closed by `.End`.
pub(crate) const COMPOSITES: [&str; 3] = ["Or", "And", "Replicate"];

/// Reads constraint text into its parts, checking that every composite is closed.
pub(crate) fn parts(text: &str) -> Result<Vec<Part>, TextError> {
    let text: String = text.chars().filter(|c| !c.is_whitespace()).collect();
    let mut items = text.split('.');
    if items.next() != Some("") {
        return Err(TextError::Whole(
            "ISS's constraint text starts with \".\"".into(),
        ));
    }
    let mut out = Vec::new();
    let mut open: Vec<Part> = Vec::new();
    for (i, item) in items.enumerate() {
        let mut fields = item.split('~');
        let kind = fields.next().unwrap_or_default().to_string();
        let part = Part {
            number: i + 1,
            kind,
            args: fields.map(str::to_string).collect(),
        };
        if part.kind == "End" {
            if open.pop().is_none() {
                return Err(TextError::Part(part, "no group is open to end".into()));
            }
        } else if COMPOSITES.contains(&part.kind.as_str()) {
            if open.len() == sudoku_engine::rules::MOST_NESTED {
                return Err(TextError::Part(
                    part,
                    format!(
                        "groups nest at most {} deep here",
                        sudoku_engine::rules::MOST_NESTED
                    ),
                ));
            }
            open.push(part.clone());
        }
        out.push(part);
    }
    if let Some(part) = open.pop() {
        return Err(TextError::Part(
            part,
            "the group is never closed by .End".into(),
        ));
    }
    Ok(out)
}

/// Whether text starts as ISS's constraint text does: `.` and then a type name of
/// letters followed by `~`, `.` or the end, or `~` (a given). A grid of dots and digits
/// (`.5..3`) does not.
pub(crate) fn is_constraint_text(text: &str) -> bool {
    let Some(rest) = text.trim_start().strip_prefix('.') else {
        return false;
    };
    let name_end = rest
        .find(|c: char| !c.is_ascii_alphabetic())
        .unwrap_or(rest.len());
    let (name, after) = rest.split_at(name_end);
    match after.chars().next() {
        // No grid is written with `~`.
        Some('~') => true,
        // A type with no arguments, whose name no row of a grid's symbols spells.
        None | Some('.') => SWITCHES.contains(&name),
        Some(c) if c.is_whitespace() => SWITCHES.contains(&name),
        _ => false,
    }
}

/// ISS's types that take no arguments.
const SWITCHES: [&str; 17] = [
    "NoBoxes",
    "AntiKnight",
    "AntiKing",
    "DisjointSets",
    "Windoku",
    "AntiConsecutive",
    "StrictKropki",
    "StrictXV",
    "GlobalEntropy",
    "GlobalMod",
    "DutchFlatmates",
    "AntiTaxicab",
    "Doppelganger",
    "ChaosConstruction",
    "RegionSameValues",
    "Or",
    "And",
];

/// The text of an ISS link's `q` as ISS reads it: `#` comment lines dropped, each section
/// between blank lines read in one of the plain forms where it is one, else as
/// constraint text; the sections' constraint texts joined.
pub(crate) fn link_text(text: &str) -> Result<String, TextError> {
    let kept: Vec<&str> = text
        .lines()
        .filter(|l| !l.trim_start().starts_with('#'))
        .collect();
    let mut out = String::new();
    let mut section = String::new();
    let flush = |section: &mut String, out: &mut String| -> Result<(), TextError> {
        if !section.trim().is_empty() {
            match plain_form(section) {
                Some(found) => out.push_str(&found?),
                None => out.push_str(section),
            }
        }
        section.clear();
        Ok(())
    };
    for line in kept {
        if line.trim().is_empty() {
            flush(&mut section, &mut out)?;
        } else {
            section.push_str(line);
            section.push('\n');
        }
    }
    flush(&mut section, &mut out)?;
    Ok(out)
}

/// A section in one of ISS's plain forms, as constraint text; `None` if it is in none.
fn plain_form(raw: &str) -> Option<Result<String, TextError>> {
    let text: String = raw.chars().filter(|c| !c.is_whitespace()).collect();
    if text.chars().count() == 1 {
        return None;
    }
    if let Some(grid) = text.strip_prefix('=') {
        return plain_grid(grid).map(Ok);
    }
    if let Some(found) = short_killer(&text) {
        return Some(found);
    }
    sudocue_killer(&text)
        .or_else(|| jigsaw_with_givens(&text))
        .or_else(|| jigsaw_layout(&text))
        .or_else(|| plain_grid(&text))
        .or_else(|| grid_layout(raw))
        .or_else(|| pencilmarks(&text))
        .map(Ok)
}

/// `.Shape~NxN` where the side is not 9 (ISS's default), else nothing.
fn shape_part(n: usize) -> String {
    if n == 9 {
        String::new()
    } else {
        format!(".Shape~{n}x{n}")
    }
}

/// The short killer format of 81 characters: each cell points (`<>^v` and the diagonals
/// `` ` ' , . ``) towards its cage's head cell, which holds the sum (0-9, A-Z for 10-35,
/// a-j for 36-45).
fn short_killer(text: &str) -> Option<Result<String, TextError>> {
    let chars: Vec<char> = text.chars().collect();
    if chars.len() != 81 || !chars.iter().any(|c| "<v>^`',".contains(*c)) {
        return None;
    }
    let allowed = |c: char| {
        c.is_ascii_digit()
            || c.is_ascii_uppercase()
            || ('a'..='j').contains(&c)
            || "^<v>`',.".contains(c)
    };
    if !chars.iter().all(|&c| allowed(c)) {
        return None;
    }
    let step = |i: usize, c: char| -> Option<usize> {
        let (r, col) = ((i / 9) as isize, (i % 9) as isize);
        let (dr, dc) = match c {
            'v' => (1, 0),
            '^' => (-1, 0),
            '<' => (0, -1),
            '>' => (0, 1),
            '`' => (-1, -1),
            '\'' => (-1, 1),
            ',' => (1, -1),
            '.' => (1, 1),
            _ => return Some(i),
        };
        let (r, col) = (r + dr, col + dc);
        ((0..9).contains(&r) && (0..9).contains(&col)).then(|| (r * 9 + col) as usize)
    };
    let mut heads: Vec<(usize, u32, Vec<usize>)> = Vec::new();
    for i in 0..81 {
        let mut head = i;
        let mut count = 0;
        loop {
            // A pointer off the grid leaves no cage to find: the text is in no ISS form.
            let next = step(head, chars[head])?;
            if next == head {
                break;
            }
            head = next;
            count += 1;
            if count > 9 {
                return Some(Err(TextError::Whole(
                    "the killer cages of this short killer text point in a loop".into(),
                )));
            }
        }
        let c = chars[head];
        let sum = match c {
            '0'..='9' => c as u32 - '0' as u32,
            'A'..='Z' => c as u32 - 'A' as u32 + 10,
            'a'..='j' => c as u32 - 'a' as u32 + 36,
            _ => continue,
        };
        match heads.iter_mut().find(|h| h.0 == head) {
            Some(h) => h.2.push(i),
            None => heads.push((head, sum, vec![i])),
        }
    }
    Some(Ok(heads
        .iter()
        .map(|(_, sum, cells)| cage(*sum, cells, 9))
        .collect()))
}

fn cage(sum: u32, cells: &[usize], n: usize) -> String {
    let mut out = format!(".Cage~{sum}");
    for &c in cells {
        out.push('~');
        out.push_str(&cell_id(c / n, c % n));
    }
    out
}

/// SudoCue's killer format: `3x3:` then `d` for the diagonals or nothing, `:k:`, and 81
/// numbers, each its cage's sum times 256 plus the cage's number (a sum of 0: no cage).
fn sudocue_killer(text: &str) -> Option<String> {
    if !text.starts_with("3x3:") {
        return None;
    }
    let fields: Vec<&str> = text.split(':').collect();
    if fields.get(2) != Some(&"k") || fields.len() != 81 + 4 {
        return None;
    }
    let mut out = String::new();
    if fields[1] == "d" {
        out.push_str(".Diagonal~1.Diagonal~-1");
    }
    let mut cages: Vec<(u64, u64, Vec<usize>)> = Vec::new();
    for i in 0..81 {
        // JavaScript's `+text` of something not a number is NaN, whose cage sum is 0.
        let value: u64 = fields[i + 3].parse().unwrap_or(0);
        let (id, sum) = (value % 256, value / 256);
        if sum == 0 {
            continue;
        }
        match cages.iter_mut().find(|c| c.0 == id) {
            Some(c) => c.2.push(i),
            None => cages.push((id, sum, vec![i])),
        }
    }
    for (_, sum, cells) in &cages {
        out.push_str(&cage(*sum as u32, cells, 9));
    }
    Some(out)
}

/// A grid's givens followed by its jigsaw layout, of as many characters each.
fn jigsaw_with_givens(text: &str) -> Option<String> {
    let chars: Vec<char> = text.chars().collect();
    if !chars.len().is_multiple_of(2) {
        return None;
    }
    let half = chars.len() / 2;
    let layout: String = chars[half..].iter().collect();
    let givens: String = chars[..half].iter().collect();
    let layout = jigsaw_layout(&layout)?;
    let givens = plain_grid(&givens)?;
    Some(layout + &givens)
}

/// A jigsaw layout: n² characters, n different ones, each n times; the grid has no boxes.
fn jigsaw_layout(text: &str) -> Option<String> {
    let chars: Vec<char> = text.chars().collect();
    let n = side_of_cells(chars.len())?;
    let mut kinds: Vec<(char, usize)> = Vec::new();
    for &c in &chars {
        match kinds.iter_mut().find(|k| k.0 == c) {
            Some(k) => k.1 += 1,
            None => kinds.push((c, 1)),
        }
    }
    if kinds.len() != n || kinds.iter().any(|k| k.1 != n) {
        return None;
    }
    Some(format!("{}.Jigsaw~{text}.NoBoxes", shape_part(n)))
}

/// A digit of a grid of side `n` as ISS writes it in plain text: `1`-`9` up to 9x9, and
/// `A`… for 1… on larger grids (`0` is no digit of a grid from 1).
fn short_value(c: char, n: usize) -> Option<usize> {
    let value = if n < 10 {
        c.to_digit(10)? as usize
    } else if c.is_ascii_uppercase() {
        c as usize - 'A' as usize + 1
    } else {
        return None;
    };
    (1..=n).contains(&value).then_some(value)
}

/// A grid of n² characters, digits or one other kind of character for the empty cells.
fn plain_grid(text: &str) -> Option<String> {
    let chars: Vec<char> = text.chars().collect();
    let n = side_of_cells(chars.len())?;
    let mut others: Vec<char> = Vec::new();
    let mut out = shape_part(n);
    out.push('.');
    for (i, &c) in chars.iter().enumerate() {
        match short_value(c, n) {
            Some(v) => out.push_str(&format!("~{}_{v}", cell_id(i / n, i % n))),
            None if !others.contains(&c) => others.push(c),
            None => {}
        }
    }
    (others.len() <= 1).then_some(out)
}

/// Numbers and dots separated by space, `|`, `_` or `-`, one per cell.
fn grid_layout(raw: &str) -> Option<String> {
    if raw
        .chars()
        .any(|c| !(c.is_ascii_digit() || c.is_whitespace() || ".|_-".contains(c)))
    {
        return None;
    }
    let mut tokens: Vec<String> = Vec::new();
    let mut number = String::new();
    for c in raw.chars() {
        if c.is_ascii_digit() {
            number.push(c);
            continue;
        }
        if !number.is_empty() {
            tokens.push(std::mem::take(&mut number));
        }
        if c == '.' {
            tokens.push(".".into());
        }
    }
    if !number.is_empty() {
        tokens.push(number);
    }
    let n = side_of_cells(tokens.len())?;
    let mut out = shape_part(n);
    out.push('.');
    for (i, t) in tokens.iter().enumerate() {
        if t != "." {
            out.push_str(&format!("~{}_{t}", cell_id(i / n, i % n)));
        }
    }
    Some(out)
}

/// n³ characters, digits and dots: each cell's n places, a digit where it is a candidate.
fn pencilmarks(text: &str) -> Option<String> {
    let len = text.chars().count();
    let n = (1..=16).find(|n| n * n * n == len)?;
    if !text.chars().all(|c| c.is_ascii_digit() || c == '.') {
        return None;
    }
    let chars: Vec<char> = text.chars().collect();
    let mut out = shape_part(n);
    out.push('.');
    for i in 0..n * n {
        out.push('~');
        out.push_str(&cell_id(i / n, i % n));
        for &c in &chars[i * n..(i + 1) * n] {
            if c != '.' {
                out.push('_');
                out.push(c);
            }
        }
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parts_are_numbered_and_groups_must_close() {
        let found = parts(".Cage~10~R1C1~R1C2 .~R1C1_5").unwrap();
        assert_eq!(found.len(), 2);
        assert_eq!(found[0].kind, "Cage");
        assert_eq!(found[0].args, ["10", "R1C1", "R1C2"]);
        assert_eq!(found[1].number, 2);
        assert_eq!(found[1].kind, "");
        assert_eq!(found[1].written(), "~R1C1_5");
        assert!(matches!(parts("Cage~1"), Err(TextError::Whole(_))));
        match parts(".Or.~R1C1_1").unwrap_err() {
            TextError::Part(p, why) => {
                assert_eq!((p.number, p.kind.as_str()), (1, "Or"));
                assert!(why.contains(".End"), "{why}");
            }
            other => panic!("{other:?}"),
        }
        assert!(matches!(parts(".End"), Err(TextError::Part(p, _)) if p.number == 1));
    }

    #[test]
    fn constraint_text_is_told_from_a_grid() {
        assert!(is_constraint_text(".Cage~10~R1C1~R1C2"));
        assert!(is_constraint_text(".~R1C1_5"));
        assert!(is_constraint_text(".AntiKnight.~R1C1_5"));
        assert!(is_constraint_text(".NoBoxes"));
        assert!(!is_constraint_text(".5..3....1"));
        assert!(!is_constraint_text("..3.5"));
        assert!(!is_constraint_text("53..7...."));
        assert!(!is_constraint_text(".x"));
        // A row of a 25x25 grid's symbols, which are letters too.
        assert!(!is_constraint_text(".NFA.B"));
    }

    #[test]
    fn sudocue_killers_become_cages_and_diagonals() {
        // Every cell its own cage of sum 1 with the diagonals, then cell 1 in cage 7 of 3.
        let mut fields: Vec<String> = (0..81).map(|i| format!("{}", 256 + 100 + i)).collect();
        fields[0] = "775".into();
        fields[1] = "775".into();
        let text = format!("3x3:d:k:{}:", fields.join(":"));
        let read = sudocue_killer(&text).unwrap();
        assert!(
            read.starts_with(".Diagonal~1.Diagonal~-1.Cage~3~R1C1~R1C2.Cage~1~R1C3"),
            "{read}"
        );
        assert_eq!(read.matches(".Cage").count(), 80);
        assert_eq!(sudocue_killer("3x3::k:1:2"), None);
    }

    #[test]
    fn short_killers_follow_the_pointers_to_the_sum() {
        // Row 1: a cage of 3 (r1c1, r1c2 pointing left); the rest single cells of 9.
        let mut text: Vec<char> = vec!['9'; 81];
        text[0] = '3';
        text[1] = '<';
        let text: String = text.into_iter().collect();
        let read = short_killer(&text).unwrap().unwrap();
        assert!(read.starts_with(".Cage~3~R1C1~R1C2.Cage~9~R1C3"), "{read}");
        // No pointer at all: not this form.
        assert_eq!(short_killer(&"1".repeat(81)), None);
    }

    #[test]
    fn plain_forms_give_shapes_givens_and_layouts() {
        let grid = "1234341221434321";
        assert!(plain_grid(grid)
            .unwrap()
            .starts_with(".Shape~4x4.~R1C1_1~R1C2_2"));
        assert_eq!(plain_grid("12.x"), None, "two kinds of blank");
        let layout = "0011001122332233";
        assert_eq!(
            jigsaw_layout(layout).unwrap(),
            ".Shape~4x4.Jigsaw~0011001122332233.NoBoxes"
        );
        let both = jigsaw_with_givens(&format!("1...............{layout}")).unwrap();
        assert!(
            both.contains(".Jigsaw~") && both.contains("~R1C1_1"),
            "{both}"
        );
        let marks = format!("12..{}", ".".repeat(60));
        let read = pencilmarks(&marks).unwrap();
        assert!(read.starts_with(".Shape~4x4.~R1C1_1_2~R1C2~"), "{read}");
        let numbers = "1 . . 4 | . . . . | . . . . | 4 . . 1";
        assert!(grid_layout(numbers).unwrap().contains("~R1C4_4"));
        // 16x16 grids write 1-16 as A-P.
        let big: String = std::iter::once('P')
            .chain(std::iter::repeat_n('.', 255))
            .collect();
        assert!(plain_grid(&big).unwrap().contains("~R1C1_16"));
    }

    #[test]
    fn a_link_reads_its_sections_each_in_its_form() {
        let text = "# a comment\n.Cage~3~R1C1~R1C2\n\n=123456789\n";
        // `=` and 9 characters is no square grid: left as it is, and read as text later.
        assert_eq!(link_text(text).unwrap(), ".Cage~3~R1C1~R1C2\n=123456789\n");
        let grid = "4".to_string() + &".".repeat(80);
        assert!(link_text(&grid).unwrap().starts_with(".~R1C1_4"));
    }
}
