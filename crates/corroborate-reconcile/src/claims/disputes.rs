//! Disputes: who asserts a claim, who disputes it, and the evidence each side offers.
//!
//! **Explicit disputes** come from dispute verbs ([`DISPUTE_CUES`]): "X has disputed that P",
//! "X denied the claims", "…, disputing claims that P", "P was rejected by X". The disputed
//! proposition P, when written, is looked up in the story's index: statements sharing at least
//! half its concept words are assertions of it (in any article); one that says it with a
//! negation ("not hit the officers") is another denial, and one that says the opposite
//! ("turned away from him", "after buying …") is evidence against it. With no proposition
//! ("denied the claims", "challenged the officer's account") the dispute targets the closest
//! earlier statement of the article by another named source (the one whose source matches the
//! possessor, when one is written). A dispute "also" raised, or one whose proposition nobody
//! asserts, continues the previous dispute of the article. Disputes whose targets share a
//! claim, or whose own statements are one claim, are merged.
//!
//! **Evaluation disputes**: sources that call an act by an approving word ("justified") while
//! others use a condemning one ("excessive", "no justification").
//!
//! **Evidence**: evidence nouns (footage, autopsy, report, records …) in a side's statements or
//! in the statement right after a denial; an agency's assertion counts as its statement.

use corroborate_core::text::{slice, slice_from, slice_to};
use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::sync::LazyLock;

use corroborate_core::Span;
use serde::{Deserialize, Serialize};

use super::align::{Clusters, Index};
use super::lexicon::{
    has, APPROVE, AUX, CLAIM_NOUNS, CONDEMN, DISPUTE_CUES, EVALUATIVE_VERBS, EVIDENCE,
    EVIDENCE_VERBS, HEDGES, NEGATIONS, OPPOSITES,
};
use super::sources;
use super::statements::{
    concept_words, find_word, stem_word, Lowered, PhraseSet, Source, Statement, Voice, Word,
};
use crate::{Analysed, Cite};
use corroborate_extract::is_reporting_cue;

/// What kind of dispute.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DisputeKind {
    /// A dispute verb: disputed, denied, challenged, rejected, contested, questioned.
    Explicit,
    /// Opposed evaluations of one act ("justified" against "excessive").
    Evaluation,
}

impl DisputeKind {
    /// The kind as the JSON report writes it (`explicit`, `evaluation`).
    pub fn as_str(self) -> &'static str {
        match self {
            DisputeKind::Explicit => "explicit",
            DisputeKind::Evaluation => "evaluation",
        }
    }
}

/// One side's party at one statement.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Party {
    /// The statement in which the party asserts or disputes.
    #[serde(flatten)]
    pub statement: Cite,
    /// The article's outlet.
    pub outlet: String,
    /// Who, with role.
    #[serde(flatten)]
    pub source: Source,
}

/// Evidence offered by one side.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Evidence {
    /// Kind of evidence ("footage", "autopsy", "statement", "report", "account" …).
    pub kind: String,
    /// The statement describing it.
    #[serde(flatten)]
    pub cite: Cite,
    /// The article's outlet.
    pub outlet: String,
}

/// A dispute over one or more claims.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Dispute {
    /// Index in the report's disputes.
    pub id: usize,
    /// Explicit or evaluation.
    pub kind: DisputeKind,
    /// Claims the dispute targets (claim ids).
    pub claims: Vec<usize>,
    /// The disputed propositions as written ("that her friend … headed toward the officers"),
    /// or the opposed evaluation words.
    pub propositions: Vec<Cite>,
    /// Who asserts the disputed claim.
    pub asserted_by: Vec<Party>,
    /// Who disputes it.
    pub disputed_by: Vec<Party>,
    /// Evidence offered for the claim.
    pub evidence_for: Vec<Evidence>,
    /// Evidence offered against it.
    pub evidence_against: Vec<Evidence>,
}

/// A dispute found in one statement, before merging.
struct Raw {
    stmt: usize,
    disputer: Source,
    prop: Option<Span>,
    prop_words: BTreeSet<String>,
    assertions: Vec<usize>,
    denials: Vec<usize>,
    link_prev: bool,
}

/// Evidence kind named in a lower-cased text.
/// [`EVIDENCE`] phrases, looked up together.
static EVIDENCE_PHRASES: LazyLock<PhraseSet> =
    LazyLock::new(|| PhraseSet::new(EVIDENCE.iter().map(|(w, _)| *w)));
/// [`EVIDENCE_VERBS`], looked up together.
static EVIDENCE_VERB_PHRASES: LazyLock<PhraseSet> =
    LazyLock::new(|| PhraseSet::new(EVIDENCE_VERBS.iter().copied()));

fn evidence_kind(lower: &str) -> Option<&'static str> {
    EVIDENCE_PHRASES
        .first_words(lower)
        .iter()
        .position(Option::is_some)
        .map(|k| EVIDENCE[k].1)
}

fn negated(lower: &str) -> bool {
    // Negations inside a relative clause (", who hasn't been charged,") do not count.
    let mut kept = String::with_capacity(lower.len());
    let mut rest = lower;
    while let Some(p) = [", who ", ", which "]
        .iter()
        .filter_map(|m| rest.find(m))
        .min()
    {
        kept.push_str(slice_to(rest, p));
        let after = slice_from(rest, p + 2);
        rest = after.find(',').map_or("", |e| slice_from(after, e));
    }
    kept.push_str(rest);
    negation_in(&kept)
}

/// True when a negation stands within four words before a proposition word ("not hit the
/// officers"), outside relative clauses.
fn negates(l: &Lowered, prop_words: &BTreeSet<String>) -> bool {
    let lower = &l.text;
    if !negated(lower) {
        return false;
    }
    let ws = &l.words;
    ws.iter().enumerate().any(|(k, w)| {
        let t = slice(lower, w.start, w.end);
        let neg = matches!(t, "not" | "never") || t.ends_with("n't") || t.ends_with("n’t");
        neg && ws[k + 1..(k + 5).min(ws.len())]
            .iter()
            .any(|n| prop_words.contains(&stem_word(slice(lower, n.start, n.end))))
    })
}

/// True when a hedge ([`HEDGES`]) stands within four words before a proposition word ("an
/// allegation of shoplifting"): the statement reports the proposition as a claim, so it
/// neither asserts nor denies it.
fn hedges(l: &Lowered, prop_words: &BTreeSet<String>) -> bool {
    let ws = &l.words;
    ws.iter().enumerate().any(|(k, w)| {
        has(HEDGES, l.word(w))
            && ws[k + 1..(k + 5).min(ws.len())]
                .iter()
                .any(|n| prop_words.contains(&stem_word(l.word(n))))
    })
}

fn negation_in(lower: &str) -> bool {
    NEGATIONS.iter().any(|n| {
        if n.starts_with('n') && n.contains('\'') {
            lower.contains(n)
        } else {
            find_word(lower, n).is_some()
        }
    }) || lower.contains("n’t")
}

fn same_party(a: &Source, b: &Source) -> bool {
    if a.voice != b.voice {
        return false;
    }
    a.key() == b.key()
        || (a.role.is_some() && a.role == b.role && a.role_of.is_some() && a.role_of == b.role_of)
}

/// Finds disputes in a story's statements. `claim_of` gives each statement's claim and
/// `members` each claim's statements.
pub fn find(
    results: &[Analysed],
    stmts: &[Statement],
    index: &Index,
    claim_of: &[usize],
    members: &[Vec<usize>],
) -> Vec<Dispute> {
    let lowers = Lowered::all(results, stmts);
    let cues: Vec<Option<(usize, usize)>> = lowers.iter().map(dispute_cue).collect();
    let mut raws: Vec<Raw> = Vec::new();
    for (i, cue) in cues.iter().enumerate() {
        let Some((cs, ce)) = *cue else {
            continue;
        };
        if let Some(r) = raw_dispute(results, stmts, &lowers, &cues, index, i, cs, ce) {
            raws.push(r);
        }
    }
    let mut out = merge(results, stmts, &lowers, &cues, &raws, claim_of, members);
    if let Some(e) = evaluation(results, stmts, &lowers, claim_of) {
        out.push(e);
    }
    for (i, d) in out.iter_mut().enumerate() {
        d.id = i;
    }
    out
}

/// The first dispute verb of a lower-cased clause, as a byte range; `None` for a passive
/// without an agent ("was denied bail").
pub(crate) fn dispute_cue(l: &Lowered) -> Option<(usize, usize)> {
    let (lower, ws) = (&l.text, &l.words);
    for (k, w) in ws.iter().enumerate() {
        let word = slice(lower, w.start, w.end);
        if !has(DISPUTE_CUES, word) {
            continue;
        }
        let prev = k
            .checked_sub(1)
            .map(|p| slice(lower, ws[p].start, ws[p].end));
        let passive =
            prev.is_some_and(|p| matches!(p, "was" | "were" | "is" | "are" | "been" | "be"));
        let next = ws.get(k + 1).map(|n| slice(lower, n.start, n.end));
        if passive && next != Some("by") {
            continue;
        }
        return Some((w.start, w.end));
    }
    None
}

#[allow(clippy::too_many_arguments)]
fn raw_dispute(
    results: &[Analysed],
    stmts: &[Statement],
    lowers: &[Lowered],
    cues: &[Option<(usize, usize)>],
    index: &Index,
    i: usize,
    cs: usize,
    ce: usize,
) -> Option<Raw> {
    let st = &stmts[i];
    let (prep, ex) = results.get(st.doc)?;
    let lower = &lowers[i].text;
    let ws = &lowers[i].words;
    let cue = slice(lower, cs, ce);
    let before = slice_to(lower, cs).trim_end();
    let passive =
        before.ends_with(" was") || before.ends_with(" were") || before.ends_with(" been");
    let also = ws
        .iter()
        .filter(|w| w.end <= cs)
        .rev()
        .take_while(|w| has(AUX, slice(lower, w.start, w.end)))
        .any(|w| slice(lower, w.start, w.end) == "also");
    // Who disputes.
    let mut disputer = if passive {
        let by = find_word(slice_from(lower, ce), "by").map(|p| ce + p + 2)?;
        sources::of_agent(prep, ex, st.span, st.span.start + by)?
    } else if cue.ends_with("ing") {
        st.source.clone()
    } else {
        let cue_span = Span::new(st.span.start + cs, st.span.start + ce);
        sources::of_cue(prep, ex, st.span, cue_span).unwrap_or_else(|| st.source.clone())
    };
    if disputer.key() == st.source.key() {
        disputer = st.source.clone();
    }
    described(stmts, st.doc, &mut disputer);
    if disputer.voice == Voice::Speaker
        && matches!(
            disputer.name.to_ascii_lowercase().as_str(),
            "he" | "she" | "they"
        )
        && st.source.voice == Voice::Speaker
    {
        let named_at = disputer.named_at.clone();
        disputer = st.source.clone();
        disputer.named_at = named_at;
    }
    // What is disputed.
    let obj = if passive { "" } else { slice_from(lower, ce) };
    let obj_t = obj.trim_start();
    let mut prop_start = None;
    let demonstrative = obj_t
        .strip_prefix("that ")
        .and_then(|r| r.split(|c: char| !c.is_alphanumeric()).next())
        .is_some_and(|w| has(CLAIM_NOUNS, w));
    if let Some(r) = obj_t.strip_prefix("that ").filter(|_| !demonstrative) {
        prop_start = Some(lower.len() - r.len());
    } else {
        let ow = words_from(ws, lower.len() - obj_t.len());
        // "[the] claim(s) that …"
        let mut k = 0;
        if ow
            .first()
            .is_some_and(|w| slice(obj_t, w.start, w.end) == "the")
        {
            k = 1;
        }
        if let (Some(n), Some(t)) = (ow.get(k), ow.get(k + 1)) {
            if has(CLAIM_NOUNS, slice(obj_t, n.start, n.end))
                && slice(obj_t, t.start, t.end) == "that"
            {
                prop_start = Some(lower.len() - obj_t.len() + t.end + 1);
            }
        }
    }
    let mut prop = None;
    let mut prop_words = BTreeSet::new();
    if let Some(ps) = prop_start.filter(|&p| p < lower.len()) {
        let rest = slice_from(lower, ps);
        let end = [
            ", disputing",
            ", saying",
            ", adding",
            ", citing",
            ", arguing",
            ", noting",
            ", according to",
            " and they ",
            " and he ",
            " and she ",
            " and it ",
            ", but ",
            "; ",
        ]
        .iter()
        .filter_map(|p| rest.find(p))
        .min()
        .unwrap_or(rest.len());
        let p_text = slice_to(rest, end).trim_end_matches(['.', ',', ' ', '"', '”']);
        if !p_text.is_empty() {
            prop = Some(Span::new(
                st.span.start + ps,
                st.span.start + ps + p_text.len(),
            ));
            prop_words = concept_words(p_text);
        }
    }
    let mut assertions = Vec::new();
    let mut denials = Vec::new();
    if prop_words.len() >= 2 {
        let need = 2.max(prop_words.len().div_ceil(2));
        for j in index.for_words(&prop_words, 2) {
            if j == i || cues[j].is_some() {
                continue;
            }
            let shared = stmts[j].words.intersection(&prop_words).count();
            if shared < need || same_party(&stmts[j].source, &disputer) {
                continue;
            }
            if opposite_of(&prop_words, &lowers[j].text) || hedges(&lowers[j], &prop_words) {
                continue;
            }
            if negates(&lowers[j], &prop_words) {
                denials.push(j);
            } else {
                assertions.push(j);
            }
        }
    } else if prop.is_none() && !also {
        // Anaphoric: "denied the claims", "rejected the union's claim".
        let ow = words_from(ws, lower.len() - obj_t.len());
        let possessor = ow
            .windows(2)
            .take(4)
            .find(|p| matches!(slice(obj_t, p[1].start, p[1].end), "'s" | "’s"))
            .map(|p| slice(obj_t, p[0].start, p[0].end).to_string());
        let earlier = (0..i)
            .rev()
            .take(6)
            .take_while(|&j| stmts[j].doc == st.doc)
            .filter(|&j| cues[j].is_none() && !same_party(&stmts[j].source, &disputer));
        let mut pick = None;
        for j in earlier {
            let s = &stmts[j].source;
            let named = s.named_at.is_some();
            let matches_possessor = possessor.as_ref().is_some_and(|p| {
                s.name.to_ascii_lowercase().contains(p.as_str())
                    || s.role.as_deref().is_some_and(|r| r.contains(p.as_str()))
                    || lowers[j].text.contains(p.as_str()) && named
            });
            if matches_possessor {
                pick = Some(j);
                break;
            }
            if pick.is_none() && named && possessor.is_none() {
                pick = Some(j);
                break;
            }
        }
        assertions.extend(pick);
    }
    let link_prev = also || (assertions.is_empty() && denials.is_empty());
    Some(Raw {
        stmt: i,
        disputer,
        prop,
        prop_words,
        assertions,
        denials,
        link_prev,
    })
}

/// Completes a speaker named without a role from the article's fuller description of the
/// same person ("Vellesiya" → "Vellesiya Wiley", mother of Kohen).
fn described(stmts: &[Statement], doc: usize, who: &mut Source) {
    if who.voice != Voice::Speaker || who.role.is_some() {
        return;
    }
    let key = who.key();
    let full = stmts
        .iter()
        .filter(|s| s.doc == doc && s.source.voice == Voice::Speaker && s.source.role.is_some())
        .map(|s| &s.source)
        .find(|s| {
            s.name
                .to_ascii_lowercase()
                .split_whitespace()
                .any(|t| t == key)
        });
    if let Some(full) = full {
        who.name = full.name.clone();
        who.role = full.role.clone();
        who.role_of = full.role_of.clone();
    }
}

/// True when a statement says the opposite of a proposition word ("away from" for toward).
fn opposite_of(prop_words: &BTreeSet<String>, lower: &str) -> bool {
    OPPOSITES.iter().any(|(c, opp)| {
        prop_words.contains(*c) && opp.iter().any(|o| find_word(lower, o).is_some())
    })
}

fn party(results: &[Analysed], st: &Statement, source: &Source) -> Option<Party> {
    let a = results.get(st.doc)?;
    Some(Party {
        statement: Cite {
            doc: a.0.doc.id.clone(),
            span: st.span,
        },
        outlet: super::outlet(a),
        source: source.clone(),
    })
}

fn evidence(results: &[Analysed], st: &Statement, kind: &str) -> Option<Evidence> {
    let a = results.get(st.doc)?;
    Some(Evidence {
        kind: kind.to_string(),
        cite: Cite {
            doc: a.0.doc.id.clone(),
            span: st.span,
        },
        outlet: super::outlet(a),
    })
}

fn merge(
    results: &[Analysed],
    stmts: &[Statement],
    lowers: &[Lowered],
    cues: &[Option<(usize, usize)>],
    raws: &[Raw],
    claim_of: &[usize],
    members: &[Vec<usize>],
) -> Vec<Dispute> {
    let mut uf = Clusters::new(raws.len());
    let mut by_claim: HashMap<usize, usize> = HashMap::new();
    for (r, raw) in raws.iter().enumerate() {
        let own = claim_of[raw.stmt];
        // Shared targets, or dispute statements of one claim (keyed past the claim ids).
        let targets = raw.assertions.iter().map(|&a| claim_of[a]);
        for c in targets.chain(std::iter::once(own + members.len())) {
            match by_claim.get(&c) {
                Some(&other) => uf.union(other, r),
                None => {
                    by_claim.insert(c, r);
                }
            }
        }
        if raw.link_prev && r > 0 {
            let prev = &raws[r - 1];
            // Not when this disputer is the one the previous dispute's targets quote.
            let other_side = prev
                .assertions
                .iter()
                .any(|&a| same_party(&stmts[a].source, &raw.disputer));
            let near = stmts[prev.stmt].doc == stmts[raw.stmt].doc
                && raw.stmt - prev.stmt <= 3
                && !other_side;
            if near {
                uf.union(r - 1, r);
            }
        }
    }
    let mut groups: BTreeMap<usize, Vec<usize>> = BTreeMap::new();
    for r in 0..raws.len() {
        groups.entry(uf.find(r)).or_default().push(r);
    }
    // Statements that say the opposite of each concept, found once.
    let show: Vec<bool> = lowers
        .iter()
        .map(|l| {
            let l = &l.text;
            evidence_kind(l).is_some()
                && EVIDENCE_VERB_PHRASES
                    .first_words(l)
                    .iter()
                    .any(Option::is_some)
        })
        .collect();
    let mut opposite_stmts: HashMap<&str, Vec<usize>> = HashMap::new();
    for (c, opp) in OPPOSITES {
        let v: Vec<usize> = (0..stmts.len())
            .filter(|&j| opp.iter().any(|o| find_word(&lowers[j].text, o).is_some()))
            .collect();
        opposite_stmts.insert(c, v);
    }
    let mut out = Vec::new();
    for rs in groups.values() {
        let disputers: Vec<&Source> = rs.iter().map(|&r| &raws[r].disputer).collect();
        let mut d = Dispute {
            id: 0,
            kind: DisputeKind::Explicit,
            claims: Vec::new(),
            propositions: Vec::new(),
            asserted_by: Vec::new(),
            disputed_by: Vec::new(),
            evidence_for: Vec::new(),
            evidence_against: Vec::new(),
        };
        let mut seen_assert = BTreeSet::new();
        let mut seen_dispute = BTreeSet::new();
        let mut seen_ev = BTreeSet::new();
        let mut prop_words = BTreeSet::new();
        let mut claims = BTreeSet::new();
        for &r in rs {
            let raw = &raws[r];
            let st = &stmts[raw.stmt];
            if let (Some(p), Some(a)) = (raw.prop, results.get(st.doc)) {
                d.propositions.push(Cite {
                    doc: a.0.doc.id.clone(),
                    span: p,
                });
            }
            prop_words.extend(raw.prop_words.iter().cloned());
            if seen_dispute.insert(raw.stmt) {
                d.disputed_by.extend(party(results, st, &raw.disputer));
            }
            for &j in &raw.denials {
                if seen_dispute.insert(j) {
                    d.disputed_by
                        .extend(party(results, &stmts[j], &stmts[j].source));
                }
            }
            // Evidence on the disputing side: in the denial, or in the statement right after.
            if let Some(k) = evidence_kind(&lowers[raw.stmt].text) {
                if seen_ev.insert(raw.stmt) {
                    d.evidence_against.extend(evidence(results, st, k));
                }
            }
            if let Some(next) = stmts.get(raw.stmt + 1).filter(|n| n.doc == st.doc) {
                let own =
                    next.source.voice != Voice::Speaker || same_party(&next.source, &raw.disputer);
                if let Some(k) = evidence_kind(&lowers[raw.stmt + 1].text).filter(|_| own) {
                    if cues[raw.stmt + 1].is_none() && seen_ev.insert(raw.stmt + 1) {
                        d.evidence_against.extend(evidence(results, next, k));
                    }
                }
            }
            for &a in &raw.assertions {
                claims.insert(claim_of[a]);
            }
        }
        // Assertions: the statements of the targeted claims that share two words with the
        // propositions or come from a party matched directly, except the disputers' own.
        let direct: Vec<usize> = rs
            .iter()
            .flat_map(|&r| raws[r].assertions.iter().copied())
            .collect();
        for &c in &claims {
            for &j in &members[c] {
                let s = &stmts[j];
                if cues[j].is_some() || disputers.iter().any(|p| same_party(&s.source, p)) {
                    continue;
                }
                let on_topic = direct.contains(&j)
                    || s.words.intersection(&prop_words).count() >= 2
                    || direct.iter().any(|&k| {
                        stmts[k].source.voice != Voice::Outlet
                            && same_party(&stmts[k].source, &s.source)
                    });
                if !on_topic || hedges(&lowers[j], &prop_words) {
                    continue;
                }
                if negates(&lowers[j], &prop_words) {
                    if seen_dispute.insert(j) {
                        d.disputed_by.extend(party(results, s, &s.source));
                    }
                    continue;
                }
                if seen_assert.insert(j) {
                    d.asserted_by.extend(party(results, s, &s.source));
                    let kind = evidence_kind(&lowers[j].text)
                        .or((s.source.voice == Voice::Agency).then_some("statement"));
                    if let Some(k) = kind {
                        d.evidence_for.extend(evidence(results, s, k));
                    }
                }
            }
        }
        // Evidence against from statements saying the opposite: a description of evidence
        // (footage shows …, in that statement or up to six before it) or sharing a word.
        for (c, list) in &opposite_stmts {
            if !prop_words.contains(*c) {
                continue;
            }
            for &j in list {
                let s = &stmts[j];
                let ctx = (j.saturating_sub(6)..=j)
                    .filter(|&k| stmts[k].doc == s.doc)
                    .find(|&k| show[k]);
                let shares = s.words.iter().any(|w| w != c && prop_words.contains(w));
                let kind = match ctx {
                    Some(k) => evidence_kind(&lowers[k].text).unwrap_or("account"),
                    None if shares => "account",
                    None => continue,
                };
                if seen_ev.insert(j) {
                    d.evidence_against.extend(evidence(results, s, kind));
                }
            }
        }
        d.claims = claims.into_iter().collect();
        out.push(d);
    }
    out
}

/// Nouns that carry a source's finding ("Fitch's announcement that …").
const FINDING_NOUNS: &[&str] = &[
    "announcement",
    "statement",
    "finding",
    "findings",
    "ruling",
    "conclusion",
    "determination",
];

/// Who uses an evaluation word at `at` (relative) in a statement: the nearest reporting verb
/// or finding noun before it with a subject, else the statement's source.
fn evaluator(results: &[Analysed], st: &Statement, at: usize) -> Source {
    let Some((prep, ex)) = results.get(st.doc) else {
        return st.source.clone();
    };
    let l = Lowered::of(prep, st.span);
    for w in l.words.iter().filter(|w| w.end <= at).rev() {
        let word = l.word(w);
        let cue = is_reporting_cue(word) || has(EVALUATIVE_VERBS, word) || has(FINDING_NOUNS, word);
        if !cue {
            continue;
        }
        let cue_span = Span::new(st.span.start + w.start, st.span.start + w.end);
        if let Some(source) = sources::of_cue(prep, ex, st.span, cue_span) {
            return source;
        }
    }
    st.source.clone()
}

fn evaluation(
    results: &[Analysed],
    stmts: &[Statement],
    lowers: &[Lowered],
    claim_of: &[usize],
) -> Option<Dispute> {
    let mut approve: Vec<(usize, Span)> = Vec::new();
    let mut condemn: Vec<(usize, Span)> = Vec::new();
    for (i, l) in lowers.iter().enumerate() {
        let (lower, ws) = (&l.text, &l.words);
        for (k, w) in ws.iter().enumerate() {
            let word = slice(lower, w.start, w.end);
            let pro = has(APPROVE, word) || word == "justification";
            let con = has(CONDEMN, word);
            if !pro && !con {
                continue;
            }
            let neg = ws[k.saturating_sub(3)..k].iter().any(|p| {
                let p = slice(lower, p.start, p.end);
                matches!(p, "not" | "no" | "never") || p.ends_with("n't") || p.ends_with("n’t")
            });
            let span = Span::new(stmts[i].span.start + w.start, stmts[i].span.start + w.end);
            if (pro && neg) || (con && !neg) {
                condemn.push((i, span));
            } else if pro && word != "justification" {
                approve.push((i, span));
            }
        }
    }
    if approve.is_empty() || condemn.is_empty() {
        return None;
    }
    let mut d = Dispute {
        id: 0,
        kind: DisputeKind::Evaluation,
        claims: Vec::new(),
        propositions: Vec::new(),
        asserted_by: Vec::new(),
        disputed_by: Vec::new(),
        evidence_for: Vec::new(),
        evidence_against: Vec::new(),
    };
    let mut claims = BTreeSet::new();
    for (side, list) in [(true, &approve), (false, &condemn)] {
        for &(i, span) in list.iter() {
            let st = &stmts[i];
            let Some(a) = results.get(st.doc) else {
                continue;
            };
            claims.insert(claim_of[i]);
            d.propositions.push(Cite {
                doc: a.0.doc.id.clone(),
                span,
            });
            let mut who = evaluator(results, st, span.start - st.span.start);
            if who.key() == st.source.key() {
                who = st.source.clone();
            }
            described(stmts, st.doc, &mut who);
            let p = party(results, st, &who);
            let ev = evidence_kind(&lowers[i].text)
                .or((who.voice == Voice::Agency).then_some("statement"))
                .and_then(|k| evidence(results, st, k));
            if side {
                d.asserted_by.extend(p);
                d.evidence_for.extend(ev);
            } else {
                d.disputed_by.extend(p);
                d.evidence_against.extend(ev);
            }
        }
    }
    d.claims = claims.into_iter().collect();
    Some(d)
}

/// The words of `ws` from byte `from` on, relative to `from`.
fn words_from(ws: &[Word], from: usize) -> Vec<Word> {
    ws.iter()
        .filter(|w| w.start >= from)
        .map(|w| Word {
            start: w.start - from,
            end: w.end - from,
        })
        .collect()
}
