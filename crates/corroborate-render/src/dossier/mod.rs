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
    /// Claims, when computed.
    pub claims: Option<Value>,
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
