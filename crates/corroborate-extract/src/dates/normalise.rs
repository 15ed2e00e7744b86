//! The normaliser: each recognised expression to a TIMEX3 type and value, against the
//! context's anchor.
//!
//! About 1,000 lines on purpose: one arm per recognition rule of `rules.rs`, so a rule's
//! value sits beside its neighbours' and the conventions (granularity, anchor, direction) are
//! read and changed in one place. Shared helpers live in `context.rs` and `words.rs`.

use super::*;
use crate::quantities::{TENS_WORDS, UNITS_WORDS};

pub(super) fn normalise(rule: Rule, ctx: &mut Ctx, span: Span) -> Option<Timex> {
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
                    let (tense, schedule) = ctx.tense_and_schedule(span);
                    match ctx.month_day(m, d, tense, schedule) {
                        Err(()) => None,
                        Ok(Some(date)) => Some(fmt_day(date)),
                        Ok(None) => Some(format!("XXXX-{m:02}-{d:02}")),
                    }
                }
            };
            Some(timex(span, TimexType::Date, value))
        }
        Rule::Holiday => holiday(ctx, span, &lw),
        Rule::WeekOf => {
            // "the last week of March": the ISO week of the month's last Thursday (the week
            // most of whose days are in the month); "the first week" that of the first.
            let m = words_of(s).into_iter().find_map(month_of)?;
            let year = lw
                .iter()
                .find_map(|w| (w.len() == 4).then(|| w.parse::<i16>().ok()).flatten());
            let (tense, schedule) = ctx.tense_and_schedule(span);
            let y = year.or_else(|| ctx.month(m, tense, schedule));
            let n: i8 = match lw.get(1).map(String::as_str) {
                Some("second") => 2,
                Some("third") => 3,
                Some("fourth") => 4,
                Some("last" | "final") => 0,
                _ => 1,
            };
            let thursday = y.and_then(|y| {
                let first = Date::new(y, m, 1).ok()?;
                if n == 0 {
                    let last = first.last_of_month();
                    let back = (last.weekday().to_monday_one_offset() - 4).rem_euclid(7);
                    add_days(last, -i64::from(back))
                } else {
                    let fwd = (4 - first.weekday().to_monday_one_offset()).rem_euclid(7);
                    add_days(first, i64::from(fwd + 7 * (n - 1)))
                }
            });
            let value = thursday.map_or("XXXX-WXX".to_string(), fmt_week);
            Some(timex(span, TimexType::Date, Some(value)))
        }
        Rule::TimeOfDay => {
            // "5 p.m. EST Nov. 9": the clock time, then the day it falls on.
            let month_at = s
                .char_indices()
                .filter(|(i, c)| {
                    c.is_ascii_alphabetic() && (*i == 0 || s.as_bytes()[i - 1] == b' ')
                })
                .find(|(i, _)| month_of(s[*i..].split([' ', '.']).next().unwrap_or("")).is_some())
                .map(|(i, _)| i);
            // "16:15 UTC, June 1st": the day after a comma is its own expression but fixes
            // this one.
            let after = ctx.text.get(span.end..).unwrap_or("");
            let after_comma = after
                .strip_prefix(", ")
                .filter(|a| a.split([' ', '.']).next().and_then(month_of).is_some())
                .map(|a| a.get(..a.len().min(16)).unwrap_or(a));
            let (clock, date_part) = match month_at {
                Some(i) => (&s[..i], Some(&s[i..])),
                None => (s, after_comma),
            };
            let date_day = date_part.and_then(|p| {
                let m = month_of(p.split([' ', '.']).next()?)?;
                let digits: String = p
                    .trim_start_matches(|c: char| !c.is_ascii_digit())
                    .chars()
                    .take_while(char::is_ascii_digit)
                    .collect();
                let d: i8 = digits.parse().ok()?;
                let (tense, schedule) = ctx.tense_and_schedule(span);
                ctx.month_day(m, d, tense, schedule).ok().flatten()
            });
            let s = clock;
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
            // "10:30 a.m. local time Thursday": the weekday after "local time" is its own
            // expression but fixes this one.
            let local_day = after
                .strip_prefix(" local time")
                .map(|a| a.trim_start_matches([',', ' ']))
                .map(|a| a.strip_prefix("on ").unwrap_or(a))
                .and_then(|a| a.split(|c: char| !c.is_ascii_alphabetic()).next())
                .filter(|w| w.starts_with(|c: char| c.is_ascii_uppercase()))
                .and_then(weekday_of);
            let wd = lw.iter().find_map(|w| weekday_of(w)).or(local_day);
            let day = if date_day.is_some() {
                date_day
            } else if let Some(wd) = wd {
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
                let (tense, schedule) = ctx.tense_and_schedule(span);
                dct.map(|d| {
                    let cur = (d.month() - 1) / 3 + 1;
                    match tense {
                        // The quarter just ended is still being reported on: not next year's.
                        Tense::Future if q != 0 && q + 1 < cur => d.year() + 1,
                        // The next quarter after a main verb is a plan ("said it would close
                        // plants during the fourth quarter", written in August).
                        Tense::Past if q == cur + 1 && schedule => d.year(),
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
            // "its fourth quarter": the possessive is not part of the date either.
            if adjective && lw.first().is_some_and(|w| w == "the")
                || lw.first().is_some_and(|w| w == "its")
            {
                let skip = s.find(char::is_whitespace).unwrap_or(0);
                let skip = skip + s.get(skip..).map_or(0, |r| r.len() - r.trim_start().len());
                span = Span::new(span.start + skip, span.end);
            }
            Some(timex(span, TimexType::Date, value))
        }
        Rule::QuarterRef => quarter_ref(ctx, span, &lw),
        Rule::FiscalYear => {
            // "the year ended Sept. 30": the twelve months up to that day, a length; "the full
            // year", "the fiscal year": the year being reported (the DCT's; "the latest fiscal
            // year" is the one before).
            if let Some(end) = lw.iter().position(|w| w == "ended" || w == "ending") {
                let len = s
                    .rfind(char::is_whitespace)
                    .filter(|_| end + 1 == lw.len())
                    .and_then(|i| s.get(..i))
                    .map_or(s.len(), |p| p.trim_end().len());
                return Some(timex(
                    Span::new(span.start, span.start + len),
                    TimexType::Duration,
                    Some("P1Y".into()),
                ));
            }
            let shift = if lw.iter().any(|w| w == "latest") {
                -1
            } else {
                0
            };
            // "for the week", "during the month": the DCT's. The pattern took the character
            // after the unit: it is not part of the expression.
            let core = s.trim_end_matches(|c: char| !c.is_ascii_alphanumeric());
            let span = Span::new(span.start, span.start + core.len());
            let unit = lower_words(core)
                .last()
                .and_then(|w| unit_of(w))
                .unwrap_or(Unit::Year);
            Some(timex(
                span,
                TimexType::Date,
                calendar_unit(dct, unit, shift),
            ))
        }
        Rule::Half => {
            // "the second half of 1989" is `1989-H2`; "the last half of the '80s" is the decade.
            let h = if lw.iter().any(|w| w == "first") {
                1
            } else {
                2
            };
            let last = lw.last()?;
            let value = if last.ends_with("0s") {
                let digits: String = last.chars().filter(char::is_ascii_digit).collect();
                digits.get(..1).map(|d| format!("19{d}"))
            } else if last.len() == 4 && last.bytes().all(|b| b.is_ascii_digit()) {
                Some(format!("{last}-H{h}"))
            } else {
                let shift = match lw.len().checked_sub(2).map(|i| lw[i].as_str()) {
                    Some("last") => -1,
                    Some("next") => 1,
                    _ => 0,
                };
                Some(match dct {
                    Some(d) => format!("{:04}-H{h}", i64::from(d.year()) + shift),
                    None => format!("XXXX-H{h}"),
                })
            };
            Some(timex(span, TimexType::Date, value))
        }
        Rule::Bound => {
            let modifier = mod_of(&lw);
            // "the end of 1990": that year, at its end.
            if let Some(y) = lw
                .last()
                .filter(|w| w.len() == 4 && w.bytes().all(|b| b.is_ascii_digit()))
            {
                let mut t = timex(span, TimexType::Date, Some(y.clone()));
                t.modifier = modifier;
                return Some(t);
            }
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
                            | "no"
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
                    } else if matches!(unit, Unit::Week | Unit::Month | Unit::Year)
                        && ctx
                            .last_value
                            .as_deref()
                            .is_some_and(|v| day_of_value(v).is_none())
                    {
                        // "a month later" after "in March 1998": counted from the month or
                        // year last mentioned when that was coarser than a day.
                        ctx.last_value_date().or(ctx.anchor_day())
                    } else {
                        ctx.anchor_day()
                    };
                    // "a year earlier" after "the third quarter": the same quarter a year before.
                    let of_reference = (unit == Unit::Year)
                        .then_some(())
                        .and(n.filter(|n| n.fract() == 0.0 && *n < 100.0))
                        .and_then(|n| {
                            let v = ctx.last_value.clone()?;
                            // "a year earlier" after a day ("the quarter ended Sept. 30") is
                            // that period, not that day: the quarter reported, else the year.
                            let v = if day_of_value(&v).is_some() {
                                match ctx.last_quarter {
                                    Some((y, q)) => format!("{y:04}-Q{q}"),
                                    None => v.get(..4)?.to_string(),
                                }
                            } else {
                                v
                            };
                            let v = v.as_str();
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
        Rule::SpokenYear => spoken_year(span, &lw),
        Rule::VagueDuration => {
            // "in recent years": some time before now, not a length; "recent weeks" and
            // "recent months" are the stretch of weeks or months up to now.
            if lw.first().is_some_and(|w| w == "recent")
                && !lw.iter().any(|w| w == "weeks" || w == "months")
            {
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
            // "no more than sixty days": at most.
            let at_most_least = lw.first().is_some_and(|w| w == "no");
            let lw = if at_most_least { lw[1..].to_vec() } else { lw };
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
            // "the two-week strike", "the 30-day period": the article belongs to the noun.
            let mut span = span;
            if s.len() > 4
                && s[..4].eq_ignore_ascii_case("the ")
                && !s.contains("latest")
                && s.contains('-')
            {
                let lead = 4 + s[4..].len() - s[4..].trim_start().len();
                span = Span::new(span.start + lead, span.end);
            }
            let mut t = timex(span, TimexType::Duration, Some(duration_value(n, unit)));
            t.modifier = match lw.first().map(String::as_str) {
                Some("more") if at_most_least => Some("EQUAL_OR_LESS"),
                Some("less") if at_most_least => Some("EQUAL_OR_MORE"),
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
            // "June last year": the year phrase is part of the expression.
            let inner = lw.iter().any(|w| w == "year").then(|| {
                if lw.iter().any(|w| w == "last") {
                    -1
                } else if lw.iter().any(|w| w == "next") {
                    1
                } else {
                    0
                }
            });
            let year = year.or_else(|| Some(dct?.year() + inner?));
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
            // "mid-November": the month may follow a hyphen.
            let month = ws.iter().flat_map(|w| w.split('-')).find_map(month_of);
            if let Some(m) = month {
                let (tense, schedule) = ctx.tense_and_schedule(span);
                // "since January", "from January to September": the start of a span that has
                // begun, never a plan.
                let start = matches!(
                    prev_word(ctx.text, span.start)
                        .to_ascii_lowercase()
                        .as_str(),
                    "since" | "from"
                );
                let y = year.or_else(|| ctx.month(m, tense, schedule && !start));
                let value = match y {
                    Some(y) => fmt_month(y, m),
                    None => format!("XXXX-{m:02}"),
                };
                let mut t = timex(span, TimexType::Date, Some(value));
                t.modifier = modifier;
                return Some(t);
            }
            let season = ws.iter().flat_map(|w| w.split('-')).find_map(season_of)?;
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
                Some("current") if lw.first().is_some_and(|w| w == "then") => "PAST_REF",
                Some("current") => "PRESENT_REF",
                // "soon" in a past clause is soon after some past event: no value of its own.
                Some("soon") if ctx.tense(span) == Tense::Past => return None,
                Some("now" | "currently" | "nowadays" | "present" | "presently" | "being") => {
                    "PRESENT_REF"
                }
                Some("future" | "term" | "soon") => "FUTURE_REF",
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

/// The day a named holiday falls on in year `y` ("thanksgiving" is the fourth Thursday of
/// November); `lw` are the expression's lower-case words.
fn holiday_in(lw: &[String], y: i16) -> Option<Date> {
    let has = |k: &str| lw.iter().any(|w| w == k);
    // The `n`th (from 1; 0 = the last) weekday `wd` (Monday = 1) of month `m`.
    let nth = |m: i8, wd: i8, n: i8| -> Option<Date> {
        let first = Date::new(y, m, 1).ok()?;
        let off = (wd - first.weekday().to_monday_one_offset()).rem_euclid(7);
        if n > 0 {
            add_days(first, i64::from(off + 7 * (n - 1)))
        } else {
            let last = first.last_of_month();
            let back = (last.weekday().to_monday_one_offset() - wd).rem_euclid(7);
            add_days(last, -i64::from(back))
        }
    };
    let fixed = |m: i8, d: i8| Date::new(y, m, d).ok();
    if has("christmas") {
        fixed(12, if has("eve") { 24 } else { 25 })
    } else if has("new") {
        if has("eve") {
            fixed(12, 31)
        } else {
            fixed(1, 1)
        }
    } else if has("thanksgiving") {
        nth(11, 4, 4)
    } else if has("memorial") {
        nth(5, 1, 0)
    } else if has("labor") {
        nth(9, 1, 1)
    } else if has("veterans") {
        fixed(11, 11)
    } else if lw.iter().any(|w| w.starts_with("valentine")) {
        fixed(2, 14)
    } else if has("halloween") {
        fixed(10, 31)
    } else if has("july") {
        fixed(7, 4)
    } else {
        // Easter Sunday (anonymous Gregorian computus); Good Friday two days before.
        let (a, b, c) = (y % 19, y / 100, y % 100);
        let (d, e) = (b / 4, b % 4);
        let g = (8 * b + 13) / 25;
        let h = (19 * a + b - d - g + 15) % 30;
        let (i, k) = (c / 4, c % 4);
        let l = (32 + 2 * e + 2 * i - h - k) % 7;
        let m = (a + 11 * h + 19 * l) / 433;
        let month = i8::try_from((h + l - 7 * m + 90) / 25).ok()?;
        let day = i8::try_from((h + l - 7 * m + 33 * i16::from(month) + 19) % 32).ok()?;
        let sunday = Date::new(y, month, day).ok()?;
        if has("good") {
            add_days(sunday, -2)
        } else {
            Some(sunday)
        }
    }
}

/// A named holiday ("Christmas", "last Thanksgiving", "New Year's Day 1999"): its day in the
/// year given, else in the year "last"/"next" or the clause's tense points to (as a month
/// and day without a year); without a DCT, the month and day alone when they are fixed.
pub(super) fn holiday(ctx: &mut Ctx, span: Span, lw: &[String]) -> Option<Timex> {
    let year = lw
        .iter()
        .find(|w| w.len() == 4 && w.bytes().all(|b| b.is_ascii_digit()))
        .and_then(|w| w.parse::<i16>().ok());
    let day = match (year, ctx.dct) {
        (Some(y), _) => holiday_in(lw, y),
        (None, Some(dct)) => {
            let cands: Vec<Date> = (dct.year().saturating_sub(1)..=dct.year().saturating_add(1))
                .filter_map(|y| holiday_in(lw, y))
                .collect();
            match lw.first().map(String::as_str) {
                Some("last") => cands.iter().rev().find(|c| **c < dct).copied(),
                Some("next") => cands.iter().find(|c| **c > dct).copied(),
                _ => {
                    let (tense, schedule) = ctx.tense_and_schedule(span);
                    ctx.pick_day(&cands, tense, false, schedule)
                }
            }
        }
        (None, None) => None,
    };
    let value = day.map(fmt_day).or_else(|| {
        // Without a DCT a fixed holiday keeps its month and day; a movable one has none.
        let d = holiday_in(lw, 2001)?;
        let fixed =
            matches!(holiday_in(lw, 2002), Some(e) if (e.month(), e.day()) == (d.month(), d.day()));
        fixed.then(|| format!("XXXX-{:02}-{:02}", d.month(), d.day()))
    });
    Some(timex(span, TimexType::Date, value))
}

/// A past marker that leaves no room for a plan: an auxiliary ("was held in December") or a
/// word that points back by itself ("last", "ago").
pub(super) fn is_past_auxiliary(w: &str) -> bool {
    matches!(w, "was" | "were" | "had" | "did" | "last" | "ago")
}

/// A calendar value (`1989`, `1989-Q3`, `1989-10`, `1989-10-27`) moved by `years`; `None`
/// for any other value.
pub(super) fn shift_years(v: &str, years: i64) -> Option<String> {
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
pub(super) fn quarter_of_value(v: &str) -> Option<(i16, i8)> {
    let (y, q) = v.split_once("-Q")?;
    let q: i8 = q.parse().ok().filter(|q| (1..=4).contains(q))?;
    Some((y.parse().ok().filter(|_| y.len() == 4)?, q))
}

/// "the quarter", "the latest period", "the year-ago quarter", "the 1988 period",
/// "year-earlier": the quarter being reported (the last one mentioned, else the one before the
/// DCT's), moved a year back for "year-ago"; a bare "year-earlier" moves the last value
/// mentioned, at its own granularity.
pub(super) fn quarter_ref(ctx: &mut Ctx, span: Span, lw: &[String]) -> Option<Timex> {
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
pub(super) fn calendar_unit(base: Option<Date>, unit: Unit, shift: i64) -> Option<String> {
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
pub(super) fn relative_unit(base: Option<Date>, unit: Unit, n: i64) -> Option<String> {
    match unit {
        Unit::Day => match base {
            Some(d) => add_days(d, n).map(fmt_day),
            None => Some("XXXX-XX-XX".into()),
        },
        Unit::Hour | Unit::Minute | Unit::Second => Some(base.map_or("XXXX-XX-XX".into(), fmt_day)),
        _ => calendar_unit(base, unit, n),
    }
}

pub(super) fn deictic(ctx: &mut Ctx, span: Span, lw: &[String]) -> Option<Timex> {
    let the = lw.first().is_some_and(|w| w == "the");
    // "this past weekend", "this coming Sunday": "this" adds nothing to the direction.
    let this_dir = lw.get(usize::from(the)).is_some_and(|w| w == "this")
        && lw
            .get(usize::from(the) + 1)
            .is_some_and(|w| w == "past" || w == "coming");
    let words: Vec<&str> = lw
        .iter()
        .map(String::as_str)
        .skip(usize::from(the) + usize::from(this_dir))
        .collect();
    let (&det, rest) = words.split_first()?;
    let last = rest.last().copied()?;
    let dct = ctx.dct;
    // "the same month a year ago", "the same week last year": the month (week, day) last
    // mentioned, else the DCT's, a year back.
    if det == "same" && rest.len() > 1 {
        let unit = unit_of(rest.first()?)?;
        let base = if unit == Unit::Day {
            ctx.anchor_day()
        } else {
            ctx.last_value_date().or(ctx.anchor_day())
        };
        let back = base.and_then(|d| add_months(d, -12));
        return Some(timex(
            span,
            TimexType::Date,
            back.and_then(|d| calendar_unit(Some(d), unit, 0)),
        ));
    }
    // Weekday: "last Friday", "next Monday", "this Thursday".
    if let Some(wd) = weekday_of(last) {
        // "the previous Friday", "the following Monday" count from the day last mentioned, as
        // "the previous week" does; "last Friday", "next Monday" from the DCT.
        let dct = if matches!(det, "previous" | "following") {
            ctx.anchor_day()
        } else {
            dct
        };
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
    // "the next day": the day after the one last mentioned, as "the following day".
    if the && det == "next" && unit == Unit::Day {
        let v = ctx.anchor_day().and_then(|d| add_days(d, 1)).map(fmt_day);
        return Some(timex(
            span,
            TimexType::Date,
            v.or(Some("XXXX-XX-XX".into())),
        ));
    }
    // "the last week", "the coming months": a length of time.
    if the && matches!(det, "past" | "last" | "coming" | "next") && unit != Unit::Weekend {
        return Some(timex(
            span,
            TimexType::Duration,
            Some(duration_value(Some(1.0), unit)),
        ));
    }
    // "that quarter": the quarter last mentioned.
    if matches!(det, "that" | "same") && unit == Unit::Quarter {
        if let Some((y, q)) = ctx.last_quarter {
            return Some(timex(span, TimexType::Date, Some(format!("{y:04}-Q{q}"))));
        }
    }
    // "the following month", "the previous year": counted from the last date mentioned, at
    // whatever granularity it had ("in March ... the following month" is April).
    // A day counts from the last day mentioned ("the following day").
    let anaphoric = if unit == Unit::Day {
        ctx.anchor_day()
    } else {
        ctx.last_value_date().or(ctx.anchor_day())
    };
    let (base, shift) = match det {
        "this" | "current" => (dct, 0),
        "same" | "that" => (anaphoric, 0),
        "last" | "past" => (dct, -1),
        "previous" => (anaphoric, -1),
        "following" => (anaphoric, 1),
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

pub(super) fn relative_day(ctx: &mut Ctx, span: Span, lw: &[String]) -> Option<Timex> {
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
    let day = if has("yesterday") || has("last") {
        // "last night" is the night before the DCT.
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
        // "the day" (as in "shares closed up on the day"): the day last mentioned, else the
        // day of the report.
        ctx.anchor_day()
    };
    let day_value = day.map_or("XXXX-XX-XX".to_string(), fmt_day);
    let mut t = match part {
        Some(p) => timex(span, TimexType::Time, Some(format!("{day_value}T{p}"))),
        None => timex(span, TimexType::Date, Some(day_value)),
    };
    if lw.first().is_some_and(|w| w == "early" || w == "late") {
        t.modifier = mod_of(lw);
    }
    Some(t)
}

/// A year said in words ("nineteen ninety-six", "the year two thousand", "January nineteen
/// ninety-seven", "the winter of nineteen ninety-four", "the nineties").
pub(super) fn spoken_year(span: Span, lw: &[String]) -> Option<Timex> {
    // Number words have one home: the quantities' lists (a word's index is its value).
    let index = |list: &[&str], w: &str| list.iter().position(|x| !x.is_empty() && *x == w);
    if let Some(d) = lw.last().and_then(|w| {
        let stem = w.strip_suffix("ies")?;
        index(TENS_WORDS, &format!("{stem}y"))
    }) {
        return Some(timex(span, TimexType::Date, Some(format!("19{d}"))));
    }
    let at = lw.iter().position(|w| w == "nineteen" || w == "two")?;
    // "nineteen" may open the year and also end it ("nineteen nineteen").
    let (base, rest) = if lw[at] == "two" {
        (2000, lw.get(at + 2..).unwrap_or_default())
    } else {
        (1900, lw.get(at + 1..).unwrap_or_default())
    };
    let mut n = 0;
    for w in rest {
        if let Some(t) = index(TENS_WORDS, w) {
            n += 10 * t;
        } else if let Some(u) = index(UNITS_WORDS, w) {
            n += u;
        }
    }
    let year = base + n;
    let before = &lw[..at];
    let value = if let Some(m) = before.iter().find_map(|w| month_of(w)) {
        fmt_month(year as i16, m)
    } else if let Some(season) = before.iter().find_map(|w| season_of(w)) {
        format!("{year:04}-{season}")
    } else {
        format!("{year:04}")
    };
    let mut t = timex(span, TimexType::Date, Some(value));
    t.modifier = mod_of(before);
    Some(t)
}
