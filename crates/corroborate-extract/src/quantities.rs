//! Quantities: ages, counts, distances, durations, money, percentages and weights.
//!
//! One compiled regular expression finds a number (digits, "1.2 million", or words such as
//! "twenty-five", "a dozen") or a vague amount ("multiple", "dozens of") together with what
//! it measures; the rest is reading the number and naming the unit. A range ("three to four
//! shots") is one quantity with `value` and `value_max`; a unit conversion in parentheses
//! ("40 miles (65 kilometers)") is one quantity with an equivalent in `alt`.

use std::sync::LazyLock;

use corroborate_core::{PreparedDoc, Span, SpanMap};
use regex::{Regex, RegexBuilder, RegexSet};
use serde::{Deserialize, Serialize};

/// What a quantity measures.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum QuantityKind {
    /// An age ("34-year-old", "aged 34", "would have turned two"); unit `year`, `month`, …
    Age,
    /// A count of things ("five officers"); the unit is the counted noun.
    Count,
    /// A distance ("40 miles"); unit `mile`, `km`, …
    Distance,
    /// A length of time ("30 years"); unit `year`, `day`, …
    Duration,
    /// Money ("$1.2 million"); unit is an ISO 4217 code (`USD`, `GBP`, `EUR`).
    Money,
    /// A percentage; unit `percent`.
    Percent,
    /// A weight ("200 pounds"); unit `lb`, `kg`, …
    Weight,
}

/// The same quantity in another unit ("(65 kilometers)" after "40 miles").
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Equivalent {
    /// Where the equivalent is written.
    #[serde(flatten)]
    pub span: Span,
    /// Its value.
    pub value: f64,
    /// Its unit.
    pub unit: String,
}

/// One quantity.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Quantity {
    /// The expression.
    #[serde(flatten)]
    pub span: Span,
    /// The value; for a range, the low end; for a vague amount ("multiple shots"), a lower
    /// bound (2 for "multiple", 3 for "several", 24 for "dozens of").
    pub value: f64,
    /// For a range, the high end.
    pub value_max: Option<f64>,
    /// The unit or counted noun ("year", "officers", "mile", "USD").
    pub unit: String,
    /// What is measured.
    pub kind: QuantityKind,
    /// True for vague amounts ("multiple", "several", "dozens of"): `value` is a lower bound.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub vague: bool,
    /// The same quantity in another unit, written in parentheses right after.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub alt: Option<Equivalent>,
}

impl SpanMap for Quantity {
    fn map_spans(&mut self, f: &dyn Fn(Span) -> Span) {
        self.span.map_spans(f);
        if let Some(a) = &mut self.alt {
            a.span.map_spans(f);
        }
    }
}

/// Finds the quantities of a prepared document, skipping ignored spans.
pub fn extract(doc: &PreparedDoc) -> Vec<Quantity> {
    extract_text(&doc.doc.text, |s| doc.is_ignored(s))
}

/// Number words from zero to nineteen, each at the index of its value.
pub(crate) const UNITS_WORDS: &[&str] = &[
    "zero",
    "one",
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "eleven",
    "twelve",
    "thirteen",
    "fourteen",
    "fifteen",
    "sixteen",
    "seventeen",
    "eighteen",
    "nineteen",
];
/// Tens in words, each at the index of its tens digit (the first two are empty).
pub(crate) const TENS_WORDS: &[&str] = &[
    "", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety",
];

/// Reads a number written in digits ("1,200", "3.5") or words ("twenty-five", "a dozen",
/// "one hundred and five", "two and a half", "1.2 million"). `None` if it is not a number.
pub fn word_number(s: &str) -> Option<f64> {
    let lower = s.trim().to_ascii_lowercase();
    let mut total = 0.0f64;
    let mut current = 0.0f64;
    let mut seen = false;
    let mut words = lower
        .split(|c: char| c.is_whitespace() || c == '-')
        .filter(|w| !w.is_empty())
        .peekable();
    while let Some(w) = words.next() {
        let digits = w.replace(',', "");
        if let Some((a, b)) = digits.split_once('/') {
            // "2 1/2": a fraction after a whole number.
            let (a, b) = (a.parse::<f64>().ok()?, b.parse::<f64>().ok()?);
            if !seen || b == 0.0 || a >= b {
                return None;
            }
            current += a / b;
            continue;
        }
        if let Ok(v) = digits.parse::<f64>() {
            if !v.is_finite() {
                return None;
            }
            current += v;
            seen = true;
            continue;
        }
        if let Some(i) = UNITS_WORDS.iter().position(|u| *u == w) {
            current += i as f64;
        } else if let Some(i) = TENS_WORDS.iter().position(|t| !t.is_empty() && *t == w) {
            current += (i * 10) as f64;
        } else {
            let names_a_number = |w: &&str| {
                UNITS_WORDS.contains(w) || TENS_WORDS.iter().any(|t| !t.is_empty() && t == w)
            };
            match w {
                // "a three-year contract": an article, not one.
                "a" | "an" if !seen && words.peek().is_some_and(names_a_number) => continue,
                "a" | "an" if !seen => {
                    current += 1.0;
                }
                "a" if words.peek() == Some(&"half") => continue,
                "and" if seen => continue,
                "half" if seen => {
                    current += 0.5;
                    continue;
                }
                "dozen" => current = current.max(1.0) * 12.0,
                // "a couple of": two.
                "couple" if current <= 1.0 => {
                    current = 2.0;
                    if words.peek() == Some(&"of") {
                        words.next();
                    }
                }
                "hundred" => current = current.max(1.0) * 100.0,
                "thousand" => {
                    total += current.max(1.0) * 1e3;
                    current = 0.0;
                }
                "million" | "m" => {
                    total += current.max(1.0) * 1e6;
                    current = 0.0;
                }
                "billion" | "bn" => {
                    total += current.max(1.0) * 1e9;
                    current = 0.0;
                }
                "trillion" => {
                    total += current.max(1.0) * 1e12;
                    current = 0.0;
                }
                _ => return None,
            }
        }
        seen = true;
    }
    seen.then_some(total + current)
}

const B: &str = r"(?-u:\b)";
/// Scale abbreviations written onto a sum of money ("$136M", "£88m", "€1.2bn", "$5k"; "MM",
/// a thousand thousand, as finance writes it).
const MONEY_SCALE: &str = r"(?:mm|mn|m|bn|b|k)";
const NUMWORD: &str = r"(?:zero|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred|dozen)";

fn num_re() -> String {
    format!(
        r"(?:(?:\d{{1,3}}(?:,\d{{3}})+|\d+)(?:\.\d+)?|(?:a\s+)?{NUMWORD}(?:(?:-|\s+(?:and\s+)?){NUMWORD}){{0,6}}(?:\s+and\s+a\s+half)?)(?:\s+(?:thousand|million|billion|trillion){B})?"
    )
}

const DIST: &str =
    r"(?:miles?|kilometers?|kilometres?|km|meters?|metres?|feet|foot|ft|yards?|inches|inch)";
const WEIGHT: &str = r"(?:pounds|lbs?|kilograms?|kg|tons?|tonnes?|ounces?)";
const TIME_UNIT: &str = r"(?:years?|months?|weeks?|days?|hours?|minutes?|seconds?|decades?)";
const VAGUE: &str = r"(?:multiple|several|numerous|a\s+few|dozens\s+of|hundreds\s+of|thousands\s+of|millions\s+of|scores\s+of)";

/// The kinds of match, in priority order.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Pat {
    Money,
    Percent,
    Age,
    Range,
    Unit,
    Vague,
    Count,
}

const PATS: [Pat; 7] = [
    Pat::Money,
    Pat::Percent,
    Pat::Age,
    Pat::Range,
    Pat::Unit,
    Pat::Vague,
    Pat::Count,
];

fn pattern(p: Pat) -> String {
    let num = num_re();
    match p {
        Pat::Money => {
            format!(
                r"(?:US|C|A)?[$£€]\s?{num}(?:{MONEY_SCALE}{B})?|{B}{num}\s+(?:dollars|pounds\s+sterling|euros){B}"
            )
        }
        Pat::Percent => format!(r"{B}{num}\s?(?:%|percent{B}|per\s+cent{B})"),
        Pat::Age => format!(
            r"{B}{num}(?:\s?-\s?|\s+)(?:year|month|week|day)s?(?:\s?-\s?|\s+)old{B}|{B}(?:aged|age\s+of|ages\s+of|would\s+have\s+turned|turned|turns|turning)\s+{num}{B}"
        ),
        Pat::Range => format!(r"{B}(?:between\s+)?{num}\s+(?:to|or|and|-)\s+{num}\s+[a-z]+{B}"),
        Pat::Unit => format!(
            r"{B}{num}[\s-]+(?:{DIST}|{WEIGHT}|{TIME_UNIT}){B}(?:\s+\({num}[\s-]+(?:{DIST}|{WEIGHT}){B}\))?"
        ),
        Pat::Vague => format!(r"{B}{VAGUE}\s+[a-z]+(?:\s+[a-z]+)?{B}"),
        Pat::Count => format!(r"{B}{num}\s+(?:[a-z]+\s+)?[a-z]+{B}"),
    }
}

/// Every kind as one case-insensitive alternation (one pass over the text); `\s` never
/// crosses a line break.
static RECOGNISER: LazyLock<Regex> = LazyLock::new(|| {
    let alts: Vec<String> = PATS
        .iter()
        .map(|p| format!("(?:{})", pattern(*p).replace(r"\s", r"[ \t]")))
        .collect();
    RegexBuilder::new(&format!("(?i){}", alts.join("|")))
        .dfa_size_limit(8 << 20)
        .build()
        .unwrap_or_else(|e| panic!("quantity recogniser does not compile: {e}"))
});

/// Each kind anchored at both ends, to classify a match without capture groups.
static PAT_SET: LazyLock<RegexSet> = LazyLock::new(|| {
    RegexSet::new(
        PATS.iter()
            .map(|p| format!("(?i)^(?:{})$", pattern(*p).replace(r"\s", r"[ \t]"))),
    )
    .unwrap_or_else(|e| panic!("quantity patterns do not compile: {e}"))
});

/// Words that cannot be counted nouns after a number ("one of", "two said").
const NOT_NOUNS: &[&str] = &[
    "of", "the", "a", "an", "and", "or", "to", "in", "on", "at", "by", "for", "with", "from",
    "was", "were", "is", "are", "has", "had", "have", "will", "would", "said", "says", "who",
    "that", "which", "he", "she", "it", "they", "we", "i", "you", "his", "her", "their", "its",
    "more", "less", "than", "times", "percent", "am", "pm", "p", "a.m", "p.m", "as", "but",
    "after", "before", "when", "while", "per", "about", "around", "more", "this", "these", "those",
    "not", "also", "could", "should", "may", "might", "can", "did", "do", "does",
];
const PLURAL_IRREGULAR: &[&str] = &[
    "people",
    "men",
    "women",
    "children",
    "police",
    "feet",
    "teeth",
    "mice",
    "geese",
    "staff",
    "personnel",
    "deer",
    "sheep",
    "fish",
    "aircraft",
    "crew",
];
const MONTHS: &[&str] = &[
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
    "jan",
    "feb",
    "mar",
    "apr",
    "jun",
    "jul",
    "aug",
    "sep",
    "sept",
    "oct",
    "nov",
    "dec",
];

/// Singular nouns that end in "s".
const SINGULAR_S: &[&str] = &[
    "news", "series", "species", "bus", "gas", "lens", "physics", "politics", "status", "campus",
    "virus", "census", "bonus", "chaos", "this", "was", "is", "has", "its", "us",
];

fn is_plural(w: &str) -> bool {
    let l = w.to_ascii_lowercase();
    if SINGULAR_S.contains(&l.as_str())
        || l.ends_with("ous")
        || l.ends_with("us")
        || l.ends_with("is")
    {
        return false;
    }
    PLURAL_IRREGULAR.contains(&l.as_str())
        || (l.len() > 2 && l.ends_with('s') && !l.ends_with("ss"))
}

fn canonical_unit(w: &str) -> String {
    let l = w.to_ascii_lowercase();
    let u = match l.as_str() {
        "mile" | "miles" => "mile",
        "kilometer" | "kilometers" | "kilometre" | "kilometres" | "km" => "km",
        "meter" | "meters" | "metre" | "metres" => "m",
        "foot" | "feet" | "ft" => "ft",
        "yard" | "yards" => "yd",
        "inch" | "inches" => "in",
        "pound" | "pounds" | "lb" | "lbs" => "lb",
        "kilogram" | "kilograms" | "kg" => "kg",
        "ton" | "tons" | "tonne" | "tonnes" => "t",
        "ounce" | "ounces" => "oz",
        "year" | "years" => "year",
        "month" | "months" => "month",
        "week" | "weeks" => "week",
        "day" | "days" => "day",
        "hour" | "hours" => "hour",
        "minute" | "minutes" => "minute",
        "second" | "seconds" => "second",
        "decade" | "decades" => "decade",
        _ => return l,
    };
    u.to_string()
}

fn unit_kind(unit: &str) -> QuantityKind {
    match unit {
        "mile" | "km" | "m" | "ft" | "yd" | "in" => QuantityKind::Distance,
        "lb" | "kg" | "t" | "oz" => QuantityKind::Weight,
        _ => QuantityKind::Duration,
    }
}

/// Splits "40 miles" into the number text and the unit word.
fn split_number_unit(s: &str) -> Option<(f64, &str)> {
    let s = s.trim();
    let cut = s.rfind(|c: char| c.is_whitespace() || c == '-')?;
    let (n, u) = (s.get(..cut)?, s.get(cut + 1..)?);
    Some((word_number(n)?, u))
}

fn vague_lower_bound(s: &str) -> f64 {
    let l = s.to_ascii_lowercase();
    if l.starts_with("dozens") {
        24.0
    } else if l.starts_with("hundreds") {
        200.0
    } else if l.starts_with("thousands") {
        2000.0
    } else if l.starts_with("millions") {
        2e6
    } else if l.starts_with("scores") {
        40.0
    } else if l.starts_with("several") || l.starts_with("numerous") {
        3.0
    } else {
        2.0
    }
}

fn quantity(span: Span, value: f64, unit: impl Into<String>, kind: QuantityKind) -> Quantity {
    Quantity {
        span,
        value,
        value_max: None,
        unit: unit.into(),
        kind,
        vague: false,
        alt: None,
    }
}

/// Finds quantities in `text`; `ignored` tells which spans to skip.
pub fn extract_text(text: &str, ignored: impl Fn(Span) -> bool) -> Vec<Quantity> {
    let mut out = Vec::new();
    for m in RECOGNISER.find_iter(text) {
        let Some(pat) = PAT_SET
            .matches(m.as_str())
            .iter()
            .next()
            .and_then(|i| PATS.get(i))
        else {
            continue;
        };
        let span = Span::new(m.start(), m.end());
        if ignored(span) {
            continue;
        }
        let s = m.as_str();
        let q = if *pat == Pat::Money {
            money(span, s)
        } else if *pat == Pat::Percent {
            let n = s.trim_end_matches(|c: char| !c.is_ascii_digit() && c != '.');
            let n = n.trim_end_matches(|c: char| c.is_alphabetic() || c.is_whitespace());
            let numtxt = s
                .to_ascii_lowercase()
                .replace("per cent", "")
                .replace("percent", "")
                .replace('%', "");
            word_number(&numtxt)
                .or_else(|| word_number(n))
                .map(|v| quantity(span, v, "percent", QuantityKind::Percent))
        } else if *pat == Pat::Age {
            age(span, s)
        } else if *pat == Pat::Range {
            range(text, span, s)
        } else if *pat == Pat::Unit {
            with_unit(span, s, m.start())
        } else if *pat == Pat::Vague {
            vague(span, s)
        } else {
            count(text, span, s)
        };
        if let Some(q) = q {
            out.push(q);
        }
    }
    out
}

fn vague(span: Span, s: &str) -> Option<Quantity> {
    let words: Vec<&str> = s.split_whitespace().collect();
    let lead = match words.first().map(|w| w.to_ascii_lowercase()).as_deref() {
        Some("a") => 2,
        Some(w)
            if w.ends_with('s') && words.get(1).is_some_and(|o| o.eq_ignore_ascii_case("of")) =>
        {
            2
        }
        _ => 1,
    };
    let rest = words.get(lead..)?;
    let idx = usize::from(rest.len() == 2 && !is_plural(rest[0]) && is_plural(rest[1]));
    let noun = *rest.get(idx)?;
    if !is_plural(noun) || NOT_NOUNS.contains(&noun.to_ascii_lowercase().as_str()) {
        return None;
    }
    let end = span.start + s.rfind(noun).map_or(s.len(), |i| i + noun.len());
    let currency = match noun.to_ascii_lowercase().as_str() {
        "dollars" => Some("USD"),
        "euros" => Some("EUR"),
        "pounds" => Some("GBP"),
        _ => None,
    };
    if let Some(code) = currency {
        let mut q = quantity(
            Span::new(span.start, end),
            vague_lower_bound(s),
            code,
            QuantityKind::Money,
        );
        q.vague = true;
        return Some(q);
    }
    let unit = canonical_unit(noun);
    let kind = if unit != noun.to_ascii_lowercase() && unit_kind(&unit) == QuantityKind::Duration {
        QuantityKind::Duration
    } else {
        QuantityKind::Count
    };
    let unit = if kind == QuantityKind::Count {
        noun.to_ascii_lowercase()
    } else {
        unit
    };
    let mut q = quantity(Span::new(span.start, end), vague_lower_bound(s), unit, kind);
    q.vague = true;
    Some(q)
}

fn money(span: Span, s: &str) -> Option<Quantity> {
    let l = s.to_ascii_lowercase();
    let (code, rest) = if let Some(i) = s.find('$') {
        let code = match l.get(..i) {
            Some("c") => "CAD",
            Some("a") => "AUD",
            _ => "USD",
        };
        (code, s.get(i + 1..)?)
    } else if let Some(r) = s.strip_prefix('£') {
        ("GBP", r)
    } else if let Some(r) = s.strip_prefix('€') {
        ("EUR", r)
    } else if l.ends_with("dollars") {
        ("USD", s.get(..s.len() - "dollars".len())?)
    } else if l.ends_with("euros") {
        ("EUR", s.get(..s.len() - "euros".len())?)
    } else {
        ("GBP", s.get(..l.find("pounds")?)?)
    };
    let (rest, scale) = money_scale(rest);
    let v = word_number(rest)? * scale;
    Some(quantity(span, v, code, QuantityKind::Money))
}

/// A sum's digits and its scale: "136M" is (136, one million), "1.2bn" (1.2, one billion).
fn money_scale(rest: &str) -> (&str, f64) {
    let digits_end = rest
        .trim_end()
        .rfind(|c: char| c.is_ascii_digit())
        .map_or(0, |i| i + 1);
    let (num, suffix) = rest.trim_end().split_at(digits_end);
    let scale = match suffix.to_ascii_lowercase().as_str() {
        "m" | "mn" | "mm" => 1e6,
        "b" | "bn" => 1e9,
        "k" => 1e3,
        _ => return (rest, 1.0),
    };
    (num, scale)
}

fn age(span: Span, s: &str) -> Option<Quantity> {
    let l = s.to_ascii_lowercase();
    if let Some(cut) = l
        .find(|c: char| c == '-' || c.is_whitespace())
        .filter(|_| l.ends_with("old"))
    {
        // "34-year-old", "two years old", "one-year-old".
        let words: Vec<&str> = l
            .split(|c: char| c == '-' || c.is_whitespace())
            .filter(|w| !w.is_empty())
            .collect();
        let upos = words.iter().position(|w| {
            matches!(
                *w,
                "year" | "years" | "month" | "months" | "week" | "weeks" | "day" | "days"
            )
        })?;
        let v = word_number(&words.get(..upos)?.join(" "))?;
        let _ = cut;
        return Some(quantity(
            span,
            v,
            canonical_unit(words[upos]),
            QuantityKind::Age,
        ));
    }
    // "aged 34", "would have turned two".
    let n = [
        "aged",
        "age of",
        "ages of",
        "would have turned",
        "turned",
        "turns",
        "turning",
    ]
    .iter()
    .find_map(|p| l.strip_prefix(p))?;
    let v = word_number(n)?;
    Some(quantity(span, v, "year", QuantityKind::Age))
}

fn range(text: &str, span: Span, s: &str) -> Option<Quantity> {
    let l = s.to_ascii_lowercase();
    let body = l.strip_prefix("between").unwrap_or(&l).trim_start();
    let noun = body.rsplit(char::is_whitespace).next()?;
    let nums = body.get(..body.len() - noun.len())?.trim_end();
    let (a, b) = [" to ", " or ", " and ", " - "]
        .iter()
        .find_map(|sep| nums.split_once(sep))?;
    let (lo, hi) = (word_number(a)?, word_number(b)?);
    if hi <= lo || NOT_NOUNS.contains(&noun) {
        return None;
    }
    // "the 2008 to 2009 season" is a pair of years, not a range count.
    if !is_plural(noun) && unit_of_word(noun).is_none() {
        return None;
    }
    let start = span.start + (s.len() - s.trim_start().len());
    let _ = text;
    let unit_raw = s.get(s.len() - noun.len()..).unwrap_or(noun);
    let kind = if unit_of_word(noun).is_some() {
        unit_kind(&canonical_unit(noun))
    } else {
        QuantityKind::Count
    };
    let unit = if kind == QuantityKind::Count {
        unit_raw.to_string()
    } else {
        canonical_unit(noun)
    };
    let mut q = quantity(Span::new(start, span.end), lo, unit, kind);
    q.value_max = Some(hi);
    Some(q)
}

fn unit_of_word(w: &str) -> Option<QuantityKind> {
    let u = canonical_unit(w);
    (u != w.to_ascii_lowercase() || matches!(u.as_str(), "km" | "ft" | "kg" | "lb" | "m"))
        .then(|| unit_kind(&u))
}

fn with_unit(span: Span, s: &str, base: usize) -> Option<Quantity> {
    let (main, alt) = match s.find('(') {
        Some(i) => (
            s.get(..i)?.trim_end(),
            Some((i, s.get(i + 1..)?.trim_end_matches(')'))),
        ),
        None => (s, None),
    };
    let (v, unit) = split_number_unit(main)?;
    let unit = canonical_unit(unit);
    let kind = unit_kind(&unit);
    let mut q = quantity(span, v, unit, kind);
    if let Some((i, a)) = alt {
        if let Some((av, au)) = split_number_unit(a) {
            let astart = base + i + 1;
            q.alt = Some(Equivalent {
                span: Span::new(astart, astart + a.len()),
                value: av,
                unit: canonical_unit(au),
            });
        }
    }
    Some(q)
}

fn count(text: &str, span: Span, s: &str) -> Option<Quantity> {
    let words: Vec<&str> = s.split_whitespace().collect();
    // The number is every leading word that reads as a number.
    let mut k = words.len();
    while k > 0 && word_number(&words[..k].join(" ")).is_none() {
        k -= 1;
    }
    if k == 0 || k == words.len() {
        return None;
    }
    let v = word_number(&words[..k].join(" "))?;
    let rest = &words[k..];
    let first = rest.first()?;
    if NOT_NOUNS.contains(&first.to_ascii_lowercase().as_str()) {
        return None;
    }
    // The tail of a spaced-out number ("1 , 000 people") is not a number of its own.
    let before = text.get(..span.start).unwrap_or("").trim_end();
    if before.ends_with(',')
        && before[..before.len() - 1]
            .trim_end()
            .ends_with(|c: char| c.is_ascii_digit())
    {
        return None;
    }
    // A year or a day of the month is not a count ("June 14 shooting", "in 2008 police").
    let prev = prev_word(text, span.start).to_ascii_lowercase();
    let prev = prev.trim_end_matches('.');
    if MONTHS.contains(&prev) || (words[0].len() == 4 && words[0].parse::<u32>().is_ok()) {
        return None;
    }
    if words[0].starts_with(|c: char| c.is_ascii_digit())
        && text
            .get(span.end..)
            .is_some_and(|r| r.starts_with([':', '/']))
    {
        return None;
    }
    let noun_idx = if rest.len() == 2 && !is_plural(rest[0]) && is_plural(rest[1]) {
        1
    } else {
        0
    };
    let noun = rest[noun_idx];
    if NOT_NOUNS.contains(&noun.to_ascii_lowercase().as_str()) {
        return None;
    }
    let plural_ok = if v == 1.0 {
        !is_plural(noun)
    } else {
        is_plural(noun)
    };
    if !plural_ok || !noun.chars().all(|c| c.is_ascii_alphabetic()) {
        return None;
    }
    // Lowercase common nouns only ("five officers"), not names ("Five Guys").
    if noun.starts_with(|c: char| c.is_uppercase()) {
        return None;
    }
    let keep = words[..k + noun_idx + 1].join(" ");
    let end = span.start
        + s.find(noun).map_or(s.len(), |i| {
            // The noun's last occurrence at or after the number.
            let _ = keep;
            i + noun.len()
        });
    Some(quantity(
        Span::new(span.start, end),
        v,
        noun.to_ascii_lowercase(),
        QuantityKind::Count,
    ))
}

fn prev_word(text: &str, at: usize) -> &str {
    let before = text.get(..at).unwrap_or("").trim_end();
    let start = before
        .rfind(|c: char| !(c.is_alphanumeric() || c == '.'))
        .map_or(0, |i| i + 1);
    before.get(start..).unwrap_or("")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(text: &str) -> Vec<Quantity> {
        extract_text(text, |_| false)
    }

    fn one(text: &str) -> Quantity {
        let q = run(text);
        assert_eq!(q.len(), 1, "{text}: {q:?}");
        q[0].clone()
    }

    #[test]
    fn numbers_in_words() {
        assert_eq!(word_number("twenty-five"), Some(25.0));
        assert_eq!(word_number("a dozen"), Some(12.0));
        assert_eq!(word_number("one hundred and five"), Some(105.0));
        assert_eq!(word_number("1.2 million"), Some(1_200_000.0));
        assert_eq!(word_number("2,500"), Some(2500.0));
        assert_eq!(word_number("two and a half"), Some(2.5));
        assert_eq!(word_number("officers"), None);
    }

    #[test]
    fn ages() {
        let q = one("A 1-year-old boy was hurt.");
        assert_eq!(
            (q.value, q.unit.as_str(), q.kind),
            (1.0, "year", QuantityKind::Age)
        );
        assert_eq!(one("The one-year-old smiled.").value, 1.0);
        // Hyphens set off by spaces, as some extracted or tokenised text has them.
        let q = one("A 36 - year - old man was hurt.");
        assert_eq!((q.value, q.kind), (36.0, QuantityKind::Age));
        assert_eq!(one("The 34-year-old man left.").value, 34.0);
        assert_eq!(one("She was aged 34 at the time.").value, 34.0);
        let q = one("He would have turned two on Sunday.");
        assert_eq!((q.value, q.kind), (2.0, QuantityKind::Age));
    }

    #[test]
    fn counts_and_ranges() {
        let q = one("Five officers arrived.");
        assert_eq!((q.value, q.unit.as_str()), (5.0, "officers"));
        let q = one("He fired three to four shots.");
        assert_eq!(
            (q.value, q.value_max, q.unit.as_str()),
            (3.0, Some(4.0), "shots")
        );
        let q = one("Witnesses heard multiple shots.");
        assert!(q.vague);
        assert_eq!(q.unit, "shots");
        let q = one("Multiple news outlets reported it.");
        assert_eq!(q.unit, "outlets");
        let q = one("It took several days.");
        assert_eq!(
            (q.kind, q.unit.as_str(), q.vague),
            (QuantityKind::Duration, "day", true)
        );
        assert_eq!(one("Two women spoke.").value, 2.0);
        assert_eq!(one("A dozen reporters waited.").value, 12.0);
        assert!(run("One of them said so.").is_empty());
        assert!(run("About 1 , 000 people came.")
            .iter()
            .all(|q| q.value != 0.0));
        assert_eq!(one("Five suspicious packages were found.").unit, "packages");
        let q = one("It cost millions of dollars.");
        assert_eq!(
            (q.kind, q.unit.as_str(), q.vague),
            (QuantityKind::Money, "USD", true)
        );
        assert!(run("It happened June 14 shooting.").is_empty());
    }

    #[test]
    fn units_money_percent() {
        let q = one("The town is 40 miles (65 kilometers) south.");
        assert_eq!(
            (q.value, q.unit.as_str(), q.kind),
            (40.0, "mile", QuantityKind::Distance)
        );
        let alt = q.alt.expect("conversion");
        assert_eq!((alt.value, alt.unit.as_str()), (65.0, "km"));
        let q = one("They drove 65 km.");
        assert_eq!(q.unit, "km");
        let q = one("He served 30 years.");
        assert_eq!((q.value, q.kind), (30.0, QuantityKind::Duration));
        let q = one("It cost $1.2 million.");
        assert_eq!((q.value, q.unit.as_str()), (1_200_000.0, "USD"));
        assert_eq!(one("A fine of £500 was paid.").unit, "GBP");
        // A scale written onto the sum.
        let q = one("Thieves took gems worth £88m from the vault.");
        assert_eq!((q.value, q.unit.as_str()), (88_000_000.0, "GBP"));
        assert_eq!(q.span.end - q.span.start, "£88m".len());
        assert_eq!(one("The deal was worth $1.5bn.").value, 1_500_000_000.0);
        assert_eq!(one("She raised $40K online.").value, 40_000.0);
        assert_eq!(one("An offer of $200MM was made.").value, 200_000_000.0);
        // An article before a number word is not "one".
        let q = one("She signed a three-year contract.");
        assert_eq!((q.value, q.kind), (3.0, QuantityKind::Duration));
        assert_eq!(one("They waited a hundred days.").value, 100.0);
        // A word after the sum is not a scale.
        assert_eq!(one("It cost $12 more.").value, 12.0);
        let q = one("Turnout rose 12.5 percent.");
        assert_eq!((q.value, q.kind), (12.5, QuantityKind::Percent));
    }

    #[test]
    fn bad_input_never_panics() {
        let soup: String = (0..20_000)
            .map(|i| char::from(b'0' + (i % 10) as u8))
            .collect();
        let _ = run(&soup);
        let _ = run(&"nine ".repeat(5_000));
        let _ = run("$ $$ 1e999 percent 99999999999999999999999 miles £ € %");
    }
}
