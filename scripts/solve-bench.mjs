// The exact solver natively and in headless Chromium, side by side on the same sets: the
// native `sudoku bench`, and the app's own shipped module (dist/, after `trunk build
// --release`) in a dedicated worker, through its `bench_solve` export, which times the same
// loop with the worker's clock. Both print a checksum of every verdict, which must agree.
// A benchmark, not a test. usage: node scripts/solve-bench.mjs [rounds] [files...]
import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { serve } from '../tests/e2e/server.mjs';
import { launch, viewport } from '../tests/e2e/harness.mjs';

const [rounds = '5', ...named] = process.argv.slice(2);
const files = named.length ? named : ['data/17_clue.txt', 'data/top1465.txt'];
execFileSync('cargo', ['build', '-q', '--release', '-p', 'sudoku-engine', '--bin', 'sudoku'], { stdio: 'inherit' });

const server = await serve();
const base = `http://127.0.0.1:${server.address().port}/`;
const browser = await launch();
const page = await (await browser.newContext({ viewport })).newPage();
await page.goto(base);
await page.waitForSelector('[role=grid]');
// A worker of our own that loads the shipped glue and module; once they are in, its
// handler replaces the solver's, so it answers bench requests alone.
await page.evaluate((base) => {
  const code = `import init, { bench_solve } from '${base}sudoku-web.js';
    await init({ module_or_path: '${base}sudoku-web_bg.wasm' });
    self.onmessage = (e) => {
      try { postMessage({ line: bench_solve(e.data.text, e.data.rounds) }); }
      catch (error) { postMessage({ error: String(error) }); }
    };
    postMessage({ ready: true });`;
  window.bench = new Worker(URL.createObjectURL(new Blob([code], { type: 'text/javascript' })), { type: 'module' });
  return new Promise((ready) => {
    window.bench.onmessage = (e) => { if (e.data.ready) ready(); };
  });
}, base);

console.log('| data | native | wasm in a Chromium worker | share of native speed | guesses | checksums |');
console.log('|---|---:|---:|---:|---:|---|');
for (const file of files) {
  const native = execFileSync('target/release/sudoku', ['bench', file, '--rounds', rounds, '--format', 'tsv'], { encoding: 'utf8' }).trim().split('\t');
  const text = await readFile(file, 'utf8');
  const answer = await page.evaluate(({ text, rounds }) => new Promise((done) => {
    window.bench.onmessage = (e) => done(e.data);
    window.bench.postMessage({ text, rounds });
  }), { text, rounds: Number(rounds) });
  if (answer.error) throw new Error(`${file}: ${answer.error}`);
  const wasm = answer.line.split('\t');
  const [n, w] = [Number(native[1]), Number(wasm[1])];
  const agree = native[3] === wasm[3] ? 'agree' : `DIFFER (${native[3]} / ${wasm[3]})`;
  console.log(`| ${file} (${native[0]}) | ${n.toFixed(2)} µs | ${w.toFixed(2)} µs | ${(100 * n / w).toFixed(0)}% | ${native[2]} | ${agree} |`);
}
await browser.close();
server.close();
