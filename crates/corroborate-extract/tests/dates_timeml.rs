//! TimeML in and out: fictional TimeML files (under `tests/fixtures/timeml/`) are read, tagged
//! and written back; reading the output again gives the same text and DCT.

use corroborate_core::load::{load_bytes, InputKind};
use corroborate_core::{Document, PreparedDoc, Provenance};
use corroborate_extract::dates::{self, timeml};

fn fixture(name: &str) -> String {
    let p = format!(
        "{}/tests/fixtures/timeml/{name}",
        env!("CARGO_MANIFEST_DIR")
    );
    std::fs::read_to_string(&p).unwrap_or_else(|e| panic!("cannot read {p}: {e}"))
}

fn read(name: &str, xml: &str) -> Document {
    let loaded = load_bytes(name, InputKind::Timeml, xml.as_bytes().to_vec(), None);
    assert!(loaded.problems.is_empty(), "{:?}", loaded.problems);
    loaded
        .documents
        .into_iter()
        .next()
        .unwrap_or_else(|| panic!("{name}: no document"))
}

fn today() -> jiff::civil::Date {
    jiff::civil::date(2030, 1, 1)
}

/// Gold TIMEX3 of a fixture: (text, value) in order, read from its inline tags.
fn gold_tags(xml: &str) -> Vec<(String, String)> {
    let re = regex::Regex::new(
        r#"<TIMEX3 tid="t[1-9][0-9]*"[^>]*value="([^"]*)"[^>]*>([^<]*)</TIMEX3>"#,
    )
    .unwrap_or_else(|e| panic!("{e}"));
    re.captures_iter(xml)
        .map(|c| (c[2].to_string(), c[1].to_string()))
        .collect()
}

#[test]
fn reads_dct_title_and_plain_text() {
    let doc = read("harbor_bridge.tml", &fixture("harbor_bridge.tml"));
    let published = doc.meta.published.clone().expect("DCT read");
    assert_eq!(published.value, jiff::civil::date(2025, 3, 14));
    assert_eq!(
        published.provenance,
        Provenance::Metadata {
            field: "DCT".into()
        }
    );
    assert_eq!(
        doc.meta.title.as_deref(),
        Some("Harbor bridge to close for repairs")
    );
    assert!(doc
        .text
        .starts_with("Harbor bridge to close for repairs\n\nPort Ellery"));
    assert!(doc.text.contains("cracks & rust"));
    assert!(doc.text.contains("<$2 million>"));
    assert!(!doc.text.contains("TIMEX3"));
}

#[test]
fn tagging_matches_the_fixture_annotation() {
    let xml = fixture("harbor_bridge.tml");
    let prepared = PreparedDoc::new(read("harbor_bridge.tml", &xml), today());
    let found: Vec<(String, String)> = dates::extract(&prepared)
        .into_iter()
        .map(|t| {
            (
                prepared.slice(t.span).to_string(),
                t.value.unwrap_or_default(),
            )
        })
        .collect();
    assert_eq!(found, gold_tags(&xml));
}

#[test]
fn round_trip_keeps_text_and_dct() {
    for name in ["harbor_bridge.tml", "no_dct.tml"] {
        let first = read(name, &fixture(name));
        let prepared = PreparedDoc::new(first.clone(), today());
        let found = dates::extract(&prepared);
        assert!(!found.is_empty(), "{name}: nothing tagged");
        let dct = prepared.doc.meta.published.as_ref().map(|p| p.value);
        let written = timeml::write(first.id.as_str(), &first.text, dct, &found);
        assert_eq!(
            gold_tags(&written).len(),
            found.len(),
            "{name}: one tag per expression"
        );
        let second = read("out.tml", &written);
        assert_eq!(second.text, first.text, "{name}: text changed");
        assert_eq!(
            second.meta.published.map(|p| p.value),
            first.meta.published.map(|p| p.value),
            "{name}: DCT changed"
        );
        assert_eq!(second.id, first.id);
    }
}

#[test]
fn without_dct_relative_values_stay_underspecified() {
    let doc = read("no_dct.tml", &fixture("no_dct.tml"));
    assert!(doc.meta.published.is_none());
    assert!(doc.text.contains("\"river\" plan \u{2014} its third"));
    let prepared = PreparedDoc::new(doc, today());
    let found: Vec<(String, Option<String>)> = dates::extract(&prepared)
        .into_iter()
        .map(|t| (prepared.slice(t.span).to_string(), t.value))
        .collect();
    assert_eq!(
        found,
        vec![
            ("Tuesday".to_string(), Some("XXXX-WXX-2".to_string())),
            ("next week".to_string(), Some("XXXX-WXX".to_string())),
            ("2019".to_string(), Some("2019".to_string())),
        ]
    );
}

#[test]
fn writer_escapes_and_skips_overlaps() {
    let text = "A<B & \"C\" on Friday";
    let t = dates::extract_text(text, &[], None, |_| false);
    let mut twice = t.clone();
    twice.extend(t.iter().cloned());
    let xml = timeml::write("x&y", text, None, &twice);
    assert!(xml.contains("<DOCID>x&amp;y</DOCID>"));
    assert!(xml.contains("A&lt;B &amp; &quot;C&quot;"));
    assert!(!xml.contains("<DCT>"));
    assert_eq!(xml.matches("<TIMEX3").count(), 1);
    assert_eq!(read("x.tml", &xml).text, text);
}
