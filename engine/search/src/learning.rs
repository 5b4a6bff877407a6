//! The learning search: conflict-driven clause learning (CDCL) on "cell holds digit".
//!
//! Depth-first search, even restarted, can spend seconds on a 25x25 whose early choices
//! fail far below them; a learnt clause names the choices that failed, so no later branch
//! repeats them. The rules are not written as clauses: each cell and each digit of a house
//! is a group of which at most one holds (and exactly one, when the house has every digit),
//! propagated directly, as MiniSat would propagate its thousands of two-literal clauses.
//! Learnt clauses use two watched literals; decisions follow VSIDS with saved phases. A run
//! restarts when its recent learnt clauses span more levels than usual (Glucose's rule),
//! which on the hard 25x25 set needs fewer conflicts than restarting by the Luby sequence.
//! Each solution found is blocked by a clause, so the solutions it yields are distinct,
//! and it is exhausted exactly when none is left.
//!
//! Variant rules take part as propagators, as in lazy clause generation: once the
//! clauses and groups have nothing left to say, each rule whose cells lost a candidate
//! runs on the cells' candidates, and each candidate it rules out is set false with the
//! candidates its cells had already lost as the reason, less those it rules out as much
//! without. That is a clause the rule implies, so conflicts through rules are learnt like
//! any other.

use crate::budget::Budget;
use crate::{Model, Next};
use sudoku_model::grid::Grid;
use sudoku_model::puzzle::Puzzle;
use sudoku_model::rules::{above, below, highest, lowest, Rule};

/// A literal: `2 * var` for "var holds", `2 * var + 1` for "var does not".
type Lit = u32;

/// Why a variable has its value: a decision, another variable being true (the two share
/// a group), a group's last place, a learnt clause, or a rule (where its explanation
/// starts in `explanations`).
#[derive(Clone, Copy)]
enum Reason {
    Decision,
    Excluded(u32),
    LastPlace(u32),
    Clause(u32),
    Rule(u32),
}

pub struct Learning {
    puzzle: Grid,
    n: usize,
    /// Each group's variables; `exact` groups need one to hold.
    groups: Vec<Vec<u32>>,
    exact: Vec<bool>,
    groups_of: Vec<Vec<u32>>,
    /// Per variable: 1 true, 0 false, -1 unassigned.
    value: Vec<i8>,
    level: Vec<u32>,
    reason: Vec<Reason>,
    trail: Vec<Lit>,
    level_starts: Vec<usize>,
    propagated: usize,
    /// Per group, the variables not yet false.
    open: Vec<u32>,
    /// Every clause, one after another: its length, its LBD (the distinct decision levels
    /// it spans) and a flag, then its literals. A clause is named by where it starts. One
    /// array, not a vector per clause: a visit to a watched clause then waits for one cache
    /// line, not three, and propagation is most of the time on long runs.
    clauses: Vec<u32>,
    learnt: Vec<u32>,
    /// How many learnt clauses the first forgetting waits for.
    first_forget: usize,
    /// Per literal, the clauses watching it, each with a literal that satisfies it if true.
    watches: Vec<Vec<(u32, Lit)>>,
    activity: Vec<f64>,
    bump: f64,
    queue: Heap,
    phase: Vec<bool>,
    seen: Vec<Role>,
    work: Work,
    /// Set when the clauses cannot be satisfied: no solution is left.
    exhausted: bool,
    conflicts: u64,
    /// The LBDs of the last [`RECENT`] learnt clauses and their sum, how many were learnt
    /// since the last restart, and the sum over all learnt clauses.
    recent: [u32; RECENT],
    recent_sum: u64,
    recent_len: usize,
    lbd_total: u64,
    /// Per cell, the digits not yet false, as a bit set, kept only when there are rules;
    /// and every digit.
    domains: Vec<u32>,
    all: u32,
    rules: Rules,
    /// Each cell's peers, sorted, kept only when there are rules.
    peers: Vec<Vec<usize>>,
}

/// The variant rules and their state in the search.
#[derive(Default)]
struct Rules {
    list: Vec<Rule>,
    /// Per cell, the rules that read it.
    of: Vec<Vec<u32>>,
    /// The rules whose cells lost a candidate since they last ran, with a flag per rule.
    pending: Vec<u32>,
    queued: Vec<bool>,
    /// Each explanation: its length, then its literals (all false). Those made at a
    /// decision level go when the search backtracks past it.
    explanations: Vec<Lit>,
    /// Where each decision level's explanations start.
    level_starts: Vec<usize>,
    /// The candidates of a rule's cells before and after it runs, the losses its
    /// explanation names, and the candidates it is tried on without the others.
    before: Vec<u32>,
    after: Vec<u32>,
    lost: Vec<u32>,
    trial: Vec<u32>,
    scratch: Vec<u32>,
    /// The cells of a rule that may hold a digit it needs.
    holders: Vec<usize>,
}

/// Buffers kept from conflict to conflict.
#[derive(Default)]
struct Work {
    stack: Vec<usize>,
    visited: Vec<usize>,
    reason: Vec<Lit>,
    /// The decision levels a learnt clause spans, to count its LBD.
    levels: Vec<bool>,
}

#[derive(Clone, Copy, PartialEq)]
enum Role {
    No,
    InClause,
    Redundant,
    Needed,
}

impl Learning {
    /// The puzzle must fit the model's shape and have no conflicting givens.
    #[inline(never)]
    pub(crate) fn new(model: &Model, puzzle: &Grid) -> Learning {
        let houses = model.houses;
        let n = houses.shape().n();
        let cells = houses.shape().cells();
        let vars = cells * n;
        let mut groups: Vec<Vec<u32>> = (0..cells)
            .map(|cell| (0..n).map(|d| (cell * n + d) as u32).collect())
            .collect();
        let mut exact = vec![true; cells];
        for house in 0..houses.len() {
            let members = houses.cells(house);
            for d in 0..n {
                groups.push(members.iter().map(|&c| (c * n + d) as u32).collect());
                exact.push(members.len() == n);
            }
        }
        let mut groups_of = vec![Vec::new(); vars];
        for (g, members) in groups.iter().enumerate() {
            for &v in members {
                groups_of[v as usize].push(g as u32);
            }
        }
        let open = groups.iter().map(|g| g.len() as u32).collect();
        let mut search = Learning {
            puzzle: puzzle.clone(),
            n,
            groups,
            exact,
            groups_of,
            value: vec![-1; vars],
            level: vec![0; vars],
            reason: vec![Reason::Decision; vars],
            trail: Vec::new(),
            level_starts: Vec::new(),
            propagated: 0,
            open,
            clauses: Vec::new(),
            first_forget: FIRST_FORGET,
            learnt: Vec::new(),
            watches: vec![Vec::new(); 2 * vars],
            activity: vec![0.0; vars],
            bump: 1.0,
            queue: Heap::new(vars),
            phase: vec![false; vars],
            seen: vec![Role::No; vars],
            work: Work::default(),
            exhausted: false,
            conflicts: 0,
            recent: [0; RECENT],
            recent_sum: 0,
            recent_len: 0,
            lbd_total: 0,
            domains: vec![sudoku_model::rules::all(n); cells],
            all: sudoku_model::rules::all(n),
            rules: Rules {
                list: model.rules.to_vec(),
                of: model.rules_of.clone(),
                // Every rule runs once at the root.
                pending: (0..model.rules.len() as u32).rev().collect(),
                queued: vec![true; model.rules.len()],
                ..Rules::default()
            },
            peers: if model.rules.is_empty() {
                Vec::new()
            } else {
                (0..cells).map(|cell| houses.peers(cell).to_vec()).collect()
            },
        };
        search.add_intersections(model);
        for (cell, &v) in puzzle.cells().iter().enumerate() {
            if v != 0 {
                search.fix(2 * (cell * n + v as usize - 1) as u32);
            }
        }
        if search.propagate().is_some() {
            search.exhausted = true;
        }
        search
    }

    /// Each of the model's intersections as clauses: a digit in the first part of it
    /// puts the same digit in the second part ("not d at c, or d at one of those"), made
    /// before any literal is set, so that their watches start on open literals.
    fn add_intersections(&mut self, model: &Model) {
        let n = self.n;
        for (own, others) in &model.intersections {
            for d in 0..n {
                for &c in own {
                    let mut clause = vec![2 * (c * n + d) as u32 + 1];
                    clause.extend(others.iter().map(|&x| 2 * (x * n + d) as u32));
                    self.add_clause(clause, 0);
                }
            }
        }
    }

    /// Rules a solution out (its cells), so that it is not found again.
    pub fn block(&mut self, solution: &[u8]) {
        self.backtrack(0);
        let n = self.n;
        let clause: Vec<Lit> = solution
            .iter()
            .enumerate()
            .map(|(cell, &v)| 2 * (cell * n + v as usize - 1) as u32 + 1)
            .filter(|&lit| !self.is_false(lit))
            .collect();
        match clause.len() {
            0 => self.exhausted = true,
            1 => self.fix(clause[0]),
            // Already ruled out by what the root holds now (units learnt since).
            _ if clause.iter().any(|&lit| self.is_true(lit)) => {}
            _ => {
                self.add_clause(clause, 0);
            }
        }
    }

    /// Searches on to the next solution not yet found, which is then blocked.
    pub fn next_solution(&mut self, budget: &mut Budget) -> Next {
        loop {
            if self.exhausted {
                return Next::Exhausted;
            }
            if let Some(conflict) = self.propagate() {
                if self.level_starts.is_empty() {
                    self.exhausted = true;
                    continue;
                }
                self.conflicts += 1;
                self.learn(conflict);
                continue;
            }
            if self.run_is_stuck() {
                self.recent_len = 0;
                self.backtrack(0);
            }
            if self.learnt.len() > self.max_learnt() {
                self.forget();
            }
            let Some(var) = self.next_open() else {
                let grid = self.solution();
                self.block(grid.cells());
                return Next::Found(grid);
            };
            if !budget.spend() {
                return Next::GaveUp;
            }
            self.level_starts.push(self.trail.len());
            self.rules.level_starts.push(self.rules.explanations.len());
            let lit = 2 * var + u32::from(!self.phase[var as usize]);
            self.assign(lit, Reason::Decision);
        }
    }

    fn solution(&self) -> Grid {
        let n = self.n;
        let cells = (0..self.value.len() / n)
            .map(|cell| {
                let d = (0..n).find(|&d| self.value[cell * n + d] == 1);
                d.expect("every cell holds a digit") as u8 + 1
            })
            .collect();
        Grid::from_cells(self.puzzle.shape(), cells).expect("a full grid of the puzzle's shape")
    }

    fn is_true(&self, lit: Lit) -> bool {
        self.value[(lit >> 1) as usize] == (lit & 1 ^ 1) as i8
    }

    fn is_false(&self, lit: Lit) -> bool {
        self.value[(lit >> 1) as usize] == (lit & 1) as i8
    }

    /// Sets a literal at the root, for good.
    fn fix(&mut self, lit: Lit) {
        if self.is_false(lit) {
            self.exhausted = true;
        } else if !self.is_true(lit) {
            self.assign(lit, Reason::Decision);
            if self.propagate().is_some() {
                self.exhausted = true;
            }
        }
    }

    fn assign(&mut self, lit: Lit, reason: Reason) {
        let var = (lit >> 1) as usize;
        self.value[var] = (lit & 1 ^ 1) as i8;
        self.level[var] = self.level_starts.len() as u32;
        self.reason[var] = reason;
        self.trail.push(lit);
        if lit & 1 == 1 {
            for &g in &self.groups_of[var] {
                self.open[g as usize] -= 1;
            }
            // Only rules read the candidates as sets: a classic search skips both.
            if !self.rules.list.is_empty() {
                self.domains[var / self.n] &= !(1 << (var % self.n));
                let rules = &mut self.rules;
                for &r in &rules.of[var / self.n] {
                    if !rules.queued[r as usize] {
                        rules.queued[r as usize] = true;
                        rules.pending.push(r);
                    }
                }
            }
        }
    }

    /// Propagates the trail, then the pending rules one at a time, each followed by what
    /// it set; on a conflict, returns a clause whose literals are all false.
    fn propagate(&mut self) -> Option<Vec<Lit>> {
        loop {
            let conflict = self.propagate_groups_and_clauses().or_else(|| {
                let r = self.rules.pending.pop()?;
                self.rules.queued[r as usize] = false;
                self.run_rule(r as usize)
            });
            if conflict.is_some() {
                for r in self.rules.pending.drain(..) {
                    self.rules.queued[r as usize] = false;
                }
                return conflict;
            }
            if self.propagated == self.trail.len() && self.rules.pending.is_empty() {
                return None;
            }
        }
    }

    /// Runs one rule on its cells' candidates. What it rules out is set false, explained
    /// by the candidates the rule's other cells had lost: the rule allows no filling of
    /// them with the removed digit, so that loss implies the removal whatever the cell's
    /// own candidates. If the rule finds no way to be kept, the loss in all its cells is
    /// the conflict. The explanation leaves out the candidates lost at the root, and the
    /// cells whose losses the rule does not need: see [`Learning::needed_losses`].
    fn run_rule(&mut self, r: usize) -> Option<Vec<Lit>> {
        let n = self.n;
        let rules = &mut self.rules;
        let cells = rules.list[r].cells();
        rules.before.clear();
        rules
            .before
            .extend(cells.iter().map(|&cell| self.domains[cell]));
        rules.after.clone_from(&rules.before);
        let kept = rules.list[r].propagate(&mut rules.after, n);
        if kept && rules.after == rules.before {
            self.exclude_required(r);
            return None;
        }
        self.needed_losses(r, kept);
        let rules = &mut self.rules;
        let cells = rules.list[r].cells();
        // Every candidate those cells had lost, as "it holds" literals.
        let start = push_losses(&mut rules.explanations, cells, &rules.lost, n);
        if !kept {
            let conflict = rules.explanations[start + 1..].to_vec();
            rules.explanations.truncate(start);
            return Some(conflict);
        }
        for i in 0..cells.len() {
            let rules = &self.rules;
            let (cell, removed) = (rules.list[r].cells()[i], rules.before[i] & !rules.after[i]);
            for d in (0..n).filter(|&d| removed >> d & 1 == 1) {
                let var = (cell * n + d) as u32;
                if self.value[var as usize] == -1 {
                    self.assign(2 * var + 1, Reason::Rule(start as u32));
                }
            }
        }
        self.exclude_required(r);
        None
    }

    /// Each digit rule `r` needs ([`Rule::required`]) leaves the cells that see every
    /// cell of the rule still able to hold it ([`Learning::explain_required`]).
    fn exclude_required(&mut self, r: usize) {
        let n = self.n;
        let mut required = self.rules.list[r].required(&self.rules.after, n);
        while required != 0 {
            let mut explained = None;
            let d = required.trailing_zeros() as usize;
            required &= required - 1;
            let rules = &mut self.rules;
            let cells = rules.list[r].cells();
            rules.holders.clear();
            rules.holders.extend(
                cells
                    .iter()
                    .zip(&rules.after)
                    .filter(|&(_, &left)| left >> d & 1 == 1)
                    .map(|(&cell, _)| cell),
            );
            rules.holders.sort_unstable();
            rules.holders.dedup();
            if rules.holders.len() < 2 {
                continue;
            }
            let first = rules.holders[0];
            for i in 0..self.peers[first].len() {
                let peer = self.peers[first][i];
                let var = peer * n + d;
                let holders = &self.rules.holders;
                if self.value[var] == -1
                    && holders.binary_search(&peer).is_err()
                    && holders[1..]
                        .iter()
                        .all(|&h| self.peers[h].binary_search(&peer).is_ok())
                {
                    let start = *explained.get_or_insert_with(|| self.explain_required(r, d));
                    self.assign(2 * var as u32 + 1, Reason::Rule(start));
                }
            }
        }
    }

    /// Why rule `r` needs digit `d` in its cells that may still hold it: the cells that
    /// lost `d`, and of the other candidates its cells had lost above the root before it
    /// ran, those without which it still needs `d` (given back a cell at a time, as
    /// [`Learning::needed_losses`] does), as one explanation; where it starts.
    fn explain_required(&mut self, r: usize, d: usize) -> u32 {
        let n = self.n;
        let rules = &mut self.rules;
        // Per cell, the losses named: all at first, `d` always.
        lost_above_root(rules, r, self.all, &self.level, n);
        let rule = &rules.list[r];
        let cells = rule.cells();
        let bit = 1 << d;
        rules.trial.clone_from(&rules.before);
        for i in 0..cells.len() {
            let part = rules.lost[i] & !bit;
            if part == 0 || cells[..i].contains(&cells[i]) {
                continue;
            }
            let places = (i..cells.len()).filter(|&k| cells[k] == cells[i]);
            places.clone().for_each(|k| rules.trial[k] |= part);
            rules.scratch.clone_from(&rules.trial);
            // No filling at all needs every digit.
            let still = !rule.propagate(&mut rules.scratch, n)
                || rule.required(&rules.scratch, n) & bit != 0;
            if still {
                places.for_each(|k| rules.lost[k] &= !part);
            } else {
                places.for_each(|k| rules.trial[k] &= !part);
            }
        }
        push_losses(&mut rules.explanations, cells, &rules.lost, n) as u32
    }

    /// Fills `rules.lost`, per cell of rule `r`, with the candidates lost above the root
    /// that its explanation names. One cell at a time, it gives a cell its lost candidates
    /// back, part by part, and runs the rule again: if the rule still rules out all it did
    /// (or still fails, when `kept` is false), that part is left out. A killer cage then
    /// names the cells that bound its sum, not every cell that lost a digit: the learnt
    /// clauses are shorter, and each prunes more.
    fn needed_losses(&mut self, r: usize, kept: bool) {
        let n = self.n;
        let rules = &mut self.rules;
        lost_above_root(rules, r, self.all, &self.level, n);
        let cells = rules.list[r].cells();
        rules.trial.clone_from(&rules.before);
        // A rule of two cells explains a removal from one by the other's losses alone;
        // trying them by parts cost more time than its few shorter clauses saved.
        if cells.len() <= 2 {
            return;
        }
        for i in 0..cells.len() {
            let lost = rules.lost[i];
            if lost == 0 || cells[..i].contains(&cells[i]) {
                continue;
            }
            // The digits below the cell's least candidate, those above its greatest and
            // those between, which a sum's bounds tell apart.
            let had = rules.before[i];
            let low = lost & below(lowest(had));
            let high = lost & above(highest(had));
            for part in [low, high, lost & !low & !high] {
                if part == 0 {
                    continue;
                }
                // The cell may be listed more than once: every place gets its digits back.
                let places = (i..cells.len()).filter(|&k| cells[k] == cells[i]);
                places.clone().for_each(|k| rules.trial[k] |= part);
                rules.scratch.clone_from(&rules.trial);
                let still = if rules.list[r].propagate(&mut rules.scratch, n) {
                    kept && rules
                        .scratch
                        .iter()
                        .zip(rules.before.iter().zip(&rules.after))
                        .all(|(&now, (&had, &left))| now & had & !left == 0)
                } else {
                    true
                };
                if still {
                    places.for_each(|k| rules.lost[k] &= !part);
                } else {
                    places.for_each(|k| rules.trial[k] &= !part);
                }
            }
        }
    }

    fn propagate_groups_and_clauses(&mut self) -> Option<Vec<Lit>> {
        while self.propagated < self.trail.len() {
            let lit = self.trail[self.propagated];
            self.propagated += 1;
            let var = lit >> 1;
            for gi in 0..self.groups_of[var as usize].len() {
                let g = self.groups_of[var as usize][gi] as usize;
                if lit & 1 == 0 {
                    // A true variable excludes the rest of each of its groups.
                    for i in 0..self.groups[g].len() {
                        let other = self.groups[g][i];
                        match self.value[other as usize] {
                            _ if other == var => {}
                            1 => return Some(vec![2 * var + 1, 2 * other + 1]),
                            -1 => self.assign(2 * other + 1, Reason::Excluded(var)),
                            _ => {}
                        }
                    }
                } else if self.exact[g] && self.open[g] <= 1 {
                    // A false variable may leave its group one place, or none.
                    let last = self.groups[g]
                        .iter()
                        .find(|&&v| self.value[v as usize] != 0);
                    match last {
                        None => return Some(self.groups[g].iter().map(|&v| 2 * v).collect()),
                        Some(&v) if self.value[v as usize] == -1 => {
                            self.assign(2 * v, Reason::LastPlace(g as u32));
                        }
                        Some(_) => {}
                    }
                }
            }
            if let Some(conflict) = self.propagate_clauses(lit ^ 1) {
                return Some(conflict);
            }
        }
        None
    }

    /// Visits the clauses watching `lit`, which has just become false.
    fn propagate_clauses(&mut self, lit: Lit) -> Option<Vec<Lit>> {
        let mut watching = std::mem::take(&mut self.watches[lit as usize]);
        let mut kept = 0;
        let mut conflict = None;
        let mut i = 0;
        while i < watching.len() {
            let (c, blocker) = watching[i];
            i += 1;
            if self.is_true(blocker) {
                watching[kept] = (c, blocker);
                kept += 1;
                continue;
            }
            let span = self.span(c);
            let clause = &mut self.clauses[span];
            if clause[0] == lit {
                clause.swap(0, 1);
            }
            let first = clause[0];
            if self.value[(first >> 1) as usize] == (first & 1 ^ 1) as i8 {
                watching[kept] = (c, first);
                kept += 1;
                continue;
            }
            let value = &self.value;
            let other = (2..clause.len())
                .find(|&k| value[(clause[k] >> 1) as usize] != (clause[k] & 1) as i8);
            if let Some(k) = other {
                clause.swap(1, k);
                let watch = clause[1];
                self.watches[watch as usize].push((c, first));
                continue;
            }
            watching[kept] = (c, first);
            kept += 1;
            if self.is_false(first) {
                conflict = Some(self.literals(c).to_vec());
                watching.copy_within(i.., kept);
                kept += watching.len() - i;
                break;
            }
            self.assign(first, Reason::Clause(c));
        }
        watching.truncate(kept);
        self.watches[lit as usize] = watching;
        conflict
    }

    /// The literals other than `var`'s own that forced `var`'s value, all false.
    fn because(&self, var: usize, out: &mut Vec<Lit>) {
        out.clear();
        match self.reason[var] {
            Reason::Decision => {}
            Reason::Excluded(by) => out.push(2 * by + 1),
            Reason::LastPlace(g) => out.extend(
                self.groups[g as usize]
                    .iter()
                    .filter(|&&v| v as usize != var)
                    .map(|&v| 2 * v),
            ),
            Reason::Clause(c) => out.extend(
                self.literals(c)
                    .iter()
                    .filter(|&&lit| (lit >> 1) as usize != var),
            ),
            Reason::Rule(start) => {
                let start = start as usize;
                let len = self.rules.explanations[start] as usize;
                let cell = var / self.n;
                let lits = &self.rules.explanations[start + 1..start + 1 + len];
                out.extend(
                    lits.iter()
                        .filter(|&&lit| (lit >> 1) as usize / self.n != cell),
                );
            }
        }
    }

    /// Learns the first-UIP clause of a conflict, backjumps, and asserts it.
    #[inline(never)]
    fn learn(&mut self, conflict: Vec<Lit>) {
        let level = self.level_starts.len() as u32;
        let mut learnt = vec![0];
        let mut pending = 0;
        let mut index = self.trail.len();
        let mut reason = conflict;
        let mut scratch = Vec::new();
        let uip = loop {
            for &lit in &reason {
                let var = (lit >> 1) as usize;
                if self.seen[var] == Role::No && self.level[var] > 0 {
                    self.seen[var] = Role::InClause;
                    self.bump_activity(var);
                    if self.level[var] == level {
                        pending += 1;
                    } else {
                        learnt.push(lit);
                    }
                }
            }
            let lit = loop {
                index -= 1;
                if self.seen[(self.trail[index] >> 1) as usize] != Role::No {
                    break self.trail[index];
                }
            };
            let var = (lit >> 1) as usize;
            self.seen[var] = Role::No;
            pending -= 1;
            if pending == 0 {
                break lit;
            }
            if let Reason::Clause(c) = self.reason[var] {
                self.clauses[c as usize + 1] |= USED;
            }
            self.because(var, &mut scratch);
            std::mem::swap(&mut reason, &mut scratch);
        };
        learnt[0] = uip ^ 1;
        let mut marked: Vec<usize> = learnt[1..].iter().map(|&l| (l >> 1) as usize).collect();
        let mut clause = vec![learnt[0]];
        for &lit in &learnt[1..] {
            if !self.implied(&mut marked, (lit >> 1) as usize) {
                clause.push(lit);
            }
        }
        for var in marked {
            self.seen[var] = Role::No;
        }
        self.bump /= activity_decay(self.conflicts);
        // The literal of the highest level below goes second, to be watched.
        let mut jump = 0;
        if clause.len() > 1 {
            let deepest = (1..clause.len())
                .max_by_key(|&i| self.level[(clause[i] >> 1) as usize])
                .expect("a second literal");
            clause.swap(1, deepest);
            jump = self.level[(clause[1] >> 1) as usize];
        }
        // Its LBD: how many decision levels it spans. No sort: that costs the page kilobytes.
        let levels = &mut self.work.levels;
        levels.clear();
        levels.resize(level as usize + 1, false);
        for &lit in &clause {
            levels[self.level[(lit >> 1) as usize] as usize] = true;
        }
        let lbd = levels.iter().filter(|&&l| l).count() as u32;
        // A running sum: the restart test runs before every decision.
        let slot = &mut self.recent[self.conflicts as usize % RECENT];
        self.recent_sum = self.recent_sum - u64::from(*slot) + u64::from(lbd);
        *slot = lbd;
        self.recent_len += 1;
        self.lbd_total += u64::from(lbd);
        self.backtrack(jump);
        if clause.len() == 1 {
            self.assign(clause[0], Reason::Decision);
        } else {
            let asserted = clause[0];
            let c = self.add_clause(clause, lbd);
            self.learnt.push(c);
            self.assign(asserted, Reason::Clause(c));
        }
    }

    /// Whether the last [`RECENT`] learnt clauses of this run span more decision levels,
    /// on average, than all learnt clauses by a margin: the run has wandered off.
    fn run_is_stuck(&self) -> bool {
        self.recent_len >= RECENT
            && self.recent_sum * self.conflicts * 4 > self.lbd_total * RECENT as u64 * 5
    }

    /// Whether `var`'s literal in a learnt clause follows from the clause's other
    /// literals, so it can be left out (MiniSat's recursive minimisation).
    #[inline(never)]
    fn implied(&mut self, marked: &mut Vec<usize>, var: usize) -> bool {
        if matches!(self.reason[var], Reason::Decision) {
            return false;
        }
        // Buffers kept between calls: this runs for every literal of every learnt clause.
        let mut work = std::mem::take(&mut self.work);
        work.stack.clear();
        work.visited.clear();
        work.stack.push(var);
        let implied = 'walk: loop {
            let Some(x) = work.stack.pop() else {
                break true;
            };
            self.because(x, &mut work.reason);
            for &lit in &work.reason {
                let u = (lit >> 1) as usize;
                match self.seen[u] {
                    _ if self.level[u] == 0 => {}
                    Role::InClause | Role::Redundant => {}
                    Role::No if !matches!(self.reason[u], Reason::Decision) => {
                        self.seen[u] = Role::Redundant;
                        marked.push(u);
                        work.visited.push(u);
                        work.stack.push(u);
                    }
                    // A decision, or a literal already known to be needed.
                    _ => break 'walk false,
                }
            }
        };
        if !implied {
            for &v in &work.visited {
                self.seen[v] = Role::Needed;
            }
        }
        self.work = work;
        implied
    }

    fn bump_activity(&mut self, var: usize) {
        self.activity[var] += self.bump;
        if self.activity[var] > 1e100 {
            for a in &mut self.activity {
                *a *= 1e-100;
            }
            self.bump *= 1e-100;
        }
        self.queue.raise(var as u32, &self.activity);
    }

    fn backtrack(&mut self, level: u32) {
        let Some(&start) = self.level_starts.get(level as usize) else {
            return;
        };
        for i in (start..self.trail.len()).rev() {
            let var = (self.trail[i] >> 1) as usize;
            if self.value[var] == 0 {
                for &g in &self.groups_of[var] {
                    self.open[g as usize] += 1;
                }
                if !self.rules.list.is_empty() {
                    self.domains[var / self.n] |= 1 << (var % self.n);
                }
            }
            self.phase[var] = self.value[var] == 1;
            self.value[var] = -1;
            self.queue.insert(var as u32, &self.activity);
        }
        self.trail.truncate(start);
        self.propagated = start;
        self.level_starts.truncate(level as usize);
        let rules = &mut self.rules;
        if let Some(&start) = rules.level_starts.get(level as usize) {
            rules.explanations.truncate(start);
            rules.level_starts.truncate(level as usize);
        }
        for r in rules.pending.drain(..) {
            rules.queued[r as usize] = false;
        }
    }

    fn add_clause(&mut self, clause: Vec<Lit>, lbd: u32) -> u32 {
        let c = self.clauses.len() as u32;
        self.watches[clause[0] as usize].push((c, clause[1]));
        self.watches[clause[1] as usize].push((c, clause[0]));
        self.clauses.extend([clause.len() as u32, lbd]);
        self.clauses.extend(clause);
        c
    }

    /// Where clause `c`'s literals lie in `clauses`.
    fn span(&self, c: u32) -> std::ops::Range<usize> {
        let start = c as usize + HEADER;
        start..start + self.clauses[c as usize] as usize
    }

    fn literals(&self, c: u32) -> &[Lit] {
        &self.clauses[self.span(c)]
    }

    fn max_learnt(&self) -> usize {
        self.first_forget + (self.conflicts / 4) as usize
    }

    /// Keeps the learnt clauses that took part in a conflict since the last call, and
    /// deletes about half of the others, those of highest LBD, keeping those of LBD 2 and
    /// those that are reasons now. The cut is found by counting, not sorting. Sparing the
    /// used clauses took a third fewer conflicts on the hard 25x25 set than cutting by
    /// LBD alone.
    #[inline(never)]
    fn forget(&mut self) {
        // The others by LBD, those over 63 together.
        let mut by_lbd = [0usize; 64];
        let mut others = 0;
        for &c in &self.learnt {
            let quality = self.clauses[c as usize + 1];
            if quality & USED == 0 {
                by_lbd[(quality as usize).min(63)] += 1;
                others += 1;
            }
        }
        let mut kept = 0;
        let cut = (0..64)
            .find(|&lbd| {
                kept += by_lbd[lbd];
                kept >= others / 2
            })
            .unwrap_or(0)
            .max(2) as u32;
        for i in 0..self.learnt.len() {
            let c = self.learnt[i] as usize;
            let first = self.clauses[c + HEADER];
            let reason = matches!(self.reason[(first >> 1) as usize], Reason::Clause(r) if r as usize == c)
                && self.is_true(first);
            let quality = &mut self.clauses[c + 1];
            if *quality > cut && *quality & USED == 0 && !reason {
                *quality = DELETED;
            } else {
                *quality &= !USED;
            }
        }
        self.compact();
    }

    /// Moves the kept clauses together, and renames them in the watches, the reasons and
    /// the learnt list. The old array briefly holds each kept clause's new place.
    fn compact(&mut self) {
        let mut kept = Vec::with_capacity(self.clauses.len());
        let mut c = 0;
        while c < self.clauses.len() {
            let end = c + HEADER + self.clauses[c] as usize;
            if self.clauses[c + 1] != DELETED {
                let moved = kept.len() as u32;
                kept.extend_from_slice(&self.clauses[c..end]);
                self.clauses[c] = moved;
            }
            c = end;
        }
        let old = &self.clauses;
        for list in &mut self.watches {
            list.retain_mut(|(c, _)| {
                let live = old[*c as usize + 1] != DELETED;
                *c = old[*c as usize];
                live
            });
        }
        for &lit in &self.trail {
            if let Reason::Clause(c) = &mut self.reason[(lit >> 1) as usize] {
                *c = old[*c as usize];
            }
        }
        self.learnt.retain_mut(|c| {
            let live = old[*c as usize + 1] != DELETED;
            *c = old[*c as usize];
            live
        });
        self.clauses = kept;
    }

    fn next_open(&mut self) -> Option<u32> {
        loop {
            let var = self.queue.pop(&self.activity)?;
            if self.value[var as usize] == -1 {
                return Some(var);
            }
        }
    }
}

/// How many recent learnt clauses [`Learning::run_is_stuck`] weighs.
const RECENT: usize = 50;

/// How much of its activity a variable keeps at each conflict: 0.95 at first, then 0.01 more
/// every 5,000 conflicts up to 0.99, as Glucose ramps its own. Long runs then weigh the
/// older conflicts longer (on hard25 #1 and #3, 7-14% fewer conflicts), while short runs
/// follow the latest ones: 0.99 from the start left the 25x25 tail's worst cases 1.5 times
/// slower.
fn activity_decay(conflicts: u64) -> f64 {
    (0.95 + 0.01 * (conflicts / 5000) as f64).min(0.99)
}

const FIRST_FORGET: usize = 4000;
/// A clause's words before its literals: its length, and its LBD with the flag below.
const HEADER: usize = 2;
/// Set on a clause that was a reason in a conflict since the last forgetting (read for
/// learnt clauses only).
const USED: u32 = 1 << 30;
/// The second word of a clause marked for deletion.
const DELETED: u32 = u32::MAX;

/// Variables by activity, the most active on top.
struct Heap {
    heap: Vec<u32>,
    /// Each variable's index in `heap`, or `u32::MAX` when it is not there.
    at: Vec<u32>,
}

impl Heap {
    fn new(vars: usize) -> Heap {
        Heap {
            heap: (0..vars as u32).collect(),
            at: (0..vars as u32).collect(),
        }
    }

    fn insert(&mut self, var: u32, activity: &[f64]) {
        if self.at[var as usize] == u32::MAX {
            self.heap.push(var);
            self.at[var as usize] = self.heap.len() as u32 - 1;
            self.up(self.heap.len() - 1, activity);
        }
    }

    fn raise(&mut self, var: u32, activity: &[f64]) {
        if let Some(&i) = self.at.get(var as usize).filter(|&&i| i != u32::MAX) {
            self.up(i as usize, activity);
        }
    }

    fn pop(&mut self, activity: &[f64]) -> Option<u32> {
        let top = *self.heap.first()?;
        let last = self.heap.pop().expect("not empty");
        self.at[top as usize] = u32::MAX;
        if !self.heap.is_empty() {
            self.heap[0] = last;
            self.at[last as usize] = 0;
            self.down(0, activity);
        }
        Some(top)
    }

    fn up(&mut self, mut i: usize, activity: &[f64]) {
        let var = self.heap[i];
        while i > 0 {
            let parent = (i - 1) / 2;
            if activity[self.heap[parent] as usize] >= activity[var as usize] {
                break;
            }
            self.put(i, self.heap[parent]);
            i = parent;
        }
        self.put(i, var);
    }

    fn down(&mut self, mut i: usize, activity: &[f64]) {
        let var = self.heap[i];
        loop {
            let left = 2 * i + 1;
            if left >= self.heap.len() {
                break;
            }
            let right = left + 1;
            let child = if right < self.heap.len()
                && activity[self.heap[right] as usize] > activity[self.heap[left] as usize]
            {
                right
            } else {
                left
            };
            if activity[self.heap[child] as usize] <= activity[var as usize] {
                break;
            }
            self.put(i, self.heap[child]);
            i = child;
        }
        self.put(i, var);
    }

    fn put(&mut self, i: usize, var: u32) {
        self.heap[i] = var;
        self.at[var as usize] = i as u32;
    }
}

/// Every solution, lazily, in the learning search's order.
pub struct Solutions {
    search: Learning,
}

impl Solutions {
    pub fn new(puzzle: &Puzzle) -> Solutions {
        let model = Model::new(puzzle.houses(), puzzle.rules());
        let mut search = Learning::new(&model, puzzle.givens());
        if puzzle.broken(puzzle.givens()).is_some() {
            search.exhausted = true;
        }
        Solutions { search }
    }
}

impl Iterator for Solutions {
    type Item = Grid;

    fn next(&mut self) -> Option<Grid> {
        match self.search.next_solution(&mut Budget::unlimited()) {
            Next::Found(grid) => Some(grid),
            Next::Exhausted | Next::GaveUp | Next::RunOut => None,
        }
    }
}

/// Fills `rules.lost`, per cell of rule `r`, with the digits the cell had lost before the
/// rule ran (`rules.before` holds what it still had) whose removal came above the root.
fn lost_above_root(rules: &mut Rules, r: usize, all: u32, level: &[u32], n: usize) {
    let cells = rules.list[r].cells();
    rules.lost.clear();
    rules
        .lost
        .extend(cells.iter().zip(&rules.before).map(|(&cell, &had)| {
            let gone = all & !had;
            (0..n)
                .filter(|&d| gone >> d & 1 == 1 && level[cell * n + d] > 0)
                .fold(0, |set, d| set | 1 << d)
        }));
}

/// Adds one explanation to `explanations`: its length, then an "it holds" literal for each
/// candidate a rule's cell lost (`lost`, per cell, each cell once); returns where it starts.
fn push_losses(explanations: &mut Vec<Lit>, cells: &[usize], lost: &[u32], n: usize) -> usize {
    let start = explanations.len();
    explanations.push(0);
    for (i, (&cell, &lost)) in cells.iter().zip(lost).enumerate() {
        if lost != 0 && !cells[..i].contains(&cell) {
            let lits = (0..n).filter(|&d| lost >> d & 1 == 1);
            explanations.extend(lits.map(|d| 2 * (cell * n + d) as u32));
        }
    }
    explanations[start] = (explanations.len() - start - 1) as u32;
    start
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::count;

    #[test]
    fn intersections_are_clauses_from_the_start() {
        let puzzle = Grid::parse(crate::tests::POINTING).unwrap();
        let houses = sudoku_model::houses::Houses::standard(puzzle.shape());
        let search = Learning::new(&Model::new(&houses, &[]), &puzzle);
        // "1 at r1c4" is the variable 3 * 9; "1 at r1c1", 0.
        assert!((3..9).all(|cell| search.value[cell * 9] == 0));
        assert!((0..3).all(|cell| search.value[cell * 9] == -1));
    }

    #[test]
    fn forgetting_at_every_depth_loses_no_solution() {
        // A 17-clue puzzle less one given: 388 solutions. Forgetting from the start, it
        // deletes clauses and moves the rest at every depth, reasons on the trail included.
        let puzzle = Grid::parse(
            ".................1.....2.3......3.2...4....5...6.1.....3......6.7..8...952.......",
        )
        .unwrap();
        let houses = sudoku_model::houses::Houses::standard(puzzle.shape());
        let mut search = Learning::new(&Model::new(&houses, &[]), &puzzle);
        search.first_forget = 0;
        let mut found = std::collections::BTreeSet::new();
        while let Next::Found(grid) = search.next_solution(&mut Budget::unlimited()) {
            assert!(grid.solves(&puzzle, &houses));
            assert!(found.insert(grid.cells().to_vec()), "found twice");
        }
        // Without forgetting, nearly every conflict would have left a clause.
        assert!(search.learnt.len() < search.conflicts as usize / 2);
        let all = count(
            &Puzzle::classic(puzzle.clone()),
            u64::MAX,
            &mut Budget::unlimited(),
        )
        .count;
        assert_eq!((found.len() as u64, all), (388, 388));
    }
}
