//! Every development corpus in ../shared/data through the whole pipeline (`analyze` on the
//! folder), then all of them together: no panic, no stage failure, and every emitted span
//! inside its document. Time and peak memory per corpus are in docs/performance.md.

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

fn check(rels: &[&str]) {
    let out = Command::new(env!("CARGO_BIN_EXE_corroborate"))
        .args(["analyze", "--quiet", "--today", "2026-12-02"])
        .args(rels.iter().map(|r| corpus(r)))
        .output()
        .expect("the corroborate binary runs");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        matches!(out.status.code(), Some(0 | 1)),
        "{rels:?}: exit {:?}\n{stderr}",
        out.status.code()
    );
    let report: serde_json::Value = serde_json::from_slice(&out.stdout)
        .unwrap_or_else(|e| panic!("{rels:?}: stdout is not JSON ({e})\n{stderr}"));
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

#[test]
fn all_corpora_together() {
    check(CORPORA);
}
