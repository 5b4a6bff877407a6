// A layout that holds still (issue 28): the title in one row on a phone, messages in a
// place of their own so the pad never moves, key names only with a keyboard, square rows
// while typing, the Scan review on a phone, and 25x25 zoomed on a phone. Variants (issue
// 39): a hint and a broken link move nothing on a desktop or a phone, a variant fits a
// phone's screen with its title and rules folded, and long rules keep the board in view.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { box, openIn, paste, phone, useApp, viewport, waitStatus } from './harness.mjs';
import { EMPTY, HARD, HARD25 } from './fixtures.mjs';
import { KILLER, all } from './variants.mjs';

const app = useApp();

const open = (hash, options = phone) => openIn(app, hash, options);

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
  for (const [selector, name] of [['.pad', 'the pad'], ['button:text-is("Check")', 'Check'], ['.play-controls .row-of-buttons', 'the Undo row']]) {
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

const desktop = { viewport: { width: 1366, height: 900 } };
/** What the thumb or the mouse reaches for, and the board: where each is now. */
const controls = async (page) => Object.fromEntries(await Promise.all(
  [['board', '[role=grid]'], ['modes', '.modes'], ['pad', '.pad'], ['buttons', '.play-controls .row-of-buttons']]
    .map(async ([name, selector]) => [name, await box(page, selector)]),
));
/** Whether the element is wholly inside the window, not scrolled to, nor cut off. */
const inView = (page, selector) => page.$$eval(selector, (items) => items.every((e) => {
  const r = e.getBoundingClientRect();
  return r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth;
}));

for (const [name, options] of [['a 1366x900 desktop', desktop], ['a 390x844 phone', phone]]) {
  test(`on ${name}, a variant's hint and a broken link move nothing, and the hint's cage and Apply stay in view`, async () => {
    const { context, page, errors } = await open(`#fpuzzles${KILLER.fpuzzles}`, options);
    await waitStatus(page, /^Unique/);
    const width = options.viewport.width;
    const before = await controls(page);
    const still = async (when) => {
      assert.deepEqual(await controls(page), before, when);
      assert.equal(await page.evaluate(() => scrollY), 0, `${when}: the page did not scroll`);
      assert.ok(await page.evaluate(() => document.documentElement.scrollWidth) <= width, `${when}: nothing scrolls sideways`);
    };
    await page.click('button.hint-button');
    await page.waitForFunction(() => /look at/.test(document.querySelector('#hint')?.textContent ?? ''));
    await still('the hint\'s first stage');
    await page.click('button.hint-button:text-is("Show more")');
    await page.waitForSelector('svg.rules g[data-hint]', { state: 'attached' });
    await still('the hint\'s second stage');
    // The whole text shows, uncut, and with it the cage it is about.
    const hint = await page.$eval('#hint', (e) => ({ text: e.textContent, cut: e.scrollHeight > e.clientHeight + 1 }));
    assert.ok(hint.text.length > 100 && !hint.cut, `the hint "${hint.text}" is cut`);
    assert.ok(await inView(page, 'svg.rules g[data-hint]'), 'the highlighted rule is in view');
    // Its text starts in view; on the desktop it ends there too, and on the phone the cage
    // and the text's end fit in the window together.
    const [text, cage] = [await box(page, '#hint'), await box(page, 'svg.rules g[data-hint]')];
    assert.ok(text.y < options.viewport.height - 40, `the hint's text starts at ${text.y} px`);
    if (options === desktop) assert.ok(await inView(page, '#hint'), 'the hint\'s text is in view');
    assert.ok(text.bottom - cage.y <= options.viewport.height, `the cage at ${cage.y} px and the hint's end at ${text.bottom} px`);
    // The second stage is the last: Apply stands beside what and why (three presses).
    await page.waitForSelector('button.apply');
    assert.ok(await inView(page, 'button.apply'), 'Apply is in view');
    assert.ok(await inView(page, 'svg.rules g[data-hint]'), 'the highlighted rule is still in view');
    // A broken link: its error has a place of its own too.
    await paste(page, `https://sudokupad.app/fpuzzles${KILLER.fpuzzles.slice(0, 60)}`);
    await page.waitForSelector('#notice');
    assert.match(await page.textContent('#notice'), /^Not imported/);
    await still('a broken link\'s error');
    assert.ok(await inView(page, '#notice'), 'the error is in view');
    assert.deepEqual(errors, []);
    await context.close();
  });
}

test('on a phone, a seed link from an earlier version says so over the title, and a hint still starts in view', async () => {
  // Every seed link names version 1 of its generator; arrows are made differently since.
  const { context, page, errors } = await open('#v=arrow.medium.7', phone);
  await page.waitForSelector('#link-error');
  assert.match(await page.textContent('#link-error p'), /^This link came from an earlier version of this app, which made its Arrow, Medium puzzles differently/);
  assert.ok(await inView(page, '#link-error'), 'the notice is in view');
  await waitStatus(page, /^Unique/);
  const before = await controls(page);
  await page.tap('button.hint-button');
  await page.waitForFunction(() => /look at/.test(document.querySelector('#hint')?.textContent ?? ''));
  assert.deepEqual(await controls(page), before, 'the hint moved nothing');
  const text = await box(page, '#hint');
  assert.ok(text.y < phone.viewport.height - 100, `the hint's text starts at ${text.y} px`);
  await page.tap('#link-error button');
  assert.equal(await page.$('#link-error'), null, 'dismissed');
  assert.deepEqual(errors, []);
  await context.close();
});

test('on a phone every shared variant fits one screen: title and rules folded, the pad and Undo, Hint and Check in view', async () => {
  const { context, page, errors } = await open(EMPTY);
  const misfits = [];
  for (const puzzle of all) {
    await page.goto(`${app.base}#fpuzzles${puzzle.fpuzzles}`);
    await page.reload();
    await page.waitForSelector('.play-controls');
    const fits = await page.evaluate(() => {
      const bottom = (selector) => document.querySelector(selector).getBoundingClientRect().bottom;
      const button = (label) => [...document.querySelectorAll('.play-controls button')].find((b) => b.textContent === label);
      return {
        folded: !document.querySelector('details.puzzle-about')?.open,
        pad: bottom('.pad'),
        buttons: Math.max(...['Undo', 'Hint', 'Check'].map((label) => button(label).getBoundingClientRect().bottom)),
        wide: document.documentElement.scrollWidth,
      };
    });
    if (!fits.folded || fits.pad > 844 || fits.buttons > 844 || fits.wide > 390) misfits.push(`${puzzle.title}: ${JSON.stringify(fits)}`);
  }
  assert.deepEqual(misfits, []);
  // The empty place for messages is not between the board and the pad.
  const gap = (await box(page, '.modes')).y - (await box(page, '.board-viewport')).bottom;
  assert.ok(gap < 24, `${gap} px between the board and the mode switch`);
  // Folded again after a reload; a tap unfolds the rules, whole lines of them.
  await page.goto(`${app.base}#fpuzzles${KILLER.fpuzzles}`);
  await page.reload();
  await waitStatus(page, /^Unique/);
  assert.equal(await page.$eval('details.puzzle-about', (d) => d.open), false, 'folded after a reload');
  assert.ok((await box(page, '.about summary')).height >= 44, 'the fold is a 44 px target');
  await page.tap('.about summary');
  assert.ok(await page.isVisible('.puzzle-rules'));
  assert.match(await page.textContent('.puzzle-rules'), /must sum/);
  assert.deepEqual(errors, []);
  await context.close();
});

test('on a 1366x900 desktop, long rules keep the board\'s last row in view and scroll by whole lines with a shade', async () => {
  const { context, page, errors } = await open(EMPTY, desktop);
  const long = ['Exclusive Singularity', 'Oct. 26, 2023: Run-On Renbans', 'Executive Function'];
  for (const title of long) {
    const puzzle = all.find((p) => p.title === title);
    await page.goto(`${app.base}#fpuzzles${puzzle.fpuzzles}`);
    await page.waitForFunction((t) => document.querySelector('.puzzle-title')?.textContent === t, title);
    assert.ok(await page.$eval('details.puzzle-about', (d) => d.open), `${title}: the rules show`);
    const last = `#cell-${puzzle.size * puzzle.size - 1}`;
    assert.ok(await inView(page, last), `${title}: the board's last row is in view`);
    assert.ok(await inView(page, '.play-controls .row-of-buttons'), `${title}: Undo, Hint and Check are in view`);
    assert.ok(await inView(page, '.puzzle-rules'), `${title}: the rules' box is in view`);
    const rules = await page.$eval('.puzzle-rules', (e) => {
      const style = getComputedStyle(e);
      return {
        lines: e.clientHeight / parseFloat(style.lineHeight),
        more: e.scrollHeight > e.clientHeight,
        images: style.backgroundImage.match(/gradient/g)?.length,
        attachment: style.backgroundAttachment,
      };
    });
    assert.ok(rules.more, `${title}: its rules are longer than their box`);
    assert.ok(Math.abs(rules.lines - Math.round(rules.lines)) < 0.05, `${title}: the box holds ${rules.lines} lines`);
    // The shade that says there is more rides with the text under covers that stay put.
    assert.equal(rules.images, 4);
    assert.equal(rules.attachment, 'local, local, scroll, scroll');
  }
  assert.deepEqual(errors, []);
  await context.close();
});
