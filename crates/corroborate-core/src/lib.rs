//! Corroborate's foundation: one document model with exact offsets, and the per-document
//! stages that every later analysis stands on.
//!
//! Data flows one way (cleaning works on whole sentences and lines, so it follows segmentation):
//!
//! ```text
//! load (bytes -> Document) -> segment (paragraphs, sentences, tokens) -> clean (ignored spans)
//! ```
//!
//! A [`Document`] owns its text and never changes it. Everything found in it is a [`Span`]
//! (byte offsets into `Document::text`) plus a typed payload. At the JSON boundary spans are
//! turned into Unicode code-point offsets with [`OffsetMap`].

pub mod clean;
pub mod component;
pub mod document;
pub mod lexicon;
pub mod load;
pub mod outlet;
pub mod prepare;
pub mod pubdate;
pub mod segment;
pub mod span;
pub mod text;

pub use component::{ComponentSpec, Layer};
pub use document::{DocId, DocMeta, Document, FeedEntry, Provenance, PublishedDate, Retrieved};
pub use prepare::PreparedDoc;
pub use span::{OffsetMap, Span, SpanMap};
