//! Throughput of the whole per-article extraction (`corroborate_extract::extract`: entities,
//! quotes, attributions, dates, quantities) on a generated corpus of fictional articles, in
//! bytes per second on one core. Documents are prepared (cleaned, segmented) outside the timed
//! loop, so the figure is extraction alone; a second group times preparation plus extraction.
//!
//! Run: `cargo bench -p corroborate-extract --bench extract`

use corroborate_core::document::SourceFormat;
use corroborate_core::{Document, PreparedDoc};
use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use std::hint::black_box;

const FIRST: &[&str] = &[
    "Maria", "James", "Aisha", "Tomas", "Ingrid", "Kwame", "Lucia", "Dmitri", "Hannah", "Rafael",
];
const LAST: &[&str] = &[
    "Okafor",
    "Lindqvist",
    "Brennan",
    "Castellanos",
    "Haddad",
    "Whitcombe",
    "Varga",
    "Ashby",
];
const PLACES: &[&str] = &[
    "Lakeview",
    "Oregon",
    "Denver",
    "Harbor City",
    "Tennessee",
    "Eastfield",
];
const ROLES: &[&str] = &["Mayor", "Gov.", "Sgt.", "Police Chief", "District Attorney"];

/// A small deterministic generator (xorshift), so the corpus is the same on every run.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 >> 33) as usize
    }
    fn pick<'a>(&mut self, xs: &[&'a str]) -> &'a str {
        xs[self.next() % xs.len()]
    }
}

/// One fictional article of roughly 3–4 KB: headline, titles, appositions, quotes, dates.
fn article(rng: &mut Rng) -> String {
    let (f1, l1) = (rng.pick(FIRST), rng.pick(LAST));
    let (f2, l2) = (rng.pick(FIRST), rng.pick(LAST));
    let (f3, l3) = (rng.pick(FIRST), rng.pick(LAST));
    let place = rng.pick(PLACES);
    let role = rng.pick(ROLES);
    let mut s = format!("{place} council approves budget after long debate\n\n");
    s.push_str(&format!(
        "{place} {role} {f1} {l1} said on Monday that the city budget for next year was balanced, \
         the Associated Press reported. The vote came after a three-hour meeting on June 14.\n\n"
    ));
    s.push_str(&format!(
        "{l1}'s attorney, {f2} {l2}, said his client had \u{201c}no choice\u{201d} but to sign. \
         \"We did what the law requires,\" {l2} told reporters. \"Nobody wanted this outcome, \
         and nobody should pretend otherwise.\"\n\n"
    ));
    s.push_str(&format!(
        "Civil rights attorney {f3} {l3}, who represents the tenants' association, said the \
         {place} Department of Housing had failed 1,200 families. According to a report by the \
         {place} Bureau of Investigation, 35 percent of the units were empty. The mayor did not \
         respond. She said the figures were wrong, {l3} added.\n\n"
    ));
    for i in 0..8 {
        let (fa, la) = (rng.pick(FIRST), rng.pick(LAST));
        s.push_str(&format!(
            "Resident {fa} {la}, {n}, said the rent had risen by ${m} in {i} years. \
             \u{201c}I have lived here since 1998 and I have never seen it this bad,\u{201d} {la} \
             said on Tuesday. Her neighbour, Mr. {lb}, agreed. The council will meet again on \
             Oct. 3, a spokesperson for the city said.\n\n",
            n = 20 + rng.next() % 60,
            m = 100 + rng.next() % 900,
            lb = rng.pick(LAST),
        ));
    }
    s
}

fn corpus(n: usize) -> Vec<String> {
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    (0..n).map(|_| article(&mut rng)).collect()
}

fn prepare(text: &str) -> PreparedDoc {
    let doc = Document::new("bench.txt", SourceFormat::Text, text.to_string());
    PreparedDoc::new(doc, jiff::civil::date(2026, 1, 1))
}

fn bench(c: &mut Criterion) {
    let texts = corpus(200);
    let bytes: usize = texts.iter().map(String::len).sum();
    let docs: Vec<PreparedDoc> = texts.iter().map(|t| prepare(t)).collect();

    let mut g = c.benchmark_group("extract");
    g.throughput(Throughput::Bytes(bytes as u64));
    g.sample_size(20);
    g.bench_function("all_extractors", |b| {
        b.iter(|| {
            for d in &docs {
                black_box(corroborate_extract::extract(black_box(d)));
            }
        })
    });
    g.bench_function("entities_only", |b| {
        b.iter(|| {
            for d in &docs {
                black_box(corroborate_extract::entities::extract(black_box(d)));
            }
        })
    });
    g.bench_function("prepare_and_extract", |b| {
        b.iter(|| {
            for t in &texts {
                black_box(corroborate_extract::extract(&prepare(black_box(t))));
            }
        })
    });
    g.finish();
    cpu_throughput(&docs, bytes);
}

/// CPU seconds (user + system) this process has used, from `/proc/self/stat` (Linux; 0.0
/// elsewhere). The machine is shared, so wall-clock figures understate per-core speed when
/// other work competes for the cores; CPU time does not count the time spent waiting.
fn cpu_seconds() -> f64 {
    let stat = std::fs::read_to_string("/proc/self/stat").unwrap_or_default();
    // Fields after the command name (which is in parentheses and may hold spaces).
    let rest = stat.rsplit_once(')').map_or("", |(_, r)| r);
    let f: Vec<&str> = rest.split_whitespace().collect();
    let ticks = |i: usize| f.get(i).and_then(|v| v.parse::<f64>().ok()).unwrap_or(0.0);
    // utime and stime are fields 14 and 15 of the whole line, 12 and 13 after the name.
    (ticks(11) + ticks(12)) / 100.0
}

/// Prints MB per CPU-second for the whole extraction and for entities alone.
fn cpu_throughput(docs: &[PreparedDoc], bytes: usize) {
    type Run = fn(&PreparedDoc);
    let runs: [(&str, Run); 2] = [
        ("all_extractors", |d| {
            black_box(corroborate_extract::extract(d));
        }),
        ("entities_only", |d| {
            black_box(corroborate_extract::entities::extract(d));
        }),
    ];
    for (name, run) in runs {
        let (c0, t0) = (cpu_seconds(), std::time::Instant::now());
        let mut rounds = 0usize;
        while t0.elapsed().as_secs_f64() < 5.0 || cpu_seconds() - c0 < 2.0 {
            for d in docs {
                run(d);
            }
            rounds += 1;
            if t0.elapsed().as_secs_f64() > 60.0 {
                break;
            }
        }
        let cpu = (cpu_seconds() - c0).max(0.01);
        let mb = (bytes * rounds) as f64 / 1e6;
        println!(
            "extract/{name}: {:.1} MB per CPU-second ({rounds} rounds of {:.0} KB; wall {:.1} s, cpu {:.1} s)",
            mb / cpu,
            bytes as f64 / 1e3,
            t0.elapsed().as_secs_f64(),
            cpu
        );
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
