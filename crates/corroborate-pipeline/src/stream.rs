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
use std::io::{Seek, SeekFrom, Write};

use corroborate_core::load::{self, InputProblem};
use corroborate_core::{DocId, Span};
use corroborate_link::{Lineages, LinkInput, Links, SentenceOffsets};
use corroborate_render::json::{self, CrossDoc, Generator, PassageItem, Report, SCHEMA};
use rayon::prelude::*;
use serde::Serialize;

use crate::spill::{LinkSpill, Spill};
use crate::{
    artifact, infer_dates, process_each, reconcile_dated, run_stage, Analysed, AnalyzeRequest,
    Processed, Progress, StoryPlan, StoryResult,
};

/// Stories reconciled in parallel before their lines are written, in story order.
const CHUNK: usize = 256;

/// Spilled passages read back at once while they are sorted into stories.
const PASSAGES_AT_ONCE: usize = 65_536;

/// The passages shared by documents of two different stories, written as the footer's
/// `passages` items to a temporary file as they are found, and copied into the footer at the
/// end: the footer line is never held in memory.
struct AcrossPassages {
    items: std::io::BufWriter<std::fs::File>,
    written: usize,
}

impl AcrossPassages {
    fn new() -> std::io::Result<Self> {
        Ok(Self {
            items: std::io::BufWriter::new(tempfile::tempfile()?),
            written: 0,
        })
    }

    fn write(&mut self, items: Vec<PassageItem>) -> std::io::Result<()> {
        for item in items {
            if self.written > 0 {
                self.items.write_all(b",")?;
            }
            serde_json::to_writer(&mut self.items, &item)?;
            self.written += 1;
        }
        Ok(())
    }

    /// Writes the footer line: `{"kind":"footer","problems":[…],"passages":[…]}`, the bytes
    /// serde would write for the whole footer.
    fn write_footer(self, out: &mut dyn Write, problems: &[InputProblem]) -> std::io::Result<()> {
        let mut items = self.items.into_inner().map_err(|e| e.into_error())?;
        items.seek(SeekFrom::Start(0))?;
        out.write_all(br#"{"kind":"footer","problems":"#)?;
        serde_json::to_writer(&mut *out, problems)?;
        out.write_all(br#","passages":["#)?;
        std::io::copy(&mut items, out)?;
        out.write_all(b"]}\n")
    }
}

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
}

/// What a streamed run found, besides the lines it wrote.
pub struct Streamed {
    /// Input files read, problems and passed-over files; `results` is empty (the documents
    /// were written out story by story).
    pub processed: Processed,
    /// Documents analysed.
    pub documents: usize,
}

/// Files analysed at once: each group's per-article results are spilled before the next
/// group is read.
const FILES_AT_ONCE: usize = 16;

/// Document `i`'s result, spilled by [`analyze_streamed`] ([`artifact::pack`]).
fn read(spill: &Spill, i: usize) -> std::io::Result<Analysed> {
    artifact::unpack(&spill.bytes(i)?)
        .map_err(|e| std::io::Error::new(std::io::ErrorKind::InvalidData, e))
}

/// Runs the whole analysis and writes the report to `out` as JSON Lines, story by story (see
/// the module documentation). Stories are reconciled in parallel, written in story order: the
/// bytes do not depend on the thread count.
///
/// Memory does not hold the corpus: each article's full result is spilled to a temporary file
/// as soon as it is found, and so are its sentence features for reuse detection, read back a
/// chunk of candidate pairs at a time; only the rest of what linking needs ([`LinkInput`])
/// stays in memory. The passages found are spilled too, as they are found. Each story's
/// articles and passages are read back when the story is reconciled, [`CHUNK`] stories at a
/// time, and the footer's passages are copied from their own file.
pub fn analyze_streamed(
    req: &AnalyzeRequest,
    fetched: load::Loaded,
    progress: &dyn Progress,
    out: &mut dyn Write,
) -> std::io::Result<Streamed> {
    let cfg = corroborate_link::LinkConfig::default();
    let mut spill = Spill::new()?;
    let mut link_spill = LinkSpill::new()?;
    let started = std::time::Instant::now();
    let mut inputs: Vec<LinkInput> = Vec::new();
    let mut processed = process_each(
        req,
        fetched,
        progress,
        FILES_AT_ONCE,
        &|a: Analysed| {
            let mut input = LinkInput::of(&a.0, &a.1, &cfg);
            let taken = input.take_features().unwrap_or_default().encode();
            (input, taken, artifact::pack(&a))
        },
        &mut |(input, taken, packed): (LinkInput, Vec<u8>, Vec<u8>)| {
            inputs.push(input);
            link_spill.features.push(&taken)?;
            spill.push(&packed)
        },
    )?;
    progress.stage("read, extract and spill", started.elapsed());
    let started = std::time::Instant::now();
    let ids: Vec<DocId> = inputs.iter().map(|i| i.id().clone()).collect();
    let id_refs: Vec<&DocId> = ids.iter().collect();
    let links = match run_stage("stories", "corpus", || {
        corroborate_link::link_inputs_with(inputs, &cfg, None, &link_spill)
    }) {
        Ok(Ok(linked)) => linked,
        Ok(Err(e)) => return Err(e),
        Err(f) => {
            processed
                .problems
                .push(InputProblem::failed("corpus", f.stage, f.message));
            Default::default()
        }
    };
    let (passages, features) = link_spill.into_parts()?;
    let plan = StoryPlan::of_ids(&id_refs, &links);
    let position = &plan.position;
    let mut story_of: Vec<Option<usize>> = vec![None; ids.len()];
    for (s, l) in links.stories.iter().enumerate() {
        for d in &l.story.documents {
            if let Some(&i) = position.get(d) {
                story_of[i] = Some(s);
            }
        }
    }
    // Each story's passages are numbered here and read back when its line is written; the
    // passages between two stories go to the footer as they are read.
    let mut inside_of: Vec<Vec<u64>> = vec![Vec::new(); links.stories.len()];
    let mut across = AcrossPassages::new()?;
    let story = |i: usize| story_of.get(i).copied().flatten();
    let mut number = 0;
    while number < passages.len() {
        let block = passages.articles(number, PASSAGES_AT_ONCE)?;
        if block.is_empty() {
            break;
        }
        let mut between = Vec::new();
        let mut articles = Vec::new();
        for (a, b) in block {
            match (story(a), story(b)) {
                (Some(sa), Some(sb)) if sa == sb => inside_of[sa].push(number),
                (None, None) => {}
                _ => {
                    between.push(number);
                    articles.extend([a, b]);
                }
            }
            number += 1;
        }
        articles.sort_unstable();
        articles.dedup();
        let offsets = articles
            .par_iter()
            .map(|&i| Ok((ids[i].clone(), LinkSpill::offsets(&features, i)?)))
            .collect::<std::io::Result<HashMap<DocId, SentenceOffsets>>>()?;
        let between = passages.read(&between, &ids)?;
        across.write(passage_items(&offsets, between))?;
    }
    drop(features);
    progress.stage("link", started.elapsed());
    let started = std::time::Instant::now();
    let documents = ids.len();
    let header = Line::Header {
        schema: SCHEMA,
        generator: Generator::current(),
        documents,
        stories: links.stories.len(),
    };
    write_line(out, &header)?;
    for (first, chunk) in (0..links.stories.len())
        .step_by(CHUNK)
        .map(|f| (f, &links.stories[f..(f + CHUNK).min(links.stories.len())]))
    {
        let reconciled: Vec<std::io::Result<(Vec<Analysed>, StoryResult)>> = chunk
            .par_iter()
            .zip(&plan.members[first..first + chunk.len()])
            .map(|(l, members)| {
                // The story's articles in input order, as the in-memory run holds them, and
                // the members as indexes into them.
                let mut in_order = members.clone();
                in_order.sort_unstable();
                let mut docs = in_order
                    .iter()
                    .map(|&i| read(&spill, i))
                    .collect::<std::io::Result<Vec<Analysed>>>()?;
                let local: Vec<usize> = members
                    .iter()
                    .map(|m| in_order.partition_point(|i| i < m))
                    .collect();
                let dated = infer_dates(&mut docs, &local, &l.story.id);
                let result = reconcile_dated(
                    &docs,
                    &local,
                    &l.story.id,
                    &plan.lineage_of,
                    &req.records,
                    dated,
                );
                // The report lists the story's documents in the story's order.
                let mut slots: Vec<Option<Analysed>> = docs.into_iter().map(Some).collect();
                let docs: Vec<Analysed> = local.iter().filter_map(|&k| slots[k].take()).collect();
                Ok((docs, result))
            })
            .collect();
        for (k, r) in reconciled.into_iter().enumerate() {
            let (docs, r) = r?;
            let s = first + k;
            let members = &plan.members[s];
            let inside = passages.read(&std::mem::take(&mut inside_of[s]), &ids)?;
            let (cross, problems) = r.into_cross(story_links(&links, s, members, &id_refs, inside));
            processed.problems.extend(problems);
            let report = json::build(docs, Vec::new(), cross, req.report);
            write_line(out, &Line::Story(&report))?;
        }
    }
    progress.stage("reconcile and write each story", started.elapsed());
    across.write_footer(out, &processed.problems)?;
    Ok(Streamed {
        processed,
        documents,
    })
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
    doc_ids: &[&DocId],
    passages: Vec<corroborate_link::Passage>,
) -> Links {
    let ids: Vec<&DocId> = members.iter().map(|&i| doc_ids[i]).collect();
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
        passages,
        redirects: BTreeMap::new(),
        pairs: Vec::new(),
        passages_elsewhere: Vec::new(),
        story_snapshot: None,
        stories_resumed: 0,
    }
}

/// Passages as the JSON report writes them (code-point offsets): their spans are converted
/// here through each article's sentence offsets (passages start and end at sentence
/// boundaries), then rendered by [`json::build`] with no documents (which leaves spans as given).
fn passage_items(
    offsets: &HashMap<DocId, SentenceOffsets>,
    passages: Vec<corroborate_link::Passage>,
) -> Vec<PassageItem> {
    let to_chars = |doc: &DocId, span: Span| {
        offsets
            .get(doc)
            .and_then(|o| o.char_span(span))
            .unwrap_or(span)
    };
    let links = Links {
        passages: passages
            .into_iter()
            .map(|mut p| {
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
