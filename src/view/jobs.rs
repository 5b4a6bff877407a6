//! What the page asks its workers, one hook for each worker's concern: each builds its
//! jobs from the state, asks, and tells the state it waits for the answer, so that `App`
//! only puts them together.

use gloo_timers::callback::Timeout;
use yew::prelude::*;

use super::hooks::{ToMake, Worker};
use super::maker;
use crate::protocol::{Hint, Job, Seed, Ticket, Wanted};
use crate::state::{
    Action, LessonAction, MakerAction, Mode, PageAction, Phase, SolverAction, State, HINT_STAGES,
};
use crate::storage;

/// How long an answer may take before the status says "Solving…".
const SLOW_MS: u32 = 150;

/// The most searches true candidates take: one for each digit of a 9x9 that no solution
/// found so far holds, and more than a 16x16's empty grid needs (its solutions hold most
/// digits at once). Any change of board stops them sooner.
const TRUE_CANDIDATE_SEARCHES: u32 = 4096;

/// Asks `worker` for `job` about the current board; once it is asked, the state hears
/// `asked` and waits for the answer.
fn ask(state: &UseReducerHandle<State>, worker: &Worker, job: Job, asked: Action) {
    // The logical solver knows no chaos regions: it would reason by rows and columns alone.
    let reasons = matches!(
        job,
        Job::Hint { .. } | Job::Path { .. } | Job::TrueCandidates { .. }
    );
    if reasons && state.play.board.chaos().is_some() {
        let why =
            "Hints, steps and true candidates do not find a chaos construction's regions yet.";
        state.dispatch(Action::Page(PageAction::Notice(Some(why.into()))));
        return;
    }
    if worker.ask(state.ticket(), job) {
        state.dispatch(asked);
    }
}

/// A button's callback that asks `worker` for the job `job` makes of the state, and tells
/// the state `asked`.
fn asking(
    state: &UseReducerHandle<State>,
    worker: &Worker,
    job: fn(&State) -> Job,
    asked: fn() -> Action,
) -> Callback<()> {
    let (state, worker) = (state.clone(), worker.clone());
    Callback::from(move |()| ask(&state, &worker, job(&state), asked()))
}

/// The exact solver's jobs: the verdict asked at every change of the board (the status
/// says "Solving…" only if it is slow), and Count.
#[hook]
pub fn use_solver_jobs(state: &UseReducerHandle<State>, solver: &Worker) -> Callback<()> {
    {
        let (state, solver) = (state.clone(), solver.clone());
        use_effect_with(state.play.revision, move |&revision| {
            let mut timer = None;
            if revision > 0 && state.solver.phase == (Phase::Waiting { slow: false }) {
                let board = &state.play.board;
                let job = Job::Solve {
                    puzzle: board.puzzle_of(state.verdict_grid()),
                    chaos: board.chaos().cloned(),
                };
                solver.ask(state.ticket(), job);
                let dispatch = state.dispatcher();
                timer = Some(Timeout::new(SLOW_MS, move || {
                    dispatch.dispatch(Action::Solver(SolverAction::Slow(revision)))
                }));
            }
            move || drop(timer)
        });
    }
    let (state, solver) = (state.clone(), solver.clone());
    Callback::from(move |()| {
        if let Some(error) = &state.solver.limit_error {
            state.dispatch(Action::Page(PageAction::Notice(Some(error.clone()))));
            return;
        }
        let board = &state.play.board;
        let job = Job::Count {
            puzzle: board.puzzle_of(board.grid()),
            limit: state.solver.count_limit,
            chaos: board.chaos().cloned(),
        };
        ask(
            &state,
            &solver,
            job,
            Action::Solver(SolverAction::CountStarted),
        );
    })
}

/// The logic worker's buttons.
pub struct LessonJobs {
    pub on_hint: Callback<()>,
    pub on_check: Callback<()>,
    pub on_path: Callback<()>,
    pub on_truth: Callback<()>,
}

/// The logic worker's jobs: a hint (or more of the one shown), Check, the step list and
/// true candidates, each asked by a button; and, unasked, the rating of a finished puzzle
/// this app did not make, and a proof ahead for each puzzle opened to be solved with the
/// live verdict on. Every
/// change of the board cancels what was being worked out for the old one.
#[hook]
pub fn use_lesson_jobs(state: &UseReducerHandle<State>, logic: &Worker) -> LessonJobs {
    {
        // The scheduler may let the browser in between drawing a change of the board and
        // running this, so a Hint may have been asked about the new board already: that
        // goes on, as does a proof ahead (below), which is about the puzzle.
        let (logic, ticket) = (logic.clone(), state.ticket());
        use_effect_with(state.play.revision, move |_| logic.stop_stale(ticket));
    }
    // A proof ahead: as a puzzle opens to be solved with the live verdict on, the logic
    // worker proves that it has one solution and keeps the proof, so that a first hint
    // need not wait for it (a hint waits for it half its time at most). Without the live
    // verdict, the solver's verdict is about the givens, and a hint carries its solution
    // (`State::puzzle_solution`).
    {
        let (state, logic) = (state.clone(), logic.clone());
        let board = &state.play.board;
        let live = state.settings.live_verdict;
        let solving = state.play.mode == Mode::Solving
            && board.has_puzzle()
            && live
            && board.chaos().is_none();
        // The puzzle by its givens and rules' payload, which every render compares; the
        // puzzle itself is built only when they change.
        let opened = solving.then(|| (board.puzzle(), board.variant().map(|v| v.payload.clone())));
        use_effect_with(opened, move |opened| {
            if let Some((givens, _)) = opened {
                let puzzle = state.play.board.puzzle_of(givens.clone());
                logic.ask(state.ticket(), Job::Prove { puzzle });
            }
        });
    }
    // After the effects above, which stop the logic worker at every change.
    {
        let (state, logic) = (state.clone(), logic.clone());
        let game = &state.game;
        // A chaos construction is not rated: the logical solver knows no chaos regions.
        let due = state.play.timer.finished
            && game.origin.is_none()
            && game.rated.is_none()
            && state.play.board.chaos().is_none();
        use_effect_with((due, state.play.revision), move |&(due, _)| {
            if due && !state.lesson.thinking {
                let board = &state.play.board;
                let job = Job::Path {
                    puzzle: board.puzzle_of(board.puzzle()),
                };
                ask(
                    &state,
                    &logic,
                    job,
                    Action::Lesson(LessonAction::AskedRating),
                );
            }
        });
    }
    let on_hint = {
        let (state, logic) = (state.clone(), logic.clone());
        Callback::from(move |()| match &state.lesson.hint {
            Some((Hint::Step(_), stage)) if *stage < HINT_STAGES => {
                state.dispatch(Action::Lesson(LessonAction::HintMore))
            }
            _ => {
                let board = &state.play.board;
                let job = Job::Hint {
                    puzzle: board.puzzle_of(board.puzzle()),
                    cells: board.cells().to_vec(),
                    removed: board.ruled_out(),
                    solution: state.puzzle_solution().map(<[u8]>::to_vec),
                };
                ask(&state, &logic, job, Action::Lesson(LessonAction::AskedHint));
            }
        })
    };
    // The live verdict told of a digit that leaves no solution: the digits are checked,
    // as Check does, so that the board marks the one at fault.
    {
        let (state, logic) = (state.clone(), logic.clone());
        let told = state.solver.tells_wrong_digit(&state.play, &state.settings);
        use_effect_with((told, state.play.revision), move |&(told, _)| {
            if told {
                let job = check(&state, false);
                let asked = Action::Lesson(LessonAction::AskedVerdictCells);
                ask(&state, &logic, job, asked);
            }
        });
    }
    let on_check = asking(
        state,
        logic,
        |state| check(state, state.settings.check_marks),
        || Action::Lesson(LessonAction::AskedCheck),
    );
    let on_path = asking(
        state,
        logic,
        |state| Job::Path {
            puzzle: state.play.board.puzzle_of(state.play.board.puzzle()),
        },
        || Action::Lesson(LessonAction::AskedPath),
    );
    let on_truth = asking(
        state,
        logic,
        |state| Job::TrueCandidates {
            puzzle: state.play.board.puzzle_of(state.play.board.grid()),
            searches: TRUE_CANDIDATE_SEARCHES,
        },
        || Action::Lesson(LessonAction::AskedTrueCandidates),
    );
    LessonJobs {
        on_hint,
        on_check,
        on_path,
        on_truth,
    }
}

/// Check of the player's digits, and of the centre marks if `marks`.
fn check(state: &State, marks: bool) -> Job {
    let board = &state.play.board;
    Job::Check {
        puzzle: board.puzzle_of(board.puzzle()),
        cells: board.cells().to_vec(),
        removed: match marks {
            true => board.ruled_out(),
            false => Vec::new(),
        },
        chaos: board.chaos().cloned(),
        regions: match board.chaos() {
            Some(_) => board.regions(),
            None => Vec::new(),
        },
    }
}

/// Stop ends what is running: a hint or the step list, else a solve or count.
pub fn stopping(state: &UseReducerHandle<State>, solver: &Worker, logic: &Worker) -> Callback<()> {
    let (state, solver, logic) = (state.clone(), solver.clone(), logic.clone());
    Callback::from(move |()| {
        if state.lesson.thinking {
            logic.stop();
            state.dispatch(Action::Lesson(LessonAction::Stopped));
        } else {
            solver.stop();
            state.dispatch(Action::Solver(SolverAction::Stopped));
        }
    })
}

/// The new-puzzle worker's buttons: make a puzzle, and stop making it.
pub struct MakerJobs {
    pub on_make: Callback<(Wanted, Seed)>,
    pub on_stop: Callback<()>,
}

/// How long after the page opens, a puzzle is made or the kind changes the board has
/// settled, so that work nobody waits for may start (once the page is idle too): the
/// next puzzle made ahead, the logic's worker.
const SETTLED_AFTER_MS: u32 = 1000;

/// Runs `then` once the board has settled ([`SETTLED_AFTER_MS`]) and the page is idle, for
/// work nobody waits for; dropping the timer cancels it.
pub fn after_settling(then: impl FnOnce() + 'static) -> Timeout {
    Timeout::new(SETTLED_AFTER_MS, move || when_idle(then))
}

/// The new-puzzle worker's jobs (it starts with the first): a puzzle asked for, and what
/// the address leaves to make (on a first visit today's Easy puzzle, or a made puzzle's
/// short link's), asked once the board it replaces is in place (the answer must be for
/// that board's ticket). Beside it, `ahead` (a worker of its own, so that it never slows
/// a keypress's verdict, a hint or a puzzle asked for) makes the next puzzle of the kind
/// last asked for once the page is idle (`requestIdleCallback`, where the browser has it),
/// and New puzzle with that choice opens it at once.
#[hook]
pub fn use_maker_jobs(
    state: &UseReducerHandle<State>,
    maker: &Worker,
    ahead: &Worker,
    to_make: ToMake,
) -> MakerJobs {
    {
        let (state, ahead) = (state.clone(), ahead.clone());
        use_effect_with(state.maker.to_make_ahead(), move |&wanted| {
            let timer = wanted.map(|wanted| {
                after_settling(move || {
                    let seed = maker::random();
                    // About no board: the answer is kept whatever the board shows.
                    if ahead.ask(Ticket::default(), Job::Generate { wanted, seed }) {
                        state.dispatch(Action::Maker(MakerAction::AheadAsked(wanted, seed)));
                    }
                })
            });
            move || drop(timer)
        });
    }
    {
        let (state, maker) = (state.clone(), maker.clone());
        use_effect_with(to_make, move |&to_make| {
            let (wanted, seed) = match to_make {
                ToMake::Nothing => return,
                ToMake::Today => (Wanted::default(), maker::today()),
                ToMake::Linked(wanted, seed) => (wanted, seed),
            };
            state.dispatch(Action::Maker(MakerAction::Greet));
            make(&maker, &state, wanted, seed);
        });
    }
    {
        let ahead = state.maker.ahead.clone();
        use_effect_with(ahead, |ahead| storage::save_ahead(ahead.as_ref()));
    }
    let on_make = {
        let (state, maker) = (state.clone(), maker.clone());
        Callback::from(move |(wanted, seed): (Wanted, Seed)| {
            let made_ahead = state
                .maker
                .ahead
                .as_ref()
                .is_some_and(|a| a.ready_for(wanted));
            match seed {
                Seed::Random(_) if made_ahead => {
                    state.dispatch(Action::Maker(MakerAction::TakeAhead))
                }
                _ => make(&maker, &state, wanted, seed),
            }
        })
    };
    let (state, maker) = (state.clone(), maker.clone());
    let on_stop = Callback::from(move |()| {
        maker.stop();
        state.dispatch(Action::Maker(MakerAction::Stopped));
    });
    MakerJobs { on_make, on_stop }
}

/// Runs `then` once the page is idle, or at once where the browser cannot say (Safari has
/// no `requestIdleCallback`).
fn when_idle(then: impl FnOnce() + 'static) {
    use wasm_bindgen::closure::Closure;
    use wasm_bindgen::JsCast;
    let then = std::rc::Rc::new(std::cell::Cell::new(Some(then)));
    let later = then.clone();
    let idle = Closure::once_into_js(move || {
        if let Some(f) = later.take() {
            f();
        }
    });
    let asked = web_sys::window().map(|w| w.request_idle_callback(idle.unchecked_ref()));
    if !matches!(asked, Some(Ok(_))) {
        if let Some(f) = then.take() {
            f();
        }
    }
}

/// Asks the new-puzzle worker (started with the first request) for `wanted` from `seed`.
fn make(maker: &Worker, state: &UseReducerHandle<State>, wanted: Wanted, seed: Seed) {
    let job = Job::Generate { wanted, seed };
    ask(
        state,
        maker,
        job,
        Action::Maker(MakerAction::Asked(wanted, seed)),
    );
}
