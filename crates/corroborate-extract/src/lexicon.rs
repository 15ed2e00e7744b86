#![deny(clippy::string_slice)]

//! Word lists shared by the extractors, one place per kind:
//! - [`reporting`]: reporting verbs, nouns and phrases (hand list and the data-derived lexicon);
//! - [`outlets`]: news outlets and their abbreviations;
//! - [`patterns`]: regex pieces for names and words.

pub(crate) mod outlets;
pub(crate) mod patterns;
pub(crate) mod reporting;
