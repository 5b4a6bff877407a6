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

use crate::implications::{Graph, Node};
use crate::{cell_name, Candidates, Deadline, Highlight, Link, Step, Technique};
use sudoku_model::symbols::symbol;

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

/// What `node` false makes true, as the graph holds it: its digit's other place in a house,
/// then its cell's other digit.
#[inline]
fn strong_links(graph: &Graph, node: Node, kind: ChainKind) -> Vec<Node> {
    let mut out = Vec::new();
    if kind != ChainKind::Xy {
        out.extend(graph.bilocal(node));
    }
    if kind != ChainKind::X {
        out.extend(graph.bivalue(node));
    }
    out
}

/// What `node` true makes false, as the graph holds it: its digit in peers, then (in an
/// AIC) its cell's other digits, then what the rules say; chains of one digit keep to it.
#[inline]
fn weak_links(graph: &Graph, node: Node, kind: ChainKind) -> Vec<Node> {
    let mut out: Vec<Node> = graph.by_houses(node).filter(|&x| x.1 == node.1).collect();
    if kind == ChainKind::Any {
        out.extend(graph.by_houses(node).filter(|&x| x.0 == node.0));
    }
    let fits = |&(_, d): &Node| kind == ChainKind::Any || d == node.1;
    out.extend(graph.by_rules(node).filter(fits));
    out
}

/// Candidates that are false when `a` or `b` is true, by cell and digit: those that see
/// both, and those some rule links to both. The houses' and the rules' links to a node
/// never meet, so none comes twice.
#[inline]
fn both_false(c: &Candidates, graph: &Graph, a: Node, b: Node) -> Vec<Node> {
    let by_houses = graph.by_houses_to_both(a, b);
    let by_rule_of_a = graph.by_rules(a).filter(|&x| x != b && graph.is_weak(b, x));
    let by_rule_of_b = graph.by_rules(b).filter(|&x| x != a && seen(c, a, x));
    by_houses.chain(by_rule_of_a).chain(by_rule_of_b).collect()
}

/// Whether `x` is false when `n` is true by the houses: the same cell's other digits, the
/// same digit in a peer.
#[inline]
fn seen(c: &Candidates, n: Node, x: Node) -> bool {
    x != n && ((x.0 == n.0 && x.1 != n.1) || (x.1 == n.1 && c.sees(x.0, n.0)))
}

#[inline]
pub fn find(c: &Candidates, graph: &Graph, kind: ChainKind, deadline: Deadline) -> Option<Step> {
    let n = c.shape().n();
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
        for next in strong_links(graph, start, kind) {
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
                let eliminations = both_false(c, graph, start, node);
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
                weak_links(graph, node, kind)
            } else {
                strong_links(graph, node, kind)
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
        let Some(index) = super::rule_deductions::rule_of_link(c, from, to) else {
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
            cells,
            candidates: path,
            links,
            rules,
            ..Highlight::default()
        },
        explanation,
    }
}
