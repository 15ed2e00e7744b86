//! One article or one story that trips a bug never takes a run down: a panic injected on
//! purpose into one stage (`CORROBORATE_TEST_PANIC`, a test-only hook) yields a complete
//! report with one problem naming the file or story, the stage and the message, and exit code
//! 1. The same holds for `ingest`, and the store accepts the next ingest.

mod common;

use std::path::Path;
use std::process::{Command, Output};

use common::examples_dir;

fn analyze_with_fault(fault: Option<&str>) -> (serde_json::Value, Output) {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_corroborate"));
    cmd.args(["analyze", "--today", "2026-12-02"])
        .arg(examples_dir());
    match fault {
        Some(f) => cmd.env("CORROBORATE_TEST_PANIC", f),
        None => cmd.env_remove("CORROBORATE_TEST_PANIC"),
    };
    let out = cmd.output().expect("the corroborate binary runs");
    let json = serde_json::from_slice(&out.stdout).unwrap_or_else(|e| {
        panic!(
            "stdout is not JSON ({e}); stderr: {}",
            String::from_utf8_lossy(&out.stderr)
        )
    });
    (json, out)
}

fn failed(report: &serde_json::Value) -> Vec<&serde_json::Value> {
    report["problems"]
        .as_array()
        .expect("problems")
        .iter()
        .filter(|p| p["severity"] == "failed")
        .collect()
}

#[test]
fn a_story_stage_that_panics_is_one_problem_and_the_rest_is_complete() {
    let (clean, out) = analyze_with_fault(None);
    assert_eq!(out.status.code(), Some(0), "the example corpus runs clean");
    assert!(!clean["claims"]["claims"].as_array().unwrap().is_empty());

    let (report, out) = analyze_with_fault(Some("claims"));
    assert_eq!(out.status.code(), Some(1));
    let problems = failed(&report);
    assert_eq!(problems.len(), 1, "{problems:#?}");
    let p = problems[0];
    assert_eq!(p["stage"], "claims");
    assert!(p["path"].as_str().unwrap().starts_with("story "), "{p}");
    assert!(p["message"].as_str().unwrap().contains("injected"), "{p}");
    // Only the failed stage's part is missing; every other part equals the clean run's.
    assert!(report["claims"]["claims"].as_array().unwrap().is_empty());
    for part in [
        "documents",
        "sentences",
        "entities",
        "quotes",
        "dates",
        "stories",
        "timeline",
        "cross_entities",
        "records",
    ] {
        assert_eq!(report[part], clean[part], "{part} differs");
    }
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("stage claims"), "{stderr}");
    assert!(
        !stderr.contains("panicked at"),
        "a caught panic is a problem, not a backtrace: {stderr}"
    );
}

#[test]
fn an_article_stage_that_panics_names_the_file_and_keeps_the_article() {
    let (clean, _) = analyze_with_fault(None);
    // Each extractor is its own stage: the quotes of one article fail, and its entities and
    // dates (assigned by other components) are kept.
    let (report, out) = analyze_with_fault(Some("quotes@03-bayline"));
    assert_eq!(out.status.code(), Some(1));
    let problems = failed(&report);
    assert_eq!(problems.len(), 1, "{problems:#?}");
    assert_eq!(problems[0]["stage"], "quotes");
    assert!(problems[0]["path"]
        .as_str()
        .unwrap()
        .ends_with("03-bayline-news.txt"));
    for part in ["documents", "sentences", "entities", "mentions", "dates"] {
        assert_eq!(report[part], clean[part], "{part} differs");
    }
    let quoted_docs = |r: &serde_json::Value| {
        r["quotes"]
            .as_array()
            .unwrap()
            .iter()
            .map(|q| q["doc"].as_str().unwrap().to_string())
            .collect::<std::collections::BTreeSet<_>>()
            .len()
    };
    assert_eq!(quoted_docs(&report) + 1, quoted_docs(&clean));
}

fn ingest(db: &Path, files: &[&Path], fault: Option<&str>) -> Output {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_corroborate"));
    cmd.arg("ingest").args(files).arg("--db").arg(db).args([
        "--today",
        "2026-12-02",
        "--no-manifest",
    ]);
    match fault {
        Some(f) => cmd.env("CORROBORATE_TEST_PANIC", f),
        None => cmd.env_remove("CORROBORATE_TEST_PANIC"),
    };
    cmd.output().expect("the corroborate binary runs")
}

fn count(db: &Path, sql: &str) -> i64 {
    let s = corroborate_store::Store::open(db).expect("store opens");
    s.connection()
        .query_row(sql, [], |r| r.get(0))
        .expect("count")
}

/// Asserts an ingest that exits 1 and names the failed `stage` without a backtrace; its stderr.
fn assert_failed_stage(out: &Output, stage: &str) -> String {
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(stderr.contains(&format!("stage {stage}")), "{stderr}");
    assert!(!stderr.contains("panicked at"), "{stderr}");
    stderr
}

fn assert_ingested(out: &Output) {
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn ingest_with_a_failing_story_keeps_documents_and_the_next_ingest_works() {
    let dir = tempfile::tempdir().expect("tempdir");
    let db = dir.path().join("store.db");
    let ex = examples_dir();
    let first: Vec<_> = (1..=4)
        .map(|i| {
            std::fs::read_dir(&ex)
                .unwrap()
                .filter_map(|e| e.ok().map(|e| e.path()))
                .find(|p| {
                    p.file_name()
                        .is_some_and(|n| n.to_string_lossy().starts_with(&format!("0{i}-")))
                })
                .expect("example article")
        })
        .collect();
    let refs: Vec<&Path> = first.iter().map(|p| p.as_path()).collect();
    assert_failed_stage(&ingest(&db, &refs, Some("claims")), "claims");
    assert_eq!(count(&db, "SELECT count(*) FROM documents"), 4);
    assert!(count(&db, "SELECT count(*) FROM story_documents") >= 4);

    let rest: Vec<_> = ["05-northshore-radio.txt", "06-daily-lantern.txt"]
        .iter()
        .map(|n| ex.join(n))
        .collect();
    let refs: Vec<&Path> = rest.iter().map(|p| p.as_path()).collect();
    assert_ingested(&ingest(&db, &refs, None));
    assert_eq!(count(&db, "SELECT count(*) FROM documents"), 6);
    assert_eq!(
        count(
            &db,
            "SELECT count(*) FROM documents WHERE id NOT IN (SELECT doc FROM story_documents)"
        ),
        0
    );
}

#[test]
fn ingest_with_failing_article_stages_stores_the_rest_and_reports_each_failure() {
    let dir = tempfile::tempdir().expect("tempdir");
    let db = dir.path().join("store.db");
    let ex = examples_dir();
    let files: Vec<_> = [
        "01-coastal-wire.txt",
        "03-bayline-news.txt",
        "05-northshore-radio.txt",
    ]
    .iter()
    .map(|n| ex.join(n))
    .collect();
    let refs: Vec<&Path> = files.iter().map(|p| p.as_path()).collect();

    // One article fails its preparation: it is not stored, the others are.
    let stderr = assert_failed_stage(&ingest(&db, &refs, Some("prepare@03-bayline")), "prepare");
    assert!(stderr.contains("03-bayline-news.txt"), "{stderr}");
    assert_eq!(count(&db, "SELECT count(*) FROM documents"), 2);

    // The next ingest stores it.
    assert_ingested(&ingest(&db, &refs, None));
    assert_eq!(count(&db, "SELECT count(*) FROM documents"), 3);
}
