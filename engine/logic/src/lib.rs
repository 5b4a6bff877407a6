//! The logical solver: the next step a strong player would see, as data (technique,
//! placements, eliminations, what to highlight, one sentence), the full path of steps, and
//! a difficulty rating. It works on candidates, so it can start from a player's own marks.
//!
//! Techniques are tried simplest first; each lives in its own module and returns the first
//! step it finds, or nothing.

mod als;
mod candidates;
mod chains;
mod coloring;
mod fish;
mod forcing;
mod implications;
mod intersections;
mod rating;
mod rule_deductions;
mod rule_of_45;
mod set_theory;
mod single_digit;
mod singles;
mod subsets;
mod technique;
mod uniqueness;
mod wings;

pub use candidates::{Candidates, Fault};
pub use rating::{rate, Rating};
pub use set_theory::compared;
pub use sudoku_model::level::Level;
pub use technique::Technique;

use std::cell::OnceCell;

use implications::Graph;
use sudoku_model::puzzle::Puzzle;
use sudoku_model::shape::Shape;

/// One logical step.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    pub technique: Technique,
    /// Digits placed: (cell index, digit).
    pub placements: Vec<(usize, u8)>,
    /// Candidates removed: (cell index, digit).
    pub eliminations: Vec<(usize, u8)>,
    pub highlight: Highlight,
    /// One plain sentence, such as "Hidden pair 4/7 in row 3 (r3c2, r3c8): remove the
    /// other candidates from those cells".
    pub explanation: String,
}

/// What a step shows on the board.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Highlight {
    /// Where to look first.
    pub houses: Vec<usize>,
    /// The cells the step rests on.
    pub cells: Vec<usize>,
    /// The candidates the step rests on: (cell, digit).
    pub candidates: Vec<(usize, u8)>,
    /// The links of a chain, between candidates; `strong` for "if not one then the other".
    pub links: Vec<Link>,
    /// The variant rules the step rests on, as indices into [`Puzzle::rules`].
    pub rules: Vec<usize>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Link {
    pub from: (usize, u8),
    pub to: (usize, u8),
    pub strong: bool,
}

/// Which techniques may be used; all by default. Uniqueness techniques also need the
/// puzzle to be known to have exactly one solution (`unique`), and classic rules: their
/// proofs rest on the symmetry of rows, columns and boxes alone, which a variant's rules
/// break (a cage or a thermometer can tell the two digits of a rectangle apart).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Settings {
    enabled: Vec<Technique>,
    unique: bool,
}

impl Default for Settings {
    #[inline]
    fn default() -> Settings {
        Settings {
            enabled: Technique::ALL.to_vec(),
            unique: false,
        }
    }
}

impl Settings {
    /// One technique alone, to test it or to ask for it by name.
    #[inline]
    pub fn only(technique: Technique) -> Settings {
        Settings {
            enabled: vec![technique],
            unique: false,
        }
    }

    /// Says the puzzle has exactly one solution, which the uniqueness techniques rest on.
    #[inline]
    pub fn unique(mut self, unique: bool) -> Settings {
        self.unique = unique;
        self
    }

    /// All techniques, with uniqueness ones if the engine proves `puzzle` has one solution.
    #[inline]
    pub fn for_puzzle(puzzle: &Puzzle) -> Settings {
        let unique = matches!(
            sudoku_search::solve(puzzle, &mut sudoku_search::Budget::unlimited()).verdict,
            sudoku_search::Verdict::Unique(_)
        );
        Settings::default().unique(unique)
    }

    #[inline]
    pub fn without(mut self, technique: Technique) -> Settings {
        self.enabled.retain(|&t| t != technique);
        self
    }

    /// Only the techniques `keep` allows of those already enabled.
    #[inline]
    pub fn keeping(mut self, keep: impl Fn(Technique) -> bool) -> Settings {
        self.enabled.retain(|&t| keep(t));
        self
    }

    #[inline]
    pub fn allows(&self, technique: Technique) -> bool {
        self.enabled.contains(&technique) && (self.unique || !technique.needs_uniqueness())
    }
}

/// The simplest step available, or `None` when the enabled techniques find nothing.
#[inline]
pub fn next_step(candidates: &Candidates, settings: &Settings) -> Option<Step> {
    next_step_within(candidates, settings, Deadline::NEVER).unwrap_or(None)
}

/// When a search for a step gives up. The engine has no clock of its own (it runs in wasm
/// too): the caller lends one, in milliseconds, as `timing` does.
#[derive(Clone, Copy)]
pub struct Deadline<'a> {
    clock: Option<&'a dyn Fn() -> f64>,
    end: f64,
}

impl<'a> Deadline<'a> {
    /// A search that runs until it is done.
    pub const NEVER: Deadline<'static> = Deadline {
        clock: None,
        end: f64::INFINITY,
    };

    /// `millis` milliseconds from now, by `clock`.
    #[inline]
    pub fn after(clock: &'a dyn Fn() -> f64, millis: f64) -> Deadline<'a> {
        Deadline {
            clock: Some(clock),
            end: clock() + millis,
        }
    }

    #[inline]
    pub fn passed(&self) -> bool {
        self.clock.is_some_and(|now| now() >= self.end)
    }
}

/// No step was found before the deadline.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OutOfTime;

/// [`next_step`] that gives up once `deadline` has passed. The slow techniques (chains and
/// forcing) look at the clock for every start they try, so a search overruns its deadline
/// by one try at most; every step returned is as sound as without a deadline.
#[inline]
pub fn next_step_within(
    candidates: &Candidates,
    settings: &Settings,
    deadline: Deadline,
) -> Result<Option<Step>, OutOfTime> {
    let classic = candidates.is_classic();
    // Built once the chains are reached, and shared by them: the techniques before never
    // need it.
    let graph = OnceCell::new();
    for &t in Technique::ALL
        .iter()
        .filter(|&&t| settings.allows(t) && (classic || !t.needs_uniqueness()))
        .filter(|&&t| !classic || !t.variants_only())
        // A plain step is found as its rule's own where that is looked for too.
        .filter(|&&t| !matches!(t, Technique::Plain(k) if settings.allows(Technique::Rule(k))))
    {
        if deadline.passed() {
            return Err(OutOfTime);
        }
        if let Some(step) = find(t, candidates, &graph, deadline) {
            return Ok(Some(step));
        }
    }
    match deadline.passed() {
        true => Err(OutOfTime),
        false => Ok(None),
    }
}

#[inline]
fn find(
    technique: Technique,
    c: &Candidates,
    graph: &OnceCell<Graph>,
    deadline: Deadline,
) -> Option<Step> {
    use Technique::*;
    let graph = || graph.get_or_init(|| Graph::new(c));
    match technique {
        FullHouse => singles::full_house(c),
        HiddenSingle => singles::hidden_single(c),
        NakedSingle => singles::naked_single(c),
        NeededDigit => rule_deductions::needed_digit(c),
        Rule(_) | IssRule(_) | Plain(_) => rule_deductions::rule_step(c, technique),
        Pointing => intersections::pointing(c),
        Claiming => intersections::claiming(c),
        RuleOf45 => rule_of_45::innies_and_outies(c),
        SetEquivalence => set_theory::set_equivalence(c),
        NakedPair => subsets::naked(c, 2),
        HiddenPair => subsets::hidden(c, 2),
        NakedTriple => subsets::naked(c, 3),
        HiddenTriple => subsets::hidden(c, 3),
        NakedQuad => subsets::naked(c, 4),
        HiddenQuad => subsets::hidden(c, 4),
        XWing => fish::basic(c, 2),
        Swordfish => fish::basic(c, 3),
        Phistomefel => set_theory::phistomefel(c),
        Jellyfish => fish::basic(c, 4),
        ParallelLinks => single_digit::parallel_links(c),
        TwoStringKite => single_digit::two_string_kite(c),
        EmptyRectangle => single_digit::empty_rectangle(c),
        XyWing => wings::xy_wing(c),
        XyzWing => wings::xyz_wing(c),
        WWing => wings::w_wing(c),
        SimpleColouring => coloring::simple_colouring(c),
        UniqueRectangle1 => uniqueness::unique_rectangle(c, 1),
        UniqueRectangle2 => uniqueness::unique_rectangle(c, 2),
        UniqueRectangle3 => uniqueness::unique_rectangle(c, 3),
        UniqueRectangle4 => uniqueness::unique_rectangle(c, 4),
        BugPlusOne => uniqueness::bug_plus_one(c),
        AlsXz => als::als_xz(c),
        XChain => chains::find(c, graph(), chains::ChainKind::X, deadline),
        XyChain => chains::find(c, graph(), chains::ChainKind::Xy, deadline),
        Aic => chains::find(c, graph(), chains::ChainKind::Any, deadline),
        ForcingChain => forcing::forcing_chain(c, deadline),
        ForcingNet => forcing::forcing_net(c, deadline),
        NestedForcing => forcing::nested_forcing(c, deadline),
    }
}

/// Every step from the puzzle until it is solved or the techniques run out.
pub struct Path {
    pub steps: Vec<Step>,
    pub solved: bool,
    /// The walk stopped because a step took longer than it was given, not because the
    /// techniques ran out.
    pub out_of_time: bool,
    /// Candidates after the last step.
    pub end: Candidates,
}

/// How long a hint looks for a step in the page, in milliseconds.
pub const HINT_MILLIS: f64 = 1000.0;

/// How long any one step of a whole path may take, in milliseconds: a path shows every
/// step past a hint's budget, but stops at one that would take longer than this.
pub const PATH_STEP_MILLIS: f64 = 3000.0;

/// What a path that stopped at a step too slow for [`PATH_STEP_MILLIS`] says of the rest,
/// in the page's step list and the CLI's `steps` alike.
#[inline]
pub fn out_of_time_ending() -> String {
    format!(
        "no step found within {} s: the rest needs trial and error",
        PATH_STEP_MILLIS / 1000.0
    )
}

/// Steps through a puzzle from its givens with the given techniques.
#[inline]
pub fn solve_path(puzzle: &Puzzle, settings: &Settings) -> Path {
    walk(puzzle, settings, || Deadline::NEVER)
}

/// [`solve_path`] that stops when one step takes longer than `step_millis` by `clock`.
#[inline]
pub fn solve_path_within(
    puzzle: &Puzzle,
    settings: &Settings,
    clock: &dyn Fn() -> f64,
    step_millis: f64,
) -> Path {
    walk(puzzle, settings, || Deadline::after(clock, step_millis))
}

#[inline]
fn walk<'a>(puzzle: &Puzzle, settings: &Settings, deadline: impl Fn() -> Deadline<'a>) -> Path {
    let mut candidates = Candidates::from_grid(puzzle.givens(), puzzle);
    let mut steps = Vec::new();
    let mut out_of_time = false;
    while !candidates.is_solved() && !candidates.is_broken() {
        let step = match next_step_within(&candidates, settings, deadline()) {
            Ok(Some(step)) => step,
            Ok(None) => break,
            Err(OutOfTime) => {
                out_of_time = true;
                break;
            }
        };
        candidates.apply(&step);
        steps.push(step);
    }
    Path {
        solved: candidates.is_solved(),
        out_of_time,
        steps,
        end: candidates,
    }
}

/// Names a cell for explanations: r3c5.
#[inline]
fn cell_name(shape: Shape, cell: usize) -> String {
    shape.cell(cell).to_string()
}

/// "r3c2, r3c8" for a list of cells.
#[inline]
fn cell_list(shape: Shape, cells: &[usize]) -> String {
    cells
        .iter()
        .map(|&c| cell_name(shape, c))
        .collect::<Vec<_>>()
        .join(", ")
}

/// "4/7" for digits, using the grid's symbols.
#[inline]
fn digit_list(digits: &[u8]) -> String {
    digits
        .iter()
        .map(|&d| sudoku_model::symbols::symbol(d).to_string())
        .collect::<Vec<_>>()
        .join("/")
}

/// The digits of a candidate mask, smallest first.
#[inline]
fn digits_of(mask: u32) -> Vec<u8> {
    sudoku_model::digits::DigitSet::from_bits(mask)
        .iter()
        .collect()
}

/// The first `k` of `masks` (their indices, in the order of [`combinations`]) that join into
/// exactly `k` bits and for which `found` has an answer. A choice whose masks already hold
/// more than `k` bits is not grown, which keeps the subsets of big houses quick.
#[inline]
fn locked_subset<R>(
    masks: &[u32],
    k: usize,
    mut found: impl FnMut(&[usize], u32) -> Option<R>,
) -> Option<R> {
    #[inline]
    fn grow<R>(
        masks: &[u32],
        k: usize,
        picked: &mut Vec<usize>,
        union: u32,
        found: &mut dyn FnMut(&[usize], u32) -> Option<R>,
    ) -> Option<R> {
        if picked.len() == k {
            return if union.count_ones() as usize == k {
                found(picked, union)
            } else {
                None
            };
        }
        let from = picked.last().map_or(0, |&i| i + 1);
        for (i, &mask) in masks.iter().enumerate().skip(from) {
            if (union | mask).count_ones() as usize > k {
                continue;
            }
            picked.push(i);
            if let Some(answer) = grow(masks, k, picked, union | mask, found) {
                return Some(answer);
            }
            picked.pop();
        }
        None
    }
    grow(masks, k, &mut Vec::with_capacity(k), 0, &mut found)
}

/// Every k-element combination of `items`, in order.
#[inline]
fn combinations<T: Copy>(items: &[T], k: usize) -> Vec<Vec<T>> {
    if k == 0 {
        return vec![Vec::new()];
    }
    let mut out = Vec::new();
    for (i, &first) in items.iter().enumerate() {
        for mut rest in combinations(&items[i + 1..], k - 1) {
            rest.insert(0, first);
            out.push(rest);
        }
    }
    out
}
