// A player's words on every screen (issue 54): messages never cut, a hint and a message
// whole on a phone, hints in words ("the 14 cage at row 2, column 7", "row 4, column 8")
// with a sentence per technique and a chain drawn, the live verdict's wrong digit marked,
// a broken link told at the top, corner marks clear of a cage's sum and line, the setter's
// order and phone layout, even New puzzle buttons, arrowheads clear of digits.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { box, openIn, phone, spoil, useApp, waitStatus } from './harness.mjs';
import { HARD, HARD_SOLUTION, EMPTY } from './fixtures.mjs';
import { KILLER, variant } from './variants.mjs';

const app = useApp();
const narrow = { viewport: { width: 320, height: 640 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };
const desktop = { viewport: { width: 1366, height: 900 } };

const open = (hash, options = desktop) => openIn(app, hash, options);
const hint = (page) => page.textContent('#hint');
const hinted = (page) => page.waitForFunction(() => document.querySelector('#hint')?.textContent.length > 0);
/** Every message on the page that is cut: its text wider than its box. */
const cut = (page) => page.$$eval('#status, #notice, #hint, #link-error p, .level', (items) => items
  .filter((e) => e.scrollWidth > e.clientWidth || getComputedStyle(e).textOverflow === 'ellipsis')
  .map((e) => `${e.id || e.className}: ${e.textContent}`));
/** The killer's cages: the first cell, cells and sum of each, from its drawing. */
const cages = (page) => page.$$eval('svg.rules g[data-rule=killer]', (gs) => gs.map((g) => ({
  cells: g.dataset.cells.split(' ').map((name) => {
    const [, r, c] = name.match(/^r(\d+)c(\d+)$/);
    return (r - 1) * 9 + (c - 1);
  }),
  sum: Number(g.querySelector('text.cage-label')?.textContent),
})));

test('on a 320 px phone a broken cage\'s message wraps whole, in words: its sum and where it starts', async () => {
  const { context, page, errors } = await open(`#fpuzzles${KILLER.fpuzzles}`, narrow);
  await waitStatus(page, /^Unique/);
  // The smallest cage: a 9 in its first empty cell leaves it no way to be kept.
  const cage = (await cages(page)).filter((c) => c.sum > 0).sort((a, b) => a.sum - b.sum)[0];
  await page.tap(`#cell-${Math.min(...cage.cells)}`);
  await page.keyboard.press('9');
  const first = Math.min(...cage.cells);
  const at = `row ${Math.floor(first / 9) + 1}, column ${(first % 9) + 1}`;
  await waitStatus(page, /^No solution: /);
  assert.match(await page.textContent('#status'), new RegExp(`^No solution: the ${cage.sum} cage at ${at} `));
  assert.deepEqual(await cut(page), []);
  const status = await box(page, '#status');
  assert.ok(status.right <= 320 && status.height > 30, `the status wraps: ${JSON.stringify(status)}`);
  assert.ok(await page.evaluate(() => document.documentElement.scrollWidth) <= 320, 'nothing scrolls sideways');
  assert.deepEqual(errors, []);
  await context.close();
});

test('on a 390x844 phone a variant\'s hint is seen whole under its title, at both stages, without scrolling', async () => {
  const { context, page, errors } = await open(`#fpuzzles${KILLER.fpuzzles}`, phone);
  await waitStatus(page, /^Unique/);
  assert.ok(await page.isVisible('.about summary'), 'the title shows');
  await page.tap('button.hint-button');
  await hinted(page);
  for (const stage of [1, 2]) {
    const text = await box(page, '#hint');
    assert.ok(text.y >= 0 && text.bottom <= 844, `stage ${stage}: the hint from ${text.y} to ${text.bottom} px`);
    assert.equal(await page.evaluate(() => scrollY), 0);
    assert.deepEqual(await cut(page), []);
    if (stage === 1) await page.tap('button.hint-button:text-is("Show more")');
  }
  assert.ok((await page.textContent('#hint')).length > 200, 'a long hint');
  assert.deepEqual(errors, []);
  await context.close();
});

test('a hint speaks in words: the place, then what the technique does; the cells by row and column, or as r9c3 if set', async () => {
  const { context, page, errors } = await open(`#p=${HARD}`);
  await waitStatus(page, /^Unique/);
  await page.click('button.hint-button');
  await hinted(page);
  assert.equal(await hint(page), 'Hidden single: look at box 7. A digit with one place left in a row, column or box goes there.');
  await page.click('text=Show more');
  assert.equal(await hint(page), 'Hidden single: 7 has one place left in box 7, row 9, column 3.');
  // The setting: the solver's names.
  await page.click('summary:text-is("Settings")');
  await page.check('text=Name cells as r4c8 rather than row 4, column 8');
  assert.equal(await hint(page), 'Hidden single: 7 has one place left in box 7, r9c3.');
  assert.deepEqual(errors, []);
  await context.close();
});

test('a hint explains its technique at length on request, from the keyboard, nothing of it cut on a phone', async () => {
  const { context, page, errors } = await open(`#p=${HARD}`, phone);
  await waitStatus(page, /^Unique/);
  const fetched = [];
  page.on('requestfinished', (request) => fetched.push(new URL(request.url()).pathname));
  await page.waitForLoadState('networkidle');
  assert.ok(!fetched.includes('/techniques.md'), 'the techniques\' words cost the first load nothing');
  await page.tap('button.hint-button');
  await hinted(page);
  assert.ok(fetched.includes('/techniques.md'), 'fetched with the first hint');
  const more = page.locator('#more-about');
  assert.equal(await more.locator('summary').textContent(), 'More about Hidden single');
  assert.equal(await more.getAttribute('open'), null, 'folded at first');
  assert.equal(await more.locator('p').first().isVisible(), false);
  // A disclosure the keyboard opens: focus its summary, press Enter.
  await more.locator('summary').focus();
  await page.keyboard.press('Enter');
  assert.equal(await more.locator('p').first().isVisible(), true);
  const paragraphs = await more.locator('p').allTextContents();
  assert.match(paragraphs[0], /^Choose a digit and a row, column or box\. Every empty cell of it that already sees that digit/);
  assert.ok(paragraphs.length >= 2 && paragraphs.join(' ').length > 300, `a few sentences: ${paragraphs}`);
  assert.equal(await page.evaluate(() => document.activeElement.closest('#more-about') !== null), true, 'focus stays on it');
  // What it says is the sentence's longer form, not the hint again: the hint is unchanged.
  assert.equal(await hint(page), 'Hidden single: look at box 7. A digit with one place left in a row, column or box goes there.');
  // On the phone, every line of it can be read: nothing cut, nothing wider than the screen.
  assert.deepEqual(await page.$$eval('#more-about p', (ps) => ps.filter((p) => p.scrollWidth > p.clientWidth).length), 0);
  const last = await box(page, '#more-about p:last-child');
  assert.ok(last.right <= 390, `within the screen's width: ${JSON.stringify(last)}`);
  // The next stage of the same hint keeps it open, its words still there.
  await page.tap('button.hint-button:text-is("Show more")');
  assert.equal(await hint(page), 'Hidden single: 7 has one place left in box 7, row 9, column 3.');
  assert.notEqual(await more.getAttribute('open'), null, 'still open');
  assert.match(await more.locator('p').first().textContent(), /^Choose a digit/);
  assert.deepEqual(await cut(page), []);
  assert.deepEqual(errors, []);
  await context.close();
});

test('a killer\'s hint names its cage by sum and first cell, lit from the first press', async () => {
  const { context, page, errors } = await open(`#fpuzzles${KILLER.fpuzzles}`);
  await waitStatus(page, /^Unique/);
  const all = await cages(page);
  for (let i = 0; i < 12; i++) {
    await page.click('button.hint-button');
    await hinted(page);
    const text = await hint(page);
    assert.doesNotMatch(text, /\br\d+c\d+\b|killer cage/, `"${text}" is in a solver's words`);
    const named = text.match(/look at the (\d+) cage at row (\d+), column (\d+)/);
    if (named) {
      const [, sum, row, col] = named.map(Number);
      const first = (row - 1) * 9 + col - 1;
      const cage = all.find((c) => Math.min(...c.cells) === first);
      assert.equal(cage?.sum, sum, `the cage at ${first}`);
      const lit = await page.$$eval('svg.rules g[data-hint]', (gs) => gs.map((g) => g.dataset.cells));
      assert.ok(lit.length > 0, 'the cage is lit at the first stage');
      assert.deepEqual(errors, []);
      await context.close();
      return;
    }
    await page.click('text=Show more');
    assert.doesNotMatch(await hint(page), /\br\d+c\d+\b|killer cage/);
    await page.click('button.apply');
  }
  assert.fail('no hint named a cage among the first twelve');
});

test('a step that removes candidates shows them where the player has no marks, and a chain is drawn between its candidates', async () => {
  const { context, page, errors } = await open(`#p=${HARD}`);
  await waitStatus(page, /^Unique/);
  let found = false;
  for (let i = 0; i < 30 && !found; i++) {
    await page.click('button.hint-button');
    await hinted(page);
    await page.click('text=Show more');
    const placing = await page.$$eval('.mark-place', (m) => m.length);
    if (placing === 0) {
      const off = await page.$$eval('.mark-off', (m) => m.length);
      assert.ok(off > 0, `"${await hint(page)}" removes candidates that show on the board`);
      found = true;
    }
    await page.click('button.apply');
  }
  assert.ok(found, 'a step that removes candidates among the first thirty');
  // A chain in the list of steps: its links drawn, in words.
  await spoil(page, 'Solve step by step');
  await page.waitForSelector('#rating');
  const chain = await page.$$eval('#steps [role=option]', (items) => items.findIndex((e) => /^(X-Chain|XY-Chain|Alternating inference chain):/.test(e.textContent)));
  assert.ok(chain >= 0, 'a chain among the steps');
  {
    await page.click(`#step-${chain}`);
    const text = await page.textContent(`#step-${chain}`);
    assert.match(text, /\d in row \d, column \d/);
    assert.doesNotMatch(text, /\br\d+c\d+\b/);
    const lines = await page.$$eval('svg.chain line', (ls) => ls.map((l) => l.getBoundingClientRect()));
    const board = await box(page, '[role=grid]');
    assert.ok(lines.length >= 2, `${lines.length} links drawn`);
    for (const l of lines) assert.ok(l.x >= board.x && l.right <= board.right && l.y >= board.y && l.bottom <= board.bottom);
  }
  assert.deepEqual(errors, []);
  await context.close();
});

test('the live verdict marks the digit that leaves no solution', async () => {
  const { context, page, errors } = await open(`#p=${HARD}`);
  await waitStatus(page, /^Unique/);
  await page.click('summary:text-is("Settings")');
  await page.check('text=Say at once when a digit leaves no solution');
  const sees = (a, b) => Math.floor(a / 9) === Math.floor(b / 9) || a % 9 === b % 9
    || (Math.floor(a / 27) === Math.floor(b / 27) && Math.floor((a % 9) / 3) === Math.floor((b % 9) / 3));
  let cell = -1;
  let digit = '';
  for (let c = 0; c < 81 && cell < 0; c++) {
    if (HARD[c] !== '.') continue;
    const d = [...'123456789'].find((x) => x !== HARD_SOLUTION[c] && ![...HARD].some((g, o) => g === x && sees(c, o)));
    if (d) [cell, digit] = [c, d];
  }
  await page.click(`#cell-${cell}`);
  await page.keyboard.press(digit);
  await waitStatus(page, /^No solution$/);
  await page.waitForFunction((c) => document.querySelector(`#cell-${c}`).classList.contains('wrong'), cell);
  assert.deepEqual(await page.$$eval('[role=gridcell].wrong', (cs) => cs.map((c) => c.id)), [`cell-${cell}`]);
  assert.equal(await hint(page), 'No solution with the marked digit: it is wrong.');
  // Taken out, the mark goes with it.
  await page.keyboard.press('Delete');
  await waitStatus(page, /^Unique/);
  assert.equal(await page.$('[role=gridcell].wrong'), null);
  assert.deepEqual(errors, []);
  await context.close();
});

test('centre marks that leave out the answer can be cleared from the hint that says so', async () => {
  const { context, page, errors } = await open(`#p=${HARD}`);
  await waitStatus(page, /^Unique/);
  const cell = [...HARD].findIndex((d) => d === '.');
  const other = HARD_SOLUTION[cell] === '1' ? '2' : '1';
  await page.click(`#cell-${cell}`);
  await page.keyboard.press(`Control+Digit${other}`);
  await page.click('button.hint-button');
  await hinted(page);
  assert.match(await hint(page), /^Row 1, column \d: its centre marks leave out the digit that goes there\.$/);
  await page.click('button:text-is("Clear its marks")');
  assert.ok(!(await page.getAttribute(`#cell-${cell}`, 'data-centre')), 'its centre marks are gone');
  assert.deepEqual(errors, []);
  await context.close();
});

for (const [name, options] of [['a 390x844 phone', phone], ['a 1366x900 desktop', desktop]]) {
  test(`on ${name} a broken link is told at the top on a first visit, moves nothing, and today's puzzle opens beneath`, async () => {
    const plain = await open('', options);
    await plain.page.waitForSelector('#level', { timeout: 60_000 });
    const board = await box(plain.page, '[role=grid]');
    await plain.context.close();
    const { context, page, errors } = await open(`#fpuzzles${KILLER.fpuzzles.slice(0, 80)}`, options);
    await page.waitForSelector('#level', { timeout: 60_000 });
    await waitStatus(page, /^Unique solution$/);
    const text = await page.textContent('#link-error');
    assert.match(text, /^This link's puzzle could not be opened: the f-puzzles puzzle in it is damaged: cut short or changed\. Today's puzzle opens instead\./);
    const banner = await box(page, '#link-error');
    assert.ok(banner.y <= 0 && banner.bottom <= options.viewport.height / 3, `the message at the top: ${JSON.stringify(banner)}`);
    assert.deepEqual(await box(page, '[role=grid]'), board, 'the board is where it would be without it');
    assert.deepEqual(await cut(page), []);
    await page.click('#link-error button:text-is("Dismiss")');
    assert.equal(await page.$('#link-error'), null);
    assert.deepEqual(errors, []);
    await context.close();
  });
}

for (const [name, options] of [['a 390x844 phone', phone], ['a 1366x900 desktop', desktop]]) {
  test(`on ${name} corner marks keep at least 1 px from a cage's sum and its dashed line`, async () => {
    const { context, page, errors } = await open(`#fpuzzles${KILLER.fpuzzles}`, options);
    await waitStatus(page, /^Unique/);
    // An empty cell holding a cage's sum, and an empty cell of a cage without one.
    const all = await cages(page);
    const empty = (c) => page.$eval(`#cell-${c}`, (e) => e.classList.contains('empty'));
    const firsts = all.map((c) => Math.min(...c.cells));
    let withSum = -1;
    for (const c of firsts) if (withSum < 0 && await empty(c)) withSum = c;
    const inner = all.flatMap((c) => c.cells).find((c) => !firsts.includes(c));
    for (const cell of [withSum, inner]) {
      await page.click(`#cell-${cell}`);
      for (const d of '12345678') await page.keyboard.press(`Shift+Digit${d}`);
    }
    const gaps = await page.evaluate(([cells]) => {
      const canvas = document.createElement('canvas').getContext('2d');
      // Each mark's glyph: its span's box, the digit's width placed as the span aligns it,
      // its height the digits' (line-height 1, figures about 0.72 of the size).
      const glyphs = (cell) => [...document.querySelectorAll(`#cell-${cell} .corner > span`)].map((s) => {
        const r = s.getBoundingClientRect();
        const style = getComputedStyle(s);
        const size = parseFloat(style.fontSize);
        canvas.font = `${style.fontWeight} ${size}px ${style.fontFamily}`;
        const w = canvas.measureText(s.dataset.mark).width;
        const h = size * 0.72;
        const x = { 'flex-start': r.left, 'flex-end': r.right - w }[style.justifyContent] ?? (r.left + r.right - w) / 2;
        const y = { 'flex-start': r.top + (size - h) / 2, 'flex-end': r.bottom - size + (size - h) / 2 }[style.alignItems] ?? (r.top + r.bottom - h) / 2;
        return { mark: s.dataset.mark, left: x, right: x + w, top: y, bottom: y + h };
      });
      const apart = (a, b) => Math.max(a.left - b.right, b.left - a.right, a.top - b.bottom, b.top - a.bottom);
      const out = [];
      for (const cell of cells) {
        const c = document.querySelector(`#cell-${cell}`).getBoundingClientRect();
        const unit = c.width / 100;
        // The dashed outline, inset 8 with a width of 2.5 (hundredths of a cell): inside it.
        const line = (8 + 1.25) * unit;
        const label = [...document.querySelectorAll('svg.rules text.cage-label')].map((t) => t.getBoundingClientRect())
          .find((t) => t.left >= c.left - 1 && t.left < c.right && t.top >= c.top - 1 && t.top < c.bottom);
        for (const g of glyphs(cell)) {
          const toLine = Math.min(g.left - c.left, g.top - c.top, c.right - g.right, c.bottom - g.bottom) - line;
          out.push({ cell, mark: g.mark, what: 'line', gap: toLine });
          if (label) out.push({ cell, mark: g.mark, what: 'sum', gap: apart(g, label) });
        }
      }
      return out;
    }, [[withSum, inner]]);
    assert.ok(gaps.filter((g) => g.what === 'sum').length === 8, 'the sum is measured against each mark');
    const close = gaps.filter((g) => !(g.gap >= 1));
    assert.deepEqual(close, [], 'marks closer than 1 px');
    assert.deepEqual(errors, []);
    await context.close();
  });
}

test('the setter offers the most used tools first, says its list scrolls, and on a phone keeps the pad under the board', async () => {
  const { context, page, errors } = await open(EMPTY, phone);
  await page.waitForSelector('section.setter');
  const options = await page.$$eval('select[aria-label="Line rule"] option', (os) => os.map((o) => o.textContent));
  assert.deepEqual(options.slice(0, 2), ['Thermometer', 'Arrow']);
  assert.equal(await page.$eval('select[aria-label="Line rule"]', (s) => s.selectedOptions[0].textContent), 'Thermometer');
  const clue = await page.$eval('select[aria-label="Clue outside the grid"]', (s) => [s.selectedIndex, s.options[0].textContent]);
  assert.equal(clue[0], 0, `the first clue, ${clue[1]}, is chosen`);
  assert.equal(await page.$eval('select[aria-label="Side of the selected cell"]', (s) => s.selectedIndex), 0);
  // The rows: lines, rules on cells (cages first), then the marks between two cells.
  const order = await page.$$eval('section.setter .row-of-buttons', (rows) => rows.map((r) => r.querySelector('button')?.textContent));
  assert.deepEqual(order.slice(0, 3), ['Add line', 'Add to cells', 'White dot']);
  const gap = (await box(page, '.pad')).y - (await box(page, '.board-viewport')).bottom;
  assert.ok(gap < 120, `the pad starts ${gap} px under the board`);
  // The list of rules: its scroll shows by a shade and a kept gutter.
  await page.tap('#cell-0');
  await page.tap('#cell-1');
  for (let i = 0; i < 3; i++) await page.click('button:text-is("Add to cells")');
  const list = await page.$eval('.rule-list', (e) => {
    const s = getComputedStyle(e);
    return { gutter: s.scrollbarGutter, shades: s.backgroundImage.match(/gradient/g)?.length };
  });
  assert.deepEqual(list, { gutter: 'stable', shades: 4 });
  assert.deepEqual(errors, []);
  await context.close();
});

for (const [name, options] of [['a 390x844 phone', phone], ['a 1366x900 desktop', desktop]]) {
  test(`on ${name} New puzzle's buttons are even, every name stays on one line, and every kind offers Easy`, async () => {
    const { context, page, errors } = await open(`#p=${HARD}`, options);
    await waitStatus(page, /^Unique/);
    await page.click('button.new-puzzle');
    await page.waitForSelector('dialog.maker[open]');
    // Every level for every kind: choosing one never takes Easy away (Killer, Arrow and
    // Kropki offered Medium up until the generator made easy ones of them).
    const kinds = await page.$$eval('dialog.maker .kinds button', (bs) => bs.map((b) => b.textContent));
    for (const kind of kinds) {
      await page.click(`dialog.maker .kinds button:text-is("${kind}")`);
      const levels = await page.$$eval('dialog.maker .levels button', (bs) => bs.map((b) => b.textContent));
      assert.ok(levels.includes('Easy') && levels.length >= 3, `${kind}: ${levels}`);
    }
    for (const group of ['.kinds', '.levels']) {
      const buttons = await page.$$eval(`dialog.maker ${group} button`, (bs) => bs.map((b) => {
        const r = b.getBoundingClientRect();
        const line = parseFloat(getComputedStyle(b).lineHeight) || parseFloat(getComputedStyle(b).fontSize) * 1.2;
        return { name: b.textContent, width: r.width, height: r.height, wraps: b.scrollHeight > line * 1.6 + 20, cut: b.scrollWidth > b.clientWidth };
      }));
      assert.ok(buttons.length >= 3, group);
      for (const b of buttons) {
        assert.ok(Math.abs(b.width - buttons[0].width) < 1 && Math.abs(b.height - buttons[0].height) < 1, `${b.name}: ${b.width}x${b.height}, not ${buttons[0].width}x${buttons[0].height}`);
        assert.ok(!b.wraps && !b.cut, `${b.name} wraps or is cut`);
      }
    }
    assert.deepEqual(errors, []);
    await context.close();
  });
}

test('an arrowhead stops clear of the digit in its last cell', async () => {
  const puzzle = variant('Jul 13, 2022: Clone / Arrow');
  const { context, page, errors } = await open(`#fpuzzles${puzzle.fpuzzles}`);
  await waitStatus(page, /^Unique/);
  // Each shaft is drawn as its line, then its head: the line's end and the head's tip.
  const tips = await page.$$eval('svg.rules g[data-rule=arrow] g.circle-with-shafts', (gs) => gs.flatMap((g) => {
    const lines = [...g.querySelectorAll('polyline')].map((p) => p.getAttribute('points').trim().split(/\s+/).map((xy) => xy.split(',').map(Number)));
    return lines.map((points, i) => (i % 2 === 0 ? points[points.length - 1] : points[1]));
  }));
  assert.ok(tips.length >= 2);
  // Every one at least 23 hundredths of a cell from a centre (34 along a row or column).
  for (const [x, y] of tips) {
    const dx = Math.abs((x % 100) - 50);
    const dy = Math.abs((y % 100) - 50);
    assert.ok(Math.max(dx, dy) >= 23, `a tip at ${x},${y}`);
  }
  assert.deepEqual(errors, []);
  await context.close();
});
