//! The teaching side: the hint in its stages, with its technique explained at length on
//! request, and the list of every logical step with the puzzle's rating. The list is a
//! listbox walked with the arrow keys.

use std::rc::Rc;

use sudoku_engine::decimal::fixed;
use sudoku_engine::logic::out_of_time_ending;
use wasm_bindgen_futures::spawn_local;
use web_sys::KeyboardEvent;
use yew::prelude::*;

use crate::protocol::Hint;
use crate::state::{Action, LessonAction, PlayAction, State};
use crate::view::scan::fetch_bytes;
use crate::words::{about, TECHNIQUES_URL};

/// What a hint says when its time ran out before a step was found.
const OUT_OF_TIME: &str = "No step short of trial and error found within a second";

/// The techniques' words (`words::about`), fetched when the player first asks the logic
/// worker for something: a step hint waits for them, which costs a first hint a fetch
/// (run beside the worker's search) and the first load nothing.
#[derive(Clone, PartialEq)]
pub enum Texts {
    NotAsked,
    Loading,
    Loaded(Rc<str>),
    /// Not to be had (offline before any hint was asked for online): hints then come
    /// without their sentences and longer texts.
    Failed,
}

impl Texts {
    /// The words, if they are here.
    pub fn loaded(&self) -> Option<Rc<str>> {
        match self {
            Texts::Loaded(text) => Some(text.clone()),
            _ => None,
        }
    }
}

/// The techniques' words, fetched once the logic worker is first asked for something, or
/// once a puzzle shows whose rules the page says for it (`about::says_rules_for`). `App`
/// calls it once, so they are fetched once for the page.
#[hook]
pub fn use_texts(state: &State) -> UseStateHandle<Texts> {
    let texts = use_state(|| Texts::NotAsked);
    let unstated = state
        .play
        .board
        .variant()
        .is_some_and(|v| super::about::says_rules_for(&v.imported));
    let wanted =
        unstated || state.lesson.thinking || matches!(state.lesson.hint, Some((Hint::Step(_), _)));
    {
        let texts = texts.clone();
        use_effect_with(wanted, move |&wanted| {
            if wanted && *texts == Texts::NotAsked {
                texts.set(Texts::Loading);
                spawn_local(async move {
                    let fetched = fetch_bytes(TECHNIQUES_URL).await.ok();
                    texts.set(
                        match fetched.and_then(|bytes| String::from_utf8(bytes).ok()) {
                            Some(text) => Texts::Loaded(text.into()),
                            None => Texts::Failed,
                        },
                    );
                });
            }
        });
    }
    texts
}

/// What the hint says at each stage: where to look, then what and why. A function of
/// `App`'s view rather than a component, as the pad is (see `view`'s module).
pub fn hint_panel(state: &UseReducerHandle<State>, texts: &Texts) -> Html {
    let Some((hint, stage)) = &state.lesson.hint else {
        let checked = state.lesson.checked.as_ref().map(|wrong| {
            let mut found = Vec::new();
            match wrong.digits.len() {
                0 => {}
                1 => found.push("1 of your digits is wrong".to_string()),
                n => found.push(format!("{n} of your digits are wrong")),
            }
            match wrong.marks.len() {
                0 => {}
                1 => found.push("1 cell's centre marks leave out its digit".to_string()),
                n => found.push(format!("{n} cells' centre marks leave out their digit")),
            }
            match wrong.regions.len() {
                0 => {}
                1 => found.push("1 cell is coloured into a wrong region".to_string()),
                n => found.push(format!("{n} cells are coloured into a wrong region")),
            }
            match (state.lesson.verdict_cells, wrong.digits.len()) {
                // The live verdict's own check: the digit it told of, marked.
                (true, 0) => String::new(),
                (true, 1) => "No solution with the marked digit: it is wrong.".to_string(),
                (true, n) => format!("No solution: the {n} marked digits are wrong."),
                (false, _) if found.is_empty() => "Check: no mistakes so far.".to_string(),
                (false, _) => format!("Check: {}; marked on the board.", found.join(", and ")),
            }
        });
        return html! { <div id="hint" class="hint" aria-live="polite">{ checked }</div> };
    };
    let technique = match (hint, texts) {
        (Hint::Step(_), Texts::NotAsked | Texts::Loading) => {
            // The hint shows whole, once: a screen reader says it once.
            return html! { <div id="hint" class="hint" aria-live="polite"></div> };
        }
        (Hint::Step(step), Texts::Loaded(text)) => about(text, &step.technique),
        _ => None,
    };
    let board = &state.play.board;
    let shape = board.shape();
    let words = state.words();
    let text = match hint {
        Hint::Step(step) if *stage == 1 => {
            // Where to look: the houses, else the rules the step rests on, by name; then
            // what the technique does, in a sentence.
            let rules = step.rules.iter().filter_map(|&r| board.rules().get(r));
            let places: Vec<String> = match step.houses.is_empty() {
                true => rules
                    .map(|rule| format!("the {}", rule.describe(shape)))
                    .collect(),
                false => step.houses.iter().map(|(name, _)| name.clone()).collect(),
            };
            let place = match places.is_empty() {
                true => "the highlighted cells".to_string(),
                false => places.join(" and "),
            };
            let sentence = technique
                .as_ref()
                .map_or(String::new(), |t| format!(" {}", t.sentence));
            format!(
                "{}: look at {}.{sentence}",
                step.technique,
                words.say(&place)
            )
        }
        Hint::Step(step) => match words.steps_digits() {
            Some(note) => format!("{}. {note}", words.say(&step.explanation)),
            None => format!("{}.", words.say(&step.explanation)),
        },
        Hint::Wrong { cell, digit } => format!(
            "{} does not match the solution: {} is wrong there.",
            capitalised(&words.cell(*cell)),
            words.digit(*digit)
        ),
        Hint::Excluded { cell } => format!(
            "{}: its centre marks leave out the digit that goes there.",
            capitalised(&words.cell(*cell))
        ),
        Hint::Solved => "The board is solved.".into(),
        Hint::Stuck => {
            "No technique applies here: from this point the puzzle needs guessing.".into()
        }
        Hint::Searched { cell, digit } => format!(
            "{OUT_OF_TIME}. The solver is sure that {} is {}: found by search, not by logic.",
            words.cell(*cell),
            words.digit(*digit)
        ),
        Hint::OutOfTime => {
            format!("{OUT_OF_TIME}, and no single solution of this puzzle is known to take a digit from.")
        }
    };
    // A wrong digit found, or centre marks that leave out the answer: the way on is to
    // take them out, from here (else the next Hint says the same again).
    let remove = match hint {
        Hint::Wrong { cell, .. } => Some((*cell, "Remove it")),
        Hint::Excluded { cell } => Some((*cell, "Clear its marks")),
        _ => None,
    }
    .map(|(cell, label)| {
        let dispatcher = state.dispatcher();
        let onclick = Callback::from(move |_: MouseEvent| {
            dispatcher.dispatch(Action::Play(PlayAction::Select(cell)));
            dispatcher.dispatch(Action::Play(PlayAction::Erase));
        });
        html! { <button class="remove-wrong" {onclick}>{ label }</button> }
    });
    let more = match (hint, technique) {
        (Hint::Step(step), Some(technique)) => Some(html! {
            // Native, so it is a button with its state to a screen reader and the keyboard.
            <details id="more-about" class="more-about">
                <summary>{ format!("More about {}", step.technique) }</summary>
                { for technique.more.iter().map(|&paragraph| html! { <p>{ paragraph }</p> }) }
            </details>
        }),
        _ => None,
    };
    html! { <>
        <div id="hint" class="hint" aria-live="polite">{ text }</div>
        { for remove }
        { for more }
    </> }
}

/// The rating and every step from the givens; choosing a step shows the board as it was.
pub fn steps_panel(state: &UseReducerHandle<State>) -> Html {
    let Some(steps) = &state.lesson.steps else {
        return html! {};
    };
    let (path, at) = (&steps.path, steps.at);
    let words = state.words();
    let onkeydown = {
        let state = state.clone();
        let last = path.steps.len().saturating_sub(1);
        Callback::from(move |e: KeyboardEvent| {
            let to = match e.key().as_str() {
                "ArrowDown" => (at + 1).min(last),
                "ArrowUp" => at.saturating_sub(1),
                "Home" => 0,
                "End" => last,
                "Escape" => {
                    state.dispatch(Action::Lesson(LessonAction::CloseSteps));
                    return;
                }
                _ => return,
            };
            e.prevent_default();
            state.dispatch(Action::Lesson(LessonAction::ShowStep(to)));
        })
    };
    let counts = path
        .counts
        .iter()
        .map(|(t, n)| format!("{t} ×{n}"))
        .collect::<Vec<_>>()
        .join(", ");
    let ending = match (path.solved, path.out_of_time) {
        (true, _) => "solved by logic".to_string(),
        (false, true) => out_of_time_ending(),
        (false, false) => "logic gets stuck; the rest needs guessing".to_string(),
    };
    let close = {
        let state = state.clone();
        Callback::from(move |_| state.dispatch(Action::Lesson(LessonAction::CloseSteps)))
    };
    html! {
        <section class="steps" aria-label="Solve step by step">
            <p id="rating" class="rating">{ format!("Rating: {} ({}), {ending}. {counts}.", path.level, fixed(path.rating.into(), 1)) }</p>
            <p id="path-time" class="path-time">{ format!("{} steps, worked out in {} ms.", path.steps.len(), fixed(steps.micros as f64 / 1000.0, 1)) }</p>
            if let Some(note) = words.steps_digits() {
                <p class="steps-digits">{ note }</p>
            }
            <ol id="steps" role="listbox" tabindex="0" aria-label="Logical steps"
                aria-activedescendant={format!("step-{at}")} {onkeydown}>
                { for path.steps.iter().enumerate().map(|(i, step)| {
                    let selected = steps.viewing && i == at;
                    let state = state.clone();
                    let onclick = Callback::from(move |_| state.dispatch(Action::Lesson(LessonAction::ShowStep(i))));
                    html! {
                        <li id={format!("step-{i}")} role="option" aria-selected={selected.to_string()}
                            class={classes!("step", selected.then_some("current"))} {onclick}>{ words.say(&step.explanation) }</li>
                    }
                }) }
            </ol>
            if steps.viewing {
                <button onclick={close}>{ "Back to my board" }</button>
            }
        </section>
    }
}

/// `text` with its first letter in capitals, to start a sentence. The page's cell names
/// ("row 4, column 8", `r4c8`) are ASCII, and ASCII's capitals spare the page Unicode's
/// case table.
fn capitalised(text: &str) -> String {
    let mut text = text.to_string();
    if let Some(first) = text.get_mut(..1) {
        first.make_ascii_uppercase();
    }
    text
}
