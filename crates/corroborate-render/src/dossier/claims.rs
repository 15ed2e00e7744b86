//! The claims section as the renderings read it (`claims` of the report: claims, disputes,
//! inconsistencies, unique claims, summary), and the per-story view of it.

use std::collections::HashMap;

use serde::Deserialize;

use super::{CiteV, Dossier, Texts};

/// Who a statement is attributed to: a speaker, an agency, or the outlet's own voice.
#[derive(Debug, Clone, Default, Deserialize)]
pub struct SourceV {
    /// `speaker`, `agency` or `outlet`.
    #[serde(default)]
    pub voice: String,
    /// The name as written (the outlet's name for its own voice).
    #[serde(default)]
    pub name: String,
    /// The source's role, normalised, when known.
    pub role: Option<String>,
    /// Whom the role is of, as written.
    pub role_of: Option<String>,
}

impl SourceV {
    /// "Name (role of X)" for display; the outlet's own voice reads "the outlet itself".
    pub fn label(&self) -> String {
        if self.voice == "outlet" {
            return format!("{} itself", self.name);
        }
        match (&self.role, &self.role_of) {
            (Some(r), Some(o)) => format!("{} ({r} of {o})", self.name),
            (Some(r), None) => format!("{} ({r})", self.name),
            _ => self.name.clone(),
        }
    }
}

/// One statement of a claim in one article.
#[derive(Debug, Clone, Default, Deserialize)]
pub struct ClaimMentionV {
    /// Document id.
    pub doc: String,
    /// Statement start.
    pub start: usize,
    /// Statement end.
    pub end: usize,
    /// The article's outlet.
    #[serde(default)]
    pub outlet: String,
    /// The article's lineage.
    #[serde(default)]
    pub lineage: String,
    /// Who the statement is attributed to.
    #[serde(default)]
    pub attributed_to: SourceV,
}

/// A fact stated in one or more articles.
#[derive(Debug, Clone, Default, Deserialize)]
pub struct ClaimV {
    /// Id, referenced by disputes, unique lists and the summary.
    pub id: usize,
    /// The representative statement.
    pub text: CiteV,
    /// Every statement of it.
    #[serde(default)]
    pub mentions: Vec<ClaimMentionV>,
    /// Outlets carrying it.
    #[serde(default)]
    pub outlets: Vec<String>,
    /// Lineages carrying it.
    #[serde(default)]
    pub lineages: Vec<String>,
    /// Distinct lineages: reprints count once.
    #[serde(default)]
    pub independent_sources: usize,
    /// `agreed`, `single_source` or `contested`.
    #[serde(default)]
    pub status: String,
}

/// One side's statement in a dispute.
#[derive(Debug, Clone, Default, Deserialize)]
pub struct PartyV {
    /// Document id.
    pub doc: String,
    /// Statement start.
    pub start: usize,
    /// Statement end.
    pub end: usize,
    /// The article's outlet.
    #[serde(default)]
    pub outlet: String,
    /// `speaker`, `agency` or `outlet`.
    #[serde(default)]
    pub voice: String,
    /// The party's name.
    #[serde(default)]
    pub name: String,
    /// The party's role, when known.
    pub role: Option<String>,
    /// Whom the role is of.
    pub role_of: Option<String>,
}

impl PartyV {
    /// The party as a source, for its display label.
    pub fn source(&self) -> SourceV {
        SourceV {
            voice: self.voice.clone(),
            name: self.name.clone(),
            role: self.role.clone(),
            role_of: self.role_of.clone(),
        }
    }
}

/// Evidence one side of a dispute offers (a video, a report, an inspection).
#[derive(Debug, Clone, Default, Deserialize)]
pub struct DisputeEvidenceV {
    /// What kind of evidence.
    #[serde(default)]
    pub kind: String,
    /// Document id.
    pub doc: String,
    /// Start.
    pub start: usize,
    /// End.
    pub end: usize,
    /// The article's outlet.
    #[serde(default)]
    pub outlet: String,
}

/// A dispute: who asserts, who disputes, and the evidence each side offers.
#[derive(Debug, Clone, Default, Deserialize)]
pub struct DisputeV {
    /// Id.
    pub id: usize,
    /// `explicit` or `evaluation`.
    #[serde(default)]
    pub kind: String,
    /// The claims in dispute.
    #[serde(default)]
    pub claims: Vec<usize>,
    /// The disputed propositions, where the text states them.
    #[serde(default)]
    pub propositions: Vec<CiteV>,
    /// Statements asserting.
    #[serde(default)]
    pub asserted_by: Vec<PartyV>,
    /// Statements disputing.
    #[serde(default)]
    pub disputed_by: Vec<PartyV>,
    /// Evidence for the assertion.
    #[serde(default)]
    pub evidence_for: Vec<DisputeEvidenceV>,
    /// Evidence against it.
    #[serde(default)]
    pub evidence_against: Vec<DisputeEvidenceV>,
}

/// One outlet's value for a slot.
#[derive(Debug, Clone, Default, Deserialize)]
pub struct SlotValueV {
    /// The value as written.
    #[serde(default)]
    pub value: String,
    /// Document id.
    pub doc: String,
    /// The value's start.
    pub start: usize,
    /// The value's end.
    pub end: usize,
    /// The statement giving it.
    #[serde(default)]
    pub statement: CiteV,
    /// The article's outlet.
    #[serde(default)]
    pub outlet: String,
}

/// Outlets giving different values for one slot.
#[derive(Debug, Clone, Default, Deserialize)]
pub struct InconsistencyV {
    /// What the values are of ("count of passenger").
    #[serde(default)]
    pub slot: String,
    /// Every value given.
    #[serde(default)]
    pub values: Vec<SlotValueV>,
}

/// The claims only one outlet's lineage carries.
#[derive(Debug, Clone, Default, Deserialize)]
pub struct UniqueV {
    /// The outlet.
    #[serde(default)]
    pub outlet: String,
    /// Its lineages.
    #[serde(default)]
    pub lineages: Vec<String>,
    /// Its documents.
    #[serde(default)]
    pub docs: Vec<String>,
    /// The claims.
    #[serde(default)]
    pub claims: Vec<usize>,
}

/// A sentence of the extractive summary.
#[derive(Debug, Clone, Default, Deserialize)]
pub struct SummaryV {
    /// Document id.
    pub doc: String,
    /// Start.
    pub start: usize,
    /// End.
    pub end: usize,
    /// The claim it states.
    #[serde(default)]
    pub claim: usize,
    /// Its independent sources.
    #[serde(default)]
    pub independent_sources: usize,
    /// The article's outlet.
    #[serde(default)]
    pub outlet: String,
}

/// The claims section of the report.
#[derive(Debug, Clone, Default, Deserialize)]
pub struct ClaimsV {
    /// Claims, most independent sources first.
    #[serde(default)]
    pub claims: Vec<ClaimV>,
    /// Disputes.
    #[serde(default)]
    pub disputes: Vec<DisputeV>,
    /// Inconsistencies.
    #[serde(default)]
    pub inconsistencies: Vec<InconsistencyV>,
    /// Unique claims per outlet.
    #[serde(default)]
    pub unique: Vec<UniqueV>,
    /// Summary sentences.
    #[serde(default)]
    pub summary: Vec<SummaryV>,
}

/// The claims analysis of one story: the report's claims section restricted to the story's
/// documents, with claims looked up by id (ids are unique within a story, whichever report the
/// story came from).
pub struct StoryClaims<'a> {
    /// The story's claims, in report order (most independent sources first).
    pub claims: Vec<&'a ClaimV>,
    /// Its disputes.
    pub disputes: Vec<&'a DisputeV>,
    /// Its inconsistencies.
    pub inconsistencies: Vec<&'a InconsistencyV>,
    /// Unique claims per outlet.
    pub unique: Vec<&'a UniqueV>,
    /// Summary sentences.
    pub summary: Vec<&'a SummaryV>,
    /// Number of articles in the story: with fewer than two there is nothing to compare.
    pub articles: usize,
    by_id: HashMap<usize, &'a ClaimV>,
}

impl<'a> StoryClaims<'a> {
    /// The story's part of the claims section; `None` when the report has no claims analysis.
    pub fn of(d: &'a Dossier, docs: &[String]) -> Option<Self> {
        let c = d.claims.as_ref()?;
        let set: std::collections::HashSet<&str> = docs.iter().map(String::as_str).collect();
        let inside = |doc: &str| set.contains(doc);
        let claims: Vec<&ClaimV> = c
            .claims
            .iter()
            .filter(|x| inside(&x.text.doc) || x.mentions.iter().any(|m| inside(&m.doc)))
            .collect();
        let by_id = claims.iter().map(|x| (x.id, *x)).collect();
        Some(StoryClaims {
            disputes: c
                .disputes
                .iter()
                .filter(|x| {
                    x.asserted_by
                        .iter()
                        .chain(&x.disputed_by)
                        .any(|p| inside(&p.doc))
                })
                .collect(),
            inconsistencies: c
                .inconsistencies
                .iter()
                .filter(|x| x.values.iter().any(|v| inside(&v.doc)))
                .collect(),
            unique: c
                .unique
                .iter()
                .filter(|x| x.docs.iter().any(|d| inside(d)))
                .collect(),
            summary: c.summary.iter().filter(|x| inside(&x.doc)).collect(),
            articles: docs.len(),
            claims,
            by_id,
        })
    }

    /// The claim with this id.
    pub fn claim(&self, id: usize) -> Option<&'a ClaimV> {
        self.by_id.get(&id).copied()
    }

    /// Ids of the claims some dispute is about.
    pub fn contested_ids(&self) -> std::collections::BTreeSet<usize> {
        self.disputes
            .iter()
            .flat_map(|d| d.claims.iter().copied())
            .collect()
    }
}

/// What a dispute is about, as the text states it: its distinct propositions ("the driver
/// moved towards the officers", "justified"), else the text of its first claim.
pub fn dispute_topics(d: &DisputeV, sc: &StoryClaims<'_>, t: &Texts<'_>) -> Vec<CiteV> {
    let mut seen = std::collections::HashSet::new();
    let mut out: Vec<CiteV> = d
        .propositions
        .iter()
        .filter(|p| {
            let text = t.slice(&p.doc, p.start, p.end).trim().to_lowercase();
            !text.is_empty() && seen.insert(text)
        })
        .cloned()
        .collect();
    if out.is_empty() {
        out.extend(
            d.claims
                .iter()
                .filter_map(|&c| sc.claim(c))
                .map(|c| c.text.clone())
                .take(1),
        );
    }
    out
}

/// The values an inconsistency's outlets give, each once in first-seen order, with every
/// outlet statement giving it.
pub fn values_by_text(inc: &InconsistencyV) -> Vec<(&str, Vec<&SlotValueV>)> {
    let mut out: Vec<(&str, Vec<&SlotValueV>)> = Vec::new();
    for v in &inc.values {
        match out.iter_mut().find(|(value, _)| *value == v.value) {
            Some((_, given)) => given.push(v),
            None => out.push((&v.value, vec![v])),
        }
    }
    out
}

/// What each outlet alone adds, with reprints folded together: outlets whose unique claims
/// come from the same lineages form one entry (a wire story and its reprints are one source),
/// with the union of their claims in first-seen order.
pub fn unique_by_lineage<'a>(sc: &StoryClaims<'a>) -> Vec<(Vec<&'a str>, Vec<usize>)> {
    let mut out: Vec<(Vec<String>, Vec<&'a str>, Vec<usize>)> = Vec::new();
    for u in &sc.unique {
        match out.iter_mut().find(|(l, _, _)| *l == u.lineages) {
            Some((_, outlets, claims)) => {
                outlets.push(&u.outlet);
                for c in &u.claims {
                    if !claims.contains(c) {
                        claims.push(*c);
                    }
                }
            }
            None => out.push((u.lineages.clone(), vec![&u.outlet], u.claims.clone())),
        }
    }
    out.into_iter().map(|(_, o, c)| (o, c)).collect()
}

/// Statements grouped by who makes them, in first-seen order: one entry per party (same name
/// and voice), with every statement of theirs. Reprints of one statement become one entry.
pub fn group_parties(parties: &[PartyV]) -> Vec<(SourceV, Vec<&PartyV>)> {
    let mut out: Vec<(SourceV, Vec<&PartyV>)> = Vec::new();
    for p in parties {
        let key = (p.voice.as_str(), p.name.to_lowercase());
        match out
            .iter_mut()
            .find(|(s, _)| (s.voice.as_str(), s.name.to_lowercase()) == key)
        {
            Some((s, list)) => {
                if s.role.is_none() {
                    s.role = p.role.clone();
                    s.role_of = p.role_of.clone();
                }
                list.push(p);
            }
            None => out.push((p.source(), vec![p])),
        }
    }
    out
}
