//! Cross-article linking: which articles tell one story, which re-use whose text, and how many
//! independent sources there are.
//!
//! Cross-document stages only see per-document results ([`PreparedDoc`] + [`Extraction`]),
//! never raw bytes. Every output item cites spans in the documents.
//!
//! - [`reuse`]: passages shared by two articles (wire copy, lightly edited or re-ordered).
//! - [`lineage`]: articles descending from one original (by reuse or by credits), its origin,
//!   and independent-source counts.
//! - [`stories`]: incremental grouping of articles into stories.

#![deny(clippy::string_slice)]

pub mod features;
pub mod lineage;
pub mod reuse;
pub mod stories;

use std::collections::BTreeMap;

use corroborate_core::{DocId, PreparedDoc};
use corroborate_extract::Extraction;
use rayon::prelude::*;

pub use lineage::{Credit, CreditInput, Lineage, LineageConfig, Lineages};
pub use reuse::{
    PairFound, Passage, PriorReuse, Reuse, ReuseConfig, ReuseGrade, ReuseRecord, ReuseSpill,
    SentenceFeatures, SentenceOffsets,
};
pub use stories::{
    pair_score, Placement, Signature, Story, StoryConfig, StoryIndex, StoryInput, StorySnapshot,
    STORY_INDEX_VERSION,
};

/// Tuning of the whole linking stage.
#[derive(Debug, Clone, Copy, Default)]
pub struct LinkConfig {
    /// Reuse detection.
    pub reuse: ReuseConfig,
    /// Lineage decisions.
    pub lineage: LineageConfig,
    /// Story grouping.
    pub stories: StoryConfig,
}

/// A story with the lineages of its articles.
#[derive(Debug, Clone)]
pub struct LinkedStory {
    /// The story.
    pub story: Story,
    /// Ids of the lineages its articles belong to, in order of first appearance: the story's
    /// independent sources.
    pub lineages: Vec<String>,
}

/// Everything the linking stage found.
#[derive(Debug, Clone, Default)]
pub struct Links {
    /// Stories, in order of founding.
    pub stories: Vec<LinkedStory>,
    /// Lineages and each article's lineage.
    pub lineages: Lineages,
    /// Shared passages.
    pub passages: Vec<Passage>,
    /// Ids of stories merged away (a later article bridged them) → the id of the story that
    /// now holds their articles.
    pub redirects: BTreeMap<String, String>,
    /// What reuse detection found for each article pair its prior did not know, when the
    /// caller links incrementally (given a prior to [`link_inputs`]): what the next run's
    /// prior adds. Empty otherwise.
    pub pairs: Vec<PairFound>,
    /// Article pairs (earlier, later in input order) whose passages the prior did not hold,
    /// in pair order: they share passages that are not in `passages`, and a caller that
    /// reports them reads them where it keeps them (a store reads only those of the stories
    /// it reconciles). Empty unless the caller links incrementally.
    pub passages_elsewhere: Vec<(DocId, DocId)>,
    /// The story index after the dated articles, when the caller links incrementally: what
    /// the next run resumes from ([`PriorReuse::with_stories`]). `None` otherwise.
    pub story_snapshot: Option<stories::StorySnapshot>,
    /// How many articles story grouping took from the prior's snapshot rather than adding
    /// them again (0 when it grouped from scratch).
    pub stories_resumed: usize,
}

impl Links {
    /// Independent sources among `docs`: the number of distinct lineages.
    pub fn independent_sources(&self, docs: &[DocId]) -> usize {
        self.lineages.independent_sources(docs)
    }
}

/// What the linking stage needs of one article, found once per article ([`LinkInput::of`]):
/// reuse features, candidate credits and story features. It keeps no text, so a large run can
/// drop each article's full result after finding it and link the inputs alone
/// ([`link_inputs`]).
#[derive(Debug, Clone)]
pub struct LinkInput {
    reuse: reuse::ReuseInput,
    credits: lineage::CreditInput,
    story: stories::StoryInput,
}

impl LinkInput {
    /// The link input of one analysed article.
    pub fn of(doc: &PreparedDoc, ex: &Extraction, cfg: &LinkConfig) -> Self {
        Self::from_record(LinkRecord::of(doc, ex, cfg), cfg)
    }

    /// The link input of a record made with the same `cfg`: the same as [`LinkInput::of`] of
    /// the article it was made from.
    pub fn from_record(record: LinkRecord, cfg: &LinkConfig) -> Self {
        Self {
            reuse: reuse::ReuseInput::from_record(&record.reuse, &cfg.reuse),
            credits: record.credits,
            story: record.story,
        }
    }

    /// The article's id.
    pub fn id(&self) -> &DocId {
        &self.story.id
    }

    /// Takes out the sentence features of reuse detection, the bulk of the input, for a caller
    /// that keeps them on disk and gives them back through a [`ReuseSpill`]
    /// ([`link_inputs_with`]); `None` when already taken.
    pub fn take_features(&mut self) -> Option<SentenceFeatures> {
        self.reuse.take_features()
    }
}

/// The version of [`LinkRecord`]'s form and content: bumped whenever its serde form changes,
/// what [`LinkRecord::of`] finds in an article does, or how a store encodes it (2: postcard
/// instead of deflated JSON; 3: 32-bit story feature hashes), so that a store recomputes
/// records kept by an older build.
pub const LINK_RECORD_VERSION: u32 = 3;

/// What linking needs of one article in the compact form a store keeps between runs (serde):
/// a [`LinkInput`] before the parts that follow from its word hashes are rebuilt. Made with a
/// [`LinkConfig`]'s story settings; a store keeps records of the default configuration.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct LinkRecord {
    reuse: reuse::ReuseRecord,
    credits: lineage::CreditInput,
    story: stories::StoryInput,
}

impl LinkRecord {
    /// The record of one analysed article.
    pub fn of(doc: &PreparedDoc, ex: &Extraction, cfg: &LinkConfig) -> Self {
        Self {
            reuse: reuse::ReuseRecord::of(doc),
            credits: lineage::CreditInput::of(doc, ex),
            story: stories::StoryInput::of(doc, ex, &cfg.stories),
        }
    }

    /// The article's id.
    pub fn id(&self) -> &DocId {
        &self.story.id
    }
}

/// Links a batch of analysed articles. Articles enter the story index in order of
/// publication (undated last), then input order, so a story's founder is its earliest article.
pub fn link(docs: &[(PreparedDoc, Extraction)], cfg: &LinkConfig) -> Links {
    let inputs: Vec<LinkInput> = docs
        .par_iter()
        .map(|(p, e)| LinkInput::of(p, e, cfg))
        .collect();
    link_inputs(inputs, cfg, None)
}

/// [`link`] over link inputs (made with the same `cfg`), in input order.
///
/// An incremental caller (the store) passes what reuse detection found in its previous run
/// over some of these articles: pairs of those articles are not aligned again, and
/// [`Links::pairs`] gives back the findings of the other pairs, for the next run.
pub fn link_inputs(inputs: Vec<LinkInput>, cfg: &LinkConfig, prior: Option<PriorReuse>) -> Links {
    link_inputs_from(inputs, cfg, prior, None::<&reuse::Unused>)
        .unwrap_or_else(|never| match never {})
}

/// [`link_inputs`] over inputs whose sentence features were taken out
/// ([`LinkInput::take_features`]): reuse detection reads them from `source`, a chunk of
/// candidate pairs at a time, so they are never all in memory, and hands it the passages it
/// finds ([`Links::passages`] holds those it gives back). A passage's spans are byte offsets;
/// the article's [`SentenceFeatures::offsets`] convert them to code points.
pub fn link_inputs_with<S: ReuseSpill>(
    inputs: Vec<LinkInput>,
    cfg: &LinkConfig,
    prior: Option<PriorReuse>,
    source: &S,
) -> Result<Links, S::Error> {
    link_inputs_from(inputs, cfg, prior, Some(source))
}

fn link_inputs_from<S: ReuseSpill>(
    mut inputs: Vec<LinkInput>,
    cfg: &LinkConfig,
    prior: Option<PriorReuse>,
    source: Option<&S>,
) -> Result<Links, S::Error> {
    let shingles = {
        let mut reuse: Vec<&mut reuse::ReuseInput> =
            inputs.iter_mut().map(|i| &mut i.reuse).collect();
        reuse::take_shingle_runs(&mut reuse, &cfg.reuse)
    };
    let ids: Vec<&DocId> = inputs.iter().map(LinkInput::id).collect();
    let reuse_inputs: Vec<&reuse::ReuseInput> = inputs.iter().map(|i| &i.reuse).collect();
    let incremental = prior.is_some();
    let mut prior = prior.unwrap_or_default();
    let snapshot = prior.take_stories();
    let reuse = match source {
        Some(source) => reuse::find_reuse_from(
            &ids,
            &reuse_inputs,
            shingles,
            source,
            &cfg.reuse,
            &mut prior,
        )?,
        None => reuse::find_reuse_held(&ids, &reuse_inputs, shingles, &cfg.reuse, &mut prior),
    };
    let pairs = if incremental {
        reuse.found_after(&ids, &prior)
    } else {
        Vec::new()
    };
    let passages_elsewhere = reuse
        .passages_elsewhere
        .iter()
        .map(|&(a, b)| (ids[a].clone(), ids[b].clone()))
        .collect();
    drop((ids, reuse_inputs, prior));
    // The reuse features are dropped here, before lineages and stories: each article keeps
    // only its credits and story features.
    let mut credits = Vec::with_capacity(inputs.len());
    let mut stories_in = Vec::with_capacity(inputs.len());
    for i in inputs {
        credits.push(i.credits);
        stories_in.push(i.story);
    }
    let heads: Vec<lineage::LineageDoc> = stories_in
        .iter()
        .zip(&credits)
        .map(|(s, credits)| lineage::LineageDoc {
            id: &s.id,
            published: s.published,
            credits,
        })
        .collect();
    let lineages = lineage::lineages_in(&heads, &reuse, &cfg.lineage);
    drop(heads);
    drop(credits);
    let (index, story_snapshot, stories_resumed) =
        group_stories(stories_in, &cfg.stories, snapshot, incremental);
    let stories = index
        .stories()
        .map(|s| {
            let mut ls: Vec<String> = Vec::new();
            for d in &s.documents {
                if let Some(l) = lineages.lineage_of(d) {
                    if !ls.contains(&l.id) {
                        ls.push(l.id.clone());
                    }
                }
            }
            LinkedStory {
                story: s.clone(),
                lineages: ls,
            }
        })
        .collect();
    let links = Links {
        stories,
        lineages,
        passages: reuse.passages,
        redirects: index.redirects(),
        pairs,
        passages_elsewhere,
        story_snapshot,
        stories_resumed,
    };
    Ok(links)
}

/// Groups the articles into stories: dated ones by date, then undated ones, each in input
/// order. With `snapshot` of an earlier run whose articles are the first dated ones here, the
/// index resumes from it and adds only the rest. With `keep`, also gives the index after the
/// dated articles, for the next run. The last value is how many articles were resumed.
fn group_stories(
    inputs: Vec<stories::StoryInput>,
    cfg: &StoryConfig,
    snapshot: Option<stories::StorySnapshot>,
    keep: bool,
) -> (StoryIndex, Option<stories::StorySnapshot>, usize) {
    let mut order: Vec<usize> = (0..inputs.len()).collect();
    order.sort_by_key(|&i| {
        let p = inputs[i].published;
        (p.is_none(), p, i)
    });
    let dated = order.partition_point(|&i| inputs[i].published.is_some());
    let mut print = stories::InputPrint::new(cfg);
    let mut inputs: Vec<Option<stories::StoryInput>> = inputs.into_iter().map(Some).collect();
    let mut start = 0;
    let mut index = None;
    if let Some(s) = snapshot.filter(|s| s.len() <= dated) {
        let head = &order[..s.len()];
        let mut resumed_print = print.clone();
        for &i in head {
            if let Some(input) = &inputs[i] {
                resumed_print.add(input);
            }
        }
        let ids = head
            .iter()
            .filter_map(|&i| inputs[i].as_ref().map(|x| &x.id));
        if s.matches(ids, resumed_print.value()) {
            let taken: Vec<stories::StoryInput> =
                head.iter().filter_map(|&i| inputs[i].take()).collect();
            start = s.len();
            print = resumed_print;
            index = Some(StoryIndex::resume(*cfg, s, taken));
        }
    }
    let mut index = index.unwrap_or_else(|| StoryIndex::new(*cfg));
    let mut kept = None;
    for (k, &i) in order.iter().enumerate().skip(start) {
        if keep && k == dated {
            kept = Some(index.snapshot(print.value()));
        }
        if let Some(input) = inputs[i].take() {
            if k < dated {
                print.add(&input);
            }
            index.add_input(input);
        }
    }
    if keep && kept.is_none() {
        kept = Some(index.snapshot(print.value()));
    }
    (index, kept, start)
}
