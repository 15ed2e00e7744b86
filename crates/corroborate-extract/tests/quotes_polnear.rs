//! A cheap regression floor on real news: quotes and indirect speech on the first ten PolNeAR
//! dev articles (`../shared/data/polnear-dev/dev`, read at run time; a missing folder fails).
//!
//! A simplified form of `../shared/tools/score_quotes.py`'s overlap metrics (no trimming of
//! quote marks): a prediction's content matches when it overlaps a gold content; its source
//! matches when, in addition, its source overlaps that gold's source (or both are absent).
//! The full figures come from `eval-polnear` and the scorer (docs/accuracy.md).

use std::collections::BTreeMap;
use std::path::PathBuf;

use corroborate_core::document::SourceFormat;
use corroborate_core::{Document, OffsetMap, PreparedDoc, Span};

/// Code-point fragments of one gold span.
type Frags = Vec<(usize, usize)>;

struct Gold {
    content: Frags,
    source: Option<Frags>,
}

fn dev_dir() -> PathBuf {
    PathBuf::from(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../../shared/data/polnear-dev"
    ))
}

/// The first annotator of each dev document, from `metadata.tsv`.
fn first_annotators(dir: &std::path::Path) -> BTreeMap<String, Vec<String>> {
    let meta = std::fs::read_to_string(dir.join("metadata.tsv")).unwrap_or_else(|e| {
        panic!(
            "PolNeAR missing at {} ({e}); it must be in ../shared/data",
            dir.display()
        )
    });
    let mut out = BTreeMap::new();
    for line in meta.lines().skip(1) {
        let f: Vec<&str> = line.split('\t').collect();
        if f.first() == Some(&"dev") && f.len() > 3 {
            out.insert(
                f[1].to_string(),
                f[3].split('|').map(str::to_string).collect(),
            );
        }
    }
    out
}

fn parse_frags(offs: &str) -> Frags {
    offs.split(';')
        .filter_map(|f| {
            let mut it = f.split_whitespace().map(|x| x.parse::<usize>().ok());
            Some((it.next()??, it.next()??))
        })
        .collect()
}

fn read_gold(path: &std::path::Path) -> Vec<Gold> {
    let ann = std::fs::read_to_string(path).expect("annotation file");
    let mut spans: BTreeMap<&str, Frags> = BTreeMap::new();
    let mut out = Vec::new();
    for line in ann.lines() {
        let cols: Vec<&str> = line.split('\t').collect();
        if line.starts_with('T') && cols.len() > 1 {
            let (_, offs) = cols[1].split_once(' ').unwrap_or(("", ""));
            spans.insert(cols[0], parse_frags(offs));
        } else if line.starts_with('E') && cols.len() > 1 {
            let role = |name: &str| {
                cols[1]
                    .split_whitespace()
                    .find_map(|r| r.strip_prefix(name)?.strip_prefix(':'))
                    .and_then(|t| spans.get(t).cloned())
            };
            if let Some(content) = role("Content") {
                out.push(Gold {
                    content,
                    source: role("Source"),
                });
            }
        }
    }
    out
}

fn overlaps(a: &[(usize, usize)], b: &[(usize, usize)]) -> bool {
    a.iter()
        .any(|&(s, e)| b.iter().any(|&(s2, e2)| s < e2 && s2 < e))
}

fn source_agrees(pred: Option<&Frags>, gold: Option<&Frags>) -> bool {
    match (pred, gold) {
        (None, None) => true,
        (Some(p), Some(g)) => overlaps(p, g),
        _ => false,
    }
}

#[test]
fn polnear_dev_floor() {
    let dir = dev_dir();
    let annotators = first_annotators(&dir);
    let (mut preds, mut gold_n) = (0usize, 0usize);
    let (mut content_p, mut content_r, mut source_p, mut source_r) = (0, 0, 0, 0);
    for (doc_id, anns) in annotators.iter().take(10) {
        let ann = anns
            .iter()
            .map(|a| dir.join(format!("dev/attributions/{doc_id}_{a}.ann")))
            .find(|p| p.is_file())
            .expect("an annotation file per dev document");
        let gold = read_gold(&ann);
        let text =
            std::fs::read_to_string(dir.join(format!("dev/text/{doc_id}.txt"))).expect("dev text");
        let doc = PreparedDoc::new(
            Document::new(doc_id, SourceFormat::Text, text.clone()),
            jiff::civil::date(2017, 1, 1),
        );
        let x = corroborate_extract::extract(&doc);
        let map = OffsetMap::new(&text);
        let cp = |s: Span| {
            let s = map.span(s);
            vec![(s.start, s.end)]
        };
        let pred: Vec<(Frags, Option<Frags>)> = x
            .quotes
            .iter()
            .map(|q| (cp(q.content), q.speaker_named_at.map(cp)))
            .collect();
        preds += pred.len();
        gold_n += gold.len();
        for (c, s) in &pred {
            content_p += usize::from(gold.iter().any(|g| overlaps(c, &g.content)));
            source_p +=
                usize::from(gold.iter().any(|g| {
                    overlaps(c, &g.content) && source_agrees(s.as_ref(), g.source.as_ref())
                }));
        }
        for g in &gold {
            content_r += usize::from(pred.iter().any(|(c, _)| overlaps(c, &g.content)));
            source_r += usize::from(pred.iter().any(|(c, s)| {
                overlaps(c, &g.content) && source_agrees(s.as_ref(), g.source.as_ref())
            }));
        }
    }
    let f1 = |tp_p: usize, tp_r: usize| {
        let p = tp_p as f64 / preds.max(1) as f64;
        let r = tp_r as f64 / gold_n.max(1) as f64;
        if p + r == 0.0 {
            0.0
        } else {
            2.0 * p * r / (p + r)
        }
    };
    let content = f1(content_p, content_r);
    let source = f1(source_p, source_r);
    println!("10 dev docs: {preds} predicted, {gold_n} gold; content F1 {content:.3}, source F1 {source:.3}");
    assert!(content >= CONTENT_FLOOR, "content F1 {content:.3}");
    assert!(source >= SOURCE_FLOOR, "source F1 {source:.3}");
}

/// Floors a little under the figures measured when the test was written (content 0.766,
/// source 0.535).
const CONTENT_FLOOR: f64 = 0.72;
/// Source floor.
const SOURCE_FLOOR: f64 = 0.48;
