//! The player's statistics per level and the daily streak, in a panel, with a download of
//! the record as JSON.

use wasm_bindgen::JsValue;
use yew::prelude::*;

use crate::state::{days_since_epoch, State, Timer};
use crate::storage;

pub fn stats_panel(state: &UseReducerHandle<State>) -> Html {
    let stats = &state.stats;
    let time = |ms: Option<u64>| {
        ms.map_or("–".to_string(), |ms| {
            Timer::from_seconds(ms / 1000).text()
        })
    };
    let rows = stats.levels.iter().map(|(level, record)| {
        html! {
            <tr>
                <th scope="row">{ level }</th>
                <td>{ record.solved }</td>
                <td>{ time(record.best_ms) }</td>
                <td>{ time(record.average_ms()) }</td>
            </tr>
        }
    });
    let export = {
        let state = state.clone();
        Callback::from(move |_: MouseEvent| {
            if let Some(json) = storage::stats_json(&state.stats) {
                download("sudoku-statistics.json", &json);
            }
        })
    };
    html! {
        <details class="stats">
            <summary>{ "Statistics" }</summary>
            if stats.levels.is_empty() {
                <p>{ "No puzzle finished yet." }</p>
            } else {
                <table>
                    <thead><tr><th scope="col">{ "Level" }</th><th scope="col">{ "Solved" }</th>
                        <th scope="col">{ "Best" }</th><th scope="col">{ "Average" }</th></tr></thead>
                    <tbody>{ for rows }</tbody>
                </table>
            }
            <p id="streak">{ format!("Daily streak: {} (best {})", stats.streak_on(today()), stats.best_streak) }</p>
            <p class="note">{ "Times count puzzles solved without the solver's answers. Kept in this browser only." }</p>
            <button onclick={export}>{ "Export statistics" }</button>
        </details>
    }
}

/// Today in days since 1970, by the person's own calendar.
fn today() -> i64 {
    let now = js_sys::Date::new_0();
    days_since_epoch(
        now.get_full_year() as u16,
        now.get_month() as u8 + 1,
        now.get_date() as u8,
    )
}

/// Offers `text` as a file download named `name`.
fn download(name: &str, text: &str) {
    let parts = js_sys::Array::of1(&JsValue::from_str(text));
    let options = web_sys::BlobPropertyBag::new();
    options.set_type("application/json");
    let Ok(blob) = web_sys::Blob::new_with_str_sequence_and_options(&parts, &options) else {
        return;
    };
    let Ok(url) = web_sys::Url::create_object_url_with_blob(&blob) else {
        return;
    };
    let link = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.create_element("a").ok())
        .and_then(|a| wasm_bindgen::JsCast::dyn_into::<web_sys::HtmlAnchorElement>(a).ok());
    if let Some(link) = link {
        link.set_href(&url);
        link.set_download(name);
        link.click();
    }
    let _ = web_sys::Url::revoke_object_url(&url);
}
