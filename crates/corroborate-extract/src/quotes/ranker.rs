//! A learned ranker over candidate speakers of direct and partial quotes.
//!
//! About 1,200 lines on purpose: the candidate generators, the feature computations and the
//! feature list are one unit with the shipped model file (a feature's index, name and
//! computation change together, and `data/speaker_ranker.tsv` with them), so they stay in one
//! file.
//!
//! The rules ([`super::cues`], [`super::resolve`]) give each quote at most one speaker. The
//! ranker then looks at a few more candidates for every direct or partial quote and keeps the
//! one a learned model scores highest:
//!
//! - *no speaker* (scare quotes, quoted phrases, titles);
//! - the rules' choice;
//! - the speakers named for the last few attributions before the quote (within two
//!   paragraphs);
//! - the main subject of the quote's sentence before the quote, and of up to three sentences
//!   before it (in its paragraph or the one before);
//! - the main subject after the quote in its sentence, or in the next sentence of its
//!   paragraph when the quote ends its own;
//! - the entity mentions (names, role nouns, pronouns of people, organisations and groups) of
//!   those sentences, outside any quote.
//!
//! Each candidate has a feature vector ([`SPEAKER_FEATURES`]): which generator proposed it,
//! how it is written (name, role, pronoun, relative "who"), the entity's kind and how often it
//! has spoken before, the distance to the quote in sentences, paragraphs and bytes, the cue
//! rate of the words right after and before it (the PolNeAR cue lexicon), whether it opens a
//! clause (`clause_initial`: only a sentence start, a punctuation mark or a conjunction before
//! it, titles and an article aside) and is its sentence's main subject (`sentence_subject`),
//! the highest cue rate among the words between it and the quote in one sentence
//! (`cue_between`, so "X told …: “…”" favours X over a mention with no cue beside it), whether
//! it stands in the sentence after the quote's (`sentence_next`: "“… in 2000.” he points
//! out."), how it stands to the quote's cue (the words and any comma between them, and on which
//! side: `cue_gap_words`, `cue_adjacent`, `cue_comma_between`, `cue_before_candidate`), whether
//! it opens or ends with a function word (a phrase cut in the wrong place: "As Blumenthal",
//! "Both pilots stiffened their"), and, on
//! the no-speaker candidate only, what the quote looks like (short, lower-case, partial, opening
//! its paragraph, with or without a cue, title case, a preposition or determiner right before
//! it: titles and scare quotes). The model (`data/speaker_ranker.tsv`: 150 small
//! regression trees, [`super::trees`]) is fitted on the PolNeAR train split by
//! `scripts/train_speaker_ranker.py` (LightGBM's LambdaRank, each quote's candidates one
//! query); the quote's confidence is the softmax of the scores over its candidates, divided
//! by the temperature fitted with the trees. Features are computed from the rules' output only,
//! so every quote's choice is independent of the others' and the output is deterministic.
//! Candidates are spans of the text (a mention or a subject the patterns find), so a chosen
//! speaker always points at words that name it.

use std::collections::{BTreeMap, HashMap};
use std::sync::OnceLock;

use corroborate_core::text::is_function_word;
use corroborate_core::{PreparedDoc, Span};

use super::cues::main_subject;
use super::lexicon::{DETERMINERS, RELATIVE_PRONOUNS, SPEAKER_PRONOUNS, SUBJECT_CLAUSE_OPENERS};
use super::names::{self, NameTable};
use super::pairing::RawQuote;
use super::trees::{parse_forest, Forest};
use super::{named_speaker, resolve_role_mention, Candidate, QuoteKind, SpeakerMentionKind};
use crate::entities::{EntityAnalysis, EntityKind, MentionKind};
use crate::lexicon::reporting::cue_rate;
use crate::windows::{ascii_words, ceil_boundary, floor_boundary, Windows};

/// Number of features.
const N: usize = 67;

/// The features of a candidate speaker, the names the model file splits on.
pub const SPEAKER_FEATURES: [&str; N] = [
    // On the no-speaker candidate only: what the quote looks like.
    "none",
    "none_partial",
    "none_has_cue",
    "none_short",
    "none_opens_paragraph",
    "none_lower_start",
    "none_rule_has_none",
    // Which generator proposed the candidate.
    "rule",
    "rule_own_mention",
    "rule_inherited",
    "rule_cue_after",
    "rule_cue_before",
    "earlier_speaker_1",
    "earlier_speaker_2",
    "subject_same_sentence",
    "subject_earlier_sentence",
    "mention_before",
    "mention_after",
    "mention_earlier_sentence",
    // How it is written and what it is.
    "written_name",
    "written_role",
    "written_pronoun",
    "written_who",
    "entity_person",
    "entity_organization",
    "entity_group",
    "entity_spoke_before",
    "entity_mentions",
    // Where it is.
    "sentence_0",
    "sentence_1",
    "sentence_2_plus",
    "paragraph_1",
    "paragraph_2_plus",
    "after_quote",
    "log_distance",
    "near_sentence_start",
    "cue_rate_after",
    "cue_rate_before",
    // Interactions with the quote's position.
    "quote_opens_paragraph_x_paragraph_1",
    "quote_opens_sentence_x_earlier_sentence",
    "quote_mid_sentence_x_sentence_0",
    // Added generators and the candidate's rank and shape.
    "who_before",
    "subject_after",
    "nearest_before",
    "nearest_after",
    "written_possessive",
    "long_phrase",
    "lower_start",
    "in_relative_clause",
    "after_preposition",
    "after_by",
    "no_entity",
    // Where the candidate stands in its clause, and what links it to the quote.
    "clause_initial",
    "sentence_subject",
    "cue_between",
    "sentence_next",
    // On the no-speaker candidate only: what the quote looks like and what stands before it
    // (a title or a scare quote: "on “Meet the Press”", "the “establishment”").
    "none_title_case",
    "none_after_preposition",
    "none_after_determiner",
    "none_log_words",
    "none_cue_rate_before",
    // How the candidate stands to the quote's cue ("“…,” Varga said", "“…,” said Varga,
    // a spokesman for …", "Varga told reporters: “…”").
    "cue_gap_words",
    "cue_adjacent",
    "cue_comma_between",
    "cue_before_candidate",
    // A phrase cut in the wrong place ("As Blumenthal", "Of Carson", "While", "Both pilots
    // stiffened their").
    "opens_with_function_word",
    "ends_with_function_word",
];

/// Feature indices (the positions in [`SPEAKER_FEATURES`]).
mod f {
    pub const NONE: usize = 0;
    pub const NONE_PARTIAL: usize = 1;
    pub const NONE_HAS_CUE: usize = 2;
    pub const NONE_SHORT: usize = 3;
    pub const NONE_OPENS_PARAGRAPH: usize = 4;
    pub const NONE_LOWER_START: usize = 5;
    pub const NONE_RULE_HAS_NONE: usize = 6;
    pub const RULE: usize = 7;
    pub const RULE_OWN: usize = 8;
    pub const RULE_INHERITED: usize = 9;
    pub const RULE_CUE_AFTER: usize = 10;
    pub const RULE_CUE_BEFORE: usize = 11;
    pub const EARLIER_1: usize = 12;
    pub const EARLIER_2: usize = 13;
    pub const SUBJECT_SAME: usize = 14;
    pub const SUBJECT_EARLIER: usize = 15;
    pub const MENTION_BEFORE: usize = 16;
    pub const MENTION_AFTER: usize = 17;
    pub const MENTION_EARLIER: usize = 18;
    pub const WRITTEN_NAME: usize = 19;
    pub const WRITTEN_ROLE: usize = 20;
    pub const WRITTEN_PRONOUN: usize = 21;
    pub const WRITTEN_WHO: usize = 22;
    pub const ENTITY_PERSON: usize = 23;
    pub const ENTITY_ORGANIZATION: usize = 24;
    pub const ENTITY_GROUP: usize = 25;
    pub const ENTITY_SPOKE: usize = 26;
    pub const ENTITY_MENTIONS: usize = 27;
    pub const SENTENCE_0: usize = 28;
    pub const SENTENCE_1: usize = 29;
    pub const SENTENCE_2: usize = 30;
    pub const PARAGRAPH_1: usize = 31;
    pub const PARAGRAPH_2: usize = 32;
    pub const AFTER_QUOTE: usize = 33;
    pub const LOG_DISTANCE: usize = 34;
    pub const NEAR_START: usize = 35;
    pub const CUE_AFTER: usize = 36;
    pub const CUE_BEFORE: usize = 37;
    pub const OPENS_PARAGRAPH_X_PARAGRAPH_1: usize = 38;
    pub const OPENS_SENTENCE_X_EARLIER: usize = 39;
    pub const MID_SENTENCE_X_SENTENCE_0: usize = 40;
    pub const WHO_BEFORE: usize = 41;
    pub const SUBJECT_AFTER: usize = 42;
    pub const NEAREST_BEFORE: usize = 43;
    pub const NEAREST_AFTER: usize = 44;
    pub const WRITTEN_POSSESSIVE: usize = 45;
    pub const LONG_PHRASE: usize = 46;
    pub const LOWER_START: usize = 47;
    pub const IN_RELATIVE_CLAUSE: usize = 48;
    pub const AFTER_PREPOSITION: usize = 49;
    pub const AFTER_BY: usize = 50;
    pub const NO_ENTITY: usize = 51;
    pub const CLAUSE_INITIAL: usize = 52;
    pub const SENTENCE_SUBJECT: usize = 53;
    pub const CUE_BETWEEN: usize = 54;
    pub const SENTENCE_NEXT: usize = 55;
    pub const NONE_TITLE_CASE: usize = 56;
    pub const NONE_AFTER_PREPOSITION: usize = 57;
    pub const NONE_AFTER_DETERMINER: usize = 58;
    pub const NONE_LOG_WORDS: usize = 59;
    pub const NONE_CUE_RATE_BEFORE: usize = 60;
    pub const CUE_GAP_WORDS: usize = 61;
    pub const CUE_ADJACENT: usize = 62;
    pub const CUE_COMMA_BETWEEN: usize = 63;
    pub const CUE_BEFORE_CANDIDATE: usize = 64;
    pub const OPENS_WITH_FUNCTION_WORD: usize = 65;
    pub const ENDS_WITH_FUNCTION_WORD: usize = 66;
}

/// At most this many words between a candidate and the quote in its sentence are searched for
/// a cue (`cue_between`).
const MAX_CUE_BETWEEN_WORDS: usize = 12;

/// How many quotes and attributions before a quote are searched for earlier speakers.
const MAX_EARLIER: usize = 12;

/// The shipped model.
const MODEL_TSV: &str = include_str!("../../data/speaker_ranker.tsv");

/// Parses a model file ([`super::trees`]) whose splits name features of [`SPEAKER_FEATURES`].
pub(crate) fn parse_model(tsv: &str) -> Result<Forest, String> {
    parse_forest(tsv, &SPEAKER_FEATURES)
}

/// The shipped model, parsed once; `None` (the rules alone) if the file does not parse.
fn model() -> Option<&'static Forest> {
    static M: OnceLock<Option<Forest>> = OnceLock::new();
    M.get_or_init(|| parse_model(MODEL_TSV).ok()).as_ref()
}

/// Where a candidate came from, to fill the quote's speaker fields when it wins.
#[derive(Debug, Clone, Copy)]
enum Origin {
    Nothing,
    Rule,
    /// The speaker of an earlier quote or attribution (index into the candidates).
    Earlier(usize),
    /// A mention or subject: its entity when the entities API knows one, and how it is written.
    Mention(Option<usize>, SpeakerMentionKind),
}

/// One candidate speaker of one quote.
struct Opt {
    span: Option<Span>,
    origin: Origin,
    f: [f32; N],
}

/// The candidate speakers of one quote, for training (`eval-polnear --dump-candidates`).
#[derive(Debug, Clone)]
pub struct SpeakerOptions {
    /// The quote's content.
    pub content: Span,
    /// The rules' cue of the quote, which the output keeps whichever speaker is chosen.
    pub cue: Option<Span>,
    /// Each candidate's span (`None`: no speaker) and features ([`SPEAKER_FEATURES`]).
    pub options: Vec<(Option<Span>, Vec<f32>)>,
    /// The index of the option the shipped model chooses.
    pub chosen: usize,
}

/// Shared per-document context.
struct Ctx<'a> {
    text: &'a str,
    win: &'a Windows,
    raws: &'a [RawQuote],
    table: &'a NameTable,
    entities: &'a EntityAnalysis,
    cands: &'a [Candidate],
    /// Per sentence: its main subject, once computed.
    subjects: Vec<Option<Option<(Span, SpeakerMentionKind)>>>,
    /// Per entity: how many earlier quotes the rules gave it as speaker.
    spoke: BTreeMap<usize, u32>,
    /// Span-only features by span.
    statics: HashMap<(usize, usize), Static>,
    /// Per entity mention: its name core, once computed.
    cores: Vec<Option<Span>>,
}

/// Applies the ranker to every direct and partial quote.
pub(super) fn apply(
    doc: &PreparedDoc,
    text: &str,
    win: &Windows,
    table: &NameTable,
    raws: &[RawQuote],
    entities: &EntityAnalysis,
    cands: &mut [Candidate],
) {
    let Some(w) = model() else {
        return;
    };
    let decisions: Vec<Option<(Option<Span>, Origin, f32)>> = {
        let mut ctx = Ctx::new(text, win, raws, table, entities, cands);
        (0..cands.len())
            .map(|i| {
                let opts = ctx.options(i);
                ctx.note_speaker(i);
                let opts = opts?;
                let (best, p) = best_with_probability(&opts, w);
                opts.get(best).map(|o| (o.span, o.origin, p))
            })
            .collect()
    };
    let rule: Vec<(Option<usize>, Option<String>)> = cands
        .iter()
        .map(|c| (c.quote.speaker, c.quote.speaker_name.clone()))
        .collect();
    for (i, d) in decisions.into_iter().enumerate() {
        let Some((span, origin, p)) = d else {
            continue;
        };
        cands[i].quote.confidence = Some(super::round_confidence(p));
        let own_sentence = span.is_some_and(|s| {
            let q = cands[i].quote.span;
            let sent = win.around(text, q.start, q.end);
            sent.contains(s)
        });
        let q = &mut cands[i].quote;
        match (origin, span) {
            (Origin::Rule, _) => {}
            (Origin::Nothing, _) | (_, None) => q.forget_speaker(),
            (Origin::Earlier(j), Some(s)) => {
                let (e, n) = rule.get(j).cloned().unwrap_or((None, None));
                q.speaker = e;
                q.speaker_name = n;
                q.speaker_mention = None;
                q.speaker_mention_kind = None;
                q.speaker_named_at = Some(s);
                q.speaker_inherited = true;
            }
            (Origin::Mention(entity, kind), Some(s)) => {
                let (e, n) = match (entity, kind) {
                    (_, SpeakerMentionKind::Name) => named_speaker(text, table, entities, s),
                    (Some(e), _) => (Some(e), entities.entities.get(e).map(|x| x.name.clone())),
                    (None, SpeakerMentionKind::Role) => {
                        resolve_role_mention(doc, text, table, entities, s)
                    }
                    (None, _) => (None, None),
                };
                q.speaker = e;
                q.speaker_name = n;
                q.speaker_named_at = Some(s);
                if own_sentence {
                    q.speaker_mention = Some(s);
                    q.speaker_mention_kind = Some(kind);
                    q.speaker_inherited = false;
                } else {
                    q.speaker_mention = None;
                    q.speaker_mention_kind = None;
                    q.speaker_inherited = true;
                }
            }
        }
    }
}

/// Every quote's candidates, for training.
pub(super) fn options_of_all(
    text: &str,
    win: &Windows,
    table: &NameTable,
    raws: &[RawQuote],
    entities: &EntityAnalysis,
    cands: &[Candidate],
) -> Vec<SpeakerOptions> {
    let mut ctx = Ctx::new(text, win, raws, table, entities, cands);
    let mut out = Vec::new();
    for (i, c) in cands.iter().enumerate() {
        if let Some(opts) = ctx.options(i) {
            let chosen = model().map_or(0, |w| best(&opts, w));
            out.push(SpeakerOptions {
                content: c.quote.content,
                cue: c.quote.cue,
                options: opts.into_iter().map(|o| (o.span, o.f.to_vec())).collect(),
                chosen,
            });
        }
        ctx.note_speaker(i);
    }
    out
}

/// The index of the highest-scoring option (as [`best`]) and its softmax probability among
/// the options.
fn best_with_probability(opts: &[Opt], w: &Forest) -> (usize, f32) {
    let scores: Vec<f32> = opts.iter().map(|o| w.score(&o.f) / w.temperature).collect();
    let mut best = 0;
    let mut top = f32::NEG_INFINITY;
    for (k, s) in scores.iter().enumerate() {
        if *s > top {
            top = *s;
            best = k;
        }
    }
    let z: f32 = scores.iter().map(|s| (s - top).exp()).sum();
    let p = if z.is_finite() && z > 0.0 {
        1.0 / z
    } else {
        0.0
    };
    (best, p)
}

/// The index of the highest-scoring option (the first among equals).
fn best(opts: &[Opt], w: &Forest) -> usize {
    let mut best = 0;
    let mut top = f32::NEG_INFINITY;
    for (k, o) in opts.iter().enumerate() {
        let s = w.score(&o.f);
        if s > top {
            top = s;
            best = k;
        }
    }
    best
}

/// How a candidate is written, from its text.
fn written(t: &str) -> SpeakerMentionKind {
    let lower = t.to_lowercase();
    match lower.as_str() {
        "he" | "she" | "they" | "we" | "i" | "you" | "it" | "who" => SpeakerMentionKind::Pronoun,
        _ if t.chars().next().is_some_and(char::is_uppercase) => SpeakerMentionKind::Name,
        _ => SpeakerMentionKind::Role,
    }
}

impl<'a> Ctx<'a> {
    fn new(
        text: &'a str,
        win: &'a Windows,
        raws: &'a [RawQuote],
        table: &'a NameTable,
        entities: &'a EntityAnalysis,
        cands: &'a [Candidate],
    ) -> Self {
        Ctx {
            text,
            win,
            raws,
            table,
            entities,
            cands,
            subjects: vec![None; win.sentences.len()],
            spoke: BTreeMap::new(),
            statics: HashMap::new(),
            cores: vec![None; entities.mentions.len()],
        }
    }

    /// Counts the rules' speaker of quote `i` for the "spoke before" feature.
    fn note_speaker(&mut self, i: usize) {
        if let Some(e) = self.cands.get(i).and_then(|c| c.quote.speaker) {
            *self.spoke.entry(e).or_insert(0) += 1;
        }
    }

    /// The sentence index holding byte `pos` (the next one when `pos` is between sentences).
    fn sentence_of(&self, pos: usize) -> usize {
        self.win.sentences.partition_point(|s| s.end <= pos)
    }

    /// True when `s` lies inside a quote.
    fn inside_quote(&self, s: Span) -> bool {
        let k = self.raws.partition_point(|r| r.span.end <= s.start);
        self.raws.get(k).is_some_and(|r| r.span.contains(s))
    }

    /// The main subject of sentence `k` (its first 300 bytes), cached.
    fn subject(&mut self, k: usize) -> Option<(Span, SpeakerMentionKind)> {
        if let Some(Some(s)) = self.subjects.get(k) {
            return *s;
        }
        let s = self.win.sentences.get(k)?;
        let end = floor_boundary(self.text, s.end.min(s.start + 300));
        let found = self
            .text
            .get(s.start..end)
            .and_then(|t| main_subject(t, s.start, self.table, self.raws))
            .filter(|(m, _)| opens_noun_phrase(m.text(self.text)));
        if let Some(slot) = self.subjects.get_mut(k) {
            *slot = Some(found);
        }
        found
    }

    /// The candidates of quote `i`, or `None` when it is not a direct or partial quote.
    fn options(&mut self, i: usize) -> Option<Vec<Opt>> {
        let c = self.cands.get(i)?;
        let q = &c.quote;
        if q.kind == QuoteKind::Indirect {
            return None;
        }
        let text = self.text;
        let qs = self.sentence_of(q.span.start);
        let qpara = c.para;
        let para_span = self.win.paragraphs.get(qpara).copied().unwrap_or(q.span);
        let sent_span = self
            .win
            .sentences
            .get(qs)
            .copied()
            .filter(|s| s.start <= q.span.start)
            .unwrap_or(Span::new(para_span.start.min(q.span.start), q.span.end));
        // No word between `a` and `b` (scanned from `b` back, stopping at the first word).
        let blank = |a: usize, b: usize| {
            text.get(a.min(b)..b)
                .is_some_and(|t| !t.chars().rev().any(char::is_alphanumeric))
        };
        let opens_paragraph = blank(para_span.start, q.span.start);
        let opens_sentence = blank(sent_span.start, q.span.start);
        let content = q.content.text(text);
        let mut opts: Vec<Opt> = Vec::new();

        // No speaker.
        let mut none = [0f32; N];
        none[f::NONE] = 1.0;
        none[f::NONE_PARTIAL] = f32::from(u8::from(q.kind == QuoteKind::Partial));
        none[f::NONE_HAS_CUE] = f32::from(u8::from(q.cue.is_some()));
        none[f::NONE_SHORT] = f32::from(u8::from(content.split_whitespace().take(4).count() <= 3));
        none[f::NONE_OPENS_PARAGRAPH] = f32::from(u8::from(opens_paragraph));
        none[f::NONE_LOWER_START] = f32::from(u8::from(
            content
                .chars()
                .find(|c| c.is_alphanumeric())
                .is_some_and(char::is_lowercase),
        ));
        none[f::NONE_RULE_HAS_NONE] = f32::from(u8::from(q.speaker_named_at.is_none()));
        quote_looks(text, q.span.start, content, &mut none);
        opts.push(Opt {
            span: None,
            origin: Origin::Nothing,
            f: none,
        });

        let pos = Pos {
            quote: q.span,
            cue: q.cue,
            qs,
            qpara,
            opens_paragraph,
            opens_sentence,
        };
        // The rules' choice. One named at the quote by a cue after it ("“…,” Varga said") is
        // right so often (train: 3,157 of 3,255 such quotes inside attributions, and the full
        // candidate set fixed only 10 more) that only "no speaker" competes with it: that
        // keeps the ranker's cost down.
        let mut settled = false;
        if let Some(s) = q.speaker_named_at {
            let mut x = [0f32; N];
            x[f::RULE] = 1.0;
            let own = q.speaker_mention.is_some() && !q.speaker_inherited;
            x[f::RULE_OWN] = f32::from(u8::from(own));
            x[f::RULE_INHERITED] = f32::from(u8::from(q.speaker_inherited));
            if let Some(cue) = q.cue {
                x[f::RULE_CUE_AFTER] = f32::from(u8::from(cue.start >= q.span.end));
                x[f::RULE_CUE_BEFORE] = f32::from(u8::from(cue.end <= q.span.start));
            }
            let kind = if own {
                q.speaker_mention_kind
                    .unwrap_or_else(|| written(s.text(text)))
            } else {
                written(s.text(text))
            };
            settled = own && q.cue.is_some_and(|cue| cue.start >= q.span.end);
            self.add(&mut opts, s, Origin::Rule, x, q.speaker, kind, &pos);
        }
        if !settled {
            self.more_candidates(&mut opts, i, &pos, sent_span);
        }
        // The nearest candidate on each side of the quote.
        let nearest = |opts: &[Opt], before: bool| {
            opts.iter()
                .enumerate()
                .filter_map(|(k, o)| o.span.map(|s| (k, s)))
                .filter(|(_, s)| (s.end <= q.span.start) == before)
                .min_by_key(|(_, s)| {
                    if before {
                        q.span.start - s.end
                    } else {
                        s.start.saturating_sub(q.span.end)
                    }
                })
                .map(|(k, _)| k)
        };
        if let Some(k) = nearest(&opts, true) {
            opts[k].f[f::NEAREST_BEFORE] = 1.0;
        }
        if let Some(k) = nearest(&opts, false) {
            opts[k].f[f::NEAREST_AFTER] = 1.0;
        }
        Some(opts)
    }

    /// The candidates besides "no speaker" and the rules' choice: earlier speakers, subjects,
    /// relative "who", mentions.
    fn more_candidates(&mut self, opts: &mut Vec<Opt>, i: usize, pos: &Pos, sent_span: Span) {
        let cands = self.cands;
        let Some(c) = cands.get(i) else {
            return;
        };
        let q = &c.quote;
        let text = self.text;
        let qs = pos.qs;
        let qpara = pos.qpara;
        // The speakers of the last attributions before it.
        let mut seen = 0;
        for j in (i.saturating_sub(MAX_EARLIER)..i).rev() {
            let e = &self.cands[j];
            if e.para + 2 < qpara || seen >= 3 {
                break;
            }
            let Some(s) = e.quote.speaker_named_at.filter(|s| s.end <= q.span.start) else {
                continue;
            };
            if opts.iter().any(|o| o.span.is_some_and(|x| x.overlaps(s))) {
                if matches!(opts.last().map(|o| o.origin), Some(Origin::Rule)) && seen == 0 {
                    // The rules' choice is the last speaker.
                    if let Some(o) = opts
                        .iter_mut()
                        .find(|o| o.span.is_some_and(|x| x.overlaps(s)))
                    {
                        o.f[f::EARLIER_1] = 1.0;
                    }
                }
                seen += 1;
                continue;
            }
            let mut x = [0f32; N];
            x[if seen == 0 {
                f::EARLIER_1
            } else {
                f::EARLIER_2
            }] = 1.0;
            let kind = written(s.text(text));
            self.add(opts, s, Origin::Earlier(j), x, e.quote.speaker, kind, pos);
            seen += 1;
        }
        // Subjects and mentions of the quote's sentence and up to three before it.
        let first = (qs.saturating_sub(3)..=qs)
            .find(|&k| {
                self.win.sentences.get(k).is_some_and(|s| {
                    self.win
                        .paragraph_of(s.start)
                        .is_some_and(|p| p + 1 >= qpara)
                })
            })
            .unwrap_or(qs);
        let prefix_start =
            floor_boundary(text, sent_span.start.max(q.span.start.saturating_sub(400)));
        if let Some((s, kind)) = text
            .get(prefix_start..q.span.start)
            .filter(|t| !t.trim().is_empty())
            .and_then(|t| main_subject(t, prefix_start, self.table, self.raws))
            .filter(|(m, _)| opens_noun_phrase(m.text(text)))
        {
            let mut x = [0f32; N];
            x[f::SUBJECT_SAME] = 1.0;
            let e = self.entity_of(s);
            self.add(opts, s, Origin::Mention(e, kind), x, e, kind, pos);
        }
        // A relative "who" before the quote in its sentence ("Beck, who called it “…”").
        if let Some(prefix) = text.get(prefix_start..q.span.start) {
            for (a, b) in ascii_words(prefix) {
                let before = prefix[..a].trim_end();
                if &prefix[a..b] == "who" && before.ends_with(',') {
                    let s = Span::new(prefix_start + a, prefix_start + b);
                    if self.inside_quote(s) {
                        continue;
                    }
                    let mut x = [0f32; N];
                    x[f::WHO_BEFORE] = 1.0;
                    let e = super::relative_antecedent(text, s).and_then(|a| self.entity_of(a));
                    let kind = SpeakerMentionKind::Pronoun;
                    self.add(opts, s, Origin::Mention(e, kind), x, e, kind, pos);
                }
            }
        }
        // The subject after the quote in its sentence ("“…,” read the statement"), or in the
        // sentence right after it in its paragraph when the quote ends its own ("“… 2000.” he
        // points out.": a sentence splitter ends the sentence inside the marks).
        let next_end = self
            .win
            .sentences
            .get(self.sentence_of(q.span.end))
            .map_or(sent_span.end, |s| s.end)
            .min(
                self.win
                    .paragraphs
                    .get(qpara)
                    .map_or(sent_span.end, |p| p.end),
            );
        let after_end = floor_boundary(
            text,
            sent_span
                .end
                .max(next_end)
                .min(q.span.end + 150)
                .max(q.span.end),
        );
        if let Some((s, kind)) = text
            .get(q.span.end..after_end)
            .filter(|t| !t.trim().is_empty())
            .and_then(|t| main_subject(t, q.span.end, self.table, self.raws))
            .filter(|(m, _)| opens_noun_phrase(m.text(text)))
        {
            let mut x = [0f32; N];
            x[f::SUBJECT_AFTER] = 1.0;
            let e = self.entity_of(s);
            self.add(opts, s, Origin::Mention(e, kind), x, e, kind, pos);
        }
        for k in (first..qs).rev() {
            if let Some((s, kind)) = self.subject(k) {
                let mut x = [0f32; N];
                x[f::SUBJECT_EARLIER] = 1.0;
                let e = self.entity_of(s);
                self.add(opts, s, Origin::Mention(e, kind), x, e, kind, pos);
            }
        }
        let lo = self
            .win
            .sentences
            .get(first)
            .map_or(sent_span.start, |s| s.start.min(sent_span.start));
        let hi = sent_span.end.max(q.span.end).max(after_end);
        let entities = self.entities;
        let ms = &entities.mentions;
        let a = ms.partition_point(|m| m.span.start < lo);
        let b = ms.partition_point(|m| m.span.start < hi);
        let before_quote = ms[a..b].partition_point(|m| m.span.start < q.span.start) + a;
        let near = (before_quote.saturating_sub(12).max(a)..before_quote)
            .rev()
            .chain((before_quote..b).take(4));
        for mi in near {
            let m = &ms[mi];
            if q.span.overlaps(m.span) || self.inside_quote(m.span) {
                continue;
            }
            let ent = self.entities.entities.get(m.entity);
            if !can_speak(ent) {
                continue;
            }
            let kind = match m.kind {
                MentionKind::Name => SpeakerMentionKind::Name,
                MentionKind::Nominal => SpeakerMentionKind::Role,
                MentionKind::Pronoun => SpeakerMentionKind::Pronoun,
            };
            let s = if kind == SpeakerMentionKind::Name {
                match self.cores.get(mi).copied().flatten() {
                    Some(core) => core,
                    None => {
                        let core = names::name_core(text, m.span);
                        if let Some(slot) = self.cores.get_mut(mi) {
                            *slot = Some(core);
                        }
                        core
                    }
                }
            } else {
                m.span
            };
            let mut x = [0f32; N];
            let slot = if m.span.start >= q.span.end {
                f::MENTION_AFTER
            } else if m.span.start >= sent_span.start {
                f::MENTION_BEFORE
            } else {
                f::MENTION_EARLIER
            };
            x[slot] = 1.0;
            self.add(
                opts,
                s,
                Origin::Mention(Some(m.entity), kind),
                x,
                Some(m.entity),
                kind,
                pos,
            );
        }
    }

    /// The entity of the mention covering `s`, if any (not a place).
    fn entity_of(&self, s: Span) -> Option<usize> {
        self.entities
            .mention_at(s)
            .map(|m| m.entity)
            .filter(|&e| can_speak(self.entities.entities.get(e)))
    }

    /// The features of a candidate that depend on its span only (cached: a mention is a
    /// candidate of several quotes).
    fn statics(&mut self, s: Span) -> Static {
        if let Some(st) = self.statics.get(&(s.start, s.end)) {
            return *st;
        }
        let text = self.text;
        let t = s.text(text);
        let flag = |b: bool| f32::from(u8::from(b));
        let next = text.get(s.end..).unwrap_or("");
        let short_lower = (t.len() <= 5).then(|| t.to_ascii_lowercase());
        let possessive = matches!(
            short_lower.as_deref(),
            Some("his" | "her" | "their" | "its")
        ) || names::is_possessive(t)
            || next.starts_with("'s")
            || next.starts_with("’s");
        let mut st = Static {
            who: flag(t.eq_ignore_ascii_case("who")),
            possessive: flag(possessive),
            long: flag(t.split_whitespace().take(4).count() >= 4),
            opens_with_function_word: flag(opens_with_function_word(t)),
            ends_with_function_word: flag(ends_with_function_word(t)),
            ..Static::default()
        };
        let cs = self.sentence_of(s.start);
        if let Some(sent) = self.win.sentences.get(cs).filter(|x| x.start <= s.start) {
            let words = text
                .get(sent.start..s.start)
                .map_or(99, |t| t.split_whitespace().take(4).count());
            st.near_start = flag(words <= 3);
        }
        let after_end = ceil_boundary(text, (s.end + 60).min(text.len()));
        let after_text = text.get(s.end..after_end).unwrap_or("");
        st.cue_after = max_cue_rate(after_text, 4);
        let before_start = floor_boundary(text, s.start.saturating_sub(30));
        let before_text = text.get(before_start..s.start).unwrap_or("");
        let mut last2: [&str; 2] = ["", ""];
        for (a, b) in ascii_words(before_text) {
            last2 = [last2[1], &before_text[a..b]];
        }
        let prev_ends_word = before_text
            .chars()
            .next_back()
            .is_some_and(char::is_whitespace);
        if !last2[1].is_empty() && prev_ends_word {
            let p = last2[1].to_ascii_lowercase();
            st.after_by = flag(p == "by");
            st.after_preposition = flag(PREPOSITIONS.contains(&p.as_str()));
        }
        st.relative = flag(in_relative_clause(text, s.start));
        st.clause_initial = flag(clause_initial(text, s.start));
        st.cue_before = last2
            .iter()
            .filter(|w| !w.is_empty())
            .map(|w| word_cue_rate(w))
            .fold(0.0, f32::max);
        self.statics.insert((s.start, s.end), st);
        st
    }

    /// Adds a candidate (or merges it into one whose span overlaps it), with the features
    /// every candidate has: how it is written, its entity, where it is.
    #[allow(clippy::too_many_arguments)]
    fn add(
        &mut self,
        opts: &mut Vec<Opt>,
        s: Span,
        origin: Origin,
        mut x: [f32; N],
        entity: Option<usize>,
        kind: SpeakerMentionKind,
        pos: &Pos,
    ) {
        if s.is_empty() || s.text(self.text).is_empty() {
            return;
        }
        let t = s.text(self.text);
        let st = self.statics(s);
        x[f::WRITTEN_WHO] = st.who;
        x[f::WRITTEN_POSSESSIVE] = st.possessive;
        x[f::LONG_PHRASE] = st.long;
        x[f::OPENS_WITH_FUNCTION_WORD] = st.opens_with_function_word;
        x[f::ENDS_WITH_FUNCTION_WORD] = st.ends_with_function_word;
        x[f::NEAR_START] = st.near_start;
        x[f::CUE_AFTER] = st.cue_after;
        x[f::CUE_BEFORE] = st.cue_before;
        x[f::AFTER_BY] = st.after_by;
        x[f::AFTER_PREPOSITION] = st.after_preposition;
        x[f::IN_RELATIVE_CLAUSE] = st.relative;
        x[f::CLAUSE_INITIAL] = st.clause_initial;
        x[f::LOWER_START] = f32::from(u8::from(
            kind != SpeakerMentionKind::Pronoun && t.chars().next().is_some_and(char::is_lowercase),
        ));
        match kind {
            SpeakerMentionKind::Name => x[f::WRITTEN_NAME] = 1.0,
            SpeakerMentionKind::Role | SpeakerMentionKind::Group => x[f::WRITTEN_ROLE] = 1.0,
            SpeakerMentionKind::Pronoun => x[f::WRITTEN_PRONOUN] = 1.0,
        }
        let known = entity.and_then(|e| self.entities.entities.get(e).map(|x| (e, x)));
        x[f::NO_ENTITY] = f32::from(u8::from(known.is_none()));
        if let Some(e) = known {
            match e.1.kind {
                EntityKind::Person => x[f::ENTITY_PERSON] = 1.0,
                EntityKind::Organization => x[f::ENTITY_ORGANIZATION] = 1.0,
                EntityKind::Group => x[f::ENTITY_GROUP] = 1.0,
                EntityKind::Place => {}
            }
            let spoke = self.spoke.get(&e.0).copied().unwrap_or(0).min(3);
            x[f::ENTITY_SPOKE] = spoke as f32 / 3.0;
            x[f::ENTITY_MENTIONS] = e.1.mentions.len().min(10) as f32 / 10.0;
        }
        let cs = self.sentence_of(s.start);
        x[f::SENTENCE_SUBJECT] = f32::from(u8::from(
            self.subject(cs).is_some_and(|(m, _)| m.overlaps(s)),
        ));
        let after = s.start >= pos.quote.end;
        if cs == pos.qs {
            let (a, b) = if after {
                (pos.quote.end, s.start)
            } else {
                (s.end, pos.quote.start)
            };
            x[f::CUE_BETWEEN] = self.text.get(a.min(b)..b).map_or(0.0, |t| {
                let words = ascii_words(t).count();
                if words <= MAX_CUE_BETWEEN_WORDS {
                    max_cue_rate(t, words)
                } else {
                    0.0
                }
            });
        }
        if let Some(gap) = pos.cue.and_then(|cue| CueGap::of(self.text, s, cue)) {
            x[f::CUE_GAP_WORDS] = (1.0 + gap.words as f32).ln();
            x[f::CUE_ADJACENT] = f32::from(u8::from(gap.words <= 2));
            x[f::CUE_COMMA_BETWEEN] = f32::from(u8::from(gap.comma));
            x[f::CUE_BEFORE_CANDIDATE] = f32::from(u8::from(gap.after_cue));
        }
        x[f::AFTER_QUOTE] = f32::from(u8::from(after));
        x[f::SENTENCE_NEXT] = f32::from(u8::from(cs > pos.qs));
        let dsent = pos.qs.saturating_sub(cs);
        match dsent {
            0 => x[f::SENTENCE_0] = 1.0,
            1 => x[f::SENTENCE_1] = 1.0,
            _ => x[f::SENTENCE_2] = 1.0,
        }
        let cp = self.win.paragraph_of(s.start).unwrap_or(pos.qpara);
        match pos.qpara.saturating_sub(cp) {
            0 => {}
            1 => x[f::PARAGRAPH_1] = 1.0,
            _ => x[f::PARAGRAPH_2] = 1.0,
        }
        let dist = if after {
            s.start - pos.quote.end
        } else {
            pos.quote.start.saturating_sub(s.end)
        };
        x[f::LOG_DISTANCE] = (1.0 + dist as f32).ln() / 10.0;
        x[f::OPENS_PARAGRAPH_X_PARAGRAPH_1] =
            f32::from(u8::from(pos.opens_paragraph && cp + 1 == pos.qpara));
        x[f::OPENS_SENTENCE_X_EARLIER] = f32::from(u8::from(pos.opens_sentence && dsent > 0));
        x[f::MID_SENTENCE_X_SENTENCE_0] =
            f32::from(u8::from(!pos.opens_sentence && dsent == 0 && !after));
        if let Some(o) = opts
            .iter_mut()
            .find(|o| o.span.is_some_and(|y| y.overlaps(s)))
        {
            for (a, b) in o.f.iter_mut().zip(x) {
                *a = a.max(b);
            }
            return;
        }
        opts.push(Opt {
            span: Some(s),
            origin,
            f: x,
        });
    }
}

/// What stands between a candidate and the quote's cue.
struct CueGap {
    /// Words between them.
    words: usize,
    /// A comma between them.
    comma: bool,
    /// The candidate stands after the cue ("…, said Varga").
    after_cue: bool,
}

impl CueGap {
    /// The gap between candidate `s` and `cue`; `None` when they overlap.
    fn of(text: &str, s: Span, cue: Span) -> Option<Self> {
        if s.overlaps(cue) {
            return None;
        }
        let after_cue = s.start >= cue.end;
        let between = if after_cue {
            text.get(cue.end..s.start)
        } else {
            text.get(s.end..cue.start)
        }
        .unwrap_or("");
        Some(Self {
            words: ascii_words(between).count(),
            comma: between.contains(','),
            after_cue,
        })
    }
}

/// Where the quote is.
struct Pos {
    quote: Span,
    cue: Option<Span>,
    qs: usize,
    qpara: usize,
    opens_paragraph: bool,
    opens_sentence: bool,
}

/// The highest cue rate among the first `n` words of `t`.
fn max_cue_rate(t: &str, n: usize) -> f32 {
    ascii_words(t)
        .take(n)
        .map(|(a, b)| word_cue_rate(&t[a..b]))
        .fold(0.0, f32::max)
}

/// The cue rate of an ASCII word, lower-cased on the stack (0 for words over 24 letters).
fn word_cue_rate(w: &str) -> f32 {
    let mut buf = [0u8; 24];
    let Some(dst) = buf.get_mut(..w.len()) else {
        return 0.0;
    };
    for (d, c) in dst.iter_mut().zip(w.bytes()) {
        *d = c.to_ascii_lowercase();
    }
    std::str::from_utf8(dst).map_or(0.0, |l| cue_rate(l) as f32)
}

/// Prepositions: a noun phrase right after one is not a clause's subject, and a quote right
/// after one is a title or a phrase ("on “Meet the Press”").
const PREPOSITIONS: &[&str] = &[
    "of",
    "for",
    "to",
    "with",
    "from",
    "in",
    "on",
    "at",
    "about",
    "against",
    "over",
    "following",
    "after",
    "before",
    "into",
    "under",
    "between",
    "among",
    "than",
];

/// Fills the no-speaker candidate's features of what the quote looks like: title case (every
/// word a capital or a function word), the word before its opening mark (a preposition, a
/// determiner, its cue rate) and its length.
fn quote_looks(text: &str, quote_start: usize, content: &str, none: &mut [f32; N]) {
    let mut words = 0usize;
    let mut title = true;
    for w in content.split_whitespace() {
        words += 1;
        let core = w.trim_matches(|c: char| !c.is_alphanumeric());
        let Some(first) = core.chars().next() else {
            continue;
        };
        if first.is_lowercase() && !is_function_word(core) {
            title = false;
        }
    }
    let flag = |b: bool| f32::from(u8::from(b));
    none[f::NONE_TITLE_CASE] = flag(title && words > 0 && words <= 10);
    none[f::NONE_LOG_WORDS] = ((words as f32 + 1.0).ln() / 50f32.ln()).min(1.0);
    let before_start = floor_boundary(text, quote_start.saturating_sub(30));
    let before = text.get(before_start..quote_start).unwrap_or("");
    let mut last2: [&str; 2] = ["", ""];
    for (a, b) in ascii_words(before) {
        last2 = [last2[1], &before[a..b]];
    }
    let touches = before.chars().next_back().is_some_and(char::is_whitespace)
        && before
            .trim_end()
            .chars()
            .next_back()
            .is_some_and(char::is_alphanumeric);
    if touches && !last2[1].is_empty() {
        let p = last2[1].to_ascii_lowercase();
        none[f::NONE_AFTER_PREPOSITION] = flag(PREPOSITIONS.contains(&p.as_str()));
        none[f::NONE_AFTER_DETERMINER] = flag(DETERMINERS.contains(&p.as_str()));
    }
    none[f::NONE_CUE_RATE_BEFORE] = last2
        .iter()
        .filter(|w| !w.is_empty())
        .map(|w| word_cue_rate(w))
        .fold(0.0, f32::max);
}

/// The span-only features of a candidate ([`Ctx::statics`]).
#[derive(Debug, Clone, Copy, Default)]
struct Static {
    who: f32,
    possessive: f32,
    long: f32,
    near_start: f32,
    cue_after: f32,
    cue_before: f32,
    after_by: f32,
    after_preposition: f32,
    relative: f32,
    clause_initial: f32,
    opens_with_function_word: f32,
    ends_with_function_word: f32,
}

/// True when phrase `t` opens with a function word that is neither a determiner nor a
/// pronoun: a preposition or conjunction the phrase took by mistake ("As Blumenthal", "Of
/// Carson", "While").
fn opens_with_function_word(t: &str) -> bool {
    ascii_words(t).next().is_some_and(|(a, b)| {
        let w = t.get(a..b).unwrap_or_default().to_ascii_lowercase();
        let w = w.as_str();
        is_function_word(w)
            && !DETERMINERS.contains(&w)
            && !SPEAKER_PRONOUNS.contains(&w)
            && !RELATIVE_PRONOUNS.contains(&w)
    })
}

/// True when phrase `t` has two words or more and ends with a function word ("Both pilots
/// stiffened their"): a noun phrase cut before its noun.
fn ends_with_function_word(t: &str) -> bool {
    let mut words = ascii_words(t);
    let first = words.next();
    match (first, words.last()) {
        (Some(_), Some((a, b))) => t
            .get(a..b)
            .is_some_and(|w| is_function_word(&w.to_ascii_lowercase())),
        _ => false,
    }
}

/// True when `pos` lies in a relative clause opened by a comma ("Crump, who represents Kohen’s
/// family, said"): ", who" / ", which" / ", whose" before it in the last 150 bytes, with no
/// comma since.
fn in_relative_clause(text: &str, pos: usize) -> bool {
    let start = floor_boundary(text, pos.saturating_sub(150));
    let Some(before) = text.get(start..pos) else {
        return false;
    };
    let clause = before.rsplit(',').next().unwrap_or("");
    if clause.len() == before.len() {
        return false;
    }
    let first = clause.split_whitespace().next().unwrap_or("");
    RELATIVE_PRONOUNS.contains(&first)
}

/// True when the noun phrase at `pos` opens a clause: nothing but capitalised words (titles,
/// first names) and an article between it and the start of its sentence, a punctuation mark
/// or a word that opens a clause ("While she has…", "…, and the group said").
fn clause_initial(text: &str, pos: usize) -> bool {
    let start = floor_boundary(text, pos.saturating_sub(120));
    let Some(before) = text.get(start..pos) else {
        return false;
    };
    let mut rest = before.trim_end();
    loop {
        let word_start = rest
            .char_indices()
            .rev()
            .find(|(_, c)| {
                !(c.is_alphanumeric() || *c == '.' || *c == '\'' || *c == '’' || *c == '-')
            })
            .map_or(0, |(i, c)| i + c.len_utf8());
        let word = rest.get(word_start..).unwrap_or("");
        if word.is_empty() {
            break;
        }
        let lower = word.to_lowercase();
        if SUBJECT_CLAUSE_OPENERS.contains(&lower.as_str()) {
            return true;
        }
        let capital = word.chars().next().is_some_and(char::is_uppercase);
        if !(capital || matches!(lower.as_str(), "the" | "a" | "an")) {
            return false;
        }
        rest = rest.get(..word_start).unwrap_or("").trim_end();
    }
    rest.is_empty()
        || rest.chars().next_back().is_some_and(|c| {
            matches!(
                c,
                ',' | ';' | ':' | '(' | '—' | '–' | '.' | '!' | '?' | '\n' | '"' | '“' | '”'
            )
        })
}

/// True when `t` opens like a noun phrase: a capital or digit, a pronoun, a determiner or a
/// quantifier ("the mayor", "several supporters"; not "following the office").
fn opens_noun_phrase(t: &str) -> bool {
    let Some(first) = t.split_whitespace().next() else {
        return false;
    };
    if first
        .chars()
        .next()
        .is_some_and(|c| c.is_uppercase() || c.is_ascii_digit())
    {
        return true;
    }
    matches!(
        first.to_lowercase().as_str(),
        "the"
            | "a"
            | "an"
            | "this"
            | "that"
            | "these"
            | "those"
            | "his"
            | "her"
            | "their"
            | "its"
            | "our"
            | "my"
            | "your"
            | "some"
            | "many"
            | "most"
            | "several"
            | "few"
            | "all"
            | "both"
            | "each"
            | "every"
            | "one"
            | "two"
            | "three"
            | "four"
            | "five"
            | "only"
            | "about"
            | "nearly"
            | "almost"
            | "more"
            | "other"
            | "another"
            | "no"
            | "he"
            | "she"
            | "they"
            | "we"
            | "i"
            | "you"
            | "who"
            | "it"
    )
}

/// True for an entity that can speak (not a place).
fn can_speak(e: Option<&crate::entities::Entity>) -> bool {
    e.is_some_and(|e| e.kind != EntityKind::Place)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_shipped_model_parses_and_prefers_a_named_speaker_with_a_cue() {
        let m = parse_model(MODEL_TSV).unwrap_or_else(|e| panic!("model: {e}"));
        assert!(m.len() >= 50, "{} trees", m.len());
        assert!(
            MODEL_TSV.starts_with('#'),
            "the file names how it was built"
        );
        assert!(MODEL_TSV.contains("train split only"));
        // The rules' choice, with its own mention and a cue after the quote, beats no speaker
        // for a quote with a cue.
        let mut rule = [0f32; N];
        for i in [
            f::RULE,
            f::RULE_OWN,
            f::RULE_CUE_AFTER,
            f::WRITTEN_NAME,
            f::SENTENCE_0,
        ] {
            rule[i] = 1.0;
        }
        let mut none = [0f32; N];
        none[f::NONE] = 1.0;
        none[f::NONE_HAS_CUE] = 1.0;
        assert!(m.score(&rule) > m.score(&none));
    }

    #[test]
    fn a_model_splitting_on_an_unknown_feature_is_refused() {
        let tree = |name: &str| {
            format!("temperature\t1\ntree\nsplit\t{name}\t0.5\t1\t2\nleaf\t-1\nleaf\t1\n")
        };
        let m = parse_model(&tree("rule")).unwrap_or_else(|e| panic!("{e}"));
        let mut x = [0f32; N];
        assert_eq!(m.score(&x), -1.0);
        x[f::RULE] = 1.0;
        assert_eq!(m.score(&x), 1.0);
        assert_eq!(
            parse_model(&tree("rules")).unwrap_err(),
            "line 3: unknown feature \"rules\""
        );
    }

    #[test]
    fn phrases_cut_in_the_wrong_place_are_flagged() {
        assert!(opens_with_function_word("As Blumenthal"));
        assert!(opens_with_function_word("While"));
        assert!(!opens_with_function_word("The harbour master"));
        assert!(!opens_with_function_word("they"));
        assert!(!opens_with_function_word("who"));
        assert!(!opens_with_function_word("Odile Brandt"));
        assert!(ends_with_function_word("Both pilots stiffened their"));
        assert!(!ends_with_function_word("Both pilots"));
        assert!(
            !ends_with_function_word("their"),
            "one word is not a cut phrase"
        );
    }

    #[test]
    fn relative_clauses_are_found() {
        let t = "Ben Crump, who represents Kohen’s family, said";
        let at = |w: &str| t.find(w).unwrap_or(0);
        assert!(in_relative_clause(t, at("Kohen")));
        assert!(!in_relative_clause(t, at("Ben")));
        assert!(!in_relative_clause(t, at("said")));
    }

    #[test]
    fn clause_initial_noun_phrases_are_found() {
        let t = "While she spoke, the group said that Mayor Ann Holt told the council about \
            The Ledger.";
        let at = |w: &str| t.find(w).unwrap_or(0);
        assert!(clause_initial(t, at("While")), "sentence start");
        assert!(clause_initial(t, at("she")), "after a conjunction");
        assert!(clause_initial(t, at("the group")), "after a comma");
        assert!(
            clause_initial(t, at("Ann")),
            "after a title and a conjunction"
        );
        assert!(!clause_initial(t, at("the council")), "an object");
        assert!(
            !clause_initial(t, at("Ledger")),
            "after a verb, an article aside"
        );
    }

    #[test]
    fn feature_indices_match_their_names() {
        let named = [
            (f::NONE_RULE_HAS_NONE, "none_rule_has_none"),
            (f::RULE, "rule"),
            (f::EARLIER_1, "earlier_speaker_1"),
            (f::WRITTEN_NAME, "written_name"),
            (f::SENTENCE_0, "sentence_0"),
            (f::CUE_BEFORE, "cue_rate_before"),
            (
                f::MID_SENTENCE_X_SENTENCE_0,
                "quote_mid_sentence_x_sentence_0",
            ),
            (f::WHO_BEFORE, "who_before"),
            (f::LOWER_START, "lower_start"),
            (f::AFTER_BY, "after_by"),
            (f::NO_ENTITY, "no_entity"),
            (f::CLAUSE_INITIAL, "clause_initial"),
            (f::SENTENCE_SUBJECT, "sentence_subject"),
            (f::CUE_BETWEEN, "cue_between"),
            (f::SENTENCE_NEXT, "sentence_next"),
            (f::NONE_TITLE_CASE, "none_title_case"),
            (f::NONE_AFTER_PREPOSITION, "none_after_preposition"),
            (f::NONE_AFTER_DETERMINER, "none_after_determiner"),
            (f::NONE_LOG_WORDS, "none_log_words"),
            (f::NONE_CUE_RATE_BEFORE, "none_cue_rate_before"),
            (f::CUE_GAP_WORDS, "cue_gap_words"),
            (f::CUE_ADJACENT, "cue_adjacent"),
            (f::CUE_COMMA_BETWEEN, "cue_comma_between"),
            (f::CUE_BEFORE_CANDIDATE, "cue_before_candidate"),
            (f::OPENS_WITH_FUNCTION_WORD, "opens_with_function_word"),
            (f::ENDS_WITH_FUNCTION_WORD, "ends_with_function_word"),
        ];
        for (i, name) in named {
            assert_eq!(SPEAKER_FEATURES[i], name);
        }
        assert_eq!(
            f::ENDS_WITH_FUNCTION_WORD + 1,
            N,
            "the last index is the last feature"
        );
    }

    /// The quote's look on the no-speaker candidate: a title after a preposition, a scare
    /// quote after a determiner, a sentence after a cue.
    #[test]
    fn what_a_quote_looks_like() {
        let look = |t: &str, quote: &str| {
            let start = t.find(quote).unwrap_or(0);
            let content = quote.trim_matches(|c| c == '“' || c == '”');
            let mut x = [0f32; N];
            quote_looks(t, start, content, &mut x);
            x
        };
        let t = "Odile Brandt spoke on “Harbour Hour at Noon,” a radio show.";
        let x = look(t, "“Harbour Hour at Noon,”");
        assert_eq!(
            x[f::NONE_TITLE_CASE],
            1.0,
            "every word a capital or a function word"
        );
        assert_eq!(x[f::NONE_AFTER_PREPOSITION], 1.0);
        assert_eq!(x[f::NONE_AFTER_DETERMINER], 0.0);

        let t = "The board blamed the “ferry lobby” for the delay.";
        let x = look(t, "“ferry lobby”");
        assert_eq!(x[f::NONE_TITLE_CASE], 0.0);
        assert_eq!(x[f::NONE_AFTER_DETERMINER], 1.0);

        let t = "Brandt said, “The pier stays shut until the council pays for its repair.”";
        let x = look(
            t,
            "“The pier stays shut until the council pays for its repair.”",
        );
        assert_eq!(x[f::NONE_TITLE_CASE], 0.0, "lower-case content words");
        assert_eq!(
            x[f::NONE_AFTER_PREPOSITION],
            0.0,
            "a comma stands before it"
        );
        assert!(x[f::NONE_CUE_RATE_BEFORE] > 0.5, "\"said\" is a cue");
        let short = look("The “ferry lobby” won.", "“ferry lobby”");
        assert!(x[f::NONE_LOG_WORDS] > short[f::NONE_LOG_WORDS]);
    }

    #[test]
    fn how_a_candidate_stands_to_the_cue() {
        let t = "“The pier stays shut,” said Odile Brandt, the harbour master, on Tuesday.";
        let span = |w: &str| {
            let a = t.find(w).unwrap_or(0);
            Span::new(a, a + w.len())
        };
        let cue = span("said");
        let gap = |w: &str| CueGap::of(t, span(w), cue).map(|g| (g.words, g.comma, g.after_cue));
        assert_eq!(gap("Odile Brandt"), Some((0, false, true)));
        assert_eq!(gap("the harbour master"), Some((2, true, true)));
        assert_eq!(gap("pier"), Some((2, true, false)));
        assert_eq!(gap("said Odile"), None, "a candidate over the cue");
    }
}
