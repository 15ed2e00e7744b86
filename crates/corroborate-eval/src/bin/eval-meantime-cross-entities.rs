//! Cross-article entity identity on MEANTIME English (`../shared/data/meantime`): how well
//! `corroborate_reconcile::entities::link` puts mentions of one real-world entity in different
//! articles into one cross-article entity.
//!
//! Each of MEANTIME's four topic corpora (30 articles each) is linked as one group, as a story
//! would be. Gold: entity mentions (PER, ORG, LOC) with a corpus-level `instance`. A gold mention
//! is detected when a predicted mention overlaps it; it then belongs to the predicted mention's
//! cross-article entity. Scored over detected gold mentions:
//! - pairwise links **across documents** (two mentions in different articles): precision = share
//!   of predicted cross-document links whose mentions share a gold instance; recall = share of gold
//!   cross-document links whose mentions share a predicted entity;
//! - B³ over all detected mentions (within and across documents).
//!
//! Run: `cargo run --release -p corroborate-eval --bin eval-meantime-cross-entities`

use std::collections::HashMap;

use anyhow::{Context, Result};
use corroborate_core::document::SourceFormat;
use corroborate_core::{Document, OffsetMap, PreparedDoc, Span};
use corroborate_eval::{data_dir, prf, set_dct};
use serde::Deserialize;

#[derive(Deserialize)]
struct Ann {
    doc: String,
    topic: String,
    dct: String,
    entities: Vec<GoldEntity>,
}

#[derive(Deserialize)]
struct GoldEntity {
    start: usize,
    end: usize,
    #[serde(rename = "type")]
    kind: Option<String>,
    instance: Option<String>,
}

/// A detected gold mention: (doc index, gold instance, predicted cross-entity).
type Aligned = (usize, String, String);

fn pairs(n: usize) -> u64 {
    (n as u64) * (n as u64).saturating_sub(1) / 2
}

/// Sum of C(n, 2) over the sizes of the groups `key` makes.
fn pair_count<K: std::hash::Hash + Eq>(items: &[Aligned], key: impl Fn(&Aligned) -> K) -> u64 {
    let mut counts: HashMap<K, usize> = HashMap::new();
    for it in items {
        *counts.entry(key(it)).or_default() += 1;
    }
    counts.values().map(|&n| pairs(n)).sum()
}

fn main() -> Result<()> {
    let dir = data_dir().join("meantime");
    let raw = std::fs::read_to_string(dir.join("annotations.jsonl"))
        .with_context(|| format!("reading {}", dir.display()))?;
    let anns: Vec<Ann> = raw
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(serde_json::from_str)
        .collect::<Result<_, _>>()?;
    let today = jiff::civil::date(2026, 12, 2);
    let mut by_topic: HashMap<&str, Vec<&Ann>> = HashMap::new();
    for a in &anns {
        by_topic.entry(a.topic.as_str()).or_default().push(a);
    }
    let mut topics: Vec<&str> = by_topic.keys().copied().collect();
    topics.sort();
    let mut all: Vec<Aligned> = Vec::new();
    let mut gold_total = 0usize;
    for topic in topics {
        let group = &by_topic[topic];
        let mut docs = Vec::new();
        for a in group {
            let text = std::fs::read_to_string(dir.join("text").join(format!("{}.txt", a.doc)))?;
            let mut d = Document::new(a.doc.clone(), SourceFormat::Text, text);
            set_dct(&mut d, &a.dct);
            let p = PreparedDoc::new(d, today);
            let ex = corroborate_extract::extract(&p);
            docs.push((p, ex));
        }
        let members: Vec<usize> = (0..docs.len()).collect();
        let cross = corroborate_reconcile::entities::link(&docs, &members, Some(topic));
        // (doc index, local entity) → cross-entity id.
        let mut owner: HashMap<(usize, usize), &str> = HashMap::new();
        let index: HashMap<&corroborate_core::DocId, usize> = docs
            .iter()
            .enumerate()
            .map(|(i, (p, _))| (&p.doc.id, i))
            .collect();
        for e in &cross {
            for m in &e.members {
                if let Some(&di) = index.get(&m.doc) {
                    owner.insert((di, m.entity), e.id.as_str());
                }
            }
        }
        for (di, a) in group.iter().enumerate() {
            let (p, ex) = &docs[di];
            let map = OffsetMap::new(&p.doc.text);
            for g in &a.entities {
                let (Some(kind), Some(instance)) = (g.kind.as_deref(), g.instance.as_deref())
                else {
                    continue;
                };
                if !matches!(kind, "PER" | "ORG" | "LOC") {
                    continue;
                }
                gold_total += 1;
                let span = map.byte_span(Span::new(g.start, g.end));
                let hit = ex
                    .entities
                    .mentions
                    .iter()
                    .filter(|m| m.span.overlaps(span))
                    .max_by_key(|m| m.span.len());
                if let Some(m) = hit {
                    if let Some(id) = owner.get(&(di, m.entity)) {
                        all.push((all_doc_key(topic, di), instance.to_string(), id.to_string()));
                    }
                }
            }
        }
    }
    // Pairwise links across documents = all links − links within one document.
    let same_both = pair_count(&all, |a| (a.1.clone(), a.2.clone()))
        - pair_count(&all, |a| (a.0, a.1.clone(), a.2.clone()));
    let pred_links = pair_count(&all, |a| a.2.clone()) - pair_count(&all, |a| (a.0, a.2.clone()));
    let gold_links = pair_count(&all, |a| a.1.clone()) - pair_count(&all, |a| (a.0, a.1.clone()));
    let (p, r, f) = prf(
        same_both as usize,
        (pred_links - same_both) as usize,
        (gold_links - same_both) as usize,
    );
    println!("MEANTIME cross-article entity identity (PER/ORG/LOC with a corpus instance)");
    println!(
        "gold mentions {gold_total}, detected {} ({:.1}%)",
        all.len(),
        100.0 * all.len() as f64 / gold_total.max(1) as f64
    );
    println!("cross-document links     P {p:.3}  R {r:.3}  F1 {f:.3}   (gold links {gold_links}, predicted {pred_links})");
    // B³ over detected mentions.
    let mut gold_size: HashMap<&str, usize> = HashMap::new();
    let mut pred_size: HashMap<&str, usize> = HashMap::new();
    let mut cell: HashMap<(&str, &str), usize> = HashMap::new();
    for a in &all {
        *gold_size.entry(&a.1).or_default() += 1;
        *pred_size.entry(&a.2).or_default() += 1;
        *cell.entry((&a.1, &a.2)).or_default() += 1;
    }
    let (mut bp, mut br) = (0.0, 0.0);
    for a in &all {
        let c = cell[&(a.1.as_str(), a.2.as_str())] as f64;
        bp += c / pred_size[a.2.as_str()] as f64;
        br += c / gold_size[a.1.as_str()] as f64;
    }
    let n = all.len().max(1) as f64;
    let (bp, br) = (bp / n, br / n);
    let bf = if bp + br > 0.0 {
        2.0 * bp * br / (bp + br)
    } else {
        0.0
    };
    println!("B3 (detected mentions)   P {bp:.3}  R {br:.3}  F1 {bf:.3}");
    Ok(())
}

/// A document key unique across topics.
fn all_doc_key(topic: &str, doc: usize) -> usize {
    let t = match topic {
        "airbus" => 0,
        "apple" => 1,
        "gm" => 2,
        _ => 3,
    };
    t * 1000 + doc
}
