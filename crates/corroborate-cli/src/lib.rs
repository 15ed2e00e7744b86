//! The pipeline behind the `corroborate` command: discover inputs, load them in parallel,
//! prepare (clean + segment), extract, and build the report. The binary only parses
//! arguments and prints.

use std::path::PathBuf;

use corroborate_core::load::{self, InputProblem, Manifest};
use corroborate_core::PreparedDoc;
use corroborate_reconcile::timeline;
use corroborate_render::json::{CrossDoc, Report, ReportOptions, Timeline};
use rayon::prelude::*;

/// What to analyse and how.
#[derive(Debug, Clone)]
pub struct AnalyzeRequest {
    /// Files or folders.
    pub paths: Vec<PathBuf>,
    /// An explicit manifest.
    pub manifest: Option<Manifest>,
    /// Use `manifest.json`/`manifest.csv` files found beside the inputs.
    pub auto_manifest: bool,
    /// The day date inference must not go beyond.
    pub today: jiff::civil::Date,
    /// Report options.
    pub report: ReportOptions,
}

/// Called once per input file processed, for progress reporting.
pub trait Progress: Sync {
    /// Total number of files is now known.
    fn start(&self, total: u64);
    /// One more file done.
    fn tick(&self);
}

/// A progress sink that does nothing.
pub struct NoProgress;

impl Progress for NoProgress {
    fn start(&self, _total: u64) {}
    fn tick(&self) {}
}

pub use corroborate_reconcile::Analysed;

/// The per-document results of a run.
pub struct Processed {
    /// Prepared documents with their extractions, in input order, duplicates removed.
    pub results: Vec<Analysed>,
    /// Every input problem, each naming its file.
    pub problems: Vec<InputProblem>,
    /// Files in input folders passed over because their type is not an article type.
    pub passed_over: Vec<PathBuf>,
    /// Number of input files read.
    pub files: usize,
}

/// Runs the per-document pipeline over every input, in parallel, and returns the per-document
/// results in input order with every problem met.
pub fn process(req: &AnalyzeRequest, progress: &dyn Progress) -> Processed {
    let found = load::discover(&req.paths, req.manifest.as_ref(), req.auto_manifest);
    progress.start(found.files.len() as u64);
    let per_file: Vec<(Vec<Analysed>, Vec<InputProblem>)> = found
        .files
        .par_iter()
        .map(|f| {
            let loaded = load::load_file(f);
            let docs = loaded
                .documents
                .into_iter()
                .map(|d| {
                    let p = PreparedDoc::new(d, req.today);
                    let ex = corroborate_extract::extract(&p);
                    (p, ex)
                })
                .collect();
            progress.tick();
            (docs, loaded.problems)
        })
        .collect();
    let files = found.files.len();
    let mut problems = found.problems;
    let mut results = Vec::new();
    let mut seen = std::collections::HashSet::new();
    for (docs, probs) in per_file {
        problems.extend(probs);
        for (p, ex) in docs {
            if seen.insert(p.doc.id.clone()) {
                results.push((p, ex));
            } else {
                problems.push(InputProblem::warning(
                    p.doc.source.clone(),
                    format!(
                        "same text as an earlier input (document {}); counted once",
                        p.doc.id
                    ),
                ));
            }
        }
    }
    Processed {
        results,
        problems,
        passed_over: found.passed_over,
        files,
    }
}

/// Runs the cross-article stages over per-article results: publication dates inferred across
/// articles, stories with wire-copy lineages and shared passages, then the merged timeline.
pub fn link(results: &mut [Analysed]) -> CrossDoc {
    let all: Vec<usize> = (0..results.len()).collect();
    let inferred_published = timeline::infer_publication_dates(results, &all);
    let links = corroborate_link::link(results, &corroborate_link::LinkConfig::default());
    let events = timeline::build(results, &all);
    CrossDoc {
        links,
        cross_entities: corroborate_reconcile::entities::link(results, &all),
        timeline: Timeline {
            events,
            inferred_published,
        },
    }
}

/// Runs the whole analysis and builds the JSON report.
pub fn analyze(req: &AnalyzeRequest, progress: &dyn Progress) -> (Report, Processed) {
    let mut processed = process(req, progress);
    let mut results = std::mem::take(&mut processed.results);
    let cross = link(&mut results);
    let report =
        corroborate_render::json::build(results, processed.problems.clone(), cross, req.report);
    (report, processed)
}
