//! Regex pieces for names and words, shared by the quote and attribution extractors, and the
//! one way their built-in patterns are compiled ([`compile`]).

use regex::Regex;

/// Lazy-DFA cache of each built-in pattern: the subject patterns are large (names, roles,
/// learned group heads), and the default 2 MiB cache is cleared and rebuilt over and over on
/// them. The cache grows only as states are built.
const DFA_CACHE_BYTES: usize = 8 << 20;

/// A built-in quote or attribution pattern, compiled with a lazy-DFA cache of
/// [`DFA_CACHE_BYTES`].
pub(crate) fn compile(pattern: &str) -> Regex {
    match regex::RegexBuilder::new(pattern)
        .dfa_size_limit(DFA_CACHE_BYTES)
        .build()
    {
        Ok(r) => r,
        // The patterns are constants; a failure here is a programming error caught by tests.
        Err(e) => panic!("invalid built-in regex: {e}"),
    }
}

/// Title abbreviations that may end with a period inside a name ("Gov. Tate Reeves").
const TITLE_ABBR: &str =
    r"(?:Gov|Sgt|Sen|Rep|Dr|Mr|Mrs|Ms|Lt|Col|Gen|Capt|Det|Cpl|Rev|Prof|St|Jr|Sr|Supt|Atty)\.";

/// One capitalised word, a title abbreviation, an abbreviation of initials ("U.S.", "D.C.") or
/// an initial.
pub(crate) fn capword() -> String {
    format!(r"(?:{TITLE_ABBR}|(?:{UPPER}\.){{2,}}|{UPPER}\.|{UPPER}{WORD}*)")
}

/// Lower-case words that may join the capitalised words of a name ("Department of Public
/// Safety", "Ana de Lind").
pub(crate) const NAME_CONNECTORS: &[&str] = &[
    "of", "for", "the", "de", "van", "von", "da", "del", "la", "le", "du", "bin", "al",
];

/// A capitalised name sequence, allowing lower-case connectors ([`NAME_CONNECTORS`]).
pub(crate) fn name_pattern() -> String {
    let cw = capword();
    format!(
        r"{cw}(?:[ \t]+(?:(?:{})[ \t]+){{0,2}}{cw})*",
        NAME_CONNECTORS.join("|")
    )
}

/// An upper-case letter (ASCII or Latin-1/Latin Extended; compact automata keep the regexes fast).
pub(crate) const UPPER: &str = r"[A-Z\x{C0}-\x{DE}]";
/// A letter, combining mark, apostrophe or hyphen inside a word.
pub(crate) const WORD: &str = r"[A-Za-z\x{C0}-\x{24F}\x{300}-\x{36F}’'\-]";
/// As [`WORD`], without apostrophes (so that a possessive "’s" stays separate).
pub(crate) const WORD_NO_APOS: &str = r"[A-Za-z\x{C0}-\x{24F}\x{300}-\x{36F}\-]";
/// A lower-case word.
pub(crate) const LOWER: &str = r"[a-z\x{DF}-\x{24F}][A-Za-z\x{C0}-\x{24F}\x{300}-\x{36F}’'\-]*";
