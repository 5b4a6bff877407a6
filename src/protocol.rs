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
}
