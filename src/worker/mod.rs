//! The worker side: the same wasm module, started in a dedicated worker, answers solver
//! requests one at a time. A search blocks this thread, never the page's. This module
//! receives, dispatches and answers; each job lives in a module of its own.

mod check;
mod hint;
mod make;
mod scan;
mod solve;

use serde::Deserialize;
use sudoku_engine::logic::{Deadline, HINT_MILLIS};
use sudoku_engine::{Grid, Shape};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{DedicatedWorkerGlobalScope, MessageEvent};

use crate::protocol::{decode, decode_order, encode, Answer, Job, Message, Order, Ticket, BUILD};

pub use solve::bench_solve;

/// Installs the request handler and tells the page the worker is ready.
pub fn serve(scope: DedicatedWorkerGlobalScope) {
    let post_scope = scope.clone();
    let onmessage = Closure::<dyn FnMut(MessageEvent)>::new(move |event: MessageEvent| {
        let bytes = js_sys::Uint8Array::new(&event.data()).to_vec();
        match decode_order(&bytes) {
            Ok(request) => handle(&post_scope, request),
            Err(why) => {
                if let Some(refusal) = refused(&bytes, &why) {
                    post(&post_scope, &refusal);
                }
            }
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

/// The answer to a request that does not decode, such as one whose puzzle's parts disagree:
/// `Invalid`, saying why, for the request's id and board, if those can be read.
pub fn refused(bytes: &[u8], why: &str) -> Option<Message> {
    #[derive(Deserialize)]
    struct Envelope {
        id: u32,
        ticket: Ticket,
    }
    let Envelope { id, ticket } = decode(bytes).ok()?;
    Some(Message::Done {
        id,
        ticket,
        answer: Answer::Invalid(why.into()),
        micros: 0,
    })
}

/// Posts `message`'s bytes, with its name, and a `Done`'s answer's name and time, as plain
/// fields beside them for whoever watches the worker (the module `protocol` says why).
fn post(scope: &DedicatedWorkerGlobalScope, message: &Message) {
    let Ok(bytes) = encode(message) else {
        return;
    };
    let posted = js_sys::Object::new();
    let set = |key: &str, value: JsValue| {
        let _ = js_sys::Reflect::set(&posted, &key.into(), &value);
    };
    set("kind", message.kind().into());
    if let Message::Done { answer, micros, .. } = message {
        set("answer", answer.kind().into());
        set("micros", (*micros as f64).into());
    }
    set("bytes", js_sys::Uint8Array::from(&bytes[..]).into());
    // A failed post means the page is gone; there is no one left to tell.
    let _ = scope.post_message(&posted);
}

/// Milliseconds from this worker's clock.
fn clock(scope: &DedicatedWorkerGlobalScope) -> f64 {
    scope
        .performance()
        .map(|p| p.now())
        .unwrap_or_else(js_sys::Date::now)
}

fn handle(scope: &DedicatedWorkerGlobalScope, request: Order) {
    let clock = || clock(scope);
    let start = clock();
    let Order { id, ticket, job } = request;
    let answer = answer(job, &clock, &mut |nodes| {
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

/// Does one job; `clock` reads milliseconds, for the hint's time and a path step's;
/// `progress` hears the nodes searched so far during a count.
pub fn answer(job: Job, clock: &dyn Fn() -> f64, progress: &mut dyn FnMut(u64)) -> Answer {
    match job {
        Job::Solve { puzzle, chaos } => solve::solved(&puzzle, chaos),
        Job::Count {
            puzzle,
            limit,
            chaos,
        } => solve::counted(&puzzle, limit, chaos, progress),
        Job::TrueCandidates { puzzle, searches } => solve::candidates(&puzzle, searches),
        Job::Hint {
            puzzle,
            cells,
            removed,
            solution,
        } => hint::hint(
            &puzzle,
            cells,
            &removed,
            solution,
            // The proof that the puzzle has one solution may take half the hint's time
            // (unless `Prove` left it here), so that the other half is left for its step.
            Deadline::after(clock, HINT_MILLIS / 2.0),
            Deadline::after(clock, HINT_MILLIS),
        ),
        Job::Prove { puzzle } => solve::answer_of(check::verdict(&puzzle, Deadline::NEVER)),
        Job::Check {
            puzzle,
            cells,
            removed,
            chaos,
            regions,
        } => check::checked(&puzzle, cells, &removed, chaos, &regions),
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
        Job::Path { puzzle } => Answer::Path(hint::path(&puzzle, clock)),
    }
}

fn to_grid(cells: Vec<u8>) -> Result<Grid, String> {
    let shape = Shape::for_cell_count(cells.len())
        .ok_or_else(|| format!("{} cells make no grid", cells.len()))?;
    Grid::from_cells(shape, cells).ok_or_else(|| "a digit is too large for the grid".to_string())
}
