//! `corroborate record`: fill a structured record (police use of force, product recall, ...)
//! from a story, every field cited, in JSON, CSV or Markdown.

use std::collections::{BTreeMap, HashMap};
use std::io::Write;
use std::path::{Path, PathBuf};

use clap::Args;
use corroborate_cli::{AnalyzeRequest, NoProgress, RecordChoice};
use corroborate_core::load::Manifest;
use corroborate_core::DocId;
use corroborate_records::{build_record, export, schema, Schema};
use corroborate_render::json::ReportOptions;

/// Arguments of `corroborate record`.
#[derive(Args)]
pub struct RecordArgs {
    /// Record type: a shipped schema name (police-use-of-force, product-recall), a name looked
    /// up as NAME.toml under --schema-dir or ./schemas, or a path to a TOML schema file.
    #[arg(long, value_name = "NAME|FILE")]
    schema: String,
    /// Folder of schema files to look the name up in first.
    #[arg(long, value_name = "DIR")]
    schema_dir: Option<PathBuf>,
    /// Files or folders to read; one record per story found among them.
    #[arg(required = true, value_name = "PATH")]
    paths: Vec<PathBuf>,
    /// Only the story with this id (as in the report's `stories[]`).
    #[arg(long, value_name = "ID")]
    story: Option<String>,
    /// A manifest (JSON or CSV with columns file,outlet,published,url) giving metadata per file.
    #[arg(long, value_name = "FILE")]
    manifest: Option<PathBuf>,
    /// Output format.
    #[arg(long, default_value = "json", value_parser = ["json", "csv", "md"])]
    format: String,
    /// CSV column set (wapo, mpv, ...); defaults to the schema's first.
    #[arg(long, value_name = "SET")]
    columns: Option<String>,
    /// Write here instead of stdout.
    #[arg(long, value_name = "FILE")]
    out: Option<PathBuf>,
    /// Treat this day as today when resolving dates (YYYY-MM-DD); defaults to the system date.
    #[arg(long, value_name = "DATE")]
    today: Option<jiff::civil::Date>,
    /// Pretty-print the JSON.
    #[arg(long)]
    pretty: bool,
    /// No per-file warnings on stderr.
    #[arg(long, short)]
    quiet: bool,
}

/// Finds the schema text: a file path, NAME.toml under --schema-dir or ./schemas, or a
/// shipped schema.
pub(crate) fn schema_text(name: &str, dir: Option<&Path>) -> anyhow::Result<String> {
    let as_path = Path::new(name);
    if name.ends_with(".toml") || as_path.is_file() {
        return std::fs::read_to_string(as_path)
            .map_err(|e| anyhow::anyhow!("cannot read schema {}: {e}", as_path.display()));
    }
    let file = format!("{name}.toml");
    for d in dir.into_iter().chain([Path::new("schemas")]) {
        let p = d.join(&file);
        if p.is_file() {
            return std::fs::read_to_string(&p)
                .map_err(|e| anyhow::anyhow!("cannot read schema {}: {e}", p.display()));
        }
    }
    schema::builtin(name).map(str::to_string).ok_or_else(|| {
        let known: Vec<&str> = schema::BUILTIN.iter().map(|(n, _)| *n).collect();
        anyhow::anyhow!("no schema `{name}` (shipped: {})", known.join(", "))
    })
}

/// Runs `corroborate record`; returns the exit code.
pub fn run(args: RecordArgs, usage: u8, input_problems: u8) -> anyhow::Result<u8> {
    let text = match schema_text(&args.schema, args.schema_dir.as_deref()) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("error: {e:#}");
            return Ok(usage);
        }
    };
    let schema = match Schema::from_toml(&text) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("error: schema {}: {e}", args.schema);
            return Ok(usage);
        }
    };
    let manifest = match &args.manifest {
        Some(p) => match Manifest::from_path(p) {
            Ok(m) => Some(m),
            Err(e) => {
                eprintln!("error: {}: {e}", p.display());
                return Ok(usage);
            }
        },
        None => None,
    };
    let req = AnalyzeRequest {
        paths: args.paths,
        manifest,
        auto_manifest: true,
        today: args.today.unwrap_or_else(|| jiff::Zoned::now().date()),
        report: ReportOptions::default(),
        records: RecordChoice::none(),
    };
    let mut processed = corroborate_cli::process(&req, &NoProgress);
    if !args.quiet {
        for p in &processed.problems {
            eprintln!("{p}");
        }
    }
    let mut results = std::mem::take(&mut processed.results);
    // Publication dates inferred across articles sharpen relative dates in the record;
    // stories group the articles, lineages count independent sources.
    // The record asked for is built below, for every story; none is filled while linking.
    let (cross, story_problems) = corroborate_cli::link_with(&mut results, &RecordChoice::none());
    if !args.quiet {
        for p in &story_problems {
            eprintln!("{p}");
        }
    }
    processed.problems.extend(story_problems);
    let lin = &cross.links.lineages;
    let lineage_of: BTreeMap<DocId, String> = lin
        .of_doc
        .iter()
        .filter_map(|(d, &i)| lin.lineages.get(i).map(|l| (d.clone(), l.id.clone())))
        .collect();
    let index: HashMap<&DocId, usize> = results
        .iter()
        .enumerate()
        .map(|(i, (p, _))| (&p.doc.id, i))
        .collect();
    let mut stories: Vec<(Option<String>, Vec<usize>)> = cross
        .links
        .stories
        .iter()
        .map(|s| {
            let members = s
                .story
                .documents
                .iter()
                .filter_map(|d| index.get(d).copied());
            (Some(s.story.id.clone()), members.collect())
        })
        .collect();
    if stories.is_empty() {
        stories.push((None, (0..results.len()).collect()));
    }
    if let Some(id) = &args.story {
        let known: Vec<String> = stories.iter().filter_map(|s| s.0.clone()).collect();
        stories.retain(|s| s.0.as_deref() == Some(id.as_str()));
        if stories.is_empty() {
            eprintln!("error: no story {id} (stories: {})", known.join(", "));
            return Ok(usage);
        }
    }
    let records: Vec<_> = stories
        .into_iter()
        .map(|(id, members)| {
            let mut r = build_record(&schema, &results, &members, &lineage_of);
            r.story = id;
            r
        })
        .collect();
    let out = match args.format.as_str() {
        "csv" => {
            let set = args
                .columns
                .or_else(|| schema.column_sets.first().cloned())
                .unwrap_or_default();
            export::csv(&records, &set)?
        }
        "md" => export::markdown(&records),
        _ => export::json(&records, args.pretty)? + "\n",
    };
    match &args.out {
        Some(path) => std::fs::write(path, out)
            .map_err(|e| anyhow::anyhow!("cannot write {}: {e}", path.display()))?,
        None => {
            let mut so = std::io::stdout().lock();
            match so.write_all(out.as_bytes()).and_then(|()| so.flush()) {
                Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => {}
                other => other?,
            }
        }
    }
    Ok(if processed.problems.is_empty() {
        0
    } else {
        input_problems
    })
}
