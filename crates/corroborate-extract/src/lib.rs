//! Per-article extraction. Every extractor is a pure function of one [`PreparedDoc`], so
//! documents can be processed in parallel in any order; every output is a span into the
//! document's text plus a typed payload.
//!
//! - [`entities`]: people, organisations, places and groups; roles; in-article coreference.
//! - [`quotes`]: direct, partial and indirect quotes with their speakers.
//! - [`attributions`]: source attributions to outlets and agencies ("AP reported").
//! - [`dates`]: temporal expressions normalised to TIMEX3 values.
//! - [`quantities`]: ages, counts, distances, durations and money.

pub mod attributions;
pub mod dates;
pub mod entities;
pub mod quantities;
pub mod quotes;
pub mod timeml_mod;

mod lexicon;
pub(crate) mod windows;

use corroborate_core::{PreparedDoc, Span, SpanMap};
use serde::{Deserialize, Serialize};

/// Everything extracted from one article.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct Extraction {
    /// Entities, their mentions and roles.
    pub entities: entities::EntityAnalysis,
    /// Quotes with speakers.
    pub quotes: Vec<quotes::Quote>,
    /// Source attributions.
    pub attributions: Vec<attributions::Attribution>,
    /// Temporal expressions.
    pub dates: Vec<dates::Timex>,
    /// Quantities.
    pub quantities: Vec<quantities::Quantity>,
}

impl SpanMap for Extraction {
    fn map_spans(&mut self, f: &dyn Fn(Span) -> Span) {
        self.entities.map_spans(f);
        self.quotes.map_spans(f);
        self.attributions.map_spans(f);
        self.dates.map_spans(f);
        self.quantities.map_spans(f);
    }
}

/// Runs every extractor on one prepared document. The extractors are English-only: a
/// document whose known language is not English gets an empty extraction.
pub fn extract(doc: &PreparedDoc) -> Extraction {
    if !doc.doc.meta.may_be_english() {
        return Extraction::default();
    }
    let entities = entities::extract(doc);
    let quotes = quotes::extract(doc, &entities);
    let attributions = attributions::extract(doc);
    let dates = dates::extract(doc);
    let quantities = quantities::extract(doc);
    Extraction {
        entities,
        quotes,
        attributions,
        dates,
        quantities,
    }
}
