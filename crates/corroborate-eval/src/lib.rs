//! Shared helpers for the evaluation binaries in `src/bin/` (one per capability). Each binary
//! prints its figures; `docs/accuracy.md` records them with the command that reproduces them.

use std::path::PathBuf;

/// The folder holding the shared development data: `$CORROBORATE_DATA`, else `../shared/data`
/// relative to the workspace root.
pub fn data_dir() -> PathBuf {
    std::env::var_os("CORROBORATE_DATA")
        .map(PathBuf::from)
        .unwrap_or_else(|| workspace_root().join("../shared/data"))
}

/// The folder holding the seed articles: `$CORROBORATE_SEEDS`, else `../shared/seeds`.
pub fn seeds_dir() -> PathBuf {
    std::env::var_os("CORROBORATE_SEEDS")
        .map(PathBuf::from)
        .unwrap_or_else(|| workspace_root().join("../shared/seeds"))
}

/// The workspace root (two levels above this crate).
pub fn workspace_root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// Precision, recall and F1 from counts; 0 where undefined.
pub fn prf(tp: usize, fp: usize, fn_: usize) -> (f64, f64, f64) {
    let p = if tp + fp == 0 {
        0.0
    } else {
        tp as f64 / (tp + fp) as f64
    };
    let r = if tp + fn_ == 0 {
        0.0
    } else {
        tp as f64 / (tp + fn_) as f64
    };
    let f = if p + r == 0.0 {
        0.0
    } else {
        2.0 * p * r / (p + r)
    };
    (p, r, f)
}

/// The value after `name` on the command line (`--split dev` → `dev`).
pub fn arg_value(name: &str) -> Option<String> {
    let args: Vec<String> = std::env::args().collect();
    args.iter()
        .position(|a| a == name)
        .and_then(|i| args.get(i + 1))
        .cloned()
}

/// An ECB+ text (`<dir>/text/<doc>.txt`) as a plain-text document with its first line as the
/// headline.
pub fn ecb_document(
    dir: &std::path::Path,
    doc: &str,
) -> anyhow::Result<corroborate_core::Document> {
    use anyhow::Context;
    let path = dir.join("text").join(format!("{doc}.txt"));
    let text =
        std::fs::read_to_string(&path).with_context(|| format!("reading {}", path.display()))?;
    let mut d = corroborate_core::Document::new(
        path.display().to_string(),
        corroborate_core::document::SourceFormat::Text,
        text,
    );
    d.headline = corroborate_core::document::first_line_span(&d.text);
    Ok(d)
}

/// Sets `doc`'s publication date to a corpus's document creation time (MEANTIME's `dct`), when
/// it parses as a date.
pub fn set_dct(doc: &mut corroborate_core::Document, dct: &str) {
    use corroborate_core::document::{Known, Provenance};
    if let Ok(value) = dct.parse() {
        doc.meta.published = Some(Known {
            value,
            provenance: Provenance::Metadata {
                field: "DCT".into(),
            },
        });
    }
}
