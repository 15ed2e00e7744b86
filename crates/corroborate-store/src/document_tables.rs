//! The per-document tables (`documents`, `sentences`, `ignored`, `entities`, `mentions`,
//! `quotes`, `dates`, `quantities`): one batch's documents and annotations, written from the
//! report's JSON so that offsets are the code points `docs/store.md` documents (the schema's
//! triggers keep the full-text index in step).

use std::collections::{HashMap, HashSet};

use corroborate_core::Document;
use rusqlite::params;
use serde_json::Value;

use crate::{now, Result};

pub(crate) fn char_bounds(s: &str) -> Vec<usize> {
    let mut b: Vec<usize> = s.char_indices().map(|(i, _)| i).collect();
    b.push(s.len());
    b
}

pub(crate) fn slice<'a>(text: &'a str, bounds: &[usize], start: u64, end: u64) -> &'a str {
    let n = bounds.len().saturating_sub(1);
    let (s, e) = ((start as usize).min(n), (end as usize).min(n));
    if s >= e {
        return "";
    }
    text.get(bounds[s]..bounds[e]).unwrap_or("")
}

pub(crate) fn s(v: &Value, k: &str) -> Option<String> {
    match v.get(k) {
        Some(Value::String(x)) => Some(x.clone()),
        Some(Value::Null) | None => None,
        Some(other) => Some(other.to_string()),
    }
}

pub(crate) fn n(v: &Value, k: &str) -> u64 {
    v.get(k).and_then(Value::as_u64).unwrap_or(0)
}

/// Writes the documents of a batch and their annotations; returns the ids actually written. A
/// document another process stored meanwhile is left as it is, with its annotations.
pub(crate) fn insert_documents(
    tx: &rusqlite::Transaction<'_>,
    report: &Value,
    originals: &HashMap<&str, &Document>,
    batch: i64,
    today: &str,
) -> Result<HashSet<String>> {
    let empty = Vec::new();
    let list = |k: &str| report.get(k).and_then(Value::as_array).unwrap_or(&empty);
    let mut texts: HashMap<String, (String, Vec<usize>)> = HashMap::new();
    let when = now();
    for d in list("documents") {
        let id = s(d, "id").unwrap_or_default();
        let Some(orig) = originals.get(id.as_str()) else {
            continue;
        };
        let text = s(d, "text").unwrap_or_default();
        let meta = d.get("meta").cloned().unwrap_or(Value::Null);
        let outlet = meta.get("outlet").cloned().unwrap_or(Value::Null);
        let published = meta.get("published").cloned().unwrap_or(Value::Null);
        let bounds = char_bounds(&text);
        let headline = d.get("headline").filter(|h| !h.is_null()).map(|h| {
            slice(&text, &bounds, n(h, "start"), n(h, "end"))
                .trim()
                .to_string()
        });
        let title = s(&meta, "title").or(headline);
        let inserted = tx.execute(
            "INSERT OR IGNORE INTO documents (id, source, format, outlet, outlet_how, url, published, published_how, title, length, text, batch, ingested_at, today, document_json)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15)",
            params![
                id,
                s(d, "source"),
                s(d, "format"),
                s(&outlet, "value"),
                s(&outlet, "how"),
                s(&meta, "url"),
                s(&published, "value"),
                s(&published, "how"),
                title,
                n(d, "length") as i64,
                text,
                batch,
                when,
                today,
                serde_json::to_string(orig)?,
            ],
        )?;
        if inserted == 1 {
            texts.insert(id, (text, bounds));
        }
    }
    // Annotations of the documents written now, each keyed by (doc, its position in the doc).
    let mut positions: HashMap<(&'static str, String), i64> = HashMap::new();
    let mut rows = |table: &'static str| -> Vec<(&Value, i64)> {
        list(table)
            .iter()
            .filter_map(|x| {
                let doc = s(x, "doc")?;
                if !texts.contains_key(&doc) {
                    return None;
                }
                let slot = positions.entry((table, doc)).or_insert(0);
                *slot += 1;
                Some((x, *slot - 1))
            })
            .collect()
    };
    let (sentences, ignored, mentions, quotes, dates, quantities) = (
        rows("sentences"),
        rows("ignored"),
        rows("mentions"),
        rows("quotes"),
        rows("dates"),
        rows("quantities"),
    );
    let entities: Vec<&Value> = list("entities")
        .iter()
        .filter(|x| s(x, "doc").is_some_and(|d| texts.contains_key(&d)))
        .collect();
    let text_of = |item: &Value| -> String {
        let doc = s(item, "doc").unwrap_or_default();
        texts
            .get(&doc)
            .map(|(t, b)| slice(t, b, n(item, "start"), n(item, "end")).to_string())
            .unwrap_or_default()
    };
    let mut st = tx.prepare(
        "INSERT INTO sentences (doc, idx, start, \"end\") VALUES (?1, ?2, ?3, ?4) ON CONFLICT DO NOTHING",
    )?;
    for (x, i) in sentences {
        st.execute(params![
            s(x, "doc"),
            i,
            n(x, "start") as i64,
            n(x, "end") as i64
        ])?;
    }
    let mut st = tx.prepare(
        "INSERT INTO ignored (doc, idx, start, \"end\", reason, text) VALUES (?1, ?2, ?3, ?4, ?5, ?6) ON CONFLICT DO NOTHING",
    )?;
    for (x, i) in ignored {
        st.execute(params![
            s(x, "doc"),
            i,
            n(x, "start") as i64,
            n(x, "end") as i64,
            s(x, "reason"),
            text_of(x)
        ])?;
    }
    let mut st = tx.prepare(
        "INSERT INTO entities (id, doc, name, kind, start, \"end\", roles_json) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7) ON CONFLICT DO NOTHING",
    )?;
    for x in entities {
        st.execute(params![
            s(x, "id"),
            s(x, "doc"),
            s(x, "name"),
            s(x, "kind"),
            n(x, "start") as i64,
            n(x, "end") as i64,
            x.get("roles").map(Value::to_string)
        ])?;
    }
    let mut st = tx.prepare(
        "INSERT INTO mentions (doc, idx, start, \"end\", entity_id, kind, text) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7) ON CONFLICT DO NOTHING",
    )?;
    for (x, i) in mentions {
        st.execute(params![
            s(x, "doc"),
            i,
            n(x, "start") as i64,
            n(x, "end") as i64,
            s(x, "entity_id"),
            s(x, "kind"),
            text_of(x)
        ])?;
    }
    let mut st = tx.prepare(
        "INSERT INTO quotes (doc, idx, start, \"end\", kind, speaker_id, speaker_name, text) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8) ON CONFLICT DO NOTHING",
    )?;
    for (x, i) in quotes {
        st.execute(params![
            s(x, "doc"),
            i,
            n(x, "start") as i64,
            n(x, "end") as i64,
            s(x, "kind"),
            s(x, "speaker_id"),
            s(x, "speaker_name"),
            text_of(x)
        ])?;
    }
    let mut st = tx.prepare(
        "INSERT INTO dates (doc, idx, start, \"end\", type, value, text) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7) ON CONFLICT DO NOTHING",
    )?;
    for (x, i) in dates {
        st.execute(params![
            s(x, "doc"),
            i,
            n(x, "start") as i64,
            n(x, "end") as i64,
            s(x, "type"),
            s(x, "value"),
            text_of(x)
        ])?;
    }
    let mut st = tx.prepare(
        "INSERT INTO quantities (doc, idx, start, \"end\", value, value_max, unit, kind, text) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9) ON CONFLICT DO NOTHING",
    )?;
    for (x, i) in quantities {
        st.execute(params![
            s(x, "doc"),
            i,
            n(x, "start") as i64,
            n(x, "end") as i64,
            x.get("value").and_then(Value::as_f64),
            x.get("value_max").and_then(Value::as_f64),
            s(x, "unit"),
            s(x, "kind"),
            text_of(x)
        ])?;
    }
    Ok(texts.into_keys().collect())
}
