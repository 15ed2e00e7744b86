//! `corroborate ingest --artifacts`: article artifacts analysed elsewhere (the Python package,
//! the Spark job) are stored as they are and give the same stories as ingesting the articles
//! themselves; a line that is not an artifact is a problem naming `file:line`.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;

use corroborate_core::load;

const TODAY: &str = "2026-12-01";

fn examples() -> PathBuf {
    Path::new(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../examples/corpus"
    ))
    .to_path_buf()
}

fn ingest(db: &Path, args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_corroborate"))
        .args(["ingest", "--today", TODAY, "--db"])
        .arg(db)
        .args(args)
        .output()
        .expect("runs corroborate")
}

/// Each current story's latest report keyed by its documents, without its id and version.
fn stories(db: &Path) -> BTreeMap<String, serde_json::Value> {
    let s = corroborate_store::Store::open_readonly(db).expect("store");
    let reports = s.current_reports().expect("reports");
    reports
        .into_values()
        .map(|(docs, mut report)| {
            report.as_object_mut().expect("object").remove("story");
            (docs.join(" "), report)
        })
        .collect()
}

#[test]
fn artifacts_ingest_as_the_articles_do_and_bad_lines_are_named() {
    let dir = tempfile::tempdir().expect("tempdir");
    // The artifacts, written as a Spark job writes its part files.
    let found = load::discover(&[examples()], None, true);
    let today: jiff::civil::Date = TODAY.parse().expect("day");
    let mut lines: Vec<String> = found
        .files
        .iter()
        .flat_map(|f| load::load_file(f).documents)
        .filter_map(|d| corroborate_cli::annotate(d, today).0)
        .map(|r| corroborate_pipeline::artifact::to_json(&r))
        .collect();
    assert_eq!(lines.len(), 6);
    lines.insert(
        2,
        r#"{"artifact":"corroborate-article","version":99}"#.to_string(),
    );
    // An artifact whose sentence runs past its text (written by a buggy or hostile producer).
    let mut broken: serde_json::Value = serde_json::from_str(&lines[0]).expect("json");
    broken["prepared"]["seg"]["sentences"][0]["end"] = serde_json::json!(1_000_000);
    lines.push(broken.to_string());
    let parts = dir.path().join("artifacts");
    std::fs::create_dir(&parts).expect("mkdir");
    std::fs::write(parts.join("part-00000"), lines.join("\n") + "\n").expect("write");
    std::fs::write(parts.join("_SUCCESS"), "").expect("write");

    let from_artifacts = dir.path().join("a.db");
    let out = ingest(
        &from_artifacts,
        &["--artifacts", parts.to_str().expect("path")],
    );
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(err.contains("part-00000:3"), "{err}");
    assert!(err.contains("version 99"), "{err}");
    assert!(err.contains("part-00000:8"), "{err}");
    assert!(err.contains("do not fit its text"), "{err}");
    assert!(err.contains("6 document(s) added"), "{err}");

    let from_articles = dir.path().join("b.db");
    let out = ingest(&from_articles, &[examples().to_str().expect("path")]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let (a, b) = (stories(&from_artifacts), stories(&from_articles));
    assert!(!a.is_empty());
    assert_eq!(a, b);

    // Ingesting them again adds nothing.
    let out = ingest(
        &from_artifacts,
        &["--artifacts", parts.to_str().expect("path")],
    );
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("0 document(s) added, 6 already stored"),
        "{err}"
    );
}
