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
use std::rc::Rc;

use rusqlite::{params, Connection};
use rustc_hash::{FxHashMap, FxHashSet};

mod dossier;

use dossier::DocCache;

pub use dossier::{
    Cite, EntityDossier, Incident, PersonRow, Possible, QuoteEntry, RecordField, RoleEntry,
    StoryRef, TimelineEntry,
};

use crate::Result;
use corroborate_reconcile::entities::CrossRole;

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
    roles: Vec<CrossRole>,
    agency: BTreeSet<String>,
    /// The context words of its story's places (shared by the story's members).
    places: Rc<BTreeSet<String>>,
}

/// The evidence of a group's first member, as JSON.
const FIRST_MENTION: &str = r#"{"rule":"first mention"}"#;
/// The evidence of an organisation's later members, as JSON.
const SAME_ORGANISATION: &str = r#"{"rule":"same organisation name"}"#;

/// A group of members that are one person or agency.
struct Cluster {
    /// Members with their evidence (JSON).
    members: Vec<(usize, String)>,
    key: String,
    kind: String,
    agency: BTreeSet<String>,
    places: BTreeSet<String>,
    stories: BTreeSet<String>,
}

impl Cluster {
    fn new(i: usize, m: &Member, key: String, evidence: String) -> Cluster {
        Cluster {
            members: vec![(i, evidence)],
            key,
            kind: m.kind.clone(),
            agency: m.agency.clone(),
            places: (*m.places).clone(),
            stories: [m.story.clone()].into(),
        }
    }

    fn add(&mut self, i: usize, m: &Member, evidence: String) {
        self.members.push((i, evidence));
        self.agency.extend(m.agency.iter().cloned());
        self.places.extend(m.places.iter().cloned());
        self.stories.insert(m.story.clone());
    }

    /// Whether `m` is this person: `Ok(evidence)` or `Err(why not)`.
    fn accepts(&self, m: &Member) -> std::result::Result<String, String> {
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
            })
            .to_string());
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
    let mut places: BTreeMap<String, Rc<BTreeSet<String>>> = BTreeMap::new();
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
                Rc::make_mut(places.entry(story).or_default()).extend(context_words(&name));
                continue;
            }
            if kind != "person" && kind != "organization" {
                continue;
            }
            let roles: Vec<CrossRole> = match roles {
                Some(j) => serde_json::from_str(&j)?,
                None => Vec::new(),
            };
            let agency: BTreeSet<String> = if kind == "person" {
                roles
                    .iter()
                    .filter_map(|r| r.of_text.as_deref())
                    .flat_map(context_words)
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
                places: Rc::default(),
            });
        }
    }
    for m in &mut members {
        if let Some(p) = places.get(&m.story) {
            m.places = Rc::clone(p);
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
            clusters.push(Cluster::new(i, m, key, FIRST_MENTION.to_string()));
            slot.push(clusters.len() - 1);
            continue;
        }
        if m.kind != "person" {
            match slot.first() {
                Some(&c) => clusters[c].add(i, m, SAME_ORGANISATION.to_string()),
                None => {
                    clusters.push(Cluster::new(i, m, key, FIRST_MENTION.to_string()));
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
                clusters.push(Cluster::new(i, m, key, FIRST_MENTION.to_string()));
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

/// A row of `people`: kind, name, name key, stories, mentions (keyed by id).
type PersonValues = (String, String, String, i64, i64);
/// A row of `people_members`: name and evidence (keyed by person, story, entity).
type MemberValues = (String, String);
/// A row of `people_roles` (keyed by person, idx): story, role, normalised role, agency text,
/// document, start, end, publication day, text.
type RoleValues = (
    String,
    String,
    Option<String>,
    Option<String>,
    String,
    i64,
    i64,
    Option<String>,
    Option<String>,
);

/// The rows one table should hold, in the order they are computed; the first row of a key wins,
/// as `INSERT OR IGNORE` would have it.
struct Rows<K, V> {
    rows: Vec<(K, V)>,
    keys: FxHashSet<K>,
}

impl<K: Clone + Eq + std::hash::Hash, V> Rows<K, V> {
    fn new() -> Self {
        Self {
            rows: Vec::new(),
            keys: FxHashSet::default(),
        }
    }

    fn push(&mut self, key: K, values: V) {
        if self.keys.insert(key.clone()) {
            self.rows.push((key, values));
        }
    }
}

/// Brings one table from its `stored` rows to `wanted`: deletes the rows no longer wanted and
/// writes those that are new or changed. A relink changes the people of the stories it touched
/// only, so most rows are left as they are and the write is proportional to the change.
fn sync_rows<K: Eq + std::hash::Hash, V: PartialEq>(
    wanted: Rows<K, V>,
    mut stored: FxHashMap<K, V>,
    mut delete: impl FnMut(&K) -> Result<()>,
    mut upsert: impl FnMut(&K, &V) -> Result<()>,
) -> Result<()> {
    let mut changed = Vec::new();
    for (key, values) in &wanted.rows {
        if stored.remove(key).as_ref() != Some(values) {
            changed.push((key, values));
        }
    }
    for key in stored.keys() {
        delete(key)?;
    }
    for (key, values) in changed {
        upsert(key, values)?;
    }
    Ok(())
}

/// Every row of a table, by key.
fn read_rows<K: Eq + std::hash::Hash, V>(
    conn: &Connection,
    sql: &str,
    row: impl Fn(&rusqlite::Row<'_>) -> rusqlite::Result<(K, V)>,
) -> Result<FxHashMap<K, V>> {
    let mut q = conn.prepare(sql)?;
    let rows = q.query_map([], |r| row(r))?;
    let mut out = FxHashMap::default();
    for r in rows {
        let (k, v) = r?;
        out.insert(k, v);
    }
    Ok(out)
}

fn write(
    conn: &Connection,
    members: &[Member],
    clusters: &[Cluster],
    possible: &BTreeSet<(usize, usize, String)>,
) -> Result<()> {
    // Ids: a slug of the name, numbered when several groups share it, in (key, first member)
    // order, so that ids do not depend on hash order.
    let mut order: Vec<usize> = (0..clusters.len()).collect();
    let first = |c: usize| {
        let (cl, m) = (&clusters[c], &members[clusters[c].members[0].0]);
        (&cl.kind, &cl.key, &m.story, &m.entity)
    };
    order.sort_by(|&a, &b| first(a).cmp(&first(b)));
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
    let stored_roles: FxHashMap<(String, i64), RoleValues> = read_rows(
        conn,
        "SELECT person, idx, story, role, normalized, of_text, doc, start, \"end\", published, text FROM people_roles",
        |r| {
            Ok((
                (r.get(0)?, r.get(1)?),
                (
                    r.get(2)?,
                    r.get(3)?,
                    r.get(4)?,
                    r.get(5)?,
                    r.get(6)?,
                    r.get(7)?,
                    r.get(8)?,
                    r.get(9)?,
                    r.get(10)?,
                ),
            ))
        },
    )?;
    // A role's text and day come from its document, which never changes: those already stored
    // are kept, so that a relink reads only the documents of roles it has not seen.
    let mut known_text: FxHashMap<(&str, i64, i64), (&str, Option<&str>)> = FxHashMap::default();
    for v in stored_roles.values() {
        if let Some(text) = &v.8 {
            known_text.insert((&v.4, v.5, v.6), (text, v.7.as_deref()));
        }
    }
    let mut docs = DocCache::default();
    let mut people: Rows<String, PersonValues> = Rows::new();
    let mut people_members: Rows<(String, String, String), MemberValues> = Rows::new();
    let mut people_roles: Rows<(String, i64), RoleValues> = Rows::new();
    for &c in &order {
        let cl = &clusters[c];
        let id = &ids[c];
        let mentions: i64 = cl.members.iter().map(|(i, _)| members[*i].mentions).sum();
        people.push(
            id.clone(),
            (
                cl.kind.clone(),
                display_name(members, cl),
                cl.key.clone(),
                cl.stories.len() as i64,
                mentions,
            ),
        );
        let mut idx = 0i64;
        for (i, evidence) in &cl.members {
            let m = &members[*i];
            people_members.push(
                (id.clone(), m.story.clone(), m.entity.clone()),
                (m.name.clone(), evidence.clone()),
            );
            let mut seen = HashSet::new();
            for r in &m.roles {
                let (doc, at) = (r.evidence.doc.as_str(), r.evidence.span);
                if !seen.insert((&r.role, &r.of_text)) {
                    continue;
                }
                let (start, end) = (at.start as i64, at.end as i64);
                let (text, published) = match known_text.get(&(doc, start, end)) {
                    Some((text, published)) => (text.to_string(), published.map(str::to_string)),
                    None => docs.get(conn, doc, at.start as u64, at.end as u64)?,
                };
                // Reports written before roles carried their normalised head have none.
                let normalized = Some(r.normalized.clone()).filter(|x| !x.is_empty());
                people_roles.push(
                    (id.clone(), idx),
                    (
                        m.story.clone(),
                        r.role.clone(),
                        normalized,
                        r.of_text.clone(),
                        doc.to_string(),
                        start,
                        end,
                        published,
                        Some(text),
                    ),
                );
                idx += 1;
            }
        }
    }
    let mut people_possible: Rows<(String, String), String> = Rows::new();
    for (a, b, why) in possible {
        people_possible.push((ids[*a].clone(), ids[*b].clone()), why.clone());
        people_possible.push((ids[*b].clone(), ids[*a].clone()), why.clone());
    }
    drop(known_text);
    sync_rows(
        people,
        read_rows(
            conn,
            "SELECT id, kind, name, name_key, stories, mentions FROM people",
            |r| {
                Ok((
                    r.get(0)?,
                    (r.get(1)?, r.get(2)?, r.get(3)?, r.get(4)?, r.get(5)?),
                ))
            },
        )?,
        |id| {
            conn.prepare_cached("DELETE FROM people WHERE id = ?1")?
                .execute([id])?;
            Ok(())
        },
        |id, v| {
            conn.prepare_cached(
                "INSERT INTO people (id, kind, name, name_key, stories, mentions) VALUES (?1, ?2, ?3, ?4, ?5, ?6)
                 ON CONFLICT (id) DO UPDATE SET kind = ?2, name = ?3, name_key = ?4, stories = ?5, mentions = ?6",
            )?
            .execute(params![id, v.0, v.1, v.2, v.3, v.4])?;
            Ok(())
        },
    )?;
    sync_rows(
        people_members,
        read_rows(
            conn,
            "SELECT person, story, entity, name, evidence_json FROM people_members",
            |r| Ok(((r.get(0)?, r.get(1)?, r.get(2)?), (r.get(3)?, r.get(4)?))),
        )?,
        |k| {
            conn.prepare_cached(
                "DELETE FROM people_members WHERE person = ?1 AND story = ?2 AND entity = ?3",
            )?
            .execute(params![k.0, k.1, k.2])?;
            Ok(())
        },
        |k, v| {
            conn.prepare_cached(
                "INSERT INTO people_members (person, story, entity, name, evidence_json) VALUES (?1, ?2, ?3, ?4, ?5)
                 ON CONFLICT (person, story, entity) DO UPDATE SET name = ?4, evidence_json = ?5",
            )?
            .execute(params![k.0, k.1, k.2, v.0, v.1])?;
            Ok(())
        },
    )?;
    sync_rows(
        people_roles,
        stored_roles,
        |k| {
            conn.prepare_cached("DELETE FROM people_roles WHERE person = ?1 AND idx = ?2")?
                .execute(params![k.0, k.1])?;
            Ok(())
        },
        |k, v| {
            conn.prepare_cached(
                "INSERT INTO people_roles (person, idx, story, role, normalized, of_text, doc, start, \"end\", published, text)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)
                 ON CONFLICT (person, idx) DO UPDATE SET story = ?3, role = ?4, normalized = ?5, of_text = ?6,
                 doc = ?7, start = ?8, \"end\" = ?9, published = ?10, text = ?11",
            )?
            .execute(params![k.0, k.1, v.0, v.1, v.2, v.3, v.4, v.5, v.6, v.7, v.8])?;
            Ok(())
        },
    )?;
    sync_rows(
        people_possible,
        read_rows(
            conn,
            "SELECT person, other, reason FROM people_possible",
            |r| Ok(((r.get(0)?, r.get(1)?), r.get(2)?)),
        )?,
        |k| {
            conn.prepare_cached("DELETE FROM people_possible WHERE person = ?1 AND other = ?2")?
                .execute(params![k.0, k.1])?;
            Ok(())
        },
        |k, v| {
            conn.prepare_cached(
                "INSERT INTO people_possible (person, other, reason) VALUES (?1, ?2, ?3)
                 ON CONFLICT (person, other) DO UPDATE SET reason = ?3",
            )?
            .execute(params![k.0, k.1, v])?;
            Ok(())
        },
    )
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
    fn evidence_constants_are_the_json_of_their_rule() {
        let json = |rule: &str| serde_json::json!({ "rule": rule }).to_string();
        assert_eq!(FIRST_MENTION, json("first mention"));
        assert_eq!(SAME_ORGANISATION, json("same organisation name"));
    }

    #[test]
    fn context_words_drop_generic_agency_words() {
        let a = context_words("the Millbrook Police Department");
        let b = context_words("Millbrook police");
        assert_eq!(a, b);
        assert_eq!(name_key("Hunter Foster Jr."), "hunter foster");
    }
}
