// The shared variant puzzles (data/variants/puzzles.jsonl: CC BY 4.0, from
// SudokuVariantSolverJS by David Clamage; each setter is named in its puzzle), by title.
import fs from 'node:fs';

const file = new URL('../../data/variants/puzzles.jsonl', import.meta.url);
/** Every shared puzzle, in the file's order. */
export const all = fs.readFileSync(file, 'utf8').trim().split('\n').map((line) => JSON.parse(line));

/** The puzzle whose title starts with `title`: its `fpuzzles` and `sudokupad` payloads,
 *  `solution` and the rest of its fields. */
export function variant(title) {
  const found = all.find((p) => p.title.startsWith(title));
  if (!found) throw new Error(`no shared puzzle titled ${title}`);
  return found;
}

/** The killer puzzle most tests use: 24 cages, one solution. */
export const KILLER = variant('October 10, 2023: Killer');
