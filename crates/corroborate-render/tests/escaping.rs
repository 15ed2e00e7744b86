//! Article text is data: hostile articles (script tags, event-handler attributes, `javascript:`
//! URLs, a `</script>` that tries to close the embedded JSON) must come out of the Markdown and
//! HTML dossiers as inert, escaped text.

use corroborate_core::document::{Document, SourceFormat};
use corroborate_core::PreparedDoc;
use corroborate_render::dossier::Dossier;
use corroborate_render::json::{build, CrossDoc, ReportOptions, Timeline};
use corroborate_render::{html, markdown};

const HOSTILE: [&str; 2] = [
    "Flood <script>window.__pwned=1</script> hits Brackwater\n\n\
     BRACKWATER (Fictional Wire) — On Monday, March 2, 2026, the river rose 3 metres, \
     officials said. <img src=x onerror=\"window.__pwned=2\"> Mayor Ada Quill said \
     \"stay home\" and pointed to [the map](javascript:window.__pwned=3).\n\n\
     The county said the <b onmouseover=\"window.__pwned=5\">north levee</b> held through the night.\n",
    "Brackwater river recedes </script><script>window.__pwned=4</script>\n\n\
     BRACKWATER (Daily Fiction) — On Tuesday, March 3, 2026, the water fell. \
     <a href=\"javascript:alert(1)\">Click</a> & <!-- comment --> ok.\n\n\
     Engineer Tom Reed has disputed that the <b onmouseover=\"window.__pwned=6\">north levee</b> held through the night.\n",
];

fn report() -> serde_json::Value {
    let today = jiff::civil::date(2026, 3, 10);
    let results: Vec<_> = HOSTILE
        .iter()
        .enumerate()
        .map(|(i, t)| {
            let d = Document::new(format!("hostile{i}.txt"), SourceFormat::Text, t.to_string());
            let p = PreparedDoc::new(d, today);
            let ex = corroborate_extract::extract(&p);
            (p, ex)
        })
        .collect();
    let all: Vec<usize> = (0..results.len()).collect();
    let cross = CrossDoc {
        cross_entities: Vec::new(),
        timeline: Timeline {
            events: corroborate_reconcile::timeline::build(&results, &all),
            inferred_published: Vec::new(),
        },
        claims: corroborate_reconcile::claims::build(
            &results,
            &all,
            &std::collections::BTreeMap::new(),
        ),
        ..Default::default()
    };
    assert!(
        !cross.claims.disputes.is_empty(),
        "the hostile articles hold a dispute, so its rendering is tested too"
    );
    let r = build(results, Vec::new(), cross, ReportOptions::default());
    serde_json::to_value(&r).expect("report serialises")
}

#[test]
fn html_emits_no_live_markup_from_input() {
    let v = report();
    let d = Dossier::from_value(&v).expect("dossier reads the report");
    let out = html::render(&d);
    // Exactly our two script elements: the JSON data block and the panel script.
    assert_eq!(out.matches("<script").count(), 2, "extra script element");
    assert_eq!(out.matches("</script>").count(), 2, "script closed early");
    assert!(!out.contains("<img"), "input <img> emitted as markup");
    assert!(
        !out.contains("href=\"javascript:"),
        "javascript: link emitted"
    );
    assert!(!out.contains("<a href"), "input link emitted as markup");
    assert!(
        !out.contains("<b onmouseover"),
        "input in a contested claim emitted"
    );
    assert!(
        out.contains("<div class=\"dispute\""),
        "the dispute is rendered"
    );
    assert!(
        !out.contains("<!-- comment"),
        "input comment emitted as markup"
    );
    assert!(
        out.contains("&lt;script&gt;window.__pwned=1"),
        "headline not escaped"
    );
    // The embedded texts round-trip exactly: the passage panel shows the text as written.
    let start = out
        .find("id=\"corroborate-docs\">")
        .expect("data block present")
        + "id=\"corroborate-docs\">".len();
    let end = start + out[start..].find("</script>").expect("data block closed");
    let docs: serde_json::Value = serde_json::from_str(&out[start..end]).expect("valid JSON");
    let texts: Vec<&str> = docs
        .as_object()
        .expect("object")
        .values()
        .filter_map(|x| x["text"].as_str())
        .collect();
    for h in HOSTILE {
        assert!(
            texts.contains(&h),
            "document text altered in the data block"
        );
    }
}

#[test]
fn markdown_emits_no_live_markup_from_input() {
    let d = Dossier::from_value(&report()).expect("dossier reads the report");
    let out = markdown::render(&d);
    // Outside code spans (document ids), every `<`, `[` and `(` from input is backslash-escaped,
    // so no HTML, link or image can form.
    let chars: Vec<char> = out.chars().collect();
    let mut in_code = false;
    for (i, c) in chars.iter().enumerate() {
        if *c == '`' && (i == 0 || chars[i - 1] != '\\') {
            in_code = !in_code;
        }
        if !in_code && *c == '<' {
            assert!(i > 0 && chars[i - 1] == '\\', "unescaped < at {i}");
        }
    }
    assert!(!out.contains("](javascript:"), "javascript: link emitted");
    assert!(!out.contains("[the map]"), "input link text left as a link");
    assert!(out.contains("\\<script\\>"), "headline not escaped");
}

#[test]
fn document_view_escapes_text_and_highlights_dates() {
    let v = report();
    let d = Dossier::from_value(&v).expect("dossier reads the report");
    let id = d.documents[0].id.clone();
    let out =
        html::render_document(&d, id.as_str(), &html::PageOptions::default()).expect("doc exists");
    assert_eq!(out.matches("<script").count(), 2);
    assert!(!out.contains("<img"));
    assert!(out.contains("<mark class=\"date\""), "dates highlighted");
    assert!(html::render_document(&d, "nope", &html::PageOptions::default()).is_none());
}

/// The document view labels an ignored span with its reason.
#[test]
fn document_view_says_why_a_span_is_ignored() {
    let v = serde_json::json!({
        "documents": [{
            "id": "d1",
            "text": "Ferry and barge collide\n\nNobody was hurt.\n\nRead more: the harbour plan.",
            "headline": {"start": 0, "end": 23}
        }],
        "ignored": [{"doc": "d1", "component": "clean", "start": 43, "end": 71, "reason": "read_more"}]
    });
    let d = Dossier::from_value(&v).expect("dossier reads the report");
    let out = html::render_document(&d, "d1", &html::PageOptions::default()).expect("doc exists");
    assert!(
        out.contains("<mark class=\"ignored\" title=\"ignored: read more\">Read more: the harbour plan.</mark>"),
        "{out}"
    );
}

/// The document view names the outlet that reports a quote (a layered attribution).
#[test]
fn document_view_names_the_outlet_that_reports_a_quote() {
    let text = "Pier shut\n\n“Stay off the pier,” Holt said, according to CNN.";
    let at = |needle: &str| {
        let b = text.find(needle).expect("needle");
        let start = text[..b].chars().count();
        serde_json::json!({"start": start, "end": start + needle.chars().count()})
    };
    let quote = at("“Stay off the pier,”");
    let v = serde_json::json!({
        "documents": [{"id": "d1", "text": text, "headline": {"start": 0, "end": 9}}],
        "quotes": [{
            "doc": "d1", "component": "quotes",
            "start": quote["start"], "end": quote["end"],
            "kind": "direct", "content": at("Stay off the pier"), "cue": at("said"),
            "speaker_id": null, "speaker_name": null, "speaker": null,
            "speaker_mention": at("Holt"), "speaker_mention_kind": "name",
            "speaker_canonical": "Holt", "speaker_named_at": at("Holt"),
            "speaker_inherited": false, "continues": false, "reported_by": at("CNN")
        }]
    });
    let d = Dossier::from_value(&v).expect("dossier reads the report");
    let out = html::render_document(&d, "d1", &html::PageOptions::default()).expect("doc exists");
    assert!(out.contains("reported by CNN"), "{out}");
}

/// The templates escape every piece of input exactly once: a document id and an input problem
/// holding markup characters come out escaped, never twice (no `&amp;amp;`, no `\\&`).
#[test]
fn templates_escape_input_exactly_once() {
    let v = serde_json::json!({
        "problems": [{"path": "in/a&b_<c>.txt", "severity": "skipped", "message": "bad *x* & <y>"}],
        "documents": [{
            "id": "doc&<1>",
            "text": "Ferry & barge collide\n\nThe ferry <b>Ada</b> hit a barge on the river near the old quay. Nobody was hurt.",
            "headline": {"start": 0, "end": 21}
        }]
    });
    let d = Dossier::from_value(&v).expect("dossier reads the report");
    let out = html::render(&d);
    assert!(
        out.contains("<li>in/a&amp;b_&lt;c&gt;.txt (skipped): bad *x* &amp; &lt;y&gt;</li>"),
        "input problem escaped once"
    );
    assert!(
        out.contains("data-cites=\"doc&amp;&lt;1&gt;:0:21\""),
        "citation of the headline escaped once"
    );
    assert!(out.contains("<h2>Ferry &amp; barge collide</h2>"));
    assert!(
        !out.contains("&amp;amp;") && !out.contains("&amp;lt;"),
        "escaped twice"
    );
    let md = markdown::render(&d);
    assert!(
        md.contains("- in/a\\&b\\_\\<c\\>.txt (skipped): bad \\*x\\* \\& \\<y\\>\n"),
        "input problem escaped once in Markdown"
    );
    assert!(md.contains("## Ferry \\& barge collide\n"));
    assert!(!md.contains("\\\\"), "escaped twice in Markdown");
}

/// Input problems are the report's own `InputProblem`: a severity the format does not define
/// makes the report unreadable rather than rendering a made-up label.
#[test]
fn unknown_problem_severity_is_rejected() {
    let ok = serde_json::json!({
        "problems": [{"path": "a.txt", "severity": "warning", "message": "lossy UTF-8"}]
    });
    let d = Dossier::from_value(&ok).expect("a known severity reads");
    assert!(markdown::render(&d).contains("- a.txt (warning): lossy UTF-8\n"));
    let bad = serde_json::json!({
        "problems": [{"path": "a.txt", "severity": "error", "message": "lossy UTF-8"}]
    });
    assert!(Dossier::from_value(&bad).is_err());
}
