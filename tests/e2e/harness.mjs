// What every end-to-end test file shares: Debian's Chromium driven by Playwright with the
// flags that keep it off the network, the app served from dist/, and ways to read the page.
import { before, after } from 'node:test';
import { chromium } from 'playwright-core';
import { serve } from './server.mjs';

const flags = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync'];

/** Chromium on a fresh temporary profile (Playwright makes one per launch); each test then
 *  takes a new context of its own (own storage, own service workers), as a first-time
 *  visitor has. */
export async function launch() {
  return chromium.launch({ executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium', args: flags });
}

export const viewport = { width: 1100, height: 900 };

/** Starts the server and the browser for a test file; the fields fill in before tests run. */
export function useApp() {
  const app = {
    server: null,
    browser: null,
    base: '',
    /** Serves files through `rewrite(path, body, request)` while `body()` runs. */
    async rewriting(rewrite, body) {
      app.server.rewrite = rewrite;
      try { await body(); } finally { app.server.rewrite = undefined; }
    },
  };
  before(async () => {
    app.server = await serve();
    app.base = `http://127.0.0.1:${app.server.address().port}/`;
    app.browser = await launch();
  });
  after(async () => {
    await app.browser?.close();
    app.server?.close();
  });
  return app;
}

/** Collects console errors and uncaught exceptions, to assert the page logs none. */
export function watchErrors(page) {
  const errors = [];
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
}

export const status = (page) => page.textContent('[role=status]');

export async function waitStatus(page, pattern, timeout = 10_000) {
  await page.waitForFunction(
    ([source, flags]) => new RegExp(source, flags).test(document.querySelector('[role=status]')?.textContent ?? ''),
    [pattern.source, pattern.flags], { timeout },
  ).catch(async (e) => { throw new Error(`status "${await status(page)}" never matched ${pattern}: ${e.message}`); });
}

/** The board as a one-line string; empty cells (and shown solution digits) read as '.'. */
export const boardLine = (page) => page.$$eval('[role=gridcell]', (cells) =>
  cells.map((c) => (c.classList.contains('empty') || c.classList.contains('solution') ? '.' : c.textContent)).join(''));

/** Pastes `text` onto the board as the browser's clipboard would. */
export async function paste(page, text, selector = '[role=grid]') {
  await page.evaluate(([t, sel]) => {
    const data = new DataTransfer();
    data.setData('text/plain', t);
    document.querySelector(sel).dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, [text, selector]);
}

/** Watches the page's real workers, without changing them: how many requests each was
 *  sent and answered, and whether the page ended it. Call before the page loads. */
export async function spyOnWorkers(context) {
  await context.addInitScript(() => {
    const Native = window.Worker;
    const seen = [];
    window.__workers = seen;
    window.Worker = function Worker(url, options) {
      const worker = new Native(url, options);
      const record = { posted: 0, answered: 0, ended: false, failed: false };
      seen.push(record);
      const post = worker.postMessage.bind(worker);
      // Requests only: the module the page hands over first is not one.
      worker.postMessage = (message) => {
        if (!(message instanceof WebAssembly.Module) && message !== null) record.posted += 1;
        post(message);
      };
      const terminate = worker.terminate.bind(worker);
      worker.terminate = () => { record.ended = true; terminate(); };
      worker.addEventListener('message', (e) => { if (e.data?.kind === 'Done') record.answered += 1; });
      worker.addEventListener('error', () => { record.failed = true; });
      return worker;
    };
    window.Worker.prototype = Native.prototype;
  });
}

/** Waits until every request the page sent has been answered or its worker ended or
 *  failed: after that, no late answer can arrive. */
export const workersSettle = (page) => page.waitForFunction(
  () => window.__workers.every((w) => w.ended || w.failed || w.answered === w.posted));

export const workers = (page) => page.evaluate(() => window.__workers.map((w) => ({ ...w })));

/** A rewrite that makes the served app a new deploy: its service worker names another build. */
export const nextDeploy = (path, body) => (path === '/sw.js'
  ? body.toString().replace(/const BUILD = '[^']+'/, "const BUILD = 'next-deploy'") : body);

/** Opens the Solver tools, which start closed on every screen. */
export async function openTools(page) {
  // A locator waits for the app to draw the tools, where `$eval` fails on a page still loading.
  if (!(await page.locator('details.tools').evaluate((d) => d.open))) await page.click('summary:text-is("Solver tools")');
}

/** Plays a puzzle to its finish as a player who asks for help would: a hint and Check,
 *  then every empty cell typed from the solution the worker shows. Returns that solution
 *  and the cells typed, in order. */
export async function playToFinish(page, hintTimeout = 30_000) {
  await page.click('button.hint-button');
  await page.waitForFunction(() => document.querySelector('#hint')?.textContent.length > 0, null, { timeout: hintTimeout });
  await page.click('button:text-is("Check")');
  await spoil(page, 'Show solution');
  const solution = await page.$$eval('[role=gridcell]', (c) => c.map((e) => e.textContent).join(''));
  await page.click('button:text-is("Hide solution")');
  const empties = await page.$$eval('[role=gridcell].empty', (c) => c.map((e) => Number(e.id.slice(5))));
  for (const cell of empties) {
    await page.click(`#cell-${cell}`);
    await page.keyboard.press(solution[cell]);
  }
  await page.waitForSelector('#finish');
  return { solution, typed: empties };
}

/** Clicks a tool that gives answers away and says yes when it asks, as it does the first
 *  time on a puzzle. */
export async function spoil(page, name) {
  await openTools(page);
  await page.click(`details.tools button:text-is("${name}")`);
  await page.click('#confirm-spoiler button.yes');
}

/** A phone as the layout tests hold it: 390x844, touch, three device pixels a CSS pixel. */
export const phone = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 3 };

/** A new context of `app`'s browser with `options`, on the page at `hash`, its board drawn. */
export async function openIn(app, hash, options) {
  const context = await app.browser.newContext(options);
  const page = await context.newPage();
  const errors = watchErrors(page);
  await page.goto(`${app.base}${hash}`);
  await page.waitForSelector('[role=grid]');
  return { context, page, errors };
}

/** Where the first element matching `selector` is, in CSS pixels of the viewport. */
export const box = (page, selector) => page.$eval(selector, (e) => {
  const r = e.getBoundingClientRect();
  return { x: r.x, y: r.y, width: r.width, height: r.height, bottom: r.bottom, right: r.right };
});
