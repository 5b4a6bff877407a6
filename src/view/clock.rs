//! The timer. It ticks once a second; the reducer counts the time only while a puzzle is
//! being solved and the page shows, so a hidden tab, a finished puzzle or a sleeping
//! machine adds nothing.

use gloo_events::EventListener;
use gloo_timers::callback::Interval;
use yew::prelude::*;

use crate::state::{Action, PageAction, State};

/// Ticks the reducer once a second, and tells it when the page hides or shows, for as
/// long as the page lives (`App` calls it once).
#[hook]
pub fn use_clock(state: &UseReducerHandle<State>) {
    let dispatcher = state.dispatcher();
    use_effect_with((), move |_| {
        let document = web_sys::window().and_then(|w| w.document());
        let hidden =
            |d: &web_sys::Document| d.visibility_state() == web_sys::VisibilityState::Hidden;
        if let Some(d) = &document {
            dispatcher.dispatch(Action::Page(PageAction::Hidden(hidden(d))));
        }
        let tick = dispatcher.clone();
        let interval = Interval::new(1000, move || {
            tick.dispatch(Action::Page(PageAction::Tick(now())))
        });
        let listener = document.map(|d| {
            EventListener::new(&d.clone(), "visibilitychange", move |_| {
                dispatcher.dispatch(Action::Page(PageAction::Hidden(hidden(&d))))
            })
        });
        move || drop((interval, listener))
    });
}

/// The time shown, if the player shows it and there is a puzzle. A function of `App`'s
/// view rather than a component, as the pad is (see `view`'s module).
pub fn clock(state: &State) -> Html {
    if !state.settings.show_timer || !state.play.board.has_puzzle() {
        return html! {};
    }
    html! {
        <span class="timer" role="timer" aria-label="Time on this puzzle">{ state.play.timer.text() }</span>
    }
}

/// The page's clock in ms, which never goes back.
fn now() -> u64 {
    web_sys::window()
        .and_then(|w| w.performance())
        .map_or(0, |p| p.now() as u64)
}
