//! Aligned claims across the articles of one story: what is agreed, what is contested and by
//! whom, where outlets give different values, what each outlet alone reports, and a short
//! extractive summary.
//!
//! 1. [`statements`]: each article sentence, or clause of a compound sentence, with who it is
//!    attributed to in the text (speaker, agency, or the outlet's own voice).
//! 2. [`align`]: statements stating the same fact in different words are joined into a
//!    [`Claim`]; candidates come from an inverted index with capped posting lists, so the work
//!    is sub-quadratic.
//! 3. [`disputes`]: explicit disputes ("has denied that …", "disputing claims that …") and
//!    opposed evaluations ("justified" / "excessive"), linked to the claims they target, with
//!    who asserts, who disputes, and the evidence each side offers.
//! 4. [`inconsistencies`]: related statements giving different values for one slot.
//! 5. [`summary`]: for each outlet the claims no other lineage carries, and a summary of
//!    verbatim sentences led by the claims with the most independent sources.
//!
//! The independent-source count of a claim is the number of distinct lineages among the
//! articles carrying it; lineages (reprints of one original) are an input, so a wire story and
//! its reprints count once.

pub mod align;
pub mod disputes;
pub mod inconsistencies;
pub mod lexicon;
mod sources;
pub mod statements;
pub mod summary;

use std::collections::{BTreeMap, BTreeSet};

use corroborate_core::DocId;
use serde::{Deserialize, Serialize};

use crate::{Analysed, Cite};
use disputes::Dispute;
use inconsistencies::Inconsistency;
use statements::{Source, Statement, Voice};
use summary::{SummarySentence, UniqueToOutlet};

/// How a claim stands across the story.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    /// Carried by two or more lineages and disputed by none.
    Agreed,
    /// Carried by one lineage only.
    SingleSource,
    /// Targeted by a dispute, or one side of one.
    Contested,
}

impl Status {
    /// The status as the JSON report writes it (`agreed`, `single_source`, `contested`).
    pub fn as_str(self) -> &'static str {
        match self {
            Status::Agreed => "agreed",
            Status::SingleSource => "single_source",
            Status::Contested => "contested",
        }
    }
}

/// One statement of a claim in one article.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct ClaimMention {
    /// The statement's span.
    #[serde(flatten)]
    pub cite: Cite,
    /// The article's outlet.
    pub outlet: String,
    /// The article's lineage.
    pub lineage: String,
    /// Who the statement is attributed to in this article.
    pub attributed_to: Source,
}

/// A fact stated in one or more articles.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Claim {
    /// Index in [`ClaimsReport::claims`].
    pub id: usize,
    /// The representative statement (the first mention).
    pub text: Cite,
    /// Every statement of the claim, in document order.
    pub mentions: Vec<ClaimMention>,
    /// Outlets carrying it.
    pub outlets: Vec<String>,
    /// Lineages carrying it.
    pub lineages: Vec<String>,
    /// Number of distinct lineages: reprints of one original count once.
    pub independent_sources: usize,
    /// Who the claim is attributed to, across mentions (one entry per party).
    pub attributed_to: Vec<Source>,
    /// Agreed, single-source or contested.
    pub status: Status,
}

/// Everything this module finds for one story.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct ClaimsReport {
    /// Claims, most independent sources first.
    pub claims: Vec<Claim>,
    /// Disputes with both sides.
    pub disputes: Vec<Dispute>,
    /// Different values for one slot across outlets.
    pub inconsistencies: Vec<Inconsistency>,
    /// Per outlet, the claims no other lineage carries.
    pub unique: Vec<UniqueToOutlet>,
    /// A short extractive summary.
    pub summary: Vec<SummarySentence>,
}

impl ClaimsReport {
    /// Appends another group's report (e.g. the next story's) to this one. Claim and dispute
    /// ids are shifted past this report's, so ids stay unique across stories and every
    /// reference (`disputes[].claims`, `unique[].claims`, `summary[].claim`) still points at
    /// the same claim.
    pub fn append(&mut self, mut other: ClaimsReport) {
        let claim_offset = self.claims.len();
        let dispute_offset = self.disputes.len();
        for c in &mut other.claims {
            c.id += claim_offset;
        }
        for d in &mut other.disputes {
            d.id += dispute_offset;
            d.claims.iter_mut().for_each(|c| *c += claim_offset);
        }
        for u in &mut other.unique {
            u.claims.iter_mut().for_each(|c| *c += claim_offset);
        }
        for s in &mut other.summary {
            s.claim += claim_offset;
        }
        self.claims.append(&mut other.claims);
        self.disputes.append(&mut other.disputes);
        self.inconsistencies.append(&mut other.inconsistencies);
        self.unique.append(&mut other.unique);
        self.summary.append(&mut other.summary);
    }

    /// Calls `f` on every span in the report, so a renderer can convert offsets once.
    pub fn for_each_cite_mut(&mut self, f: &mut dyn FnMut(&mut Cite)) {
        fn src(s: &mut Source, f: &mut dyn FnMut(&mut Cite)) {
            if let Some(c) = s.named_at.as_mut() {
                f(c);
            }
        }
        for c in &mut self.claims {
            f(&mut c.text);
            for m in &mut c.mentions {
                f(&mut m.cite);
                src(&mut m.attributed_to, f);
            }
            for s in &mut c.attributed_to {
                src(s, f);
            }
        }
        for d in &mut self.disputes {
            d.propositions.iter_mut().for_each(&mut *f);
            for p in d.asserted_by.iter_mut().chain(d.disputed_by.iter_mut()) {
                f(&mut p.statement);
                src(&mut p.source, f);
            }
            for e in d
                .evidence_for
                .iter_mut()
                .chain(d.evidence_against.iter_mut())
            {
                f(&mut e.cite);
            }
        }
        for i in &mut self.inconsistencies {
            for v in &mut i.values {
                f(&mut v.cite);
                f(&mut v.statement);
            }
        }
        for s in &mut self.summary {
            f(&mut s.cite);
        }
    }
}

/// The lineage of an article: from `lineage_of`, else the article is its own lineage.
pub fn lineage(lineage_of: &BTreeMap<DocId, String>, doc: &DocId) -> String {
    lineage_of
        .get(doc)
        .cloned()
        .unwrap_or_else(|| doc.as_str().to_string())
}

/// The outlet of an article as reported (its source path when the outlet is unknown).
pub fn outlet(a: &Analysed) -> String {
    outlet_str(a).to_string()
}

/// [`outlet`], borrowed.
pub fn outlet_str(a: &Analysed) -> &str {
    a.0.doc
        .meta
        .outlet
        .as_ref()
        .map_or(a.0.doc.source.as_str(), |o| o.value.as_str())
}

/// Claims, disputes, inconsistencies, unique claims and summary for the articles `group` of
/// `results` (one story). `lineage_of` gives each article's lineage; an article missing from
/// it is its own lineage. A story of fewer than two articles has nothing to compare and gets an
/// empty report (so one huge file does not list each of its sentences as a claim).
pub fn build(
    results: &[Analysed],
    group: &[usize],
    lineage_of: &BTreeMap<DocId, String>,
) -> ClaimsReport {
    if group.iter().filter(|&&d| d < results.len()).count() < 2 {
        return ClaimsReport::default();
    }
    let stmts = statements::statements(results, group);
    let (pairs, index) = align::pairs(&stmts, results);
    let mut uf = align::cluster(&stmts, &pairs);
    // Claim of each statement, numbered by first statement.
    let mut claim_of = vec![0usize; stmts.len()];
    let mut by_root: BTreeMap<usize, usize> = BTreeMap::new();
    let mut members: Vec<Vec<usize>> = Vec::new();
    for (i, slot) in claim_of.iter_mut().enumerate() {
        let r = uf.find(i);
        let id = *by_root.entry(r).or_insert_with(|| {
            members.push(Vec::new());
            members.len() - 1
        });
        members[id].push(i);
        *slot = id;
    }
    let mut disputes = disputes::find(results, &stmts, &index, &claim_of, &members);
    let contested: BTreeSet<usize> = disputes
        .iter()
        .flat_map(|d| d.claims.iter().copied())
        .collect();
    let mut claims: Vec<Claim> = members
        .iter()
        .enumerate()
        .map(|(id, m)| make_claim(results, &stmts, lineage_of, id, m, contested.contains(&id)))
        .collect();
    // Most independent sources first; ids renumbered to the new order.
    let mut order: Vec<usize> = (0..claims.len()).collect();
    order.sort_by_key(|&i| {
        (
            std::cmp::Reverse(claims[i].independent_sources),
            std::cmp::Reverse(claims[i].mentions.len()),
            i,
        )
    });
    let mut new_id = vec![0usize; claims.len()];
    for (n, &old) in order.iter().enumerate() {
        new_id[old] = n;
    }
    let mut sorted: Vec<Claim> = order.iter().map(|&i| claims[i].clone()).collect();
    for (n, c) in sorted.iter_mut().enumerate() {
        c.id = n;
    }
    claims = sorted;
    for d in &mut disputes {
        for c in &mut d.claims {
            *c = new_id[*c];
        }
        d.claims.sort_unstable();
    }
    let claim_of: Vec<usize> = claim_of.iter().map(|&c| new_id[c]).collect();
    let inconsistencies = inconsistencies::find(results, &stmts, &pairs);
    let unique = summary::unique(results, group, lineage_of, &claims);
    let summary = summary::summary(results, &stmts, &claim_of, &claims);
    ClaimsReport {
        claims,
        disputes,
        inconsistencies,
        unique,
        summary,
    }
}

fn make_claim(
    results: &[Analysed],
    stmts: &[Statement],
    lineage_of: &BTreeMap<DocId, String>,
    id: usize,
    members: &[usize],
    contested: bool,
) -> Claim {
    let mut mentions = Vec::new();
    let mut outlets = BTreeSet::new();
    let mut lineages = BTreeSet::new();
    let mut attributed: Vec<Source> = Vec::new();
    let mut seen_sources = BTreeSet::new();
    for &i in members {
        let st = &stmts[i];
        let Some(a) = results.get(st.doc) else {
            continue;
        };
        let doc = a.0.doc.id.clone();
        let o = outlet(a);
        let l = lineage(lineage_of, &doc);
        outlets.insert(o.clone());
        lineages.insert(l.clone());
        if seen_sources.insert((st.source.voice, st.source.key())) {
            attributed.push(st.source.clone());
        }
        mentions.push(ClaimMention {
            cite: Cite { doc, span: st.span },
            outlet: o,
            lineage: l,
            attributed_to: st.source.clone(),
        });
    }
    let text = mentions
        .first()
        .map(|m| m.cite.clone())
        .unwrap_or_else(|| Cite {
            doc: DocId("".into()),
            span: Default::default(),
        });
    let independent_sources = lineages.len();
    let status = if contested {
        Status::Contested
    } else if independent_sources >= 2 {
        Status::Agreed
    } else {
        Status::SingleSource
    };
    // Outlet voices last: a named source says more about who stands behind a claim.
    attributed.sort_by_key(|s| s.voice == Voice::Outlet);
    Claim {
        id,
        text,
        mentions,
        outlets: outlets.into_iter().collect(),
        lineages: lineages.into_iter().collect(),
        independent_sources,
        attributed_to: attributed,
        status,
    }
}

#[cfg(test)]
mod tests {
    use super::disputes::DisputeKind;
    use super::*;

    /// The names the renderings and the store write are the JSON report's own.
    #[test]
    fn names_match_the_json_report() {
        let json = |v: serde_json::Value| v.as_str().map(str::to_owned);
        for s in [Status::Agreed, Status::SingleSource, Status::Contested] {
            assert_eq!(json(serde_json::json!(s)).as_deref(), Some(s.as_str()));
        }
        for v in [Voice::Speaker, Voice::Agency, Voice::Outlet] {
            assert_eq!(json(serde_json::json!(v)).as_deref(), Some(v.as_str()));
        }
        for k in [DisputeKind::Explicit, DisputeKind::Evaluation] {
            assert_eq!(json(serde_json::json!(k)).as_deref(), Some(k.as_str()));
        }
    }
}
