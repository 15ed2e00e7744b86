//! `corroborate ingest`: adds articles to a store, one transaction per batch, then updates the
//! stories they join.

use std::path::PathBuf;

use anyhow::Context;
use clap::Args;
use corroborate_core::load::InputProblem;
use corroborate_core::load::{self, Manifest};
use corroborate_pipeline::artifact;
use corroborate_store::{Article, IngestOptions, Store};
use rayon::prelude::*;

/// Arguments of `corroborate ingest`.
#[derive(Args)]
pub struct IngestArgs {
    /// Files, folders, WARC archives or http(s) URLs to add.
    #[arg(required_unless_present_any = ["urls", "feeds", "artifacts"], value_name = "PATH|URL")]
    pub paths: Vec<PathBuf>,
    /// Article artifacts to add as they are, without analysing them again: JSON Lines files,
    /// or folders of them (Spark part files), one artifact per line, as the Python package's
    /// `annotate` and the Spark job's `--artifacts-out` write them (repeatable).
    #[arg(long = "artifacts", value_name = "PATH")]
    pub artifacts: Vec<PathBuf>,
    #[command(flatten)]
    pub web: crate::web_inputs::WebArgs,
    /// The store (created when missing).
    #[arg(long, value_name = "FILE", default_value = "corroborate.db")]
    pub db: PathBuf,
    /// A manifest giving outlet, date and URL per file.
    #[arg(long, value_name = "FILE")]
    pub manifest: Option<PathBuf>,
    /// Ignore manifest files found in input folders.
    #[arg(long, conflicts_with = "manifest")]
    pub no_manifest: bool,
    /// Documents per transaction: a crash loses at most one batch.
    #[arg(long, value_name = "N", default_value_t = 64, value_parser = clap::value_parser!(u64).range(1..))]
    pub batch_size: u64,
    /// Treat this day as today when inferring dates (YYYY-MM-DD).
    #[arg(long, value_name = "DATE")]
    pub today: Option<jiff::civil::Date>,
    /// Print nothing but errors.
    #[arg(long, short)]
    pub quiet: bool,
    /// Print how long each stage took on stderr (analysing and storing the articles, then the
    /// relink's stages), even with --quiet.
    #[arg(long)]
    pub timings: bool,
}

/// Runs `corroborate ingest`; returns the exit code (0 clean, 1 some inputs had problems).
pub fn run(args: IngestArgs) -> anyhow::Result<u8> {
    let manifest = match &args.manifest {
        Some(p) => match Manifest::from_path(p) {
            Ok(m) => Some(m),
            Err(e) => {
                eprintln!("error: {}: {e}", p.display());
                return Ok(2);
            }
        },
        None => None,
    };
    let (paths, urls) = crate::web_inputs::split_inputs(args.paths.clone());
    let found = load::discover(&paths, manifest.as_ref(), !args.no_manifest);
    let loaded: Vec<load::Loaded> = found.files.par_iter().map(load::load_file).collect();
    let mut problems = found.problems;
    let mut docs = Vec::new();
    for l in loaded {
        docs.extend(l.documents);
        problems.extend(l.problems);
    }
    let mut articles = read_artifacts(&args.artifacts, &mut problems);
    let mut store =
        Store::open(&args.db).with_context(|| format!("opening {}", args.db.display()))?;
    if let Err(e) = fetch_into(&args, urls, &store, &mut docs, &mut problems) {
        eprintln!("error: {e}");
        return Ok(2);
    }
    if !args.quiet {
        for p in &problems {
            eprintln!("{p}");
        }
    }
    let opts = IngestOptions {
        batch_size: args.batch_size as usize,
        today: args.today.unwrap_or_else(|| jiff::Zoned::now().date()),
    };
    let quiet = args.quiet;
    // A story whose reconciliation fails is a problem in the summary, not an abort: the linker
    // still returns every other story, so the store relinks and the next ingest works.
    articles.extend(docs.into_iter().map(|d| Article::Loaded(Box::new(d))));
    let summary = store.ingest_articles(
        articles,
        &opts,
        &corroborate_cli::link_selected,
        &mut |done, total| {
            if !quiet {
                eprintln!("committed {done}/{total} documents");
            }
        },
    )?;
    problems.extend(summary.problems.iter().cloned());
    if args.timings {
        for t in &summary.stages {
            eprintln!("corroborate: {}: {:.2} s", t.stage, t.seconds);
        }
    }
    if !args.quiet {
        for p in problems.iter().filter(|p| p.stage.is_some()) {
            eprintln!("{p}");
        }
    }
    if !args.quiet {
        eprintln!(
            "corroborate: {} document(s) added, {} already stored, {} batch(es); {} stor{} updated{}",
            summary.added.len(),
            summary.skipped.len(),
            summary.batches,
            summary.stories_changed.len(),
            if summary.stories_changed.len() == 1 { "y" } else { "ies" },
            summary
                .stories_changed
                .iter()
                .map(|c| format!(" ({} v{}, +{} docs)", c.story, c.version, c.added.len()))
                .collect::<String>()
        );
    }
    Ok(if problems.is_empty() { 0 } else { 1 })
}

/// Fetches the URLs and feed entries `args` names (feed entries the store knows are skipped)
/// and appends their documents and problems.
fn fetch_into(
    args: &IngestArgs,
    urls: Vec<String>,
    store: &Store,
    docs: &mut Vec<corroborate_core::Document>,
    problems: &mut Vec<load::InputProblem>,
) -> Result<(), String> {
    if urls.is_empty() && args.web.urls.is_none() && args.web.feeds.is_empty() {
        return Ok(());
    }
    let (loaded, counts) = crate::web_inputs::load_web(&args.web, urls, Some(store))?;
    if !args.quiet && counts.entries > 0 {
        eprintln!(
            "feeds: {} entr{}, {} already stored",
            counts.entries,
            if counts.entries == 1 { "y" } else { "ies" },
            counts.known
        );
    }
    docs.extend(loaded.documents);
    problems.extend(loaded.problems);
    Ok(())
}

/// The article artifacts in `paths` (files, or folders whose files are read in name order;
/// names starting with `.` or `_`, such as Spark's `_SUCCESS`, are passed over). A line that is
/// not an artifact of this build's version, or whose spans do not fit its text
/// ([`artifact::check`]), is a problem naming `file:line`; the rest are read.
fn read_artifacts(paths: &[PathBuf], problems: &mut Vec<InputProblem>) -> Vec<Article> {
    let mut files = Vec::new();
    for p in paths {
        if p.is_dir() {
            let mut inside: Vec<PathBuf> = match std::fs::read_dir(p) {
                Ok(entries) => entries
                    .filter_map(|e| e.ok().map(|e| e.path()))
                    .filter(|f| f.is_file())
                    .filter(|f| {
                        f.file_name()
                            .and_then(|n| n.to_str())
                            .is_some_and(|n| !n.starts_with(['.', '_']))
                    })
                    .collect(),
                Err(e) => {
                    problems.push(InputProblem::skipped(
                        p.display().to_string(),
                        e.to_string(),
                    ));
                    continue;
                }
            };
            inside.sort();
            files.extend(inside);
        } else {
            files.push(p.clone());
        }
    }
    let mut out = Vec::new();
    for f in files {
        let name = f.display().to_string();
        let text = match std::fs::read(&f) {
            Ok(bytes) => bytes,
            Err(e) => {
                problems.push(InputProblem::skipped(name, e.to_string()));
                continue;
            }
        };
        for (n, line) in text.split(|&b| b == b'\n').enumerate() {
            if line.iter().all(u8::is_ascii_whitespace) {
                continue;
            }
            let parsed = std::str::from_utf8(line)
                .map_err(|e| format!("not UTF-8: {e}"))
                .and_then(|l| artifact::from_json(l).map_err(|e| e.to_string()))
                .and_then(|r| artifact::check(&r).map(|()| r).map_err(|e| e.to_string()));
            match parsed {
                Ok(r) => out.push(Article::Analysed(Box::new(r))),
                Err(e) => problems.push(InputProblem::skipped(format!("{name}:{}", n + 1), e)),
            }
        }
    }
    out
}
