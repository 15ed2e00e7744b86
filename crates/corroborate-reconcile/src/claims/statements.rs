//! Atomic statements: each article sentence, or each clause of a compound sentence, with who
//! it is attributed to in the text (a speaker, an agency, or the outlet's own voice) and the
//! features alignment compares (concept words, names, quantities, dates).

use corroborate_core::text::{slice, slice_from, slice_to};
use std::collections::{BTreeSet, HashMap};

use corroborate_core::{PreparedDoc, Span};
use corroborate_extract::entities::{EntityAnalysis, EntityKind};
use corroborate_extract::Extraction;
use serde::Serialize;

use super::lexicon::{
    has, AGENCY_HEADS, AUX, CONNECTIVES, OUTLET_WORDS, ROLES, SPEECH_CUES, SUBJECT_STARTS,
};
use crate::text::{content_words, stem};
use crate::{Analysed, Cite};

/// Whose voice a statement is in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Voice {
    /// A named or described person ("Ben Crump", "Kohen's mother").
    Speaker,
    /// An organisation or document ("the state agency", "a police report").
    Agency,
    /// A news outlet: the article's own voice, or another outlet it credits ("AP reported").
    Outlet,
}

/// Who a statement is attributed to in the text.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
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

/// A word of a text: its byte range relative to the text.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Word {
    pub start: usize,
    pub end: usize,
}

fn is_word_char(c: char) -> bool {
    c.is_alphanumeric()
}

/// Words of `text`: runs of letters and digits, with inner apostrophes, hyphens and periods.
pub(crate) fn words(text: &str) -> Vec<Word> {
    let mut out = Vec::new();
    let mut start: Option<usize> = None;
    let mut chars = text.char_indices().peekable();
    while let Some((i, c)) = chars.next() {
        let inner = matches!(c, '\'' | '’' | '-' | '.')
            && start.is_some()
            && chars.peek().is_some_and(|&(_, n)| is_word_char(n));
        if is_word_char(c) || inner {
            if start.is_none() {
                start = Some(i);
            }
        } else if let Some(s) = start.take() {
            out.push(Word { start: s, end: i });
        }
    }
    if let Some(s) = start {
        out.push(Word {
            start: s,
            end: text.len(),
        });
    }
    out
}

fn is_capitalised(w: &str) -> bool {
    w.chars().next().is_some_and(char::is_uppercase)
}

fn is_possessive(w: &str) -> bool {
    w.ends_with("'s") || w.ends_with("’s")
}

const QUOTE_CHARS: &[char] = &['"', '“', '”'];
const TITLE_ABBREVS: &[&str] = &[
    "gov", "sgt", "capt", "lt", "det", "st", "mr", "mrs", "ms", "dr", "jr", "sen", "rep", "gen",
    "col", "insp", "supt",
];
const DATE_WORDS: &[&str] = &[
    "monday",
    "tuesday",
    "wednesday",
    "thursday",
    "friday",
    "saturday",
    "sunday",
    "january",
    "february",
    "march",
    "april",
    "may",
    "june",
    "july",
    "august",
    "september",
    "october",
    "november",
    "december",
    "today",
    "yesterday",
];
const NP_FUNCTION: &[&str] = &[
    "the", "a", "an", "of", "for", "state", "multiple", "several",
];
/// Capitalised words of organisation names that are never part of a personal name.
const ORG_WORDS: &[&str] = &[
    "public",
    "safety",
    "justice",
    "investigation",
    "affairs",
    "security",
    "health",
    "services",
    "transportation",
    "national",
    "federal",
    "united",
    "association",
    "institute",
    "center",
    "centre",
    "foundation",
    "general",
];
const PRONOUNS: &[&str] = &["he", "she", "they", "it", "we", "i"];

fn np_word_ok(w: &str) -> bool {
    let l = w.to_ascii_lowercase();
    if has(CONNECTIVES, &l) || has(DATE_WORDS, &l) {
        return false;
    }
    is_capitalised(w)
        || is_possessive(w)
        || has(NP_FUNCTION, &l)
        || has(AGENCY_HEADS, &l)
        || has(OUTLET_WORDS, &l)
        || ROLES
            .iter()
            .any(|(r, _)| *r == l || r.split(' ').any(|p| p == l))
        || matches!(
            l.as_str(),
            "civil" | "rights" | "legal" | "general" | "interim" | "maternal" | "paternal"
        )
}

/// The noun phrase naming a source that ends right before byte `end` of `text` (relative
/// offsets): walks back over name words, role and agency nouns, possessives and appositions,
/// skipping auxiliaries ("has also") and a relative clause (", who represents the family,").
pub(crate) fn np_before(text: &str, end: usize) -> Option<(usize, usize)> {
    let mut end = end.min(text.len());
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    let ws = words(slice_to(text, end));
    let mut j = ws.len();
    // Auxiliaries.
    while j > 0
        && has(
            AUX,
            &slice(text, ws[j - 1].start, ws[j - 1].end).to_ascii_lowercase(),
        )
    {
        j -= 1;
    }
    // A relative clause right before: ", who …,".
    if j > 0 {
        let before = slice_to(text, ws[j - 1].end + 1.min(text.len() - ws[j - 1].end)).trim_end();
        if before.ends_with(',') {
            let seg_end = before.len() - 1;
            if let Some(prev) = slice_to(text, seg_end).rfind(',') {
                let seg = slice(text, prev + 1, seg_end)
                    .trim_start()
                    .to_ascii_lowercase();
                if ["who ", "which ", "whose "]
                    .iter()
                    .any(|p| seg.starts_with(p))
                {
                    while j > 0 && ws[j - 1].start > prev {
                        j -= 1;
                    }
                }
            }
        }
    }
    let last = j;
    let mut first = j;
    let mut next_start = ws.get(j).map_or(end, |w| w.start);
    while first > 0 && last - first < 14 {
        let w = ws[first - 1];
        let word = slice(text, w.start, w.end);
        let gap = slice(text, w.end, next_start);
        let abbrev = has(TITLE_ABBREVS, &word.to_ascii_lowercase());
        let bad_gap = gap.contains(QUOTE_CHARS)
            || gap.contains([';', ':', '(', ')', '–', '—', '[', ']'])
            || (gap.contains('.') && !abbrev);
        // One lower-case modifier of an organisation head after a determiner ("the housing
        // board", "the state agency").
        let modifier = first < last
            && first >= 2
            && has(
                AGENCY_HEADS,
                &slice(text, ws[first].start, ws[first].end).to_ascii_lowercase(),
            )
            && word.chars().all(|c| c.is_ascii_lowercase())
            && matches!(
                slice(text, ws[first - 2].start, ws[first - 2].end)
                    .to_ascii_lowercase()
                    .as_str(),
                "the" | "a" | "an" | "its" | "their"
            );
        if bad_gap || !(np_word_ok(word) || modifier) {
            break;
        }
        // Cross a comma only into or out of a name ("Kohen's mother, Vellesiya Wiley").
        if gap.contains(',') && first < last {
            let near_named = ws[first..last]
                .iter()
                .any(|n| is_capitalised(slice(text, n.start, n.end)));
            if !near_named && !is_capitalised(word) {
                break;
            }
        }
        first -= 1;
        next_start = w.start;
    }
    if first == last {
        // A lone pronoun right before the cue.
        let w = ws.get(last.checked_sub(1)?)?;
        let word = slice(text, w.start, w.end).to_ascii_lowercase();
        let gap = slice(text, w.end, ws.get(last).map_or(end, |n| n.start));
        if has(PRONOUNS, &word) && !gap.contains(QUOTE_CHARS) {
            return Some((w.start, w.end));
        }
        return None;
    }
    // Trim leading function words that cannot start a name phrase ("of", "for").
    while first < last && matches!(slice(text, ws[first].start, ws[first].end), "of" | "for") {
        first += 1;
    }
    let content = ws[first..last].iter().any(|w| {
        let l = slice(text, w.start, w.end).to_ascii_lowercase();
        !has(NP_FUNCTION, &l)
    });
    (first < last && content).then(|| (ws[first].start, ws[last - 1].end))
}

/// The noun phrase after byte `start` of `text` ("according to X, …").
fn np_after(text: &str, start: usize) -> Option<(usize, usize)> {
    let rest = text.get(start..)?;
    let stop = rest
        .find([',', ';', '.', '"', '“', '”', '(', '–', '—'])
        .unwrap_or(rest.len());
    let seg = slice_to(rest, stop);
    let trimmed = seg.trim_end();
    let lead = seg.len() - seg.trim_start().len();
    (trimmed.len() > lead).then(|| (start + lead, start + trimmed.len()))
}

/// The role named in a source phrase and whom it is of ("Foster's attorney" → attorney of
/// Foster; "an attorney for Kohen's family" → attorney of family).
fn role_in(np: &str) -> (Option<String>, Option<String>) {
    let lower = np.to_ascii_lowercase();
    for (pat, role) in ROLES {
        let Some(pos) = find_word(&lower, pat) else {
            continue;
        };
        let before = slice_to(np, pos).trim_end();
        let of = before
            .split_whitespace()
            .last()
            .filter(|w| is_possessive(w))
            .map(|w| w.trim_end_matches("'s").trim_end_matches("’s").to_string())
            .or_else(|| {
                let after = slice_from(np, (pos + pat.len()).min(np.len()));
                let after = after.trim_start();
                let after = after
                    .strip_prefix("for ")
                    .or_else(|| after.strip_prefix("of "))?;
                let head = after.split(',').next()?.split_whitespace().next_back()?;
                Some(head.to_string())
            });
        return (Some((*role).to_string()), of);
    }
    (None, None)
}

/// Byte position of `pat` in `hay` as whole words.
pub(crate) fn find_word(hay: &str, pat: &str) -> Option<usize> {
    let mut from = 0;
    while let Some(p) = hay.get(from..).and_then(|h| h.find(pat)) {
        let s = from + p;
        let e = s + pat.len();
        let before_ok = slice_to(hay, s)
            .chars()
            .next_back()
            .is_none_or(|c| !c.is_alphanumeric());
        let after_ok = pat.ends_with('.')
            || slice_from(hay, e)
                .chars()
                .next()
                .is_none_or(|c| !c.is_alphanumeric());
        if before_ok && after_ok {
            return Some(s);
        }
        from = e;
    }
    None
}

/// The personal name in a source phrase: the last run of two or more capitalised words that
/// are not titles, roles or organisation words; else a single such word.
fn person_name(np: &str) -> Option<String> {
    let ws = words(np);
    let mut runs: Vec<(usize, usize, usize)> = Vec::new();
    let mut cur: Option<(usize, usize, usize)> = None;
    for (i, w) in ws.iter().enumerate() {
        let word = slice(np, w.start, w.end);
        let l = word.to_ascii_lowercase();
        let gap_ok = i > 0 && slice(np, ws[i - 1].end, w.start).trim().is_empty();
        let ok = is_capitalised(word)
            && !is_possessive(word)
            && !has(TITLE_ABBREVS, &l)
            && !has(AGENCY_HEADS, &l)
            && !has(OUTLET_WORDS, &l)
            && !has(DATE_WORDS, &l)
            && !has(CONNECTIVES, &l)
            && !has(NP_FUNCTION, &l)
            && !has(ORG_WORDS, &l)
            && !slice_to(np, w.start).trim_end().ends_with(" of")
            && !ROLES.iter().any(|(r, _)| r.split(' ').any(|p| p == l));
        match (ok, cur) {
            (true, Some((s, _, n))) if gap_ok => cur = Some((s, w.end, n + 1)),
            (true, _) => {
                if let Some(c) = cur.take() {
                    runs.push(c);
                }
                cur = Some((w.start, w.end, 1));
            }
            (false, _) => {
                if let Some(c) = cur.take() {
                    runs.push(c);
                }
            }
        }
    }
    runs.extend(cur);
    // A run after "the" or "of" names an organisation or place ("the Atlantic Mariners Union").
    runs.retain(|r| {
        let before = slice_to(np, r.0).trim_end().to_ascii_lowercase();
        !(before.ends_with(" the") || before == "the" || before.ends_with(" of"))
    });
    let pick = runs
        .iter()
        .rev()
        .find(|r| r.2 >= 2)
        .or_else(|| runs.last())?;
    Some(slice(np, pick.0, pick.1).to_string())
}

fn classify(np: &str) -> Voice {
    let ws: Vec<String> = words(np)
        .iter()
        .map(|w| slice(np, w.start, w.end).to_ascii_lowercase())
        .collect();
    let has_agency = ws.iter().any(|w| has(AGENCY_HEADS, w));
    let last_is_head = ws.last().is_some_and(|w| has(AGENCY_HEADS, w));
    let person = person_name(np);
    let two_word_person = person
        .as_ref()
        .is_some_and(|p| p.split_whitespace().count() >= 2);
    if ws.iter().any(|w| has(OUTLET_WORDS, w)) && !two_word_person {
        return Voice::Outlet;
    }
    let role = role_in(np).0;
    if (last_is_head && !(two_word_person && role.is_some()))
        || (has_agency && !two_word_person && role.is_none())
    {
        return Voice::Agency;
    }
    Voice::Speaker
}

/// Clause boundaries of a sentence: after "; " and before ", and"/", but"/", while"/" but"
/// followed by a new subject, outside quotation marks; each clause has at least three words.
pub fn clauses(text: &str) -> Vec<(usize, usize)> {
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
                || (is_capitalised(subj) && !has(DATE_WORDS, &subj.to_ascii_lowercase()));
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
        let left = slice(text, start, gap);
        let right = slice_from(text, next);
        if words(left).len() >= 3 && words(right).len() >= 3 {
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
        let first = out.len();
        doc_statements(d, prep, ex, &mut out);
        resolve_in_doc(&mut out[first..], described_people(prep));
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
        let stext = sent.text(text);
        let sent_source = source_in(prep, ex, sent, stext, None);
        for (a, b) in clauses(stext) {
            let span = Span::new(sent.start + a, sent.start + b);
            let ctext = span.text(text);
            let ctext_t = ctext.trim_end_matches(['.', ',', ' ']);
            if words(ctext_t).len() < 3 {
                continue;
            }
            let span = Span::new(span.start, span.start + ctext_t.len());
            let source = source_in(prep, ex, span, ctext_t, Some(span))
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
    let ws = words(text);
    let names = ws
        .iter()
        .skip(1)
        .map(|w| slice(text, w.start, w.end))
        .filter(|w| is_capitalised(w) && !has(DATE_WORDS, &w.to_ascii_lowercase()))
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

/// The source a clause names: a quote speaker from the extraction, a source attribution, a
/// reporting verb with its subject ("X said", "…, X said"), or "according to X".
fn source_in(
    prep: &PreparedDoc,
    ex: &Extraction,
    span: Span,
    text: &str,
    clause: Option<Span>,
) -> Option<Source> {
    let ents = &ex.entities;
    if clause.is_some() {
        for q in &ex.quotes {
            if q.content.overlaps(span) && q.content.start <= span.start + text.len() / 2 {
                if let Some(e) = q.speaker.and_then(|s| ents.entities.get(s)) {
                    let role = e.roles.first();
                    return Some(Source {
                        voice: if e.kind == EntityKind::Person {
                            Voice::Speaker
                        } else {
                            Voice::Agency
                        },
                        name: e.name.clone(),
                        role: role.map(|r| r.normalized.clone()),
                        role_of: role.and_then(|r| {
                            r.of_text.clone().or_else(|| {
                                r.of_entity
                                    .and_then(|o| ents.entities.get(o))
                                    .map(|o| o.name.clone())
                            })
                        }),
                        named_at: q.speaker_mention.map(|m| Cite {
                            doc: prep.doc.id.clone(),
                            span: m,
                        }),
                    });
                }
            }
        }
        // Only "X reported" and "according to X" make X the statement's source; "told ABC News"
        // names whom a speaker talked to, not who says it.
        for a in &ex.attributions {
            let sourcing = matches!(
                a.kind,
                corroborate_extract::attributions::AttributionKind::Reported
                    | corroborate_extract::attributions::AttributionKind::AccordingTo
            );
            if sourcing && a.statement.overlaps(span) {
                return Some(make_source(prep, ents, a.source_span, &a.source));
            }
        }
    }
    let lower = text.to_ascii_lowercase();
    if let Some(p) = find_word(&lower, "according to") {
        if let Some((s, e)) = np_after(text, p + "according to".len()) {
            let np_span = Span::new(span.start + s, span.start + e);
            return Some(make_source(prep, ents, np_span, slice(text, s, e)));
        }
    }
    for w in words(text) {
        let word = slice(text, w.start, w.end).to_ascii_lowercase();
        if !has(SPEECH_CUES, &word) {
            continue;
        }
        if let Some((s, e)) = np_before(text, w.start) {
            let np_span = Span::new(span.start + s, span.start + e);
            return Some(make_source(prep, ents, np_span, slice(text, s, e)));
        }
        // ", said X." at the end.
        if word == "said"
            && slice_to(text, w.start)
                .trim_end()
                .ends_with([',', '”', '"'])
        {
            if let Some((s, e)) = np_after(text, w.end) {
                let np_span = Span::new(span.start + s, span.start + e);
                return Some(make_source(prep, ents, np_span, slice(text, s, e)));
            }
        }
    }
    None
}

pub(crate) fn make_source(
    prep: &PreparedDoc,
    ents: &EntityAnalysis,
    np_span: Span,
    np: &str,
) -> Source {
    let voice = classify(np);
    let named_at = Some(Cite {
        doc: prep.doc.id.clone(),
        span: np_span,
    });
    if let Some(e) = ents
        .mention_at(np_span)
        .and_then(|m| ents.entities.get(m.entity))
        .filter(|e| e.kind == EntityKind::Person && voice == Voice::Speaker)
    {
        let role = e.roles.first();
        let (fallback_role, fallback_of) = role_in(np);
        return Source {
            voice,
            name: e.name.clone(),
            role: role.map(|r| r.normalized.clone()).or(fallback_role),
            role_of: role
                .and_then(|r| {
                    r.of_text.clone().or_else(|| {
                        r.of_entity
                            .and_then(|o| ents.entities.get(o))
                            .map(|o| o.name.clone())
                    })
                })
                .or(fallback_of),
            named_at,
        };
    }
    let (role, role_of) = role_in(np);
    let name = match voice {
        Voice::Speaker => person_name(np)
            .filter(|n| n.contains(' ') || role_of.as_deref() != Some(n.as_str()))
            .unwrap_or_else(|| np.to_string()),
        _ => np.to_string(),
    };
    Source {
        voice,
        name,
        role: if voice == Voice::Speaker { role } else { None },
        role_of: if voice == Voice::Speaker {
            role_of
        } else {
            None
        },
        named_at,
    }
}

/// People the article describes with a role, by surname: "Foster's attorney Martin Zummach",
/// "Ben Crump, an attorney for the family", "Mississippi Gov. Tate Reeves".
fn described_people(prep: &PreparedDoc) -> HashMap<String, Source> {
    let mut out = HashMap::new();
    for sent in prep.article_sentences() {
        let text = prep.slice(sent);
        let ws = words(text);
        let mut i = 0;
        while i < ws.len() {
            let run_ok = |w: &Word| {
                let t = slice(text, w.start, w.end);
                let l = t.to_ascii_lowercase();
                is_capitalised(t)
                    && !is_possessive(t)
                    && !has(TITLE_ABBREVS, &l)
                    && !has(AGENCY_HEADS, &l)
                    && !has(OUTLET_WORDS, &l)
                    && !has(DATE_WORDS, &l)
                    && !ROLES.iter().any(|(r, _)| r.split(' ').any(|p| p == l))
            };
            if !run_ok(&ws[i]) {
                i += 1;
                continue;
            }
            let mut j = i + 1;
            while j < ws.len()
                && run_ok(&ws[j])
                && slice(text, ws[j - 1].end, ws[j].start).trim().is_empty()
            {
                j += 1;
            }
            if j - i >= 2 {
                let (rs, re) = (ws[i].start, ws[j - 1].end);
                let name = slice(text, rs, re);
                let before = np_before(text, re).map(|(s, e)| slice(text, s, e));
                let rest = slice_from(text, re);
                let appos = rest
                    .strip_prefix(", ")
                    .map(|r| slice_to(r, r.find([',', '.', ';']).unwrap_or(r.len())));
                for np in [before, appos].into_iter().flatten() {
                    let (role, role_of) = role_in(np);
                    if role.is_some() {
                        let src = Source {
                            voice: Voice::Speaker,
                            name: name.to_string(),
                            role,
                            role_of,
                            named_at: None,
                        };
                        for t in name.split_whitespace() {
                            out.entry(t.to_ascii_lowercase())
                                .or_insert_with(|| src.clone());
                        }
                        break;
                    }
                }
            }
            i = j;
        }
    }
    out
}

/// In-article resolution of sources: pronouns and bare surnames take the fullest earlier
/// description ("he" → the last speaker; "Reeves" → "Mississippi Gov. Tate Reeves",
/// governor); "the state agency" takes the last named agency; a quotation without a cue takes
/// the speaker of the next statement.
fn resolve_in_doc(stmts: &mut [Statement], mut registry: HashMap<String, Source>) {
    let mut last_speaker: Option<Source> = None;
    let mut last_agency: Option<Source> = None;
    for st in stmts.iter_mut() {
        let src = &mut st.source;
        let lname = src.name.to_ascii_lowercase();
        if src.voice == Voice::Speaker && has(PRONOUNS, &lname) {
            if let Some(prev) = &last_speaker {
                let named_at = src.named_at.clone();
                *src = prev.clone();
                src.named_at = named_at;
            }
        } else if src.voice == Voice::Agency
            && !src.name.chars().skip(1).any(char::is_uppercase)
            && src.name.split_whitespace().count() <= 3
        {
            if let Some(prev) = last_agency.as_ref().filter(|p| p.name != src.name) {
                let named_at = src.named_at.clone();
                let written = src.name.clone();
                *src = prev.clone();
                src.named_at = named_at;
                if !prev
                    .name
                    .to_ascii_lowercase()
                    .contains(&written.to_ascii_lowercase())
                {
                    src.name = format!("{} ({written})", prev.name);
                }
            }
        } else if src.voice == Voice::Speaker {
            let key = src.key();
            if let Some(full) = registry.get(&key) {
                if src.role.is_none() {
                    src.role = full.role.clone();
                    src.role_of = full.role_of.clone();
                }
                if full.name.len() > src.name.len() {
                    src.name = full.name.clone();
                }
            }
            if src.role.is_some() || !registry.contains_key(&key) {
                registry.insert(key, src.clone());
            }
        }
        match src.voice {
            Voice::Speaker => last_speaker = Some(src.clone()),
            Voice::Agency => last_agency = Some(src.clone()),
            Voice::Outlet => {}
        }
    }
    // The rest of a quotation opened in the previous statement is the same speaker's.
    let own = |s: &Statement| s.source.voice == Voice::Outlet && s.source.named_at.is_none();
    for i in 1..stmts.len() {
        if !(own(&stmts[i]) && stmts[i].closes_quote) {
            continue;
        }
        let mut j = i - 1;
        while j > 0 && own(&stmts[j]) && stmts[j].opens_quote && i - j < 4 {
            j -= 1;
        }
        if stmts[j].source.voice == Voice::Speaker {
            let src = stmts[j].source.clone();
            for st in &mut stmts[j + 1..=i] {
                st.source = src.clone();
            }
        }
    }
    // A quotation with no cue of its own belongs to the next statement's speaker.
    for i in (0..stmts.len().saturating_sub(1)).rev() {
        let own_voice =
            stmts[i].source.voice == Voice::Outlet && stmts[i].source.named_at.is_none();
        if own_voice && stmts[i].opens_quote && stmts[i + 1].source.voice != Voice::Outlet {
            stmts[i].source = stmts[i + 1].source.clone();
        }
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
