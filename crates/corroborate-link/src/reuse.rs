//! Reuse: passages one article shares with another (verbatim, lightly edited or re-ordered
//! wire copy).
//!
//! 1. Candidates: every article's sentences give word shingles (runs of [`ReuseConfig::shingle`]
//!    normalised content words inside one sentence, hashed with XXH3). An inverted index maps
//!    each shingle to the articles holding it; shingles held by more than
//!    [`ReuseConfig::df_cap`] articles (boilerplate, stock phrases) are passed over. Article pairs
//!    sharing at least [`ReuseConfig::min_shared_shingles`] shingles are candidates. The cost is
//!    bounded by the number of shingles times `df_cap²`: no all-pairs comparison.
//! 2. Alignment: each sentence of one article is compared with the sentences of the other that
//!    share a word with it, by the Dice coefficient over content-word unigrams and bigrams.
//!    Sentences at or above [`ReuseConfig::sentence_threshold`] are aligned; runs of adjacent
//!    aligned sentences (adjacent on both sides) merge into one [`Passage`]. A sentence that
//!    falls short of the threshold but shares most of its content words with its best match
//!    (unigram Dice at or above [`ReuseConfig::paraphrase_threshold`], at least
//!    [`MIN_PARAPHRASE_SHARED`] words) is aligned as a paraphrase, in article pairs that also
//!    share copied sentences (rewording alone is not reuse: independent reports of one fact
//!    share their words).
//! 3. Grade: each passage is [`ReuseGrade::Verbatim`] (same text, spacing aside),
//!    [`ReuseGrade::Edited`] (every sentence aligned at the threshold) or
//!    [`ReuseGrade::Paraphrase`] (one or more paraphrased sentences). Paraphrased sentences do
//!    not count towards [`PairReuse`], which decides lineage: rewording is not wire copy.

use std::borrow::Cow;
use std::collections::HashMap;

use rustc_hash::{FxHashMap, FxHashSet};

use corroborate_core::{DocId, OffsetMap, PreparedDoc, Span};
use rayon::prelude::*;
use serde::{Deserialize, Serialize};
use xxhash_rust::xxh3::{xxh3_64, xxh3_64_with_seed};

use crate::features::{content_words, Word};

/// Tuning of reuse detection.
#[derive(Debug, Clone, Copy)]
pub struct ReuseConfig {
    /// Content words per shingle.
    pub shingle: usize,
    /// Shingles found in more articles than this are not used to find candidates.
    pub df_cap: usize,
    /// Shared shingles that make a pair of articles a candidate.
    pub min_shared_shingles: usize,
    /// Dice similarity (unigrams + bigrams of content words) at which two sentences align.
    pub sentence_threshold: f64,
    /// Sentences with fewer content words are never aligned (too short to show copying).
    pub min_sentence_words: usize,
    /// Dice similarity over content-word unigrams alone at which two sentences that fall
    /// short of `sentence_threshold` align as a paraphrase (same words, reworded).
    pub paraphrase_threshold: f64,
}

/// Content words a paraphrased sentence pair shares at the least.
pub const MIN_PARAPHRASE_SHARED: usize = 4;

/// How closely a passage follows the other article's text.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ReuseGrade {
    /// The same text, spacing aside.
    Verbatim,
    /// Light edits: every sentence aligns on unigrams and bigrams of content words.
    Edited,
    /// Reworded: at least one sentence aligns only on its content words.
    Paraphrase,
}

impl Default for ReuseConfig {
    fn default() -> Self {
        ReuseConfig {
            shingle: 3,
            df_cap: 64,
            min_shared_shingles: 2,
            sentence_threshold: 0.5,
            min_sentence_words: 5,
            paraphrase_threshold: 0.6,
        }
    }
}

/// A passage shared by two articles: aligned spans and their similarity.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Passage {
    /// The first article (earlier in input order).
    pub doc_a: DocId,
    /// The passage in `doc_a`.
    pub span_a: Span,
    /// The second article.
    pub doc_b: DocId,
    /// The passage in `doc_b`.
    pub span_b: Span,
    /// Mean sentence similarity, in (0, 1].
    pub score: f64,
    /// Number of aligned sentence pairs merged into the passage.
    pub sentences: usize,
    /// Verbatim, edited or paraphrased.
    pub grade: ReuseGrade,
}

/// How much two articles share: the basis of lineage by reuse.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct PairReuse {
    /// Index of the first article in the input.
    pub a: usize,
    /// Index of the second article in the input.
    pub b: usize,
    /// Aligned sentences of `a`.
    pub sentences_a: usize,
    /// Aligned sentences of `b`.
    pub sentences_b: usize,
    /// Share of `a`'s article sentences that are aligned.
    pub coverage_a: f64,
    /// Share of `b`'s article sentences that are aligned.
    pub coverage_b: f64,
}

/// Everything reuse detection found.
#[derive(Debug, Clone, Default)]
pub struct Reuse {
    /// Passages, ordered by article pair then position.
    pub passages: Vec<Passage>,
    /// One entry per article pair with at least one passage.
    pub pairs: Vec<PairReuse>,
    /// Article pairs (indexes, in pair order) whose findings came from a prior that held no
    /// passages for them (see [`PriorReuse`]): they share passages that are not in `passages`.
    pub passages_elsewhere: Vec<(usize, usize)>,
}

/// Changes whenever the alignment of one article pair may come out differently (what
/// [`ReuseInput::of`], [`ReuseConfig::default`] or the alignment compute): a store's
/// [`PriorReuse`] is used only when it was found by the same version.
pub const ALIGNMENT_VERSION: u32 = 1;

/// What reuse detection found for one article pair, by document ids: passages, and the
/// sentences of each article they copy (paraphrased ones aside). A store keeps these so that a
/// later run aligns only the pairs that involve a new article ([`PriorReuse`]).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PairFound {
    /// The first article (earlier in input order).
    pub doc_a: DocId,
    /// The second article.
    pub doc_b: DocId,
    /// Copied sentences of `doc_a` ([`PairReuse::sentences_a`]).
    pub sentences_a: usize,
    /// Copied sentences of `doc_b`.
    pub sentences_b: usize,
    /// The pair's passages, in position order.
    pub passages: Vec<Passage>,
}

impl Reuse {
    /// The findings of each article pair (`ids` as given to [`find_reuse_in`]) that `prior`
    /// did not know, by document ids, in pair order.
    pub fn found_after(&self, ids: &[&DocId], prior: &PriorReuse) -> Vec<PairFound> {
        let new = |a: &DocId, b: &DocId| !(prior.knows(a) && prior.knows(b));
        let mut by_pair: HashMap<(&DocId, &DocId), Vec<Passage>> = HashMap::new();
        for p in self.passages.iter().filter(|p| new(&p.doc_a, &p.doc_b)) {
            by_pair
                .entry((&p.doc_a, &p.doc_b))
                .or_default()
                .push(p.clone());
        }
        self.pairs
            .iter()
            .filter_map(|p| {
                let (a, b) = (*ids.get(p.a)?, *ids.get(p.b)?);
                new(a, b).then(|| PairFound {
                    doc_a: a.clone(),
                    doc_b: b.clone(),
                    sentences_a: p.sentences_a,
                    sentences_b: p.sentences_b,
                    passages: by_pair.remove(&(a, b)).unwrap_or_default(),
                })
            })
            .collect()
    }
}

/// Article pairs aligned by an earlier run, given so that a run over the same articles and
/// more aligns only the pairs that involve a new one.
///
/// This is exact, not an approximation: the alignment of a pair depends on its two articles
/// alone, and a pair of earlier articles that is a candidate now was one in the earlier run
/// too (a shingle's article count only grows as articles are added, so the shingles that pass
/// [`ReuseConfig::df_cap`] only become fewer). So such a pair's result is the earlier one, and
/// a candidate pair of earlier articles with no [`PairFound`] shared nothing then and now.
/// The earlier run must have used the same configuration, [`ALIGNMENT_VERSION`] and article
/// inputs; the caller (the store) checks that.
#[derive(Debug, Default)]
pub struct PriorReuse {
    /// The articles of the earlier run. (A store's prior holds every pair it ever aligned, so
    /// these sets are hashed with `rustc-hash`'s fast hasher: keys are our own ids.)
    known: FxHashSet<DocId>,
    /// What it found, by (first, second) article.
    found: FxHashMap<(DocId, DocId), PairFound>,
    /// The story index the earlier run left after its dated articles, when kept.
    stories: Option<crate::stories::StorySnapshot>,
}

impl PriorReuse {
    /// The findings of an earlier run over the articles `known`.
    pub fn new(
        known: impl IntoIterator<Item = DocId>,
        found: impl IntoIterator<Item = PairFound>,
    ) -> Self {
        let found = found.into_iter();
        let mut by_pair = FxHashMap::default();
        by_pair.reserve(found.size_hint().0);
        by_pair.extend(found.map(|f| ((f.doc_a.clone(), f.doc_b.clone()), f)));
        Self {
            known: known.into_iter().collect(),
            found: by_pair,
            stories: None,
        }
    }

    /// With the story index an earlier run left ([`crate::Links::story_snapshot`]): story
    /// grouping resumes from it when this run's articles start with its articles, and adds
    /// only the others. It does not need to be the run of the reuse findings.
    pub fn with_stories(mut self, snapshot: crate::stories::StorySnapshot) -> Self {
        self.stories = Some(snapshot);
        self
    }

    /// Takes the story snapshot out of the prior.
    pub(crate) fn take_stories(&mut self) -> Option<crate::stories::StorySnapshot> {
        self.stories.take()
    }

    /// Whether `doc` was one of the earlier run's articles.
    pub fn knows(&self, doc: &DocId) -> bool {
        self.known.contains(doc)
    }

    /// Takes the earlier findings of the pair (`a`, `b`) of articles it knows out of the prior
    /// (`None`: they shared nothing).
    fn take(&mut self, a: &DocId, b: &DocId) -> Option<PairFound> {
        self.found.remove(&(a.clone(), b.clone()))
    }
}

/// A sentence feature (a content-word unigram or bigram) as compared within one article pair:
/// the low half of its 64-bit hash. Within a pair, a chance collision of 32-bit hashes is rare
/// enough not to move a similarity, and features are the bulk of what linking holds for every
/// article until it ends.
type Feature = u32;

/// The [`Feature`] of a 64-bit word or bigram hash.
fn feature(hash: u64) -> Feature {
    hash as Feature
}

/// One sentence prepared for comparison; its features are in the article's
/// [`SentenceFeatures`].
#[derive(Debug, Clone, PartialEq, Eq)]
struct Sent {
    span: NarrowSpan,
    /// The span in code points, for reports.
    chars: NarrowSpan,
    words: u32,
    /// The sentence's whitespace-separated words: a polynomial hash and their number.
    text: TextHash,
    /// True when only whitespace (at least one character) separates the sentence from the next
    /// article sentence, so that passages running over both compare as one text.
    joined: bool,
}

/// A span in 32-bit offsets, half the size of a [`Span`]: what linking keeps of each sentence
/// of every article it links. A document is at most
/// [`MAX_FILE_BYTES`](corroborate_core::load::MAX_FILE_BYTES) long, so its offsets fit; a larger
/// offset saturates rather than wraps.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct NarrowSpan {
    start: u32,
    end: u32,
}

impl From<Span> for NarrowSpan {
    fn from(span: Span) -> Self {
        let narrow = |x: usize| u32::try_from(x).unwrap_or(u32::MAX);
        Self {
            start: narrow(span.start),
            end: narrow(span.end),
        }
    }
}

impl From<NarrowSpan> for Span {
    fn from(span: NarrowSpan) -> Self {
        Span::new(span.start as usize, span.end as usize)
    }
}

/// What sentence alignment compares of one article, the bulk of its reuse input: each
/// sentence's sorted, deduplicated unigram and bigram hashes and unigram hashes ([`Feature`]),
/// held flat, and the (feature, sentence) postings of the sentences long enough to align,
/// sorted (an inverted index built once per article, not once per pair).
///
/// A large run takes them out of each article's input ([`ReuseInput::take_features`]), keeps
/// their [`SentenceFeatures::encode`]d bytes on disk and gives them back through a
/// [`ReuseSpill`] while the article's candidate pairs are aligned.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SentenceFeatures {
    /// The article's sentences: spans, word counts and text hashes.
    sentences: Vec<Sent>,
    /// Where each sentence's features end in `features`.
    feature_ends: Vec<u32>,
    features: Vec<Feature>,
    /// Where each sentence's unigrams end in `unigrams`.
    unigram_ends: Vec<u32>,
    unigrams: Vec<Feature>,
    postings: Vec<(Feature, u32)>,
}

impl SentenceFeatures {
    /// The article's sentence offsets, for converting its passage spans.
    pub fn offsets(&self) -> SentenceOffsets {
        SentenceOffsets(self.sentences.iter().map(|s| (s.span, s.chars)).collect())
    }

    /// The text hash of sentences `from..=to`, when only whitespace separates them.
    fn text_of(&self, from: usize, to: usize) -> Option<TextHash> {
        let run = self.sentences.get(from..=to)?;
        if run[..run.len() - 1].iter().any(|s| !s.joined) {
            return None;
        }
        Some(run.iter().fold(TextHash::default(), |h, s| h.then(s.text)))
    }

    /// Sentence `i`'s unigram and bigram features.
    fn features(&self, i: usize) -> &[Feature] {
        run(&self.features, &self.feature_ends, i)
    }

    /// Sentence `i`'s unigram features.
    fn unigrams(&self, i: usize) -> &[Feature] {
        run(&self.unigrams, &self.unigram_ends, i)
    }

    /// The features as bytes (little-endian 32-bit numbers, each list after its length; the
    /// sentences first, nine numbers each), read back by [`SentenceFeatures::decode`].
    pub fn encode(&self) -> Vec<u8> {
        let lists = [
            &self.feature_ends,
            &self.features,
            &self.unigram_ends,
            &self.unigrams,
        ];
        let len = 4
            + SENT_WORDS * 4 * self.sentences.len()
            + lists.iter().map(|l| 4 + 4 * l.len()).sum::<usize>()
            + 4
            + 8 * self.postings.len();
        let mut out = Vec::with_capacity(len);
        let mut put = |x: u32| out.extend_from_slice(&x.to_le_bytes());
        put(self.sentences.len() as u32);
        for s in &self.sentences {
            let (lo, hi) = (s.text.hash as u32, (s.text.hash >> 32) as u32);
            let fields = [
                s.span.start,
                s.span.end,
                s.chars.start,
                s.chars.end,
                s.words,
                lo,
                hi,
                s.text.words,
                u32::from(s.joined),
            ];
            fields.into_iter().for_each(&mut put);
        }
        for list in lists {
            put(list.len() as u32);
            list.iter().for_each(|&x| put(x));
        }
        put(self.postings.len() as u32);
        for &(f, j) in &self.postings {
            put(f);
            put(j);
        }
        out
    }

    /// Features written by [`SentenceFeatures::encode`]; `None` when `bytes` are not such
    /// features (cut short, too long, or with ends out of range).
    pub fn decode(bytes: &[u8]) -> Option<Self> {
        if bytes.len() & 3 != 0 {
            return None;
        }
        let mut words = bytes
            .chunks_exact(4)
            .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]));
        let mut list = |per_item: usize| -> Option<Vec<u32>> {
            let n = (words.next()? as usize).saturating_mul(per_item);
            let list: Vec<u32> = words.by_ref().take(n).collect();
            (list.len() == n).then_some(list)
        };
        let sentences = list(SENT_WORDS)?
            .chunks_exact(SENT_WORDS)
            .map(|f| Sent {
                span: NarrowSpan {
                    start: f[0],
                    end: f[1],
                },
                chars: NarrowSpan {
                    start: f[2],
                    end: f[3],
                },
                words: f[4],
                text: TextHash {
                    hash: u64::from(f[5]) | u64::from(f[6]) << 32,
                    words: f[7],
                },
                joined: f[8] != 0,
            })
            .collect::<Vec<Sent>>();
        let feature_ends = list(1)?;
        let features = list(1)?;
        let unigram_ends = list(1)?;
        let unigrams = list(1)?;
        let flat = list(2)?;
        let postings = flat.chunks_exact(2).map(|p| (p[0], p[1])).collect();
        let valid = |ends: &[u32], of: &[u32]| {
            ends.windows(2).all(|w| w[0] <= w[1])
                && ends.last().copied().unwrap_or(0) as usize <= of.len()
        };
        let fits = valid(&feature_ends, &features)
            && valid(&unigram_ends, &unigrams)
            && feature_ends.len() == unigram_ends.len()
            && feature_ends.len() == sentences.len()
            && words.next().is_none();
        fits.then_some(Self {
            sentences,
            feature_ends,
            features,
            unigram_ends,
            unigrams,
            postings,
        })
    }
}

/// The 32-bit numbers [`SentenceFeatures::encode`] writes for each sentence.
const SENT_WORDS: usize = 9;

/// Item run `i` of a flat list whose runs end at `ends`; empty when out of range.
fn run<'a>(flat: &'a [Feature], ends: &[u32], i: usize) -> &'a [Feature] {
    let start = if i == 0 {
        0
    } else {
        ends.get(i - 1).map_or(0, |&e| e as usize)
    };
    let end = ends.get(i).map_or(start, |&e| e as usize);
    flat.get(start..end).unwrap_or_default()
}

/// A hash of a sequence of whitespace-separated words that can be extended: the hash of two
/// texts written one after the other (with whitespace between) is [`TextHash::then`] of theirs.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
struct TextHash {
    hash: u64,
    words: u32,
}

/// The base of [`TextHash`]'s polynomial (an odd constant with well-mixed bits).
const TEXT_BASE: u64 = 0x9e37_79b9_7f4a_7c15;

impl TextHash {
    fn of(text: &str) -> Self {
        text.split_whitespace().fold(Self::default(), |h, w| Self {
            hash: h
                .hash
                .wrapping_mul(TEXT_BASE)
                .wrapping_add(xxh3_64(w.as_bytes())),
            words: h.words + 1,
        })
    }

    fn then(self, next: Self) -> Self {
        Self {
            hash: self
                .hash
                .wrapping_mul(TEXT_BASE.wrapping_pow(next.words))
                .wrapping_add(next.hash),
            words: self.words + next.words,
        }
    }
}

/// One article prepared for comparison: what reuse detection needs of it, computed once per
/// article (see [`ReuseInput::of`]); the text itself is not kept.
#[derive(Debug, Clone, Default)]
pub struct ReuseInput {
    /// How many article sentences it has.
    sentences: u32,
    /// Its shingles' hashes, 32 bits each: a shingle only finds candidates, which alignment
    /// then checks, so a rare collision costs one alignment, and the (shingle, article)
    /// postings at the peak of linking hold 8 bytes a shingle instead of 16.
    shingles: Vec<u32>,
    /// `None` once taken ([`ReuseInput::take_features`]).
    /// Boxed: once taken, an input holding `None` keeps one pointer, not the features' lists.
    features: Option<Box<SentenceFeatures>>,
}

impl ReuseInput {
    /// Prepares one article's article sentences for comparison.
    pub fn of(doc: &PreparedDoc, cfg: &ReuseConfig) -> Self {
        Self::from_record(&ReuseRecord::of(doc), cfg)
    }

    /// Takes the sentence features out of the input, for a caller that keeps them elsewhere
    /// and hands them back through a [`ReuseSpill`]; `None` when already taken.
    pub fn take_features(&mut self) -> Option<SentenceFeatures> {
        self.features.take().map(|f| *f)
    }
}

/// An article's sentences in bytes and in code points: what converting its passage spans for a
/// report needs.
#[derive(Debug, Clone, Default)]
pub struct SentenceOffsets(Vec<(NarrowSpan, NarrowSpan)>);

impl SentenceOffsets {
    /// The code-point span of a passage span of this article (passages start and end at
    /// sentence boundaries); `None` for any other span.
    pub fn char_span(&self, span: Span) -> Option<Span> {
        let first = self
            .0
            .iter()
            .find(|s| Span::from(s.0).start == span.start)?;
        let last = self.0.iter().find(|s| Span::from(s.0).end == span.end)?;
        Some(Span::new(Span::from(first.1).start, Span::from(last.1).end))
    }
}

/// One article's reuse features in the compact form a store keeps between runs: each article
/// sentence's spans, content-word hashes and text hash. [`ReuseInput::from_record`] rebuilds the
/// rest (unigrams, bigrams, shingles, postings) from the word hashes without the text, so a
/// stored article is never read or tokenised again to be linked.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ReuseRecord {
    sentences: Vec<SentRecord>,
}

/// One article sentence of a [`ReuseRecord`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
struct SentRecord {
    span: Span,
    chars: Span,
    /// The hashes of its content words, in order ([`Word::hash`]).
    words: Vec<u64>,
    text: TextHash,
    joined: bool,
}

impl ReuseRecord {
    /// The record of one article: its article sentences, in order.
    pub fn of(doc: &PreparedDoc) -> Self {
        let mut sentences: Vec<SentRecord> = Vec::new();
        let mut words: Vec<Word> = Vec::new();
        let offsets = OffsetMap::new(&doc.doc.text);
        for span in doc.article_sentences() {
            if let Some(last) = sentences.last_mut() {
                let gap = doc.slice(Span::new(last.span.end, span.start));
                last.joined = !gap.is_empty() && gap.chars().all(char::is_whitespace);
            }
            words.clear();
            content_words(doc, span, &mut words);
            sentences.push(SentRecord {
                span,
                chars: offsets.span(span),
                words: words.iter().map(|w| w.hash).collect(),
                text: TextHash::of(doc.slice(span)),
                joined: false,
            });
        }
        Self { sentences }
    }
}

impl ReuseInput {
    /// The reuse input of a record ([`ReuseRecord::of`]): the same as [`ReuseInput::of`] of
    /// the article it was made from.
    pub fn from_record(record: &ReuseRecord, cfg: &ReuseConfig) -> Self {
        let mut shingles = Vec::new();
        let mut f = SentenceFeatures::default();
        f.sentences.reserve_exact(record.sentences.len());
        let mut bigrams: Vec<Feature> = Vec::new();
        for s in &record.sentences {
            let words = &s.words;
            let start = f.unigrams.len();
            f.unigrams.extend(words.iter().map(|&w| feature(w)));
            f.unigrams[start..].sort_unstable();
            dedup_tail(&mut f.unigrams, start);
            f.unigram_ends.push(f.unigrams.len() as u32);
            bigrams.clear();
            bigrams.extend_from_slice(&f.unigrams[start..]);
            bigrams.extend(
                words
                    .windows(2)
                    .map(|p| feature(xxh3_64_with_seed(&p[1].to_le_bytes(), p[0]))),
            );
            bigrams.sort_unstable();
            bigrams.dedup();
            f.features.extend_from_slice(&bigrams);
            f.feature_ends.push(f.features.len() as u32);
            if cfg.shingle > 0 {
                for win in words.windows(cfg.shingle) {
                    let mut h = 0u64;
                    for w in win {
                        h = xxh3_64_with_seed(&w.to_le_bytes(), h);
                    }
                    shingles.push((h >> 32) as u32);
                }
            }
            if words.len() >= cfg.min_sentence_words {
                let j = f.sentences.len() as u32;
                f.postings.extend(bigrams.iter().map(|&x| (x, j)));
            }
            f.sentences.push(Sent {
                span: s.span.into(),
                chars: s.chars.into(),
                words: words.len() as u32,
                text: s.text,
                joined: s.joined,
            });
        }
        shingles.sort_unstable();
        shingles.dedup();
        f.postings.sort_unstable();
        // Kept until linking ends, for every article: no spare capacity.
        shingles.shrink_to_fit();
        f.features.shrink_to_fit();
        f.unigrams.shrink_to_fit();
        f.postings.shrink_to_fit();
        ReuseInput {
            sentences: f.sentences.len() as u32,
            shingles,
            features: Some(Box::new(f)),
        }
    }
}

/// Removes adjacent repeats from `list[start..]`, a sorted tail.
fn dedup_tail(list: &mut Vec<Feature>, start: usize) {
    let mut kept = start;
    for k in start..list.len() {
        if kept == start || list[k] != list[kept - 1] {
            list[kept] = list[k];
            kept += 1;
        }
    }
    list.truncate(kept);
}

/// Candidate article pairs `(a, b)` with `a < b`, found through shared rare shingles: each
/// rare shingle's articles ([`ShingleRuns`]), and pairs counted by sorting.
fn candidates(runs: &ShingleRuns, docs: usize, cfg: &ReuseConfig) -> Vec<(u32, u32)> {
    candidates_in_passes(runs, docs, cfg, PAIRS_PER_PASS)
}

/// The articles of every shingle held by 2 to [`ReuseConfig::df_cap`] articles, one run of
/// article indexes (ascending) per shingle: all that counting candidate pairs needs. Shingles
/// of one article alone (most of them) and common ones are not kept, nor are the hashes.
#[derive(Debug, Default, PartialEq, Eq)]
pub(crate) struct ShingleRuns {
    docs: Vec<u32>,
    /// Where each run ends in `docs`.
    ends: Vec<u32>,
}

impl ShingleRuns {
    /// The runs, in order of their shingles' hashes.
    fn iter(&self) -> impl Iterator<Item = &[u32]> {
        let starts = std::iter::once(0).chain(self.ends.iter().copied());
        starts
            .zip(&self.ends)
            .filter_map(|(a, &b)| self.docs.get(a as usize..b as usize))
    }
}

/// Parts of the 32-bit hash space [`shingle_runs`] sorts one at a time: the (shingle, article)
/// postings of one part are held at once, an eighth of them.
const SHINGLE_PARTS: u64 = 8;

/// The [`ShingleRuns`] of the articles (by index). Each article's shingles are sorted, so the
/// shingles of one part of the hash space are a slice of each; the postings of one part are
/// listed, sorted and reduced to their rare shingles' runs before the next part's are listed.
fn shingle_runs(inputs: &[&ReuseInput], cfg: &ReuseConfig) -> ShingleRuns {
    let mut runs = ShingleRuns::default();
    let mut postings: Vec<(u32, u32)> = Vec::new();
    let width = (u64::from(u32::MAX) + 1) / SHINGLE_PARTS;
    for part in 0..SHINGLE_PARTS {
        let (low, high) = (part * width, (part + 1) * width);
        postings.clear();
        for (i, p) in inputs.iter().enumerate() {
            let from = p.shingles.partition_point(|&s| u64::from(s) < low);
            let to = p.shingles.partition_point(|&s| u64::from(s) < high);
            let part = p.shingles.get(from..to).unwrap_or_default();
            postings.extend(part.iter().map(|&s| (s, i as u32)));
        }
        postings.par_sort_unstable();
        for run in postings.chunk_by(|x, y| x.0 == y.0) {
            if run.len() >= 2 && run.len() <= cfg.df_cap {
                runs.docs.extend(run.iter().map(|&(_, d)| d));
                runs.ends.push(runs.docs.len() as u32);
            }
        }
    }
    runs.docs.shrink_to_fit();
    runs.ends.shrink_to_fit();
    runs
}

/// [`shingle_runs`] of the articles, then their shingles dropped (they are not needed again).
pub(crate) fn take_shingle_runs(inputs: &mut [&mut ReuseInput], cfg: &ReuseConfig) -> ShingleRuns {
    let runs = {
        let held: Vec<&ReuseInput> = inputs.iter().map(|p| &**p).collect();
        shingle_runs(&held, cfg)
    };
    for p in inputs.iter_mut() {
        p.shingles = Vec::new();
    }
    runs
}

/// Article pairs sharing a shingle that [`candidates`] counts at once, at most (one pass over
/// the shingles' articles per this many, each pass taking the pairs whose first article falls
/// in its range): what finding candidates holds at its peak, 8 bytes a pair.
const PAIRS_PER_PASS: u64 = 1 << 23;

/// [`candidates`] among `docs` articles, counting at most about `per_pass` shared-shingle
/// occurrences at a time. The pairs come out sorted whatever the number of passes: each pass
/// takes a range of first articles, in order.
fn candidates_in_passes(
    shingles: &ShingleRuns,
    docs: usize,
    cfg: &ReuseConfig,
    per_pass: u64,
) -> Vec<(u32, u32)> {
    let runs = || shingles.iter();
    // How many pairs each article opens (as the first of the two), to cut the passes.
    let mut opened = vec![0u64; docs];
    for run in runs() {
        for (k, &a) in run.iter().enumerate() {
            opened[a as usize] += (run.len() - k - 1) as u64;
        }
    }
    let mut found = Vec::new();
    let mut pairs: Vec<(u32, u32)> = Vec::new();
    let mut from = 0;
    while from < docs {
        let mut to = from;
        let mut count = 0;
        while to < docs && (to == from || count + opened[to] <= per_pass.max(1)) {
            count += opened[to];
            to += 1;
        }
        let range = from as u32..to as u32;
        pairs.clear();
        for run in runs() {
            for (k, &a) in run.iter().enumerate() {
                if range.contains(&a) {
                    pairs.extend(run[k + 1..].iter().map(|&b| (a, b)));
                }
            }
        }
        pairs.par_sort_unstable();
        found.extend(
            pairs
                .chunk_by(|x, y| x == y)
                .filter(|run| run.len() >= cfg.min_shared_shingles)
                .map(|run| run[0]),
        );
        from = to;
    }
    found
}

/// Dice coefficient of two sorted, deduplicated lists.
fn dice(a: &[Feature], b: &[Feature]) -> f64 {
    if a.is_empty() || b.is_empty() {
        return 0.0;
    }
    2.0 * common(a, b) as f64 / (a.len() + b.len()) as f64
}

/// Number of items two sorted, deduplicated lists share.
fn common(a: &[Feature], b: &[Feature]) -> usize {
    let (mut i, mut j, mut common) = (0, 0, 0usize);
    while i < a.len() && j < b.len() {
        match a[i].cmp(&b[j]) {
            std::cmp::Ordering::Less => i += 1,
            std::cmp::Ordering::Greater => j += 1,
            std::cmp::Ordering::Equal => {
                common += 1;
                i += 1;
                j += 1;
            }
        }
    }
    common
}

/// One aligned sentence pair.
#[derive(Debug, Clone, Copy)]
struct Aligned {
    i: usize,
    j: usize,
    score: f64,
    paraphrase: bool,
}

/// Aligned sentence pairs of two articles, `i` ascending. Linear in the two articles' features
/// (one binary search in `b`'s postings per feature of `a`): the features a sentence of `a`
/// shares with each sentence `j` of `b` are counted by how often `j` comes up, so no sentence
/// pair is intersected for the verbatim test.
fn align(a: Side<'_>, b: Side<'_>, cfg: &ReuseConfig) -> Vec<Aligned> {
    let mut out = Vec::new();
    let mut hits: Vec<u32> = Vec::new();
    for (i, s) in a.features.sentences.iter().enumerate() {
        if (s.words as usize) < cfg.min_sentence_words {
            continue;
        }
        let (features, unigrams) = (a.features.features(i), a.features.unigrams(i));
        let postings = &b.features.postings;
        hits.clear();
        for &f in features {
            let from = postings.partition_point(|p| p.0 < f);
            hits.extend(
                postings[from..]
                    .iter()
                    .take_while(|p| p.0 == f)
                    .map(|p| p.1),
            );
        }
        hits.sort_unstable();
        // Sentences of `b` sharing a feature, ascending, with the number of features shared.
        let shared = hits
            .chunk_by(|x, y| x == y)
            .map(|run| (run[0] as usize, run.len()));
        let best = shared
            .clone()
            .map(|(j, n)| {
                let total = features.len() + b.features.features(j).len();
                (j, 2.0 * n as f64 / total as f64)
            })
            .fold(None::<(usize, f64)>, |best, c| match best {
                Some(b) if b.1 >= c.1 => Some(b),
                _ => Some(c),
            });
        if let Some((j, score)) = best {
            if score >= cfg.sentence_threshold {
                out.push(Aligned {
                    i,
                    j,
                    score,
                    paraphrase: false,
                });
                continue;
            }
        }
        // Shared unigrams are shared features, so `n` bounds them: a sentence sharing too few
        // features to reach the paraphrase threshold is not intersected at all.
        let reworded = shared
            .filter(|&(j, n)| {
                let total = unigrams.len() + b.features.unigrams(j).len();
                n >= MIN_PARAPHRASE_SHARED
                    && 2.0 * n as f64 / total.max(1) as f64 >= cfg.paraphrase_threshold
            })
            .map(|(j, _)| {
                let other = b.features.unigrams(j);
                let shared = common(unigrams, other);
                let d = 2.0 * shared as f64 / (unigrams.len() + other.len()) as f64;
                (j, d, shared)
            })
            .filter(|&(_, _, shared)| shared >= MIN_PARAPHRASE_SHARED)
            .fold(None::<(usize, f64)>, |best, (j, d, _)| match best {
                Some(b) if b.1 >= d => Some(b),
                _ => Some((j, d)),
            });
        if let Some((j, score)) = reworded {
            if score >= cfg.paraphrase_threshold {
                out.push(Aligned {
                    i,
                    j,
                    score,
                    paraphrase: true,
                });
            }
        }
    }
    one_partner(a, b, out)
}

/// Keeps two adjacent sentences of `a` aligned to one sentence of `b` only when together they
/// match it better than either alone (one sentence split in two); otherwise only the better of
/// the two stays, so a headline and the lede that repeats it do not both take one lede.
fn one_partner(a: Side<'_>, b: Side<'_>, aligned: Vec<Aligned>) -> Vec<Aligned> {
    let mut kept: Vec<Aligned> = Vec::with_capacity(aligned.len());
    for x in aligned {
        if let Some(&last) = kept.last() {
            if last.j == x.j && last.i + 1 == x.i {
                let target = b.features.features(x.j);
                let (first, second) = (a.features.features(last.i), a.features.features(x.i));
                let mut joint: Vec<Feature> = first.iter().chain(second).copied().collect();
                joint.sort_unstable();
                joint.dedup();
                let (alone_first, alone_second) = (dice(first, target), dice(second, target));
                if dice(&joint, target) <= alone_first.max(alone_second) {
                    if alone_second > alone_first {
                        kept.pop();
                        kept.push(x);
                    }
                    continue;
                }
            }
        }
        kept.push(x);
    }
    kept
}

/// Merges runs of aligned sentences that are adjacent in both articles into passages, each
/// with the first and last sentence it covers in `a` and in `b`.
fn merge(
    ids: (&DocId, &DocId),
    a: &SentenceFeatures,
    b: &SentenceFeatures,
    aligned: &[Aligned],
) -> Vec<(Passage, [usize; 4])> {
    let mut out: Vec<(Passage, [usize; 4])> = Vec::new();
    let mut last: Option<(usize, usize)> = None;
    for &Aligned {
        i,
        j,
        score,
        paraphrase,
    } in aligned
    {
        let grade = if paraphrase {
            ReuseGrade::Paraphrase
        } else {
            ReuseGrade::Edited
        };
        let (sa, sb) = (
            Span::from(a.sentences[i].span),
            Span::from(b.sentences[j].span),
        );
        let extends = last.is_some_and(|(li, lj)| i == li + 1 && (j == lj + 1 || j == lj));
        match out.last_mut() {
            Some((p, range)) if extends => {
                p.span_a = p.span_a.cover(sa);
                p.span_b = p.span_b.cover(sb);
                p.score = (p.score * p.sentences as f64 + score) / (p.sentences + 1) as f64;
                p.sentences += 1;
                p.grade = p.grade.max(grade);
                range[1] = i;
                range[3] = j;
            }
            _ => out.push((
                Passage {
                    doc_a: ids.0.clone(),
                    span_a: sa,
                    doc_b: ids.1.clone(),
                    span_b: sb,
                    score,
                    sentences: 1,
                    grade,
                },
                [i, i, j, j],
            )),
        }
        last = Some((i, j));
    }
    out
}

/// Finds the passages shared by any two of `docs`.
pub fn find_reuse(docs: &[&PreparedDoc], cfg: &ReuseConfig) -> Reuse {
    let prepared: Vec<ReuseInput> = docs.par_iter().map(|d| ReuseInput::of(d, cfg)).collect();
    let ids: Vec<&DocId> = docs.iter().map(|d| &d.doc.id).collect();
    let inputs: Vec<&ReuseInput> = prepared.iter().collect();
    find_reuse_in(&ids, &inputs, cfg, &mut PriorReuse::default())
}

/// Where a large run keeps the bulk of what reuse detection holds, instead of memory:
///
/// * each article's [`SentenceFeatures`], taken out of its input
///   ([`ReuseInput::take_features`]) and read back while its candidate pairs are aligned: a
///   chunk of pairs at a time, each article once per chunk, from several threads at once;
/// * the passages found, handed over pair by pair in pair order as they are found.
///
/// Articles are named by their index in the input.
pub trait ReuseSpill: Sync {
    /// Why the spill could not be read or written.
    type Error: Send;

    /// The sentence features of article `doc`, as [`ReuseInput::take_features`] took them.
    fn features(&self, doc: usize) -> Result<Cow<'_, SentenceFeatures>, Self::Error>;

    /// Takes the passages articles `a` and `b` share and gives back those
    /// [`Reuse::passages`] should still hold: all of them (what this default does), or none
    /// when the spill keeps them.
    fn passages(
        &self,
        a: usize,
        b: usize,
        found: Vec<Passage>,
    ) -> Result<Vec<Passage>, Self::Error> {
        let _ = (a, b);
        Ok(found)
    }
}

/// No spill: the features the inputs hold themselves (an input whose features were taken
/// aligns nothing), and passages held in memory.
struct Held<'a>(&'a [&'a ReuseInput]);

impl ReuseSpill for Held<'_> {
    type Error = std::convert::Infallible;

    fn features(&self, doc: usize) -> Result<Cow<'_, SentenceFeatures>, Self::Error> {
        Ok(match &self.0[doc].features {
            Some(f) => Cow::Borrowed(f),
            None => Cow::Owned(SentenceFeatures::default()),
        })
    }
}

/// A spill never asked: the type of [`crate::link_inputs`]'s absent one.
pub(crate) enum Unused {}

impl ReuseSpill for Unused {
    type Error = std::convert::Infallible;

    fn features(&self, _: usize) -> Result<Cow<'_, SentenceFeatures>, Self::Error> {
        match *self {}
    }
}

/// One article as alignment reads it: its sentence features.
#[derive(Clone, Copy)]
struct Side<'a> {
    features: &'a SentenceFeatures,
}

/// [`find_reuse`] over articles prepared beforehand ([`ReuseInput::of`]); `ids[i]` is the id of
/// the article `inputs[i]` was prepared from. Pairs of articles `prior` knows are not aligned
/// again: their findings are moved out of it (so they are never held twice).
pub fn find_reuse_in(
    ids: &[&DocId],
    inputs: &[&ReuseInput],
    cfg: &ReuseConfig,
    prior: &mut PriorReuse,
) -> Reuse {
    find_reuse_held(ids, inputs, shingle_runs(inputs, cfg), cfg, prior)
}

/// [`find_reuse_from`] with the features the inputs hold and the passages held in memory.
pub(crate) fn find_reuse_held(
    ids: &[&DocId],
    inputs: &[&ReuseInput],
    runs: ShingleRuns,
    cfg: &ReuseConfig,
    prior: &mut PriorReuse,
) -> Reuse {
    match find_reuse_from(ids, inputs, runs, &Held(inputs), cfg, prior) {
        Ok(reuse) => reuse,
        Err(never) => match never {},
    }
}

/// [`find_reuse_in`] with the sentence features read from `source` (the inputs' own, when they
/// still hold them, are not used) and the passages handed to it.
pub fn find_reuse_with<S: ReuseSpill>(
    ids: &[&DocId],
    inputs: &[&ReuseInput],
    source: &S,
    cfg: &ReuseConfig,
    prior: &mut PriorReuse,
) -> Result<Reuse, S::Error> {
    find_reuse_from(ids, inputs, shingle_runs(inputs, cfg), source, cfg, prior)
}

/// [`find_reuse_with`] given the articles' shingle runs ([`take_shingle_runs`]).
pub(crate) fn find_reuse_from<S: ReuseSpill>(
    ids: &[&DocId],
    inputs: &[&ReuseInput],
    runs: ShingleRuns,
    source: &S,
    cfg: &ReuseConfig,
    prior: &mut PriorReuse,
) -> Result<Reuse, S::Error> {
    if inputs.len() < 2 {
        return Ok(Reuse::default());
    }
    let pairs = candidates(&runs, inputs.len(), cfg);
    drop(runs);
    reuse_in_chunks(ids, inputs, pairs, source, cfg, prior, PAIRS_AT_ONCE)
}

/// Article pairs aligned in parallel at once by [`find_reuse_in`].
const PAIRS_AT_ONCE: usize = 4096;

/// [`find_reuse_with`], aligning `pairs_at_once` candidate pairs in parallel at a time and
/// appending their passages in pair order: the passages (the largest thing linking holds) are
/// never held twice, and the result does not depend on the chunk size. Each chunk reads the
/// features of its articles once, and drops them before the next.
fn reuse_in_chunks<S: ReuseSpill>(
    ids: &[&DocId],
    inputs: &[&ReuseInput],
    pairs: Vec<(u32, u32)>,
    source: &S,
    cfg: &ReuseConfig,
    prior: &mut PriorReuse,
    pairs_at_once: usize,
) -> Result<Reuse, S::Error> {
    let mut reuse = Reuse::default();
    let mut needed: Vec<u32> = Vec::new();
    // The features of the previous chunk's articles, by article: those the next chunk needs
    // again are kept rather than read again.
    let mut loaded: Vec<(u32, Cow<'_, SentenceFeatures>)> = Vec::new();
    for chunk in pairs.chunks(pairs_at_once.max(1)) {
        let known =
            |&(a, b): &(u32, u32)| prior.knows(ids[a as usize]) && prior.knows(ids[b as usize]);
        needed.clear();
        needed.extend(
            chunk
                .iter()
                .filter(|p| !known(p))
                .flat_map(|&(a, b)| [a, b]),
        );
        needed.sort_unstable();
        needed.dedup();
        let missing: Vec<u32> = needed
            .iter()
            .copied()
            .filter(|d| loaded.binary_search_by_key(d, |x| x.0).is_err())
            .collect();
        let fresh = missing
            .par_iter()
            .map(|&d| Ok((d, source.features(d as usize)?)))
            .collect::<Result<Vec<_>, S::Error>>()?;
        let mut old = std::mem::take(&mut loaded).into_iter().peekable();
        let mut fresh = fresh.into_iter().peekable();
        for &d in &needed {
            while old.next_if(|x| x.0 < d).is_some() {}
            loaded.extend(
                old.next_if(|x| x.0 == d)
                    .or_else(|| fresh.next_if(|x| x.0 == d)),
            );
        }
        drop((old, fresh));
        let side = |d: u32| {
            let at = loaded.binary_search_by_key(&d, |x| x.0).ok()?;
            Some(Side {
                features: &loaded[at].1,
            })
        };
        let aligned: Vec<Option<PairAligned>> = chunk
            .par_iter()
            .map(|p| {
                let (a, b) = *p;
                if known(p) {
                    return None;
                }
                let (sa, sb) = (side(a)?, side(b)?);
                Some(pair_reuse((ids[a as usize], ids[b as usize]), sa, sb, cfg))
            })
            .collect();
        for (&(a, b), aligned) in chunk.iter().zip(aligned) {
            let (a, b) = (a as usize, b as usize);
            let (passages, pair) = match aligned {
                Some((passages, shared)) => (
                    passages,
                    shared.map(|(sa, sb)| pair_of(inputs, a, b, sa, sb)),
                ),
                None => match prior.take(ids[a], ids[b]) {
                    Some(f) => {
                        if f.passages.is_empty() {
                            reuse.passages_elsewhere.push((a, b));
                        }
                        let pair = pair_of(inputs, a, b, f.sentences_a, f.sentences_b);
                        (f.passages, Some(pair))
                    }
                    None => (Vec::new(), None),
                },
            };
            if !passages.is_empty() {
                reuse.passages.extend(source.passages(a, b, passages)?);
            }
            reuse.pairs.extend(pair);
        }
    }
    reuse.passages.shrink_to_fit();
    reuse.pairs.shrink_to_fit();
    Ok(reuse)
}

/// The [`PairReuse`] of articles `a` and `b` that copy `sentences_a` and `sentences_b` of their
/// sentences.
fn pair_of(
    inputs: &[&ReuseInput],
    a: usize,
    b: usize,
    sentences_a: usize,
    sentences_b: usize,
) -> PairReuse {
    let coverage = |n: usize, of: usize| n as f64 / of.max(1) as f64;
    PairReuse {
        a,
        b,
        sentences_a,
        sentences_b,
        coverage_a: coverage(sentences_a, inputs[a].sentences as usize),
        coverage_b: coverage(sentences_b, inputs[b].sentences as usize),
    }
}

/// The passages two articles share, and how many sentences of each they copy (`None` when
/// they share nothing but rewording).
type PairAligned = (Vec<Passage>, Option<(usize, usize)>);

/// The passages articles `a` and `b` share, and how many sentences of each they copy (`None`
/// when they share nothing but rewording).
fn pair_reuse(ids: (&DocId, &DocId), a: Side<'_>, b: Side<'_>, cfg: &ReuseConfig) -> PairAligned {
    let aligned = align(a, b, cfg);
    if aligned.is_empty() {
        return (Vec::new(), None);
    }
    let (pa, pb) = (a.features, b.features);
    let passages: Vec<Passage> = merge(ids, pa, pb, &aligned)
        .into_iter()
        .map(|(mut p, [i0, i1, j0, j1])| {
            if p.grade == ReuseGrade::Edited {
                let text_a = pa.text_of(i0, i1);
                if text_a.is_some() && text_a == pb.text_of(j0, j1) {
                    p.grade = ReuseGrade::Verbatim;
                }
            }
            p
        })
        .collect();
    let aligned: Vec<(usize, usize)> = aligned
        .iter()
        .filter(|x| !x.paraphrase)
        .map(|x| (x.i, x.j))
        .collect();
    if aligned.is_empty() {
        // Rewording alone is not reuse: independent reports of one fact share words.
        return (Vec::new(), None);
    }
    let mut js: Vec<usize> = aligned.iter().map(|x| x.1).collect();
    js.sort_unstable();
    js.dedup();
    (passages, Some((aligned.len(), js.len())))
}

#[cfg(test)]
mod tests {
    use super::*;
    use corroborate_core::document::SourceFormat;
    use corroborate_core::Document;
    use std::collections::BTreeSet;

    fn doc(text: &str) -> PreparedDoc {
        let today = jiff::civil::date(2030, 1, 1);
        PreparedDoc::new(
            Document::new("t.txt", SourceFormat::Text, text.into()),
            today,
        )
    }

    const WIRE: &str = "Harbour crane collapses in Port Lenning\n\n\
        A harbour crane collapsed onto a cargo ship in Port Lenning on Tuesday, injuring four dock workers. \
        The crane operator escaped from the cabin moments before the boom buckled over the deck. \
        Harbour master Ilsa Varga said the crane had passed its annual inspection in March. \
        Inspectors from the state labour office arrived at the docks late on Tuesday evening.";

    /// [`WIRE`]'s crane sentence and inspectors sentence, lightly edited and in the other order.
    const EDITED_COPY: &str = "Crane falls on ship\n\n\
        Inspectors from the state labour office arrived at the docks on Tuesday evening. \
        A harbour crane collapsed onto a cargo ship in Port Lenning on Tuesday, injuring four dockworkers.";

    /// The wire, its edited copy and a reprint with one word changed: three reusing pairs.
    fn wire_copy_and_reprint() -> [PreparedDoc; 3] {
        [
            doc(WIRE),
            doc(EDITED_COPY),
            doc(&WIRE.replace("March", "April")),
        ]
    }

    #[test]
    fn lightly_edited_reordered_copy_aligns_and_merges() {
        let copy = "Crane falls on ship\n\n\
            Inspectors from the state labour office arrived at the docks on Tuesday evening. \
            Nothing else is known. \
            A harbour crane collapsed onto a cargo ship in Port Lenning on Tuesday, injuring four dockworkers. \
            The crane's operator escaped from its cabin moments before the boom buckled over the deck.";
        let (a, b) = (doc(WIRE), doc(copy));
        let reuse = find_reuse(&[&a, &b], &ReuseConfig::default());
        let texts: Vec<(&str, &str)> = reuse
            .passages
            .iter()
            .map(|p| (a.slice(p.span_a), b.slice(p.span_b)))
            .collect();
        assert_eq!(texts.len(), 2, "{texts:#?}");
        assert!(texts[0].0.starts_with("A harbour crane") && texts[0].0.ends_with("the deck."));
        assert!(texts[0].1.starts_with("A harbour crane") && texts[0].1.ends_with("the deck."));
        assert_eq!(reuse.passages[0].sentences, 2);
        assert!(texts[1].0.starts_with("Inspectors") && texts[1].1.starts_with("Inspectors"));
        assert_eq!(reuse.pairs.len(), 1);
        assert_eq!(reuse.pairs[0].sentences_a, 3);
    }

    #[test]
    fn independent_reports_do_not_align() {
        let other = "Port Lenning crane accident injures four\n\n\
            Four dock workers were hurt on Tuesday when a crane toppled in Port Lenning. \
            Witnesses described a loud crack before the arm gave way and struck the vessel. \
            The harbour master said an inquiry would look at the crane's maintenance records.";
        let (a, b) = (doc(WIRE), doc(other));
        let reuse = find_reuse(&[&a, &b], &ReuseConfig::default());
        assert!(reuse.passages.is_empty(), "{:?}", reuse.passages);
    }

    #[test]
    fn passages_are_graded_verbatim_edited_or_paraphrase() {
        let copy = "Crane falls on ship\n\n\
            A harbour crane collapsed onto a cargo ship in Port Lenning on Tuesday, injuring four dock workers. \
            The crane operator escaped from the cabin moments before the boom buckled over the deck. \
            Nothing else is known about the accident yet. \
            Inspectors from the state labour office arrived at the docks late on Tuesday evening. \
            Nothing more was said. \
            Varga, master of the harbour, said in March the crane's inspection was passed.";
        let (a, b) = (doc(WIRE), doc(copy));
        let reuse = find_reuse(&[&a, &b], &ReuseConfig::default());
        let graded: Vec<(&str, ReuseGrade)> = reuse
            .passages
            .iter()
            .map(|p| (b.slice(p.span_b), p.grade))
            .collect();
        assert_eq!(graded.len(), 3, "{graded:#?}");
        assert_eq!(graded[0].1, ReuseGrade::Verbatim, "{graded:#?}");
        assert_eq!(graded[0].0.split(". ").count(), 2);
        // In the order of the first article.
        assert!(graded[1].0.starts_with("Varga, master"), "{graded:#?}");
        assert_eq!(graded[1].1, ReuseGrade::Paraphrase, "{graded:#?}");
        assert!(graded[2].0.starts_with("Inspectors"));
        assert_eq!(graded[2].1, ReuseGrade::Verbatim);
        // The reworded sentence does not count towards lineage.
        assert_eq!(reuse.pairs[0].sentences_b, 3);
    }

    #[test]
    fn text_hashes_join_whatever_the_sentence_split_and_spacing() {
        let whole = TextHash::of("A crane fell.  Four were hurt\non Tuesday.");
        let split = TextHash::of("A crane fell.").then(TextHash::of(" Four were hurt on Tuesday."));
        assert_eq!(whole, split);
        let other = TextHash::of("A crane fell.").then(TextHash::of("Four were hurt on Monday."));
        assert_ne!(whole, other);
        assert_ne!(TextHash::of("a b"), TextHash::of("b a"));
    }

    #[test]
    fn a_two_sentence_copy_is_one_verbatim_passage_with_code_point_offsets() {
        let copy = "Grúa cae sobre un barco — crane falls on ship\n\n\
            A harbour crane collapsed onto a cargo ship in Port Lenning on Tuesday, injuring four dock workers. \
            The crane operator escaped from the cabin moments before the boom buckled over the deck.";
        let (a, b) = (doc(WIRE), doc(copy));
        let reuse = find_reuse(&[&a, &b], &ReuseConfig::default());
        assert_eq!(reuse.passages.len(), 1, "{:?}", reuse.passages);
        let passage = &reuse.passages[0];
        assert_eq!(passage.grade, ReuseGrade::Verbatim);
        assert_eq!(passage.sentences, 2);
        let offsets = ReuseInput::of(&b, &ReuseConfig::default())
            .take_features()
            .unwrap()
            .offsets();
        let chars = offsets.char_span(passage.span_b).unwrap();
        // "ú" and "—" take 2 and 3 bytes but one code point each.
        assert_eq!(chars.start, passage.span_b.start - 3);
        assert_eq!(chars.end, passage.span_b.end - 3);
        let text: String = copy
            .chars()
            .skip(chars.start)
            .take(chars.end - chars.start)
            .collect();
        assert_eq!(text, b.slice(passage.span_b));
        assert_eq!(offsets.char_span(Span::new(1, 5)), None);
    }

    #[test]
    fn a_sentence_split_in_two_keeps_both_halves_aligned() {
        let wire = "Harbour crane collapses\n\n\
            A harbour crane collapsed onto a cargo ship in Port Lenning on Tuesday and injured \
            four dock workers, trapping the operator inside the cabin for almost two hours.";
        let copy = "Crane falls on ship\n\n\
            A harbour crane collapsed onto a cargo ship in Port Lenning on Tuesday. It injured \
            four dock workers, trapping the operator inside the cabin for almost two hours.";
        let (a, b) = (doc(copy), doc(wire));
        let reuse = find_reuse(&[&a, &b], &ReuseConfig::default());
        assert_eq!(reuse.passages.len(), 1, "{:?}", reuse.passages);
        assert_eq!(reuse.passages[0].sentences, 2, "{:?}", reuse.passages);
        assert!(a.slice(reuse.passages[0].span_a).ends_with("two hours."));
    }

    #[test]
    fn a_light_edit_is_graded_edited() {
        let copy = "Crane falls on ship\n\n\
            A harbour crane collapsed onto a cargo ship in Port Lenning on Tuesday, injuring four dockworkers.";
        let (a, b) = (doc(WIRE), doc(copy));
        let reuse = find_reuse(&[&a, &b], &ReuseConfig::default());
        assert_eq!(reuse.passages.len(), 1, "{:?}", reuse.passages);
        assert_eq!(reuse.passages[0].grade, ReuseGrade::Edited);
    }

    #[test]
    fn pairs_aligned_a_chunk_at_a_time_give_the_same_passages_in_the_same_order() {
        // Four articles: the wire, two edited copies and an unrelated one; several pairs share
        // passages, so chunks of one pair must append them in the order one chunk would.
        let other = "Port Lenning crane accident injures four\n\n\
            Four dock workers were hurt on Tuesday when a crane toppled in Port Lenning.";
        let docs = [
            doc(WIRE),
            doc(EDITED_COPY),
            doc(other),
            doc(&WIRE.replace("March", "April")),
        ];
        let cfg = ReuseConfig::default();
        let prepared: Vec<ReuseInput> = docs.iter().map(|d| ReuseInput::of(d, &cfg)).collect();
        let ids: Vec<&DocId> = docs.iter().map(|d| &d.doc.id).collect();
        let inputs: Vec<&ReuseInput> = prepared.iter().collect();
        let none = &mut PriorReuse::default();
        let held = Held(&inputs);
        let pairs = candidates(&shingle_runs(&inputs, &cfg), inputs.len(), &cfg);
        let whole = reuse_in_chunks(
            &ids,
            &inputs,
            pairs.clone(),
            &held,
            &cfg,
            none,
            PAIRS_AT_ONCE,
        )
        .unwrap();
        assert!(whole.pairs.len() >= 3, "{:?}", whole.pairs);
        for at_once in [1, 2] {
            let chunked =
                reuse_in_chunks(&ids, &inputs, pairs.clone(), &held, &cfg, none, at_once).unwrap();
            assert_eq!(chunked.passages, whole.passages);
            assert_eq!(chunked.pairs, whole.pairs);
        }
    }

    #[test]
    fn a_prior_run_gives_the_same_result_and_its_pairs_are_not_aligned_again() {
        let docs = wire_copy_and_reprint();
        let cfg = ReuseConfig::default();
        let prepared: Vec<ReuseInput> = docs.iter().map(|d| ReuseInput::of(d, &cfg)).collect();
        let ids: Vec<&DocId> = docs.iter().map(|d| &d.doc.id).collect();
        let inputs: Vec<&ReuseInput> = prepared.iter().collect();
        let none = &mut PriorReuse::default();
        let whole = find_reuse_in(&ids, &inputs, &cfg, none);
        assert_eq!(whole.pairs.len(), 3, "{:?}", whole.pairs);
        // The first two articles were linked before; the third is new.
        let earlier = find_reuse_in(&ids[..2], &inputs[..2], &cfg, none);
        let found = earlier.found_after(&ids[..2], none);
        assert_eq!(found.len(), 1);
        assert!(!found[0].passages.is_empty());
        let known: Vec<DocId> = ids[..2].iter().map(|d| (*d).clone()).collect();
        let mut prior = PriorReuse::new(known.clone(), found);
        let again = find_reuse_in(&ids, &inputs, &cfg, &mut prior);
        assert_eq!(again.passages, whole.passages);
        assert_eq!(again.pairs, whole.pairs);
        assert_eq!(again.found_after(&ids, none).len(), 3);
        // What is new to the prior: the two pairs with the third article.
        let new = again.found_after(&ids, &prior);
        assert_eq!(new.len(), 2);
        assert!(new.iter().all(|f| f.doc_b == *ids[2]));
        // A known pair is taken from the prior, never aligned: a prior that says the first
        // two articles shared nothing is believed.
        let forgotten = find_reuse_in(&ids, &inputs, &cfg, &mut PriorReuse::new(known, Vec::new()));
        assert_eq!(forgotten.pairs.len(), 2);
        assert!(forgotten.passages.iter().all(|p| p.doc_b == *ids[2]));
    }
    /// Sentence features kept as bytes, the way a streamed run keeps them on disk.
    struct Encoded(Vec<Vec<u8>>);

    impl ReuseSpill for Encoded {
        type Error = &'static str;

        fn features(&self, doc: usize) -> Result<Cow<'_, SentenceFeatures>, Self::Error> {
            let bytes = self.0.get(doc).ok_or("no such article")?;
            SentenceFeatures::decode(bytes)
                .map(Cow::Owned)
                .ok_or("does not decode")
        }
    }

    #[test]
    fn features_read_back_from_bytes_align_as_the_held_ones() {
        let docs = wire_copy_and_reprint();
        let cfg = ReuseConfig::default();
        let held: Vec<ReuseInput> = docs.iter().map(|d| ReuseInput::of(d, &cfg)).collect();
        let mut taken = held.clone();
        let encoded: Vec<Vec<u8>> = taken
            .iter_mut()
            .map(|i| i.take_features().unwrap().encode())
            .collect();
        for (input, bytes) in held.iter().zip(&encoded) {
            let features = input.features.as_deref().unwrap();
            assert_eq!(SentenceFeatures::decode(bytes).as_ref(), Some(features));
            assert!(features.postings.len() > 10);
            assert_eq!(SentenceFeatures::decode(&bytes[..bytes.len() - 4]), None);
            assert_eq!(
                SentenceFeatures::decode(&[bytes.as_slice(), &[0; 4]].concat()),
                None
            );
        }
        assert!(taken.iter_mut().all(|i| i.take_features().is_none()));
        let ids: Vec<&DocId> = docs.iter().map(|d| &d.doc.id).collect();
        let (held, taken): (Vec<&ReuseInput>, Vec<&ReuseInput>) =
            (held.iter().collect(), taken.iter().collect());
        let none = &mut PriorReuse::default();
        let whole = find_reuse_in(&ids, &held, &cfg, none);
        assert_eq!(whole.pairs.len(), 3, "{:?}", whole.pairs);
        let read_back = find_reuse_with(&ids, &taken, &Encoded(encoded), &cfg, none).unwrap();
        assert_eq!(read_back.passages, whole.passages);
        assert_eq!(read_back.pairs, whole.pairs);
        // Inputs without their features and no spill to read them from align nothing.
        assert!(find_reuse_in(&ids, &taken, &cfg, none).pairs.is_empty());
    }

    #[test]
    fn candidates_found_in_several_passes_are_those_of_one_pass() {
        let docs = [
            doc(WIRE),
            doc(EDITED_COPY),
            doc(&WIRE.replace("March", "April")),
            doc(&EDITED_COPY.replace("Tuesday evening", "Wednesday")),
        ];
        let cfg = ReuseConfig::default();
        let prepared: Vec<ReuseInput> = docs.iter().map(|d| ReuseInput::of(d, &cfg)).collect();
        let inputs: Vec<&ReuseInput> = prepared.iter().collect();
        let runs = shingle_runs(&inputs, &cfg);
        // Sorted a part of the hash space at a time, the runs are those of one sort of all the
        // (shingle, article) postings.
        let mut all: Vec<(u32, u32)> = inputs
            .iter()
            .enumerate()
            .flat_map(|(i, p)| p.shingles.iter().map(move |&s| (s, i as u32)))
            .collect();
        all.sort_unstable();
        let whole: Vec<Vec<u32>> = all
            .chunk_by(|x, y| x.0 == y.0)
            .filter(|run| run.len() >= 2 && run.len() <= cfg.df_cap)
            .map(|run| run.iter().map(|&(_, d)| d).collect())
            .collect();
        assert!(whole.len() > 10, "{}", whole.len());
        assert!(
            whole.iter().any(|run| run[0] > 0),
            "runs without the first article"
        );
        let parts = all.iter().map(|p| p.0 >> 29).collect::<BTreeSet<u32>>();
        assert!(parts.len() > 4, "shingles in {} parts", parts.len());
        assert_eq!(runs.iter().map(<[u32]>::to_vec).collect::<Vec<_>>(), whole);
        let once = candidates_in_passes(&runs, docs.len(), &cfg, u64::MAX);
        assert_eq!(once.len(), 6, "{once:?}");
        for per_pass in [0, 1, 20, 40] {
            let passes = candidates_in_passes(&runs, docs.len(), &cfg, per_pass);
            assert_eq!(passes, once, "{per_pass}");
        }
        // Taking the shingles out of the inputs gives the same runs.
        let mut owned = prepared.clone();
        let mut refs: Vec<&mut ReuseInput> = owned.iter_mut().collect();
        assert_eq!(take_shingle_runs(&mut refs, &cfg), runs);
        assert!(owned.iter().all(|p| p.shingles.is_empty()));
    }
}
