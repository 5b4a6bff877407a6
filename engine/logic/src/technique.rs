//! The techniques, simplest first, with their names and weights.

use std::fmt;

use crate::Level;
use sudoku_model::rules::{IssRule, Rule, RuleKind, Stated};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Technique {
    FullHouse,
    HiddenSingle,
    NakedSingle,
    /// A variant rule's own deductions, named as its module states ([`RuleKind::technique`]);
    /// rules that share a technique carry the first kind of theirs ([`Technique::of`]).
    Rule(RuleKind),
    /// The own deductions of one of ISS's rules that the engine states as an automaton
    /// ([`IssRule::technique`]).
    IssRule(IssRule),
    /// The plainest form of a rule's own step, which a beginner takes (a cage of one
    /// combination: [`RuleKind::plain`]): a step of [`Technique::Rule`] that rules out no
    /// more than that is named so, and rated Easy.
    Plain(RuleKind),
    NeededDigit,
    Pointing,
    Claiming,
    RuleOf45,
    SetEquivalence,
    NakedPair,
    HiddenPair,
    NakedTriple,
    HiddenTriple,
    NakedQuad,
    HiddenQuad,
    XWing,
    Swordfish,
    /// The 16 cells around box 5 hold what the 16 corner cells hold (set theory).
    Phistomefel,
    Jellyfish,
    /// Two parallel strong links whose near ends share a line: the "Skyscraper" of the
    /// solving guides (not the Skyscraper rule, whose clues count visible towers).
    ParallelLinks,
    TwoStringKite,
    EmptyRectangle,
    XyWing,
    XyzWing,
    WWing,
    SimpleColouring,
    UniqueRectangle1,
    UniqueRectangle2,
    UniqueRectangle3,
    UniqueRectangle4,
    BugPlusOne,
    XChain,
    XyChain,
    Aic,
    AlsXz,
    ForcingChain,
    ForcingNet,
    NestedForcing,
}

/// The techniques looked for before the rules' own, simplest first.
const BEFORE_RULES: [Technique; 3] = [
    Technique::FullHouse,
    Technique::HiddenSingle,
    Technique::NakedSingle,
];

/// The techniques looked for after the rules' own, simplest first.
const AFTER_RULES: [Technique; 34] = [
    Technique::NeededDigit,
    Technique::Pointing,
    Technique::Claiming,
    Technique::RuleOf45,
    Technique::SetEquivalence,
    Technique::NakedPair,
    Technique::HiddenPair,
    Technique::NakedTriple,
    Technique::HiddenTriple,
    Technique::NakedQuad,
    Technique::HiddenQuad,
    Technique::XWing,
    Technique::Swordfish,
    Technique::Phistomefel,
    Technique::Jellyfish,
    Technique::ParallelLinks,
    Technique::TwoStringKite,
    Technique::EmptyRectangle,
    Technique::XyWing,
    Technique::XyzWing,
    Technique::WWing,
    Technique::SimpleColouring,
    Technique::UniqueRectangle1,
    Technique::UniqueRectangle2,
    Technique::UniqueRectangle3,
    Technique::UniqueRectangle4,
    Technique::BugPlusOne,
    Technique::XChain,
    Technique::XyChain,
    Technique::Aic,
    Technique::AlsXz,
    Technique::ForcingChain,
    Technique::ForcingNet,
    Technique::NestedForcing,
];

/// Whether two names are the same, as a constant can ask.
#[inline]
const fn same(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    if a.len() != b.len() {
        return false;
    }
    let mut i = 0;
    while i < a.len() {
        if a[i] != b[i] {
            return false;
        }
        i += 1;
    }
    true
}

/// For each kind of rule (by its place in [`RuleKind::ALL`]), the first kind whose
/// technique has the same name: the one its family's technique carries.
const LEADS: [RuleKind; RuleKind::ALL.len()] = {
    let mut leads = [RuleKind::ALL[0]; RuleKind::ALL.len()];
    let mut k = 0;
    while k < leads.len() {
        let mut first = 0;
        while !same(
            RuleKind::ALL[first].technique().name,
            RuleKind::ALL[k].technique().name,
        ) {
            first += 1;
        }
        leads[k] = RuleKind::ALL[first];
        k += 1;
    }
    leads
};

/// How many techniques there are: the rules' between those before and after them.
const ALL_TECHNIQUES: usize =
    BEFORE_RULES.len() + RULE_TECHNIQUES + IssRule::ALL.len() + AFTER_RULES.len();

/// How many techniques the rules state: one per family, and one more per family with a
/// plainest step.
const RULE_TECHNIQUES: usize = {
    let (mut count, mut k) = (0, 0);
    while k < LEADS.len() {
        if LEADS[k] as usize == k {
            count += 1;
            if LEADS[k].plain().is_some() {
                count += 1;
            }
        }
        k += 1;
    }
    count
};

impl Technique {
    /// Simplest first: the order in which the next step is looked for. The rules' own
    /// stand between the singles and needed digits, in the order of the rules' list.
    pub const ALL: [Technique; ALL_TECHNIQUES] = {
        let mut all = [Technique::FullHouse; ALL_TECHNIQUES];
        let mut at = 0;
        while at < BEFORE_RULES.len() {
            all[at] = BEFORE_RULES[at];
            at += 1;
        }
        let mut k = 0;
        while k < LEADS.len() {
            if LEADS[k] as usize == k {
                all[at] = Technique::Rule(LEADS[k]);
                at += 1;
            }
            k += 1;
        }
        // ISS's rules stated as automata after the engine's, before the plainest steps.
        let mut r = 0;
        while r < IssRule::ALL.len() {
            all[at] = Technique::IssRule(IssRule::ALL[r]);
            at += 1;
            r += 1;
        }
        // The plainest steps after every rule's own: a plain step is found as its rule's
        // own step and named so, so it is looked for apart only where that is not.
        k = 0;
        while k < LEADS.len() {
            if LEADS[k] as usize == k && LEADS[k].plain().is_some() {
                all[at] = Technique::Plain(LEADS[k]);
                at += 1;
            }
            k += 1;
        }
        let mut i = 0;
        while i < AFTER_RULES.len() {
            all[at + i] = AFTER_RULES[i];
            i += 1;
        }
        all
    };

    /// The technique of a rule of `kind`'s own deductions.
    #[inline]
    pub fn of(kind: RuleKind) -> Technique {
        Technique::Rule(LEADS[kind as usize])
    }

    /// The technique of `rule`'s own deductions: its kind's, or for an automaton that of
    /// the rule it states ([`Rule::stated`]).
    #[inline]
    pub fn of_rule(rule: &Rule) -> Technique {
        match rule.stated() {
            Stated::Rule(kind) => Technique::of(kind),
            Stated::Iss(iss) => Technique::IssRule(iss),
        }
    }

    #[inline]
    pub fn name(self) -> &'static str {
        match self {
            Technique::FullHouse => "Full house",
            Technique::HiddenSingle => "Hidden single",
            Technique::NakedSingle => "Naked single",
            Technique::Rule(kind) => kind.technique().name,
            Technique::IssRule(rule) => rule.technique().name,
            Technique::Plain(kind) => kind.plain().unwrap_or(kind.technique().name),
            Technique::NeededDigit => "Needed digit",
            Technique::RuleOf45 => "Rule of 45",
            Technique::SetEquivalence => "Set equivalence",
            Technique::Pointing => "Pointing",
            Technique::Claiming => "Claiming",
            Technique::NakedPair => "Naked pair",
            Technique::HiddenPair => "Hidden pair",
            Technique::NakedTriple => "Naked triple",
            Technique::HiddenTriple => "Hidden triple",
            Technique::NakedQuad => "Naked quad",
            Technique::HiddenQuad => "Hidden quad",
            Technique::XWing => "X-Wing",
            Technique::Swordfish => "Swordfish",
            Technique::Phistomefel => "Phistomefel's ring",
            Technique::Jellyfish => "Jellyfish",
            Technique::ParallelLinks => "Skyscraper",
            Technique::TwoStringKite => "2-String Kite",
            Technique::EmptyRectangle => "Empty Rectangle",
            Technique::XyWing => "XY-Wing",
            Technique::XyzWing => "XYZ-Wing",
            Technique::WWing => "W-Wing",
            Technique::SimpleColouring => "Simple colouring",
            Technique::UniqueRectangle1 => "Unique rectangle type 1",
            Technique::UniqueRectangle2 => "Unique rectangle type 2",
            Technique::UniqueRectangle3 => "Unique rectangle type 3",
            Technique::UniqueRectangle4 => "Unique rectangle type 4",
            Technique::BugPlusOne => "BUG+1",
            Technique::AlsXz => "ALS-XZ",
            Technique::XChain => "X-Chain",
            Technique::XyChain => "XY-Chain",
            Technique::Aic => "Alternating inference chain",
            Technique::ForcingChain => "Forcing chain",
            Technique::ForcingNet => "Forcing net",
            Technique::NestedForcing => "Nested forcing chain",
        }
    }

    /// The weight on the Sudoku Explainer scale, as published for its techniques; patterns
    /// it does not name (Skyscraper, 2-String Kite, Empty Rectangle, W-Wing) take the
    /// weights HoDoKu gives them beside the Explainer's.
    #[inline]
    pub fn rating(self) -> f32 {
        match self {
            Technique::FullHouse => 1.0,
            Technique::HiddenSingle => 1.2,
            Technique::NakedSingle => 2.3,
            Technique::Rule(kind) => kind.technique().rating,
            Technique::IssRule(rule) => rule.technique().rating,
            Technique::Plain(_) => 1.5,
            Technique::NeededDigit => 2.6,
            Technique::RuleOf45 => 2.8,
            Technique::SetEquivalence => 3.0,
            Technique::Pointing => 2.6,
            Technique::Claiming => 2.8,
            Technique::NakedPair => 3.0,
            Technique::XWing => 3.2,
            Technique::HiddenPair => 3.4,
            Technique::NakedTriple => 3.6,
            Technique::Swordfish => 3.8,
            Technique::Phistomefel => 4.0,
            Technique::HiddenTriple => 4.0,
            Technique::NakedQuad => 5.0,
            Technique::Jellyfish => 5.2,
            Technique::HiddenQuad => 5.4,
            Technique::ParallelLinks => 4.0,
            Technique::TwoStringKite => 4.1,
            Technique::EmptyRectangle => 4.2,
            Technique::XyWing => 4.2,
            Technique::XyzWing => 4.4,
            Technique::WWing => 4.4,
            Technique::SimpleColouring => 4.5,
            Technique::UniqueRectangle1 => 4.5,
            Technique::UniqueRectangle2 => 4.6,
            Technique::UniqueRectangle3 => 4.8,
            Technique::UniqueRectangle4 => 4.7,
            Technique::BugPlusOne => 5.6,
            Technique::AlsXz => 7.5,
            Technique::XChain => 6.6,
            Technique::XyChain => 6.6,
            Technique::Aic => 7.0,
            Technique::ForcingChain => 8.0,
            Technique::ForcingNet => 9.0,
            Technique::NestedForcing => 9.5,
        }
    }

    /// The technique `name` names as `sudoku steps` prints it, read without regard to case,
    /// with spaces or hyphens: "x-wing", "Hidden Single", "ALS-XZ".
    #[inline]
    pub fn from_name(name: &str) -> Option<Technique> {
        let plain = |s: &str| -> String {
            s.chars()
                .filter(|c| !matches!(c, ' ' | '-' | '_'))
                .map(|c| c.to_ascii_lowercase())
                .collect()
        };
        let wanted = plain(name);
        Technique::ALL
            .into_iter()
            .find(|t| plain(t.name()) == wanted)
    }

    /// The level a puzzle reaches when this is the hardest technique it needs.
    #[inline]
    pub fn level(self) -> Level {
        use Technique::*;
        match self {
            FullHouse | HiddenSingle | NakedSingle | Plain(_) => Level::Easy,
            Rule(kind) => kind.technique().level,
            IssRule(rule) => rule.technique().level,
            NeededDigit => Level::Medium,
            RuleOf45 | SetEquivalence => Level::Hard,
            Pointing | Claiming | NakedPair | HiddenPair => Level::Medium,
            NakedTriple | HiddenTriple | XWing | ParallelLinks | TwoStringKite | XyWing => {
                Level::Hard
            }
            NakedQuad | HiddenQuad | Swordfish | Phistomefel | Jellyfish | EmptyRectangle
            | XyzWing | WWing | SimpleColouring | UniqueRectangle1 | UniqueRectangle2
            | UniqueRectangle3 | UniqueRectangle4 | BugPlusOne => Level::Expert,
            XChain | XyChain | Aic | AlsXz | ForcingChain | ForcingNet | NestedForcing => {
                Level::Extreme
            }
        }
    }

    /// The techniques of classic Sudoku, in the order of [`Technique::ALL`]: those the maker
    /// makes puzzles for and names by their index here, which the variants' techniques
    /// (placed among them in `ALL`) leave as they were.
    #[inline]
    pub fn classic() -> Vec<Technique> {
        Technique::ALL
            .into_iter()
            .filter(|t| !t.variants_only())
            .collect()
    }

    /// True for the techniques kept to variants, which making and training classic puzzles
    /// leave out: those that read a variant's rules beyond its houses, and so find nothing
    /// on a classic puzzle, and forcing nets, nested or not, which classic puzzles do
    /// without (forcing chains finish every puzzle of top1465).
    #[inline]
    pub fn variants_only(self) -> bool {
        use Technique::*;
        matches!(
            self,
            Rule(_)
                | IssRule(_)
                | Plain(_)
                | NeededDigit
                | RuleOf45
                | SetEquivalence
                | Phistomefel
                | ForcingNet
                | NestedForcing
        )
    }

    /// True for the techniques that hold only for puzzles with exactly one solution.
    #[inline]
    pub fn needs_uniqueness(self) -> bool {
        use Technique::*;
        matches!(
            self,
            UniqueRectangle1 | UniqueRectangle2 | UniqueRectangle3 | UniqueRectangle4 | BugPlusOne
        )
    }
}

impl fmt::Display for Technique {
    #[inline]
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn techniques_are_ordered_as_they_are_looked_for() {
        // `generate.rs` compares techniques by their order.
        assert!(Technique::ALL.windows(2).all(|w| w[0] < w[1]));
        // One technique per family of rules: palindromes and clones share one.
        assert_eq!(
            Technique::of(RuleKind::Clone),
            Technique::of(RuleKind::Palindrome)
        );
        assert!(RuleKind::ALL
            .iter()
            .all(|&k| Technique::ALL.contains(&Technique::of(k))));
        // The maker names classic techniques by their place among these.
        let classic = Technique::classic();
        assert_eq!((classic.len(), classic[3]), (31, Technique::Pointing));
        // 76, and one for each of ISS's rules stated as automata.
        assert_eq!(Technique::ALL.len(), 84);
        // Each plain step after every rule's own, so a plain one is found as its rule's.
        let last_rule = Technique::ALL
            .iter()
            .rposition(|t| matches!(t, Technique::Rule(_)));
        let first_plain = Technique::ALL
            .iter()
            .position(|t| matches!(t, Technique::Plain(_)));
        assert!(last_rule < first_plain);
    }
}
