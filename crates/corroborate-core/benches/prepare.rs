//! Throughput of load + segment + clean on a generated corpus of fictional news articles
//! (at least 50 MB, built in memory from sentence templates with titles, abbreviations,
//! quotes, numbers, run-together sentences and boilerplate; never written to disk).
//!
//! Two measurements: the CPU time of the benchmark thread (what "MB/s on one core" means,
//! and stable on a shared machine), and wall-clock time.
//!
//! Run: `cargo bench -p corroborate-core --bench prepare`

use std::hint::black_box;
use std::time::Instant;

use criterion::measurement::{Measurement, ValueFormatter, WallTime};
use criterion::{criterion_group, criterion_main, BatchSize, Criterion, Throughput};

use corroborate_core::clean::clean;
use corroborate_core::load::{load_bytes, InputKind};
use corroborate_core::segment::segment;

/// Size of the generated corpus.
const CORPUS_BYTES: usize = 52_000_000;

/// A small deterministic generator (xorshift64*), so every run measures the same corpus.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    fn pick<'a>(&mut self, items: &[&'a str]) -> &'a str {
        items[self.below(items.len())]
    }
}

const FIRST: &[&str] = &[
    "Dana", "Milo", "Rosa", "Ivan", "Noor", "Ezra", "Lena", "Otis", "Priya", "Hugo",
];
const LAST: &[&str] = &[
    "Kell",
    "Brandt",
    "Okafor",
    "Lindqvist",
    "Moreau",
    "Tanaka",
    "Alvarez",
    "O'Neill",
    "Petrov",
    "Whitfield",
];
const TITLES: &[&str] = &[
    "Sgt.", "Lt.", "Det.", "Gov.", "Dr.", "Sen.", "Rep.", "Mr.", "Ms.",
];
const TOWNS: &[&str] = &[
    "Brookfield, Miss.",
    "Harlow, Tenn.",
    "Port Vale, Calif.",
    "Eastmoor, Ala.",
    "St. Clair, Mo.",
    "Greyson, Ore.",
];
const MONTHS: &[&str] = &["Jan.", "Feb.", "Aug.", "Sept.", "Oct.", "Nov.", "Dec."];

fn name(r: &mut Rng) -> String {
    format!("{} {}", r.pick(FIRST), r.pick(LAST))
}

/// One sentence from a template.
fn sentence(r: &mut Rng) -> String {
    match r.below(12) {
        0 => format!(
            "{} {} of the {} police department said the car was moving at {} mph.",
            r.pick(TITLES),
            name(r),
            r.pick(TOWNS),
            10 + r.below(60)
        ),
        1 => format!(
            "“We are reviewing the footage. No decision has been made,” said {} {}.",
            r.pick(TITLES),
            name(r)
        ),
        2 => format!(
            "The hearing began at {}:{:02} a.m. Friday in {}, and ended at {} p.m.",
            1 + r.below(11),
            r.below(60),
            r.pick(TOWNS),
            1 + r.below(11)
        ),
        3 => format!(
            "Officials at the U.S. Attorney's office declined to comment on {} {}.",
            r.pick(MONTHS),
            1 + r.below(28)
        ),
        4 => format!(
            "Costs rose {}.{} percent to ${},{:03} in {}, according to Acme Inc. records.",
            r.below(20),
            r.below(10),
            1 + r.below(900),
            r.below(1000),
            1990 + r.below(35)
        ),
        5 => format!(
            "J. R. {} Jr. told reporters the 3-year-old plan wasn't “a mistake.”",
            r.pick(LAST)
        ),
        6 => "The vote passed... barely, and the council's chair left early.".to_owned(),
        7 => format!(
            "The session ended late.{} {} said nothing more.",
            r.pick(FIRST),
            r.pick(LAST)
        ),
        8 => format!(
            "Was it justified? {}'s lawyer, {}, says it was!",
            r.pick(LAST),
            name(r)
        ),
        9 => format!(
            "About {} people, including No. {} on the list, gathered near St. Louis Ave.",
            100 + r.below(5000),
            1 + r.below(20)
        ),
        10 => format!("\"It is over,\" {} said. \"We move on.\"", name(r)),
        _ => format!(
            "Witnesses said {} {} arrived (Photo by {}/Getty Images) before noon.",
            r.pick(TITLES),
            name(r),
            name(r)
        ),
    }
}

/// One article: headline, paragraphs, sometimes a promo, a hashtag line, a credit.
fn article(r: &mut Rng) -> String {
    let mut a = format!(
        "{} {} resigns after review in {}\n\n",
        r.pick(TITLES),
        name(r),
        r.pick(TOWNS)
    );
    for p in 0..(6 + r.below(10)) {
        if p == 3 && r.below(3) == 0 {
            a.push_str("Want to keep up? Sign up for our free daily newsletter.\n\n");
        }
        for i in 0..(1 + r.below(4)) {
            if i > 0 {
                a.push(' ');
            }
            a.push_str(&sentence(r));
        }
        a.push_str("\n\n");
    }
    if r.below(4) == 0 {
        a.push_str("#News #Police #Council #Vote\n\n");
    }
    a.push_str(&format!("{} contributed to this report.\n", name(r)));
    a
}

/// Articles of at least `bytes` bytes in total.
fn corpus(bytes: usize) -> Vec<Vec<u8>> {
    let mut r = Rng(0x9E37_79B9_7F4A_7C15);
    let mut out = Vec::new();
    let mut total = 0;
    while total < bytes {
        let a = article(&mut r);
        total += a.len();
        out.push(a.into_bytes());
    }
    out
}

/// Load + segment + clean of every article; returns a count so nothing is optimised away.
fn prepare_all(files: Vec<Vec<u8>>) -> usize {
    let mut n = 0;
    for (i, bytes) in files.into_iter().enumerate() {
        let loaded = load_bytes(&format!("a{i}.txt"), InputKind::Text, bytes, None);
        for doc in loaded.documents {
            let seg = segment(&doc.text);
            let ignored = clean(&doc, &seg);
            n += seg.sentences.len() + ignored.len();
        }
    }
    n
}

/// CPU time consumed by the current thread, in nanoseconds, from Linux's
/// `/proc/thread-self/schedstat`; `None` elsewhere.
fn thread_cpu_ns() -> Option<u64> {
    std::fs::read_to_string("/proc/thread-self/schedstat")
        .ok()?
        .split_whitespace()
        .next()?
        .parse()
        .ok()
}

/// Criterion measurement of the benchmark thread's CPU time (falls back to wall-clock time
/// where the kernel does not report it).
struct ThreadCpuTime;

/// Formats nanoseconds and decimal-byte throughputs.
struct CpuFormatter;

impl ValueFormatter for CpuFormatter {
    fn scale_values(&self, _typical: f64, values: &mut [f64]) -> &'static str {
        for v in values {
            *v /= 1e9;
        }
        "s (cpu)"
    }

    fn scale_throughputs(&self, _typical: f64, t: &Throughput, values: &mut [f64]) -> &'static str {
        let units = match t {
            Throughput::Bytes(b) | Throughput::BytesDecimal(b) => *b as f64 / 1e6,
            Throughput::Elements(e) | Throughput::ElementsAndBytes { elements: e, .. } => *e as f64,
            Throughput::Bits(b) => *b as f64 / 8e6,
        };
        for v in values {
            *v = units / (*v / 1e9);
        }
        "MB/s (cpu)"
    }

    fn scale_for_machines(&self, _values: &mut [f64]) -> &'static str {
        "ns"
    }
}

impl Measurement for ThreadCpuTime {
    type Intermediate = (Option<u64>, Instant);
    type Value = f64;

    fn start(&self) -> Self::Intermediate {
        (thread_cpu_ns(), Instant::now())
    }

    fn end(&self, (cpu, wall): Self::Intermediate) -> f64 {
        match (cpu, thread_cpu_ns()) {
            (Some(a), Some(b)) => b.saturating_sub(a) as f64,
            _ => wall.elapsed().as_nanos() as f64,
        }
    }

    fn add(&self, a: &f64, b: &f64) -> f64 {
        a + b
    }

    fn zero(&self) -> f64 {
        0.0
    }

    fn to_f64(&self, v: &f64) -> f64 {
        *v
    }

    fn formatter(&self) -> &dyn ValueFormatter {
        &CpuFormatter
    }
}

fn bench_cpu(c: &mut Criterion<ThreadCpuTime>) {
    run(c, "load_clean_segment_cpu", true);
}

fn bench_wall(c: &mut Criterion<WallTime>) {
    run(c, "load_clean_segment_wall", false);
}

fn run<M: Measurement>(c: &mut Criterion<M>, group: &str, one_document: bool) {
    let files = corpus(CORPUS_BYTES);
    let total: usize = files.iter().map(Vec::len).sum();
    let mut g = c.benchmark_group(group);
    g.sample_size(10);
    g.throughput(Throughput::BytesDecimal(total as u64));
    g.bench_function(
        format!("{} articles, {} MB", files.len(), total / 1_000_000),
        |b| {
            b.iter_batched(
                || files.clone(),
                |f| black_box(prepare_all(f)),
                BatchSize::PerIteration,
            )
        },
    );
    if one_document {
        // The same bytes as one document: a 50 MB file must stay linear.
        let one: Vec<u8> = files.concat();
        g.bench_function(format!("one document, {} MB", total / 1_000_000), |b| {
            b.iter_batched(
                || vec![one.clone()],
                |f| black_box(prepare_all(f)),
                BatchSize::PerIteration,
            )
        });
    }
    g.finish();
}

criterion_group! {
    name = cpu;
    config = Criterion::default().with_measurement(ThreadCpuTime);
    targets = bench_cpu
}
criterion_group!(wall, bench_wall);
criterion_main!(cpu, wall);
