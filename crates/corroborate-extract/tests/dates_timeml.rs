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

/// The fixture as a TempEval-3 input: every tag inside `<TEXT>` removed, the rest as it was.
fn te3_input(xml: &str) -> String {
    let open = xml.find("<TEXT>").expect("fixture has <TEXT>") + "<TEXT>".len();
    let close = xml.find("</TEXT>").expect("fixture has </TEXT>");
    let tags = regex::Regex::new(r"</?TIMEX3[^>]*>").unwrap_or_else(|e| panic!("{e}"));
    format!(
        "{}{}{}",
        &xml[..open],
        tags.replace_all(&xml[open..close], ""),
        &xml[close..]
    )
}

#[test]
fn timeml_is_recognised_by_content_whatever_the_name() {
    let input = te3_input(&fixture("harbor_bridge.tml"));
    let dir = std::env::temp_dir().join(format!("dates-timeml-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap_or_else(|e| panic!("{e}"));
    let path = dir.join("harbor_bridge.tml.TE3input");
    std::fs::write(&path, &input).unwrap_or_else(|e| panic!("{e}"));
    let found = corroborate_core::load::discover(std::slice::from_ref(&dir), None, false);
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(found.files.len(), 1, "passed over: {:?}", found.passed_over);
    assert_eq!(found.files[0].kind, InputKind::Timeml);
    // Bytes of unknown kind are sniffed too: the DCT survives, no tag leaks into the text.
    let doc = read("harbor_bridge.tml.TE3input", &input);
    let loaded = load_bytes("x.txt", InputKind::Text, input.into_bytes(), None);
    let as_text = &loaded.documents[0];
    assert_eq!(
        as_text.format,
        corroborate_core::document::SourceFormat::Timeml
    );
    assert_eq!(as_text.text, doc.text);
    assert_eq!(
        as_text.meta.published.as_ref().map(|p| p.value),
        Some(jiff::civil::date(2025, 3, 14))
    );
}

#[test]
fn annotate_changes_nothing_but_the_tags_in_text() {
    let gold = fixture("harbor_bridge.tml");
    let input = te3_input(&gold);
    let prepared = PreparedDoc::new(read("in.tml.TE3input", &input), today());
    let found = dates::extract(&prepared);
    let out = timeml::annotate(&input, &found).expect("input has <TEXT>");
    // Removing the added tags gives the input back byte for byte (entities, DCT, title).
    assert_eq!(te3_input(&out), input);
    assert!(out.contains("cracks &amp; rust") && out.contains("&lt;$2 million&gt;"));
    // The tags are the fixture's annotation; tids continue after the DCT's t0.
    assert_eq!(gold_tags(&out), gold_tags(&gold));
    assert!(out.contains("<TIMEX3 tid=\"t1\" type=\"DATE\" value=\"2025-03-13\">Thursday"));
    // Annotating an already annotated file replaces its tags instead of nesting them.
    assert_eq!(
        timeml::annotate(&gold, &found).as_deref(),
        Some(out.as_str())
    );
    assert_eq!(read("out.tml", &out).text, prepared.doc.text);
    assert!(timeml::annotate("<TimeML>no text</TimeML>", &found).is_none());
}
