//! Puzzles in the address. The app writes `#s=<puzzle>` and, for a link with progress,
//! `&u=<the solver's digits>`, `&m=<marks and colours>` and `&t=<seconds on the timer>`
//! (see `share.rs`). It also reads the plain one-line form `#p=<puzzle>` and SudokuWiki's
//! `?bd=<81 digits>`. A variant puzzle's address is what SudokuPad puts after its own
//! (`#fpuzzles<data>`, `#scl<data>`, …), with the same progress fields after it; one this
//! app made carries itself compactly (`#made<data>`, `sudoku_links::made_link`). Links this
//! app wrote before that named a made puzzle by its seed (`#v=killer.medium.12345`, see
//! `made_in`), and still open. An ISS puzzle travels as `#iss=<q>`, what ISS's own link
//! holds after `?q=` (`sudoku_links::iss::PREFIX`), with the same progress fields after it;
//! ISS's `?q=` itself is read too, with the app's address in place of ISS's. The fragment
//! is never sent to a server.

use sudoku_engine::generate::variant::Genre;
use sudoku_engine::logic::Level;
use sudoku_engine::Grid;

use crate::board::{Board, Kind};
use crate::protocol::{Seed, Wanted};
use crate::share::{self, MAX_LEN, MAX_MARKS_LEN};
use crate::state::{Origin, Play, Timer};
use crate::variant::Variant;

/// A board opened from a link, with the time spent on it.
#[derive(Debug, PartialEq)]
pub struct Linked {
    /// Under its variant, if it has one.
    pub board: Board,
    pub timer: Timer,
    /// The link carries progress (digits, marks or time), not just the puzzle.
    pub with_progress: bool,
}

/// The longest address read: a puzzle (a variant's link at most), its digits, its marks
/// and its time.
const MAX_ADDRESS: usize = sudoku_links::MAX_TEXT + 2 * MAX_LEN + MAX_MARKS_LEN + 64;

/// What an address asks for: nothing, a board to open, or a message about a damaged link.
pub fn board_in(fragment: &str, query: &str) -> Option<Result<Linked, String>> {
    let fragment = fragment.strip_prefix('#').unwrap_or(fragment);
    let query = query.strip_prefix('?').unwrap_or(query);
    if fragment.len() > MAX_ADDRESS || query.len() > MAX_LEN {
        return Some(Err(damaged("it is far too long to be a puzzle")));
    }
    let field = |text: &str, key: &str| {
        text.split('&').find_map(|pair| {
            pair.strip_prefix(key)
                .and_then(|v| v.strip_prefix('='))
                .map(str::to_string)
        })
    };
    let progress = |board: Board| {
        let (digits, marks, time) = (
            field(fragment, "u"),
            field(fragment, "m"),
            field(fragment, "t"),
        );
        let with_progress = digits.is_some() || marks.is_some() || time.is_some();
        let mut board = board;
        if let Some(digits) = digits {
            board = with_digits(board, &share::decode(&digits)?)?;
        }
        if let Some(marks) = marks {
            for (cell, m) in share::decode_marks(board.shape(), &marks)?
                .into_iter()
                .enumerate()
            {
                if !board.set_marks(cell, m) {
                    return Err("its marks do not fit the puzzle".into());
                }
            }
        }
        let timer = match time {
            None => Timer::default(),
            Some(t) => Timer::from_seconds(t.parse().map_err(|_| "its time is not a number")?),
        };
        Ok(Linked {
            board,
            timer,
            with_progress,
        })
    };
    // SudokuPad's form of a puzzle's data; the plain-text forms (`scf`, `classic`) may
    // hold `&`, so they carry no progress after them.
    let form = sudoku_links::PREFIXES
        .iter()
        .find(|(p, _)| fragment.starts_with(p))
        .map(|&(_, form)| form);
    let result = if form.is_some_and(|f| !f.compressed()) {
        open_variant(fragment).map(|board| Linked {
            board,
            timer: Timer::default(),
            with_progress: false,
        })
    } else if form.is_some() {
        let payload = fragment.split('&').next().unwrap_or_default();
        open_variant(payload).and_then(progress)
    } else if let Some(code) = field(fragment, "s") {
        share::decode(&code).and_then(|puzzle| progress(Board::from_puzzle(&puzzle)))
    } else if let Some(text) = field(fragment, "p").or_else(|| field(query, "bd")) {
        let text = percent_encoding::percent_decode_str(&text).decode_utf8_lossy();
        Grid::parse(&text)
            .map(|g| Linked {
                board: Board::from_puzzle(&g),
                timer: Timer::default(),
                with_progress: false,
            })
            .map_err(|e| e.to_string())
    } else if let Some(q) = field(query, "q") {
        // ISS's own address with the page's swapped in: its puzzle is its query's `q`.
        let address = sudoku_links::iss::ISS_ADDRESS;
        open_variant(&format!("{address}?q={q}")).map(|board| Linked {
            board,
            timer: Timer::default(),
            with_progress: false,
        })
    } else if short_id(fragment) {
        // SudokuPad's own address with the page's swapped in: the reader says it is a
        // short link, which only SudokuPad's server can open, and asks for the long one.
        open_variant(&format!("sudokupad.app/{fragment}")).map(|board| Linked {
            board,
            timer: Timer::default(),
            with_progress: false,
        })
    } else {
        return None;
    };
    Some(result.map_err(|reason| damaged(&reason)))
}

/// What a damaged link's message ends with where a puzzle was already on the board.
const UNCHANGED: &str = "The current puzzle is unchanged.";

fn damaged(reason: &str) -> String {
    format!("This link's puzzle could not be opened: {reason}. {UNCHANGED}")
}

/// A damaged link's message on a first visit, which gets today's puzzle instead.
pub fn instead_today(message: &str) -> String {
    match message.strip_suffix(UNCHANGED) {
        Some(reason) => format!("{reason}Today's puzzle opens instead."),
        None => message.to_string(),
    }
}

/// Whether the fragment is what follows `sudokupad.app/` in one of SudokuPad's short
/// links (`psxczr0jpr`, `setter/title-2`): a word with a digit or a slash in it, so that
/// a page's own anchor (`#section`) stays one.
fn short_id(fragment: &str) -> bool {
    fragment.len() >= 5
        && fragment
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "-_/".contains(c))
        && fragment.chars().any(|c| c.is_ascii_digit() || c == '/')
}

/// The board of a variant's payload, under its variant unless it is a classic puzzle.
fn open_variant(payload: &str) -> Result<Board, String> {
    Ok(Board::opened(
        Variant::open(payload).map_err(|e| e.to_string())?,
    ))
}

/// The seed link this app wrote for a variant puzzle it made, before a made puzzle's link
/// carried the puzzle itself (`sudoku_links::made_link`): `v=` and what makes it again,
/// the variant, the level (or `any`) and the seed, a number or today's puzzle's date
/// (`v=killer.medium.12345`, `v=thermo.easy.2026-11-26`). Such links are still opened
/// (`made_in`), and a saved game is known by it as that link's puzzle. None for a classic
/// puzzle.
pub fn made_fragment(origin: &Origin) -> Option<String> {
    let genre = origin.wanted.genre()?;
    let level = origin
        .wanted
        .level()
        .map_or("any".into(), |l| l.to_string().to_ascii_lowercase());
    let seed = match origin.seed {
        Seed::Random(seed) => seed.to_string(),
        Seed::Daily { year, month, day } => format!("{year}-{month:02}-{day:02}"),
    };
    Some(format!("#v={}.{level}.{seed}", genre.name()))
}

/// The address of the puzzle played, without progress: the puzzle itself (`fragment`),
/// a made variant's by its own link (`made…`), which its payload is.
pub fn address(play: &Play) -> String {
    fragment(&play.board, play.payload(), None)
}

/// A made puzzle's short link (`made_fragment`), read: what it asks the worker to make
/// again, and whether what its seed makes changed since such links were written.
#[derive(Clone, Debug, PartialEq)]
pub struct SeedLink {
    pub wanted: Wanted,
    pub seed: Seed,
    /// The generator of its kind and level changed since (`Genre::version`): the puzzle
    /// made now is another, and the page says so (`SeedLink::notice`).
    pub earlier: bool,
}

impl SeedLink {
    /// What the page says where the link came from an earlier version.
    pub fn notice(&self) -> Option<String> {
        let genre = self.wanted.genre()?;
        let kind = match self.wanted.level() {
            Some(level) => format!("{}, {level}", genre.title()),
            None => genre.title().to_string(),
        };
        self.earlier.then(|| {
            format!(
                "This link came from an earlier version of this app, which made its {kind} \
                 puzzles differently: here is a new {kind} puzzle instead."
            )
        })
    }
}

/// What a made puzzle's short link (`made_fragment`) asks the worker to make again, if the
/// fragment is one; a damaged one says why. Seed links name the puzzles of version 1 of
/// each generator (`Genre::version`): no link since has carried a seed.
pub fn made_in(fragment: &str) -> Option<Result<SeedLink, String>> {
    made_in_under(fragment, Genre::version)
}

/// As `made_in`, with `version` the generators' versions.
fn made_in_under(
    fragment: &str,
    version: impl Fn(Genre, Option<Level>) -> u32,
) -> Option<Result<SeedLink, String>> {
    let fragment = fragment.strip_prefix('#').unwrap_or(fragment);
    let made = fragment.strip_prefix("v=")?;
    let read = || {
        let mut parts = made.splitn(3, '.');
        let (genre, level, seed) = (parts.next()?, parts.next()?, parts.next()?);
        let genre = Genre::from_name(genre)?;
        let level = match level {
            "any" => None,
            name => Some(
                Level::ASKED
                    .iter()
                    .position(|l| l.to_string().eq_ignore_ascii_case(name))? as u8,
            ),
        };
        let seed = match seed.parse() {
            Ok(seed) => Seed::Random(seed),
            Err(_) => {
                let mut date = seed.splitn(3, '-').map(str::parse::<u16>);
                let (year, month, day) =
                    (date.next()?.ok()?, date.next()?.ok()?, date.next()?.ok()?);
                if !(1..=12).contains(&month) || !(1..=31).contains(&day) {
                    return None;
                }
                Seed::Daily {
                    year,
                    month: month as u8,
                    day: day as u8,
                }
            }
        };
        let wanted = Wanted::variant(genre, level);
        Some(SeedLink {
            earlier: version(genre, wanted.level()) != 1,
            wanted,
            seed,
        })
    };
    Some(read().ok_or_else(|| {
        damaged("it names no variant, level and seed that this app makes puzzles of")
    }))
}

fn with_digits(mut board: Board, progress: &Grid) -> Result<Board, String> {
    if progress.shape() != board.shape() {
        return Err("its progress is for a puzzle of another size".into());
    }
    for (cell, &digit) in progress.cells().iter().enumerate().filter(|(_, &d)| d != 0) {
        if board.kind(cell) == Kind::Given {
            return Err("its progress writes over a given".into());
        }
        board.write(cell, digit, Kind::User);
    }
    Ok(board)
}

/// The fragment for a board: its givens (or its variant's `payload`, as `Board::payload`
/// writes it), and with `progress` (the time on the clock) the solver's digits, marks
/// and colours too. An empty classic board has none.
pub fn fragment(board: &Board, payload: Option<&str>, progress: Option<&Timer>) -> String {
    let mut text = match payload {
        Some(payload) => format!("#{payload}"),
        None if !board.has_puzzle() => return String::new(),
        None => format!("#s={}", share::encode(&board.puzzle())),
    };
    let Some(timer) = progress else {
        return text;
    };
    let own = board.progress();
    if own.filled() > 0 {
        text.push_str("&u=");
        text.push_str(&share::encode(&own));
    }
    if (0..board.len()).any(|c| !board.marks(c).is_blank()) {
        let marks: Vec<_> = (0..board.len()).map(|c| board.marks(c)).collect();
        text.push_str("&m=");
        text.push_str(&share::encode_marks(board.shape(), &marks));
    }
    text.push_str(&format!("&t={}", timer.elapsed_ms / 1000));
    text
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Layer;
    use crate::variant::Opened;

    const SEED: &str =
        "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";

    #[test]
    fn a_board_with_progress_travels_and_comes_back() {
        let mut board = Board::from_puzzle(&Grid::parse(SEED).unwrap());
        board.write(1, 1, Kind::User);
        board.write(2, 2, Kind::Revealed);
        board.toggle_mark(&[3, 4], Layer::Corner, 2);
        board.toggle_mark(&[3], Layer::Centre, 7);
        board.toggle_colour(&[0, 3], 9);
        let plain = fragment(&board, board.payload().as_deref(), None);
        let full = fragment(
            &board,
            board.payload().as_deref(),
            Some(&Timer::from_seconds(125)),
        );
        assert!(plain.starts_with("#s=") && !plain.contains("&u="));
        let linked = board_in(&full, "").unwrap().unwrap();
        let back = linked.board;
        assert_eq!(back.cells(), board.cells());
        assert_eq!(
            (back.kind(0), back.kind(1), back.kind(2)),
            (Kind::Given, Kind::User, Kind::User)
        );
        assert_eq!(
            (0..81).map(|c| back.marks(c)).collect::<Vec<_>>(),
            (0..81).map(|c| board.marks(c)).collect::<Vec<_>>()
        );
        assert_eq!(linked.timer.elapsed_ms, 125_000);
        assert!(linked.with_progress);
        let plain = board_in(&plain, "").unwrap().unwrap();
        assert_eq!(plain.board.puzzle(), board.puzzle());
        assert!(!plain.with_progress);
    }

    #[test]
    fn a_variant_travels_as_sudokupad_names_it_with_its_progress() {
        let json = r#"{"size":4,"killercage":[{"cells":["R1C1","R1C2"],"value":"3"}]}"#;
        let Ok(Opened::Variant(variant)) = Variant::open(json) else {
            panic!("not a variant")
        };
        let mut board = Board::of_variant(variant.clone());
        board.write(0, 1, Kind::User);
        board.toggle_mark(&[1], Layer::Centre, 2);
        let full = fragment(
            &board,
            board.payload().as_deref(),
            Some(&Timer::from_seconds(7)),
        );
        assert!(full.starts_with("#fpuzzles"), "{full}");
        let linked = board_in(&full, "").unwrap().unwrap();
        assert_eq!(linked.board.variant(), Some(&variant));
        assert_eq!(linked.board.cells(), board.cells());
        assert_eq!(linked.board.marks(1), board.marks(1));
        assert_eq!(linked.board.rules().len(), 1);
        assert_eq!(linked.timer.elapsed_ms, 7000);
        // SudokuPad's own payloads open too, and a damaged one says why.
        let scl = board_in("#sclN4Ig", "").unwrap().unwrap_err();
        assert!(scl.contains("The current puzzle is unchanged"), "{scl}");
        let plain = board_in("#scf5NlQ19j9mGca3OIN1bWGk2m41TjS79", "")
            .unwrap()
            .unwrap();
        assert!(plain.board.variant().is_none() && plain.board.has_puzzle());
    }

    #[test]
    fn a_made_variant_s_link_is_what_makes_it_again_and_short() {
        use crate::protocol::{Seed, Wanted};
        use sudoku_engine::generate::variant::Genre;
        let origin = |wanted: Wanted, seed: Seed| Origin {
            wanted,
            seed,
            level: "Medium".into(),
            rating: 2.0,
        };
        let daily = Seed::Daily {
            year: 2026,
            month: 11,
            day: 6,
        };
        for (made, text) in [
            (
                origin(
                    Wanted::variant(Genre::Killer, Some(1)),
                    Seed::Random(4_000_000_000),
                ),
                "#v=killer.medium.4000000000",
            ),
            (
                origin(Wanted::variant(Genre::OddEven, None), daily),
                "#v=odd-even.any.2026-11-06",
            ),
        ] {
            assert_eq!(made_fragment(&made).as_deref(), Some(text));
            let read = made_in(text).unwrap().unwrap();
            assert_eq!((read.wanted, read.seed), (made.wanted, made.seed));
            assert_eq!(read.notice(), None, "the generator is as it was");
            assert!(board_in(text, "").is_none(), "not a board of its own");
        }
        assert_eq!(
            made_fragment(&origin(Wanted::default(), Seed::Random(1))),
            None,
            "a classic puzzle goes by its givens"
        );
        for bad in [
            "#v=sudoku.medium.1",
            "#v=killer.easiest.1",
            "#v=killer.hard",
            "#v=killer.hard.2026-13-01",
            "#v=killer.hard.x",
        ] {
            let message = made_in(bad).unwrap().unwrap_err();
            assert!(message.ends_with(UNCHANGED), "{message}");
        }
        assert_eq!(made_in("#s=abc"), None);
    }

    #[test]
    fn a_seed_link_whose_generator_changed_says_so() {
        // Killer's generator at version 2 at Expert, as after a change to what its seeds
        // make there: its old links say so, others are as they were.
        let version = |genre: Genre, level: Option<Level>| match (genre, level) {
            (Genre::Killer, Some(Level::Expert)) => 2,
            _ => 1,
        };
        let old = made_in_under("#v=killer.expert.1234", version)
            .unwrap()
            .unwrap();
        assert_eq!(old.wanted, Wanted::variant(Genre::Killer, Some(3)));
        assert_eq!(old.seed, Seed::Random(1234));
        let notice = old.notice().expect("a notice");
        assert!(
            notice.contains("earlier version") && notice.contains("new Killer, Expert puzzle"),
            "{notice}"
        );
        let daily = made_in_under("#v=killer.expert.2026-11-26", version);
        assert!(daily.unwrap().unwrap().notice().is_some());
        let same = made_in_under("#v=killer.medium.1234", version);
        assert_eq!(same.unwrap().unwrap().notice(), None);
    }

    #[test]
    fn a_made_variant_travels_as_itself() {
        use sudoku_engine::generate::variant::generate_variant;
        let made = generate_variant(Genre::Killer, Some(Level::Medium), 1, 1_000, |_| true)
            .expect("a killer");
        let link = sudoku_links::made_link::write(Genre::Killer, Level::Medium, &made.puzzle)
            .expect("its link");
        let Ok(Opened::Variant(variant)) = Variant::open(&link) else {
            panic!("not a variant")
        };
        let mut board = Board::of_variant(variant);
        assert_eq!(board.rules(), made.puzzle.rules());
        let plain = fragment(&board, board.payload().as_deref(), None);
        assert_eq!(plain, format!("#{link}"));
        board.write(0, made.solution.get(0), Kind::User);
        let full = fragment(
            &board,
            board.payload().as_deref(),
            Some(&Timer::from_seconds(9)),
        );
        let linked = board_in(&full, "").unwrap().unwrap();
        assert!(linked.board.same_puzzle(&board) && linked.with_progress);
        assert_eq!(linked.board.cells(), board.cells());
        assert_eq!(
            linked.board.variant().unwrap().imported.title.as_deref(),
            Some("Killer, Medium")
        );
    }

    #[test]
    fn other_apps_links_are_read() {
        let p = board_in(&format!("#p={SEED}"), "").unwrap().unwrap();
        assert_eq!(p.board.puzzle().to_line(), SEED);
        let bd = board_in("", &format!("?bd={}", SEED.replace('.', "0")))
            .unwrap()
            .unwrap();
        assert_eq!(bd.board.puzzle().to_line(), SEED);
        // ISS's query, `q=` and its constraint text, percent-encoded or not.
        for q in [
            "?q=.Cage~10~R1C1~R1C2.~R5C5_7",
            "?q=.Cage%7E10%7ER1C1%7ER1C2.%7ER5C5_7",
        ] {
            let iss = board_in("", q).unwrap().unwrap();
            assert_eq!(iss.board.puzzle().get(40), 7, "{q}");
        }
        assert!(board_in("", "?q=.Nonsense").unwrap().is_err());
        // In the fragment as `iss=`, with progress after it, and written back so.
        let iss = board_in("#iss=.Cage~10~R1C1~R1C2.~R5C5_7&t=5", "");
        let iss = iss.unwrap().unwrap();
        assert_eq!(
            (iss.board.puzzle().get(40), iss.timer.elapsed_ms),
            (7, 5000)
        );
        assert_eq!(
            fragment(&iss.board, iss.board.payload().as_deref(), None),
            "#iss=.Cage~10~R1C1~R1C2.~R5C5_7"
        );
        let q = board_in("", "?q=.Cage%7E10%7ER1C1%7ER1C2.%7ER5C5_7").unwrap();
        assert!(q.unwrap().board.same_puzzle(&iss.board));
        assert!(board_in("#iss=.Nonsense", "").unwrap().is_err());
        // A grid the page cannot draw yet is a message, not a board.
        let rectangular = board_in("#iss=.Shape~6x8.~R1C1_3", "")
            .unwrap()
            .unwrap_err();
        assert!(
            rectangular.contains("its grid of 6 rows and 8 columns with 8 digits cannot be played"),
            "{rectangular}"
        );
        assert!(board_in("", "").is_none());
        assert!(board_in("#section", "?utm=x").is_none());
    }

    /// An ISS puzzle's address, as the page writes it, opens the same puzzle in every
    /// release: the link, written once, and what it must open (givens, rules as the engine
    /// states them, the one solution). Never written again: a change that fails this test
    /// would turn puzzles people shared into others.
    #[test]
    fn an_iss_address_opens_the_same_puzzle_in_every_release() {
        const SHARED: &str = "#iss=.Shape~6x6.Cage~6~R1C1~R1C2~R1C3.Thermo~R1C1~R2C1~R4C1\
            .LittleKiller~18~R1C4.~R2C5_2~R3C3_4~R3C6_1~R4C4_2~R5C2_4~R5C6_2~R6C3_2~R6C5_4~R2C2_5~R6C1_6";
        let board = board_in(SHARED, "").unwrap().unwrap().board;
        assert_eq!(
            board.puzzle().to_line(),
            ".......5..2...4..1...2...4...26.2.4."
        );
        let shape = board.shape();
        let rules: Vec<String> = board.rules().iter().map(|r| r.describe(shape)).collect();
        assert_eq!(rules.len(), 3, "{rules:?}");
        let puzzle = board.puzzle_of(board.puzzle());
        let verdict = sudoku_engine::solve(&puzzle, &mut sudoku_engine::Budget::unlimited());
        let sudoku_engine::Verdict::Unique(solution) = verdict.verdict else {
            panic!("not unique: {rules:?}")
        };
        assert_eq!(solution.to_line(), "123456456123234561561234345612612345");
    }

    #[test]
    fn a_short_sudokupad_id_asks_for_the_long_link() {
        for id in ["#psxczr0jpr", "#clover/dutch-whispers"] {
            let message = board_in(id, "").unwrap().unwrap_err();
            assert!(
                message.contains(&format!("sudokupad.app/{}", &id[1..]))
                    && message.contains("short link")
                    && message.contains("long link")
                    && message.ends_with(UNCHANGED),
                "{message}"
            );
            assert_eq!(
                instead_today(&message),
                message.replace(UNCHANGED, "Today's puzzle opens instead.")
            );
        }
    }

    #[test]
    fn damaged_links_say_so_and_change_nothing() {
        let long = format!("#p={}", "1".repeat(10_000_000));
        let code = share::encode(&Grid::parse(SEED).unwrap());
        let (short_marks, no_time) = (format!("#s={code}&m=AAAA"), format!("#s={code}&t=soon"));
        for (fragment, reason) in [
            ("#s=<img src=x onerror=alert(1)>", "characters"),
            ("#s=EQ", "cut short"),
            (short_marks.as_str(), "marks are cut short"),
            (no_time.as_str(), "time is not a number"),
            ("#p=8..", "found 3 cells"),
            (long.as_str(), "far too long"),
        ] {
            let message = board_in(fragment, "").unwrap().unwrap_err();
            assert!(
                message.contains(reason) && message.ends_with("The current puzzle is unchanged."),
                "{message}"
            );
        }
        let board = Board::from_puzzle(&Grid::parse(SEED).unwrap());
        let mut over_given = board.clone();
        over_given.write(0, 0, Kind::Given);
        over_given.write(0, 9, Kind::User);
        let bad = format!(
            "{}&u={}",
            fragment(&board, board.payload().as_deref(), None),
            share::encode(&Grid::parse(&SEED.replacen('8', "9", 1)).unwrap())
        );
        assert!(board_in(&bad, "")
            .unwrap()
            .unwrap_err()
            .contains("writes over a given"));
    }
}
