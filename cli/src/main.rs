//! `sudoku`: solve, count, rate and benchmark puzzles given as text or links.

use std::io::{self, Write};
use std::process::ExitCode;
use std::time::Instant;

use clap::{Parser, Subcommand, ValueEnum};
use sudoku_engine::generate::variant::{generate_variant, Genre};
use sudoku_engine::generate::{generate, levels, techniques, Request, Symmetry};
use sudoku_engine::logic::{
    out_of_time_ending, rate, solve_path_within, Level, Settings, Technique, PATH_STEP_MILLIS,
};
use sudoku_engine::symbols::symbol;
use sudoku_engine::timing::{time_solving, Timed};
use sudoku_engine::{
    count, parse_puzzles, solve, true_candidates, Budget, DigitSet, Grid, HouseKind, ParseError,
    Puzzle, Shape, Verdict,
};
use sudoku_links::export::{link, Site};
use sudoku_links::{made_document, LinkError};

#[derive(Parser)]
#[command(
    name = "sudoku",
    version,
    about = "Solve, count, rate, make and benchmark Sudoku puzzles of every size, classic or \
             variants from f-puzzles and SudokuPad links"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Solve each puzzle and prove whether its solution is unique
    ///
    /// The input holds puzzles as text (one a line, fields after it ignored; or one grid
    /// over several lines, decorated, SimpleSudoku's .ss, SadMan's .sdk) or links, one a
    /// line: f-puzzles (?load=), SudokuPad (fpuzzles…, scl…, ctc…, scf…, classic…), their
    /// bare payloads, or f-puzzles' JSON.
    Solve {
        /// Puzzles as text or links; `-` or nothing for standard input
        file: Option<String>,
        #[arg(long, value_enum, default_value_t = Format::Text)]
        format: Format,
    },
    /// Count each puzzle's solutions, up to a limit
    Count {
        /// Puzzles as text or links, as `solve` reads them; `-` or nothing for standard input
        file: Option<String>,
        #[arg(long, default_value_t = 1000)]
        limit: u64,
    },
    /// Each puzzle's true candidates: the digits each cell holds in some solution
    ///
    /// tsv: one line per puzzle, `complete` (or `incomplete`, when --searches ran out: then
    /// a digit shown may still be in no solution, but none left out is), a tab, and each
    /// cell's digits in reading order, cells separated by spaces (`8 1246 346 ...`; 16x16
    /// and 25x25 digits above 9 are letters). A puzzle with no solution gives `none`, one
    /// whose givens break a rule `invalid<TAB>why`. text: a grid of candidates.
    Candidates {
        /// Puzzles as text or links, as `solve` reads them; `-` or nothing for standard input
        file: Option<String>,
        /// The most searches made, one for each digit not yet seen in a solution
        #[arg(long, default_value_t = 2000)]
        searches: usize,
        #[arg(long, value_enum, default_value_t = Format::Text)]
        format: Format,
    },
    /// Print the rules read from a link (or `-` for standard input), and what was only drawn
    ///
    /// A classic puzzle given as text has no rule beyond rows, columns and boxes.
    Rules { link: String },
    /// Solve each puzzle step by step with logic, naming each technique (classic puzzles)
    Steps {
        file: Option<String>,
        #[arg(long, value_enum, default_value_t = Format::Text)]
        format: Format,
    },
    /// Rate each puzzle: the hardest technique its logical solution needs (classic puzzles)
    Rate {
        file: Option<String>,
        #[arg(long, value_enum, default_value_t = Format::Text)]
        format: Format,
    },
    /// Make new puzzles, each with one solution, one per line
    ///
    /// With --variant, 9x9 variant puzzles, each as its f-puzzles link (tsv: the link, the
    /// level and the rating).
    Generate {
        /// A variant to make (9x9): killer, arrow, thermo, kropki, jigsaw, diagonal,
        /// antiknight or odd-even
        #[arg(long, value_parser = parse_variant, conflicts_with_all = ["size", "symmetry", "technique", "minimal"])]
        variant: Option<Genre>,
        /// 4x4, 6x6, 9x9, 12x12, 16x16 or 25x25
        #[arg(long, default_value = "9x9", value_parser = parse_size)]
        size: Shape,
        /// The level the rater must give each puzzle: easy, medium, hard, expert or extreme
        #[arg(long, value_parser = parse_level)]
        level: Option<Level>,
        /// The symmetry of the givens: none, 180, 90, mirror or diagonal
        #[arg(long, default_value = "180", value_parser = parse_symmetry)]
        symmetry: Symmetry,
        /// A technique each puzzle's hardest step must be, named as `sudoku steps` prints it
        #[arg(long, value_parser = parse_technique)]
        technique: Option<Technique>,
        /// Every given is needed
        #[arg(long)]
        minimal: bool,
        #[arg(long, default_value_t = 1)]
        count: u32,
        /// The same seed and options give the same puzzles; the clock's if not given
        #[arg(long)]
        seed: Option<u64>,
        #[arg(long, value_enum, default_value_t = Format::Text)]
        format: Format,
    },
    /// Read the puzzle in each photo or screenshot (JPEG or PNG), one line per image
    Scan {
        #[arg(required = true)]
        images: Vec<String>,
        #[arg(long, value_enum, default_value_t = Format::Text)]
        format: Format,
    },
    /// Time the solving loop (solve and prove uniqueness) over a file of puzzles
    Bench {
        file: String,
        #[arg(long, default_value_t = 5)]
        rounds: usize,
        #[arg(long, value_enum, default_value_t = Format::Text)]
        format: Format,
    },
}

fn parse_level(text: &str) -> Result<Level, String> {
    Level::from_name(text)
        .ok_or_else(|| "the levels are easy, medium, hard, expert and extreme".into())
}

fn parse_variant(text: &str) -> Result<Genre, String> {
    Genre::from_name(text).ok_or_else(|| {
        let names: Vec<&str> = Genre::ALL.iter().map(|g| g.name()).collect();
        format!("the variants are: {}", names.join(", "))
    })
}

fn parse_size(text: &str) -> Result<Shape, String> {
    let side = text.split_once('x').map_or(text, |(a, _)| a);
    side.parse()
        .ok()
        .and_then(Shape::for_side)
        .filter(|s| text == s.to_string() || text == s.n().to_string())
        .ok_or_else(|| "the sizes are 4x4, 6x6, 9x9, 12x12, 16x16 and 25x25".into())
}

fn parse_symmetry(text: &str) -> Result<Symmetry, String> {
    Symmetry::from_name(&text.to_lowercase())
        .ok_or_else(|| "the symmetries are none, 180, 90, mirror and diagonal".into())
}

fn parse_technique(text: &str) -> Result<Technique, String> {
    // Puzzles are made classic, so a technique kept to variants is no trainer.
    let classic = Technique::from_name(text).filter(|t| !t.variants_only());
    classic.ok_or_else(|| {
        let names: Vec<&str> = Technique::classic().iter().map(|t| t.name()).collect();
        format!("the techniques are: {}", names.join(", "))
    })
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum Format {
    Text,
    Tsv,
}

/// A puzzle as read: the line it starts on in the input, and the puzzle or why not.
type Line = (usize, Result<Puzzle, Unreadable>);

/// Why an entry of the input is no puzzle to work on.
enum Unreadable {
    Text(ParseError),
    Link(LinkError),
}

impl Unreadable {
    /// The message for stderr: the text errors that name their line say it themselves.
    fn report(&self, line: usize) -> String {
        match self {
            Unreadable::Text(
                e @ (ParseError::UnexpectedChar { .. } | ParseError::BadDigit { .. }),
            ) => e.to_string(),
            other => format!("line {line}: {other}"),
        }
    }
}

impl std::fmt::Display for Unreadable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Unreadable::Text(e) => e.fmt(f),
            Unreadable::Link(e) => e.fmt(f),
        }
    }
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Solve { file, format } => read(file.as_deref()).map(|p| run_solve(&p, format)),
        Command::Count { file, limit } => read(file.as_deref()).map(|p| run_count(&p, limit)),
        Command::Steps { file, format } => read(file.as_deref()).map(|p| run_steps(&p, format)),
        Command::Rate { file, format } => read(file.as_deref()).map(|p| run_rate(&p, format)),
        Command::Candidates {
            file,
            searches,
            format,
        } => read(file.as_deref()).map(|p| run_candidates(&p, searches, format)),
        Command::Rules { link } => run_rules(&link),
        Command::Generate {
            variant: Some(genre),
            level,
            count,
            seed,
            format,
            ..
        } => run_generate_variant(genre, level, count, seed.unwrap_or_else(clock_seed), format),
        Command::Generate {
            variant: None,
            size,
            level,
            symmetry,
            technique,
            minimal,
            count,
            seed,
            format,
        } => {
            let request = Request {
                shape: size,
                level,
                symmetry,
                technique,
                minimal,
            };
            run_generate(&request, count, seed.unwrap_or_else(clock_seed), format)
        }
        Command::Scan { images, format } => Ok(run_scan(&images, format)),
        Command::Bench {
            file,
            rounds,
            format,
        } => read(Some(&file)).and_then(|p| run_bench(p, rounds, format)),
    };
    match result {
        Ok(code) => code,
        Err(message) => {
            eprintln!("sudoku: {message}");
            ExitCode::FAILURE
        }
    }
}

/// Reads the puzzle in each image. tsv: `path`, the puzzle on one line, the lowest cell
/// confidence. An image that cannot be read gets a message on stderr and exit code 2.
fn run_scan(images: &[String], format: Format) -> ExitCode {
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

/// Reads the input: `-` or nothing is standard input.
fn read_input(file: Option<&str>) -> Result<String, String> {
    match file {
        None | Some("-") => {
            io::read_to_string(io::stdin()).map_err(|e| format!("standard input: {e}"))
        }
        Some(path) => std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}")),
    }
}

/// Reads the puzzles of the input, text and links alike.
fn read(file: Option<&str>) -> Result<Vec<Line>, String> {
    Ok(read_puzzles(&read_input(file)?))
}

/// Characters that editors and web pages put in text unseen.
const INVISIBLE: [char; 5] = ['\u{feff}', '\u{200b}', '\u{200c}', '\u{200d}', '\u{2060}'];

fn visible(text: &str) -> &str {
    text.trim_matches(|c: char| c.is_whitespace() || INVISIBLE.contains(&c))
}

/// Each line that is a link, payload or f-puzzles JSON goes to the link reader; the rest
/// is read as text ([`parse_puzzles`]), where a grid may take several lines. A file whose
/// first line opens a JSON object it does not close is that one object, one puzzle.
fn read_puzzles(text: &str) -> Vec<Line> {
    let whole = visible(text);
    let first = text.lines().map(visible).find(|l| !l.is_empty());
    if first.is_some_and(|l| l.starts_with('{') && !l.ends_with('}')) {
        // One JSON object over several lines: read it whole, or say why not once.
        let line = 1 + text.lines().take_while(|l| visible(l).is_empty()).count();
        let read = sudoku_links::read(whole)
            .map(|imported| imported.puzzle)
            .map_err(Unreadable::Link);
        return vec![(line, read)];
    }
    let mut found: Vec<Line> = Vec::new();
    let mut rest = String::with_capacity(text.len());
    for (i, line) in text.lines().enumerate() {
        let trimmed = visible(line);
        if looks_like_link(trimmed) {
            let read = sudoku_links::read(trimmed)
                .map(|imported| imported.puzzle)
                .map_err(Unreadable::Link);
            found.push((i + 1, read));
        } else {
            rest.push_str(line);
        }
        rest.push('\n');
    }
    found.extend(
        parse_puzzles(&rest)
            .into_iter()
            .map(|(line, grid)| (line, grid.map(Puzzle::classic).map_err(Unreadable::Text))),
    );
    found.sort_by_key(|&(line, _)| line);
    found
}

/// Whether a line is a link, a payload or JSON rather than a grid: an address, `{`, a
/// SudokuPad prefix, or base64 of some length holding a character no grid is written with.
fn looks_like_link(line: &str) -> bool {
    let lower = line.to_ascii_lowercase();
    // Starts with: a puzzle line may name its source in a comment after it.
    if [
        "http://",
        "https://",
        "www.",
        "f-puzzles.com",
        "sudokupad.app",
        "app.crackingthecryptic.com",
    ]
    .iter()
    .any(|p| lower.starts_with(p))
        || line.starts_with('{')
        // SudokuPad's payload prefixes. No grid starts with them: `s`, `t` and `u` are no digit.
        || sudoku_links::PREFIXES
            .iter()
            .any(|(p, _)| line.len() > p.len() && line.starts_with(p))
        // ISS's constraint text, `.Type~…` (no grid has a letter after its first dot).
        || sudoku_links::iss::is_iss(line)
    {
        return true;
    }
    let base64 = |c: char| c.is_ascii_alphanumeric() || matches!(c, '+' | '/' | '=' | '%');
    let no_symbol = |c: char| matches!(c, 'q'..='z' | 'Q'..='Z' | '+' | '/' | '=' | '%');
    line.len() >= 40 && line.chars().all(base64) && line.chars().any(no_symbol)
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
    each: impl FnMut(&mut dyn Write, usize, &Puzzle) -> io::Result<()>,
) -> ExitCode {
    match write_each(puzzles, format, each) {
        Ok(true) => ExitCode::from(2),
        Ok(false) => ExitCode::SUCCESS,
        Err(error) => output_failed(error),
    }
}

/// The loop of [`for_each`]; true if a puzzle was unreadable.
fn write_each(
    puzzles: &[Line],
    format: Format,
    mut each: impl FnMut(&mut dyn Write, usize, &Puzzle) -> io::Result<()>,
) -> io::Result<bool> {
    let mut out = io::BufWriter::new(io::stdout().lock());
    let mut failed = false;
    for (line, puzzle) in puzzles {
        let written = match puzzle {
            Ok(grid) => each(&mut out, *line, grid),
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

fn clock_seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64)
}

/// Puzzle `i` comes from `seed + i`, so one of a batch can be made again alone.
fn run_generate(
    request: &Request,
    count: u32,
    seed: u64,
    format: Format,
) -> Result<ExitCode, String> {
    let offered = levels(request.shape);
    if let Some(level) = request.level.filter(|l| !offered.contains(l)) {
        let names: Vec<String> = offered
            .iter()
            .map(|l| l.to_string().to_lowercase())
            .collect();
        return Err(format!(
            "{} puzzles are not made at {}: its levels are {}",
            request.shape,
            level.to_string().to_lowercase(),
            names.join(", ")
        ));
    }
    if let Some(technique) = request.technique {
        if !techniques(request.shape).contains(&technique) {
            return Err(format!(
                "{} puzzles are not made for {technique}: it never came up as the hardest step there when tried",
                request.shape
            ));
        }
    }
    let mut out = io::BufWriter::new(io::stdout().lock());
    for i in 0..count {
        let seed = seed.wrapping_add(u64::from(i));
        let made = generate(request, seed, MAX_ATTEMPTS, |_| true)
            .ok_or_else(|| format!("no such puzzle in {MAX_ATTEMPTS} attempts from seed {seed}"))?;
        let line = made.puzzle.to_line();
        let written = match format {
            Format::Text => writeln!(out, "{line}"),
            Format::Tsv => writeln!(
                out,
                "{line}\t{}\t{:.1}",
                made.rating.level, made.rating.rating
            ),
        };
        if let Err(error) = written.and_then(|()| out.flush()) {
            return Ok(output_failed(error));
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// Makes `count` variant puzzles, puzzle `i` from `seed + i`, each printed as its
/// f-puzzles link (tsv: with its level and rating).
fn run_generate_variant(
    genre: Genre,
    level: Option<Level>,
    count: u32,
    seed: u64,
    format: Format,
) -> Result<ExitCode, String> {
    let offered = genre.levels();
    if let Some(level) = level.filter(|l| !offered.contains(l)) {
        let names: Vec<String> = offered
            .iter()
            .map(|l| l.to_string().to_lowercase())
            .collect();
        return Err(format!(
            "{} puzzles are not made at {}: its levels are {} (its own steps are rated {})",
            genre.name(),
            level.to_string().to_lowercase(),
            names.join(", "),
            offered[0].to_string().to_lowercase()
        ));
    }
    let mut out = io::BufWriter::new(io::stdout().lock());
    for i in 0..count {
        let seed = seed.wrapping_add(u64::from(i));
        let made = generate_variant(genre, level, seed, MAX_ATTEMPTS, |_| true)
            .ok_or_else(|| format!("no such puzzle in {MAX_ATTEMPTS} attempts from seed {seed}"))?;
        let title = format!("{}, {}", genre.title(), made.rating.level);
        let document = made_document(&made.puzzle, &title, made.rules);
        let json = serde_json::to_string(&document).map_err(|e| e.to_string())?;
        let url = link(&json, Site::FPuzzles);
        let written = match format {
            Format::Text => writeln!(out, "{url}"),
            Format::Tsv => writeln!(
                out,
                "{url}\t{}\t{:.1}",
                made.rating.level, made.rating.rating
            ),
        };
        if let Err(error) = written.and_then(|()| out.flush()) {
            return Ok(output_failed(error));
        }
    }
    Ok(ExitCode::SUCCESS)
}

fn run_solve(puzzles: &[Line], format: Format) -> ExitCode {
    for_each(puzzles, format, |out, line, puzzle| {
        match (format, solve(puzzle, &mut Budget::unlimited()).verdict) {
            (Format::Tsv, Verdict::Unique(s)) => writeln!(out, "unique\t{s}"),
            (Format::Tsv, Verdict::Multiple(a, b)) => writeln!(out, "multiple\t{a}\t{b}"),
            (Format::Tsv, Verdict::Conflict(c)) => writeln!(out, "invalid\t{c}"),
            (Format::Tsv, Verdict::Broken { why, .. }) => writeln!(out, "invalid\t{why}"),
            (Format::Tsv, _) => writeln!(out, "none"),
            (Format::Text, Verdict::Unique(s)) => {
                writeln!(out, "line {line}: unique solution\n{}", s.to_pretty())
            }
            (Format::Text, Verdict::Multiple(a, b)) => {
                writeln!(
                    out,
                    "line {line}: several solutions; two of them:\n{}\n{}",
                    a.to_pretty(),
                    b.to_pretty()
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
    })
}

fn run_count(puzzles: &[Line], limit: u64) -> ExitCode {
    for_each(puzzles, Format::Tsv, |out, _, puzzle| {
        writeln!(
            out,
            "{}",
            count(puzzle, limit, &mut Budget::unlimited()).count
        )
    })
}

fn run_steps(puzzles: &[Line], format: Format) -> ExitCode {
    let start = Instant::now();
    let clock = || start.elapsed().as_secs_f64() * 1000.0;
    for_each(puzzles, format, |out, line, puzzle| {
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
                            .map(|&(c, d)| format!("{}{op}{}", shape.cell(c), symbol(d)))
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

fn run_rate(puzzles: &[Line], format: Format) -> ExitCode {
    for_each(puzzles, format, |out, line, puzzle| {
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

fn run_bench(puzzles: Vec<Line>, rounds: usize, format: Format) -> Result<ExitCode, String> {
    let grids: Vec<Puzzle> = puzzles
        .into_iter()
        .map(|(line, p)| p.map_err(|e| format!("line {line}: {e}")))
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
fn digits(set: DigitSet) -> String {
    if set.is_empty() {
        return "-".into();
    }
    set.iter().map(symbol).collect()
}

fn run_candidates(puzzles: &[Line], searches: usize, format: Format) -> ExitCode {
    for_each(puzzles, format, |out, line, puzzle| {
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
        let shown: Vec<String> = cells.iter().map(|&c| digits(c)).collect();
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
                writeln!(out, "{}", candidate_grid(puzzle.shape(), &shown))
            }
        }
    })
}

/// The candidates as a grid, each cell padded to the widest, boxes ruled as `to_pretty`.
fn candidate_grid(shape: Shape, cells: &[String]) -> String {
    let n = shape.n();
    let width = cells.iter().map(String::len).max().unwrap_or(1);
    let mut rows = Vec::new();
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
fn run_rules(link: &str) -> Result<ExitCode, String> {
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
    say(format!("size: {shape}, {layout}"));
    say(format!("givens: {}", puzzle.givens()));
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
        say(format!("solution given: {solution}"));
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
