//! The web app: a Yew page and, in a worker started from the same wasm module, the solver.
//! See ARCHITECTURE.md for how a keypress travels to the worker and back.

pub mod board;
pub mod client;
pub mod crash;
pub mod json;
pub mod link;
pub mod offline;
pub mod protocol;
pub mod share;
pub mod state;
pub mod storage;
pub mod variant;
pub mod view;
pub mod words;
pub mod worker;

use wasm_bindgen::JsCast;

/// The module's one entry point: in a window it mounts the page into `#app` (a page
/// without one, such as a test runner's, is left alone); in a worker it serves requests.
pub fn start() {
    let global = js_sys::global();
    if let Some(window) = global.dyn_ref::<web_sys::Window>() {
        if let Some(root) = window.document().and_then(|d| d.get_element_by_id("app")) {
            crash::install(true);
            // The first render in a task of its own, not in the one that compiled and
            // started the module: on a slow phone neither then holds the page as long
            // (Lighthouse's blocking time counts each task's time past 50 ms).
            gloo_timers::callback::Timeout::new(0, move || {
                yew::Renderer::<view::App>::with_root(root).render();
            })
            .forget();
        }
    } else if let Ok(scope) = global.dyn_into::<web_sys::DedicatedWorkerGlobalScope>() {
        crash::install(false);
        worker::serve(scope);
    }
}
