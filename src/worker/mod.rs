//! The worker side: the same wasm module, started in a dedicated worker, answers solver
//! requests one at a time. A search blocks this thread, never the page's. This module
//! receives, dispatches and answers; each job lives in a module of its own.

mod check;
mod hint;
mod make;
mod scan;
mod solve;

use sudoku_engine::{Grid, Puzzle, Shape};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{DedicatedWorkerGlobalScope, MessageEvent};

use crate::protocol::{Answer, Job, Message, Request, BUILD};

pub use solve::bench_solve;

/// Installs the request handler and tells the page the worker is ready.
pub fn serve(scope: DedicatedWorkerGlobalScope) {
    let post_scope = scope.clone();
    let onmessage = Closure::<dyn FnMut(MessageEvent)>::new(move |event: MessageEvent| {
        if let Ok(request) = serde_wasm_bindgen::from_value::<Request>(event.data()) {
            handle(&post_scope, request);
        }
    });
    scope.set_onmessage(Some(onmessage.as_ref().unchecked_ref()));
    onmessage.forget();
    post(
        &scope,
        &Message::Ready {
            build: BUILD.into(),
        },
    );
}

fn post(scope: &DedicatedWorkerGlobalScope, message: &Message) {
    if let Ok(value) = serde_wasm_bindgen::to_value(message) {
        // A failed post means the page is gone; there is no one left to tell.
        let _ = scope.post_message(&value);
    }
}

/// Milliseconds from this worker's clock.
fn clock(scope: &DedicatedWorkerGlobalScope) -> f64 {
    scope
        .performance()
        .map(|p| p.now())
        .unwrap_or_else(js_sys::Date::now)
}

fn handle(scope: &DedicatedWorkerGlobalScope, request: Request) {
    let clock = || clock(scope);
    let start = clock();
    let Request { id, ticket, job } = request;
    let answer = answer(job, &mut |nodes| {
        post(scope, &Message::Progress { id, ticket, nodes })
    });
    let micros = ((clock() - start) * 1000.0).max(0.0) as u64;
    post(
        scope,
        &Message::Done {
            id,
            ticket,
            answer,
            micros,
        },
    );
}

/// Does one job; `progress` hears the nodes searched so far during a count.
pub fn answer(job: Job, progress: &mut dyn FnMut(u64)) -> Answer {
    match job {
        Job::Solve { cells } => to_grid(cells).map_or_else(Answer::Invalid, |puzzle| {
            solve::solved(&Puzzle::classic(puzzle))
        }),
        Job::Count { cells, limit } => to_grid(cells).map_or_else(Answer::Invalid, |puzzle| {
            solve::counted(&Puzzle::classic(puzzle), limit, progress)
        }),
        Job::Hint {
            givens,
            cells,
            removed,
        } => puzzle_and_board(givens, cells).map_or_else(Answer::Invalid, |(puzzle, board)| {
            Answer::Hint(hint::hint(&puzzle, &board, &removed))
        }),
        Job::Check {
            givens,
            cells,
            removed,
        } => puzzle_and_board(givens, cells).map_or_else(Answer::Invalid, |(puzzle, board)| {
            check::checked(&Puzzle::classic(puzzle), &board, &removed)
        }),
        Job::Generate { wanted, seed } => make::generated(wanted, seed, progress),
        Job::Scan {
            width,
            height,
            rgba,
            weights,
        } => scan::scanned(width as usize, height as usize, &rgba, &weights),
        Job::Review {
            cells,
            confidence,
            second,
        } => {
            scan::review(cells, &confidence, &second).map_or_else(Answer::Invalid, Answer::Reviewed)
        }
        Job::Path { givens } => {
            to_grid(givens).map_or_else(Answer::Invalid, |puzzle| Answer::Path(hint::path(&puzzle)))
        }
    }
}

/// The givens and the player's board as grids of one size.
fn puzzle_and_board(givens: Vec<u8>, cells: Vec<u8>) -> Result<(Grid, Grid), String> {
    let (puzzle, board) = (to_grid(givens)?, to_grid(cells)?);
    if puzzle.shape() != board.shape() {
        return Err("the puzzle and the board differ in size".into());
    }
    Ok((puzzle, board))
}

fn to_grid(cells: Vec<u8>) -> Result<Grid, String> {
    let shape = Shape::for_cell_count(cells.len())
        .ok_or_else(|| format!("{} cells make no grid", cells.len()))?;
    Grid::from_cells(shape, cells).ok_or_else(|| "a digit is too large for the grid".to_string())
}
