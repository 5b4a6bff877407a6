// Playing by hand, in real headless Chromium: undo and redo, and Check.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { boardLine, useApp, viewport, waitStatus, watchErrors } from './harness.mjs';
import { HARD, HARD_SOLUTION, SEED, SEED_SOLUTION } from './fixtures.mjs';

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
  assert.equal(await page.textContent('#hint'), 'Check: 1 of your digits is wrong; it is marked.');
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

test('on a 390x844 phone the board and the digit pad show together, nothing scrolls sideways, and every control is a 44 px target', async () => {
  const context = await app.browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 3 });
  const page = await context.newPage();
  const errors = watchErrors(page);
  await page.goto(`${app.base}#p=${HARD}`);
  await waitStatus(page, /^Unique/);
  const layout = await page.evaluate(() => {
    const bottom = (selector) => document.querySelector(selector).getBoundingClientRect().bottom;
    const small = [...document.querySelectorAll('button, select, input')]
      .map((e) => ({ name: e.textContent.trim() || e.getAttribute('aria-label'), box: e.getBoundingClientRect() }))
      .filter(({ box }) => box.width < 44 || box.height < 44)
      .map(({ name, box }) => `${name}: ${box.width}x${box.height}`);
    return { scrollWidth: document.documentElement.scrollWidth, board: bottom('[role=grid]'), pad: bottom('.pad'), small };
  });
  assert.ok(layout.scrollWidth <= 390, `the page is ${layout.scrollWidth} px wide`);
  assert.ok(layout.board <= 844 && layout.pad <= 844, `board ends at ${layout.board}, pad at ${layout.pad}`);
  assert.deepEqual(layout.small, []);
  assert.deepEqual(errors, []);
  await context.close();
});
