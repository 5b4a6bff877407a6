//! What each command does with its input, and how it writes its output.

use std::io::{self, Write};
use std::process::ExitCode;
use std::time::Instant;

use sudoku_engine::chaos::{Chaos, ChaosClue};
use sudoku_engine::generate::variant::{generate_variant, Genre};
use sudoku_engine::generate::{generate, levels, techniques, Request};
use sudoku_engine::logic::{
    out_of_time_ending, rate, solve_path_within, Level, Rating, Settings, PATH_STEP_MILLIS,
};
use sudoku_engine::parse::visible;
use sudoku_engine::search::chaos::{self, ChaosSolution};
use sudoku_engine::symbols::Symbols;
use sudoku_engine::timing::{time_solving, Timed};
use sudoku_engine::{
    count, solve, true_candidates, Budget, DigitSet, Grid, HouseKind, Puzzle, Shape, Verdict,
};
use sudoku_links::export::{link, Site};
use sudoku_links::made_document;

use crate::args::Format;
use crate::input::{read_input, Line};

/// Reads the puzzle in each image. tsv: `path`, the puzzle on one line, the lowest cell
/// confidence. An image that cannot be read gets a message on stderr and exit code 2.
pub fn run_scan(images: &[String], format: Format) -> ExitCode {
    let model = sudoku_scan::Network::from_bytes(sudoku_scan::WEIGHTS).expect("built-in weights");
    let mut code = ExitCode::SUCCESS;
    for path in images {
        let read = image::open(path)
            .map_err(|e| e.to_string())
            .and_then(|img| {
                let rgba = img.to_rgba8();
                let (w, h) = (rgba.width() as usize, rgba.height() as usize);
                let gray = sudoku_scan::Gray::from_rgba(w, h, rgba.as_raw())
                    .ok_or("the image has no pixels")?;
                sudoku_scan::read(&gray, &model).map_err(|e| e.to_string())
            })
            .and_then(|reading| {
                let shape = Shape::for_side(reading.size).ok_or("no Sudoku size")?;
                let values = reading.cells.iter().map(|c| c.value).collect();
                let grid = Grid::from_cells(shape, values).ok_or("digits out of range")?;
                Ok((grid.to_line(), reading.lowest_confidence()))
            });
        let written = match read {
            Ok((line, lowest)) => match format {
                Format::Tsv => writeln!(io::stdout(), "{path}\t{line}\t{lowest:.3}"),
                Format::Text => {
                    writeln!(
                        io::stdout(),
                        "{path}: {line} (lowest confidence {lowest:.2})"
                    )
                }
            },
            Err(message) => {
                eprintln!("sudoku: {path}: {message}");
                code = ExitCode::from(2);
                Ok(())
            }
        };
        if let Err(e) = written {
            return output_failed(e);
        }
    }
    code
}

/// The exit code once output could not be written. A closed pipe (`sudoku solve | head`)
/// means the reader has all it wants: end quietly and successfully, as ripgrep does.
fn output_failed(error: io::Error) -> ExitCode {
    if error.kind() == io::ErrorKind::BrokenPipe {
        return ExitCode::SUCCESS;
    }
    eprintln!("sudoku: writing the output: {error}");
    ExitCode::FAILURE
}

/// Runs `each` on every readable puzzle, writing to stdout. An unreadable one gets an
/// `invalid` line in the output and a message on stderr, and makes the exit code 2.
fn for_each(
    puzzles: &[Line],
    format: Format,
    each: impl FnMut(&mut dyn Write, usize, &Puzzle, Symbols) -> io::Result<()>,
) -> ExitCode {
    for_each_or_chaos(puzzles, format, each, None)
}

/// What a command does with a chaos construction: the puzzle and its [`Chaos`].
type ChaosEach<'a> =
    &'a mut dyn FnMut(&mut dyn Write, usize, &Puzzle, Symbols, &Chaos) -> io::Result<()>;

/// [`for_each`], with `chaos_each` for a chaos construction; without it, such a puzzle is
/// refused as unreadable by this command.
fn for_each_or_chaos(
    puzzles: &[Line],
    format: Format,
    each: impl FnMut(&mut dyn Write, usize, &Puzzle, Symbols) -> io::Result<()>,
    chaos_each: Option<ChaosEach>,
) -> ExitCode {
    match write_each(puzzles, format, each, chaos_each) {
        Ok(true) => ExitCode::from(2),
        Ok(false) => ExitCode::SUCCESS,
        Err(error) => output_failed(error),
    }
}

/// The loop of [`for_each`]; true if a puzzle was unreadable.
fn write_each(
    puzzles: &[Line],
    format: Format,
    mut each: impl FnMut(&mut dyn Write, usize, &Puzzle, Symbols) -> io::Result<()>,
    mut chaos_each: Option<ChaosEach>,
) -> io::Result<bool> {
    let mut out = io::BufWriter::new(io::stdout().lock());
    let mut failed = false;
    for (line, puzzle) in puzzles {
        let written = match puzzle {
            Ok((grid, symbols, None)) => each(&mut out, *line, grid, *symbols),
            Ok((grid, symbols, Some(chaos))) => match chaos_each.as_mut() {
                Some(chaos_each) => chaos_each(&mut out, *line, grid, *symbols, chaos),
                None => {
                    failed = true;
                    let why = "this command does not reason about a chaos construction yet, \
                               whose regions the solver finds (sudoku solve and count do)";
                    eprintln!("sudoku: line {line}: {why}");
                    match format {
                        Format::Tsv => writeln!(out, "invalid\t{why}"),
                        Format::Text => writeln!(out, "line {line}: invalid: {why}\n"),
                    }
                }
            },
            Err(error) => {
                failed = true;
                eprintln!("sudoku: {}", error.report(*line));
                match format {
                    Format::Tsv => writeln!(out, "invalid\t{error}"),
                    Format::Text => writeln!(out, "line {line}: invalid: {error}\n"),
                }
            }
        };
        written?;
    }
    out.flush()?;
    Ok(failed)
}

/// How many candidates are made and thrown away before `generate` gives up on one puzzle.
const MAX_ATTEMPTS: u32 = 100_000;

pub fn clock_seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64)
}

/// Makes `count` classic puzzles, each printed as its line (tsv: with its level and rating).
pub fn run_generate(
    request: &Request,
    count: u32,
    seed: u64,
    format: Format,
) -> Result<ExitCode, String> {
    offered(request.level, levels(request.shape), request.shape, "")?;
    if let Some(technique) = request.technique {
        if !techniques(request.shape).contains(&technique) {
            return Err(format!(
                "{} puzzles are not made for {technique}: it never came up as the hardest step there when tried",
                request.shape
            ));
        }
    }
    write_made(count, seed, format, |seed| {
        let made = generate(request, seed, MAX_ATTEMPTS, |_| true);
        Ok(made.map(|made| (made.puzzle.to_line(), made.rating)))
    })
}

/// Makes `count` variant puzzles, each printed as its link to `site` (tsv: with its level
/// and rating).
pub fn run_generate_variant(
    genre: Genre,
    level: Option<Level>,
    count: u32,
    seed: u64,
    format: Format,
    site: Site,
) -> Result<ExitCode, String> {
    offered(level, genre.levels(), genre.name(), "")?;
    write_made(count, seed, format, |seed| {
        let Some(made) = generate_variant(genre, level, seed, MAX_ATTEMPTS, |_| true) else {
            return Ok(None);
        };
        let title = format!("{}, {}", genre.title(), made.rating.level);
        let document = made_document(&made.puzzle, &title, made.rules);
        let json = serde_json::to_string(&document).map_err(|e| e.to_string())?;
        Ok(Some((link(&json, site, Symbols::App)?, made.rating)))
    })
}

/// An error naming the levels `what` is made at, unless `level` is one of them (or none
/// is asked); `more` follows the list.
fn offered(
    level: Option<Level>,
    offered: &[Level],
    what: impl std::fmt::Display,
    more: &str,
) -> Result<(), String> {
    let Some(level) = level.filter(|l| !offered.contains(l)) else {
        return Ok(());
    };
    let names: Vec<String> = offered
        .iter()
        .map(|l| l.to_string().to_lowercase())
        .collect();
    Err(format!(
        "{what} puzzles are not made at {}: its levels are {}{more}",
        level.to_string().to_lowercase(),
        names.join(", ")
    ))
}

/// Writes `count` made puzzles, puzzle `i` from `seed + i` so that one of a batch can be
/// made again alone: each as `make` gives it, its line and its rating (tsv: the line, the
/// level and the rating).
fn write_made(
    count: u32,
    seed: u64,
    format: Format,
    mut make: impl FnMut(u64) -> Result<Option<(String, Rating)>, String>,
) -> Result<ExitCode, String> {
    let mut out = io::BufWriter::new(io::stdout().lock());
    for i in 0..count {
        let seed = seed.wrapping_add(u64::from(i));
        let (line, rating) = make(seed)?
            .ok_or_else(|| format!("no such puzzle in {MAX_ATTEMPTS} attempts from seed {seed}"))?;
        let written = match format {
            Format::Text => writeln!(out, "{line}"),
            Format::Tsv => writeln!(out, "{line}\t{}\t{:.1}", rating.level, rating.rating),
        };
        if let Err(error) = written.and_then(|()| out.flush()) {
            return Ok(output_failed(error));
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// A chaos construction's regions as a line, a letter per cell from `A` for the region of
/// the first cell, then `B`... in the order the regions first appear (`a`... past `Z`).
fn region_line(layout: &[u8]) -> String {
    layout
        .iter()
        .map(|&r| char::from(if r < 26 { b'A' + r } else { b'a' + r - 26 }))
        .collect()
}

/// Solves a chaos construction: each solution is its digits and its regions, tsv with the
/// regions ([`region_line`]) in a field after each solution's digits.
fn solve_chaos(
    out: &mut dyn Write,
    line: usize,
    puzzle: &Puzzle,
    symbols: Symbols,
    chaos: &Chaos,
    format: Format,
) -> io::Result<()> {
    let found = chaos::find(puzzle, chaos, 2, 2, &mut Budget::unlimited());
    let written = |s: &ChaosSolution| (symbols.grid_line(s.grid.cells()), region_line(&s.layout));
    let pretty = |s: &ChaosSolution| {
        let regions = region_line(&s.layout);
        let n = puzzle.shape().n();
        let rows: Vec<&str> = (0..n).map(|r| &regions[r * n..(r + 1) * n]).collect();
        format!(
            "{}\nregions:\n{}\n",
            s.grid.to_pretty_in(symbols),
            rows.join("\n")
        )
    };
    match (format, &found.solutions[..]) {
        (Format::Tsv, [s]) => {
            let (digits, regions) = written(s);
            writeln!(out, "unique\t{digits}\t{regions}")
        }
        (Format::Tsv, [a, b]) => {
            let ((da, ra), (db, rb)) = (written(a), written(b));
            writeln!(out, "multiple\t{da}\t{ra}\t{db}\t{rb}")
        }
        (Format::Tsv, _) => writeln!(out, "none"),
        (Format::Text, [s]) => writeln!(out, "line {line}: unique solution\n{}", pretty(s)),
        (Format::Text, [a, b]) => writeln!(
            out,
            "line {line}: several solutions; two of them:\n{}\n{}",
            pretty(a),
            pretty(b)
        ),
        (Format::Text, _) => writeln!(out, "line {line}: no solution\n"),
    }
}

pub fn run_solve(puzzles: &[Line], format: Format) -> ExitCode {
    let mut chaos_each = |out: &mut dyn Write, line, puzzle: &Puzzle, symbols, chaos: &Chaos| {
        solve_chaos(out, line, puzzle, symbols, chaos, format)
    };
    for_each_or_chaos(
        puzzles,
        format,
        |out, line, puzzle, symbols| {
            let written = |grid: &Grid| symbols.grid_line(grid.cells());
            match (format, solve(puzzle, &mut Budget::unlimited()).verdict) {
                (Format::Tsv, Verdict::Unique(s)) => writeln!(out, "unique\t{}", written(&s)),
                (Format::Tsv, Verdict::Multiple(a, b)) => {
                    writeln!(out, "multiple\t{}\t{}", written(&a), written(&b))
                }
                (Format::Tsv, Verdict::Conflict(c)) => writeln!(out, "invalid\t{c}"),
                (Format::Tsv, Verdict::Broken { why, .. }) => writeln!(out, "invalid\t{why}"),
                (Format::Tsv, _) => writeln!(out, "none"),
                (Format::Text, Verdict::Unique(s)) => {
                    writeln!(
                        out,
                        "line {line}: unique solution\n{}",
                        s.to_pretty_in(symbols)
                    )
                }
                (Format::Text, Verdict::Multiple(a, b)) => {
                    writeln!(
                        out,
                        "line {line}: several solutions; two of them:\n{}\n{}",
                        a.to_pretty_in(symbols),
                        b.to_pretty_in(symbols)
                    )
                }
                (Format::Text, Verdict::Conflict(c)) => {
                    writeln!(out, "line {line}: no solution: {c}\n")
                }
                (Format::Text, Verdict::Broken { why, .. }) => {
                    writeln!(out, "line {line}: no solution: {why}\n")
                }
                (Format::Text, _) => writeln!(out, "line {line}: no solution\n"),
            }
        },
        Some(&mut chaos_each),
    )
}

/// Counts solutions; a chaos construction's, each layout of regions one ([`chaos`]).
pub fn run_count(puzzles: &[Line], limit: u64) -> ExitCode {
    let mut chaos_each = |out: &mut dyn Write, _, puzzle: &Puzzle, _, chaos: &Chaos| {
        let found = chaos::find(puzzle, chaos, limit, 0, &mut Budget::unlimited());
        writeln!(out, "{}", found.count)
    };
    for_each_or_chaos(
        puzzles,
        Format::Tsv,
        |out, _, puzzle, _| {
            writeln!(
                out,
                "{}",
                count(puzzle, limit, &mut Budget::unlimited()).count
            )
        },
        Some(&mut chaos_each),
    )
}

pub fn run_steps(puzzles: &[Line], format: Format) -> ExitCode {
    let start = Instant::now();
    let clock = || start.elapsed().as_secs_f64() * 1000.0;
    for_each(puzzles, format, |out, line, puzzle, symbols| {
        let path = solve_path_within(
            puzzle,
            &Settings::for_puzzle(puzzle),
            &clock,
            PATH_STEP_MILLIS,
        );
        let shape = puzzle.shape();
        if format == Format::Text {
            writeln!(out, "line {line}:")?;
        }
        for step in &path.steps {
            match format {
                Format::Tsv => {
                    let cells = |list: &[(usize, u8)], op: &str| {
                        list.iter()
                            .map(|&(c, d)| format!("{}{op}{}", shape.cell(c), symbols.symbol(d)))
                            .collect::<Vec<_>>()
                            .join(" ")
                    };
                    writeln!(
                        out,
                        "{}\t{}\t{}",
                        step.technique,
                        cells(&step.placements, "="),
                        cells(&step.eliminations, "<>")
                    )?
                }
                Format::Text => writeln!(out, "  {}", step.explanation)?,
            }
        }
        let end = match (path.solved, path.out_of_time) {
            (true, _) => "solved",
            (false, true) => "out of time",
            (false, false) => "stuck",
        };
        if path.out_of_time && format == Format::Text {
            writeln!(out, "  {}", out_of_time_ending())?;
        }
        match format {
            Format::Tsv => writeln!(out, "end\t{end}"),
            Format::Text => writeln!(out, "  {end} after {} steps\n", path.steps.len()),
        }
    })
}

pub fn run_rate(puzzles: &[Line], format: Format) -> ExitCode {
    for_each(puzzles, format, |out, line, puzzle, _| {
        let r = rate(puzzle);
        let end = if r.solved { "solved" } else { "stuck" };
        match format {
            Format::Tsv => writeln!(out, "{}\t{:.1}\t{end}", r.level, r.rating),
            Format::Text => {
                let counts: Vec<String> =
                    r.counts.iter().map(|(t, n)| format!("{t} x{n}")).collect();
                writeln!(
                    out,
                    "line {line}: {} ({:.1}), {end}; {}",
                    r.level,
                    r.rating,
                    counts.join(", ")
                )
            }
        }
    })
}

pub fn run_bench(puzzles: Vec<Line>, rounds: usize, format: Format) -> Result<ExitCode, String> {
    let grids: Vec<Puzzle> = puzzles
        .into_iter()
        .map(|(line, p)| match p {
            Ok((p, _, None)) => Ok(p),
            Ok((_, _, Some(_))) => Err(format!(
                "line {line}: bench does not time a chaos construction yet"
            )),
            Err(e) => Err(format!("line {line}: {e}")),
        })
        .collect::<Result<_, _>>()?;
    let clock = Instant::now();
    let timed = time_solving(&grids, rounds, || clock.elapsed().as_secs_f64() * 1e3)
        .ok_or("nothing to time: no puzzles or no rounds")?;
    let Timed {
        micros,
        guesses,
        checksum,
    } = timed;
    let written = match format {
        Format::Tsv => writeln!(io::stdout(), "{}", timed.tsv(grids.len())),
        Format::Text => writeln!(
            io::stdout(),
            "{} puzzles, {micros:.3} us per puzzle (median of {rounds} rounds), {guesses:.2} guesses per puzzle, checksum {checksum:016x}",
            grids.len()
        ),
    };
    Ok(written.map_or_else(output_failed, |()| ExitCode::SUCCESS))
}

/// A cell's candidates as symbols, `-` for none.
fn digits(set: DigitSet, symbols: Symbols) -> String {
    if set.is_empty() {
        return "-".into();
    }
    set.iter().map(|d| symbols.symbol(d)).collect()
}

pub fn run_candidates(puzzles: &[Line], searches: usize, format: Format) -> ExitCode {
    for_each(puzzles, format, |out, line, puzzle, symbols| {
        // One solve first: it names broken givens, and a unique solution is the answer.
        let (cells, complete) = match solve(puzzle, &mut Budget::unlimited()).verdict {
            Verdict::Conflict(c) => {
                return match format {
                    Format::Tsv => writeln!(out, "invalid\t{c}"),
                    Format::Text => writeln!(out, "line {line}: no solution: {c}\n"),
                }
            }
            Verdict::Broken { why, .. } => {
                return match format {
                    Format::Tsv => writeln!(out, "invalid\t{why}"),
                    Format::Text => writeln!(out, "line {line}: no solution: {why}\n"),
                }
            }
            Verdict::NoSolution => {
                return match format {
                    Format::Tsv => writeln!(out, "none"),
                    Format::Text => writeln!(out, "line {line}: no solution\n"),
                }
            }
            Verdict::Unique(s) => (s.cells().iter().map(|&d| DigitSet::of(d)).collect(), true),
            _ => {
                let found = true_candidates(puzzle, searches, &mut Budget::unlimited());
                (found.cells, found.complete)
            }
        };
        // The puzzle's cells: all but those outside a smaller grid of ISS's.
        let shown: Vec<String> = symbols
            .cells_of(puzzle.shape().n())
            .into_iter()
            .map(|c| digits(cells[c], symbols))
            .collect();
        match format {
            Format::Tsv => {
                let status = if complete { "complete" } else { "incomplete" };
                writeln!(out, "{status}\t{}", shown.join(" "))
            }
            Format::Text => {
                let status = if complete {
                    "true candidates"
                } else {
                    "candidates, incomplete (raise --searches): a digit shown may be in no solution"
                };
                writeln!(out, "line {line}: {status}")?;
                writeln!(out, "{}", candidate_grid(puzzle.shape(), &shown, symbols))
            }
        }
    })
}

/// The candidates as a grid, each cell padded to the widest, boxes ruled as `to_pretty`;
/// a smaller grid of ISS's ([`Symbols::window`]) a row a line, unruled, as `to_pretty_in`.
fn candidate_grid(shape: Shape, cells: &[String], symbols: Symbols) -> String {
    let n = shape.n();
    let width = cells.iter().map(String::len).max().unwrap_or(1);
    let mut rows = Vec::new();
    if let Some((_, cols)) = symbols.window(n) {
        for row in cells.chunks(cols) {
            let padded: Vec<String> = row.iter().map(|c| format!("{c:<width$}")).collect();
            rows.push(padded.join(" ").trim_end().to_string());
        }
        return rows.join("\n") + "\n";
    }
    for r in 0..n {
        if r > 0 && r % shape.box_rows() == 0 {
            let boxes = vec!["-".repeat(shape.box_cols() * (width + 1)); n / shape.box_cols()];
            let mut rule = boxes.join("+-");
            rule.pop();
            rows.push(rule);
        }
        let mut row = String::new();
        for c in 0..n {
            if c > 0 && c % shape.box_cols() == 0 {
                row.push_str("| ");
            }
            row.push_str(&format!("{:<width$} ", cells[r * n + c]));
        }
        rows.push(row.trim_end().to_string());
    }
    rows.join("\n") + "\n"
}

/// What people call the houses of a kind beyond rows, columns and regions.
fn kind_name(kind: HouseKind) -> Option<&'static str> {
    match kind {
        HouseKind::Row | HouseKind::Column | HouseKind::Region => None,
        HouseKind::Diagonal => Some("diagonal"),
        HouseKind::ExtraRegion => Some("extra region"),
        HouseKind::Disjoint => Some("disjoint groups"),
        HouseKind::Cage => Some("killer cages (no digit repeats)"),
        HouseKind::Knight => Some("anti-knight"),
        HouseKind::King => Some("anti-king"),
    }
}

/// `sudoku rules LINK`: the rules read, the houses beyond rows, columns and regions by kind,
/// the title, author and rules text, and what was only drawn.
pub fn run_rules(link: &str) -> Result<ExitCode, String> {
    let text = if link == "-" {
        read_input(None)?
    } else {
        link.to_string()
    };
    let imported = match sudoku_links::read(visible(&text)) {
        Ok(imported) => imported,
        // A classic puzzle as text has the classic rules; the link's reason is the one
        // given otherwise.
        Err(e) => match Grid::parse(&text) {
            Ok(grid) => sudoku_links::Imported::from_puzzle(Puzzle::classic(grid), None, None),
            Err(_) => {
                eprintln!("sudoku: {e}");
                return Ok(ExitCode::from(2));
            }
        },
    };
    let puzzle = &imported.puzzle;
    let (shape, houses) = (puzzle.shape(), puzzle.houses());
    let mut out = String::new();
    let mut say = |line: String| {
        out.push_str(&line);
        out.push('\n');
    };
    if let Some(title) = &imported.title {
        say(format!("title: {title}"));
    }
    if let Some(author) = &imported.author {
        say(format!("author: {author}"));
    }
    let regions: Vec<usize> = (0..houses.len())
        .filter(|&h| houses.kind(h) == HouseKind::Region)
        .collect();
    let layout = match regions.first() {
        None => "no regions".to_string(),
        Some(&first) if houses.name(first).starts_with("box") => "boxes".into(),
        Some(_) => format!("{} irregular regions", regions.len()),
    };
    let symbols = imported.symbols;
    match symbols.window(shape.n()) {
        Some((rows, cols)) => say(format!(
            "size: ISS's {rows}x{cols} grid of {} values, {layout}; stated as the top-left \
             corner of a {shape} grid whose other cells are no part of the puzzle",
            shape.n()
        )),
        None => say(format!("size: {shape}, {layout}")),
    }
    if let Symbols::Iss { offset: 1, .. } = symbols {
        say(format!(
            "values: from 0, as ISS writes them; each is the engine's digit less one, so \
             the rules below are stated on the digits 1-{} (their sums, parities and values)",
            shape.n()
        ));
    }
    say(format!(
        "givens: {}",
        symbols.grid_line(puzzle.givens().cells())
    ));
    if let Some(chaos) = &imported.chaos {
        say(format!(
            "chaos construction: the solver finds {} regions of {} cells, orthogonally \
             connected, no digit twice in one; each layout of regions is a solution",
            chaos.regions(shape),
            chaos.size()
        ));
        for clue in chaos.clues() {
            let what = match clue {
                ChaosClue::Run { .. } => "chaos arrow: the run from its first cell in its region",
                ChaosClue::Count { .. } => {
                    "chaos count: the listed cells in the first one's region"
                }
                ChaosClue::Regions { .. } => "the regions its listed cells lie in",
                ChaosClue::SameRegions { sets } => {
                    let sets: Vec<String> = sets
                        .iter()
                        .map(|set| {
                            set.iter()
                                .map(|&c| shape.cell(c).to_string())
                                .collect::<Vec<_>>()
                                .join(" ")
                        })
                        .collect();
                    say(format!("  same regions in each of: {}", sets.join("; ")));
                    continue;
                }
            };
            let control = clue.control().expect("a clue that gives a digit");
            say(format!("  {} holds {what}", shape.cell(control)));
        }
    }
    if puzzle.rules().is_empty() {
        say("rules: none beyond the houses".into());
    } else {
        say(format!("rules ({}):", puzzle.rules().len()));
        for rule in puzzle.rules() {
            say(format!("  {}", rule.describe(shape)));
        }
    }
    let mut kinds: Vec<(HouseKind, Vec<usize>)> = Vec::new();
    for h in 0..houses.len() {
        let kind = houses.kind(h);
        if kind_name(kind).is_none() {
            continue;
        }
        match kinds.iter_mut().find(|(k, _)| *k == kind) {
            Some((_, list)) => list.push(h),
            None => kinds.push((kind, vec![h])),
        }
    }
    if !kinds.is_empty() {
        say("houses beyond rows, columns and regions:".into());
        for (kind, list) in &kinds {
            let name = kind_name(*kind).expect("named");
            let detail = match kind {
                HouseKind::Knight | HouseKind::King => format!("{} pairs of cells", list.len()),
                HouseKind::Cage => format!("{} cages", list.len()),
                _ => {
                    let names: Vec<String> = list.iter().map(|&h| houses.name(h)).collect();
                    names.join(", ")
                }
            };
            say(format!("  {name}: {detail}"));
        }
    }
    if let Some(rules) = &imported.rules {
        say("rules text:".into());
        for line in rules.lines() {
            say(format!("  {line}"));
        }
    }
    if let Some(solution) = &imported.solution {
        say(format!(
            "solution given: {}",
            symbols.grid_line(solution.cells())
        ));
    }
    if imported.drawn.is_empty() {
        say("drawn, not checked: nothing".into());
    } else {
        say(format!("drawn, not checked ({}):", imported.drawn.len()));
        for drawn in &imported.drawn {
            say(format!("  {}", drawn.description));
        }
    }
    Ok(match io::stdout().write_all(out.as_bytes()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => output_failed(e),
    })
}
