// The app in a real headless Chromium, with the real worker: typing, pasting every form the
// engine reads, conflicts, counting and stopping, copying out, and a busy worker that never
// blocks the page.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { boardLine, openTools, paste, spoil, spyOnWorkers, status, useApp, viewport, waitStatus, watchErrors, workers } from './harness.mjs';
import { EMPTY, SEED, SEED_SOLUTION, SIXTEEN, HARD25, SLOW25 } from './fixtures.mjs';

const app = useApp();

/** A page with the app loaded in a context of its own, its errors and workers watched. */
async function open(hash = EMPTY) {
  const context = await app.browser.newContext({ viewport });
  await spyOnWorkers(context);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.base });
  const page = await context.newPage();
  const errors = watchErrors(page);
  await page.goto(`${app.base}${hash}`);
  await page.waitForSelector('[role=grid]');
  await waitStatus(page, /^(Unique|Multiple|No solution)/);
  await openTools(page);
  return { page, errors };
}

const shownLine = (page) => page.$$eval('[role=gridcell]', (cells) => cells.map((c) => c.textContent || '.').join(''));
async function finish(page, errors) {
  assert.deepEqual(errors, [], 'the page logged errors');
  await page.context().close();
}

test('a linked puzzle opens, solves uniquely and shows its solution in its own style', async () => {
  const { page, errors } = await open(`#p=${SEED}`);
  await waitStatus(page, /^Unique solution$/);
  assert.equal(await boardLine(page), SEED);
  assert.equal(await page.getAttribute('#cell-0', 'class').then((c) => c.includes('given')), true);
  await spoil(page, 'Show solution');
  assert.equal(await shownLine(page), SEED_SOLUTION);
  assert.match(await page.getAttribute('#cell-1', 'class'), /\bsolution\b/);
  assert.equal(await page.getAttribute('#cell-1', 'aria-label'), 'r1c2, empty, solution 1');
  assert.equal(await page.getAttribute('button:text-is("Hide solution")', 'aria-pressed'), 'true');
  await page.click('text=Hide solution');
  assert.equal(await shownLine(page), SEED);
  await finish(page, errors);
});

test('a puzzle typed by keyboard alone is solved, and clearing a digit reopens it', async () => {
  const { page, errors } = await open();
  assert.equal(await page.$$eval('[role=gridcell]', (c) => c.length), 81);
  await page.focus('[role=grid]');
  for (let row = 0; row < 9; row++) {
    for (let col = 0; col < 9; col++) {
      const ch = SEED[row * 9 + col];
      if (ch !== '.') await page.keyboard.press(ch);
      await page.keyboard.press('ArrowRight');
    }
    await page.keyboard.press('Home');
    await page.keyboard.press('ArrowDown');
  }
  await waitStatus(page, /^Unique solution/);
  assert.equal(await boardLine(page), SEED);
  // ArrowDown on the last row came round to the first, as in SudokuPad: r1c1, the 8.
  assert.equal(await page.getAttribute('[role=grid]', 'aria-activedescendant'), 'cell-0');
  await page.keyboard.press('Backspace');
  await waitStatus(page, /^Multiple solutions \(at least 2\)/);
  assert.equal(await page.getAttribute('#cell-0', 'aria-label'), 'r1c1, empty');
  await finish(page, errors);
});

test('two equal digits in a house are marked at once and named in the status', async () => {
  const { page, errors } = await open();
  await page.click('#cell-0');
  await page.keyboard.press('5');
  await page.click('#cell-6');
  await page.keyboard.press('5');
  await waitStatus(page, /^No solution: two 5s in row 1 \(row 1, column 1; row 1, column 7\)$/);
  assert.match(await page.getAttribute('#cell-0', 'class'), /\bconflict\b/);
  assert.match(await page.getAttribute('#cell-6', 'aria-label'), /^r1c7, given 5, conflict$/);
  await page.keyboard.press('Delete');
  await waitStatus(page, /^Multiple solutions/);
  await finish(page, errors);
});

test('every supported text form pastes onto the board', async () => {
  const { page, errors } = await open();
  const cells = [...SEED];
  const rows = (sep, blank) => Array.from({ length: 9 }, (_, r) => cells.slice(r * 9, r * 9 + 9).map((c) => (c === '.' ? blank : c)).join(sep));
  const boxed = ['+-------+-------+-------+', ...rows(' ', '.').map((r, i) => {
    const c = r.split(' ');
    const line = `| ${c.slice(0, 3).join(' ')} | ${c.slice(3, 6).join(' ')} | ${c.slice(6).join(' ')} |`;
    return (i % 3 === 2) ? `${line}\n+-------+-------+-------+` : line;
  })].join('\n');
  const forms = {
    'dots': SEED,
    'zeros': SEED.replaceAll('.', '0'),
    'dashes, commas': cells.map((c) => (c === '.' ? '-' : c)).join(','),
    'spreadsheet rows': rows(',', '').join('\n'),
    'spaced rows': rows(' ', '0').join('\n'),
    'stars and underscores': SEED.replace(/\./g, (_, i) => (i % 2 ? '*' : '_')),
    'boxed grid': boxed,
    'number list': cells.map((c) => (c === '.' ? '0' : c)).join('\n'),
  };
  for (const [name, text] of Object.entries(forms)) {
    await page.click('text=Clear');
    await waitStatus(page, /^Multiple/);
    await paste(page, text);
    await waitStatus(page, /^Unique solution/);
    assert.equal(await boardLine(page), SEED, name);
  }
  await paste(page, SIXTEEN);
  await waitStatus(page, /^(Unique|Multiple)/);
  assert.equal(await page.$$eval('[role=gridcell]', (c) => c.length), 256);
  assert.equal(await boardLine(page), SIXTEEN);
  // Symbols 1-9, A-P are the numbers 1-25 in base 36.
  const numbers25 = [...HARD25].map((c) => (c === '.' ? '0' : String(parseInt(c, 36))));
  await paste(page, numbers25.join(' '));
  await page.waitForFunction(() => document.querySelectorAll('[role=gridcell]').length === 625);
  assert.equal(await boardLine(page), HARD25);
  await finish(page, errors);
});

test('a failed paste or import says where it went wrong and leaves the board as it was', async () => {
  const { page, errors } = await open(`#p=${SEED}`);
  await paste(page, `${SEED.slice(0, 3)}x${SEED.slice(4)}`);
  await page.waitForSelector('#notice');
  assert.equal(await page.textContent('#notice'), "Not imported: line 1, column 4: unexpected character 'x'");
  assert.equal(await boardLine(page), SEED);
  await page.fill('#import', SEED.slice(1));
  await page.click('button:text-is("Import")');
  await page.waitForFunction(() => document.querySelector('#notice')?.textContent.includes('80'));
  assert.equal(await page.textContent('#notice'), 'Not imported: found 80 cells; a 9x9 puzzle needs 81');
  assert.equal(await boardLine(page), SEED);
  assert.equal(await page.inputValue('#import'), SEED.slice(1), 'the text stays for mending');
  await page.fill('#import', SEED.replaceAll('.', '0'));
  await page.click('button:text-is("Import")');
  await waitStatus(page, /^Unique/);
  assert.equal(await page.$('#notice'), null);
  await finish(page, errors);
});

test('a long count reports progress and stops on request; the next edit is answered', async () => {
  const { page, errors } = await open();
  await page.fill('[aria-label="Count limit"]', '1000000000000');
  await page.press('[aria-label="Count limit"]', 'Enter');
  await page.click('text=Count solutions');
  await waitStatus(page, /^Counting… [\d,]+ positions searched$/);
  await waitStatus(page, /^Counting… (?!0 )[\d,]+ positions/);
  await page.click('button.stop');
  await waitStatus(page, /^Stopped$/);
  await page.click('#cell-40');
  await page.keyboard.press('7');
  await waitStatus(page, /^Multiple solutions \(at least 2\)/);
  await finish(page, errors);
});

test('counting a small grid gives the exact number', async () => {
  const { page, errors } = await open();
  await page.selectOption('[aria-label="Grid size"]', '4');
  await waitStatus(page, /^Multiple/);
  assert.equal(await page.$$eval('[role=gridcell]', (c) => c.length), 16);
  await page.click('text=Count solutions');
  await waitStatus(page, /^Multiple solutions: 288$/);
  await finish(page, errors);
});

test('the puzzle copies out as one line and as a readable grid', async () => {
  const { page, errors } = await open(`#p=${SEED}`);
  await page.click('text=Copy puzzle');
  await page.waitForSelector('#notice');
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), SEED);
  await page.click('text=Copy as grid');
  await page.waitForFunction(() => true);
  const grid = await page.evaluate(() => navigator.clipboard.readText());
  assert.equal(grid.split('\n')[0], '8 - - | - - - | - - -');
  assert.equal(grid.split('\n')[3], '------+-------+------');
  await finish(page, errors);
});

test('digits above 9 use the engine symbols, by keyboard and by the pad', async () => {
  const { page, errors } = await open();
  await page.selectOption('[aria-label="Grid size"]', '16');
  await page.click('#cell-0');
  await page.keyboard.press('g');
  assert.equal(await page.textContent('#cell-0'), 'G');
  await page.click('#cell-1');
  await page.click('button.digit:text-is("A")');
  assert.equal(await page.textContent('#cell-1'), 'A');
  await page.keyboard.press('H'); // not a 16x16 digit: ignored
  assert.equal(await page.textContent('#cell-1'), 'A');
  await waitStatus(page, /^Multiple/);
  await finish(page, errors);
});

test('revealing a cell fills it from the solution', async () => {
  const { page, errors } = await open(`#p=${SEED}`);
  await waitStatus(page, /^Unique/);
  await page.click('#cell-1');
  await spoil(page, 'Reveal one cell');
  assert.equal(await page.textContent('#cell-1'), '1');
  assert.match(await page.getAttribute('#cell-1', 'class'), /\brevealed\b/);
  await finish(page, errors);
});

test('a hard 25x25 puzzle solves in the worker, and the page answers keys while it searches', async () => {
  const { page, errors } = await open();
  await page.fill('#import', HARD25);
  await page.click('button:text-is("Import")');
  await waitStatus(page, /^(Unique|Multiple) solution/, 120_000);
  // No search on the page's thread: while the worker is busy with a search that takes
  // seconds, the page still takes a key. No clock is read, so a busy machine cannot fail it.
  await paste(page, SLOW25);
  await waitStatus(page, /^Solving…$/);
  await page.focus('[role=grid]');
  await page.keyboard.press('End');
  const seen = await page.evaluate(() => ({
    selected: document.querySelector('[role=grid]').getAttribute('aria-activedescendant'),
    status: document.querySelector('[role=status]').textContent,
  }));
  assert.deepEqual(seen, { selected: 'cell-24', status: 'Solving…' });
  await finish(page, errors);
});

test("an edit during a long search is answered: the stale search's worker is ended", async () => {
  const { page, errors } = await open();
  // The logic's worker starts once the page has settled; counted from then, the only new
  // worker is the solver's fresh one.
  await page.waitForFunction(() => window.__workers.length >= 2);
  await paste(page, SLOW25);
  await waitStatus(page, /^Solving…$/);
  assert.ok(await page.isVisible('button.stop'), 'a slow solve offers Stop');
  const before = (await workers(page)).length;
  await paste(page, SEED);
  // The stale search would hold the worker for many seconds; after the grace it is ended
  // and a fresh worker answers the new board.
  await waitStatus(page, /^Unique solution/);
  assert.equal(await boardLine(page), SEED);
  const after = await workers(page);
  assert.equal(after.length, before + 1, 'one fresh worker');
  assert.equal(after.filter((w) => w.ended).length, 1, 'the busy one was ended');
  await finish(page, errors);
});

test('the workers run the module the page compiled, and never fetch it themselves', async () => {
  const fetchedBy = [];
  const noting = (path, body, req) => {
    if (path === '/sudoku-web_bg.wasm') fetchedBy.push(new URL(req.headers.referer ?? 'http://unknown/').pathname);
    return body;
  };
  await app.rewriting(noting, async () => {
    const { page, errors } = await open(`#p=${SEED}`);
    // The solver's worker has answered; the hint starts the logic's and waits for it.
    await page.click('button:text-is("Hint")');
    await page.waitForFunction(() => document.querySelector('#hint')?.textContent.length > 0);
    assert.ok((await workers(page)).length >= 2);
    assert.ok(fetchedBy.includes('/'), `the page fetched the module: ${fetchedBy}`);
    assert.ok(!fetchedBy.includes('/worker.js'), `a worker fetched the module: ${fetchedBy}`);
    await finish(page, errors);
  });
});

test('the puzzle and progress survive a reload', async () => {
  const { page, errors } = await open(`#p=${SEED}`);
  await waitStatus(page, /^Unique/);
  await page.click('#cell-1');
  await page.keyboard.press('1');
  await page.evaluate(() => history.replaceState(null, '', location.pathname));
  await page.reload();
  await waitStatus(page, /^Unique/);
  assert.equal(await page.textContent('#cell-1'), '1');
  assert.match(await page.getAttribute('#cell-1', 'class'), /\buser\b/);
  assert.match(await page.getAttribute('#cell-0', 'class'), /\bgiven\b/);
  await finish(page, errors);
});
