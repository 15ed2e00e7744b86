//! The README's main command runs on the bundled example corpus.

mod common;

use common::{analyze, doc, examples_dir, run, seeds_dir, stdout_with_threads};

#[test]
fn example_corpus_analyses_cleanly() {
    let ex = examples_dir();
    let (r, out) = analyze(&[ex.to_str().unwrap()]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(r["documents"].as_array().unwrap().len(), 6);
    assert_eq!(
        doc(&r, "01-coastal-wire.txt")["meta"]["outlet"]["value"],
        "Coastal Wire"
    );
    // The Daily Lantern has no manifest metadata: its outlet comes from its own promo.
    let lantern = &doc(&r, "06-daily-lantern.txt")["meta"]["outlet"];
    assert_eq!(lantern["value"], "The Daily Lantern");
    assert_eq!(lantern["how"], "inferred");
}

#[test]
fn out_dir_gets_report_json() {
    let dir = tempfile::tempdir().unwrap();
    let out_dir = dir.path().join("out");
    let ex = examples_dir();
    let out = run(&[
        "analyze",
        "--quiet",
        ex.to_str().unwrap(),
        "--out",
        out_dir.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(0));
    assert!(out.stdout.is_empty());
    let json: serde_json::Value =
        serde_json::from_slice(&std::fs::read(out_dir.join("report.json")).unwrap()).unwrap();
    assert_eq!(json["schema"], "corroborate/1");
}

#[test]
fn report_bytes_do_not_depend_on_the_thread_count() {
    // Stories are reconciled in parallel: the report must not show in which order they finished.
    let (ex, seeds) = (examples_dir(), seeds_dir());
    let (ex, seeds) = (ex.to_str().unwrap(), seeds.to_str().unwrap());
    let args = ["analyze", "--quiet", "--today", "2026-12-02", ex, seeds];
    let report = |threads: &str| stdout_with_threads(&args, threads);
    let one = report("1");
    let json: serde_json::Value = serde_json::from_slice(&one).unwrap();
    assert!(json["stories"].as_array().unwrap().len() > 1);
    assert!(
        one == report("3"),
        "one thread and three threads wrote different reports"
    );
}
