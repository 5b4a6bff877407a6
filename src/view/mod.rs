//! The page's components. `App` owns the state, the solver clients and the effects; the
//! board, the pad, the tools and the panels only render and dispatch.

mod board;
mod clock;
mod entering;
mod finish;
mod logic;
mod maker;
mod pad;
mod scan;
mod settings;
mod stats;
mod theme;
mod tools;

use std::cell::RefCell;
use std::rc::Rc;

use gloo_events::{EventListener, EventListenerOptions};
use gloo_timers::callback::Timeout;
use sudoku_engine::{Grid, ParseError, Puzzle, Shape, MAX_TEXT};
use wasm_bindgen::JsCast;
use yew::prelude::*;

use crate::board::Board;
use crate::client::{Client, SolverClient};
use crate::protocol::{Hint, Job, Report, Seed, Wanted, BUILD};
use crate::state::{
    Action, Game, GameAction, History, LessonAction, MakerAction, Mode, PageAction, Phase,
    PlayAction, SolverAction, State, Timer,
};
use crate::{link, offline, storage};

/// How long an answer may take before the status says "Solving…".
const SLOW_MS: u32 = 150;

#[function_component]
pub fn App() -> Html {
    let state = use_reducer(|| {
        let mut state = State::new(Board::empty(Shape::NINE), Mode::Entering);
        state.settings = storage::load_settings();
        state.stats = storage::load_stats();
        state
    });
    let client = use_mut_ref(|| None::<Client>);
    // Hints and the step list run in a worker of their own, so they never make a pending
    // solve stale, and each can be cancelled alone.
    let logic_client = use_mut_ref(|| None::<Client>);
    // New puzzles are made in a third, so that making one never stops a solve or a hint.
    // It starts with the first request, so that it costs a page load nothing.
    let maker_client = use_mut_ref(|| None::<Client>);
    // Images are read in a fourth, also started with the first request.
    let scanning = use_memo((), {
        let dispatcher = state.dispatcher();
        move |_| scan::Scanning::new(dispatcher)
    });

    let first_visit = use_state(|| false);
    // Once: start the worker, load the puzzle from the link or from storage (a first visit
    // gets today's Easy puzzle), and take pastes from anywhere on the page.
    {
        let state = state.clone();
        let client = client.clone();
        let logic_client = logic_client.clone();
        let first_visit = first_visit.clone();
        let scanning = (*scanning).clone();
        use_effect_with((), move |_| {
            let dispatch = state.dispatcher();
            *logic_client.borrow_mut() = Some(SolverClient::start(Callback::from(move |m| {
                dispatch.dispatch(Action::Lesson(LessonAction::Report(m)))
            })));
            let dispatch = state.dispatcher();
            *client.borrow_mut() = Some(SolverClient::start(Callback::from(move |m| {
                dispatch.dispatch(Action::Solver(SolverAction::Report(m)))
            })));

            if !open_from_address(&state, true) {
                first_visit.set(true);
            }
            let dispatch = state.dispatcher();
            offline::register(Callback::from(move |()| {
                dispatch.dispatch(Action::Page(PageAction::UpdateReady))
            }));
            // Pastes and undo keys are the page's wherever focus is, but in text fields.
            let listeners = [
                on_document(&state, "paste", on_paste),
                on_document(&state, "keydown", on_undo_key),
            ];
            // A pasted image is scanned.
            let image_paste = web_sys::window()
                .and_then(|w| w.document())
                .map(|document| {
                    EventListener::new(&document, "paste", move |event| {
                        let files = event
                            .dyn_ref::<web_sys::ClipboardEvent>()
                            .and_then(|e| e.clipboard_data())
                            .and_then(|data| data.files());
                        if let Some(image) = scan::first_image(files) {
                            scanning.image(image);
                        }
                    })
                });
            let link_state = state.clone();
            let hash_listener = web_sys::window().map(|window| {
                EventListener::new(&window, "hashchange", move |_| {
                    open_from_address(&link_state, false);
                })
            });
            move || drop((listeners, image_paste, hash_listener))
        });
    }

    // A first visit opens today's Easy puzzle, asked for once the empty board it replaces
    // is in place (the answer must be for that board's ticket).
    {
        let (state, maker_client) = (state.clone(), maker_client.clone());
        use_effect_with(*first_visit, move |&first| {
            if first {
                make(&maker_client, &state, Wanted::default(), maker::today());
            }
        });
    }

    // Every change of the board: show it in the address, cancel a hint or step list being
    // worked out for the old board, ask the worker, and say "Solving…" only if the answer
    // is slow.
    {
        let state = state.clone();
        let (client, logic_client) = (client.clone(), logic_client.clone());
        use_effect_with(state.play.revision, move |&revision| {
            show_in_address(&state.play.board);
            if let Some(logic) = logic_client.borrow().as_ref() {
                logic.borrow_mut().stop();
            }
            let mut timer = None;
            if revision > 0 && state.solver.phase == (Phase::Waiting { slow: false }) {
                let job = Job::Solve {
                    puzzle: Puzzle::classic(state.play.board.grid()),
                };
                ask(&client, &state, job, |r| {
                    Action::Solver(SolverAction::Report(r))
                });
                let dispatch = state.dispatcher();
                timer = Some(Timeout::new(SLOW_MS, move || {
                    dispatch.dispatch(Action::Solver(SolverAction::Slow(revision)))
                }));
            }
            move || drop(timer)
        });
    }
    // A worker from a newer deploy: this page is out of date, so it reloads into the new
    // version (the puzzle is saved already).
    use_effect_with(state.outdated, |&outdated| {
        if outdated {
            offline::reload_for_update();
        }
    });
    // The progress is saved on every change of the board or mode, every ten seconds of
    // play, and when the page is hidden (a phone may end a hidden page without warning).
    {
        let state = state.clone();
        let play = &state.play;
        let due = (
            play.revision,
            play.mode,
            play.timer.elapsed_ms / 10_000,
            play.timer.finished,
            state.hidden,
        );
        use_effect_with(due, move |_| storage::save(&state.play));
    }
    use_effect_with(state.settings, storage::save_settings);
    use_effect_with(state.stats.clone(), storage::save_stats);

    let on_count = {
        let state = state.clone();
        let client = client.clone();
        Callback::from(move |_| {
            if let Some(error) = &state.solver.limit_error {
                state.dispatch(Action::Page(PageAction::Notice(Some(error.clone()))));
                return;
            }
            let job = Job::Count {
                puzzle: Puzzle::classic(state.play.board.grid()),
                limit: state.solver.count_limit,
            };
            if ask(&client, &state, job, |r| {
                Action::Solver(SolverAction::Report(r))
            }) {
                state.dispatch(Action::Solver(SolverAction::CountStarted));
            }
        })
    };
    let on_stop = {
        let (state, client, logic_client) = (state.clone(), client.clone(), logic_client.clone());
        Callback::from(move |_| {
            // Stop ends what is running: a hint or the step list, else a solve or count.
            let (which, action) = if state.lesson.thinking {
                (&logic_client, Action::Lesson(LessonAction::Stopped))
            } else {
                (&client, Action::Solver(SolverAction::Stopped))
            };
            if let Some(c) = which.borrow().as_ref() {
                c.borrow_mut().stop();
            }
            state.dispatch(action);
        })
    };
    let on_hint = {
        let (state, logic_client) = (state.clone(), logic_client.clone());
        Callback::from(move |_| match &state.lesson.hint {
            Some((Hint::Step(_), stage)) if *stage < 3 => {
                state.dispatch(Action::Lesson(LessonAction::HintMore))
            }
            _ => {
                let board = &state.play.board;
                let job = Job::Hint {
                    givens: board.puzzle().cells().to_vec(),
                    cells: board.cells().to_vec(),
                    removed: board.ruled_out(),
                };
                if ask(&logic_client, &state, job, |r| {
                    Action::Lesson(LessonAction::Report(r))
                }) {
                    state.dispatch(Action::Lesson(LessonAction::AskedHint));
                }
            }
        })
    };
    let on_check = {
        let (state, logic_client) = (state.clone(), logic_client.clone());
        Callback::from(move |_| {
            let board = &state.play.board;
            let job = Job::Check {
                puzzle: Puzzle::classic(board.puzzle()),
                cells: board.cells().to_vec(),
                removed: match state.settings.check_marks {
                    true => board.ruled_out(),
                    false => Vec::new(),
                },
            };
            if ask(&logic_client, &state, job, |r| {
                Action::Lesson(LessonAction::Report(r))
            }) {
                state.dispatch(Action::Lesson(LessonAction::AskedCheck));
            }
        })
    };
    let on_path = {
        let (state, logic_client) = (state.clone(), logic_client.clone());
        Callback::from(move |_| {
            let job = Job::Path {
                givens: state.play.board.puzzle().cells().to_vec(),
            };
            if ask(&logic_client, &state, job, |r| {
                Action::Lesson(LessonAction::Report(r))
            }) {
                state.dispatch(Action::Lesson(LessonAction::AskedPath));
            }
        })
    };
    let on_make = {
        let (state, maker_client) = (state.clone(), maker_client.clone());
        Callback::from(move |(wanted, seed): (Wanted, Seed)| {
            make(&maker_client, &state, wanted, seed)
        })
    };
    let on_stop_making = {
        let (state, maker_client) = (state.clone(), maker_client.clone());
        Callback::from(move |()| {
            if let Some(c) = maker_client.borrow().as_ref() {
                c.borrow_mut().stop();
            }
            state.dispatch(Action::Maker(MakerAction::Stopped));
        })
    };
    let busy = state.lesson.thinking
        || matches!(
            state.solver.phase,
            Phase::Counting { .. } | Phase::Waiting { slow: true }
        );

    // An image dropped anywhere on the page is scanned.
    let ondragover = Callback::from(|e: DragEvent| {
        if e.data_transfer()
            .is_some_and(|d| d.types().includes(&"Files".into(), 0))
        {
            e.prevent_default();
        }
    });
    let ondrop = {
        let scanning = (*scanning).clone();
        Callback::from(move |e: DragEvent| {
            if let Some(image) = scan::first_image(e.data_transfer().and_then(|d| d.files())) {
                e.prevent_default();
                scanning.image(image);
            }
        })
    };
    let timer = &state.play.timer;
    html! {
        <main class="app" data-build={BUILD} {ondragover} {ondrop}>
            <header class="title-bar">
                <h1>{ "Sudoku" }</h1>
                <clock::Clock state={state.clone()} />
                <maker::NewPuzzle state={state.clone()} on_make={on_make.clone()} on_stop={on_stop_making} />
                <scan::ScanDialog state={state.clone()} scanning={(*scanning).clone()} />
                <theme::ThemeToggle />
            </header>
            <p id="status" class="status" role="status" aria-live="polite">{ state.status() }</p>
            if state.update_ready {
                <p id="update" class="notice" aria-live="polite">{ "Updated; " }
                    <button onclick={Callback::from(|_| offline::apply_update())}>{ "Reload" }</button>
                </p>
            }
            <div class="workspace">
                <div class="play-area">
                    <board::BoardFrame state={Rc::new((*state).clone())} dispatcher={state.dispatcher()} />
                    if let Some(origin) = &state.play.game.origin {
                        <p id="level" class="level">{ match origin.seed {
                            Seed::Daily { .. } => origin.describe(),
                            Seed::Random(_) => format!("New puzzle: {}", origin.describe()),
                        } }</p>
                    }
                    if timer.finished {
                        <finish::Finish state={state.clone()} on_make={on_make.clone()} />
                    }
                    <div class="messages">
                        if let Some(notice) = &state.notice {
                            <p id="notice" class="notice" role="alert">{ notice.clone() }</p>
                        }
                        <logic::HintPanel state={state.clone()} />
                    </div>
                </div>
                <div class="side">
                    if state.play.mode == Mode::Entering {
                        <entering::EnterGuide state={state.clone()} />
                    }
                    <pad::Pad state={state.clone()} {on_hint} {on_check} />
                    <tools::Tools state={state.clone()} {busy} {on_count} {on_stop} {on_path} />
                    <settings::SettingsPanel state={state.clone()} />
                    <stats::StatsPanel state={state.clone()} />
                </div>
            </div>
        </main>
    }
}

/// Asks `client` to do `job` for the current board. False, with the reason reported to
/// the reducer as `report`, if it could not be asked: then nothing is pending.
fn ask(
    client: &Rc<RefCell<Option<Client>>>,
    state: &UseReducerHandle<State>,
    job: Job,
    report: fn(Report) -> Action,
) -> bool {
    let ticket = state.ticket();
    let sent = match client.borrow().as_ref() {
        Some(client) => client.borrow_mut().send(ticket, job),
        None => Err("the solver is not running".into()),
    };
    match sent {
        Ok(_) => true,
        Err(reason) => {
            state.dispatch(report(Report::Failed {
                ticket: Some(ticket),
                reason,
            }));
            false
        }
    }
}

/// Asks the new-puzzle worker (started with the first request) for `wanted` from `seed`.
fn make(
    maker_client: &Rc<RefCell<Option<Client>>>,
    state: &UseReducerHandle<State>,
    wanted: Wanted,
    seed: Seed,
) {
    if maker_client.borrow().is_none() {
        let dispatch = state.dispatcher();
        *maker_client.borrow_mut() = Some(SolverClient::start(Callback::from(move |m| {
            dispatch.dispatch(Action::Maker(MakerAction::Report(m)))
        })));
    }
    if ask(maker_client, state, Job::Generate { wanted, seed }, |r| {
        Action::Maker(MakerAction::Report(r))
    }) {
        state.dispatch(Action::Maker(MakerAction::Asked(wanted, seed)));
    }
}

/// Opens what the address asks for. At start-up the saved board comes first, and a link to
/// the very puzzle that was saved keeps the progress made on it; a damaged link changes
/// nothing and says why. False if there was neither a saved board nor a link to open: a
/// first visit.
fn open_from_address(state: &UseReducerHandle<State>, starting: bool) -> bool {
    let Some(location) = web_sys::window().map(|w| w.location()) else {
        return false;
    };
    let (hash, query) = (
        location.hash().unwrap_or_default(),
        location.search().unwrap_or_default(),
    );
    let linked = link::board_in(&hash, &query);
    if starting {
        let loaded = storage::load();
        // Nothing saved (an unreadable save is something: its notice says what follows).
        let first_visit = matches!(loaded, Ok(None)) && linked.is_none();
        let (saved, notice) = match loaded {
            Ok(saved) => (saved, None),
            Err(message) => (None, Some(message)),
        };
        let keep_saved = match (&saved, &linked) {
            (Some(((board, ..), _)), Some(Ok(from_link))) => {
                board.puzzle() == from_link.board.puzzle() && !from_link.with_progress
            }
            (_, Some(Ok(_))) => false,
            _ => true,
        };
        let ((board, mode, history, timer), game) =
            saved.filter(|_| keep_saved).unwrap_or_else(|| {
                let empty = Board::empty(Shape::NINE);
                let nothing = (History::default(), Timer::default());
                (
                    (empty, Mode::Entering, nothing.0, nothing.1),
                    Game::default(),
                )
            });
        state.dispatch(Action::Game(GameAction::Restore(
            board, mode, history, timer,
        )));
        state.dispatch(Action::Game(GameAction::Resume(game)));
        if notice.is_some() {
            state.dispatch(Action::Page(PageAction::Notice(notice)));
        }
        if keep_saved && !matches!(linked, Some(Err(_))) {
            return !first_visit;
        }
    }
    match linked {
        Some(Ok(linked)) => {
            state.dispatch(Action::Game(GameAction::Open(linked.board, linked.timer)))
        }
        Some(Err(message)) => state.dispatch(Action::Page(PageAction::Notice(Some(message)))),
        None => {}
    }
    true
}

/// Keeps the address bar on the current puzzle without adding history entries; a `?bd=`
/// query from another app is dropped once read.
fn show_in_address(board: &Board) {
    let Some(window) = web_sys::window() else {
        return;
    };
    let location = window.location();
    let fragment = link::fragment(board, None);
    let (hash, query) = (
        location.hash().unwrap_or_default(),
        location.search().unwrap_or_default(),
    );
    if hash == fragment && query.is_empty() {
        return;
    }
    let path = location.pathname().unwrap_or_default();
    if let Ok(history) = window.history() {
        let _ = history.replace_state_with_url(
            &wasm_bindgen::JsValue::NULL,
            "",
            Some(&format!("{path}{fragment}")),
        );
    }
}

/// A paste outside the import box replaces the board if it reads as a puzzle; otherwise
/// the board stays and the error says where the text went wrong. Text too long to be a
/// puzzle is refused anywhere, before it is copied out of the browser's string.
fn on_paste(event: &web_sys::Event, state: &UseReducerHandle<State>) {
    if pasted_image(event) {
        return;
    }
    let in_field = in_text_field(event);
    let Some(text) = pasted_text(event) else {
        return;
    };
    if let Err(too_long) = within_limit(text.length()) {
        event.prevent_default();
        state.dispatch(Action::Page(PageAction::Notice(Some(format!(
            "Not pasted: {too_long}"
        )))));
        return;
    }
    if in_field {
        return;
    }
    event.prevent_default();
    load_text(&String::from(text), state);
}

/// Listens to `event` on the whole document. Not passive: a paste taken as a puzzle must
/// not also land elsewhere, nor an undo key reach the browser.
fn on_document(
    state: &UseReducerHandle<State>,
    event: &'static str,
    handle: fn(&web_sys::Event, &UseReducerHandle<State>),
) -> Option<EventListener> {
    let document = web_sys::window()?.document()?;
    let state = state.clone();
    let options = EventListenerOptions::enable_prevent_default();
    Some(EventListener::new_with_options(
        &document,
        event,
        options,
        move |e| handle(e, &state),
    ))
}

/// Ctrl+Z undoes, Ctrl+Y and Ctrl+Shift+Z redo (Cmd on macOS), anywhere but in a text
/// field, which keeps the browser's own undo.
fn on_undo_key(event: &web_sys::Event, state: &UseReducerHandle<State>) {
    let Some(key) = event.dyn_ref::<web_sys::KeyboardEvent>() else {
        return;
    };
    if !(key.ctrl_key() || key.meta_key()) || key.alt_key() || in_text_field(event) {
        return;
    }
    let action = match (key.key().to_lowercase().as_str(), key.shift_key()) {
        ("z", false) => Action::Play(PlayAction::Undo),
        ("z", true) | ("y", false) => Action::Play(PlayAction::Redo),
        _ => return,
    };
    event.prevent_default();
    state.dispatch(action);
}

/// Whether the event happened in a text field, where keys and pastes are the field's.
fn in_text_field(event: &web_sys::Event) -> bool {
    let Some(target) = event.target() else {
        return false;
    };
    if let Some(input) = target.dyn_ref::<web_sys::HtmlInputElement>() {
        return !matches!(input.type_().as_str(), "radio" | "checkbox");
    }
    target
        .dyn_ref::<web_sys::Element>()
        .is_some_and(|e| e.tag_name() == "TEXTAREA")
}

/// Whether the paste holds a file, such as a screenshot: that is scanned, not read as text.
fn pasted_image(event: &web_sys::Event) -> bool {
    event
        .dyn_ref::<web_sys::ClipboardEvent>()
        .and_then(|e| e.clipboard_data())
        .and_then(|data| data.files())
        .is_some_and(|files| files.length() > 0)
}

/// The pasted text as the browser holds it, not yet converted.
fn pasted_text(event: &web_sys::Event) -> Option<js_sys::JsString> {
    let data = event
        .dyn_ref::<web_sys::ClipboardEvent>()?
        .clipboard_data()?;
    let get_data = js_sys::Reflect::get(&data, &"getData".into())
        .ok()?
        .dyn_into::<js_sys::Function>()
        .ok()?;
    get_data.call1(&data, &"text".into()).ok()?.dyn_into().ok()
}

/// Whether text of `length` UTF-16 units may be a puzzle; the engine checks again in bytes.
pub(crate) fn within_limit(length: u32) -> Result<(), ParseError> {
    match length as usize {
        bytes if bytes > MAX_TEXT => Err(ParseError::TooLong { bytes }),
        _ => Ok(()),
    }
}

/// Loads pasted or imported text as the puzzle, or explains why it cannot.
pub(crate) fn load_text(text: &str, state: &UseReducerHandle<State>) -> bool {
    match Grid::parse(text) {
        Ok(grid) => {
            state.dispatch(Action::Game(GameAction::Load(grid)));
            true
        }
        Err(e) => {
            state.dispatch(Action::Page(PageAction::Notice(Some(format!(
                "Not imported: {e}"
            )))));
            false
        }
    }
}
