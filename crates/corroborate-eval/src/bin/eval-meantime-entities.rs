//! Entity mentions and in-document coreference on MEANTIME English (`../shared/data/meantime`).
//!
//! Gold: every entity mention of type PER, ORG or LOC (PRO, FIN, MIX and untyped mentions are
//! not what this extractor looks for). Predicted: every mention of
//! `corroborate_extract::entities::extract`, typed Person → PER, Organization → ORG,
//! Place → LOC, Group → PER (MEANTIME types groups of people as PER).
//!
//! Figures:
//! - mention detection, strict (same span and type) and relaxed (overlapping spans, same type),
//!   overall and per type; also for proper-name gold mentions only (those starting with a
//!   capital letter), which is what a name recogniser can be expected to find;
//! - coreference: pairwise links between mentions of one document. A predicted link (two
//!   mentions of one predicted entity) is correct when both mentions overlap gold mentions of
//!   one gold instance (links touching a mention MEANTIME does not annotate are not judged:
//!   MEANTIME annotates only the entities taking part in its annotated events); a gold link is
//!   found when both its mentions overlap mentions of one predicted entity. Also B³ over the gold mentions that were detected (relaxed).
//!
//! Run: `cargo run --release -p corroborate-eval --bin eval-meantime-entities`
//! (`EVAL_SHOW=fp` or `EVAL_SHOW=fn` also prints the most frequent unmatched mentions).

use std::collections::HashMap;

use anyhow::{Context, Result};
use corroborate_core::document::SourceFormat;
use corroborate_core::{Document, OffsetMap, PreparedDoc, Span};
use corroborate_eval::{data_dir, prf};
use corroborate_extract::entities::{self, EntityKind};
use serde::Deserialize;

#[derive(Deserialize)]
struct Ann {
    doc: String,
    dct: String,
    entities: Vec<GoldEntity>,
}

#[derive(Deserialize)]
struct GoldEntity {
    start: usize,
    end: usize,
    text: String,
    #[serde(rename = "type")]
    kind: Option<String>,
    instance: Option<String>,
}

#[derive(Default)]
struct Counts {
    tp: usize,
    fp: usize,
    fn_: usize,
}

impl Counts {
    fn line(&self, label: &str) -> String {
        let (p, r, f) = prf(self.tp, self.fp, self.fn_);
        format!(
            "{label:<28} P {p:.3}  R {r:.3}  F1 {f:.3}   (tp {}, fp {}, fn {})",
            self.tp, self.fp, self.fn_
        )
    }
}

struct Pred {
    span: Span,
    kind: &'static str,
    entity: usize,
}

const TYPES: [&str; 3] = ["PER", "ORG", "LOC"];

fn kind_label(k: EntityKind) -> &'static str {
    match k {
        EntityKind::Person | EntityKind::Group => "PER",
        EntityKind::Organization => "ORG",
        EntityKind::Place => "LOC",
    }
}

fn main() -> Result<()> {
    let dir = data_dir().join("meantime");
    let ann_path = dir.join("annotations.jsonl");
    let anns = std::fs::read_to_string(&ann_path)
        .with_context(|| format!("reading {}", ann_path.display()))?;
    let mut strict: HashMap<&str, Counts> = HashMap::new();
    let mut relaxed: HashMap<&str, Counts> = HashMap::new();
    let mut names = Counts::default();
    let (mut link_tp_pred, mut link_pred, mut link_tp_gold, mut link_gold) = (0, 0, 0, 0);
    let (mut b3_p, mut b3_r, mut b3_n) = (0.0f64, 0.0f64, 0usize);
    let mut docs = 0;
    let show = std::env::var("EVAL_SHOW").unwrap_or_default();
    let mut shown: HashMap<String, usize> = HashMap::new();
    let t0 = std::time::Instant::now();
    let mut bytes = 0;
    for line in anns.lines().filter(|l| !l.trim().is_empty()) {
        let ann: Ann = serde_json::from_str(line).context("annotation line")?;
        let path = dir.join("text").join(format!("{}.txt", ann.doc));
        let text = std::fs::read_to_string(&path)
            .with_context(|| format!("reading {}", path.display()))?;
        bytes += text.len();
        docs += 1;
        let today = ann
            .dct
            .parse::<jiff::civil::Date>()
            .unwrap_or(jiff::civil::date(2014, 1, 1));
        let doc = PreparedDoc::new(
            Document::new(&ann.doc, SourceFormat::Text, text.clone()),
            today,
        );
        let a = entities::extract(&doc);
        let map = OffsetMap::new(&text);
        let preds: Vec<Pred> = a
            .mentions
            .iter()
            .filter_map(|m| {
                let e = a.entities.get(m.entity)?;
                Some(Pred {
                    span: map.span(m.span),
                    kind: kind_label(e.kind),
                    entity: m.entity,
                })
            })
            .collect();
        let gold: Vec<&GoldEntity> = ann
            .entities
            .iter()
            .filter(|g| g.kind.as_deref().is_some_and(|k| TYPES.contains(&k)))
            .collect();
        let gspan = |g: &GoldEntity| Span::new(g.start, g.end);
        fn gkind(g: &GoldEntity) -> &str {
            g.kind.as_deref().unwrap_or("")
        }
        for t in TYPES.iter().copied().chain(["all"]) {
            let of_type = |k: &str| t == "all" || k == t;
            let s = strict.entry(t).or_default();
            let r = relaxed.entry(t).or_default();
            for p in preds.iter().filter(|p| of_type(p.kind)) {
                let exact = gold
                    .iter()
                    .any(|g| gspan(g) == p.span && gkind(g) == p.kind);
                let over = gold
                    .iter()
                    .any(|g| gspan(g).overlaps(p.span) && gkind(g) == p.kind);
                if exact {
                    s.tp += 1;
                } else {
                    s.fp += 1;
                }
                if over {
                    r.tp += 1;
                } else {
                    r.fp += 1;
                }
            }
            for g in gold.iter().filter(|g| of_type(gkind(g))) {
                if !preds
                    .iter()
                    .any(|p| p.span == gspan(g) && p.kind == gkind(g))
                {
                    s.fn_ += 1;
                }
                if !preds
                    .iter()
                    .any(|p| p.span.overlaps(gspan(g)) && p.kind == gkind(g))
                {
                    r.fn_ += 1;
                }
            }
        }
        // Proper-name gold mentions (start with a capital), relaxed, untyped.
        let is_name = |g: &GoldEntity| g.text.chars().next().is_some_and(char::is_uppercase);
        for g in gold.iter().filter(|g| is_name(g)) {
            if preds.iter().any(|p| p.span.overlaps(gspan(g))) {
                names.tp += 1;
            } else {
                names.fn_ += 1;
            }
        }
        for p in preds
            .iter()
            .filter(|p| !ann.entities.iter().any(|g| gspan(g).overlaps(p.span)))
        {
            names.fp += 1;
            if show == "fp" {
                let t: String = text.chars().skip(p.span.start).take(p.span.len()).collect();
                *shown.entry(format!("{} {t}", p.kind)).or_default() += 1;
            }
        }
        if show == "fn" {
            for g in gold.iter().filter(|g| is_name(g)) {
                if !preds.iter().any(|p| p.span.overlaps(gspan(g))) {
                    *shown.entry(format!("{} {}", gkind(g), g.text)).or_default() += 1;
                }
            }
        }

        // Coreference: instance of the gold mention a prediction overlaps (best overlap).
        let gold_inst: Vec<(Span, &str)> = gold
            .iter()
            .filter_map(|g| Some((gspan(g), g.instance.as_deref()?)))
            .collect();
        let inst_of = |s: Span| -> Option<&str> {
            gold_inst
                .iter()
                .filter(|(g, _)| g.overlaps(s))
                .max_by_key(|(g, _)| g.end.min(s.end) - g.start.max(s.start))
                .map(|(_, i)| *i)
        };
        let pred_inst: Vec<Option<&str>> = preds.iter().map(|p| inst_of(p.span)).collect();
        for i in 0..preds.len() {
            for j in i + 1..preds.len() {
                // Only links between mentions MEANTIME annotates can be judged.
                if preds[i].entity != preds[j].entity
                    || pred_inst[i].is_none()
                    || pred_inst[j].is_none()
                {
                    continue;
                }
                link_pred += 1;
                if pred_inst[i] == pred_inst[j] {
                    link_tp_pred += 1;
                }
            }
        }
        let ent_of = |s: Span| -> Option<usize> {
            preds
                .iter()
                .filter(|p| p.span.overlaps(s))
                .max_by_key(|p| p.span.end.min(s.end) - p.span.start.max(s.start))
                .map(|p| p.entity)
        };
        let gold_ent: Vec<Option<usize>> = gold_inst.iter().map(|(s, _)| ent_of(*s)).collect();
        for i in 0..gold_inst.len() {
            for j in i + 1..gold_inst.len() {
                if gold_inst[i].1 != gold_inst[j].1 {
                    continue;
                }
                link_gold += 1;
                if gold_ent[i].is_some() && gold_ent[i] == gold_ent[j] {
                    link_tp_gold += 1;
                }
            }
        }
        // B³ over detected gold mentions.
        let detected: Vec<usize> = (0..gold_inst.len())
            .filter(|&i| gold_ent[i].is_some())
            .collect();
        for &i in &detected {
            let same_gold = detected
                .iter()
                .filter(|&&j| gold_inst[j].1 == gold_inst[i].1)
                .count();
            let same_pred = detected
                .iter()
                .filter(|&&j| gold_ent[j] == gold_ent[i])
                .count();
            let both = detected
                .iter()
                .filter(|&&j| gold_inst[j].1 == gold_inst[i].1 && gold_ent[j] == gold_ent[i])
                .count();
            b3_p += both as f64 / same_pred as f64;
            b3_r += both as f64 / same_gold as f64;
            b3_n += 1;
        }
    }
    let secs = t0.elapsed().as_secs_f64();
    let mut shown: Vec<(String, usize)> = shown.into_iter().collect();
    shown.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
    for (t, c) in shown.iter().take(60) {
        eprintln!("{c:>4} {t}");
    }
    println!(
        "MEANTIME English: {docs} documents, {:.1} KB (prepare + entities: {:.2} s)",
        bytes as f64 / 1024.0,
        secs
    );
    println!(
        "\nEntity mentions (gold: PER, ORG, LOC mentions of any form: names, nominals, pronouns)"
    );
    for t in ["all", "PER", "ORG", "LOC"] {
        println!("{}", strict[t].line(&format!("strict   {t}")));
        println!("{}", relaxed[t].line(&format!("relaxed  {t}")));
    }
    println!(
        "{}",
        names.line("names (capitalised gold), relaxed, untyped")
    );
    let (pp, _, _) = prf(link_tp_pred, link_pred - link_tp_pred, 0);
    let (_, pr, _) = prf(link_tp_gold, 0, link_gold - link_tp_gold);
    let pf = if pp + pr == 0.0 {
        0.0
    } else {
        2.0 * pp * pr / (pp + pr)
    };
    println!("\nCoreference within documents");
    println!(
        "pairwise links               P {pp:.3}  R {pr:.3}  F1 {pf:.3}   (predicted links {link_pred}, gold links {link_gold})"
    );
    let n = b3_n.max(1) as f64;
    let (bp, br) = (b3_p / n, b3_r / n);
    let bf = if bp + br == 0.0 {
        0.0
    } else {
        2.0 * bp * br / (bp + br)
    };
    println!("B3 (detected gold mentions)  P {bp:.3}  R {br:.3}  F1 {bf:.3}   ({b3_n} mentions)");
    Ok(())
}
