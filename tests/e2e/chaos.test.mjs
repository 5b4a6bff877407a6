// Issue 53's chaos construction in Chromium: the page opens `data/chaos-own.jsonl`'s puzzle
// from its ISS link, its counts drawn; the player colours the regions with the keyboard (V
// for the colour mode, a colour's digit, the arrows), a colour a region; Check names the one
// cell coloured into a wrong region, the finish waits for the regions, and the shown
// solution draws its regions' borders. SHOTS=dir also saves screenshots of the coloured
// board at 390x844 and 1366x900, light and dark, to look at.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { phone, spoil, useApp, viewport, waitStatus, watchErrors } from './harness.mjs';

const app = useApp();
const file = new URL('../../data/chaos-own.jsonl', import.meta.url);
const CHAOS = JSON.parse(fs.readFileSync(file, 'utf8').trim().split('\n')[0]);
const N = 6;
// Each cell's region as a colour, 1 for the first region in reading order.
const colours = [...CHAOS.regions].map((r) => r.charCodeAt(0) - 64);

async function open(options = { viewport }) {
  const context = await app.browser.newContext(options);
  const page = await context.newPage();
  const errors = watchErrors(page);
  await page.goto(`${app.base}#iss=${encodeURIComponent(CHAOS.iss)}`);
  await page.waitForSelector('[role=grid]');
  await waitStatus(page, /^Unique solution/);
  return { context, page, errors };
}

/** Colours every cell as `wanted` says, from the keyboard: V picks the colour mode, a
 *  digit toggles its colour, the arrows and Home walk the grid. */
async function colourAll(page, wanted) {
  await page.click('#cell-0');
  await page.keyboard.press('v');
  for (let row = 0; row < N; row++) {
    for (let col = 0; col < N; col++) {
      await page.keyboard.press(String(wanted[row * N + col]));
      if (col + 1 < N) await page.keyboard.press('ArrowRight');
    }
    await page.keyboard.press('Home');
    await page.keyboard.press('ArrowDown');
  }
  await page.keyboard.press('z');
}

const classes = (page, cell) => page.getAttribute(`#cell-${cell}`, 'class');
/** The cells with a thick border on their right, as the board draws them. */
const rightBorders = (page) => page.$$eval('[role=gridcell].box-right', (c) => c.map((e) => Number(e.id.slice(5))));
/** The cells whose right neighbour lies in another region of `regions`. */
const expectedRight = (regions) => [...regions.keys()].filter((c) => c % N < N - 1 && regions[c] !== regions[c + 1]);

test('a chaos construction opens with its counts drawn and shows its regions with the solution', async () => {
  const { context, page, errors } = await open();
  assert.equal(await page.locator('svg.rules [data-rule=chaos-count]').count(), 7);
  // What it asks, said for it (an ISS link has no rules text).
  const rules = await page.textContent('.puzzle-rules');
  assert.match(rules, /^Chaos construction: find the 6 regions of 6 cells/);
  assert.match(rules, /how many cells around it, itself included, lie in its region/);
  // No boxes: no region border before the player draws one.
  assert.deepEqual(await rightBorders(page), []);
  await spoil(page, 'Show solution');
  assert.deepEqual(await rightBorders(page), expectedRight(colours), "the solution's regions");
  await page.click('button:text-is("Hide solution")');
  assert.deepEqual(await rightBorders(page), []);
  // Hints do not reason about the regions yet, and say so.
  await page.click('button.hint-button');
  await page.waitForFunction(() => /chaos construction/.test(document.body.textContent));
  assert.deepEqual(errors, []);
  await context.close();
});

test("Check names a cell coloured into a wrong region, and the finish waits for the regions", async () => {
  const { context, page, errors } = await open();
  // r1c5 (region 2) coloured as region 1.
  const wrong = [...colours];
  wrong[4] = 1;
  await colourAll(page, wrong);
  assert.deepEqual(await rightBorders(page), expectedRight(wrong), 'borders between colours');
  for (const [cell, digit] of [...CHAOS.solution].entries()) {
    if (/\bempty\b/.test(await classes(page, cell))) {
      await page.click(`#cell-${cell}`);
      await page.keyboard.press(digit);
    }
  }
  await waitStatus(page, /colour each region to finish/);
  assert.equal(await page.$('#finish'), null, 'not finished with a region wrong');
  await page.click('button:text-is("Check")');
  await page.waitForFunction(() => /Check:/.test(document.querySelector('#hint')?.textContent ?? ''));
  assert.equal(await page.textContent('#hint'), 'Check: 1 cell is coloured into a wrong region; marked on the board.');
  assert.equal(await page.getAttribute('#cell-4', 'aria-invalid'), 'true');
  assert.deepEqual(await page.$$eval('[aria-invalid=true]', (c) => c.map((e) => e.id)), ['cell-4']);

  // Coloured right: its colour 1 off, colour 2 on.
  await page.click('#cell-4');
  await page.keyboard.press('v');
  await page.keyboard.press('1');
  await page.keyboard.press('2');
  await page.waitForSelector('#finish');
  await waitStatus(page, /^Solved/);
  assert.deepEqual(await rightBorders(page), expectedRight(colours));
  if (process.env.SHOTS) fs.writeFileSync(`${process.env.SHOTS}/chaos-finished-1100.png`, await page.screenshot());
  assert.deepEqual(errors, []);
  await context.close();
});

test('the coloured regions read on a phone and a laptop, light and dark', { skip: !process.env.SHOTS }, async () => {
  for (const [name, options] of [['390x844', phone], ['1366x900', { viewport: { width: 1366, height: 900 } }]]) {
    for (const scheme of ['light', 'dark']) {
      const { context, page } = await open({ ...options, colorScheme: scheme });
      await colourAll(page, colours);
      await page.click('#cell-7');
      await page.locator('[role=grid]').scrollIntoViewIfNeeded();
      fs.writeFileSync(`${process.env.SHOTS}/chaos-${name}-${scheme}.png`, await page.screenshot());
      await context.close();
    }
  }
});
