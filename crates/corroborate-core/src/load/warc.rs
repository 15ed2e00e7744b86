//! WARC archives (`.warc`, `.warc.gz`), as Common Crawl's CC-NEWS ships them.
//!
//! The archive is streamed record by record with the `warc` crate: only `response` records
//! whose HTTP payload is HTML become documents; requests, metadata, `warcinfo` and non-HTML or
//! non-2xx responses are passed over. A record's `WARC-Target-URI` and `WARC-Date` become the
//! document's URL and crawl date ([`Retrieved`] with source `warc`). A record marked
//! `WARC-Truncated`, a record cut short by the end of the file, or a broken header is an
//! [`InputProblem`]; a broken record ends the read of that archive (the stream cannot be
//! resynchronised), the documents read before it are kept.
//!
//! Memory stays bounded: at most [`CHUNK_RECORDS`] HTML payloads (each at most
//! [`MAX_RECORD_BYTES`]) are held at once while they are turned into documents in parallel.
#![deny(clippy::string_slice)]

use std::fs::File;
use std::io::{BufRead, BufReader, Read};
use std::path::Path;

use flate2::bufread::{GzDecoder, MultiGzDecoder, ZlibDecoder};
use rayon::prelude::*;
use warc::{RecordType, WarcHeader, WarcReader};

use super::{is_html_content_type, InputProblem, Loaded};
use crate::document::Retrieved;

/// Responses whose WARC record is larger than this are passed over with a problem.
pub const MAX_RECORD_BYTES: u64 = 32 * 1024 * 1024;

/// HTML payloads converted to documents together (in parallel) before the next are read.
pub const CHUNK_RECORDS: usize = 64;

/// True when `path` names a WARC archive by its extension (`.warc`, `.warc.gz`, `.arc.warc`).
pub fn is_warc_path(path: &Path) -> bool {
    let name = path
        .file_name()
        .and_then(|n| n.to_str())
        .unwrap_or("")
        .to_ascii_lowercase();
    name.ends_with(".warc") || name.ends_with(".warc.gz")
}

/// Counts of what an archive held.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct WarcCounts {
    /// Records read (of every type).
    pub records: u64,
    /// Response records with an HTML payload.
    pub html_responses: u64,
    /// Documents produced.
    pub documents: u64,
}

/// One HTML payload waiting to become a document.
struct Pending {
    name: String,
    uri: String,
    date: String,
    html: Vec<u8>,
}

/// Reads the archive at `path`, calling `sink` with each chunk of documents and problems as it
/// goes, so that a caller that stores or drops them keeps memory bounded.
pub fn stream(path: &Path, sink: &mut dyn FnMut(Loaded)) -> WarcCounts {
    let name = path.display().to_string();
    match File::open(path) {
        Ok(f) => stream_reader(&name, BufReader::with_capacity(1 << 20, f), sink),
        Err(e) => {
            sink(Loaded {
                documents: Vec::new(),
                problems: vec![InputProblem::skipped(name, format!("cannot read: {e}"))],
            });
            WarcCounts::default()
        }
    }
}

/// Reads a whole archive at `path` into one [`Loaded`] (documents only: payloads are dropped
/// as soon as they are converted).
pub fn load(path: &Path) -> Loaded {
    let mut all = Loaded::default();
    stream(path, &mut |l| {
        all.documents.extend(l.documents);
        all.problems.extend(l.problems);
    });
    all
}

/// [`stream`] over any buffered reader; gzip (one member per record, or one for the whole
/// file) is recognised by its magic bytes.
pub fn stream_reader<R: BufRead>(
    name: &str,
    mut input: R,
    sink: &mut dyn FnMut(Loaded),
) -> WarcCounts {
    let gzipped = matches!(input.fill_buf(), Ok(b) if b.starts_with(&[0x1f, 0x8b]));
    if gzipped {
        let reader = BufReader::with_capacity(1 << 20, MultiGzDecoder::new(input));
        read_records(name, WarcReader::new(reader), sink)
    } else {
        read_records(name, WarcReader::new(input), sink)
    }
}

fn read_records<R: BufRead>(
    name: &str,
    mut reader: WarcReader<R>,
    sink: &mut dyn FnMut(Loaded),
) -> WarcCounts {
    let mut counts = WarcCounts::default();
    let mut pending: Vec<Pending> = Vec::new();
    let mut problems: Vec<InputProblem> = Vec::new();
    let mut pending_bytes = 0usize;
    let mut records = reader.stream_records();
    let mut index = 0u64;
    while let Some(item) = records.next_item() {
        index += 1;
        counts.records += 1;
        let at = format!("{name}#{index}");
        let mut record = match item {
            Ok(r) => r,
            Err(e @ (warc::Error::MissingHeader(_) | warc::Error::MalformedHeader(..))) => {
                problems.push(InputProblem::skipped(
                    at,
                    format!("broken WARC record: {e}"),
                ));
                continue;
            }
            Err(e) => {
                problems.push(InputProblem::skipped(
                    at,
                    format!(
                        "broken WARC record ({}); the rest of the archive is not read",
                        describe(&e)
                    ),
                ));
                break;
            }
        };
        if *record.warc_type() != RecordType::Response {
            continue;
        }
        let uri = record
            .header(WarcHeader::TargetURI)
            .map(|u| {
                u.trim()
                    .trim_start_matches('<')
                    .trim_end_matches('>')
                    .to_string()
            })
            .unwrap_or_default();
        let date = record
            .date()
            .to_rfc3339_opts(chrono::SecondsFormat::Secs, true);
        let len = record.content_length();
        if let Some(t) = record.header(WarcHeader::Truncated) {
            problems.push(InputProblem::skipped(
                at,
                format!(
                    "WARC record {uri} is truncated by the crawler (WARC-Truncated: {t}); not read"
                ),
            ));
            continue;
        }
        if len > MAX_RECORD_BYTES {
            problems.push(InputProblem::skipped(
                at,
                format!(
                    "WARC record {uri} is {} MB, over the {} MB limit",
                    len / (1024 * 1024),
                    MAX_RECORD_BYTES / (1024 * 1024)
                ),
            ));
            continue;
        }
        // Read the HTTP head first: a non-HTML response's body is skipped, never buffered.
        let head_len = len.min(HEAD_BYTES);
        let mut body = Vec::with_capacity(head_len as usize);
        let mut read = (&mut record).take(head_len).read_to_end(&mut body);
        if read.is_ok() && (body.len() as u64) == head_len {
            if head_verdict(&body) == Some(false) {
                continue;
            }
            read = (&mut record).take(len - head_len).read_to_end(&mut body);
        }
        drop(record);
        if read.is_err() || (body.len() as u64) < len {
            problems.push(InputProblem::skipped(
                at,
                format!(
                    "WARC record {uri} is cut short: {} of {len} bytes before the end of the file",
                    body.len()
                ),
            ));
            break;
        }
        match html_payload(&body) {
            Ok(Some(html)) => {
                counts.html_responses += 1;
                pending_bytes += html.len();
                pending.push(Pending {
                    name: at,
                    uri,
                    date,
                    html,
                });
            }
            Ok(None) => {}
            Err(msg) => problems.push(InputProblem::skipped(
                at,
                format!("WARC record {uri}: {msg}"),
            )),
        }
        if pending.len() >= CHUNK_RECORDS || pending_bytes >= 64 * 1024 * 1024 {
            counts.documents += flush(&mut pending, &mut problems, sink);
            pending_bytes = 0;
        }
    }
    counts.documents += flush(&mut pending, &mut problems, sink);
    counts
}

fn describe(e: &warc::Error) -> String {
    match e {
        warc::Error::ReadData(io) => format!("read error: {io}"),
        warc::Error::UnexpectedEOB => "the file ends inside a record".to_string(),
        warc::Error::ParseHeaders(_) => "unreadable WARC headers".to_string(),
        other => other.to_string(),
    }
}

/// Converts the pending payloads to documents in parallel and hands them to `sink` with the
/// problems gathered so far; returns the number of documents.
fn flush(
    pending: &mut Vec<Pending>,
    problems: &mut Vec<InputProblem>,
    sink: &mut dyn FnMut(Loaded),
) -> u64 {
    if pending.is_empty() && problems.is_empty() {
        return 0;
    }
    let loaded: Vec<Loaded> = std::mem::take(pending)
        .into_par_iter()
        .map(|p| {
            let mut l = super::load_bytes(&p.name, super::InputKind::Html, p.html, None);
            for doc in &mut l.documents {
                if doc.meta.url.is_none() && !p.uri.is_empty() {
                    doc.meta.url = Some(p.uri.clone());
                }
                doc.meta.retrieved = Some(Retrieved {
                    requested_url: p.uri.clone(),
                    url: p.uri.clone(),
                    at: p.date.clone(),
                    source: "warc".to_string(),
                });
            }
            l
        })
        .collect();
    let mut out = Loaded {
        documents: Vec::new(),
        problems: std::mem::take(problems),
    };
    for l in loaded {
        out.documents.extend(l.documents);
        out.problems.extend(l.problems);
    }
    let n = out.documents.len() as u64;
    sink(out);
    n
}

/// Bytes of a response record read before deciding whether its payload is wanted.
const HEAD_BYTES: u64 = 16 * 1024;

/// Whether an HTTP response whose first bytes are `prefix` is a 2xx HTML page: `None` when
/// the head is not complete in `prefix` (or unreadable) and the whole message must decide.
fn head_verdict(prefix: &[u8]) -> Option<bool> {
    let mut headers = [httparse::EMPTY_HEADER; 128];
    let mut resp = httparse::Response::new(&mut headers);
    match resp.parse(prefix) {
        Ok(httparse::Status::Complete(_)) => {
            let code = resp.code.unwrap_or(0);
            let html = resp
                .headers
                .iter()
                .find(|h| h.name.eq_ignore_ascii_case("content-type"))
                .is_some_and(|h| is_html_content_type(&String::from_utf8_lossy(h.value)));
            Some((200..300).contains(&code) && html)
        }
        _ => None,
    }
}

/// The HTML of an HTTP response message (status line, headers, body), or `None` when the
/// response is not a 2xx HTML page. Chunked transfer coding and gzip/deflate content coding
/// are undone.
pub fn html_payload(message: &[u8]) -> Result<Option<Vec<u8>>, String> {
    let mut headers = [httparse::EMPTY_HEADER; 128];
    let mut resp = httparse::Response::new(&mut headers);
    let offset = match resp.parse(message) {
        Ok(httparse::Status::Complete(n)) => n,
        Ok(httparse::Status::Partial) => return Err("HTTP headers are cut short".to_string()),
        Err(e) => return Err(format!("unreadable HTTP response: {e}")),
    };
    let code = resp.code.unwrap_or(0);
    if !(200..300).contains(&code) {
        return Ok(None);
    }
    let header = |name: &str| {
        resp.headers
            .iter()
            .find(|h| h.name.eq_ignore_ascii_case(name))
            .map(|h| String::from_utf8_lossy(h.value).to_ascii_lowercase())
    };
    let ctype = header("content-type").unwrap_or_default();
    if !is_html_content_type(&ctype) {
        return Ok(None);
    }
    let raw = message.get(offset..).unwrap_or_default();
    let body = if header("transfer-encoding").is_some_and(|t| t.contains("chunked")) {
        dechunk(raw)?
    } else {
        raw.to_vec()
    };
    let decoded = match header("content-encoding").as_deref().map(str::trim) {
        Some("gzip") | Some("x-gzip") => inflate(GzDecoder::new(body.as_slice()))?,
        Some("deflate") => inflate(ZlibDecoder::new(body.as_slice()))?,
        _ => body,
    };
    Ok(Some(decoded))
}

fn inflate(r: impl Read) -> Result<Vec<u8>, String> {
    let mut out = Vec::new();
    r.take(MAX_RECORD_BYTES)
        .read_to_end(&mut out)
        .map_err(|e| format!("cannot decompress the payload: {e}"))?;
    Ok(out)
}

/// Undoes HTTP/1.1 chunked transfer coding.
fn dechunk(mut raw: &[u8]) -> Result<Vec<u8>, String> {
    let mut out = Vec::with_capacity(raw.len());
    loop {
        let line_end = memchr::memchr(b'\n', raw).ok_or("chunked body is cut short")?;
        let line = String::from_utf8_lossy(raw.get(..line_end).unwrap_or_default()).into_owned();
        let size_hex = line.split(';').next().unwrap_or("").trim();
        let size =
            usize::from_str_radix(size_hex, 16).map_err(|_| "bad chunk size in chunked body")?;
        raw = raw.get(line_end + 1..).unwrap_or_default();
        if size == 0 {
            return Ok(out);
        }
        let chunk = raw.get(..size).ok_or("chunked body is cut short")?;
        out.extend_from_slice(chunk);
        raw = raw.get(size..).unwrap_or_default();
        raw = raw
            .strip_prefix(b"\r\n")
            .or_else(|| raw.strip_prefix(b"\n"))
            .unwrap_or(raw);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn payload_must_be_2xx_html() {
        let ok = b"HTTP/1.1 200 OK\r\nContent-Type: text/html; charset=utf-8\r\n\r\n<p>hi</p>";
        assert_eq!(html_payload(ok).unwrap().unwrap(), b"<p>hi</p>");
        let pdf = b"HTTP/1.1 200 OK\r\nContent-Type: application/pdf\r\n\r\n%PDF";
        assert_eq!(html_payload(pdf).unwrap(), None);
        let moved = b"HTTP/1.1 301 Moved\r\nContent-Type: text/html\r\n\r\n";
        assert_eq!(html_payload(moved).unwrap(), None);
        assert!(html_payload(b"HTTP/1.1 200 OK\r\nContent-Ty").is_err());
    }

    #[test]
    fn chunked_payload_is_joined() {
        let msg = b"HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nTransfer-Encoding: chunked\r\n\r\n4\r\n<p>a\r\n5\r\nb</p>\r\n0\r\n\r\n";
        assert_eq!(html_payload(msg).unwrap().unwrap(), b"<p>ab</p>");
    }

    #[test]
    fn warc_extensions() {
        assert!(is_warc_path(Path::new("CC-NEWS-2026.warc.gz")));
        assert!(is_warc_path(Path::new("a.WARC")));
        assert!(!is_warc_path(Path::new("a.gz")));
    }
}
