// Issue 53's setter proof in Chromium: a greater-than puzzle and a 10-line puzzle built
// from an empty 4x4 in Edit puzzle, with the verdict after each step; each copied out as an
// ISS link, which opens here again with the same rules drawn (`data-rule`) and one
// solution. The puzzles are made for this test.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openTools, useApp, viewport, waitStatus, watchErrors } from './harness.mjs';

const app = useApp();
const ISS_LINK = 'https://sigh.github.io/Interactive-Sudoku-Solver/?q=';

async function fresh() {
  const context = await app.browser.newContext({ viewport });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.base });
  const page = await context.newPage();
  return { context, page, errors: watchErrors(page) };
}

/** An empty 4x4, which opens to be entered, with the setter's rules. */
async function settingEmpty() {
  const opened = await fresh();
  await opened.page.goto(`${app.base}#p=${'.'.repeat(16)}`);
  await waitStatus(opened.page, /^Multiple solutions/);
  await openTools(opened.page);
  await opened.page.waitForSelector('#setter-title');
  return opened;
}

/** Selects `cells` in their order, the first by a click, the others added with Control. */
async function pick(page, cells) {
  await page.click(`#cell-${cells[0]}`);
  for (const cell of cells.slice(1)) await page.click(`#cell-${cell}`, { modifiers: ['Control'] });
}

/** Copy ISS link: ISS's address, and the constraint text its `q` holds. */
async function copyIss(page) {
  await page.evaluate(() => navigator.clipboard.writeText(''));
  await openTools(page);
  await page.click('button:text-is("Copy ISS link")');
  await page.waitForFunction(() => navigator.clipboard.readText().then((t) => t.length > 0));
  const link = await page.evaluate(() => navigator.clipboard.readText());
  assert.ok(link.startsWith(ISS_LINK), link);
  const q = link.slice(ISS_LINK.length);
  return { q, text: decodeURIComponent(q.replace(/\+/g, ' ')) };
}

/** Each drawn rule as its name, cells and text, in the drawing's order. */
const drawing = (page) => page.$$eval('svg.rules [data-rule]', (gs) => gs.map((g) =>
  `${g.dataset.rule} ${g.dataset.cells}${g.textContent.trim() ? ` ${g.textContent.trim()}` : ''}`));

/** A given typed in `cell` leaves no solution, and taken away the one solution again. */
async function forbidden(page, cell, digit) {
  await page.click(`#cell-${cell}`);
  await page.keyboard.press(digit);
  await waitStatus(page, /^No solution/);
  await page.keyboard.press('Delete');
  await waitStatus(page, /^Unique solution/);
}

/** Opens `address` in a page of its own: it must draw `drawn` (each figure as `seen`
 *  reads it), find what `verdict` says, and pass `check`. */
async function opensAgain(address, drawn, { verdict = /^Unique solution/, seen = (d) => d, check = async () => {} } = {}) {
  const { context, page, errors } = await fresh();
  await page.goto(address);
  await page.waitForFunction((n) => document.querySelectorAll('svg.rules [data-rule]').length === n, drawn.length);
  assert.deepEqual(seen(await drawing(page)), seen(drawn), address);
  await waitStatus(page, verdict);
  await check(page);
  assert.deepEqual(errors, [], address);
  await context.close();
}

test('a greater-than puzzle set from an empty grid, one sign at a time, goes out as an ISS link and comes back', async () => {
  const { context, page, errors } = await settingEmpty();
  /** Clicks cell `cell` at (`x`, `y`), fractions of its width and height, scrolled into
   *  view first (a rule added may move the board up). */
  const clickAt = async (cell, x, y) => {
    await page.locator(`#cell-${cell}`).scrollIntoViewIfNeeded();
    const box = await page.locator(`#cell-${cell}`).boundingBox();
    await page.mouse.click(box.x + box.width * x, box.y + box.height * y);
  };
  const sign = (cells) => page.textContent(`[data-rule=greater-than][data-cells="${cells}"]`).then((t) => t.trim());
  await page.selectOption('#edge-mark', 'Greater than');
  // r3c1 > r4c1: a click on their edge points the sign down, at the lower cell.
  await clickAt(8, 0.5, 0.93);
  await page.waitForSelector('[data-rule=greater-than][data-cells="r3c1 r4c1"]', { state: 'attached' });
  assert.equal(await sign('r3c1 r4c1'), '∨');
  await waitStatus(page, /^Multiple solutions/);
  // r2c4 > r1c4: the first click points down, a second turns the sign round.
  await clickAt(3, 0.5, 0.93);
  await page.waitForSelector('[data-rule=greater-than][data-cells="r1c4 r2c4"]', { state: 'attached' });
  assert.equal(await sign('r1c4 r2c4'), '∨');
  await clickAt(7, 0.5, 0.05);
  await page.waitForFunction(() => document.querySelector('[data-rule=greater-than][data-cells="r1c4 r2c4"]')?.textContent.trim() === '∧');
  await clickAt(10, 0.5, 0.93);
  await page.waitForSelector('[data-rule=greater-than][data-cells="r3c3 r4c3"]', { state: 'attached' });
  await waitStatus(page, /^Multiple solutions/);
  // r4c3 > r4c2 from the selection, the greater cell first, with the button.
  await page.selectOption('#edge-mark', 'None (a click selects)');
  await pick(page, [14, 13]);
  await page.click('[aria-label="Marks between two cells"] button:text-is("Greater than")');
  await page.waitForSelector('[data-rule=greater-than][data-cells="r4c2 r4c3"]', { state: 'attached' });
  assert.equal(await sign('r4c2 r4c3'), '<');
  await waitStatus(page, /^Unique solution/);
  // Turned round, r4c3 < r4c2 leaves 19 solutions; undo brings the one back.
  await page.click('[aria-label="Remove greater than r4c2-r4c3"]');
  await pick(page, [13, 14]);
  await page.click('[aria-label="Marks between two cells"] button:text-is("Greater than")');
  await page.waitForFunction(() => document.querySelector('[data-rule=greater-than][data-cells="r4c2 r4c3"]')?.textContent.trim() === '>');
  await waitStatus(page, /^Multiple solutions/);
  await page.keyboard.press('Control+z');
  await page.keyboard.press('Control+z');
  await waitStatus(page, /^Unique solution/);
  // A given the signs forbid: r1c1 is 1 in the one solution.
  await forbidden(page, 0, '2');
  const drawn = await drawing(page);
  assert.deepEqual(drawn, ['greater-than r3c1 r4c1 ∨', 'greater-than r1c4 r2c4 ∧',
    'greater-than r3c3 r4c3 ∨', 'greater-than r4c2 r4c3 <']);
  const { q, text } = await copyIss(page);
  assert.equal(text, '.Shape~4x4.GreaterThan~R3C1~R4C1.GreaterThan~R2C4~R1C4'
    + '.GreaterThan~R3C3~R4C3.GreaterThan~R4C3~R4C2');
  await opensAgain(`${app.base}?q=${q}`, drawn);
  assert.deepEqual(errors, []);
  await context.close();
});

test('a 10-line puzzle set from an empty grid goes out as an ISS link and comes back', async () => {
  const { context, page, errors } = await settingEmpty();
  const line = 'select[aria-label="Line rule"]';
  // r2c3, r1c2, r2c1: a line of one stretch adding up to 10.
  await pick(page, [6, 1, 4]);
  await page.selectOption(line, { label: 'Sum line (10-line)' });
  await page.click('button:text-is("Add line")');
  await page.waitForSelector('[data-rule=sum-line][data-cells="r2c3 r1c2 r2c1"]', { state: 'attached' });
  await waitStatus(page, /^Multiple solutions/);
  await pick(page, [8, 4, 9, 6, 2]);
  await page.click('button:text-is("Add line")');
  await page.waitForSelector('[data-rule=sum-line][data-cells="r3c1 r2c1 r3c2 r2c3 r1c3"]', { state: 'attached' });
  await waitStatus(page, /^Unique solution/);
  // A given that no line allows: r2c2 is 1 in the one solution.
  await forbidden(page, 5, '4');
  const drawn = await drawing(page);
  assert.deepEqual(drawn, ['sum-line r2c3 r1c2 r2c1', 'sum-line r3c1 r2c1 r3c2 r2c3 r1c3']);
  // A line's sum changes in the list, as a cage's does: empty is 10. (ISS writes the
  // line from its lower end.)
  const sum = page.locator('input[aria-label^="Value of sum line"]').first();
  assert.equal(await sum.inputValue(), '');
  await sum.fill('12');
  await sum.press('Enter');
  assert.match((await copyIss(page)).text, /\.SumLine~12~R2C1~R1C2~R2C3/);
  await sum.fill('10');
  await sum.press('Enter');
  await waitStatus(page, /^Unique solution/);
  const { q, text } = await copyIss(page);
  assert.match(text, /^\.Shape~4x4\.SumLine~10~R\d.*\.SumLine~10~R\d/);
  // The app's own form of the link this time; the lines may be drawn from either end.
  const seen = (d) => d.map((f) => f.split(' ').sort().join(' ')).sort();
  await opensAgain(`${app.base}#iss=${q}`, drawn, { seen });
  assert.deepEqual(errors, []);
  await context.close();
});

test('a rellik cage, counting circles and anti-taxicab set from the cage row and the switches go out to ISS and back', async () => {
  const { context, page, errors } = await settingEmpty();
  const addCage = async (kind, sum) => {
    await page.selectOption('select[aria-label="Rule on the selected cells"]', { label: kind });
    await page.fill('#cage-sum', sum);
    await page.click('button:text-is("Add to cells")');
  };
  // A rellik cage on r1c1 and r1c2: no digits of it add up to 3, so no 1 and 2 together.
  await pick(page, [0, 1]);
  await addCage('Rellik cage', '3');
  await page.waitForSelector('[data-rule=rellik][data-cells="r1c1 r1c2"]', { state: 'attached' });
  // Its sum changes in the list, as a killer cage's does.
  const sum = 'input[aria-label="Value of rellik r1c1-r1c2"]';
  assert.equal(await page.inputValue(sum), '3');
  await page.fill(sum, '4');
  await page.press(sum, 'Enter');
  await page.waitForFunction(() => document.querySelector('[data-rule=rellik]')?.textContent.includes('≠4'));
  // Counting circles take no sum: it says so; with none they are drawn, a circle a cell.
  await pick(page, [6, 9, 15]);
  await addCage('Counting circles', '2');
  await page.waitForSelector('text=Not set: Counting circles: it takes no sum');
  await addCage('Counting circles', '');
  await page.waitForFunction(() => document.querySelectorAll('[data-rule=counting-circles]').length === 3);
  await waitStatus(page, /^Multiple solutions/);
  // Anti-taxicab leaves a 4x4 no solution (no 2 two steps from a 2, and so on).
  await page.check('label.switch:has-text("Anti-taxicab") input');
  // Named under the title, as no drawing shows it.
  await page.waitForFunction(() => document.querySelector('.grid-rules')?.textContent === 'Anti-taxicab');
  await waitStatus(page, /^No solution/);
  const drawn = await drawing(page);
  const { q, text } = await copyIss(page);
  assert.equal(text, '.Shape~4x4.RellikCage~4~R1C1~R1C2.CountingCircles~R2C3~R3C2~R4C4.AntiTaxicab');
  await opensAgain(`${app.base}?q=${q}`, drawn, {
    verdict: /^No solution/,
    check: async (back) => assert.equal(await back.textContent('.grid-rules'), 'Anti-taxicab'),
  });
  assert.deepEqual(errors, []);
  await context.close();
});

test('an equality cage set from the cage row is drawn as ISS draws it and goes out to ISS and back', async () => {
  const { context, page, errors } = await settingEmpty();
  await pick(page, [0, 1]);
  await page.selectOption('select[aria-label="Rule on the selected cells"]', { label: 'Equality cage' });
  await page.fill('#cage-sum', '');
  await page.click('button:text-is("Add to cells")');
  // Its digits differ, so a cage beside it, as ISS's reader has it.
  await page.waitForSelector('[data-rule=equality-cage][data-cells="r1c1 r1c2"]', { state: 'attached' });
  await page.waitForSelector('[data-rule=killer][data-cells="r1c1 r1c2"]', { state: 'attached' });
  // A 1 in r1c1 leaves r1c2 the one high digit of the other parity: 4.
  await page.click('#cell-0');
  await page.keyboard.press('1');
  await page.click('#cell-1');
  await page.keyboard.press('3');
  await waitStatus(page, /^No solution/);
  await page.keyboard.press('4');
  await waitStatus(page, /^Multiple solutions/);
  await page.keyboard.press('Delete');
  await page.click('#cell-0');
  await page.keyboard.press('Delete');
  const drawn = await drawing(page);
  const { q, text } = await copyIss(page);
  assert.equal(text, '.Shape~4x4.EqualityCage~R1C1~R1C2');
  await opensAgain(`${app.base}#iss=${q}`, drawn, { verdict: /^Multiple solutions/ });
  assert.deepEqual(errors, []);
  await context.close();
});
