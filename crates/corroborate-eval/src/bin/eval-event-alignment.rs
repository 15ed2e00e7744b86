//! Claim alignment measured as cross-document event coreference. Runs linking (stories) and
//! the claims stage on an ECB+ split and writes, for `../shared/tools/score_event_alignment.py`,
//! one JSON line per claim mention (`{"doc","start","end","cluster"}`, code-point offsets):
//! `OUTDIR/claims-<split>.jsonl`. Beside it, `OUTDIR/lemma-<split>.jsonl` is the same-lemma
//! baseline: the gold event mentions of the fully annotated sentences, grouped by our story and
//! their lower-cased, stemmed text (it uses gold mention spans, so it is an optimistic
//! reference, not a floor).
//!
//! Usage: `cargo run --release -p corroborate-eval --bin eval-event-alignment -- [--split
//! train|dev] [--out OUTDIR]`, then
//! `python3 ../shared/tools/score_event_alignment.py OUTDIR/claims-dev.jsonl`.

use std::collections::{BTreeMap, HashMap};
use std::fmt::Write as _;
use std::path::PathBuf;

use anyhow::{anyhow, Context, Result};
use corroborate_core::{DocId, PreparedDoc};
use corroborate_eval::{arg_value, data_dir, ecb_document};
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
    let today = jiff::civil::date(2026, 12, 2);
    let start = std::time::Instant::now();
    let docs: Vec<(PreparedDoc, corroborate_extract::Extraction)> = names
        .par_iter()
        .map(|d| {
            let p = PreparedDoc::new(ecb_document(&dir, d)?, today);
            let ex = corroborate_extract::extract(&p);
            Ok((p, ex))
        })
        .collect::<Result<_>>()?;
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
    let mentions = data_dir().join("ecbplus-coref/mentions.jsonl");
    let text = std::fs::read_to_string(&mentions)
        .with_context(|| format!("reading {}", mentions.display()))?;
    let mut lemma_out = String::new();
    for line in text.lines() {
        let m: serde_json::Value = serde_json::from_str(line)?;
        if m["split"] != split.as_str() || m["kind"] != "event" || m["coref_sentence"] != true {
            continue;
        }
        let doc = m["doc"].as_str().unwrap_or_default();
        let Some(story) = story_of_doc.get(doc) else {
            continue;
        };
        let lemma: Vec<String> = m["text"]
            .as_str()
            .unwrap_or_default()
            .split_whitespace()
            .map(normalise)
            .collect();
        let (Some(a), Some(b)) = (m["start"].as_u64(), m["end"].as_u64()) else {
            continue;
        };
        json_line(
            &mut lemma_out,
            doc,
            a as usize,
            b as usize,
            &format!("s{story}:{}", lemma.join(" ")),
        );
    }
    let lemma_path = out_dir.join(format!("lemma-{split}.jsonl"));
    std::fs::write(&lemma_path, lemma_out)?;
    println!(
        "ECB+ {split}: {} texts, {} stories, {n_claims} claims in {:.2} s; wrote {} and {}",
        docs.len(),
        links.stories.len(),
        elapsed.as_secs_f64(),
        claims_path.display(),
        lemma_path.display()
    );
    Ok(())
}
