//! Sigh's Interactive Sudoku Solver (ISS, `sigh.github.io/Interactive-Sudoku-Solver`):
//! its links (`?q=` holding its text, percent-encoded or not) and its constraint text
//! (`.Cage~10~R1C1~R1C2.~R1C1_5…`), read into the engine's puzzle, and written back.
//!
//! In layers: `names` (ISS's cell names and type names), `text` (the constraint text into
//! numbered parts, and the plain forms ISS also reads inside a link: SudoCue's killers,
//! its short killers, jigsaw layouts, pencilmarks, plain grids), `build` (the parts into
//! an f-puzzles document, each type with ISS's meaning, which the import then reads like
//! any other link), `window` (ISS's rectangular grids and grids of more values than their
//! side, as the corner of a larger square one) and `write` (a puzzle's rules as ISS's
//! text, or which rule ISS lacks).
//! Both find a type's f-puzzles key in the key table (`Key::iss`) and read or write it by
//! the key's [`IssForm`](crate::keys::IssForm): a new type of a known form needs no code
//! here, a new form one arm in each.
//!
//! Only text that is an ISS link, or that starts as ISS's constraint text does (`.Type~`,
//! `.~`), is read here; anything else keeps its own reading, so a line of 81 digits stays
//! a classic puzzle. A type the engine cannot state yet, or a part that is wrong, is an
//! error naming the part: `ISS constraint "EqualityCage~R1C1~R1C2" (part 7): the engine
//! has no equality cage yet`.

mod build;
mod names;
mod regex;
mod stated;
mod text;
mod values;
mod window;
mod write;

pub(crate) use build::{dutch_flatmates, equality_cage_automaton, stated_entry};
pub(crate) use write::link_in;
pub use write::{link, text as constraint_text};

use percent_encoding::{utf8_percent_encode, AsciiSet, NON_ALPHANUMERIC};

use crate::error::{invalid, LinkError};
use crate::{EdgeMark, Figure, Imported, Look};
use serde_json::Value;
use text::{Part, TextError};

/// Where ISS lives; the address of a link written here.
pub const ISS_ADDRESS: &str = "https://sigh.github.io/Interactive-Sudoku-Solver/";

/// The prefix of an ISS puzzle in the app's own address, `#iss=<q>`: what follows it is
/// what ISS's own link holds after `?q=` (its constraint text, percent-encoded as [`link`]
/// writes it, `+` a space), so that swapping ISS's address and `?q=` for the app's and
/// `#iss=` opens the same puzzle here. In the fragment, as every puzzle of the app's
/// address travels (`url::PREFIXES`); the page also reads ISS's `?q=` as it is.
pub const PREFIX: &str = "iss=";

/// What `q=` leaves as it is besides letters and digits: ISS's own separators, so that
/// the link stays readable. No `&`, so that what follows one in an address is the
/// address's own (a player's progress).
const KEPT: &AsciiSet = &NON_ALPHANUMERIC
    .remove(b'.')
    .remove(b'~')
    .remove(b'_')
    .remove(b'-');

/// What a name in ISS's text leaves as it is, as ISS's `uriEncodeArg` does: what
/// `encodeURIComponent` leaves, less `.` and `~`, its separators.
const NAME_KEPT: &AsciiSet = &NON_ALPHANUMERIC
    .remove(b'-')
    .remove(b'_')
    .remove(b'!')
    .remove(b'*')
    .remove(b'\'')
    .remove(b'(')
    .remove(b')');

/// `text` percent-encoded, leaving letters, digits and what `kept` keeps: [`KEPT`] for
/// ISS's text as its link's `q=` carries it, [`NAME_KEPT`] for a name in that text.
fn encoded(text: &str, kept: &'static AsciiSet) -> String {
    utf8_percent_encode(text, kept).to_string()
}

/// The app's payload for an ISS link or ISS's constraint text, `iss=<q>` ([`PREFIX`]);
/// `None` for other text.
pub(crate) fn payload(text: &str) -> Option<String> {
    let constraints = match query(text) {
        Some(q) => q.ok()?,
        None if text::is_constraint_text(text) => text.to_string(),
        None => return None,
    };
    Some(format!("{PREFIX}{}", encoded(&constraints, KEPT)))
}

/// Reads the `q` of an `iss=` payload (what follows the prefix, up to the address's next
/// `&`), as ISS reads its `?q=`.
pub(crate) fn read_payload<const CORNERS: bool>(q: &str) -> Result<Imported, LinkError> {
    read_in::<CORNERS>(&format!("{ISS_ADDRESS}?q={q}"))
}

/// Whether the text is an ISS link or ISS's constraint text, which [`read`] reads.
pub fn is_iss(text: &str) -> bool {
    query(text).is_some() || text::is_constraint_text(text)
}

/// The `q` of an ISS link, decoded as a browser's `URLSearchParams` decodes it (`+` is
/// a space, then percent-decoding); `None` if the text is no ISS link.
fn query(text: &str) -> Option<Result<String, LinkError>> {
    let lower = text.to_ascii_lowercase();
    let at = lower.find("interactive-sudoku-solver")?;
    let rest = &text[at..];
    let start = ["?q=", "&q="].iter().filter_map(|k| rest.find(k)).min()? + 3;
    let value = &rest[start..];
    let value = &value[..value.find(['&', '#']).unwrap_or(value.len())];
    let spaced = value.replace('+', " ");
    Some(
        percent_encoding::percent_decode_str(&spaced)
            .decode_utf8()
            .map(|s| s.into_owned())
            .map_err(|_| invalid("the ISS link's q= is not percent-encoded UTF-8")),
    )
}

/// Reads an ISS link or ISS's constraint text (see [`is_iss`]).
pub fn read(text: &str) -> Result<Imported, LinkError> {
    read_in::<true>(text)
}

/// [`read`], with a grid that is a corner of the engine's stated (`CORNERS`) or refused
/// as one the page cannot show yet ([`crate::read_drawable`]).
pub(crate) fn read_in<const CORNERS: bool>(text: &str) -> Result<Imported, LinkError> {
    let constraints = match query(text) {
        Some(q) => text::link_text(&q?).map_err(message)?,
        None if text::is_constraint_text(text) => text.to_string(),
        None => {
            return Err(LinkError::NotALink(
                "this is neither an ISS link nor ISS's constraint text".into(),
            ))
        }
    };
    let parts = text::parts(&constraints).map_err(message)?;
    let (document, symbols, window, chaos, written) =
        build::document::<CORNERS>(&parts).map_err(first_error)?;
    let chaos = match chaos.is_empty() {
        true => None,
        false => {
            let n = document.get("size").and_then(Value::as_u64).unwrap_or(0) as usize;
            build::chaos(&chaos, n, window.is_none()).map_err(|e| first_error(vec![e]))?
        }
    };
    let mut imported = Imported {
        symbols,
        ..crate::import::build(&document, Vec::new())?
    };
    as_written(&mut imported.figures, &written);
    if let Some(chaos) = chaos {
        imported.figures.extend(crate::figures::chaos(&chaos));
        imported.chaos = Some(chaos);
    }
    match window {
        Some(window) if CORNERS => window.restate(imported),
        // Always `None` in the page's reading (`CORNERS` false): `build::document` refuses
        // every grid a window restates, so that the page's module leaves `restate` out.
        _ => Ok(imported),
    }
}

/// The figures' labels as ISS writes them, where the document holds the digits' numbers
/// for their rules ([`build::IssLabel`]: values from 0): the drawing says what the puzzle
/// says, the engine's rules keep the digits' sums.
fn as_written(figures: &mut [Figure], written: &[build::IssLabel]) {
    for (key, place, text) in written {
        for figure in figures.iter_mut().filter(|f| f.source == (*key, *place)) {
            let text = text.clone();
            match &mut figure.look {
                Look::Cage { label, .. } => *label = Some(text),
                Look::Outside { text: said, .. }
                | Look::Edge {
                    mark: EdgeMark::Text(said),
                    ..
                }
                | Look::CornerDigits { digits: said }
                | Look::Text { text: said, .. } => *said = text,
                Look::Edge {
                    mark: EdgeMark::White(label) | EdgeMark::Black(label),
                    ..
                }
                | Look::Blob { text: label, .. } => *label = Some(text),
                Look::Line { .. }
                | Look::CircleWithShafts { .. }
                | Look::Cell(_)
                | Look::Shade { .. }
                | Look::Diagonal { .. } => {}
            }
        }
    }
}

/// Every part of an ISS link or constraint text that cannot be read: its type (`""` for
/// a given) and the message naming it; empty if every part reads. For measuring what the
/// engine lacks (`tests/iss_suite.rs`); [`read`] says the first.
pub fn unreadable_parts(text: &str) -> Result<Vec<(String, String)>, LinkError> {
    let constraints = match query(text) {
        Some(q) => text::link_text(&q?).map_err(message)?,
        None => text.to_string(),
    };
    let parts = text::parts(&constraints).map_err(message)?;
    let read = build::document::<true>(&parts).and_then(|(document, _, window, chaos, _)| {
        let n = document.get("size").and_then(Value::as_u64).unwrap_or(0) as usize;
        build::chaos(&chaos, n, window.is_none()).map_err(|e| vec![e])
    });
    Ok(match read {
        Ok(_) => Vec::new(),
        Err(errors) => errors
            .into_iter()
            .map(|(part, why)| (part.kind.clone(), named(&part, &why)))
            .collect(),
    })
}

/// The first error of ISS's parts, naming its part, and how many more there are.
fn first_error(errors: Vec<(Part, String)>) -> LinkError {
    let more = match errors.len() {
        1 => String::new(),
        2 => "; and 1 more part the engine cannot read".into(),
        k => format!("; and {} more parts the engine cannot read", k - 1),
    };
    let (part, why) = errors.into_iter().next().expect("an error");
    invalid(named(&part, &why) + &more)
}

/// The message of an error in ISS's text, naming the part.
fn message(error: TextError) -> LinkError {
    match error {
        TextError::Whole(why) => invalid(why),
        TextError::Part(part, why) => invalid(named(&part, &why)),
    }
}

fn named(part: &Part, why: &str) -> String {
    format!(
        "ISS constraint \"{}\" (part {}): {why}",
        crate::cells::shorten(&part.written()),
        part.number
    )
}
