// A game first (issue 28): the first visit, entering a puzzle, the board's feedback, the
// spoilers kept out of reach, the finish, the player's words, and the pad's counts.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { boardLine, openTools, playToFinish, status, useApp, viewport, waitStatus, watchErrors } from './harness.mjs';
import { EMPTY, HARD, HARD_SOLUTION, SEED_SOLUTION } from './fixtures.mjs';

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
  // A change of the board may settle the doubt: the warning goes with it.
  await page.click('#cell-8');
  await page.keyboard.press('9');
  await page.waitForFunction(() => !document.querySelector('#start-warning'));
  await waitStatus(page, /^Multiple solutions/);
  await page.click('button:text-is("Start solving")');
  assert.match(await page.textContent('#start-warning'), /more than one solution/);
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

test('Enter a puzzle gives the guide and Start solving after a first visit, a level or a link; Clear keeps the setter\'s tools', async () => {
  const { context, page, errors } = await open();
  await page.waitForSelector('#level', { timeout: 60_000 });
  const enter = async (after) => {
    await page.click('button.new-puzzle');
    await page.click('dialog button:text-is("Enter a puzzle")');
    assert.equal(await boardLine(page), '.'.repeat(81), after);
    await page.waitForSelector('.entering', { timeout: 2_000 }).catch(() => assert.fail(`no guide to entering after ${after}`));
    assert.ok(await page.isVisible('button:text-is("Start solving")'), after);
    assert.ok(await page.isVisible('button:text-is("Add to cells")'), after);
    assert.equal(await page.$('text=Making today'), null, after);
  };
  await enter('today\'s puzzle');
  // A level chosen, then Enter a puzzle.
  await page.click('button.new-puzzle');
  await page.click('dialog button.level-choice >> nth=0');
  await page.waitForFunction(() => document.querySelector('#level')?.textContent.startsWith('New puzzle:'), null, { timeout: 60_000 });
  await enter('a level');
  // A link followed, then Enter a puzzle.
  await page.goto(`${app.base}#p=${HARD}`);
  await waitStatus(page, /^Unique/);
  await enter('a link');
  // A killer set from nothing: Edit puzzle, Clear, and the setter's tools stay.
  await page.goto(`${app.base}#p=${HARD}`);
  await waitStatus(page, /^Unique/);
  await openTools(page);
  await page.click('button:text-is("Edit puzzle")');
  await page.click('button:text-is("Clear")');
  assert.equal(await boardLine(page), '.'.repeat(81));
  assert.ok(await page.isVisible('button:text-is("Add to cells")'), 'the setter\'s tools stay on an empty board');
  await page.click('#cell-0');
  await page.keyboard.press('Shift+ArrowRight');
  await page.fill('#cage-sum', '3');
  await page.click('button:text-is("Add to cells")');
  await page.waitForSelector('[data-rule=killer][data-cells="r1c1 r1c2"]', { state: 'attached' });
  await waitStatus(page, /^Multiple/);
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

test('the selected cell lights up its peers and its digit wherever it stands, each a setting', async () => {
  const { context, page, errors } = await open(`#p=${HARD}`);
  await waitStatus(page, /^Unique/);
  const lit = (hook) => page.$$eval(`[role=gridcell][${hook}]`, (c) => c.map((e) => Number(e.id.slice(5))));
  // A centre 4 in r5c5, which does not see r1c1, and a corner 4 in r1c2, which does.
  await page.click('#cell-40');
  await page.keyboard.press('Control+Digit4');
  await page.click('#cell-1');
  await page.keyboard.press('Shift+Digit4');
  await page.click('#cell-0'); // the given 4 in r1c1
  const peers = await lit('data-peer');
  assert.equal(peers.length, 20, 'a 9x9 cell has 20 peers');
  for (const c of [1, 8, 9, 20, 72]) assert.ok(peers.includes(c), `r${Math.floor(c / 9) + 1}c${c % 9 + 1} is a peer`);
  assert.ok(!peers.includes(40) && !peers.includes(0));
  const fours = await page.$$eval('[role=gridcell]', (c) => c.filter((e) => e.textContent === '4').map((e) => Number(e.id.slice(5))));
  assert.ok(fours.length >= 2);
  assert.deepEqual(await page.$$eval('[data-same=digit]', (c) => c.map((e) => Number(e.id.slice(5)))), fours);
  assert.deepEqual((await lit('data-same')).filter((c) => !fours.includes(c)), [1, 40], 'and the marks that hold it');
  assert.equal(await page.$$eval('#cell-40 .centre .lit, #cell-1 .corner .lit', (m) => m.map((e) => e.dataset.mark).join('')), '44');
  // Each is a setting.
  await page.click('summary:text-is("Settings")');
  await page.uncheck('text=Highlight the selected cell\'s row, column and box');
  assert.deepEqual(await lit('data-peer'), []);
  assert.ok((await lit('data-same')).length > 0, 'the other stays');
  await page.uncheck('text=Highlight the selected digit everywhere');
  assert.deepEqual(await lit('data-same'), []);
  assert.deepEqual(errors, []);
  await context.close();
});

test('the solver\'s tools start closed, and each spoiler asks first; the help is recorded', async () => {
  for (const viewportSize of [viewport, { width: 390, height: 844 }]) {
    const { context, page, errors } = await open(`#p=${HARD}`, { viewport: viewportSize });
    await waitStatus(page, /^Unique/);
    assert.equal(await page.$eval('details.tools', (d) => d.open), false, `closed at ${viewportSize.width} px`);
    await page.click('summary:text-is("Solver tools")');
    const line = await boardLine(page);
    for (const [name, question] of [['Show solution', /whole solution/], ['Reveal one cell', /Reveal/], ['Solve step by step', /every step/]]) {
      await page.click(`button:text-is("${name}")`);
      assert.match(await page.textContent('#confirm-spoiler'), question);
      assert.equal(await page.getAttribute('#confirm-spoiler', 'role'), 'alertdialog');
      assert.equal(await page.evaluate(() => document.activeElement.textContent), 'Cancel', 'the question has the focus, on its safe answer');
      await page.click('#confirm-spoiler button:text-is("Cancel")');
      assert.equal(await boardLine(page), line, `${name} gave nothing away before a yes`);
      assert.equal(await page.$('#steps'), null);
    }
    await page.click('#cell-1');
    await page.click('button:text-is("Reveal one cell")');
    await page.click('#confirm-spoiler button.yes');
    assert.match(await page.getAttribute('#cell-1', 'class'), /\brevealed\b/);
    // Once help was taken on a puzzle, it asks no more.
    await page.click('button:text-is("Show solution")');
    assert.equal(await page.$('#confirm-spoiler'), null);
    assert.equal(await page.getAttribute('button:text-is("Hide solution")', 'aria-pressed'), 'true');
    // The help is saved with the board.
    await page.reload();
    await waitStatus(page, /^Unique/);
    assert.equal(await page.evaluate(() => JSON.parse(localStorage.getItem('sudoku.current.v1')).game.spoiled), true);
    assert.deepEqual(errors, []);
    await context.close();
  }
});

const summary = (page) => page.$$eval('#finish dt', (dts) => Object.fromEntries(dts.map((dt) => [dt.textContent, dt.nextElementSibling.textContent])));

test('a finish sums up, holds the board still, counts in the statistics across a reload, and offers the next puzzle at its level', async () => {
  const { context, page, errors } = await open('', { reducedMotion: 'no-preference' });
  await page.waitForSelector('#level', { timeout: 60_000 });
  await waitStatus(page, /^Unique/);
  const { solution, typed } = await playToFinish(page);
  assert.match(await page.textContent('#solved'), /^Solved in \d+:\d\d\. Well done!$/);
  const sums = await summary(page);
  assert.match(sums.Time, /^\d+:\d\d$/);
  assert.deepEqual([sums.Level, sums.Hints, sums.Checks, sums["Solver's answers"]], ['Easy', '1', '1', 'used']);
  assert.equal(await page.$eval('.board', (b) => getComputedStyle(b).animationName), 'celebrate');
  // The board holds still: a stray key changes nothing, until Keep editing.
  const last = typed.at(-1);
  assert.equal(await page.getAttribute('[role=grid]', 'aria-readonly'), 'true');
  await page.keyboard.press('Delete');
  await page.keyboard.press('Control+z');
  assert.equal(await page.textContent(`#cell-${last}`), solution[last]);
  assert.ok(await page.isVisible('#finish'));
  // Statistics survive a reload, and download as JSON.
  await page.reload();
  await page.waitForSelector('#finish');
  await page.click('summary:text-is("Statistics")');
  assert.deepEqual(await page.$$eval('.stats tbody tr', (rows) => rows.map((r) => [...r.children].map((c) => c.textContent))),
    [['Easy', '1', '–', '–']], 'solved once; with the solution seen, no time counts');
  assert.match(await page.textContent('#streak'), /^Daily streak: 1 \(best 1\)$/);
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('button:text-is("Export statistics")')]);
  const exported = JSON.parse(await readFile(await download.path(), 'utf8'));
  assert.equal(exported.levels.Easy.solved, 1);
  assert.equal(exported.streak, 1);
  await page.click('button:text-is("Keep editing")');
  await page.click(`#cell-${last}`);
  await page.keyboard.press('Delete');
  assert.equal(await page.textContent(`#cell-${last}`), '');
  assert.equal(await page.$('#finish'), null);
  await page.keyboard.press(solution[last]);
  await page.click('#finish button:text-is("Next puzzle")');
  await page.waitForFunction(() => document.querySelector('#level')?.textContent.startsWith('New puzzle: Easy,'), null, { timeout: 60_000 });
  assert.equal(await page.$('#finish'), null, 'a new puzzle to play');
  assert.deepEqual(errors, []);
  await context.close();
});

test('the celebration keeps still where motion is unwelcome', async () => {
  const almost = `${SEED_SOLUTION.slice(0, 80)}.`;
  const { context, page, errors } = await open(`#p=${almost}`, { reducedMotion: 'reduce' });
  await waitStatus(page, /^Unique/);
  await page.click('#cell-80');
  await page.keyboard.press(SEED_SOLUTION[80]);
  await page.waitForSelector('#finish');
  assert.equal(await page.$eval('.board', (b) => getComputedStyle(b).animationName), 'none');
  // A puzzle from elsewhere is rated as the hints rate it.
  await page.waitForFunction(() => !document.querySelector('#finish-level').textContent.startsWith('Being rated'));
  assert.match((await summary(page)).Level, /^[A-Z][a-z ]+, rated \d+\.\d$/);
  assert.equal(await status(page), 'Solved', 'the top line says so too');
  assert.deepEqual(errors, []);
  await context.close();
});

test('while playing, a slip is said in plain words, timings wait behind solver details, and a hint offers to remove a wrong digit', async () => {
  const { context, page, errors } = await open(`#p=${HARD}`);
  await waitStatus(page, /^Unique solution$/);
  // r1c1 holds the given 4: a 4 in r4c1 clashes with it in column 1.
  await page.click('#cell-27');
  await page.keyboard.press('4');
  await waitStatus(page, /^Two 4s in column 1 \(row 1, column 1; row 4, column 1\)$/);
  assert.match(await page.getAttribute('#cell-27', 'class'), /\bconflict\b/, 'drawn on the cells as before');
  await page.keyboard.press('Delete');
  await waitStatus(page, /^Unique solution$/);
  await page.click('summary:text-is("Settings")');
  await page.check('text=Show solver details');
  await waitStatus(page, /^Unique solution \(\d+(\.\d)? ms\)$/);
  // A wrong digit: the hint says so and offers the way on.
  const wrong = HARD_SOLUTION[1] === '9' ? '8' : '9';
  await page.click('#cell-1');
  await page.keyboard.press(wrong);
  await page.click('button.hint-button');
  await page.waitForSelector('button.remove-wrong');
  assert.match(await page.textContent('#hint'), /^Row 1, column 2 does not match the solution/);
  await page.click('button.remove-wrong');
  assert.equal(await page.textContent('#cell-1'), '');
  assert.equal(await page.$('button.remove-wrong'), null);
  assert.deepEqual(errors, []);
  await context.close();
});

test('the pad counts what is left of each digit, and a digit placed everywhere is dimmed and marked done', async () => {
  const { context, page, errors } = await open(`#p=${HARD}`);
  await waitStatus(page, /^Unique/);
  const pad = () => page.$$eval('.pad button.digit:not(.clear)', (b) => b.map((e) => [e.textContent, e.dataset.left, 'done' in e.dataset, e.getAttribute('aria-label')]));
  const left = (d, line) => 9 - [...line].filter((c) => c === d).length;
  assert.deepEqual((await pad()).map(([d, l]) => [d, Number(l)]), [...'123456789'].map((d) => [d, left(d, HARD)]));
  // Place every 7 the puzzle still needs.
  const digit = '7';
  for (let cell = 0; cell < 81; cell++) {
    if (HARD[cell] === '.' && HARD_SOLUTION[cell] === digit) {
      await page.click(`#cell-${cell}`);
      await page.keyboard.press(digit);
    }
  }
  const seven = (await pad())[6];
  assert.deepEqual(seven, ['7', '0', true, '7, all placed']);
  assert.equal((await pad()).filter(([, , done]) => done).length, 1, 'only the 7 is done');
  assert.equal((await pad())[0][3], `1, ${left('1', HARD)} left`);
  assert.notEqual(await page.$eval('.pad button[data-done]', (b) => getComputedStyle(b).color),
    await page.$eval('.pad button:not([data-done])', (b) => getComputedStyle(b).color), 'dimmed');
  assert.deepEqual(errors, []);
  await context.close();
});

test('centre marks sit in a mini-grid, each digit in its own place, or freehand as a setting', async () => {
  const { context, page, errors } = await open(`#p=${HARD}`);
  await waitStatus(page, /^Unique/);
  await page.click('button[aria-label="Fill candidates"]');
  const cell = await page.$eval('[role=gridcell].empty', (c) => c.id);
  const places = () => page.$$eval(`#${cell} .centre > span`, (spans) => spans.map((s) => {
    const r = s.getBoundingClientRect();
    return { mark: s.dataset.mark ?? '', x: r.x, y: r.y };
  }));
  const candidates = await page.getAttribute(`#${cell}`, 'data-centre');
  assert.ok(candidates.length >= 2);
  assert.ok(await page.$(`#${cell} .centre.fixed`));
  const grid = await places();
  assert.equal(grid.length, 9, 'nine places on a 9x9');
  assert.deepEqual(grid.map((p) => p.mark), [...'123456789'].map((d) => (candidates.includes(d) ? d : '')), 'digit d in place d');
  assert.ok(grid[0].x < grid[1].x && grid[1].x < grid[2].x && grid[0].x === grid[3].x, 'three columns');
  assert.ok(grid[0].y < grid[3].y && grid[3].y < grid[6].y, 'three rows');
  // Freehand, as SudokuPad writes them.
  await page.click('summary:text-is("Settings")');
  await page.uncheck('text=Centre marks in fixed places');
  assert.equal(await page.$(`#${cell} .centre.fixed`), null);
  assert.deepEqual((await places()).map((p) => p.mark).join(''), candidates);
  assert.deepEqual(errors, []);
  await context.close();
});

test('the small slips: the pad hands the keys back to the board, "Copied" goes at the next move, arrows wrap round', async () => {
  const { context, page, errors } = await open(`#p=${HARD}`);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.base });
  await waitStatus(page, /^Unique/);
  await page.click('#cell-1');
  // A click on the mode switch or the pad leaves Z, X, C and V working.
  await page.click('.mode:has-text("Centre")');
  await page.keyboard.press('x');
  assert.equal(await mode(page), 'Corner', 'the key reached the board');
  await page.click('.pad button:text-is("5")');
  await page.keyboard.press('z');
  await page.keyboard.press('6');
  assert.equal(await page.getAttribute('#cell-1', 'data-corner'), '5');
  assert.equal(await page.textContent('#cell-1'), '6');
  // "Copied the link." reports something done and goes at the player's next move.
  await openTools(page);
  await page.click('button:text-is("Copy link")');
  await page.waitForFunction(() => document.querySelector('#notice')?.textContent === 'Copied the link.');
  await page.click('#cell-0');
  assert.equal(await page.$('#notice'), null);
  // Arrows wrap round at the edges, as in SudokuPad.
  await page.keyboard.press('ArrowLeft');
  assert.equal(await page.getAttribute('[role=grid]', 'aria-activedescendant'), 'cell-8');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowUp');
  assert.equal(await page.getAttribute('[role=grid]', 'aria-activedescendant'), 'cell-72');
  assert.deepEqual(errors, []);
  await context.close();
});
