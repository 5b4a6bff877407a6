//! The `sudoku` binary, run as a user would.

use std::io::Write;
use std::process::{Command, Output, Stdio};

const SEED: &str =
    "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";
const SEED_SOLUTION: &str =
    "812753649943682175675491283154237896369845721287169534521974368438526917796318452";

fn run(args: &[&str], stdin: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_sudoku"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(stdin.as_bytes())
        .unwrap();
    child.wait_with_output().unwrap()
}

fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).unwrap()
}

#[test]
fn solve_tsv_gives_one_line_per_puzzle() {
    let several = SEED.replacen('8', ".", 1);
    let conflict = format!("55{}", &SEED[2..]);
    let none = format!("12345678.........9{}", ".".repeat(63));
    let input = format!(
        "# a comment\n{SEED}\n\n{several}\n{none}\n{conflict}\n{}\n",
        &SEED[1..]
    );
    let out = run(&["solve", "-", "--format", "tsv"], &input);
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 5, "{text}");
    assert_eq!(lines[0], format!("unique\t{SEED_SOLUTION}"));
    let fields: Vec<&str> = lines[1].split('\t').collect();
    assert_eq!(fields[0], "multiple");
    assert!(fields[1] != fields[2] && fields[1].len() == 81 && fields[2].len() == 81);
    assert_eq!(lines[2], "none");
    assert_eq!(lines[3], "invalid\tr1c1 and r1c2 are both 5");
    assert_eq!(lines[4], "invalid\tfound 80 cells; a 9x9 puzzle needs 81");
    assert_eq!(
        out.status.code(),
        Some(2),
        "an unreadable puzzle makes the exit code non-zero"
    );
    assert!(String::from_utf8_lossy(&out.stderr).contains("line 7: found 80 cells"));
}

#[test]
fn solve_reads_files_and_writes_readable_grids() {
    let path = std::env::temp_dir().join(format!("sudoku-cli-{}.txt", std::process::id()));
    std::fs::write(&path, format!("{SEED}\n")).unwrap();
    let out = run(&["solve", path.to_str().unwrap()], "");
    std::fs::remove_file(&path).ok();
    assert!(out.status.success());
    let text = stdout(&out);
    assert!(
        text.starts_with("line 1: unique solution\n8 1 2 | 7 5 3 | 6 4 9\n"),
        "{text}"
    );
    assert!(text.contains("------+-------+------"));
}

#[test]
fn large_grids_answer_in_their_own_symbols() {
    let empty16 = ".".repeat(256);
    let out = run(&["solve", "--format", "tsv"], &empty16);
    let text = stdout(&out);
    let fields: Vec<&str> = text.trim_end().split('\t').collect();
    assert_eq!(fields[0], "multiple");
    assert!(fields[1].contains('G') && fields[1].len() == 256, "{text}");
}

#[test]
fn count_stops_at_the_limit() {
    let out = run(
        &["count", "--limit", "10"],
        &format!("{}\n{SEED}\n", ".".repeat(16)),
    );
    assert_eq!(stdout(&out), "10\n1\n");
    let out = run(&["count"], &".".repeat(16));
    assert_eq!(stdout(&out), "288\n");
}

#[test]
fn bench_tsv_reports_puzzles_time_guesses_and_checksum() {
    let path = std::env::temp_dir().join(format!("sudoku-bench-{}.txt", std::process::id()));
    std::fs::write(&path, format!("{SEED}\n{SEED}\n")).unwrap();
    let out = run(
        &[
            "bench",
            path.to_str().unwrap(),
            "--rounds",
            "3",
            "--format",
            "tsv",
        ],
        "",
    );
    std::fs::remove_file(&path).ok();
    let text = stdout(&out);
    let fields: Vec<&str> = text.trim_end().split('\t').collect();
    assert_eq!(fields.len(), 4, "{text}");
    assert_eq!(fields[0], "2");
    assert!(fields[1].parse::<f64>().unwrap() > 0.0);
    assert!(fields[2].parse::<f64>().is_ok());
    assert_eq!(fields[3].len(), 16);
}

#[test]
fn unreadable_input_fails_with_a_message() {
    let out = run(&["solve", "/no/such/file"], "");
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("/no/such/file"));
    let out = run(&["bench", "/no/such/file"], "");
    assert!(!out.status.success());
}

#[test]
fn steps_tsv_lists_each_step_then_the_end() {
    // top1465 #1, which logic solves.
    let puzzle =
        "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";
    let solution =
        "468931527751624839392578461134756298289413675675289314846192753513867942927345186";
    let out = run(&["steps", "--format", "tsv"], &format!("{puzzle}\n"));
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(*lines.last().unwrap(), "end\tsolved");
    let first: Vec<&str> = lines[0].split('\t').collect();
    assert_eq!(first.len(), 3, "{}", lines[0]);
    // Every placement is written r3c5=7 and agrees with the solution.
    for line in &lines[..lines.len() - 1] {
        let fields: Vec<&str> = line.split('\t').collect();
        for placement in fields[1].split_whitespace() {
            let (cell, digit) = placement.split_once('=').unwrap();
            let (r, c) = cell[1..].split_once('c').unwrap();
            let index = (r.parse::<usize>().unwrap() - 1) * 9 + c.parse::<usize>().unwrap() - 1;
            assert_eq!(&solution[index..=index], digit, "{line}");
        }
        assert!(
            fields[2].split_whitespace().all(|e| e.contains("<>")),
            "{line}"
        );
    }
    // The seed puzzle defeats every technique: logic stops and says so.
    let stuck = run(&["steps", "--format", "tsv"], SEED);
    assert!(stdout(&stuck).ends_with("end\tstuck\n"));
}

#[test]
fn rate_tsv_gives_level_rating_and_ending() {
    let easy = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
    let out = run(
        &["rate", "--format", "tsv"],
        &format!("{easy}\n{}\n", ".".repeat(81)),
    );
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "Easy\t1.2\tsolved", "hidden singles alone");
    assert_eq!(lines[1], "Needs guessing\t0.0\tstuck");
}

#[test]
fn a_reader_that_stops_early_ends_the_output_quietly() {
    // `sudoku solve data/top1465.txt | head -1`: far more output than a pipe holds, so the
    // writer meets the closed pipe.
    let data = concat!(env!("CARGO_MANIFEST_DIR"), "/../data/top1465.txt");
    for args in [
        &["solve", data][..],
        &["solve", data, "--format", "tsv"][..],
    ] {
        let mut child = Command::new(env!("CARGO_BIN_EXE_sudoku"))
            .args(args)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("the binary runs");
        let mut first = [0u8; 16];
        std::io::Read::read_exact(child.stdout.as_mut().unwrap(), &mut first).unwrap();
        drop(child.stdout.take());
        let out = child.wait_with_output().unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(0), "{args:?}: {stderr}");
        assert_eq!(stderr, "", "{args:?}: no message, no backtrace");
    }
}

#[test]
fn a_file_saved_with_a_byte_order_mark_reads_as_usual() {
    let out = run(
        &["solve", "-", "--format", "tsv"],
        &format!("\u{feff}{SEED}\n\u{200b}{SEED}\n"),
    );
    assert_eq!(
        stdout(&out),
        format!("unique\t{SEED_SOLUTION}\nunique\t{SEED_SOLUTION}\n")
    );
    assert_eq!(out.status.code(), Some(0));
}

/// The tsv lines `generate` prints for `args`, split into their fields, after the checks
/// every batch must pass: `count` lines of puzzle, level and rating; each puzzle read back
/// unique by `solve`; the same lines again from the same seed.
fn generated(args: &[&str], count: usize) -> Vec<Vec<String>> {
    let first = run(args, "");
    assert!(
        first.status.success(),
        "{}",
        String::from_utf8_lossy(&first.stderr)
    );
    let lines: Vec<Vec<String>> = stdout(&first)
        .lines()
        .map(|line| line.split('\t').map(str::to_string).collect())
        .collect();
    assert_eq!(lines.len(), count);
    for fields in &lines {
        assert_eq!(fields.len(), 3, "{fields:?}");
        assert!(fields[2].parse::<f32>().is_ok(), "{fields:?}");
        // The puzzle reads back, and the solver finds it unique.
        let solved = run(&["solve", "--format", "tsv"], &fields[0]);
        assert!(stdout(&solved).starts_with("unique\t"), "{fields:?}");
    }
    assert_eq!(
        stdout(&run(args, "")),
        stdout(&first),
        "same seed, same puzzles"
    );
    lines
}

#[test]
fn generate_makes_one_puzzle_per_line_the_same_from_a_seed() {
    let args = [
        "generate",
        "--size",
        "6x6",
        "--symmetry",
        "mirror",
        "--count",
        "3",
        "--seed",
        "42",
        "--format",
        "tsv",
    ];
    let lines = generated(&args, 3);
    for fields in &lines {
        assert_eq!(fields[0].len(), 36);
    }
    let one = run(
        &[
            "generate",
            "--size",
            "6x6",
            "--symmetry",
            "mirror",
            "--seed",
            "43",
        ],
        "",
    );
    assert_eq!(stdout(&one).trim(), lines[1][0], "puzzle i is seed + i");
}

#[test]
fn generate_reads_technique_names_as_steps_prints_them_and_refuses_others() {
    let trained = run(
        &["generate", "--technique", "hidden-SINGLE", "--seed", "1"],
        "",
    );
    assert!(trained.status.success());
    let steps = run(&["steps", "--format", "tsv"], &stdout(&trained));
    assert!(stdout(&steps).contains("Hidden single"));
    let bad = run(&["generate", "--technique", "guessing"], "");
    assert!(!bad.status.success());
    assert!(String::from_utf8_lossy(&bad.stderr).contains("the techniques are: Full house"));
    let size = run(&["generate", "--size", "10x10"], "");
    assert!(String::from_utf8_lossy(&size.stderr).contains("the sizes are 4x4"));
    let level = run(&["generate", "--size", "4x4", "--level", "hard"], "");
    assert!(!level.status.success());
    assert!(String::from_utf8_lossy(&level.stderr)
        .contains("4x4 puzzles are not made at hard: its levels are easy"));
    let quad = run(&["generate", "--technique", "hidden quad"], "");
    assert!(!quad.status.success());
    assert!(String::from_utf8_lossy(&quad.stderr)
        .contains("9x9 puzzles are not made for Hidden quad: it never came up"));
}

#[test]
fn generate_variant_writes_the_link_of_the_site_asked() {
    let made = |site: &str| {
        let args = [
            "generate",
            "--variant",
            "killer",
            "--level",
            "medium",
            "--seed",
            "7",
        ];
        let out = run(&[&args[..], &["--site", site]].concat(), "");
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        stdout(&out).trim().to_string()
    };
    let (fpuzzles, iss) = (made("f-puzzles"), made("iss"));
    assert!(iss.starts_with("https://sigh.github.io/Interactive-Sudoku-Solver/?q=."));
    assert!(iss.contains(".Cage~"), "{iss}");
    // The same puzzle, whichever site's link it is written as.
    let solved = |link: &str| stdout(&run(&["solve", "--format", "tsv"], &format!("{link}\n")));
    assert!(solved(&iss).starts_with("unique\t"));
    assert_eq!(solved(&iss), solved(&fpuzzles));
    let bad = run(&["generate", "--variant", "killer", "--site", "paper"], "");
    assert!(
        String::from_utf8_lossy(&bad.stderr).contains("the sites are: f-puzzles, SudokuPad, ISS")
    );
}

#[test]
fn generate_variant_prints_f_puzzles_links_that_read_back_unique() {
    let args = [
        "generate",
        "--variant",
        "thermo",
        "--level",
        "medium",
        "--count",
        "2",
        "--seed",
        "7",
        "--format",
        "tsv",
    ];
    let lines = generated(&args, 2);
    for fields in &lines {
        assert!(fields[0].starts_with("https://www.f-puzzles.com/?load="));
        assert_eq!(fields[1], "Medium");
        let rules = stdout(&run(&["rules", &fields[0]], ""));
        assert!(rules.contains("title: Thermo, Medium"), "{rules}");
        assert!(rules.contains("thermometer"), "{rules}");
    }
    let one = run(
        &[
            "generate",
            "--variant",
            "thermo",
            "--level",
            "medium",
            "--seed",
            "8",
        ],
        "",
    );
    assert_eq!(stdout(&one).trim(), lines[1][0], "puzzle i is seed + i");
    // Easy killers, arrows and Kropki too (issue 55).
    for variant in ["killer", "arrow", "kropki"] {
        let easy = run(&["generate", "--variant", variant, "--level", "easy"], "");
        assert!(easy.status.success(), "{variant}");
        assert!(stdout(&easy).starts_with("https://www.f-puzzles.com/?load="));
    }
    let size = run(&["generate", "--variant", "arrow", "--size", "6x6"], "");
    assert!(!size.status.success());
    let bad = run(&["generate", "--variant", "sandwich"], "");
    assert!(String::from_utf8_lossy(&bad.stderr).contains("the variants are: killer, arrow"));
}

#[test]
fn scan_prints_each_image_as_a_line_and_names_an_unreadable_one() {
    let photo = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../scan/tests/images/image1.jpg"
    );
    let not_an_image = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../scan/tests/images/image1.dat"
    );
    let o = run(&["scan", photo, not_an_image, "--format", "tsv"], "");
    assert_eq!(o.status.code(), Some(2), "one image could not be read");
    let out = stdout(&o);
    let fields: Vec<&str> = out.trim_end().split('\t').collect();
    assert_eq!(out.lines().count(), 1);
    assert_eq!(fields[0], photo);
    assert_eq!(
        fields[1],
        "...7...8..9...31....68.5.7..2.6...49...2...5...8.4...7...9...3.37......61.5..4..."
    );
    let lowest: f32 = fields[2].parse().unwrap();
    assert!((0.0..=1.0).contains(&lowest));
    let err = String::from_utf8(o.stderr).unwrap();
    assert!(
        err.contains("image1.dat") && err.contains("format"),
        "{err}"
    );
}

/// A file in the temporary directory, removed when dropped.
struct TempFile(std::path::PathBuf);

impl TempFile {
    fn new(name: &str, text: &str) -> TempFile {
        let path = std::env::temp_dir().join(format!("sudoku-cli-{}-{name}", std::process::id()));
        std::fs::write(&path, text).unwrap();
        TempFile(path)
    }

    fn path(&self) -> &str {
        self.0.to_str().unwrap()
    }
}

impl Drop for TempFile {
    fn drop(&mut self) {
        std::fs::remove_file(&self.0).ok();
    }
}

fn stderr(o: &Output) -> String {
    String::from_utf8(o.stderr.clone()).unwrap()
}

/// The puzzle's rows, `sep` between them.
fn rows(puzzle: &str, sep: &str) -> String {
    puzzle
        .as_bytes()
        .chunks(9)
        .map(|r| std::str::from_utf8(r).unwrap())
        .collect::<Vec<_>>()
        .join(sep)
}

#[test]
fn a_grid_written_over_several_lines_is_one_puzzle() {
    let boxed = "\
+-------+-------+-------+
| 8 . . | . . . | . . . |
| . . 3 | 6 . . | . . . |
| . 7 . | . 9 . | 2 . . |
+-------+-------+-------+
| . 5 . | . . 7 | . . . |
| . . . | . 4 5 | 7 . . |
| . . . | 1 . . | . 3 . |
+-------+-------+-------+
| . . 1 | . . . | . 6 8 |
| . . 8 | 5 . . | . 1 . |
| . 9 . | . . . | 4 . . |
+-------+-------+-------+
";
    let file = TempFile::new("boxed.txt", boxed);
    let out = run(&["solve", file.path()], "");
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(
        stdout(&out).starts_with("line 1: unique solution\n8 1 2 | 7 5 3 | 6 4 9\n"),
        "{}",
        stdout(&out)
    );
    // Two such grids, a list line and a bare 9x9 of rows, in one file.
    let text = format!("{boxed}\n{boxed}\n{SEED}\n\n{}\n", rows(SEED, "\n"));
    let out = run(&["solve", "-", "--format", "tsv"], &text);
    assert_eq!(stdout(&out), format!("unique\t{SEED_SOLUTION}\n").repeat(4));
    let written = stdout(&run(&["solve", "-"], &text));
    let starts: Vec<&str> = written.lines().filter(|l| l.starts_with("line ")).collect();
    assert_eq!(
        starts,
        [
            "line 1: unique solution",
            "line 15: unique solution",
            "line 29: unique solution",
            "line 31: unique solution"
        ]
    );
    // A mistake in a grid names its line and column in the file.
    let bad = boxed.replacen("| . 5 .", "| . 5 x", 1);
    let out = run(&["solve", "-", "--format", "tsv"], &bad);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("line 6, column 7: unexpected character 'x'"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn simple_sudoku_ss_and_sadman_sdk_files() {
    let bang = SEED.replace('.', "!");
    let ss_rows: Vec<String> = bang
        .as_bytes()
        .chunks(9)
        .map(|r| {
            let r = std::str::from_utf8(r).unwrap();
            format!("{}|{}|{}", &r[..3], &r[3..6], &r[6..])
        })
        .collect();
    let ss = format!(
        "{}\n-----------\n{}\n-----------\n{}\n",
        ss_rows[..3].join("\n"),
        ss_rows[3..6].join("\n"),
        ss_rows[6..].join("\n")
    );
    let file = TempFile::new("puzzle.ss", &ss);
    let out = run(&["solve", file.path(), "--format", "tsv"], "");
    assert_eq!(stdout(&out), format!("unique\t{SEED_SOLUTION}\n"));
    let sdk = format!(
        "#ASomeone\n#DA hard one\n#B03-08-2006\n[Puzzle]\n{}\n[State]\n{}\n",
        rows(SEED, "\n"),
        rows(SEED_SOLUTION, "\n")
    );
    let file = TempFile::new("puzzle.sdk", &sdk);
    let out = run(&["solve", file.path(), "--format", "tsv"], "");
    assert_eq!(stdout(&out), format!("unique\t{SEED_SOLUTION}\n"));
    assert_eq!(out.status.code(), Some(0));
    let out = run(&["count", file.path()], "");
    assert_eq!(stdout(&out), "1\n");
}

#[test]
fn fields_after_a_puzzle_line_are_ignored() {
    let text = format!(
        "{SEED} ED=7.1/1.2/1.2\n{SEED};11.9;11.9;11.9\n{SEED} # the seed\n{SEED}\tfield\tfield\n{SEED} # from https://sudokupad.app/abc\n"
    );
    let out = run(&["solve", "-", "--format", "tsv"], &text);
    assert_eq!(stdout(&out), format!("unique\t{SEED_SOLUTION}\n").repeat(5));
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
}

/// The shared variant puzzle whose title is `title`: its f-puzzles and SudokuPad payloads
/// and its solution.
fn shared(title: &str) -> (String, String, String) {
    let data = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../data/variants/puzzles.jsonl"
    );
    let text = std::fs::read_to_string(data).unwrap();
    let line = text
        .lines()
        .find(|l| l.contains(&format!("\"title\": \"{title}\"")))
        .unwrap_or_else(|| panic!("{title} is in the shared set"));
    // The payloads are base64 and the solution digits: no quotes or escapes in them.
    let field = |name: &str| {
        let key = format!("\"{name}\": \"");
        let at = line.find(&key).unwrap() + key.len();
        line[at..at + line[at..].find('"').unwrap()].to_string()
    };
    (field("fpuzzles"), field("sudokupad"), field("solution"))
}

#[test]
fn links_and_payloads_solve_to_their_stored_solutions() {
    for title in ["October 10, 2023: Killer", "August 9, 2023: Thermo"] {
        let (fpuzzles, sudokupad, solution) = shared(title);
        let input = format!(
            "https://www.f-puzzles.com/?load={fpuzzles}\nhttps://sudokupad.app/{sudokupad}\n{fpuzzles}\n{sudokupad}\n{SEED}\n"
        );
        let out = run(&["solve", "--format", "tsv"], &input);
        assert_eq!(
            stdout(&out),
            format!("unique\t{solution}\n").repeat(4) + &format!("unique\t{SEED_SOLUTION}\n"),
            "{title}: {}",
            stderr(&out)
        );
        assert_eq!(out.status.code(), Some(0));
        let out = run(&["count"], &input);
        assert_eq!(stdout(&out), "1\n1\n1\n1\n1\n", "{title}");
    }
    let (fpuzzles, _, _) = shared("October 10, 2023: Killer");
    let file = TempFile::new(
        "bench-links.txt",
        &format!("https://www.f-puzzles.com/?load={fpuzzles}\n{SEED}\n"),
    );
    let out = run(
        &["bench", file.path(), "--rounds", "1", "--format", "tsv"],
        "",
    );
    assert!(stdout(&out).starts_with("2\t"), "{}", stderr(&out));
}

#[test]
fn a_short_link_is_invalid_and_says_why() {
    let input = format!("https://sudokupad.app/abc123\n{SEED}\n");
    let out = run(&["solve", "--format", "tsv"], &input);
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert!(
        lines[0].starts_with(
            "invalid\tsudokupad.app/abc123 is a short link: it needs SudokuPad's server"
        ),
        "{text}"
    );
    assert_eq!(lines[1], format!("unique\t{SEED_SOLUTION}"));
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("line 1: sudokupad.app/abc123 is a short link"));
}

#[test]
fn givens_that_break_a_rule_are_invalid() {
    // A killer cage of two cells summing to 3, whose givens sum to 4.
    let json = r#"{"size":4,"grid":[[{"value":1,"given":true},{"value":3,"given":true},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]],"killercage":[{"cells":["R1C1","R1C2"],"value":"3"}]}"#;
    let out = run(&["solve", "--format", "tsv"], json);
    let text = stdout(&out);
    assert!(
        text.starts_with("invalid\t") && text.contains("r1c1"),
        "{text}"
    );
}

#[test]
fn a_json_file_over_several_lines_is_one_puzzle() {
    let json = "{\n  \"size\": 4,\n  \"grid\": [\n    [{\"value\": 1, \"given\": true}, {}, {}, {}],\n    [{}, {}, {}, {}],\n    [{}, {}, {}, {}],\n    [{}, {}, {}, {}]\n  ],\n  \"diagonal-\": true\n}\n";
    let file = TempFile::new("puzzle.json", json);
    let out = run(&["count", file.path()], "");
    assert_eq!(stdout(&out), "12\n", "{}", stderr(&out));
    // Broken JSON is one error, not one per line.
    let out = run(
        &["solve", "-", "--format", "tsv"],
        &json.replace("]\n  ],", "]\n  ]"),
    );
    let text = stdout(&out);
    assert!(
        text.starts_with("invalid\t") && text.lines().count() == 1,
        "{text}"
    );
    assert_eq!(out.status.code(), Some(2));
    // JSON on one line is one puzzle a line, beside text.
    let one_line: String = json.lines().map(str::trim).collect();
    let out = run(&["count"], &format!("{one_line}\n{SEED}\n{one_line}\n"));
    assert_eq!(stdout(&out), "12\n1\n12\n", "{}", stderr(&out));
}

#[test]
fn steps_and_rate_take_variant_links() {
    let (fpuzzles, sudokupad, _) = shared("August 9, 2023: Thermo");
    let out = run(&["steps", "--format", "tsv"], &format!("{fpuzzles}\n"));
    let text = stdout(&out);
    // A step's technique names the rule; the format is the classic one.
    assert!(
        text.lines()
            .any(|l| l.starts_with("Thermometer bounds\t\t")),
        "{text}"
    );
    assert!(text.ends_with("end\tsolved\n"), "{text}");
    assert_eq!(out.status.code(), Some(0));
    let input = format!("https://sudokupad.app/{sudokupad}\n");
    let out = run(&["rate"], &input);
    let text = stdout(&out);
    assert!(
        text.contains("solved; ") && text.contains("Thermometer bounds x"),
        "{text}"
    );
    // A classic puzzle shared as a link is no variant.
    let (fpuzzles, sudokupad, _) = shared("August 21, 2023: Classic");
    let input = format!("{fpuzzles}\nhttps://sudokupad.app/{sudokupad}\n");
    let out = run(&["rate", "--format", "tsv"], &input);
    let text = stdout(&out);
    assert_eq!(text.lines().count(), 2, "{text}");
    assert!(text.lines().all(|l| l.ends_with("\tsolved")), "{text}");
    assert_eq!(out.status.code(), Some(0));
}

#[test]
fn candidates_of_a_puzzle_with_several_solutions() {
    let several = SEED.replacen('8', ".", 1);
    let out = run(&["solve", "--format", "tsv"], &several);
    let text = stdout(&out);
    let fields: Vec<&str> = text.trim_end().split('\t').collect();
    let (a, b) = (fields[1].as_bytes(), fields[2].as_bytes());
    let out = run(&["candidates", "--format", "tsv"], &several);
    let text = stdout(&out);
    let (status, cells) = text.trim_end().split_once('\t').unwrap();
    assert_eq!(status, "complete");
    let cells: Vec<&str> = cells.split(' ').collect();
    assert_eq!(cells.len(), 81);
    for (i, cell) in cells.iter().enumerate() {
        // Both solutions' digits are candidates; a given is its own only one.
        assert!(
            cell.contains(a[i] as char) && cell.contains(b[i] as char),
            "{text}"
        );
        if several.as_bytes()[i] != b'.' {
            assert_eq!(cell.as_bytes(), &several.as_bytes()[i..=i]);
        }
    }
    assert!(cells.iter().any(|c| c.len() > 1));
    // An empty 4x4: every digit everywhere; a limit on searches says it is incomplete.
    let out = run(&["candidates", "--format", "tsv"], &".".repeat(16));
    assert_eq!(
        stdout(&out),
        format!("complete\t{}\n", vec!["1234"; 16].join(" "))
    );
    let out = run(
        &["candidates", "--searches", "1", "--format", "tsv"],
        &several,
    );
    assert!(stdout(&out).starts_with("incomplete\t"));
    let out = run(&["candidates"], "1234\n....\n....\n....\n");
    assert_eq!(
        stdout(&out),
        "line 1: true candidates\n1   2   | 3   4\n34  34  | 12  12\n--------+--------\n234 134 | 124 123\n234 134 | 124 123\n\n"
    );
    // Unique, none and invalid, as solve says them.
    let none = format!("12345678.........9{}", ".".repeat(63));
    let out = run(
        &["candidates", "--format", "tsv"],
        &format!("{SEED}\n{none}\n55{}\n", &SEED[2..]),
    );
    assert_eq!(
        stdout(&out),
        format!(
            "complete\t{}\nnone\ninvalid\tr1c1 and r1c2 are both 5\n",
            SEED_SOLUTION
                .chars()
                .map(String::from)
                .collect::<Vec<_>>()
                .join(" ")
        )
    );
}

#[test]
fn rules_lists_what_a_link_was_read_to() {
    let (fpuzzles, _, _) = shared("October 10, 2023: Killer");
    let out = run(
        &[
            "rules",
            &format!("https://www.f-puzzles.com/?load={fpuzzles}"),
        ],
        "",
    );
    let text = stdout(&out);
    assert!(out.status.success(), "{}", stderr(&out));
    for expected in [
        "title: October 10, 2023: Killer",
        "size: 9x9, boxes",
        "rules (24):",
        "  killer cage r1c1-r2c2 (10)",
        "  killer cages (no digit repeats): 24 cages",
        "rules text:\n  Normal sudoku rules apply.",
        "drawn, not checked: nothing",
    ] {
        assert!(text.contains(expected), "{expected:?} in\n{text}");
    }
    let (_, sudokupad, _) = shared("August 9, 2023: Thermo");
    let out = run(
        &["rules", &format!("https://sudokupad.app/{sudokupad}")],
        "",
    );
    let text = stdout(&out);
    assert!(
        text.contains("  thermometer r3c5 → r4c6 → r4c7\n"),
        "{text}"
    );
    // Global rules as houses, and a drawing no rule was read from.
    let json = r##"{"size":4,"title":"Tiny","grid":[[{"value":1,"given":true},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]],"diagonal-":true,"antiking":true,"line":[{"lines":[["R1C1","R2C2"]],"outlineC":"#FF0000","width":0.5}]}"##;
    let out = run(&["rules", "-"], json);
    let text = stdout(&out);
    for expected in [
        "title: Tiny",
        "givens: 1...............",
        "  diagonal: the main diagonal",
        "  anti-king: ",
        "drawn, not checked (1):\n  line over 2 cells, r1c1 to r2c2",
    ] {
        assert!(text.contains(expected), "{expected:?} in\n{text}");
    }
    let out = run(&["rules", SEED], "");
    assert_eq!(
        stdout(&out),
        format!("size: 9x9, boxes\ngivens: {SEED}\nrules: none beyond the houses\ndrawn, not checked: nothing\n")
    );
    let out = run(&["rules", "https://sudokupad.app/abc123"], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("short link"));
}

/// The seed puzzle as ISS's constraint text: `.~R1C1_8~…`.
fn seed_as_iss() -> String {
    let givens: Vec<String> = SEED
        .chars()
        .enumerate()
        .filter(|(_, c)| c.is_ascii_digit())
        .map(|(i, c)| format!("R{}C{}_{c}", i / 9 + 1, i % 9 + 1))
        .collect();
    format!(".~{}", givens.join("~"))
}

#[test]
fn solve_reads_iss_links_and_constraint_text() {
    let text = seed_as_iss();
    let link = format!("https://sigh.github.io/Interactive-Sudoku-Solver/?q={text}");
    let encoded = link.replace('~', "%7E");
    let unknown = ".~R1C1_8.ContainAtLeast~x~R2C1";
    let input = format!("{text}\n{link}\n{encoded}\n{unknown}\n");
    let out = run(&["solve", "-", "--format", "tsv"], &input);
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 4, "{text}");
    for line in &lines[..3] {
        assert_eq!(*line, format!("unique\t{SEED_SOLUTION}"));
    }
    assert!(
        lines[3].starts_with(
            "invalid\tISS constraint \"ContainAtLeast~x~R2C1\" (part 2): \"x\" is not a value"
        ),
        "{}",
        lines[3]
    );
    // A killer cage from ISS's text is read as one.
    let out = run(&["rules", ".Cage~17~R1C1~R1C2.Diagonal~1"], "");
    let said = stdout(&out);
    assert!(
        said.contains("killer") && said.contains("diagonal"),
        "{said}"
    );
}

#[test]
fn iss_values_from_0_are_written_as_iss_writes_them() {
    // The seed puzzle with every value one down, on ISS's grid of values 0-8.
    let down = |s: &str| -> String {
        s.chars()
            .map(|c| match c.to_digit(10) {
                Some(d) if d > 0 => char::from_digit(d - 1, 10).expect("a digit"),
                _ => c,
            })
            .collect()
    };
    let givens: Vec<String> = SEED
        .chars()
        .enumerate()
        .filter(|(_, c)| c.is_ascii_digit())
        .map(|(i, c)| format!("R{}C{}_{}", i / 9 + 1, i % 9 + 1, down(&c.to_string())))
        .collect();
    let text = format!(".Shape~9x9~0-8.~{}", givens.join("~"));
    let solution = down(SEED_SOLUTION);
    let out = run(&["solve", "-", "--format", "tsv"], &text);
    assert_eq!(stdout(&out), format!("unique\t{solution}\n"));
    let out = run(&["candidates", "-", "--format", "tsv"], &text);
    let cells: Vec<String> = solution.chars().map(String::from).collect();
    assert_eq!(stdout(&out), format!("complete\t{}\n", cells.join(" ")));
    // Steps on an easy one: the solution less its first row, placed by singles.
    let easy: Vec<String> = (9..81)
        .map(|i| format!("R{}C{}_{}", i / 9 + 1, i % 9 + 1, &solution[i..=i]))
        .collect();
    let easy = format!(".Shape~9x9~0-8.~{}", easy.join("~"));
    let out = run(&["steps", "-", "--format", "tsv"], &easy);
    let said = stdout(&out);
    let placed: Vec<&str> = said
        .lines()
        .flat_map(|l| l.split('\t').nth(1).unwrap_or_default().split(' '))
        .filter(|p| p.contains('='))
        .collect();
    assert_eq!(placed.len(), 9, "{said}");
    for p in placed {
        let (cell, value) = p.split_once('=').expect("cell=value");
        let r = usize::from(cell.as_bytes()[1] - b'1');
        let c = usize::from(cell.as_bytes()[3] - b'1');
        assert_eq!(value, &solution[r * 9 + c..=r * 9 + c], "{p} in {said}");
    }
    let out = run(&["rules", &text], "");
    let said = stdout(&out);
    assert!(
        said.contains("values: from 0") && said.contains(&format!("givens: {}", down(SEED))),
        "{said}"
    );
}

#[test]
fn iss_grids_in_a_corner_of_the_engines_write_iss_cells_alone() {
    // A 4x6 grid of values 1-6 and 2x3 boxes, three cells open, one in each row.
    let solution = "123456456123231564564231";
    let open = [0, 6 + 4, 12 + 2];
    let givens: Vec<String> = (0..24)
        .filter(|i| !open.contains(i))
        .map(|i| format!("R{}C{}_{}", i / 6 + 1, i % 6 + 1, &solution[i..=i]))
        .collect();
    let text = format!(".Shape~4x6.~{}", givens.join("~"));
    let out = run(&["solve", "-", "--format", "tsv"], &text);
    assert_eq!(stdout(&out), format!("unique\t{solution}\n"));
    let out = run(&["solve", "-"], &text);
    let rows: Vec<&str> = solution
        .as_bytes()
        .chunks(6)
        .map(|r| std::str::from_utf8(r).unwrap())
        .collect();
    let pretty: String = rows
        .iter()
        .map(|r| r.chars().map(String::from).collect::<Vec<_>>().join(" ") + "\n")
        .collect();
    assert!(stdout(&out).contains(&pretty), "{}", stdout(&out));
    let out = run(&["candidates", "-", "--format", "tsv"], &text);
    let cells: Vec<String> = solution.chars().map(String::from).collect();
    assert_eq!(stdout(&out), format!("complete\t{}\n", cells.join(" ")));
    let out = run(&["count", "-"], &text);
    assert_eq!(stdout(&out), "1\n");
    let out = run(&["rules", &text], "");
    let said = stdout(&out);
    assert!(said.contains("size: ISS's 4x6 grid of 6 values"), "{said}");
    let written: String = (0..24)
        .map(|i| {
            if open.contains(&i) {
                '.'
            } else {
                solution.as_bytes()[i] as char
            }
        })
        .collect();
    assert!(said.contains(&format!("givens: {written}\n")), "{said}");
}

/// A 4x4 chaos construction whose clues leave one layout, each row a region: ISS's text.
const CHAOS_ROWS: &str = ".Shape~4x4.ChaosConstruction.NoBoxes\
    .~R1C1_1~R1C2_2~R1C3_3~R1C4_4~R2C1_3~R2C2_4~R2C3_1~R2C4_2\
    ~R3C1_2~R3C2_1~R3C3_4~R3C4_3~R4C1_4~R4C2_3~R4C3_2~R4C4_1\
    .ChaosCount~R1C4~0~CC1~CC2~CC3~CC4.ChaosArrow~R2C2~~CC5~CC6~CC7~CC8\
    .ChaosCount~R3C3~0~CC9~CC10~CC11~CC12\n";

#[test]
fn a_chaos_construction_is_solved_with_its_regions_and_refused_where_it_is_not() {
    let out = run(&["solve", "--format", "tsv"], CHAOS_ROWS);
    assert_eq!(stdout(&out), "unique\t1234341221434321\tAAAABBBBCCCCDDDD\n");
    // Without its clues, every layout its digits allow counts.
    let bare = CHAOS_ROWS.split(".ChaosCount").next().unwrap();
    let counted: u64 = stdout(&run(&["count"], &format!("{bare}\n")))
        .trim()
        .parse()
        .unwrap();
    assert!(counted >= 2, "{counted}");
    let out = run(&["steps"], CHAOS_ROWS);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("chaos construction"));
}
