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
  const app = { server: null, browser: null, base: '' };
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
