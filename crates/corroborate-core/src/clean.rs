//! Cleaning: marks spans that are not part of the article (promos, ads, hashtags, credits,
//! "Read more" lines, photo credits) as ignored, with a reason. Never deletes text.
//!
//! STUB: replaced by the cleaning work (issue 2).

use serde::Serialize;

use crate::document::Document;
use crate::span::{Span, SpanMap};

/// Why a span is ignored.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum IgnoreReason {
    /// Newsletter or subscription promotion.
    Promo,
    /// Advertisement or call to action.
    Ad,
    /// A run of hashtags.
    Hashtags,
    /// "X contributed to this report".
    ContributorCredit,
    /// "Read more", "Related" and similar link lines.
    ReadMore,
    /// Photo credit or caption credit.
    PhotoCredit,
}

/// An ignored span with its reason.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Ignored {
    /// The ignored text.
    #[serde(flatten)]
    pub span: Span,
    /// Why it is ignored.
    pub reason: IgnoreReason,
}

impl SpanMap for Ignored {
    fn map_spans(&mut self, f: &dyn Fn(Span) -> Span) {
        self.span.map_spans(f);
    }
}

/// Finds the spans of `doc.text` to ignore, sorted by start.
pub fn clean(_doc: &Document) -> Vec<Ignored> {
    Vec::new()
}
