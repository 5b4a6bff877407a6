//! What a panic leaves behind. On the page's thread Yew cannot render after one, so the
//! hook says what happened in plain DOM, outside Yew, and offers Reload. The puzzle and
//! progress were saved as they were made, so the reload brings them back; nothing here
//! writes to storage. In a worker the hook only logs: the page hears of the failure
//! through the worker's `error` event (`client.rs`).

use std::sync::atomic::{AtomicBool, Ordering};

use wasm_bindgen::prelude::*;
use web_sys::Document;

/// The notice is shown once: a broken page may panic again on its way down.
static SHOWN: AtomicBool = AtomicBool::new(false);

pub fn install(in_window: bool) {
    let hook = Box::new(move |info: &std::panic::PanicHookInfo<'_>| {
        web_sys::console::error_1(&format!("the app stopped: {info}").into());
        if in_window && !SHOWN.swap(true, Ordering::SeqCst) {
            let document = web_sys::window().and_then(|w| w.document());
            if let Some(document) = document {
                let _ = show(&document, &info.to_string());
            }
        }
    });
    if in_window {
        // Yew puts in a hook of its own when it renders, unless told of this one.
        yew::set_custom_panic_hook(hook);
    } else {
        std::panic::set_hook(hook);
    }
}

/// A dialog over the page: what happened, that the puzzle is safe, and Reload.
fn show(document: &Document, detail: &str) -> Result<(), JsValue> {
    let element = |tag: &str, text: &str| -> Result<web_sys::Element, JsValue> {
        let e = document.create_element(tag)?;
        e.set_text_content(Some(text));
        Ok(e)
    };
    let panel = document.create_element("div")?;
    panel.set_id("crash");
    panel.set_attribute("role", "alertdialog")?;
    panel.set_attribute("aria-modal", "true")?;
    panel.set_attribute("aria-labelledby", "crash-title")?;
    panel.set_attribute("aria-describedby", "crash-text")?;
    let title = element("h2", "Something went wrong")?;
    title.set_id("crash-title");
    let text = element(
        "p",
        "The page stopped working. Your puzzle and progress are saved: reload to carry on.",
    )?;
    text.set_id("crash-text");
    // A plain handler: the wasm module that would run a Rust one has just failed.
    let reload = element("button", "Reload")?;
    reload.set_attribute("onclick", "location.reload()")?;
    let details = element("details", "")?;
    for part in [element("summary", "What failed")?, element("pre", detail)?] {
        details.append_child(&part)?;
    }
    for child in [&title, &text, &reload, &details] {
        panel.append_child(child)?;
    }
    document
        .body()
        .ok_or_else(|| JsValue::from_str("no body"))?
        .append_child(&panel)?;
    let _ = wasm_bindgen::JsCast::dyn_ref::<web_sys::HtmlElement>(&reload).map(|b| b.focus());
    Ok(())
}

/// Panics on purpose, so the end-to-end tests can check the notice above with a real
/// panic in the real module; nothing in the app calls it.
#[wasm_bindgen(js_name = panicForTests)]
pub fn panic_for_tests() {
    panic!("a panic asked for by a test");
}
