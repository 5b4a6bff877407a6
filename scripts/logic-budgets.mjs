// The logical solver in the browser, against the built dist/: how long a hint takes from
// the click to its text (every hint along the way), and how long the worker takes for a
// full logical solve ("Solve step by step"). A benchmark, not a test.
// usage: node scripts/logic-budgets.mjs [every-nth-puzzle]
//          a sample of top1465 (every 147th unless told)
//        node scripts/logic-budgets.mjs variants [every-nth-puzzle]
//          the shared variant puzzles (data/variants/), each opened by its f-puzzles link;
//          up to 60 hints a puzzle, and a path or hint that takes over 20 s is stopped
//        node scripts/logic-budgets.mjs walk [file] [every-nth-puzzle]
//          each puzzle's whole path by Hint and Apply, no full solve: the shared variant
//          puzzles, or the file's, one a line: an f-puzzles or ISS link, then optionally a
//          tab and its solution (a digit a cell, as the page types them) and a tab and its
//          name. A hint over CAP seconds (30
//          unless told) is stopped and asked again; over CAP again, it counts as over CAP,
//          and the walk writes the solution's digit in the first empty cell and goes on
//          (without a solution, that puzzle's walk ends there). Ctrl-C prints the figures
//          of the puzzles done so far.
// DIST=dir serves that build instead of dist/ (the build of another commit, to compare).
// QUICK=1: the first puzzle of the sample alone, and three hints
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { serve } from '../tests/e2e/server.mjs';
import { launch, viewport, openTools, spoil, waitStatus, boardLine } from '../tests/e2e/harness.mjs';
import { all as sharedVariants } from '../tests/e2e/variants.mjs';
import { orQuick } from './quick.mjs';

const mode = process.argv[2];
const variants = mode === 'variants';
const walk = mode === 'walk';
// walk's file, if its next argument is not a number
const file = walk && process.argv[3] !== undefined && !/^\d+$/.test(process.argv[3]) ? process.argv[3] : null;
const every = Number(process.argv[2 + (variants || walk ? 1 : 0) + (file ? 1 : 0)] ?? (variants || walk ? 1 : 147));
const CAP = Number(process.env.CAP ?? 30) * 1000;
const server = await (process.env.DIST ? serve(0, resolve(process.env.DIST)) : serve());
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
// Where a path ends, in the words of src/view/logic.rs, whole enough that no technique's
// sentence matches (the rule of 45's has "leave out", the BUG's "unsolved").
const SOLVED = /The board is solved/;
const DONE = new RegExp(`${SOLVED.source}|needs guessing|does not match the solution|centre marks leave out|no single solution`);
const FOUND_BY_SEARCH = /found by search/;
// Out of time with no digit to offer: no proof of one solution came in time (or there is none).
const NO_DIGIT = /is known to take a digit from/;
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
/** In the page: Hint, Show more, Apply along the path (at most `most` hints), each hint
 *  timed from its click to its text, with no round trip to Node between presses. Ends
 *  with the path's last hint text, or null when a hint took over `cap` ms (then stopped). */
const walkInPage = async ([cap, most, doneSource, searchedSource, noDigitSource]) => {
  const [done, searched, noDigit] = [new RegExp(doneSource), new RegExp(searchedSource), new RegExp(noDigitSource)];
  // What `look` finds, as soon as the page shows it; null after `ms`.
  const until = (look, ms) => new Promise((ok) => {
    if (look()) { ok(look()); return; }
    const observer = new MutationObserver(() => {
      const seen = look();
      if (seen) { observer.disconnect(); clearTimeout(timer); ok(seen); }
    });
    const timer = setTimeout(() => { observer.disconnect(); ok(null); }, ms);
    observer.observe(document.body, { childList: true, subtree: true, characterData: true, attributes: true });
  });
  const button = (text) => () => [...document.querySelectorAll('button.hint-button, button.apply')]
    .find((b) => b.textContent === text && !b.disabled);
  const [times, texts] = [[], []];
  let [bySearch, bare, bareInARow] = [0, 0, 0];
  while (times.length < most) {
    const hint = await until(button('Hint'), 10_000);
    if (!hint) return { times, texts, bySearch, bare, end: 'no Hint button' };
    const clicked = performance.now();
    hint.click();
    // The last answer's text goes as the hint is asked (after a hint with nothing to apply).
    await until(() => !document.querySelector('#hint')?.textContent, 10_000);
    const text = await until(() => document.querySelector('#hint')?.textContent || null, cap);
    if (text === null) {
      // Stop, as a player would press it (in the Solver tools, drawn even when closed), in
      // the same task: no answer can come in between.
      document.querySelector('button.stop').click();
      return { times, texts, bySearch, bare, end: null };
    }
    times.push(performance.now() - clicked);
    texts.push(text);
    // Out of time with no digit to offer: nothing to apply, Hint again (the path ends after
    // five such in a row).
    if (noDigit.test(text)) {
      bare += 1;
      bareInARow += 1;
      if (bareInARow > 5) return { times, texts, bySearch, bare, end: text };
      continue;
    }
    bareInARow = 0;
    if (done.test(text)) return { times, texts, bySearch, bare, end: text };
    // A hint out of time shows its digit found by search whole, beside Apply.
    if (searched.test(text)) bySearch += 1;
    else (await until(button('Show more'), 10_000)).click();
    (await until(button('Apply'), 10_000)).click();
    // A player's pause after Apply. Until 2026-11-27 a Hint pressed within a few ms of it
    // could be lost (the page stopped the logic worker at each change of the board, after
    // drawing it, and with it a hint asked in between; tests/e2e/hints.test.mjs presses
    // Hint at once after Apply): the walk still asks a hint over the cap again.
    await new Promise((ok) => { setTimeout(ok, 20); });
  }
  return { times, texts, bySearch, bare, end: 'stopped after the quick run\'s hints' };
};

/** Every puzzle's whole path by Hint and Apply (the `walk` mode); prints the time per hint. */
async function walkPaths() {
  const puzzles = (file
    ? readFileSync(file, 'utf8').split('\n').filter((l) => l.trim()).map((line, i) => {
      const [link, solution, name] = line.split('\t');
      // The payload as it is: searchParams would read its base64 '+' as a space. An ISS
      // link's q travels as the page's #iss= fragment.
      const iss = link.match(/[?&]q=([^&#]+)/);
      const address = iss ? `#iss=${iss[1]}` : `#fpuzzles${link.match(/[?&]load=([^&]+)/)[1]}`;
      return { name: name ?? `line ${i + 1}`, address, solution };
    })
    : sharedVariants.map((p) => ({ name: p.title, address: `#fpuzzles${p.fpuzzles}`, solution: p.solution })))
    .filter((_, i) => i % every === 0).slice(0, orQuick(Infinity, 1));
  const walked = [];
  const leftOut = [];
  const report = () => {
    const all = walked.flatMap((w) => w.times.map((t) => ({ t, name: w.name })))
      .concat(walked.flatMap((w) => Array(w.capped).fill({ t: Infinity, name: w.name })))
      .sort((a, b) => a.t - b.t);
    const ms = (t) => (t === Infinity ? `over ${CAP / 1000} s` : `${t.toFixed(1)} ms`);
    const at = (q) => ms(all[Math.min(all.length - 1, Math.floor(q * all.length))].t);
    const sum = (f) => walked.reduce((n, w) => n + f(w), 0);
    const notDone = puzzles.slice(walked.length + leftOut.length).map((p) => p.name);
    console.log(`${walked.length} ${file ? `puzzles of ${file}` : 'shared variant puzzles'} with one solution (every ${every}th), each whole path by Hint and Apply in headless Chromium${process.env.DIST ? `, the build in ${process.env.DIST}` : ''}`);
    if (all.length) console.log(`hint, click to text: median ${at(0.5)}, 99th percentile ${at(0.99)}, worst ${ms(all[all.length - 1].t)} ("${all[all.length - 1].name}") over ${all.length} hints`);
    console.log(`out of time, a digit found by search: ${sum((w) => w.bySearch)}; out of time with no digit (no proof in time): ${sum((w) => w.bare)}; over ${CAP / 1000} s twice, stopped: ${sum((w) => w.capped)}; over ${CAP / 1000} s once, answered when asked again: ${sum((w) => w.lost)}`);
    const unfinished = walked.filter((w) => !SOLVED.test(w.end));
    if (unfinished.length) console.log(`not solved at the end: ${unfinished.map((w) => `${w.name} ("${w.end}")`).join('; ')}`);
    if (leftOut.length) console.log(`left out, not one solution: ${leftOut.join('; ')}`);
    if (notDone.length) console.log(`not walked (stopped): ${notDone.join('; ')}`);
  };
  process.on('SIGINT', () => { report(); process.exit(130); });
  for (const puzzle of puzzles) {
    await page.goto(`${base}${puzzle.address}`);
    await page.reload();
    const unique = await waitStatus(page, /^Unique solution/, 30_000).then(() => true, () => false);
    if (!unique) { leftOut.push(puzzle.name); continue; }
    const started = Date.now();
    const done = { name: puzzle.name, times: [], worst: 0, slowest: '', bySearch: 0, bare: 0, capped: 0, lost: 0, end: null };
    // Whether the hint stopped last is being asked again.
    let again = false;
    while (done.end === null) {
      const { times, texts, bySearch, bare, end } = await page.evaluate(walkInPage,
        [CAP, orQuick(Number.MAX_SAFE_INTEGER, 3), DONE.source, FOUND_BY_SEARCH.source, NO_DIGIT.source]);
      for (const [i, t] of times.entries()) {
        if (t >= done.worst) Object.assign(done, { worst: t, slowest: `hint ${done.times.length + i + 1}: "${texts[i].slice(0, 60)}"` });
      }
      done.times.push(...times);
      done.bySearch += bySearch;
      done.bare += bare;
      done.end = end;
      if (times.length) again = false;
      if (end !== null) break;
      // A hint over the cap is stopped and asked again once: a hint the page lost (asked
      // as the board changed, see walkInPage) answers then, and counts by that time.
      await page.waitForSelector('button.hint-button:text-is("Hint"):enabled');
      if (!again) { again = true; done.lost += 1; continue; }
      // Over the cap twice: a slow hint, and the solution's digit written in its place.
      again = false;
      done.lost -= 1;
      done.capped += 1;
      if (!puzzle.solution) { done.end = `stopped at a hint over ${CAP / 1000} s`; break; }
      const at = (await boardLine(page)).indexOf('.');
      await page.click(`#cell-${at}`);
      await page.keyboard.press(puzzle.solution[at]);
      await page.waitForTimeout(20);
    }
    walked.push(done);
    console.error(`${puzzle.name}: ${done.times.length} hints, worst ${done.worst.toFixed(1)} ms (${done.slowest}), ${done.bySearch} found by search, ${done.bare} out of time with no digit, ${done.capped} stopped at ${CAP / 1000} s, ${done.lost} answered when asked again, "${done.end}", ${((Date.now() - started) / 1000).toFixed(0)} s`);
  }
  report();
}

const pathTime = async () => Number((await page.textContent('#path-time')).match(/in ([\d.]+) ms/)[1]);

const paths = [];
let hints = [];
const slow = [];
let count;
if (walk) {
  await walkPaths();
} else if (!variants) {
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
if (!walk) {
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
}
