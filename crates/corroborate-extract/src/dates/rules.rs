//! The recogniser: one pattern per rule, compiled into a single regular expression and a set
//! that tells which rules matched; and the filter that drops false friends ("may" the verb,
//! "2000 jobs").

use super::*;

/// The recognition rules, in priority order (at one start position the first that matches wins).
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub(super) enum Rule {
    Iso,
    Slash,
    MonthDay,
    DayMonth,
    TimeOfDay,
    Holiday,
    Quarter,
    Half,
    WeekOf,
    QuarterRef,
    FiscalYear,
    Bound,
    EarlierThis,
    DurationNext,
    Deictic,
    Ago,
    SpokenYear,
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

pub(super) const RULES: [Rule; 27] = [
    Rule::Iso,
    Rule::Slash,
    Rule::MonthDay,
    Rule::DayMonth,
    Rule::TimeOfDay,
    Rule::Holiday,
    Rule::Quarter,
    Rule::Half,
    Rule::WeekOf,
    Rule::QuarterRef,
    Rule::Bound,
    Rule::EarlierThis,
    Rule::DurationNext,
    Rule::Deictic,
    Rule::Ago,
    Rule::SpokenYear,
    Rule::FiscalYear,
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
pub(super) const B: &str = r"(?-u:\b)";
pub(super) const WD: &str = r"(?:mon|tues|wednes|thurs|fri|satur|sun)day";
pub(super) const SEASON: &str = r"(?:spring|summer|fall|autumn|winter)";
pub(super) const PART: &str = r"(?:morning|afternoon|evening|night|overnight)";
pub(super) const UNIT: &str =
    r"(?:second|minute|hour|day|week|fortnight|month|quarter|year|decade|century)";
pub(super) const UNITS: &str =
    r"(?:seconds|minutes|hours|days|weeks|fortnights|months|quarters|years|decades|centuries)";
/// Adjectives between a number and its unit ("six straight days", "five trading days").
pub(super) const ADJ: &str = r"(?:straight|consecutive|trading|business|working|full|long|short)";
/// Words that make a length approximate or a bound ("nearly two weeks", "more than a year").
pub(super) const APPROX: &str = r"(?:almost|nearly|about|around|roughly|approximately|over|(?:no\s+)?more\s+than|(?:no\s+)?less\s+than|at\s+least|up\s+to)";
/// Words between "the" and a quarter ("the fiscal first quarter", "the year-ago quarter").
pub(super) const QUARTER_MOD: &str = r"(?:fiscal|year-earlier|year-ago|comparable|flat)";
pub(super) const TZ: &str = r"(?:utc|gmt|et|est|edt|ct|cst|cdt|pt|pst|pdt|bst|cet|cest)";
pub(super) const NUMW: &str = r"(?:(?:twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)\s+(?:one|two|three|four|five|six|seven|eight|nine)|\d+(?:\s+[1-9]/[2-9]|\.\d+)?|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|a\s+hundred|hundred|a\s+dozen|dozen|a\s+couple\s+of|couple\s+of)(?:-(?:one|two|three|four|five|six|seven|eight|nine))?(?:\s+and\s+a\s+half)?";
/// Named days whose date a rule gives ("Christmas", "Thanksgiving Day", "New Year's Eve").
pub(super) const HOLIDAY: &str = r"(?:christmas(?:\s+(?:day|eve))?|new\s+year(?:'|’)s\s+(?:day|eve)|thanksgiving(?:\s+day)?|memorial\s+day|labor\s+day|veterans\s+day|valentine(?:'|’)s\s+day|halloween|easter(?:\s+sunday)?|good\s+friday|(?:the\s+)?fourth\s+of\s+july)(?-u:\b)";
pub(super) const TENS: &str = r"(?:twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)";
pub(super) const ONES: &str = r"(?:one|two|three|four|five|six|seven|eight|nine)";
pub(super) const VAGUE: &str = r"(?:several|a\s+few|few|many|some|multiple|a\s+number\s+of|recent|the\s+past\s+few|the\s+last\s+few)";

pub(super) fn month_re() -> String {
    format!(
        "(?:(?:january|february|march|april|may|june|july|august|september|october|november|december){B}|(?:jan|feb|mar|apr|jun|jul|aug|sept|sep|oct|nov|dec)\\.|(?:sept|oct|nov|aug|feb|apr){B})"
    )
}

pub(super) fn rule_pattern(rule: Rule) -> String {
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
            r"{B}(?:\d{{1,2}}(?::\d{{2}})?\s*(?:a\.m\.|p\.m\.|am{B}|pm{B})|\d{{1,2}}:\d{{2}}{B}|noon{B}|midnight{B})(?:\s+{TZ}{B})?(?:\s+\(gmt\s*[+-]\d{{1,2}}\))?(?:\s+(?:on\s+)?(?:{WD}|today|yesterday|tomorrow){B}|\s+(?:on\s+)?{mon}\s*{daynum})?"
        ),
        Rule::Holiday => format!(r"{B}(?:(?:last|next|this)\s+)?(?:{HOLIDAY})(?:,?\s+{year})?"),
        Rule::Quarter => format!(
            r"{B}(?:(?:(?:the|its)\s+)?(?:(?:this|last|next)\s+year's\s+)?(?:(?:{year}|{QUARTER_MOD})[-\s]+)*(?:first|second|third|fourth|final|last|1st|2nd|3rd|4th)[-\s]+quarter(?:\s+of\s+(?:{year}|(?:this|last|next|the)\s+year{B}))?|q[1-4](?:\s+{year})?){B}"
        ),
        Rule::Half => format!(
            r"{B}(?:the\s+)?(?:first|second|last|latter)\s+half\s+of\s+(?:{year}|(?:the|this|last|next)\s+year{B}|the\s+'?\d0s{B})"
        ),
        Rule::WeekOf => format!(
            r"{B}the\s+(?:first|second|third|fourth|last|final)\s+week\s+of\s+{mon}(?:,?\s+{year})?"
        ),
        Rule::QuarterRef => format!(
            r"{B}(?:(?:the|its)\s+(?:(?:{year}|{QUARTER_MOD}|latest|same|corresponding)[-\s]+)*(?:quarter|period)(?:\s+(?:a\s+year\s+(?:ago|earlier)|last\s+year|of\s+last\s+year))?|(?:an?\s+)?year-(?:earlier|ago)(?:\s+(?:quarter|period))?){B}"
        ),
        Rule::FiscalYear => format!(
            r"{B}the\s+(?:(?:fiscal\s+)?year\s+end(?:ed|ing)|(?:full|fiscal|latest\s+fiscal)\s+year){B}|{B}the\s+(?:year|week|month)(?:[ \t.,;:)!?]|$)"
        ),
        Rule::Bound => format!(
            r"{B}(?:the\s+)?(?:end|beginning|start|middle|rest|remainder)\s+of\s+(?:(?:the|this|last|next)\s+(?:day|week|month|year|decade|quarter)|(?:1[6-9]|20)\d{{2}}){B}"
        ),
        Rule::EarlierThis => format!(
            r"{B}(?:(?:earlier|later|early|late)\s+(?:this|last|next)\s+(?:week|month|year|weekend)|(?:earlier|later)\s+in\s+the\s+(?:week|month|year)){B}"
        ),
        Rule::DurationNext => format!(
            r"{B}(?:the\s+)?(?:past|last|next|coming|previous|following|first|final)\s+(?:{NUMW}|several|few|many)\s+(?:{ADJ}\s+)?(?:{UNITS}|{UNIT})(?:\s+or\s+so)?{B}"
        ),
        Rule::Deictic => format!(
            r"{B}the\s+same\s+(?:day|week|month)\s+(?:a\s+year\s+(?:ago|earlier)|(?:of\s+)?(?:the\s+)?(?:last|previous)\s+year){B}|{B}(?:the\s+)?(?:this\s+past|this\s+coming|this|last|next|past|previous|coming|following|same|current|upcoming)\s+(?:(?:fiscal\s+)?{UNIT}{B}|weekend{B}|{WD}{B}|{mon}|{SEASON}{B})|{B}that\s+(?:week|month|quarter|year){B}"
        ),
        Rule::Ago => format!(
            r"{B}(?:{APPROX}\s+)?(?:(?:{NUMW}|{VAGUE})[-\s]+(?:{UNITS}|{UNIT})|an?\s+{UNIT}|{UNITS})(?:\s+or\s+so)?\s+(?:ago|earlier|later|before|after|prior\s+to|from\s+now){B}"
        ),
        Rule::SpokenYear => format!(
            r"{B}(?:(?:(?:the\s+)?(?:(?:early|mid|late|end\s+of|beginning\s+of)[-\s]+)?{SEASON}\s+of\s+|{mon}\s+|the\s+year\s+)?(?:nineteen[-\s]+(?:{TENS}(?:[-\s]+{ONES})?|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen)|two\s+thousand(?:\s+(?:and\s+)?{ONES})?)|the\s+(?:twenties|thirties|forties|fifties|sixties|seventies|eighties|nineties)){B}"
        ),
        Rule::VagueDuration => format!(
            r"{B}(?:(?:days|weeks|months|years|decades|hours)-?long|for\s+(?:days|weeks|months|years|decades|hours)|recent\s+(?:days|weeks|months|years|decades)|coming\s+(?:days|weeks|months|years|quarters)|the\s+(?:days|weeks|months|years)\s+ahead|over\s+the\s+years){B}"
        ),
        Rule::Duration => format!(
            r"{B}(?:{APPROX}\s+)?(?:(?:the\s+(?:latest\s+)?)?(?:{NUMW}|{VAGUE})[-\s]+(?:{ADJ}\s+)?(?:{UNITS}|{UNIT})|an?\s+{UNIT}(?:\s+and\s+a\s+half)?)(?:-long|\s+or\s+so)?{B}"
        ),
        Rule::ModMonth => format!(
            r"{B}(?:(?:the\s+)?(?:early|mid|late|end\s+of|beginning\s+of|start\s+of|middle\s+of)[-\s]+)?(?:{mon}|{SEASON}{B})(?:,?\s+(?:of\s+)?{year}|\s+(?:last|this|next)\s+year{B})?"
        ),
        Rule::ModYear => format!(r"{B}(?:early|mid|late)[-\s]+(?:1[6-9]|20)\d{{2}}{B}"),
        Rule::Decade => format!(
            r"(?:{B}(?:the\s+)?(?:1[6-9]|20)\d0s|'\d0s|{B}\d0s|{B}(?:the\s+)?(?:1\d|2[01]|[1-9])(?:st|nd|rd|th)[-\s]+century){B}"
        ),
        Rule::WeekdayPart => format!(r"{B}{WD}s?(?:\s+{PART}s?)?{B}"),
        Rule::RelativeDay => format!(
            r"{B}(?:(?:early\s+|late\s+|earlier\s+|later\s+)?(?:yesterday|today|tonight|tomorrow)(?:\s+{PART})?|(?:early\s+|late\s+)?last\s+night|(?:early\s+|late\s+|earlier\s+|later\s+)?this\s+{PART}|(?:(?:later|earlier|early|late)\s+)?that\s+(?:day|{PART})|the\s+(?:same|next|following|previous)\s+(?:day|{PART})|the\s+day\s+(?:before|after)|(?:(?:early|late|earlier|later)\s+in\s+)?the\s+day|the\s+weekend){B}"
        ),
        Rule::Year => format!(r"{B}(?:fiscal\s+)?(?:1[6-9]|20)\d{{2}}{B}"),
        Rule::Reference => format!(
            r"{B}(?:now|currently|(?:then\s+)?current|nowadays|at\s+present|presently|for\s+the\s+time\s+being|more\s+recently|recently|the\s+past|the\s+(?:near\s+)?future|the\s+(?:long|near|short)\s+term|(?:very\s+)?soon){B}"
        ),
        Rule::Set => format!(
            r"{B}(?:(?:once|twice|thrice|(?:{NUMW})\s+times)\s+(?:an?|per|each)\s+{UNIT}{B}|annually|weekly|daily|monthly|yearly|quarterly|hourly|every\s+(?:other\s+)?(?:{UNIT}{B}|{WD}{B}|{mon})|each\s+(?:{UNIT}{B}|{WD}{B}|{mon})){B}"
        ),
    }
}

pub(super) fn compiled_rule(rule: Rule) -> String {
    // Expressions never run across a line break.
    rule_pattern(rule).replace(r"\s", r"[ \t]")
}

/// All rules as one ASCII-case-insensitive alternation: finds every expression in one pass.
pub(super) static RECOGNISER: LazyLock<Regex> = LazyLock::new(|| {
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
pub(super) static RULE_SET: LazyLock<RegexSet> = LazyLock::new(|| {
    RegexSetBuilder::new(
        RULES
            .iter()
            .map(|r| format!("(?i-u)^(?:{})$", compiled_rule(*r))),
    )
    .dfa_size_limit(32 << 20)
    .build()
    .unwrap_or_else(|e| panic!("date rules do not compile: {e}"))
});

pub(super) static ISO_RE: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::\d{2})?(Z?))?$")
        .unwrap_or_else(|e| panic!("{e}"))
});

// ---------------------------------------------------------------------------------------------
// Word lists
// ---------------------------------------------------------------------------------------------

/// Words after which a bare month or season name is a date ("in June", "the June shooting").
pub(super) const MONTH_CUES: &[&str] = &[
    "in",
    "for",
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
pub(super) const NOT_NOUNS: &[&str] = &[
    "and", "or", "but", "in", "on", "at", "to", "for", "from", "with", "by", "as", "since",
    "until", "after", "before", "during", "while", "because", "if", "than", "that", "the", "a",
];

/// Words after which a holiday is the day itself ("on Christmas", "until New Year's Day").
const HOLIDAY_PREPOSITIONS: &[&str] = &[
    "on", "before", "after", "at", "over", "since", "until", "till", "by", "for", "through",
    "around", "from", "to", "during",
];

/// Verbs and auxiliaries that make the holiday before them a subject ("Christmas was quiet").
const HOLIDAY_VERBS: &[&str] = &[
    "is",
    "was",
    "were",
    "will",
    "would",
    "has",
    "had",
    "falls",
    "fell",
    "comes",
    "came",
    "approaches",
    "approached",
    "brings",
    "brought",
];

pub(super) fn prev_word(text: &str, at: usize) -> &str {
    let before = text.get(..at).unwrap_or("");
    let trimmed = before.trim_end();
    let start = trimmed
        .rfind(|c: char| !(c.is_alphanumeric() || c == '-' || c == '\''))
        .map(|i| i + 1)
        .unwrap_or(0);
    trimmed.get(start..).unwrap_or("")
}

pub(super) fn next_word(text: &str, at: usize) -> &str {
    let after = text.get(at..).unwrap_or("");
    let trimmed = after.trim_start();
    let end = trimmed
        .find(|c: char| !(c.is_alphanumeric() || c == '-' || c == '\''))
        .unwrap_or(trimmed.len());
    trimmed.get(..end).unwrap_or("")
}

/// Drops false friends: lowercase month and weekday names ("may"), bare month names without a
/// cue ("June Carter"), seasons used as verbs ("prices fall"), numbers that are not years.
pub(super) fn plausible(rule: Rule, text: &str, span: Span) -> bool {
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
        Rule::Holiday => {
            // A holiday is a capitalised name ("Christmas", not "christmas lights" in a
            // lower-case headline slug) and no place ("Christmas Island").
            let name = s.split_whitespace().find(|w| {
                !matches!(
                    w.to_ascii_lowercase().as_str(),
                    "last" | "next" | "this" | "the"
                )
            });
            let capital =
                all_upper || name.is_some_and(|w| w.starts_with(|c: char| c.is_uppercase()));
            let next = next_word(text, span.end);
            // "Christmas sales", "successful Christmas shopping": a modifier of the noun after
            // it names a season of trade, not the day (MEANTIME tags such periods `PXD`); after
            // a preposition ("before Christmas shoppers") or before a verb it is the day.
            // So is one coordinated with another name ("Christmas and New Year sales").
            let prev = prev_word(text, span.start).to_ascii_lowercase();
            let rest = text.get(span.end..).unwrap_or("");
            let next = if matches!(next, "and" | "or") {
                rest.split_whitespace()
                    .skip(1)
                    .find(|w| !w.starts_with(|c: char| c.is_uppercase()))
                    .unwrap_or("")
            } else {
                next
            };
            let next = next.trim_end_matches(|c: char| !c.is_alphanumeric());
            let low_next = next.to_ascii_lowercase();
            let modifier = rest.starts_with(' ')
                && next.starts_with(|c: char| c.is_ascii_lowercase())
                && !NOT_NOUNS.contains(&next)
                && part_of(&low_next).is_none()
                && !HOLIDAY_VERBS.contains(&next)
                && !HOLIDAY_PREPOSITIONS.contains(&prev.as_str());
            capital && !modifier && !matches!(next, "Island" | "Islands")
        }
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
            // "three-quarters of", "more than a quarter of": fractions, not lengths.
            let fraction = low.ends_with("-quarters")
                || low.ends_with("quarter") && next_word(text, span.end).eq_ignore_ascii_case("of");
            !(rest.starts_with("-old")
                || fraction
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
        Rule::Reference if s.to_ascii_lowercase().ends_with("current") => {
            // "current market conditions", "the current state": the present. Not "its current
            // owner" (the possessive makes it the owner's) nor "current assets" (a term).
            let prev = prev_word(text, span.start).to_ascii_lowercase();
            let next = next_word(text, span.end).to_ascii_lowercase();
            let possessive = matches!(
                prev.as_str(),
                "its" | "their" | "his" | "her" | "our" | "your" | "my" | "whose"
            ) || prev.ends_with("'s")
                || prev.ends_with("s'")
                || prev.starts_with(|c: char| c.is_ascii_digit())
                || !prev.is_empty() && crate::quantities::UNITS_WORDS.contains(&prev.as_str());
            let term = matches!(
                next.as_str(),
                "account" | "accounts" | "affairs" | "assets" | "liabilities" | "ratio"
            );
            let noun_follows = text.get(span.end..).is_some_and(|r| r.starts_with(' '))
                && next.starts_with(|c: char| c.is_ascii_lowercase())
                && !NOT_NOUNS.contains(&next.as_str());
            !possessive && !term && noun_follows
        }
        Rule::Reference if s.to_ascii_lowercase().ends_with("soon") => {
            // "as soon as", "soon after": a link between two events, not a time of its own.
            let prev = prev_word(text, span.start).to_ascii_lowercase();
            let next = next_word(text, span.end).to_ascii_lowercase();
            prev != "as" && !matches!(next.as_str(), "as" | "after" | "afterward" | "thereafter")
        }
        Rule::FiscalYear if s.split_whitespace().count() == 2 => {
            // "for the year", "during the week": the bare unit only after a preposition, and
            // not "the week before", "the month of May". (The pattern takes the character
            // after the unit, so that "the year-ago quarter" is left to its own rule.)
            let end = span.start
                + s.trim_end_matches(|c: char| !c.is_ascii_alphanumeric())
                    .len();
            let prev = prev_word(text, span.start).to_ascii_lowercase();
            let next = next_word(text, end).to_ascii_lowercase();
            matches!(
                prev.as_str(),
                "for" | "in" | "during" | "of" | "through" | "throughout"
            ) && !matches!(
                next.as_str(),
                "before" | "after" | "ago" | "earlier" | "later" | "of" | "in" | "that" | "when"
            )
        }
        Rule::SpokenYear => {
            // "two thousand" alone is a number ("two thousand people").
            !s.to_ascii_lowercase().starts_with("two")
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
