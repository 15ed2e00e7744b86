//! The learned speaker ranker of direct quotes, on fictional articles written for these tests.

use corroborate_core::document::{Document, SourceFormat};
use corroborate_core::PreparedDoc;
use corroborate_extract::entities;
use corroborate_extract::quotes::{self, Quote, QuoteKind, SPEAKER_FEATURES};

fn prepare(text: &str) -> PreparedDoc {
    let doc = Document::new("fiction.txt", SourceFormat::Text, text.to_string());
    PreparedDoc::new(doc, jiff::civil::date(2026, 12, 1))
}

fn extract(text: &str) -> (PreparedDoc, Vec<Quote>) {
    let doc = prepare(text);
    let ents = entities::extract(&doc);
    let qs = quotes::extract(&doc, &ents);
    (doc, qs)
}

/// The direct or partial quote whose content starts with `start`.
fn quote<'a>(doc: &PreparedDoc, qs: &'a [Quote], start: &str) -> &'a Quote {
    let q = qs
        .iter()
        .filter(|q| q.kind != QuoteKind::Indirect)
        .find(|q| doc.slice(q.content).starts_with(start));
    q.unwrap_or_else(|| panic!("no quote starting {start:?}"))
}

/// The text naming the quote's speaker, if any.
fn named<'a>(doc: &'a PreparedDoc, q: &Quote) -> Option<&'a str> {
    q.speaker_named_at.map(|s| doc.slice(s))
}

#[test]
fn a_quote_paragraph_without_a_cue_takes_the_speaker_named_in_the_paragraph_before() {
    let text = "Bridge repairs delayed again\n\n\
        The county engineer, Marta Quillfeather, told commissioners on Tuesday that the steel \
        beams ordered in spring had still not arrived.\n\n\
        \u{201c}We cannot pour concrete around beams we do not have. Every week we wait costs \
        the county another forty thousand dollars.\u{201d}\n\n\
        Commissioners voted to send a letter to the supplier.";
    let (doc, qs) = extract(text);
    let q = quote(&doc, &qs, "We cannot pour");
    // Either of her two mentions in the apposition names her.
    assert!(
        matches!(
            named(&doc, q),
            Some("Marta Quillfeather" | "The county engineer")
        ),
        "{q:?}"
    );
    assert_eq!(q.speaker_name.as_deref(), Some("Marta Quillfeather"));
    assert!(q.speaker_inherited);
}

#[test]
fn a_scare_quote_gets_no_speaker() {
    // Nobody in the paragraph says or writes the quoted words: "no speaker" beats the one
    // candidate (the noun phrase after the quote).
    let text = "Ferry slip to close\n\n\
        Tickets for the \u{201c}last crossing\u{201d} sold out within an hour.\n\n\
        Work on a new pier starts in May.";
    let (doc, qs) = extract(text);
    let q = quote(&doc, &qs, "last crossing");
    assert_eq!(q.kind, QuoteKind::Partial);
    assert_eq!(named(&doc, q), None, "{q:?}");
    assert_eq!(q.speaker, None);
    assert_eq!(q.speaker_name, None);
    let ents = entities::extract(&doc);
    let options = quotes::speaker_candidates(&doc, &ents);
    let o = options
        .iter()
        .find(|o| o.content == q.content)
        .expect("ranked");
    assert!(o.options.len() > 1, "there was a candidate to refuse");
}

#[test]
fn a_quote_with_its_own_cue_keeps_the_speaker_the_cue_names() {
    let text = "Ferry fares frozen\n\n\
        Families on the islands spoke at the meeting. Teodor Lind, who chairs the fare board, \
        listened.\n\n\
        \u{201c}Nobody on this board wants to raise fares,\u{201d} said Ilse Varga, the board's \
        treasurer.";
    let (doc, qs) = extract(text);
    let q = quote(&doc, &qs, "Nobody on this board");
    assert_eq!(named(&doc, q), Some("Ilse Varga"));
    assert!(!q.speaker_inherited);
}

#[test]
fn a_quote_opening_its_sentence_after_a_named_speaker_goes_on_with_that_speaker() {
    // No cue at the second quote: the speaker named two sentences before it.
    let text = "Council split over budget\n\n\
        Councillor Rafael Okonjo criticised the plan at length on Thursday. He pointed to the \
        closed library in Eastmoor. \u{201c}Nobody will fix that roof if this budget passes.\u{201d}\n\n\
        The vote is next week.";
    let (doc, qs) = extract(text);
    let q = quote(&doc, &qs, "Nobody will fix");
    let who = named(&doc, q);
    assert!(
        matches!(who, Some("Rafael Okonjo" | "He")),
        "speaker named at {who:?}"
    );
}

#[test]
fn every_candidate_is_a_span_of_the_text_and_the_choice_is_one_of_them() {
    let text = "Zoë Ångström’s “radical” plan 🚢\n\n\
        Zoë Ångström, the port’s director, said: “We will not wait.” She added, \u{201c}Never \
        again.\u{201d}\n\n\
        \u{201c}Ça suffit,\u{201d} shouted a dock worker. Critics called it \u{201c}theatre\u{201d}.";
    let doc = prepare(text);
    let ents = entities::extract(&doc);
    let options = quotes::speaker_candidates(&doc, &ents);
    assert!(!options.is_empty());
    for o in &options {
        assert!(o.chosen < o.options.len());
        assert!(
            o.options.iter().any(|(s, _)| s.is_none()),
            "no speaker is always a candidate"
        );
        for (span, feats) in &o.options {
            assert_eq!(feats.len(), SPEAKER_FEATURES.len());
            assert!(feats.iter().all(|x| x.is_finite()));
            if let Some(s) = span {
                assert!(s.start < s.end && s.end <= text.len());
                assert!(text.is_char_boundary(s.start) && text.is_char_boundary(s.end));
            }
        }
    }
    // What the extractor outputs is the ranker's choice.
    let qs = quotes::extract(&doc, &ents);
    for o in &options {
        let q = qs.iter().find(|q| q.content == o.content).expect("quote");
        assert_eq!(q.speaker_named_at, o.options[o.chosen].0);
    }
}

#[test]
fn the_ranked_output_is_the_same_on_every_run() {
    let text = "Strike ends\n\n\
        Union leader Kwame Haddad said the deal was \u{201c}the best we could get.\u{201d}\n\n\
        \u{201c}We go back on Monday,\u{201d} he said. \u{201c}Heads high.\u{201d}";
    let a = serde_json::to_string(&extract(text).1).expect("json");
    let b = serde_json::to_string(&extract(text).1).expect("json");
    assert_eq!(a, b);
}

#[test]
fn the_feature_list_names_what_the_ranker_looks_at() {
    for name in [
        "none",
        "rule",
        "earlier_speaker_1",
        "subject_same_sentence",
        "mention_before",
        "sentence_0",
        "paragraph_1",
        "cue_rate_after",
    ] {
        assert!(SPEAKER_FEATURES.contains(&name), "{name}");
    }
}

#[test]
fn a_speaker_named_after_a_quote_that_ends_its_sentence_is_a_candidate() {
    // The quote ends its sentence inside the marks, so the speaker stands in the next
    // sentence; the rules know no cue "points out" and would carry the last speaker over.
    let text = "Harbour tolls rise\n\n\
        Port director Helga Brandvold said the new tolls start in June.\n\n\
        \u{201c}Every ferry company signed the agreement. Nobody was forced.\u{201d} Olaf \
        Sundqvist points out.\n\n\
        The tolls are the first rise in a decade.";
    let doc = prepare(text);
    let ents = entities::extract(&doc);
    let options = quotes::speaker_candidates(&doc, &ents);
    let o = options
        .iter()
        .find(|o| doc.slice(o.content).starts_with("Every ferry"))
        .expect("ranked");
    let next = SPEAKER_FEATURES
        .iter()
        .position(|f| *f == "sentence_next")
        .expect("feature");
    assert!(
        o.options
            .iter()
            .any(|(s, f)| s.is_some_and(|s| doc.slice(s).contains("Sundqvist")) && f[next] == 1.0),
        "{:?}",
        o.options
            .iter()
            .map(|(s, _)| s.map(|s| doc.slice(s)))
            .collect::<Vec<_>>()
    );
}
