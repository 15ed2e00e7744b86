//! `analyze --format md,html,json --out DIR` on the seeds: one file per format; the Markdown has
//! a section per item of the dossier with footnoted citations; the HTML is self-contained.

mod support_http;

use std::process::Command;

/// Runs `analyze --format md,html,json --out DIR` on the seeds and reads the three files.
fn analyze_seeds() -> (String, String, serde_json::Value) {
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
    let read = |name: &str| std::fs::read_to_string(out.path().join(name)).expect(name);
    let json = serde_json::from_str(&read("report.json")).expect("valid JSON");
    (read("report.md"), read("report.html"), json)
}

#[test]
fn analyze_writes_markdown_html_and_json_for_the_seeds() {
    let (md, html, json) = analyze_seeds();
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

/// The value of attribute `name` in the first tag at or after `from`.
fn attr<'a>(html: &'a str, from: usize, name: &str) -> Option<&'a str> {
    let tag_end = from + html[from..].find('>')?;
    let key = format!("{name}=\"");
    let start = from + html[from..tag_end].find(&key)? + key.len();
    let end = start + html[start..].find('"')?;
    Some(&html[start..end])
}

/// Text of code points `[start, end)` of a report document.
fn cited_text(report: &serde_json::Value, cite: &str) -> String {
    let parts: Vec<&str> = cite.split(':').collect();
    assert_eq!(parts.len(), 3, "cite {cite}");
    let (a, b): (usize, usize) = (
        parts[1].parse().expect("start"),
        parts[2].parse().expect("end"),
    );
    let doc = report["documents"]
        .as_array()
        .and_then(|ds| ds.iter().find(|d| d["id"] == parts[0]))
        .expect("cited document is in the report");
    let text = doc["text"].as_str().expect("text");
    text.chars().skip(a).take(b - a).collect()
}

#[test]
fn seed_dossiers_show_agreed_contested_and_unique_claims_with_a_lineage_matrix() {
    let (md, html, report) = analyze_seeds();
    assert!(!md.contains("Not computed") && !html.contains("Not computed"));

    // Markdown: counts on agreed facts; the shooting dispute side by side, each party quoted.
    let section = |from: &str, to: &str| -> &str {
        let a = md.find(from).unwrap_or_else(|| panic!("{from}"));
        let b = a + md[a..].find(to).unwrap_or_else(|| panic!("{to}"));
        &md[a..b]
    };
    let agreed = section("### Agreed facts", "### Contested points");
    assert!(agreed.contains("independent sources**"), "{agreed}");
    let contested = section("### Contested points", "### Inconsistencies");
    assert!(contested.contains("| asserts | disputes |"), "{contested}");
    for party in ["Martin Zummach", "Vellesiya Wiley", "Ben Crump"] {
        assert!(contested.contains(party), "contested points name {party}");
    }
    // The justified / excessive evaluation has the attorney general's side and Crump's.
    assert!(contested.contains("“justified”") && contested.contains("“excessive”"));
    let unique = section("### What each outlet alone adds", "### Quotes");
    assert!(
        unique.contains("one lineage: an original and its reprints"),
        "the AP reprints are one entry: {unique}"
    );

    // HTML: each contested claim is clickable and cites spans holding the claim's statements.
    let mut contested_claims = 0;
    for (i, _) in html.match_indices("class=\"src claim contested\"") {
        let cites = attr(&html, i, "data-cites").expect("contested claim cites");
        for cite in cites.split(';') {
            assert!(!cited_text(&report, cite).trim().is_empty(), "{cite}");
        }
        contested_claims += 1;
    }
    assert!(
        contested_claims >= 3,
        "contested claims shown: {contested_claims}"
    );
    assert_eq!(html.matches("<div class=\"dispute\"").count(), 3);
    assert!(html.contains("<h4>Asserts</h4>") && html.contains("<h4>Disputes</h4>"));

    // The matrix colours the Associated Press lineage (AP, People, The Guardian) alike.
    let m = html
        .find("class=\"matrix claims-matrix\"")
        .expect("claims matrix");
    let head_end = m + html[m..].find("</thead>").expect("matrix head");
    let colour = |outlet: &str| -> String {
        let at = m + html[m..head_end]
            .find(&format!("<span>{outlet}</span>"))
            .unwrap_or_else(|| panic!("matrix column {outlet}"));
        attr(
            &html,
            at + html[at..].find("<i ").expect("lineage bar"),
            "style",
        )
        .expect("colour")
        .to_string()
    };
    assert_eq!(colour("Associated Press"), colour("People"));
    assert_eq!(colour("Associated Press"), colour("The Guardian"));
    assert_ne!(colour("Associated Press"), colour("CBS News"));
    assert_ne!(colour("CBS News"), colour("ABC News"));
}
