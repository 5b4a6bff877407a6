//! What can be wrong with a link, said so that a person can fix it.

use std::fmt;

/// The longest decompressed text read, in UTF-16 units (the longest real puzzles are
/// a few hundred thousand).
pub(crate) const MAX_JSON: usize = 4 << 20;

/// Why a link or payload could not be read. Every message names what is wrong and,
/// where there is one, the place: "killercage 3: cell R10C1 is off the 9x9 grid".
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LinkError {
    /// The text is longer than [`crate::MAX_TEXT`] bytes.
    TooLong { bytes: usize },
    /// A short link, whose puzzle only its site's server knows.
    ShortLink { link: String, site: &'static str },
    /// Not a link or payload this reader knows.
    NotALink(String),
    /// The compressed data does not decompress (which site's data): the link is damaged.
    Undecodable(&'static str),
    /// The compressed data would decompress to more than any puzzle needs.
    TooLarge { what: &'static str, len: usize },
    /// The decompressed text is not the JSON it should be.
    BadJson { what: &'static str, detail: String },
    /// The puzzle itself is wrong: a cell off the grid, a region of the wrong size...
    Invalid(String),
}

impl fmt::Display for LinkError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LinkError::TooLong { bytes } => write!(
                f,
                "the text is {bytes} bytes long; a link is read up to {} bytes",
                crate::MAX_TEXT
            ),
            LinkError::ShortLink { link, site } => write!(
                f,
                "{link} is a short link: it needs {site}'s server. Paste the long link \
                 instead, with the puzzle in it (on SudokuPad: Share → Copy link, with \
                 \"short link\" off; on f-puzzles: Export → Get link)"
            ),
            LinkError::NotALink(why) => f.write_str(why),
            LinkError::Undecodable(what) => write!(
                f,
                "the {what} puzzle in it is damaged: cut short or changed"
            ),
            LinkError::TooLarge { what, len } => write!(
                f,
                "the {what} data would decompress to {len} characters; a puzzle is read up \
                 to {}",
                MAX_JSON
            ),
            LinkError::BadJson { what, detail } => {
                write!(f, "the {what} data is not valid JSON: {detail}")
            }
            LinkError::Invalid(why) => f.write_str(why),
        }
    }
}

impl std::error::Error for LinkError {}

/// An error about a puzzle's content.
pub(crate) fn invalid(why: impl Into<String>) -> LinkError {
    LinkError::Invalid(why.into())
}
