//! The learned attribution detector (indirect speech around cue words the lexicon alone does
//! not trust), on fictional articles written for these tests.

use corroborate_core::document::{Document, SourceFormat};
use corroborate_core::PreparedDoc;
use corroborate_extract::entities;
use corroborate_extract::quotes::{self, Quote, QuoteKind, CUE_FEATURES};

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

/// The indirect attributions as (content, named source) text pairs.
fn indirect(doc: &PreparedDoc, qs: &[Quote]) -> Vec<(String, Option<String>)> {
    qs.iter()
        .filter(|q| q.kind == QuoteKind::Indirect)
        .map(|q| {
            (
                doc.slice(q.content).to_string(),
                q.speaker_named_at.map(|s| doc.slice(s).to_string()),
            )
        })
        .collect()
}

const ARTICLE: &str = "Ferry fares to rise\n\n\
    Harbour workers hope the ferry will run again by May.\n\n\
    The new bridge seemed to shake in the strong wind on Tuesday.\n\n\
    Councillor Odile Brandt believes that the port authority broke its own rules.\n\n\
    Island families worry that the higher fares will empty the villages.\n\n\
    The ferry turned away from the pier and sailed back to Kelvport.\n\n\
    The mayor of Kelvport warned that the harbour would close for a month.";

fn has(found: &[(String, Option<String>)], content: &str, source: Option<&str>) -> bool {
    found
        .iter()
        .any(|(c, s)| c == content && s.as_deref() == source)
}

#[test]
fn learned_cues_find_hopes_beliefs_and_worries_with_their_holders() {
    // "hope", "believes" and "worry" head attributions in training, but in fewer than 40% of
    // their uses: the lexicon alone does not trust them, the detector keeps these.
    let (doc, qs) = extract(ARTICLE);
    let found = indirect(&doc, &qs);
    assert!(
        has(
            &found,
            "the ferry will run again by May",
            Some("Harbour workers")
        ),
        "{found:?}"
    );
    assert!(
        has(
            &found,
            "the port authority broke its own rules",
            Some("Councillor Odile Brandt")
        ),
        "{found:?}"
    );
    assert!(
        has(
            &found,
            "the higher fares will empty the villages",
            Some("Island families")
        ),
        "{found:?}"
    );
    // The trusted lexicon is unchanged.
    assert!(
        has(
            &found,
            "the harbour would close for a month",
            Some("The mayor of Kelvport")
        ),
        "{found:?}"
    );
}

#[test]
fn a_cue_whose_subject_is_not_its_source_names_no_one() {
    // "seemed": in training the subject of "X seemed to …" is part of the content and the
    // attribution has no source. Say so: no speaker, never the bridge.
    let (doc, qs) = extract(ARTICLE);
    let q = qs
        .iter()
        .find(|q| q.kind == QuoteKind::Indirect && doc.slice(q.content).contains("shake"))
        .expect("the seemed-attribution");
    assert!(doc.slice(q.content).starts_with("The new bridge"));
    assert_eq!(q.speaker_named_at, None);
    assert_eq!(q.speaker, None);
}

#[test]
fn a_narrative_verb_is_not_an_attribution() {
    let (doc, qs) = extract(ARTICLE);
    assert!(
        !indirect(&doc, &qs)
            .iter()
            .any(|(c, _)| c.contains("pier") || c.contains("Kelvport")),
        "{:?}",
        indirect(&doc, &qs)
    );
    let turned = quotes::cue_candidates(&doc)
        .into_iter()
        .find(|c| doc.slice(c.cue) == "turned")
        .expect("turned is a candidate");
    assert!(!turned.kept && Some(turned.probability) < quotes::detector_threshold());
}

#[test]
fn candidates_have_every_feature_in_range_and_are_deterministic() {
    let doc = prepare(ARTICLE);
    let a = quotes::cue_candidates(&doc);
    let b = quotes::cue_candidates(&prepare(ARTICLE));
    let t = quotes::detector_threshold().expect("shipped weights");
    assert!(a.len() >= 4);
    assert_eq!(a.len(), b.len());
    for (x, y) in a.iter().zip(&b) {
        assert_eq!(x.features.len(), CUE_FEATURES.len());
        assert!(x.features.iter().all(|v| (0.0..=1.0).contains(v)), "{x:?}");
        assert!((0.0..=1.0).contains(&x.probability));
        assert_eq!(x.kept, x.probability >= t);
        assert_eq!((x.cue, x.content, x.source), (y.cue, y.content, y.source));
        assert_eq!(x.probability.to_bits(), y.probability.to_bits());
    }
}

#[test]
fn confidence_comes_from_the_learned_models_only() {
    let text = format!(
        "{ARTICLE}\n\n\u{201c}We will not pay twice for one crossing,\u{201d} Brandt said."
    );
    let (doc, qs) = extract(&text);
    let find = |start: &str| {
        qs.iter()
            .find(|q| doc.slice(q.content).starts_with(start))
            .unwrap_or_else(|| panic!("no quote {start:?}"))
    };
    // Kept by the detector: its probability, rounded to three decimals.
    let hope = find("the ferry will run again");
    let cand = quotes::cue_candidates(&doc)
        .into_iter()
        .find(|c| doc.slice(c.cue) == "hope")
        .expect("candidate");
    let c = hope
        .confidence
        .expect("a learned attribution has a confidence")
        .get();
    assert!(
        (c - cand.probability).abs() <= 0.0005 + f32::EPSILON,
        "{c} {cand:?}"
    );
    // The trusted lexicon's rules alone: no confidence.
    assert_eq!(find("the harbour would close").confidence, None);
    // A direct quote's speaker, chosen by the ranker: the softmax probability of the choice.
    let direct = find("We will not pay");
    assert_eq!(direct.kind, QuoteKind::Direct);
    let p = direct.confidence.expect("ranked").get();
    assert!(p > 0.5 && p <= 1.0, "{p}");
    // In JSON: a plain number with at most three decimals, absent when None.
    let json = serde_json::to_value(hope).expect("serialises");
    let v = json["confidence"].as_f64().expect("a number");
    assert!(((v * 1000.0).round() - v * 1000.0).abs() < 1e-3, "{v}");
    let json = serde_json::to_value(find("the harbour would close")).expect("serialises");
    assert!(json.get("confidence").is_none());
}

#[test]
fn the_threshold_chosen_on_train_keeps_stances_below_even_odds() {
    // Support for a plan is an attribution in PolNeAR; the detector gives "backs" here less
    // than 0.5 but more than the threshold the fitting script chose on held-out train (0.40).
    let (doc, qs) =
        extract("Ferry fares\n\nCouncillor Odile Brandt backs a second ferry for the islands.");
    let q = qs
        .iter()
        .find(|q| q.kind == QuoteKind::Indirect && doc.slice(q.content).contains("second ferry"))
        .unwrap_or_else(|| panic!("{:?}", indirect(&doc, &qs)));
    let c = q.confidence.expect("a learned attribution").get();
    let t = quotes::detector_threshold().expect("shipped weights");
    assert!(c < 0.5 && c >= t - 0.0005, "{c} {t}");
}
