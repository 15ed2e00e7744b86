//! Checks stand-off spans: every `start`/`end` pair must lie inside the text of the document it
//! points at. Used by the fuzz and whole-corpus tests, and usable on any report.

use std::collections::BTreeMap;

use serde_json::Value;

/// What a check found.
#[derive(Debug, Default)]
pub struct SpanCheck {
    /// Spans found inside their document.
    pub checked: usize,
    /// One line per span outside its document, off a char boundary, or pointing at an unknown
    /// document.
    pub errors: Vec<String>,
}

/// Checks every span of a JSON report (code-point offsets, as `analyze` writes them). A span is
/// an object with integer `start` and `end`; its document is the nearest enclosing `doc` (or
/// `document`) field, or the document item itself for its headline.
pub fn check_report(report: &Value) -> SpanCheck {
    let docs = report.get("documents").and_then(Value::as_array);
    let lengths: BTreeMap<&str, usize> = docs
        .into_iter()
        .flatten()
        .filter_map(|d| {
            let id = d.get("id")?.as_str()?;
            Some((id, d.get("text")?.as_str()?.chars().count()))
        })
        .collect();
    let inside = |doc: Option<&str>, s: usize, e: usize| match doc.and_then(|d| lengths.get(d)) {
        Some(&len) if s <= e && e <= len => Ok(()),
        Some(len) => Err(format!("outside its document ({len} code points)")),
        None => Err(format!("names no known document ({doc:?})")),
    };
    let mut out = SpanCheck::default();
    for d in docs.into_iter().flatten() {
        if let Some(h) = d.get("headline") {
            let id = d.get("id").and_then(Value::as_str);
            walk(h, id, "documents.headline", &inside, &mut out);
        }
    }
    for (k, v) in report.as_object().into_iter().flatten() {
        if k != "documents" {
            walk(v, None, k, &inside, &mut out);
        }
    }
    out
}

/// Checks byte spans (engine offsets, before conversion to code points) in a serialised value:
/// each must lie inside the text of its document (nearest enclosing `doc` field, else
/// `default_doc`) and on char boundaries.
pub fn check_byte_spans(
    value: &Value,
    texts: &BTreeMap<String, &str>,
    default_doc: Option<&str>,
    path: &str,
    out: &mut SpanCheck,
) {
    let inside = |doc: Option<&str>, s: usize, e: usize| match doc.and_then(|d| texts.get(d)) {
        Some(t) if s <= e && t.get(s..e).is_some() => Ok(()),
        Some(t) => Err(format!(
            "outside its document or off a char boundary ({} bytes)",
            t.len()
        )),
        None => Err(format!("names no known document ({doc:?})")),
    };
    walk(value, default_doc, path, &inside, out);
}

type Inside<'a> = dyn Fn(Option<&str>, usize, usize) -> Result<(), String> + 'a;

fn walk(v: &Value, doc: Option<&str>, path: &str, inside: &Inside, out: &mut SpanCheck) {
    match v {
        Value::Array(items) => {
            for it in items {
                walk(it, doc, path, inside, out);
            }
        }
        Value::Object(o) => {
            let doc = o
                .get("doc")
                .or_else(|| o.get("document"))
                .and_then(Value::as_str)
                .or(doc);
            let start = o.get("start").and_then(Value::as_u64);
            if let (Some(s), Some(e)) = (start, o.get("end").and_then(Value::as_u64)) {
                match inside(doc, s as usize, e as usize) {
                    Ok(()) => out.checked += 1,
                    Err(why) => out.errors.push(format!("{path}: span {s}..{e} {why}")),
                }
            }
            for (k, child) in o {
                walk(child, doc, &format!("{path}.{k}"), inside, out);
            }
        }
        _ => {}
    }
}
