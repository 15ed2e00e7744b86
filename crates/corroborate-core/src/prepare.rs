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
    /// `today` bounds date inference (no publication date in the future).
    pub fn new(mut doc: Document, today: jiff::civil::Date) -> Self {
        let seg = segment(&doc.text);
        let ignored = clean(&doc, &seg);
        crate::outlet::infer_outlet(&mut doc, &ignored);
        crate::pubdate::infer_published(&mut doc, today);
        PreparedDoc { doc, ignored, seg }
    }

    /// True when `span` lies inside an ignored span.
    pub fn is_ignored(&self, span: Span) -> bool {
        let i = self.ignored.partition_point(|ig| ig.span.end <= span.start);
        self.ignored
            .get(i)
            .is_some_and(|ig| ig.span.start <= span.start && span.end <= ig.span.end)
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
