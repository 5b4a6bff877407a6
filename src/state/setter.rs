//! Setting a variant puzzle ("Edit puzzle"): a rule drawn over the selected cells, a rule
//! removed, a rule of the whole grid switched. Each change is the puzzle's document
//! changed (`sudoku_links::setting`) and read again; the board then plays under the new
//! rules, the worker gives a new verdict as for any edit, and undo takes the change back
//! as one step (`history.rs`).

use sudoku_links::setting::{self, Draft};

use super::{Change, Mode, State};
use crate::variant::{self, Variant};

pub enum SetterAction {
    /// A rule drawn over the selection, in the order its cells were selected.
    Add(Draft),
    /// The rule written at this place of the document (a figure's `source`).
    Remove((&'static str, usize)),
    /// A rule of the whole grid on or off (a key of `setting::SWITCHES`).
    Switch(&'static str, bool),
    /// The value of the rule at this place (a cage's sum, a clue) changed, or taken away.
    SetValue((&'static str, usize), Option<String>),
}

impl SetterAction {
    pub(super) fn apply(self, s: &mut State) -> Change {
        if s.play.mode != Mode::Entering {
            return Change::Unchanged;
        }
        let board = &s.play.board;
        let document = variant::document(board);
        let changed = match self {
            SetterAction::Add(draft) => {
                setting::add(&document, board.shape().n(), &draft, &s.play.picked)
            }
            SetterAction::Remove(source) => Ok(setting::remove(&document, source)),
            SetterAction::Switch(key, on) => Ok(setting::switch(&document, key, on)),
            SetterAction::SetValue(source, value) => {
                Ok(setting::set_value(&document, source, value.as_deref()))
            }
        };
        match changed.and_then(|d| Variant::from_document(&d).map_err(|e| e.to_string())) {
            Ok(variant) => {
                s.play.board.set_variant(variant);
                Change::Edited {
                    answer_holds: false,
                }
            }
            Err(why) => {
                s.say(format!("Not set: {why}"));
                Change::Changed
            }
        }
    }
}
