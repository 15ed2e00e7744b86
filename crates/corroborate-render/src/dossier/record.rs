//! Incident records as the renderings read them (`records[]` of the report; see
//! `docs/report-format.md`). Every field defaults, so an older report without records, or a
//! record written by a later version, still renders.

use serde::Deserialize;

/// One span supporting (or disputing) a record value, in code points.
#[derive(Debug, Clone, Default, Deserialize, PartialEq, Eq)]
pub struct EvidenceV {
    /// Document id.
    #[serde(default)]
    pub doc: String,
    /// First code point.
    #[serde(default)]
    pub start: usize,
    /// One past the last code point.
    #[serde(default)]
    pub end: usize,
    /// The cited text.
    #[serde(default)]
    pub text: String,
    /// Who asserts it (or, when `disputes`, who disputes it).
    #[serde(default)]
    pub asserted_by: String,
    /// `quote`, `attribution` or `outlet`.
    #[serde(default)]
    pub voice: String,
    /// True when the span denies the value.
    #[serde(default)]
    pub disputes: bool,
}

/// One value offered for a record field.
#[derive(Debug, Clone, Default, Deserialize, PartialEq, Eq)]
pub struct RecordValueV {
    /// The value.
    #[serde(default)]
    pub value: String,
    /// Independent sources (lineages) supporting it.
    #[serde(default)]
    pub sources: usize,
    /// True when it rests on one source only.
    #[serde(default)]
    pub single_source: bool,
    /// Who asserts it.
    #[serde(default)]
    pub asserted_by: Vec<String>,
    /// Who disputes it.
    #[serde(default)]
    pub disputed_by: Vec<String>,
    /// Every span supporting or disputing it.
    #[serde(default)]
    pub evidence: Vec<EvidenceV>,
}

impl RecordValueV {
    /// The spans that support the value (not those disputing it).
    pub fn support(&self) -> impl Iterator<Item = &EvidenceV> {
        self.evidence.iter().filter(|e| !e.disputes)
    }

    /// The spans that dispute the value.
    pub fn disputes(&self) -> impl Iterator<Item = &EvidenceV> {
        self.evidence.iter().filter(|e| e.disputes)
    }
}

/// One field of a record.
#[derive(Debug, Clone, Default, Deserialize, PartialEq, Eq)]
pub struct RecordFieldV {
    /// Field name from the schema.
    #[serde(default)]
    pub name: String,
    /// Value type (`date`, `text`, `integer`, `enum`, `boolean`, `list`).
    #[serde(default, rename = "type")]
    pub ty: String,
    /// What the field means.
    #[serde(default)]
    pub description: String,
    /// The value filed (all of them, `; `-joined, for lists); `None` when unknown.
    #[serde(default)]
    pub value: Option<String>,
    /// True when sources offer competing values.
    #[serde(default)]
    pub contested: bool,
    /// Every value offered, best-supported first.
    #[serde(default)]
    pub values: Vec<RecordValueV>,
}

impl RecordFieldV {
    /// The field name for people: underscores as spaces.
    pub fn label(&self) -> String {
        self.name.replace('_', " ")
    }

    /// The values someone asserts (at least one supporting span), best-supported first.
    pub fn asserted(&self) -> impl Iterator<Item = &RecordValueV> {
        self.values.iter().filter(|v| v.support().next().is_some())
    }

    /// The values filed: for a list every asserted value with a source, otherwise the first
    /// value when the field has a value at all.
    pub fn filed(&self) -> Vec<&RecordValueV> {
        if self.value.is_none() {
            return Vec::new();
        }
        if self.ty == "list" {
            self.values.iter().filter(|v| v.sources > 0).collect()
        } else {
            self.values.iter().take(1).collect()
        }
    }
}

/// A filled incident record of one story.
#[derive(Debug, Clone, Default, Deserialize, PartialEq, Eq)]
pub struct RecordV {
    /// Schema (record type) name.
    #[serde(default)]
    pub schema: String,
    /// The story id the record was filled for, when known.
    #[serde(default)]
    pub story: Option<String>,
    /// What the record describes.
    #[serde(default)]
    pub description: String,
    /// The documents it was filled from.
    #[serde(default)]
    pub documents: Vec<String>,
    /// Fields in schema order.
    #[serde(default)]
    pub fields: Vec<RecordFieldV>,
}

/// The records of one story: those filled from its documents (stories share no documents,
/// and a stored story may carry another id than the one linking gave the record).
pub fn story_records<'a>(records: &'a [RecordV], story: &super::StoryView) -> Vec<&'a RecordV> {
    records
        .iter()
        .filter(|r| r.documents.iter().any(|d| story.docs.contains(d)))
        .collect()
}
