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
//! blank lines; `headline` is the title line's span. After the body come the blocks the
//! pre-clean removed (navigation, captions, related links, comments, …), in page order, one
//! paragraph each, every one an ignored span ([`Document::ignored`]) with the reason of the
//! rule that removed it; body offsets are the same as without them. At most
//! [`boilerplate_cap`] bytes of such blocks are kept.
#![deny(clippy::string_slice)]

mod body;
mod flat;
mod meta;

use dom_query::Document as Dom;

use crate::clean::{IgnoreReason, Ignored};
use crate::document::{Document, Known, Provenance, SourceFormat};
use crate::span::Span;

pub use body::{
    precleaned_html, rule_ids, BodyOptions, BOILERPLATE_PARTS, DROP_TAGS, MARK_BANNERS_RULE,
    MARK_PARTS,
};
pub use flat::{flat_paragraphs, nesting_depth};

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
    /// The publication date, with the field it was read from.
    pub published: Option<MetaDate>,
    /// The last modification date, with the field it was read from.
    pub modified: Option<MetaDate>,
    /// The canonical URL (`link rel=canonical`, else `og:url`).
    pub url: Option<String>,
    /// The outlet name and the field it came from (`og:site_name` or `publisher.name`).
    pub outlet: Option<(String, &'static str)>,
    /// The page's language (ISO 639-1 where one exists, else 639-3) and where it came from:
    /// the body text when its language is detected reliably, else `html[lang]`, JSON-LD
    /// `inLanguage`, `og:locale` or `content-language`.
    pub language: Option<(String, &'static str)>,
    /// Body paragraphs (paragraphs, list items and subheadings), each whitespace-normalised.
    pub paragraphs: Vec<String>,
    /// The blocks the pre-clean removed from the body, in page order.
    pub boilerplate: Vec<Boilerplate>,
    /// Body paragraphs that marking-only rules (cookie and consent banners) flag: index into
    /// `paragraphs` and reason. They stay in the body as ignored spans.
    pub marked: Vec<(usize, IgnoreReason)>,
}

/// A block the pre-clean removed from the body: its text, whitespace-normalised to one
/// paragraph, and why it is not article text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Boilerplate {
    /// The reason of the rule that removed it (e.g. caption, related links, comments).
    pub reason: IgnoreReason,
    /// Its text on one line.
    pub text: String,
}

/// Removed boilerplate kept in a document is at most the body's size or this many bytes,
/// whichever is larger.
pub const MIN_BOILERPLATE_CAP: usize = 64 * 1024;

/// How many bytes of removed boilerplate a document whose body has `body_len` bytes keeps.
pub fn boilerplate_cap(body_len: usize) -> usize {
    body_len.max(MIN_BOILERPLATE_CAP)
}

/// A date read from the page's metadata.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MetaDate {
    /// The calendar date as written (the publisher's local date).
    pub date: jiff::civil::Date,
    /// The same moment normalised to UTC, when the field gives a time with an offset.
    pub utc: Option<jiff::Timestamp>,
    /// The field it was read from, e.g. `article:published_time`.
    pub field: &'static str,
}

/// The value of [`Article::language`]'s source when the language was detected from the body.
pub const DETECTED_LANGUAGE: &str = "detected from the body text";

/// True when text looks like an HTML page rather than plain text.
pub fn looks_like_html(text: &str) -> bool {
    let t = text.trim_start_matches(['\u{feff}', ' ', '\t', '\r', '\n']);
    let mut cut = t.len().min(512);
    while !t.is_char_boundary(cut) {
        cut -= 1;
    }
    let lower = t.get(..cut).unwrap_or_default().to_ascii_lowercase();
    ["<!doctype html", "<html", "<head", "<body", "<meta"]
        .iter()
        .any(|p| lower.starts_with(p))
        || ((lower.starts_with("<!--") || lower.starts_with("<?xml")) && lower.contains("<html"))
}

/// Extracts the article from an HTML page into a document: the title line, a blank line, the
/// body paragraphs separated by blank lines, then the removed boilerplate blocks as ignored
/// paragraphs. Fails when the page has no article text.
pub fn load(name: &str, html: &str) -> Result<Document, String> {
    load_noting(name, html).map(|(doc, _)| doc)
}

/// [`load`], with a notice when removed boilerplate beyond [`boilerplate_cap`] was dropped.
pub fn load_noting(name: &str, html: &str) -> Result<(Document, Option<String>), String> {
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
    let text_len_before_body = text.len();
    let mut ignored = Vec::new();
    let mut marked = art.marked.iter().peekable();
    for (i, p) in art.paragraphs.iter().enumerate() {
        if i > 0 {
            text.push_str("\n\n");
        }
        let start = text.len();
        text.push_str(p);
        if let Some((_, reason)) = marked.next_if(|(m, _)| *m == i) {
            ignored.push(Ignored {
                span: Span::new(start, text.len()),
                reason: *reason,
            });
        }
    }
    let body = Span::new(text_len_before_body, text.len());
    let (kept, notice) = append_boilerplate(&mut text, &art.boilerplate, body.len());
    ignored.extend(kept);
    let mut doc = Document::new(name, SourceFormat::Html, text);
    doc.ignored = ignored;
    doc.headline = headline;
    doc.meta.title = art.title;
    doc.meta.byline = art.byline;
    doc.meta.url = art.url;
    doc.meta.published = art.published.map(|d| Known {
        value: d.date,
        provenance: Provenance::Metadata {
            field: d.field.into(),
        },
    });
    doc.meta.modified = art.modified.map(|d| Known {
        value: d.date,
        provenance: Provenance::Metadata {
            field: d.field.into(),
        },
    });
    doc.meta.language = art.language.map(|(value, field)| Known {
        value,
        provenance: if field == DETECTED_LANGUAGE {
            Provenance::Inferred {
                evidence: vec![body],
                reason: DETECTED_LANGUAGE.into(),
            }
        } else {
            Provenance::Metadata {
                field: field.into(),
            }
        },
    });
    doc.meta.outlet = art.outlet.map(|(value, field)| Known {
        value,
        provenance: Provenance::Metadata {
            field: field.into(),
        },
    });
    Ok((doc, notice))
}

/// Appends the removed blocks after the body, each as its own paragraph, while they fit in
/// [`boilerplate_cap`]; returns their ignored spans and, when some did not fit, a notice
/// counting what was dropped.
fn append_boilerplate(
    text: &mut String,
    blocks: &[Boilerplate],
    body_len: usize,
) -> (Vec<Ignored>, Option<String>) {
    let cap = boilerplate_cap(body_len);
    let mut kept = 0usize;
    let mut ignored = Vec::new();
    let fitting = blocks
        .iter()
        .take_while(|b| {
            kept += b.text.len();
            kept <= cap
        })
        .count();
    for b in blocks.iter().take(fitting) {
        text.push_str("\n\n");
        let start = text.len();
        text.push_str(&b.text);
        ignored.push(Ignored {
            span: Span::new(start, text.len()),
            reason: b.reason,
        });
    }
    let dropped = blocks.len() - fitting;
    let notice = (dropped > 0).then(|| {
        let chars: usize = blocks
            .iter()
            .skip(fitting)
            .map(|b| b.text.chars().count())
            .sum();
        format!(
            "{dropped} removed boilerplate blocks ({chars} characters) beyond the cap of {cap} \
             bytes were not kept in the document"
        )
    });
    (ignored, notice)
}

/// Extracts body and metadata from a page. Never panics; fields that cannot be found are
/// `None` and `paragraphs` may be empty.
pub fn extract_article(html: &str) -> Article {
    extract_article_with(html, &BodyOptions::default())
}

/// [`extract_article`] with chosen pre-clean rules (for measuring what each rule does).
pub fn extract_article_with(html: &str, opts: &BodyOptions) -> Article {
    let mut art = match parse_guarded(html) {
        Some(dom) => {
            let mut art = meta::read_metadata(&dom);
            let body = body::body_from_dom(dom, opts);
            art.paragraphs = body.paragraphs;
            art.boilerplate = body.removed;
            art.marked = body.marked;
            art
        }
        None => Article {
            title: flat::flat_title(html),
            paragraphs: flat_paragraphs(html),
            ..Article::default()
        },
    };
    if let Some(lang) = detect_language(&art.paragraphs) {
        art.language = Some((lang, DETECTED_LANGUAGE));
    }
    // Extractors often repeat the headline as the first block.
    if let Some(title) = &art.title {
        let repeats = art.paragraphs.iter().take_while(|p| *p == title).count();
        art.paragraphs.drain(..repeats);
        art.marked.retain(|(i, _)| *i >= repeats);
        for (i, _) in &mut art.marked {
            *i -= repeats;
        }
    }
    art
}

/// The article body's paragraphs. This is the single switch point for the body extractor:
/// swap the implementation of `body::body_from_dom` to change it.
pub fn extract_body(html: &str) -> Vec<String> {
    match parse_guarded(html) {
        Some(dom) => body::body_from_dom(dom, &BodyOptions::default()).paragraphs,
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

/// The body's language when `whatlang` detects it reliably from at least 200 characters.
fn detect_language(paragraphs: &[String]) -> Option<String> {
    let mut sample = String::new();
    for p in paragraphs {
        if sample.len() >= 4000 {
            break;
        }
        sample.push_str(p);
        sample.push('\n');
    }
    if sample.chars().filter(|c| c.is_alphabetic()).count() < 200 {
        return None;
    }
    let info = whatlang::detect(&sample).filter(whatlang::Info::is_reliable)?;
    let code = info.lang().code();
    Some(
        ISO_639_1
            .iter()
            .find(|(three, _)| *three == code)
            .map_or(code, |(_, two)| *two)
            .to_string(),
    )
}

/// ISO 639-3 codes (as `whatlang` names languages) to 639-1, for those that have one.
const ISO_639_1: &[(&str, &str)] = &[
    ("afr", "af"),
    ("aka", "ak"),
    ("amh", "am"),
    ("arb", "ar"),
    ("aze", "az"),
    ("bel", "be"),
    ("ben", "bn"),
    ("bul", "bg"),
    ("cat", "ca"),
    ("ces", "cs"),
    ("cmn", "zh"),
    ("dan", "da"),
    ("deu", "de"),
    ("ell", "el"),
    ("eng", "en"),
    ("epo", "eo"),
    ("est", "et"),
    ("fin", "fi"),
    ("fra", "fr"),
    ("guj", "gu"),
    ("heb", "he"),
    ("hin", "hi"),
    ("hrv", "hr"),
    ("hun", "hu"),
    ("hye", "hy"),
    ("ind", "id"),
    ("ita", "it"),
    ("jav", "jv"),
    ("jpn", "ja"),
    ("kan", "kn"),
    ("kat", "ka"),
    ("khm", "km"),
    ("kor", "ko"),
    ("lat", "la"),
    ("lav", "lv"),
    ("lit", "lt"),
    ("mal", "ml"),
    ("mar", "mr"),
    ("mkd", "mk"),
    ("mya", "my"),
    ("nep", "ne"),
    ("nld", "nl"),
    ("nob", "nb"),
    ("ori", "or"),
    ("pan", "pa"),
    ("pes", "fa"),
    ("pol", "pl"),
    ("por", "pt"),
    ("ron", "ro"),
    ("rus", "ru"),
    ("sin", "si"),
    ("slk", "sk"),
    ("slv", "sl"),
    ("sna", "sn"),
    ("spa", "es"),
    ("srp", "sr"),
    ("swe", "sv"),
    ("tam", "ta"),
    ("tel", "te"),
    ("tgl", "tl"),
    ("tha", "th"),
    ("tuk", "tk"),
    ("tur", "tr"),
    ("ukr", "uk"),
    ("urd", "ur"),
    ("uzb", "uz"),
    ("vie", "vi"),
    ("yid", "yi"),
    ("zul", "zu"),
];
