//! Temporal expressions on MEANTIME (`../shared/data/meantime`): strict and relaxed extent
//! P/R/F1, value F1 and type accuracy as defined by TempEval-3, overall and per topic.
//!
//! - strict: the system span equals the gold span; relaxed: the spans overlap (one-to-one);
//! - value P/R/F1: relaxed matches whose value equals the gold value, over all system and all
//!   gold expressions (TempEval-3's attribute F1); type accuracy: share of relaxed matches with
//!   the gold type.
//!
//! MEANTIME annotates TIMEX3 only in the title, the dateline and the first four sentences (lines
//! 1–6 of each text; no gold timex lies further), so both sides are scored on those lines only.
//! Each text goes through the product path (`Document` + `PreparedDoc`) with the gold DCT as its
//! publication date. `--verbose` lists every miss.
//!
//! `--speed` instead times dates + quantities over every text, 20 passes, in CPU time of this
//! thread (`/proc/thread-self/schedstat`, so other processes on a busy machine do not count)
//! and in wall-clock time.
//!
//! Run: `cargo run --release -p corroborate-eval --bin eval-meantime-dates [-- --verbose | --speed]`

use std::collections::BTreeMap;

use corroborate_core::document::{Known, Provenance, SourceFormat};
use corroborate_core::{Document, OffsetMap, PreparedDoc};
use corroborate_eval::{data_dir, prf};
use serde::Deserialize;

/// Lines of each text that carry TIMEX3 annotation (title, dateline, four sentences).
const ANNOTATED_LINES: usize = 6;

#[derive(Deserialize)]
struct GoldDoc {
    doc: String,
    topic: String,
    dct: String,
    timex: Vec<GoldTimex>,
}

#[derive(Deserialize)]
struct GoldTimex {
    start: usize,
    end: usize,
    text: String,
    #[serde(rename = "type")]
    kind: String,
    value: String,
}

#[derive(Default, Clone, Copy)]
struct Counts {
    gold: usize,
    sys: usize,
    strict: usize,
    relaxed: usize,
    value: usize,
    typ: usize,
}

impl Counts {
    fn add(&mut self, o: Counts) {
        self.gold += o.gold;
        self.sys += o.sys;
        self.strict += o.strict;
        self.relaxed += o.relaxed;
        self.value += o.value;
        self.typ += o.typ;
    }
}

fn row(name: &str, c: Counts) -> String {
    let f = |tp: usize| prf(tp, c.sys - tp.min(c.sys), c.gold - tp.min(c.gold));
    let (sp, sr, sf) = f(c.strict);
    let (rp, rr, rf) = f(c.relaxed);
    let (vp, vr, vf) = f(c.value);
    let ta = if c.relaxed == 0 {
        0.0
    } else {
        c.typ as f64 / c.relaxed as f64
    };
    format!(
        "| {name} | {} | {} | {sp:.3} | {sr:.3} | {sf:.3} | {rp:.3} | {rr:.3} | {rf:.3} | {vp:.3} | {vr:.3} | {vf:.3} | {ta:.3} |",
        c.gold, c.sys
    )
}

/// Nanoseconds this thread has spent on a CPU, when the kernel tells (Linux).
fn thread_cpu_ns() -> Option<u64> {
    let s = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    s.split_whitespace().next()?.parse().ok()
}

fn speed(dir: &std::path::Path) -> anyhow::Result<()> {
    let mut texts = Vec::new();
    for e in std::fs::read_dir(dir.join("text"))? {
        texts.push(std::fs::read_to_string(e?.path())?);
    }
    let dct = jiff::civil::Date::new(2008, 10, 9).ok();
    let bytes: usize = texts.iter().map(String::len).sum();
    // Warm up: compile the recognisers and fill the lazy DFA caches.
    for t in &texts {
        corroborate_extract::dates::extract_text(t, &[], dct, |_| false);
        corroborate_extract::quantities::extract_text(t, |_| false);
    }
    const PASSES: usize = 20;
    for (name, with_dates, with_quantities) in [
        ("dates", true, false),
        ("quantities", false, true),
        ("dates + quantities", true, true),
    ] {
        let cpu0 = thread_cpu_ns();
        let wall = std::time::Instant::now();
        let mut n = 0;
        for _ in 0..PASSES {
            for t in &texts {
                if with_dates {
                    n += corroborate_extract::dates::extract_text(t, &[], dct, |_| false).len();
                }
                if with_quantities {
                    n += corroborate_extract::quantities::extract_text(t, |_| false).len();
                }
            }
        }
        let wall = wall.elapsed().as_secs_f64();
        let mb = (bytes * PASSES) as f64 / 1e6;
        let cpu = match (cpu0, thread_cpu_ns()) {
            (Some(a), Some(b)) if b > a => format!("{:.1} MB/s CPU", mb / ((b - a) as f64 / 1e9)),
            _ => "CPU time unavailable".to_string(),
        };
        println!(
            "{name}: {n} items, {mb:.1} MB, {cpu}, {:.1} MB/s wall",
            mb / wall
        );
    }
    Ok(())
}

fn main() -> anyhow::Result<()> {
    let verbose = std::env::args().any(|a| a == "--verbose");
    if std::env::args().any(|a| a == "--speed") {
        return speed(&data_dir().join("meantime"));
    }
    let dir = data_dir().join("meantime");
    let ann = std::fs::read_to_string(dir.join("annotations.jsonl"))
        .map_err(|e| anyhow::anyhow!("cannot read {}: {e}", dir.display()))?;
    let mut per_topic: BTreeMap<String, Counts> = BTreeMap::new();
    let mut bytes = 0usize;
    let started = std::time::Instant::now();
    let mut extract_time = std::time::Duration::ZERO;
    for line in ann.lines().filter(|l| !l.trim().is_empty()) {
        let g: GoldDoc = serde_json::from_str(line)?;
        let path = dir.join("text").join(format!("{}.txt", g.doc));
        let text = std::fs::read_to_string(&path)
            .map_err(|e| anyhow::anyhow!("cannot read {}: {e}", path.display()))?;
        let dct: jiff::civil::Date = g.dct.parse()?;
        // End of the annotated region, in code points.
        let region_bytes = text
            .split_inclusive('\n')
            .take(ANNOTATED_LINES)
            .map(str::len)
            .sum::<usize>();
        let mut doc = Document::new(path.display().to_string(), SourceFormat::Text, text);
        doc.meta.published = Some(Known {
            value: dct,
            provenance: Provenance::Manifest,
        });
        let prepared = PreparedDoc::new(doc, jiff::civil::date(2100, 1, 1));
        let map = OffsetMap::new(&prepared.doc.text);
        let region = map.char_offset(region_bytes);
        bytes += prepared.doc.text.len();
        let t0 = std::time::Instant::now();
        let found = corroborate_extract::dates::extract(&prepared);
        extract_time += t0.elapsed();
        let sys: Vec<_> = found
            .into_iter()
            .map(|t| (map.span(t.span), t))
            .filter(|(s, _)| s.start < region)
            .collect();
        let mut c = Counts {
            gold: g.timex.len(),
            sys: sys.len(),
            ..Counts::default()
        };
        let mut used = vec![false; sys.len()];
        for gt in &g.timex {
            let exact = sys
                .iter()
                .enumerate()
                .position(|(i, (s, _))| !used[i] && s.start == gt.start && s.end == gt.end);
            let hit = exact.or_else(|| {
                sys.iter()
                    .enumerate()
                    .position(|(i, (s, _))| !used[i] && s.start < gt.end && gt.start < s.end)
            });
            let Some(i) = hit else {
                if verbose {
                    println!("MISS  {} {:?} {} {}", g.doc, gt.text, gt.kind, gt.value);
                }
                continue;
            };
            used[i] = true;
            let (s, t) = &sys[i];
            c.relaxed += 1;
            if s.start == gt.start && s.end == gt.end {
                c.strict += 1;
            }
            if t.value.as_deref() == Some(gt.value.as_str()) {
                c.value += 1;
            } else if verbose {
                println!(
                    "VALUE {} {:?} gold {} sys {:?} ({:?})",
                    g.doc,
                    gt.text,
                    gt.value,
                    t.value,
                    prepared.slice(t.span)
                );
            }
            if t.kind.as_str() == gt.kind {
                c.typ += 1;
            }
            if verbose && !(s.start == gt.start && s.end == gt.end) {
                println!(
                    "SPAN  {} gold {:?} sys {:?}",
                    g.doc,
                    gt.text,
                    prepared.slice(t.span)
                );
            }
        }
        if verbose {
            for (i, (_, t)) in sys.iter().enumerate() {
                if !used[i] {
                    println!("SPUR  {} {:?} {:?}", g.doc, prepared.slice(t.span), t.value);
                }
            }
        }
        per_topic.entry(g.topic.clone()).or_default().add(c);
    }
    let mut all = Counts::default();
    println!(
        "MEANTIME dates ({} annotated lines per text; TempEval-3 measures)\n",
        ANNOTATED_LINES
    );
    println!("| topic | gold | system | strict P | strict R | strict F1 | relaxed P | relaxed R | relaxed F1 | value P | value R | value F1 | type acc |");
    println!("|---|---|---|---|---|---|---|---|---|---|---|---|---|");
    for (topic, c) in &per_topic {
        println!("{}", row(topic, *c));
        all.add(*c);
    }
    println!("{}", row("**all**", all));
    let secs = extract_time.as_secs_f64().max(1e-9);
    eprintln!(
        "\n{} texts, {:.1} KB; date extraction {:.1} ms ({:.1} MB/s on whole texts); total {:.2} s",
        120,
        bytes as f64 / 1024.0,
        secs * 1e3,
        bytes as f64 / secs / 1e6,
        started.elapsed().as_secs_f64()
    );
    Ok(())
}
