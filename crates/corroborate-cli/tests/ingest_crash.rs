//! Crash safety and idempotence of `corroborate ingest`: SIGKILL in the middle of a batched
//! ingest leaves a database that opens, holds every committed batch and nothing half-written,
//! and a re-run completes the rest; ingesting the same files again changes nothing.

mod support_http;

use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Command, Stdio};

use corroborate_store::Store;

const N: usize = 600;
const BATCH: usize = 3;

fn write_corpus(dir: &Path) {
    for i in 0..N {
        let text = format!(
            "Harbor board meets, session {i}\n\nPORT ELLIS — On Tuesday, March {}, 2026, the fictional harbor board of Port Ellis \
             met for session {i} and approved {} new moorings, a spokesperson said.\n",
            i % 28 + 1,
            i % 40 + 2
        );
        std::fs::write(dir.join(format!("a{i:04}.txt")), text).expect("write article");
    }
}

fn counts(db: &Path) -> Vec<i64> {
    let s = Store::open(db).expect("store opens");
    let c = s.connection();
    let ok: String = c
        .query_row("PRAGMA integrity_check", [], |r| r.get(0))
        .expect("integrity check");
    assert_eq!(ok, "ok");
    [
        "documents",
        "sentences",
        "dates",
        "quantities",
        "documents_fts",
        "batches",
        "stories",
        "story_documents",
        "story_versions",
        "timeline_events",
    ]
    .iter()
    .map(|t| {
        c.query_row(&format!("SELECT count(*) FROM {t}"), [], |r| r.get(0))
            .expect("count")
    })
    .collect()
}

#[test]
fn sigkill_mid_ingest_keeps_committed_batches_and_rerun_completes() {
    let dir = tempfile::tempdir().expect("tempdir");
    let corpus = dir.path().join("corpus");
    std::fs::create_dir(&corpus).expect("mkdir");
    write_corpus(&corpus);
    let db = dir.path().join("crash.db");
    let mut child = Command::new(env!("CARGO_BIN_EXE_corroborate"))
        .arg("ingest")
        .arg(&corpus)
        .arg("--db")
        .arg(&db)
        .args(["--batch-size", &BATCH.to_string(), "--today", "2026-12-01"])
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start ingest");
    let stderr = child.stderr.take().expect("stderr");
    let mut committed_seen = 0;
    for line in BufReader::new(stderr).lines() {
        let line = line.expect("stderr line");
        if line.starts_with("committed ") {
            committed_seen += 1;
            if committed_seen == 10 {
                break;
            }
        }
    }
    assert_eq!(committed_seen, 10, "ingest reported its batches");
    child.kill().expect("SIGKILL the ingest");
    let status = child.wait().expect("wait");
    assert!(!status.success(), "the ingest was killed, not finished");

    let after_kill = counts(&db);
    let docs = after_kill[0] as usize;
    let batches = after_kill[5] as usize;
    assert!(
        docs >= 10 * BATCH,
        "every reported batch is stored ({docs} documents)"
    );
    assert!(docs < N, "killed mid-way ({docs} of {N} documents stored)");
    assert_eq!(docs, batches * BATCH, "only whole batches are stored");
    assert_eq!(
        after_kill[4] as usize, docs,
        "full-text index matches the documents"
    );

    // The re-run adds the rest and links every document into the story.
    support_http::ingest(&db, &[&corpus], &["--batch-size", "100"]);
    let done = counts(&db);
    assert_eq!(done[0] as usize, N);
    assert_eq!(done[4] as usize, N);
    assert_eq!(done[7] as usize, N, "every document belongs to a story");

    // Idempotent: the same files again change nothing at all.
    support_http::ingest(&db, &[&corpus], &[]);
    assert_eq!(counts(&db), done);
}
