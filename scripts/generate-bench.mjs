// The generator natively and in the app's own worker in headless Chromium, side by side:
// the same requests and seeds as `cargo bench --bench generate`, so each row compares the
// very same puzzles. Browser times are the worker's own (`micros` of its answer), without
// the page's round trip. Run `trunk build --release` first. A benchmark, not a test.
// With `variants`, the variant puzzles instead, per variant and level, as
// `cargo bench --bench generate -- variants` makes them (seeds 0, 1, 2…).
// With a variant's name too (`killer`, `arrow`…), the browser runs that variant's rows only
// (natively every row runs, as the worker's request numbers the variants by that list).
// usage: node scripts/generate-bench.mjs [samples] [variants [name…]]
import { execFileSync } from 'node:child_process';
import { serve } from '../tests/e2e/server.mjs';
import { launch, viewport } from '../tests/e2e/harness.mjs';

const samples = process.argv.slice(2).find((a) => /^\d+$/.test(a)) ?? '20';
const variants = process.argv.includes('variants');
const only = process.argv.slice(2).filter((a) => !/^\d+$/.test(a) && a !== 'variants');
const bench = (...args) => execFileSync('cargo', ['bench', '-q', '-p', 'sudoku-engine', '--bench', 'generate', '--', samples, ...args], { encoding: 'utf8' });
const LEVELS = ['Easy', 'Medium', 'Hard', 'Expert', 'Extreme'];
const native = variants
  // | killer | Medium | 120 ms | 400 ms | 900 ms (3) | 80% | 20 |: the variants in the
  // engine's `Genre::ALL` order, each at its levels.
  ? bench('variants').trim().split('\n').slice(2).map((line) => line.split('|').slice(1, -1).map((c) => c.trim()))
    .map(([genre, level, median, p95, , retried, seeds], _, rows) => ({
      name: `${genre}, ${level}`,
      wanted: {
        side: 9, level: LEVELS.indexOf(level), symmetry: 1, technique: null, minimal: false,
        variant: [...new Set(rows.map((r) => r[0]))].indexOf(genre),
      },
      seeds: Number(seeds), median: parseFloat(median), p95: parseFloat(p95), retried: retried.replace('%', ''),
    }))
  : bench('tsv').trim().split('\n').map((line) => line.split('\t'))
    .map(([name, side, level, technique, seeds, median, p95, retried]) => ({
      name,
      wanted: {
        side: Number(side),
        level: level === 'any' ? null : Number(level),
        symmetry: 1,
        technique: technique === 'any' ? null : Number(technique),
        minimal: false,
      },
      seeds: Number(seeds), median: Number(median), p95: Number(p95), retried,
    }));

const server = await serve();
const browser = await launch();
const page = await (await browser.newContext({ viewport })).newPage();
await page.goto(`http://127.0.0.1:${server.address().port}/`);
await page.waitForSelector('[role=grid]');
// A worker of our own from the app's worker.js, spoken to in the app's protocol.
await page.evaluate(() => new Promise((ready) => {
  window.bench = new Worker('./worker.js', { type: 'module' });
  window.bench.onmessage = (e) => { if (e.data.kind === 'Ready') ready(); };
  // Anything but a compiled module as the first message: the worker loads its own.
  window.bench.postMessage(null);
}));

const at = (xs, q) => [...xs].sort((a, b) => a - b)[Math.round((xs.length - 1) * q)];
console.log('| puzzle | native median | native p95 | browser median | browser p95 | browser / native | retried | samples |');
console.log('|---|---|---|---|---|---|---|---|');
for (const row of native.filter((r) => only.length === 0 || only.some((name) => r.name.startsWith(`${name}, `)))) {
  const { wanted } = row;
  const times = await page.evaluate(({ wanted, seeds }) => {
    // The worker reads an order as bytes in postcard's form (src/protocol.rs), written
    // here by hand: its id and board (the seed twice, the side), job 5 (Generate), the
    // wanted fields in their order, and seed 0 (Random) with its number.
    // tests/protocol.rs's `the_generate_bench_order_is_these_bytes` holds one such order.
    const varint = (n) => {
      const out = [];
      do { const low = n % 128; n = Math.floor(n / 128); out.push(n ? low + 128 : low); } while (n);
      return out;
    };
    const option = (x) => (x === null || x === undefined ? [0] : [1, x]);
    const order = (seed) => new Uint8Array([...varint(seed), ...varint(seed), wanted.side, 5,
      wanted.side, ...option(wanted.level), wanted.symmetry, ...option(wanted.technique),
      wanted.minimal ? 1 : 0, ...option(wanted.variant), 0, ...varint(seed)]);
    const one = (seed) => new Promise((done, fail) => {
      window.bench.onmessage = (e) => {
        if (e.data.kind !== 'Done') return;
        if (['Generated', 'NotGenerated'].includes(e.data.answer)) done(e.data.micros / 1000);
        else fail(new Error(`the worker answered ${e.data.answer} to a Generate order`));
      };
      window.bench.postMessage(order(seed));
    });
    return (async () => {
      const out = [];
      for (let seed = 0; seed < seeds; seed++) out.push(await one(seed));
      return out;
    })();
  }, { wanted, seeds: row.seeds });
  const ms = (x) => (x >= 100 ? x.toFixed(0) : x.toFixed(1));
  const median = at(times, 0.5);
  console.log(`| ${row.name} | ${ms(row.median)} ms | ${ms(row.p95)} ms | ${ms(median)} ms | ${ms(at(times, 0.95))} ms | ${(median / row.median).toFixed(2)} | ${row.retried}% | ${row.seeds} |`);
}
await browser.close();
server.close();
