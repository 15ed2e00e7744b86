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
//! [`ClaimsReport::append`]: corroborate_reconcile::claims::ClaimsReport::append

use std::collections::{BTreeSet, HashMap};

use corroborate_core::load::InputProblem;
use corroborate_core::DocId;
use corroborate_link::{Lineages, Links};
use corroborate_render::json::ReportOptions;
use serde_json::{Map, Value};

use crate::{link_stories, reconcile, Analysed, RecordChoice, StoryPlan};

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
    let StoryPlan {
        position,
        lineage_of,
        members,
    } = StoryPlan::new(results, &links);
    let mut out = Vec::with_capacity(links.stories.len());
    for (story, members) in links.stories.iter().zip(&members) {
        let r = reconcile(
            results,
            members,
            &story.story.id,
            &lineage_of,
            record_choice,
        );
        let in_story: BTreeSet<&DocId> = story.story.documents.iter().collect();
        let lineages: Vec<_> = links
            .lineages
            .lineages
            .iter()
            .filter(|l| story.lineages.contains(&l.id))
            .cloned()
            .collect();
        let passages: Vec<_> = links
            .passages
            .iter()
            .filter(|p| in_story.contains(&p.doc_a))
            .cloned()
            .collect();
        let of_doc: HashMap<DocId, usize> = lineages
            .iter()
            .enumerate()
            .flat_map(|(i, l)| l.members.iter().map(move |d| (d.clone(), i)))
            .filter(|(d, _)| in_story.contains(d))
            .collect();
        // Documents the story's spans point into: its members, and the articles its lineages'
        // credits and its passages cite (their offsets are converted like the members').
        let mut cited: BTreeSet<&DocId> = in_story.clone();
        cited.extend(
            lineages
                .iter()
                .flat_map(|l| l.credits.iter().map(|c| &c.doc)),
        );
        cited.extend(passages.iter().map(|p| &p.doc_b));
        let docs: Vec<Analysed> = cited
            .iter()
            .filter_map(|d| position.get(*d).and_then(|&i| results.get(i)).cloned())
            .collect();
        let (cross, problems) = r.into_cross(Links {
            stories: vec![story.clone()],
            lineages: Lineages { lineages, of_doc },
            passages,
            redirects: Default::default(),
        });
        let report = corroborate_render::json::build(docs, problems, cross, opts);
        let Ok(Value::Object(mut all)) = serde_json::to_value(&report) else {
            continue;
        };
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
                            .is_some_and(|id| in_story.contains(&DocId(id.to_string())))
                    });
                }
            }
            dossier.insert(field.to_string(), v);
        }
        out.push(Value::Object(dossier));
    }
    (out, problems)
}
