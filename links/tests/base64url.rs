//! The hand-written base64url codec (`sudoku_links::bits`) against the `base64` crate's
//! `URL_SAFE_NO_PAD`, which the compact links were written and read with before: every
//! link that opened then opens now, to the same bytes, and damaged text is blamed on a
//! character exactly when that crate blamed one (the page's two messages rest on it).
#![cfg(not(target_arch = "wasm32"))]

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::{DecodeError, Engine};
use proptest::prelude::*;
use sudoku_links::bits::{from_base64url, to_base64url, Base64Damage};

/// Text of up to 13 characters, mostly of the alphabet, with padding and the other
/// alphabet's characters and a few strangers among them.
fn text() -> impl Strategy<Value = String> {
    let chars = prop_oneof![
        8 => proptest::sample::select(
            b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".to_vec()
        ),
        2 => Just(b'='),
        1 => proptest::sample::select(b"+/ .%\n".to_vec()),
    ];
    proptest::collection::vec(chars, 0..14).prop_map(|c| String::from_utf8(c).unwrap())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(20_000))]

    #[test]
    fn reads_what_the_crate_reads(text in text()) {
        let theirs = URL_SAFE_NO_PAD.decode(&text);
        let ours = from_base64url(&text);
        match theirs {
            Ok(bytes) => prop_assert_eq!(ours, Ok(bytes)),
            Err(DecodeError::InvalidByte(..)) => prop_assert_eq!(ours, Err(Base64Damage::Character)),
            Err(_) => prop_assert_eq!(ours, Err(Base64Damage::Ending)),
        }
    }

    #[test]
    fn writes_what_the_crate_writes(bytes in proptest::collection::vec(any::<u8>(), 0..40)) {
        let text = to_base64url(&bytes);
        prop_assert_eq!(&text, &URL_SAFE_NO_PAD.encode(&bytes));
        prop_assert_eq!(from_base64url(&text), Ok(bytes));
    }
}

#[test]
fn the_edges() {
    assert_eq!(from_base64url(""), Ok(vec![]));
    assert_eq!(from_base64url("AA"), Ok(vec![0]));
    assert_eq!(
        from_base64url("AB"),
        Err(Base64Damage::Ending),
        "bits past the byte"
    );
    assert_eq!(
        from_base64url("A"),
        Err(Base64Damage::Ending),
        "one character of a group"
    );
    assert_eq!(from_base64url("AA=="), Err(Base64Damage::Ending), "padding");
    assert_eq!(
        from_base64url("A=A"),
        Err(Base64Damage::Character),
        "padding inside"
    );
    assert_eq!(
        from_base64url("AA+A"),
        Err(Base64Damage::Character),
        "base64's other alphabet"
    );
}
