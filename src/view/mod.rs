//! The page's components. `App` owns the state, and puts together the workers' clients
//! and the effects (`hooks.rs`), what each worker is asked (`jobs.rs`) and what comes to
//! the page from outside the board (`input.rs`: pastes, drops, undo keys); the board, the
//! pad, the tools and the panels only render and dispatch.
//! A part drawn from the whole state and with no hooks of its own (the pad, the finish,
//! the settings and statistics panels), or whose hooks live as long as `App` (the clock,
//! the theme's toggle, the hint, their hooks called by `App`), is a plain function called from
//! `App`'s view, not a component: it is drawn again with every new state either way, and
//! a component costs the first load some 0.5-1 KB of Yew's machinery (mounting, props,
//! scopes) for nothing.

mod about;
mod board;
mod clock;
mod entering;
mod finish;
mod hooks;
mod input;
mod jobs;
mod logic;
mod maker;
mod overlay;
mod pad;
mod scan;
mod setter;
mod settings;
mod stats;
mod theme;
mod tools;

use std::rc::Rc;

use gloo_timers::callback::Timeout;
use sudoku_engine::{Grid, ParseError, Shape, MAX_TEXT};
use sudoku_links::LinkError;
use yew::prelude::*;

use crate::board::Board;
use crate::protocol::{Seed, BUILD};
use crate::state::{
    Action, GameAction, LessonAction, MakerAction, Mode, PageAction, Phase, ScanAction,
    SolverAction, State, Timer,
};
use crate::variant::Variant;
use crate::{offline, storage};
use hooks::{use_address, use_autosave, use_worker};

#[function_component]
pub fn App() -> Html {
    let state = use_reducer(|| {
        let board = hooks::linked_board().unwrap_or_else(|| Board::empty(Shape::NINE));
        let mode = match board.has_puzzle() {
            true => Mode::Solving,
            false => Mode::Entering,
        };
        let mut state = State::new(board, mode);
        // Read before the first render, as the linked board is: a first visit is laid
        // out for the puzzle it will get (`State::making_daily`).
        state.maker.greeting = hooks::fresh_visit();
        state.settings = storage::load_settings();
        state.stats = storage::load_stats();
        state.maker.ahead = storage::load_ahead();
        state
    });
    let solver = use_worker(&state, |r| Action::Solver(SolverAction::Report(r)));
    // Hints and the step list run in a worker of their own, so they never make a pending
    // solve stale, and each can be cancelled alone.
    let logic = use_worker(&state, |r| Action::Lesson(LessonAction::Report(r)));
    // New puzzles are made in a third, so that making one never stops a solve or a hint.
    // It starts with the first request, so that it costs a page load nothing.
    let maker = use_worker(&state, |r| Action::Maker(MakerAction::Report(r)));
    // The next puzzle of the kind last asked for is made ahead in a fourth, started with
    // the first such request, so that it never stops or slows the one asked for.
    let ahead = use_worker(&state, |r| Action::Maker(MakerAction::AheadReport(r)));
    // Images are read in a fifth, also started with the first request.
    let scanner = use_worker(&state, |r| Action::Scan(ScanAction::Report(r)));
    clock::use_clock(&state);
    let dark = theme::use_theme();
    let texts = logic::use_texts(&state);
    let scanning = use_memo((), {
        let dispatcher = state.dispatcher();
        move |_| scan::Scanning::new(scanner, dispatcher)
    });

    // Once: start the solver's worker, before the address is read. The logic's starts with
    // its first job, or once the page has settled and is idle: started at load, it took a
    // core from the first render on a two-core phone (Lighthouse's blocking time).
    {
        let (solver, logic) = (solver.clone(), logic.clone());
        use_effect_with((), move |_| {
            solver.start();
            let timer = jobs::after_settling(move || logic.start());
            move || drop(timer)
        });
    }
    // Load the puzzle from the link or from storage (a first visit gets today's Easy
    // puzzle), and keep the address on the board.
    let to_make = use_address(&state);
    // What stands below the board (and beside it) comes after the first render, once the
    // saved game is restored: Yew paints its first render before the effects run, and a
    // returning player's pad, level and guide would otherwise move when their game came
    // back. Parts that appear move nothing; only parts that were there can shift. It comes
    // in stages, top down, each in a task of its own (a zero timeout apart): on a slow
    // phone no one task then holds the page long after its first paint (Lighthouse's
    // blocking time counts each task's time past 50 ms).
    let stage = use_state(|| Stage::Board);
    {
        let stage = stage.clone();
        use_effect_with(*stage, move |&now| {
            let later = now
                .next()
                .map(|next| Timeout::new(0, move || stage.set(next)));
            move || drop(later)
        });
    }
    let started = *stage >= Stage::Pad;
    // Once: hear of updates.
    {
        let dispatch = state.dispatcher();
        use_effect_with((), move |_| {
            offline::register(Callback::from(move |()| {
                dispatch.dispatch(Action::Page(PageAction::UpdateReady))
            }));
        });
    }
    // Pastes, drops and undo keys from anywhere on the page.
    let (ondragover, ondrop) = input::use_page_input(&state, &scanning);

    // What each worker is asked, by the buttons and at every change of the board.
    let making = jobs::use_maker_jobs(&state, &maker, &ahead, to_make);
    let on_count = jobs::use_solver_jobs(&state, &solver);
    let lesson = jobs::use_lesson_jobs(&state, &logic);
    let on_stop = jobs::stopping(&state, &solver, &logic);
    // A worker from a newer deploy: this page is out of date, so it reloads into the new
    // version (the puzzle is saved already).
    use_effect_with(state.outdated, |&outdated| {
        if outdated {
            offline::reload_for_update();
        }
    });
    use_autosave(&state);

    let busy = state.lesson.thinking
        || matches!(
            state.solver.phase,
            Phase::Counting { .. } | Phase::Waiting { slow: true }
        );

    let timer = &state.play.timer;
    // While a first visit's puzzle is made, the page is laid out as it will be once the
    // puzzle comes (the pad, no guide to entering, a line for its level), so that nothing
    // moves when it does.
    let making_daily = state.making_daily();
    html! {
        <main class="app" data-build={BUILD} {ondragover} {ondrop}>
            if let Some(error) = &state.link_error {
                // Over the title, where it is seen first, until dismissed: the page under
                // it (today's puzzle on a first visit) moves nothing.
                <div id="link-error" class="link-error" role="alert">
                    <p>{ error.clone() }</p>
                    <button onclick={let state = state.clone(); Callback::from(move |_| state.dispatch(Action::Page(PageAction::LinkError(None))))}>{ "Dismiss" }</button>
                </div>
            }
            <header class="title-bar">
                <h1>{ "Sudoku" }</h1>
                { clock::clock(&state) }
                <maker::NewPuzzle state={state.clone()} on_make={making.on_make.clone()} on_stop={making.on_stop} />
                <scan::ScanDialog state={state.clone()} scanning={(*scanning).clone()} />
                { theme::theme_toggle(&dark) }
            </header>
            <p id="status" class="status" role="status" aria-live="polite">{ state.words().say(&state.status()) }</p>
            if state.update_ready {
                <p id="update" class="notice" aria-live="polite">{ "Updated; " }
                    <button onclick={Callback::from(|_| offline::apply_update())}>{ "Reload" }</button>
                </p>
            }
            // The title and rules, then the board, then what the thumb reaches: on a wide
            // screen the title and rules stand beside the board, above the pad, so the board
            // starts at the top and its last row stays in view (see style.css).
            <div class={classes!("workspace", (state.play.board.shape().n() >= 16).then_some("large"), state.play.board.variant().is_some().then_some("variant"))}>
                if let Some(variant) = state.play.board.variant() {
                    <about::AboutPuzzle imported={variant.imported.clone()} texts={texts.loaded()} />
                }
                <div class="play-area">
                    <board::BoardFrame state={Rc::new((*state).clone())} dispatcher={state.dispatcher()} />
                    if started {
                        if let Some(origin) = &state.game.origin {
                            <p id="level" class="level">{ match origin.seed {
                                Seed::Daily { .. } => origin.describe(),
                                Seed::Random(_) => format!("New puzzle: {}", origin.describe()),
                            } }</p>
                        } else if making_daily {
                            <p class="level">{ match state.maker.asked {
                                Some((_, Seed::Random(_))) => "Making the linked puzzle…",
                                _ => "Making today's puzzle…",
                            } }</p>
                        }
                        if timer.finished {
                            { finish::finish(&state, &making.on_make) }
                        }
                    }
                </div>
                if started {
                    <div class="side">
                        if state.play.mode == Mode::Entering && !making_daily {
                            <entering::EnterGuide state={state.clone()} />
                            <setter::Setter state={state.clone()} on_truth={lesson.on_truth} />
                        }
                        { pad::pad(&state, &lesson.on_hint, &lesson.on_check) }
                        // Messages (a notice, a hint, what Check found) under the buttons that
                        // ask for them: whatever their length, nothing above them moves.
                        <div class="messages">
                            if let Some(notice) = &state.notice {
                                <p id="notice" class="notice" role="alert">{ notice.clone() }</p>
                            }
                            { logic::hint_panel(&state, &texts) }
                        </div>
                        if *stage >= Stage::Tools {
                            <tools::Tools state={state.clone()} {busy} {on_count} {on_stop} on_path={lesson.on_path} />
                        }
                        if *stage >= Stage::Settings {
                            { settings::settings_panel(&state) }
                            { stats::stats_panel(&state) }
                        }
                    </div>
                }
            </div>
        </main>
    }
}

/// How much of the page is drawn: the title and the board first, then what stands
/// below and beside the board, a part at a time.
#[derive(Clone, Copy, PartialEq, PartialOrd)]
enum Stage {
    Board,
    Pad,
    Tools,
    Settings,
}

impl Stage {
    fn next(self) -> Option<Stage> {
        match self {
            Stage::Board => Some(Stage::Pad),
            Stage::Pad => Some(Stage::Tools),
            Stage::Tools => Some(Stage::Settings),
            Stage::Settings => None,
        }
    }
}

/// Whether text of `length` UTF-16 units may be a puzzle; the engine checks again in bytes.
pub(crate) fn within_limit(length: u32) -> Result<(), ParseError> {
    match length as usize {
        bytes if bytes > MAX_TEXT => Err(ParseError::TooLong { bytes }),
        _ => Ok(()),
    }
}

/// Loads pasted, imported or dropped text as the puzzle (a variant link, or a grid as
/// text), or explains why it cannot.
pub(crate) fn load_text(text: &str, state: &UseReducerHandle<State>) -> bool {
    // A grid as text first; then a link, a payload or f-puzzles' JSON. Which error is
    // told: the link's where the text is plainly one, else the grid's.
    let opened = Grid::parse(text)
        .map(|grid| Board::from_puzzle(&grid))
        .or_else(|grid_error| match Variant::open(text) {
            Ok(opened) => Ok(Board::opened(opened)),
            Err(LinkError::NotALink(_)) => Err(grid_error.to_string()),
            Err(e) if sudoku_links::looks_like_link(text.trim()) => Err(e.to_string()),
            Err(_) => Err(grid_error.to_string()),
        });
    match opened {
        Ok(board) => {
            state.dispatch(Action::Game(GameAction::Open(board, Timer::default())));
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
