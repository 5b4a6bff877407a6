//! Hint and Path: the logical solver's next step for the player's board, and every step
//! from the givens with the puzzle's rating, under the puzzle's houses and rules (a
//! variant's cages, lines and extra regions as much as a classic grid's boxes).
//!
//! # A hint, from the button to the highlighted step
//!
//! Hint sends `Job::Hint` (the puzzle of the givens, `Board::puzzle_of`, with the variant's
//! houses and rules; the board; and the candidates the player's centre marks rule out,
//! `Board::ruled_out`) to a second worker, `logic`, with the puzzle's solution if the exact
//! solver's answer is about its givens and rules (`State::puzzle_solution`: while a puzzle
//! is played without the live verdict). A hint never makes a pending solve stale, and
//! either worker can be cancelled alone; any change of the board cancels it. The worker
//! checks the player's digits and centre marks against the solution, if it has the proof
//! that the puzzle has one solution: the solution handed in, else the last puzzle's verdict
//! that it keeps (`worker/check.rs`), which the page asks for ahead of any hint as a puzzle
//! opens to be solved with the live verdict on (`Job::Prove`, in `use_lesson_jobs`; the
//! proof, about the puzzle and not the board, survives a change of the board, but a Hint or
//! any other job asked makes it stale as usual). A hint that finds no proof kept searches
//! for it for half its time at most; without it in time, that hint skips the checks and the
//! techniques that assume one solution. It then runs `logic::next_step_within` on the
//! candidates, within the hint's time (`HINT_MILLIS`, 1 s, by the worker's clock: the
//! engine has no clock and is lent one as a `Deadline`, which the chain and forcing steps
//! look at for each start and try), and answers with a `StepView`. A hint out of time
//! answers `Hint::Searched`, the solution's digit in the open cell of fewest candidates,
//! said to be found by search and not by logic ("No step short of trial and error found
//! within a second"; `Hint::OutOfTime` when there is no one solution, or none proved in
//! time), its cell highlighted, shown whole beside Apply, which writes it like a step's
//! placement. "Solve step by step" and `sudoku steps` go on past a hint's time, but stop a
//! path at a step that takes over `PATH_STEP_MILLIS` (3 s; `PathView::out_of_time`, said in
//! the list's rating line and the CLI's output). The reducer shows the hint in two stages
//! and Apply, three presses that each do something: where to look, then what and why beside
//! Apply (`HINT_STAGES`), then Apply. Apply writes placements as the player's digits (auto-
//! clean follows) and takes eliminations out of the marks (`Board::eliminate`). Check sends
//! `Job::Check` to the same worker, which solves the givens and answers with the cells
//! whose digit differs and, when the setting asks, the cells whose centre marks leave out
//! the solution's digit (`Lesson::checked`, cleared by any change of board). "Solve step by
//! step" sends `Job::Path` with the same puzzle; the list (`state::Steps`) remembers the
//! givens and the variant's payload it was made for and goes when either changes.
//! `State::snapshot` rebuilds the board as it was before any step by replaying the steps on
//! the engine's `Candidates` (under the variant's houses). That is a replay, not a search.
//!
//! On a variant the same path carries the rules (`worker/hint.rs`): the worker solves the
//! variant's puzzle, names a wrong digit or excluded mark against that solution, and runs
//! `next_step` on `Candidates::from_grid(board, puzzle)`, whose houses and rules every
//! technique sees; a rule's own step (`Killer cage combinations`, `Thermometer bounds`,
//! `Needed digit`…) lists in `highlight.rules` the rules it rests on, as indices into
//! `Puzzle::rules`, which `StepView::rules` carries. The page holds the very same puzzle
//! (the ticket ties the answer to the board), so the indices read the same there: stage 1
//! names the rule (`Rule::describe`) where a classic step names a house, and from stage 2
//! (and for a step of the list) `Variant::figures_of` finds the figures that draw those
//! rules: those written at the rule's place in the document (`Imported::sources`, kept by
//! the link reader as it reads each entry; of a thermometer's branches, the one over the
//! rule's cells), and `overlay::Overlay` gives them `data-hint`, which the style draws in
//! the focus colour with a glow.

use sudoku_engine::logic::{
    compared, next_step_within, solve_path_within, Candidates, Deadline, OutOfTime, Rating,
    Settings, Step, PATH_STEP_MILLIS,
};
use sudoku_engine::{Grid, Puzzle, Verdict};

use super::check::{excluding, verdict, wrong_cells};
use crate::protocol::{Answer, Hint, PathView, StepView};

/// The next step for the player's board (`cells`, digits by cell) under the puzzle, or
/// the first of their digits that is wrong, or of their cells whose centre marks leave
/// out the solution's digit. Those checks need the proof that the puzzle has one
/// solution: `solution`, if the page holds it (the one of the puzzle's givens, which it
/// must agree with), else searched for until `proof` unless this worker holds it already.
/// Without it in time, this hint skips them and looks for a step with no technique that
/// assumes one solution. A step not found by `deadline` gives way to a digit of the
/// solution, said to be found by search, or without a proof to a plain "out of time".
pub(super) fn hint(
    puzzle: &Puzzle,
    cells: Vec<u8>,
    removed: &[u32],
    solution: Option<Vec<u8>>,
    proof: Deadline,
    deadline: Deadline,
) -> Answer {
    let Some(board) = Grid::from_cells(puzzle.shape(), cells) else {
        return Answer::Invalid("the board does not fit the puzzle's grid".into());
    };
    let given = solution
        .and_then(|s| Grid::from_cells(puzzle.shape(), s))
        .filter(|s| wrong_cells(puzzle.givens(), s).is_empty());
    let solution = given.or_else(|| match verdict(puzzle, proof) {
        Some(Verdict::Unique(solution)) => Some(solution),
        _ => None,
    });
    Answer::Hint(next_hint(puzzle, &board, removed, solution, deadline))
}

fn next_hint(
    puzzle: &Puzzle,
    board: &Grid,
    removed: &[u32],
    solution: Option<Grid>,
    deadline: Deadline,
) -> Hint {
    if let Some(solution) = &solution {
        if let Some(&cell) = wrong_cells(board, solution).first() {
            return Hint::Wrong {
                cell,
                digit: board.get(cell),
            };
        }
        if let Some(&cell) = excluding(board, solution, removed).first() {
            return Hint::Excluded { cell };
        }
    }
    let mut candidates = Candidates::from_grid(board, puzzle);
    candidates.remove_all(removed);
    if candidates.is_solved() {
        return Hint::Solved;
    }
    let settings = Settings::default().unique(solution.is_some());
    match next_step_within(&candidates, &settings, deadline) {
        Ok(Some(step)) => Hint::Step(Box::new(view(puzzle, &step))),
        Ok(None) => Hint::Stuck,
        Err(OutOfTime) => solution.map_or(Hint::OutOfTime, |s| searched(&candidates, &s)),
    }
}

/// The solution's digit in the open cell of fewest candidates (the first such), the one a
/// player would look at first.
fn searched(candidates: &Candidates, solution: &Grid) -> Hint {
    (0..candidates.cells())
        .filter(|&x| candidates.digit(x) == 0)
        .min_by_key(|&x| candidates.marks(x).count_ones())
        .map_or(Hint::Solved, |cell| Hint::Searched {
            cell,
            digit: solution.get(cell),
        })
}

/// Every logical step from the givens, and the rating they give the puzzle; the path stops
/// at a step that would take longer than any one step may by `clock`.
pub(super) fn path(puzzle: &Puzzle, clock: &dyn Fn() -> f64) -> PathView {
    let unique = matches!(verdict(puzzle, Deadline::NEVER), Some(Verdict::Unique(_)));
    let settings = Settings::default().unique(unique);
    let path = solve_path_within(puzzle, &settings, clock, PATH_STEP_MILLIS);
    let rating = Rating::of(&path);
    PathView {
        steps: path.steps.iter().map(|s| view(puzzle, s)).collect(),
        solved: path.solved,
        out_of_time: path.out_of_time,
        level: rating.level.to_string(),
        rating: rating.rating,
        counts: rating
            .counts
            .iter()
            .map(|(t, n)| (t.to_string(), *n))
            .collect(),
    }
}

fn view(puzzle: &Puzzle, step: &Step) -> StepView {
    let houses = puzzle.houses();
    // A set-theory step shows each of its two sets outside the other; other steps have no
    // first set, and show their houses whole.
    let (first, second) = compared(houses, step).unwrap_or_default();
    StepView {
        technique: step.technique.to_string(),
        placements: step.placements.clone(),
        eliminations: step.eliminations.clone(),
        houses: step
            .highlight
            .houses
            .iter()
            .map(|&h| {
                let cells = houses.cells(h).iter().copied();
                let shown = cells.filter(|x| first.is_empty() || first.contains(x));
                (houses.name(h), shown.collect())
            })
            .collect(),
        second,
        cells: step.highlight.cells.clone(),
        candidates: step.highlight.candidates.clone(),
        links: step
            .highlight
            .links
            .iter()
            .map(|l| (l.from, l.to, l.strong))
            .collect(),
        rules: step.highlight.rules.clone(),
        explanation: step.explanation.clone(),
    }
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;

    /// A shared puzzle (data/variants, CC BY 4.0) by the start of its title: its puzzle and
    /// solution.
    fn shared(title: &str) -> (Puzzle, Grid) {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/data/variants/puzzles.jsonl");
        let text = std::fs::read_to_string(path).unwrap();
        let entry: serde_json::Value = text
            .lines()
            .map(|line| serde_json::from_str(line).unwrap())
            .find(|e: &serde_json::Value| e["title"].as_str().unwrap().starts_with(title))
            .unwrap();
        let link = format!("fpuzzles{}", entry["fpuzzles"].as_str().unwrap());
        let puzzle = sudoku_links::read(&link).unwrap().puzzle;
        let solution = Grid::parse(entry["solution"].as_str().unwrap()).unwrap();
        (puzzle, solution)
    }

    #[test]
    fn a_hint_on_a_killer_names_the_cage_it_rests_on() {
        let (puzzle, solution) = shared("October 10, 2023: Killer");
        let Answer::Hint(Hint::Step(step)) = hint(
            &puzzle,
            puzzle.givens().cells().to_vec(),
            &[],
            None,
            Deadline::NEVER,
            Deadline::NEVER,
        ) else {
            panic!("no step")
        };
        // A 10 of four cells can only be 1+2+3+4: a beginner's step, named so.
        assert_eq!(step.technique, "Cage of one combination");
        assert!(step.explanation.contains("killer cage r1c1-r2c2 (10)"));
        let [rule] = step.rules[..] else {
            panic!("not one rule: {:?}", step.rules)
        };
        let mut cells = puzzle.rules()[rule].cells().to_vec();
        cells.sort_unstable();
        assert_eq!(
            (cells, step.cells.clone()),
            (vec![0, 1, 9, 10], vec![0, 1, 9, 10])
        );
        assert!(!step.eliminations.is_empty());
        assert!(step.eliminations.iter().all(|&(c, d)| solution.get(c) != d));
    }

    #[test]
    fn a_wrong_digit_or_mark_under_the_variant_comes_first() {
        let (puzzle, solution) = shared("October 10, 2023: Killer");
        let mut cells = puzzle.givens().cells().to_vec();
        // r1c1 holds one of 1 to 4 by its cage; another of them breaks no row, column or
        // box, and only the variant's solution says it is wrong.
        let wrong = (1..=4).find(|&d| d != solution.get(0)).unwrap();
        cells[0] = wrong;
        assert_eq!(
            hint(&puzzle, cells, &[], None, Deadline::NEVER, Deadline::NEVER),
            Answer::Hint(Hint::Wrong {
                cell: 0,
                digit: wrong
            })
        );
        let mut removed = vec![0; 81];
        removed[1] = 1 << (solution.get(1) - 1);
        assert_eq!(
            hint(
                &puzzle,
                puzzle.givens().cells().to_vec(),
                &removed,
                None,
                Deadline::NEVER,
                Deadline::NEVER
            ),
            Answer::Hint(Hint::Excluded { cell: 1 })
        );
    }

    #[test]
    fn the_path_of_a_thermometer_puzzle_names_its_thermometers_and_rates_it() {
        let (puzzle, solution) = shared("August 9, 2023: Thermo");
        let path = path(&puzzle, &|| 0.0);
        assert!(path.solved);
        assert!(path.rating > 0.0 && !path.level.is_empty());
        let thermo: Vec<&StepView> = path
            .steps
            .iter()
            .filter(|s| s.technique == "Thermometer bounds")
            .collect();
        assert!(!thermo.is_empty());
        assert!(thermo.iter().all(|s| !s.rules.is_empty()
            && s.explanation.contains("thermometer")
            && s.eliminations.iter().all(|&(c, d)| solution.get(c) != d)));
        assert!(path
            .counts
            .contains(&("Thermometer bounds".into(), thermo.len())));
    }

    #[test]
    fn a_hint_out_of_time_gives_a_digit_of_the_solution_said_to_be_found_by_search() {
        // A stopped clock and no time at all: the deadline has passed before the search.
        let stopped = || 0.0;
        let (puzzle, solution) = shared("October 10, 2023: Killer");
        let cells = puzzle.givens().cells().to_vec();
        let Answer::Hint(Hint::Searched { cell, digit }) = hint(
            &puzzle,
            cells,
            &[],
            None,
            Deadline::NEVER,
            Deadline::after(&stopped, 0.0),
        ) else {
            panic!("no digit found by search")
        };
        assert_eq!(puzzle.givens().get(cell), 0);
        assert_eq!(digit, solution.get(cell));
        // A puzzle of many solutions has no digit to be sure of.
        let open = Puzzle::classic(Grid::parse(&".".repeat(81)).unwrap());
        assert_eq!(
            hint(
                &open,
                vec![0; 81],
                &[],
                None,
                Deadline::NEVER,
                Deadline::after(&stopped, 0.0)
            ),
            Answer::Hint(Hint::OutOfTime)
        );
    }

    #[test]
    fn a_hint_without_the_proof_in_time_looks_for_a_step_and_offers_no_searched_digit() {
        // Its proof takes the exact solver seconds (docs/logic.md), and a deadline already
        // passed stops it at its first look at the clock.
        let stopped = || 0.0;
        let (puzzle, solution) = shared("Solver needs SET");
        let givens = puzzle.givens().cells().to_vec();
        let Answer::Hint(Hint::Step(step)) = hint(
            &puzzle,
            givens.clone(),
            &[],
            None,
            Deadline::after(&stopped, 0.0),
            Deadline::NEVER,
        ) else {
            panic!("no step")
        };
        assert!(!step.placements.is_empty() || !step.eliminations.is_empty());
        assert!(step.placements.iter().all(|&(c, d)| solution.get(c) == d));
        assert!(step.eliminations.iter().all(|&(c, d)| solution.get(c) != d));
        // Unproved, a wrong digit goes unnamed for this hint, and out of time there is no
        // digit of a solution to offer.
        let mut cells = givens;
        let cell = cells.iter().position(|&d| d == 0).unwrap();
        cells[cell] = solution.get(cell) % 9 + 1;
        assert_eq!(
            hint(
                &puzzle,
                cells,
                &[],
                None,
                Deadline::after(&stopped, 0.0),
                Deadline::after(&stopped, 0.0)
            ),
            Answer::Hint(Hint::OutOfTime)
        );
    }

    #[test]
    fn a_solution_the_page_holds_is_the_proof_and_no_search_is_made() {
        // Every deadline passed: only the solution handed in can name the wrong digit and
        // offer a digit found by search.
        let stopped = || 0.0;
        let (puzzle, solution) = shared("Solver needs SET");
        let mut cells = puzzle.givens().cells().to_vec();
        let cell = cells.iter().position(|&d| d == 0).unwrap();
        let wrong = solution.get(cell) % 9 + 1;
        cells[cell] = wrong;
        let ask = |cells: Vec<u8>, solution: &Grid| {
            hint(
                &puzzle,
                cells,
                &[],
                Some(solution.cells().to_vec()),
                Deadline::after(&stopped, 0.0),
                Deadline::after(&stopped, 0.0),
            )
        };
        assert_eq!(
            ask(cells.clone(), &solution),
            Answer::Hint(Hint::Wrong { cell, digit: wrong })
        );
        cells[cell] = 0;
        assert!(matches!(
            ask(cells.clone(), &solution),
            Answer::Hint(Hint::Searched { .. })
        ));
        // One that does not fit the grid is not taken.
        let misfit = hint(
            &puzzle,
            cells,
            &[],
            Some(vec![1; 80]),
            Deadline::after(&stopped, 0.0),
            Deadline::after(&stopped, 0.0),
        );
        assert_eq!(misfit, Answer::Hint(Hint::OutOfTime));
    }
}
