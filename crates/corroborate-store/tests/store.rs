//! The store on fictional articles: idempotent ingest, incremental story versions with history,
//! full-text and entity search, reports read back and rendered.

use corroborate_core::load::{self, InputKind};
use corroborate_core::{DocId, Document};
use corroborate_store::{IngestOptions, Linker, Store};

fn doc(name: &str, text: &str) -> Document {
    let mut l = load::load_bytes(name, InputKind::Text, text.as_bytes().to_vec(), None);
    assert!(l.problems.is_empty(), "{:?}", l.problems);
    l.documents.remove(0)
}

fn linker() -> Box<Linker> {
    Box::new(corroborate_pipeline::link_selected)
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
    let v1_when_newest = s
        .story_report(&story, None)
        .expect("v1")
        .expect("v1 exists");

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
    // Reports are stored deflated and read back whole.
    assert_eq!(v1, v1_when_newest, "history reads back unchanged");
    let stored_as = |version: i64| -> String {
        s.connection()
            .query_row(
                "SELECT typeof(report_json) FROM story_versions WHERE story = ?1 AND version = ?2",
                rusqlite::params![story, version],
                |r| r.get(0),
            )
            .expect("typeof")
    };
    assert_eq!(
        (stored_as(1).as_str(), stored_as(2).as_str()),
        ("blob", "blob")
    );
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
    let claims = |v: &serde_json::Value| v["claims"]["claims"].as_array().map_or(0, Vec::len);
    let change = &history[1].changes["claims"];
    assert!(claims(&v2) > 0, "the articles' statements are claims");
    assert_eq!(change["before"].as_u64(), Some(claims(&v1) as u64));
    assert_eq!(change["after"].as_u64(), Some(claims(&v2) as u64));
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
fn people_roles_keep_the_normalised_role() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut s = Store::open(&dir.path().join("t.db")).expect("open");
    let text = "Quillon ferry owner hires counsel\n\nThe owner of the stalled Quillon ferry hired \
        attorney Dana Pell on Monday, April 6, 2026. \"We will cooperate,\" said Pell, the \
        company's lawyer.\n";
    s.ingest(
        vec![doc("p.txt", text)],
        &opts(),
        linker().as_ref(),
        &mut |_, _| {},
    )
    .expect("ingest");
    let mut q = s
        .connection()
        .prepare("SELECT role, normalized FROM people_roles")
        .expect("query");
    let rows: Vec<(String, Option<String>)> = q
        .query_map([], |r| Ok((r.get(0)?, r.get(1)?)))
        .expect("rows")
        .collect::<Result<_, _>>()
        .expect("rows read");
    assert!(
        rows.iter()
            .any(|(role, n)| role == "lawyer" && n.as_deref() == Some("attorney")),
        "{rows:?}"
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
    let one = s
        .document_report(id.as_str())
        .expect("doc")
        .expect("exists");
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
    // The day is read only to annotate a document again: one stored by an older build,
    // without its artifact and link record.
    s.connection()
        .execute("UPDATE documents SET today = 'not a day'", [])
        .expect("update");
    s.relink(&l)
        .expect("documents with artifacts are not annotated again");
    s.connection()
        .execute_batch("DELETE FROM artifacts; DELETE FROM link_records;")
        .expect("delete");
    let err = s
        .relink(&l)
        .expect_err("an unreadable day is an error, not today's date");
    assert!(err.to_string().contains("not a day"), "{err}");
}

/// An article of the example corpus (the ferry grounding) or of the seeds (another event),
/// read at run time.
fn corpus(path: &str) -> Document {
    let full = format!("{}/{path}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&full).unwrap_or_else(|e| panic!("{full}: {e}"));
    doc(path.rsplit('/').next().unwrap_or(path), &text)
}

fn ferry(n: usize) -> Document {
    let names = [
        "01-coastal-wire.txt",
        "02-tri-county-courier.txt",
        "04-harlow-gazette.txt",
    ];
    corpus(&format!("../../examples/corpus/{}", names[n]))
}

fn seed(n: usize) -> Document {
    let names = [
        "000_ddeed167889eb317.txt",
        "001_2d6caafabdf45f46.txt",
        "002_1784f26f340c65f5.txt",
    ];
    corpus(&format!("../../../shared/seeds/{}", names[n]))
}

fn count(s: &Store, sql: &str) -> i64 {
    s.connection()
        .query_row(sql, [], |r| r.get(0))
        .expect("count")
}

/// Each current story's latest report keyed by its documents, without its id and version.
fn reports_by_documents(s: &Store) -> std::collections::BTreeMap<String, serde_json::Value> {
    let reports = s.current_reports().expect("reports");
    reports
        .into_values()
        .map(|(docs, mut report)| {
            report.as_object_mut().expect("object").remove("story");
            (docs.join(" "), report)
        })
        .collect()
}

#[test]
fn ingesting_one_article_at_a_time_stores_the_same_stories_as_one_ingest() {
    let dir = tempfile::tempdir().expect("tempdir");
    let l = linker();
    let mut whole = Store::open(&dir.path().join("whole.db")).expect("open");
    let docs = || vec![ferry(0), seed(0), ferry(1), seed(1), ferry(2)];
    whole
        .ingest(docs(), &opts(), &l, &mut |_, _| {})
        .expect("ingest");
    let mut steps = Store::open(&dir.path().join("steps.db")).expect("open");
    for d in docs() {
        steps
            .ingest(vec![d], &opts(), &l, &mut |_, _| {})
            .expect("ingest");
    }
    let (a, b) = (reports_by_documents(&whole), reports_by_documents(&steps));
    assert_eq!(a.len(), 2, "the ferry story and the seeds': {:?}", a.keys());
    assert_eq!(a, b);
}

#[test]
fn a_relink_reconciles_only_the_stories_whose_documents_changed() {
    use std::sync::atomic::{AtomicUsize, Ordering::SeqCst};
    use std::sync::Arc;
    let dir = tempfile::tempdir().expect("tempdir");
    let mut s = Store::open(&dir.path().join("t.db")).expect("open");
    let (reconciled, read_back) = (Arc::new(AtomicUsize::new(0)), Arc::new(AtomicUsize::new(0)));
    let (seen, read) = (Arc::clone(&reconciled), Arc::clone(&read_back));
    let counting: Box<Linker> = Box::new(move |inputs, load, passages, selected, prior| {
        let mut counted = |positions: &[usize]| {
            read.fetch_add(positions.len(), SeqCst);
            load(positions)
        };
        let r =
            corroborate_pipeline::link_selected(inputs, &mut counted, passages, selected, prior);
        let n = r.reports.iter().filter(|x| x.is_some()).count();
        seen.fetch_add(n, SeqCst);
        r
    });
    let take = || (reconciled.swap(0, SeqCst), read_back.swap(0, SeqCst));
    s.ingest(vec![ferry(0), ferry(1)], &opts(), &counting, &mut |_, _| {})
        .expect("ingest");
    assert_eq!(take(), (1, 2));
    let ferry_versions = "SELECT count(*) FROM story_versions WHERE story IN (SELECT story FROM story_documents WHERE doc IN (SELECT id FROM documents WHERE source = '01-coastal-wire.txt'))";
    assert_eq!(count(&s, ferry_versions), 1);
    // An article of another event: only its own new story is reconciled, and only its own
    // article is read back; the ferry articles are linked from their link records.
    let sum = s
        .ingest(vec![seed(0)], &opts(), &counting, &mut |_, _| {})
        .expect("ingest");
    assert_eq!(take(), (1, 1));
    assert_eq!(sum.stories_changed.len(), 1);
    assert_eq!(count(&s, ferry_versions), 1);
    // An article of the ferry story: only that story.
    s.ingest(vec![ferry(2)], &opts(), &counting, &mut |_, _| {})
        .expect("ingest");
    assert_eq!(take(), (1, 3));
    assert_eq!(count(&s, ferry_versions), 2);
    // Nothing new: nothing is reconciled or read back.
    s.relink(&counting).expect("relink");
    assert_eq!(take(), (0, 0));
}

#[test]
fn a_relink_reads_the_stored_passages_of_the_stories_it_reconciles_only() {
    use std::sync::atomic::{AtomicUsize, Ordering::SeqCst};
    use std::sync::Arc;
    let dir = tempfile::tempdir().expect("tempdir");
    let asked = Arc::new(AtomicUsize::new(0));
    let seen = Arc::clone(&asked);
    let counting: Box<Linker> = Box::new(move |inputs, load, passages, selected, prior| {
        let mut counted = |pairs: &[(DocId, DocId)]| {
            seen.fetch_add(pairs.len(), SeqCst);
            passages(pairs)
        };
        corroborate_pipeline::link_selected(inputs, load, &mut counted, selected, prior)
    });
    let mut s = Store::open(&dir.path().join("t.db")).expect("open");
    s.ingest(vec![ferry(0), ferry(1)], &opts(), &counting, &mut |_, _| {})
        .expect("ingest");
    assert_eq!(count(&s, "SELECT count(*) FROM reuse_found"), 1);
    // A story the batch does not touch: the stored pair of the ferry story is not read.
    asked.store(0, SeqCst);
    s.ingest(vec![seed(0)], &opts(), &counting, &mut |_, _| {})
        .expect("ingest");
    assert_eq!(asked.load(SeqCst), 0);
    // The ferry story grows: its stored pair is read, and its report shows the passages one
    // ingest of the three articles finds.
    s.ingest(vec![ferry(2)], &opts(), &counting, &mut |_, _| {})
        .expect("ingest");
    assert!(asked.load(SeqCst) >= 1);
    let mut whole = Store::open(&dir.path().join("whole.db")).expect("open");
    whole
        .ingest(
            vec![ferry(0), ferry(1), seed(0), ferry(2)],
            &opts(),
            &linker(),
            &mut |_, _| {},
        )
        .expect("ingest");
    assert_eq!(reports_by_documents(&s), reports_by_documents(&whole));
}

#[test]
fn each_article_is_annotated_once_and_a_store_without_artifacts_gets_them_back() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut s = Store::open(&dir.path().join("t.db")).expect("open");
    let l = linker();
    s.ingest(
        vec![ferry(0), ferry(1), seed(0)],
        &opts(),
        &l,
        &mut |_, _| {},
    )
    .expect("ingest");
    assert_eq!(count(&s, "SELECT count(*) FROM artifacts"), 3);
    assert_eq!(count(&s, "SELECT count(*) FROM link_records"), 3);
    let before = reports_by_documents(&s);
    // As an older build left it: one artifact missing, one of another version, one link record
    // missing, one of another version and one damaged.
    let wire = "(SELECT id FROM documents WHERE source = '01-coastal-wire.txt')";
    let reprint = "(SELECT id FROM documents WHERE source = '02-tri-county-courier.txt')";
    let seed0 = "(SELECT id FROM documents WHERE source = '000_ddeed167889eb317.txt')";
    s.connection()
        .execute_batch(&format!(
            "DELETE FROM artifacts WHERE doc = {wire};
             UPDATE artifacts SET version = version + 1 WHERE doc = {seed0};
             DELETE FROM link_records WHERE doc = {wire};
             UPDATE link_records SET version = version + 1 WHERE doc = {seed0};
             UPDATE link_records SET data = x'00ff' WHERE doc = {reprint};
             DELETE FROM story_documents WHERE doc = {reprint};"
        ))
        .expect("damage");
    s.relink(&l).expect("relink");
    for table in ["artifacts", "link_records"] {
        let current =
            format!("SELECT count(*) FROM {table} WHERE version = (SELECT min(version) FROM {table}) AND data != x'00ff'");
        assert_eq!(count(&s, &current), 3, "{table}");
    }
    assert_eq!(reports_by_documents(&s), before);
    // An artifact that does not read back when its story is reconciled: the article is
    // annotated again from its stored form, and the story's report is the same.
    s.connection()
        .execute_batch(&format!(
            "UPDATE artifacts SET data = x'00ff' WHERE doc = {reprint};
             DELETE FROM story_documents WHERE doc = {reprint};"
        ))
        .expect("damage");
    s.relink(&l).expect("relink");
    assert_eq!(reports_by_documents(&s), before);
}

#[test]
fn reuse_found_by_one_relink_is_read_back_by_the_next_not_aligned_again() {
    let dir = tempfile::tempdir().expect("tempdir");
    let l = linker();
    let passages = |s: &Store| -> usize {
        let reports = s.current_reports().expect("reports");
        let ferry = reports
            .values()
            .find(|(docs, _)| docs.len() == 3)
            .expect("the ferry story");
        ferry.1["passages"].as_array().map_or(0, Vec::len)
    };
    let mut whole = Store::open(&dir.path().join("whole.db")).expect("open");
    whole
        .ingest(
            vec![ferry(0), ferry(1), ferry(2)],
            &opts(),
            &l,
            &mut |_, _| {},
        )
        .expect("ingest");
    let all = passages(&whole);
    let mut s = Store::open(&dir.path().join("steps.db")).expect("open");
    for d in [ferry(0), ferry(1)] {
        s.ingest(vec![d], &opts(), &l, &mut |_, _| {})
            .expect("ingest");
    }
    // The wire copy and its reprint share passages, stored with the later article.
    assert_eq!(count(&s, "SELECT count(*) FROM reuse_found"), 1);
    let through = "SELECT CAST(value AS INTEGER) FROM store_info WHERE key = 'reuse_through'";
    assert_eq!(
        count(&s, through),
        count(&s, "SELECT max(rowid) FROM documents")
    );
    // Forgotten pairs are believed: the next relink does not align the two stored articles
    // again, so their passages are gone from the story's new version.
    s.connection()
        .execute("DELETE FROM reuse_found", [])
        .expect("delete");
    s.ingest(vec![ferry(2)], &opts(), &l, &mut |_, _| {})
        .expect("ingest");
    let believed = passages(&s);
    assert!(believed < all, "{believed} passages, {all} in one ingest");
    // Pairs found by another alignment are not used: everything is aligned again.
    s.connection()
        .execute(
            "UPDATE store_info SET value = '0' WHERE key = 'reuse_alignment'",
            [],
        )
        .expect("update");
    s.ingest(vec![seed(0)], &opts(), &l, &mut |_, _| {})
        .expect("ingest");
    assert!(count(&s, "SELECT count(*) FROM reuse_found") >= 2);
    let version = "SELECT CAST(value AS INTEGER) FROM store_info WHERE key = 'reuse_alignment'";
    assert_eq!(
        count(&s, version),
        i64::from(corroborate_link::reuse::ALIGNMENT_VERSION)
    );
    // Rows of another encoding (an older build's deflated JSON) are not read, even when they
    // would decode: every pair is aligned again and the rows are written in this encoding.
    // (Each row is made to read as "no pairs"; were it believed, it would stay.)
    let rows = count(&s, "SELECT count(*) FROM reuse_found");
    s.connection()
        .execute_batch(
            "UPDATE store_info SET value = 'json' WHERE key = 'reuse_format'; UPDATE reuse_found SET pairs = x'00';",
        )
        .expect("update");
    s.ingest(vec![seed(2)], &opts(), &l, &mut |_, _| {})
        .expect("ingest");
    let format: String = s
        .connection()
        .query_row(
            "SELECT value FROM store_info WHERE key = 'reuse_format'",
            [],
            |r| r.get(0),
        )
        .expect("format");
    assert_eq!(format, "postcard");
    assert_eq!(
        count(&s, "SELECT count(*) FROM reuse_found WHERE pairs = x'00'"),
        0
    );
    assert!(count(&s, "SELECT count(*) FROM reuse_found") >= rows);
    // A damaged row stops nothing: every pair is aligned again and the rows are written anew.
    let rows = count(&s, "SELECT count(*) FROM reuse_found");
    s.connection()
        .execute("UPDATE reuse_found SET pairs = x'00ff'", [])
        .expect("damage");
    s.ingest(vec![seed(1)], &opts(), &l, &mut |_, _| {})
        .expect("ingest despite a damaged row");
    assert_eq!(
        count(&s, "SELECT count(*) FROM reuse_found WHERE pairs = x'00ff'"),
        0
    );
    assert!(count(&s, "SELECT count(*) FROM reuse_found") >= rows);
}

#[test]
fn story_grouping_resumes_from_the_last_relink_and_a_damaged_index_is_regrouped() {
    use std::sync::atomic::{AtomicUsize, Ordering::SeqCst};
    use std::sync::Arc;
    let dir = tempfile::tempdir().expect("tempdir");
    // Dated articles, each stored after the ones dated before it.
    let dated = |n: usize| {
        let mut d = if n < 3 { ferry(n) } else { seed(n - 3) };
        d.meta.published = Some(corroborate_core::document::Known {
            value: jiff::civil::date(2026, 4, 3) + jiff::Span::new().days(n as i64),
            provenance: corroborate_core::Provenance::Manifest,
        });
        d
    };
    let resumed = Arc::new(AtomicUsize::new(0));
    let seen = Arc::clone(&resumed);
    let counting: Box<Linker> = Box::new(move |inputs, load, passages, selected, prior| {
        let r = corroborate_pipeline::link_selected(inputs, load, passages, selected, prior);
        seen.store(r.stories_resumed, SeqCst);
        r
    });
    let mut whole = Store::open(&dir.path().join("whole.db")).expect("open");
    whole
        .ingest(
            (0..5).map(dated).collect(),
            &opts(),
            &linker(),
            &mut |_, _| {},
        )
        .expect("ingest");
    let mut s = Store::open(&dir.path().join("steps.db")).expect("open");
    for n in 0..4 {
        s.ingest(vec![dated(n)], &opts(), &counting, &mut |_, _| {})
            .expect("ingest");
        assert_eq!(
            resumed.load(SeqCst),
            n,
            "batch {n} resumed the articles before it"
        );
    }
    assert_eq!(count(&s, "SELECT count(*) FROM story_index"), 1);
    // A damaged index stops nothing: the relink groups from scratch and writes it anew.
    s.connection()
        .execute("UPDATE story_index SET data = x'00ff'", [])
        .expect("damage");
    s.ingest(vec![dated(4)], &opts(), &counting, &mut |_, _| {})
        .expect("ingest despite a damaged index");
    assert_eq!(resumed.load(SeqCst), 0);
    assert_eq!(
        count(&s, "SELECT count(*) FROM story_index WHERE data = x'00ff'"),
        0
    );
    assert_eq!(reports_by_documents(&s), reports_by_documents(&whole));
}

/// A relink keeps the text of roles it stored before instead of reading their documents again
/// (documents never change): a stored document altered behind the store's back does not alter
/// a role that was cited before, and a new article's roles are read from its document.
#[test]
fn a_relink_reads_only_the_documents_of_roles_it_has_not_stored() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut s = Store::open(&dir.path().join("t.db")).expect("open");
    let first =
        "Quillon ferry owner hires counsel\n\nThe owner of the stalled Quillon ferry hired \
        attorney Dana Pell on Monday, April 6, 2026. \"We will cooperate,\" said Pell, the \
        company's lawyer.\n";
    let second = "Quillon harbour hires counsel\n\nThe harbour office hired attorney Rui Tamsin \
        on Tuesday, April 7, 2026. \"We will answer,\" said Tamsin, the office's lawyer.\n";
    let l = linker();
    s.ingest(
        vec![doc("p.txt", first)],
        &opts(),
        l.as_ref(),
        &mut |_, _| {},
    )
    .expect("ingest");
    let roles = |s: &Store| -> Vec<(String, String)> {
        let mut q = s
            .connection()
            .prepare("SELECT role, text FROM people_roles ORDER BY person, idx")
            .expect("query");
        q.query_map([], |r| Ok((r.get(0)?, r.get(1)?)))
            .expect("rows")
            .collect::<Result<_, _>>()
            .expect("rows read")
    };
    let before = roles(&s);
    assert!(
        before.iter().any(|(role, _)| role == "lawyer"),
        "{before:?}"
    );
    s.connection()
        .execute(
            "UPDATE documents SET text = upper(text) WHERE id IN (SELECT doc FROM people_roles)",
            [],
        )
        .expect("alter the stored text");
    s.ingest(
        vec![doc("q.txt", second)],
        &opts(),
        l.as_ref(),
        &mut |_, _| {},
    )
    .expect("ingest");
    let after = roles(&s);
    for r in &before {
        assert!(after.contains(r), "{r:?} kept in {after:?}");
    }
    let new: Vec<_> = after.iter().filter(|r| !before.contains(r)).collect();
    assert!(!new.is_empty(), "{after:?}");
    for (role, text) in new {
        assert!(second.contains(text.as_str()), "{role}: {text:?}");
    }
}

#[test]
fn people_tables_written_by_difference_equal_a_full_rebuild() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut s = Store::open(&dir.path().join("t.db")).expect("open");
    let l = linker();
    let batches = [
        vec![doc(
            "a.txt",
            "Quillon ferry owner hires counsel\n\nThe owner of the stalled Quillon ferry hired \
             attorney Dana Pell on Monday, April 6, 2026. \"We will cooperate,\" said Pell, the \
             company's lawyer. Harbour master Rui Tamsin of the Quillon Harbour Office said \
             the ferry would stay in port.\n",
        )],
        vec![
            doc(
                "b.txt",
                "Quillon ferry inquiry opens\n\nAn inquiry into the stalled Quillon ferry opened \
                 on Tuesday, April 7, 2026. Dana Pell, the owner's lawyer, said the company \
                 would cooperate. Harbour master Rui Tamsin said the ferry stays in port.\n",
            ),
            doc(
                "c.txt",
                "Orvale council picks a lawyer\n\nThe Orvale town council hired attorney Dana \
                 Pell of the Orvale Legal Aid Office on Friday, March 6, 2026. \"The town needs \
                 advice,\" said Mayor Ilse Brandt.\n",
            ),
        ],
    ];
    let tables = |s: &Store| -> Vec<Vec<String>> {
        [
            "SELECT id, kind, name, name_key, stories, mentions FROM people ORDER BY id",
            "SELECT person, story, entity, name, evidence_json FROM people_members ORDER BY person, story, entity",
            "SELECT person, idx, story, role, normalized, of_text, doc, start, \"end\", published, text FROM people_roles ORDER BY person, idx",
            "SELECT person, other, reason FROM people_possible ORDER BY person, other",
        ]
        .iter()
        .map(|sql| {
            let mut q = s.connection().prepare(sql).expect("query");
            let n = q.column_count();
            q.query_map([], |r| {
                (0..n)
                    .map(|i| Ok(format!("{:?}", r.get::<_, rusqlite::types::Value>(i)?)))
                    .collect::<Result<Vec<String>, _>>()
                    .map(|v| v.join("|"))
            })
            .expect("rows")
            .collect::<Result<_, _>>()
            .expect("rows read")
        })
        .collect()
    };
    let mut previous = Vec::new();
    for batch in batches {
        s.ingest(batch, &opts(), l.as_ref(), &mut |_, _| {})
            .expect("ingest");
        let written = tables(&s);
        assert!(!written[0].is_empty(), "people found");
        assert_ne!(written, previous, "the batch changed the people tables");
        // Rebuild the tables from nothing: the rows written by difference are the same.
        s.connection()
            .execute_batch(
                "DELETE FROM people_possible; DELETE FROM people_roles; \
                 DELETE FROM people_members; DELETE FROM people;",
            )
            .expect("empty the people tables");
        s.relink(l.as_ref()).expect("relink");
        assert_eq!(tables(&s), written);
        previous = written;
    }
}
