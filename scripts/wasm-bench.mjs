// Runs a program built for wasm32-wasip1 under Node's WASI (the `sudoku` command, or the
// variants bench), so the wasm build's speed can be set beside the native one on the same
// data; it sees data/ as /data, and QUICK (quick mode, README "How fast") as it is set.
// usage: node scripts/wasm-bench.mjs sudoku.wasm bench /data/top1465.txt --format tsv
import { readFile } from 'node:fs/promises';
import { WASI } from 'node:wasi';
import { resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const [wasmPath, ...args] = process.argv.slice(2);
const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const env = process.env.QUICK ? { QUICK: process.env.QUICK } : {};
const wasi = new WASI({ version: 'preview1', args: ['sudoku', ...args], env, preopens: { '/data': `${root}/data` } });
const module = await WebAssembly.compile(await readFile(wasmPath));
const instance = await WebAssembly.instantiate(module, wasi.getImportObject());
process.exitCode = wasi.start(instance);
