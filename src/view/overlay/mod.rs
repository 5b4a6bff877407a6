//! The rules of a variant puzzle drawn as SudokuPad draws them (`sudoku_links::Figure`), in
//! two SVG layers: under the digits and marks, shading, lines, arrows and cages, so that a
//! digit on them stays legible; over them, what sits on edges, outside the grid and where
//! four cells meet. The layers' units are hundredths of a cell, so every coordinate is a
//! whole number; they scale with the board and let the pointer through.
//! Each figure is a `<g>` with `data-rule` and `data-cells`, for tests and for people, and
//! `data-hint` while the hint shown rests on its rule. The layer is one component, redrawn
//! only when the puzzle or the hint changes; each kind of figure is drawn by a plain
//! function in a module of its own (cages, lines, dots, outside clues, marks), since a
//! component apiece cost the first load about 3 KB each in Yew's machinery for nothing:
//! the figures never change apart from the layer.

mod cage;
mod dots;
mod lines;
mod marks;
mod outside;

use std::rc::Rc;

use sudoku_links::{Figure, Imported, Look};

use sudoku_engine::shape::Cell;
use yew::prelude::*;

/// A cell's size in the layer's units.
pub(crate) const CELL: i32 = 100;

/// The centre of a cell.
pub(crate) fn centre(cell: usize, n: usize) -> (i32, i32) {
    let (r, c) = ((cell / n) as i32, (cell % n) as i32);
    (c * CELL + CELL / 2, r * CELL + CELL / 2)
}

/// The middle of the cells' bounding box, and its width and height.
pub(crate) fn span(cells: &[usize], n: usize) -> ((i32, i32), (i32, i32)) {
    let xs = cells.iter().map(|&c| (c % n) as i32);
    let ys = cells.iter().map(|&c| (c / n) as i32);
    let (x0, x1) = (xs.clone().min().unwrap_or(0), xs.max().unwrap_or(0) + 1);
    let (y0, y1) = (ys.clone().min().unwrap_or(0), ys.max().unwrap_or(0) + 1);
    (
        ((x0 + x1) * CELL / 2, (y0 + y1) * CELL / 2),
        ((x1 - x0) * CELL, (y1 - y0) * CELL),
    )
}

/// Points as SVG writes them: "x,y x,y".
pub(crate) fn points(list: impl IntoIterator<Item = (i32, i32)>) -> String {
    list.into_iter()
        .map(|(x, y)| format!("{x},{y}"))
        .collect::<Vec<_>>()
        .join(" ")
}

/// Cells named as the page names them: "r1c1 r1c2".
pub(crate) fn cell_names(cells: &[usize], n: usize) -> String {
    let name = |c: usize| {
        Cell {
            row: c / n,
            col: c % n,
        }
        .to_string()
    };
    cells.iter().map(|&c| name(c)).collect::<Vec<_>>().join(" ")
}

/// Whether a figure sits outside the grid, so the board leaves room around it.
pub(crate) fn reaches_outside(figures: &[Figure]) -> bool {
    figures
        .iter()
        .any(|f| matches!(f.look, Look::Outside { .. }))
}

#[derive(Properties, PartialEq)]
pub struct Props {
    pub imported: Rc<Imported>,
    pub n: usize,
    /// The figures (indices into `imported.figures`) of the rules the hint rests on.
    #[prop_or_default]
    pub hinted: Vec<usize>,
}

/// The layers: shading first, then lines and cages under the cells' digits and marks; dots,
/// clues and quadruples over them.
#[function_component]
pub fn Overlay(props: &Props) -> Html {
    let n = props.n;
    let side = n as i32 * CELL;
    let layer = |order: u8| {
        props
            .imported
            .figures
            .iter()
            .enumerate()
            .filter(move |(_, f)| depth(&f.look) == order)
            .map(move |(i, f)| {
                let hint = props.hinted.contains(&i).then_some("true");
                html! {
                    <g data-rule={f.rule} data-cells={cell_names(&f.cells, n)} data-hint={hint}>
                        { figure(f, n) }
                    </g>
                }
            })
    };
    let svg = |class: &'static str, depths: std::ops::Range<u8>| {
        html! {
            <svg class={classes!("rules", class)} viewBox={format!("0 0 {side} {side}")}
                aria-hidden="true" focusable="false">
                { for depths.flat_map(layer) }
            </svg>
        }
    };
    html! { <>
        { svg("under", 0..UNDER) }
        { svg("over", UNDER..DEPTHS) }
    </> }
}

/// The depths drawn under the digits; the rest, up to `DEPTHS`, are drawn over them.
const UNDER: u8 = 3;
const DEPTHS: u8 = 5;

/// The order shapes are drawn in.
fn depth(look: &Look) -> u8 {
    match look {
        Look::Shade { .. } | Look::Blob { .. } | Look::Cell(_) => 0,
        Look::Line { .. } | Look::CircleWithShafts { .. } | Look::Diagonal { .. } => 1,
        Look::Cage { .. } => 2,
        Look::Text { .. } => 3,
        Look::Edge { .. } | Look::Outside { .. } | Look::CornerDigits { .. } => 4,
    }
}

fn figure(f: &Figure, n: usize) -> Html {
    let cells = &f.cells;
    match &f.look {
        Look::Cage { label, colour } => cage::cage(cells, n, label.as_ref(), colour.as_ref()),
        Look::Line {
            paths,
            colour,
            width,
            ends,
        } => lines::line(paths, n, colour, *width, *ends),
        Look::CircleWithShafts { circle, shafts } => lines::arrow(circle, shafts, n),
        Look::Diagonal { anti } => lines::diagonal(*anti, n),
        Look::Edge { a, b, mark } => dots::dot(*a, *b, mark, n),
        Look::Outside {
            row,
            col,
            text,
            towards,
        } => outside::clue(*row, *col, text, *towards),
        Look::Cell(mark) => marks::cell_mark(cells[0], *mark, n),
        Look::CornerDigits { digits } => marks::quadruple(cells, digits, n),
        Look::Shade { colour } => marks::shade(cells, colour, n),
        Look::Text { text, colour, size } => marks::text(cells, text, colour.as_ref(), *size, n),
        Look::Blob {
            round,
            fill,
            outline,
            text,
        } => marks::blob(
            cells,
            *round,
            (fill.as_ref(), outline.as_ref()),
            text.as_ref(),
            n,
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells_are_named_and_placed_in_hundredths() {
        assert_eq!(cell_names(&[0, 10], 9), "r1c1 r2c2");
        assert_eq!(centre(10, 9), (150, 150));
        assert_eq!(points([(0, 0), (50, 100)]), "0,0 50,100");
    }
}
