//! `analyze --format md,html,json --out DIR` on the seeds: one file per format; the Markdown has
//! a section per item of the dossier with footnoted citations; the HTML is self-contained.

mod support_http;

use std::process::Command;

#[test]
fn analyze_writes_markdown_html_and_json_for_the_seeds() {
    let out = tempfile::tempdir().expect("tempdir");
    let st = Command::new(env!("CARGO_BIN_EXE_corroborate"))
        .arg("analyze")
        .arg(support_http::seeds())
        .args([
            "--format",
            "md,html,json",
            "--quiet",
            "--today",
            "2026-12-01",
            "--out",
        ])
        .arg(out.path())
        .status()
        .expect("run analyze");
    assert!(st.success());
    let md = std::fs::read_to_string(out.path().join("report.md")).expect("report.md");
    let html = std::fs::read_to_string(out.path().join("report.html")).expect("report.html");
    let json: serde_json::Value = serde_json::from_slice(
        &std::fs::read(out.path().join("report.json")).expect("report.json"),
    )
    .expect("valid JSON");
    for section in [
        "### Sources",
        "### Who's who",
        "### Agreed facts",
        "### Contested points",
        "### Inconsistencies between outlets",
        "### Timeline",
        "### What each outlet alone adds",
    ] {
        assert!(md.contains(section), "Markdown lacks {section}");
    }
    // Every outlet appears in the sources table, and footnotes cite with quoted snippets.
    let docs = json["documents"].as_array().expect("documents");
    for d in docs {
        let outlet = d["meta"]["outlet"]["value"].as_str().expect("seed outlet");
        assert!(md.contains(outlet), "sources table lacks {outlet}");
    }
    let markers = md.matches("[^").count();
    let notes = md.lines().filter(|l| l.starts_with("[^")).count();
    assert!(notes > 5, "footnotes written ({notes})");
    assert_eq!(
        markers,
        notes * 2,
        "every footnote is cited once and defined once"
    );
    assert!(md
        .lines()
        .filter(|l| l.starts_with("[^"))
        .all(|l| l.contains('“')));
    // Self-contained: nothing fetched from elsewhere.
    for external in ["<link", " src=\"http", "@import", "url(http", "<iframe"] {
        assert!(
            !html.contains(external),
            "HTML references something external: {external}"
        );
    }
    assert!(html.contains("<svg class=\"timeline-svg\""));
    assert!(html.contains("id=\"corroborate-docs\""));
    assert!(
        html.matches("data-cites=").count() > 10,
        "clickable citations"
    );
}
