//! A line whose digits, read in order, must be a word a finite automaton accepts: ISS's
//! `NFA` (an automaton given in full) and `Regex` (a regular expression, which `links/`
//! compiles to one). The automaton is data, as a pair relation is a table: its states,
//! its start and accepting states, and for each state the moves it makes on each digit.
//!
//! A line may have several segments, read as one word with a break between them: the
//! break is one more symbol past the grid's digits (bit `n` of a move's set), as in ISS.
//!
//! Propagation is ISS's: a forward pass finds the states reachable after each cell from
//! the start, reading any candidate; a backward pass keeps the states from which an
//! accepting state is still reachable, and each cell keeps the candidates of some move
//! between a kept state before it and a kept state after it. That is exact: every digit
//! left is part of some accepted word through the candidates.
//!
//! An automaton also states rules that are not patterns of their own ([`Stated`]): one of
//! the engine's rules where the engine's form of it cannot say it (ISS's values from 0, a
//! window of the grid), or one of ISS's rules the engine has no rule for ([`IssRule`]).
//! Its label says which, starting with that rule's technique ("Equality cage", "Look and
//! say 2103"), so that a hint names its step after that rule, as the others' are, and the
//! name goes wherever the label does (the wire, ISS's name of an `NFA`).

use super::{bit, Constraint, Numbers, RuleKind, RuleTechnique, NOT_THESE};
use crate::level::Level;
use crate::shape::Shape;

/// The most states an automaton may have, as in ISS.
pub const MOST_STATES: usize = 1 << 12;

/// A finite automaton over the digits of a grid (and the segment break).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Nfa {
    /// Its start states.
    starts: Vec<u16>,
    /// Whether each state accepts.
    accepting: Vec<bool>,
    /// For each state, its moves: a set of symbols (bit `d - 1` for digit `d`) and the
    /// state it moves to on any of them.
    moves: Vec<Vec<(u32, u16)>>,
}

impl Nfa {
    /// The automaton of `moves` (per state, symbol sets and targets), starting in
    /// `starts` and accepting in the states `accepting` marks. An error names what does
    /// not fit: no state, too many, or a start or target past the last state.
    pub fn new(
        starts: Vec<u16>,
        accepting: Vec<bool>,
        moves: Vec<Vec<(u32, u16)>>,
    ) -> Result<Nfa, String> {
        let states = moves.len();
        if states == 0 || states > MOST_STATES || accepting.len() != states {
            return Err(format!(
                "an automaton has from 1 to {MOST_STATES} states, not {states}"
            ));
        }
        let past = |s: u16| usize::from(s) >= states;
        if starts.iter().copied().any(past) || moves.iter().flatten().any(|&(_, t)| past(t)) {
            return Err(format!(
                "an automaton of {states} states names a state past its last"
            ));
        }
        Ok(Nfa {
            starts,
            accepting,
            moves,
        })
    }

    /// Its start states.
    pub fn starts(&self) -> &[u16] {
        &self.starts
    }

    /// Whether each state accepts.
    pub fn accepting(&self) -> &[bool] {
        &self.accepting
    }

    /// Each state's moves: a set of symbols and the state they lead to.
    pub fn moves(&self) -> &[Vec<(u32, u16)>] {
        &self.moves
    }

    fn states(&self) -> usize {
        self.moves.len()
    }

    /// Whether it accepts `word` (symbols from 1: digits, and `n + 1` for a break).
    pub fn accepts(&self, word: impl IntoIterator<Item = u8>) -> bool {
        let now = word
            .into_iter()
            .fold(self.start_set(), |now, symbol| self.step(&now, bit(symbol)));
        let accepted = now.iter().any(|s| self.accepting[usize::from(s)]);
        accepted
    }

    fn start_set(&self) -> StateSet {
        let mut set = StateSet::new(self.states());
        self.starts.iter().for_each(|&s| set.insert(s));
        set
    }

    /// The states `now` moves to on any of the symbols `read`.
    fn step(&self, now: &StateSet, read: u32) -> StateSet {
        let mut next = StateSet::new(self.states());
        for s in now.iter() {
            for &(on, t) in &self.moves[usize::from(s)] {
                if on & read != 0 {
                    next.insert(t);
                }
            }
        }
        next
    }
}

/// A set of states, a bit each.
#[derive(Clone)]
struct StateSet(Vec<u64>);

impl StateSet {
    fn new(states: usize) -> StateSet {
        StateSet(vec![0; states.div_ceil(64)])
    }

    fn insert(&mut self, s: u16) {
        self.0[usize::from(s) / 64] |= 1 << (s % 64);
    }

    fn contains(&self, s: u16) -> bool {
        self.0[usize::from(s) / 64] >> (s % 64) & 1 == 1
    }

    fn iter(&self) -> impl Iterator<Item = u16> + '_ {
        // Only the bits set, lowest first: propagation runs in the search's inner loop.
        self.0.iter().enumerate().flat_map(|(w, &word)| {
            let mut rest = word;
            std::iter::from_fn(move || {
                let b = rest.trailing_zeros();
                rest &= rest.wrapping_sub(1);
                (b < 64).then(|| (w * 64 + b as usize) as u16)
            })
        })
    }

    fn is_empty(&self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }
}

/// The rule an automaton states, whose step its own is named after.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Stated {
    /// A rule of the engine's: `RuleKind::Automaton` for a line pattern of its own (ISS's
    /// `NFA` and `Regex`), another kind where its automaton states that rule (a
    /// skyscraper clue on values from 0).
    Rule(RuleKind),
    /// One of ISS's rules that the engine states only as an automaton.
    Iss(IssRule),
}

/// ISS's rules that the engine states only as automata, each with the technique of its
/// own step.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum IssRule {
    /// `DutchFlatmates`: down each column, a middle digit has 1 right above it or the
    /// highest digit right below it.
    DutchFlatmates,
    /// `EqualityCage`: as many even values as odd, as many low as high.
    EqualityCage,
    /// `CountDistinct`: a control cell counts the different values of the others.
    CountDistinct,
    /// `ValueIndexing`: a control cell names which cell holds a value cell's value.
    ValueIndexing,
    /// `LookAndSay`: cells holding each value of the clue as many times as it says.
    LookAndSay,
    /// `ContainExact` and `ContainAtLeast`: cells holding listed values.
    ContainedValues,
    /// `Givens` of more than one value: a cell's candidates given.
    GivenCandidates,
    /// `Doppelganger`: where a cell is 0, its houses lack three different values.
    Doppelganger,
}

impl IssRule {
    /// Every one, in the order their steps are looked for.
    pub const ALL: [IssRule; 8] = [
        IssRule::DutchFlatmates,
        IssRule::EqualityCage,
        IssRule::CountDistinct,
        IssRule::ValueIndexing,
        IssRule::LookAndSay,
        IssRule::ContainedValues,
        IssRule::GivenCandidates,
        IssRule::Doppelganger,
    ];

    /// The technique of its own step.
    pub const fn technique(self) -> RuleTechnique {
        let name = match self {
            IssRule::DutchFlatmates => "Dutch flatmates",
            IssRule::EqualityCage => "Equality cage",
            IssRule::CountDistinct => "Count distinct",
            IssRule::ValueIndexing => "Value indexing",
            IssRule::LookAndSay => "Look and say",
            IssRule::ContainedValues => "Contained values",
            IssRule::GivenCandidates => "Given candidates",
            IssRule::Doppelganger => "Doppelganger",
        };
        RuleTechnique {
            name,
            rating: 2.0,
            level: Level::Medium,
        }
    }
}

impl Stated {
    /// The name of its technique, which an automaton's label starts with to state it.
    pub fn name(self) -> &'static str {
        match self {
            Stated::Rule(kind) => kind.technique().name,
            Stated::Iss(rule) => rule.technique().name,
        }
    }

    /// The rule an automaton labelled `label` states: the one whose name the label is, or
    /// starts with before a space; a line pattern of its own otherwise.
    pub fn of_label(label: &str) -> Stated {
        let kinds = RuleKind::ALL.iter().map(|&k| Stated::Rule(k));
        let iss = IssRule::ALL.iter().map(|&r| Stated::Iss(r));
        kinds
            .chain(iss)
            .filter(|s| *s != Stated::Rule(RuleKind::Automaton))
            .find(|s| {
                label
                    .strip_prefix(s.name())
                    .is_some_and(|rest| rest.is_empty() || rest.starts_with(' '))
            })
            .unwrap_or(Stated::Rule(RuleKind::Automaton))
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Automaton {
    cells: Vec<usize>,
    /// The places among the cells where a segment after the first starts: the automaton
    /// reads a break before each.
    breaks: Vec<usize>,
    nfa: Nfa,
    /// Its name for people: ISS's name of the automaton, or the expression it came from.
    label: String,
    /// The rule it states, as its label says ([`Stated::of_label`]).
    stated: Stated,
}

impl Automaton {
    /// The line of `segments` (each a list of cells, read in order, a break between two)
    /// that `nfa` must accept, called `label`.
    pub fn new(segments: Vec<Vec<usize>>, nfa: Nfa, label: String) -> Automaton {
        let mut cells = Vec::new();
        let mut breaks = Vec::new();
        for (i, segment) in segments.into_iter().enumerate() {
            if i > 0 {
                breaks.push(cells.len());
            }
            cells.extend(segment);
        }
        Automaton {
            cells,
            breaks,
            nfa,
            stated: Stated::of_label(&label),
            label,
        }
    }

    /// The rule it states.
    pub fn stated(&self) -> Stated {
        self.stated
    }

    /// Its segments, each its cells in order.
    pub fn segments(&self) -> Vec<&[usize]> {
        let mut starts = vec![0];
        starts.extend(&self.breaks);
        starts.push(self.cells.len());
        starts.windows(2).map(|w| &self.cells[w[0]..w[1]]).collect()
    }

    pub fn nfa(&self) -> &Nfa {
        &self.nfa
    }

    pub fn label(&self) -> &str {
        &self.label
    }

    /// The symbol sets read, in order: each cell's candidates, with a break's symbol
    /// (bit `n`) before each later segment.
    fn steps(&self, domains: &[u32], n: usize) -> Vec<(Option<usize>, u32)> {
        let mut steps = Vec::with_capacity(domains.len() + self.breaks.len());
        for (i, &d) in domains.iter().enumerate() {
            if self.breaks.contains(&i) {
                steps.push((None, 1 << n));
            }
            steps.push((Some(i), d));
        }
        steps
    }
}

impl Constraint for Automaton {
    const TAG: u32 = 37;
    const TECHNIQUE: RuleTechnique = RuleTechnique {
        name: "Line patterns",
        rating: 2.0,
        level: Level::Medium,
    };

    /// The label's characters; the break places; then the automaton: its state count,
    /// and per state a flag (1 start, 2 accepting), its move count and each move's set and
    /// target.
    fn numbers(&self) -> Vec<u32> {
        let mut numbers = vec![self.label.chars().count() as u32];
        numbers.extend(self.label.chars().map(u32::from));
        numbers.push(self.breaks.len() as u32);
        numbers.extend(self.breaks.iter().map(|&b| b as u32));
        numbers.push(self.nfa.states() as u32);
        for (s, moves) in self.nfa.moves.iter().enumerate() {
            let start = self.nfa.starts.contains(&(s as u16));
            numbers.push(u32::from(start) | u32::from(self.nfa.accepting[s]) << 1);
            numbers.push(moves.len() as u32);
            numbers.extend(moves.iter().flat_map(|&(set, t)| [set, u32::from(t)]));
        }
        numbers
    }

    fn read(cells: Vec<usize>, numbers: &Numbers, n: usize) -> Result<Automaton, &'static str> {
        let mut at = 0;
        let mut next = || {
            at += 1;
            numbers.get(at - 1)
        };
        let label_len = next()?;
        let label = (0..label_len)
            .map(|_| next().and_then(|c| char::from_u32(c).ok_or(NOT_THESE)))
            .collect::<Result<String, _>>()?;
        let mut breaks = Vec::new();
        for _ in 0..next()? {
            let b = numbers.place(next()?)?;
            if b == 0 || b >= cells.len() || breaks.last().is_some_and(|&l| b <= l) {
                return Err(NOT_THESE);
            }
            breaks.push(b);
        }
        let states = usize::try_from(next()?).map_err(|_| NOT_THESE)?;
        if states > MOST_STATES {
            return Err(NOT_THESE);
        }
        let symbols = (1u64 << (n + 1)) - 1;
        let (mut starts, mut accepting, mut moves) = (Vec::new(), Vec::new(), Vec::new());
        for s in 0..states {
            let flags = next()?;
            if flags & 1 == 1 {
                starts.push(s as u16);
            }
            accepting.push(flags & 2 == 2);
            let count = next()?;
            let mut own = Vec::new();
            for _ in 0..count {
                let (set, target) = (next()?, next()?);
                if u64::from(set) & !symbols != 0 {
                    return Err(NOT_THESE);
                }
                own.push((set, u16::try_from(target).map_err(|_| NOT_THESE)?));
            }
            moves.push(own);
        }
        if at != numbers.list().len() {
            return Err(NOT_THESE);
        }
        let nfa = Nfa::new(starts, accepting, moves).map_err(|_| NOT_THESE)?;
        Ok(Automaton {
            cells,
            breaks,
            nfa,
            stated: Stated::of_label(&label),
            label,
        })
    }

    fn cells(&self) -> &[usize] {
        &self.cells
    }

    fn holds(&self, values: &[u8], n: usize) -> bool {
        let word = values.iter().enumerate().flat_map(|(i, &v)| {
            let brk = self.breaks.contains(&i).then_some(n as u8 + 1);
            brk.into_iter().chain(Some(v))
        });
        self.nfa.accepts(word)
    }

    fn propagate(&self, domains: &mut [u32], n: usize) -> bool {
        let nfa = &self.nfa;
        let steps = self.steps(domains, n);
        // Forward: the states reachable after each step.
        let mut reach = vec![nfa.start_set()];
        for &(_, set) in &steps {
            let next = nfa.step(reach.last().expect("the start"), set);
            if next.is_empty() {
                return false;
            }
            reach.push(next);
        }
        // Backward: the states that still reach an accepting one, and the symbols of the
        // moves between them.
        let mut ahead = StateSet::new(nfa.states());
        for s in reach[steps.len()].iter() {
            if nfa.accepting[usize::from(s)] {
                ahead.insert(s);
            }
        }
        if ahead.is_empty() {
            return false;
        }
        for (k, &(place, set)) in steps.iter().enumerate().rev() {
            let mut kept = StateSet::new(nfa.states());
            let mut used = 0;
            for s in reach[k].iter() {
                for &(on, t) in &nfa.moves[usize::from(s)] {
                    if on & set != 0 && ahead.contains(t) {
                        kept.insert(s);
                        used |= on & set;
                    }
                }
            }
            if used == 0 {
                return false;
            }
            if let Some(i) = place {
                domains[i] = used;
            }
            ahead = kept;
        }
        true
    }

    /// Its first cell and length, not every cell: a pattern's line is often long and
    /// bends, and a hint on a phone must fit. A line pattern of its own is named by its
    /// label after "line pattern", another rule by its label alone.
    fn describe(&self, shape: Shape) -> String {
        let start = self.cells.first().map(|&c| shape.cell(c).to_string());
        let start = start.unwrap_or_default();
        let what = match (self.stated, self.label.as_str()) {
            (Stated::Rule(RuleKind::Automaton), "") => "line pattern".to_string(),
            (Stated::Rule(RuleKind::Automaton), label) => format!("line pattern {label}"),
            // Within a sentence: "by the equality cage of 4 cells". ASCII's case only, as
            // the techniques' names are: Unicode's tables would weigh on the page.
            (_, label) => {
                let mut label = label.to_string();
                label[..1].make_ascii_lowercase();
                label
            }
        };
        match self.cells.len() {
            1 => format!("{what} at {start}"),
            len => format!("{what} of {len} cells from {start}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{testing, Rule};

    /// An automaton over 1..=n with a state per value of `f`, accepting where `accept`.
    fn counter(n: u8, states: u16, step: impl Fn(u16, u8) -> Option<u16>, accept: u16) -> Nfa {
        let moves = (0..states)
            .map(|s| {
                (1..=n + 1)
                    .filter_map(|d| step(s, d).map(|t| (bit(d), t)))
                    .collect()
            })
            .collect();
        let accepts = (0..states).map(|s| s == accept).collect();
        Nfa::new(vec![0], accepts, moves).expect("an automaton")
    }

    #[test]
    fn a_line_pattern_matches_brute_force() {
        // The digits' sum is a multiple of 3: a state per remainder.
        let thirds = counter(6, 3, |s, d| (d <= 6).then_some((s + u16::from(d)) % 3), 0);
        let rule = Automaton::new(vec![(0..4).collect()], thirds.clone(), "thirds".into());
        assert!(rule.holds(&[1, 2, 3, 3], 6));
        assert!(!rule.holds(&[1, 2, 3, 4], 6));
        testing::against_brute_force(&Rule::Automaton(rule), 6);
        // Strictly rising, then a break, then anything: a state per highest digit so far,
        // and one past the break.
        let rising = counter(
            6,
            8,
            |s, d| match (s, d) {
                (7, d) if d <= 6 => Some(7),
                (7, _) => None,
                (s, 7) if s > 0 => Some(7),
                (s, d) if d <= 6 && u16::from(d) > s => Some(u16::from(d)),
                _ => None,
            },
            7,
        );
        let rule = Automaton::new(vec![vec![0, 1, 2], vec![3, 4]], rising, "rising".into());
        assert!(rule.holds(&[1, 3, 5, 2, 2], 6));
        assert!(!rule.holds(&[1, 3, 3, 2, 2], 6));
        testing::against_brute_force(&Rule::Automaton(rule.clone()), 6);
        assert_eq!(
            rule.describe(Shape::with_side(6).expect("a size")),
            "line pattern rising of 5 cells from r1c1"
        );
        // A label that starts with a rule's technique states that rule, and says so.
        let automaton = |label: &str| Automaton::new(vec![vec![3]], rule.nfa.clone(), label.into());
        let flatmates = automaton("Dutch flatmates");
        assert_eq!(flatmates.stated(), Stated::Iss(IssRule::DutchFlatmates));
        assert_eq!(
            flatmates.describe(Shape::with_side(6).expect("a size")),
            "dutch flatmates at r1c4"
        );
        let said = automaton("Look and say 2103").stated();
        assert_eq!(said, Stated::Iss(IssRule::LookAndSay));
        let skyscraper = automaton("Skyscraper clue").stated();
        assert_eq!(skyscraper, Stated::Rule(RuleKind::Skyscraper));
        for own in ["Skyscraper", "Skyscraper clues", "rising", ""] {
            assert_eq!(automaton(own).stated(), Stated::Rule(RuleKind::Automaton));
        }
    }

    #[test]
    fn an_automaton_reads_back_and_bad_ones_are_refused() {
        let thirds = counter(4, 3, |s, d| (d <= 4).then_some((s + u16::from(d)) % 3), 0);
        let rule = Automaton::new(vec![vec![0, 1], vec![2]], thirds, "thirds".into());
        let numbers = rule.numbers();
        let read = |list: &[u32]| {
            let numbers = Numbers { list, cells: 3 };
            Automaton::read(vec![0, 1, 2], &numbers, 4)
        };
        assert_eq!(read(&numbers), Ok(rule.clone()));
        assert!(read(&numbers[..numbers.len() - 1]).is_err());
        assert!(read(&[numbers.clone(), vec![0]].concat()).is_err());
        assert!(Nfa::new(vec![0], vec![], vec![]).is_err());
        assert!(Nfa::new(vec![1], vec![true], vec![vec![]]).is_err());
        assert!(Nfa::new(vec![0], vec![true], vec![vec![(1, 3)]]).is_err());
    }
}
