//! Story versions: after each relink, which stored story every computed story continues, its
//! new version with what changed, the stories that ended by merging and where they went
//! (`story_redirects`), and the per-story tables of the current version.

use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};

use corroborate_pipeline::artifact;
use corroborate_render::dossier::{self, Dossier};
use corroborate_render::json::StoredVersion;
use rayon::prelude::*;
use rusqlite::types::{FromSql, FromSqlError, FromSqlResult, ValueRef};
use rusqlite::{params, Connection, OptionalExtension};
use serde_json::Value;

use crate::{
    claims_tables, filter_report, json_of, now, text_of, Result, StoreError, StoryChange,
    StoryReports,
};

/// Writes a new version of each computed story whose documents changed (its report is in
/// `computed`), and ends the stored stories (`existing`) no computed story continues (absorbed
/// into another): they leave `stories` and keep their history in `story_versions`. When linking
/// failed (no story at all), the stored stories stay as they are.
pub(crate) fn write_stories(
    tx: &rusqlite::Transaction<'_>,
    existing: &BTreeMap<String, BTreeSet<String>>,
    computed: &StoryReports,
) -> Result<Vec<StoryChange>> {
    if computed.stories.is_empty() {
        return Ok(Vec::new());
    }
    {
        let mut next_id = existing
            .keys()
            .filter_map(|k| k.strip_prefix('s').and_then(|n| n.parse::<u64>().ok()))
            .max()
            .unwrap_or(0);
        let mut taken: HashSet<String> = HashSet::new();
        let stories = &computed.stories;
        let mut order: Vec<usize> = (0..stories.len()).collect();
        order.sort_by_key(|&i| std::cmp::Reverse(stories[i].1.len()));
        let mut changes = Vec::new();
        let mut pending: Vec<Pending<'_>> = Vec::new();
        let stored_owner = owners(existing);
        // Every computed story's documents under the id it got.
        let mut assigned: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
        for i in order {
            let (story_id, docs) = &stories[i];
            let set: BTreeSet<String> = docs.iter().map(|d| d.0.to_string()).collect();
            // The stored story sharing most documents continues; on a tie, the one the linker
            // kept (when stories merge, the earlier-founded id survives, as in `analyze`).
            let best = overlaps(&set, &stored_owner)
                .into_iter()
                .filter(|(id, _)| !taken.contains(*id))
                .map(|(id, n)| (n, id == story_id, id))
                .max();
            let id = match best {
                Some((_, _, id)) => id.clone(),
                // A new story keeps the linker's id when it has one (stable as it grows).
                None if !existing.contains_key(story_id) && !taken.contains(story_id) => {
                    story_id.clone()
                }
                None => {
                    next_id += 1;
                    format!("s{next_id}")
                }
            };
            taken.insert(id.clone());
            // A current story is not a redirect, even if its id once was.
            tx.execute("DELETE FROM story_redirects WHERE story = ?1", [&id])?;
            assigned.insert(id.clone(), set.clone());
            let old = existing.get(&id);
            if old == Some(&set) {
                continue;
            }
            // A story whose documents changed was selected for reconciling, so it has a report.
            let Some(report) = computed.reports.get(i).and_then(Option::as_ref) else {
                return Err(StoreError::Incompatible(format!(
                    "story {story_id} changed but was not reconciled"
                )));
            };
            pending.push(Pending {
                id,
                set,
                old,
                report,
            });
        }
        // The new versions' JSON, built in parallel a chunk at a time (bounding the memory
        // held); then written in story order.
        for chunk in pending.chunks(32) {
            let mut prevs = Vec::with_capacity(chunk.len());
            for p in chunk {
                prevs.push(
                    tx.query_row(
                        "SELECT version, report_json FROM story_versions WHERE story = ?1 ORDER BY version DESC LIMIT 1",
                        [&p.id],
                        |r| Ok((r.get(0)?, r.get::<_, StoredReport>(1)?.0)),
                    )
                    .optional()?,
                );
            }
            let versions: Vec<NewVersion> = chunk
                .par_iter()
                .zip(prevs)
                .map(|(p, prev)| NewVersion::build(p, prev))
                .collect::<Result<_>>()?;
            for v in versions {
                let when = now();
                tx.execute(
                "INSERT INTO story_versions (story, version, created_at, documents, changes_json, report_json) VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
                params![v.id, v.version, when, v.set.len() as i64, v.change_json, v.report_deflated],
            )?;
                write_story(tx, &v.id, v.version, &when, &v.dossier, &v.set)?;
                changes.push(StoryChange {
                    story: v.id,
                    version: v.version,
                    added: v.added,
                });
            }
        }
        let assigned_owner = owners(&assigned);
        for (id, old) in existing.iter().filter(|(id, _)| !taken.contains(*id)) {
            end_story(tx, id)?;
            // It was bridged into the story that now holds most of its documents (ties: the
            // smallest id).
            let into = overlaps(old, &assigned_owner)
                .into_iter()
                .map(|(to, n)| (n, std::cmp::Reverse(to)))
                .max()
                .map(|(_, std::cmp::Reverse(to))| to);
            if let Some(to) = into {
                tx.execute(
                    "INSERT OR REPLACE INTO story_redirects (story, into_story, created_at) VALUES (?1, ?2, ?3)",
                    params![id, to, now()],
                )?;
            }
        }
        Ok(changes)
    }
}

/// The deflate level of stored reports: each is written once, so the default level (6), which
/// keeps them about 10× smaller than their JSON where the fastest keeps them 7× (reports of the
/// generated corpora in docs/performance.md).
const REPORT_LEVEL: u32 = 6;

/// A story version's report as `story_versions.report_json` holds it: its JSON deflated (a
/// BLOB, [`artifact::deflate`]); stores of schema 2 hold the JSON as text, read as it is.
pub(crate) struct StoredReport(pub(crate) String);

impl FromSql for StoredReport {
    fn column_result(value: ValueRef<'_>) -> FromSqlResult<Self> {
        match value {
            ValueRef::Text(t) => std::str::from_utf8(t)
                .map(|s| StoredReport(s.to_owned()))
                .map_err(|e| FromSqlError::Other(Box::new(e))),
            ValueRef::Blob(b) => artifact::inflate(b)
                .map(StoredReport)
                .map_err(|e| FromSqlError::Other(Box::new(e))),
            _ => Err(FromSqlError::InvalidType),
        }
    }
}

/// A story that gets a new version: what the version is built from.
struct Pending<'a> {
    id: String,
    set: BTreeSet<String>,
    /// Its documents before, when it is a stored story.
    old: Option<&'a BTreeSet<String>>,
    report: &'a corroborate_render::json::Report,
}

/// A new story version, ready to write.
struct NewVersion {
    id: String,
    version: i64,
    set: BTreeSet<String>,
    added: Vec<String>,
    /// The story's report (restricted to its documents, with `story`), as the dossier reads it.
    dossier: Dossier,
    /// The report's JSON, deflated ([`StoredReport`]).
    report_deflated: Vec<u8>,
    change_json: String,
}

impl NewVersion {
    /// The version after `prev` (the latest stored version and its report JSON, if any).
    fn build(p: &Pending<'_>, prev: Option<(i64, String)>) -> Result<NewVersion> {
        let docset: HashSet<String> = p.set.iter().cloned().collect();
        let mut report = filter_report(&serde_json::to_value(p.report)?, &docset);
        let version = prev.as_ref().map(|v| v.0 + 1).unwrap_or(1);
        let prev_report: Option<Dossier> = match &prev {
            Some((_, j)) => Some(serde_json::from_str(j)?),
            None => None,
        };
        let added: Vec<String> = p
            .set
            .iter()
            .filter(|x| !p.old.is_some_and(|o| o.contains(*x)))
            .cloned()
            .collect();
        let removed: Vec<String> = p
            .old
            .map(|o| o.difference(&p.set).cloned().collect())
            .unwrap_or_default();
        let dossier = Dossier::from_value(&report)?;
        let change = describe_change(prev_report.as_ref(), &dossier, &added, &removed);
        if let Some(o) = report.as_object_mut() {
            let stored = StoredVersion {
                id: p.id.clone(),
                version,
            };
            o.insert("story".into(), serde_json::to_value(stored)?);
        }
        Ok(NewVersion {
            report_deflated: artifact::deflate(&report.to_string(), REPORT_LEVEL),
            change_json: change.to_string(),
            dossier,
            id: p.id.clone(),
            version,
            set: p.set.clone(),
            added,
        })
    }
}

/// Each document's story in `stories` (disjoint sets of documents).
fn owners(stories: &BTreeMap<String, BTreeSet<String>>) -> HashMap<&str, &String> {
    stories
        .iter()
        .flat_map(|(id, docs)| docs.iter().map(move |d| (d.as_str(), id)))
        .collect()
}

/// How many of `docs` each story of `owner` holds (only stories holding one or more): linear in
/// `docs`, however many stories there are.
fn overlaps<'a>(
    docs: &BTreeSet<String>,
    owner: &HashMap<&str, &'a String>,
) -> BTreeMap<&'a String, usize> {
    let mut n: BTreeMap<&'a String, usize> = BTreeMap::new();
    for d in docs {
        if let Some(id) = owner.get(d.as_str()) {
            *n.entry(*id).or_insert(0) += 1;
        }
    }
    n
}

/// The current stories and their documents.
pub(crate) fn story_sets(conn: &Connection) -> Result<BTreeMap<String, BTreeSet<String>>> {
    let mut out: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    let mut q = conn.prepare("SELECT id FROM stories")?;
    for id in q.query_map([], |r| r.get::<_, String>(0))? {
        out.entry(id?).or_default();
    }
    let mut q = conn.prepare("SELECT story, doc FROM story_documents")?;
    for row in q.query_map([], |r| Ok((r.get::<_, String>(0)?, r.get::<_, String>(1)?)))? {
        let (s, d) = row?;
        out.entry(s).or_default().insert(d);
    }
    Ok(out)
}

/// Ends a story absorbed into others: its current rows go, its versions stay.
fn end_story(tx: &rusqlite::Transaction<'_>, id: &str) -> Result<()> {
    claims_tables::clear(tx, id)?;
    for table in ["story_documents", "timeline_events", "cross_entities"] {
        tx.execute(&format!("DELETE FROM {table} WHERE story = ?1"), [id])?;
    }
    tx.execute("DELETE FROM stories WHERE id = ?1", [id])?;
    Ok(())
}

fn write_story(
    tx: &rusqlite::Transaction<'_>,
    id: &str,
    version: i64,
    when: &str,
    d: &Dossier,
    set: &BTreeSet<String>,
) -> Result<()> {
    let texts = dossier::Texts::new(d);
    let views = dossier::stories(d);
    let docs: Vec<String> = views.first().map(|v| v.docs.clone()).unwrap_or_default();
    let title = docs
        .first()
        .and_then(|x| texts.doc(x))
        .map(|x| dossier::title_of(x, &texts))
        .unwrap_or_else(|| id.to_string());
    let outlets: BTreeSet<String> = d.documents.iter().map(dossier::outlet_of).collect();
    let published: Vec<String> = d
        .documents
        .iter()
        .filter_map(|x| x.meta.published.as_ref().map(|p| p.value.to_string()))
        .collect();
    tx.execute(
        "INSERT INTO stories (id, title, version, documents, outlets, first_published, last_published, updated_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)
         ON CONFLICT(id) DO UPDATE SET title = excluded.title, version = excluded.version, documents = excluded.documents,
           outlets = excluded.outlets, first_published = excluded.first_published, last_published = excluded.last_published,
           updated_at = excluded.updated_at",
        params![
            id,
            title,
            version,
            set.len() as i64,
            outlets.len() as i64,
            published.iter().min(),
            published.iter().max(),
            when
        ],
    )?;
    tx.execute("DELETE FROM story_documents WHERE story = ?1", [id])?;
    tx.execute("DELETE FROM timeline_events WHERE story = ?1", [id])?;
    tx.execute("DELETE FROM cross_entities WHERE story = ?1", [id])?;
    let mut st = tx.prepare("INSERT INTO story_documents (story, doc) VALUES (?1, ?2)")?;
    for doc in set {
        st.execute(params![id, doc])?;
    }
    let mut st = tx.prepare(
        "INSERT INTO timeline_events (story, idx, date, conflicting, doc, start, \"end\", description, outlets, dates_json)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)",
    )?;
    for (i, e) in d.timeline.events.iter().enumerate() {
        let outlets: BTreeSet<String> = e
            .mentions
            .iter()
            .map(|m| texts.outlet(m.doc.as_str()))
            .collect();
        let c = &e.description;
        st.execute(params![
            id,
            i as i64,
            e.date,
            e.conflicting,
            c.doc.as_str(),
            c.span.start as i64,
            c.span.end as i64,
            texts.cited(c),
            outlets.len() as i64,
            json_of(&e.dates)?
        ])?;
    }
    let mut st = tx.prepare(
        "INSERT OR REPLACE INTO cross_entities (story, id, name, kind, mentions, roles_json, members_json) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
    )?;
    for e in &d.cross_entities {
        st.execute(params![
            id,
            e.id,
            e.name,
            text_of(&e.kind),
            e.mentions as i64,
            json_of(&e.roles)?,
            json_of(&e.members)?
        ])?;
    }
    claims_tables::write(tx, id, d, &texts, &docs)?;
    Ok(())
}

/// What changed between two versions of a story, for its history: documents added (with their
/// outlets) and removed, and the before → after counts of timeline events, conflicting dates,
/// cross-article entities, and of claims, lineages and stories when the new report has them.
fn describe_change(
    prev: Option<&Dossier>,
    now: &Dossier,
    added: &[String],
    removed: &[String],
) -> Value {
    let counts = |d: &Dossier| -> [(&'static str, Option<usize>); 6] {
        [
            ("timeline_events", Some(d.timeline.events.len())),
            (
                "conflicting_dates",
                Some(d.timeline.events.iter().filter(|e| e.conflicting).count()),
            ),
            ("cross_entities", Some(d.cross_entities.len())),
            ("claims", d.claims.as_ref().map(|c| c.claims.len())),
            ("lineages", d.lineages.as_ref().map(Vec::len)),
            ("stories", d.stories.as_ref().map(Vec::len)),
        ]
    };
    let describe = |id: &String| -> Value {
        let outlet = now
            .documents
            .iter()
            .find(|d| d.id.as_str() == id)
            .and_then(|d| d.meta.outlet.as_ref())
            .map(|o| o.value.clone());
        serde_json::json!({"id": id, "outlet": outlet})
    };
    let mut out = serde_json::Map::new();
    out.insert(
        "added_documents".into(),
        added.iter().map(describe).collect(),
    );
    out.insert("removed_documents".into(), serde_json::json!(removed));
    let before = prev.map_or([None; 6], |p| counts(p).map(|(_, n)| n));
    for ((name, after), before) in counts(now).into_iter().zip(before) {
        let Some(after) = after else { continue };
        out.insert(
            name.into(),
            serde_json::json!({"before": before.unwrap_or(0), "after": after}),
        );
    }
    Value::Object(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reports_read_back_from_deflated_blobs_and_from_schema_2_text() {
        let json = r#"{"schema":"corroborate/1","documents":[]}"#;
        let read = |v: ValueRef<'_>| StoredReport::column_result(v).map(|r| r.0);
        let deflated = artifact::deflate(json, REPORT_LEVEL);
        assert_eq!(read(ValueRef::Blob(&deflated)).ok().as_deref(), Some(json));
        assert_eq!(
            read(ValueRef::Text(json.as_bytes())).ok().as_deref(),
            Some(json)
        );
        assert!(read(ValueRef::Blob(b"not deflated")).is_err());
        assert!(read(ValueRef::Integer(1)).is_err());
    }
}
