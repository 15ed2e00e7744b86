//! Linking benchmark on a generated corpus: `N` articles in `N / 100` stories (default 100,000
//! and 200,000 articles), each size in its own process so that peak memory (`VmHWM`) is its own.
//! Generation (text, `PreparedDoc`) is not measured; `link` (reuse + lineage + stories) is.
//!
//! `cargo bench -p corroborate-link --bench linking` (sizes: `LINK_BENCH_SIZES=100000,200000`).

use std::collections::HashMap;
use std::time::Instant;

use corroborate_core::document::{first_line_span, SourceFormat};
use corroborate_core::{Document, PreparedDoc};
use corroborate_extract::Extraction;
use corroborate_link::{link, LinkConfig};
use rayon::prelude::*;

/// A small deterministic generator (SplitMix64).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n.max(1)
    }
}

/// A pronounceable letters-only word for a number (tokenised as one word).
fn word(mut n: u64, prefix: &str) -> String {
    const SYL: [&str; 16] = [
        "ba", "ke", "lo", "mi", "nu", "ra", "se", "ti", "vo", "za", "pe", "do", "gu", "fa", "ho",
        "ji",
    ];
    let mut w = prefix.to_string();
    loop {
        w.push_str(SYL[(n % 16) as usize]);
        n /= 16;
        if n == 0 {
            break;
        }
    }
    w
}

fn capitalise(w: &str) -> String {
    let mut c = w.chars();
    c.next()
        .map(|f| f.to_uppercase().collect::<String>() + c.as_str())
        .unwrap_or_default()
}

/// One story's vocabulary: names and distinctive words.
struct StoryVocab {
    people: Vec<String>,
    place: String,
    words: Vec<String>,
    wire: Vec<String>,
}

fn vocab(s: u64) -> StoryVocab {
    let mut r = Rng(s.wrapping_mul(7919) + 1);
    let people = (0..3)
        .map(|_| {
            format!(
                "{} {}",
                capitalise(&word(r.below(5000), "")),
                capitalise(&word(r.below(1 << 20), "")),
            )
        })
        .collect();
    let place = capitalise(&word(r.below(1 << 16), "port"));
    let words: Vec<String> = (0..30).map(|_| word(r.below(1 << 22), "x")).collect();
    let mut v = StoryVocab {
        people,
        place,
        words,
        wire: Vec::new(),
    };
    v.wire = (0..6).map(|_| sentence(&mut r, &v)).collect();
    v
}

const COMMON: u64 = 3000;

fn sentence(r: &mut Rng, v: &StoryVocab) -> String {
    let n = 10 + r.below(8) as usize;
    let mut ws: Vec<String> = Vec::with_capacity(n + 3);
    for _ in 0..n {
        ws.push(match r.below(10) {
            0..=6 => word(r.below(COMMON), "c"),
            _ => v.words[r.below(v.words.len() as u64) as usize].clone(),
        });
    }
    let at = r.below(n as u64) as usize;
    match r.below(3) {
        0 => ws.insert(at, v.people[r.below(3) as usize].clone()),
        1 => ws.insert(at, v.place.clone()),
        _ => {}
    }
    let mut s = capitalise(&ws.join(" "));
    s.push('.');
    s
}

/// Article `i` of a corpus with `stories` stories; about one in ten copies wire sentences.
fn article(i: u64, stories: u64) -> (u64, String) {
    let mut r = Rng(i.wrapping_mul(0x2545_f491_4f6c_dd1d) ^ 0xabcdef);
    let s = r.below(stories);
    let v = vocab(s);
    let mut text = format!(
        "{} {} {}\n\n",
        v.people[0],
        word(r.below(COMMON), "c"),
        v.place
    );
    let copies = r.below(10) == 0;
    let n = 8 + r.below(5);
    for k in 0..n {
        let sent = if copies && k < 4 {
            v.wire[k as usize].clone()
        } else {
            sentence(&mut r, &v)
        };
        text.push_str(&sent);
        text.push(if k % 3 == 2 { '\n' } else { ' ' });
        if k % 3 == 2 {
            text.push('\n');
        }
    }
    (s, text)
}

fn vm_hwm_mb() -> f64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("VmHWM:"))
                .and_then(|l| l.split_whitespace().nth(1))
                .and_then(|kb| kb.parse::<f64>().ok())
        })
        .map_or(0.0, |kb| kb / 1024.0)
}

fn run(n: u64) {
    let stories = (n / 100).max(1);
    let today = jiff::civil::date(2026, 12, 2);
    let t = Instant::now();
    let (gold, docs): (Vec<u64>, Vec<(PreparedDoc, Extraction)>) = (0..n)
        .into_par_iter()
        .map(|i| {
            let (s, text) = article(i, stories);
            let mut d = Document::new(format!("gen/{i}.txt"), SourceFormat::Text, text);
            d.headline = first_line_span(&d.text);
            (s, (PreparedDoc::new(d, today), Extraction::default()))
        })
        .unzip();
    let bytes: usize = docs.iter().map(|(p, _)| p.doc.text.len()).sum();
    let gen_s = t.elapsed().as_secs_f64();
    let before = vm_hwm_mb();
    let t = Instant::now();
    let links = link(&docs, &LinkConfig::default());
    let secs = t.elapsed().as_secs_f64();
    let after = vm_hwm_mb();
    // B-cubed against the generated stories, as a sanity check that linking did its job.
    let mut story_of: HashMap<&str, usize> = HashMap::new();
    for (k, s) in links.stories.iter().enumerate() {
        for d in &s.story.documents {
            story_of.insert(d.as_str(), k);
        }
    }
    let sys: Vec<usize> = docs
        .iter()
        .map(|(p, _)| {
            story_of
                .get(p.doc.id.as_str())
                .copied()
                .unwrap_or(usize::MAX)
        })
        .collect();
    let (mut both, mut ssz, mut gsz) = (HashMap::new(), HashMap::new(), HashMap::new());
    for (a, b) in sys.iter().zip(&gold) {
        *both.entry((*a, *b)).or_insert(0usize) += 1;
        *ssz.entry(*a).or_insert(0usize) += 1;
        *gsz.entry(*b).or_insert(0usize) += 1;
    }
    let (mut p, mut r) = (0.0, 0.0);
    for (a, b) in sys.iter().zip(&gold) {
        let c = both[&(*a, *b)] as f64;
        p += c / ssz[a] as f64;
        r += c / gsz[b] as f64;
    }
    let (p, r) = (p / n as f64, r / n as f64);
    println!(
        "linking n={n} stories={stories} text={:.0}MB gen={gen_s:.1}s | link {secs:.2}s \
         ({:.0} articles/s) | stories found {} (B3 P {p:.3} R {r:.3}) | lineages {} passages {} \
         | VmHWM before link {before:.0} MB, peak {after:.0} MB",
        bytes as f64 / 1e6,
        n as f64 / secs,
        links.stories.len(),
        links.lineages.lineages.len(),
        links.passages.len(),
    );
}

fn main() {
    if let Some(n) = std::env::var("LINK_BENCH_N")
        .ok()
        .and_then(|v| v.parse().ok())
    {
        run(n);
        return;
    }
    let sizes = std::env::var("LINK_BENCH_SIZES").unwrap_or_else(|_| "100000,200000".into());
    let Ok(exe) = std::env::current_exe() else {
        eprintln!("cannot find the benchmark's own executable");
        return;
    };
    for n in sizes.split(',').map(str::trim).filter(|s| !s.is_empty()) {
        let status = std::process::Command::new(&exe)
            .env("LINK_BENCH_N", n)
            .status();
        match status {
            Ok(s) if s.success() => {}
            other => eprintln!("benchmark for n={n} failed: {other:?}"),
        }
    }
}
