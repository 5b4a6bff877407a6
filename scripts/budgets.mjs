// Measures the app's budgets in headless Chromium against the built dist/ (run `trunk build
// --release` first): first-load transfer (gzipped), time from navigation until the board is
// interactive, keypress-to-status latency on a 9x9 puzzle and a 9x9 killer (also while the
// next Killer, Expert is made ahead in the background, issue 55), how soon a variant
// link is drawn, and how long a paste takes to be answered, from the largest text read to
// text far too long. A benchmark, not a test.
// usage: node scripts/budgets.mjs [rounds] (QUICK=1: one round, 4 keypresses a puzzle)
import { serve } from '../tests/e2e/server.mjs';
import { launch, spyOnWorkers, viewport } from '../tests/e2e/harness.mjs';
import { HARD25, SEED } from '../tests/e2e/fixtures.mjs';
import { KILLER } from '../tests/e2e/variants.mjs';
import { orQuick } from './quick.mjs';
import { readFileSync } from 'node:fs';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const rounds = orQuick(Number(process.argv[2] ?? 5), 1);
const server = await serve();
const base = `http://127.0.0.1:${server.address().port}/`;
const browser = await launch();
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const transfers = [];
const interactive = [];
const firstAnswer = [];
for (let i = 0; i < rounds; i++) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  let bytes = 0;
  const files = new Set();
  page.on('requestfinished', async (request) => {
    const sizes = await request.sizes();
    bytes += sizes.responseBodySize + sizes.responseHeadersSize;
    files.add(new URL(request.url()).pathname);
  });
  await page.addInitScript(() => {
    new MutationObserver((_, observer) => {
      if (document.querySelector('[role=grid]')) {
        window.gridAt = performance.now();
        observer.disconnect();
      }
    }).observe(document, { childList: true, subtree: true });
  });
  await page.goto(base);
  await page.waitForFunction(() => /^(Unique|Multiple|No)/.test(document.querySelector('[role=status]')?.textContent ?? ''));
  firstAnswer.push(await page.evaluate(() => performance.now()));
  interactive.push(await page.evaluate(() => window.gridAt));
  await page.waitForLoadState('networkidle');
  transfers.push({ bytes, files: [...files].sort() });
  await context.close();
}

/** Keypress to status on the page at `url`, at `cell`, pressing the two `keys` in turn
 *  (`edit`: Edit puzzle first, so the digits are givens; `live`: the live verdict on, so
 *  that a player's digit is asked about as it is typed; `ahead`: a Killer, Expert made
 *  from the dialog first, so that the next is made ahead while the keys are pressed, and
 *  only the presses made while it is are kept). */
async function keypresses(url, cell, keys, edit, live, ahead = false) {
  const context = await browser.newContext({ viewport });
  await spyOnWorkers(context);
  const page = await context.newPage();
  // A Killer, Expert from the dialog (at once where one was made ahead), then back to the
  // puzzle at `url` once the worker that makes ahead, the fourth, has been asked for the next.
  const makeAhead = async () => {
    const asked = await page.evaluate(() => window.__workers[3]?.posted ?? 0);
    await page.click('button.new-puzzle');
    await page.click('dialog .kinds button:text-is("Killer")');
    await page.click('dialog .levels button:text-is("Expert")');
    await page.waitForFunction(() => /^New puzzle: Killer, Expert/.test(document.querySelector('#level')?.textContent ?? ''), null, { timeout: 300_000 });
    await page.evaluate((hash) => { location.hash = hash; }, new URL(url).hash);
    await page.waitForFunction((n) => window.__workers[3]?.posted > n, asked, { timeout: 30_000 });
    await page.waitForFunction(() => document.querySelector('[role=status]')?.textContent.startsWith('Unique'));
    await page.click(`#cell-${cell}`);
  };
  if (ahead) {
    await page.goto(base);
    await page.waitForSelector('#level', { timeout: 60_000 });
    await makeAhead();
  } else {
    await page.goto(url);
  }
  await page.waitForFunction(() => document.querySelector('[role=status]')?.textContent.startsWith('Unique'));
  if (edit) {
    await page.click('summary:text-is("Solver tools")'); // closed at first
    await page.click('text=Edit puzzle');
  }
  if (live) {
    await page.click('summary:text-is("Settings")');
    await page.check('text=Say at once when a digit leaves no solution');
  }
  await page.click(`#cell-${cell}`);
  await page.evaluate(() => {
    window.latencies = [];
    let pressed = null;
    let making = false;
    const makingAhead = () => window.__workers.slice(3).some((w) => !w.ended && w.answered < w.posted);
    document.addEventListener('keydown', () => { pressed = performance.now(); making = makingAhead(); }, true);
    new MutationObserver(() => {
      const text = document.querySelector('[role=status]').textContent;
      if (pressed !== null && /^(Unique|Multiple|No)/.test(text)) {
        window.latencies.push([performance.now() - pressed, making && makingAhead()]);
        pressed = null;
      }
    }).observe(document.querySelector('[role=status]'), { childList: true, characterData: true, subtree: true });
  });
  const presses = orQuick(40, 4);
  for (let i = 0; i < presses; i++) {
    // Before a digit (its Backspace would find the new board's cell empty).
    if (ahead && i % 2 === 0 && !(await page.evaluate(() => window.__workers.slice(3).some((w) => !w.ended && w.answered < w.posted)))) {
      await makeAhead();
    }
    const before = await page.evaluate(() => window.latencies.length);
    await page.keyboard.press(keys[i % 2]);
    await page.waitForFunction((n) => window.latencies.length > n, before);
  }
  const found = await page.evaluate(() => window.latencies);
  await context.close();
  return found.filter(([, making]) => !ahead || making).map(([ms]) => ms);
}
const latencies = await keypresses(`${base}#p=${SEED}`, 0, ['Backspace', '8'], true, false);
// A 9x9 killer (issue 29): in r1c1, whose cage must hold 1 to 4 and whose solution is 2,
// a 1 that breaks no rule at once, so the worker finds there is no solution (with the live
// verdict on, which tells it), taken back.
const killerLatencies = await keypresses(`${base}#fpuzzles${KILLER.fpuzzles}`, 0, ['1', 'Backspace'], false, true);
const aheadLatencies = await keypresses(`${base}#fpuzzles${KILLER.fpuzzles}`, 0, ['1', 'Backspace'], false, true, true);

// A variant link opened: from navigation until its rules are drawn, in both link forms.
const drawn = { 'f-puzzles form': [], 'SudokuPad form': [] };
for (let i = 0; i < rounds; i++) {
  for (const [form, hash] of [['f-puzzles form', `fpuzzles${KILLER.fpuzzles}`], ['SudokuPad form', KILLER.sudokupad]]) {
    const context = await browser.newContext({ viewport });
    const page = await context.newPage();
    await page.addInitScript(() => {
      new MutationObserver((_, observer) => {
        if (document.querySelector('svg.rules [data-rule]')) {
          window.drawnAt = performance.now();
          observer.disconnect();
        }
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto(`${base}#${hash}`);
    await page.waitForFunction(() => window.drawnAt !== undefined);
    drawn[form].push(await page.evaluate(() => window.drawnAt));
    await context.close();
  }
}
const context = await browser.newContext({ viewport });
const page = await context.newPage();
await page.goto(`${base}#p=${SEED}`);
await page.waitForFunction(() => document.querySelector('[role=status]')?.textContent.startsWith('Unique'));

// A paste is answered when the board or the notice changes. Before each, pasting SEED
// clears the notice the app's own way; the text is handed over first, so only the app's
// work is timed.
const cap = 64 * 1024;
const pastes = {
  '25x25 in numbers': [...HARD25].map((c) => (c === '.' ? '0' : String(parseInt(c, 36)))).join(' '),
  '64 KB of dots (the most cells read)': '.'.repeat(cap),
  '64 KB of "10," (the most words read)': '10,'.repeat(cap / 3),
  '2 MB': '1'.repeat(2 * 1024 * 1024),
  '8 MB': '1'.repeat(8 * 1024 * 1024),
};
const pasteTimes = {};
for (const [name, text] of Object.entries(pastes)) {
  pasteTimes[name] = [];
  for (let i = 0; i < rounds; i++) {
    pasteTimes[name].push(await page.evaluate(([t, seed]) => new Promise((done) => {
      const paste = (text) => {
        const data = new DataTransfer();
        data.setData('text/plain', text);
        return new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true });
      };
      document.querySelector('[role=grid]').dispatchEvent(paste(seed));
      setTimeout(() => {
        const event = paste(t);
        const start = performance.now();
        new MutationObserver((_, observer) => { observer.disconnect(); done(performance.now() - start); })
          .observe(document.querySelector('#app'), { childList: true, characterData: true, subtree: true });
        document.querySelector('[role=grid]').dispatchEvent(event);
      }, 50);
    }), [text, SEED]));
  }
}
await browser.close();
server.close();

const kb = (b) => (b / 1024).toFixed(1);
console.log(`first load transfer (gzip, page and worker): median ${kb(median(transfers.map((t) => t.bytes)))} KiB over ${rounds} loads; files: ${transfers[0].files.join(' ')}`);
// The same files' bodies compressed here, gzip -9 beside Brotli 11 (what most static hosts
// can serve instead), so the two compare on equal terms: headers left out.
const bodies = transfers[0].files.map((path) => readFileSync(new URL(`../dist${path === '/' ? '/index.html' : path}`, import.meta.url)));
const sum = (f) => bodies.reduce((total, body) => total + f(body).length, 0);
const gzipped = sum((b) => gzipSync(b, { level: 9 }));
const brotli = sum((b) => brotliCompressSync(b, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
console.log(`first load bodies: gzip -9 ${kb(gzipped)} KiB, Brotli 11 ${kb(brotli)} KiB`);
console.log(`board interactive after navigation: median ${median(interactive).toFixed(0)} ms, worst ${Math.max(...interactive).toFixed(0)} ms`);
console.log(`first worker answer after navigation: median ${median(firstAnswer).toFixed(0)} ms`);
console.log(`keypress to status (9x9): median ${median(latencies).toFixed(1)} ms, worst ${Math.max(...latencies).toFixed(1)} ms over ${latencies.length} presses`);
console.log(`keypress to status (9x9 killer): median ${median(killerLatencies).toFixed(1)} ms, worst ${Math.max(...killerLatencies).toFixed(1)} ms over ${killerLatencies.length} presses`);
console.log(`keypress to status (9x9 killer, a Killer, Expert made ahead meanwhile): median ${median(aheadLatencies).toFixed(1)} ms, worst ${Math.max(...aheadLatencies).toFixed(1)} ms over the ${aheadLatencies.length} presses made while it was`);
for (const [form, times] of Object.entries(drawn)) {
  console.log(`variant link drawn after navigation (${KILLER.title}, ${form}): median ${median(times).toFixed(0)} ms, worst ${Math.max(...times).toFixed(0)} ms`);
}
for (const [name, times] of Object.entries(pasteTimes)) {
  console.log(`paste to answer, ${name}: median ${median(times).toFixed(1)} ms, worst ${Math.max(...times).toFixed(1)} ms`);
}
