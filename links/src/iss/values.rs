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
//! - givens, a quadruple's values and connected values' values are the digits one up,
//!   and so is each character of
//!   a regular expression (`Regex`); an automaton (`NFA`) reads values by their place
//!   among the values, so it is the same on the digits.
//!
//! - a weighted `Sum` grows by its weights' total; sums compared across different numbers
//!   of cells (arrows, double arrows, region sum lines, `EqualSum`) are weighted sums of
//!   the first less the other, which differ by the difference of their sizes;
//! - a hidden skyscraper's clue is a value, one up; full rank compares numbers value by
//!   value, which keep their order one up;
//! - black dots (ratio 2 of the values, (v - 1) = 2(w - 1) on the digits) and strict XV
//!   (no unmarked neighbours' values adding up to 5 or 10) are relations of the values;
//!   skyscrapers (ISS counts no building of height 0: its handler starts the tallest at
//!   0), equality cages (parity and halves of the values), count distinct (the count is a
//!   value) and value indexing (a control of 0 names no cell) are automata of the values;
//! - sum lines are automata of the values' partial sums, as ISS's handler walks them;
//! - sums over a number of cells the digits decide are automata of the values: sandwiches
//!   and lunchboxes (the values between the borders), X-sums (the first X values), rellik
//!   cages (the sums of the values' sets); so are numbered rooms and indexing (a value N
//!   names the N-th cell of a line, from 1, so 0 names none);
//! - counting circles count values: the engine's rule counts from 0 (its offset), digit d
//!   in d - 1 circles and digit 1 in none.
//!
//! A rule whose meaning on the digits no engine rule states is an error naming it: pill
//! arrows (a pill's number of values), odd zippers, strict Kropki (its forbidden ratio),
//! and the types ISS itself refuses with values from 0 (`Entropic`,
//! `AntiTaxicab`, `DutchFlatmates`, `GlobalEntropy`). Any type not listed here is refused
//! the same way, so a type read later is never shifted by a guess.

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
    // Extra cells of the grid's values, whatever they are.
    "Var",
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
    // Numbers compared digit by digit keep their order one up; a clued number's first
    // value is its rank's place among the values (`FullRank`'s entries), the same digit.
    "FullRank",
    "FullRankTies",
    // Read where they are stated (`build`, `stated`), each exactly on the digits.
    "EqualityCage",
    "CountDistinct",
    "ValueIndexing",
    "EqualSum",
    // Needs values from 0; stated on the digits, 0 being 1 (`window`).
    "Doppelganger",
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
    "Sum",
    "Arrow",
    "DoubleArrow",
    "RegionSumLine",
    "BlackDot",
    "StrictXV",
    "Skyscraper",
    "HiddenSkyscraper",
    // Digit d counts d - 1 circles (the rule's offset).
    "CountingCircles",
    // Its values are the digits one up.
    "ConnectedValues",
    "SumLine",
];

/// Types whose parts, where values start at 0, are read into other rules (weighted sums,
/// relations, automata): the engine's own rule of the type is on the digits, so it is not
/// written as the type there. Those after `SumLine` are stated only so (automata of the
/// values, see the module's list).
pub(crate) const STATED_AT_READ: &[&str] = &[
    "Arrow",
    "DoubleArrow",
    "RegionSumLine",
    "BlackDot",
    "Skyscraper",
    "SumLine",
    "NumberedRoom",
    "Indexing",
    "XSum",
    "RellikCage",
    "Lunchbox",
    "Sandwich",
];

/// Why a part of this type cannot be read where values start at 0; `None` where it can
/// (a zipper's length is checked where it is read).
pub(crate) fn refusal(kind: &str) -> Option<String> {
    if [SAME_MEANING, SHIFTED, STATED_AT_READ]
        .iter()
        .any(|list| list.contains(&kind))
    {
        return None;
    }
    let why = match kind {
        "PillArrow" => "its pill is a number of several values, not stated on the digits yet",
        "StrictKropki" => "the ratio of 2 it forbids between values from 0 is not stated yet",
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
