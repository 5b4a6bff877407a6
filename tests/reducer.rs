//! The reducer under random play (a setter's rules and true candidates among it), with
//! the workers' answers arriving late, out of order, for an older revision or for a board
//! of another size. It never panics, and no answer is ever shown on a board it was not
//! computed for. Each answer is made from the board it was asked for, so a stale one shows
//! itself: its solution disagrees with the digits, its hint and path name another ticket
//! or other givens, its true candidates another cell's digit.
#![cfg(not(target_arch = "wasm32"))]

use std::rc::Rc;

use proptest::prelude::*;
use sudoku_engine::{Grid, Shape};
use sudoku_links::setting::Draft;
use sudoku_web::board::{Board, Heading, Kind, Layer};
use sudoku_web::protocol::{Answer, Hint, PathView, Report, StepView, Ticket};
use sudoku_web::state::{
    Action, GameAction, Input, LessonAction, Mode, PageAction, Phase, PlayAction, Preferences,
    SetterAction, SolverAction, State, Timer,
};
use yew::Reducible;

#[derive(Clone, Debug)]
enum Op {
    Select(usize),
    ToggleSelect(usize),
    AddSelect(usize),
    Move(u8),
    Extend(u8),
    Type(u8),
    Mark(bool, u8),
    Erase,
    Input(usize),
    Fill,
    /// The live verdict turned on or off.
    Live(bool),
    Tick(u64),
    Hidden(bool),
    Open(usize, Vec<u8>),
    NewSize(usize),
    ClearAll,
    StartSolving,
    EditPuzzle,
    Reveal,
    ToggleSolution,
    AskHint,
    HintMore,
    ApplyHint,
    AskPath,
    AskCheck,
    ShowStep(usize),
    CloseSteps,
    Count,
    Stop,
    StopLogic,
    Limit(String),
    Slow(u32),
    Undo,
    Redo,
    KeepEditing,
    /// Delivers an answer to the request asked `back` requests ago, in form `form`.
    Answer {
        back: usize,
        form: u8,
    },
    /// Delivers an answer for a made-up ticket: an old revision, or another size.
    Forged {
        revision_back: u32,
        side: usize,
        form: u8,
    },
    Restarted,
    Failed(usize),
    /// A setter's change: a cage over the selection, a thermometer through it, the
    /// diagonal switched, or the first rule removed.
    SetRule(u8),
    AskTruth,
}

#[derive(Clone, Copy, Debug, PartialEq)]
enum Kind2 {
    Solve,
    Count,
    Hint,
    Path,
    Check,
    Truth,
}

/// A request as the App would have sent it: what for, and the board it was about.
#[derive(Clone, Debug)]
struct Asked {
    kind: Kind2,
    ticket: Ticket,
    cells: Vec<u8>,
    givens: Vec<u8>,
}

fn op() -> impl Strategy<Value = Op> {
    prop_oneof![
        4 => (0usize..700).prop_map(Op::Select),
        2 => (0usize..700).prop_map(Op::ToggleSelect),
        2 => (0usize..700).prop_map(Op::AddSelect),
        2 => (0u8..6).prop_map(Op::Move),
        2 => (0u8..6).prop_map(Op::Extend),
        6 => (0u8..26).prop_map(Op::Type),
        3 => (any::<bool>(), 0u8..26).prop_map(|(corner, d)| Op::Mark(corner, d)),
        2 => Just(Op::Erase),
        2 => (0usize..4).prop_map(Op::Input),
        1 => Just(Op::Fill),
        1 => any::<bool>().prop_map(Op::Live),
        2 => (0u64..5000).prop_map(Op::Tick),
        1 => any::<bool>().prop_map(Op::Hidden),
        1 => (0usize..6, prop::collection::vec(0u8..26, 0..625)).prop_map(|(s, c)| Op::Open(s, c)),
        1 => (0usize..6).prop_map(Op::NewSize),
        1 => Just(Op::ClearAll),
        2 => Just(Op::StartSolving),
        1 => Just(Op::EditPuzzle),
        2 => Just(Op::Reveal),
        1 => Just(Op::ToggleSolution),
        3 => Just(Op::AskHint),
        2 => Just(Op::HintMore),
        2 => Just(Op::ApplyHint),
        3 => Just(Op::AskPath),
        2 => Just(Op::AskCheck),
        2 => (0usize..90).prop_map(Op::ShowStep),
        1 => Just(Op::CloseSteps),
        1 => Just(Op::Count),
        1 => Just(Op::Stop),
        1 => Just(Op::StopLogic),
        1 => prop_oneof![Just("0".to_string()), Just("12".to_string()), Just("9007199254740992".to_string()), Just("x".to_string())].prop_map(Op::Limit),
        1 => (0u32..4).prop_map(Op::Slow),
        3 => Just(Op::Undo),
        2 => Just(Op::Redo),
        1 => Just(Op::KeepEditing),
        10 => (0usize..6, 0u8..5).prop_map(|(back, form)| Op::Answer { back, form }),
        3 => (0u32..4, 0usize..6, 0u8..4).prop_map(|(r, side, form)| Op::Forged { revision_back: r, side, form }),
        1 => Just(Op::Restarted),
        1 => (0usize..3).prop_map(Op::Failed),
        3 => (0u8..4).prop_map(Op::SetRule),
        2 => Just(Op::AskTruth),
    ]
}

/// A solution made from the asked board: its digits where it had them, else 1. Shown on a
/// board with other digits, it disagrees with one of them.
fn solution_for(asked: &Asked, n: usize) -> Vec<u8> {
    asked
        .cells
        .iter()
        .map(|&d| if d == 0 { 1 } else { d.min(n as u8) })
        .collect()
}

fn step_for(asked: &Asked, at: usize) -> StepView {
    let cells = asked.cells.len();
    StepView {
        technique: "Test".into(),
        placements: vec![(at % cells, 1), (cells + 3, 2)],
        eliminations: vec![((at * 7) % cells, 2), (at % cells, 0), (cells, 1)],
        houses: vec![("row 1".into(), vec![0, 1, cells + 5])],
        second: vec![at % cells, cells + 4],
        cells: vec![at % cells, cells + 1],
        candidates: vec![(0, 1)],
        links: vec![((0, 1), (cells + 2, 30), true)],
        rules: vec![at, cells],
        explanation: format!("for {:?}", asked.ticket),
    }
}

fn answer_for(asked: &Asked, form: u8) -> Answer {
    let n = Shape::for_cell_count(asked.cells.len()).map_or(9, |s| s.n());
    match asked.kind {
        Kind2::Solve => match form {
            0 | 1 => Answer::Unique(solution_for(asked, n)),
            2 => Answer::Multiple(solution_for(asked, n), solution_for(asked, n)),
            _ => Answer::NoSolution,
        },
        Kind2::Count => Answer::Counted {
            count: form as u64,
            complete: form.is_multiple_of(2),
        },
        Kind2::Hint => match form {
            0 | 1 => Answer::Hint(Hint::Step(Box::new(step_for(asked, form as usize)))),
            2 => Answer::Hint(Hint::Wrong {
                cell: asked.cells.len() + 1,
                digit: 30,
            }),
            3 => Answer::Hint(Hint::Searched {
                cell: asked.cells.len() + 2,
                digit: 30,
            }),
            _ => Answer::Hint(Hint::Stuck),
        },
        // The cells that held a digit when asked, and one off the board; the marks of the
        // cells that were empty.
        Kind2::Check => Answer::Checked {
            digits: (0..=asked.cells.len())
                .filter(|&c| asked.cells.get(c).is_none_or(|&d| d != 0))
                .collect(),
            marks: (0..=asked.cells.len())
                .filter(|&c| asked.cells.get(c).is_none_or(|&d| d == 0))
                .collect(),
            regions: vec![],
        },
        // Each filled cell's own digit, every digit elsewhere.
        Kind2::Truth => Answer::TrueCandidates {
            cells: asked
                .cells
                .iter()
                .map(|&d| if d == 0 { (1 << n) - 1 } else { 1 << (d - 1) })
                .collect(),
            complete: form.is_multiple_of(2),
        },
        Kind2::Path => Answer::Path(PathView {
            steps: (0..form as usize * 3).map(|i| step_for(asked, i)).collect(),
            solved: form == 0,
            out_of_time: form == 1,
            level: format!("{:?}", asked.givens),
            rating: 1.0,
            counts: vec![],
        }),
    }
}

fn ticket_and_cells(s: &State) -> (Ticket, Vec<u8>, Vec<u8>) {
    (
        s.ticket(),
        s.play.board.cells().to_vec(),
        s.play.board.puzzle().cells().to_vec(),
    )
}

/// Everything the page shows of an answer belongs to the board it shows it on.
fn check_shown(s: &State) {
    // What the view reads, read here too: none of it may panic.
    let _ = s.status();
    let at = s.lesson.steps.as_ref().map_or(0, |st| st.at);
    let (digits, marks) = s.snapshot(at);
    assert_eq!(
        (digits.len(), marks.len()),
        (s.play.board.len(), s.play.board.len())
    );
    let selection = &s.play.selection;
    assert!(
        selection.windows(2).all(|w| w[0] < w[1])
            && selection.last().is_some_and(|&c| c < s.play.board.len())
            && s.play.is_selected(s.play.selected),
        "the selection is on the board, in order, with the cursor"
    );
    for cell in 0..s.play.board.len() {
        let _ = s.play.cell_label(
            cell,
            s.play.board.digit(cell),
            s.play.board.kind(cell),
            None,
            false,
            s.play.board.marks(cell),
        );
    }
    if let Some((truth, _)) = &s.lesson.truth {
        assert_eq!(truth.len(), s.play.board.len());
        for (cell, &bits) in truth.iter().enumerate() {
            let d = s.play.board.digit(cell);
            assert!(
                d == 0 || bits == 1 << (d - 1),
                "true candidates shown on a board they were not computed for (cell {cell})"
            );
        }
    }
    if let Some(solution) = s.solution() {
        assert_eq!(solution.len(), s.play.board.len());
        let asked = s.verdict_grid();
        for (cell, &shown) in solution.iter().enumerate() {
            let d = asked.get(cell);
            assert!(
                d == 0 || d == shown,
                "a solution shown on a board it was not computed for (cell {cell})"
            );
        }
    }
    if s.solver.phase == Phase::Settled {
        if let Some(answered) = &s.solver.answer {
            assert_eq!(
                answered.ticket,
                s.ticket(),
                "a settled answer is this board's"
            );
        }
    }
    if let Some((Hint::Step(step), _)) = &s.lesson.hint {
        assert_eq!(step.explanation, format!("for {:?}", s.ticket()));
    }
    if let Some(wrong) = &s.lesson.checked {
        for &cell in &wrong.digits {
            assert!(
                cell < s.play.board.len() && s.play.board.digit(cell) != 0,
                "a check shown on a board it was not computed for"
            );
        }
        for &cell in &wrong.marks {
            assert!(cell < s.play.board.len() && s.play.board.digit(cell) == 0);
        }
    }
    if let Some(steps) = &s.lesson.steps {
        let givens = s.play.board.puzzle().cells().to_vec();
        assert_eq!(steps.givens, givens, "the step list is for these givens");
        assert_eq!(steps.path.level, format!("{givens:?}"));
        assert!(s.path_step().is_none() || steps.at < steps.path.steps.len());
    }
}

fn run(ops: Vec<Op>) {
    let mut s = Rc::new(State::new(Board::empty(Shape::NINE), Mode::Entering));
    let mut asked: Vec<Asked> = Vec::new();
    let ask = |s: &State, kind: Kind2, asked: &mut Vec<Asked>| {
        let (ticket, mut cells, givens) = ticket_and_cells(s);
        // A verdict is asked about what the App asks it about: without the live verdict,
        // a played puzzle's givens alone.
        if kind == Kind2::Solve {
            cells = s.verdict_grid().cells().to_vec();
        }
        asked.push(Asked {
            kind,
            ticket,
            cells,
            givens,
        });
    };
    for op in ops {
        let before = s.play.revision;
        let action = match op {
            Op::Select(c) => Action::Play(PlayAction::Select(c)),
            Op::ToggleSelect(c) => Action::Play(PlayAction::ToggleSelect(c)),
            Op::AddSelect(c) => Action::Play(PlayAction::AddSelect(c)),
            Op::Move(k) => Action::Play(PlayAction::Move(Heading::ALL[k as usize])),
            Op::Extend(k) => Action::Play(PlayAction::Extend(Heading::ALL[k as usize])),
            Op::Type(d) => Action::Play(PlayAction::Type(d)),
            Op::Mark(corner, d) => Action::Play(PlayAction::Mark(
                if corner { Layer::Corner } else { Layer::Centre },
                d,
            )),
            Op::Erase => Action::Play(PlayAction::Erase),
            Op::Input(i) => Action::Play(PlayAction::SetInput(Input::ALL[i])),
            Op::Fill => Action::Play(PlayAction::FillCandidates),
            Op::Live(on) => Action::Settings(Preferences {
                live_verdict: on,
                ..s.settings
            }),
            Op::Tick(ms) => Action::Page(PageAction::Tick(ms)),
            Op::Hidden(hidden) => Action::Page(PageAction::Hidden(hidden)),
            Op::Open(size, cells) => {
                let shape = Shape::ALL[size % Shape::ALL.len()];
                let mut grid = vec![0; shape.cells()];
                for (i, d) in cells.into_iter().enumerate().take(shape.cells()) {
                    grid[i] = if d as usize <= shape.n() { d } else { 0 };
                }
                let grid = Grid::from_cells(shape, grid).expect("digits fit");
                Action::Game(GameAction::Open(
                    Board::from_puzzle(&grid),
                    Timer::default(),
                ))
            }
            Op::NewSize(size) => {
                Action::Game(GameAction::NewSize(Shape::ALL[size % Shape::ALL.len()]))
            }
            Op::ClearAll => Action::Game(GameAction::ClearAll),
            Op::StartSolving => Action::Game(GameAction::StartSolving),
            Op::EditPuzzle => Action::Game(GameAction::EditPuzzle),
            Op::Reveal => Action::Solver(SolverAction::Reveal),
            Op::ToggleSolution => Action::Game(GameAction::ToggleSolution),
            Op::AskHint => {
                ask(&s, Kind2::Hint, &mut asked);
                Action::Lesson(LessonAction::AskedHint)
            }
            Op::HintMore => Action::Lesson(LessonAction::HintMore),
            Op::ApplyHint => Action::Lesson(LessonAction::ApplyHint),
            Op::AskPath => {
                ask(&s, Kind2::Path, &mut asked);
                Action::Lesson(LessonAction::AskedPath)
            }
            Op::AskCheck => {
                ask(&s, Kind2::Check, &mut asked);
                Action::Lesson(LessonAction::AskedCheck)
            }
            Op::ShowStep(i) => Action::Lesson(LessonAction::ShowStep(i)),
            Op::CloseSteps => Action::Lesson(LessonAction::CloseSteps),
            Op::Count => {
                ask(&s, Kind2::Count, &mut asked);
                Action::Solver(SolverAction::CountStarted)
            }
            Op::Stop => Action::Solver(SolverAction::Stopped),
            Op::StopLogic => Action::Lesson(LessonAction::Stopped),
            Op::Limit(text) => Action::Solver(SolverAction::SetLimit(text)),
            Op::Slow(back) => {
                Action::Solver(SolverAction::Slow(s.play.revision.wrapping_sub(back)))
            }
            Op::Undo => Action::Play(PlayAction::Undo),
            Op::Redo => Action::Play(PlayAction::Redo),
            Op::KeepEditing => Action::Game(GameAction::KeepEditing),
            Op::Answer { back, form } => {
                let Some(a) = asked.iter().rev().nth(back % asked.len().max(1)).cloned() else {
                    continue;
                };
                let report = Report::Done {
                    ticket: a.ticket,
                    answer: answer_for(&a, form),
                    micros: 5,
                };
                if form == 3 && a.kind == Kind2::Count {
                    Action::Solver(SolverAction::Report(Report::Progress {
                        ticket: a.ticket,
                        nodes: 99,
                    }))
                } else if matches!(
                    a.kind,
                    Kind2::Hint | Kind2::Path | Kind2::Check | Kind2::Truth
                ) {
                    Action::Lesson(LessonAction::Report(report))
                } else {
                    Action::Solver(SolverAction::Report(report))
                }
            }
            Op::Forged {
                revision_back,
                side,
                form,
            } => {
                let shape = Shape::ALL[side % Shape::ALL.len()];
                let ticket = Ticket {
                    revision: s.play.revision.wrapping_sub(revision_back + 1),
                    side: shape.n() as u8,
                };
                let a = Asked {
                    kind: [Kind2::Solve, Kind2::Count, Kind2::Hint, Kind2::Path][form as usize],
                    ticket,
                    cells: vec![form; shape.cells()],
                    givens: vec![0; shape.cells()],
                };
                let report = Report::Done {
                    ticket,
                    answer: answer_for(&a, form),
                    micros: 5,
                };
                if form >= 2 {
                    Action::Lesson(LessonAction::Report(report))
                } else {
                    Action::Solver(SolverAction::Report(report))
                }
            }
            Op::SetRule(which) => Action::Setter(match which {
                0 => SetterAction::Add(Draft::killer(Some(10))),
                1 => SetterAction::Add(Draft::Line("thermometer")),
                2 => SetterAction::Switch(
                    "diagonal-",
                    s.play
                        .board
                        .variant()
                        .is_none_or(|v| !v.imported.figures.iter().any(|f| f.rule == "diagonal")),
                ),
                _ => match s.play.board.variant() {
                    Some(v) if !v.imported.figures.is_empty() => {
                        SetterAction::Remove(v.imported.figures[0].source)
                    }
                    _ => continue,
                },
            }),
            Op::AskTruth => {
                ask(&s, Kind2::Truth, &mut asked);
                Action::Lesson(LessonAction::AskedTrueCandidates)
            }
            Op::Restarted => Action::Solver(SolverAction::Report(Report::Restarted)),
            Op::Failed(which) => {
                let report = Report::Failed {
                    ticket: asked.last().map(|a| a.ticket),
                    reason: "test".into(),
                };
                if which == 0 {
                    Action::Lesson(LessonAction::Report(report))
                } else {
                    Action::Solver(SolverAction::Report(report))
                }
            }
        };
        // A finished board holds still against every edit key but Clear, and undo.
        let held = s.locked()
            && matches!(
                action,
                Action::Play(PlayAction::Type(_))
                    | Action::Play(PlayAction::Mark(..))
                    | Action::Play(PlayAction::Erase)
                    | Action::Play(PlayAction::FillCandidates)
                    | Action::Solver(SolverAction::Reveal)
                    | Action::Lesson(LessonAction::ApplyHint)
                    | Action::Play(PlayAction::Undo)
                    | Action::Play(PlayAction::Redo)
            );
        let board = s.play.board.clone();
        s = s.reduce(action);
        if held {
            assert_eq!(
                s.play.board, board,
                "a finished board changed before Keep editing"
            );
        }
        // As the App does on every change of the board: ask the solver about it.
        if s.play.revision != before && s.solver.phase == (Phase::Waiting { slow: false }) {
            ask(&s, Kind2::Solve, &mut asked);
        }
        check_shown(&s);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn late_and_foreign_answers_never_show_on_the_wrong_board(ops in prop::collection::vec(op(), 1..60)) {
        run(ops);
    }
}

/// The crash of finding 1: a step list worked out for a 16x16 board arrives after the size
/// changed, and a step is chosen.
#[test]
fn a_step_list_for_another_size_is_dropped() {
    let sixteen = Grid::from_cells(Shape::for_side(16).unwrap(), vec![0; 256]).unwrap();
    let s = Rc::new(State::new(Board::from_puzzle(&sixteen), Mode::Solving));
    let asked = Asked {
        kind: Kind2::Path,
        ticket: s.ticket(),
        cells: vec![0; 256],
        givens: vec![0; 256],
    };
    let s = s
        .reduce(Action::Lesson(LessonAction::AskedPath))
        .reduce(Action::Game(GameAction::NewSize(Shape::NINE)));
    assert!(
        !s.lesson.thinking,
        "a change of board cancels the step list being worked out"
    );
    let s = s
        .reduce(Action::Lesson(LessonAction::Report(Report::Done {
            ticket: asked.ticket,
            answer: answer_for(&asked, 3),
            micros: 1,
        })))
        .reduce(Action::Lesson(LessonAction::ShowStep(5)));
    assert!(s.lesson.steps.is_none());
    check_shown(&s);
}

/// A hint asked before an edit is not shown for the new board, and Apply does nothing.
#[test]
fn a_hint_for_the_board_before_an_edit_is_dropped() {
    let s = Rc::new(State::new(Board::empty(Shape::NINE), Mode::Solving));
    let (ticket, cells, givens) = ticket_and_cells(&s);
    let asked = Asked {
        kind: Kind2::Hint,
        ticket,
        cells,
        givens,
    };
    let s = s
        .reduce(Action::Lesson(LessonAction::AskedHint))
        .reduce(Action::Play(PlayAction::Type(4)));
    let s = s
        .reduce(Action::Lesson(LessonAction::Report(Report::Done {
            ticket,
            answer: answer_for(&asked, 0),
            micros: 1,
        })))
        .reduce(Action::Lesson(LessonAction::ApplyHint));
    assert!(s.lesson.hint.is_none());
    assert_eq!(
        (s.play.board.digit(0), s.play.board.kind(0)),
        (4, Kind::User),
        "only the typed digit"
    );
    assert!(s.play.board.cells()[1..].iter().all(|&d| d == 0));
}
