//! The page's components. `App` owns the state, the solver client and the effects; the
//! board and the controls only render and dispatch.

mod board;
mod controls;

use gloo_events::{EventListener, EventListenerOptions};
use gloo_timers::callback::Timeout;
use sudoku_engine::Grid;
use wasm_bindgen::JsCast;
use yew::prelude::*;

use crate::board::Board;
use crate::client::{Client, SolverClient};
use crate::protocol::Job;
use crate::state::{Action, Mode, Phase, State};
use crate::{link, storage};

/// How long an answer may take before the status says "Solving…".
const SLOW_MS: u32 = 150;

#[function_component]
pub fn App() -> Html {
    let state =
        use_reducer(|| State::new(Board::empty(sudoku_engine::Shape::NINE), Mode::Entering));
    let client = use_mut_ref(|| None::<Client>);

    // Once: start the worker, load the puzzle from the link or from storage, and take
    // pastes from anywhere on the page.
    {
        let state = state.clone();
        let client = client.clone();
        use_effect_with((), move |_| {
            let dispatch = state.dispatcher();
            *client.borrow_mut() = Some(SolverClient::start(Callback::from(move |m| {
                dispatch.dispatch(Action::Worker(m))
            })));
            let fragment = web_sys::window()
                .and_then(|w| w.location().hash().ok())
                .unwrap_or_default();
            let from_link = link::puzzle_in(&fragment);
            match storage::load() {
                Ok(Some((board, mode))) => state.dispatch(Action::Restore(board, mode)),
                Ok(None) => state.dispatch(Action::Restore(
                    Board::empty(sudoku_engine::Shape::NINE),
                    Mode::Entering,
                )),
                Err(message) => state.dispatch(Action::Notice(Some(message))),
            }
            match from_link {
                Some(Ok(grid)) => state.dispatch(Action::Load(grid)),
                Some(Err(message)) => state.dispatch(Action::Notice(Some(message))),
                None => {}
            }
            let paste_state = state.clone();
            let listener = web_sys::window()
                .and_then(|w| w.document())
                .map(|document| {
                    // Not passive: a paste taken as a puzzle must not also land elsewhere.
                    let options = EventListenerOptions::enable_prevent_default();
                    EventListener::new_with_options(&document, "paste", options, move |event| {
                        on_paste(event, &paste_state)
                    })
                });
            move || drop(listener)
        });
    }

    // Every change of the board's digits: save it, ask the worker, and say "Solving…"
    // only if the answer is slow.
    {
        let state = state.clone();
        let client = client.clone();
        use_effect_with(state.revision, move |&revision| {
            storage::save(&state.board, state.mode);
            let mut timer = None;
            if revision > 0 && state.phase == (Phase::Waiting { slow: false }) {
                if let Some(client) = client.borrow().as_ref() {
                    client.borrow_mut().send(Job::Solve {
                        cells: state.board.cells().to_vec(),
                    });
                }
                let dispatch = state.dispatcher();
                timer = Some(Timeout::new(SLOW_MS, move || {
                    dispatch.dispatch(Action::Slow(revision))
                }));
            }
            move || drop(timer)
        });
    }
    {
        let state = state.clone();
        use_effect_with(state.mode, move |&mode| storage::save(&state.board, mode));
    }

    let on_count = {
        let state = state.clone();
        let client = client.clone();
        Callback::from(move |_| {
            if let Some(client) = client.borrow().as_ref() {
                client.borrow_mut().send(Job::Count {
                    cells: state.board.cells().to_vec(),
                    limit: state.count_limit,
                });
                state.dispatch(Action::CountStarted);
            }
        })
    };
    let on_stop = {
        let state = state.clone();
        let client = client.clone();
        Callback::from(move |_| {
            if let Some(client) = client.borrow().as_ref() {
                client.borrow_mut().stop();
            }
            state.dispatch(Action::Stopped);
        })
    };
    let busy = matches!(
        state.phase,
        Phase::Counting { .. } | Phase::Waiting { slow: true }
    );

    html! {
        <main class="app">
            <h1>{ "Sudoku solver" }</h1>
            <p id="status" class="status" role="status" aria-live="polite">{ state.status() }</p>
            if let Some(notice) = &state.notice {
                <p id="notice" class="notice" role="alert">{ notice.clone() }</p>
            }
            <div class="workspace">
                <board::BoardView state={state.clone()} />
                <controls::Controls state={state.clone()} {busy} {on_count} {on_stop} />
            </div>
        </main>
    }
}

/// A paste outside the import box replaces the board if it reads as a puzzle; otherwise
/// the board stays and the error says where the text went wrong.
fn on_paste(event: &web_sys::Event, state: &UseReducerHandle<State>) {
    let in_field = event
        .target()
        .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
        .is_some_and(|e| matches!(e.tag_name().as_str(), "TEXTAREA" | "INPUT"));
    if in_field {
        return;
    }
    let Some(text) = event
        .dyn_ref::<web_sys::ClipboardEvent>()
        .and_then(|e| e.clipboard_data())
        .and_then(|d| d.get_data("text").ok())
    else {
        return;
    };
    event.prevent_default();
    load_text(&text, state);
}

/// Loads pasted or imported text as the puzzle, or explains why it cannot.
pub(crate) fn load_text(text: &str, state: &UseReducerHandle<State>) -> bool {
    match Grid::parse(text) {
        Ok(grid) => {
            state.dispatch(Action::Load(grid));
            true
        }
        Err(e) => {
            state.dispatch(Action::Notice(Some(format!("Not imported: {e}"))));
            false
        }
    }
}
