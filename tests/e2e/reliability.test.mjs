// Nothing a person does can crash the page, hang a request or lose the puzzle: one test per
// finding of the reliability review (issue 10), each in real headless Chromium with the
// real workers and the real service worker. Findings 8 (the CLI's closed pipe) and 9's
// engine half are tested in engine/tests/cli.rs and engine/model/src/parse.rs; finding 10 is the
// clock-free key-while-searching test in app.test.mjs.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { boardLine, nextDeploy, openTools, paste, spoil, spyOnWorkers, useApp, viewport, waitStatus, watchErrors, workers, workersSettle } from './harness.mjs';
import { EMPTY, SEED, SEED_SOLUTION, SIXTEEN, SLOW25 } from './fixtures.mjs';
import { dist } from './server.mjs';

const app = useApp();

async function open(hash = '', { context } = {}) {
  context ??= await app.browser.newContext({ viewport });
  await spyOnWorkers(context);
  const page = await context.newPage();
  const errors = watchErrors(page);
  await page.goto(`${app.base}${hash}`);
  await page.waitForSelector('[role=grid]');
  await openTools(page);
  return { context, page, errors };
}
async function finish(page, errors) {
  assert.deepEqual(errors, [], 'the page logged errors');
  await page.context().close();
}
const click = (page, text) => page.click(`button:text-is("${text}")`);
async function controlled(page) {
  await page.evaluate(async () => { await navigator.serviceWorker.ready; });
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}
/** Two tabs of the app on SEED in one browser, the first controlled by the service worker. */
async function twoTabs() {
  const { context, page: first, errors } = await open(`#p=${SEED}`);
  await waitStatus(first, /^Unique/);
  await controlled(first);
  const { page: second } = await open('', { context });
  await waitStatus(second, /^Unique/);
  return { context, first, second, errors };
}
/** Has `page` look for a new deploy, which then waits for "Updated; Reload". */
async function findUpdate(page) {
  await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r.update()));
  await page.waitForSelector('#update');
}
const pressReload = (page) => Promise.all([page.waitForNavigation(), page.click('#update button')]);

test('1. a step list asked for a 16x16 board never reaches the 9x9 board that replaced it', async () => {
  const { page, errors } = await open(`#p=${SIXTEEN}`);
  await waitStatus(page, /^(Unique|Multiple)/);
  // Help taken once on this puzzle, Solve step by step asks no more.
  await spoil(page, 'Show solution');
  await click(page, 'Hide solution');
  // Ask for the list and change the size in one task, before any answer can come.
  await page.evaluate(() => {
    [...document.querySelectorAll('button')].find((b) => b.textContent === 'Solve step by step').click();
    const size = document.querySelector('[aria-label="Grid size"]');
    size.value = '9';
    size.dispatchEvent(new Event('change', { bubbles: true }));
  });
  await workersSettle(page);
  assert.equal(await page.$$eval('[role=gridcell]', (c) => c.length), 81);
  assert.equal(await page.$('#steps'), null, 'the 16x16 list is not shown on the 9x9 board');
  assert.equal(await page.isDisabled('button:text-is("Solve step by step")'), false, 'the job was cancelled');
  await waitStatus(page, /^Multiple/);
  await spoil(page, 'Reveal one cell');
  await finish(page, errors);
});

test('1. a hint asked before an edit is not shown for the edited board, nor applied', async () => {
  const { page, errors } = await open(`#p=${SEED}`);
  await waitStatus(page, /^Unique/);
  await page.click('#cell-1');
  await page.evaluate(() => {
    document.querySelector('button.hint-button').click();
    document.querySelector('[role=grid]').dispatchEvent(new KeyboardEvent('keydown', { key: '1', bubbles: true }));
  });
  await workersSettle(page);
  await waitStatus(page, /^Unique/);
  assert.equal(await page.textContent('#hint'), '');
  assert.equal(await page.$('button.apply'), null);
  assert.equal(await page.textContent('#cell-1'), '1');
  await finish(page, errors);
});

test('2. after Edit puzzle and Start solving, a reload keeps the new givens and the progress', async () => {
  const { page, errors } = await open(`#p=${SEED}`);
  await waitStatus(page, /^Unique/);
  await spoil(page, 'Solve step by step');
  await page.waitForSelector('#steps');
  await click(page, 'Back to my board');
  await page.click('#cell-1');
  await page.keyboard.press(SEED_SOLUTION[1]);
  await click(page, 'Edit puzzle');
  await click(page, 'Start solving'); // r1c2 is now a given: the puzzle changed
  assert.equal(await page.$('#steps'), null, 'the step list was for the old givens');
  await page.click('#cell-2');
  await page.keyboard.press(SEED_SOLUTION[2]);
  await waitStatus(page, /^Unique/);
  await page.reload();
  await waitStatus(page, /^Unique/);
  assert.match(await page.getAttribute('#cell-1', 'class'), /\bgiven\b/);
  assert.equal(await page.textContent('#cell-1'), SEED_SOLUTION[1]);
  assert.match(await page.getAttribute('#cell-2', 'class'), /\buser\b/);
  assert.equal(await page.textContent('#cell-2'), SEED_SOLUTION[2]);
  await finish(page, errors);
});

test('3. a count limit beyond what the page can send is refused, saying what is allowed', async () => {
  const { page, errors } = await open(EMPTY);
  await waitStatus(page, /^Multiple/);
  const allowed = 'The count limit must be a whole number from 1 to 9,007,199,254,740,991.';
  for (const bad of ['9007199254740992', '0', '2.5']) {
    await page.fill('[aria-label="Count limit"]', bad);
    await page.press('[aria-label="Count limit"]', 'Enter');
    assert.equal(await page.getAttribute('[aria-label="Count limit"]', 'aria-invalid'), 'true', bad);
    assert.equal(await page.textContent('#limit-error'), allowed);
    await click(page, 'Count solutions');
    await page.waitForSelector('#notice');
    assert.equal(await page.textContent('#notice'), allowed);
    await waitStatus(page, /^Multiple/);
    assert.equal(await page.$('button.stop'), null, 'nothing is pending');
  }
  await page.fill('[aria-label="Count limit"]', '9007199254740991');
  await page.press('[aria-label="Count limit"]', 'Enter');
  assert.equal(await page.$('#limit-error'), null);
  await click(page, 'Count solutions');
  await waitStatus(page, /^Counting… (?!0 )[\d,]+ positions/);
  await page.click('button.stop');
  await waitStatus(page, /^Stopped$/);
  await finish(page, errors);
});

test('4. workers that fail to load are replaced and the request is sent again', async () => {
  // The first worker script fetched fails to load: the solver's, the one worker the page
  // starts at once (the others start with their first job, or once the page has settled,
  // through the same client).
  let broken = 1;
  await app.rewriting((path, body, req) => (path === '/worker.js' && req.headers['sec-fetch-dest'] === 'worker' && broken-- > 0
    ? 'throw new Error("a worker that fails to load");' : body), async () => {
    const { page, errors } = await open(`#p=${SEED}`);
    await waitStatus(page, /^Unique solution/);
    assert.equal(await page.textContent('#notice'), 'The solver stopped unexpectedly and was restarted.');
    assert.ok(broken <= 0, "the solver's broken script was fetched");
    await click(page, 'Hint');
    await page.waitForFunction(() => document.querySelector('#hint')?.textContent.length > 0);
    // Chromium reports a script that fails to load as an error of its own.
    assert.ok(errors.every((e) => /a worker that fails to load|the solver worker failed/.test(e)), errors.join('\n'));
    await page.context().close();
  });
});

test('4. a worker that crashes mid-request is replaced; a second failure is reported, never waited on', async () => {
  // A worker that throws on its first request, as a panic in the wasm does (the module
  // the page hands over comes first, and passes). The first worker fetched is such: the
  // solver's, the one the page starts at once.
  const crashing = `let crashed = false;
self.addEventListener('message', (e) => {
  if (crashed || e.data instanceof WebAssembly.Module) return;
  crashed = true;
  e.stopImmediatePropagation();
  throw new Error('a worker that crashes');
});\n`;
  let crashes = 1;
  await app.rewriting((path, body, req) => (path === '/worker.js' && req.headers['sec-fetch-dest'] === 'worker' && crashes-- > 0
    ? crashing + body : body), async () => {
    const { page } = await open(`#p=${SEED}`);
    await waitStatus(page, /^Unique solution/);
    assert.equal(await page.textContent('#notice'), 'The solver stopped unexpectedly and was restarted.');
    await page.context().close();
  });
  // Every worker crashes: after one retry the request is given up, and the page says so.
  await app.rewriting((path, body) => (path === '/worker.js' ? crashing + body : body), async () => {
    const { page } = await open(`#p=${SEED}`);
    await waitStatus(page, /^Stopped$/);
    assert.equal(await page.textContent('#notice'), 'The solver could not answer: the solver failed twice in a row.');
    assert.equal(await boardLine(page), SEED);
    await page.context().close();
  });
});

test('5. a panic on the page says what happened, keeps the puzzle, and Reload brings it back', async () => {
  const { page, errors } = await open(`#p=${SEED}`);
  await waitStatus(page, /^Unique/);
  await page.click('#cell-1');
  await page.keyboard.press(SEED_SOLUTION[1]);
  await waitStatus(page, /^Unique/);
  const thrown = await page.evaluate(async () => {
    const module = await import('./sudoku-web.js');
    try { module.panicForTests(); } catch (e) { return String(e); }
    return 'no panic';
  });
  assert.match(thrown, /unreachable/);
  await page.waitForSelector('#crash[role=alertdialog]');
  assert.match(await page.textContent('#crash'), /^Something went wrong.*Your puzzle and progress are saved/);
  assert.match(await page.textContent('#crash pre'), /a panic asked for by a test/);
  assert.equal(await page.evaluate(() => document.activeElement.textContent), 'Reload');
  await Promise.all([page.waitForNavigation(), page.click('#crash button')]);
  await waitStatus(page, /^Unique/);
  assert.equal(await page.textContent('#cell-1'), SEED_SOLUTION[1]);
  assert.equal(await page.$('#crash'), null);
  assert.deepEqual(errors.filter((e) => !/a panic asked for by a test/.test(e)), []);
  await page.context().close();
});

test('6. text too long to be a puzzle is refused at once, wherever it is pasted or imported', async () => {
  const { page, errors } = await open(`#p=${SEED}`);
  await waitStatus(page, /^Unique/);
  const notice = (text) => page.waitForFunction((t) => document.querySelector('#notice')?.textContent === t, text)
    .catch(async () => assert.equal(await page.textContent('#notice'), text));
  await paste(page, '1'.repeat(8 * 1024 * 1024));
  await notice('Not pasted: the text is 8.0 MB long; a puzzle takes at most 64 KB');
  assert.equal(await boardLine(page), SEED);
  await paste(page, '2'.repeat(2 * 1024 * 1024), '#import');
  await notice('Not pasted: the text is 2.0 MB long; a puzzle takes at most 64 KB');
  await page.fill('#import', '.'.repeat(100_000));
  await click(page, 'Import');
  await notice('Not imported: the text is 97.7 KB long; a puzzle takes at most 64 KB');
  assert.equal(await boardLine(page), SEED);
  await finish(page, errors);
});

test('7. a tab left on the old version reloads into the new one when its worker comes from it', async () => {
  const { context, first, second, errors } = await twoTabs();
  const build = await first.getAttribute('main', 'data-build');
  assert.match(build, /^[0-9a-f]{16}$/);
  const flip = (hex) => [...hex].map((c) => (c === 'f' ? '0' : 'f')).join('');
  const next = flip(build);
  // The new deploy's glue cannot run the old module, as after any change to the JS shims
  // (they name the module's imports): one import is renamed in the new glue and module. The
  // release build names them short (scripts/short-imports.mjs): a key of the glue's imports
  // object, and in the module the import's module and field names, each after its length.
  const glue = readFileSync(join(dist, 'sudoku-web.js'), 'utf8');
  const [key, before, name] = /([{,])(_[0-9a-z]{2}):function/.exec(glue);
  const renamed = '_zz';
  assert.ok(!glue.includes(`${renamed}:`), `${renamed} is no import yet`);
  const field = (n) => `\x12./sudoku-web_bg.js\x03${n}`;
  const imported = [field(name), field(renamed)];
  const keyed = [key, `${before}${renamed}:function`];
  const swap = (buffer, pairs) => {
    for (const [from, to] of pairs.map((pair) => pair.map((text) => Buffer.from(text)))) {
      for (let at = buffer.indexOf(from); at >= 0; at = buffer.indexOf(from, at + 1)) to.copy(buffer, at);
    }
    return buffer;
  };
  const deploy = (path, body) => {
    if (path === '/sudoku-web_bg.wasm') return swap(Buffer.from(body), [[build, next], imported]);
    if (path === '/sudoku-web.js') return swap(Buffer.from(body), [keyed]);
    return nextDeploy(path, body);
  };
  await app.rewriting(deploy, async () => {
    await findUpdate(first);
    await second.waitForSelector('#update');
    await pressReload(first);
    await waitStatus(first, /^Unique/);
    assert.equal(await first.getAttribute('main', 'data-build'), next, 'the first tab runs the new deploy');
    // The second tab still runs the old page. Its next worker loads from the new deploy
    // (ending a stale search starts one), whose glue cannot run the module the old page
    // hands it, so it runs the new module. The tab sees the other build and reloads.
    await paste(second, SLOW25);
    await waitStatus(second, /^Solving…$/);
    await Promise.all([second.waitForNavigation(), paste(second, SEED)]);
    await second.waitForFunction((n) => document.querySelector('main')?.dataset.build === n, next);
    await waitStatus(second, /^Unique/);
    assert.equal(await boardLine(second), SEED, 'the puzzle survived the reload');
  });
  assert.deepEqual(errors, []);
  await context.close();
});

test('7. "Reload" works in a tab whose update another tab already applied', async () => {
  const { context, first, second, errors } = await twoTabs();
  await app.rewriting(nextDeploy, async () => {
    await findUpdate(first);
    await second.waitForSelector('#update');
    await pressReload(first);
    await pressReload(second);
    await waitStatus(second, /^Unique/);
    assert.equal(await second.$('#update'), null);
  });
  assert.deepEqual(errors, []);
  await context.close();
});

test('7. two copies of the app on one site keep their own caches through a deploy of one', async () => {
  const { context, page: root, errors } = await open(`#p=${SEED}`);
  await waitStatus(root, /^Unique/);
  await controlled(root);
  const copy = await context.newPage();
  await copy.goto(`${app.base}copy/#p=${SEED}`);
  await waitStatus(copy, /^Unique/);
  await copy.waitForFunction(() => navigator.serviceWorker.getRegistration().then((r) => r?.active?.scriptURL.includes('/copy/')));
  await app.rewriting((path, body, req) => (req.url.startsWith('/copy/') ? nextDeploy(path, body) : body), async () => {
    await findUpdate(copy);
    await pressReload(copy);
    await waitStatus(copy, /^Unique/);
  });
  // The copy's new version has taken over once its cache is the only one of its scope.
  const deployed = () => caches.keys().then((keys) => keys.length === 2
    && keys.some((k) => k.includes('/copy/') && k.endsWith(' next-deploy')));
  await root.waitForFunction(deployed).catch(async () => {
    assert.fail(`caches: ${(await root.evaluate(() => caches.keys())).join(', ')}`);
  });
  // The deploy of the copy left the first copy's cache alone: it still opens offline.
  await context.setOffline(true);
  await root.reload();
  await waitStatus(root, /^Unique/);
  assert.deepEqual(errors, []);
  await context.close();
});

test('9. a byte-order mark or a zero-width space before a pasted puzzle is ignored', async () => {
  const { page, errors } = await open();
  for (const mark of ['\uFEFF', '\u200B']) {
    await page.click('button:text-is("Clear")');
    await waitStatus(page, /^Multiple/);
    await paste(page, `${mark}${SEED}`);
    await waitStatus(page, /^Unique/);
    assert.equal(await boardLine(page), SEED);
  }
  assert.equal(await page.$('#notice'), null);
  await finish(page, errors);
});
