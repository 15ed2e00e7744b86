//! `corroborate dates FILE`: the temporal expressions of one input, normalised against its
//! document creation time, as text, JSON or TimeML.

use std::io::Write;
use std::path::PathBuf;

use corroborate_core::document::{Known, Provenance, SourceFormat};
use corroborate_core::load::{decode_utf8, discover, load_file};
use corroborate_core::{OffsetMap, PreparedDoc};
use corroborate_extract::dates::{self, timeml, Timex};
use serde::Serialize;

/// Arguments of `corroborate dates`.
#[derive(clap::Args)]
pub struct DatesArgs {
    /// The article to read (.txt, .html, .jsonl, or TimeML such as .tml or .tml.TE3input).
    #[arg(value_name = "FILE")]
    pub file: PathBuf,
    /// The document creation time (YYYY-MM-DD) relative dates are resolved against; overrides
    /// the file's own (a TimeML <DCT>, HTML metadata, a manifest beside the file).
    #[arg(long, value_name = "DATE")]
    pub dct: Option<jiff::civil::Date>,
    /// Output format: one expression per line, JSON, or TimeML with inline TIMEX3 tags (a
    /// TimeML input, recognised by its `<TimeML` root whatever its name, is written back
    /// unchanged except for the tags).
    #[arg(long, default_value = "text", value_parser = ["text", "json", "timeml"])]
    pub format: String,
}

/// One expression in the JSON output; offsets are Unicode code points.
#[derive(Serialize)]
struct Item<'a> {
    start: usize,
    end: usize,
    text: &'a str,
    #[serde(flatten)]
    timex: Timex,
}

/// One document in the JSON output.
#[derive(Serialize)]
struct DocDates<'a> {
    doc: &'a str,
    source: &'a str,
    dct: Option<String>,
    dates: Vec<Item<'a>>,
}

/// Runs `corroborate dates`; returns the exit code (0 clean, 1 input problems).
pub fn run(args: DatesArgs) -> anyhow::Result<u8> {
    let found = discover(std::slice::from_ref(&args.file), None, true);
    let mut problems = found.problems;
    let mut docs = Vec::new();
    let today = jiff::Zoned::now().date();
    for f in &found.files {
        let loaded = load_file(f);
        problems.extend(loaded.problems);
        for mut doc in loaded.documents {
            if let Some(dct) = args.dct {
                doc.meta.published = Some(Known {
                    value: dct,
                    provenance: Provenance::Metadata {
                        field: "--dct".into(),
                    },
                });
            }
            docs.push(PreparedDoc::new(doc, today));
        }
    }
    for p in &problems {
        eprintln!("{p}");
    }
    let mut out = Vec::new();
    match args.format.as_str() {
        "json" => {
            let items: Vec<DocDates> = docs.iter().map(doc_dates).collect();
            serde_json::to_writer_pretty(&mut out, &items)?;
            out.push(b'\n');
        }
        "timeml" => {
            for d in &docs {
                let found = dates::extract(d);
                out.extend_from_slice(timeml_output(d, &found).as_bytes());
            }
        }
        _ => {
            for d in &docs {
                let dd = doc_dates(d);
                writeln!(
                    out,
                    "# {} ({}) DCT {}",
                    dd.source,
                    dd.doc,
                    dd.dct.as_deref().unwrap_or("unknown")
                )?;
                for i in &dd.dates {
                    writeln!(
                        out,
                        "{}\t{}\t{}\t{}\t{}",
                        i.start,
                        i.end,
                        i.timex.kind.as_str(),
                        i.timex.value.as_deref().unwrap_or("-"),
                        i.text.replace('\n', " ")
                    )?;
                }
            }
        }
    }
    match std::io::stdout().lock().write_all(&out) {
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => {}
        other => other?,
    }
    Ok(u8::from(!problems.is_empty()))
}

/// A TimeML input comes back unchanged except for the TIMEX3 tags inside `<TEXT>`; any other
/// input becomes a new TimeML document.
fn timeml_output(d: &PreparedDoc, found: &[Timex]) -> String {
    if d.doc.format == SourceFormat::Timeml {
        let original = std::fs::read(&d.doc.source).map(|b| decode_utf8(b).0);
        if let Some(xml) = original.ok().and_then(|x| timeml::annotate(&x, found)) {
            return xml;
        }
    }
    let dct = d.doc.meta.published.as_ref().map(|p| p.value);
    timeml::write(d.doc.id.as_str(), &d.doc.text, dct, found)
}

fn doc_dates(d: &PreparedDoc) -> DocDates<'_> {
    let map = OffsetMap::new(&d.doc.text);
    let dates = dates::extract(d)
        .into_iter()
        .map(|t| {
            let s = map.span(t.span);
            Item {
                start: s.start,
                end: s.end,
                text: d.slice(t.span),
                timex: t,
            }
        })
        .collect();
    DocDates {
        doc: d.doc.id.as_str(),
        source: &d.doc.source,
        dct: d.doc.meta.published.as_ref().map(|p| p.value.to_string()),
        dates,
    }
}
