//! The sums that killer cages imply: the rule of 45, as a solver of killers reasons.
//!
//! A house that holds every digit once adds up to n(n+1)/2 (45 on 9x9), so an area made
//! of such houses adds up to that times their number. Where killer cages cover most of
//! the area, the cells of the area that no cage covers (the innies) add up to the area's
//! total less the cages' sums. The search adds these sums as rules of its own, so that
//! it narrows the cells of a killer as a person does before any guess.

use sudoku_model::houses::{HouseKind, Houses, MOST_LINES_ADDED};
use sudoku_model::rules::{LittleKiller, Rule};

/// The sums that killer cages imply, the rule of 45: a run of rows or of columns (up to
/// three), or a region, that holds every digit adds up to a known total, so the cells of
/// it that no cage inside it covers add up to that total less the cages' sums. Adding
/// these as rules lets the search reason as a solver of killers does.
pub(crate) fn sums(houses: &Houses, full: &[usize], rules: &[Rule]) -> Vec<Rule> {
    let cages: Vec<(&[usize], u32)> = rules
        .iter()
        .filter_map(|rule| Some((rule.cells(), rule.cage_sum()?)))
        .collect();
    if cages.is_empty() {
        return Vec::new();
    }
    let shape = houses.shape();
    let n = shape.n();
    let house_sum = (n * (n + 1) / 2) as u32;
    // Each run of rows or columns, then each region.
    let regions = full
        .iter()
        .filter(|&&h| houses.kind(h) == HouseKind::Region)
        .map(|&h| vec![h]);
    let areas = houses
        .line_runs(1..=MOST_LINES_ADDED)
        .into_iter()
        .map(|run| run.houses)
        .chain(regions);
    let mut implied = Vec::new();
    for area_houses in areas {
        let mut area = vec![false; shape.cells()];
        area_houses
            .iter()
            .flat_map(|&h| houses.cells(h))
            .for_each(|&c| area[c] = true);
        let total = house_sum * area_houses.len() as u32;
        // Cages wholly inside and not overlapping one already taken.
        let mut covered = 0;
        for (cells, sum) in &cages {
            if cells.iter().all(|&c| area[c]) {
                cells.iter().for_each(|&c| area[c] = false);
                covered += sum;
            }
        }
        if covered == 0 {
            continue;
        }
        let rest: Vec<usize> = (0..shape.cells()).filter(|&c| area[c]).collect();
        if !rest.is_empty() && rest.len() <= n && covered < total {
            implied.push(Rule::LittleKiller(LittleKiller::new(rest, total - covered)));
        }
    }
    implied
}

#[cfg(test)]
mod tests {
    use super::*;
    use sudoku_model::rules::Killer;
    use sudoku_model::shape::Shape;

    #[test]
    fn cages_imply_the_sums_of_what_they_leave() {
        let houses = Houses::standard(Shape::NINE);
        let full: Vec<usize> = (0..27).collect();
        let cage = |cells: Vec<usize>, sum| Rule::Killer(Killer::new(cells, Some(sum), 9));
        // A cage in row 1 leaves the row's other six cells 45 - 6; one that straddles rows
        // 1 and 2 counts only for the runs that hold it whole (which leave more cells than
        // a house, and are not added); one overlapping the first is left out.
        let rules = [
            cage(vec![0, 1, 2], 6),
            cage(vec![8, 17], 17),
            cage(vec![2, 3], 10),
        ];
        let implied = sums(&houses, &full, &rules);
        let sums: Vec<(Vec<usize>, u32)> = implied
            .iter()
            .map(|r| match r {
                Rule::LittleKiller(l) => (r.cells().to_vec(), l.sum()),
                _ => unreachable!("sums are little-killer rules"),
            })
            .collect();
        assert!(sums.contains(&((3..9).collect(), 39)));
        assert!(sums
            .iter()
            .all(|(cells, _)| cells.len() <= 9 && !cells.contains(&0)));
        // Column 9 holds the straddling cage whole: its other seven cells add up to 28.
        let column_9: Vec<usize> = (2..9).map(|r| r * 9 + 8).collect();
        assert!(sums.contains(&(column_9, 28)));
        // Box 1 holds the first cage whole: its six other cells add up to 39.
        assert!(sums.contains(&(vec![9, 10, 11, 18, 19, 20], 39)));
    }
}
