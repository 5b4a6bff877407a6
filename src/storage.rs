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
    if LocalStorage::raw().get_item(KEY).ok().flatten().is_none() {
        return Ok(None);
    }
    let saved = LocalStorage::get::<Saved>(KEY).ok();
    match saved.and_then(|s| Some((s.board.checked()?, s.mode))) {
        Some(saved) => Ok(Some(saved)),
        None => {
            LocalStorage::delete(KEY);
            Err("The saved puzzle could not be read and was set aside; starting with an empty board.".into())
        }
    }
}
