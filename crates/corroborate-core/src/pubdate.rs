//! Publication-date inference from the text, for documents whose manifest or metadata do not
//! give one. Two kinds of evidence fix the date; anything weaker leaves it unknown:
//!
//! 1. A dateline: a line holding only a full date ("March 01, 2008") among the first three
//!    non-empty lines.
//! 2. A weekday + date pair ("Friday, Oct. 23", "Wednesday October 21st"). Without a year,
//!    the calendar picks the most recent year, not after `today`, in which that date falls on
//!    that weekday. A bare weekday that follows the pair in the same paragraph ("… Wednesday
//!    October 21st," the mayor said on Friday) is the next such day after the pair's date
//!    (within six days). The publication date is the latest of these days: news reports
//!    events up to the day it is published.

#![deny(clippy::string_slice)]

use crate::text::{slice, slice_from};
use std::sync::LazyLock;

use jiff::civil::{Date, Weekday};
use regex::Regex;

use crate::document::{Document, Known, Provenance};
use crate::span::Span;

const MONTHS: &str = r"(?P<month>Jan(?:uary|\.)?|Feb(?:ruary|\.)?|Mar(?:ch|\.)?|Apr(?:il|\.)?|May|June?|July?|Aug(?:ust|\.)?|Sept?(?:ember|\.)?|Oct(?:ober|\.)?|Nov(?:ember|\.)?|Dec(?:ember|\.)?)";
const WEEKDAYS: &str = r"(?P<weekday>Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)";

static PAIR: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(&format!(
        r"\b{WEEKDAYS},?[ \t]+\(?{MONTHS}[ \t]*(?P<day>\d{{1,2}})(?:st|nd|rd|th)?\b(?:,?[ \t]+(?P<year>\d{{4}})\b)?"
    ))
    .expect("valid regex")
});

static BARE_WEEKDAY: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(&format!(r"\b{WEEKDAYS}\b")).expect("valid regex"));

static DATELINE: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(&format!(
        r"^\s*(?:{WEEKDAYS},?\s+)?{MONTHS}\s*(?P<day>\d{{1,2}})(?:st|nd|rd|th)?,?\s+(?P<year>\d{{4}})\s*$"
    ))
    .expect("valid regex")
});

/// A calendar date written out in words, as pages show them to readers: "Nov. 19, 2019",
/// "19 November 2019", "Tuesday, November 19, 2019, 9:02 AM", "Wed, 20 Nov 2019 13:38:07 +0000".
/// Month-first dates may lack the year ("Posted Nov 18, 8:19 PM").
static WRITTEN_DATE: LazyLock<Regex> = LazyLock::new(|| {
    let day_first = MONTHS.replace("?P<month>", "?P<month2>");
    Regex::new(&format!(
        r"(?i)\b(?:{MONTHS}\s*(?P<day>\d{{1,2}})(?:st|nd|rd|th)?\b(?:,?\s+(?P<year>\d{{4}})\b)?|(?P<day2>\d{{1,2}})(?:st|nd|rd|th)?\s+{day_first},?\s+(?P<year2>\d{{4}})\b)"
    ))
    .expect("valid regex")
});

/// The first date written out in words in `text`: (year if written, month, day).
pub(crate) fn written_date(text: &str) -> Option<(Option<i16>, i8, i8)> {
    WRITTEN_DATE.captures_iter(text).find_map(|c| {
        let group = |a: &str, b: &str| c.name(a).or_else(|| c.name(b)).map(|m| m.as_str());
        let month = month_number(group("month", "month2")?)?;
        let day: i8 = group("day", "day2")?.parse().ok()?;
        let year = match group("year", "year2") {
            Some(y) => Some(y.parse::<i16>().ok()?),
            None => None,
        };
        (1..=31).contains(&day).then_some((year, month, day))
    })
}

fn month_number(m: &str) -> Option<i8> {
    let m = m.trim_end_matches('.').to_ascii_lowercase();
    let n = match m.get(..3)? {
        "jan" => 1,
        "feb" => 2,
        "mar" => 3,
        "apr" => 4,
        "may" => 5,
        "jun" => 6,
        "jul" => 7,
        "aug" => 8,
        "sep" => 9,
        "oct" => 10,
        "nov" => 11,
        "dec" => 12,
        _ => return None,
    };
    Some(n)
}

fn weekday_of(name: &str) -> Option<Weekday> {
    Some(match name {
        "Monday" => Weekday::Monday,
        "Tuesday" => Weekday::Tuesday,
        "Wednesday" => Weekday::Wednesday,
        "Thursday" => Weekday::Thursday,
        "Friday" => Weekday::Friday,
        "Saturday" => Weekday::Saturday,
        "Sunday" => Weekday::Sunday,
        _ => return None,
    })
}

/// The most recent date with this month, day and weekday that is not after `today`,
/// searching back one full 28-year calendar cycle.
pub fn latest_year_matching(month: i8, day: i8, weekday: Weekday, today: Date) -> Option<Date> {
    (0..=28i16).find_map(|back| {
        let year = today.year().checked_sub(back)?;
        let d = Date::new(year, month, day).ok()?;
        (d <= today && d.weekday() == weekday).then_some(d)
    })
}

/// A dated day found in the text, with the spans that fix it.
struct Fixed {
    date: Date,
    evidence: Vec<Span>,
    reason: String,
}

fn from_dateline(text: &str) -> Option<Fixed> {
    let mut offset = 0;
    let mut seen = 0;
    for line in text.split_inclusive('\n') {
        let here = offset;
        offset += line.len();
        if line.trim().is_empty() {
            continue;
        }
        seen += 1;
        if seen > 3 {
            break;
        }
        let Some(c) = DATELINE.captures(line.trim_end_matches(['\n', '\r'])) else {
            continue;
        };
        let month = month_number(c.name("month")?.as_str())?;
        let day: i8 = c.name("day")?.as_str().parse().ok()?;
        let year: i16 = c.name("year")?.as_str().parse().ok()?;
        let date = Date::new(year, month, day).ok()?;
        let trimmed = line.trim();
        let start = here + (line.len() - line.trim_start().len());
        return Some(Fixed {
            date,
            evidence: vec![Span::new(start, start + trimmed.len())],
            reason: format!("a dateline near the top of the text gives {date}"),
        });
    }
    None
}

fn from_weekday_pairs(text: &str, today: Date) -> Option<Fixed> {
    let mut best: Option<Fixed> = None;
    for c in PAIR.captures_iter(text) {
        let (Some(all), Some(wd), Some(mo), Some(dy)) =
            (c.get(0), c.name("weekday"), c.name("month"), c.name("day"))
        else {
            continue;
        };
        let (Some(weekday), Some(month), Ok(day)) = (
            weekday_of(wd.as_str()),
            month_number(mo.as_str()),
            dy.as_str().parse::<i8>(),
        ) else {
            continue;
        };
        let date = match c.name("year").and_then(|y| y.as_str().parse::<i16>().ok()) {
            Some(year) => match Date::new(year, month, day) {
                Ok(d) if d.weekday() == weekday => d,
                _ => continue,
            },
            None => match latest_year_matching(month, day, weekday, today) {
                Some(d) => d,
                None => continue,
            },
        };
        let pair_span = Span::new(all.start(), all.end());
        let pair_text = all.as_str();
        let mut fixed = Fixed {
            date,
            evidence: vec![pair_span],
            reason: format!(
                "“{pair_text}” is {date}, the latest {} on that date not after {today}",
                wd.as_str()
            ),
        };
        // A bare weekday later in the same paragraph is the next such day after the pair.
        let para_end = slice_from(text, all.end())
            .find("\n\n")
            .map_or(text.len(), |i| all.end() + i);
        for w in BARE_WEEKDAY.captures_iter(slice(text, all.end(), para_end)) {
            let (Some(m), Some(name)) = (w.get(0), w.name("weekday")) else {
                continue;
            };
            let Some(wd2) = weekday_of(name.as_str()) else {
                continue;
            };
            let ahead = (wd2.to_monday_zero_offset() - date.weekday().to_monday_zero_offset())
                .rem_euclid(7);
            if ahead == 0 {
                continue;
            }
            let Ok(later) = date.checked_add(jiff::Span::new().days(i64::from(ahead))) else {
                continue;
            };
            if later > fixed.date && later <= today {
                let s = Span::new(all.end() + m.start(), all.end() + m.end());
                fixed.reason = format!(
                    "“{pair_text}” is {date}; “{}” after it in the same paragraph is {later}",
                    name.as_str()
                );
                fixed.evidence = vec![pair_span, s];
                fixed.date = later;
            }
        }
        if best.as_ref().is_none_or(|b| fixed.date > b.date) {
            best = Some(fixed);
        }
    }
    best
}

/// Fills `doc.meta.published` when it is unknown and the text fixes it, marking it as
/// inferred with its evidence. Leaves it unknown otherwise.
pub fn infer_published(doc: &mut Document, today: Date) {
    if doc.meta.published.is_some() {
        return;
    }
    // Not from the loader's boilerplate (an HTML page's related links or date stamps).
    let in_article = |f: &Fixed| {
        !f.evidence
            .iter()
            .any(|e| doc.ignored.iter().any(|ig| ig.span.overlaps(*e)))
    };
    let fixed = from_dateline(&doc.text)
        .filter(in_article)
        .or_else(|| from_weekday_pairs(&doc.text, today).filter(in_article));
    if let Some(f) = fixed {
        doc.meta.published = Some(Known {
            value: f.date,
            provenance: Provenance::Inferred {
                evidence: f.evidence,
                reason: f.reason,
            },
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::document::SourceFormat;
    use jiff::civil::date;

    fn infer(text: &str, today: Date) -> Option<(Date, Vec<String>)> {
        let mut d = Document::new("t", SourceFormat::Text, text.to_string());
        infer_published(&mut d, today);
        let p = d.meta.published?;
        let Provenance::Inferred { evidence, .. } = p.provenance else {
            panic!("not inferred")
        };
        Some((
            p.value,
            evidence
                .iter()
                .map(|s| s.text(&d.text).to_string())
                .collect(),
        ))
    }

    #[test]
    fn weekday_and_date_pair_fixes_the_year() {
        let (d, ev) = infer(
            "Title\n\nThe council met on Friday, Oct. 23, to vote.",
            date(2026, 12, 2),
        )
        .unwrap();
        assert_eq!(d, date(2026, 10, 23));
        assert_eq!(ev, vec!["Friday, Oct. 23"]);
        // Before Oct 23 2026 the latest Friday Oct. 23 is in 2020.
        let (d, _) = infer("It happened Friday, Oct. 23.", date(2026, 10, 1)).unwrap();
        assert_eq!(d, date(2020, 10, 23));
    }

    #[test]
    fn a_later_bare_weekday_moves_the_date_forward() {
        let t =
            "\"The board accepted it Wednesday October 21st,\" the clerk said on Friday afternoon.";
        let (d, ev) = infer(t, date(2026, 12, 2)).unwrap();
        assert_eq!(d, date(2026, 10, 23));
        assert_eq!(ev, vec!["Wednesday October 21st", "Friday"]);
    }

    #[test]
    fn bare_weekdays_alone_fix_nothing() {
        assert!(infer(
            "The mayor confirmed it on Friday. The report came out Monday.",
            date(2026, 12, 2)
        )
        .is_none());
        assert!(infer("The shooting happened on June 14.", date(2026, 12, 2)).is_none());
    }

    #[test]
    fn wrong_weekday_with_explicit_year_is_ignored() {
        assert!(infer("On Monday, Oct. 23, 2026 it rained.", date(2026, 12, 2)).is_none());
        assert!(infer("On Friday, Feb. 30 it rained.", date(2026, 12, 2)).is_none());
    }

    #[test]
    fn written_dates_in_both_orders_with_and_without_year() {
        assert_eq!(
            written_date("Nov. 19, 2019, 9:02 AM"),
            Some((Some(2019), 11, 19))
        );
        assert_eq!(
            written_date("Wed, 20 Nov 2019 13:38:07 +0000"),
            Some((Some(2019), 11, 20))
        );
        assert_eq!(
            written_date("01:38:07 PM IST Nov 20, 2019"),
            Some((Some(2019), 11, 20))
        );
        assert_eq!(written_date("Posted Nov 18, 8:19 PM"), Some((None, 11, 18)));
        assert_eq!(written_date("Mark 5, 2019"), None);
        assert_eq!(written_date("May 42, 2019"), None);
    }

    #[test]
    fn dateline_line() {
        let (d, ev) = infer(
            "Markets fall\nMarch 01, 2008\nStocks fell on Friday.",
            date(2026, 12, 2),
        )
        .unwrap();
        assert_eq!(d, date(2008, 3, 1));
        assert_eq!(ev, vec!["March 01, 2008"]);
    }
}
