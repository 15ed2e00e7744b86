//! Claim alignment measured as cross-document event coreference. Runs linking (stories) and
//! the claims stage on an ECB+ split and writes, for `../shared/tools/score_event_alignment.py`,
//! one JSON line per claim mention (`{"doc","start","end","cluster"}`, code-point offsets):
//! `OUTDIR/claims-<split>.jsonl`. Beside it, `OUTDIR/lemma-<split>.jsonl` is the same-lemma
//! baseline: the gold event mentions of the fully annotated sentences, grouped by our story and
//! their lower-cased, stemmed text (it uses gold mention spans, so it is an optimistic
//! reference, not a floor).
//!
//! Usage: `cargo run --release -p corroborate-eval --bin eval-event-alignment -- [--split
//! train|dev|meantime] [--out OUTDIR]`, then
//! `python3 ../shared/tools/score_event_alignment.py OUTDIR/claims-dev.jsonl`.
//!
//! `--split meantime` does the same on MEANTIME English (`../shared/data/meantime`, 120
//! articles, events with corpus-level instances in the annotated first sentences); score it
//! with `python3 scripts/score_meantime_alignment.py OUTDIR/claims-meantime.jsonl`, which
//! applies the shared scorer's measures to MEANTIME's gold.

use std::collections::{BTreeMap, HashMap};
use std::fmt::Write as _;
use std::path::PathBuf;

use anyhow::{anyhow, Context, Result};
use corroborate_core::{DocId, Document, PreparedDoc};
use corroborate_eval::{arg_value, data_dir, ecb_document, set_dct};
use corroborate_link::features::normalise;
use corroborate_link::{link, LinkConfig};
use corroborate_reconcile::claims;
use rayon::prelude::*;

/// Code-point offset of each byte offset that starts a char (and of the end).
fn char_offsets(text: &str) -> HashMap<usize, usize> {
    let mut m: HashMap<usize, usize> = text.char_indices().map(|(b, _)| b).zip(0..).collect();
    m.insert(text.len(), text.chars().count());
    m
}

fn json_line(out: &mut String, doc: &str, start: usize, end: usize, cluster: &str) {
    let _ = writeln!(
        out,
        "{}",
        serde_json::json!({"doc": doc, "start": start, "end": end, "cluster": cluster})
    );
}

fn main() -> Result<()> {
    let split = arg_value("--split").unwrap_or_else(|| "dev".into());
    let out_dir = PathBuf::from(arg_value("--out").unwrap_or_else(|| "/tmp/alignment".into()));
    std::fs::create_dir_all(&out_dir)?;
    let today = jiff::civil::date(2026, 12, 2);
    let start = std::time::Instant::now();
    let (names, docs, gold_events) = if split == "meantime" {
        load_meantime(today)?
    } else {
        load_ecb(&split, today)?
    };
    let name_of: HashMap<&DocId, &str> = docs
        .iter()
        .zip(&names)
        .map(|((p, _), n)| (&p.doc.id, n.as_str()))
        .collect();
    let index_of: HashMap<&DocId, usize> = docs
        .iter()
        .enumerate()
        .map(|(i, (p, _))| (&p.doc.id, i))
        .collect();
    let links = link(&docs, &LinkConfig::default());
    let lineage_of: BTreeMap<DocId, String> = links
        .lineages
        .of_doc
        .iter()
        .filter_map(|(d, &i)| {
            links
                .lineages
                .lineages
                .get(i)
                .map(|l| (d.clone(), l.id.clone()))
        })
        .collect();
    let offsets: Vec<HashMap<usize, usize>> = docs
        .iter()
        .map(|(p, _)| char_offsets(&p.doc.text))
        .collect();
    let mut claims_out = String::new();
    let mut story_of_doc: HashMap<&str, usize> = HashMap::new();
    let mut n_claims = 0;
    for (k, s) in links.stories.iter().enumerate() {
        let group: Vec<usize> = s
            .story
            .documents
            .iter()
            .filter_map(|d| index_of.get(d).copied())
            .collect();
        for &g in &group {
            story_of_doc.insert(names[g].as_str(), k);
        }
        let report = claims::build(&docs, &group, &lineage_of);
        for c in &report.claims {
            n_claims += 1;
            for m in &c.mentions {
                let Some(&i) = index_of.get(&m.cite.doc) else {
                    continue;
                };
                let (Some(&a), Some(&b)) = (
                    offsets[i].get(&m.cite.span.start),
                    offsets[i].get(&m.cite.span.end),
                ) else {
                    return Err(anyhow!("claim span off a char boundary"));
                };
                json_line(
                    &mut claims_out,
                    name_of[&m.cite.doc],
                    a,
                    b,
                    &format!("s{k}c{}", c.id),
                );
            }
        }
    }
    let elapsed = start.elapsed();
    let claims_path = out_dir.join(format!("claims-{split}.jsonl"));
    std::fs::write(&claims_path, claims_out)?;
    // Same-lemma baseline on the gold event mentions of the fully annotated sentences.
    let mut lemma_out = String::new();
    for m in &gold_events {
        let Some(story) = story_of_doc.get(m.doc.as_str()) else {
            continue;
        };
        let lemma: Vec<String> = m.text.split_whitespace().map(normalise).collect();
        json_line(
            &mut lemma_out,
            &m.doc,
            m.start,
            m.end,
            &format!("s{story}:{}", lemma.join(" ")),
        );
    }
    let lemma_path = out_dir.join(format!("lemma-{split}.jsonl"));
    std::fs::write(&lemma_path, lemma_out)?;
    println!(
        "{split}: {} texts, {} stories, {n_claims} claims in {:.2} s; wrote {} and {}",
        docs.len(),
        links.stories.len(),
        elapsed.as_secs_f64(),
        claims_path.display(),
        lemma_path.display()
    );
    Ok(())
}

/// A gold event mention of a fully annotated sentence: document name, code-point span, text.
struct GoldEvent {
    doc: String,
    start: usize,
    end: usize,
    text: String,
}

type Loaded = (
    Vec<String>,
    Vec<(PreparedDoc, corroborate_extract::Extraction)>,
    Vec<GoldEvent>,
);

/// The texts of an ECB+ split, sorted by name, and the split's gold event mentions.
fn load_ecb(split: &str, today: jiff::civil::Date) -> Result<Loaded> {
    let dir = data_dir().join(format!("ecbplus-{split}"));
    let tsv = std::fs::read_to_string(dir.join("clusters.tsv"))
        .with_context(|| format!("reading {}/clusters.tsv", dir.display()))?;
    let mut names: Vec<String> = tsv
        .lines()
        .skip(1)
        .filter_map(|l| l.split('\t').next())
        .filter(|d| !d.is_empty())
        .map(String::from)
        .collect();
    names.sort();
    let docs = names
        .par_iter()
        .map(|d| {
            let p = PreparedDoc::new(ecb_document(&dir, d)?, today);
            let ex = corroborate_extract::extract(&p);
            Ok((p, ex))
        })
        .collect::<Result<_>>()?;
    let mentions = data_dir().join("ecbplus-coref/mentions.jsonl");
    let text = std::fs::read_to_string(&mentions)
        .with_context(|| format!("reading {}", mentions.display()))?;
    let mut events = Vec::new();
    for line in text.lines() {
        let m: serde_json::Value = serde_json::from_str(line)?;
        if m["split"] != split || m["kind"] != "event" || m["coref_sentence"] != true {
            continue;
        }
        let (Some(start), Some(end)) = (m["start"].as_u64(), m["end"].as_u64()) else {
            continue;
        };
        events.push(GoldEvent {
            doc: m["doc"].as_str().unwrap_or_default().to_string(),
            start: start as usize,
            end: end as usize,
            text: m["text"].as_str().unwrap_or_default().to_string(),
        });
    }
    Ok((names, docs, events))
}

/// MEANTIME's 120 articles, sorted by name, with their DCT as publication date, and its gold
/// event mentions.
fn load_meantime(today: jiff::civil::Date) -> Result<Loaded> {
    use corroborate_core::document::SourceFormat;
    let dir = data_dir().join("meantime");
    let raw = std::fs::read_to_string(dir.join("annotations.jsonl"))
        .with_context(|| format!("reading {}/annotations.jsonl", dir.display()))?;
    let mut anns: Vec<serde_json::Value> = raw
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(serde_json::from_str)
        .collect::<Result<_, _>>()?;
    anns.sort_by(|a, b| a["doc"].as_str().cmp(&b["doc"].as_str()));
    let names: Vec<String> = anns
        .iter()
        .map(|a| a["doc"].as_str().unwrap_or_default().to_string())
        .collect();
    let docs = anns
        .par_iter()
        .zip(&names)
        .map(|(a, name)| {
            let path = dir.join("text").join(format!("{name}.txt"));
            let text = std::fs::read_to_string(&path)
                .with_context(|| format!("reading {}", path.display()))?;
            let mut d = Document::new(path.display().to_string(), SourceFormat::Text, text);
            d.headline = corroborate_core::document::first_line_span(&d.text);
            set_dct(&mut d, a["dct"].as_str().unwrap_or_default());
            let p = PreparedDoc::new(d, today);
            let ex = corroborate_extract::extract(&p);
            Ok((p, ex))
        })
        .collect::<Result<_>>()?;
    let mut events = Vec::new();
    for (a, name) in anns.iter().zip(&names) {
        for e in a["events"].as_array().into_iter().flatten() {
            let (Some(start), Some(end)) = (e["start"].as_u64(), e["end"].as_u64()) else {
                continue;
            };
            events.push(GoldEvent {
                doc: name.clone(),
                start: start as usize,
                end: end as usize,
                text: e["text"].as_str().unwrap_or_default().to_string(),
            });
        }
    }
    Ok((names, docs, events))
}
