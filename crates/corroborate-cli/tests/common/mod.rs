//! Helpers shared by the CLI integration tests.

#![allow(dead_code)]

use std::path::PathBuf;
use std::process::{Command, Output};

/// The seed articles beside the checkout. Panics (fails the test) when they are missing: in CI
/// they are always present, so a missing folder is a broken setup, not a reason to skip.
pub fn seeds_dir() -> PathBuf {
    let p = PathBuf::from(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../../shared/seeds"
    ));
    assert!(
        p.join("manifest.json").is_file(),
        "seed articles not found at {}: the tests need ../shared/seeds beside the checkout",
        p.display()
    );
    p
}

/// The bundled fictional example corpus.
pub fn examples_dir() -> PathBuf {
    PathBuf::from(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../examples/corpus"
    ))
}

/// Runs the `corroborate` binary with arguments.
pub fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_corroborate"))
        .args(args)
        .output()
        .expect("the corroborate binary runs")
}

/// Runs `corroborate analyze --quiet --today 2026-12-02 ARGS…` and parses the JSON report.
pub fn analyze(args: &[&str]) -> (serde_json::Value, Output) {
    let mut all = vec!["analyze", "--quiet", "--today", "2026-12-02"];
    all.extend_from_slice(args);
    let out = run(&all);
    let json = serde_json::from_slice(&out.stdout).unwrap_or_else(|e| {
        panic!(
            "stdout is not JSON ({e}); stderr: {}",
            String::from_utf8_lossy(&out.stderr)
        )
    });
    (json, out)
}

/// The document whose source path ends with `suffix`.
pub fn doc<'a>(report: &'a serde_json::Value, suffix: &str) -> &'a serde_json::Value {
    report["documents"]
        .as_array()
        .and_then(|ds| {
            ds.iter()
                .find(|d| d["source"].as_str().is_some_and(|s| s.ends_with(suffix)))
        })
        .unwrap_or_else(|| panic!("no document from {suffix}"))
}

/// `text[start:end]` in code points, as a Python user would slice it.
pub fn slice(text: &str, start: u64, end: u64) -> String {
    text.chars()
        .skip(start as usize)
        .take((end - start) as usize)
        .collect()
}

/// Runs `corroborate ARGS…` on `threads` rayon threads and returns its stdout, failing the test
/// when it wrote nothing.
pub fn stdout_with_threads(args: &[&str], threads: &str) -> Vec<u8> {
    let out = Command::new(env!("CARGO_BIN_EXE_corroborate"))
        .args(args)
        .env("RAYON_NUM_THREADS", threads)
        .output()
        .expect("the corroborate binary runs");
    assert!(
        !out.stdout.is_empty(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    out.stdout
}

/// The stage names of `--timings` lines on stderr ("corroborate: NAME: SECONDS s"), failing the
/// test on any other line or on a time that is not a number of seconds.
pub fn stage_names(stderr: &[u8]) -> Vec<String> {
    String::from_utf8_lossy(stderr)
        .lines()
        .map(|l| {
            let rest = l.strip_prefix("corroborate: ").expect("a corroborate line");
            let (name, secs) = rest.rsplit_once(": ").expect("name: seconds");
            let secs = secs.strip_suffix(" s").expect("in seconds");
            assert!(secs.parse::<f64>().is_ok_and(|s| s >= 0.0), "{l}");
            name.to_string()
        })
        .collect()
}
