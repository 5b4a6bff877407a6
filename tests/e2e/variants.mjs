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

/** A 6x6 ISS puzzle (links/tests/iss.rs's OWN_6X6, proven unique there and by ISS): a
 *  cage, a thermometer, a little killer and givens, as ISS's text, its link and the app's
 *  own address for it; each rule by the `data-rule` its drawing has. */
export const ISS = {
  text: '.Shape~6x6.Cage~6~R1C1~R1C2~R1C3.Thermo~R1C1~R2C1~R4C1.LittleKiller~18~R1C4.~R2C5_2~R3C3_4~R3C6_1~R4C4_2~R5C2_4~R5C6_2~R6C3_2~R6C5_4~R2C2_5~R6C1_6',
  givens: '.......5..2...4..1...2...4...26.2.4.',
  solution: '123456456123234561561234345612612345',
  rules: ['killer', 'thermometer', 'little-killer'],
};
ISS.link = `https://sigh.github.io/Interactive-Sudoku-Solver/?q=${encodeURIComponent(ISS.text)}`;
/** A 4x4 with a minimum cell, a rule ISS has no type for. */
export const NO_ISS = '{"size":4,"grid":[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]],"minimum":[{"cell":"R2C3"}]}';
