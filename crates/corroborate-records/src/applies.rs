//! Whether a record type applies to a story: the schema's `[applies]` table, checked first
//! against the story's text (keywords, a cheap scan) and then against the filled record
//! (which fields are filled). This is how `analyze` picks the records of a story without
//! any per-type code: a police record for a police shooting, none for a ferry grounding.

use std::collections::BTreeMap;

use corroborate_core::{DocId, Span};
use corroborate_reconcile::Analysed;

use crate::schema::Schema;
use crate::{build_record, Record};

impl Schema {
    /// Whether one of the `[applies]` keywords occurs, outside ignored spans, in the text of
    /// the documents `members` (indices into `docs`). True when the schema lists no keywords;
    /// false when it has no `[applies]` table.
    pub fn mentioned_in(&self, docs: &[Analysed], members: &[usize]) -> bool {
        if self.applies.is_none() {
            return false;
        }
        let Some(cues) = &self.applies_cues else {
            return true;
        };
        members.iter().filter_map(|&i| docs.get(i)).any(|(p, _)| {
            cues.find(&p.doc.text)
                .any(|(_, s, e)| !p.is_ignored(Span::new(s, e)))
        })
    }

    /// Whether a record filled from this schema meets the `[applies]` field conditions
    /// (`all_of`, `any_of`, `min_filled`). False when the schema has no `[applies]` table.
    pub fn applies_to(&self, record: &Record) -> bool {
        let Some(a) = &self.applies else {
            return false;
        };
        let filled = |name: &str| record.field(name).is_some_and(|f| f.value.is_some());
        let count = record.fields.iter().filter(|f| f.value.is_some()).count();
        a.all_of.iter().all(|f| filled(f))
            && (a.any_of.is_empty() || a.any_of.iter().any(|f| filled(f)))
            && count >= a.min_filled
    }
}

/// The record of `schema` for one story when the schema's `[applies]` table says it applies
/// (keywords in the text, then the filled fields); `None` otherwise, or when the schema has
/// no `[applies]` table. Arguments as for [`build_record`]; `story` is stored in the record.
pub fn build_if_applies(
    schema: &Schema,
    docs: &[Analysed],
    members: &[usize],
    lineage_of: &BTreeMap<DocId, String>,
    story: Option<&str>,
) -> Option<Record> {
    if !schema.mentioned_in(docs, members) {
        return None;
    }
    let mut r = build_record(schema, docs, members, lineage_of);
    r.story = story.map(str::to_string);
    schema.applies_to(&r).then_some(r)
}
