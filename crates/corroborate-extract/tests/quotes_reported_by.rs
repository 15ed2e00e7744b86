//! Layered attributions on fictional sentences written for these tests: a quote an outlet
//! reports ("…,” Holt said, according to CNN") keeps its speaker and records the outlet as
//! `reported_by`; an outlet that is the quote's own source is no outer layer.

use corroborate_core::document::{Document, SourceFormat};
use corroborate_core::PreparedDoc;
use corroborate_extract::Extraction;

/// `text` prepared as a plain-text article, and its extraction.
fn extracted(text: &str) -> (PreparedDoc, Extraction) {
    let doc = Document::new("fiction.txt", SourceFormat::Text, text.to_string());
    let doc = PreparedDoc::new(doc, jiff::civil::date(2026, 12, 1));
    let x = corroborate_extract::extract(&doc);
    (doc, x)
}

/// (speaker, reported_by) as text for every quote of `text` whose content holds `content`.
fn layers(text: &str, content: &str) -> Vec<(Option<String>, Option<String>)> {
    let (doc, x) = extracted(text);
    x.quotes
        .iter()
        .filter(|q| doc.slice(q.content).contains(content))
        .map(|q| {
            (
                q.speaker_named_at.map(|s| doc.slice(s).to_string()),
                q.reported_by.map(|s| doc.slice(s).to_string()),
            )
        })
        .collect()
}

#[test]
fn a_quote_an_outlet_reports_keeps_its_speaker_and_names_the_outlet() {
    let text = "Pier to close\n\nKELL — The harbour will shut its pier.\n\n\
                “I ask you not to protest on the pier,” Holt said, according to CNN.\n";
    assert_eq!(
        layers(text, "not to protest"),
        [(Some("Holt".to_string()), Some("CNN".to_string()))]
    );
}

#[test]
fn an_outlet_that_is_the_source_is_no_outer_layer() {
    let text = "Pier to close\n\nKELL — The harbour will shut its pier.\n\n\
                According to CNN, the pier will stay shut until the spring storms have passed.\n";
    let found = layers(text, "stay shut");
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!(found[0].0.as_deref(), Some("CNN"));
    assert_eq!(found[0].1, None);
}

#[test]
fn reported_speech_ends_before_the_outlet_that_reports_it() {
    let text = "Pier to close\n\nKELL — The harbour will shut its pier.\n\n\
                The mayor said the pier would reopen in May, the Associated Press reported.\n";
    let (doc, x) = extracted(text);
    let mayor = x
        .quotes
        .iter()
        .find(|q| {
            q.speaker_named_at
                .is_some_and(|s| doc.slice(s) == "The mayor")
        })
        .expect("the mayor's statement");
    assert_eq!(doc.slice(mayor.content), "the pier would reopen in May");
    assert_eq!(
        mayor.reported_by.map(|s| doc.slice(s)),
        Some("the Associated Press")
    );
}

#[test]
fn an_outlet_named_after_its_verb_reports_the_quote() {
    let text = "Pier to close\n\nKELL — The harbour will shut its pier.\n\n\
                “This plan is bad for the town,” said Dana Holt, the harbour master, reports \
                USA Today.\n";
    assert_eq!(
        layers(text, "bad for the town"),
        [(Some("Dana Holt".to_string()), Some("USA Today".to_string()))]
    );
}

#[test]
fn as_an_outlet_reported_covers_the_clause_after_it() {
    let text = "Pier to close\n\nKELL — The harbour will shut its pier.\n\n\
                As the Kell Courier reported, the council voted to close the pier on Monday.\n";
    let (doc, x) = extracted(text);
    let a = x.attributions.first().expect("an attribution");
    assert_eq!(a.source, "the Kell Courier");
    assert_eq!(
        doc.slice(a.statement),
        "the council voted to close the pier on Monday"
    );
    assert!(
        x.quotes
            .iter()
            .all(|q| !doc.slice(q.content).starts_with(',')),
        "a reported clause opens after the comma"
    );
}
