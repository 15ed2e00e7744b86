//! Reconciliation across articles: what the per-article results say together.
//!
//! - [`timeline`]: one merged, dated list of events across articles, with every mention and
//!   conflicting dates shown side by side; publication dates that no single article fixes are
//!   inferred from other articles that date the same event.
//!
//! Cross-article stages see only per-article results ([`PreparedDoc`] + [`Extraction`]),
//! never raw bytes.

#![deny(clippy::string_slice)]

pub mod claims;
pub mod entities;
pub mod text;
pub mod timeline;

use corroborate_core::{DocId, PreparedDoc, Span};
use corroborate_extract::Extraction;
use serde::{Deserialize, Serialize};

/// One analysed article: the prepared document and what was extracted from it.
pub type Analysed = (PreparedDoc, Extraction);

/// A span in a given document: how cross-article results cite their sources.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Cite {
    /// The document.
    pub doc: DocId,
    /// The span in its text (byte offsets inside the engine; code points in JSON).
    #[serde(flatten)]
    pub span: Span,
}
