//! The per-document preparation every extractor starts from: load's document plus its
//! ignored spans and segmentation.

#![deny(clippy::string_slice)]

use serde::{Deserialize, Serialize};

use crate::clean::{clean, Ignored};
use crate::document::Document;
use crate::segment::{segment, Segmentation};
use crate::span::Span;

/// A document after cleaning and segmentation. Pure function of the document.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct PreparedDoc {
    /// The document, text unchanged.
    pub doc: Document,
    /// Spans marked as not part of the article, sorted by start.
    pub ignored: Vec<Ignored>,
    /// Paragraphs, sentences and tokens.
    pub seg: Segmentation,
}

impl PreparedDoc {
    /// Cleans and segments `doc`, and infers its outlet and publication date when unknown.
    /// `today` bounds date inference (no publication date in the future). The ignored spans
    /// are the loader's ([`Document::ignored`]) and cleaning's, merged.
    /// The steps follow [`crate::component::PREPARE`]: segment, clean, outlet, published.
    pub fn new(mut doc: Document, today: jiff::civil::Date) -> Self {
        let seg = segment(&doc.text);
        let ignored = merge_ignored(clean_article(&doc, &seg), &doc.ignored);
        crate::outlet::infer_outlet(&mut doc, &ignored);
        crate::pubdate::infer_published(&mut doc, today);
        PreparedDoc { doc, ignored, seg }
    }

    /// True when `span` lies inside an ignored span.
    pub fn is_ignored(&self, span: Span) -> bool {
        self.ignored_around(span).is_some()
    }

    /// True when `span` lies inside an ignored span other than a date stamp: where date
    /// recognition does not look. A page's date stamp is not article text (no claim, quote or
    /// event comes from it), but the dates it gives are the page's own.
    pub fn is_ignored_but_stamp(&self, span: Span) -> bool {
        self.ignored_around(span)
            .is_some_and(|ig| ig.reason != crate::clean::IgnoreReason::DateStamp)
    }

    /// The ignored span `span` lies inside, if any (ignored spans never overlap).
    fn ignored_around(&self, span: Span) -> Option<&Ignored> {
        let i = self.ignored.partition_point(|ig| ig.span.end <= span.start);
        self.ignored
            .get(i)
            .filter(|ig| ig.span.start <= span.start && span.end <= ig.span.end)
    }

    /// The sentences that are part of the article (not inside an ignored span).
    pub fn article_sentences(&self) -> impl Iterator<Item = Span> + '_ {
        self.seg
            .sentences
            .iter()
            .copied()
            .filter(move |s| !self.is_ignored(*s))
    }

    /// The text of a span.
    pub fn slice(&self, span: Span) -> &str {
        self.doc.slice(span)
    }
}

/// Cleaning's ignored spans. When the loader marked spans (an HTML page's boilerplate, kept
/// after the body or marked in it), cleaning sees the segmentation without them, so that its
/// rules about the article's end (trailing calls to action, closing credits) apply to the
/// article.
fn clean_article(doc: &Document, seg: &Segmentation) -> Vec<Ignored> {
    if doc.ignored.is_empty() {
        return clean(doc, seg);
    }
    let outside = |s: Span| !overlaps_any(&doc.ignored, s);
    let article = Segmentation {
        paragraphs: seg
            .paragraphs
            .iter()
            .copied()
            .filter(|s| outside(*s))
            .collect(),
        sentences: seg
            .sentences
            .iter()
            .copied()
            .filter(|s| outside(*s))
            .collect(),
        tokens: seg
            .tokens
            .iter()
            .filter(|t| outside(t.span))
            .cloned()
            .collect(),
    };
    clean(doc, &article)
}

/// True when `span` overlaps one of `sorted` (sorted by start, not overlapping).
fn overlaps_any(sorted: &[Ignored], span: Span) -> bool {
    let i = sorted.partition_point(|ig| ig.span.end <= span.start);
    sorted.get(i).is_some_and(|ig| ig.span.start < span.end)
}

/// Cleaning's spans and the loader's, sorted by start. A cleaning span that overlaps a
/// loader span is dropped (the loader's block and reason stand), so none overlap.
fn merge_ignored(cleaned: Vec<Ignored>, loader: &[Ignored]) -> Vec<Ignored> {
    if loader.is_empty() {
        return cleaned;
    }
    let mut out: Vec<Ignored> = cleaned
        .into_iter()
        .filter(|c| !overlaps_any(loader, c.span))
        .collect();
    out.extend(loader.iter().cloned());
    out.sort_by_key(|ig| (ig.span.start, ig.span.end));
    out
}
