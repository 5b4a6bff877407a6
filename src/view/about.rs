//! A variant puzzle's title, author and rules text above the board, as text (Yew never
//! renders it as HTML); the rules can be collapsed. A puzzle with drawings that carry no
//! rule the page checks says so, and that the verdict covers only the rules checked.

use std::collections::BTreeMap;
use std::rc::Rc;

use sudoku_links::Imported;
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct Props {
    pub imported: Rc<Imported>,
}

/// "2 lines and 1 text": what is only drawn, by kind.
fn drawn_summary(imported: &Imported) -> String {
    let mut kinds = BTreeMap::<&str, usize>::new();
    for d in &imported.drawn {
        *kinds.entry(d.kind.as_str()).or_default() += 1;
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

#[function_component]
pub fn AboutPuzzle(props: &Props) -> Html {
    let imported = &props.imported;
    let drawn = drawn_summary(imported);
    html! {
        <section class="about" aria-label="About this puzzle">
            if let Some(title) = &imported.title {
                <h2 class="puzzle-title">{ title.clone() }</h2>
            }
            if let Some(author) = &imported.author {
                <p class="puzzle-author">{ format!("by {author}") }</p>
            }
            if let Some(rules) = &imported.rules {
                <details class="puzzle-rules" open=true>
                    <summary>{ "Rules" }</summary>
                    // Long rules scroll; the keyboard can scroll them too.
                    <p tabindex="0">{ rules.clone() }</p>
                </details>
            }
            if !drawn.is_empty() {
                <p class="drawn-note">{ format!(
                    "Drawn but not checked: {drawn}. The verdict covers only the rules that are checked."
                ) }</p>
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
}
