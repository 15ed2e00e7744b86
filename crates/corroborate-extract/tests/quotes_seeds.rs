//! Quote and speaker accuracy on the five seed articles, against our own annotation in
//! `tests/annotations/quotes.json` (code-point offsets of each direct or partial quote's
//! content, its kind and the speaker's canonical name). The seeds are read at run time from
//! `../shared/seeds`; a missing folder fails the test. Prints P and R; fails below 0.95.
//!
//! A predicted quote matches a gold one when their contents overlap by at least half of the
//! shorter and the speaker names are equal (both absent counts as equal: "never guess").

use std::path::PathBuf;

use corroborate_core::load::{discover, load_file};
use corroborate_core::{OffsetMap, PreparedDoc, Span};
use corroborate_extract::quotes::{Quote, QuoteKind};
use corroborate_extract::{attributions, entities, quotes};
use serde::Deserialize;

fn seeds_dir() -> PathBuf {
    PathBuf::from(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../../shared/seeds"
    ))
}

fn annotations_path() -> PathBuf {
    PathBuf::from(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../tests/annotations/quotes.json"
    ))
}

#[derive(Debug, Deserialize)]
struct GoldQuote {
    start: usize,
    end: usize,
    kind: String,
    speaker: Option<String>,
    hint: String,
}

#[derive(Debug, Deserialize)]
struct GoldDoc {
    file: String,
    quotes: Vec<GoldQuote>,
}

#[derive(Debug, Deserialize)]
struct Gold {
    documents: Vec<GoldDoc>,
}

/// Loads every seed with its manifest and prepares it (today fixed for reproducibility).
fn seeds() -> Vec<(String, PreparedDoc)> {
    let dir = seeds_dir();
    assert!(
        dir.join("manifest.json").is_file(),
        "seed folder missing: {} (expected ../shared/seeds beside the workspace)",
        dir.display()
    );
    let found = discover(&[dir], None, true);
    let today = jiff::civil::date(2026, 12, 1);
    let mut out = Vec::new();
    for f in &found.files {
        let name = f
            .path
            .file_name()
            .and_then(|n| n.to_str())
            .unwrap_or("")
            .to_string();
        for d in load_file(f).documents {
            out.push((name.clone(), PreparedDoc::new(d, today)));
        }
    }
    assert_eq!(out.len(), 5, "expected five seed articles");
    out
}

fn doc<'a>(docs: &'a [(String, PreparedDoc)], file: &str) -> &'a PreparedDoc {
    match docs.iter().find(|(n, _)| n == file) {
        Some((_, d)) => d,
        None => panic!("seed {file} missing"),
    }
}

fn overlaps_enough(a: Span, b: Span) -> bool {
    let inter = a.end.min(b.end).saturating_sub(a.start.max(b.start));
    let shorter = a.len().min(b.len()).max(1);
    inter * 2 >= shorter
}

fn map_for(d: &PreparedDoc) -> OffsetMap {
    OffsetMap::new(&d.doc.text)
}

fn quoted(q: &Quote) -> bool {
    matches!(q.kind, QuoteKind::Direct | QuoteKind::Partial)
}

#[test]
fn seed_direct_quotes_with_speakers() {
    let text = std::fs::read_to_string(annotations_path()).expect("tests/annotations/quotes.json");
    let gold: Gold = serde_json::from_str(&text).expect("valid annotation JSON");
    assert_eq!(gold.documents.len(), 5, "annotation covers the five seeds");
    let docs = seeds();
    let (mut tp, mut n_pred, mut n_gold, mut kind_ok) = (0, 0, 0, 0);
    let (mut fb_tp, mut fb_pred) = (0, 0);
    let mut problems = Vec::new();
    for g in &gold.documents {
        let d = doc(&docs, &g.file);
        let ents = entities::extract(d);
        let qs = quotes::extract(d, &ents);
        let fallback = quotes::extract(d, &entities::EntityAnalysis::default());
        fb_pred += fallback.iter().filter(|q| quoted(q)).count();
        fb_tp += g
            .quotes
            .iter()
            .filter(|gq| {
                let gspan = map_for(d).byte_span(Span::new(gq.start, gq.end));
                fallback.iter().any(|q| {
                    quoted(q) && overlaps_enough(q.content, gspan) && q.speaker_name == gq.speaker
                })
            })
            .count();
        let map = OffsetMap::new(&d.doc.text);
        let pred: Vec<&Quote> = qs.iter().filter(|q| quoted(q)).collect();
        n_pred += pred.len();
        n_gold += g.quotes.len();
        let mut used = vec![false; pred.len()];
        for gq in &g.quotes {
            let gspan = map.byte_span(Span::new(gq.start, gq.end));
            let hit = pred
                .iter()
                .enumerate()
                .find(|(i, q)| !used[*i] && overlaps_enough(q.content, gspan));
            match hit {
                Some((i, q)) => {
                    used[i] = true;
                    let want_kind = if gq.kind == "direct" {
                        QuoteKind::Direct
                    } else {
                        QuoteKind::Partial
                    };
                    if q.kind == want_kind {
                        kind_ok += 1;
                    }
                    if q.speaker_name == gq.speaker {
                        tp += 1;
                    } else {
                        problems.push(format!(
                            "{} {:?}: speaker {:?}, want {:?} (mention {:?})",
                            g.file,
                            gq.hint,
                            q.speaker_name,
                            gq.speaker,
                            q.speaker_mention.map(|m| d.slice(m))
                        ));
                    }
                }
                None => problems.push(format!("{} {:?}: not found", g.file, gq.hint)),
            }
        }
        for (i, q) in pred.iter().enumerate() {
            if !used[i] {
                let c = d.slice(q.content);
                let short: String = c.chars().take(30).collect();
                problems.push(format!("{} extra quote {short:?}", g.file));
            }
        }
    }
    let p = tp as f64 / n_pred.max(1) as f64;
    let r = tp as f64 / n_gold.max(1) as f64;
    println!(
        "quotes with correct speaker on seeds: P={p:.3} R={r:.3} (tp={tp}, predicted={n_pred}, gold={n_gold}); kind correct on {kind_ok}"
    );
    println!(
        "  without the entities API (name-table fallback only): P={:.3} R={:.3}",
        fb_tp as f64 / fb_pred.max(1) as f64,
        fb_tp as f64 / n_gold.max(1) as f64
    );
    for pr in &problems {
        println!("  {pr}");
    }
    assert!(p >= 0.95 && r >= 0.95, "P={p:.3} R={r:.3} below 0.95");
}

#[test]
fn seed_attributions_to_outlets() {
    let docs = seeds();
    let want = [
        (
            "003_8f2b06351337482e.txt",
            "Associated Press",
            "AP reported",
        ),
        (
            "004_20c3e7cef4f161eb.txt",
            "Associated Press",
            "the Associated Press reported",
        ),
        (
            "003_8f2b06351337482e.txt",
            "Mississippi Today",
            "according to Mississippi Today",
        ),
        ("002_1784f26f340c65f5.txt", "ABC News", "told ABC News"),
        (
            "000_ddeed167889eb317.txt",
            "CBS News",
            "confirmed to CBS News",
        ),
    ];
    for (file, source, phrase) in want {
        let d = doc(&docs, file);
        let atts = attributions::extract(d);
        let hit = atts.iter().find(|a| {
            d.slice(a.span) == phrase
                && a.normalized.as_deref().unwrap_or(a.source.as_str()) == source
                && a.statement.len() > phrase.len()
        });
        assert!(
            hit.is_some(),
            "{file}: no attribution {phrase:?} to {source}; got {:?}",
            atts.iter().map(|a| d.slice(a.span)).collect::<Vec<_>>()
        );
    }
}
