//! Record export: JSON (full evidence), CSV (one row per record in a public data set's
//! columns, contested values spelled out in companion columns) and Markdown (a table with
//! citations).

use crate::{Record, RecordField, RecordValue};

/// JSON array of records, with every value's evidence.
pub fn json(records: &[Record], pretty: bool) -> serde_json::Result<String> {
    if pretty {
        serde_json::to_string_pretty(records)
    } else {
        serde_json::to_string(records)
    }
}

/// The CSV column a field goes to in `column_set` (`wapo`, `mpv`); the field name when the
/// public data set has no such column.
pub fn column_name<'a>(f: &'a RecordField, column_set: &str) -> &'a str {
    f.columns
        .get(column_set)
        .map_or(f.name.as_str(), |c| c.as_str())
}

fn with_sources(v: &RecordValue) -> String {
    let mut s = format!("{} ({})", v.value, v.asserted_by.join("; "));
    if !v.disputed_by.is_empty() {
        s.push_str(&format!(" [disputed by {}]", v.disputed_by.join("; ")));
    }
    s
}

/// CSV with one row per record. Columns: every field, under its `column_set` name; then, for
/// each field contested in any record, `<column>_contested` holding every value with who
/// asserts it (`move (A; B) | flee (C)`); then `<column>_sources`, the number of independent
/// sources of the filed value; last, `story`, the story id. Headers come from the first
/// record's schema.
pub fn csv(records: &[Record], column_set: &str) -> Result<String, csv::Error> {
    let mut w = csv::Writer::from_writer(Vec::new());
    let Some(first) = records.first() else {
        return Ok(String::new());
    };
    let contested: Vec<usize> = (0..first.fields.len())
        .filter(|&i| {
            records
                .iter()
                .any(|r| r.fields.get(i).is_some_and(|f| f.contested))
        })
        .collect();
    let mut header: Vec<String> = first
        .fields
        .iter()
        .map(|f| column_name(f, column_set).to_string())
        .collect();
    for &i in &contested {
        header.push(format!(
            "{}_contested",
            column_name(&first.fields[i], column_set)
        ));
    }
    for f in &first.fields {
        header.push(format!("{}_sources", column_name(f, column_set)));
    }
    header.push("story".into());
    w.write_record(&header)?;
    for r in records {
        let mut row: Vec<String> = r
            .fields
            .iter()
            .map(|f| f.value.clone().unwrap_or_default())
            .collect();
        for &i in &contested {
            row.push(match r.fields.get(i) {
                Some(f) if f.contested => f
                    .values
                    .iter()
                    .map(with_sources)
                    .collect::<Vec<_>>()
                    .join(" | "),
                _ => String::new(),
            });
        }
        for f in &r.fields {
            row.push(
                f.values
                    .first()
                    .filter(|_| f.value.is_some())
                    .map(|v| v.sources.to_string())
                    .unwrap_or_default(),
            );
        }
        row.push(r.story.clone().unwrap_or_default());
        w.write_record(&row)?;
    }
    let bytes = w.into_inner().map_err(|e| e.into_error())?;
    Ok(String::from_utf8_lossy(&bytes).into_owned())
}

fn md_cell(s: &str) -> String {
    s.replace('|', "\\|").replace(['\n', '\r'], " ")
}

/// Markdown: per record, a table of field, value, support and citations (`doc[start:end]`
/// in code points, with the cited text). Contested fields list every value.
pub fn markdown(records: &[Record]) -> String {
    let mut out = String::new();
    for r in records {
        out.push_str(&format!(
            "## Record: {}\n\n{} — from {} document(s)\n\n",
            r.schema,
            md_cell(&r.description),
            r.documents.len()
        ));
        out.push_str("| field | value | support | evidence |\n|---|---|---|---|\n");
        for f in &r.fields {
            if f.values.is_empty() {
                out.push_str(&format!("| {} | _unknown_ | | |\n", f.name));
                continue;
            }
            let shown: Vec<&RecordValue> = if f.contested || f.ty == crate::FieldType::List {
                f.values.iter().collect()
            } else {
                f.values.iter().take(1).collect()
            };
            for (i, v) in shown.iter().enumerate() {
                let name = if i == 0 { f.name.as_str() } else { "" };
                let mark = if f.contested { " **(contested)**" } else { "" };
                let disputed = if v.disputed_by.is_empty() {
                    String::new()
                } else {
                    format!("; disputed by {}", md_cell(&v.disputed_by.join(", ")))
                };
                let single = if v.single_source {
                    ", single source"
                } else {
                    ""
                };
                let cites: Vec<String> = v
                    .evidence
                    .iter()
                    .take(3)
                    .map(|e| {
                        format!(
                            "`{}[{}:{}]` “{}” ({})",
                            e.doc.0,
                            e.start,
                            e.end,
                            md_cell(&e.text),
                            md_cell(&e.asserted_by)
                        )
                    })
                    .collect();
                let more = v.evidence.len().saturating_sub(3);
                let more = if more > 0 {
                    format!("; +{more} more")
                } else {
                    String::new()
                };
                out.push_str(&format!(
                    "| {} | {}{} | {} source(s){}; asserted by {}{} | {}{} |\n",
                    name,
                    md_cell(&v.value),
                    mark,
                    v.sources,
                    single,
                    md_cell(&v.asserted_by.join(", ")),
                    disputed,
                    cites.join("<br>"),
                    more
                ));
            }
        }
        out.push('\n');
    }
    out
}
