//! Entering a puzzle, as a mode of its own: what to do (type, paste, scan or open a link),
//! and Start solving, which first says so when the solver found no single solution.

use yew::prelude::*;

use crate::state::{Action, GameAction, State};

#[derive(Properties, PartialEq)]
pub struct Props {
    pub state: UseReducerHandle<State>,
}

#[function_component]
pub fn EnterGuide(props: &Props) -> Html {
    let state = &props.state;
    // The doubt shown after a first press, until the person decides or the board changes
    // (the doubt may no longer hold).
    let warned = use_state(|| None::<&'static str>);
    {
        let warned = warned.clone();
        use_effect_with(state.play.revision, move |_| warned.set(None));
    }
    let start = {
        let (state, warned) = (state.clone(), warned.clone());
        Callback::from(move |_: MouseEvent| match state.doubt() {
            Some(doubt) if warned.is_none() => warned.set(Some(doubt)),
            _ => {
                warned.set(None);
                state.dispatch(Action::Game(GameAction::StartSolving));
            }
        })
    };
    let keep_editing = {
        let warned = warned.clone();
        Callback::from(move |_: MouseEvent| warned.set(None))
    };
    html! {
        <section class="entering" aria-labelledby="entering-title">
            <h2 id="entering-title">{ "Enter a puzzle" }</h2>
            <p>{ "Type its digits into the board, paste it (Ctrl+V), scan a photo with Scan, or open a link to it. Then Start solving." }</p>
            if let Some(doubt) = *warned {
                <p id="start-warning" class="warning" role="alert">{ doubt }{ " Start solving anyway?" }</p>
            }
            <div class="row-of-buttons">
                <button class="start" onclick={start} title="Keep these digits as the puzzle and solve from here">
                    { if warned.is_some() { "Start anyway" } else { "Start solving" } }</button>
                if warned.is_some() {
                    <button onclick={keep_editing}>{ "Keep editing" }</button>
                }
            </div>
        </section>
    }
}
