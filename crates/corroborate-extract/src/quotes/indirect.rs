//! Indirect (reported) speech in one sentence without quote marks:
//! `SUBJECT CUE (OBJECT) (that) CLAUSE`, `CLAUSE, SUBJECT CUE …`, `CLAUSE, according to X`,
//! `According to X, CLAUSE`. The content is the reported clause.

use std::sync::LazyLock;

use corroborate_core::Span;
use regex::Regex;

use super::lexicon::{self, name_pattern};
use super::{mention_of, pairing::trim, Quote, QuoteKind, SpeakerMentionKind};

const REPORT_VERBS: &str = "said|says|told|tells|added|adds|wrote|writes|stated|argued|argues|claimed|claims|explained|noted|confirmed|alleged|alleges|insisted|acknowledged|testified|warned|announced|reported";

fn compile(p: &str) -> Regex {
    match Regex::new(p) {
        Ok(r) => r,
        Err(e) => panic!("invalid built-in regex: {e}"),
    }
}

/// `CLAUSE, SUBJECT CUE …` at the end of a sentence.
static CLAUSE_THEN_CUE: LazyLock<Regex> = LazyLock::new(|| {
    compile(&format!(
        r"^(?P<clause>[^\n]{{12,}}?),[ \t]+{}[ \t]+(?:(?:also|later|has|had|have)[ \t]+){{0,2}}(?P<cue>{REPORT_VERBS})\b[^,\n]{{0,45}}[.!?]?[ \t]*$",
        lexicon::subject_pattern()
    ))
});

/// `SUBJECT (, apposition,) CUE` at the start of a sentence (after an optional intro phrase).
static CUE_THEN_CLAUSE: LazyLock<Regex> = LazyLock::new(|| {
    compile(&format!(
        r"^(?:[^,\n]{{0,60}},[ \t]+)?{}(?:,[^,\n]{{1,120}},)?[ \t]+(?:(?:also|later|has|had|have|previously|repeatedly)[ \t]+){{0,2}}(?P<cue>{REPORT_VERBS})\b",
        lexicon::subject_pattern()
    ))
});

/// The object of "told"/"confirmed to": a name, "the outlet", "reporters".
static TOLD_OBJECT: LazyLock<Regex> = LazyLock::new(|| {
    compile(&format!(
        r"^[ \t]+(?:to[ \t]+)?(?:(?:the[ \t]+)?{}|the[ \t]+(?:outlet|newspaper|station|network|paper|broadcaster)|reporters|journalists|him|her|them|us|(?:an?|the|his|her|their)[ \t]+(?:{LOWER}[ \t]+){{0,2}}{LOWER})(?:[ \t]+and[ \t]+{})?",
        name_pattern(),
        name_pattern()
    ))
});

/// `CLAUSE, according to SOURCE.`
static CLAUSE_ACCORDING: LazyLock<Regex> = LazyLock::new(|| {
    compile(
        r"^(?P<clause>[^\n]{12,}?),[ \t]+(?P<cue>according[ \t]+to)[ \t]+(?P<src>[^,\n]{2,120}?)[.!?]?[ \t]*$",
    )
});

/// `According to SOURCE, CLAUSE`.
static ACCORDING_CLAUSE: LazyLock<Regex> = LazyLock::new(|| {
    compile(
        r"^(?P<cue>[Aa]ccording[ \t]+to)[ \t]+(?P<src>[^,\n]{2,120}?),[ \t]+(?P<clause>[^\n]{12,})$",
    )
});

const LOWER: &str = r"\p{Ll}[\p{L}\p{M}’'\-]*";

const NOT_CLAUSE_START: &[&str] = &[
    "in", "on", "at", "during", "to", "for", "with", "after", "before", "of", "about", "by",
];

fn word_count(s: &str) -> usize {
    s.split_whitespace().count()
}

/// The clause without a final period, trimmed.
fn clause_span(text: &str, span: Span) -> Span {
    let s = trim(text, span);
    let t = s.text(text);
    let t2 = t.trim_end_matches(['.', '!', '?']);
    Span::new(s.start, s.start + t2.len())
}

fn quote(
    span: Span,
    content: Span,
    cue: Span,
    mention: Option<(Span, SpeakerMentionKind)>,
) -> Quote {
    Quote {
        span,
        kind: QuoteKind::Indirect,
        content,
        cue: Some(cue),
        speaker: None,
        speaker_mention: mention.map(|m| m.0),
        speaker_mention_kind: mention.map(|m| m.1),
        speaker_name: None,
        speaker_inherited: false,
        continues: false,
    }
}

/// The kind of a source written after "according to".
fn source_mention(text: &str, span: Span) -> (Span, SpeakerMentionKind) {
    let t = span.text(text);
    let kind = if t.starts_with(char::is_uppercase) {
        SpeakerMentionKind::Name
    } else if t.split_whitespace().count() == 1 {
        SpeakerMentionKind::Group
    } else {
        SpeakerMentionKind::Role
    };
    (span, kind)
}

/// Finds indirect speech in sentence `s`.
pub(super) fn find(text: &str, s: Span) -> Option<Quote> {
    let st = s.text(text);
    let o = s.start;
    let abs = |a: usize, b: usize| Span::new(o + a, o + b);
    if let Some(c) = ACCORDING_CLAUSE.captures(st) {
        let (cue, src, clause) = (c.name("cue")?, c.name("src")?, c.name("clause")?);
        let content = clause_span(text, abs(clause.start(), clause.end()));
        if word_count(content.text(text)) >= 3 {
            let m = source_mention(text, abs(src.start(), src.end()));
            return Some(quote(s, content, abs(cue.start(), cue.end()), Some(m)));
        }
    }
    if let Some(c) = CLAUSE_ACCORDING.captures(st) {
        let (cue, src, clause) = (c.name("cue")?, c.name("src")?, c.name("clause")?);
        let content = clause_span(text, abs(clause.start(), clause.end()));
        if word_count(content.text(text)) >= 3 {
            let m = source_mention(text, trim(text, abs(src.start(), src.end())));
            return Some(quote(s, content, abs(cue.start(), cue.end()), Some(m)));
        }
    }
    if let Some(c) = CLAUSE_THEN_CUE.captures(st) {
        let (cue, clause) = (c.name("cue")?, c.name("clause")?);
        let content = clause_span(text, abs(clause.start(), clause.end()));
        if word_count(content.text(text)) >= 3 {
            return Some(quote(
                s,
                content,
                abs(cue.start(), cue.end()),
                mention_of(&c, o),
            ));
        }
    }
    let c = CUE_THEN_CLAUSE.captures(st)?;
    let cue = c.name("cue")?;
    let mut cue_span = abs(cue.start(), cue.end());
    let mut rest_start = cue.end();
    if matches!(cue.as_str(), "told" | "tells" | "confirmed") {
        let confirmed = cue.as_str() == "confirmed";
        let object = TOLD_OBJECT
            .find(&st[rest_start..])
            .filter(|m| !confirmed || m.as_str().trim_start().starts_with("to "));
        if let Some(m) = object {
            let obj = m.as_str();
            let len = obj.find(" that").unwrap_or(obj.len());
            rest_start += m.start() + len;
            cue_span = abs(cue.start(), rest_start);
        } else if !confirmed || !st[rest_start..].trim_start().starts_with("that ") {
            return None;
        }
    }
    let rest = &st[rest_start..];
    let window = &rest[..super::windows::floor_boundary(rest, 120.min(rest.len()))];
    let that = if window.trim_start().starts_with("that ") {
        Some(window.len() - window.trim_start().len() + "that ".len())
    } else {
        window
            .find(" that ")
            .filter(|&i| !window[..i].contains(','))
            .map(|i| i + " that ".len())
    };
    let content_start = match that {
        Some(i) => rest_start + i,
        None => {
            let first = rest.split_whitespace().next().unwrap_or("");
            if NOT_CLAUSE_START.contains(&first.to_lowercase().as_str()) {
                return None;
            }
            rest_start
        }
    };
    let content = clause_span(text, abs(content_start, st.len()));
    if word_count(content.text(text)) < 3 {
        return None;
    }
    Some(quote(s, content, cue_span, mention_of(&c, o)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(t: &str) -> Option<(String, String)> {
        find(t, Span::new(0, t.len())).map(|q| {
            (
                q.content.text(t).to_string(),
                q.speaker_mention
                    .map_or(String::new(), |m| m.text(t).to_string()),
            )
        })
    }

    #[test]
    fn cue_then_clause() {
        assert_eq!(
            run("Lee Park said the video shows the car turning away."),
            Some((
                "the video shows the car turning away".into(),
                "Lee Park".into()
            ))
        );
        assert_eq!(
            run("Park told The Daily Star that the file was missing."),
            Some(("the file was missing".into(), "Park".into()))
        );
    }

    #[test]
    fn clause_then_cue_and_according_to() {
        assert_eq!(
            run("The bridge will close in May, the mayor said on Friday."),
            Some(("The bridge will close in May".into(), "the mayor".into()))
        );
        assert_eq!(
            run("The car was stolen, according to court records."),
            Some(("The car was stolen".into(), "court records".into()))
        );
    }

    #[test]
    fn plain_sentence_is_not_speech() {
        assert_eq!(run("The car drove away from the store quickly."), None);
    }
}
