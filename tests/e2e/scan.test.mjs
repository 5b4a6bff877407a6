// Scanning a puzzle, in real headless Chromium with the real workers and service worker:
// a newspaper photo through the file input to the review and the board, a correction in
// the review, an image with no Sudoku, a file that is no image, a pasted screenshot, and
// scanning with no network after one visit.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { boardLine, useApp, viewport, waitStatus, watchErrors } from './harness.mjs';
import { EMPTY } from './fixtures.mjs';

const app = useApp();
const images = new URL('../../scan/tests/images/', import.meta.url);
// A newspaper photo of the data set (see scan/tests/images/README.md) and its puzzle.
const PHOTO = new URL('image1.jpg', images).pathname;
const PHOTO_PUZZLE = '...7...8..9...31....68.5.7..2.6...49...2...5...8.4...7...9...3.37......61.5..4...';
// A 16x16 screenshot-like render, letters and all.
const SCREENSHOT = new URL('clean5_16.png', images).pathname;

async function open(context = null) {
  const ctx = context ?? await app.browser.newContext({ viewport });
  const page = await ctx.newPage();
  const errors = watchErrors(page);
  // An empty board, as a player has who enters a newspaper's puzzle.
  await page.goto(`${app.base}${EMPTY}`);
  await waitStatus(page, /^(Unique|Multiple|No)/);
  return { context: ctx, page, errors };
}
const scanStatus = (page) => page.textContent('#scan-status');
async function waitScan(page, pattern) {
  await page.waitForFunction(
    ([source]) => new RegExp(source).test(document.querySelector('#scan-status')?.textContent ?? ''),
    [pattern.source], { timeout: 20_000 },
  ).catch(async (e) => { throw new Error(`scan status "${await scanStatus(page)}" never matched ${pattern}: ${e.message}`); });
}
const reading = (page) => page.$$eval('.scan-cell', (cells) => cells.map((c) => c.value || '.').join(''));

test('a photo chosen in Scan is reviewed beside the straightened grid, and Accept loads it', async () => {
  const { context, page, errors } = await open();
  await page.click('button.scan');
  assert.equal(await page.isVisible('dialog.scanner'), true);
  await page.setInputFiles('#scan-file', PHOTO);
  await waitScan(page, /^Unique solution/);
  assert.equal(await reading(page), PHOTO_PUZZLE);
  // The straightened grid is drawn: its canvas holds more than one shade.
  const shades = await page.$eval('canvas.scan-image', (c) => {
    const data = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
    return new Set(Array.from({ length: data.length / 4 }, (_, i) => data[4 * i] >> 5)).size;
  });
  assert.ok(shades > 2, `${shades} shades`);
  assert.equal(await boardLine(page), '.'.repeat(81), 'the board waits for Accept');
  await page.click('button.accept');
  await waitStatus(page, /^Unique solution/);
  assert.equal(await boardLine(page), PHOTO_PUZZLE);
  assert.equal(await page.isVisible('dialog.scanner'), false);
  assert.deepEqual(errors, []);
  await context.close();
});

test('a correction in the review is checked again, and a misread is pointed out', async () => {
  const { context, page, errors } = await open();
  await page.click('button.scan');
  await page.setInputFiles('#scan-file', PHOTO);
  await waitScan(page, /^Unique solution/);
  // Make r1c1 a 7, which row 1 already has: the solver names the clash.
  await page.fill('#scan-cell-0', '7');
  await waitScan(page, /^No solution: r1c1 and r1c4 are both 7/);
  // A 4 in r1c1 clashes with nothing, but leaves no solution: the least sure cells that
  // would explain it are outlined, and named so to a screen reader.
  await page.fill('#scan-cell-0', '4');
  await waitScan(page, /^No solution: a digit was probably misread/);
  const suspects = await page.$$eval('.scan-cell.suspect', (c) => c.map((x) => x.id));
  assert.ok(suspects.length > 0 && !suspects.includes('scan-cell-0'), `suspects: ${suspects}`);
  assert.match(await page.getAttribute(`#${suspects[0]}`, 'aria-label'), /likely misread/);
  await page.fill('#scan-cell-0', '');
  await waitScan(page, /^Unique solution/);
  // Letters other than the grid's digits are refused in the field.
  await page.fill('#scan-cell-2', 'Z');
  assert.equal(await page.inputValue('#scan-cell-2'), '');
  assert.deepEqual(errors, []);
  await context.close();
});

test('an image with no Sudoku and a file that is no image each get a clear message', async () => {
  const { context, page, errors } = await open();
  const before = await boardLine(page);
  await page.click('button.scan');
  // A page of print with no grid, drawn by the browser itself.
  const noGrid = await page.evaluate(async () => {
    const canvas = new OffscreenCanvas(800, 600);
    const g = canvas.getContext('2d');
    g.fillStyle = '#f4f1ea';
    g.fillRect(0, 0, 800, 600);
    g.fillStyle = '#222';
    g.font = '28px serif';
    for (let y = 60; y < 580; y += 44) g.fillText('Le mot du jour, et la météo de demain.', 40, y);
    const blob = await canvas.convertToBlob({ type: 'image/png' });
    return [...new Uint8Array(await blob.arrayBuffer())];
  });
  await page.setInputFiles('#scan-file', { name: 'page.png', mimeType: 'image/png', buffer: Buffer.from(noGrid) });
  await waitScan(page, /^(No Sudoku grid was found|A grid was found, but)/);
  assert.equal(await page.$('button.accept'), null, 'nothing to accept');
  await page.setInputFiles('#scan-file', { name: 'photo.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('not a jpeg at all, just text') });
  await waitScan(page, /^This file is not an image the browser can open/);
  // The same photo after a failure still reads; Cancel leaves the board as it was.
  await page.setInputFiles('#scan-file', PHOTO);
  await waitScan(page, /^Unique solution/);
  await page.click('dialog.scanner button:text-is("Cancel")');
  assert.equal(await page.isVisible('dialog.scanner'), false);
  assert.equal(await boardLine(page), before);
  assert.deepEqual(errors, []);
  await context.close();
});

test('a pasted screenshot is scanned, letters and all', async () => {
  const { context, page, errors } = await open();
  const bytes = [...readFileSync(SCREENSHOT)];
  await page.evaluate((data) => {
    const transfer = new DataTransfer();
    transfer.items.add(new File([new Uint8Array(data)], 'screenshot.png', { type: 'image/png' }));
    document.body.dispatchEvent(new ClipboardEvent('paste', { clipboardData: transfer, bubbles: true }));
  }, bytes);
  await waitScan(page, /^(Unique|Several|No solution)/);
  const expected = readFileSync(SCREENSHOT.replace(/\.png$/, '.txt'), 'utf8').trim();
  assert.equal(await reading(page), expected);
  assert.equal(await page.isVisible('dialog.scanner'), true);
  assert.deepEqual(errors.filter((e) => !/Not imported/.test(e)), []);
  assert.equal(await page.$('#notice'), null, 'the paste was not read as text');
  await context.close();
});

test('after one visit with Scan opened, a photo is read with no network', async () => {
  const { context, page, errors } = await open();
  await page.evaluate(async () => { await navigator.serviceWorker.ready; });
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await page.click('button.scan');
  // Opening Scan fetches the reader's weights; the service worker keeps them.
  await page.waitForFunction(async () => {
    const names = await caches.keys();
    for (const name of names) {
      if (await (await caches.open(name)).match('digits.bin')) return true;
    }
    return false;
  });
  await context.setOffline(true);
  await page.reload();
  await waitStatus(page, /^(Unique|Multiple|No)/);
  await page.click('button.scan');
  await page.setInputFiles('#scan-file', PHOTO);
  await waitScan(page, /^Unique solution/);
  assert.equal(await reading(page), PHOTO_PUZZLE);
  assert.deepEqual(errors, []);
  await context.close();
});
