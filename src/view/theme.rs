//! Light or dark. The page follows the system (`prefers-color-scheme`) until the person
//! picks a theme with the toggle; the pick is kept in localStorage and put on the root
//! element before the page paints (the inline script in index.html), so it never flashes.

use yew::prelude::*;

use crate::storage;

const KEY: &str = "sudoku.theme";

/// Whether the dark theme shows, kept for the toggle.
#[hook]
pub fn use_theme() -> UseStateHandle<bool> {
    use_state(is_dark)
}

/// The toggle of `use_theme`'s theme. A function of `App`'s view rather than a component,
/// as the pad is (see `view`'s module).
pub fn theme_toggle(dark: &UseStateHandle<bool>) -> Html {
    let onclick = {
        let dark = dark.clone();
        Callback::from(move |_| {
            choose(!*dark);
            dark.set(!*dark);
        })
    };
    // The button says what it does: to the other theme.
    let (icon, label) = match **dark {
        true => ("☀", "Light theme"),
        false => ("☾", "Dark theme"),
    };
    html! {
        <button class="theme" aria-label={label} {onclick}>
            <span aria-hidden="true">{ icon }</span><span class="label">{ format!(" {label}") }</span>
        </button>
    }
}

/// Whether the dark theme shows: the person's pick, else the system's.
fn is_dark() -> bool {
    let Some(window) = web_sys::window() else {
        return false;
    };
    match storage::get(KEY).as_deref() {
        Some("dark") => true,
        Some("light") => false,
        _ => window
            .match_media("(prefers-color-scheme: dark)")
            .ok()
            .flatten()
            .is_some_and(|query| query.matches()),
    }
}

fn choose(dark: bool) {
    let theme = if dark { "dark" } else { "light" };
    let root = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.document_element());
    if let Some(root) = root {
        let _ = root.set_attribute("data-theme", theme);
    }
    // Without storage (a private window) the pick lasts as long as the page.
    storage::set(KEY, theme);
}
