//! Quantities: ages, counts, distances, durations, money. STUB.

use corroborate_core::{PreparedDoc, Span, SpanMap};
use serde::Serialize;

/// One quantity.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Quantity {
    /// The expression.
    #[serde(flatten)]
    pub span: Span,
    /// The value; for a range, the low end.
    pub value: f64,
    /// For a range, the high end.
    pub value_max: Option<f64>,
    /// The unit or counted noun ("year", "officer", "mile", "USD").
    pub unit: String,
}

impl SpanMap for Quantity {
    fn map_spans(&mut self, f: &dyn Fn(Span) -> Span) {
        self.span.map_spans(f);
    }
}

/// Finds quantities.
pub fn extract(_doc: &PreparedDoc) -> Vec<Quantity> {
    Vec::new()
}
