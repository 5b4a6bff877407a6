//! The sums that killer cages imply: the rule of 45, innies and outies, as a solver of
//! killers reasons (ISS's `_makeInnieOutieSumHandlers`, `optimizer.js`).
//!
//! A house that holds every digit once adds up to n(n+1)/2 (45 on 9x9), so an area made
//! of k such houses, none sharing a cell, adds up to k times that. Take the cages that lie
//! mostly in the area (the pieces, none sharing a cell): the cells of the area outside the
//! pieces are the innies `A`, the cells of the pieces outside the area the outies `B`.
//! The area and the pieces share every other cell, so `Σ B − Σ A = Σ pieces − 45k`: a sum
//! with weight +1 on the outies and −1 on the innies. With no outies it is the innies' own
//! sum, with no innies the outies'.
//!
//! The areas, as ISS takes them: each house that holds every digit alone (rows, columns,
//! regions, diagonals), with the cages wholly inside it as pieces; runs of up to
//! [`MOST_LINES_ADDED`] neighbouring rows or columns likewise; and the unions of the
//! first 2, 3, … rows (and of the last, and so for columns, and the regions in order),
//! where a cage joins the pieces once more than half its cells are in the union, and
//! stays. A sum is kept where it is short enough to prune: at most n cells, at most two
//! of them on one side, and at most [`MOST_CAGED`] where every cell of it is in a cage.
//! And ISS's hidden cages (`_makeHiddenCageHandlers`): a cage with one cell outside a
//! full house, with the cages wholly inside it, leaves that cell as the one outie, and
//! the house's cells outside them all as innies (at most [`MOST_CAGED`] cells in all).
//!
//! The search adds each as a [`WeightedSum`] told which of its cells of one weight share
//! a house, so that it bounds them by distinct digits (ISS's exclusion groups). Each holds
//! in every solution, so the search finds the same solutions, with fewer guesses.

use sudoku_model::houses::{HouseKind, Houses, MOST_LINES_ADDED};
use sudoku_model::rules::{Rule, WeightedSum};

/// The most cells of a sum whose every cell a cage holds already (ISS's `_MAX_SUM_SIZE`):
/// a longer one teaches little more than the cages do.
const MOST_CAGED: usize = 6;

/// A sum that the cages imply: each cell with its weight (+1 or −1), in cell order, and
/// the total.
type Implied = (Vec<(usize, i32)>, i32);

/// The sums that the puzzle's killer cages imply (see the module's doc), each once, as
/// rules for the search to add to the puzzle's own.
pub(crate) fn sums(houses: &Houses, full: &[usize], rules: &[Rule]) -> Vec<Rule> {
    let cages = disjoint_cages(rules);
    if cages.is_empty() {
        return Vec::new();
    }
    let n = houses.shape().n();
    let mut caged = vec![false; houses.shape().cells()];
    cages
        .iter()
        .flat_map(|(cells, _)| *cells)
        .for_each(|&c| caged[c] = true);
    let mut found = Kept::default();
    // Each full house alone, then each run of lines: the cages wholly inside as pieces.
    let singles = full.iter().map(|&h| vec![h]);
    let runs = houses
        .line_runs(2..=MOST_LINES_ADDED)
        .into_iter()
        .map(|run| run.houses);
    for area in singles.chain(runs) {
        let Some(inside) = union(houses, &area) else {
            continue;
        };
        let pieces: Vec<usize> = (0..cages.len())
            .filter(|&k| cages[k].0.iter().all(|&c| inside[c]))
            .collect();
        let (innies, outies, sum) = differences(houses, &area, &inside, &cages, &pieces);
        if !pieces.is_empty() && !innies.is_empty() && innies.len() <= n {
            found.add(&innies, &outies, sum);
        }
    }
    // ISS's hidden cages: a cage with one cell outside a full house, that cell less the
    // house's cells outside it and the cages wholly inside.
    for &h in full {
        let Some(inside) = union(houses, &[h]) else {
            continue;
        };
        let wholly: Vec<usize> = (0..cages.len())
            .filter(|&k| cages[k].0.iter().all(|&c| inside[c]))
            .collect();
        for (k, (cells, _)) in cages.iter().enumerate() {
            let outside: Vec<usize> = cells.iter().copied().filter(|&c| !inside[c]).collect();
            if outside.len() == 1 && cells.len() > 1 {
                let pieces = [&wholly[..], &[k]].concat();
                let (innies, outies, sum) = differences(houses, &[h], &inside, &cages, &pieces);
                if innies.len() < MOST_CAGED {
                    found.add(&innies, &outies, sum);
                }
            }
        }
    }
    // ISS's unions of the first lines or regions, the cages mostly inside as pieces.
    for order in orders(houses, full) {
        let mut pieces = Vec::new();
        for (i, _) in order.iter().enumerate().take(order.len() - 1) {
            let area = &order[..=i];
            let Some(inside) = union(houses, area) else {
                break;
            };
            for (k, (cells, _)) in cages.iter().enumerate() {
                let within = cells.iter().filter(|&&c| inside[c]).count();
                if !pieces.contains(&k) && 2 * within > cells.len() {
                    pieces.push(k);
                }
            }
            // One house alone was taken above.
            if i == 0 {
                continue;
            }
            let (innies, outies, sum) = differences(houses, area, &inside, &cages, &pieces);
            let size = innies.len() + outies.len();
            let all_caged = innies.iter().chain(&outies).all(|&c| caged[c]);
            if size > 0
                && size <= n
                && innies.len().min(outies.len()) <= 2
                && !(all_caged && size > MOST_CAGED)
            {
                found.add(&innies, &outies, sum);
            }
        }
    }
    found
        .sums
        .into_iter()
        .map(|(terms, sum)| {
            let (cells, weights) = terms.into_iter().unzip();
            Rule::WeightedSum(WeightedSum::new(cells, weights, sum).apart_by(houses))
        })
        .collect()
}

/// The killer cages with a sum, as (cells, sum), none sharing a cell with another: where
/// cages overlap, those that overlap fewest others are taken first (ISS's
/// `_findNonOverlappingSubset`), each only if it shares no cell with one taken.
fn disjoint_cages(rules: &[Rule]) -> Vec<(&[usize], i32)> {
    let all: Vec<(&[usize], i32)> = rules
        .iter()
        .filter_map(|rule| Some((rule.cells(), rule.cage_sum()? as i32)))
        .collect();
    let overlaps = |a: &[usize]| {
        all.iter()
            .filter(|(b, _)| a.iter().any(|c| b.contains(c)))
            .count()
    };
    // By how many they overlap, walked from the fewest, in
    // their order where they tie: a stable sort's order without a sort's code in the
    // page's module (4.5 KB).
    let counts: Vec<usize> = all.iter().map(|(cells, _)| overlaps(cells)).collect();
    let counts = &counts;
    let order = (0..=all.len()).flat_map(|o| (0..all.len()).filter(move |&k| counts[k] == o));
    let mut taken: Vec<usize> = Vec::new();
    for k in order {
        if taken
            .iter()
            .all(|&j| !all[j].0.iter().any(|c| all[k].0.contains(c)))
        {
            taken.push(k);
        }
    }
    taken.sort_unstable();
    taken.into_iter().map(|k| all[k]).collect()
}

/// The orders in which ISS grows its areas a house at a time: the full rows from the
/// first and from the last, the same for columns, and the regions in order.
fn orders(houses: &Houses, full: &[usize]) -> Vec<Vec<usize>> {
    let of = |kind| -> Vec<usize> {
        full.iter()
            .copied()
            .filter(|&h| houses.kind(h) == kind)
            .collect()
    };
    let mut orders = Vec::new();
    for kind in [HouseKind::Row, HouseKind::Column] {
        let lines = of(kind);
        let reversed = lines.iter().rev().copied().collect();
        orders.extend([lines, reversed]);
    }
    orders.push(of(HouseKind::Region));
    orders.retain(|order| order.len() > 2);
    orders
}

/// Per cell, whether it is in one of `area`'s houses; `None` if two of them share a cell,
/// so that the area's total is not the houses' totals added up.
fn union(houses: &Houses, area: &[usize]) -> Option<Vec<bool>> {
    let mut inside = vec![false; houses.shape().cells()];
    for &h in area {
        for &c in houses.cells(h) {
            if std::mem::replace(&mut inside[c], true) {
                return None;
            }
        }
    }
    Some(inside)
}

/// The innies (cells of the area outside the pieces), the outies (cells of the pieces
/// outside the area), and what the outies less the innies add up to: the pieces' sums
/// less the area's total.
fn differences(
    houses: &Houses,
    area: &[usize],
    inside: &[bool],
    cages: &[(&[usize], i32)],
    pieces: &[usize],
) -> (Vec<usize>, Vec<usize>, i32) {
    let n = houses.shape().n() as i32;
    let mut in_piece = vec![false; inside.len()];
    let mut sum = -(n * (n + 1) / 2) * area.len() as i32;
    for &k in pieces {
        cages[k].0.iter().for_each(|&c| in_piece[c] = true);
        sum += cages[k].1;
    }
    let innies = (0..inside.len())
        .filter(|&c| inside[c] && !in_piece[c])
        .collect();
    let outies = (0..inside.len())
        .filter(|&c| in_piece[c] && !inside[c])
        .collect();
    (innies, outies, sum)
}

/// The sums found so far, in the order found, each once: the same cells with the same
/// weights and total (or all of them negated) found from another area are not kept again.
/// A few dozen at most, each compared at its first cells: a list, not a set, whose tree
/// would be the page's module's only one of this type.
#[derive(Default)]
struct Kept {
    sums: Vec<Implied>,
}

impl Kept {
    /// `Σ outies − Σ innies = sum`, written with the first cell's weight +1.
    /// `innies` and `outies` in cell order, as [`differences`] finds them: merged, so
    /// are the terms (a sort of them would put 12 KB of code into the page's module).
    fn add(&mut self, innies: &[usize], outies: &[usize], sum: i32) {
        let mut terms: Vec<(usize, i32)> = Vec::with_capacity(innies.len() + outies.len());
        let (mut i, mut o) = (0, 0);
        while i < innies.len() || o < outies.len() {
            if o == outies.len() || i < innies.len() && innies[i] < outies[o] {
                terms.push((innies[i], -1));
                i += 1;
            } else {
                terms.push((outies[o], 1));
                o += 1;
            }
        }
        let sign = terms[0].1;
        terms.iter_mut().for_each(|t| t.1 *= sign);
        let sum = (terms, sum * sign);
        if !self.sums.contains(&sum) {
            self.sums.push(sum);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solutions;
    use sudoku_model::grid::Grid;
    use sudoku_model::puzzle::Puzzle;
    use sudoku_model::rng::Rng;
    use sudoku_model::rules::Killer;
    use sudoku_model::shape::Shape;

    fn cage(cells: Vec<usize>, sum: u32) -> Rule {
        Rule::Killer(Killer::new(cells, Some(sum), 9))
    }

    /// Each implied sum's cells, weights and total.
    fn terms(implied: &[Rule]) -> Vec<(Vec<usize>, Vec<i64>, i64)> {
        implied
            .iter()
            .map(|r| match r {
                Rule::WeightedSum(s) => (r.cells().to_vec(), s.weights().to_vec(), s.sum()),
                _ => unreachable!("implied sums are weighted sums"),
            })
            .collect()
    }

    #[test]
    fn cages_imply_the_sums_of_what_they_leave() {
        let houses = Houses::standard(Shape::NINE);
        let full: Vec<usize> = (0..27).collect();
        // A cage in row 1 leaves the row's other six cells 45 - 6; one that straddles rows
        // 1 and 2 counts only for the houses that hold it whole; one overlapping the first
        // is left out.
        let rules = [
            cage(vec![0, 1, 2], 6),
            cage(vec![8, 17], 17),
            cage(vec![2, 3], 10),
        ];
        let sums = terms(&sums(&houses, &full, &rules));
        let plain = |cells: Vec<usize>, sum| {
            let weights = vec![1; cells.len()];
            (cells, weights, sum)
        };
        assert!(sums.contains(&plain((3..9).collect(), 39)));
        assert!(sums
            .iter()
            .all(|(cells, _, _)| cells.len() <= 9 && !cells.contains(&0)));
        // Column 9 holds the straddling cage whole: its other seven cells add up to 28.
        let column_9: Vec<usize> = (2..9).map(|r| r * 9 + 8).collect();
        assert!(sums.contains(&plain(column_9, 28)));
        // Box 1 holds the first cage whole: its six other cells add up to 39.
        assert!(sums.contains(&plain(vec![9, 10, 11, 18, 19, 20], 39)));
    }

    #[test]
    fn a_cage_mostly_inside_an_area_makes_its_outside_cell_an_outie() {
        // Rows 1-2 add up to 90: four cages cover them but column 9, where a cage of
        // r1c9-r3c9 has two of its three cells, so it counts, and r3c9 is what it has over.
        let houses = Houses::standard(Shape::NINE);
        let full: Vec<usize> = (0..27).collect();
        let rules = [
            cage(vec![0, 1, 2, 3], 10),
            cage(vec![4, 5, 6, 7], 26),
            cage(vec![9, 10, 11, 12], 20),
            cage(vec![13, 14, 15, 16], 24),
            cage(vec![8, 17, 26], 15),
        ];
        let sums = terms(&sums(&houses, &full, &rules));
        assert!(sums.contains(&(vec![26], vec![1], 95 - 90)));
        // Row 1 alone holds two cages whole: r1c9 is 45 - 36.
        assert!(sums.contains(&(vec![8], vec![1], 9)));
    }

    /// Random cages on `solution`, some cells left uncaged and a few cages overlapping
    /// others, with the sums they have there.
    fn random_killer(solution: &Grid, houses: &Houses, rng: &mut Rng) -> Vec<Rule> {
        let shape = solution.shape();
        let cells = shape.cells();
        let mut free: Vec<bool> = vec![true; cells];
        let mut order: Vec<usize> = (0..cells).collect();
        rng.shuffle(&mut order);
        let mut cages = Vec::new();
        for &start in &order {
            if !free[start] || rng.below(6) == 0 {
                continue;
            }
            let size = 1 + rng.below(5);
            let mut cage = vec![start];
            free[start] = false;
            while cage.len() < size {
                let next = cage
                    .iter()
                    .flat_map(|&c| houses.peers(c).iter().copied())
                    .filter(|&p| {
                        free[p] && !cage.iter().any(|&c| solution.get(c) == solution.get(p))
                    })
                    .min_by_key(|&p| (p * 7 + rng.below(cells)) % cells);
                let Some(next) = next else { break };
                free[next] = false;
                cage.push(next);
            }
            cages.push(cage);
        }
        // A few cages over others.
        for _ in 0..rng.below(3) {
            let a = rng.below(cells);
            let b = houses.peers(a)[rng.below(houses.peers(a).len())];
            if solution.get(a) != solution.get(b) {
                cages.push(vec![a, b]);
            }
        }
        let n = shape.n();
        cages
            .into_iter()
            .map(|cells| {
                let sum = cells.iter().map(|&c| u32::from(solution.get(c))).sum();
                Rule::Killer(Killer::new(cells, Some(sum), n))
            })
            .collect()
    }

    #[test]
    fn every_implied_sum_holds_in_every_solution_of_small_killers() {
        // On 4x4, against every grid that keeps the cages; on 6x6 and 9x9, against the
        // grid the cages were drawn on.
        let mut rng = Rng::new(52);
        for shape in [Shape::ALL[0], Shape::ALL[1], Shape::NINE] {
            let houses = Houses::standard(shape);
            let full: Vec<usize> = (0..houses.len())
                .filter(|&h| houses.holds_every_digit(h))
                .collect();
            let empty = Puzzle::new(Grid::empty(shape), houses.clone(), Vec::new());
            let grids: Vec<Grid> = if shape == Shape::ALL[0] {
                solutions(&empty).collect()
            } else {
                solutions(&empty).take(20).collect()
            };
            let mut checked = 0;
            for k in 0..200 {
                let solution = &grids[k % grids.len()];
                let rules = random_killer(solution, &houses, &mut rng);
                let implied = sums(&houses, &full, &rules);
                let holds = |g: &Grid, rule: &Rule| {
                    let values: Vec<u8> = rule.cells().iter().map(|&c| g.get(c)).collect();
                    rule.holds(&values, shape.n())
                };
                let keeping: Vec<&Grid> = if shape == Shape::ALL[0] {
                    grids
                        .iter()
                        .filter(|g| rules.iter().all(|r| holds(g, r)))
                        .collect()
                } else {
                    vec![solution]
                };
                for g in keeping {
                    for rule in &implied {
                        assert!(holds(g, rule), "{}", rule.describe(shape));
                        checked += 1;
                    }
                }
            }
            assert!(checked > 1000, "{shape:?}: {checked}");
        }
    }
}
