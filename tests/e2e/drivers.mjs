// The drivers core-flows.mjs runs in: Firefox ESR over WebDriver BiDi (puppeteer-core, no
// geckodriver), WebKitGTK's MiniBrowser through WebKitWebDriver (selenium-webdriver)
// under an Xvfb display of its own, and Chromium through Playwright as the other tests
// drive it (for the flows those tests do not hold). Each starts its processes and always ends them, also
// when a test fails or the browser does not answer.
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import puppeteer from 'puppeteer-core';
import { launch } from './harness.mjs';
import { Builder, By } from 'selenium-webdriver';

/** How long any one wait may take: far longer than a slow, shared machine needs. */
export const PATIENCE = 60_000;
const viewport = { width: 1100, height: 900 };

/** Firefox ESR, headless, on a fresh profile that puppeteer makes and removes. */
export async function firefox() {
  const browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: process.env.FIREFOX ?? '/usr/bin/firefox-esr',
    headless: true,
    protocolTimeout: PATIENCE,
  });
  try {
    const page = await browser.newPage();
    await page.setViewport(viewport);
    return {
      ...onPage(page, 'Firefox', (expression) => page.waitForFunction(expression, { timeout: PATIENCE, polling: 100 })),
      async quit() {
        const child = browser.process();
        // Browser.close can go unanswered; the process dies either way.
        await Promise.race([browser.close(), sleep(10_000)]).catch(() => {});
        if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      },
    };
  } catch (e) {
    browser.process()?.kill('SIGKILL');
    throw e;
  }
}

/** Debian's Chromium as the harness launches it, on one page. */
export async function chromium() {
  const browser = await launch();
  const page = await browser.newPage({ viewport });
  return {
    ...onPage(page, 'Chromium', (expression) => page.waitForFunction(expression, null, { timeout: PATIENCE, polling: 100 })),
    quit: () => browser.close(),
  };
}

/** The driver of a puppeteer or Playwright page, which speak alike but for waiting:
 *  `wait(expression)` waits until the expression is truthy. */
function onPage(page, name, wait) {
  let errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  return {
    goto: async (url) => { await page.goto(url, { timeout: PATIENCE }); },
    reload: async () => { await page.reload({ timeout: PATIENCE }); },
    value: (expression) => page.evaluate(expression),
    until: (expression, what) => wait(expression)
      .catch((e) => { throw new Error(`${name}: waited in vain for ${what}: ${e.message}`); }),
    click: (selector) => page.click(selector),
    press: (key) => page.keyboard.press(key),
    errors: async () => { const seen = errors; errors = []; return seen; },
  };
}

/** A TCP port that was free a moment ago. */
function freePort() {
  return new Promise((done, fail) => {
    const probe = createServer().once('error', fail);
    probe.listen(0, '127.0.0.1', () => { const { port } = probe.address(); probe.close(() => done(port)); });
  });
}

// Process groups still running. Detached, they would outlive this process if it ended
// early (an interrupted run), so it ends them on its way out.
const running = new Set();
const endAll = () => { for (const pid of running) { try { process.kill(-pid, 'SIGKILL'); } catch { /* gone */ } } };
process.once('exit', endAll);
for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => { endAll(); process.exit(128 + (signal === 'SIGINT' ? 2 : 15)); });

/** Starts `command` in a process group of its own, so that ending the group also ends
 *  whatever it started (WebKitWebDriver starts MiniBrowser, which starts WebKit's own
 *  processes). */
function start(command, args, options = {}) {
  const child = spawn(command, args, { detached: true, stdio: ['ignore', 'ignore', 'pipe'], ...options });
  if (child.pid) running.add(child.pid);
  let log = '';
  child.stderr?.on('data', (chunk) => { log = (log + chunk).slice(-4000); });
  // 'error' alone when the command could not start.
  const exited = new Promise((done) => { child.once('exit', done); child.once('error', done); });
  return {
    child,
    log: () => log,
    async stop() {
      const group = (signal) => { try { process.kill(-child.pid, signal); } catch { /* already gone */ } };
      if (child.exitCode === null && child.signalCode === null) {
        group('SIGTERM');
        await Promise.race([exited, sleep(5_000)]);
      }
      group('SIGKILL'); // whatever of the group is left, the leader too if it did not end
      await exited;
      running.delete(child.pid);
    },
  };
}

/** An X display of its own: Xvfb picks a free number and writes it to fd 3 once it is ready. */
async function xvfb() {
  const server = start('Xvfb', ['-displayfd', '3', '-screen', '0', '1280x1024x24', '-nolisten', 'tcp'],
    { stdio: ['ignore', 'ignore', 'pipe', 'pipe'] });
  let number = '';
  const display = await new Promise((done, fail) => {
    server.child.stdio[3].on('data', (chunk) => {
      number += chunk;
      if (number.includes('\n')) done(`:${number.trim()}`);
    });
    server.child.once('exit', (code) => fail(new Error(`Xvfb exited (${code}): ${server.log()}`)));
    server.child.once('error', fail);
  });
  return { display, stop: server.stop };
}

/** WebKitGTK's MiniBrowser, under its own Xvfb and WebKitWebDriver. */
export async function webkit() {
  const stops = [];
  const stopAll = async () => { for (const stop of stops.reverse()) await stop(); stops.length = 0; };
  try {
    const { display, stop } = await xvfb();
    stops.push(stop);
    const port = await freePort();
    const server = start('WebKitWebDriver', [`--port=${port}`], { env: { ...process.env, DISPLAY: display } });
    stops.push(server.stop);
    const url = `http://127.0.0.1:${port}`;
    for (let waited = 0; ; waited += 100) {
      const ready = await fetch(`${url}/status`).then((r) => r.ok, () => false);
      if (ready) break;
      if (server.child.exitCode !== null || waited > PATIENCE) {
        throw new Error(`WebKitWebDriver did not start: ${server.log()}`);
      }
      await sleep(100);
    }
    const driver = await new Builder().usingServer(url).withCapabilities({
      browserName: 'MiniBrowser',
      'webkitgtk:browserOptions': {
        binary: process.env.MINIBROWSER ?? '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser',
        args: ['--automation'],
      },
    }).build();
    stops.push(() => Promise.race([driver.quit(), sleep(10_000)]).catch(() => {}));
    await driver.manage().setTimeouts({ pageLoad: PATIENCE, script: PATIENCE });
    await driver.manage().window().setRect(viewport);
    // WebKitWebDriver reports no console messages, so the page's uncaught errors are
    // collected by the page itself, from each load on.
    const watch = () => driver.executeScript(`
      if (!window.__errors) {
        window.__errors = [];
        addEventListener('error', (e) => window.__errors.push(String(e.message)));
        addEventListener('unhandledrejection', (e) => window.__errors.push(String(e.reason)));
      }`);
    let errors = [];
    const collect = async () => { errors.push(...(await driver.executeScript('return window.__errors ?? []'))); };
    return {
      async goto(url) { await collect().catch(() => {}); await driver.get(url); await watch(); },
      async reload() { await collect(); await driver.navigate().refresh(); await watch(); },
      value: (expression) => driver.executeScript(`return (${expression});`),
      until: (expression, what) => driver.wait(
        () => driver.executeScript(`return !!(${expression});`).catch(() => false), PATIENCE, `WebKit: waited in vain for ${what}`),
      click: async (selector) => { await driver.findElement(By.css(selector)).click(); },
      press: (key) => driver.actions().sendKeys(keys[key] ?? key).perform(),
      async errors() { await collect().catch(() => {}); const seen = errors; errors = []; return seen; },
      quit: stopAll,
    };
  } catch (e) {
    await stopAll();
    throw e;
  }
}

/** Key names as WebDriver's keys code them (a digit is itself). */
const keys = { Delete: '\uE017', Backspace: '\uE003', Enter: '\uE007' };
