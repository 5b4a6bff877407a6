//! Undo and redo. Each edit is the cells one action changed, before and after, so a
//! multi-cell change (a hint's placements and eliminations, Clear) is one edit, and the
//! history is small enough to save with the board; or the rules a setter changed, as the
//! variant's payload before and after.

use std::fmt;

use serde::de::value::{MapAccessDeserializer, SeqAccessDeserializer};
use serde::de::{MapAccess, SeqAccess, Visitor};
use serde::{Deserialize, Deserializer, Serialize};

use crate::board::{Board, CellState};
use crate::variant::{Opened, Variant};

/// How many steps are kept to undo; the oldest go first.
pub const MAX_STEPS: usize = 500;
/// How many cell changes the steps may hold in all, so that a history of big multi-cell
/// steps (Fill candidates on a 25x25 board is 600 cells) still fits in storage. A change
/// of rules weighs a cell for every 16 bytes of its two payloads.
pub const MAX_CELLS: usize = 20_000;

/// The cells one action changed: (cell, before, after).
pub type CellChanges = Vec<(usize, CellState, CellState)>;

/// One edit to undo or redo. Saves from before rules could change hold cells alone.
/// Written untagged (a list of cell changes, or an object for a change of rules) and read
/// back by the form of its JSON (below).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub enum Edit {
    Cells(CellChanges),
    Rules(RulesChange),
}

/// The variant's payload before and after (none: the classic rules), and the cells the
/// same action changed (Clear empties the board as it drops the rules).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RulesChange {
    before: Option<String>,
    after: Option<String>,
    #[serde(default)]
    cells: CellChanges,
}

/// An edit read by its form: a list is cell changes, an object a change of rules. By hand
/// rather than serde's `untagged`, which buffers the value to try each variant in turn
/// and so instantiates serde's buffered reader for every type of a step: 15.6 KB of the
/// page's code, against about 1 KB for this.
impl<'de> Deserialize<'de> for Edit {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Edit, D::Error> {
        struct EditByForm;
        impl<'de> Visitor<'de> for EditByForm {
            type Value = Edit;

            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a list of cell changes or an object of a change of rules")
            }

            fn visit_seq<A: SeqAccess<'de>>(self, seq: A) -> Result<Edit, A::Error> {
                CellChanges::deserialize(SeqAccessDeserializer::new(seq)).map(Edit::Cells)
            }

            fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<Edit, A::Error> {
                RulesChange::deserialize(MapAccessDeserializer::new(map)).map(Edit::Rules)
            }
        }
        deserializer.deserialize_any(EditByForm)
    }
}

impl Edit {
    /// What the step weighs against `MAX_CELLS`.
    fn cells(&self) -> usize {
        match self {
            Edit::Cells(change) => change.len(),
            Edit::Rules(RulesChange {
                before,
                after,
                cells,
            }) => {
                let bytes =
                    before.as_ref().map_or(0, String::len) + after.as_ref().map_or(0, String::len);
                cells.len() + 1 + bytes / 16
            }
        }
    }
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct History {
    undo: Vec<Edit>,
    redo: Vec<Edit>,
}

impl History {
    pub fn can_undo(&self) -> bool {
        !self.undo.is_empty()
    }

    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty()
    }

    /// Records what an edit changed from `before` to `after` (boards of one size) as one
    /// step; a new step ends what could be redone.
    pub fn record(&mut self, before: &Board, after: &Board) {
        if before.len() != after.len() {
            return;
        }
        let change: CellChanges = (0..after.len())
            .map(|c| (c, before.cell_state(c), after.cell_state(c)))
            .filter(|(_, b, a)| b != a)
            .collect();
        let payload = |b: &Board| b.variant().map(|v| v.payload.to_string());
        let step = match (payload(before), payload(after)) {
            (before, after) if before != after => Edit::Rules(RulesChange {
                before,
                after,
                cells: change,
            }),
            _ if change.is_empty() => return,
            _ => Edit::Cells(change),
        };
        self.redo.clear();
        self.undo.push(step);
        let mut cells: usize = self.undo.iter().map(Edit::cells).sum();
        while self.undo.len() > MAX_STEPS || (cells > MAX_CELLS && self.undo.len() > 1) {
            cells -= self.undo.remove(0).cells();
        }
    }

    /// Takes back the last step on `board`; false if there is none.
    pub fn undo(&mut self, board: &mut Board) -> bool {
        travel(
            &mut self.undo,
            &mut self.redo,
            board,
            |&(_, before, _)| before,
            false,
        )
    }

    /// Does again the last step undone; false if there is none.
    pub fn redo(&mut self, board: &mut Board) -> bool {
        travel(
            &mut self.redo,
            &mut self.undo,
            board,
            |&(_, _, after)| after,
            true,
        )
    }

    /// A history read back from storage for `board`, if every step fits it.
    pub fn checked(self, board: &Board) -> Option<History> {
        let cells_fit = |change: &CellChanges| {
            change
                .iter()
                .all(|(c, b, a)| *c < board.len() && board.fits(b) && board.fits(a))
        };
        // Rules must read, and be of the board's size.
        let rules_fit = |payload: &Option<String>| {
            payload.as_deref().is_none_or(|p| {
                matches!(Variant::open(p), Ok(Opened::Variant(v)) if v.imported.puzzle.shape() == board.shape())
            })
        };
        let fits = |step: &Edit| match step {
            Edit::Cells(change) => cells_fit(change),
            Edit::Rules(RulesChange {
                before,
                after,
                cells,
            }) => cells_fit(cells) && rules_fit(before) && rules_fit(after),
        };
        let cells = |steps: &[Edit]| steps.iter().map(Edit::cells).sum::<usize>();
        (self.undo.len() <= MAX_STEPS
            && self.redo.len() <= MAX_STEPS
            && cells(&self.undo).max(cells(&self.redo)) <= MAX_CELLS
            && self.undo.iter().chain(&self.redo).all(fits))
        .then_some(self)
    }
}

/// Moves the newest step of `from` to `to`, writing into `board` the side of each cell's
/// change that `side` picks, or the side of the rules (`later`: the one after).
fn travel(
    from: &mut Vec<Edit>,
    to: &mut Vec<Edit>,
    board: &mut Board,
    side: fn(&(usize, CellState, CellState)) -> CellState,
    later: bool,
) -> bool {
    let Some(step) = from.pop() else {
        return false;
    };
    let change = match &step {
        Edit::Cells(change) => change,
        Edit::Rules(RulesChange {
            before,
            after,
            cells,
        }) => {
            let payload = if later { after } else { before };
            let variant = match payload.as_deref().map(Variant::open) {
                None => None,
                Some(Ok(Opened::Variant(v))) if v.imported.puzzle.shape() == board.shape() => {
                    Some(v)
                }
                // Checked when the history was read; a step that no longer fits stays.
                Some(_) => {
                    from.push(step);
                    return false;
                }
            };
            board.set_variant(variant);
            cells
        }
    };
    for entry in change {
        board.set_cell_state(entry.0, side(entry));
    }
    to.push(step);
    true
}
