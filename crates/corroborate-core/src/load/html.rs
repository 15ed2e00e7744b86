//! HTML loader: article body, title, byline, publication date, URL and outlet from a page.
//!
//! The body comes from [`extract_body`], the one place that decides which extractor is used
//! (today `dom_smoothie`, a Readability port, after our own boilerplate pre-clean; see
//! `docs/accuracy.md`, "HTML body extraction", for the comparison that chose it). Metadata is
//! read with `dom_query` (the same html5ever as the extractor) from meta tags, JSON-LD and
//! `<time datetime>`.
//!
//! Bad input never panics and never recurses without bound: pages nested deeper than
//! [`MAX_DOM_DEPTH`] or larger than [`MAX_DOM_BYTES`] skip the DOM and go through a linear,
//! non-recursive tag scanner ([`flat_paragraphs`]).
//!
//! The document text is the title line, a blank line, then the body paragraphs separated by
//! blank lines; `headline` is the title line's span.

use std::collections::HashMap;
use std::sync::LazyLock;

use dom_query::Document as Dom;
use regex::Regex;
use serde_json::Value;

use crate::document::{Document, Known, Provenance, SourceFormat};
use crate::span::Span;

/// Pages whose estimated element nesting exceeds this skip the DOM extractor (whose tree
/// walks are recursive and whose scoring is quadratic in depth) for [`flat_paragraphs`].
pub const MAX_DOM_DEPTH: usize = 256;

/// Pages larger than this skip the DOM extractor for the linear [`flat_paragraphs`].
pub const MAX_DOM_BYTES: usize = 16 * 1024 * 1024;

/// An article extracted from an HTML page.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Article {
    /// The headline (`og:title`, JSON-LD `headline`, `<h1>` or `<title>`), one line.
    pub title: Option<String>,
    /// The byline (author names), without a leading "By".
    pub byline: Option<String>,
    /// The publication date and the metadata field it was read from.
    pub published: Option<(jiff::civil::Date, &'static str)>,
    /// The canonical URL (`link rel=canonical`, else `og:url`).
    pub url: Option<String>,
    /// The outlet name and the field it came from (`og:site_name` or `publisher.name`).
    pub outlet: Option<(String, &'static str)>,
    /// Body paragraphs (paragraphs, list items and subheadings), each whitespace-normalised.
    pub paragraphs: Vec<String>,
}

/// True when text looks like an HTML page rather than plain text.
pub fn looks_like_html(text: &str) -> bool {
    let t = text.trim_start_matches(['\u{feff}', ' ', '\t', '\r', '\n']);
    let mut cut = t.len().min(512);
    while !t.is_char_boundary(cut) {
        cut -= 1;
    }
    let lower = t[..cut].to_ascii_lowercase();
    ["<!doctype html", "<html", "<head", "<body", "<meta"]
        .iter()
        .any(|p| lower.starts_with(p))
        || ((lower.starts_with("<!--") || lower.starts_with("<?xml")) && lower.contains("<html"))
}

/// Extracts the article from an HTML page into a document: the title line, a blank line, then
/// the body paragraphs separated by blank lines. Fails when the page has no article text.
pub fn load(name: &str, html: &str) -> Result<Document, String> {
    let art = extract_article(html);
    if art.paragraphs.is_empty() {
        return Err("no article text found in the HTML page".into());
    }
    let mut text = String::new();
    let mut headline = None;
    if let Some(t) = &art.title {
        text.push_str(t);
        headline = Some(Span::new(0, t.len()));
        text.push_str("\n\n");
    }
    text.push_str(&art.paragraphs.join("\n\n"));
    let mut doc = Document::new(name, SourceFormat::Html, text);
    doc.headline = headline;
    doc.meta.title = art.title;
    doc.meta.byline = art.byline;
    doc.meta.url = art.url;
    doc.meta.published = art.published.map(|(value, field)| Known {
        value,
        provenance: Provenance::Metadata {
            field: field.into(),
        },
    });
    doc.meta.outlet = art.outlet.map(|(value, field)| Known {
        value,
        provenance: Provenance::Metadata {
            field: field.into(),
        },
    });
    Ok(doc)
}

/// Extracts body and metadata from a page. Never panics; fields that cannot be found are
/// `None` and `paragraphs` may be empty.
pub fn extract_article(html: &str) -> Article {
    let mut art = match parse_guarded(html) {
        Some(dom) => {
            let mut art = read_metadata(&dom);
            art.paragraphs = body_from_dom(dom);
            art
        }
        None => Article {
            title: flat_title(html),
            paragraphs: flat_paragraphs(html),
            ..Article::default()
        },
    };
    // Extractors often repeat the headline as the first block.
    if let Some(title) = &art.title {
        let repeats = art.paragraphs.iter().take_while(|p| *p == title).count();
        art.paragraphs.drain(..repeats);
    }
    art
}

/// The article body's paragraphs. This is the single switch point for the body extractor:
/// swap the implementation of `body_from_dom` to change it.
pub fn extract_body(html: &str) -> Vec<String> {
    match parse_guarded(html) {
        Some(dom) => body_from_dom(dom),
        None => flat_paragraphs(html),
    }
}

/// Parses the page unless it is too deep or too large for the DOM path.
fn parse_guarded(html: &str) -> Option<Dom> {
    if html.len() > MAX_DOM_BYTES || nesting_depth(html, MAX_DOM_DEPTH) > MAX_DOM_DEPTH {
        return None;
    }
    Some(Dom::from(html))
}

/// The body extractor: our pre-clean of boilerplate blocks, then `dom_smoothie`'s
/// Readability scoring, then one paragraph per text line.
fn body_from_dom(dom: Dom) -> Vec<String> {
    preclean(&dom);
    let cfg = dom_smoothie::Config {
        text_mode: dom_smoothie::TextMode::Formatted,
        ..Default::default()
    };
    let text = match dom_smoothie::Readability::with_document(dom, None, Some(cfg)) {
        Ok(mut r) => match r.parse() {
            Ok(a) => a.text_content.to_string(),
            Err(_) => return Vec::new(),
        },
        Err(_) => return Vec::new(),
    };
    text.lines()
        .map(normalize_ws)
        .filter(|p| has_words(p))
        .collect()
}

/// Class or id tokens naming boilerplate blocks (ads, share widgets, related links, comments,
/// newsletter promos, bylines). Matched per token, on `-`/`_`-separated parts, so "shadow" or
/// "commentary" do not match.
static BOILERPLATE_TOKEN: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r"(?i)^(?:.*[-_])?(?:ad|ads|advert|advertisement|adslot|sponsored|sponsor|promo|share|sharing|sharebar|social|socials|related|comments?|newsletter|subscribe|signup|disqus|outbrain|taboola|recirc|recommended|popular|mostread|trending|breadcrumbs?|byline|author|authors|dateline|timestamp|paywall|gallery|slideshow|carousel|caption|lightbox|modal)(?:[-_].*)?$",
    )
    .expect("valid regex")
});

/// Elements never worth reading as article text.
const DROP_TAGS: &str =
    "script, style, noscript, template, nav, footer, aside, iframe, button, select, svg, figcaption";

/// Removes boilerplate the Readability scoring keeps (inline ads, share bars, related-link
/// lists, comment threads, bylines and date stamps), by tag and by class/id tokens. The page's main containers are
/// never removed, nor any block holding several long paragraphs.
fn preclean(dom: &Dom) {
    dom.select(DROP_TAGS).remove();
    // Date stamps (`<time>`) are metadata, read before this runs.
    for n in dom.select("time").nodes() {
        if n.text().len() <= 80 {
            n.remove_from_parent();
        }
    }
    let body_text_len = dom.select("body").text().len().max(1);
    let candidates: Vec<_> = dom
        .select("[class], [id]")
        .nodes()
        .iter()
        .filter(|n| {
            let name = n
                .node_name()
                .map(|s| s.to_ascii_lowercase())
                .unwrap_or_default();
            if matches!(name.as_str(), "html" | "body" | "main" | "article") {
                return false;
            }
            let class = n.class().unwrap_or_default();
            let id = n.id_attr().unwrap_or_default();
            class
                .split_ascii_whitespace()
                .chain(id.split_ascii_whitespace())
                .any(|t| BOILERPLATE_TOKEN.is_match(t))
        })
        .cloned()
        .collect();
    for n in candidates {
        // A node removed with an ancestor has no parent left.
        if n.parent().is_none() {
            continue;
        }
        if n.text().len() * 2 > body_text_len {
            continue;
        }
        n.remove_from_parent();
    }
}

/// Collapses runs of white space (including no-break spaces) to one space and trims.
fn normalize_ws(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for word in s.split_whitespace() {
        if !out.is_empty() {
            out.push(' ');
        }
        out.push_str(word);
    }
    out
}

fn has_words(s: &str) -> bool {
    s.chars().any(|c| c.is_alphanumeric())
}

// ---------------------------------------------------------------------------------------------
// Metadata

static ISO_DATE: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"^\s*(\d{4})[-/](\d{1,2})[-/](\d{1,2})(?:$|[^0-9])").expect("valid regex")
});

/// The calendar date at the start of an ISO-8601-like timestamp, as written (its own offset).
fn parse_date(s: &str) -> Option<jiff::civil::Date> {
    let c = ISO_DATE.captures(s)?;
    let y: i16 = c.get(1)?.as_str().parse().ok()?;
    let m: i8 = c.get(2)?.as_str().parse().ok()?;
    let d: i8 = c.get(3)?.as_str().parse().ok()?;
    jiff::civil::Date::new(y, m, d).ok()
}

/// Title, byline, date, URL and outlet from meta tags, JSON-LD and the DOM.
fn read_metadata(dom: &Dom) -> Article {
    let mut meta: HashMap<String, String> = HashMap::new();
    for n in dom.select("meta[content]").nodes() {
        let key = n
            .attr("property")
            .or_else(|| n.attr("name"))
            .or_else(|| n.attr("itemprop"));
        if let (Some(k), Some(v)) = (key, n.attr("content")) {
            let v = normalize_ws(&v);
            if !v.is_empty() {
                meta.entry(k.to_ascii_lowercase()).or_insert(v);
            }
        }
    }
    let ld = JsonLd::read(dom);
    let get = |k: &str| meta.get(k).cloned();

    let outlet = get("og:site_name")
        .map(|v| (v, "og:site_name"))
        .or_else(|| ld.publisher.clone().map(|v| (v, "publisher.name")));

    let published = get("article:published_time")
        .and_then(|v| parse_date(&v))
        .map(|d| (d, "article:published_time"))
        .or_else(|| {
            ld.date_published
                .as_deref()
                .or(meta.get("datepublished").map(String::as_str))
                .and_then(parse_date)
                .map(|d| (d, "datePublished"))
        })
        .or_else(|| {
            let times = dom.select("time[datetime]");
            let nodes = times.nodes();
            nodes
                .iter()
                .filter(|n| n.has_attr("pubdate"))
                .chain(nodes.iter())
                .find_map(|n| n.attr("datetime").and_then(|v| parse_date(&v)))
                .map(|d| (d, "time[datetime]"))
        });

    let url = dom
        .select("link[rel][href]")
        .nodes()
        .iter()
        .filter(|n| {
            n.attr("rel").is_some_and(|r| {
                r.split_ascii_whitespace()
                    .any(|t| t.eq_ignore_ascii_case("canonical"))
            })
        })
        .find_map(|n| n.attr("href").map(|h| h.trim().to_string()))
        .filter(|h| h.starts_with("http://") || h.starts_with("https://"))
        .or_else(|| get("og:url").filter(|u| u.starts_with("http")));

    let site = outlet.as_ref().map(|(s, _)| s.as_str());
    let title = get("og:title")
        .or_else(|| ld.headline.clone())
        .or_else(|| get("twitter:title"))
        .or_else(|| Some(normalize_ws(&dom.select("h1").first().text())).filter(|t| has_words(t)))
        .or_else(|| Some(normalize_ws(&dom.select("title").first().text())))
        .map(|t| strip_site_suffix(&normalize_ws(&t), site).to_string())
        .filter(|t| has_words(t));

    let outlet_name = outlet.as_ref().map(|(s, _)| s.as_str());
    let byline = ld
        .authors
        .clone()
        .or_else(|| get("author").filter(|a| !a.starts_with("http")))
        .or_else(|| {
            dom.select(
                "[rel=author], [itemprop=author], .byline, .author, .author-name, .article-author",
            )
            .nodes()
            .iter()
            .map(|n| dom_byline(&n.text()))
            .find(|t| has_words(t) && t.len() <= 120)
        })
        .map(|b| clean_byline(&b))
        .filter(|b| has_words(b) && Some(b.as_str()) != outlet_name);

    Article {
        title,
        byline,
        published,
        url,
        outlet,
        paragraphs: Vec::new(),
    }
}

/// Drops " | Site", " - Site" and similar from a `<title>` when the suffix is the site name.
fn strip_site_suffix<'a>(title: &'a str, site: Option<&str>) -> &'a str {
    let Some(site) = site else { return title };
    for sep in [" | ", " - ", " – ", " — ", " :: ", " · "] {
        if let Some(head) = title.strip_suffix(site).and_then(|h| h.strip_suffix(sep)) {
            return head;
        }
    }
    title
}

static BY_PREFIX: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"(?i)^\s*(?:written\s+)?by[:\s]+").expect("valid regex"));

/// A byline element's text up to the first handle, separator or digit (bylines often run on
/// into "@handle", "• 2 min read" or a date).
fn dom_byline(text: &str) -> String {
    let t = normalize_ws(text);
    let cut = t
        .find(|c: char| matches!(c, '@' | '•' | '|' | '·') || c.is_ascii_digit())
        .unwrap_or(t.len());
    t[..cut]
        .trim_end_matches(|c: char| c.is_whitespace() || matches!(c, ',' | '-' | '–' | '—'))
        .to_string()
}

fn clean_byline(b: &str) -> String {
    BY_PREFIX.replace(&normalize_ws(b), "").trim().to_string()
}

/// What JSON-LD says about the article.
#[derive(Default)]
struct JsonLd {
    headline: Option<String>,
    date_published: Option<String>,
    authors: Option<String>,
    publisher: Option<String>,
}

impl JsonLd {
    /// Reads every `application/ld+json` script, flattening arrays and `@graph`; article
    /// objects (`*Article`, `*Posting`, `Report`) win over others.
    fn read(dom: &Dom) -> JsonLd {
        let mut objects: Vec<serde_json::Map<String, Value>> = Vec::new();
        for n in dom.select("script[type]").nodes() {
            let is_ld = n
                .attr("type")
                .is_some_and(|t| t.trim().eq_ignore_ascii_case("application/ld+json"));
            if !is_ld {
                continue;
            }
            // serde_json limits nesting (128), so hostile JSON cannot overflow the stack.
            let Ok(v) = serde_json::from_str::<Value>(n.text().trim()) else {
                continue;
            };
            let mut stack = vec![v];
            while let Some(v) = stack.pop() {
                match v {
                    Value::Array(items) => stack.extend(items.into_iter().rev()),
                    Value::Object(mut o) => {
                        if let Some(g) = o.remove("@graph") {
                            stack.push(g);
                        }
                        objects.push(o);
                    }
                    _ => {}
                }
            }
        }
        let is_article = |o: &serde_json::Map<String, Value>| {
            let ty = |s: &str| s.contains("Article") || s.contains("Posting") || s == "Report";
            match o.get("@type") {
                Some(Value::String(s)) => ty(s),
                Some(Value::Array(a)) => a.iter().filter_map(Value::as_str).any(ty),
                _ => false,
            }
        };
        let ordered: Vec<&serde_json::Map<String, Value>> = objects
            .iter()
            .filter(|o| is_article(o))
            .chain(objects.iter().filter(|o| !is_article(o)))
            .collect();
        let first_str = |key: &str| {
            ordered
                .iter()
                .find_map(|o| o.get(key).and_then(Value::as_str).map(normalize_ws))
                .filter(|s| !s.is_empty())
        };
        JsonLd {
            headline: first_str("headline"),
            date_published: first_str("datePublished"),
            authors: ordered.iter().find_map(|o| o.get("author").and_then(names)),
            publisher: ordered
                .iter()
                .find_map(|o| o.get("publisher").and_then(names)),
        }
    }
}

/// The name(s) in a JSON-LD person/organisation value: a string, an object with `name`, or
/// an array of either, joined as "A", "A and B" or "A, B and C".
fn names(v: &Value) -> Option<String> {
    let one = |v: &Value| match v {
        Value::String(s) => Some(normalize_ws(s)),
        Value::Object(o) => o.get("name").and_then(Value::as_str).map(normalize_ws),
        _ => None,
    };
    let list: Vec<String> = match v {
        Value::Array(a) => a.iter().filter_map(one).collect(),
        v => one(v).into_iter().collect(),
    };
    let list: Vec<String> = list
        .into_iter()
        .filter(|s| has_words(s) && !s.starts_with("http"))
        .collect();
    match list.as_slice() {
        [] => None,
        [a] => Some(a.clone()),
        [init @ .., last] => Some(format!("{} and {}", init.join(", "), last)),
    }
}

// ---------------------------------------------------------------------------------------------
// Linear fallback for pathological pages

/// Tags that never hold children.
fn is_void(name: &str) -> bool {
    matches!(
        name,
        "area"
            | "base"
            | "br"
            | "col"
            | "embed"
            | "hr"
            | "img"
            | "input"
            | "link"
            | "meta"
            | "param"
            | "source"
            | "track"
            | "wbr"
            | "keygen"
            | "frame"
            | "basefont"
            | "bgsound"
    )
}

/// Tags whose end tag is optional (closed by a sibling), so they do not add nesting.
fn is_auto_closed(name: &str) -> bool {
    matches!(
        name,
        "p" | "li"
            | "dt"
            | "dd"
            | "option"
            | "optgroup"
            | "tr"
            | "td"
            | "th"
            | "thead"
            | "tbody"
            | "tfoot"
            | "colgroup"
            | "caption"
            | "rb"
            | "rt"
            | "rp"
            | "rtc"
            | "html"
            | "head"
            | "body"
    )
}

/// Elements whose content is raw text up to their end tag.
fn is_raw_text(name: &str) -> bool {
    matches!(
        name,
        "script" | "style" | "textarea" | "title" | "xmp" | "iframe" | "noembed" | "noframes"
    )
}

/// One tag found by [`TagScanner`].
struct Tag {
    /// Lower-case ASCII name (empty for comments and declarations).
    name: String,
    closing: bool,
    self_closing: bool,
    /// Byte range of the whole tag in the input.
    start: usize,
    end: usize,
}

/// A forward-only tag scanner: each call to [`TagScanner::next_tag`] moves past one tag, so a
/// full scan is linear in the input.
struct TagScanner<'a> {
    s: &'a str,
    pos: usize,
}

impl<'a> TagScanner<'a> {
    fn new(s: &'a str) -> Self {
        TagScanner { s, pos: 0 }
    }

    fn find_from(&self, from: usize, needle: &str) -> Option<usize> {
        self.s.get(from..)?.find(needle).map(|i| i + from)
    }

    /// The next tag at or after the current position; comments and declarations come back
    /// with an empty name. Text between tags is left to the caller (`start` of the tag).
    fn next_tag(&mut self) -> Option<Tag> {
        let b = self.s.as_bytes();
        loop {
            let lt = self.find_from(self.pos, "<")?;
            let next = b.get(lt + 1).copied();
            match next {
                Some(b'!') => {
                    let end = if self.s.get(lt..).is_some_and(|r| r.starts_with("<!--")) {
                        self.find_from(lt + 4, "-->").map_or(b.len(), |e| e + 3)
                    } else {
                        self.find_from(lt, ">").map_or(b.len(), |e| e + 1)
                    };
                    self.pos = end;
                    return Some(Tag {
                        name: String::new(),
                        closing: false,
                        self_closing: true,
                        start: lt,
                        end,
                    });
                }
                Some(b'?') => {
                    let end = self.find_from(lt, ">").map_or(b.len(), |e| e + 1);
                    self.pos = end;
                    return Some(Tag {
                        name: String::new(),
                        closing: false,
                        self_closing: true,
                        start: lt,
                        end,
                    });
                }
                Some(c) if c == b'/' || c.is_ascii_alphabetic() => {
                    let closing = c == b'/';
                    let name_start = if closing { lt + 2 } else { lt + 1 };
                    let mut i = name_start;
                    while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'-') {
                        i += 1;
                    }
                    if i == name_start {
                        self.pos = lt + 1;
                        continue;
                    }
                    let name = self.s.get(name_start..i).unwrap_or("").to_ascii_lowercase();
                    let gt = self.find_from(i, ">");
                    let end = gt.map_or(b.len(), |e| e + 1);
                    let self_closing = gt.is_some_and(|g| g > 0 && b[g - 1] == b'/');
                    self.pos = end;
                    return Some(Tag {
                        name,
                        closing,
                        self_closing,
                        start: lt,
                        end,
                    });
                }
                _ => self.pos = lt + 1,
            }
        }
    }

    /// Moves past the end tag `</name` (case-insensitive) of a raw-text element; returns the
    /// start of that end tag (or the end of input).
    fn skip_raw(&mut self, name: &str) -> usize {
        let mut from = self.pos;
        while let Some(i) = self.find_from(from, "</") {
            let after = self.s.get(i + 2..i + 2 + name.len());
            if after.is_some_and(|a| a.eq_ignore_ascii_case(name)) {
                self.pos = self.find_from(i, ">").map_or(self.s.len(), |e| e + 1);
                return i;
            }
            from = i + 2;
        }
        self.pos = self.s.len();
        self.s.len()
    }
}

/// An estimate of the page's element nesting depth, stopping early once it exceeds `limit`.
/// Linear; ignores void elements, elements with optional end tags, comments and raw text.
pub fn nesting_depth(html: &str, limit: usize) -> usize {
    let mut sc = TagScanner::new(html);
    let mut depth = 0usize;
    let mut max = 0usize;
    while let Some(tag) = sc.next_tag() {
        if tag.name.is_empty() || is_void(&tag.name) || is_auto_closed(&tag.name) {
            continue;
        }
        if tag.closing {
            depth = depth.saturating_sub(1);
        } else if is_raw_text(&tag.name) {
            if !tag.self_closing {
                sc.skip_raw(&tag.name);
            }
        } else if !tag.self_closing {
            depth += 1;
            max = max.max(depth);
            if max > limit {
                break;
            }
        }
    }
    max
}

/// Containers whose whole content is boilerplate in the flat fallback.
fn is_skipped_container(name: &str) -> bool {
    matches!(
        name,
        "head"
            | "nav"
            | "header"
            | "footer"
            | "aside"
            | "form"
            | "select"
            | "button"
            | "svg"
            | "noscript"
            | "template"
            | "object"
            | "video"
            | "audio"
            | "canvas"
            | "math"
    )
}

/// Tags that end a paragraph in the flat fallback.
fn is_block(name: &str) -> bool {
    matches!(
        name,
        "p" | "div"
            | "br"
            | "li"
            | "ul"
            | "ol"
            | "dl"
            | "dt"
            | "dd"
            | "h1"
            | "h2"
            | "h3"
            | "h4"
            | "h5"
            | "h6"
            | "section"
            | "article"
            | "main"
            | "blockquote"
            | "pre"
            | "table"
            | "tr"
            | "td"
            | "th"
            | "figure"
            | "figcaption"
            | "hr"
            | "body"
            | "html"
            | "center"
            | "address"
    )
}

/// Paragraphs of a page by a linear tag scan, without a DOM: drops raw-text elements
/// (script, style) and boilerplate containers (nav, header, footer, aside, forms), breaks
/// paragraphs at block tags, decodes entities and normalises white space. The fallback for
/// pages too deep or too large for the DOM extractor.
pub fn flat_paragraphs(html: &str) -> Vec<String> {
    let mut sc = TagScanner::new(html);
    let mut out = Vec::new();
    let mut buf = String::new();
    let mut text_from = 0usize;
    // (name, depth of same-name nesting) of the boilerplate container being skipped.
    let mut skipping: Option<(String, usize)> = None;
    let flush = |buf: &mut String, out: &mut Vec<String>| {
        let p = normalize_ws(&html_escape::decode_html_entities(buf.as_str()));
        if has_words(&p) {
            out.push(p);
        }
        buf.clear();
    };
    loop {
        let tag = sc.next_tag();
        let text_to = tag.as_ref().map_or(html.len(), |t| t.start);
        if skipping.is_none() {
            if let Some(t) = html.get(text_from..text_to) {
                buf.push_str(t);
            }
        }
        let Some(tag) = tag else { break };
        text_from = tag.end;
        if tag.name.is_empty() {
            continue;
        }
        if let Some((name, depth)) = skipping.as_mut() {
            if *name == tag.name && !tag.self_closing {
                if tag.closing {
                    *depth -= 1;
                    if *depth == 0 {
                        skipping = None;
                    }
                } else {
                    *depth += 1;
                }
            } else if !tag.closing && !tag.self_closing && is_raw_text(&tag.name) {
                sc.skip_raw(&tag.name);
                text_from = sc.pos;
            }
            continue;
        }
        if !tag.closing && !tag.self_closing && is_raw_text(&tag.name) {
            sc.skip_raw(&tag.name);
            text_from = sc.pos;
            continue;
        }
        if !tag.closing && !tag.self_closing && is_skipped_container(&tag.name) {
            flush(&mut buf, &mut out);
            skipping = Some((tag.name, 1));
            continue;
        }
        // Inline tags separate words only where the page has white space.
        if is_block(&tag.name) {
            flush(&mut buf, &mut out);
        }
    }
    flush(&mut buf, &mut out);
    out
}

/// The `<title>` text found by a linear scan (for pages that skip the DOM).
fn flat_title(html: &str) -> Option<String> {
    let mut sc = TagScanner::new(html);
    while let Some(tag) = sc.next_tag() {
        if tag.name == "title" && !tag.closing {
            let start = sc.pos;
            let end = sc.skip_raw("title");
            let t = normalize_ws(&html_escape::decode_html_entities(html.get(start..end)?));
            return Some(t).filter(|t| has_words(t));
        }
        if tag.name == "body" {
            break;
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_parse_from_timestamps() {
        assert_eq!(
            parse_date("2031-04-17T08:45:00-05:00"),
            jiff::civil::Date::new(2031, 4, 17).ok()
        );
        assert_eq!(
            parse_date("2030-11-06"),
            jiff::civil::Date::new(2030, 11, 6).ok()
        );
        assert_eq!(parse_date("2030-13-06"), None);
        assert_eq!(parse_date("April 17"), None);
        assert_eq!(parse_date("20301-01-01"), None);
    }

    #[test]
    fn depth_estimate_ignores_void_and_auto_closed() {
        assert_eq!(nesting_depth("<div><p>a<p>b<br><img src=x></div>", 100), 1);
        assert_eq!(
            nesting_depth("<div><div><span>x</span></div></div>", 100),
            3
        );
        assert_eq!(
            nesting_depth("<script>if (a<b) { '<div><div>' }</script><div></div>", 100),
            1
        );
        assert!(nesting_depth(&"<div>".repeat(1000), 10) > 10);
    }

    #[test]
    fn flat_fallback_drops_scripts_and_boilerplate() {
        let html = "<html><head><title>T</title><style>p{}</style></head><body>\
            <nav><ul><li>Home</li></ul><nav>inner</nav>still nav</nav>\
            <p>First &amp; only <b>real</b> paragraph.</p><script>var x = '<p>no</p>';</script>\
            <div>Second&nbsp;block</div><footer>Copyright</footer></body></html>";
        assert_eq!(
            flat_paragraphs(html),
            vec!["First & only real paragraph.", "Second block"]
        );
        assert_eq!(flat_title(html).as_deref(), Some("T"));
    }

    #[test]
    fn boilerplate_tokens_match_whole_parts() {
        for t in [
            "ad",
            "ad-inline",
            "top_ads",
            "social-share",
            "related-links",
            "comments",
        ] {
            assert!(BOILERPLATE_TOKEN.is_match(t), "{t}");
        }
        for t in [
            "shadow",
            "commentary",
            "header",
            "article-body",
            "loaded",
            "headline",
        ] {
            assert!(!BOILERPLATE_TOKEN.is_match(t), "{t}");
        }
    }

    #[test]
    fn dom_bylines_stop_before_handles_and_dates() {
        assert_eq!(
            dom_byline(" Ann Lee @annlee Nov 18, 2031 at 9:24 pm • 2 min read"),
            "Ann Lee"
        );
        assert_eq!(dom_byline("By Bo Chen | Staff"), "By Bo Chen");
        assert_eq!(dom_byline("Zoë Ahn — 12:00"), "Zoë Ahn");
    }

    #[test]
    fn site_suffix_is_stripped_only_when_it_is_the_site() {
        assert_eq!(
            strip_site_suffix("Rain due | The Post", Some("The Post")),
            "Rain due"
        );
        assert_eq!(
            strip_site_suffix("Rain due – The Post", Some("The Post")),
            "Rain due"
        );
        assert_eq!(
            strip_site_suffix("Cats | Dogs", Some("The Post")),
            "Cats | Dogs"
        );
        assert_eq!(strip_site_suffix("Cats | Dogs", None), "Cats | Dogs");
    }

    #[test]
    fn names_join_lists() {
        let v: Value = serde_json::json!([{"name": "A B"}, "C D", {"name": "E F"}]);
        assert_eq!(names(&v).as_deref(), Some("A B, C D and E F"));
        assert_eq!(
            names(&serde_json::json!({"name": "X"})).as_deref(),
            Some("X")
        );
        assert_eq!(names(&serde_json::json!("https://x.example/a")), None);
    }
}
