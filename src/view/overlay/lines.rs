//! Lines through the cells' centres (thermometers with their bulb, whispers, renban,
//! palindromes, between and lockout lines with their ends, cosmetic lines), arrows with
//! their circle or pill and arrowhead, and the diagonals.

use sudoku_links::Ends;
use yew::prelude::*;

use super::{centre, points, span, CELL};

/// Lines through `paths`, `width` hundredths of a cell wide, in `colour` as the theme
/// tones it (the stylesheet's `.line`, from `--c`).
pub fn line(paths: &[Vec<usize>], n: usize, colour: &str, width: u32, ends: Ends) -> Html {
    let width = width.to_string();
    let ends = |path: &Vec<usize>| -> Html {
        let first = centre(path[0], n);
        let last = centre(path[path.len() - 1], n);
        match ends {
            Ends::None => html! {},
            Ends::Bulb => html! {
                <circle cx={first.0.to_string()} cy={first.1.to_string()} r="38" fill="currentColor" />
            },
            Ends::Circles => html! { <>{ for [first, last].into_iter().map(|(x, y)| html! {
                <circle class="line-end" cx={x.to_string()} cy={y.to_string()} r="40" stroke="currentColor" />
            }) }</> },
            Ends::Diamonds => html! { <>{ for [first, last].into_iter().map(|(x, y)| html! {
                <polygon class="line-end" stroke="currentColor"
                    points={points([(x, y - 42), (x + 42, y), (x, y + 42), (x - 42, y)])} />
            }) }</> },
        }
    };
    html! { <g class="line" style={format!("--c: {colour}")}> { for paths.iter().map(|path| html! { <>
        <polyline points={points(path.iter().map(|&c| centre(c, n)))} stroke="currentColor"
            stroke-width={width.clone()} />
        { ends(path) }
    </> }) } </g> }
}

/// Where a shaft leaves its circle's edge: its first cell's centre moved towards the next
/// cell, by the circle's radius along each axis it moves on.
fn leave(from: (i32, i32), to: (i32, i32), radius: i32) -> (i32, i32) {
    let step = |a: i32, b: i32| (b - a).signum() * radius;
    let diagonal = from.0 != to.0 && from.1 != to.1;
    let r = if diagonal { radius * 7 / 10 } else { radius };
    (
        from.0 + step(from.0, to.0) * r / radius,
        from.1 + step(from.1, to.1) * r / radius,
    )
}

pub fn arrow(circle: &[usize], shafts: &[Vec<usize>], n: usize) -> Html {
    let bulb = if circle.len() == 1 {
        let (x, y) = centre(circle[0], n);
        html! { <circle class="arrow-circle" cx={x.to_string()} cy={y.to_string()} r="40" /> }
    } else {
        // A pill over the circle's cells.
        let ((x, y), (w, h)) = span(circle, n);
        html! {
            <rect class="arrow-circle" x={(x - w / 2 + 10).to_string()} y={(y - h / 2 + 10).to_string()}
                width={(w - 20).to_string()} height={(h - 20).to_string()} rx="40" />
        }
    };
    let shafts = shafts.iter().map(|shaft| {
        // The shaft's cells after the circle, from the circle's last cell it touches.
        let start = shaft.iter().rposition(|c| circle.contains(c)).unwrap_or(0);
        let cells: Vec<(i32, i32)> = shaft[start..].iter().map(|&c| centre(c, n)).collect();
        if cells.len() < 2 {
            return html! {};
        }
        let mut line = cells.clone();
        line[0] = leave(cells[0], cells[1], 40);
        // The head stops short of the last cell's centre, clear of a digit written there.
        let before = cells[cells.len() - 2];
        let last = line.len() - 1;
        line[last] = leave(cells[last], before, 34);
        let tip = line[last];
        let (ux, uy) = ((tip.0 - before.0).signum(), (tip.1 - before.1).signum());
        let k = 18;
        let head = [
            (tip.0 - (ux - uy) * k, tip.1 - (uy + ux) * k),
            tip,
            (tip.0 - (ux + uy) * k, tip.1 - (uy - ux) * k),
        ];
        html! { <>
            <polyline class="arrow-shaft" points={points(line)} />
            <polyline class="arrow-shaft" points={points(head)} />
        </> }
    });
    html! { <g class="circle-with-shafts">{ bulb }{ for shafts }</g> }
}

pub fn diagonal(anti: bool, n: usize) -> Html {
    let side = n as i32 * CELL;
    let (x1, x2) = if anti { (side, 0) } else { (0, side) };
    html! {
        <line class="diagonal" x1={x1.to_string()} y1="0" x2={x2.to_string()} y2={side.to_string()} />
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_shaft_leaves_the_circle_at_its_edge() {
        assert_eq!(leave((50, 50), (150, 50), 40), (90, 50));
        assert_eq!(leave((50, 50), (50, -50), 40), (50, 10));
        assert_eq!(leave((50, 50), (150, 150), 40), (78, 78));
    }
}
