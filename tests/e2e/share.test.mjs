// Share links and offline use, in real headless Chromium with the real service worker.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { boardLine, nextDeploy, openTools, spoil, useApp, viewport, waitStatus, watchErrors } from './harness.mjs';
import { HARD, HARD_SOLUTION, SEED } from './fixtures.mjs';

const givens = (line) => [...line].filter((c) => c !== '.').length;

const app = useApp();

async function newPage(context) {
  const page = await context.newPage();
  const errors = watchErrors(page);
  page.on('dialog', (dialog) => { errors.push(`dialog: ${dialog.message()}`); dialog.dismiss(); });
  return { page, errors };
}
async function fresh() {
  const context = await app.browser.newContext({ viewport });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.base });
  return context;
}
async function copied(page, button) {
  await page.evaluate(() => navigator.clipboard.writeText(''));
  await openTools(page);
  await page.click(`button:text-is("${button}")`);
  await page.waitForFunction(() => navigator.clipboard.readText().then((t) => t.length > 0));
  return page.evaluate(() => navigator.clipboard.readText());
}
async function load(page, text) {
  await openTools(page);
  await page.fill('#import', text);
  await page.click('button:text-is("Import")');
}

test('a copied link opens the same puzzle, with or without progress, in a fresh browser', async () => {
  const sender = await fresh();
  const { page, errors } = await newPage(sender);
  await page.goto(app.base);
  await load(page, HARD);
  await waitStatus(page, /^Unique/);
  await page.click('#cell-1');
  await page.keyboard.press(HARD_SOLUTION[1]);
  // Marks and colours: a corner 2 and a centre 7 in r1c3, r1c4 painted with colours 3 and 5.
  await page.click('#cell-2');
  await page.keyboard.press('Shift+Digit2');
  await page.keyboard.press('Control+Digit7');
  await page.click('#cell-3');
  await page.keyboard.press('v');
  await page.keyboard.press('3');
  await page.keyboard.press('5');
  await page.waitForFunction(() => Number(document.querySelector('[role=timer]').textContent.split(':')[1]) >= 2);
  const plain = await copied(page, 'Copy link');
  const withProgress = await copied(page, 'Copy link with progress');
  assert.match(plain, /#s=[A-Za-z0-9_-]+$/);
  assert.ok(plain.length - plain.indexOf('#') - 1 <= 30, `${plain} is short`);
  assert.match(withProgress, /#s=[A-Za-z0-9_-]+&u=[A-Za-z0-9_-]+&m=[A-Za-z0-9_-]+&t=\d+$/);
  const seconds = Number(withProgress.match(/&t=(\d+)$/)[1]);
  assert.ok(seconds >= 2, `the link carries the time: ${seconds} s`);
  assert.equal(new URL(page.url()).hash, new URL(plain).hash, 'the address bar holds the puzzle');
  assert.deepEqual(errors, []);

  for (const [link, progress] of [[plain, false], [withProgress, true]]) {
    const receiver = await fresh();
    const { page: other, errors: otherErrors } = await newPage(receiver);
    await other.goto(link);
    await waitStatus(other, /^Unique/);
    assert.equal(await other.$$eval('[role=gridcell].given', (c) => c.length), givens(HARD));
    assert.equal(await other.textContent('#cell-1'), progress ? HARD_SOLUTION[1] : '');
    const hooks = (id) => other.$eval(`#cell-${id}`, (c) => [c.dataset.corner, c.dataset.centre, c.dataset.colours]);
    assert.deepEqual(await hooks(2), progress ? ['2', '7', ''] : ['', '', '']);
    assert.deepEqual(await hooks(3), progress ? ['', '', '3 5'] : ['', '', '']);
    if (progress) {
      const [m, s] = (await other.textContent('[role=timer]')).split(':').map(Number);
      assert.ok(m * 60 + s >= seconds, `the time came along: ${m}:${s}`);
    }
    assert.deepEqual(otherErrors, []);
    await receiver.close();
  }
  await sender.close();
});

test('other apps\' links open too: #p= one-line and SudokuWiki ?bd=', async () => {
  const context = await fresh();
  const { page, errors } = await newPage(context);
  await page.goto(`${app.base}#p=${SEED}`);
  await waitStatus(page, /^Unique/);
  assert.equal(await boardLine(page), SEED);
  const other = await context.newPage();
  await other.goto(`${app.base}?bd=${HARD.replaceAll('.', '0')}`);
  await waitStatus(other, /^Unique/);
  assert.equal(await boardLine(other), HARD);
  assert.match(other.url(), /\/#s=/, 'the query is replaced by the app\'s own link');
  assert.deepEqual(errors, []);
  await context.close();
});

test('editing updates the address without adding history; back returns to a followed link\'s origin', async () => {
  const context = await fresh();
  const { page, errors } = await newPage(context);
  await page.goto(`${app.base}#p=${SEED}`);
  await waitStatus(page, /^Unique/);
  const entries = await page.evaluate(() => history.length);
  await openTools(page);
  await page.click('text=Edit puzzle');
  await page.click('#cell-1');
  await page.keyboard.press('1');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('2');
  await waitStatus(page, /^Unique/);
  assert.equal(await page.evaluate(() => history.length), entries);
  const edited = new URL(page.url()).hash;
  const expected = await page.$$eval('[role=gridcell]', (c) => c.map((x) => x.textContent || '.').join(''));
  // Follow a link to another puzzle, then come back.
  await page.goto(`${app.base}#p=${HARD}`);
  await waitStatus(page, /^Unique/);
  assert.equal(await boardLine(page), HARD);
  await page.goBack();
  await page.waitForFunction((h) => location.hash === h, edited);
  await page.waitForFunction((e) => [...document.querySelectorAll('[role=gridcell]')].map((x) => x.textContent || '.').join('') === e, expected);
  assert.deepEqual(errors, []);
  await context.close();
});

test('after one visit the app opens, solves and opens other links with no network', async () => {
  const context = await fresh();
  const { page, errors } = await newPage(context);
  await page.goto(app.base);
  await page.evaluate(async () => { await navigator.serviceWorker.ready; });
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await context.setOffline(true);
  await page.reload();
  await waitStatus(page, /^(Unique|Multiple)/);
  const { page: linked, errors: linkedErrors } = await newPage(context);
  await linked.goto(`${app.base}#p=${HARD}`);
  await waitStatus(linked, /^Unique solution/);
  await spoil(linked, 'Show solution');
  assert.equal(await linked.$$eval('[role=gridcell]', (c) => c.map((x) => x.textContent).join('')), HARD_SOLUTION);
  await linked.click('#cell-1');
  await linked.keyboard.press('4'); // r1c1 holds the given 4
  await waitStatus(linked, /^Two 4s in row 1 \(row 1, column 1; row 1, column 2\)$/);
  assert.deepEqual([...errors, ...linkedErrors], []);
  await context.close();
});

test('damaged and hostile links open nothing, say so, and leave the page working', async () => {
  const context = await fresh();
  const { page, errors } = await newPage(context);
  await page.goto(`${app.base}#p=${SEED}`);
  await waitStatus(page, /^Unique/);
  const bad = {
    'bad characters': '#s=%%%%',
    'cut short': '#s=EQ',
    'wrong length': `#p=${SEED.slice(0, 60)}`,
    'script text': '#p=<script>alert(1)</script><img src=x onerror=alert(2)>',
    'huge': `#p=${'1'.repeat(1_000_000)}`,
  };
  for (const [name, fragment] of Object.entries(bad)) {
    await page.goto(`${app.base}${fragment}`);
    await page.waitForSelector('#link-error');
    const notice = await page.textContent('#link-error p');
    assert.match(notice, /^This link's puzzle could not be opened: .*The current puzzle is unchanged\.$/, name);
    assert.equal(await boardLine(page), SEED, name);
    assert.equal(await page.$('#link-error img, #link-error script, body > img'), null, name);
    await page.click('#cell-1');
    await page.keyboard.press('1');
    await waitStatus(page, /^Unique/);
    await page.keyboard.press('Backspace');
    await page.click('#link-error button:text-is("Dismiss")');
  }
  // Ten megabytes set from script: refused by length, not parsed.
  await page.evaluate(() => { location.hash = `p=${'2'.repeat(10_000_000)}`; });
  await page.waitForSelector('#link-error');
  assert.match(await page.textContent('#link-error p'), /far too long/);
  assert.equal(await boardLine(page), SEED);

  // The same link on a first visit: today's puzzle opens in its place, with the message.
  const { page: cold, errors: coldErrors } = await newPage(await fresh());
  await cold.goto(`${app.base}#s=<script>alert(1)</script>`);
  await cold.waitForSelector('#level', { timeout: 60_000 });
  await waitStatus(cold, /^Unique solution$/);
  assert.match(await cold.textContent('#level'), /^Today's puzzle, /);
  assert.ok(givens(await boardLine(cold)) >= 17, 'a puzzle, not an empty board');
  assert.match(await cold.textContent('#link-error p'), /^This link's puzzle could not be opened: .*\. Today's puzzle opens instead\.$/);
  assert.equal(await cold.$('#link-error img, #link-error script, body > img'), null);
  assert.deepEqual([...errors, ...coldErrors], []);
  await cold.context().close();
  await context.close();
});

test('a short SudokuPad id after the # asks for the long link, over the current puzzle or over today\'s', async () => {
  const { page, errors } = await newPage(await fresh());
  await page.goto(`${app.base}#p=${SEED}`);
  await waitStatus(page, /^Unique/);
  await page.goto(`${app.base}#psxczr0jpr`);
  await page.waitForSelector('#link-error');
  assert.match(await page.textContent('#link-error p'),
    /^This link's puzzle could not be opened: sudokupad\.app\/psxczr0jpr is a short link: it needs SudokuPad's server\. Paste the long link.*The current puzzle is unchanged\.$/);
  assert.equal(await boardLine(page), SEED);
  const { page: cold, errors: coldErrors } = await newPage(await fresh());
  await cold.goto(`${app.base}#psxczr0jpr`);
  await cold.waitForSelector('#level', { timeout: 60_000 });
  assert.match(await cold.textContent('#link-error p'), /sudokupad\.app\/psxczr0jpr is a short link.*Today's puzzle opens instead\.$/);
  assert.ok(givens(await boardLine(cold)) >= 17);
  assert.deepEqual([...errors, ...coldErrors], []);
  await page.context().close();
  await cold.context().close();
});

test('corrupt saved data is set aside with a notice, never a crash', async () => {
  const context = await fresh();
  await context.addInitScript(() => {
    if (!sessionStorage.getItem('seeded')) {
      sessionStorage.setItem('seeded', '1');
      localStorage.setItem('sudoku.current.v1', '{"board": {"side": 9, "digits": [1, 2');
    }
  });
  const { page, errors } = await newPage(context);
  await page.goto(app.base);
  await page.waitForSelector('#notice');
  assert.match(await page.textContent('#notice'), /saved puzzle could not be read/);
  await waitStatus(page, /^Multiple/);
  await page.click('#cell-0');
  await page.keyboard.press('5');
  await page.reload();
  await waitStatus(page, /^Multiple/);
  assert.equal(await page.textContent('#cell-0'), '5', 'saving works again');
  assert.equal(await page.$('#notice'), null);
  assert.deepEqual(errors, []);
  await context.close();
});

test('a new deploy installs beside the old one, says "Updated; reload", and replaces it', async () => {
  const context = await fresh();
  const { page, errors } = await newPage(context);
  await page.goto(app.base);
  await page.evaluate(async () => { await navigator.serviceWorker.ready; });
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  const before = await page.evaluate(() => caches.keys());
  assert.equal(before.length, 1);
  await app.rewriting(nextDeploy, async () => {
    await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r.update()));
    await page.waitForSelector('#update');
    assert.match(await page.textContent('#update'), /^Updated; Reload$/);
    await Promise.all([page.waitForNavigation(), page.click('#update button')]);
    await waitStatus(page, /^(Unique|Multiple)/);
    await page.waitForFunction(() => caches.keys().then((k) => k.length === 1 && k[0].endsWith(' next-deploy')));
  });
  assert.deepEqual(errors, []);
  await context.close();
});
