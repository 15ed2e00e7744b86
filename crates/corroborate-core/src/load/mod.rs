//! Loaders: bytes on disk to [`Document`]s.
//!
//! A path may be a file or a folder (walked recursively in sorted order). Supported inputs:
//! `.txt`, `.html`/`.htm`, `.jsonl`, `.tml`/`.timeml` (and TimeML under any name, by its root
//! element), `.warc`/`.warc.gz` (see [`warc`]). A `manifest.json` or `manifest.csv`
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

use serde::{Deserialize, Serialize};

use crate::document::Document;
pub use manifest::{Manifest, ManifestEntry};

/// Files larger than this are skipped rather than read into memory.
pub const MAX_FILE_BYTES: u64 = 256 * 1024 * 1024;

/// How serious an input problem is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Severity {
    /// The input was loaded, but something was off (e.g. invalid UTF-8 decoded lossily).
    Warning,
    /// The input (or part of it, such as one JSONL line) was skipped.
    Skipped,
    /// A stage failed on this input or story (an internal error, a bug to report); that stage's
    /// results for it are missing and the rest of the run went on.
    Failed,
}

impl Severity {
    /// The severity as the JSON names it: `warning`, `skipped` or `failed`.
    pub fn as_str(self) -> &'static str {
        match self {
            Severity::Warning => "warning",
            Severity::Skipped => "skipped",
            Severity::Failed => "failed",
        }
    }
}

/// A problem with one input, named with its path.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct InputProblem {
    /// The file (or `file:line`) the problem is about.
    pub path: String,
    /// Whether the input was skipped or only warned about.
    pub severity: Severity,
    /// What went wrong, in words a user can act on.
    pub message: String,
    /// The pipeline stage that failed (only for [`Severity::Failed`]).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stage: Option<String>,
}

impl InputProblem {
    /// A problem that caused `path` to be skipped.
    pub fn skipped(path: impl Into<String>, message: impl Into<String>) -> Self {
        InputProblem {
            path: path.into(),
            severity: Severity::Skipped,
            message: message.into(),
            stage: None,
        }
    }

    /// A problem that still let `path` load.
    pub fn warning(path: impl Into<String>, message: impl Into<String>) -> Self {
        InputProblem {
            path: path.into(),
            severity: Severity::Warning,
            message: message.into(),
            stage: None,
        }
    }

    /// Stage `stage` failed on `path` (a file, or `story <id>`) with `message`.
    pub fn failed(
        path: impl Into<String>,
        stage: impl Into<String>,
        message: impl Into<String>,
    ) -> Self {
        InputProblem {
            path: path.into(),
            severity: Severity::Failed,
            message: message.into(),
            stage: Some(stage.into()),
        }
    }
}

impl std::fmt::Display for InputProblem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let what = match self.severity {
            Severity::Warning => "warning",
            Severity::Skipped => "skipped",
            Severity::Failed => "internal error",
        };
        match &self.stage {
            Some(stage) => write!(f, "{what}: {}: stage {stage}: {}", self.path, self.message),
            None => write!(f, "{}: {}: {}", what, self.path, self.message),
        }
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
        // A gzip-compressed article (`page.html.gz`) is of the kind its inner name says.
        let path = if is_gzip_path(path) {
            Path::new(path.file_stem()?)
        } else {
            path
        };
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
    match InputKind::from_path(&path).or_else(|| sniff_timeml(&path)) {
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

/// TimeML is recognised by its root element whatever the file is called (`*.tml.TE3input`).
fn sniff_timeml(path: &Path) -> Option<InputKind> {
    use std::io::Read;
    let mut head = Vec::with_capacity(4096);
    let file = std::fs::File::open(path).ok()?;
    file.take(4096).read_to_end(&mut head).ok()?;
    let head = String::from_utf8_lossy(&head);
    timeml::looks_like_timeml(&head).then_some(InputKind::Timeml)
}

/// Collects the files under the folders of `stack`, hidden entries left out. A symbolic link to
/// a folder is followed once: a folder reached again (a link loop, or two links to one folder)
/// is reported and not read twice.
fn walk(stack: &mut Vec<PathBuf>, found: &mut Vec<PathBuf>, problems: &mut Vec<InputProblem>) {
    let mut seen: std::collections::HashSet<PathBuf> = stack
        .iter()
        .filter_map(|d| std::fs::canonicalize(d).ok())
        .collect();
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
        // In name order, so that which of two paths to one folder is read does not depend on
        // the file system's listing order.
        let mut entries: Vec<(PathBuf, std::fs::FileType)> = rd
            .flatten()
            .filter_map(|e| Some((e.path(), e.file_type().ok()?)))
            .collect();
        entries.sort_by(|a, b| a.0.cmp(&b.0));
        for (p, ft) in entries {
            let hidden = p
                .file_name()
                .and_then(|n| n.to_str())
                .is_some_and(|n| n.starts_with('.'));
            if hidden {
                continue;
            }
            let is_dir = ft.is_dir() || (ft.is_symlink() && p.is_dir());
            if !is_dir {
                found.push(p);
                continue;
            }
            match std::fs::canonicalize(&p) {
                Ok(target) => {
                    if seen.insert(target) {
                        stack.push(p);
                    } else {
                        problems.push(InputProblem::warning(
                            p.display().to_string(),
                            "a folder already read through another path (a link): not read again"
                                .to_string(),
                        ));
                    }
                }
                Err(e) => problems.push(InputProblem::skipped(
                    p.display().to_string(),
                    format!("cannot follow link: {e}"),
                )),
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

/// True for a `.gz` file name (a gzip-compressed article; WARC files are told apart first).
fn is_gzip_path(path: &Path) -> bool {
    path.extension()
        .and_then(|e| e.to_str())
        .is_some_and(|e| e.eq_ignore_ascii_case("gz"))
}

/// Decompresses a gzip file's bytes, refusing output over [`MAX_FILE_BYTES`].
fn gunzip(bytes: &[u8]) -> Result<Vec<u8>, String> {
    use std::io::Read;
    let mut out = Vec::new();
    flate2::read::MultiGzDecoder::new(bytes)
        .take(MAX_FILE_BYTES + 1)
        .read_to_end(&mut out)
        .map_err(|e| format!("not a valid gzip file: {e}"))?;
    if out.len() as u64 > MAX_FILE_BYTES {
        return Err(format!(
            "decompresses to over the {} MB limit",
            MAX_FILE_BYTES / (1024 * 1024)
        ));
    }
    Ok(out)
}

/// Reads bytes from disk, refusing files over [`MAX_FILE_BYTES`]; a `.gz` file is decompressed.
fn read_bytes(path: &Path) -> Result<Vec<u8>, String> {
    let md = std::fs::metadata(path).map_err(|e| format!("cannot read: {e}"))?;
    if !md.is_file() {
        // Reading a FIFO would block forever, a device could be endless.
        return Err("not a regular file (a FIFO, socket or device); skipped".to_string());
    }
    if md.len() > MAX_FILE_BYTES {
        return Err(format!(
            "file is {} MB, over the {} MB limit",
            md.len() / (1024 * 1024),
            MAX_FILE_BYTES / (1024 * 1024)
        ));
    }
    let bytes = std::fs::read(path).map_err(|e| format!("cannot read: {e}"))?;
    if is_gzip_path(path) {
        return gunzip(&bytes);
    }
    Ok(bytes)
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

/// Re-encodes UTF-16 or UTF-32 text that starts with a byte-order mark as UTF-8 (without the
/// mark); other bytes are returned unchanged. Unpaired surrogates and invalid code points become
/// U+FFFD, reported in the second value.
pub fn decode_utf16_32(bytes: Vec<u8>) -> (Vec<u8>, Option<String>) {
    let (unit, big_endian) = match bytes.as_slice() {
        [0xFF, 0xFE, 0, 0, ..] => (4, false),
        [0, 0, 0xFE, 0xFF, ..] => (4, true),
        [0xFF, 0xFE, ..] => (2, false),
        [0xFE, 0xFF, ..] => (2, true),
        _ => return (bytes, None),
    };
    let body = bytes.get(unit..).unwrap_or_default();
    let chunks = body.chunks_exact(unit);
    let odd = !chunks.remainder().is_empty();
    let mut bad = usize::from(odd);
    let text: String = if unit == 2 {
        let units = chunks.map(|c| {
            let b = [c[0], c[1]];
            if big_endian {
                u16::from_be_bytes(b)
            } else {
                u16::from_le_bytes(b)
            }
        });
        char::decode_utf16(units)
            .map(|r| {
                r.unwrap_or_else(|_| {
                    bad += 1;
                    char::REPLACEMENT_CHARACTER
                })
            })
            .collect()
    } else {
        chunks
            .map(|c| {
                let b = [c[0], c[1], c[2], c[3]];
                let v = if big_endian {
                    u32::from_be_bytes(b)
                } else {
                    u32::from_le_bytes(b)
                };
                char::from_u32(v).unwrap_or_else(|| {
                    bad += 1;
                    char::REPLACEMENT_CHARACTER
                })
            })
            .collect()
    };
    let warning = (bad > 0).then(|| {
        format!(
            "invalid UTF-{}: {bad} invalid unit(s) replaced with U+FFFD",
            unit * 8
        )
    });
    (text.into_bytes(), warning)
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
    let (bytes, bom_problem) = decode_utf16_32(bytes);
    if let Some(w) = bom_problem {
        loaded.problems.push(InputProblem::warning(name, w));
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
        InputKind::Text if timeml::looks_like_timeml(&text) => InputKind::Timeml,
        InputKind::Text if html::looks_like_html(&text) => InputKind::Html,
        k => k,
    };
    match kind {
        InputKind::Text => loaded.documents.push(text::load(name, text)),
        InputKind::Html => match html::load_noting(name, &text) {
            Ok((doc, notice)) => {
                loaded.documents.push(doc);
                if let Some(n) = notice {
                    loaded.problems.push(InputProblem::warning(name, n));
                }
            }
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

#[cfg(test)]
mod tests {
    use super::*;

    fn utf16(text: &str, big_endian: bool) -> Vec<u8> {
        let mut out = if big_endian {
            vec![0xFE, 0xFF]
        } else {
            vec![0xFF, 0xFE]
        };
        for u in text.encode_utf16() {
            out.extend(if big_endian {
                u.to_be_bytes()
            } else {
                u.to_le_bytes()
            });
        }
        out
    }

    #[test]
    fn utf16_and_utf32_with_a_bom_are_decoded() {
        let text = "Café owner speaks\n\nThe owner said — on Monday — that it reopens.";
        for be in [false, true] {
            let l = load_bytes("a.txt", InputKind::Text, utf16(text, be), None);
            assert!(l.problems.is_empty(), "{:?}", l.problems);
            assert_eq!(l.documents[0].text, text);
        }
        let mut be32 = vec![0, 0, 0xFE, 0xFF];
        be32.extend(text.chars().flat_map(|c| (c as u32).to_be_bytes()));
        let l = load_bytes("b.txt", InputKind::Text, be32, None);
        assert_eq!(l.documents[0].text, text);
        // A lone surrogate is replaced and reported, not a reason to call the file binary.
        let mut bad = utf16("Headline\n\nBody", false);
        bad.extend([0x00, 0xD8]);
        let l = load_bytes("c.txt", InputKind::Text, bad, None);
        assert_eq!(l.documents.len(), 1);
        assert_eq!(l.problems.len(), 1, "{:?}", l.problems);
    }

    #[test]
    fn a_fifo_among_the_inputs_is_skipped_not_read() {
        let dir = std::env::temp_dir().join(format!("corroborate-fifo-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("temp dir");
        let fifo = dir.join("pipe.txt");
        let made = std::process::Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .expect("mkfifo must exist for this test");
        assert!(made.success());
        std::fs::write(dir.join("real.txt"), "A headline\n\nA body.").expect("write");
        let found = discover(std::slice::from_ref(&dir), None, false);
        let loaded: Vec<Loaded> = found.files.iter().map(load_file).collect();
        let docs: usize = loaded.iter().map(|l| l.documents.len()).sum();
        let problems: Vec<&InputProblem> = loaded.iter().flat_map(|l| &l.problems).collect();
        let _ = std::fs::remove_dir_all(&dir);
        assert_eq!(docs, 1);
        assert_eq!(problems.len(), 1, "{problems:?}");
        assert!(problems[0].message.contains("not a regular file"));
        assert!(problems[0].path.ends_with("pipe.txt"));
    }

    #[test]
    fn gzip_compressed_articles_are_read_and_bad_gzip_is_a_problem() {
        use std::io::Write;
        let dir = std::env::temp_dir().join(format!("corroborate-gz-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("temp dir");
        let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
        gz.write_all(b"<html><head><title>Harbor board meets</title></head><body><article>\
            <p>The fictional harbor board of Port Ellis met on Tuesday and approved new moorings.</p>\
            </article></body></html>")
            .expect("compress");
        std::fs::write(dir.join("page.html.gz"), gz.finish().expect("finish")).expect("write");
        std::fs::write(dir.join("broken.txt.gz"), b"not gzip at all").expect("write");
        let found = discover(std::slice::from_ref(&dir), None, false);
        let loaded: Vec<Loaded> = found.files.iter().map(load_file).collect();
        let _ = std::fs::remove_dir_all(&dir);
        let docs: Vec<&Document> = loaded.iter().flat_map(|l| &l.documents).collect();
        let problems: Vec<&InputProblem> = loaded.iter().flat_map(|l| &l.problems).collect();
        assert_eq!(docs.len(), 1, "{problems:?}");
        assert_eq!(docs[0].format, crate::document::SourceFormat::Html);
        assert!(docs[0].text.contains("approved new moorings"));
        assert_eq!(problems.len(), 1, "{problems:?}");
        assert!(problems[0].path.ends_with("broken.txt.gz"));
        assert!(problems[0].message.contains("gzip"), "{problems:?}");
    }

    #[cfg(unix)]
    #[test]
    fn a_linked_folder_is_read_once_and_a_link_loop_ends() {
        let root = tempfile::tempdir().expect("temp dir");
        let articles = root.path().join("articles");
        std::fs::create_dir(&articles).expect("folder");
        std::fs::write(articles.join("a.txt"), "Ferry fares\n\nThe fares rose.").expect("file");
        let corpus = root.path().join("corpus");
        std::fs::create_dir(&corpus).expect("folder");
        std::os::unix::fs::symlink(&articles, corpus.join("linked")).expect("link");
        std::os::unix::fs::symlink(&corpus, corpus.join("loop")).expect("link");
        let found = discover(std::slice::from_ref(&corpus), None, false);
        let files: Vec<_> = found.files.iter().map(|f| f.path.clone()).collect();
        assert_eq!(files, vec![corpus.join("linked").join("a.txt")]);
        assert!(found.passed_over.is_empty(), "{:?}", found.passed_over);
        assert_eq!(found.problems.len(), 1, "{:?}", found.problems);
        assert!(
            found.problems[0].path.ends_with("loop"),
            "{:?}",
            found.problems
        );
        // The folder and a link to it, side by side: its file once.
        std::os::unix::fs::symlink(&articles, root.path().join("z-link")).expect("link");
        let found = discover(&[root.path().to_path_buf()], None, false);
        let names: Vec<_> = found
            .files
            .iter()
            .filter(|f| f.path.ends_with("a.txt"))
            .collect();
        assert_eq!(names.len(), 1, "{:?}", found.files);
    }
}
