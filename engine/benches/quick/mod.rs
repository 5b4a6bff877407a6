//! Quick mode, shared by every bench of the workspace (the link reader's and the photo
//! reader's include this file too): with `QUICK=1` a bench runs one round on a small slice
//! of its data, in seconds, so that `scripts/check-benches.mjs` sees it run and print what
//! it should. Its timings then mean nothing.

/// `quick` when `QUICK=1` is set, or else `full`: how many rounds, puzzles or files a bench
/// takes, or how long it waits.
pub fn or_quick<T>(full: T, quick: T) -> T {
    if std::env::var_os("QUICK").is_some_and(|v| v == "1") {
        quick
    } else {
        full
    }
}
