//! Text helpers shared by every stage that walks text.
//!
//! * Char-boundary-safe slicing: [`slice`], [`slice_from`], [`slice_to`], [`window`],
//!   [`floor_char_boundary`], [`ceil_char_boundary`], [`char_before`], [`char_after`]. Computed
//!   byte offsets (`i + 1`, `end - 3`, a `find` result reused on another string) can land inside
//!   a multi-byte character (`™`, `—`, `«`, U+00A0); these helpers clamp instead of panicking, so
//!   no input can crash a stage. Crates that walk text `#![deny(clippy::string_slice)]` and use
//!   these or `str::get`.
//! * Word lists shared by the stages that compare wording across articles (story features,
//!   timeline events, claims): one list of English function words, so every stage skips the same
//!   words; each stage adds its own domain words on top.

#![deny(clippy::string_slice)]

/// The largest char boundary of `text` at or before byte `i` (`text.len()` if `i` is past the
/// end).
pub fn floor_char_boundary(text: &str, i: usize) -> usize {
    if i >= text.len() {
        return text.len();
    }
    let mut i = i;
    while !text.is_char_boundary(i) {
        i -= 1;
    }
    i
}

/// The smallest char boundary of `text` at or after byte `i` (`text.len()` if `i` is past the
/// end).
pub fn ceil_char_boundary(text: &str, i: usize) -> usize {
    if i >= text.len() {
        return text.len();
    }
    let mut i = i;
    while !text.is_char_boundary(i) {
        i += 1;
    }
    i
}

/// `text[start..end]`, never panicking: both ends are clamped to the text, widened outward to
/// whole characters (a range that cuts a character keeps it), and an empty or reversed range
/// gives `""`.
pub fn slice(text: &str, start: usize, end: usize) -> &str {
    let start = floor_char_boundary(text, start);
    let end = ceil_char_boundary(text, end);
    if start >= end {
        return "";
    }
    text.get(start..end).unwrap_or("")
}

/// `text[start..]`, never panicking: `start` is moved back to a char boundary and clamped to
/// the text.
pub fn slice_from(text: &str, start: usize) -> &str {
    slice(text, start, text.len())
}

/// `text[..end]`, never panicking: `end` is moved forward to a char boundary and clamped to the
/// text.
pub fn slice_to(text: &str, end: usize) -> &str {
    slice(text, 0, end)
}

/// Up to `before` bytes before byte `at` and `after` bytes from it, shrunk inward to whole
/// characters (a window never grows past the bytes asked for). Returns the window and its start
/// offset in `text`.
pub fn window(text: &str, at: usize, before: usize, after: usize) -> (&str, usize) {
    let at = at.min(text.len());
    let start = ceil_char_boundary(text, at.saturating_sub(before));
    let end = floor_char_boundary(text, at.saturating_add(after));
    if start >= end {
        return ("", start.min(end));
    }
    (text.get(start..end).unwrap_or(""), start)
}

/// The character that ends just before byte `i` (after flooring `i` to a char boundary).
pub fn char_before(text: &str, i: usize) -> Option<char> {
    text.get(..floor_char_boundary(text, i))?
        .chars()
        .next_back()
}

/// The character that starts at byte `i` (after flooring `i` to a char boundary), or the one
/// containing `i`.
pub fn char_after(text: &str, i: usize) -> Option<char> {
    text.get(floor_char_boundary(text, i)..)?.chars().next()
}

/// `text` cut to at most `max` bytes, at a char boundary.
pub fn truncate(text: &str, max: usize) -> &str {
    slice(text, 0, floor_char_boundary(text, max))
}

/// English function words (articles, pronouns, auxiliaries, prepositions, conjunctions) and the
/// commonest reporting verbs, lower case. They say nothing about what a sentence is about.
pub const FUNCTION_WORDS: &[&str] = &[
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
    "only",
    "or",
    "other",
    "our",
    "out",
    "over",
    "own",
    "said",
    "same",
    "says",
    "say",
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
    "told",
    "one",
    "last",
    "year",
    "may",
    "monday",
    "tuesday",
    "wednesday",
    "thursday",
    "friday",
    "saturday",
    "sunday",
    "week",
    "day",
    "days",
];

/// [`FUNCTION_WORDS`] sorted, for binary search: every article's words are looked up.
static SORTED_FUNCTION_WORDS: std::sync::LazyLock<Vec<&'static str>> =
    std::sync::LazyLock::new(|| {
        let mut words = FUNCTION_WORDS.to_vec();
        words.sort_unstable();
        words
    });

/// True for a lower-cased word in [`FUNCTION_WORDS`].
pub fn is_function_word(lower: &str) -> bool {
    SORTED_FUNCTION_WORDS.binary_search(&lower).is_ok()
}

/// `s` in title case when it is written all in capitals ("BAAR, SWITZERLAND" → "Baar,
/// Switzerland"), else `s` unchanged: capitals of a dateline or a shouted masthead.
pub fn title_case_if_shouting(s: &str) -> String {
    if s.chars().any(|c| c.is_lowercase()) {
        return s.to_string();
    }
    s.split(' ')
        .map(|w| {
            let mut cs = w.chars();
            match cs.next() {
                Some(f) => f
                    .to_uppercase()
                    .chain(cs.flat_map(char::to_lowercase))
                    .collect(),
                None => String::new(),
            }
        })
        .collect::<Vec<String>>()
        .join(" ")
}

/// A wire dateline that opens a paragraph: a place, then a credit in parentheses or slashes, a
/// date or both, then a dash ("MARLOW, Nov. 30 (Reuters) - ", "Kabul, Afghanistan (AP) — ",
/// "NEW YORK, March 3 /Wire/ -- "), or a place in capitals and a dash ("LONDON — ").
static DATELINE: std::sync::LazyLock<regex::Regex> = std::sync::LazyLock::new(|| {
    // Latin letters only, as in the extractors' name patterns: `\p{L}` under counted repetition
    // made this one pattern cost 50 ms to compile, and datelines are written in Latin script.
    let up = r"[A-Z\x{C0}-\x{DE}]";
    let letter = r"[A-Za-z\x{C0}-\x{24F}.'’-]";
    let part = r"(?:,[A-Za-z\x{C0}-\x{24F}0-9.'’ ]{1,30}?){0,2}";
    let place = format!(r"{up}{letter}*(?:[ ]{up}{letter}*){{0,3}}{part}");
    let credit = format!(r"(?:\({up}[^()\n]{{0,39}}\)|/{up}[^/\n]{{0,39}}/)");
    let caps = format!(r"{up}{up}+(?:[ .'’-]{{1,2}}{up}{up}+)*\.?{part}");
    let dash = r"(?:--|[-–—])";
    match regex::Regex::new(&format!(
        r"^(?:{place}[ \t]*{credit}|{caps})[ \t]*{dash}[ \t]+"
    )) {
        Ok(r) => r,
        Err(e) => panic!("invalid built-in regex: {e}"),
    }
});

/// The byte length of the wire dateline that opens `line` ("WASHINGTON (AP) — "), dash and
/// space included; 0 when `line` opens otherwise. Only the opening of a paragraph can hold one.
pub fn dateline_len(line: &str) -> usize {
    DATELINE.find(line).map_or(0, |m| m.end())
}

/// `span` without the wire dateline it opens with when it opens a paragraph ("MARLOW (Reuters) -
/// Floods rose …" → "Floods rose …"): what a source said never holds the outlet's place and
/// credit. `span` unchanged otherwise, or when nothing would be left.
pub fn after_dateline(text: &str, span: crate::Span) -> crate::Span {
    let at = span.start;
    if at > 0 && char_before(text, at) != Some('\n') {
        return span;
    }
    let len = dateline_len(text.get(at..span.end).unwrap_or(""));
    if len == 0 || at + len >= span.end {
        return span;
    }
    crate::Span::new(at + len, span.end)
}

#[cfg(test)]
mod tests {
    use super::*;

    const T: &str = "a\u{2122}b\u{2014}c\u{a0}\u{1F600}";

    #[test]
    fn wire_datelines_are_measured_and_other_openings_are_not() {
        let opening = |s: &str| s.get(..dateline_len(s)).unwrap_or("").to_string();
        assert_eq!(
            opening("MARLOW, Nov. 30 (Reuters) - Floodwaters rose"),
            "MARLOW, Nov. 30 (Reuters) - "
        );
        assert_eq!(
            opening("Kabul, Afghanistan (AP) \u{2014} The talks"),
            "Kabul, Afghanistan (AP) \u{2014} "
        );
        assert_eq!(
            opening("NEW YORK, March 3 /Wire/ -- A firm"),
            "NEW YORK, March 3 /Wire/ -- "
        );
        assert_eq!(opening("LONDON \u{2013} Prices fell"), "LONDON \u{2013} ");
        for plain in [
            "LONDON-based firms said",
            "Floodwaters rose on Monday - officials said",
            "The mayor - who spoke late - said",
            "He said (twice) - that",
            "Mayor Lenz (right) - who",
        ] {
            assert_eq!(dateline_len(plain), 0, "{plain}");
        }
    }

    #[test]
    fn boundaries_clamp_inside_multibyte_characters() {
        // 'a' 0, '™' 1..4, 'b' 4, '—' 5..8, 'c' 8, NBSP 9..11, emoji 11..15
        assert_eq!(floor_char_boundary(T, 2), 1);
        assert_eq!(ceil_char_boundary(T, 2), 4);
        assert_eq!(floor_char_boundary(T, 99), T.len());
        assert_eq!(ceil_char_boundary(T, 13), 15);
    }

    #[test]
    fn slice_widens_to_whole_characters_and_never_panics() {
        assert_eq!(slice(T, 0, 2), "a\u{2122}");
        assert_eq!(slice(T, 2, 5), "\u{2122}b");
        assert_eq!(slice(T, 6, 3), "");
        assert_eq!(slice(T, 40, 50), "");
        assert_eq!(slice_from(T, 12), "\u{1F600}");
        assert_eq!(slice_to(T, 10), "a\u{2122}b\u{2014}c\u{a0}");
        for a in 0..=T.len() + 2 {
            for b in 0..=T.len() + 2 {
                let s = slice(T, a, b);
                assert!(T.contains(s));
            }
        }
    }

    #[test]
    fn window_shrinks_inward() {
        let (w, start) = window(T, 5, 2, 2);
        assert_eq!((w, start), ("b", 4));
        assert_eq!(window(T, 100, 3, 3), ("", T.len()));
    }

    #[test]
    fn neighbours_and_truncation() {
        assert_eq!(char_before(T, 4), Some('\u{2122}'));
        assert_eq!(char_before(T, 0), None);
        assert_eq!(char_after(T, 6), Some('\u{2014}'));
        assert_eq!(char_after(T, T.len()), None);
        assert_eq!(truncate(T, 3), "a");
        assert_eq!(truncate(T, 100), T);
    }
}
