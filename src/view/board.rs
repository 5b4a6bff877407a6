//! The board: an ARIA grid of N x N cells in row-major order, driven by the keyboard
//! (the grid holds focus and points at the selected cell) or by clicks and taps. It shows
//! the live board, or a step of the logical path as the board was then; candidates and a
//! hint's or step's highlights are drawn on it.

use std::collections::{HashMap, HashSet};

use sudoku_engine::symbols::{symbol, value_of};
use sudoku_engine::DigitSet;
use web_sys::KeyboardEvent;
use yew::prelude::*;

use crate::board::Kind;
use crate::protocol::{Hint, StepView};
use crate::state::{Action, State};

#[derive(Properties, PartialEq)]
pub struct Props {
    pub state: UseReducerHandle<State>,
}

/// What a step or hint highlights, by how much of it is shown.
#[derive(Default)]
struct Marked {
    area: HashSet<usize>,
    cells: HashSet<usize>,
    /// Candidates the step uses, removes and places, by cell.
    on: HashMap<usize, DigitSet>,
    off: HashMap<usize, DigitSet>,
    place: HashMap<usize, DigitSet>,
    wrong: Option<usize>,
}

/// (cell, digit) pairs as each cell's set of digits, so a cell finds its own at once.
fn by_cell(pairs: &[(usize, u8)]) -> HashMap<usize, DigitSet> {
    let mut sets = HashMap::<usize, DigitSet>::new();
    for &(cell, digit) in pairs {
        let set = sets.entry(cell).or_default();
        *set = set.with(digit);
    }
    sets
}

fn marked(step: Option<&StepView>, stage: u8, wrong: Option<usize>) -> Marked {
    let mut m = Marked {
        wrong,
        ..Marked::default()
    };
    let Some(step) = step else { return m };
    m.area = step
        .houses
        .iter()
        .flat_map(|(_, cells)| cells.iter().copied())
        .collect();
    if m.area.is_empty() {
        m.area = step.cells.iter().copied().collect();
    }
    if stage >= 2 {
        m.cells = step
            .cells
            .iter()
            .chain(step.placements.iter().map(|(c, _)| c))
            .copied()
            .collect();
        m.on = by_cell(&step.candidates);
        m.off = by_cell(&step.eliminations);
        m.place = by_cell(&step.placements);
    }
    m
}

#[function_component]
pub fn BoardView(props: &Props) -> Html {
    let state = &props.state;
    let board = &state.play.board;
    let shape = board.shape();
    let n = shape.n();
    let conflicted: HashSet<usize> = state
        .play
        .conflicts
        .iter()
        .flat_map(|c| {
            [
                c.first.row * n + c.first.col,
                c.second.row * n + c.second.col,
            ]
        })
        .collect();
    let solution = state.play.show_solution.then(|| state.solution()).flatten();

    let path_step = state.path_step();
    let m = match (path_step, &state.lesson.hint) {
        (Some(step), _) => marked(Some(step), 3, None),
        (None, Some((Hint::Step(step), stage))) => marked(Some(step), *stage, None),
        (None, Some((Hint::Wrong { cell, .. }, _))) => marked(None, 0, Some(*cell)),
        _ => Marked::default(),
    };
    // Candidates cost a pass over every cell's peers: work them out only when shown.
    let (digits, marks) = match path_step {
        Some(_) => state.snapshot(state.lesson.steps.as_ref().map_or(0, |s| s.at)),
        None if state.lesson.show_candidates || !m.cells.is_empty() => {
            (board.cells().to_vec(), board.candidates())
        }
        None => (board.cells().to_vec(), Vec::new()),
    };

    let onkeydown = {
        let state = state.clone();
        Callback::from(move |e: KeyboardEvent| {
            if e.ctrl_key() || e.meta_key() || e.alt_key() {
                return;
            }
            let key = e.key();
            let action = match key.as_str() {
                "ArrowUp" | "ArrowDown" | "ArrowLeft" | "ArrowRight" | "Home" | "End" => {
                    Action::Move(key)
                }
                "Backspace" | "Delete" | "0" | "." => Action::Type(0),
                _ => {
                    let mut chars = key.chars();
                    match (chars.next().and_then(value_of), chars.next()) {
                        (Some(v), None) if (v as usize) <= state.play.board.shape().n() => {
                            Action::Type(v)
                        }
                        _ => return,
                    }
                }
            };
            e.prevent_default();
            state.dispatch(action);
        })
    };

    let on_select = use_callback(state.dispatcher(), |cell, dispatcher| {
        dispatcher.dispatch(Action::Select(cell))
    });
    let rows = (0..n).map(|row| {
        let cells = (0..n).map(|col| {
            let cell = row * n + col;
            let digit = digits[cell];
            let kind = match (path_step.is_some(), digit) {
                (_, 0) => Kind::Empty,
                (true, _) if board.kind(cell) == Kind::Given => Kind::Given,
                (true, _) => Kind::User,
                (false, _) => board.kind(cell),
            };
            let shown = match kind {
                Kind::Empty => solution.map(|s| s[cell]),
                _ => None,
            };
            let show_marks = kind == Kind::Empty
                && shown.is_none()
                && (path_step.is_some() || state.lesson.show_candidates || m.cells.contains(&cell));
            let marks = show_marks.then(|| CellMarks {
                set: DigitSet::from_bits(marks[cell]),
                on: m.on.get(&cell).copied().unwrap_or_default(),
                off: m.off.get(&cell).copied().unwrap_or_default(),
                place: m.place.get(&cell).copied().unwrap_or_default(),
            });
            let conflicted = conflicted.contains(&cell);
            let invalid = path_step.is_none()
                && state.lesson.checked.as_ref().is_some_and(|wrong| wrong.contains(&cell));
            let mut label = state.play.cell_label(cell, digit, kind, shown, conflicted);
            if let Some(marks) = &marks {
                let list: Vec<String> = marks.set.iter().map(|d| symbol(d).to_string()).collect();
                label = format!("{label}, candidates {}", list.join(" "));
            }
            let class = classes!(
                conflicted.then_some("conflict"),
                m.area.contains(&cell).then_some("hint-area"),
                m.cells.contains(&cell).then_some("hint-cell"),
                (m.wrong == Some(cell) || invalid).then_some("wrong"),
                ((col + 1) % shape.box_cols() == 0 && col + 1 < n).then_some("box-right"),
                ((row + 1) % shape.box_rows() == 0 && row + 1 < n).then_some("box-bottom"),
            );
            html! {
                <Cell {cell} {digit} {kind} {shown} {marks} {class} label={AttrValue::from(label)}
                    selected={cell == state.play.selected} {invalid} n={n as u8} on_select={on_select.clone()} />
            }
        });
        html! { <div role="row" class="row">{ for cells }</div> }
    });

    html! {
        <div class={classes!("board", format!("size-{n}"), path_step.is_some().then_some("past"))} role="grid" tabindex="0"
            aria-label={format!("{shape} Sudoku board")} aria-rowcount={n.to_string()} aria-colcount={n.to_string()}
            aria-activedescendant={format!("cell-{}", state.play.selected)}
            style={format!("--n: {n}; --box-cols: {}", shape.box_cols())} {onkeydown}>
            { for rows }
        </div>
    }
}

/// The candidates a cell draws, and what the hint or step says of each.
#[derive(Clone, PartialEq)]
struct CellMarks {
    set: DigitSet,
    /// Candidates the step uses, removes and places.
    on: DigitSet,
    off: DigitSet,
    place: DigitSet,
}

#[derive(Properties, PartialEq)]
struct CellProps {
    cell: usize,
    /// The digit shown (0 for none) and where it came from.
    digit: u8,
    kind: Kind,
    /// A solution digit shown in an empty cell.
    shown: Option<u8>,
    /// Candidates to draw in place of a digit.
    marks: Option<CellMarks>,
    /// What the board says of the cell: conflicts, highlights, box edges.
    class: Classes,
    label: AttrValue,
    selected: bool,
    /// A Check found its digit wrong.
    invalid: bool,
    /// The grid's side: how many candidate places to draw.
    n: u8,
    on_select: Callback<usize>,
}

/// One gridcell. Its props compare equal when nothing about it changed, so a keypress
/// redraws the cells it touched rather than all 625 of a 25x25 board.
#[function_component]
fn Cell(props: &CellProps) -> Html {
    let content = match &props.marks {
        Some(marks) => {
            let spans = (1..=props.n).map(|d| {
                let class = classes!(
                    "mark",
                    marks.on.contains(d).then_some("mark-on"),
                    marks.off.contains(d).then_some("mark-off"),
                    marks.place.contains(d).then_some("mark-place"),
                );
                // Drawn by CSS from the attribute: the cell's text stays its digit alone,
                // and what it says aloud is its label.
                let mark = marks.set.contains(d).then(|| symbol(d).to_string());
                html! { <span {class} data-mark={mark}></span> }
            });
            html! { <span class="marks" aria-hidden="true">{ for spans }</span> }
        }
        None => {
            let text = match (props.kind, props.shown) {
                (Kind::Empty, Some(d)) => symbol(d).to_string(),
                (Kind::Empty, None) => String::new(),
                _ => symbol(props.digit).to_string(),
            };
            html! { { text } }
        }
    };
    let class = classes!(
        "cell",
        match props.kind {
            Kind::Given => "given",
            Kind::User => "user",
            Kind::Revealed => "revealed",
            Kind::Empty if props.shown.is_some() => "solution",
            Kind::Empty => "empty",
        },
        props.selected.then_some("selected"),
        props.class.clone(),
    );
    let onclick = {
        let (on_select, cell) = (props.on_select.clone(), props.cell);
        Callback::from(move |_| on_select.emit(cell))
    };
    html! {
        <div id={format!("cell-{}", props.cell)} role="gridcell" {class} {onclick}
            aria-label={props.label.clone()}
            aria-selected={props.selected.to_string()}
            aria-invalid={props.invalid.then_some("true")}>{ content }</div>
    }
}
