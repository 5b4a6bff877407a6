//! The service worker from the page's side: register it, say when a new version has been
//! installed beside the running one, and switch to it when the person asks.
//!
//! # Offline, and updates
//!
//! `sw.js` precaches the shell when it installs. It names the cache after its scope and a
//! hash of the build's files (so two copies of the app on one site keep their own), serves
//! everything cache-first, and answers every navigation with the one page, so that any
//! shared link opens offline. A new build installs beside the running one and waits there.
//! `offline.rs` then shows "Updated; Reload", and on the click it asks the waiting worker
//! to take over and reloads the page once it has; if another tab already let it take over,
//! Reload just reloads. The solver worker belongs to the page, so it loads through the same
//! cache; after another tab's update that is the new build's cache, which the build id in
//! `Ready` catches.

use gloo_events::EventListener;
use wasm_bindgen::JsCast;
use wasm_bindgen_futures::{spawn_local, JsFuture};
use web_sys::{ServiceWorker, ServiceWorkerRegistration, ServiceWorkerState};
use yew::Callback;

const SCRIPT: &str = "./sw.js";

/// Registers the service worker; `on_update` hears of a new version waiting to take over.
pub fn register(on_update: Callback<()>) {
    let Some(window) = web_sys::window() else {
        return;
    };
    let container = window.navigator().service_worker();
    let registering = container.register(SCRIPT);
    spawn_local(async move {
        // Without a service worker (an insecure origin, a test page) the app still works
        // online; there is nothing to report.
        let Ok(registration) = JsFuture::from(registering).await else {
            return;
        };
        let registration: ServiceWorkerRegistration = registration.unchecked_into();
        let controlled = move || container.controller().is_some();
        if registration.waiting().is_some() && controlled() {
            on_update.emit(());
        }
        let watched = registration.clone();
        EventListener::new(&registration, "updatefound", move |_| {
            let Some(installing) = watched.installing() else {
                return;
            };
            let (worker, on_update, controlled) =
                (installing.clone(), on_update.clone(), controlled.clone());
            EventListener::new(&installing, "statechange", move |_| {
                // The first install has no page to update; later ones wait for the person.
                if worker.state() == ServiceWorkerState::Installed && controlled() {
                    on_update.emit(());
                }
            })
            .forget();
        })
        .forget();
    });
}

/// Lets the waiting version take over, then reloads into it. If another tab already let
/// it take over, there is nothing waiting: reload at once.
pub fn apply_update() {
    let Some(window) = web_sys::window() else {
        return;
    };
    let container = window.navigator().service_worker();
    let ready = container.get_registration();
    spawn_local(async move {
        let registration = JsFuture::from(ready).await.ok();
        let waiting = registration
            .as_ref()
            .and_then(|r| r.dyn_ref::<ServiceWorkerRegistration>())
            .and_then(ServiceWorkerRegistration::waiting);
        let Some(waiting) = waiting else {
            let _ = window.location().reload();
            return;
        };
        let reload = window.clone();
        EventListener::once(&container, "controllerchange", move |_| {
            let _ = reload.location().reload();
        })
        .forget();
        let _ = ServiceWorker::post_message(&waiting, &"skip-waiting".into());
    });
}

/// Reloads a page that found itself older than its worker. Once a minute at most: if the
/// reload does not bring the versions together, the notice and its Reload button stay.
pub fn reload_for_update() {
    const KEY: &str = "sudoku.reloaded-for-update";
    let session = web_sys::window().and_then(|w| w.session_storage().ok().flatten());
    // Whole milliseconds, so that no float is ever written as text (see `storage`).
    let now = js_sys::Date::now() as u64;
    let last = session
        .as_ref()
        .and_then(|s| s.get_item(KEY).ok().flatten())
        .and_then(|text| text.parse::<u64>().ok());
    if last.is_some_and(|last| now.saturating_sub(last) < 60_000) {
        return;
    }
    if let Some(session) = session {
        let _ = session.set_item(KEY, &now.to_string());
    }
    if let Some(window) = web_sys::window() {
        let _ = window.location().reload();
    }
}
