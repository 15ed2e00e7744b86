//! Shared by the pipeline's integration tests: the example story and a whole-pipeline run
//! that returns every stage failure and bad span.

#![allow(dead_code)]

use std::collections::BTreeMap;
use std::path::PathBuf;

use corroborate_core::load::{InputProblem, Severity};
use corroborate_pipeline::validate::{check_byte_spans, check_report, SpanCheck};
use corroborate_pipeline::{annotate, link_with, Analysed, RecordChoice};
use corroborate_render::json::{Report, ReportOptions};

/// The six articles of the fictional example corpus (one story), in file order.
pub fn example_articles() -> Vec<String> {
    let dir = PathBuf::from(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../examples/corpus"
    ));
    let mut names: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("example corpus missing at {}: {e}", dir.display()))
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "txt"))
        .collect();
    names.sort();
    assert!(names.len() >= 6, "the example corpus has six articles");
    names
        .iter()
        .map(|p| std::fs::read_to_string(p).expect("read example article"))
        .collect()
}

/// Annotates `texts` as one run (`fuzz-<i>.txt`, today 2026-12-02): the distinct documents
/// and the input problems.
pub fn annotate_all(texts: &[String]) -> (Vec<Analysed>, Vec<InputProblem>) {
    let today = jiff::civil::date(2026, 12, 2);
    let mut problems = Vec::new();
    let mut results = Vec::new();
    for (i, t) in texts.iter().enumerate() {
        let doc = corroborate_core::load::text::load(&format!("fuzz-{i}.txt"), t.clone());
        let (a, p) = annotate(doc, today);
        problems.extend(p);
        // Identical texts are one document, as `process` counts them.
        if let Some(a) =
            a.filter(|(p, _)| !results.iter().any(|(q, _): &Analysed| q.doc.id == p.doc.id))
        {
            results.push(a);
        }
    }
    (results, problems)
}

/// Runs the whole pipeline on `texts` as one run, filling the `records` chosen, and builds the
/// report.
pub fn build_report(texts: &[String], records: &RecordChoice, opts: ReportOptions) -> Report {
    let (mut results, mut problems) = annotate_all(texts);
    let (cross, story_problems) = link_with(&mut results, records);
    problems.extend(story_problems);
    corroborate_render::json::build(results, problems, cross, opts)
}

/// Runs the whole pipeline on `texts` as one run; returns every stage failure and bad span, and
/// the JSON report.
pub fn run_pipeline(texts: &[String]) -> (Vec<String>, serde_json::Value) {
    let (mut results, mut problems) = annotate_all(texts);
    let mut check = SpanCheck::default();
    let texts: BTreeMap<String, String> = results
        .iter()
        .map(|(p, _)| (p.doc.id.to_string(), p.doc.text.clone()))
        .collect();
    let texts: BTreeMap<String, &str> =
        texts.iter().map(|(k, v)| (k.clone(), v.as_str())).collect();
    for (p, ex) in &results {
        let v = serde_json::to_value(ex).expect("extraction serialises");
        let id = p.doc.id.to_string();
        check_byte_spans(&v, &texts, Some(&id), "extraction", &mut check);
    }
    let (cross, story_problems) = link_with(&mut results, &RecordChoice::default());
    problems.extend(story_problems);
    let claims = serde_json::to_value(&cross.claims).expect("claims serialise");
    check_byte_spans(&claims, &texts, None, "claims", &mut check);
    let report =
        corroborate_render::json::build(results, problems.clone(), cross, ReportOptions::default());
    let value = serde_json::to_value(&report).expect("report serialises");
    let in_report = check_report(&value);
    let mut errors: Vec<String> = problems
        .iter()
        .filter(|p| p.severity == Severity::Failed)
        .map(|p| p.to_string())
        .collect();
    errors.extend(check.errors);
    errors.extend(in_report.errors);
    (errors, value)
}
