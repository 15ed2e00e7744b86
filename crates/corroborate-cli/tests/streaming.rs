//! `analyze --format jsonl`: the report streamed story by story holds what the JSON report
//! holds, whatever the thread count; and `--timings` of `analyze` and `ingest`, which name the
//! stages on stderr and change no output.

mod common;

use std::collections::BTreeMap;

use common::{analyze, examples_dir, run, seeds_dir, stage_names, stdout_with_threads};
use serde_json::Value;

fn jsonl(threads: &str) -> Vec<u8> {
    let (ex, seeds) = (examples_dir(), seeds_dir());
    let (ex, seeds) = (ex.to_str().unwrap(), seeds.to_str().unwrap());
    let args = [
        "analyze",
        "--quiet",
        "--today",
        "2026-12-02",
        "--format",
        "jsonl",
        ex,
        seeds,
    ];
    stdout_with_threads(&args, threads)
}

#[test]
fn jsonl_stories_equal_the_json_report() {
    let (ex, seeds) = (examples_dir(), seeds_dir());
    let (report, _) = analyze(&[ex.to_str().unwrap(), seeds.to_str().unwrap()]);
    let bytes = jsonl("1");
    assert!(
        bytes == jsonl("3"),
        "one thread and three threads streamed different reports"
    );
    let lines: Vec<Value> = bytes
        .split(|&b| b == b'\n')
        .filter(|l| !l.is_empty())
        .map(|l| serde_json::from_slice(l).expect("each line is JSON"))
        .collect();
    let (header, rest) = lines.split_first().unwrap();
    let (footer, stories) = rest.split_last().unwrap();
    assert_eq!(header["kind"], "header");
    assert_eq!(footer["kind"], "footer");
    assert_eq!(header["schema"], report["schema"]);
    let all = |key: &str| -> Vec<Value> {
        stories
            .iter()
            .flat_map(|l| l[key].as_array().unwrap().clone())
            .collect()
    };
    // Stories: the same, in the same order, one a line.
    assert!(stories.iter().all(|l| l["kind"] == "story"));
    assert!(stories.len() > 1);
    assert_eq!(Value::Array(all("stories")), report["stories"]);
    assert_eq!(header["stories"], stories.len());
    // Documents and their annotations: the same items, grouped by story instead of input order.
    let by_id = |items: Vec<Value>| -> BTreeMap<String, Value> {
        items
            .into_iter()
            .map(|d| (d["id"].as_str().unwrap().to_string(), d))
            .collect()
    };
    assert_eq!(
        by_id(all("documents")),
        by_id(report["documents"].as_array().unwrap().clone())
    );
    assert_eq!(
        header["documents"],
        report["documents"].as_array().unwrap().len()
    );
    for key in [
        "sentences",
        "entities",
        "quotes",
        "dates",
        "cross_entities",
        "records",
    ] {
        assert_eq!(
            all(key).len(),
            report[key].as_array().unwrap().len(),
            "{key}"
        );
    }
    let claims: usize = stories
        .iter()
        .map(|l| l["claims"]["claims"].as_array().unwrap().len())
        .sum();
    assert_eq!(claims, report["claims"]["claims"].as_array().unwrap().len());
    let events: usize = stories
        .iter()
        .map(|l| l["timeline"]["events"].as_array().unwrap().len())
        .sum();
    assert_eq!(
        events,
        report["timeline"]["events"].as_array().unwrap().len()
    );
    let passages = all("passages").len() + footer["passages"].as_array().unwrap().len();
    assert_eq!(passages, report["passages"].as_array().unwrap().len());
    assert_eq!(footer["problems"], report["problems"]);
}

#[test]
fn timings_name_each_stage_on_stderr_and_leave_the_report_unchanged() {
    let seeds = seeds_dir();
    let seeds = seeds.to_str().unwrap();
    for (format, stages) in [
        (
            "json",
            &["read and extract", "link and reconcile", "build the report"][..],
        ),
        (
            "jsonl",
            &[
                "read, extract and spill",
                "link",
                "reconcile and write each story",
            ][..],
        ),
    ] {
        let base = [
            "analyze",
            "--quiet",
            "--today",
            "2026-12-02",
            "--format",
            format,
            seeds,
        ];
        let plain = run(&base);
        let timed = run(&[&base[..], &["--timings"]].concat());
        assert!(plain.status.success() && timed.status.success());
        assert_eq!(
            plain.stdout, timed.stdout,
            "--timings changed the {format} report"
        );
        assert!(plain.stderr.is_empty(), "--quiet alone prints nothing");
        assert_eq!(stage_names(&timed.stderr), stages, "{format}");
    }
}

#[test]
fn ingest_timings_name_each_stage_on_stderr_and_store_the_same_stories() {
    let dir = tempfile::tempdir().expect("tempdir");
    let ex = examples_dir();
    let ex = ex.to_str().unwrap();
    let ingest = |db: &str, timed: bool| {
        let db = dir.path().join(db);
        let mut args = vec!["ingest", "--quiet", "--today", "2026-12-02", "--db"];
        args.push(db.to_str().unwrap());
        args.push(ex);
        if timed {
            args.push("--timings");
        }
        let out = run(&args);
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let stories = corroborate_store::Store::open_readonly(&db)
            .expect("store")
            .current_reports()
            .expect("reports")
            .into_values()
            .map(|(docs, _)| docs)
            .collect::<Vec<_>>();
        (out.stderr, stories)
    };
    let (plain, plain_stories) = ingest("plain.db", false);
    let (timed, timed_stories) = ingest("timed.db", true);
    assert!(plain.is_empty(), "--quiet alone prints nothing");
    assert_eq!(plain_stories, timed_stories);
    assert_eq!(
        stage_names(&timed),
        [
            "analyse and store articles",
            "read stories and link records",
            "read reuse pairs",
            "link and reconcile",
            "write stories and pairs",
            "people",
            "commit",
        ]
    );
}
