// Runs every benchmark command that the README and docs/ give a figure by, in quick mode
// (QUICK=1: one round on a small slice of the data, see scripts/quick.mjs), from the
// repository's root as a reader would paste it, and checks that each one runs and prints
// what it should: the shape of its lines, never its timings. scripts/test runs it, so that
// a moved binary or file breaks CI and not the next measurement. Needs the release build
// (dist/, `trunk build --release`) for the Chromium steps; `scripts/bench` makes it anew.
// usage: node scripts/check-benches.mjs [NAME...] (only the checks whose name holds one)
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, rmSync } from 'node:fs';

const n = String.raw`\d+(?:\.\d+)?`; // a number
const some = '[1-9]\\d*'; // a count that is not zero
const re = (source) => new RegExp(`^${source}$`);
const tsv = (...cells) => re(cells.join('\t'));

// What `sudoku bench` prints, and the tables of the variant benches, natively and in wasm.
const benchLine = `${some} puzzles, ${n} us per puzzle \\(median of 1 rounds\\), ${n} guesses per puzzle, checksum [0-9a-f]{16}`;
const variantsHeader = tsv('form', 'puzzles', 'rounds', 'median_ms', 'p90_ms', 'worst_ms', 'total_ms', 'guesses');
const variantsRow = (form) => tsv(form, some, '1', n, n, n, n, '\\d+');
const hints = [
  tsv('puzzles', 'solved', 'half_or_more', 'hints', 'hint_median_ms', 'hint_p95_ms', 'hint_p99_ms', 'hint_worst_ms', 'path_median_ms', 'path_p90_ms', 'path_worst_ms'),
  tsv(some, '\\d+', '\\d+', some, n, n, n, n, n, n, n),
  tsv('within budget: hints', 'out_of_time', 'hint_median_ms', 'hint_p99_ms', 'hint_worst_ms'),
  tsv(some, '\\d+', n, n, n),
  tsv('rule', 'puzzles', 'solved_by_logic'),
  tsv('\\S.*', some, '\\d+'),
  tsv('slowest hint', 'ms'),
];
const soloBench = (file) => re(`\\| ${file} \\(${some}\\) \\| ${n} µs \\| ${n} µs \\| \\d+% \\| ${n} \\| agree \\|`);
const abBench = (file) => re(`\\| ${file} \\| ${n} µs \\| ${n} µs \\| ${n} \\| agree \\|`);

/** Each check: its command as typed at the root, and patterns that lines of its output
 *  must match, in this order (other lines may come between). */
const checks = [
  {
    name: 'scripts/bench',
    command: 'scripts/bench',
    lines: [
      re(`== machine: ${some} cores, .*`),
      tsv('dataset', 'puzzles', 'engine_us', 'crate_us', 'speedup', 'engine_guesses'),
      tsv('17_clue\\.txt', some, n, n, `${n}x`, n),
      tsv('top1465\\.txt', some, n, n, `${n}x`, n),
      ...['17_clue', 'top1465'].map((set) => re(`${set}\\.txt: native ${n} us, wasm ${n} us \\(\\d+%\\), wasm\\+simd128 ${n} us \\(\\d+%\\)`)),
      re(`large_16x16_40pct\\.txt: ${benchLine}`),
      re(`large_25x25_53pct\\.txt: ${benchLine}`),
      // The variants bench natively, then in wasm.
      variantsHeader, variantsRow('fpuzzles'), tsv('slowest', 'ms', 'verdict', 'guesses'),
      variantsHeader, variantsRow('fpuzzles'), tsv('slowest', 'ms', 'verdict', 'guesses'),
      // The hints bench natively, then in wasm.
      ...hints, ...hints,
      tsv('set', 'puzzles', 'median_ms', 'p99_ms', 'worst_ms', 'unique', 'several', 'gave_up'),
      ...[16, 25].flatMap((side) => [30, 40, 50, 60].map((percent) =>
        tsv(`${side}x${side} ${percent}%`, some, n, n, n, '\\d+', '\\d+', '\\d+'))),
      tsv('puzzle', 'ms', 'verdict'),
      tsv('hard25 #1', '\\d+', '(unique|several|gave up)'),
      re(`first load transfer \\(gzip, page and worker\\): median ${n} KiB over 1 loads; files: /.*`),
      re(`first load bodies: gzip -9 ${n} KiB, Brotli 11 ${n} KiB`),
      re(`board interactive after navigation: median ${n} ms, worst ${n} ms`),
      re(`first worker answer after navigation: median ${n} ms`),
      re(`keypress to status \\(9x9\\): median ${n} ms, worst ${n} ms over ${some} presses`),
      re(`keypress to status \\(9x9 killer\\): median ${n} ms, worst ${n} ms over ${some} presses`),
      re(`keypress to status \\(9x9 killer, a Killer, Expert made ahead meanwhile\\): median ${n} ms, worst ${n} ms over the ${some} presses made while it was`),
      re(`variant link drawn after navigation \\(.+, f-puzzles form\\): median ${n} ms, worst ${n} ms`),
      re(`variant link drawn after navigation \\(.+, SudokuPad form\\): median ${n} ms, worst ${n} ms`),
      re(`paste to answer, 25x25 in numbers: median ${n} ms, worst ${n} ms`),
      re(`paste to answer, 8 MB: median ${n} ms, worst ${n} ms`),
      soloBench('data/17_clue\\.txt'),
      soloBench('data/top1465\\.txt'),
      re(`${some} of ${some} images exactly right \\(${n}%\\), ${some} of ${some} cells \\(${n}%\\)`),
      re(`decode: median ${n} ms, worst ${n} ms`),
      re(`read: median ${n} ms, worst ${n} ms`),
      re(`${some} photos enlarged to 12 megapixels, in Chromium .+`),
      re(`change to review: median ${n} ms, worst ${n} ms`),
      re(`read in the worker: median ${n} ms, worst ${n} ms`),
    ],
  },
  {
    name: 'variants bench, SudokuPad form',
    command: 'cargo bench -q -p sudoku-links --bench variants -- 5 sudokupad',
    lines: [variantsHeader, variantsRow('sudokupad')],
  },
  {
    name: 'logic bench',
    command: 'cargo bench -q -p sudoku-engine --bench logic',
    lines: [
      re(`top1465\\.txt: \\d+ of ${some} solved by logic alone \\(${n}%\\)`),
      re('levels: .+'),
      re(`full logical solve: median ${n} ms, worst ${n} ms; slowest step ${n} ms: .+`),
    ],
  },
  {
    name: 'generate bench',
    command: 'cargo bench -q -p sudoku-engine --bench generate',
    lines: [
      re('\\| puzzle \\| median \\| 95th percentile \\| retried \\| samples \\|'),
      re(`\\| 9x9, any level \\| ${n} ms \\| ${n} ms \\| \\d+% \\| ${some} \\|`),
      re(`\\| 9x9 needing .+ \\| ${n} ms \\| ${n} ms \\| \\d+% \\| ${some} \\|`),
    ],
  },
  {
    name: 'generate bench, variants',
    command: 'cargo bench -q -p sudoku-engine --bench generate -- variants',
    lines: [
      re('\\| variant \\| level \\| median \\| 95th percentile \\| slowest \\(seed\\) \\| retried \\| samples \\|'),
      re(`\\| killer \\| Expert \\| ${n} ms \\| ${n} ms \\| ${n} ms \\(\\d+\\) \\| \\d+% \\| ${some} \\|`),
      re(`\\| odd-even \\| Easy \\| ${n} ms \\| ${n} ms \\| ${n} ms \\(\\d+\\) \\| \\d+% \\| ${some} \\|`),
    ],
  },
  {
    name: 'generate-bench.mjs',
    command: 'node scripts/generate-bench.mjs 20',
    lines: [
      re('\\| puzzle \\| native median \\| native p95 \\| browser median \\| browser p95 \\| browser / native \\| retried \\| samples \\|'),
      re(`\\| 9x9, any level( \\| ${n} ms){4} \\| ${n} \\| \\d+% \\| ${some} \\|`),
      re(`\\| 9x9 needing .+( \\| ${n} ms){4} \\| ${n} \\| \\d+% \\| ${some} \\|`),
    ],
  },
  {
    name: 'generate-bench.mjs variants',
    command: 'node scripts/generate-bench.mjs 20 variants',
    lines: [
      re('\\| puzzle \\| native median \\| native p95 \\| browser median \\| browser p95 \\| browser / native \\| retried \\| samples \\|'),
      re(`\\| killer, Medium( \\| ${n} ms){4} \\| ${n} \\| \\d+% \\| ${some} \\|`),
      re(`\\| odd-even, Extreme( \\| ${n} ms){4} \\| ${n} \\| \\d+% \\| ${some} \\|`),
    ],
  },
  {
    name: 'logic-budgets.mjs',
    command: 'node scripts/logic-budgets.mjs',
    lines: [
      re(`${some} top1465 puzzles \\(every ${some}th\\) in headless Chromium`),
      re(`hint, click to text: median ${n} ms, 95th percentile ${n} ms, 99th percentile ${n} ms, worst ${n} ms over ${some} hints`),
      re(`full logical solve in the worker: median ${n} ms, 95th percentile ${n} ms, 99th percentile ${n} ms, worst ${n} ms over ${some} puzzles`),
    ],
  },
  {
    name: 'logic-budgets.mjs variants',
    command: 'node scripts/logic-budgets.mjs variants 2',
    lines: [
      re(`${some} shared variant puzzles with one solution \\(every ${some}th\\) in headless Chromium`),
      re(`hint, click to text: median ${n} ms, 95th percentile ${n} ms, 99th percentile ${n} ms, worst ${n} ms over ${some} hints`),
      re(`full logical solve in the worker: median ${n} ms, 95th percentile ${n} ms, 99th percentile ${n} ms, worst ${n} ms over ${some} puzzles`),
    ],
  },
  {
    name: 'logic-budgets.mjs walk',
    command: 'node scripts/logic-budgets.mjs walk',
    lines: [
      re(`${some} shared variant puzzles with one solution \\(every ${some}th\\), each whole path by Hint and Apply in headless Chromium`),
      re(`hint, click to text: median ${n} ms, 99th percentile ${n} ms, worst ${n} ms \\(".+"\\) over ${some} hints`),
      re('out of time, a digit found by search: \\d+; out of time with no digit \\(no proof in time\\): \\d+; over 30 s twice, stopped: \\d+; over 30 s once, answered when asked again: \\d+'),
    ],
  },
  {
    // Its second build is the shipped one again, when no other waits in dist/b/.
    name: 'solve-ab.mjs',
    command: 'node scripts/solve-ab.mjs 15',
    before: () => {
      if (existsSync('dist/b')) return () => {};
      mkdirSync('dist/b');
      for (const file of ['sudoku-web.js', 'sudoku-web_bg.wasm']) cpSync(`dist/${file}`, `dist/b/${file}`);
      return () => rmSync('dist/b', { recursive: true });
    },
    lines: [
      re('\\| data \\| A \\(dist/\\) \\| B \\(dist/b/\\) \\| B / A speed \\| checksums \\|'),
      abBench('data/17_clue\\.txt'),
      abBench('data/top1465\\.txt'),
    ],
  },
  {
    // Needs an ISS tree, which a clone has not: then it says it was skipped, and why.
    name: 'iss-compare.sh',
    command: 'scripts/iss-compare.sh',
    lines: [re(`(iss-compare: skipped: no ISS tree .+|${some} puzzles, 1 rounds: \\d+ no slower than ISS .+)`)],
  },
  {
    name: 'scripts/lighthouse',
    command: 'scripts/lighthouse',
    lines: ['Performance', 'Accessibility', 'Best Practices'].map((c) => re(`${c}: \\d+`))
      .concat(re('Total Blocking Time: \\d+ ms')),
  },
  {
    name: 'wasm-sizes.py',
    command: 'scripts/wasm-sizes.py target/wasm32-unknown-unknown/web/sudoku-web.wasm',
    lines: [
      re(`${some} functions, ${some} code bytes`),
      re('by crate: .+'),
      re(`\\s*${some}\\s+${n}%\\s+${some}  sudoku_(model|search|logic|generate)`),
      re('by function:'),
    ],
  },
];

const wanted = process.argv.slice(2);
const failed = [];
for (const check of checks.filter((c) => !wanted.length || wanted.some((w) => c.name.includes(w)))) {
  const after = check.before?.() ?? (() => {});
  const start = Date.now();
  const run = spawnSync('bash', ['-c', check.command], {
    // The benches without their line tables (the bench profile's, for profilers): so they
    // share the dependencies that `cargo test --release` built before them.
    env: { ...process.env, QUICK: '1', CARGO_PROFILE_BENCH_DEBUG: 'false' },
    encoding: 'utf8',
    maxBuffer: 1 << 26,
  });
  after();
  const seconds = ((Date.now() - start) / 1000).toFixed(0);
  const lines = (run.stdout ?? '').split('\n');
  // Each pattern from the line after the one the pattern before it matched.
  let at = 0;
  const missing = check.lines.find((pattern) => {
    const found = lines.findIndex((line, i) => i >= at && pattern.test(line));
    if (found < 0) return true;
    at = found + 1;
    return false;
  });
  const problem = run.error ? String(run.error)
    : run.status !== 0 ? `exit status ${run.status ?? run.signal}`
      : missing ? `no line matching ${missing} (after line ${at})` : null;
  console.log(`${problem ? 'FAIL' : 'ok  '} ${check.name} (QUICK=1 ${check.command}): ${seconds} s`);
  // A command that needs what a clone has not (an ISS tree) says so; so does this summary.
  for (const skipped of lines.filter((line) => / skipped: /.test(line))) console.log(`  ${skipped}`);
  if (problem) {
    failed.push(check.name);
    const tail = (text) => (text ?? '').trimEnd().split('\n').slice(-30).map((l) => `    ${l}`).join('\n');
    console.log(`  ${problem}\n  stdout:\n${tail(run.stdout)}\n  stderr:\n${tail(run.stderr)}`);
  }
}
if (failed.length) {
  console.log(`failed: ${failed.join(', ')}`);
  process.exitCode = 1;
}
