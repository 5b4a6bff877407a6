//! How a puzzle is drawn: each rule and each cosmetic drawing of f-puzzles' JSON as one
//! [`Figure`], by SudokuPad's conventions (dashed cages with the sum in the corner, grey
//! thermometers with a bulb, green whispers, purple renban, dots on the edge between two
//! cells, clues outside the grid). Each key's [`Style`] is in the key table; this module
//! turns its entries into figures, and the page turns figures into SVG.

use serde_json::{Map, Value};
use sudoku_engine::chaos::{Chaos, ChaosClue};

use crate::cells;
use crate::document::{entries, number, text, Entry};
use crate::keys::{is_copy, Key, Pair, ReadAs, Style, ANY_OF_KEY, CIRCLES, KEYS};

use crate::look::{EdgeMark, Ends, Figure, Look};

/// A colour written as `#rgb`, `#rrggbb` or `#rrggbbaa`; anything else is not drawn.
fn colour(value: Option<&Value>) -> Option<String> {
    let Some(Value::String(s)) = value else {
        return None;
    };
    let hex = s.strip_prefix('#')?;
    (matches!(hex.len(), 3 | 4 | 6 | 8) && hex.bytes().all(|b| b.is_ascii_hexdigit()))
        .then(|| s.clone())
}

/// The text of a value, if it has any.
fn label(value: Option<&Value>) -> Option<String> {
    let value = value?;
    let t = text(value);
    (!value.is_null() && !t.trim().is_empty()).then(|| cells::shorten(&t))
}

/// The cells an entry names, skipping any that are off the grid.
fn on_grid(names: &[String], n: usize) -> Vec<usize> {
    names
        .iter()
        .filter_map(|name| cells::parse(name, n, false).ok())
        .map(|(r, c)| r * n + c)
        .collect()
}

fn paths(entry: &Entry, n: usize) -> Vec<Vec<usize>> {
    entry
        .lines
        .iter()
        .map(|line| on_grid(line, n))
        .filter(|line| !line.is_empty())
        .collect()
}

/// How a chaos construction's clues are drawn, as ISS draws them: a count's (and a count of
/// regions') control cell circled, an arrow's circled with a shaft along each arm. In ISS's
/// purple; `source` is `("chaos", clue)`, since the document has no key for them.
pub(crate) fn chaos(chaos: &Chaos) -> Vec<Figure> {
    const PURPLE: &str = "#8C46DC";
    let figure = |(i, clue): (usize, &ChaosClue)| {
        let control = clue.control()?;
        let (rule, look) = match clue {
            ChaosClue::Run { arms, .. } => {
                let shafts = arms.iter().map(|arm| {
                    let from = (arm.first() != Some(&control)).then_some(control);
                    from.into_iter().chain(arm.iter().copied()).collect()
                });
                let look = Look::CircleWithShafts {
                    circle: vec![control],
                    shafts: shafts.collect(),
                };
                ("chaos-arrow", look)
            }
            _ => {
                let look = Look::Blob {
                    round: true,
                    fill: None,
                    outline: Some(PURPLE.into()),
                    text: None,
                };
                ("chaos-count", look)
            }
        };
        Some(Figure {
            rule,
            cells: vec![control],
            look,
            source: ("chaos", i),
        })
    };
    chaos
        .clues()
        .iter()
        .enumerate()
        .filter_map(figure)
        .collect()
}

/// Every figure of an f-puzzles object with side `n`: the global diagonals, then each
/// key's entries in [`KEYS`] order (rules, then cosmetic drawings), each drawn in its
/// key's [`Style`]. Entries that do not name a cell on the grid draw nothing.
pub(crate) fn figures(object: &Map<String, Value>, n: usize) -> Vec<Figure> {
    let mut out = Vec::new();
    for key in KEYS {
        if let Style::Diagonal { anti } = key.style {
            if object.get(key.key) == Some(&Value::Bool(true)) {
                out.push(Figure {
                    rule: key.name,
                    cells: cells::diagonal(n, anti),
                    look: Look::Diagonal { anti },
                    source: (key.key, 0),
                });
            }
        }
    }
    for key in KEYS.iter().filter(|k| !matches!(k.read, ReadAs::Switch)) {
        let Ok(list) = entries(object, key.key) else {
            continue;
        };
        for (index, entry) in list.iter().enumerate() {
            if !is_copy(object, key.key, entry) {
                out.extend(figure(key, index, entry, n));
            }
        }
    }
    // An either-or rule's branches, each drawn as its rules are, as ISS draws them; the
    // setter selects and removes the whole either-or rule by any of them.
    let either_or = object.get(ANY_OF_KEY).and_then(Value::as_array);
    for (index, entry) in either_or.into_iter().flatten().enumerate() {
        let branches = entry.get("branches").and_then(Value::as_array);
        for branch in branches.into_iter().flatten().filter_map(Value::as_object) {
            out.extend(figures(branch, n).into_iter().map(|f| Figure {
                source: (ANY_OF_KEY, index),
                ..f
            }));
        }
    }
    out
}

fn figure(key: &Key, index: usize, entry: &Entry, n: usize) -> Vec<Figure> {
    let (rule, source) = (key.name, (key.key, index));
    let cells = on_grid(&entry.cells, n);
    let one = |cells: Vec<usize>, look: Look| {
        vec![Figure {
            rule,
            cells,
            look,
            source,
        }]
    };
    let value = label(entry.value.as_ref());
    match key.style {
        // SudokuPad's convention: a cage whose text starts "msgcorrect" holds the message
        // its app shows once the puzzle is solved, and is never drawn.
        Style::Cage
            if value
                .as_deref()
                .is_some_and(|v| v.starts_with("msgcorrect")) =>
        {
            Vec::new()
        }
        Style::Cage if !cells.is_empty() => one(
            cells,
            Look::Cage {
                label: value,
                colour: colour(entry.outline.as_ref()),
            },
        ),
        Style::MarkedCage(before, shaded) => {
            let cells = match cells.is_empty() {
                true => paths(entry, n).concat(),
                false => cells,
            };
            let label = match key.read {
                ReadAs::Pattern => Some(before.into()),
                _ => value.map(|v| format!("{before}{v}")),
            };
            if cells.is_empty() {
                return Vec::new();
            }
            let cage = Look::Cage {
                label,
                colour: None,
            };
            let shade = shaded.then(|| Look::Shade {
                colour: "#d8d8d8".into(),
            });
            shade
                .into_iter()
                .chain([cage])
                .flat_map(|look| one(cells.clone(), look))
                .collect()
        }
        Style::Signs => {
            // Each cell is greater than every later neighbour on the line: the sign on
            // their edge points at the later one, the smaller.
            let line = paths(entry, n).concat();
            let mut signs = Vec::new();
            for (i, &greater) in line.iter().enumerate() {
                for &smaller in &line[i + 1..] {
                    // (Cells one apart at the ends of two rows are no neighbours.)
                    let same_row = greater / n == smaller / n;
                    let sign = match smaller as i64 - greater as i64 {
                        1 if same_row => ">",
                        -1 if same_row => "<",
                        d if d == n as i64 => "∨",
                        d if d == -(n as i64) => "∧",
                        _ => continue,
                    };
                    let (a, b) = (greater.min(smaller), greater.max(smaller));
                    let mark = EdgeMark::Text(sign.into());
                    signs.extend(one(vec![a, b], Look::Edge { a, b, mark }));
                }
            }
            signs
        }
        Style::Circles => cells
            .iter()
            .flat_map(|&cell| {
                let outline = CIRCLES[index % CIRCLES.len()];
                one(
                    vec![cell],
                    Look::Blob {
                        round: true,
                        fill: None,
                        outline: Some(outline.into()),
                        text: None,
                    },
                )
            })
            .collect(),
        Style::Shade(colour) => {
            let mut all = cells;
            if matches!(key.read, ReadAs::Clone) {
                all.extend(on_grid(&entry.clone_cells, n));
            }
            if all.is_empty() {
                return Vec::new();
            }
            one(
                all,
                Look::Shade {
                    colour: colour.into(),
                },
            )
        }
        Style::CircleWithShafts => {
            let shafts = paths(entry, n);
            let mut circle = cells;
            if circle.is_empty() {
                circle.extend(shafts.first().map(|s| s[0]));
            }
            if circle.is_empty() {
                return Vec::new();
            }
            let mut all = circle.clone();
            all.extend(shafts.iter().flatten().filter(|c| !circle.contains(c)));
            one(all, Look::CircleWithShafts { circle, shafts })
        }
        Style::Edge => match cells.as_slice() {
            &[a, b] if a != b => {
                let mark = match key.read {
                    ReadAs::Pair(Pair::Difference) => EdgeMark::White(value),
                    ReadAs::Pair(Pair::Ratio) => EdgeMark::Black(value),
                    _ => EdgeMark::Text(value.unwrap_or_default()),
                };
                one(
                    vec![a.min(b), a.max(b)],
                    Look::Edge {
                        a: a.min(b),
                        b: a.max(b),
                        mark,
                    },
                )
            }
            _ => Vec::new(),
        },
        Style::Cell => {
            let cell = entry
                .cell
                .as_deref()
                .and_then(|name| cells::parse(name, n, false).ok())
                .map(|(r, c)| r * n + c)
                .or(cells.first().copied());
            let ReadAs::Cell(mark) = key.read else {
                return Vec::new();
            };
            cell.map_or_else(Vec::new, |cell| one(vec![cell], Look::Cell(mark)))
        }
        Style::CornerDigits if !cells.is_empty() => {
            let digits = entry.values.iter().map(text).collect::<Vec<_>>().join(" ");
            one(cells, Look::CornerDigits { digits })
        }
        Style::Outside { pointed } => {
            let Some((row, col)) = entry
                .cell
                .as_deref()
                .and_then(|name| cells::parse(name, n, true).ok())
            else {
                return Vec::new();
            };
            let (row, col) = (row as i32 - 1, col as i32 - 1);
            let towards = match entry.direction.as_deref().filter(|_| pointed) {
                Some("UL") => Some((-1, -1)),
                Some("UR") => Some((-1, 1)),
                Some("DL") => Some((1, -1)),
                Some("DR") => Some((1, 1)),
                _ => None,
            };
            let seen = match towards {
                Some((dr, dc)) => {
                    let (mut r, mut c, mut seen) = (row + dr, col + dc, Vec::new());
                    while (0..n as i32).contains(&r) && (0..n as i32).contains(&c) {
                        seen.push(r as usize * n + c as usize);
                        r += dr;
                        c += dc;
                    }
                    seen
                }
                None => {
                    cells::from_side((row + 1) as usize, (col + 1) as usize, n).unwrap_or_default()
                }
            };
            one(
                seen,
                Look::Outside {
                    row,
                    col,
                    text: value.unwrap_or_default(),
                    towards,
                },
            )
        }
        Style::Text if !cells.is_empty() => {
            let size = entry.size.as_ref().and_then(number).unwrap_or(1);
            one(
                cells,
                Look::Text {
                    text: value.unwrap_or_default(),
                    colour: colour(entry.font.as_ref()),
                    size: (size.clamp(1, 4) * 40) as u32,
                },
            )
        }
        Style::Blob { round } if !cells.is_empty() => one(
            cells,
            Look::Blob {
                round,
                fill: colour(entry.base.as_ref()),
                outline: colour(entry.outline.as_ref()),
                text: value,
            },
        ),
        Style::FreeLine => {
            let paths = paths(entry, n);
            if paths.is_empty() {
                return Vec::new();
            }
            let width = entry.width.as_ref().and_then(number).unwrap_or(0);
            // f-puzzles' widths are fractions of a cell written as numbers like 0.25,
            // which read as no whole number: a fifth of a cell then.
            let width = if width > 0 { 100 } else { 20 };
            one(
                paths.concat(),
                Look::Line {
                    paths,
                    colour: colour(entry.outline.as_ref()).unwrap_or_else(|| "#a0a0a0".into()),
                    width,
                    ends: Ends::None,
                },
            )
        }
        Style::Line {
            colour: line_colour,
            width,
            ends,
        } => paths(entry, n)
            .into_iter()
            .map(|path| Figure {
                rule,
                source,
                cells: path.clone(),
                look: Look::Line {
                    paths: vec![path],
                    colour: line_colour.into(),
                    width,
                    ends,
                },
            })
            .collect(),
        _ => Vec::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::look::CellMark;

    fn of(json: &str) -> Vec<Figure> {
        let value: Value = serde_json::from_str(json).unwrap();
        let Value::Object(object) = value else {
            panic!("not an object")
        };
        figures(&object, 9)
    }

    #[test]
    fn a_cage_holding_sudokupads_solved_message_is_not_drawn() {
        // "Keep off the Border!" (data/variants): its text would lie over r1c1's digit.
        let f = of(
            r##"{"cage":[{"cells":["R1C1"],"value":"msgcorrect: Crazy man...you got it!",
            "outlineC":"#ffffff00","fontC":"#ffffff00"},{"cells":["R2C2"],"value":"7"}]}"##,
        );
        assert_eq!(f.len(), 1);
        assert_eq!(f[0].cells, [10]);
    }

    #[test]
    fn a_killer_cage_is_drawn_over_its_cells_with_its_sum() {
        let f = of(r#"{"killercage":[{"cells":["R1C1","R1C2"],"value":"12"}]}"#);
        assert_eq!(f.len(), 1);
        assert_eq!(f[0].rule, "killer");
        assert_eq!(f[0].cells, vec![0, 1]);
        assert_eq!(
            f[0].look,
            Look::Cage {
                label: Some("12".into()),
                colour: None
            }
        );
    }

    #[test]
    fn each_branch_of_a_thermometer_is_a_line_with_a_bulb() {
        let f = of(r#"{"thermometer":[{"lines":[["R1C1","R2C1","R3C1"],["R1C1","R1C2"]]}]}"#);
        assert_eq!(f.len(), 2);
        assert!(f.iter().all(|f| f.rule == "thermometer"));
        assert_eq!(f[0].cells, vec![0, 9, 18]);
        assert!(matches!(
            f[1].look,
            Look::Line {
                ends: Ends::Bulb,
                ..
            }
        ));
    }

    #[test]
    fn an_arrow_keeps_its_circle_and_shaft() {
        let f = of(r#"{"arrow":[{"cells":["R1C1"],"lines":[["R1C1","R1C2","R1C3"]]}]}"#);
        assert_eq!(f[0].cells, vec![0, 1, 2]);
        assert_eq!(
            f[0].look,
            Look::CircleWithShafts {
                circle: vec![0],
                shafts: vec![vec![0, 1, 2]]
            }
        );
    }

    #[test]
    fn dots_sit_between_their_cells_in_order() {
        let f = of(
            r#"{"ratio":[{"cells":["R2C1","R1C1"]}],"xv":[{"cells":["R1C1","R1C2"],"value":"X"}]}"#,
        );
        assert_eq!(f[0].rule, "kropki-black");
        assert_eq!(
            f[0].look,
            Look::Edge {
                a: 0,
                b: 9,
                mark: EdgeMark::Black(None)
            }
        );
        assert_eq!(
            f[1].look,
            Look::Edge {
                a: 0,
                b: 1,
                mark: EdgeMark::Text("X".into())
            }
        );
    }

    #[test]
    fn outside_clues_sit_beyond_the_grid_and_name_the_cells_they_see() {
        let f = of(
            r#"{"littlekillersum":[{"cell":"R0C1","direction":"DR","value":"15"}],
            "sandwichsum":[{"cell":"R3C0","value":"7"}]}"#,
        );
        assert_eq!(f[0].rule, "little-killer");
        assert_eq!(f[0].cells, vec![1, 11, 21, 31, 41, 51, 61, 71]);
        assert_eq!(
            f[0].look,
            Look::Outside {
                row: -1,
                col: 0,
                text: "15".into(),
                towards: Some((1, 1))
            }
        );
        assert_eq!(f[1].rule, "sandwich");
        assert_eq!(f[1].cells, (18..27).collect::<Vec<_>>());
    }

    #[test]
    fn diagonals_and_cell_marks() {
        let f = of(r#"{"diagonal+":true,"odd":[{"cell":"R5C5"}],"maximum":[{"cell":"R1C1"}]}"#);
        assert_eq!(f[0].look, Look::Diagonal { anti: true });
        assert_eq!(f[0].cells[0], 8);
        assert_eq!(f[1].look, Look::Cell(CellMark::Odd));
        assert_eq!(f[1].cells, vec![40]);
        assert_eq!(f[2].rule, "maximum");
    }

    #[test]
    fn cosmetic_drawings_keep_only_colours_they_can_draw() {
        let f = of(
            r##"{"line":[{"lines":[["R1C1","R1C2"]],"outlineC":"#FF0000"}],
            "text":[{"cells":["R2C2"],"value":"?","fontC":"red; x"}]}"##,
        );
        assert_eq!(f[0].rule, "line");
        assert!(matches!(&f[0].look, Look::Line { colour, .. } if colour == "#FF0000"));
        assert_eq!(
            f[1].look,
            Look::Text {
                text: "?".into(),
                colour: None,
                size: 40
            }
        );
    }

    #[test]
    fn iss_rules_are_drawn_as_iss_and_sudokupad_draw_them() {
        // r1c2 > r1c1, r1c3 and r2c2 (its later neighbours); r1c3 and r2c2 touch no later cell.
        let f = of(
            r#"{"greaterthan":[{"lines":[["R1C2","R1C1","R1C3","R2C2"]]}],
            "rellikcage":[{"cells":["R5C5","R5C6"],"value":"9"}],
            "lunchbox":[{"cells":["R7C1","R7C2"],"value":"4"}],
            "countingcircles":[{"cells":["R9C1"]},{"cells":["R9C9"]}]}"#,
        );
        let signs: Vec<(usize, usize, EdgeMark)> = f
            .iter()
            .filter_map(|f| match &f.look {
                Look::Edge { a, b, mark } => Some((*a, *b, mark.clone())),
                _ => None,
            })
            .collect();
        let text = |t: &str| EdgeMark::Text(t.into());
        assert_eq!(
            signs,
            [(0, 1, text("<")), (1, 2, text(">")), (1, 10, text("∨"))]
        );
        let rellik = f.iter().find(|f| f.rule == "rellik").unwrap();
        assert!(matches!(&rellik.look, Look::Cage { label: Some(l), .. } if l == "≠9"));
        let looks = |rule: &str| -> Vec<&Look> {
            f.iter()
                .filter(|f| f.rule == rule)
                .map(|f| &f.look)
                .collect()
        };
        // A lunchbox is shaded under its cage, and labelled with its sum alone.
        let lunchbox = looks("lunchbox");
        assert!(
            matches!(lunchbox[..], [Look::Shade { .. }, Look::Cage { label: Some(l), .. }] if l == "4")
        );
        // Each set of counting circles in a colour of its own.
        let circles = looks("counting-circles");
        assert!(
            matches!(circles[..], [Look::Blob { outline: Some(a), .. }, Look::Blob { outline: Some(b), .. }] if a != b)
        );
    }

    #[test]
    fn a_key_not_in_the_table_draws_nothing() {
        let f = of(r#"{"fogofwar":[{"cells":["R1C1","R1C2"],"lines":[["R1C1","R1C2"]]}]}"#);
        assert!(f.is_empty());
    }

    #[test]
    fn entries_off_the_grid_draw_nothing() {
        let f = of(r#"{"killercage":[{"cells":["R10C1"]}],"odd":[{"cell":"nowhere"}]}"#);
        assert!(f.is_empty());
    }
}
