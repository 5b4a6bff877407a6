//! The "New puzzle" dialog: classic or a variant (killer, arrow…), then a level in one
//! tap; today's puzzle and today's variant; or an empty board to enter a puzzle on; the
//! setter's options (size, level, symmetry, technique, minimal) folded away; progress and Stop while the worker makes one. A modal `<dialog>`, so the board
//! behind it cannot change while a puzzle is being made for it.
//!
//! # A new puzzle, from the dialog to the board
//!
//! The dialog's Make it (or Today's puzzle) sends `Job::Generate` with the board's ticket
//! to a third worker, `maker` (a `Worker` started with the first request), so making a
//! puzzle never cancels a solve or a hint. The worker runs `generate::generate` and posts a
//! `Progress` per candidate tried; Stop ends the worker. A `Generated` answer for the
//! current ticket opens the puzzle through `Change::Opened`, the same path as a link, and
//! the address then holds it. The dialog is modal, so the board it was asked on stays still
//! until the answer comes.
//!
//! A variant made here flows the same way, and from the worker on as a link does:
//!
//! 1. **Dialog.** `view/maker.rs` offers Classic and `offered_genres` (titles from
//!    `Genre::title`); a choice is `MakerAction::Choose` of a `Wanted` whose `variant`
//!    indexes `Genre::ALL` (`Maker::choose` makes it a 9x9 at a level alone, and
//!    `offered_levels` gives the genre's `Genre::levels`). A level's tap, Today's variant
//!    (`state::daily_variant`: the genres in turn by the date's day number, at a level the
//!    genre is made at) or Next puzzle sends `Job::Generate { wanted, seed }`.
//! 2. **Worker.** `worker/make.rs` runs `generate_variant(genre, level, seed, …)` (a
//!    `Seed::Daily` through `daily_seed`, as for classic), reporting each attempt as progress,
//!    and answers `Generated` with the givens and `document`: the f-puzzles document of
//!    `sudoku_links::made_document`, titled "Killer, Medium" and with `Genre::rules`, as
//!    JSON text (the browser's `JSON.stringify`, `json.rs`).
//! 3. **Board.** `Maker::report` takes the answer only for the board's ticket, like every
//!    answer; `MakerAction::Report` reads the document with `Variant::open`, as a link's JSON is
//!    read, and opens `Board::opened` through `Change::Opened` with the `Origin` (what was
//!    asked and the seed): drawn from its figures, titled and with its rules in
//!    `AboutPuzzle`, played, hinted, checked and finished as any variant. The save keeps the
//!    variant's payload (`fpuzzles…`) and the origin, so a reload needs no worker.
//! 4. **Statistics.** `Origin::filed` ("Killer, Medium") is what `Stats::record` files the
//!    finish under; a `Seed::Daily` of either kind keeps the one daily streak.
//! 5. **Short link.** While it is solved as made, the address and Copy link (without
//!    progress) are `link::made_fragment`: `#v=killer.medium.12345` (the genre's `name`, the
//!    level or `any`, the seed or the date). `link::made_in` reads one back; `use_address`
//!    keeps a saved game whose origin makes the same fragment, and otherwise returns
//!    `ToMake::Linked`, which `use_maker_jobs` asks the maker worker for, as a first visit's
//!    `ToMake::Today`: the seed makes the same puzzle everywhere. A link with progress
//!    carries the payload itself, since progress must wait for no worker.

use sudoku_engine::generate::variant::Genre;
use sudoku_engine::generate::Symmetry;
use sudoku_engine::Shape;
use web_sys::{HtmlDialogElement, HtmlInputElement, HtmlSelectElement};
use yew::prelude::*;

use crate::protocol::{Seed, Wanted};
use crate::state::{
    daily_variant, date_text, group, offered_genres, offered_levels, offered_techniques, Action,
    GameAction, MakerAction, State,
};

#[derive(Properties, PartialEq)]
pub struct Props {
    pub state: UseReducerHandle<State>,
    /// Make a puzzle as wanted, from the seed.
    pub on_make: Callback<(Wanted, Seed)>,
    pub on_stop: Callback<()>,
}

#[function_component]
pub fn NewPuzzle(props: &Props) -> Html {
    let state = &props.state;
    let maker = &state.maker;
    let dialog = use_node_ref();
    {
        let dialog = dialog.clone();
        use_effect_with(maker.open, move |&open| {
            if let Some(dialog) = dialog.cast::<HtmlDialogElement>() {
                match (open, dialog.open()) {
                    (true, false) => {
                        let _ = dialog.show_modal();
                    }
                    (false, true) => dialog.close(),
                    _ => {}
                }
            }
        });
    }
    let show = |open: bool| {
        let dispatcher = state.dispatcher();
        Callback::from(move |_| dispatcher.dispatch(Action::Maker(MakerAction::Show(open))))
    };
    // Escape closes the dialog by itself; the state follows.
    let onclose = {
        let dispatcher = state.dispatcher();
        Callback::from(move |_: Event| dispatcher.dispatch(Action::Maker(MakerAction::Show(false))))
    };
    let choices = maker.choices;
    let busy = maker.making.is_some();
    // A variant is a 9x9 made at a level alone: the setter's other options wait.
    let variant = choices.genre().is_some();
    let choose = |set: fn(&mut Wanted, &str)| {
        let dispatcher = state.dispatcher();
        Callback::from(move |e: Event| {
            let mut changed = choices;
            let value = match e.target_dyn_into::<HtmlInputElement>() {
                Some(input) if input.type_() == "checkbox" => input.checked().to_string(),
                Some(input) => input.value(),
                None => e.target_unchecked_into::<HtmlSelectElement>().value(),
            };
            set(&mut changed, &value);
            dispatcher.dispatch(Action::Maker(MakerAction::Choose(changed)));
        })
    };
    let make = |wanted: Wanted, seed: fn() -> Seed| {
        let on_make = props.on_make.clone();
        Callback::from(move |_: MouseEvent| on_make.emit((wanted, seed())))
    };
    // Today's puzzle is the same for everyone: the default 9x9 at the level chosen, and
    // beside it today's variant, at that level too.
    let daily = Wanted {
        level: choices.level,
        ..Wanted::default()
    };
    let daily_variant = match today() {
        Seed::Daily { year, month, day } => daily_variant(year, month, day, choices.level),
        Seed::Random(_) => daily,
    };
    // Classic or a variant, chosen before the level that makes it.
    let kind = |genre: Option<Genre>| {
        let dispatcher = state.dispatcher();
        let chosen = match genre {
            Some(genre) => Wanted::variant(genre, choices.level),
            None => Wanted {
                variant: None,
                ..choices
            },
        };
        let title = genre.map_or("Classic", Genre::title);
        html! {
            <button class="kind-choice" disabled={busy} aria-pressed={(choices.genre() == genre).to_string()}
                onclick={Callback::from(move |_: MouseEvent| dispatcher.dispatch(Action::Maker(MakerAction::Choose(chosen))))}>
                { title }</button>
        }
    };
    let kinds = std::iter::once(None)
        .chain(offered_genres().into_iter().map(Some))
        .map(kind);
    let enter = {
        let dispatcher = state.dispatcher();
        let shape = choices.shape();
        Callback::from(move |_: MouseEvent| {
            dispatcher.dispatch(Action::Game(GameAction::NewSize(shape)));
            dispatcher.dispatch(Action::Maker(MakerAction::Show(false)));
        })
    };
    let level_buttons = offered_levels(&choices).into_iter().map(|(i, level)| {
        let wanted = Wanted {
            level: Some(i),
            ..choices
        };
        html! { <button class="level-choice" disabled={busy} onclick={make(wanted, random)}>{ level.to_string() }</button> }
    });
    let shape = choices.shape();
    let option = |value: String, label: String, selected: bool| {
        html! { <option {value} {selected}>{ label }</option> }
    };

    html! {
        <>
            <button class="new-puzzle" onclick={show(true)}>{ "New puzzle" }</button>
            <dialog ref={dialog} class="maker" aria-labelledby="maker-title" {onclose}>
                <h2 id="maker-title">{ "New puzzle" }</h2>
                // Its controls only while it is open: the page's every render skips them.
                if maker.open {
                    <div class="kinds" role="group" aria-label="Kind of puzzle">{ for kinds }</div>
                    <div class="levels" role="group" aria-label="Level of a new puzzle">{ for level_buttons }</div>
                    <div class="row-of-buttons">
                        <button class="daily" disabled={busy} onclick={make(daily, today)}
                            title="The same 9x9 puzzle for everyone today, at the level in the setter's options">
                            { format!("Today's puzzle ({})", today_text()) }</button>
                        <button class="daily-variant" disabled={busy} onclick={make(daily_variant, today)}
                            title="The same variant puzzle for everyone today, a different variant each day">
                            { format!("Today's variant: {}", daily_variant.genre().map_or("", Genre::title)) }</button>
                        <button class="enter" disabled={busy} onclick={enter}
                            title="An empty board: type, paste, scan or open a link">{ "Enter a puzzle" }</button>
                    </div>
                    <details class="setter">
                        <summary>{ "Setter's options" }</summary>
                        <div class="maker-fields">
                            <label>{ "Size " }
                                <select aria-label="Size of the new puzzle" disabled={busy || variant}
                                    onchange={choose(|c, v| c.side = v.parse().unwrap_or(9))}>
                                    { for Shape::ALL.iter().map(|s| option(s.n().to_string(), s.to_string(), s.n() == usize::from(choices.side))) }
                                </select>
                            </label>
                            <label>{ "Level " }
                                <select aria-label="Level" disabled={busy}
                                    onchange={choose(|c, v| c.level = v.parse().ok())}>
                                    { option("any".into(), "Any".into(), choices.level.is_none()) }
                                    { for offered_levels(&choices).into_iter().map(|(i, l)| option(i.to_string(), l.to_string(), choices.level == Some(i))) }
                                </select>
                            </label>
                            <label>{ "Symmetry " }
                                <select aria-label="Symmetry" disabled={busy || variant}
                                    onchange={choose(|c, v| c.symmetry = v.parse().unwrap_or(1))}>
                                    { for Symmetry::ALL.iter().enumerate().map(|(i, s)| option(i.to_string(), symmetry_label(*s).into(), choices.symmetry == i as u8)) }
                                </select>
                            </label>
                            <label>{ "Needs " }
                                <select aria-label="Technique it needs" disabled={busy || variant}
                                    onchange={choose(|c, v| c.technique = v.parse().ok())}>
                                    { option("any".into(), "Any technique".into(), choices.technique.is_none()) }
                                    { for offered_techniques(shape).into_iter().map(|(i, t)| option(i.to_string(), t.name().into(), choices.technique == Some(i))) }
                                </select>
                            </label>
                            <label class="option"><input type="checkbox" checked={choices.minimal} disabled={busy || variant}
                                onchange={choose(|c, v| c.minimal = v == "true")} />{ "Minimal: every given is needed" }</label>
                            <div class="row-of-buttons">
                                <button class="make" disabled={busy} onclick={make(choices, random)}>{ "Make it" }</button>
                            </div>
                        </div>
                    </details>
                    <p class="maker-status" aria-live="polite">{
                        match (maker.making, &maker.error) {
                            (Some(tried), _) => format!("Making… {} candidates tried", group(tried)),
                            (None, Some(error)) => error.clone(),
                            (None, None) => String::new(),
                        }
                    }</p>
                    <div class="row-of-buttons">
                        if busy {
                            <button class="stop" onclick={props.on_stop.reform(|_: MouseEvent| ())}>{ "Stop" }</button>
                        } else {
                            <button onclick={show(false)}>{ "Cancel" }</button>
                        }
                    </div>
                }
            </dialog>
        </>
    }
}

fn symmetry_label(symmetry: Symmetry) -> &'static str {
    match symmetry {
        Symmetry::None => "None",
        Symmetry::Rotate180 => "Half turn (180°)",
        Symmetry::Rotate90 => "Quarter turn (90°)",
        Symmetry::Mirror => "Mirror",
        Symmetry::Diagonal => "Diagonal",
    }
}

/// A seed drawn by the page.
pub fn random() -> Seed {
    Seed::Random((js_sys::Math::random() * f64::from(u32::MAX)) as u32)
}

/// Today's date as the Today's puzzle button shows it.
fn today_text() -> String {
    match today() {
        Seed::Daily { year, month, day } => date_text(year, month, day),
        Seed::Random(_) => String::new(),
    }
}

/// Today, by the person's own calendar.
pub fn today() -> Seed {
    let now = js_sys::Date::new_0();
    Seed::Daily {
        year: now.get_full_year() as u16,
        month: now.get_month() as u8 + 1,
        day: now.get_date() as u8,
    }
}
