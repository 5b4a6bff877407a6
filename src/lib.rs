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

use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;

/// The module's one entry point: in a window it mounts the page into `#app` (a page
/// without one, such as a test runner's, is left alone); in a worker it serves requests.
pub fn start() {
    let global = js_sys::global();
    if let Some(window) = global.dyn_ref::<web_sys::Window>() {
        if let Some(root) = window.document().and_then(|d| d.get_element_by_id("app")) {
            crash::install(true);
            // The first render once the page's loading skeleton (index.html) has painted: in
            // the task after the next frame's, so neither that frame nor the task that
            // compiled and started the module holds it (Lighthouse's blocking time counts
            // each task's time past 50 ms). Where the module came before the first paint,
            // the skeleton was never painted, and the largest text painted was a line that
            // came seconds later, with today's puzzle: the page's largest contentful paint.
            let render = Closure::once_into_js(move || {
                gloo_timers::callback::Timeout::new(0, move || {
                    yew::Renderer::<view::App>::with_root(root).render();
                })
                .forget();
            });
            let _ = window.request_animation_frame(render.unchecked_ref());
        }
    } else if let Ok(scope) = global.dyn_into::<web_sys::DedicatedWorkerGlobalScope>() {
        crash::install(false);
        worker::serve(scope);
    }
}
