//! `analyze`/`ingest` with URLs, `--urls`, `--feed`, the fetch cache, and `watch`, all against
//! a local server on 127.0.0.1 (no internet).

mod common;
#[path = "../../corroborate-fetch/tests/support/mod.rs"]
mod support;

use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

use support::{article_page, Reply, TestServer};

fn rss(items: &[(&str, &str)]) -> String {
    let items: String = items
        .iter()
        .map(|(title, link)| {
            format!("<item><title>{title}</title><link>{link}</link><pubDate>Mon, 30 Nov 2026 09:00:00 GMT</pubDate></item>")
        })
        .collect();
    format!("<?xml version=\"1.0\"?><rss version=\"2.0\"><channel><title>Larkfield Ledger</title><link>/</link>{items}</channel></rss>")
}

/// A news site: two articles about the same flood, a feed that lists the first on its first
/// request and both afterwards, and a dead link.
fn site() -> (TestServer, Arc<AtomicUsize>) {
    let feed_reads = Arc::new(AtomicUsize::new(0));
    let reads = feed_reads.clone();
    let server = TestServer::start(move |req| match req.path.as_str() {
        "/news/flood.html" => Reply::html(article_page(
            "Flood closes mill road",
            "flood",
            "2026-11-30T09:00:00Z",
            6,
        )),
        "/news/flood-update.html" => Reply::html(article_page(
            "Mill road stays shut after flood",
            "flood",
            "2026-12-01T09:00:00Z",
            6,
        )),
        "/feed.xml" => {
            let n = reads.fetch_add(1, Ordering::SeqCst);
            let mut items = vec![("Flood closes mill road", "news/flood.html")];
            if n > 0 {
                items.push(("Mill road stays shut", "/news/flood-update.html"));
            }
            Reply::new(200, "application/rss+xml", rss(&items))
        }
        _ => Reply::new(404, "text/html", "<h1>Not found</h1>"),
    });
    (server, feed_reads)
}

#[test]
fn analyze_mixes_urls_and_paths_and_names_failed_urls() {
    let (s, _) = site();
    let path = common::examples_dir().join("01-coastal-wire.txt");
    let (report, out) = common::analyze(&[
        path.to_str().unwrap(),
        &s.url("/news/flood.html"),
        &s.url("/gone.html"),
    ]);
    assert_eq!(
        out.status.code(),
        Some(1),
        "a dead link is an input problem"
    );
    let docs = report["documents"].as_array().unwrap();
    assert_eq!(docs.len(), 2);
    let web = common::doc(&report, "/news/flood.html");
    assert_eq!(web["meta"]["retrieved"]["url"], s.url("/news/flood.html"));
    assert_eq!(web["meta"]["retrieved"]["source"], "http");
    let problems = report["problems"].to_string();
    assert!(
        problems.contains("/gone.html") && problems.contains("HTTP 404 Not Found"),
        "{problems}"
    );
}

#[test]
fn ingest_feed_skips_stored_entries_and_the_cache_spares_refetching() {
    let (s, _) = site();
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("news.db");
    let db = db.to_str().unwrap();
    let feed = s.url("/feed.xml");
    let ingest_feed = || {
        common::run(&[
            "ingest",
            "--db",
            db,
            "--today",
            "2026-12-02",
            "--feed",
            &feed,
        ])
    };
    let out = ingest_feed();
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(s.hits("/news/flood.html"), 1);
    // Second read of the feed lists both: only the new entry is fetched.
    let out = ingest_feed();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("2 entries, 1 already stored"), "{err}");
    assert_eq!(s.hits("/news/flood.html"), 1);
    assert_eq!(s.hits("/news/flood-update.html"), 1);
    // A URL fetched before comes from the cache, unless --refresh.
    let url = s.url("/news/flood.html");
    let urls = dir.path().join("urls.txt");
    std::fs::write(&urls, format!("# wanted\n{url}\n\n")).unwrap();
    common::run(&["ingest", "--db", db, "--urls", urls.to_str().unwrap()]);
    assert_eq!(s.hits("/news/flood.html"), 1);
    common::run(&["ingest", "--db", db, "--refresh", &url]);
    assert_eq!(s.hits("/news/flood.html"), 2);
    let store = corroborate_store::Store::open(std::path::Path::new(db)).unwrap();
    assert_eq!(store.document_count().unwrap(), 2);
    let page = store.cached_page(&url).unwrap().unwrap();
    assert_eq!(page.content_hash.len(), 32);
    // The feed's entry is kept as metadata with its source.
    let doc: serde_json::Value = store
        .connection()
        .query_row(
            "SELECT document_json FROM documents WHERE url = ?1",
            [&url],
            |r| r.get::<_, String>(0),
        )
        .map(|j| serde_json::from_str(&j).unwrap())
        .unwrap();
    assert_eq!(doc["meta"]["feed_entry"]["feed"], feed);
    assert_eq!(doc["meta"]["feed_entry"]["title"], "Flood closes mill road");
}

/// Starts `corroborate watch` and returns it with a reader of its stdout lines.
fn watch(args: &[&str]) -> (std::process::Child, impl Iterator<Item = String>) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_corroborate"))
        .arg("watch")
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("watch starts");
    let lines = BufReader::new(child.stdout.take().unwrap())
        .lines()
        .map_while(Result::ok);
    (child, lines)
}

#[test]
fn watch_ingests_the_new_entry_in_its_second_cycle_and_updates_the_story() {
    let (s, _) = site();
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("watch.db");
    let (mut child, lines) = watch(&[
        "--db",
        db.to_str().unwrap(),
        "--feed",
        &s.url("/feed.xml"),
        "--every",
        "1s",
        "--cycles",
        "2",
    ]);
    let lines: Vec<String> = lines.collect();
    assert!(child.wait().unwrap().success());
    assert_eq!(lines.len(), 3, "{lines:?}");
    assert!(
        lines[0].contains("cycle 1:")
            && lines[0].contains("1 added")
            && lines[0].contains("1 story updated"),
        "{}",
        lines[0]
    );
    assert!(
        lines[1].contains("cycle 2:")
            && lines[1].contains("(1 known)")
            && lines[1].contains("1 added"),
        "{}",
        lines[1]
    );
    assert!(lines[1].contains("1 story updated"), "{}", lines[1]);
    assert!(lines[2].contains("stopped after 2 cycle(s)"));
    let store = corroborate_store::Store::open(&db).unwrap();
    let stories = store.stories(None, None).unwrap();
    assert_eq!(stories.len(), 1, "both articles are one story");
    let history = store.story_history(&stories[0].id).unwrap();
    assert_eq!(history.len(), 2, "the second cycle made version 2");
    assert_eq!(
        history.iter().map(|v| v.documents).collect::<Vec<_>>(),
        [1, 2]
    );
}

#[test]
fn a_second_watcher_is_refused_and_sigterm_stops_the_first() {
    let (s, _) = site();
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("watch.db");
    let db = db.to_str().unwrap();
    let feed = s.url("/feed.xml");
    let (mut first, mut lines) = watch(&["--db", db, "--feed", &feed, "--every", "1h"]);
    let line = lines.next().expect("a first cycle line");
    assert!(line.contains("cycle 1:"), "{line}");
    let second = common::run(&["watch", "--db", db, "--feed", &feed, "--cycles", "1"]);
    assert_eq!(second.status.code(), Some(2));
    let err = String::from_utf8_lossy(&second.stderr);
    assert!(
        err.contains("already watching") && err.contains(&format!("pid {}", first.id())),
        "{err}"
    );
    let killed = Command::new("kill")
        .args(["-TERM", &first.id().to_string()])
        .status()
        .unwrap();
    assert!(killed.success());
    let status = first.wait().unwrap();
    assert_eq!(status.code(), Some(0), "a clean stop on SIGTERM");
    let rest: Vec<String> = lines.collect();
    assert!(
        rest.iter()
            .any(|l| l.contains("watch stopped after 1 cycle(s)")),
        "{rest:?}"
    );
}
