// A layout that holds still (issue 28): the title in one row on a phone, messages in a
// place of their own so the pad never moves, key names only with a keyboard, square rows
// while typing, the Scan review on a phone, and 25x25 zoomed on a phone.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { paste, useApp, viewport, waitStatus, watchErrors } from './harness.mjs';
import { EMPTY, HARD, HARD25 } from './fixtures.mjs';

const app = useApp();
const phone = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 3 };

async function open(hash, options = phone) {
  const context = await app.browser.newContext(options);
  const page = await context.newPage();
  const errors = watchErrors(page);
  await page.goto(`${app.base}${hash}`);
  await page.waitForSelector('[role=grid]');
  return { context, page, errors };
}
const box = (page, selector) => page.$eval(selector, (e) => {
  const r = e.getBoundingClientRect();
  return { x: r.x, y: r.y, width: r.width, height: r.height, bottom: r.bottom, right: r.right };
});

test('on a phone the title is one row', async () => {
  const { context, page, errors } = await open(`#p=${HARD}`);
  await waitStatus(page, /^Unique/);
  const middles = await page.$$eval('header.title-bar > *', (items) => items
    .map((e) => e.getBoundingClientRect())
    .filter((r) => r.height > 0) // the closed dialogs
    .map((r) => (r.top + r.bottom) / 2));
  const header = await box(page, 'header.title-bar');
  assert.ok(header.height < 56, `the title is ${header.height} px tall`);
  assert.ok(header.right <= 390);
  assert.ok(middles.every((m) => Math.abs(m - middles[0]) < 4), `its items share one line: ${middles}`);
  assert.equal(await page.getAttribute('button.theme', 'aria-label'), 'Dark theme');
  assert.deepEqual(errors, []);
  await context.close();
});

test('messages take a place of their own: the pad stays put when Check, a hint or a notice shows', async () => {
  const { context, page, errors } = await open(`#p=${HARD}`);
  await waitStatus(page, /^Unique/);
  const before = await box(page, '.pad');
  await page.tap('button:text-is("Check")');
  await page.waitForFunction(() => document.querySelector('#hint')?.textContent.startsWith('Check'));
  assert.deepEqual(await box(page, '.pad'), before, 'after Check');
  await page.tap('button.hint-button');
  await page.waitForFunction(() => /look at/.test(document.querySelector('#hint')?.textContent ?? ''));
  assert.deepEqual(await box(page, '.pad'), before, 'after a hint');
  await paste(page, 'not a puzzle');
  await page.waitForSelector('#notice');
  assert.deepEqual(await box(page, '.pad'), before, 'after a notice');
  assert.deepEqual(errors, []);
  await context.close();
});

test('key names show where there is a keyboard, not on a touch screen', async () => {
  for (const [options, shown] of [[{ viewport }, true], [phone, false]]) {
    const { context, page, errors } = await open(`#p=${HARD}`, options);
    const displays = await page.$$eval('.modes kbd', (k) => k.map((e) => getComputedStyle(e).display));
    assert.equal(displays.length, 4);
    assert.ok(displays.every((d) => (d !== 'none') === shown), `${displays} with${shown ? '' : 'out'} a keyboard`);
    assert.deepEqual(errors, []);
    await context.close();
  }
});

test('the board\'s rows stay equal while a puzzle is typed in', async () => {
  const { context, page, errors } = await open(EMPTY);
  await waitStatus(page, /^Multiple/);
  await page.tap('#cell-0');
  for (const d of '123456789456789123') {
    await page.keyboard.press(d);
    await page.keyboard.press('ArrowRight');
  }
  const heights = await page.$$eval('[role=gridcell]', (cells) => cells.filter((_, i) => i % 9 === 0).map((c) => c.getBoundingClientRect().height));
  const widths = await page.$$eval('[role=gridcell]', (cells) => cells.slice(0, 9).map((c) => c.getBoundingClientRect().width));
  for (const size of [...heights, ...widths]) assert.ok(Math.abs(size - heights[0]) < 0.5, `rows ${heights}, columns ${widths}`);
  assert.deepEqual(errors, []);
  await context.close();
});

test('the Scan review fits a 390 px phone, with Accept in view', async () => {
  const { context, page, errors } = await open(EMPTY);
  await page.tap('button.scan');
  await page.setInputFiles('#scan-file', new URL('../../scan/tests/images/image1.jpg', import.meta.url).pathname);
  await page.waitForFunction(() => document.querySelector('#scan-status')?.textContent.startsWith('Unique'), null, { timeout: 20_000 });
  const grid = await box(page, '.scan-grid');
  const accept = await box(page, 'button.accept');
  assert.ok(grid.right <= 390, `the ninth column ends at ${grid.right} px`);
  assert.ok(accept.bottom <= 844 && accept.right <= 390, `Accept at ${JSON.stringify(accept)}`);
  await page.tap('button.accept');
  await waitStatus(page, /^Unique/);
  assert.deepEqual(errors, []);
  await context.close();
});

test('a 25x25 on a phone zooms and pans, with legible marks and a pad that fits', async () => {
  const { context, page, errors } = await open(`#p=${HARD25}`);
  await waitStatus(page, /^(Unique|Multiple)/, 30_000);
  const cell = async () => (await box(page, '#cell-4')).width;
  const plain = await cell();
  for (const [selector, name] of [['.pad', 'the pad'], ['button:text-is("Check")', 'Check'], ['button:text-is("Undo")', 'Undo']]) {
    assert.ok((await box(page, selector)).bottom <= 844, `${name} is in view`);
  }
  await page.tap('#cell-4'); // empty
  await page.keyboard.press('Shift+Digit3');
  for (let i = 0; i < 5; i++) await page.tap('button[aria-label="Zoom in"]');
  assert.equal(await page.textContent('.zoom output'), '400%');
  assert.ok(await page.isDisabled('button[aria-label="Zoom in"]'));
  const zoomed = await cell();
  assert.ok(Math.abs(zoomed - 4 * plain) < 1, `${plain} px cells became ${zoomed} px`);
  const marks = await page.$eval('#cell-4 .corner', (c) => parseFloat(getComputedStyle(c).fontSize));
  assert.ok(marks >= 10, `corner marks are ${marks} px`);
  // The board pans inside its viewport; the page itself stays the screen's width.
  const pan = await page.$eval('.board-viewport', (v) => ({ wide: v.scrollWidth > v.clientWidth, width: v.getBoundingClientRect().right }));
  assert.ok(pan.wide && pan.width <= 390, JSON.stringify(pan));
  assert.ok(await page.evaluate(() => document.documentElement.scrollWidth) <= 390);
  // The keys move the cursor to the row's end: the viewport pans to keep it in view.
  await page.tap('#cell-4');
  await page.keyboard.press('End');
  assert.equal(await page.getAttribute('[role=grid]', 'aria-activedescendant'), 'cell-24');
  assert.ok(await page.$eval('.board-viewport', (v) => v.scrollLeft > 0), 'it pans');
  const [end, frame] = [await box(page, '#cell-24'), await box(page, '.board-viewport')];
  assert.ok(end.right <= frame.right + 1 && end.x >= frame.x - 1, 'the cursor is in view');
  assert.ok((await box(page, '.pad')).bottom <= 844, 'the pad still fits');
  await page.tap('button[aria-label="Zoom out"]');
  assert.equal(await page.textContent('.zoom output'), '300%');
  assert.deepEqual(errors, []);
  await context.close();
});
