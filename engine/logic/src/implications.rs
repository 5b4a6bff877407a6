//! The implication graph of a position, built once for the chains (issue 41, after
//! `BinaryImplicationLayeredGraph.ts` in Rangsk's solver): every candidate a node, and from
//! each node its weak links ("if this is true, that is false": the same digit in a peer,
//! another digit of the same cell, and every rule's weak links) as one row of bits over the
//! nodes, and its strong links ("if this is false, that is true": the digit's other place
//! in a house that must hold it, the other digit of a bivalue cell).
//!
//! The rows are over the position's candidates alone, numbered by cell then digit, so
//! that walking a row meets its candidates in that order. The rules' weak links are kept
//! in the order the rules give them too, and the strong links in the order of the cell's
//! houses, which are the orders the chains have always followed.
//!
//! The forcing steps do not start their tries from the graph's closure (a placement's weak
//! links false, their strong partners true, and on): a try's follow-up narrows each rule
//! once a round and stops at the first round that places nothing, so it can end short of
//! what the links already show, and starting from their closure made some tries break that
//! did not before, which changed the steps: 278 of the shared variant set's steps. On
//! "Sistine Hippos", after its 23rd step, the try of 5 in r5c7 ends unbroken from the
//! placement alone ("whichever of 5/6/8/9 r5c7 takes, ... agree that r4c5 is not 8"), but
//! from the closure it breaks the killer cage r6c8-r7c8 (9) ("if r5c7 were 5, ... so it is
//! not 5"): sound, but another step. Following each try until no rule narrows further
//! would make the tries agree with the graph, and change the steps for that reason alone.

use crate::Candidates;

/// A candidate: its cell and its digit.
pub(super) type Node = (usize, u8);

/// No node: not a candidate of the position.
const NONE: u32 = u32::MAX;

pub(super) struct Graph {
    /// The grid's digits.
    n: usize,
    /// The node of each candidate by `cell * n + digit - 1`, or [`NONE`].
    id: Vec<u32>,
    /// The candidate of each node.
    nodes: Vec<Node>,
    /// Words in a row of bits over the nodes.
    words: usize,
    /// Each node's weak links, the houses' and the rules', as a row of `words` words.
    weak: Vec<u64>,
    /// Each node's weak links from the rules alone (none of which the houses make), in the
    /// order the rules give them.
    by_rules: Vec<Vec<u32>>,
    /// Each node's strong links in houses: the digit's other place in each house of the
    /// cell that must hold every digit and has two places for it, in the cell's house
    /// order, each once.
    bilocal: Vec<Vec<u32>>,
    /// Each node's cell's other digit if the cell has two candidates.
    bivalue: Vec<u32>,
}

impl Graph {
    #[inline]
    pub(super) fn new(c: &Candidates) -> Graph {
        let n = c.shape().n();
        let mut id = vec![NONE; c.cells() * n];
        let mut nodes = Vec::new();
        for cell in 0..c.cells() {
            for digit in crate::digits_of(c.marks(cell)) {
                id[cell * n + usize::from(digit - 1)] = nodes.len() as u32;
                nodes.push((cell, digit));
            }
        }
        let words = nodes.len().div_ceil(64);
        let mut weak = vec![0u64; nodes.len() * words];
        let rule_links = super::rule_deductions::weak_links(c);
        let mut by_rules = vec![Vec::new(); nodes.len()];
        let mut bilocal = vec![Vec::new(); nodes.len()];
        let mut bivalue = vec![NONE; nodes.len()];
        let houses = c.houses();
        for (i, &(cell, digit)) in nodes.iter().enumerate() {
            let row = &mut weak[i * words..(i + 1) * words];
            let mut set = |j: u32| row[j as usize / 64] |= 1 << (j % 64);
            let index = |x: usize, d: u8| id[x * n + usize::from(d - 1)];
            for &p in houses.peers(cell) {
                if c.has(p, digit) {
                    set(index(p, digit));
                }
            }
            for d in crate::digits_of(c.marks(cell)) {
                if d != digit {
                    set(index(cell, d));
                }
            }
            if let Some(links) = rule_links.get(cell * n + usize::from(digit - 1)) {
                for &(x, d) in links {
                    set(index(x, d));
                    by_rules[i].push(index(x, d));
                }
            }
            for &h in houses.houses_of(cell) {
                if !houses.holds_every_digit(h) || c.place_bits(h, digit).count_ones() != 2 {
                    continue;
                }
                let other = houses
                    .cells(h)
                    .iter()
                    .find(|&&x| x != cell && c.has(x, digit));
                if let Some(&x) = other {
                    if !bilocal[i].contains(&index(x, digit)) {
                        bilocal[i].push(index(x, digit));
                    }
                }
            }
            if c.marks(cell).count_ones() == 2 {
                let other = sudoku_model::digits::DigitSet::from_bits(c.marks(cell)).without(digit);
                bivalue[i] = index(cell, other.iter().next().expect("two candidates"));
            }
        }
        Graph {
            n,
            id,
            nodes,
            words,
            weak,
            by_rules,
            bilocal,
            bivalue,
        }
    }

    /// The node of a candidate of the position.
    #[inline]
    fn id(&self, (cell, digit): Node) -> usize {
        self.id[cell * self.n + usize::from(digit - 1)] as usize
    }

    #[inline]
    fn row(&self, node: Node) -> &[u64] {
        let i = self.id(node);
        &self.weak[i * self.words..(i + 1) * self.words]
    }

    /// Whether `a` true makes `b` false, by a house or a rule.
    #[inline]
    pub(super) fn is_weak(&self, a: Node, b: Node) -> bool {
        let j = self.id(b);
        self.row(a)[j / 64] & 1 << (j % 64) != 0
    }

    /// The nodes of a row of bits, in order.
    #[inline]
    fn ones<'a>(&'a self, row: impl Iterator<Item = u64> + 'a) -> impl Iterator<Item = Node> + 'a {
        let mut row = row.enumerate();
        let (mut at, mut bits) = (0, 0u64);
        std::iter::from_fn(move || {
            while bits == 0 {
                (at, bits) = row.next()?;
            }
            let b = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            Some(self.nodes[at * 64 + b])
        })
    }

    /// What `node` true makes false, in order of cell and digit.
    #[inline]
    pub(super) fn weak(&self, node: Node) -> impl Iterator<Item = Node> + '_ {
        self.ones(self.row(node).iter().copied())
    }

    /// What `node` true makes false by the houses (its digit in a peer, its cell's other
    /// digits), in order of cell and digit: its row less the rules' links.
    #[inline]
    pub(super) fn by_houses(&self, node: Node) -> impl Iterator<Item = Node> + '_ {
        let by_rules = &self.by_rules[self.id(node)];
        self.weak(node)
            .filter(move |&x| by_rules.is_empty() || !by_rules.contains(&(self.id(x) as u32)))
    }

    /// What both `a` true and `b` true make false by the houses, in order of cell and digit.
    #[inline]
    pub(super) fn by_houses_to_both(&self, a: Node, b: Node) -> impl Iterator<Item = Node> + '_ {
        let rows = self.row(a).iter().zip(self.row(b));
        let (of_a, of_b) = (&self.by_rules[self.id(a)], &self.by_rules[self.id(b)]);
        let by_rule = move |x: Node| {
            let j = self.id(x) as u32;
            of_a.contains(&j) || of_b.contains(&j)
        };
        self.ones(rows.map(|(x, y)| x & y))
            .filter(move |&x| !by_rule(x))
    }

    /// What the rules alone say `node` true makes false, in the order they give it.
    #[inline]
    pub(super) fn by_rules(&self, node: Node) -> impl Iterator<Item = Node> + '_ {
        let links = &self.by_rules[self.id(node)];
        links.iter().map(|&j| self.nodes[j as usize])
    }

    /// The digit's other place in each house of `node`'s cell where it has two, each once.
    #[inline]
    pub(super) fn bilocal(&self, node: Node) -> impl Iterator<Item = Node> + '_ {
        let links = &self.bilocal[self.id(node)];
        links.iter().map(|&j| self.nodes[j as usize])
    }

    /// The other candidate of `node`'s cell, if it has two.
    #[inline]
    pub(super) fn bivalue(&self, node: Node) -> Option<Node> {
        let j = self.bivalue[self.id(node)];
        (j != NONE).then(|| self.nodes[j as usize])
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sudoku_model::grid::Grid;
    use sudoku_model::houses::Houses;
    use sudoku_model::puzzle::Puzzle;
    use sudoku_model::rules::{Killer, Rule};
    use sudoku_model::shape::Shape;

    /// An empty 9x9 grid under `rules`, with each listed cell left only its digits.
    fn position(rules: Vec<Rule>, cells: &[(usize, &[u8])]) -> Candidates {
        let shape = Shape::NINE;
        let puzzle = Puzzle::new(Grid::empty(shape), Houses::standard(shape), rules);
        let mut c = Candidates::from_grid(puzzle.givens(), &puzzle);
        for &(cell, digits) in cells {
            for d in (1..=9).filter(|d| !digits.contains(d)) {
                c.eliminate(cell, d);
            }
        }
        c
    }

    #[test]
    fn a_bivalue_cell_and_a_bilocal_digit_are_strong_links() {
        // r1c1 holds 1 or 2; 5 has two places in row 1, r1c1 and r1c9.
        let mut c = position(Vec::new(), &[(0, &[1, 2, 5])]);
        for x in 1..8 {
            c.eliminate(x, 5);
        }
        let graph = Graph::new(&c);
        assert_eq!(graph.bilocal((0, 5)).collect::<Vec<_>>(), [(8, 5)]);
        assert_eq!(graph.bivalue((0, 5)), None);
        assert_eq!(graph.bilocal((0, 1)).count(), 0);
        c.eliminate(0, 5);
        let graph = Graph::new(&c);
        assert_eq!(graph.bivalue((0, 1)), Some((0, 2)));
        assert_eq!(graph.bivalue((0, 2)), Some((0, 1)));
        // Its weak links: the digit in its peers, the cell's other digit, in order.
        let weak: Vec<Node> = graph.weak((0, 1)).collect();
        assert_eq!(weak.len(), 20 + 1);
        assert!(weak.windows(2).all(|w| w[0] < w[1]));
        assert!(graph.is_weak((0, 1), (0, 2)) && graph.is_weak((0, 1), (80 - 8, 1)));
        assert!(!graph.is_weak((0, 1), (10, 2)) && !graph.is_weak((0, 1), (40, 1)));
    }

    #[test]
    fn a_killer_cage_links_cells_that_do_not_see_each_other() {
        // r1c1 and r2c4 share no house; their cage of 10 pairs 3 with 7 alone.
        let cage = Rule::Killer(Killer::new(vec![0, 12], Some(10), 9));
        let c = position(vec![cage], &[]);
        let graph = Graph::new(&c);
        assert!(graph.is_weak((0, 3), (12, 3)) && graph.is_weak((0, 3), (12, 4)));
        assert!(!graph.is_weak((0, 3), (12, 7)));
        let by_rules: Vec<Node> = graph.by_rules((0, 3)).collect();
        assert!(by_rules.contains(&(12, 8)) && !by_rules.contains(&(12, 7)));
        // The houses' links are not the rule's to give.
        assert!(!by_rules.contains(&(1, 3)) && graph.is_weak((0, 3), (1, 3)));
    }
}
