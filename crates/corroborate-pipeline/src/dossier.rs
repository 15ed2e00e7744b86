//! Story dossiers: the JSON report cut into one self-contained object per story, so that a
//! distributed run can reconcile and write stories independently.
//!
//! A dossier holds the story (as in the report's `stories`), its lineages, the passages its
//! articles share, its documents (with their story and lineage), who's who, the timeline
//! (events and inferred publication dates), claims, incident records, and the problems of its
//! stages. Spans are character offsets, as in the report. Claim and dispute ids count from 0
//! within the story; the report numbers them on across stories ([`ClaimsReport::append`]), so
//! the report's claims are the dossiers' claims appended in story order.
//!
//! [`story_reports`] is the incremental form the store uses: every story is linked, and only
//! the stories a caller selects (those whose documents changed) are reconciled and reported.
//!
//! [`ClaimsReport::append`]: corroborate_reconcile::claims::ClaimsReport::append

use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};

use corroborate_core::load::InputProblem;
use corroborate_core::DocId;
use corroborate_link::{
    Lineage, Lineages, LinkConfig, LinkInput, LinkedStory, Links, PairFound, Passage, PriorReuse,
};
use corroborate_render::json::{Report, ReportOptions};
use rayon::prelude::*;
use serde_json::{Map, Value};

use crate::{
    failure, link_stories, reconcile, reconcile_dated, run_stage, Analysed, RecordChoice, StoryPlan,
};

/// The report fields a dossier keeps.
const FIELDS: [&str; 8] = [
    "lineages",
    "passages",
    "documents",
    "cross_entities",
    "timeline",
    "claims",
    "records",
    "problems",
];

/// Links `results` into stories exactly as [`crate::link_with`] does and returns one dossier
/// per story, in order of founding, with the problems of story linking itself (the corpus).
pub fn dossiers(
    results: &mut [Analysed],
    record_choice: &RecordChoice,
    opts: ReportOptions,
) -> (Vec<Value>, Vec<InputProblem>) {
    let (links, problems) = link_stories(results);
    let plan = StoryPlan::new(results, &links);
    let index = LinkIndex::new(&links);
    let mut out = Vec::with_capacity(links.stories.len());
    for (story, members) in links.stories.iter().zip(&plan.members) {
        let r = reconcile(
            results,
            members,
            &story.story.id,
            &plan.lineage_of,
            record_choice,
        );
        let report = story_report(results, &plan.position, &index, story, r, opts);
        if let Some(d) = dossier_of(&report, story) {
            out.push(d);
        }
    }
    (out, problems)
}

/// What [`story_reports`] found: every story's documents, and the report of each story that
/// was selected.
#[derive(Debug, Default)]
pub struct StoryReports {
    /// Every story as (id, documents), in order of founding, as in the report's `stories`.
    pub stories: Vec<(String, Vec<DocId>)>,
    /// The report of each selected story, restricted to it (claim ids count from 0 within
    /// it), aligned with `stories`; `None` for a story that was not selected.
    pub reports: Vec<Option<Report>>,
    /// Problems of story linking and of the selected stories' stages.
    pub problems: Vec<InputProblem>,
    /// What reuse detection found for each article pair the prior did not know: what the next
    /// run's prior adds.
    pub pairs: Vec<PairFound>,
    /// The story index after the dated articles, for the next run's prior
    /// ([`corroborate_link::PriorReuse::with_stories`]).
    pub story_snapshot: Option<corroborate_link::StorySnapshot>,
    /// How many articles story grouping resumed from the prior's snapshot
    /// ([`corroborate_link::Links::stories_resumed`]).
    pub stories_resumed: usize,
}

/// Reads back the full results of stored articles, given their positions in the link inputs
/// (ascending, distinct): one slot per position, `None` for an article whose result cannot be
/// had (it is then left out of its story's report).
pub type LoadResults<'a> = dyn FnMut(&[usize]) -> Vec<Option<Analysed>> + 'a;

/// Reads back the passages of article pairs (earlier, later) that linking took from the prior
/// without their passages ([`Links::passages_elsewhere`]): in the order given, each pair's in
/// position order.
pub type LoadPassages<'a> = dyn FnMut(&[(DocId, DocId)]) -> Vec<Passage> + 'a;

/// Links every article from its link input (the article pairs `prior` knows are not aligned
/// again), then reconciles only the stories `selected` chooses (it is given each story's
/// documents), in parallel, each into its own report. Only the articles those reports need
/// (their members, and the articles their lineages' credits and their passages cite) are read
/// back, through `load`, and only their passages that the prior did not hold, through
/// `load_passages`. The reports do not depend on which other stories were selected.
pub fn story_reports(
    inputs: Vec<LinkInput>,
    load: &mut LoadResults<'_>,
    load_passages: &mut LoadPassages<'_>,
    record_choice: &RecordChoice,
    opts: ReportOptions,
    selected: &(dyn Fn(&[DocId]) -> bool + Sync),
    prior: PriorReuse,
) -> StoryReports {
    let ids: Vec<DocId> = inputs.iter().map(|i| i.id().clone()).collect();
    let (mut links, mut problems) = match run_stage("stories", "corpus", || {
        corroborate_link::link_inputs(inputs, &LinkConfig::default(), Some(prior))
    }) {
        Ok(l) => (l, Vec::new()),
        Err(f) => (Links::default(), vec![failure("corpus", f)]),
    };
    let pairs = std::mem::take(&mut links.pairs);
    let story_snapshot = links.story_snapshot.take();
    let stories_resumed = links.stories_resumed;
    let chosen: Vec<usize> = (0..links.stories.len())
        .filter(|&s| selected(&links.stories[s].story.documents))
        .collect();
    let position: HashMap<&DocId, usize> = ids.iter().enumerate().map(|(i, d)| (d, i)).collect();
    add_passages_elsewhere(&mut links, &chosen, &position, load_passages);
    let index = LinkIndex::new(&links);
    // The articles the chosen stories' reports cite, in input order.
    let needed: BTreeSet<usize> = chosen
        .iter()
        .flat_map(|&s| StoryShare::of(&index, &links.stories[s]).cited)
        .filter_map(|d| position.get(d).copied())
        .collect();
    drop(position);
    let needed: Vec<usize> = needed.into_iter().collect();
    let mut results: Vec<Analysed> = load(&needed).into_iter().flatten().collect();
    let loaded: Vec<&DocId> = results.iter().map(|(p, _)| &p.doc.id).collect();
    let plan = StoryPlan::of_ids(&loaded, &links);
    drop(loaded);
    // Publication dates are inferred story by story first, the one stage that writes to the
    // articles; the read-only stages then run in parallel.
    let dated: Vec<_> = chosen
        .iter()
        .map(|&s| crate::infer_dates(&mut results, &plan.members[s], &links.stories[s].story.id))
        .collect();
    let results: &[Analysed] = &results;
    let built: Vec<(usize, Report)> = chosen
        .par_iter()
        .zip(dated)
        .map(|(&s, dated)| {
            let story = &links.stories[s];
            let r = reconcile_dated(
                results,
                &plan.members[s],
                &story.story.id,
                &plan.lineage_of,
                record_choice,
                dated,
            );
            (
                s,
                story_report(results, &plan.position, &index, story, r, opts),
            )
        })
        .collect();
    let mut reports: Vec<Option<Report>> = (0..links.stories.len()).map(|_| None).collect();
    for (s, mut report) in built {
        problems.append(&mut report.problems);
        reports[s] = Some(report);
    }
    let stories = links
        .stories
        .iter()
        .map(|l| (l.story.id.clone(), l.story.documents.clone()))
        .collect();
    StoryReports {
        stories,
        reports,
        problems,
        pairs,
        story_snapshot,
        stories_resumed,
    }
}

/// Adds to `links.passages` those of [`Links::passages_elsewhere`] that the `chosen` stories'
/// reports show (the pairs whose earlier article is in one of them), read through `load`, so
/// that the passages stand in the order linking with every passage at hand gives: by the
/// pair's articles' input positions, then position in the pair.
fn add_passages_elsewhere(
    links: &mut Links,
    chosen: &[usize],
    position: &HashMap<&DocId, usize>,
    load: &mut LoadPassages<'_>,
) {
    let elsewhere = std::mem::take(&mut links.passages_elsewhere);
    if elsewhere.is_empty() {
        return;
    }
    let reported: HashSet<&DocId> = chosen
        .iter()
        .flat_map(|&s| &links.stories[s].story.documents)
        .collect();
    let wanted: Vec<(DocId, DocId)> = elsewhere
        .into_iter()
        .filter(|(a, _)| reported.contains(a))
        .collect();
    if wanted.is_empty() {
        return;
    }
    links.passages.extend(load(&wanted));
    let at = |d: &DocId| position.get(d).copied().unwrap_or(usize::MAX);
    // A stable sort: each pair's passages keep their order.
    links.passages.sort_by_key(|p| (at(&p.doc_a), at(&p.doc_b)));
}

/// The corpus's lineages and passages, looked up by story: each story's share is found in time
/// linear in the story, not in the corpus.
struct LinkIndex<'a> {
    /// Lineage id → (position in the corpus's list, lineage).
    lineage: HashMap<&'a str, (usize, &'a Lineage)>,
    /// Article → (position in the corpus's list, passage) for the passages it comes first in.
    passages_from: HashMap<&'a DocId, Vec<(usize, &'a Passage)>>,
}

impl<'a> LinkIndex<'a> {
    fn new(links: &'a Links) -> Self {
        let lineage = links
            .lineages
            .lineages
            .iter()
            .enumerate()
            .map(|(i, l)| (l.id.as_str(), (i, l)))
            .collect();
        let mut passages_from: HashMap<&DocId, Vec<(usize, &Passage)>> = HashMap::new();
        for (i, p) in links.passages.iter().enumerate() {
            passages_from.entry(&p.doc_a).or_default().push((i, p));
        }
        LinkIndex {
            lineage,
            passages_from,
        }
    }
}

/// A story's share of the corpus's links.
struct StoryShare<'a> {
    /// The lineages of its articles, in the corpus's order.
    lineages: Vec<&'a Lineage>,
    /// The passages its articles come first in, in the corpus's order.
    passages: Vec<&'a Passage>,
    /// The documents its report cites: its members, and the articles its lineages' credits
    /// and its passages cite.
    cited: BTreeSet<&'a DocId>,
}

impl<'a> StoryShare<'a> {
    fn of(index: &LinkIndex<'a>, story: &'a LinkedStory) -> Self {
        let in_story: BTreeSet<&DocId> = story.story.documents.iter().collect();
        let lineages: BTreeMap<usize, &Lineage> = story
            .lineages
            .iter()
            .filter_map(|id| index.lineage.get(id.as_str()).copied())
            .collect();
        let passages: BTreeMap<usize, &Passage> = in_story
            .iter()
            .filter_map(|d| index.passages_from.get(*d))
            .flatten()
            .copied()
            .collect();
        let mut cited = in_story;
        cited.extend(
            lineages
                .values()
                .flat_map(|l| l.credits.iter().map(|c| &c.doc)),
        );
        cited.extend(passages.values().map(|p| &p.doc_b));
        StoryShare {
            lineages: lineages.into_values().collect(),
            passages: passages.into_values().collect(),
            cited,
        }
    }
}

/// The report of one story: its reconciled result over its own lineages and passages, and the
/// documents its spans point into (its members, and the articles its lineages' credits and its
/// passages cite).
fn story_report(
    results: &[Analysed],
    position: &HashMap<DocId, usize>,
    index: &LinkIndex<'_>,
    story: &LinkedStory,
    reconciled: crate::StoryResult,
    opts: ReportOptions,
) -> Report {
    let share = StoryShare::of(index, story);
    let in_story: BTreeSet<&DocId> = story.story.documents.iter().collect();
    let lineages: Vec<Lineage> = share.lineages.into_iter().cloned().collect();
    let passages: Vec<Passage> = share.passages.into_iter().cloned().collect();
    let of_doc: HashMap<DocId, usize> = lineages
        .iter()
        .enumerate()
        .flat_map(|(i, l)| l.members.iter().map(move |d| (d.clone(), i)))
        .filter(|(d, _)| in_story.contains(d))
        .collect();
    // In input order, as in the whole report.
    let at: BTreeMap<usize, &DocId> = share
        .cited
        .iter()
        .filter_map(|d| position.get(*d).map(|&i| (i, *d)))
        .collect();
    let docs: Vec<Analysed> = at.keys().filter_map(|&i| results.get(i).cloned()).collect();
    let (cross, problems) = reconciled.into_cross(Links {
        stories: vec![story.clone()],
        lineages: Lineages { lineages, of_doc },
        passages,
        redirects: Default::default(),
        pairs: Vec::new(),
        passages_elsewhere: Vec::new(),
        story_snapshot: None,
        stories_resumed: 0,
    });
    corroborate_render::json::build(docs, problems, cross, opts)
}

/// A story's report cut to the dossier's fields, its documents only its members.
fn dossier_of(report: &Report, story: &LinkedStory) -> Option<Value> {
    let Ok(Value::Object(mut all)) = serde_json::to_value(report) else {
        return None;
    };
    let in_story: BTreeSet<&str> = story.story.documents.iter().map(|d| d.as_str()).collect();
    let mut dossier = Map::new();
    let story_item = match all.remove("stories") {
        Some(Value::Array(mut s)) if !s.is_empty() => s.swap_remove(0),
        _ => Value::Null,
    };
    dossier.insert("story".to_string(), story_item);
    for field in FIELDS {
        let mut v = all.remove(field).unwrap_or(Value::Null);
        if field == "documents" {
            if let Value::Array(items) = &mut v {
                items.retain(|d| {
                    d.get("id")
                        .and_then(Value::as_str)
                        .is_some_and(|id| in_story.contains(id))
                });
            }
        }
        dossier.insert(field.to_string(), v);
    }
    Some(Value::Object(dossier))
}
