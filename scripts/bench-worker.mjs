// The shipped module in a dedicated worker of our own, for the solve benchmarks: the app is
// served from dist/ and opened in headless Chromium, and each worker loads the glue and
// module from a folder of dist/ and answers `bench_solve` requests alone.
import { serve } from '../tests/e2e/server.mjs';
import { launch, viewport } from '../tests/e2e/harness.mjs';

/** Serves dist/ and opens the app; `close` ends both. */
export async function openBenchPage() {
  const server = await serve();
  const base = `http://127.0.0.1:${server.address().port}/`;
  const browser = await launch();
  const page = await (await browser.newContext({ viewport })).newPage();
  await page.goto(base);
  await page.waitForSelector('[role=grid]');
  const close = async () => { await browser.close(); server.close(); };
  return { page, base, close };
}

/** Starts a worker named `name` on the module in `dir` (under dist/, '' or ending in '/'). */
export function startWorker(page, base, name, dir = '') {
  return page.evaluate(({ url, name }) => {
    const code = `import init, { bench_solve } from '${url}sudoku-web.js';
      await init({ module_or_path: '${url}sudoku-web_bg.wasm' });
      self.onmessage = (e) => {
        try { postMessage({ line: bench_solve(e.data.text, e.data.rounds) }); }
        catch (error) { postMessage({ error: String(error) }); }
      };
      postMessage({ ready: true });`;
    const worker = new Worker(URL.createObjectURL(new Blob([code], { type: 'text/javascript' })), { type: 'module' });
    (window.benchWorkers ??= {})[name] = worker;
    return new Promise((ready) => { worker.onmessage = (e) => { if (e.data.ready) ready(); }; });
  }, { url: `${base}${dir}`, name });
}

/** Times `text` for `rounds` rounds in worker `name`: the line `sudoku bench --format tsv`
 *  prints, split at its tabs (puzzles, µs per puzzle, guesses per puzzle, checksum). */
export async function benchIn(page, name, text, rounds) {
  const answer = await page.evaluate(({ name, text, rounds }) => new Promise((done) => {
    window.benchWorkers[name].onmessage = (e) => done(e.data);
    window.benchWorkers[name].postMessage({ text, rounds });
  }), { name, text, rounds });
  if (answer.error) throw new Error(answer.error);
  return answer.line.split('\t');
}
