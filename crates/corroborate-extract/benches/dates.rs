//! Dates and quantities throughput in MB/s on the MEANTIME texts (`../shared/data/meantime`,
//! read at run time; the bench fails if they are missing), one core.
//!
//! Run: `cargo bench -p corroborate-extract --bench dates`

use corroborate_core::Span;
use corroborate_extract::{dates, quantities};
use criterion::{criterion_group, criterion_main, Criterion, Throughput};

fn corpus() -> String {
    let dir = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../../shared/data/meantime/text"
    );
    let mut paths: Vec<_> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("cannot read {dir}: {e}"))
        .filter_map(|e| e.ok().map(|e| e.path()))
        .collect();
    paths.sort();
    let mut text = String::new();
    for p in paths {
        text.push_str(&std::fs::read_to_string(&p).unwrap_or_default());
        text.push('\n');
    }
    assert!(!text.trim().is_empty(), "no MEANTIME texts in {dir}");
    text
}

/// One sentence per line, as MEANTIME's texts are laid out.
fn lines(text: &str) -> Vec<Span> {
    let mut out = Vec::new();
    let mut at = 0;
    for l in text.split_inclusive('\n') {
        out.push(Span::new(at, at + l.trim_end().len()));
        at += l.len();
    }
    out
}

fn bench(c: &mut Criterion) {
    let text = corpus();
    let sentences = lines(&text);
    let dct = jiff::civil::Date::new(2008, 10, 9).ok();
    let mut g = c.benchmark_group("dates_quantities");
    g.throughput(Throughput::Bytes(text.len() as u64));
    g.sample_size(20);
    g.bench_function("dates", |b| {
        b.iter(|| dates::extract_text(&text, &sentences, dct, |_| false).len())
    });
    g.bench_function("quantities", |b| {
        b.iter(|| quantities::extract_text(&text, |_| false).len())
    });
    g.bench_function("dates+quantities", |b| {
        b.iter(|| {
            dates::extract_text(&text, &sentences, dct, |_| false).len()
                + quantities::extract_text(&text, |_| false).len()
        })
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
