//! Claim alignment on a generated story: `cargo bench -p corroborate-reconcile --bench claims`.
//!
//! A story of N articles (500, 1,000, 2,000) on one event: a pool of 60 facts, each article
//! stating 15 of them (with one word swapped for a paraphrase and a number sometimes changed)
//! among 10 sentences of its own. Prints the time of `claims::build` (statements, alignment,
//! disputes, inconsistencies, unique, summary) per size; sub-quadratic alignment shows as a
//! near-constant time per statement.

use std::collections::BTreeMap;
use std::time::Instant;

use corroborate_core::document::{Known, Provenance, SourceFormat};
use corroborate_core::{Document, PreparedDoc};
use corroborate_reconcile::claims;
use corroborate_reconcile::Analysed;

struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

const SYL: &[&str] = &[
    "ka", "lo", "mer", "tin", "sa", "vel", "dor", "pha", "ru", "gen", "bi", "stro", "ne", "qua",
    "li", "mo", "tar", "ven", "cu", "zel",
];

fn word(rng: &mut Rng) -> String {
    let n = 2 + rng.below(2);
    (0..n).map(|_| SYL[rng.below(SYL.len())]).collect()
}

fn sentence(words: &[String], number: Option<u32>) -> String {
    let mut s = String::new();
    for (i, w) in words.iter().enumerate() {
        if i == 0 {
            let mut c = w.chars();
            if let Some(f) = c.next() {
                s.extend(f.to_uppercase());
                s.push_str(c.as_str());
            }
        } else {
            s.push(' ');
            s.push_str(w);
        }
        if i == 3 {
            if let Some(n) = number {
                s.push_str(&format!(" {n} officers"));
            }
        }
    }
    s.push('.');
    s
}

fn story(n: usize) -> Vec<Analysed> {
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let vocab: Vec<String> = (0..4000).map(|_| word(&mut rng)).collect();
    let facts: Vec<Vec<String>> = (0..60)
        .map(|_| {
            (0..10)
                .map(|_| vocab[rng.below(vocab.len())].clone())
                .collect()
        })
        .collect();
    (0..n)
        .map(|a| {
            let mut text = format!("Headline number {a}\n\n");
            for s in 0..25 {
                let line = if s % 5 < 3 {
                    let mut f = facts[rng.below(facts.len())].clone();
                    let k = rng.below(f.len());
                    f[k] = vocab[rng.below(vocab.len())].clone();
                    let number = (rng.below(4) == 0).then(|| 3 + rng.below(3) as u32);
                    sentence(&f, number)
                } else {
                    let own: Vec<String> = (0..12).map(|_| word(&mut rng)).collect();
                    sentence(&own, None)
                };
                text.push_str(&line);
                text.push(if s % 4 == 3 { '\n' } else { ' ' });
            }
            let mut d = Document::new(format!("gen/{a}.txt"), SourceFormat::Text, text);
            d.meta.outlet = Some(Known {
                value: format!("Outlet {}", a % 300),
                provenance: Provenance::Manifest,
            });
            let p = PreparedDoc::new(d, jiff::civil::date(2026, 12, 2));
            let ex = corroborate_extract::extract(&p);
            (p, ex)
        })
        .collect()
}

fn main() {
    for n in [500, 1000, 2000] {
        let docs = story(n);
        let all: Vec<usize> = (0..docs.len()).collect();
        let bytes: usize = docs.iter().map(|d| d.0.doc.text.len()).sum();
        let start = Instant::now();
        let r = claims::build(&docs, &all, &BTreeMap::new());
        let t = start.elapsed();
        let statements: usize = r.claims.iter().map(|c| c.mentions.len()).sum();
        println!(
            "claims/{n} articles: {:.3} s, {statements} statements, {} claims, {:.1} µs/statement, {:.1} MB/s",
            t.as_secs_f64(),
            r.claims.len(),
            t.as_secs_f64() * 1e6 / statements.max(1) as f64,
            bytes as f64 / 1e6 / t.as_secs_f64()
        );
    }
}
