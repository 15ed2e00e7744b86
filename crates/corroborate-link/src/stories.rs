//! Stories: groups of articles about one incident and its follow-ups.
//!
//! About 1,100 lines on purpose: the incremental story index (features, postings, the
//! article-to-story score, conflicts and bridging merges) keeps state that all of it shares
//! (which story holds each article, the postings the score reads, the redirects a merge
//! writes), so it stays one module.
//!
//! Each article is reduced to weighted features: people's names (weighted most), other names
//! (organisations, places), surnames, distinctive content words and dates (years, TIMEX
//! values). Names come from the entity extractor when it found any, else from capitalised word
//! runs in the tokens. Weights are TF-IDF with document frequencies kept incrementally.
//!
//! [`StoryIndex::add`] finds candidate articles through an inverted index over the article's
//! rarest features (posting lists capped at [`StoryConfig::posting_cap`]), scores the best
//! [`StoryConfig::candidates`] of them by weighted cosine, and joins the story of the best one
//! at or above [`StoryConfig::threshold`]; otherwise the article founds a new story. When both
//! articles have salient people and share none of them, the score is multiplied by
//! [`StoryConfig::person_conflict`]: two shootings in one town by one agency are different
//! stories when their victims and officers differ. Likewise differing dates (year and month),
//! years written in the text, and measured amounts multiply the score by their own factors. A
//! story's id derives from its founding article's id, so it stays stable as the story grows.
//!
//! About 1,100 lines on purpose: the features, the index, the hand scoring and the optional
//! learned pair scorer share the settings of [`StoryConfig`] that `eval-ecb-stories` tunes, and
//! read best side by side.

use std::collections::{BTreeMap, HashMap, VecDeque};
use std::sync::LazyLock;

use corroborate_core::lexicon::titles::is_name_title;
use corroborate_core::segment::TokenKind;
use corroborate_core::{DocId, PreparedDoc, Span};
use corroborate_extract::dates::TimexType;
use corroborate_extract::entities::EntityKind;
use corroborate_extract::quantities::{Quantity, QuantityKind};
use corroborate_extract::Extraction;
use rayon::prelude::*;
use serde::{Deserialize, Serialize};
use xxhash_rust::xxh3::xxh3_64;

use crate::features::{content_words, name_runs, Word};

/// Tuning of story grouping.
#[derive(Debug, Clone, Copy)]
pub struct StoryConfig {
    /// Score at which an article joins a story.
    pub threshold: f64,
    /// Score at which an article that joins one story also bridges another: the two stories
    /// merge, and the later-founded one's id redirects to the earlier one's.
    pub merge: f64,
    /// Factor applied when both articles name salient people and share none (with
    /// `main_person`: when each article's most-mentioned person is absent from the other).
    pub person_conflict: f64,
    /// Compare the articles' main people rather than any salient person.
    pub main_person: bool,
    /// Factor applied when both articles mention dates (years, months) and share none.
    pub date_conflict: f64,
    /// Also compare dates by month alone, so that dates without a year ("April 12" against
    /// "August 19") conflict; two dates then conflict only when no month is shared.
    pub month_dates: bool,
    /// Factor applied when both articles name years (written in the text, or in a date's
    /// value) and share none: two similar events of different years.
    pub year_conflict: f64,
    /// Weight of names, dates and amounts relative to content words (1: the kinds' own
    /// weights; 0: content words alone carry the cosine, the other kinds only conflicts).
    pub name_weight: f64,
    /// Articles published more than this many days apart are compared with the factor
    /// `stale_conflict` (0: never). Coverage of one event clusters in time, so a similar event
    /// in the same place months later is another story unless its articles resemble each
    /// other strongly. Only articles with known publication dates are compared this way.
    pub stale_days: u32,
    /// Factor applied to articles published more than `stale_days` apart.
    pub stale_conflict: f64,
    /// Factor applied when both articles state measured amounts (ages, money, distances) and
    /// share none.
    pub number_conflict: f64,
    /// Number of a story's members an article is compared with: the story's score is the mean
    /// of the best `support` similarities (fewer when the story is smaller).
    pub support: usize,
    /// Articles kept per feature in the inverted index (the most recently added).
    pub posting_cap: usize,
    /// Rarest features of a new article used to look up candidates.
    pub lookup_features: usize,
    /// Candidate articles scored in full.
    pub candidates: usize,
    /// Content words kept per article (the most frequent).
    pub max_terms: usize,
    /// Add the background document frequencies ([`BACKGROUND_DF`]) to the index's own, so
    /// that a word common in news in general weighs little even in a small batch.
    pub background: bool,
    /// Scale of the background table's counts (1: as counted): below 1, the index's own
    /// frequencies dominate sooner, so words common among the articles at hand weigh little.
    pub background_weight: f64,
    /// Weights of a logistic pair scorer over the features of an (article, story) pair (see
    /// [`PAIR_FEATURES`], [`StoryIndex::candidate_features`]): when set, a story's score is
    /// the scorer's probability times the conflict factors of the article's best match in the
    /// story, instead of the mean of the best `support` similarities; `threshold` and `merge`
    /// apply to it. Off by default: on ECB+ it beats the hand-combined score by a small margin
    /// under cross-validation on train and falls far below it on dev (docs/accuracy.md).
    pub learned: Option<[f64; PAIR_FEATURES]>,
}

/// Number of features of an (article, story) pair, bias first (see
/// [`StoryIndex::candidate_features`]), over the article's best `support` matches among the
/// story's candidate members: bias; ln of the hand-combined score (mean of the best `support`
/// similarities with conflicts); ln of the best similarity with conflicts; ln of the mean
/// weighted cosine without them (each ln of at least 0.001); the share of the matches in
/// person, date, amount and year conflict; mean ln(1 + count) of shared people (full names and
/// surnames), other names, dates and years, amounts.
pub const PAIR_FEATURES: usize = 12;

/// Names of the pair features, in order (the header of `--dump-pairs` rows).
pub const PAIR_FEATURE_NAMES: [&str; PAIR_FEATURES] = [
    "bias",
    "hand",
    "best",
    "cosine",
    "person_conflict",
    "date_conflict",
    "amount_conflict",
    "year_conflict",
    "shared_people",
    "shared_names",
    "shared_dates",
    "shared_amounts",
];

impl Default for StoryConfig {
    fn default() -> Self {
        StoryConfig {
            threshold: 0.15,
            merge: 0.3,
            person_conflict: 0.3,
            main_person: false,
            date_conflict: 0.3,
            month_dates: true,
            year_conflict: 1.0,
            stale_days: 30,
            stale_conflict: 0.3,
            name_weight: 0.5,
            number_conflict: 1.0,
            support: 3,
            posting_cap: 256,
            lookup_features: 24,
            candidates: 32,
            max_terms: 1000,
            background: true,
            background_weight: 1.0,
            learned: None,
        }
    }
}

/// Document frequencies of content words in a background corpus (ECB+ topics 1–22, 462 news
/// texts): first line `documents<TAB>N`, then `word<TAB>df` for words in two or more texts.
/// Regenerate with `cargo run --release -p corroborate-eval --bin eval-ecb-stories --
/// --write-df crates/corroborate-link/data/background_df.tsv`.
pub const BACKGROUND_DF: &str = include_str!("../data/background_df.tsv");

/// The parsed background table: number of documents and df per term hash.
struct Background {
    documents: u32,
    df: HashMap<FeatureHash, u32>,
}

static BACKGROUND: LazyLock<Background> = LazyLock::new(|| {
    let mut lines = BACKGROUND_DF.lines();
    let documents = lines
        .next()
        .and_then(|l| l.strip_prefix("documents\t"))
        .and_then(|n| n.trim().parse().ok())
        .unwrap_or(0);
    let mut df: HashMap<FeatureHash, u32> = HashMap::new();
    for line in lines {
        let Some((word, n)) = line.split_once('\t') else {
            continue;
        };
        let Ok(n) = n.trim().parse::<u32>() else {
            continue;
        };
        // Two words whose hashes collide count as one feature, as in the index.
        *df.entry(term_hash(xxh3_64(word.as_bytes()))).or_default() += n;
    }
    Background { documents, df }
});

/// A content word's feature hash (re-keyed so a term never collides with a name of the same
/// spelling).
fn term_hash(word_hash: u64) -> FeatureHash {
    (word_hash ^ 0x5bd1_e995) as FeatureHash
}

/// A story feature's hash: the low 32 bits of a 64-bit hash. An index holds about 150
/// features an article for every article it groups; two features that collide count as one
/// (their document frequencies add up), which moves a similarity only when two articles hold
/// the two colliding features.
type FeatureHash = u32;

/// What a feature is; sets its weight.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
enum Kind {
    Person,
    Surname,
    Name,
    Term,
    Date,
    Amount,
    Year,
}

impl Kind {
    /// The kind's weight, with names, dates and amounts scaled by `name_weight`.
    fn weight(self, name_weight: f64) -> f64 {
        match self {
            Kind::Person => 3.0 * name_weight,
            Kind::Surname => 1.5 * name_weight,
            Kind::Name => 2.0 * name_weight,
            Kind::Term => 1.0,
            Kind::Date | Kind::Amount | Kind::Year => 1.5 * name_weight,
        }
    }
}

/// One feature of an article: its hash, kind and count, in 8 bytes (the count in 16 bits), as
/// an index holds about 150 an article for every article it links. Stored as `[hash, kind,
/// tf]` (see [`crate::LinkRecord`]).
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(from = "(FeatureHash, Kind, f32)", into = "(FeatureHash, Kind, f32)")]
struct Feature {
    hash: FeatureHash,
    count: u16,
    kind: Kind,
}

const _: () = assert!(std::mem::size_of::<Feature>() == 8);

impl Feature {
    fn new(hash: FeatureHash, kind: Kind, tf: f32) -> Self {
        // Counts are whole numbers; one beyond 16 bits saturates.
        let count = tf.round().clamp(0.0, f32::from(u16::MAX)) as u16;
        Self { hash, count, kind }
    }

    /// How many times the article has it.
    fn tf(self) -> f32 {
        f32::from(self.count)
    }
}

impl From<(FeatureHash, Kind, f32)> for Feature {
    fn from((hash, kind, tf): (FeatureHash, Kind, f32)) -> Self {
        Self::new(hash, kind, tf)
    }
}

impl From<Feature> for (FeatureHash, Kind, f32) {
    fn from(f: Feature) -> Self {
        (f.hash, f.kind, f.tf())
    }
}

/// Organisation and place words: a capitalised run holding one is not a person's name.
const NON_PERSON_WORDS: &[&str] = &[
    "police",
    "department",
    "office",
    "bureau",
    "county",
    "city",
    "state",
    "university",
    "center",
    "centre",
    "court",
    "school",
    "college",
    "hospital",
    "church",
    "street",
    "road",
    "avenue",
    "park",
    "river",
    "lake",
    "mountain",
    "island",
    "airport",
    "station",
    "company",
    "corporation",
    "inc",
    "corp",
    "ltd",
    "group",
    "association",
    "agency",
    "ministry",
    "council",
    "committee",
    "party",
    "news",
    "press",
    "times",
    "post",
    "journal",
    "house",
    "senate",
    "congress",
    "army",
    "navy",
    "force",
    "team",
    "club",
    "league",
    "united",
    "national",
    "international",
    "general",
    "attorney",
    "mayor",
    "sheriff",
    "governor",
    "president",
    "minister",
    "north",
    "south",
    "east",
    "west",
    "new",
    "san",
    "los",
    "las",
    "fort",
    "mount",
    "saint",
    "st",
    "walmart",
    "hotel",
    "bank",
    "market",
    "institute",
    "foundation",
    "festival",
    "awards",
    "award",
    "america",
    "american",
    "world",
];

fn person_like(words: &[String]) -> bool {
    (2..=3).contains(&words.len())
        && words.iter().all(|w| {
            w.chars()
                .all(|c| c.is_alphabetic() || c == '-' || c == '.' || c == '\'')
                && !NON_PERSON_WORDS.contains(&w.as_str())
        })
}

fn hash(kind: Kind, s: &str) -> FeatureHash {
    (xxh3_64(s.as_bytes()) ^ (kind as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15)) as FeatureHash
}

/// The features of one article.
fn features(doc: &PreparedDoc, ex: &Extraction, cfg: &StoryConfig) -> Vec<Feature> {
    let mut counts: HashMap<(FeatureHash, Kind), f32> = HashMap::new();
    let mut add = |kind: Kind, s: &str, n: f32| {
        *counts.entry((hash(kind, s), kind)).or_default() += n;
    };
    if ex.entities.entities.is_empty() {
        let runs = name_runs(doc);
        // Word sequences that start an organisation or place name ("marlow springs" of
        // "Marlow Springs Police Department") are not people.
        let mut org_prefixes: std::collections::HashSet<String> = Default::default();
        for r in &runs {
            if r.words
                .iter()
                .any(|w| NON_PERSON_WORDS.contains(&w.as_str()))
            {
                for n in 1..r.words.len() {
                    org_prefixes.insert(r.words[..n].join(" "));
                }
            }
        }
        let people: Vec<Option<&[String]>> = runs
            .iter()
            .map(|r| {
                // Words up to the last title are the title ("Fire Chief Wendell Macri").
                let titled = r.words.len().saturating_sub(2);
                let titled = r.words[..titled]
                    .iter()
                    .rposition(|w| is_name_title(w))
                    .map_or(0, |i| i + 1);
                let name = &r.words[titled..];
                let person =
                    person_like(name) && (titled > 0 || !org_prefixes.contains(&name.join(" ")));
                person.then_some(name)
            })
            .collect();
        let surnames: std::collections::HashSet<&str> = people
            .iter()
            .flatten()
            .filter_map(|n| n.last().map(String::as_str))
            .collect();
        for (run, person) in runs.iter().zip(&people) {
            if let Some(name) = person {
                add(Kind::Person, &name.join(" "), 1.0);
                if let Some(last) = name.last() {
                    add(Kind::Surname, last, 1.0);
                }
            } else if run.words.len() == 1 && surnames.contains(run.words[0].as_str()) {
                // A surname used alone ("Foster") after the full name.
                add(Kind::Surname, &run.words[0], 1.0);
            } else {
                add(Kind::Name, &run.words.join(" "), 1.0);
            }
        }
    } else {
        for e in &ex.entities.entities {
            let name = e.name.to_lowercase();
            let n = e.mentions.len().max(1) as f32;
            match e.kind {
                EntityKind::Person => {
                    if name.contains(' ') {
                        add(Kind::Person, &name, n);
                    }
                    if let Some(last) = name.split_whitespace().last() {
                        add(Kind::Surname, last, n);
                    }
                }
                _ => add(Kind::Name, &name, n),
            }
        }
    }
    let mut dated = false;
    for t in &ex.dates {
        if let Some(year) = t
            .value
            .as_deref()
            .and_then(|v| v.get(..4))
            .filter(|y| is_year(y))
        {
            add(Kind::Year, year, 1.0);
        }
        if let (TimexType::Date, Some(v)) = (t.kind, t.value.as_deref()) {
            // Year and month ("2026-06"), when the value starts with them.
            if let Some(month) = v
                .get(..7)
                .filter(|m| m.starts_with(|c: char| c.is_ascii_digit()))
            {
                add(Kind::Date, month, 1.0);
                dated = true;
            }
            // The month alone ("XXXX-04-12" of "April 12" without a year is month 04).
            if let Some(month) = v
                .get(4..7)
                .and_then(|m| m.strip_prefix('-'))
                .filter(|m| cfg.month_dates && m.bytes().all(|b| b.is_ascii_digit()))
            {
                add(Kind::Date, &format!("m{month}"), 1.0);
            }
        }
    }
    for t in &doc.seg.tokens {
        if t.kind == TokenKind::Number && !doc.is_ignored_but_stamp(t.span) {
            let s = doc.slice(t.span);
            if is_year(s) {
                add(Kind::Year, s, 1.0);
                if !dated {
                    add(Kind::Date, s, 1.0);
                }
            }
        }
    }
    for q in &ex.quantities {
        if let Some(key) = amount_key(q) {
            add(Kind::Amount, &key, 1.0);
        }
    }
    let mut out: Vec<Feature> = counts
        .into_iter()
        .map(|((hash, kind), tf)| Feature::new(hash, kind, tf))
        .collect();
    let mut words: Vec<Word> = Vec::new();
    for s in doc.article_sentences() {
        content_words(doc, s, &mut words);
    }
    let mut terms: HashMap<FeatureHash, f32> = HashMap::new();
    for w in &words {
        *terms.entry(term_hash(w.hash)).or_default() += 1.0;
    }
    let mut terms: Vec<(FeatureHash, f32)> = terms.into_iter().collect();
    terms.sort_unstable_by(|a, b| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0)));
    terms.truncate(cfg.max_terms);
    out.extend(
        terms
            .into_iter()
            .map(|(hash, tf)| Feature::new(hash, Kind::Term, tf)),
    );
    out.sort_unstable_by_key(|f| f.hash);
    out
}

/// Four digits from 1900 to 2099: a year when written alone.
fn is_year(s: &str) -> bool {
    s.len() == 4
        && s.bytes().all(|b| b.is_ascii_digit())
        && (s.starts_with("19") || s.starts_with("20"))
}

/// A measured amount as a feature: its kind, value to two significant digits and unit ("age
/// 36 year", "money 85000000 EUR"). Vague amounts and small counts say little about which
/// event it is and give none.
fn amount_key(q: &Quantity) -> Option<String> {
    if q.vague || !q.value.is_finite() || q.value <= 0.0 {
        return None;
    }
    let kind = match q.kind {
        QuantityKind::Age => "age",
        QuantityKind::Money => "money",
        QuantityKind::Distance => "distance",
        QuantityKind::Weight => "weight",
        QuantityKind::Count if q.value >= 3.0 => "count",
        QuantityKind::Count | QuantityKind::Duration | QuantityKind::Percent => return None,
    };
    let magnitude = 10f64.powf(q.value.log10().floor() - 1.0).max(1.0);
    let value = (q.value / magnitude).round() * magnitude;
    Some(format!("{kind} {value} {}", q.unit.to_lowercase()))
}

/// One story.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Story {
    /// `s` + the founding article's id digits; never changes as the story grows.
    pub id: String,
    /// The headline (or first sentence) of the earliest published member.
    pub title: String,
    /// The article the title is taken from.
    pub title_doc: DocId,
    /// The title's span in that article.
    pub title_span: Span,
    /// Member articles, in the order they were added.
    pub documents: Vec<DocId>,
    #[serde(skip)]
    title_rank: (bool, Option<i32>, usize),
    /// Indexes of the member articles, ascending; emptied when the story is merged away.
    #[serde(skip)]
    members: Vec<u32>,
}

struct DocEntry {
    id: DocId,
    published: Option<jiff::civil::Date>,
    features: Vec<Feature>,
    story: u32,
    /// The norm of the weight vector, and the index size it was computed at: recomputed when
    /// the index has doubled since (document frequencies drift), so the cost stays amortised.
    norm: std::cell::Cell<(f64, usize)>,
}

/// Where an added article went.
#[derive(Debug, Clone, PartialEq)]
pub struct Placement {
    /// The story's id.
    pub story: String,
    /// True when the article founded the story.
    pub founded: bool,
    /// The best score found against an existing story (0 when there was no candidate).
    pub score: f64,
    /// Ids of the stories the article bridged into this one; each now redirects to `story`.
    pub merged: Vec<String>,
}

/// An incremental story grouping: add articles one at a time, in any number of batches.
pub struct StoryIndex {
    cfg: StoryConfig,
    df: HashMap<FeatureHash, u32>,
    /// Per feature, the last `posting_cap` articles that have it, in the order they were added.
    postings: HashMap<FeatureHash, VecDeque<u32>>,
    docs: Vec<DocEntry>,
    /// Every story ever founded, by founding order; merged-away stories have no members.
    stories: Vec<Story>,
    by_doc: HashMap<DocId, u32>,
    /// Merged-away story id → the id of the story it was merged into (possibly merged later).
    redirects: BTreeMap<String, String>,
}

impl Default for StoryIndex {
    fn default() -> Self {
        StoryIndex::new(StoryConfig::default())
    }
}

impl StoryIndex {
    /// An empty index.
    pub fn new(cfg: StoryConfig) -> Self {
        StoryIndex {
            cfg,
            df: HashMap::new(),
            postings: HashMap::new(),
            docs: Vec::new(),
            stories: Vec::new(),
            by_doc: HashMap::new(),
            redirects: BTreeMap::new(),
        }
    }

    /// The current stories, in order of founding (merged-away stories are left out).
    pub fn stories(&self) -> impl Iterator<Item = &Story> {
        self.stories.iter().filter(|s| !s.members.is_empty())
    }

    /// Every merged-away story id with the id of the current story that holds its articles.
    pub fn redirects(&self) -> BTreeMap<String, String> {
        self.redirects
            .keys()
            .map(|old| (old.clone(), self.resolve(old).to_string()))
            .collect()
    }

    /// The current id for a story id: itself, or where it was merged into.
    pub fn resolve<'a>(&'a self, id: &'a str) -> &'a str {
        let mut id = id;
        while let Some(next) = self.redirects.get(id) {
            id = next;
        }
        id
    }

    /// The story of an article added earlier.
    pub fn story_of(&self, doc: &DocId) -> Option<&Story> {
        self.by_doc
            .get(doc)
            .and_then(|&s| self.stories.get(s as usize))
    }

    fn idf(&self, hash: FeatureHash) -> f64 {
        let mut n = self.docs.len() as f64;
        let mut df = self.df.get(&hash).copied().unwrap_or(0) as f64;
        if self.cfg.background {
            let w = self.cfg.background_weight;
            n += w * f64::from(BACKGROUND.documents);
            df += w * f64::from(BACKGROUND.df.get(&hash).copied().unwrap_or(0));
        }
        ((n + 1.0) / (df + 1.0)).ln() + 1.0
    }

    fn weights(&self, fs: &[Feature]) -> (Vec<f64>, f64) {
        let w: Vec<f64> = fs
            .iter()
            .map(|f| {
                f.kind.weight(self.cfg.name_weight)
                    * (1.0 + f64::from(f.tf()).ln())
                    * self.idf(f.hash)
            })
            .collect();
        let norm = w.iter().map(|x| x * x).sum::<f64>().sqrt();
        (w, norm)
    }

    /// Whether two publication dates lie more than `stale_days` apart.
    fn stale(&self, a: Option<jiff::civil::Date>, b: Option<jiff::civil::Date>) -> bool {
        let (Some(a), Some(b)) = (a, b) else {
            return false;
        };
        self.cfg.stale_days > 0
            && a.until(b)
                .is_ok_and(|span| span.get_days().unsigned_abs() > self.cfg.stale_days)
    }

    /// Lists article `doc` under feature `hash`, dropping the oldest article listed there once
    /// `posting_cap` are.
    fn post(&mut self, hash: FeatureHash, doc: u32) {
        let cap = self.cfg.posting_cap;
        let list = self.postings.entry(hash).or_default();
        if cap == 0 {
            return;
        }
        if list.len() >= cap {
            list.pop_front();
        }
        list.push_back(doc);
    }

    /// Whether a feature whose posting list is `list` can find candidates for an article
    /// published on `published`: its list is not full, or the oldest article it keeps lies
    /// outside the publication window (`stale_days`), so that fewer than `posting_cap`
    /// articles of the window have it. A name every article of the month shares is too
    /// common to look up with; one that an archive holds thousands of times over the years,
    /// a few times a month, is not.
    fn locally_rare(&self, list: &VecDeque<u32>, published: Option<jiff::civil::Date>) -> bool {
        list.len() < self.cfg.posting_cap
            || list
                .front()
                .and_then(|&d| self.docs.get(d as usize))
                .is_some_and(|oldest| self.stale(published, oldest.published))
    }

    /// The norm of an indexed article's weights, recomputed when the index has doubled.
    fn norm_of(&self, entry: &DocEntry) -> f64 {
        let (norm, at) = entry.norm.get();
        let n = self.docs.len();
        if at > 0 && n <= 2 * at {
            return norm;
        }
        let fresh = self.weights(&entry.features).1;
        entry.norm.set((fresh, n.max(1)));
        fresh
    }

    /// Weighted cosine of a new article's features (with their weights `wa`) and an indexed
    /// article's, with the person- and date-conflict factors applied. Only shared features are
    /// looked at: a shared feature's weight in `b` follows from its weight in `a`.
    fn similarity(&self, a: &[Feature], wa: &(Vec<f64>, f64), b: &DocEntry) -> f64 {
        self.pair_stats(a, None, wa, b).score
    }

    /// [`StoryIndex::similarity`] with what it is made of (see [`PairStats`]).
    /// `published` is the new article's publication date, for the window (`stale_days`).
    fn pair_stats(
        &self,
        a: &[Feature],
        published: Option<jiff::civil::Date>,
        wa: &(Vec<f64>, f64),
        b: &DocEntry,
    ) -> PairStats {
        let norm_b = self.norm_of(b);
        let stale = self.stale(published, b.published);
        let b = &b.features;
        let mut stats = PairStats::default();
        if wa.1 == 0.0 || norm_b == 0.0 {
            return stats;
        }
        let (mut i, mut j, mut dot) = (0, 0, 0.0);
        let mut shared_person = false;
        let mut shared_date = false;
        let mut shared_amount = false;
        let mut shared_year = false;
        while i < a.len() && j < b.len() {
            match a[i].hash.cmp(&b[j].hash) {
                std::cmp::Ordering::Less => i += 1,
                std::cmp::Ordering::Greater => j += 1,
                std::cmp::Ordering::Equal => {
                    let wb = wa.0[i] / (1.0 + f64::from(a[i].tf()).ln())
                        * (1.0 + f64::from(b[j].tf()).ln());
                    dot += wa.0[i] * wb;
                    // A person both articles name, and at least one names more than once: a
                    // police chief quoted once in two different shootings does not count.
                    shared_person |= matches!(a[i].kind, Kind::Person | Kind::Surname)
                        && a[i].tf().max(b[j].tf()) >= 2.0;
                    shared_date |= a[i].kind == Kind::Date;
                    shared_amount |= a[i].kind == Kind::Amount;
                    shared_year |= a[i].kind == Kind::Year;
                    match a[i].kind {
                        Kind::Person | Kind::Surname => stats.shared[0] += 1,
                        Kind::Name | Kind::Term => {
                            stats.shared[1] += usize::from(a[i].kind == Kind::Name);
                        }
                        Kind::Date | Kind::Year => stats.shared[2] += 1,
                        Kind::Amount => stats.shared[3] += 1,
                    }
                    i += 1;
                    j += 1;
                }
            }
        }
        let mut score = (dot / (wa.1 * norm_b)).min(1.0);
        stats.cosine = score;
        let (main_a, main_b) = (main_person(a), main_person(b));
        let main_shared = match (main_a, main_b) {
            (Some(x), Some(y)) => {
                x == y || (self.cfg.main_person && (contains(b, x) && contains(a, y)))
            }
            _ => true,
        };
        let conflict = if self.cfg.main_person {
            !main_shared
        } else {
            !shared_person && main_a.is_some() && main_b.is_some()
        };
        let has = |fs: &[Feature], kind: Kind| fs.iter().any(|f| f.kind == kind);
        stats.conflicts = [
            conflict,
            !shared_date && has(a, Kind::Date) && has(b, Kind::Date),
            !shared_amount && has(a, Kind::Amount) && has(b, Kind::Amount),
            !shared_year && has(a, Kind::Year) && has(b, Kind::Year),
        ];
        let factors = [
            self.cfg.person_conflict,
            self.cfg.date_conflict,
            self.cfg.number_conflict,
            self.cfg.year_conflict,
        ];
        for (c, f) in stats.conflicts.iter().zip(factors) {
            if *c {
                score *= f;
            }
        }
        if stale {
            score *= self.cfg.stale_conflict;
        }
        stats.score = score;
        stats
    }

    /// Adds an article: it joins the best-matching story or founds a new one. Adding an
    /// article already in the index returns its story again.
    pub fn add(&mut self, doc: &PreparedDoc, ex: &Extraction) -> Placement {
        let input = StoryInput::of(doc, ex, &self.cfg);
        self.place(input)
    }

    /// [`StoryIndex::add`] for an article whose story input was found beforehand (with this
    /// index's settings).
    pub fn add_input(&mut self, input: StoryInput) -> Placement {
        self.place(input)
    }

    /// The index's state, for [`StoryIndex::resume`]; `fingerprint` is the [`InputPrint`] of
    /// the inputs added so far.
    pub(crate) fn snapshot(&self, fingerprint: u64) -> StorySnapshot {
        StorySnapshot {
            version: STORY_INDEX_VERSION,
            fingerprint,
            docs: self
                .docs
                .iter()
                .map(|d| {
                    let (norm, at) = d.norm.get();
                    (d.id.clone(), d.story, norm.to_bits(), at)
                })
                .collect(),
            stories: self
                .stories
                .iter()
                .map(|s| SnapshotStory {
                    id: s.id.clone(),
                    title: s.title.clone(),
                    title_doc: s.title_doc.clone(),
                    title_span: s.title_span,
                    documents: s.documents.clone(),
                    title_rank: s.title_rank,
                    members: s.members.clone(),
                })
                .collect(),
            redirects: self
                .redirects
                .iter()
                .map(|(a, b)| (a.clone(), b.clone()))
                .collect(),
        }
    }

    /// The index `snapshot` describes, given the inputs it was made from, in the order they
    /// were added (the caller checked them with [`StorySnapshot::matches`]). Only the features
    /// come from the inputs; document frequencies and postings are counted again from them.
    pub(crate) fn resume(
        cfg: StoryConfig,
        snapshot: StorySnapshot,
        inputs: Vec<StoryInput>,
    ) -> Self {
        let mut index = StoryIndex::new(cfg);
        for (k, (input, (_, story, norm, at))) in inputs.into_iter().zip(snapshot.docs).enumerate()
        {
            for f in &input.features {
                *index.df.entry(f.hash).or_default() += 1;
                index.post(f.hash, k as u32);
            }
            index.by_doc.insert(input.id.clone(), story);
            index.docs.push(DocEntry {
                id: input.id,
                published: input.published,
                features: input.features,
                story,
                norm: std::cell::Cell::new((f64::from_bits(norm), at)),
            });
        }
        index.stories = snapshot
            .stories
            .into_iter()
            .map(|s| Story {
                id: s.id,
                title: s.title,
                title_doc: s.title_doc,
                title_span: s.title_span,
                documents: s.documents,
                title_rank: s.title_rank,
                members: s.members,
            })
            .collect();
        index.redirects = snapshot.redirects.into_iter().collect();
        index
    }

    /// Adds articles in order, as [`StoryIndex::add`] one by one would; their features are
    /// computed in parallel first.
    pub fn add_batch(&mut self, docs: &[(&PreparedDoc, &Extraction)]) -> Vec<Placement> {
        let cfg = self.cfg;
        let inputs: Vec<StoryInput> = docs
            .par_iter()
            .map(|(d, ex)| StoryInput::of(d, ex, &cfg))
            .collect();
        inputs.into_iter().map(|i| self.place(i)).collect()
    }

    fn place(&mut self, input: StoryInput) -> Placement {
        let StoryInput {
            id,
            published,
            title_span,
            title,
            features: fs,
        } = input;
        if let Some(story) = self.story_of(&id) {
            return Placement {
                story: story.id.clone(),
                founded: false,
                score: 1.0,
                merged: Vec::new(),
            };
        }
        let scored: Vec<(u32, f64)> = self
            .score_stories(&fs, published)
            .into_iter()
            .map(|(st, sc, _)| (st, sc))
            .collect();
        let score = scored.first().map_or(0.0, |s| s.1);
        let index = self.docs.len() as u32;
        let rank = title_rank(published, index as usize);
        let mut merged = Vec::new();
        let (story, founded) = match scored.first() {
            Some(&(best, s)) if s >= self.cfg.threshold => {
                // Other stories the article also resembles strongly: it bridges them.
                let mut group: Vec<u32> = scored
                    .iter()
                    .filter(|&&(_, sc)| sc >= self.cfg.merge.max(self.cfg.threshold))
                    .map(|&(st, _)| st)
                    .chain([best])
                    .collect();
                group.sort_unstable();
                group.dedup();
                let survivor = group[0];
                for &other in &group[1..] {
                    merged.push(self.stories[other as usize].id.clone());
                    self.merge_into(survivor, other);
                }
                (survivor, false)
            }
            _ => {
                self.stories.push(Story {
                    id: format!("s{}", id.as_str().trim_start_matches('d')),
                    title: title.clone(),
                    title_doc: id.clone(),
                    title_span,
                    documents: Vec::new(),
                    title_rank: rank,
                    members: Vec::new(),
                });
                (self.stories.len() as u32 - 1, true)
            }
        };
        if let Some(st) = self.stories.get_mut(story as usize) {
            st.documents.push(id.clone());
            st.members.push(index);
            if rank < st.title_rank {
                st.title = title;
                st.title_span = title_span;
                st.title_doc = id.clone();
                st.title_rank = rank;
            }
        }
        for f in &fs {
            *self.df.entry(f.hash).or_default() += 1;
            self.post(f.hash, index);
        }
        self.docs.push(DocEntry {
            id: id.clone(),
            published,
            features: fs,
            story,
            norm: std::cell::Cell::new((0.0, 0)),
        });
        self.by_doc.insert(id, story);
        Placement {
            story: self.stories[story as usize].id.clone(),
            founded,
            score,
            merged,
        }
    }

    /// Moves the articles of story `from` into story `into` (founded earlier); `from`'s id
    /// redirects to `into`'s from now on.
    fn merge_into(&mut self, into: u32, from: u32) {
        let moved = std::mem::take(&mut self.stories[from as usize].members);
        self.stories[from as usize].documents.clear();
        let from_rank = self.stories[from as usize].title_rank;
        let from_title = (
            self.stories[from as usize].title.clone(),
            self.stories[from as usize].title_doc.clone(),
            self.stories[from as usize].title_span,
        );
        for &d in &moved {
            if let Some(entry) = self.docs.get_mut(d as usize) {
                entry.story = into;
                self.by_doc.insert(entry.id.clone(), into);
            }
        }
        let target = &mut self.stories[into as usize];
        target.members.extend(moved);
        target.members.sort_unstable();
        target.documents = target
            .members
            .iter()
            .filter_map(|&d| self.docs.get(d as usize).map(|e| e.id.clone()))
            .collect();
        if from_rank < target.title_rank {
            target.title_rank = from_rank;
            (target.title, target.title_doc, target.title_span) = from_title;
        }
        let (old, new) = (
            self.stories[from as usize].id.clone(),
            self.stories[into as usize].id.clone(),
        );
        self.redirects.insert(old, new);
    }

    /// The candidate stories of an article not yet added, best first, with their scores and
    /// pair features ([`PAIR_FEATURES`]): what a learned scorer is trained on. The index is
    /// left unchanged.
    pub fn candidate_features(
        &self,
        input: &StoryInput,
    ) -> Vec<(String, f64, [f64; PAIR_FEATURES])> {
        self.score_stories(&input.features, input.published)
            .into_iter()
            .filter_map(|(st, sc, x)| Some((self.stories.get(st as usize)?.id.clone(), sc, x)))
            .collect()
    }

    /// Scores of the candidate stories for an article's features, best first, with their pair
    /// features.
    fn score_stories(
        &self,
        fs: &[Feature],
        published: Option<jiff::civil::Date>,
    ) -> Vec<(u32, f64, [f64; PAIR_FEATURES])> {
        if self.docs.is_empty() {
            return Vec::new();
        }
        let wa = self.weights(fs);
        let mut lookup: Vec<(f64, usize)> = fs
            .iter()
            .enumerate()
            .filter(|(_, f)| {
                self.postings
                    .get(&f.hash)
                    .is_some_and(|l| self.locally_rare(l, published))
            })
            .map(|(i, f)| (f.kind.weight(1.0) * self.idf(f.hash), i))
            .collect();
        lookup.sort_unstable_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1)));
        lookup.truncate(self.cfg.lookup_features);
        let mut votes: HashMap<u32, f64> = HashMap::new();
        for &(w, i) in &lookup {
            if let Some(list) = self.postings.get(&fs[i].hash) {
                for &d in list {
                    *votes.entry(d).or_default() += w;
                }
            }
        }
        let mut cands: Vec<(u32, f64)> = votes.into_iter().collect();
        cands.sort_unstable_by(|a, b| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0)));
        cands.truncate(self.cfg.candidates);
        // Per story, the best `support` similarities: a story is joined when the article
        // resembles several of its members, not one (which would chain unrelated events).
        let mut per_story: BTreeMap<u32, Vec<PairStats>> = BTreeMap::new();
        for (d, _) in cands {
            let Some(entry) = self.docs.get(d as usize) else {
                continue;
            };
            let s = self.pair_stats(fs, published, &wa, entry);
            per_story.entry(entry.story).or_default().push(s);
        }
        let mut out: Vec<(u32, f64, [f64; PAIR_FEATURES])> = per_story
            .into_iter()
            .map(|(story, mut sims)| {
                sims.sort_by(|a, b| b.score.total_cmp(&a.score));
                let size = self
                    .stories
                    .get(story as usize)
                    .map_or(1, |s| s.members.len());
                let k = self.cfg.support.clamp(1, size.max(1));
                let x = story_features(&sims, k);
                let score = match &self.cfg.learned {
                    // The conflicts of the best match still multiply the probability: the
                    // learned weights alone join the hard negatives of tests/stories.rs.
                    Some(w) => logistic(w, &x) * sims.first().map_or(1.0, PairStats::factor),
                    None => sims.iter().take(k).map(|s| s.score).sum::<f64>() / k as f64,
                };
                (story, score, x)
            })
            .collect();
        out.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0)));
        out
    }
}

/// What the comparison of two articles found: the score with conflicts, the raw weighted
/// cosine, which conflicts applied (person, date, amount, year) and how many features of each
/// group they share (people, names, dates and years, amounts).
#[derive(Debug, Clone, Copy, Default)]
struct PairStats {
    score: f64,
    cosine: f64,
    conflicts: [bool; 4],
    shared: [usize; 4],
}

impl PairStats {
    /// The product of the conflict factors that applied (1 when none did).
    fn factor(&self) -> f64 {
        if self.cosine > 0.0 {
            self.score / self.cosine
        } else {
            1.0
        }
    }
}

/// The pair features of an article against one story (see [`PAIR_FEATURES`]), from its
/// comparisons with the story's candidate members (best first), `k` of them counted.
fn story_features(sims: &[PairStats], k: usize) -> [f64; PAIR_FEATURES] {
    let mut x = [0.0; PAIR_FEATURES];
    x[0] = 1.0;
    let k = k.max(1);
    let top = &sims[..sims.len().min(k)];
    let n = top.len().max(1) as f64;
    for s in top {
        x[3] += s.cosine / n;
        for c in 0..4 {
            x[4 + c] += f64::from(u8::from(s.conflicts[c])) / n;
            x[8 + c] += (s.shared[c] as f64).ln_1p() / n;
        }
    }
    // The hand-combined score divides by `k` even when fewer members are candidates.
    x[1] = top.iter().map(|s| s.score).sum::<f64>() / k as f64;
    x[2] = top.first().map_or(0.0, |s| s.score);
    for v in &mut x[1..4] {
        *v = v.max(1e-3).ln();
    }
    x
}

/// Reads a pair-weights table (`feature<TAB>weight`, one a line, in [`PAIR_FEATURE_NAMES`]
/// order, as `eval-ecb-stories --fit-pairs` writes); `None` when a feature is missing or a
/// weight is not a finite number.
pub fn parse_pair_weights(text: &str) -> Option<[f64; PAIR_FEATURES]> {
    let mut w = [f64::NAN; PAIR_FEATURES];
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let (name, v) = line.split_once('\t')?;
        let i = PAIR_FEATURE_NAMES.iter().position(|n| *n == name.trim())?;
        w[i] = v.trim().parse().ok()?;
    }
    w.iter().all(|x| x.is_finite()).then_some(w)
}

/// The logistic scorer's probability for features `x`.
fn logistic(w: &[f64; PAIR_FEATURES], x: &[f64; PAIR_FEATURES]) -> f64 {
    let z: f64 = w.iter().zip(x).map(|(a, b)| a * b).sum();
    1.0 / (1.0 + (-z.clamp(-50.0, 50.0)).exp())
}

/// The article's most-mentioned surname, when it is mentioned at least twice (ties: lowest
/// hash, for determinism).
fn main_person(fs: &[Feature]) -> Option<FeatureHash> {
    fs.iter()
        .filter(|f| f.kind == Kind::Surname && f.tf() >= 2.0)
        .max_by(|x, y| x.tf().total_cmp(&y.tf()).then(y.hash.cmp(&x.hash)))
        .map(|f| f.hash)
}

/// True when the (sorted) features hold `hash`.
fn contains(fs: &[Feature], hash: FeatureHash) -> bool {
    fs.binary_search_by_key(&hash, |f| f.hash).is_ok()
}

/// Earliest publication first, then order of addition; articles without a date come last.
fn title_rank(published: Option<jiff::civil::Date>, index: usize) -> (bool, Option<i32>, usize) {
    let day = published
        .map(|d| i32::from(d.year()) * 10000 + i32::from(d.month()) * 100 + i32::from(d.day()));
    (day.is_none(), day, index)
}

/// The headline's span and text, else the first article sentence's.
fn title_of(doc: &PreparedDoc) -> (Span, String) {
    let span = doc
        .doc
        .headline
        .or_else(|| doc.article_sentences().next())
        .unwrap_or_default();
    (span, doc.slice(span).to_string())
}

/// Bump when story grouping changes in a way its settings do not show: a [`StorySnapshot`] of
/// another version is not resumed from. 2: posting lists keep each feature's latest articles;
/// 3: 32-bit feature hashes.
pub const STORY_INDEX_VERSION: u32 = 3;

/// A story index's state after some articles, without their features (the caller has them in
/// its inputs): what an incremental caller keeps between runs so that the next run adds only
/// the articles that came since ([`StoryIndex::resume`]). Resuming gives the index that adding
/// every article again would, or nothing: the snapshot names its articles in order and a
/// fingerprint of their inputs and of the settings, and is used only when the next run's
/// articles start with the same ones.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct StorySnapshot {
    version: u32,
    fingerprint: u64,
    /// Per indexed article: its id, its story, and its cached norm (as bits, so that it reads
    /// back exact) and the index size that norm was computed at.
    docs: Vec<(DocId, u32, u64, usize)>,
    stories: Vec<SnapshotStory>,
    redirects: Vec<(String, String)>,
}

/// A [`Story`] with the fields the report leaves out.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
struct SnapshotStory {
    id: String,
    title: String,
    title_doc: DocId,
    title_span: Span,
    documents: Vec<DocId>,
    title_rank: (bool, Option<i32>, usize),
    members: Vec<u32>,
}

impl StorySnapshot {
    /// The number of articles it holds.
    pub fn len(&self) -> usize {
        self.docs.len()
    }

    /// Whether it holds no article.
    pub fn is_empty(&self) -> bool {
        self.docs.is_empty()
    }

    /// Whether it was made by this version from exactly the articles `ids`, in this order, with
    /// inputs of [`InputPrint`] `fingerprint`, and is whole (every story and member it names
    /// exists).
    pub(crate) fn matches<'a>(
        &self,
        ids: impl Iterator<Item = &'a DocId>,
        fingerprint: u64,
    ) -> bool {
        let n = self.docs.len();
        self.version == STORY_INDEX_VERSION
            && self.fingerprint == fingerprint
            && ids.eq(self.docs.iter().map(|d| &d.0))
            && self
                .docs
                .iter()
                .all(|d| (d.1 as usize) < self.stories.len())
            && self
                .stories
                .iter()
                .all(|s| s.members.iter().all(|&m| (m as usize) < n))
    }
}

/// A running fingerprint of story inputs, in the order they are added, with the settings.
#[derive(Clone)]
pub(crate) struct InputPrint(xxhash_rust::xxh3::Xxh3);

impl InputPrint {
    /// A fingerprint of no input yet, under `cfg`.
    pub(crate) fn new(cfg: &StoryConfig) -> Self {
        let mut h = xxhash_rust::xxh3::Xxh3::new();
        h.update(format!("{STORY_INDEX_VERSION} {cfg:?}").as_bytes());
        Self(h)
    }

    /// Adds one input.
    pub(crate) fn add(&mut self, input: &StoryInput) {
        let h = &mut self.0;
        h.update(input.id.as_str().as_bytes());
        h.update(&[0]);
        if let Some(p) = input.published {
            h.update(p.to_string().as_bytes());
        }
        h.update(&[0]);
        h.update(&(input.title_span.start as u64).to_le_bytes());
        h.update(&(input.title_span.end as u64).to_le_bytes());
        h.update(input.title.as_bytes());
        h.update(&[0]);
        for f in &input.features {
            h.update(&f.hash.to_le_bytes());
            h.update(&[f.kind as u8]);
            h.update(&f.tf().to_bits().to_le_bytes());
        }
        h.update(&(input.features.len() as u64).to_le_bytes());
    }

    /// The fingerprint so far.
    pub(crate) fn value(&self) -> u64 {
        self.0.digest()
    }
}

/// What story grouping needs of one article, found once per article: its id, publication date,
/// title and features (see [`StoryIndex::add_input`]).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct StoryInput {
    /// The article's id.
    pub id: DocId,
    /// Its publication date, when known.
    pub published: Option<jiff::civil::Date>,
    title_span: Span,
    title: String,
    features: Vec<Feature>,
}

impl StoryInput {
    /// The story input of one article, with the settings of the index it will join.
    pub fn of(doc: &PreparedDoc, ex: &Extraction, cfg: &StoryConfig) -> Self {
        let (title_span, title) = title_of(doc);
        Self {
            id: doc.doc.id.clone(),
            published: doc.doc.meta.published.as_ref().map(|p| p.value),
            title_span,
            title,
            features: features(doc, ex, cfg),
        }
    }
}

/// An article's story-linking features, detached from any index: what a distributed run
/// ships between machines to find and check candidate pairs (see [`Signature::keys`] and
/// [`pair_score`]). Features are sorted by hash, so a signature is deterministic.
#[derive(Debug, Clone)]
pub struct Signature(Vec<Feature>);

impl Signature {
    /// The features [`StoryIndex::add`] would compute for this article.
    pub fn of(doc: &PreparedDoc, ex: &Extraction, cfg: &StoryConfig) -> Self {
        Signature(features(doc, ex, cfg))
    }

    /// The candidate keys: the article's [`StoryConfig::lookup_features`] rarest features,
    /// ranked as the index ranks its lookups (kind weight × inverse document frequency) with
    /// the background frequencies only, so that a key depends on this article alone. Two
    /// articles sharing a key are a candidate pair. Each key is `kind:hash` in hex.
    pub fn keys(&self, cfg: &StoryConfig) -> Vec<String> {
        let index = StoryIndex::new(StoryConfig {
            background: true,
            ..*cfg
        });
        let mut ranked: Vec<(f64, &Feature)> = self
            .0
            .iter()
            .map(|f| (f.kind.weight(1.0) * index.idf(f.hash), f))
            .collect();
        ranked.sort_unstable_by(|a, b| b.0.total_cmp(&a.0).then(a.1.hash.cmp(&b.1.hash)));
        ranked.truncate(cfg.lookup_features);
        let mut keys: Vec<String> = ranked
            .into_iter()
            .map(|(_, f)| format!("{}:{:08x}", f.kind.letter(), f.hash))
            .collect();
        keys.sort_unstable();
        keys
    }

    /// The signature as bytes: per feature, hash (4 bytes LE), kind (1 byte), tf (f32 LE).
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(self.0.len() * SIGNATURE_FEATURE_BYTES);
        for f in &self.0 {
            out.extend_from_slice(&f.hash.to_le_bytes());
            out.push(f.kind as u8);
            out.extend_from_slice(&f.tf().to_le_bytes());
        }
        out
    }

    /// Reads [`Signature::to_bytes`]; `None` when the bytes are not a signature.
    pub fn from_bytes(bytes: &[u8]) -> Option<Self> {
        let chunks = bytes.chunks_exact(SIGNATURE_FEATURE_BYTES);
        if !chunks.remainder().is_empty() {
            return None;
        }
        let mut fs = Vec::with_capacity(bytes.len() / SIGNATURE_FEATURE_BYTES);
        for c in chunks {
            let hash = FeatureHash::from_le_bytes(c.get(0..4)?.try_into().ok()?);
            let kind = Kind::from_u8(*c.get(4)?)?;
            let tf = f32::from_le_bytes(c.get(5..9)?.try_into().ok()?);
            fs.push(Feature::new(hash, kind, tf));
        }
        let sorted = fs.windows(2).all(|w| w[0].hash <= w[1].hash);
        sorted.then_some(Signature(fs))
    }
}

/// Bytes of one feature in [`Signature::to_bytes`].
const SIGNATURE_FEATURE_BYTES: usize = 4 + 1 + 4;

impl Kind {
    fn letter(self) -> char {
        match self {
            Kind::Person => 'p',
            Kind::Surname => 's',
            Kind::Name => 'n',
            Kind::Term => 't',
            Kind::Date => 'd',
            Kind::Amount => 'a',
            Kind::Year => 'y',
        }
    }

    fn from_u8(b: u8) -> Option<Kind> {
        [
            Kind::Person,
            Kind::Surname,
            Kind::Name,
            Kind::Term,
            Kind::Date,
            Kind::Amount,
            Kind::Year,
        ]
        .into_iter()
        .find(|k| *k as u8 == b)
    }
}

/// The score of article `a` against article `b` alone: the similarity the index computes
/// (weighted cosine with the person-, date- and amount-conflict factors), with document
/// frequencies from the background table and `b`. Symmetric inputs can give slightly different
/// scores, as in the index, since `b`'s frequencies count. Signatures carry no publication
/// date, so the window (`stale_days`) does not apply.
pub fn pair_score(a: &Signature, b: &Signature, cfg: &StoryConfig) -> f64 {
    let mut index = StoryIndex::new(*cfg);
    for f in &b.0 {
        *index.df.entry(f.hash).or_default() += 1;
    }
    let entry = DocEntry {
        id: DocId("".into()),
        published: None,
        features: b.0.clone(),
        story: 0,
        norm: std::cell::Cell::new((0.0, 0)),
    };
    index.docs.push(entry);
    let wa = index.weights(&a.0);
    index.similarity(&a.0, &wa, &index.docs[0])
}
