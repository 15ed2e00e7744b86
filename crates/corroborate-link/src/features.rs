//! Word normalisation shared by the linkers: lower-cased content words stemmed with
//! [`corroborate_core::lexicon::stem`],
//! and capitalised name sequences read from the tokens (a fallback while entity extraction
//! finds nothing, and a complement to it).

use corroborate_core::lexicon::stem;
use corroborate_core::text::slice_to;
use std::collections::HashSet;
use std::sync::LazyLock;

use corroborate_core::segment::{Token, TokenKind};
use corroborate_core::{PreparedDoc, Span};
use xxhash_rust::xxh3::xxh3_64;

/// Function words that carry no topic: skipped when comparing text.
/// Words, beyond the shared function words (`corroborate_core::text::FUNCTION_WORDS`), that say
/// nothing about which story an article belongs to.
const STOPWORDS: &[&str] = &[
    "am",
    "because",
    "between",
    "both",
    "doing",
    "down",
    "few",
    "further",
    "having",
    "herself",
    "himself",
    "itself",
    "nor",
    "off",
    "ours",
    "theirs",
    "yours",
    "according",
    "two",
    "new",
    "first",
    "years",
    "time",
    "many",
    "much",
    "like",
    "get",
    "got",
    "make",
    "made",
    "people",
    "mr",
    "mrs",
    "ms",
    "dr",
];

static STOPWORD_SET: LazyLock<HashSet<&'static str>> = LazyLock::new(|| {
    corroborate_core::text::FUNCTION_WORDS
        .iter()
        .chain(STOPWORDS)
        .copied()
        .collect()
});

/// True for a lower-cased function word.
pub fn is_stopword(w: &str) -> bool {
    STOPWORD_SET.contains(w)
}

/// Lower-cases a word, drops a possessive ending and stems it with the shared stemmer
/// ("approached" → "approach", "officers" → "officer", "drawing" → "draw").
pub fn normalise(word: &str) -> String {
    let mut w = word.to_lowercase();
    for suffix in ["'s", "’s", "'", "’"] {
        if let Some(stripped) = w.strip_suffix(suffix) {
            w = stripped.to_string();
            break;
        }
    }
    stem(&w).to_string()
}

/// A content word of a text: its normalised form's hash and the token's span.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Word {
    /// XXH3 of the normalised word.
    pub hash: u64,
    /// Where it is.
    pub span: Span,
}

/// The content words (not function words, not punctuation) of the tokens inside `span`.
pub fn content_words(doc: &PreparedDoc, span: Span, out: &mut Vec<Word>) {
    for_each_content_word(doc, span, |w, span| {
        out.push(Word {
            hash: xxh3_64(w.as_bytes()),
            span,
        })
    });
}

/// Calls `f` with the normalised form and span of each content word inside `span`.
pub fn for_each_content_word(doc: &PreparedDoc, span: Span, mut f: impl FnMut(&str, Span)) {
    let tokens = &doc.seg.tokens;
    let first = tokens.partition_point(|t| t.span.start < span.start);
    let mut buf = String::new();
    for t in tokens[first..]
        .iter()
        .take_while(|t| t.span.end <= span.end)
    {
        if let Some(w) = content_word(doc, t, &mut buf) {
            f(w, t.span);
        }
    }
}

/// The normalised form of a content-word token, written into `buf`; `None` for function
/// words and punctuation. Allocation-free once `buf` has grown.
fn content_word<'b>(doc: &PreparedDoc, t: &Token, buf: &'b mut String) -> Option<&'b str> {
    match t.kind {
        TokenKind::Word => {
            buf.clear();
            let text = doc.slice(t.span);
            if text.is_ascii() {
                buf.extend(text.chars().map(|c| c.to_ascii_lowercase()));
            } else {
                buf.push_str(&text.to_lowercase());
            }
            for suffix in ["'s", "’s", "'", "’"] {
                if buf.ends_with(suffix) {
                    buf.truncate(buf.len() - suffix.len());
                    break;
                }
            }
            if is_stopword(buf) {
                return None;
            }
            let stemmed = stem(buf);
            let keep = stemmed.chars().nth(1).is_some() && !is_stopword(stemmed);
            let n = stemmed.len();
            if !keep {
                return None;
            }
            Some(slice_to(buf, n))
        }
        TokenKind::Number => {
            buf.clear();
            buf.push_str(doc.slice(t.span));
            Some(buf.as_str())
        }
        _ => None,
    }
}

/// Words that may be capitalised without naming anything when they start a sentence.
fn is_capitalised_function_word(lower: &str) -> bool {
    is_stopword(lower)
        || matches!(
            lower,
            "police" | "officers" | "officer" | "authorities" | "investigators" | "officials"
        )
}

/// Month names: capitalised, but dates rather than names.
fn is_month(lower: &str) -> bool {
    matches!(
        lower,
        "january"
            | "february"
            | "march"
            | "april"
            | "june"
            | "july"
            | "august"
            | "september"
            | "october"
            | "november"
            | "december"
            | "jan"
            | "feb"
            | "mar"
            | "apr"
            | "jun"
            | "jul"
            | "aug"
            | "sep"
            | "sept"
            | "oct"
            | "nov"
            | "dec"
    )
}

/// A run of capitalised words read from the tokens: a likely proper name.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NameRun {
    /// Lower-cased words, possessives dropped.
    pub words: Vec<String>,
    /// Where it is.
    pub span: Span,
}

/// Capitalised word runs in the article's sentences (ignored spans skipped). A run breaks at
/// punctuation, line breaks and lower-case words; a sentence-initial function word is dropped
/// ("The", "When"); all-caps headings of four or more words are skipped.
pub fn name_runs(doc: &PreparedDoc) -> Vec<NameRun> {
    let mut runs = Vec::new();
    let tokens = &doc.seg.tokens;
    for s in doc.article_sentences() {
        let first = tokens.partition_point(|t| t.span.start < s.start);
        let mut run: Vec<&Token> = Vec::new();
        let mut sentence_start = true;
        for t in tokens[first..].iter().take_while(|t| t.span.end <= s.end) {
            let text = doc.slice(t.span);
            let capitalised = t.kind == TokenKind::Word
                && text.chars().next().is_some_and(char::is_uppercase)
                && text.len() > 1;
            let adjacent = run
                .last()
                .is_some_and(|p| gap_is_space(doc.slice(Span::new(p.span.end, t.span.start))));
            if !capitalised || (!run.is_empty() && !adjacent) {
                flush(doc, &mut run, &mut runs);
            }
            if capitalised {
                let lower = normalise_name_word(text);
                let skip = (sentence_start && is_capitalised_function_word(&lower))
                    || is_month(&lower)
                    || is_stopword(&lower);
                if skip {
                    flush(doc, &mut run, &mut runs);
                } else {
                    run.push(t);
                }
            }
            sentence_start = false;
        }
        flush(doc, &mut run, &mut runs);
    }
    runs
}

fn gap_is_space(gap: &str) -> bool {
    !gap.is_empty() && gap.len() <= 2 && gap.chars().all(|c| c == ' ' || c == '\t')
}

fn normalise_name_word(text: &str) -> String {
    let mut w = text.to_lowercase();
    for suffix in ["'s", "’s", "'", "’"] {
        if let Some(stripped) = w.strip_suffix(suffix) {
            w = stripped.to_string();
            break;
        }
    }
    w
}

fn flush(doc: &PreparedDoc, run: &mut Vec<&Token>, out: &mut Vec<NameRun>) {
    if run.is_empty() {
        return;
    }
    let shouting = run.len() >= 4
        && run
            .iter()
            .all(|t| !doc.slice(t.span).chars().any(char::is_lowercase));
    if !shouting {
        if let (Some(a), Some(b)) = (run.first(), run.last()) {
            out.push(NameRun {
                words: run
                    .iter()
                    .map(|t| normalise_name_word(doc.slice(t.span)))
                    .collect(),
                span: Span::new(a.span.start, b.span.end),
            });
        }
    }
    run.clear();
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn content_words_match_normalise() {
        let text = "The officers approached Foster's car, and 12 ran.";
        let doc = PreparedDoc::new(
            corroborate_core::Document::new(
                "t.txt",
                corroborate_core::document::SourceFormat::Text,
                text.into(),
            ),
            jiff::civil::date(2030, 1, 1),
        );
        let mut words = Vec::new();
        content_words(&doc, Span::new(0, text.len()), &mut words);
        let expected: Vec<u64> = ["officer", "approach", "foster", "car", "12", "ran"]
            .iter()
            .map(|w| xxh3_64(w.as_bytes()))
            .collect();
        assert_eq!(words.iter().map(|w| w.hash).collect::<Vec<_>>(), expected);
    }

    #[test]
    fn light_edits_normalise_alike() {
        assert_eq!(normalise("approached"), normalise("approach"));
        assert_eq!(normalise("Officers"), normalise("officer"));
        assert_eq!(normalise("Foster's"), "foster");
        assert_eq!(normalise("bus"), "bus");
    }
}
