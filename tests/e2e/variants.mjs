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

/** A puzzle for each rule of ISS's that issue 53 draws, made in this repository and written
 *  in ISS's text: its constraint text, its solution, the `data-rule` of every figure it draws
 *  (sorted), and the rules of the whole grid the page names under the title. The first nine
 *  are a unique classic of fixtures.mjs (SEED or HARD, with their givens) with rules added
 *  that hold on its solution, so each keeps that one solution; their clues (ranks, rooms,
 *  hidden skyscrapers, lunchbox sums, rellik sums no digits of the cage make, counting
 *  circles) were computed from it. The last four are the first solution `sudoku solve`
 *  finds for the whole-grid rule alone, given but for 22 cells, which it and ISS prove unique. */
export const ISS_RULES = [
  {
    title: 'Greater-than (made here)',
    text: '.~R1C1_8~R2C3_3~R2C4_6~R3C2_7~R3C5_9~R3C7_2~R4C2_5~R4C6_7~R5C5_4~R5C6_5~R5C7_7~R6C4_1~R6C8_3~R7C3_1~R7C8_6~R7C9_8~R8C3_8~R8C4_5~R8C8_1~R9C2_9~R9C7_4.GreaterThan~R1C4~R1C3~R1C5~R2C4.GreaterThan~R1C7~R1C6~R1C8~R2C7.GreaterThan~R1C9~R1C8~R2C9.GreaterThan~R1C1~R1C2.GreaterThan~R3C3~R4C3.GreaterThan~R7C8~R7C7.GreaterThan~R8C4~R9C4',
    solution: '812753649943682175675491283154237896369845721287169534521974368438526917796318452',
    rules: ['greater-than'],
    named: '',
  },
  {
    title: '10-lines with a loop (made here)',
    text: '.~R1C1_4~R1C5_3~R2C4_6~R2C7_8~R3C9_1~R4C5_5~R4C8_9~R5C2_8~R5C7_6~R6C2_7~R6C4_2~R7C4_1~R7C6_2~R7C7_7~R8C1_5~R8C3_3~R8C8_4~R9C1_9.SumLine~10~R3C3~R4C3~R4C2~R4C1~R5C1~R5C2.SumLine~10~R8C9~R7C9~R7C8~R6C8~R6C7~R5C7.SumLine~10~R6C5~R6C4~R7C4~R7C5.SumLine~10~R7C3~R7C2~R8C2~R9C2~R9C3.SumLine~10~R1C2~R1C1~R2C1~R3C1.SumLine~10~R1C7~R1C8~R2C8~R2C9~R3C9.SumLine~10~R1C5~R1C6~R2C6~R2C5~LOOP',
    solution: '468931527751624839392578461134756298289413675675289314846192753513867942927345186',
    rules: ['sum-line'],
    named: '',
  },
  {
    title: 'Rellik cages (made here)',
    text: '.~R1C1_8~R2C3_3~R2C4_6~R3C2_7~R3C5_9~R3C7_2~R4C2_5~R4C6_7~R5C5_4~R5C6_5~R5C7_7~R6C4_1~R6C8_3~R7C3_1~R7C8_6~R7C9_8~R8C3_8~R8C4_5~R8C8_1~R9C2_9~R9C7_4.RellikCage~6~R1C1~R1C2~R2C2.RellikCage~6~R1C5~R1C6.RellikCage~8~R4C4~R4C5~R5C5.RellikCage~8~R7C7~R8C7~R8C8.RellikCage~18~R3C7~R3C8~R3C9~R4C9.RellikCage~8~R9C2~R9C3',
    solution: '812753649943682175675491283154237896369845721287169534521974368438526917796318452',
    rules: ['rellik'],
    named: '',
  },
  {
    title: 'Equality cages (made here)',
    text: '.~R1C1_4~R1C5_3~R2C4_6~R2C7_8~R3C9_1~R4C5_5~R4C8_9~R5C2_8~R5C7_6~R6C2_7~R6C4_2~R7C4_1~R7C6_2~R7C7_7~R8C1_5~R8C3_3~R8C8_4~R9C1_9.EqualityCage~R1C4~R1C5~R2C5~R2C4.EqualityCage~R4C2~R4C3~R5C3~R5C2.EqualityCage~R1C1~R2C1.EqualityCage~R1C3~R2C3.EqualityCage~R1C8~R1C9.EqualityCage~R2C7~R2C8.EqualityCage~R3C2~R3C3',
    solution: '468931527751624839392578461134756298289413675675289314846192753513867942927345186',
    rules: ['equality-cage', 'killer'],
    named: '',
  },
  {
    title: 'Full rank (made here)',
    text: '.~R1C1_8~R2C3_3~R2C4_6~R3C2_7~R3C5_9~R3C7_2~R4C2_5~R4C6_7~R5C5_4~R5C6_5~R5C7_7~R6C4_1~R6C8_3~R7C3_1~R7C8_6~R7C9_8~R8C3_8~R8C4_5~R8C8_1~R9C2_9~R9C7_4.FullRank~R3~22~12.FullRank~C5~20~2.FullRank~C8~15~17.FullRank~R7~18~30',
    solution: '812753649943682175675491283154237896369845721287169534521974368438526917796318452',
    rules: ['full-rank'],
    named: '',
  },
  {
    title: 'Numbered rooms (made here)',
    text: '.~R1C1_4~R1C5_3~R2C4_6~R2C7_8~R3C9_1~R4C5_5~R4C8_9~R5C2_8~R5C7_6~R6C2_7~R6C4_2~R7C4_1~R7C6_2~R7C7_7~R8C1_5~R8C3_3~R8C8_4~R9C1_9.NumberedRoom~R1~9~8.NumberedRoom~R5~8~1.NumberedRoom~C3~3~2.NumberedRoom~C9~3~8.NumberedRoom~R8~6~4',
    solution: '468931527751624839392578461134756298289413675675289314846192753513867942927345186',
    rules: ['numbered-room'],
    named: '',
  },
  {
    title: 'Hidden skyscrapers (made here)',
    text: '.~R1C1_8~R2C3_3~R2C4_6~R3C2_7~R3C5_9~R3C7_2~R4C2_5~R4C6_7~R5C5_4~R5C6_5~R5C7_7~R6C4_1~R6C8_3~R7C3_1~R7C8_6~R7C9_8~R8C3_8~R8C4_5~R8C8_1~R9C2_9~R9C7_4.HiddenSkyscraper~R2~4~1.HiddenSkyscraper~R6~7~3.HiddenSkyscraper~C1~6~4.HiddenSkyscraper~C7~1~3.HiddenSkyscraper~R9~6~4.HiddenSkyscraper~C4~6~1',
    solution: '812753649943682175675491283154237896369845721287169534521974368438526917796318452',
    rules: ['hidden-skyscraper'],
    named: '',
  },
  {
    title: 'Lunchbox (made here)',
    text: '.~R1C1_4~R1C5_3~R2C4_6~R2C7_8~R3C9_1~R4C5_5~R4C8_9~R5C2_8~R5C7_6~R6C2_7~R6C4_2~R7C4_1~R7C6_2~R7C7_7~R8C1_5~R8C3_3~R8C8_4~R9C1_9.Lunchbox~0~R1C1~R1C2~R1C3~R1C4~R1C5.Lunchbox~2~R3C1~R4C1~R5C1~R6C1.Lunchbox~9~R5C5~R5C6~R5C7~R5C8.Lunchbox~0~R7C9~R8C9~R9C9~R9C8~R9C7.Lunchbox~0~R2C6~R2C7~R2C8~R2C9',
    solution: '468931527751624839392578461134756298289413675675289314846192753513867942927345186',
    rules: ['lunchbox'],
    named: '',
  },
  {
    title: 'Counting circles (made here)',
    text: '.~R1C1_8~R2C3_3~R2C4_6~R3C2_7~R3C5_9~R3C7_2~R4C2_5~R4C6_7~R5C5_4~R5C6_5~R5C7_7~R6C4_1~R6C8_3~R7C3_1~R7C8_6~R7C9_8~R8C3_8~R8C4_5~R8C8_1~R9C2_9~R9C7_4.CountingCircles~R1C2~R1C3~R1C6~R2C3~R2C6~R3C9',
    solution: '812753649943682175675491283154237896369845721287169534521974368438526917796318452',
    rules: ['counting-circles'],
    named: '',
  },
  {
    // Either r1c2 is 1 or r1c3 is 5, and either r5c4 or r5c3 is 8: each given of a branch
    // drawn in its cell.
    title: 'Either-or givens (made here)',
    text: '.~R1C1_8~R2C3_3~R2C4_6~R3C2_7~R3C5_9~R3C7_2~R4C2_5~R4C6_7~R5C5_4~R5C6_5~R5C7_7~R6C4_1~R6C8_3~R7C3_1~R7C8_6~R7C9_8~R8C3_8~R8C4_5~R8C8_1~R9C2_9~R9C7_4.Or.~R1C2_1.~R1C3_5.End.Or.~R5C4_8.~R5C3_8.End',
    solution: '812753649943682175675491283154237896369845721287169534521974368438526917796318452',
    rules: ['quadruple'],
    named: '',
  },
  {
    title: 'Anti-taxicab (made here)',
    text: '.AntiTaxicab.~R1C1_3~R1C3_2~R1C4_4~R1C6_9~R1C7_8~R1C8_5~R2C1_9~R2C2_6~R2C3_4~R2C4_1~R2C5_8~R2C6_5~R2C8_7~R2C9_3~R3C2_8~R3C3_5~R3C4_3~R3C6_6~R3C7_9~R3C8_1~R3C9_4~R4C1_2~R4C2_7~R4C3_8~R4C4_5~R4C6_1~R4C9_9~R5C1_6~R5C3_1~R5C4_9~R5C5_4~R5C6_8~R5C8_3~R5C9_2~R6C1_4~R6C2_3~R6C4_2~R6C5_6~R6C7_1~R6C8_8~R6C9_5~R7C1_5~R7C3_3~R7C4_8~R7C5_1~R7C6_2~R7C7_6~R8C1_1~R8C2_2~R8C3_6~R8C6_3~R8C7_5~R8C8_4~R9C1_8~R9C4_6~R9C5_5~R9C6_4~R9C7_3~R9C9_1',
    solution: '312479856964185273785326914278531469651948732439267185543812697126793548897654321',
    rules: [],
    named: 'Anti-taxicab',
  },
  {
    title: 'Dutch flatmates (made here)',
    text: '.DutchFlatmates.~R1C1_1~R1C2_5~R1C3_2~R1C4_4~R1C8_7~R1C9_8~R2C3_6~R2C4_1~R2C5_8~R2C7_4~R2C9_5~R3C1_8~R3C2_4~R3C3_7~R3C5_2~R3C8_6~R3C9_9~R4C2_3~R4C4_6~R4C5_1~R4C6_4~R4C7_5~R4C9_2~R5C1_6~R5C3_1~R5C5_5~R5C6_2~R5C7_7~R5C9_4~R6C1_4~R6C2_2~R6C3_5~R6C4_7~R6C5_9~R6C6_8~R6C7_6~R6C9_1~R7C1_5~R7C2_7~R7C3_8~R7C4_2~R7C5_4~R7C6_6~R7C7_9~R7C8_1~R7C9_3~R8C1_9~R8C3_4~R8C4_8~R8C6_1~R8C8_5~R8C9_7~R9C1_2~R9C2_1~R9C3_3~R9C4_9~R9C5_7~R9C7_8~R9C8_4',
    solution: '152469378396187425847523169739614582681352794425798631578246913964831257213975846',
    rules: [],
    named: 'Dutch flatmates',
  },
  {
    title: 'Global entropy (made here)',
    text: '.GlobalEntropy.~R1C1_7~R1C2_1~R1C3_4~R1C4_8~R1C5_5~R1C6_9~R1C8_2~R1C9_6~R2C1_5~R2C3_6~R2C6_1~R2C7_4~R2C8_7~R2C9_9~R3C1_3~R3C3_9~R3C4_4~R3C5_7~R3C6_6~R3C9_5~R4C1_8~R4C2_5~R4C3_2~R4C4_1~R4C6_3~R4C8_6~R4C9_7~R5C1_4~R5C5_9~R5C6_5~R5C9_1~R6C1_9~R6C2_6~R6C3_1~R6C4_7~R6C6_8~R6C7_5~R6C8_3~R6C9_4~R7C1_1~R7C2_9~R7C3_5~R7C4_3~R7C5_6~R7C7_7~R7C9_8~R8C3_3~R8C4_9~R8C5_8~R8C6_4~R8C7_1~R8C8_5~R8C9_2~R9C1_2~R9C2_4~R9C4_5~R9C5_1~R9C6_7~R9C7_6',
    solution: '714859326586231479329476815852143967437695281961728534195362748673984152248517693',
    rules: [],
    named: 'Global entropy',
  },
  {
    title: 'Global mod 3 (made here)',
    text: '.GlobalMod.~R1C2_4~R1C4_5~R1C5_1~R1C7_2~R1C8_7~R1C9_9~R2C1_3~R2C2_2~R2C3_1~R2C5_8~R2C6_7~R2C7_6~R2C8_5~R2C9_4~R3C1_5~R3C2_7~R3C3_9~R3C4_2~R3C5_4~R3C7_8~R3C8_1~R4C2_6~R4C3_5~R4C4_1~R4C6_2~R4C7_7~R5C1_2~R5C2_1~R5C3_3~R5C4_8~R5C7_5~R6C1_7~R6C2_9~R6C3_8~R6C4_4~R6C5_6~R6C6_5~R6C7_1~R6C8_3~R6C9_2~R7C1_6~R7C2_5~R7C4_3~R7C7_9~R7C8_8~R7C9_7~R8C1_1~R8C2_3~R8C3_2~R8C4_7~R8C5_9~R8C7_4~R8C8_6~R9C2_8~R9C3_7~R9C4_6~R9C5_5~R9C6_4~R9C8_2',
    solution: '846513279321987654579246813465132798213879546798465132654321987132798465987654321',
    rules: [],
    named: 'Global mod 3',
  },
];
