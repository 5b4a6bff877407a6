// Quick mode of the benchmark scripts, `QUICK=1` (README, "How fast"): one round on a small
// slice of the data, so that scripts/check-benches.mjs sees each one run and print what it
// should, in seconds. Its timings mean nothing. The cargo benches read the same variable
// (engine/benches/quick/mod.rs), and so does scripts/bench.

/** `quick` when QUICK=1 is set, or else `full`. */
export const orQuick = (full, quick) => (process.env.QUICK === '1' ? quick : full);

/** `text`, or with QUICK=1 its first `lines` lines. */
export const quickLines = (text, lines) => orQuick(text, text.split('\n').slice(0, lines).join('\n'));
