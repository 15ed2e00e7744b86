//! Bad input never panics and stays linear: runs of quote marks, only opening marks,
//! 100 KB sentences, no punctuation, all caps. Each case must finish well inside a time bound
//! that a quadratic scan over these sizes could not meet.

use std::time::{Duration, Instant};

use corroborate_core::document::{Document, SourceFormat};
use corroborate_core::PreparedDoc;
use corroborate_extract::{attributions, entities, quotes};

/// Runs quotes and attributions on `text`; returns how many quotes were found.
fn run(text: String) -> usize {
    let doc = Document::new("bad.txt", SourceFormat::Text, text);
    let doc = PreparedDoc::new(doc, jiff::civil::date(2026, 12, 1));
    let ents = entities::extract(&doc);
    let start = Instant::now();
    let qs = quotes::extract(&doc, &ents);
    let atts = attributions::extract(&doc);
    let took = start.elapsed();
    assert!(
        took < Duration::from_secs(5),
        "quotes + attributions took {took:?} on {} bytes",
        doc.doc.text.len()
    );
    for q in &qs {
        assert!(q.content.end <= doc.doc.text.len() && q.span.start <= q.content.start);
    }
    for a in &atts {
        assert!(a.statement.end <= doc.doc.text.len());
    }
    qs.len()
}

#[test]
fn ten_thousand_straight_marks() {
    assert_eq!(run("\"".repeat(10_000)), 0);
}

#[test]
fn only_opening_marks() {
    assert_eq!(run("\u{201c}".repeat(10_000)), 0);
    assert_eq!(run("\u{201c}word ".repeat(10_000)), 0);
    assert_eq!(run("\u{201d}word ".repeat(10_000)), 0);
}

#[test]
fn alternating_marks_and_words() {
    let n = run("he said \"yes\" and ".repeat(5_000));
    assert!(n > 0);
}

#[test]
fn hundred_kb_sentence_without_punctuation() {
    let mut text = String::new();
    while text.len() < 100_000 {
        text.push_str("the officer said the car moved and the mayor told the outlet that ");
    }
    run(text);
}

#[test]
fn long_sentence_with_many_quotes_and_pronouns() {
    let mut text = String::from("Ann Lee spoke. ");
    while text.len() < 100_000 {
        text.push_str("\u{201c}we go on\u{201d} she said and ");
    }
    run(text);
}

#[test]
fn all_caps_article() {
    let mut text = String::new();
    for _ in 0..2_000 {
        text.push_str(
            "\"WE WILL FIGHT THIS,\" SAID JOHN SMITH, ACCORDING TO THE ASSOCIATED PRESS REPORTED. ",
        );
    }
    run(text);
}

#[test]
fn dots_and_odd_characters() {
    run("a.A.".repeat(25_000));
    run("\u{2019}\u{2018}'\"\u{201d}\u{201c}\u{0301}.".repeat(10_000));
    run("\n\n\"\n\n\u{201c}".repeat(10_000));
}
