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

#[test]
fn a_restored_board_comes_with_its_mode_history_and_time_as_another_game() {
    let empty = Board::empty(Shape::NINE);
    let mut board = empty.clone();
    board.write(0, 5, crate::board::Kind::User);
    let mut history = History::default();
    history.record(&empty, &board);
    let s = state()
        .reduce(Action::Play(PlayAction::Type(3)))
        .reduce(Action::Lesson(LessonAction::AskedHint))
        .reduce(Action::Game(GameAction::Restore(
            board.clone(),
            Mode::Solving,
            history.clone(),
            Timer::from_seconds(42),
        )));
    assert_eq!(s.play.board, board);
    assert_eq!(s.play.mode, Mode::Solving);
    assert_eq!(
        *s.play.history, history,
        "the saved history, not the page's"
    );
    assert_eq!(s.play.timer.elapsed_ms, 42_000);
    assert_eq!(s.game, Game::default(), "its game is resumed apart");
    assert!(
        !s.lesson.thinking,
        "the hint asked for the old board is dropped"
    );
    let s = s.reduce(Action::Play(PlayAction::Undo));
    assert_eq!(s.play.board.digit(0), 0, "undo follows the saved history");
}

#[test]
fn start_solving_locks_the_givens_as_one_step_on_a_clock_of_its_own() {
    let puzzle = Grid::parse(&format!("5{}", ".".repeat(80))).unwrap();
    let s = Rc::new(State::new(Board::from_puzzle(&puzzle), Mode::Solving))
        .reduce(Action::Play(PlayAction::Select(1)))
        .reduce(Action::Play(PlayAction::Type(7)))
        .reduce(Action::Page(PageAction::Tick(1_000)))
        .reduce(Action::Page(PageAction::Tick(2_500)))
        .reduce(Action::Game(GameAction::EditPuzzle));
    assert_eq!(s.play.mode, Mode::Entering);
    assert_eq!(s.play.timer.elapsed_ms, 1_500, "editing keeps the time");
    let s = s.reduce(Action::Game(GameAction::StartSolving));
    assert_eq!(s.play.mode, Mode::Solving);
    assert_eq!(s.play.timer.elapsed_ms, 0, "a new puzzle's clock");
    assert_eq!(s.play.board.kind(1), crate::board::Kind::Given);
    let s = s.reduce(Action::Play(PlayAction::Undo));
    assert_eq!(
        (s.play.board.digit(1), s.play.board.kind(1)),
        (7, crate::board::Kind::User),
        "undo takes the locking back"
    );
    let s = s.reduce(Action::Play(PlayAction::Undo));
    assert_eq!(s.play.board.digit(1), 0, "and the history before it stays");
}
