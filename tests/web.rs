//! In headless Chromium (wasm-bindgen-test): the worker protocol through the browser's own
//! structured values, the worker's answers, and the page's components in a real DOM.
#![cfg(target_arch = "wasm32")]

use std::time::Duration;

use sudoku_engine::rules::{Killer, Rule};
use sudoku_engine::{Grid, HouseKind, Houses, Puzzle, Shape};
use sudoku_web::protocol::{
    decode, decode_order, encode, Answer, Job, MadeView, Message, Order, Seed, Ticket, Wanted,
    BUILD,
};
use sudoku_web::worker::{answer, refused};
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;
use web_sys::{HtmlElement, KeyboardEvent, KeyboardEventInit};

/// A clock that never moves: no job here runs out of time.
fn stopped() -> f64 {
    0.0
}

wasm_bindgen_test_configure!(run_in_browser);

const SEED: &str =
    "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";
const SEED_SOLUTION: &str =
    "812753649943682175675491283154237896369845721287169534521974368438526917796318452";

/// The digits of a one-line puzzle; letters from A stand for 10 on.
fn cells(line: &str) -> Vec<u8> {
    line.chars()
        .map(|c| c.to_digit(36).unwrap_or(0) as u8)
        .collect()
}

/// A one-line puzzle as the classic puzzle the page sends.
fn puzzle(line: &str) -> Puzzle {
    let shape = Shape::for_cell_count(line.len()).unwrap();
    Puzzle::classic(Grid::from_cells(shape, cells(line)).unwrap())
}

fn empty(side: usize) -> Puzzle {
    Puzzle::classic(Grid::empty(Shape::for_side(side).unwrap()))
}

#[wasm_bindgen_test]
fn messages_survive_the_trip_through_bytes() {
    let ticket = Ticket {
        revision: 12,
        side: 9,
    };
    let request = Order {
        id: 7,
        ticket,
        job: Job::Count {
            puzzle: puzzle(SEED),
            limit: 1 << 40,
            chaos: None,
        },
    };
    assert_eq!(decode_order(&encode(&request).unwrap()).unwrap(), request);
    let done = Message::Done {
        id: 7,
        ticket,
        answer: Answer::Counted {
            count: 123_456_789,
            complete: false,
        },
        micros: 42,
    };
    assert_eq!(decode::<Message>(&encode(&done).unwrap()).unwrap(), done);
}

#[wasm_bindgen_test]
fn ready_carries_this_builds_id_and_large_counts_cross_whole() {
    let ready = Message::Ready {
        build: BUILD.into(),
    };
    assert_eq!(decode::<Message>(&encode(&ready).unwrap()).unwrap(), ready);
    assert_eq!(BUILD.len(), 16);
    // Bytes hold every u64, past the 2^53 that a JS number holds exactly.
    let large = Order {
        id: 1,
        ticket: Ticket::default(),
        job: Job::Count {
            puzzle: empty(9),
            limit: 1 << 53,
            chaos: None,
        },
    };
    assert_eq!(decode_order(&encode(&large).unwrap()).unwrap(), large);
}

#[wasm_bindgen_test]
fn a_hint_job_for_a_board_of_another_size_than_its_puzzle_is_refused() {
    // This panicked in the worker: the solution was read for cells the puzzle lacks.
    let answered = answer(
        Job::Hint {
            puzzle: puzzle(SEED),
            cells: vec![0; 256],
            removed: vec![],
            solution: None,
        },
        &stopped,
        &mut |_| {},
    );
    assert_eq!(
        answered,
        Answer::Invalid("the board does not fit the puzzle's grid".into())
    );
}

#[wasm_bindgen_test]
fn check_names_the_wrong_digits_and_nothing_else() {
    let mut board = cells(SEED);
    board[1] = cells(SEED_SOLUTION)[1];
    board[2] = if SEED_SOLUTION.as_bytes()[2] == b'9' {
        8
    } else {
        9
    };
    let answered = answer(
        Job::Check {
            puzzle: puzzle(SEED),
            cells: board.clone(),
            removed: vec![],
            chaos: None,
            regions: vec![],
        },
        &stopped,
        &mut |_| {},
    );
    assert_eq!(
        answered,
        Answer::Checked {
            digits: vec![2],
            marks: vec![],
            regions: vec![],
        }
    );
    // With marks: a cell whose centre marks rule out its digit, and one whose do not.
    let solution = cells(SEED_SOLUTION);
    let mut removed = vec![0; 81];
    removed[3] = 1 << (solution[3] - 1);
    removed[4] = !(1 << (solution[4] - 1)) & 0x1ff;
    let answered = answer(
        Job::Check {
            puzzle: puzzle(SEED),
            cells: board,
            removed,
            chaos: None,
            regions: vec![],
        },
        &stopped,
        &mut |_| {},
    );
    assert_eq!(
        answered,
        Answer::Checked {
            digits: vec![2],
            marks: vec![3],
            regions: vec![],
        }
    );
}

#[wasm_bindgen_test]
fn a_proof_ahead_answers_as_a_solve_does() {
    let mut progress = |_| panic!("a proof reports no progress");
    let mut prove = |puzzle| answer(Job::Prove { puzzle }, &stopped, &mut progress);
    assert_eq!(prove(puzzle(SEED)), Answer::Unique(cells(SEED_SOLUTION)));
    assert!(matches!(prove(empty(9)), Answer::Multiple(..)));
}

#[wasm_bindgen_test]
fn the_worker_answers_solve_and_count_jobs() {
    let mut progress = |_| panic!("a solve reports no progress");
    assert_eq!(
        answer(
            Job::Solve {
                puzzle: puzzle(SEED),
                chaos: None,
            },
            &stopped,
            &mut progress
        ),
        Answer::Unique(cells(SEED_SOLUTION))
    );
    let mut conflict = cells(SEED);
    conflict[1] = 8;
    let conflict = Puzzle::classic(Grid::from_cells(Shape::NINE, conflict).unwrap());
    assert_eq!(
        answer(
            Job::Solve {
                puzzle: conflict,
                chaos: None
            },
            &stopped,
            &mut progress
        ),
        Answer::Conflict("r1c1 and r1c2 are both 8".into())
    );

    let mut reports = Vec::new();
    let counted = answer(
        Job::Count {
            puzzle: empty(9),
            limit: 20_000,
            chaos: None,
        },
        &stopped,
        &mut |n| reports.push(n),
    );
    assert_eq!(
        counted,
        Answer::Counted {
            count: 20_000,
            complete: true
        }
    );
    assert!(
        !reports.is_empty() && reports.windows(2).all(|w| w[0] < w[1]),
        "{reports:?}"
    );
    assert_eq!(
        answer(
            Job::Count {
                puzzle: empty(4),
                limit: 1000,
                chaos: None,
            },
            &stopped,
            &mut |_| {}
        ),
        Answer::Counted {
            count: 288,
            complete: true
        }
    );
}

#[wasm_bindgen_test]
fn a_variant_puzzle_crosses_to_the_worker_whole() {
    // A 4x4 with a killer cage: its houses and rule must reach the worker, which counts
    // what the engine counts for the puzzle itself.
    let shape = Shape::for_side(4).unwrap();
    let cage = vec![0, 1];
    let houses = Houses::standard(shape).with_extra(HouseKind::Cage, cage.clone());
    let rules = vec![Rule::Killer(Killer::new(cage, Some(3), 4))];
    let puzzle = Puzzle::new(Grid::empty(shape), houses, rules);
    let job = Job::Count {
        puzzle: puzzle.clone(),
        limit: 1000,
        chaos: None,
    };
    let arrived = decode::<Job>(&encode(&job).unwrap()).unwrap();
    assert_eq!(arrived, job);
    let counted = sudoku_engine::count(&puzzle, 1000, &mut sudoku_engine::Budget::unlimited());
    assert!(counted.count < 288);
    assert_eq!(
        answer(arrived, &stopped, &mut |_| {}),
        Answer::Counted {
            count: counted.count,
            complete: true
        }
    );
}

#[wasm_bindgen_test]
fn a_request_that_does_not_decode_is_refused_for_its_board() {
    // A Solve order (job 0) whose puzzle's numbers are `givens` empty cells, no houses
    // listed, then the rules, and no chaos construction (0): the bytes the page would
    // post, had it such a puzzle.
    let request = |givens: u32, rules: &[u32]| {
        let mut words = vec![givens];
        words.extend(std::iter::repeat_n(0, givens as usize));
        words.push(0);
        words.extend(rules);
        encode(&(
            4u32,
            Ticket {
                revision: 9,
                side: 9,
            },
            0u32,
            words,
            0u8,
        ))
        .unwrap()
    };
    let ticket = Ticket {
        revision: 9,
        side: 9,
    };
    for (bytes, fault) in [
        (
            request(81, &[1, 5, 2, 80, 81, 1, 0]),
            "rule 1 is off the grid",
        ),
        (request(80, &[0]), "80 cells make no grid"),
    ] {
        let why = decode_order(&bytes).unwrap_err();
        assert!(why.contains(fault), "{why}");
        assert_eq!(
            refused(&bytes, &why),
            Some(Message::Done {
                id: 4,
                ticket,
                answer: Answer::Invalid(why.clone()),
                micros: 0,
            })
        );
    }
    assert!(refused(&[], "no request").is_none());
    assert!(decode_order(&request(81, &[0])).is_ok());
}

async fn settle() {
    gloo_timers::future::sleep(Duration::from_millis(30)).await;
}

fn press(target: &HtmlElement, key: &str) {
    let init = KeyboardEventInit::new();
    init.set_key(key);
    init.set_bubbles(true);
    target
        .dispatch_event(
            &KeyboardEvent::new_with_keyboard_event_init_dict("keydown", &init).unwrap(),
        )
        .unwrap();
}

#[wasm_bindgen_test]
async fn the_board_is_an_aria_grid_that_types_and_names_conflicts() {
    let document = web_sys::window().unwrap().document().unwrap();
    web_sys::window()
        .unwrap()
        .local_storage()
        .unwrap()
        .unwrap()
        .clear()
        .unwrap();
    // An empty board to enter a puzzle on, by link: a first visit would open today's.
    let empty = format!("#p={}", ".".repeat(81));
    let history = web_sys::window().unwrap().history().unwrap();
    history
        .replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(&empty))
        .unwrap();
    let root = document.create_element("div").unwrap();
    document.body().unwrap().append_child(&root).unwrap();
    yew::Renderer::<sudoku_web::view::App>::with_root(root.clone()).render();
    settle().await;

    let grid: HtmlElement = root
        .query_selector("[role=grid]")
        .unwrap()
        .expect("a grid")
        .dyn_into()
        .unwrap();
    assert_eq!(
        root.query_selector_all("[role=gridcell]").unwrap().length(),
        81
    );
    assert_eq!(root.query_selector_all("[role=row]").unwrap().length(), 9);
    let cell = |i: usize| root.query_selector(&format!("#cell-{i}")).unwrap().unwrap();
    assert_eq!(cell(0).get_attribute("aria-label").unwrap(), "r1c1, empty");

    press(&grid, "5");
    settle().await;
    assert_eq!(cell(0).text_content().unwrap(), "5");
    assert_eq!(
        cell(0).get_attribute("aria-label").unwrap(),
        "r1c1, given 5"
    );
    for _ in 0..6 {
        press(&grid, "ArrowRight");
    }
    press(&grid, "5");
    settle().await;
    assert_eq!(
        grid.get_attribute("aria-activedescendant").unwrap(),
        "cell-6"
    );
    let status = root.query_selector("[role=status]").unwrap().unwrap();
    assert_eq!(
        status.text_content().unwrap(),
        "No solution: two 5s in row 1 (row 1, column 1; row 1, column 7)"
    );
    assert!(cell(6).class_list().contains("conflict"));
    press(&grid, "Backspace");
    settle().await;
    assert!(!cell(0).class_list().contains("conflict"));
    assert_eq!(cell(6).text_content().unwrap(), "");
    root.remove();
}

/// `sudoku generate --variant thermo --level easy --seed 5` natively: the worker's wasm
/// makes the very same variant, whose f-puzzles document links the same, so a made
/// variant's short link (`#v=thermo.easy.5`) opens the same puzzle everywhere.
#[wasm_bindgen_test]
fn a_seed_makes_the_same_variant_in_wasm_as_natively() {
    use sudoku_engine::generate::variant::Genre;
    let job = Job::Generate {
        wanted: Wanted::variant(Genre::Thermo, Some(0)),
        seed: Seed::Random(5),
    };
    let document = match answer(job, &stopped, &mut |_| {}) {
        Answer::Generated(MadeView {
            document: Some(document),
            level,
            ..
        }) => {
            assert_eq!(level, "Easy");
            document
        }
        other => panic!("no variant: {other:?}"),
    };
    // The page's payload is now the made puzzle's own link (`made…`); it reads as the very
    // puzzle whose f-puzzles link the native command made before that form existed.
    let made = sudoku_links::read(&document).expect("the made puzzle's link reads");
    let native = sudoku_links::read(
        "https://www.f-puzzles.com/?load=N4Ig5gTglgJiBcBtRwC+AaNmNdz/2AuuigaGFAG4CmAdggC4QCu16IlAhgDasIAsZcFTqMWbDjz7wAHGXnFS2ZXhXCa9eE1bsuvaggBMOdaK3jdUg/ACs+RatynN2iXul2V8oiScUNYjqS+gLejib+Zq6WIfAAjPa+YUKRLhbB0glePkrkImlB7tbGmM6BblYInuHZaA7JpanlMdIA7Cn5zRnWAGwKSbUNeITEICzc1ADO1AwIIAByAPYQALY8AAQAyswwiwDWzOvjU+ucAA5n3ACeAHTrAILci7Rg69ScAMYAFusMX9SrRYrGYA37/dYwKAUBiTI5QabrABmECBYOo6wARsxuBj4G9Pj94etuJwIGBQX9OLQ0etnuiMdREct0VAGDcQOxJlAAF7WACc7D+AJWQJBEAQKBA3CgtCmEsQIAASq0AMJ8jlKnoqmQaxVa9XsRU2NUgEYmaWyybypWqwy61UAZl1Wrthq1TrNpQtcqQCsVcRVcV1hkDuodKtdSvDQc9oG9Vt9UZVrWDybDKp66ZsqezhpD/FNhHNMp9yCVfIzuorufLKoLsalJYTZb1KpryrbupkncN3czDfj1sVFZTvbThtVo5t2sLxctQ+N7eNmcN/Erq87ZtGDFZEzmABV/oD0OsAKKcSZXECoIA==",
    )
    .expect("the native link reads");
    assert_eq!(made.puzzle.givens(), native.puzzle.givens());
    let rules = |puzzle: &sudoku_engine::Puzzle| {
        let mut rules: Vec<String> = puzzle.rules().iter().map(|r| format!("{r:?}")).collect();
        rules.sort();
        rules
    };
    assert_eq!(rules(&made.puzzle), rules(&native.puzzle));
}

/// The same seeds as `sudoku generate --seed 5`, `sudoku generate --seed 5 --size 6x6
/// --symmetry 90` and `sudoku generate --seed 5 --size 12x12 --level hard` natively: the
/// worker's wasm makes the very same puzzles, eased to a level too.
#[wasm_bindgen_test]
fn a_seed_makes_the_same_puzzle_in_wasm_as_natively() {
    let made = |side, symmetry, level| {
        let job = Job::Generate {
            wanted: Wanted {
                side,
                level,
                symmetry,
                technique: None,
                minimal: false,
                variant: None,
            },
            seed: Seed::Random(5),
        };
        match answer(job, &stopped, &mut |_| {}) {
            Answer::Generated(MadeView { puzzle, .. }) => puzzle,
            other => panic!("no puzzle: {other:?}"),
        }
    };
    assert_eq!(
        made(9, 1, None),
        cells(".4....2.3361...9..5....1....1...56.....8.4.....49...5....3....8..6...1944.5....6.")
    );
    assert_eq!(
        made(6, 2, None),
        cells("...16.3.6...5...4..2...5...5.4.54...")
    );
    assert_eq!(
        made(12, 1, Some(2)),
        cells("6.95C3...........742.35..C.........4C6....A..941..87....A6..9A..126.5..C8..2.67A..B3..1A....94..376..1....A54.........1..3B.8A2...........14B7.8")
    );
}

/// A 4x4 save as serde_json wrote it natively before games were saved (a digit, its undo
/// step, 61 seconds). The browser reads and writes saves with its own JSON: it must read
/// this, and write it back the same with the game that is now saved too (no origin, no
/// help: `storage::NO_GAME`, serde_json's text natively), so saves move between the two
/// freely.
const SAVED_4X4: &str = r#"{"board":{"side":4,"digits":[0,0,0,2,0,0,0,0,0,0,0,0,0,0,0,0],"kinds":["Empty","Empty","Empty","User","Empty","Empty","Empty","Empty","Empty","Empty","Empty","Empty","Empty","Empty","Empty","Empty"],"marks":[{"a":0,"e":0,"c":0},{"a":0,"e":0,"c":0},{"a":0,"e":0,"c":0},{"a":0,"e":0,"c":0},{"a":0,"e":0,"c":0},{"a":0,"e":0,"c":0},{"a":0,"e":0,"c":0},{"a":0,"e":0,"c":0},{"a":0,"e":0,"c":0},{"a":0,"e":0,"c":0},{"a":0,"e":0,"c":0},{"a":0,"e":0,"c":0},{"a":0,"e":0,"c":0},{"a":0,"e":0,"c":0},{"a":0,"e":0,"c":0},{"a":0,"e":0,"c":0}]},"mode":"Solving","history":{"undo":[[[3,{"d":0,"k":"Empty"},{"d":2,"k":"User"}]]],"redo":[]},"timer":{"elapsed_ms":61000,"finished":false}}"#;

#[wasm_bindgen_test]
fn saves_are_the_same_json_in_the_browser_as_natively() {
    use sudoku_web::state::{Game, Mode, Play, Timer};
    use sudoku_web::storage;
    let (board, mode, history, timer) = storage::decode(SAVED_4X4).expect("the browser reads it");
    assert_eq!(
        (board.digit(3), mode, timer),
        (2, Mode::Solving, Timer::from_seconds(61))
    );
    assert!(history.can_undo() && !history.can_redo());
    let mut play = Play::new(board, mode);
    play.history = std::rc::Rc::new(history);
    play.timer = timer;
    storage::save(&play, &Game::default());
    let with_game = format!(
        "{},\"game\":{}}}",
        &SAVED_4X4[..SAVED_4X4.len() - 1],
        storage::NO_GAME
    );
    assert_eq!(
        storage::get("sudoku.current.v1").as_deref(),
        Some(with_game.as_str())
    );
    assert!(storage::decode("{\"board\":").is_none(), "cut short");
}

/// A history with both forms of a step, a change of rules (an object) and a change of
/// cells (a list), as serde_json writes them natively: the browser's JSON reads each by
/// its form, as serde_json does.
#[wasm_bindgen_test]
fn a_saved_history_reads_each_form_of_step_in_the_browser() {
    use sudoku_web::json::from_json;
    use sudoku_web::state::History;
    let cells = r#"[[0,{"d":0,"k":"Empty"},{"d":1,"k":"User"}]]"#;
    let text = format!(
        r#"{{"undo":[{{"before":null,"after":"fpuzzles","cells":{cells}}}],"redo":[{cells}]}}"#
    );
    let read = from_json::<History>(&text).expect("the browser reads both forms");
    assert!(read.can_undo() && read.can_redo());
    assert_eq!(Some(read), serde_json::from_str::<History>(&text).ok());
    assert!(
        from_json::<History>(r#"{"undo":[3],"redo":[]}"#).is_none(),
        "a step neither a list nor an object"
    );
}

/// RGBA pixels of an empty 9x9 grid drawn on paper, `side` pixels wide.
fn empty_grid(side: usize) -> Vec<u8> {
    let (margin, cell) = (side / 10, side * 8 / 10 / 9);
    let mut rgba = vec![255u8; side * side * 4];
    for y in 0..side {
        for x in 0..side {
            let (gx, gy) = (x.wrapping_sub(margin), y.wrapping_sub(margin));
            let inside = gx <= cell * 9 && gy <= cell * 9;
            let thick = |g: usize| if (g / cell).is_multiple_of(3) { 3 } else { 1 };
            if inside && (gx % cell < thick(gx) || gy % cell < thick(gy)) {
                rgba[(y * side + x) * 4..][..3].fill(20);
            }
        }
    }
    rgba
}

#[wasm_bindgen_test]
fn the_worker_reads_an_image_and_says_why_it_cannot() {
    let weights = sudoku_scan::WEIGHTS.to_vec();
    let scan = |side: usize, rgba: Vec<u8>, weights: Vec<u8>| {
        answer(
            Job::Scan {
                width: side as u32,
                height: side as u32,
                rgba,
                weights,
            },
            &stopped,
            &mut |_| {},
        )
    };
    match scan(500, empty_grid(500), weights.clone()) {
        Answer::Scanned(view) => {
            assert_eq!(view.cells, vec![0; 81]);
            assert_eq!(
                view.review.verdict,
                sudoku_web::protocol::ReadVerdict::Several
            );
            assert_eq!(view.image.len(), usize::from(view.image_side).pow(2));
        }
        other => panic!("{other:?}"),
    }
    assert!(
        matches!(scan(500, vec![255; 500 * 500 * 4], weights.clone()), Answer::Unreadable(why) if why.contains("No Sudoku grid"))
    );
    assert!(
        matches!(scan(500, empty_grid(500), weights[..100].to_vec()), Answer::Invalid(why) if why.contains("weights"))
    );
    assert!(
        matches!(scan(500, vec![255; 12], weights), Answer::Invalid(why) if why.contains("size"))
    );
}
