//! Streams a generated WARC archive of at least 1 GiB and reports the peak memory (VmHWM).
//! Ignored by default (it writes 1 GiB to a temporary folder); run it with
//! `cargo test --release -p corroborate-core --test warc_large -- --ignored --nocapture`.
//! The figure goes in docs/performance.md.

use std::io::{BufWriter, Write};

fn peak_rss_kb() -> u64 {
    let status = std::fs::read_to_string("/proc/self/status").expect("/proc/self/status (Linux)");
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        .expect("VmHWM in /proc/self/status")
}

#[test]
#[ignore = "writes and streams a 1 GiB archive; run by hand for docs/performance.md"]
fn a_one_gib_archive_streams_in_bounded_memory() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("large.warc");
    let para = "<p>Crews in Larkfield closed the old mill road on Tuesday after the river rose over the \
bridge deck, and county engineer Dana Whitcombe said the road would stay shut until an inspection.</p>\n";
    let image = vec![0xA5u8; 400 * 1024];
    let mut out = BufWriter::new(std::fs::File::create(&path).unwrap());
    let mut written = 0u64;
    let mut pages = 0u64;
    while written < (1u64 << 30) + 1024 {
        pages += 1;
        // A 100 KB article page (each different, so each is its own document) and a 400 KB image.
        let html = format!(
            "<html><head><title>Report {pages}</title></head><body><nav>{}</nav><article><h1>Report {pages}</h1>{}</article></body></html>",
            "<a href=\"/x\">Section</a> ".repeat(1500),
            para.repeat(300)
        );
        for (uri, ctype, body) in [
            (
                format!("https://ledger.example/{pages}"),
                "text/html",
                html.into_bytes(),
            ),
            (
                format!("https://ledger.example/{pages}.jpg"),
                "image/jpeg",
                image.clone(),
            ),
        ] {
            let mut msg = format!(
                "HTTP/1.1 200 OK\r\nContent-Type: {ctype}\r\nContent-Length: {}\r\n\r\n",
                body.len()
            )
            .into_bytes();
            msg.extend_from_slice(&body);
            let head = format!(
                "WARC/1.0\r\nWARC-Type: response\r\nWARC-Record-ID: <urn:uuid:00000000-0000-4000-8000-{pages:012x}>\r\n\
WARC-Date: 2026-11-30T09:15:00Z\r\nWARC-Target-URI: {uri}\r\nContent-Length: {}\r\n\r\n",
                msg.len()
            );
            out.write_all(head.as_bytes()).unwrap();
            out.write_all(&msg).unwrap();
            out.write_all(b"\r\n\r\n").unwrap();
            written += (head.len() + msg.len() + 4) as u64;
        }
    }
    out.flush().unwrap();
    drop(out);
    let before = peak_rss_kb();
    let started = std::time::Instant::now();
    let mut docs = 0u64;
    let mut problems = 0usize;
    let counts = corroborate_core::load::warc::stream(&path, &mut |l| {
        docs += l.documents.len() as u64;
        problems += l.problems.len();
    });
    let secs = started.elapsed().as_secs_f64();
    let peak = peak_rss_kb();
    eprintln!(
        "streamed {:.2} GiB ({} records, {} HTML, {} documents, {problems} problems) in {secs:.1} s; \
peak RSS {} MB before streaming, {} MB after",
        written as f64 / (1u64 << 30) as f64,
        counts.records,
        counts.html_responses,
        docs,
        before / 1024,
        peak / 1024
    );
    assert_eq!(docs, pages);
    assert_eq!(problems, 0);
    assert!(
        peak < 1024 * 1024,
        "peak RSS {} MB: not bounded",
        peak / 1024
    );
}
