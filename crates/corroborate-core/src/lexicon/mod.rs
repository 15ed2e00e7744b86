//! Word lists in one place, one module per kind, shared by every stage that needs them. Each
//! list names its source (in the data file's header or the constant's doc comment); change a
//! list here and every stage sees the change.
//!
//! - [`outlets`]: known news outlets — web domains, written aliases ("AP") and the head words
//!   that make a name an outlet ("… Herald").
//! - [`titles`]: titles and role nouns ("Sgt.", "attorney general", "mother") with their
//!   normalised role, class and implied gender.
//! - [`stem`]: the one stemmer every stage compares words with.
//! - [`is_abbreviation`]: abbreviations that keep their period, read from the segmenter's
//!   table (`segment/abbrev.rs`) so that segmentation and the extractors agree.
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

/// True when `word`, without its final period, is an abbreviation that keeps its period
/// ("Sgt", "Oct", "Calif", "U.S"): the segmenter's table (`segment/abbrev.rs`), the one list of
/// them. A lower-case word also matches a capitalised title or month ("gov", "oct"), but not a
/// capitalised word that may end a sentence ("ill", "mass", "man").
pub fn is_abbreviation(word: &str) -> bool {
    use crate::segment::abbrev::{lookup, Class};
    if lookup(word).is_some() {
        return true;
    }
    let mut chars = word.chars();
    let Some(first) = chars.next().filter(|c| c.is_lowercase()) else {
        return false;
    };
    let capitalised: String = first.to_uppercase().chain(chars).collect();
    matches!(
        lookup(&capitalised),
        Some(Class::Title | Class::BeforeNumber | Class::Never)
    )
}

/// The lines of a data file that carry data: without blank lines and `#` comments.
pub(crate) fn data_lines(s: &'static str) -> impl Iterator<Item = &'static str> {
    s.lines()
        .map(str::trim_end)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
}

#[cfg(test)]
mod tests {
    use super::is_abbreviation;

    #[test]
    fn abbreviations_come_from_the_segmenters_table_in_either_case() {
        for w in [
            "Sgt", "sgt", "Gov", "gov", "Oct", "oct", "Calif", "U.S", "e.g", "no",
        ] {
            assert!(is_abbreviation(w), "{w}");
        }
        // Capitalised abbreviations that may end a sentence do not match lower-case words.
        for w in ["ill", "mass", "man", "said", "", "Kessing"] {
            assert!(!is_abbreviation(w), "{w}");
        }
        assert!(is_abbreviation("Ill"));
    }
}
