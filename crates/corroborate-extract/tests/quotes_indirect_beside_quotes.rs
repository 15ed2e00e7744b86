//! Indirect speech in sentences that also hold quote marks, on fictional sentences written for
//! these tests: the stretches outside the quotes are searched like any other sentence, and a
//! cue a direct quote already took does not give a second attribution.

use corroborate_core::document::{Document, SourceFormat};
use corroborate_core::PreparedDoc;
use corroborate_extract::entities;
use corroborate_extract::quotes::{self, QuoteKind};

/// The attributions of `text` as (kind, content, cue) text triples.
fn attributions(text: &str) -> Vec<(QuoteKind, String, Option<String>)> {
    let doc = Document::new("fiction.txt", SourceFormat::Text, text.to_string());
    let doc = PreparedDoc::new(doc, jiff::civil::date(2026, 12, 1));
    let ents = entities::extract(&doc);
    quotes::extract(&doc, &ents)
        .iter()
        .map(|q| {
            (
                q.kind,
                doc.slice(q.content).to_string(),
                q.cue.map(|c| doc.slice(c).to_string()),
            )
        })
        .collect()
}

#[test]
fn indirect_speech_before_a_scare_quote_is_found() {
    let found = attributions(
        "Ferry fares\n\nHarbour master Odile Brandt warned that the new timetable would strand \
         the night crews, and the island council called the plan a “stopgap” on Monday.",
    );
    assert!(
        found.iter().any(|(k, c, cue)| *k == QuoteKind::Indirect
            && c.contains("the new timetable would strand the night crews")
            && cue.as_deref() == Some("warned")),
        "{found:?}"
    );
}

#[test]
fn indirect_speech_after_a_direct_quote_is_found_once() {
    let found = attributions(
        "Ferry fares\n\n“The islands cannot wait another winter,” Odile Brandt said on \
         Tuesday. “We will keep the boats running,” she added after the vote, and the harbour \
         board announced that a second ferry would sail before March.",
    );
    assert!(
        found.iter().any(|(k, c, _)| *k == QuoteKind::Indirect
            && c.contains("a second ferry would sail before March")),
        "{found:?}"
    );
    // "said" and "added" belong to the direct quotes only.
    for cue in ["said", "added"] {
        let n = found
            .iter()
            .filter(|(_, _, c)| c.as_deref() == Some(cue))
            .count();
        assert_eq!(n, 1, "{cue}: {found:?}");
    }
}

/// The indirect attributions of `text` as (content, cue) text pairs.
fn indirect(text: &str) -> Vec<(String, Option<String>)> {
    attributions(text)
        .into_iter()
        .filter(|(k, _, _)| *k == QuoteKind::Indirect)
        .map(|(_, c, cue)| (c, cue))
        .collect()
}

#[test]
fn a_cue_seen_only_a_few_times_in_training_reaches_the_detector() {
    // "predicts" and "touts" were cues three times in PolNeAR train (below the four the lexicon
    // asks of a trusted cue); the detector may still keep them.
    for (text, cue) in [
        (
            "Ferry fares\n\nHarbour master Odile Brandt predicts that the fares will double \
             before the spring.",
            "predicts",
        ),
        (
            "Ferry fares\n\nHarbour master Odile Brandt touts the new ferry as the fastest \
             boat on the coast.",
            "touts",
        ),
    ] {
        let found = indirect(text);
        assert!(
            found.iter().any(|(_, c)| c.as_deref() == Some(cue)),
            "{cue}: {found:?}"
        );
    }
}

#[test]
fn a_participle_after_a_direct_quote_cue_is_its_own_attribution() {
    let text = "Ferry fares\n\n“The islands cannot wait,” Odile Brandt said, noting that the \
                pier had been closed since May.";
    let found = attributions(text);
    assert!(
        found.iter().any(|(k, c, cue)| *k == QuoteKind::Indirect
            && c == "the pier had been closed since May"
            && cue.as_deref() == Some("noting")),
        "{found:?}"
    );
    // "said" stays the direct quote's only.
    let said = found
        .iter()
        .filter(|(_, _, c)| c.as_deref() == Some("said"))
        .count();
    assert_eq!(said, 1, "{found:?}");
}
