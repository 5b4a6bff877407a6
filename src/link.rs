//! Puzzles carried in the address: `#p=<one-line form>` in the fragment, which is never
//! sent to a server.

use sudoku_engine::Grid;

/// The puzzle in a fragment such as `#p=8....`, `None` if the fragment holds none.
pub fn puzzle_in(fragment: &str) -> Option<Result<Grid, String>> {
    let encoded = fragment
        .strip_prefix('#')
        .unwrap_or(fragment)
        .strip_prefix("p=")?;
    let text = js_sys::decode_uri_component(encoded)
        .ok()
        .and_then(|s| s.as_string())
        .unwrap_or_else(|| encoded.to_string());
    Some(Grid::parse(&text).map_err(|e| format!("The link's puzzle could not be read: {e}")))
}
