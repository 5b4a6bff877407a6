//! A variant puzzle's title, author and rules text as text (Yew never renders it as HTML):
//! beside the board on a wide screen, above it elsewhere, folded under the title on a
//! phone. A puzzle that comes with no rules text (an ISS link states rules only as
//! constraints) has its rules said for it: each kind of rule by the name of its step, with
//! that step's one sentence from the techniques' words once they are fetched. A puzzle with
//! drawings that carry no rule the page checks says so, and that the verdict covers only
//! the rules checked. A chaos construction without rules text says what it asks.

use std::rc::Rc;

use sudoku_engine::chaos::ChaosClue;
use sudoku_links::Imported;
use yew::prelude::*;

use crate::words::about;

#[derive(Properties, PartialEq)]
pub struct Props {
    pub imported: Rc<Imported>,
    /// The techniques' words (`words::about`), once fetched.
    pub texts: Option<Rc<str>>,
}

/// Whether the page says a puzzle's rules for it: it has rules but no text of its own. As
/// [`unstated_rules`] is not empty, without building the list (`App` asks at every render).
pub fn says_rules_for(imported: &Imported) -> bool {
    imported.rules.is_none() && !imported.puzzle.rules().is_empty()
}

/// The kinds of rule of a puzzle that has no rules text of its own, by the names of their
/// steps, each once and in the puzzle's order; none for a puzzle with its own text.
pub fn unstated_rules(imported: &Imported) -> Vec<&'static str> {
    let mut names: Vec<&'static str> = Vec::new();
    if imported.rules.is_none() {
        for rule in imported.puzzle.rules() {
            let name = rule.kind().technique().name;
            if !names.contains(&name) {
                names.push(name);
            }
        }
    }
    names
}

/// The rules said for a puzzle without its own text: a line a kind, its name and, where
/// the techniques' words are at hand, its sentence.
fn said_rules(names: &[&str], texts: Option<&str>) -> String {
    let line = |name: &&str| match texts.and_then(|text| about(text, name)) {
        Some(about) => format!("{name}: {}", about.sentence),
        None => name.to_string(),
    };
    names.iter().map(line).collect::<Vec<_>>().join("\n")
}

/// What a chaos construction without rules text asks (an ISS link has none), and how the
/// page has the player draw its regions.
fn chaos_rules(imported: &Imported) -> Option<String> {
    let chaos = imported.chaos.as_ref()?;
    let regions = chaos.regions(imported.puzzle.shape());
    let mut text = format!(
        "Chaos construction: find the {regions} regions of {} cells, each joined side by side \
         and holding no digit twice. Colour each region a colour of its own (Colour, V): Check \
         and the finish read them.",
        chaos.size()
    );
    let n = imported.puzzle.shape().n();
    // The cells around a cell, itself included, as a count in "Let there be chaos" reads.
    let around = |cell: usize| {
        let (row, col) = (cell / n, cell % n);
        let near = |a: usize, b: usize| a.abs_diff(b) <= 1;
        (0..n * n).filter(move |&c| near(c / n, row) && near(c % n, col))
    };
    let clues = chaos.clues();
    let counts_around = clues.iter().all(|clue| match clue {
        ChaosClue::Count {
            control,
            cells,
            offset: 0,
        } => {
            let mut sorted = cells.clone();
            sorted.sort_unstable();
            cells.first() == Some(control) && around(*control).eq(sorted)
        }
        _ => false,
    });
    if counts_around && !clues.is_empty() {
        text.push_str("\nA purple circle's digit is how many cells around it, itself included, lie in its region.");
    } else if !clues.is_empty() {
        text.push_str("\nA purple circle's digit counts cells that lie in one region with a cell: the cells ISS lists for it, or the run along its arrow.");
    }
    Some(text)
}

/// "2 lines and 1 text": what is only drawn, by kind.
fn drawn_summary(imported: &Imported) -> String {
    // Each kind with its count, in order of the kinds: a list kept in order as it grows
    // rather than a `BTreeMap` of its own, whose code the page's module would carry once more.
    let mut kinds: Vec<(&str, usize)> = Vec::new();
    for d in &imported.drawn {
        match kinds.binary_search_by(|(kind, _)| kind.cmp(&d.kind.as_str())) {
            Ok(i) => kinds[i].1 += 1,
            Err(i) => kinds.insert(i, (d.kind.as_str(), 1)),
        }
    }
    let parts: Vec<String> = kinds
        .into_iter()
        .map(|(kind, count)| match count {
            1 => format!("1 {kind}"),
            _ => format!("{count} {kind}s"),
        })
        .collect();
    match parts.as_slice() {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

/// Whether the screen is a phone's, in either orientation (as style.css's `.about` rules
/// say): there the title and rules start folded to one row, so the board and the pad fit.
fn phone() -> bool {
    web_sys::window()
        .and_then(|w| {
            w.match_media("(max-width: 40rem), (max-height: 40rem)")
                .ok()
                .flatten()
        })
        .is_some_and(|query| query.matches())
}

#[function_component]
pub fn AboutPuzzle(props: &Props) -> Html {
    let imported = &props.imported;
    let drawn = drawn_summary(imported);
    // Open on a wide screen, where they stand beside the board; folded on a phone, at
    // every load, as SudokuPad's rules wait behind a tap there. The player's own fold
    // stands until the page loads again.
    let open = *use_state(|| !phone());
    let unstated = unstated_rules(imported);
    // Said for it where it has no text of its own, in the same box: as long or not, the
    // box keeps its height, so nothing moves when the sentences come.
    let rules = imported
        .rules
        .clone()
        .or_else(|| (!unstated.is_empty()).then(|| said_rules(&unstated, props.texts.as_deref())))
        .or_else(|| chaos_rules(imported));
    let folded = rules.is_some() || !drawn.is_empty();
    // The rules of the whole grid that no drawing shows, named under the title.
    let grid_rules = imported.rules_of_the_grid().join(", ");
    if imported.title.is_none() && imported.author.is_none() && !folded && grid_rules.is_empty() {
        return html! {};
    }
    let heading = html! { <>
        <h2 class="puzzle-title">{ imported.title.clone().unwrap_or_else(|| "Rules".into()) }</h2>
        if let Some(author) = &imported.author {
            <span class="puzzle-author">{ format!("by {author}") }</span>
        }
        if !grid_rules.is_empty() {
            <span class="grid-rules">{ grid_rules }</span>
        }
    </> };
    html! {
        <section class="about" aria-label="About this puzzle">
            if folded {
                <details class="puzzle-about" {open}>
                    <summary class="puzzle-heading">{ heading }</summary>
                    if let Some(rules) = rules {
                        // Long rules scroll, by whole lines and with a shade at the edge where
                        // there is more; the keyboard can scroll them too.
                        <p class="puzzle-rules" tabindex="0">{ rules }</p>
                    }
                    if !drawn.is_empty() {
                        <p class="drawn-note">{ format!(
                            "Drawn but not checked: {drawn}. The verdict covers only the rules that are checked."
                        ) }</p>
                    }
                    // A drawing that reads as rules several ways is named, so a player knows
                    // which rule the verdict leaves out.
                    { for imported.drawn.iter().filter(|d| d.ambiguous).map(|d| html! {
                        <p class="drawn-note">{ format!("Ambiguous drawing, not checked: {}", d.description) }</p>
                    }) }
                </details>
            } else {
                <div class="puzzle-heading">{ heading }</div>
            }
        </section>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn what_is_only_drawn_is_counted_by_kind() {
        let json = r#"{"size":4,"line":[{"lines":[["R1C1","R1C2"]]},{"lines":[["R2C1","R2C2"]]}],
            "text":[{"cells":["R3C3"],"value":"?"}]}"#;
        let imported = sudoku_links::read(json).unwrap();
        assert_eq!(drawn_summary(&imported), "2 lines and 1 text");
    }

    #[test]
    fn a_puzzle_without_rules_text_has_its_kinds_of_rule_said() {
        let link = "https://sigh.github.io/Interactive-Sudoku-Solver/?q=.GreaterThan~R1C1~R1C2.GreaterThan~R2C1~R2C2.Thermo~R3C1~R3C2";
        let imported = sudoku_links::read(link).unwrap();
        let names = unstated_rules(&imported);
        // In the puzzle's order of rules, which is the document's, not the link's.
        assert_eq!(names, ["Thermometer bounds", "Greater-than signs"]);
        assert!(says_rules_for(&imported));
        let texts = "# Words\n\n## Greater-than signs\nThe wide side is larger.\n\nMore.\n";
        assert_eq!(
            said_rules(&names, Some(texts)),
            "Thermometer bounds\nGreater-than signs: The wide side is larger."
        );
        assert_eq!(
            said_rules(&names, None),
            "Thermometer bounds\nGreater-than signs"
        );
        // Its own text stands, and nothing is said for it.
        let json =
            r#"{"size":4,"ruleset":"Normal rules.","thermometer":[{"lines":[["R1C1","R1C2"]]}]}"#;
        let own = sudoku_links::read(json).unwrap();
        assert!(unstated_rules(&own).is_empty() && !says_rules_for(&own));
    }
}
