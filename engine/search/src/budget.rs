//! How long a search may run: a node limit and a callback checked regularly, so a caller
//! can stop a pathological search or report progress without the search knowing why.

/// Branch nodes between two calls of the check callback.
pub const CHECK_EVERY: u64 = 4096;

pub struct Budget<'a> {
    max_nodes: u64,
    check: Option<Box<dyn FnMut(u64) -> bool + 'a>>,
    nodes: u64,
    next_check: u64,
}

impl<'a> Budget<'a> {
    pub fn unlimited() -> Budget<'a> {
        Budget::nodes(u64::MAX)
    }

    /// Gives up after `max_nodes` branch nodes.
    pub fn nodes(max_nodes: u64) -> Budget<'a> {
        Budget {
            max_nodes,
            check: None,
            nodes: 0,
            next_check: CHECK_EVERY,
        }
    }

    /// Calls `check(nodes so far)` every [`CHECK_EVERY`] branch nodes; returning false
    /// stops the search.
    pub fn with_check(mut self, check: impl FnMut(u64) -> bool + 'a) -> Budget<'a> {
        self.check = Some(Box::new(check));
        self
    }

    /// Branch nodes spent so far.
    pub fn spent(&self) -> u64 {
        self.nodes
    }

    /// Counts one branch node; false once the search must stop.
    #[inline]
    pub(crate) fn spend(&mut self) -> bool {
        self.nodes += 1;
        if self.nodes < self.next_check && self.nodes <= self.max_nodes {
            return true;
        }
        self.slow_spend()
    }

    #[cold]
    fn slow_spend(&mut self) -> bool {
        if self.nodes > self.max_nodes {
            self.nodes = self.max_nodes;
            return false;
        }
        if self.nodes >= self.next_check {
            self.next_check += CHECK_EVERY;
            if let Some(check) = self.check.as_mut() {
                return check(self.nodes);
            }
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stops_at_the_node_limit() {
        let mut b = Budget::nodes(3);
        assert!(b.spend() && b.spend() && b.spend());
        assert!(!b.spend());
        assert_eq!(b.spent(), 3);
    }

    #[test]
    fn the_check_sees_progress_and_can_stop() {
        let mut seen = Vec::new();
        {
            let mut b = Budget::unlimited().with_check(|n| {
                seen.push(n);
                n < 2 * CHECK_EVERY
            });
            let mut spent = 0;
            while b.spend() {
                spent += 1;
            }
            assert_eq!(spent, 2 * CHECK_EVERY - 1);
        }
        assert_eq!(seen, vec![CHECK_EVERY, 2 * CHECK_EVERY]);
    }
}
