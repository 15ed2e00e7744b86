//! Bad input for dates and quantities: never a panic, and time linear in the input (each case
//! is large enough that a quadratic scan would not finish within the bound).

use std::time::{Duration, Instant};

use corroborate_extract::{dates, quantities};

const BOUND: Duration = Duration::from_secs(60);

fn check(name: &str, text: &str) -> usize {
    let dct = jiff::civil::Date::new(2026, 10, 23).ok();
    let t = Instant::now();
    let d = dates::extract_text(text, &[], dct, |_| false);
    let q = quantities::extract_text(text, |_| false);
    let took = t.elapsed();
    assert!(took < BOUND, "{name}: {took:?} for {} bytes", text.len());
    for t in &d {
        assert!(
            t.span.start < t.span.end && t.span.end <= text.len(),
            "{name}: bad span"
        );
        assert!(text.is_char_boundary(t.span.start) && text.is_char_boundary(t.span.end));
    }
    for x in &q {
        assert!(
            x.span.end <= text.len() && x.value.is_finite(),
            "{name}: bad quantity"
        );
    }
    d.len()
}

#[test]
fn digit_soup() {
    let soup: String = (0..200_000u32)
        .map(|i| char::from(b"0123456789/:-., "[(i * 7 % 16) as usize]))
        .collect();
    check("digit soup", &soup);
}

#[test]
fn repeated_names() {
    assert_eq!(check("weekdays", &"Friday ".repeat(10_000)), 10_000);
    assert_eq!(check("May may", &"May may ".repeat(20_000)), 0);
    assert_eq!(check("in June", &"in June ".repeat(20_000)), 20_000);
    check("month days", &"June 14 ".repeat(20_000));
    check("number words", &"twenty-five ".repeat(20_000));
    check("durations", &"three to four days ago ".repeat(10_000));
}

#[test]
fn impossible_dates_have_no_value() {
    let text = "Filed February 30, on 2026-02-30, on 13/45/2026 and on February 29.";
    let dct = jiff::civil::Date::new(2026, 10, 23).ok();
    let found = dates::extract_text(text, &[], dct, |_| false);
    let values: Vec<(&str, Option<&str>)> = found
        .iter()
        .map(|t| (t.span.text(text), t.value.as_deref()))
        .collect();
    assert_eq!(
        values,
        vec![
            ("February 30", None),
            ("2026-02-30", None),
            ("13/45/2026", None),
            ("February 29", Some("2024-02-29")),
        ]
    );
}

#[test]
fn odd_text() {
    check(
        "year 99999",
        "In the year 99999 and 1e400 and 10:99 and 99:99 p.m.",
    );
    check("no spaces", &"Friday,June14,2026;".repeat(20_000));
    check("unicode", &"Ünïcödé — “June” ’82 ½ € £ $ ".repeat(10_000));
    check("whitespace", &format!("June{}14", " ".repeat(500_000)));
    check("extreme dct", "last year, next week, 3 days ago");
    let far = jiff::civil::Date::new(9999, 12, 31).ok();
    let _ = dates::extract_text(
        "next year, next week, tomorrow, in 9999 years",
        &[],
        far,
        |_| false,
    );
    let early = jiff::civil::Date::new(-9999, 1, 1).ok();
    let _ = dates::extract_text(
        "last year, yesterday, last Friday, June",
        &[],
        early,
        |_| false,
    );
}
