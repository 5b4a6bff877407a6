//! The rules of variant Sudoku beyond "no digit twice in a house": one small module per
//! rule behind one interface, as Sigh's solver has a handler per constraint.
//!
//! Rules that only forbid repeats (diagonals, extra regions, disjoint groups, a knight's or
//! king's move, a cage's digits) are houses ([`crate::houses`]), so every part of the
//! engine already sees them. What is here relates digits some other way: sums, order,
//! differences, sets. Each rule answers four questions:
//! - [`Rule::cells`]: which cells it reads, in its own order;
//! - [`Rule::holds`]: whether a full filling of those cells keeps it, plainly (the
//!   reference the tests hold propagation to);
//! - [`Rule::propagate`]: the candidates of its cells it rules out. It never rules out a
//!   digit that some filling of the cells keeping the rule uses, and when every cell has
//!   one candidate it fails exactly when `holds` is false. Its explanation, for the
//!   learning search, is the candidates its cells had lost before it ran: the same
//!   candidates gone would rule out the same digits again;
//! - [`Rule::describe`]: its name for people, such as "killer cage r1c1-r1c3 (16)".
//!
//! Candidates are bit sets, bit `d - 1` for digit `d`, as everywhere in the engine.
//!
//! # Where a rule lives, and adding one
//!
//! A rule is two entries, as a constraint is one class in ISS's `sudoku_constraint.js`: an
//! engine module (what it means, its wire form, its technique and hint) and an f-puzzles
//! key (how it is read, drawn, recognised in SudokuPad and set).
//!
//! In the engine a rule is one module of `engine/model/src/rules/` and one line of the list:
//! 1. Write the module: the rule's struct and its `impl Constraint`: `cells`, `holds`,
//!    `propagate` (checked against brute force with `testing::against_brute_force`),
//!    `describe`, and `TAG` (the next unused number; never reuse or change one), `numbers` and
//!    `read` (its wire form; a bad one is an error, never a panic), `TECHNIQUE` (a new one, or
//!    the family's shared const) and, where it helps a hint, `gist`.
//! 2. Add `mod` and `pub use` for it and its line to `rule_list!` in `rules/mod.rs`, placed
//!    where its technique should be looked for.
//! 3. Give it an arm in `random_rule` (`engine/tests/variants.rs`); the compiler asks for it,
//!    and `every_kind_of_rule_reads_back` then checks its wire form.
//!
//! Nothing else in the engine changes: the wire, the techniques and the hints follow the
//! list.
//!
//! In `links/`, a new f-puzzles key is one entry of `KEYS` in `links/src/keys.rs`: its key,
//! the page's name for it, how it is read (`ReadAs`: for a line rule, the function that
//! makes the engine's rule of its cells) and drawn (`Style`: a line's colour, width and
//! ends), and, where they apply, the names of Rangsk's cosmetic copies, SudokuPad's line
//! colour (`Scl`) and the setter's tools. `engine_rules.rs`, `figures.rs`, `import.rs`, the
//! `scl` line recogniser and the setter read it there, and the page draws it from its
//! figures; only a rule SudokuPad draws in a shape of its own needs a recogniser in `scl/`.
//! Add the key to a puzzle in `links/tests/`.
//!
//! So a rule's name stands in its module, `rules/mod.rs`, its key entry and at most two
//! more files: reasoning across rules asks `Rule` (the rule of 45 adds up `Rule::total`
//! and makes killer cages and little killer sums of what it finds), a `Style` and a `Look` name a
//! drawing's shape (`CircleWithShafts`, `CornerDigits`), and the setter draws an arrow as a
//! line whose key's style puts its circle on the first cell. `links/tests/one_place.rs`
//! holds every kind of rule to that.
//!
//! The sum dot (`sum`, with `negative: ["sum"]`) was added this way, as the check of this
//! section: its key entry with its setter tool (`keys.rs`), its reader and negative rule
//! (`engine_rules.rs`) and the page's in-place total (`view/setter.rs`); the engine's `Dot`
//! already held a sum, so no engine file changed. The setter's four lists (`LINES`,
//! `MARKS`, `CLUES`, `SWITCHES` in `setting.rs`) are built from the table's `setter` tools.

/// `cells`, `holds` and `propagate` of a rule held by its `equations` (an
/// `lines::Equations` over its `cells`): the zipper and region-sum lines.
macro_rules! held_by_equations {
    () => {
        fn cells(&self) -> &[usize] {
            &self.cells
        }

        fn holds(&self, values: &[u8], _n: usize) -> bool {
            self.equations.hold(values)
        }

        fn propagate(&self, domains: &mut [u32], _n: usize) -> bool {
            self.equations.narrow(domains)
        }
    };
}

mod anti_taxicab;
mod any_of;
mod arrow;
mod automaton;
mod between;
mod clone;
mod connected_values;
mod counting_circles;
mod dot;
mod entropic;
mod extremum;
mod full_rank;
mod hidden_skyscraper;
mod indexer;
mod killer;
mod lines;
mod little_killer;
mod lunchbox;
mod numbered_room;
mod pairwise;
mod parity;
mod quadruple;
mod region_sum;
mod rellik;
mod renban;
mod same_value_sets;
mod sandwich;
mod skyscraper;
pub mod sum;
mod sum_line;
mod thermometer;
mod weighted_sum;
mod whispers;
mod x_sum;

pub use anti_taxicab::AntiTaxicab;
pub use any_of::{AnyOf, MOST_NESTED};
pub use arrow::{Arrow, DoubleArrow};
pub use automaton::{Automaton, IssRule, Nfa, Stated, MOST_STATES};
pub use between::{Between, Lockout};
pub use clone::{CloneRule, Palindrome};
pub use connected_values::ConnectedValues;
pub use counting_circles::CountingCircles;
pub use dot::{Dot, Relation};
pub use entropic::{Entropic, EntropicSquare, Modular, ModularSquare};
pub use extremum::Extremum;
pub use full_rank::{FullRank, Ties};
pub use hidden_skyscraper::HiddenSkyscraper;
pub use indexer::{Indexer, IndexerKind};
pub use killer::Killer;
pub use lines::{Nabner, Zipper};
pub use little_killer::LittleKiller;
pub use lunchbox::Lunchbox;
pub use numbered_room::NumberedRoom;
pub use pairwise::{GreaterThan, Pairwise};
pub use parity::Parity;
pub use quadruple::Quadruple;
pub use region_sum::RegionSum;
pub use rellik::Rellik;
pub use renban::Renban;
pub use same_value_sets::SameValueSets;
pub use sandwich::Sandwich;
pub use skyscraper::Skyscraper;
pub use sum_line::SumLine;
pub use thermometer::Thermometer;
pub use weighted_sum::WeightedSum;
pub use whispers::Whispers;
pub use x_sum::XSum;

use crate::houses::Houses;
use crate::level::Level;
use crate::shape::Shape;

/// Every rule, written once: each line makes a variant of [`Rule`] and of [`RuleKind`] and
/// its arm in each dispatch. The order is the one in which the logical solver looks for
/// the rules' own steps (rules sharing a technique stand together), between the singles
/// and pointing; a rule's wire tag is its module's to state, so the order may change.
macro_rules! rule_list {
    ($callback:ident!($($args:tt)*)) => {
        $callback! { ($($args)*)
            Parity(Parity),
            Extremum(Extremum),
            Thermometer(Thermometer),
            GreaterThan(GreaterThan),
            Palindrome(Palindrome),
            Clone(CloneRule),
            SameValueSets(SameValueSets),
            Quadruple(Quadruple),
            Killer(Killer),
            Rellik(Rellik),
            Arrow(Arrow),
            DoubleArrow(DoubleArrow),
            Dot(Dot),
            Whispers(Whispers),
            Pairwise(Pairwise),
            Automaton(Automaton),
            Between(Between),
            LittleKiller(LittleKiller),
            WeightedSum(WeightedSum),
            Renban(Renban),
            Lockout(Lockout),
            Entropic(Entropic),
            Modular(Modular),
            EntropicSquare(EntropicSquare),
            ModularSquare(ModularSquare),
            Zipper(Zipper),
            Nabner(Nabner),
            RegionSum(RegionSum),
            SumLine(SumLine),
            Sandwich(Sandwich),
            XSum(XSum),
            Skyscraper(Skyscraper),
            FullRank(FullRank),
            HiddenSkyscraper(HiddenSkyscraper),
            NumberedRoom(NumberedRoom),
            Lunchbox(Lunchbox),
            Indexer(Indexer),
            CountingCircles(CountingCircles),
            ConnectedValues(ConnectedValues),
            AntiTaxicab(AntiTaxicab),
            AnyOf(AnyOf),
        }
    };
}

macro_rules! declare {
    (() $($variant:ident($ty:ty),)*) => {
        /// One rule of a variant puzzle, on cell indices of its grid.
        #[derive(Clone, Debug, PartialEq, Eq)]
        pub enum Rule {
            $($variant($ty),)*
        }

        /// What kind of rule a [`Rule`] is, without its cells and numbers.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum RuleKind {
            $($variant,)*
        }

        impl RuleKind {
            /// Every kind, in the order of the list.
            pub const ALL: &[RuleKind] = &[$(RuleKind::$variant,)*];

            /// Its number in a worker message.
            pub const fn tag(self) -> u32 {
                match self {
                    $(RuleKind::$variant => <$ty as Constraint>::TAG,)*
                }
            }

            /// The technique that names what a rule of this kind alone rules out.
            pub const fn technique(self) -> RuleTechnique {
                match self {
                    $(RuleKind::$variant => <$ty as Constraint>::TECHNIQUE,)*
                }
            }

            /// The name of its plainest step, which a beginner takes
            /// ([`Constraint::PLAIN`]), if it has one.
            pub const fn plain(self) -> Option<&'static str> {
                match self {
                    $(RuleKind::$variant => <$ty as Constraint>::PLAIN,)*
                }
            }
        }

        impl Rule {
            pub fn kind(&self) -> RuleKind {
                match self {
                    $(Rule::$variant(_) => RuleKind::$variant,)*
                }
            }

            /// The rule of kind `tag` (as [`RuleKind::tag`] numbers it) over `cells` (a grid
            /// of side `n`), built from `numbers` as [`Rule::numbers`] wrote them, or what
            /// is wrong with them.
            pub fn read(
                tag: u32,
                cells: Vec<usize>,
                numbers: &[u32],
                n: usize,
            ) -> Result<Rule, &'static str> {
                if cells.is_empty() {
                    return Err("no cells");
                }
                let numbers = Numbers {
                    list: numbers,
                    cells: cells.len(),
                };
                $(if tag == <$ty as Constraint>::TAG {
                    return <$ty>::read(cells, &numbers, n).map(Rule::$variant);
                })*
                Err(NOT_THESE)
            }
        }
    };
}

rule_list!(declare!());

/// Calls `$call` on the rule inside `$self`, whatever its kind: an enum match, so static.
macro_rules! dispatch {
    ($self:ident, $rule:ident => $call:expr) => {
        rule_list!(dispatch_over!($self, $rule, $call))
    };
}

macro_rules! dispatch_over {
    (($self:ident, $rule:ident, $call:expr) $($variant:ident($ty:ty),)*) => {
        match $self {
            $(Rule::$variant($rule) => $call,)*
        }
    };
}

/// How the logical solver names a rule's own deductions ("Killer cage combinations"), its
/// weight on the Sudoku Explainer scale and the level a puzzle needing it reaches. Rules
/// of one family state one together, and share it.
#[derive(Clone, Copy, Debug)]
pub struct RuleTechnique {
    pub name: &'static str,
    pub rating: f32,
    pub level: Level,
}

/// The numbers a rule is written with besides its cells, as [`Constraint::read`] takes
/// them, with the number of its cells.
pub(crate) struct Numbers<'a> {
    list: &'a [u32],
    cells: usize,
}

/// What reading a rule says when its kind is unknown, or its cells or numbers do not fit.
pub(crate) const NOT_THESE: &str = "no such rule, or not with these cells or numbers";

impl Numbers<'_> {
    pub(crate) fn list(&self) -> &[u32] {
        self.list
    }

    pub(crate) fn get(&self, i: usize) -> Result<u32, &'static str> {
        self.list.get(i).copied().ok_or("a number is missing")
    }

    /// A number below 256: a gap, a digit.
    pub(crate) fn small(&self, i: usize) -> Result<u8, &'static str> {
        u8::try_from(self.get(i)?).map_err(|_| "a number is too large")
    }

    /// A digit of a grid of side `n`.
    pub(crate) fn digit(&self, i: usize, n: usize) -> Result<u8, &'static str> {
        match self.small(i)? {
            d if (1..=n).contains(&usize::from(d)) => Ok(d),
            _ => Err("a digit is not one of the grid's"),
        }
    }

    /// A flag written as 0 or 1 (anything but 0 is true).
    pub(crate) fn flag(&self, i: usize) -> Result<bool, &'static str> {
        Ok(self.get(i)? != 0)
    }

    /// `at` as a place among the cells, up to their end (where they split).
    pub(crate) fn place(&self, at: u32) -> Result<usize, &'static str> {
        match usize::try_from(at) {
            Ok(at) if at <= self.cells => Ok(at),
            _ => Err("it splits its cells past their end"),
        }
    }
}

/// What every rule module implements; [`Rule`] dispatches to it.
pub(crate) trait Constraint: Sized {
    /// Its kind's number in a worker message (`wire.rs`): fixed for good, so that saved
    /// boards and messages still read.
    const TAG: u32;
    /// The technique of its own deductions.
    const TECHNIQUE: RuleTechnique;
    /// Its own propagation keeps its cells' digits apart (a cage's), so listing their
    /// fillings apart in their houses adds nothing to a hint.
    const DISTINCT: bool = false;
    /// The name of the rule's plainest step, where it has one that a beginner takes (a cage
    /// of one combination, an arrow's bounds, a dot beside a placed digit): what
    /// [`Constraint::plain`] rules out. Such a step is rated Easy; the rest of the rule's
    /// own step stays [`Constraint::TECHNIQUE`].
    const PLAIN: Option<&'static str> = None;
    fn cells(&self) -> &[usize];
    /// `values` holds a digit for each of [`Constraint::cells`], in order.
    fn holds(&self, values: &[u8], n: usize) -> bool;
    /// Narrows `domains` (one per cell, in order; none empty); false if no filling is left.
    fn propagate(&self, domains: &mut [u32], n: usize) -> bool;
    /// Digits that every filling of `domains` keeping the rule holds somewhere (none
    /// known, by default): a cell that sees every cell of the rule that may hold one of
    /// them cannot, as ISS's required values say.
    fn required(&self, _domains: &[u32], _n: usize) -> u32 {
        0
    }
    /// Narrows `domains` as the plainest reading of the rule does ([`Constraint::PLAIN`]);
    /// nothing by default.
    fn plain(&self, _domains: &mut [u32], _n: usize) {}
    /// The total that every filling of `domains` keeping the rule adds up to, where the
    /// rule fixes one (none known, by default).
    fn total(&self, _domains: &[u32], _n: usize) -> Option<u32> {
        None
    }
    fn describe(&self, shape: Shape) -> String;
    /// What is wrong when `values` (every cell full) break the rule, as the status says it,
    /// where the rule says more than that it is broken (its description and "is broken"
    /// otherwise: said once in [`Rule`], since a default body here is compiled once per
    /// rule).
    fn breach(&self, _values: &[u8], _shape: Shape) -> Option<String> {
        None
    }
    /// Where the rule can name the few cells that break it (`values` as for `breach`, 0
    /// for an empty cell), why, in words, and their places among its cells; `None` names
    /// the whole rule. Asked only of a rule that is broken.
    fn fault(&self, _values: &[u8], _shape: Shape) -> Option<(String, Vec<usize>)> {
        None
    }
    /// What the rule says, where saying it helps a hint ("whose digits rise from the
    /// bulb"), given its cells' candidates after its step.
    fn gist(&self, _domains: &[u32]) -> Option<String> {
        None
    }
    /// The numbers it is built from besides its cells, as [`Constraint::read`] reads them.
    fn numbers(&self) -> Vec<u32>;
    /// The rule over `cells` (at least one) on a grid of side `n` that `numbers` describe.
    fn read(cells: Vec<usize>, numbers: &Numbers, n: usize) -> Result<Self, &'static str>;
}

impl Rule {
    /// Whether the rule is a cage (of distinct digits, with a sum or none), which the page
    /// names by its sum and first cell.
    pub fn is_cage(&self) -> bool {
        matches!(self, Rule::Killer(_))
    }

    /// The sum of a cage of distinct digits, if the rule is one with a sum: how the page
    /// and the links name and write a cage (the rule of 45 asks [`Rule::total`]).
    pub fn cage_sum(&self) -> Option<u32> {
        match self {
            Rule::Killer(cage) => cage.sum(),
            _ => None,
        }
    }

    /// A summing rule (an arrow, a double arrow, a little killer, a weighted sum, a
    /// region-sum or zipper line) or counting circles told which of its cells share a house in `houses`, so that the
    /// search bounds it by distinct digits there; `None` for the other rules, which stay
    /// as they are.
    pub fn apart_by(&self, houses: &Houses) -> Option<Rule> {
        Some(match self {
            Rule::Arrow(r) => Rule::Arrow(r.clone().apart_by(houses)),
            Rule::DoubleArrow(r) => Rule::DoubleArrow(r.clone().apart_by(houses)),
            Rule::LittleKiller(r) => Rule::LittleKiller(r.clone().apart_by(houses)),
            Rule::WeightedSum(r) => Rule::WeightedSum(r.clone().apart_by(houses)),
            Rule::CountingCircles(r) => Rule::CountingCircles(r.clone().apart_by(houses)),
            Rule::RegionSum(r) => Rule::RegionSum(r.clone().apart_by(houses)),
            Rule::Zipper(r) => Rule::Zipper(r.clone().apart_by(houses)),
            _ => return None,
        })
    }

    /// The rule it states, whose step its own is named after: its own kind, but for an
    /// automaton stating another rule ([`Stated`]).
    pub fn stated(&self) -> Stated {
        match self {
            Rule::Automaton(line) => line.stated(),
            _ => Stated::Rule(self.kind()),
        }
    }

    /// The cells the rule reads, in its own order (a line from its start).
    pub fn cells(&self) -> &[usize] {
        dispatch!(self, r => r.cells())
    }

    /// Whether `values`, a digit for each of [`Rule::cells`], keep the rule.
    pub fn holds(&self, values: &[u8], n: usize) -> bool {
        values.len() == self.cells().len()
            && (values.is_empty() || dispatch!(self, r => r.holds(values, n)))
    }

    /// Rules out candidates of the rule's cells (`domains`, one per cell in the order of
    /// [`Rule::cells`]) that no filling keeping the rule uses; false if none is left.
    pub fn propagate(&self, domains: &mut [u32], n: usize) -> bool {
        // A rule of no cells has nothing to say.
        domains.is_empty()
            || domains.iter().all(|&d| d != 0) && dispatch!(self, r => r.propagate(domains, n))
    }

    /// Digits that every filling of `domains` (as [`Rule::propagate`] left them) keeping
    /// the rule holds in some cell, as far as the rule knows.
    pub fn required(&self, domains: &[u32], n: usize) -> u32 {
        dispatch!(self, r => r.required(domains, n))
    }

    /// Narrows `domains` (one per cell, in the order of [`Rule::cells`]) only as far as the
    /// rule's plainest step does ([`RuleKind::plain`]): never further than
    /// [`Rule::propagate`].
    pub fn plain(&self, domains: &mut [u32], n: usize) {
        dispatch!(self, r => r.plain(domains, n))
    }

    /// The total that every filling of `domains` (one per cell, in the order of
    /// [`Rule::cells`]) keeping the rule adds up to, where the rule fixes one: a killer
    /// cage's sum, a 10-line's once its candidates leave it one count of segments, a rellik
    /// cage's once every set of digits it can still hold adds up to the same. The rule of
    /// 45 and set theory count such a rule as a cage.
    pub fn total(&self, domains: &[u32], n: usize) -> Option<u32> {
        dispatch!(self, r => r.total(domains, n))
    }

    /// How people name the rule: "killer cage r1c1-r1c3 (16)".
    pub fn describe(&self, shape: Shape) -> String {
        dispatch!(self, r => r.describe(shape))
    }

    /// The numbers the rule is built from besides its cells (a sum, a gap, a flag as 0 or
    /// 1...), as [`Rule::read`] reads them.
    pub fn numbers(&self) -> Vec<u32> {
        dispatch!(self, r => r.numbers())
    }

    /// What the rule says, where saying it helps a hint: "whose digits rise from the
    /// bulb", or for a cage the sets it can still hold (`domains`, one per cell).
    pub fn gist(&self, domains: &[u32]) -> Option<String> {
        dispatch!(self, r => r.gist(domains))
    }

    /// Whether the rule's own propagation keeps its cells' digits apart.
    pub fn distinct(&self) -> bool {
        fn of<C: Constraint>(_: &C) -> bool {
            C::DISTINCT
        }
        dispatch!(self, r => of(r))
    }

    /// Why the digits placed so far (0 for an empty cell; one per cell of the grid) leave
    /// this rule no way to be kept, or `None` while they do not.
    pub fn broken(&self, grid: &[u8], shape: Shape) -> Option<String> {
        let values: Vec<u8> = self.cells().iter().map(|&c| grid[c]).collect();
        self.broken_by(&values, shape)
    }

    /// As [`Rule::broken`], with the cells to mark: the few that break the rule where it
    /// can name them (two neighbours on a long whispers line), else all of its cells.
    pub fn broken_at(&self, grid: &[u8], shape: Shape) -> Option<(String, Vec<usize>)> {
        let values: Vec<u8> = self.cells().iter().map(|&c| grid[c]).collect();
        let why = self.broken_by(&values, shape)?;
        Some(match dispatch!(self, r => r.fault(&values, shape)) {
            Some((fault, at)) => (fault, at.iter().map(|&i| self.cells()[i]).collect()),
            None => (why, self.cells().to_vec()),
        })
    }

    /// Why `values`, one per cell of the rule, leave it no way to be kept.
    fn broken_by(&self, values: &[u8], shape: Shape) -> Option<String> {
        let n = shape.n();
        if values.iter().all(|&v| v != 0) {
            return (!self.holds(values, n)).then(|| {
                dispatch!(self, r => r.breach(values, shape))
                    .unwrap_or_else(|| self.describe(shape) + " is broken")
            });
        }
        let mut domains: Vec<u32> = values
            .iter()
            .map(|&v| if v == 0 { all(n) } else { bit(v) })
            .collect();
        (!self.propagate(&mut domains, n))
            .then(|| self.describe(shape) + " cannot be kept with these digits")
    }
}

/// The digits of `values` added up.
pub(crate) fn total(values: &[u8]) -> u32 {
    values.iter().map(|&v| u32::from(v)).sum()
}

/// Every digit of a grid of side `n`.
pub fn all(n: usize) -> u32 {
    ((1u64 << n) - 1) as u32
}

/// The set of one digit.
pub fn bit(digit: u8) -> u32 {
    1 << (digit - 1)
}

/// The smallest digit of a non-empty set.
pub fn lowest(set: u32) -> u8 {
    set.trailing_zeros() as u8 + 1
}

/// The largest digit of a non-empty set.
pub fn highest(set: u32) -> u8 {
    32 - set.leading_zeros() as u8
}

/// The digits above `digit` (up to 32).
pub fn above(digit: u8) -> u32 {
    if digit >= 32 {
        0
    } else {
        !0u32 << digit
    }
}

/// The digits below `digit`.
pub fn below(digit: u8) -> u32 {
    ((1u64 << digit.saturating_sub(1).min(32)) - 1) as u32
}

/// The digits of a set, in order.
pub fn digits(set: u32) -> impl Iterator<Item = u8> {
    (0..32u8).filter(move |&b| set >> b & 1 == 1).map(|b| b + 1)
}

/// Whether the cells, whose candidates together are `union`, can hold the digits of `set`,
/// one each.
pub(crate) fn fits(domains: &[u32], union: u32, set: u32) -> bool {
    // Each cell must meet the set before the cells are matched to it.
    set & !union == 0 && domains.iter().all(|&d| d & set != 0) && distinct_fill(domains, set)
}

/// Whether the cells can take distinct digits of `set`, one each (Hall's condition, by
/// augmenting paths). Cells are few: at most a house.
pub(crate) fn distinct_fill(domains: &[u32], set: u32) -> bool {
    let mut owner = [u8::MAX; 32];
    fn augment(
        cell: usize,
        domains: &[u32],
        set: u32,
        owner: &mut [u8; 32],
        seen: &mut u32,
    ) -> bool {
        // The digits by their bits, lowest first: `digits` would test all 32 bits, and
        // this runs in every killer propagation of the exact search.
        let mut free = domains[cell] & set & !*seen;
        while free != 0 {
            let b = free.trailing_zeros() as usize;
            free &= free - 1;
            *seen |= 1 << b;
            if owner[b] == u8::MAX || augment(owner[b] as usize, domains, set, owner, seen) {
                owner[b] = cell as u8;
                return true;
            }
        }
        false
    }
    (0..domains.len()).all(|cell| augment(cell, domains, set, &mut owner, &mut 0))
}

/// Narrows each domain to the digits it shares with `support` (one set per cell); false if
/// any is left empty.
pub(crate) fn narrow(domains: &mut [u32], support: &[u32]) -> bool {
    for (d, &s) in domains.iter_mut().zip(support) {
        *d &= s;
        if *d == 0 {
            return false;
        }
    }
    true
}

#[cfg(test)]
pub(crate) mod testing;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn digit_sets_by_bounds() {
        assert_eq!(below(1), 0);
        assert_eq!(below(4), 0b111);
        assert_eq!(above(4), !0b1111);
        assert_eq!((lowest(0b10100), highest(0b10100)), (3, 5));
        assert_eq!(digits(0b1011).collect::<Vec<_>>(), [1, 2, 4]);
        assert_eq!(below(32), u32::MAX >> 1);
        assert_eq!(below(200), u32::MAX);
    }

    #[test]
    fn each_kind_has_a_tag_of_its_own() {
        let mut tags: Vec<u32> = RuleKind::ALL.iter().map(|k| k.tag()).collect();
        tags.sort_unstable();
        tags.dedup();
        assert_eq!(tags.len(), RuleKind::ALL.len());
    }

    #[test]
    fn rules_of_no_cells_are_always_kept() {
        let empty = [
            Rule::Thermometer(Thermometer::new(vec![], false)),
            Rule::Entropic(Entropic::new(vec![])),
            Rule::Renban(Renban::new(vec![])),
            Rule::XSum(XSum::new(vec![], 5)),
            Rule::DoubleArrow(DoubleArrow::new(vec![])),
        ];
        for rule in empty {
            assert!(rule.holds(&[], 9) && rule.propagate(&mut [], 9));
            assert_eq!(rule.broken(&[0; 81], Shape::NINE), None);
        }
    }

    #[test]
    fn distinct_fills_follow_halls_condition() {
        assert!(distinct_fill(&[0b011, 0b011, 0b110], 0b111));
        assert!(!distinct_fill(&[0b001, 0b001, 0b110], 0b111));
        assert!(!distinct_fill(&[0b011, 0b011, 0b011], 0b111));
    }
}
