//! Chains of alternating inference. A strong link says "if one is false the other is true"
//! (a digit's two places in a house, a cell's two candidates); a weak link says "if one is
//! true the other is false" (one digit in two peers, two digits in one cell). A path that
//! starts with a strong link and ends with one proves "the start or the end is true", so
//! any candidate weakly linked to both is false.
//!
//! X-chains use one digit; XY-chains use bivalue cells for strong links and end on the
//! digit they start with; an AIC may use any link. A variant's rules add weak links of
//! their own ("if r1c1 is 3, r1c2 is not 8"), so the same chains work for every variant.

use std::collections::VecDeque;

use crate::digits::DigitSet;
use crate::logic::{cell_name, Candidates, Deadline, Highlight, Link, Step, Technique};
use crate::symbols::symbol;

type Node = (usize, u8);
/// A candidate and whether the chain has proved it true (`on`) or false.
type Claim = (Node, bool);

/// Which links a chain may use: one digit's (X-chains), bivalue cells' (XY-chains), or
/// any (alternating inference chains).
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum ChainKind {
    X,
    Xy,
    Any,
}

const MAX_NODES: usize = 16;

#[inline]
fn strong_links(c: &Candidates, node: Node, kind: ChainKind) -> Vec<Node> {
    let (cell, digit) = node;
    let mut out = Vec::new();
    if kind != ChainKind::Xy {
        for &h in c.houses().houses_of(cell) {
            if !c.houses().holds_every_digit(h) || c.place_bits(h, digit).count_ones() != 2 {
                continue;
            }
            if let [a, b] = c.places(h, digit).as_slice() {
                let other = if *a == cell { *b } else { *a };
                if !out.contains(&(other, digit)) {
                    out.push((other, digit));
                }
            }
        }
    }
    if kind != ChainKind::X && c.marks(cell).count_ones() == 2 {
        let other = DigitSet::from_bits(c.marks(cell))
            .without(digit)
            .bits()
            .trailing_zeros() as u8
            + 1;
        out.push((cell, other));
    }
    out
}

/// The weak links the rules imply, by candidate at `cell * n + digit - 1` (none on a
/// classic puzzle).
type RuleLinks = Vec<Vec<Node>>;

/// The weak links the rules give `node`.
#[inline]
fn by_rule<'a>(c: &Candidates, by_rules: &'a RuleLinks, (cell, digit): Node) -> &'a [Node] {
    by_rules
        .get(cell * c.shape().n() + usize::from(digit - 1))
        .map_or(&[], Vec::as_slice)
}

#[inline]
fn weak_links(c: &Candidates, node: Node, kind: ChainKind, by_rules: &RuleLinks) -> Vec<Node> {
    let (cell, digit) = node;
    let mut out: Vec<Node> = c
        .houses()
        .peers(cell)
        .iter()
        .filter(|&&p| c.has(p, digit))
        .map(|&p| (p, digit))
        .collect();
    if kind == ChainKind::Any {
        out.extend(
            (1..=c.shape().n() as u8)
                .filter(|&d| d != digit && c.has(cell, d))
                .map(|d| (cell, d)),
        );
    }
    // Chains of one digit keep to it.
    let fits = |&&(_, d): &&Node| kind == ChainKind::Any || d == digit;
    for &next in by_rule(c, by_rules, node).iter().filter(fits) {
        if !out.contains(&next) {
            out.push(next);
        }
    }
    out
}

/// Candidates that are false when `a` or `b` is true, by cell and digit: those that see
/// both, and those some rule links to both.
#[inline]
fn both_false(c: &Candidates, a: Node, b: Node, by_rules: &RuleLinks) -> Vec<Node> {
    let mut out = seen_by_both(c, a, b);
    let of_b = by_rule(c, by_rules, b);
    for &x in by_rule(c, by_rules, a)
        .iter()
        .filter(|&&x| x != b && (of_b.contains(&x) || seen(c, b, x)))
    {
        if !out.contains(&x) {
            out.push(x);
        }
    }
    for &x in of_b {
        if x != a && !out.contains(&x) && seen(c, a, x) {
            out.push(x);
        }
    }
    out
}

/// Whether `x` is false when `n` is true by the houses: the same cell's other digits, the
/// same digit in a peer.
#[inline]
fn seen(c: &Candidates, n: Node, x: Node) -> bool {
    x != n && ((x.0 == n.0 && x.1 != n.1) || (x.1 == n.1 && c.sees(x.0, n.0)))
}

/// Candidates that see both `a` and `b`, by cell and digit.
#[inline]
fn seen_by_both(c: &Candidates, a: Node, b: Node) -> Vec<Node> {
    // Only what `a` sees can be false with it: its cell's other digits, its digit's peers.
    // Peers are sorted, so placing `a`'s cell among them keeps the list in order.
    let peers = c.houses().peers(a.0);
    let (before, after) = peers.split_at(peers.partition_point(|&p| p < a.0));
    let has_digit = |&&p: &&usize| c.has(p, a.1);
    let on_digit = |&p: &usize| (p, a.1);
    let in_cell = DigitSet::from_bits(c.marks(a.0))
        .without(a.1)
        .iter()
        .map(|d| (a.0, d));
    before
        .iter()
        .filter(has_digit)
        .map(on_digit)
        .chain(in_cell)
        .chain(after.iter().filter(has_digit).map(on_digit))
        .filter(|&x| x != b && seen(c, b, x))
        .collect()
}

#[inline]
pub fn find(c: &Candidates, kind: ChainKind, deadline: Deadline) -> Option<Step> {
    let n = c.shape().n();
    let by_rules = super::rules::weak_links(c);
    let index =
        |((cell, digit), on): Claim| (cell * n + usize::from(digit - 1)) * 2 + usize::from(on);
    let starts: Vec<Node> = (0..c.cells())
        .flat_map(|cell| {
            (1..=n as u8)
                .filter(move |&d| c.has(cell, d))
                .map(move |d| (cell, d))
        })
        .collect();
    // Each candidate is met at most once as proved true and once as proved false; `parent`
    // holds the state each was reached from, and `reached` what to clear for the next start.
    let mut parent: Vec<Option<Claim>> = vec![None; c.cells() * n * 2];
    let mut depth = vec![0usize; parent.len()];
    let mut reached = Vec::new();
    for &start in &starts {
        if deadline.passed() {
            return None;
        }
        for i in reached.drain(..) {
            parent[i] = None;
        }
        let mut queue = VecDeque::new();
        for next in strong_links(c, start, kind) {
            let i = index((next, true));
            parent[i] = Some((start, false));
            depth[i] = 2;
            reached.push(i);
            queue.push_back((next, true));
        }
        while let Some(state @ (node, on)) = queue.pop_front() {
            let fits = kind == ChainKind::Any || node.1 == start.1;
            let at = depth[index(state)];
            if on && node != start && fits && at >= 4 {
                let eliminations = both_false(c, start, node, &by_rules);
                if !eliminations.is_empty() {
                    let parent_of =
                        |s: Claim| parent[index(s)].expect("reached states have parents");
                    return Some(step(c, kind, start, state, parent_of, eliminations));
                }
            }
            if at >= MAX_NODES {
                continue;
            }
            let next_nodes = if on {
                weak_links(c, node, kind, &by_rules)
            } else {
                strong_links(c, node, kind)
            };
            for next in next_nodes {
                let next_state = (next, !on);
                let i = index(next_state);
                if next == start || parent[i].is_some() {
                    continue;
                }
                parent[i] = Some(state);
                depth[i] = at + 1;
                reached.push(i);
                queue.push_back(next_state);
            }
        }
    }
    None
}

#[inline]
fn step(
    c: &Candidates,
    kind: ChainKind,
    start: Node,
    end: Claim,
    parent: impl Fn(Claim) -> Claim,
    eliminations: Vec<Node>,
) -> Step {
    let mut path = vec![end.0];
    let mut links = Vec::new();
    let mut at = end;
    while at != (start, false) {
        let prev = parent(at);
        // A link into a candidate proved true is strong; into one proved false, weak.
        links.push(Link {
            from: prev.0,
            to: at.0,
            strong: at.1,
        });
        path.push(prev.0);
        at = prev;
    }
    let end = end.0;
    path.reverse();
    links.reverse();
    let technique = match kind {
        ChainKind::X => Technique::XChain,
        ChainKind::Xy => Technique::XyChain,
        ChainKind::Any => Technique::Aic,
    };
    let shape = c.shape();
    let written: Vec<String> = path
        .iter()
        .map(|&(cell, d)| format!("{}({})", cell_name(shape, cell), symbol(d)))
        .collect();
    // The rules behind weak links the houses do not make: in the chain, and from its ends
    // to what it removes.
    let mut rules: Vec<usize> = Vec::new();
    let mut by_rule: Vec<String> = Vec::new();
    let ends = eliminations.iter().flat_map(|&x| [(start, x), (end, x)]);
    let weak = links.iter().filter(|l| !l.strong).map(|l| (l.from, l.to));
    for (from, to) in weak.chain(ends) {
        if seen(c, from, to) {
            continue;
        }
        let Some(index) = super::rules::rule_of_link(c, from, to) else {
            continue;
        };
        if !rules.contains(&index) {
            rules.push(index);
            by_rule.push(c.rules()[index].describe(shape));
        }
    }
    let linked = if by_rule.is_empty() {
        String::new()
    } else {
        format!(" (through the {})", by_rule.join(" and the "))
    };
    let explanation = format!(
        "{technique}: {}{linked} — if {} is not {}, {} is {}; either way {} cannot stay",
        written.join(" - "),
        cell_name(shape, start.0),
        symbol(start.1),
        cell_name(shape, end.0),
        symbol(end.1),
        eliminations
            .iter()
            .map(|&(cell, d)| format!("{}({})", cell_name(shape, cell), symbol(d)))
            .collect::<Vec<_>>()
            .join(", ")
    );
    let mut cells: Vec<usize> = path.iter().map(|&(cell, _)| cell).collect();
    cells.dedup();
    Step {
        technique,
        placements: Vec::new(),
        eliminations,
        highlight: Highlight {
            houses: Vec::new(),
            cells,
            candidates: path,
            links,
            rules,
        },
        explanation,
    }
}
