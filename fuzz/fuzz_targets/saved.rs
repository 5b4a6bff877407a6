//! Any stored text under the app's key: restoring never panics, and a board it accepts
//! can be opened, shown, undone, redone and played on.
#![no_main]

use std::rc::Rc;

use libfuzzer_sys::fuzz_target;
use sudoku_web::board::Layer;
use sudoku_web::state::{Action, State};
use sudoku_web::storage::decode;
use yew::Reducible;

fuzz_target!(|text: &str| {
    let Some((board, mode, history, timer)) = decode(text) else {
        return;
    };
    let _ = (
        board.puzzle(),
        board.progress(),
        board.candidates(),
        board.conflicts(),
    );
    let s = Rc::new(State::new(board.clone(), mode)).reduce(Action::Restore(board, mode, history, timer));
    let _ = (s.status(), s.snapshot(0));
    let last = s.play.board.len() - 1;
    let s = s
        .reduce(Action::Undo)
        .reduce(Action::Undo)
        .reduce(Action::Redo);
    let s = s
        .reduce(Action::Select(last))
        .reduce(Action::Type(1))
        .reduce(Action::Extend("ArrowLeft".into()))
        .reduce(Action::Mark(Layer::Centre, 2))
        .reduce(Action::FillCandidates)
        .reduce(Action::Erase)
        .reduce(Action::Tick(1));
    let _ = s.status();
});
