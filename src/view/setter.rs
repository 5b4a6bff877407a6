//! The setter's rules while a puzzle is edited: a cage with its sum (killer, rellik,
//! lunchbox), counting circles, an extra region or an indexer over the selected cells, a
//! line or arrow through the selected cells in order, a dot, X/V or greater-than sign
//! between two (or on a clicked edge), a clue outside the grid, a region painted, the rules of the whole grid as switches, and every rule with
//! Select, Use selected cells and Remove. Each change brings a new verdict from the
//! worker, as a digit does, and undo takes it back.

use std::rc::Rc;
use sudoku_links::setting::{self, Draft, CAGES, CLUES, LINES, MARKS, SWITCHES};

use sudoku_links::{EdgeMark, Figure, Look};
use web_sys::{HtmlInputElement, HtmlSelectElement};
use yew::prelude::*;

use crate::state::{Action, LessonAction, PageAction, PlayAction, SetterAction, State};
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
    let (cage, sum) = (use_node_ref(), use_node_ref());
    let line = use_node_ref();
    let (clue, side, clue_value) = (use_node_ref(), use_node_ref(), use_node_ref());
    let add_cage = {
        let (state, cage, sum) = (state.clone(), cage.clone(), sum.clone());
        Callback::from(move |_: MouseEvent| {
            let Some(text) = sum.cast::<HtmlInputElement>().map(|i| i.value()) else {
                return;
            };
            let kind = cage.cast::<HtmlSelectElement>().map(|s| s.selected_index());
            let Some(&(key, ..)) = kind.and_then(|i| CAGES.get(usize::try_from(i).ok()?)) else {
                return;
            };
            let action = match text.trim() {
                "" => Action::Setter(SetterAction::Add(Draft::Cage { key, sum: None })),
                text => match text.parse() {
                    Ok(sum) => Action::Setter(SetterAction::Add(Draft::Cage {
                        key,
                        sum: Some(sum),
                    })),
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
            if let Some(&(key, ..)) = LINES.iter().find(|(k, ..)| *k == key) {
                state.dispatch(Action::Setter(SetterAction::Add(Draft::Line(key))));
            }
        })
    };
    let pairs = MARKS.iter().map(|&(key, value, name)| {
        let state = state.clone();
        let onclick = Callback::from(move |_: MouseEvent| {
            state.dispatch(Action::Setter(SetterAction::Add(Draft::Pair {
                key,
                value: value.map(String::from),
            })))
        });
        html! { <button {onclick}>{ name }</button> }
    });
    let edge_mark = {
        let state = state.clone();
        Callback::from(move |e: Event| {
            let Some(select) = e.target_dyn_into::<HtmlSelectElement>() else {
                return;
            };
            // The first option is "Nothing": a click then selects.
            let mark = usize::try_from(select.selected_index() - 1).ok();
            state.dispatch(Action::Setter(SetterAction::EdgeMark(mark)));
        })
    };
    let paint_region = {
        let state = state.clone();
        Callback::from(move |_: MouseEvent| {
            state.dispatch(Action::Setter(SetterAction::PaintRegion))
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
    let switches = SWITCHES.iter().map(|&(key, _, name)| {
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
    // One entry a rule as the document writes it (a thermometer's branches, a set of
    // counting circles, are one), with the cells of all its figures.
    let mut listed: Vec<(&Figure, Vec<usize>)> = Vec::new();
    for figure in board
        .variant()
        .into_iter()
        .flat_map(|v| &v.imported.figures)
    {
        match listed.iter_mut().find(|(f, _)| f.source == figure.source) {
            Some((_, cells)) => {
                let new: Vec<usize> = figure
                    .cells
                    .iter()
                    .filter(|c| !cells.contains(c))
                    .copied()
                    .collect();
                cells.extend(new);
            }
            None => listed.push((figure, figure.cells.clone())),
        }
    }
    let any_rules = !listed.is_empty();
    let rules = listed.into_iter().map(|(figure, cells)| {
        let what = format!(
            "{} {}",
            figure.rule.replace('-', " "),
            span(board.shape(), &cells)
        );
        // A value that can change in place: a cage's sum, a line's sum or least difference,
        // a clue, a sum dot's total.
        let stored = match &figure.look {
            Look::Cage { .. } => setting::redrawable(figure.source.0),
            Look::Line { .. } => setting::line_takes_value(figure.source.0),
            _ => false,
        };
        let value: Option<AttrValue> = match &figure.look {
            _ if stored => {
                let document = board.variant().map(|v| &v.imported.document);
                let value = document.and_then(|d| setting::value(d, figure.source));
                Some(value.unwrap_or_default().into())
            }
            Look::Outside { text, .. } => Some(text.clone().into()),
            Look::Edge {
                mark: EdgeMark::Text(text),
                ..
            } if text.parse::<u32>().is_ok() => Some(text.clone().into()),
            _ => None,
        };
        let (key, index) = figure.source;
        html! {
            <RuleEntry key={format!("{key}-{index}")} dispatcher={state.dispatcher()}
                source={figure.source} what={AttrValue::from(what)} {value}
                cells={Rc::<[usize]>::from(cells)} />
        }
    });
    html! {
        <section class="setter" aria-labelledby="setter-title">
            <h2 id="setter-title">{ "Rules" }</h2>
            <p>{ "Select cells (drag, or Shift with the arrows), then add a rule. Lines and arrows run in the order the cells were selected, and a greater-than sign points from the first cell to the second; a clue goes beside one cell at the edge. Clicked again on its edge, a greater-than sign turns round, then goes. Paint region makes the selected cells one region; the region most of them were in gives up its other cells, to be painted next." }</p>
            <div class="row-of-buttons">
                <select ref={line} aria-label="Line rule">
                    // Each option says whether it is selected, since Yew puts a list's
                    // options in from the last and a browser would select that one.
                    { for setting::line_tools().enumerate().map(|(i, (key, _, name))| html! { <option value={*key} selected={i == 0}>{ *name }</option> }) }
                </select>
                <button onclick={add_line}>{ "Add line" }</button>
            </div>
            <div class="row-of-buttons">
                <select ref={cage} aria-label="Rule on the selected cells">
                    { for CAGES.iter().enumerate().map(|(i, (_, _, name))| html! { <option selected={i == 0}>{ *name }</option> }) }
                </select>
                <label>{ "Sum " }<input ref={sum} id="cage-sum" type="number" min="0" inputmode="numeric" size="3" /></label>
                <button onclick={add_cage}>{ "Add to cells" }</button>
            </div>
            <div class="row-of-buttons" role="group" aria-label="Marks between two cells">
                { for pairs }
            </div>
            <div class="row-of-buttons">
                <select ref={clue} aria-label="Clue outside the grid">
                    { for CLUES.iter().enumerate().map(|(i, (_, _, name))| html! { <option selected={i == 0}>{ *name }</option> }) }
                </select>
                <select ref={side} aria-label="Side of the selected cell">
                    { for SIDES.iter().enumerate().map(|(i, (_, name))| html! { <option selected={i == 0}>{ *name }</option> }) }
                </select>
                <input ref={clue_value} id="clue-value" type="number" min="0" inputmode="numeric" size="3" aria-label="Clue" />
                <button onclick={add_clue}>{ "Add clue" }</button>
            </div>
            <div class="row-of-buttons">
                <label for="edge-mark">{ "Mark on a clicked edge" }</label>
                <select id="edge-mark" onchange={edge_mark}>
                    <option selected={state.setter.edge_mark.is_none()}>{ "None (a click selects)" }</option>
                    { for MARKS.iter().enumerate().map(|(i, (.., name))| html! {
                        <option selected={state.setter.edge_mark == Some(i)}>{ *name }</option>
                    }) }
                </select>
            </div>
            <div class="row-of-buttons">
                <button onclick={paint_region}>{ "Paint region" }</button>
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

#[derive(Properties, PartialEq)]
struct RuleProps {
    dispatcher: UseReducerDispatcher<State>,
    /// Where the document writes the rule.
    source: (&'static str, usize),
    /// The rule and its cells, for people: "killer r1c1-r2c1".
    what: AttrValue,
    value: Option<AttrValue>,
    /// Its cells in its own order.
    cells: Rc<[usize]>,
}

/// A rule in the list: its value, if it has one that can change, Select (its cells on the
/// board), Use selected cells (the rule drawn over them instead) and Remove.
#[function_component]
fn RuleEntry(props: &RuleProps) -> Html {
    let RuleProps {
        source,
        ref what,
        ref value,
        ..
    } = *props;
    let dispatch = |action: fn((&'static str, usize)) -> SetterAction| {
        let dispatcher = props.dispatcher.clone();
        Callback::from(move |_: MouseEvent| dispatcher.dispatch(Action::Setter(action(source))))
    };
    // Its cells selected in the rule's order, so that Use selected cells keeps it.
    let select = {
        let (dispatcher, cells) = (props.dispatcher.clone(), props.cells.clone());
        Callback::from(move |_: MouseEvent| {
            for (i, &cell) in cells.iter().enumerate() {
                dispatcher.dispatch(Action::Play(match i {
                    0 => PlayAction::Select(cell),
                    _ => PlayAction::AddSelect(cell),
                }));
            }
        })
    };
    let change = {
        let dispatcher = props.dispatcher.clone();
        Callback::from(move |e: Event| {
            let Some(input) = e.target_dyn_into::<HtmlInputElement>() else {
                return;
            };
            let text = input.value().trim().to_string();
            dispatcher.dispatch(match text.as_str() {
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
            if let Some(value) = value.clone() {
                <input class="rule-value" type="number" min="0" inputmode="numeric" size="3"
                    aria-label={format!("Value of {what}")} {value} onchange={change} />{ " " }
            }
            <button aria-label={format!("Select {what}")} onclick={select}>{ "Select" }</button>{ " " }
            if setting::redrawable(source.0) {
                <button aria-label={format!("Use selected cells for {what}")} onclick={dispatch(SetterAction::SetCells)}>{ "Use selected cells" }</button>{ " " }
            }
            <button class="remove" aria-label={format!("Remove {what}")} onclick={dispatch(SetterAction::Remove)}>{ "Remove" }</button>
        </li>
    }
}
