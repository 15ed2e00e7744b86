//! The per-document tables (`documents`, `sentences`, `ignored`, `entities`, `mentions`,
//! `quotes`, `dates`, `quantities`): one batch's documents and annotations, written from the
//! report's JSON so that offsets are the code points `docs/store.md` documents (the schema's
//! triggers keep the full-text index in step).

use std::collections::{HashMap, HashSet};

use corroborate_core::{Document, Span};
use corroborate_render::json::{Item, Report};
use rusqlite::types::Value as SqlValue;
use rusqlite::{params, params_from_iter};
use serde::Serialize;
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

/// A report value as the store's text columns hold it: a string as it is, `null` as NULL,
/// anything else as its JSON (so an enum is stored under its JSON name).
pub(crate) fn text_of<T: Serialize>(v: &T) -> Option<String> {
    match serde_json::to_value(v) {
        Ok(Value::String(x)) => Some(x),
        Ok(Value::Null) | Err(_) => None,
        Ok(other) => Some(other.to_string()),
    }
}

/// A report value as the store's `*_json` columns hold it (keys in sorted order).
pub(crate) fn json_of<T: Serialize>(v: &T) -> Result<String> {
    Ok(serde_json::to_value(v)?.to_string())
}

/// Writes the documents of a batch and their annotations; returns the ids actually written. A
/// document another process stored meanwhile is left as it is, with its annotations.
pub(crate) fn insert_documents(
    tx: &rusqlite::Transaction<'_>,
    report: &Report,
    originals: &HashMap<&str, &Document>,
    batch: i64,
    today: &str,
) -> Result<HashSet<String>> {
    let mut texts: HashMap<String, (String, Vec<usize>)> = HashMap::new();
    let when = now();
    for d in &report.documents {
        let id = d.id.as_str();
        let Some(orig) = originals.get(id) else {
            continue;
        };
        let bounds = char_bounds(&d.text);
        let headline = d.headline.map(|h| {
            slice(&d.text, &bounds, h.start as u64, h.end as u64)
                .trim()
                .to_string()
        });
        let meta = &d.meta;
        let title = meta.title.clone().or(headline);
        let outlet = meta.outlet.as_ref();
        let published = meta.published.as_ref();
        let inserted = tx.execute(
            "INSERT OR IGNORE INTO documents (id, source, format, outlet, outlet_how, url, published, published_how, title, length, text, batch, ingested_at, today, document_json)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15)",
            params![
                id,
                d.source,
                text_of(&d.format),
                outlet.map(|o| o.value.as_str()),
                outlet.map(|o| o.provenance.how()),
                meta.url,
                published.and_then(|p| text_of(&p.value)),
                published.map(|p| p.provenance.how()),
                title,
                d.length as i64,
                d.text,
                batch,
                when,
                today,
                serde_json::to_string(orig)?,
            ],
        )?;
        if inserted == 1 {
            texts.insert(id.to_string(), (d.text.clone(), bounds));
        }
    }
    let mut st = tx.prepare(
        "INSERT INTO entities (id, doc, name, kind, start, \"end\", roles_json) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7) ON CONFLICT DO NOTHING",
    )?;
    for x in report
        .entities
        .iter()
        .filter(|x| texts.contains_key(x.doc.as_str()))
    {
        let e = &x.item;
        st.execute(params![
            e.id,
            x.doc.as_str(),
            e.entity.name,
            text_of(&e.entity.kind),
            e.span.start as i64,
            e.span.end as i64,
            json_of(&e.entity.roles)?
        ])?;
    }
    let text = |v: Option<String>| v.map_or(SqlValue::Null, SqlValue::Text);
    let real = |v: Option<f64>| v.map_or(SqlValue::Null, SqlValue::Real);
    SpanTable {
        name: "sentences",
        columns: &[],
        text: false,
        items: &report.sentences,
    }
    .insert(tx, &texts, |s| (*s, Vec::new()))?;
    SpanTable {
        name: "ignored",
        columns: &["reason"],
        text: true,
        items: &report.ignored,
    }
    .insert(tx, &texts, |x| (x.span, vec![text(text_of(&x.reason))]))?;
    SpanTable {
        name: "mentions",
        columns: &["entity_id", "kind"],
        text: true,
        items: &report.mentions,
    }
    .insert(tx, &texts, |x| {
        let m = &x.mention;
        (
            m.span,
            vec![text(Some(x.entity_id.clone())), text(text_of(&m.kind))],
        )
    })?;
    SpanTable {
        name: "quotes",
        columns: &["kind", "speaker_id", "speaker_name"],
        text: true,
        items: &report.quotes,
    }
    .insert(tx, &texts, |x| {
        let values = vec![
            text(text_of(&x.quote.kind)),
            text(x.speaker_id.clone()),
            text(x.speaker_name.clone()),
        ];
        (x.quote.span, values)
    })?;
    SpanTable {
        name: "dates",
        columns: &["type", "value"],
        text: true,
        items: &report.dates,
    }
    .insert(tx, &texts, |x| {
        (
            x.span,
            vec![
                text(Some(x.kind.as_str().to_string())),
                text(x.value.clone()),
            ],
        )
    })?;
    SpanTable {
        name: "quantities",
        columns: &["value", "value_max", "unit", "kind"],
        text: true,
        items: &report.quantities,
    }
    .insert(tx, &texts, |x| {
        let values = vec![
            real(Some(x.value)),
            real(x.value_max),
            text(Some(x.unit.clone())),
            text(text_of(&x.kind)),
        ];
        (x.span, values)
    })?;
    Ok(texts.into_keys().collect())
}

/// A table of spans of the written documents: `(doc, idx, start, "end")`, then `columns`, then
/// the covered `text` when `text` is set. `idx` is the item's position among its document's
/// items.
struct SpanTable<'r, T> {
    name: &'static str,
    columns: &'static [&'static str],
    text: bool,
    items: &'r [Item<T>],
}

impl<T> SpanTable<'_, T> {
    /// Writes the items whose document is among `texts` (just written); `row` gives an item's
    /// span and its `columns` values.
    fn insert(
        &self,
        tx: &rusqlite::Transaction<'_>,
        texts: &HashMap<String, (String, Vec<usize>)>,
        row: impl Fn(&T) -> (Span, Vec<SqlValue>),
    ) -> Result<()> {
        let columns: Vec<&str> = self
            .columns
            .iter()
            .copied()
            .chain(self.text.then_some("text"))
            .collect();
        let placeholders: Vec<String> = (1..=4 + columns.len()).map(|i| format!("?{i}")).collect();
        let mut st = tx.prepare(&format!(
            "INSERT INTO {} (doc, idx, start, \"end\"{}) VALUES ({}) ON CONFLICT DO NOTHING",
            self.name,
            columns.iter().map(|c| format!(", {c}")).collect::<String>(),
            placeholders.join(", ")
        ))?;
        let mut positions: HashMap<&str, i64> = HashMap::new();
        for x in self.items {
            let doc = x.doc.as_str();
            let Some((text, bounds)) = texts.get(doc) else {
                continue;
            };
            let (span, values) = row(&x.item);
            let idx = positions.entry(doc).or_insert(0);
            let mut cells: Vec<SqlValue> = vec![
                SqlValue::Text(doc.to_string()),
                SqlValue::Integer(*idx),
                SqlValue::Integer(span.start as i64),
                SqlValue::Integer(span.end as i64),
            ];
            *idx += 1;
            cells.extend(values);
            if self.text {
                let covered = slice(text, bounds, span.start as u64, span.end as u64);
                cells.push(SqlValue::Text(covered.to_string()));
            }
            st.execute(params_from_iter(cells))?;
        }
        Ok(())
    }
}
