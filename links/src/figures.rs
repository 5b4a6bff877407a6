//! How a puzzle is drawn: each rule and each cosmetic drawing of f-puzzles' JSON as one
//! [`Figure`], by SudokuPad's conventions (dashed cages with the sum in the corner, grey
//! thermometers with a bulb, green whispers, purple renban, dots on the edge between two
//! cells, clues outside the grid). The page turns figures into SVG; this module knows the
//! rules' keys, the page knows the pixels.

use serde_json::{Map, Value};

use crate::cells;
use crate::document::{entries, number, text, Entry};
use crate::import::is_copy;
use crate::rules::KEYS;

/// One rule or drawing, in the grid's cells.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Figure {
    /// The rule's name, as the page's `data-rule` names it (`killer`, `thermometer`,
    /// `kropki-white`…), or the drawing's f-puzzles key (`line`, `cage`, `text`, `circle`,
    /// `rectangle`) for one that carries no rule.
    pub rule: &'static str,
    /// The cells it is about, in order (a line's from its start).
    pub cells: Vec<usize>,
    pub look: Look,
    /// Where it is written in the document: its key, and its place in the key's list
    /// (0 for a switch such as a diagonal). A thermometer's branches share theirs.
    pub source: (&'static str, usize),
}

/// How a figure looks: what to draw, by SudokuPad's conventions.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Look {
    /// A dashed outline inset in its cells, its label in the top-left cell's corner.
    Cage {
        label: Option<String>,
        colour: Option<String>,
    },
    /// Lines through the cells' centres.
    Line {
        paths: Vec<Vec<usize>>,
        colour: String,
        /// In hundredths of a cell.
        width: u32,
        ends: Ends,
    },
    /// A circle (or pill) over `circle`, with a shaft and arrowhead along each path.
    Arrow {
        circle: Vec<usize>,
        shafts: Vec<Vec<usize>>,
    },
    /// A mark on the edge between two neighbouring cells.
    Edge { a: usize, b: usize, mark: EdgeMark },
    /// A clue outside the grid at (`row`, `col`), one step beyond it (-1 or n); a little
    /// killer's arrow points along (`dr`, `dc`).
    Outside {
        row: i32,
        col: i32,
        text: String,
        towards: Option<(i32, i32)>,
    },
    /// A mark inside one cell.
    Cell(CellMark),
    /// A circle where four cells meet (or at the centre of fewer), with its digits.
    Quadruple { digits: String },
    /// The cells shaded.
    Shade { colour: String },
    /// A diagonal across the grid: from the top left, or from the top right (`anti`).
    Diagonal { anti: bool },
    /// Text centred on the cells.
    Text {
        text: String,
        colour: Option<String>,
        /// In hundredths of a cell's height.
        size: u32,
    },
    /// A circle or rectangle over the cells, with text in it.
    Blob {
        round: bool,
        fill: Option<String>,
        outline: Option<String>,
        text: Option<String>,
    },
}

/// What a line has at its ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ends {
    None,
    /// A thermometer's bulb at the start.
    Bulb,
    /// A hollow circle at each end (between lines, double arrows).
    Circles,
    /// A diamond at each end (lockout lines).
    Diamonds,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EdgeMark {
    White(Option<String>),
    Black(Option<String>),
    Text(String),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CellMark {
    Odd,
    Even,
    /// Smaller than its unmarked neighbours.
    Minimum,
    Maximum,
}

/// The page's name for a rule key.
fn rule_name(key: &str) -> &'static str {
    match key {
        "killercage" => "killer",
        "littlekillersum" => "little-killer",
        "sandwichsum" => "sandwich",
        "arrow" => "arrow",
        "doublearrow" => "double-arrow",
        "thermometer" => "thermometer",
        "slowthermometer" => "slow-thermometer",
        "palindrome" => "palindrome",
        "clone" => "clone",
        "betweenline" => "between",
        "lockout" => "lockout",
        "renban" => "renban",
        "whispers" => "whispers",
        "regionsumline" => "region-sum",
        "entropicline" => "entropic",
        "modularline" => "modular",
        "zipperline" => "zipper",
        "nabner" => "nabner",
        "difference" => "kropki-white",
        "ratio" => "kropki-black",
        "xv" => "xv",
        "odd" => "odd",
        "even" => "even",
        "minimum" => "minimum",
        "maximum" => "maximum",
        "quadruple" => "quadruple",
        "xsum" => "x-sum",
        "skyscraper" => "skyscraper",
        "extraregion" => "extra-region",
        "line" => "line",
        "cage" => "cage",
        "text" => "text",
        "circle" => "circle",
        "rectangle" => "rectangle",
        _ => "indexer",
    }
}

/// A line key's colour (as SudokuPad draws it), its width in hundredths of a cell and
/// its ends.
fn line_style(key: &str) -> (&'static str, u32, Ends) {
    match key {
        "thermometer" | "slowthermometer" => ("#c8c8c8", 30, Ends::Bulb),
        "palindrome" => ("#c0c0c0", 30, Ends::None),
        "betweenline" => ("#a0a0ff", 10, Ends::Circles),
        "doublearrow" => ("#c0c0c0", 10, Ends::Circles),
        "lockout" => ("#a0c0ff", 10, Ends::Diamonds),
        "renban" => ("#f067f0", 30, Ends::None),
        "whispers" => ("#67f067", 30, Ends::None),
        "regionsumline" => ("#2ecbff", 25, Ends::None),
        "entropicline" => ("#ffa040", 25, Ends::None),
        "modularline" => ("#20b0a0", 25, Ends::None),
        "zipperline" => ("#b080ff", 25, Ends::None),
        _ => ("#e0c000", 25, Ends::None),
    }
}

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

/// Every figure of an f-puzzles object with side `n`: the global diagonals, then each
/// rule key's entries in [`KEYS`] order, then the cosmetic drawings. Entries that do not
/// name a cell on the grid draw nothing.
pub(crate) fn figures(
    object: &Map<String, Value>,
    n: usize,
    cosmetic: &[&'static str],
) -> Vec<Figure> {
    let mut out = Vec::new();
    for (key, anti) in [("diagonal-", false), ("diagonal+", true)] {
        if object.get(key) == Some(&Value::Bool(true)) {
            let cells = (0..n)
                .map(|i| if anti { i * n + n - 1 - i } else { i * n + i })
                .collect();
            out.push(Figure {
                rule: "diagonal",
                cells,
                look: Look::Diagonal { anti },
                source: (key, 0),
            });
        }
    }
    for key in KEYS.iter().chain(cosmetic) {
        let Ok(list) = entries(object, key) else {
            continue;
        };
        for (index, entry) in list.iter().enumerate() {
            if !is_copy(object, key, entry) {
                out.extend(figure((key, index), entry, n));
            }
        }
    }
    out
}

fn figure(source: (&'static str, usize), entry: &Entry, n: usize) -> Vec<Figure> {
    let key = source.0;
    let rule = rule_name(key);
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
    match key {
        "killercage" | "cage" if !cells.is_empty() => one(
            cells,
            Look::Cage {
                label: value,
                colour: colour(entry.outline.as_ref()),
            },
        ),
        "extraregion" if !cells.is_empty() => one(
            cells,
            Look::Shade {
                colour: "#cfcfcf".into(),
            },
        ),
        "rowindexer" | "columnindexer" | "boxindexer" if !cells.is_empty() => one(
            cells,
            Look::Shade {
                colour: match key {
                    "rowindexer" => "#f0a0a0",
                    "columnindexer" => "#a0c0f0",
                    _ => "#a0e0a0",
                }
                .into(),
            },
        ),
        "clone" => {
            let copy = on_grid(&entry.clone_cells, n);
            let mut all = cells;
            all.extend(copy);
            if all.is_empty() {
                return Vec::new();
            }
            one(
                all,
                Look::Shade {
                    colour: "#e0e0ff".into(),
                },
            )
        }
        "arrow" => {
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
            one(all, Look::Arrow { circle, shafts })
        }
        "difference" | "ratio" | "xv" => match cells.as_slice() {
            &[a, b] if a != b => {
                let mark = match key {
                    "difference" => EdgeMark::White(value),
                    "ratio" => EdgeMark::Black(value),
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
        "odd" | "even" | "minimum" | "maximum" => {
            let cell = entry
                .cell
                .as_deref()
                .and_then(|name| cells::parse(name, n, false).ok())
                .map(|(r, c)| r * n + c)
                .or(cells.first().copied());
            let mark = match key {
                "odd" => CellMark::Odd,
                "even" => CellMark::Even,
                "minimum" => CellMark::Minimum,
                _ => CellMark::Maximum,
            };
            cell.map_or_else(Vec::new, |cell| one(vec![cell], Look::Cell(mark)))
        }
        "quadruple" if !cells.is_empty() => {
            let digits = entry.values.iter().map(text).collect::<Vec<_>>().join(" ");
            one(cells, Look::Quadruple { digits })
        }
        "littlekillersum" | "sandwichsum" | "xsum" | "skyscraper" => {
            let Some((row, col)) = entry
                .cell
                .as_deref()
                .and_then(|name| cells::parse(name, n, true).ok())
            else {
                return Vec::new();
            };
            let (row, col) = (row as i32 - 1, col as i32 - 1);
            let towards = match (key, entry.direction.as_deref()) {
                ("littlekillersum", Some("UL")) => Some((-1, -1)),
                ("littlekillersum", Some("UR")) => Some((-1, 1)),
                ("littlekillersum", Some("DL")) => Some((1, -1)),
                ("littlekillersum", Some("DR")) => Some((1, 1)),
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
        "text" if !cells.is_empty() => {
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
        "circle" | "rectangle" if !cells.is_empty() => one(
            cells,
            Look::Blob {
                round: key == "circle",
                fill: colour(entry.base.as_ref()),
                outline: colour(entry.outline.as_ref()),
                text: value,
            },
        ),
        "line" => {
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
        _ if KEYS.contains(&key) && !entry.lines.is_empty() => {
            let (line_colour, width, ends) = line_style(key);
            paths(entry, n)
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
                .collect()
        }
        _ => Vec::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn of(json: &str) -> Vec<Figure> {
        let value: Value = serde_json::from_str(json).unwrap();
        let Value::Object(object) = value else {
            panic!("not an object")
        };
        figures(&object, 9, &["line", "cage", "text", "circle", "rectangle"])
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
            Look::Arrow {
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
    fn entries_off_the_grid_draw_nothing() {
        let f = of(r#"{"killercage":[{"cells":["R10C1"]}],"odd":[{"cell":"nowhere"}]}"#);
        assert!(f.is_empty());
    }
}
