//! Set equivalence, the rule of 45 generalised: k rows and k columns (each a run of
//! neighbouring houses that hold every digit) hold every digit k times each, so the
//! cells of the rows outside the columns and the cells of the columns outside the rows
//! hold the same digits, as multisets, and so add up to the same. When the cages wholly
//! inside one side cover it, the cells of the other side outside its own cages add up to
//! what the cage sums differ by, and are narrowed as the rule of 45 narrows its innies.

use super::rule_of_45::{cages_with_sums, narrowed, MOST_CELLS, MOST_HOUSES};
use crate::houses::HouseKind;
use crate::logic::{cell_list, Candidates, Step, Technique};

#[inline]
pub fn set_equivalence(c: &Candidates) -> Option<Step> {
    let cages = cages_with_sums(c);
    if cages.is_empty() {
        return None;
    }
    let rows = runs(c, HouseKind::Row);
    let columns = runs(c, HouseKind::Column);
    for (row_run, row_name) in &rows {
        for (column_run, column_name) in columns.iter().filter(|(r, _)| r.len() == row_run.len()) {
            let cells_of = |run: &[usize]| -> Vec<usize> {
                let mut cells: Vec<usize> = run
                    .iter()
                    .flat_map(|&h| c.houses().cells(h).iter().copied())
                    .collect();
                cells.sort_unstable();
                cells
            };
            let (in_rows, in_columns) = (cells_of(row_run), cells_of(column_run));
            let first: Vec<usize> = in_rows
                .iter()
                .copied()
                .filter(|x| in_columns.binary_search(x).is_err())
                .collect();
            let second: Vec<usize> = in_columns
                .iter()
                .copied()
                .filter(|x| in_rows.binary_search(x).is_err())
                .collect();
            let said = |cells: &[usize], other: &[usize]| {
                format!(
                    "{row_name} and {column_name} hold the same digits, so {} and {} hold the \
                     same digits",
                    cell_list(c.shape(), cells),
                    cell_list(c.shape(), other)
                )
            };
            for (this, other) in [(&first, &second), (&second, &first)] {
                let (rest, inner_this, _) = inside(&cages, this);
                let (other_rest, inner_other, other_cages) = inside(&cages, other);
                if !other_rest.is_empty() || rest.is_empty() || rest.len() > MOST_CELLS {
                    continue;
                }
                let Some(sum) = inner_other.checked_sub(inner_this) else {
                    continue;
                };
                let why = format!(
                    "{}; the cages in the second add up to {inner_other}, those in the first to \
                     {inner_this}, so {} add up to {sum}",
                    said(this, other),
                    cell_list(c.shape(), &rest)
                );
                let houses: Vec<usize> = row_run.iter().chain(column_run).copied().collect();
                if let Some(step) = narrowed(
                    c,
                    &rest,
                    sum,
                    why,
                    (&houses, other_cages),
                    Technique::SetEquivalence,
                ) {
                    return Some(step);
                }
            }
        }
    }
    None
}

/// The runs of one to three neighbouring houses of `kind` that hold every digit, with
/// their names ("row 4", "rows 1-3").
#[inline]
fn runs(c: &Candidates, kind: HouseKind) -> Vec<(Vec<usize>, String)> {
    let houses = c.houses();
    let of_kind: Vec<usize> = (0..houses.len())
        .filter(|&h| houses.kind(h) == kind && houses.holds_every_digit(h))
        .collect();
    let word = if kind == HouseKind::Row {
        "rows"
    } else {
        "columns"
    };
    let mut out = Vec::new();
    for len in 1..=MOST_HOUSES {
        for run in of_kind.windows(len) {
            let name = if len == 1 {
                houses.name(run[0])
            } else {
                let number = |h: usize| houses.name(h).rsplit(' ').next().unwrap_or("").to_string();
                format!("{word} {}-{}", number(run[0]), number(run[len - 1]))
            };
            out.push((run.to_vec(), name));
        }
    }
    out
}

/// The cells of `side` outside the cages wholly inside it, those cages' total, and the
/// cages (as rules).
#[inline]
fn inside(cages: &[(&[usize], u32, usize)], side: &[usize]) -> (Vec<usize>, u32, Vec<usize>) {
    let within = |cells: &[usize]| cells.iter().all(|x| side.binary_search(x).is_ok());
    let held: Vec<&(&[usize], u32, usize)> =
        cages.iter().filter(|(cells, _, _)| within(cells)).collect();
    let rest = side
        .iter()
        .copied()
        .filter(|x| !held.iter().any(|(cells, _, _)| cells.contains(x)))
        .collect();
    (
        rest,
        held.iter().map(|h| h.1).sum(),
        held.iter().map(|h| h.2).collect(),
    )
}
