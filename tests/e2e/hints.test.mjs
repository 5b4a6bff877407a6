// Hints that teach, in real headless Chromium with the real logic worker.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spoil, useApp, viewport, waitStatus, watchErrors } from './harness.mjs';
import { HARD, HARD_SOLUTION } from './fixtures.mjs';

const app = useApp();

async function open() {
  const context = await app.browser.newContext({ viewport });
  const page = await context.newPage();
  const errors = watchErrors(page);
  await page.goto(`${app.base}#p=${HARD}`);
  await waitStatus(page, /^Unique/);
  return { page, errors };
}
const hint = (page) => page.textContent('#hint');
const classed = (page, cls) => page.$$eval(`[role=gridcell].${cls}`, (cells) => cells.map((c) => c.id.slice(5) * 1));
const r = (row, col) => (row - 1) * 9 + col - 1;

test('a hint takes three presses, each showing more: where to look, then what and why beside Apply, then the step done', async () => {
  const { page, errors } = await open();
  await page.click('button.hint-button');
  await page.waitForFunction(() => document.querySelector('#hint')?.textContent.length > 0);
  assert.equal(await hint(page), 'Hidden single: look at box 7.');
  const box7 = [r(7, 1), r(7, 2), r(7, 3), r(8, 1), r(8, 2), r(8, 3), r(9, 1), r(9, 2), r(9, 3)];
  assert.deepEqual(await classed(page, 'hint-area'), box7);
  assert.deepEqual(await classed(page, 'hint-cell'), [], 'no cell is given away yet');
  await page.click('text=Show more');
  assert.equal(await hint(page), 'Hidden single: 7 has one place left in box 7, r9c3.');
  assert.deepEqual(await classed(page, 'hint-cell'), [r(9, 3)]);
  // All there is to show is shown: the next press applies it.
  assert.equal(await page.$('button.hint-button'), null, 'no press that only changes a label');
  await page.click('button.apply');
  assert.equal(await page.textContent(`#cell-${r(9, 3)}`), '7');
  assert.match(await page.getAttribute(`#cell-${r(9, 3)}`, 'class'), /\buser\b/);
  assert.equal(await hint(page), '');
  await waitStatus(page, /^Unique/);
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('an elimination hint takes the digit out of the centre marks', async () => {
  const { page, errors } = await open();
  await page.click('text=Fill candidates');
  assert.match(await page.getAttribute(`#cell-${r(1, 2)}`, 'aria-label'), /^r1c2, empty, centre marks [\d ]+$/);
  // Apply hints until one removes candidates rather than placing a digit.
  for (let i = 0; i < 10; i++) {
    await page.click('button.hint-button');
    await page.waitForFunction(() => document.querySelector('#hint')?.textContent.length > 0);
    await page.click('text=Show more');
    const off = await page.$$eval('.mark-off', (marks) => marks.map((m) => [m.closest('[role=gridcell]').id, m.dataset.mark]));
    await page.click('button.apply');
    if (off.length > 0) {
      for (const [id, digit] of off) {
        assert.ok(!(await page.getAttribute(`#${id}`, 'data-centre')).includes(digit), `${id} lost ${digit}`);
        const label = await page.getAttribute(`#${id}`, 'aria-label');
        assert.doesNotMatch(label.replace(/^.*centre marks/, ''), new RegExp(`\\b${digit}\\b`));
      }
      assert.deepEqual(errors, []);
      await page.context().close();
      return;
    }
  }
  assert.fail('no elimination among the first ten hints');
});

test('a wrong digit is pointed out before any step', async () => {
  const { page, errors } = await open();
  const wrong = HARD_SOLUTION[1] === '9' ? '8' : '9';
  await page.click(`#cell-${r(1, 2)}`);
  await page.keyboard.press(wrong);
  await page.click('button.hint-button');
  await page.waitForFunction(() => document.querySelector('#hint')?.textContent.length > 0);
  assert.equal(await hint(page), `r1c2 does not match the solution: ${wrong} is wrong there.`);
  assert.deepEqual(await classed(page, 'wrong'), [r(1, 2)]);
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('the step-by-step list shows the rating and walks back and forth by keyboard', async () => {
  const { page, errors } = await open();
  await spoil(page, 'Solve step by step');
  await page.waitForSelector('#rating');
  assert.match(await page.textContent('#rating'), /^Rating: (Hard|Expert|Extreme) \(\d\.\d\), solved by logic\. .*Hidden single ×\d+/);
  await page.focus('#steps');
  assert.equal(await page.getAttribute('#steps', 'aria-activedescendant'), 'step-0');
  assert.match(await page.getAttribute('.board', 'class'), /\bpast\b/);
  // Step 0 is the hidden single at r9c3: before it, the cell is empty and highlighted.
  assert.equal(await page.getAttribute(`#cell-${r(9, 3)} .mark-place`, 'data-mark'), '7');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  assert.equal(await page.getAttribute('#steps', 'aria-activedescendant'), 'step-2');
  assert.equal(await page.getAttribute('#step-2', 'aria-selected'), 'true');
  assert.equal(await page.textContent(`#cell-${r(9, 3)}`), '7', 'two steps on, the 7 is placed');
  await page.keyboard.press('ArrowUp');
  assert.equal(await page.getAttribute('#steps', 'aria-activedescendant'), 'step-1');
  await page.keyboard.press('End');
  const last = await page.$$eval('#steps [role=option]', (o) => o.length - 1);
  assert.equal(await page.getAttribute('#steps', 'aria-activedescendant'), `step-${last}`);
  await page.keyboard.press('Home');
  assert.equal(await page.getAttribute('#steps', 'aria-activedescendant'), 'step-0');
  await page.keyboard.press('Escape');
  assert.doesNotMatch(await page.getAttribute('.board', 'class'), /\bpast\b/);
  assert.equal(await page.textContent(`#cell-${r(9, 3)}`), '', 'the live board is back');
  assert.deepEqual(errors, []);
  await page.context().close();
});
