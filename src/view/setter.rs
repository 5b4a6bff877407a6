//! The setter's rules while a puzzle is edited: a cage with its sum, a line or arrow
//! through the selected cells in order, a dot or X/V between two, the rules of the whole
//! grid as switches, and every rule with Remove. Each change brings a new verdict from the
//! worker, as a digit does, and undo takes it back.

use sudoku_links::setting::{Draft, CLUES, LINES, SWITCHES};
use sudoku_links::Shape;
use web_sys::{HtmlInputElement, HtmlSelectElement};
use yew::prelude::*;

use crate::state::{Action, LessonAction, PageAction, SetterAction, State};
use sudoku_engine::shape::span;

/// Where a clue goes beside the selected cell, as a step out of the grid.
const SIDES: [((i32, i32), &str); 4] = [
    ((-1, 0), "above"),
    ((1, 0), "below"),
    ((0, -1), "left"),
    ((0, 1), "right"),
];

#[derive(Properties, PartialEq)]
pub struct Props {
    pub state: UseReducerHandle<State>,
    /// Asks the worker for every cell's true candidates.
    pub on_truth: Callback<()>,
}

#[function_component]
pub fn Setter(props: &Props) -> Html {
    let state = &props.state;
    let sum = use_node_ref();
    let line = use_node_ref();
    let (clue, side, clue_value) = (use_node_ref(), use_node_ref(), use_node_ref());
    let add_cage = {
        let (state, sum) = (state.clone(), sum.clone());
        Callback::from(move |_: MouseEvent| {
            let Some(text) = sum.cast::<HtmlInputElement>().map(|i| i.value()) else {
                return;
            };
            let action = match text.trim() {
                "" => Action::Setter(SetterAction::Add(Draft::Cage { sum: None })),
                text => match text.parse() {
                    Ok(sum) => Action::Setter(SetterAction::Add(Draft::Cage { sum: Some(sum) })),
                    Err(_) => Action::Page(PageAction::Notice(Some(format!(
                        "Not set: the sum \"{text}\" is not a whole number"
                    )))),
                },
            };
            state.dispatch(action);
        })
    };
    let add_line = {
        let (state, line) = (state.clone(), line.clone());
        Callback::from(move |_: MouseEvent| {
            let Some(key) = line.cast::<HtmlSelectElement>().map(|l| l.value()) else {
                return;
            };
            let draft = match LINES.iter().find(|(k, _)| *k == key) {
                Some((key, _)) => Draft::Line(key),
                None => Draft::Arrow,
            };
            state.dispatch(Action::Setter(SetterAction::Add(draft)));
        })
    };
    let pair = |key: &'static str, value: Option<&'static str>| {
        let state = state.clone();
        Callback::from(move |_: MouseEvent| {
            state.dispatch(Action::Setter(SetterAction::Add(Draft::Pair {
                key,
                value: value.map(String::from),
            })))
        })
    };
    let add_clue = {
        let state = state.clone();
        let (clue, side, value) = (clue.clone(), side.clone(), clue_value.clone());
        Callback::from(move |_: MouseEvent| {
            let choice = |r: &NodeRef| r.cast::<HtmlSelectElement>().map(|s| s.selected_index());
            let (Some(clue), Some(side)) = (choice(&clue), choice(&side)) else {
                return;
            };
            let text = value
                .cast::<HtmlInputElement>()
                .map(|i| i.value())
                .unwrap_or_default();
            let (Some(&(key, diagonal, _)), Some(&(side, _))) =
                (CLUES.get(clue as usize), SIDES.get(side as usize))
            else {
                return;
            };
            state.dispatch(match text.trim().parse() {
                Ok(value) => Action::Setter(SetterAction::Add(Draft::Outside {
                    key,
                    side,
                    value,
                    diagonal,
                })),
                Err(_) => Action::Page(PageAction::Notice(Some(format!(
                    "Not set: the clue \"{}\" is not a whole number",
                    text.trim()
                )))),
            });
        })
    };
    let hide_truth = {
        let state = state.clone();
        Callback::from(move |_: MouseEvent| {
            state.dispatch(Action::Lesson(LessonAction::HideTrueCandidates))
        })
    };
    let board = &state.play.board;
    let switches = SWITCHES.iter().map(|&(key, name)| {
        // The switches are the variant's own; the givens do not touch them.
        let on = board
            .variant()
            .is_some_and(|v| sudoku_links::setting::is_on(&v.imported.document, key));
        let state = state.clone();
        let onchange = Callback::from(move |_: Event| {
            state.dispatch(Action::Setter(SetterAction::Switch(key, !on)))
        });
        html! { <label class="switch"><input type="checkbox" checked={on} {onchange} />{ name }</label> }
    });
    // One entry a rule as the document writes it (a thermometer's branches are one), with
    // its value where it has one that can change (a cage's sum, a clue).
    let mut rules: Vec<((&str, usize), String, Option<String>)> = Vec::new();
    if let Some(v) = board.variant() {
        for figure in &v.imported.figures {
            if !rules.iter().any(|(source, ..)| *source == figure.source) {
                let what = format!(
                    "{} {}",
                    figure.rule.replace('-', " "),
                    span(board.shape(), &figure.cells)
                );
                let value = match &figure.shape {
                    Shape::Cage { label, .. } if figure.rule == "killer" => {
                        Some(label.clone().unwrap_or_default())
                    }
                    Shape::Outside { text, .. } => Some(text.clone()),
                    _ => None,
                };
                rules.push((figure.source, what, value));
            }
        }
    }
    let any_rules = !rules.is_empty();
    let rules = rules.into_iter().map(|(source, what, value)| {
        let remove = {
            let state = state.clone();
            Callback::from(move |_: MouseEvent| {
                state.dispatch(Action::Setter(SetterAction::Remove(source)))
            })
        };
        let change = {
            let state = state.clone();
            Callback::from(move |e: Event| {
                let Some(input) = e.target_dyn_into::<HtmlInputElement>() else {
                    return;
                };
                let text = input.value().trim().to_string();
                state.dispatch(match text.as_str() {
                    "" => Action::Setter(SetterAction::SetValue(source, None)),
                    t if t.parse::<u32>().is_ok() => {
                        Action::Setter(SetterAction::SetValue(source, Some(text)))
                    }
                    t => Action::Page(PageAction::Notice(Some(format!(
                        "Not set: \"{t}\" is not a whole number"
                    )))),
                });
            })
        };
        html! {
            <li>{ what.clone() }{ " " }
                if let Some(value) = value {
                    <input class="rule-value" type="number" min="0" inputmode="numeric" size="3"
                        aria-label={format!("Value of {what}")} {value} onchange={change} />{ " " }
                }
                <button class="remove" aria-label={format!("Remove {what}")} onclick={remove}>{ "Remove" }</button>
            </li>
        }
    });
    html! {
        <section class="setter" aria-labelledby="setter-title">
            <h2 id="setter-title">{ "Rules" }</h2>
            <p>{ "Select cells (drag, or Shift with the arrows), then add a rule. Lines and arrows run in the order the cells were selected; a clue goes beside one cell at the edge." }</p>
            <div class="row-of-buttons">
                <label>{ "Sum " }<input ref={sum} id="cage-sum" type="number" min="0" inputmode="numeric" size="3" /></label>
                <button onclick={add_cage}>{ "Add cage" }</button>
            </div>
            <div class="row-of-buttons">
                <select ref={line} aria-label="Line rule">
                    { for LINES.iter().map(|(key, name)| html! { <option value={*key}>{ *name }</option> }) }
                    <option value="arrow">{ "Arrow" }</option>
                </select>
                <button onclick={add_line}>{ "Add line" }</button>
            </div>
            <div class="row-of-buttons">
                <select ref={clue} aria-label="Clue outside the grid">
                    { for CLUES.iter().map(|(_, _, name)| html! { <option>{ *name }</option> }) }
                </select>
                <select ref={side} aria-label="Side of the selected cell">
                    { for SIDES.iter().map(|(_, name)| html! { <option>{ *name }</option> }) }
                </select>
                <input ref={clue_value} id="clue-value" type="number" min="0" inputmode="numeric" size="3" aria-label="Clue" />
                <button onclick={add_clue}>{ "Add clue" }</button>
            </div>
            <div class="row-of-buttons" role="group" aria-label="Marks between two cells">
                <button onclick={pair("difference", None)}>{ "White dot" }</button>
                <button onclick={pair("ratio", None)}>{ "Black dot" }</button>
                <button onclick={pair("xv", Some("X"))}>{ "X" }</button>
                <button onclick={pair("xv", Some("V"))}>{ "V" }</button>
            </div>
            <div class="switches">{ for switches }</div>
            <div class="row-of-buttons">
                if state.lesson.truth.is_some() {
                    <button onclick={hide_truth}>{ "Hide true candidates" }</button>
                } else {
                    <button onclick={props.on_truth.reform(|_: MouseEvent| ())} disabled={state.lesson.thinking}>{ "True candidates" }</button>
                }
            </div>
            <p id="truth" class="truth" aria-live="polite">{ match (&state.lesson.truth, state.lesson.thinking) {
                (Some((_, true)), _) => "Each cell shows the digits some solution puts there.",
                (Some((_, false)), _) => "The search limit came first: a digit shown may still be in no solution.",
                (None, true) => "Working out the true candidates…",
                (None, false) => "",
            } }</p>
            if any_rules {
                <ul class="rule-list" aria-label="The puzzle's rules">{ for rules }</ul>
            }
        </section>
    }
}
