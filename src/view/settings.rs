//! The player's settings, in a panel of their own.

use web_sys::HtmlInputElement;
use yew::prelude::*;

use crate::state::{Action, Preferences, State};

pub fn settings_panel(state: &UseReducerHandle<State>) -> Html {
    let settings = state.settings;
    let option = |label: &'static str, on: bool, set: fn(&mut Preferences, bool)| {
        let dispatcher = state.dispatcher();
        let onchange = Callback::from(move |e: Event| {
            let mut changed = settings;
            set(
                &mut changed,
                e.target_unchecked_into::<HtmlInputElement>().checked(),
            );
            dispatcher.dispatch(Action::Settings(changed));
        });
        html! { <label class="option"><input type="checkbox" checked={on} {onchange} />{ label }</label> }
    };
    html! {
        <details class="settings">
            <summary>{ "Settings" }</summary>
            { option("Placing a digit removes it from its peers' marks", settings.auto_clean, |s, on| s.auto_clean = on) }
            { option("Check also marks centre marks that leave out the answer", settings.check_marks, |s, on| s.check_marks = on) }
            { option("Show the timer", settings.show_timer, |s, on| s.show_timer = on) }
            { option("Highlight the selected cell's row, column and box", settings.highlight_peers, |s, on| s.highlight_peers = on) }
            { option("Highlight the selected digit everywhere", settings.highlight_same, |s, on| s.highlight_same = on) }
            { option("Centre marks in fixed places", settings.fixed_candidates, |s, on| s.fixed_candidates = on) }
            { option("Say at once when a digit leaves no solution (counts as help)", settings.live_verdict, |s, on| s.live_verdict = on) }
            { option("Name cells as r4c8 rather than row 4, column 8", settings.short_cells, |s, on| s.short_cells = on) }
            { option("Show solver details (how long it took)", settings.solver_details, |s, on| s.solver_details = on) }
        </details>
    }
}
