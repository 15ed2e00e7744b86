//! Story grouping on ECB+ topics 1–22 (`<data>/ecbplus-train`): groups the 462 texts with
//! `corroborate_link::link` and prints B-cubed precision, recall and F1 against the sub-topics
//! (two similar but different events per topic, which must stay apart) and against the topics.
//!
//! Usage: `cargo run -p corroborate-eval --bin eval-ecb-stories [--threshold X] [--conflict X]
//! [--date-conflict X]`

use std::collections::HashMap;
use std::path::Path;

use anyhow::{anyhow, Context, Result};
use corroborate_core::document::{first_line_span, SourceFormat};
use corroborate_core::{Document, PreparedDoc};
use corroborate_eval::data_dir;
use corroborate_link::{link, LinkConfig};
use rayon::prelude::*;

/// B-cubed precision, recall and F1 of a clustering against gold labels (both per item).
fn bcubed(system: &[usize], gold: &[String]) -> (f64, f64, f64) {
    let n = system.len();
    let (mut p, mut r) = (0.0, 0.0);
    let mut sys_size: HashMap<usize, usize> = HashMap::new();
    let mut gold_size: HashMap<&str, usize> = HashMap::new();
    let mut both: HashMap<(usize, &str), usize> = HashMap::new();
    for i in 0..n {
        *sys_size.entry(system[i]).or_default() += 1;
        *gold_size.entry(gold[i].as_str()).or_default() += 1;
        *both.entry((system[i], gold[i].as_str())).or_default() += 1;
    }
    for i in 0..n {
        let c = both[&(system[i], gold[i].as_str())] as f64;
        p += c / sys_size[&system[i]] as f64;
        r += c / gold_size[gold[i].as_str()] as f64;
    }
    let (p, r) = (p / n as f64, r / n as f64);
    let f = if p + r == 0.0 {
        0.0
    } else {
        2.0 * p * r / (p + r)
    };
    (p, r, f)
}

fn arg(name: &str) -> Option<f64> {
    let args: Vec<String> = std::env::args().collect();
    args.iter()
        .position(|a| a == name)
        .and_then(|i| args.get(i + 1))
        .and_then(|v| v.parse().ok())
}

fn load(dir: &Path, doc: &str) -> Result<Document> {
    let path = dir.join("text").join(format!("{doc}.txt"));
    let text =
        std::fs::read_to_string(&path).with_context(|| format!("reading {}", path.display()))?;
    let mut d = Document::new(path.display().to_string(), SourceFormat::Text, text);
    d.headline = first_line_span(&d.text);
    Ok(d)
}

fn main() -> Result<()> {
    let dir = data_dir().join("ecbplus-train");
    let tsv = std::fs::read_to_string(dir.join("clusters.tsv"))
        .with_context(|| format!("reading {}/clusters.tsv", dir.display()))?;
    let mut rows: Vec<(String, String, String)> = tsv
        .lines()
        .skip(1)
        .filter(|l| !l.trim().is_empty())
        .map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            match f.as_slice() {
                [d, t, s] => Ok((d.to_string(), t.to_string(), s.to_string())),
                _ => Err(anyhow!("bad clusters.tsv line: {l}")),
            }
        })
        .collect::<Result<_>>()?;
    // File-name order interleaves the two sub-topics of a topic: no help from input order.
    rows.sort();
    let today = jiff::civil::date(2026, 12, 2);
    let start = std::time::Instant::now();
    let docs: Vec<_> = rows
        .par_iter()
        .map(|(d, _, _)| {
            let p = PreparedDoc::new(load(&dir, d)?, today);
            let ex = corroborate_extract::extract(&p);
            Ok((p, ex))
        })
        .collect::<Result<_>>()?;
    let mut cfg = LinkConfig::default();
    if let Some(t) = arg("--threshold") {
        cfg.stories.threshold = t;
    }
    if let Some(c) = arg("--date-conflict") {
        cfg.stories.date_conflict = c;
    }
    if let Some(k) = arg("--support") {
        cfg.stories.support = k as usize;
    }
    if let Some(c) = arg("--conflict") {
        cfg.stories.person_conflict = c;
    }
    let links = link(&docs, &cfg);
    let elapsed = start.elapsed();
    let mut story_of: HashMap<&str, usize> = HashMap::new();
    for (i, s) in links.stories.iter().enumerate() {
        for d in &s.story.documents {
            story_of.insert(d.as_str(), i);
        }
    }
    let system: Vec<usize> = docs
        .iter()
        .enumerate()
        .map(|(i, (p, _))| {
            story_of
                .get(p.doc.id.as_str())
                .copied()
                .unwrap_or(usize::MAX - i)
        })
        .collect();
    let sub: Vec<String> = rows.iter().map(|r| r.2.clone()).collect();
    let topic: Vec<String> = rows.iter().map(|r| r.1.clone()).collect();
    let n_sub = sub.iter().collect::<std::collections::HashSet<_>>().len();
    let n_topic = topic.iter().collect::<std::collections::HashSet<_>>().len();
    println!(
        "ECB+ topics 1-22: {} texts, {} stories found ({} sub-topics, {} topics), {:.2} s",
        docs.len(),
        links.stories.len(),
        n_sub,
        n_topic,
        elapsed.as_secs_f64()
    );
    println!("| against | B3 precision | B3 recall | B3 F1 |");
    println!("|---|---|---|---|");
    for (name, gold) in [("sub-topics", &sub), ("topics", &topic)] {
        let (p, r, f) = bcubed(&system, gold);
        println!("| {name} | {p:.3} | {r:.3} | {f:.3} |");
    }
    Ok(())
}
