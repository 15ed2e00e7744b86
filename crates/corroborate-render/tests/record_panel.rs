//! The "record" panel of the HTML and Markdown dossiers, on fictional reports: each field with
//! its value(s), independent sources, a contested marker listing every competing value with who
//! asserts and disputes it, single-source and unknown markers, and values that cite their
//! evidence. Hostile text in any part of a record stays escaped.

use std::collections::BTreeMap;

use corroborate_core::document::{Document, SourceFormat};
use corroborate_core::PreparedDoc;
use corroborate_render::dossier::Dossier;
use corroborate_render::json::{build, CrossDoc, ReportOptions};
use corroborate_render::{html, markdown};
use serde_json::{json, Value};

const D1: &str = "Ferry Island Star runs aground\n\nThe ferry Island Star ran aground in fog on \
    Tuesday, the operator said. Captain <img src=x onerror=alert(1)> was at the helm.";
const D2: &str = "Union blames engine\n\nUnion rep Ana Ruiz disputed that fog caused it and said \
    the Island Star had an engine failure.";
const D3: &str = "Library opens garden\n\nThe Riverside library opened a garden.";

/// Code-point span of the first `needle` in `text`.
fn at(text: &str, needle: &str) -> (usize, usize) {
    let b = text
        .find(needle)
        .unwrap_or_else(|| panic!("{needle:?} not in text"));
    let s = text[..b].chars().count();
    (s, s + needle.chars().count())
}

fn ev(doc: &str, text: &str, needle: &str, by: &str, disputes: bool) -> Value {
    let (s, e) = at(text, needle);
    json!({"doc": doc, "start": s, "end": e, "text": needle, "asserted_by": by,
           "voice": "outlet", "disputes": disputes})
}

fn fictional() -> Value {
    json!({
        "schema": "corroborate/1",
        "documents": [
            {"id": "d1", "source": "a.txt", "text": D1, "headline": {"start": 0, "end": 30},
             "meta": {"outlet": {"value": "Coast Gazette", "how": "manifest"}}},
            {"id": "d2", "source": "b.txt", "text": D2, "headline": {"start": 0, "end": 20},
             "meta": {"outlet": {"value": "Harbor Daily", "how": "manifest"}}},
            {"id": "d3", "source": "c.txt", "text": D3, "headline": {"start": 0, "end": 20}}
        ],
        "stories": [
            {"id": "s1", "documents": ["d1", "d2"], "lineages": ["l1", "l2"],
             "title": {"doc": "d1", "start": 0, "end": 30, "text": "Ferry Island Star runs aground"}},
            {"id": "s2", "documents": ["d3"], "lineages": ["l3"],
             "title": {"doc": "d3", "start": 0, "end": 20, "text": "Library opens garden"}}
        ],
        "records": [{
            "schema": "ferry-incident",
            "story": "s1",
            "description": "A ferry incident <b>bold</b>",
            "documents": ["d1", "d2"],
            "fields": [
                {"name": "vessel", "type": "text", "description": "Name of the vessel",
                 "value": "Island Star", "contested": false,
                 "values": [{"value": "Island Star", "sources": 2, "single_source": false,
                             "asserted_by": ["Coast Gazette", "Harbor Daily"], "disputed_by": [],
                             "evidence": [ev("d1", D1, "Island Star", "Coast Gazette", false),
                                          ev("d2", D2, "Island Star", "Harbor Daily", false)]}]},
                {"name": "cause", "type": "enum", "description": "What caused it",
                 "value": "fog", "contested": true,
                 "values": [
                    {"value": "fog", "sources": 1, "single_source": true,
                     "asserted_by": ["the operator"], "disputed_by": ["Ana Ruiz"],
                     "evidence": [ev("d1", D1, "fog", "the operator", false),
                                  ev("d2", D2, "fog", "Ana Ruiz", true)]},
                    {"value": "engine failure", "sources": 1, "single_source": true,
                     "asserted_by": ["Ana Ruiz"], "disputed_by": [],
                     "evidence": [ev("d2", D2, "engine failure", "Ana Ruiz", false)]}]},
                {"name": "injured", "type": "integer", "description": "People injured",
                 "value": null, "contested": false, "values": []},
                {"name": "captain", "type": "text", "description": "The \"captain\" <i>",
                 "value": "<img src=x onerror=alert(1)>", "contested": false,
                 "values": [{"value": "<img src=x onerror=alert(1)>", "sources": 1,
                             "single_source": true,
                             "asserted_by": ["\"><script>alert(2)</script>"], "disputed_by": [],
                             "evidence": [ev("d1", D1, "<img src=x onerror=alert(1)>",
                                             "\"><script>alert(2)</script>", false)]}]}
            ]
        }]
    })
}

fn html_of(v: &Value) -> String {
    html::render(&Dossier::from_value(v).expect("dossier reads the report"))
}

/// The table row of a field: from its `data-field` attribute to the end of the row.
fn row<'a>(html: &'a str, field: &str) -> &'a str {
    let start = html
        .find(&format!("data-field=\"{field}\""))
        .unwrap_or_else(|| panic!("no row for {field}"));
    let end = start + html[start..].find("</tr>").expect("row closed");
    &html[start..end]
}

/// Every `data-cites` value of the `.record-value` elements in `html`, with the element's text.
fn record_values(html: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let key = "class=\"src record-value\" tabindex=\"0\" role=\"button\" data-cites=\"";
    let mut rest = html;
    while let Some(i) = rest.find(key) {
        rest = &rest[i + key.len()..];
        let q = rest.find('"').expect("attribute closed");
        let cites = rest[..q].to_string();
        let gt = rest.find('>').expect("tag closed");
        let close = rest.find("</span>").expect("span closed");
        out.push((cites, rest[gt + 1..close].to_string()));
    }
    out
}

#[test]
fn panel_shows_each_field_with_values_sources_and_markers() {
    let out = html_of(&fictional());
    assert_eq!(
        out.matches("<section class=\"record\"").count(),
        1,
        "one record, in its own story only"
    );
    let s1 = out.find("id=\"story-s1\"").expect("story s1");
    let s2 = out.find("id=\"story-s2\"").expect("story s2");
    let panel = out.find("data-schema=\"ferry-incident\"").expect("panel");
    assert!(s1 < panel && panel < s2, "the panel sits in story s1");
    // Right after "Who's who", before the claims sections.
    let whos = out[s1..]
        .find("Who&#39;s who")
        .or_else(|| out[s1..].find("Who's who"));
    assert!(whos.is_some_and(|w| s1 + w < panel));

    let vessel = row(&out, "vessel");
    assert!(vessel.contains("title=\"Name of the vessel\""), "{vessel}");
    assert!(vessel.contains(">Island Star</span>"));
    assert!(
        vessel.contains("<div>2</div>"),
        "two independent sources: {vessel}"
    );
    assert!(!vessel.contains("single-source"));
    assert!(!vessel.contains("contested"));

    let cause = row(&out, "cause");
    assert!(cause.contains("class=\"contested\""), "{cause}");
    assert!(cause.contains(">fog</span>") && cause.contains(">engine failure</span>"));
    assert!(cause.contains("asserted by the operator"));
    assert!(cause.contains("asserted by Ana Ruiz"));
    assert!(cause.contains("disputed by Ana Ruiz"));
    assert!(cause.contains("single source"));

    let injured = row(&out, "injured");
    assert!(injured.contains("class=\"unknown\""), "{injured}");
    assert!(injured.contains("unknown"));
    assert!(!injured.contains("record-value"), "nothing guessed");
}

#[test]
fn values_cite_their_evidence_spans() {
    let v = fictional();
    let out = html_of(&v);
    let values = record_values(&out);
    assert!(values.len() >= 4, "{values:?}");
    let texts: BTreeMap<&str, &str> = [("d1", D1), ("d2", D2)].into_iter().collect();
    for (cites, shown) in &values {
        assert!(!cites.is_empty());
        for c in cites.split(';') {
            let p: Vec<&str> = c.split(':').collect();
            assert_eq!(p.len(), 3, "{c}");
            let (s, e): (usize, usize) = (p[1].parse().unwrap(), p[2].parse().unwrap());
            let text = texts[p[0]];
            let span: String = text.chars().skip(s).take(e - s).collect();
            // Every cited span is the value itself in these fictional records (escaped as shown).
            assert_eq!(html::escape(&span), *shown, "{c}");
        }
    }
    // Exact cites of the vessel: both articles, code points.
    let (a, b) = at(D1, "Island Star");
    let (c, d) = at(D2, "Island Star");
    assert!(out.contains(&format!("data-cites=\"d1:{a}:{b};d2:{c}:{d}\">Island Star")));
    // The dispute is clickable and cites the disputing span only.
    let (x, y) = at(D2, "fog");
    assert!(out.contains(&format!(
        "class=\"src record-dispute\" tabindex=\"0\" role=\"button\" data-cites=\"d2:{x}:{y}\">disputed by Ana Ruiz"
    )));
}

#[test]
fn hostile_record_text_stays_escaped() {
    let out = html_of(&fictional());
    assert!(!out.contains("<img"), "a value emitted as markup");
    assert!(
        !out.contains("<script>alert(2)"),
        "a name emitted as markup"
    );
    assert!(
        !out.contains("<b>bold"),
        "the description emitted as markup"
    );
    assert!(!out.contains("<i>"));
    assert_eq!(out.matches("<script").count(), 2, "only our two scripts");
    assert!(out.contains("&lt;img src=x onerror=alert(1)&gt;"));
    assert!(out.contains("&quot;&gt;&lt;script&gt;alert(2)&lt;/script&gt;"));
    assert!(out.contains("title=\"The &quot;captain&quot; &lt;i&gt;\""));
    let md = markdown::render(&Dossier::from_value(&fictional()).expect("dossier"));
    // Every `<` of the input is backslash-escaped, so no tag survives.
    let unescaped = md.replace("\\<", "");
    assert!(!unescaped.contains("<img"), "{md}");
    assert!(!unescaped.contains("<script>"));
    assert!(md.contains("\\<img src=x onerror=alert\\(1\\)\\>"));
}

#[test]
fn markdown_has_a_record_section_with_cited_values() {
    let md = markdown::render(&Dossier::from_value(&fictional()).expect("dossier"));
    let start = md
        .find("### Record: ferry incident")
        .expect("record section");
    let section = &md[start..start + md[start..].find("\n\n###").unwrap_or(md.len() - start)];
    assert!(section.contains("| field | value | independent sources |"));
    // The vessel cites two footnotes and counts two sources.
    let vessel = section
        .lines()
        .find(|l| l.starts_with("| vessel |"))
        .expect("vessel row");
    assert_eq!(vessel.matches("[^").count(), 2, "{vessel}");
    assert!(vessel.ends_with("| 2 |"), "{vessel}");
    let cause = section
        .lines()
        .find(|l| l.starts_with("| cause |"))
        .expect("cause row");
    assert!(cause.contains("**contested**"), "{cause}");
    assert!(cause.contains("fog[^") && cause.contains("engine failure[^"));
    assert!(cause.contains("disputed by Ana Ruiz[^"), "{cause}");
    assert!(cause.contains("(single source)"));
    assert!(section.contains("| injured | _unknown_ | — |"));
    // The footnotes quote the evidence.
    assert!(
        md.contains("“Island Star” (`d1`"),
        "footnote quoting the span"
    );
}

#[test]
fn a_report_without_records_renders_without_a_panel() {
    let mut v = fictional();
    v.as_object_mut().expect("object").remove("records");
    let out = html_of(&v);
    assert!(out.contains("id=\"story-s1\""));
    assert!(!out.contains("class=\"record\""));
    let md = markdown::render(&Dossier::from_value(&v).expect("dossier"));
    assert!(!md.contains("### Record"));
}

#[test]
fn records_from_the_pipeline_reach_the_json_and_the_panel() {
    let text = "Officer shot man in Dayton\n\nOfficer Dana Reyes shot and killed Sam Ortiz, 34, \
                during a traffic stop in Dayton, Ohio, on May 2, 2026, police said. Three officers \
                were at the scene.";
    let today = jiff::civil::date(2026, 6, 1);
    let mut d = Document::new("dayton.txt", SourceFormat::Text, text.to_string());
    d.meta.outlet = Some(corroborate_core::document::Known {
        value: "<script>alert(3)</script> Times".into(),
        provenance: corroborate_core::document::Provenance::Manifest,
    });
    let p = PreparedDoc::new(d, today);
    let ex = corroborate_extract::extract(&p);
    let results = vec![(p, ex)];
    let schema = corroborate_records::schema::builtins()
        .iter()
        .find(|s| s.name == "police-use-of-force")
        .expect("shipped schema");
    let mut record = corroborate_records::build_record(schema, &results, &[0], &BTreeMap::new());
    record.story = Some("s9".into());
    let cross = CrossDoc {
        records: vec![record],
        ..Default::default()
    };
    let r = build(results, Vec::new(), cross, ReportOptions::default());
    let v = serde_json::to_value(&r).expect("serialises");
    let rec = &v["records"][0];
    assert_eq!(rec["story"], "s9");
    let victim = rec["fields"]
        .as_array()
        .and_then(|f| f.iter().find(|f| f["name"] == "victim"))
        .expect("victim field");
    assert_eq!(victim["value"], "Sam Ortiz");
    let out = html_of(&v);
    assert!(out.contains("data-schema=\"police-use-of-force\""));
    assert!(row(&out, "victim").contains(">Sam Ortiz</span>"));
    assert!(row(&out, "call_type").contains("class=\"unknown\""));
    assert!(
        !out.contains("<script>alert(3)"),
        "outlet name emitted as markup"
    );
}
