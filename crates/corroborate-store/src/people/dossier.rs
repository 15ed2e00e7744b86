//! Person and agency dossiers read back from the stored stories (docs/people.md): roles with
//! their evidence, a dated timeline of what each story says about the entity, quotes by and
//! about it, and for agencies the incident records of their stories. The people tables these
//! read are built by [`super::refresh`].

#![deny(clippy::string_slice)]

use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};

use rusqlite::{params, Connection, OptionalExtension};
use serde::Serialize;
use serde_json::Value;

use super::{context_words, event_matches, name_key, refresh, words, AGENCY_ROLES};
use corroborate_render::dossier::Dossier;

use crate::{char_bounds, slice, text_of, Result, Store};

/// A document's text with its char boundaries, outlet and publication day.
struct DocText {
    text: String,
    bounds: Vec<usize>,
    outlet: Option<String>,
    published: Option<String>,
}

/// Document texts and publication days, read once each.
#[derive(Default)]
pub(super) struct DocCache {
    docs: HashMap<String, Option<DocText>>,
}

impl DocCache {
    /// The text of a span and its document's publication day.
    pub(super) fn get(
        &mut self,
        conn: &Connection,
        doc: &str,
        start: u64,
        end: u64,
    ) -> Result<(String, Option<String>)> {
        if !self.docs.contains_key(doc) {
            let row: Option<(String, Option<String>)> = conn
                .query_row(
                    "SELECT text, published FROM documents WHERE id = ?1",
                    [doc],
                    |r| Ok((r.get(0)?, r.get(1)?)),
                )
                .optional()?;
            let entry = row.map(|(text, published)| DocText {
                bounds: char_bounds(&text),
                text,
                outlet: None,
                published,
            });
            self.docs.insert(doc.to_string(), entry);
        }
        Ok(match self.docs.get(doc).and_then(Option::as_ref) {
            Some(d) => (
                slice(&d.text, &d.bounds, start, end).to_string(),
                d.published.clone(),
            ),
            None => (String::new(), None),
        })
    }
}

/// A cited span: story, document, code-point offsets and the text they hold.
#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct Cite {
    /// Story id.
    pub story: String,
    /// Document id.
    pub doc: String,
    /// The document's outlet, when known.
    pub outlet: Option<String>,
    /// The document's publication day, when known.
    pub published: Option<String>,
    /// Start (code points).
    pub start: u64,
    /// End (code points).
    pub end: u64,
    /// The text of the span.
    pub text: String,
}

/// A person or agency in a list.
#[derive(Debug, Clone, Serialize)]
pub struct PersonRow {
    /// Id (`p-…` for people, `a-…` for agencies and other organisations).
    pub id: String,
    /// `person` or `organization`.
    pub kind: String,
    /// Display name (the name its stories use most).
    pub name: String,
    /// Number of stories it appears in.
    pub stories: i64,
    /// Number of mentions across those stories.
    pub mentions: i64,
}

/// A story an entity appears in.
#[derive(Debug, Clone, Serialize)]
pub struct StoryRef {
    /// Story id.
    pub id: String,
    /// Story title.
    pub title: String,
    /// Earliest publication day of its articles.
    pub first_published: Option<String>,
    /// Latest publication day of its articles.
    pub last_published: Option<String>,
    /// The name the story uses.
    pub name: String,
    /// Why this story's entity is this person (the merge evidence).
    pub evidence: Value,
}

/// A role with its evidence.
#[derive(Debug, Clone, Serialize)]
pub struct RoleEntry {
    /// Person id (for an agency's people).
    pub person: String,
    /// Person name.
    pub name: String,
    /// The role as written ("interim police chief").
    pub role: String,
    /// Its normalised head ("police chief").
    pub normalized: Option<String>,
    /// What the role is of, as written.
    pub of_text: Option<String>,
    /// Where the text says so.
    pub cite: Cite,
}

/// An entry of an entity's timeline: a sentence that mentions it and says something the
/// [`EVENTS`] lexicon names.
#[derive(Debug, Clone, Serialize)]
pub struct TimelineEntry {
    /// The day (or month, year) the sentence states nearest to the trigger, else the article's
    /// publication day.
    pub date: Option<String>,
    /// `stated` (a date in the sentence) or `published` (as of the article's day).
    pub date_how: &'static str,
    /// The categories of [`EVENTS`] the sentence falls in.
    pub categories: Vec<&'static str>,
    /// The first word that names an event (the trigger of the first category).
    pub trigger: String,
    /// The sentence's position among its document's sentences (0 first).
    pub sentence: usize,
    /// The sentence.
    pub cite: Cite,
    /// Other articles with the same sentence (wire copies), by document id.
    pub also_in: Vec<String>,
}

/// A quote by or about an entity.
#[derive(Debug, Clone, Serialize)]
pub struct QuoteEntry {
    /// `direct`, `partial` or `indirect`.
    pub kind: Option<String>,
    /// The speaker's name, when the text names one.
    pub speaker: Option<String>,
    /// The quote.
    pub cite: Cite,
}

/// A name match left unmerged.
#[derive(Debug, Clone, Serialize)]
pub struct Possible {
    /// The other entity's id.
    pub id: String,
    /// Its name.
    pub name: String,
    /// Its story count.
    pub stories: i64,
    /// Why the two were not merged.
    pub reason: String,
}

/// A field of an incident record, with its first evidence.
#[derive(Debug, Clone, Serialize)]
pub struct RecordField {
    /// Field name.
    pub name: String,
    /// Filed value.
    pub value: String,
    /// Where a source states it.
    pub cite: Option<Cite>,
}

/// An incident record of one of an agency's stories.
#[derive(Debug, Clone, Serialize)]
pub struct Incident {
    /// Story id.
    pub story: String,
    /// Record schema (`police-use-of-force`).
    pub schema: String,
    /// The fields with a value.
    pub fields: Vec<RecordField>,
}

/// Everything the stored stories say about one person or agency.
#[derive(Debug, Clone, Serialize)]
pub struct EntityDossier {
    /// The entity.
    pub entity: PersonRow,
    /// Stories it appears in, oldest first, each with the merge evidence.
    pub stories: Vec<StoryRef>,
    /// Roles over time (a person's own roles; for an agency, roles of it held by people).
    pub roles: Vec<RoleEntry>,
    /// Dated timeline of what is said about it.
    pub timeline: Vec<TimelineEntry>,
    /// Quotes it is the speaker of.
    pub quotes_by: Vec<QuoteEntry>,
    /// Quotes that mention it.
    pub quotes_about: Vec<QuoteEntry>,
    /// Incident records of its stories (agencies).
    pub incidents: Vec<Incident>,
    /// Name matches not merged, with the reason.
    pub possibly_same: Vec<Possible>,
}

/// A story's report with its documents' texts, for citing spans.
struct Report {
    dossier: Dossier,
    texts: HashMap<String, DocText>,
}

impl Report {
    fn new(dossier: Dossier) -> Report {
        let mut texts = HashMap::new();
        for d in &dossier.documents {
            texts.insert(
                d.id.0.to_string(),
                DocText {
                    bounds: char_bounds(&d.text),
                    text: d.text.clone(),
                    outlet: d.meta.outlet.as_ref().map(|o| o.value.clone()),
                    published: d.meta.published.as_ref().and_then(|p| text_of(&p.value)),
                },
            );
        }
        Report { dossier, texts }
    }

    fn cite(&self, story: &str, doc: &str, start: u64, end: u64) -> Cite {
        let (text, outlet, published) = match self.texts.get(doc) {
            Some(d) => (
                slice(&d.text, &d.bounds, start, end).to_string(),
                d.outlet.clone(),
                d.published.clone(),
            ),
            None => (String::new(), None, None),
        };
        Cite {
            story: story.to_string(),
            doc: doc.to_string(),
            outlet,
            published,
            start,
            end,
            text,
        }
    }
}

/// A full calendar value (YYYY, YYYY-MM or YYYY-MM-DD), else `None`.
fn calendar(value: &str) -> Option<&str> {
    let ok = matches!(value.len(), 4 | 7 | 10)
        && value.char_indices().all(|(i, c)| {
            if i == 4 || i == 7 {
                c == '-'
            } else {
                c.is_ascii_digit()
            }
        });
    ok.then_some(value)
}

impl Store {
    /// Recomputes the people and agencies across stories from the stored stories (done after
    /// every relink; call it on a store written before the tables existed).
    pub fn refresh_people(&mut self) -> Result<()> {
        let tx = self.conn.transaction()?;
        refresh(&tx)?;
        tx.commit()?;
        Ok(())
    }

    /// Whether the people tables are empty while stories exist (a store from before them).
    pub fn people_missing(&self) -> Result<bool> {
        Ok(self.conn.query_row(
            "SELECT NOT EXISTS (SELECT 1 FROM people) AND EXISTS (SELECT 1 FROM cross_entities)",
            [],
            |r| r.get(0),
        )?)
    }

    /// People (`kind` `person`) or agencies (`organization`) whose name contains `query`
    /// (case-insensitive; all when empty), most stories first.
    pub fn search_people(&self, query: &str, kind: &str) -> Result<Vec<PersonRow>> {
        let like = format!(
            "%{}%",
            name_key(query).replace(['%', '_'], "").replace(' ', "%")
        );
        let mut q = self.conn.prepare(
            "SELECT id, kind, name, stories, mentions FROM people
             WHERE kind = ?1 AND (name_key LIKE ?2 OR lower(name) LIKE ?2)
             ORDER BY stories DESC, mentions DESC, id",
        )?;
        let rows = q.query_map(params![kind, like], row)?;
        Ok(rows.collect::<std::result::Result<_, _>>()?)
    }

    /// One person or agency by id.
    pub fn person(&self, id: &str) -> Result<Option<PersonRow>> {
        Ok(self
            .conn
            .query_row(
                "SELECT id, kind, name, stories, mentions FROM people WHERE id = ?1",
                [id],
                row,
            )
            .optional()?)
    }

    /// The people and agencies of a story, most mentioned first.
    pub fn people_of_story(&self, story: &str) -> Result<Vec<PersonRow>> {
        let mut q = self.conn.prepare(
            "SELECT DISTINCT p.id, p.kind, p.name, p.stories, p.mentions FROM people p
             JOIN people_members m ON m.person = p.id WHERE m.story = ?1
             ORDER BY p.kind DESC, p.mentions DESC, p.id",
        )?;
        let rows = q.query_map([story], row)?;
        Ok(rows.collect::<std::result::Result<_, _>>()?)
    }

    /// The dossier of a person or agency: `None` when there is no such id.
    pub fn person_dossier(&self, id: &str) -> Result<Option<EntityDossier>> {
        let Some(entity) = self.person(id)? else {
            return Ok(None);
        };
        let mut members: Vec<(String, String, String, String)> = Vec::new();
        {
            let mut q = self.conn.prepare(
                "SELECT story, entity, name, evidence_json FROM people_members WHERE person = ?1 ORDER BY story, entity",
            )?;
            for r in q.query_map([id], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?)))? {
                members.push(r?);
            }
        }
        let roles = if entity.kind == "person" {
            self.roles_where("person = ?1", id)?
        } else {
            let own: BTreeSet<String> = members.iter().map(|m| m.0.clone()).collect();
            let (roles, extra) = self.agency_roles(id, &own)?;
            for story in extra {
                members.push((
                    story,
                    String::new(),
                    entity.name.clone(),
                    serde_json::json!({"rule": "a person holds a role of this agency in the story"})
                        .to_string(),
                ));
            }
            roles
        };
        let mut stories = Vec::new();
        let mut reports: BTreeMap<String, Report> = BTreeMap::new();
        let mut entity_ids: HashMap<String, HashSet<String>> = HashMap::new();
        for (story, cross, name, evidence) in &members {
            let meta: Option<(String, Option<String>, Option<String>)> = self
                .conn
                .query_row(
                    "SELECT title, first_published, last_published FROM stories WHERE id = ?1",
                    [story],
                    |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)),
                )
                .optional()?;
            let Some((title, first, last)) = meta else {
                continue;
            };
            stories.push(StoryRef {
                id: story.clone(),
                title,
                first_published: first,
                last_published: last,
                name: name.clone(),
                evidence: serde_json::from_str(evidence)?,
            });
            if !reports.contains_key(story) {
                if let Some(v) = self.story_report(story, None)? {
                    reports.insert(story.clone(), Report::new(Dossier::from_value(&v)?));
                }
            }
            let Some(rep) = reports.get(story) else {
                continue;
            };
            let ids = entity_ids.entry(story.clone()).or_default();
            for x in rep.dossier.cross_entities.iter().filter(|x| x.id == *cross) {
                for m in &x.members {
                    ids.insert(format!("{}#e{}", m.doc.as_str(), m.entity));
                }
            }
        }
        stories.sort_by(|a, b| (&a.first_published, &a.id).cmp(&(&b.first_published, &b.id)));
        let mut timeline = Vec::new();
        let mut quotes_by = Vec::new();
        let mut quotes_about = Vec::new();
        let mut incidents = Vec::new();
        for (story, rep) in &reports {
            let ids = entity_ids.get(story).cloned().unwrap_or_default();
            let spans = mention_spans(rep, &ids);
            entity_timeline(story, rep, &spans, &mut timeline);
            for q in &rep.dossier.quotes {
                let doc = q.doc.as_str();
                let quote = &q.item.quote;
                let (start, end) = (quote.span.start as u64, quote.span.end as u64);
                let entry = QuoteEntry {
                    kind: text_of(&quote.kind),
                    speaker: quote.speaker_name.clone().or(q.item.speaker_name.clone()),
                    cite: rep.cite(story, doc, start, end),
                };
                if q.item.speaker_id.as_ref().is_some_and(|x| ids.contains(x)) {
                    quotes_by.push(entry);
                } else if spans
                    .get(doc)
                    .is_some_and(|v| v.iter().any(|(a, b)| *a >= start && *b <= end))
                {
                    quotes_about.push(entry);
                }
            }
            if entity.kind != "person" {
                incidents.extend(story_incidents(story, rep));
            }
        }
        dedup_timeline(&mut timeline);
        let sort_quotes = |v: &mut Vec<QuoteEntry>| {
            v.sort_by(|a, b| {
                (&a.cite.published, &a.cite.story, &a.cite.doc, a.cite.start).cmp(&(
                    &b.cite.published,
                    &b.cite.story,
                    &b.cite.doc,
                    b.cite.start,
                ))
            })
        };
        sort_quotes(&mut quotes_by);
        sort_quotes(&mut quotes_about);
        let by: HashSet<(String, u64, u64)> = quotes_by
            .iter()
            .map(|q| (q.cite.doc.clone(), q.cite.start, q.cite.end))
            .collect();
        let mut seen = HashSet::new();
        quotes_about.retain(|q| {
            let k = (q.cite.doc.clone(), q.cite.start, q.cite.end);
            !by.contains(&k) && seen.insert(k)
        });
        let mut possibly_same = Vec::new();
        {
            let mut q = self.conn.prepare(
                "SELECT p.id, p.name, p.stories, x.reason FROM people_possible x JOIN people p ON p.id = x.other
                 WHERE x.person = ?1 ORDER BY p.id",
            )?;
            for r in q.query_map([id], |r| {
                Ok(Possible {
                    id: r.get(0)?,
                    name: r.get(1)?,
                    stories: r.get(2)?,
                    reason: r.get(3)?,
                })
            })? {
                possibly_same.push(r?);
            }
        }
        Ok(Some(EntityDossier {
            entity,
            stories,
            roles,
            timeline,
            quotes_by,
            quotes_about,
            incidents,
            possibly_same,
        }))
    }

    fn roles_where(&self, condition: &str, arg: &str) -> Result<Vec<RoleEntry>> {
        let mut q = self.conn.prepare(&format!(
            "SELECT r.person, p.name, r.role, r.normalized, r.of_text, r.story, r.doc, r.start, r.\"end\", r.published, r.text, d.outlet
             FROM people_roles r JOIN people p ON p.id = r.person JOIN documents d ON d.id = r.doc
             WHERE {condition} ORDER BY r.published, r.story, r.doc, r.start, r.person, r.idx"
        ))?;
        let rows = q.query_map([arg], |r| {
            Ok(RoleEntry {
                person: r.get(0)?,
                name: r.get(1)?,
                role: r.get(2)?,
                normalized: r.get(3)?,
                of_text: r.get(4)?,
                cite: Cite {
                    story: r.get(5)?,
                    doc: r.get(6)?,
                    start: r.get::<_, i64>(7)? as u64,
                    end: r.get::<_, i64>(8)? as u64,
                    published: r.get(9)?,
                    text: r.get::<_, Option<String>>(10)?.unwrap_or_default(),
                    outlet: r.get(11)?,
                },
            })
        })?;
        Ok(rows.collect::<std::result::Result<_, _>>()?)
    }

    /// People's roles in an agency, and the stories they are stated in: a role whose head is an
    /// agency role ([`AGENCY_ROLES`]) and whose `of_text` names the agency (its words are among
    /// the agency's name words), or that names no one in a story of the agency.
    fn agency_roles(
        &self,
        id: &str,
        stories: &BTreeSet<String>,
    ) -> Result<(Vec<RoleEntry>, BTreeSet<String>)> {
        let name: String =
            self.conn
                .query_row("SELECT name FROM people WHERE id = ?1", [id], |r| r.get(0))?;
        let own = context_words(&name);
        if own.is_empty() {
            return Ok((Vec::new(), BTreeSet::new()));
        }
        let all: Vec<RoleEntry> = self
            .roles_where("p.kind = ?1", "person")?
            .into_iter()
            .filter(|r| {
                let head = r.normalized.as_deref().unwrap_or(&r.role);
                head.split(' ')
                    .next_back()
                    .is_some_and(|w| AGENCY_ROLES.contains(&w))
            })
            .collect();
        let named = |r: &RoleEntry| {
            let of = r.of_text.as_deref().map(context_words).unwrap_or_default();
            !of.is_empty() && of.is_subset(&own)
        };
        let extra: BTreeSet<String> = all
            .iter()
            .filter(|r| named(r))
            .map(|r| r.cite.story.clone())
            .filter(|s| !stories.contains(s))
            .collect();
        let roles = all
            .into_iter()
            .filter(|r| {
                named(r)
                    || (r.of_text.is_none()
                        && (stories.contains(&r.cite.story) || extra.contains(&r.cite.story)))
            })
            .collect();
        Ok((roles, extra))
    }
}

fn row(r: &rusqlite::Row<'_>) -> rusqlite::Result<PersonRow> {
    Ok(PersonRow {
        id: r.get(0)?,
        kind: r.get(1)?,
        name: r.get(2)?,
        stories: r.get(3)?,
        mentions: r.get(4)?,
    })
}

/// The spans (per document) of the mentions of the given entities.
fn mention_spans(rep: &Report, ids: &HashSet<String>) -> BTreeMap<String, Vec<(u64, u64)>> {
    let mut out: BTreeMap<String, Vec<(u64, u64)>> = BTreeMap::new();
    for m in rep
        .dossier
        .mentions
        .iter()
        .filter(|m| ids.contains(&m.item.entity_id))
    {
        let at = m.item.mention.span;
        out.entry(m.doc.0.to_string())
            .or_default()
            .push((at.start as u64, at.end as u64));
    }
    out
}

/// The sentences mentioning the entity that the event lexicon classifies, with their dates.
fn entity_timeline(
    story: &str,
    rep: &Report,
    spans: &BTreeMap<String, Vec<(u64, u64)>>,
    out: &mut Vec<TimelineEntry>,
) {
    let mut dates: BTreeMap<String, Vec<(u64, String)>> = BTreeMap::new();
    for d in &rep.dossier.dates {
        let Some(value) = &d.item.value else {
            continue;
        };
        if calendar(value).is_some() {
            let start = d.item.span.start as u64;
            dates
                .entry(d.doc.0.to_string())
                .or_default()
                .push((start, value.clone()));
        }
    }
    let mut position: HashMap<String, usize> = HashMap::new();
    for sent in &rep.dossier.sentences {
        let doc = sent.doc.0.to_string();
        let slot = position.entry(doc.clone()).or_insert(0);
        let index = *slot;
        *slot += 1;
        let (a, b) = (sent.item.start as u64, sent.item.end as u64);
        let Some(ms) = spans.get(&doc) else { continue };
        if !ms.iter().any(|(x, y)| *x >= a && *y <= b) {
            continue;
        }
        let cite = rep.cite(story, &doc, a, b);
        let matches = event_matches(&cite.text);
        let Some(trigger) = matches.first().map(|m| m.1.clone()) else {
            continue;
        };
        let categories = matches.iter().map(|m| m.0).collect();
        // The sentence's date nearest to the word that names the event.
        let at_trigger = cite
            .text
            .find(trigger.as_str())
            .and_then(|byte| cite.text.get(..byte))
            .map_or(a, |before| a + before.chars().count() as u64);
        let stated = dates
            .get(&doc)
            .and_then(|v| {
                v.iter()
                    .filter(|(at, _)| *at >= a && *at < b)
                    .min_by_key(|(at, _)| at.abs_diff(at_trigger))
            })
            .map(|(_, v)| v.clone());
        let (date, date_how) = match stated {
            Some(d) => (Some(d), "stated"),
            None => (cite.published.clone(), "published"),
        };
        out.push(TimelineEntry {
            date,
            date_how,
            categories,
            trigger,
            sentence: index,
            cite,
            also_in: Vec::new(),
        });
    }
}

/// Sorts a timeline by date and folds repeated sentences (wire copies) into their first entry.
fn dedup_timeline(v: &mut Vec<TimelineEntry>) {
    v.sort_by(|a, b| {
        (
            &a.date,
            &a.cite.published,
            &a.cite.story,
            &a.cite.doc,
            a.cite.start,
        )
            .cmp(&(
                &b.date,
                &b.cite.published,
                &b.cite.story,
                &b.cite.doc,
                b.cite.start,
            ))
    });
    let mut seen: HashMap<String, usize> = HashMap::new();
    let mut out: Vec<TimelineEntry> = Vec::new();
    for e in v.drain(..) {
        let key = words(&e.cite.text).join(" ");
        match seen.get(&key) {
            Some(&i) => out[i].also_in.push(e.cite.doc),
            None => {
                seen.insert(key, out.len());
                out.push(e);
            }
        }
    }
    *v = out;
}

/// A story's incident records, the fields with a value and their first evidence.
fn story_incidents(story: &str, rep: &Report) -> Vec<Incident> {
    let mut out = Vec::new();
    for r in &rep.dossier.records {
        let mut fields = Vec::new();
        for f in &r.fields {
            let Some(value) = f.value.clone() else {
                continue;
            };
            let ev = f.values.first().and_then(|v| v.evidence.first());
            fields.push(RecordField {
                name: f.name.clone(),
                value,
                cite: ev.map(|e| rep.cite(story, e.doc.as_str(), e.start as u64, e.end as u64)),
            });
        }
        out.push(Incident {
            story: story.to_string(),
            schema: r.schema.clone(),
            fields,
        });
    }
    out
}
