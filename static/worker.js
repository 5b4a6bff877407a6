// The solver worker: runs the page's own wasm module, whose entry point sees it is in a
// worker and starts serving solver requests. The page hands over the module it compiled
// as the first message, so it is compiled once, not once per worker. Anything else (a
// benchmark's own worker), or a module this script's glue cannot run (a tab left on the
// old version after a deploy), has the module fetched here: the worker then runs the
// deploy's build, says so in its Ready, and the page reloads into it.
import init from './sudoku-web.js';

const first = await new Promise((resolve) => {
  self.addEventListener('message', (e) => resolve(e.data), { once: true });
});
const ran = first instanceof WebAssembly.Module
  && await init({ module_or_path: first }).then(() => true, () => false);
if (!ran) await init({ module_or_path: new URL('./sudoku-web_bg.wasm', import.meta.url) });
