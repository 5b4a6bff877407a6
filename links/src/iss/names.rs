//! How ISS names things: cells (`R1C1`, four characters, rows and columns 10-16 as the
//! letters A-G: base 17, as `CellGeometry.parseCellId` reads them), and constraint types
//! for people (`RellikCage` is "rellik cage").

/// The name ISS writes for the cell at 0-based `row` and `col`.
pub(crate) fn cell_id(row: usize, col: usize) -> String {
    let digit =
        |v: usize| char::from_digit(v as u32 + 1, 17).map_or('?', |c| c.to_ascii_uppercase());
    format!("R{}C{}", digit(row), digit(col))
}

/// Reads ISS's name of a cell of a grid of side `n` into its index.
pub(crate) fn parse_cell(name: &str, n: usize) -> Result<usize, String> {
    let chars: Vec<char> = name.chars().collect();
    let place = |c: char| c.to_digit(17).filter(|&v| v >= 1).map(|v| v as usize - 1);
    match chars[..] {
        [r, row, c, col] if r.eq_ignore_ascii_case(&'R') && c.eq_ignore_ascii_case(&'C') => {
            match (place(row), place(col)) {
                (Some(row), Some(col)) if row < n && col < n => Ok(row * n + col),
                (Some(_), Some(_)) => Err(format!("cell {name} is off the {n}x{n} grid")),
                _ => Err(format!("\"{}\" is not a cell", crate::cells::shorten(name))),
            }
        }
        _ if name.starts_with('V') => Err(format!(
            "{} is no extra cell (Var) the text declares",
            crate::cells::shorten(name)
        )),
        _ => Err(format!("\"{}\" is not a cell", crate::cells::shorten(name))),
    }
}

/// The side of a square grid of `cells` cells that ISS makes (1 to 16), if there is one.
pub(crate) fn side_of_cells(cells: usize) -> Option<usize> {
    (1..=16).find(|n| n * n == cells)
}

/// A type's name for people, as ISS splits it: `RellikCage` is "rellik cage".
pub(crate) fn spoken(kind: &str) -> String {
    let mut out = String::new();
    let mut previous_lower = false;
    for c in kind.chars() {
        if c.is_ascii_uppercase() && previous_lower {
            out.push(' ');
        }
        previous_lower = c.is_ascii_lowercase();
        out.push(c.to_ascii_lowercase());
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells_are_named_in_base_17() {
        assert_eq!(cell_id(0, 0), "R1C1");
        assert_eq!(cell_id(9, 15), "RACG");
        assert_eq!(parse_cell("R1C1", 9), Ok(0));
        assert_eq!(parse_cell("r9c9", 9), Ok(80));
        assert_eq!(parse_cell("RACG", 16), Ok(9 * 16 + 15));
        assert_eq!(parse_cell("rAcg", 16), Ok(9 * 16 + 15));
        assert!(parse_cell("R10C1", 16).unwrap_err().contains("not a cell"));
        assert!(parse_cell("RAC1", 9)
            .unwrap_err()
            .contains("off the 9x9 grid"));
        assert!(parse_cell("R0C1", 9).unwrap_err().contains("not a cell"));
        assert!(parse_cell("VK1", 9).unwrap_err().contains("Var"));
    }

    #[test]
    fn types_are_spoken_in_words() {
        assert_eq!(spoken("RellikCage"), "rellik cage");
        assert_eq!(spoken("NFA"), "nfa");
        assert_eq!(spoken("XSum"), "xsum");
    }
}
