// Variant puzzles in the page (issue 29): every way in, every rule drawn with its hooks, a
// broken rule named, Fill candidates under the rules, the finish, links out and back in,
// reload and offline. Real Chromium, real workers, the real service worker.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { boardLine, openTools, paste, spoil, useApp, viewport, waitStatus, watchErrors } from './harness.mjs';
import { ISS, KILLER, NO_ISS, variant } from './variants.mjs';

const app = useApp();

async function fresh() {
  const context = await app.browser.newContext({ viewport });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.base });
  const page = await context.newPage();
  const errors = watchErrors(page);
  return { context, page, errors };
}
const drawn = (page, rule) => page.locator(`[data-rule="${rule}"]`).count();
const killerDrawn = (page) => page.waitForFunction(() => document.querySelectorAll('[data-rule=killer]').length === 24);

test('a variant opens from the address, a paste, the import box and a drop, and a short id says why', async () => {
  const { context, page, errors } = await fresh();
  await page.goto(`${app.base}#fpuzzles${KILLER.fpuzzles}`);
  await killerDrawn(page);
  await waitStatus(page, /^Unique solution/);
  assert.equal(await page.textContent('.puzzle-title'), KILLER.title);
  assert.equal(await page.textContent('.puzzle-author'), `by ${KILLER.author}`);
  assert.match(await page.textContent('.puzzle-rules'), /must sum/);
  // Solving at once, though the grid starts empty.
  assert.equal(await page.$('.enter-guide'), null);

  const { page: scl } = await fresh();
  await scl.goto(`${app.base}#${KILLER.sudokupad}`);
  await killerDrawn(scl);
  await waitStatus(scl, /^Unique solution/);

  const { page: other, errors: otherErrors } = await fresh();
  await other.goto(`${app.base}#p=${'.'.repeat(81)}`);
  await waitStatus(other, /^Multiple/);
  await paste(other, `https://www.f-puzzles.com/?load=${KILLER.fpuzzles}`);
  await killerDrawn(other);
  await other.goto(`${app.base}#p=${'.'.repeat(81)}`);
  await waitStatus(other, /^Multiple/);
  await openTools(other);
  await other.fill('#import', `https://sudokupad.app/${KILLER.sudokupad}`);
  await other.click('button:text-is("Import")');
  await killerDrawn(other);
  await other.goto(`${app.base}#p=${'.'.repeat(81)}`);
  await waitStatus(other, /^Multiple/);
  await other.evaluate((link) => {
    const data = new DataTransfer();
    data.setData('text/uri-list', link);
    document.querySelector('main').dispatchEvent(new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true }));
  }, `https://sudokupad.app/fpuzzles${KILLER.fpuzzles}`);
  await killerDrawn(other);
  // A short id needs SudokuPad's server: it says so and changes nothing.
  await paste(other, 'https://sudokupad.app/abc123');
  await other.waitForSelector('#notice:has-text("short link")');
  assert.equal(await drawn(other, 'killer'), 24);
  assert.deepEqual([...errors, ...otherErrors], []);
  await context.close();
});

/** Puzzles that between them have every rule the engine reads, and the names to find. */
const COVER = [
  ['The Initials', ['little-killer', 'even', 'kropki-black', 'kropki-white', 'quadruple', 'thermometer']],
  ['Exclusive Singularity', ['between', 'killer', 'maximum', 'minimum', 'palindrome', 'region-sum', 'whispers']],
  ['Jul 13, 2022: Clone / Arrow', ['clone', 'arrow']],
  ['Modular Nabner DA Coverage', ['double-arrow', 'modular', 'nabner']],
  ['July 10, 2023: Caterpillars', ['entropic']],
  ['Nov. 10, 2023: Odd/Even/Diag', ['odd', 'diagonal']],
  ['Jul 7, 2022: Extra Regions', ['extra-region']],
  ['Box Indexing Test', ['indexer']],
  ['Aug 12, 2022: Lockout Lines', ['lockout']],
  ['Oct. 26, 2023: Run-On Renbans', ['renban']],
  ['September 13, 2021: Sandwich', ['sandwich']],
  ['Skyscrapers Sudoku', ['skyscraper']],
  ['July 4, 2023: X-Sums Sudoku', ['x-sum']],
  ['August 3: XV / Kropki Pairs', ['xv']],
  ['Zipper Lines', ['zipper']],
  ['Keep off the Border!', ['line', 'rectangle']],
];

test('every rule is drawn over the grid with data-rule and data-cells, and cells name their rules', async () => {
  const { context, page, errors } = await fresh();
  const seen = new Set();
  for (const [title, rules] of COVER) {
    const puzzle = variant(title);
    await page.goto(`${app.base}#fpuzzles${puzzle.fpuzzles}`);
    await page.reload();
    await page.waitForSelector('svg.rules [data-rule]', { state: 'attached' });
    for (const rule of rules) {
      const cells = await page.$$eval(`svg.rules [data-rule="${rule}"]`, (gs) => gs.map((g) => g.dataset.cells));
      assert.ok(cells.length > 0, `${title}: no ${rule} drawn`);
      for (const list of cells) assert.match(list, /^r\d+c\d+( r\d+c\d+)*$/, `${title}: ${rule}'s cells`);
      seen.add(rule);
    }
  }
  // The slow thermometer is in no shared puzzle: f-puzzles' JSON, pasted.
  await paste(page, JSON.stringify({ size: 4, slowthermometer: [{ lines: [['R1C1', 'R1C2', 'R1C3']] }] }));
  await page.waitForSelector('[data-rule="slow-thermometer"][data-cells="r1c1 r1c2 r1c3"]', { state: 'attached' });
  seen.add('slow-thermometer');
  // A drawn cage of f-puzzles (no rule), as no shared puzzle has one with a sum.
  await paste(page, JSON.stringify({ size: 4, cage: [{ cells: ['R1C1', 'R1C2'], value: '5' }] }));
  await page.waitForSelector('[data-rule="cage"][data-cells="r1c1 r1c2"]', { state: 'attached' });
  const named = ['killer', 'little-killer', 'sandwich', 'arrow', 'thermometer', 'slow-thermometer', 'palindrome',
    'between', 'renban', 'whispers', 'region-sum', 'entropic', 'modular', 'zipper', 'lockout', 'nabner', 'double-arrow',
    'kropki-white', 'kropki-black', 'xv', 'odd', 'even', 'minimum', 'maximum', 'extra-region', 'clone', 'quadruple',
    'x-sum', 'skyscraper', 'diagonal', 'indexer'];
  assert.deepEqual(named.filter((r) => !seen.has(r)), []);
  // A cell's accessible name says the rules it is in.
  await page.goto(`${app.base}#fpuzzles${KILLER.fpuzzles}`);
  await page.reload();
  await killerDrawn(page);
  assert.match(await page.getAttribute('#cell-0', 'aria-label'), /^r1c1, empty, in a killer cage of \d+ cells summing to 10$/);
  assert.deepEqual(errors, []);
  await context.close();
});

test('a digit that breaks a rule names it and marks its cells; Fill candidates keeps every rule', async () => {
  const { context, page, errors } = await fresh();
  await page.goto(`${app.base}#fpuzzles${KILLER.fpuzzles}`);
  await waitStatus(page, /^Unique solution/);
  // The cage of 4 over r3c6 and r3c7 (two cells) can only hold 1 and 3.
  const cage = await page.$eval('[data-rule=killer]:has(text.cage-label:text-is("4"))', (g) => g.dataset.cells);
  assert.equal(cage, 'r3c6 r3c7');
  await page.click('button[aria-label="Fill candidates"]');
  assert.equal(await page.getAttribute('#cell-23', 'data-centre'), '13');
  assert.equal(await page.getAttribute('#cell-24', 'data-centre'), '13');
  await page.click('#cell-23');
  await page.keyboard.press('4');
  await waitStatus(page, /^No solution: the 4 cage at row 3, column 6 cannot be kept with these digits$/);
  assert.match(await page.getAttribute('#cell-24', 'class'), /\bconflict\b/);
  await page.keyboard.press('Delete');
  await waitStatus(page, /^Unique solution/);
  // Typing the solution finishes the puzzle: the top line says so, and the summary rates
  // it as the hints do.
  for (let cell = 0; cell < 81; cell += 1) {
    await page.click(`#cell-${cell}`);
    await page.keyboard.press(KILLER.solution[cell]);
  }
  await page.waitForSelector('.finish');
  await waitStatus(page, /^Solved$/);
  await page.waitForFunction(() => / rated \d+\.\d$/.test(document.querySelector('#finish-level').textContent), null, { timeout: 60_000 });
  assert.deepEqual(errors, []);
  await context.close();
});

const hintText = (page) => page.textContent('#hint');
const nextHint = async (page) => {
  await page.click('button.hint-button');
  await page.waitForFunction(() => document.querySelector('#hint')?.textContent.length > 0);
};
const hinted = (page) => page.$$eval('.rules [data-hint]', (gs) => gs.map((g) => [g.dataset.rule, g.dataset.cells]));

test('a hint on a killer names the cage, marks its drawing, and Apply takes out what it rules out', async () => {
  const { context, page, errors } = await fresh();
  await page.goto(`${app.base}#fpuzzles${KILLER.fpuzzles}`);
  await waitStatus(page, /^Unique solution/);
  const cage = [0, 1, 9, 10];
  await nextHint(page);
  // 1: the rule and where to look.
  assert.equal(await hintText(page), 'Cage of one combination: look at the 10 cage at row 1, column 1. Where only one set of digits adds up to a cage\'s sum, its cells hold those digits.');
  assert.deepEqual(await page.$$eval('[role=gridcell].hint-area', (cells) => cells.map((c) => c.id.slice(5) * 1)), cage);
  assert.deepEqual(await hinted(page), [['killer', 'r1c1 r1c2 r2c1 r2c2']], 'the cage named is lit');
  // 2: the sentence, the cells and candidates, and the cage's drawing.
  await page.click('text=Show more');
  assert.match(await hintText(page), /^Cage of one combination: by the 10 cage at row 1, column 1, which can only be 1\+2\+3\+4, row 1, column 1 cannot be 5\/6\/7\/8\/9/);
  assert.deepEqual(await hinted(page), [['killer', 'r1c1 r1c2 r2c1 r2c2']]);
  const off = await page.$$eval('.mark-off', (marks) => marks.map((m) => [m.closest('[role=gridcell]').id.slice(5) * 1, m.dataset.mark]));
  assert.equal(off.length, 20);
  assert.ok(off.every(([cell, digit]) => cage.includes(cell) && digit >= '5'), JSON.stringify(off));
  // 3: Apply. The cells had no centre marks: they get the candidates left, without the
  // digits the cage rules out.
  await page.click('button.apply');
  for (const cell of cage) assert.equal(await page.getAttribute(`#cell-${cell}`, 'data-centre'), '1234');
  assert.deepEqual(await hinted(page), []);
  assert.equal(await hintText(page), '');
  // The next hint reads those marks and finds something else.
  await nextHint(page);
  await page.click('text=Show more');
  assert.doesNotMatch(await hintText(page), /the 10 cage at row 1, column 1\b/);
  await waitStatus(page, /^Unique solution/);
  assert.deepEqual(errors, []);
  await context.close();
});

test('a set equivalence hint lights its two sets in two colours, in the light theme and the dark', async () => {
  const { context, page, errors } = await fresh();
  await page.goto(`${app.base}#fpuzzles${variant('Solver needs SET').fpuzzles}`);
  await waitStatus(page, /^Unique solution/);
  // The logic worker proves a puzzle unique before its first hint or check, and a hint
  // counts that time in its second (about 2 s natively for this one): Check first.
  await page.click('button:text-is("Check")');
  await page.waitForFunction(() => document.querySelector('#hint')?.textContent.startsWith('Check'), null, { timeout: 60_000 });
  await page.click('button.hint-button');
  await page.waitForFunction(() => /^(?!Check)./.test(document.querySelector('#hint')?.textContent ?? ''));
  assert.equal(await hintText(page), 'Set equivalence: look at row 1 and row 6 and row 7 and column 3 and column 4 and column 9. Two sets of rows, columns and boxes hold the same digits, so their leftover cells do too.');
  const lit = (cls) => page.$$eval(`[role=gridcell].${cls}`, (cells) => cells.map((c) => c.id.slice(5) * 1));
  const at = (row, col) => (row - 1) * 9 + col - 1;
  // The rows outside the columns in one colour, the columns outside the rows in another;
  // where they cross, neither.
  const rows = [1, 6, 7].flatMap((row) => [1, 2, 5, 6, 7, 8].map((col) => at(row, col)));
  const columns = [2, 3, 4, 5, 8, 9].flatMap((row) => [3, 4, 9].map((col) => at(row, col)));
  assert.deepEqual(await lit('hint-area'), rows);
  assert.deepEqual(await lit('hint-second'), columns);
  const background = (cell) => page.$eval(`#cell-${cell}`, (el) => getComputedStyle(el).backgroundColor);
  const seen = new Set();
  for (const colorScheme of ['light', 'dark']) {
    await page.emulateMedia({ colorScheme });
    const [first, second, neither] = [await background(rows[0]), await background(columns[0]), await background(at(1, 3))];
    assert.equal(new Set([first, second, neither]).size, 3, `${colorScheme}: ${first}, ${second}, ${neither}`);
    seen.add(first).add(second);
  }
  assert.equal(seen.size, 4, 'each colour has its own shade in the dark theme');
  // The sentence names both sets and what follows from them.
  await page.click('text=Show more');
  assert.match(
    await hintText(page),
    /^Set equivalence: row 1, row 6 and row 7 hold the same digits as column 3, column 4 and column 9; the cages mostly over the first add up to 108 and those mostly over the second to 162, each less its cells outside its side, so row 3, column 2; row 3, column 5; row 3, column 8; row 4, column 2; row 4, column 5; row 4, column 8; row 9, column 2; row 9, column 5; row 9, column 8 add up to 54 more than row 2, column 1; row 2, column 6; row 2, column 7; row 5, column 1; row 5, column 6; row 5, column 7; row 8, column 1; row 8, column 6; row 8, column 7; row 2, column 1 cannot be 4\/5\/6\/7\/8\/9, /
  );
  assert.deepEqual(await lit('hint-second'), columns, 'still lit beside the sentence');
  assert.deepEqual(errors, []);
  await context.close();
});

test('the step list on a thermometer puzzle names its thermometer steps, with the rating', async () => {
  const { context, page, errors } = await fresh();
  const thermo = variant('August 9, 2023: Thermo');
  await page.goto(`${app.base}#fpuzzles${thermo.fpuzzles}`);
  await waitStatus(page, /^Unique solution/);
  await spoil(page, 'Solve step by step');
  await page.waitForSelector('#rating');
  assert.match(await page.textContent('#rating'), /^Rating: \w+ \(\d+\.\d\), solved by logic\. .*Thermometer bounds ×\d+/);
  const steps = await page.$$eval('#steps [role=option]', (o) => o.map((s) => s.textContent));
  const at = steps.findIndex((s) => s.startsWith('Thermometer bounds: by the thermometer '));
  assert.ok(at >= 0, steps.slice(0, 5).join('\n'));
  // Shown on the board, the step marks its thermometer's drawing.
  await page.click(`#step-${at}`);
  const marked = await hinted(page);
  assert.equal(marked.length, 1);
  assert.equal(marked[0][0], 'thermometer');
  // The page names cells in words: "row 3, column 5 → row 4, column 6".
  const named = steps[at].match(/thermometer ((?:row \d+, column \d+(?: → )?)+)/)[1].split(' → ')
    .map((cell) => cell.replace(/^row (\d+), column (\d+)$/, 'r$1c$2'));
  assert.deepEqual(marked[0][1].split(' ').sort(), [...named].sort());
  assert.deepEqual(errors, []);
  await context.close();
});

test('whispers are named by the line used, and a long line broken names and marks only the two cells at fault', async () => {
  const { context, page, errors } = await fresh();
  await page.goto(`${app.base}#fpuzzles${variant('Dec. 1, 2023: Dutch Whispers').fpuzzles}`);
  await waitStatus(page, /^Unique solution/);
  // The longest line, and two neighbours on it that may take digits 1 apart, 3 under the
  // gap, without repeating a given in a row, column or box.
  const lines = await page.$$eval('[data-rule=whispers]', (gs) => gs.map((g) => g.dataset.cells.split(' ')));
  const line = lines.reduce((a, b) => (b.length > a.length ? b : a)).map((name) => {
    const [, row, col] = name.match(/^r(\d+)c(\d+)$/);
    return (row - 1) * 9 + (col - 1);
  });
  assert.ok(line.length > 2, `a line of ${line.length} cells`);
  const board = await boardLine(page);
  const sees = (a, b) => Math.floor(a / 9) === Math.floor(b / 9) || a % 9 === b % 9
    || (Math.floor(a / 27) === Math.floor(b / 27) && Math.floor((a % 9) / 3) === Math.floor((b % 9) / 3));
  const free = (cell, digit) => board[cell] === '.' && ![...board].some((d, other) => d === `${digit}` && sees(cell, other));
  let typed;
  for (let i = 0; i + 1 < line.length && !typed; i++) {
    for (let x = 3; x <= 6 && !typed; x++) {
      if (free(line[i], x) && free(line[i + 1], x + 1)) typed = [line[i], x, line[i + 1], x + 1];
    }
  }
  assert.ok(typed, 'two free neighbours');
  const [a, x, b, y] = typed;
  const name = (c) => `row ${Math.floor(c / 9) + 1}, column ${(c % 9) + 1}`;
  await page.click(`#cell-${a}`);
  await page.keyboard.press(`${x}`);
  await page.click(`#cell-${b}`);
  await page.keyboard.press(`${y}`);
  await waitStatus(page, new RegExp(`^No solution: ${name(a)} and ${name(b)} on the Dutch whispers are ${x} and ${y}, less than 4 apart$`));
  assert.deepEqual(await page.$$eval('[role=gridcell].conflict', (c) => c.map((e) => Number(e.id.slice(5)))), [a, b].sort((p, q) => p - q));
  await page.keyboard.press('Delete');
  await page.click(`#cell-${a}`);
  await page.keyboard.press('Delete');
  await waitStatus(page, /^Unique solution/);
  // Its steps say Dutch whispers, never German.
  await spoil(page, 'Solve step by step');
  await page.waitForSelector('#rating');
  const steps = await page.$$eval('#steps [role=option]', (o) => o.map((s) => s.textContent));
  assert.ok(steps.some((s) => s.startsWith('Whispers: by the Dutch whispers ')), steps.slice(0, 5).join('\n'));
  assert.deepEqual(steps.filter((s) => s.includes('German')), []);
  assert.deepEqual(errors, []);
  await context.close();
});

test('links out: f-puzzles and SudokuPad links of the puzzle open it again', async () => {
  const { context, page, errors } = await fresh();
  await page.goto(`${app.base}#fpuzzles${KILLER.fpuzzles}`);
  await waitStatus(page, /^Unique solution/);
  for (const [button, start] of [['Copy f-puzzles link', 'https://www.f-puzzles.com/?load='], ['Copy SudokuPad link', 'https://sudokupad.app/fpuzzles']]) {
    await page.evaluate(() => navigator.clipboard.writeText(''));
    await openTools(page);
    await page.click(`button:text-is("${button}")`);
    await page.waitForFunction(() => navigator.clipboard.readText().then((t) => t.length > 0));
    const link = await page.evaluate(() => navigator.clipboard.readText());
    assert.ok(link.startsWith(start), link);
    const { page: other, errors: otherErrors } = await fresh();
    await other.goto(`${app.base}#p=${'.'.repeat(81)}`);
    await waitStatus(other, /^Multiple/);
    await paste(other, link);
    await killerDrawn(other);
    assert.equal(await other.textContent('.puzzle-title'), KILLER.title);
    await waitStatus(other, /^Unique solution/);
    assert.deepEqual(otherErrors, []);
  }
  assert.deepEqual(errors, []);
  await context.close();
});

test('ISS: a link opens from a paste, the address\'s #iss= and ?q=, drawn and played; Copy ISS link reads back, or names the rule ISS lacks', async () => {
  const { context, page, errors } = await fresh();
  const drawnRules = (p) => p.$$eval('svg.rules [data-rule]', (gs) => gs.map((g) => g.dataset.rule).sort());
  const opened = async (p) => {
    await p.waitForFunction((n) => document.querySelectorAll('svg.rules [data-rule]').length === n, ISS.rules.length);
    assert.deepEqual(await drawnRules(p), [...ISS.rules].sort());
    await waitStatus(p, /^Unique solution/);
    assert.equal(await boardLine(p), ISS.givens);
  };
  // A paste of ISS's own link; the address then carries it as `#iss=` and ISS's `q`.
  await page.goto(`${app.base}#p=${'.'.repeat(81)}`);
  await waitStatus(page, /^Multiple/);
  await paste(page, ISS.link);
  await opened(page);
  assert.equal(new URL(page.url()).hash, `#iss=${ISS.text}`);
  // A digit played.
  const open = [...ISS.givens].indexOf('.');
  await page.click(`#cell-${open}`);
  await page.keyboard.press(ISS.solution[open]);
  await page.waitForFunction(([cell, digit]) => document.getElementById(`cell-${cell}`).textContent === digit, [open, ISS.solution[open]]);
  assert.doesNotMatch(await page.textContent('[role=status]'), /No solution/);
  // Copy ISS link: ISS's address, whose puzzle opens here again from both forms of the address.
  await page.evaluate(() => navigator.clipboard.writeText(''));
  await openTools(page);
  await page.click('button:text-is("Copy ISS link")');
  await page.waitForFunction(() => navigator.clipboard.readText().then((t) => t.length > 0));
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  const prefix = 'https://sigh.github.io/Interactive-Sudoku-Solver/?q=';
  assert.ok(copied.startsWith(prefix), copied);
  const q = copied.slice(prefix.length);
  for (const address of [`${app.base}?q=${q}`, `${app.base}#iss=${q}`]) {
    const { page: other, errors: otherErrors } = await fresh();
    await other.goto(address);
    await opened(other);
    assert.deepEqual(otherErrors, [], address);
  }
  // A rule ISS has no type for is named, in a player's words, and nothing is cut.
  await paste(page, NO_ISS);
  await page.waitForFunction(() => document.querySelectorAll('svg.rules [data-rule=minimum]').length === 1);
  await openTools(page);
  await page.click('button:text-is("Copy ISS link")');
  await page.waitForFunction(() => document.querySelector('#notice')?.textContent.startsWith('No ISS link'));
  assert.equal(await page.textContent('#notice'), 'No ISS link: ISS has no minimum rule (the minimum cell row 2, column 3).');
  assert.deepEqual(await page.$$eval('#notice', (items) => items
    .filter((e) => e.scrollWidth > e.clientWidth || getComputedStyle(e).textOverflow === 'ellipsis').length), 0);
  assert.deepEqual(errors, []);
  await context.close();
});

test('ISS: a puzzle with an either-or rule (Or) opens with its verdict, each branch drawn (issue 53)', async () => {
  const { context, page, errors } = await fresh();
  // A 4x4 of two solutions without its Or, which keeps the one where r1c1 is 2.
  const or = '.Shape~4x4.Or.~R1C1_2.~R2C3_3.End'
    + '.~R1C2_3~R1C4_1~R2C2_1~R3C1_3~R3C2_4~R3C3_1~R3C4_2~R4C1_1~R4C2_2~R4C3_3';
  await page.goto(`${app.base}?q=${encodeURIComponent(or)}`);
  await waitStatus(page, /^Unique solution/);
  // Each branch's given in its cell, as ISS draws them.
  const drawn = await page.$$eval('svg.rules [data-rule]', (gs) => gs.map((g) => `${g.dataset.rule} ${g.dataset.cells} ${g.textContent.trim()}`));
  assert.deepEqual(drawn, ['quadruple r1c1 2', 'quadruple r2c3 3']);
  assert.deepEqual(errors, []);
  await context.close();
});

test('a variant and its progress survive a reload, and open offline', async () => {
  const { context, page, errors } = await fresh();
  await page.goto(`${app.base}#fpuzzles${KILLER.fpuzzles}`);
  await waitStatus(page, /^Unique solution/);
  await page.click('#cell-0');
  await page.keyboard.press(KILLER.solution[0]);
  // Saved with its variant.
  await page.waitForFunction((digit) => {
    const saved = JSON.parse(localStorage.getItem('sudoku.current.v1') ?? '{}');
    return saved.variant?.startsWith('fpuzzles') && saved.board?.digits?.[0] === digit;
  }, Number(KILLER.solution[0]));
  await page.evaluate(async () => { await navigator.serviceWorker.ready; });
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await page.goto(app.base);
  await killerDrawn(page);
  assert.equal(await page.textContent('#cell-0'), KILLER.solution[0]);
  await context.setOffline(true);
  await page.reload();
  await killerDrawn(page);
  await waitStatus(page, /^Unique solution/);
  assert.equal(await page.textContent('#cell-0'), KILLER.solution[0]);
  assert.equal(await page.textContent('.puzzle-title'), KILLER.title);
  assert.deepEqual(errors, []);
  await context.close();
});

test('a setter adds a cage and the verdict turns from several solutions to one; undo takes it back', async () => {
  const { context, page, errors } = await fresh();
  // Two solutions: r1c1, r1c2, r3c1 and r3c2 can swap their 1s and 2s.
  await page.goto(`${app.base}#p=..343412..434321`);
  await waitStatus(page, /^Multiple solutions/);
  await openTools(page);
  await page.click('button:text-is("Edit puzzle")');
  // True candidates: the four cells that swap hold 1 or 2.
  const truth = (cell) => page.$$eval(`#cell-${cell} .marks [data-mark]`, (s) => s.map((x) => x.dataset.mark).join(''));
  await page.click('button:text-is("True candidates")');
  await page.waitForSelector('#truth:has-text("some solution")');
  assert.deepEqual([await truth(0), await truth(1), await truth(8), await truth(9)], ['12', '12', '12', '12']);
  // r1c1 and r2c1, by the keyboard: a cage summing to 4 holds 1 and 3, not 2 and 3.
  await page.click('#cell-0');
  await page.keyboard.press('Shift+ArrowDown');
  await page.fill('#cage-sum', '4');
  await page.click('button:text-is("Add to cells")');
  await waitStatus(page, /^Unique solution/);
  assert.equal(await page.getAttribute('[data-rule=killer]', 'data-cells'), 'r1c1 r2c1');
  // The sum changed in place: r2c1 holds 3, so a cage of 3 cannot be kept; undo.
  await page.fill('input[aria-label="Value of killer r1c1-r2c1"]', '3');
  await page.press('input[aria-label="Value of killer r1c1-r2c1"]', 'Enter');
  await waitStatus(page, /^No solution/);
  await page.click('#cell-0');
  await page.keyboard.press('Control+z');
  await waitStatus(page, /^Unique solution/);
  // Any change stops them and takes them away; asked again, they are the one solution.
  assert.equal(await truth(0), '');
  await page.click('button:text-is("True candidates")');
  await page.waitForSelector('#truth:has-text("some solution")');
  assert.deepEqual([await truth(0), await truth(1), await truth(8), await truth(9)], ['1', '2', '2', '1']);
  await page.click('button:text-is("Hide true candidates")');
  assert.equal(await truth(0), '');
  await page.waitForFunction(() => location.hash.startsWith('#fpuzzles'));
  // A line through the selection in order, and a rule of the whole grid.
  await page.click('#cell-8');
  await page.keyboard.press('Shift+ArrowRight');
  await page.keyboard.press('Shift+ArrowRight');
  await page.selectOption('select[aria-label="Line rule"]', 'thermometer');
  await page.click('button:text-is("Add line")');
  await page.waitForSelector('[data-rule=thermometer][data-cells="r3c1 r3c2 r3c3"]', { state: 'attached' });
  await waitStatus(page, /^No solution/);
  await page.click('#cell-0');
  await page.keyboard.press('Control+z');
  await waitStatus(page, /^Unique solution/);
  assert.equal(await page.locator('[data-rule=thermometer]').count(), 0);
  await page.click('button[aria-label="Remove killer r1c1-r2c1"]');
  await waitStatus(page, /^Multiple solutions/);
  assert.equal(await page.locator('[data-rule]').count(), 0);
  await page.keyboard.press('Control+z');
  await waitStatus(page, /^Unique solution/);
  // A clue outside the grid, above the selected cell: column 3 holds 3, 1, 4, 2, and two
  // of them are seen from above.
  await page.click('#cell-2');
  await page.selectOption('select[aria-label="Clue outside the grid"]', 'Skyscraper');
  await page.selectOption('select[aria-label="Side of the selected cell"]', 'above');
  await page.fill('#clue-value', '2');
  await page.click('button:text-is("Add clue")');
  await page.waitForSelector('[data-rule=skyscraper][data-cells="r1c3 r2c3 r3c3 r4c3"]', { state: 'attached' });
  await waitStatus(page, /^Unique solution/);
  assert.deepEqual(errors, []);
  await context.close();
});

/** The 4x4 with two solutions the setter tests start from, in Edit puzzle: r1c1, r1c2,
 *  r3c1 and r3c2 can swap their 1s and 2s. */
async function settingTwoSolutions() {
  const opened = await fresh();
  await opened.page.goto(`${app.base}#p=..343412..434321`);
  await waitStatus(opened.page, /^Multiple solutions/);
  await openTools(opened.page);
  await opened.page.click('button:text-is("Edit puzzle")');
  return opened;
}

/** Presses a button from the keyboard, as someone without a pointer would. */
async function press(page, selector) {
  await page.focus(selector);
  await page.keyboard.press('Enter');
}

/** Copies a link out and opens it in a page of its own, which must find one solution. */
async function opensElsewhere(button) {
  const { page, errors } = await fresh();
  await page.goto(`${app.base}#p=${'.'.repeat(16)}`);
  await waitStatus(page, /^Multiple/);
  return { page, errors, async open(from) {
    await from.evaluate(() => navigator.clipboard.writeText(''));
    await openTools(from);
    await from.click(`button:text-is("${button}")`);
    await from.waitForFunction(() => navigator.clipboard.readText().then((t) => t.length > 0));
    await paste(page, await from.evaluate(() => navigator.clipboard.readText()));
    await waitStatus(page, /^Unique solution/);
  } };
}

test('a setter paints irregular regions one at a time; the verdict follows and both links keep them', async () => {
  const { context, page, errors } = await settingTwoSolutions();
  const thick = (cell) => page.$eval(`#cell-${cell}`, (c) => [c.classList.contains('box-right'), c.classList.contains('box-bottom')]);
  assert.deepEqual(await thick(0), [false, false]);
  // r1c1, r2c1, r2c2 and r2c4 become the first region: with 1 in r1c1 it holds 1, 3, 4
  // and 2; with 2 it would hold two 2s. r1c2 is in no region until it is painted.
  await page.click('#cell-0');
  for (const cell of [4, 5, 7]) await page.click(`#cell-${cell}`, { modifiers: ['Control'] });
  await press(page, 'button:text-is("Paint region")');
  await waitStatus(page, /^Unique solution/);
  assert.deepEqual(await thick(0), [true, false], 'r1c1 is walled off from r1c2');
  // r1c2, r1c3, r1c4 and r2c3 make the second.
  await page.click('#cell-1');
  await page.keyboard.press('Shift+ArrowRight');
  await page.keyboard.press('Shift+ArrowRight');
  await page.click('#cell-6', { modifiers: ['Control'] });
  const wall = (cell) => page.$eval(`#cell-${cell}`, (c) => c.classList.contains('box-right'));
  assert.equal(await wall(1), true, 'r1c2, in no region, is walled off from r1c3');
  await press(page, 'button:text-is("Paint region")');
  await page.waitForFunction(() => !document.querySelector('#cell-1').classList.contains('box-right'));
  await waitStatus(page, /^Unique solution/);
  // One step each: undo takes the second back, then the first.
  await page.click('#cell-0');
  await page.keyboard.press('Control+z');
  await page.waitForFunction(() => document.querySelector('#cell-1').classList.contains('box-right'));
  await page.keyboard.press('Control+z');
  await waitStatus(page, /^Multiple solutions/);
  assert.deepEqual(await thick(0), [false, false]);
  await page.keyboard.press('Control+y');
  await page.keyboard.press('Control+y');
  await waitStatus(page, /^Unique solution/);
  // Five cells are no region of a 4x4: it says so and changes nothing.
  await page.click('#cell-8');
  for (const cell of [9, 10, 11, 12]) await page.click(`#cell-${cell}`, { modifiers: ['Control'] });
  await press(page, 'button:text-is("Paint region")');
  await page.waitForSelector('text=Not set: a region holds at most 4 cells');
  for (const button of ['Copy f-puzzles link', 'Copy SudokuPad link']) {
    const other = await opensElsewhere(button);
    await other.open(page);
    assert.deepEqual(await other.page.$eval('#cell-0', (c) => c.classList.contains('box-right')), true, button);
    assert.deepEqual(other.errors, []);
  }
  assert.deepEqual(errors, []);
  await context.close();
});

test('a setter puts a sum dot on an edge, sees its total, and changes it in the list of rules', async () => {
  const { context, page, errors } = await settingTwoSolutions();
  // The edge between r1c2 (1 or 2) and r2c2 (4): a sum dot starts at 5, which leaves 1.
  await page.selectOption('#edge-mark', 'Sum dot');
  const box = await page.locator('#cell-1').boundingBox();
  await page.mouse.click(box.x + box.width * 0.5, box.y + box.height * 0.93);
  await page.waitForSelector('[data-rule=sum-dot][data-cells="r1c2 r2c2"]', { state: 'attached' });
  assert.equal((await page.locator('[data-rule=sum-dot] text').textContent()).trim(), '5');
  await waitStatus(page, /^Unique solution/);
  // 6 leaves 2; 7 leaves nothing, since r1c2 cannot hold the row's 3.
  const total = 'input[aria-label="Value of sum dot r1c2-r2c2"]';
  await page.fill(total, '6');
  await page.press(total, 'Enter');
  await page.waitForFunction(() => document.querySelector('[data-rule=sum-dot] text')?.textContent.trim() === '6');
  await waitStatus(page, /^Unique solution/);
  await page.fill(total, '7');
  await page.press(total, 'Enter');
  await waitStatus(page, /^No solution/);
  assert.deepEqual(errors, []);
  await context.close();
});

test('a setter clicks an edge to put the chosen dot there, and again to take it away', async () => {
  const { context, page, errors } = await settingTwoSolutions();
  /** Clicks cell `cell` at (`x`, `y`), fractions of its width and height. */
  const clickAt = async (cell, x, y) => {
    const box = await page.locator(`#cell-${cell}`).boundingBox();
    await page.mouse.click(box.x + box.width * x, box.y + box.height * y);
  };
  await page.selectOption('#edge-mark', 'Black dot');
  // Near the bottom of r1c2: the black dot between r1c2 and r2c2, which hold 2 and 4 in
  // one solution and 1 and 4 in the other.
  await clickAt(1, 0.5, 0.93);
  await page.waitForSelector('[data-rule=kropki-black][data-cells="r1c2 r2c2"]', { state: 'attached' });
  await waitStatus(page, /^Unique solution/);
  // The same edge from the other side takes it away.
  await clickAt(5, 0.5, 0.05);
  await waitStatus(page, /^Multiple solutions/);
  assert.equal(await drawn(page, 'kropki-black'), 0);
  // A white dot left of r2c4 (1 and 2); in the middle of a cell a click still selects.
  await page.selectOption('#edge-mark', 'White dot');
  await clickAt(7, 0.1, 0.5);
  await page.waitForSelector('[data-rule=kropki-white][data-cells="r2c3 r2c4"]', { state: 'attached' });
  await clickAt(10, 0.5, 0.5);
  assert.equal(await page.getAttribute('#cell-10', 'aria-selected'), 'true');
  assert.equal(await drawn(page, 'kropki-white'), 1);
  // An X on that edge takes the dot's place; undo gives the dot back.
  await page.selectOption('#edge-mark', 'X');
  await clickAt(6, 0.9, 0.5);
  await page.waitForSelector('[data-rule=xv][data-cells="r2c3 r2c4"]', { state: 'attached' });
  assert.equal(await drawn(page, 'kropki-white'), 0);
  await page.keyboard.press('Control+z');
  await page.waitForSelector('[data-rule=kropki-white]', { state: 'attached' });
  assert.equal(await drawn(page, 'xv'), 0);
  // None chosen: a click on an edge selects again.
  await page.selectOption('#edge-mark', 'None (a click selects)');
  await clickAt(1, 0.5, 0.93);
  assert.equal(await page.getAttribute('#cell-1', 'aria-selected'), 'true');
  assert.equal(await drawn(page, 'kropki-black'), 0);
  assert.deepEqual(errors, []);
  await context.close();
});

test('a setter selects a rule from the list and draws it over the selected cells', async () => {
  const { context, page, errors } = await settingTwoSolutions();
  // r1c1 and r2c1 summing to 4: one solution.
  await page.click('#cell-0');
  await page.keyboard.press('Shift+ArrowDown');
  await page.fill('#cage-sum', '4');
  await press(page, 'button:text-is("Add to cells")');
  await waitStatus(page, /^Unique solution/);
  await page.click('#cell-15');
  await press(page, 'button[aria-label="Select killer r1c1-r2c1"]');
  const selected = () => page.$$eval('[role=gridcell][aria-selected=true]', (cells) => cells.map((c) => c.id));
  assert.deepEqual(await selected(), ['cell-0', 'cell-4']);
  // r1c2 and r2c2 hold 2 and 4 or 1 and 4: never 4 in all.
  await page.click('#cell-1');
  await page.keyboard.press('Shift+ArrowDown');
  await press(page, 'button[aria-label="Use selected cells for killer r1c1-r2c1"]');
  await page.waitForSelector('[data-rule=killer][data-cells="r1c2 r2c2"]', { state: 'attached' });
  await waitStatus(page, /^No solution/);
  assert.equal(await page.inputValue('input[aria-label="Value of killer r1c2-r2c2"]'), '4');
  // One step: undo puts it back.
  await page.click('#cell-0');
  await page.keyboard.press('Control+z');
  await page.waitForSelector('[data-rule=killer][data-cells="r1c1 r2c1"]', { state: 'attached' });
  await waitStatus(page, /^Unique solution/);
  assert.deepEqual(errors, []);
  await context.close();
});
