// Accessibility in both themes, checked by axe-core (npm) in real headless Chromium, with
// marks, colours, the highlighting of a selected cell, a hint with its technique explained,
// the step list, the New puzzle dialog, the scan review and the finish summary showing; and
// the theme toggle.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { spoil, useApp, viewport, waitStatus, watchErrors } from './harness.mjs';
import { HARD, SEED_SOLUTION } from './fixtures.mjs';
import { ISS_RULES, variant } from './variants.mjs';

const axe = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const PHOTO = new URL('../../scan/tests/images/image1.jpg', import.meta.url).pathname;
const app = useApp();

async function open(colorScheme, puzzle = HARD) {
  const context = await app.browser.newContext({ viewport, colorScheme });
  const page = await context.newPage();
  const errors = watchErrors(page);
  await page.goto(`${app.base}#p=${puzzle}`);
  await waitStatus(page, /^Unique/);
  return { page, errors };
}

/** axe's violations on the page as it is, one line each. */
async function violations(page) {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: axe });
  const result = await page.evaluate(() => window.axe.run(document, { resultTypes: ['violations'] }));
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
const background = (page) => page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);

for (const scheme of ['light', 'dark']) {
  test(`axe finds nothing in the ${scheme} theme, with marks, colours, a hint and the step list`, async () => {
    const { page, errors } = await open(scheme);
    assert.equal(await page.getAttribute('button.theme', 'aria-label'), scheme === 'dark' ? 'Light theme' : 'Dark theme');
    assert.deepEqual(await violations(page), [], 'the board');
    await page.click('button[aria-label="Fill candidates"]');
    // Every colour, on a given, on a typed digit and on marks.
    await page.click('#cell-1');
    await page.keyboard.press('Shift+Digit1');
    await page.keyboard.press('v');
    for (let colour = 1; colour <= 9; colour++) {
      await page.click(`#cell-${colour + 1}`, { modifiers: ['Control'] });
      await page.keyboard.press(`Digit${colour}`);
    }
    await page.click('#cell-0');
    await page.keyboard.press('Digit3');
    await page.keyboard.press('z');
    assert.equal(await page.$$eval('.colours', (c) => c.length) >= 9, true);
    await page.click('button.hint-button');
    await page.waitForFunction(() => document.querySelector('#hint')?.textContent.length > 0);
    await page.click('text=Show more');
    await page.click('#more-about summary');
    await page.click('#cell-40');
    assert.deepEqual(await violations(page), [], 'marks, colours and a hint with its technique explained');
    await spoil(page, 'Solve step by step');
    await page.waitForSelector('#steps');
    await page.focus('#steps');
    await page.keyboard.press('End');
    assert.deepEqual(await violations(page), [], 'the step list, looking at a step');
    await page.click('button.new-puzzle');
    assert.deepEqual(await violations(page), [], 'the New puzzle dialog');
    await page.keyboard.press('Escape');
    // The scan review, with a cell outlined as likely misread (a 4 where the photo's
    // puzzle then has no solution).
    await page.click('button.scan');
    await page.setInputFiles('#scan-file', PHOTO);
    await page.waitForFunction(() => document.querySelector('#scan-status')?.textContent.startsWith('Unique'));
    await page.fill('#scan-cell-0', '4');
    await page.waitForSelector('.scan-cell.suspect');
    assert.deepEqual(await violations(page), [], 'the scan review');
    assert.deepEqual(errors, []);
    await page.context().close();
  });

  test(`axe finds nothing in the ${scheme} theme with a digit's highlighting and the finish summary`, async () => {
    const { page, errors } = await open(scheme, `${SEED_SOLUTION.slice(0, 80)}.`);
    await page.click('#cell-4');
    assert.ok((await page.$$('[data-peer]')).length > 0 && (await page.$$('[data-same]')).length > 1);
    assert.deepEqual(await violations(page), [], 'peers and the same digit lit');
    // Every setting on, the live verdict among them, with the panel open.
    await page.click('summary:text-is("Settings")');
    for (const box of await page.$$('details.settings input[type=checkbox]')) await box.check();
    assert.ok(await page.isChecked('text=Say at once when a digit leaves no solution'));
    assert.deepEqual(await violations(page), [], 'the settings, all on');
    await page.click('#cell-80');
    await page.keyboard.press(SEED_SOLUTION[80]);
    await page.waitForSelector('#finish');
    await page.waitForSelector('#finish dt:text-is("Wrong digits told")');
    await page.waitForFunction(() => / rated \d+\.\d$/.test(document.querySelector('#finish-level').textContent));
    await page.click('summary:text-is("Statistics")');
    assert.deepEqual(await violations(page), [], 'the finish summary and the statistics');
    assert.deepEqual(errors, []);
    await page.context().close();
  });
}

for (const scheme of ['light', 'dark']) {
  test(`axe finds nothing in the ${scheme} theme with each of ISS's rules drawn and said`, async () => {
    // Greater-than signs, 10-lines, rellik and equality cages, lunchboxes, the outside
    // clues of full rank, numbered rooms and hidden skyscrapers, and counting circles, each
    // with its rules said in the rules' box (an ISS link has no rules text of its own).
    const drawn = ISS_RULES.filter((p) => p.rules.length > 0);
    assert.ok(drawn.length >= 9);
    for (const { title, text } of drawn) {
      const context = await app.browser.newContext({ viewport, colorScheme: scheme });
      const page = await context.newPage();
      const errors = watchErrors(page);
      await page.goto(`${app.base}#iss=${encodeURIComponent(text)}`);
      await waitStatus(page, /^Unique/);
      await page.waitForSelector('svg.rules [data-rule]', { state: 'attached' });
      await page.waitForFunction(() => /: /.test(document.querySelector('.puzzle-rules')?.textContent ?? ''));
      assert.deepEqual(await violations(page), [], title);
      assert.deepEqual(errors, []);
      await context.close();
    }
  });
}

for (const scheme of ['light', 'dark']) {
  test(`axe finds nothing in the ${scheme} theme with a variant's killer cages, thermometers, lines and dots drawn, and marks and digits on them`, async () => {
    // Killer cages, between, palindrome, whispers and region-sum lines, minimum and maximum
    // marks; then thermometers, Kropki dots, a quadruple and little killer clues.
    for (const title of ['Exclusive Singularity', 'The Initials']) {
      const context = await app.browser.newContext({ viewport, colorScheme: scheme });
      const page = await context.newPage();
      const errors = watchErrors(page);
      const puzzle = variant(title);
      await page.goto(`${app.base}#fpuzzles${puzzle.fpuzzles}`);
      await waitStatus(page, /^Unique/);
      await page.waitForSelector('svg.rules [data-rule]', { state: 'attached' });
      // Corner and centre marks in the first cell of each cage with a sum, and the
      // solution's digit typed on a cell of each line, where it is empty.
      const first = (names) => Math.min(...names.split(' ').map((name) => {
        const [, r, c] = name.match(/^r(\d+)c(\d+)$/);
        return (r - 1) * 9 + (c - 1);
      }));
      const sums = await page.$$eval('svg.rules g:has(> text.cage-label)', (gs) => gs.map((g) => g.dataset.cells));
      for (const cell of sums.map(first)) {
        await page.click(`#cell-${cell}`);
        await page.keyboard.press('Shift+Digit1');
        await page.keyboard.press('Control+Digit2');
      }
      const lines = await page.$$eval('svg.rules g:has(> .line)', (gs) => gs.map((g) => g.dataset.cells));
      for (const cell of lines.map(first)) {
        if (!(await page.$eval(`#cell-${cell}`, (e) => e.classList.contains('empty')))) continue;
        await page.click(`#cell-${cell}`);
        await page.keyboard.press(`Digit${puzzle.solution[cell]}`);
      }
      assert.ok(sums.length + lines.length > 0, `${title}: cages or lines drawn`);
      await page.click('#cell-0');
      assert.deepEqual(await violations(page), [], title);
      assert.deepEqual(errors, []);
      await context.close();
    }
  });
}

for (const scheme of ['light', 'dark']) {
  test(`axe finds nothing in the ${scheme} theme on a phone with a variant's title and rules folded and open, and its hint`, async () => {
    const context = await app.browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, colorScheme: scheme });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(`${app.base}#fpuzzles${variant('Exclusive Singularity').fpuzzles}`);
    await waitStatus(page, /^Unique/);
    await page.waitForSelector('svg.rules [data-rule]', { state: 'attached' });
    assert.deepEqual(await violations(page), [], 'folded');
    await page.tap('.about summary');
    await page.click('button.hint-button');
    await page.waitForFunction(() => document.querySelector('#hint')?.textContent.length > 0);
    await page.click('button.hint-button');
    await page.waitForSelector('svg.rules g[data-hint]', { state: 'attached' });
    assert.deepEqual(await violations(page), [], 'open, with the hint');
    assert.deepEqual(errors, []);
    await context.close();
  });
}

for (const scheme of ['light', 'dark']) {
  test(`axe finds nothing in the ${scheme} theme in the setter's Rules, with a region painted, a dot and a cage listed`, async () => {
    const context = await app.browser.newContext({ viewport, colorScheme: scheme });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(`${app.base}#p=..343412..434321`);
    await waitStatus(page, /^Multiple/);
    await page.click('summary:text-is("Solver tools")');
    await page.click('button:text-is("Edit puzzle")');
    await page.click('#cell-0');
    await page.keyboard.press('Shift+ArrowDown');
    await page.click('button:text-is("Add to cells")');
    await page.click('button:text-is("White dot")');
    await page.click('button:text-is("Paint region")');
    await page.selectOption('#edge-mark', 'Black dot');
    await page.waitForSelector('button[aria-label="Use selected cells for killer r1c1-r2c1"]');
    await page.waitForSelector('[data-rule=kropki-white]', { state: 'attached' });
    await page.waitForSelector('#cell-0.box-right');
    await waitStatus(page, /solution/);
    assert.deepEqual(await violations(page), []);
    assert.deepEqual(errors, []);
    await context.close();
  });
}

test('the theme follows the system until toggled, and the choice survives a reload', async () => {
  const { page, errors } = await open('light');
  const light = await background(page);
  await page.click('button.theme');
  assert.equal(await page.getAttribute('html', 'data-theme'), 'dark');
  assert.equal(await page.getAttribute('button.theme', 'aria-label'), 'Light theme', 'it says what it does next');
  const dark = await background(page);
  assert.notEqual(dark, light);
  await page.reload();
  await waitStatus(page, /^Unique/);
  assert.equal(await background(page), dark);
  assert.equal(await page.getAttribute('button.theme', 'aria-label'), 'Light theme');
  await page.click('button.theme');
  assert.equal(await background(page), light);
  assert.deepEqual(errors, []);
  await page.context().close();
});
