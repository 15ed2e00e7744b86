//! The HTTP API and pages, against a real `corroborate serve` on loopback with the seeds
//! ingested: listing and search, story and document endpoints, ingest by POST, limits (413,
//! 4xx JSON errors, never a 500), and reads that keep working while an ingest runs.

mod support_http;

use support_http::{get, ingest, post_json, request, seeds, serve, wait_job};

fn error_message(r: &support_http::Resp) -> String {
    let v = r.json();
    assert_eq!(
        v["error"]["status"].as_u64(),
        Some(r.status as u64),
        "error shape"
    );
    v["error"]["message"].as_str().expect("message").to_string()
}

#[test]
fn api_serves_stories_documents_and_ingests() {
    let dir = tempfile::tempdir().expect("tempdir");
    let db = dir.path().join("s.db");
    ingest(&db, &[&seeds()], &[]);
    // The claims analysis and lineages are plain tables, queryable without our code.
    {
        let store = corroborate_store::Store::open_readonly(&db).expect("open store");
        let c = store.connection();
        let count = |sql: &str| -> i64 { c.query_row(sql, [], |r| r.get(0)).expect(sql) };
        assert!(count("SELECT count(*) FROM claims WHERE status = 'agreed'") >= 3);
        assert_eq!(count("SELECT count(*) FROM disputes"), 3);
        assert!(count("SELECT count(*) FROM dispute_parties WHERE side = 'disputes' AND name = 'Vellesiya Wiley'") >= 1);
        assert!(count("SELECT count(*) FROM dispute_parties WHERE side = 'asserts' AND name = 'Martin Zummach'") >= 1);
        assert!(count("SELECT count(*) FROM claim_mentions m JOIN claims k ON k.story = m.story AND k.id = m.claim") > 0);
        assert_eq!(
            count("SELECT max(members) FROM lineages WHERE origin_outlet = 'Associated Press'"),
            3,
            "AP and its two reprints are one lineage"
        );
        // Every stored span slices the document text to the stored text.
        let mismatched = count(
            "SELECT count(*) FROM claim_mentions m JOIN documents d ON d.id = m.doc
             WHERE substr(d.text, m.start + 1, m.\"end\" - m.start) <> m.text",
        );
        assert_eq!(mismatched, 0);
        // Every reference holds, and the views answer the common questions.
        let broken: i64 = c
            .prepare("PRAGMA foreign_key_check")
            .and_then(|mut q| q.query_map([], |_| Ok(())).map(|rows| rows.count() as i64))
            .expect("foreign_key_check");
        assert_eq!(broken, 0, "dangling references");
        assert!(count("SELECT count(DISTINCT doc) FROM claim_sources") >= 3);
        assert!(count("SELECT count(*) FROM quotes_by_speaker WHERE speaker IS NOT NULL") > 0);
        assert_eq!(count("SELECT count(*) FROM story_sources"), 5);
        assert_eq!(
            count("SELECT count(*) FROM documents_fts"),
            count("SELECT count(*) FROM documents")
        );
    }
    let srv = serve(&db, &["--max-body", "200000"]);
    let a = srv.addr.as_str();

    let list = get(a, "/api/stories").json();
    let stories = list["stories"].as_array().expect("stories");
    assert_eq!(stories.len(), 1);
    let id = stories[0]["id"].as_str().expect("id").to_string();
    assert_eq!(stories[0]["documents"].as_u64(), Some(5));

    // Text search goes through FTS; a word absent from every article finds nothing.
    let hit = get(a, "/api/stories?q=Senatobia").json();
    assert_eq!(hit["stories"].as_array().map(Vec::len), Some(1));
    let miss = get(a, "/api/stories?q=zzyzxquokka").json();
    assert_eq!(miss["stories"].as_array().map(Vec::len), Some(0));
    // FTS syntax characters in the query are data, not a 500.
    let odd = get(a, "/api/stories?q=%22%28*%20OR");
    assert_eq!(odd.status, 200, "{}", odd.text());

    let story = get(a, &format!("/api/stories/{id}")).json();
    assert_eq!(story["sources"].as_array().map(Vec::len), Some(5));
    assert!(
        story["sources"][0].get("text").is_none(),
        "sources carry no text"
    );
    assert!(story["timeline"]["events"]
        .as_array()
        .is_some_and(|e| !e.is_empty()));
    assert_eq!(story["history"].as_array().map(Vec::len), Some(1));
    assert!(story["claims"]["claims"]
        .as_array()
        .is_some_and(|c| c.len() > 10));
    assert_eq!(story["disputes"].as_array().map(Vec::len), Some(3));

    let doc_id = story["sources"][0]["id"]
        .as_str()
        .expect("doc id")
        .to_string();
    let doc = get(a, &format!("/api/documents/{doc_id}")).json();
    assert_eq!(doc["document"]["id"].as_str(), Some(doc_id.as_str()));
    assert_eq!(doc["story"].as_str(), Some(id.as_str()));
    assert!(doc["annotations"]["sentences"]
        .as_array()
        .is_some_and(|s| !s.is_empty()));
    assert!(doc["annotations"]["dates"]
        .as_array()
        .is_some_and(|s| !s.is_empty()));

    // Pages.
    let page = get(a, "/");
    assert_eq!(page.status, 200);
    assert!(page.text().contains(&format!("/stories/{id}")));
    let sp = get(a, &format!("/stories/{id}"));
    assert_eq!(sp.status, 200);
    assert!(sp.text().contains("<svg class=\"timeline-svg\""));
    assert!(sp.text().contains("<div class=\"dispute\""));
    assert!(sp.text().contains("class=\"matrix claims-matrix\""));
    let dp = get(a, &format!("/documents/{doc_id}"));
    assert!(dp.text().contains("<mark class=\"date\""));
    assert_eq!(get(a, "/ingest").status, 200);

    // Ingest one article as JSON: the story gains it and gets version 2.
    let art = serde_json::json!({
        "text": "Senatobia officials review shooting\n\nSENATOBIA, Miss. — On Monday, Nov. 2, 2026, city officials in Senatobia said they would review the case.",
        "outlet": "Fictional Ledger", "published": "2026-11-02"
    });
    let r = wait_job(a, &post_json(a, "/api/ingest", &art));
    assert_eq!(
        r["result"]["added"].as_array().map(Vec::len),
        Some(1),
        "{r}"
    );
    let again = wait_job(a, &post_json(a, "/api/ingest", &art));
    assert_eq!(
        again["result"]["added"].as_array().map(Vec::len),
        Some(0),
        "same article twice is a no-op"
    );
    // The new article belongs to a story (the seed story or its own), whose sources list it.
    let added = r["result"]["added"][0]
        .as_str()
        .expect("added id")
        .to_string();
    let sid = get(a, &format!("/api/documents/{added}")).json()["story"]
        .as_str()
        .expect("linked into a story")
        .to_string();
    let story = get(a, &format!("/api/stories/{sid}")).json();
    let ids: Vec<&str> = story["sources"]
        .as_array()
        .expect("sources")
        .iter()
        .filter_map(|d| d["id"].as_str())
        .collect();
    assert!(ids.contains(&added.as_str()));
    let versions = story["history"].as_array().map(Vec::len);
    assert_eq!(versions, Some(if sid == id { 2 } else { 1 }));
    // JSON lines, and the job's progress once done.
    let r = request(
        a,
        "POST",
        "/api/ingest",
        Some("application/x-ndjson"),
        b"{\"text\": \"A plain text article\\n\\nSomething happened on Tuesday in a fictional town.\", \"outlet\": \"Plain Wire\"}",
    );
    assert!(r
        .header("location")
        .is_some_and(|l| l.starts_with("/api/jobs/")));
    let job = wait_job(a, &r);
    assert_eq!(job["documents"].as_u64(), Some(1));
    assert_eq!(job["committed"].as_u64(), Some(1));
    assert!(job["finished_at"].is_string());
    assert_eq!(get(a, "/api/jobs/jnope-1").status, 404);
}

#[test]
fn bad_requests_get_json_errors_never_500() {
    let dir = tempfile::tempdir().expect("tempdir");
    let db = dir.path().join("e.db");
    let srv = serve(&db, &["--max-body", "1000"]);
    let a = srv.addr.as_str();
    let big = vec![b'a'; 5000];
    let r = request(a, "POST", "/api/ingest", Some("application/json"), &big);
    assert_eq!(r.status, 413);
    assert!(error_message(&r).contains("too large"));
    let cases: Vec<(support_http::Resp, u16)> = vec![
        (
            request(
                a,
                "POST",
                "/api/ingest",
                Some("application/json"),
                b"{not json",
            ),
            400,
        ),
        (
            request(a, "POST", "/api/ingest", Some("application/json"), b"[]"),
            400,
        ),
        (
            request(
                a,
                "POST",
                "/api/ingest",
                Some("application/json"),
                b"[{\"title\": \"x\"}]",
            ),
            400,
        ),
        (
            request(a, "POST", "/api/ingest", Some("application/json"), b"42"),
            400,
        ),
        (
            request(a, "POST", "/api/ingest", Some("image/png"), b"abc"),
            415,
        ),
        (request(a, "POST", "/api/ingest", None, b"abc"), 415),
        (
            request(a, "POST", "/api/ingest", Some("application/json"), b"   "),
            400,
        ),
        (
            request(
                a,
                "POST",
                "/api/ingest",
                Some("application/x-ndjson"),
                b"a\x00b",
            ),
            422,
        ),
        // Not JSON: a page of another site could send these without asking.
        (
            request(a, "POST", "/api/ingest", Some("text/plain"), b"words"),
            415,
        ),
        (
            request(a, "POST", "/api/ingest", Some("text/html"), b"<p>words</p>"),
            415,
        ),
        (request(a, "GET", "/api/ingest", None, b""), 405),
        (get(a, "/api/stories/nope"), 404),
        (get(a, "/api/stories/..%2F..%2Fetc"), 400),
        (get(a, "/api/documents/dffff"), 404),
        (get(a, "/api/stories/s1/report?format=pdf"), 404),
        (get(a, "/no/such/page"), 404),
    ];
    for (i, (r, want)) in cases.iter().enumerate() {
        assert_eq!(r.status, *want, "case {i}: {}", r.text());
        assert!(!error_message(r).is_empty(), "case {i}");
    }
}

#[test]
fn reads_continue_while_an_ingest_runs() {
    let dir = tempfile::tempdir().expect("tempdir");
    let db = dir.path().join("c.db");
    ingest(&db, &[&seeds()], &[]);
    let srv = serve(&db, &[]);
    let a = srv.addr.clone();
    let id = get(&a, "/api/stories").json()["stories"][0]["id"]
        .as_str()
        .expect("id")
        .to_string();
    let batch: Vec<serde_json::Value> = (0..150)
        .map(|i| {
            serde_json::json!({
                "text": format!("Fictional item {i}\n\nOn Monday, Nov. {}, 2026, the council of Tarnwick met for the {i}th time and voted.", i % 28 + 1),
                "outlet": format!("Outlet {}", i % 7)
            })
        })
        .collect();
    let writer = {
        let a = a.clone();
        std::thread::spawn(move || post_json(&a, "/api/ingest", &serde_json::Value::Array(batch)))
    };
    let w = writer.join().expect("writer thread");
    assert_eq!(w.status, 202, "{}", w.text());
    let url = w.json()["url"].as_str().expect("job url").to_string();
    let mut reads = 0;
    loop {
        let r = get(&a, &format!("/api/stories/{id}"));
        assert_eq!(r.status, 200, "read during ingest: {}", r.text());
        reads += 1;
        let job = get(&a, &url).json();
        if job["status"] == "done" && reads >= 20 {
            assert_eq!(job["result"]["added"].as_array().map(Vec::len), Some(150));
            break;
        }
        assert_ne!(job["status"], "failed", "{job}");
    }
}
