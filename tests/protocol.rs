//! Natively: the search and logic jobs carry whole puzzles, so every puzzle of the shared
//! variant set (data/variants, CC BY 4.0) must cross to the worker and back unchanged, a classic one
//! must stay classic, and a message whose puzzle is inconsistent must be refused.
#![cfg(not(target_arch = "wasm32"))]

use sudoku_engine::{Grid, Puzzle, Shape};
use sudoku_web::protocol::{
    decode, decode_order, encode, Answer, Hint, Job, Message, Order, Seed, Ticket, Wanted,
};
use sudoku_web::worker::answer;

fn request(job: Job) -> Order {
    Order {
        id: 3,
        ticket: Ticket {
            revision: 5,
            side: 9,
        },
        job,
    }
}

/// A clock that never moves: no job here runs out of time.
fn stopped() -> f64 {
    0.0
}

fn round_trip(request: &Order) -> Order {
    decode_order(&encode(request).unwrap()).unwrap()
}

#[test]
fn every_variant_puzzle_crosses_unchanged() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/data/variants/puzzles.jsonl");
    let text = std::fs::read_to_string(path).unwrap();
    let mut with_rules = 0;
    for line in text.lines() {
        let entry: serde_json::Value = serde_json::from_str(line).unwrap();
        let link = format!("fpuzzles{}", entry["fpuzzles"].as_str().unwrap());
        let puzzle = sudoku_links::read(&link).unwrap().puzzle;
        with_rules += usize::from(!puzzle.rules().is_empty());
        let cells = puzzle.givens().cells().to_vec();
        // The logic jobs carry the whole puzzle too, so hints use its houses and rules.
        let solution = Grid::parse(entry["solution"].as_str().unwrap()).ok();
        let hint = request(Job::Hint {
            puzzle: puzzle.clone(),
            removed: vec![0; cells.len()],
            cells,
            solution: solution.map(|s| s.cells().to_vec()),
        });
        assert_eq!(round_trip(&hint), hint, "{}", entry["title"]);
        let path = request(Job::Path {
            puzzle: puzzle.clone(),
        });
        assert_eq!(round_trip(&path), path, "{}", entry["title"]);
        let sent = request(Job::Count {
            puzzle,
            limit: 2,
            chaos: None,
        });
        assert_eq!(round_trip(&sent), sent, "{}", entry["title"]);
    }
    assert!(with_rules > 80, "only {with_rules} puzzles had rules");
}

#[test]
fn a_classic_puzzle_stays_classic() {
    let grid = Grid::parse(&format!("5{}", ".".repeat(80))).unwrap();
    let sent = request(Job::Solve {
        puzzle: Puzzle::classic(grid),
        chaos: None,
    });
    let Job::Solve { puzzle, .. } = round_trip(&sent).job else {
        panic!("not a solve");
    };
    assert!(puzzle.is_classic() && puzzle.shape() == Shape::NINE);
}

#[test]
fn a_puzzle_whose_parts_disagree_is_refused() {
    // A 4x4 puzzle's numbers: its 16 givens, then `rest` (houses and rules).
    // A Solve order (job 0): its id and board, then its puzzle's numbers, and no chaos
    // construction (0).
    let message = |rest: &[u32]| {
        let mut words = vec![16];
        words.extend([0; 16]);
        words.extend(rest);
        let ticket = Ticket {
            revision: 2,
            side: 4,
        };
        decode_order(&encode(&(1u32, ticket, 0u32, words, 0u8)).unwrap())
    };
    assert!(message(&[0, 0]).is_ok());
    // A thermometer from r4c4 off the grid.
    let off_grid = message(&[0, 1, 5, 2, 15, 16, 1, 0]).unwrap_err();
    assert!(off_grid.contains("rule 1 is off the grid"), "{off_grid}");
    // A row of five cells.
    let too_long = message(&[1, 0, 5, 0, 1, 2, 3, 4, 0]).unwrap_err();
    assert!(
        too_long.contains("house 1 is not a set of cells"),
        "{too_long}"
    );
}

#[test]
fn a_variant_hint_answers_with_the_rules_it_rests_on() {
    // A 4x4 killer: a cage of 3 over r1c1 and r1c2 can only hold 1 and 2.
    let link = r#"{"size":4,"killercage":[{"cells":["R1C1","R1C2"],"value":"3"}],
        "grid":[[{},{},{},{}],[{},{},{},{}],[{},{},{},{"value":4,"given":true}],[{},{},{},{}]]}"#;
    let puzzle = sudoku_links::read(link).unwrap().puzzle;
    let cells = puzzle.givens().cells().to_vec();
    let sent = request(Job::Hint {
        puzzle,
        cells,
        removed: vec![],
        solution: None,
    });
    let Job::Hint {
        puzzle,
        cells,
        removed,
        solution,
    } = round_trip(&sent).job
    else {
        panic!("not a hint");
    };
    assert!(!puzzle.is_classic());
    let Answer::Hint(Hint::Step(step)) = answer(
        Job::Hint {
            puzzle,
            cells,
            removed,
            solution,
        },
        &stopped,
        &mut |_| {},
    ) else {
        panic!("no step");
    };
    assert_eq!(step.technique, "Cage of one combination");
    assert_eq!(step.rules, [0]);
    assert!(step.eliminations.contains(&(0, 3)) && step.eliminations.contains(&(1, 4)));
    let answered = Message::Done {
        id: 1,
        ticket: Ticket::default(),
        answer: Answer::Hint(Hint::Step(step)),
        micros: 0,
    };
    assert_eq!(
        decode::<Message>(&encode(&answered).unwrap()).unwrap(),
        answered
    );
}

#[test]
fn the_generate_bench_order_is_these_bytes() {
    // scripts/generate-bench.mjs writes its orders by hand; this is one of them, a killer
    // (variant 0) at level 3 from seed 300. A change to the protocol that moves these
    // bytes must change the script too.
    let order = Order {
        id: 300,
        ticket: Ticket {
            revision: 300,
            side: 9,
        },
        job: Job::Generate {
            wanted: Wanted {
                side: 9,
                level: Some(3),
                symmetry: 1,
                technique: None,
                minimal: false,
                variant: Some(0),
            },
            seed: Seed::Random(300),
        },
    };
    assert_eq!(
        encode(&order).unwrap(),
        [172, 2, 172, 2, 9, 5, 9, 1, 3, 1, 0, 0, 1, 0, 0, 172, 2]
    );
}

/// `data/chaos-own.jsonl`'s chaos construction: its ISS text, digits and regions.
fn chaos_own() -> (String, Vec<u8>, Vec<u8>) {
    let line = include_str!("../data/chaos-own.jsonl")
        .lines()
        .next()
        .unwrap();
    let entry: serde_json::Value = serde_json::from_str(line).unwrap();
    let field = |name: &str, from: u8| {
        let text = entry[name].as_str().unwrap();
        text.bytes().map(|b| b - from).collect::<Vec<u8>>()
    };
    let text = entry["iss"].as_str().unwrap().to_string();
    (text, field("solution", b'0'), field("regions", b'A'))
}

#[test]
fn a_chaos_construction_crosses_whole_and_check_names_a_wrong_region() {
    let (text, digits, layout) = chaos_own();
    let imported = sudoku_links::read_drawable(&text).unwrap();
    let chaos = imported.chaos.clone();
    assert!(chaos.is_some());
    let solve = request(Job::Solve {
        puzzle: imported.puzzle.clone(),
        chaos: chaos.clone(),
    });
    assert_eq!(round_trip(&solve), solve);
    assert_eq!(
        answer(solve.job, &stopped, &mut |_| {}),
        Answer::UniqueRegions {
            cells: digits.clone(),
            regions: layout.clone(),
        }
    );
    // Without its regions the grid has many solutions.
    let count = |chaos| Job::Count {
        puzzle: imported.puzzle.clone(),
        limit: 2,
        chaos,
    };
    let counted = |job| match answer(job, &stopped, &mut |_| {}) {
        Answer::Counted { count, .. } => count,
        other => panic!("{other:?}"),
    };
    assert_eq!(
        (counted(count(chaos.clone())), counted(count(None))),
        (1, 2)
    );
    // The player's colours, any colour a region: right, then with r1c5 (region B)
    // coloured as region A, and a digit wrong.
    let colours: Vec<u8> = layout.iter().map(|&r| 9 - r).collect();
    let check = |cells: Vec<u8>, regions: Vec<u8>| {
        answer(
            Job::Check {
                puzzle: imported.puzzle.clone(),
                cells,
                removed: vec![],
                chaos: chaos.clone(),
                regions,
            },
            &stopped,
            &mut |_| {},
        )
    };
    let right = Answer::Checked {
        digits: vec![],
        marks: vec![],
        regions: vec![],
    };
    assert_eq!(check(digits.clone(), colours.clone()), right);
    let mut wrong = colours.clone();
    wrong[4] = colours[0];
    let mut slip = digits.clone();
    slip[0] = 0;
    slip[1] = if digits[1] == 1 { 2 } else { 1 };
    assert_eq!(
        check(slip, wrong),
        Answer::Checked {
            digits: vec![1],
            marks: vec![],
            regions: vec![4],
        }
    );
    // A chaos construction that does not fit its grid (regions of 16 cells, from a 16x16)
    // is refused, not searched.
    let sixteen = sudoku_engine::chaos::Chaos::new(Shape::for_side(16).unwrap(), 16, vec![]);
    let job = Job::Solve {
        puzzle: imported.puzzle,
        chaos: Some(sixteen.unwrap()),
    };
    let refused = answer(job, &stopped, &mut |_| {});
    assert!(
        matches!(&refused, Answer::Invalid(why) if why.contains("2 to 6 cells")),
        "{refused:?}"
    );
}
