//! The JSON report is one contract: `corroborate_render::json::Report` serialises and
//! deserialises, and serialise → deserialise → serialise gives identical bytes, on the seeds
//! (`../shared/seeds`, read at run time) and on the fictional example corpus with every
//! section non-empty.

mod common;

use std::path::PathBuf;

use corroborate_core::load::{InputProblem, Severity};
use corroborate_pipeline::{analyze, AnalyzeRequest, NoProgress, RecordChoice};
use corroborate_render::json::{Report, ReportOptions};

/// Serialises `report`, reads it back and serialises it again: both texts must be identical.
fn assert_round_trips(report: &Report) {
    let first = serde_json::to_string(report).expect("report serialises");
    let back: Report = serde_json::from_str(&first).expect("report deserialises");
    let second = serde_json::to_string(&back).expect("report serialises again");
    if first != second {
        let at = first
            .bytes()
            .zip(second.bytes())
            .position(|(a, b)| a != b)
            .unwrap_or(first.len().min(second.len()));
        let around = |s: &str| {
            let b = s.as_bytes();
            String::from_utf8_lossy(&b[at.saturating_sub(80)..(at + 80).min(b.len())]).into_owned()
        };
        panic!(
            "the report changed on a round trip at byte {at}:\n{}\n---\n{}",
            around(&first),
            around(&second)
        );
    }
}

#[test]
fn the_seeds_report_round_trips_byte_for_byte() {
    let seeds = PathBuf::from(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../../shared/seeds"
    ));
    assert!(seeds.is_dir(), "seeds missing at {}", seeds.display());
    let req = AnalyzeRequest {
        paths: vec![seeds],
        manifest: None,
        auto_manifest: true,
        today: jiff::civil::date(2026, 12, 1),
        report: ReportOptions { tokens: true },
        records: RecordChoice::default(),
    };
    let (report, _) = analyze(&req, &NoProgress);
    assert!(report.documents.len() > 1, "the seeds were read");
    assert!(!report.claims.claims.is_empty(), "the seeds have claims");
    assert_round_trips(&report);
}

#[test]
fn a_fictional_report_with_every_section_round_trips_byte_for_byte() {
    // Every shipped schema is filled, whether or not it applies, so `records` is not empty.
    let records = RecordChoice {
        auto: false,
        forced: corroborate_records::schema::builtins().to_vec(),
    };
    let opts = ReportOptions { tokens: true };
    let mut report = common::build_report(&common::example_articles(), &records, opts);
    report.problems.push(InputProblem {
        path: "broken.html".into(),
        severity: Severity::Skipped,
        message: "not a news article".into(),
        stage: None,
    });
    report
        .story_redirects
        .insert("s0000".into(), report.stories[0].id.clone());
    let sizes = [
        ("problems", report.problems.len()),
        ("documents", report.documents.len()),
        ("ignored", report.ignored.len()),
        ("sentences", report.sentences.len()),
        ("tokens", report.tokens.as_ref().map_or(0, Vec::len)),
        ("entities", report.entities.len()),
        ("mentions", report.mentions.len()),
        ("quotes", report.quotes.len()),
        ("attributions", report.attributions.len()),
        ("dates", report.dates.len()),
        ("quantities", report.quantities.len()),
        ("stories", report.stories.len()),
        ("story_redirects", report.story_redirects.len()),
        ("lineages", report.lineages.len()),
        ("passages", report.passages.len()),
        ("cross_entities", report.cross_entities.len()),
        ("timeline.events", report.timeline.events.len()),
        (
            "timeline.inferred_published",
            report.timeline.inferred_published.len(),
        ),
        ("claims.claims", report.claims.claims.len()),
        ("claims.disputes", report.claims.disputes.len()),
        (
            "claims.inconsistencies",
            report.claims.inconsistencies.len(),
        ),
        ("claims.unique", report.claims.unique.len()),
        ("claims.summary", report.claims.summary.len()),
        ("records", report.records.len()),
    ];
    for (section, n) in sizes {
        assert!(n > 0, "the fictional report has no {section}");
    }
    assert_round_trips(&report);
}
