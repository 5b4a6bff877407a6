//! `sudoku`: solve, count and benchmark puzzles given one per line.

use std::io::{self, Write};
use std::process::ExitCode;
use std::time::Instant;

use clap::{Parser, Subcommand, ValueEnum};
use sudoku_engine::generate::{generate, levels, techniques, Request, Symmetry};
use sudoku_engine::logic::{rate, solve_path, Level, Settings, Technique};
use sudoku_engine::symbols::symbol;
use sudoku_engine::timing::{time_solving, Timed};
use sudoku_engine::{count, solve, Budget, Grid, ParseError, Puzzle, Shape, Verdict};

#[derive(Parser)]
#[command(
    name = "sudoku",
    version,
    about = "Solve, count, rate, make and benchmark Sudoku puzzles of every size"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Solve each puzzle and prove whether its solution is unique
    Solve {
        /// One puzzle per line; `-` or nothing for standard input
        file: Option<String>,
        #[arg(long, value_enum, default_value_t = Format::Text)]
        format: Format,
    },
    /// Count each puzzle's solutions, up to a limit
    Count {
        file: Option<String>,
        #[arg(long, default_value_t = 1000)]
        limit: u64,
    },
    /// Solve each puzzle step by step with logic, naming each technique
    Steps {
        file: Option<String>,
        #[arg(long, value_enum, default_value_t = Format::Text)]
        format: Format,
    },
    /// Rate each puzzle: the hardest technique its logical solution needs
    Rate {
        file: Option<String>,
        #[arg(long, value_enum, default_value_t = Format::Text)]
        format: Format,
    },
    /// Make new puzzles, each with one solution, one per line
    Generate {
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
    Technique::from_name(text).ok_or_else(|| {
        let names: Vec<&str> = Technique::ALL.iter().map(|t| t.name()).collect();
        format!("the techniques are: {}", names.join(", "))
    })
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum Format {
    Text,
    Tsv,
}

/// A puzzle line: its line number in the input and what it parsed to.
type Line = (usize, Result<Grid, ParseError>);

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Solve { file, format } => read(file.as_deref()).map(|p| run_solve(&p, format)),
        Command::Count { file, limit } => read(file.as_deref()).map(|p| run_count(&p, limit)),
        Command::Steps { file, format } => read(file.as_deref()).map(|p| run_steps(&p, format)),
        Command::Rate { file, format } => read(file.as_deref()).map(|p| run_rate(&p, format)),
        Command::Generate {
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
        } => read(Some(&file)).and_then(|p| run_bench(&p, rounds, format)),
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
    let model = sudoku_scan::Model::from_bytes(sudoku_scan::WEIGHTS).expect("built-in weights");
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

/// Reads puzzles one per line, skipping blank lines and `#` comments.
fn read(file: Option<&str>) -> Result<Vec<Line>, String> {
    let text = match file {
        None | Some("-") => {
            io::read_to_string(io::stdin()).map_err(|e| format!("standard input: {e}"))?
        }
        Some(path) => std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?,
    };
    Ok(Grid::parse_lines(&text))
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
    each: impl FnMut(&mut dyn Write, usize, &Grid) -> io::Result<()>,
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
    mut each: impl FnMut(&mut dyn Write, usize, &Grid) -> io::Result<()>,
) -> io::Result<bool> {
    let mut out = io::BufWriter::new(io::stdout().lock());
    let mut failed = false;
    for (line, puzzle) in puzzles {
        let written = match puzzle {
            Ok(grid) => each(&mut out, *line, grid),
            Err(error) => {
                failed = true;
                match error {
                    ParseError::UnexpectedChar { .. } | ParseError::BadDigit { .. } => {
                        eprintln!("sudoku: {error}")
                    }
                    _ => eprintln!("sudoku: line {line}: {error}"),
                }
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

fn run_solve(puzzles: &[Line], format: Format) -> ExitCode {
    for_each(puzzles, format, |out, line, puzzle| {
        let puzzle = Puzzle::classic(puzzle.clone());
        match (format, solve(&puzzle, &mut Budget::unlimited()).verdict) {
            (Format::Tsv, Verdict::Unique(s)) => writeln!(out, "unique\t{s}"),
            (Format::Tsv, Verdict::Multiple(a, b)) => writeln!(out, "multiple\t{a}\t{b}"),
            (Format::Tsv, Verdict::Conflict(c)) => writeln!(out, "invalid\t{c}"),
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
            (Format::Text, _) => writeln!(out, "line {line}: no solution\n"),
        }
    })
}

fn run_count(puzzles: &[Line], limit: u64) -> ExitCode {
    for_each(puzzles, Format::Tsv, |out, _, puzzle| {
        writeln!(
            out,
            "{}",
            count(
                &Puzzle::classic(puzzle.clone()),
                limit,
                &mut Budget::unlimited()
            )
            .count
        )
    })
}

fn run_steps(puzzles: &[Line], format: Format) -> ExitCode {
    for_each(puzzles, format, |out, line, puzzle| {
        let path = solve_path(puzzle, &Settings::for_puzzle(puzzle));
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
        let end = if path.solved { "solved" } else { "stuck" };
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

fn run_bench(puzzles: &[Line], rounds: usize, format: Format) -> Result<ExitCode, String> {
    let grids: Vec<Puzzle> = puzzles
        .iter()
        .map(|(line, p)| {
            p.clone()
                .map(Puzzle::classic)
                .map_err(|e| format!("line {line}: {e}"))
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
