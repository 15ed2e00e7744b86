//! Word lists in one place, one module per kind, shared by every stage that needs them. Each
//! list names its source (in the data file's header or the constant's doc comment); change a
//! list here and every stage sees the change.
//!
//! - [`outlets`]: known news outlets — web domains, written aliases ("AP") and the head words
//!   that make a name an outlet ("… Herald").
//! - [`titles`]: titles and role nouns ("Sgt.", "attorney general", "mother") with their
//!   normalised role, class and implied gender.
//! - [`stem`]: the one stemmer every stage compares words with.
//! - Function words: [`crate::text::FUNCTION_WORDS`], re-exported here.
//!
//! Reporting verbs live with the quote extractor (`corroborate-extract`, `quotes/lexicon.rs`)
//! and date words with the date extractor, the only stages reading them.

#![deny(clippy::string_slice)]

pub mod outlets;
pub mod stem;
pub mod titles;

pub use crate::text::{is_function_word, FUNCTION_WORDS};
pub use stem::stem;

/// The lines of a data file that carry data: without blank lines and `#` comments.
pub(crate) fn data_lines(s: &'static str) -> impl Iterator<Item = &'static str> {
    s.lines()
        .map(str::trim_end)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
}
