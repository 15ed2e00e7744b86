//! Temporal expressions, normalised to TIMEX3 values against the document creation time (DCT).
//!
//! A cascade in the style of HeidelTime: one compiled regular expression recognises every
//! candidate in a single linear pass, a filter drops false friends ("may" the verb, "2000
//! jobs"), and a normaliser turns each expression into a TIMEX3 value using the DCT
//! (`doc.meta.published`), the tense of the clause and the last date mentioned.
//!
//! News conventions, decided here once:
//! - a bare weekday in a past-tense (or tenseless) clause is the most recent such day **on or
//!   before** the DCT, so "confirmed on Friday" in an article dated Friday means the DCT itself;
//!   in a future-tense clause it is the next such day on or after the DCT;
//! - a month (or month and day) without a year is the most recent one not after the DCT in a
//!   past-tense clause, the next one in a future-tense clause, and the nearest one otherwise;
//! - without a DCT, relative expressions keep an underspecified value (`XXXX-WXX-5`,
//!   `XXXX-06`, `XXXX-XX-XX`); no date is invented;
//! - a calendar date that does not exist (February 30) keeps its span with no value;
//! - expressions anchored to an event ("days before the shooting") are durations (`PXD`)
//!   carrying the anchor's span.
//!
//! Layout: `rules` (recogniser and filter), `words` (calendar words), `context` (DCT, last
//! date, tense), `normalise` (TIMEX3 values), `timeml` (TimeML output).

mod context;
mod normalise;
mod rules;
pub mod timeml;
mod words;

use context::*;
use normalise::*;
use rules::*;
use words::*;

use std::sync::LazyLock;

use corroborate_core::{PreparedDoc, Span, SpanMap};
use jiff::civil::Date;
use regex::{Regex, RegexBuilder, RegexSet, RegexSetBuilder};
use serde::{Deserialize, Serialize};

use crate::quantities::word_number;

/// TIMEX3 type.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "UPPERCASE")]
pub enum TimexType {
    /// A calendar date, week, month, season or year.
    Date,
    /// A time of day.
    Time,
    /// A length of time.
    Duration,
    /// A recurrence.
    Set,
}

impl TimexType {
    /// The TimeML spelling (`DATE`, `TIME`, `DURATION`, `SET`).
    pub fn as_str(self) -> &'static str {
        match self {
            TimexType::Date => "DATE",
            TimexType::Time => "TIME",
            TimexType::Duration => "DURATION",
            TimexType::Set => "SET",
        }
    }
}

/// One temporal expression.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Timex {
    /// The expression.
    #[serde(flatten)]
    pub span: Span,
    /// TIMEX3 type.
    #[serde(rename = "type")]
    pub kind: TimexType,
    /// TIMEX3 value ("2026-10-23", "2026-W43", "P1W", "PAST_REF"); `None` when it cannot be normalised.
    pub value: Option<String>,
    /// For expressions anchored to an event ("days before the shooting"): the anchor's span.
    pub anchor: Option<Span>,
    /// TIMEX3 `mod`: `START` ("early November"), `MID`, `END` ("late 2006", "the end of the year").
    #[serde(
        rename = "mod",
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "crate::timeml_mod::deserialize"
    )]
    pub modifier: Option<crate::timeml_mod::Mod>,
}

impl SpanMap for Timex {
    fn map_spans(&mut self, f: &dyn Fn(Span) -> Span) {
        self.span.map_spans(f);
        self.anchor.map_spans(f);
    }
}

/// A temporal expression as the recogniser found it, before normalisation: its span and the
/// rule that matched it. Normalising the candidates again against another anchor (a
/// publication date inferred later) gives the same result as extracting anew, without
/// reading the text for expressions again.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct DateCandidate {
    /// The expression.
    #[serde(flatten)]
    pub span: Span,
    rule: Rule,
}

impl SpanMap for DateCandidate {
    fn map_spans(&mut self, f: &dyn Fn(Span) -> Span) {
        self.span.map_spans(f);
    }
}

/// Finds and normalises the temporal expressions of a prepared document, using its
/// publication date as the DCT and its sentences for tense; skips ignored spans other than
/// date stamps ([`PreparedDoc::is_ignored_but_stamp`]).
pub fn extract(doc: &PreparedDoc) -> Vec<Timex> {
    normalise_candidates(doc, &recognise(doc))
}

/// The temporal expressions of a prepared document, recognised but not normalised; skips
/// ignored spans other than date stamps.
pub fn recognise(doc: &PreparedDoc) -> Vec<DateCandidate> {
    recognise_text(&doc.doc.text, |s| doc.is_ignored_but_stamp(s))
}

/// Normalises `candidates` of `doc` (from [`recognise`]) against its publication date.
pub fn normalise_candidates(doc: &PreparedDoc, candidates: &[DateCandidate]) -> Vec<Timex> {
    let dct = doc.doc.meta.published.as_ref().map(|p| p.value);
    normalise_text(&doc.doc.text, &doc.seg.sentences, dct, candidates)
}

/// Finds and normalises temporal expressions in `text` against `dct`. `sentences` (sorted,
/// non-overlapping; may be empty) bound the tense search; `ignored` tells which spans to skip.
pub fn extract_text(
    text: &str,
    sentences: &[Span],
    dct: Option<Date>,
    ignored: impl Fn(Span) -> bool,
) -> Vec<Timex> {
    normalise_text(text, sentences, dct, &recognise_text(text, ignored))
}

/// The temporal expressions of `text` that the recogniser finds and the rule that matched
/// each, in text order, skipping spans `ignored` says to skip and implausible matches.
fn recognise_text(text: &str, ignored: impl Fn(Span) -> bool) -> Vec<DateCandidate> {
    let mut out = Vec::new();
    for m in RECOGNISER.find_iter(text) {
        let Some(rule) = RULE_SET
            .matches(m.as_str())
            .iter()
            .next()
            .and_then(|i| RULES.get(i).copied())
        else {
            continue;
        };
        let span = Span::new(m.start(), m.end());
        if ignored(span) || !plausible(rule, text, span) {
            continue;
        }
        out.push(DateCandidate { span, rule });
    }
    out
}

/// Normalises recognised expressions of `text` in order against `dct`; each may set the
/// reference the later ones are read against.
fn normalise_text(
    text: &str,
    sentences: &[Span],
    dct: Option<Date>,
    candidates: &[DateCandidate],
) -> Vec<Timex> {
    let mut out = Vec::new();
    let mut ctx = Ctx {
        text,
        sentences,
        dct,
        reference: None,
        last_value: None,
        last_quarter: None,
    };
    for &DateCandidate { span, rule } in candidates {
        if let Some(t) = normalise(rule, &mut ctx, span) {
            if t.kind == TimexType::Date || t.kind == TimexType::Time {
                if let Some(d) = t.value.as_deref().and_then(day_of_value) {
                    ctx.reference = Some(d);
                }
            }
            // Expressions counted from the reference do not become the reference themselves.
            if t.kind == TimexType::Date && !matches!(rule, Rule::QuarterRef | Rule::Ago) {
                if let Some(v) = t.value.as_deref().filter(|v| shift_years(v, 0).is_some()) {
                    ctx.last_value = Some(v.to_string());
                    // Only a quarter that has ended by the DCT can be the one being reported
                    // ("expects a better fourth quarter" in November is not).
                    let ended = |(y, q): (i16, i8)| {
                        dct.is_none_or(|d| (y, q) < (d.year(), (d.month() - 1) / 3 + 1))
                    };
                    if let Some(q) = quarter_of_value(v).filter(|q| ended(*q)) {
                        ctx.last_quarter = Some(q);
                    }
                }
            }
            out.push(t);
        }
    }
    out
}

// ---------------------------------------------------------------------------------------------
// Recognition
// ---------------------------------------------------------------------------------------------

fn season_index(s: &str) -> i8 {
    match s {
        "WI" => 0,
        "SP" => 1,
        "SU" => 2,
        _ => 3,
    }
}

fn season_of_month(m: i8) -> &'static str {
    match m {
        3..=5 => "SP",
        6..=8 => "SU",
        9..=11 => "FA",
        _ => "WI",
    }
}

fn words_of(s: &str) -> Vec<&str> {
    s.split(|c: char| c.is_whitespace() || c == ',')
        .filter(|w| !w.is_empty())
        .collect()
}

fn lower_words(s: &str) -> Vec<String> {
    s.split(|c: char| c.is_whitespace() || c == ',' || c == '-')
        .filter(|w| !w.is_empty())
        .map(|w| w.to_ascii_lowercase())
        .collect()
}

fn mod_of(words: &[String]) -> Option<&'static str> {
    for w in words {
        match w.as_str() {
            "early" | "beginning" | "start" => return Some("START"),
            "mid" | "middle" => return Some("MID"),
            "late" | "end" => return Some("END"),
            _ => {}
        }
    }
    None
}

/// The number that starts a phrase ("two", "30", "a", "several" → `None` = vague), plus
/// whether one was found at all.
fn leading_number(words: &[String]) -> (bool, Option<f64>) {
    let Some(first) = words.first() else {
        return (false, None);
    };
    if matches!(
        first.as_str(),
        "several" | "few" | "many" | "some" | "multiple" | "recent" | "number"
    ) || (first == "a" && words.get(1).is_some_and(|w| w == "few" || w == "number"))
    {
        return (true, None);
    }
    if first == "a" || first == "an" {
        if let Some(n) = words.get(1).and_then(|w| word_number(w)) {
            return (true, Some(n));
        }
        return (true, Some(1.0));
    }
    let mut joined = String::new();
    for w in words {
        if unit_of(w).is_some() {
            break;
        }
        // "six straight days", "five trading days": the adjective is not part of the number.
        if is_duration_adjective(w) {
            continue;
        }
        if !joined.is_empty() {
            joined.push(' ');
        }
        joined.push_str(w);
    }
    match word_number(&joined) {
        Some(n) => (true, Some(n)),
        None => (false, None),
    }
}

/// An adjective between a number and its unit ("straight", "trading"), as in `ADJ`.
fn is_duration_adjective(w: &str) -> bool {
    matches!(
        w,
        "straight" | "consecutive" | "trading" | "business" | "working" | "full" | "long" | "short"
    )
}

fn timex(span: Span, kind: TimexType, value: Option<String>) -> Timex {
    Timex {
        span,
        kind,
        value,
        anchor: None,
        modifier: None,
    }
}

/// The event phrase after "before"/"after" ("the shooting", "the state released videos"): up
/// to five words, stopping at punctuation, a preposition or a conjunction.
fn anchor_after(text: &str, at: usize) -> Option<Span> {
    let rest = text.get(at..)?;
    let first = at + (rest.len() - rest.trim_start().len());
    let mut pos = first;
    let mut end = first;
    let mut n = 0;
    for piece in text.get(first..)?.split_inclusive(' ').take(5) {
        let w = piece.trim_end_matches(' ');
        let clean = w.trim_end_matches(|c: char| !c.is_alphanumeric());
        if clean.is_empty() || !clean.starts_with(|c: char| c.is_alphanumeric()) {
            break;
        }
        let lw = clean.to_ascii_lowercase();
        if n > 0
            && matches!(
                lw.as_str(),
                "and"
                    | "or"
                    | "but"
                    | "of"
                    | "in"
                    | "on"
                    | "at"
                    | "to"
                    | "by"
                    | "for"
                    | "with"
                    | "from"
                    | "that"
                    | "which"
                    | "while"
                    | "when"
                    | "according"
                    | "into"
            )
        {
            break;
        }
        end = pos + clean.len();
        n += 1;
        if clean.len() != w.len() {
            break;
        }
        pos += piece.len();
    }
    let determiner_only = n == 1
        && matches!(
            text.get(first..end).map(str::to_ascii_lowercase).as_deref(),
            Some("the" | "a" | "an" | "his" | "her" | "their" | "its" | "this" | "that")
        );
    (n > 0 && !determiner_only).then(|| Span::new(first, end))
}

#[cfg(test)]
mod tests;

/// True for the name of a weekday or month ("Monday", "Oct."), and "today" or "yesterday":
/// calendar words that are capitalised without naming a person or place.
pub fn is_calendar_word(w: &str) -> bool {
    words::weekday_of(w).is_some()
        || words::month_of(w).is_some()
        || w.eq_ignore_ascii_case("today")
        || w.eq_ignore_ascii_case("yesterday")
}
