//! What the thumb reaches while playing: the input mode switch, the digit (or colour) pad,
//! Delete, undo and redo, and the teaching buttons.

use wasm_bindgen::JsCast;
use yew::prelude::*;

use crate::board::{colour_name, COLOURS};
use crate::protocol::Hint;
use crate::state::{Action, Input, LessonAction, PlayAction, State, HINT_STAGES};

/// A click on the pad, the mode switch or the buttons under them hands the keyboard back
/// to the board, so Z, X, C, V and the digits go on working there. Keyboard presses of a
/// control (a click of `detail` 0) leave focus where the person put it.
fn give_keys_back(e: MouseEvent) {
    if e.detail() == 0 {
        return;
    }
    let board = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.query_selector("[role=grid]").ok().flatten())
        .and_then(|b| b.dyn_into::<web_sys::HtmlElement>().ok());
    if let Some(board) = board {
        let options = web_sys::FocusOptions::new();
        options.set_prevent_scroll(true);
        let _ = board.focus_with_options(&options);
    }
}

pub fn pad(
    state: &UseReducerHandle<State>,
    on_hint: &Callback<()>,
    on_check: &Callback<()>,
) -> Html {
    let n = state.play.board.shape().n() as u8;
    let input = state.play.input;
    let act = |action: fn() -> Action| {
        let dispatcher = state.dispatcher();
        Callback::from(move |_: MouseEvent| dispatcher.dispatch(action()))
    };
    let press = |value: u8| {
        let dispatcher = state.dispatcher();
        Callback::from(move |_: MouseEvent| {
            dispatcher.dispatch(Action::Play(PlayAction::Type(value)))
        })
    };

    let modes = Input::ALL.into_iter().map(|mode| {
        let dispatcher = state.dispatcher();
        let onchange = Callback::from(move |_: Event| dispatcher.dispatch(Action::Play(PlayAction::SetInput(mode))));
        html! {
            <label class={classes!("mode", (mode == input).then_some("chosen"))}>
                <input type="radio" name="input-mode" value={mode.name()} checked={mode == input} {onchange}
                    aria-keyshortcuts={mode.key().to_string()} />
                { mode.name() }<kbd aria-hidden="true">{ mode.key() }</kbd>
            </label>
        }
    });
    let keys: Html = if input == Input::Colour {
        (1..=COLOURS)
            .map(|c| {
                html! {
                    <button class="digit swatch" style={format!("--swatch: var(--colour-{c})")}
                        aria-label={format!("Colour {c}, {}", colour_name(c))} onclick={press(c)}>{ c }</button>
                }
            })
            .collect()
    } else {
        // How many of each digit are left to place; a digit placed everywhere is done.
        let symbols = state.play.board.symbols();
        let symbol = |d| symbols.shown(d);
        let mut placed = vec![0usize; usize::from(n) + 1];
        for &d in state.play.board.cells() {
            placed[usize::from(d)] += 1;
        }
        (1..=n)
            .map(|d| {
                let left = usize::from(n).saturating_sub(placed[usize::from(d)]);
                let label = match left {
                    0 => format!("{}, all placed", symbol(d)),
                    _ => format!("{}, {left} left", symbol(d)),
                };
                html! {
                    <button class="digit" onclick={press(d)} aria-label={label}
                        data-left={left.to_string()} data-done={(left == 0).then_some("")}>{ symbol(d) }</button>
                }
            })
            .collect()
    };
    let hint_stage = match &state.lesson.hint {
        Some((Hint::Step(_), stage)) => Some(*stage),
        // A digit found by search is shown whole at once, with Apply.
        Some((Hint::Searched { .. }, _)) => Some(HINT_STAGES),
        _ => None,
    };
    let on_hint = on_hint.reform(|_: MouseEvent| ());
    let on_check = on_check.reform(|_: MouseEvent| ());
    let pad_label = match input {
        Input::Digit => "Digits",
        Input::Corner => "Corner marks",
        Input::Centre => "Centre marks",
        Input::Colour => "Colours",
    };

    html! {
        <div class="play-controls" onclick={Callback::from(give_keys_back)}>
            <div class="modes" role="radiogroup" aria-label="Input mode">{ for modes }</div>
            <div class={classes!("pad", format!("pad-{}", input.name().to_ascii_lowercase()), format!("pad-n-{n}"))} role="group" aria-label={pad_label}>
                { keys }
                <button class="digit clear" aria-label="Delete" aria-keyshortcuts="Delete Backspace"
                    onclick={act(|| Action::Play(PlayAction::Erase))}>{ "⌫" }</button>
            </div>
            <div class="row-of-buttons">
                <button onclick={act(|| Action::Play(PlayAction::Undo))} disabled={!state.play.history.can_undo()}
                    aria-keyshortcuts="Control+Z Meta+Z">{ "Undo" }</button>
                <button onclick={act(|| Action::Play(PlayAction::Redo))} disabled={!state.play.history.can_redo()}
                    aria-keyshortcuts="Control+Y Control+Shift+Z Meta+Shift+Z">{ "Redo" }</button>
                if hint_stage == Some(HINT_STAGES) {
                    <button class="apply" onclick={act(|| Action::Lesson(LessonAction::ApplyHint))}>{ "Apply" }</button>
                } else {
                    <button class="hint-button" onclick={on_hint} disabled={state.lesson.thinking}>
                        { if hint_stage.is_some() { "Show more" } else { "Hint" } }</button>
                }
                <button onclick={on_check} disabled={state.lesson.thinking}
                    title="Mark the digits of yours that the solution does not have">{ "Check" }</button>
                // "Fill" alone on a phone, so that the row holds on one line there.
                <button onclick={act(|| Action::Play(PlayAction::FillCandidates))} aria-label="Fill candidates"
                    title="Write every empty cell's candidates as centre marks">{ "Fill" }<span class="wide-only">{ " candidates" }</span></button>
            </div>
        </div>
    }
}
