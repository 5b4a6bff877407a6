//! The worker side: the same wasm module, started in a dedicated worker, answers solver
//! requests one at a time. A search blocks this thread, never the page's.

use sudoku_engine::{count, solve, Budget, Grid, Shape, Verdict};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{DedicatedWorkerGlobalScope, MessageEvent};

use crate::protocol::{Answer, Job, Message, Request};

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
    post(&scope, &Message::Ready);
}

fn post(scope: &DedicatedWorkerGlobalScope, message: &Message) {
    if let Ok(value) = serde_wasm_bindgen::to_value(message) {
        // A failed post means the page is gone; there is no one left to tell.
        let _ = scope.post_message(&value);
    }
}

fn handle(scope: &DedicatedWorkerGlobalScope, request: Request) {
    let clock = || {
        scope
            .performance()
            .map(|p| p.now())
            .unwrap_or_else(js_sys::Date::now)
    };
    let start = clock();
    let id = request.id;
    let answer = answer(request.job, &mut |nodes| {
        post(scope, &Message::Progress { id, nodes })
    });
    let micros = ((clock() - start) * 1000.0).max(0.0) as u64;
    post(scope, &Message::Done { id, answer, micros });
}

/// Does one job; `progress` hears the nodes searched so far during a count.
pub fn answer(job: Job, progress: &mut dyn FnMut(u64)) -> Answer {
    match job {
        Job::Solve { cells } => {
            to_grid(cells).map_or_else(Answer::Invalid, |puzzle| {
                match solve(&puzzle, &mut Budget::unlimited()).verdict {
                    Verdict::Unique(s) => Answer::Unique(s.cells().to_vec()),
                    Verdict::Multiple(a, b) => {
                        Answer::Multiple(a.cells().to_vec(), b.cells().to_vec())
                    }
                    Verdict::Conflict(c) => Answer::Conflict(c.to_string()),
                    Verdict::NoSolution | Verdict::GaveUp => Answer::NoSolution,
                }
            })
        }
        Job::Count { cells, limit } => to_grid(cells).map_or_else(Answer::Invalid, |puzzle| {
            let mut budget = Budget::unlimited().with_check(|nodes| {
                progress(nodes);
                true
            });
            let counted = count(&puzzle, limit, &mut budget);
            Answer::Counted {
                count: counted.count,
                complete: counted.complete,
            }
        }),
    }
}

fn to_grid(cells: Vec<u8>) -> Result<Grid, String> {
    let shape = Shape::for_cell_count(cells.len())
        .ok_or_else(|| format!("{} cells make no grid", cells.len()))?;
    Grid::from_cells(shape, cells).ok_or_else(|| "a digit is too large for the grid".to_string())
}
