// The board's drawing as a player sees it (issue 39, items 1, 3 and 10), measured in the
// pixels Chromium draws: a digit on any line, thermometer, arrow or parity mark keeps 3:1
// against what lies beneath it in both themes; marks stay clear of a cage's sum and corner
// marks clear of centre marks; centre marks on 16x16 and 25x25, a quadruple's digits on a
// phone and the even squares of the dark theme are large and strong enough to see.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useApp, waitStatus, watchErrors } from './harness.mjs';
import { HARD25, SIXTEEN } from './fixtures.mjs';
import { ISS_RULES, KILLER, variant } from './variants.mjs';
import { contrast, difference, ink, inkContrast, luminance, overlap, pieces, pixels } from './pixels.mjs';

const app = useApp();
const desktop = { viewport: { width: 1366, height: 900 }, deviceScaleFactor: 2 };
const phone = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 3 };

async function open(hash, options, colorScheme = 'light') {
  const context = await app.browser.newContext({ ...options, colorScheme });
  const page = await context.newPage();
  const errors = watchErrors(page);
  await page.goto(`${app.base}${hash}`);
  await page.waitForSelector('[role=grid]');
  return { context, page, errors };
}

/** A cell's box, less its borders. */
const inside = (page, cell) => page.$eval(`#cell-${cell}`, (e) => {
  const r = e.getBoundingClientRect();
  return { x: r.x + 2, y: r.y + 2, width: r.width - 4, height: r.height - 4 };
});

/** Cells named "r1c2" as their indices. */
const indices = (names, n = 9) => names.split(' ').map((name) => {
  const [, r, c] = name.match(/^r(\d+)c(\d+)$/);
  return (r - 1) * n + (c - 1);
});

/** The contrast of a cell's digit against what lies beneath it: the cell as drawn, then
 *  with its digit transparent (what is beneath); where the digit's ink is comes from the
 *  cell without the rules' drawings, its digit magenta and then transparent. */
async function digitContrast(page, cell) {
  const clip = await inside(page, cell);
  const colour = (c) => page.$eval(`#cell-${cell}`, (e, c) => { e.style.color = c; }, c);
  const rules = (shown) => page.$$eval('svg.rules', (svgs, shown) => svgs.forEach((s) => { s.style.visibility = shown ? '' : 'hidden'; }), shown);
  const drawn = await pixels(page, clip);
  await colour('transparent');
  const beneath = await pixels(page, clip);
  await rules(false);
  const bare = await pixels(page, clip);
  await colour('#ff00ff');
  const magenta = await pixels(page, clip);
  await rules(true);
  await colour('');
  const apart = difference(magenta, bare);
  const most = Math.max(...apart);
  // The ink's core, where it covers its pixels whole: its edges blend into what is beneath.
  return inkContrast(drawn, beneath, apart.map((d) => d >= 0.9 * most));
}

/** Puzzles that between them draw every kind of line, arrow, shading and parity mark, and
 *  the rules whose digits are measured: shared ones by their f-puzzles links, and ISS's
 *  rules (`ISS_RULES`, titled "made here") by their ISS text. */
const DRAWN = [
  ['The Initials', ['thermometer', 'even']],
  ['Exclusive Singularity', ['between', 'palindrome', 'region-sum', 'whispers', 'renban', 'arrow', 'killer']],
  ['Jul 13, 2022: Clone / Arrow', ['arrow', 'clone']],
  ['Modular Nabner DA Coverage', ['double-arrow', 'modular', 'nabner']],
  ['July 10, 2023: Caterpillars', ['entropic']],
  ['Aug 12, 2022: Lockout Lines', ['lockout']],
  ['Oct. 26, 2023: Run-On Renbans', ['renban']],
  ['Zipper Lines', ['zipper']],
  ['Nov. 10, 2023: Odd/Even/Diag', ['odd', 'even', 'diagonal']],
  ['Jul 7, 2022: Extra Regions', ['extra-region']],
  ['Box Indexing Test', ['indexer']],
  ['10-lines with a loop (made here)', ['sum-line']],
  ['Rellik cages (made here)', ['rellik']],
  ['Equality cages (made here)', ['equality-cage']],
  ['Lunchbox (made here)', ['lunchbox']],
  ['Counting circles (made here)', ['counting-circles']],
  ['Either-or givens (made here)', ['quadruple']],
];

/** The address and solution of a puzzle of `DRAWN`. */
function drawnPuzzle(title) {
  const iss = ISS_RULES.find((p) => p.title === title);
  if (iss) return { hash: `#iss=${encodeURIComponent(iss.text)}`, solution: iss.solution };
  const puzzle = variant(title);
  return { hash: `#fpuzzles${puzzle.fpuzzles}`, solution: puzzle.solution };
}

for (const scheme of ['light', 'dark']) {
  test(`in the ${scheme} theme a digit on any drawing keeps 3:1 against what lies beneath it`, async (t) => {
    const low = [];
    let measured = 0;
    for (const [title, rules] of DRAWN) {
      const puzzle = drawnPuzzle(title);
      const { context, page, errors } = await open(puzzle.hash, desktop, scheme);
      await waitStatus(page, /^Unique/);
      // The first two cells of each rule's first drawing, typed in where they are empty.
      const cells = new Map();
      for (const rule of rules) {
        const names = await page.$eval(`svg.rules [data-rule="${rule}"]`, (g) => g.dataset.cells);
        for (const cell of indices(names).slice(0, 2)) cells.set(cell, rule);
      }
      for (const cell of cells.keys()) {
        if (await page.$eval(`#cell-${cell}`, (e) => e.classList.contains('empty'))) {
          await page.click(`#cell-${cell}`);
          await page.keyboard.press(`Digit${puzzle.solution[cell]}`);
        }
      }
      // The cursor away from the cells measured.
      const away = [...Array(81).keys()].find((c) => !cells.has(c));
      await page.click(`#cell-${away}`);
      for (const [cell, rule] of cells) {
        const ratio = await digitContrast(page, cell);
        measured += 1;
        t.diagnostic(`${title}: ${rule} at cell ${cell}: ${ratio.toFixed(2)}:1`);
        if (!(ratio >= 3)) low.push(`${title}: ${rule} at cell ${cell}, ${ratio.toFixed(2)}:1`);
      }
      assert.deepEqual(errors, []);
      await context.close();
    }
    assert.ok(measured >= 48, `${measured} digits measured`);
    assert.deepEqual(low, [], 'digits under 3:1');
  });
}

/** Hides (or shows again) what `selector` finds in a cell. */
const hide = (page, cell, selector, hidden = true) => page.$$eval(`#cell-${cell} ${selector}`,
  (found, hidden) => found.forEach((e) => { e.style.visibility = hidden ? 'hidden' : ''; }), hidden);

/** The pieces of a cell's marks that `selector` finds, alone: each digit's box in the
 *  screenshot's pixels, found from what changes when they are hidden with every other mark. */
async function markPieces(page, cell, selector, others) {
  const clip = await inside(page, cell);
  await hide(page, cell, others);
  const shown = await pixels(page, clip);
  await hide(page, cell, selector);
  const none = await pixels(page, clip);
  await hide(page, cell, `${selector}, ${others}`, false);
  // A low threshold: a grey mark over a cage's dark dashes differs little from them.
  const mask = ink(shown, none, 20);
  return { clip, boxes: pieces(shown, mask), mask, image: shown };
}

/** How many digits `selector` shows in a cell. */
const shownDigits = (page, cell, selector) => page.$$eval(`#cell-${cell} ${selector} [data-mark]`, (marks) => marks.length);

/** The mark pixels of a cage's first cell that fall inside the box of its sum, grown by a
 *  pixel; and that every mark is seen, each digit a piece of its own, none hidden. */
async function onTheSum(page, cage, selector) {
  const cell = Math.min(...indices(cage));
  const { clip, mask, image, boxes } = await markPieces(page, cell, selector, '.no-such-mark');
  assert.equal(boxes.length, await shownDigits(page, cell, selector), `every ${selector} mark of cell ${cell} is seen`);
  const sum = await page.$eval(`svg.rules g[data-cells="${cage}"] text.cage-label`,
    (t) => { const r = t.getBoundingClientRect(); return { x: r.x, y: r.y, right: r.right, bottom: r.bottom }; });
  const scale = image.width / clip.width;
  let hits = 0;
  mask.forEach((on, i) => {
    const [x, y] = [clip.x + (i % image.width) / scale, clip.y + Math.floor(i / image.width) / scale];
    if (on && x >= sum.x - 1 && x <= sum.right + 1 && y >= sum.y - 1 && y <= sum.bottom + 1) hits += 1;
  });
  return hits;
}

/** Corner and centre marks' pieces that overlap, as "corner box / centre box". */
async function collisions(page, cell) {
  const corner = await markPieces(page, cell, '.corner', '.centre');
  const centre = await markPieces(page, cell, '.centre', '.corner');
  assert.equal(corner.boxes.length, await shownDigits(page, cell, '.corner'), `every corner mark of cell ${cell} is seen`);
  assert.equal(centre.boxes.length, await shownDigits(page, cell, '.centre'), `every centre mark of cell ${cell} is seen`);
  return corner.boxes.flatMap((a) => centre.boxes.filter((b) => overlap(a, b)).map((b) => `${JSON.stringify(a)} / ${JSON.stringify(b)}`));
}

test('marks stay clear of a cage\'s sum, and corner marks clear of centre marks', async (t) => {
  const { context, page, errors } = await open(`#fpuzzles${KILLER.fpuzzles}`, desktop);
  await waitStatus(page, /^Unique/);
  // A cage with a two-digit sum, and its first cell.
  const cages = await page.$$eval('svg.rules [data-rule=killer]', (gs) => gs.map((g) => [g.dataset.cells, g.querySelector('text.cage-label')?.textContent ?? '']));
  const [names] = cages.find(([, sum]) => sum.length === 2);
  const first = Math.min(...indices(names));
  // A cell of no sum, the other side of the board.
  const sums = new Set(cages.map(([n]) => Math.min(...indices(n))));
  const plain = [...Array(81).keys()].reverse().find((c) => !sums.has(c));
  await page.click(`#cell-${first}`);
  for (const d of '12345') await page.keyboard.press(`Shift+Digit${d}`);
  for (const d of '6789') await page.keyboard.press(`Control+Digit${d}`);
  await page.click(`#cell-${plain}`);
  for (const d of '12345678') await page.keyboard.press(`Shift+Digit${d}`);
  for (const d of '123456789') await page.keyboard.press(`Control+Digit${d}`);
  await page.click(`#cell-${sums.has(40) ? 41 : 40}`);
  assert.equal(await page.getAttribute(`#cell-${plain}`, 'data-corner'), '12345678');

  for (const fixed of [true, false]) {
    const layout = fixed ? 'centre marks in fixed places' : 'freehand centre marks';
    for (const selector of ['.corner', '.centre']) {
      const hits = await onTheSum(page, names, selector);
      t.diagnostic(`${layout}: ${selector} pixels on the sum: ${hits}`);
      assert.equal(hits, 0, `${layout}: ${selector} marks on the cage's sum`);
    }
    for (const cell of [first, plain]) {
      const both = await collisions(page, cell);
      t.diagnostic(`${layout}: cell ${cell}: ${both.length} corner and centre marks overlap`);
      assert.deepEqual(both, [], `${layout}: cell ${cell}`);
    }
    if (fixed) {
      await page.click('summary:text-is("Settings")');
      await page.click('label:has-text("Centre marks in fixed places")');
      await page.waitForSelector(`#cell-${plain} .centre:not(.fixed)`);
    }
  }

  // True candidates, while the puzzle is edited, keep clear of the sum too.
  await page.click('summary:text-is("Solver tools")');
  await page.click('button:text-is("Edit puzzle")');
  await page.keyboard.press('Escape');
  await page.click('button:text-is("True candidates")');
  await page.waitForSelector(`#cell-${first} .marks`);
  // The setter's tools make the side column taller than the screen, and the button below
  // them scrolled the page: the cell back in view to be measured.
  await page.$eval(`#cell-${first}`, (e) => e.scrollIntoView({ block: 'center' }));
  const hits = await onTheSum(page, names, '.marks');
  t.diagnostic(`true candidates' pixels on the sum: ${hits}`);
  assert.equal(hits, 0, 'true candidates on the cage\'s sum');
  assert.deepEqual(errors, []);
  await context.close();
});

test('centre marks on 16x16 and 25x25, a quadruple\'s digits on a phone, and even squares are large and strong enough', async (t) => {
  const size = (page, selector) => page.$eval(selector, (e) => parseFloat(getComputedStyle(e).fontSize));
  for (const [name, grid, n] of [['16x16', SIXTEEN, 16], ['25x25', HARD25, 25]]) {
    const { context, page, errors } = await open(`#p=${grid}`, desktop);
    await waitStatus(page, /^(Unique|Multiple)/, 30_000);
    const empty = await page.$$eval('[role=gridcell].empty', (cells) => cells.slice(0, 2).map((c) => c.id));
    for (const [id, digits] of empty.map((id, i) => [id, ['1234', '123456789'][i]])) {
      await page.click(`#${id}`);
      for (const d of digits) await page.keyboard.press(`Control+Digit${d}`);
    }
    const cell = (await page.$eval(`#${empty[0]}`, (e) => e.getBoundingClientRect().width));
    const fixed = await size(page, `#${empty[1]} .centre.fixed`);
    await page.click('summary:text-is("Settings")');
    await page.click('label:has-text("Centre marks in fixed places")');
    await page.waitForSelector(`#${empty[1]} .centre:not(.fixed)`);
    const [four, nine] = [await size(page, `#${empty[0]} .centre`), await size(page, `#${empty[1]} .centre`)];
    t.diagnostic(`${name} at 100%, ${cell.toFixed(1)} px cells: centre marks ${fixed} px in fixed places; freehand, four ${four} px, nine ${nine} px`);
    assert.ok(four >= 9, `${name}: four freehand centre marks are ${four} px`);
    assert.ok(nine >= (n === 16 ? 10 : 6.5), `${name}: nine freehand centre marks are ${nine} px`);
    assert.ok(fixed >= (n === 16 ? 10 : 5), `${name}: centre marks in fixed places are ${fixed} px`);
    // Nine freehand marks stay inside their cell.
    const spill = await page.$eval(`#${empty[1]}`, (c) => {
      const [a, b] = [c.getBoundingClientRect(), c.querySelector('.centre').getBoundingClientRect()];
      return b.x < a.x || b.y < a.y || b.right > a.right || b.bottom > a.bottom;
    });
    assert.equal(spill, false, `${name}: nine centre marks spill out of the cell`);
    assert.deepEqual(errors, []);
    await context.close();
  }

  const initials = variant('The Initials');
  {
    const { context, page, errors } = await open(`#fpuzzles${initials.fpuzzles}`, phone);
    await waitStatus(page, /^Unique/);
    const quad = await page.$eval('svg.rules text.quadruple-digits', (t) => parseFloat(getComputedStyle(t).fontSize) * t.ownerSVGElement.getScreenCTM().a);
    t.diagnostic(`a quadruple's digits on a 390 px phone: ${quad.toFixed(1)} px`);
    assert.ok(quad >= 9, `a quadruple's digits are ${quad} px on a phone`);
    assert.deepEqual(errors, []);
    await context.close();
  }

  for (const scheme of ['light', 'dark']) {
    const { context, page, errors } = await open(`#fpuzzles${initials.fpuzzles}`, desktop, scheme);
    await waitStatus(page, /^Unique/);
    const cell = indices(await page.$eval('svg.rules [data-rule=even]', (g) => g.dataset.cells))[0];
    await page.click(`#cell-${(cell + 40) % 81}`);
    // The square against its cell, where it stands out most, with the cell's digit hidden.
    const clip = await inside(page, cell);
    await page.$eval(`#cell-${cell}`, (e) => { e.style.color = 'transparent'; });
    const drawn = await pixels(page, clip);
    await page.$eval('svg.rules [data-rule=even]', (g) => { g.style.visibility = 'hidden'; });
    const plain = await pixels(page, clip);
    const apart = difference(drawn, plain);
    const most = Math.max(...apart);
    const at = (image, i) => luminance(...image.data.slice(4 * i, 4 * i + 3));
    const ratios = apart.flatMap((d, i) => (d >= 0.9 * most ? [contrast(at(drawn, i), at(plain, i))] : []));
    const ratio = ratios.sort((a, b) => a - b)[Math.floor(ratios.length / 2)];
    t.diagnostic(`${scheme}: an even square against its cell: ${ratio.toFixed(2)}:1`);
    assert.ok(ratio >= 3, `${scheme}: an even square is ${ratio.toFixed(2)}:1 against its cell`);
    assert.deepEqual(errors, []);
    await context.close();
  }
});
