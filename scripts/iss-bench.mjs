#!/usr/bin/env node
// Benchmark Sigh's Interactive Sudoku Solver (ISS) on f-puzzles variant puzzles; the ISS half
// of scripts/iss-compare.sh. Copied from the project's shared tools (tools/iss-bench/run.mjs),
// its inlined lz-string decoder replaced by the lz-string package.
//
// Usage:
//   node scripts/iss-bench.mjs <iss-source-tree> <puzzles.jsonl> [--timeout-s 60] [--only <title substring>]
//                [--no-warmup] [--repeat N] [--print-constraints]
//
// <iss-source-tree> is a checkout of https://github.com/sigh/Interactive-Sudoku-Solver
// (the directory holding js/, data/, ...). <puzzles.jsonl> has one JSON object a line with
// `title`, `fpuzzles` (lz-string compressToBase64 of the f-puzzles JSON), `solution` and
// `constraints`; or with `title`, `iss` (an ISS link, or ISS's own text) and `solution`, as
// `scripts/iss-suite.mjs --links` lists ISS's suite.
//
// ISS has no f-puzzles importer of its own, so this script translates the f-puzzles JSON into
// ISS's constraint text (`.Type~arg~cell...`), which ISS's own SudokuParser then parses and
// SudokuBuilder compiles. An `iss` link's text is its `q`, read as ISS's page reads it
// (`searchParams.get('q')`), and parsed as it is. Every puzzle is solved with maxSolutions = 2 (find one solution and
// prove there is no second), under a wall-clock cap enforced from ISS's progress callback.
// Each puzzle is solved once as a warm-up (its time is reported as cold_ms) and then N more
// times (--repeat, default 1); `ms` is the median of those N timed solves, `min_ms` the
// fastest. All puzzles run in one process.
//
// Output: TSV on stdout, one row per puzzle; progress and errors on stderr.

import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import LZString from 'lz-string';

// ---------------------------------------------------------------------------
// Arguments
// ---------------------------------------------------------------------------

const argv = process.argv.slice(2);
const positional = [];
const opts = { timeoutS: 60, only: null, warmup: true, printConstraints: false, repeat: 1 };
for (let i = 0; i < argv.length; i++) {
  const a = argv[i];
  if (a === '--timeout-s') opts.timeoutS = Number(argv[++i]);
  else if (a === '--only') opts.only = argv[++i];
  else if (a === '--no-warmup') opts.warmup = false;
  else if (a === '--repeat') opts.repeat = Math.max(1, Number(argv[++i]));
  else if (a === '--print-constraints') opts.printConstraints = true;
  else if (a === '-h' || a === '--help') {
    console.log('usage: node scripts/iss-bench.mjs <iss-source-tree> <puzzles.jsonl> [--timeout-s 60] ' +
      '[--only <title substring>] [--no-warmup] [--repeat N] [--print-constraints]');
    process.exit(0);
  } else positional.push(a);
}
if (positional.length !== 2) {
  console.error('usage: node scripts/iss-bench.mjs <iss-source-tree> <puzzles.jsonl> [options]');
  process.exit(2);
}
const [issRoot, puzzlesPath] = positional.map(p => resolve(p));

// ---------------------------------------------------------------------------
// ISS modules (they expect a browser/worker-like global `self`)
// ---------------------------------------------------------------------------

if (typeof globalThis.self === 'undefined') globalThis.self = globalThis;
if (typeof globalThis.VERSION_PARAM === 'undefined') globalThis.VERSION_PARAM = '';
const issImport = (rel) => import(pathToFileURL(join(issRoot, rel)).href);
const { SudokuParser } = await issImport('js/sudoku_parser.js');
const { SudokuBuilder } = await issImport('js/solver/sudoku_builder.js');
const { SudokuConstraint } = await issImport('js/sudoku_constraint.js');
const { LookupTables } = await issImport('js/solver/lookup_tables.js');

// ---------------------------------------------------------------------------
// f-puzzles JSON -> ISS constraint text
// ---------------------------------------------------------------------------

// Keys that carry no rule (metadata, solver settings, drawings). Drawings (line, text, cage,
// circle, rectangle) are what f-puzzles draws for its own constraint keys, or decoration; a
// puzzle whose rules give a drawing a meaning would lose that rule here, so they are listed
// in the `note` column.
const META_KEYS = new Set(['size', 'grid', 'title', 'author', 'ruleset', 'solution',
  'successMessage', 'disabledlogic', 'truecandidatesoptions']);
const DRAWING_KEYS = new Set(['line', 'text', 'cage', 'circle', 'rectangle']);

const parseRC = (id) => {
  const m = /^R(\d+)C(\d+)$/.exec(id);
  if (!m) throw new Error('bad cell id ' + id);
  return [+m[1], +m[2]];  // 1-based; 0 and size+1 mean outside the grid
};
const cellId = (r, c) => `R${r}C${c}`;  // 1-based
const boxShape = (n) => {
  let h = Math.floor(Math.sqrt(n));
  while (n % h) h--;
  return [h, n / h];  // rows per box, columns per box
};

// ISS serialisation for a binary relation applied to pairs of cells.
const pairText = (fn, numValues, name, pairs) => {
  const key = SudokuConstraint.Pair.fnToKey(fn, numValues);
  return SudokuConstraint.Pair.serialize(
    pairs.map(([a, b]) => new SudokuConstraint.Pair(key, name, a, b)));
};

function fpuzzlesToIss(fp) {
  const n = fp.size;
  const parts = [];
  const unsupported = [];
  const drawings = [];
  const notesOut = [];
  if (n !== 9) parts.push(`.Shape~${n}x${n}`);

  // Per-cell candidate restrictions (givens, given pencil marks, odd/even), intersected.
  const cand = new Map();
  const restrict = (id, values) => {
    const prev = cand.get(id);
    cand.set(id, prev ? prev.filter(v => values.includes(v)) : [...values]);
  };
  const all = Array.from({ length: n }, (_, i) => i + 1);

  // Grid: givens, given pencil marks, regions.
  const [bh, bw] = boxShape(n);
  const region = [];
  let irregular = false;
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) {
      const cell = fp.grid[r][c] || {};
      const id = cellId(r + 1, c + 1);
      if (cell.given && cell.value) restrict(id, [cell.value]);
      if (Array.isArray(cell.givenPencilMarks) && cell.givenPencilMarks.length) {
        restrict(id, cell.givenPencilMarks);
      }
      const def = Math.floor(r / bh) * (n / bw) + Math.floor(c / bw);
      const reg = (cell.region !== undefined && cell.region !== null) ? cell.region : def;
      if (reg !== def) irregular = true;
      region.push(reg);
    }
  }
  if (irregular) {
    if (region.some(x => x < 0 || x >= 36)) throw new Error('region index out of range');
    parts.push('.NoBoxes');
    parts.push('.Jigsaw~' + region.map(x => x.toString(36)).join(''));
  }

  // Adjacent pairs marked with a dot or XV, for nonconsecutive/negative handling.
  const pairKey = (a, b) => [a, b].sort().join('|');
  const dotMarked = new Set();
  const xvMarked = new Set();
  for (const d of fp.difference || []) dotMarked.add(pairKey(...d.cells));
  for (const d of fp.ratio || []) dotMarked.add(pairKey(...d.cells));
  for (const d of fp.xv || []) xvMarked.add(pairKey(...d.cells));
  const orthPairs = [];
  for (let r = 1; r <= n; r++) {
    for (let c = 1; c <= n; c++) {
      if (c < n) orthPairs.push([cellId(r, c), cellId(r, c + 1)]);
      if (r < n) orthPairs.push([cellId(r, c), cellId(r + 1, c)]);
    }
  }

  for (const [key, val] of Object.entries(fp)) {
    if (META_KEYS.has(key)) continue;
    if (DRAWING_KEYS.has(key)) { if (val && val.length) drawings.push(key); continue; }
    if (val === false || val === null || (Array.isArray(val) && val.length === 0)) continue;
    switch (key) {
      case 'diagonal+': parts.push('.Diagonal~1'); break;
      case 'diagonal-': parts.push('.Diagonal~-1'); break;
      case 'antiknight': parts.push('.AntiKnight'); break;
      case 'antiking': parts.push('.AntiKing'); break;
      case 'disjointgroups': parts.push('.DisjointSets'); break;
      case 'nonconsecutive': {
        const free = orthPairs.filter(([a, b]) => !dotMarked.has(pairKey(a, b)));
        if (free.length === orthPairs.length) parts.push('.AntiConsecutive');
        else parts.push(pairText((a, b) => Math.abs(a - b) !== 1, n, 'nonconsecutive', free));
        break;
      }
      case 'negative': {
        for (const what of val) {
          if (what === 'xv') parts.push('.StrictXV');
          else if (what === 'ratio') {
            const free = orthPairs.filter(([a, b]) => !dotMarked.has(pairKey(a, b)));
            parts.push(pairText((a, b) => a !== 2 * b && b !== 2 * a, n, 'antiratio', free));
          } else unsupported.push('negative:' + what);
        }
        break;
      }
      case 'difference':
        for (const d of val) {
          const k = Number(d.value || 1);
          if (k === 1) parts.push(`.WhiteDot~${d.cells.join('~')}`);
          else parts.push(pairText((a, b) => Math.abs(a - b) === k, n, `diff${k}`, [d.cells]));
        }
        break;
      case 'ratio':
        for (const d of val) {
          const k = Number(d.value || 2);
          if (k === 2) parts.push(`.BlackDot~${d.cells.join('~')}`);
          else parts.push(pairText((a, b) => a === k * b || b === k * a, n, `ratio${k}`, [d.cells]));
        }
        break;
      case 'xv':
        for (const d of val) {
          if (d.value === 'X') parts.push(`.X~${d.cells.join('~')}`);
          else if (d.value === 'V') parts.push(`.V~${d.cells.join('~')}`);
          else unsupported.push('xv:' + d.value);
        }
        break;
      case 'killercage':
        for (const k of val) {
          const sum = (k.value === undefined || k.value === null) ? '' : String(k.value).trim();
          if (sum !== '' && !/^\d+$/.test(sum)) { unsupported.push('killercage:' + sum); continue; }
          parts.push(`.Cage~${sum}~${k.cells.join('~')}`);
        }
        break;
      case 'extraregion':
        for (const e of val) parts.push(`.AllDifferent~${e.cells.join('~')}`);
        break;
      case 'littlekillersum':
        for (const lk of val) {
          if (lk.value === undefined || lk.value === null || lk.value === '') continue;
          // A little killer is a plain sum along the diagonal (repeats allowed).
          parts.push(`.Sum~${Number(lk.value)}~${lk.cells.join('~')}`);
        }
        break;
      case 'sandwichsum':
        for (const s of val) {
          const [r, c] = parseRC(s.cell);
          let id;
          if (c === 0 || c === n + 1) id = `R${r}`;
          else if (r === 0 || r === n + 1) id = `C${c}`;
          else { unsupported.push('sandwichsum:inside'); continue; }
          parts.push(`.Sandwich~${Number(s.value)}~${id}`);
        }
        break;
      case 'xsum':
      case 'skyscraper': {
        const type = key === 'xsum' ? 'XSum' : 'Skyscraper';
        const lines = new Map();  // id -> [forward, backward]
        for (const s of val) {
          const [r, c] = parseRC(s.cell);
          let id, fwd;
          if (r === 0) { id = `C${c}`; fwd = true; }
          else if (r === n + 1) { id = `C${c}`; fwd = false; }
          else if (c === 0) { id = `R${r}`; fwd = true; }
          else if (c === n + 1) { id = `R${r}`; fwd = false; }
          else { unsupported.push(key + ':inside'); continue; }
          if (s.value === undefined || s.value === '') continue;
          const e = lines.get(id) || ['', ''];
          e[fwd ? 0 : 1] = String(Number(s.value));
          lines.set(id, e);
        }
        for (const [id, [f, b]] of lines) parts.push(`.${type}~${id}~${f}~${b}`);
        break;
      }
      case 'arrow':
        for (const a of val) {
          const circle = a.cells;
          for (const line of a.lines) {
            const body = line.filter(x => !circle.includes(x));
            if (!body.length) continue;
            if (circle.length === 1) parts.push(`.Arrow~${circle[0]}~${body.join('~')}`);
            else if (circle.length <= 3) parts.push(`.PillArrow~${circle.length}~${circle.join('~')}~${body.join('~')}`);
            else unsupported.push('arrow:circle>3');
          }
        }
        break;
      case 'thermometer':
      case 'palindrome':
      case 'betweenline':
      case 'renban':
      case 'regionsumline':
      case 'zipperline':
      case 'entropicline':
      case 'doublearrow': {
        const type = {
          thermometer: 'Thermo', palindrome: 'Palindrome', betweenline: 'Between',
          renban: 'Renban', regionsumline: 'RegionSumLine', zipperline: 'Zipper',
          entropicline: 'Entropic', doublearrow: 'DoubleArrow',
        }[key];
        for (const t of val) for (const line of t.lines) parts.push(`.${type}~${line.join('~')}`);
        break;
      }
      case 'whispers':
        for (const t of val) {
          const gap = Number(t.value || 5);
          for (const line of t.lines) parts.push(`.Whisper~${gap}~${line.join('~')}`);
        }
        break;
      case 'modularline':
        for (const t of val) {
          const mod = Number(t.value || 3);
          for (const line of t.lines) parts.push(`.Modular~${mod}~${line.join('~')}`);
        }
        break;
      case 'lockout':
        for (const t of val) {
          const d = Number(t.value || 4);
          for (const line of t.lines) parts.push(`.Lockout~${d}~${line.join('~')}`);
        }
        break;
      case 'nabner': {
        // ISS's own examples encode Nabner as PairX (no two digits on the line equal or
        // consecutive).
        const key2 = SudokuConstraint.PairX.fnToKey((a, b) => Math.abs(a - b) > 1, n);
        const cons = [];
        for (const t of val) for (const line of t.lines) {
          cons.push(new SudokuConstraint.PairX(key2, 'Nabner', ...line));
        }
        parts.push(SudokuConstraint.PairX.serialize(cons));
        break;
      }
      case 'clone': {
        const pairs = [];
        for (const cl of val) cl.cells.forEach((a, i) => pairs.push([a, cl.cloneCells[i]]));
        parts.push(pairText((a, b) => a === b, n, 'clone', pairs));
        break;
      }
      case 'quadruple':
        for (const q of val) {
          const rcs = q.cells.map(parseRC);
          const r0 = Math.min(...rcs.map(x => x[0])), c0 = Math.min(...rcs.map(x => x[1]));
          parts.push(`.Quad~${cellId(r0, c0)}~${q.values.join('~')}`);
        }
        break;
      case 'odd':
        for (const o of val) restrict(o.cell, all.filter(v => v % 2 === 1));
        break;
      case 'even':
        for (const o of val) restrict(o.cell, all.filter(v => v % 2 === 0));
        break;
      case 'minimum':
      case 'maximum': {
        const marks = new Set(val.map(o => o.cell));
        for (const id of marks) {
          const [r, c] = parseRC(id);
          for (const [dr, dc] of [[0, 1], [1, 0], [0, -1], [-1, 0]]) {
            const r2 = r + dr, c2 = c + dc;
            if (r2 < 1 || r2 > n || c2 < 1 || c2 > n) continue;
            const other = cellId(r2, c2);
            if (marks.has(other)) continue;
            parts.push(key === 'maximum'
              ? `.GreaterThan~${id}~${other}` : `.GreaterThan~${other}~${id}`);
          }
        }
        break;
      }
      case 'rowindexer':
        for (const g of val) parts.push(`.Indexing~R~${g.cells.join('~')}`);
        break;
      case 'columnindexer':
        for (const g of val) parts.push(`.Indexing~C~${g.cells.join('~')}`);
        break;
      case 'boxindexer': {
        // ISS's Indexing covers rows and columns only. A box indexer cell at position p of
        // its box (1-based, reading order) holding v means position v of that box holds p:
        // for every other position q, the pair (X, cell q) obeys X == q -> cell q == p.
        if (irregular) { unsupported.push('boxindexer:irregular'); break; }
        const posCell = (br, bc, q) => cellId(br * bh + Math.floor((q - 1) / bw) + 1,
          bc * bw + ((q - 1) % bw) + 1);
        for (const g of val) for (const id of g.cells) {
          const [r, c] = parseRC(id);
          const br = Math.floor((r - 1) / bh), bc = Math.floor((c - 1) / bw);
          const p = ((r - 1) % bh) * bw + ((c - 1) % bw) + 1;
          for (let q = 1; q <= n; q++) {
            if (q === p) continue;
            parts.push(pairText((x, y) => x !== q || y === p, n, 'boxindexer',
              [[id, posCell(br, bc, q)]]));
          }
        }
        notesOut.push('boxindexer encoded as ISS Pair constraints');
        break;
      }
      default:
        unsupported.push(key);
    }
  }

  if (cand.size) {
    const args = [...cand.entries()].map(([id, vs]) => `${id}_${vs.join('_')}`);
    // An empty intersection would make the puzzle unsolvable: keep it as no values.
    parts.push('.~' + args.join('~'));
  }
  return { text: parts.join(''), unsupported, drawings, notes: notesOut };
}

// An ISS link's `q`, as ISS's page reads it; other text is ISS's own text already.
const issText = (link) => {
  try {
    return new URL(link).searchParams.get('q') ?? link;
  } catch {
    return link;
  }
};

// ---------------------------------------------------------------------------
// Solving
// ---------------------------------------------------------------------------

class TimeoutSignal extends Error { }

// Each value as ISS's suite lists solutions (and the engine's `Symbols::iss` writes them):
// a digit where the largest value is under 10, else A for 1 up to P for 16, 0 as 0.
const gridString = (grid, geometry) => {
  let s = '';
  const letters = geometry.numValues + geometry.valueOffset > 9;
  for (let cell = 0; cell < geometry.numGridCells; cell++) {
    const mask = grid[cell];
    const fixed = mask && !(mask & (mask - 1));
    const value = fixed ? LookupTables.toOffsetValue(mask, geometry.valueOffset) : null;
    s += value === null ? '?' : letters && value > 0 ? String.fromCharCode(64 + value) : String(value);
  }
  return s;
};

// Parse + build + search for up to two solutions. Times are wall-clock milliseconds.
function solveOnce(text, timeoutMs) {
  const t0 = performance.now();
  const constraint = SudokuParser.parseText(text);
  const resolved = SudokuBuilder.resolveConstraint(constraint);
  const solver = SudokuBuilder.build(resolved);
  const internal = solver._internalSolver;
  const geometry = solver.geometry ? solver.geometry() : internal._geometry;
  const t1 = performance.now();
  const deadline = t0 + timeoutMs;
  internal.setProgressCallback(() => {
    if (performance.now() > deadline) throw new TimeoutSignal('timeout');
  }, 12);
  let first = null;
  let timedOut = false;
  try {
    internal.run({ maxSolutions: 2 }, (grid) => {
      if (first === null) first = gridString(grid, geometry);
    });
  } catch (e) {
    if (e instanceof TimeoutSignal) timedOut = true;
    else throw e;
  }
  const t2 = performance.now();
  const counters = { ...internal.counters };
  let verdict;
  if (timedOut) verdict = 'timeout';
  else if (counters.solutions >= 2) verdict = 'multiple';
  else if (counters.solutions === 1) verdict = 'unique';
  else verdict = 'none';
  return {
    verdict, solution: first, counters,
    totalMs: t2 - t0, buildMs: t1 - t0, searchMs: t2 - t1,
  };
}

// ---------------------------------------------------------------------------
// Main
// ---------------------------------------------------------------------------

const puzzles = readFileSync(puzzlesPath, 'utf8').split('\n').filter(l => l.trim())
  .map(l => JSON.parse(l))
  .filter(p => !opts.only || p.title.includes(opts.only));

// One process-level warm-up on a classic puzzle, so the first real puzzle does not pay for
// loading the lookup tables.
solveOnce('.~R1C1_5~R1C2_3~R1C5_7~R2C1_6~R2C4_1~R2C5_9~R2C6_5~R3C2_9~R3C3_8~R3C8_6', 60000);

const fmt = (x) => (x === null || x === undefined) ? '' : x.toFixed(1);
const header = ['title', 'verdict', 'solution_ok', 'ms', 'min_ms', 'build_ms', 'search_ms', 'cold_ms',
  'guesses', 'backtracks', 'nodes', 'constraints', 'note'];
console.log(header.join('\t'));

const timeoutMs = opts.timeoutS * 1000;
for (const p of puzzles) {
  const title = p.title.replace(/[\t\n]/g, ' ');
  const keys = (p.constraints || []).join(',');
  let conv;
  const notes = [];
  try {
    if (p.iss !== undefined) conv = { text: issText(p.iss), unsupported: [], drawings: [], notes: [] };
    else conv = fpuzzlesToIss(JSON.parse(LZString.decompressFromBase64(p.fpuzzles)));
  } catch (e) {
    console.log([title, 'unsupported', '-', '', '', '', '', '', '', '', '', keys,
      'import error: ' + String(e.message).replace(/\s+/g, ' ')].join('\t'));
    continue;
  }
  notes.push(...conv.notes);
  if (conv.drawings.length) notes.push('drawings ignored: ' + conv.drawings.join(','));
  if (conv.unsupported.length) {
    console.log([title, 'unsupported', '-', '', '', '', '', '', '', '', '', keys,
      'no ISS mapping for: ' + [...new Set(conv.unsupported)].join(',')].join('\t'));
    continue;
  }
  if (opts.printConstraints) console.error(`# ${title}\n${conv.text}`);

  let cold = null, res;
  const runs = [];
  try {
    if (opts.warmup) {
      cold = solveOnce(conv.text, timeoutMs);
      if (cold.verdict === 'timeout') notes.push('warm-up timed out; not repeated');
    }
    if (cold && cold.verdict === 'timeout') runs.push(cold);
    else for (let i = 0; i < opts.repeat; i++) runs.push(solveOnce(conv.text, timeoutMs));
  } catch (e) {
    console.log([title, 'unsupported', '-', '', '', '', '', '', '', '', '', keys,
      'ISS rejected: ' + String(e.message).replace(/\s+/g, ' ').slice(0, 200)].join('\t'));
    continue;
  }
  // The median run (by total time) is the one reported; min_ms is the fastest.
  const sorted = [...runs].sort((a, b) => a.totalMs - b.totalMs);
  res = sorted[(sorted.length - 1) >> 1];
  const minMs = sorted[0].totalMs;
  const expected = String(p.solution || '');
  let ok = '-';
  if (res.solution !== null && expected) ok = res.solution === expected ? 'yes' : 'no';
  console.log([
    title, res.verdict, ok, fmt(res.totalMs), fmt(minMs), fmt(res.buildMs), fmt(res.searchMs),
    cold ? fmt(cold.totalMs) : '', res.counters.guesses, res.counters.backtracks,
    res.counters.nodesSearched, keys, notes.join('; '),
  ].join('\t'));
  console.error(`${res.verdict}\t${fmt(res.totalMs)} ms\t${title}`);
}
