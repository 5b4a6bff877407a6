//! The worker side: the same wasm module, started in a dedicated worker, answers solver
//! requests one at a time. A search blocks this thread, never the page's.

use sudoku_engine::generate::{daily_seed, generate, Request as GenerateRequest, Symmetry};
use sudoku_engine::logic::{
    next_step, solve_path, Candidates, Level, Rating, Settings, Step, Technique,
};
use sudoku_engine::timing::time_solving;
use sudoku_engine::{count, solve, Budget, DigitSet, Grid, Houses, Puzzle, Shape, Verdict};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{DedicatedWorkerGlobalScope, MessageEvent};

use crate::protocol::{
    Answer, Hint, Job, Message, PathView, ReadVerdict, Request, Review, ScanView, Seed, StepView,
    Wanted, BUILD,
};

/// Installs the request handler and tells the page the worker is ready.
pub fn serve(scope: DedicatedWorkerGlobalScope) {
    let post_scope = scope.clone();
    let onmessage = Closure::<dyn FnMut(MessageEvent)>::new(move |event: MessageEvent| {
        if let Ok(request) = serde_wasm_bindgen::from_value::<Request>(event.data()) {
            handle(&post_scope, request);
        }
    });
    scope.set_onmessage(Some(onmessage.as_ref().unchecked_ref()));
    onmessage.forget();
    post(
        &scope,
        &Message::Ready {
            build: BUILD.into(),
        },
    );
}

fn post(scope: &DedicatedWorkerGlobalScope, message: &Message) {
    if let Ok(value) = serde_wasm_bindgen::to_value(message) {
        // A failed post means the page is gone; there is no one left to tell.
        let _ = scope.post_message(&value);
    }
}

/// Milliseconds from this worker's clock.
fn clock(scope: &DedicatedWorkerGlobalScope) -> f64 {
    scope
        .performance()
        .map(|p| p.now())
        .unwrap_or_else(js_sys::Date::now)
}

/// Times the exact solver in this worker over `text` (one puzzle a line, `#` comments), as
/// `sudoku bench --format tsv` does natively: puzzles, microseconds per puzzle, guesses
/// per puzzle, checksum. `scripts/solve-bench.mjs` calls it in a worker of its own, so the
/// browser's speed on the shipped module can be set beside the native one.
#[wasm_bindgen]
pub fn bench_solve(text: &str, rounds: u32) -> Result<String, String> {
    let scope: DedicatedWorkerGlobalScope = js_sys::global()
        .dyn_into()
        .map_err(|_| "bench_solve runs in a dedicated worker".to_string())?;
    let grids = Grid::parse_lines(text)
        .into_iter()
        .map(|(_, grid)| grid.map(Puzzle::classic).map_err(|e| e.to_string()))
        .collect::<Result<Vec<Puzzle>, String>>()?;
    let timed = time_solving(&grids, rounds as usize, || clock(&scope))
        .ok_or("nothing to time: no puzzles or no rounds")?;
    Ok(timed.tsv(grids.len()))
}

fn handle(scope: &DedicatedWorkerGlobalScope, request: Request) {
    let clock = || clock(scope);
    let start = clock();
    let Request { id, ticket, job } = request;
    let answer = answer(job, &mut |nodes| {
        post(scope, &Message::Progress { id, ticket, nodes })
    });
    let micros = ((clock() - start) * 1000.0).max(0.0) as u64;
    post(
        scope,
        &Message::Done {
            id,
            ticket,
            answer,
            micros,
        },
    );
}

/// Does one job; `progress` hears the nodes searched so far during a count.
pub fn answer(job: Job, progress: &mut dyn FnMut(u64)) -> Answer {
    match job {
        Job::Solve { cells } => {
            to_grid(cells).map_or_else(Answer::Invalid, |puzzle| {
                match solve(&Puzzle::classic(puzzle), &mut Budget::unlimited()).verdict {
                    Verdict::Unique(s) => Answer::Unique(s.cells().to_vec()),
                    Verdict::Multiple(a, b) => {
                        Answer::Multiple(a.cells().to_vec(), b.cells().to_vec())
                    }
                    Verdict::Conflict(c) => Answer::Conflict(c.to_string()),
                    Verdict::Broken { why, .. } => Answer::Conflict(why),
                    Verdict::NoSolution | Verdict::GaveUp => Answer::NoSolution,
                }
            })
        }
        Job::Count { cells, limit } => to_grid(cells).map_or_else(Answer::Invalid, |puzzle| {
            let mut budget = Budget::unlimited().with_check(|nodes| {
                progress(nodes);
                true
            });
            let counted = count(&Puzzle::classic(puzzle), limit, &mut budget);
            Answer::Counted {
                count: counted.count,
                complete: counted.complete,
            }
        }),
        Job::Hint {
            givens,
            cells,
            removed,
        } => puzzle_and_board(givens, cells).map_or_else(Answer::Invalid, |(puzzle, board)| {
            Answer::Hint(hint(&puzzle, &board, &removed))
        }),
        Job::Check {
            givens,
            cells,
            removed,
        } => puzzle_and_board(givens, cells).map_or_else(Answer::Invalid, |(puzzle, board)| {
            match solve(&Puzzle::classic(puzzle), &mut Budget::unlimited()).verdict {
                Verdict::Unique(solution) => Answer::Checked {
                    digits: wrong_cells(&board, &solution),
                    marks: excluding(&board, &solution, &removed),
                },
                _ => Answer::Invalid("only a puzzle with one solution can be checked".into()),
            }
        }),
        Job::Generate { wanted, seed } => generated(wanted, seed, progress),
        Job::Scan {
            width,
            height,
            rgba,
            weights,
        } => scanned(width as usize, height as usize, &rgba, &weights),
        Job::Review {
            cells,
            confidence,
            second,
        } => review(cells, &confidence, &second).map_or_else(Answer::Invalid, Answer::Reviewed),
        Job::Path { givens } => to_grid(givens).map_or_else(Answer::Invalid, |puzzle| {
            let path = solve_path(&puzzle, &Settings::for_puzzle(&puzzle));
            let rating = Rating::of(&path);
            Answer::Path(PathView {
                steps: path.steps.iter().map(|s| view(&puzzle, s)).collect(),
                solved: path.solved,
                level: rating.level.to_string(),
                rating: rating.rating,
                counts: rating
                    .counts
                    .iter()
                    .map(|(t, n)| (t.to_string(), *n))
                    .collect(),
            })
        }),
    }
}

/// The side of the straightened grid sent back for the person to compare with.
const SHOWN_SIDE: usize = 360;

/// The puzzle in an image, with the solver's review of it.
fn scanned(width: usize, height: usize, rgba: &[u8], weights: &[u8]) -> Answer {
    let Some(model) = sudoku_scan::Model::from_bytes(weights) else {
        return Answer::Invalid("the digit classifier's weights are damaged".into());
    };
    let Some(photo) = sudoku_scan::Gray::from_rgba(width, height, rgba) else {
        return Answer::Invalid("the image's pixels do not fit its size".into());
    };
    let reading = match sudoku_scan::read(&photo, &model) {
        Ok(reading) => reading,
        Err(e) => return Answer::Unreadable(e.to_string()),
    };
    let cells: Vec<u8> = reading.cells.iter().map(|c| c.value).collect();
    let confidence: Vec<u8> = reading
        .cells
        .iter()
        .map(|c| (c.confidence * 100.0).floor() as u8)
        .collect();
    let second: Vec<u8> = reading.cells.iter().map(|c| c.second).collect();
    let image = reading.straightened.shrink_to(SHOWN_SIDE);
    match review(cells.clone(), &confidence, &second) {
        Ok(review) => Answer::Scanned(ScanView {
            cells,
            confidence,
            second,
            image_side: image.width as u16,
            image: image.pixels,
            review,
        }),
        Err(e) => Answer::Invalid(e),
    }
}

/// A review's searches stop after this many nodes: a misread grid may have no solution
/// that is slow to disprove, and the person is waiting.
const REVIEW_NODES: u64 = 100_000;
/// How many of the least sure cells are tried as misread.
const SUSPECTS_TRIED: usize = 12;

/// The solver's verdict on a puzzle as read and, if it has no solution, the cells whose
/// other reading (or blank) would give it one, least sure first.
fn review(cells: Vec<u8>, confidence: &[u8], second: &[u8]) -> Result<Review, String> {
    let grid = to_grid(cells)?;
    if confidence.len() != grid.cells().len() || second.len() != grid.cells().len() {
        return Err("the review's cells, confidences and second readings differ in number".into());
    }
    let verdict = read_verdict(&grid);
    if !matches!(verdict, ReadVerdict::NoSolution | ReadVerdict::Conflict(_)) {
        return Ok(Review {
            verdict,
            suspects: Vec::new(),
        });
    }
    // The filled cells, least sure first (counted out by confidence, not sorted).
    let filled: Vec<usize> = (0..=100)
        .flat_map(|sure| (0..grid.cells().len()).filter(move |&c| confidence[c] == sure))
        .filter(|&c| grid.cells()[c] != 0)
        .take(SUSPECTS_TRIED)
        .collect();
    let fixes = |cell: usize| {
        // The cell's second reading, then a blank (once, if there is no second reading).
        let others = [second[cell], 0];
        others[usize::from(second[cell] == 0)..]
            .iter()
            .any(|&other| {
                let mut changed = grid.cells().to_vec();
                changed[cell] = other;
                to_grid(changed).is_ok_and(|g| {
                    matches!(read_verdict(&g), ReadVerdict::Unique | ReadVerdict::Several)
                })
            })
    };
    let mut suspects: Vec<usize> = filled.iter().copied().filter(|&c| fixes(c)).collect();
    if suspects.is_empty() {
        // No one cell explains it: the least sure are still the best places to look.
        suspects = filled.into_iter().take(3).collect();
    }
    Ok(Review { verdict, suspects })
}

fn read_verdict(grid: &Grid) -> ReadVerdict {
    match solve(
        &Puzzle::classic(grid.clone()),
        &mut Budget::nodes(REVIEW_NODES),
    )
    .verdict
    {
        Verdict::Unique(_) => ReadVerdict::Unique,
        Verdict::Multiple(..) => ReadVerdict::Several,
        Verdict::Conflict(c) => ReadVerdict::Conflict(c.to_string()),
        Verdict::Broken { why, .. } => ReadVerdict::Conflict(why),
        Verdict::NoSolution => ReadVerdict::NoSolution,
        Verdict::GaveUp => ReadVerdict::Unsettled,
    }
}

/// How many candidates a `Generate` makes before it says none would do.
const MAX_ATTEMPTS: u32 = 20_000;

/// A new puzzle as a `Generate` asks, reporting the candidates tried as progress.
fn generated(wanted: Wanted, seed: Seed, progress: &mut dyn FnMut(u64)) -> Answer {
    let Some(shape) = Shape::for_side(usize::from(wanted.side)) else {
        return Answer::Invalid(format!("{0}x{0} is not a size", wanted.side));
    };
    let request = GenerateRequest {
        shape,
        level: wanted.level.and_then(|l| pick(&Level::ASKED, l)),
        symmetry: pick(&Symmetry::ALL, wanted.symmetry).unwrap_or_default(),
        technique: wanted.technique.and_then(|t| pick(&Technique::ALL, t)),
        minimal: wanted.minimal,
    };
    let seed = match seed {
        Seed::Random(seed) => u64::from(seed),
        Seed::Daily { year, month, day } => daily_seed(
            year.into(),
            month.into(),
            day.into(),
            request.level.unwrap_or(Level::Medium),
        ),
    };
    let made = generate(&request, seed, MAX_ATTEMPTS, |attempt| {
        progress(u64::from(attempt));
        true
    });
    match made {
        Some(made) => Answer::Generated {
            puzzle: made.puzzle.cells().to_vec(),
            level: made.rating.level.to_string(),
            rating: made.rating.rating,
        },
        None => Answer::NotGenerated,
    }
}

/// The item at `index` of `from`, if there is one.
fn pick<T: Copy>(from: &[T], index: u8) -> Option<T> {
    from.get(usize::from(index)).copied()
}

/// The next step for the player's board, or the first of their digits that is wrong.
fn hint(puzzle: &Grid, board: &Grid, removed: &[u32]) -> Hint {
    let verdict = solve(&Puzzle::classic(puzzle.clone()), &mut Budget::unlimited()).verdict;
    if let Verdict::Unique(solution) = &verdict {
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
    let mut candidates = Candidates::from_grid(board, Houses::standard_for(board.shape()));
    candidates.remove_all(removed);
    if candidates.is_solved() {
        return Hint::Solved;
    }
    let settings = Settings::default().unique(matches!(verdict, Verdict::Unique(_)));
    next_step(&candidates, &settings).map_or(Hint::Stuck, |s| Hint::Step(view(puzzle, &s)))
}

/// The cells of `board` holding a digit that `solution` does not have there.
fn wrong_cells(board: &Grid, solution: &Grid) -> Vec<usize> {
    (0..board.cells().len())
        .filter(|&c| board.get(c) != 0 && board.get(c) != solution.get(c))
        .collect()
}

/// The empty cells of `board` whose ruled-out candidates (`removed`, bit `d - 1`) take in
/// the digit `solution` has there.
fn excluding(board: &Grid, solution: &Grid, removed: &[u32]) -> Vec<usize> {
    (0..board.cells().len())
        .filter(|&c| {
            let ruled_out = DigitSet::from_bits(removed.get(c).copied().unwrap_or(0));
            board.get(c) == 0 && ruled_out.contains(solution.get(c))
        })
        .collect()
}

fn view(puzzle: &Grid, step: &Step) -> StepView {
    let houses = Houses::standard_for(puzzle.shape());
    StepView {
        technique: step.technique.to_string(),
        placements: step.placements.clone(),
        eliminations: step.eliminations.clone(),
        houses: step
            .highlight
            .houses
            .iter()
            .map(|&h| (houses.name(h), houses.cells(h).to_vec()))
            .collect(),
        cells: step.highlight.cells.clone(),
        candidates: step.highlight.candidates.clone(),
        links: step
            .highlight
            .links
            .iter()
            .map(|l| (l.from, l.to, l.strong))
            .collect(),
        explanation: step.explanation.clone(),
    }
}

/// The givens and the player's board as grids of one size.
fn puzzle_and_board(givens: Vec<u8>, cells: Vec<u8>) -> Result<(Grid, Grid), String> {
    let (puzzle, board) = (to_grid(givens)?, to_grid(cells)?);
    if puzzle.shape() != board.shape() {
        return Err("the puzzle and the board differ in size".into());
    }
    Ok((puzzle, board))
}

fn to_grid(cells: Vec<u8>) -> Result<Grid, String> {
    let shape = Shape::for_cell_count(cells.len())
        .ok_or_else(|| format!("{} cells make no grid", cells.len()))?;
    Grid::from_cells(shape, cells).ok_or_else(|| "a digit is too large for the grid".to_string())
}
