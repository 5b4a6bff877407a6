//! What the exact solver says of the board: its status, doubts, counts and what it reveals.

use super::*;
use crate::protocol::Answer;

#[test]
fn start_solving_has_a_doubt_until_the_solver_found_one_solution() {
    let s = state().reduce(Action::Play(PlayAction::Type(5)));
    assert_eq!(
        s.doubt(),
        Some("The solver has not finished checking this puzzle.")
    );
    let two = done(&s, Answer::Multiple(vec![1; 81], vec![2; 81]), 1);
    assert!(s
        .clone()
        .reduce(two)
        .doubt()
        .unwrap()
        .contains("more than one"));
    let none = done(&s, Answer::NoSolution, 1);
    assert_eq!(
        s.clone().reduce(none).doubt(),
        Some("This puzzle has no solution.")
    );
    let one = done(&s, Answer::Unique(vec![5; 81]), 1);
    let s = s.reduce(one);
    assert_eq!(s.doubt(), None);
    let s = s
        .reduce(Action::Play(PlayAction::Select(1)))
        .reduce(Action::Play(PlayAction::Type(5)));
    assert_eq!(
        s.doubt(),
        Some("This puzzle has no solution."),
        "two 5s in row 1, before any answer"
    );
}

#[test]
fn the_status_names_conflicts_at_once() {
    let s = state()
        .reduce(Action::Play(PlayAction::Type(5)))
        .reduce(Action::Play(PlayAction::Select(6)))
        .reduce(Action::Play(PlayAction::Type(5)));
    assert_eq!(s.status(), "No solution: two 5s in row 1 (r1c1, r1c7)");
    let s = s
        .reduce(Action::Play(PlayAction::Erase))
        .reduce(Action::Game(GameAction::StartSolving))
        .reduce(Action::Play(PlayAction::Select(54)))
        .reduce(Action::Play(PlayAction::Type(5)));
    assert_eq!(
        s.status(),
        "Two 5s in column 1 (r1c1, r7c1)",
        "while playing, the player's words"
    );
}

#[test]
fn after_an_edit_the_last_answer_stands_until_solving_is_due() {
    let solved = |s: Rc<State>| {
        let answer = done(&s, Answer::Unique(vec![1; 81]), 10);
        s.reduce(answer)
    };
    let s = solved(state()).reduce(Action::Play(PlayAction::Type(5)));
    assert_eq!(s.status(), "Unique solution");
    assert_eq!(s.solution(), None, "the old solution is not this board's");
    let revision = s.play.revision;
    assert_eq!(
        s.reduce(Action::Solver(SolverAction::Slow(revision)))
            .status(),
        "Solving…"
    );
}

#[test]
fn solving_shows_only_when_slow_and_answers_replace_it() {
    let s = state().reduce(Action::Play(PlayAction::Type(5)));
    let revision = s.play.revision;
    let s = s.reduce(Action::Solver(SolverAction::Slow(revision)));
    assert_eq!(s.status(), "Solving…");
    let s = s.reduce(Action::Solver(SolverAction::Slow(99)));
    let answer = done(&s, Answer::Multiple(vec![1; 81], vec![2; 81]), 1500);
    let s = s.reduce(answer);
    assert_eq!(s.status(), "Multiple solutions (at least 2)");
    let mut details = s.settings;
    details.solver_details = true;
    let s = s.reduce(Action::Settings(details));
    assert_eq!(
        s.status(),
        "Multiple solutions (at least 2) (1.5 ms)",
        "the time, with solver details"
    );
}

#[test]
fn counts_read_as_people_say_them() {
    let mut details = state().settings;
    details.solver_details = true;
    let s = state()
        .reduce(Action::Settings(details))
        .reduce(Action::Solver(SolverAction::CountStarted));
    let ticket = s.ticket();
    let s = s.reduce(Action::Solver(SolverAction::Report(Report::Progress {
        ticket,
        nodes: 1_234_567,
    })));
    assert_eq!(s.status(), "Counting… 1,234,567 positions searched");
    let done = |count, complete| {
        let answer = done(&s, Answer::Counted { count, complete }, 20_000);
        s.clone().reduce(answer).status()
    };
    assert_eq!(
        done(288, true),
        "Multiple solutions: 288 (counted in 20 ms)"
    );
    assert_eq!(
        done(10_000, true),
        "Multiple solutions: at least 10,000 (stopped at the limit after 20 ms)"
    );
    assert_eq!(done(1, true), "Unique solution (counted in 20 ms)");
    details.solver_details = false;
    let plain = s.clone().reduce(Action::Settings(details));
    let answer = Action::Solver(SolverAction::Report(Report::Done {
        ticket: plain.ticket(),
        answer: Answer::Counted {
            count: 10_000,
            complete: true,
        },
        micros: 20_000,
    }));
    assert_eq!(
        plain.reduce(answer).status(),
        "Multiple solutions: at least 10,000 (stopped at the limit)",
        "without details, no time, but still why the count stopped"
    );
    assert_eq!(
        s.reduce(Action::Solver(SolverAction::Stopped)).status(),
        "Stopped"
    );
}

#[test]
fn reveal_fills_the_selected_empty_cell_from_the_solution() {
    let s = revealed(state());
    assert!(s.status().starts_with("Unique solution"));
}

/// A 9x9 puzzle being played, its givens (a 5 in r1c1) answered with one solution.
fn playing() -> Rc<State> {
    let s = state()
        .reduce(Action::Play(PlayAction::Type(5)))
        .reduce(Action::Game(GameAction::StartSolving));
    let answer = done(&s, Answer::Unique(vec![5; 81]), 1);
    s.reduce(answer)
}

#[test]
fn without_the_live_verdict_a_wrong_digit_waits_for_check() {
    let s = playing()
        .reduce(Action::Play(PlayAction::Select(1)))
        .reduce(Action::Play(PlayAction::Type(3)));
    assert_eq!(s.play.board.digit(1), 3);
    assert_eq!(s.verdict_grid().get(1), 0, "the verdict is the puzzle's");
    assert_eq!(s.solver.phase, Phase::Settled, "nothing to ask again");
    assert_eq!(s.status(), "Unique solution");
    // Editing the puzzle is setting it: the verdict follows every digit again.
    let edited = s.clone().reduce(Action::Game(GameAction::EditPuzzle));
    assert_eq!(edited.verdict_grid().get(1), 3);
    assert_eq!(edited.solver.phase, Phase::Waiting { slow: false });
}

#[test]
fn a_hint_takes_the_puzzles_solution_only_from_an_answer_about_its_givens() {
    let s = playing()
        .reduce(Action::Play(PlayAction::Select(1)))
        .reduce(Action::Play(PlayAction::Type(3)));
    assert_eq!(
        s.puzzle_solution(),
        Some(&[5; 81][..]),
        "the givens' verdict"
    );
    // With the live verdict the answer is about the player's digits too: no proof of the
    // puzzle's.
    let mut live = s.settings;
    live.live_verdict = true;
    let s = s.reduce(Action::Settings(live));
    let answer = done(&s, Answer::Unique(vec![5; 81]), 1);
    assert_eq!(s.reduce(answer).puzzle_solution(), None);
}

#[test]
fn the_live_verdict_tells_a_wrong_digit_at_once_and_counts_each_one_told() {
    let mut live = playing().settings;
    live.live_verdict = true;
    let none = |s: Rc<State>| {
        let answer = done(&s, Answer::NoSolution, 1);
        s.reduce(answer)
    };
    let one = |s: Rc<State>| {
        let answer = done(&s, Answer::Unique(vec![5; 81]), 1);
        s.reduce(answer)
    };
    let s = playing()
        .reduce(Action::Play(PlayAction::Select(1)))
        .reduce(Action::Play(PlayAction::Type(3)));
    // Turned on, the digit already there is asked about.
    let s = s.reduce(Action::Settings(live));
    assert_eq!(s.solver.phase, Phase::Waiting { slow: false });
    let s = none(s);
    assert_eq!((s.status().as_str(), s.game.told), ("No solution", 1));
    // Still no solution after another digit: the same news, not told again.
    let s = none(
        s.reduce(Action::Play(PlayAction::Select(2)))
            .reduce(Action::Play(PlayAction::Type(4))),
    );
    assert_eq!(s.game.told, 1);
    // Taken out, then typed again: told again.
    let s = one(s.reduce(Action::Play(PlayAction::Erase)));
    let s = none(s.reduce(Action::Play(PlayAction::Type(4))));
    assert_eq!(s.game.told, 2);
    // A digit that breaks a rule is a slip the board shows anyway: no help counted.
    let s = one(s.reduce(Action::Play(PlayAction::Erase)));
    let s = none(
        s.reduce(Action::Play(PlayAction::Select(3)))
            .reduce(Action::Play(PlayAction::Type(5))),
    );
    assert!(s.status().starts_with("Two 5s"), "{}", s.status());
    assert_eq!(s.game.told, 2);
}

#[test]
fn a_finished_board_says_solved() {
    // A solution by pattern, its last cell left to type.
    let solution: Vec<u8> = (0..81)
        .map(|c| ((c / 9 * 3 + c / 27 + c % 9) % 9 + 1) as u8)
        .collect();
    let mut givens = solution.clone();
    givens[80] = 0;
    let grid = Grid::from_cells(Shape::NINE, givens).unwrap();
    let s = Rc::new(State::new(Board::from_puzzle(&grid), Mode::Solving))
        .reduce(Action::Play(PlayAction::Select(80)))
        .reduce(Action::Play(PlayAction::Type(solution[80])));
    assert!(s.play.timer.finished);
    assert_eq!(s.status(), "Solved");
}
