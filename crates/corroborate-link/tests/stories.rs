//! Story grouping on fictional articles: follow-ups join their story, hard negatives (another
//! shooting in the same town by the same agency, reviewed by the same bureau; another incident
//! at the same Walmart) stay apart, and story ids stay stable as articles are added.

use corroborate_core::document::{first_line_span, Known, SourceFormat};
use corroborate_core::{Document, PreparedDoc, Provenance};
use corroborate_extract::Extraction;
use corroborate_link::{link, pair_score, LinkConfig, Signature, StoryConfig, StoryIndex};

fn fixture(name: &str) -> (PreparedDoc, Extraction) {
    let path = format!("{}/tests/fixtures/{name}.txt", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    analysed(Document::new(path, SourceFormat::Text, text))
}

/// A document with its first line as the headline, prepared and extracted.
fn analysed(mut doc: Document) -> (PreparedDoc, Extraction) {
    doc.headline = first_line_span(&doc.text);
    let p = PreparedDoc::new(doc, jiff::civil::date(2026, 12, 2));
    let ex = corroborate_extract::extract(&p);
    (p, ex)
}

const ALL: [&str; 5] = [
    "shooting_a_june",
    "shooting_b_november",
    "walmart_shoplifting",
    "shooting_a_followup",
    "walmart_gas_leak",
];

#[test]
fn follow_up_joins_and_hard_negatives_stay_apart() {
    let docs: Vec<_> = ALL.iter().map(|n| fixture(n)).collect();
    let links = link(&docs, &LinkConfig::default());
    let story = |i: usize| {
        links
            .stories
            .iter()
            .position(|s| s.story.documents.contains(&docs[i].0.doc.id))
            .expect("every article has a story")
    };
    assert_eq!(
        story(0),
        story(3),
        "the resignation follows the June shooting"
    );
    assert_ne!(
        story(0),
        story(1),
        "a different shooting by the same agency"
    );
    assert_ne!(
        story(2),
        story(4),
        "a different incident at the same Walmart"
    );
    assert_eq!(links.stories.len(), 4);
    // The shared boilerplate sentence about the bureau's review is not a lineage.
    assert_eq!(links.lineages.lineages.len(), 5);
}

#[test]
fn stories_grow_incrementally_with_stable_ids() {
    let docs: Vec<_> = ALL.iter().map(|n| fixture(n)).collect();
    let mut index = StoryIndex::default();
    let first = index.add(&docs[0].0, &docs[0].1);
    assert!(first.founded);
    assert_eq!(
        first.story,
        format!("s{}", docs[0].0.doc.id.as_str().trim_start_matches('d'))
    );
    let other = index.add(&docs[1].0, &docs[1].1);
    assert!(other.founded, "score {}", other.score);
    assert_ne!(other.story, first.story);
    // Later batch: the follow-up joins the first story, whose id does not change.
    let walmart = index.add(&docs[2].0, &docs[2].1);
    let follow = index.add(&docs[3].0, &docs[3].1);
    assert!(!follow.founded, "score {}", follow.score);
    assert_eq!(follow.story, first.story);
    assert!(walmart.founded);
    let s = index.story_of(&docs[3].0.doc.id).expect("added");
    assert_eq!(
        s.documents,
        vec![docs[0].0.doc.id.clone(), docs[3].0.doc.id.clone()]
    );
    assert!(s.title.starts_with("Marlow Springs officer shoots"));
    // Adding an article twice changes nothing.
    let again = index.add(&docs[3].0, &docs[3].1);
    assert_eq!(again.story, first.story);
    assert_eq!(index.stories().count(), 3);
}

#[test]
fn a_bridging_article_merges_two_stories_and_the_later_id_redirects() {
    let found = fixture("gorge_body_found");
    let appeal = fixture("gorge_missing_appeal");
    let identified = fixture("gorge_identified");
    let mut index = StoryIndex::default();
    let a = index.add(&found.0, &found.1);
    let b = index.add(&appeal.0, &appeal.1);
    assert!(
        a.founded && b.founded,
        "apart before the bridge: {}",
        b.score
    );
    let bridge = index.add(&identified.0, &identified.1);
    assert!(!bridge.founded, "score {}", bridge.score);
    assert_eq!(bridge.story, a.story, "the earlier story's id survives");
    assert_eq!(bridge.merged, vec![b.story.clone()]);
    assert_eq!(index.stories().count(), 1);
    assert_eq!(index.resolve(&b.story), a.story);
    assert_eq!(
        index.redirects().get(&b.story).map(String::as_str),
        Some(a.story.as_str())
    );
    let story = index.story_of(&appeal.0.doc.id).expect("added");
    assert_eq!(story.id, a.story);
    assert_eq!(
        story.documents,
        vec![
            found.0.doc.id.clone(),
            appeal.0.doc.id.clone(),
            identified.0.doc.id.clone()
        ]
    );
    // The batch API reports the same redirect.
    let docs = vec![found, appeal, identified];
    let links = link(&docs, &LinkConfig::default());
    assert_eq!(links.stories.len(), 1);
    assert_eq!(links.redirects.get(&b.story), Some(&a.story));
}

#[test]
fn arrival_order_does_not_change_the_fixture_stories() {
    let docs: Vec<_> = ALL.iter().map(|n| fixture(n)).collect();
    let partition = |order: &[usize]| {
        let mut index = StoryIndex::default();
        for &i in order {
            index.add(&docs[i].0, &docs[i].1);
        }
        let mut groups: Vec<Vec<usize>> = index
            .stories()
            .map(|s| {
                let mut g: Vec<usize> = s
                    .documents
                    .iter()
                    .filter_map(|d| docs.iter().position(|x| &x.0.doc.id == d))
                    .collect();
                g.sort_unstable();
                g
            })
            .collect();
        groups.sort();
        groups
    };
    let forward = partition(&[0, 1, 2, 3, 4]);
    assert_eq!(forward, vec![vec![0, 3], vec![1], vec![2], vec![4]]);
    assert_eq!(partition(&[4, 3, 2, 1, 0]), forward);
    assert_eq!(partition(&[3, 1, 4, 0, 2]), forward);
}

fn article(text: &str) -> (PreparedDoc, Extraction) {
    analysed(Document::new(
        format!("{}.txt", text.len()),
        SourceFormat::Text,
        text.into(),
    ))
}

#[test]
fn different_years_lower_the_score_by_the_year_conflict() {
    let body = "Climber dies on Mount Cook\nAn Australian climber died on Mount Cook after a \
                fall of 150 metres near the Tasman Glacier, rescuers said. The climber was \
                flown to the village by helicopter.";
    let a = article(&format!("{body} It was the worst accident of 2008."));
    let b = article(&format!("{body} It was the worst accident of 2013."));
    let same = article(&format!("{body} It was the worst accident of 2008 ."));
    let score = |x: &(PreparedDoc, Extraction), y: &(PreparedDoc, Extraction), c: f64| {
        let cfg = StoryConfig {
            year_conflict: c,
            ..StoryConfig::default()
        };
        pair_score(
            &Signature::of(&x.0, &x.1, &cfg),
            &Signature::of(&y.0, &y.1, &cfg),
            &cfg,
        )
    };
    let (free, penalised) = (score(&a, &b, 1.0), score(&a, &b, 0.3));
    assert!(free > 0.2, "similar texts score {free}");
    assert!(
        (penalised - 0.3 * free).abs() < 1e-9,
        "{penalised} is not 0.3 × {free}"
    );
    // The same year: no conflict.
    assert_eq!(score(&a, &same, 0.3), score(&a, &same, 1.0));
}

#[test]
fn dates_without_a_year_conflict_by_month() {
    let body = "Gas leak empties Fairbrook store\nShoppers were evacuated from the store on Cedar \
                Avenue in Fairbrook after a gas leak in the garden center, the fire department \
                said. Eleven employees were treated at the hospital.";
    let april = article(&format!("{body} It happened on April 12."));
    let august = article(&format!("{body} It happened on August 19."));
    let score = |month_dates: bool| {
        let cfg = StoryConfig {
            month_dates,
            ..StoryConfig::default()
        };
        pair_score(
            &Signature::of(&april.0, &april.1, &cfg),
            &Signature::of(&august.0, &august.1, &cfg),
            &cfg,
        )
    };
    let (without, with) = (score(false), score(true));
    assert!(without > 0.2, "similar texts score {without}");
    let factor = StoryConfig::default().date_conflict;
    assert!(
        with < without * factor * 1.01,
        "April and August: {with} against {without} without months"
    );
}

/// Weights of the learned pair scorer with the bias alone: the probability is the same for
/// every pair, so what decides is the scorer's use and the conflict factors.
fn bias_only(bias: f64) -> [f64; corroborate_link::stories::PAIR_FEATURES] {
    let mut w = [0.0; corroborate_link::stories::PAIR_FEATURES];
    w[0] = bias;
    w
}

#[test]
fn learned_scorer_replaces_the_hand_score_and_keeps_the_conflicts() {
    let docs: Vec<_> = ALL.iter().map(|n| fixture(n)).collect();
    let add_all = |cfg: StoryConfig| {
        let mut index = StoryIndex::new(cfg);
        docs.iter()
            .map(|(p, ex)| index.add(p, ex))
            .collect::<Vec<_>>()
    };
    let hand = add_all(StoryConfig::default());
    assert!(!hand[3].founded, "the follow-up joins by default");
    // A scorer that never joins: the follow-up founds its own story.
    let never = add_all(StoryConfig {
        learned: Some(bias_only(-10.0)),
        ..StoryConfig::default()
    });
    assert!(never[3].founded, "score {}", never[3].score);
    assert!(never[3].score < 1e-3);
    // A scorer that always joins: the follow-up's score is the probability (no conflict with
    // its shooting), but the other shooting and the other Walmart incident still conflict
    // (different people, different dates), so their scores are scaled down and they stay
    // apart at threshold 0.5.
    // The follow-up came out three months after the shooting: the time window is off here, so
    // that only the content conflicts count (the next test covers the window).
    let cfg = StoryConfig {
        learned: Some(bias_only(10.0)),
        threshold: 0.5,
        merge: 0.95,
        stale_days: 0,
        ..StoryConfig::default()
    };
    let always = add_all(cfg);
    assert!(!always[3].founded);
    assert!(always[3].score > 0.99, "score {}", always[3].score);
    assert!(always[3].score > hand[3].score);
    assert!(always[1].founded, "score {}", always[1].score);
    assert!(always[1].score < 0.5);
    assert!(always[4].founded, "score {}", always[4].score);
}

#[test]
fn articles_published_far_apart_are_scaled_by_the_stale_factor() {
    let docs: Vec<_> = ALL.iter().map(|n| fixture(n)).collect();
    let (june, followup) = (&docs[0], &docs[3]);
    let published =
        |d: &(PreparedDoc, Extraction)| d.0.doc.meta.published.as_ref().map(|p| p.value);
    assert_eq!(published(june), Some(jiff::civil::date(2026, 6, 6)));
    assert_eq!(published(followup), Some(jiff::civil::date(2026, 9, 17)));
    // With a scorer that always joins, the follow-up's score is the stale factor alone when the
    // two articles lie more than `stale_days` apart (103 days here), and 1 otherwise.
    let score = |stale_days: u32| {
        let mut index = StoryIndex::new(StoryConfig {
            learned: Some(bias_only(10.0)),
            stale_days,
            stale_conflict: 0.25,
            ..StoryConfig::default()
        });
        index.add(&june.0, &june.1);
        index.add(&followup.0, &followup.1).score
    };
    let off = score(0);
    assert!(off > 0.99, "score {off}");
    let within = score(120);
    assert!(
        (within - off).abs() < 1e-12,
        "103 days is within 120: {within}"
    );
    let apart = score(30);
    assert!(
        (apart - 0.25 * off).abs() < 1e-9,
        "103 days is over 30: {apart}"
    );
    // The default window scales the hand score too, and a follow-up this close still joins.
    let mut index = StoryIndex::default();
    index.add(&june.0, &june.1);
    let placed = index.add(&followup.0, &followup.1);
    assert!(!placed.founded, "score {}", placed.score);
}

#[test]
fn candidate_features_match_the_hand_score() {
    use corroborate_link::stories::{PAIR_FEATURES, PAIR_FEATURE_NAMES};
    let docs: Vec<_> = ALL.iter().map(|n| fixture(n)).collect();
    let cfg = StoryConfig::default();
    let mut index = StoryIndex::new(cfg);
    for (p, ex) in &docs[..3] {
        index.add(p, ex);
    }
    let input = corroborate_link::StoryInput::of(&docs[3].0, &docs[3].1, &cfg);
    let rows = index.candidate_features(&input);
    assert!(!rows.is_empty());
    assert_eq!(PAIR_FEATURE_NAMES.len(), PAIR_FEATURES);
    let (story, score, x) = &rows[0];
    let placed = index.add(&docs[3].0, &docs[3].1);
    // Looking at the candidates leaves the index unchanged: the placement agrees.
    assert_eq!(*story, placed.story);
    assert!((score - placed.score).abs() < 1e-12);
    assert_eq!(x[0], 1.0);
    // ln of the hand-combined score, ln of the best similarity (one member here).
    assert!((x[1].exp() - placed.score).abs() < 1e-9, "{x:?}");
    assert!((x[2] - x[1]).abs() < 1e-12);
    assert!(x[8] > 0.0, "the follow-up shares people with its shooting");
}

#[test]
fn pair_weights_parse_and_reject_bad_tables() {
    use corroborate_link::stories::{parse_pair_weights, PAIR_FEATURE_NAMES};
    let table: String = PAIR_FEATURE_NAMES
        .iter()
        .enumerate()
        .map(|(i, n)| format!("{n}\t{}\n", i as f64 * 0.5))
        .collect();
    let w = parse_pair_weights(&table).expect("a full table");
    assert_eq!(w[2], 1.0);
    let missing: String = table.lines().skip(1).map(|l| format!("{l}\n")).collect();
    assert!(parse_pair_weights(&missing).is_none());
    assert!(parse_pair_weights(&table.replace("0.5", "x")).is_none());
    assert!(parse_pair_weights(&table.replace("bias", "nonsense")).is_none());
    assert!(parse_pair_weights("").is_none());
}

/// One word for each day of a month.
const DESKS: [&str; 31] = [
    "alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel", "india", "juliett",
    "kilo", "lima", "mike", "nectar", "oscar", "papa", "quebec", "romeo", "sierra", "tango",
    "uniform", "victor", "whiskey", "xray", "yankee", "zulu", "amber", "bronze", "cobalt", "denim",
    "ebony",
];

/// An article of `text` published on `date` (as a manifest gives it), its file named after
/// the date.
fn dated(text: &str, date: jiff::civil::Date) -> (PreparedDoc, Extraction) {
    // A word of its own, so that each article is another document.
    let desk = DESKS[date.day().unsigned_abs() as usize % DESKS.len()];
    let text = format!("{text} Filed as {desk}.");
    let mut doc = Document::new(format!("{date}.txt"), SourceFormat::Text, text);
    doc.meta.published = Some(Known {
        value: date,
        provenance: Provenance::Manifest,
    });
    analysed(doc)
}

#[test]
fn posting_lists_full_of_older_articles_still_find_this_months_candidates() {
    // Room for two articles per feature: the three January articles fill every list the
    // June articles would look up. Lists full of articles from outside the publication window
    // do not make a feature too common to look up with (an archive reaches the cap for most
    // names over the years), so the second June article finds the first.
    let text = "Ferry runs aground off Kell\nThe Kell ferry Marta Quillfeather ran aground on a \
                sandbar off Kell harbour, the harbour master Odile Brandt said. Forty passengers \
                were taken ashore by lifeboat.";
    let cfg = StoryConfig {
        posting_cap: 2,
        ..StoryConfig::default()
    };
    let mut index = StoryIndex::new(cfg);
    for day in [3, 4, 5] {
        let d = dated(text, jiff::civil::date(2026, 1, day));
        index.add(&d.0, &d.1);
    }
    let june = |day| dated(text, jiff::civil::date(2026, 6, day));
    let (first, second) = (june(10), june(11));
    index.add(&first.0, &first.1);
    let placed = index.add(&second.0, &second.1);
    assert!(!placed.founded, "score {}", placed.score);
    let story = |d: &(PreparedDoc, Extraction)| index.story_of(&d.0.doc.id).map(|s| &s.id);
    assert_eq!(story(&second), story(&first));
    // Within the window, a full list still marks a feature too common: a third and fourth
    // article the same week find no candidate through the lists the June pair fills.
    let mut index = StoryIndex::new(cfg);
    let placed: Vec<_> = (10..14)
        .map(|day| {
            let d = june(day);
            index.add(&d.0, &d.1)
        })
        .collect();
    assert!(!placed[1].founded);
    assert!(placed[3].founded, "score {}", placed[3].score);
}
