//! What a figure is: one rule or drawing in the grid's cells, and how it looks by
//! SudokuPad's conventions. The vocabulary the key table, the figures and the page share.

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
    CircleWithShafts {
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
    CornerDigits { digits: String },
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
