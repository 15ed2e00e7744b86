//! Two `corroborate ingest` processes on one store at once, with the same inputs and with
//! different ones: both succeed, and the store holds exactly what one ingest of everything
//! gives. And a file that is not a store is refused, untouched.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

mod support_http;

use support_http::seeds;

/// Tables whose row counts one ingest of the inputs determines. (`batches` and
/// `story_versions` record how the ingest went, so they may differ.)
const TABLES: [&str; 20] = [
    "documents",
    "documents_fts",
    "sentences",
    "ignored",
    "entities",
    "mentions",
    "quotes",
    "dates",
    "quantities",
    "stories",
    "story_documents",
    "timeline_events",
    "cross_entities",
    "claims",
    "claim_mentions",
    "disputes",
    "dispute_parties",
    "inconsistencies",
    "lineages",
    "store_info",
];

fn counts(db: &Path) -> Vec<(String, i64)> {
    let store = corroborate_store::Store::open_readonly(db).expect("open store");
    let c = store.connection();
    let broken = c
        .prepare("PRAGMA foreign_key_check")
        .and_then(|mut q| q.query_map([], |_| Ok(())).map(|r| r.count()))
        .expect("foreign_key_check");
    assert_eq!(broken, 0, "dangling references in {}", db.display());
    TABLES
        .iter()
        .map(|t| {
            let n: i64 = c
                .query_row(&format!("SELECT count(*) FROM {t}"), [], |r| r.get(0))
                .expect("count");
            (t.to_string(), n)
        })
        .collect()
}

fn ingest_cmd(db: &Path, inputs: &[PathBuf]) -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_corroborate"));
    c.arg("ingest").args(inputs).arg("--db").arg(db).args([
        "--today",
        "2026-12-01",
        "--quiet",
        "--batch-size",
        "2",
    ]);
    c
}

fn check(out: &Output) {
    assert!(
        out.status.success(),
        "ingest exited {:?}: {}",
        out.status.code(),
        String::from_utf8_lossy(&out.stderr)
    );
}

/// Runs two ingests at the same time.
fn concurrently(db: &Path, a: &[PathBuf], b: &[PathBuf]) {
    let first = ingest_cmd(db, a).spawn().expect("spawn");
    let second = ingest_cmd(db, b).spawn().expect("spawn");
    check(&first.wait_with_output().expect("wait"));
    check(&second.wait_with_output().expect("wait"));
}

/// Fictional articles on one story, as JSON lines, split over two files.
fn generated(dir: &Path) -> (PathBuf, PathBuf) {
    let mut files = Vec::new();
    for half in 0..2 {
        let lines: Vec<String> = (0..12)
            .map(|i| {
                let n = half * 12 + i;
                serde_json::json!({
                    "text": format!("Tarnwick harbour report {n}\n\nOn Monday, Nov. {}, 2026, the harbour council of Tarnwick met and Mayor Ilsa Brandt said the pier would reopen. \"We expect {n} ships,\" Brandt said.", n % 20 + 1),
                    "outlet": format!("Outlet {}", n % 5),
                    "published": format!("2026-11-{:02}", n % 20 + 2),
                })
                .to_string()
            })
            .collect();
        let p = dir.join(format!("part{half}.jsonl"));
        std::fs::write(&p, lines.join("\n")).expect("write input");
        files.push(p);
    }
    (files[0].clone(), files[1].clone())
}

#[test]
fn two_concurrent_ingests_give_one_ingests_result() {
    let dir = tempfile::tempdir().expect("tempdir");
    let (p0, p1) = generated(dir.path());
    let all = vec![seeds(), p0.clone(), p1.clone()];
    let single = dir.path().join("single.db");
    check(&ingest_cmd(&single, &all).output().expect("run"));
    let want = counts(&single);
    assert!(
        want.iter()
            .all(|(t, n)| *n > 0
                || matches!(t.as_str(), "ignored" | "inconsistencies" | "quantities")),
        "{want:?}"
    );

    // The same inputs twice at once: nothing is written twice.
    let same = dir.path().join("same.db");
    concurrently(&same, &all, &all);
    assert_eq!(counts(&same), want, "same inputs");

    // Different inputs at once: neither fails on the lock, and every document is linked.
    let split = dir.path().join("split.db");
    concurrently(&split, &[seeds(), p0], &[p1]);
    assert_eq!(counts(&split), want, "different inputs");
}

#[test]
fn a_file_that_is_not_a_store_is_refused_untouched() {
    let dir = tempfile::tempdir().expect("tempdir");
    let odd = dir.path().join("one-byte.db");
    std::fs::write(&odd, b"x").expect("write");
    for args in [vec!["ingest"], vec!["report"], vec!["serve"]] {
        let mut c = Command::new(env!("CARGO_BIN_EXE_corroborate"));
        c.args(&args);
        if args[0] == "ingest" {
            c.arg(seeds());
        }
        let out = c.arg("--db").arg(&odd).output().expect("run");
        assert!(!out.status.success(), "{args:?} accepted a 1-byte file");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains("not a Corroborate store"), "{args:?}: {err}");
    }
    assert_eq!(
        std::fs::read(&odd).expect("read"),
        b"x",
        "the file was changed"
    );
}
