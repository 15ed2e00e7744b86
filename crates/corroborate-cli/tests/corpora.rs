//! Every development corpus in ../shared/data through the whole pipeline (`analyze` on the
//! folder), then all of them together, also streamed (`--format jsonl`): no panic, no stage
//! failure, and every emitted span inside its document. Time and peak memory per corpus are in
//! docs/performance.md.

use std::path::PathBuf;
use std::process::Command;

use corroborate_pipeline::validate::check_report;

/// The article folders of each development corpus (annotation files beside them are not
/// articles and are left out).
const CORPORA: &[&str] = &[
    "meantime/text",
    "ecbplus-train/text",
    "ecbplus-dev/text",
    "html-extraction-dev/html",
    "polnear-dev/train",
    "polnear-dev/dev",
    "timebank-aquaint",
    "semeval2015-timeline-trial/timeml",
];

fn corpus(rel: &str) -> PathBuf {
    let p = PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../../../shared/data")).join(rel);
    assert!(
        p.is_dir(),
        "corpus not found at {}: the tests need ../shared/data beside the checkout",
        p.display()
    );
    p
}

/// `corroborate analyze` over the corpora with `extra` arguments: its standard output, after
/// checking that it exited with 0 or 1 (some input had a problem).
fn analyze(rels: &[&str], extra: &[&str]) -> Vec<u8> {
    let out = Command::new(env!("CARGO_BIN_EXE_corroborate"))
        .args(["analyze", "--quiet", "--today", "2026-12-02"])
        .args(extra)
        .args(rels.iter().map(|r| corpus(r)))
        .output()
        .expect("the corroborate binary runs");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        matches!(out.status.code(), Some(0 | 1)),
        "{rels:?}: exit {:?}\n{stderr}",
        out.status.code()
    );
    out.stdout
}

/// Checks the JSON report of the corpora, and gives it back.
fn check(rels: &[&str]) -> serde_json::Value {
    let report: serde_json::Value = serde_json::from_slice(&analyze(rels, &[]))
        .unwrap_or_else(|e| panic!("{rels:?}: stdout is not JSON ({e})"));
    let failures: Vec<String> = report["problems"]
        .as_array()
        .expect("problems")
        .iter()
        .filter(|p| p["severity"] == "failed")
        .map(|p| p.to_string())
        .collect();
    assert!(failures.is_empty(), "{rels:?}: {failures:#?}");
    let docs = report["documents"].as_array().expect("documents").len();
    assert!(docs > 0, "{rels:?}: no documents");
    let spans = check_report(&report);
    assert!(
        spans.errors.is_empty(),
        "{rels:?}: {} bad spans, first: {:#?}",
        spans.errors.len(),
        &spans.errors[..spans.errors.len().min(10)]
    );
    assert!(spans.checked > docs, "{rels:?}: spans were checked");
    report
}

/// Each passage as its JSON text, sorted.
fn sorted_passages<'a>(passages: impl Iterator<Item = &'a serde_json::Value>) -> Vec<String> {
    let mut texts: Vec<String> = passages.map(|p| p.to_string()).collect();
    texts.sort();
    texts
}

#[test]
fn meantime() {
    check(&[CORPORA[0]]);
}

#[test]
fn ecbplus_train() {
    check(&[CORPORA[1]]);
}

#[test]
fn ecbplus_dev() {
    check(&[CORPORA[2]]);
}

#[test]
fn html_extraction_dev() {
    check(&[CORPORA[3]]);
}

#[test]
fn polnear_train() {
    check(&[CORPORA[4]]);
}

#[test]
fn polnear_dev() {
    check(&[CORPORA[5]]);
}

#[test]
fn timebank_aquaint() {
    check(&[CORPORA[6]]);
}

#[test]
fn semeval_timeline_trial() {
    check(&[CORPORA[7]]);
}

/// All corpora at once; then streamed, which spills each article's result, its sentence
/// features and the passages to disk: the same documents and passages, the same problems, and
/// every span of every story line inside its document.
#[test]
fn all_corpora_together() {
    let report = check(CORPORA);
    let streamed = analyze(CORPORA, &["--format", "jsonl"]);
    let lines: Vec<serde_json::Value> = streamed
        .split(|&b| b == b'\n')
        .filter(|l| !l.is_empty())
        .map(|l| serde_json::from_slice(l).expect("each line is JSON"))
        .collect();
    let (header, rest) = lines.split_first().expect("a header line");
    let (footer, stories) = rest.split_last().expect("a footer line");
    assert_eq!(header["kind"], "header");
    assert_eq!(footer["kind"], "footer");
    let docs = report["documents"].as_array().expect("documents").len();
    assert_eq!(header["documents"], docs);
    let mut streamed_docs = 0;
    for line in stories {
        let spans = check_report(line);
        assert!(spans.errors.is_empty(), "{:#?}", &spans.errors[..1]);
        streamed_docs += line["documents"].as_array().expect("documents").len();
    }
    assert_eq!(streamed_docs, docs);
    assert_eq!(footer["problems"], report["problems"]);
    let inside = stories
        .iter()
        .flat_map(|l| l["passages"].as_array().expect("passages"));
    let between = footer["passages"].as_array().expect("passages");
    let whole = report["passages"].as_array().expect("passages");
    assert!(whole.len() > 1000, "{} passages", whole.len());
    assert_eq!(
        sorted_passages(inside.chain(between)),
        sorted_passages(whole.iter())
    );
}
