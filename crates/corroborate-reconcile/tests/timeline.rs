//! The merged timeline on the seeds (read at run time from `../shared/seeds`) and on
//! fictional articles.

use std::path::PathBuf;

use corroborate_core::document::{Known, Provenance, SourceFormat};
use corroborate_core::load::{discover, load_file};
use corroborate_core::{Document, PreparedDoc};
use corroborate_reconcile::timeline::{build, infer_publication_dates, Precision};
use corroborate_reconcile::Analysed;
use jiff::civil::{date, Date};

const TODAY: Date = date(2026, 12, 2);

fn analyse(doc: Document) -> Analysed {
    let p = PreparedDoc::new(doc, TODAY);
    let ex = corroborate_extract::extract(&p);
    (p, ex)
}

fn seeds(auto_manifest: bool) -> Vec<Analysed> {
    let dir = PathBuf::from(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../../shared/seeds"
    ));
    assert!(dir.is_dir(), "seeds missing at {}", dir.display());
    let found = discover(&[dir], None, auto_manifest);
    assert_eq!(found.files.len(), 5);
    found
        .files
        .iter()
        .flat_map(|f| load_file(f).documents)
        .map(analyse)
        .collect()
}

fn file_of(a: &Analysed) -> &str {
    a.0.doc.source.rsplit('/').next().unwrap_or("")
}

#[test]
fn publication_dates_no_single_article_fixes_are_inferred_across_articles() {
    let mut docs = seeds(false);
    let all: Vec<usize> = (0..docs.len()).collect();
    let before: Vec<bool> = docs
        .iter()
        .map(|d| d.0.doc.meta.published.is_some())
        .collect();
    assert_eq!(before, vec![false, false, true, true, false]);
    let inferred = infer_publication_dates(&mut docs, &all);
    assert_eq!(inferred.len(), 3);
    for d in &docs {
        let p = d.0.doc.meta.published.as_ref().expect("every seed dated");
        assert_eq!(p.value, date(2026, 10, 23), "{}", file_of(d));
        assert!(matches!(p.provenance, Provenance::Inferred { .. }));
    }
    for rec in &inferred {
        assert!(rec.reason.contains("same event"), "{}", rec.reason);
        // The evidence cites the weekday in this article and the dated mention in another.
        assert_eq!(rec.evidence.len(), 2);
        assert_eq!(rec.evidence[0].doc, rec.doc);
        assert_ne!(rec.evidence[1].doc, rec.doc);
        let here = docs.iter().find(|d| d.0.doc.id == rec.doc).unwrap();
        assert_eq!(here.0.slice(rec.evidence[0].span), "Friday");
    }
    // Dates in the newly dated articles are now resolved.
    let cbs = docs.iter().find(|d| file_of(d).starts_with("000")).unwrap();
    assert!(cbs
        .1
        .dates
        .iter()
        .any(|t| t.value.as_deref() == Some("2026-10-19")));
}

#[test]
fn seed_timeline_has_the_story_dates() {
    for auto_manifest in [true, false] {
        let mut docs = seeds(auto_manifest);
        let all: Vec<usize> = (0..docs.len()).collect();
        infer_publication_dates(&mut docs, &all);
        let events = build(&docs, &all);
        for day in [
            "2026-06-14",
            "2026-10-19",
            "2026-10-21",
            "2026-10-22",
            "2026-10-23",
        ] {
            assert!(
                events
                    .iter()
                    .any(|e| e.date == day && e.precision == Precision::Day),
                "no event on {day} (manifest: {auto_manifest})"
            );
        }
        // Chronological, and every mention cites a dated expression inside its sentence.
        assert!(events.windows(2).all(|w| w[0].date <= w[1].date));
        for e in &events {
            for m in &e.mentions {
                assert!(m.sentence.contains(m.span));
            }
        }
        // The videos' release on Thursday is reported by several outlets as one event.
        let release = events
            .iter()
            .filter(|e| e.date == "2026-10-22")
            .map(|e| {
                e.mentions
                    .iter()
                    .map(|m| &m.doc)
                    .collect::<std::collections::BTreeSet<_>>()
                    .len()
            })
            .max()
            .unwrap_or(0);
        assert!(
            release >= 2,
            "Thursday's events are not merged across articles"
        );
    }
}

fn fictional(name: &str, published: Date, text: &str) -> Analysed {
    let mut d = Document::new(name, SourceFormat::Text, text.to_string());
    d.meta.published = Some(Known {
        value: published,
        provenance: Provenance::Manifest,
    });
    analyse(d)
}

#[test]
fn articles_that_date_one_event_differently_show_both_dates() {
    let docs = vec![
        fictional(
            "a.txt",
            date(2026, 3, 13),
            "Ferry grounding\n\nThe ferry Marisol ran aground off Pellam Point on Tuesday, March 10, injuring three passengers.\n",
        ),
        fictional(
            "b.txt",
            date(2026, 3, 13),
            "Ferry grounding\n\nThe ferry Marisol ran aground off Pellam Point on Monday, March 9, injuring three passengers.\n",
        ),
        fictional(
            "c.txt",
            date(2026, 3, 13),
            "Budget vote\n\nThe town council approved the harbor budget on Wednesday.\n",
        ),
    ];
    let events = build(&docs, &[0, 1, 2]);
    let grounding = events
        .iter()
        .find(|e| e.conflicting)
        .expect("a conflicting event");
    let values: Vec<&str> = grounding.dates.iter().map(|d| d.value.as_str()).collect();
    assert!(
        values.contains(&"2026-03-10") && values.contains(&"2026-03-09"),
        "{values:?}"
    );
    assert_eq!(grounding.mentions.len(), 2);
    // The unrelated vote is its own event.
    assert!(events
        .iter()
        .any(|e| e.date == "2026-03-11" && !e.conflicting && e.mentions.len() == 1));
}

#[test]
fn an_unrelated_weekday_does_not_date_an_article() {
    let mut docs = vec![
        fictional(
            "a.txt",
            date(2026, 3, 13),
            "Ferry grounding\n\nThe ferry Marisol ran aground off Pellam Point on Tuesday, March 10.\n",
        ),
        analyse(Document::new(
            "b.txt",
            SourceFormat::Text,
            "Bake sale\n\nThe school bake sale raised money for the library on Tuesday.\n".into(),
        )),
    ];
    let inferred = infer_publication_dates(&mut docs, &[0, 1]);
    assert!(inferred.is_empty());
    assert!(docs[1].0.doc.meta.published.is_none());
}

#[test]
fn a_page_date_stamp_is_recognised_as_a_date_but_is_no_event() {
    let stamp = "Updated: 12 March 2026, 10:02 GMT";
    let docs = vec![
        fictional(
            "a.txt",
            date(2026, 3, 13),
            &format!("Ferry grounding\n\n{stamp}\n\nThe ferry Marisol ran aground off Pellam Point on Tuesday, March 10.\n"),
        ),
        fictional(
            "b.txt",
            date(2026, 3, 13),
            &format!("Ferry aground\n\n{stamp}\n\nThe ferry Marisol struck a ledge off Pellam Point on Tuesday.\n"),
        ),
    ];
    let (p, ex) = &docs[0];
    let at = p.doc.text.find(stamp).unwrap_or_default();
    let in_stamp = |s: corroborate_core::Span| s.start >= at && s.end <= at + stamp.len();
    // The stamp's date stays an annotation of the text.
    assert!(
        ex.dates
            .iter()
            .any(|t| in_stamp(t.span) && t.value.as_deref() == Some("2026-03-12")),
        "{:?}",
        ex.dates
    );
    let events = build(&docs, &[0, 1]);
    assert!(events.iter().all(|e| e.date != "2026-03-12"), "{events:?}");
    assert!(events
        .iter()
        .any(|e| e.date == "2026-03-10" && e.mentions.len() == 2));
}
