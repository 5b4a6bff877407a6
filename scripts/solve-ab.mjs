// Two builds of the app's module side by side in one page: the shipped one (dist/) and
// another (its sudoku-web.js and sudoku-web_bg.wasm copied into dist/b/), each in a
// dedicated worker, timing the same sets through `bench_solve` in alternating rounds, so
// the machine's drift falls on both alike. Prints each build's median and their ratio.
// A benchmark, not a test. usage: node scripts/solve-ab.mjs [rounds] [files...]
// (QUICK=1: one round on each file's first 100 lines)
import { readFile } from 'node:fs/promises';
import { openBenchPage, startWorker, benchIn } from './bench-worker.mjs';
import { orQuick, quickLines } from './quick.mjs';

const [given = '9', ...named] = process.argv.slice(2);
const rounds = orQuick(given, '1');
const files = named.length ? named : ['data/17_clue.txt', 'data/top1465.txt'];
const { page, base, close } = await openBenchPage();
await startWorker(page, base, 'a');
await startWorker(page, base, 'b', 'b/');

const median = (xs) => [...xs].sort((x, y) => x - y)[xs.length >> 1];
console.log('| data | A (dist/) | B (dist/b/) | B / A speed | checksums |');
console.log('|---|---:|---:|---:|---|');
for (const file of files) {
  const text = quickLines(await readFile(file, 'utf8'), 100);
  const times = { a: [], b: [] };
  const sums = new Set();
  for (let r = 0; r < Number(rounds); r++) {
    for (const build of r % 2 ? ['b', 'a'] : ['a', 'b']) {
      const [, micros, , sum] = await benchIn(page, build, text, 1);
      times[build].push(Number(micros));
      sums.add(sum);
    }
  }
  const [a, b] = [median(times.a), median(times.b)];
  console.log(`| ${file} | ${a.toFixed(2)} µs | ${b.toFixed(2)} µs | ${(a / b).toFixed(3)} | ${sums.size === 1 ? 'agree' : 'DIFFER'} |`);
}
await close();
