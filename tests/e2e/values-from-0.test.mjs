// Issue 53's "Digits from 0" in Chromium: an ISS puzzle of values 0-8 (our own killer of
// data/iss-own.jsonl, opened from the page's `#iss=` address) shows its values as they are.
// The pad reads 0-8, the key 0 types the value 0 and Delete clears it, the cages say the
// sums ISS's text writes (the engine's rules hold the digits' sums, one more a cell), a
// saved game comes back the same, and Copy ISS link writes the values from 0 again.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { openTools, useApp, viewport, waitStatus, watchErrors } from './harness.mjs';

const PUZZLE = readFileSync(new URL('../../data/iss-own.jsonl', import.meta.url), 'utf8')
  .split('\n').filter(Boolean).map((line) => JSON.parse(line))
  .find((p) => p.title.endsWith('values 0-8') && p.title.startsWith('killer'));
const TEXT = PUZZLE.iss.split('?q=')[1];
/** Each cage's sum as the link writes it, in the order of its cages. */
const SUMS = [...TEXT.matchAll(/\.Cage~(\d+)~/g)].map((m) => m[1]);

const app = useApp();

const text = (page, cell) => page.textContent(`#cell-${cell}`);

test('a puzzle of values from 0 shows them on the pad, the cells and the cages, types 0 with the key, and Delete clears it', async () => {
  const context = await app.browser.newContext({ viewport });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.base });
  const page = await context.newPage();
  const errors = watchErrors(page);
  await page.goto(`${app.base}#iss=${TEXT}`);
  await page.waitForFunction((n) => document.querySelectorAll('svg.rules [data-rule=killer]').length === n, SUMS.length);
  await waitStatus(page, /^Unique solution/, 60_000);

  // The cages say the link's own sums: r1c7-r1c9 holds 5, 4 and 0, written 9.
  const labels = await page.$$eval('svg.rules [data-rule=killer] .cage-label', (ts) => ts.map((t) => t.textContent));
  assert.deepEqual([...labels].sort(), [...SUMS].sort());
  assert.ok(SUMS.includes('9') && TEXT.includes('.Cage~9~R1C7~R1C8~R1C9'), TEXT);

  // The pad's digits are the values 0-8; Delete stays its own button.
  const pad = await page.$$eval('.pad .digit:not(.clear)', (bs) => bs.map((b) => b.textContent).join(''));
  assert.equal(pad, '012345678');
  assert.match(await page.getAttribute('.pad .digit:not(.clear)', 'aria-label'), /^0, 9 left$/);

  // r1c9's value is 0: the key 0 types it, and the cell, its name and the status say 0.
  const cell = 8;
  assert.equal(PUZZLE.solution[cell], '0');
  await page.click(`#cell-${cell}`);
  await page.keyboard.press('0');
  await page.waitForFunction((c) => document.getElementById(`cell-${c}`).textContent === '0', cell);
  assert.match(await page.getAttribute(`#cell-${cell}`, 'aria-label'), /^r1c9, 0, in a killer cage of 3 cells summing to 9\b/);
  await waitStatus(page, /^Unique solution/);
  // Marks show values too: a corner 0 and a centre 8 in r1c8.
  await page.click('#cell-7');
  await page.keyboard.press('Shift+Digit0');
  await page.keyboard.press('Control+Digit8');
  assert.equal(await page.getAttribute('#cell-7', 'data-corner'), '0');
  assert.equal(await page.getAttribute('#cell-7', 'data-centre'), '8');

  // A saved game comes back as it was left, its 0 a 0.
  await page.waitForTimeout(1_500);
  await page.reload();
  await page.waitForFunction((c) => document.getElementById(`cell-${c}`)?.textContent === '0', cell);
  assert.equal(await page.getAttribute('#cell-7', 'data-corner'), '0');

  // Copy ISS link writes the values from 0 and the link's sums again.
  await page.evaluate(() => navigator.clipboard.writeText(''));
  await openTools(page);
  await page.click('button:text-is("Copy ISS link")');
  await page.waitForFunction(() => navigator.clipboard.readText().then((t) => t.length > 0));
  const copied = decodeURIComponent(await page.evaluate(() => navigator.clipboard.readText()));
  assert.match(copied, /\.Shape~9x9~0-8\b/);
  assert.ok(copied.includes('.Cage~9~R1C7~R1C8~R1C9'), copied);

  // Delete clears the 0; the key 0 is a digit here, not "clear".
  await page.click(`#cell-${cell}`);
  await page.keyboard.press('Delete');
  await page.waitForFunction((c) => document.getElementById(`cell-${c}`).textContent === '', cell);
  assert.match(await page.getAttribute(`#cell-${cell}`, 'aria-label'), /^r1c9, empty\b/);
  assert.deepEqual(errors, []);
  await context.close();
});
