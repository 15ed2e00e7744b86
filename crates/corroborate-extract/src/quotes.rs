//! Quotes (direct, partial, indirect) and their speakers. STUB.

use corroborate_core::{PreparedDoc, Span, SpanMap};
use serde::Serialize;

use crate::entities::EntityAnalysis;

/// The kind of quote.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum QuoteKind {
    /// A whole quoted utterance.
    Direct,
    /// A quoted fragment inside a sentence ("justified", "no choice").
    Partial,
    /// Reported speech ("Crump said the footage shows …").
    Indirect,
}

/// One quote.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Quote {
    /// The whole quotation including marks (direct, partial) or the cue clause and reported clause (indirect).
    #[serde(flatten)]
    pub span: Span,
    /// Direct, partial or indirect.
    pub kind: QuoteKind,
    /// The quoted words or the reported clause, without quote marks.
    pub content: Span,
    /// The cue ("said", "told AP", "according to"), when there is one.
    pub cue: Option<Span>,
    /// The speaker's entity (index into the article's entities), when attributed.
    pub speaker: Option<usize>,
    /// The span naming the speaker at this quote (a name, role noun or pronoun).
    pub speaker_mention: Option<Span>,
}

impl SpanMap for Quote {
    fn map_spans(&mut self, f: &dyn Fn(Span) -> Span) {
        self.span.map_spans(f);
        self.content.map_spans(f);
        self.cue.map_spans(f);
        self.speaker_mention.map_spans(f);
    }
}

/// Finds quotes and attributes speakers.
pub fn extract(_doc: &PreparedDoc, _entities: &EntityAnalysis) -> Vec<Quote> {
    Vec::new()
}
