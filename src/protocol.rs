//! Messages between the page and the solver worker. Plain data, so both sides of the one
//! wasm module agree by construction.

use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Request {
    /// Rises with every request; an answer whose id is not the newest is stale.
    pub id: u32,
    pub job: Job,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Job {
    /// Solve and prove uniqueness. `cells` are digits by cell, 0 for empty.
    Solve { cells: Vec<u8> },
    /// Count solutions up to `limit`, reporting progress.
    Count { cells: Vec<u8>, limit: u64 },
    /// The next logical step from the board (`cells`, with the candidates the player has
    /// removed), first checking the player's digits against the puzzle's solution.
    Hint {
        givens: Vec<u8>,
        cells: Vec<u8>,
        removed: Vec<u32>,
    },
    /// Every logical step from the givens, and the puzzle's rating.
    Path { givens: Vec<u8> },
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Message {
    /// The worker has loaded and listens.
    Ready,
    Progress {
        id: u32,
        nodes: u64,
    },
    Done {
        id: u32,
        answer: Answer,
        micros: u64,
    },
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Answer {
    Unique(Vec<u8>),
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
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Hint {
    Step(StepView),
    /// A digit of the player's that the solution does not have.
    Wrong {
        cell: usize,
        digit: u8,
    },
    /// The board is full and right.
    Solved,
    /// The techniques find nothing more.
    Stuck,
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
    pub cells: Vec<usize>,
    pub candidates: Vec<(usize, u8)>,
    pub links: Vec<LinkView>,
    pub explanation: String,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PathView {
    pub steps: Vec<StepView>,
    pub solved: bool,
    pub level: String,
    pub rating: f32,
    /// Technique names with how often each was used.
    pub counts: Vec<(String, usize)>,
}
