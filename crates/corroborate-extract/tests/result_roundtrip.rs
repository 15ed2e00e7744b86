//! The per-article result (prepared document + extraction) is an artifact that can be written
//! and read back: serialising it, reading it back and serialising again gives the same bytes.
//! Checked on the seed articles (read at run time from `../shared/seeds`; a missing folder
//! fails) and on the bundled example corpus, so every annotation kind they produce is covered.

use std::path::PathBuf;

use corroborate_core::load::{discover, load_file};
use corroborate_core::PreparedDoc;
use corroborate_extract::Extraction;

fn folder(rel: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(rel)
}

fn results_of(dir: PathBuf) -> Vec<(PreparedDoc, Extraction)> {
    assert!(dir.is_dir(), "{} is missing", dir.display());
    let today = jiff::civil::date(2026, 12, 1);
    let found = discover(&[dir], None, true);
    let mut out = Vec::new();
    for f in &found.files {
        for d in load_file(f).documents {
            let p = PreparedDoc::new(d, today);
            let ex = corroborate_extract::extract(&p);
            out.push((p, ex));
        }
    }
    assert!(!out.is_empty());
    out
}

fn assert_round_trips(results: &[(PreparedDoc, Extraction)]) {
    for r in results {
        let first = serde_json::to_string(r).expect("serialises");
        let back: (PreparedDoc, Extraction) = serde_json::from_str(&first).expect("reads back");
        let second = serde_json::to_string(&back).expect("serialises again");
        assert_eq!(first, second, "{} changed on a round trip", r.0.doc.source);
    }
}

#[test]
fn seed_results_read_back_unchanged() {
    let results = results_of(folder("../../../shared/seeds"));
    assert_eq!(results.len(), 5);
    assert!(results.iter().any(|(_, e)| !e.quotes.is_empty()));
    assert!(results.iter().any(|(_, e)| !e.dates.is_empty()));
    assert_round_trips(&results);
}

#[test]
fn example_corpus_results_read_back_unchanged() {
    assert_round_trips(&results_of(folder("../../examples/corpus")));
}

#[test]
fn an_unknown_timex_mod_is_refused() {
    let results = results_of(folder("../../examples/corpus"));
    let timex = results
        .iter()
        .flat_map(|(_, e)| e.dates.first())
        .next()
        .expect("the example corpus has dates");
    let date_json = serde_json::to_value(timex).unwrap();
    let mut bad = date_json.clone();
    bad["mod"] = serde_json::json!("SOMETIME");
    let err = serde_json::from_value::<corroborate_extract::dates::Timex>(bad).unwrap_err();
    assert!(err.to_string().contains("SOMETIME"), "{err}");
    let mut good = date_json;
    good["mod"] = serde_json::json!("APPROX");
    let t: corroborate_extract::dates::Timex = serde_json::from_value(good).unwrap();
    assert_eq!(t.modifier, Some("APPROX"));
}
