//! Structured incident records filled from a story, cited field by field.
//!
//! A record type is a TOML [`schema`] under `schemas/`; [`build_record`] applies its rules to
//! the per-article annotations of a story's documents and returns a [`Record`] in which every
//! value carries its evidence spans, who asserts it, and how many independent sources
//! (lineages) support it. Fields the sources dispute keep every value and are marked
//! contested; fields nothing supports stay empty. [`export`] writes JSON, CSV (in the public
//! columns of incident databases) and Markdown. A schema's `[applies]` table says when a
//! record of its type belongs to a story on its own ([`build_if_applies`]), which is how the
//! cross-article stage attaches records to stories without per-type code.

#![deny(clippy::string_slice)]

mod applies;
mod engine;
pub mod export;
pub mod schema;

use std::collections::BTreeMap;

use corroborate_core::DocId;
use serde::{Deserialize, Serialize};

pub use applies::build_if_applies;
pub use engine::build_record;
pub use schema::{Applies, FieldType, Schema, SchemaError};

/// Whose voice a piece of evidence is in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Voice {
    /// A quote (direct, partial or indirect) with a known speaker.
    Quote,
    /// A statement attributed to a source ("according to", "told AP").
    Attribution,
    /// The outlet's own narration.
    Outlet,
}

/// One span supporting a value.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Evidence {
    /// The document.
    pub doc: DocId,
    /// Start, in Unicode code points into the document's text.
    pub start: usize,
    /// End (exclusive), in code points.
    pub end: usize,
    /// The cited text, for reading without the document at hand.
    pub text: String,
    /// Who asserts it: the speaker, the attributed source, or the outlet.
    pub asserted_by: String,
    /// Which of those it is.
    pub voice: Voice,
    /// True when this span denies the value ("X disputed that ..."); `asserted_by` is then
    /// who disputes it, and the span does not count as support.
    pub disputes: bool,
}

/// One value offered for a field, with its support.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RecordValue {
    /// The value (a date `YYYY-MM-DD`, a name, an enum value, `yes`/`no`, a number).
    pub value: String,
    /// Independent sources: distinct lineages among the documents supporting it.
    pub sources: usize,
    /// True when the value rests on one source only (one lineage, or one outlet's voice).
    pub single_source: bool,
    /// Everyone who asserts it, sorted.
    pub asserted_by: Vec<String>,
    /// Everyone who disputes it, sorted.
    pub disputed_by: Vec<String>,
    /// Every span supporting it.
    pub evidence: Vec<Evidence>,
}

/// One field of a record.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RecordField {
    /// Field name from the schema.
    pub name: String,
    /// Value type.
    #[serde(rename = "type")]
    pub ty: FieldType,
    /// What the field means.
    pub description: String,
    /// Output column per public data set (absent from reports written before columns).
    #[serde(default)]
    pub columns: BTreeMap<String, String>,
    /// The value to file: the best-supported one (all of them, `; `-joined, for lists);
    /// `None` when nothing supports the field.
    pub value: Option<String>,
    /// True when the sources offer competing values asserted by different voices.
    pub contested: bool,
    /// Every value offered, best-supported first.
    pub values: Vec<RecordValue>,
}

/// A filled record: one per story.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Record {
    /// Schema name.
    pub schema: String,
    /// The story the record describes (its id from the linking stage), when known.
    pub story: Option<String>,
    /// What the record describes.
    pub description: String,
    /// The documents the record was filled from.
    pub documents: Vec<DocId>,
    /// Fields, in schema order.
    pub fields: Vec<RecordField>,
}

impl RecordValue {
    /// The spans that support the value (not those disputing it).
    pub fn support(&self) -> impl Iterator<Item = &Evidence> {
        self.evidence.iter().filter(|e| !e.disputes)
    }

    /// The spans that dispute the value.
    pub fn disputes(&self) -> impl Iterator<Item = &Evidence> {
        self.evidence.iter().filter(|e| e.disputes)
    }
}

impl RecordField {
    /// The field name for people: underscores as spaces.
    pub fn label(&self) -> String {
        self.name.replace('_', " ")
    }

    /// The values someone asserts (at least one supporting span), best-supported first.
    pub fn asserted(&self) -> impl Iterator<Item = &RecordValue> {
        self.values.iter().filter(|v| v.support().next().is_some())
    }

    /// The values filed: for a list every asserted value with a source, otherwise the first
    /// value when the field has a value at all.
    pub fn filed(&self) -> Vec<&RecordValue> {
        if self.value.is_none() {
            return Vec::new();
        }
        if self.ty == FieldType::List {
            self.values.iter().filter(|v| v.sources > 0).collect()
        } else {
            self.values.iter().take(1).collect()
        }
    }
}

impl Record {
    /// The field with this name.
    pub fn field(&self, name: &str) -> Option<&RecordField> {
        self.fields.iter().find(|f| f.name == name)
    }
}
