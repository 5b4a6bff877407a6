//! Marks on the edge between two cells: Kropki's white and black dots (with their value
//! when it is not the usual one) and X or V.

use sudoku_links::EdgeMark;
use yew::prelude::*;

use super::centre;

pub fn dot(a: usize, b: usize, mark: &EdgeMark, n: usize) -> Html {
    let ((xa, ya), (xb, yb)) = (centre(a, n), centre(b, n));
    let (x, y) = ((xa + xb) / 2, (ya + yb) / 2);
    let (cx, cy) = (x.to_string(), y.to_string());
    let text = |class: &'static str, t: &str| {
        html! { <text {class} x={cx.clone()} y={(y + 8).to_string()}>{ t.to_string() }</text> }
    };
    match mark {
        EdgeMark::White(value) | EdgeMark::Black(value) => {
            let class = match mark {
                EdgeMark::White(_) => "dot white",
                _ => "dot black",
            };
            html! { <>
                <circle {class} cx={cx.clone()} cy={cy.clone()} r="13" />
                { for value.as_deref().map(|v| text(if class == "dot white" { "dot-value" } else { "dot-value on-black" }, v)) }
            </> }
        }
        EdgeMark::Text(t) => html! { <>
            <rect class="edge-bg" x={(x - 14).to_string()} y={(y - 16).to_string()} width="28" height="32" rx="6" />
            { text("edge-text", t) }
        </> },
    }
}
