//! What comes to the page from outside the board: pastes and the undo keys anywhere but
//! in a text field, and drops on the page. A pasted or dropped image is scanned; text or a
//! link is opened as the puzzle (`load_text`).

use gloo_events::{EventListener, EventListenerOptions};
use wasm_bindgen::JsCast;
use yew::prelude::*;

use super::scan::{self, Scanning};
use super::{load_text, within_limit};
use crate::state::{Action, PageAction, PlayAction, State};

/// Listens for pastes and undo keys on the whole document while the page lives, and gives
/// the page's `dragover` and `drop` handlers.
#[hook]
pub fn use_page_input(
    state: &UseReducerHandle<State>,
    scanning: &Scanning,
) -> (Callback<DragEvent>, Callback<DragEvent>) {
    {
        let state = state.clone();
        let scanning = scanning.clone();
        use_effect_with((), move |_| {
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
            move || drop((listeners, image_paste))
        });
    }
    // An image dropped anywhere on the page is scanned; a link or text is opened.
    let ondragover = Callback::from(|e: DragEvent| {
        let types = e.data_transfer().map(|d| d.types());
        if types.is_some_and(|t| {
            ["Files", "text/plain", "text/uri-list"]
                .iter()
                .any(|k| t.includes(&(*k).into(), 0))
        }) {
            e.prevent_default();
        }
    });
    let ondrop = {
        let (state, scanning) = (state.clone(), scanning.clone());
        Callback::from(move |e: DragEvent| {
            let Some(data) = e.data_transfer() else {
                return;
            };
            if let Some(image) = scan::first_image(data.files()) {
                e.prevent_default();
                scanning.image(image);
                return;
            }
            let text = ["text/uri-list", "text/plain"]
                .iter()
                .filter_map(|k| data.get_data(k).ok())
                .find(|t| !t.trim().is_empty());
            if let Some(text) = text {
                e.prevent_default();
                match within_limit(text.len() as u32) {
                    Ok(()) => {
                        load_text(&text, &state);
                    }
                    Err(e) => state.dispatch(Action::Page(PageAction::Notice(Some(format!(
                        "Not opened: {e}"
                    ))))),
                }
            }
        })
    };
    (ondragover, ondrop)
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
    let action = match (key.key().to_ascii_lowercase().as_str(), key.shift_key()) {
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
