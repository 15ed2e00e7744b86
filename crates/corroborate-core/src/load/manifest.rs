//! Manifests: per-file outlet, URL and publication date, in JSON or CSV.
//!
//! JSON: `{"documents": [{"file": "a.txt", "outlet": "…", "published": "2026-10-23", "url": "…"}]}`
//! or a bare array of such objects. CSV: a header row naming the same columns.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde::Deserialize;

use crate::document::{DocMeta, Known, Provenance};

/// One manifest row.
#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize)]
pub struct ManifestEntry {
    /// File name or path relative to the manifest.
    pub file: String,
    /// Outlet name.
    #[serde(default)]
    pub outlet: Option<String>,
    /// Publication date: `YYYY-MM-DD` or an RFC 3339 timestamp.
    #[serde(default)]
    pub published: Option<String>,
    /// Article URL.
    #[serde(default)]
    pub url: Option<String>,
}

impl ManifestEntry {
    /// Writes this entry's values into `meta`, marking them as coming from the manifest.
    /// Empty values are ignored; an unparsable date is ignored too.
    pub fn apply(&self, meta: &mut DocMeta) {
        if let Some(o) = self
            .outlet
            .as_deref()
            .map(str::trim)
            .filter(|o| !o.is_empty())
        {
            meta.outlet = Some(Known {
                value: o.to_string(),
                provenance: Provenance::Manifest,
            });
        }
        if let Some(u) = self.url.as_deref().map(str::trim).filter(|u| !u.is_empty()) {
            meta.url = Some(u.to_string());
        }
        if let Some(d) = self.published.as_deref().and_then(parse_date_prefix) {
            meta.published = Some(Known {
                value: d,
                provenance: Provenance::Manifest,
            });
        }
    }
}

/// Parses the calendar date at the start of a date or timestamp string
/// (`2026-10-23`, `2026-10-23T14:00:00Z`, `2026-10-23 14:00`).
pub fn parse_date_prefix(s: &str) -> Option<jiff::civil::Date> {
    let s = s.trim();
    let head = s.get(..10)?;
    head.parse::<jiff::civil::Date>().ok()
}

#[derive(Deserialize)]
#[serde(untagged)]
enum JsonManifest {
    Wrapped { documents: Vec<ManifestEntry> },
    Bare(Vec<ManifestEntry>),
}

/// A parsed manifest, looked up by file name or by path relative to the manifest's folder.
#[derive(Debug, Clone, Default)]
pub struct Manifest {
    base: PathBuf,
    by_relative: BTreeMap<String, ManifestEntry>,
    by_name: BTreeMap<String, Option<ManifestEntry>>,
}

impl Manifest {
    /// Reads a manifest file; `.csv` is read as CSV, anything else as JSON.
    pub fn from_path(path: &Path) -> Result<Manifest, String> {
        let bytes = std::fs::read(path).map_err(|e| format!("cannot read manifest: {e}"))?;
        let is_csv = path
            .extension()
            .and_then(|e| e.to_str())
            .is_some_and(|e| e.eq_ignore_ascii_case("csv"));
        let entries = if is_csv {
            parse_csv(&bytes)?
        } else {
            parse_json(&bytes)?
        };
        let base = path.parent().map(Path::to_path_buf).unwrap_or_default();
        Ok(Manifest::from_entries(base, entries))
    }

    /// Builds a manifest from entries whose `file` is relative to `base`.
    pub fn from_entries(base: PathBuf, entries: Vec<ManifestEntry>) -> Manifest {
        let mut m = Manifest {
            base,
            ..Manifest::default()
        };
        for e in entries {
            let rel = normalise(&e.file);
            let name = rel.rsplit('/').next().unwrap_or(&rel).to_string();
            // A file name listed twice (in different folders) is ambiguous by name alone.
            m.by_name
                .entry(name)
                .and_modify(|v| *v = None)
                .or_insert_with(|| Some(e.clone()));
            m.by_relative.insert(rel, e);
        }
        m
    }

    /// Number of entries.
    pub fn len(&self) -> usize {
        self.by_relative.len()
    }

    /// True when the manifest lists no files.
    pub fn is_empty(&self) -> bool {
        self.by_relative.is_empty()
    }

    /// The entry for `path`: by path relative to the manifest's folder, else by unique file name.
    pub fn lookup(&self, path: &Path) -> Option<ManifestEntry> {
        if let Ok(rel) = path.strip_prefix(&self.base) {
            if let Some(e) = self.by_relative.get(&normalise(&rel.to_string_lossy())) {
                return Some(e.clone());
            }
        }
        let name = path.file_name()?.to_str()?;
        self.by_name.get(name).cloned().flatten()
    }
}

fn normalise(p: &str) -> String {
    p.trim().trim_start_matches("./").replace('\\', "/")
}

fn parse_json(bytes: &[u8]) -> Result<Vec<ManifestEntry>, String> {
    let m: JsonManifest = serde_json::from_slice(bytes).map_err(|e| {
        format!("not a manifest (expected {{\"documents\": [{{\"file\": …}}]}}): {e}")
    })?;
    Ok(match m {
        JsonManifest::Wrapped { documents } => documents,
        JsonManifest::Bare(v) => v,
    })
}

fn parse_csv(bytes: &[u8]) -> Result<Vec<ManifestEntry>, String> {
    let mut rdr = csv::ReaderBuilder::new()
        .trim(csv::Trim::All)
        .flexible(true)
        .from_reader(bytes);
    let headers = rdr
        .headers()
        .map_err(|e| format!("bad CSV header: {e}"))?
        .clone();
    if !headers.iter().any(|h| h == "file") {
        return Err("CSV manifest needs a `file` column".into());
    }
    let mut out = Vec::new();
    for (i, rec) in rdr.deserialize::<ManifestEntry>().enumerate() {
        match rec {
            Ok(e) => out.push(e),
            Err(err) => return Err(format!("CSV row {}: {err}", i + 2)),
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn json_and_csv_agree() {
        let j =
            br#"{"documents":[{"file":"a.txt","outlet":"Daily Planet","published":"2026-10-23"}]}"#;
        let c = b"file,outlet,published,url\na.txt,Daily Planet,2026-10-23T10:00:00Z,\n";
        let a = parse_json(j).unwrap();
        let b = parse_csv(c).unwrap();
        assert_eq!(a[0].file, b[0].file);
        assert_eq!(a[0].outlet, b[0].outlet);
        let mut m1 = DocMeta::default();
        let mut m2 = DocMeta::default();
        a[0].apply(&mut m1);
        b[0].apply(&mut m2);
        assert_eq!(m1.published, m2.published);
        assert_eq!(m1.published.unwrap().value.to_string(), "2026-10-23");
        assert_eq!(m2.url, None);
    }

    #[test]
    fn bad_manifest_is_an_error_not_a_panic() {
        assert!(parse_json(b"{\"documents\": 3}").is_err());
        assert!(parse_csv(b"name,outlet\nx,y\n").is_err());
    }

    #[test]
    fn lookup_by_relative_path_and_name() {
        let m = Manifest::from_entries(
            PathBuf::from("/corpus"),
            vec![ManifestEntry {
                file: "sub/a.txt".into(),
                outlet: Some("X".into()),
                ..Default::default()
            }],
        );
        assert!(m.lookup(Path::new("/corpus/sub/a.txt")).is_some());
        assert!(m.lookup(Path::new("/elsewhere/a.txt")).is_some());
        assert!(m.lookup(Path::new("/corpus/b.txt")).is_none());
    }
}
