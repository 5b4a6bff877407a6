// A game first (issue 28): the first visit, entering a puzzle, the board's feedback, the
// spoilers kept out of reach, the finish, the player's words, and the pad's counts.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { boardLine, useApp, viewport, waitStatus, watchErrors } from './harness.mjs';
import { EMPTY } from './fixtures.mjs';

const app = useApp();

async function open(hash = '', options = {}) {
  const context = await app.browser.newContext({ viewport, ...options });
  const page = await context.newPage();
  const errors = watchErrors(page);
  await page.goto(`${app.base}${hash}`);
  await page.waitForSelector('[role=grid]');
  return { context, page, errors };
}
const mode = (page) => page.$eval('[role=radiogroup] input:checked', (i) => i.value);

test('a first visit opens a puzzle ready to play, and a returning player gets it back', async () => {
  const { context, page, errors } = await open();
  await page.waitForSelector('#level', { timeout: 60_000 });
  await waitStatus(page, /^Unique solution/);
  assert.ok((await page.$$('[role=gridcell].given')).length >= 17, 'a puzzle, not an empty grid');
  assert.equal(await page.$('.entering'), null, 'playing, not entering');
  assert.equal(await mode(page), 'Digit');
  const empty = await page.$eval('[role=gridcell].empty', (c) => c.id);
  await page.click(`#${empty}`);
  await page.keyboard.press('1');
  assert.match(await page.getAttribute(`#${empty}`, 'class'), /\buser\b/);
  const line = await boardLine(page);
  const level = await page.textContent('#level');
  await page.reload();
  await waitStatus(page, /^(Unique|No solution|Two)/);
  assert.equal(await boardLine(page), line, 'the same puzzle and progress');
  assert.equal(await page.textContent('#level'), level, 'with its level and date');
  assert.deepEqual(errors, []);
  await context.close();
});

test('Enter a puzzle says what to do, and Start solving warns of several solutions', async () => {
  const { context, page, errors } = await open(`#p=${'12345678'.padEnd(81, '.')}`);
  await waitStatus(page, /^Multiple/);
  await page.click('button.new-puzzle');
  await page.click('dialog button:text-is("Enter a puzzle")');
  assert.equal(await boardLine(page), '.'.repeat(81), 'an empty board');
  const guide = await page.textContent('.entering');
  for (const way of ['Type', 'paste', 'Ctrl+V', 'scan', 'link']) assert.ok(guide.includes(way), `says ${way}: ${guide}`);
  await page.click('#cell-0');
  for (const d of '123456') {
    await page.keyboard.press(d);
    await page.keyboard.press('ArrowRight');
  }
  await waitStatus(page, /^Multiple solutions/);
  await page.click('button:text-is("Start solving")');
  assert.match(await page.textContent('#start-warning'), /more than one solution.*Start solving anyway\?/);
  await page.click('button:text-is("Keep editing")');
  assert.equal(await page.$('#start-warning'), null);
  assert.ok(await page.isVisible('.entering'), 'still entering');
  await page.click('button:text-is("Start solving")');
  await page.click('button:text-is("Start anyway")');
  assert.equal(await page.$('.entering'), null, 'solving');
  assert.match(await page.getAttribute('#cell-0', 'class'), /\bgiven\b/);
  assert.deepEqual(errors, []);
  await context.close();
});

test('an empty link still opens an empty board to enter a puzzle on', async () => {
  const { context, page, errors } = await open(EMPTY);
  await waitStatus(page, /^Multiple/);
  assert.ok(await page.isVisible('.entering'));
  assert.equal(await page.$('#level'), null, 'no puzzle was made over it');
  assert.deepEqual(errors, []);
  await context.close();
});
