//! The techniques, simplest first, with their names and weights.

use std::fmt;

use crate::logic::Level;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Technique {
    FullHouse,
    HiddenSingle,
    NakedSingle,
    OddEven,
    MinMax,
    ThermometerBounds,
    EqualCells,
    QuadrupleDigits,
    KillerCombinations,
    ArrowSum,
    DotPairs,
    Whispers,
    BetweenBounds,
    LittleKillerSum,
    RenbanRun,
    LockoutLine,
    EntropicLine,
    ZipperLine,
    NabnerLine,
    RegionSumLine,
    SandwichSum,
    XSumClue,
    SkyscraperClue,
    IndexerCells,
    NeededDigit,
    Pointing,
    Claiming,
    RuleOf45,
    NakedPair,
    HiddenPair,
    NakedTriple,
    HiddenTriple,
    NakedQuad,
    HiddenQuad,
    XWing,
    Swordfish,
    Jellyfish,
    Skyscraper,
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

impl Technique {
    /// Simplest first: the order in which the next step is looked for.
    pub const ALL: [Technique; 56] = [
        Technique::FullHouse,
        Technique::HiddenSingle,
        Technique::NakedSingle,
        Technique::OddEven,
        Technique::MinMax,
        Technique::ThermometerBounds,
        Technique::EqualCells,
        Technique::QuadrupleDigits,
        Technique::KillerCombinations,
        Technique::ArrowSum,
        Technique::DotPairs,
        Technique::Whispers,
        Technique::BetweenBounds,
        Technique::LittleKillerSum,
        Technique::RenbanRun,
        Technique::LockoutLine,
        Technique::EntropicLine,
        Technique::ZipperLine,
        Technique::NabnerLine,
        Technique::RegionSumLine,
        Technique::SandwichSum,
        Technique::XSumClue,
        Technique::SkyscraperClue,
        Technique::IndexerCells,
        Technique::NeededDigit,
        Technique::Pointing,
        Technique::Claiming,
        Technique::RuleOf45,
        Technique::NakedPair,
        Technique::HiddenPair,
        Technique::NakedTriple,
        Technique::HiddenTriple,
        Technique::NakedQuad,
        Technique::HiddenQuad,
        Technique::XWing,
        Technique::Swordfish,
        Technique::Jellyfish,
        Technique::Skyscraper,
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

    pub fn name(self) -> &'static str {
        match self {
            Technique::FullHouse => "Full house",
            Technique::HiddenSingle => "Hidden single",
            Technique::NakedSingle => "Naked single",
            Technique::OddEven => "Odd and even cells",
            Technique::MinMax => "Minimum and maximum",
            Technique::ThermometerBounds => "Thermometer bounds",
            Technique::EqualCells => "Palindrome and clone cells",
            Technique::QuadrupleDigits => "Quadruple digits",
            Technique::KillerCombinations => "Killer cage combinations",
            Technique::ArrowSum => "Arrow sum",
            Technique::DotPairs => "Kropki and XV pairs",
            // Named for every gap: the step names the line itself (German or Dutch).
            Technique::Whispers => "Whispers",
            Technique::BetweenBounds => "Between line bounds",
            Technique::LittleKillerSum => "Little killer sum",
            Technique::RenbanRun => "Renban run",
            Technique::LockoutLine => "Lockout line",
            Technique::EntropicLine => "Entropic and modular lines",
            Technique::ZipperLine => "Zipper line",
            Technique::NabnerLine => "Nabner line",
            Technique::RegionSumLine => "Region sum line",
            Technique::SandwichSum => "Sandwich sum",
            Technique::XSumClue => "X-sum clue",
            Technique::SkyscraperClue => "Skyscraper clue",
            Technique::IndexerCells => "Indexer",
            Technique::NeededDigit => "Needed digit",
            Technique::RuleOf45 => "Rule of 45",
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
            Technique::Jellyfish => "Jellyfish",
            Technique::Skyscraper => "Skyscraper",
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
    pub fn rating(self) -> f32 {
        match self {
            Technique::FullHouse => 1.0,
            Technique::HiddenSingle => 1.2,
            Technique::NakedSingle => 2.3,
            Technique::OddEven => 1.0,
            Technique::MinMax => 1.5,
            Technique::ThermometerBounds => 1.5,
            Technique::EqualCells => 1.5,
            Technique::QuadrupleDigits => 1.7,
            Technique::KillerCombinations => 2.0,
            Technique::ArrowSum => 2.0,
            Technique::DotPairs => 2.0,
            Technique::Whispers => 2.0,
            Technique::BetweenBounds => 2.0,
            Technique::LittleKillerSum => 2.2,
            Technique::RenbanRun => 2.3,
            Technique::LockoutLine => 2.3,
            Technique::EntropicLine => 2.3,
            Technique::ZipperLine => 2.3,
            Technique::NabnerLine => 2.3,
            Technique::RegionSumLine => 2.5,
            Technique::SandwichSum => 2.8,
            Technique::XSumClue => 2.8,
            Technique::SkyscraperClue => 2.8,
            Technique::IndexerCells => 2.8,
            Technique::NeededDigit => 2.6,
            Technique::RuleOf45 => 2.8,
            Technique::Pointing => 2.6,
            Technique::Claiming => 2.8,
            Technique::NakedPair => 3.0,
            Technique::XWing => 3.2,
            Technique::HiddenPair => 3.4,
            Technique::NakedTriple => 3.6,
            Technique::Swordfish => 3.8,
            Technique::HiddenTriple => 4.0,
            Technique::NakedQuad => 5.0,
            Technique::Jellyfish => 5.2,
            Technique::HiddenQuad => 5.4,
            Technique::Skyscraper => 4.0,
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
    pub fn from_name(name: &str) -> Option<Technique> {
        let plain = |s: &str| -> String {
            s.chars()
                .filter(|c| !matches!(c, ' ' | '-' | '_'))
                .flat_map(char::to_lowercase)
                .collect()
        };
        let wanted = plain(name);
        Technique::ALL
            .into_iter()
            .find(|t| plain(t.name()) == wanted)
    }

    /// The level a puzzle reaches when this is the hardest technique it needs.
    pub fn level(self) -> Level {
        use Technique::*;
        match self {
            FullHouse | HiddenSingle | NakedSingle => Level::Easy,
            OddEven | MinMax | ThermometerBounds | EqualCells => Level::Easy,
            QuadrupleDigits | KillerCombinations | ArrowSum | DotPairs | Whispers
            | BetweenBounds | LittleKillerSum | RenbanRun | LockoutLine | EntropicLine
            | ZipperLine | NabnerLine | NeededDigit => Level::Medium,
            RegionSumLine | SandwichSum | XSumClue | SkyscraperClue | IndexerCells | RuleOf45 => {
                Level::Hard
            }
            Pointing | Claiming | NakedPair | HiddenPair => Level::Medium,
            NakedTriple | HiddenTriple | XWing | Skyscraper | TwoStringKite | XyWing => Level::Hard,
            NakedQuad | HiddenQuad | Swordfish | Jellyfish | EmptyRectangle | XyzWing | WWing
            | SimpleColouring | UniqueRectangle1 | UniqueRectangle2 | UniqueRectangle3
            | UniqueRectangle4 | BugPlusOne => Level::Expert,
            XChain | XyChain | Aic | AlsXz | ForcingChain | ForcingNet | NestedForcing => {
                Level::Extreme
            }
        }
    }

    /// The techniques of classic Sudoku, in the order of [`Technique::ALL`]: those the maker
    /// makes puzzles for and names by their index here, which the variants' techniques
    /// (placed among them in `ALL`) leave as they were.
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
    pub fn variants_only(self) -> bool {
        use Technique::*;
        matches!(
            self,
            OddEven
                | MinMax
                | ThermometerBounds
                | EqualCells
                | QuadrupleDigits
                | KillerCombinations
                | ArrowSum
                | DotPairs
                | Whispers
                | BetweenBounds
                | LittleKillerSum
                | RenbanRun
                | LockoutLine
                | EntropicLine
                | ZipperLine
                | NabnerLine
                | RegionSumLine
                | SandwichSum
                | XSumClue
                | SkyscraperClue
                | IndexerCells
                | NeededDigit
                | RuleOf45
                | ForcingNet
                | NestedForcing
        )
    }

    /// True for the techniques that hold only for puzzles with exactly one solution.
    pub fn needs_uniqueness(self) -> bool {
        use Technique::*;
        matches!(
            self,
            UniqueRectangle1 | UniqueRectangle2 | UniqueRectangle3 | UniqueRectangle4 | BugPlusOne
        )
    }
}

impl fmt::Display for Technique {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
