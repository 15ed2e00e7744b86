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

pub mod timeml;

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

/// Finds and normalises the temporal expressions of a prepared document, using its
/// publication date as the DCT and its sentences for tense; skips ignored spans.
pub fn extract(doc: &PreparedDoc) -> Vec<Timex> {
    let dct = doc.doc.meta.published.as_ref().map(|p| p.value);
    extract_text(&doc.doc.text, &doc.seg.sentences, dct, |s| {
        doc.is_ignored(s)
    })
}

/// Finds and normalises temporal expressions in `text` against `dct`. `sentences` (sorted,
/// non-overlapping; may be empty) bound the tense search; `ignored` tells which spans to skip.
pub fn extract_text(
    text: &str,
    sentences: &[Span],
    dct: Option<Date>,
    ignored: impl Fn(Span) -> bool,
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
                    if let Some(q) = quarter_of_value(v) {
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

/// The recognition rules, in priority order (at one start position the first that matches wins).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Rule {
    Iso,
    Slash,
    MonthDay,
    DayMonth,
    TimeOfDay,
    Quarter,
    QuarterRef,
    Bound,
    EarlierThis,
    DurationNext,
    Deictic,
    Ago,
    YearRange,
    VagueDuration,
    Duration,
    ModMonth,
    ModYear,
    Decade,
    WeekdayPart,
    RelativeDay,
    Year,
    Reference,
    Set,
}

const RULES: [Rule; 23] = [
    Rule::Iso,
    Rule::Slash,
    Rule::MonthDay,
    Rule::DayMonth,
    Rule::TimeOfDay,
    Rule::Quarter,
    Rule::QuarterRef,
    Rule::Bound,
    Rule::EarlierThis,
    Rule::DurationNext,
    Rule::Deictic,
    Rule::Ago,
    Rule::YearRange,
    Rule::VagueDuration,
    Rule::Duration,
    Rule::ModMonth,
    Rule::ModYear,
    Rule::Decade,
    Rule::WeekdayPart,
    Rule::RelativeDay,
    Rule::Year,
    Rule::Reference,
    Rule::Set,
];

/// ASCII word boundary (keeps the lazy DFA on non-ASCII text).
const B: &str = r"(?-u:\b)";
const WD: &str = r"(?:mon|tues|wednes|thurs|fri|satur|sun)day";
const SEASON: &str = r"(?:spring|summer|fall|autumn|winter)";
const PART: &str = r"(?:morning|afternoon|evening|night|overnight)";
const UNIT: &str = r"(?:second|minute|hour|day|week|fortnight|month|quarter|year|decade|century)";
const UNITS: &str =
    r"(?:seconds|minutes|hours|days|weeks|fortnights|months|quarters|years|decades|centuries)";
/// Adjectives between a number and its unit ("six straight days", "five trading days").
const ADJ: &str = r"(?:straight|consecutive|trading|business|working|full|long|short)";
/// Words that make a length approximate or a bound ("nearly two weeks", "more than a year").
const APPROX: &str = r"(?:almost|nearly|about|around|roughly|approximately|over|more\s+than|less\s+than|at\s+least|up\s+to)";
/// Words between "the" and a quarter ("the fiscal first quarter", "the year-ago quarter").
const QUARTER_MOD: &str = r"(?:fiscal|year-earlier|year-ago|comparable|flat)";
const TZ: &str = r"(?:utc|gmt|et|est|edt|ct|cst|cdt|pt|pst|pdt|bst|cet|cest)";
const NUMW: &str = r"(?:(?:twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)\s+(?:one|two|three|four|five|six|seven|eight|nine)|\d+(?:\s+[1-9]/[2-9]|\.\d+)?|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|a\s+hundred|hundred|a\s+dozen|dozen|a\s+couple\s+of|couple\s+of)(?:-(?:one|two|three|four|five|six|seven|eight|nine))?(?:\s+and\s+a\s+half)?";
const VAGUE: &str = r"(?:several|a\s+few|few|many|some|multiple|a\s+number\s+of|recent|the\s+past\s+few|the\s+last\s+few)";

fn month_re() -> String {
    format!(
        "(?:(?:january|february|march|april|may|june|july|august|september|october|november|december){B}|(?:jan|feb|mar|apr|jun|jul|aug|sept|sep|oct|nov|dec)\\.|(?:sept|oct|nov|aug|feb|apr){B})"
    )
}

fn rule_pattern(rule: Rule) -> String {
    let mon = month_re();
    let daynum = format!(r"\d{{1,2}}(?:st|nd|rd|th)?{B}");
    let year = format!(r"\d{{4}}{B}");
    match rule {
        Rule::Iso => format!(r"{B}\d{{4}}-\d{{2}}-\d{{2}}(?:T\d{{2}}:\d{{2}}(?::\d{{2}})?Z?)?{B}"),
        Rule::Slash => format!(r"{B}\d{{1,2}}/\d{{1,2}}/(?:\d{{4}}|\d{{2}}){B}"),
        Rule::MonthDay => {
            format!(r"(?:{B}{WD},?\s+)?{B}{mon}\s*{daynum}(?:,?\s+{year})?")
        }
        Rule::DayMonth => {
            format!(
                r"(?:{B}{WD},?\s+)?{B}\d{{1,2}}(?:st|nd|rd|th)?\s+(?:of\s+)?{mon}(?:,?\s+{year})?"
            )
        }
        Rule::TimeOfDay => format!(
            r"{B}(?:\d{{1,2}}(?::\d{{2}})?\s*(?:a\.m\.|p\.m\.|am{B}|pm{B})|\d{{1,2}}:\d{{2}}{B}|noon{B}|midnight{B})(?:\s+{TZ}{B})?(?:\s+\(gmt\s*[+-]\d{{1,2}}\))?(?:\s+(?:on\s+)?(?:{WD}|today|yesterday|tomorrow){B})?"
        ),
        Rule::Quarter => format!(
            r"{B}(?:(?:(?:the|its)\s+)?(?:(?:this|last|next)\s+year's\s+)?(?:(?:{year}|{QUARTER_MOD})[-\s]+)*(?:first|second|third|fourth|final|last|1st|2nd|3rd|4th)[-\s]+quarter(?:\s+of\s+(?:{year}|(?:this|last|next|the)\s+year{B}))?|q[1-4](?:\s+{year})?){B}"
        ),
        Rule::QuarterRef => format!(
            r"{B}(?:(?:the|its)\s+(?:(?:{year}|{QUARTER_MOD}|latest|same|corresponding)[-\s]+)*(?:quarter|period)(?:\s+(?:a\s+year\s+(?:ago|earlier)|last\s+year|of\s+last\s+year))?|(?:an?\s+)?year-(?:earlier|ago)(?:\s+(?:quarter|period))?){B}"
        ),
        Rule::Bound => format!(
            r"{B}(?:the\s+)?(?:end|beginning|start|middle|rest|remainder)\s+of\s+(?:the|this|last|next)\s+(?:day|week|month|year|decade|quarter){B}"
        ),
        Rule::EarlierThis => format!(
            r"{B}(?:(?:earlier|later|early|late)\s+(?:this|last|next)\s+(?:week|month|year|weekend)|(?:earlier|later)\s+in\s+the\s+(?:week|month|year)){B}"
        ),
        Rule::DurationNext => format!(
            r"{B}(?:the\s+)?(?:past|last|next|coming|previous|following|first|final)\s+(?:{NUMW}|several|few|many)\s+(?:{ADJ}\s+)?(?:{UNITS}|{UNIT}){B}"
        ),
        Rule::Deictic => format!(
            r"{B}(?:the\s+)?(?:this|last|next|past|previous|coming|following|same|current|upcoming)\s+(?:{UNIT}{B}|weekend{B}|{WD}{B}|{mon}|{SEASON}{B})"
        ),
        Rule::Ago => format!(
            r"{B}(?:{APPROX}\s+)?(?:(?:{NUMW}|{VAGUE})[-\s]+(?:{UNITS}|{UNIT})|an?\s+{UNIT}|{UNITS})\s+(?:ago|earlier|later|before|after|prior\s+to|from\s+now){B}"
        ),
        Rule::YearRange => format!(
            r"{B}(?:from\s+(?:1[6-9]|20)\d{{2}}\s+(?:to|until|through)|between\s+(?:1[6-9]|20)\d{{2}}\s+and)\s+(?:1[6-9]|20)\d{{2}}{B}"
        ),
        Rule::VagueDuration => format!(
            r"{B}(?:(?:days|weeks|months|years|decades|hours)-?long|for\s+(?:days|weeks|months|years|decades|hours)|recent\s+(?:days|weeks|months|years|decades)|over\s+the\s+years){B}"
        ),
        Rule::Duration => format!(
            r"{B}(?:{APPROX}\s+)?(?:(?:the\s+(?:latest\s+)?)?(?:{NUMW}|{VAGUE})[-\s]+(?:{ADJ}\s+)?(?:{UNITS}|{UNIT})|an?\s+{UNIT}(?:\s+and\s+a\s+half)?)(?:-long)?{B}"
        ),
        Rule::ModMonth => format!(
            r"{B}(?:(?:the\s+)?(?:early|mid|late|end\s+of|beginning\s+of|start\s+of|middle\s+of)[-\s]+)?(?:{mon}|{SEASON}{B})(?:,?\s+(?:of\s+)?{year})?"
        ),
        Rule::ModYear => format!(r"{B}(?:early|mid|late)[-\s]+(?:1[6-9]|20)\d{{2}}{B}"),
        Rule::Decade => format!(
            r"(?:{B}(?:the\s+)?(?:1[6-9]|20)\d0s|'\d0s|{B}\d0s|{B}(?:the\s+)?(?:1\d|2[01]|[1-9])(?:st|nd|rd|th)[-\s]+century){B}"
        ),
        Rule::WeekdayPart => format!(r"{B}{WD}s?(?:\s+{PART}s?)?{B}"),
        Rule::RelativeDay => format!(
            r"{B}(?:(?:earlier\s+|later\s+)?(?:yesterday|today|tonight|tomorrow)(?:\s+{PART})?|(?:early\s+|late\s+|earlier\s+|later\s+)?this\s+{PART}|(?:(?:later|earlier|early|late)\s+)?that\s+(?:day|{PART})|the\s+(?:same|next|following|previous)\s+(?:day|{PART})|the\s+day\s+(?:before|after)|(?:(?:early|late|earlier|later)\s+in\s+)?the\s+day|the\s+weekend){B}"
        ),
        Rule::Year => format!(r"{B}(?:1[6-9]|20)\d{{2}}{B}"),
        Rule::Reference => format!(
            r"{B}(?:now|currently|nowadays|at\s+present|presently|for\s+the\s+time\s+being|more\s+recently|recently|the\s+past|the\s+future|the\s+(?:long|near|short)\s+term){B}"
        ),
        Rule::Set => format!(
            r"{B}(?:annually|weekly|daily|monthly|yearly|quarterly|hourly|every\s+(?:other\s+)?(?:{UNIT}{B}|{WD}{B}|{mon})|each\s+(?:{UNIT}{B}|{WD}{B}|{mon})){B}"
        ),
    }
}

fn compiled_rule(rule: Rule) -> String {
    // Expressions never run across a line break.
    rule_pattern(rule).replace(r"\s", r"[ \t]")
}

/// All rules as one ASCII-case-insensitive alternation: finds every expression in one pass.
static RECOGNISER: LazyLock<Regex> = LazyLock::new(|| {
    let alts: Vec<String> = RULES
        .iter()
        .map(|r| format!("(?:{})", compiled_rule(*r)))
        .collect();
    RegexBuilder::new(&format!("(?i-u){}", alts.join("|")))
        .dfa_size_limit(16 << 20)
        .build()
        .unwrap_or_else(|e| panic!("date recogniser does not compile: {e}"))
});

/// Each rule anchored at both ends: tells which rule a found expression belongs to (a DFA
/// pass over the short match, much cheaper than capture groups over the whole alternation).
static RULE_SET: LazyLock<RegexSet> = LazyLock::new(|| {
    RegexSetBuilder::new(
        RULES
            .iter()
            .map(|r| format!("(?i-u)^(?:{})$", compiled_rule(*r))),
    )
    .dfa_size_limit(32 << 20)
    .build()
    .unwrap_or_else(|e| panic!("date rules do not compile: {e}"))
});

static ISO_RE: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::\d{2})?(Z?))?$")
        .unwrap_or_else(|e| panic!("{e}"))
});

// ---------------------------------------------------------------------------------------------
// Word lists
// ---------------------------------------------------------------------------------------------

fn month_of(w: &str) -> Option<i8> {
    let w = w.trim_end_matches('.').to_ascii_lowercase();
    let m = match w.as_str() {
        "january" | "jan" => 1,
        "february" | "feb" => 2,
        "march" | "mar" => 3,
        "april" | "apr" => 4,
        "may" => 5,
        "june" | "jun" => 6,
        "july" | "jul" => 7,
        "august" | "aug" => 8,
        "september" | "sept" | "sep" => 9,
        "october" | "oct" => 10,
        "november" | "nov" => 11,
        "december" | "dec" => 12,
        _ => return None,
    };
    Some(m)
}

fn weekday_of(w: &str) -> Option<i8> {
    let w = w.to_ascii_lowercase();
    let d = match w.as_str() {
        "monday" => 1,
        "tuesday" => 2,
        "wednesday" => 3,
        "thursday" => 4,
        "friday" => 5,
        "saturday" => 6,
        "sunday" => 7,
        _ => return None,
    };
    Some(d)
}

fn season_of(w: &str) -> Option<&'static str> {
    match w.to_ascii_lowercase().as_str() {
        "spring" => Some("SP"),
        "summer" => Some("SU"),
        "fall" | "autumn" => Some("FA"),
        "winter" => Some("WI"),
        _ => None,
    }
}

fn part_of(w: &str) -> Option<&'static str> {
    match w.to_ascii_lowercase().as_str() {
        "morning" => Some("MO"),
        "afternoon" => Some("AF"),
        "evening" => Some("EV"),
        "night" | "overnight" | "tonight" => Some("NI"),
        _ => None,
    }
}

/// A calendar unit.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Unit {
    Second,
    Minute,
    Hour,
    Day,
    Week,
    Fortnight,
    Month,
    Quarter,
    Year,
    Decade,
    Century,
    Weekend,
}

fn unit_of(w: &str) -> Option<Unit> {
    let w = w.to_ascii_lowercase();
    let w = w.trim_end_matches("-long").trim_end_matches("long");
    let u = match w {
        "second" | "seconds" => Unit::Second,
        "minute" | "minutes" => Unit::Minute,
        "hour" | "hours" => Unit::Hour,
        "day" | "days" => Unit::Day,
        "week" | "weeks" => Unit::Week,
        "fortnight" | "fortnights" => Unit::Fortnight,
        "month" | "months" => Unit::Month,
        "quarter" | "quarters" => Unit::Quarter,
        "year" | "years" => Unit::Year,
        "decade" | "decades" => Unit::Decade,
        "century" | "centuries" => Unit::Century,
        "weekend" => Unit::Weekend,
        _ => return None,
    };
    Some(u)
}

/// The TIMEX3 duration for `n` (or `X`) units: `P3D`, `PT12H`, `PXM`, `P10Y`; a fraction
/// that is whole in the next smaller unit is written with it (`P2Y6M`, `PT1M30S`).
fn duration_value(n: Option<f64>, unit: Unit) -> String {
    if let Some(v) = n.filter(|v| v.fract() != 0.0 && *v > 0.0 && *v < 10_000.0) {
        let (whole, part) = (v.trunc() as i64, v.fract());
        let split = |k: f64| {
            Some((part * k).round() as i64).filter(|p| ((part * k) - *p as f64).abs() < 1e-9)
        };
        let composite = match unit {
            Unit::Year => split(12.0).map(|m| format!("P{whole}Y{m}M")),
            Unit::Day => split(24.0).map(|h| format!("P{whole}DT{h}H")),
            Unit::Hour => split(60.0).map(|m| format!("PT{whole}H{m}M")),
            Unit::Minute => split(60.0).map(|s| format!("PT{whole}M{s}S")),
            _ => None,
        };
        if let Some(c) = composite {
            return c
                .replace("P0Y", "P")
                .replace("P0D", "P")
                .replace("T0H", "T")
                .replace("T0M", "T");
        }
    }
    let num = |k: f64| match n {
        Some(v) => {
            let v = v * k;
            if v.fract() == 0.0 {
                format!("{}", v as i64)
            } else {
                format!("{v}")
            }
        }
        None => "X".to_string(),
    };
    match unit {
        Unit::Second => format!("PT{}S", num(1.0)),
        Unit::Minute => format!("PT{}M", num(1.0)),
        Unit::Hour => format!("PT{}H", num(1.0)),
        Unit::Day => format!("P{}D", num(1.0)),
        Unit::Week => format!("P{}W", num(1.0)),
        Unit::Fortnight => format!("P{}W", num(2.0)),
        Unit::Month => format!("P{}M", num(1.0)),
        Unit::Quarter => format!("P{}Q", num(1.0)),
        Unit::Year => format!("P{}Y", num(1.0)),
        Unit::Decade => match n {
            Some(_) => format!("P{}Y", num(10.0)),
            None => "P".to_string() + "XDE",
        },
        Unit::Century => match n {
            Some(_) => format!("P{}Y", num(100.0)),
            None => "PXCE".to_string(),
        },
        Unit::Weekend => format!("P{}WE", num(1.0)),
    }
}

// ---------------------------------------------------------------------------------------------
// Filtering
// ---------------------------------------------------------------------------------------------

/// Words after which a bare month or season name is a date ("in June", "the June shooting").
const MONTH_CUES: &[&str] = &[
    "in",
    "since",
    "until",
    "till",
    "by",
    "from",
    "to",
    "through",
    "during",
    "of",
    "early",
    "late",
    "mid",
    "last",
    "next",
    "this",
    "the",
    "and",
    "or",
    "between",
    "before",
    "after",
    "on",
    "a",
    "an",
    "that",
    "every",
    "each",
    "into",
    "throughout",
    "their",
    "its",
    "his",
    "her",
    "our",
];

/// Words after an adjective-like "quarterly" that show it is an adverb after all.
const NOT_NOUNS: &[&str] = &[
    "and", "or", "but", "in", "on", "at", "to", "for", "from", "with", "by", "as", "since",
    "until", "after", "before", "during", "while", "because", "if", "than", "that", "the", "a",
];

fn prev_word(text: &str, at: usize) -> &str {
    let before = text.get(..at).unwrap_or("");
    let trimmed = before.trim_end();
    let start = trimmed
        .rfind(|c: char| !(c.is_alphanumeric() || c == '-' || c == '\''))
        .map(|i| i + 1)
        .unwrap_or(0);
    trimmed.get(start..).unwrap_or("")
}

fn next_word(text: &str, at: usize) -> &str {
    let after = text.get(at..).unwrap_or("");
    let trimmed = after.trim_start();
    let end = trimmed
        .find(|c: char| !(c.is_alphanumeric() || c == '-' || c == '\''))
        .unwrap_or(trimmed.len());
    trimmed.get(..end).unwrap_or("")
}

/// Drops false friends: lowercase month and weekday names ("may"), bare month names without a
/// cue ("June Carter"), seasons used as verbs ("prices fall"), numbers that are not years.
fn plausible(rule: Rule, text: &str, span: Span) -> bool {
    let s = span.text(text);
    let all_upper = !s.chars().any(|c| c.is_lowercase());
    for w in s.split(|c: char| !c.is_alphanumeric()) {
        if (month_of(w).is_some() && w.len() > 2 && !w.eq_ignore_ascii_case("mar")
            || weekday_of(w).is_some())
            && !all_upper
            && !w.starts_with(|c: char| c.is_uppercase())
        {
            return false;
        }
    }
    match rule {
        Rule::ModMonth => {
            let words: Vec<&str> = s.split_whitespace().collect();
            let bare = words.len() == 1;
            if bare {
                let prev = prev_word(text, span.start).to_ascii_lowercase();
                if let Some(season) = season_of(s) {
                    let _ = season;
                    let cue = matches!(prev.as_str(), "the" | "in" | "this" | "last" | "next")
                        || matches!(
                            prev.as_str(),
                            "during" | "until" | "since" | "their" | "its" | "his" | "her" | "our"
                        );
                    if !cue || s.eq_ignore_ascii_case("fall") && prev != "the" && prev != "this" {
                        return false;
                    }
                    return !next_word(text, span.end).eq_ignore_ascii_case("of");
                }
                return MONTH_CUES.contains(&prev.as_str());
            }
            true
        }
        Rule::Year => {
            let prev_char = text.get(..span.start).and_then(|b| b.chars().next_back());
            if matches!(
                prev_char,
                Some('$' | '£' | '€' | '#' | '.' | ',' | '/' | '-' | ':')
            ) {
                return false;
            }
            let rest = text.get(span.end..).unwrap_or("");
            if rest.starts_with(['.', ',', ':', '/', '-'])
                && rest.chars().nth(1).is_some_and(|c| c.is_ascii_digit())
            {
                return false;
            }
            let next = next_word(text, span.end);
            let lower = next.to_ascii_lowercase();
            if matches!(
                lower.as_str(),
                "people" | "percent" | "per" | "employees" | "workers" | "jobs" | "units"
            ) || rest.trim_start().starts_with('%')
            {
                return false;
            }
            !(next.len() > 3
                && next.ends_with('s')
                && next.starts_with(|c: char| c.is_ascii_lowercase())
                && !matches!(
                    lower.as_str(),
                    "was" | "has" | "is" | "does" | "this" | "thus"
                ))
        }
        Rule::Duration => {
            // Ages ("34-year-old", "two years old") are quantities, not durations; "a second
            // look", "a quarter of" are not lengths of time; "twice a day" is a rate.
            let rest = text.get(span.end..).unwrap_or("");
            let low = s.to_ascii_lowercase();
            let prev = prev_word(text, span.start).to_ascii_lowercase();
            // "the 1988 quarter", "1988 second": a year, not a count.
            let year_count = low
                .split_whitespace()
                .find(|w| w.starts_with(|c: char| c.is_ascii_digit()))
                .is_some_and(|n| n.len() == 4 && n.bytes().all(|b| b.is_ascii_digit()));
            if year_count && !low.ends_with("hours") {
                return false;
            }
            let military = low.ends_with("hours")
                && low
                    .split_whitespace()
                    .next()
                    .is_some_and(|n| n.len() == 4 && n.bytes().all(|b| b.is_ascii_digit()));
            !(rest.starts_with("-old")
                || military
                || rest.trim_start().starts_with("old")
                || low == "a second"
                || low == "a quarter"
                || matches!(prev.as_str(), "once" | "twice" | "thrice" | "times" | "per"))
        }
        Rule::Set => {
            // "quarterly dividend", "daily newspaper": an adjective before its noun is no
            // recurrence of its own.
            let low = s.to_ascii_lowercase();
            let adverb_only = !low.contains(' ');
            let next = next_word(text, span.end);
            let rest = text.get(span.end..).unwrap_or("");
            !(adverb_only
                && rest.starts_with([' ', '-'])
                && next.starts_with(|c: char| c.is_ascii_lowercase())
                && !NOT_NOUNS.contains(&next))
        }
        Rule::Decade => {
            // "the 80s" but not "in their 60s" (an age).
            let prev = prev_word(text, span.start).to_ascii_lowercase();
            s.ends_with("century")
                || s.starts_with(['1', '2', '\'']) && s.len() > 4
                || s.starts_with('\'')
                || matches!(
                    prev.as_str(),
                    "the" | "early" | "late" | "mid" | "and" | "or"
                )
        }
        Rule::RelativeDay => {
            // "USA Today", "Mississippi Today": a capitalised "Today" after a capitalised word
            // inside a sentence is part of a name.
            let first = s.split_whitespace().next().unwrap_or("");
            let prev = prev_word(text, span.start);
            let before = text.get(..span.start).unwrap_or("").trim_end();
            let sentence_start =
                before.is_empty() || before.ends_with(['.', '!', '?', '"', '“', ':', '\n']);
            !first.starts_with(|c: char| c.is_uppercase())
                || all_upper
                || sentence_start
                || !prev.starts_with(|c: char| c.is_uppercase())
        }
        Rule::TimeOfDay => {
            // The minutes of a clock time written with spaces ("9 : 09 AM") are not an hour.
            let before = text.get(..span.start).unwrap_or("").trim_end();
            if before.ends_with(':') && span.start - before.len() < 3 {
                return false;
            }
            // "10:30" alone must look like a clock time, not a score or a ratio.
            let words: Vec<&str> = s.split_whitespace().collect();
            if words.len() == 1 && s.contains(':') {
                let h: u32 = s
                    .split(':')
                    .next()
                    .and_then(|h| h.parse().ok())
                    .unwrap_or(99);
                return h <= 24;
            }
            true
        }
        _ => true,
    }
}

// ---------------------------------------------------------------------------------------------
// Normalisation
// ---------------------------------------------------------------------------------------------

/// Tense of the clause around an expression.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Tense {
    Past,
    Future,
    /// A present-tense verb ("is calling", "are due"): no direction, and it hides a past
    /// verb further away; reported as `Unknown`.
    Present,
    Unknown,
}

struct Ctx<'a> {
    text: &'a str,
    sentences: &'a [Span],
    dct: Option<Date>,
    /// The last day-level date mentioned, for "that day", "the next day", clock times.
    reference: Option<Date>,
    /// The last calendar value mentioned (year, quarter, month or day), for "a year earlier".
    last_value: Option<String>,
    /// The last quarter mentioned (year, quarter), for "the quarter", "the year-ago period".
    last_quarter: Option<(i16, i8)>,
}

fn add_days(d: Date, n: i64) -> Option<Date> {
    d.checked_add(jiff::Span::new().days(n)).ok()
}

fn add_months(d: Date, n: i64) -> Option<Date> {
    d.checked_add(jiff::Span::new().months(n)).ok()
}

fn fmt_day(d: Date) -> String {
    format!("{:04}-{:02}-{:02}", d.year(), d.month(), d.day())
}

fn fmt_week(d: Date) -> String {
    let w = d.iso_week_date();
    format!("{:04}-W{:02}", w.year(), w.week())
}

fn fmt_month(y: i16, m: i8) -> String {
    format!("{y:04}-{m:02}")
}

/// The day a value denotes, if it names one day ("2026-10-23", "2026-10-23TAF").
fn day_of_value(v: &str) -> Option<Date> {
    let d = v.get(..10)?;
    let mut it = d.split('-');
    let y: i16 = it.next()?.parse().ok()?;
    let m: i8 = it.next()?.parse().ok()?;
    let dd: i8 = it.next()?.parse().ok()?;
    Date::new(y, m, dd).ok()
}

const FUTURE_WORDS: &[&str] = &[
    "will", "won't", "shall", "would", "'ll", "may", "might", "should", "be", "upcoming", "next",
    "tomorrow",
];
/// Words that mark the future only when followed by "to" ("plans to", "is set to").
const FUTURE_BEFORE_TO: &[&str] = &[
    "going",
    "expected",
    "scheduled",
    "set",
    "plans",
    "plan",
    "planned",
    "intends",
    "due",
];
const PAST_WORDS: &[&str] = &[
    "was",
    "were",
    "had",
    "did",
    "said",
    "told",
    "went",
    "came",
    "took",
    "found",
    "gave",
    "made",
    "got",
    "shot",
    "saw",
    "knew",
    "thought",
    "brought",
    "left",
    "began",
    "became",
    "held",
    "met",
    "sent",
    "spoke",
    "wrote",
    "ago",
    "yesterday",
    "last",
    "hit",
    "put",
    "ran",
    "fell",
    "rose",
    "paid",
    "lost",
    "won",
    "sold",
    "bought",
    "led",
    "kept",
    "struck",
    "broke",
    "chose",
    "drove",
    "stood",
    "heard",
    "felt",
    "meant",
    "read",
    "spent",
    "grew",
    "flew",
    "cut",
    "quit",
    "let",
];
const NOT_PAST_ED: &[&str] = &[
    "need",
    "speed",
    "indeed",
    "hundred",
    "red",
    "bed",
    "feed",
    "seed",
    "proceed",
    "exceed",
    "succeed",
    "breed",
    "shed",
    "greed",
    "weed",
    "creed",
    "embed",
    "scheduled",
    "expected",
    "planned",
    "bed",
];

fn word_tense(w: &str) -> Option<Tense> {
    let l = w.to_ascii_lowercase();
    let l = l.trim_matches(|c: char| !c.is_alphanumeric() && c != '\'');
    if l.ends_with("'ll") || FUTURE_WORDS.contains(&l) {
        return Some(Tense::Future);
    }
    if PAST_WORDS.contains(&l) || (l.len() >= 5 && l.ends_with("ed") && !NOT_PAST_ED.contains(&l)) {
        return Some(Tense::Past);
    }
    if matches!(l, "is" | "are" | "am") {
        return Some(Tense::Present);
    }
    None
}

/// A month and day without a year at most this many days after the DCT is read as coming, even
/// in a past-tense clause ("said it will redeem the preferred shares on Oct. 31").
const SCHEDULE_DAYS: i32 = 45;

const CLAUSE_WORDS: &[&str] = &["that", "but", "while", "when", "because", "although", "who"];
/// How far around an expression the tense search looks, in bytes (keeps the work linear).
const TENSE_WINDOW: usize = 240;

impl Ctx<'_> {
    /// The sentence holding `span` (or a window around it when sentences are missing).
    fn sentence(&self, span: Span) -> Span {
        let i = self.sentences.partition_point(|s| s.end <= span.start);
        let s = self
            .sentences
            .get(i)
            .copied()
            .filter(|s| s.start <= span.start)
            .unwrap_or(Span::new(0, self.text.len()));
        let lo = s.start.max(span.start.saturating_sub(TENSE_WINDOW));
        let hi = s.end.min(span.end + TENSE_WINDOW);
        let mut lo = lo;
        while lo < span.start && !self.text.is_char_boundary(lo) {
            lo += 1;
        }
        let mut hi = hi.min(self.text.len());
        while hi > span.end && !self.text.is_char_boundary(hi) {
            hi -= 1;
        }
        Span::new(lo, hi)
    }

    /// The tense of the clause around `span`: the nearest tense marker in the clause, else the
    /// nearest in the sentence.
    fn tense(&self, span: Span) -> Tense {
        let sent = self.sentence(span);
        let mut words: Vec<(usize, &str, bool)> = Vec::new();
        let seg = sent.text(self.text);
        let mut pos = 0;
        for piece in seg.split_inclusive(|c: char| c.is_whitespace()) {
            let start = sent.start + pos;
            pos += piece.len();
            let w = piece.trim();
            if w.is_empty() {
                continue;
            }
            let boundary = w.ends_with([',', ';', ':', '"', '“', '”', '(', ')'])
                || w.starts_with(['"', '“', '”', '('])
                || CLAUSE_WORDS.contains(&w.to_ascii_lowercase().as_str());
            words.push((start, w, boundary));
        }
        let idx = words.partition_point(|(s, _, _)| *s < span.start);
        let end_idx = words.partition_point(|(s, _, _)| *s < span.end);
        // Clause: back to the previous boundary, forward to the next one.
        let mut lo = idx;
        while lo > 0 {
            let (_, w, b) = words[lo - 1];
            if b && !w.ends_with(['"', '“', '”']) || CLAUSE_WORDS.contains(&w) {
                break;
            }
            lo -= 1;
            if b {
                break;
            }
        }
        let mut hi = end_idx;
        // An expression that ends its clause ("until summer,") looks no further.
        let ends_clause = end_idx > 0
            && words
                .get(end_idx - 1)
                .is_some_and(|(_, w, b)| *b && w.ends_with([',', ';', ':', '"', '”', ')']));
        while hi < words.len() && !ends_clause {
            let (_, w, b) = words[hi];
            if CLAUSE_WORDS.contains(&w.to_ascii_lowercase().as_str()) {
                break;
            }
            hi += 1;
            if b {
                break;
            }
        }
        let in_expr = |i: usize| i >= idx && i < end_idx;
        // A participle after "be" ("will be held") or after a modal and "have" ("would have
        // turned") is not a past tense; "plans to", "set to" mark the future.
        let lower: Vec<String> = words
            .iter()
            .map(|(_, w, _)| {
                w.trim_matches(|c: char| !c.is_alphanumeric() && c != '\'')
                    .to_ascii_lowercase()
            })
            .collect();
        let tense_at = |i: usize| -> Option<Tense> {
            let w = lower[i].as_str();
            if FUTURE_BEFORE_TO.contains(&w) {
                return (lower.get(i + 1).map(String::as_str) == Some("to"))
                    .then_some(Tense::Future);
            }
            let t = word_tense(w)?;
            let prev = i.checked_sub(1).map(|p| lower[p].as_str());
            let prev2 = i.checked_sub(2).map(|p| lower[p].as_str());
            if t == Tense::Past
                && (matches!(prev, Some("be" | "being"))
                    || (prev == Some("have")
                        && matches!(prev2, Some("would" | "will" | "may" | "might" | "should"))))
            {
                return None;
            }
            Some(t)
        };
        let nearest = |from: usize, to: usize| -> Tense {
            let mut best: Option<(usize, Tense)> = None;
            for i in from..to.min(words.len()) {
                if in_expr(i) {
                    continue;
                }
                if let Some(t) = tense_at(i) {
                    let d = if i < idx { idx - i } else { i + 1 - end_idx };
                    if best.is_none_or(|(bd, _)| d < bd) {
                        best = Some((d, t));
                    }
                }
            }
            best.map_or(Tense::Unknown, |(_, t)| t)
        };
        // "closed until Friday": up to a day still to come.
        if idx > 0 && matches!(lower[idx - 1].as_str(), "until" | "till") {
            return Tense::Future;
        }
        let t = match nearest(lo, hi) {
            // "by early June" with no verb around: a deadline, so the future.
            Tense::Unknown if idx > 0 && lower[idx - 1] == "by" => Tense::Future,
            Tense::Unknown => nearest(0, words.len()),
            t => t,
        };
        if t == Tense::Present {
            Tense::Unknown
        } else {
            t
        }
    }

    fn weekday(&self, wd: i8, tense: Tense) -> Option<Date> {
        let dct = self.dct?;
        let dw = dct.weekday().to_monday_one_offset();
        match tense {
            Tense::Future => add_days(dct, i64::from((wd - dw).rem_euclid(7))),
            _ => add_days(dct, -i64::from((dw - wd).rem_euclid(7))),
        }
    }

    /// A month and day without a year.
    fn month_day(&self, m: i8, d: i8, tense: Tense) -> Result<Option<Date>, ()> {
        // Validate against a leap year so that February 29 stays possible.
        if Date::new(2024, m, d).is_err() {
            return Err(());
        }
        let Some(dct) = self.dct else { return Ok(None) };
        // Four years either side, so that February 29 finds its leap years.
        let cands: Vec<Date> = (dct.year().saturating_sub(4)..=dct.year().saturating_add(4))
            .filter_map(|y| Date::new(y, m, d).ok())
            .collect();
        // A date a few weeks ahead is a schedule ("payable Dec. 7"), whatever verb is near.
        let soon = cands
            .iter()
            .find(|c| **c > dct && c.since(dct).is_ok_and(|s| s.get_days() <= SCHEDULE_DAYS));
        let pick = match tense {
            Tense::Past if soon.is_some() => soon.copied(),
            Tense::Past => cands.iter().rev().find(|c| **c <= dct).copied(),
            Tense::Future => cands.iter().find(|c| **c >= dct).copied(),
            Tense::Unknown | Tense::Present if m == 2 && d == 29 => {
                cands.iter().rev().find(|c| **c <= dct).copied()
            }
            Tense::Unknown | Tense::Present => cands
                .iter()
                .min_by_key(|c| c.since(dct).map(|s| s.get_days().abs()).unwrap_or(i32::MAX))
                .copied(),
        };
        Ok(pick)
    }

    /// A month without a year.
    fn month(&self, m: i8, tense: Tense) -> Option<i16> {
        let dct = self.dct?;
        let (y, cm) = (dct.year(), dct.month());
        Some(match tense {
            Tense::Past => {
                if m <= cm {
                    y
                } else {
                    y - 1
                }
            }
            Tense::Future => {
                if m >= cm {
                    y
                } else {
                    y + 1
                }
            }
            Tense::Unknown | Tense::Present => {
                let diff = i16::from(m) - i16::from(cm);
                if diff > 6 {
                    y - 1
                } else if diff < -6 {
                    y + 1
                } else {
                    y
                }
            }
        })
    }

    /// The date relative expressions ("that day", "three days later") count from.
    fn anchor_day(&self) -> Option<Date> {
        self.reference.or(self.dct)
    }
}

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

fn normalise(rule: Rule, ctx: &mut Ctx, span: Span) -> Option<Timex> {
    let s = span.text(ctx.text);
    let lw = lower_words(s);
    let dct = ctx.dct;
    match rule {
        Rule::Iso => {
            let c = ISO_RE.captures(s)?;
            let num = |i: usize| c.get(i).and_then(|m| m.as_str().parse::<i16>().ok());
            let (y, m, d) = (num(1)?, num(2)?, num(3)?);
            let date = Date::new(y, i8::try_from(m).ok()?, i8::try_from(d).ok()?).ok();
            let Some(date) = date else {
                return Some(timex(span, TimexType::Date, None));
            };
            match (num(4), num(5)) {
                (Some(h), Some(mi)) if h < 25 && mi < 60 => {
                    let z = if c.get(6).is_some_and(|z| !z.as_str().is_empty()) {
                        "Z"
                    } else {
                        ""
                    };
                    Some(timex(
                        span,
                        TimexType::Time,
                        Some(format!("{}T{h:02}:{mi:02}{z}", fmt_day(date))),
                    ))
                }
                _ => Some(timex(span, TimexType::Date, Some(fmt_day(date)))),
            }
        }
        Rule::Slash => {
            let parts: Vec<i16> = s.split('/').filter_map(|p| p.parse().ok()).collect();
            let [m, d, y] = parts[..] else { return None };
            let y = if y < 100 {
                // Two-digit years: the century that puts the date nearest the DCT.
                let base = dct.map_or(2000, |d| d.year() / 100 * 100);
                let c = base + y;
                if c > dct.map_or(2100, |d| d.year()) + 20 {
                    c - 100
                } else {
                    c
                }
            } else {
                y
            };
            let date = Date::new(y, i8::try_from(m).ok()?, i8::try_from(d).ok()?).ok();
            Some(timex(span, TimexType::Date, date.map(fmt_day)))
        }
        Rule::MonthDay | Rule::DayMonth => {
            let ws = words_of(s);
            let mut month = None;
            let mut day = None;
            let mut year = None;
            for w in &ws {
                if let Some(m) = month_of(w) {
                    month = Some(m);
                } else if w.starts_with(|c: char| c.is_ascii_digit()) {
                    let digits: String = w.chars().take_while(|c| c.is_ascii_digit()).collect();
                    if digits.len() == 4 {
                        year = digits.parse::<i16>().ok();
                    } else {
                        day = digits.parse::<i8>().ok();
                    }
                }
            }
            let (m, d) = (month?, day?);
            let value = match year {
                Some(y) => Date::new(y, m, d).ok().map(fmt_day),
                None => {
                    let tense = ctx.tense(span);
                    match ctx.month_day(m, d, tense) {
                        Err(()) => None,
                        Ok(Some(date)) => Some(fmt_day(date)),
                        Ok(None) => Some(format!("XXXX-{m:02}-{d:02}")),
                    }
                }
            };
            Some(timex(span, TimexType::Date, value))
        }
        Rule::TimeOfDay => {
            let digits: Vec<u32> = s
                .split(|c: char| !c.is_ascii_digit())
                .filter(|p| !p.is_empty())
                .filter_map(|p| p.parse().ok())
                .take(2)
                .collect();
            let low = s.to_ascii_lowercase();
            let (mut h, mi) = if low.starts_with("noon") {
                (12, 0)
            } else if low.starts_with("midnight") {
                (0, 0)
            } else {
                (*digits.first()?, digits.get(1).copied().unwrap_or(0))
            };
            if low.contains("(gmt") {
                // "6:40 p.m. (GMT +8)": the offset is kept out of the value.
            }
            let pm = low.contains("p.m") || low.split_whitespace().any(|w| w.ends_with("pm"));
            let am = low.contains("a.m") || low.split_whitespace().any(|w| w.ends_with("am"));
            if pm && h < 12 {
                h += 12;
            } else if am && h == 12 {
                h = 0;
            }
            if h > 24 || mi > 59 {
                return None;
            }
            let zulu = lw.iter().any(|w| w == "utc" || w == "gmt") && !low.contains("(gmt");
            let wd = lw.iter().find_map(|w| weekday_of(w));
            let day = if let Some(wd) = wd {
                ctx.weekday(wd, ctx.tense(span))
            } else if lw.iter().any(|w| w == "yesterday") {
                dct.and_then(|d| add_days(d, -1))
            } else if lw.iter().any(|w| w == "tomorrow") {
                dct.and_then(|d| add_days(d, 1))
            } else if lw.iter().any(|w| w == "today") {
                dct
            } else {
                ctx.anchor_day()
            };
            let day = day.map_or("XXXX-XX-XX".to_string(), fmt_day);
            let z = if zulu { "Z" } else { "" };
            Some(timex(
                span,
                TimexType::Time,
                Some(format!("{day}T{h:02}:{mi:02}{z}")),
            ))
        }
        Rule::Quarter => {
            let q = if lw.iter().any(|w| w == "first" || w == "1st" || w == "q1") {
                1
            } else if lw.iter().any(|w| w == "second" || w == "2nd" || w == "q2") {
                2
            } else if lw.iter().any(|w| w == "third" || w == "3rd" || w == "q3") {
                3
            } else if lw.iter().any(|w| w == "fourth" || w == "4th" || w == "q4") {
                4
            } else {
                0
            };
            let explicit = lw
                .iter()
                .find_map(|w| (w.len() == 4).then(|| w.parse::<i16>().ok()).flatten());
            let has = |k: &str| lw.iter().any(|w| w == k);
            let year_word = has("year") || has("year's");
            let year = if let Some(y) = explicit {
                Some(y)
            } else if has("last") && year_word {
                dct.map(|d| d.year() - 1)
            } else if has("next") {
                dct.map(|d| d.year() + 1)
            } else if has("this") && year_word {
                dct.map(|d| d.year())
            } else if let Some((y, _)) = ctx.last_quarter.filter(|_| has("earlier") || has("ago")) {
                // "the year-ago third quarter": counted from the quarter being reported.
                Some(y)
            } else {
                // A bare quarter: the most recent one in a past clause, the next in a future one.
                dct.map(|d| {
                    let cur = (d.month() - 1) / 3 + 1;
                    match ctx.tense(span) {
                        // The quarter just ended is still being reported on: not next year's.
                        Tense::Future if q != 0 && q + 1 < cur => d.year() + 1,
                        Tense::Past if q > cur => d.year() - 1,
                        Tense::Unknown if q > cur + 1 => d.year() - 1,
                        _ => d.year(),
                    }
                })
            };
            let value = match (year, q) {
                (Some(y), 0) => {
                    // "the last quarter": the one before the DCT's quarter.
                    let d = dct.and_then(|d| add_months(d, -3));
                    d.map(|d| format!("{:04}-Q{}", d.year(), (d.month() - 1) / 3 + 1))
                        .or(Some(format!("{y:04}-QX")))
                }
                (Some(y), q) => Some(format!("{y:04}-Q{q}")),
                (None, 0) => Some("XXXX-QX".to_string()),
                (None, q) => Some(format!("XXXX-Q{q}")),
            };
            let year_back = year_word && (has("earlier") || has("ago"));
            let value = value.map(|v| {
                if year_back && explicit.is_none() {
                    shift_years(&v, -1).unwrap_or(v)
                } else {
                    v
                }
            });
            // "the third-quarter results": the article belongs to the noun, not the date.
            let mut span = span;
            let adjective = s.contains("-quarter")
                && next_word(ctx.text, span.end).starts_with(|c: char| c.is_ascii_lowercase());
            if adjective && lw.first().is_some_and(|w| w == "the") {
                let skip = s.find(char::is_whitespace).unwrap_or(0);
                let skip = skip + s.get(skip..).map_or(0, |r| r.len() - r.trim_start().len());
                span = Span::new(span.start + skip, span.end);
            }
            Some(timex(span, TimexType::Date, value))
        }
        Rule::QuarterRef => quarter_ref(ctx, span, &lw),
        Rule::Bound => {
            let modifier = mod_of(&lw);
            let unit = lw.iter().rev().find_map(|w| unit_of(w))?;
            let shift = if lw.iter().any(|w| w == "last") {
                -1
            } else if lw.iter().any(|w| w == "next") {
                1
            } else {
                0
            };
            let mut t = timex(span, TimexType::Date, calendar_unit(dct, unit, shift));
            t.modifier = modifier;
            Some(t)
        }
        Rule::EarlierThis => {
            let unit = lw.iter().rev().find_map(|w| unit_of(w))?;
            let shift = if lw.iter().any(|w| w == "last") {
                -1
            } else if lw.iter().any(|w| w == "next") {
                1
            } else {
                0
            };
            let mut t = timex(span, TimexType::Date, calendar_unit(dct, unit, shift));
            if lw.first().is_some_and(|w| w == "early" || w == "late") {
                t.modifier = mod_of(&lw);
            }
            Some(t)
        }
        Rule::DurationNext => {
            let rest: Vec<String> = lw
                .iter()
                .skip_while(|w| {
                    matches!(
                        w.as_str(),
                        "the"
                            | "past"
                            | "last"
                            | "next"
                            | "coming"
                            | "previous"
                            | "following"
                            | "first"
                            | "final"
                    )
                })
                .cloned()
                .collect();
            let unit = rest.iter().rev().find_map(|w| unit_of(w))?;
            let (_, n) = leading_number(&rest);
            Some(timex(
                span,
                TimexType::Duration,
                Some(duration_value(n, unit)),
            ))
        }
        Rule::Deictic => deictic(ctx, span, &lw),
        Rule::Ago => {
            let lw: Vec<String> = lw
                .iter()
                .filter(|w| {
                    !matches!(
                        w.as_str(),
                        "almost"
                            | "nearly"
                            | "about"
                            | "around"
                            | "roughly"
                            | "approximately"
                            | "over"
                            | "more"
                            | "less"
                            | "than"
                            | "at"
                            | "least"
                            | "up"
                    )
                })
                .cloned()
                .collect();
            let last = lw.last()?.as_str();
            let unit_pos = lw.iter().position(|w| unit_of(w).is_some())?;
            let unit = unit_of(&lw[unit_pos])?;
            let (_, n) = leading_number(&lw[..unit_pos]);
            match last {
                "before" | "after" | "to" if anchor_after(ctx.text, span.end).is_some() => {
                    let anchor = anchor_after(ctx.text, span.end);
                    // The expression proper is the length ("days"), anchored to the event.
                    let sig = ["before", "after", "prior"]
                        .iter()
                        .filter_map(|k| s.to_ascii_lowercase().rfind(k))
                        .min()
                        .unwrap_or(s.len());
                    let len = s.get(..sig).map_or(s.len(), |p| p.trim_end().len());
                    let mut t = timex(
                        Span::new(span.start, span.start + len),
                        TimexType::Duration,
                        Some(duration_value(n, unit)),
                    );
                    t.anchor = anchor;
                    Some(t)
                }
                _ => {
                    let sign = match last {
                        "ago" | "earlier" | "before" | "to" => -1,
                        _ => 1,
                    };
                    let base = if last == "ago" || last == "now" {
                        dct
                    } else {
                        ctx.anchor_day()
                    };
                    // "a year earlier" after "the third quarter": the same quarter a year before.
                    let of_reference = (unit == Unit::Year)
                        .then_some(())
                        .and(n.filter(|n| n.fract() == 0.0 && *n < 100.0))
                        .and_then(|n| {
                            let v = ctx.last_value.as_deref()?;
                            // "ago" counts from the DCT: only its granularity comes from the
                            // reference; "earlier" counts from the reference itself.
                            // Only a reported quarter lends its granularity to "ago"
                            // ("a year ago" = that quarter a year back); otherwise "two years
                            // ago" is a year.
                            (v.contains('Q') || last != "ago")
                                .then(|| shift_years(v, sign * n as i64))
                                .flatten()
                        });
                    let value = match n {
                        _ if of_reference.is_some() => of_reference,
                        None => Some(if sign < 0 { "PAST_REF" } else { "FUTURE_REF" }.into()),
                        Some(n) if n.fract() == 0.0 && n.abs() < 10_000.0 => {
                            relative_unit(base, unit, sign * n as i64)
                        }
                        Some(_) => None,
                    };
                    Some(timex(span, TimexType::Date, value))
                }
            }
        }
        Rule::YearRange => {
            let years: Vec<i64> = lw.iter().filter_map(|w| w.parse().ok()).collect();
            let value = match years[..] {
                [a, b] if b > a => Some(format!("P{}Y", b - a)),
                _ => None,
            };
            Some(timex(span, TimexType::Duration, value))
        }
        Rule::VagueDuration => {
            // "in recent years": some time before now, not a length.
            if lw.first().is_some_and(|w| w == "recent") {
                return Some(timex(span, TimexType::Date, Some("PAST_REF".into())));
            }
            let unit = lw.iter().find_map(|w| unit_of(w)).unwrap_or(Unit::Year);
            let mut span = span;
            if lw.first().is_some_and(|w| w == "for") {
                let lead = s.find(char::is_whitespace).unwrap_or(0);
                let lead = lead + s.get(lead..).map_or(0, |r| r.len() - r.trim_start().len());
                span = Span::new(span.start + lead, span.end);
            }
            Some(timex(
                span,
                TimexType::Duration,
                Some(duration_value(None, unit)),
            ))
        }
        Rule::Duration => {
            let unit = lw.iter().rev().find_map(|w| unit_of(w))?;
            let lw: Vec<String> = lw
                .iter()
                .filter(|w| *w != "the" && *w != "latest")
                .cloned()
                .collect();
            let skip = match lw.first().map(String::as_str) {
                Some("more" | "less" | "at" | "up") => 2,
                Some(
                    "almost" | "nearly" | "about" | "around" | "roughly" | "approximately" | "over",
                ) => 1,
                _ => 0,
            };
            let mut rest = lw.get(skip..).unwrap_or_default();
            let words: Vec<&str> = rest.iter().map(String::as_str).collect();
            let and_a_half = matches!(words.as_slice(), ["a" | "an", _, "and", "a", "half"]);
            // "a 20-year": the article is not the number.
            if rest.len() > 2 && matches!(rest[0].as_str(), "a" | "an") {
                rest = &rest[1..];
            }
            let n = if and_a_half {
                Some(1.5)
            } else {
                leading_number(rest).1
            };
            let mut t = timex(span, TimexType::Duration, Some(duration_value(n, unit)));
            t.modifier = match lw.first().map(String::as_str) {
                Some("almost" | "nearly" | "less" | "up") => Some("LESS_THAN"),
                Some("over" | "more" | "at") => Some("MORE_THAN"),
                Some("about" | "around" | "roughly" | "approximately") => Some("APPROX"),
                _ => None,
            };
            Some(t)
        }
        Rule::ModMonth => {
            let modifier = mod_of(&lw);
            let year = lw
                .iter()
                .find_map(|w| (w.len() == 4).then(|| w.parse::<i16>().ok()).flatten());
            let ws = words_of(s);
            // "October of next year": the year phrase is its own expression but fixes this one.
            let after: String = ctx
                .text
                .get(span.end..)
                .unwrap_or("")
                .chars()
                .take(16)
                .collect::<String>()
                .to_ascii_lowercase();
            let year = year.or_else(|| {
                let d = dct?;
                let rest = after.strip_prefix(" of ")?;
                let shift = if rest.starts_with("next year") {
                    1
                } else if rest.starts_with("last year") {
                    -1
                } else if rest.starts_with("this year") {
                    0
                } else {
                    return None;
                };
                Some(d.year() + shift)
            });
            if let Some(m) = ws.iter().find_map(|w| month_of(w)) {
                let y = year.or_else(|| ctx.month(m, ctx.tense(span)));
                let value = match y {
                    Some(y) => fmt_month(y, m),
                    None => format!("XXXX-{m:02}"),
                };
                let mut t = timex(span, TimexType::Date, Some(value));
                t.modifier = modifier;
                return Some(t);
            }
            let season = ws.iter().find_map(|w| season_of(w))?;
            let y = year.or_else(|| {
                let d = dct?;
                let cur = season_index(season_of_month(d.month()));
                let tgt = season_index(season);
                Some(match ctx.tense(span) {
                    Tense::Future if tgt < cur => d.year() + 1,
                    Tense::Past if tgt > cur => d.year() - 1,
                    _ => d.year(),
                })
            });
            let value = match y {
                Some(y) => format!("{y:04}-{season}"),
                None => format!("XXXX-{season}"),
            };
            let mut t = timex(span, TimexType::Date, Some(value));
            t.modifier = modifier;
            Some(t)
        }
        Rule::ModYear => {
            let y: String = s.chars().filter(|c| c.is_ascii_digit()).collect();
            let mut t = timex(span, TimexType::Date, Some(y));
            t.modifier = mod_of(&lw);
            Some(t)
        }
        Rule::Decade => {
            let digits: String = s.chars().filter(|c| c.is_ascii_digit()).collect();
            // The Nth century is written as its first two digits (the 20th century is "19").
            let value = if s.ends_with("century") {
                digits
                    .parse::<u32>()
                    .ok()
                    .and_then(|n| n.checked_sub(1))
                    .map(|n| format!("{n:02}"))
            } else if digits.len() == 4 {
                digits.get(..3).map(str::to_string)
            } else {
                digits.get(..1).map(|d| format!("19{d}"))
            };
            Some(timex(span, TimexType::Date, value))
        }
        Rule::WeekdayPart => {
            let singular = |w: &String| w.strip_suffix('s').unwrap_or(w).to_string();
            let wd = lw.iter().find_map(|w| weekday_of(&singular(w)))?;
            let part = lw.iter().find_map(|w| part_of(&singular(w)));
            // "Mondays", "Tuesday nights": every such day.
            if lw
                .iter()
                .any(|w| w.ends_with("ys") || w.ends_with("ts") || w.ends_with("gs"))
            {
                let p = part.map_or(String::new(), |p| format!("T{p}"));
                return Some(timex(
                    span,
                    TimexType::Set,
                    Some(format!("XXXX-WXX-{wd}{p}")),
                ));
            }
            let tense = ctx.tense(span);
            let day = ctx.weekday(wd, tense);
            let day_value = day.map_or(format!("XXXX-WXX-{wd}"), fmt_day);
            Some(match part {
                Some(p) => timex(span, TimexType::Time, Some(format!("{day_value}T{p}"))),
                None => timex(span, TimexType::Date, Some(day_value)),
            })
        }
        Rule::RelativeDay => relative_day(ctx, span, &lw),
        Rule::Year => {
            let y: String = s.chars().filter(|c| c.is_ascii_digit()).collect();
            Some(timex(span, TimexType::Date, Some(y)))
        }
        Rule::Reference => {
            let v = match lw.last().map(String::as_str) {
                Some("now" | "currently" | "nowadays" | "present" | "presently" | "being") => {
                    "PRESENT_REF"
                }
                Some("future" | "term") => "FUTURE_REF",
                _ => "PAST_REF",
            };
            Some(timex(span, TimexType::Date, Some(v.to_string())))
        }
        Rule::Set => {
            // "every Monday", "each July": that day or month of every week or year.
            let calendar = lw.iter().find_map(|w| {
                weekday_of(w)
                    .map(|d| format!("XXXX-WXX-{d}"))
                    .or_else(|| month_of(w).map(|m| format!("XXXX-{m:02}")))
            });
            if let Some(v) = calendar.filter(|_| !lw.iter().any(|w| w == "other")) {
                return Some(timex(span, TimexType::Set, Some(v)));
            }
            let unit = if lw.iter().any(|w| weekday_of(w).is_some()) {
                Some(Unit::Week)
            } else {
                lw.iter().rev().find_map(|w| match w.as_str() {
                    "annual" | "annually" | "yearly" => Some(Unit::Year),
                    "weekly" => Some(Unit::Week),
                    "daily" => Some(Unit::Day),
                    "monthly" => Some(Unit::Month),
                    "quarterly" => Some(Unit::Quarter),
                    "hourly" => Some(Unit::Hour),
                    w => unit_of(w),
                })
            }?;
            let n = if lw.iter().any(|w| w == "other") {
                2.0
            } else {
                1.0
            };
            Some(timex(
                span,
                TimexType::Set,
                Some(duration_value(Some(n), unit)),
            ))
        }
    }
}

/// A calendar value (`1989`, `1989-Q3`, `1989-10`, `1989-10-27`) moved by `years`; `None`
/// for any other value.
fn shift_years(v: &str, years: i64) -> Option<String> {
    let y: i64 = v.get(..4)?.parse().ok()?;
    let rest = v.get(4..)?;
    let ok = match rest.len() {
        0 => true,
        3 => rest.starts_with("-Q") || rest.starts_with('-'),
        6 => rest.starts_with('-') && day_of_value(v).is_some(),
        _ => false,
    };
    if !ok || !v.bytes().take(4).all(|b| b.is_ascii_digit()) {
        return None;
    }
    let shifted = format!("{:04}{rest}", y + years);
    // February 29 a year away does not exist: keep the month.
    if rest.len() == 6 && day_of_value(&shifted).is_none() {
        return shifted.get(..7).map(str::to_string);
    }
    Some(shifted)
}

/// `(year, quarter)` of a `YYYY-QN` value.
fn quarter_of_value(v: &str) -> Option<(i16, i8)> {
    let (y, q) = v.split_once("-Q")?;
    let q: i8 = q.parse().ok().filter(|q| (1..=4).contains(q))?;
    Some((y.parse().ok().filter(|_| y.len() == 4)?, q))
}

/// "the quarter", "the latest period", "the year-ago quarter", "the 1988 period",
/// "year-earlier": the quarter being reported (the last one mentioned, else the one before the
/// DCT's), moved a year back for "year-ago"; a bare "year-earlier" moves the last value
/// mentioned, at its own granularity.
fn quarter_ref(ctx: &mut Ctx, span: Span, lw: &[String]) -> Option<Timex> {
    // "a year-earlier quarter": the article is not part of the date.
    let mut span = span;
    if lw.first().is_some_and(|w| w == "a" || w == "an") {
        let s = span.text(ctx.text);
        let skip = s.find(char::is_whitespace).unwrap_or(0);
        let skip = skip + s.get(skip..).map_or(0, |r| r.len() - r.trim_start().len());
        span = Span::new(span.start + skip, span.end);
    }
    let has = |k: &str| lw.iter().any(|w| w == k);
    let back = has("earlier") || has("ago") || has("last");
    let head = lw
        .iter()
        .find(|w| *w == "quarter" || *w == "period")
        .map(String::as_str);
    let explicit = lw
        .iter()
        .find_map(|w| (w.len() == 4).then(|| w.parse::<i16>().ok()).flatten());
    let modified = back
        || explicit.is_some()
        || lw.iter().any(|w| {
            matches!(
                w.as_str(),
                "latest" | "same" | "corresponding" | "comparable" | "fiscal" | "flat"
            )
        });
    if head == Some("period") && !modified {
        return None;
    }
    let reported = ctx.last_quarter.or_else(|| {
        let d = add_months(ctx.dct?, -3)?;
        Some((d.year(), (d.month() - 1) / 3 + 1))
    });
    let value = if head.is_none() {
        // A bare "year-earlier" ("year-earlier levels").
        let last = ctx
            .last_value
            .clone()
            .or_else(|| ctx.dct.map(|d| format!("{:04}", d.year())));
        last.and_then(|v| shift_years(&v, -1))
    } else {
        let (y, q) = match (explicit, reported) {
            (Some(y), Some((_, q))) => (Some(y), Some(q)),
            (Some(y), None) => (Some(y), None),
            (None, Some((y, q))) => (Some(y - i16::from(back)), Some(q)),
            (None, None) => (None, None),
        };
        Some(match (y, q) {
            (Some(y), Some(q)) => format!("{y:04}-Q{q}"),
            (Some(y), None) => format!("{y:04}-QX"),
            _ => "XXXX-QX".to_string(),
        })
    };
    Some(timex(span, TimexType::Date, value))
}

/// The calendar unit holding `base`, shifted by `shift` units: week `2026-W43`, month
/// `2026-10`, year `2026`, decade `202`, quarter `2026-Q4`, weekend `2026-W43-WE`.
fn calendar_unit(base: Option<Date>, unit: Unit, shift: i64) -> Option<String> {
    let Some(d) = base else {
        return Some(
            match unit {
                Unit::Week | Unit::Fortnight => "XXXX-WXX",
                Unit::Weekend => "XXXX-WXX-WE",
                Unit::Month => "XXXX-XX",
                Unit::Quarter => "XXXX-QX",
                Unit::Year => "XXXX",
                Unit::Decade => "XXX",
                Unit::Century => "XX",
                _ => "XXXX-XX-XX",
            }
            .to_string(),
        );
    };
    Some(match unit {
        Unit::Day => fmt_day(add_days(d, shift)?),
        Unit::Week | Unit::Fortnight => fmt_week(add_days(d, 7 * shift)?),
        Unit::Weekend => format!("{}-WE", fmt_week(add_days(d, 7 * shift)?)),
        Unit::Month => {
            let m = add_months(d, shift)?;
            fmt_month(m.year(), m.month())
        }
        Unit::Quarter => {
            let m = add_months(d, 3 * shift)?;
            format!("{:04}-Q{}", m.year(), (m.month() - 1) / 3 + 1)
        }
        Unit::Year => format!("{:04}", i64::from(d.year()) + shift),
        Unit::Decade => format!("{:03}", i64::from(d.year()) / 10 + shift),
        Unit::Century => format!("{:02}", i64::from(d.year()) / 100 + shift),
        Unit::Hour | Unit::Minute | Unit::Second => fmt_day(d),
    })
}

/// `n` units from `base` at the granularity of the unit ("two weeks ago" → a week).
fn relative_unit(base: Option<Date>, unit: Unit, n: i64) -> Option<String> {
    match unit {
        Unit::Day => match base {
            Some(d) => add_days(d, n).map(fmt_day),
            None => Some("XXXX-XX-XX".into()),
        },
        Unit::Hour | Unit::Minute | Unit::Second => Some(base.map_or("XXXX-XX-XX".into(), fmt_day)),
        _ => calendar_unit(base, unit, n),
    }
}

fn deictic(ctx: &mut Ctx, span: Span, lw: &[String]) -> Option<Timex> {
    let the = lw.first().is_some_and(|w| w == "the");
    let words: Vec<&str> = lw
        .iter()
        .map(String::as_str)
        .skip(usize::from(the))
        .collect();
    let (&det, rest) = words.split_first()?;
    let last = rest.last().copied()?;
    let dct = ctx.dct;
    // Weekday: "last Friday", "next Monday", "this Thursday".
    if let Some(wd) = weekday_of(last) {
        let day = match det {
            "last" | "past" | "previous" => dct.and_then(|d| {
                let dw = d.weekday().to_monday_one_offset();
                let back = match (dw - wd).rem_euclid(7) {
                    0 => 7,
                    k => k,
                };
                add_days(d, -i64::from(back))
            }),
            "next" | "coming" | "following" | "upcoming" => dct.and_then(|d| {
                let dw = d.weekday().to_monday_one_offset();
                let fwd = match (wd - dw).rem_euclid(7) {
                    0 => 7,
                    k => k,
                };
                add_days(d, i64::from(fwd))
            }),
            _ => ctx.weekday(wd, ctx.tense(span)),
        };
        let v = day.map_or(format!("XXXX-WXX-{wd}"), fmt_day);
        return Some(timex(span, TimexType::Date, Some(v)));
    }
    // Month: "last June", "next March", "this May".
    if let Some(m) = month_of(last) {
        let y = dct.map(|d| match det {
            "last" | "past" | "previous" => {
                if m < d.month() {
                    d.year()
                } else {
                    d.year() - 1
                }
            }
            "next" | "coming" | "following" | "upcoming" => {
                if m > d.month() {
                    d.year()
                } else {
                    d.year() + 1
                }
            }
            _ => d.year(),
        });
        let v = y.map_or(format!("XXXX-{m:02}"), |y| fmt_month(y, m));
        return Some(timex(span, TimexType::Date, Some(v)));
    }
    if let Some(season) = season_of(last) {
        let y = dct.map(|d| {
            let cur = season_index(season_of_month(d.month()));
            let tgt = season_index(season);
            match det {
                "last" | "past" | "previous" if tgt >= cur => d.year() - 1,
                "next" | "coming" | "following" | "upcoming" if tgt <= cur => d.year() + 1,
                _ => d.year(),
            }
        });
        let v = y.map_or(format!("XXXX-{season}"), |y| format!("{y:04}-{season}"));
        return Some(timex(span, TimexType::Date, Some(v)));
    }
    let unit = unit_of(last)?;
    // "over the past year": the year before the DCT's.
    if the && matches!(det, "past" | "last") && unit == Unit::Year {
        return Some(timex(span, TimexType::Date, calendar_unit(dct, unit, -1)));
    }
    // "the last week", "the coming months": a length of time.
    if the && matches!(det, "past" | "last" | "coming" | "next") && unit != Unit::Weekend {
        return Some(timex(
            span,
            TimexType::Duration,
            Some(duration_value(Some(1.0), unit)),
        ));
    }
    let (base, shift) = match det {
        "this" | "current" => (dct, 0),
        "same" => (ctx.anchor_day(), 0),
        "last" | "past" => (dct, -1),
        "previous" => (ctx.anchor_day(), -1),
        "following" => (ctx.anchor_day(), 1),
        _ => (dct, 1),
    };
    if unit == Unit::Day {
        let v = base.and_then(|d| add_days(d, shift)).map(fmt_day);
        return Some(timex(
            span,
            TimexType::Date,
            v.or(Some("XXXX-XX-XX".into())),
        ));
    }
    if matches!(unit, Unit::Hour | Unit::Minute | Unit::Second) {
        return Some(timex(
            span,
            TimexType::Duration,
            Some(duration_value(Some(1.0), unit)),
        ));
    }
    Some(timex(
        span,
        TimexType::Date,
        calendar_unit(base, unit, shift),
    ))
}

fn relative_day(ctx: &mut Ctx, span: Span, lw: &[String]) -> Option<Timex> {
    let dct = ctx.dct;
    let part = lw.iter().find_map(|w| part_of(w));
    let has = |k: &str| lw.iter().any(|w| w == k);
    if has("weekend") {
        // "the weekend": the last one in a past clause, the coming one otherwise.
        let v = dct.and_then(|d| {
            let dw = i64::from(d.weekday().to_monday_one_offset());
            let sat = match ctx.tense(span) {
                Tense::Future => add_days(d, (6 - dw).rem_euclid(7)),
                _ => add_days(d, -(dw - 6).rem_euclid(7)),
            }?;
            Some(format!("{}-WE", fmt_week(sat)))
        });
        return Some(timex(
            span,
            TimexType::Date,
            v.or(Some("XXXX-WXX-WE".into())),
        ));
    }
    let day = if has("yesterday") {
        dct.and_then(|d| add_days(d, -1))
    } else if has("tomorrow") {
        dct.and_then(|d| add_days(d, 1))
    } else if has("today") || has("tonight") || has("this") {
        dct
    } else if has("next") || has("following") || (has("day") && has("after")) {
        ctx.anchor_day().and_then(|d| add_days(d, 1))
    } else if has("previous") || (has("day") && has("before")) {
        ctx.anchor_day().and_then(|d| add_days(d, -1))
    } else if has("that") || has("same") {
        // "that day", "later that day", "the same day": the day last mentioned.
        ctx.reference
    } else {
        // "the day" (as in "shares closed up on the day"): the day of the report.
        dct
    };
    let day_value = day.map_or("XXXX-XX-XX".to_string(), fmt_day);
    Some(match part {
        Some(p) => timex(span, TimexType::Time, Some(format!("{day_value}T{p}"))),
        None => timex(span, TimexType::Date, Some(day_value)),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(y: i16, m: i8, dd: i8) -> Option<Date> {
        Date::new(y, m, dd).ok()
    }

    fn run(text: &str) -> Vec<(String, String)> {
        extract_text(text, &[], d(2026, 10, 23), |_| false)
            .into_iter()
            .map(|t| {
                (
                    t.span.text(text).to_string(),
                    t.value.unwrap_or_else(|| "-".into()),
                )
            })
            .collect()
    }

    fn value_of(text: &str, expr: &str) -> Option<String> {
        run(text)
            .into_iter()
            .find(|(t, _)| t == expr)
            .map(|(_, v)| v)
    }

    #[test]
    fn compound_and_paired_numbers_and_years_ago() {
        assert_eq!(
            value_of("It took a couple of years.", "a couple of years").as_deref(),
            Some("P2Y")
        );
        assert_eq!(
            value_of("It rained for twenty four hours.", "twenty four hours").as_deref(),
            Some("PT24H")
        );
        assert_eq!(
            value_of("It lasted 2 1/2 years.", "2 1/2 years").as_deref(),
            Some("P2Y6M")
        );
        assert_eq!(
            value_of("It lasted a minute and a half.", "a minute and a half").as_deref(),
            Some("PT1M30S")
        );
        assert_eq!(
            value_of("It lasted half an hour or 1.5 hours.", "1.5 hours").as_deref(),
            Some("PT1H30M")
        );
        // A day mentioned before does not make "two years ago" a day.
        assert_eq!(
            value_of(
                "It opened on March 3. It closed almost two years ago.",
                "almost two years ago"
            )
            .as_deref(),
            Some("2024")
        );
    }

    #[test]
    fn absolute_dates() {
        assert_eq!(
            value_of("It began on June 14.", "June 14").as_deref(),
            Some("2026-06-14")
        );
        assert_eq!(
            value_of("Filed Oct. 23, 2025.", "Oct. 23, 2025").as_deref(),
            Some("2025-10-23")
        );
        assert_eq!(
            value_of(
                "\"It was Wednesday October 21st,\" she said.",
                "Wednesday October 21st"
            )
            .as_deref(),
            Some("2026-10-21")
        );
        assert_eq!(
            value_of("Due 2026-06-14.", "2026-06-14").as_deref(),
            Some("2026-06-14")
        );
        assert_eq!(
            value_of("Due 6/14/2026.", "6/14/2026").as_deref(),
            Some("2026-06-14")
        );
        assert_eq!(
            value_of("Born 11 December 1990.", "11 December 1990").as_deref(),
            Some("1990-12-11")
        );
    }

    #[test]
    fn weekdays_follow_tense() {
        // DCT is Friday 2026-10-23; the DCT's own weekday counts as the most recent.
        assert_eq!(
            value_of("The mayor confirmed on Friday.", "Friday").as_deref(),
            Some("2026-10-23")
        );
        assert_eq!(
            value_of("Officials said Monday.", "Monday").as_deref(),
            Some("2026-10-19")
        );
        assert_eq!(
            value_of("The board will meet Monday.", "Monday").as_deref(),
            Some("2026-10-26")
        );
        assert_eq!(
            value_of("She spoke Friday afternoon.", "Friday afternoon").as_deref(),
            Some("2026-10-23TAF")
        );
    }

    #[test]
    fn relative_expressions() {
        assert_eq!(
            value_of("He resigned earlier this week.", "earlier this week").as_deref(),
            Some("2026-W43")
        );
        assert_eq!(
            value_of("It closed last month.", "last month").as_deref(),
            Some("2026-09")
        );
        assert_eq!(
            value_of("It will open next week.", "next week").as_deref(),
            Some("2026-W44")
        );
        assert_eq!(
            value_of("It closed two weeks ago.", "two weeks ago").as_deref(),
            Some("2026-W41")
        );
        assert_eq!(
            value_of("It rained yesterday.", "yesterday").as_deref(),
            Some("2026-10-22")
        );
        assert_eq!(
            value_of("It is closed now.", "now").as_deref(),
            Some("PRESENT_REF")
        );
        assert_eq!(
            value_of("He recently left.", "recently").as_deref(),
            Some("PAST_REF")
        );
        assert_eq!(
            value_of("Sales fell last year.", "last year").as_deref(),
            Some("2025")
        );
        assert_eq!(
            value_of("Sales fell over the past year.", "the past year").as_deref(),
            Some("2025")
        );
        assert_eq!(
            value_of("We met this morning.", "this morning").as_deref(),
            Some("2026-10-23TMO")
        );
        let early = extract_text(
            "A trial will start in early November.",
            &[],
            d(2026, 10, 23),
            |_| false,
        );
        assert_eq!(early[0].value.as_deref(), Some("2026-11"));
        assert_eq!(early[0].modifier, Some("START"));
    }

    #[test]
    fn durations_and_times() {
        assert_eq!(
            value_of("A monthslong probe ended.", "monthslong").as_deref(),
            Some("PXM")
        );
        assert_eq!(
            value_of("A months-long probe ended.", "months-long").as_deref(),
            Some("PXM")
        );
        assert_eq!(
            value_of("It took several days.", "several days").as_deref(),
            Some("PXD")
        );
        assert_eq!(
            value_of("It took one week.", "one week").as_deref(),
            Some("P1W")
        );
        assert_eq!(
            value_of("He served 30 years.", "30 years").as_deref(),
            Some("P30Y")
        );
        assert_eq!(
            value_of("They met at 10:30 a.m.", "10:30 a.m.").as_deref(),
            Some("2026-10-23T10:30")
        );
        assert_eq!(value_of("A 34-year-old man.", "34-year"), None);
        assert_eq!(value_of("At 12 : 00 p.m. it ended.", "00 p.m."), None);
        assert_eq!(value_of("Curfew from 1230 hours.", "1230 hours"), None);
    }

    #[test]
    fn anchored_expressions_keep_their_anchor() {
        let text = "She called him days before the shooting, police said.";
        let t = extract_text(text, &[], d(2026, 10, 23), |_| false);
        let days = t
            .iter()
            .find(|t| t.span.text(text) == "days")
            .expect("days found");
        assert_eq!(days.value.as_deref(), Some("PXD"));
        assert_eq!(days.anchor.map(|a| a.text(text)), Some("the shooting"));
    }

    #[test]
    fn months_follow_tense() {
        assert_eq!(
            value_of("He was shot in June.", "June").as_deref(),
            Some("2026-06")
        );
        assert_eq!(
            value_of("The vote was held in December.", "December").as_deref(),
            Some("2025-12")
        );
        assert_eq!(
            value_of("The vote will be held in December.", "December").as_deref(),
            Some("2026-12")
        );
    }

    #[test]
    fn no_dct_means_no_invented_date() {
        let t = extract_text("He left on Friday, last month.", &[], None, |_| false);
        let v: Vec<_> = t
            .iter()
            .map(|t| t.value.clone().unwrap_or_default())
            .collect();
        assert_eq!(v, vec!["XXXX-WXX-5", "XXXX-XX"]);
    }

    #[test]
    fn false_friends_are_dropped() {
        assert!(run("Officials may decide. May I ask?").is_empty());
        assert!(run("The firm cut 2000 jobs, paying $2010 each.").is_empty());
        assert_eq!(run("It happened in May.").len(), 1);
    }

    #[test]
    fn bad_input_never_panics() {
        let soup: String = (0..20_000)
            .map(|i| char::from(b'0' + (i % 10) as u8))
            .collect();
        let _ = run(&soup);
        let _ = run("1/1/1 99/99/99 12:99 25:00 9999-99-99 99999-01-01 0000-00-00 Q9");
        let many = "Friday ".repeat(10_000);
        assert_eq!(run(&many).len(), 10_000);
        let t = extract_text("Due February 30.", &[], d(2026, 10, 23), |_| false);
        assert_eq!(t.len(), 1);
        assert_eq!(t[0].value, None);
        let _ = run("May may May may. Year 99999 and 2026-02-30.");
        let _ = extract_text("It was Friday", &[], d(-9999, 1, 1), |_| false);
        let _ = extract_text("next year, 9999 years ago", &[], d(9999, 12, 31), |_| false);
    }

    fn pairs(v: &[(&str, &str)]) -> Vec<(String, String)> {
        v.iter()
            .map(|(a, b)| (a.to_string(), b.to_string()))
            .collect()
    }

    #[test]
    fn the_reported_quarter_anchors_year_earlier_expressions() {
        assert_eq!(
            run("Net income rose in the third quarter from a year earlier."),
            pairs(&[
                ("the third quarter", "2026-Q3"),
                ("a year earlier", "2025-Q3")
            ])
        );
        assert_eq!(
            run("Profit in the quarter fell; the year-ago quarter was weak."),
            pairs(&[
                ("the quarter", "2026-Q3"),
                ("the year-ago quarter", "2025-Q3")
            ])
        );
        assert_eq!(
            run("Sales beat the fiscal 2024 first quarter and year-earlier levels."),
            pairs(&[
                ("the fiscal 2024 first quarter", "2024-Q1"),
                ("year-earlier", "2023-Q1")
            ])
        );
        // "a year earlier" counts from the year last mentioned, "a year ago" from the DCT.
        assert_eq!(
            run("It fell in 2024 from a year earlier, and from a year ago."),
            pairs(&[
                ("2024", "2024"),
                ("a year earlier", "2023"),
                ("a year ago", "2025")
            ])
        );
    }

    #[test]
    fn sets_carry_calendar_values() {
        assert_eq!(
            run("They meet every Monday and on Tuesday nights, and each July."),
            pairs(&[
                ("every Monday", "XXXX-WXX-1"),
                ("Tuesday nights", "XXXX-WXX-2TNI"),
                ("each July", "XXXX-07"),
            ])
        );
        assert!(run("It pays a quarterly dividend at its annual meeting.").is_empty());
        assert_eq!(
            run("Dividends are paid quarterly."),
            pairs(&[("quarterly", "P1Q")])
        );
    }

    #[test]
    fn schedules_and_present_tense_look_ahead() {
        // A past verb nearby, but a date a few weeks ahead is a schedule.
        assert_eq!(
            value_of(
                "The company said it will redeem the preferred shares on Nov. 15.",
                "Nov. 15"
            )
            .as_deref(),
            Some("2026-11-15")
        );
        // A present-tense verb is nearer than "said": the nearest January.
        assert_eq!(
            value_of(
                "The firm said it is calling the bonds on Jan. 20.",
                "Jan. 20"
            )
            .as_deref(),
            Some("2027-01-20")
        );
        // Far enough back, a past clause still means the past.
        assert_eq!(
            value_of("The firm said it redeemed the bonds on Feb. 2.", "Feb. 2").as_deref(),
            Some("2026-02-02")
        );
        assert_eq!(
            value_of("In recent years prices rose.", "recent years").as_deref(),
            Some("PAST_REF")
        );
    }

    #[test]
    fn centuries_are_their_first_two_digits() {
        assert_eq!(
            value_of(
                "The chapel dates from the 11th century.",
                "the 11th century"
            )
            .as_deref(),
            Some("10")
        );
        assert_eq!(
            value_of(
                "Steel changed the city in the 20th century.",
                "the 20th century"
            )
            .as_deref(),
            Some("19")
        );
    }

    #[test]
    fn the_adjective_recent_is_not_a_date() {
        let found: Vec<String> = run("The recent storm closed the port. It recently reopened.")
            .into_iter()
            .map(|(t, _)| t)
            .collect();
        assert_eq!(found, vec!["recently".to_string()]);
    }
}
