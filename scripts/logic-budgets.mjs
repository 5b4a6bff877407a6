// The logical solver in the browser, against the built dist/: how long a hint takes from
// the click to its text (every hint along the way), and how long the worker takes for a
// full logical solve ("Solve step by step"). A benchmark, not a test.
// usage: node scripts/logic-budgets.mjs [every-nth-puzzle]
//          a sample of top1465 (every 147th unless told)
//        node scripts/logic-budgets.mjs variants [every-nth-puzzle]
//          the shared variant puzzles (data/variants/), each opened by its f-puzzles link;
//          up to 60 hints a puzzle, and a path or hint that takes over 20 s is stopped
// QUICK=1: the first puzzle of the sample alone, and three hints
import { readFileSync } from 'node:fs';
import { serve } from '../tests/e2e/server.mjs';
import { launch, viewport, openTools, spoil, waitStatus } from '../tests/e2e/harness.mjs';
import { all as sharedVariants } from '../tests/e2e/variants.mjs';
import { orQuick } from './quick.mjs';

const variants = process.argv[2] === 'variants';
const every = Number(process.argv[variants ? 3 : 2] ?? (variants ? 1 : 147));
const server = await serve();
const base = `http://127.0.0.1:${server.address().port}/`;
const browser = await launch();
const page = await (await browser.newContext({ viewport })).newPage();

// Timed inside the page: from the click event to the hint's text changing. Again after
// each load of the page.
const timeHints = () => page.evaluate(() => {
  window.hintTimes = [];
  let clicked = null;
  // Only a fresh hint asks the worker; "Show more" on the same button does not.
  document.addEventListener('click', (e) => {
    if (e.target.closest('.hint-button')?.textContent === 'Hint') clicked = performance.now();
  }, true);
  new MutationObserver(() => {
    if (clicked !== null && document.querySelector('#hint').textContent.length > 0) {
      window.hintTimes.push(performance.now() - clicked);
      clicked = null;
    }
  }).observe(document.querySelector('#hint').parentElement, { childList: true, characterData: true, subtree: true });
});
const DONE = /solved|needs guessing|does not match|leave out|no single solution/;
const FOUND_BY_SEARCH = /found by search/;
/** Hint, Show more, Apply (a hint's three presses), until the hint has nothing to apply or `most` hints;
 *  false if a hint took longer than `timeout` ms (then stopped). */
async function hintAlong(most, timeout) {
  const limit = orQuick(most, 3);
  for (let i = 0; i < limit; i++) {
    await page.click('button.hint-button');
    const shown = await page.waitForFunction(() => document.querySelector('#hint')?.textContent.length > 0, null, { timeout })
      .then(() => true, () => false);
    if (!shown) {
      await openTools(page);
      await page.click('button.stop');
      return false;
    }
    const text = await page.textContent('#hint');
    if (DONE.test(text)) break;
    // A hint out of time shows its digit found by search whole, beside Apply.
    if (!FOUND_BY_SEARCH.test(text)) await page.click('text=Show more');
    await page.click('button.apply');
  }
  return true;
}
const pathTime = async () => Number((await page.textContent('#path-time')).match(/in ([\d.]+) ms/)[1]);

const paths = [];
let hints = [];
const slow = [];
let count;
if (!variants) {
  const puzzles = readFileSync(new URL('../data/top1465.txt', import.meta.url), 'utf8')
    .split('\n').filter((l) => l.length === 81).filter((_, i) => i % every === 0)
    .slice(0, orQuick(Infinity, 1));
  count = puzzles.length;
  await page.goto(base);
  // The shell is painted before the module arrives; the hint's place comes with the app.
  await page.waitForSelector('#hint', { state: 'attached' });
  await timeHints();
  for (const puzzle of puzzles) {
    await openTools(page);
    await page.fill('#import', puzzle);
    await page.click('button:text-is("Import")');
    await page.waitForFunction(() => document.querySelector('[role=status]')?.textContent.startsWith('Unique'));
    await spoil(page, 'Solve step by step');
    await page.waitForSelector('#path-time');
    paths.push(await pathTime());
    await page.click('text=Back to my board');
    await hintAlong(200, 30_000);
  }
  hints = await page.evaluate(() => window.hintTimes);
} else {
  const puzzles = sharedVariants.filter((_, i) => i % every === 0).slice(0, orQuick(Infinity, 1));
  count = 0;
  for (const puzzle of puzzles) {
    await page.goto(`${base}#fpuzzles${puzzle.fpuzzles}`);
    await page.reload();
    const unique = await waitStatus(page, /^Unique solution/, 30_000).then(() => true, () => false);
    if (!unique) { console.error(`${puzzle.title}: not one solution, left out`); continue; }
    count += 1;
    await timeHints();
    const started = Date.now();
    await spoil(page, 'Solve step by step');
    const solved = await page.waitForSelector('#path-time', { timeout: 20_000 }).then(() => true, () => false);
    if (solved) {
      paths.push(await pathTime());
      await page.click('text=Back to my board');
    } else {
      slow.push(`${puzzle.title} (path)`);
      await page.click('button.stop');
    }
    const ok = await hintAlong(60, 20_000);
    if (!ok) slow.push(`${puzzle.title} (hint)`);
    const times = await page.evaluate(() => window.hintTimes);
    hints.push(...times);
    console.error(`${puzzle.title}: path ${solved ? `${paths[paths.length - 1]} ms` : 'over 20 s'}, ${times.length} hints, worst ${Math.max(0, ...times).toFixed(1)} ms, ${((Date.now() - started) / 1000).toFixed(0)} s in all`);
  }
}
await browser.close();
server.close();
const stats = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const at = (q) => s[Math.min(s.length - 1, Math.floor(q * s.length))].toFixed(1);
  return `median ${at(0.5)} ms, 95th percentile ${at(0.95)} ms, 99th percentile ${at(0.99)} ms, worst ${s[s.length - 1].toFixed(1)} ms`;
};
console.log(variants
  ? `${count} shared variant puzzles with one solution (every ${every}th) in headless Chromium`
  : `${count} top1465 puzzles (every ${every}th) in headless Chromium`);
console.log(`hint, click to text: ${stats(hints)} over ${hints.length} hints`);
console.log(`full logical solve in the worker: ${stats(paths)} over ${paths.length} puzzles`);
if (slow.length) console.log(`stopped after 20 s: ${slow.join('; ')}`);
