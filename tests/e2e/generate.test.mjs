// New puzzles, made in the real worker: the dialog at each level, Stop, today's puzzle
// in two fresh browsers, a killer made, reloaded, linked and played to its finish, and
// greater-than and 10-lines puzzles made and drawn.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { boardLine, playToFinish, spyOnWorkers, useApp, viewport, waitStatus, watchErrors, workers } from './harness.mjs';
import { HARD } from './fixtures.mjs';

const app = useApp();

async function open(hash = '') {
  const context = await app.browser.newContext({ viewport });
  const page = await context.newPage();
  const errors = watchErrors(page);
  await page.goto(`${app.base}${hash}`);
  await page.waitForSelector('[role=grid]');
  return { context, page, errors };
}

/** Opens the New puzzle dialog with the setter's options unfolded. */
async function setterOptions(page) {
  await page.click('button.new-puzzle');
  await page.click('dialog summary:text-is("Setter\'s options")');
}

test('the dialog makes a puzzle at each level in one tap, ready to play, with its level shown and its link', async () => {
  const { context, page, errors } = await open();
  await page.waitForSelector('#level', { timeout: 60_000 }); // a first visit's puzzle
  for (const level of ['Easy', 'Medium', 'Hard', 'Expert', 'Extreme']) {
    await page.click('button.new-puzzle');
    assert.equal(await page.isVisible('select[aria-label="Level"]'), false, 'the setter\'s options are folded away');
    await page.click(`dialog .levels button:text-is("${level}")`);
    await page.waitForFunction((l) => document.querySelector('#level')?.textContent.startsWith(`New puzzle: ${l},`), level, { timeout: 60_000 });
    await waitStatus(page, /^Unique solution/);
    assert.equal(await page.isVisible('dialog'), false, 'the dialog closed');
    assert.ok((await page.$$('[role=gridcell].given')).length >= 17);
    assert.equal(await page.$eval('[role=radiogroup] input:checked', (i) => i.value), 'Digit');
    assert.match(page.url(), /#s=[A-Za-z0-9_-]+$/, 'the address is the puzzle itself');
  }
  // Playing it: a typed digit is the player's own.
  const empty = await page.$eval('[role=gridcell].empty', (c) => c.id);
  await page.click(`#${empty}`);
  await page.keyboard.press('1');
  assert.match(await page.getAttribute(`#${empty}`, 'class'), /\buser\b/);
  assert.deepEqual(errors, []);
  await context.close();
});

test('Stop ends a puzzle being made and leaves the board as it was', async () => {
  const { context, page, errors } = await open(`#p=${HARD}`);
  await waitStatus(page, /^Unique/);
  await setterOptions(page);
  // A minimal 16x16 (every given needed) whose hardest step is a full house never comes,
  // and each candidate takes a fraction of a second: it runs until stopped.
  await page.selectOption('select[aria-label="Size of the new puzzle"]', '16');
  await page.selectOption('select[aria-label="Technique it needs"]', { label: 'Full house' });
  await page.check('dialog input[type=checkbox]');
  await page.click('dialog button:text-is("Make it")');
  await page.waitForFunction(() => /Making… \d/.test(document.querySelector('.maker-status')?.textContent ?? ''));
  await page.click('dialog button:text-is("Stop")');
  assert.equal(await page.textContent('.maker-status'), '');
  assert.ok(await page.isVisible('dialog button:text-is("Make it")'), 'the dialog can ask again');
  await page.click('dialog button:text-is("Cancel")');
  assert.equal(await boardLine(page), HARD, 'the board is unchanged');
  assert.equal(await page.$('#level'), null);
  assert.deepEqual(errors, []);
  await context.close();
});

test('each size offers the levels and techniques it is made at', async () => {
  const { context, page, errors } = await open();
  await page.waitForSelector('#level', { timeout: 60_000 }); // a first visit's puzzle is in place
  await setterOptions(page);
  const labels = (name) => page.$$eval(`select[aria-label="${name}"] option`, (os) => os.map((o) => o.textContent));
  assert.equal((await labels('Level')).length, 6, 'Any and five levels on 9x9');
  assert.ok(!(await labels('Technique it needs')).includes('Hidden quad'), 'never the hardest on 9x9');
  await page.selectOption('select[aria-label="Size of the new puzzle"]', '4');
  assert.deepEqual(await labels('Level'), ['Any', 'Easy']);
  assert.deepEqual(await labels('Technique it needs'), ['Any technique', 'Full house', 'Hidden single']);
  await page.selectOption('select[aria-label="Size of the new puzzle"]', '12');
  assert.ok((await labels('Technique it needs')).includes('Hidden quad'));
  assert.deepEqual(errors, []);
  await context.close();
});

test('a first visit opens today\'s Easy puzzle, the same in two fresh browsers and in the dialog', async () => {
  const lines = [];
  for (let i = 0; i < 2; i++) {
    const { context, page, errors } = await open();
    await page.waitForSelector('#level', { timeout: 60_000 });
    assert.match(await page.textContent('#level'), /^Today's puzzle, \d{1,2} [A-Z][a-z]+ \d{4}: Easy, rated /);
    await waitStatus(page, /^Unique solution/);
    lines.push(await boardLine(page));
    if (i === 1) {
      await page.click('button.new-puzzle');
      assert.match(await page.textContent('dialog button.daily'), /^Today's puzzle \(\d{1,2} [A-Z][a-z]+ \d{4}\)$/);
      await page.click('dialog button.daily');
      await page.waitForFunction(() => !document.querySelector('dialog').open);
      await waitStatus(page, /^Unique solution/);
      lines.push(await boardLine(page));
    }
    assert.deepEqual(errors, []);
    await context.close();
  }
  assert.equal(lines[0], lines[1]);
  assert.equal(lines[1], lines[2]);
  assert.equal(lines[0].length, 81);
});

/** The killer cages drawn, each as its cells' names. */
const cages = (page) => page.$$eval('svg.rules [data-rule=killer]', (gs) => gs.map((g) => g.dataset.cells.split(' ')));

test('New puzzle → Killer: a drawn, titled, unique puzzle, kept by a reload and by its own link, played to its finish and filed under its variant', async () => {
  const { context, page, errors } = await open();
  await page.waitForSelector('#level', { timeout: 60_000 }); // a first visit's puzzle
  await page.click('button.new-puzzle');
  await page.click('dialog .kinds button:text-is("Killer")');
  assert.equal(await page.getAttribute('dialog .kinds button:text-is("Killer")', 'aria-pressed'), 'true');
  assert.deepEqual(await page.$$eval('dialog .levels button', (bs) => bs.map((b) => b.textContent)),
    ['Easy', 'Medium', 'Hard', 'Expert', 'Extreme'], 'a killer is made at every level');
  await page.click('dialog .levels button:text-is("Medium")');
  await page.waitForFunction(() => /^New puzzle: Killer, Medium, rated \d/.test(document.querySelector('#level')?.textContent ?? ''), null, { timeout: 60_000 });
  await waitStatus(page, /^Unique solution/, 30_000);
  assert.equal(await page.isVisible('dialog'), false, 'the dialog closed');
  assert.equal(await page.textContent('.puzzle-title'), 'Killer, Medium');
  assert.match(await page.textContent('.puzzle-rules'), /^Normal Sudoku rules apply\. .*cage/);
  const drawn = await cages(page);
  assert.ok(drawn.length >= 9, `${drawn.length} cages`);
  assert.equal(new Set(drawn.flat()).size, 81, 'the cages cover every cell');
  assert.equal(drawn.flat().length, 81, 'and no cell twice');
  assert.ok(drawn.every((cells) => cells.length >= 2), 'no cage of one cell');
  assert.match(page.url(), /#made[A-Za-z0-9_-]+$/, 'the address is the made puzzle\'s own link, the puzzle itself');
  assert.ok(new URL(page.url()).hash.length < 200, `a short link: ${page.url()}`);
  const made = { url: page.url(), line: await boardLine(page), cages: drawn, level: await page.textContent('#level') };

  // A reload keeps the made puzzle, under its rules.
  await page.reload();
  await waitStatus(page, /^Unique solution/, 30_000);
  assert.equal(await page.textContent('.puzzle-title'), 'Killer, Medium');
  assert.deepEqual([page.url(), await boardLine(page), await cages(page), await page.textContent('#level')],
    [made.url, made.line, made.cages, made.level]);

  // The link opens the very same puzzle in another browser.
  const elsewhere = await app.browser.newContext({ viewport });
  const other = await elsewhere.newPage();
  const otherErrors = watchErrors(other);
  await other.goto(made.url);
  await other.waitForFunction(() => document.querySelector('.puzzle-title')?.textContent === 'Killer, Medium', null, { timeout: 60_000 });
  assert.deepEqual([await boardLine(other), await cages(other), other.url()], [made.line, made.cages, made.url]);
  assert.deepEqual(otherErrors, []);
  await elsewhere.close();

  // Played as a shared variant is: a hint and Check, then to its finish with the solution
  // the worker proved.
  const { solution } = await playToFinish(page);
  assert.match(solution, /^[1-9]{81}$/);
  assert.equal(await page.textContent('#finish-level'), 'Killer, Medium');
  const sums = await page.$$eval('#finish dt', (dts) => Object.fromEntries(dts.map((dt) => [dt.textContent, dt.nextElementSibling.textContent])));
  assert.deepEqual([sums.Hints, sums.Checks, sums["Solver's answers"]], ['1', '1', 'used']);
  await page.click('summary:text-is("Statistics")');
  const rows = await page.$$eval('.stats tbody tr', (rs) => rs.map((r) => [...r.children].map((c) => c.textContent)));
  assert.deepEqual(rows.find(([level]) => level === 'Killer, Medium'), ['Killer, Medium', '1', '–', '–'], 'filed under its variant and level');

  // Today's variant, beside today's puzzle: its date is its seed.
  await page.click('button.new-puzzle');
  const name = (await page.textContent('dialog button.daily-variant')).replace(/^Today's variant: /, '');
  await page.click('dialog button.daily-variant');
  // Today's variant may be the very variant just played ("Killer, Medium"): wait for today's title.
  await page.waitForFunction((n) => {
    const level = document.querySelector('#level')?.textContent ?? '';
    return level.startsWith("Today's puzzle") && level.includes(`: ${n}, `);
  }, name, { timeout: 60_000 });
  assert.match(await page.textContent('#level'), /^Today's puzzle, \d{1,2} [A-Z][a-z]+ \d{4}: /);
  assert.match(page.url(), /#made[A-Za-z0-9_-]+$/);
  assert.equal(await page.textContent('.puzzle-title'), (await page.textContent('#level')).split(': ')[1].replace(/, rated .*/, ''));
  assert.deepEqual(errors, []);
  await context.close();
});

test('New puzzle → Greater-than: made in the worker, titled, linked by itself, and drawn as its rules; 10-lines, made from Hard up, is not offered', async () => {
  const { context, page, errors } = await open();
  await page.waitForSelector('#level', { timeout: 60_000 }); // a first visit's puzzle
  await page.click('button.new-puzzle');
  const kinds = await page.$$eval('dialog .kinds button', (bs) => bs.map((b) => b.textContent));
  assert.ok(kinds.includes('Greater-than') && !kinds.includes('10-lines') && !kinds.includes('Anti-taxicab'), `${kinds}`);
  for (const { kind, levels, level, rule } of [
    { kind: 'Greater-than', levels: ['Easy', 'Medium', 'Hard', 'Expert', 'Extreme'], level: 'Medium', rule: 'greater-than' },
  ]) {
    await page.click(`dialog .kinds button:text-is("${kind}")`);
    assert.deepEqual(await page.$$eval('dialog .levels button', (bs) => bs.map((b) => b.textContent)), levels, kind);
    await page.click(`dialog .levels button:text-is("${level}")`);
    const title = `${kind}, ${level}`;
    await page.waitForFunction((t) => (document.querySelector('#level')?.textContent ?? '').startsWith(`New puzzle: ${t}, rated `), title, { timeout: 60_000 });
    await waitStatus(page, /^Unique solution/, 30_000);
    assert.equal(await page.textContent('.puzzle-title'), title);
    assert.match(await page.textContent('.puzzle-rules'), /^Normal Sudoku rules apply\. /);
    const figures = await page.$$eval(`svg.rules [data-rule="${rule}"]`, (gs) => gs.map((g) => g.getAttribute('data-cells')));
    assert.ok(figures.length >= 3, `${kind}: ${figures.length} figures of ${rule}`);
    assert.ok(figures.every((cells) => cells.split(' ').length >= 2), `${kind}: each figure over two cells or more: ${figures}`);
    assert.match(page.url(), /#made[A-Za-z0-9_-]+$/, `${kind}: the made puzzle's own link`);
  }
  assert.deepEqual(errors, []);
  await context.close();
});

test('New puzzle → Killer → Expert again opens the next one, made ahead while the player played, at once, and a reload keeps it', async () => {
  const context = await app.browser.newContext({ viewport });
  await spyOnWorkers(context);
  const page = await context.newPage();
  const errors = watchErrors(page);
  await page.goto(app.base);
  await page.waitForSelector('#level', { timeout: 60_000 }); // a first visit's puzzle, from the maker worker
  const choose = async () => {
    await page.click('button.new-puzzle');
    await page.click('dialog .kinds button:text-is("Killer")');
  };
  await choose();
  await page.click('dialog .levels button:text-is("Expert")');
  await page.waitForFunction(() => /^New puzzle: Killer, Expert, rated \d/.test(document.querySelector('#level')?.textContent ?? ''), null, { timeout: 180_000 });
  await waitStatus(page, /^Unique solution/, 30_000);
  /** The puzzle kept made ahead, once made: its own link. */
  const madeAhead = () => page.waitForFunction(
    () => JSON.parse(localStorage.getItem('sudoku.ahead.v1') ?? 'null')?.made?.document, null, { timeout: 300_000, polling: 250 })
    .then((handle) => handle.jsonValue());
  const times = [];
  for (const reload of [false, false, true]) {
    // Playing meanwhile: digits typed and taken back.
    for (const digit of ['1', '2']) {
      await page.click('[role=gridcell].empty');
      await page.keyboard.press(digit);
      await page.keyboard.press('Backspace');
    }
    const link = await madeAhead();
    assert.match(link, /^made[A-Za-z0-9_-]+$/);
    if (reload) {
      await page.reload();
      await waitStatus(page, /^Unique solution/, 30_000);
    }
    const asked = (await workers(page)).map((w) => w.posted);
    await choose();
    // Timed in the page, from the tap to the frame that shows the new puzzle's address.
    const [ms, then] = await page.evaluate(() => new Promise((resolve) => {
      const before = location.hash;
      const expert = [...document.querySelectorAll('dialog .levels button')].find((b) => b.textContent === 'Expert');
      const start = performance.now();
      expert.click();
      const look = () => (location.hash !== before
        ? resolve([performance.now() - start, window.__workers.map((w) => w.posted)])
        : requestAnimationFrame(look));
      look();
    }));
    times.push(ms);
    assert.equal(new URL(page.url()).hash, `#${link}`, 'the very puzzle made ahead');
    assert.match(await page.textContent('#level'), /^New puzzle: Killer, Expert, rated \d/);
    assert.equal(await page.isVisible('dialog'), false);
    // No worker that makes puzzles was asked for it, nor started (the solver's and the
    // logic's, the first two, are asked about the new board).
    assert.deepEqual(then.slice(2), asked.slice(2), 'no puzzle asked of a worker');
    await waitStatus(page, /^Unique solution/, 30_000);
  }
  console.log(`# made ahead, tap to new puzzle: ${times.map((t) => t.toFixed(1)).join(', ')} ms`);
  assert.deepEqual(errors, []);
  await context.close();
});
