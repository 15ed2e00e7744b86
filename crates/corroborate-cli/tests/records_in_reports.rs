//! Incident records in the cross-article stage, end to end through the binary: the seed story
//! (a police shooting, `../shared/seeds`, read at run time) gets a police-use-of-force record
//! in `report.json` and a "record" panel in the HTML and Markdown dossiers, whose values cite
//! spans that hold them; the fictional ferry corpus gets no police record; `--record` picks
//! schemas; the web UI's story page, rendered from the store, has the panel too.

mod common;
mod support_http;

use std::collections::HashMap;

use common::{examples_dir, run, seeds_dir, slice};
use serde_json::Value;

/// `analyze --format json,html,md --out DIR` with extra arguments; returns the JSON report, the
/// HTML and the Markdown.
fn analyze_all(path: &std::path::Path, extra: &[&str]) -> (Value, String, String) {
    let out = tempfile::tempdir().expect("tempdir");
    let dir = out.path().to_str().expect("utf-8 path");
    let mut args = vec![
        "analyze",
        "--quiet",
        "--today",
        "2026-12-02",
        "--format",
        "json,html,md",
        "--out",
        dir,
    ];
    args.extend_from_slice(extra);
    let p = path.to_str().expect("utf-8 path");
    args.push(p);
    let o = run(&args);
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    let read = |f: &str| std::fs::read_to_string(out.path().join(f)).expect("output written");
    let json: Value = serde_json::from_str(&read("report.json")).expect("valid JSON");
    (json, read("report.html"), read("report.md"))
}

fn schemas(report: &Value) -> Vec<String> {
    report["records"]
        .as_array()
        .expect("records is a list")
        .iter()
        .map(|r| r["schema"].as_str().unwrap_or_default().to_string())
        .collect()
}

fn field<'a>(record: &'a Value, name: &str) -> &'a Value {
    record["fields"]
        .as_array()
        .and_then(|f| f.iter().find(|f| f["name"] == name))
        .unwrap_or_else(|| panic!("no field {name}"))
}

/// The HTML table row of a field.
fn row<'a>(html: &'a str, field: &str) -> &'a str {
    let start = html
        .find(&format!("data-field=\"{field}\""))
        .unwrap_or_else(|| panic!("no row for {field}"));
    let end = start + html[start..].find("</tr>").expect("row closed");
    &html[start..end]
}

/// `(data-cites, shown text)` of every `.record-value` element in `html`.
fn record_values(html: &str) -> Vec<(String, String)> {
    let key = "class=\"src record-value\" tabindex=\"0\" role=\"button\" data-cites=\"";
    let mut out = Vec::new();
    let mut rest = html;
    while let Some(i) = rest.find(key) {
        rest = &rest[i + key.len()..];
        let q = rest.find('"').expect("attribute closed");
        let gt = rest.find('>').expect("tag closed");
        let close = rest.find("</span>").expect("span closed");
        out.push((rest[..q].to_string(), rest[gt + 1..close].to_string()));
    }
    out
}

#[test]
fn seed_story_gets_a_police_record_and_a_record_panel() {
    let (r, html, md) = analyze_all(&seeds_dir(), &[]);
    assert_eq!(schemas(&r), vec!["police-use-of-force".to_string()]);
    let rec = &r["records"][0];
    let story = r["stories"][0]["id"].as_str().expect("story id");
    assert_eq!(rec["story"], story);
    assert_eq!(field(rec, "victim")["value"], "Kohen Wiley");
    assert_eq!(field(rec, "threat_type")["contested"], true);

    let texts: HashMap<&str, &str> = r["documents"]
        .as_array()
        .expect("documents")
        .iter()
        .filter_map(|d| Some((d["id"].as_str()?, d["text"].as_str()?)))
        .collect();

    // The panel: in the story, with threat type marked contested and both sides listed.
    assert_eq!(
        html.matches("data-schema=\"police-use-of-force\"").count(),
        1
    );
    let threat = row(&html, "threat_type");
    assert!(threat.contains("class=\"contested\""), "{threat}");
    assert!(
        threat.contains(">move</span>") && threat.contains(">flee</span>"),
        "{threat}"
    );
    assert!(threat.contains("disputed by"), "{threat}");
    assert!(row(&html, "victim").contains(">Kohen Wiley</span>"));

    // Every value cites spans whose text is evidence of that value in report.json.
    let values = record_values(&html);
    assert!(values.len() >= 20, "{} values", values.len());
    let evidence: Vec<(String, u64, u64, String)> = rec["fields"]
        .as_array()
        .expect("fields")
        .iter()
        .flat_map(|f| f["values"].as_array().cloned().unwrap_or_default())
        .flat_map(|v| v["evidence"].as_array().cloned().unwrap_or_default())
        .map(|e| {
            (
                e["doc"].as_str().unwrap_or_default().to_string(),
                e["start"].as_u64().unwrap_or_default(),
                e["end"].as_u64().unwrap_or_default(),
                e["text"].as_str().unwrap_or_default().to_string(),
            )
        })
        .collect();
    for (cites, shown) in &values {
        for c in cites.split(';') {
            let p: Vec<&str> = c.split(':').collect();
            assert_eq!(p.len(), 3, "{c}");
            let (s, e): (u64, u64) = (p[1].parse().expect("start"), p[2].parse().expect("end"));
            let text = texts.get(p[0]).unwrap_or_else(|| panic!("cited doc {c}"));
            let span = slice(text, s, e);
            assert!(
                evidence
                    .iter()
                    .any(|(d, a, b, t)| d == p[0] && *a == s && *b == e && *t == span),
                "{shown}: {c} ({span:?}) is not evidence in report.json"
            );
        }
    }
    // Names and places: every cited span holds the value or, for a lone first-name or surname
    // mention ("killed Kohen"), one of its words; some span holds the whole value.
    for (name, value) in [
        ("victim", "Kohen Wiley"),
        ("city", "Senatobia"),
        ("family_attorney", "Ben Crump"),
        (
            "investigating_agency",
            "Mississippi Bureau of Investigation",
        ),
    ] {
        let r = row(&html, name);
        let (cites, _) = record_values(r)
            .into_iter()
            .find(|(_, shown)| shown == value)
            .unwrap_or_else(|| panic!("{name}: no value {value} in {r}"));
        let words: Vec<&str> = value.split(' ').filter(|w| w.len() > 3).collect();
        let spans: Vec<String> = cites
            .split(';')
            .map(|c| {
                let p: Vec<&str> = c.split(':').collect();
                slice(texts[p[0]], p[1].parse().unwrap(), p[2].parse().unwrap())
            })
            .collect();
        assert!(
            spans.iter().all(|s| words.iter().any(|w| s.contains(w))),
            "{name}: {spans:?}"
        );
        assert!(spans.iter().any(|s| s.contains(value)), "{name}: {spans:?}");
    }
    // Unknown fields are shown, not hidden: every schema field has a row.
    for f in rec["fields"].as_array().expect("fields") {
        let name = f["name"].as_str().expect("name");
        let r = row(&html, name);
        if f["value"].is_null() && f["contested"] == false {
            assert!(r.contains("class=\"unknown\""), "{name}: {r}");
        }
    }

    // The Markdown has the section with the contested field and footnotes.
    assert!(
        md.contains("### Record: police use of force"),
        "no record section"
    );
    let threat_md = md
        .lines()
        .find(|l| l.starts_with("| threat type |"))
        .expect("threat type row");
    assert!(
        threat_md.contains("**contested**") && threat_md.contains("[^"),
        "{threat_md}"
    );
}

#[test]
fn ferry_corpus_gets_no_police_record() {
    let (r, html, md) = analyze_all(&examples_dir(), &[]);
    assert!(
        !schemas(&r).contains(&"police-use-of-force".to_string()),
        "{:?}",
        schemas(&r)
    );
    assert!(!html.contains("data-schema=\"police-use-of-force\""));
    assert!(!md.contains("### Record: police use of force"));
}

#[test]
fn record_flag_forces_or_switches_records_off() {
    let (none, html, _) = analyze_all(&seeds_dir(), &["--record", "none"]);
    assert_eq!(none["records"], Value::Array(Vec::new()));
    assert!(!html.contains("<section class=\"record\""));

    // A named schema is filled for every story, whether or not it applies.
    let (forced, html, _) = analyze_all(&examples_dir(), &["--record", "product-recall"]);
    let stories = forced["stories"].as_array().map_or(0, Vec::len);
    assert!(stories >= 1);
    assert_eq!(
        schemas(&forced),
        vec!["product-recall".to_string(); stories]
    );
    assert!(html.contains("data-schema=\"product-recall\""));

    // `auto` keeps the automatic ones beside a named one.
    let (both, _, _) = analyze_all(
        &seeds_dir(),
        &["--record", "auto", "--record", "product-recall"],
    );
    assert_eq!(
        schemas(&both),
        vec![
            "product-recall".to_string(),
            "police-use-of-force".to_string()
        ]
    );

    for bad in [
        &["--record", "no-such-schema"][..],
        &["--record", "none", "--record", "auto"],
    ] {
        let mut args = vec!["analyze", "--quiet"];
        args.extend_from_slice(bad);
        let s = seeds_dir();
        args.push(s.to_str().expect("utf-8"));
        let o = run(&args);
        assert_eq!(o.status.code(), Some(2), "{bad:?}");
    }
}

#[test]
fn stored_story_page_has_the_record_panel() {
    let dir = tempfile::tempdir().expect("tempdir");
    let db = dir.path().join("s.db");
    support_http::ingest(&db, &[&seeds_dir()], &[]);
    let srv = support_http::serve(&db, &[]);
    let a = srv.addr.as_str();
    let list = support_http::get(a, "/api/stories").json();
    let id = list["stories"][0]["id"]
        .as_str()
        .expect("story id")
        .to_string();
    let page = support_http::get(a, &format!("/stories/{id}"));
    assert_eq!(page.status, 200);
    let html = page.text();
    assert!(
        html.contains("data-schema=\"police-use-of-force\""),
        "no record panel"
    );
    assert!(row(&html, "threat_type").contains("class=\"contested\""));
    assert!(row(&html, "victim").contains(">Kohen Wiley</span>"));
}
