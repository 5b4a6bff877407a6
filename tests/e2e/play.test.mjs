// Playing by hand, in real headless Chromium: input modes and their keys, marks, colours,
// multi-select, auto-clean, undo and redo, Check, the timer, and the phone layout.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { boardLine, openTools, spyOnWorkers, useApp, viewport, waitStatus, watchErrors, workers, workersSettle } from './harness.mjs';
import { HARD, HARD_SOLUTION, SEED, SEED_SOLUTION } from './fixtures.mjs';
import { openTab, until } from './cdp.mjs';

const app = useApp();

async function open(hash) {
  const context = await app.browser.newContext({ viewport });
  const page = await context.newPage();
  const errors = watchErrors(page);
  await page.goto(`${app.base}${hash}`);
  await waitStatus(page, /^Unique/);
  return { page, errors };
}
const cells = (page, ...ids) => Promise.all(ids.map((i) => page.textContent(`#cell-${i}`)));
const disabled = (page, name) => page.isDisabled(`button:text-is("${name}")`);
/** A cell's hooks: its text, corner marks, centre marks and colours. */
const hooks = (page, id) => page.$eval(`#cell-${id}`, (c) => [c.textContent, c.dataset.corner, c.dataset.centre, c.dataset.colours]);
const mode = (page) => page.$eval('[role=radiogroup] input:checked', (i) => i.value);
const selected = (page) => page.$$eval('[role=gridcell][aria-selected=true]', (c) => c.map((e) => Number(e.id.slice(5))));
const seconds = async (page) => {
  const [m, s] = (await page.textContent('[role=timer]')).split(':').map(Number);
  return m * 60 + s;
};

test('Z, X, C and V pick the input mode, Space cycles, and the switch follows', async () => {
  const { page, errors } = await open(`#p=${HARD}`);
  assert.equal(await page.getAttribute('[role=radiogroup]', 'aria-label'), 'Input mode');
  assert.equal(await mode(page), 'Digit');
  await page.click('#cell-1');
  for (const [key, name] of [['x', 'Corner'], ['c', 'Centre'], ['v', 'Colour'], ['z', 'Digit'], ['Space', 'Corner'], ['Space', 'Centre'], ['Space', 'Colour'], ['Space', 'Digit']]) {
    await page.keyboard.press(key);
    assert.equal(await mode(page), name, `after ${key}`);
  }
  // Each mode writes its own layer; typing a mark again takes it out.
  await page.keyboard.press('x');
  await page.keyboard.press('1');
  await page.keyboard.press('2');
  await page.keyboard.press('c');
  await page.keyboard.press('7');
  await page.keyboard.press('v');
  await page.keyboard.press('4');
  assert.deepEqual(await hooks(page, 1), ['', '12', '7', '4']);
  await page.keyboard.press('x');
  await page.keyboard.press('2');
  assert.deepEqual(await hooks(page, 1), ['', '1', '7', '4']);
  assert.equal(await page.getAttribute('#cell-1', 'aria-label'), 'r1c2, empty, corner marks 1, centre marks 7, colours pear');
  // The on-screen switch and pad do the same.
  await page.click('.mode:has-text("Centre")');
  assert.equal(await mode(page), 'Centre');
  await page.click('.pad button:text-is("9")');
  assert.deepEqual(await hooks(page, 1), ['', '1', '79', '4']);
  await page.click('.mode:has-text("Colour")');
  assert.equal(await page.$$eval('.pad .swatch', (b) => b.length), 9, 'nine colours');
  await page.click('.pad [aria-label^="Colour 1,"]');
  assert.deepEqual(await hooks(page, 1), ['', '1', '79', '1 4']);
  assert.equal(await page.$$eval('#cell-1 .colours', (c) => c.length), 1, 'drawn as segments of one layer');
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('Shift+digit writes a corner mark and Ctrl+digit a centre mark in any mode, read from the physical key and the numpad', async () => {
  const { page, errors } = await open(`#p=${HARD}`);
  await page.click('#cell-1');
  // Playwright types Shift+Digit3 as the key "#" with the code Digit3, as a US layout does.
  await page.keyboard.press('Shift+Digit3');
  await page.keyboard.press('Shift+Numpad5');
  await page.keyboard.press('Control+Digit8');
  await page.keyboard.press('Control+Numpad6');
  assert.deepEqual(await hooks(page, 1), ['', '35', '68', '']);
  await page.keyboard.press('v');
  await page.keyboard.press('Shift+Digit3');
  assert.deepEqual(await hooks(page, 1), ['', '5', '68', ''], 'a mark already there goes, whatever the mode');
  await page.keyboard.press('z');
  await page.keyboard.press(`Numpad${HARD_SOLUTION[1]}`);
  assert.deepEqual(await hooks(page, 1), [HARD_SOLUTION[1], '5', '68', ''], 'the numpad types digits; the marks wait under it');
  assert.equal(await page.getAttribute('#cell-1', 'aria-label'), `r1c2, ${HARD_SOLUTION[1]}`);
  await page.keyboard.press('Delete');
  assert.deepEqual(await hooks(page, 1), ['', '5', '68', '']);
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('a drag, Ctrl+click and Shift+arrows select many cells; a digit, mark or Delete applies to all, Delete layer by layer', async () => {
  const { page, errors } = await open(`#p=${HARD}`);
  const centre = async (id) => {
    const box = await page.locator(`#cell-${id}`).boundingBox();
    return [box.x + box.width / 2, box.y + box.height / 2];
  };
  await page.mouse.move(...(await centre(1)));
  await page.mouse.down();
  await page.mouse.move(...(await centre(2)), { steps: 4 });
  await page.mouse.move(...(await centre(3)), { steps: 4 });
  await page.mouse.up();
  assert.deepEqual(await selected(page), [1, 2, 3], 'the drag');
  await page.click('#cell-10', { modifiers: ['Control'] });
  assert.deepEqual(await selected(page), [1, 2, 3, 10], 'Ctrl+click adds');
  await page.keyboard.press('Shift+ArrowDown');
  assert.deepEqual(await selected(page), [1, 2, 3, 10, 19], 'Shift+arrow extends from the cursor');
  await page.click('#cell-19', { modifiers: ['Control'] });
  assert.deepEqual(await selected(page), [1, 2, 3, 10], 'Ctrl+click on a selected cell takes it out');
  assert.equal(await page.getAttribute('[role=grid]', 'aria-multiselectable'), 'true');

  await page.keyboard.press('Control+Digit2');
  await page.keyboard.press('v');
  await page.keyboard.press('6');
  await page.keyboard.press('z');
  for (const id of [1, 2, 3, 10]) assert.deepEqual(await hooks(page, id), ['', '', '2', '6']);
  // A digit into one of them, then Delete over all four: the digit, then the marks, then
  // the colours.
  await page.click('#cell-2');
  await page.keyboard.press('5');
  for (const id of [1, 3, 10]) await page.click(`#cell-${id}`, { modifiers: ['Control'] });
  await page.keyboard.press('Delete');
  assert.deepEqual(await hooks(page, 2), ['', '', '2', '6'], 'the digit went first');
  await page.keyboard.press('Backspace');
  for (const id of [1, 2, 3, 10]) assert.deepEqual(await hooks(page, id), ['', '', '', '6']);
  await page.keyboard.press('Delete');
  for (const id of [1, 2, 3, 10]) assert.deepEqual(await hooks(page, id), ['', '', '', '']);
  // A click alone selects one cell again; the whole change was one step each.
  await page.click('#cell-40');
  assert.deepEqual(await selected(page), [40]);
  await page.keyboard.press('Control+z');
  for (const id of [1, 2, 3, 10]) assert.deepEqual(await hooks(page, id), ['', '', '', '6']);
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('placing a digit cleans its peers\' marks, in one step with it; Fill candidates writes them; auto-clean is a setting', async () => {
  const { page, errors } = await open(`#p=${HARD}`);
  await page.click('button[aria-label="Fill candidates"]');
  const before = await hooks(page, 2);
  assert.ok(before[2].includes(HARD_SOLUTION[1]), `r1c3's candidates ${before[2]} hold r1c2's digit`);
  const givens = await page.$$eval('[role=gridcell].given', (c) => c.filter((e) => e.dataset.centre !== '').length);
  assert.equal(givens, 0, 'no marks on givens');
  await page.click('#cell-1');
  await page.keyboard.press(HARD_SOLUTION[1]);
  assert.ok(!(await hooks(page, 2))[2].includes(HARD_SOLUTION[1]), 'the peer lost the digit');
  await page.keyboard.press('Control+z');
  assert.deepEqual(await hooks(page, 2), before, 'one undo brings digit and marks back');
  assert.equal((await hooks(page, 1))[0], '');

  // With auto-clean off, the marks stay; the setting survives a reload.
  await page.click('summary:text-is("Settings")');
  await page.click('text=Placing a digit removes it from its peers\' marks');
  await page.click('#cell-1');
  await page.keyboard.press(HARD_SOLUTION[1]);
  assert.deepEqual(await hooks(page, 2), before);
  await page.reload();
  await waitStatus(page, /^Unique/);
  assert.deepEqual(await hooks(page, 2), before, 'marks are saved with the board');
  await page.click('summary:text-is("Settings")');
  assert.equal(await page.isChecked('text=Placing a digit removes it from its peers\' marks'), false);
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('Check can also mark centre marks that leave out the answer, and says nothing else', async () => {
  const { page, errors } = await open(`#p=${HARD}`);
  const other = HARD_SOLUTION[1] === '9' ? '8' : '9';
  await page.click('#cell-1');
  await page.keyboard.press(`Control+Digit${other}`);
  await page.click('#cell-2');
  await page.keyboard.press(`Control+Digit${HARD_SOLUTION[2]}`);
  await page.click('button:text-is("Check")');
  await page.waitForFunction(() => document.querySelector('#hint')?.textContent.startsWith('Check'));
  assert.equal(await page.textContent('#hint'), 'Check: no mistakes so far.', 'marks are not checked by default');
  await page.click('summary:text-is("Settings")');
  await page.click('text=Check also marks centre marks that leave out the answer');
  await page.click('button:text-is("Check")');
  await page.waitForFunction(() => document.querySelector('#hint')?.textContent.includes('centre marks'));
  assert.equal(await page.textContent('#hint'), 'Check: 1 cell\'s centre marks leave out its digit; marked on the board.');
  assert.deepEqual(await page.$$eval('[aria-invalid=true]', (c) => c.map((e) => e.id)), ['cell-1']);
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('the timer counts, is kept across a reload, can be hidden, and stops with a message when the puzzle is solved', async () => {
  const { page, errors } = await open(`#p=${HARD}`);
  assert.equal(await page.getAttribute('.timer', 'role'), 'timer');
  await page.waitForFunction(() => document.querySelector('[role=timer]').textContent >= '0:02');
  const before = await seconds(page);
  await page.reload();
  await waitStatus(page, /^Unique/);
  assert.ok(await seconds(page) >= before, 'the time is kept');
  await page.click('summary:text-is("Settings")');
  await page.click('text=Show the timer');
  assert.equal(await page.$('[role=timer]'), null);
  await page.click('text=Show the timer');
  // Fill in the solution: the clock stops and says so.
  for (let i = 0; i < 81; i++) {
    if (HARD[i] !== '.') continue;
    await page.click(`#cell-${i}`);
    await page.keyboard.press(HARD_SOLUTION[i]);
  }
  await page.waitForSelector('#solved');
  const done = await page.textContent('[role=timer]');
  assert.equal(await page.textContent('#solved'), `Solved in ${done}. Well done!`);
  await page.waitForTimeout(1500);
  assert.equal(await page.textContent('[role=timer]'), done, 'the clock stopped');
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('undo and redo take back and redo each change, by key and by button, after a reload too', async () => {
  const { page, errors } = await open(`#p=${SEED}`);
  assert.ok(await disabled(page, 'Undo'), 'nothing to undo yet');
  await page.click('#cell-1');
  await page.keyboard.press(SEED_SOLUTION[1]);
  await page.click('#cell-2');
  await page.keyboard.press(SEED_SOLUTION[2]);
  await page.keyboard.press('Control+z');
  assert.deepEqual(await cells(page, 1, 2), [SEED_SOLUTION[1], '']);
  await page.click('button:text-is("Undo")');
  assert.deepEqual(await cells(page, 1, 2), ['', '']);
  assert.ok(await disabled(page, 'Undo'));
  await page.keyboard.press('Control+y');
  await page.keyboard.press('Control+Shift+z');
  assert.deepEqual(await cells(page, 1, 2), [SEED_SOLUTION[1], SEED_SOLUTION[2]]);
  assert.ok(await disabled(page, 'Redo'));
  await page.keyboard.press('Control+z');
  await waitStatus(page, /^Unique/);

  // The history is saved with the board.
  await page.reload();
  await waitStatus(page, /^Unique/);
  assert.deepEqual(await cells(page, 1, 2), [SEED_SOLUTION[1], '']);
  assert.ok(!(await disabled(page, 'Redo')), 'what was undone can still be redone');
  await page.click('button:text-is("Redo")');
  assert.deepEqual(await cells(page, 1, 2), [SEED_SOLUTION[1], SEED_SOLUTION[2]]);

  // In a text field, Ctrl+Z is the field's.
  await openTools(page);
  await page.fill('#import', 'some text');
  await page.focus('#import');
  await page.keyboard.press('Control+z');
  assert.deepEqual(await cells(page, 1, 2), [SEED_SOLUTION[1], SEED_SOLUTION[2]]);
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('an applied hint is one step to undo, placements and eliminations together', async () => {
  const { page, errors } = await open(`#p=${HARD}`);
  await page.click('button.hint-button');
  await page.waitForFunction(() => document.querySelector('#hint')?.textContent.length > 0);
  await page.click('text=Show more');
  await page.click('button.apply');
  await waitStatus(page, /^Unique/);
  assert.notEqual(await boardLine(page), HARD, 'the hint placed a digit');
  await page.click('button:text-is("Undo")');
  assert.equal(await boardLine(page), HARD);
  assert.ok(await disabled(page, 'Undo'), 'one step');
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('Check marks the wrong digits, and only them, until the board changes', async () => {
  const { page, errors } = await open(`#p=${HARD}`);
  const wrong = HARD_SOLUTION[2] === '9' ? '8' : '9';
  await page.click('#cell-1');
  await page.keyboard.press(HARD_SOLUTION[1]);
  await page.click('#cell-2');
  await page.keyboard.press(wrong);
  await page.click('button:text-is("Check")');
  await page.waitForFunction(() => document.querySelector('#hint')?.textContent.startsWith('Check'));
  assert.equal(await page.textContent('#hint'), 'Check: 1 of your digits is wrong; marked on the board.');
  assert.equal(await page.getAttribute('#cell-2', 'aria-invalid'), 'true');
  assert.equal(await page.getAttribute('#cell-1', 'aria-invalid'), null);
  assert.equal(await page.$$eval('[aria-invalid=true]', (c) => c.length), 1);
  assert.equal(await page.$$eval('.cell.solution', (c) => c.length), 0, 'nothing of the answer shows');
  await page.click('#cell-2');
  await page.keyboard.press('Backspace');
  assert.equal(await page.getAttribute('#cell-2', 'aria-invalid'), null, 'an edit ends the check');
  assert.equal(await page.textContent('#hint'), '');
  await page.click('button:text-is("Check")');
  await page.waitForFunction(() => document.querySelector('#hint')?.textContent.startsWith('Check'));
  assert.equal(await page.textContent('#hint'), 'Check: no mistakes so far.');
  assert.deepEqual(errors, []);
  await page.context().close();
});

/** An empty cell of `puzzle` and a digit its givens allow there that the solution does not
 *  have: a wrong digit that breaks no rule. */
function wrongButLegal(puzzle, solution) {
  const sees = (a, b) => Math.floor(a / 9) === Math.floor(b / 9) || a % 9 === b % 9
    || (Math.floor(a / 27) === Math.floor(b / 27) && Math.floor((a % 9) / 3) === Math.floor((b % 9) / 3));
  for (let cell = 0; cell < 81; cell++) {
    if (puzzle[cell] !== '.') continue;
    for (const digit of '123456789') {
      const seen = [...puzzle].some((d, other) => d === digit && sees(cell, other));
      if (digit !== solution[cell] && !seen) return { cell, digit };
    }
  }
  throw new Error('no such digit');
}

test('the live verdict is a setting: off, a wrong digit waits for Check; on, it is told at once and counted at the finish', async () => {
  const context = await app.browser.newContext({ viewport });
  await spyOnWorkers(context);
  const page = await context.newPage();
  const errors = watchErrors(page);
  await page.goto(`${app.base}#p=${HARD}`);
  await waitStatus(page, /^Unique/);
  await workersSettle(page);
  const asked = async () => (await workers(page)).reduce((n, w) => n + w.posted, 0);
  const before = await asked();
  await page.evaluate(() => { window.__statuses = []; new MutationObserver(() => window.__statuses.push(document.querySelector('[role=status]').textContent)).observe(document.querySelector('[role=status]'), { childList: true, subtree: true, characterData: true }); });
  const { cell, digit } = wrongButLegal(HARD, HARD_SOLUTION);
  await page.click(`#cell-${cell}`);
  await page.keyboard.press(digit);
  assert.equal(await page.textContent(`#cell-${cell}`), digit);
  // Off by default: the status speaks of the puzzle, and stays so.
  await page.waitForTimeout(1_000);
  assert.equal(await page.textContent('[role=status]'), 'Unique solution');
  assert.deepEqual(await page.evaluate(() => window.__statuses.filter((s) => s !== 'Unique solution')), [], 'the status never said otherwise');
  assert.equal(await asked(), before, 'the solver was not asked about the digit');
  assert.doesNotMatch(await page.getAttribute(`#cell-${cell}`, 'class'), /\bconflict\b/);
  await page.click('button:text-is("Check")');
  await page.waitForFunction(() => document.querySelector('#hint')?.textContent.startsWith('Check'));
  assert.equal(await page.textContent('#hint'), 'Check: 1 of your digits is wrong; marked on the board.');
  // On: the same digit is told at once; each wrong digit told counts as help.
  await page.click('summary:text-is("Settings")');
  await page.check('text=Say at once when a digit leaves no solution');
  await waitStatus(page, /^No solution$/);
  await page.click(`#cell-${cell}`);
  await page.keyboard.press('Delete');
  await waitStatus(page, /^Unique solution$/);
  await page.keyboard.press(digit);
  await waitStatus(page, /^No solution$/);
  await page.keyboard.press(HARD_SOLUTION[cell]);
  await waitStatus(page, /^Unique solution$/);
  for (let other = 0; other < 81; other++) {
    if (HARD[other] !== '.' || other === cell) continue;
    await page.click(`#cell-${other}`);
    await page.keyboard.press(HARD_SOLUTION[other]);
  }
  await page.waitForSelector('#finish');
  await waitStatus(page, /^Solved$/);
  const sums = await page.$$eval('#finish dt', (dts) => Object.fromEntries(dts.map((dt) => [dt.textContent, dt.nextElementSibling.textContent])));
  assert.deepEqual([sums.Checks, sums['Wrong digits told']], ['1', '2']);
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('the timer stands still while the page is hidden, and counts again when it shows', async () => {
  // A minimised window hides its page for real; see cdp.mjs for why not through Playwright.
  const tab = await openTab(`${app.base}#p=${HARD}`);
  try {
    const seconds = `(() => {
      const [m, s] = (document.querySelector('[role=timer]')?.textContent ?? '0:00').split(':').map(Number);
      return m * 60 + s;
    })()`;
    await until(tab, `${seconds} >= 2`);
    const { windowId } = await tab.send('Browser.getWindowForTarget');
    await tab.send('Browser.setWindowBounds', { windowId, bounds: { windowState: 'minimized' } });
    const before = await until(tab, `document.visibilityState === 'hidden' && ${seconds}`);
    await new Promise((ok) => setTimeout(ok, 6000));
    const shown = Date.now();
    await tab.send('Browser.setWindowBounds', { windowId, bounds: { windowState: 'normal' } });
    const after = await until(tab, `document.visibilityState === 'visible' && ${seconds}`);
    // At most the ticks since the page showed again, and one begun before it hid.
    const allowed = 1 + Math.ceil((Date.now() - shown) / 1000);
    assert.ok(after - before <= allowed, `${after - before} s counted across 6 s hidden (allowed ${allowed})`);
    await until(tab, `${seconds} >= ${after + 2}`);
  } finally {
    await tab.close();
  }
});

test('on a 390x844 phone the board and the digit pad show together, nothing scrolls sideways, and every control is a 44 px target', async () => {
  const context = await app.browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 3 });
  const page = await context.newPage();
  const errors = watchErrors(page);
  await page.goto(`${app.base}#p=${HARD}`);
  await waitStatus(page, /^Unique/);
  // Every control drawn on the page is a 44 px target; a checkbox or radio button's
  // target is its whole label, which toggles it too.
  const small = () => page.evaluate(() => {
    const target = (e) => (['checkbox', 'radio'].includes(e.type) ? e.closest('label') : e);
    return [...document.querySelectorAll('button, select, input, summary')]
      .filter((e) => e.getClientRects().length > 0)
      .map((e) => ({ name: target(e).textContent.trim() || e.getAttribute('aria-label'), box: target(e).getBoundingClientRect() }))
      .filter(({ box }) => box.width < 44 || box.height < 44)
      .map(({ name, box }) => `${name}: ${box.width}x${box.height}`);
  });
  const layout = await page.evaluate(() => {
    const bottom = (selector) => document.querySelector(selector).getBoundingClientRect().bottom;
    return {
      scrollWidth: document.documentElement.scrollWidth,
      board: bottom('[role=grid]'),
      pad: bottom('.pad'),
      modes: bottom('[role=radiogroup]'),
      tools: document.querySelector('details.tools').open,
    };
  });
  assert.ok(layout.scrollWidth <= 390, `the page is ${layout.scrollWidth} px wide`);
  assert.ok(layout.board <= 844 && layout.pad <= 844 && layout.modes <= 844,
    `board ends at ${layout.board}, the mode switch at ${layout.modes}, the pad at ${layout.pad}`);
  assert.equal(layout.tools, false, 'the solver\'s tools wait in their panel');
  assert.deepEqual(await small(), []);
  await page.tap('button.new-puzzle');
  assert.deepEqual(await small(), [], 'the New puzzle dialog too');
  await page.tap('dialog button:text-is("Cancel")');
  // A tap selects, and a finger dragged across cells selects them all (real touch input,
  // sent through the DevTools protocol as a touchscreen would).
  await page.tap('#cell-1');
  assert.deepEqual(await selected(page), [1]);
  const centre = async (id) => {
    const box = await page.locator(`#cell-${id}`).boundingBox();
    return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  };
  const touch = await context.newCDPSession(page);
  const path = [await centre(10), await centre(11), await centre(20), await centre(29)];
  await touch.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [path[0]] });
  for (const point of path.slice(1)) {
    await touch.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [point] });
  }
  await touch.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  assert.deepEqual(await selected(page), [10, 11, 20, 29]);
  assert.equal(await page.evaluate(() => window.scrollY), 0, 'the drag did not scroll the page');
  assert.deepEqual(errors, []);
  await context.close();
});
