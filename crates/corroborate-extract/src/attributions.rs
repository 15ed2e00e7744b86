//! Source attributions to outlets and agencies ("AP reported", "according to …"). STUB.

use corroborate_core::{PreparedDoc, Span, SpanMap};
use serde::Serialize;

/// One attribution of a statement to a source.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Attribution {
    /// The attribution phrase ("the Associated Press reported").
    #[serde(flatten)]
    pub span: Span,
    /// The source as written ("the Associated Press", "Mississippi Today").
    pub source: String,
    /// The source's span.
    pub source_span: Span,
    /// The source's usual name when it is a known outlet ("Associated Press" for "AP").
    pub normalized: Option<String>,
    /// The statement the attribution covers.
    pub statement: Span,
}

impl SpanMap for Attribution {
    fn map_spans(&mut self, f: &dyn Fn(Span) -> Span) {
        self.span.map_spans(f);
        self.source_span.map_spans(f);
        self.statement.map_spans(f);
    }
}

/// Finds source attributions.
pub fn extract(_doc: &PreparedDoc) -> Vec<Attribution> {
    Vec::new()
}
