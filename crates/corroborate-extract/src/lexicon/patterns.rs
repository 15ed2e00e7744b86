//! Regex pieces for names and words, shared by the quote and attribution extractors.

/// Title abbreviations that may end with a period inside a name ("Gov. Tate Reeves").
const TITLE_ABBR: &str =
    r"(?:Gov|Sgt|Sen|Rep|Dr|Mr|Mrs|Ms|Lt|Col|Gen|Capt|Det|Cpl|Rev|Prof|St|Jr|Sr|Supt|Atty)\.";

/// One capitalised word, a title abbreviation or an initial.
pub(crate) fn capword() -> String {
    format!(r"(?:{TITLE_ABBR}|{UPPER}\.|{UPPER}{WORD}*)")
}

/// A capitalised name sequence, allowing lower-case connectors ("Department of Public Safety").
pub(crate) fn name_pattern() -> String {
    let cw = capword();
    format!(r"{cw}(?:[ \t]+(?:(?:of|for|the|de|van|von|da|del|la|le|du|bin|al)[ \t]+){{0,2}}{cw})*")
}

/// An upper-case letter (ASCII or Latin-1/Latin Extended; compact automata keep the regexes fast).
pub(crate) const UPPER: &str = r"[A-Z\x{C0}-\x{DE}]";
/// A letter, combining mark, apostrophe or hyphen inside a word.
pub(crate) const WORD: &str = r"[A-Za-z\x{C0}-\x{24F}\x{300}-\x{36F}’'\-]";
/// As [`WORD`], without apostrophes (so that a possessive "’s" stays separate).
pub(crate) const WORD_NO_APOS: &str = r"[A-Za-z\x{C0}-\x{24F}\x{300}-\x{36F}\-]";
/// A lower-case word.
pub(crate) const LOWER: &str = r"[a-z\x{DF}-\x{24F}][A-Za-z\x{C0}-\x{24F}\x{300}-\x{36F}’'\-]*";
