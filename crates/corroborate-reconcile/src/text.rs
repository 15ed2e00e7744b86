//! Small text utilities shared by the reconcilers: content words of a span, for comparing
//! statements across articles.

use std::collections::BTreeSet;

/// Function words and reporting verbs that say nothing about which event a sentence is about.
const STOPWORDS: &[&str] = &[
    "a",
    "about",
    "after",
    "again",
    "against",
    "all",
    "also",
    "an",
    "and",
    "any",
    "are",
    "as",
    "at",
    "be",
    "been",
    "before",
    "being",
    "but",
    "by",
    "can",
    "could",
    "did",
    "do",
    "does",
    "during",
    "each",
    "for",
    "from",
    "had",
    "has",
    "have",
    "he",
    "her",
    "here",
    "hers",
    "him",
    "his",
    "how",
    "i",
    "if",
    "in",
    "into",
    "is",
    "it",
    "its",
    "just",
    "may",
    "me",
    "more",
    "most",
    "my",
    "no",
    "not",
    "now",
    "of",
    "on",
    "once",
    "one",
    "only",
    "or",
    "other",
    "our",
    "out",
    "over",
    "own",
    "s",
    "said",
    "same",
    "say",
    "says",
    "she",
    "should",
    "so",
    "some",
    "such",
    "than",
    "that",
    "the",
    "their",
    "them",
    "then",
    "there",
    "these",
    "they",
    "this",
    "those",
    "through",
    "to",
    "told",
    "too",
    "under",
    "until",
    "up",
    "very",
    "was",
    "we",
    "were",
    "what",
    "when",
    "where",
    "which",
    "while",
    "who",
    "whom",
    "why",
    "will",
    "with",
    "would",
    "you",
    "your",
    "monday",
    "tuesday",
    "wednesday",
    "thursday",
    "friday",
    "saturday",
    "sunday",
    "week",
    "month",
    "year",
    "day",
    "days",
    "earlier",
    "later",
    "last",
    "next",
    "morning",
    "afternoon",
    "evening",
    "night",
    "today",
    "yesterday",
];

/// A crude, deterministic stem: lower case, with common inflections stripped, so that
/// "released"/"releases"/"release" compare equal.
pub fn stem(word: &str) -> String {
    let w = word.to_lowercase();
    for suffix in ["ing", "ed", "es", "s"] {
        if let Some(base) = w.strip_suffix(suffix) {
            if base.chars().count() >= 4 {
                return base.trim_end_matches('e').to_string();
            }
        }
    }
    w.trim_end_matches('e').to_string()
}

/// The stemmed content words of `text`: alphanumeric words that are not stopwords.
pub fn content_words(text: &str) -> BTreeSet<String> {
    text.split(|c: char| !c.is_alphanumeric())
        .filter(|w| w.len() > 1)
        .filter(|w| !STOPWORDS.contains(&w.to_lowercase().as_str()))
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
