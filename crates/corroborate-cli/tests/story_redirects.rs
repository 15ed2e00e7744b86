//! When a later article bridges two stories, the store merges them and the ended story's id
//! redirects to the story that now holds its articles: `Store::story_moved_to`, a
//! `story_redirects` row, and a 301 from the API and the story page (old versions stay readable).

mod support_http;

use std::path::{Path, PathBuf};

use support_http::{get, ingest, serve};

fn example(prefix: &str) -> PathBuf {
    let dir = Path::new(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../examples/corpus"
    ));
    std::fs::read_dir(dir)
        .expect("examples/corpus")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .find(|p| {
            p.file_name()
                .is_some_and(|n| n.to_string_lossy().starts_with(prefix))
        })
        .unwrap_or_else(|| panic!("no example article {prefix}*"))
}

fn current_stories(db: &Path) -> Vec<String> {
    let s = corroborate_store::Store::open_readonly(db).expect("store");
    let mut q = s
        .connection()
        .prepare("SELECT id FROM stories ORDER BY id")
        .expect("query");
    let ids = q
        .query_map([], |r| r.get::<_, String>(0))
        .expect("rows")
        .collect::<Result<Vec<_>, _>>()
        .expect("ids");
    ids
}

#[test]
fn a_story_merged_by_a_bridging_article_redirects_to_the_merged_story() {
    let dir = tempfile::tempdir().expect("tempdir");
    let db = dir.path().join("s.db");
    let (bayline, radio, wire) = (example("03-"), example("05-"), example("01-"));
    // Alone, these two reports of the example story are too far apart to join.
    ingest(&db, &[&bayline, &radio], &["--no-manifest"]);
    let before = current_stories(&db);
    assert_eq!(before.len(), 2, "{before:?}");

    // The wire story shares enough with both to bridge them into one story.
    ingest(&db, &[&wire], &["--no-manifest"]);
    let after = current_stories(&db);
    assert_eq!(after.len(), 1, "{after:?}");
    let kept = after[0].clone();
    let gone = before
        .iter()
        .find(|id| **id != kept)
        .expect("one story ended")
        .clone();
    {
        let s = corroborate_store::Store::open_readonly(&db).expect("store");
        assert_eq!(s.story_moved_to(&gone).expect("read"), Some(kept.clone()));
        assert_eq!(s.story_moved_to(&kept).expect("read"), None);
        assert_eq!(s.story_moved_to("s-unknown").expect("read"), None);
    }

    // `analyze` over the same three articles merges the same way.
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_corroborate"))
        .args([
            "analyze",
            "--quiet",
            "--no-manifest",
            "--today",
            "2026-12-01",
        ])
        .args([&bayline, &radio, &wire])
        .output()
        .expect("run analyze");
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON report");
    assert_eq!(
        report["story_redirects"],
        serde_json::json!({ gone.as_str(): kept.as_str() })
    );

    let server = serve(&db, &[]);
    let addr = &server.addr;
    let r = get(addr, &format!("/api/stories/{gone}"));
    assert_eq!(r.status, 301, "{}", r.text());
    assert_eq!(
        r.header("location"),
        Some(format!("/api/stories/{kept}").as_str())
    );
    assert_eq!(r.json()["moved_to"], kept.as_str());
    let r = get(addr, &format!("/api/stories/{gone}/report?format=md"));
    assert_eq!(r.status, 301);
    assert_eq!(
        r.header("location"),
        Some(format!("/api/stories/{kept}/report?format=md").as_str())
    );
    let r = get(addr, &format!("/stories/{gone}"));
    assert_eq!(r.status, 301);
    assert_eq!(
        r.header("location"),
        Some(format!("/stories/{kept}").as_str())
    );
    // The ended story's own history stays readable by version.
    let r = get(addr, &format!("/api/stories/{gone}/report?version=1"));
    assert_eq!(r.status, 200, "{}", r.text());
    assert_eq!(get(addr, &format!("/api/stories/{kept}")).status, 200);
}
