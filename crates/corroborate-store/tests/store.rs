//! The store on fictional articles: idempotent ingest, incremental story versions with history,
//! full-text and entity search, reports read back and rendered.

use corroborate_core::load::{self, InputKind};
use corroborate_core::Document;
use corroborate_render::json::CrossDoc;
use corroborate_store::{IngestOptions, Linker, Store};

fn doc(name: &str, text: &str) -> Document {
    let mut l = load::load_bytes(name, InputKind::Text, text.as_bytes().to_vec(), None);
    assert!(l.problems.is_empty(), "{:?}", l.problems);
    l.documents.remove(0)
}

fn linker() -> Box<Linker> {
    Box::new(|results: &mut [corroborate_reconcile::Analysed]| {
        let all: Vec<usize> = (0..results.len()).collect();
        CrossDoc {
            cross_entities: Vec::new(),
            timeline: corroborate_render::json::Timeline {
                events: corroborate_reconcile::timeline::build(results, &all),
                inferred_published: Vec::new(),
            },
            ..Default::default()
        }
    })
}

fn opts() -> IngestOptions {
    IngestOptions {
        batch_size: 2,
        today: jiff::civil::date(2026, 5, 1),
    }
}

const A: &str = "Ferry stalls off Quillon\n\nQUILLON — On Friday, April 3, 2026, a ferry stalled with 40 passengers aboard, the harbour office said.\n";
const B: &str = "Quillon ferry towed home\n\nOn Saturday, April 4, 2026, tugs towed the Quillon ferry back to port.\n";
const C: &str = "Inquiry into Quillon ferry\n\nAn inquiry opened on Monday, April 6, 2026, into the stalled Quillon ferry.\n";

fn table_counts(s: &Store) -> Vec<i64> {
    [
        "documents",
        "sentences",
        "dates",
        "quantities",
        "documents_fts",
        "stories",
        "story_documents",
        "story_versions",
        "timeline_events",
        "batches",
    ]
    .iter()
    .map(|t| {
        s.connection()
            .query_row(&format!("SELECT count(*) FROM {t}"), [], |r| r.get(0))
            .expect("count")
    })
    .collect()
}

#[test]
fn ingest_is_idempotent_and_incremental_with_history() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("t.db");
    let mut s = Store::open(&path).expect("open");
    let l = linker();
    let mut batches = 0;
    let sum = s
        .ingest(
            vec![doc("a.txt", A), doc("b.txt", B), doc("a2.txt", A)],
            &opts(),
            l.as_ref(),
            &mut |_, _| batches += 1,
        )
        .expect("ingest");
    assert_eq!(sum.added.len(), 2);
    assert_eq!(sum.skipped.len(), 1, "the repeated text is counted once");
    assert_eq!(batches, 1);
    assert_eq!(sum.stories_changed.len(), 1);
    let story = sum.stories_changed[0].story.clone();
    assert_eq!(sum.stories_changed[0].version, 1);
    let before = table_counts(&s);
    assert_eq!(before[0], 2);
    assert!(before[2] >= 2, "dates stored");

    // Same files again: nothing changes.
    let again = s
        .ingest(
            vec![doc("a.txt", A), doc("b.txt", B)],
            &opts(),
            l.as_ref(),
            &mut |_, _| {},
        )
        .expect("ingest again");
    assert!(again.added.is_empty() && again.stories_changed.is_empty());
    assert_eq!(table_counts(&s), before);

    // A new article joins the story: version 2, history says what arrived, version 1 remains.
    let third = s
        .ingest(vec![doc("c.txt", C)], &opts(), l.as_ref(), &mut |_, _| {})
        .expect("ingest new");
    assert_eq!(third.stories_changed.len(), 1);
    assert_eq!(
        third.stories_changed[0].story, story,
        "the story keeps its id"
    );
    assert_eq!(third.stories_changed[0].version, 2);
    let history = s.story_history(&story).expect("history");
    assert_eq!(history.len(), 2);
    let added = &history[1].changes["added_documents"];
    assert_eq!(added.as_array().map(Vec::len), Some(1));
    assert_eq!(added[0]["id"].as_str(), Some(third.added[0].as_str()));
    let v1 = s
        .story_report(&story, Some(1))
        .expect("v1")
        .expect("v1 exists");
    let v2 = s
        .story_report(&story, None)
        .expect("v2")
        .expect("v2 exists");
    assert_eq!(v1["documents"].as_array().map(Vec::len), Some(2));
    assert_eq!(v2["documents"].as_array().map(Vec::len), Some(3));
    let ev1 = v1["timeline"]["events"]
        .as_array()
        .map(Vec::len)
        .unwrap_or(0);
    let ev2 = v2["timeline"]["events"]
        .as_array()
        .map(Vec::len)
        .unwrap_or(0);
    let change = &history[1].changes["timeline_events"];
    assert_eq!(change["before"].as_u64(), Some(ev1 as u64));
    assert_eq!(change["after"].as_u64(), Some(ev2 as u64));
    assert_eq!(v2["story"]["id"].as_str(), Some(story.as_str()));
    assert_eq!(v2["story"]["version"].as_i64(), Some(2));
    let row: i64 = s
        .connection()
        .query_row(
            "SELECT count(*) FROM timeline_events WHERE story = ?1",
            [&story],
            |r| r.get(0),
        )
        .expect("events");
    assert_eq!(
        row as usize, ev2,
        "timeline_events holds the current version"
    );
}

#[test]
fn search_and_reports_read_back() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut s = Store::open(&dir.path().join("q.db")).expect("open");
    s.ingest(
        vec![doc("a.txt", A), doc("c.txt", C)],
        &opts(),
        linker().as_ref(),
        &mut |_, _| {},
    )
    .expect("ingest");
    assert_eq!(s.stories(Some("inquiry"), None).expect("fts").len(), 1);
    assert_eq!(s.stories(Some("volcano"), None).expect("fts").len(), 0);
    assert_eq!(
        s.stories(Some("\"unbalanced ( OR *"), None)
            .expect("odd query is data")
            .len(),
        0
    );
    assert_eq!(s.stories(None, None).expect("all").len(), 1);
    let r = s.corpus_report().expect("corpus");
    let d = corroborate_render::dossier::Dossier::from_value(&r).expect("dossier");
    let md = corroborate_render::markdown::render(&d);
    assert!(md.contains("## Ferry stalls off Quillon"), "{md}");
    assert!(md.contains("### Timeline"));
    let id = d.documents[0].id.clone();
    let one = s.document_report(&id).expect("doc").expect("exists");
    assert_eq!(one["documents"].as_array().map(Vec::len), Some(1));
    assert!(one["dates"]
        .as_array()
        .is_some_and(|a| a.iter().all(|x| x["doc"] == id.as_str())));
    assert!(s.document_report("dnope").expect("no error").is_none());
}

#[test]
fn relink_refuses_an_unreadable_stored_day_instead_of_reading_the_clock() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut s = Store::open(&dir.path().join("t.db")).expect("open");
    let l = linker();
    s.ingest(
        vec![doc("a.txt", A), doc("b.txt", B)],
        &opts(),
        &l,
        &mut |_, _| {},
    )
    .expect("ingest");
    s.relink(&l).expect("a store with readable days relinks");
    s.connection()
        .execute("UPDATE documents SET today = 'not a day'", [])
        .expect("update");
    let err = s
        .relink(&l)
        .expect_err("an unreadable day is an error, not today's date");
    assert!(err.to_string().contains("not a day"), "{err}");
}
