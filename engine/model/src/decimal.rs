//! Numbers with a fixed count of decimals, written with integer arithmetic: the standard
//! float formatting would put about 10 KB of code into the web app's module, for a handful
//! of ratings, times and sizes.

/// `x` rounded to `places` decimals (at most 6, halves to even), as "12.5"; negative and
/// non-finite values are written as 0.
pub fn fixed(x: f64, places: u32) -> String {
    let places = places.min(6);
    let scale = 10u64.pow(places);
    let scaled = if x.is_finite() && x > 0.0 {
        (x * scale as f64).round_ties_even() as u64
    } else {
        0
    };
    match places {
        0 => scaled.to_string(),
        _ => format!(
            "{}.{:0width$}",
            scaled / scale,
            scaled % scale,
            width = places as usize
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::fixed;

    #[test]
    fn writes_what_the_standard_formatting_writes() {
        for &(x, places) in &[
            (0.0, 1),
            (12.34, 1),
            (1234.5678, 3),
            (9.96, 1),
            (7.0, 0),
            (2.5, 0),
            (0.125, 2),
        ] {
            assert_eq!(
                fixed(x, places),
                format!("{x:.*}", places as usize),
                "{x} to {places}"
            );
        }
        assert_eq!(fixed(-1.0, 1), "0.0");
        assert_eq!(fixed(f64::NAN, 2), "0.00");
    }
}
