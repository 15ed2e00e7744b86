//! The document: text exactly as loaded, plus metadata and where each piece of metadata came from.

#![deny(clippy::string_slice)]

use serde::{Deserialize, Serialize};

use crate::clean::Ignored;
use crate::span::{Span, SpanMap};

/// A stable document identifier derived from the document's text: loading the same content
/// twice gives the same id, so re-ingesting is idempotent.
///
/// Shared, not copied: the linking stages hold an id for every passage and story member, and a
/// clone only counts a reference.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(transparent)]
pub struct DocId(pub std::sync::Arc<str>);

impl DocId {
    /// The id of a document with this text: `d` followed by 16 hex digits of its XXH3-128 hash.
    pub fn from_text(text: &str) -> Self {
        let h = xxhash_rust::xxh3::xxh3_128(text.as_bytes());
        DocId(format!("d{:016x}", (h >> 64) as u64).into())
    }

    /// The id as a string slice.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl std::fmt::Display for DocId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

/// How a piece of metadata became known. Inferred values carry the evidence that fixed them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "how", rename_all = "snake_case")]
pub enum Provenance {
    /// Given by a manifest file (`--manifest` or `manifest.json` in the input folder).
    Manifest,
    /// Read from the input's own metadata (HTML meta tags, JSON-LD, a JSONL field, a TimeML DCT).
    Metadata {
        /// The field it was read from, e.g. `article:published_time`.
        field: String,
    },
    /// Derived from the document's URL (e.g. the outlet from the domain).
    Url,
    /// Inferred from the text; `evidence` is the span that fixes it.
    Inferred {
        /// The spans of text the value was inferred from.
        evidence: Vec<Span>,
        /// A one-line explanation of the inference.
        reason: String,
    },
}

impl Provenance {
    /// How the value became known, as the JSON's `how` field names it: `manifest`,
    /// `metadata`, `url` or `inferred`.
    pub fn how(&self) -> &'static str {
        match self {
            Provenance::Manifest => "manifest",
            Provenance::Metadata { .. } => "metadata",
            Provenance::Url => "url",
            Provenance::Inferred { .. } => "inferred",
        }
    }
}

impl SpanMap for Provenance {
    fn map_spans(&mut self, f: &dyn Fn(Span) -> Span) {
        if let Provenance::Inferred { evidence, .. } = self {
            evidence.map_spans(f);
        }
    }
}

/// A metadata value with its provenance.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Known<T> {
    /// The value.
    pub value: T,
    /// Where it came from.
    #[serde(flatten)]
    pub provenance: Provenance,
}

impl<T> SpanMap for Known<T> {
    fn map_spans(&mut self, f: &dyn Fn(Span) -> Span) {
        self.provenance.map_spans(f);
    }
}

/// A publication date (a calendar day) with its provenance.
pub type PublishedDate = Known<jiff::civil::Date>;

/// What is known about a document besides its text.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct DocMeta {
    /// The publishing outlet, e.g. "Associated Press".
    pub outlet: Option<Known<String>>,
    /// The canonical URL, when known.
    pub url: Option<String>,
    /// The publication date, when known.
    pub published: Option<PublishedDate>,
    /// The title from metadata (HTML `<title>`, `og:title`, JSONL `title`), when it is not part of `text`.
    pub title: Option<String>,
    /// The byline, when known.
    pub byline: Option<String>,
    /// The last modification date, when the source states one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub modified: Option<PublishedDate>,
    /// The language (ISO 639-1 code such as "en"), when declared or detected.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub language: Option<Known<String>>,
    /// How and when the document was retrieved from the web (a fetch or a WARC record).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub retrieved: Option<Retrieved>,
    /// The feed or news-sitemap entry that pointed to the document.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub feed_entry: Option<FeedEntry>,
}

impl DocMeta {
    /// False only when the language is known and is not English: English-specific stages
    /// (quotes, entities, dates) should skip such documents.
    pub fn may_be_english(&self) -> bool {
        self.language.as_ref().is_none_or(|l| l.value == "en")
    }
}

/// Where a document was retrieved from and when, and what says so.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Retrieved {
    /// The URL that was asked for (for WARC, the record's target URI).
    pub requested_url: String,
    /// The URL the content came from after redirects (for WARC, the target URI).
    pub url: String,
    /// When it was fetched or crawled, RFC 3339 in UTC.
    pub at: String,
    /// What these values come from: `http` (fetched by this run), `cache` (a fetch stored
    /// earlier in the store), or `warc` (the record's `WARC-Target-URI` and `WARC-Date`).
    pub source: String,
}

/// One entry of an RSS/Atom feed or a news sitemap, as the feed gave it.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct FeedEntry {
    /// The feed or sitemap (URL or file) the entry was read from.
    pub feed: String,
    /// The entry's link, resolved against the feed's URL.
    pub link: String,
    /// The entry's title.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub title: Option<String>,
    /// The entry's date (published, else updated), RFC 3339.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub date: Option<String>,
    /// The entry's author(s), comma-separated.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub author: Option<String>,
}

impl SpanMap for DocMeta {
    fn map_spans(&mut self, f: &dyn Fn(Span) -> Span) {
        self.outlet.map_spans(f);
        self.published.map_spans(f);
        self.modified.map_spans(f);
        self.language.map_spans(f);
    }
}

/// The input format a document was loaded from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SourceFormat {
    /// Plain text; `text` is the file unchanged.
    Text,
    /// HTML; `text` is the extracted article body.
    Html,
    /// One line of a JSON Lines file.
    Jsonl,
    /// A TimeML file; `text` is the content of `<TEXT>` with tags removed.
    Timeml,
}

/// One article. The text is kept exactly as loaded and never modified; every annotation is a
/// [`Span`] into it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Document {
    /// Content-derived identifier.
    pub id: DocId,
    /// Where the document came from: a file path, or `path:line` for JSONL.
    pub source: String,
    /// The format it was loaded from.
    pub format: SourceFormat,
    /// The text, exactly as loaded (for `.txt`) or as extracted (for HTML).
    pub text: String,
    /// The headline's span in `text`, when the text starts with one.
    pub headline: Option<Span>,
    /// Outlet, URL, publication date and other metadata.
    pub meta: DocMeta,
    /// Spans the loader already knows are not article text, sorted by start, never
    /// overlapping: for HTML, the boilerplate blocks its pre-clean removed from the body
    /// (kept after the body with the rule's reason). Cleaning adds its own in `PreparedDoc`.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub ignored: Vec<Ignored>,
}

impl Document {
    /// A document with the given text and source; the id derives from the text.
    pub fn new(source: impl Into<String>, format: SourceFormat, text: String) -> Self {
        Document {
            id: DocId::from_text(&text),
            source: source.into(),
            format,
            text,
            headline: None,
            meta: DocMeta::default(),
            ignored: Vec::new(),
        }
    }

    /// The text a span covers (empty if the span is out of range).
    pub fn slice(&self, span: Span) -> &str {
        span.text(&self.text)
    }

    /// The headline's text, if any.
    pub fn headline_text(&self) -> Option<&str> {
        self.headline.map(|s| self.slice(s))
    }
}

/// The span of the first non-empty line of `text`, trimmed of surrounding white space.
pub fn first_line_span(text: &str) -> Option<Span> {
    let mut offset = 0;
    for line in text.split_inclusive('\n') {
        let trimmed = line.trim();
        if !trimmed.is_empty() {
            let lead = line.len() - line.trim_start().len();
            let start = offset + lead;
            return Some(Span::new(start, start + trimmed.len()));
        }
        offset += line.len();
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn id_depends_on_text_only() {
        let a = Document::new("a.txt", SourceFormat::Text, "Hello".into());
        let b = Document::new("b.txt", SourceFormat::Text, "Hello".into());
        let c = Document::new("a.txt", SourceFormat::Text, "Hello!".into());
        assert_eq!(a.id, b.id);
        assert_ne!(a.id, c.id);
        assert_eq!(a.id.as_str().len(), 17);
    }

    #[test]
    fn headline_is_first_non_empty_line() {
        let t = "\n\n  Big news today \nBody.";
        let s = first_line_span(t).unwrap();
        assert_eq!(s.text(t), "Big news today");
        assert_eq!(first_line_span("  \n \n"), None);
    }
}
