//! Values from 0 (`Shape~9x9~0-8`, `Shape~6x6~0-5`): ISS's value v is the engine's digit
//! v + 1. ISS keeps its values shifted the same way inside (`CellGeometry.valueOffset` is
//! -1, `LookupTables.toOffsetValue`) and gives each constraint the values themselves, so
//! a rule's arithmetic is on 0-8, not 1-9. The engine keeps its digits 1-n, and each rule
//! read here is stated on them with the same meaning:
//! - a rule that only compares or equates values says the same of the digits: houses,
//!   thermometers, whispers, renban, between lines, lockout lines, palindromes, clones,
//!   white dots, modular lines (each digit's class mod m moves with it), even zippers
//!   (pairs of two cells each: both sums grow by 2);
//! - a sum of a known number of cells grows by that number: a cage of k cells with sum
//!   s is a cage summing to s + k on the digits (ISS's `Sum` handler subtracts
//!   `valueOffset` times the cells), a little killer of a diagonal of k cells the same,
//!   X (10) and V (5) between two cells are sum dots of 12 and 7;
//! - givens and a quadruple's values are the digits one up, and so is each character of
//!   a regular expression (`Regex`); an automaton (`NFA`) reads values by their place
//!   among the values, so it is the same on the digits.
//!
//! A rule whose meaning on the digits no engine rule states is an error naming it: sums
//! over an unknown number of cells (sandwiches, X-sums), sums compared across different
//! numbers of cells (arrows, double arrows, pill arrows, odd zippers, region sum lines),
//! black dots (ratio 2 on 0-8 is no ratio on 1-9), strict Kropki and strict XV (their
//! forbidden ratio and sums), indexing (a value names a column), skyscrapers (ISS counts
//! no building of height 0, `Skyscraper.DESCRIPTION`), and the types ISS itself
//! refuses with values from 0 (`Entropic`, `AntiTaxicab`, `DutchFlatmates`,
//! `GlobalEntropy`). Any type not listed here is refused the same way, so a type read
//! later is never shifted by a guess.

/// ISS types whose meaning on values from 0 is the same on the digits.
const SAME_MEANING: &[&str] = &[
    "Shape",
    "Thermo",
    "Whisper",
    "Renban",
    "Between",
    "Lockout",
    "Palindrome",
    "SameValues",
    "WhiteDot",
    "Modular",
    "AllDifferent",
    "Diagonal",
    "AntiKnight",
    "AntiKing",
    "AntiConsecutive",
    "DisjointSets",
    "Windoku",
    "NoBoxes",
    "Jigsaw",
    "RegionSize",
    "SearchPriority",
    "End",
    // An automaton reads a cell's value by its place among the values
    // (`NFASerializer`'s symbols), whatever the first value is.
    "NFA",
    // One value above another is the same of the digits.
    "GreaterThan",
    // A relation's table is of the values' places (`fnToBinaryKey` calls the function with
    // each place plus the offset), so it is the same table of the digits.
    "Pair",
    "PairX",
    "Binary",
    "BinaryX",
];

/// ISS types whose arithmetic this reader shifts to the digits (see the module's list).
const SHIFTED: &[&str] = &[
    "",
    "Cage",
    "LittleKiller",
    "X",
    "V",
    "Quad",
    "Zipper",
    "Regex",
];

/// Why a part of this type cannot be read where values start at 0; `None` where it can
/// (a zipper's length is checked where it is read).
pub(crate) fn refusal(kind: &str) -> Option<String> {
    if SAME_MEANING.contains(&kind) || SHIFTED.contains(&kind) {
        return None;
    }
    let why = match kind {
        "Sandwich" | "XSum" => "its sum is over a number of cells the digits decide",
        "Arrow" | "DoubleArrow" | "PillArrow" | "RegionSumLine" => {
            "it equates sums of different numbers of cells"
        }
        "BlackDot" | "StrictKropki" => {
            "a ratio of 2 between values from 0 is no ratio of the digits"
        }
        "StrictXV" => "the sums it forbids are no X or V of the digits",
        "Indexing" => "a value names a row or column",
        "Skyscraper" => "a 0 is no building, so the count is not one of the digits' buildings",
        "Entropic" | "AntiTaxicab" | "DutchFlatmates" | "GlobalEntropy" => {
            "ISS itself refuses it where values start at 0"
        }
        _ => "its meaning on values from 0 is not translated to the engine's digits yet",
    };
    Some(format!("with values from 0, {why}"))
}

/// A sum of `cells` values from `offset` (0 or 1 less than the digits) as a sum of the
/// digits, and back.
pub(crate) fn sum_of_digits(sum: i64, cells: usize, offset: i64) -> i64 {
    sum + offset * cells as i64
}

pub(crate) fn sum_of_values(sum: i64, cells: usize, offset: i64) -> i64 {
    sum - offset * cells as i64
}
