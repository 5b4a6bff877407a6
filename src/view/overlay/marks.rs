//! What sits in cells: odd circles and even squares, minimum and maximum chevrons,
//! quadruple circles where four cells meet, shading (extra regions, clones, indexers),
//! and the puzzle's own text, circles and rectangles.

use sudoku_links::CellMark;
use yew::prelude::*;

use super::{centre, points, span, CELL};

pub fn cell_mark(cell: usize, mark: CellMark, n: usize) -> Html {
    let (x, y) = centre(cell, n);
    match mark {
        CellMark::Odd => {
            html! { <circle class="parity" cx={x.to_string()} cy={y.to_string()} r="38" /> }
        }
        CellMark::Even => html! {
            <rect class="parity" x={(x - 38).to_string()} y={(y - 38).to_string()} width="76" height="76" />
        },
        CellMark::Minimum | CellMark::Maximum => {
            // A chevron by each side, pointing out for a maximum, in for a minimum.
            let out = if mark == CellMark::Maximum { 1 } else { -1 };
            let chevrons = [(0, -1), (1, 0), (0, 1), (-1, 0)].map(|(dx, dy)| {
                let (bx, by) = (x + dx * 36, y + dy * 36);
                let (tx, ty) = (bx + dx * 8 * out, by + dy * 8 * out);
                let side = |s: i32| (bx - dy * 12 * s, by + dx * 12 * s);
                html! { <polyline class="extremum" points={points([side(1), (tx, ty), side(-1)])} /> }
            });
            html! { <>{ for chevrons }</> }
        }
    }
}

/// A quadruple's circle with its digits (written "1 2 3"): up to two on one line, more on
/// two, so that they stay large enough to read on a phone; over one cell, a pill.
pub fn quadruple(cells: &[usize], digits: &str, n: usize) -> Html {
    if let &[cell] = cells {
        // One cell (ISS's given inside an either-or rule): a pill along its foot, below the
        // digit the player types under this upper layer (a digit's ink reaches 0.16 of a
        // cell below its centre, and 0.26 above).
        let (x, y) = centre(cell, n);
        let width = 14 * digits.len() as i32 + 14;
        return html! { <>
            <rect class="quadruple" x={(x - width / 2).to_string()} y={(y + 19).to_string()}
                width={width.to_string()} height="28" rx="14" />
            <text class="quadruple-digits one-cell" x={x.to_string()} y={(y + 41).to_string()}>
                { digits.to_string() }
            </text>
        </> };
    }
    let ((x, y), _) = span(cells, n);
    // More than two digits go on two lines, split at the first space from the middle:
    // "1 2 3 4" as "1 2" and "3 4".
    let half = digits.len() / 2;
    let (top, bottom) = match digits.get(half..).and_then(|rest| rest.find(' ')) {
        Some(at) if digits.len() > 3 => (&digits[..half + at], &digits[half + at + 1..]),
        _ => (digits, ""),
    };
    // Baselines: one line centred, or two about the centre.
    let first = if bottom.is_empty() { y + 11 } else { y - 5 };
    let line = |at: i32, text: &str| {
        html! { <tspan x={x.to_string()} y={at.to_string()}>{ text.to_string() }</tspan> }
    };
    html! { <>
        <circle class="quadruple" cx={x.to_string()} cy={y.to_string()} r="36" />
        <text class="quadruple-digits" x={x.to_string()} y={first.to_string()}>
            { line(first, top) }
            if !bottom.is_empty() { { line(first + 30, bottom) } }
        </text>
    </> }
}

/// The cells shaded in `colour` as the theme tones it (the stylesheet's `.shade`, from
/// `--c`).
pub fn shade(cells: &[usize], colour: &str, n: usize) -> Html {
    html! { <g class="shade" style={format!("--c: {colour}")}>{ for cells.iter().map(|&c| {
        let (x, y) = centre(c, n);
        html! {
            <rect x={(x - CELL / 2).to_string()} y={(y - CELL / 2).to_string()}
                width={CELL.to_string()} height={CELL.to_string()} fill="currentColor" />
        }
    }) }</g> }
}

/// The puzzle's own text over `cells`, `size` hundredths of a cell high.
pub fn text(cells: &[usize], text: &str, colour: Option<&String>, size: u32, n: usize) -> Html {
    let ((x, y), _) = span(cells, n);
    html! {
        <text class="drawn-text" x={x.to_string()} y={(y + size as i32 / 3).to_string()}
            font-size={size.to_string()} fill={colour.cloned()}>{ text.to_string() }</text>
    }
}

/// The puzzle's own circle (`round`) or rectangle over `cells`, with its text.
pub fn blob(
    cells: &[usize],
    round: bool,
    colours: (Option<&String>, Option<&String>),
    label: Option<&String>,
    n: usize,
) -> Html {
    let (fill, outline) = (colours.0.cloned(), colours.1.cloned());
    let ((x, y), (w, h)) = span(cells, n);
    let (w, h) = (w - 30, h - 30);
    let shape = if round {
        html! {
            <ellipse class="blob" cx={x.to_string()} cy={y.to_string()} rx={(w / 2).to_string()} ry={(h / 2).to_string()}
                fill={fill.clone()} stroke={outline.clone()} />
        }
    } else {
        html! {
            <rect class="blob" x={(x - w / 2).to_string()} y={(y - h / 2).to_string()} width={w.to_string()} height={h.to_string()}
                {fill} stroke={outline} />
        }
    };
    html! { <>
        { shape }
        { for label.map(|t| html! {
            <text class="drawn-text" x={x.to_string()} y={(y + 12).to_string()} font-size="36">{ t.clone() }</text>
        }) }
    </> }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_span_covers_its_cells() {
        assert_eq!(span(&[0, 1, 9, 10], 9), ((100, 100), (200, 200)));
        assert_eq!(span(&[40], 9), ((450, 450), (100, 100)));
    }
}
