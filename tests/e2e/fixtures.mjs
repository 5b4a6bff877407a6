// Puzzles the end-to-end tests use.
export const SEED = '8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..';
export const SEED_SOLUTION = '812753649943682175675491283154237896369845721287169534521974368438526917796318452';
/** top1465 #1, whose first hint is a hidden single, and its solution (`sudoku solve --format tsv`). */
export const HARD = '4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........';
export const HARD_SOLUTION = '468931527751624839392578461134756298289413675675289314846192753513867942927345186';
/** 16x16, 40% givens: data/large_16x16_40pct.txt, first line. */
export const SIXTEEN = 'G8.C...1E..A..4.......9....4.....D.......5.18...4..6D.....8G..1.....F...3....8C.........7.F6.DEG..4.5..B.G2.F7..6....D..8.9C53.A8469A5....G.1F.B.1.FG.CD...8.5.......9..FB17G......21.B75.A34.8..B....82....E..D....6...13B..G2..67..A...8C2..F3......3F.DE56..7';
/** 25x25 with 45% givens that keeps the solver busy for about half a second natively
 *  (scripts/make-large-puzzles.py 5 5 0.45 3). */
export const HARD25 = 'ALBE..HF..9D....GC3.5JI8.9D4M..LA.BG1...5..I8HF...........M..58I7H............2675.....E...9.....3.C.5I.7C.G..F..N..A.....4M.B.L.E..N.H4P9D.O3....I5J....G.M...D.C...7..H....AE....ME6..L..G.KCI..J7.H.2..5.8....1.7..26B..AP.D9...H.28..J.B.....4MD9.31.K8...H..K...N6FLBE.AP4..O12NF6.....JEB...4.1..3..C.EB...L.26FM..9..K5G.I8J..M.9.1.BE..K..G5I8..7..F6....C51.....I..HN2LF...A.....D..F6L.O91.......J78..O....4.....G5KIJ7N8H.....7J.H..G......2B.P4..9.M1.6F2..NJ.H8PAD....3..GC..IC.K5...O1M.JH8N......PE..H8..F...IC.2B.A..9.4.....5..IJ..13O......L.6....49...........KICJ8H.7.2.6B.L.6...8......P9M..O.K5C..DE..9A.......OG..JCI8H...';
/** 25x25 with 35% givens whose second solution takes the solver longer than 20 s natively
 *  (scripts/make-large-puzzles.py 5 5 0.35 2): a search that must be cancelled. */
export const SLOW25 = '.D4.2...1EO.6.....9.MGF.JFB...LP7.9.5N.1.H..2.A.3.8E.5....GBHK4......A.I...7......O.3....G..5..K..D..36.A.KH2...L9.J.M............M...I....4...2.7.9A.....JP79..E...NK.....6..C.1.........OC2.P9..L.....9.P.......BF..J5.8....D.......KHD4...PA.M....8N.G.24O3.HD..N.97..F..L.E.G.8....5.....1......3....A...67.........F.M8GE.....N..L.B......G.8.5....K3...O1.HDK...........A.6.BM.L........5..C6..9...7B.EM....I.......MJG..1..8...KH.M...EI.PB.......K..3..C...O...2..3H....BG.....D5..5....GJ..F.4.....6O.L..7.6....324.K..BP.EJG..1......3..D...56........FG8.........A6......8D..5....K.....H...8..23K.......FL..JM...B.LF.N1D......O.7...';
