//! Feeds and news sitemaps: the entries they list, with title, link, date and author.
//!
//! RSS 2.0 (and 0.9x/1.0), Atom and JSON Feed are read with `feed-rs`; sitemaps (`<urlset>`,
//! with the Google News `<news:news>` extension) and sitemap indexes (`<sitemapindex>`) with
//! `roxmltree`. Links are resolved against the feed's own URL, so relative links work.
#![deny(clippy::string_slice)]

use corroborate_core::document::{Known, Provenance};
use corroborate_core::{Document, FeedEntry};

/// What a feed or sitemap lists.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct FeedEntries {
    /// Article entries, in feed order, duplicates (same link) removed.
    pub entries: Vec<FeedEntry>,
    /// Child sitemaps of a sitemap index (absolute URLs), to be read in turn.
    pub sitemaps: Vec<String>,
}

/// Parses a feed or sitemap. `feed` names it (URL or path) for the entries' provenance; `base`
/// is the URL relative links are resolved against (the feed's final URL; for a file, the
/// feed's own `<link>` is used when there is no base).
pub fn parse_feed(bytes: &[u8], feed: &str, base: Option<&str>) -> Result<FeedEntries, String> {
    let text = String::from_utf8_lossy(bytes);
    let root = root_element_name(&text);
    let mut out = match root.as_deref() {
        Some("urlset") | Some("sitemapindex") => parse_sitemap(&text, feed, base)?,
        _ => parse_syndication(bytes, feed, base)?,
    };
    let mut seen = std::collections::BTreeSet::new();
    out.entries.retain(|e| seen.insert(e.link.clone()));
    Ok(out)
}

/// The local name of the first element, found without parsing the whole document.
fn root_element_name(text: &str) -> Option<String> {
    let mut rest = text;
    loop {
        let open = rest.find('<')?;
        let after = rest.get(open + 1..)?;
        if after.starts_with('?') || after.starts_with('!') {
            let close = after.find('>')?;
            rest = after.get(close + 1..)?;
            continue;
        }
        let name: String = after
            .chars()
            .take_while(|c| !c.is_whitespace() && *c != '>' && *c != '/')
            .collect();
        let local = name.rsplit(':').next().unwrap_or(&name).to_string();
        return Some(local);
    }
}

fn resolve(link: &str, base: Option<&url::Url>) -> Option<String> {
    let link = link.trim();
    if link.is_empty() {
        return None;
    }
    match url::Url::parse(link) {
        Ok(u) => Some(u.to_string()),
        Err(url::ParseError::RelativeUrlWithoutBase) => {
            base?.join(link).ok().map(|u| u.to_string())
        }
        Err(_) => None,
    }
}

fn parse_syndication(bytes: &[u8], feed: &str, base: Option<&str>) -> Result<FeedEntries, String> {
    let parsed = feed_rs::parser::Builder::new()
        .base_uri(base)
        .build()
        .parse(bytes)
        .map_err(|e| format!("not a readable RSS, Atom or sitemap feed: {e}"))?;
    // Without a URL to resolve against (a feed file), the feed's own site link serves.
    let base_url = base.and_then(|b| url::Url::parse(b).ok()).or_else(|| {
        parsed
            .links
            .iter()
            .find_map(|l| url::Url::parse(&l.href).ok())
    });
    let mut out = FeedEntries::default();
    for entry in parsed.entries {
        let link = entry
            .links
            .iter()
            .find(|l| matches!(l.rel.as_deref(), None | Some("alternate")))
            .or_else(|| entry.links.first())
            .and_then(|l| resolve(&l.href, base_url.as_ref()));
        let Some(link) = link else { continue };
        let authors: Vec<String> = entry
            .authors
            .iter()
            .filter_map(|p| Some(p.name.as_deref()?.trim().to_string()))
            .filter(|n| !n.is_empty())
            .collect();
        out.entries.push(FeedEntry {
            feed: feed.to_string(),
            link,
            title: entry
                .title
                .map(|t| t.content.trim().to_string())
                .filter(|t| !t.is_empty()),
            date: entry
                .published
                .or(entry.updated)
                .map(|d| d.to_rfc3339_opts(chrono::SecondsFormat::Secs, true)),
            author: (!authors.is_empty()).then(|| authors.join(", ")),
        });
    }
    Ok(out)
}

fn parse_sitemap(text: &str, feed: &str, base: Option<&str>) -> Result<FeedEntries, String> {
    let doc =
        roxmltree::Document::parse(text).map_err(|e| format!("not a readable sitemap: {e}"))?;
    let base_url = base.and_then(|b| url::Url::parse(b).ok());
    let child_text = |node: roxmltree::Node, name: &str| {
        node.descendants()
            .find(|n| n.is_element() && n.tag_name().name() == name)
            .and_then(|n| n.text())
            .map(|t| t.trim().to_string())
            .filter(|t| !t.is_empty())
    };
    let mut out = FeedEntries::default();
    let root = doc.root_element();
    let is_index = root.tag_name().name() == "sitemapindex";
    for item in root.children().filter(|n| n.is_element()) {
        let Some(link) = child_text(item, "loc").and_then(|l| resolve(&l, base_url.as_ref()))
        else {
            continue;
        };
        if is_index {
            out.sitemaps.push(link);
            continue;
        }
        // Google News: <news:news><news:publication_date>, <news:title>; plain sitemaps only
        // give <lastmod>, which is when the page changed, not when it was published.
        let news = item
            .children()
            .find(|n| n.is_element() && n.tag_name().name() == "news");
        out.entries.push(FeedEntry {
            feed: feed.to_string(),
            link,
            title: news.and_then(|n| child_text(n, "title")),
            date: news.and_then(|n| child_text(n, "publication_date")),
            author: None,
        });
    }
    Ok(out)
}

/// Records `entry` on a document loaded from its link, and fills the publication date, title
/// and byline from it where the page itself did not give them (the date with provenance
/// `feed:date`).
pub fn apply_entry(doc: &mut Document, entry: &FeedEntry) {
    if doc.meta.published.is_none() {
        if let Some(d) = entry
            .date
            .as_deref()
            .and_then(corroborate_core::load::manifest::parse_date_prefix)
        {
            doc.meta.published = Some(Known {
                value: d,
                provenance: Provenance::Metadata {
                    field: "feed:date".to_string(),
                },
            });
        }
    }
    if doc.meta.title.is_none() {
        doc.meta.title = entry.title.clone();
    }
    if doc.meta.byline.is_none() {
        doc.meta.byline = entry.author.clone();
    }
    doc.meta.feed_entry = Some(entry.clone());
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rss_links_resolve_against_the_feed_url() {
        let rss = br#"<?xml version="1.0"?><rss version="2.0"><channel><title>T</title><link>https://news.example/</link>
<item><title>A story</title><link>/2026/a.html</link><pubDate>Tue, 01 Dec 2026 10:00:00 GMT</pubDate><author>jo@news.example (Jo Reporter)</author></item>
<item><title>B</title><link>https://other.example/b</link></item></channel></rss>"#;
        let f = parse_feed(
            rss,
            "https://news.example/feed.xml",
            Some("https://news.example/feed.xml"),
        )
        .unwrap();
        assert_eq!(f.entries.len(), 2);
        assert_eq!(f.entries[0].link, "https://news.example/2026/a.html");
        assert_eq!(f.entries[0].title.as_deref(), Some("A story"));
        assert_eq!(f.entries[0].date.as_deref(), Some("2026-12-01T10:00:00Z"));
        assert_eq!(f.entries[1].link, "https://other.example/b");
    }

    #[test]
    fn news_sitemap_gives_title_and_date() {
        let xml = br#"<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:news="http://www.google.com/schemas/sitemap-news/0.9">
<url><loc>https://news.example/a</loc><news:news><news:publication><news:name>Example</news:name><news:language>en</news:language></news:publication>
<news:publication_date>2026-11-30T08:00:00Z</news:publication_date><news:title>Flood &amp; fire</news:title></news:news></url>
<url><loc>https://news.example/b</loc><lastmod>2026-11-01</lastmod></url></urlset>"#;
        let f = parse_feed(xml, "s.xml", None).unwrap();
        assert_eq!(f.entries.len(), 2);
        assert_eq!(f.entries[0].title.as_deref(), Some("Flood & fire"));
        assert_eq!(f.entries[0].date.as_deref(), Some("2026-11-30T08:00:00Z"));
        assert_eq!(f.entries[1].date, None);
    }

    #[test]
    fn sitemap_index_lists_child_sitemaps() {
        let xml = br#"<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><sitemap><loc>/news-1.xml</loc></sitemap></sitemapindex>"#;
        let f = parse_feed(xml, "i", Some("https://news.example/sitemap.xml")).unwrap();
        assert_eq!(
            f.sitemaps,
            vec!["https://news.example/news-1.xml".to_string()]
        );
        assert!(f.entries.is_empty());
    }

    #[test]
    fn garbage_is_an_error_not_a_panic() {
        assert!(parse_feed(b"<html><body>hi</body></html>", "x", None).is_err());
        assert!(parse_feed(b"\xff\xfe<<<", "x", None).is_err());
    }
}
