//! The 9x9 solver: candidates kept per digit and band, so one 32-bit word holds where a
//! digit can go in three rows (27 cells), and whole rows, boxes and columns are updated
//! with a few table lookups.
//!
//! The layout and the band update follow the idea published as JCZSolve (storing bands by
//! digit, resolving each digit's 3x3 minirow pattern in a band at once); this is our own
//! implementation. It branches on the bivalue cell with the most open and bivalue peers,
//! which cuts guesses by 40%. Column hidden singles and choosing by the digits' places were
//! measured and left out: they cut guesses but cost more than they saved.
//!
//! Mispredicted branches cost more here than instructions, so the hot paths avoid the
//! unpredictable ones: changed words are found as a mask, a found hidden single is
//! applied without asking whether there is one, and givens are gathered as a mask.
//! Each of these was kept only for what `benches/compare.rs` showed; several variants
//! with fewer instructions (pre-shifted tables, a table for the other bands, a
//! branch-free digit lookup, a band-major layout) ran slower, and SSE2 compares for the
//! mask were no faster than scalar ones. A word is written once per update or placement,
//! from a register: clearing it in memory and restoring it made later loads wait.
//!
//! Cell `i` is bit `i % 27` of band `i / 27`; word `digit * 3 + band` holds that digit's
//! possible cells in that band, including the cells where it is already placed.

use crate::budget::Budget;
use crate::Contradiction;

const ALL: u32 = (1 << 27) - 1;
const ROW: u32 = 0x1FF;

/// For a 9-bit row: which of its three minirows (boxes) still hold the digit.
const MINIROWS: [u32; 512] = {
    let mut t = [0; 512];
    let mut i = 0;
    while i < 512 {
        t[i] = (i & 7 != 0) as u32
            | (((i >> 3) & 7 != 0) as u32) << 1
            | (((i >> 6) & 7 != 0) as u32) << 2;
        i += 1;
    }
    t
};

/// For the 3x3 pattern of minirows (bit `row * 3 + box`) that hold a digit in a band:
/// the cells that can still hold it. The digit takes one box per row and one row per box,
/// so only minirows on some permutation survive; an empty mask means a contradiction.
const PERMUTATION_CELLS: [u32; 512] = {
    let mut t = [0; 512];
    let mut pattern = 0;
    while pattern < 512 {
        let mut keep = 0u32;
        let mut p = 0;
        while p < 6 {
            let perm = sudoku_model::ORDERS_OF_THREE[p];
            let mut minirows = 0u32;
            let mut row = 0;
            while row < 3 {
                minirows |= 1 << (row * 3 + perm[row]);
                row += 1;
            }
            if pattern as u32 & minirows == minirows {
                keep |= minirows;
            }
            p += 1;
        }
        let mut cells = 0u32;
        let mut m = 0;
        while m < 9 {
            if keep & (1 << m) != 0 {
                cells |= 7 << ((m / 3) * 9 + (m % 3) * 3);
            }
            m += 1;
        }
        t[pattern] = cells;
        pattern += 1;
    }
    t
};

/// Spreads a 9-bit column mask to the same columns in all three rows of a band.
const fn columns(mask: u32) -> u32 {
    mask | mask << 9 | mask << 18
}

/// For the columns a digit can use in one band: the cells the other two bands keep. A box
/// whose digit is confined to one column takes that column from the other bands.
const POINTING_KEEP: [u32; 512] = {
    let mut t = [0; 512];
    let mut cols = 0;
    while cols < 512 {
        let mut lose = 0u32;
        let mut b = 0;
        while b < 3 {
            let group = (cols >> (3 * b)) & 7;
            if group == 1 || group == 2 || group == 4 {
                lose |= (group as u32) << (3 * b);
            }
            b += 1;
        }
        t[cols] = ALL & !columns(lose);
        cols += 1;
    }
    t
};

/// For a 9-bit row: the row itself if it has exactly one cell, else nothing.
const LONE_CELL: [u32; 512] = {
    let mut t = [0; 512];
    let mut bit = 0;
    while bit < 9 {
        t[1 << bit] = 1 << bit;
        bit += 1;
    }
    t
};

/// For a cell's position in its band: the band's cells that are not its row or box peers.
const SAME_BAND_KEEP: [u32; 27] = {
    let mut t = [0; 27];
    let mut pos = 0;
    while pos < 27 {
        let (row, col) = (pos / 9, pos % 9);
        let mut peers = ROW << (row * 9);
        let box_cols = 7u32 << ((col / 3) * 3);
        peers |= columns(box_cols);
        t[pos] = (ALL & !peers) | 1 << pos;
        pos += 1;
    }
    t
};

/// A 9-bit row spread to nine 7-bit counters, one per column, to add rows up column-wise:
/// every sum the branch score takes (at most 108) fits a lane.
const LANES: [u64; 512] = {
    let mut t = [0; 512];
    let mut row = 0;
    while row < 512 {
        let mut col = 0;
        while col < 9 {
            t[row] |= ((row >> col & 1) as u64) << (7 * col);
            col += 1;
        }
        row += 1;
    }
    t
};

/// One in each of the nine lanes of [`LANES`].
const LANE_ONES: u64 = 0x0102_0408_1020_4081;

/// The first lane of each box's three.
const BOX_LANES: u64 = 0x7F | 0x7F << 21 | 0x7F << 42;

/// For a cell's position in its band: its row, and the shift to its column's lane.
const ROW_AND_LANE: [(u8, u8); 27] = {
    let mut t = [(0, 0); 27];
    let mut pos = 0;
    while pos < 27 {
        t[pos] = ((pos / 9) as u8, (7 * (pos % 9)) as u8);
        pos += 1;
    }
    t
};

/// The whole search state; copied at each guess.
#[derive(Clone, Copy)]
struct Bands {
    cells: [u32; 27],
    /// `cells` as the band update last left them, to update only what changed.
    seen: [u32; 27],
    unsolved: [u32; 3],
    /// Cells with exactly two candidates, found while looking for naked singles.
    pairs: [u32; 3],
}

/// Solutions and counters shared by the whole search.
pub struct Outcome {
    /// The first `kept` solutions found (at most two), 1-based digits by cell.
    pub solutions: [[u8; 81]; 2],
    pub kept: usize,
    pub count: u64,
    pub guesses: u64,
    pub gave_up: bool,
}

struct Run<'b, 'c> {
    limit: u64,
    keep: usize,
    out: Outcome,
    budget: &'b mut Budget<'c>,
}

/// Solves a 9x9 puzzle (digits by cell, 0 for empty) with standard houses, counting
/// solutions up to `limit` and keeping the first `keep` (at most two) of them; `None` if
/// two givens conflict.
pub fn solve(puzzle: &[u8], limit: u64, keep: usize, budget: &mut Budget) -> Option<Outcome> {
    let mut run = Run {
        limit,
        keep: keep.min(2),
        out: Outcome {
            solutions: [[0; 81]; 2],
            kept: 0,
            count: 0,
            guesses: 0,
            gave_up: false,
        },
        budget,
    };
    let mut state = Bands::from_puzzle(puzzle)?;
    if state.propagate().is_ok() {
        state.search(&mut run);
    }
    Some(run.out)
}

impl Bands {
    fn from_puzzle(puzzle: &[u8]) -> Option<Bands> {
        let mut s = Bands {
            cells: [ALL; 27],
            seen: [0; 27],
            unsolved: [ALL; 3],
            pairs: [0; 3],
        };
        for (band, cells) in puzzle.chunks_exact(27).enumerate() {
            // Found without a branch per cell: whether a cell is given is unpredictable.
            let mut givens = 0u32;
            for (pos, &v) in cells.iter().enumerate() {
                givens |= ((v != 0) as u32) << pos;
            }
            while givens != 0 {
                let pos = givens.trailing_zeros() as usize;
                givens &= givens - 1;
                let word = (cells[pos] as usize - 1) * 3 + band;
                if s.cells[word] & 1 << pos == 0 {
                    return None;
                }
                s.place(word, 1 << pos);
            }
        }
        Some(s)
    }

    /// Places the digit of `word` at the single cell `bit` of its band. The band update
    /// finishes the row, box and column eliminations in the digit's own words.
    #[inline]
    fn place(&mut self, word: usize, bit: u32) {
        let band = word % 3;
        let pos = bit.trailing_zeros() as usize;
        let kept = self.cells[word] & SAME_BAND_KEEP[pos];
        let column = !columns(1 << (pos % 9));
        let digit_base = word - band;
        self.cells[digit_base + (band + 1) % 3] &= column;
        self.cells[digit_base + (band + 2) % 3] &= column;
        self.unsolved[band] &= !bit;
        for digit in 0..9 {
            self.cells[digit * 3 + band] &= !bit;
        }
        self.cells[word] = kept;
    }

    /// Runs band updates and singles until nothing changes.
    fn propagate(&mut self) -> Result<(), Contradiction> {
        loop {
            self.update_bands()?;
            if self.unsolved == [0; 3] {
                return Ok(());
            }
            if !self.naked_singles()? {
                return Ok(());
            }
        }
    }

    fn update_bands(&mut self) -> Result<(), Contradiction> {
        loop {
            let mut todo = self.changed();
            if todo == 0 {
                return Ok(());
            }
            while todo != 0 {
                let word = todo.trailing_zeros() as usize;
                todo &= todo - 1;
                self.update_band(word)?;
            }
        }
    }

    /// The words that changed since their last band update, as a mask. Found without a
    /// branch per word: which words changed is too irregular to predict.
    #[inline(always)]
    fn changed(&self) -> u32 {
        let mut same = 0;
        for word in 0..27 {
            same |= ((self.cells[word] == self.seen[word]) as u32) << word;
        }
        !same & ALL
    }

    #[inline(always)]
    fn update_band(&mut self, word: usize) -> Result<(), Contradiction> {
        let m = self.cells[word];
        let pattern = MINIROWS[(m & ROW) as usize]
            | MINIROWS[((m >> 9) & ROW) as usize] << 3
            | MINIROWS[(m >> 18) as usize] << 6;
        let m = m & PERMUTATION_CELLS[pattern as usize];
        if m == 0 {
            return Err(Contradiction);
        }
        self.seen[word] = m;

        let band = word % 3;
        let digit_base = word - band;
        let keep = POINTING_KEEP[((m | m >> 9 | m >> 18) & ROW) as usize];
        self.cells[digit_base + (band + 1) % 3] &= keep;
        self.cells[digit_base + (band + 2) % 3] &= keep;

        // A row with one cell left for the digit places it there (a hidden single; boxes
        // reduce to this through the permutation table). Applied unconditionally: when
        // nothing is solved it changes nothing, and a branch here mispredicts often.
        let solved = (LONE_CELL[(m & ROW) as usize]
            | LONE_CELL[((m >> 9) & ROW) as usize] << 9
            | LONE_CELL[(m >> 18) as usize] << 18)
            & self.unsolved[band];
        self.unsolved[band] &= !solved;
        for digit in 0..9 {
            self.cells[digit * 3 + band] &= !solved;
        }
        // Written once, after the clear above took the solved cells from this word too.
        self.cells[word] = m;
        Ok(())
    }

    /// Places every cell with one candidate left and notes the cells with two.
    fn naked_singles(&mut self) -> Result<bool, Contradiction> {
        let mut placed = false;
        for band in 0..3 {
            let (mut one, mut two, mut three) = (0, 0, 0);
            for digit in 0..9 {
                let m = self.cells[digit * 3 + band];
                three |= two & m;
                two |= one & m;
                one |= m;
            }
            if one != ALL {
                return Err(Contradiction);
            }
            self.pairs[band] = two & !three;
            let mut singles = one & !two & self.unsolved[band];
            while singles != 0 {
                let bit = singles & singles.wrapping_neg();
                singles ^= bit;
                let digit = (0..9)
                    .find(|d| self.cells[d * 3 + band] & bit != 0)
                    .ok_or(Contradiction)?;
                self.place(digit * 3 + band, bit);
                placed = true;
            }
        }
        Ok(placed)
    }

    /// Branches on one cell; `self` has been propagated. Each digit tried and refuted is
    /// removed before the next, and the last one is placed without a copy. When one digit is
    /// left, it is placed at once: propagating its removal first would only find it as a
    /// naked single, a pass and a scan later (4-5% on top1465).
    fn search(&mut self, run: &mut Run) {
        if self.unsolved == [0; 3] {
            run.out.count += 1;
            if run.out.kept < run.keep {
                run.out.solutions[run.out.kept] = self.solution();
                run.out.kept += 1;
            }
            return;
        }
        let (band, bit) = self.branch_cell();
        run.out.guesses += 1;
        loop {
            if !run.budget.spend() {
                run.out.gave_up = true;
                return;
            }
            let digits: u32 = (0..9)
                .filter(|d| self.cells[d * 3 + band] & bit != 0)
                .fold(0, |m, d| m | 1 << d);
            let word = digits.trailing_zeros() as usize * 3 + band;
            if digits & (digits - 1) == 0 {
                self.place(word, bit);
                if self.propagate().is_ok() {
                    self.search(run);
                }
                return;
            }
            // `seen` equals `cells` after propagation; copied from `cells`, field by field,
            // the copy stays inline instead of becoming a call to `memcpy`.
            debug_assert_eq!(self.cells, self.seen);
            let mut next = Bands {
                cells: self.cells,
                seen: self.cells,
                unsolved: self.unsolved,
                pairs: self.pairs,
            };
            next.place(word, bit);
            if next.propagate().is_ok() {
                next.search(run);
            }
            if run.out.count >= run.limit || run.out.gave_up {
                return;
            }
            self.cells[word] &= !bit;
            let rest = digits & (digits - 1);
            if rest & (rest - 1) == 0 {
                continue;
            }
            if self.propagate().is_err() {
                return;
            }
            if self.unsolved[band] & bit == 0 {
                // Propagation placed the cell itself.
                self.search(run);
                return;
            }
        }
    }

    /// The bivalue cell with the best-placed peers, else the open cell with fewest
    /// candidates. Peers in its box count twice (a placement there settles most); open peers
    /// count twice, and bivalue ones once more, since a placement sets off chains through
    /// them. Measured on top1465: 13.0 guesses per puzzle, against 13.7 with open peers
    /// alone and 22.0 for the first bivalue cell. The bivalue term also saved 3.5-4.5% of
    /// guesses on each of four copies of top1465 (rotated, transposed, and twice with bands,
    /// rows, stacks and columns shuffled), so it is not an accident of the set's cell order.
    fn branch_cell(&self) -> (usize, u32) {
        if self.pairs[0] | self.pairs[1] | self.pairs[2] != 0 {
            // Each cell's peers counted in 7-bit lanes, one per column: open cells twice,
            // bivalue cells once more. Per row, per band and over the grid.
            let rows: [u64; 9] = std::array::from_fn(|i| {
                let (open, at) = (self.unsolved[i / 3], 9 * (i % 3));
                let pairs = self.pairs[i / 3] & open;
                2 * LANES[(open >> at & ROW) as usize] + LANES[(pairs >> at & ROW) as usize]
            });
            let in_band: [u64; 3] =
                std::array::from_fn(|b| rows[3 * b] + rows[3 * b + 1] + rows[3 * b + 2]);
            let in_col = in_band[0] + in_band[1] + in_band[2];
            // Per band and row, every column's score, so that a pair's score is one shift
            // away; scoring each pair from the counts took twice as long. No score exceeds
            // 3 * (9 + 18 + 9), so none overflows its lane.
            let scores: [u64; 9] = std::array::from_fn(|i| {
                let band = in_band[i / 3];
                let boxes = (band + (band >> 7) + (band >> 14)) & BOX_LANES;
                let in_box = boxes | boxes << 7 | boxes << 14;
                // The product's lane 8 sums the row's lanes; lower partial sums cannot carry.
                let in_row = rows[i].wrapping_mul(LANE_ONES) >> 56 & 0x7F;
                in_row * LANE_ONES + 2 * in_box + in_col
            });
            let mut best = (0u64, 0usize, 0u32);
            for band in 0..3 {
                let mut pairs = self.pairs[band] & self.unsolved[band];
                while pairs != 0 {
                    let bit = pairs & pairs.wrapping_neg();
                    pairs ^= bit;
                    let (row, lane) = ROW_AND_LANE[bit.trailing_zeros() as usize];
                    let score = scores[3 * band + row as usize] >> lane & 0x7F;
                    if score > best.0 {
                        best = (score, band, bit);
                    }
                }
            }
            return (best.1, best.2);
        }
        let mut best = (10, 0, 0);
        for band in 0..3 {
            let mut open = self.unsolved[band];
            while open != 0 {
                let bit = open & open.wrapping_neg();
                open ^= bit;
                let count = (0..9)
                    .filter(|d| self.cells[d * 3 + band] & bit != 0)
                    .count();
                if count < best.0 {
                    best = (count, band, bit);
                }
            }
        }
        (best.1, best.2)
    }

    fn solution(&self) -> [u8; 81] {
        let mut grid = [0u8; 81];
        for digit in 0..9 {
            for band in 0..3 {
                let mut m = self.cells[digit * 3 + band];
                while m != 0 {
                    grid[band * 27 + m.trailing_zeros() as usize] = digit as u8 + 1;
                    m &= m - 1;
                }
            }
        }
        grid
    }
}
