//! People and agencies across stories (docs/people.md).
//!
//! [`refresh`] rebuilds the `people*` tables from every current story's cross-article entities
//! (`cross_entities`): persons with a full name merge on that name when they share a context
//! (an agency named in their roles, or a place of their stories, with no conflicting agency);
//! organisations merge on their case-folded name. A match on one name only, or on a full name
//! whose contexts conflict, is never merged: it is a `people_possible` row with its reason.
//! Members are grouped by a normalised name key (one pass; comparisons only inside a key).
//!
//! The dossiers ([`Store::person_dossier`]) are read from the stories' stored reports: roles
//! with their evidence, a dated timeline of the sentences that mention the entity and say
//! something about employment, investigations, charges, lawsuits, complaints or conduct (the
//! lexicon [`EVENTS`]), quotes by and about the entity, and for agencies the incident records
//! of their stories and the people holding roles in them. Every entry cites story, document and
//! code-point span.

#![deny(clippy::string_slice)]

use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};

use rusqlite::{params, Connection, OptionalExtension};
use serde::Serialize;
use serde_json::Value;

use crate::{char_bounds, n, s, slice, Result, Store};

/// What a sentence says about an entity: (category, phrases). A phrase is a sequence of
/// lower-case words; a word ending in `*` matches any word it begins. The first categories win
/// over later ones for the same words ("decertified" is not also "certification").
pub const EVENTS: &[(&str, &[&str])] = &[
    (
        "hired",
        &[
            "hired",
            "sworn in",
            "appointed",
            "promoted",
            "named chief",
            "named police chief",
            "joined the department",
            "joined the force",
            "began his career",
            "began her career",
        ],
    ),
    (
        "on leave",
        &[
            "administrative leave",
            "paid leave",
            "on leave",
            "suspended",
            "suspension",
            "desk duty",
            "administrative duty",
        ],
    ),
    (
        "resigned",
        &[
            "resign*",
            "stepped down",
            "steps down",
            "retired",
            "retirement",
        ],
    ),
    (
        "fired",
        &[
            "was fired",
            "been fired",
            "were fired",
            "fired him",
            "fired her",
            "terminated",
            "termination",
            "dismissed",
            "ousted",
        ],
    ),
    ("decertified", &["decertif*", "license revoked"]),
    ("certification", &["certif*"]),
    (
        "investigation",
        &["investigat*", "probe", "inquiry", "internal affairs"],
    ),
    (
        "charges",
        &["charged", "charges", "indicted", "indictment", "arrested"],
    ),
    (
        "lawsuit",
        &[
            "lawsuit*",
            "sued",
            "sues",
            "suing",
            "wrongful death",
            "settlement",
        ],
    ),
    (
        "complaint",
        &["complaint*", "complained", "grievance*", "misconduct"],
    ),
    (
        "conduct",
        &["remark*", "slur*", "racist", "racially", "offensive"],
    ),
    (
        "use of force",
        &[
            "shot",
            "shooting",
            "shootings",
            "opened fire",
            "fatally",
            "killed",
            "taser*",
            "use of force",
        ],
    ),
];

/// Categories whose words are not an event when negated ("cannot be hired").
const NEGATABLE: &[&str] = &["hired", "resigned", "fired"];

/// Words that negate an event word up to two words after them.
const NEGATIONS: &[&str] = &["not", "cannot", "can't", "never", "no", "won't"];

/// Words that say what kind of body or place something is rather than which one: left out of
/// the context keys so "Millbrook Police Department" and "Millbrook police" agree.
const GENERIC: &[&str] = &[
    "the",
    "a",
    "an",
    "of",
    "and",
    "for",
    "police",
    "department",
    "dept",
    "county",
    "city",
    "town",
    "state",
    "sheriff",
    "sheriffs",
    "office",
    "force",
    "agency",
    "family",
    "his",
    "her",
    "their",
    "its",
    "s",
    "office",
    "patrol",
    "highway",
];

/// Heads of the roles people hold in an agency (the last word of a role's normalised form):
/// an agency dossier lists its people by these roles.
const AGENCY_ROLES: &[&str] = &[
    "chief",
    "officer",
    "sergeant",
    "lieutenant",
    "captain",
    "deputy",
    "sheriff",
    "detective",
    "spokesperson",
    "commissioner",
    "director",
    "trooper",
    "corporal",
    "agent",
    "superintendent",
];

/// Name suffixes left out of a person's name key.
const SUFFIXES: &[&str] = &["jr", "sr", "ii", "iii", "iv"];

/// The categories of [`EVENTS`] a sentence falls in, in lexicon order.
pub fn event_categories(sentence: &str) -> Vec<&'static str> {
    event_matches(sentence).into_iter().map(|m| m.0).collect()
}

/// The categories of [`EVENTS`] a sentence falls in, each with the first word that says so.
pub fn event_matches(sentence: &str) -> Vec<(&'static str, String)> {
    let raw = raw_words(sentence);
    let words: Vec<String> = raw.iter().map(|w| w.to_lowercase()).collect();
    let mut used = vec![false; words.len()];
    let mut out = Vec::new();
    for (category, phrases) in EVENTS {
        let mut first: Option<usize> = None;
        for phrase in *phrases {
            let parts: Vec<&str> = phrase.split(' ').collect();
            for at in 0..words.len() {
                let fits = parts.iter().enumerate().all(|(k, p)| {
                    words
                        .get(at + k)
                        .is_some_and(|w| match p.strip_suffix('*') {
                            Some(stem) => w.starts_with(stem),
                            None => w == p,
                        })
                });
                let negated = NEGATABLE.contains(category)
                    && words
                        .get(at.saturating_sub(2)..at)
                        .is_some_and(|w| w.iter().any(|x| NEGATIONS.contains(&x.as_str())));
                if fits && !used[at] && !negated {
                    for u in used.iter_mut().skip(at).take(parts.len()) {
                        *u = true;
                    }
                    first = Some(first.map_or(at, |f| f.min(at)));
                }
            }
        }
        if let Some(at) = first {
            out.push((*category, raw[at].clone()));
        }
    }
    out
}

fn raw_words(text: &str) -> Vec<String> {
    text.split(|c: char| !(c.is_alphanumeric() || c == '\'' || c == '’'))
        .map(|w| w.trim_matches(['\'', '’']).to_string())
        .filter(|w| !w.is_empty())
        .collect()
}

fn words(text: &str) -> Vec<String> {
    raw_words(text).iter().map(|w| w.to_lowercase()).collect()
}

/// A person's name key: lower-case words, periods and name suffixes dropped.
pub fn name_key(name: &str) -> String {
    let w: Vec<String> = words(name)
        .into_iter()
        .filter(|w| !SUFFIXES.contains(&w.as_str()))
        .collect();
    w.join(" ")
}

/// An organisation's key: its lower-case words without "the", "of" and the words that only
/// say it is a department or an office ("Millbrook Police Department" and "Millbrook police"
/// agree; a sheriff's office and a police department of one town do not).
fn org_key(name: &str) -> String {
    words(name)
        .into_iter()
        .map(|w| w.trim_end_matches("'s").trim_end_matches("’s").to_string())
        .filter(|w| !["the", "of", "department", "dept", "office"].contains(&w.as_str()))
        .collect::<Vec<_>>()
        .join(" ")
}

/// The distinctive words of an agency or place phrase ("the Millbrook Police Department" ->
/// millbrook).
fn context_words(text: &str) -> BTreeSet<String> {
    words(text)
        .into_iter()
        .map(|w| w.trim_end_matches("'s").trim_end_matches("’s").to_string())
        .filter(|w| !GENERIC.contains(&w.as_str()) && w.chars().any(char::is_alphabetic))
        .collect()
}

/// One story's cross-article entity, as `refresh` reads it.
struct Member {
    story: String,
    entity: String,
    name: String,
    kind: String,
    mentions: i64,
    roles: Vec<Value>,
    agency: BTreeSet<String>,
    places: BTreeSet<String>,
}

/// A group of members that are one person or agency.
struct Cluster {
    members: Vec<(usize, Value)>,
    key: String,
    kind: String,
    agency: BTreeSet<String>,
    places: BTreeSet<String>,
    stories: BTreeSet<String>,
}

impl Cluster {
    fn new(i: usize, m: &Member, key: String, evidence: Value) -> Cluster {
        Cluster {
            members: vec![(i, evidence)],
            key,
            kind: m.kind.clone(),
            agency: m.agency.clone(),
            places: m.places.clone(),
            stories: [m.story.clone()].into(),
        }
    }

    fn add(&mut self, i: usize, m: &Member, evidence: Value) {
        self.members.push((i, evidence));
        self.agency.extend(m.agency.iter().cloned());
        self.places.extend(m.places.iter().cloned());
        self.stories.insert(m.story.clone());
    }

    /// Whether `m` is this person: `Ok(evidence)` or `Err(why not)`.
    fn accepts(&self, m: &Member) -> std::result::Result<Value, String> {
        if self.stories.contains(&m.story) {
            return Err("both named in one story, where they were kept apart".into());
        }
        let agency: Vec<&String> = self.agency.intersection(&m.agency).collect();
        let places: Vec<&String> = self.places.intersection(&m.places).collect();
        let conflict = !self.agency.is_empty() && !m.agency.is_empty() && agency.is_empty();
        if !agency.is_empty() || (!conflict && !places.is_empty()) {
            return Ok(serde_json::json!({
                "rule": "same full name and a shared context",
                "shared_agency": agency,
                "shared_places": places,
            }));
        }
        if conflict {
            let a: Vec<&String> = self.agency.iter().collect();
            let b: Vec<&String> = m.agency.iter().collect();
            Err(format!(
                "same name, different agencies ({} / {})",
                join(&a),
                join(&b)
            ))
        } else {
            Err("same name, no agency or place in common".into())
        }
    }
}

fn join(v: &[&String]) -> String {
    v.iter()
        .map(|x| x.as_str())
        .collect::<Vec<&str>>()
        .join(", ")
}

/// Rebuilds the `people`, `people_members`, `people_roles` and `people_possible` tables from
/// the current stories' `cross_entities`. Deterministic: the same stored stories give the same
/// rows.
pub(crate) fn refresh(conn: &Connection) -> Result<()> {
    let mut places: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    let mut members: Vec<Member> = Vec::new();
    {
        let mut q = conn.prepare(
            "SELECT story, id, name, kind, coalesce(mentions, 0), roles_json FROM cross_entities ORDER BY story, id",
        )?;
        let rows = q.query_map([], |r| {
            Ok((
                r.get::<_, String>(0)?,
                r.get::<_, String>(1)?,
                r.get::<_, String>(2)?,
                r.get::<_, Option<String>>(3)?.unwrap_or_default(),
                r.get::<_, i64>(4)?,
                r.get::<_, Option<String>>(5)?,
            ))
        })?;
        for row in rows {
            let (story, entity, name, kind, mentions, roles) = row?;
            if kind == "place" {
                places
                    .entry(story)
                    .or_default()
                    .extend(context_words(&name));
                continue;
            }
            if kind != "person" && kind != "organization" {
                continue;
            }
            let roles: Vec<Value> = match roles {
                Some(j) => serde_json::from_str::<Value>(&j)?
                    .as_array()
                    .cloned()
                    .unwrap_or_default(),
                None => Vec::new(),
            };
            let agency: BTreeSet<String> = if kind == "person" {
                roles
                    .iter()
                    .filter_map(|r| s(r, "of_text"))
                    .flat_map(|t| context_words(&t))
                    .collect()
            } else {
                context_words(&name)
            };
            members.push(Member {
                story,
                entity,
                name,
                kind,
                mentions,
                roles,
                agency,
                places: BTreeSet::new(),
            });
        }
    }
    for m in &mut members {
        if let Some(p) = places.get(&m.story) {
            m.places = p.clone();
        }
    }
    // One pass over the members, each compared only with the groups of its own name key.
    let mut clusters: Vec<Cluster> = Vec::new();
    let mut by_key: BTreeMap<(String, String), Vec<usize>> = BTreeMap::new();
    let mut possible: BTreeSet<(usize, usize, String)> = BTreeSet::new();
    for (i, m) in members.iter().enumerate() {
        let key = if m.kind == "person" {
            name_key(&m.name)
        } else {
            org_key(&m.name)
        };
        if key.is_empty() {
            continue;
        }
        let full = m.kind != "person" || key.contains(' ');
        let slot = by_key.entry((m.kind.clone(), key.clone())).or_default();
        if !full {
            // One name only: never merged; matched to the others below.
            clusters.push(Cluster::new(
                i,
                m,
                key,
                serde_json::json!({"rule": "first mention"}),
            ));
            slot.push(clusters.len() - 1);
            continue;
        }
        if m.kind != "person" {
            match slot.first() {
                Some(&c) => {
                    clusters[c].add(i, m, serde_json::json!({"rule": "same organisation name"}))
                }
                None => {
                    clusters.push(Cluster::new(
                        i,
                        m,
                        key,
                        serde_json::json!({"rule": "first mention"}),
                    ));
                    slot.push(clusters.len() - 1);
                }
            }
            continue;
        }
        let mut joined = None;
        let mut refused = Vec::new();
        for &c in slot.iter() {
            match clusters[c].accepts(m) {
                Ok(evidence) if joined.is_none() => joined = Some((c, evidence)),
                Ok(_) => {}
                Err(why) => refused.push((c, why)),
            }
        }
        let at = match joined {
            Some((c, evidence)) => {
                clusters[c].add(i, m, evidence);
                c
            }
            None => {
                clusters.push(Cluster::new(
                    i,
                    m,
                    key,
                    serde_json::json!({"rule": "first mention"}),
                ));
                slot.push(clusters.len() - 1);
                clusters.len() - 1
            }
        };
        for (c, why) in refused {
            if c != at {
                possible.insert((c.min(at), c.max(at), why));
            }
        }
    }
    // One-name persons against the full names with that first or last name, and each other.
    let mut by_part: BTreeMap<String, Vec<usize>> = BTreeMap::new();
    for (c, cl) in clusters.iter().enumerate() {
        if cl.kind == "person" && cl.key.contains(' ') {
            let parts: Vec<&str> = cl.key.split(' ').collect();
            for p in [parts.first(), parts.last()].into_iter().flatten() {
                let list = by_part.entry(p.to_string()).or_default();
                if list.last() != Some(&c) {
                    list.push(c);
                }
            }
        }
    }
    for ((kind, key), list) in &by_key {
        if kind != "person" || key.contains(' ') {
            continue;
        }
        for (k, &a) in list.iter().enumerate() {
            for &b in by_part.get(key).into_iter().flatten() {
                possible.insert((
                    a.min(b),
                    a.max(b),
                    format!("only the name \u{201c}{key}\u{201d} in common"),
                ));
            }
            for &b in list.iter().skip(k + 1) {
                possible.insert((
                    a.min(b),
                    a.max(b),
                    format!("only the name \u{201c}{key}\u{201d} in common"),
                ));
            }
        }
    }
    write(conn, &members, &clusters, &possible)
}

fn display_name(members: &[Member], cl: &Cluster) -> String {
    let mut counts: BTreeMap<&str, usize> = BTreeMap::new();
    for (i, _) in &cl.members {
        *counts.entry(members[*i].name.as_str()).or_default() += 1;
    }
    counts
        .into_iter()
        .max_by(|a, b| {
            a.1.cmp(&b.1)
                .then(a.0.chars().count().cmp(&b.0.chars().count()))
                .then(b.0.cmp(a.0))
        })
        .map(|(n, _)| n.to_string())
        .unwrap_or_default()
}

fn slug(name: &str) -> String {
    let mut out = String::new();
    for w in words(name) {
        let w: String = w.chars().filter(char::is_ascii_alphanumeric).collect();
        if w.is_empty() || out.len() + w.len() > 48 {
            continue;
        }
        if !out.is_empty() {
            out.push('-');
        }
        out.push_str(&w);
    }
    if out.is_empty() {
        out.push('x');
    }
    out
}

fn write(
    conn: &Connection,
    members: &[Member],
    clusters: &[Cluster],
    possible: &BTreeSet<(usize, usize, String)>,
) -> Result<()> {
    for table in [
        "people_possible",
        "people_roles",
        "people_members",
        "people",
    ] {
        conn.execute(&format!("DELETE FROM {table}"), [])?;
    }
    // Ids: a slug of the name, numbered when several groups share it, in (key, first member)
    // order, so that ids do not depend on hash order.
    let mut order: Vec<usize> = (0..clusters.len()).collect();
    let first = |c: &Cluster| {
        let m = &members[c.members[0].0];
        (
            c.kind.clone(),
            c.key.clone(),
            m.story.clone(),
            m.entity.clone(),
        )
    };
    order.sort_by_key(|&c| first(&clusters[c]));
    let mut ids: Vec<String> = vec![String::new(); clusters.len()];
    let mut used: HashMap<String, usize> = HashMap::new();
    for &c in &order {
        let cl = &clusters[c];
        let prefix = if cl.kind == "person" { "p-" } else { "a-" };
        let base = format!("{prefix}{}", slug(&display_name(members, cl)));
        let k = used.entry(base.clone()).or_default();
        *k += 1;
        ids[c] = if *k == 1 { base } else { format!("{base}-{k}") };
    }
    let mut docs = DocCache::default();
    let mut person = conn.prepare(
        "INSERT INTO people (id, kind, name, name_key, stories, mentions) VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
    )?;
    let mut member = conn.prepare(
        "INSERT OR IGNORE INTO people_members (person, story, entity, name, evidence_json) VALUES (?1, ?2, ?3, ?4, ?5)",
    )?;
    let mut role = conn.prepare(
        "INSERT INTO people_roles (person, idx, story, role, normalized, of_text, doc, start, \"end\", published, text)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)",
    )?;
    for &c in &order {
        let cl = &clusters[c];
        let id = &ids[c];
        let mentions: i64 = cl.members.iter().map(|(i, _)| members[*i].mentions).sum();
        person.execute(params![
            id,
            cl.kind,
            display_name(members, cl),
            cl.key,
            cl.stories.len() as i64,
            mentions
        ])?;
        let mut idx = 0i64;
        for (i, evidence) in &cl.members {
            let m = &members[*i];
            member.execute(params![id, m.story, m.entity, m.name, evidence.to_string()])?;
            let mut seen = HashSet::new();
            for r in &m.roles {
                let Some(ev) = r.get("evidence") else {
                    continue;
                };
                let Some(doc) = s(ev, "doc") else { continue };
                let name = s(r, "role").unwrap_or_default();
                let of = s(r, "of_text");
                if !seen.insert((name.clone(), of.clone())) {
                    continue;
                }
                let (text, published) = docs.get(conn, &doc, n(ev, "start"), n(ev, "end"))?;
                role.execute(params![
                    id,
                    idx,
                    m.story,
                    name,
                    s(r, "normalized"),
                    of,
                    doc,
                    n(ev, "start") as i64,
                    n(ev, "end") as i64,
                    published,
                    text
                ])?;
                idx += 1;
            }
        }
    }
    let mut poss = conn.prepare(
        "INSERT OR IGNORE INTO people_possible (person, other, reason) VALUES (?1, ?2, ?3)",
    )?;
    for (a, b, why) in possible {
        poss.execute(params![ids[*a], ids[*b], why])?;
        poss.execute(params![ids[*b], ids[*a], why])?;
    }
    Ok(())
}

/// A document's text with its char boundaries, outlet and publication day.
struct DocText {
    text: String,
    bounds: Vec<usize>,
    outlet: Option<String>,
    published: Option<String>,
}

/// Document texts and publication days, read once each.
#[derive(Default)]
struct DocCache {
    docs: HashMap<String, Option<DocText>>,
}

impl DocCache {
    /// The text of a span and its document's publication day.
    fn get(
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
    value: Value,
    texts: HashMap<String, DocText>,
}

impl Report {
    fn new(value: Value) -> Report {
        let mut texts = HashMap::new();
        for d in value
            .get("documents")
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
        {
            let text = s(d, "text").unwrap_or_default();
            let b = char_bounds(&text);
            let outlet = d.pointer("/meta/outlet/value").and_then(Value::as_str);
            let published = d.pointer("/meta/published/value").and_then(Value::as_str);
            texts.insert(
                s(d, "id").unwrap_or_default(),
                DocText {
                    text,
                    bounds: b,
                    outlet: outlet.map(str::to_string),
                    published: published.map(str::to_string),
                },
            );
        }
        Report { value, texts }
    }

    fn list(&self, key: &str) -> impl Iterator<Item = &Value> {
        self.value
            .get(key)
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
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
                    reports.insert(story.clone(), Report::new(v));
                }
            }
            let Some(rep) = reports.get(story) else {
                continue;
            };
            let ids = entity_ids.entry(story.clone()).or_default();
            for x in rep.list("cross_entities") {
                if s(x, "id").as_deref() != Some(cross.as_str()) {
                    continue;
                }
                for m in x
                    .get("members")
                    .and_then(Value::as_array)
                    .into_iter()
                    .flatten()
                {
                    if let Some(doc) = s(m, "doc") {
                        ids.insert(format!("{doc}#e{}", n(m, "entity")));
                    }
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
            for q in rep.list("quotes") {
                let Some(doc) = s(q, "doc") else { continue };
                let cite = rep.cite(story, &doc, n(q, "start"), n(q, "end"));
                let entry = QuoteEntry {
                    kind: s(q, "kind"),
                    speaker: s(q, "speaker_canonical").or_else(|| s(q, "speaker_name")),
                    cite,
                };
                if s(q, "speaker_id").is_some_and(|x| ids.contains(&x)) {
                    quotes_by.push(entry);
                } else if spans.get(&doc).is_some_and(|v| {
                    v.iter()
                        .any(|(a, b)| *a >= n(q, "start") && *b <= n(q, "end"))
                }) {
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
             WHERE {condition} ORDER BY r.published, r.story, r.doc, r.start, r.person"
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
    for m in rep.list("mentions") {
        if s(m, "entity_id").is_some_and(|e| ids.contains(&e)) {
            if let Some(doc) = s(m, "doc") {
                out.entry(doc)
                    .or_default()
                    .push((n(m, "start"), n(m, "end")));
            }
        }
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
    for d in rep.list("dates") {
        let (Some(doc), Some(value)) = (s(d, "doc"), s(d, "value")) else {
            continue;
        };
        if calendar(&value).is_some() {
            dates.entry(doc).or_default().push((n(d, "start"), value));
        }
    }
    let mut position: HashMap<String, usize> = HashMap::new();
    for sent in rep.list("sentences") {
        let Some(doc) = s(sent, "doc") else { continue };
        let slot = position.entry(doc.clone()).or_insert(0);
        let index = *slot;
        *slot += 1;
        let (a, b) = (n(sent, "start"), n(sent, "end"));
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
    for r in rep.list("records") {
        let mut fields = Vec::new();
        for f in r
            .get("fields")
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
        {
            let Some(value) = s(f, "value") else { continue };
            let ev = f
                .pointer("/values/0/evidence/0")
                .and_then(|e| Some((s(e, "doc")?, n(e, "start"), n(e, "end"))));
            fields.push(RecordField {
                name: s(f, "name").unwrap_or_default(),
                value,
                cite: ev.map(|(doc, a, b)| rep.cite(story, &doc, a, b)),
            });
        }
        out.push(Incident {
            story: story.to_string(),
            schema: s(r, "schema").unwrap_or_default(),
            fields,
        });
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn event_categories_generalise_over_word_forms() {
        assert_eq!(
            event_categories("He resigned in May after being placed on administrative leave."),
            vec!["on leave", "resigned"]
        );
        assert_eq!(
            event_categories("The board decertified the officer."),
            vec!["decertified"]
        );
        assert_eq!(
            event_categories("He remains certified as of October."),
            vec!["certification"]
        );
        assert!(event_categories("The weather was fine.").is_empty());
        assert!(event_categories("so that he cannot be hired elsewhere").is_empty());
    }

    #[test]
    fn context_words_drop_generic_agency_words() {
        let a = context_words("the Millbrook Police Department");
        let b = context_words("Millbrook police");
        assert_eq!(a, b);
        assert_eq!(name_key("Hunter Foster Jr."), "hunter foster");
    }
}
