//! Pages in other languages (fictional fixtures): the body is extracted, the language is
//! detected from the body (even when `<html lang>` is wrong) or read from the markup, dates
//! keep their own offset with a UTC instant, the text segments without panicking, and the
//! English-only extractors are skipped.

use corroborate_core::load::html;
use corroborate_core::{PreparedDoc, Provenance};

fn fixture(name: &str) -> String {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/html/");
    std::fs::read_to_string(format!("{path}{name}"))
        .unwrap_or_else(|e| panic!("missing fixture {name}: {e}"))
}

fn today() -> jiff::civil::Date {
    jiff::civil::Date::new(2032, 1, 1).unwrap()
}

#[test]
fn russian_page_is_detected_despite_a_wrong_lang_attribute() {
    let page = fixture("russian-ferry.html");
    let art = html::extract_article(&page);
    assert_eq!(art.paragraphs.len(), 3, "{:?}", art.paragraphs);
    assert!(art.paragraphs[0].starts_with("Стоимость проезда"));
    assert_eq!(
        art.language,
        Some(("ru".to_string(), html::DETECTED_LANGUAGE)),
        "the body is Russian although <html lang> says en"
    );
    let published = art.published.expect("published");
    assert_eq!(published.date.to_string(), "2031-03-04");
    assert_eq!(
        published.utc.map(|t| t.to_string()).as_deref(),
        Some("2031-03-04T20:30:00Z")
    );
    let modified = art.modified.expect("modified");
    assert_eq!(
        (modified.date.to_string().as_str(), modified.field),
        ("2031-03-05", "article:modified_time")
    );

    let doc = html::load("ferry.html", &page).unwrap();
    let lang = doc.meta.language.as_ref().expect("language");
    assert_eq!(lang.value, "ru");
    match &lang.provenance {
        Provenance::Inferred { evidence, .. } => {
            assert_eq!(evidence.len(), 1);
            assert!(doc.slice(evidence[0]).starts_with("Стоимость"));
        }
        other => panic!("expected an inferred language, got {other:?}"),
    }
    assert!(!doc.meta.may_be_english());
    let prepared = PreparedDoc::new(doc, today());
    assert!(
        prepared.seg.sentences.len() >= 5,
        "{} sentences",
        prepared.seg.sentences.len()
    );
}

#[test]
fn chinese_page_gets_its_body_and_language() {
    let art = html::extract_article(&fixture("chinese-bridge.html"));
    assert_eq!(art.paragraphs.len(), 3, "{:?}", art.paragraphs);
    assert!(art.paragraphs[2].starts_with("交通局提醒司机"));
    assert_eq!(art.title.as_deref(), Some("新大桥通车"));
    let (lang, _) = art.language.expect("language");
    assert_eq!(lang, "zh");
    assert_eq!(
        art.published
            .and_then(|d| d.utc)
            .map(|t| t.to_string())
            .as_deref(),
        Some("2030-08-12T01:00:00Z")
    );
    let doc = html::load("bridge.html", &fixture("chinese-bridge.html")).unwrap();
    let prepared = PreparedDoc::new(doc, today());
    assert!(!prepared.seg.sentences.is_empty());
}

#[test]
fn short_pages_fall_back_to_the_declared_language() {
    let page = r#"<html lang="de-DE"><head><title>Kurz</title></head><body><article>
        <p>Die Brücke ist wieder offen, sagte die Stadt am Montag.</p></article></body></html>"#;
    let art = html::extract_article(page);
    assert_eq!(art.language, Some(("de".to_string(), "html[lang]")));
    let none = html::extract_article("<html><body><p>Short note here.</p></body></html>");
    assert_eq!(none.language, None);
}
