//! Helpers shared by the integration tests: loading the seed articles.

#![allow(dead_code)]

use std::path::PathBuf;

use corroborate_core::load;
use corroborate_core::PreparedDoc;
use corroborate_extract::Extraction;

/// The seed articles beside the checkout. A missing folder fails the test: it is a broken
/// setup, never a reason to skip.
pub fn seeds_dir() -> PathBuf {
    let p = PathBuf::from(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../../shared/seeds"
    ));
    assert!(
        p.join("manifest.json").is_file(),
        "seed articles not found at {}: the tests need ../shared/seeds beside the checkout",
        p.display()
    );
    p
}

/// The seeds, prepared and extracted, in file order (000 … 004), with their manifest metadata.
pub fn seeds() -> Vec<(PreparedDoc, Extraction)> {
    let found = load::discover(&[seeds_dir()], None, true);
    let mut files = found.files;
    files.sort_by(|a, b| a.path.cmp(&b.path));
    let today = jiff::civil::date(2026, 12, 2);
    let mut out = Vec::new();
    for f in &files {
        for d in load::load_file(f).documents {
            let p = PreparedDoc::new(d, today);
            let ex = corroborate_extract::extract(&p);
            out.push((p, ex));
        }
    }
    assert_eq!(out.len(), 5, "expected the five seed articles");
    out
}
