//! Puzzles in the address. The app writes `#s=<puzzle>` and, for a link with progress,
//! `&u=<the solver's digits>` (see `share.rs`). It also reads the plain one-line form
//! `#p=<puzzle>` and SudokuWiki's `?bd=<81 digits>`. The fragment is never sent to a server.

use sudoku_engine::Grid;

use crate::board::{Board, Kind};
use crate::share::{self, MAX_LEN};

/// What an address asks for: nothing, a board to open, or a message about a damaged link.
pub fn board_in(fragment: &str, query: &str) -> Option<Result<Board, String>> {
    let fragment = fragment.strip_prefix('#').unwrap_or(fragment);
    let query = query.strip_prefix('?').unwrap_or(query);
    if fragment.len() > MAX_LEN || query.len() > MAX_LEN {
        return Some(Err(damaged("it is far too long to be a puzzle")));
    }
    let field = |text: &str, key: &str| {
        text.split('&').find_map(|pair| {
            pair.strip_prefix(key)
                .and_then(|v| v.strip_prefix('='))
                .map(str::to_string)
        })
    };
    let result = if let Some(code) = field(fragment, "s") {
        share::decode(&code).and_then(|puzzle| match field(fragment, "u") {
            None => Ok(Board::from_puzzle(&puzzle)),
            Some(progress) => share::decode(&progress).and_then(|p| with_progress(&puzzle, &p)),
        })
    } else if let Some(text) = field(fragment, "p").or_else(|| field(query, "bd")) {
        let text = percent_encoding::percent_decode_str(&text).decode_utf8_lossy();
        Grid::parse(&text)
            .map(|g| Board::from_puzzle(&g))
            .map_err(|e| e.to_string())
    } else {
        return None;
    };
    Some(result.map_err(|reason| damaged(&reason)))
}

fn damaged(reason: &str) -> String {
    format!("This link's puzzle could not be opened: {reason}. The current puzzle is unchanged.")
}

fn with_progress(puzzle: &Grid, progress: &Grid) -> Result<Board, String> {
    if progress.shape() != puzzle.shape() {
        return Err("its progress is for a puzzle of another size".into());
    }
    let mut board = Board::from_puzzle(puzzle);
    for (cell, &digit) in progress.cells().iter().enumerate().filter(|(_, &d)| d != 0) {
        if board.kind(cell) == Kind::Given {
            return Err("its progress writes over a given".into());
        }
        board.write(cell, digit, Kind::User);
    }
    Ok(board)
}

/// The fragment for a board: its givens, and with `progress` the solver's digits too.
/// An empty board has none.
pub fn fragment(board: &Board, progress: bool) -> String {
    if !board.has_givens() {
        return String::new();
    }
    let mut text = format!("#s={}", share::encode(&board.puzzle()));
    let own = board.progress();
    if progress && own.filled() > 0 {
        text.push_str("&u=");
        text.push_str(&share::encode(&own));
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    const SEED: &str =
        "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";

    #[test]
    fn a_board_with_progress_travels_and_comes_back() {
        let mut board = Board::from_puzzle(&Grid::parse(SEED).unwrap());
        board.write(1, 1, Kind::User);
        board.write(2, 2, Kind::Revealed);
        let plain = fragment(&board, false);
        let full = fragment(&board, true);
        assert!(plain.starts_with("#s=") && !plain.contains("&u="));
        let back = board_in(&full, "").unwrap().unwrap();
        assert_eq!(back.cells(), board.cells());
        assert_eq!(
            (back.kind(0), back.kind(1), back.kind(2)),
            (Kind::Given, Kind::User, Kind::User)
        );
        assert_eq!(
            board_in(&plain, "").unwrap().unwrap().puzzle(),
            board.puzzle()
        );
    }

    #[test]
    fn other_apps_links_are_read() {
        let p = board_in(&format!("#p={SEED}"), "").unwrap().unwrap();
        assert_eq!(p.puzzle().to_line(), SEED);
        let bd = board_in("", &format!("?bd={}", SEED.replace('.', "0")))
            .unwrap()
            .unwrap();
        assert_eq!(bd.puzzle().to_line(), SEED);
        assert!(board_in("", "").is_none());
        assert!(board_in("#section", "?utm=x").is_none());
    }

    #[test]
    fn damaged_links_say_so_and_change_nothing() {
        let long = format!("#p={}", "1".repeat(10_000_000));
        for (fragment, reason) in [
            ("#s=<img src=x onerror=alert(1)>", "characters"),
            ("#s=EQ", "cut short"),
            ("#p=8..", "found 3 cells"),
            (long.as_str(), "far too long"),
        ] {
            let message = board_in(fragment, "").unwrap().unwrap_err();
            assert!(
                message.contains(reason) && message.ends_with("The current puzzle is unchanged."),
                "{message}"
            );
        }
        let board = Board::from_puzzle(&Grid::parse(SEED).unwrap());
        let mut over_given = board.clone();
        over_given.write(0, 0, Kind::Given);
        over_given.write(0, 9, Kind::User);
        let bad = format!(
            "{}&u={}",
            fragment(&board, false),
            share::encode(&Grid::parse(&SEED.replacen('8', "9", 1)).unwrap())
        );
        assert!(board_in(&bad, "")
            .unwrap()
            .unwrap_err()
            .contains("writes over a given"));
    }
}
