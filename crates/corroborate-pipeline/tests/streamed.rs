//! The streamed run (`analyze --format jsonl`) spills each article's result to disk and reads
//! it back story by story: over more files than it analyses at once, with duplicates in
//! different groups, it must find what the in-memory run finds.

mod common;

use std::collections::BTreeMap;

use common::example_articles;
use corroborate_pipeline::stream::analyze_streamed;
use corroborate_pipeline::{analyze, AnalyzeRequest, NoProgress, RecordChoice};
use serde_json::Value;

fn request(dir: &std::path::Path) -> AnalyzeRequest {
    AnalyzeRequest {
        paths: vec![dir.to_path_buf()],
        manifest: None,
        auto_manifest: false,
        today: jiff::civil::date(2026, 12, 2),
        report: Default::default(),
        records: RecordChoice::default(),
    }
}

/// A short fictional article about town `n`'s bridge repair.
fn bridge_article(n: usize, outlet: &str) -> String {
    format!(
        "Bridge in Town{n} reopens after repairs\n\n\
         The Town{n} river bridge reopened on Monday after {n} weeks of repairs, {outlet} reported. \
         Works manager Aldo Brenner{n} said the crews replaced {n} steel beams and the deck. \
         Drivers had used a ferry in the meantime, and the town paid for it."
    )
}

#[test]
fn a_spilled_run_over_many_file_groups_finds_what_the_in_memory_run_finds() {
    let dir = tempfile::tempdir().unwrap();
    let mut files = 0;
    let mut write = |name: String, text: &str| {
        std::fs::write(dir.path().join(name), text).unwrap();
        files += 1;
    };
    for (i, text) in example_articles().iter().enumerate() {
        write(format!("a{i:02}.txt"), text);
    }
    for n in 0..30 {
        write(
            format!("b{n:02}.txt"),
            &bridge_article(n % 12, "the Courier"),
        );
    }
    // Two unrelated stories, a year apart, that end on the same sponsor's note: a passage
    // between stories, after characters of more than one byte (its spans in code points differ
    // from its bytes).
    let page = |title: &str, date: &str, body: &str| {
        format!(
            "<html><head><title>{title}</title><meta property=\"article:published_time\" \
             content=\"{date}\"></head><body><article><h1>{title}</h1><p>{body}</p><p>\
             Reporting for this article was supported by the Northfield Community Media Fund, \
             which pays for local journalism in eleven rural counties of the valley.</p>\
             </article></body></html>"
        )
    };
    write(
        "c-fire.html".into(),
        &page(
            "Warehouse fire in Ostrava Street",
            "2024-02-02",
            "A warehouse on Ostrava Street burned overnight on Friday, the fire brigade said. \
             Nobody was hurt — the café next door reopened — and the cause is under \
             investigation.",
        ),
    );
    write(
        "c-match.html".into(),
        &page(
            "Rovers win the county cup final",
            "2025-05-04",
            "The Kellwick Rovers beat Dunmore 3-1 in the county cup final on Sunday, with two \
             goals from striker Pia Lindqvist.",
        ),
    );
    // The same text as an early file, in a later group of files.
    write("z-copy.txt".into(), &example_articles()[1]);
    assert!(files > 32, "more than two groups of files");

    let req = request(dir.path());
    let (report, _) = analyze(&req, &NoProgress);
    let report = serde_json::to_value(&report).unwrap();
    let mut bytes = Vec::new();
    let streamed = analyze_streamed(&req, Default::default(), &NoProgress, &mut bytes).unwrap();
    assert_eq!(streamed.processed.files, files);

    let lines: Vec<Value> = bytes
        .split(|&b| b == b'\n')
        .filter(|l| !l.is_empty())
        .map(|l| serde_json::from_slice(l).unwrap())
        .collect();
    let (header, rest) = lines.split_first().unwrap();
    let (footer, stories) = rest.split_last().unwrap();
    let documents = report["documents"].as_array().unwrap();
    // The examples + 12 distinct bridge texts + 2; the 18 repeats and the copy are counted once.
    let distinct = example_articles().len() + 12 + 2;
    assert_eq!(documents.len(), distinct);
    assert_eq!(header["documents"], distinct);
    assert_eq!(streamed.documents, distinct);
    let duplicates = footer["problems"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|p| p["message"].as_str().unwrap_or("").contains("counted once"))
        .count();
    assert_eq!(duplicates, 19);
    assert_eq!(footer["problems"], report["problems"]);

    let streamed_stories: Vec<Value> = stories
        .iter()
        .flat_map(|l| l["stories"].as_array().unwrap().clone())
        .collect();
    assert_eq!(Value::Array(streamed_stories), report["stories"]);
    // Every document comes back from the spill whole: the same annotations as in memory.
    let by_id = |docs: Vec<&Value>| -> BTreeMap<String, Value> {
        docs.into_iter()
            .map(|d| (d["id"].as_str().unwrap().to_string(), d.clone()))
            .collect()
    };
    let streamed_docs: Vec<&Value> = stories
        .iter()
        .flat_map(|l| l["documents"].as_array().unwrap())
        .collect();
    assert_eq!(by_id(streamed_docs), by_id(documents.iter().collect()));
    // Passages come back from their spill: those inside a story on its line, those between
    // two stories in the footer, together the in-memory run's.
    let sorted = |items: Vec<&Value>| {
        let mut items: Vec<String> = items.iter().map(|p| p.to_string()).collect();
        items.sort();
        items
    };
    let inside: Vec<&Value> = stories
        .iter()
        .flat_map(|l| l["passages"].as_array().unwrap())
        .collect();
    let between: Vec<&Value> = footer["passages"].as_array().unwrap().iter().collect();
    assert!(
        !inside.is_empty() && !between.is_empty(),
        "{inside:?} {between:?}"
    );
    let whole: Vec<&Value> = report["passages"].as_array().unwrap().iter().collect();
    assert_eq!(
        sorted(inside.into_iter().chain(between).collect()),
        sorted(whole)
    );
    for key in ["entities", "quotes", "dates", "claims"] {
        let streamed: usize = stories
            .iter()
            .map(|l| match &l[key] {
                Value::Array(a) => a.len(),
                other => other["claims"].as_array().map_or(0, Vec::len),
            })
            .sum();
        let whole = match &report[key] {
            Value::Array(a) => a.len(),
            other => other["claims"].as_array().map_or(0, Vec::len),
        };
        assert_eq!(streamed, whole, "{key}");
        assert!(whole > 0, "{key}");
    }
}
