//! JSON text for storage and for the payloads of variant links, as `serde_json` writes
//! and reads it. In the browser the browser's own JSON does the writing and reading:
//! `serde_json` would add about 8 KB to the first load.

use serde::de::DeserializeOwned;
use serde::Serialize;

/// JSON text of `value`.
#[cfg(target_arch = "wasm32")]
pub fn to_json<T: Serialize>(value: &T) -> Option<String> {
    let value = value
        .serialize(&serde_wasm_bindgen::Serializer::json_compatible())
        .ok()?;
    js_sys::JSON::stringify(&value).ok()?.as_string()
}

#[cfg(not(target_arch = "wasm32"))]
pub fn to_json<T: Serialize>(value: &T) -> Option<String> {
    serde_json::to_string(value).ok()
}

/// The value of `T` that JSON text holds, if it holds one.
#[cfg(target_arch = "wasm32")]
pub fn from_json<T: DeserializeOwned>(text: &str) -> Option<T> {
    serde_wasm_bindgen::from_value(js_sys::JSON::parse(text).ok()?).ok()
}

#[cfg(not(target_arch = "wasm32"))]
pub fn from_json<T: DeserializeOwned>(text: &str) -> Option<T> {
    serde_json::from_str(text).ok()
}
