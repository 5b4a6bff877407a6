//! The current puzzle and progress kept in localStorage, so a reload loses nothing.

use gloo_storage::{LocalStorage, Storage};
use serde::{Deserialize, Serialize};

use crate::board::Board;
use crate::state::{History, Mode, Play};

const KEY: &str = "sudoku.current.v1";

#[derive(Serialize, Deserialize)]
struct Saved {
    board: Board,
    mode: Mode,
    /// Older saves have none.
    #[serde(default)]
    history: History,
}

/// What a save restores: the board, its mode and its history.
pub type Restored = (Board, Mode, History);

pub fn save(play: &Play) {
    // Storage can be full or disabled (private windows); the page works on without it.
    let _ = LocalStorage::set(
        KEY,
        Saved {
            board: play.board.clone(),
            mode: play.mode,
            history: play.history.clone(),
        },
    );
}

/// The saved board, `Ok(None)` if there is none, or a message if what is saved is unreadable.
pub fn load() -> Result<Option<Restored>, String> {
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
pub fn decode(raw: &str) -> Option<Restored> {
    let saved = serde_json::from_str::<Saved>(raw).ok()?;
    let board = saved.board.checked()?;
    let history = saved.history.checked(&board)?;
    Some((board, saved.mode, history))
}
