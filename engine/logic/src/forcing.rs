//! Forcing chains and nets, the last logical resorts: try each candidate of a cell (or
//! each place of a digit in a house), follow what each forces, and keep what every try
//! agrees on; a try that breaks the rules shows that candidate is false. A chain follows
//! singles, what each variant rule then rules out, and once those run dry locked
//! candidates and pairs; a net follows every technique but chains; nested forcing
//! follows chains and forcing chains too, from cells of few candidates. Each is tried only
//! when the one before finds nothing.

use crate::rule_deductions::Narrowings;
use crate::{
    cell_name, digits_of, intersections, next_step_within, subsets, Candidates, Deadline, Fault,
    Highlight, Settings, Step, Technique,
};
use sudoku_model::symbols::symbol;

/// How far a try is followed.
#[derive(Clone, Copy)]
enum Follow<'a> {
    /// Singles and the rules, then locked candidates and naked and hidden pairs.
    Chain,
    /// Singles and the rules, then every technique but chains.
    Net(&'a Settings),
    /// Singles and the rules, then every technique up to forcing chains: a net whose tries
    /// may themselves try candidates, two levels deep and no more.
    Nested(&'a Settings),
}

impl Follow<'_> {
    #[inline]
    fn technique(self) -> Technique {
        match self {
            Follow::Chain => Technique::ForcingChain,
            Follow::Net(_) => Technique::ForcingNet,
            Follow::Nested(_) => Technique::NestedForcing,
        }
    }

    /// What a try follows, as the explanation says it.
    #[inline]
    fn what(self) -> &'static str {
        match self {
            Follow::Chain => "the singles, locked candidates, pairs and rules that follow",
            Follow::Net(_) => "the steps that follow (every technique but chains)",
            Follow::Nested(_) => "the steps that follow (every technique up to forcing chains)",
        }
    }

    /// The most choices tried at once: a cell's candidates, or a digit's places in a house.
    #[inline]
    fn most_tried(self, n: usize) -> usize {
        match self {
            Follow::Nested(_) => MOST_NESTED,
            _ => n,
        }
    }

    /// The step after singles and the rules have run dry; none once `deadline` has passed,
    /// which leaves the try followed less far but what it shows still true.
    #[inline]
    fn step(self, c: &Candidates, deadline: Deadline) -> Option<Step> {
        match self {
            Follow::Chain => intersections::pointing(c)
                .or_else(|| intersections::claiming(c))
                .or_else(|| subsets::naked(c, 2))
                .or_else(|| subsets::hidden(c, 2)),
            Follow::Net(settings) | Follow::Nested(settings) => {
                next_step_within(c, settings, deadline).unwrap_or(None)
            }
        }
    }
}

/// Places singles, and narrows every rule's cells to what the rule allows, until nothing
/// changes; then one step of what `how` follows, and again, until none is left; false if
/// the position breaks a rule. Each sweep places every single it meets that still holds;
/// singles reach the same end in any order. The rules' narrowings are asked of `known`.
#[inline]
fn follow(c: &mut Candidates, how: Follow, deadline: Deadline, known: &mut Narrowings) -> bool {
    let puzzle = c.puzzle();
    let houses = puzzle.houses();
    let mut settled = vec![Vec::new(); puzzle.rules().len()];
    loop {
        // Narrowing has asked every rule; the houses are left to check.
        if !c.narrow_by_rules(&mut settled, known) || c.unplaceable().is_some() {
            return false;
        }
        let mut placed = false;
        for x in 0..c.cells() {
            if c.digit(x) == 0 && c.marks(x).count_ones() == 1 {
                c.place(x, c.marks(x).trailing_zeros() as u8 + 1);
                placed = true;
            }
        }
        for h in (0..houses.len()).filter(|&h| houses.holds_every_digit(h)) {
            // Digits with one place in the house: seen once and never twice.
            let (mut once, mut twice) = (0u32, 0u32);
            for &x in houses.cells(h) {
                twice |= once & c.marks(x);
                once |= c.marks(x);
            }
            for d in digits_of(once & !twice) {
                if let Some(&x) = houses.cells(h).iter().find(|&&x| c.has(x, d)) {
                    c.place(x, d);
                    placed = true;
                }
            }
        }
        if placed {
            continue;
        }
        match how.step(c, deadline) {
            Some(step) => c.apply(&step),
            None => return true,
        }
    }
}

/// Cells with up to this many candidates, and digits with up to this many places in a
/// house, are tried for what every try agrees on; a cell with more candidates (on grids
/// above 9x9) is tried only for a candidate that breaks the rules. Up to three, the shared
/// variant set lost four puzzles to logic (81 solved, 85 with every 9x9 cell tried).
const MOST_AGREEING: usize = 9;

/// A nested try may run whole forcing chains, so nested forcing starts only from a cell of
/// up to this many candidates or a digit with up to this many places in a house. On the
/// shared variant set, from two choices it finishes two of the five puzzles nets leave
/// stuck, from three a third (a minute's solve), from four a fourth (two minutes' solve);
/// the fifth ("Solver needs SET") has no cell or place that few, and any more would try
/// all 729 of its candidates, each for many seconds.
const MOST_NESTED: usize = 4;

/// One try: the candidate placed and what followed, or why the rules broke.
type Try = (usize, u8, Result<Candidates, Fault>);

#[inline]
fn try_placing(
    c: &Candidates,
    (cell, digit): (usize, u8),
    how: Follow,
    deadline: Deadline,
    known: &mut Narrowings,
) -> Try {
    let mut copy = c.clone();
    copy.place(cell, digit);
    let outcome = if follow(&mut copy, how, deadline, known) {
        Ok(copy)
    } else {
        Err(copy.why_broken().unwrap_or_else(|| Fault {
            why: "a rule".into(),
            rule: None,
        }))
    };
    (cell, digit, outcome)
}

#[inline]
pub fn forcing_chain(c: &Candidates, deadline: Deadline) -> Option<Step> {
    force(c, Follow::Chain, deadline)
}

/// Nets try every candidate with a whole solver behind each try: on a grid above this size
/// that runs for minutes, so they are left to 9x9 and smaller.
const LARGEST_NETTED: usize = 9;

/// A forcing chain whose tries follow every technique but chains: it finds what a chain's
/// singles, locked candidates and pairs miss, at many times a chain's cost.
#[inline]
pub fn forcing_net(c: &Candidates, deadline: Deadline) -> Option<Step> {
    use Technique::*;
    let settings = Settings::default().keeping(|t| {
        !matches!(
            t,
            XChain | XyChain | Aic | ForcingChain | ForcingNet | NestedForcing
        )
    });
    (c.shape().n() <= LARGEST_NETTED).then(|| force(c, Follow::Net(&settings), deadline))?
}

/// A forcing net whose tries follow chains and forcing chains too: trial within trial, for
/// the puzzles nothing shallower finishes.
#[inline]
pub fn nested_forcing(c: &Candidates, deadline: Deadline) -> Option<Step> {
    use Technique::*;
    let settings = Settings::default().keeping(|t| !matches!(t, ForcingNet | NestedForcing));
    (c.shape().n() <= LARGEST_NETTED).then(|| force(c, Follow::Nested(&settings), deadline))?
}

/// Gives up, with nothing, once `deadline` has passed: it looks before each cell or
/// house's digit it tries.
#[inline]
fn force(c: &Candidates, how: Follow, deadline: Deadline) -> Option<Step> {
    let shape = c.shape();
    let most = how.most_tried(shape.n());
    // Each placement is tried once: the houses' places reuse the cells' tries.
    let mut tries = Tries::new(c, how, deadline);
    for size in 2..=most {
        let cells =
            (0..c.cells()).filter(|&x| c.digit(x) == 0 && c.marks(x).count_ones() as usize == size);
        for cell in cells {
            if deadline.passed() {
                return None;
            }
            // The first candidate whose try breaks the rules is the step: the rest of the
            // cell's candidates need no try.
            for d in digits_of(c.marks(cell)) {
                let Err(fault) = &tries.get(cell, d).2 else {
                    continue;
                };
                let explanation = format!(
                    "{}: if {} were {}, {} would break {}; so it is not {}",
                    how.technique(),
                    cell_name(shape, cell),
                    symbol(d),
                    how.what(),
                    fault.why,
                    symbol(d)
                );
                return Some(Step {
                    technique: how.technique(),
                    placements: Vec::new(),
                    eliminations: vec![(cell, d)],
                    highlight: Highlight {
                        houses: Vec::new(),
                        cells: vec![cell],
                        candidates: vec![(cell, d)],
                        links: Vec::new(),
                        rules: fault.rule.into_iter().collect(),
                    },
                    explanation,
                });
            }
            if size > MOST_AGREEING {
                continue;
            }
            let digits = digits_of(c.marks(cell));
            let names: Vec<String> = digits.iter().map(|&d| symbol(d).to_string()).collect();
            let start = format!(
                "whichever of {} {} takes",
                names.join("/"),
                cell_name(shape, cell)
            );
            let these: Vec<&Try> = digits.iter().map(|&d| tries.known(cell, d)).collect();
            if let Some(step) = agreement(c, &these, &start, Vec::new(), how) {
                return Some(step);
            }
        }
    }
    // A digit's few places in a house that must hold it: one of them takes it.
    let houses = c.houses();
    for h in (0..houses.len()).filter(|&h| houses.holds_every_digit(h)) {
        for digit in 1..=shape.n() as u8 {
            let places = c.places(h, digit);
            if !(2..=MOST_AGREEING.min(most)).contains(&places.len()) {
                continue;
            }
            if deadline.passed() {
                return None;
            }
            for &x in &places {
                tries.get(x, digit);
            }
            let these: Vec<&Try> = places.iter().map(|&x| tries.known(x, digit)).collect();
            let start = format!(
                "wherever {} goes in {} ({})",
                symbol(digit),
                houses.name(h),
                places
                    .iter()
                    .map(|&x| cell_name(shape, x))
                    .collect::<Vec<_>>()
                    .join("/")
            );
            if let Some(step) = agreement(c, &these, &start, vec![h], how) {
                return Some(step);
            }
        }
    }
    None
}

/// The tries made from one position, each made once, by candidate at
/// `cell * n + digit - 1`, and the rules' narrowings they share.
struct Tries<'a> {
    c: &'a Candidates,
    how: Follow<'a>,
    deadline: Deadline<'a>,
    made: Vec<Option<Try>>,
    known: Narrowings,
}

impl<'a> Tries<'a> {
    #[inline]
    fn new(c: &'a Candidates, how: Follow<'a>, deadline: Deadline<'a>) -> Self {
        Tries {
            c,
            how,
            deadline,
            made: (0..c.cells() * c.shape().n()).map(|_| None).collect(),
            known: Narrowings::new(c),
        }
    }

    #[inline]
    fn index(&self, cell: usize, digit: u8) -> usize {
        cell * self.c.shape().n() + usize::from(digit - 1)
    }

    /// The try of `digit` in `cell`, made now if it was not before.
    #[inline]
    fn get(&mut self, cell: usize, digit: u8) -> &Try {
        let i = self.index(cell, digit);
        let (c, how, deadline, known) = (self.c, self.how, self.deadline, &mut self.known);
        self.made[i].get_or_insert_with(|| try_placing(c, (cell, digit), how, deadline, known))
    }

    /// A try already made.
    #[inline]
    fn known(&self, cell: usize, digit: u8) -> &Try {
        self.made[self.index(cell, digit)]
            .as_ref()
            .expect("a try made before")
    }
}

/// What every try that keeps the rules agrees on, beyond the tried cells: a digit placed,
/// or else a candidate gone.
#[inline]
fn agreement(
    c: &Candidates,
    tries: &[&Try],
    start: &str,
    houses: Vec<usize>,
    how: Follow,
) -> Option<Step> {
    let shape = c.shape();
    let tried: Vec<usize> = tries.iter().map(|t| t.0).collect();
    let outcomes: Vec<&Candidates> = tries.iter().filter_map(|t| t.2.as_ref().ok()).collect();
    let first = outcomes.first()?;
    let open = |x: &usize| c.digit(*x) == 0 && !tried.contains(x);
    let placements: Vec<(usize, u8)> = (0..c.cells())
        .filter(open)
        .filter_map(|x| {
            let d = first.digit(x);
            (d != 0 && outcomes.iter().all(|o| o.digit(x) == d)).then_some((x, d))
        })
        .take(1)
        .collect();
    let eliminations: Vec<(usize, u8)> = if placements.is_empty() {
        (0..c.cells())
            .filter(open)
            .flat_map(|x| digits_of(c.marks(x)).into_iter().map(move |d| (x, d)))
            .filter(|&(x, d)| outcomes.iter().all(|o| o.digit(x) != d && !o.has(x, d)))
            .take(1)
            .collect()
    } else {
        Vec::new()
    };
    let result = match (placements.first(), eliminations.first()) {
        (Some(&(x, d)), _) => format!("{} is {}", cell_name(shape, x), symbol(d)),
        (None, Some(&(x, d))) => format!("{} is not {}", cell_name(shape, x), symbol(d)),
        (None, None) => return None,
    };
    let explanation = format!(
        "{}: {start}, {} agree that {result}",
        how.technique(),
        how.what()
    );
    let mut cells = tried.clone();
    cells.extend(placements.iter().chain(&eliminations).map(|&(x, _)| x));
    Some(Step {
        technique: how.technique(),
        placements,
        eliminations,
        highlight: Highlight {
            houses,
            candidates: tries.iter().map(|t| (t.0, t.1)).collect(),
            cells,
            links: Vec::new(),
            rules: Vec::new(),
        },
        explanation,
    })
}
