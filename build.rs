//! Stamps the build's id (`SUDOKU_BUILD`): a hash of everything compiled into the wasm
//! module. The page compares it with the id its workers report, so a worker loaded from a
//! newer deploy than its page is caught (`client.rs`). Equal sources give equal ids.

use std::fs;
use std::path::{Path, PathBuf};

const INPUTS: &[&str] = &[
    "src",
    "engine/src",
    "engine/model/src",
    "engine/search/src",
    "engine/logic/src",
    "engine/generate/src",
    "Cargo.toml",
    "engine/Cargo.toml",
    "engine/model/Cargo.toml",
    "engine/search/Cargo.toml",
    "engine/logic/Cargo.toml",
    "engine/generate/Cargo.toml",
    "Cargo.lock",
];

fn main() {
    let mut files = Vec::new();
    for input in INPUTS {
        println!("cargo:rerun-if-changed={input}");
        collect(Path::new(input), &mut files);
    }
    files.sort();
    // FNV-1a over each path and its bytes: std only, and stable across machines.
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for file in &files {
        let path = file.to_string_lossy().replace('\\', "/");
        for byte in path.bytes().chain(fs::read(file).unwrap_or_default()) {
            hash = (hash ^ u64::from(byte)).wrapping_mul(0x100_0000_01b3);
        }
    }
    println!("cargo:rustc-env=SUDOKU_BUILD={hash:016x}");
}

fn collect(path: &Path, files: &mut Vec<PathBuf>) {
    match fs::read_dir(path) {
        Ok(entries) => entries
            .flatten()
            .for_each(|entry| collect(&entry.path(), files)),
        Err(_) if path.is_file() => files.push(path.to_path_buf()),
        Err(_) => {}
    }
}
