//! The search of a chaos construction ([`sudoku_model::chaos`]): the digits and each
//! cell's region are found together, as ISS's `chaos_handler.js` does, by a depth-first
//! search over two candidate sets per cell, digits and regions (bit `r` for region `r`).
//! It is a search of its own beside `general.rs`, which knows only digits; the puzzle's
//! houses and rules narrow the digits as there (singles, and each rule's `propagate`).
//!
//! What narrows the regions, each sound (it removes nothing a solution uses):
//! - the canonical order: region `k` may first appear only after region `k - 1` has, in
//!   reading order, so that each partition is searched once (ISS's §4);
//! - size and reach: a region has `size` cells, connected, so a cell farther than
//!   `size - 1` steps (through cells that may be in it) from a cell fixed to it is not in
//!   it; a full region takes no more cells, and one with just `size` cells left takes them;
//! - doors: a cell without which a region's fixed cells cannot gather `size` connected
//!   cells is in it (ISS's door bottlenecks, plainly: one search per candidate cell);
//! - areas: the cells outside full regions, split where full regions wall them, each hold
//!   a whole number of regions;
//! - digits: a region repeats none, and where it holds every digit, a digit only one of
//!   its possible cells can hold puts that cell in it with that digit;
//! - the clues: a count or an arrow keeps the digits some region of its first cell allows,
//!   and where both are fixed, a count or run at its least or most fixes the cells around.
//!
//! A full assignment is checked by [`Chaos::holds`] and the puzzle's own rules before it
//! counts, so propagation never has to be complete. Each (digits, partition) is one
//! solution: two layouts of the same digits are two.

use crate::budget::Budget;
use sudoku_model::chaos::{neighbours, Chaos, ChaosClue, ChaosLayout};
use sudoku_model::grid::Grid;
use sudoku_model::puzzle::Puzzle;

/// A solution: the digits and the regions.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChaosSolution {
    pub grid: Grid,
    pub layout: ChaosLayout,
}

/// What a chaos search found.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ChaosFound {
    /// The first solutions found, at most the number asked to keep.
    pub solutions: Vec<ChaosSolution>,
    /// Solutions found, at most the limit.
    pub count: u64,
    /// False if the budget ran out before the count was settled.
    pub complete: bool,
    pub guesses: u64,
}

/// Counts up to `limit` solutions of `puzzle` with `chaos`'s regions, keeping the first
/// `keep`.
pub fn find(
    puzzle: &Puzzle,
    chaos: &Chaos,
    limit: u64,
    keep: usize,
    budget: &mut Budget,
) -> ChaosFound {
    let shape = puzzle.shape();
    let (n, cells) = (shape.n(), shape.cells());
    let regions = chaos.regions(shape);
    let search = ChaosSearch {
        puzzle,
        chaos,
        n,
        size: chaos.size(),
        regions,
        full: (0..puzzle.houses().len())
            .filter(|&h| puzzle.houses().holds_every_digit(h))
            .collect(),
    };
    let mut state = ChaosState {
        digits: vec![(1u32 << n) - 1; cells],
        labels: vec![u32::MAX >> (32 - regions); cells],
    };
    for (cell, &d) in puzzle.givens().cells().iter().enumerate() {
        if d != 0 {
            state.digits[cell] = 1 << (d - 1);
        }
    }
    let start = budget.spent();
    let mut found = ChaosFound {
        complete: true,
        ..ChaosFound::default()
    };
    if puzzle.broken(puzzle.givens()).is_none() {
        let mut run = Tally {
            found: &mut found,
            limit,
            keep,
            budget,
        };
        search.explore(state, &mut run);
    }
    found.guesses = budget.spent() - start;
    found
}

struct ChaosSearch<'a> {
    puzzle: &'a Puzzle,
    chaos: &'a Chaos,
    n: usize,
    size: usize,
    regions: usize,
    /// The houses that hold every digit, for hidden singles.
    full: Vec<usize>,
}

#[derive(Clone)]
struct ChaosState {
    digits: Vec<u32>,
    labels: Vec<u32>,
}

struct Tally<'f, 'b, 'c> {
    found: &'f mut ChaosFound,
    limit: u64,
    keep: usize,
    budget: &'b mut Budget<'c>,
}

/// No way left.
struct Dead;

/// Narrows `v` to `keep`; true if it changed, `Dead` if nothing is left.
fn narrow(v: &mut u32, keep: u32) -> Result<bool, Dead> {
    let new = *v & keep;
    if new == 0 {
        return Err(Dead);
    }
    let changed = new != *v;
    *v = new;
    Ok(changed)
}

/// The cells of an arm from its first (taken to be in the region) while `inside` holds.
fn run(arm: &[usize], inside: impl Fn(usize) -> bool) -> usize {
    1 + arm[1..].iter().take_while(|&&c| inside(c)).count()
}

fn single(v: u32) -> bool {
    v & (v - 1) == 0
}

/// What a clue of a run or a count reads: an arrow's arms, or a count's cells.
#[derive(Clone, Copy)]
enum Reads<'a> {
    Run(&'a [Vec<usize>]),
    Count(&'a [usize]),
}

/// The bits of `lo..=hi` (1-based) within `1..=n`, as a digit mask.
fn range(lo: i64, hi: i64, n: usize) -> u32 {
    let (lo, hi) = (lo.max(1), hi.min(n as i64));
    if lo > hi {
        return 0;
    }
    ((1u64 << hi) - (1u64 << (lo - 1))) as u32
}

impl ChaosSearch<'_> {
    /// Returns false once the search must stop (the limit reached or the budget spent).
    fn explore(&self, mut state: ChaosState, run: &mut Tally) -> bool {
        if self.settle(&mut state).is_err() {
            return true;
        }
        if let Some((cell, bit)) = self.growing(&state) {
            // The region most built so far takes a cell next to it, or not.
            for keep in [bit, !bit] {
                if !run.budget.spend() {
                    run.found.complete = false;
                    return false;
                }
                let mut child = state.clone();
                child.labels[cell] &= keep;
                if !self.explore(child, run) {
                    return false;
                }
            }
            return true;
        }
        // Else the open variable with fewest candidates, a region before a digit on a tie.
        let mut best: Option<(u32, bool, usize)> = None;
        for cell in 0..state.digits.len() {
            for (is_label, v) in [(true, state.labels[cell]), (false, state.digits[cell])] {
                let k = v.count_ones();
                if k > 1 && best.is_none_or(|(b, _, _)| k < b) {
                    best = Some((k, is_label, cell));
                }
            }
        }
        let Some((_, is_label, cell)) = best else {
            return self.leaf(&state, run);
        };
        let mut options = if is_label {
            state.labels[cell]
        } else {
            state.digits[cell]
        };
        while options != 0 {
            let bit = options & options.wrapping_neg();
            options ^= bit;
            if !run.budget.spend() {
                run.found.complete = false;
                return false;
            }
            let mut child = state.clone();
            match is_label {
                true => child.labels[cell] = bit,
                false => child.digits[cell] = bit,
            }
            if !self.explore(child, run) {
                return false;
            }
        }
        true
    }

    /// The region with the most cells fixed that is not full, and the cell next to it that
    /// may join it with fewest other regions possible; `None` if every region begun is full.
    fn growing(&self, s: &ChaosState) -> Option<(usize, u32)> {
        let mut members = vec![0usize; self.regions];
        for &label in &s.labels {
            if single(label) {
                members[label.trailing_zeros() as usize] += 1;
            }
        }
        let r = (0..self.regions)
            .filter(|&r| (1..self.size).contains(&members[r]))
            .max_by_key(|&r| (members[r], std::cmp::Reverse(r)))?;
        let bit = 1u32 << r;
        (0..s.labels.len())
            .filter(|&c| s.labels[c] & bit != 0 && s.labels[c] != bit)
            .filter(|&c| neighbours(self.n, c).any(|d| s.labels[d] == bit))
            .min_by_key(|&c| s.labels[c].count_ones())
            .map(|c| (c, bit))
    }

    /// Counts a full assignment that keeps every rule; false once the limit is reached.
    fn leaf(&self, state: &ChaosState, run: &mut Tally) -> bool {
        let digits: Vec<u8> = state
            .digits
            .iter()
            .map(|v| v.trailing_zeros() as u8 + 1)
            .collect();
        let layout: ChaosLayout = state
            .labels
            .iter()
            .map(|v| v.trailing_zeros() as u8)
            .collect();
        let grid = Grid::from_cells(self.puzzle.shape(), digits).expect("a full grid");
        if !self.puzzle.solved_by(&grid) || !self.chaos.holds(grid.shape(), grid.cells(), &layout) {
            return true;
        }
        run.found.count += 1;
        if run.found.solutions.len() < run.keep {
            run.found.solutions.push(ChaosSolution { grid, layout });
        }
        run.found.count < run.limit
    }

    /// Propagates until nothing changes.
    fn settle(&self, s: &mut ChaosState) -> Result<(), Dead> {
        while self.digit_pass(s)? | self.region_pass(s)? | self.clue_pass(s)? {}
        Ok(())
    }

    /// Singles in the houses and each rule's propagation; true if anything changed.
    fn digit_pass(&self, s: &mut ChaosState) -> Result<bool, Dead> {
        let houses = self.puzzle.houses();
        let mut changed = false;
        for cell in 0..s.digits.len() {
            let bit = s.digits[cell];
            if single(bit) {
                for &peer in houses.peers(cell) {
                    changed |= narrow(&mut s.digits[peer], !bit)?;
                }
            }
        }
        for &h in &self.full {
            for d in 0..self.n {
                let bit = 1 << d;
                let mut holders = houses.cells(h).iter().filter(|&&c| s.digits[c] & bit != 0);
                match (holders.next(), holders.next()) {
                    (None, _) => return Err(Dead),
                    (Some(&c), None) => changed |= narrow(&mut s.digits[c], bit)?,
                    _ => {}
                }
            }
        }
        let mut domains = Vec::new();
        for rule in self.puzzle.rules() {
            domains.clear();
            domains.extend(rule.cells().iter().map(|&c| s.digits[c]));
            if !rule.propagate(&mut domains, self.n) {
                return Err(Dead);
            }
            for (&c, &d) in rule.cells().iter().zip(&domains) {
                changed |= narrow(&mut s.digits[c], d)?;
            }
        }
        Ok(changed)
    }

    /// The canonical order, each region's size, reach and digits; true if anything changed.
    fn region_pass(&self, s: &mut ChaosState) -> Result<bool, Dead> {
        let mut changed = false;
        let every = u32::MAX >> (32 - self.regions);
        let mut allowed = 1u32;
        for label in s.labels.iter_mut() {
            changed |= narrow(label, allowed)?;
            allowed = (allowed | *label << 1) & every;
        }
        let cells = s.labels.len();
        let mut reach = vec![false; cells];
        let mut distance = vec![usize::MAX; cells];
        let mut queue = Vec::with_capacity(cells);
        for r in 0..self.regions {
            let bit = 1u32 << r;
            let fixed: Vec<usize> = (0..cells).filter(|&c| s.labels[c] == bit).collect();
            if fixed.len() > self.size {
                return Err(Dead);
            }
            // Within reach of every fixed cell, through cells that may be in the region.
            reach
                .iter_mut()
                .enumerate()
                .for_each(|(c, x)| *x = s.labels[c] & bit != 0);
            for &from in &fixed {
                distance.fill(usize::MAX);
                distance[from] = 0;
                queue.clear();
                queue.push(from);
                let mut at = 0;
                while at < queue.len() {
                    let c = queue[at];
                    at += 1;
                    if distance[c] + 1 >= self.size {
                        continue;
                    }
                    for d in neighbours(self.n, c) {
                        if distance[d] == usize::MAX && s.labels[d] & bit != 0 {
                            distance[d] = distance[c] + 1;
                            queue.push(d);
                        }
                    }
                }
                for (c, x) in reach.iter_mut().enumerate() {
                    *x &= distance[c] != usize::MAX;
                }
            }
            let possible: Vec<usize> = (0..cells).filter(|&c| reach[c]).collect();
            if possible.len() < self.size || fixed.iter().any(|&c| !reach[c]) {
                return Err(Dead);
            }
            for (label, _) in s.labels.iter_mut().zip(&reach).filter(|(_, &r)| !r) {
                if *label & bit != 0 {
                    changed |= narrow(label, !bit)?;
                }
            }
            // A door: a cell without which the fixed cells cannot gather `size` connected
            // cells is in the region.
            if !fixed.is_empty() && fixed.len() < self.size {
                for &door in &possible {
                    if s.labels[door] == bit {
                        continue;
                    }
                    let mut seen = vec![false; cells];
                    seen[fixed[0]] = true;
                    queue.clear();
                    queue.push(fixed[0]);
                    let mut at = 0;
                    while at < queue.len() {
                        let c = queue[at];
                        at += 1;
                        for d in neighbours(self.n, c) {
                            if !seen[d] && d != door && reach[d] {
                                seen[d] = true;
                                queue.push(d);
                            }
                        }
                    }
                    if queue.len() < self.size || fixed.iter().any(|&f| !seen[f]) {
                        changed |= narrow(&mut s.labels[door], bit)?;
                    }
                }
            }
            if fixed.len() == self.size {
                for &c in &possible {
                    if s.labels[c] != bit {
                        changed |= narrow(&mut s.labels[c], !bit)?;
                    }
                }
            } else if possible.len() == self.size {
                for &c in &possible {
                    changed |= narrow(&mut s.labels[c], bit)?;
                }
            }
            // No digit twice: a fixed member's digit leaves the others.
            let mut seen = 0u32;
            for &c in &fixed {
                let d = s.digits[c];
                if single(d) {
                    if seen & d != 0 {
                        return Err(Dead);
                    }
                    seen |= d;
                }
            }
            for &c in &possible {
                let d = s.digits[c];
                if s.labels[c] == bit {
                    if !single(d) {
                        changed |= narrow(&mut s.digits[c], !seen)?;
                    }
                } else if single(d) && seen & d != 0 {
                    changed |= narrow(&mut s.labels[c], !bit)?;
                }
            }
            if self.size == self.n {
                // Every digit once: a digit only one possible cell holds is that cell's.
                for d in 0..self.n {
                    let digit = 1u32 << d;
                    let mut holders = possible
                        .iter()
                        .filter(|&&c| s.labels[c] & bit != 0 && s.digits[c] & digit != 0);
                    match (holders.next(), holders.next()) {
                        (None, _) => return Err(Dead),
                        (Some(&c), None) => {
                            changed |= narrow(&mut s.labels[c], bit)?;
                            changed |= narrow(&mut s.digits[c], digit)?;
                        }
                        _ => {}
                    }
                }
            }
        }
        self.areas_divide(s)?;
        Ok(changed)
    }

    /// The cells outside full regions fall into areas (orthogonally connected), and a
    /// region lies in one area, so each area's cells must be a whole number of regions.
    fn areas_divide(&self, s: &ChaosState) -> Result<(), Dead> {
        let cells = s.labels.len();
        let mut members = vec![0usize; self.regions];
        for &label in &s.labels {
            if single(label) {
                members[label.trailing_zeros() as usize] += 1;
            }
        }
        let full = |c: usize| {
            single(s.labels[c]) && members[s.labels[c].trailing_zeros() as usize] == self.size
        };
        let mut seen = vec![false; cells];
        let mut stack = Vec::new();
        for start in 0..cells {
            if seen[start] || full(start) {
                continue;
            }
            seen[start] = true;
            stack.push(start);
            let mut area = 0;
            while let Some(c) = stack.pop() {
                area += 1;
                for d in neighbours(self.n, c) {
                    if !seen[d] && !full(d) {
                        seen[d] = true;
                        stack.push(d);
                    }
                }
            }
            if area % self.size != 0 {
                return Err(Dead);
            }
        }
        Ok(())
    }

    /// Each clue's digits against its cells' regions; true if anything changed.
    fn clue_pass(&self, s: &mut ChaosState) -> Result<bool, Dead> {
        let mut changed = false;
        for clue in self.chaos.clues() {
            // Per region of the first cell: the least and most the clue can read.
            let (control, first, offset, read) = match clue {
                ChaosClue::Run {
                    control,
                    arms,
                    offset,
                } => (*control, arms[0][0], *offset as i64, Reads::Run(arms)),
                ChaosClue::Count {
                    control,
                    cells,
                    offset,
                } => (*control, cells[0], *offset as i64, Reads::Count(cells)),
                ChaosClue::Regions { control, cells } => {
                    changed |= self.regions_counted(s, *control, cells)?;
                    continue;
                }
                ChaosClue::SameRegions { sets } => {
                    changed |= same_regions(s, sets)?;
                    continue;
                }
            };
            let bounds = |s: &ChaosState, bit: u32| -> (i64, i64) {
                match read {
                    Reads::Run(arms) => {
                        let (mut lo, mut hi) = (1 - arms.len() as i64, 1 - arms.len() as i64);
                        for arm in arms {
                            lo += run(arm, |c| s.labels[c] == bit) as i64;
                            hi += run(arm, |c| s.labels[c] & bit != 0) as i64;
                        }
                        (lo, hi)
                    }
                    Reads::Count(cells) => {
                        let rest = &cells[1..];
                        let lo = 1 + rest.iter().filter(|&&c| s.labels[c] == bit).count();
                        let hi = 1 + rest.iter().filter(|&&c| s.labels[c] & bit != 0).count();
                        (lo as i64, hi as i64)
                    }
                }
            };
            let (mut digits, mut firsts) = (0u32, 0u32);
            let mut options = s.labels[first];
            while options != 0 {
                let bit = options & options.wrapping_neg();
                options ^= bit;
                let (lo, hi) = bounds(s, bit);
                let fits = range(lo - offset, hi - offset, self.n) & s.digits[control];
                if fits != 0 {
                    digits |= fits;
                    firsts |= bit;
                }
            }
            changed |= narrow(&mut s.digits[control], digits)?;
            changed |= narrow(&mut s.labels[first], firsts)?;
            let (bit, value) = (s.labels[first], s.digits[control]);
            if !single(bit) || !single(value) {
                continue;
            }
            let total = value.trailing_zeros() as i64 + 1 + offset;
            let (lo, hi) = bounds(s, bit);
            match read {
                Reads::Count(cells) => {
                    for &c in &cells[1..] {
                        if total == lo && s.labels[c] != bit {
                            changed |= narrow(&mut s.labels[c], !bit)?;
                        } else if total == hi && s.labels[c] & bit != 0 {
                            changed |= narrow(&mut s.labels[c], bit)?;
                        }
                    }
                }
                Reads::Run(arms) => {
                    for arm in arms {
                        if total == lo {
                            if let Some(&next) = arm.get(run(arm, |c| s.labels[c] == bit)) {
                                changed |= narrow(&mut s.labels[next], !bit)?;
                            }
                        } else if total == hi {
                            let open = run(arm, |c| s.labels[c] & bit != 0);
                            for &c in &arm[..open] {
                                changed |= narrow(&mut s.labels[c], bit)?;
                            }
                        }
                    }
                }
            }
        }
        Ok(changed)
    }

    /// A count of the regions `cells` lie in (ISS's `CountDistinct`): at least the regions
    /// of its fixed cells, at most those and one new region per open cell, and no more
    /// than the regions its cells may take. At the least, each open cell is in one of the
    /// fixed cells' regions; at the most, in none of them.
    fn regions_counted(
        &self,
        s: &mut ChaosState,
        control: usize,
        cells: &[usize],
    ) -> Result<bool, Dead> {
        let (mut fixed, mut open, mut any) = (0u32, 0usize, 0u32);
        for &c in cells {
            any |= s.labels[c];
            match single(s.labels[c]) {
                true => fixed |= s.labels[c],
                false => open += 1,
            }
        }
        let lo = fixed.count_ones() as i64 + i64::from(fixed == 0);
        let hi = (fixed.count_ones() as usize + open).min(any.count_ones() as usize) as i64;
        let mut changed = narrow(&mut s.digits[control], range(lo, hi, self.n))?;
        let value = s.digits[control];
        if single(value) && open > 0 {
            let total = value.trailing_zeros() as i64 + 1;
            let fixed_count = fixed.count_ones() as i64;
            for &c in cells {
                if single(s.labels[c]) {
                    continue;
                }
                if total == fixed_count {
                    changed |= narrow(&mut s.labels[c], fixed)?;
                } else if total == fixed_count + open as i64 {
                    changed |= narrow(&mut s.labels[c], !fixed)?;
                }
            }
        }
        Ok(changed)
    }
}

/// Sets of cells in the same regions (ISS's `SameValues` over region cells): where each
/// set is one cell, every cell may take only the regions all may take, and, being in one
/// region, no two hold one digit; where sets are
/// larger, a region fixed in one set so many times must be possible as often in each.
fn same_regions(s: &mut ChaosState, sets: &[Vec<usize>]) -> Result<bool, Dead> {
    if sets[0].len() == 1 {
        let shared = sets.iter().fold(u32::MAX, |m, set| m & s.labels[set[0]]);
        let mut changed = false;
        for set in sets {
            changed |= narrow(&mut s.labels[set[0]], shared)?;
        }
        // One region: no digit twice among them.
        for set in sets {
            let d = s.digits[set[0]];
            if single(d) {
                for other in sets.iter().filter(|o| o[0] != set[0]) {
                    changed |= narrow(&mut s.digits[other[0]], !d)?;
                }
            }
        }
        return Ok(changed);
    }
    for set in sets {
        for &c in set.iter().filter(|&&c| single(s.labels[c])) {
            let bit = s.labels[c];
            let fixed = set.iter().filter(|&&d| s.labels[d] == bit).count();
            for other in sets {
                if other.iter().filter(|&&d| s.labels[d] & bit != 0).count() < fixed {
                    return Err(Dead);
                }
            }
        }
    }
    Ok(false)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeSet;
    use sudoku_model::houses::Houses;
    use sudoku_model::rng::Rng;
    use sudoku_model::shape::Shape;

    /// Every partition of the grid into connected regions of `size`, canonical: the
    /// region of the first cell not yet taken is each connected set of free cells around it.
    fn partitions(n: usize, size: usize) -> Vec<ChaosLayout> {
        fn grow(
            n: usize,
            size: usize,
            free: &[bool],
            set: &mut Vec<usize>,
            out: &mut BTreeSet<Vec<usize>>,
        ) {
            if set.len() == size {
                let mut sorted = set.clone();
                sorted.sort_unstable();
                out.insert(sorted);
                return;
            }
            for i in 0..set.len() {
                for d in neighbours(n, set[i]) {
                    if free[d] && !set.contains(&d) {
                        set.push(d);
                        grow(n, size, free, set, out);
                        set.pop();
                    }
                }
            }
        }
        fn fill(n: usize, size: usize, layout: &mut Vec<u8>, next: u8, out: &mut Vec<ChaosLayout>) {
            let Some(first) = layout.iter().position(|&r| r == u8::MAX) else {
                out.push(layout.clone());
                return;
            };
            let free: Vec<bool> = layout.iter().map(|&r| r == u8::MAX).collect();
            let mut sets = BTreeSet::new();
            grow(n, size, &free, &mut vec![first], &mut sets);
            for set in sets {
                set.iter().for_each(|&c| layout[c] = next);
                fill(n, size, layout, next + 1, out);
                set.iter().for_each(|&c| layout[c] = u8::MAX);
            }
        }
        let mut out = Vec::new();
        fill(n, size, &mut vec![u8::MAX; n * n], 0, &mut out);
        out
    }

    /// Every solution by brute force: each partition, and under it each filling of the
    /// digits cell by cell that repeats none in a line or region, kept if it holds.
    fn brute(puzzle: &Puzzle, chaos: &Chaos) -> BTreeSet<(Vec<u8>, ChaosLayout)> {
        let shape = puzzle.shape();
        let n = shape.n();
        let mut out = BTreeSet::new();
        for layout in partitions(n, chaos.size()) {
            let mut digits = puzzle.givens().cells().to_vec();
            let free: Vec<usize> = (0..digits.len()).filter(|&c| digits[c] == 0).collect();
            fn go(
                at: usize,
                free: &[usize],
                digits: &mut Vec<u8>,
                layout: &[u8],
                n: usize,
                check: &dyn Fn(&[u8]) -> bool,
                out: &mut BTreeSet<(Vec<u8>, ChaosLayout)>,
            ) {
                let Some(&c) = free.get(at) else {
                    if check(digits) {
                        out.insert((digits.clone(), layout.to_vec()));
                    }
                    return;
                };
                for d in 1..=n as u8 {
                    let clash = (0..digits.len()).any(|o| {
                        digits[o] == d
                            && (o / n == c / n || o % n == c % n || layout[o] == layout[c])
                    });
                    if !clash {
                        digits[c] = d;
                        go(at + 1, free, digits, layout, n, check, out);
                        digits[c] = 0;
                    }
                }
            }
            let check = |digits: &[u8]| {
                let grid = Grid::from_cells(shape, digits.to_vec()).unwrap();
                puzzle.solved_by(&grid) && chaos.holds(shape, digits, &layout)
            };
            go(0, &free, &mut digits, &layout, n, &check, &mut out);
        }
        out
    }

    fn random_clue(rng: &mut Rng, n: usize) -> ChaosClue {
        let cells = n * n;
        let control = rng.below(cells);
        let offset = rng.below(2) as i8;
        let start = rng.below(cells);
        if rng.below(2) == 0 {
            let arms = (0..1 + rng.below(3))
                .map(|_| {
                    let step = [1isize, -1, n as isize, -(n as isize)][rng.below(4)];
                    let mut arm = vec![start];
                    let mut at = start as isize;
                    while arm.len() < 1 + rng.below(n) {
                        let next = at + step;
                        let wraps =
                            step.abs() == 1 && (next < 0 || next as usize / n != at as usize / n);
                        if next < 0 || next >= cells as isize || wraps {
                            break;
                        }
                        at = next;
                        arm.push(at as usize);
                    }
                    arm
                })
                .collect();
            ChaosClue::Run {
                control,
                arms,
                offset,
            }
        } else {
            let mut counted = vec![start];
            for _ in 0..rng.below(6) {
                let c = rng.below(cells);
                if !counted.contains(&c) {
                    counted.push(c);
                }
            }
            match rng.below(3) {
                0 => ChaosClue::Count {
                    control,
                    cells: counted,
                    offset,
                },
                1 => ChaosClue::Regions {
                    control,
                    cells: counted,
                },
                _ => {
                    // Sets of one cell, or of two where the cells pair up.
                    let size = 1 + usize::from(counted.len() % 2 == 0 && rng.below(2) == 0);
                    ChaosClue::SameRegions {
                        sets: counted.chunks(size).map(<[usize]>::to_vec).collect(),
                    }
                }
            }
        }
    }

    fn agrees(n: usize, size: usize, seeds: std::ops::Range<u64>, givens: usize) {
        let shape = Shape::with_side(n).unwrap();
        let mut nonzero = 0;
        for seed in seeds {
            let mut rng = Rng::new(seed);
            let mut cells = vec![0u8; n * n];
            for _ in 0..givens {
                cells[rng.below(n * n)] = 1 + rng.below(n) as u8;
            }
            let clues = (0..rng.below(4))
                .map(|_| random_clue(&mut rng, n))
                .collect();
            let chaos = Chaos::new(shape, size, clues).unwrap();
            let houses = Houses::lines_and(shape, Vec::new());
            let puzzle = Puzzle::new(Grid::from_cells(shape, cells).unwrap(), houses, Vec::new());
            let expected = brute(&puzzle, &chaos);
            let found = find(
                &puzzle,
                &chaos,
                u64::MAX,
                usize::MAX,
                &mut Budget::unlimited(),
            );
            let got: BTreeSet<(Vec<u8>, ChaosLayout)> = found
                .solutions
                .iter()
                .map(|s| (s.grid.cells().to_vec(), s.layout.clone()))
                .collect();
            assert_eq!(
                found.count as usize,
                found.solutions.len(),
                "seed {seed}: a solution twice"
            );
            assert_eq!(got, expected, "seed {seed}: {chaos:?}");
            nonzero += usize::from(!expected.is_empty());
        }
        assert!(
            nonzero > 0,
            "every puzzle had no solution: the test checks little"
        );
    }

    #[test]
    fn four_by_four_agrees_with_brute_force() {
        agrees(4, 4, 0..60, 3);
    }

    #[test]
    fn regions_of_two_agree_with_brute_force() {
        agrees(4, 2, 100..130, 4);
    }

    #[test]
    fn five_by_five_agrees_with_brute_force() {
        agrees(5, 5, 200..212, 7);
    }
}
