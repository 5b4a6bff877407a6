//! The rule of 45, for killer cages: a house holds every digit once, so its digits add up
//! to 45 on 9x9 (n(n+1)/2 in general), and a run of k such houses to k times that. Any
//! rule whose total is known counts as a cage ([`Rule::total`]: a 10-line or a rellik
//! cage whose candidates leave it one total), where it shares no cell with another.
//! - Innies: the cells of the houses outside the cages that lie wholly inside them add up
//!   to the rest.
//! - Outies: when cages cover the houses, what the cages that cross the border put
//!   outside adds up to what their sums exceed the houses' total by.
//!
//! A few cells with a known total are then narrowed as a cage would be (without repeats
//! only when they see each other).

use super::rule_deductions::{losses, removals};
use crate::{cell_list, Candidates, Highlight, Step, Technique};
use sudoku_model::houses::{HouseKind, MOST_LINES_ADDED};
use sudoku_model::rules::{sum::sum_to, Killer, Rule};

/// At most this many cells are added up: more teaches nothing a player would do.
pub(super) const MOST_CELLS: usize = 4;

/// Each cage with a sum, and each other rule whose candidates leave it one total
/// ([`Rule::total`]), that shares no cell with one before it (killer cages first): its
/// cells, its total and its index among the rules. Counted apart, no cell is added twice.
#[inline]
pub(super) fn cages_with_sums(c: &Candidates) -> Vec<(&[usize], u32, usize)> {
    let n = c.shape().n();
    let mut taken = vec![false; c.cells()];
    let rules = c.rules().iter().enumerate();
    let (cages, others): (Vec<_>, Vec<_>) = rules.partition(|(_, rule)| rule.is_cage());
    let mut found = Vec::new();
    for (index, rule) in cages.into_iter().chain(others) {
        let cells = rule.cells();
        let apart = cells.iter().all(|&x| !taken[x]);
        let Some(total) = rule.total(&c.domains(cells), n).filter(|_| apart) else {
            continue;
        };
        cells.iter().for_each(|&x| taken[x] = true);
        found.push((cells, total, index));
    }
    found
}

#[inline]
pub fn innies_and_outies(c: &Candidates) -> Option<Step> {
    let cages = cages_with_sums(c);
    if cages.is_empty() {
        return None;
    }
    let shape = c.shape();
    let n = shape.n();
    let total = (n * (n + 1) / 2) as u32;
    for (houses, name) in runs(c) {
        let mut inside = vec![false; shape.cells()];
        for &h in &houses {
            for &cell in c.houses().cells(h) {
                inside[cell] = true;
            }
        }
        let whole = total * houses.len() as u32;
        let mut covered = vec![false; shape.cells()];
        let (mut sum_in, mut crossing_sum) = (0, 0);
        let mut outside: Vec<usize> = Vec::new();
        // The cages wholly inside the houses, and every cage that reaches into them.
        let (mut inner, mut touching) = (Vec::new(), Vec::new());
        for &(cells, sum, index) in &cages {
            let within = cells.iter().filter(|&&x| inside[x]).count();
            if within == 0 {
                continue;
            }
            cells.iter().for_each(|&x| covered[x] = true);
            touching.push(index);
            if within == cells.len() {
                sum_in += sum;
                inner.push(index);
            } else {
                crossing_sum += sum;
                outside.extend(cells.iter().filter(|&&x| !inside[x]));
            }
        }
        // "row 1 adds up to 45", "rows 1-2 add up to 90".
        let adds = if houses.len() == 1 { "adds" } else { "add" };
        let innies: Vec<usize> = (0..shape.cells())
            .filter(|&x| inside[x] && !cages_hold(&cages, x, &inside))
            .collect();
        if !innies.is_empty() && innies.len() <= MOST_CELLS && sum_in <= whole {
            let said = format!(
                "{name} {adds} up to {whole}; the cages inside add up to {sum_in}, so {} {}",
                cell_list(shape, &innies),
                total_of(innies.len(), whole - sum_in)
            );
            if let Some(step) = narrowed(
                c,
                &innies,
                whole - sum_in,
                said,
                (&houses, inner),
                Technique::RuleOf45,
            ) {
                return Some(step);
            }
        }
        let all_covered = (0..shape.cells()).all(|x| !inside[x] || covered[x]);
        let excess = (sum_in + crossing_sum).checked_sub(whole);
        if let (true, Some(excess)) = (all_covered, excess) {
            outside.sort_unstable();
            outside.dedup();
            if !outside.is_empty() && outside.len() <= MOST_CELLS {
                let said = format!(
                    "the cages over {name} add up to {}, {excess} more than {whole}, so {} outside {}",
                    sum_in + crossing_sum,
                    cell_list(shape, &outside),
                    total_of(outside.len(), excess)
                );
                if let Some(step) = narrowed(
                    c,
                    &outside,
                    excess,
                    said,
                    (&houses, touching),
                    Technique::RuleOf45,
                ) {
                    return Some(step);
                }
            }
        }
    }
    None
}

/// Whether a cage that lies wholly inside the houses holds `cell`.
#[inline]
fn cages_hold(cages: &[(&[usize], u32, usize)], cell: usize, inside: &[bool]) -> bool {
    cages
        .iter()
        .any(|(cells, _, _)| cells.contains(&cell) && cells.iter().all(|&x| inside[x]))
}

/// "is 7" for one cell, "add up to 10" for several.
#[inline]
fn total_of(cells: usize, sum: u32) -> String {
    if cells == 1 {
        format!("is {sum}")
    } else {
        format!("add up to {sum}")
    }
}

/// The houses looked at, each house alone and then runs of neighbouring rows and
/// columns ([`Houses::line_runs`], as the search adds them up), with their names.
///
/// [`Houses::line_runs`]: sudoku_model::houses::Houses::line_runs
#[inline]
fn runs(c: &Candidates) -> Vec<(Vec<usize>, String)> {
    let houses = c.houses();
    let mut out: Vec<(Vec<usize>, String)> = (0..houses.len())
        .filter(|&h| houses.holds_every_digit(h) && houses.kind(h) != HouseKind::Cage)
        .map(|h| (vec![h], houses.name(h)))
        .collect();
    for run in houses.line_runs(2..=MOST_LINES_ADDED) {
        let word = match run.kind {
            HouseKind::Row => "rows",
            _ => "columns",
        };
        let (first, last) = (run.first + 1, run.first + run.houses.len());
        out.push((run.houses, format!("{word} {first}-{last}")));
    }
    out
}

/// The step that narrows `cells` to the digits that can add up to `sum`.
/// The step highlights `shown`: the houses added up, and the cages (as rules) the total
/// rests on; `technique` names it ("Rule of 45: ...", "Set equivalence: ...").
#[inline]
pub(super) fn narrowed(
    c: &Candidates,
    cells: &[usize],
    sum: u32,
    said: String,
    shown: (&[usize], Vec<usize>),
    technique: Technique,
) -> Option<Step> {
    let shape = c.shape();
    let n = shape.n();
    let mut after = c.domains(cells);
    let distinct = cells
        .iter()
        .enumerate()
        .all(|(i, &a)| cells[i + 1..].iter().all(|&b| c.sees(a, b)));
    let kept = if distinct {
        Rule::Killer(Killer::new(cells.to_vec(), Some(sum), n)).propagate(&mut after, n)
    } else {
        sum_to(&mut after, i64::from(sum))
    };
    if !kept {
        return None;
    }
    let eliminations = losses(c, cells, &after);
    if eliminations.is_empty() {
        return None;
    }
    let explanation = format!("{technique}: {said}; {}", removals(shape, &eliminations));
    Some(Step {
        technique,
        placements: Vec::new(),
        highlight: Highlight {
            houses: shown.0.to_vec(),
            cells: cells.to_vec(),
            candidates: Vec::new(),
            links: Vec::new(),
            rules: shown.1,
        },
        eliminations,
        explanation,
    })
}
