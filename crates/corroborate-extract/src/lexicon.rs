#![deny(clippy::string_slice)]

//! Word lists shared by the extractors, one place per kind:
//! - [`reporting`]: reporting verbs, nouns and phrases (hand list and the data-derived lexicon);
//! - [`heads`]: organisation and media head words (`data/org_heads.txt`) and group nouns;
//! - [`outlets`]: news outlets and their abbreviations;
//! - [`patterns`]: regex pieces for names and words.
//! - [`verbs`]: auxiliary verbs ("be", "have", "do", modals).

pub mod heads;
pub(crate) mod outlets;
pub(crate) mod patterns;
pub(crate) mod reporting;
pub(crate) mod verbs;

pub use heads::{is_group_noun, is_media_head, is_organisation_head, GROUP_NOUNS};
