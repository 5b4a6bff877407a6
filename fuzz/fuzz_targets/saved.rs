//! Any stored text under the app's key: restoring never panics, and a board it accepts
//! can be opened, shown, undone, redone and played on.
#![no_main]

use std::rc::Rc;

use libfuzzer_sys::fuzz_target;
use sudoku_web::board::{Heading, Layer};
use sudoku_web::state::{Action, GameAction, PageAction, PlayAction, State};
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
    let s = Rc::new(State::new(board.clone(), mode)).reduce(Action::Game(GameAction::Restore(board, mode, history, timer)));
    let _ = (s.status(), s.snapshot(0));
    let last = s.play.board.len() - 1;
    let s = s
        .reduce(Action::Play(PlayAction::Undo))
        .reduce(Action::Play(PlayAction::Undo))
        .reduce(Action::Play(PlayAction::Redo));
    let s = s
        .reduce(Action::Play(PlayAction::Select(last)))
        .reduce(Action::Play(PlayAction::Type(1)))
        .reduce(Action::Play(PlayAction::Extend(Heading::Left)))
        .reduce(Action::Play(PlayAction::Mark(Layer::Centre, 2)))
        .reduce(Action::Play(PlayAction::FillCandidates))
        .reduce(Action::Play(PlayAction::Erase))
        .reduce(Action::Page(PageAction::Tick(1)));
    let _ = s.status();
});
