//! Loaders: bytes on disk to [`Document`]s.
//!
//! A path may be a file or a folder (walked recursively in sorted order). Supported inputs:
//! `.txt`, `.html`/`.htm`, `.jsonl`, `.tml`/`.timeml`, `.warc`/`.warc.gz` (see [`warc`]). A `manifest.json` or `manifest.csv`
//! in an input folder supplies outlet, URL and publication date per file.
//!
//! Bad input never panics: every problem becomes an [`InputProblem`] naming the file, and the
//! rest of the run continues.

pub mod html;
pub mod jsonl;
pub mod manifest;
pub mod text;
pub mod timeml;
pub mod warc;

use std::path::{Path, PathBuf};

use serde::Serialize;

use crate::document::Document;
pub use manifest::{Manifest, ManifestEntry};

/// Files larger than this are skipped rather than read into memory.
pub const MAX_FILE_BYTES: u64 = 256 * 1024 * 1024;

/// How serious an input problem is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Severity {
    /// The input was loaded, but something was off (e.g. invalid UTF-8 decoded lossily).
    Warning,
    /// The input (or part of it, such as one JSONL line) was skipped.
    Skipped,
}

/// A problem with one input, named with its path.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct InputProblem {
    /// The file (or `file:line`) the problem is about.
    pub path: String,
    /// Whether the input was skipped or only warned about.
    pub severity: Severity,
    /// What went wrong, in words a user can act on.
    pub message: String,
}

impl InputProblem {
    /// A problem that caused `path` to be skipped.
    pub fn skipped(path: impl Into<String>, message: impl Into<String>) -> Self {
        InputProblem {
            path: path.into(),
            severity: Severity::Skipped,
            message: message.into(),
        }
    }

    /// A problem that still let `path` load.
    pub fn warning(path: impl Into<String>, message: impl Into<String>) -> Self {
        InputProblem {
            path: path.into(),
            severity: Severity::Warning,
            message: message.into(),
        }
    }
}

impl std::fmt::Display for InputProblem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let what = match self.severity {
            Severity::Warning => "warning",
            Severity::Skipped => "skipped",
        };
        write!(f, "{}: {}: {}", what, self.path, self.message)
    }
}

/// The kind of input a file holds, decided by its extension.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum InputKind {
    /// Plain text.
    Text,
    /// An HTML page.
    Html,
    /// JSON Lines, one article per line.
    Jsonl,
    /// TimeML.
    Timeml,
    /// A WARC archive, streamed record by record.
    Warc,
}

impl InputKind {
    /// The kind for a path's extension, if it is one we read.
    pub fn from_path(path: &Path) -> Option<InputKind> {
        if warc::is_warc_path(path) {
            return Some(InputKind::Warc);
        }
        let ext = path.extension()?.to_str()?.to_ascii_lowercase();
        match ext.as_str() {
            "txt" | "text" => Some(InputKind::Text),
            "html" | "htm" | "xhtml" => Some(InputKind::Html),
            "jsonl" | "ndjson" => Some(InputKind::Jsonl),
            "tml" | "timeml" => Some(InputKind::Timeml),
            _ => None,
        }
    }
}

/// One file to load, with the manifest entry that describes it, if any.
#[derive(Debug, Clone)]
pub struct InputFile {
    /// Path as found.
    pub path: PathBuf,
    /// Kind by extension.
    pub kind: InputKind,
    /// Metadata from a manifest.
    pub manifest: Option<ManifestEntry>,
}

/// The files found under the given paths, in a stable order, plus the problems met while
/// walking (unreadable folders, unsupported files, a broken manifest).
#[derive(Debug, Default)]
pub struct Discovery {
    /// Files to load, in sorted order per input path.
    pub files: Vec<InputFile>,
    /// Problems found while walking.
    pub problems: Vec<InputProblem>,
    /// Files inside input folders that are not articles by their extension (README.md,
    /// images, …): passed over without a problem, listed so the CLI can say so.
    pub passed_over: Vec<PathBuf>,
}

fn is_manifest_name(name: &str) -> bool {
    matches!(name, "manifest.json" | "manifest.csv")
}

/// Walks `paths` (files or folders) and lists the inputs to load. An explicit `manifest`
/// applies to every path. With `auto_manifest`, a `manifest.json`/`manifest.csv` inside a
/// folder applies to the files below that folder, and one beside a named file applies to it
/// (an explicit manifest takes precedence).
pub fn discover(paths: &[PathBuf], manifest: Option<&Manifest>, auto_manifest: bool) -> Discovery {
    let mut out = Discovery::default();
    for path in paths {
        match std::fs::metadata(path) {
            Err(e) => out.problems.push(InputProblem::skipped(
                path.display().to_string(),
                format!("cannot read: {e}"),
            )),
            Ok(md) if md.is_dir() => {
                let mut local = None;
                for name in ["manifest.json", "manifest.csv"] {
                    let mp = path.join(name);
                    if !auto_manifest {
                        break;
                    }
                    if mp.is_file() {
                        match Manifest::from_path(&mp) {
                            Ok(m) => local = Some(m),
                            Err(e) => out.problems.push(InputProblem::warning(
                                mp.display().to_string(),
                                format!("manifest ignored: {e}"),
                            )),
                        }
                        break;
                    }
                }
                let mut stack = vec![path.clone()];
                let mut found = Vec::new();
                walk(&mut stack, &mut found, &mut out.problems);
                found.sort();
                for f in found {
                    let entry = manifest
                        .and_then(|m| m.lookup(&f))
                        .or_else(|| local.as_ref().and_then(|m| m.lookup(&f)));
                    push_file(&mut out, f, entry, true);
                }
            }
            Ok(_) => {
                let entry = manifest.and_then(|m| m.lookup(path)).or_else(|| {
                    if !auto_manifest {
                        return None;
                    }
                    let dir = path.parent()?;
                    let mp = dir.join("manifest.json");
                    let m = Manifest::from_path(&mp).ok()?;
                    m.lookup(path)
                });
                push_file(&mut out, path.clone(), entry, false);
            }
        }
    }
    out
}

fn push_file(out: &mut Discovery, path: PathBuf, manifest: Option<ManifestEntry>, in_folder: bool) {
    let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
    if in_folder && is_manifest_name(name) {
        return;
    }
    match InputKind::from_path(&path) {
        Some(kind) => out.files.push(InputFile {
            path,
            kind,
            manifest,
        }),
        None if in_folder && name.starts_with('.') => {}
        None => {
            // An explicitly named file with another extension is read as text or HTML by sniffing.
            if in_folder {
                out.passed_over.push(path);
            } else {
                out.files.push(InputFile {
                    path,
                    kind: InputKind::Text,
                    manifest,
                });
            }
        }
    }
}

fn walk(stack: &mut Vec<PathBuf>, found: &mut Vec<PathBuf>, problems: &mut Vec<InputProblem>) {
    while let Some(dir) = stack.pop() {
        let rd = match std::fs::read_dir(&dir) {
            Ok(rd) => rd,
            Err(e) => {
                problems.push(InputProblem::skipped(
                    dir.display().to_string(),
                    format!("cannot read folder: {e}"),
                ));
                continue;
            }
        };
        for entry in rd.flatten() {
            let p = entry.path();
            let ft = match entry.file_type() {
                Ok(ft) => ft,
                Err(_) => continue,
            };
            let hidden = p
                .file_name()
                .and_then(|n| n.to_str())
                .is_some_and(|n| n.starts_with('.'));
            if ft.is_dir() {
                if !hidden {
                    stack.push(p);
                }
            } else if !hidden {
                found.push(p);
            }
        }
    }
}

/// What loading one file produced: zero or more documents and any problems.
#[derive(Debug, Default)]
pub struct Loaded {
    /// Documents read from the file (a JSONL file gives one per line).
    pub documents: Vec<Document>,
    /// Problems, each naming the file.
    pub problems: Vec<InputProblem>,
}

/// Reads bytes from disk, refusing files over [`MAX_FILE_BYTES`].
fn read_bytes(path: &Path) -> Result<Vec<u8>, String> {
    let md = std::fs::metadata(path).map_err(|e| format!("cannot read: {e}"))?;
    if md.len() > MAX_FILE_BYTES {
        return Err(format!(
            "file is {} MB, over the {} MB limit",
            md.len() / (1024 * 1024),
            MAX_FILE_BYTES / (1024 * 1024)
        ));
    }
    std::fs::read(path).map_err(|e| format!("cannot read: {e}"))
}

/// True when an HTTP `Content-Type` value names an HTML page (`text/html`,
/// `application/xhtml+xml`); parameters such as `charset` are ignored.
pub fn is_html_content_type(content_type: &str) -> bool {
    let mime = content_type.split(';').next().unwrap_or("").trim();
    mime.eq_ignore_ascii_case("text/html") || mime.eq_ignore_ascii_case("application/xhtml+xml")
}

/// True when the bytes look binary: a NUL byte in the first 8 KiB (as ripgrep and git decide).
pub fn looks_binary(bytes: &[u8]) -> bool {
    bytes.iter().take(8192).any(|&b| b == 0)
}

/// Decodes bytes as UTF-8, lossily when needed. Returns the text and, when bytes were
/// replaced, a description of how many. A leading byte-order mark is kept as text.
pub fn decode_utf8(bytes: Vec<u8>) -> (String, Option<String>) {
    match String::from_utf8(bytes) {
        Ok(s) => (s, None),
        Err(e) => {
            let bytes = e.into_bytes();
            let s = String::from_utf8_lossy(&bytes).into_owned();
            let n = s.matches('\u{FFFD}').count();
            (
                s,
                Some(format!(
                    "invalid UTF-8: {n} invalid sequence(s) replaced with U+FFFD"
                )),
            )
        }
    }
}

/// Loads one file into documents. Never panics; every problem is named with the file.
pub fn load_file(input: &InputFile) -> Loaded {
    let name = input.path.display().to_string();
    let mut loaded = Loaded::default();
    if input.kind == InputKind::Warc {
        return warc::load(&input.path);
    }
    let bytes = match read_bytes(&input.path) {
        Ok(b) => b,
        Err(msg) => {
            loaded.problems.push(InputProblem::skipped(name, msg));
            return loaded;
        }
    };
    load_bytes(&name, input.kind, bytes, input.manifest.as_ref())
}

/// Loads in-memory bytes of a known kind (used by file loading, the HTTP API and tests).
pub fn load_bytes(
    name: &str,
    kind: InputKind,
    bytes: Vec<u8>,
    manifest: Option<&ManifestEntry>,
) -> Loaded {
    let mut loaded = Loaded::default();
    if kind == InputKind::Warc {
        warc::stream_reader(name, bytes.as_slice(), &mut |l| {
            loaded.documents.extend(l.documents);
            loaded.problems.extend(l.problems);
        });
        return loaded;
    }
    if bytes.iter().all(|b| b.is_ascii_whitespace()) {
        loaded
            .problems
            .push(InputProblem::skipped(name, "empty file"));
        return loaded;
    }
    if looks_binary(&bytes) {
        loaded.problems.push(InputProblem::skipped(
            name,
            "binary file (contains NUL bytes); not a text, HTML or JSONL article",
        ));
        return loaded;
    }
    let (text, warning) = decode_utf8(bytes);
    if let Some(w) = warning {
        loaded.problems.push(InputProblem::warning(name, w));
    }
    let kind = match kind {
        InputKind::Text if html::looks_like_html(&text) => InputKind::Html,
        k => k,
    };
    match kind {
        InputKind::Text => loaded.documents.push(text::load(name, text)),
        InputKind::Html => match html::load(name, &text) {
            Ok(doc) => loaded.documents.push(doc),
            Err(msg) => loaded.problems.push(InputProblem::skipped(name, msg)),
        },
        InputKind::Jsonl => {
            let (docs, problems) = jsonl::load(name, &text);
            loaded.documents.extend(docs);
            loaded.problems.extend(problems);
        }
        InputKind::Timeml => match timeml::load(name, &text) {
            Ok(doc) => loaded.documents.push(doc),
            Err(msg) => loaded.problems.push(InputProblem::skipped(name, msg)),
        },
        InputKind::Warc => {}
    }
    if let Some(entry) = manifest {
        for doc in &mut loaded.documents {
            entry.apply(&mut doc.meta);
        }
    }
    loaded
}
