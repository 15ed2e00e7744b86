//! The claims analysis and lineages of a story version, written to plain tables (`claims`,
//! `claim_mentions`, `disputes`, `dispute_parties`, `inconsistencies`, `lineages`) so they can
//! be queried with SQL alone. The report JSON of the version stays the full record.

use crate::{json_of, Result};
use corroborate_render::dossier::{dispute_topics, Dossier, StoryClaims, Texts};
use rusqlite::{params, Transaction};

/// The tables this module rewrites for each new story version.
const TABLES: [&str; 6] = [
    "claims",
    "claim_mentions",
    "disputes",
    "dispute_parties",
    "inconsistencies",
    "lineages",
];

/// Removes story `id`'s rows from these tables.
pub(crate) fn clear(tx: &Transaction<'_>, id: &str) -> Result<()> {
    // Children before parents, so that each statement leaves the references whole.
    for table in TABLES.iter().rev() {
        tx.execute(&format!("DELETE FROM {table} WHERE story = ?1"), [id])?;
    }
    Ok(())
}

/// Replaces story `id`'s rows with those of its new version's `report`.
pub(crate) fn write(
    tx: &Transaction<'_>,
    id: &str,
    d: &Dossier,
    texts: &Texts<'_>,
    docs: &[String],
) -> Result<()> {
    clear(tx, id)?;
    if let Some(sc) = StoryClaims::of(d, docs) {
        let mut claim = tx.prepare(
            "INSERT OR REPLACE INTO claims (story, id, status, independent_sources, articles, doc, start, \"end\", text, outlets_json, lineages_json)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)",
        )?;
        let mut mention = tx.prepare(
            "INSERT INTO claim_mentions (story, claim, idx, doc, start, \"end\", outlet, lineage, voice, source, text)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)",
        )?;
        for c in &sc.claims {
            claim.execute(params![
                id,
                c.id as i64,
                c.status.as_str(),
                c.independent_sources as i64,
                c.mentions.len() as i64,
                c.text.doc.as_str(),
                c.text.span.start as i64,
                c.text.span.end as i64,
                texts.cited(&c.text),
                serde_json::to_string(&c.outlets)?,
                serde_json::to_string(&c.lineages)?
            ])?;
            for (i, m) in c.mentions.iter().enumerate() {
                mention.execute(params![
                    id,
                    c.id as i64,
                    i as i64,
                    m.cite.doc.as_str(),
                    m.cite.span.start as i64,
                    m.cite.span.end as i64,
                    m.outlet,
                    m.lineage,
                    m.attributed_to.voice.as_str(),
                    m.attributed_to.name,
                    texts.cited(&m.cite)
                ])?;
            }
        }
        let mut dispute = tx.prepare(
            "INSERT OR REPLACE INTO disputes (story, id, kind, topic, claims_json) VALUES (?1, ?2, ?3, ?4, ?5)",
        )?;
        let mut party = tx.prepare(
            "INSERT INTO dispute_parties (story, dispute, idx, side, voice, name, role, outlet, doc, start, \"end\", text)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12)",
        )?;
        for x in &sc.disputes {
            let topic: Vec<&str> = dispute_topics(x, &sc, texts)
                .iter()
                .map(|p| texts.cited(p))
                .collect();
            dispute.execute(params![
                id,
                x.id as i64,
                x.kind.as_str(),
                topic.join("; "),
                serde_json::to_string(&x.claims)?
            ])?;
            let sides = [("asserts", &x.asserted_by), ("disputes", &x.disputed_by)];
            let parties = sides
                .iter()
                .flat_map(|(side, list)| list.iter().map(move |p| (*side, p)));
            for (i, (side, p)) in parties.enumerate() {
                {
                    party.execute(params![
                        id,
                        x.id as i64,
                        i as i64,
                        side,
                        p.source.voice.as_str(),
                        p.source.name,
                        p.source.role,
                        p.outlet,
                        p.statement.doc.as_str(),
                        p.statement.span.start as i64,
                        p.statement.span.end as i64,
                        texts.cited(&p.statement)
                    ])?;
                }
            }
        }
        let mut inconsistency = tx.prepare(
            "INSERT INTO inconsistencies (story, idx, value_idx, slot, value, outlet, doc, start, \"end\", statement)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)",
        )?;
        for (i, x) in sc.inconsistencies.iter().enumerate() {
            for (j, v) in x.values.iter().enumerate() {
                inconsistency.execute(params![
                    id,
                    i as i64,
                    j as i64,
                    x.slot,
                    v.value,
                    v.outlet,
                    v.cite.doc.as_str(),
                    v.cite.span.start as i64,
                    v.cite.span.end as i64,
                    texts.cited(&v.statement)
                ])?;
            }
        }
    }
    let mut lineage = tx.prepare(
        "INSERT OR REPLACE INTO lineages (story, id, origin_outlet, origin_doc, origin_reason, members, members_json)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
    )?;
    for l in d.lineages.iter().flatten() {
        lineage.execute(params![
            id,
            l.id,
            l.origin_outlet,
            l.origin_doc.as_ref().map(|x| x.as_str()),
            l.origin_reason,
            l.members.len() as i64,
            json_of(&l.members)?
        ])?;
    }
    Ok(())
}
