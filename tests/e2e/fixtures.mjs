// Puzzles the end-to-end tests use.
/** A link to an empty 9x9 board, to enter a puzzle on: a first visit would open today's. */
export const EMPTY = `#p=${'.'.repeat(81)}`;
export const SEED = '8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..';
export const SEED_SOLUTION = '812753649943682175675491283154237896369845721287169534521974368438526917796318452';
/** top1465 #1, whose first hint is a hidden single, and its solution (`sudoku solve --format tsv`). */
export const HARD = '4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........';
export const HARD_SOLUTION = '468931527751624839392578461134756298289413675675289314846192753513867942927345186';
/** 16x16, 40% givens: data/large_16x16_40pct.txt, first line. */
export const SIXTEEN = 'G8.C...1E..A..4.......9....4.....D.......5.18...4..6D.....8G..1.....F...3....8C.........7.F6.DEG..4.5..B.G2.F7..6....D..8.9C53.A8469A5....G.1F.B.1.FG.CD...8.5.......9..FB17G......21.B75.A34.8..B....82....E..D....6...13B..G2..67..A...8C2..F3......3F.DE56..7';
/** 25x25 with 45% givens that the solver settles within a tenth of a second natively
 *  (scripts/make-large-puzzles.py 5 5 0.45 3). */
export const HARD25 = 'ALBE..HF..9D....GC3.5JI8.9D4M..LA.BG1...5..I8HF...........M..58I7H............2675.....E...9.....3.C.5I.7C.G..F..N..A.....4M.B.L.E..N.H4P9D.O3....I5J....G.M...D.C...7..H....AE....ME6..L..G.KCI..J7.H.2..5.8....1.7..26B..AP.D9...H.28..J.B.....4MD9.31.K8...H..K...N6FLBE.AP4..O12NF6.....JEB...4.1..3..C.EB...L.26FM..9..K5G.I8J..M.9.1.BE..K..G5I8..7..F6....C51.....I..HN2LF...A.....D..F6L.O91.......J78..O....4.....G5KIJ7N8H.....7J.H..G......2B.P4..9.M1.6F2..NJ.H8PAD....3..GC..IC.K5...O1M.JH8N......PE..H8..F...IC.2B.A..9.4.....5..IJ..13O......L.6....49...........KICJ8H.7.2.6B.L.6...8......P9M..O.K5C..DE..9A.......OG..JCI8H...';
/** The first of the hard 25x25 puzzles (Gecode's Sudoku examples, MIT licence; the
 *  shared data's hard25.txt), which the solver does not finish within a minute natively:
 *  a search that must be cancelled. Random sparse puzzles no longer serve, since restarts
 *  settle them in milliseconds. */
export const SLOW25 = '...G...9..4.....6F..L8...CEIN.HDM.OF.1L..A..9PJ.4......A...L..JBN.2.D.1...HP49...JB23.AD..7E..C5F...A1H....F.N5....I.BL...26.....7..C.6...H4B..1....I5.F.P...I..B..7.5.L...9....L6A...5OF.8P...K.NE..734B2.E..L...1J.5....O7.K.APO.5.CB1.P....3EM....2L.H.2..MJ.A...9.3.7......P.8C.....CF.DPG62N.E...OH.M.J.DL..OM..IE.B8..NH...3..K.CO1F.B.N.AH..P.78.JE...DE..6.....H......4M.KIB9..N.J..6......C..1.5.G..H.....75LG...6..1..CI..4.E..9K..6.....HGN.O2P.4.......OA..IP849...2.K3...7GN....G....N...P.D9....A...C1J...M.NAFE.4..23.7....8L......J.H9CD1LP..GO....4ME48NK..5.M......JL.......9.I.OG....835.A.DH..P.....35......L.J..E....8IG.67B';
