//! The pipeline behind the `corroborate` command: discover inputs, load them in parallel,
//! prepare (clean + segment), extract, and build the report. The binary only parses
//! arguments and prints.

use std::path::PathBuf;

use corroborate_core::load::{self, InputProblem, Manifest};
use corroborate_core::PreparedDoc;
use corroborate_reconcile::claims::{self, ClaimsReport};
use corroborate_reconcile::timeline;
use corroborate_records::{build_if_applies, build_record, Record, Schema};
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
    /// Which incident records to fill per story.
    pub records: RecordChoice,
}

/// Which incident records the cross-article stage fills for each story.
#[derive(Debug, Clone)]
pub struct RecordChoice {
    /// Fill every shipped schema whose `[applies]` table accepts the story.
    pub auto: bool,
    /// Schemas filled for every story, whether or not they apply.
    pub forced: Vec<Schema>,
}

impl Default for RecordChoice {
    /// The shipped schemas that apply, as `analyze` does without `--record`.
    fn default() -> Self {
        Self {
            auto: true,
            forced: Vec::new(),
        }
    }
}

impl RecordChoice {
    /// No records at all (`--record none`).
    pub fn none() -> Self {
        Self {
            auto: false,
            forced: Vec::new(),
        }
    }

    /// The records of one story (documents `members` of `results`): forced schemas first, in
    /// the order given, then the shipped schemas that apply, in shipped order. Linear in the
    /// story's text per schema.
    pub fn fill(
        &self,
        results: &[Analysed],
        members: &[usize],
        lineage_of: &std::collections::BTreeMap<corroborate_core::DocId, String>,
        story: &str,
    ) -> Vec<Record> {
        let mut out: Vec<Record> = self
            .forced
            .iter()
            .map(|s| {
                let mut r = build_record(s, results, members, lineage_of);
                r.story = Some(story.to_string());
                r
            })
            .collect();
        if self.auto {
            for s in corroborate_records::schema::builtins() {
                if self.forced.iter().any(|f| f.name == s.name) {
                    continue;
                }
                out.extend(build_if_applies(
                    s,
                    results,
                    members,
                    lineage_of,
                    Some(story),
                ));
            }
        }
        out
    }
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
    process_with(req, load::Loaded::default(), progress)
}

/// The per-document stages of one document: prepare (clean, segment), then extract.
fn analyse_one(doc: corroborate_core::Document, today: jiff::civil::Date) -> Analysed {
    let p = PreparedDoc::new(doc, today);
    let ex = corroborate_extract::extract(&p);
    (p, ex)
}

/// [`process`], plus documents the caller loaded itself (pages fetched from the web), which
/// are analysed after the files, in the order given.
pub fn process_with(
    req: &AnalyzeRequest,
    fetched: load::Loaded,
    progress: &dyn Progress,
) -> Processed {
    let found = load::discover(&req.paths, req.manifest.as_ref(), req.auto_manifest);
    progress.start(found.files.len() as u64);
    let mut per_file: Vec<(Vec<Analysed>, Vec<InputProblem>)> = found
        .files
        .par_iter()
        .map(|f| {
            let loaded = load::load_file(f);
            let docs = loaded
                .documents
                .into_iter()
                .map(|d| analyse_one(d, req.today))
                .collect();
            progress.tick();
            (docs, loaded.problems)
        })
        .collect();
    let fetched_docs = fetched
        .documents
        .into_par_iter()
        .map(|d| analyse_one(d, req.today))
        .collect();
    per_file.push((fetched_docs, fetched.problems));
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

/// Runs the cross-article stages over per-article results: stories with wire-copy lineages and
/// shared passages; then, within each story, publication dates inferred across its articles,
/// who's who, the merged timeline, claims counted by independent lineages, and the incident
/// records of every shipped schema that applies to the story.
pub fn link(results: &mut [Analysed]) -> CrossDoc {
    link_with(results, &RecordChoice::default())
}

/// [`link`], with the choice of incident records to fill per story.
pub fn link_with(results: &mut [Analysed], record_choice: &RecordChoice) -> CrossDoc {
    let links = corroborate_link::link(results, &corroborate_link::LinkConfig::default());
    let position: std::collections::HashMap<corroborate_core::DocId, usize> = results
        .iter()
        .enumerate()
        .map(|(i, (p, _))| (p.doc.id.clone(), i))
        .collect();
    let mut cross_entities = Vec::new();
    let mut events = Vec::new();
    let mut inferred_published = Vec::new();
    let mut claims_report = ClaimsReport::default();
    let mut records = Vec::new();
    let lineage_of: std::collections::BTreeMap<corroborate_core::DocId, String> = results
        .iter()
        .filter_map(|(p, _)| {
            let l = links.lineages.lineage_of(&p.doc.id)?;
            Some((p.doc.id.clone(), l.id.clone()))
        })
        .collect();
    // Who's who and what happened when are reconciled within each story, never across stories.
    for linked in &links.stories {
        let story = &linked.story;
        let members: Vec<usize> = story
            .documents
            .iter()
            .filter_map(|d| position.get(d).copied())
            .collect();
        inferred_published.extend(timeline::infer_publication_dates(results, &members));
        for mut e in timeline::build(results, &members) {
            e.story = Some(story.id.clone());
            events.push(e);
        }
        cross_entities.extend(corroborate_reconcile::entities::link(
            results,
            &members,
            Some(&story.id),
        ));
        claims_report.append(claims::build(results, &members, &lineage_of));
        records.extend(record_choice.fill(results, &members, &lineage_of, &story.id));
    }
    CrossDoc {
        links,
        cross_entities,
        timeline: Timeline {
            events,
            inferred_published,
        },
        claims: claims_report,
        records,
    }
}

/// Runs the whole analysis and builds the JSON report.
pub fn analyze(req: &AnalyzeRequest, progress: &dyn Progress) -> (Report, Processed) {
    analyze_with(req, load::Loaded::default(), progress)
}

/// [`analyze`], plus documents the caller loaded itself (see [`process_with`]).
pub fn analyze_with(
    req: &AnalyzeRequest,
    fetched: load::Loaded,
    progress: &dyn Progress,
) -> (Report, Processed) {
    let mut processed = process_with(req, fetched, progress);
    let mut results = std::mem::take(&mut processed.results);
    let cross = link_with(&mut results, &req.records);
    let report =
        corroborate_render::json::build(results, processed.problems.clone(), cross, req.report);
    (report, processed)
}
