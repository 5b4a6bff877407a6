// The core flows of issue 28 (and issue 29's variant link, issue 42's made variant's short
// link, issue 53's ISS link), written once and run in every browser that has a driver in
// drivers.mjs (firefox.test.mjs, webkit.test.mjs): the built app from dist/, served by
// server.mjs, with its real workers and its real service worker.
//
// A driver is what a flow needs from a browser, and nothing more:
//   goto(url), reload()        navigate, and return once the page has loaded
//   value(expression)          the value of a JavaScript expression in the page
//   until(expression, what)    wait until the expression is truthy (`what` names it in the
//                              error when it never is); generous timeouts, nothing timed
//   click(selector)            a real click on the first element the selector matches
//   press(key)                 a real key press, to whatever has focus
//   errors()                   the page's uncaught errors (and console errors where the
//                              browser reports them) since the last call, as a promise
//
// Each test serves the app on a port of its own, so each is a first visit to an origin
// of its own: its own storage and its own service worker, in one browser session per file.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { serve } from './server.mjs';
import { SEED, HARD, HARD_SOLUTION } from './fixtures.mjs';
import { ISS, ISS_RULES, KILLER, NO_ISS } from './variants.mjs';

const STATUS = "document.querySelector('[role=status]')?.textContent ?? ''";
const BOARD = "[...document.querySelectorAll('[role=gridcell]')].map((c) => c.classList.contains('empty') ? '.' : c.textContent).join('')";
const statusMatches = (pattern) => `${pattern}.test(${STATUS})`;
const classes = (id) => `document.getElementById(${JSON.stringify(id)})?.className ?? ''`;
/** The whole page's visible text. */
const TEXT = 'document.body.innerText';

/** The app on a port of its own; `stop()` ends the server and every open connection, so
 *  that nothing more can reach it. */
async function site() {
  const server = await serve();
  return {
    base: `http://127.0.0.1:${server.address().port}/`,
    stop: () => new Promise((done) => { server.close(done); server.closeAllConnections(); }),
  };
}

/** A test of `name`'s browser, `browser()` once the file's `before` hook has started it, on
 *  the app served for it alone. */
const flowOf = (name, browser, timeout = 180_000) => (title, body) => test(`${name}: ${title}`, { timeout }, async () => {
  const app = await site();
  const driver = browser();
  await driver.errors();
  try {
    await body(driver, app);
    assert.deepEqual(await driver.errors(), [], 'the page reported errors');
  } finally {
    await app.stop();
  }
});

const waitStatus = (driver, pattern) => driver.until(statusMatches(pattern), `the status to match ${pattern}`);

/** Defines the core flows as node:test tests, for the driver `browser()` returns once the
 *  file's `before` hook has started it; ISS's rules ([`issRules`]) among them. */
export function coreFlows(name, browser) {
  const flow = flowOf(name, browser);

  flow('the page loads with its board and a verdict from the worker', async (driver, app) => {
    await driver.goto(app.base);
    await driver.until("document.querySelectorAll('[role=gridcell]').length > 0", 'the board');
    assert.equal(await driver.value("document.querySelectorAll('[role=gridcell]').length"), 81);
    await waitStatus(driver, /^(Unique solution|Multiple solutions|No solution)/);
  });

  flow('a linked puzzle is solved by the worker', async (driver, app) => {
    await driver.goto(`${app.base}#p=${SEED}`);
    await waitStatus(driver, /^Unique solution/);
    assert.equal(await driver.value(BOARD), SEED);
    assert.match(await driver.value(classes('cell-0')), /\bgiven\b/);
  });

  flow('typing shows a conflict on both cells and in the status, and Delete takes it back', async (driver, app) => {
    await driver.goto(`${app.base}#p=${SEED}`);
    await waitStatus(driver, /^Unique solution/);
    await driver.click('#cell-1');
    await driver.press('8'); // r1c1 holds the given 8
    await driver.until(`/\\bconflict\\b/.test(${classes('cell-1')})`, 'r1c2 marked as a conflict');
    assert.match(await driver.value(classes('cell-0')), /\bconflict\b/);
    assert.match(await driver.value(STATUS), /row 1, column 1\b.*\brow 1, column 2\b/, 'the status names both cells, in words');
    await driver.press('Delete');
    await waitStatus(driver, /^Unique solution/);
    assert.doesNotMatch(await driver.value(classes('cell-0')), /\bconflict\b/);
    assert.doesNotMatch(await driver.value(classes('cell-1')), /\bconflict\b/);
  });

  flow('a hint names the technique and where to look', async (driver, app) => {
    await driver.goto(`${app.base}#p=${HARD}`);
    await waitStatus(driver, /^Unique solution/);
    await driver.click('button.hint-button');
    await driver.until("document.querySelector('#hint')?.textContent.length > 0", 'a hint');
    assert.equal(await driver.value("document.querySelector('#hint').textContent"), 'Hidden single: look at box 7. A digit with one place left in a row, column or box goes there.');
    const area = await driver.value("[...document.querySelectorAll('[role=gridcell].hint-area')].map((c) => Number(c.id.slice(5)))");
    assert.deepEqual(area, [54, 55, 56, 63, 64, 65, 72, 73, 74], 'box 7 is highlighted');
  });

  flow('typing the last missing digits finishes the puzzle', async (driver, app) => {
    // The solution with two cells open: r1c2 and r9c8.
    const open = [1, 79];
    const nearly = [...HARD_SOLUTION].map((digit, i) => (open.includes(i) ? '.' : digit)).join('');
    await driver.goto(`${app.base}#p=${nearly}`);
    await waitStatus(driver, /^Unique solution/);
    await driver.click(`#cell-${open[0]}`);
    await driver.press(HARD_SOLUTION[open[0]]);
    await driver.until(`${BOARD}[${open[0]}] === ${JSON.stringify(HARD_SOLUTION[open[0]])}`, 'the first digit');
    assert.doesNotMatch(await driver.value(TEXT), /\bSolved\b/, 'not solved with a cell still open');
    await driver.click(`#cell-${open[1]}`);
    await driver.press(HARD_SOLUTION[open[1]]);
    await driver.until(`/\\bSolved\\b/.test(${TEXT})`, 'the word "Solved" on the page');
    assert.equal(await driver.value(BOARD), HARD_SOLUTION);
  });

  flow('a variant link opens drawn, and a digit that breaks its cage is named', async (driver, app) => {
    await driver.goto(`${app.base}#fpuzzles${KILLER.fpuzzles}`);
    await driver.until("document.querySelectorAll('svg.rules [data-rule=killer]').length === 24", 'the 24 cages drawn');
    await waitStatus(driver, /^Unique solution/);
    assert.equal(await driver.value("document.querySelector('.puzzle-title')?.textContent"), KILLER.title);
    // The cage of 4 over r3c6 and r3c7 cannot hold a 4.
    await driver.click('#cell-23');
    await driver.press('4');
    await waitStatus(driver, /^No solution: the 4 cage at row 3, column 6\b/);
    assert.match(await driver.value(classes('cell-24')), /\bconflict\b/);
  });

  flow('a made variant\'s seed link makes it again in the worker, drawn and titled, then goes by the puzzle itself', async (driver, app) => {
    await driver.goto(`${app.base}#v=thermo.easy.1`);
    await driver.until("document.querySelector('.puzzle-title')?.textContent === 'Thermo, Easy'", 'the thermo made');
    await waitStatus(driver, /^Unique solution/);
    assert.ok(await driver.value("document.querySelectorAll('svg.rules [data-rule=thermometer]').length") > 0, 'its thermometers drawn');
    assert.match(await driver.value("document.querySelector('#level')?.textContent ?? ''"), /^New puzzle: Thermo, Easy, rated \d/);
    assert.match(await driver.value('location.hash'), /^#made[A-Za-z0-9_-]+$/, 'the address is the made puzzle\'s own link');
  });

  flow('an ISS link opens from a paste, #iss= and ?q=, drawn and played, and Copy ISS link gives ISS\'s address of it', async (driver, app) => {
    const rules = "[...document.querySelectorAll('svg.rules [data-rule]')].map((g) => g.dataset.rule).sort().join(' ')";
    const opened = async () => {
      await driver.until(`${rules} === ${JSON.stringify([...ISS.rules].sort().join(' '))}`, "the ISS puzzle's rules drawn");
      await waitStatus(driver, /^Unique solution/);
      assert.equal(await driver.value(BOARD), ISS.givens);
    };
    // Pasted as the browser's clipboard would (the harness's `paste`). Firefox leaves a
    // constructed event's clipboardData empty, so the event is given its data as its own.
    const paste = (text) => driver.value(`(() => {
      const data = new DataTransfer();
      data.setData('text/plain', ${JSON.stringify(text)});
      const event = new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true });
      Object.defineProperty(event, 'clipboardData', { value: data });
      document.querySelector('[role=grid]').dispatchEvent(event);
      return true;
    })()`);
    // The clipboard as the page reads it: WebKit lets a page read it only on a player's
    // gesture, so it is read on a real click on the title.
    const clipboard = async () => {
      await driver.value(`(() => {
        window.readClipboard = null;
        document.addEventListener('click', () => navigator.clipboard.readText()
          .then((text) => { window.readClipboard = text; }, (e) => { window.readClipboard = 'failed: ' + e.message; }),
        { once: true, capture: true });
        return true;
      })()`);
      await driver.click('h1');
      await driver.until('window.readClipboard !== null', 'the clipboard read');
      return driver.value('window.readClipboard');
    };
    const notice = "document.querySelector('#notice')?.textContent ?? ''";
    // The last of the tools' links out, in `Site::ALL`'s order.
    const copyIss = async () => {
      if (!(await driver.value("document.querySelector('details.tools').open"))) await driver.click('details.tools > summary');
      await driver.click('details.tools .import .row-of-buttons:last-child button:last-child');
    };
    await driver.goto(`${app.base}#p=${'.'.repeat(81)}`);
    await waitStatus(driver, /^Multiple solutions/);
    await paste(ISS.link);
    await opened();
    assert.equal(await driver.value('location.hash'), `#iss=${ISS.text}`, 'the address carries ISS\'s text');
    const open = [...ISS.givens].indexOf('.');
    await driver.click(`#cell-${open}`);
    await driver.press(ISS.solution[open]);
    await driver.until(`document.getElementById('cell-${open}').textContent === '${ISS.solution[open]}'`, 'the digit played');
    assert.doesNotMatch(await driver.value(STATUS), /No solution/);
    await copyIss();
    await driver.until(`${notice}.length > 0`, 'the copy told');
    assert.equal(await driver.value(notice), 'Copied the link to the other site.');
    const copied = await clipboard();
    const prefix = 'https://sigh.github.io/Interactive-Sudoku-Solver/?q=';
    assert.ok(copied.startsWith(prefix), copied);
    const q = copied.slice(prefix.length);
    for (const address of [`${app.base}?q=${q}`, `${app.base}#iss=${q}`]) {
      await driver.goto(address);
      await opened();
    }
    // A rule ISS has no type for is named, in a player's words.
    await paste(NO_ISS);
    await driver.until("document.querySelectorAll('svg.rules [data-rule=minimum]').length === 1", 'the minimum drawn');
    await copyIss();
    await driver.until(`${notice}.startsWith('No ISS link')`, 'the rule ISS lacks named');
    assert.equal(await driver.value(notice), 'No ISS link: ISS has no minimum rule (the minimum cell row 2, column 3).');
  });

  flow('after one visit the app opens and solves with the server stopped', async (driver, app) => {
    // SEED without its first given has many solutions: a verdict no other puzzle here has,
    // so each status below is a new answer, never one left from before.
    const several = `.${SEED.slice(1)}`;
    await driver.goto(`${app.base}#p=${several}`);
    await waitStatus(driver, /^Multiple solutions/);
    await driver.until('navigator.serviceWorker.controller !== null', 'the service worker in control');
    await app.stop();
    await driver.reload();
    await driver.until("document.querySelectorAll('[role=gridcell]').length === 81", 'the board, offline');
    await waitStatus(driver, /^Multiple solutions/);
    assert.equal(await driver.value(BOARD), several);
    assert.equal(await driver.value('navigator.serviceWorker.controller !== null'), true);
    await driver.goto(`${app.base}#p=${HARD}`);
    await driver.until(`${BOARD} === ${JSON.stringify(HARD)}`, 'the linked puzzle, offline');
    await waitStatus(driver, /^Unique solution/);
  });

  issRules(name, browser);
}

/** Issue 53's proof for the rules the page draws from ISS: a puzzle of each from ISS's suite
 *  (`ISS_RULES`) opens from its link, the first from ISS's own `?q=`, the rest from the page's
 *  `#iss=`, with every figure named by its `data-rule` and each rule of the whole grid named
 *  under the title, and its kinds of rule said in the rules' box (an ISS link has no rules
 *  text: each kind by its step's name and sentence); the page's solver finds its one
 *  solution, a digit is played and a hint taken. Then the same puzzle with the suite's solution given but for its last three open
 *  cells is finished by typing them. Each address is a page load of its own (`?n=`), so that
 *  no status is one left from the puzzle before. */
export function issRules(name, browser) {
  const flow = flowOf(name, browser, 600_000);
  const rules = "[...new Set([...document.querySelectorAll('svg.rules [data-rule]')].map((g) => g.dataset.rule))].sort().join(' ')";
  const named = "document.querySelector('.grid-rules')?.textContent ?? ''";
  const said = "(document.querySelector('.puzzle-rules')?.textContent ?? '').split('\\n')";
  const hint = "document.querySelector('#hint')?.textContent ?? ''";
  flow("ISS's rules open drawn from its links, and are played, hinted and finished", async (driver, app) => {
    let load = 0;
    const open = async (text, form) => {
      load += 1;
      const q = encodeURIComponent(text);
      await driver.goto(`${app.base}?${form === 'q' ? `q=${q}` : `n=${load}#iss=${q}`}`);
      await driver.until("document.querySelectorAll('[role=gridcell]').length > 0", 'the board');
    };
    for (const [i, puzzle] of ISS_RULES.entries()) {
      const { title, text, solution } = puzzle;
      await open(text, i === 0 ? 'q' : 'iss');
      await driver.until(`${rules} === ${JSON.stringify(puzzle.rules.join(' '))}`, `${title}: its rules drawn`);
      assert.equal(await driver.value(named), puzzle.named, `${title}: the rules of the whole grid named`);
      // Every kind of rule said with its sentence, once the techniques' words are fetched.
      await driver.until(`${said}.every((line) => /^[^:]+: [A-Z0-9]/.test(line))`, `${title}: its rules said`);
      if (i === 0) assert.match((await driver.value(said)).join('\n'), /^Greater-than signs: The digit on the wide side/, title);
      await waitStatus(driver, /^Unique solution/);
      const board = await driver.value(BOARD);
      const empty = [...board].flatMap((d, cell) => (d === '.' ? [cell] : []));
      await driver.click(`#cell-${empty[0]}`);
      await driver.press(solution[empty[0]]);
      await driver.until(`document.getElementById('cell-${empty[0]}').textContent === '${solution[empty[0]]}'`, `${title}: the digit played`);
      await driver.click('button.hint-button');
      await driver.until(`${hint}.length > 0`, `${title}: a hint`);
      assert.doesNotMatch(await driver.value(STATUS), /No solution/, title);

      // The suite's solution given but for the last three open cells, which are typed.
      const n = Math.sqrt(solution.length);
      const last = empty.slice(-3);
      const givens = [...solution].map((d, cell) => (last.includes(cell) ? '' : `~R${Math.floor(cell / n) + 1}C${(cell % n) + 1}_${d}`));
      await open(`${text}.${givens.join('')}`, 'iss');
      await waitStatus(driver, /^Unique solution/);
      for (const cell of last) {
        await driver.click(`#cell-${cell}`);
        await driver.press(solution[cell]);
      }
      await driver.until(`/\\bSolved\\b/.test(${TEXT})`, `${title}: the word "Solved" on the page`);
      assert.equal(await driver.value(BOARD), solution, title);
    }
  });
}
