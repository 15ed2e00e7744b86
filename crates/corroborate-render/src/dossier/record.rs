//! Incident records as the renderings read them: `records[]` of the report, deserialised into
//! the engine's own [`Record`] (see `docs/report-format.md`).

use corroborate_records::Record;

/// The records of one story: those filled from its documents (stories share no documents,
/// and a stored story may carry another id than the one linking gave the record).
pub fn story_records<'a>(records: &'a [Record], story: &super::StoryView) -> Vec<&'a Record> {
    records
        .iter()
        .filter(|r| {
            r.documents
                .iter()
                .any(|d| story.docs.iter().any(|s| s == d.as_str()))
        })
        .collect()
}
