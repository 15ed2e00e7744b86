//! The "Record" section of a story in Markdown: per incident record filled for it, a table of
//! field, value and independent sources; each value cites its evidence in footnotes, contested
//! fields list every value with who asserts and who disputes it, unknown fields say so.

use std::fmt::Write;

use super::{escape, Notes};
use crate::dossier::{story_records, Dossier, RecordFieldV, RecordV, RecordValueV, StoryView};

/// Evidence spans cited per value (the JSON and HTML carry all of them).
const CITES_PER_VALUE: usize = 2;
/// Most names listed before "and N more".
const MAX_NAMES: usize = 6;

/// Writes the record section(s) of story `s` (nothing when no record was filled for it).
pub(super) fn section(out: &mut String, notes: &Notes<'_>, d: &Dossier, s: &StoryView) {
    for r in story_records(&d.records, s) {
        record(out, notes, r);
    }
}

fn record(out: &mut String, notes: &Notes<'_>, r: &RecordV) {
    let _ = writeln!(
        out,
        "### Record: {}\n\n{}, filled from {} article(s). Contested fields keep every value with \
         who asserts and who disputes it; _unknown_ means no source supports the field.\n",
        escape(&r.schema.replace('-', " ")),
        escape(&r.description),
        r.documents.len()
    );
    let _ = writeln!(
        out,
        "| field | value | independent sources |\n|---|---|---|"
    );
    for f in &r.fields {
        field(out, notes, f);
    }
    out.push('\n');
}

fn names(list: &[String]) -> String {
    let shown: Vec<String> = list.iter().take(MAX_NAMES).map(|n| escape(n)).collect();
    let mut s = shown.join(", ");
    if list.len() > MAX_NAMES {
        let _ = write!(s, " and {} more", list.len() - MAX_NAMES);
    }
    s
}

/// The value with footnotes on its first supporting spans (or disputing ones, if none).
fn value(notes: &Notes<'_>, v: &RecordValueV) -> String {
    let mut ev: Vec<_> = v.support().take(CITES_PER_VALUE).collect();
    if ev.is_empty() {
        ev = v.disputes().take(CITES_PER_VALUE).collect();
    }
    let marks: String = ev
        .iter()
        .map(|e| notes.cite(&e.doc, e.start, e.end))
        .collect();
    format!("{}{marks}", escape(&v.value))
}

fn disputed(notes: &Notes<'_>, v: &RecordValueV) -> String {
    if v.disputed_by.is_empty() {
        return String::new();
    }
    let marks: String = v
        .disputes()
        .take(CITES_PER_VALUE)
        .map(|e| notes.cite(&e.doc, e.start, e.end))
        .collect();
    format!("; disputed by {}{marks}", names(&v.disputed_by))
}

fn sources(v: &RecordValueV) -> String {
    if v.single_source && v.sources > 0 {
        format!("{} (single source)", v.sources)
    } else {
        v.sources.to_string()
    }
}

fn field(out: &mut String, notes: &Notes<'_>, f: &RecordFieldV) {
    let label = escape(&f.label());
    if f.contested {
        let parts: Vec<String> = f
            .values
            .iter()
            .map(|v| {
                let val = value(notes, v);
                let by = if v.asserted_by.is_empty() {
                    "asserted by no one".to_string()
                } else {
                    format!("asserted by {}", names(&v.asserted_by))
                };
                let dis = disputed(notes, v);
                format!("{val} ({} source(s); {by}{dis})", sources(v))
            })
            .collect();
        let _ = writeln!(
            out,
            "| {label} | **contested**: {} | — |",
            parts.join(" · ")
        );
        return;
    }
    let filed = f.filed();
    if filed.is_empty() {
        let _ = writeln!(out, "| {label} | _unknown_ | — |");
        return;
    }
    let vals: Vec<String> = filed.iter().map(|v| value(notes, v)).collect();
    let srcs: Vec<String> = filed.iter().map(|v| sources(v)).collect();
    let _ = writeln!(
        out,
        "| {label} | {} | {} |",
        vals.join("; "),
        srcs.join("; ")
    );
}
