// The solver worker: loads the page's own wasm module, whose entry point sees it is in a
// worker and starts serving solver requests.
import init from './sudoku-web.js';

await init({ module_or_path: new URL('./sudoku-web_bg.wasm', import.meta.url) });
