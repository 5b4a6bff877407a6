//! The engine's random numbers: the generator's seeds and the search's restarts.

use rand_core::{RngCore, SeedableRng};
use rand_pcg::Pcg64Mcg;

/// The seed's stream, with the two draws the generator makes written here: `rand`'s own
/// shuffles may change between its versions, and a daily puzzle must not.
pub struct Rng(Pcg64Mcg);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(Pcg64Mcg::seed_from_u64(seed))
    }

    /// The next number of the stream. Named as `RngCore` names it less its width; the stream
    /// never ends, so it is no `Iterator`.
    #[allow(clippy::should_implement_trait)]
    pub fn next(&mut self) -> u64 {
        self.0.next_u64()
    }

    /// A number below `bound`, by multiply and shift (Lemire), so no remainder skews it.
    pub fn below(&mut self, bound: usize) -> usize {
        ((self.next() as u128 * bound as u128) >> 64) as usize
    }

    /// Fisher-Yates.
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            items.swap(i, self.below(i + 1));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_same_seed_gives_the_same_stream() {
        let (mut a, mut b, mut c) = (Rng::new(7), Rng::new(7), Rng::new(8));
        let first: Vec<u64> = (0..4).map(|_| a.next()).collect();
        assert_eq!(first, (0..4).map(|_| b.next()).collect::<Vec<_>>());
        assert_ne!(first, (0..4).map(|_| c.next()).collect::<Vec<_>>());
        assert!((0..1000).all(|_| a.below(6) < 6));
    }
}
