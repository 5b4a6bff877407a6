// The exact solver natively and in headless Chromium, side by side on the same sets: the
// native `sudoku bench`, and the app's own shipped module (dist/, after `trunk build
// --release`) in a dedicated worker, through its `bench_solve` export, which times the same
// loop with the worker's clock. Both print a checksum of every verdict, which must agree.
// A benchmark, not a test. usage: node scripts/solve-bench.mjs [rounds] [files...]
// (QUICK=1: one round on each file's first 100 lines)
import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { openBenchPage, startWorker, benchIn } from './bench-worker.mjs';
import { orQuick, quickLines } from './quick.mjs';

const [given = '5', ...named] = process.argv.slice(2);
const rounds = orQuick(given, '1');
const files = named.length ? named : ['data/17_clue.txt', 'data/top1465.txt'];
execFileSync('cargo', ['build', '-q', '--release', '-p', 'sudoku-cli', '--bin', 'sudoku'], { stdio: 'inherit' });

const { page, base, close } = await openBenchPage();
await startWorker(page, base, 'shipped');

console.log('| data | native | wasm in a Chromium worker | share of native speed | guesses | checksums |');
console.log('|---|---:|---:|---:|---:|---|');
for (const file of files) {
  const text = quickLines(await readFile(file, 'utf8'), 100);
  const native = execFileSync('target/release/sudoku', ['bench', '-', '--rounds', rounds, '--format', 'tsv'], { input: text, encoding: 'utf8' }).trim().split('\t');
  const wasm = await benchIn(page, 'shipped', text, Number(rounds));
  const [n, w] = [Number(native[1]), Number(wasm[1])];
  const agree = native[3] === wasm[3] ? 'agree' : `DIFFER (${native[3]} / ${wasm[3]})`;
  console.log(`| ${file} (${native[0]}) | ${n.toFixed(2)} µs | ${w.toFixed(2)} µs | ${(100 * n / w).toFixed(0)}% | ${native[2]} | ${agree} |`);
}
await close();
