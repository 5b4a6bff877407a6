// Makes links/tests/clones/puzzles.jsonl: random 9x9 puzzles with clones beside other rules
// (quadruples, killer cages, thermometers), each as f-puzzles JSON and as the `scl` link
// SudokuPad's own converter makes of it, for links/tests/clones.rs to read both ways.
//
//   node scripts/clone-fixture.mjs SUDOKUTOOLS [COUNT] [SEED]
//
// SUDOKUTOOLS is a checkout of github.com/SudokuPad/sudokutools (its
// `src/fpuzzlesdecoder.js` is the converter sudokupad.app runs on `fpuzzles…` links). It is
// run from that checkout, never copied: no code of it is in this repository. Without it the
// script says so and stops; the committed fixture stays as it is.
//
// Each puzzle: clone entries in one of the arrangements below, a grid that keeps them found
// by a shuffled backtracking search, other rules read off that grid, then givens taken away
// in random order while the puzzle stays unique (a count with a node limit), so every
// puzzle is unique under its f-puzzles rules. About half carry their solution.

import { createRequire } from "node:module";
import { existsSync, writeFileSync, mkdirSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const [tools, countArg, seedArg] = process.argv.slice(2);
const here = dirname(fileURLToPath(import.meta.url));
const out = join(here, "..", "links", "tests", "clones", "puzzles.jsonl");
const decoder = tools && join(resolve(tools), "src", "fpuzzlesdecoder.js");
if (!decoder || !existsSync(decoder)) {
  console.log(
    "skipped: no SudokuPad/sudokutools checkout given (node scripts/clone-fixture.mjs " +
      "SUDOKUTOOLS [COUNT] [SEED]); the SudokuPad forms come from its converter alone, " +
      `so ${out} is left as committed`,
  );
  process.exit(0);
}
const require = createRequire(import.meta.url);
globalThis.md5Digest = require(join(resolve(tools), "src", "md5digest.js"));
globalThis.PuzzleZipper = require(join(resolve(tools), "src", "puzzlezipper_lib.js"));
const loadFPuzzle = require(decoder);

const COUNT = Number(countArg ?? 300);
let seed = Number(seedArg ?? 50) >>> 0;
// mulberry32: a small seeded generator, so a seed makes the same fixture again.
const random = () => {
  seed = (seed + 0x6d2b79f5) >>> 0;
  let t = seed;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};
const below = (k) => Math.floor(random() * k);
const pick = (list) => list[below(list.length)];
const shuffle = (list) => {
  for (let i = list.length - 1; i > 0; i--) {
    const j = below(i + 1);
    [list[i], list[j]] = [list[j], list[i]];
  }
  return list;
};

const N = 9;
const rc = (c) => [Math.floor(c / N), c % N];
const at = (r, c) => (r >= 0 && c >= 0 && r < N && c < N ? r * N + c : -1);
const name = (c) => `R${rc(c)[0] + 1}C${rc(c)[1] + 1}`;
const box = (c) => Math.floor(rc(c)[0] / 3) * 3 + Math.floor(rc(c)[1] / 3);
const neighbours = (c) => {
  const [r, k] = rc(c);
  return [at(r - 1, k), at(r + 1, k), at(r, k - 1), at(r, k + 1)].filter((x) => x >= 0);
};
const houses = [];
for (let i = 0; i < N; i++) {
  houses.push([...Array(N).keys()].map((k) => i * N + k));
  houses.push([...Array(N).keys()].map((k) => k * N + i));
  houses.push([...Array(N * N).keys()].filter((c) => box(c) === i));
}
const peers = [...Array(N * N).keys()].map((c) => [
  ...new Set(houses.filter((h) => h.includes(c)).flat().filter((x) => x !== c)),
]);

/// A random connected shape of `size` cells (reading order), within the grid.
const shapeOf = (size) => {
  const cells = [below(N * N)];
  while (cells.length < size) {
    const next = pick(cells.flatMap(neighbours).filter((c) => !cells.includes(c)));
    cells.push(next);
  }
  return cells.sort((a, b) => a - b);
};
/// The shape moved by (dr, dc), or null off the grid.
const moved = (cells, dr, dc) => {
  const to = cells.map((c) => at(rc(c)[0] + dr, rc(c)[1] + dc));
  return to.includes(-1) ? null : to;
};
const randomMove = (cells) => {
  for (let tries = 0; tries < 50; tries++) {
    const to = moved(cells, below(2 * N - 1) - (N - 1), below(2 * N - 1) - (N - 1));
    if (to && to.join() !== cells.join()) return to;
  }
  return null;
};
const touches = (a, b) => a.some((x) => b.includes(x) || neighbours(x).some((y) => b.includes(y)));

/// Clone entries, [cells, cloneCells], in one of the arrangements the tests want.
const arrangements = {
  // Pairs apart from each other.
  apart() {
    const entries = [];
    for (let k = 1 + below(3); entries.length < k; ) {
      const a = shapeOf(1 + below(4));
      const b = randomMove(a);
      const area = entries.flat(2);
      if (b && !touches(a, b) && !touches([...a, ...b], area)) entries.push([a, b]);
      else if (random() < 0.02) break;
    }
    return entries;
  },
  // Two clones whose originals overlap, as r1c2-r1c3 and r1c3-r1c4 do in issue 50.
  overlapping() {
    const a = shapeOf(2 + below(2));
    const [dr, dc] = pick([[0, 1], [1, 0], [1, 1], [0, 2]]);
    const a2 = moved(a, dr, dc);
    const b = randomMove(a);
    const b2 = a2 && randomMove(a2);
    return a2 && b && b2 ? [[a, b], [a2, b2]] : null;
  },
  // A clone whose copy overlaps its original: a path from a cell to the cell it is moved
  // to, moved three columns or rows so that no cell lands in its own box's row or column.
  selfOverlapping() {
    const [dr, dc] = pick([[1, 3], [2, 3], [3, 1], [3, 2], [1, -3], [3, -1], [3, 3]]);
    const [r, c] = rc(below(N * N));
    const path = [at(r, c)];
    for (let i = 1; i <= dr; i++) path.push(at(r + i, c));
    for (let j = 1; j <= Math.abs(dc); j++) path.push(at(r + dr, c + j * Math.sign(dc)));
    if (path.includes(-1)) return null;
    const a = path.sort((x, y) => x - y);
    const b = moved(a, dr, dc);
    return b ? [[a, b]] : null;
  },
  // A chain: a to b, b to c.
  chain() {
    const a = shapeOf(1 + below(3));
    const b = randomMove(a);
    const c = b && randomMove(b);
    return c ? [[a, b], [b, c]] : null;
  },
  // One area cloned to two or three places: three or four regions of one colour.
  many() {
    const a = shapeOf(1 + below(3));
    const copies = [...Array(2 + below(2))].map(() => randomMove(a));
    return copies.includes(null) ? null : copies.map((b) => [a, b]);
  },
  // Two pairs of one shape: four regions of one colour in two pairs.
  twoPairs() {
    const a = shapeOf(1 + below(3));
    const c = moved(a, below(5) - 2, below(5) - 2);
    const b = randomMove(a);
    const d = c && randomMove(c);
    return b && d ? [[a, b], [c, d]] : null;
  },
};

/// Cells that must be equal, in classes; null where a class has two cells of one house.
const classesOf = (entries) => {
  const parent = [...Array(N * N).keys()];
  const find = (x) => (parent[x] === x ? x : (parent[x] = find(parent[x])));
  for (const [a, b] of entries) a.forEach((x, i) => (parent[find(x)] = find(b[i])));
  const classes = new Map();
  for (let c = 0; c < N * N; c++) {
    const root = find(c);
    if (!classes.has(root)) classes.set(root, []);
    classes.get(root).push(c);
  }
  const list = [...classes.values()];
  return list.every((cl) => cl.every((x) => cl.every((y) => x === y || !peers[x].includes(y))))
    ? list
    : null;
};

/// Solutions of a puzzle, up to `limit`, or null if the search ran out of nodes: cells by
/// class (no two of one house), digits of rows, columns and boxes as bits, and each rule's
/// check on a partly filled grid.
const solve = (classes, givens, rules, limit, shuffled, nodes = 20000) => {
  const grid = Array(N * N).fill(0);
  const used = Array(3 * N).fill(0);
  const unitsOf = (x) => [rc(x)[0], N + rc(x)[1], 2 * N + box(x)];
  const set = (cl, d) => {
    for (const x of cl) {
      for (const u of unitsOf(x)) used[u] ^= 1 << (grid[x] || d);
      grid[x] = grid[x] ? 0 : d;
    }
  };
  const units = classes.map((cl) => [...new Set(cl.flatMap(unitsOf))]);
  const open = [];
  for (const [i, cl] of classes.entries()) {
    const given = cl.map((x) => givens[x]).find(Boolean);
    if (!given) open.push(i);
    else if (units[i].some((u) => used[u] & (1 << given))) return [];
    else set(cl, given);
  }
  const found = [];
  const rec = () => {
    if (--nodes < 0) return false;
    let best = -1;
    let bestMask = 0;
    let bestCount = 99;
    for (const i of open) {
      if (grid[classes[i][0]]) continue;
      let taken = 0;
      for (const u of units[i]) taken |= used[u];
      const mask = 0x3fe & ~taken;
      let count = 0;
      for (let m = mask; m; m &= m - 1) count++;
      if (count === 0) return true;
      if (count < bestCount) [best, bestMask, bestCount] = [i, mask, count];
    }
    if (best < 0) {
      found.push(grid.slice());
      return found.length < limit;
    }
    const digits = [1, 2, 3, 4, 5, 6, 7, 8, 9].filter((d) => bestMask & (1 << d));
    for (const d of shuffled ? shuffle(digits) : digits) {
      set(classes[best], d);
      const go = rules.every((rule) => rule.holds(grid)) ? rec() : true;
      set(classes[best], d);
      if (!go) return false;
    }
    return true;
  };
  return rec() || found.length >= limit ? found : null;
};

/// Other rules read off a full grid, beside the clones' cells where they fit.
const rulesBeside = (grid, near, quadruples) => {
  const fp = { quadruple: [], killercage: [], thermometer: [] };
  const checks = [];
  const start = () => (random() < 0.7 && near.length ? pick(near) : below(N * N));
  for (let q = 0; q < quadruples; q++) {
    const [r, c] = rc(start());
    const r0 = Math.min(r, N - 2), c0 = Math.min(c, N - 2);
    const cells = [at(r0, c0), at(r0, c0 + 1), at(r0 + 1, c0), at(r0 + 1, c0 + 1)];
    if (fp.quadruple.some((e) => e.cells.join() === cells.map(name).join())) continue;
    const values = shuffle([...new Set(cells.map((x) => grid[x]))]).slice(0, 2 + below(3)).sort();
    fp.quadruple.push({ cells: cells.map(name), values });
    checks.push({
      holds: (g) => {
        const filled = cells.map((x) => g[x]);
        const missing = values.filter((v) => !filled.includes(v)).length;
        return missing <= filled.filter((v) => !v).length;
      },
    });
  }
  if (random() < 0.5) {
    const cells = [start()];
    while (cells.length < 2 + below(3)) {
      const next = cells.flatMap(neighbours).filter((x) => !cells.includes(x) && !cells.some((y) => grid[y] === grid[x]));
      if (!next.length) break;
      cells.push(pick(next));
    }
    const sum = cells.reduce((s, x) => s + grid[x], 0);
    fp.killercage.push({ cells: cells.map(name), value: String(sum) });
    checks.push({
      holds: (g) => {
        const v = cells.map((x) => g[x]).filter(Boolean);
        const total = v.reduce((s, x) => s + x, 0);
        return new Set(v).size === v.length && (v.length === cells.length ? total === sum : total < sum);
      },
    });
  }
  if (random() < 0.5) {
    const line = [start()];
    for (;;) {
      const last = line[line.length - 1];
      const next = neighbours(last).filter((x) => !line.includes(x) && grid[x] > grid[last]);
      if (!next.length || line.length >= 5) break;
      line.push(pick(next));
    }
    if (line.length > 1) {
      fp.thermometer.push({ lines: [line.map(name)] });
      checks.push({
        holds: (g) =>
          line.every((x, i) => line.every((y, j) => j <= i || !g[x] || !g[y] || g[y] - g[x] >= j - i)),
      });
    }
  }
  for (const key of Object.keys(fp)) if (!fp[key].length) delete fp[key];
  return [fp, checks];
};

/// Whether two areas of clones touch without sharing a cell: SudokuPad's shading then
/// shows one larger area (two dominoes side by side are a square), which reads as a larger
/// clone in the tests as on SudokuPad's page, so no arrangement here makes one.
const merged = (entries) => {
  const areas = entries.flat();
  return areas.some((a) =>
    areas.some((b) => a.join() !== b.join() && !a.some((x) => b.includes(x)) && touches(a, b)),
  );
};

/// One puzzle with the clone entries `entries` and `quadruples` quadruples, unique, or null.
const puzzle = (entries, quadruples, title) => {
  const classes = entries && !merged(entries) && classesOf(entries);
  if (!classes) return null;
  const empty = Array(N * N).fill(0);
  const [grid] = solve(classes, empty, [], 1, true, 20000) ?? [];
  if (!grid) return null;
  const cloned = [...new Set(entries.flat(2))];
  const near = [...new Set(cloned.flatMap(neighbours))];
  const [rules, checks] = rulesBeside(grid, near, quadruples);
  const givens = grid.slice();
  for (const c of shuffle([...Array(N * N).keys()])) {
    const kept = givens[c];
    givens[c] = 0;
    const count = solve(classes, givens, checks, 2, false);
    if (!count || count.length !== 1) givens[c] = kept;
  }
  const fp = {
    size: N,
    title,
    grid: [...Array(N)].map((_, r) =>
      [...Array(N)].map((_, c) => (givens[r * N + c] ? { value: givens[r * N + c], given: true } : {})),
    ),
    clone: entries.map(([a, b]) => ({ cells: a.map(name), cloneCells: b.map(name) })),
    ...rules,
  };
  if (random() < 0.5) fp.solution = grid;
  return { fp, solution: grid.join("") };
};

const scl = async (fp) => {
  const zipped = await loadFPuzzle(loadFPuzzle.compressPuzzle(JSON.stringify(fp)));
  return `scl${loadFPuzzle.compressPuzzle(zipped)}`;
};

const lines = [];
const add = async (made, arrangement) => {
  lines.push(
    JSON.stringify({
      arrangement,
      fpuzzles: JSON.stringify(made.fp),
      sudokupad: await scl(made.fp),
      solution: made.solution,
    }),
  );
};

// Issue 50's arrangement: clones of r1c2-r1c3 at r2c8-r2c9 and of r1c3-r1c4 at r3c6-r3c7,
// six quadruples, no solution carried (the drawing alone decides).
const cell = (r, c) => at(r - 1, c - 1);
for (;;) {
  const entries = [
    [[cell(1, 2), cell(1, 3)], [cell(2, 8), cell(2, 9)]],
    [[cell(1, 3), cell(1, 4)], [cell(3, 6), cell(3, 7)]],
  ];
  const made = puzzle(entries, 6, "Issue 50");
  if (made && made.fp.quadruple?.length === 6) {
    delete made.fp.solution;
    await add(made, "issue 50");
    break;
  }
}
const kinds = Object.keys(arrangements);
for (let i = 0; lines.length < COUNT + 1; i++) {
  const kind = kinds[i % kinds.length];
  const made = puzzle(arrangements[kind](), below(4), `${kind} ${lines.length}`);
  if (made) await add(made, kind);
}
mkdirSync(dirname(out), { recursive: true });
writeFileSync(out, lines.join("\n") + "\n");
console.log(`wrote ${lines.length} puzzles to ${out}`);
