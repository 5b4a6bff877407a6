//! Clues outside the grid: sandwich, x-sum and skyscraper clues beside their row or
//! column, and little killer sums with a small diagonal arrow into the grid.

use yew::prelude::*;

use super::CELL;

/// The clue at (`row`, `col`), one step beyond the grid (-1 or n); a little killer's
/// arrow points along `towards`.
pub fn clue(row: i32, col: i32, text: &str, towards: Option<(i32, i32)>) -> Html {
    let (x, y) = (col * CELL + CELL / 2, row * CELL + CELL / 2);
    let arrow = towards.map(|(dr, dc)| {
        // From the clue's corner that faces the grid, a short arrow along the diagonal.
        let (x1, y1) = (x + dc * 22, y + dr * 22);
        let (x2, y2) = (x + dc * 44, y + dr * 44);
        html! { <>
            <line class="clue-arrow" x1={x1.to_string()} y1={y1.to_string()} x2={x2.to_string()} y2={y2.to_string()} />
            <polyline class="clue-arrow" points={super::points([(x2 - dc * 14, y2), (x2, y2), (x2, y2 - dr * 14)])} />
        </> }
    });
    // With an arrow, the text moves back from it to make room.
    let (tx, ty) = match towards {
        Some((dr, dc)) => (x - dc * 12, y - dr * 12),
        None => (x, y),
    };
    html! { <>
        <text class="outside-clue" x={tx.to_string()} y={(ty + 14).to_string()}>{ text.to_string() }</text>
        { for arrow }
    </> }
}
