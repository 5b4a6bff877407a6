// The solver worker: runs the page's own wasm module, whose entry point sees it is in a
// worker and starts serving solver requests. The page hands over the module it compiled
// as the first message, so it is compiled once, not once per worker; anything else (a
// benchmark's own worker) has the module fetched and compiled here.
import init from './sudoku-web.js';

const first = await new Promise((resolve) => {
  self.addEventListener('message', (e) => resolve(e.data), { once: true });
});
await init({
  module_or_path: first instanceof WebAssembly.Module
    ? first
    : new URL('./sudoku-web_bg.wasm', import.meta.url),
});
