//! Corroborate's pipeline, called by the CLI, the store and any future bindings:
//!
//! * [`annotate`]: one article through the per-article stages (prepare = clean + segment, then
//!   extract) — the map;
//! * [`reconcile`]: one story through the cross-article stages (publication dates, timeline,
//!   who's who, claims, incident records) — the reduce;
//! * [`process`], [`link_with`] and [`analyze`]: a whole run over files and folders.
//!
//! Every stage runs under [`guard::run_stage`]: a panic on one article or one story becomes a
//! [`Severity::Failed`](corroborate_core::load::Severity::Failed) problem naming the file or
//! story, the stage and the message, and the rest of the report is complete.

#![deny(clippy::string_slice)]

pub mod artifact;
pub mod dossier;
pub mod guard;
mod spill;
pub mod stream;
pub mod validate;

use std::collections::{BTreeMap, HashMap};
use std::path::PathBuf;

use corroborate_core::load::{self, InputProblem, Manifest};
use corroborate_core::{DocId, Document, PreparedDoc};
use corroborate_reconcile::claims::{self, ClaimsReport};
use corroborate_reconcile::timeline::{self, Event, InferredPublished};
use corroborate_records::{build_if_applies, build_record, Record, Schema};
use corroborate_render::json::{CrossDoc, Report, ReportOptions, Timeline};
use rayon::prelude::*;

pub use corroborate_reconcile::Analysed;
pub use guard::{run_stage, StageFailure};

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
        lineage_of: &BTreeMap<DocId, String>,
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
    /// A stage of the run (see `analyze --timings`) ended after `elapsed` of wall-clock time.
    fn stage(&self, _name: &str, _elapsed: std::time::Duration) {}
}

/// A progress sink that does nothing.
pub struct NoProgress;

impl Progress for NoProgress {
    fn start(&self, _total: u64) {}
    fn tick(&self) {}
}

/// One article through the per-article stages: `prepare` (segment, clean, outlet, publication
/// date) then each extractor of [`corroborate_extract::COMPONENTS`] in order, each its own
/// stage named by its component id. A failed `prepare` drops the article; a failed extractor
/// leaves its layer empty (later extractors read it empty) and the article is kept. Each
/// failure comes back as a problem naming the article's source and the stage.
pub fn annotate(doc: Document, today: jiff::civil::Date) -> (Option<Analysed>, Vec<InputProblem>) {
    let source = doc.source.clone();
    let prepared = match run_stage("prepare", &source, || PreparedDoc::new(doc, today)) {
        Ok(p) => p,
        Err(f) => return (None, vec![failure(&source, f)]),
    };
    let mut ex = corroborate_extract::Extraction::default();
    let mut problems = Vec::new();
    if corroborate_extract::applies_to(&prepared) {
        for c in corroborate_extract::COMPONENTS {
            // A component writes its layer in one assignment once it has finished, so a panic
            // leaves the earlier layers as they were.
            if let Err(f) = run_stage(c.spec.id, &source, || (c.run)(&prepared, &mut ex)) {
                problems.push(failure(&source, f));
            }
        }
    }
    (Some((prepared, ex)), problems)
}

fn failure(subject: &str, f: StageFailure) -> InputProblem {
    InputProblem::failed(subject, f.stage, f.message)
}

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

/// [`process`], plus documents the caller loaded itself (pages fetched from the web), which
/// are analysed after the files, in the order given.
pub fn process_with(
    req: &AnalyzeRequest,
    fetched: load::Loaded,
    progress: &dyn Progress,
) -> Processed {
    let mut results = Vec::new();
    let mut processed = process_each(req, fetched, progress, usize::MAX, &|a| a, &mut |a| {
        results.push(a);
        Ok::<(), std::convert::Infallible>(())
    })
    .unwrap_or_else(|never| match never {});
    processed.results = results;
    processed
}

/// One analysed article as [`process_each`] passes it on: its id and source (to report a
/// duplicate) and what `map` made of it.
type Mapped<T> = (DocId, String, T);

/// The per-document pipeline over every input, `files_at_once` files at a time (each group in
/// parallel): each analysed article is turned into a `T` by `map` right away (on the worker that
/// analysed it), and each `T` goes to `keep` in input order, duplicates (the same text as an
/// earlier input) left out with a warning. `results` of the returned [`Processed`] is empty.
/// Memory holds the `T`s of one group of files at a time, besides what `keep` keeps.
pub(crate) fn process_each<T: Send, E>(
    req: &AnalyzeRequest,
    fetched: load::Loaded,
    progress: &dyn Progress,
    files_at_once: usize,
    map: &(dyn Fn(Analysed) -> T + Sync),
    keep: &mut dyn FnMut(T) -> Result<(), E>,
) -> Result<Processed, E> {
    let found = load::discover(&req.paths, req.manifest.as_ref(), req.auto_manifest);
    progress.start(found.files.len() as u64);
    let mut problems = found.problems;
    let mut seen = std::collections::HashSet::new();
    let mut keep_new = |docs: Vec<Mapped<T>>,
                        probs: Vec<InputProblem>,
                        problems: &mut Vec<InputProblem>|
     -> Result<(), E> {
        problems.extend(probs);
        for (id, source, t) in docs {
            if seen.insert(id.clone()) {
                keep(t)?;
            } else {
                problems.push(InputProblem::warning(
                    source,
                    format!("same text as an earlier input (document {id}); counted once"),
                ));
            }
        }
        Ok(())
    };
    let mapped = |a: Analysed| (a.0.doc.id.clone(), a.0.doc.source.clone(), map(a));
    for group in found.files.chunks(files_at_once.max(1)) {
        let per_file: Vec<(Vec<Mapped<T>>, Vec<InputProblem>)> = group
            .par_iter()
            .map(|f| {
                let subject = f.path.display().to_string();
                let out = match run_stage("load", &subject, || load::load_file(f)) {
                    Ok(loaded) => {
                        let mut problems = loaded.problems;
                        let mut docs = Vec::new();
                        for d in loaded.documents {
                            let (a, probs) = annotate(d, req.today);
                            docs.extend(a.map(mapped));
                            problems.extend(probs);
                        }
                        (docs, problems)
                    }
                    Err(e) => (Vec::new(), vec![failure(&subject, e)]),
                };
                progress.tick();
                out
            })
            .collect();
        for (docs, probs) in per_file {
            keep_new(docs, probs, &mut problems)?;
        }
    }
    let (fetched_docs, fetched_problems): (Vec<Option<Mapped<T>>>, Vec<Vec<InputProblem>>) =
        fetched
            .documents
            .into_par_iter()
            .map(|d| {
                let (a, probs) = annotate(d, req.today);
                (a.map(mapped), probs)
            })
            .unzip();
    let mut probs = fetched.problems;
    probs.extend(fetched_problems.into_iter().flatten());
    keep_new(
        fetched_docs.into_iter().flatten().collect(),
        probs,
        &mut problems,
    )?;
    Ok(Processed {
        results: Vec::new(),
        problems,
        passed_over: found.passed_over,
        files: found.files.len(),
    })
}

/// What the cross-article stages found for one story.
#[derive(Debug, Clone, Default)]
pub struct StoryResult {
    /// Publication dates inferred across the story's articles.
    pub inferred_published: Vec<InferredPublished>,
    /// The story's merged timeline.
    pub events: Vec<Event>,
    /// Who's who across the story's articles.
    pub cross_entities: Vec<corroborate_reconcile::entities::CrossEntity>,
    /// Claims, disputes and inconsistencies.
    pub claims: ClaimsReport,
    /// Incident records.
    pub records: Vec<Record>,
    /// One problem per stage that failed on this story.
    pub problems: Vec<InputProblem>,
}

impl StoryResult {
    /// The story's cross-article result over `links` (its stories, lineages and passages),
    /// and its problems.
    pub fn into_cross(self, links: corroborate_link::Links) -> (CrossDoc, Vec<InputProblem>) {
        let cross = CrossDoc {
            links,
            cross_entities: self.cross_entities,
            timeline: Timeline {
                events: self.events,
                inferred_published: self.inferred_published,
            },
            claims: self.claims,
            records: self.records,
        };
        (cross, self.problems)
    }
}

/// One story (documents `members` of `results`, id `story`) through the cross-article stages,
/// each isolated: a failing stage leaves its part empty and adds a problem naming the story.
pub fn reconcile(
    results: &mut [Analysed],
    members: &[usize],
    story: &str,
    lineage_of: &BTreeMap<DocId, String>,
    record_choice: &RecordChoice,
) -> StoryResult {
    let dated = infer_dates(results, members, story);
    reconcile_dated(results, members, story, lineage_of, record_choice, dated)
}

/// The first cross-article stage of one story, the only one that changes its articles:
/// publication dates inferred across them (written into the articles' metadata). A failure
/// leaves the dates as they were and comes back as a problem naming the story.
pub fn infer_dates(
    results: &mut [Analysed],
    members: &[usize],
    story: &str,
) -> (Vec<InferredPublished>, Option<InputProblem>) {
    let subject = format!("story {story}");
    match run_stage("publication-dates", &subject, || {
        timeline::infer_publication_dates(results, members)
    }) {
        Ok(inferred) => (inferred, None),
        Err(e) => (Vec::new(), Some(failure(&subject, e))),
    }
}

/// The cross-article stages of one story after [`infer_dates`] (whose result is `dated`):
/// they only read the articles, so stories can run in parallel.
pub fn reconcile_dated(
    results: &[Analysed],
    members: &[usize],
    story: &str,
    lineage_of: &BTreeMap<DocId, String>,
    record_choice: &RecordChoice,
    dated: (Vec<InferredPublished>, Option<InputProblem>),
) -> StoryResult {
    let subject = format!("story {story}");
    let mut out = StoryResult {
        inferred_published: dated.0,
        ..StoryResult::default()
    };
    let mut problems: Vec<InputProblem> = dated.1.into_iter().collect();
    let mut stage = |name: &'static str, f: &mut dyn FnMut()| {
        if let Err(e) = run_stage(name, &subject, f) {
            problems.push(failure(&subject, e));
        }
    };
    stage("timeline", &mut || {
        out.events = timeline::build(results, members);
        for e in &mut out.events {
            e.story = Some(story.to_string());
        }
    });
    stage("cross-entities", &mut || {
        out.cross_entities = corroborate_reconcile::entities::link(results, members, Some(story));
    });
    stage("claims", &mut || {
        out.claims = claims::build(results, members, lineage_of);
    });
    stage("records", &mut || {
        out.records = record_choice.fill(results, members, lineage_of, story);
    });
    out.problems = problems;
    out
}

/// Runs the cross-article stages over per-article results: stories with wire-copy lineages and
/// shared passages; then, within each story, publication dates inferred across its articles,
/// who's who, the merged timeline, claims counted by independent lineages, and the incident
/// records of every shipped schema that applies to the story.
pub fn link(results: &mut [Analysed]) -> CrossDoc {
    link_with(results, &RecordChoice::default()).0
}

/// [`link`], with the choice of incident records to fill per story; also returns one problem
/// per stage that failed on a story (or on the whole corpus, for story linking).
pub fn link_with(
    results: &mut [Analysed],
    record_choice: &RecordChoice,
) -> (CrossDoc, Vec<InputProblem>) {
    let (links, mut problems) = link_stories(results);
    let plan = StoryPlan::new(results, &links);
    let mut cross_entities = Vec::new();
    let mut events = Vec::new();
    let mut inferred_published = Vec::new();
    let mut claims_report = ClaimsReport::default();
    let mut records = Vec::new();
    // Who's who and what happened when are reconciled within each story, never across stories.
    // Dates are inferred story by story first (the one stage that writes to the articles); the
    // read-only stages then run in parallel across stories, collected in story order.
    let dated = plan.infer_dates(results, &links);
    let results: &[Analysed] = results;
    let reconciled: Vec<StoryResult> = links
        .stories
        .par_iter()
        .zip(plan.members.par_iter())
        .zip(dated.into_par_iter())
        .map(|((linked, members), dated)| {
            reconcile_dated(
                results,
                members,
                &linked.story.id,
                &plan.lineage_of,
                record_choice,
                dated,
            )
        })
        .collect();
    for r in reconciled {
        inferred_published.extend(r.inferred_published);
        events.extend(r.events);
        cross_entities.extend(r.cross_entities);
        claims_report.append(r.claims);
        records.extend(r.records);
        problems.extend(r.problems);
    }
    let cross = CrossDoc {
        links,
        cross_entities,
        timeline: Timeline {
            events,
            inferred_published,
        },
        claims: claims_report,
        records,
    };
    (cross, problems)
}

/// What the cross-article stages need to know of the linked corpus.
pub(crate) struct StoryPlan {
    /// Document id → index in the results.
    pub(crate) position: HashMap<DocId, usize>,
    /// Each document's lineage id.
    pub(crate) lineage_of: BTreeMap<DocId, String>,
    /// Each story's documents, as indexes in the results.
    pub(crate) members: Vec<Vec<usize>>,
}

impl StoryPlan {
    pub(crate) fn new(results: &[Analysed], links: &corroborate_link::Links) -> Self {
        let ids: Vec<&DocId> = results.iter().map(|(p, _)| &p.doc.id).collect();
        Self::of_ids(&ids, links)
    }

    /// The plan for the documents `ids`, in input order.
    pub(crate) fn of_ids(ids: &[&DocId], links: &corroborate_link::Links) -> Self {
        let position: HashMap<DocId, usize> = ids
            .iter()
            .enumerate()
            .map(|(i, id)| ((*id).clone(), i))
            .collect();
        let lineage_of = ids
            .iter()
            .filter_map(|id| {
                let l = links.lineages.lineage_of(id)?;
                Some(((*id).clone(), l.id.clone()))
            })
            .collect();
        let members = links
            .stories
            .iter()
            .map(|linked| {
                linked
                    .story
                    .documents
                    .iter()
                    .filter_map(|d| position.get(d).copied())
                    .collect()
            })
            .collect();
        Self {
            position,
            lineage_of,
            members,
        }
    }

    /// [`infer_dates`] for every story, in story order.
    fn infer_dates(
        &self,
        results: &mut [Analysed],
        links: &corroborate_link::Links,
    ) -> Vec<(Vec<InferredPublished>, Option<InputProblem>)> {
        links
            .stories
            .iter()
            .zip(&self.members)
            .map(|(linked, members)| infer_dates(results, members, &linked.story.id))
            .collect()
    }
}

/// Stories, lineages and shared passages of the whole corpus; a failure is a problem naming
/// the corpus, and leaves every article unlinked.
pub(crate) fn link_stories(results: &[Analysed]) -> (corroborate_link::Links, Vec<InputProblem>) {
    match run_stage("stories", "corpus", || {
        corroborate_link::link(results, &corroborate_link::LinkConfig::default())
    }) {
        Ok(l) => (l, Vec::new()),
        Err(f) => (Default::default(), vec![failure("corpus", f)]),
    }
}

/// The store's linker: every article linked into stories from its link input as [`link_with`]
/// does, with the article pairs `prior` knows not aligned again, and only the stories
/// `selected` chooses reconciled, each into its own report with the default records; `load`
/// reads back the articles those reports need and `load_passages` the passages the prior did
/// not hold (see [`dossier::story_reports`]).
pub fn link_selected(
    inputs: Vec<corroborate_link::LinkInput>,
    load: &mut dossier::LoadResults<'_>,
    load_passages: &mut dossier::LoadPassages<'_>,
    selected: &(dyn Fn(&[DocId]) -> bool + Sync),
    prior: corroborate_link::PriorReuse,
) -> dossier::StoryReports {
    dossier::story_reports(
        inputs,
        load,
        load_passages,
        &RecordChoice::default(),
        ReportOptions::default(),
        selected,
        prior,
    )
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
    let started = std::time::Instant::now();
    let mut processed = process_with(req, fetched, progress);
    progress.stage("read and extract", started.elapsed());
    let started = std::time::Instant::now();
    let mut results = std::mem::take(&mut processed.results);
    let (cross, story_problems) = link_with(&mut results, &req.records);
    processed.problems.extend(story_problems);
    progress.stage("link and reconcile", started.elapsed());
    let started = std::time::Instant::now();
    let report =
        corroborate_render::json::build(results, processed.problems.clone(), cross, req.report);
    progress.stage("build the report", started.elapsed());
    (report, processed)
}
