//! Killer cages and cosmetic cages: a dashed outline inset in the cells, the sum in the
//! top-left cell's corner.

use yew::prelude::*;

use super::CELL;

/// How far the outline is inset from the cells' edges.
const INSET: i32 = 8;

/// The outline's segments ((x1, y1), (x2, y2)): each side of a cell with no cage cell
/// beyond it, inset, its ends pulled in at a convex corner, run on where the outline goes
/// straight on, and pushed out at a concave one.
pub(crate) fn outline(cells: &[usize], n: usize) -> Vec<((i32, i32), (i32, i32))> {
    let inside = |r: i32, c: i32| {
        (0..n as i32).contains(&r) && (0..n as i32).contains(&c) && {
            let cell = r as usize * n + c as usize;
            cells.contains(&cell)
        }
    };
    // At one end of a side: the neighbour along the side, and the cell beyond that one.
    let end = |side: bool, corner: bool| match (side, corner) {
        (false, _) => INSET,
        (true, true) => -INSET,
        (true, false) => 0,
    };
    let mut out = Vec::new();
    for &cell in cells {
        let (r, c) = ((cell / n) as i32, (cell % n) as i32);
        let (x, y) = (c * CELL, r * CELL);
        // Top and bottom sides run along x; left and right along y.
        for (dr, far) in [(-1, y + INSET), (1, y + CELL - INSET)] {
            if !inside(r + dr, c) {
                let start = x + end(inside(r, c - 1), inside(r + dr, c - 1));
                let stop = x + CELL - end(inside(r, c + 1), inside(r + dr, c + 1));
                out.push(((start, far), (stop, far)));
            }
        }
        for (dc, far) in [(-1, x + INSET), (1, x + CELL - INSET)] {
            if !inside(r, c + dc) {
                let start = y + end(inside(r - 1, c), inside(r - 1, c + dc));
                let stop = y + CELL - end(inside(r + 1, c), inside(r + 1, c + dc));
                out.push(((far, start), (far, stop)));
            }
        }
    }
    out
}

pub fn cage(cells: &[usize], n: usize, label: Option<&String>, colour: Option<&String>) -> Html {
    let path: String = outline(cells, n)
        .iter()
        .map(|((x1, y1), (x2, y2))| format!("M{x1} {y1}L{x2} {y2}"))
        .collect();
    let colour = colour.cloned().unwrap_or_else(|| "currentColor".into());
    let label = label.map(|label| {
        let first = *cells.iter().min().expect("a cage has cells");
        let (x, y) = (
            (first % n) as i32 * CELL + INSET - 2,
            (first / n) as i32 * CELL + INSET - 2,
        );
        let width = 12 + 13 * label.chars().count() as i32;
        html! { <>
            <rect class="cage-label-bg" x={x.to_string()} y={y.to_string()} width={width.to_string()} height="26" />
            <text class="cage-label" x={(x + 3).to_string()} y={(y + 21).to_string()}>{ label.clone() }</text>
        </> }
    });
    html! { <>
        <path class="cage" d={path} stroke={colour} />
        { for label }
    </> }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_cell_has_four_inset_sides() {
        let sides = outline(&[0], 9);
        assert_eq!(sides.len(), 4);
        assert!(sides.contains(&((8, 8), (92, 8))));
        assert!(sides.contains(&((8, 8), (8, 92))));
    }

    #[test]
    fn two_cells_in_a_row_share_no_side_and_their_top_runs_on() {
        let sides = outline(&[0, 1], 9);
        assert_eq!(sides.len(), 6);
        assert!(sides.contains(&((8, 8), (100, 8))));
        assert!(sides.contains(&((100, 8), (192, 8))));
    }

    #[test]
    fn an_l_pushes_its_inner_corner_out() {
        // r1c1, r2c1, r2c2: the inner corner is at (100, 100).
        let sides = outline(&[0, 9, 10], 9);
        // r2c2's top side starts inside r2c1's column, where r1c1's right side comes down.
        assert!(sides.contains(&((92, 108), (192, 108))));
        assert!(sides.contains(&((92, 8), (92, 108))));
    }
}
