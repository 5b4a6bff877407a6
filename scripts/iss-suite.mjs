#!/usr/bin/env node
// Prints the puzzles of Sigh's Interactive Sudoku Solver (ISS) that carry a solution and
// whose input is inline text (not a path to a `.iss` or `.js` file): one JSON object a line,
// `{"name", "input", "solution"}`, from its `data/example_puzzles.js` and
// `data/collections.js` (every list and collection, each input once).
//
//   node scripts/iss-suite.mjs ISS_DIR > suite.jsonl
//
// ISS_DIR is an ISS tree kept outside the project (MIT; nothing of it is committed here).
// `links/tests/iss_suite.rs` runs this to read the suite.
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

if (process.argv.length !== 3) {
  console.error('usage: node scripts/iss-suite.mjs ISS_DIR');
  process.exit(2);
}
const root = resolve(process.argv[2]);
if (typeof globalThis.self === 'undefined') globalThis.self = globalThis;
if (typeof globalThis.VERSION_PARAM === 'undefined') globalThis.VERSION_PARAM = '';
const load = (rel) => import(pathToFileURL(join(root, rel)).href);
const examples = await load('data/example_puzzles.js');
const collections = await load('data/collections.js');

const seen = new Set();
const out = [];
const take = (config) => {
  if (!config || typeof config.input !== 'string' || !config.solution) return;
  if (config.input.startsWith('/')) return;
  if (seen.has(config.input)) return;
  seen.add(config.input);
  out.push({ name: config.name ?? '', input: config.input, solution: config.solution });
};
const resolveEntry = (entry, list) => {
  if (typeof list?.configFor === 'function') return list.configFor(entry);
  if (typeof entry === 'string') {
    return examples.PUZZLE_INDEX.get(entry) ?? { input: entry };
  }
  return entry;
};
for (const puzzle of examples.DISPLAYED_EXAMPLES ?? []) take(puzzle);
for (const value of Object.values(collections)) {
  if (!Array.isArray(value)) continue;
  for (const entry of value) take(resolveEntry(entry, value));
}
for (const row of out) console.log(JSON.stringify(row));
