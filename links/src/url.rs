//! The forms a puzzle travels in: links to f-puzzles, SudokuPad and the Cracking the
//! Cryptic app, their bare payloads and f-puzzles' JSON; and the damage links suffer on
//! the way (percent-encoding, `//` collapsed into `/`, lost padding, settings appended).
//! ISS's links and text are read in `iss`; in the app's address an ISS puzzle is
//! `#iss=<q>`, its link's `q` as it is ([`crate::iss::PREFIX`]), one of [`PREFIXES`].

use serde_json::Value;

use crate::error::{LinkError, MAX_JSON};
use crate::lz::Unpacked;
use crate::{classic, import, scl, Imported};

/// How many `//` repairs are tried, as SudokuPad bounds its own.
const MOST_REPAIRS: usize = 400;

/// What a link's payload is, by its prefix.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Form {
    FPuzzles,
    Scl,
    Scf,
    Classic,
    /// A puzzle made here, as its own link carries it ([`crate::made_link`]).
    Made,
    /// ISS's puzzle, its link's `q` after `iss=` ([`crate::iss::PREFIX`]).
    Iss,
}

impl Form {
    /// Whether no `&` is part of its data (compressed, or percent-encoded as ISS's `q`
    /// is): what follows one is the address's own (settings, a player's progress).
    pub fn compressed(self) -> bool {
        matches!(self, Form::FPuzzles | Form::Scl | Form::Made | Form::Iss)
    }
}

/// The prefixes of SudokuPad's self-contained puzzle ids, longest first, of this app's
/// own made puzzles and of ISS's puzzles in its address: the one list of them, which the
/// page and the command line read too.
pub const PREFIXES: [(&str, Form); 8] = [
    ("fpuzzles", Form::FPuzzles),
    ("fpuz", Form::FPuzzles),
    ("scl", Form::Scl),
    ("ctc", Form::Scl),
    ("scf", Form::Scf),
    ("classic", Form::Classic),
    (crate::made_link::PREFIX, Form::Made),
    (crate::iss::PREFIX, Form::Iss),
];

const SUDOKUPAD_HOSTS: [&str; 2] = ["sudokupad.app", "app.crackingthecryptic.com"];

/// Whether text is meant as a link, a payload or f-puzzles' JSON rather than a grid: an
/// address, `{`, a SudokuPad prefix, ISS's constraint text, or base64 of some length holding a character no grid
/// is written with. The command line sends such lines to [`crate::read`]; the page tells
/// the link's error rather than the grid's for them.
pub fn looks_like_link(text: &str) -> bool {
    let lower = text.to_ascii_lowercase();
    // Starts with: a puzzle line may name its source in a comment after it.
    if ["http://", "https://", "www.", "f-puzzles.com"]
        .iter()
        .chain(&SUDOKUPAD_HOSTS)
        .any(|p| lower.starts_with(p))
        || text.starts_with('{')
        // No grid starts with a prefix: `s`, `t` and `u` are no digit.
        || prefixed(text).is_some()
        // ISS's constraint text, `.Type~…` (no grid has a letter after its first dot).
        || crate::iss::is_iss(text)
    {
        return true;
    }
    let base64 = |c: char| c.is_ascii_alphanumeric() || matches!(c, '+' | '/' | '=' | '%');
    let no_symbol = |c: char| matches!(c, 'q'..='z' | 'Q'..='Z' | '+' | '/' | '=' | '%');
    text.len() >= 40 && text.chars().all(base64) && text.chars().any(no_symbol)
}

/// Reads the text by its form; `CORNERS` as [`crate::read`] or [`crate::read_drawable`].
pub(crate) fn read<const CORNERS: bool>(text: &str) -> Result<Imported, LinkError> {
    if crate::iss::is_iss(text) {
        return crate::iss::read_in::<CORNERS>(text);
    }
    if text.starts_with('{') {
        return json(text);
    }
    let (form, data) = payload(text)?;
    match form {
        Form::FPuzzles => {
            let value = decode(data, "f-puzzles", |t| {
                serde_json::from_str::<Value>(t).map_err(|e| e.to_string())
            })?;
            let Value::Object(object) = value else {
                return Err(crate::error::invalid(
                    "the f-puzzles data is not a JSON object",
                ));
            };
            import::build(&object, Vec::new())
        }
        Form::Scl => {
            let plain = percent_decoded(data);
            let value = if plain.trim_start().starts_with('{') {
                scl::unzip(&plain).map_err(|detail| LinkError::BadJson {
                    what: "SudokuPad",
                    detail,
                })?
            } else {
                decode(data, "SudokuPad", scl::unzip)?
            };
            scl::read(&value)
        }
        Form::Scf => classic::read_scf(&percent_decoded(data)),
        Form::Classic => classic::read_classic(&percent_decoded(data)),
        Form::Iss => crate::iss::read_payload::<CORNERS>(data),
        Form::Made => {
            let made = crate::made_link::read(data)?;
            let rules = made.genre.rules();
            let document = crate::made::made_document(&made.puzzle, &made.title(), rules);
            Imported::from_document(&document)
        }
    }
}

/// The payload a link carries as SudokuPad names it after its address (`fpuzzles…`,
/// `scl…`), for the links whose payload is compressed data, which no `&` can be
/// part of; `None` for JSON and the plain-text forms.
pub(crate) fn compressed_payload(text: &str) -> Option<String> {
    let text = text.trim();
    if text.starts_with('{') {
        return None;
    }
    if let Some(iss) = crate::iss::payload(text) {
        return Some(iss);
    }
    let (form, data) = payload(text).ok()?;
    let prefix = match form {
        _ if !form.compressed() => return None,
        // Kept percent-encoded, as ISS's `q` is.
        Form::Iss => return Some(format!("{}{data}", crate::iss::PREFIX)),
        Form::FPuzzles => "fpuzzles",
        Form::Made => crate::made_link::PREFIX,
        // `ctc…` holds what `scl…` holds.
        _ => "scl",
    };
    Some(format!("{prefix}{}", percent_decoded(data)))
}

/// f-puzzles' JSON, or SudokuPad's (which has no `size`).
fn json(text: &str) -> Result<Imported, LinkError> {
    let value: Value = match serde_json::from_str(text) {
        Ok(value) => value,
        // SudokuPad's zipped text, as its `scl` links hold it before compression.
        Err(e) => scl::unzip(text).map_err(|_| LinkError::BadJson {
            what: "puzzle's",
            detail: e.to_string(),
        })?,
    };
    match &value {
        Value::Object(o) if !o.contains_key("size") && o.contains_key("cells") => scl::read(&value),
        Value::Object(o) => import::build(o, Vec::new()),
        _ => Err(crate::error::invalid("the puzzle's JSON is not an object")),
    }
}

/// Finds the payload in a link, or takes the text as a bare payload.
fn payload(text: &str) -> Result<(Form, &str), LinkError> {
    let lower = text.to_ascii_lowercase();
    if let Some(at) = lower.find("f-puzzles.com") {
        let rest = &text[at + "f-puzzles.com".len()..];
        let rest_lower = &lower[at + "f-puzzles.com".len()..];
        if let Some(i) = rest_lower.find("load=") {
            return Ok((Form::FPuzzles, until_query(&rest[i + "load=".len()..])));
        }
        if let Some(i) = rest_lower.find("id=") {
            let id = until_query(&rest[i + "id=".len()..]);
            return Err(LinkError::ShortLink {
                link: format!("f-puzzles.com/?id={}", crate::cells::shorten(id)),
                site: "f-puzzles",
            });
        }
        return Err(LinkError::NotALink(
            "this f-puzzles link has no puzzle in it (no ?load=)".into(),
        ));
    }
    for host in SUDOKUPAD_HOSTS {
        let Some(at) = lower.find(host) else {
            continue;
        };
        let start = at + host.len();
        let (rest, rest_lower) = (&text[start..], &lower[start..]);
        let id = if let Some(i) = rest_lower.find("puzzleid=") {
            &rest[i + "puzzleid=".len()..]
        } else {
            let mut id = rest.trim_start_matches('/');
            for page in ["sudoku.html", "sudoku/", "sudoku"] {
                if id
                    .get(..page.len())
                    .is_some_and(|p| p.eq_ignore_ascii_case(page))
                {
                    id = &id[page.len()..];
                    break;
                }
            }
            let id = id.trim_start_matches('/');
            id.strip_prefix("?puzzle=").unwrap_or(id)
        };
        if let Some(found) = prefixed(id) {
            return Ok(until_query_form(found));
        }
        let id = until_query(id);
        if id.is_empty() {
            return Err(LinkError::NotALink(format!(
                "this {host} link has no puzzle in it"
            )));
        }
        return Err(LinkError::ShortLink {
            link: format!("{host}/{}", crate::cells::shorten(id)),
            site: "SudokuPad",
        });
    }
    if let Some(found) = prefixed(text) {
        return Ok(until_query_form(found));
    }
    let base64ish = |c: char| c.is_ascii_alphanumeric() || "+/=%".contains(c) || c.is_whitespace();
    if text.len() >= 8 && text.chars().all(base64ish) {
        return Ok((Form::FPuzzles, text));
    }
    if lower.contains("://") || lower.starts_with("www.") {
        return Err(LinkError::NotALink(
            "this is a link to a site whose puzzles this reader does not know; it reads \
             f-puzzles and SudokuPad links"
                .into(),
        ));
    }
    Err(LinkError::NotALink(
        "this is neither a puzzle link nor puzzle data: paste an f-puzzles, SudokuPad or \
         ISS link, f-puzzles' JSON or ISS's constraint text"
            .into(),
    ))
}

/// The payload without what follows it; `&` is a character of the classic alphabet, so
/// only `&setting-…` ends a classic payload.
fn until_query_form((form, data): (Form, &str)) -> (Form, &str) {
    if form == Form::Classic {
        let end = ["?", "#", "&setting"]
            .iter()
            .filter_map(|s| data.find(s))
            .min()
            .unwrap_or(data.len());
        return (form, data[..end].trim());
    }
    (form, until_query(data))
}

/// A payload with one of SudokuPad's prefixes.
fn prefixed(id: &str) -> Option<(Form, &str)> {
    PREFIXES
        .iter()
        .find(|(p, _)| id.len() > p.len() && id.starts_with(p))
        .map(|&(p, form)| (form, &id[p.len()..]))
}

/// Cuts what follows the payload: `&setting-…`, `?setting-…`, a fragment.
fn until_query(data: &str) -> &str {
    let end = data.find(['&', '?', '#']).unwrap_or(data.len());
    data[..end].trim()
}

/// Percent-decodes the text where that shortens it (as SudokuPad does); `+` stays `+`.
pub(crate) fn percent_decoded(data: &str) -> String {
    match percent_encoding::percent_decode_str(data).decode_utf8() {
        Ok(decoded) if decoded.len() < data.len() => decoded.into_owned(),
        _ => data.to_string(),
    }
}

/// Decompresses lz-string base64 and reads the text with `accept`, repairing the damage
/// links suffer; the first reason it failed otherwise.
fn decode<T>(
    data: &str,
    what: &'static str,
    accept: impl Fn(&str) -> Result<T, String>,
) -> Result<T, LinkError> {
    let data: String = percent_decoded(data)
        .chars()
        .filter(|c| !c.is_whitespace())
        .collect();
    let attempt = |data: &str| -> Result<T, LinkError> {
        let text = decompress(data, what)?;
        accept(&text).map_err(|detail| LinkError::BadJson { what, detail })
    };
    let first = match attempt(&data) {
        Ok(found) => return Ok(found),
        Err(e @ LinkError::TooLarge { .. }) => return Err(e),
        Err(e) => e,
    };
    // A `//` collapsed into `/`: double single slashes, fewest first, within a budget.
    let singles: Vec<usize> = data
        .char_indices()
        .filter(|&(i, c)| c == '/' && !data[..i].ends_with('/') && !data[i + 1..].starts_with('/'))
        .map(|(i, _)| i)
        .collect();
    let mut tries = 0;
    for k in 1..=singles.len() {
        let mut pick: Vec<usize> = (0..k).collect();
        loop {
            if tries == MOST_REPAIRS {
                return Err(first);
            }
            tries += 1;
            let mut fixed = String::with_capacity(data.len() + k);
            let mut last = 0;
            for &p in &pick {
                let at = singles[p];
                fixed.push_str(&data[last..=at]);
                fixed.push('/');
                last = at + 1;
            }
            fixed.push_str(&data[last..]);
            if let Ok(found) = attempt(&fixed) {
                return Ok(found);
            }
            // The next combination of k of the slashes.
            let Some(i) = (0..k).rev().find(|&i| pick[i] < singles.len() - k + i) else {
                break;
            };
            pick[i] += 1;
            for j in i + 1..k {
                pick[j] = pick[j - 1] + 1;
            }
        }
    }
    Err(first)
}

/// lz-string's base64 decompression, refusing what would decompress beyond [`MAX_JSON`].
fn decompress(data: &str, what: &'static str) -> Result<String, LinkError> {
    match crate::lz::decompress(data, MAX_JSON) {
        Unpacked::Text(wide) if !wide.is_empty() => {
            String::from_utf16(&wide).map_err(|_| LinkError::Undecodable(what))
        }
        Unpacked::TooLong(len) => Err(LinkError::TooLarge { what, len }),
        _ => Err(LinkError::Undecodable(what)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn percent_decoding_keeps_plus_and_only_shortens() {
        assert_eq!(percent_decoded("a%2Bb%2Fc%3D"), "a+b/c=");
        assert_eq!(percent_decoded("a+b"), "a+b");
        assert_eq!(percent_decoded("100%"), "100%");
        assert_eq!(percent_decoded("%zz%2"), "%zz%2");
        // Bytes that are not UTF-8 leave the text as it was.
        assert_eq!(percent_decoded("%FF%FE"), "%FF%FE");
    }

    #[test]
    fn payloads_are_found_by_prefix() {
        assert_eq!(payload("sclABC").unwrap(), (Form::Scl, "ABC"));
        assert_eq!(payload("ctcABC?setting-x=1").unwrap(), (Form::Scl, "ABC"));
        assert_eq!(payload("fpuzABC").unwrap(), (Form::FPuzzles, "ABC"));
        assert_eq!(payload("classicB5&C").unwrap(), (Form::Classic, "B5&C"));
        assert_eq!(
            payload("classicB5&setting-a=1").unwrap(),
            (Form::Classic, "B5")
        );
        assert_eq!(
            payload("https://sudokupad.app/sudoku.html?puzzleid=scfABC").unwrap(),
            (Form::Scf, "ABC")
        );
        // Found by fuzzing: a character of two bytes where "sudoku" might start.
        assert!(payload("https://sudokupad.app@/scf\u{2ef}l*1aMe").is_err());
    }
}
