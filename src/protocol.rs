//! Messages between the page and the solver worker. Plain data, so both sides of the one
//! wasm module agree by construction.
//!
//! A message crosses as bytes in postcard's compact form ([`encode`], [`decode`]), posted
//! as a `Uint8Array`. serde-wasm-bindgen's JS objects cost the page's module 9 KB more
//! at gzip (docs/budgets.md): they are self-describing, so every field is read by name.
//! The worker wraps its bytes in a small object whose plain fields name the message and
//! its answer ([`Message::kind`], [`Answer::kind`]) for the scripts and tests that watch
//! the workers; the page reads the bytes alone.

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use sudoku_engine::chaos::Chaos;
use sudoku_engine::generate::variant::Genre;
use sudoku_engine::logic::Level;
use sudoku_engine::{Puzzle, Shape};

/// This build's id, the same in the page and its workers because they are one module.
/// A worker that reports another id was loaded from another deploy (see `client.rs`).
pub const BUILD: &str = env!("SUDOKU_BUILD");

/// The bytes `message` crosses in.
pub fn encode<T: Serialize>(message: &T) -> Result<Vec<u8>, String> {
    postcard::to_allocvec(message).map_err(|e| e.to_string())
}

/// The message in `bytes`, or why there is none.
pub fn decode<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, String> {
    postcard::from_bytes(bytes).map_err(|e| e.to_string())
}

/// The order in `bytes`, or why it cannot be read. postcard's errors carry no words, so
/// when the order does not decode, its puzzle is read again alone for the reason its parts
/// disagree ("rule 1 is off the grid"): every job that carries a puzzle carries it first,
/// after the job's number.
pub fn decode_order(bytes: &[u8]) -> Result<Order, String> {
    decode(bytes).map_err(|fault| {
        #[derive(Deserialize)]
        struct Head {
            _id: u32,
            _ticket: Ticket,
            _job: u32,
            words: Vec<u32>,
        }
        match decode::<Head>(bytes).map(|head| Puzzle::try_from(head.words)) {
            Ok(Err(why)) => why.to_string(),
            _ => format!("the request does not decode ({fault})"),
        }
    })
}

/// What the page sends a worker: a job, the board it is about, and its place in line.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Order {
    /// Rises with every request; an answer whose id is not the newest is stale.
    pub id: u32,
    /// The board the job is about; the worker hands it back with every answer.
    pub ticket: Ticket,
    pub job: Job,
}

/// Which board an answer belongs to: the page's revision of it, and its side. The reducer
/// drops an answer whose ticket is not the current board's, so no answer is ever shown on
/// a board it was not computed for.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Ticket {
    pub revision: u32,
    pub side: u8,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Job {
    /// Solve and prove uniqueness. The puzzle crosses whole (givens, houses and rules) and
    /// is read through the engine's checks, so the worker solves it as it is; a classic one
    /// stays classic.
    /// With a chaos construction's `chaos`, the regions are found with the digits.
    Solve {
        puzzle: Puzzle,
        #[serde(default)]
        chaos: Option<Chaos>,
    },
    /// Count solutions up to `limit`, reporting progress (each layout of a chaos
    /// construction's regions one).
    Count {
        puzzle: Puzzle,
        limit: u64,
        #[serde(default)]
        chaos: Option<Chaos>,
    },
    /// The next logical step from the board (`cells`, with the candidates the player has
    /// removed), first checking the player's digits and marks against the solution of the
    /// puzzle (its givens, houses and rules, as for `Check`), whose houses and rules the
    /// step then uses.
    Hint {
        puzzle: Puzzle,
        cells: Vec<u8>,
        removed: Vec<u32>,
        /// The puzzle's one solution, if the page holds it (the exact solver's verdict on
        /// these givens and rules): the worker takes it as the proof, with no search.
        #[serde(default)]
        solution: Option<Vec<u8>>,
    },
    /// Every logical step from the puzzle's givens under its houses and rules, and its
    /// rating.
    Path { puzzle: Puzzle },
    /// Prove that the puzzle has one solution, as Solve does, asked of the logic worker
    /// ahead of any hint: the worker keeps the last puzzle's verdict, so that a hint on it
    /// need not wait for the proof (a hint waits for it half its time at most).
    Prove { puzzle: Puzzle },
    /// A new puzzle as `wanted` says.
    Generate { wanted: Wanted, seed: Seed },
    /// Read the puzzle in an image: its RGBA pixels, and the classifier's weights (the page
    /// fetches them on first use, so they cost the first load nothing).
    Scan {
        width: u32,
        height: u32,
        #[serde(with = "serde_bytes")]
        rgba: Vec<u8>,
        #[serde(with = "serde_bytes")]
        weights: Vec<u8>,
    },
    /// The solver's verdict on a puzzle as read and corrected, and the cells most likely
    /// misread: `confidence` in percent and the `second` reading of each cell.
    Review {
        cells: Vec<u8>,
        confidence: Vec<u8>,
        second: Vec<u8>,
    },
    /// The digits each cell holds in some solution, with at most `searches` searches.
    TrueCandidates { puzzle: Puzzle, searches: u32 },
    /// Which of the board's digits (`cells`) the solution of the puzzle does not have, and
    /// which empty cells have the solution's digit among the candidates the player ruled
    /// out (`removed`, as for a hint; empty to check the digits alone). In a chaos
    /// construction (`chaos`), also which cells the player's regions put wrong: `regions`
    /// names each cell's region as the player coloured it (0 for none).
    Check {
        puzzle: Puzzle,
        cells: Vec<u8>,
        removed: Vec<u32>,
        #[serde(default)]
        chaos: Option<Chaos>,
        #[serde(default)]
        regions: Vec<u8>,
    },
}

/// What a new puzzle must be: the "New puzzle" dialog's choices. `level` indexes the
/// engine's `Level::ASKED`, `symmetry` its `Symmetry::ALL`, `technique` its
/// `Technique::classic()` and `variant` its `Genre::ALL`; any level or technique if
/// `None`, a classic puzzle if `variant` is. A variant is a 9x9 made at a level alone:
/// its size, symmetry, technique and minimality are not asked.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Wanted {
    pub side: u8,
    pub level: Option<u8>,
    pub symmetry: u8,
    pub technique: Option<u8>,
    pub minimal: bool,
    /// Saves from before variants were made have none.
    #[serde(default)]
    pub variant: Option<u8>,
}

impl Wanted {
    /// The size asked for; 9x9 if `side` is none.
    pub fn shape(&self) -> Shape {
        Shape::for_side(usize::from(self.side)).unwrap_or(Shape::NINE)
    }

    /// The variant asked for, if one is.
    pub fn genre(&self) -> Option<Genre> {
        Genre::ALL.get(usize::from(self.variant?)).copied()
    }

    /// The level asked for, if one is.
    pub fn level(&self) -> Option<Level> {
        Level::ASKED.get(usize::from(self.level?)).copied()
    }

    /// A variant at `level` (an index into `Level::ASKED`), as the dialog's choices and
    /// the app's short link ask for one.
    pub fn variant(genre: Genre, level: Option<u8>) -> Wanted {
        Wanted {
            level,
            variant: Genre::ALL.iter().position(|&g| g == genre).map(|i| i as u8),
            ..Wanted::default()
        }
    }
}

impl Default for Wanted {
    /// An Easy 9x9 with the givens in half-turn symmetry: what a first visit opens.
    fn default() -> Wanted {
        Wanted {
            side: 9,
            level: Some(0),
            symmetry: 1,
            technique: None,
            minimal: false,
            variant: None,
        }
    }
}

/// Where a new puzzle's randomness comes from.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub enum Seed {
    /// Drawn by the page.
    Random(u32),
    /// The day's puzzle: the same for everyone on that date.
    Daily { year: u16, month: u8, day: u8 },
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Message {
    /// The worker has loaded and listens; `build` says which deploy it came from.
    Ready {
        build: String,
    },
    Progress {
        id: u32,
        ticket: Ticket,
        nodes: u64,
    },
    Done {
        id: u32,
        ticket: Ticket,
        answer: Answer,
        micros: u64,
    },
}

impl Message {
    /// The message's name, for the scripts and tests that watch the workers.
    pub fn kind(&self) -> &'static str {
        match self {
            Message::Ready { .. } => "Ready",
            Message::Progress { .. } => "Progress",
            Message::Done { .. } => "Done",
        }
    }
}

/// What a client tells the page about the newest request and its worker.
#[derive(Clone, Debug, PartialEq)]
pub enum Report {
    Progress {
        ticket: Ticket,
        nodes: u64,
    },
    Done {
        ticket: Ticket,
        answer: Answer,
        micros: u64,
    },
    /// The worker failed to load or crashed; a fresh one was started and the newest
    /// request, if any, sent again.
    Restarted,
    /// The request could not be asked or answered; `reason` is for the person.
    /// `ticket` is the request's board, or `None` when no request was waiting.
    Failed {
        ticket: Option<Ticket>,
        reason: String,
    },
    /// The worker runs another deploy than the page (a newer one took over in another
    /// tab): the page must reload before it asks anything more.
    Outdated,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Answer {
    Unique(Vec<u8>),
    /// A chaos construction's one solution: its digits, and each cell's region (numbered
    /// as `sudoku_engine::chaos::ChaosLayout` numbers them).
    UniqueRegions {
        cells: Vec<u8>,
        regions: Vec<u8>,
    },
    Multiple(Vec<u8>, Vec<u8>),
    /// Two givens in one house share a digit: the message names them.
    Conflict(String),
    NoSolution,
    Counted {
        count: u64,
        complete: bool,
    },
    /// The cells did not make a grid of any supported size.
    Invalid(String),
    Hint(Hint),
    Path(PathView),
    /// A new puzzle.
    Generated(MadeView),
    /// No puzzle was found for a `Generate` in the attempts allowed.
    NotGenerated,
    /// A puzzle read from an image, with its review.
    Scanned(ScanView),
    /// The image holds no readable puzzle: the message says why.
    Unreadable(String),
    Reviewed(Review),
    /// For a `Check`: the cells whose digit is wrong, those whose marks are, and in a
    /// chaos construction those the player's regions put wrong.
    Checked {
        digits: Vec<usize>,
        marks: Vec<usize>,
        #[serde(default)]
        regions: Vec<usize>,
    },
    /// For `TrueCandidates`: each cell's digits as bits (bit `d - 1`), and whether every
    /// digit shown was proved (else the searches ran out first).
    TrueCandidates {
        cells: Vec<u32>,
        complete: bool,
    },
}

impl Answer {
    /// The answer's name, for the scripts and tests that watch the workers.
    pub fn kind(&self) -> &'static str {
        match self {
            Answer::Unique(..) => "Unique",
            Answer::UniqueRegions { .. } => "UniqueRegions",
            Answer::Multiple(..) => "Multiple",
            Answer::Conflict(..) => "Conflict",
            Answer::NoSolution => "NoSolution",
            Answer::Counted { .. } => "Counted",
            Answer::Invalid(..) => "Invalid",
            Answer::Hint(..) => "Hint",
            Answer::Path(..) => "Path",
            Answer::Generated(..) => "Generated",
            Answer::NotGenerated => "NotGenerated",
            Answer::Scanned(..) => "Scanned",
            Answer::Unreadable(..) => "Unreadable",
            Answer::Reviewed(..) => "Reviewed",
            Answer::Checked { .. } => "Checked",
            Answer::TrueCandidates { .. } => "TrueCandidates",
        }
    }
}

/// A new puzzle (its givens, digits by cell) with its level and rating; a variant's with
/// its own link (`made…`) or its f-puzzles document as JSON text, which the page reads as
/// it reads a link. The page keeps one made ahead as it is (`state::maker::Ahead`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MadeView {
    pub puzzle: Vec<u8>,
    pub document: Option<String>,
    pub level: String,
    pub rating: f32,
}

/// A puzzle as the reader saw it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ScanView {
    /// Digits by cell, 0 for empty; the grid's side is the square root of their number.
    pub cells: Vec<u8>,
    /// How sure the reader is of each cell, in percent.
    pub confidence: Vec<u8>,
    /// Each cell's next most likely digit (0 for none).
    pub second: Vec<u8>,
    /// The grid, cropped and straightened: `image_side` squared grey pixels.
    #[serde(with = "serde_bytes")]
    pub image: Vec<u8>,
    pub image_side: u16,
    pub review: Review,
}

/// The solver on a puzzle as read.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Review {
    pub verdict: ReadVerdict,
    /// The cells most likely misread, most likely first: each is a cell whose other
    /// reading (or blank) gives the puzzle a solution. Empty unless it has none.
    pub suspects: Vec<usize>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ReadVerdict {
    Unique,
    Several,
    NoSolution,
    /// Two givens in one house share a digit: the message names them.
    Conflict(String),
    /// The search did not settle it within its budget.
    Unsettled,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Hint {
    /// Boxed: a step is many times the size of the other answers.
    Step(Box<StepView>),
    /// A digit of the player's that the solution does not have.
    Wrong { cell: usize, digit: u8 },
    /// An empty cell whose centre marks leave out the solution's digit.
    Excluded { cell: usize },
    /// The board is full and right.
    Solved,
    /// The techniques find nothing more.
    Stuck,
    /// No step was found within the hint's time: what the search is sure of instead, one
    /// cell's digit from the puzzle's one solution, found by search and not by logic.
    Searched { cell: usize, digit: u8 },
    /// No step was found within the hint's time, and the puzzle has no one solution to take
    /// a digit from, or none proved in time.
    OutOfTime,
}

/// A chain link between candidates (cell, digit): from, to, and whether it is strong.
pub type LinkView = ((usize, u8), (usize, u8), bool);

/// A logical step as the page shows it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct StepView {
    pub technique: String,
    pub placements: Vec<(usize, u8)>,
    pub eliminations: Vec<(usize, u8)>,
    /// Where to look first: house names with their cells.
    pub houses: Vec<(String, Vec<usize>)>,
    /// A set-theory step's second set, lit in a colour of its own: its cells outside the
    /// first set, whose cells outside the second are those of `houses` then.
    pub second: Vec<usize>,
    pub cells: Vec<usize>,
    pub candidates: Vec<(usize, u8)>,
    pub links: Vec<LinkView>,
    /// The variant rules the step rests on, as indices into the puzzle's rules
    /// (`Puzzle::rules`, the same on the page as in the worker), whose drawings the page
    /// marks.
    pub rules: Vec<usize>,
    pub explanation: String,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PathView {
    pub steps: Vec<StepView>,
    pub solved: bool,
    /// The path stopped at a step that would take longer than any one step may.
    pub out_of_time: bool,
    pub level: String,
    pub rating: f32,
    /// Technique names with how often each was used.
    pub counts: Vec<(String, usize)>,
}
