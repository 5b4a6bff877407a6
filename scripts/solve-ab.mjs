// Two builds of the app's module side by side in one page: the shipped one (dist/) and
// another (its sudoku-web.js and sudoku-web_bg.wasm copied into dist/b/), each in a
// dedicated worker, timing the same sets through `bench_solve` in alternating rounds, so
// the machine's drift falls on both alike. Prints each build's median and their ratio.
// A benchmark, not a test. usage: node scripts/solve-ab.mjs [rounds] [files...]
import { readFile } from 'node:fs/promises';
import { serve } from '../tests/e2e/server.mjs';
import { launch, viewport } from '../tests/e2e/harness.mjs';

const [rounds = '9', ...named] = process.argv.slice(2);
const files = named.length ? named : ['data/17_clue.txt', 'data/top1465.txt'];
const server = await serve();
const base = `http://127.0.0.1:${server.address().port}/`;
const browser = await launch();
const page = await (await browser.newContext({ viewport })).newPage();
await page.goto(base);
await page.waitForSelector('[role=grid]');
await page.evaluate((base) => {
  const start = (dir) => {
    const code = `import init, { bench_solve } from '${base}${dir}sudoku-web.js';
      await init({ module_or_path: '${base}${dir}sudoku-web_bg.wasm' });
      self.onmessage = (e) => {
        try { postMessage({ line: bench_solve(e.data.text, e.data.rounds) }); }
        catch (error) { postMessage({ error: String(error) }); }
      };
      postMessage({ ready: true });`;
    const worker = new Worker(URL.createObjectURL(new Blob([code], { type: 'text/javascript' })), { type: 'module' });
    return new Promise((ready) => { worker.onmessage = (e) => { if (e.data.ready) ready(worker); }; });
  };
  return Promise.all([start(''), start('b/')]).then(([a, b]) => { window.builds = { a, b }; });
}, base);

const median = (xs) => [...xs].sort((x, y) => x - y)[xs.length >> 1];
console.log('| data | A (dist/) | B (dist/b/) | B / A speed | checksums |');
console.log('|---|---:|---:|---:|---|');
for (const file of files) {
  const text = await readFile(file, 'utf8');
  const times = { a: [], b: [] };
  const sums = { a: new Set(), b: new Set() };
  for (let r = 0; r < Number(rounds); r++) {
    for (const which of r % 2 ? ['b', 'a'] : ['a', 'b']) {
      const answer = await page.evaluate(({ which, text }) => new Promise((done) => {
        window.builds[which].onmessage = (e) => done(e.data);
        window.builds[which].postMessage({ text, rounds: 1 });
      }), { which, text });
      if (answer.error) throw new Error(`${file}: ${answer.error}`);
      const [, micros, , sum] = answer.line.split('\t');
      times[which].push(Number(micros));
      sums[which].add(sum);
    }
  }
  const [a, b] = [median(times.a), median(times.b)];
  const agree = sums.a.size === 1 && [...sums.a][0] === [...sums.b][0] ? 'agree' : 'DIFFER';
  console.log(`| ${file} | ${a.toFixed(2)} µs | ${b.toFixed(2)} µs | ${(a / b).toFixed(3)} | ${agree} |`);
}
await browser.close();
server.close();
