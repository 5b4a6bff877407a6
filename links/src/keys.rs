//! Every f-puzzles key this crate knows, once: its page name, how its entries become
//! engine rules, how they are drawn, the names of Rangsk's cosmetic copies of it, how
//! SudokuPad shows it, the setter's name for it, and its ISS types and form. The rules
//! ([`crate::engine_rules`]), the figures ([`crate::figures`]), the import, the `scl`
//! recognisers, ISS's reader and writer (`crate::iss`) and the setter read it here; a key
//! that is not in [`KEYS`] is no rule, is not drawn as one, and is listed as drawn, not
//! checked.
//!
//! So a rule is named in links in this table (and where its entries become engine rules
//! other than by a constructor here, `engine_rules`); the formats find a key by what it is
//! (its [`Style`], its [`Pair`], its [`CellMark`], its [`IssForm`]), not by its name. A new
//! rule whose ISS text has a form listed in [`IssForm`] is one entry here.
//!
//! # What each key means
//!
//! Each key is read as Rangsk's solvers read it. "SVSJS" is dclamage/SudokuVariantSolverJS,
//! `src/solver/Constraint/<file>`; "C#" is dclamage/SudokuSolver, `SudokuSolver/Constraints/<file>`;
//! the userscript is Rangsk's Fpuzzles-NewConstraints, whose keys his solvers accept. A SudokuPad
//! `scl` puzzle's drawings are read into these keys first (`crate::scl`).
//!
//! | key | meaning | source |
//! |---|---|---|
//! | `diagonal-`, `diagonal+` | the main diagonal (r=c), the anti-diagonal: houses | f-puzzles; SVSJS `DiagonalConstraint.ts` |
//! | `antiknight`, `antiking` | cells a knight's or king's move apart differ | f-puzzles; SVSJS `ChessConstraint.ts` |
//! | `disjointgroups` | cells in the same place of their regions differ | f-puzzles; SVSJS `DisjointGroupsConstraint.ts` |
//! | `extraregion` | a house of its cells | f-puzzles; SVSJS `RegionConstraint.ts` |
//! | `killercage` | cells differ and, with a value, add up to it | f-puzzles; SVSJS `KillerCageConstraint.ts` |
//! | `littlekillersum` | the diagonal from the outside cell adds up to the value; digits may repeat | f-puzzles; SVSJS `LittleKillerConstraint.ts` |
//! | `sandwichsum` | the digits between 1 and n in the row or column add up to the value | f-puzzles; SVSJS `SandwichSumConstraint.ts` |
//! | `arrow` | each shaft adds up to the circle, a pill of cells read as a number | f-puzzles; SVSJS `ArrowSumConstraint.ts` |
//! | `doublearrow` | the ends add up to the cells between | userscript; SVSJS `DoubleArrowConstraint.ts` |
//! | `thermometer` | digits rise strictly from the bulb, each branch its own line | f-puzzles; SVSJS `ThermometerConstraint.ts` |
//! | `slowthermometer` | digits never fall from the bulb | userscript; C# (Slow Thermometer) |
//! | `palindrome` | the line reads the same from either end | f-puzzles; SVSJS `CloneConstraint.ts` |
//! | `clone` | `cells[i]` equals `cloneCells[i]`; a cell cloned onto itself says nothing | f-puzzles; SVSJS `CloneConstraint.ts` |
//! | `betweenline` | inner digits lie strictly between the ends | f-puzzles; SVSJS `BetweenLineConstraint.ts` |
//! | `lockout` | the ends differ by at least the value (4 on 9x9), inner digits lie outside them | userscript; SVSJS `LockoutConstraint.ts` |
//! | `renban` | distinct digits forming a run | userscript; SVSJS `RenbanConstraint.ts` |
//! | `whispers` | neighbours on the line differ by at least the value (German 5, Dutch 4 on 9x9) | userscript; SVSJS `WhispersConstraint.ts` |
//! | `regionsumline` | each stretch of the line in one region adds up to the same total | userscript; SVSJS `RegionSumLinesConstraint.ts` |
//! | `entropicline` | every three consecutive cells take one low, one middle, one high digit | userscript; SVSJS `EntropicLineConstraint.ts` |
//! | `modularline` | every three consecutive cells take one digit of each remainder mod 3 | userscript; SVSJS `ModularLineConstraint.ts` |
//! | `zipperline` | cells as far from the middle add up to the same total (the middle digit on odd lines) | userscript; SVSJS `ZipperLineConstraint.ts` |
//! | `nabner` | no two digits on the line are equal or consecutive | userscript; SVSJS `NabnerConstraint.ts` |
//! | `difference` | white dot: the two digits differ by the value (1 without one) | f-puzzles; SVSJS `KropkiConstraint.ts` |
//! | `ratio` | black dot: one digit is the value (2 without one) times the other | f-puzzles; SVSJS `KropkiConstraint.ts` |
//! | `xv` | X: the two digits add up to 10; V: to 5 | f-puzzles; SVSJS `SumConstraint.ts` |
//! | `nonconsecutive` | orthogonal neighbours do not differ by 1 | f-puzzles; SVSJS `KropkiConstraint.ts` |
//! | `negative: ["difference"]` | orthogonal neighbours differ by no value a white dot of the grid shows | SVSJS `KropkiConstraint.ts` |
//! | `negative: ["ratio"]` | no neighbour is 2 times, or a value a black dot shows times, the other | f-puzzles; SVSJS `KropkiConstraint.ts` |
//! | `negative: ["xv"]` | orthogonal neighbours add up to neither 5 nor 10 | f-puzzles; SVSJS `SumConstraint.ts` |
//! | `sum` | sum dot: the two digits add up to the value (5 without one) | SVSJS `SumConstraint.ts` (SVSJS only); the default from Rangsk's C# `SumConstraint.cs` |
//! | `negative: ["sum"]` | orthogonal neighbours add up to no value a sum dot of the grid shows | SVSJS `SumConstraint.ts` |
//! | `odd`, `even` | the cell holds an odd, an even digit | f-puzzles; SVSJS `SingleCellConstraints.ts` |
//! | `minimum`, `maximum` | the cell is below (above) every orthogonal neighbour not marked the same way | f-puzzles; `variant-formats.md` §1.2 (SudokuPad's renderer) |
//! | `quadruple` | the values appear among the four cells, a repeated value as often as written | f-puzzles; SVSJS `QuadrupleConstraint.ts` |
//! | `xsum` | the first X digits from the clue add up to it, X being the first digit | userscript; SVSJS `XSumConstraint.ts` |
//! | `skyscraper` | the clue counts the digits seen from it, a digit hiding every smaller one | userscript; SVSJS `SkyscraperConstraint.ts` |
//! | `rowindexer`, `columnindexer`, `boxindexer` | the digit in the cell says where the cell's own index stands in its column, row or box | userscript; SVSJS `IndexerConstraint.ts` |
//! | `line`, `cage`, `text`, `circle`, `rectangle` | cosmetics: drawn, not checked | f-puzzles |
//! | any other key | not read: drawn, not checked | |
//!
//! # Where rules meet
//!
//! Where rules touch the same cells (each tested on a position built by hand in `links/tests/interactions.rs`
//! through the link reader, the search and the hints, and in `engine/tests/variant_steps.rs` through the hints):
//!
//! - **Dots with negatives.** A pair with any Kropki dot, white or black, is exempt from every negative dot
//!   rule: `nonconsecutive`, `negative: ["difference"]` and `negative: ["ratio"]` (SVSJS `KropkiConstraint.ts`
//!   skips every pair in `kropkiInstanceKeys`, which holds both colours; C# `DifferenceConstraint.cs` names
//!   `RatioConstraint` among the related constraints whose markers override its negative). So a black dot on
//!   1 and 2 stands under `nonconsecutive`. Negative difference forbids each value a white dot shows, and 1
//!   with `nonconsecutive`; negative ratio forbids 2 and each value a black dot shows.
//! - **XV with nonconsecutive.** An X or V exempts its pair from `negative: ["xv"]` only (SVSJS
//!   `SumConstraint.ts`), not from the dot rules: under `nonconsecutive` a V with no white dot is 1 and 4,
//!   never 2 and 3. A Kropki dot does not exempt its pair from `negative: ["xv"]`.
//! - **Sum dots with XV.** An X, a V or a sum dot exempts its pair from both `negative: ["xv"]` and
//!   `negative: ["sum"]` (SVSJS `SumConstraint.ts` keeps one set of marked pairs for both), and from neither
//!   dot rule.
//! - **Clones with givens.** A given in one copy of a clone gives the other copy's cell (SVSJS
//!   `CloneConstraint.ts`: weak links between every other digit of the two cells), and givens that differ
//!   across a clone break it, by name. A clone whose copy overlaps
//!   its original chains its cells (r4c1 → r5c4 → r6c7 all equal), read as one clone per pair of cells; a
//!   cell cloned onto itself says nothing. In a SudokuPad drawing, overlapping clones shade their shared
//!   cells twice, and the reader splits the shading into the two copies.
//! - **A quadruple's repeats.** A value written twice must appear at least twice among the four cells, so
//!   the four cells span two rows and two columns and the repeats sit on a diagonal (SVSJS
//!   `QuadrupleConstraint.ts`: each written value between its count and its count plus the unwritten places).

use sudoku_engine::houses::HouseKind;
use sudoku_engine::rules::{
    AntiTaxicab, Arrow, Between, ConnectedValues, CountingCircles, DoubleArrow, Entropic,
    EntropicSquare, FullRank, GreaterThan, HiddenSkyscraper, IndexerKind, Killer, Lockout,
    Lunchbox, Modular, ModularSquare, Nabner, NumberedRoom, Pairwise, Palindrome, RegionSum,
    Rellik, Renban, Rule, RuleKind, Sandwich, Skyscraper, SumLine, Thermometer, Ties, WeightedSum,
    Whispers, XSum, Zipper,
};

use serde_json::{Map, Value};

use crate::document::{truthy, Entry};
use crate::look::{CellMark, Ends};

/// One f-puzzles key.
pub(crate) struct Key {
    /// f-puzzles' key.
    pub key: &'static str,
    /// The page's name for its rule (`data-rule`), or the drawing's key.
    pub name: &'static str,
    /// How its entries become engine rules.
    pub read: ReadAs,
    /// How its entries are drawn.
    pub style: Style,
    /// The `fromConstraint` names of the cosmetic copies Rangsk's solver writes beside it
    /// (any case).
    pub copies: &'static [&'static str],
    /// How SudokuPad shows it, where the `scl` recognisers read it from this table.
    pub scl: Scl,
    /// The setter's tools for it: each the value its entry is written with (a letter, a
    /// sum dot's first total, a little killer's diagonal) and the tool's name; none where a
    /// setter cannot add it. A rule of the whole grid that is not drawn has its name here,
    /// which the page writes under the title ([`crate::Imported::rules_of_the_grid`]), a
    /// tool or not.
    pub setter: &'static [(Option<&'static str>, &'static str)],
    /// The types of Sigh's Interactive Sudoku Solver whose meaning its entries have, the
    /// first the one written.
    pub iss: &'static [&'static str],
    /// How its entries are written in ISS's constraint text: `crate::iss` reads and writes
    /// each form, so that a key of a form it knows needs no code of its own there.
    pub iss_form: IssForm,
}

/// How a key's entries are written in ISS's constraint text (`.Type~argument~…`).
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum IssForm {
    /// ISS has no type for it.
    None,
    /// A sum and the cells: `.Cage~10~R1C1~R1C2`; a sum of 0, or none, is no sum.
    Cage,
    /// The cells, at least `least` of them, on a grid of digits 1-9 only where `only_nine`
    /// says why: `.Thermo~R1C1~R1C2`.
    Line {
        least: usize,
        only_nine: Option<&'static str>,
    },
    /// A difference and the cells: `.Lockout~4~R1C1~R1C5`; where ISS lets it be left out,
    /// its `default` (German whispers' 5).
    GapLine { default: Option<i64> },
    /// A modulus, the engine's only one, and the cells: `.Modular~3~R1C1~R1C2`.
    Modular(i64),
    /// A circle and its shaft, `.Arrow~R1C1~R1C2`, or a pill of 2 or 3 cells in reading
    /// order and its shaft, `.PillArrow~2~R1C1~R1C2~R2C3`.
    Shaft,
    /// A mark on every pair of neighbours among its cells: `.WhiteDot~R1C1~R1C2`; the
    /// type names the value of an X or V.
    Pairs,
    /// A sum and the first cell of its diagonal: `.LittleKiller~15~R1C2`.
    Diagonal,
    /// A sum and the row or column it is beside, on its first cell's side:
    /// `.Sandwich~10~R1`.
    SideClue,
    /// A row or column and its clues from either end: `.XSum~R1~15~`.
    EndClues,
    /// The top left cell of four and the digits among them: `.Quad~R1C1~1~2`.
    Corner,
    /// The number of cells and cells of one value, each the first's clone:
    /// `.SameValues~2~R1C1~R5C5`.
    SameValues,
    /// R or C (this key's letter) and the cells that index their row or column:
    /// `.Indexing~C~R1C1`.
    Indexing(&'static str),
    /// Cells of distinct digits, an extra region: `.AllDifferent~R1C1~R2C2`.
    Region,
    /// A diagonal of the whole grid, `1` the anti-diagonal (╱), `-1` the main one.
    GridDiagonal,
    /// A switch of the whole grid with no argument: `.AntiKnight`.
    Flag,
    /// Consecutive neighbours forbidden everywhere, which `crate::iss` checks against dots.
    AntiConsecutive,
    /// An automaton and its lines: `.NFA~key~_name~R1C1~R1C2~-~R3C3` (a `-` between the
    /// segments of one line, an empty argument between lines), or an expression and its
    /// lines, `.Regex~base64~R1C1~R1C2`; written as `NFA`.
    Pattern,
    /// A rule of every cell or 2x2 square of the grid, with no argument (`.AntiTaxicab`),
    /// on a grid of digits 1-9 only where `only_nine` says why; written once.
    Global { only_nine: Option<&'static str> },
    /// The cells, any number of them, that may repeat digits: `.CountingCircles~R1C1~R2C2`.
    Set,
    /// A sum up to `most` and the cells of a line, `LOOP` after the last if it closes on
    /// its first: `.SumLine~10~R1C1~R1C2~LOOP`.
    Segments { most: i64 },
    /// A relation table ([`sudoku_engine::rules::Pairwise::table_of_key`]) and groups of
    /// cells, each after an empty argument or a name (`_name`): `.Pair~KEY~_odd~R1C1~R1C2`.
    /// The key's second type is the legacy spelling of the table (`Binary`).
    Relation,
    /// A sum, with weights for the cells after `_=_`, and the cells:
    /// `.Sum~10_=_2_1_-1~R1C1~R1C2~R1C3`, each weight an integer from -100 to 100.
    Weighted,
    /// Ranks from the ends of rows and columns, as [`IssForm::EndClues`], and the ties the
    /// ranking allows (the key's second type, `.FullRankTies~any`).
    Ranks,
    /// A layer of cells (the grid, or a group of extra cells after its prefix), values and
    /// maybe a size: `.ConnectedValues~~1_2~5`, `.ConnectedValues~VA~3`.
    Layer,
}

/// How a key's entries become engine rules.
pub(crate) enum ReadAs {
    /// A cage: distinct cells, a sum if it has one, and the rule of its cells, its sum and
    /// the grid's side.
    Cage {
        rule: fn(Vec<usize>, Option<u32>, usize) -> Result<Rule, String>,
    },
    /// A little killer: a sum along a diagonal.
    LittleKiller,
    /// A clue outside the grid about the row or column beside it: the rule of the cells it
    /// sees and its value, which is at most `most(n)`.
    Outside {
        rule: fn(Vec<usize>, u32) -> Result<Rule, String>,
        most: fn(usize) -> i64,
    },
    /// A circle and the shafts that sum to it: the rule of a circle and one shaft.
    Arrow {
        rule: fn(Vec<usize>, Vec<usize>) -> Rule,
    },
    /// Digits that appear in the cells around a point.
    Quadruple,
    /// Cells that hold what other cells hold.
    Clone,
    /// A mark between two cells.
    Pair(Pair),
    /// A mark in one cell.
    Cell(CellMark),
    /// Cells whose digit places another digit in their row, column or box.
    Indexer(IndexerKind),
    /// Each line one rule of its cells. A line whose rule reads the same from either end
    /// (`symmetric`) is read from the end with the lower cell, so that a line drawn either
    /// way gives one rule; `gap` reads the entry's value as a gap from 0 to n.
    Line {
        rule: fn(LineOf) -> Result<Rule, String>,
        symmetric: bool,
        gap: bool,
    },
    /// Each entry a line pattern: its lines the segments of one line, read in order, its
    /// value ISS's key of the automaton that must accept their digits
    /// ([`crate::automaton`]), its `label` the pattern's name.
    Pattern,
    /// Cells in order, which may repeat digits, and the entry's value and values: the rule
    /// of its [`CellsOf`].
    Cells {
        rule: fn(CellsOf) -> Result<Rule, String>,
    },
    /// Clues outside the grid that make one rule together: the rule of each clue's row or
    /// column from its side and its value, and the document's text under `option` (none
    /// when it has none); no rule at all where it says nothing.
    Ranking { rule: Ranked, option: &'static str },
    /// A rule of the whole grid, switched on by `true`: its rules on a grid of side n.
    Global { rules: fn(usize) -> Vec<Rule> },
    /// A layer of cells, each row one of the entry's lines (the last may be shorter), and
    /// the entry's value and values: the rule of its [`LayerOf`].
    Layer {
        rule: fn(LayerOf) -> Result<Rule, String>,
    },
    /// Houses only (`house`), no rule of its own.
    House,
    /// A switch of the whole grid (its houses or pairs are read where they are built).
    Switch,
    /// A drawing that carries no rule.
    Drawing,
}

/// What a mark between two cells says of their digits.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Pair {
    /// A white dot: they differ by its value (1 if it has none).
    Difference,
    /// A black dot: one is its value (2 if it has none) times the other.
    Ratio,
    /// X or V: they sum to 10 or 5.
    Sum,
    /// A sum dot (Rangsk's `sum`): they sum to its value.
    Total,
}

/// What a line rule is made of.
pub(crate) struct LineOf<'a> {
    /// Its cells, in order.
    pub cells: Vec<usize>,
    pub n: usize,
    /// The entry's value, for a line read with a `gap`.
    pub gap: Option<u8>,
    /// The entry's value as text, if it has one.
    pub text: Option<String>,
    pub region_of: &'a [Option<usize>],
}

/// A clue outside the grid: its row or column from its side, and its value.
pub(crate) type Clue = (Vec<usize>, i64);

/// The rule of clues that are one rule together ([`ReadAs::Ranking`]).
pub(crate) type Ranked = fn(Vec<Clue>, Option<&str>, usize) -> Result<Option<Rule>, String>;

/// What a rule of cells ([`ReadAs::Cells`]) is made of.
pub(crate) struct CellsOf {
    /// Its cells, in order.
    pub cells: Vec<usize>,
    /// The entry's value and values, as whole numbers.
    pub value: Option<i64>,
    pub values: Vec<i64>,
}

/// What a rule of a layer of cells ([`ReadAs::Layer`]) is made of.
pub(crate) struct LayerOf {
    /// Its cells, row by row.
    pub cells: Vec<usize>,
    pub columns: usize,
    pub n: usize,
    /// The entry's value and values, as whole numbers.
    pub value: Option<i64>,
    pub values: Vec<i64>,
}

/// How a key's entries are drawn (as a [`crate::Look`]).
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Style {
    /// A cage over its cells with its value, outlined in the entry's colour.
    Cage,
    /// A cage over its cells (or its line's) labelled with this text and the entry's value
    /// after it, but for a line pattern's, whose value is its automaton (a rellik cage's
    /// `≠9`); shaded grey where `true`, as ISS draws a lunchbox and an equality cage.
    MarkedCage(&'static str, bool),
    /// A sign between each two neighbouring cells of its line, pointing from the greater
    /// to the smaller: each cell is greater than every later neighbour (ISS's greater-than).
    Signs,
    /// A circle in each of its cells, in a colour of [`CIRCLES`] by the entry's place, so
    /// that each set of counting circles has its own.
    Circles,
    /// Its cells (and clone cells) shaded.
    Shade(&'static str),
    /// A circle with its shafts.
    CircleWithShafts,
    /// A mark on the edge between its two cells.
    Edge,
    /// A mark in its cell (the one its [`ReadAs::Cell`] names).
    Cell,
    /// A circle of digits where its cells meet.
    CornerDigits,
    /// A clue outside the grid, with an arrow along the entry's direction if `pointed`.
    Outside { pointed: bool },
    /// Each line in `colour`, `width` hundredths of a cell wide, with its `ends`.
    Line {
        colour: &'static str,
        width: u32,
        ends: Ends,
    },
    /// A diagonal of the whole grid, from the top right if `anti`.
    Diagonal { anti: bool },
    /// A line in the entry's own colour and width.
    FreeLine,
    /// Text in its cells.
    Text,
    /// A circle or rectangle over its cells.
    Blob { round: bool },
    /// Not drawn.
    None,
}

/// The colours of counting circles, a set's by its place in the list (round again after
/// the last), as ISS gives each set its own.
pub(crate) const CIRCLES: [&str; 4] = ["#3070e0", "#e07020", "#20a050", "#b040c0"];

/// How SudokuPad shows a key, for the `scl` recognisers that read it from this table.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Scl {
    /// Read by its own recogniser, or not at all.
    Own,
    /// A plain line of the colour it is drawn in here (Rangsk's exports).
    Line,
    /// A plain line of another colour.
    LineOf(&'static str),
    /// A cage outlined in this colour, or of the style `fp` + its key (f-puzzles' exports).
    Cage(&'static str),
}

const fn line(colour: &'static str, width: u32, ends: Ends) -> Style {
    Style::Line {
        colour,
        width,
        ends,
    }
}

/// A key read and drawn as `read` and `style` says, with no cosmetic copies, no
/// convention of SudokuPad's in the table and no setter's name.
const fn rule(key: &'static str, name: &'static str, read: ReadAs, style: Style) -> Key {
    Key {
        key,
        name,
        read,
        style,
        copies: &[],
        scl: Scl::Own,
        setter: &[],
        iss: &[],
        iss_form: IssForm::None,
    }
}

/// A switch of the whole grid that is not drawn, with the setter's name for it.
const fn switch(key: &'static str, setter: &'static [(Option<&'static str>, &'static str)]) -> Key {
    Key {
        setter,
        ..rule(key, key, ReadAs::Switch, Style::None)
    }
}

/// A key that only draws.
const fn drawing(key: &'static str, style: Style) -> Key {
    rule(key, key, ReadAs::Drawing, style)
}

/// The largest total a sum clue can have: every cell holding n.
pub(crate) fn most(n: usize) -> i64 {
    (n * n * n) as i64
}

/// The largest sum of ISS's sum lines (`SumLine` in its handlers: 30 fits its state).
const SUM_LINE_MOST: i64 = 30;

/// A clue that is a digit of the grid.
fn digit(v: u32) -> Result<u8, String> {
    u8::try_from(v)
        .ok()
        .filter(|&d| d > 0)
        .ok_or_else(|| format!("{v} is no digit of the grid"))
}

/// Why a list of cells that should not repeat does, if it does.
fn repeated(cells: &[usize]) -> Option<String> {
    let i = (1..cells.len()).find(|&i| cells[..i].contains(&cells[i]))?;
    Some(format!("cell {} is listed twice", i + 1))
}

/// Every 2x2 square of a grid of side `n`, its cells in reading order (ISS's
/// `square2x2Regions`).
fn squares(n: usize) -> impl Iterator<Item = Vec<usize>> {
    (0..n.saturating_sub(1) * n)
        .filter(move |c| c % n != n - 1)
        .map(move |c| vec![c, c + 1, c + n, c + n + 1])
}

/// A relation given as ISS's table (the entry's value) between consecutive cells of the
/// line, or between every two of them.
fn relation(l: LineOf, every_two: bool) -> Result<Rule, String> {
    let key = l.text.ok_or("a relation needs its table")?;
    let table = Pairwise::table_of_key(&key, l.n, false)?;
    let numbers: Vec<u32> = std::iter::once(u32::from(every_two)).chain(table).collect();
    Rule::read(RuleKind::Pairwise.tag(), l.cells, &numbers, l.n).map_err(String::from)
}

/// A sum (the entry's value) of the cells times their weights (its values; 1 each where it
/// has none). A cell listed twice counts twice.
fn weighted_sum(c: CellsOf) -> Result<Rule, String> {
    let sum = c.value.ok_or("a sum needs its total")?;
    let weights = match c.values.len() {
        0 => vec![1; c.cells.len()],
        k if k == c.cells.len() => c.values,
        k => return Err(format!("{k} weights for {} cells", c.cells.len())),
    };
    let (mut cells, mut merged): (Vec<usize>, Vec<i64>) = (Vec::new(), Vec::new());
    for (cell, w) in c.cells.into_iter().zip(weights) {
        match cells.iter().position(|&x| x == cell) {
            Some(i) => merged[i] += w,
            None => {
                cells.push(cell);
                merged.push(w);
            }
        }
    }
    let small = |x: i64| i32::try_from(x).map_err(|_| format!("{x} is too large a number"));
    let weights = merged.into_iter().map(small).collect::<Result<_, _>>()?;
    Ok(Rule::WeightedSum(WeightedSum::new(
        cells,
        weights,
        small(sum)?,
    )))
}

/// The full rank rule of the clues (each number's row or column from its side and its
/// rank, from 1 to 4n) with the ties ISS's `FullRankTies` allows (`only-unclued` when it is not given);
/// none where no clue and no tie rule says anything.
fn full_rank(clues: Vec<Clue>, ties: Option<&str>, n: usize) -> Result<Option<Rule>, String> {
    let ties = match ties {
        None | Some("only-unclued") => Ties::OnlyUnclued,
        Some("none") => Ties::None,
        Some("any") => Ties::Any,
        Some(other) => {
            return Err(format!(
                "\"{}\" is not a rule for ties (none, only-unclued or any)",
                crate::cells::shorten(other)
            ))
        }
    };
    if clues.is_empty() && ties != Ties::None {
        return Ok(None);
    }
    let entries = clues
        .into_iter()
        .map(|(line, rank)| match FullRank::entry(&line, n) {
            Some(e) => Ok((e, rank as u32)),
            None => Err("a rank is of a whole row or column".to_string()),
        })
        .collect::<Result<Vec<_>, _>>()?;
    // In the order of the entries and their numbers, however the clues were listed: a walk
    // over the 4n entries, each one's ranks sorted as plain numbers (a sort of pairs would
    // instantiate a sort of its own, some 4 KB of the page's code).
    let mut clues = Vec::with_capacity(entries.len());
    for e in 0..4 * n {
        let mut ranks: Vec<usize> = entries
            .iter()
            .filter(|&&(at, _)| at == e)
            .map(|&(_, rank)| rank as usize)
            .collect();
        ranks.sort_unstable();
        clues.extend(ranks.into_iter().map(|rank| (e, rank as u32)));
    }
    Ok(Some(Rule::FullRank(FullRank::new(n, clues, ties))))
}

/// Every key, in the order their rules are listed: rule keys, then the switches of the
/// whole grid, then the drawings.
pub(crate) const KEYS: &[Key] = &[
    Key {
        iss: &["Cage"],
        iss_form: IssForm::Cage,
        setter: &[(None, "Killer cage")],
        ..rule(
            CAGE_KEY,
            "killer",
            ReadAs::Cage {
                rule: |cells, sum, n| Ok(Rule::Killer(Killer::new(cells, sum, n))),
            },
            Style::Cage,
        )
    },
    Key {
        iss: &["LittleKiller"],
        iss_form: IssForm::Diagonal,
        setter: &[
            (Some("DR"), "Little killer ↘"),
            (Some("DL"), "Little killer ↙"),
            (Some("UR"), "Little killer ↗"),
            (Some("UL"), "Little killer ↖"),
        ],
        ..rule(
            "littlekillersum",
            "little-killer",
            ReadAs::LittleKiller,
            Style::Outside { pointed: true },
        )
    },
    Key {
        iss: &["Sandwich"],
        iss_form: IssForm::SideClue,
        setter: &[(None, "Sandwich")],
        ..rule(
            "sandwichsum",
            "sandwich",
            ReadAs::Outside {
                rule: |cells, v| Ok(Rule::Sandwich(Sandwich::new(cells, v))),
                most,
            },
            Style::Outside { pointed: false },
        )
    },
    Key {
        iss: &["Arrow", "PillArrow"],
        iss_form: IssForm::Shaft,
        setter: &[(None, "Arrow")],
        ..rule(
            "arrow",
            "arrow",
            ReadAs::Arrow {
                rule: |circle, shaft| Rule::Arrow(Arrow::new(circle, shaft)),
            },
            Style::CircleWithShafts,
        )
    },
    Key {
        iss: &["DoubleArrow"],
        iss_form: IssForm::Line {
            least: 3,
            only_nine: None,
        },
        copies: &["double arrow"],
        setter: &[(None, "Double arrow")],
        ..rule(
            "doublearrow",
            "double-arrow",
            ReadAs::Line {
                rule: |l| Ok(Rule::DoubleArrow(DoubleArrow::new(l.cells))),
                symmetric: true,
                gap: false,
            },
            line("#c0c0c0", 10, Ends::Circles),
        )
    },
    Key {
        iss: &["Thermo"],
        iss_form: IssForm::Line {
            least: 1,
            only_nine: None,
        },
        setter: &[(None, "Thermometer")],
        ..rule(
            "thermometer",
            "thermometer",
            ReadAs::Line {
                rule: |l| Ok(Rule::Thermometer(Thermometer::new(l.cells, false))),
                symmetric: false,
                gap: false,
            },
            line("#c8c8c8", 30, Ends::Bulb),
        )
    },
    Key {
        copies: &["slow thermometer"],
        scl: Scl::LineOf("#6495ED"),
        setter: &[(None, "Slow thermometer")],
        ..rule(
            "slowthermometer",
            "slow-thermometer",
            ReadAs::Line {
                rule: |l| Ok(Rule::Thermometer(Thermometer::new(l.cells, true))),
                symmetric: false,
                gap: false,
            },
            line("#c8c8c8", 30, Ends::Bulb),
        )
    },
    Key {
        iss: &["Palindrome"],
        iss_form: IssForm::Line {
            least: 1,
            only_nine: None,
        },
        setter: &[(None, "Palindrome")],
        ..rule(
            "palindrome",
            "palindrome",
            ReadAs::Line {
                rule: |l| Ok(Rule::Palindrome(Palindrome::new(l.cells))),
                symmetric: true,
                gap: false,
            },
            line("#c0c0c0", 30, Ends::None),
        )
    },
    Key {
        iss: &["SameValues"],
        iss_form: IssForm::SameValues,
        ..rule("clone", "clone", ReadAs::Clone, Style::Shade("#e0e0ff"))
    },
    Key {
        iss: &["Between"],
        iss_form: IssForm::Line {
            least: 1,
            only_nine: None,
        },
        setter: &[(None, "Between line")],
        ..rule(
            "betweenline",
            "between",
            ReadAs::Line {
                rule: |l| Ok(Rule::Between(Between::new(l.cells))),
                symmetric: true,
                gap: false,
            },
            line("#a0a0ff", 10, Ends::Circles),
        )
    },
    Key {
        iss: &["Lockout"],
        iss_form: IssForm::GapLine { default: None },
        copies: &["lockout", "lockout line"],
        setter: &[(None, "Lockout line")],
        ..rule(
            "lockout",
            "lockout",
            ReadAs::Line {
                // With no value, the least difference of the ends is 4 on 9x9, as the rules
                // of every lockout puzzle in the shared set state.
                rule: |l| {
                    let gap = l.gap.unwrap_or((l.n as u8 - 1) / 2);
                    Ok(Rule::Lockout(Lockout::new(l.cells, gap)))
                },
                symmetric: true,
                gap: true,
            },
            line("#a0c0ff", 10, Ends::Diamonds),
        )
    },
    Key {
        iss: &["Renban"],
        iss_form: IssForm::Line {
            least: 1,
            only_nine: None,
        },
        copies: &["renban"],
        scl: Scl::Line,
        setter: &[(None, "Renban")],
        ..rule(
            "renban",
            "renban",
            ReadAs::Line {
                rule: |l| Ok(Rule::Renban(Renban::new(l.cells))),
                symmetric: true,
                gap: false,
            },
            line("#f067f0", 30, Ends::None),
        )
    },
    Key {
        iss: &["Whisper"],
        iss_form: IssForm::GapLine { default: Some(5) },
        copies: &["german whispers", "dutch whispers", "whispers"],
        setter: &[(None, "German whispers")],
        ..rule(
            "whispers",
            "whispers",
            ReadAs::Line {
                rule: |l| {
                    let gap = l.gap.unwrap_or(l.n.div_ceil(2) as u8);
                    Ok(Rule::Whispers(Whispers::new(l.cells, gap)))
                },
                symmetric: true,
                gap: true,
            },
            line("#67f067", 30, Ends::None),
        )
    },
    Key {
        iss: &["RegionSumLine"],
        iss_form: IssForm::Line {
            least: 1,
            only_nine: None,
        },
        copies: &["region sum line"],
        scl: Scl::Line,
        setter: &[(None, "Region sum line")],
        ..rule(
            "regionsumline",
            "region-sum",
            ReadAs::Line {
                rule: |l| Ok(Rule::RegionSum(RegionSum::new(l.cells, |c| l.region_of[c]))),
                symmetric: true,
                gap: false,
            },
            line("#2ecbff", 25, Ends::None),
        )
    },
    Key {
        iss: &["Entropic"],
        iss_form: IssForm::Line {
            least: 1,
            only_nine: Some("an entropic line needs the digits 1-9"),
        },
        copies: &["entropic line"],
        scl: Scl::Line,
        setter: &[(None, "Entropic line")],
        ..rule(
            "entropicline",
            "entropic",
            ReadAs::Line {
                rule: |l| Ok(Rule::Entropic(Entropic::new(l.cells))),
                symmetric: true,
                gap: false,
            },
            line("#ffccaa", 25, Ends::None),
        )
    },
    Key {
        iss: &["Modular"],
        iss_form: IssForm::Modular(3),
        copies: &["modular line"],
        scl: Scl::Line,
        setter: &[(None, "Modular line")],
        ..rule(
            "modularline",
            "modular",
            ReadAs::Line {
                rule: |l| Ok(Rule::Modular(Modular::new(l.cells))),
                symmetric: true,
                gap: false,
            },
            line("#33bbbb", 25, Ends::None),
        )
    },
    Key {
        iss: &["Zipper"],
        iss_form: IssForm::Line {
            least: 1,
            only_nine: None,
        },
        copies: &["zipper line"],
        scl: Scl::Line,
        setter: &[(None, "Zipper line")],
        ..rule(
            "zipperline",
            "zipper",
            ReadAs::Line {
                rule: |l| Ok(Rule::Zipper(Zipper::new(l.cells))),
                symmetric: true,
                gap: false,
            },
            line("#cdb1ec", 25, Ends::None),
        )
    },
    Key {
        copies: &["nabner"],
        scl: Scl::Line,
        ..rule(
            "nabner",
            "nabner",
            ReadAs::Line {
                rule: |l| Ok(Rule::Nabner(Nabner::new(l.cells))),
                symmetric: true,
                gap: false,
            },
            line("#c9c883", 25, Ends::None),
        )
    },
    Key {
        iss: &["WhiteDot"],
        iss_form: IssForm::Pairs,
        setter: &[(None, "White dot")],
        ..rule(
            "difference",
            "kropki-white",
            ReadAs::Pair(Pair::Difference),
            Style::Edge,
        )
    },
    Key {
        iss: &["BlackDot"],
        iss_form: IssForm::Pairs,
        setter: &[(None, "Black dot")],
        ..rule(
            "ratio",
            "kropki-black",
            ReadAs::Pair(Pair::Ratio),
            Style::Edge,
        )
    },
    Key {
        iss: &["X", "V"],
        iss_form: IssForm::Pairs,
        setter: &[(Some("X"), "X"), (Some("V"), "V")],
        ..rule("xv", "xv", ReadAs::Pair(Pair::Sum), Style::Edge)
    },
    // A sum dot starts at 5, as Rangsk's solvers read one with no value; its total is
    // changed in the setter's list of rules.
    Key {
        setter: &[(Some("5"), "Sum dot")],
        ..rule("sum", "sum-dot", ReadAs::Pair(Pair::Total), Style::Edge)
    },
    rule("odd", "odd", ReadAs::Cell(CellMark::Odd), Style::Cell),
    rule("even", "even", ReadAs::Cell(CellMark::Even), Style::Cell),
    rule(
        "minimum",
        "minimum",
        ReadAs::Cell(CellMark::Minimum),
        Style::Cell,
    ),
    rule(
        "maximum",
        "maximum",
        ReadAs::Cell(CellMark::Maximum),
        Style::Cell,
    ),
    Key {
        iss: &["Quad"],
        iss_form: IssForm::Corner,
        ..rule(
            "quadruple",
            "quadruple",
            ReadAs::Quadruple,
            Style::CornerDigits,
        )
    },
    Key {
        iss: &["XSum"],
        iss_form: IssForm::EndClues,
        copies: &["x sum"],
        setter: &[(None, "X-sum")],
        ..rule(
            "xsum",
            "x-sum",
            ReadAs::Outside {
                rule: |cells, v| Ok(Rule::XSum(XSum::new(cells, v))),
                most,
            },
            Style::Outside { pointed: false },
        )
    },
    Key {
        iss: &["Skyscraper"],
        iss_form: IssForm::EndClues,
        copies: &["skyscraper"],
        setter: &[(None, "Skyscraper")],
        ..rule(
            "skyscraper",
            "skyscraper",
            ReadAs::Outside {
                rule: |cells, v| Ok(Rule::Skyscraper(Skyscraper::new(cells, v))),
                most: |n| n as i64,
            },
            Style::Outside { pointed: false },
        )
    },
    Key {
        iss: &["Indexing"],
        iss_form: IssForm::Indexing("R"),
        copies: &["row indexer"],
        scl: Scl::Cage("#7CC77C"),
        setter: &[(None, "Row indexer")],
        ..rule(
            "rowindexer",
            "indexer",
            ReadAs::Indexer(IndexerKind::Row),
            Style::Shade("#f0a0a0"),
        )
    },
    Key {
        iss: &["Indexing"],
        iss_form: IssForm::Indexing("C"),
        copies: &["column indexer"],
        scl: Scl::Cage("#C77C7C"),
        setter: &[(None, "Column indexer")],
        ..rule(
            "columnindexer",
            "indexer",
            ReadAs::Indexer(IndexerKind::Column),
            Style::Shade("#a0c0f0"),
        )
    },
    Key {
        copies: &["box indexer"],
        scl: Scl::Cage("#7C7CC7"),
        ..rule(
            "boxindexer",
            "indexer",
            ReadAs::Indexer(IndexerKind::Box),
            Style::Shade("#a0e0a0"),
        )
    },
    Key {
        iss: &["NFA", "Regex"],
        iss_form: IssForm::Pattern,
        ..rule(
            "linepattern",
            "line-pattern",
            ReadAs::Pattern,
            line("#9e9e9e", 10, Ends::Circles),
        )
    },
    // ISS's Dutch flatmates: an automaton down each column, a line pattern that is not
    // drawn but named as a rule of the whole grid; written back as ISS's rule, once, so
    // that it reads back as Dutch flatmates (its steps named so), not as line patterns.
    Key {
        iss: &["DutchFlatmates"],
        iss_form: IssForm::Global { only_nine: None },
        setter: &[(None, "Dutch flatmates")],
        ..rule(
            "dutchflatmates",
            "dutch-flatmates",
            ReadAs::Pattern,
            Style::None,
        )
    },
    // ISS's equality cage: its digits differ (a cage beside it), and an automaton over its
    // cells, drawn as ISS draws the cage, shaded, and marked `=`; written back as a line
    // pattern.
    Key {
        iss: &["NFA"],
        iss_form: IssForm::Pattern,
        setter: &[(None, "Equality cage")],
        ..rule(
            "equalitycage",
            "equality-cage",
            ReadAs::Pattern,
            Style::MarkedCage("=", true),
        )
    },
    Key {
        iss: &["AllDifferent"],
        iss_form: IssForm::Region,
        setter: &[(None, "Extra region")],
        ..rule(
            "extraregion",
            "extra-region",
            ReadAs::House,
            Style::Shade("#cfcfcf"),
        )
    },
    // ISS's rules (issue 52), each with the nearest style there is until the page draws
    // them (issue 53).
    Key {
        iss: &["RellikCage"],
        iss_form: IssForm::Cage,
        setter: &[(None, "Rellik cage")],
        ..rule(
            "rellikcage",
            "rellik",
            ReadAs::Cage {
                rule: |cells, sum, n| match sum {
                    Some(sum) if sum > 0 => Ok(Rule::Rellik(Rellik::new(cells, sum, n))),
                    _ => Err("a rellik cage needs a sum of 1 or more".into()),
                },
            },
            // As ISS labels it: its sum is the one no digits of it make.
            Style::MarkedCage("≠", false),
        )
    },
    // ISS's lunchbox: its digits differ (its cells are exclusive in ISS), so it is a cage.
    Key {
        iss: &["Lunchbox"],
        iss_form: IssForm::Cage,
        setter: &[(None, "Lunchbox")],
        ..rule(
            "lunchbox",
            "lunchbox",
            ReadAs::Cage {
                rule: |cells, sum, _| match cells.len() {
                    0 | 1 => Err("a lunchbox needs two cells at least".into()),
                    _ => Ok(Rule::Lunchbox(Lunchbox::new(cells, sum.unwrap_or(0)))),
                },
            },
            // Shaded grey, as ISS draws it, so that it is not taken for a killer cage.
            Style::MarkedCage("", true),
        )
    },
    Key {
        iss: &["Sum"],
        iss_form: IssForm::Weighted,
        ..rule(
            "weightedsum",
            "weighted-sum",
            ReadAs::Cells { rule: weighted_sum },
            Style::Cage,
        )
    },
    Key {
        iss: &["CountingCircles"],
        iss_form: IssForm::Set,
        setter: &[(None, "Counting circles")],
        ..rule(
            "countingcircles",
            "counting-circles",
            ReadAs::Cells {
                // A value, where given, is how far ISS's values are below the digits.
                rule: |c| match (repeated(&c.cells), c.value.unwrap_or(0)) {
                    (Some(why), _) => Err(why),
                    (None, offset @ (0 | 1)) => Ok(Rule::CountingCircles(
                        CountingCircles::counting_from(c.cells, offset as u8),
                    )),
                    (None, _) => Err("counting circles count from 1 or from 0".into()),
                },
            },
            Style::Circles,
        )
    },
    Key {
        iss: &["SumLine"],
        iss_form: IssForm::Segments {
            most: SUM_LINE_MOST,
        },
        setter: &[(None, "Sum line (10-line)")],
        ..rule(
            "sumline",
            "sum-line",
            ReadAs::Line {
                // A line that comes back to its first cell is a loop.
                rule: |l| {
                    let mut cells = l.cells;
                    let looped = cells.len() > 2 && cells.first() == cells.last();
                    if looped {
                        cells.pop();
                    }
                    let sum = match l.text.as_deref().map(str::parse::<u32>) {
                        None => 10,
                        Some(Ok(sum)) if (1..=SUM_LINE_MOST as u32).contains(&sum) => sum,
                        Some(_) => {
                            return Err(format!(
                                "a sum line's sum is a whole number from 1 to {SUM_LINE_MOST}"
                            ))
                        }
                    };
                    Ok(Rule::SumLine(SumLine::new(cells, sum, looped)))
                },
                symmetric: true,
                gap: false,
            },
            line("#64c864", 20, Ends::None),
        )
    },
    // Set as a mark on an edge, its entry a line of two cells, the greater first.
    Key {
        iss: &["GreaterThan"],
        iss_form: IssForm::Line {
            least: 2,
            only_nine: None,
        },
        setter: &[(None, "Greater than")],
        ..rule(
            "greaterthan",
            "greater-than",
            ReadAs::Line {
                rule: |l| {
                    let touch = l.cells.iter().enumerate().any(|(i, &a)| {
                        let next = crate::cells::neighbours(a, l.n);
                        l.cells[i + 1..].iter().any(|b| next.contains(b))
                    });
                    match touch {
                        true => Ok(Rule::GreaterThan(GreaterThan::new(l.cells, l.n))),
                        false => Err("no two of its cells are neighbours".into()),
                    }
                },
                symmetric: false,
                gap: false,
            },
            Style::Signs,
        )
    },
    Key {
        iss: &["Pair", "Binary"],
        iss_form: IssForm::Relation,
        ..rule(
            "pair",
            "pairwise",
            ReadAs::Line {
                rule: |l| relation(l, false),
                symmetric: false,
                gap: false,
            },
            line("#c0c0c0", 15, Ends::Circles),
        )
    },
    Key {
        iss: &["PairX", "BinaryX"],
        iss_form: IssForm::Relation,
        ..rule(
            "pairx",
            "pairwise",
            ReadAs::Line {
                rule: |l| relation(l, true),
                symmetric: false,
                gap: false,
            },
            line("#c0c0c0", 15, Ends::Circles),
        )
    },
    Key {
        iss: &["HiddenSkyscraper"],
        iss_form: IssForm::EndClues,
        setter: &[(None, "Hidden skyscraper")],
        ..rule(
            "hiddenskyscraper",
            "hidden-skyscraper",
            ReadAs::Outside {
                rule: |cells, v| {
                    Ok(Rule::HiddenSkyscraper(HiddenSkyscraper::new(
                        cells,
                        digit(v)?,
                    )))
                },
                most: |n| n as i64,
            },
            Style::Outside { pointed: false },
        )
    },
    Key {
        iss: &["NumberedRoom"],
        iss_form: IssForm::EndClues,
        setter: &[(None, "Numbered room")],
        ..rule(
            "numberedroom",
            "numbered-room",
            ReadAs::Outside {
                rule: |cells, v| Ok(Rule::NumberedRoom(NumberedRoom::new(cells, digit(v)?))),
                most: |n| n as i64,
            },
            Style::Outside { pointed: false },
        )
    },
    Key {
        iss: &["FullRank", "FullRankTies"],
        iss_form: IssForm::Ranks,
        setter: &[(None, "Full rank")],
        ..rule(
            "fullrank",
            "full-rank",
            ReadAs::Ranking {
                rule: full_rank,
                option: "fullrankties",
            },
            Style::Outside { pointed: false },
        )
    },
    Key {
        iss: &["Diagonal"],
        iss_form: IssForm::GridDiagonal,
        setter: &[(None, "Main diagonal")],
        ..rule(
            "diagonal-",
            "diagonal",
            ReadAs::Switch,
            Style::Diagonal { anti: false },
        )
    },
    Key {
        iss: &["Diagonal"],
        iss_form: IssForm::GridDiagonal,
        setter: &[(None, "Anti-diagonal")],
        ..rule(
            "diagonal+",
            "diagonal",
            ReadAs::Switch,
            Style::Diagonal { anti: true },
        )
    },
    Key {
        iss: &["AntiKnight"],
        iss_form: IssForm::Flag,
        ..switch("antiknight", &[(None, "Anti-knight")])
    },
    Key {
        iss: &["AntiKing"],
        iss_form: IssForm::Flag,
        ..switch("antiking", &[(None, "Anti-king")])
    },
    Key {
        iss: &["DisjointSets"],
        iss_form: IssForm::Flag,
        ..switch("disjointgroups", &[(None, "Disjoint sets")])
    },
    Key {
        iss: &["AntiConsecutive"],
        iss_form: IssForm::AntiConsecutive,
        ..switch("nonconsecutive", &[(None, "Non-consecutive")])
    },
    Key {
        iss: &["AntiTaxicab"],
        iss_form: IssForm::Global { only_nine: None },
        setter: &[(None, "Anti-taxicab")],
        ..rule(
            "antitaxicab",
            "anti-taxicab",
            ReadAs::Global {
                rules: AntiTaxicab::everywhere,
            },
            Style::None,
        )
    },
    Key {
        iss: &["GlobalEntropy"],
        iss_form: IssForm::Global {
            only_nine: Some("ISS's global entropy needs the digits 1-9"),
        },
        setter: &[(None, "Global entropy")],
        ..rule(
            "globalentropy",
            "entropic-square",
            ReadAs::Global {
                rules: |n| {
                    squares(n)
                        .map(|s| Rule::EntropicSquare(EntropicSquare::new(s)))
                        .collect()
                },
            },
            Style::None,
        )
    },
    Key {
        iss: &["GlobalMod"],
        iss_form: IssForm::Global {
            only_nine: Some("ISS's global mod 3 needs nine digits"),
        },
        setter: &[(None, "Global mod 3")],
        ..rule(
            "globalmod",
            "modular-square",
            ReadAs::Global {
                rules: |n| {
                    squares(n)
                        .map(|s| Rule::ModularSquare(ModularSquare::new(s)))
                        .collect()
                },
            },
            Style::None,
        )
    },
    // ISS's connected values: the cells of its grid, or of a group of its extra cells,
    // that hold any of the values are one region across sides; not drawn (nor by ISS),
    // named under the title.
    Key {
        iss: &["ConnectedValues"],
        iss_form: IssForm::Layer,
        setter: &[(None, "Connected values")],
        ..rule(
            "connectedvalues",
            "connected-values",
            ReadAs::Layer {
                rule: |l| {
                    let mut set = 0u32;
                    for &v in &l.values {
                        if !(1..=l.n as i64).contains(&v) {
                            return Err(format!("{v} is no digit of the grid"));
                        }
                        set |= 1 << (v - 1);
                    }
                    let size = match l.value {
                        Some(size) if size < 1 => {
                            return Err(format!("a region of {size} cells is no region"))
                        }
                        size => size.map(|s| s as usize),
                    };
                    match set {
                        0 => Err("it names no digit".into()),
                        _ => Ok(Rule::ConnectedValues(ConnectedValues::new(
                            l.cells, l.columns, set, size,
                        ))),
                    }
                },
            },
            Style::None,
        )
    },
    switch("negative", &[]),
    // Either-or rules, read where the engine's rules are (`engine_rules::any_of`); not
    // drawn yet.
    switch(ANY_OF_KEY, &[]),
    drawing("line", Style::FreeLine),
    drawing("cage", Style::Cage),
    drawing("text", Style::Text),
    drawing("circle", Style::Blob { round: true }),
    drawing("rectangle", Style::Blob { round: false }),
];

/// The line tools setters reach for most, first in the setter's list (then the table's
/// order).
pub(crate) const FIRST_LINES: [&str; 2] = ["thermometer", "arrow"];

/// The first key the test holds of, where the formats name a key by what it is (the key
/// read as an arrow, the white dot's key) rather than by its name.
pub(crate) fn key_where(test: impl Fn(&Key) -> bool) -> &'static str {
    KEYS.iter().find(|k| test(k)).map_or("", |k| k.key)
}

/// The key of a mark between two cells.
pub(crate) fn pair_key(pair: Pair) -> &'static str {
    key_where(|k| matches!(k.read, ReadAs::Pair(p) if p == pair))
}

/// The key of a mark in one cell.
pub(crate) fn mark_key(mark: CellMark) -> &'static str {
    key_where(|k| matches!(k.read, ReadAs::Cell(m) if m == mark))
}

/// The entry of a key, if this crate knows it.
pub(crate) fn find(key: &str) -> Option<&'static Key> {
    KEYS.iter().find(|k| k.key == key)
}

/// The key of killer cages, the first key read as a cage (`ReadAs::Cage`): the setter's
/// cage tool writes its entries, and SudokuPad's cages of unique digits are read as them.
pub(crate) const CAGE_KEY: &str = "killercage";

/// The key of either-or rules (`engine_rules::any_of`), this crate's own: a list of
/// entries, each `{"branches": [document, ...]}`, a branch being a document of rule keys
/// (and this one) whose rules hold together.
pub(crate) const ANY_OF_KEY: &str = "anyof";

/// The keys whose entries are rules (and houses), in order.
pub(crate) fn rule_keys() -> impl Iterator<Item = &'static Key> {
    KEYS.iter().filter(|k| {
        !matches!(
            k.read,
            ReadAs::Switch | ReadAs::Drawing | ReadAs::Global { .. }
        )
    })
}

/// The houses a key's entries are, beside any rules: killer cages and extra regions.
pub(crate) fn house(key: &Key) -> Option<HouseKind> {
    match key.read {
        ReadAs::Cage { .. } => Some(HouseKind::Cage),
        ReadAs::House => Some(HouseKind::ExtraRegion),
        _ => None,
    }
}

/// Which rule key a cosmetic copy stands for, by its `fromConstraint` name.
fn copied_key(name: &str) -> Option<&'static str> {
    KEYS.iter()
        .find(|k| k.copies.iter().any(|c| c.eq_ignore_ascii_case(name)))
        .map(|k| k.key)
}

/// Whether a drawing is only a cosmetic copy of a rule that is read (Rangsk's solver
/// writes one beside each line rule it exports), or an empty cage.
pub(crate) fn is_copy(object: &Map<String, Value>, key: &str, entry: &Entry) -> bool {
    let present = |key: &str| matches!(object.get(key), Some(Value::Array(l)) if !l.is_empty());
    let copy = entry.from_constraint.as_deref().and_then(copied_key);
    copy.is_some_and(present)
        || (truthy(entry.is_lockout.as_ref()) && present("lockout"))
        || (key == "cage" && entry.cells.is_empty())
}

/// The key SudokuPad shows as a plain line of `colour` (as `#RRGGBB`, any case).
pub(crate) fn by_scl_line(colour: &str) -> Option<&'static str> {
    KEYS.iter()
        .find(|k| match (k.scl, k.style) {
            (Scl::LineOf(c), _) | (Scl::Line, Style::Line { colour: c, .. }) => {
                c.eq_ignore_ascii_case(colour)
            }
            _ => false,
        })
        .map(|k| k.key)
}

/// The indexer key of a SudokuPad cage by its style (`fp` + the key) or outline colour.
pub(crate) fn by_scl_cage(style: &str, outline: &str) -> Option<&'static str> {
    KEYS.iter()
        .find(|k| match k.scl {
            Scl::Cage(c) => {
                c.eq_ignore_ascii_case(outline) || style.strip_prefix("fp") == Some(k.key)
            }
            _ => false,
        })
        .map(|k| k.key)
}

/// What kind of tool a setter adds a key with.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum ToolKind {
    /// A rule drawn through the selected cells in order (a line, an arrow).
    Line,
    /// A rule of the whole grid, switched on or off.
    Switch,
    /// A mark on the edge between two cells.
    Mark,
    /// A clue outside the grid.
    Clue,
    /// A rule over the selected cells as a set, with a sum where it takes one (a cage,
    /// counting circles, an extra region).
    Cells,
}

impl Key {
    /// The kind of tool that adds it: a line drawn as signs on its edges (greater-than)
    /// is a mark, set one edge at a time.
    const fn tool(&self) -> Option<ToolKind> {
        match (&self.read, self.style) {
            (ReadAs::Line { .. }, Style::Signs) => Some(ToolKind::Mark),
            (ReadAs::Line { .. } | ReadAs::Arrow { .. }, _) => Some(ToolKind::Line),
            // A line pattern not drawn is written down each column (Dutch flatmates).
            (ReadAs::Switch | ReadAs::Global { .. }, _) | (ReadAs::Pattern, Style::None) => {
                Some(ToolKind::Switch)
            }
            (ReadAs::Pair(_), _) => Some(ToolKind::Mark),
            (ReadAs::Outside { .. } | ReadAs::LittleKiller | ReadAs::Ranking { .. }, _) => {
                Some(ToolKind::Clue)
            }
            (
                ReadAs::Cage { .. } | ReadAs::Cells { .. } | ReadAs::House | ReadAs::Indexer(_),
                _,
            )
            // A line pattern drawn as a cage (an equality cage) is set over the cells.
            | (ReadAs::Pattern, Style::MarkedCage(..)) => Some(ToolKind::Cells),
            _ => None,
        }
    }
}

/// How many of the setter's tools are of kind `tool`: the length of its list.
pub(crate) const fn tool_count(tool: ToolKind) -> usize {
    let (mut i, mut count) = (0, 0);
    while i < KEYS.len() {
        if is_tool(&KEYS[i], tool) {
            count += KEYS[i].setter.len();
        }
        i += 1;
    }
    count
}

/// Whether a key gives tools of kind `tool`.
const fn is_tool(key: &Key, tool: ToolKind) -> bool {
    matches!(
        (key.tool(), tool),
        (Some(ToolKind::Line), ToolKind::Line)
            | (Some(ToolKind::Switch), ToolKind::Switch)
            | (Some(ToolKind::Mark), ToolKind::Mark)
            | (Some(ToolKind::Clue), ToolKind::Clue)
            | (Some(ToolKind::Cells), ToolKind::Cells)
    )
}

/// The setter's tools of one kind, in the table's order: each key, the value its entry is
/// written with and the tool's name. `N` is [`tool_count`] of the kind.
pub(crate) const fn setter_tools<const N: usize>(
    tool: ToolKind,
) -> [(&'static str, Option<&'static str>, &'static str); N] {
    let mut out = [("", None, ""); N];
    let (mut i, mut found) = (0, 0);
    while i < KEYS.len() {
        let mut j = 0;
        while is_tool(&KEYS[i], tool) && j < KEYS[i].setter.len() {
            let (value, name) = KEYS[i].setter[j];
            out[found] = (KEYS[i].key, value, name);
            found += 1;
            j += 1;
        }
        i += 1;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_cage_key_is_the_first_read_as_a_cage_and_every_cage_is_a_house() {
        // ISS's rellik cages and lunchboxes are cages too; the setter's cage tool and
        // SudokuPad's cages of unique digits write the killer cage, the first.
        assert_eq!(
            key_where(|k| matches!(k.read, ReadAs::Cage { .. })),
            CAGE_KEY
        );
        let cages: Vec<&str> = KEYS
            .iter()
            .filter(|k| matches!(k.read, ReadAs::Cage { .. }))
            .map(|k| k.key)
            .collect();
        assert_eq!(cages, [CAGE_KEY, "rellikcage", "lunchbox"]);
        for key in cages {
            assert_eq!(house(find(key).unwrap()), Some(HouseKind::Cage), "{key}");
        }
    }

    #[test]
    fn every_key_is_listed_once_and_names_its_rule() {
        for (i, k) in KEYS.iter().enumerate() {
            assert!(
                KEYS[..i].iter().all(|o| o.key != k.key),
                "{} is listed twice",
                k.key
            );
            assert!(!k.name.is_empty(), "{} has no name", k.key);
        }
    }

    #[test]
    fn each_rule_key_is_drawn_and_each_line_as_a_line() {
        for k in rule_keys() {
            // One that is not drawn is named under the title.
            assert!(
                k.style != Style::None || !k.setter.is_empty(),
                "{} is not drawn",
                k.key
            );
            // A line is drawn along its cells; greater-than's as signs between them, an
            // equality cage's as a cage.
            let line = matches!(k.read, ReadAs::Line { .. } | ReadAs::Pattern);
            let drawn = matches!(
                k.style,
                Style::Line { .. } | Style::Signs | Style::MarkedCage(..) | Style::None
            );
            assert!(
                line <= drawn && matches!(k.style, Style::Line { .. }) <= line,
                "{}",
                k.key
            );
        }
    }

    #[test]
    fn a_key_has_iss_types_exactly_when_it_has_an_iss_form() {
        for k in KEYS {
            assert_eq!(k.iss.is_empty(), k.iss_form == IssForm::None, "{}", k.key);
        }
        // The formats find these keys by what they are.
        assert_eq!(pair_key(Pair::Difference), "difference");
        assert_eq!(mark_key(CellMark::Even), "even");
        assert_eq!(key_where(|k| k.style == Style::CornerDigits), "quadruple");
    }

    #[test]
    fn sudokupad_colours_and_copies_name_one_key_each() {
        assert_eq!(by_scl_line("#ffccaa"), Some("entropicline"));
        assert_eq!(by_scl_line("#6495ED"), Some("slowthermometer"));
        assert_eq!(by_scl_line("#CFCFCF"), None);
        assert_eq!(by_scl_cage("", "#7cc77c"), Some("rowindexer"));
        assert_eq!(by_scl_cage("fpboxindexer", ""), Some("boxindexer"));
        assert_eq!(copied_key("Dutch Whispers"), Some("whispers"));
        assert_eq!(copied_key("killer cage"), None);
    }
}
