//! The per-document tables (`documents`, `sentences`, `ignored`, `entities`, `mentions`,
//! `quotes`, `dates`, `quantities`): one batch's documents and annotations, written from the
//! report's JSON so that offsets are the code points `docs/store.md` documents (the schema's
//! triggers keep the full-text index in step).

use std::collections::{HashMap, HashSet};

use corroborate_core::Document;
use rusqlite::types::Value as SqlValue;
use rusqlite::{params, params_from_iter};
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
    let entities = list("entities")
        .iter()
        .filter(|x| s(x, "doc").is_some_and(|d| texts.contains_key(&d)));
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
    for table in SPAN_TABLES {
        insert_spans(tx, table, list(table.name), &texts)?;
    }
    Ok(texts.into_keys().collect())
}

/// A table of spans of the written documents: `(doc, idx, start, "end")`, then `numbers` and
/// `strings` read from the report item's keys of the same names, then the covered `text`
/// when `with_text`. `idx` is the item's position among its document's items.
struct SpanTable {
    name: &'static str,
    numbers: &'static [&'static str],
    strings: &'static [&'static str],
    with_text: bool,
}

/// The span tables, each filled from the report list of its name.
const SPAN_TABLES: &[SpanTable] = &[
    SpanTable {
        name: "sentences",
        numbers: &[],
        strings: &[],
        with_text: false,
    },
    SpanTable {
        name: "ignored",
        numbers: &[],
        strings: &["reason"],
        with_text: true,
    },
    SpanTable {
        name: "mentions",
        numbers: &[],
        strings: &["entity_id", "kind"],
        with_text: true,
    },
    SpanTable {
        name: "quotes",
        numbers: &[],
        strings: &["kind", "speaker_id", "speaker_name"],
        with_text: true,
    },
    SpanTable {
        name: "dates",
        numbers: &[],
        strings: &["type", "value"],
        with_text: true,
    },
    SpanTable {
        name: "quantities",
        numbers: &["value", "value_max"],
        strings: &["unit", "kind"],
        with_text: true,
    },
];

/// Writes the items of `items` whose document is among `texts` (just written) into `table`.
fn insert_spans(
    tx: &rusqlite::Transaction<'_>,
    table: &SpanTable,
    items: &[Value],
    texts: &HashMap<String, (String, Vec<usize>)>,
) -> Result<()> {
    let columns: Vec<&str> = table
        .numbers
        .iter()
        .chain(table.strings)
        .copied()
        .chain(table.with_text.then_some("text"))
        .collect();
    let placeholders: Vec<String> = (1..=4 + columns.len()).map(|i| format!("?{i}")).collect();
    let mut st = tx.prepare(&format!(
        "INSERT INTO {} (doc, idx, start, \"end\"{}) VALUES ({}) ON CONFLICT DO NOTHING",
        table.name,
        columns.iter().map(|c| format!(", {c}")).collect::<String>(),
        placeholders.join(", ")
    ))?;
    let mut positions: HashMap<String, i64> = HashMap::new();
    for x in items {
        let Some(doc) = s(x, "doc") else { continue };
        let Some((text, bounds)) = texts.get(&doc) else {
            continue;
        };
        let (start, end) = (n(x, "start"), n(x, "end"));
        let idx = positions.entry(doc.clone()).or_insert(0);
        let mut row: Vec<SqlValue> = vec![
            SqlValue::Text(doc),
            SqlValue::Integer(*idx),
            SqlValue::Integer(start as i64),
            SqlValue::Integer(end as i64),
        ];
        *idx += 1;
        row.extend(table.numbers.iter().map(|k| {
            x.get(*k)
                .and_then(Value::as_f64)
                .map_or(SqlValue::Null, SqlValue::Real)
        }));
        row.extend(
            table
                .strings
                .iter()
                .map(|k| s(x, k).map_or(SqlValue::Null, SqlValue::Text)),
        );
        if table.with_text {
            row.push(SqlValue::Text(slice(text, bounds, start, end).to_string()));
        }
        st.execute(params_from_iter(row))?;
    }
    Ok(())
}
