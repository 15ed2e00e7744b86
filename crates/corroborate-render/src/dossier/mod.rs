//! The dossier: the JSON report as the renderings (and the store) read it back.
//!
//! It is deserialised from the report's JSON (the contract), so a report read back from the
//! store renders exactly like a fresh one, and sections computed by later stages (stories,
//! lineages, claims) render when their fields are present and say "not computed" when they are
//! not. Offsets are code points, as in the JSON; [`Texts`] slices by code point.
//!
//! Every section is read into the engine's own report types (those of [`crate::json::Report`]),
//! so there is one JSON contract and no mirror of it: a field the engine writes is a field the
//! dossier reads. An unknown input-problem severity, claim status or dispute kind does not read.
//! The submodules select and group: `by_story` deals the report's items to their stories in one
//! pass, `claims` gives a story's part of the claims section, `story` its documents, roles,
//! events and lineages, and `texts` gives code-point access. What a dossier shows is decided in [`crate::view`].

#![deny(clippy::string_slice)]

use corroborate_reconcile::entities::CrossEntity;
use corroborate_reconcile::Cite;

use crate::json::{
    DocumentItem, EntityItem, Item, LineageItem, MentionItem, QuoteItem, StoredVersion, StoryItem,
    Timeline,
};
use corroborate_core::clean::Ignored;
use corroborate_extract::dates::Timex;
use corroborate_extract::quantities::Quantity;
use serde::Deserialize;
use serde_json::Value;

mod by_story;
mod claims;
mod story;
mod texts;

pub use by_story::{ByStory, StoryItems};
pub use claims::{
    dispute_topics, group_parties, source_label, unique_by_lineage, values_by_text, StoryClaims,
};
pub use story::{day_number, distinct_roles, lineage_of, stories, story_events, StoryView};
pub use texts::{outlet_of, quoted, snippet, title_of, Texts};

/// A cited span as the renderings pass it around: document id, start, end (code points).
pub fn cite_parts(c: &Cite) -> (&str, usize, usize) {
    (c.doc.as_str(), c.span.start, c.span.end)
}

/// The report as the renderings read it. Unknown fields are ignored; missing sections are empty.
#[derive(Debug, Clone, Default, Deserialize)]
pub struct Dossier {
    /// Input problems. A severity the report format does not define (`warning`, `skipped`,
    /// `failed`) is an error: every report we write uses one of these.
    #[serde(default)]
    pub problems: Vec<corroborate_core::load::InputProblem>,
    /// Documents.
    #[serde(default)]
    pub documents: Vec<DocumentItem>,
    /// Sentence spans.
    #[serde(default)]
    pub sentences: Vec<Item<corroborate_core::Span>>,
    /// Per-document entities.
    #[serde(default)]
    pub entities: Vec<Item<EntityItem>>,
    /// Quotes.
    #[serde(default)]
    pub quotes: Vec<Item<QuoteItem>>,
    /// Entity mentions.
    #[serde(default)]
    pub mentions: Vec<Item<MentionItem>>,
    /// Temporal expressions.
    #[serde(default)]
    pub dates: Vec<Item<Timex>>,
    /// Quantities.
    #[serde(default)]
    pub quantities: Vec<Item<Quantity>>,
    /// Ignored spans (promos, credits).
    #[serde(default)]
    pub ignored: Vec<Item<Ignored>>,
    /// Entities across articles.
    #[serde(default)]
    pub cross_entities: Vec<CrossEntity>,
    /// The timeline.
    #[serde(default)]
    pub timeline: Timeline,
    /// The stored story this report is a version of, when read from the store.
    pub story: Option<StoredVersion>,
    /// Stories, when the linking stage computed them.
    pub stories: Option<Vec<StoryItem>>,
    /// Lineages (reprints), when computed.
    pub lineages: Option<Vec<LineageItem>>,
    /// Claims, disputes, inconsistencies, unique claims and summary, when computed.
    pub claims: Option<corroborate_reconcile::claims::ClaimsReport>,
    /// Incident records, one per story and record type that applies (empty in older reports).
    #[serde(default)]
    pub records: Vec<corroborate_records::Record>,
}

impl Dossier {
    /// Reads the dossier from a report's JSON value.
    pub fn from_value(v: &Value) -> Result<Self, serde_json::Error> {
        Dossier::deserialize(v)
    }

    /// Reads the dossier from any serialisable report (e.g. [`crate::json::Report`]).
    pub fn from_report<T: serde::Serialize>(report: &T) -> Result<Self, serde_json::Error> {
        let v = serde_json::to_value(report)?;
        Dossier::from_value(&v)
    }
}
