//! Publication-date inference from the text. STUB.

use crate::document::Document;

/// Fills `doc.meta.published` when unknown and the text fixes it. STUB.
pub fn infer_published(_doc: &mut Document, _today: jiff::civil::Date) {}
