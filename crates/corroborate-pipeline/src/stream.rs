//! The report written story by story (`analyze --format jsonl`): a header line, one line per
//! story as soon as its stories' chunk is reconciled, and a footer line. The whole report is
//! never held in memory: each story's part is built, written and dropped.
//!
//! Every line is a JSON object with a `kind`:
//! * `header`: schema, generator, and the number of documents and stories;
//! * `story`: the JSON report restricted to one story (its documents and their annotations,
//!   the story, its lineages, the passages between its documents, who's who, timeline, claims
//!   and records), in the same shape as the JSON report; claim and dispute ids count from 0
//!   within the line;
//! * `footer`: every problem of the run, and the passages shared by documents of two different
//!   stories.

#![deny(clippy::string_slice)]

use std::collections::{BTreeMap, HashMap, HashSet};
use std::io::Write;

use corroborate_core::load::{self, InputProblem};
use corroborate_core::{DocId, OffsetMap, Span};
use corroborate_link::{Lineages, Links};
use corroborate_render::json::{self, CrossDoc, Generator, PassageItem, Report, SCHEMA};
use rayon::prelude::*;
use serde::Serialize;

use crate::{
    link_stories, process_with, reconcile_dated, Analysed, AnalyzeRequest, Processed, Progress,
    StoryPlan, StoryResult,
};

/// Stories reconciled in parallel before their lines are written, in story order.
const CHUNK: usize = 256;

/// One line of the streamed report.
#[derive(Serialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
enum Line<'a> {
    Header {
        schema: &'static str,
        generator: Generator,
        documents: usize,
        stories: usize,
    },
    Story(&'a Report),
    Footer {
        problems: &'a [InputProblem],
        passages: &'a [PassageItem],
    },
}

/// What a streamed run found, besides the lines it wrote.
pub struct Streamed {
    /// Input files read, problems and passed-over files; `results` is empty (the documents
    /// were written out story by story).
    pub processed: Processed,
    /// Documents analysed.
    pub documents: usize,
}

/// Runs the whole analysis and writes the report to `out` as JSON Lines, story by story (see
/// the module documentation). Stories are reconciled in parallel, written in story order: the
/// bytes do not depend on the thread count.
pub fn analyze_streamed(
    req: &AnalyzeRequest,
    fetched: load::Loaded,
    progress: &dyn Progress,
    out: &mut dyn Write,
) -> std::io::Result<Streamed> {
    let mut processed = process_with(req, fetched, progress);
    let mut results = std::mem::take(&mut processed.results);
    let (links, link_problems) = link_stories(&results);
    processed.problems.extend(link_problems);
    let plan = StoryPlan::new(&results, &links);
    let position = &plan.position;
    let story_of: HashMap<&DocId, usize> = links
        .stories
        .iter()
        .enumerate()
        .flat_map(|(s, l)| l.story.documents.iter().map(move |d| (d, s)))
        .collect();
    let (inside, across): (Vec<_>, Vec<_>) = links
        .passages
        .iter()
        .partition(|p| story_of.get(&p.doc_a) == story_of.get(&p.doc_b));
    let across = passage_items(&results, position, &across);
    let mut inside_of: Vec<Vec<&corroborate_link::Passage>> = vec![Vec::new(); links.stories.len()];
    for p in inside {
        if let Some(&s) = story_of.get(&p.doc_a) {
            inside_of[s].push(p);
        }
    }
    let dated = plan.infer_dates(&mut results, &links);
    let documents = results.len();
    let header = Line::Header {
        schema: SCHEMA,
        generator: generator(),
        documents,
        stories: links.stories.len(),
    };
    write_line(out, &header)?;
    let mut dated = dated.into_iter();
    for (first, chunk) in (0..links.stories.len())
        .step_by(CHUNK)
        .map(|f| (f, &links.stories[f..(f + CHUNK).min(links.stories.len())]))
    {
        let dated_chunk: Vec<_> = dated.by_ref().take(chunk.len()).collect();
        let reconciled: Vec<StoryResult> = chunk
            .par_iter()
            .zip(&plan.members[first..first + chunk.len()])
            .zip(dated_chunk)
            .map(|((l, members), dated)| {
                reconcile_dated(
                    &results,
                    members,
                    &l.story.id,
                    &plan.lineage_of,
                    &req.records,
                    dated,
                )
            })
            .collect();
        for (k, r) in reconciled.into_iter().enumerate() {
            let s = first + k;
            let members = &plan.members[s];
            let (cross, problems) =
                r.into_cross(story_links(&links, s, members, &results, &inside_of[s]));
            processed.problems.extend(problems);
            let docs: Vec<Analysed> = members.iter().map(|&i| results[i].clone()).collect();
            let report = json::build(docs, Vec::new(), cross, req.report);
            write_line(out, &Line::Story(&report))?;
        }
    }
    write_line(
        out,
        &Line::Footer {
            problems: &processed.problems,
            passages: &across,
        },
    )?;
    Ok(Streamed {
        processed,
        documents,
    })
}

fn generator() -> Generator {
    Generator {
        name: "corroborate",
        version: env!("CARGO_PKG_VERSION"),
    }
}

fn write_line(out: &mut dyn Write, line: &Line<'_>) -> std::io::Result<()> {
    serde_json::to_writer(&mut *out, line)?;
    out.write_all(b"\n")
}

/// The links of story `s` alone: the story, its members' lineages (with the credits found in
/// its members; a lineage spanning stories is listed in each of them) and its passages.
fn story_links(
    links: &Links,
    s: usize,
    members: &[usize],
    results: &[Analysed],
    passages: &[&corroborate_link::Passage],
) -> Links {
    let ids: Vec<&DocId> = members.iter().map(|&i| &results[i].0.doc.id).collect();
    let in_story: HashSet<&DocId> = ids.iter().copied().collect();
    let mut lineages = Lineages::default();
    let mut index: BTreeMap<usize, usize> = BTreeMap::new();
    for id in &ids {
        if let Some(&l) = links.lineages.of_doc.get(*id) {
            index.entry(l).or_insert(0);
        }
    }
    for (k, (&l, slot)) in index.iter_mut().enumerate() {
        *slot = k;
        let mut lineage = links.lineages.lineages[l].clone();
        lineage.credits.retain(|c| in_story.contains(&c.doc));
        lineages.lineages.push(lineage);
    }
    for id in &ids {
        if let Some(l) = links.lineages.of_doc.get(*id) {
            lineages.of_doc.insert((*id).clone(), index[l]);
        }
    }
    Links {
        stories: vec![links.stories[s].clone()],
        lineages,
        passages: passages.iter().map(|p| (*p).clone()).collect(),
        redirects: BTreeMap::new(),
    }
}

/// Passages as the JSON report writes them (code-point offsets): their spans are converted
/// here, then rendered by [`json::build`] with no documents (which leaves spans as given).
fn passage_items(
    results: &[Analysed],
    position: &HashMap<DocId, usize>,
    passages: &[&corroborate_link::Passage],
) -> Vec<PassageItem> {
    let mut maps: BTreeMap<usize, OffsetMap> = BTreeMap::new();
    let mut to_chars = |doc: &DocId, span: Span| {
        position.get(doc).map_or(span, |&i| {
            maps.entry(i)
                .or_insert_with(|| OffsetMap::new(&results[i].0.doc.text))
                .span(span)
        })
    };
    let links = Links {
        passages: passages
            .iter()
            .map(|p| {
                let mut p = (*p).clone();
                p.span_a = to_chars(&p.doc_a, p.span_a);
                p.span_b = to_chars(&p.doc_b, p.span_b);
                p
            })
            .collect(),
        ..Links::default()
    };
    let cross = CrossDoc {
        links,
        ..CrossDoc::default()
    };
    json::build(Vec::new(), Vec::new(), cross, Default::default()).passages
}
