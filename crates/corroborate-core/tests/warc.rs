//! WARC archives written by the test itself: request, response, metadata and warcinfo records,
//! a non-HTML response, a crawler-truncated record and a record cut short by the end of the
//! file; plain and gzip-per-record.

use std::io::Write;
use std::path::Path;

use corroborate_core::load::{self, InputKind};

fn record(kind: &str, uri: &str, date: &str, extra: &str, block: &[u8]) -> Vec<u8> {
    let mut r = format!(
        "WARC/1.0\r\nWARC-Type: {kind}\r\nWARC-Record-ID: <urn:uuid:{:08x}-0000-4000-8000-000000000000>\r\n\
WARC-Date: {date}\r\nWARC-Target-URI: {uri}\r\n{extra}Content-Length: {}\r\n\r\n",
        xxhash_rust::xxh3::xxh3_64(block) as u32,
        block.len()
    )
    .into_bytes();
    r.extend_from_slice(block);
    r.extend_from_slice(b"\r\n\r\n");
    r
}

fn http(ctype: &str, body: &str) -> Vec<u8> {
    format!(
        "HTTP/1.1 200 OK\r\nContent-Type: {ctype}\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    )
    .into_bytes()
}

fn page(headline: &str) -> String {
    let para = "<p>Crews in Larkfield closed the old mill road on Tuesday after the river rose over the \
bridge deck, and county engineer Dana Whitcombe said the road would stay shut until an inspection.</p>";
    format!("<html><head><title>{headline}</title></head><body><article><h1>{headline}</h1>{}</article></body></html>", para.repeat(5))
}

/// The records of the test archive, each a separate byte string.
fn records() -> Vec<Vec<u8>> {
    let d = "2026-11-30T09:15:00Z";
    vec![
        record("warcinfo", "", d, "", b"software: test\r\n"),
        record(
            "request",
            "https://ledger.example/flood",
            d,
            "",
            b"GET /flood HTTP/1.1\r\nHost: ledger.example\r\n\r\n",
        ),
        record(
            "response",
            "https://ledger.example/flood",
            d,
            "Content-Type: application/http; msgtype=response\r\n",
            &http("text/html; charset=utf-8", &page("Flood closes mill road")),
        ),
        record(
            "metadata",
            "https://ledger.example/flood",
            d,
            "",
            b"fetchTimeMs: 120\r\n",
        ),
        record(
            "response",
            "https://ledger.example/logo.png",
            d,
            "",
            &http("image/png", "PNGDATA"),
        ),
        record(
            "response",
            "https://ledger.example/cut",
            d,
            "WARC-Truncated: length\r\n",
            &http("text/html", &page("Cut by the crawler")),
        ),
        record(
            "response",
            "https://ledger.example/bridge",
            "2026-12-01T07:00:00Z",
            "",
            &http("text/html", &page("Bridge inspected")),
        ),
    ]
}

fn check(loaded: &load::Loaded, source_prefix: &str) {
    let urls: Vec<&str> = loaded
        .documents
        .iter()
        .filter_map(|d| d.meta.url.as_deref())
        .collect();
    assert_eq!(
        urls,
        [
            "https://ledger.example/flood",
            "https://ledger.example/bridge"
        ]
    );
    let first = &loaded.documents[0];
    assert!(first.text.contains("Dana Whitcombe"));
    assert!(first.source.starts_with(source_prefix), "{}", first.source);
    let r = first.meta.retrieved.as_ref().unwrap();
    assert_eq!(
        (r.url.as_str(), r.at.as_str(), r.source.as_str()),
        (
            "https://ledger.example/flood",
            "2026-11-30T09:15:00Z",
            "warc"
        )
    );
    assert_eq!(
        loaded.documents[1].meta.retrieved.as_ref().unwrap().at,
        "2026-12-01T07:00:00Z"
    );
    let msgs: Vec<String> = loaded.problems.iter().map(|p| p.to_string()).collect();
    assert!(
        msgs.iter().any(|m| m.contains("truncated by the crawler")),
        "{msgs:?}"
    );
    assert!(
        msgs.iter()
            .any(|m| m.contains("cut short") || m.contains("ends inside a record")),
        "{msgs:?}"
    );
}

/// Appends a response record whose declared length runs past the end of the file.
fn cut_short() -> Vec<u8> {
    let mut r = record(
        "response",
        "https://ledger.example/late",
        "2026-12-01T08:00:00Z",
        "",
        &http("text/html", &page("Late")),
    );
    r.truncate(r.len() - 200);
    r
}

#[test]
fn plain_warc_gives_html_responses_only() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("crawl.warc");
    let mut bytes: Vec<u8> = records().concat();
    bytes.extend(cut_short());
    std::fs::write(&path, &bytes).unwrap();
    assert_eq!(InputKind::from_path(&path), Some(InputKind::Warc));
    let found = load::discover(&[dir.path().to_path_buf()], None, true);
    assert_eq!(found.files.len(), 1);
    let loaded = load::load_file(&found.files[0]);
    check(&loaded, &path.display().to_string());
    // The same bytes in memory load the same way.
    let again = load::load_bytes("mem.warc", InputKind::Warc, bytes, None);
    assert_eq!(again.documents.len(), 2);
}

#[test]
fn gzip_per_record_warc_streams_the_same() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("crawl.warc.gz");
    let mut out = Vec::new();
    for r in records().into_iter().chain([cut_short()]) {
        let mut enc = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
        enc.write_all(&r).unwrap();
        out.extend(enc.finish().unwrap());
    }
    std::fs::write(&path, &out).unwrap();
    let loaded = load::warc::load(&path);
    check(&loaded, &path.display().to_string());
}

#[test]
fn garbage_and_missing_archives_are_problems() {
    let loaded = load::load_bytes(
        "junk.warc",
        InputKind::Warc,
        b"not a warc at all\r\n\r\nxx".to_vec(),
        None,
    );
    assert!(loaded.documents.is_empty());
    assert_eq!(loaded.problems.len(), 1, "{:?}", loaded.problems);
    let missing = load::warc::load(Path::new("/nonexistent/none.warc"));
    assert!(missing.problems[0].message.contains("cannot read"));
    assert!(!Path::new("/nonexistent/none.warc").exists());
}
