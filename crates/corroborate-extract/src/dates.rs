//! Temporal expressions, normalised to TIMEX3 values against the publication date. STUB.

use corroborate_core::{PreparedDoc, Span, SpanMap};
use serde::Serialize;

/// TIMEX3 type.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "UPPERCASE")]
pub enum TimexType {
    /// A calendar date, week, month, season or year.
    Date,
    /// A time of day.
    Time,
    /// A length of time.
    Duration,
    /// A recurrence.
    Set,
}

/// One temporal expression.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Timex {
    /// The expression.
    #[serde(flatten)]
    pub span: Span,
    /// TIMEX3 type.
    #[serde(rename = "type")]
    pub kind: TimexType,
    /// TIMEX3 value ("2026-10-23", "2026-W43", "P1W", "PAST_REF"); `None` when it cannot be normalised.
    pub value: Option<String>,
    /// For expressions anchored to an event ("days before the shooting"): the anchor's span.
    pub anchor: Option<Span>,
}

impl SpanMap for Timex {
    fn map_spans(&mut self, f: &dyn Fn(Span) -> Span) {
        self.span.map_spans(f);
        self.anchor.map_spans(f);
    }
}

/// Finds and normalises temporal expressions.
pub fn extract(_doc: &PreparedDoc) -> Vec<Timex> {
    Vec::new()
}
