//! Reuse, lineage and stories on the five seed articles (read at run time from
//! `../shared/seeds`): AP's story re-used by People and The Guardian; CBS and ABC reporting on
//! their own.

mod common;

use corroborate_core::{DocId, PreparedDoc};
use corroborate_link::{link, LinkConfig, Links, Passage};

const CBS: usize = 0;
const AP: usize = 1;
const ABC: usize = 2;
const PEOPLE: usize = 3;
const GUARDIAN: usize = 4;

fn id(docs: &[(PreparedDoc, corroborate_extract::Extraction)], i: usize) -> DocId {
    docs[i].0.doc.id.clone()
}

/// Passages between two articles, oriented so that the first side is `a`.
fn between<'a>(links: &'a Links, a: &DocId, b: &DocId) -> Vec<(&'a Passage, bool)> {
    links
        .passages
        .iter()
        .filter_map(|p| {
            if &p.doc_a == a && &p.doc_b == b {
                Some((p, false))
            } else if &p.doc_a == b && &p.doc_b == a {
                Some((p, true))
            } else {
                None
            }
        })
        .collect()
}

/// True when some passage between `a` and `b` covers `in_a` in `a` and `in_b` in `b`.
fn aligned(
    docs: &[(PreparedDoc, corroborate_extract::Extraction)],
    links: &Links,
    (a, in_a): (usize, &str),
    (b, in_b): (usize, &str),
) -> bool {
    between(links, &id(docs, a), &id(docs, b))
        .into_iter()
        .any(|(p, swapped)| {
            let (sa, sb) = if swapped {
                (p.span_b, p.span_a)
            } else {
                (p.span_a, p.span_b)
            };
            docs[a].0.slice(sa).contains(in_a) && docs[b].0.slice(sb).contains(in_b)
        })
}

#[test]
fn ap_people_and_guardian_form_one_lineage_with_ap_as_origin() {
    let docs = common::seeds();
    let links = link(&docs, &LinkConfig::default());
    let l = &links.lineages;
    let ap = l.lineage_of(&id(&docs, AP)).expect("AP has a lineage");
    assert_eq!(ap.origin_doc.as_ref(), Some(&id(&docs, AP)));
    assert_eq!(ap.origin_outlet.as_deref(), Some("Associated Press"));
    assert_eq!(ap.origin_reason, "credited");
    assert_eq!(
        ap.members,
        vec![id(&docs, AP), id(&docs, PEOPLE), id(&docs, GUARDIAN)]
    );
    // The credits cited as evidence are People's and The Guardian's credits to AP.
    assert!(ap.credits.iter().all(|c| c.outlet == "Associated Press"));
    for reprint in [PEOPLE, GUARDIAN] {
        let n = ap
            .credits
            .iter()
            .filter(|c| c.doc == id(&docs, reprint))
            .count();
        assert!(n >= 2, "article {reprint} has {n} credits to AP");
    }
    assert!(ap
        .credits
        .iter()
        .any(|c| docs[GUARDIAN].0.slice(c.span) == "cited by AP"));
}

#[test]
fn cbs_and_abc_are_their_own_lineages() {
    let docs = common::seeds();
    let links = link(&docs, &LinkConfig::default());
    let l = &links.lineages;
    for own in [CBS, ABC] {
        let lin = l.lineage_of(&id(&docs, own)).expect("a lineage");
        assert_eq!(lin.members, vec![id(&docs, own)], "article {own}");
        assert_eq!(lin.origin_doc.as_ref(), Some(&id(&docs, own)));
    }
    let all: Vec<DocId> = (0..5).map(|i| id(&docs, i)).collect();
    assert_eq!(links.independent_sources(&all), 3);
    assert_eq!(
        links.independent_sources(&[id(&docs, AP), id(&docs, PEOPLE), id(&docs, GUARDIAN)]),
        1
    );
    assert_eq!(links.lineages.lineages.len(), 3);
}

#[test]
fn wire_copy_is_aligned_and_independent_reports_share_little() {
    let docs = common::seeds();
    let links = link(&docs, &LinkConfig::default());
    assert!(aligned(
        &docs,
        &links,
        (AP, "Five officers approach the parked car"),
        (PEOPLE, "Five officers approached the parked car")
    ));
    assert!(aligned(
        &docs,
        &links,
        (AP, "Five officers approach the parked car"),
        (GUARDIAN, "Five officers approach the car with their guns")
    ));
    assert!(aligned(
        &docs,
        &links,
        (AP, "called for the federal government to investigate"),
        (PEOPLE, "called for the federal government to investigate")
    ));
    // Aligned spans are whole sentences of their articles, and scores are similarities.
    for p in &links.passages {
        assert!(p.score > 0.0 && p.score <= 1.0);
        assert!(!p.span_a.is_empty() && !p.span_b.is_empty());
    }
    let sentences = |a: usize, b: usize| -> usize {
        between(&links, &id(&docs, a), &id(&docs, b))
            .iter()
            .map(|(p, _)| p.sentences)
            .sum()
    };
    assert!(sentences(AP, PEOPLE) >= 6, "{}", sentences(AP, PEOPLE));
    assert!(sentences(AP, GUARDIAN) >= 6, "{}", sentences(AP, GUARDIAN));
    // Independent reports: at most a phrase or two in common.
    for (a, b) in [
        (CBS, ABC),
        (CBS, AP),
        (ABC, AP),
        (CBS, GUARDIAN),
        (ABC, PEOPLE),
    ] {
        assert!(sentences(a, b) <= 2, "{a}-{b}: {}", sentences(a, b));
    }
}

#[test]
fn all_five_seeds_form_one_story_with_three_lineages() {
    let docs = common::seeds();
    let links = link(&docs, &LinkConfig::default());
    assert_eq!(links.stories.len(), 1, "{:#?}", links.stories);
    let s = &links.stories[0];
    assert_eq!(s.story.documents.len(), 5);
    assert_eq!(s.lineages.len(), 3);
    // All five share a publication day: the founder is the first in input order.
    let founder = id(&docs, CBS);
    assert_eq!(
        s.story.id,
        format!("s{}", founder.as_str().trim_start_matches('d'))
    );
    assert_eq!(s.story.title_doc, founder);
    assert_eq!(docs[CBS].0.doc.headline, Some(s.story.title_span));
    assert!(s.story.title.contains("Kohen Wiley"));
}

#[test]
fn link_records_read_back_from_json_link_the_seeds_as_their_results_do() {
    use corroborate_link::{link_inputs, LinkInput, LinkRecord};
    let docs = common::seeds();
    let cfg = LinkConfig::default();
    let inputs: Vec<LinkInput> = docs
        .iter()
        .map(|(p, ex)| {
            let json = serde_json::to_string(&LinkRecord::of(p, ex, &cfg)).expect("serialise");
            let back: LinkRecord = serde_json::from_str(&json).expect("read back");
            assert_eq!(back.id(), &p.doc.id);
            let input = LinkInput::from_record(back, &cfg);
            assert_eq!(
                format!("{input:?}"),
                format!("{:?}", LinkInput::of(p, ex, &cfg)),
                "{}",
                p.doc.id.as_str()
            );
            input
        })
        .collect();
    let from_records = link_inputs(inputs, &cfg, None);
    let direct = link(&docs, &cfg);
    assert!(!direct.passages.is_empty(), "AP's copy is found");
    let parts = |l: &Links| {
        let of_doc: std::collections::BTreeMap<_, _> = l.lineages.of_doc.iter().collect();
        format!(
            "{:?} {:?} {of_doc:?} {:?}",
            l.stories, l.lineages.lineages, l.passages
        )
    };
    assert_eq!(parts(&from_records), parts(&direct));
}
