//! Which puzzle is played: the help taken on it, until another puzzle starts.

use super::*;

#[test]
fn the_game_records_the_help_taken_until_another_puzzle_starts() {
    let s = state()
        .reduce(Action::Type(5))
        .reduce(Action::StartSolving)
        .reduce(Action::AskedHint)
        .reduce(Action::LogicStopped)
        .reduce(Action::AskedHint)
        .reduce(Action::AskedCheck);
    let game = &s.play.game;
    assert_eq!((game.hints, game.checks, game.spoiled), (2, 1, false));
    let s = s
        .reduce(Action::ToggleSolution)
        .reduce(Action::ToggleSolution);
    assert!(
        s.play.game.spoiled,
        "hiding the solution again does not undo having seen it"
    );
    let s = s.reduce(Action::EditPuzzle).reduce(Action::StartSolving);
    assert_eq!(s.play.game, Game::default(), "a new puzzle, no help yet");
    assert!(s.reduce(Action::AskedPath).play.game.spoiled);
}
