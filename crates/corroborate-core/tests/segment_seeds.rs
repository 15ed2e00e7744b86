//! Sentence segmentation measured against our own annotation of the seed articles
//! (`tests/annotations/sentences.json`) and against MEANTIME's sentence split.
//!
//! The seeds and the data sets are read at run time; a missing folder fails the test.

use std::collections::HashSet;
use std::path::{Path, PathBuf};

use corroborate_core::segment::segment;
use corroborate_core::{OffsetMap, Span};

const SEEDS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../../shared/seeds");
const MEANTIME: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../../shared/data/meantime/text"
);
const GOLD: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../tests/annotations/sentences.json"
);

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| {
        panic!(
            "cannot read {} ({e}); the seeds and data sets must sit in ../shared next to the \
             workspace",
            path.display()
        )
    })
}

fn seed(name: &str) -> String {
    read(&PathBuf::from(SEEDS).join(name))
}

/// Sentence spans of `text` in code points.
fn sentences_cp(text: &str) -> Vec<(usize, usize)> {
    let map = OffsetMap::new(text);
    segment(text)
        .sentences
        .iter()
        .map(|s| {
            let c = map.span(*s);
            (c.start, c.end)
        })
        .collect()
}

fn gold() -> Vec<(String, Vec<(usize, usize)>)> {
    let v: serde_json::Value =
        serde_json::from_str(&read(Path::new(GOLD))).expect("sentences.json is valid JSON");
    let files = v["files"].as_object().expect("files object");
    files
        .iter()
        .map(|(name, sents)| {
            let spans = sents
                .as_array()
                .expect("sentence list")
                .iter()
                .map(|s| {
                    let a = s["span"][0].as_u64().expect("start") as usize;
                    let b = s["span"][1].as_u64().expect("end") as usize;
                    (a, b)
                })
                .collect();
            (name.clone(), spans)
        })
        .collect()
}

#[test]
fn seed_sentence_spans_precision_recall() {
    let gold = gold();
    assert_eq!(gold.len(), 5, "five seed files annotated");
    let (mut tp, mut n_pred, mut n_gold) = (0usize, 0usize, 0usize);
    for (name, spans) in &gold {
        let text = seed(name);
        let pred = sentences_cp(&text);
        let g: HashSet<_> = spans.iter().copied().collect();
        let hits = pred.iter().filter(|s| g.contains(s)).count();
        for s in &pred {
            if !g.contains(s) {
                eprintln!("{name}: extra/wrong sentence {s:?}");
            }
        }
        let p: HashSet<_> = pred.iter().copied().collect();
        for s in spans {
            if !p.contains(s) {
                eprintln!("{name}: missed sentence {s:?}");
            }
        }
        tp += hits;
        n_pred += pred.len();
        n_gold += spans.len();
    }
    let p = tp as f64 / n_pred.max(1) as f64;
    let r = tp as f64 / n_gold.max(1) as f64;
    println!(
        "seed sentences: P={p:.3} R={r:.3} F1={:.3} (exact spans; {tp} of {n_gold} gold, \
         {n_pred} predicted)",
        2.0 * p * r / (p + r).max(f64::EPSILON)
    );
    assert!(p >= 0.95 && r >= 0.95, "P={p:.3} R={r:.3} below 0.95");
}

/// The byte offset of the only occurrence of `needle` in `text`.
fn find_once(text: &str, needle: &str) -> usize {
    let mut it = text.match_indices(needle);
    let (i, _) = it
        .next()
        .unwrap_or_else(|| panic!("{needle:?} not in seed"));
    assert!(it.next().is_none(), "{needle:?} occurs more than once");
    i
}

#[test]
fn run_together_wrongdoing_sgt_splits_in_004() {
    let text = seed("004_20c3e7cef4f161eb.txt");
    let at = find_once(&text, "wrongdoing.Sgt Hunter") + "wrongdoing.".len();
    let seg = segment(&text);
    assert!(
        seg.sentences.iter().any(|s| s.end == at),
        "a sentence ends after \"wrongdoing.\""
    );
    assert!(
        seg.sentences.iter().any(|s| s.start == at),
        "a sentence starts at \"Sgt Hunter\""
    );
}

#[test]
fn no_split_inside_sgt_hunter_foster_in_001() {
    let text = seed("001_2d6caafabdf45f46.txt");
    let at = find_once(&text, "Sgt. Hunter Foster");
    let name = Span::new(at, at + "Sgt. Hunter Foster".len());
    let seg = segment(&text);
    assert!(
        seg.sentences.iter().any(|s| s.contains(name)),
        "one sentence holds the whole name"
    );
    assert!(
        seg.tokens.iter().any(|t| t.span.text(&text) == "Sgt."),
        "the title is one token"
    );
}

/// MEANTIME gives one sentence per line (its own split). Joining the lines with spaces and
/// re-segmenting measures how many of those boundaries we recover. Its PTB-style quotes
/// (`` and '') and tokeniser spacing make this a rough, independent check.
#[test]
fn meantime_sentence_boundaries() {
    let mut entries: Vec<_> = std::fs::read_dir(MEANTIME)
        .unwrap_or_else(|e| panic!("cannot read {MEANTIME} ({e})"))
        .filter_map(Result::ok)
        .map(|e| e.path())
        .collect();
    entries.sort();
    assert!(entries.len() >= 100, "MEANTIME texts present");
    let (mut tp, mut n_pred, mut n_gold) = (0usize, 0usize, 0usize);
    for path in &entries {
        let raw = read(path);
        // Title and dateline are lines 1 and 2; sentences follow, one per line.
        let lines: Vec<&str> = raw
            .lines()
            .skip(2)
            .filter(|l| !l.trim().is_empty())
            .collect();
        let mut text = String::new();
        let mut gold = HashSet::new();
        for l in &lines {
            if !text.is_empty() {
                text.push(' ');
            }
            text.push_str(l.trim());
            gold.insert(text.len());
        }
        let pred: HashSet<usize> = segment(&text).sentences.iter().map(|s| s.end).collect();
        tp += pred.intersection(&gold).count();
        n_pred += pred.len();
        n_gold += gold.len();
    }
    let p = tp as f64 / n_pred.max(1) as f64;
    let r = tp as f64 / n_gold.max(1) as f64;
    println!(
        "MEANTIME sentence ends: P={p:.3} R={r:.3} ({tp} of {n_gold} gold, {n_pred} predicted)"
    );
    assert!(p >= 0.9 && r >= 0.9, "P={p:.3} R={r:.3} below 0.9");
}
