//! Every form a link comes in, the damage links suffer, short links and bad input, built
//! from real payloads of the shared set (data/variants, CC BY 4.0).

use serde_json::Value;
use sudoku_links::{read, Imported, LinkError, MAX_TEXT};

fn puzzles() -> Vec<Value> {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../data/variants/puzzles.jsonl"
    );
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

fn field(index: usize, key: &str) -> String {
    puzzles()[index][key].as_str().unwrap().to_string()
}

fn same(a: &Imported, b: &Imported) -> bool {
    a.puzzle == b.puzzle && a.title == b.title
}

fn error(text: &str) -> String {
    read(text).map(|_| ()).unwrap_err().to_string()
}

/// The JavaScript `encodeURIComponent` of base64 text.
fn encode_component(data: &str) -> String {
    data.replace('+', "%2B")
        .replace('/', "%2F")
        .replace('=', "%3D")
}

#[test]
fn every_link_form_reads_the_same_puzzle() {
    let data = field(13, "fpuzzles");
    let want = read(&data).unwrap();
    assert_eq!(want.title.as_deref(), Some("October 10, 2023: Killer"));
    let encoded = encode_component(&data);
    for link in [
        format!("https://www.f-puzzles.com/?load={data}"),
        format!("https://f-puzzles.com/?load={data}"),
        format!("f-puzzles.com/?load={data}"),
        format!("https://sudokupad.app/fpuzzles{data}"),
        format!("https://sudokupad.app/fpuz{data}"),
        format!("https://sudokupad.app/sudoku/fpuzzles{data}"),
        format!("https://sudokupad.app/?puzzleid=fpuzzles{encoded}"),
        format!("https://app.crackingthecryptic.com/sudoku/?puzzleid=fpuzzles{encoded}"),
        format!("https://beta.sudokupad.app/fpuzzles{data}"),
        format!("fpuzzles{data}"),
        format!("fpuz{data}"),
        format!("  {data}\n"),
    ] {
        let got = read(&link).unwrap_or_else(|e| panic!("{link:.60}: {e}"));
        assert!(same(&got, &want), "{link:.60}");
    }
    let json = String::from_utf16(&lz_str::decompress_from_base64(&data).unwrap()).unwrap();
    assert!(same(&read(&json).unwrap(), &want));
}

#[test]
fn every_sudokupad_form_reads_the_same_puzzle() {
    let scl = field(23, "sudokupad");
    let want = read(&scl).unwrap();
    let data = scl.strip_prefix("scl").unwrap();
    for link in [
        format!("https://sudokupad.app/{scl}"),
        format!("https://sudokupad.app/ctc{data}"),
        format!("https://sudokupad.app/?puzzleid={scl}"),
        format!(
            "https://app.crackingthecryptic.com/sudoku/?puzzleid=ctc{}",
            encode_component(data)
        ),
        format!("ctc{data}"),
    ] {
        let got = read(&link).unwrap_or_else(|e| panic!("{link:.60}: {e}"));
        assert!(same(&got, &want), "{link:.60}");
    }
    // The zipped text itself, before compression.
    let zipped = String::from_utf16(&lz_str::decompress_from_base64(data).unwrap()).unwrap();
    assert!(same(&read(&zipped).unwrap(), &want));
}

#[test]
fn damaged_links_are_repaired() {
    let data = field(13, "fpuzzles");
    let want = read(&data).unwrap();
    assert!(data.contains("//") && data.ends_with('='));
    let collapsed = data.replace("//", "/");
    let unpadded = data.trim_end_matches('=');
    for link in [
        format!("https://sudokupad.app/fpuzzles{}", encode_component(&data)),
        format!(
            "https://www.f-puzzles.com/?load={}",
            encode_component(&data)
        ),
        format!("https://sudokupad.app/fpuzzles{collapsed}"),
        format!("https:/sudokupad.app/fpuzzles{collapsed}"),
        format!("https://www.f-puzzles.com/?load={unpadded}"),
        format!("https://sudokupad.app/fpuzzles{data}?setting-nogrid=1"),
        format!("https://sudokupad.app/?puzzleid=fpuzzles{data}&setting-nogrid=1"),
        format!("https://sudokupad.app/fpuzzles{data}&setting-largepuzzle=1&setting-x=0"),
    ] {
        let got = read(&link).unwrap_or_else(|e| panic!("{link:.60}: {e}"));
        assert!(same(&got, &want), "{link:.60}");
    }
    // `+` is kept as it is (form decoding would make it a space, which breaks the data):
    // the links above read with it; a payload whose `+` became a space does not.
    assert!(data.contains('+'));
    assert!(read(&data.replace('+', " ")).map_or(true, |got| !same(&got, &want)));
    let scl = field(23, "sudokupad");
    assert!(scl.contains("//"));
    assert!(same(
        &read(&scl.replace("//", "/")).unwrap(),
        &read(&scl).unwrap()
    ));
}

#[test]
fn short_links_ask_for_the_long_link() {
    for (link, shown) in [
        (
            "https://sudokupad.app/wsj7iunsg6",
            "sudokupad.app/wsj7iunsg6",
        ),
        (
            "sudokupad.app/8bNmDd4J9G?setting-nogrid=1",
            "sudokupad.app/8bNmDd4J9G",
        ),
        (
            "https://sudokupad.app/blobz/hippo-birdie",
            "sudokupad.app/blobz/hippo-birdie",
        ),
        (
            "https://sudokupad.app/?puzzleid=abc123",
            "sudokupad.app/abc123",
        ),
        (
            "https://app.crackingthecryptic.com/sudoku/abc123",
            "app.crackingthecryptic.com/abc123",
        ),
        (
            "https://f-puzzles.com/?id=y82pttpx",
            "f-puzzles.com/?id=y82pttpx",
        ),
    ] {
        let e = read(link).unwrap_err();
        assert!(matches!(e, LinkError::ShortLink { .. }), "{link}: {e}");
        let message = e.to_string();
        assert!(
            message.starts_with(&format!("{shown} is a short link: it needs")),
            "{message}"
        );
        assert!(message.contains("Paste the long link"), "{message}");
    }
    assert!(error("https://sudokupad.app/abc123").contains("SudokuPad's server"));
}

/// f-puzzles JSON for a 9x9 grid with `extra` keys, compressed as f-puzzles does.
fn fpuzzles_with(extra: &str) -> String {
    let row = format!("[{}]", ["{}"; 9].join(","));
    let grid = format!("[{}]", vec![row; 9].join(","));
    let json = format!("{{\"size\":9,\"grid\":{grid}{extra}}}");
    lz_str::compress_to_base64(json.as_str())
}

#[test]
fn bad_input_says_what_is_wrong_and_where() {
    let cage = |cells: &str, value: &str| format!("{{\"cells\":[{cells}],\"value\":\"{value}\"}}");
    let ok = cage("\"R1C1\",\"R1C2\"", "3");
    let link = fpuzzles_with(&format!(
        ",\"killercage\":[{ok},{ok},{}]",
        cage("\"R10C1\"", "5")
    ));
    assert_eq!(error(&link), "killercage 3: cell R10C1 is off the 9x9 grid");
    let link = fpuzzles_with(&format!(",\"killercage\":[{ok},{}]", cage("\"R2C1\"", "x")));
    assert_eq!(error(&link), "killercage 2: sum \"x\" is not a number");
    let json = r#"{"size":30,"grid":[]}"#;
    assert_eq!(error(json), "size 30 is out of range (4 to 16)");
    // r1c1 moved from region 0 into region 3.
    let mut rows: Vec<String> = vec![format!("[{}]", ["{}"; 9].join(",")); 9];
    rows[0] = format!("[{{\"region\":3}},{}]", ["{}"; 8].join(","));
    let json = format!("{{\"size\":9,\"grid\":[{}]}}", rows.join(","));
    assert_eq!(error(&json), "region 1 has 8 cells; a 9x9 region needs 9");
    // With a cell in no region, smaller regions are fine, larger ones are not.
    rows[1] = format!("[{{\"region\":null}},{}]", ["{}"; 8].join(","));
    let json = format!("{{\"size\":9,\"grid\":[{}]}}", rows.join(","));
    assert_eq!(error(&json), "region 4 has 10 cells; a 9x9 region needs 9");
    assert_eq!(
        error("fpuzzlesAAAAAAAAAAAA"),
        "the f-puzzles puzzle in it is damaged: cut short or changed"
    );
    assert_eq!(
        error("sclAAAAAAAAAAAA"),
        "the SudokuPad puzzle in it is damaged: cut short or changed"
    );
    assert!(error("https://example.com/puzzle").contains("does not know"));
    assert!(error("hello, world").contains("neither a puzzle link nor puzzle data"));
    let long = "A".repeat(MAX_TEXT + 1);
    assert_eq!(
        error(&long),
        format!(
            "the text is {} bytes long; a link is read up to {MAX_TEXT} bytes",
            MAX_TEXT + 1
        )
    );
    assert!(error("{\"size\":9,").starts_with("the puzzle's data is not valid JSON"));
}

/// lz-string base64 whose every code repeats the last output plus its first character, so
/// that `codes` codes decompress to about codes² / 2 characters.
fn bomb(codes: usize) -> String {
    let mut bits: Vec<u8> = Vec::new();
    let mut write = |value: usize, n: u8| (0..n).for_each(|i| bits.push((value >> i & 1) as u8));
    write(0, 2);
    write(b'a' as usize, 8);
    let (mut dictionary, mut num_bits, mut enlarge_in) = (4usize, 3u8, 4usize);
    for _ in 0..codes {
        write(dictionary, num_bits);
        dictionary += 1;
        enlarge_in -= 1;
        if enlarge_in == 0 {
            enlarge_in = 1 << num_bits;
            num_bits += 1;
        }
    }
    write(2, num_bits);
    let key = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out: String = bits
        .chunks(6)
        .map(|c| {
            key[c
                .iter()
                .enumerate()
                .fold(0, |v, (i, &b)| v | (b as usize) << (5 - i))] as char
        })
        .collect();
    out.push('A');
    out
}

#[test]
fn a_small_link_cannot_decompress_into_gigabytes() {
    let small = bomb(100);
    assert_eq!(
        lz_str::decompress_from_base64(&small).map(|w| w.len()),
        Some(101 * 102 / 2)
    );
    // 4,000 codes in 8 KB would be 8 million characters; 30,000 in 64 KB, 450 million.
    let packed = bomb(4_000);
    assert!(packed.len() < MAX_TEXT);
    assert_eq!(
        error(&format!("fpuzzles{packed}")),
        "the f-puzzles data would decompress to 8006001 characters; a puzzle is read up to 4194304"
    );
}

#[test]
fn classic_forms_read() {
    let scf = read("https://sudokupad.app/scf5NlQ19j9mGca3OIN1bWGk2m41TjS79").unwrap();
    assert!(scf.puzzle.is_classic());
    assert_eq!(
        scf.puzzle.givens().to_string(),
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
    );
    let classic = read("sudokupad.app/classic5NlQ19j9mGca3OIN1bWGk2m41TjS79").unwrap();
    assert_eq!(classic.puzzle, scf.puzzle);
}
