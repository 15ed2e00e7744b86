//! Per-article extraction. Every extractor is a pure function of one [`PreparedDoc`], so
//! documents can be processed in parallel in any order; every output is a span into the
//! document's text plus a typed payload.
//!
//! - [`entities`]: people, organisations, places and groups; roles; in-article coreference.
//! - [`quotes`]: direct, partial and indirect quotes with their speakers.
//! - [`attributions`]: source attributions to outlets and agencies ("AP reported").
//! - [`dates`]: temporal expressions normalised to TIMEX3 values.
//! - [`quantities`]: ages, counts, distances, durations and money.
//! - [`lexicon`]: shared word lists; organisation heads and group nouns are public.

pub mod attributions;
pub mod dates;
pub mod entities;
pub mod quantities;
pub mod quotes;
pub mod timeml_mod;

pub mod lexicon;

/// True when a lower-case word is a reporting verb: hand-listed, or a reliable cue of the
/// lexicon derived from PolNeAR's training annotations (`data/reporting_cues.tsv`).
pub use lexicon::reporting::is_cue as is_reporting_cue;
pub(crate) mod windows;

use corroborate_core::{ComponentSpec, Layer, PreparedDoc, Span, SpanMap};
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
    /// For an article whose publication date is unknown, every temporal expression as
    /// recognised, before normalisation: once a later stage infers the date, it normalises
    /// these against it ([`dates::normalise_candidates`]) instead of reading the text again.
    /// Empty when the date is known.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub undated: Vec<dates::DateCandidate>,
    /// Quantities.
    pub quantities: Vec<quantities::Quantity>,
}

impl SpanMap for Extraction {
    fn map_spans(&mut self, f: &dyn Fn(Span) -> Span) {
        self.entities.map_spans(f);
        self.quotes.map_spans(f);
        self.attributions.map_spans(f);
        self.dates.map_spans(f);
        self.undated.map_spans(f);
        self.quantities.map_spans(f);
    }
}

/// One extractor: its declaration and the function that adds its layer to an [`Extraction`].
#[derive(Debug, Clone, Copy)]
pub struct Component {
    /// What it reads and adds.
    pub spec: ComponentSpec,
    /// Runs it on one document, reading earlier layers of `ex` and writing its own.
    pub run: fn(&PreparedDoc, &mut Extraction),
}

/// The per-article extractors in the order they run; each reads only layers that
/// preparation ([`corroborate_core::component::PREPARE`]) or an earlier extractor assigns.
pub const COMPONENTS: &[Component] = &[
    Component {
        spec: ComponentSpec {
            id: "entities",
            requires: &[Layer::Text, Layer::Segments, Layer::Ignored],
            assigns: &[Layer::Entities],
        },
        run: |doc, ex| ex.entities = entities::extract(doc),
    },
    Component {
        spec: ComponentSpec {
            id: "attributions",
            requires: &[Layer::Text, Layer::Segments, Layer::Ignored],
            assigns: &[Layer::Attributions],
        },
        run: |doc, ex| ex.attributions = attributions::extract(doc),
    },
    Component {
        spec: ComponentSpec {
            id: "quotes",
            requires: &[
                Layer::Text,
                Layer::Segments,
                Layer::Ignored,
                Layer::Entities,
                Layer::Attributions,
            ],
            assigns: &[Layer::Quotes],
        },
        run: |doc, ex| {
            ex.quotes = quotes::extract(doc, &ex.entities);
            quotes::mark_reported_by(&doc.doc.text, &mut ex.quotes, &ex.attributions);
        },
    },
    Component {
        spec: ComponentSpec {
            id: "dates",
            requires: &[
                Layer::Text,
                Layer::Segments,
                Layer::Ignored,
                Layer::Published,
            ],
            assigns: &[Layer::Dates],
        },
        run: |doc, ex| {
            let candidates = dates::recognise(doc);
            ex.dates = dates::normalise_candidates(doc, &candidates);
            if doc.doc.meta.published.is_none() {
                ex.undated = candidates;
            }
        },
    },
    Component {
        spec: ComponentSpec {
            id: "quantities",
            requires: &[Layer::Text, Layer::Ignored],
            assigns: &[Layer::Quantities],
        },
        run: |doc, ex| ex.quantities = quantities::extract(doc),
    },
];

/// The id of the component that assigns `layer`; `None` for the layers a document comes with.
pub fn component_of(layer: Layer) -> Option<&'static str> {
    corroborate_core::component::PREPARE
        .iter()
        .chain(COMPONENTS.iter().map(|c| &c.spec))
        .find(|c| c.assigns.contains(&layer))
        .map(|c| c.id)
}

/// True when the extractors apply to `doc`. They are English-only: a document whose known
/// language is not English gets an empty extraction.
pub fn applies_to(doc: &PreparedDoc) -> bool {
    doc.doc.meta.may_be_english()
}

/// Runs every extractor of [`COMPONENTS`] on one prepared document, in order (an empty
/// extraction when [`applies_to`] is false).
pub fn extract(doc: &PreparedDoc) -> Extraction {
    let mut ex = Extraction::default();
    if applies_to(doc) {
        for c in COMPONENTS {
            (c.run)(doc, &mut ex);
        }
    }
    ex
}

#[cfg(test)]
mod tests {
    use super::*;
    use corroborate_core::component::{check_order, GIVEN, PREPARE};

    #[test]
    fn extractors_run_after_what_they_require() {
        let specs: Vec<&ComponentSpec> = PREPARE
            .iter()
            .chain(COMPONENTS.iter().map(|c| &c.spec))
            .collect();
        assert_eq!(check_order(GIVEN, &specs), Ok(()));
    }

    #[test]
    fn quotes_may_not_run_before_entities() {
        let mut specs: Vec<&ComponentSpec> = PREPARE.iter().collect();
        specs.extend(COMPONENTS.iter().map(|c| &c.spec).rev());
        let err = check_order(GIVEN, &specs).unwrap_err();
        assert_eq!(
            err,
            corroborate_core::component::OrderError::Unmet {
                component: "quotes",
                layer: Layer::Entities
            }
        );
    }

    #[test]
    fn every_layer_names_the_component_that_assigns_it() {
        assert_eq!(component_of(Layer::Quotes), Some("quotes"));
        assert_eq!(component_of(Layer::Segments), Some("segment"));
        assert_eq!(component_of(Layer::Ignored), Some("clean"));
        assert_eq!(component_of(Layer::Text), None);
    }
}
