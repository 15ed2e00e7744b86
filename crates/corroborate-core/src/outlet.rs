//! Outlet identification: from the manifest or metadata first, else the URL's domain, else
//! an unambiguous self-reference in the text.

use crate::document::Document;

/// Fills `doc.meta.outlet` when it is unknown. STUB.
pub fn infer_outlet(_doc: &mut Document, _ignored: &[crate::clean::Ignored]) {}
