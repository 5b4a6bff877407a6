//! Setting a variant puzzle ("Edit puzzle"): a rule drawn over the selected cells, a rule
//! removed or drawn over other cells, a mark put on a clicked edge (a greater-than sign
//! turned round by a second click), a region painted, a rule of the whole grid switched.
//! Each change is the puzzle's document changed (`sudoku_links::setting`) and read again;
//! the board then plays under the new rules, the worker gives a new verdict as for any
//! edit, and undo takes the change back as one step (`history.rs`).

use sudoku_links::setting::{self, Draft, MARKS};

use super::{Change, Mode, Play};
use crate::variant::Variant;

/// The setter's tools.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Setter {
    /// The mark (an index of `setting::MARKS`) a click on an edge between two cells puts
    /// there or takes away; none while a click selects.
    pub edge_mark: Option<usize>,
}

pub enum SetterAction {
    /// A rule drawn over the selection, in the order its cells were selected.
    Add(Draft),
    /// The rule written at this place of the document (a figure's `source`).
    Remove((&'static str, usize)),
    /// A rule of the whole grid on or off (a key of `setting::SWITCHES`).
    Switch(&'static str, bool),
    /// The value of the rule at this place (a cage's sum, a clue) changed, or taken away.
    SetValue((&'static str, usize), Option<String>),
    /// The rule at this place drawn over the selection instead, in its order.
    SetCells((&'static str, usize)),
    /// The selection painted as one region.
    PaintRegion,
    /// The mark a click on an edge puts there (an index of `setting::MARKS`), or none.
    EdgeMark(Option<usize>),
    /// A click on the edge between two cells: the chosen mark put there or taken away.
    Edge(usize, usize),
}

impl SetterAction {
    /// Whether the action changes the puzzle (and so is one undo step).
    pub(super) fn is_edit(&self) -> bool {
        !matches!(self, SetterAction::EdgeMark(_))
    }

    /// Applies the action to the setter alone, reading the board and selection it sets
    /// rules over: the rules changed are reported (`Change::Ruled`).
    pub(super) fn apply(self, setter: &mut Setter, play: &Play) -> Change {
        if play.mode != Mode::Entering {
            return Change::Unchanged;
        }
        let board = &play.board;
        // Its regions and clues are not in the document the setter edits.
        if board.chaos().is_some() && self.is_edit() {
            return Change::Said("Not set: a chaos construction cannot be edited here yet".into());
        }
        let n = board.shape().n();
        // Built only by the actions that read it: a mark chosen, or an edge clicked with
        // none chosen, changes no document.
        let document = || board.document();
        let picked = &play.picked;
        let changed = match self {
            SetterAction::Add(draft) => setting::add(&document(), n, &draft, picked),
            SetterAction::Remove(source) => Ok(setting::remove(&document(), source)),
            SetterAction::Switch(key, on) => setting::switch(&document(), n, key, on),
            SetterAction::SetValue(source, value) => {
                Ok(setting::set_value(&document(), source, value.as_deref()))
            }
            SetterAction::SetCells(source) => setting::set_cells(&document(), n, source, picked),
            SetterAction::PaintRegion => setting::paint_region(&document(), n, picked),
            SetterAction::EdgeMark(mark) => {
                setter.edge_mark = mark.filter(|&m| m < MARKS.len());
                return Change::Changed;
            }
            SetterAction::Edge(a, b) => {
                let Some((key, value, _)) = setter.edge_mark.and_then(|m| MARKS.get(m)) else {
                    return Change::Unchanged;
                };
                let draft = Draft::Pair {
                    key,
                    value: value.map(String::from),
                };
                setting::toggle_mark(&document(), n, &draft, a, b)
            }
        };
        match changed.and_then(|d| Variant::from_document(&d).map_err(|e| e.to_string())) {
            Ok(variant) => Change::Ruled(variant),
            Err(why) => Change::Said(format!("Not set: {why}")),
        }
    }
}
