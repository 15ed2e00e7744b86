//! The cues of each kind of boilerplate, on one sentence or one line at a time.
//!
//! Every rule is generic (no outlet names); each pattern is compiled once. Sentences that
//! quote someone or attribute a statement ("said", "told") are article text and never match
//! the promo and ad rules.

use crate::text::slice_from;
use std::ops::Range;
use std::sync::LazyLock;

use regex::Regex;

use super::{hashtag_tokens, re, IgnoreReason};
use crate::segment::Segmentation;
use crate::span::Span;

/// "Read more", "Related:", "SEE ALSO" and similar link lines.
static READ_MORE: LazyLock<Regex> = LazyLock::new(|| {
    re(
        r"^[^\w#]*(?:(?i:read more|read also|also read|see also|more from|more on this(?: story)?|related(?: stories| articles| coverage| content| reading| links| news| videos?| topics)?|recommended(?: reading| for you| stories| videos)?|more coverage|more stories|top stories|don['’]t miss|must read|watch|listen|click here)\s*(?::|›|»|>|\||—|–|-|$)|(?:READ MORE|RELATED|SEE ALSO|ALSO READ)(?-u:\b))",
    )
});

/// A line that is a photo credit or caption credit.
static PHOTO_LINE: LazyLock<Regex> = LazyLock::new(|| {
    re(
        r"^[^\w#]*(?:(?i:photo(?:graph)?s?|images?|pictures?|photo credits?|credits?|caption|illustration|graphics?|pictured)\s*(?::|by(?-u:\b))|(?:AP|AFP|Reuters|EPA|UPI) Photo(?-u:\b))",
    )
});

/// A short line ending with an agency credit: "Jane Roe/Getty Images".
static AGENCY_TAIL: LazyLock<Regex> = LazyLock::new(|| {
    re(
        r"/\s*(?:Getty Images|AP Photo|AP|AFP|Reuters|EPA(?:-EFE)?|Shutterstock|Alamy|Bloomberg|Sipa|Redux|Xinhua)\)?\.?$",
    )
});

/// Inline photo credits: "(Photo by X/Getty Images)", "(AP Photo/X)", "(X/Reuters)".
static PHOTO_INLINE: LazyLock<Regex> = LazyLock::new(|| {
    re(
        r"\((?:(?i:photos?|photograph|image|picture|video|credit|photo credit|pictured|illustration|graphic)(?: by|:)[^()\n]{1,100}|(?:AP|AFP|Reuters|EPA|UPI|Xinhua|Getty) (?:Photo|Images)[^()\n]{0,80}|[^()\n]{1,80}/\s*(?:Getty Images|AP Photo|AP|AFP|Reuters|EPA(?:-EFE)?|Shutterstock|Alamy|Bloomberg))\)",
    )
});

/// Words of newsletter and subscription promos.
static PROMO_NOUN: LazyLock<Regex> = LazyLock::new(|| {
    re(
        r"(?i)(?-u:\b)(?:newsletters?|subscri(?:be|bing|ption|ptions)|sign(?:-| )?up|inbox|(?:email|e-mail|news|breaking news|push|text) alerts?|podcasts?)(?-u:\b)",
    )
});

/// The words of newsletters proper.
static NEWSLETTER: LazyLock<Regex> = LazyLock::new(|| {
    re(
        r"(?i)(?-u:\b)(?:newsletters?|inbox|(?:email|e-mail|news|breaking news|push|text) alerts?|podcasts?)(?-u:\b)",
    )
});

/// "our newsletter", "our free daily briefing newsletter".
static OUR_NEWSLETTER: LazyLock<Regex> = LazyLock::new(|| {
    re(r"(?i)(?-u:\b)our\s+(?:[\w-]+\s+){0,3}(?:newsletters?|podcasts?|app|alerts?)(?-u:\b)")
});

/// Second-person words.
static SECOND: LazyLock<Regex> =
    LazyLock::new(|| re(r"(?i)(?-u:\b)(?:you|your|yours|yourself|you['’](?:re|ll|ve|d))(?-u:\b)"));

/// Statements attributed to someone: article text, not boilerplate.
static ATTRIBUTION: LazyLock<Regex> = LazyLock::new(|| {
    re(r"(?i)(?-u:\b)(?:said|says|told|tells|according to|asked|added|stated|wrote)(?-u:\b)")
});

/// Products and actions of ads and calls to action.
static AD_NOUN: LazyLock<Regex> = LazyLock::new(|| {
    re(
        r"(?i)(?-u:\b)(?:apps?|quiz(?:zes)?|tests?|downloads?|subscri\w*|free trial|trial|offers?|deals?|discounts?|promo|coupons?|promo codes?|courses?|newsletters?|podcasts?|shop|store|premium|membership|click|tap|learn more|sign up|score|quotient|certificate|e-?books?|webinars?|upgrade)(?-u:\b)",
    )
});

/// "X contributed to this report", "Reporting by X", "Additional reporting by X".
static CREDIT: LazyLock<Regex> = LazyLock::new(|| {
    re(
        r"(?i)(?:(?-u:\b)contributed\s+(?:to\s+(?:this|the)\s+(?:report|story|article|coverage)|(?:additional\s+)?reporting)(?-u:\b)|^[^\w]*(?:additional |further )?(?:reporting|writing|editing|research|fact-checking) by(?-u:\b)|^[^\w]*(?:compiled|edited|written) by(?-u:\b))",
    )
});

/// Verbs that open a call to action.
const IMPERATIVES: &[&str] = &[
    "take",
    "get",
    "download",
    "click",
    "tap",
    "try",
    "shop",
    "buy",
    "order",
    "join",
    "discover",
    "learn",
    "find",
    "sign",
    "subscribe",
    "follow",
    "visit",
    "watch",
    "listen",
    "start",
    "claim",
    "save",
    "enter",
    "install",
    "grab",
    "unlock",
    "upgrade",
    "register",
    "book",
    "explore",
    "check",
    "play",
    "become",
    "share",
    "like",
    "donate",
    "support",
    "receive",
    "read",
    "see",
    "test",
    "measure",
    "boost",
    "stay",
];

/// Openers of promo teasers: "Want to keep up …?", "Never miss …".
const TEASERS: &[&str] = &[
    "want",
    "looking",
    "interested",
    "love",
    "like",
    "curious",
    "need",
    "never",
    "don't",
    "don’t",
    "stay",
    "be",
    "enjoy",
];

/// Adverbs that may precede an imperative: "Now get your …".
const LEAD_INS: &[&str] = &[
    "now", "then", "so", "just", "simply", "also", "please", "go",
];

/// The first `n` words of `s`, lower-cased, without surrounding punctuation.
fn first_words(s: &str, n: usize) -> impl Iterator<Item = String> + '_ {
    s.split_whitespace().take(n).map(|w| {
        w.trim_matches(|c: char| !c.is_alphanumeric() && c != '\'' && c != '’')
            .to_lowercase()
    })
}

/// Number of words, counting at most 61 (every limit used here is below that).
fn word_count(s: &str) -> usize {
    s.split_whitespace().take(61).count()
}

/// True for sentences that quote someone.
fn quoted(s: &str) -> bool {
    s.contains(['“', '”', '"'])
}

/// True when `s` opens with an imperative verb, possibly after "Now", "Just", etc.
pub(super) fn starts_imperative(s: &str) -> bool {
    let mut ws = first_words(s, 2);
    match ws.next() {
        Some(w) if IMPERATIVES.contains(&w.as_str()) => true,
        Some(w) if LEAD_INS.contains(&w.as_str()) => {
            ws.next().is_some_and(|w| IMPERATIVES.contains(&w.as_str()))
        }
        _ => false,
    }
}

/// True when `s` opens with an imperative or a second-person word (cheap first-word test).
pub(super) fn opens_cta(s: &str) -> bool {
    starts_imperative(s)
        || first_words(s, 1).any(|w| matches!(w.as_str(), "you" | "your" | "you're" | "you’re"))
}

/// The reason to ignore a whole line, if it is a link line or a photo credit line.
pub(super) fn line_reason(line: &str) -> Option<IgnoreReason> {
    // Anchored patterns first: they fail within a few bytes on ordinary paragraphs.
    if READ_MORE.is_match(line) && word_count(line) <= 40 {
        return Some(IgnoreReason::ReadMore);
    }
    if PHOTO_LINE.is_match(line) && word_count(line) <= 30 {
        return Some(IgnoreReason::PhotoCredit);
    }
    if line.len() <= 160
        && line.contains('/')
        && word_count(line) <= 12
        && AGENCY_TAIL.is_match(line)
    {
        return Some(IgnoreReason::PhotoCredit);
    }
    if is_date_stamp(line) {
        return Some(IgnoreReason::DateStamp);
    }
    None
}

/// Words that make a line of dates and times a page's stamp.
const STAMP_WORDS: [&str; 4] = ["published", "updated", "posted", "modified"];

/// True for a page's date stamp copied with its text: "Updated: 10 April 2007, 9:02 GMT",
/// "21 July 2013 Last updated at 11:11 GMT", "POSTED: 1052 GMT (1852 HKT), April 10, 2007".
/// The line names the stamp (published, updated, posted, modified), holds a digit, and every
/// other word is a month, a weekday, a number, a clock word or a time zone, so a sentence
/// ("a report posted online on Monday said …") never matches.
pub(super) fn is_date_stamp(line: &str) -> bool {
    if line.len() > 160 || !line.bytes().any(|b| b.is_ascii_digit()) {
        return false;
    }
    let mut named = false;
    for raw in line.split_whitespace() {
        let token = raw.trim_matches(|c: char| !c.is_alphanumeric() && c != '+');
        let lower = token.to_ascii_lowercase();
        if STAMP_WORDS.contains(&lower.as_str()) {
            named = true;
        } else if !(token.is_empty() || is_stamp_part(token, &lower)) {
            return false;
        }
    }
    named
}

/// Month and weekday names and their abbreviations, and the clock words of a date stamp.
const STAMP_CALENDAR: &str = "jan january feb february mar march apr april may jun june jul july \
    aug august sep sept september oct october nov november dec december mon monday tue tues \
    tuesday wed wednesday thu thurs thursday fri friday sat saturday sun sunday last first on \
    at am pm a.m p.m";

/// A word a date stamp may hold besides its stamp word (see [`is_date_stamp`]).
fn is_stamp_part(token: &str, lower: &str) -> bool {
    let number = token.bytes().any(|b| b.is_ascii_digit())
        && (token
            .bytes()
            .all(|b| b.is_ascii_digit() || b":/.-+".contains(&b))
            || ["st", "nd", "rd", "th"].iter().any(|o| {
                lower
                    .strip_suffix(o)
                    .is_some_and(|n| n.bytes().all(|b| b.is_ascii_digit()))
            }));
    // A time zone: "GMT", "EDT", "GMT+01", "UTC-5".
    let letters = token.trim_end_matches(|c: char| c.is_ascii_digit() || c == '+' || c == '-');
    let zone = (2..=5).contains(&letters.len()) && letters.bytes().all(|b| b.is_ascii_uppercase());
    number || zone || STAMP_CALENDAR.split_whitespace().any(|w| w == lower)
}

/// True for a link-list heading with nothing after the marker ("Related:", "READ MORE").
pub(super) fn is_bare_heading(line: &str) -> bool {
    READ_MORE.find(line).is_some_and(|m| {
        slice_from(line, m.end())
            .trim_matches([':', ' ', '\t'])
            .is_empty()
    })
}

/// True for a list item line ("• …", "- …", "1. …").
pub(super) fn is_list_item(line: &str) -> bool {
    let mut cs = line.chars();
    let first = cs.next();
    let bullet = matches!(
        first,
        Some('•' | '·' | '▪' | '◦' | '‣' | '●' | '■' | '-' | '*' | '–' | '—' | '+' | '►')
    ) && cs.next().is_some_and(char::is_whitespace);
    let numbered = {
        let d = line.bytes().take_while(u8::is_ascii_digit).count();
        (1..=3).contains(&d) && matches!(line.as_bytes().get(d), Some(b'.' | b')'))
    };
    bullet || numbered
}

/// True for a line made of hashtags: at least three, and at least four in five words.
pub(super) fn is_hashtag_line(text: &str, seg: &Segmentation, span: Span) -> bool {
    let line = span.text(text);
    if line.bytes().filter(|&b| b == b'#').count() < 3 {
        return false;
    }
    let (tags, other) = hashtag_tokens(text, seg, span);
    tags >= 3 && other * 4 <= tags
}

/// A newsletter or subscription promo: a promo word plus an address to the reader
/// (imperative, "you", "our newsletter"), not a quote or a reported statement.
pub(super) fn is_promo(s: &str) -> bool {
    if word_count(s) > 60 || quoted(s) || !PROMO_NOUN.is_match(s) {
        return false;
    }
    // "you can sign up for a free trial" in a service article is not a promo; "you" only
    // counts together with the newsletter words themselves.
    let addressed = starts_imperative(s)
        || first_words(s, 1).any(|w| TEASERS.contains(&w.as_str()))
        || OUR_NEWSLETTER.is_match(s)
        || (SECOND.is_match(s) && NEWSLETTER.is_match(s));
    addressed && !ATTRIBUTION.is_match(s)
}

/// A question to the reader that leads into a promo ("Want to keep up with …?").
pub(super) fn is_teaser(s: &str) -> bool {
    let s = s.trim_end();
    s.ends_with('?')
        && word_count(s) <= 25
        && !quoted(s)
        && (SECOND.is_match(s) || first_words(s, 1).any(|w| TEASERS.contains(&w.as_str())))
}

/// A contributor credit.
pub(super) fn is_contributor_credit(s: &str) -> bool {
    word_count(s) <= 40 && !quoted(s) && CREDIT.is_match(s) && !ATTRIBUTION.is_match(s)
}

/// Byte ranges (relative to `s`) of inline photo credits.
pub(super) fn inline_photo_credits(s: &str) -> Vec<Range<usize>> {
    PHOTO_INLINE.find_iter(s).map(|m| m.range()).collect()
}

/// Whether `s` is a call-to-action sentence: `None` if not; `Some(true)` if it names a
/// product or action ("Take the quiz"), `Some(false)` if it only addresses the reader
/// ("You use maps every day.").
pub(super) fn cta_strength(s: &str) -> Option<bool> {
    if word_count(s) > 25 || quoted(s) {
        return None;
    }
    let imperative = starts_imperative(s);
    if !(imperative || SECOND.is_match(s)) || ATTRIBUTION.is_match(s) {
        return None;
    }
    Some(AD_NOUN.is_match(s))
}
