//! The HTML loader on fictional news pages with navigation, ads, related links, share widgets,
//! comments, JSON-LD and meta tags: the body keeps the article and drops the boilerplate, and
//! the metadata comes with its provenance. What the pre-clean removes is kept after the body
//! as ignored spans with the rule's reason.

use corroborate_core::clean::IgnoreReason;
use corroborate_core::load::html;
use corroborate_core::load::{load_bytes, InputKind, Severity};
use corroborate_core::{Document, PreparedDoc, Provenance};

fn fixture(name: &str) -> String {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/html/");
    std::fs::read_to_string(format!("{path}{name}"))
        .unwrap_or_else(|e| panic!("missing fixture {name}: {e}"))
}

fn load(name: &str) -> Document {
    html::load(name, &fixture(name)).unwrap_or_else(|e| panic!("{name}: {e}"))
}

fn field(p: &Provenance) -> &str {
    match p {
        Provenance::Metadata { field } => field,
        other => panic!("expected metadata provenance, got {other:?}"),
    }
}

fn date(y: i16, m: i8, d: i8) -> jiff::civil::Date {
    jiff::civil::Date::new(y, m, d).unwrap()
}

/// The document's text before the boilerplate kept after the body: title and body. The kept
/// blocks are the run of ignored paragraphs that ends the text (in these tests the body's last
/// paragraph is never marked).
fn article_text(doc: &Document) -> &str {
    let mut end = doc.text.len();
    for ig in doc.ignored.iter().rev() {
        if ig.span.end != end {
            break;
        }
        end = ig.span.start.saturating_sub(2);
    }
    doc.text
        .get(..end)
        .expect("ignored spans start at char boundaries")
}

fn assert_absent(doc: &Document, boilerplate: &[&str]) {
    let body = article_text(doc);
    for b in boilerplate {
        assert!(
            !body.contains(b),
            "boilerplate {b:?} leaked into the body:\n{body}"
        );
    }
}

#[test]
fn full_news_page_keeps_article_and_drops_boilerplate() {
    let doc = load("harbor-crane.html");
    let title = "Crane collapse halts work at Port Calloway terminal";
    // Headline first, then a blank line, then the body.
    assert_eq!(doc.headline_text(), Some(title));
    assert_eq!(doc.headline.map(|s| s.start), Some(0));
    assert!(doc
        .text
        .starts_with(&format!("{title}\n\nA container crane buckled")));
    assert_eq!(doc.meta.title.as_deref(), Some(title));
    // The title is not repeated as a body paragraph.
    assert_eq!(doc.text.matches(title).count(), 1);

    for p in [
        "injuring two dockworkers and halting cargo operations",
        "We heard a sound like thunder",
        "Union steward Marcus Tillery said workers had raised concerns",
    ] {
        assert!(doc.text.contains(p), "missing {p:?}:\n{}", doc.text);
    }
    assert_absent(
        &doc,
        &[
            "ADVERTISEMENT",
            "Sponsored",
            "Refinance",
            "Share on Facebook",
            "Tweet this",
            "Related stories",
            "Port budget vote",
            "Reader comments",
            "Jimbo42",
            "HarborWatcher",
            "Most read",
            "Lighthouse festival",
            "Editor's picks",
            "The fallen boom rests",
            "Lena Morrow",
            "Image 1 of 6",
            "Scenes from the terminal",
            "Copyright",
            "newsletter",
            "Weather Center",
            "dataLayer",
            "Injected paragraph",
            "font-family",
        ],
    );
    // What the pre-clean removed is kept after the body, with the rule's reason; scripts and
    // styles are not.
    for (text, reason) in [
        ("Jimbo42", IgnoreReason::Comments),
        ("The fallen boom rests", IgnoreReason::Caption),
        ("Copyright 2031", IgnoreReason::Footer),
        ("Weather Center", IgnoreReason::Navigation),
        ("Tweet this story", IgnoreReason::ShareBar),
        ("Port budget vote", IgnoreReason::RelatedLinks),
        ("Refinance your boat loan", IgnoreReason::Ad),
        ("Image 1 of 6", IgnoreReason::Gallery),
    ] {
        assert!(
            doc.ignored
                .iter()
                .any(|ig| ig.reason == reason && doc.slice(ig.span).contains(text)),
            "{text:?} not kept as {reason:?}: {:?}",
            doc.ignored
        );
    }
    assert!(!doc.text.contains("dataLayer") && !doc.text.contains("font-family"));

    // Entities decoded, white space normalised within paragraphs.
    assert!(doc.text.contains("the crane\u{2019}s boom"));
    assert!(doc.text.contains("\u{201c}We heard"));
    assert!(doc.text.contains(
        "St. Brendan Medical Center & Trauma Unit, where one was listed in stable condition"
    ));
    assert!(!doc.text.contains('\u{a0}'));
    assert!(!doc.text.contains("&amp;") && !doc.text.contains("&#"));
    // Headings and list items are paragraphs of their own; paragraphs are separated by one
    // blank line.
    assert!(doc.text.contains("\n\nInspections ordered\n\n"));
    assert!(doc
        .text
        .contains("\n\nthe maintenance records for the boom's hydraulic lines;\n\nwind readings"));
    assert!(!doc.text.contains("\n\n\n"));
    for para in doc.text.split("\n\n") {
        assert_eq!(para, para.trim(), "untrimmed paragraph {para:?}");
        assert!(!para.contains('\n') && !para.contains("  "), "{para:?}");
    }

    // Metadata with provenance.
    assert_eq!(doc.meta.byline.as_deref(), Some("Priya Vandermeer"));
    assert_eq!(
        doc.meta.url.as_deref(),
        Some("https://www.callowayledger.example/news/crane-collapse-port"),
        "link rel=canonical wins over og:url"
    );
    let published = doc.meta.published.as_ref().expect("published date");
    assert_eq!(published.value, date(2031, 4, 17));
    assert_eq!(field(&published.provenance), "article:published_time");
    let outlet = doc.meta.outlet.as_ref().expect("outlet");
    assert_eq!(outlet.value, "The Calloway Ledger");
    assert_eq!(field(&outlet.provenance), "og:site_name");
}

#[test]
fn json_ld_array_gives_date_authors_and_publisher() {
    let doc = load("jsonld-array.html");
    assert_eq!(
        doc.headline_text(),
        Some("Library levy passes by 212 votes")
    );
    assert!(doc.text.contains("approved a property tax levy"));
    assert!(doc
        .text
        .contains("\"People came out for their libraries,\" Brevik said"));
    assert!(doc.text.contains("should first cut administrative costs."));
    assert_absent(
        &doc,
        &[
            "Obituaries",
            "Classifieds",
            "Share this",
            "Sign up now",
            "You might also like",
            "County fair",
            "robotics",
            "Comments are loading",
            "Privacy policy",
            "By Tomas",
        ],
    );
    let published = doc.meta.published.as_ref().expect("published date");
    assert_eq!(published.value, date(2030, 11, 6));
    assert_eq!(field(&published.provenance), "datePublished");
    let outlet = doc.meta.outlet.as_ref().expect("outlet");
    assert_eq!(outlet.value, "Westmere Daily Courier");
    assert_eq!(field(&outlet.provenance), "publisher.name");
    assert_eq!(
        doc.meta.byline.as_deref(),
        Some("Tomas Ekwueme and Ruth Abernathy")
    );
    assert_eq!(
        doc.meta.url.as_deref(),
        Some("https://courier.example/local/library-levy-passes")
    );
}

#[test]
fn time_element_gives_the_date_when_nothing_else_does() {
    let doc = load("time-only.html");
    assert_eq!(
        doc.headline_text(),
        Some("Snow closes mountain pass for third day")
    );
    let published = doc.meta.published.as_ref().expect("published date");
    assert_eq!(published.value, date(2029, 1, 9));
    assert_eq!(field(&published.provenance), "time[datetime]");
    assert_eq!(doc.meta.byline.as_deref(), Some("Dana Whitcombe"));
    // No outlet is guessed (the URL heuristic lives in `outlet.rs`), and there is no URL.
    assert_eq!(doc.meta.outlet, None);
    assert_eq!(doc.meta.url, None);
    assert!(doc.text.contains("stranding dozens of trucks"));
    assert_absent(&doc, &["Front page", "Ridgeline Report", "Jan. 9, 2029"]);
}

/// A page of our own with the given head and a short article body.
fn page(head: &str, body_extra: &str) -> String {
    format!(
        "<html><head>{head}</head><body>{body_extra}<article><h1>Ferry fares rise</h1>\
         <p>Ferry fares between Dunmore and the islands will rise by ten percent in June, the \
         operator announced on Monday, citing fuel costs and a new crew contract.</p>\
         <p>Commuters said the increase would add about forty dollars a month to their costs, \
         and a riders' group asked the county to step in with a subsidy.</p></article></body></html>"
    )
}

#[test]
fn date_sources_are_used_in_priority_order() {
    let ld = r#"<script type="application/ld+json">{"@context":"https://schema.org","@graph":[
        {"@type":"WebPage","datePublished":"2020-01-01"},
        {"@type":"NewsArticle","datePublished":"2027-06-02T09:00:00Z"}]}</script>"#;
    let meta = r#"<meta property="article:published_time" content="2027-06-01T22:00:00-04:00">"#;
    // Shown two days after any metadata date, so it is not read as the metadata's local date.
    let time = r#"<time datetime="2027-06-04">June 4</time>"#;

    let pub_of = |a: html::Article| a.published.map(|d| (d.date, d.field));
    let all = html::extract_article(&page(&format!("{meta}{ld}"), time));
    let published = all.published.expect("published");
    assert_eq!(
        (published.date, published.field),
        (date(2027, 6, 1), "article:published_time"),
        "the date as written in its own offset, from the meta tag"
    );
    assert_eq!(
        published.utc.map(|t| t.to_string()).as_deref(),
        Some("2027-06-02T02:00:00Z"),
        "and the same moment normalised to UTC"
    );
    let ld_time = html::extract_article(&page(ld, time));
    assert_eq!(
        pub_of(ld_time),
        Some((date(2027, 6, 2), "datePublished")),
        "the article object in @graph wins over other objects and over <time>"
    );
    let time_only = html::extract_article(&page("", time));
    assert_eq!(
        pub_of(time_only),
        Some((date(2027, 6, 4), "time[datetime]"))
    );
    assert_eq!(
        html::extract_article(&page("", time))
            .published
            .and_then(|d| d.utc),
        None,
        "a bare date has no instant"
    );
    let none = html::extract_article(&page(
        r#"<meta property="article:published_time" content="last Tuesday">"#,
        "",
    ));
    assert_eq!(none.published, None);
}

#[test]
fn the_date_shown_to_readers_corrects_a_timestamp_a_day_off() {
    let pub_of = |head: &str, body: &str| {
        html::extract_article(&page(head, body))
            .published
            .map(|d| (d.date, d.field))
    };
    let evening = r#"<meta property="article:published_time" content="2027-03-05T03:10:00Z">"#;
    // A site header's "today" comes before the article's own <time>; the <time> wins, and its
    // month and day take the timestamp's year.
    let shown = r#"<span class="site-header-date">Mar. 6, 2027</span>
        <time class="pubdate">Posted Mar 4, 10:10 PM</time>"#;
    assert_eq!(
        pub_of(evening, shown),
        Some((date(2027, 3, 4), "date shown on the page"))
    );
    // An update notice is not the publication date.
    let updated = r#"<time>Updated Mar 6, 2027 9:00 AM</time>"#;
    assert_eq!(
        pub_of(evening, updated),
        Some((date(2027, 3, 5), "article:published_time"))
    );
    // The URL's date, when the timestamp's instant can fall on it in a publisher's zone.
    let canonical = r#"<link rel="canonical" href="https://news.example/2027/03/04/fares/">"#;
    assert_eq!(
        pub_of(&format!("{evening}{canonical}"), ""),
        Some((date(2027, 3, 4), "URL"))
    );
    let midday = r#"<meta property="article:published_time" content="2027-03-05T15:00:00Z">"#;
    assert_eq!(
        pub_of(&format!("{midday}{canonical}"), ""),
        Some((date(2027, 3, 5), "article:published_time")),
        "15:00 UTC is March 5 from UTC-10 to UTC+10"
    );
    // A content system's placeholder is no date; the visible one is used.
    let placeholder = r#"<script type="application/ld+json">{"@type":"NewsArticle",
        "datePublished":"0001-01-01T00:00:00Z"}</script>"#;
    let byline_date = r#"<div class="publish-date">Published 2:16 AM EST Nov 20, 2029</div>"#;
    assert_eq!(
        pub_of(placeholder, byline_date),
        Some((date(2029, 11, 20), "date shown on the page"))
    );
    // Dates written in words in metadata.
    let words = r#"<script type="application/ld+json">{"@type":"NewsArticle",
        "datePublished":"19 Nov 2029 07:09 GMT"}</script>"#;
    assert_eq!(
        pub_of(words, ""),
        Some((date(2029, 11, 19), "datePublished"))
    );
}

#[test]
fn title_falls_back_to_title_tag_without_site_suffix() {
    let head = r#"<title>Ferry fares rise | Island Gazette</title>
        <meta property="og:site_name" content="Island Gazette">"#;
    let art = html::extract_article(&page(head, "").replace("<h1>Ferry fares rise</h1>", ""));
    assert_eq!(art.title.as_deref(), Some("Ferry fares rise"));
    assert_eq!(
        art.outlet,
        Some(("Island Gazette".to_string(), "og:site_name"))
    );
}

#[test]
fn same_page_gives_same_id_and_loads_through_load_bytes() {
    let a = load("jsonld-array.html");
    let b = load("jsonld-array.html");
    assert_eq!(a.id, b.id);
    let loaded = load_bytes(
        "pages/jsonld-array.html",
        InputKind::Html,
        fixture("jsonld-array.html").into_bytes(),
        None,
    );
    assert!(loaded.problems.is_empty(), "{:?}", loaded.problems);
    assert_eq!(loaded.documents.len(), 1);
    assert_eq!(loaded.documents[0].id, a.id);
    // A .txt that is really HTML is sniffed and loaded as HTML.
    let sniffed = load_bytes(
        "pages/page.txt",
        InputKind::Text,
        fixture("time-only.html").into_bytes(),
        None,
    );
    assert_eq!(sniffed.documents.len(), 1);
    assert!(!sniffed.documents[0].text.contains("<p>"));
}

#[test]
fn looks_like_html_detects_pages_not_prose() {
    assert!(html::looks_like_html("<!DOCTYPE html><html>"));
    assert!(html::looks_like_html("\u{feff}\n  <html lang=en>"));
    assert!(html::looks_like_html("<head><title>x</title>"));
    assert!(!html::looks_like_html("The mayor said <b> was a typo."));
    assert!(!html::looks_like_html(""));
    assert!(html::looks_like_html("<?xml version=\"1.0\"?>\n<html>"));
    assert!(!html::looks_like_html("<?xml version=\"1.0\"?>\n<TimeML>"));
    // A multi-byte character across the sniffing window's edge.
    let padded = format!("<html>{}", "\u{e9}".repeat(400));
    assert!(html::looks_like_html(&padded));
}

#[test]
fn removed_boilerplate_is_kept_after_the_body_as_ignored_spans_with_reasons() {
    let doc = load("rally-caption.html");
    let title = "Dock workers rally against terminal sale";
    let gold = fixture("rally-caption.body.txt");
    // Title and body come first, exactly as without the kept blocks.
    assert_eq!(
        article_text(&doc),
        format!("{title}\n\n{}", gold.trim_end())
    );
    let caption = "\"We will never let them sell this harbour,\" union organiser Tamsin Ruel \
                   said as marchers gathered outside the gates.";
    let kept: Vec<(IgnoreReason, &str)> = doc
        .ignored
        .iter()
        .map(|ig| (ig.reason, doc.slice(ig.span)))
        .collect();
    assert_eq!(
        kept,
        vec![
            (
                IgnoreReason::Banner,
                "You have read all of your free articles this month. Subscribers get unlimited \
                 access to the Courier."
            ),
            (
                IgnoreReason::Navigation,
                "Home Port and Harbour Council Watch"
            ),
            (
                IgnoreReason::ShareBar,
                "Share on Facebook Post to Bluesky Email this story"
            ),
            (IgnoreReason::Caption, caption),
            (
                IgnoreReason::RelatedLinks,
                "More on the port Harbour board publishes terminal valuation Ferry timetable \
                 changes from July Quay wall repairs finish early"
            ),
            (
                IgnoreReason::Comments,
                "Join the conversation SeaDog77: Good on them, the sale is a scandal and \
                 everyone knows it."
            ),
            (
                IgnoreReason::Footer,
                "The Brinmoor Courier is published by Courier Media Holdings. All material is \
                 protected by copyright and may not be reproduced without permission."
            ),
        ]
    );
    // Each block is its own paragraph after the body.
    let body_end = article_text(&doc).len();
    let mut prev = body_end;
    for ig in &doc.ignored {
        assert_eq!(doc.text.get(prev..ig.span.start), Some("\n\n"));
        prev = ig.span.end;
    }
    assert_eq!(prev, doc.text.len());

    // The loader's spans reach the prepared document; no article sentence comes from them.
    let prep = PreparedDoc::new(doc.clone(), date(2032, 7, 1));
    for ig in &doc.ignored {
        assert!(
            prep.ignored.contains(ig),
            "{ig:?} not in {:?}",
            prep.ignored
        );
    }
    let sentences: Vec<&str> = prep.article_sentences().map(|s| prep.slice(s)).collect();
    assert!(sentences.iter().any(|s| s.contains("Owen Calder")));
    assert!(
        sentences.iter().all(|s| !s.contains("Tamsin Ruel")
            && !s.contains("SeaDog77")
            && !s.contains("Courier Media")),
        "{sentences:#?}"
    );
    for w in prep.ignored.windows(2) {
        assert!(w[0].span.end <= w[1].span.start, "overlap: {w:?}");
    }
}

#[test]
fn kept_boilerplate_is_capped_and_the_rest_counted_in_a_warning() {
    let block = format!(
        "<aside><p>{}</p></aside>\n",
        "Sidebar teaser text. ".repeat(50)
    );
    let page = format!(
        "<html><head><title>Tide gauge replaced</title></head><body><article>\
         <p>The harbour office replaced the tide gauge at the north pier on Monday after \
         the old one failed during a storm.</p><p>Readings will be published again from \
         Wednesday, the office said.</p></article>{}</body></html>",
        block.repeat(100)
    );
    let (doc, notice) = html::load_noting("capped.html", &page).expect("article");
    let kept: usize = doc.ignored.iter().map(|ig| ig.span.len()).sum();
    let body_len = article_text(&doc).len();
    assert!(kept <= html::boilerplate_cap(body_len), "{kept}");
    assert!(
        doc.ignored.len() > 10 && doc.ignored.len() < 100,
        "{}",
        doc.ignored.len()
    );
    assert!(doc
        .ignored
        .iter()
        .all(|ig| ig.reason == IgnoreReason::Sidebar));
    let notice = notice.expect("a notice for the dropped blocks");
    let dropped = 100 - doc.ignored.len();
    assert!(
        notice.starts_with(&format!("{dropped} removed boilerplate blocks (")),
        "{notice}"
    );
    // Loading the file reports the notice as a warning on the document.
    let loaded = load_bytes("capped.html", InputKind::Html, page.into_bytes(), None);
    assert_eq!(loaded.documents.len(), 1);
    assert_eq!(loaded.documents[0].id, doc.id);
    assert!(
        loaded
            .problems
            .iter()
            .any(|p| p.severity == Severity::Warning && p.message == notice),
        "{:?}",
        loaded.problems
    );
}

#[test]
fn cookie_banners_in_the_body_are_marked_in_place_not_removed() {
    let notice = "We use cookies to measure how our stories are read. By continuing you accept \
                  our cookie policy.";
    let page = format!(
        "<html><head><title>Library extends weekend hours</title></head><body><article>\
         <p>The central library will open on Sundays from next month, the city council \
         announced on Tuesday after a year of requests from students.</p>\
         <div class=\"cookie-notice\"><p>{notice}</p></div>\
         <p>The extra hours will be paid for by savings on the building's heating, a council \
         spokesman said.</p><p>Branch libraries keep their current hours.</p>\
         </article><footer>Published by the Tarnmouth Herald</footer></body></html>"
    );
    let doc = html::load("library.html", &page).expect("article");
    let body = article_text(&doc);
    // The banner's text stays where the extractor put it, marked with its reason; the body
    // text is the same as with the marking rule switched off.
    let marked: Vec<_> = doc
        .ignored
        .iter()
        .filter(|ig| ig.reason == IgnoreReason::Banner)
        .collect();
    assert_eq!(marked.len(), 1, "{:?}", doc.ignored);
    assert_eq!(doc.slice(marked[0].span), notice);
    assert!(marked[0].span.end <= body.len());
    let footer = doc.ignored.last().expect("footer kept");
    assert_eq!(footer.reason, IgnoreReason::Footer);
    assert_eq!(doc.slice(footer.span), "Published by the Tarnmouth Herald");
    let off = html::BodyOptions {
        disabled: [html::MARK_BANNERS_RULE.to_string()].into_iter().collect(),
        ..html::BodyOptions::default()
    };
    let unmarked = html::extract_article_with(&page, &off);
    assert!(unmarked.marked.is_empty());
    let with = html::extract_article(&page);
    assert_eq!(with.paragraphs, unmarked.paragraphs);
    assert_eq!(with.marked, vec![(1, IgnoreReason::Banner)]);
    // Cleaning and the loader's marks merge without overlap; the banner is not an article
    // sentence.
    let prep = PreparedDoc::new(doc.clone(), date(2032, 7, 1));
    assert!(prep
        .article_sentences()
        .all(|s| !prep.slice(s).contains("cookie")));
    assert!(prep
        .article_sentences()
        .any(|s| prep.slice(s).contains("heating")));
}

#[test]
fn no_publication_date_is_inferred_from_kept_boilerplate() {
    let related = "Friday, Oct. 23: Council approves the harbour budget";
    let page = format!(
        "<html><head><title>Pier lights repaired</title></head><body><article>\
         <p>Workers finished repairing the lights on the north pier after a storm damaged the \
         wiring, the harbour office said.</p><p>The pier stays open to walkers.</p></article>\
         <div class=\"related-links\"><p>{related}</p></div></body></html>"
    );
    let today = date(2026, 12, 2);
    let doc = html::load("pier.html", &page).expect("article");
    assert!(doc
        .ignored
        .iter()
        .any(|ig| ig.reason == IgnoreReason::RelatedLinks && doc.slice(ig.span) == related));
    let prep = PreparedDoc::new(doc, today);
    assert_eq!(prep.doc.meta.published, None);
    // The same line as article text dates the article.
    let text = format!("Pier lights repaired\n\n{related}\n");
    let prep = PreparedDoc::new(corroborate_core::load::text::load("pier.txt", text), today);
    assert_eq!(
        prep.doc.meta.published.map(|p| p.value),
        Some(date(2026, 10, 23))
    );
}
