//! Story grouping on the ECB+ development topics (23–25, read at run time from
//! `../shared/data/ecbplus-dev`): a floor on sub-topic and topic B-cubed F1 with the default
//! settings, the grouping barely depends on the order the articles arrive in, and an
//! incremental run that resumes from the last run's story index groups as a run from scratch.

use std::collections::HashMap;
use std::path::PathBuf;

use corroborate_core::document::{first_line_span, Known, SourceFormat};
use corroborate_core::{Document, PreparedDoc, Provenance};
use corroborate_extract::Extraction;
use corroborate_link::{link_inputs, LinkConfig, LinkInput, Links, PriorReuse, StoryIndex};

/// The development texts with their topic and sub-topic, in `clusters.tsv` order.
fn dev() -> Vec<(PreparedDoc, Extraction, String, String)> {
    let dir = PathBuf::from(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../../shared/data/ecbplus-dev"
    ));
    let tsv = std::fs::read_to_string(dir.join("clusters.tsv")).unwrap_or_else(|e| {
        panic!(
            "{}/clusters.tsv: {e}; the test needs ../shared/data beside the checkout",
            dir.display()
        )
    });
    tsv.lines()
        .skip(1)
        .filter(|l| !l.trim().is_empty())
        .map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            let path = dir.join("text").join(format!("{}.txt", f[0]));
            let text = std::fs::read_to_string(&path)
                .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            let mut doc = Document::new(path.display().to_string(), SourceFormat::Text, text);
            doc.headline = first_line_span(&doc.text);
            let p = PreparedDoc::new(doc, jiff::civil::date(2026, 12, 2));
            let ex = corroborate_extract::extract(&p);
            (p, ex, f[1].to_string(), f[2].to_string())
        })
        .collect()
}

/// Each article's story (by position in `docs`) after adding them in `order`.
fn group(docs: &[(PreparedDoc, Extraction, String, String)], order: &[usize]) -> Vec<String> {
    let mut index = StoryIndex::default();
    for &i in order {
        index.add(&docs[i].0, &docs[i].1);
    }
    docs.iter()
        .map(|d| index.story_of(&d.0.doc.id).expect("added").id.clone())
        .collect()
}

/// B-cubed F1 of `system` against `gold` (labels per item).
fn bcubed_f1(system: &[String], gold: &[String]) -> f64 {
    let n = system.len() as f64;
    let mut both: HashMap<(&str, &str), f64> = HashMap::new();
    let mut sys: HashMap<&str, f64> = HashMap::new();
    let mut gol: HashMap<&str, f64> = HashMap::new();
    for (s, g) in system.iter().zip(gold) {
        *both.entry((s, g)).or_default() += 1.0;
        *sys.entry(s).or_default() += 1.0;
        *gol.entry(g).or_default() += 1.0;
    }
    let (mut p, mut r) = (0.0, 0.0);
    for (s, g) in system.iter().zip(gold) {
        let c = both[&(s.as_str(), g.as_str())];
        p += c / sys[s.as_str()];
        r += c / gol[g.as_str()];
    }
    let (p, r) = (p / n, r / n);
    2.0 * p * r / (p + r)
}

#[test]
fn dev_topics_group_above_a_floor_in_either_order() {
    let docs = dev();
    assert_eq!(docs.len(), 73, "ECB+ topics 23-25 hold 73 texts");
    let topic: Vec<String> = docs.iter().map(|d| d.2.clone()).collect();
    let sub: Vec<String> = docs.iter().map(|d| d.3.clone()).collect();
    let forward: Vec<usize> = (0..docs.len()).collect();
    let backward: Vec<usize> = forward.iter().rev().copied().collect();
    let a = group(&docs, &forward);
    let b = group(&docs, &backward);
    let scores: Vec<(&str, f64, f64)> = [("forward", &a), ("backward", &b)]
        .into_iter()
        .map(|(name, s)| (name, bcubed_f1(s, &sub), bcubed_f1(s, &topic)))
        .collect();
    let agreement = bcubed_f1(&a, &b);
    eprintln!("{scores:?}, orders agree to {agreement:.3}");
    for (name, fs, ft) in scores {
        assert!(fs >= 0.6, "{name}: sub-topic B3 F1 {fs:.3}");
        assert!(ft >= 0.75, "{name}: topic B3 F1 {ft:.3}");
    }
    assert!(
        agreement >= 0.8,
        "the two orders agree only to {agreement:.3}"
    );
}

/// Stories as (id, title, documents), and redirects.
type Grouping = (Vec<(String, String, Vec<String>)>, Vec<(String, String)>);

/// Stories and redirects as comparable values.
fn stories_of(links: &Links) -> Grouping {
    let stories = links
        .stories
        .iter()
        .map(|s| {
            let docs = s.story.documents.iter().map(|d| d.0.to_string()).collect();
            (s.story.id.clone(), s.story.title.clone(), docs)
        })
        .collect();
    let redirects = links.redirects.clone().into_iter().collect();
    (stories, redirects)
}

#[test]
fn a_run_resumed_from_the_last_runs_story_index_groups_as_a_run_from_scratch() {
    let mut docs = dev();
    // Publication dates, ten days apart over the corpus order, every seventh article undated
    // (undated articles are grouped last).
    for (i, d) in docs.iter_mut().enumerate() {
        d.0.doc.meta.published = (i % 7 != 3).then(|| Known {
            value: jiff::civil::date(2026, 1, 1) + jiff::Span::new().days(i as i64 / 10),
            provenance: Provenance::Manifest,
        });
    }
    let cfg = LinkConfig::default();
    let inputs = |range: std::ops::Range<usize>| -> Vec<LinkInput> {
        docs[range]
            .iter()
            .map(|d| LinkInput::of(&d.0, &d.1, &cfg))
            .collect()
    };
    let n = docs.len();
    let scratch = link_inputs(inputs(0..n), &cfg, Some(PriorReuse::default()));
    assert!(scratch.stories.len() > 3, "several stories");
    let dated = docs
        .iter()
        .filter(|d| d.0.doc.meta.published.is_some())
        .count();
    assert_eq!(
        scratch.story_snapshot.as_ref().map(|s| s.len()),
        Some(dated),
        "the snapshot holds the dated articles"
    );
    // Three runs over a growing corpus, each newer than the last.
    let mut snapshot = None;
    let mut last = None;
    for end in [30, 55, n] {
        let prior = match snapshot.take() {
            Some(s) => PriorReuse::default().with_stories(s),
            None => PriorReuse::default(),
        };
        let links = link_inputs(inputs(0..end), &cfg, Some(prior));
        if end > 30 {
            assert!(links.stories_resumed > 0, "run to {end} resumed");
        }
        snapshot = links.story_snapshot.clone();
        last = Some(links);
    }
    let last = last.expect("three runs");
    assert_eq!(stories_of(&last), stories_of(&scratch));

    // An article dated before the snapshot's newest: the run groups from scratch, and still
    // as a run from scratch over the same inputs would.
    let first = link_inputs(inputs(20..n), &cfg, Some(PriorReuse::default()));
    let snapshot = first.story_snapshot.expect("a snapshot");
    let all = link_inputs(
        inputs(0..n),
        &cfg,
        Some(PriorReuse::default().with_stories(snapshot)),
    );
    assert_eq!(all.stories_resumed, 0, "older articles came since");
    assert_eq!(stories_of(&all), stories_of(&scratch));
}
