//! A story's part of the report's claims section (the engine's `ClaimsReport`: claims,
//! disputes, inconsistencies, unique claims, summary), and the groupings the dossier shows.

use std::collections::HashMap;

use corroborate_reconcile::claims::disputes::{Dispute, Party};
use corroborate_reconcile::claims::inconsistencies::{Inconsistency, SlotValue};
use corroborate_reconcile::claims::statements::{Source, Voice};
use corroborate_reconcile::claims::summary::{SummarySentence, UniqueToOutlet};
use corroborate_reconcile::claims::{Claim, ClaimsReport};
use corroborate_reconcile::Cite;

use super::by_story::{deal, StoryOf};
use super::{Dossier, StoryView, Texts};

/// A source for display: "Name (role of X)"; the outlet's own voice reads "the outlet itself".
pub fn source_label(s: &Source) -> String {
    if s.voice == Voice::Outlet {
        return format!("{} itself", s.name);
    }
    match (&s.role, &s.role_of) {
        (Some(r), Some(o)) => format!("{} ({r} of {o})", s.name),
        (Some(r), None) => format!("{} ({r})", s.name),
        _ => s.name.clone(),
    }
}

/// The claims analysis of one story: the report's claims section restricted to the story's
/// documents, with claims looked up by id (ids are unique within a story, whichever report the
/// story came from).
#[derive(Clone)]
pub struct StoryClaims<'a> {
    /// The story's claims, in report order (most independent sources first).
    pub claims: Vec<&'a Claim>,
    /// Its disputes.
    pub disputes: Vec<&'a Dispute>,
    /// Its inconsistencies.
    pub inconsistencies: Vec<&'a Inconsistency>,
    /// Unique claims per outlet.
    pub unique: Vec<&'a UniqueToOutlet>,
    /// Summary sentences.
    pub summary: Vec<&'a SummarySentence>,
    /// Number of articles in the story: with fewer than two there is nothing to compare.
    pub articles: usize,
    by_id: HashMap<usize, &'a Claim>,
}

impl<'a> StoryClaims<'a> {
    /// The story's part of the claims section; `None` when the report has no claims analysis.
    pub fn of(d: &'a Dossier, docs: &[String]) -> Option<Self> {
        let c = d.claims.as_ref()?;
        let story = [StoryView {
            id: String::new(),
            docs: docs.to_vec(),
        }];
        Self::per_story(c, &story, &StoryOf::new(&story)).pop()
    }

    /// Every story's part of the claims section, in one pass over it: a claim belongs to the
    /// stories of its text and mentions, a dispute to those of its parties' statements, an
    /// inconsistency to those of its values, a unique claim to those of its documents and a
    /// summary sentence to that of its citation.
    pub fn per_story(c: &'a ClaimsReport, stories: &[StoryView], of: &StoryOf<'_>) -> Vec<Self> {
        let n = stories.len();
        let claims = deal(&c.claims, n, of, |x| {
            std::iter::once(x.text.doc.as_str())
                .chain(x.mentions.iter().map(|m| m.cite.doc.as_str()))
        });
        let disputes = deal(&c.disputes, n, of, |x| {
            x.asserted_by
                .iter()
                .chain(&x.disputed_by)
                .map(|p| p.statement.doc.as_str())
        });
        let inconsistencies = deal(&c.inconsistencies, n, of, |x| {
            x.values.iter().map(|v| v.cite.doc.as_str())
        });
        let unique = deal(&c.unique, n, of, |x| x.docs.iter().map(|d| d.as_str()));
        let summary = deal(&c.summary, n, of, |x| std::iter::once(x.cite.doc.as_str()));
        claims
            .into_iter()
            .zip(disputes)
            .zip(inconsistencies)
            .zip(unique)
            .zip(summary)
            .zip(stories)
            .map(
                |(((((claims, disputes), inconsistencies), unique), summary), story)| StoryClaims {
                    by_id: claims.iter().map(|x| (x.id, *x)).collect(),
                    claims,
                    disputes,
                    inconsistencies,
                    unique,
                    summary,
                    articles: story.docs.len(),
                },
            )
            .collect()
    }

    /// The claim with this id.
    pub fn claim(&self, id: usize) -> Option<&'a Claim> {
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
pub fn dispute_topics(d: &Dispute, sc: &StoryClaims<'_>, t: &Texts<'_>) -> Vec<Cite> {
    let mut seen = std::collections::HashSet::new();
    let mut out: Vec<Cite> = d
        .propositions
        .iter()
        .filter(|p| {
            let text = t.cited(p).trim().to_lowercase();
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
pub fn values_by_text(inc: &Inconsistency) -> Vec<(&str, Vec<&SlotValue>)> {
    let mut out: Vec<(&str, Vec<&SlotValue>)> = Vec::new();
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
pub fn group_parties(parties: &[Party]) -> Vec<(Source, Vec<&Party>)> {
    let mut out: Vec<(Source, Vec<&Party>)> = Vec::new();
    for p in parties {
        let key = (p.source.voice, p.source.name.to_lowercase());
        match out
            .iter_mut()
            .find(|(s, _)| (s.voice, s.name.to_lowercase()) == key)
        {
            Some((s, list)) => {
                if s.role.is_none() {
                    s.role = p.source.role.clone();
                    s.role_of = p.source.role_of.clone();
                }
                list.push(p);
            }
            None => out.push((p.source.clone(), vec![p])),
        }
    }
    out
}
