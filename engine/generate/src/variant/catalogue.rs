//! The genres the generator makes: their names, titles, rules text and levels.

use sudoku_logic::Level;

/// A kind of variant puzzle the generator makes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Genre {
    Killer,
    Arrow,
    Thermo,
    Kropki,
    Jigsaw,
    Diagonal,
    AntiKnight,
    OddEven,
    GreaterThan,
    TenLines,
    AntiTaxicab,
}

impl Genre {
    /// Every genre. A made puzzle's link numbers its genre by its place here
    /// (`links/src/made_link.rs`), and a worker's request too: a new genre goes at the end.
    pub const ALL: [Genre; 11] = [
        Genre::Killer,
        Genre::Arrow,
        Genre::Thermo,
        Genre::Kropki,
        Genre::Jigsaw,
        Genre::Diagonal,
        Genre::AntiKnight,
        Genre::OddEven,
        Genre::GreaterThan,
        Genre::TenLines,
        Genre::AntiTaxicab,
    ];

    /// The name the command line's `--variant` takes.
    #[inline]
    pub fn name(self) -> &'static str {
        match self {
            Genre::Killer => "killer",
            Genre::Arrow => "arrow",
            Genre::Thermo => "thermo",
            Genre::Kropki => "kropki",
            Genre::Jigsaw => "jigsaw",
            Genre::Diagonal => "diagonal",
            Genre::AntiKnight => "antiknight",
            Genre::OddEven => "odd-even",
            Genre::GreaterThan => "greater-than",
            Genre::TenLines => "10-lines",
            Genre::AntiTaxicab => "antitaxicab",
        }
    }

    /// The genre `name` names (see [`Genre::name`]), read without regard to case.
    #[inline]
    pub fn from_name(name: &str) -> Option<Genre> {
        Genre::ALL
            .into_iter()
            .find(|g| g.name().eq_ignore_ascii_case(name))
    }

    /// What players call it: a made puzzle's title is this and its level ("Killer, Hard").
    #[inline]
    pub fn title(self) -> &'static str {
        match self {
            Genre::Killer => "Killer",
            Genre::Arrow => "Arrow",
            Genre::Thermo => "Thermo",
            Genre::Kropki => "Kropki",
            Genre::Jigsaw => "Jigsaw",
            Genre::Diagonal => "Sudoku X",
            Genre::AntiKnight => "Anti-knight",
            Genre::OddEven => "Odd-even",
            Genre::GreaterThan => "Greater-than",
            Genre::TenLines => "10-lines",
            Genre::AntiTaxicab => "Anti-taxicab",
        }
    }

    /// The rules, for a player who has not met the variant before. A made puzzle's own
    /// ([`super::MadeVariant::rules`]) says more where it has a form of its own: a Kropki puzzle
    /// with every dot given.
    #[inline]
    pub fn rules(self) -> &'static str {
        match self {
            Genre::Killer => {
                "Normal Sudoku rules apply. The digits in each dashed cage add up to the small \
                 number in its corner, and no digit repeats within a cage."
            }
            Genre::Arrow => {
                "Normal Sudoku rules apply. The digits along each arrow add up to the number in \
                 its circle; a circle of two cells holds a two-digit number, read from left to \
                 right or from top to bottom."
            }
            Genre::Thermo => {
                "Normal Sudoku rules apply. Along each thermometer the digits rise from the \
                 bulb: each is larger than the one before it."
            }
            Genre::Kropki => {
                "Normal Sudoku rules apply. Digits joined by a white dot are consecutive (they \
                 differ by 1); digits joined by a black dot are in a ratio of 1:2 (one is double \
                 the other). Not every dot is given."
            }
            Genre::Jigsaw => {
                "Normal Sudoku rules apply, but the boxes are the irregular regions outlined in \
                 bold: each row, column and region holds the digits 1 to 9 once each."
            }
            Genre::Diagonal => {
                "Normal Sudoku rules apply, and each of the two long diagonals also holds the \
                 digits 1 to 9 once each."
            }
            Genre::AntiKnight => {
                "Normal Sudoku rules apply, and two cells a chess knight's move apart never hold \
                 the same digit."
            }
            Genre::OddEven => {
                "Normal Sudoku rules apply. A digit in a grey circle is odd; a digit in a grey \
                 square is even."
            }
            Genre::GreaterThan => {
                "Normal Sudoku rules apply. A sign between two cells points to the smaller \
                 digit: the digit on its open side is greater. Not every sign is given."
            }
            Genre::TenLines => {
                "Normal Sudoku rules apply. Each green line splits into stretches of cells \
                 next to each other along it, each of which adds up to 10; digits may repeat \
                 on a line where the houses allow."
            }
            Genre::AntiTaxicab => {
                "Normal Sudoku rules apply, and a digit X never appears X steps away from \
                 itself, counted along rows and columns (its taxicab distance): a 3 has no 3 \
                 three steps away, and so on."
            }
        }
    }

    /// The version of what a seed makes for this genre at `level` (any level if `None`):
    /// a seed link (`#v=killer.medium.1234`, which the page wrote before a made puzzle's
    /// link carried the puzzle itself) names the puzzle of version 1, and where the
    /// version is later, the page says the link came from an earlier version and makes a
    /// puzzle of that genre and level afresh. Raise it with any change to what a seed
    /// makes: the test `seeds_make_what_they_made` (engine/tests/variant_generate.rs)
    /// fails until its fingerprints are written anew with it.
    ///
    /// Version 2: killers of cages alone (Hard, Expert, Extreme) merged toward the level
    /// instead of split (issue 55); arrows, since the search bounds an arrow's cells that
    /// share a house by distinct digits (ISS's exclusion groups, issue 52), so a seed's
    /// filling and proofs run otherwise.
    ///
    /// Version 3 of killers from Hard up, 2 at Easy: the search adds ISS's innies and
    /// outies (issue 52), so its proofs under a node budget, and the second solution it
    /// finds, differ.
    #[inline]
    pub fn version(self, level: Option<Level>) -> u32 {
        match (self, level) {
            (Genre::Killer, Some(Level::Hard | Level::Expert | Level::Extreme)) => 3,
            (Genre::Killer, Some(Level::Easy)) => 2,
            (Genre::Arrow, _) => 2,
            _ => 1,
        }
    }

    /// The levels puzzles of this genre are made at, easiest first: all five, but where
    /// the rule's own step is rated above Easy, none below it, since a puzzle that the
    /// easier steps solve never uses its rule (an Easy or Medium 10-lines puzzle was a
    /// classic one under lines, with given after given: 10-line segments are Hard). An
    /// anti-taxicab puzzle is made at Medium alone: from Hard up the rater's steps over its
    /// 81 rules of some 50 cells each took 20-60 s a puzzle (seeds 0-2), where the other
    /// genres take well under a second.
    #[inline]
    pub fn levels(self) -> &'static [Level] {
        match self {
            Genre::TenLines => &Level::ASKED[2..],
            Genre::AntiTaxicab => &Level::ASKED[1..2],
            _ => &Level::ASKED,
        }
    }

    /// Whether an Easy puzzle of this genre is asked for its rules' plainest steps
    /// ([`sudoku_logic::Technique::Plain`]: a cage of one combination, an arrow's bounds, a
    /// dot beside a placed digit). The rest of a cage's, an arrow's or a dot's own step is
    /// rated Medium (as pointing is), and a puzzle that singles alone solve would leave
    /// them unused.
    #[inline]
    pub fn plain_at_easy(self) -> bool {
        matches!(self, Genre::Killer | Genre::Arrow | Genre::Kropki)
    }
}

/// The rules text of a Kropki puzzle with every dot given.
pub(super) const KROPKI_EVERY_DOT: &str =
    "Normal Sudoku rules apply. Digits joined by a white dot are \
    consecutive (they differ by 1); digits joined by a black dot are in a ratio of 1:2 (one is \
    double the other). Every dot is given: two neighbours with no dot between them are neither \
    consecutive nor one double the other.";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_read_back() {
        for genre in Genre::ALL {
            assert_eq!(Genre::from_name(genre.name()), Some(genre));
            assert!(!genre.rules().is_empty() && !genre.title().is_empty());
        }
        assert_eq!(Genre::from_name("sandwich"), None);
    }
}
