//! The board: an ARIA grid of N x N cells in row-major order, driven by the keyboard
//! (the grid holds focus and points at the cursor) or by pointer: a tap selects, a drag or
//! Ctrl+click selects more. It shows the live board with the player's marks and colours,
//! or a step of the logical path as the board was then; a hint's or step's candidates and
//! highlights are drawn on it.

use std::cell::Cell as Flag;
use std::rc::Rc;

use sudoku_engine::decimal::fixed;
use sudoku_engine::houses::HouseKind;
use sudoku_engine::symbols::Symbols;
use sudoku_engine::DigitSet;
use sudoku_links::Look;
use web_sys::{Element, KeyboardEvent, PointerEvent};
use yew::prelude::*;

use crate::board::{Kind, Marks};
use crate::protocol::{Hint, LinkView, StepView};
use crate::state::{Action, Keypress, Mode, PlayAction, SetterAction, State};
use crate::view::overlay;

/// The state as of the App's render (a handle would read the newest state, so two renders'
/// handles could not be told apart), and where to send actions.
#[derive(Properties)]
pub struct Props {
    pub state: Rc<State>,
    pub dispatcher: UseReducerDispatcher<State>,
}

impl PartialEq for Props {
    /// The clock ticks every second and the board does not show it: a tick alone does not
    /// redraw the board (for a 25x25, 625 labels and props each second on the page's thread).
    fn eq(&self, other: &Props) -> bool {
        self.dispatcher == other.dispatcher
            && (Rc::ptr_eq(&self.state, &other.state) || self.state.same_but_clock(&other.state))
    }
}

/// What a step or hint highlights, by how much of it is shown: flags and digit sets by
/// cell, as long as the board (empty when nothing is highlighted).
#[derive(Default)]
struct Marked {
    area: Vec<bool>,
    /// A set-theory step's second set.
    second: Vec<bool>,
    cells: Vec<bool>,
    /// Candidates the step uses, removes and places, by cell.
    on: Vec<DigitSet>,
    off: Vec<DigitSet>,
    place: Vec<DigitSet>,
    /// The variant rules the step rests on (indices into `Puzzle::rules`), whose drawings
    /// are marked.
    rules: Vec<usize>,
    /// A chain's links, drawn between its candidates.
    links: Vec<LinkView>,
    wrong: Option<usize>,
}

/// Whether each of `len` cells is among `cells`.
fn flags(len: usize, cells: impl IntoIterator<Item = usize>) -> Vec<bool> {
    let mut flags = vec![false; len];
    for cell in cells.into_iter().filter(|&c| c < len) {
        flags[cell] = true;
    }
    flags
}

/// (cell, digit) pairs as each of `len` cells' set of digits.
fn by_cell(len: usize, pairs: &[(usize, u8)]) -> Vec<DigitSet> {
    let mut sets = vec![DigitSet::default(); len];
    for &(cell, digit) in pairs.iter().filter(|&&(c, _)| c < len) {
        sets[cell] = sets[cell].with(digit);
    }
    sets
}

/// Whether `cell` is flagged.
fn flagged(flags: &[bool], cell: usize) -> bool {
    flags.get(cell).copied().unwrap_or(false)
}

fn marked(len: usize, step: Option<&StepView>, stage: u8, wrong: Option<usize>) -> Marked {
    let mut m = Marked {
        wrong,
        ..Marked::default()
    };
    let Some(step) = step else { return m };
    let houses = step
        .houses
        .iter()
        .flat_map(|(_, cells)| cells.iter().copied());
    m.area = match step.houses.iter().all(|(_, cells)| cells.is_empty()) {
        true => flags(len, step.cells.iter().copied()),
        false => flags(len, houses),
    };
    m.second = flags(len, step.second.iter().copied());
    // The rules a step rests on are lit from the first stage, which names them.
    m.rules = step.rules.clone();
    if stage >= 2 {
        let placed = step.placements.iter().map(|&(c, _)| c);
        m.cells = flags(len, step.cells.iter().copied().chain(placed));
        m.on = by_cell(len, &step.candidates);
        m.off = by_cell(len, &step.eliminations);
        m.place = by_cell(len, &step.placements);
        m.links = step.links.clone();
    }
    m
}

/// The zoom steps of a 16x16 or 25x25 board, in percent.
const ZOOMS: [u16; 6] = [100, 150, 200, 250, 300, 400];

/// The board in its viewport, with a zoom control for the sizes too fine for a phone: the
/// zoomed board pans inside the viewport, by scrolling or by a finger.
#[function_component]
pub fn BoardFrame(props: &Props) -> Html {
    let step = use_state(|| 0usize);
    let zoomable = props.state.play.board.shape().n() >= 16;
    let at = if zoomable { *step } else { 0 };
    let zoom = |to: usize| {
        let step = step.clone();
        Callback::from(move |_: MouseEvent| step.set(to))
    };
    // Zoomed, the cursor stays in view as the keys move it.
    let cursor = props.state.play.selected;
    use_effect_with((cursor, at), |&(cursor, at)| {
        if at > 0 {
            let cell = web_sys::window()
                .and_then(|w| w.document())
                .and_then(|d| d.get_element_by_id(&format!("cell-{cursor}")));
            if let Some(cell) = cell {
                let options = web_sys::ScrollIntoViewOptions::new();
                options.set_block(web_sys::ScrollLogicalPosition::Nearest);
                options.set_inline(web_sys::ScrollLogicalPosition::Nearest);
                cell.scroll_into_view_with_scroll_into_view_options(&options);
            }
        }
    });
    html! { <>
        if zoomable {
            <div class="zoom" role="group" aria-label="Zoom">
                <button aria-label="Zoom out" disabled={at == 0} onclick={zoom(at.saturating_sub(1))}>{ "−" }</button>
                <output aria-live="polite">{ format!("{}%", ZOOMS[at]) }</output>
                <button aria-label="Zoom in" disabled={at + 1 == ZOOMS.len()} onclick={zoom((at + 1).min(ZOOMS.len() - 1))}>{ "+" }</button>
            </div>
        }
        <div class={classes!("board-viewport", zoomable.then_some("large"), (at > 0).then_some("zoomed"))}
            style={format!("--zoom: {}", fixed(f64::from(ZOOMS[at]) / 100.0, 2))}>
            <BoardView state={props.state.clone()} dispatcher={props.dispatcher.clone()} />
        </div>
    </> }
}

#[function_component]
fn BoardView(props: &Props) -> Html {
    let state = &props.state;
    let board = &state.play.board;
    let shape = board.shape();
    let n = shape.n();
    let len = board.len();
    let conflicted = flags(
        len,
        state
            .play
            .conflicts
            .iter()
            .flat_map(|c| {
                [
                    c.first.row * n + c.first.col,
                    c.second.row * n + c.second.col,
                ]
            })
            .chain(
                state
                    .play
                    .broken
                    .iter()
                    .flat_map(|(_, cells)| cells.iter().copied()),
            ),
    );
    // Each cell's region, for the thick borders between regions (boxes or irregular).
    let houses = board.houses();
    let mut region_of = vec![usize::MAX; n * n];
    for house in (0..houses.len()).filter(|&h| houses.kind(h) == HouseKind::Region) {
        for &cell in houses.cells(house) {
            region_of[cell] = house;
        }
    }
    let solution = state.game.show_solution.then(|| state.solution()).flatten();
    // A chaos construction's regions: the solution's where it is shown, else the
    // player's, a colour each (a cell of no colour, or of several, in none).
    if board.chaos().is_some() {
        let shown = solution.and_then(|_| state.solver.regions(state.ticket(), len));
        let player = board.regions();
        for (cell, region) in region_of.iter_mut().enumerate() {
            *region = match (shown, player[cell]) {
                (Some(regions), _) => usize::from(regions[cell]),
                (None, 0) => usize::MAX,
                (None, colour) => usize::from(colour),
            };
        }
    }
    let settings = state.settings;

    let path_step = state.path_step();
    let m = match (path_step, &state.lesson.hint) {
        (Some(step), _) => marked(len, Some(step), 3, None),
        (None, Some((Hint::Step(step), stage))) => marked(len, Some(step), *stage, None),
        (None, Some((Hint::Wrong { cell, .. } | Hint::Excluded { cell }, _))) => {
            marked(len, None, 0, Some(*cell))
        }
        // A digit found by search: its cell lit as a step's is, until Apply writes it.
        (None, Some((Hint::Searched { cell, .. }, _))) => Marked {
            cells: flags(len, [*cell]),
            ..Marked::default()
        },
        _ => Marked::default(),
    };
    // The logic's candidates cost a pass over every cell's peers: work them out only for
    // a step shown on the board.
    // True candidates, when the setter asked for them, show in every empty cell.
    let truth = match path_step {
        None => state.lesson.truth.as_ref().map(|(cells, _)| cells.clone()),
        Some(_) => None,
    };
    let (digits, candidates) = match (path_step, &truth) {
        (Some(_), _) => state.snapshot(state.lesson.steps.as_ref().map_or(0, |s| s.at)),
        (None, _) if m.cells.contains(&true) || m.off.iter().any(|off| !off.is_empty()) => {
            (board.cells().to_vec(), board.candidates())
        }
        (None, Some(truth)) => (board.cells().to_vec(), truth.to_vec()),
        (None, None) => (board.cells().to_vec(), Vec::new()),
    };

    // What the cursor lights up on the live board: its peers in the puzzle's houses, and
    // its digit wherever else it stands, as a digit or a mark.
    let cursor = state.play.selected;
    let peers = match path_step {
        None if settings.highlight_peers => {
            flags(len, board.houses().peers(cursor).iter().copied())
        }
        _ => Vec::new(),
    };
    let same = match path_step {
        None if settings.highlight_same => board.digit(cursor),
        _ => 0,
    };

    let onkeydown = {
        let dispatcher = props.dispatcher.clone();
        let (symbols, input) = (board.symbols(), state.play.input);
        Callback::from(move |e: KeyboardEvent| {
            if let Some(action) = keypress(&e).action(n, symbols, input) {
                e.prevent_default();
                dispatcher.dispatch(action);
            }
        })
    };
    // A drag selects every cell it crosses. Cells are found under the pointer rather than
    // by their own events, since a touch keeps sending its events to where it began.
    let dragging = use_memo((), |_| Flag::new(false));
    // While the setter has a mark chosen, a click near an edge puts it there instead.
    let marking = state.play.mode == Mode::Entering && state.setter.edge_mark.is_some();
    let onpointerdown = {
        let (dispatcher, dragging) = (props.dispatcher.clone(), dragging.clone());
        Callback::from(move |e: PointerEvent| {
            if let Some((a, b)) = marking.then(|| edge_at(&e, n)).flatten() {
                dispatcher.dispatch(Action::Setter(SetterAction::Edge(a, b)));
                return;
            }
            let Some(cell) = cell_at(&e) else { return };
            dragging.set(true);
            dispatcher.dispatch(if e.ctrl_key() || e.meta_key() {
                Action::Play(PlayAction::ToggleSelect(cell))
            } else if e.shift_key() {
                Action::Play(PlayAction::AddSelect(cell))
            } else {
                Action::Play(PlayAction::Select(cell))
            });
        })
    };
    let onpointermove = {
        let (dispatcher, dragging) = (props.dispatcher.clone(), dragging.clone());
        Callback::from(move |e: PointerEvent| {
            if !dragging.get() {
                return;
            }
            if e.buttons() == 0 {
                dragging.set(false);
            } else if let Some(cell) = cell_at(&e) {
                dispatcher.dispatch(Action::Play(PlayAction::AddSelect(cell)));
            }
        })
    };
    let onpointerup = {
        let dragging = dragging.clone();
        Callback::from(move |_: PointerEvent| dragging.set(false))
    };

    // The cells whose top left corner a cage's sum takes, with the sum's length, so that
    // marks keep clear of it.
    let mut sums = vec![0; n * n];
    let symbols = board.symbols();
    // The cells inside a cage's dashed outline, whose corner marks keep clear of it.
    let mut caged = vec![false; n * n];
    for figure in board
        .variant()
        .iter()
        .flat_map(|v| v.imported.figures.iter())
    {
        if let Look::Cage { .. } = figure.look {
            for &cell in figure.cells.iter().filter(|&&c| c < n * n) {
                caged[cell] = true;
            }
        }
        if let (
            Look::Cage {
                label: Some(label), ..
            },
            Some(&first),
        ) = (&figure.look, figure.cells.iter().min())
        {
            sums[first] = label.len();
        }
    }
    // Centre marks in a mini-grid as wide as a box (3x3 on 9x9), or freehand (0).
    let mini = match settings.fixed_candidates {
        true => shape.box_cols() as u8,
        false => 0,
    };
    let rows = (0..n).map(|row| {
        let cells = (0..n).map(|col| {
            let cell = row * n + col;
            let digit = digits[cell];
            let kind = match (path_step.is_some(), digit) {
                (_, 0) => Kind::Empty,
                (true, _) if board.kind(cell) == Kind::Given => Kind::Given,
                (true, _) => Kind::User,
                (false, _) => board.kind(cell),
            };
            let shown = match kind {
                Kind::Empty => solution.map(|s| s[cell]),
                _ => None,
            };
            // A past step shows the logic's candidates alone; the live board, the player's
            // own marks, except where a hint points.
            let marks = match path_step {
                Some(_) => Marks::default(),
                None => board.marks(cell),
            };
            let show_candidates = kind == Kind::Empty
                && shown.is_none()
                && (path_step.is_some()
                    || flagged(&m.cells, cell)
                    || truth.is_some()
                    // A step's candidates show where it removes one, marked or not.
                    || m.off.get(cell).is_some_and(|off| !off.is_empty()));
            let overlay = show_candidates.then(|| CellMarks {
                set: DigitSet::from_bits(candidates[cell]),
                on: m.on.get(cell).copied().unwrap_or_default(),
                off: m.off.get(cell).copied().unwrap_or_default(),
                place: m.place.get(cell).copied().unwrap_or_default(),
            });
            let conflicted = flagged(&conflicted, cell);
            let invalid = path_step.is_none()
                && state.lesson.checked.as_ref().is_some_and(|wrong| wrong.contains(cell));
            let mut label = state.play.cell_label(cell, digit, kind, shown, conflicted, marks);
            if let Some(overlay) = &overlay {
                let list: Vec<String> = overlay.set.iter().map(|d| symbols.shown(d).to_string()).collect();
                label = format!("{label}, candidates {}", list.join(" "));
            }
            let highlight = CursorLight {
                peer: flagged(&peers, cell),
                same: same != 0 && kind != Kind::Empty && digit == same,
                // Only a cell whose marks show the digit is told it, so that choosing
                // another digit redraws those cells alone.
                mark: match same {
                    0 => 0,
                    d if marks.corner().contains(d) || marks.centre().contains(d) => d,
                    _ => 0,
                },
            };
            let class = classes!(
                conflicted.then_some("conflict"),
                flagged(&m.area, cell).then_some("hint-area"),
                flagged(&m.second, cell).then_some("hint-second"),
                flagged(&m.cells, cell).then_some("hint-cell"),
                caged[cell].then_some("in-cage"),
                (m.wrong == Some(cell) || invalid).then_some("wrong"),
                (col + 1 < n && region_of[cell] != region_of[cell + 1]).then_some("box-right"),
                (row + 1 < n && region_of[cell] != region_of[cell + n]).then_some("box-bottom"),
            );
            html! {
                <Cell {cell} {digit} {kind} {shown} {marks} {overlay} {class} sum={sums[cell]} {highlight} label={AttrValue::from(label)} {symbols}
                    selected={state.play.is_selected(cell)} {invalid} n={n as u8} {mini} />
            }
        });
        html! { <div role="row" class="row">{ for cells }</div> }
    });

    let hinted = board
        .variant()
        .map_or_else(Vec::new, |v| v.figures_of(&m.rules));
    let variant = board.variant().map(|v| v.imported.clone());
    let outside = variant
        .as_ref()
        .is_some_and(|v| overlay::reaches_outside(&v.figures));
    html! {
        <div class={classes!("board", format!("size-{n}"), path_step.is_some().then_some("past"), state.locked().then_some("locked"), outside.then_some("outside"))}
            role="grid" tabindex="0" aria-readonly={state.locked().then_some("true")}
            aria-label={format!("{shape} Sudoku board")} aria-rowcount={n.to_string()} aria-colcount={n.to_string()}
            aria-multiselectable="true"
            aria-activedescendant={format!("cell-{}", state.play.selected)}
            style={format!("--n: {n}; --box-cols: {}", shape.box_cols())} {onkeydown}
            {onpointerdown} {onpointermove} onpointerup={onpointerup.clone()} onpointercancel={onpointerup}>
            { for rows }
            if let Some(imported) = variant {
                <overlay::Overlay {imported} {n} {hinted} />
            }
            if !m.links.is_empty() {
                { chain(&m.links, n, shape.box_cols(), &sums) }
            }
        </div>
    }
}

/// The grid's `keydown` as the play concern reads it (`Keypress::action`).
fn keypress(e: &KeyboardEvent) -> Keypress {
    Keypress {
        key: e.key(),
        code: e.code(),
        shift: e.shift_key(),
        ctrl: e.ctrl_key() || e.meta_key(),
        alt: e.alt_key(),
    }
}

/// The cell under the pointer and its element, if any.
fn cell_under(e: &PointerEvent) -> Option<(usize, Element)> {
    let document = web_sys::window()?.document()?;
    let element = document.element_from_point(e.client_x() as f32, e.client_y() as f32)?;
    let cell = element.closest("[role=gridcell]").ok()??;
    Some((cell.id().strip_prefix("cell-")?.parse().ok()?, cell))
}

/// The cell under the pointer, if any.
fn cell_at(e: &PointerEvent) -> Option<usize> {
    cell_under(e).map(|(cell, _)| cell)
}

/// The two cells of the edge the pointer is near: within a fifth of a cell of the side of
/// the cell under it nearest to it, with a cell beyond that side.
fn edge_at(e: &PointerEvent, n: usize) -> Option<(usize, usize)> {
    let (cell, element) = cell_under(e)?;
    let rect = element.get_bounding_client_rect();
    let x = (f64::from(e.client_x()) - rect.left()) / rect.width();
    let y = (f64::from(e.client_y()) - rect.top()) / rect.height();
    let (row, col) = (cell / n, cell % n);
    let sides = [
        (x, col > 0, cell.wrapping_sub(1)),
        (1.0 - x, col + 1 < n, cell + 1),
        (y, row > 0, cell.wrapping_sub(n)),
        (1.0 - y, row + 1 < n, cell + n),
    ];
    let (near, inside, other) = sides.into_iter().min_by(|a, b| a.0.total_cmp(&b.0))?;
    (near < 0.2 && inside).then_some((cell, other))
}

/// The candidates a hint or past step draws in a cell, and what it says of each.
#[derive(Clone, PartialEq)]
struct CellMarks {
    set: DigitSet,
    /// Candidates the step uses, removes and places.
    on: DigitSet,
    off: DigitSet,
    place: DigitSet,
}

/// What the cursor lights up in a cell.
#[derive(Clone, Copy, Default, PartialEq)]
struct CursorLight {
    /// The cell shares a house with the cursor.
    peer: bool,
    /// Its digit is the cursor's.
    same: bool,
    /// The cursor's digit, if the cell's marks hold it (else 0).
    mark: u8,
}

#[derive(Properties, PartialEq)]
struct CellProps {
    cell: usize,
    /// The digit shown (0 for none) and where it came from.
    digit: u8,
    kind: Kind,
    /// A solution digit shown in an empty cell.
    shown: Option<u8>,
    /// The player's marks and colours.
    marks: Marks,
    /// A hint's or step's candidates, drawn instead of the player's marks.
    overlay: Option<CellMarks>,
    /// What the board says of the cell: conflicts, a hint's highlights, box edges.
    class: Classes,
    /// The length of the cage sum written in its top left corner, if any (else 0).
    sum: usize,
    highlight: CursorLight,
    label: AttrValue,
    selected: bool,
    /// A Check found its digit or marks wrong.
    invalid: bool,
    /// The grid's side: how many candidate places to draw.
    n: u8,
    /// The columns of the mini-grid that centre marks are placed in; 0 for freehand.
    mini: u8,
    /// How its digits are shown (`Board::symbols`).
    symbols: Symbols,
}

/// Freehand centre marks' style: `len` marks on as many lines as make them largest within
/// the part of the cell they may take (less when `confined`), each line `--per` marks long,
/// their size `--fit` of the cell's.
fn centre_style(len: u32, confined: bool) -> String {
    // The width and height they may take and their largest size, in thousandths of the
    // cell's side; a digit is about 0.64 of its size wide, a line 1.05 of it high.
    let (width, height, most) = match confined {
        true => (600, 380, 260),
        false => (700, 700, 300),
    };
    let len = len.max(1);
    let (per, fit) = (1..=len)
        .map(|rows| {
            let per = len.div_ceil(rows);
            let fit = (width * 1000 / (640 * per))
                .min(height * 1000 / (1050 * rows))
                .min(most);
            (per, fit)
        })
        .fold(
            (1, 0),
            |best, next| if next.1 > best.1 { next } else { best },
        );
    format!("--per: {per}; --fit: 0.{fit:03}")
}

/// The symbols of a set of digits in order, as the `data-` hooks and CSS read them.
fn shown(set: DigitSet, symbols: Symbols) -> String {
    set.iter().map(|d| symbols.shown(d)).collect()
}

/// One gridcell. Its props compare equal when nothing about it changed, so a keypress
/// redraws the cells it touched rather than all 625 of a 25x25 board. Its text is its digit
/// alone: marks and colours are drawn by CSS from attributes on `aria-hidden` children,
/// and its label says them.
#[function_component]
fn Cell(props: &CellProps) -> Html {
    let (marks, symbols) = (&props.marks, props.symbols);
    let empty = props.kind == Kind::Empty && props.shown.is_none();
    let both = props.overlay.is_none() && !marks.corner().is_empty() && !marks.centre().is_empty();
    // Centre marks keep to the middle left free by corner marks or a cage's sum.
    let confined = both || props.sum > 0;
    let content = match (&props.overlay, empty) {
        (Some(overlay), _) => {
            let spans = (1..=props.n).map(|d| {
                let class = classes!(
                    "mark",
                    overlay.on.contains(d).then_some("mark-on"),
                    overlay.off.contains(d).then_some("mark-off"),
                    overlay.place.contains(d).then_some("mark-place"),
                );
                let mark = overlay
                    .set
                    .contains(d)
                    .then(|| symbols.shown(d).to_string());
                html! { <span {class} data-mark={mark}></span> }
            });
            html! { <span class="marks" aria-hidden="true">{ for spans }</span> }
        }
        (None, true) => {
            let lit = props.highlight.mark;
            let mark = |d: u8| {
                html! { <span class={classes!((d == lit).then_some("lit"))} data-mark={symbols.shown(d).to_string()}></span> }
            };
            let centre = marks.centre();
            html! { <>
                if !marks.corner().is_empty() {
                    <span class="corner" aria-hidden="true">{ for marks.corner().iter().map(mark) }</span>
                }
                if !centre.is_empty() && props.mini > 0 {
                    // Each digit in its place; the places of absent digits stay empty.
                    <span class="centre fixed" aria-hidden="true" style={format!("--mini: {}", props.mini)}>
                        { for (1..=props.n).map(|d| match centre.contains(d) {
                            true => mark(d),
                            false => html! { <span></span> },
                        }) }
                    </span>
                } else if !centre.is_empty() {
                    <span class="centre" aria-hidden="true" style={centre_style(centre.len(), confined)}>
                        { for centre.iter().map(mark) }
                    </span>
                }
            </> }
        }
        (None, false) => {
            let text = match (props.kind, props.shown) {
                (Kind::Empty, Some(d)) => symbols.shown(d),
                _ => symbols.shown(props.digit),
            };
            // In a box of its own, drawn over the rules' lines beneath it.
            html! { <span class="value">{ text.to_string() }</span> }
        }
    };
    let colours: Vec<u8> = marks.colours().collect();
    let painted = (!colours.is_empty()).then(|| {
        let share = 100.0 / colours.len() as f64;
        let stops: Vec<String> = colours
            .iter()
            .enumerate()
            .map(|(i, c)| {
                let (from, to) = (share * i as f64, share * (i + 1) as f64);
                format!("var(--colour-{c}) {}% {}%", fixed(from, 2), fixed(to, 2))
            })
            .collect();
        // Segments as SudokuPad draws them: wedges around the centre.
        let style = format!(
            "background: conic-gradient(from 45deg, {})",
            stops.join(", ")
        );
        html! { <span class="colours" aria-hidden="true" {style}></span> }
    });
    let class = classes!(
        "cell",
        match props.kind {
            Kind::Given => "given",
            Kind::User => "user",
            Kind::Revealed => "revealed",
            Kind::Empty if props.shown.is_some() => "solution",
            Kind::Empty => "empty",
        },
        props.selected.then_some("selected"),
        props.highlight.peer.then_some("peer"),
        props.highlight.same.then_some("same"),
        painted.is_some().then_some("painted"),
        // Corner and centre marks together: the centre ones keep inside the corner ones.
        both.then_some("both"),
        (props.sum > 0).then_some("cage-sum"),
        props.class.clone(),
    );
    let colour_list: Vec<String> = colours.iter().map(u8::to_string).collect();
    html! {
        <div id={format!("cell-{}", props.cell)} role="gridcell" {class}
            aria-label={props.label.clone()}
            aria-selected={props.selected.to_string()}
            aria-invalid={props.invalid.then_some("true")}
            data-peer={props.highlight.peer.then_some("")}
            data-same={match props.highlight { CursorLight { same: true, .. } => Some("digit"), CursorLight { mark: 1.., .. } => Some("mark"), _ => None }}
            data-corner={shown(marks.corner(), symbols)} data-centre={shown(marks.centre(), symbols)}
            data-colours={colour_list.join(" ")}>{ painted }{ content }</div>
    }
}

/// A chain's links, drawn between the candidates they join in hundredths of a cell, as
/// the rules are: a strong link solid, a weak one dashed. `sums`: the length of each
/// cell's cage sum (0: none), under which its candidates sit lower. A function of the
/// board's view rather than a component: a few lines, drawn again with the board.
fn chain(links: &[LinkView], n: usize, box_cols: usize, sums: &[usize]) -> Html {
    let cols = box_cols.max(1);
    let rows = n.div_ceil(cols);
    // The centre of candidate `digit` of `cell` in the hint's mini-grid (`.marks`).
    let at = |(cell, digit): (usize, u8)| {
        let (row, col) = (cell / n, cell % n);
        let i = usize::from(digit.max(1) - 1);
        let top = match sums.get(cell).is_some_and(|&s| s > 0) {
            true => 33.0,
            false => 0.0,
        };
        let x = col as f64 * 100.0 + ((i % cols) as f64 + 0.5) * 100.0 / cols as f64;
        let y = row as f64 * 100.0 + top + ((i / cols) as f64 + 0.5) * (100.0 - top) / rows as f64;
        (fixed(x, 1), fixed(y, 1))
    };
    html! {
        <svg class="rules over chain" viewBox={format!("0 0 {0} {0}", n * 100)} aria-hidden="true">
            { for links.iter().map(|&(from, to, strong)| {
                let ((x1, y1), (x2, y2)) = (at(from), at(to));
                html! { <line class={if strong { "link strong" } else { "link weak" }} {x1} {y1} {x2} {y2} /> }
            }) }
        </svg>
    }
}
