// Debian's Chromium driven through the DevTools protocol alone, without Playwright. Playwright
// emulates focus on every page it attaches to, so its pages stay "visible" even in a
// minimised window; a page driven this way is hidden when its window is, as in real use.
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import WebSocket from 'ws';

/** Starts headless Chromium on a fresh profile with one tab at `url`; `evaluate` runs an
 *  expression in the tab, `send` any protocol command, `close` ends it all. */
export async function openTab(url) {
  const profile = await mkdtemp(join(tmpdir(), 'sudoku-cdp-'));
  const chrome = spawn(process.env.CHROMIUM ?? '/usr/bin/chromium', [
    '--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-quic',
    '--disable-background-networking', '--disable-component-update', '--disable-sync',
    `--user-data-dir=${profile}`, '--remote-debugging-port=0', url,
  ], { stdio: 'ignore' });
  const exited = new Promise((ok) => chrome.once('exit', ok));
  const port = await devToolsPort(profile);
  const tabs = await (await fetch(`http://127.0.0.1:${port}/json/list`)).json();
  const tab = tabs.find((t) => t.type === 'page');
  const socket = new WebSocket(tab.webSocketDebuggerUrl);
  await new Promise((ok, fail) => { socket.once('open', ok); socket.once('error', fail); });
  let next = 0;
  const waiting = new Map();
  socket.on('message', (data) => {
    const message = JSON.parse(data);
    const answer = waiting.get(message.id);
    if (!answer) return;
    waiting.delete(message.id);
    if (message.error) answer.fail(new Error(`${message.error.message}`));
    else answer.ok(message.result);
  });
  const send = (method, params = {}) => new Promise((ok, fail) => {
    const id = ++next;
    waiting.set(id, { ok, fail });
    socket.send(JSON.stringify({ id, method, params }));
  });
  const evaluate = async (expression) => (await send('Runtime.evaluate', { expression, returnByValue: true })).result.value;
  const close = async () => {
    // Browser.close lets Chromium end its helper processes itself; a kill of the main
    // process alone left helpers writing into the profile while it was being removed.
    const late = setTimeout(() => chrome.kill('SIGKILL'), 5000);
    send('Browser.close').catch(() => {});
    await exited;
    clearTimeout(late);
    socket.close();
    await rm(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
  };
  return { send, evaluate, close };
}

/** The port Chromium chose, which it writes into the profile once it listens. */
async function devToolsPort(profile) {
  for (let i = 0; i < 300; i++) {
    const text = await readFile(join(profile, 'DevToolsActivePort'), 'utf8').catch(() => '');
    if (text) return Number(text.split('\n')[0]);
    await new Promise((ok) => setTimeout(ok, 100));
  }
  throw new Error('Chromium did not open its DevTools port');
}

/** Polls `expression` in the tab until it is truthy, and returns its value; gives up after
 *  30 s, as Playwright's waits do. */
export async function until(tab, expression) {
  for (let i = 0; i < 600; i++) {
    const value = await tab.evaluate(expression);
    if (value) return value;
    await new Promise((ok) => setTimeout(ok, 50));
  }
  throw new Error(`still false after 30 s: ${expression}`);
}
