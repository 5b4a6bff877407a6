#!/usr/bin/env node
// Prints the puzzles of Sigh's Interactive Sudoku Solver (ISS) that carry a solution and
// whose input is inline text (not a path to a `.iss` or `.js` file): one JSON object a line,
// `{"name", "input", "solution"}`, from its `data/example_puzzles.js` and
// `data/collections.js` (every list and collection, each input once).
//
//   node scripts/iss-suite.mjs ISS_DIR [--links] > suite.jsonl
//
// ISS_DIR is an ISS tree kept outside the project (MIT; nothing of it is committed here).
// `links/tests/iss_suite.rs` runs this to read the suite. With `--links`, each line is in
// the benches' form instead, `{"title", "iss", "solution"}`: `iss` the puzzle's ISS link
// as ISS's share button writes it (`searchParams.set('q', input)`), and a title that
// another puzzle has too numbered, "(2)", so that each names one puzzle
// (`scripts/iss-compare.sh ISS_DIR ROUNDS suite`). ISS names some puzzles by their whole
// input (SudoCue's killers, some 400 characters): such a title is cut to its start.
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const args = process.argv.slice(2);
const links = args.includes('--links');
const dirs = args.filter((a) => a !== '--links');
if (dirs.length !== 1) {
  console.error('usage: node scripts/iss-suite.mjs ISS_DIR [--links]');
  process.exit(2);
}
const root = resolve(dirs[0]);
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
const titles = new Map();
// Longer than any real name; a cut title keeps enough to tell one killer from another.
const LONGEST_TITLE = 80;
const CUT_TITLE = 32;
const asLink = ({ name: whole, input, solution }) => {
  const name = whole.length > LONGEST_TITLE ? `${whole.slice(0, CUT_TITLE)}…` : whole;
  const seenBefore = titles.get(name) ?? 0;
  titles.set(name, seenBefore + 1);
  const url = new URL('https://sigh.github.io/Interactive-Sudoku-Solver/');
  url.searchParams.set('q', input);
  return { title: seenBefore ? `${name} (${seenBefore + 1})` : name, iss: url.href, solution };
};
for (const row of out) console.log(JSON.stringify(links ? asLink(row) : row));
