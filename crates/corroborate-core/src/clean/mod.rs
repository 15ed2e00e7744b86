//! Cleaning: marks spans that are not part of the article (promos, ads, hashtags, credits,
//! "Read more" lines, photo credits) as ignored, with a reason. Never deletes text.
//!
//! Rules are generic cues of news boilerplate, applied to the segmentation: whole lines
//! (paragraphs) for link lines, credit lines and hashtag runs; whole sentences for promos,
//! ads and contributor credits; inline parentheticals for photo credits. A cheap keyword
//! scan over the whole text (one Aho-Corasick pass) selects the few sentences that the
//! regular expressions then check, so cleaning stays linear and fast.

#![deny(clippy::string_slice)]

use std::sync::LazyLock;

use aho_corasick::{AhoCorasick, AhoCorasickBuilder, MatchKind};
use regex::Regex;
use serde::{Deserialize, Serialize};

use crate::document::Document;
use crate::segment::{Segmentation, TokenKind};
use crate::span::{Span, SpanMap};

mod rules;

/// Why a span is ignored.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum IgnoreReason {
    /// Newsletter or subscription promotion.
    Promo,
    /// Advertisement or call to action.
    Ad,
    /// A run of hashtags.
    Hashtags,
    /// "X contributed to this report".
    ContributorCredit,
    /// "Read more", "Related" and similar link lines.
    ReadMore,
    /// Photo credit or caption credit.
    PhotoCredit,
    /// Site navigation or breadcrumbs (HTML loader).
    Navigation,
    /// A page footer (HTML loader).
    Footer,
    /// A sidebar (`<aside>`; HTML loader).
    Sidebar,
    /// An image or video caption (HTML loader).
    Caption,
    /// A photo gallery, slideshow or carousel (HTML loader).
    Gallery,
    /// A list of related or recommended articles (HTML loader).
    RelatedLinks,
    /// A comment thread (HTML loader).
    Comments,
    /// Share buttons and social links (HTML loader).
    ShareBar,
    /// A cookie, consent or paywall banner or modal (HTML loader).
    Banner,
    /// A byline block (HTML loader; the byline is in the document's metadata).
    Byline,
    /// A date stamp: an HTML page's (the date is in the document's metadata), or a line of
    /// text such as "Updated: 10 April 2007, 9:02 GMT".
    DateStamp,
    /// Buttons, form controls, icons and embeds (HTML loader).
    Widget,
    /// A block whose text is mostly links (HTML loader).
    LinkList,
    /// Another block removed by an HTML pre-clean rule.
    Boilerplate,
}

/// An ignored span with its reason.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Ignored {
    /// The ignored text.
    #[serde(flatten)]
    pub span: Span,
    /// Why it is ignored.
    pub reason: IgnoreReason,
}

impl SpanMap for Ignored {
    fn map_spans(&mut self, f: &dyn Fn(Span) -> Span) {
        self.span.map_spans(f);
    }
}

/// Keywords that make a sentence worth checking against the promo, credit and photo rules.
const CUE_WORDS: &[&str] = &[
    "newsletter",
    "subscri",
    "sign up",
    "sign-up",
    "signup",
    "inbox",
    "alerts",
    "contributed",
    "reporting by",
    "writing by",
    "editing by",
    "photo",
    "image",
    "picture",
    "credit",
    "getty",
    "courtesy",
    "podcast",
];

/// The cue words in lower case, capitalised and upper case. Exact-case patterns let the
/// automaton use its SIMD prefilter, several times faster than a case-insensitive scan.
static CUES: LazyLock<AhoCorasick> = LazyLock::new(|| {
    let mut pats = Vec::with_capacity(CUE_WORDS.len() * 3);
    for w in CUE_WORDS {
        let mut cap = w.to_string();
        if let Some(f) = cap.get_mut(0..1) {
            f.make_ascii_uppercase();
        }
        pats.push(w.to_string());
        pats.push(cap);
        pats.push(w.to_ascii_uppercase());
    }
    AhoCorasickBuilder::new()
        .match_kind(MatchKind::LeftmostFirst)
        .build(pats)
        .unwrap_or_else(|e| panic!("cue automaton: {e}"))
});

/// A paragraph with the sentences inside it (indices into `seg.sentences`).
struct Para {
    span: Span,
    sents: std::ops::Range<usize>,
}

/// Finds the spans of `doc.text` to ignore, sorted by start, never overlapping. Each span
/// covers whole sentences or lines, except inline photo credits ("(Photo by X/Getty
/// Images)"), which cover the parenthetical only. The headline is never ignored.
pub fn clean(doc: &Document, seg: &Segmentation) -> Vec<Ignored> {
    let text = doc.text.as_str();
    let paras = paragraphs(seg);
    let cue_at = cue_flags(text, &seg.sentences);
    let mut out = Vec::new();
    let headline = doc.headline;
    let in_headline = |s: Span| headline.is_some_and(|h| h.overlaps(s));

    for (pi, p) in paras.iter().enumerate() {
        if in_headline(p.span) {
            continue;
        }
        let ptext = p.span.text(text);
        if let Some(reason) = rules::line_reason(ptext) {
            out.push(Ignored {
                span: p.span,
                reason,
            });
            if reason == IgnoreReason::ReadMore && rules::is_bare_heading(ptext) {
                follow_link_list(text, &paras[pi + 1..], &mut out);
            }
            continue;
        }
        if rules::is_hashtag_line(text, seg, p.span) {
            out.push(Ignored {
                span: p.span,
                reason: IgnoreReason::Hashtags,
            });
            continue;
        }
        let own_paragraph = p.sents.len() == 1;
        let near_end = pi + 2 >= paras.len();
        // Sentences before `covered` are already inside a promo span.
        let mut covered = p.sents.start;
        for si in p.sents.clone() {
            if !cue_at[si] || si < covered {
                continue;
            }
            let s = seg.sentences[si];
            let st = s.text(text);
            if rules::is_promo(st) {
                let (span, next) = extend_promo(text, seg, covered..p.sents.end, si);
                covered = next;
                push_merged(&mut out, span, IgnoreReason::Promo);
            } else if (own_paragraph || near_end) && rules::is_contributor_credit(st) {
                push_merged(&mut out, s, IgnoreReason::ContributorCredit);
            } else {
                for r in rules::inline_photo_credits(st) {
                    out.push(Ignored {
                        span: Span::new(s.start + r.start, s.start + r.end),
                        reason: IgnoreReason::PhotoCredit,
                    });
                }
            }
        }
    }
    ads(text, seg, &paras, headline, &mut out);
    normalize(out)
}

/// Groups the sentences by paragraph (both lists are sorted and sentences never cross
/// paragraphs).
fn paragraphs(seg: &Segmentation) -> Vec<Para> {
    let mut out = Vec::with_capacity(seg.paragraphs.len());
    let mut si = 0;
    for p in &seg.paragraphs {
        while si < seg.sentences.len() && seg.sentences[si].start < p.start {
            si += 1;
        }
        let first = si;
        while si < seg.sentences.len() && seg.sentences[si].end <= p.end {
            si += 1;
        }
        out.push(Para {
            span: *p,
            sents: first..si,
        });
    }
    out
}

/// For each sentence, whether a cue keyword occurs in it.
fn cue_flags(text: &str, sentences: &[Span]) -> Vec<bool> {
    let mut flags = vec![false; sentences.len()];
    let mut si = 0;
    for m in CUES.find_iter(text) {
        while si < sentences.len() && sentences[si].end <= m.start() {
            si += 1;
        }
        match sentences.get(si) {
            Some(s) if s.start <= m.start() => flags[si] = true,
            Some(_) => {}
            None => break,
        }
    }
    flags
}

/// A promo sentence plus the teaser and call-to-action sentences around it within `range`
/// (the paragraph's sentences not yet covered): "Want to keep up with …?" before "Sign up
/// for …". Returns the span and the index of the first sentence after it, so that each
/// sentence is examined a bounded number of times.
fn extend_promo(
    text: &str,
    seg: &Segmentation,
    range: std::ops::Range<usize>,
    si: usize,
) -> (Span, usize) {
    let mut span = seg.sentences[si];
    for j in (range.start..si).rev() {
        let s = seg.sentences[j];
        if !rules::is_teaser(s.text(text)) {
            break;
        }
        span.start = s.start;
    }
    let mut next = si + 1;
    while next < range.end {
        let s = seg.sentences[next];
        let st = s.text(text);
        if !(rules::is_promo(st) || rules::is_teaser(st) || rules::cta_strength(st).is_some()) {
            break;
        }
        span.end = s.end;
        next += 1;
    }
    (span, next)
}

/// List items right after a bare "Related:" heading are links too.
fn follow_link_list(text: &str, rest: &[Para], out: &mut Vec<Ignored>) {
    for p in rest {
        if !rules::is_list_item(p.span.text(text)) {
            break;
        }
        out.push(Ignored {
            span: p.span,
            reason: IgnoreReason::ReadMore,
        });
    }
}

/// Ads and calls to action: a trailing run of short second-person or imperative sentences
/// with at least one product cue ("Take the quiz", "Download the app"), or a paragraph made
/// only of such sentences.
fn ads(
    text: &str,
    seg: &Segmentation,
    paras: &[Para],
    headline: Option<Span>,
    out: &mut Vec<Ignored>,
) {
    const MAX_RUN: usize = 6;
    let sents = &seg.sentences;
    let first_body = sents
        .iter()
        .position(|s| !headline.is_some_and(|h| h.overlaps(*s)))
        .unwrap_or(sents.len());
    // Trailing run.
    let mut start = sents.len();
    let mut strong = false;
    while start > first_body && sents.len() - start < MAX_RUN {
        match rules::cta_strength(sents[start - 1].text(text)) {
            Some(s) => {
                strong |= s;
                start -= 1;
            }
            None => break,
        }
    }
    if strong && start < sents.len() {
        push_run(seg, paras, start..sents.len(), out);
    }
    // Stand-alone ad paragraphs elsewhere.
    for p in paras {
        if p.sents.is_empty() || p.sents.len() > 4 || p.sents.start < first_body {
            continue;
        }
        if p.sents.end == sents.len() && strong {
            continue;
        }
        if !rules::opens_cta(sents[p.sents.start].text(text)) {
            continue;
        }
        let mut strong_imperative = false;
        let all = p.sents.clone().all(|i| {
            let st = sents[i].text(text);
            match rules::cta_strength(st) {
                Some(s) => {
                    strong_imperative |= s && rules::starts_imperative(st);
                    true
                }
                None => false,
            }
        });
        if all && strong_imperative {
            push_run(seg, paras, p.sents.clone(), out);
        }
    }
}

/// Pushes a run of ad sentences, one span per paragraph it touches.
fn push_run(
    seg: &Segmentation,
    paras: &[Para],
    run: std::ops::Range<usize>,
    out: &mut Vec<Ignored>,
) {
    for p in paras {
        let a = p.sents.start.max(run.start);
        let b = p.sents.end.min(run.end);
        if a < b {
            out.push(Ignored {
                span: Span::new(seg.sentences[a].start, seg.sentences[b - 1].end),
                reason: IgnoreReason::Ad,
            });
        }
    }
}

/// Pushes a sentence span, merging it into the previous span of the same reason when only
/// white space separates them on one line.
fn push_merged(out: &mut Vec<Ignored>, span: Span, reason: IgnoreReason) {
    if let Some(last) = out.last_mut() {
        if last.reason == reason && last.span.end <= span.start && last.span.end + 1 >= span.start {
            last.span.end = span.end;
            return;
        }
    }
    out.push(Ignored { span, reason });
}

/// Sorts by start and drops spans inside an earlier one; partial overlaps are merged.
fn normalize(mut v: Vec<Ignored>) -> Vec<Ignored> {
    v.sort_by(|a, b| {
        a.span
            .start
            .cmp(&b.span.start)
            .then(b.span.end.cmp(&a.span.end))
    });
    let mut out: Vec<Ignored> = Vec::with_capacity(v.len());
    for ig in v {
        match out.last_mut() {
            Some(last) if last.span.end > ig.span.start => {
                last.span.end = last.span.end.max(ig.span.end);
            }
            _ => out.push(ig),
        }
    }
    out
}

/// Counts the words of `span` that are hashtags ("#tag") and those that are not.
fn hashtag_tokens(text: &str, seg: &Segmentation, span: Span) -> (usize, usize) {
    let i = seg.tokens.partition_point(|t| t.span.start < span.start);
    let mut tags = 0;
    let mut other = 0;
    let mut prev_hash = None;
    for t in seg.tokens[i..]
        .iter()
        .take_while(|t| t.span.end <= span.end)
    {
        match t.kind {
            TokenKind::Symbol if t.span.text(text) == "#" => prev_hash = Some(t.span.end),
            TokenKind::Word | TokenKind::Number => {
                if prev_hash == Some(t.span.start) {
                    tags += 1;
                } else {
                    other += 1;
                }
                prev_hash = None;
            }
            _ => prev_hash = None,
        }
    }
    (tags, other)
}

/// A compiled regular expression; the pattern is a literal of this crate.
fn re(pattern: &str) -> Regex {
    Regex::new(pattern).unwrap_or_else(|e| panic!("bad built-in pattern {pattern}: {e}"))
}

#[cfg(test)]
mod tests;
