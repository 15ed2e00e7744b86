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

pub use lineage::{Credit, Lineage, LineageConfig, Lineages};
pub use reuse::{Passage, Reuse, ReuseConfig, ReuseGrade};
pub use stories::{pair_score, Placement, Signature, Story, StoryConfig, StoryIndex};

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
}

impl Links {
    /// Independent sources among `docs`: the number of distinct lineages.
    pub fn independent_sources(&self, docs: &[DocId]) -> usize {
        self.lineages.independent_sources(docs)
    }
}

/// Links a batch of analysed articles. Articles enter the story index in order of
/// publication (undated last), then input order, so a story's founder is its earliest article.
pub fn link(docs: &[(PreparedDoc, Extraction)], cfg: &LinkConfig) -> Links {
    let pairs: Vec<(&PreparedDoc, &Extraction)> = docs.iter().map(|(p, e)| (p, e)).collect();
    let prepared: Vec<&PreparedDoc> = docs.iter().map(|(p, _)| p).collect();
    let reuse = reuse::find_reuse(&prepared, &cfg.reuse);
    let lineages = lineage::lineages(&pairs, &reuse, &cfg.lineage);
    let mut order: Vec<usize> = (0..docs.len()).collect();
    order.sort_by_key(|&i| {
        let p = docs[i].0.doc.meta.published.as_ref().map(|p| p.value);
        (p.is_none(), p, i)
    });
    let mut index = StoryIndex::new(cfg.stories);
    let ordered: Vec<(&PreparedDoc, &Extraction)> = order.iter().map(|&i| pairs[i]).collect();
    index.add_batch(&ordered);
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
    Links {
        stories,
        lineages,
        passages: reuse.passages,
        redirects: index.redirects(),
    }
}
