//! The board: an ARIA grid of N x N cells in row-major order, driven by the keyboard
//! (the grid holds focus and points at the selected cell) or by clicks and taps.

use std::collections::HashSet;

use sudoku_engine::symbols::{symbol, value_of};
use web_sys::KeyboardEvent;
use yew::prelude::*;

use crate::board::Kind;
use crate::state::{Action, State};

#[derive(Properties, PartialEq)]
pub struct Props {
    pub state: UseReducerHandle<State>,
}

#[function_component]
pub fn BoardView(props: &Props) -> Html {
    let state = &props.state;
    let board = &state.board;
    let shape = board.shape();
    let n = shape.n();
    let conflicted: HashSet<usize> = state
        .conflicts
        .iter()
        .flat_map(|c| {
            [
                c.first.row * n + c.first.col,
                c.second.row * n + c.second.col,
            ]
        })
        .collect();
    let solution = state.show_solution.then(|| state.solution()).flatten();

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
                        (Some(v), None) if (v as usize) <= state.board.shape().n() => {
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

    let rows = (0..n).map(|row| {
        let cells = (0..n).map(|col| {
            let cell = row * n + col;
            let kind = board.kind(cell);
            let shown = match kind {
                Kind::Empty => solution.map(|s| s[cell]),
                _ => None,
            };
            let text = match (kind, shown) {
                (Kind::Empty, Some(d)) => symbol(d).to_string(),
                (Kind::Empty, None) => String::new(),
                _ => symbol(board.digit(cell)).to_string(),
            };
            let class = classes!(
                "cell",
                match kind {
                    Kind::Given => "given",
                    Kind::User => "user",
                    Kind::Revealed => "revealed",
                    Kind::Empty if shown.is_some() => "solution",
                    Kind::Empty => "empty",
                },
                conflicted.contains(&cell).then_some("conflict"),
                (cell == state.selected).then_some("selected"),
                ((col + 1) % shape.box_cols() == 0 && col + 1 < n).then_some("box-right"),
                ((row + 1) % shape.box_rows() == 0 && row + 1 < n).then_some("box-bottom"),
            );
            let onclick = {
                let state = state.clone();
                Callback::from(move |_| state.dispatch(Action::Select(cell)))
            };
            html! {
                <div id={format!("cell-{cell}")} role="gridcell" {class} {onclick}
                    aria-label={state.cell_label(cell, shown, conflicted.contains(&cell))}
                    aria-selected={(cell == state.selected).to_string()}>{ text }</div>
            }
        });
        html! { <div role="row" class="row">{ for cells }</div> }
    });

    html! {
        <div class={classes!("board", format!("size-{n}"))} role="grid" tabindex="0"
            aria-label={format!("{shape} Sudoku board")} aria-rowcount={n.to_string()} aria-colcount={n.to_string()}
            aria-activedescendant={format!("cell-{}", state.selected)}
            style={format!("--n: {n}")} {onkeydown}>
            { for rows }
        </div>
    }
}
