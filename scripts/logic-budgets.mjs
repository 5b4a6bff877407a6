// The logical solver in the browser, against the built dist/: how long a hint takes from
// the click to its text (every hint along the way on a sample of top1465 puzzles), and how
// long the worker takes for a full logical solve. A benchmark, not a test.
// usage: node scripts/logic-budgets.mjs [every-nth-puzzle]
import { readFileSync } from 'node:fs';
import { serve } from '../tests/e2e/server.mjs';
import { launch, viewport } from '../tests/e2e/harness.mjs';

const every = Number(process.argv[2] ?? 147);
const puzzles = readFileSync(new URL('../data/top1465.txt', import.meta.url), 'utf8')
  .split('\n').filter((l) => l.length === 81).filter((_, i) => i % every === 0);
const server = await serve();
const browser = await launch();
const page = await (await browser.newContext({ viewport })).newPage();
await page.goto(`http://127.0.0.1:${server.address().port}/`);
// Timed inside the page: from the click event to the hint's text changing.
await page.evaluate(() => {
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
const paths = [];
for (const puzzle of puzzles) {
  await page.fill('#import', puzzle);
  await page.click('button:text-is("Import")');
  await page.waitForFunction(() => document.querySelector('[role=status]')?.textContent.startsWith('Unique'));
  await page.click('text=Solve step by step');
  await page.waitForSelector('#path-time');
  paths.push(Number((await page.textContent('#path-time')).match(/in ([\d.]+) ms/)[1]));
  await page.click('text=Back to my board');
  for (let i = 0; i < 200; i++) {
    await page.click('button.hint-button');
    await page.waitForFunction(() => document.querySelector('#hint')?.textContent.length > 0);
    const text = await page.textContent('#hint');
    if (/solved|needs guessing|does not match/.test(text)) break;
    await page.click('text=Show more');
    await page.click('text=Show more');
    await page.click('button.apply');
  }
}
const hints = await page.evaluate(() => window.hintTimes);
await browser.close();
server.close();
const stats = (xs) => { const s = [...xs].sort((a, b) => a - b); return `median ${s[Math.floor(s.length / 2)].toFixed(1)} ms, worst ${s[s.length - 1].toFixed(1)} ms`; };
console.log(`${puzzles.length} top1465 puzzles (every ${every}th) in headless Chromium`);
console.log(`hint, click to text: ${stats(hints)} over ${hints.length} hints`);
console.log(`full logical solve in the worker: ${stats(paths)}`);
