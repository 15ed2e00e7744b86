//! One merged timeline across articles.
//!
//! **Events.** Every dated expression (a TIMEX3 `DATE`/`TIME` with a calendar value) in an
//! article marks an event: the sentence it stands in. Mentions in different articles are the
//! same event when their sentences share enough content words (Dice ≥ [`SAME_EVENT`]) and their
//! dates are compatible (equal, or one contains the other: "June" and "June 14"). When two
//! articles describe one event in near-identical words (Dice ≥ [`SAME_EVENT_DIFFERENT_DATE`])
//! but give different days, the event keeps both dates and is marked conflicting. Candidates are
//! found through an inverted index over content words, not by comparing all pairs.
//!
//! **Publication dates across articles.** An article whose publication date is unknown cannot
//! resolve "on Friday". When another article dates the same event ("on Friday, Oct. 23",
//! same event by the sentence test above), the bare weekday takes that date, and the article,
//! which reports it in the past, is dated that day. The result is marked inferred, with the
//! evidence in both articles and the reasoning, and the article's dates are resolved again.

use corroborate_core::text::slice_to;
use std::collections::{BTreeMap, BTreeSet};

use corroborate_core::document::{Known, Provenance};
use corroborate_core::{DocId, Span};
use corroborate_extract::dates::{Timex, TimexType};
use jiff::civil::Date;
use serde::{Deserialize, Serialize};

use crate::text::{content_words, dice};
use crate::{Analysed, Cite};

/// Sentence similarity above which two dated mentions with compatible dates are one event.
pub const SAME_EVENT: f64 = 0.3;
/// Sentence similarity above which two mentions are one event even when their days differ.
pub const SAME_EVENT_DIFFERENT_DATE: f64 = 0.5;
/// Minimum similarity for dating a bare weekday from another article.
const WEEKDAY_MATCH: f64 = 0.15;
/// Minimum number of shared content words for dating a bare weekday from another article.
const WEEKDAY_SHARED_WORDS: usize = 2;

/// How precise a date value is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Precision {
    /// A year ("2026").
    Year,
    /// A season ("2026-SU").
    Season,
    /// A month ("2026-06").
    Month,
    /// An ISO week ("2026-W43").
    Week,
    /// A day ("2026-06-14"); parts of a day count as the day.
    Day,
}

/// A calendar value parsed from a TIMEX3 value.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
struct CalValue {
    value: String,
    precision: Precision,
    day: Option<Date>,
}

fn parse_value(v: &str) -> Option<CalValue> {
    let b = v.as_bytes();
    let digits =
        |r: std::ops::Range<usize>| b.get(r).is_some_and(|s| s.iter().all(u8::is_ascii_digit));
    if !digits(0..4) {
        return None;
    }
    if v.len() == 4 {
        return Some(CalValue {
            value: v.into(),
            precision: Precision::Year,
            day: None,
        });
    }
    if b.get(4) != Some(&b'-') {
        return None;
    }
    if b.get(5) == Some(&b'W') && digits(6..8) && v.len() == 8 {
        return Some(CalValue {
            value: v.into(),
            precision: Precision::Week,
            day: None,
        });
    }
    if let Some(season) = v.get(5..) {
        if matches!(season, "SP" | "SU" | "FA" | "WI") {
            return Some(CalValue {
                value: v.into(),
                precision: Precision::Season,
                day: None,
            });
        }
    }
    if !digits(5..7) {
        return None;
    }
    if v.len() == 7 {
        return Some(CalValue {
            value: v.into(),
            precision: Precision::Month,
            day: None,
        });
    }
    if b.get(7) == Some(&b'-') && digits(8..10) && (v.len() == 10 || b.get(10) == Some(&b'T')) {
        let date: Date = v.get(..10)?.parse().ok()?;
        return Some(CalValue {
            value: slice_to(v, 10).to_string(),
            precision: Precision::Day,
            day: Some(date),
        });
    }
    None
}

/// True when `outer` contains `inner` on the calendar (or they are equal).
fn contains(outer: &CalValue, inner: &CalValue) -> bool {
    if outer.value == inner.value {
        return true;
    }
    match (outer.precision, inner.day) {
        (Precision::Week, Some(d)) => {
            let w = d.iso_week_date();
            format!("{:04}-W{:02}", w.year(), w.week()) == outer.value
        }
        (Precision::Year | Precision::Month, _) => {
            inner.precision > outer.precision && inner.value.starts_with(&outer.value)
        }
        _ => false,
    }
}

fn compatible(a: &CalValue, b: &CalValue) -> bool {
    contains(a, b) || contains(b, a)
}

/// One date an event is given, with how many mentions give it.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct EventDate {
    /// TIMEX3 value ("2026-10-23", "2026-06").
    pub value: String,
    /// Its precision.
    pub precision: Precision,
    /// Number of mentions giving it.
    pub mentions: usize,
    /// The documents giving it.
    pub docs: Vec<DocId>,
}

/// One mention of an event: the dated expression and the sentence it stands in.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct EventMention {
    /// The document.
    pub doc: DocId,
    /// The dated expression.
    #[serde(flatten)]
    pub span: Span,
    /// The sentence describing the event.
    pub sentence: Span,
    /// The expression's TIMEX3 value as the article resolved it.
    pub value: String,
}

/// One event on the merged timeline.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Event {
    /// The story the event belongs to, when the timeline is built per story.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub story: Option<String>,
    /// The best-supported, most precise date.
    pub date: String,
    /// Its precision.
    pub precision: Precision,
    /// Every date the articles give the event, best supported first. More than one distinct
    /// day means the articles disagree (`conflicting`).
    pub dates: Vec<EventDate>,
    /// True when articles put the event on different days.
    pub conflicting: bool,
    /// A one-line description taken from the text: the sentence of the first mention.
    pub description: Cite,
    /// Every mention, in document order.
    pub mentions: Vec<EventMention>,
}

/// A publication date inferred from other articles.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct InferredPublished {
    /// The article whose date was inferred.
    pub doc: DocId,
    /// The inferred date.
    pub date: Date,
    /// The reasoning, in one line.
    pub reason: String,
    /// The spans in this and the other article that fix it.
    pub evidence: Vec<Cite>,
}

fn sentence_of(sentences: &[Span], span: Span) -> Span {
    let i = sentences.partition_point(|s| s.end <= span.start);
    match sentences.get(i) {
        Some(s) if s.start <= span.start => *s,
        _ => span,
    }
}

/// How far (in bytes) around a dated expression its event's words are taken from.
const EVENT_WINDOW: usize = 70;

/// The part of `sentence` around `span` that describes the event the expression dates: at most
/// [`EVENT_WINDOW`] bytes on each side, so that two dates in one sentence get their own words.
fn clause_window(text: &str, sentence: Span, span: Span) -> Span {
    let mut start = span.start.saturating_sub(EVENT_WINDOW).max(sentence.start);
    let mut end = (span.end + EVENT_WINDOW).min(sentence.end);
    while start > sentence.start && !text.is_char_boundary(start) {
        start -= 1;
    }
    while end < sentence.end && !text.is_char_boundary(end) {
        end += 1;
    }
    Span::new(start, end)
}

/// A dated mention with everything needed to compare it.
struct Dated {
    doc_index: usize,
    timex: Span,
    sentence: Span,
    value: String,
    cal: CalValue,
    words: BTreeSet<String>,
}

fn dated_mentions(docs: &[Analysed], members: &[usize]) -> Vec<Dated> {
    let mut out = Vec::new();
    for &i in members {
        let Some((p, ex)) = docs.get(i) else { continue };
        for t in &ex.dates {
            // A page's date stamp dates the page, not an event.
            if !matches!(t.kind, TimexType::Date | TimexType::Time)
                || t.anchor.is_some()
                || p.is_ignored(t.span)
            {
                continue;
            }
            let Some(value) = t.value.as_deref() else {
                continue;
            };
            let Some(cal) = parse_value(value) else {
                continue;
            };
            let sentence = sentence_of(&p.seg.sentences, t.span);
            out.push(Dated {
                doc_index: i,
                timex: t.span,
                sentence,
                value: value.to_string(),
                cal,
                words: content_words(p.slice(clause_window(&p.doc.text, sentence, t.span))),
            });
        }
    }
    out
}

/// Weekday number (1 = Monday) of an unresolved bare weekday value `XXXX-WXX-N`.
fn bare_weekday(t: &Timex) -> Option<i8> {
    let v = t.value.as_deref()?;
    let n = v.strip_prefix("XXXX-WXX-")?;
    let n: i8 = n.get(..1)?.parse().ok()?;
    (1..=7).contains(&n).then_some(n)
}

/// Infers publication dates for the articles in `members` whose date is unknown, from other
/// articles that date the same events; updates their metadata and normalises their
/// recognised temporal expressions (`Extraction::undated`) against the new date. The text is
/// not read for expressions again.
/// Runs until nothing changes (an article dated this way can date another).
pub fn infer_publication_dates(docs: &mut [Analysed], members: &[usize]) -> Vec<InferredPublished> {
    let mut inferred = Vec::new();
    loop {
        let known = dated_mentions(docs, members);
        let mut found: Option<(usize, InferredPublished)> = None;
        for &i in members {
            let Some((p, ex)) = docs.get(i) else { continue };
            if p.doc.meta.published.is_some() {
                continue;
            }
            let mut best: Option<(Date, f64, Span, &Dated)> = None;
            for t in &ex.dates {
                let Some(weekday) = bare_weekday(t) else {
                    continue;
                };
                let words = content_words(p.slice(sentence_of(&p.seg.sentences, t.span)));
                for k in known.iter().filter(|k| k.doc_index != i) {
                    let Some(day) = k.cal.day else { continue };
                    if day.weekday().to_monday_one_offset() != weekday {
                        continue;
                    }
                    let shared = words.intersection(&k.words).count();
                    let sim = dice(&words, &k.words);
                    if shared < WEEKDAY_SHARED_WORDS || sim < WEEKDAY_MATCH {
                        continue;
                    }
                    let better = match &best {
                        None => true,
                        Some((d, s, _, _)) => (day, sim) > (*d, *s),
                    };
                    if better {
                        best = Some((day, sim, t.span, k));
                    }
                }
            }
            if let Some((date, _, span, k)) = best {
                let (kp, _) = &docs[k.doc_index];
                let other = kp.doc.meta.outlet.as_ref().map_or_else(
                    || {
                        let name = kp.doc.source.rsplit('/').next().unwrap_or(&kp.doc.source);
                        format!("{name} ({})", kp.doc.id)
                    },
                    |o| o.value.clone(),
                );
                let words: Vec<String> = {
                    let here = content_words(p.slice(sentence_of(&p.seg.sentences, span)));
                    here.intersection(&k.words).take(5).cloned().collect()
                };
                let reason = format!(
                    "“{}” here and “{}” in {other} report the same event (shared words: {}); \
                     that day is {date}, and the article reports it as past, so it is dated {date}",
                    p.slice(span),
                    kp.slice(k.timex),
                    words.join(", ")
                );
                let record = InferredPublished {
                    doc: p.doc.id.clone(),
                    date,
                    reason,
                    evidence: vec![
                        Cite {
                            doc: p.doc.id.clone(),
                            span,
                        },
                        Cite {
                            doc: kp.doc.id.clone(),
                            span: k.timex,
                        },
                    ],
                };
                found = Some((i, record));
                break;
            }
        }
        let Some((i, record)) = found else { break };
        let Some((p, ex)) = docs.get_mut(i) else {
            break;
        };
        p.doc.meta.published = Some(Known {
            value: record.date,
            provenance: Provenance::Inferred {
                evidence: vec![record.evidence[0].span],
                reason: record.reason.clone(),
            },
        });
        ex.dates = corroborate_extract::dates::normalise_candidates(p, &ex.undated);
        ex.undated.clear();
        inferred.push(record);
    }
    inferred
}

/// How many members of an event a new mention is compared with (the first ones): enough to
/// judge wording, and it keeps merging linear however large an event grows.
const COMPARED_MEMBERS: usize = 16;

/// What the merger needs to know about an event without walking all its members.
#[derive(Default)]
struct EventSummary {
    members: Vec<usize>,
    /// Distinct calendar values, with the documents giving each.
    values: BTreeMap<CalValue, BTreeSet<usize>>,
    /// (document, sentence) pairs already in the event.
    sentences: BTreeSet<(usize, Span)>,
}

impl EventSummary {
    fn add(&mut self, mi: usize, m: &Dated) {
        self.members.push(mi);
        self.values
            .entry(m.cal.clone())
            .or_default()
            .insert(m.doc_index);
        self.sentences.insert((m.doc_index, m.sentence));
    }

    /// `None` when `m` cannot join; otherwise whether joining makes the dates conflict.
    /// Every value must be compatible with `m`'s, or be another article's different day; an
    /// article never disagrees with itself, and one sentence never counts twice.
    fn admits(&self, m: &Dated) -> Option<bool> {
        if self.sentences.contains(&(m.doc_index, m.sentence)) {
            return None;
        }
        let mut conflict = false;
        for (value, docs) in &self.values {
            if compatible(&m.cal, value) {
                continue;
            }
            let differing_days = m.cal.precision == Precision::Day
                && value.precision == Precision::Day
                && !docs.contains(&m.doc_index);
            if !differing_days {
                return None;
            }
            conflict = true;
        }
        Some(conflict)
    }
}

/// Builds the merged timeline of the articles in `members`, in chronological order.
pub fn build(docs: &[Analysed], members: &[usize]) -> Vec<Event> {
    let mentions = dated_mentions(docs, members);
    let mut events: Vec<EventSummary> = Vec::new();
    // Inverted index: content word → events holding it (each event listed once per word).
    let mut index: BTreeMap<&str, Vec<usize>> = BTreeMap::new();
    for (mi, m) in mentions.iter().enumerate() {
        let mut candidates: BTreeSet<usize> = BTreeSet::new();
        for w in &m.words {
            if let Some(evs) = index.get(w.as_str()) {
                candidates.extend(evs.iter().copied());
            }
        }
        let mut best: Option<(f64, usize)> = None;
        for e in candidates {
            let Some(conflict) = events[e].admits(m) else {
                continue;
            };
            let score = events[e]
                .members
                .iter()
                .take(COMPARED_MEMBERS)
                .map(|&other| dice(&m.words, &mentions[other].words))
                .fold(0.0, f64::max);
            let needed = if conflict {
                SAME_EVENT_DIFFERENT_DATE
            } else {
                SAME_EVENT
            };
            if score >= needed && best.is_none_or(|(s, _)| score > s) {
                best = Some((score, e));
            }
        }
        let e = match best {
            Some((_, e)) => e,
            None => {
                events.push(EventSummary::default());
                events.len() - 1
            }
        };
        let fresh = events[e].members.len() < COMPARED_MEMBERS;
        events[e].add(mi, m);
        if fresh {
            for w in &m.words {
                let list = index.entry(w.as_str()).or_default();
                if list.last() != Some(&e) {
                    list.push(e);
                }
            }
        }
    }
    let mut out: Vec<Event> = events
        .into_iter()
        .map(|ev| event_from(docs, &mentions, ev.members))
        .collect();
    out.sort_by(|a, b| {
        (&a.date, std::cmp::Reverse(a.precision), &a.description).cmp(&(
            &b.date,
            std::cmp::Reverse(b.precision),
            &b.description,
        ))
    });
    out
}

fn event_from(docs: &[Analysed], mentions: &[Dated], members: Vec<usize>) -> Event {
    let mut by_value: BTreeMap<&str, (Precision, usize, Vec<DocId>)> = BTreeMap::new();
    for &mi in &members {
        let m = &mentions[mi];
        let id = docs[m.doc_index].0.doc.id.clone();
        let entry =
            by_value
                .entry(m.cal.value.as_str())
                .or_insert((m.cal.precision, 0, Vec::new()));
        entry.1 += 1;
        if !entry.2.contains(&id) {
            entry.2.push(id);
        }
    }
    let mut dates: Vec<EventDate> = by_value
        .into_iter()
        .map(|(value, (precision, n, docs))| EventDate {
            value: value.to_string(),
            precision,
            mentions: n,
            docs,
        })
        .collect();
    dates.sort_by(|a, b| {
        (b.mentions, b.precision, &a.value).cmp(&(a.mentions, a.precision, &b.value))
    });
    let days: BTreeSet<&str> = dates
        .iter()
        .filter(|d| d.precision == Precision::Day)
        .map(|d| d.value.as_str())
        .collect();
    // The headline date: the most precise among the best supported, preferring days.
    let best = dates
        .iter()
        .max_by(|a, b| {
            (a.precision, a.mentions, std::cmp::Reverse(&a.value)).cmp(&(
                b.precision,
                b.mentions,
                std::cmp::Reverse(&b.value),
            ))
        })
        .cloned();
    let first = &mentions[members[0]];
    let (date, precision) = best.map_or((first.cal.value.clone(), first.cal.precision), |d| {
        (d.value, d.precision)
    });
    Event {
        story: None,
        date,
        precision,
        conflicting: days.len() > 1,
        dates,
        description: Cite {
            doc: docs[first.doc_index].0.doc.id.clone(),
            span: first.sentence,
        },
        mentions: members
            .iter()
            .map(|&mi| {
                let m = &mentions[mi];
                EventMention {
                    doc: docs[m.doc_index].0.doc.id.clone(),
                    span: m.timex,
                    sentence: m.sentence,
                    value: m.value.clone(),
                }
            })
            .collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_parse_with_precision() {
        assert_eq!(
            parse_value("2026-10-23TAF").unwrap().precision,
            Precision::Day
        );
        assert_eq!(parse_value("2026-10-23TAF").unwrap().value, "2026-10-23");
        assert_eq!(parse_value("2026-W43").unwrap().precision, Precision::Week);
        assert_eq!(parse_value("2026-06").unwrap().precision, Precision::Month);
        assert_eq!(parse_value("2026").unwrap().precision, Precision::Year);
        assert!(parse_value("XXXX-WXX-5").is_none());
        assert!(parse_value("PAST_REF").is_none());
        assert!(parse_value("2026-02-30").is_none());
    }

    #[test]
    fn containment_on_the_calendar() {
        let day = parse_value("2026-10-21").unwrap();
        assert!(contains(&parse_value("2026-W43").unwrap(), &day));
        assert!(contains(&parse_value("2026-10").unwrap(), &day));
        assert!(contains(&parse_value("2026").unwrap(), &day));
        assert!(!contains(&parse_value("2026-W44").unwrap(), &day));
        assert!(!compatible(&day, &parse_value("2026-10-22").unwrap()));
    }
}
