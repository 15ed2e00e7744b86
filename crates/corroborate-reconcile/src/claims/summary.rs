//! What each outlet alone reports, and a short extractive summary of the story.
//!
//! **Unique**: for each outlet, the claims carried by one lineage only, that lineage being the
//! outlet's own (so a reprint shares its original's unique claims).
//!
//! **Summary**: up to [`SUMMARY_MAX`] sentences taken verbatim from the articles, one per
//! claim, in order of independent sources (then mentions). A sentence must read on its own:
//! 8–45 words, not a quotation, not a dispute's side alone; near-duplicates of a chosen
//! sentence (Dice ≥ 0.5 on concept words) are skipped.

use std::collections::{BTreeMap, BTreeSet};

use corroborate_core::DocId;
use serde::{Deserialize, Serialize};

use super::statements::{concept_words, opens_quote, Lowered, Statement};
use super::{lineage, outlet, Claim, Status};
use crate::text::dice;
use crate::{Analysed, Cite};

/// Longest summary.
pub const SUMMARY_MAX: usize = 5;

/// The claims one outlet alone (with its lineage) carries.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct UniqueToOutlet {
    /// The outlet.
    pub outlet: String,
    /// Its lineages (one per article of the outlet, usually one).
    pub lineages: Vec<String>,
    /// Its articles.
    pub docs: Vec<DocId>,
    /// Claim ids carried by no other lineage.
    pub claims: Vec<usize>,
}

/// One summary sentence.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct SummarySentence {
    /// The sentence, verbatim.
    #[serde(flatten)]
    pub cite: Cite,
    /// The claim it states.
    pub claim: usize,
    /// The claim's independent sources.
    pub independent_sources: usize,
    /// The article's outlet.
    pub outlet: String,
}

/// For each outlet of `group`, the claims no other lineage carries.
pub fn unique(
    results: &[Analysed],
    group: &[usize],
    lineage_of: &BTreeMap<DocId, String>,
    claims: &[Claim],
) -> Vec<UniqueToOutlet> {
    let mut by_outlet: BTreeMap<String, UniqueToOutlet> = BTreeMap::new();
    for &d in group {
        let Some(a) = results.get(d) else {
            continue;
        };
        let o = outlet(a);
        let e = by_outlet
            .entry(o.clone())
            .or_insert_with(|| UniqueToOutlet {
                outlet: o,
                lineages: Vec::new(),
                docs: Vec::new(),
                claims: Vec::new(),
            });
        let l = lineage(lineage_of, &a.0.doc.id);
        if !e.lineages.contains(&l) {
            e.lineages.push(l);
        }
        e.docs.push(a.0.doc.id.clone());
    }
    for c in claims {
        if c.lineages.len() != 1 {
            continue;
        }
        let outlets: BTreeSet<&String> = c.mentions.iter().map(|m| &m.outlet).collect();
        for o in outlets {
            if let Some(e) = by_outlet.get_mut(o) {
                e.claims.push(c.id);
            }
        }
    }
    by_outlet.into_values().collect()
}

/// A short extractive summary led by the claims with the most independent sources.
pub fn summary(
    results: &[Analysed],
    stmts: &[Statement],
    claim_of: &[usize],
    claims: &[Claim],
) -> Vec<SummarySentence> {
    let mut by_claim: BTreeMap<usize, Vec<usize>> = BTreeMap::new();
    for (i, &c) in claim_of.iter().enumerate() {
        by_claim.entry(c).or_default().push(i);
    }
    let mut out: Vec<SummarySentence> = Vec::new();
    let mut chosen_words: Vec<BTreeSet<String>> = Vec::new();
    for c in claims {
        if out.len() >= SUMMARY_MAX {
            break;
        }
        if c.status == Status::Contested {
            continue;
        }
        let Some(members) = by_claim.get(&c.id) else {
            continue;
        };
        for &i in members {
            let st = &stmts[i];
            let Some(a) = results.get(st.doc) else {
                continue;
            };
            let text = a.0.slice(st.sentence);
            let lowered = Lowered::of(&a.0, st.sentence);
            let n = lowered.words.len();
            let disputing = super::disputes::dispute_cue(&lowered).is_some();
            if !(8..=45).contains(&n) || opens_quote(text) || disputing {
                continue;
            }
            let w = concept_words(text);
            if chosen_words.iter().any(|o| dice(o, &w) >= 0.5) {
                continue;
            }
            if out
                .iter()
                .any(|s| s.cite.doc == a.0.doc.id && s.cite.span == st.sentence)
            {
                continue;
            }
            chosen_words.push(w);
            out.push(SummarySentence {
                cite: Cite {
                    doc: a.0.doc.id.clone(),
                    span: st.sentence,
                },
                claim: c.id,
                independent_sources: c.independent_sources,
                outlet: outlet(a),
            });
            break;
        }
    }
    out
}
