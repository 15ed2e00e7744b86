//! Atomic statements: each article sentence, or each clause of a compound sentence, with who
//! it is attributed to in the text (a speaker, an agency, or the outlet's own voice) and the
//! features alignment compares (concept words, names, quantities, dates).

use corroborate_core::text::{slice, slice_from, slice_to};
use std::collections::BTreeSet;

use corroborate_core::segment::TokenKind;
use corroborate_core::{PreparedDoc, Span};
use corroborate_extract::dates::is_calendar_word;
use corroborate_extract::Extraction;
use serde::{Deserialize, Serialize};

use super::lexicon::{has, SUBJECT_STARTS};
use super::sources;
use crate::text::{content_words, stem};
use crate::{Analysed, Cite};

/// Whose voice a statement is in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Voice {
    /// A named or described person ("Ben Crump", "Kohen's mother").
    Speaker,
    /// An organisation or document ("the state agency", "a police report").
    Agency,
    /// A news outlet: the article's own voice, or another outlet it credits ("AP reported").
    Outlet,
}

impl Voice {
    /// The voice as the JSON report writes it (`speaker`, `agency`, `outlet`).
    pub fn as_str(self) -> &'static str {
        match self {
            Voice::Speaker => "speaker",
            Voice::Agency => "agency",
            Voice::Outlet => "outlet",
        }
    }
}

/// Who a statement is attributed to in the text.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Source {
    /// Speaker, agency or outlet.
    pub voice: Voice,
    /// The name as written ("Martin Zummach", "the Mississippi Department of Public Safety"),
    /// or the outlet's name for its own voice.
    pub name: String,
    /// The source's role, normalised ("attorney", "mother", "governor"), when known.
    pub role: Option<String>,
    /// Whom the role is of, as written ("Foster", "family"), when stated.
    pub role_of: Option<String>,
    /// Where the text names the source (absent for an outlet's own voice).
    pub named_at: Option<Cite>,
}

impl Source {
    /// A key identifying the same party across statements and articles: the surname for a
    /// person, the lower-cased name otherwise.
    pub fn key(&self) -> String {
        let lower = self.name.to_ascii_lowercase();
        match self.voice {
            Voice::Speaker => lower
                .split_whitespace()
                .last()
                .unwrap_or_default()
                .trim_end_matches("'s")
                .trim_end_matches("’s")
                .to_string(),
            _ => lower.trim_start_matches("the ").to_string(),
        }
    }
}

/// One atomic statement of one article.
#[derive(Debug, Clone)]
pub struct Statement {
    /// Index of the article in the analysed results.
    pub doc: usize,
    /// The clause.
    pub span: Span,
    /// The sentence containing it.
    pub sentence: Span,
    /// Who it is attributed to.
    pub source: Source,
    /// Concept-normalised content words.
    pub words: BTreeSet<String>,
    /// Lower-cased capitalised words that are not sentence-initial (names, places).
    pub names: BTreeSet<String>,
    /// Indices into the article's quantities that fall in the clause.
    pub quantities: Vec<usize>,
    /// TIMEX3 values of the dates in the clause.
    pub dates: Vec<String>,
    /// True when the clause opens with a quotation mark.
    pub opens_quote: bool,
    /// True when the clause closes a quotation opened before it.
    pub closes_quote: bool,
}

/// Maps inflections and common synonyms onto one concept, on top of [`stem`], so paraphrases
/// compare equal ("drove"/"driver"/"driving", "car"/"vehicle", "towards"/"direction").
pub fn concept(stemmed: &str) -> &str {
    match stemmed {
        "drov" | "driver" | "driven" | "driv" => "driv",
        "ran" | "runn" => "run",
        "shot" | "shoot" | "shooting" | "shooter" => "shoot",
        "fled" | "fl" | "flee" => "fl",
        "stol" | "stolen" | "steal" | "theft" | "shoplift" => "steal",
        "struck" | "strik" => "strik",
        "car" | "vehicl" | "automobil" => "vehicl",
        "policeman" | "policemen" | "cop" | "officer" | "deputi" | "deputy" => "officer",
        "lawyer" | "attorney" => "attorney",
        "video" | "footag" | "bodycam" => "footag",
        "child" | "baby" | "babi" | "boy" | "toddler" | "infant" | "girl" => "child",
        "toward" | "direction" => "toward",
        "moved" | "mov" => "mov",
        "fired" | "fir" => "fir",
        "resignation" | "resign" => "resign",
        "wound" | "injur" | "hurt" => "injur",
        "died" | "dead" | "death" | "kill" => "kill",
        other => other,
    }
}

/// Concept words of a text: content words, stemmed, then mapped by [`concept`].
pub fn concept_words(text: &str) -> BTreeSet<String> {
    content_words(text)
        .into_iter()
        .map(|w| concept(&w).to_string())
        .collect()
}

/// A word of a statement: its byte range relative to the start of the span it was taken from.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Word {
    pub start: usize,
    pub end: usize,
}

/// The word and number tokens inside `span`, from the article's segmentation, as ranges
/// relative to `span.start`. The claim stages take their words from here; they do not
/// tokenise text of their own.
pub(crate) fn words_in(prep: &PreparedDoc, span: Span) -> Vec<Word> {
    let tokens = &prep.seg.tokens;
    let first = tokens.partition_point(|t| t.span.start < span.start);
    tokens[first..]
        .iter()
        .take_while(|t| t.span.end <= span.end)
        .filter(|t| matches!(t.kind, TokenKind::Word | TokenKind::Number))
        .map(|t| Word {
            start: t.span.start - span.start,
            end: t.span.end - span.start,
        })
        .collect()
}

/// A statement's text as the claim stages compare it: lower-cased (ASCII only, so byte offsets
/// stay the statement's) with its words.
pub(crate) struct Lowered {
    /// The statement's text, ASCII-lower-cased.
    pub text: String,
    /// Its words, relative to the statement's start.
    pub words: Vec<Word>,
}

impl Lowered {
    /// The lowered text of `span` of `prep`.
    pub fn of(prep: &PreparedDoc, span: Span) -> Self {
        Lowered {
            text: prep.slice(span).to_ascii_lowercase(),
            words: words_in(prep, span),
        }
    }

    /// The lowered text of every statement, in order.
    pub fn all(results: &[Analysed], stmts: &[Statement]) -> Vec<Lowered> {
        stmts
            .iter()
            .map(|s| {
                results.get(s.doc).map_or(
                    Lowered {
                        text: String::new(),
                        words: Vec::new(),
                    },
                    |r| Lowered::of(&r.0, s.span),
                )
            })
            .collect()
    }

    /// The text of word `w`.
    pub fn word(&self, w: &Word) -> &str {
        slice(&self.text, w.start, w.end)
    }
}

fn is_capitalised(w: &str) -> bool {
    w.chars().next().is_some_and(char::is_uppercase)
}

const QUOTE_CHARS: &[char] = &['"', '“', '”'];

/// Byte position of `pat` in `hay` as whole words.
pub(crate) fn find_word(hay: &str, pat: &str) -> Option<usize> {
    let mut from = 0;
    while let Some(p) = hay.get(from..).and_then(|h| h.find(pat)) {
        let s = from + p;
        let e = s + pat.len();
        if is_word_at(hay, s, e, pat) {
            return Some(s);
        }
        from = e;
    }
    None
}

/// Phrases of a lexicon looked up as whole words in one pass over a text: for each phrase, what
/// [`find_word`] gives for it, found with one Aho-Corasick automaton instead of one substring
/// search per phrase (the claims stage asks this of every statement).
pub(crate) struct PhraseSet {
    phrases: Vec<&'static str>,
    matcher: Option<aho_corasick::AhoCorasick>,
}

impl PhraseSet {
    pub(crate) fn new(phrases: impl IntoIterator<Item = &'static str>) -> Self {
        let phrases: Vec<&'static str> = phrases.into_iter().collect();
        let matcher = aho_corasick::AhoCorasick::new(&phrases).ok();
        Self { phrases, matcher }
    }

    /// For each phrase, in order, [`find_word`] of it in `hay`.
    pub(crate) fn first_words(&self, hay: &str) -> Vec<Option<usize>> {
        let Some(matcher) = &self.matcher else {
            return self.phrases.iter().map(|p| find_word(hay, p)).collect();
        };
        let mut first: Vec<Option<usize>> = vec![None; self.phrases.len()];
        // Where `find_word` would search for each phrase next: after an occurrence that failed
        // the word test, it goes on from that occurrence's end.
        let mut from: Vec<usize> = vec![0; self.phrases.len()];
        for m in matcher.find_overlapping_iter(hay) {
            let k = m.pattern().as_usize();
            if first[k].is_some() || m.start() < from[k] {
                continue;
            }
            if is_word_at(hay, m.start(), m.end(), self.phrases[k]) {
                first[k] = Some(m.start());
            } else {
                from[k] = m.end();
            }
        }
        first
    }
}

/// Whether `pat`, found at `s..e` of `hay`, stands as whole words there (a phrase ending in a
/// period needs no boundary after it).
fn is_word_at(hay: &str, s: usize, e: usize, pat: &str) -> bool {
    let before_ok = slice_to(hay, s)
        .chars()
        .next_back()
        .is_none_or(|c| !c.is_alphanumeric());
    let after_ok = pat.ends_with('.')
        || slice_from(hay, e)
            .chars()
            .next()
            .is_none_or(|c| !c.is_alphanumeric());
    before_ok && after_ok
}

/// Clause boundaries of a sentence: after "; " and before ", and"/", but"/", while"/" but"
/// followed by a new subject, outside quotation marks; each clause has at least three words.
pub fn clauses(prep: &PreparedDoc, sentence: Span) -> Vec<(usize, usize)> {
    let text = prep.slice(sentence);
    let word_count = |a: usize, b: usize| {
        words_in(prep, Span::new(sentence.start + a, sentence.start + b)).len()
    };
    let mut cuts: Vec<(usize, usize)> = Vec::new();
    let mut in_quote = false;
    for (i, c) in text.char_indices() {
        match c {
            '“' => in_quote = true,
            '”' => in_quote = false,
            '"' => in_quote = !in_quote,
            _ => {}
        }
        if in_quote {
            continue;
        }
        let rest = slice_from(text, i);
        let (gap, next) = if rest.starts_with("; ") {
            (i, i + 2)
        } else if let Some(p) = [", and ", ", but ", ", while ", ", whereas ", " but "]
            .iter()
            .find(|p| rest.starts_with(**p))
        {
            let subj_start = i + p.len();
            let subj = slice_from(text, subj_start)
                .split(|ch: char| !ch.is_alphanumeric())
                .next()
                .unwrap_or_default();
            let ok = has(SUBJECT_STARTS, &subj.to_ascii_lowercase())
                || (is_capitalised(subj) && !is_calendar_word(subj));
            if !ok {
                continue;
            }
            (i, subj_start)
        } else {
            continue;
        };
        cuts.push((gap, next));
    }
    let mut out = Vec::new();
    let mut start = 0;
    for (gap, next) in cuts {
        if gap < start {
            continue;
        }
        if word_count(start, gap) >= 3 && word_count(next, text.len()) >= 3 {
            out.push((start, gap));
            start = next;
        }
    }
    out.push((start, text.len()));
    out
}

/// Splits every article into statements, with sources and features. `outlet` names each
/// article's own voice.
pub fn statements(results: &[Analysed], group: &[usize]) -> Vec<Statement> {
    let mut out = Vec::new();
    for &d in group {
        let Some((prep, ex)) = results.get(d) else {
            continue;
        };
        doc_statements(d, prep, ex, &mut out);
    }
    out
}

fn outlet_name(prep: &PreparedDoc) -> String {
    prep.doc
        .meta
        .outlet
        .as_ref()
        .map(|o| o.value.clone())
        .unwrap_or_else(|| prep.doc.source.clone())
}

fn doc_statements(d: usize, prep: &PreparedDoc, ex: &Extraction, out: &mut Vec<Statement>) {
    let text = prep.doc.text.as_str();
    let headline = prep.doc.headline;
    for sent in prep.article_sentences() {
        if headline.is_some_and(|h| h.overlaps(sent)) {
            continue;
        }
        let sent_source = sources::of_sentence(prep, ex, sent);
        for (a, b) in clauses(prep, sent) {
            let span = Span::new(sent.start + a, sent.start + b);
            let ctext = span.text(text);
            let ctext_t = ctext.trim_end_matches(['.', ',', ' ']);
            let span = Span::new(span.start, span.start + ctext_t.len());
            if words_in(prep, span).len() < 3 {
                continue;
            }
            let source = sources::of_clause(prep, ex, span)
                .or_else(|| sent_source.clone())
                .unwrap_or_else(|| Source {
                    voice: Voice::Outlet,
                    name: outlet_name(prep),
                    role: None,
                    role_of: None,
                    named_at: None,
                });
            out.push(features(d, prep, ex, span, sent, source));
        }
    }
}

fn features(
    d: usize,
    prep: &PreparedDoc,
    ex: &Extraction,
    span: Span,
    sentence: Span,
    source: Source,
) -> Statement {
    let text = prep.slice(span);
    let ws = words_in(prep, span);
    let names = ws
        .iter()
        .skip(1)
        .map(|w| slice(text, w.start, w.end))
        .filter(|w| is_capitalised(w) && !is_calendar_word(w))
        .map(|w| {
            w.trim_end_matches("'s")
                .trim_end_matches("’s")
                .to_ascii_lowercase()
        })
        .collect();
    let quantities = ex
        .quantities
        .iter()
        .enumerate()
        .filter(|(_, q)| span.contains(q.span))
        .map(|(i, _)| i)
        .collect();
    let dates = ex
        .dates
        .iter()
        .filter(|t| span.contains(t.span))
        .filter_map(|t| t.value.clone())
        .filter(|v| v.len() >= 7 && v.as_bytes().first().is_some_and(u8::is_ascii_digit))
        .collect();
    Statement {
        doc: d,
        span,
        sentence,
        source,
        words: concept_words(text),
        names,
        quantities,
        dates,
        opens_quote: opens_quote(text),
        closes_quote: text.trim_end().ends_with(['”', '"'])
            && text.matches(['”', '"', '“']).count() % 2 == 1,
    }
}

/// True when the statement's text opens with a quotation mark.
pub(crate) fn opens_quote(text: &str) -> bool {
    text.trim_start().starts_with(QUOTE_CHARS)
}

/// The stem of one word (re-exported for the other claim stages).
pub(crate) fn stem_word(w: &str) -> String {
    concept(&stem(w)).to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_phrase_set_finds_what_find_word_finds_for_each_phrase() {
        let phrases = [
            "declined to comment",
            "hurt",
            "seriously hurt",
            "a a",
            "no.",
            "video",
            "comment",
        ];
        let set = PhraseSet::new(phrases);
        for hay in [
            "the mayor declined to comment on friday; two were seriously hurt.",
            "unhurt, she declined to commentate, then declined to comment.",
            "xa a a",
            "no. a a",
            "the videos and one video",
            "",
            "nothing here at all",
            "commentary, then a comment",
        ] {
            let expected: Vec<Option<usize>> = phrases.iter().map(|p| find_word(hay, p)).collect();
            assert_eq!(set.first_words(hay), expected, "{hay:?}");
        }
        assert_eq!(
            set.first_words("the videos and one video")[5],
            Some(19),
            "a phrase inside a longer word is skipped"
        );
    }
}
