//! The current puzzle and progress kept in localStorage, so a reload loses nothing, and
//! the player's settings beside it.

use std::borrow::Cow;

use serde::{Deserialize, Serialize};

use crate::board::Board;
use crate::json::{from_json, to_json};
use crate::state::{Ahead, Game, History, Mode, Play, Preferences, Stats, Timer};
use crate::variant::{Opened, Variant};

pub const KEY: &str = "sudoku.current.v1";
const SETTINGS: &str = "sudoku.settings.v1";
const STATS: &str = "sudoku.stats.v1";
const AHEAD: &str = "sudoku.ahead.v1";

/// Borrowed when saving (every edit saves, so nothing is copied for it), owned when read.
#[derive(Serialize, Deserialize)]
struct Saved<'a> {
    board: Cow<'a, Board>,
    mode: Mode,
    /// Older saves have none.
    #[serde(default)]
    history: Cow<'a, History>,
    #[serde(default)]
    timer: Timer,
    /// Older saves have none: a puzzle of unknown origin, no help taken.
    #[serde(default)]
    game: Cow<'a, Game>,
    /// A variant puzzle's payload (`fpuzzles…`, `scl…`, `made…`), read again to play the
    /// board under its rules; classic puzzles and older saves have none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    variant: Option<Cow<'a, str>>,
}

/// A game of unknown origin with no help taken, as saves write it (browser and native
/// alike; checked by `tests/web.rs` and the test below).
pub const NO_GAME: &str =
    r#"{"origin":null,"hints":0,"checks":0,"told":0,"rated":null,"spoiled":false,"counted":false}"#;

/// What a save restores: the board, its mode, its history and its time.
pub type Restored = (Board, Mode, History, Timer);

/// What is saved of the board being played and its game, borrowed from them.
fn saved<'a>(play: &'a Play, game: &'a Game) -> Saved<'a> {
    Saved {
        board: Cow::Borrowed(&play.board),
        mode: play.mode,
        history: Cow::Borrowed(&play.history),
        timer: play.timer,
        game: Cow::Borrowed(game),
        variant: play.payload().map(Cow::Borrowed),
    }
}

pub fn save(play: &Play, game: &Game) {
    if let Some(text) = to_json(&saved(play, game)) {
        set(KEY, &text);
    }
}

pub fn save_settings(settings: &Preferences) {
    if let Some(text) = to_json(settings) {
        set(SETTINGS, &text);
    }
}

pub fn save_stats(stats: &Stats) {
    if let Some(text) = to_json(stats) {
        set(STATS, &text);
    }
}

/// Keeps the puzzle made ahead, once it is made; forgets one taken or not yet made.
pub fn save_ahead(ahead: Option<&Ahead>) {
    match ahead.filter(|a| a.made.is_some()).and_then(to_json) {
        Some(text) => set(AHEAD, &text),
        None => {
            if let Some(storage) = local() {
                let _ = storage.remove_item(AHEAD);
            }
        }
    }
}

/// The puzzle made ahead and kept, if there is one that reads.
pub fn load_ahead() -> Option<Ahead> {
    get(AHEAD)
        .and_then(|text| from_json::<Ahead>(&text))
        .filter(|a| a.made.is_some())
}

/// The player's record; an empty one if there is none or it cannot be read.
pub fn load_stats() -> Stats {
    get(STATS)
        .and_then(|text| from_json(&text))
        .unwrap_or_default()
}

/// The player's record as JSON text, to be downloaded.
pub fn stats_json(stats: &Stats) -> Option<String> {
    to_json(stats)
}

/// The saved settings; the defaults if there are none or they cannot be read.
pub fn load_settings() -> Preferences {
    get(SETTINGS)
        .and_then(|text| from_json(&text))
        .unwrap_or_default()
}

/// The saved board and its game, `Ok(None)` if there is none, or a message if what is
/// saved is unreadable.
pub fn load() -> Result<Option<(Restored, Game)>, String> {
    let Some(raw) = get(KEY) else {
        return Ok(None);
    };
    match decode_game(&raw) {
        Some(saved) => Ok(Some(saved)),
        None => {
            if let Some(storage) = local() {
                let _ = storage.remove_item(KEY);
            }
            Err("The saved puzzle could not be read and was set aside; starting with an empty board.".into())
        }
    }
}

/// The page's localStorage; `None` where it is disabled (some private windows).
pub fn local() -> Option<web_sys::Storage> {
    web_sys::window()?.local_storage().ok().flatten()
}

/// The text stored under `key`, if any.
pub fn get(key: &str) -> Option<String> {
    local()?.get_item(key).ok().flatten()
}

/// Stores `text` under `key`. Storage can be full or disabled; the page works on without it.
pub fn set(key: &str, text: &str) {
    if let Some(storage) = local() {
        let _ = storage.set_item(key, text);
    }
}

/// A saved board from its stored text, if it is whole and consistent. Storage is anyone's
/// to edit (another version, another tab, a person with the developer tools), so this
/// checks everything and never panics (`fuzz/fuzz_targets/saved.rs`).
pub fn decode(raw: &str) -> Option<Restored> {
    decode_game(raw).map(|(restored, _)| restored)
}

/// A saved board with what was saved of it as a game.
fn decode_game(raw: &str) -> Option<(Restored, Game)> {
    let saved = from_json::<Saved>(raw)?;
    let mut board = saved.board.into_owned().checked()?;
    if let Some(payload) = saved.variant {
        match Variant::open(&payload) {
            Ok(Opened::Variant(variant)) if variant.imported.puzzle.shape() == board.shape() => {
                board = board.under(variant);
            }
            _ => return None,
        }
    }
    let history = saved.history.into_owned().checked(&board)?;
    let game = saved.game.into_owned();
    Some(((board, saved.mode, history, saved.timer), game))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Kind;
    use std::rc::Rc;

    #[test]
    fn a_save_reads_back_as_it_was_and_an_old_save_without_history_reads_too() {
        let mut play = Play::new(Board::empty(sudoku_engine::Shape::NINE), Mode::Solving);
        let before = play.board.clone();
        play.board.write(3, 7, Kind::User);
        Rc::make_mut(&mut play.history).record(&before, &play.board);
        let saved = Saved {
            board: Cow::Borrowed(&play.board),
            mode: play.mode,
            history: Cow::Borrowed(&play.history),
            timer: Timer::from_seconds(61),
            game: Cow::Owned(Game {
                hints: 2,
                ..Game::default()
            }),
            variant: None,
        };
        let text = to_json(&saved).unwrap();
        assert_eq!(decode_game(&text).map(|(_, game)| game.hints), Some(2));
        assert_eq!(
            decode(&text),
            Some((
                play.board.clone(),
                Mode::Solving,
                (*play.history).clone(),
                Timer::from_seconds(61)
            ))
        );
        let old = format!(
            r#"{{"board":{},"mode":"Solving"}}"#,
            to_json(&play.board).unwrap()
        );
        assert_eq!(
            decode(&old),
            Some((
                play.board.clone(),
                Mode::Solving,
                History::default(),
                Timer::default()
            ))
        );
        assert_eq!(
            decode_game(&old).map(|(_, game)| game),
            Some(Game::default()),
            "a save from before games were kept has no origin and no help taken"
        );
        assert_eq!(to_json(&Game::default()).as_deref(), Some(NO_GAME));
    }

    #[test]
    fn a_variant_is_saved_by_its_payload_and_plays_under_its_rules_again() {
        let json = r#"{"size":4,"killercage":[{"cells":["R1C1","R1C2"],"value":"3"}]}"#;
        let Ok(Opened::Variant(variant)) = Variant::open(json) else {
            panic!("not a variant")
        };
        let mut play = Play::new(Board::of_variant(variant), Mode::Solving);
        play.board.write(0, 1, Kind::User);
        let text = to_json(&saved(&play, &Game::default())).unwrap();
        assert!(text.contains(r#""variant":"fpuzzles"#), "{text}");
        let (board, ..) = decode(&text).unwrap();
        assert_eq!(board, play.board);
        assert_eq!(board.rules().len(), 1);
        // A save whose variant no longer reads is set aside, not played without its rules.
        assert_eq!(
            decode(&text.replace("\"variant\":\"fpuzzles", "\"variant\":\"fpuzzlesX")),
            None
        );
    }

    #[test]
    fn a_save_from_before_marks_keeps_its_removed_candidates_as_centre_marks() {
        let board = to_json(&Board::empty(sudoku_engine::Shape::NINE)).unwrap();
        let mut removed = vec![0u32; 81];
        removed[80] = 1 << 8;
        // The old field first, then the board's own (`{:?}` of a list is JSON's list too).
        let board = format!(r#"{{"removed":{removed:?},{}"#, &board[1..]);
        let old = format!(r#"{{"board":{board},"mode":"Solving"}}"#);
        let (board, ..) = decode(&old).unwrap();
        assert_eq!(board.marks(80).centre, 0xff, "every candidate but 9");
        assert_eq!(
            board.marks(79).centre,
            0,
            "no marks where none were removed"
        );
        assert!(!to_json(&board).unwrap().contains("removed"));
    }
}
