//! The general solver: candidate bitsets per cell over houses given as data, singles
//! propagation (naked, and hidden in the houses that hold every digit), each variant
//! rule's propagation on the cells it reads, and branching on the cell with fewest
//! candidates. It takes every size, any houses and any rules; classic 9x9 has a faster
//! path.
//!
//! A search runs to the end in a stable order, or as one run of a restarting search:
//! ties and digits in a shuffled order, up to a node limit, after which the next run or
//! the learning search takes over.

use crate::budget::Budget;
use crate::{Contradiction, Model, Next};
use sudoku_model::grid::Grid;
use sudoku_model::rng::Rng;

/// Candidates per cell, bit `v - 1` for digit `v`; a placed cell keeps just its digit.
#[derive(Clone)]
struct Domains {
    candidates: Vec<u32>,
    placed: Vec<bool>,
    open: usize,
    /// The rules whose cells lost candidates since they last ran, and a flag per rule
    /// for being in that list; both empty between propagations.
    pending: Vec<u32>,
    queued: Vec<bool>,
}

impl Domains {
    fn new(model: &Model) -> Domains {
        let shape = model.houses.shape();
        Domains {
            candidates: vec![(1u32 << shape.n()) - 1; shape.cells()],
            placed: vec![false; shape.cells()],
            open: shape.cells(),
            // Every rule runs once before anything is placed.
            pending: (0..model.rules.len() as u32).rev().collect(),
            queued: vec![true; model.rules.len()],
        }
    }

    /// Queues the rules reading `cell`, whose candidates just changed.
    fn touch(&mut self, model: &Model, cell: usize) {
        for &r in &model.rules_of[cell] {
            if !self.queued[r as usize] {
                self.queued[r as usize] = true;
                self.pending.push(r);
            }
        }
    }

    /// Places `bit` at `cell` and everything it forces.
    fn place(&mut self, model: &Model, cell: usize, bit: u32) -> Result<(), Contradiction> {
        self.propagate(model, vec![(cell, bit)])
    }

    /// Places the queued digits and everything they and the pending rules force.
    fn propagate(
        &mut self,
        model: &Model,
        mut queue: Vec<(usize, u32)>,
    ) -> Result<(), Contradiction> {
        let houses = model.houses;
        let rules = !model.rules.is_empty();
        loop {
            while let Some((cell, bit)) = queue.pop() {
                if self.placed[cell] {
                    if self.candidates[cell] != bit {
                        return Err(Contradiction);
                    }
                    continue;
                }
                if self.candidates[cell] & bit == 0 {
                    return Err(Contradiction);
                }
                if rules && self.candidates[cell] != bit {
                    self.touch(model, cell);
                }
                self.candidates[cell] = bit;
                self.placed[cell] = true;
                self.open -= 1;
                for &peer in houses.peers(cell) {
                    let c = self.candidates[peer];
                    if c & bit != 0 {
                        let c = c & !bit;
                        if c == 0 {
                            return Err(Contradiction);
                        }
                        self.candidates[peer] = c;
                        if rules {
                            self.touch(model, peer);
                        }
                        if c & (c - 1) == 0 {
                            queue.push((peer, c));
                        }
                    }
                }
            }
            self.hidden_singles(model, &mut queue)?;
            if queue.is_empty()
                && !self.intersections(model, &mut queue)?
                && !self.apply_rules(model, &mut queue)?
            {
                return Ok(());
            }
        }
    }

    /// Runs the pending rules until none is left, queueing the cells they leave with one
    /// candidate; true if any candidate went.
    fn apply_rules(
        &mut self,
        model: &Model,
        queue: &mut Vec<(usize, u32)>,
    ) -> Result<bool, Contradiction> {
        let n = model.houses.shape().n();
        let mut changed = false;
        let (mut domains, mut holders) = (Vec::new(), Vec::new());
        while let Some(r) = self.pending.pop() {
            self.queued[r as usize] = false;
            let rule = &model.rules[r as usize];
            domains.clear();
            domains.extend(rule.cells().iter().map(|&c| self.candidates[c]));
            if !rule.propagate(&mut domains, n) {
                return Err(Contradiction);
            }
            for (&cell, &d) in rule.cells().iter().zip(&domains) {
                changed |= self.narrow(model, cell, d, queue)?;
            }
            let mut required = rule.required(&domains, n);
            while required != 0 {
                let bit = required & required.wrapping_neg();
                required ^= bit;
                holders.clear();
                holders.extend(
                    rule.cells()
                        .iter()
                        .filter(|&&c| self.candidates[c] & bit != 0),
                );
                holders.sort_unstable();
                holders.dedup();
                changed |= self.exclude_required(model, &holders, bit, queue)?;
            }
        }
        Ok(changed)
    }

    /// Narrows `cell` to `keep`, queueing it if one candidate is left; true if it lost any.
    fn narrow(
        &mut self,
        model: &Model,
        cell: usize,
        keep: u32,
        queue: &mut Vec<(usize, u32)>,
    ) -> Result<bool, Contradiction> {
        let old = self.candidates[cell];
        let new = old & keep;
        if new == 0 {
            return Err(Contradiction);
        }
        if new == old {
            return Ok(false);
        }
        self.candidates[cell] = new;
        self.touch(model, cell);
        if new & (new - 1) == 0 {
            queue.push((cell, new));
        }
        Ok(true)
    }

    /// A digit `bit` that a rule needs, which only `holders` can hold: one holder takes it,
    /// and a cell that sees them all cannot hold it; true if any candidate went.
    fn exclude_required(
        &mut self,
        model: &Model,
        holders: &[usize],
        bit: u32,
        queue: &mut Vec<(usize, u32)>,
    ) -> Result<bool, Contradiction> {
        let houses = model.houses;
        let Some((&first, rest)) = holders.split_first() else {
            return Err(Contradiction);
        };
        if rest.is_empty() {
            if self.candidates[first] != bit {
                queue.push((first, bit));
            }
            return Ok(false);
        }
        let mut changed = false;
        for &peer in houses.peers(first) {
            if self.candidates[peer] & bit != 0
                && holders.binary_search(&peer).is_err()
                && rest
                    .iter()
                    .all(|&h| houses.peers(h).binary_search(&peer).is_ok())
            {
                changed |= self.narrow(model, peer, !bit, queue)?;
            }
        }
        Ok(changed)
    }

    /// Queues every digit that has one place left in a house that holds every digit;
    /// fails on a digit with none.
    fn hidden_singles(
        &self,
        model: &Model,
        queue: &mut Vec<(usize, u32)>,
    ) -> Result<(), Contradiction> {
        let houses = model.houses;
        let all = (1u32 << houses.shape().n()) - 1;
        for &h in &model.full {
            let cells = houses.cells(h);
            let (mut once, mut twice, mut done) = (0u32, 0u32, 0u32);
            for &cell in cells {
                let c = self.candidates[cell];
                twice |= once & c;
                once |= c;
                if self.placed[cell] {
                    done |= c;
                }
            }
            if once & all != all {
                return Err(Contradiction);
            }
            let mut singles = once & !twice & !done;
            while singles != 0 {
                let bit = singles & singles.wrapping_neg();
                singles ^= bit;
                let cell = *cells
                    .iter()
                    .find(|&&c| self.candidates[c] & bit != 0)
                    .expect("once");
                queue.push((cell, bit));
            }
        }
        Ok(())
    }

    /// Locked candidates ([`Model::intersections`]); true if any candidate went.
    fn intersections(
        &mut self,
        model: &Model,
        queue: &mut Vec<(usize, u32)>,
    ) -> Result<bool, Contradiction> {
        let all = (1u32 << model.houses.shape().n()) - 1;
        let mut changed = false;
        for (own, others) in &model.intersections {
            let missing = all & !own.iter().fold(0, |m, &c| m | self.candidates[c]);
            if missing != 0 {
                for &cell in others {
                    changed |= self.narrow(model, cell, !missing, queue)?;
                }
            }
        }
        Ok(changed)
    }

    /// The open cell with fewest candidates, the first met from `from` on, wrapping; or,
    /// once guesses have failed, the one with most failures per candidate (`weights`,
    /// per cell: ISS's conflict scores, the dom/wdeg of constraint programming). Classic
    /// puzzles keep no weights.
    fn branch_cell(&self, from: usize, weights: &[u32]) -> usize {
        let mut best = (u32::MAX, 0);
        // The best weight per candidate so far, as a fraction, and its cell.
        let (mut weight, mut count, mut weighted) = (0u64, 1u64, None);
        let cells = self.candidates.len();
        for cell in (from..cells).chain(0..from) {
            let c = self.candidates[cell];
            if !self.placed[cell] {
                let n = c.count_ones();
                if n < best.0 {
                    best = (n, cell);
                    if n == 2 && weights.is_empty() {
                        break;
                    }
                }
                if let Some(&w) = weights.get(cell) {
                    if u64::from(w) * count > weight * u64::from(n) {
                        (weight, count, weighted) = (u64::from(w), u64::from(n), Some(cell));
                    }
                }
            }
        }
        weighted.unwrap_or(best.1)
    }

    fn to_grid(&self, puzzle: &Grid) -> Grid {
        let cells = self
            .candidates
            .iter()
            .map(|c| c.trailing_zeros() as u8 + 1)
            .collect();
        Grid::from_cells(puzzle.shape(), cells).expect("a full grid of the puzzle's shape")
    }
}

/// A choice point: a state, the cell branched on, and the digits not yet tried there.
struct Frame {
    state: Domains,
    cell: usize,
    untried: u32,
}

/// A depth-first search that yields solutions one at a time.
pub struct Search<'h> {
    model: &'h Model<'h>,
    puzzle: Grid,
    stack: Vec<Frame>,
    /// A solution found by propagation alone, before any branching.
    ready: Option<Grid>,
    /// Shuffles ties between cells and the order of digits; none keeps the stable order.
    shuffle: Option<Rng>,
    /// Branch nodes this search may still visit.
    run_nodes: u64,
    /// Per cell, how many guesses there failed at once: where to branch next
    /// ([`Domains::branch_cell`]). A restarting search hands them to its next run. Empty
    /// for a puzzle with no rules, whose order the classic benchmarks were tuned on.
    weights: Vec<u32>,
}

/// The givens placed and all they force: where every run of a search starts, so that a
/// restarting search propagates them once, not once per run.
pub struct Root<'h> {
    model: &'h Model<'h>,
    puzzle: Grid,
    /// `None` when the givens leave no solution.
    state: Option<Domains>,
}

impl<'h> Root<'h> {
    /// The puzzle must fit the houses' shape and have no conflicting givens.
    pub fn new(model: &'h Model<'h>, puzzle: &Grid) -> Root<'h> {
        let mut state = Domains::new(model);
        let placed = puzzle.cells().iter().enumerate().filter(|(_, &v)| v != 0);
        let ok = placed
            .into_iter()
            .try_for_each(|(cell, &v)| state.place(model, cell, 1 << (v - 1)))
            // The rules run once even when nothing is given.
            .and_then(|()| state.propagate(model, Vec::new()));
        Root {
            model,
            puzzle: puzzle.clone(),
            state: ok.is_ok().then_some(state),
        }
    }

    /// Each cell's candidates once the givens and all they force are placed; `None` when
    /// the givens leave no solution.
    pub fn candidates(&self) -> Option<&[u32]> {
        self.state.as_ref().map(|s| s.candidates.as_slice())
    }

    /// A search to the end, in the stable order.
    pub fn search(&self) -> Search<'h> {
        self.start(None, u64::MAX, Vec::new())
    }

    /// One run of a restarting search: the order shuffled by `seed`, and at most
    /// `run_nodes` branch nodes before [`Next::RunOut`], starting from the failures an
    /// earlier run counted ([`Search::into_weights`]; empty for none).
    pub fn run(&self, seed: u64, run_nodes: u64, weights: Vec<u32>) -> Search<'h> {
        self.start(Some(Rng::new(seed)), run_nodes, weights)
    }

    fn start(&self, shuffle: Option<Rng>, run_nodes: u64, mut weights: Vec<u32>) -> Search<'h> {
        if !self.model.rules.is_empty() {
            weights.resize(self.puzzle.cells().len(), 0);
        }
        let mut search = Search {
            model: self.model,
            puzzle: self.puzzle.clone(),
            stack: Vec::new(),
            ready: None,
            shuffle,
            run_nodes,
            weights,
        };
        if let Some(state) = &self.state {
            search.push_or_finish(state.clone());
        }
        search
    }
}

impl<'h> Search<'h> {
    /// The failures counted per cell, for the next run.
    pub fn into_weights(self) -> Vec<u32> {
        self.weights
    }

    fn push_or_finish(&mut self, state: Domains) {
        if state.open == 0 {
            self.ready = Some(state.to_grid(&self.puzzle));
        } else {
            let from = self
                .shuffle
                .as_mut()
                .map_or(0, |r| r.below(state.candidates.len()));
            let cell = state.branch_cell(from, &self.weights);
            let untried = state.candidates[cell];
            self.stack.push(Frame {
                state,
                cell,
                untried,
            });
        }
    }

    pub fn next_solution(&mut self, budget: &mut Budget) -> Next {
        loop {
            if let Some(grid) = self.ready.take() {
                return Next::Found(grid);
            }
            let Some(frame) = self.stack.last_mut() else {
                return Next::Exhausted;
            };
            if self.run_nodes == 0 {
                return Next::RunOut;
            }
            self.run_nodes -= 1;
            if !budget.spend() {
                return Next::GaveUp;
            }
            let bit = match self.shuffle.as_mut() {
                Some(r) => nth_bit(frame.untried, r.below(frame.untried.count_ones() as usize)),
                None => frame.untried & frame.untried.wrapping_neg(),
            };
            frame.untried ^= bit;
            let cell = frame.cell;
            let mut state = if frame.untried == 0 {
                self.stack.pop().expect("a frame").state
            } else {
                frame.state.clone()
            };
            if state.place(self.model, cell, bit).is_ok() {
                self.push_or_finish(state);
            } else if let Some(w) = self.weights.get_mut(cell) {
                *w += 1;
            }
        }
    }
}

/// The `n`th set bit of `bits`, counting from the lowest.
fn nth_bit(mut bits: u32, n: usize) -> u32 {
    for _ in 0..n {
        bits &= bits - 1;
    }
    bits & bits.wrapping_neg()
}
