//! The dossier: a read-only view of the JSON report that the Markdown and HTML renderings share.
//!
//! It is deserialised from the report's JSON (the contract), so a report read back from the
//! store renders exactly like a fresh one, and sections computed by later stages (stories,
//! lineages, claims) render when their fields are present and say "not computed" when they are
//! not. Offsets are code points, as in the JSON; [`Texts`] slices by code point.

use serde::Deserialize;
use serde_json::Value;
use std::collections::HashMap;

mod record;
pub use record::{story_records, EvidenceV, RecordFieldV, RecordV, RecordValueV};

/// A half-open code-point span.
#[derive(Debug, Clone, Copy, Default, Deserialize, PartialEq, Eq)]
pub struct SpanV {
    /// First code point.
    pub start: usize,
    /// One past the last code point.
    pub end: usize,
}

/// A span in a given document.
#[derive(Debug, Clone, Default, Deserialize, PartialEq, Eq)]
pub struct CiteV {
    /// Document id.
    pub doc: String,
    /// First code point.
    pub start: usize,
    /// One past the last code point.
    pub end: usize,
}

/// A metadata value with how it became known.
#[derive(Debug, Clone, Default, Deserialize)]
pub struct KnownV {
    /// The value as text (dates as `YYYY-MM-DD`).
    pub value: String,
    /// `manifest`, `metadata`, `url` or `inferred`.
    #[serde(default)]
    pub how: String,
}

/// Document metadata.
#[derive(Debug, Clone, Default, Deserialize)]
pub struct MetaV {
    /// The outlet.
    pub outlet: Option<KnownV>,
    /// The URL.
    pub url: Option<String>,
    /// The publication day.
    pub published: Option<KnownV>,
    /// A title from metadata.
    pub title: Option<String>,
    /// The byline.
    pub byline: Option<String>,
}

/// A document of the report.
#[derive(Debug, Clone, Default, Deserialize)]
pub struct DocV {
    /// Content id.
    pub id: String,
    /// Where it came from.
    #[serde(default)]
    pub source: String,
    /// Headline span.
    pub headline: Option<SpanV>,
    /// Metadata.
    #[serde(default)]
    pub meta: MetaV,
    /// The text.
    #[serde(default)]
    pub text: String,
    /// The lineage (reuse family) this document belongs to, when linking ran.
    #[serde(default)]
    pub lineage: Option<String>,
}

/// A role with its evidence in one document.
#[derive(Debug, Clone, Default, Deserialize)]
pub struct RoleV {
    /// The role noun.
    pub role: String,
    /// What it is of, as written.
    pub of_text: Option<String>,
    /// The evidence span (nested: same document).
    pub evidence: SpanV,
}

/// A per-document entity.
#[derive(Debug, Clone, Default, Deserialize)]
pub struct EntityV {
    /// Document id.
    pub doc: String,
    /// `<doc>#e<index>`.
    pub id: String,
    /// First mention start.
    pub start: usize,
    /// First mention end.
    pub end: usize,
    /// Name.
    pub name: String,
    /// Kind (`person`, `organization`, …).
    #[serde(default)]
    pub kind: String,
    /// Roles.
    #[serde(default)]
    pub roles: Vec<RoleV>,
}

/// A role across articles, cited.
#[derive(Debug, Clone, Default, Deserialize)]
pub struct CrossRoleV {
    /// The role noun.
    pub role: String,
    /// What it is of, as written.
    pub of_text: Option<String>,
    /// The evidence.
    pub evidence: CiteV,
}

/// One member of a cross-article entity.
#[derive(Debug, Clone, Default, Deserialize)]
pub struct MemberV {
    /// Document id.
    pub doc: String,
    /// Entity index in that document.
    #[serde(default)]
    pub entity: usize,
    /// The name as that document gives it.
    #[serde(default)]
    pub name: String,
}

/// An entity merged across articles.
#[derive(Debug, Clone, Default, Deserialize)]
pub struct CrossEntityV {
    /// Id.
    pub id: String,
    /// Fullest name.
    pub name: String,
    /// Kind.
    #[serde(default)]
    pub kind: String,
    /// Per-document members.
    #[serde(default)]
    pub members: Vec<MemberV>,
    /// Roles with evidence.
    #[serde(default)]
    pub roles: Vec<CrossRoleV>,
    /// Number of mentions.
    #[serde(default)]
    pub mentions: usize,
}

/// A quote.
#[derive(Debug, Clone, Default, Deserialize)]
pub struct QuoteV {
    /// Document id.
    pub doc: String,
    /// Whole quote start.
    pub start: usize,
    /// Whole quote end.
    pub end: usize,
    /// `direct`, `partial`, `indirect`.
    #[serde(default)]
    pub kind: String,
    /// The quoted words.
    pub content: Option<SpanV>,
    /// The speaker's name.
    pub speaker_name: Option<String>,
}

/// A date of an event, with the documents giving it.
#[derive(Debug, Clone, Default, Deserialize)]
pub struct EventDateV {
    /// TIMEX value.
    pub value: String,
    /// Documents giving this date.
    #[serde(default)]
    pub docs: Vec<String>,
}

/// A mention of an event.
#[derive(Debug, Clone, Default, Deserialize)]
pub struct EventMentionV {
    /// Document id.
    pub doc: String,
    /// The date expression.
    pub start: usize,
    /// The date expression end.
    pub end: usize,
    /// The sentence.
    pub sentence: SpanV,
    /// The value this mention gives.
    #[serde(default)]
    pub value: String,
}

/// A timeline event.
#[derive(Debug, Clone, Default, Deserialize)]
pub struct EventV {
    /// The event's date (TIMEX value).
    pub date: String,
    /// Every date given for it.
    #[serde(default)]
    pub dates: Vec<EventDateV>,
    /// True when sources give different dates.
    #[serde(default)]
    pub conflicting: bool,
    /// The sentence describing it.
    pub description: CiteV,
    /// Every mention.
    #[serde(default)]
    pub mentions: Vec<EventMentionV>,
}

/// A publication date inferred across articles.
#[derive(Debug, Clone, Default, Deserialize)]
pub struct InferredV {
    /// Document id.
    pub doc: String,
    /// The inferred day.
    pub date: String,
    /// Why.
    #[serde(default)]
    pub reason: String,
    /// Evidence.
    #[serde(default)]
    pub evidence: Vec<CiteV>,
}

/// The timeline section.
#[derive(Debug, Clone, Default, Deserialize)]
pub struct TimelineV {
    /// Events in order.
    #[serde(default)]
    pub events: Vec<EventV>,
    /// Inferred publication dates.
    #[serde(default)]
    pub inferred_published: Vec<InferredV>,
}

/// An input problem.
#[derive(Debug, Clone, Default, Deserialize)]
pub struct ProblemV {
    /// The file.
    #[serde(default)]
    pub path: String,
    /// `skipped` or `warning`.
    #[serde(default)]
    pub severity: String,
    /// What went wrong.
    #[serde(default)]
    pub message: String,
}

/// An annotation span with its payload, for highlighting (dates, quantities, mentions).
#[derive(Debug, Clone, Default, Deserialize)]
pub struct MarkV {
    /// Document id.
    pub doc: String,
    /// Start.
    pub start: usize,
    /// End.
    pub end: usize,
    /// Normalised value (a TIMEX value, a number), when there is one.
    #[serde(default)]
    pub value: Value,
    /// TIMEX type (`DATE`, `TIME`, `DURATION`, `SET`), for dates.
    #[serde(default, rename = "type")]
    pub ty: Option<String>,
    /// Unit, for quantities.
    #[serde(default)]
    pub unit: Option<String>,
    /// The entity's report id, for mentions.
    #[serde(default)]
    pub entity_id: Option<String>,
}

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

/// What the claims sections say for a story of one article.
pub const ONE_ARTICLE: &str =
    "One article: nothing to compare across sources (add more coverage of this story).";

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

/// The report as the renderings read it. Unknown fields are ignored; missing sections are empty.
#[derive(Debug, Clone, Default, Deserialize)]
pub struct Dossier {
    /// Input problems.
    #[serde(default)]
    pub problems: Vec<ProblemV>,
    /// Documents.
    #[serde(default)]
    pub documents: Vec<DocV>,
    /// Per-document entities.
    #[serde(default)]
    pub entities: Vec<EntityV>,
    /// Quotes.
    #[serde(default)]
    pub quotes: Vec<QuoteV>,
    /// Entity mentions.
    #[serde(default)]
    pub mentions: Vec<MarkV>,
    /// Temporal expressions.
    #[serde(default)]
    pub dates: Vec<MarkV>,
    /// Quantities.
    #[serde(default)]
    pub quantities: Vec<MarkV>,
    /// Ignored spans (promos, credits).
    #[serde(default)]
    pub ignored: Vec<MarkV>,
    /// Entities across articles.
    #[serde(default)]
    pub cross_entities: Vec<CrossEntityV>,
    /// The timeline.
    #[serde(default)]
    pub timeline: TimelineV,
    /// The stored story this report is a version of (`{"id", "version"}`), when read from the
    /// store.
    pub story: Option<Value>,
    /// Stories, when the linking stage computed them.
    pub stories: Option<Value>,
    /// Lineages (reprints), when computed.
    pub lineages: Option<Value>,
    /// Claims, disputes, inconsistencies, unique claims and summary, when computed.
    pub claims: Option<ClaimsV>,
    /// Incident records, one per story and record type that applies (empty in older reports).
    #[serde(default)]
    pub records: Vec<RecordV>,
}

impl Dossier {
    /// Reads the dossier from a report's JSON value.
    pub fn from_value(v: &Value) -> Result<Self, serde_json::Error> {
        Dossier::deserialize(v)
    }

    /// Reads the dossier from any serialisable report (e.g. [`crate::json::Report`]).
    pub fn from_report<T: serde::Serialize>(report: &T) -> Result<Self, serde_json::Error> {
        let v = serde_json::to_value(report)?;
        Dossier::from_value(&v)
    }
}

/// Code-point access to the documents' texts: built once per rendering, linear in the text.
pub struct Texts<'a> {
    docs: HashMap<&'a str, (&'a DocV, Vec<usize>)>,
}

impl<'a> Texts<'a> {
    /// Indexes every document's code-point boundaries.
    pub fn new(d: &'a Dossier) -> Self {
        let docs = d
            .documents
            .iter()
            .map(|doc| {
                let mut b: Vec<usize> = doc.text.char_indices().map(|(i, _)| i).collect();
                b.push(doc.text.len());
                (doc.id.as_str(), (doc, b))
            })
            .collect();
        Texts { docs }
    }

    /// The document with this id.
    pub fn doc(&self, id: &str) -> Option<&'a DocV> {
        self.docs.get(id).map(|(d, _)| *d)
    }

    /// The text of code points `[start, end)` of a document; empty when out of range.
    pub fn slice(&self, id: &str, start: usize, end: usize) -> &'a str {
        let Some((d, b)) = self.docs.get(id) else {
            return "";
        };
        let n = b.len() - 1;
        let (s, e) = (start.min(n), end.min(n));
        if s >= e {
            return "";
        }
        d.text.get(b[s]..b[e]).unwrap_or("")
    }

    /// The outlet name of a document, or its source when the outlet is unknown.
    pub fn outlet(&self, id: &str) -> String {
        match self.doc(id) {
            Some(d) => outlet_of(d),
            None => id.to_string(),
        }
    }

    /// The publication day of a document, when known.
    pub fn published(&self, id: &str) -> Option<&'a str> {
        self.doc(id)
            .and_then(|d| d.meta.published.as_ref())
            .map(|k| k.value.as_str())
    }
}

/// A document's outlet, or a short form of its source path when the outlet is unknown.
pub fn outlet_of(d: &DocV) -> String {
    match &d.meta.outlet {
        Some(o) => o.value.clone(),
        None => d
            .source
            .rsplit(['/', '\\'])
            .next()
            .unwrap_or(&d.source)
            .to_string(),
    }
}

/// A document's title: metadata title, else the headline, else its source.
pub fn title_of(d: &DocV, t: &Texts<'_>) -> String {
    if let Some(title) = &d.meta.title {
        return title.clone();
    }
    if let Some(h) = d.headline {
        let s = t.slice(&d.id, h.start, h.end);
        if !s.trim().is_empty() {
            return s.trim().to_string();
        }
    }
    d.source.clone()
}

/// Collapses runs of white space to one space and shortens to at most `max` code points,
/// cutting at a word boundary and marking the cut with an ellipsis.
pub fn snippet(s: &str, max: usize) -> String {
    let mut out = String::with_capacity(s.len().min(max * 4));
    let mut n = 0;
    let mut cut = false;
    for w in s.split_whitespace() {
        let len = w.chars().count();
        if n > 0 && n + 1 + len > max {
            cut = true;
            break;
        }
        if n > 0 {
            out.push(' ');
            n += 1;
        }
        if len > max {
            out.extend(w.chars().take(max));
            cut = true;
            break;
        }
        out.push_str(w);
        n += len;
    }
    if cut {
        out.push('…');
    }
    out
}

/// An entity's roles without repeats: one entry per role ("mayor of Senatobia") with the
/// evidence of every article giving it. A bare role ("mayor") folds into the one qualified
/// form of the same role when there is exactly one.
pub fn distinct_roles(e: &CrossEntityV) -> Vec<(String, Vec<&CiteV>)> {
    let mut groups: Vec<(String, Option<String>, Vec<&CiteV>)> = Vec::new();
    for r in &e.roles {
        let role = r.role.to_lowercase();
        let of = r.of_text.as_ref().map(|o| o.to_lowercase());
        match groups.iter_mut().find(|(g, o, _)| *g == role && *o == of) {
            Some((_, _, ev)) => ev.push(&r.evidence),
            None => groups.push((role, of, vec![&r.evidence])),
        }
    }
    let mut out: Vec<(String, Option<String>, Vec<&CiteV>)> = Vec::new();
    let mut bare: Vec<(String, Vec<&CiteV>)> = Vec::new();
    for (role, of, ev) in groups {
        if of.is_none() {
            bare.push((role, ev));
        } else {
            out.push((role, of, ev));
        }
    }
    for (role, ev) in bare {
        let qualified: Vec<usize> = (0..out.len()).filter(|&i| out[i].0 == role).collect();
        match qualified.as_slice() {
            [only] => out[*only].2.extend(ev),
            _ => out.push((role, None, ev)),
        }
    }
    out.into_iter()
        .map(|(role, of, ev)| {
            let shown = e
                .roles
                .iter()
                .find(|r| {
                    r.role.to_lowercase() == role
                        && r.of_text.as_ref().map(|o| o.to_lowercase()) == of
                })
                .map(|r| match &r.of_text {
                    Some(o) => format!("{} of {o}", r.role),
                    None => r.role.clone(),
                })
                .unwrap_or(role);
            (shown, ev)
        })
        .collect()
}

/// A snippet in curly quotes, unless the text already opens with a quotation mark (a quote
/// quoted again would read `““…`).
pub fn quoted(s: &str) -> String {
    if s.starts_with(['"', '“', '‘', '\'', '«']) {
        s.to_string()
    } else {
        format!("“{s}”")
    }
}

/// A document's lineage label and, when it is a reprint, the outlet it reprints: from
/// `lineages[]` (`id`, `origin_outlet`, `origin_doc`, `members`). `None` when linking did not run.
pub fn lineage_of(d: &Dossier, doc: &DocV) -> Option<(String, Option<String>)> {
    let id = doc.lineage.as_deref()?;
    let list = d.lineages.as_ref()?.as_array()?;
    let l = list
        .iter()
        .find(|l| l.get("id").and_then(Value::as_str) == Some(id))?;
    let members = l
        .get("members")
        .and_then(Value::as_array)
        .map_or(1, Vec::len);
    let origin_doc = l.get("origin_doc").and_then(Value::as_str);
    let origin_outlet = l.get("origin_outlet").and_then(Value::as_str);
    let label = if members > 1 {
        format!("{} ({members} articles)", origin_outlet.unwrap_or(id))
    } else {
        "independent".to_string()
    };
    let reprint = match (members > 1, origin_doc, origin_outlet) {
        (true, Some(o), Some(out)) if o != doc.id => Some(out.to_string()),
        (true, None, Some(out)) => Some(out.to_string()),
        _ => None,
    };
    Some((label, reprint))
}

/// One story of the dossier: which documents it covers. Until stories are computed, the whole
/// run is one story.
#[derive(Debug, Clone)]
pub struct StoryView {
    /// Story id.
    pub id: String,
    /// Documents in publication order (unknown dates last).
    pub docs: Vec<String>,
}

/// The stories of a dossier: from `stories[]` (each with `id` and `documents` or `docs`) when
/// present, else one story holding every document.
pub fn stories(d: &Dossier) -> Vec<StoryView> {
    let mut out = Vec::new();
    if let Some(Value::Array(list)) = &d.stories {
        for (i, s) in list.iter().enumerate() {
            let id = s
                .get("id")
                .and_then(Value::as_str)
                .map(str::to_string)
                .unwrap_or_else(|| format!("s{i}"));
            let docs = s
                .get("documents")
                .or_else(|| s.get("docs"))
                .and_then(Value::as_array)
                .map(|a| {
                    a.iter()
                        .filter_map(|v| v.as_str().or_else(|| v.get("doc").and_then(Value::as_str)))
                        .map(str::to_string)
                        .collect()
                })
                .unwrap_or_default();
            out.push(StoryView { id, docs });
        }
    }
    if out.is_empty() {
        let id = d
            .story
            .as_ref()
            .and_then(|s| s.get("id"))
            .and_then(Value::as_str)
            .unwrap_or("all");
        out.push(StoryView {
            id: id.to_string(),
            docs: d.documents.iter().map(|x| x.id.clone()).collect(),
        });
    }
    let order: HashMap<&str, (Option<&str>, usize)> = d
        .documents
        .iter()
        .enumerate()
        .map(|(i, x)| {
            (
                x.id.as_str(),
                (x.meta.published.as_ref().map(|p| p.value.as_str()), i),
            )
        })
        .collect();
    for s in &mut out {
        s.docs.sort_by_key(|id| match order.get(id.as_str()) {
            Some((Some(p), i)) => (0, p.to_string(), *i),
            Some((None, i)) => (1, String::new(), *i),
            None => (2, String::new(), 0),
        });
    }
    out
}

/// A parsed `YYYY[-MM[-DD]]` prefix of a TIMEX value, as an approximate day number for placing
/// events on a line; `None` for values without a year (`PRESENT_REF`, `XXXX-…`).
pub fn day_number(value: &str) -> Option<i64> {
    let mut parts = value.split(['-', 'T']);
    let y: i64 = parts.next()?.parse().ok()?;
    let m: i64 = parts
        .next()
        .and_then(|p| p.parse().ok())
        .filter(|m| (1..=12).contains(m))
        .unwrap_or(1);
    let d: i64 = parts
        .next()
        .and_then(|p| p.parse().ok())
        .filter(|d| (1..=31).contains(d))
        .unwrap_or(1);
    Some(y * 372 + (m - 1) * 31 + (d - 1))
}

/// The events of the timeline that a story's documents mention, with only those mentions.
pub fn story_events(d: &Dossier, docs: &[String]) -> Vec<EventV> {
    let set: std::collections::HashSet<&str> = docs.iter().map(String::as_str).collect();
    d.timeline
        .events
        .iter()
        .filter_map(|e| {
            let mentions: Vec<EventMentionV> = e
                .mentions
                .iter()
                .filter(|m| set.contains(m.doc.as_str()))
                .cloned()
                .collect();
            if mentions.is_empty() && !set.contains(e.description.doc.as_str()) {
                return None;
            }
            let mut e = e.clone();
            e.mentions = mentions;
            if !set.contains(e.description.doc.as_str()) {
                if let Some(m) = e.mentions.first() {
                    e.description = CiteV {
                        doc: m.doc.clone(),
                        start: m.sentence.start,
                        end: m.sentence.end,
                    };
                }
            }
            Some(e)
        })
        .collect()
}

/// The "not computed" note for sections whose analysis is not in this report.
pub const NOT_COMPUTED: &str =
    "Not computed: this report has no claims analysis yet (agreed facts, disputes, inconsistencies and unique statements come from the claims stage).";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn snippet_collapses_space_and_cuts_at_words() {
        assert_eq!(snippet("a  b\n\nc", 10), "a b c");
        assert_eq!(snippet("alpha beta gamma", 10), "alpha beta…");
        assert_eq!(snippet("abcdefghijkl", 5), "abcde…");
    }

    #[test]
    fn roles_are_listed_once_with_every_evidence() {
        let role = |role: &str, of: Option<&str>, doc: &str| CrossRoleV {
            role: role.into(),
            of_text: of.map(str::to_string),
            evidence: CiteV {
                doc: doc.into(),
                start: 0,
                end: 1,
            },
        };
        let e = CrossEntityV {
            roles: vec![
                role("mayor", None, "a"),
                role("mayor", Some("Alderton"), "b"),
                role("Mayor", Some("alderton"), "c"),
                role("chair", Some("the board"), "a"),
                role("chair", Some("the trust"), "b"),
                role("chair", None, "c"),
            ],
            ..Default::default()
        };
        let roles = distinct_roles(&e);
        let shown: Vec<(&str, usize)> =
            roles.iter().map(|(r, ev)| (r.as_str(), ev.len())).collect();
        assert_eq!(
            shown,
            vec![
                ("mayor of Alderton", 3),
                ("chair of the board", 1),
                ("chair of the trust", 1),
                ("chair", 1)
            ]
        );
    }

    #[test]
    fn quoted_does_not_double_quote_marks() {
        assert_eq!(quoted("no choice"), "“no choice”");
        assert_eq!(quoted("“No choice,” he said"), "“No choice,” he said");
        assert_eq!(quoted("\"No\" he said"), "\"No\" he said");
    }

    #[test]
    fn texts_slice_by_code_point() {
        let d = Dossier {
            documents: vec![DocV {
                id: "d1".into(),
                text: "héllo wörld".into(),
                ..Default::default()
            }],
            ..Default::default()
        };
        let t = Texts::new(&d);
        assert_eq!(t.slice("d1", 6, 11), "wörld");
        assert_eq!(t.slice("d1", 6, 99), "wörld");
        assert_eq!(t.slice("d1", 8, 2), "");
        assert_eq!(t.slice("nope", 0, 1), "");
    }

    #[test]
    fn day_numbers_order_dates() {
        assert!(day_number("2026-06").unwrap() < day_number("2026-06-02").unwrap());
        assert!(day_number("2025-12-31").unwrap() < day_number("2026-01-01").unwrap());
        assert_eq!(day_number("PRESENT_REF"), None);
    }
}
