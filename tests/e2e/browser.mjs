// Debian's Chromium driven by Playwright, with the flags that keep it off the network.
import { chromium } from 'playwright-core';

const flags = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync'];

/** Chromium on a fresh temporary profile (Playwright makes one per launch); each test then
 *  takes a new context of its own (own storage, own service workers), as a first-time
 *  visitor has. */
export async function launch() {
  return chromium.launch({ executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium', args: flags });
}

export const viewport = { width: 1100, height: 900 };

/** Collects console errors and uncaught exceptions, to assert the page logs none. */
export function watchErrors(page) {
  const errors = [];
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
}
