//! The dossier: the JSON report as the renderings (and the store) read it back.
//!
//! It is deserialised from the report's JSON (the contract), so a report read back from the
//! store renders exactly like a fresh one, and sections computed by later stages (stories,
//! lineages, claims) render when their fields are present and say "not computed" when they are
//! not. Offsets are code points, as in the JSON; [`Texts`] slices by code point.
//!
//! Documents are the report's own `json::DocumentItem`; this module still holds mirror types
//! for per-document entities and marks (mentions, dates, quantities, ignored); input problems
//! are `corroborate_core::load::InputProblem` (an unknown severity does not read);
//! `claims` the claims section,
//! `record` the incident records (the engine's own `corroborate_records::Record`), `story` the
//! per-story selections and `texts` code-point access. What a dossier shows is decided in
//! [`crate::view`].

#![deny(clippy::string_slice)]

use corroborate_reconcile::entities::CrossEntity;

use crate::json::{DocumentItem, Item, QuoteItem, Timeline};
use serde::Deserialize;
use serde_json::Value;

mod claims;
mod record;
mod story;
mod texts;

pub use claims::{
    dispute_topics, group_parties, unique_by_lineage, values_by_text, ClaimMentionV, ClaimV,
    ClaimsV, DisputeEvidenceV, DisputeV, InconsistencyV, PartyV, SlotValueV, SourceV, StoryClaims,
    SummaryV, UniqueV,
};
pub use record::story_records;
pub use story::{day_number, distinct_roles, lineage_of, stories, story_events, StoryView};
pub use texts::{outlet_of, quoted, snippet, title_of, Texts};

/// A span in a given document.
#[derive(Debug, Clone, Default, Deserialize, PartialEq, Eq)]
pub struct CiteV {
    /// Document id.
    pub doc: String,
    /// First code point.
    pub start: usize,
    /// One past the last code point.
    pub end: usize,
}

/// A role with its evidence in one document.
#[derive(Debug, Clone, Default, Deserialize)]
pub struct RoleV {
    /// The role noun.
    pub role: String,
    /// What it is of, as written.
    pub of_text: Option<String>,
    /// The evidence span (nested: same document).
    pub evidence: corroborate_core::Span,
}

/// A per-document entity.
#[derive(Debug, Clone, Default, Deserialize)]
pub struct EntityV {
    /// Document id.
    pub doc: String,
    /// `<doc>#e<index>`.
    pub id: String,
    /// First mention start.
    pub start: usize,
    /// First mention end.
    pub end: usize,
    /// Name.
    pub name: String,
    /// Kind (`person`, `organization`, …).
    #[serde(default)]
    pub kind: String,
    /// Roles.
    #[serde(default)]
    pub roles: Vec<RoleV>,
}

/// An annotation span with its payload, for highlighting (dates, quantities, mentions).
#[derive(Debug, Clone, Default, Deserialize)]
pub struct MarkV {
    /// Document id.
    pub doc: String,
    /// Start.
    pub start: usize,
    /// End.
    pub end: usize,
    /// Normalised value (a TIMEX value, a number), when there is one.
    #[serde(default)]
    pub value: Value,
    /// TIMEX type (`DATE`, `TIME`, `DURATION`, `SET`), for dates.
    #[serde(default, rename = "type")]
    pub ty: Option<String>,
    /// Why the span is ignored (`promo`, `read_more`, …), for ignored spans.
    #[serde(default)]
    pub reason: Option<String>,
    /// Unit, for quantities.
    #[serde(default)]
    pub unit: Option<String>,
    /// The entity's report id, for mentions.
    #[serde(default)]
    pub entity_id: Option<String>,
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
    /// Per-document entities.
    #[serde(default)]
    pub entities: Vec<EntityV>,
    /// Quotes.
    #[serde(default)]
    pub quotes: Vec<Item<QuoteItem>>,
    /// Entity mentions.
    #[serde(default)]
    pub mentions: Vec<MarkV>,
    /// Temporal expressions.
    #[serde(default)]
    pub dates: Vec<MarkV>,
    /// Quantities.
    #[serde(default)]
    pub quantities: Vec<MarkV>,
    /// Ignored spans (promos, credits).
    #[serde(default)]
    pub ignored: Vec<MarkV>,
    /// Entities across articles.
    #[serde(default)]
    pub cross_entities: Vec<CrossEntity>,
    /// The timeline.
    #[serde(default)]
    pub timeline: Timeline,
    /// The stored story this report is a version of (`{"id", "version"}`), when read from the
    /// store.
    pub story: Option<Value>,
    /// Stories, when the linking stage computed them.
    pub stories: Option<Value>,
    /// Lineages (reprints), when computed.
    pub lineages: Option<Value>,
    /// Claims, disputes, inconsistencies, unique claims and summary, when computed.
    pub claims: Option<ClaimsV>,
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
