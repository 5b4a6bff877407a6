//! Each variant rule's own deductions, as the strongest explaining variant solver has a
//! step per constraint:
//! - what a rule alone rules out among its cells' candidates, named after the rule
//!   ("Killer cage combinations", "Thermometer bounds"; an automaton after the rule it
//!   states, `Technique::of_rule`);
//! - a digit a rule needs (every way of keeping it puts that digit in its cells), which
//!   then leaves every cell that sees all its places there;
//! - the weak links a rule implies between candidates ("if r1c1 is 3, r1c2 is not 8"),
//!   which the chains use, so that they work for every variant at once.

use crate::implications::Node;
use crate::{cell_list, cell_name, digit_list, digits_of, Candidates, Highlight, Step, Technique};
use sudoku_model::digits::DigitSet;
use sudoku_model::rules::Rule;
use sudoku_model::shape::Shape;
use sudoku_model::symbols::symbol;

/// The first rule of `technique`'s kind that rules out candidates of its empty cells; for
/// [`Technique::Plain`], the first whose step is plain. A rule's step that rules out no more
/// than its plainest reading ([`Rule::plain`]) is named [`Technique::Plain`].
#[inline]
pub fn rule_step(c: &Candidates, technique: Technique) -> Option<Step> {
    let shape = c.shape();
    let (own, plain_only) = match technique {
        Technique::Rule(_) | Technique::IssRule(_) => (technique, false),
        Technique::Plain(lead) => (Technique::Rule(lead), true),
        _ => return None,
    };
    let rules = c.rules().iter().enumerate();
    rules
        .filter(|(_, rule)| Technique::of_rule(rule) == own)
        .find_map(|(index, rule)| {
            // A rule that cannot be kept is a broken position, not a step.
            let after = narrowed(c, rule)?;
            let eliminations = losses(c, rule.cells(), &after);
            if eliminations.is_empty() {
                return None;
            }
            let technique = match own {
                Technique::Rule(lead) if is_plain(c, rule, &eliminations) => Technique::Plain(lead),
                _ if plain_only => return None,
                _ => own,
            };
            // The rule's name ends in cells ("arrow from r1c1 along r1c2 → r1c3"): a comma
            // keeps them apart from the cells that lose candidates.
            let why = rule
                .gist(&after)
                .map_or(",".to_string(), |r| format!(", {r},"));
            let explanation = format!(
                "{technique}: by the {}{why} {}",
                rule.describe(shape),
                removals(shape, &eliminations)
            );
            Some(Step {
                technique,
                placements: Vec::new(),
                highlight: rule_highlight(c, index, rule, &eliminations),
                eliminations,
                explanation,
            })
        })
}

/// Whether `rule`'s plainest reading alone rules out each of `eliminations`.
#[inline]
fn is_plain(c: &Candidates, rule: &Rule, eliminations: &[(usize, u8)]) -> bool {
    if rule.kind().plain().is_none() {
        return false;
    }
    let cells = rule.cells();
    let mut plain = c.domains(cells);
    rule.plain(&mut plain, c.shape().n());
    eliminations.iter().all(|&(cell, digit)| {
        cells
            .iter()
            .zip(&plain)
            .all(|(&at, &left)| at != cell || left & (1 << (digit - 1)) == 0)
    })
}

/// A digit some rule needs in its cells: in every way of keeping the rule one of its cells
/// holds it. Where only one cell can, it is placed; otherwise every cell that sees each of
/// those places loses it.
#[inline]
pub fn needed_digit(c: &Candidates) -> Option<Step> {
    let shape = c.shape();
    let n = shape.n();
    for (index, rule) in c.rules().iter().enumerate() {
        let domains = c.domains(rule.cells());
        let placed = rule
            .cells()
            .iter()
            .fold(DigitSet::EMPTY, |m, &cell| m.with(c.digit(cell)))
            .bits();
        let open = domains.iter().fold(0, |m, &d| m | d) & !placed;
        for digit in digits_of(open) {
            let mut without: Vec<u32> = domains.iter().map(|&d| d & !(1 << (digit - 1))).collect();
            if rule.propagate(&mut without, n) {
                continue;
            }
            let mut places: Vec<usize> = rule
                .cells()
                .iter()
                .copied()
                .filter(|&cell| c.has(cell, digit))
                .collect();
            places.sort_unstable();
            places.dedup();
            let described = rule.describe(shape);
            if let [cell] = places[..] {
                let explanation = format!(
                    "Needed digit: every way to keep the {described} puts a {} in it, and only {} can hold it",
                    symbol(digit),
                    cell_name(shape, cell)
                );
                return Some(Step {
                    technique: Technique::NeededDigit,
                    placements: vec![(cell, digit)],
                    eliminations: Vec::new(),
                    highlight: rule_highlight(c, index, rule, &[]),
                    explanation,
                });
            }
            let targets = c.seeing_all(&places, digit);
            if targets.is_empty() {
                continue;
            }
            let explanation = format!(
                "Needed digit: every way to keep the {described} puts a {} in {}, so {} cannot be {}",
                symbol(digit),
                cell_list(shape, &places),
                cell_list(shape, &targets),
                symbol(digit)
            );
            let mut highlight = rule_highlight(c, index, rule, &[]);
            highlight.candidates = places.iter().map(|&p| (p, digit)).collect();
            return Some(Step {
                technique: Technique::NeededDigit,
                placements: Vec::new(),
                eliminations: targets.into_iter().map(|t| (t, digit)).collect(),
                highlight,
                explanation,
            });
        }
    }
    None
}

/// Search nodes spent on one rule's fillings before falling back on its own propagation.
const MOST_NODES: usize = 200;

/// The candidates of `rule`'s cells (in its order) that some filling uses which keeps the
/// rule and puts different digits in cells that see each other; `None` if there is none.
/// A rule's own propagation does not know its cells' houses (an arrow's shaft in one box
/// cannot repeat a digit), so the fillings are listed, pruned by the rule at each cell;
/// past [`MOST_NODES`] the rule's propagation alone answers.
#[inline]
pub(crate) fn narrowed(c: &Candidates, rule: &Rule) -> Option<Vec<u32>> {
    let n = c.shape().n();
    let cells = rule.cells();
    let mut domains = c.domains(cells);
    if !rule.propagate(&mut domains, n) {
        return None;
    }
    // A rule that keeps its digits apart itself (a cage), or whose cells see none of the
    // others, adds nothing to its own propagation.
    let apart = |(i, &a): (usize, &usize)| cells[i + 1..].iter().any(|&b| c.sees(a, b));
    if rule.distinct() || !cells.iter().enumerate().any(apart) {
        return Some(domains);
    }
    let mut found = vec![0u32; cells.len()];
    let mut nodes = 0;
    // The domains at each depth of the search, one row of the cells' length a depth.
    let mut stack = vec![0u32; cells.len() * (cells.len() + 1)];
    stack[..cells.len()].copy_from_slice(&domains);
    match fillings(c, rule, 0, &mut stack, &mut found, &mut nodes) {
        Some(true) => Some(found),
        Some(false) => None,
        None => Some(domains),
    }
}

/// How many sets of domains [`Narrowings`] remembers for each rule.
const MOST_REMEMBERED: usize = 16;

/// [`narrowed`] remembered, for the forcing steps: they narrow the same rules from the
/// same domains in try after try, and the answer depends on nothing else (the houses stay
/// the same), so each is worked out once. For each rule (by index), the last sets of its
/// cells' domains it was narrowed from and what came of them.
pub(super) struct Narrowings {
    known: Vec<Vec<Narrowing>>,
}

/// A rule's cells' domains, and what [`narrowed`] made of them.
type Narrowing = (Vec<u32>, Option<Vec<u32>>);

impl Narrowings {
    #[inline]
    pub(super) fn new(c: &Candidates) -> Narrowings {
        Narrowings {
            known: vec![Vec::new(); c.rules().len()],
        }
    }

    /// [`narrowed`] of rule `index` of `c`.
    #[inline]
    pub(super) fn narrowed(&mut self, c: &Candidates, index: usize) -> Option<&[u32]> {
        let rule = &c.rules()[index];
        let domains = c.domains(rule.cells());
        let known = &mut self.known[index];
        let at = match known.iter().position(|(from, _)| *from == domains) {
            Some(at) => at,
            None => {
                let answer = narrowed(c, rule);
                if known.len() == MOST_REMEMBERED {
                    known.remove(0);
                }
                known.push((domains, answer));
                known.len() - 1
            }
        };
        known[at].1.as_deref()
    }
}

/// Lists the fillings from cell `at` on into `found`: whether there is one, or `None` once
/// the search is too long. `stack` starts with the domains at `at`; the rest is room for
/// the deeper ones, so that the search allocates nothing.
#[inline]
fn fillings(
    c: &Candidates,
    rule: &Rule,
    at: usize,
    stack: &mut [u32],
    found: &mut [u32],
    nodes: &mut usize,
) -> Option<bool> {
    let n = c.shape().n();
    let cells = rule.cells();
    let (domains, deeper) = stack.split_at_mut(cells.len());
    if at == cells.len() {
        for (f, &d) in found.iter_mut().zip(domains.iter()) {
            *f |= d;
        }
        return Some(true);
    }
    let mut any = false;
    for digit in DigitSet::from_bits(domains[at]).iter() {
        *nodes += 1;
        if *nodes > MOST_NODES {
            return None;
        }
        let next = &mut deeper[..cells.len()];
        next.copy_from_slice(domains);
        next[at] = 1 << (digit - 1);
        for (j, &other) in cells.iter().enumerate().skip(at + 1) {
            if other == cells[at] {
                next[j] &= 1 << (digit - 1);
            } else if c.sees(cells[at], other) {
                next[j] &= !(1 << (digit - 1));
            }
        }
        if next.contains(&0) || !rule.propagate(next, n) {
            continue;
        }
        any |= fillings(c, rule, at + 1, deeper, found, nodes)?;
    }
    Some(any)
}

/// For each candidate (at `cell * n + digit - 1`), the candidates some rule says cannot be
/// true with it: trying it alone in its cell, what the rule then rules out in its other
/// cells. Links two peers' equal digits already make are left out.
#[inline]
pub(super) fn weak_links(c: &Candidates) -> Vec<Vec<Node>> {
    let n = c.shape().n();
    let mut links: Vec<Vec<Node>> = vec![
        Vec::new();
        if c.rules().is_empty() {
            0
        } else {
            c.cells() * n
        }
    ];
    for rule in c.rules() {
        let cells = rule.cells();
        let domains = c.domains(cells);
        for (i, &cell) in cells.iter().enumerate() {
            if c.digit(cell) != 0 {
                continue;
            }
            for digit in digits_of(domains[i]) {
                let tried = alone(c, rule, cell, digit);
                let list = &mut links[cell * n + usize::from(digit - 1)];
                for (j, &other) in cells.iter().enumerate() {
                    if other == cell || c.digit(other) != 0 {
                        continue;
                    }
                    let lost = tried.as_ref().map_or(domains[j], |t| domains[j] & !t[j]);
                    for d in digits_of(lost) {
                        if (d != digit || !c.sees(cell, other)) && !list.contains(&(other, d)) {
                            list.push((other, d));
                        }
                    }
                }
            }
        }
    }
    links
}

/// The first rule that makes the weak link "if `a` is true, `b` is false" (as
/// [`weak_links`] finds it), by its index among the puzzle's rules; `None` when no rule
/// does, as for a link the houses make.
#[inline]
pub(super) fn rule_of_link(c: &Candidates, a: Node, b: Node) -> Option<usize> {
    c.rules().iter().position(|rule| {
        let cells = rule.cells();
        let (true, Some(j)) = (cells.contains(&a.0), cells.iter().position(|&x| x == b.0)) else {
            return false;
        };
        alone(c, rule, a.0, a.1).is_none_or(|tried| tried[j] & 1 << (b.1 - 1) == 0)
    })
}

/// The candidates of `rule`'s cells once `cell` holds `digit` alone (wherever the rule
/// lists it), narrowed by the rule's own propagation; `None` if the rule cannot then be
/// kept.
#[inline]
fn alone(c: &Candidates, rule: &Rule, cell: usize, digit: u8) -> Option<Vec<u32>> {
    let mut tried = c.domains(rule.cells());
    for (k, &x) in rule.cells().iter().enumerate() {
        if x == cell {
            tried[k] = 1 << (digit - 1);
        }
    }
    rule.propagate(&mut tried, c.shape().n()).then_some(tried)
}

/// What narrowing `cells` to `after` (one set per cell, in order) takes from the empty
/// ones, sorted by cell and digit.
#[inline]
pub(super) fn losses(c: &Candidates, cells: &[usize], after: &[u32]) -> Vec<Node> {
    // Gathered by cell and read in cell order rather than sorted: a sort of nodes would be
    // about 9 KB of the browser's module (docs/budgets.md).
    let mut lost = vec![0u32; c.cells()];
    for (&cell, &kept) in cells.iter().zip(after) {
        lost[cell] |= c.marks(cell) & !kept;
    }
    lost.iter()
        .enumerate()
        .filter(|&(_, &mask)| mask != 0)
        .flat_map(|(cell, &mask)| digits_of(mask).into_iter().map(move |d| (cell, d)))
        .collect()
}

/// The rule's cells, with the candidates it leaves those that lose some.
#[inline]
fn rule_highlight(c: &Candidates, index: usize, rule: &Rule, lost: &[Node]) -> Highlight {
    let mut cells = rule.cells().to_vec();
    cells.sort_unstable();
    cells.dedup();
    let candidates = cells
        .iter()
        .filter(|&&cell| lost.iter().any(|&(x, _)| x == cell))
        .flat_map(|&cell| {
            let left = c.marks(cell)
                & !lost
                    .iter()
                    .filter(|l| l.0 == cell)
                    .fold(0, |m, l| m | 1 << (l.1 - 1));
            digits_of(left).into_iter().map(move |d| (cell, d))
        })
        .collect();
    Highlight {
        houses: Vec::new(),
        cells,
        candidates,
        links: Vec::new(),
        rules: vec![index],
    }
}

/// "r1c2 cannot be 1/9 and r1c3 cannot be 1", from sorted eliminations.
#[inline]
pub(super) fn removals(shape: Shape, eliminations: &[Node]) -> String {
    let mut parts: Vec<String> = Vec::new();
    let mut i = 0;
    while i < eliminations.len() {
        let cell = eliminations[i].0;
        let digits: Vec<u8> = eliminations[i..]
            .iter()
            .take_while(|&&(x, _)| x == cell)
            .map(|&(_, d)| d)
            .collect();
        i += digits.len();
        parts.push(format!(
            "{} cannot be {}",
            cell_name(shape, cell),
            digit_list(&digits)
        ));
    }
    and_list(&parts)
}

/// "a", "a and b", "a, b and c".
#[inline]
pub(super) fn and_list(parts: &[String]) -> String {
    match parts.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} and {last}", rest.join(", ")),
        _ => parts.concat(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sudoku_model::grid::Grid;
    use sudoku_model::houses::Houses;
    use sudoku_model::puzzle::Puzzle;
    use sudoku_model::rules::{Arrow, Whispers};

    /// What the forcing tries are told of a rule is what narrowing it afresh says, for
    /// more sets of domains than are remembered, asked again in another order: an arrow
    /// and a whisper line in one box, whose fillings are listed, and a line that breaks.
    #[test]
    fn remembered_narrowings_are_the_narrowings() {
        let shape = Shape::NINE;
        let rules = vec![
            Rule::Arrow(Arrow::new(vec![0], vec![1, 2, 10])),
            Rule::Whispers(Whispers::new(vec![18, 19, 20, 11], 5)),
        ];
        let puzzle = Puzzle::new(Grid::empty(shape), Houses::standard(shape), rules);
        let mut c = Candidates::from_grid(puzzle.givens(), &puzzle);
        let mut known = Narrowings::new(&c);
        let mut positions = Vec::new();
        for step in 0..40u32 {
            // Candidates taken away, step by step, and given back now and then.
            let cell = [0, 1, 2, 10, 18, 19, 20, 11][step as usize % 8];
            let digit = (step * 7 % 9) as u8 + 1;
            if step % 5 == 4 {
                c = Candidates::from_grid(puzzle.givens(), &puzzle);
            }
            c.eliminate(cell, digit);
            positions.push(c.clone());
        }
        positions.extend(positions.clone().into_iter().rev());
        let mut answers: Vec<Option<Vec<u32>>> = Vec::new();
        for c in &positions {
            for (index, rule) in c.rules().iter().enumerate() {
                let fresh = narrowed(c, rule);
                assert_eq!(known.narrowed(c, index), fresh.as_deref());
                if !answers.contains(&fresh) {
                    answers.push(fresh);
                }
            }
        }
        let mut whispers_broken = c.clone();
        for d in [1, 2, 3, 4, 6, 7, 8, 9] {
            whispers_broken.eliminate(18, d);
            whispers_broken.eliminate(19, d);
        }
        assert_eq!(narrowed(&whispers_broken, &c.rules()[1]), None);
        assert_eq!(known.narrowed(&whispers_broken, 1), None);
        // More different answers than are remembered, none of them broken.
        assert!(answers.len() > MOST_REMEMBERED && !answers.contains(&None));
    }
}
