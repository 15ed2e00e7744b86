//! Boilerplate the HTML loader removes from the body is kept in the document as ignored spans
//! with their reasons, and no stage reads it: a quote-like caption gives no quote (nor any other
//! annotation), and two articles of one outlet that share a footer are not reuse.

use corroborate_core::clean::IgnoreReason;
use corroborate_core::load::{html, text};
use corroborate_core::{PreparedDoc, Span};
use corroborate_link::reuse::{find_reuse, ReuseConfig};
use corroborate_pipeline::annotate;

const CAPTION: &str = "\"We will never let them sell this harbour,\" union organiser Tamsin Ruel \
                       said on Saturday as marchers gathered outside the gates.";

const FOOTER: &str = "The Brinmoor Courier is published every morning by Courier Media Holdings \
    of Harbour Street. All material on this website is protected by copyright and may not be \
    reproduced without written permission from the editor. Readers who spot an error in any \
    published story should write to the corrections desk at the main office.";

fn today() -> jiff::civil::Date {
    jiff::civil::date(2032, 7, 1)
}

/// A fictional news page: title, a captioned photo, the body paragraphs, related links and a
/// footer.
fn page(title: &str, paragraphs: &[&str], caption: &str) -> String {
    let body: String = paragraphs.iter().map(|p| format!("<p>{p}</p>\n")).collect();
    format!(
        "<!DOCTYPE html><html lang=\"en\"><head><title>{title}</title>\
         <meta property=\"og:site_name\" content=\"The Brinmoor Courier\">\
         <meta property=\"article:published_time\" content=\"2032-06-08T17:30:00+01:00\"></head>\
         <body><main><article><h1>{title}</h1>\
         <figure><img src=\"/p.jpg\" alt=\"\"><figcaption>{caption}</figcaption></figure>\n\
         {body}</article></main>\
         <footer><p>{FOOTER}</p></footer></body></html>"
    )
}

const RALLY: &[&str] = &[
    "Several hundred dock workers marched through central Brinmoor on Saturday to protest the \
     planned sale of the eastern container terminal to a private operator.",
    "\"This terminal was built with public money and it should stay in public hands,\" said Owen \
     Calder, who has worked at the port for nineteen years.",
    "The harbour board is due to vote on the sale at its meeting next month.",
];

const FERRY: &[&str] = &[
    "The island ferry service will add a late sailing on Fridays from the start of July, the \
     operator announced on Thursday.",
    "Commuters had asked for the extra crossing for two years, said Maria Fenwick, who chairs \
     the passenger committee.",
    "Fares will not change until the autumn review, the operator added.",
];

/// The rally article as a loaded HTML page with a caption and a footer.
fn rally_page() -> corroborate_core::Document {
    html::load(
        "rally.html",
        &page("Dock workers rally against terminal sale", RALLY, CAPTION),
    )
    .expect("article")
}

/// Every `start`/`end` pair in a JSON value.
fn spans_in(v: &serde_json::Value, out: &mut Vec<Span>) {
    match v {
        serde_json::Value::Object(m) => {
            if let (Some(s), Some(e)) = (
                m.get("start").and_then(serde_json::Value::as_u64),
                m.get("end").and_then(serde_json::Value::as_u64),
            ) {
                out.push(Span::new(s as usize, e as usize));
            }
            m.values().for_each(|x| spans_in(x, out));
        }
        serde_json::Value::Array(a) => a.iter().for_each(|x| spans_in(x, out)),
        _ => {}
    }
}

#[test]
fn a_quote_in_a_caption_is_kept_as_ignored_text_and_gives_no_annotation() {
    let doc = rally_page();
    let (analysed, problems) = annotate(doc, today());
    assert!(problems.is_empty(), "{problems:?}");
    let (prep, ex) = analysed.expect("annotated");
    let caption = prep
        .ignored
        .iter()
        .find(|ig| ig.reason == IgnoreReason::Caption)
        .unwrap_or_else(|| panic!("no caption span in {:?}", prep.ignored));
    assert_eq!(prep.slice(caption.span), CAPTION);
    let footer = prep
        .ignored
        .iter()
        .find(|ig| ig.reason == IgnoreReason::Footer)
        .expect("footer span");
    assert_eq!(
        prep.slice(footer.span),
        FOOTER.split_whitespace().collect::<Vec<_>>().join(" ")
    );

    // The body's quote is found; nothing is annotated inside the kept boilerplate.
    assert!(
        ex.quotes
            .iter()
            .any(|q| prep.slice(q.span).contains("stay in public hands")),
        "{:#?}",
        ex.quotes
    );
    let mut spans = Vec::new();
    spans_in(
        &serde_json::to_value(&ex).expect("extraction serialises"),
        &mut spans,
    );
    assert!(spans.len() > 5);
    for s in spans {
        assert!(
            !s.overlaps(caption.span) && !s.overlaps(footer.span),
            "annotation {s:?} {:?} inside boilerplate",
            prep.slice(s)
        );
    }

    // The same sentence as article text is a quote: the caption gave none because it is ignored.
    let plain = text::load("caption.txt", format!("{CAPTION}\n"));
    let (analysed, _) = annotate(plain, today());
    let (_, ex) = analysed.expect("annotated");
    assert!(
        !ex.quotes.is_empty(),
        "the caption sentence reads as a quote in a body"
    );
}

#[test]
fn two_articles_sharing_a_footer_are_not_reuse() {
    let prepared = |name: &str, title: &str, paragraphs: &[&str]| {
        let doc = html::load(
            name,
            &page(title, paragraphs, "A view of the harbour at dusk."),
        )
        .expect("article");
        assert!(doc
            .ignored
            .iter()
            .any(|ig| ig.reason == IgnoreReason::Footer));
        PreparedDoc::new(doc, today())
    };
    let a = prepared(
        "rally.html",
        "Dock workers rally against terminal sale",
        RALLY,
    );
    let b = prepared("ferry.html", "Ferry adds a late Friday sailing", FERRY);
    let reuse = find_reuse(&[&a, &b], &ReuseConfig::default());
    assert!(reuse.passages.is_empty(), "{:#?}", reuse.passages);

    // The same articles with the footer as article text share it.
    let as_text = |name: &str, paragraphs: &[&str]| {
        let t = format!("{}\n\n{FOOTER}\n", paragraphs.join("\n\n"));
        PreparedDoc::new(text::load(name, t), today())
    };
    let (a, b) = (as_text("rally.txt", RALLY), as_text("ferry.txt", FERRY));
    let reuse = find_reuse(&[&a, &b], &ReuseConfig::default());
    assert!(
        !reuse.passages.is_empty(),
        "the footer is reuse when it is article text"
    );
}

#[test]
fn every_report_item_names_the_component_that_produced_it() {
    let doc = rally_page();
    let (analysed, _) = annotate(doc, today());
    let report = corroborate_render::json::build(
        vec![analysed.expect("annotated")],
        Vec::new(),
        corroborate_render::json::CrossDoc::default(),
        corroborate_render::json::ReportOptions::default(),
    );
    let v = serde_json::to_value(&report).expect("report serialises");
    let components = |list: &str| -> Vec<(String, String)> {
        v[list]
            .as_array()
            .unwrap_or_else(|| panic!("{list} is a list"))
            .iter()
            .map(|item| {
                (
                    item["component"].as_str().unwrap_or("").to_string(),
                    item["reason"].as_str().unwrap_or("").to_string(),
                )
            })
            .collect()
    };
    for (list, component) in [
        ("sentences", "segment"),
        ("entities", "entities"),
        ("mentions", "entities"),
        ("quotes", "quotes"),
        ("dates", "dates"),
    ] {
        let found = components(list);
        assert!(!found.is_empty(), "no {list}");
        assert!(
            found.iter().all(|(c, _)| c == component),
            "{list}: {found:?}"
        );
    }
    // The caption and footer were marked by the HTML loader, not by cleaning.
    let ignored = components("ignored");
    for reason in ["caption", "footer"] {
        assert!(
            ignored.contains(&("load".to_string(), reason.to_string())),
            "{ignored:?}"
        );
    }
}
