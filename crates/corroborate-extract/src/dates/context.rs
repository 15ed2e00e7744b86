//! The anchoring context of one document: its DCT, the last date mentioned, and the tense of
//! the clause around an expression, which decides the direction of relative expressions.

use super::*;

/// Tense of the clause around an expression.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Tense {
    Past,
    Future,
    /// A present-tense verb ("is calling", "are due"): no direction, and it hides a past
    /// verb further away; reported as `Unknown`.
    Present,
    Unknown,
}

pub(super) struct Ctx<'a> {
    pub(super) text: &'a str,
    pub(super) sentences: &'a [Span],
    pub(super) dct: Option<Date>,
    /// The last day-level date mentioned, for "that day", "the next day", clock times.
    pub(super) reference: Option<Date>,
    /// The last calendar value mentioned (year, quarter, month or day), for "a year earlier".
    pub(super) last_value: Option<String>,
    /// The last quarter mentioned (year, quarter), for "the quarter", "the year-ago period".
    pub(super) last_quarter: Option<(i16, i8)>,
}

pub(super) fn add_days(d: Date, n: i64) -> Option<Date> {
    d.checked_add(jiff::Span::new().days(n)).ok()
}

pub(super) fn add_months(d: Date, n: i64) -> Option<Date> {
    d.checked_add(jiff::Span::new().months(n)).ok()
}

pub(super) fn fmt_day(d: Date) -> String {
    format!("{:04}-{:02}-{:02}", d.year(), d.month(), d.day())
}

pub(super) fn fmt_week(d: Date) -> String {
    let w = d.iso_week_date();
    format!("{:04}-W{:02}", w.year(), w.week())
}

pub(super) fn fmt_month(y: i16, m: i8) -> String {
    format!("{y:04}-{m:02}")
}

/// The day a value denotes, if it names one day ("2026-10-23", "2026-10-23TAF").
pub(super) fn day_of_value(v: &str) -> Option<Date> {
    let d = v.get(..10)?;
    let mut it = d.split('-');
    let y: i16 = it.next()?.parse().ok()?;
    let m: i8 = it.next()?.parse().ok()?;
    let dd: i8 = it.next()?.parse().ok()?;
    Date::new(y, m, dd).ok()
}

pub(super) const FUTURE_WORDS: &[&str] = &[
    "will", "won't", "shall", "would", "'ll", "may", "might", "should", "be", "upcoming", "next",
    "tomorrow",
];
/// Words that mark the future only when followed by "to" ("plans to", "is set to").
pub(super) const FUTURE_BEFORE_TO: &[&str] = &[
    "going",
    "expected",
    "scheduled",
    "set",
    "plans",
    "plan",
    "planned",
    "intends",
    "due",
    "supposed",
    "slated",
    "poised",
    "expects",
    "expect",
    "hopes",
    "hope",
    "aims",
    "intend",
];
pub(super) const PAST_WORDS: &[&str] = &[
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
pub(super) const NOT_PAST_ED: &[&str] = &[
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

pub(super) fn word_tense(w: &str) -> Option<Tense> {
    let l = w.to_ascii_lowercase();
    let l = l.trim_matches(|c: char| !c.is_alphanumeric() && c != '\'');
    if l.ends_with("'ll") || FUTURE_WORDS.contains(&l) {
        return Some(Tense::Future);
    }
    if PAST_WORDS.contains(&l)
        || (l.ends_with("ed") && (l.len() >= 5 || l.ends_with("ied")) && !NOT_PAST_ED.contains(&l))
    {
        return Some(Tense::Past);
    }
    if matches!(l, "is" | "are" | "am") {
        return Some(Tense::Present);
    }
    None
}

/// A month and day without a year at most this many days after the DCT is read as coming, even
/// in a past-tense clause ("said it will redeem the preferred shares on Oct. 31").
pub(super) const SCHEDULE_DAYS: i32 = 45;
/// A month without a year at most this many months after the DCT's is read as coming when the
/// past tense around it comes from a reporting or a main verb ("agreed to buy the line in
/// February", "said it would pay the dividend in January", written in November), not from an
/// auxiliary ("was held in December" is last December).
pub(super) const SCHEDULE_MONTHS: i16 = 3;

pub(super) const CLAUSE_WORDS: &[&str] =
    &["that", "but", "while", "when", "because", "although", "who"];
/// How far around an expression the tense search looks, in bytes (keeps the work linear).
pub(super) const TENSE_WINDOW: usize = 240;

impl Ctx<'_> {
    /// The sentence holding `span` (or a window around it when sentences are missing).
    pub(super) fn sentence(&self, span: Span) -> Span {
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
    pub(super) fn tense(&self, span: Span) -> Tense {
        self.tense_marker(span).0
    }

    /// The tense of the clause around `span` and the word that marks it, with its start, if
    /// any.
    pub(super) fn tense_marker(&self, span: Span) -> (Tense, Option<(String, usize)>) {
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
            // "is to resume trading Tuesday": a plan, so the future.
            if matches!(w, "is" | "are") && lower.get(i + 1).map(String::as_str) == Some("to") {
                return Some(Tense::Future);
            }
            if FUTURE_BEFORE_TO.contains(&w) {
                // "had been due to expire Friday": a plan of the past, so the day is past too.
                let pluperfect = i >= 2 && lower[i - 1] == "been" && lower[i - 2] == "had";
                let t = if pluperfect {
                    Tense::Past
                } else {
                    Tense::Future
                };
                return (lower.get(i + 1).map(String::as_str) == Some("to")).then_some(t);
            }
            // "next to the embassy": a place, not a time to come.
            if w == "next" && lower.get(i + 1).map(String::as_str) == Some("to") {
                return None;
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
        let nearest = |from: usize, to: usize| -> (Tense, Option<(String, usize)>) {
            let mut best: Option<(usize, Tense, usize)> = None;
            for i in from..to.min(words.len()) {
                if in_expr(i) {
                    continue;
                }
                if let Some(t) = tense_at(i) {
                    let d = if i < idx { idx - i } else { i + 1 - end_idx };
                    if best.is_none_or(|(bd, _, _)| d < bd) {
                        best = Some((d, t, i));
                    }
                }
            }
            // "was held": the finite verb is the auxiliary.
            best.map_or((Tense::Unknown, None), |(_, t, i)| {
                let aux = i
                    .checked_sub(1)
                    .filter(|&p| matches!(lower[p].as_str(), "was" | "were" | "had"));
                let at = aux.unwrap_or(i);
                (t, lower.get(at).map(|w| (w.clone(), words[at].0)))
            })
        };
        // "closed until Friday": up to a day still to come, unless a past auxiliary says it
        // has passed ("did not return until Friday", "Until Thursday, they had not …").
        // "effective Feb. 1", "payable Dec. 15": a date set for something to take effect.
        let in_clause = nearest(lo, hi);
        if idx > 0
            && matches!(
                lower[idx - 1].as_str(),
                "until" | "till" | "effective" | "payable"
            )
        {
            let around = match &in_clause {
                (Tense::Unknown, _) => nearest(0, words.len()),
                t => t.clone(),
            };
            let passed = matches!(&around, (Tense::Past, Some((w, _))) if w == "had" || w == "did");
            if !passed || !matches!(lower[idx - 1].as_str(), "until" | "till") {
                return (
                    Tense::Future,
                    lower.get(idx - 1).map(|w| (w.clone(), words[idx - 1].0)),
                );
            }
        }
        let (t, w) = match in_clause {
            // "by early June" with no verb around: a deadline, so the future.
            (Tense::Unknown, _) if idx > 0 && lower[idx - 1] == "by" => (
                Tense::Future,
                lower.get(idx - 1).map(|w| (w.clone(), words[idx - 1].0)),
            ),
            (Tense::Unknown, _) => match nearest(0, lo) {
                (Tense::Unknown, _) => nearest(0, words.len()),
                before => before,
            },
            t => t,
        };
        if t == Tense::Present {
            (Tense::Unknown, w)
        } else {
            (t, w)
        }
    }

    pub(super) fn weekday(&self, wd: i8, tense: Tense) -> Option<Date> {
        let dct = self.dct?;
        let dw = dct.weekday().to_monday_one_offset();
        match tense {
            Tense::Future => add_days(dct, i64::from((wd - dw).rem_euclid(7))),
            _ => add_days(dct, -i64::from((dw - wd).rem_euclid(7))),
        }
    }

    /// The tense around `span`, and whether a day, month or quarter ahead may still be read as
    /// coming in a past clause. It may when the expression is a deadline ("was extended to
    /// Nov. 16", "set for Nov. 3"), or when the past comes from a reporting or main verb
    /// before it ("said it will redeem the shares on Oct. 31"). It may not when the past comes
    /// from an auxiliary ("was last seen Nov. 3") or from the verb of a clause the expression
    /// opens ("In January, a bombing killed a guard": the date is when it happened).
    pub(super) fn tense_and_schedule(&self, span: Span) -> (Tense, bool) {
        let (tense, marker) = self.tense_marker(span);
        let deadline = matches!(
            super::rules::prev_word(self.text, span.start)
                .to_ascii_lowercase()
                .as_str(),
            "to" | "until" | "till" | "through" | "by" | "for"
        );
        let plan = marker.is_some_and(|(word, start)| {
            !super::normalise::is_past_auxiliary(&word) && start < span.start
        });
        (tense, deadline || plan)
    }

    /// A month and day without a year (`schedule`: see [`Context::pick_day`]).
    pub(super) fn month_day(
        &self,
        m: i8,
        d: i8,
        tense: Tense,
        schedule: bool,
    ) -> Result<Option<Date>, ()> {
        // Validate against a leap year so that February 29 stays possible.
        if Date::new(2024, m, d).is_err() {
            return Err(());
        }
        let Some(dct) = self.dct else { return Ok(None) };
        // Four years either side, so that February 29 finds its leap years.
        let cands: Vec<Date> = (dct.year().saturating_sub(4)..=dct.year().saturating_add(4))
            .filter_map(|y| Date::new(y, m, d).ok())
            .collect();
        Ok(self.pick_day(&cands, tense, m == 2 && d == 29, schedule))
    }

    /// Of the yearly recurrences `cands` (sorted) of a day, the one the tense points to:
    /// the last one up to the DCT in a past clause (unless one falls within
    /// [`SCHEDULE_DAYS`] after it and `schedule` allows it), the next one in a future clause,
    /// the nearest otherwise (`leap`: the last one, for February 29).
    pub(super) fn pick_day(
        &self,
        cands: &[Date],
        tense: Tense,
        leap: bool,
        schedule: bool,
    ) -> Option<Date> {
        let dct = self.dct?;
        // A date a few weeks ahead is a schedule ("payable Dec. 7"), whatever verb is near.
        let soon = cands
            .iter()
            .filter(|_| schedule)
            .find(|c| **c > dct && c.since(dct).is_ok_and(|s| s.get_days() <= SCHEDULE_DAYS));
        let pick = match tense {
            Tense::Past if soon.is_some() => soon.copied(),
            Tense::Past => cands.iter().rev().find(|c| **c <= dct).copied(),
            Tense::Future => cands.iter().find(|c| **c >= dct).copied(),
            Tense::Unknown | Tense::Present if leap => {
                cands.iter().rev().find(|c| **c <= dct).copied()
            }
            Tense::Unknown | Tense::Present => cands
                .iter()
                .min_by_key(|c| c.since(dct).map(|s| s.get_days().abs()).unwrap_or(i32::MAX))
                .copied(),
        };
        pick
    }

    /// A month without a year.
    /// `schedule`: a month up to [`SCHEDULE_MONTHS`] ahead is read as coming even in a past
    /// clause.
    pub(super) fn month(&self, m: i8, tense: Tense, schedule: bool) -> Option<i16> {
        let dct = self.dct?;
        let (y, cm) = (dct.year(), dct.month());
        let ahead = (i16::from(m) - i16::from(cm)).rem_euclid(12);
        Some(match tense {
            Tense::Past if schedule && (1..=SCHEDULE_MONTHS).contains(&ahead) => {
                if m > cm {
                    y
                } else {
                    y + 1
                }
            }
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

    /// The first day of the last calendar value mentioned ("1989" → 1989-01-01, "1989-03" →
    /// 1989-03-01, "1989-03-14" itself); `None` for other values (quarters, seasons).
    pub(super) fn last_value_date(&self) -> Option<Date> {
        let v = self.last_value.as_deref()?;
        let mut it = v.split('-');
        let y: i16 = it.next().filter(|y| y.len() == 4)?.parse().ok()?;
        let m: i8 = match it.next() {
            None => 1,
            Some(m) => m.parse().ok()?,
        };
        let d: i8 = match it.next() {
            None => 1,
            Some(d) => d.parse().ok()?,
        };
        Date::new(y, m, d).ok()
    }

    /// The date relative expressions ("that day", "three days later") count from.
    pub(super) fn anchor_day(&self) -> Option<Date> {
        self.reference.or(self.dct)
    }
}
