//! The finish: a short celebration (CSS, only where motion is welcome), the summary (time,
//! level, hints, checks, the solver's help), Next puzzle at the same level, and Keep
//! editing, which lets the board move again.

use yew::prelude::*;

use crate::protocol::{Seed, Wanted};
use crate::state::{Action, GameAction, State, OWN};
use crate::view::maker::random;

pub fn finish(state: &UseReducerHandle<State>, on_make: &Callback<(Wanted, Seed)>) -> Html {
    let (game, timer) = (&state.game, &state.play.timer);
    // The same level again, as a new random puzzle (today's has no second).
    let wanted = game
        .origin
        .as_ref()
        .map_or(state.maker.choices, |origin| origin.wanted);
    let next = {
        let on_make = on_make.clone();
        Callback::from(move |_: MouseEvent| on_make.emit((wanted, random())))
    };
    let keep_editing = {
        let dispatcher = state.dispatcher();
        Callback::from(move |_: MouseEvent| {
            dispatcher.dispatch(Action::Game(GameAction::KeepEditing))
        })
    };
    let count = |n: u32| {
        if n == 0 {
            "none".to_string()
        } else {
            n.to_string()
        }
    };
    // A puzzle from elsewhere as the hints rate it, once they have.
    let level = match game.level_text() {
        Some(level) => level,
        None if state.lesson.rating => "Being rated…".to_string(),
        None => OWN.to_string(),
    };
    html! {
        <section id="finish" class="finish" aria-labelledby="solved">
            <p id="solved" class="solved" role="status">{ format!("Solved in {}. Well done!", timer.text()) }</p>
            <dl class="summary">
                <dt>{ "Time" }</dt><dd>{ timer.text() }</dd>
                <dt>{ "Level" }</dt><dd id="finish-level">{ level }</dd>
                <dt>{ "Hints" }</dt><dd>{ count(game.hints) }</dd>
                <dt>{ "Checks" }</dt><dd>{ count(game.checks) }</dd>
                if game.told > 0 || state.settings.live_verdict {
                    <dt>{ "Wrong digits told" }</dt><dd>{ count(game.told) }</dd>
                }
                <dt>{ "Solver's answers" }</dt><dd>{ if game.spoiled { "used" } else { "not used" } }</dd>
            </dl>
            <div class="row-of-buttons">
                <button class="next" onclick={next} disabled={state.maker.making.is_some()}>{ "Next puzzle" }</button>
                if state.locked() {
                    <button onclick={keep_editing} title="Let the finished board change again">{ "Keep editing" }</button>
                }
            </div>
        </section>
    }
}
