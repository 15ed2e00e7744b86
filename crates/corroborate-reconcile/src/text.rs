//! Small text utilities shared by the reconcilers: content words of a span, for comparing
//! statements across articles.

use std::collections::BTreeSet;

use corroborate_core::text::is_function_word;

/// Date and time words that, beyond the shared function words, say nothing about which event a
/// sentence is about (the date itself is compared separately).
const STOPWORDS: &[&str] = &[
    "s",
    "month",
    "earlier",
    "later",
    "next",
    "morning",
    "afternoon",
    "evening",
    "night",
    "today",
    "yesterday",
];

/// The shared stem ([`corroborate_core::lexicon::stem`]) of a word in any case, so that
/// "released"/"releases"/"release" compare equal.
pub fn stem(word: &str) -> String {
    corroborate_core::lexicon::stem(&word.to_lowercase()).to_string()
}

/// The stemmed content words of `text`: alphanumeric words that are not stopwords.
pub fn content_words(text: &str) -> BTreeSet<String> {
    text.split(|c: char| !c.is_alphanumeric())
        .filter(|w| w.len() > 1)
        .filter(|w| {
            let lower = w.to_lowercase();
            !is_function_word(&lower) && !STOPWORDS.contains(&lower.as_str())
        })
        .map(stem)
        .collect()
}

/// Dice coefficient of two word sets (0 when both are empty).
pub fn dice(a: &BTreeSet<String>, b: &BTreeSet<String>) -> f64 {
    if a.is_empty() && b.is_empty() {
        return 0.0;
    }
    let shared = a.intersection(b).count();
    2.0 * shared as f64 / (a.len() + b.len()) as f64
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn content_words_skip_function_words_and_stem() {
        let w = content_words("The state released the videos on Thursday.");
        assert!(w.contains("stat") && w.contains("releas") && w.contains("video"));
        assert!(!w.contains("the") && !w.contains("thursday"));
        let v = content_words("State releases video");
        assert!(dice(&w, &v) > 0.99);
    }
}
