//! Which puzzle is played: the help taken on it, until another puzzle starts.

use super::*;

#[test]
fn the_game_records_the_help_taken_until_another_puzzle_starts() {
    let s = state()
        .reduce(Action::Play(PlayAction::Type(5)))
        .reduce(Action::Game(GameAction::StartSolving))
        .reduce(Action::Lesson(LessonAction::AskedHint))
        .reduce(Action::Lesson(LessonAction::Stopped))
        .reduce(Action::Lesson(LessonAction::AskedHint))
        .reduce(Action::Lesson(LessonAction::AskedCheck));
    let game = &s.game;
    assert_eq!((game.hints, game.checks, game.spoiled), (2, 1, false));
    let s = s
        .reduce(Action::Game(GameAction::ToggleSolution))
        .reduce(Action::Game(GameAction::ToggleSolution));
    assert!(
        s.game.spoiled,
        "hiding the solution again does not undo having seen it"
    );
    let s = s
        .reduce(Action::Game(GameAction::EditPuzzle))
        .reduce(Action::Game(GameAction::StartSolving));
    assert_eq!(s.game, Game::default(), "a new puzzle, no help yet");
    assert!(
        s.reduce(Action::Lesson(LessonAction::AskedPath))
            .game
            .spoiled
    );
}
