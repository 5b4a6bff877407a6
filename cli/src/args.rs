//! The command line's arguments: each command, its options, and how a value is read.

use clap::{Parser, Subcommand, ValueEnum};
use sudoku_engine::generate::variant::Genre;
use sudoku_engine::generate::Symmetry;
use sudoku_engine::logic::{Level, Technique};
use sudoku_engine::Shape;
use sudoku_links::export::Site;

#[derive(Parser)]
#[command(
    name = "sudoku",
    version,
    about = "Solve, count, rate, make and benchmark Sudoku puzzles of every size, classic or \
             variants from f-puzzles and SudokuPad links"
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Subcommand)]
pub enum Command {
    /// Solve each puzzle and prove whether its solution is unique
    ///
    /// The input holds puzzles as text (one a line, fields after it ignored; or one grid
    /// over several lines, decorated, SimpleSudoku's .ss, SadMan's .sdk) or links, one a
    /// line: f-puzzles (?load=), SudokuPad (fpuzzles…, scl…, ctc…, scf…, classic…), their
    /// bare payloads, f-puzzles' JSON, or Sigh's Interactive Sudoku Solver (?q=…, or its
    /// bare constraint text .Cage~10~R1C1~R1C2…), whose puzzles are written in its values.
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
    /// With --variant, 9x9 variant puzzles, each as its f-puzzles link, or its link to the
    /// site --site names (tsv: the link, the level and the rating).
    Generate {
        /// A variant to make (9x9): killer, arrow, thermo, kropki, jigsaw, diagonal,
        /// antiknight, odd-even, greater-than, 10-lines or antitaxicab
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
        /// The site whose link each variant puzzle is written as: f-puzzles, sudokupad or iss
        #[arg(long, default_value = "f-puzzles", value_parser = parse_site, requires = "variant")]
        site: Site,
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

fn parse_site(text: &str) -> Result<Site, String> {
    Site::ALL
        .into_iter()
        .find(|site| site.name().eq_ignore_ascii_case(text))
        .ok_or_else(|| {
            let names: Vec<&str> = Site::ALL.iter().map(|s| s.name()).collect();
            format!("the sites are: {}", names.join(", "))
        })
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
pub enum Format {
    Text,
    Tsv,
}
