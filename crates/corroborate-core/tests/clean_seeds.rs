//! Cleaning measured on the seed articles against our own annotation
//! (`tests/annotations/cleaning.json`): exactly the annotated boilerplate is ignored, and no
//! article sentence is.
//!
//! The seeds are read at run time; a missing folder fails the test.

use std::collections::BTreeSet;
use std::path::Path;

use corroborate_core::clean::IgnoreReason;
use corroborate_core::load::{load_bytes, InputKind};
use corroborate_core::{OffsetMap, PreparedDoc, Span};
use serde_json::Value;

const SEEDS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../../shared/seeds");
const ANNOTATIONS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests/annotations");

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| {
        panic!(
            "cannot read {} ({e}); the seeds must sit in ../shared next to the workspace",
            path.display()
        )
    })
}

fn annotation(name: &str) -> Value {
    serde_json::from_str(&read(&Path::new(ANNOTATIONS).join(name))).expect("valid JSON")
}

fn span_of(v: &Value) -> Span {
    let n = |i: usize| v["span"][i].as_u64().expect("offset") as usize;
    Span::new(n(0), n(1))
}

fn prepare(name: &str) -> PreparedDoc {
    let text = read(&Path::new(SEEDS).join(name));
    let mut loaded = load_bytes(name, InputKind::Text, text.into_bytes(), None);
    assert_eq!(loaded.documents.len(), 1, "{name} loads as one document");
    let doc = loaded.documents.remove(0);
    PreparedDoc::new(doc, jiff::civil::date(2026, 12, 31))
}

#[test]
fn seed_cleaning_ignores_exactly_the_annotated_boilerplate() {
    let gold = annotation("cleaning.json");
    let sentences = annotation("sentences.json");
    let files = gold["files"].as_object().expect("files");
    assert_eq!(files.len(), 5, "five seed files annotated");
    let (mut tp, mut n_pred, mut n_gold) = (0usize, 0usize, 0usize);
    for (name, spans) in files {
        let prep = prepare(name);
        let map = OffsetMap::new(&prep.doc.text);
        let want: BTreeSet<(Span, String)> = spans
            .as_array()
            .expect("span list")
            .iter()
            .map(|v| (span_of(v), v["reason"].as_str().expect("reason").to_owned()))
            .collect();
        let got: BTreeSet<(Span, String)> = prep
            .ignored
            .iter()
            .map(|ig| {
                let reason = serde_json::to_value(ig.reason).expect("reason serialises");
                (map.span(ig.span), reason.as_str().unwrap_or("").to_owned())
            })
            .collect();
        assert_eq!(got, want, "{name}: ignored spans (code points) and reasons");

        // Sentence-level precision and recall.
        for s in sentences["files"][name].as_array().expect("sentences") {
            let cp = span_of(s);
            let in_gold = want.iter().any(|(g, _)| g.contains(cp));
            let in_pred = prep.is_ignored(map.byte_span(cp));
            tp += usize::from(in_gold && in_pred);
            n_gold += usize::from(in_gold);
            n_pred += usize::from(in_pred);
        }
    }
    let p = tp as f64 / n_pred.max(1) as f64;
    let r = tp as f64 / n_gold.max(1) as f64;
    println!("seed cleaning, ignored sentences: P={p:.3} R={r:.3} ({tp} of {n_gold} gold, {n_pred} predicted)");
    assert!(
        n_gold >= 7,
        "the annotation marks the seven boilerplate sentences"
    );
}

#[test]
fn the_ad_after_a_run_together_sentence_starts_at_you() {
    let prep = prepare("004_20c3e7cef4f161eb.txt");
    let ad = prep
        .ignored
        .iter()
        .find(|ig| ig.reason == IgnoreReason::Ad)
        .expect("an ad is found in 004");
    let text = prep.slice(ad.span);
    assert!(
        text.starts_with("You use"),
        "ad starts at the reader address: {text:?}"
    );
    let before = &prep.doc.text[..ad.span.start];
    assert!(before.ends_with("November."), "the article sentence stays");
}

/// Precision on unseen news: the MEANTIME and ECB+ development texts (582 articles) carry no
/// promos, ads, hashtag lines, credits, link lines or photo credits, so nothing may be ignored
/// but the date stamps of the pages ECB+ copied its texts from.
#[test]
fn nothing_but_page_date_stamps_is_ignored_in_plain_news_texts() {
    let data = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../../../shared/data"));
    let mut n = 0;
    let mut stamps = 0;
    for sub in ["meantime/text", "ecbplus-train/text"] {
        let dir = data.join(sub);
        let entries = std::fs::read_dir(&dir)
            .unwrap_or_else(|e| panic!("cannot read {} ({e})", dir.display()));
        for e in entries.filter_map(Result::ok) {
            let path = e.path();
            let text = read(&path);
            let name = path.display().to_string();
            let loaded = load_bytes(&name, InputKind::Text, text.into_bytes(), None);
            for doc in loaded.documents {
                let prep = PreparedDoc::new(doc, jiff::civil::date(2026, 12, 31));
                // Pages copied as text keep their date stamps ("Updated: November 11, 2011
                // 20:09 IST"): one line each, never more.
                let found: Vec<_> = prep
                    .ignored
                    .iter()
                    .map(|ig| (ig.reason, prep.slice(ig.span).to_owned()))
                    .filter(|(reason, line)| {
                        *reason != IgnoreReason::DateStamp || line.contains('\n')
                    })
                    .collect();
                assert!(found.is_empty(), "{name}: {found:?}");
                stamps += prep.ignored.len();
                n += 1;
            }
        }
    }
    assert!(n >= 500, "read {n} texts");
    // ECB+ train holds 64 such stamps (each read and checked by hand, 2026-12-05).
    assert_eq!(stamps, 64);
}
