//! The solver's tools, grouped away from play in a panel: the size, editing the puzzle,
//! the solution, counting, the step list, importing and copying out. The panel starts
//! closed on every screen, and the tools that give answers away ask first, once a puzzle.

use sudoku_engine::Shape;
use web_sys::{HtmlInputElement, HtmlSelectElement, HtmlTextAreaElement};
use yew::prelude::*;

use crate::link;
use crate::state::{Action, GameAction, Mode, PageAction, SolverAction, State, MAX_LIMIT};
use crate::view::logic::steps_panel;
use crate::view::{load_text, within_limit};
use sudoku_links::export::Site;

#[derive(Properties, PartialEq)]
pub struct Props {
    pub state: UseReducerHandle<State>,
    pub busy: bool,
    pub on_count: Callback<()>,
    pub on_stop: Callback<()>,
    pub on_path: Callback<()>,
}

/// A tool that gives answers away.
#[derive(Clone, Copy, PartialEq)]
enum Spoiler {
    Solution,
    Reveal,
    Steps,
}

impl Spoiler {
    fn question(self) -> &'static str {
        match self {
            Spoiler::Solution => "Show the whole solution?",
            Spoiler::Reveal => "Reveal the answer in a cell?",
            Spoiler::Steps => "List every step to the end?",
        }
    }

    fn yes(self) -> &'static str {
        match self {
            Spoiler::Solution => "Show it",
            Spoiler::Reveal => "Reveal it",
            Spoiler::Steps => "List them",
        }
    }
}

#[function_component]
pub fn Tools(props: &Props) -> Html {
    let state = &props.state;
    let n = state.play.board.shape().n();
    let import = use_node_ref();
    // The spoiler asked about, until the person answers. The question takes the focus, on
    // its safe answer, as an alert dialog does.
    let asking = use_state(|| None::<Spoiler>);
    let cancel = use_node_ref();
    {
        let cancel = cancel.clone();
        use_effect_with(*asking, move |asking| {
            if let (Some(_), Some(button)) = (asking, cancel.cast::<web_sys::HtmlElement>()) {
                let _ = button.focus();
            }
        });
    }
    let act = |action: fn() -> Action| {
        let state = state.clone();
        Callback::from(move |_: MouseEvent| state.dispatch(action()))
    };

    let on_size = {
        let state = state.clone();
        Callback::from(move |e: Event| {
            let side = e.target_unchecked_into::<HtmlSelectElement>().value();
            if let Some(shape) = side.parse().ok().and_then(Shape::for_side) {
                state.dispatch(Action::Game(GameAction::NewSize(shape)));
            }
        })
    };
    let on_limit = {
        let state = state.clone();
        Callback::from(move |e: Event| {
            let limit = e.target_unchecked_into::<HtmlInputElement>().value();
            state.dispatch(Action::Solver(SolverAction::SetLimit(limit)));
        })
    };
    let on_import = {
        let state = state.clone();
        let import = import.clone();
        Callback::from(move |_: MouseEvent| {
            if let Some(area) = import.cast::<HtmlTextAreaElement>() {
                if let Err(too_long) = within_limit(area.text_length()) {
                    state.dispatch(Action::Page(PageAction::Notice(Some(format!(
                        "Not imported: {too_long}"
                    )))));
                } else if load_text(&area.value(), &state) {
                    area.set_value("");
                }
            }
        })
    };
    let copy = |what: Copy| {
        let state = state.clone();
        Callback::from(move |_: MouseEvent| {
            let puzzle = state.play.board.puzzle();
            let (text, done) = match what {
                Copy::Site(site) => match state.play.board.export_link(site) {
                    Ok(link) => (link, "Copied the link to the other site."),
                    Err(why) => {
                        let why = state.words().say(&why);
                        let notice = format!("No {} link: {why}.", site.name());
                        state.dispatch(Action::Page(PageAction::Notice(Some(notice))));
                        return;
                    }
                },
                Copy::Line => (puzzle.to_line(), "Copied the puzzle."),
                Copy::Grid => (puzzle.to_pretty(), "Copied the puzzle as a grid."),
                Copy::Link { progress } => {
                    let Some(location) = web_sys::window().map(|w| w.location()) else {
                        return;
                    };
                    let here = format!(
                        "{}{}",
                        location.origin().unwrap_or_default(),
                        location.pathname().unwrap_or_default()
                    );
                    let fragment = match progress {
                        true => link::fragment(
                            &state.play.board,
                            state.play.payload(),
                            Some(&state.play.timer),
                        ),
                        false => link::address(&state.play),
                    };
                    (format!("{here}{fragment}"), "Copied the link.")
                }
            };
            copy_to_clipboard(text, done, state.clone());
        })
    };
    let spoil = {
        let (state, on_path) = (state.clone(), props.on_path.clone());
        move |spoiler: Spoiler| match spoiler {
            Spoiler::Solution => state.dispatch(Action::Game(GameAction::ToggleSolution)),
            Spoiler::Reveal => state.dispatch(Action::Solver(SolverAction::Reveal)),
            Spoiler::Steps => on_path.emit(()),
        }
    };
    // Asks before the first spoiler on a puzzle; once help was taken, it asks no more.
    let ask = |spoiler: Spoiler| {
        let (state, asking, spoil) = (state.clone(), asking.clone(), spoil.clone());
        Callback::from(move |_: MouseEvent| {
            if state.game.spoiled {
                spoil(spoiler);
            } else {
                asking.set(Some(spoiler));
            }
        })
    };
    let answer = |yes: bool| {
        let (asking, spoil) = (asking.clone(), spoil.clone());
        Callback::from(move |_: MouseEvent| {
            if let (true, Some(spoiler)) = (yes, *asking) {
                spoil(spoiler);
            }
            asking.set(None);
        })
    };
    let hide_solution = act(|| Action::Game(GameAction::ToggleSolution));
    let on_count = props.on_count.reform(|_: MouseEvent| ());
    let on_stop = props.on_stop.reform(|_: MouseEvent| ());

    html! {
        <details class="tools">
            <summary>{ "Solver tools" }</summary>
            <div class="row-of-buttons">
                <label>{ "Size " }
                    <select onchange={on_size} aria-label="Grid size">
                        { for Shape::ALL.iter().map(|s| html! {
                            <option value={s.n().to_string()} selected={s.n() == n}>{ s.to_string() }</option>
                        }) }
                    </select>
                </label>
                if state.play.mode == Mode::Solving {
                    <button onclick={act(|| Action::Game(GameAction::EditPuzzle))} title="Change the puzzle's givens and rules">{ "Edit puzzle" }</button>
                }
                <button onclick={act(|| Action::Game(GameAction::ClearAll))}>{ "Clear" }</button>
            </div>
            <div class="row-of-buttons">
                if state.game.show_solution {
                    <button aria-pressed="true" onclick={hide_solution}>{ "Hide solution" }</button>
                } else {
                    <button aria-pressed="false" onclick={ask(Spoiler::Solution)}>{ "Show solution" }</button>
                }
                <button onclick={ask(Spoiler::Reveal)}>{ "Reveal one cell" }</button>
                <button onclick={ask(Spoiler::Steps)} disabled={state.lesson.thinking}>{ "Solve step by step" }</button>
            </div>
            if let Some(spoiler) = *asking {
                <div id="confirm-spoiler" class="confirm" role="alertdialog" aria-labelledby="confirm-question"
                    aria-describedby="confirm-why">
                    <p id="confirm-question" class="question">{ spoiler.question() }</p>
                    <p id="confirm-why">{ "It gives answers away, and the finished puzzle will say the solver helped." }</p>
                    <div class="row-of-buttons">
                        <button class="yes" onclick={answer(true)}>{ spoiler.yes() }</button>
                        <button class="no" ref={cancel} onclick={answer(false)}>{ "Cancel" }</button>
                    </div>
                </div>
            }
            <div class="row-of-buttons">
                <button onclick={on_count}>{ "Count solutions" }</button>
                <label>{ "up to " }
                    <input type="number" min="1" max={MAX_LIMIT.to_string()} class="limit" aria-label="Count limit"
                        aria-invalid={state.solver.limit_error.is_some().to_string()}
                        aria-describedby={state.solver.limit_error.is_some().then_some("limit-error")}
                        value={state.solver.count_limit.to_string()} onchange={on_limit} />
                </label>
                if let Some(error) = &state.solver.limit_error {
                    <p id="limit-error" class="field-error">{ error.clone() }</p>
                }
                if props.busy {
                    <button class="stop" onclick={on_stop}>{ "Stop" }</button>
                }
            </div>
            <div class="import">
                <label for="import">{ "Import a puzzle (any common text form)" }</label>
                <textarea id="import" ref={import} rows="4" spellcheck="false"
                    placeholder="8..........36......7..9.2..." />
                <div class="row-of-buttons">
                    <button onclick={on_import}>{ "Import" }</button>
                    <button onclick={copy(Copy::Line)}>{ "Copy puzzle" }</button>
                    <button onclick={copy(Copy::Grid)}>{ "Copy as grid" }</button>
                </div>
                <div class="row-of-buttons">
                    <button onclick={copy(Copy::Link { progress: false })}>{ "Copy link" }</button>
                    <button onclick={copy(Copy::Link { progress: true })}>{ "Copy link with progress" }</button>
                </div>
                <div class="row-of-buttons">
                    { for Site::ALL.map(|site| html! {
                        <button onclick={copy(Copy::Site(site))}>{ format!("Copy {} link", site.name()) }</button>
                    }) }
                </div>
            </div>
            { steps_panel(state) }
        </details>
    }
}

#[derive(Clone, Copy)]
enum Copy {
    Line,
    Grid,
    Link {
        progress: bool,
    },
    /// The puzzle as f-puzzles, SudokuPad or ISS opens it.
    Site(Site),
}

fn copy_to_clipboard(text: String, done: &'static str, state: UseReducerHandle<State>) {
    let Some(window) = web_sys::window() else {
        return;
    };
    let promise = window.navigator().clipboard().write_text(&text);
    wasm_bindgen_futures::spawn_local(async move {
        state.dispatch(match wasm_bindgen_futures::JsFuture::from(promise).await {
            Ok(_) => Action::Page(PageAction::Told(done.to_string())),
            Err(_) => Action::Page(PageAction::Notice(Some(format!(
                "Could not reach the clipboard; here is the text: {text}"
            )))),
        });
    });
}
