//! Source attributions to outlets and agencies: "AP reported", "the Associated Press
//! reported", "according to Mississippi Today", "told ABC News", "confirmed to CBS News",
//! "viewed by AP", "an investigation report cited by AP", "according to court records",
//! "told the outlet" (resolved to the outlet named before it), and the polls and surveys a
//! sentence opens with ("In a CNN poll released Monday, …").
//!
//! Each sentence is matched against a few patterns (compiled once): SOURCE reported,
//! according to SOURCE, told / confirmed to OUTLET, viewed / cited / obtained by SOURCE, in
//! SURVEY. The statement an attribution covers is the reported clause ("reported that …",
//! "…, AP reported.", "According to X, …", "In a poll, …"), else its sentence.

use std::sync::LazyLock;

use corroborate_core::{PreparedDoc, Span, SpanMap};
use regex::Regex;
use serde::{Deserialize, Serialize};

use crate::lexicon::outlets;
use crate::lexicon::patterns::{compile, name_pattern};
use crate::windows::{floor_boundary, Windows, MAX_WINDOW};

/// How a statement is attributed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum AttributionKind {
    /// "AP reported (that) …", "…, the Associated Press reported."
    Reported,
    /// "according to …"
    AccordingTo,
    /// "told ABC News", "confirmed to CBS News", "told the outlet".
    ToOutlet,
    /// "viewed by AP", "cited by AP", "obtained by …".
    By,
    /// "In a CNN poll released Monday, …": a finding given in a poll or survey.
    Survey,
}

/// One attribution of a statement to a source.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Attribution {
    /// The attribution phrase ("the Associated Press reported").
    #[serde(flatten)]
    pub span: Span,
    /// The source as written ("the Associated Press", "Mississippi Today").
    pub source: String,
    /// The source's span.
    pub source_span: Span,
    /// The source's usual name when it is a known outlet ("Associated Press" for "AP"), or,
    /// for "the outlet", the name of the outlet it refers back to.
    pub normalized: Option<String>,
    /// The statement the attribution covers.
    pub statement: Span,
    /// How the statement is attributed.
    pub kind: AttributionKind,
}

impl SpanMap for Attribution {
    fn map_spans(&mut self, f: &dyn Fn(Span) -> Span) {
        self.span.map_spans(f);
        self.source_span.map_spans(f);
        self.statement.map_spans(f);
    }
}

/// One source name: an optional "the" and a capitalised sequence.
fn source() -> String {
    format!(r"(?:[Tt]he[ \t]+)?{}", name_pattern())
}

/// A list of sources: "Mississippi Today, Verite News and The New York Times".
fn source_list() -> String {
    let s = source();
    format!(r"{s}(?:(?:,[ \t]+{s})*,?[ \t]+and[ \t]+{s})?")
}

/// A single source inside a list (for splitting).
static ONE_SOURCE: LazyLock<Regex> = LazyLock::new(|| compile(&source()));

static REPORTED: LazyLock<Regex> = LazyLock::new(|| {
    compile(&format!(
        r"(?-u:\b)(?:As[ \t]+)?(?P<src>{}|(?:[Mm]ultiple|[Ss]everal|[Ll]ocal|[Oo]ther)[ \t]+(?:news[ \t]+)?(?:outlets|media|reports))[ \t]+(?:(?:also|first|previously|has|had|have|later|initially)[ \t]+){{0,2}}(?P<verb>reported|reports|has reported)(?-u:\b)",
        source_list()
    ))
});

/// The verb before its source at the end of a sentence: "…, reports USA Today."
static REPORTED_INVERTED: LazyLock<Regex> = LazyLock::new(|| {
    compile(&format!(
        r",[ \t]+(?P<verb>reports|reported)[ \t]+(?P<src>{})[ \t]*[.!?]?[ \t]*$",
        source_list()
    ))
});

static ACCORDING: LazyLock<Regex> = LazyLock::new(|| {
    compile(
        r"(?-u:\b)(?P<verb>[Aa]ccording[ \t]+to)[ \t]+(?P<src>[^,;:\n]{2,100}?)(?:,|;|:|\.[ \t]*$|\.[ \t]|[ \t]*$)",
    )
});

static TO_OUTLET: LazyLock<Regex> = LazyLock::new(|| {
    compile(&format!(
        r"(?-u:\b)(?P<verb>told|tells|confirmed[ \t]+to|said[ \t]+to|explained[ \t]+to|wrote[ \t]+to|speaking[ \t]+to|spoke[ \t]+to|(?:in[ \t]+)?an?[ \t]+(?:interview|statement)[ \t]+(?:with|to))[ \t]+(?P<src>{}|the[ \t]+(?:outlet|newspaper|paper|station|network|broadcaster|news[ \t]+agency|agency|publication|magazine|website))(?-u:\b)",
        source_list()
    ))
});

/// A poll or survey that opens a sentence with its finding: "In an NBC News/Wall Street Journal
/// poll released Monday, 50 percent …". The source runs to the first "poll(s)" or "survey(s)";
/// what follows it ("released Monday", "last month") is left out. ("… leads in the latest polls"
/// closing a clause was tried too: on PolNeAR train it cost more precision than it gained
/// recall, docs/accuracy.md.)
static SURVEY: LazyLock<Regex> = LazyLock::new(|| {
    compile(r"^(?P<verb>In)[ \t]+(?P<src>[^,;:.!?\n]{0,60}?(?-u:\b)(?:polls?|surveys?))(?-u:\b)")
});

static BY: LazyLock<Regex> = LazyLock::new(|| {
    compile(&format!(
        r"(?-u:\b)(?P<verb>viewed|reviewed|obtained|seen|cited|published|shared|verified|analy[sz]ed|first[ \t]+reported)[ \t]+by[ \t]+(?P<src>{})",
        source()
    ))
});

/// Lower-case words that end a survey's noun phrase before its head: a preposition ("In the
/// hours before the polls"), a verb of going to vote ("In states going to the polls") or a
/// clause word ("In states where exit polls").
const NOT_IN_SURVEY: &[&str] = &[
    "in", "to", "of", "for", "at", "by", "with", "on", "from", "before", "after", "than", "where",
    "when", "which", "who", "that", "go", "goes", "going", "went", "head", "heads", "headed",
    "and", "or",
];

/// True when a matched survey phrase is one noun phrase ("a CNN national poll", "the latest
/// polls"), not a longer stretch that ends on one ("the hours before the first polls").
fn survey_phrase(src: &str) -> bool {
    !src.split_whitespace().any(|w| NOT_IN_SURVEY.contains(&w))
}

/// Words that refer back to an outlet named earlier.
fn is_back_reference(src: &str) -> bool {
    src.starts_with("the ") && !src[4..].starts_with(char::is_uppercase)
}

/// Finds source attributions.
pub fn extract(doc: &PreparedDoc) -> Vec<Attribution> {
    let text = doc.doc.text.as_str();
    let win = Windows::new(doc);
    let mut out: Vec<Attribution> = Vec::new();
    for &s in &win.sentences {
        if doc.is_ignored(s) {
            continue;
        }
        let s = Span::new(
            s.start,
            floor_boundary(text, s.end.min(s.start + 8 * MAX_WINDOW)),
        );
        let st = s.text(text);
        let mut found: Vec<Attribution> = Vec::new();
        // (pattern, kind, outlets only): each match names a list of sources and its verb; the
        // phrase runs from the first of the two to the end of the other.
        let patterns: [(&Regex, AttributionKind, bool); 4] = [
            (&REPORTED, AttributionKind::Reported, false),
            (&REPORTED_INVERTED, AttributionKind::Reported, true),
            (&TO_OUTLET, AttributionKind::ToOutlet, true),
            (&BY, AttributionKind::By, true),
        ];
        for (re, kind, outlets_only) in patterns {
            if !re.is_match(st) {
                continue;
            }
            for c in re.captures_iter(st) {
                if let (Some(src), Some(verb)) = (c.name("src"), c.name("verb")) {
                    let phrase = Span::new(
                        s.start + src.start().min(verb.start()),
                        s.start + src.end().max(verb.end()),
                    );
                    push_list(text, s, phrase, src, kind, outlets_only, &mut found);
                }
            }
        }
        let survey = Some(st)
            .filter(|st| st.starts_with("In ") && (st.contains(" poll") || st.contains(" survey")))
            .and_then(|st| SURVEY.captures(st));
        if let Some((src, verb)) = survey
            .as_ref()
            .and_then(|c| c.name("src").zip(c.name("verb")))
        {
            let phrase = Span::new(s.start + verb.start(), s.start + src.end());
            let statement = statement(text, s, phrase, AttributionKind::Survey);
            if survey_phrase(src.as_str()) && !statement.is_empty() && statement.start >= phrase.end
            {
                found.push(Attribution {
                    span: phrase,
                    source: src.as_str().to_string(),
                    source_span: Span::new(s.start + src.start(), s.start + src.end()),
                    normalized: None,
                    statement,
                    kind: AttributionKind::Survey,
                });
            }
        }
        for c in Some(st)
            .filter(|st| ACCORDING.is_match(st))
            .into_iter()
            .flat_map(|st| ACCORDING.captures_iter(st))
        {
            if let (Some(src), Some(verb)) = (c.name("src"), c.name("verb")) {
                let src_span = trim(text, Span::new(s.start + src.start(), s.start + src.end()));
                let src_text = src_span.text(text);
                if src_text.split_whitespace().count() > 12 {
                    continue;
                }
                let phrase = Span::new(s.start + verb.start(), src_span.end);
                found.push(Attribution {
                    span: phrase,
                    source: src_text.to_string(),
                    source_span: src_span,
                    normalized: outlets::normalize(src_text),
                    statement: statement(text, s, phrase, AttributionKind::AccordingTo),
                    kind: AttributionKind::AccordingTo,
                });
            }
        }
        found.sort_by_key(|a| (a.source_span.start, a.span.start));
        found.dedup_by_key(|a| a.source_span);
        out.extend(found);
    }
    resolve_back_references(&mut out);
    for a in &mut out {
        a.statement = corroborate_core::text::after_dateline(text, a.statement);
    }
    out
}

/// Adds one attribution per source in a list ("X, Y and Z reported").
fn push_list(
    text: &str,
    s: Span,
    phrase: Span,
    src: regex::Match<'_>,
    kind: AttributionKind,
    outlets_only: bool,
    out: &mut Vec<Attribution>,
) {
    let statement = statement(text, s, phrase, kind);
    let list = src.as_str();
    let generic = list
        .split_whitespace()
        .last()
        .is_some_and(|w| w.starts_with(char::is_lowercase))
        && !is_back_reference(list);
    let singles: Vec<(usize, usize)> = if generic {
        Vec::new()
    } else if is_back_reference(list) {
        vec![(0, list.len())]
    } else {
        ONE_SOURCE
            .find_iter(list)
            .map(|m| (m.start(), m.end()))
            .collect()
    };
    for (a, b) in singles {
        let src_span = Span::new(s.start + src.start() + a, s.start + src.start() + b);
        let written = src_span.text(text);
        let normalized = outlets::normalize(written);
        let outlet_like = normalized.is_some() || outlets::looks_like_outlet(written);
        if outlets_only && !outlet_like && !is_back_reference(written) {
            continue;
        }
        if !outlets_only && !generic && !written.contains(char::is_uppercase) {
            continue;
        }
        out.push(Attribution {
            span: phrase,
            source: written.to_string(),
            source_span: src_span,
            normalized,
            statement,
            kind,
        });
    }
    if generic && !outlets_only {
        let src_span = Span::new(s.start + src.start(), s.start + src.end());
        out.push(Attribution {
            span: phrase,
            source: src.as_str().to_string(),
            source_span: src_span,
            normalized: None,
            statement,
            kind,
        });
    }
}

fn trim(text: &str, span: Span) -> Span {
    let t = span.text(text);
    let lead = t.len() - t.trim_start().len();
    Span::new(span.start + lead, span.start + lead + t.trim().len())
}

/// The clause an attribution phrase covers, inside sentence `s`.
fn statement(text: &str, s: Span, phrase: Span, kind: AttributionKind) -> Span {
    let st = s.text(text);
    let rel_start = phrase.start - s.start;
    let rel_end = phrase.end - s.start;
    let end_trim = |e: usize| -> usize {
        let t = st[..e].trim_end();
        let t = t.trim_end_matches(['.', '!', '?', ',']);
        s.start + t.len()
    };
    // "According to X, CLAUSE"; "As X reported, CLAUSE"; "In a poll, CLAUSE".
    let opening = match kind {
        AttributionKind::AccordingTo | AttributionKind::Survey => st[..rel_start].trim().is_empty(),
        AttributionKind::Reported => st[..rel_start].trim().eq_ignore_ascii_case("as"),
        _ => false,
    };
    if opening {
        if let Some(comma) = st[rel_end..].find(", ") {
            let start = rel_end + comma + 2;
            return trim(text, Span::new(s.start + start, end_trim(st.len())));
        }
    }
    // A survey with no comma after it opens no finding.
    if kind == AttributionKind::Survey {
        return Span::new(phrase.end, phrase.end);
    }
    let after = &st[rel_end..];
    let head = &after[..floor_boundary(after, 100.min(after.len()))];
    if let Some(i) = head.find(" that ").filter(|&i| !head[..i].contains(',')) {
        let start = rel_end + i + " that ".len();
        return trim(text, Span::new(s.start + start, end_trim(st.len())));
    }
    if after.trim().len() <= 40 {
        let before = &st[..rel_start];
        let lo = floor_boundary(before, before.len().saturating_sub(80));
        let tail = &before[lo..];
        let comma = [", ", ",” ", ",\" "]
            .iter()
            .filter_map(|p| {
                tail.rfind(p)
                    .map(|i| if p.len() > 2 { i + p.len() - 1 } else { i })
            })
            .max();
        if let Some(c) = comma {
            let end = lo + c;
            if end > 0 {
                return trim(text, Span::new(s.start, end_trim(end + 1)));
            }
        }
    }
    trim(text, Span::new(s.start, end_trim(st.len())))
}

/// "the outlet" → the outlet of the most recent attribution to a named outlet before it.
fn resolve_back_references(atts: &mut [Attribution]) {
    let mut last: Option<String> = None;
    for a in atts.iter_mut() {
        if is_back_reference(&a.source) {
            if a.normalized.is_none() {
                a.normalized = last.clone();
            }
        } else if let Some(n) = &a.normalized {
            last = Some(n.clone());
        } else if outlets::looks_like_outlet(&a.source) {
            last = Some(a.source.trim_start_matches("the ").to_string());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use corroborate_core::document::{Document, SourceFormat};

    fn found(text: &str) -> Vec<(AttributionKind, String, String)> {
        let doc = PreparedDoc::new(
            Document::new("fiction.txt", SourceFormat::Text, text.to_string()),
            jiff::civil::date(2026, 12, 1),
        );
        extract(&doc)
            .into_iter()
            .map(|a| (a.kind, a.source, doc.slice(a.statement).to_string()))
            .collect()
    }

    #[test]
    fn a_statement_opens_after_the_wire_dateline_of_its_paragraph() {
        let text = "Kell floods\n\n\
            KELL, Nov. 30 (Coastal Wire) \u{2014} The river rose two metres overnight, according \
            to the Kell water board.\n";
        let got = found(text);
        assert_eq!(
            got,
            vec![(
                AttributionKind::AccordingTo,
                "the Kell water board".to_string(),
                "The river rose two metres overnight".to_string()
            )]
        );
    }

    #[test]
    fn a_sentence_opening_with_a_poll_gives_its_finding_to_the_poll() {
        let text = "Kell poll\n\n\
            In a Tolvik Post poll released Monday, 50 percent of respondents chose Lind.\n\n\
            In the hours before the polls opened, Lind rested.\n\n\
            Lind held a lead in a national poll. In a poll of its own the party did well.\n";
        let got = found(text);
        assert_eq!(
            got,
            vec![(
                AttributionKind::Survey,
                "a Tolvik Post poll".to_string(),
                "50 percent of respondents chose Lind".to_string()
            ),]
        );
    }
}
