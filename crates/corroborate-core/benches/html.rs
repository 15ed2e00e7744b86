//! Throughput of the HTML loader (`html::load`: pre-clean, body extraction, metadata and
//! language) on the 91 real pages of `../shared/data/html-extraction-dev`, in bytes of HTML.
//! Wall-clock time on one thread; `eval-html` reports the same path per CPU-second.
//!
//! Run: `cargo bench -p corroborate-core --bench html`

use std::hint::black_box;
use std::io::Read;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};

use corroborate_core::load::html;

/// The benchmark's pages, decompressed; a missing data folder is an error, not a skip.
fn pages() -> Vec<String> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../../shared/data/html-extraction-dev/html");
    let mut paths: Vec<_> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{} is missing: {e}", dir.display()))
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.to_string_lossy().ends_with(".html.gz"))
        .collect();
    paths.sort();
    paths
        .iter()
        .map(|p| {
            let mut bytes = Vec::new();
            flate2::read::GzDecoder::new(std::fs::File::open(p).expect("readable page"))
                .read_to_end(&mut bytes)
                .expect("gzip page");
            String::from_utf8_lossy(&bytes).into_owned()
        })
        .collect()
}

fn bench(c: &mut Criterion) {
    let pages = pages();
    assert!(!pages.is_empty(), "no pages found");
    let bytes: usize = pages.iter().map(String::len).sum();
    let mut group = c.benchmark_group("html");
    group.throughput(Throughput::Bytes(bytes as u64));
    group.sample_size(10);
    group.bench_function("load 91 dev pages", |b| {
        b.iter(|| {
            for (i, p) in pages.iter().enumerate() {
                let _ = black_box(html::load(&i.to_string(), black_box(p)));
            }
        })
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
