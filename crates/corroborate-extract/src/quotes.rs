//! Quotes (direct, partial, indirect) and their speakers.
//!
//! 1. Quote marks are paired per paragraph ([`pairing`]): straight, curly, mismatched and
//!    unbalanced marks, and quotes continued across paragraphs.
//! 2. Each quote's cue ([`cues`]) is looked for after it (`"…," Crump said`, `said Crump`,
//!    `according to …`), then in its sentence before it (`Zummach has said Foster had "…"`,
//!    `…, saying "…"`, `Fitch’s announcement that "…"`). Sentences without quote marks are
//!    searched for indirect speech (`Crump said the footage shows …`, `…, Wiley said.`).
//! 3. The cue clause's subject is the speaker mention: a name, a role noun phrase, a pronoun
//!    or a group noun. It is mapped to an entity through the entities API; while that API
//!    returns nothing, a per-document name table ([`names`]) gives a canonical name.
//! 4. A direct quote with no cue of its own takes the speaker of the quote just before it in
//!    its paragraph, or of the piece it continues. Otherwise it stays unattributed.
//! 5. A learned ranker ([`ranker`]) then looks at every direct or partial quote's candidate
//!    speakers (no speaker, the rules' choice, earlier speakers, sentence subjects, entity
//!    mentions nearby) and keeps the one its shipped model (`data/speaker_ranker.tsv`,
//!    boosted trees fitted on PolNeAR train) scores highest.

mod cues;
mod detector;
mod lexicon;
mod names;
mod pairing;
mod ranker;
mod trees;
mod weights;

use corroborate_core::{PreparedDoc, Span, SpanMap};
use serde::{Deserialize, Serialize};
use std::sync::LazyLock;

use crate::attributions::{Attribution, AttributionKind};
use crate::entities::{EntityAnalysis, EntityKind, Gender, MentionKind};
use crate::lexicon::outlets;
use crate::windows::{ceil_boundary, floor_boundary, Windows, MAX_WINDOW};
use cues::{
    colon_speaker, cue_after, cue_before, cue_introducing_paragraph, cue_later_in_sentence,
    main_subject, mention_of, speaker_in_phrase,
};
use lexicon::{AGENT_ENDS, BE_FORMS, IRREGULAR_PARTICIPLES, WORK_NOUNS};
use names::NameTable;
use pairing::RawQuote;

/// The kind of quote.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum QuoteKind {
    /// A whole quoted utterance.
    Direct,
    /// A quoted fragment inside a sentence ("justified", "no choice").
    Partial,
    /// Reported speech ("Crump said the footage shows …").
    Indirect,
}

/// How the speaker is mentioned at the quote.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SpeakerMentionKind {
    /// A proper name ("Zummach", "Mississippi Gov. Tate Reeves").
    Name,
    /// A role noun phrase ("the mayor", "Kohen's mother", "a spokesperson for the police").
    Role,
    /// A personal pronoun ("she").
    Pronoun,
    /// A group noun ("police", "officials"); never resolved to a single entity.
    Group,
}

/// One quote.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Quote {
    /// The whole quotation including marks (direct, partial) or the cue clause and reported clause (indirect).
    #[serde(flatten)]
    pub span: Span,
    /// Direct, partial or indirect.
    pub kind: QuoteKind,
    /// The quoted words or the reported clause, without quote marks.
    pub content: Span,
    /// The cue ("said", "told AP", "according to"), when there is one.
    pub cue: Option<Span>,
    /// The speaker's entity (index into the article's entities), when attributed.
    pub speaker: Option<usize>,
    /// The span naming the speaker at this quote (a name, role noun or pronoun).
    pub speaker_mention: Option<Span>,
    /// How the speaker is mentioned, when there is a mention.
    pub speaker_mention_kind: Option<SpeakerMentionKind>,
    /// The speaker's canonical name ("Martin Zummach" for "Zummach said"): the entity's name
    /// when resolved, else the fullest name the article gives for the mention. `None` when
    /// unattributed or when the mention names no one (a group, an unknown role). Serialised as
    /// `speaker_canonical` (the report's `speaker_name` is the entity's name only).
    #[serde(rename = "speaker_canonical")]
    pub speaker_name: Option<String>,
    /// Where the speaker is named for this quote: `speaker_mention`, or, for a speaker carried
    /// over from the quote before it (or the piece it continues), that quote's mention. `None`
    /// when no mention names the speaker.
    pub speaker_named_at: Option<Span>,
    /// True when the speaker was not named at this quote but carried over from the quote
    /// before it (same paragraph) or the piece it continues.
    pub speaker_inherited: bool,
    /// True when this quote continues one left open at the end of the previous paragraph.
    pub continues: bool,
    /// How sure a learned model is of this quote's attribution, in [0, 1], rounded to three
    /// decimals: for a direct or partial quote, the speaker ranker's softmax probability of the
    /// chosen candidate (which may be "no speaker"); for indirect speech kept by the learned
    /// detector, its probability that the words are an attribution. `None` when the rules alone
    /// decided. Absent from the JSON when `None`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub confidence: Option<Confidence>,
    /// The source of an outer attribution that reports this quote, where it is written
    /// ("…,” the judge said, according to the Post": "the Post"; "…, Holt said, AP
    /// reported": "AP"): a layered attribution, whose outer layer is the item of the article's
    /// `attributions` with this `source_span`. Set by [`mark_reported_by`]. Absent from the
    /// JSON when `None`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reported_by: Option<Span>,
}

/// A probability in [0, 1] rounded to three decimals (serialised as a plain number), so that
/// the serialised bytes are stable. Never NaN, so it is `Eq`.
#[derive(Debug, Clone, Copy, PartialEq, PartialOrd, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Confidence(f32);

impl Eq for Confidence {}

impl Confidence {
    /// `p` clamped to [0, 1] (NaN as 0) and rounded to three decimals.
    pub fn new(p: f32) -> Self {
        let p = if p.is_nan() { 0.0 } else { p.clamp(0.0, 1.0) };
        Confidence(((p * 1000.0).round() / 1000.0).clamp(0.0, 1.0))
    }

    /// The probability.
    pub fn get(self) -> f32 {
        self.0
    }
}

/// `p` as a [`Confidence`].
pub(crate) fn round_confidence(p: f32) -> Confidence {
    Confidence::new(p)
}

impl Quote {
    /// Drops every trace of a speaker: the text names none.
    fn forget_speaker(&mut self) {
        self.speaker = None;
        self.speaker_name = None;
        self.speaker_mention = None;
        self.speaker_mention_kind = None;
        self.speaker_named_at = None;
        self.speaker_inherited = false;
    }
}

impl SpanMap for Quote {
    fn map_spans(&mut self, f: &dyn Fn(Span) -> Span) {
        self.span.map_spans(f);
        self.content.map_spans(f);
        self.cue.map_spans(f);
        self.speaker_mention.map_spans(f);
        self.speaker_named_at.map_spans(f);
        self.reported_by.map_spans(f);
    }
}

/// A quote before speaker resolution.
struct Candidate {
    quote: Quote,
    para: usize,
    open_end: bool,
}

/// The most recent resolved speaker, for pronouns and inheritance.
#[derive(Clone)]
struct Speaker {
    para: usize,
    /// Where its quote or cue ends (to tell whether it was in the previous sentence).
    at: usize,
    entity: Option<usize>,
    name: Option<String>,
    /// The mention naming it.
    mention: Option<Span>,
}

/// Whether the words that name a speaker at a quote, as written, can stand for the speaker
/// when they resolve to no entity: not a pronoun ("she", "you") and no contracted verb
/// ("you’ll", "it didn’t").
pub fn names_someone(words: &str) -> bool {
    words
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .all(|w| !lexicon::names_no_one(&w.to_lowercase()))
        && words.chars().any(char::is_alphabetic)
}

/// Finds quotes and attributes speakers.
pub fn extract(doc: &PreparedDoc, entities: &EntityAnalysis) -> Vec<Quote> {
    let text = doc.doc.text.as_str();
    let (win, table, raws, mut cands) = extract_by_rules(doc, entities);
    ranker::apply(doc, text, &win, &table, &raws, entities, &mut cands);
    let mut quotes: Vec<Quote> = cands
        .into_iter()
        .map(|c| {
            let mut q = c.quote;
            main_clause_speaker(text, &mut q);
            without_dateline(text, &mut q);
            if q.kind != QuoteKind::Indirect && names_a_work(text, &q) {
                q.cue = None;
                q.forget_speaker();
            }
            q
        })
        .collect();
    let cues: Vec<Span> = quotes.iter().filter_map(|q| q.cue).collect();
    for q in quotes.iter_mut().filter(|q| {
        q.kind == QuoteKind::Indirect
            && q.speaker_mention
                .is_some_and(|m| matches!(m.text(text), "who" | "which"))
    }) {
        q.content = before_next_attribution(text, q.content, &cues);
    }
    quotes
}

/// `content`, said in a relative clause, ended at the comma before another attribution's cue
/// inside it, the main clause's ("who asked not to be named, told the Gazette": the relative
/// clause's content ends at "named"), when at least two words are left; `content` itself
/// otherwise. A cue with no comma before it is reported speech inside the content ("who said
/// Lind told police that …") and stays.
fn before_next_attribution(text: &str, content: Span, cues: &[Span]) -> Span {
    let Some(cue) = cues
        .iter()
        .filter(|c| content.start < c.start && c.end <= content.end)
        .min_by_key(|c| c.start)
    else {
        return content;
    };
    let before = text.get(content.start..cue.start).unwrap_or("");
    let Some(kept) = before.trim_end().strip_suffix(',') else {
        return content;
    };
    let kept = kept.trim_end();
    if kept.split_whitespace().count() < 2 {
        return content;
    }
    Span::new(content.start, content.start + kept.len())
}

/// Content that opens a paragraph with a wire dateline ("MARLOW (Reuters) - Floods rose …,
/// officials said") opens after it: the place and the credit are the outlet's, not the speaker's.
fn without_dateline(text: &str, q: &mut Quote) {
    let content = corroborate_core::text::after_dateline(text, q.content);
    if q.span.start == q.content.start {
        q.span.start = content.start;
    }
    q.content = content;
}

/// "Trump, who has told aides he sees the issues as linked, said: “…”": a relative "who" whose
/// clause closes with a comma before the quote's cue is not the cue's subject; the name it
/// refers to is (the speaker, already resolved through "who", stays).
fn main_clause_speaker(text: &str, q: &mut Quote) {
    let (Some(who), Some(cue)) = (q.speaker_mention, q.cue) else {
        return;
    };
    if who.text(text) != "who" || cue.start < who.end {
        return;
    }
    let between = text.get(who.end..cue.start).unwrap_or("");
    if !between.contains(',') || between.contains(['.', '\n']) {
        return;
    }
    if let Some(name) = relative_antecedent(text, who) {
        q.speaker_mention = Some(name);
        q.speaker_mention_kind = Some(SpeakerMentionKind::Name);
        if q.speaker_named_at == Some(who) {
            q.speaker_named_at = Some(name);
        }
    }
}

/// `mention` without a past-tense verb that ends it after a word other than a determiner:
/// "the polls closed" (stating …), "Clinton avoided" (questions …) are "the polls", "Clinton";
/// "the accused" stays.
fn without_trailing_verb(text: &str, mention: Span) -> Span {
    let mention = without_trailing_time(text, mention);
    let words = mention.text(text);
    let Some((head, last)) = words.trim_end().rsplit_once(' ') else {
        return mention;
    };
    let verb =
        last.len() > 4 && last.ends_with("ed") && last.bytes().all(|b| b.is_ascii_lowercase());
    let before = head.rsplit(' ').next().unwrap_or("").to_lowercase();
    if !verb || lexicon::DETERMINERS.contains(&before.as_str()) {
        return mention;
    }
    Span::new(mention.start, mention.start + head.trim_end().len())
}

/// `mention` without a time phrase at its end, which says when it spoke, not who ("The pilots
/// two weeks ago" said: "The pilots").
fn without_trailing_time(text: &str, mention: Span) -> Span {
    let words = mention.text(text);
    let kept = lexicon::without_trailing_time(words);
    Span::new(mention.start, mention.start + kept.len())
}

/// The most words a quoted title has.
const MAX_TITLE_WORDS: usize = 8;

/// True when a quote names a work or programme instead of reporting speech: at most
/// [`MAX_TITLE_WORDS`] words, each capitalised or a function word ("Meet the Press", "Today"),
/// right after a possessive ("ABC’s “This Week”"), "on" ("he said on “Morning Joe.”") or a noun
/// of [`WORK_NOUNS`] ("the podcast “Here’s the Thing.”"). It is quoted text with no speaker.
fn names_a_work(text: &str, q: &Quote) -> bool {
    let mut words = 0;
    for w in q.content.text(text).split_whitespace() {
        let core = w.trim_matches(|c: char| !c.is_alphanumeric());
        let Some(first) = core.chars().next() else {
            continue;
        };
        let lower = core.to_lowercase();
        let function_word = words > 0 && corroborate_core::text::is_function_word(&lower);
        if first.is_lowercase() && !function_word {
            return false;
        }
        words += 1;
    }
    if words == 0 || words > MAX_TITLE_WORDS {
        return false;
    }
    let before = text
        .get(floor_boundary(text, q.span.start.saturating_sub(40))..q.span.start)
        .unwrap_or("");
    let last = before
        .split_whitespace()
        .next_back()
        .unwrap_or("")
        .trim_end_matches(',');
    last.ends_with("’s")
        || last.ends_with("'s")
        || last.eq_ignore_ascii_case("on")
        || WORK_NOUNS.contains(&last.to_lowercase().as_str())
}

/// Sets [`Quote::reported_by`] from the article's outlet attributions: a quote is reported by
/// an attribution "according to X" or "X reported" whose statement overlaps the quote's
/// content, whose phrase lies outside the content, and whose source is not the quote's own
/// speaker (then the attribution is the quote's, not a layer around it). Reported speech whose
/// clause ran on into such a phrase (", AP reported.") ends before it.
pub fn mark_reported_by(text: &str, quotes: &mut [Quote], attributions: &[Attribution]) {
    let layers = || {
        attributions.iter().filter(|a| {
            matches!(
                a.kind,
                AttributionKind::AccordingTo | AttributionKind::Reported
            )
        })
    };
    for q in quotes.iter_mut() {
        // "The mayor said the pier will reopen, the Associated Press reported.": the reported
        // clause ends at the comma before the outer layer's phrase.
        if q.kind == QuoteKind::Indirect {
            let trailing = layers().find_map(|a| {
                let inside = q.content.start < a.span.start && a.span.end <= q.content.end;
                let tail = text.get(a.span.end..q.content.end)?;
                let before = text.get(q.content.start..a.span.start)?.trim_end();
                (inside && !tail.chars().any(char::is_alphanumeric) && before.ends_with(','))
                    .then(|| q.content.start + before.len() - 1)
            });
            if let Some(end) = trailing.filter(|&e| e > q.content.start) {
                q.content = Span::new(q.content.start, end);
            }
        }
        let own = |s: Span| {
            [q.speaker_mention, q.speaker_named_at]
                .into_iter()
                .flatten()
                .any(|m| m.overlaps(s))
        };
        q.reported_by = layers()
            .filter(|a| a.statement.overlaps(q.content) && !q.content.overlaps(a.span))
            .filter(|a| !own(a.source_span) && !q.cue.is_some_and(|c| c.overlaps(a.span)))
            .min_by_key(|a| a.span.start.abs_diff(q.content.end))
            .map(|a| a.source_span)
            .filter(|s| s.text(text).chars().any(char::is_alphanumeric));
    }
}

/// The candidate speakers the learned ranker scores for each direct or partial quote, with
/// their feature vectors (named by [`SPEAKER_FEATURES`]), as the rules leave the quotes: the
/// training data of `scripts/train_speaker_ranker.py` (`eval-polnear --dump-candidates`).
#[doc(hidden)]
pub fn speaker_candidates(doc: &PreparedDoc, entities: &EntityAnalysis) -> Vec<SpeakerOptions> {
    let text = doc.doc.text.as_str();
    let (win, table, raws, cands) = extract_by_rules(doc, entities);
    ranker::options_of_all(text, &win, &table, &raws, entities, &cands)
}

pub use detector::{threshold as detector_threshold, CueCandidate, CUE_FEATURES};
pub use ranker::{SpeakerOptions, SPEAKER_FEATURES};

/// The candidates of the learned attribution detector in sentences without quote marks, with
/// their features, for training (`eval-polnear --dump-cues`).
pub fn cue_candidates(doc: &PreparedDoc) -> Vec<CueCandidate> {
    let text = doc.doc.text.as_str();
    let win = Windows::new(doc);
    let raws = raw_quotes(doc, &win);
    let mut dump = Vec::new();
    let table = NameTable::new(text);
    indirect_sentences(doc, text, &win, &table, &raws, Some(&mut dump));
    dump
}

/// The quote-mark spans of `doc` (doubled apostrophes counted as marks), paired within
/// paragraphs, outside ignored text.
fn raw_quotes(doc: &PreparedDoc, win: &Windows) -> Vec<RawQuote> {
    let text = doc.doc.text.as_str();
    let marks = pairing::doubled_apostrophes_as_marks(text);
    pairing::pair(&marks, &win.paragraphs)
        .into_iter()
        .map(|r| pairing::widen_to_doubled(text, r))
        .filter(|r| !doc.is_ignored(r.span))
        .collect()
}

/// Quotes and speakers as the hand-written rules give them (before the ranker).
fn extract_by_rules(
    doc: &PreparedDoc,
    entities: &EntityAnalysis,
) -> (Windows, NameTable, Vec<RawQuote>, Vec<Candidate>) {
    let text = doc.doc.text.as_str();
    let win = Windows::new(doc);
    let table = NameTable::new(text);
    let raws = raw_quotes(doc, &win);
    let mut cands: Vec<Candidate> = Vec::with_capacity(raws.len());
    for (i, r) in raws.iter().enumerate() {
        cands.push(direct_candidate(text, &win, &table, &raws, i, r));
    }
    attribute_from_reported_speech(text, &win, &raws, &mut cands);
    let direct_cues: Vec<Span> = cands.iter().filter_map(|c| c.quote.cue).collect();
    cands.extend(
        indirect_candidates(doc, text, &win, &table, &raws)
            .into_iter()
            .filter_map(|mut c| {
                // A cue a direct quote already took is not a second attribution, unless what it
                // reports opens with a participle cue ("“…,” McCain said, citing low growth"):
                // then that participle is the cue of what follows it.
                if !c
                    .quote
                    .cue
                    .is_some_and(|k| direct_cues.iter().any(|d| d.overlaps(k)))
                {
                    return Some(c);
                }
                let (cue, content) = participle_opening(text, c.quote.content)?;
                c.quote.cue = Some(cue);
                c.quote.content = content;
                c.quote.span = c.quote.span.cover(content);
                Some(c)
            }),
    );
    split_participle_clauses(text, &mut cands);
    participle_subjects(text, &table, &raws, &mut cands);
    if let Some(q) = doc
        .doc
        .headline
        .and_then(|h| indirect::headline(text, h, &table))
    {
        cands.push(Candidate {
            quote: q,
            para: 0,
            open_end: false,
        });
    }
    cands.sort_by_key(|c| (c.quote.span.start, c.quote.span.end));
    for c in &mut cands {
        if let Some(m) = c.quote.speaker_mention {
            c.quote.speaker_mention = Some(without_trailing_verb(text, m));
        }
    }
    resolve(doc, text, &win, &table, entities, &mut cands);
    (win, table, raws, cands)
}

/// True when the quote stands as its own sentence or clause (not a fragment in a sentence).
fn is_standalone(text: &str, para: Span, r: &RawQuote) -> bool {
    if r.continues {
        return true;
    }
    let before =
        &text[floor_boundary(text, r.span.start.saturating_sub(8).max(para.start))..r.span.start];
    let content = r.content.text(text);
    let starts_upper = content
        .chars()
        .find(|c| c.is_alphanumeric() || *c == '[')
        .is_some_and(|c| c.is_uppercase() || c.is_ascii_digit() || c == '[');
    match before.trim_end().chars().last() {
        None => true,
        Some('.' | '!' | '?' | ':' | '"' | '”' | ')') => true,
        Some(',' | '—' | '–' | ';') => starts_upper,
        Some(_) => false,
    }
}

/// Builds the candidate for one paired quote.
fn direct_candidate(
    text: &str,
    win: &Windows,
    table: &NameTable,
    raws: &[RawQuote],
    i: usize,
    r: &RawQuote,
) -> Candidate {
    let para = win.paragraphs.get(r.para).copied().unwrap_or(r.span);
    let kind = if is_standalone(text, para, r) {
        QuoteKind::Direct
    } else {
        QuoteKind::Partial
    };
    let sentence = win.around(text, r.span.start, r.span.end);
    let next_start = raws.get(i + 1).map_or(usize::MAX, |n| n.span.start);
    let after_end = sentence.end.min(next_start).min(para.end).max(r.span.end);
    let after = &text[r.span.end..after_end];
    let ends_sentence = r.content.text(text).ends_with(['.', '…']);
    let mut found = None;
    if !r.open_end && (!ends_sentence || after.trim().len() <= 60) {
        found = cue_after(after, r.span.end);
    }
    if found.is_none() {
        let start = sentence.start.max(para.start).min(r.span.start);
        let start = floor_boundary(text, start.max(r.span.start.saturating_sub(MAX_WINDOW)));
        found = cue_before(&text[start..r.span.start], start, raws, table);
    }
    if found.is_none() {
        found = cue_introducing_paragraph(text, win, raws, table, r, para);
    }
    if found.as_ref().is_none_or(|f| f.mention.is_none()) && !r.open_end {
        found = cue_later_in_sentence(after, r.span.end, raws, table).or(found);
    }
    if found.is_none() {
        let start = floor_boundary(text, sentence.start.max(para.start).min(r.span.start));
        found = colon_speaker(text.get(start..r.span.start).unwrap_or(""), start, table);
    }
    let (mention, cue) = match found {
        Some(f) => (f.mention, Some(f.cue)),
        None => (None, None),
    };
    Candidate {
        quote: Quote {
            span: r.span,
            kind,
            content: r.content,
            cue,
            speaker: None,
            speaker_mention: mention.map(|m| m.0),
            speaker_mention_kind: mention.map(|m| m.1),
            speaker_name: None,
            speaker_named_at: None,
            speaker_inherited: false,
            continues: r.continues,
            confidence: None,
            reported_by: None,
        },
        para: r.para,
        open_end: r.open_end,
    }
}

/// A quote whose neighbourhood names no speaker, inside reported speech ("Carson said the
/// announcement was an “insult” to the volunteers"), takes the reported speech's source and cue.
fn attribute_from_reported_speech(
    text: &str,
    win: &Windows,
    raws: &[RawQuote],
    cands: &mut [Candidate],
) {
    for c in cands
        .iter_mut()
        .filter(|c| c.quote.speaker_mention.is_none() && c.quote.cue.is_none())
    {
        let span = c.quote.span;
        let s = win.around(text, span.start, span.end);
        let s = Span::new(
            s.start,
            floor_boundary(text, s.end.min(s.start + 4 * MAX_WINDOW)),
        );
        let reported = indirect::find_all(text, s).into_iter().find(|q| {
            let outside = q
                .cue
                .is_some_and(|cue| cue.end <= span.start || span.end <= cue.start);
            q.content.start < span.end && span.start < q.content.end && outside
        });
        let speaks_outside_quotes = |q: &Quote| {
            q.speaker_mention
                .is_some_and(|m| !cues::overlaps_quote(raws, m))
        };
        if let Some(q) = reported.filter(speaks_outside_quotes) {
            c.quote.speaker_mention = q.speaker_mention;
            c.quote.speaker_mention_kind = q.speaker_mention_kind;
            c.quote.cue = q.cue;
        }
    }
}

/// An indirect attribution whose cue is a participle after a comma or "by" ("Holt sued the
/// board on Friday, claiming the vote was void"; "dismissed the charge by pointing out that …")
/// is said by its sentence's subject, not by the noun phrase right before the participle (which
/// the subject patterns take: "the board on Friday"). The subject is the sentence's first
/// subject phrase ([`main_subject`]), when it stands before the cue.
fn participle_subjects(text: &str, table: &NameTable, raws: &[RawQuote], cands: &mut [Candidate]) {
    let attributed: Vec<(Span, Span, SpeakerMentionKind)> = cands
        .iter()
        .filter_map(|c| {
            let q = &c.quote;
            Some((q.cue?, q.speaker_mention?, q.speaker_mention_kind?))
        })
        .collect();
    for c in cands
        .iter_mut()
        .filter(|c| c.quote.kind == QuoteKind::Indirect)
    {
        let q = &mut c.quote;
        let (Some(cue), Some(_)) = (q.cue, q.speaker_mention) else {
            continue;
        };
        if let Some((be, agent)) = passive_agent(text, q.span, cue) {
            q.speaker_mention = agent.map(|a| a.0);
            q.speaker_mention_kind = agent.map(|a| a.1);
            if let Some((a, _)) =
                agent.filter(|(a, _)| q.content.start <= a.start && a.start < q.content.end)
            {
                // The content never holds its source.
                let after = text.get(a.end..q.content.end).unwrap_or("");
                let rest = after.trim_start_matches(|c: char| c.is_whitespace() || c == ',');
                let lead = after.len() - rest.len();
                if rest.starts_with("that ") {
                    // "were warned by Lind that the fares …": the content opens after "that".
                    q.content = Span::new(a.end + lead + "that ".len(), q.content.end);
                } else if rest.starts_with("to ") {
                    // "was told by Lind to leave": the content is what the hearer was told.
                    q.content = Span::new(a.end + lead, q.content.end);
                } else if let Some(subject) =
                    passive_subject(text, q.content.start.min(q.span.start), be)
                {
                    // "The plan was criticised by the mayor": the passive subject.
                    q.content = subject;
                }
            }
            continue;
        }
        let subject = participle_subject(text, q.span, cue, table, raws)
            .map(|m| shared_subject(text, cue, &attributed).unwrap_or(m));
        if let Some(m) = subject {
            q.speaker_mention = Some(m.0);
            q.speaker_mention_kind = Some(m.1);
        }
    }
}

/// For a passive cue ("Clinton was asked about …", "the plan was criticised by the mayor"),
/// `Some((be, agent))`: where the form of "be" before the cue starts, and the noun phrase after
/// "by" within the next six words (up to a comma or the sentence's end, at most eight words),
/// or `None` when no agent is named. The passive subject is the hearer or the topic, not the
/// source (PolNeAR gives these no source, or the agent). `None` when the cue is not passive.
fn passive_agent(
    text: &str,
    s: Span,
    cue: Span,
) -> Option<(usize, Option<(Span, SpeakerMentionKind)>)> {
    let word = cue.text(text).split_whitespace().next()?;
    if !(word.bytes().all(|b| b.is_ascii_lowercase())
        && (word.ends_with("ed") || IRREGULAR_PARTICIPLES.contains(&word)))
    {
        return None;
    }
    let head = text.get(s.start..cue.start)?;
    let before = head
        .split_whitespace()
        .rev()
        .find(|w| !(w.ends_with("ly") && w.len() > 4))?;
    // `before` is a slice of `head`: its offset is the distance between their starts.
    let be = s.start + (before.as_ptr() as usize - head.as_ptr() as usize);
    if !BE_FORMS.contains(&before.to_lowercase().as_str()) {
        return None;
    }
    let end = cue.start + word.len();
    let rest = text.get(end..s.end)?;
    let words: Vec<(usize, usize)> = crate::windows::ascii_words(rest).take(16).collect();
    // "by" within six words, before any clause word ("it was revealed that he paid … by").
    let Some(by) = words
        .iter()
        .take(6)
        .map(|&(a, b)| rest.get(a..b).unwrap_or(""))
        .take_while(|w| *w == "to" || !AGENT_ENDS.contains(w))
        .position(|w| w == "by")
    else {
        return Some((be, None));
    };
    let first = words.get(by + 1)?.0;
    let mut last = None;
    for &(a, b) in words.iter().skip(by + 1).take(8) {
        let gap = rest.get(last.map_or(first, |l: usize| l)..a)?;
        let w = rest.get(a..b)?.to_lowercase();
        let ends_phrase = AGENT_ENDS.contains(&w.as_str())
            || (w != "of" && detector::PREPOSITIONS.contains(&w.as_str()));
        if last.is_some() && (gap.contains([',', ';', ':', '(', ')', '—', '–']) || ends_phrase)
        {
            break;
        }
        last = Some(b);
    }
    let agent = Span::new(end + first, end + last?);
    let kind = if agent.text(text).starts_with(char::is_uppercase) {
        SpeakerMentionKind::Name
    } else {
        SpeakerMentionKind::Role
    };
    Some((be, Some((agent, kind))))
}

/// The subject of a passive verb whose form of "be" starts at `be`, looking no further back than
/// `from`: the words after the last clause break, speech verb or "that", without the auxiliaries
/// and adverbs before "be" ("In Vermont, Sanders has long been …": "Sanders"; "Vindman said he
/// was told by …": "he"). `None` when no word is left.
fn passive_subject(text: &str, from: usize, be: usize) -> Option<Span> {
    let head = text.get(from..be)?;
    let clause = head
        .rfind([',', ';', ':', '—', '–'])
        .and_then(|i| head.get(i..))
        .and_then(|rest| rest.get(rest.chars().next()?.len_utf8()..))
        .unwrap_or(head);
    let at = be - clause.len();
    let words: Vec<&str> = clause.split_whitespace().collect();
    let lower: Vec<String> = words.iter().map(|w| w.to_lowercase()).collect();
    let opens = lower
        .iter()
        .rposition(|w| w == "that" || crate::lexicon::reporting::is_speech_verb(w))
        .map_or(0, |i| i + 1);
    let keep = lower.iter().rposition(|w| {
        !(lexicon::between_subject_and_cue(w) || w.ends_with("ly") && w.len() > 4)
    })?;
    let first = *words.get(opens).filter(|_| opens <= keep)?;
    let last = words.get(keep)?;
    // Both are slices of `clause`: their offsets are the distances between the starts.
    let start = at + (first.as_ptr() as usize - clause.as_ptr() as usize);
    let end = at + (last.as_ptr() as usize - clause.as_ptr() as usize) + last.len();
    Some(Span::new(start, end))
}

/// The speaker of the attribution whose cue stands right before the comma before `cue`, which a
/// participle after it shares ("She had struggled for years, Holt explained, recalling …":
/// Holt, not the sentence's subject). `attributed` holds each attribution's cue, speaker
/// mention and its kind.
fn shared_subject(
    text: &str,
    cue: Span,
    attributed: &[(Span, Span, SpeakerMentionKind)],
) -> Option<(Span, SpeakerMentionKind)> {
    let comma = text.get(..cue.start)?.trim_end().strip_suffix(',')?.len();
    attributed
        .iter()
        .find(|(c, _, _)| {
            c.end <= comma
                && text.get(c.end..comma).is_some_and(|g| g.trim().is_empty())
                && c.text(text)
                    .split_whitespace()
                    .next()
                    .is_some_and(crate::lexicon::reporting::is_speech_verb)
        })
        .map(|&(_, m, kind)| (m, kind))
}

/// The subject of sentence `s` for a participle cue at `cue` (see [`participle_subjects`]).
fn participle_subject(
    text: &str,
    s: Span,
    cue: Span,
    table: &NameTable,
    raws: &[RawQuote],
) -> Option<(Span, SpeakerMentionKind)> {
    let word = cue.text(text).split_whitespace().next()?;
    // "…, according to X" names its own source after the cue.
    if !lexicon::is_present_participle(word) || word == "according" {
        return None;
    }
    let sub = text.get(s.start..cue.start)?;
    let before = sub.trim_end();
    if !(before.ends_with([',', '—', '–'])
        || before.ends_with(" -")
        || before.ends_with(" by")
        || before.ends_with(" and"))
    {
        return None;
    }
    subject_before(text, s, cue, table, raws)
}

/// The first subject phrase of sentence `s` ([`main_subject`]) that ends before `cue`, after
/// any opening adverbial ("During the debate, Holt …": Holt).
fn subject_before(
    text: &str,
    s: Span,
    cue: Span,
    table: &NameTable,
    raws: &[RawQuote],
) -> Option<(Span, SpeakerMentionKind)> {
    let sub = text.get(s.start..cue.start)?;
    let head = floor_boundary(sub, sub.len().min(300));
    // An opening adverbial ("During the debate, Holt …", "Instead, she …") or participle
    // phrase ("Facing criticism from the board, Holt …") holds no subject.
    let lead = sub.len() - sub.trim_start().len();
    let adverbial = sub
        .split_whitespace()
        .next()
        .map(|w| w.trim_end_matches(',').to_lowercase())
        .is_some_and(|w| {
            (corroborate_core::text::is_function_word(&w)
                && !lexicon::NP_OPENERS.contains(&w.as_str())
                && !lexicon::SPEAKER_PRONOUNS.contains(&w.as_str()))
                || lexicon::is_present_participle(&w)
        });
    let from = if adverbial {
        sub.get(..head)?.find(", ").map_or(lead, |c| c + 2)
    } else {
        lead
    };
    // A name after a preposition ("a rally in California") is not the subject: look further.
    let mut from = from;
    for _ in 0..4 {
        let (m, kind) = main_subject(sub.get(from..head)?, s.start + from, table, raws)?;
        let after_preposition = sub
            .get(..m.start.checked_sub(s.start)?)?
            .split_whitespace()
            .next_back()
            .is_some_and(|w| detector::PREPOSITIONS.contains(&w.to_lowercase().as_str()));
        if !after_preposition {
            return (m.end <= cue.start).then_some((m, kind));
        }
        from = ceil_boundary(sub, m.end.checked_sub(s.start)?);
    }
    None
}

/// Indirect speech in sentences that hold no quote marks.
fn indirect_candidates(
    doc: &PreparedDoc,
    text: &str,
    win: &Windows,
    table: &NameTable,
    raws: &[RawQuote],
) -> Vec<Candidate> {
    indirect_sentences(doc, text, win, table, raws, None)
}

/// [`indirect_candidates`], also recording the learned detector's candidates in `dump`.
fn indirect_sentences(
    doc: &PreparedDoc,
    text: &str,
    win: &Windows,
    table: &NameTable,
    raws: &[RawQuote],
    mut dump: Option<&mut Vec<CueCandidate>>,
) -> Vec<Candidate> {
    let mut out = Vec::new();
    let mut ri = 0;
    for &s in &win.sentences {
        while ri < raws.len() && raws[ri].span.end <= s.start {
            ri += 1;
        }
        if doc.is_ignored(s) {
            continue;
        }
        let para = win.paragraph_of(s.start).unwrap_or(0);
        let s = Span::new(s.start, s.end.min(s.start + 4 * MAX_WINDOW));
        let s = Span::new(s.start, floor_boundary(text, s.end));
        let quoted = raws[ri..]
            .iter()
            .take_while(|r| r.span.start < s.end)
            .map(|r| r.span);
        for seg in outside_quotes(text, s, quoted) {
            let scope = indirect::SubjectScope {
                table,
                sentence: s,
                raws: &raws[ri..],
            };
            for q in indirect::find_all_with(text, seg, Some(scope), dump.as_deref_mut()) {
                out.push(Candidate {
                    quote: q,
                    para,
                    open_end: false,
                });
            }
        }
    }
    out
}

/// The stretches of sentence `s` outside the quote-mark spans `quoted` (in text order), each
/// trimmed of the punctuation and space that open it, with at least [`MIN_SEGMENT_WORDS`]
/// words: where indirect speech can stand in a sentence that also quotes ("…,” McCain said,
/// citing low growth"; "the Post will brand you a liar and call it a “freak out”").
fn outside_quotes(text: &str, s: Span, quoted: impl Iterator<Item = Span>) -> Vec<Span> {
    let mut cuts = Vec::new();
    let mut start = s.start;
    for q in quoted {
        if q.start > start {
            cuts.push(Span::new(start, q.start.min(s.end)));
        }
        start = start.max(q.end);
    }
    if start < s.end {
        cuts.push(Span::new(start, s.end));
    }
    if cuts.len() == 1 && cuts[0] == s {
        return cuts;
    }
    cuts.into_iter()
        .filter_map(|c| {
            let t = c.text(text);
            let lead = t.len() - t.trim_start_matches(|ch: char| !ch.is_alphanumeric()).len();
            let c = Span::new(c.start + lead, c.end);
            (crate::windows::ascii_words(c.text(text)).count() >= MIN_SEGMENT_WORDS).then_some(c)
        })
        .collect()
}

/// When `content` opens (after punctuation and space) with a trusted participle cue ("citing",
/// "noting"), that cue and the clause after it (of at least three words, "that" dropped).
fn participle_opening(text: &str, content: Span) -> Option<(Span, Span)> {
    let t = content.text(text);
    let lead = t.len() - t.trim_start_matches(|ch: char| !ch.is_alphanumeric()).len();
    let rest = t.get(lead..)?;
    let (a, b) = crate::windows::ascii_words(rest).next()?;
    let w = rest.get(a..b)?;
    if a != 0 || !w.ends_with("ing") || crate::lexicon::reporting::cue_word(w).is_none() {
        return None;
    }
    let after = rest.get(b..)?;
    let mut skip = after.len() - after.trim_start().len();
    if after.trim_start().starts_with("that ") {
        skip += "that ".len();
    }
    let start = content.start + lead + b + skip;
    let clause = Span::new(start, content.end);
    (crate::windows::ascii_words(clause.text(text)).count() >= 3).then_some((
        Span::new(content.start + lead + a, content.start + lead + b),
        clause,
    ))
}

/// Reported speech that runs on into a participle cue after a comma ("The board denied the
/// allegations, saying the report was published in March") is two attributions by one source:
/// the first clause ends at the comma, and the participle is the cue of what follows it (as
/// [`participle_opening`] reads it). When the participle already heads an attribution of its
/// own, the first clause still ends at the comma, and no second attribution is added.
fn split_participle_clauses(text: &str, cands: &mut Vec<Candidate>) {
    let cues: Vec<Span> = cands.iter().filter_map(|c| c.quote.cue).collect();
    let mut added: Vec<Candidate> = Vec::new();
    for c in cands
        .iter_mut()
        .filter(|c| c.quote.kind == QuoteKind::Indirect && c.quote.speaker_mention.is_some())
    {
        let content = c.quote.content;
        let t = content.text(text);
        let split = t.match_indices(", ").find_map(|(i, _)| {
            let tail = Span::new(content.start + i + 1, content.end);
            let (cue, clause) = participle_opening(text, tail)?;
            (i > 0).then_some((i, cue, clause))
        });
        let Some((i, cue, clause)) = split else {
            continue;
        };
        c.quote.content = Span::new(content.start, content.start + i);
        if cues.iter().any(|k| k.overlaps(cue)) {
            continue;
        }
        let mut q = c.quote.clone();
        q.span = Span::new(cue.start, clause.end);
        q.cue = Some(cue);
        q.content = clause;
        q.confidence = None;
        added.push(Candidate {
            quote: q,
            para: c.para,
            open_end: false,
        });
    }
    cands.extend(added);
}

/// Fewest words a stretch of a quoting sentence needs to be searched for indirect speech.
const MIN_SEGMENT_WORDS: usize = 4;

mod indirect;

/// True for a first-person pronoun ("I", "we"), which outside quote marks is the writer.
fn is_writer_pronoun(word: &str) -> bool {
    lexicon::WRITER_PRONOUNS.contains(&word.to_lowercase().as_str())
}

/// Resolves speaker mentions to entities and names, in text order.
fn resolve(
    doc: &PreparedDoc,
    text: &str,
    win: &Windows,
    table: &NameTable,
    entities: &EntityAnalysis,
    cands: &mut [Candidate],
) {
    let mut last: Option<Speaker> = None;
    let mut prev_quote: Option<(usize, usize, Speaker)> = None;
    for i in 0..cands.len() {
        let c = &cands[i];
        let q = &c.quote;
        let mut spk: Option<Speaker> = None;
        if let (Some(span), Some(SpeakerMentionKind::Name)) =
            (q.speaker_mention, q.speaker_mention_kind)
        {
            let trimmed = names::name_core(text, span);
            cands[i].quote.speaker_mention = Some(trimmed);
        }
        let c = &cands[i];
        let q = &c.quote;
        if let (Some(span), Some(kind)) = (q.speaker_mention, q.speaker_mention_kind) {
            let (entity, name) = match kind {
                SpeakerMentionKind::Name => named_speaker(text, table, entities, span),
                SpeakerMentionKind::Role => resolve_role_mention(doc, text, table, entities, span),
                // "I" or "we" outside quote marks is the writer (or the writer's side), whom the
                // text does not name: never someone quoted before.
                SpeakerMentionKind::Pronoun if is_writer_pronoun(span.text(text)) => (None, None),
                SpeakerMentionKind::Pronoun if span.text(text) == "who" => {
                    relative_antecedent(text, span)
                        .map_or((None, None), |a| named_speaker(text, table, entities, a))
                }
                SpeakerMentionKind::Pronoun => {
                    let g = pronoun_gender(span.text(text));
                    let fits = |l: &&Speaker| {
                        gender_fits(entities, l.entity, g)
                            && (g.is_none() || person_like(entities, l))
                    };
                    let prev_sentence = previous_sentence(win, span.start);
                    let recent = last
                        .as_ref()
                        .filter(|l| prev_sentence.is_some_and(|p| l.at >= p.start))
                        .filter(fits);
                    let prev_para = last.as_ref().filter(|l| l.para + 1 >= c.para).filter(fits);
                    if let Some(l) = recent {
                        (l.entity, l.name.clone())
                    } else if let Some((e, n)) = prev_sentence
                        .and_then(|p| sentence_subject(text, p, table, entities))
                        .filter(|_| g.is_some())
                    {
                        (e, Some(n))
                    } else if let Some(e) = entities.resolve_pronoun(doc, span) {
                        (Some(e), entities.entities.get(e).map(|x| x.name.clone()))
                    } else if let Some(l) = prev_para {
                        (l.entity, l.name.clone())
                    } else {
                        (None, None)
                    }
                }
                SpeakerMentionKind::Group => (None, None),
            };
            spk = Some(Speaker {
                para: c.para,
                at: c.quote.span.end,
                entity,
                name,
                mention: Some(span),
            });
        } else if q.kind == QuoteKind::Direct {
            let (para, quote_span) = (c.para, q.span);
            let mut chained = false;
            if let Some((pi, ppara, ps)) = &prev_quote {
                let prev = &cands[*pi];
                chained = (q.continues && prev.open_end)
                    || (*ppara == c.para && prev.quote.kind == QuoteKind::Direct);
                if chained && (ps.entity.is_some() || ps.name.is_some()) {
                    spk = Some(Speaker {
                        para: c.para,
                        at: q.span.end,
                        ..ps.clone()
                    });
                    cands[i].quote.speaker_inherited = true;
                } else if chained {
                    cands[i].quote.speaker_named_at = ps.mention;
                }
            }
            // A paragraph that opens with a quote no one is named for goes on with the speaker
            // of the paragraph before it (the news convention for a quote running on).
            let opens = |start: usize| {
                text.get(start..quote_span.start)
                    .is_some_and(|before| !before.chars().any(char::is_alphanumeric))
            };
            let opens_paragraph = win.paragraphs.get(para).is_some_and(|p| opens(p.start));
            let sentence = win
                .sentences
                .get(win.sentences.partition_point(|x| x.end <= quote_span.start));
            let opens_sentence =
                sentence.is_some_and(|x| x.start <= quote_span.start && opens(x.start));
            // Likewise a quote opening a later sentence of the paragraph that named the speaker.
            let carried = last.as_ref().filter(|l| {
                (opens_paragraph && l.para + 1 == para) || (opens_sentence && l.para == para)
            });
            if let (false, Some(l)) = (chained, carried) {
                spk = Some(Speaker {
                    para,
                    at: quote_span.end,
                    ..l.clone()
                });
                cands[i].quote.speaker_inherited = true;
            }
        }
        let c = &mut cands[i];
        if let Some(s) = &spk {
            c.quote.speaker_named_at = s.mention;
            c.quote.speaker = s.entity;
            c.quote.speaker_name = s.name.clone();
            let source_only = c
                .quote
                .cue
                .is_some_and(|cue| cue.text(text).to_lowercase().starts_with("according"));
            if (s.entity.is_some() || s.name.is_some()) && !source_only {
                last = Some(s.clone());
            }
        }
        if c.quote.kind != QuoteKind::Indirect {
            prev_quote = Some((
                i,
                c.para,
                spk.unwrap_or(Speaker {
                    para: c.para,
                    at: c.quote.span.end,
                    entity: None,
                    name: None,
                    mention: c.quote.speaker_named_at,
                }),
            ));
        }
    }
    for i in (0..cands.len().saturating_sub(1)).rev() {
        let (a, b) = cands.split_at_mut(i + 1);
        let (cur, next) = (&mut a[i], &b[0]);
        if cur.open_end
            && next.quote.continues
            && cur.quote.speaker_name.is_none()
            && cur.quote.speaker.is_none()
        {
            cur.quote.speaker = next.quote.speaker;
            cur.quote.speaker_name = next.quote.speaker_name.clone();
            cur.quote.speaker_named_at = next.quote.speaker_named_at;
            cur.quote.speaker_inherited = true;
        }
    }
}

/// The entity of the mention covering `span`, if the entities API knows one that can speak
/// (a person, organisation or group; not a place).
fn entity_at(entities: &EntityAnalysis, span: Span) -> Option<usize> {
    entities
        .mention_at(span)
        .filter(|m| matches!(m.kind, MentionKind::Name | MentionKind::Nominal))
        .map(|m| m.entity)
        .filter(|&e| {
            entities
                .entities
                .get(e)
                .is_some_and(|x| x.kind != EntityKind::Place)
        })
}

/// A role mention resolved through the name table; `None` for indefinite ones ("a spokesperson")
/// unless an apposition right after names them ("a spokesperson, Ana Lind,").
fn resolve_role(text: &str, table: &NameTable, span: Span) -> Option<String> {
    let t = span.text(text);
    let np = t
        .split([' ', '\t'])
        .take_while(|w| !matches!(*w, "for" | "of" | "at" | "with" | "from"))
        .collect::<Vec<_>>();
    let head = np.last()?;
    let name = table.resolve_role(head, span.end + 3, 2 * MAX_WINDOW)?;
    // "a spokesperson …" introduces someone new, named only by an apposition right after it ("a
    // spokesman for the firm, Brian Ochs,").
    let named_right_after = || {
        let rest = text.get(span.end..).unwrap_or("");
        rest.strip_prefix(", ")
            .is_some_and(|r| r.starts_with(name.as_str()))
    };
    (!indefinite(t) || named_right_after()).then_some(name)
}

/// A role mention ("the attorney", "Kohen's mother"): the entities API's nominal mention
/// covering it, else the person the article states holds the role (name table), else the
/// entities API's unique holder of that role. Possessive phrases never resolve to their
/// possessor.
fn resolve_role_mention(
    doc: &PreparedDoc,
    text: &str,
    table: &NameTable,
    entities: &EntityAnalysis,
    span: Span,
) -> (Option<usize>, Option<String>) {
    let name_of = |e: usize| entities.entities.get(e).map(|x| x.name.clone());
    let exact = entities
        .mention_at(span)
        .filter(|m| m.kind == MentionKind::Nominal && m.span.contains(span))
        .map(|m| m.entity);
    if let Some(e) = exact {
        return (Some(e), name_of(e));
    }
    if let Some(n) = resolve_role(text, table, span) {
        return (entity_named(entities, &n), Some(n));
    }
    let t = span.text(text);
    if t.contains(['’', '\'']) || indefinite(t) {
        return (None, None);
    }
    let e = entities.entity_for_role_noun(doc, span).filter(|&e| {
        entities
            .entities
            .get(e)
            .is_some_and(|x| x.kind == EntityKind::Person)
    });
    (e, e.and_then(name_of))
}

/// True for an indefinite noun phrase ("a spokesperson …"), which introduces someone new.
fn indefinite(np: &str) -> bool {
    let first = np.split_whitespace().next().unwrap_or("");
    matches!(first.to_lowercase().as_str(), "a" | "an")
}

/// The entity (person, organisation or group) whose name is exactly `name`, if unique.
fn entity_named(entities: &EntityAnalysis, name: &str) -> Option<usize> {
    let mut it = entities
        .entities
        .iter()
        .enumerate()
        .filter(|(_, e)| e.kind != EntityKind::Place && e.name == name);
    match (it.next(), it.next()) {
        (Some((i, _)), None) => Some(i),
        _ => None,
    }
}

/// The entity and canonical name of a speaker mentioned by name.
fn named_speaker(
    text: &str,
    table: &NameTable,
    entities: &EntityAnalysis,
    span: Span,
) -> (Option<usize>, Option<String>) {
    match entity_at(entities, span) {
        Some(e) => (
            Some(e),
            entities
                .entities
                .get(e)
                .map(|x| outlets::normalize(&x.name).unwrap_or_else(|| x.name.clone())),
        ),
        None => {
            let written = span.text(text);
            let name = outlets::normalize(written).or_else(|| table.canonical_name(written, span));
            (
                name.as_deref().and_then(|n| entity_named(entities, n)),
                name,
            )
        }
    }
}

static NAME_BEFORE_RELATIVE: LazyLock<regex::Regex> = LazyLock::new(|| {
    crate::lexicon::patterns::compile(&format!(r"(?P<name>{}),?[ \t]*$", lexicon::name_pattern()))
});

/// The name a relative "who" refers to: the one right before it ("said Beck, who said").
fn relative_antecedent(text: &str, who: Span) -> Option<Span> {
    let start = floor_boundary(text, who.start.saturating_sub(80));
    let before = text.get(start..who.start)?;
    let m = NAME_BEFORE_RELATIVE.captures(before)?.name("name")?;
    Some(Span::new(start + m.start(), start + m.end()))
}

fn pronoun_gender(p: &str) -> Option<Gender> {
    match p.to_lowercase().as_str() {
        "he" => Some(Gender::Male),
        "she" => Some(Gender::Female),
        _ => None,
    }
}

/// The sentence before the one holding `pos`, within the same or the previous paragraph.
fn previous_sentence(win: &Windows, pos: usize) -> Option<Span> {
    let i = win.sentences.partition_point(|s| s.end <= pos);
    let prev = *win.sentences.get(i.checked_sub(1)?)?;
    let (a, b) = (win.paragraph_of(prev.start)?, win.paragraph_of(pos)?);
    (a + 1 >= b).then_some(prev)
}

/// The person a sentence is about when it opens with one: a name among its first five words,
/// before any comma ("Civil rights attorney Ben Crump, who …, has challenged …"). Used for a
/// sentence-initial "he"/"she", the usual news convention of continuing with the last subject.
fn sentence_subject(
    text: &str,
    s: Span,
    table: &NameTable,
    entities: &EntityAnalysis,
) -> Option<(Option<usize>, String)> {
    let st = s.text(text);
    let st = &st[..floor_boundary(st, 300)];
    let head_end = st.find(',').unwrap_or(st.len());
    let (m, kind) = main_subject(&st[..head_end], s.start, table, &[])?;
    if kind != SpeakerMentionKind::Name {
        return None;
    }
    let before_words = text[s.start..m.start].split_whitespace().count();
    if before_words >= 5 {
        return None;
    }
    let core = names::name_core(text, m);
    let e = entity_at(entities, core);
    let name = match e.and_then(|e| entities.entities.get(e)) {
        Some(x) if x.kind != EntityKind::Person => return None,
        Some(x) => x.name.clone(),
        None => table.canonical_name(core.text(text), core)?,
    };
    let sp = Speaker {
        para: 0,
        at: 0,
        entity: e,
        name: Some(name.clone()),
        mention: None,
    };
    person_like(entities, &sp).then_some((e, name))
}

/// True when a speaker can be "he" or "she": a person entity, or (without one) a name that is
/// neither an organisation nor an outlet.
fn person_like(entities: &EntityAnalysis, s: &Speaker) -> bool {
    if let Some(e) = s.entity.and_then(|e| entities.entities.get(e)) {
        return e.kind == EntityKind::Person;
    }
    s.name.as_deref().is_some_and(|n| {
        outlets::normalize(n).is_none() && !n.split_whitespace().any(lexicon::org_word)
    })
}

/// False when the entity has a known gender that contradicts the pronoun's.
fn gender_fits(entities: &EntityAnalysis, entity: Option<usize>, g: Option<Gender>) -> bool {
    let eg = entity
        .and_then(|e| entities.entities.get(e))
        .and_then(|e| e.gender);
    match (eg, g) {
        (Some(a), Some(b)) => a == b,
        _ => true,
    }
}
