//! The current puzzle and progress kept in localStorage, so a reload loses nothing.

use gloo_storage::{LocalStorage, Storage};
use serde::{Deserialize, Serialize};

use crate::board::Board;
use crate::state::Mode;

const KEY: &str = "sudoku.current.v1";

#[derive(Serialize, Deserialize)]
struct Saved {
    board: Board,
    mode: Mode,
}

pub fn save(board: &Board, mode: Mode) {
    // Storage can be full or disabled (private windows); the page works on without it.
    let _ = LocalStorage::set(
        KEY,
        Saved {
            board: board.clone(),
            mode,
        },
    );
}

/// The saved board, `Ok(None)` if there is none, or a message if what is saved is unreadable.
pub fn load() -> Result<Option<(Board, Mode)>, String> {
    let Some(raw) = LocalStorage::raw().get_item(KEY).ok().flatten() else {
        return Ok(None);
    };
    match decode(&raw) {
        Some(saved) => Ok(Some(saved)),
        None => {
            LocalStorage::delete(KEY);
            Err("The saved puzzle could not be read and was set aside; starting with an empty board.".into())
        }
    }
}

/// A saved board from its stored text, if it is whole and consistent. Storage is anyone's
/// to edit (another version, another tab, a person with the developer tools), so this
/// checks everything and never panics (`fuzz/fuzz_targets/saved.rs`).
pub fn decode(raw: &str) -> Option<(Board, Mode)> {
    let saved = serde_json::from_str::<Saved>(raw).ok()?;
    Some((saved.board.checked()?, saved.mode))
}
